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
table (including the resale-value convention of :mod:`gpu_advisor.engine.cost`).

Break-even month
----------------
The first month in which the owned option's cumulative cash flow is no higher
than the renting option's (the payback month, 回本周期). Resale value and
returned deposits count in the last month, as in the totals.

References
----------
Seed 003: owning pays only at high, stable utilisation; buy when the monthly
rent exceeds depreciation plus electricity and the plan holds for six months.
"""

from __future__ import annotations

import numpy as np

from gpu_advisor.engine.cost import OptionArrays, Params
from gpu_advisor.engine.resolve import HOURS_PER_MONTH
from gpu_advisor.model.cost_results import BreakEven, SixMonthRule
from gpu_advisor.model.project import OptionId

SIX_MONTHS = 6
"""Seed 003: the plan must hold for six months before buying."""


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


def break_even_month(own_cash: list[float], rent_cash: list[float]) -> int | None:
    """First month (1-based) when owning's cumulative cash ≤ renting's.

    Examples
    --------
    >>> break_even_month([100, 10, 10, 10], [40, 40, 40, 40])
    3
    >>> break_even_month([100, 10], [40, 40]) is None
    True
    """
    own = np.cumsum(own_cash)
    rent = np.cumsum(rent_cash)
    hits = np.nonzero(own <= rent + 1e-6)[0]
    return int(hits[0]) + 1 if hits.size else None


def six_month_rule(
    rent: OptionArrays, own: OptionArrays, demand: list[float]
) -> SixMonthRule:
    """Seed 003's rule of thumb, with its numbers.

    The monthly rent is the renting option's average bill over the months with
    demand; depreciation plus electricity is the owned option's monthly average
    over the horizon. The rule leaves out staff, rack, network and financing;
    the full comparison in the options table does not.
    """
    months = len(demand)
    active = sum(1 for h in demand if h > 0)
    rent_month = float(rent.total[0]) / max(active, 1)
    dep = sum(
        float(own.lines[k][0])
        for k in (
            "depreciation_hardware",
            "depreciation_network",
            "depreciation_storage",
        )
    )
    dep_elec = (dep + float(own.lines["electricity"][0])) / max(months, 1)
    exceeds = rent_month > dep_elec
    return SixMonthRule(
        monthly_rent_cny=round(rent_month, 2),
        depreciation_plus_electricity_cny=round(dep_elec, 2),
        plan_months=active,
        required_months=SIX_MONTHS,
        rent_exceeds=exceeds,
        holds=exceeds and active >= SIX_MONTHS,
    )


def compute_break_even(
    p: Params,
    priced: dict[OptionId, OptionArrays],
    demand: list[float],
    owned_gpus: int,
) -> BreakEven:
    """Break-even of the cheaper owned option against the cheapest renting one."""
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
        if o in priced and priced[o].feasible
    ]
    if not owned or not renting:
        return BreakEven()
    own = min(owned, key=lambda o: float(o.total[0]))
    rent = min(renting, key=lambda o: float(o.total[0]))
    months = len(demand)
    f, v = fixed_and_variable_cny(own, p)
    capacity = owned_gpus * HOURS_PER_MONTH * months
    addons = (
        float(
            (
                p.addon_storage_monthly
                + p.addon_egress_monthly
                + p.addon_bandwidth_monthly
            )[0, 0]
        )
        * months
    )
    u_od = break_even_utilization(f, v, addons, float(p.od[0, 0]), capacity)
    u_mon = break_even_utilization(
        f, v, addons, float(p.monthly[0, 0]) / HOURS_PER_MONTH, capacity
    )
    month = break_even_month(list(own.cash[0]), list(rent.cash[0]))
    return BreakEven(
        owned_option=own.id,
        rent_option=rent.id,
        utilization=None if u_od is None else round(u_od, 6),
        utilization_vs_monthly=None if u_mon is None else round(u_mon, 6),
        month=month,
        rule_six_months=six_month_rule(rent, own, demand),
    )
