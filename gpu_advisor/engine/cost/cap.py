"""The recommendation held against the plan's budget cap (``budget.cap_cny``).

Decided once here: page 1 of the PDF, the budget step and ``cost`` show the
result (:class:`~gpu_advisor.model.cost_results.BudgetCap`) and, when the
total is over the cap, its warning among the plan's warnings.
"""

from __future__ import annotations

from gpu_advisor.model.common import Advice, Message, Severity
from gpu_advisor.model.cost_results import BudgetCap, OptionResult, Recommendation

_INPUTS = ("budget.cap_cny",)


def budget_cap(
    cap_cny: float | None, rec: Recommendation, options: list[OptionResult]
) -> BudgetCap | None:
    """The recommended option's total against ``cap_cny``.

    Parameters
    ----------
    cap_cny : float or None
        ``budget.cap_cny``; None: the plan has no cap. [CNY]
    rec : Recommendation
        The recommendation; None is returned when it names no option.
    options : list of OptionResult
        The priced options (the recommended one among them).

    Returns
    -------
    BudgetCap or None
        Headroom = cap − total [CNY]; ``over`` when the total exceeds the cap.

    Examples
    --------
    >>> o = OptionResult(id="yearly", total_cny=9e6, monthly_cny=[9e6],
    ...     cumulative_cny=[9e6], npv_cny=9e6)
    >>> rec = Recommendation(option="yearly")
    >>> cap = budget_cap(1e7, rec, [o])
    >>> cap.headroom_cny, cap.over, cap.message.code
    (1000000.0, False, 'budget_cap.within')
    >>> budget_cap(8e6, rec, [o]).message.params["over_cny"]
    1000000.0
    >>> budget_cap(None, rec, [o]) is None
    True
    """
    if cap_cny is None or rec.option is None:
        return None
    total = next(o.total_cny for o in options if o.id == rec.option)
    headroom = cap_cny - total
    over = headroom < 0
    message = (
        Message(
            code="budget_cap.over",
            params={"cap_cny": cap_cny, "over_cny": -headroom, "option": rec.option},
        )
        if over
        else Message(
            code="budget_cap.within",
            params={"cap_cny": cap_cny, "headroom_cny": headroom, "option": rec.option},
        )
    )
    return BudgetCap(
        cap_cny=cap_cny,
        total_cny=total,
        headroom_cny=headroom,
        over=over,
        message=message,
    )


def cap_warnings(cap: BudgetCap | None) -> list[Advice]:
    """The warning of a plan over its cap (none within it).

    >>> cap_warnings(None)
    []
    """
    if cap is None or not cap.over:
        return []
    return [
        Advice(
            code="budget_cap.over_warning",
            severity=Severity.WARNING,
            params=dict(cap.message.params),
            inputs=list(_INPUTS),
        )
    ]
