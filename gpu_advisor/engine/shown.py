"""What a plan shows, decided once: its warning list and its option order.

The review step, the PDF plan and ``gpu-advisor-cli cost`` render these
lists as they are; none of them sorts, filters or de-duplicates on its own,
so the screen and the paper show the same warnings and the same option
ranking.

- :func:`shown_warnings`: the sizing's warnings, then the recommendation's,
  then the cost engine's; errors first, then warnings, then notes (the
  engine's order otherwise); an item said twice (the same code and the same
  values) shown once. Two warnings under one code with different values (an
  implausible on-demand price and an implausible monthly price) are two
  warnings and both are shown.
- :func:`ranking` (and :func:`option_order`, its options): the recommended
  option first, then the other feasible options cheapest first, each option
  that is the same as another (``same_as``: the same plan and cash flow)
  folded under it without a rank of its own, then spot priced as a saving
  with its risk, then the infeasible options. Rank 2 is the runner-up
  (:func:`gpu_advisor.engine.cost.finance.runner_up`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, NamedTuple

from gpu_advisor.model.common import Advice, Severity
from gpu_advisor.model.cost_results import CostResult, OptionResult
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import OptionId

_SEVERITY_RANK: Final = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


class WarningSource(StrEnum):
    """Which part of the evaluation raised a shown warning."""

    SIZING = "sizing"
    COST = "cost"
    """The recommendation's warnings and the cost engine's."""


@dataclass(frozen=True, slots=True)
class ShownWarnings:
    """The plan's one warning list, each item with the part that raised it."""

    items: tuple[tuple[WarningSource, Advice], ...]

    @property
    def advice(self) -> list[Advice]:
        """Every shown warning, in the shown order."""
        return [advice for _source, advice in self.items]

    @property
    def top(self) -> Advice | None:
        """The warning page 1 leads with: the most severe, and among equally
        severe ones the decision's own (the recommendation's and the cost
        engine's) before the sizing's, in the shown order otherwise."""
        if not self.items:
            return None
        best = min(
            range(len(self.items)),
            key=lambda i: (
                _SEVERITY_RANK.get(self.items[i][1].severity, 3),
                self.items[i][0] is not WarningSource.COST,
                i,
            ),
        )
        return self.items[best][1]

    def of(self, source: WarningSource) -> list[Advice]:
        """The shown warnings one part raised, in the shown order (the PDF's
        sizing and cost sections each list their part of the one list)."""
        return [advice for s, advice in self.items if s is source]


def _said(item: Advice) -> str:
    """What an advice says, as one comparable value: its code and values."""
    return item.model_dump_json(include={"code", "params"})


def ordered_advice(
    advice: Sequence[tuple[WarningSource, Advice]],
) -> ShownWarnings:
    """``advice`` errors first, then warnings, then notes, each item once.

    Examples
    --------
    >>> def a(code, price, severity=Severity.WARNING):
    ...     return Advice(code=code, severity=severity, params={"price": price})
    >>> shown = ordered_advice([
    ...     (WarningSource.SIZING, a("x", "note", Severity.INFO)),
    ...     (WarningSource.COST, a("p", "on_demand")),
    ...     (WarningSource.COST, a("p", "monthly")),
    ...     (WarningSource.COST, a("p", "on_demand")),
    ... ])
    >>> [w.params["price"] for w in shown.advice]
    ['on_demand', 'monthly', 'note']
    """
    seen: set[str] = set()
    out: list[tuple[WarningSource, Advice]] = []
    for source, item in sorted(
        advice, key=lambda pair: _SEVERITY_RANK.get(pair[1].severity, 3)
    ):
        key = _said(item)
        if key not in seen:
            seen.add(key)
            out.append((source, item))
    return ShownWarnings(tuple(out))


def shown_warnings(evaluation: Evaluation) -> ShownWarnings:
    """The warnings every output of the plan shows, in the order shown.

    The sizing's, then the recommendation's, then the cost engine's, ordered
    and de-duplicated by :func:`ordered_advice`.

    Examples
    --------
    >>> from gpu_advisor.engine.evaluate import evaluate
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> ev = evaluate(Project(), load_catalog())
    >>> shown = shown_warnings(ev)
    >>> len(shown.advice) == len({_said(a) for a in shown.advice})
    True
    """
    return ordered_advice(
        [
            *((WarningSource.SIZING, a) for a in evaluation.sizing.warnings),
            *((WarningSource.COST, a) for a in evaluation.cost.recommendation.warnings),
            *((WarningSource.COST, a) for a in evaluation.cost.warnings),
        ]
    )


class Ranked(NamedTuple):
    """One row of the option ranking."""

    option: OptionResult
    rank: int | None
    """1 for the recommendation, 2 for the runner-up, …; None for an option
    that is the same as another (``option.same_as``), spot shown as a saving
    with its risk (``option.at_risk_cny``) and an infeasible option."""
    recommended: bool
    """The recommended option, or the same plan under another name."""


def _root_of(by_id: dict[OptionId, OptionResult], option_id: OptionId) -> OptionId:
    """The option ``option_id`` is the same as, following ``same_as`` links."""
    seen: set[OptionId] = set()
    current = option_id
    while current not in seen:
        seen.add(current)
        target = by_id.get(current)
        if target is None or target.same_as is None:
            break
        current = target.same_as
    return current


def ranking(cost: CostResult) -> list[Ranked]:
    """Every priced option in the one order every option table lists it.

    The recommended option is rank 1 (it need not be the cheapest: a rule
    with its threshold says why, e.g. a single contract over a mix saving
    under 5 %). The other feasible options follow cheapest first (totals
    equal to the fen: by id), ranked 2, 3, …; an option that is the same
    plan as another (``same_as``) comes right after it with no rank, so two
    names for one cash flow never hold two ranks. Then spot priced as a
    saving with its risk (``at_risk_cny``), then the infeasible options in
    the engine's table order, all without a rank.

    Examples
    --------
    >>> from gpu_advisor.model.cost_results import BreakEven, Recommendation
    >>> def opt(i, total, same=None, risk=None):
    ...     return OptionResult(id=i, total_cny=total, monthly_cny=[total],
    ...         cumulative_cny=[total], npv_cny=total, same_as=same, at_risk_cny=risk)
    >>> cost = CostResult(options=[opt("on_demand", 15.0), opt("yearly", 12.0),
    ...     opt("spot", 9.0, risk=20.0), opt("mix", 11.0), opt("hybrid", 11.0, "mix"),
    ...     opt("self_build", 11.5)], break_even=BreakEven(),
    ...     recommendation=Recommendation(option="yearly"),
    ...     demand_gpu_hours=[1.0], horizon_months=1, gpu_id="A100-80GB-SXM")
    >>> [(r.option.id.value, r.rank) for r in ranking(cost)]  # doctest: +NORMALIZE_WHITESPACE
    [('yearly', 1), ('mix', 2), ('hybrid', None), ('self_build', 3),
     ('on_demand', 4), ('spot', None)]
    """
    by_id = {o.id: o for o in cost.options}
    chosen = cost.recommendation.option
    top = None if chosen is None else _root_of(by_id, chosen)
    feasible = [o for o in cost.options if o.feasible and o.at_risk_cny is None]
    roots = sorted(
        (o for o in feasible if _root_of(by_id, o.id) == o.id),
        key=lambda o: (o.id != top, round(o.total_cny, 2), o.id.value),
    )
    rows: list[Ranked] = []
    for rank, root in enumerate(roots, 1):
        is_top = root.id == top
        rows.append(Ranked(root, rank, is_top))
        rows.extend(
            Ranked(o, None, is_top)
            for o in feasible
            if o.id != root.id and _root_of(by_id, o.id) == root.id
        )
    placed = {r.option.id for r in rows}
    rest = [o for o in cost.options if o.id not in placed]
    rows.extend(Ranked(o, None, False) for o in rest if o.feasible)
    rows.extend(Ranked(o, None, False) for o in rest if not o.feasible)
    return rows


def option_order(cost: CostResult) -> list[OptionResult]:
    """Every priced option in the order every option table lists it
    (:func:`ranking`'s options).

    Examples
    --------
    >>> from gpu_advisor.engine.evaluate import evaluate
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> cost = evaluate(Project(), load_catalog()).cost
    >>> order = option_order(cost)
    >>> sorted(o.id for o in order) == sorted(o.id for o in cost.options)
    True
    >>> rows = ranking(cost)
    >>> rows[0].option.id == cost.recommendation.option, rows[0].rank
    (True, 1)
    """
    return [row.option for row in ranking(cost)]
