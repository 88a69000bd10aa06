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
from dataclasses import replace

import numpy as np

from gpu_advisor.engine.cost.feasibility import comparable_rental
from gpu_advisor.engine.cost.mix import _burst_price, _first, above_reserved
from gpu_advisor.engine.cost.price import (
    FloatArray,
    OptionArrays,
    Params,
    _addon_monthly,
    _billable,
    clean_demand,
    owned_total,
    price_owned,
    rental_totals,
    running_job_cards,
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

    Every total comes from the options' own pricers on the ``(K, H)`` grid of
    flat rows (:func:`~gpu_advisor.engine.cost.price.rental_totals`; the
    mix's exact search on the counts that can win, :func:`_flat_mix`), so the break-even follows the same rules as the
    options table: reserved contracts hold the whole job in the months it
    runs (:func:`~gpu_advisor.engine.cost.price.reserved_cards`), and a mix
    reserves the job's cards or none then
    (:func:`~gpu_advisor.engine.cost.mix.above_reserved`). At utilisation
    ``u`` a 64-card job runs ``u`` of the time: a reservation costs the same
    at any ``u``, on-demand hours scale with it.
    """
    cards = utilizations * owned_gpus  # (K,)
    rows = np.repeat((cards * HOURS_PER_MONTH)[:, None], months, axis=1)  # (K, H)
    own = owned_total(p, rows, owned_gpus, own_id)
    pure: list[OptionId] = [o for o in rent_ids if o is not OptionId.MIX]
    rents = rental_totals(p, rows, pure) if pure else {}
    if OptionId.MIX in rent_ids:
        rents[OptionId.MIX] = _flat_mix(p, rows, cards, spot_bursts, spot_forbidden)
    return own, rents


def _flat_mix(
    p: Params,
    rows: FloatArray,
    cards: FloatArray,
    spot_bursts: bool,
    spot_forbidden: tuple[bool, ...],
) -> FloatArray:
    """The mix's exact search (:func:`~gpu_advisor.engine.cost.mix.best_policy`)
    on flat rows ``(K, H)`` of ``cards`` each, on four counts only. [CNY]

    Every month of a flat row holds the same hours, so a month's cost is
    lowest at one of its break points: no reserved card, the floor or the
    ceiling of its card count, or the job's cards (fewer cannot run the job,
    :func:`~gpu_advisor.engine.cost.mix.above_reserved`); a yearly block of
    such months likewise. The same burst prices as the search, both burst
    kinds priced as whole plans (spot where the phase allows, on demand
    elsewhere), on 4 counts instead of every one up to the peak.
    ``tests/engine/test_breakeven.py`` holds it to the search.
    """
    months = rows.shape[1]
    demand = clean_demand(rows)
    counts = np.zeros((4, cards.shape[0]))  # 0, ⌊c⌋, ⌈c⌉, the job's cards
    np.floor(cards + 1e-9, out=counts[1])
    np.ceil(cards - 1e-9, out=counts[2])
    counts[3] = running_job_cards(p, months)
    bursts = above_reserved(p, demand[None, :, :], counts[:, :, None])  # (4, K, H)
    plain = _billable(bursts, p.granularity_hours)
    kinds: list[tuple[OptionId, tuple[bool, ...]]] = [(OptionId.ON_DEMAND, ())]
    if spot_bursts:
        kinds.append((OptionId.SPOT, tuple(spot_forbidden[:months])))
    rate = float(p.monthly[0, 0])
    yearly_rate = rate * float(p.yearly_factor[0, 0])
    best = np.full(cards.shape[0], np.inf)
    for kind, forbidden in kinds:
        burst = _burst_price(p, bursts, kind, forbidden, plain)  # (4, K, H)
        monthly = (rate * counts[:, :, None] + burst).min(axis=0).sum(axis=1)
        yearly = np.zeros(cards.shape[0])
        for start in range(0, months, 12):
            # a yearly block is paid for all 12 months, even past the horizon,
            # but the last partial one of a longer horizon may be on 包月
            # (mix._baselines with its ``tail_rate``)
            per_card = yearly_rate * 12
            if months > 12 and months - start < 12 and OptionId.MONTHLY in p.rentals:
                per_card = min(per_card, rate * (months - start))
            block = per_card * counts + burst[:, :, start : start + 12].sum(axis=2)
            yearly += block.min(axis=0)
        best = np.minimum(best, np.minimum(monthly, yearly))
    return np.asarray(best + _addon_monthly(p, demand).sum(axis=1), dtype=np.float64)


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


def _paid_from_cash(p: Params, own: OptionArrays, demand: list[float]) -> FloatArray:
    """The owned option's monthly cash with its purchases paid from cash in
    their months, not by the loan: the payback month asks when buying has
    paid for itself, and a loan that pays the purchase would put it in month
    1 whatever the prices (capital budgeting's payback period is read on the
    project's own cash flows; Brealey, Myers & Allen, ch. 5)."""
    if not p.loan:
        return np.asarray(own.cash[0], dtype=np.float64)
    cash = price_owned(
        replace(p, loan=False), np.asarray([demand]), int(own.gpus[0]), own.id
    ).cash[0]
    return np.asarray(cash, dtype=np.float64)


def _first_total(option: OptionArrays) -> float:
    """Scenario 0's total: its months summed. [CNY]"""
    return float(option.cash[0].sum())


def compute_break_even(
    p: Params,
    priced: dict[OptionId, OptionArrays],
    demand: list[float],
    owned_gpus: int,
    spot_forbidden: tuple[bool, ...] = (),
    mix_on_spot: bool = True,
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
       ``mix_on_spot`` False: the plan's mix bursts on demand only (its spot
    bursts would not stay cheapest at the price book's high reclaim values,
    :func:`~gpu_advisor.engine.cost.prepare.fragile_spot`), and so does the
    mix owning is weighed against.
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
    spot_bursts = (
        mix_on_spot
        and OptionId.SPOT in priced
        and (p0.checkpointing or float(p0.spot_rate_per_hour[0, 0]) == 0.0)
    )
    # the grid's flat demand is no day of serving: priced evenly over the month
    flat = replace(p0, serving=None)
    u_all, at, u_mon = _crossings(
        flat, own.id, owned_gpus, months, rent_ids, spot_bursts, spot_forbidden
    )
    month = break_even_month(_paid_from_cash(p0, own, demand), rent.cash[0])
    return BreakEven(
        owned_option=own.id,
        rent_option=rent.id,
        rent_option_at_break_even=at,
        utilization=None if u_all is None else round(u_all, 6),
        utilization_vs_monthly=None if u_mon is None else round(u_mon, 6),
        month=month,
        rule_six_months=six_month_rule(rent, own, demand, float(p0.life_years[0, 0])),
    )
