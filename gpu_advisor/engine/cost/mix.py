"""The cheapest mix: a reserved baseline of cards plus bursts above it.

A plan (:class:`MixPolicy`) reserves ``N_m`` cards in month ``m`` — monthly
(包月, so ``N_m`` may change every month) or yearly (包年, one ``N`` for each
12-month block, paid for all 12 months) — and runs the GPU-hours above
``N_m × 730`` on on-demand (按量) or spot (竞价) cards.

:func:`best_policy` searches *exactly*: for every month (monthly baseline) or
block (yearly baseline) it prices every ``N`` from 0 to the peak card count and
keeps the cheapest, for both burst kinds (spot only with checkpointing).
The pure options are corner cases of this search — ``N = 0`` with on-demand
bursts is pure on-demand, ``N = 0`` with spot is pure spot, ``N_m = ceil(h_m /
730)`` is pure monthly and the block peak is pure yearly — and they are
priced by the same formulas, so the mix is never dearer than the cheapest
feasible pure renting option. Above :data:`EXACT_SEARCH_MAX_GPUS` cards only
the break points (0 and the floor and ceiling of each month's card count)
are tried.

References
----------
idctop.com article 001: core training nodes on 包年包月, elastic nodes on 竞价实例; such a
mix costs about 40 % less than all on-demand, depending on the work.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from gpu_advisor.engine.cost.price import (
    FloatArray,
    OptionArrays,
    Params,
    _addon_monthly,
    _addons,
    _billable,
    _ceil,
    _price_owned,
    clean_demand,
    hours_above,
    job_floor,
    job_mask,
    owned_split,
    owned_totals,
    paid_a_year_ahead,
    running_job_cards,
    spot_overhead,
)
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH
from gpu_advisor.model.project import OptionId

CONTRACTS: frozenset[OptionId] = frozenset(
    {OptionId.ON_DEMAND, OptionId.MONTHLY, OptionId.YEARLY, OptionId.SPOT}
)
"""The contract kinds a mix (and the hybrid's rented part) can combine; the
searches use those of them the user selected."""

EXACT_SEARCH_MAX_GPUS = 4096
"""Largest peak for the exhaustive search over N (keeps it under a millisecond)."""


@dataclass(frozen=True, slots=True)
class MixPolicy:
    """Reserved cards per month, their kind, and where the bursts run."""

    baseline_kind: OptionId
    baseline_gpus: tuple[int, ...]
    burst_kind: OptionId
    spot_forbidden: tuple[bool, ...] = ()
    """Months whose phase tolerates no spot (serving): their bursts run on
    demand even when ``burst_kind`` is spot. Empty: every month tolerates it."""


def _forbidden_mask(forbidden: tuple[bool, ...], months: int) -> FloatArray:
    """``(1, H)`` array, 1.0 where spot is not allowed."""
    mask = np.zeros((1, months))
    flags = forbidden[:months]
    if any(flags):
        mask[0, : len(flags)] = flags  # True -> 1.0, False -> 0.0
    return mask


def _burst_cost(
    p: Params,
    burst: FloatArray,
    kind: OptionId,
    forbidden: tuple[bool, ...] = (),
    plain: FloatArray | None = None,
    billed: FloatArray | None = None,
) -> tuple[FloatArray, FloatArray]:
    """Cost of burst hours ``(.., H)`` and its interruption part.

    Months flagged in ``forbidden`` run their bursts on demand. ``plain`` is
    ``_billable(burst, p.granularity_hours)`` and ``billed`` the spot hours
    with the re-runs (:func:`_spot_hours`) when the caller has them already
    (the same arrays, so they are not worked out again).
    """
    if plain is None:
        plain = _billable(burst, p.granularity_hours)
    if kind is OptionId.SPOT:
        if billed is None:
            billed = _spot_hours(p, burst)
        price = p.od * p.spot_factor
        spot_cost, spot_int = price * billed, price * (billed - plain)
        if any(forbidden):
            od_cost = p.od * plain
            mask = _forbidden_mask(forbidden, burst.shape[-1])
            return (
                spot_cost * (1 - mask) + od_cost * mask,
                spot_int * (1 - mask),
            )
        return spot_cost, spot_int
    od_cost = p.od * plain
    return od_cost, np.zeros_like(od_cost)


def _burst_price(
    p: Params,
    burst: FloatArray,
    kind: OptionId,
    forbidden: tuple[bool, ...],
    plain: FloatArray,
    billed: FloatArray | None = None,
) -> FloatArray:
    """The cost part of :func:`_burst_cost` alone (the searches read no
    interruption part); ``billed``: the spot hours with the re-runs."""
    if kind is not OptionId.SPOT:
        return np.asarray(p.od * plain, dtype=np.float64)
    if billed is None:
        billed = _spot_hours(p, burst)
    price = p.od * p.spot_factor
    spot_cost = price * billed
    if any(forbidden):
        od_cost = p.od * plain
        mask = _forbidden_mask(forbidden, burst.shape[-1])
        return np.asarray(spot_cost * (1 - mask) + od_cost * mask, dtype=np.float64)
    return np.asarray(spot_cost, dtype=np.float64)


def _spot_hours(p: Params, burst: FloatArray) -> FloatArray:
    """Spot hours billed for ``burst`` with the re-runs (``spot_billed(p, burst)[1]``)."""
    return _billable(burst * (1 + spot_overhead(p, burst)), p.granularity_hours)


def spot_burst_hours(policy: MixPolicy, demand: FloatArray) -> float:
    """GPU-hours the mix runs on spot (scenario 0). [GPU-hours]"""
    if policy.burst_kind is not OptionId.SPOT:
        return 0.0
    d = clean_demand(demand)[0]
    n = np.asarray(policy.baseline_gpus, dtype=np.float64)
    burst = np.maximum(d - n * HOURS_PER_MONTH, 0.0)
    mask = _forbidden_mask(policy.spot_forbidden, d.shape[0])[0]
    return float((burst * (1 - mask)).sum())


def spot_months(policy: MixPolicy | None, demand: FloatArray) -> int:
    """Months in which the plan runs hours on spot (scenario 0). [months]

    Examples
    --------
    >>> import numpy as np
    >>> plan = MixPolicy(OptionId.MONTHLY, (8, 8, 8), OptionId.SPOT, (False, False, True))
    >>> spot_months(plan, np.array([[8 * 730.0, 9 * 730.0, 9 * 730.0]]))
    1
    """
    if policy is None or policy.burst_kind is not OptionId.SPOT:
        return 0
    d = clean_demand(demand)[0]
    n = np.asarray(policy.baseline_gpus, dtype=np.float64)[: d.shape[0]]
    if n.shape[0] < d.shape[0]:
        n = np.pad(n, (0, d.shape[0] - n.shape[0]))
    burst = np.maximum(d - n * HOURS_PER_MONTH, 0.0)
    mask = _forbidden_mask(policy.spot_forbidden, d.shape[0])[0]
    return int(np.count_nonzero(burst * (1 - mask) > 0))


def price_mix(
    p: Params,
    demand: FloatArray,
    policy: MixPolicy,
    *,
    addons: bool = True,
    monthly: bool = True,
) -> OptionArrays:
    """Price one mix plan over all scenarios.

    ``addons=False`` leaves out storage, traffic and bandwidth (the rented
    peaks of a hybrid, whose data lives on the owned storage, as the owned
    options' on-demand overflow does). ``monthly=False`` leaves out the
    billed hours, utilisation and idle cost (the Monte Carlo reads totals).
    """
    return _price_mix(p, clean_demand(demand), policy, addons, monthly)


def _baseline_cash(
    p: Params,
    policy: MixPolicy,
    reserved: FloatArray,
    beyond: FloatArray | float,
    monthly_rows: npt.NDArray[np.bool_] | None,
) -> FloatArray:
    """The reserved baseline's bills as they are paid: 包年 in advance per
    bill (:func:`paid_a_year_ahead`), 包月 month by month with the commitment
    past the horizon owed in the last month."""
    s = reserved.shape[0]
    if policy.baseline_kind is OptionId.YEARLY:
        return paid_a_year_ahead(
            reserved,
            np.broadcast_to(beyond, (s,)),
            monthly_rows,
            p.yearly_billing_months,
        )
    cash = reserved.copy()
    cash[:, -1] += beyond
    return cash


def _price_mix(
    p: Params, demand: FloatArray, policy: MixPolicy, addons: bool, monthly: bool
) -> OptionArrays:
    """:func:`price_mix` of the clean ``demand`` (:func:`clean_demand`)."""
    s, months = demand.shape
    n = np.asarray(policy.baseline_gpus, dtype=np.float64)[None, :]  # (1, H)
    rate = p.monthly * (
        p.yearly_factor if policy.baseline_kind is OptionId.YEARLY else 1.0
    )
    reserved = rate * n
    tail = months % 12
    beyond_cards: FloatArray | float = 0.0
    if policy.baseline_kind is OptionId.YEARLY and tail:
        beyond_cards = float(n[0, -1]) * (12 - tail)
    beyond = rate[:, 0] * beyond_cards
    monthly_rows = None  # the rows whose last partial year is rented monthly
    if policy.baseline_kind is OptionId.YEARLY and tail and months > 12:
        reserved, beyond, beyond_cards, monthly_rows = _monthly_tail(
            p, n, reserved, beyond, tail
        )
    burst_hours = above_reserved(p, demand, n)
    plain = _billable(burst_hours, p.granularity_hours)
    # the spot hours with re-runs, once for the cost and the billed hours
    spot = _spot_hours(p, burst_hours) if policy.burst_kind is OptionId.SPOT else None
    # the months that burst on demand though the kind is spot, once for the
    # cost and the billed hours (None: none)
    mask = (
        _forbidden_mask(policy.spot_forbidden, months)
        if spot is not None and any(policy.spot_forbidden)
        else None
    )
    burst, interruption = _mix_burst_cost(p, plain, spot, mask)
    cash = _baseline_cash(p, policy, reserved, beyond, monthly_rows) + burst
    if addons:
        cash = cash + _addon_monthly(p, demand)
    peak = float(n.max(initial=0.0))
    deposit = p.deposit_months[:, 0] * rate[:, 0] * peak
    # :func:`_with_deposit` in place: ``cash`` is this call's own array
    cash[:, 0] += deposit
    cash[:, -1] -= deposit
    useful = demand.sum(axis=1)
    reserved_hours = (float(n.sum()) + beyond_cards) * HOURS_PER_MONTH
    gpus = np.full(s, peak)
    ones = np.ones(s)
    if not monthly:
        lines = {
            "reserved": reserved.sum(axis=1) * ones,
            "burst": (burst - interruption).sum(axis=1),
        }
        return OptionArrays(
            OptionId.MIX, cash, lines, useful, useful, gpus, deposit=deposit
        )
    billed = reserved_hours + _mix_billed(policy, plain, spot, mask)
    util = np.where(billed > 0, useful / np.maximum(billed, 1e-9), 1.0)
    lines = {
        "reserved": reserved.sum(axis=1) * ones,
        "burst": (burst - interruption).sum(axis=1),
        "interruption_overhead": interruption.sum(axis=1),
        "commitment_beyond_horizon": beyond * ones,
        **(_addons(p, demand) if addons else {}),
    }
    idle_reserved = np.maximum(reserved_hours - (demand - burst_hours).sum(axis=1), 0.0)
    idle = rate[:, 0] * idle_reserved / HOURS_PER_MONTH
    return OptionArrays(
        OptionId.MIX,
        cash,
        lines,
        useful,
        billed,
        gpus,
        deposit=deposit,
        idle=idle,
        utilization=util,
        detail=policy,
    )


def _monthly_tail(
    p: Params, n: FloatArray, reserved: FloatArray, beyond: FloatArray, tail: int
) -> tuple[FloatArray, FloatArray, FloatArray | float, npt.NDArray[np.bool_] | None]:
    """A yearly baseline's last ``tail`` months on 包月 in the scenarios where
    that costs less than a whole further year and monthly rental is among
    ``p.rentals`` (:func:`_baselines` with ``tail_rate``): the reserved cost
    per month, the commitment beyond the horizon, its card-months, and those
    scenarios (None: none)."""
    last = float(n[0, -1])
    beyond_cards: FloatArray | float = last * (12 - tail)
    if OptionId.MONTHLY not in p.rentals:
        return reserved, beyond, beyond_cards, None
    rented = p.monthly[:, 0] * tail < p.monthly[:, 0] * p.yearly_factor[:, 0] * 12
    if not rented.any():
        return reserved, beyond, beyond_cards, None
    reserved = np.broadcast_to(reserved, (rented.shape[0], n.shape[1])).copy()
    reserved[:, -tail:] = np.where(
        rented[:, None], p.monthly * n[:, -tail:], reserved[:, -tail:]
    )
    zero = np.zeros(rented.shape)
    return (
        reserved,
        np.where(rented, zero, beyond),
        np.where(rented, zero, beyond_cards),
        rented,
    )


def _mix_billed(
    policy: MixPolicy,
    plain: FloatArray,
    spot: FloatArray | None,
    mask: FloatArray | None,
) -> FloatArray:
    """:func:`_burst_billed` with the caller's mask of the months that forbid
    spot (None: none; the function then makes its own zero mask, whose
    blend keeps a ``-0.0`` as it always did). [GPU-h]"""
    if spot is None or mask is None:
        return _burst_billed(policy, plain, spot)
    return np.asarray((spot * (1 - mask) + plain * mask).sum(axis=1), dtype=np.float64)


def _mix_burst_cost(
    p: Params,
    plain: FloatArray,
    spot: FloatArray | None,
    mask: FloatArray | None,
) -> tuple[FloatArray, FloatArray]:
    """:func:`_burst_cost` of the mix's bursts: ``plain`` hours on demand, or
    ``spot`` hours on spot but in the months of ``mask`` (1.0: on demand).
    The same arithmetic, the mask made once by the caller. [CNY]"""
    if spot is None:
        od_cost = p.od * plain
        return od_cost, np.zeros_like(od_cost)
    price = p.od * p.spot_factor
    spot_cost, spot_int = price * spot, price * (spot - plain)
    if mask is None:
        return spot_cost, spot_int
    keep = 1 - mask
    return spot_cost * keep + (p.od * plain) * mask, spot_int * keep


def _burst_billed(
    policy: MixPolicy, plain: FloatArray, spot: FloatArray | None
) -> FloatArray:
    """GPU-hours the bursts are billed for, per scenario: on demand rounded to
    the granularity (``plain``), on spot with the re-run hours (``spot``,
    :func:`_spot_hours`). [GPU-h]"""
    if policy.burst_kind is OptionId.SPOT and spot is not None:
        mask = _forbidden_mask(policy.spot_forbidden, plain.shape[1])
        return np.asarray(
            (spot * (1 - mask) + plain * mask).sum(axis=1), dtype=np.float64
        )
    return np.asarray(plain.sum(axis=1), dtype=np.float64)


def above_reserved(p: Params, demand: FloatArray, reserved: FloatArray) -> FloatArray:
    """GPU-hours a month that ``reserved`` cards cannot serve (the bursts).

    ``demand − reserved × 730`` (not below 0); but in a month the plan's
    synchronous job runs, fewer reserved cards than the job needs
    (:func:`~gpu_advisor.engine.cost.price.job_floor`) cannot start it, so
    the whole month bursts and the reserved cards stand idle — the rule
    :func:`~gpu_advisor.engine.cost.price.owned_split` applies to owned cards.
    A 64-card job reserves 8 servers or none, never 61 cards topped up by
    three on-demand ones. ``demand`` and ``reserved`` broadcast (months
    last). [GPU-h]

    Examples
    --------
    >>> from gpu_advisor.engine.cost.price import make_params
    >>> from gpu_advisor.engine.cost.resolve import resolve, with_spot_job
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> r = with_spot_job(resolve(Project(), load_catalog()), 64, (True, False))
    >>> d = np.array([[61 * 730.0, 61 * 730.0]])
    >>> (above_reserved(make_params(r), d, np.array([[61.0], [64.0]])) / 730).tolist()
    [[61.0, 0.0], [0.0, 0.0]]
    """
    burst = hours_above(p, demand, reserved)
    mask = job_mask(p, demand.shape[-1])
    if mask is None:
        return burst
    short = mask & (reserved < job_floor(p)) & (demand > 0)
    return np.asarray(np.where(short, demand, burst), dtype=np.float64)


def _candidates(cards: FloatArray, peak: int) -> FloatArray:
    """Card counts to try: all 0..peak, or the break points when peak is huge."""
    if peak <= EXACT_SEARCH_MAX_GPUS:
        return np.arange(peak + 1, dtype=np.float64)
    exact = cards.ravel() * 1.0
    points = np.concatenate(([0.0], np.floor(exact), np.ceil(exact)))
    return np.unique(points)


def best_policy(
    p: Params,
    demand: FloatArray,
    *,
    allow_spot: bool = True,
    spot_forbidden: tuple[bool, ...] = (),
    contracts: frozenset[OptionId] = CONTRACTS,
) -> MixPolicy:
    """The cheapest mix plan for the first scenario (exact search over N).

    Parameters
    ----------
    p : Params
        Prices (only scenario 0 is used).
    demand : ndarray
        GPU-hours per month, shape (1, H) or (S, H). [GPU-hours]
    allow_spot : bool
        Whether spot bursts may be used at all.
    spot_forbidden : tuple of bool
        Per month, True when the month's phase tolerates no spot (serving:
        a reclaimed instance drops users' requests); those months burst on
        demand.
    contracts : frozenset of OptionId
        The contract kinds the plan may use (the user's selection): without
        monthly and yearly no card is reserved; without on-demand and spot
        every hour is reserved.

    Returns
    -------
    MixPolicy
        Baseline kind and cards per month, burst kind.

    Examples
    --------
    >>> import numpy as np
    >>> from gpu_advisor.engine.cost.price import make_params
    >>> from gpu_advisor.engine.cost.resolve import resolve
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> params = make_params(resolve(Project(), load_catalog()))
    >>> flat = np.full((1, 12), 8 * 730.0)  # eight cards busy all year
    >>> best_policy(params, flat, allow_spot=False).baseline_kind.value
    'yearly'

    Spot at half the on-demand price (the price book's A100 default) costs
    less per busy hour than a yearly commitment, so with spot allowed no
    card is reserved:

    >>> best = best_policy(params, flat)
    >>> best.burst_kind.value, max(best.baseline_gpus)
    ('spot', 0)
    """
    return _search(p, demand, allow_spot, spot_forbidden, contracts)[1]


def _search(
    p: Params,
    demand: FloatArray,
    allow_spot: bool,
    spot_forbidden: tuple[bool, ...],
    contracts: frozenset[OptionId] = CONTRACTS,
) -> tuple[float, MixPolicy]:
    """:func:`best_policy` and its cost without add-ons (reserved, whole yearly
    blocks and bursts; deposits return). [CNY]"""
    d = clean_demand(demand)[0]  # (H,)
    return _search_rows(p, d[None, :], allow_spot, spot_forbidden, contracts)[0]


SEARCH_BATCH_MAX_CELLS = 1_000_000
"""Largest ``(rows, N, months)`` grid :func:`_search_rows` prices in one pass;
a larger one is searched row by row (same results, less memory). [1]"""


Found = list[tuple[float, MixPolicy]]
"""Per demand row, the cheapest mix plan and its cost without add-ons. [CNY]"""


def _search_rows(
    p: Params,
    rows: FloatArray,
    allow_spot: bool,
    spot_forbidden: tuple[bool, ...],
    contracts: frozenset[OptionId] = CONTRACTS,
) -> Found:
    """:func:`_search` of each row of clean demand ``(M, H)``, in one pass
    (:func:`_search_rows_both`)."""
    return _search_rows_both(p, rows, allow_spot, spot_forbidden, contracts)[0]


def _search_rows_both(
    p: Params,
    rows: FloatArray,
    allow_spot: bool,
    spot_forbidden: tuple[bool, ...],
    contracts: frozenset[OptionId] = CONTRACTS,
) -> tuple[Found, Found]:
    """:func:`_search` of each row of clean demand ``(M, H)``, in one pass,
    and the same search with no spot bursts (``allow_spot=False``): the
    hours above each count are worked out once for both.

    Every row is tried on the card counts of the busiest row (a count above a
    row's own peak only adds reserved cards to no bursts, and the cheapest
    count is the first one found), so each result is the one-row search's.

    Only the ``contracts`` kinds are used. With no reserved kind the count is
    0; with no burst kind the hours above the count cost infinitely much, so
    every month reserves its cards (with neither, every plan costs ``inf``).
    """
    m_rows, months = rows.shape
    cards = _ceil(rows / HOURS_PER_MONTH)  # (M, H)
    # the job's cards are a count to try even above the busiest month's
    # GPU-hours: fewer cannot run it (:func:`above_reserved`)
    peak = max(int(cards.max(initial=0.0)), running_job_cards(p, months))
    if m_rows > 1 and (
        peak > EXACT_SEARCH_MAX_GPUS
        or m_rows * (peak + 1) * months > SEARCH_BATCH_MAX_CELLS
    ):
        each = [
            _search_rows_both(p, row[None, :], allow_spot, spot_forbidden, contracts)
            for row in rows
        ]
        return [a[0] for a, _ in each], [b[0] for _, b in each]
    reserved = [k for k in (OptionId.MONTHLY, OptionId.YEARLY) if k in contracts]
    n_values = (
        _candidates(cards, peak)[:, None] if reserved else np.zeros((1, 1))
    )  # (K, 1)
    p0 = p if p.scenarios == 1 else _first(p)
    forbidden = tuple(spot_forbidden[:months])
    bursts = [OptionId.ON_DEMAND] if OptionId.ON_DEMAND in contracts else []
    if (
        OptionId.SPOT in contracts
        and allow_spot
        and not (forbidden and len(forbidden) >= months and all(forbidden))
        and (p0.checkpointing or float(p0.spot_rate_per_hour[0, 0]) == 0.0)
    ):
        bursts.append(OptionId.SPOT)
    if bursts == [OptionId.SPOT]:  # no spot: nothing may burst (below)
        without = _search_rows_both(p, rows, False, spot_forbidden, contracts)[0]
    if not bursts:  # nothing may run above the reserved cards
        bursts = [OptionId.ON_DEMAND]
        plain = _burst_grid(p0, rows, n_values, bursts, forbidden)
        costs = np.where(plain > 0, np.inf, 0.0)
    else:
        costs = _burst_grid(p0, rows, n_values, bursts, forbidden)  # (B × M, K, H)
    monthly_rate = float(p0.monthly[0, 0])
    rates = {
        OptionId.MONTHLY: monthly_rate * 1.0,
        OptionId.YEARLY: monthly_rate * float(p0.yearly_factor[0, 0]),
    }
    # the yearly baseline's last partial year may be rented monthly (as the
    # yearly option's is, :func:`~gpu_advisor.engine.cost.price._year_tail`)
    tail_rate = monthly_rate if OptionId.MONTHLY in p0.rentals else None
    found: dict[OptionId, list[tuple[float, tuple[int, ...]]]] = {
        kind: _baselines(n_values[:, 0], rate, costs, kind, tail_rate)
        for kind, rate in rates.items()
        if kind in reserved or (not reserved and kind is OptionId.MONTHLY)
    }
    found_ = _pick(found, bursts, forbidden, m_rows)
    if OptionId.SPOT not in bursts:
        return found_, found_
    if bursts == [OptionId.SPOT]:
        return found_, without
    return found_, _pick(found, bursts[:1], forbidden, m_rows)  # on demand first


def _pick(
    found: dict[OptionId, list[tuple[float, tuple[int, ...]]]],
    bursts: list[OptionId],
    forbidden: tuple[bool, ...],
    m_rows: int,
) -> Found:
    """The cheapest plan per row among the baseline kinds of ``found`` (their
    rows: ``m_rows`` per burst kind, in the order of :func:`_burst_grid`) and
    the first ``len(bursts)`` burst kinds, in the order of the one-row
    search; the plans are made once at the end."""
    # (cost, baseline kind, cards, burst kind, forbidden) per row
    best: list[tuple[float, OptionId, tuple[int, ...], OptionId, tuple[bool, ...]]]
    best = []
    for b, burst_kind in enumerate(bursts):
        kept = forbidden if burst_kind is OptionId.SPOT and any(forbidden) else ()
        for kind in found:
            part = found[kind][b * m_rows : (b + 1) * m_rows]
            if not best:
                best = [(c, kind, n, burst_kind, kept) for c, n in part]
                continue
            for row, (cost, chosen) in enumerate(part):
                if cost < best[row][0] - 1e-9:
                    best[row] = (cost, kind, chosen, burst_kind, kept)
    assert len(best) == m_rows  # at least one burst kind and one baseline kind
    return [(b[0], MixPolicy(*b[1:])) for b in best]


def _burst_grid(
    p0: Params,
    rows: FloatArray,
    n_values: FloatArray,
    bursts: list[OptionId],
    forbidden: tuple[bool, ...],
) -> FloatArray:
    """Cost of the hours above each count ``n_values`` ``(K, 1)`` in each month
    of each row of ``rows`` ``(M, H)``, on each burst kind: ``(B × M, K, H)``,
    the rows of ``bursts[0]`` first, so that :func:`_baselines` reads every
    burst kind in one call per baseline kind. [CNY]

    The numbers of :func:`_burst_price` for each kind, written straight into
    one array (no concatenation), the on-demand cost made once for both.
    """
    m_rows = rows.shape[0]
    burst_hours = above_reserved(p0, rows[:, None, :], n_values)
    plain = _billable(burst_hours, p0.granularity_hours)
    out = np.empty((len(bursts) * m_rows, *plain.shape[1:]))
    for b, kind in enumerate(bursts):
        part = out[b * m_rows : (b + 1) * m_rows]
        if kind is not OptionId.SPOT:
            np.multiply(p0.od, plain, out=part)
            continue
        billed = _spot_hours(p0, burst_hours)
        spot_cost = np.multiply(p0.od * p0.spot_factor, billed, out=billed)
        if any(forbidden):
            mask = _forbidden_mask(forbidden, burst_hours.shape[-1])
            spot_cost *= 1 - mask
            # ``p0.od * plain``: the on-demand part when it was priced first
            od_cost = out[:m_rows] if b else p0.od * plain
            np.add(spot_cost, od_cost * mask, out=part)
        else:
            part[...] = spot_cost
    return out


def _baselines(
    n_values: FloatArray,
    rate: float,
    burst_cost: FloatArray,
    kind: OptionId,
    tail_rate: float | None = None,
) -> list[tuple[float, tuple[int, ...]]]:
    """Cheapest reserved cards per month (monthly) or per 12-month block
    (yearly) of each row of ``burst_cost`` ``(M, K, H)``, with the cost. [CNY]

    ``tail_rate``: the monthly price of a card [CNY/month], when the last
    partial block of a horizon past a year may hold its cards on 包月 for
    its months instead of a whole further year (the cheaper is taken, as
    :func:`_price_mix` prices it); None: a whole year."""
    m_rows, _, months = burst_cost.shape
    if kind is OptionId.MONTHLY:
        per_month = n_values[None, :, None] * rate + burst_cost  # (M, K, H)
        idx = per_month.argmin(axis=1)  # (M, H)
        counts = n_values[idx].astype(np.int64).tolist()  # (M, H) whole cards
        # the cheapest month by month, C-ordered (M, H): each row sums as the
        # row alone would
        cheapest = np.take_along_axis(per_month, idx[:, None, :], axis=1)[:, 0, :]
        costs = cheapest.sum(axis=1).tolist()
        return [(costs[row], tuple(counts[row])) for row in range(m_rows)]
    costs = [0.0] * m_rows
    chosen: list[list[int]] = [[] for _ in range(m_rows)]
    reserved = n_values * rate * 12  # (K,)
    every_row = np.arange(m_rows)
    for start in range(0, months, 12):
        stop = min(start + 12, months)
        if tail_rate is not None and months > 12 and stop - start < 12:
            reserved = n_values * min(rate * 12, tail_rate * (stop - start))
        block = reserved + burst_cost[:, :, start:stop].sum(axis=2)  # (M, K)
        picks = block.argmin(axis=1)
        # each row's pick, card count and cost read in one call, not per row
        cards = n_values[picks].astype(np.int64).tolist()
        cheapest = block[every_row, picks].tolist()
        for row in range(m_rows):
            chosen[row].extend([cards[row]] * (stop - start))
            costs[row] += cheapest[row]
    return [(costs[row], tuple(chosen[row])) for row in range(m_rows)]


def _first(p: Params) -> Params:
    """Scenario 0 of ``p``."""
    fields = {
        name: getattr(p, name)[:1]
        for name in p.__dataclass_fields__
        if isinstance(getattr(p, name), np.ndarray)
    }
    return _replace(p, fields)


def _replace(p: Params, fields: dict[str, FloatArray]) -> Params:
    return replace(p, **fields)  # type: ignore[arg-type]


HYBRID_GRID = 128
"""Most whole-server counts :func:`best_hybrid` tries; a bigger fleet is tried
on an even grid of server counts plus the monthly card counts. [1]"""


def hybrid_candidates(demand: FloatArray, fleet: int, per_server: int = 8) -> list[int]:
    """Owned card counts to try: every count below one server, every whole
    number of servers up to the busiest month's cards (owned cards are bought
    in servers), the monthly card counts and the fleet.

    The cheapest count is not always a monthly card count: one in between can
    fill the serving months and leave the rest to cheaper rentals.

    Examples
    --------
    >>> import numpy as np
    >>> hybrid_candidates(np.array([[730.0 * 3, 730.0 * 20, 730.0 * 11]]), 24)
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 16, 20, 24]
    """
    return _candidates_of(clean_demand(demand)[0], fleet, per_server)


def _candidates_of(clean: FloatArray, fleet: int, per_server: int = 8) -> list[int]:
    """:func:`hybrid_candidates` of one month row of clean demand ``(H,)``
    (no negatives: nothing to clip)."""
    cards = _ceil(clean / HOURS_PER_MONTH)
    peak = int(cards.max(initial=0.0))
    step = max(1, per_server)
    servers = -(-peak // step)
    if servers > HYBRID_GRID:
        grid = np.linspace(0.0, float(servers), HYBRID_GRID)  # a float: any size
        servers_tried = {round(float(x)) for x in grid}
    else:
        servers_tried = set(range(servers + 1))
    small = range(min(step, peak + 1))
    levels = {int(c) for c in cards.tolist() if c > 0}
    whole = {k * step for k in servers_tried}
    return sorted({*small, *whole, *levels, max(0, fleet)})


@dataclass(frozen=True, slots=True)
class HybridPlan:
    """Own ``owned_gpus`` cards of ``owned_option``, rent the rest with ``rest_policy``.

    Like the mix plan, it is decided up front (at typical prices): the
    tornado and the Monte Carlo keep the card count and the reserved
    baseline of the rented part fixed; only the bursts adapt.
    """

    owned_option: OptionId
    owned_gpus: int
    rest_policy: MixPolicy | None
    candidates: tuple[int, ...] = ()


def price_hybrid(
    p: Params,
    demand: FloatArray,
    plan: HybridPlan,
    *,
    monthly: bool = True,
    mix: OptionArrays | None = None,
) -> OptionArrays:
    """Price a hybrid plan over all scenarios (``OptionId.HYBRID``).

    The owned part is :func:`gpu_advisor.engine.cost.price.price_owned` of the
    demand up to ``N × 730`` GPU-hours a month (none in the months of a job
    that needs more cards: :func:`~gpu_advisor.engine.cost.price.owned_split`);
    the rest is
    :func:`price_mix` of the demand above it with the plan's rented policy,
    without rental add-ons when cards are owned (the owned options' own
    storage and bandwidth serve it, as for their on-demand overflow).
    ``monthly=False``: ``cash`` is one column of totals (Monte Carlo).
    ``mix``: the mix option priced on the same demand (``price_mix(p,
    demand, policy)``), reused when the plan owns no card and rents with that
    very policy (the rented part is then the mix itself).
    """
    demand = clean_demand(demand)
    s = demand.shape[0]
    base, rest = owned_split(p, demand, plan.owned_gpus)
    parts: list[OptionArrays] = []
    if plan.owned_gpus > 0:
        # ``base`` is clean already (the clean demand, capped at N × 730) and
        # fits the cards: in a serving month it is the bottom of the day, so
        # it is not read against the day again (that reads a demand as the
        # day's top and rented a phantom overflow above the owned cards)
        fits = replace(p, serving=None)
        parts.append(
            _price_owned(fits, base, plan.owned_gpus, plan.owned_option, monthly)[0]
        )
    if plan.rest_policy is not None and (plan.owned_gpus == 0 or rest.any()):
        reuse = (
            mix is not None
            and monthly
            and plan.owned_gpus == 0
            and mix.detail is plan.rest_policy
        )
        parts.append(
            mix
            if reuse and mix is not None
            else price_mix(
                p,
                rest,
                plan.rest_policy,
                addons=plan.owned_gpus == 0,
                monthly=monthly,
            )
        )
    if not parts:
        raise ValueError("a hybrid that owns no cards needs a rented policy")
    if monthly:
        cash = _summed([a.cash for a in parts], demand.shape)
    else:
        cash = _summed([a.total for a in parts], (s,)).reshape(-1, 1)
    by_key: dict[str, list[FloatArray]] = {}
    for a in parts:
        for key, value in a.lines.items():
            by_key.setdefault(key, []).append(value)
    lines = {key: _summed(values, (s,)) for key, values in by_key.items()}
    useful = demand.sum(axis=1)
    billed = _summed([a.billed for a in parts], (s,))
    util = np.where(billed > 0, useful / np.maximum(billed, 1e-9), 1.0)
    return OptionArrays(
        OptionId.HYBRID,
        cash,
        lines,
        useful,
        billed,
        np.full(s, float(plan.owned_gpus)),
        # ``x * np.ones(s)`` is ``x`` spread over the scenarios, which adding
        # it to ``np.zeros(s)`` does as well
        capex=_summed([a.capex for a in parts], (s,)),
        residual=_summed([a.residual for a in parts], (s,)),
        deposit=_summed([a.deposit for a in parts], (s,)),
        loan=_summed([a.loan for a in parts], (s,)),
        idle=_summed([a.idle for a in parts], (s,)),
        utilization=util,
        detail=plan,
    )


def _summed(values: list[FloatArray], shape: tuple[int, ...]) -> FloatArray:
    """``sum(values, np.zeros(shape))``, the same numbers with fewer calls:
    ``0.0 + x`` is ``x + 0.0`` (a ``-0.0`` becomes ``0.0`` either way), and
    no array of zeros is made when the first value has the shape already."""
    first = values[0]
    total = first + 0.0 if first.shape == shape else np.zeros(shape) + first
    for value in values[1:]:
        total = total + value
    return np.asarray(total, dtype=np.float64)


def best_hybrid(
    p: Params,
    demand: FloatArray,
    fleet: int,
    owned_options: list[OptionId],
    *,
    allow_spot: bool = True,
    spot_forbidden: tuple[bool, ...] = (),
    mix_policy: MixPolicy | None = None,
    own_all: bool = False,
    mix_total: float | None = None,
    searched: dict[int, tuple[float, MixPolicy]] | None = None,
    candidates: list[int] | None = None,
    owned_by_kind: dict[OptionId, dict[int, float]] | None = None,
    contracts: frozenset[OptionId] = CONTRACTS,
    min_used: float = 0.0,
) -> tuple[HybridPlan, float, float, float]:
    """Own ``N`` cards, rent the demand above them with the cheapest mix.

    Each candidate ``N`` (:func:`hybrid_candidates`) is priced as
    :func:`price_hybrid`: the owned cards on the demand up to ``N × 730``
    GPU-hours a month plus the cheapest mix plan of the rest (same phase
    rules). ``N = 0`` is the mix on the whole demand and ``N = fleet`` is
    owning the fleet with the overflow rented by a mix that may burst on
    demand, so the best hybrid is never dearer than the mix nor than owning
    the fleet (whose overflow runs on demand).

    ``mix_policy``, when given, is :func:`best_policy` of the whole demand
    with the same rules (the mix option's plan), reused for ``N = 0``;
    ``mix_total`` is then ``price_mix(p, demand, mix_policy).total[0]`` when
    the caller has priced it already (it is not priced again). ``searched``:
    :func:`mix_searches`'s plans of the demand above the counts, when the
    caller has them (they are not searched again). ``candidates``:
    :func:`hybrid_counts` of the same demand, fleet and ``own_all``, when the
    caller has them. ``owned_by_kind``: the total of owning each candidate
    count ``> 0`` of each of ``owned_options``
    (:func:`~gpu_advisor.engine.cost.price.price_owned_with_counts`), when
    the caller has them.

    ``own_all`` (the data must stay on the company's own hardware): only
    counts that cover every month are tried, from the busiest month's card
    count up to the fleet, so nothing is rented.

    ``contracts``: the contract kinds the rented part may use (the user's
    selection); a count whose rest cannot be rented with them costs ``inf``
    and is never chosen.

    ``min_used``: the share of their hours the owned cards must be busy for a
    count to be kept (the ownership rule's stable load); 0 owned cards always
    qualifies. The cheapest count that qualifies is returned.

    Returns
    -------
    tuple
        ``(plan, total, owned_part, rented_part)`` [CNY] for scenario 0.
    """
    d = clean_demand(demand)[:1]
    p0 = p if p.scenarios == 1 else _first(p)
    if candidates is None:
        candidates = hybrid_counts(
            d, fleet, own_all, running_job_cards(p0, d.shape[-1])
        )
    addons = float(_addon_monthly(p0, d).sum())
    by_kind = (
        _owned_totals(p0, d, candidates, owned_options)
        if owned_by_kind is None
        else owned_by_kind
    )
    rented_parts = _rented_parts(
        p0,
        d,
        candidates,
        allow_spot,
        spot_forbidden,
        (mix_policy, mix_total, addons),
        searched,
        contracts,
    )
    used = _owned_use(p0, d, candidates)
    plans = [
        (plan, total, owned, rented)
        for n in candidates
        for plan, total, owned, rented in _count_plans(
            n, rented_parts[n], addons, owned_options, by_kind, tuple(candidates)
        )
    ]
    # the ownership rule's counts; when none of them can be priced (the rest
    # cannot be rented with the selected contracts), any count that can
    allowed = [
        x
        for x in plans
        if x[0].owned_gpus == 0 or used[x[0].owned_gpus] >= min_used - 1e-12
    ]
    finite = [x for x in allowed if math.isfinite(x[1])] or [
        x for x in plans if math.isfinite(x[1])
    ]
    best: tuple[HybridPlan, float, float, float] | None = None
    for x in finite or plans:
        if best is None or x[1] < best[1] - 1e-6:
            best = x
    assert best is not None
    return best


def _count_plans(
    n: int,
    rented_part: tuple[float, MixPolicy | None],
    addons: float,
    owned_options: list[OptionId],
    by_kind: dict[OptionId, dict[int, float]],
    candidates: tuple[int, ...],
) -> list[tuple[HybridPlan, float, float, float]]:
    """Owning ``n`` cards of each owned kind and renting the rest: plan, total,
    owned part, rented part. [CNY]"""
    rented, policy = rented_part
    if n == 0:  # the mix of the whole demand, with its add-ons
        rented += addons
        owned_parts = [(owned_options[0], 0.0)]
    else:
        owned_parts = [(o, by_kind[o][n]) for o in owned_options]
    return [
        (HybridPlan(option, n, policy, candidates), owned + rented, owned, rented)
        for option, owned in owned_parts
    ]


def _owned_use(p: Params, d: FloatArray, counts: list[int]) -> dict[int, float]:
    """Share of their hours each owned count's cards are busy
    (:func:`~gpu_advisor.engine.cost.price.owned_split`). [1]"""
    owned = [n for n in counts if n > 0]
    if not owned:
        return {0: 1.0}
    n = np.asarray(owned, dtype=np.float64)
    base = owned_split(p, d[:1], n)[0]  # (K, H)
    share = base.sum(axis=1) / (n * HOURS_PER_MONTH * d.shape[-1])
    return {0: 1.0, **dict(zip(owned, share.tolist(), strict=True))}


def hybrid_counts(
    demand: FloatArray,
    fleet: int,
    own_all: bool = False,
    job: int = 0,
    per_server: int = 8,
) -> list[int]:
    """The owned card counts :func:`best_hybrid` tries (:func:`hybrid_candidates`,
    and ``job``, the cards the plan's synchronous job needs at once, so the
    hybrid can own exactly the job; ``own_all``: only those from the busiest
    month's card count, and the job's, up)."""
    d = clean_demand(demand)[:1]
    candidates = _candidates_of(d[0], fleet, per_server)
    if job > 0:
        candidates = sorted({*candidates, job})
    if own_all:
        # the clean demand has no negatives: nothing to clip
        peak = int(_ceil(d[0] / HOURS_PER_MONTH).max(initial=0.0))
        floor = max(1, peak, job)
        candidates = sorted({floor, *(n for n in candidates if n >= floor)})
    return candidates


def _rests(p: Params, d: FloatArray, counts: list[int]) -> dict[int, FloatArray]:
    """The clean demand ``(H,)`` above each count that leaves some (0 always)."""
    if not counts:
        return {}
    # every count's rest in one (N, H) pass, as :func:`owned_split` works it out
    rests = owned_split(p, d[:1], np.asarray(counts, dtype=np.float64))[1]
    left = rests.sum(axis=1).tolist()
    clean = clean_demand(rests)
    return {n: clean[i] for i, n in enumerate(counts) if n == 0 or float(left[i]) > 0}


class MixSearch(NamedTuple):
    """The mix's plan of the whole demand, and the plans of the demand above
    each owned count ``> 0`` that leaves some (``best_hybrid(searched=...)``)."""

    policy: MixPolicy
    searched: dict[int, tuple[float, MixPolicy]]


def mix_searches(
    p: Params,
    demand: FloatArray,
    counts: list[int],
    *,
    allow_spot: bool = True,
    spot_forbidden: tuple[bool, ...] = (),
    contracts: frozenset[OptionId] = CONTRACTS,
) -> tuple[MixSearch, MixSearch]:
    """:func:`best_policy` of the demand and the plans of the demand above
    each count ``> 0``, in one search pass, with the ``contracts`` kinds only;
    and the same with no spot bursts (``allow_spot=False``), from the same
    pass (the plan when spot would be too fragile to rely on)."""
    d = clean_demand(demand)[:1]
    p0 = p if p.scenarios == 1 else _first(p)
    rests = {n: r for n, r in _rests(p0, d, counts).items() if n > 0}
    rows = [d[0], *rests.values()]
    both = _search_rows_both(p0, np.stack(rows), allow_spot, spot_forbidden, contracts)
    return (
        MixSearch(both[0][0][1], dict(zip(rests, both[0][1:], strict=True))),
        MixSearch(both[1][0][1], dict(zip(rests, both[1][1:], strict=True))),
    )


def _owned_totals(
    p0: Params, d: FloatArray, candidates: list[int], owned_options: list[OptionId]
) -> dict[OptionId, dict[int, float]]:
    """Total of owning each candidate count ``> 0`` of each kind, the demand
    up to its capacity (every count in one call per kind). [CNY]"""
    owned_n = np.asarray([n for n in candidates if n > 0], dtype=np.float64)
    owned_totals_: dict[OptionId, dict[int, float]] = {o: {} for o in owned_options}
    if owned_n.size:
        bases = owned_split(p0, d, owned_n)[0]  # (K, H)
        # every kind in one call: self-build reuses colocation's fleet, wear
        # and card-hours (the same numbers as one ``owned_total`` per kind)
        totals = owned_totals(p0, bases, owned_n, owned_options)
        counts = [int(n) for n in owned_n.tolist()]
        for o in owned_options:
            owned_totals_[o] = dict(zip(counts, totals[o].tolist(), strict=True))
    return owned_totals_


def _rented_parts(
    p0: Params,
    d: FloatArray,
    candidates: list[int],
    allow_spot: bool,
    spot_forbidden: tuple[bool, ...],
    mix: tuple[MixPolicy | None, float | None, float],
    searched: dict[int, tuple[float, MixPolicy]] | None,
    contracts: frozenset[OptionId] = CONTRACTS,
) -> dict[int, tuple[float, MixPolicy | None]]:
    """Cost without add-ons and plan of renting the demand above each
    candidate count (none when nothing is left), every search in one pass
    (none when ``searched`` has them). ``mix``: the mix's plan and total,
    and the add-ons over the horizon. [CNY]"""
    mix_policy, mix_total, addons = mix
    out: dict[int, tuple[float, MixPolicy | None]] = dict.fromkeys(
        candidates, (0.0, None)
    )
    if searched is not None and mix_policy is not None and mix_total is not None:
        # :func:`mix_searches` of these candidates: its plans are those of
        # the counts that leave some demand (no need to split it again)
        if 0 in out:
            out[0] = (mix_total - addons, mix_policy)
        out.update(searched)
        return out
    rests = _rests(p0, d, candidates)
    if 0 in rests and mix_policy is not None:
        del rests[0]
        total = (
            float(price_mix(p0, d, mix_policy).total[0])
            if mix_total is None
            else mix_total
        )
        out[0] = (total - addons, mix_policy)
    if searched is not None and 0 not in rests:
        out.update((n, searched[n]) for n in rests)
    elif rests:
        found = _search_rows(
            p0, np.stack(list(rests.values())), allow_spot, spot_forbidden, contracts
        )
        out.update(zip(rests, found, strict=True))
    return out
