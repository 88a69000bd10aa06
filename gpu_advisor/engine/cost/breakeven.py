"""Break-even of owning versus renting: utilisation, month, the six-month rule.

Break-even utilisation
----------------------
With ``G`` owned cards over ``H`` months the capacity is ``K = G × 730 × H``
GPU-hours. Below the capacity the owned option's total is affine in the hours
used ``U``: ``own(U) = F + V U`` (``F``: depreciation, rack, staff,
maintenance, financing, idle power, bandwidth; ``V``: the extra electricity
of a busy card). Renting costs ``rent(U) = A + p U`` (``A``: add-ons; ``p``:
the card-hour price, or the monthly price / 730). Per useful GPU-hour the two
are equal at ``u* = (F − A) / ((p − V) K)``; below ``u*`` renting is cheaper.
``F`` and ``V`` are read off the cost engine itself (``own(0)`` and
``own(K)``), so the break-even uses exactly the same totals as the options
table (including the resale-value convention of :mod:`gpu_advisor.engine.cost.price`).

Break-even month
----------------
The first month in which the owned option's cumulative cash flow is no higher
than the renting option's (the payback month, 回本周期). Resale value and
returned deposits count in the last month, as in the totals.

References
----------
idctop.com article 003: owning pays only at high, stable utilisation; buy when the monthly
rent exceeds depreciation plus electricity and the plan holds for six months.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from gpu_advisor.engine.cost.feasibility import comparable_rental
from gpu_advisor.engine.cost.mix import _burst_price, _first
from gpu_advisor.engine.cost.price import (
    FloatArray,
    OptionArrays,
    Params,
    _addon_monthly,
    _billable,
    _ceil,
    _spot_cash,
    clean_demand,
    owned_total,
    spot_overhead,
)
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH
from gpu_advisor.model.cost_results import BreakEven, SixMonthRule
from gpu_advisor.model.project import OptionId

SIX_MONTHS = 6
"""idctop.com article 003: the plan must hold for six months before buying."""


def fixed_and_variable_cny(own: OptionArrays, p: Params) -> tuple[float, float]:
    """``F`` [CNY] and ``V`` [CNY/GPU-hour] of a priced owned option (scenario 0).

    ``V`` is the extra electricity of a busy card, ``TDP × load × PUE ×
    tariff / 1000``; ``F`` is the option's total without that electricity
    and without on-demand overflow.
    """
    pue = p.pue_self if own.id is OptionId.SELF_BUILD else p.pue
    v = float((p.tdp_w * p.load * pue * p.tariff)[0, 0]) / 1000.0
    used = float(own.useful[0]) - _overflow_hours(own)
    f = float(own.total[0]) - float(own.lines["overflow_rental"][0]) - v * used
    return f, v


def _overflow_hours(own: OptionArrays) -> float:
    capacity = float(own.gpus[0]) * HOURS_PER_MONTH * int(own.cash.shape[1])
    return max(0.0, float(own.useful[0]) - capacity)


def break_even_utilization(
    fixed_cny: float,
    variable_cny_per_gpu_hour: float,
    rent_fixed_cny: float,
    rent_cny_per_gpu_hour: float,
    capacity_gpu_hours: float,
) -> float | None:
    """Utilisation at which owning and renting cost the same per useful hour.

    Parameters
    ----------
    fixed_cny : float
        Owned cost that does not depend on use. [CNY]
    variable_cny_per_gpu_hour : float
        Owned cost per used GPU-hour. [CNY/GPU-hour]
    rent_fixed_cny : float
        Renting cost that does not depend on use (add-ons). [CNY]
    rent_cny_per_gpu_hour : float
        Rental price. [CNY/GPU-hour]
    capacity_gpu_hours : float
        Owned capacity over the horizon. [GPU-hours]

    Returns
    -------
    float or None
        Break-even utilisation [1]; None when owning never catches up within
        the capacity (u* > 1 or renting is cheaper per hour than running).

    Examples
    --------
    >>> break_even_utilization(50_000.0, 1.0, 0.0, 11.0, 10_000.0)
    0.5
    """
    margin = rent_cny_per_gpu_hour - variable_cny_per_gpu_hour
    if margin <= 0 or capacity_gpu_hours <= 0:
        return None
    u = (fixed_cny - rent_fixed_cny) / (margin * capacity_gpu_hours)
    if u > 1:
        return None
    return max(u, 0.0)


def break_even_month(
    own_cash: Sequence[float] | FloatArray, rent_cash: Sequence[float] | FloatArray
) -> int | None:
    """The month (1-based) from which owning's cumulative cash stays no higher
    than renting's to the horizon's end; None when owning ends dearer.

    A fleet bought again late in the horizon can put owning back above
    renting after an earlier crossing; the month a reader is told is the one
    after which owning stays ahead, so it never contradicts the totals.

    Examples
    --------
    >>> break_even_month([100, 10, 10, 10], [40, 40, 40, 40])
    3
    >>> break_even_month([100, 10], [40, 40]) is None
    True

    Ahead in months 3 and 4, then a second fleet in month 5 puts owning
    behind to the end, or behind until month 6:

    >>> break_even_month([100, 10, 10, 10, 110, 10], [40] * 6) is None
    True
    >>> break_even_month([100, 10, 10, 10, 90, 0], [40] * 6)
    6
    """
    own = np.cumsum(own_cash)
    rent = np.cumsum(rent_cash)
    if not own.size:
        return None
    behind = np.nonzero(own > rent + 1e-6)[0]
    if not behind.size:
        return 1
    last = int(behind[-1]) + 1  # 1-based month owning is last behind
    return last + 1 if last < own.size else None


def six_month_rule(
    rent: OptionArrays,
    own: OptionArrays,
    demand: list[float],
    life_years: float | None = None,
) -> SixMonthRule:
    """idctop.com article 003's rule of thumb, with its numbers.

    The monthly rent is the renting option's average bill over the months with
    demand; depreciation plus electricity is the owned option's monthly average
    over the horizon. The rule leaves out staff, rack, network and financing;
    the full comparison in the options table does not. Beside the loss on
    resale it gives straight-line depreciation (capex over ``life_years``),
    which is what the rule of thumb usually means.
    """
    months = len(demand)
    active = sum(1 for h in demand if h > 0)
    rent_month = _first_total(rent) / max(active, 1)
    dep = sum(
        float(own.lines[k][0])
        for k in (
            "depreciation_hardware",
            "depreciation_network",
            "depreciation_storage",
        )
    )
    elec_month = float(own.lines["electricity"][0]) / max(months, 1)
    dep_elec = dep / max(months, 1) + elec_month
    life_months = 12.0 * float(life_years) if life_years else 0.0
    straight = (
        float(own.capex[0]) / life_months + elec_month if life_months > 0 else None
    )
    exceeds = rent_month > dep_elec
    return SixMonthRule(
        monthly_rent_cny=round(rent_month, 2),
        depreciation_plus_electricity_cny=round(dep_elec, 2),
        straight_line_depreciation_plus_electricity_cny=(
            None if straight is None else round(straight, 2)
        ),
        plan_months=active,
        required_months=SIX_MONTHS,
        rent_exceeds=exceeds,
        holds=exceeds and active >= SIX_MONTHS,
    )


BREAK_EVEN_GRID = 129
"""Utilisations tried by the break-even search: steps of 1/128 of the owned
capacity, priced in one vectorised pass; the crossing is interpolated
linearly between two steps."""


_GRID = np.linspace(0.0, 1.0, BREAK_EVEN_GRID)
_GRID.flags.writeable = False  # a constant


def _flat_costs(
    p: Params,
    own_id: OptionId,
    owned_gpus: int,
    months: int,
    utilizations: FloatArray,
    rent_ids: Sequence[OptionId],
    spot_bursts: bool,
    spot_forbidden: tuple[bool, ...],
) -> tuple[FloatArray, dict[OptionId, FloatArray]]:
    """Owned and rental totals at flat demand ``u × G × 730`` GPU-hours a month.

    The mix at flat demand reserves 0, ``⌊uG⌋`` or ``⌈uG⌉`` cards (monthly,
    chosen per month, or yearly, chosen per 12-month block) and bursts the rest
    on demand or, where the month's phase allows it, on spot.
    """
    # scenario-0 prices, shape (1, 1), broadcast against the (K, H) demand
    cards = utilizations * owned_gpus  # (K,)
    hours = cards * HOURS_PER_MONTH
    own = owned_total(p, np.repeat(hours[:, None], months, axis=1), owned_gpus, own_id)
    mix = OptionId.MIX in rent_ids
    kinds, column = _month_kinds(mix and spot_bursts, spot_forbidden, months)
    spot = OptionId.SPOT in rent_ids or (mix and spot_bursts)
    month = _flat_month(p, hours, cards, max(len(kinds), 1), spot)
    rents = _flat_rentals(p, month, months, rent_ids)
    if mix:
        rents[OptionId.MIX] = _flat_mix(p, month, kinds, column, spot_bursts)
    return own, rents


class _FlatMonth(NamedTuple):
    """One month of flat demand at each grid point (every month is alike): the
    hours, add-ons and billed hours that the rentals and the mix share.

    Billed hours come from one call of the pricers' ``_billable`` on all the
    hours at once (it works number by number). Row 0 of the bursts, above no
    reserved card, is the month's whole demand: the pure rentals' billing.
    """

    hours: FloatArray  # (K, 1) demand, clean [GPU-h]
    addon: FloatArray  # (K, 1) storage, traffic and bandwidth [CNY]
    candidates: FloatArray  # (3, K) cards the mix reserves: 0, ⌊uG⌋, ⌈uG⌉ [1]
    bursts: FloatArray  # (3, K, C) hours above them, C kinds of month [GPU-h]
    plain: FloatArray  # (3, K, C) the bursts billed [GPU-h]
    spot: FloatArray | None  # (3, K, C) billed on spot with the re-runs [GPU-h]


def _flat_month(
    p: Params, hours: FloatArray, cards: FloatArray, kinds: int, spot: bool
) -> _FlatMonth:
    """The :class:`_FlatMonth` of ``hours`` a month (``cards`` of them), with
    ``kinds`` columns of bursts and their spot billing when ``spot``."""
    demand = clean_demand(hours[:, None])
    addon = _addon_monthly(p, demand)
    # (3, K): none, ⌊uG⌋ and ⌈uG⌉ cards (filled in place: ``np.stack`` of
    # the three rows cost as much again)
    candidates = np.zeros((3, cards.shape[0]))
    np.floor(cards + 1e-9, out=candidates[1])
    np.ceil(cards - 1e-9, out=candidates[2])
    # the bursts above each candidate count, all three in one pass (3, K, 1)
    bursts = np.maximum(
        demand[None, :, :] - candidates[:, :, None] * HOURS_PER_MONTH, 0.0
    )
    if kinds > 1:
        bursts = np.repeat(bursts, kinds, axis=2)
    if not spot:
        return _FlatMonth(
            demand,
            addon,
            candidates,
            bursts,
            _billable(bursts, p.granularity_hours),
            None,
        )
    # price.spot_billed: the hours and the hours with the re-runs, billed
    rerun = bursts * (1 + spot_overhead(p, bursts))
    billed = _billable(np.stack([bursts, rerun]), p.granularity_hours)
    return _FlatMonth(demand, addon, candidates, bursts, billed[0], billed[1])


def _flat_rentals(
    p: Params, month: _FlatMonth, months: int, ids: Sequence[OptionId]
) -> dict[OptionId, FloatArray]:
    """:func:`~gpu_advisor.engine.cost.price.rental_totals` of ``month``'s
    flat demand over ``months`` months. [CNY]

    Every month of a row holds the same hours, so each rental's monthly bill
    is worked out once per row (the pricers' formulas, on ``K`` numbers
    instead of ``K × H``) and repeated over the months; the deposit and the
    yearly commitment past the horizon are then added to the first and last
    month and each row summed as the pricers do: the same operations on the
    same numbers, hence the same totals to the last bit.
    ``tests/engine/test_breakeven.py`` holds it to ``rental_totals``.
    """
    demand, addon = month.hours, month.addon
    bills: dict[OptionId, FloatArray] = {}  # (K, 1) each month's bill
    deposits: dict[OptionId, FloatArray] = {}  # (K,) paid first, returned last
    beyond: FloatArray | None = None  # (K,) yearly cards committed past the end
    year_tail: tuple[npt.NDArray[np.bool_], FloatArray] | None = None
    plain = month.plain[0, :, :1]  # the whole demand billed
    if OptionId.ON_DEMAND in ids:
        bills[OptionId.ON_DEMAND] = p.od * plain + addon
    if OptionId.SPOT in ids and month.spot is not None:
        billed = month.spot[0, :, :1]
        bills[OptionId.SPOT] = _spot_cash(p, plain, billed, addon)[2]
    if OptionId.MONTHLY in ids or OptionId.YEARLY in ids:
        # price._monthly_cash and price._yearly_cash: a flat row's peak and
        # each 12-month block's peak are its monthly card count
        cards = _ceil(np.maximum(demand, 0) / HOURS_PER_MONTH)
        peak = cards[:, 0]
        if OptionId.MONTHLY in ids:
            bills[OptionId.MONTHLY] = p.monthly * cards + addon
            deposits[OptionId.MONTHLY] = p.deposit_months[:, 0] * p.monthly[:, 0] * peak
        if OptionId.YEARLY in ids:
            price = p.monthly * p.yearly_factor
            bills[OptionId.YEARLY] = price * cards + addon
            tail = months % 12
            beyond_cards = np.zeros(peak.shape) if tail == 0 else peak * (12 - tail)
            beyond = price[:, 0] * beyond_cards
            deposits[OptionId.YEARLY] = p.deposit_months[:, 0] * price[:, 0] * peak
            year_tail = _flat_year_tail(p, cards, price, beyond, months)
    order = [o for o in ids if o in bills]
    if not order:
        return {}
    cash = np.repeat(
        np.stack([bills[o][:, 0] for o in order])[:, :, None], months, axis=2
    )
    if beyond is not None:
        row = cash[order.index(OptionId.YEARLY)]
        if year_tail is not None:
            # price._yearly_cash: the last partial year on 包月 where cheaper
            rented, bill = year_tail
            t = months % 12
            row[:, -t:] = np.where(rented[:, None], (bill + addon)[:, :1], row[:, -t:])
            beyond = np.where(rented, 0.0, beyond)
        row[:, -1] += beyond
    for o, deposit in deposits.items():
        row = cash[order.index(o)]
        row[:, 0] += deposit
        row[:, -1] -= deposit
    # ``add.reduce`` is what ``sum`` calls: each row over its months
    totals = np.add.reduce(cash, axis=2)
    return {o: totals[j] for j, o in enumerate(order)}


def _flat_year_tail(
    p: Params, cards: FloatArray, price: FloatArray, beyond: FloatArray, months: int
) -> tuple[npt.NDArray[np.bool_], FloatArray] | None:
    """:func:`~gpu_advisor.engine.cost.price._year_tail` of flat rows of
    ``cards`` ``(K, 1)``: the rows whose last partial year is rented monthly,
    and that month's monthly bill ``(K, 1)`` (the same operations on the same
    numbers); None when the last year is committed whole."""
    tail = months % 12
    if months <= 12 or not tail or OptionId.MONTHLY not in p.rentals:
        return None
    year = np.repeat(price * cards, tail, axis=1).sum(axis=1) + beyond
    bill = p.monthly * cards
    rent = np.repeat(bill, tail, axis=1).sum(axis=1)
    return rent < year - 1e-9, bill


def _flat_mix(
    p: Params,
    month: _FlatMonth,
    kinds: tuple[bool, ...],
    column: npt.NDArray[np.intp],
    spot_bursts: bool,
) -> FloatArray:
    """Cheapest mix total of flat demand (see :func:`_flat_costs`). [CNY]

    Every month of a row of flat demand holds the same hours, so the
    month-wise costs are worked out on one column per kind of month (spot
    allowed, spot forbidden: ``kinds``, and each month's ``column``) and
    spread over the months by index before any sum: the same elementwise
    operations on the same numbers, hence the same totals to the last bit,
    on 2 columns instead of ``H``.
    """
    months = column.shape[0]
    # the add-ons of one month, spread over the months and summed as above
    addons = np.add.reduce(np.repeat(month.addon, months, axis=1), axis=1)
    candidates, burst_h, plain = month.candidates, month.bursts, month.plain
    burst_stack = _burst_price(p, burst_h, OptionId.ON_DEMAND, (), plain)
    if spot_bursts:
        spot = _burst_price(p, burst_h, OptionId.SPOT, kinds, plain, month.spot)
        burst_stack = np.minimum(burst_stack, spot)
    rate = p.monthly[None, :, :]  # (1, 1, 1)
    per_month = rate * candidates[:, :, None] + burst_stack
    # np.take gives C-ordered months (``a[:, column]`` does not), so each sum
    # runs over contiguous months in the same order as on the full array
    cheapest = per_month.min(axis=0)
    monthly = np.take(cheapest, column, axis=1).sum(axis=1)
    yearly = np.zeros(candidates.shape[1])
    reserved = (p.monthly * p.yearly_factor)[None, :, 0] * candidates * 12  # (3, K)
    every_month = np.take(burst_stack, column, axis=2)  # (3, K, H), C-ordered
    for start in range(0, months, 12):
        # a yearly block is paid for all 12 months, even past the horizon,
        # but the last partial one of a longer horizon may be on 包月
        # (mix._baselines with its ``tail_rate``)
        if months > 12 and months - start < 12 and OptionId.MONTHLY in p.rentals:
            per_card = float((p.monthly * p.yearly_factor)[0, 0]) * 12
            tail_rate = float(p.monthly[0, 0]) * (months - start)
            reserved = candidates * min(per_card, tail_rate)
        block = reserved + np.add.reduce(every_month[:, :, start : start + 12], axis=2)
        yearly += np.minimum.reduce(block, axis=0)  # the cheapest count of each block
    return np.asarray(np.minimum(monthly, yearly) + addons, dtype=np.float64)


def _month_kinds(
    spot_bursts: bool, spot_forbidden: tuple[bool, ...], months: int
) -> tuple[tuple[bool, ...], npt.NDArray[np.intp]]:
    """The kinds of month :func:`_flat_mix` prices, as ``_burst_cost``'s
    ``forbidden`` flags (none: one kind), and each month's kind (its column)."""
    if not (spot_bursts and any(spot_forbidden)):
        return (), np.zeros(months, dtype=np.intp)
    flags = [bool(f) for f in spot_forbidden[:months]]
    flags += [False] * (months - len(flags))
    return (False, True), np.asarray(flags, dtype=np.intp)


def _first_ok(own: FloatArray, rent: FloatArray) -> int | None:
    """Index of the first grid point where owning is no dearer, else None."""
    ok = np.nonzero(own <= rent + 1e-6)[0]
    return int(ok[0]) if ok.size else None


def _interpolate(u: FloatArray, diff: FloatArray, i: int) -> float:
    """Where ``diff`` (owning minus renting) crosses zero between ``i-1`` and ``i``."""
    if i == 0:
        return float(u[0])
    d0, d1 = float(diff[i - 1]), float(diff[i])
    if d0 <= d1:
        return float(u[i])
    return float(u[i - 1] + (u[i] - u[i - 1]) * d0 / (d0 - d1))


def _crossing(
    u: FloatArray, own: FloatArray, rent: FloatArray
) -> tuple[float | None, int | None]:
    """Lowest ``u`` where owning is no dearer than ``rent``, and its grid index."""
    i = _first_ok(own, rent)
    if i is None:
        return None, None
    return _interpolate(u, own - rent, i), i


def _crossings(
    p: Params,
    own_id: OptionId,
    owned_gpus: int,
    months: int,
    rent_ids: Sequence[OptionId],
    spot_bursts: bool = False,
    spot_forbidden: tuple[bool, ...] = (),
) -> tuple[float | None, OptionId | None, float | None]:
    """Break-even against every feasible rental (and which one is cheapest
    there), and against monthly rental alone.

    One grid of :data:`BREAK_EVEN_GRID` utilisations over ``[0, 1]``, shared
    by both, interpolated linearly between the bracketing points.
    """
    u = _GRID
    own, rents = _flat_costs(
        p, own_id, owned_gpus, months, u, rent_ids, spot_bursts, spot_forbidden
    )
    # the cheapest rental at each point: ``np.min`` over the stacked totals
    # takes the same elementwise minimum, row after row, at twice the cost
    totals = iter(rents.values())
    best = next(totals)
    for total in totals:
        best = np.minimum(best, total)
    u_all, i = _crossing(u, own, best)
    at: OptionId | None = None
    if i is not None:
        # the rental owning has to beat just below the crossing (at a whole
        # card count the mix and yearly rental tie; the bracket decides)
        k = max(i - 1, 0)
        at = min(rents, key=lambda r: (float(rents[r][k]), float(rents[r][i])))
    u_mon: float | None = None
    monthly = rents.get(OptionId.MONTHLY)
    if monthly is not None:
        u_mon, _ = _crossing(u, own, monthly)
    return u_all, at, u_mon


def _first_total(option: OptionArrays) -> float:
    """Scenario 0's total: its months summed. [CNY]"""
    return float(option.cash[0].sum())


def compute_break_even(
    p: Params,
    priced: dict[OptionId, OptionArrays],
    demand: list[float],
    owned_gpus: int,
    spot_forbidden: tuple[bool, ...] = (),
) -> BreakEven:
    """Break-even of the cheaper owned option against the cheapest feasible rental.

    The utilisation is found on the cost engine itself: owning ``G`` cards and
    every feasible rental are priced at flat demand ``u × G × 730`` GPU-hours
    a month for a grid of ``u``, refined once; the break-even is the lowest
    ``u`` at which owning is no dearer than the cheapest of them. The month
    compares cumulative cash with the cheapest feasible rental of the plan's
    own demand. Rentals excluded only because the data must stay on the
    company's own hardware still count: the break-even says what that rule
    costs, not whether renting is allowed.
    """
    owned = [
        priced[o] for o in (OptionId.COLOCATION, OptionId.SELF_BUILD) if o in priced
    ]
    renting = [
        priced[o]
        for o in (
            OptionId.ON_DEMAND,
            OptionId.MONTHLY,
            OptionId.YEARLY,
            OptionId.SPOT,
            OptionId.MIX,
        )
        if o in priced and comparable_rental(priced[o])
    ]
    if not owned or not renting:
        return BreakEven()
    own = min(owned, key=_first_total)
    rent = min(renting, key=_first_total)
    months = len(demand)
    p0 = p if p.scenarios == 1 else _first(p)
    rent_ids = [r.id for r in renting]
    spot_bursts = OptionId.SPOT in priced and (
        p0.checkpointing or float(p0.spot_rate_per_hour[0, 0]) == 0.0
    )
    u_all, at, u_mon = _crossings(
        p0, own.id, owned_gpus, months, rent_ids, spot_bursts, spot_forbidden
    )
    month = break_even_month(own.cash[0], rent.cash[0])
    return BreakEven(
        owned_option=own.id,
        rent_option=rent.id,
        rent_option_at_break_even=at,
        utilization=None if u_all is None else round(u_all, 6),
        utilization_vs_monthly=None if u_mon is None else round(u_mon, 6),
        month=month,
        rule_six_months=six_month_rule(rent, own, demand, float(p0.life_years[0, 0])),
    )
