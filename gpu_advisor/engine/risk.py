"""Risk: one-at-a-time sensitivity (tornado) and a seeded Monte Carlo.

Both evaluate the same array formulas as the options table
(:mod:`gpu_advisor.engine.cost`) over many scenarios at once: the tornado's 15
scenarios (typical, then each input at its low and high) in one call, the
Monte Carlo's draws in another. Decisions made up front stay fixed in every
scenario: the number of owned cards and the mix plan (its reserved baseline
is signed before prices move); only the bursts adapt.

The outcome of the tornado is *own minus rent*: the cheaper owned option's
total minus the cheapest renting option's total (negative: owning is cheaper).

Inputs moved (low / typical / high from the catalog, or the catalog's
relative spread around the project's own figure):

* card price, rental price (on-demand and monthly together), tariff, PUE
  (IDC and self-built room together), hardware life;
* utilisation: the GPU-hours actually used as a factor of the plan;
* MFU: achieved model FLOPs utilisation as a factor of the planned one — the
  GPU-hours needed scale with 1 / factor.

The Monte Carlo draws every one of them (plus server price, spot and yearly
factors, residual value and resale haircut) from triangular distributions
(low, typical, high) with ``numpy.random.default_rng(seed)``.

References
----------
Saltelli, A. et al. (2008), *Global Sensitivity Analysis: The Primer*, Wiley,
ch. 1 (one-at-a-time designs). Law, A. M. (2015), *Simulation Modeling and
Analysis*, 5th ed., McGraw-Hill, section 6.11 (triangular distribution when
only min / mode / max are known).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gpu_advisor.engine.cost import (
    OWNED_OPTIONS,
    FloatArray,
    OptionArrays,
    Params,
    make_params,
    price_pure_options,
)
from gpu_advisor.engine.mix import MixPolicy, price_mix
from gpu_advisor.engine.resolve import Resolved
from gpu_advisor.model.cost_results import MonteCarloResult, Percentiles, TornadoBar
from gpu_advisor.model.project import OptionId


@dataclass(frozen=True, slots=True)
class _Input:
    name: str
    label_en: str
    label_zh: str
    key: str  # key in Resolved.ranges
    fields: tuple[str, ...]  # Params fields scaled, or "demand" / "demand_inv"
    unit: str


TORNADO_INPUTS: tuple[_Input, ...] = (
    _Input(
        "budget.gpu_price_cny",
        "Card price",
        "整卡价格",
        "gpu_price_cny",
        ("gpu_price",),
        "CNY/GPU",
    ),
    _Input(
        "budget.on_demand_cny_per_gpu_hour",
        "Rental price",
        "租用价格",
        "on_demand_cny_per_gpu_hour",
        ("od", "monthly"),
        "CNY/GPU-hour",
    ),
    _Input(
        "demand.utilization",
        "Utilisation (hours used vs plan)",
        "利用率（实际用量/计划）",
        "demand_factor",
        ("demand",),
        "×",
    ),
    _Input(
        "budget.electricity_cny_per_kwh",
        "Electricity tariff",
        "电价",
        "electricity_cny_per_kwh",
        ("tariff",),
        "CNY/kWh",
    ),
    _Input("budget.pue", "PUE", "PUE", "pue", ("pue", "pue_self"), ""),
    _Input(
        "budget.hardware_life_years",
        "Hardware life",
        "硬件寿命",
        "hardware_life_years",
        ("life_years",),
        "years",
    ),
    _Input(
        "workload.mfu", "MFU achieved", "实际 MFU", "mfu_factor", ("demand_inv",), "×"
    ),
)

_MC_EXTRA: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("server_cny_per_server", ("server_price",)),
    ("spot_price_factor", ("spot_factor",)),
    ("yearly_price_factor", ("yearly_factor",)),
    ("residual_fraction", ("residual",)),
    ("resale_haircut", ("haircut",)),
)


def _price_all(
    p: Params,
    demand: FloatArray,
    owned_gpus: int,
    options: list[OptionId],
    policy: MixPolicy | None,
) -> dict[OptionId, OptionArrays]:
    priced = price_pure_options(p, demand, owned_gpus, options)
    if policy is not None and OptionId.MIX in options:
        priced[OptionId.MIX] = price_mix(p, demand, policy)
    return priced


def own_minus_rent(priced: dict[OptionId, OptionArrays]) -> FloatArray | None:
    """Cheapest owned total minus cheapest feasible renting total, per scenario."""
    owned = [priced[o].total for o in OWNED_OPTIONS if o in priced]
    renting = [
        a.total for o, a in priced.items() if o not in OWNED_OPTIONS and a.feasible
    ]
    if not owned or not renting:
        return None
    return np.asarray(np.min(owned, axis=0) - np.min(renting, axis=0), dtype=np.float64)


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
        "haircut": "resale_haircut",
    }
    for key, factor in factors.items():
        for name in inputs[key]:
            if name == "demand":
                demand_mult = demand_mult * factor
            elif name == "demand_inv":
                demand_mult = demand_mult / factor
            else:
                overrides[name] = resolved.values[field_keys[name]] * factor
    if "pue" in overrides:
        overrides["pue"] = np.maximum(overrides["pue"], 1.0)
        overrides["pue_self"] = np.maximum(overrides["pue_self"], 1.0)
    if "residual" in overrides:
        overrides["residual"] = np.clip(overrides["residual"], 0.0, 1.0)
    if "haircut" in overrides:
        overrides["haircut"] = np.clip(overrides["haircut"], 0.0, 1.0)
    p = make_params(resolved, scenarios, overrides, checkpointing=checkpointing)
    demand = base_demand[:1] * demand_mult[:, None]
    return p, demand


def _relative(resolved: Resolved, key: str) -> tuple[float, float]:
    low, typical, high = resolved.ranges[key]
    if typical <= 0:
        return 1.0, 1.0
    return low / typical, high / typical


def tornado(
    resolved: Resolved,
    demand: FloatArray,
    owned_gpus: int,
    options: list[OptionId],
    policy: MixPolicy | None,
    *,
    checkpointing: bool = True,
    mfu: float | None = None,
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

    Returns
    -------
    list of TornadoBar
        Empty when there is no owned or no renting option to compare.
    """
    n = len(TORNADO_INPUTS)
    scenarios = 1 + 2 * n
    factors: dict[str, FloatArray] = {}
    for i, item in enumerate(TORNADO_INPUTS):
        lo, hi = _relative(resolved, item.key)
        f = np.ones(scenarios)
        f[1 + 2 * i] = lo
        f[2 + 2 * i] = hi
        factors[item.key] = f
    p, d = _scaled(resolved, demand, factors, scenarios, checkpointing)
    outcome = own_minus_rent(_price_all(p, d, owned_gpus, options, policy))
    if outcome is None:
        return []
    bars: list[TornadoBar] = []
    for i, item in enumerate(TORNADO_INPUTS):
        lo_f, hi_f = factors[item.key][1 + 2 * i], factors[item.key][2 + 2 * i]
        if item.key == "mfu_factor" and mfu is not None:
            lo_v, hi_v = mfu * lo_f, mfu * hi_f
        elif item.key in ("demand_factor", "mfu_factor"):
            lo_v, hi_v = lo_f, hi_f
        else:
            lo_v, hi_v = resolved.ranges[item.key][0], resolved.ranges[item.key][2]
        lo_o, hi_o = float(outcome[1 + 2 * i]), float(outcome[2 + 2 * i])
        bars.append(
            TornadoBar(
                input=item.name,
                label_en=item.label_en,
                label_zh=item.label_zh,
                low_value=round(float(lo_v), 6),
                high_value=round(float(hi_v), 6),
                unit=item.unit,
                low_outcome_cny=round(lo_o, 2),
                high_outcome_cny=round(hi_o, 2),
                swing_cny=round(abs(hi_o - lo_o), 2),
            )
        )
    bars.sort(key=lambda b: b.swing_cny, reverse=True)
    return bars


def _triangular(
    rng: np.random.Generator, low: float, mode: float, high: float, size: int
) -> FloatArray:
    if high - low <= 1e-12 * max(abs(high), 1.0):
        return np.full(size, mode)
    return np.asarray(
        rng.triangular(low, min(max(mode, low), high), high, size), dtype=np.float64
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
) -> MonteCarloResult:
    """Totals over ``draws`` random scenarios; P10/P50/P90 and P(own < rent).

    Examples
    --------
    >>> import numpy as np
    >>> from gpu_advisor.engine.resolve import resolve
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> r = resolve(Project(), load_catalog())
    >>> d = np.full((1, 24), 8 * 730.0)
    >>> opts = [OptionId.ON_DEMAND, OptionId.COLOCATION]
    >>> a = monte_carlo(r, d, 8, opts, None, draws=200, seed=1)
    >>> b = monte_carlo(r, d, 8, opts, None, draws=200, seed=1)
    >>> a == b
    True
    """
    if draws < 1:
        raise ValueError("need draws >= 1")
    rng = np.random.default_rng(seed)
    keys = [i.key for i in TORNADO_INPUTS] + [k for k, _ in _MC_EXTRA]
    factors: dict[str, FloatArray] = {}
    for key in keys:
        lo, hi = _relative(resolved, key)
        factors[key] = _triangular(rng, lo, 1.0, hi, draws)
    p, d = _scaled(resolved, demand, factors, draws, checkpointing)
    priced = _price_all(p, d, owned_gpus, options, policy)
    pct: dict[OptionId, Percentiles] = {}
    for option, arr in priced.items():
        q10, q50, q90 = np.percentile(arr.total, [10, 50, 90])
        pct[option] = Percentiles(
            p10=round(float(q10), 2), p50=round(float(q50), 2), p90=round(float(q90), 2)
        )
    diff = own_minus_rent(priced)
    p_own = float(np.mean(diff < 0)) if diff is not None else 0.0
    return MonteCarloResult(
        draws=draws,
        seed=seed,
        percentiles=pct,
        p_own_beats_rent=p_own,
        inputs=[f"{k}" for k in keys],
    )
