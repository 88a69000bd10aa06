"""Finance views of a cost result: up-front cash, spend per year, runner-up, flip points.

Small pure functions over :class:`~gpu_advisor.model.cost_results.CostResult`
so that the PDF plan's decision page and finance page print figures the
engine computed rather than arithmetic of their own.

References
----------
Sign conventions of ``OptionResult.monthly_cny``: see
:mod:`gpu_advisor.model.cost_results` (purchases and deposits in month 1,
resale value and returned deposits back in the last month).
"""

from __future__ import annotations

from dataclasses import dataclass

from gpu_advisor.engine.shown import ranking
from gpu_advisor.model.cost_results import CostResult, OptionResult, TornadoBar
from gpu_advisor.model.project import OptionId

MONTHS_PER_YEAR = 12
"""Months in one year of the horizon. [months]"""


def upfront_cash_cny(option: OptionResult) -> float:
    """Cash that leaves in month 1: purchases, deposits and the first month's running cost.

    The engine's ``upfront_cny`` (see
    :class:`~gpu_advisor.model.cost_results.OptionResult`); an option that
    cannot be chosen has none, and its month-1 cash is returned for reference.
    It can exceed ``total_cny``: the total counts purchases less their resale
    value at the end and the deposit as returned.

    Parameters
    ----------
    option : OptionResult
        One priced option.

    Returns
    -------
    float
        ``monthly_cny[0]`` (0 for an empty horizon). [CNY]

    Examples
    --------
    >>> from gpu_advisor.model.cost_results import OptionResult
    >>> o = OptionResult(id="mix", total_cny=30, monthly_cny=[20, 10],
    ...                  cumulative_cny=[20, 30], npv_cny=30)
    >>> upfront_cash_cny(o)
    20.0
    """
    if option.upfront_cny is not None:
        return float(option.upfront_cny)
    return float(option.monthly_cny[0]) if option.monthly_cny else 0.0


def spend_per_year_cny(option: OptionResult) -> list[float]:
    """Net cash flow of each year of the horizon (a last, partial year counts as one).

    The years add up to ``sum(monthly_cny)``, which is ``total_cny`` for every
    option (resale value and returned deposits are negative entries in the
    last month).

    Parameters
    ----------
    option : OptionResult
        One priced option.

    Returns
    -------
    list of float
        One amount per (started) year. [CNY]

    Examples
    --------
    >>> from gpu_advisor.model.cost_results import OptionResult
    >>> o = OptionResult(id="mix", total_cny=14, monthly_cny=[1.0] * 14,
    ...                  cumulative_cny=list(range(1, 15)), npv_cny=14)
    >>> spend_per_year_cny(o)
    [12.0, 2.0]
    """
    months = option.monthly_cny
    return [
        float(sum(months[start : start + MONTHS_PER_YEAR]))
        for start in range(0, len(months), MONTHS_PER_YEAR)
    ]


def capex_opex_per_year_cny(option: OptionResult) -> list[tuple[float, float]]:
    """(CAPEX, everything else) for each year: purchases fall in year 1.

    Parameters
    ----------
    option : OptionResult
        One priced option.

    Returns
    -------
    list of (float, float)
        Per year: purchases paid [CNY] and the rest of that year's net cash
        flow (running costs, deposits paid or returned, resale value) [CNY].

    Examples
    --------
    >>> from gpu_advisor.model.cost_results import OptionResult
    >>> o = OptionResult(id="self_build", total_cny=110, monthly_cny=[105.0] + [1.0] * 12,
    ...                  cumulative_cny=list(range(13)), npv_cny=110, capex_cny=100)
    >>> capex_opex_per_year_cny(o)
    [(100.0, 16.0), (0.0, 1.0)]
    """
    out: list[tuple[float, float]] = []
    for index, spend in enumerate(spend_per_year_cny(option)):
        capex = float(option.capex_cny) if index == 0 else 0.0
        out.append((capex, spend - capex))
    return out


def runner_up(cost: CostResult) -> OptionResult | None:
    """The cheapest feasible option genuinely different from the recommended
    one: rank 2 of the one ranking (:func:`gpu_advisor.engine.shown.ranking`).

    An option that is the same as another here (``same_as``: a hybrid that
    owns no card is the mix; a mix that reserves nothing and bursts on spot
    is spot) is never an alternative of its own, and an option the
    recommendation is the same as is the recommendation: both would show a
    gap of 0 CNY.

    Parameters
    ----------
    cost : CostResult
        Result of the cost engine.

    Returns
    -------
    OptionResult or None
        None when no other genuinely different option is feasible.

    Examples
    --------
    >>> from gpu_advisor.model.cost_results import (BreakEven, CostResult,
    ...     OptionResult, Recommendation)
    >>> def opt(i, total, same=None):
    ...     return OptionResult(id=i, total_cny=total, monthly_cny=[total],
    ...         cumulative_cny=[total], npv_cny=total, same_as=same)
    >>> cost = CostResult(options=[opt("yearly", 12.0), opt("spot", 10.0),
    ...     opt("mix", 10.0, "spot"), opt("hybrid", 10.0, "mix")],
    ...     break_even=BreakEven(), recommendation=Recommendation(option="spot"),
    ...     demand_gpu_hours=[1.0], horizon_months=1, gpu_id="A100-80GB-SXM")
    >>> runner_up(cost).id.value
    'yearly'
    """
    second = [row.option for row in ranking(cost) if row.rank == 2]
    return second[0] if second else None


def flip_value(bar: TornadoBar) -> float | None:
    """The input value at which owning and renting cost the same, if inside the range.

    The tornado evaluates *own minus rent* at the low and the high end of
    one input; between them the outcome is taken as linear, so the flip is
    where that line crosses zero.

    Parameters
    ----------
    bar : TornadoBar
        One bar of the tornado.

    Returns
    -------
    float or None
        Input value in ``bar.unit``; None when the sign does not change
        between the low and the high value.

    Examples
    --------
    >>> from gpu_advisor.model.common import Message
    >>> from gpu_advisor.model.cost_results import TornadoBar
    >>> bar = TornadoBar(input="budget.gpu_price_cny",
    ...     label=Message(code="cost.tornado.budget.gpu_price_cny"),
    ...     low_value=70_000, high_value=130_000,
    ...     low_outcome_cny=-300.0, high_outcome_cny=300.0, swing_cny=600.0)
    >>> flip_value(bar)
    100000.0
    """
    low, high = bar.low_outcome_cny, bar.high_outcome_cny
    if low == high or ((low > 0) == (high > 0) and low != 0 and high != 0):
        return None
    fraction = low / (low - high)
    return float(bar.low_value + fraction * (bar.high_value - bar.low_value))


def top_sensitivities(cost: CostResult, n: int = 3) -> list[TornadoBar]:
    """The ``n`` inputs the own-or-rent decision is most sensitive to (largest swing).

    Parameters
    ----------
    cost : CostResult
        Result of the cost engine.
    n : int
        How many bars.

    Returns
    -------
    list of TornadoBar
        Sorted by swing, largest first.
    """
    return sorted(cost.tornado, key=lambda b: b.swing_cny, reverse=True)[:n]


@dataclass(frozen=True, slots=True)
class Finance:
    """The finance views of one cost result, as the plan's first two pages print them.

    Built by :func:`finance` (and kept by
    :attr:`gpu_advisor.engine.evaluate.PlanEvaluation.finance`), so that a
    renderer reads these figures from the evaluation instead of calling the
    functions above.
    """

    runner_up: OptionResult | None
    """:func:`runner_up` of the cost result."""
    upfront_cash_cny: dict[OptionId, float]
    """:func:`upfront_cash_cny` of every option. [CNY]"""
    spend_per_year_cny: dict[OptionId, list[float]]
    """:func:`spend_per_year_cny` of every option. [CNY per year]"""
    capex_opex_per_year_cny: dict[OptionId, list[tuple[float, float]]]
    """:func:`capex_opex_per_year_cny` of every option. [CNY per year]"""
    sensitivities: list[tuple[TornadoBar, float | None]]
    """:func:`top_sensitivities` with each bar's :func:`flip_value`."""


def finance(cost: CostResult) -> Finance:
    """Every finance view of ``cost`` the plan prints.

    Parameters
    ----------
    cost : CostResult
        Result of the cost engine.

    Returns
    -------
    Finance
        Runner-up, per-option cash views and the top sensitivities with their
        flip points.

    Examples
    --------
    >>> from gpu_advisor.model.cost_results import (BreakEven, CostResult,
    ...     OptionResult, Recommendation)
    >>> o = OptionResult(id="mix", total_cny=14, monthly_cny=[1.0] * 14,
    ...                  cumulative_cny=list(range(1, 15)), npv_cny=14)
    >>> f = finance(CostResult(options=[o], break_even=BreakEven(),
    ...     recommendation=Recommendation(option="mix"), demand_gpu_hours=[1.0],
    ...     horizon_months=14, gpu_id="A100-80GB-SXM"))
    >>> f.runner_up is None, f.spend_per_year_cny[o.id], f.upfront_cash_cny[o.id]
    (True, [12.0, 2.0], 1.0)
    """
    return Finance(
        runner_up=runner_up(cost),
        upfront_cash_cny={o.id: upfront_cash_cny(o) for o in cost.options},
        spend_per_year_cny={o.id: spend_per_year_cny(o) for o in cost.options},
        capex_opex_per_year_cny={
            o.id: capex_opex_per_year_cny(o) for o in cost.options
        },
        sensitivities=[(bar, flip_value(bar)) for bar in top_sensitivities(cost)],
    )
