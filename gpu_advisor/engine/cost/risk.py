"""Risk: one-at-a-time sensitivity (tornado) and a seeded Monte Carlo.

Both evaluate the same array formulas as the options table
(:mod:`gpu_advisor.engine.cost.price`) over many scenarios at once: the tornado's 15
scenarios (typical, then each input at its low and high) in one call, the
Monte Carlo's draws in another. Decisions made up front stay fixed in every
scenario: the number of owned cards and the mix plan (its reserved baseline
is signed before prices move); only the bursts adapt.

The outcome of the tornado is *own minus rent*: the cheaper owned option's
total minus the cheapest renting option's total (negative: owning is cheaper).

Inputs moved (low / typical / high from the catalog, or the catalog's
relative spread around the project's own figure):

* card price, rental price (on-demand and monthly together), tariff, PUE
  (IDC and self-built room together), hardware life, the resale value at the
  reference age (the generation's curve scaled, or the typed residual),
  maintenance, and the staff salary (owned and rental staff together);
* utilisation: the GPU-hours actually used as a factor of the plan;
* MFU: achieved model FLOPs utilisation as a factor of the planned one — the
  GPU-hours needed scale with 1 / factor.

The Monte Carlo draws every one of them (plus server price, spot and yearly
factors, the resale haircut and the staff ratios of owning and renting) with
``numpy.random.default_rng(seed)``, each centred on the plan: the value the
plan uses is the median and the mean of its draws (:func:`centred_factors`),
half the draws between the low and the plan's value and half between it and
the high. A triangular with its mode at the plan's value has its median and
mean elsewhere when the range is lopsided, and the Monte Carlo then priced
another plan than the one shown. When the demand
is the sized workload's GPU-hours with the modelled MFU, the GPU-hours of each
draw come from the sizing's P10–P90 band instead of the MFU triangle
(:func:`gpu_hour_factors`). It returns
P10 / P50 / P90 and a histogram of each option's total and of own minus rent;
:func:`monte_carlo_chunks` and :func:`combine` split it into steps for a
progress bar with exactly the same result.

References
----------
Saltelli, A. et al. (2008), *Global Sensitivity Analysis: The Primer*, Wiley,
ch. 1 (one-at-a-time designs). Law, A. M. (2015), *Simulation Modeling and
Analysis*, 5th ed., McGraw-Hill, section 6.11 (triangular distribution when
only min / mode / max are known). Wallis, K. F. (2014), The two-piece
normal, binormal, or double Gaussian distribution: its origin and
rediscoveries, *Statistical Science* 29(1), 106-112 (two halves of different
spread joined at the mode, as the Bank of England's fan charts draw an
asymmetric risk around a central projection).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import numpy as np

from gpu_advisor.engine.cost.mix import HybridPlan, MixPolicy, price_hybrid, price_mix
from gpu_advisor.engine.cost.price import (
    OWNED_OPTIONS,
    RENT_OPTIONS,
    FloatArray,
    OptionArrays,
    Params,
    make_params,
    owned_totals,
    rental_totals,
)
from gpu_advisor.engine.cost.resolve import Resolved
from gpu_advisor.model.common import Message
from gpu_advisor.model.cost_results import (
    Histogram,
    MonteCarloResult,
    Percentiles,
    TornadoBar,
)
from gpu_advisor.model.project import OptionId


@dataclass(frozen=True, slots=True)
class _Input:
    name: str  # also the catalog's cost.tornado.<name>
    key: str  # key in Resolved.ranges
    fields: tuple[str, ...]  # Params fields scaled, or "demand" / "demand_inv"
    unit: str


TORNADO_INPUTS: tuple[_Input, ...] = (
    _Input(
        "budget.gpu_price_cny",
        "gpu_price_cny",
        ("gpu_price",),
        "CNY/GPU",
    ),
    _Input(
        "budget.on_demand_cny_per_gpu_hour",
        "on_demand_cny_per_gpu_hour",
        ("od", "monthly"),
        "CNY/GPU-hour",
    ),
    _Input(
        "demand.utilization",
        "demand_factor",
        ("demand",),
        "×",
    ),
    _Input(
        "budget.electricity_cny_per_kwh",
        "electricity_cny_per_kwh",
        ("tariff",),
        "CNY/kWh",
    ),
    _Input("budget.pue", "pue", ("pue", "pue_self"), ""),
    _Input(
        "budget.hardware_life_years",
        "hardware_life_years",
        ("life_years",),
        "years",
    ),
    _Input("workload.mfu", "mfu_factor", ("demand_inv",), "×"),
    _Input(
        "budget.spot_interruptions_per_100_hours",
        "spot_interruptions_per_100_hours",
        ("spot_rate_per_hour",),
        "",
    ),
    # the restart, the chance that spot capacity is free and the wait for it,
    # as the hours a synchronous job loses to each reclaim (resolve.lost_hours)
    _Input("budget.restart_hours", "spot_lost_hours", ("restart_hours",), "h"),
    # the owned-hardware conventions (cost_defaults, each with its source):
    # the resale curve at the reference age (or the typed residual), the
    # maintenance share and the staff salary (owned and rental staff alike)
    _Input(
        "budget.residual_fraction", "resale_share", ("resale_share", "residual"), ""
    ),
    _Input(
        "budget.maintenance_fraction_per_year",
        "maintenance_fraction_per_year",
        ("maint_frac",),
        "",
    ),
    _Input(
        "budget.ops_salary_cny_per_year",
        "ops_salary_cny_per_year",
        ("ops_salary",),
        "CNY/year",
    ),
)

_MC_EXTRA: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("server_cny_per_server", ("server_price",)),
    ("spot_price_factor", ("spot_factor",)),
    ("yearly_price_factor", ("yearly_factor",)),
    ("resale_haircut", ("haircut",)),
    ("ops_fte_per_100_gpus", ("ops_fte_per_100",)),
    ("cloud_ops_fte_per_100_gpus", ("cloud_fte_per_100",)),
)


def _price_all(
    p: Params,
    demand: FloatArray,
    owned_gpus: int,
    options: list[OptionId],
    policy: MixPolicy | None,
    hybrid: HybridPlan | None = None,
) -> dict[OptionId, OptionArrays]:
    # totals only: the tornado and the Monte Carlo never read monthly cash,
    # cost lines or hours, only each option's total and whether it is feasible
    wanted = set(options)
    rentals = rental_totals(p, demand, [o for o in OptionId if o in wanted])
    spot_ok = p.checkpointing or bool(np.all(p.spot_rate_per_hour == 0))
    priced = {
        o: _totals(o, total, feasible=o is not OptionId.SPOT or spot_ok)
        for o, total in rentals.items()
    }
    # both owned kinds in one call: self-build reuses colocation's fleet and use
    owned = owned_totals(
        p, demand, owned_gpus, [o for o in OWNED_OPTIONS if o in wanted]
    )
    for o, total in owned.items():
        priced[o] = _totals(o, total)
    if policy is not None and OptionId.MIX in options:
        priced[OptionId.MIX] = price_mix(p, demand, policy, monthly=False)
    if hybrid is not None and OptionId.HYBRID in options:
        priced[OptionId.HYBRID] = price_hybrid(p, demand, hybrid, monthly=False)
    return priced


def scenario_totals(
    p: Params,
    demand: FloatArray,
    owned_gpus: int,
    options: list[OptionId],
    policy: MixPolicy | None,
    hybrid: HybridPlan | None = None,
) -> dict[OptionId, FloatArray]:
    """Each feasible option's total in every scenario of ``p``, as the tornado
    prices them (the owned count, the mix's baseline and the hybrid's plan
    fixed; only the bursts adapt). [CNY]

    The decisive inputs' first screen
    (:mod:`gpu_advisor.engine.cost.decisive`) reads these.
    """
    priced = _price_all(p, demand, owned_gpus, options, policy, hybrid)
    return {o: a.total for o, a in priced.items() if a.feasible}


def _totals(option: OptionId, total: FloatArray, feasible: bool = True) -> OptionArrays:
    """An option known by its totals only (one column of cash, no lines)."""
    s = total.shape[0]
    return OptionArrays(
        option,
        total.reshape(-1, 1),
        {},
        np.zeros(s),
        np.zeros(s),
        np.zeros(s),
        feasible=feasible,
    )


def _cheapest_rent(priced: dict[OptionId, OptionArrays]) -> FloatArray | None:
    renting = [
        priced[o].total for o in RENT_OPTIONS if o in priced and priced[o].feasible
    ]
    return np.min(renting, axis=0) if renting else None


def own_minus_rent(priced: dict[OptionId, OptionArrays]) -> FloatArray | None:
    """Cheapest owned total minus cheapest feasible renting total, per scenario.

    "Owned" is buying the fleet (colocation, self-build); the hybrid owns
    cards too, so it is never counted as a rental, and its own difference
    is :func:`hybrid_minus_rent`.
    """
    owned = [priced[o].total for o in OWNED_OPTIONS if o in priced]
    rent = _cheapest_rent(priced)
    if not owned or rent is None:
        return None
    return np.asarray(np.min(owned, axis=0) - rent, dtype=np.float64)


def hybrid_minus_rent(priced: dict[OptionId, OptionArrays]) -> FloatArray | None:
    """The hybrid's total minus the cheapest feasible renting total, per scenario."""
    rent = _cheapest_rent(priced)
    if OptionId.HYBRID not in priced or rent is None:
        return None
    return np.asarray(priced[OptionId.HYBRID].total - rent, dtype=np.float64)


def _scaled(
    resolved: Resolved,
    base_demand: FloatArray,
    factors: dict[str, FloatArray],
    scenarios: int,
    checkpointing: bool,
) -> tuple[Params, FloatArray]:
    """Params and demand with each input key scaled by a factor per scenario."""
    overrides: dict[str, FloatArray] = {}
    demand_mult = np.ones(scenarios)
    inputs = {i.key: i.fields for i in TORNADO_INPUTS} | dict(_MC_EXTRA)
    inputs[GPU_HOURS_BAND_KEY] = ("demand",)
    field_keys = {
        "gpu_price": "gpu_price_cny",
        "od": "on_demand_cny_per_gpu_hour",
        "monthly": "monthly_cny_per_gpu_month",
        "tariff": "electricity_cny_per_kwh",
        "pue": "pue",
        "pue_self": "pue_self_build",
        "life_years": "hardware_life_years",
        "server_price": "server_cny_per_server",
        "spot_factor": "spot_price_factor",
        "yearly_factor": "yearly_price_factor",
        "residual": "residual_fraction",
        "resale_share": "resale_share",
        "haircut": "resale_haircut",
        "maint_frac": "maintenance_fraction_per_year",
        "ops_salary": "ops_salary_cny_per_year",
        "ops_fte_per_100": "ops_fte_per_100_gpus",
        "cloud_fte_per_100": "cloud_ops_fte_per_100_gpus",
        "spot_rate_per_hour": "spot_interruptions_per_100_hours",
        "restart_hours": "spot_lost_hours",
    }
    for key, factor in factors.items():
        for name in inputs[key]:
            if name == "demand":
                demand_mult = demand_mult * factor
            elif name == "demand_inv":
                demand_mult = demand_mult / factor
            elif name == "spot_rate_per_hour":  # typed per 100 hours
                overrides[name] = resolved.values[field_keys[name]] / 100.0 * factor
            else:
                overrides[name] = resolved.values[field_keys[name]] * factor
    if "pue" in overrides:
        overrides["pue"] = np.maximum(overrides["pue"], 1.0)
        overrides["pue_self"] = np.maximum(overrides["pue_self"], 1.0)
    for name in ("residual", "resale_share"):
        if name in overrides:
            overrides[name] = np.clip(overrides[name], 0.0, 1.0)
    if "haircut" in overrides:
        overrides["haircut"] = np.clip(overrides["haircut"], 0.0, 1.0)
    p = make_params(resolved, scenarios, overrides, checkpointing=checkpointing)
    demand = base_demand[:1] * demand_mult[:, None]
    return p, demand


MAX_RANGE_FACTOR = 100.0
"""Widest range the tornado and Monte Carlo take from an input: its high at
most 100 × its typical value. A quote typed as 3e-234 CNY with a high of
7.5 CNY would otherwise scale every price of a draw by 2e234, overflowing to
infinity; a range that wide says the typical figure is a typo, and the
warnings about implausible prices say so. [1]"""


def _relative(resolved: Resolved, key: str) -> tuple[float, float]:
    """Low and high of input ``key`` as factors of its typical value.

    >>> from types import SimpleNamespace
    >>> _relative(SimpleNamespace(ranges={"x": (5.0, 10.0, 12.7)}), "x")
    (0.5, 1.27)
    >>> _relative(SimpleNamespace(ranges={"x": (0.0, 3e-234, 7.5)}), "x")
    (0.0, 100.0)
    """
    low, typical, high = resolved.ranges[key]
    if typical <= 0:
        return 1.0, 1.0
    return (
        min(max(low / typical, 0.0), 1.0),
        min(max(high / typical, 1.0), MAX_RANGE_FACTOR),
    )


def tornado(
    resolved: Resolved,
    demand: FloatArray,
    owned_gpus: int,
    options: list[OptionId],
    policy: MixPolicy | None,
    *,
    checkpointing: bool = True,
    mfu: float | None = None,
    hybrid: HybridPlan | None = None,
) -> list[TornadoBar]:
    """One-at-a-time sensitivity of own-minus-rent, largest swing first.

    Parameters
    ----------
    resolved : Resolved
        Inputs with their low / typical / high ranges.
    demand : ndarray
        Planned GPU-hours per month, shape (1, H). [GPU-hours]
    owned_gpus : int
        Cards bought by the owned options. [1]
    options : list of OptionId
        Options to compare.
    policy : MixPolicy or None
        The mix plan chosen at typical prices.
    mfu : float, optional
        Planned MFU, only to report the low / high MFU values. [1]
    hybrid : HybridPlan, optional
        The hybrid chosen at typical prices (its card count stays fixed);
        each bar then also gives hybrid minus rent at low and high.

    Returns
    -------
    list of TornadoBar
        Empty when there is no owned or no renting option to compare.
    """
    factors = _tornado_factors(resolved)
    scenarios = 1 + 2 * len(TORNADO_INPUTS)
    p, d = _scaled(resolved, demand, factors, scenarios, checkpointing)
    priced = _price_all(p, d, owned_gpus, options, policy, hybrid)
    outcome = own_minus_rent(priced)
    if outcome is None:
        return []
    hybrid_outcome = hybrid_minus_rent(priced)
    bars: list[TornadoBar] = []
    for i, item in enumerate(TORNADO_INPUTS):
        lo_v, hi_v = _bar_values(resolved, factors, i, mfu)
        lo_o, hi_o = float(outcome[1 + 2 * i]), float(outcome[2 + 2 * i])
        bars.append(
            TornadoBar(
                input=item.name,
                label=Message(code=f"cost.tornado.{item.name}"),
                low_value=round(float(lo_v), 6),
                high_value=round(float(hi_v), 6),
                unit=item.unit,
                low_outcome_cny=round(lo_o, 2),
                high_outcome_cny=round(hi_o, 2),
                swing_cny=round(abs(hi_o - lo_o), 2),
                hybrid_low_outcome_cny=None
                if hybrid_outcome is None
                else round(float(hybrid_outcome[1 + 2 * i]), 2),
                hybrid_high_outcome_cny=None
                if hybrid_outcome is None
                else round(float(hybrid_outcome[2 + 2 * i]), 2),
            )
        )
    bars.sort(key=lambda b: b.swing_cny, reverse=True)
    return bars


def _tornado_factors(resolved: Resolved) -> dict[str, FloatArray]:
    """One factor array per tornado input: 1 in scenario 0, then each input's
    low and high in its own pair of scenarios (``1 + 2i``, ``2 + 2i``)."""
    scenarios = 1 + 2 * len(TORNADO_INPUTS)
    factors: dict[str, FloatArray] = {}
    for i, item in enumerate(TORNADO_INPUTS):
        lo, hi = _relative(resolved, item.key)
        f = np.ones(scenarios)
        f[1 + 2 * i] = lo
        f[2 + 2 * i] = hi
        factors[item.key] = f
    return factors


def _bar_values(
    resolved: Resolved, factors: dict[str, FloatArray], i: int, mfu: float | None
) -> tuple[float, float]:
    """The low and high value of tornado input ``i``, as its bar shows them."""
    item = TORNADO_INPUTS[i]
    lo_f, hi_f = factors[item.key][1 + 2 * i], factors[item.key][2 + 2 * i]
    if item.key == "mfu_factor" and mfu is not None:
        return mfu * lo_f, mfu * hi_f
    if item.key in ("demand_factor", "mfu_factor"):
        return lo_f, hi_f
    low, typical, high = resolved.ranges[item.key]
    if typical > 0:  # the range the bar was priced at (see _relative)
        low = max(min(low, typical), 0.0)
        high = min(max(high, typical), typical * MAX_RANGE_FACTOR)
    return low, high


def centred_factors(uniform: FloatArray, low: float, high: float) -> FloatArray:
    """Factors on the plan's value whose median and mean are both 1.

    A two-piece distribution on ``[low, high]``: a uniform draw ``u`` below ½
    falls between ``low`` and 1, above ½ between 1 and ``high``, so half the
    draws lie on each side of the plan's value whatever the range's shape.
    Each half is a Beta(1, k) of the distance from 1 (density highest at the
    plan's value, zero at the range's end): ``k = 2`` (a triangle) on the
    shorter side, and on the longer side ``k = 3 × longer / shorter − 1``, so
    both halves lie on average as far from 1 and the mean is 1 too. A median
    alone is not enough: many inputs with lopsided ranges, each with its
    median at the plan's value, add up to a total whose median drifts towards
    the sum of their means (by 4 % of the rent on the LAB example). When one
    side of the range is empty only the median is kept.

    Inverse distribution function, with ``v = 2u`` below ½ and ``2 − 2u``
    above: ``1 − (1 − low)(1 − v^(1/k))`` and ``1 + (high − 1)(1 − v^(1/k))``.

    Parameters
    ----------
    uniform : ndarray
        Uniform draws on [0, 1). [1]
    low, high : float
        The range as factors of the plan's value, ``low ≤ 1 ≤ high``. [1]

    Returns
    -------
    ndarray
        One factor per draw. [1]

    References
    ----------
    Wallis, K. F. (2014), The two-piece normal, binormal, or double Gaussian
    distribution, *Statistical Science* 29(1), 106-112 (two halves of
    different spread joined at the mode). Johnson, N. L., Kotz, S. &
    Balakrishnan, N. (1995), *Continuous Univariate Distributions*, vol. 2,
    2nd ed., Wiley, ch. 25 (the beta distribution; Beta(1, k) has mean
    1 / (1 + k)).

    Examples
    --------
    >>> u = np.array([0.0, 0.25, 0.5, 0.75])
    >>> [round(x, 4) for x in centred_factors(u, 0.5, 1.5).tolist()]
    [0.5, 0.8536, 1.0, 1.1464]
    >>> f = centred_factors(np.random.default_rng(0).random(400_001), 0.52, 1.27)
    >>> [round(float(x), 3) for x in (np.median(f), f.mean())]
    [1.0, 1.0]
    >>> bool(f.min() >= 0.52 and f.max() <= 1.27)
    True
    """
    if not low <= 1.0 <= high:
        raise ValueError("need low <= 1 <= high")
    down, up = 1.0 - low, high - 1.0
    k_down = k_up = 2.0
    if down > 0 and up > 0:
        if up > down:
            k_up = 3.0 * up / down - 1.0
        else:
            k_down = 3.0 * down / up - 1.0
    v = np.where(uniform < 0.5, 2.0 * uniform, 2.0 - 2.0 * uniform)
    v = np.clip(v, 0.0, 1.0)
    below = 1.0 - down * (1.0 - v ** (1.0 / k_down))
    above = 1.0 + up * (1.0 - v ** (1.0 / k_up))
    return np.asarray(np.where(uniform < 0.5, below, above), dtype=np.float64)


HISTOGRAM_BINS = 40
"""Equal-width bins of the Monte Carlo histograms (about 250 draws a bin at
10,000 draws: enough for a smooth shape, few enough to read). [1]"""

MONTE_CARLO_CHUNKS = 20
"""Chunks the UI splits a Monte Carlo into: a progress step every 5 %. [1]"""


@dataclass(frozen=True, slots=True)
class MonteCarloPartial:
    """The draws ``start .. start + len`` of a Monte Carlo, priced.

    :func:`combine` joins partials (in any order) into the result.
    """

    start: int
    draws: int
    seed: int
    inputs: tuple[str, ...]
    totals: dict[OptionId, FloatArray]
    own_minus_rent: FloatArray | None


def _mc_keys() -> list[str]:
    return [i.key for i in TORNADO_INPUTS] + [k for k, _ in _MC_EXTRA]


GPU_HOURS_BAND_KEY = "gpu_hours_band"
"""Monte Carlo input: the GPU-hours of a draw as a factor of the sized point
estimate (see :func:`gpu_hour_factors`)."""


def gpu_hour_factors(
    rng: np.random.Generator, draws: int, log_sigma: float
) -> FloatArray:
    """GPU-hours of each draw as a factor of the point estimate.

    Log-normal with median 1 and ``σ = log_sigma``: the spread of
    ``ln(published MFU / modelled MFU)`` over the published runs behind the
    MFU model (:data:`gpu_advisor.engine.sizing.compute.MFU_MODEL_LOG_SIGMA`). Its
    10th and 90th percentiles are ``exp(∓1.2816·σ)``, exactly the P10–P90
    GPU-hours the sizing shows (:func:`gpu_advisor.engine.sizing.compute.gpu_hours_range`).

    Examples
    --------
    >>> f = gpu_hour_factors(np.random.default_rng(0), 200_000, 0.249)
    >>> [round(float(q), 2) for q in np.percentile(f, [10, 50, 90])]
    [0.73, 1.0, 1.38]
    """
    return np.asarray(np.exp(log_sigma * rng.standard_normal(draws)), dtype=np.float64)


def _draw_factors(
    resolved: Resolved, draws: int, seed: int, gpu_hours_log_sigma: float = 0.0
) -> dict[str, FloatArray]:
    """Every factor of every draw, from one generator (chunking-independent).

    With a GPU-hour band (``gpu_hours_log_sigma > 0``) its factors are drawn
    last from the same generator, and the MFU triangle is held at 1: the band
    is the calibrated spread of the same MFU, so drawing both would count it
    twice.
    """
    rng = np.random.default_rng(seed)
    factors: dict[str, FloatArray] = {}
    for key in _mc_keys():
        lo, hi = _relative(resolved, key)
        factors[key] = centred_factors(rng.random(draws), lo, hi)
    if gpu_hours_log_sigma > 0:
        factors["mfu_factor"] = np.ones(draws)
        factors[GPU_HOURS_BAND_KEY] = gpu_hour_factors(rng, draws, gpu_hours_log_sigma)
    return factors


MONTE_CARLO_BATCH_BYTES = 8 * 2**20
"""Size of one ``(draws, months)`` float array priced at once (8 MiB); the
pricing holds a few dozen such temporaries, so a batch stays well under
1 GB whatever the number of draws. [bytes]"""


def batch_draws_for(months: int) -> int:
    """Draws priced at once for a horizon of ``months``.

    >>> batch_draws_for(120), batch_draws_for(12)
    (8738, 87381)
    """
    return max(1, MONTE_CARLO_BATCH_BYTES // (8 * max(1, months)))


def _chunk_bounds(draws: int, chunks: int) -> list[tuple[int, int]]:
    """``chunks`` contiguous, nearly equal slices of ``range(draws)``.

    >>> _chunk_bounds(10, 3)
    [(0, 3), (3, 6), (6, 10)]
    """
    n = max(1, min(chunks, draws))
    cuts = [draws * i // n for i in range(n + 1)]
    return [(cuts[i], cuts[i + 1]) for i in range(n)]


def monte_carlo_chunks(
    resolved: Resolved,
    demand: FloatArray,
    owned_gpus: int,
    options: list[OptionId],
    policy: MixPolicy | None,
    *,
    draws: int,
    seed: int,
    chunks: int = MONTE_CARLO_CHUNKS,
    checkpointing: bool = True,
    batch_draws: int | None = None,
    gpu_hours_log_sigma: float = 0.0,
    hybrid: HybridPlan | None = None,
    hosted_total: float | None = None,
) -> list[Callable[[], MonteCarloPartial]]:
    """The Monte Carlo split into ``chunks`` calls, for a progress bar.

    Every random factor is drawn up front from ``default_rng(seed)`` in the
    same order as a single run, then each chunk prices its slice of the
    draws. Each draw is priced row by row, so :func:`combine` of the chunks'
    results equals :func:`monte_carlo` with the same seed exactly, whatever
    the number of chunks.

    Parameters
    ----------
    resolved, demand, owned_gpus, options, policy
        As for :func:`monte_carlo`.
    draws : int
        Random scenarios in all. [1]
    seed : int
        Seed of the generator.
    chunks : int
        Number of calls (at most ``draws``). [1]
    batch_draws : int, optional
        Largest number of draws priced at once (default
        :func:`batch_draws_for`, which keeps the pricing temporaries near
        :data:`MONTE_CARLO_BATCH_BYTES`). [1]
    gpu_hours_log_sigma : float
        σ of the GPU-hour band (:func:`gpu_hour_factors`); 0 keeps the
        planned GPU-hours and draws the MFU triangle. [1]
    hybrid : HybridPlan, optional
        The hybrid chosen at typical prices, priced in every draw with its
        card count fixed (it owns cards, so own minus rent leaves it out).
    hosted_total : float, optional
        The hosted model API's total at the plan's traffic when it can be
        chosen (:func:`~gpu_advisor.engine.cost.hosted_option.hosted_risk_total`):
        each draw bills it at the draw's traffic, the plan's tokens times the
        same utilisation factor that scales the serving cards' hours
        (:func:`hosted_totals`); own minus rent leaves it out. [CNY]

    Returns
    -------
    list of callables
        Each returns a :class:`MonteCarloPartial`; run them in any order.

    Examples
    --------
    >>> from gpu_advisor.engine.cost.resolve import resolve
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> r = resolve(Project(), load_catalog())
    >>> d = np.full((1, 24), 8 * 730.0)
    >>> opts = [OptionId.ON_DEMAND, OptionId.COLOCATION]
    >>> parts = monte_carlo_chunks(r, d, 8, opts, None, draws=300, seed=1, chunks=4)
    >>> whole = monte_carlo(r, d, 8, opts, None, draws=300, seed=1)
    >>> combine([run() for run in parts]) == whole
    True
    """
    if draws < 1:
        raise ValueError("need draws >= 1")
    if chunks < 1:
        raise ValueError("need chunks >= 1")
    if batch_draws is None:
        batch_draws = batch_draws_for(int(demand.shape[1]))
    if batch_draws < 1:
        raise ValueError("need batch_draws >= 1")
    pricer = _DrawPricer(
        resolved,
        demand,
        owned_gpus,
        options,
        policy,
        hybrid,
        checkpointing,
        _draw_factors(resolved, draws, seed, gpu_hours_log_sigma),
        draws,
        seed,
        batch_draws,
        hosted_total,
    )
    return [partial(pricer.chunk, a, b) for a, b in _chunk_bounds(draws, chunks)]


HOSTED_TRAFFIC_KEY = "demand_factor"
"""The Monte Carlo input that moves the hosted API's bill: the GPU-hours
actually used as a factor of the plan (``demand.utilization``). On a plan
that serves, the serving months' card-hours follow the traffic, and the
tokens a hosted API bills follow the same traffic, so one draw moves both
alike. The MFU and GPU-hour band draws are the cards' speed, not the
traffic: they leave the tokens alone."""


def hosted_totals(hosted_total: float, factors: dict[str, FloatArray]) -> FloatArray:
    """The hosted API's total in each draw: the plan's bill at the draw's traffic. [CNY]

    Tokens are billed at list prices, so the bill is proportional to the
    traffic; no GPU price, tariff or card-hour draw moves it.

    >>> f = {"demand_factor": np.array([0.8, 1.0, 1.25]), "mfu_factor": np.ones(3)}
    >>> hosted_totals(1000.0, f).tolist()
    [800.0, 1000.0, 1250.0]
    """
    traffic = factors.get(HOSTED_TRAFFIC_KEY)
    if traffic is None:
        return np.full(len(next(iter(factors.values()), [])), hosted_total)
    return np.asarray(hosted_total * traffic, dtype=np.float64)


@dataclass(frozen=True, slots=True)
class _DrawPricer:
    """Prices slices of the Monte Carlo's draws, all drawn up front (``factors``)."""

    resolved: Resolved
    demand: FloatArray
    owned_gpus: int
    options: list[OptionId]
    policy: MixPolicy | None
    hybrid: HybridPlan | None
    checkpointing: bool
    factors: dict[str, FloatArray]
    draws: int
    seed: int
    batch_draws: int
    hosted_total: float | None = None

    def batch(
        self, start: int, stop: int
    ) -> tuple[dict[OptionId, FloatArray], FloatArray | None]:
        """Every option's total and own minus rent for draws ``start:stop``."""
        part = {k: f[start:stop] for k, f in self.factors.items()}
        p, d = _scaled(
            self.resolved, self.demand, part, stop - start, self.checkpointing
        )
        priced = _price_all(
            p, d, self.owned_gpus, self.options, self.policy, self.hybrid
        )
        totals = {o: a.total for o, a in priced.items()}
        if self.hosted_total is not None:
            totals[OptionId.HOSTED_API] = hosted_totals(self.hosted_total, part)
        return totals, own_minus_rent(priced)

    def chunk(self, start: int, stop: int) -> MonteCarloPartial:
        """One chunk's result (draws ``start:stop``)."""
        # priced in batches of at most batch_draws rows so that the (draws, months)
        # temporaries stay small; rows are independent, so the result is the same
        parts = [
            self.batch(a, min(a + self.batch_draws, stop))
            for a in range(start, stop, self.batch_draws)
        ]
        totals = {o: np.concatenate([t[o] for t, _ in parts]) for o in parts[0][0]}
        diffs = [m for _, m in parts]
        diff = (
            None
            if any(m is None for m in diffs)
            else np.concatenate([m for m in diffs if m is not None])
        )
        return MonteCarloPartial(
            start=start,
            draws=self.draws,
            seed=self.seed,
            inputs=tuple(self.factors),
            totals=totals,
            own_minus_rent=diff,
        )


def _histogram(values: FloatArray, bins: int = HISTOGRAM_BINS) -> Histogram:
    try:
        counts, edges = np.histogram(values, bins=bins)
    except ValueError:
        # The spread is below float resolution at this magnitude (every draw
        # ~equal, e.g. a 1e15 CNY total): one visible range around the centre.
        finite = values[np.isfinite(values)]
        centre = float(np.median(finite)) if finite.size else 0.0
        half = max(abs(centre) * 1e-6, 1.0)
        counts, edges = np.histogram(
            np.clip(finite, centre - half, centre + half),
            bins=bins,
            range=(centre - half, centre + half),
        )
    return Histogram(
        edges=[round(float(e), 2) for e in edges],
        counts=[int(c) for c in counts],
    )


def _percentiles(values: FloatArray) -> Percentiles:
    q10, q50, q90 = np.percentile(values, [10, 50, 90])
    return Percentiles(
        p10=round(float(q10), 2), p50=round(float(q50), 2), p90=round(float(q90), 2)
    )


def combine(partials: Sequence[MonteCarloPartial]) -> MonteCarloResult:
    """Join the chunks of one Monte Carlo into its result.

    Parameters
    ----------
    partials : sequence of MonteCarloPartial
        Every chunk of :func:`monte_carlo_chunks`, in any order.

    Returns
    -------
    MonteCarloResult
        Percentiles, P(own < rent) and the histograms (:data:`HISTOGRAM_BINS`
        equal-width bins from the smallest to the largest draw).

    References
    ----------
    Hyndman, R. J. & Fan, Y. (1996), Sample quantiles in statistical
    packages, *The American Statistician* 50(4), definition 7 (numpy's
    default, linear interpolation).
    """
    if not partials:
        raise ValueError("need at least one partial result")
    parts = sorted(partials, key=lambda q: q.start)
    first = parts[0]
    got = sum(int(next(iter(q.totals.values()), np.zeros(0)).size) for q in parts)
    if first.totals and got != first.draws:
        raise ValueError(f"the partials hold {got} of {first.draws} draws")
    pct: dict[OptionId, Percentiles] = {}
    hist: dict[OptionId, Histogram] = {}
    for option in first.totals:
        totals = np.concatenate([q.totals[option] for q in parts])
        pct[option] = _percentiles(totals)
        hist[option] = _histogram(totals)
    diff_hist: Histogram | None = None
    diff_pct: Percentiles | None = None
    p_own = 0.0
    if first.own_minus_rent is not None:
        diff = np.concatenate(
            [q.own_minus_rent for q in parts if q.own_minus_rent is not None]
        )
        p_own = float(np.mean(diff < 0))
        diff_hist = _histogram(diff)
        diff_pct = _percentiles(diff)
    return MonteCarloResult(
        draws=first.draws,
        seed=first.seed,
        percentiles=pct,
        p_own_beats_rent=p_own,
        inputs=list(first.inputs),
        histograms=hist,
        own_minus_rent=diff_hist,
        own_minus_rent_percentiles=diff_pct,
    )


def monte_carlo(
    resolved: Resolved,
    demand: FloatArray,
    owned_gpus: int,
    options: list[OptionId],
    policy: MixPolicy | None,
    *,
    draws: int,
    seed: int,
    checkpointing: bool = True,
    gpu_hours_log_sigma: float = 0.0,
    hybrid: HybridPlan | None = None,
    hosted_total: float | None = None,
) -> MonteCarloResult:
    """Totals over ``draws`` random scenarios: percentiles, histograms, P(own < rent).

    One call of :func:`monte_carlo_chunks` run as a single chunk (the
    parameters are the same).

    Examples
    --------
    >>> import numpy as np
    >>> from gpu_advisor.engine.cost.resolve import resolve
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> r = resolve(Project(), load_catalog())
    >>> d = np.full((1, 24), 8 * 730.0)
    >>> opts = [OptionId.ON_DEMAND, OptionId.COLOCATION]
    >>> a = monte_carlo(r, d, 8, opts, None, draws=200, seed=1)
    >>> b = monte_carlo(r, d, 8, opts, None, draws=200, seed=1)
    >>> a == b
    True
    >>> sum(a.own_minus_rent.counts)
    200
    """
    (run,) = monte_carlo_chunks(
        resolved,
        demand,
        owned_gpus,
        options,
        policy,
        draws=draws,
        seed=seed,
        chunks=1,
        checkpointing=checkpointing,
        gpu_hours_log_sigma=gpu_hours_log_sigma,
        hybrid=hybrid,
        hosted_total=hosted_total,
    )
    return combine([run()])
