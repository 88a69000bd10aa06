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
- :func:`option_order`: the feasible options cheapest first (totals equal to
  the fen: the recommended option first, then by id), then the infeasible
  ones in the engine's table order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from gpu_advisor.model.common import Advice, Severity
from gpu_advisor.model.cost_results import CostResult, OptionResult
from gpu_advisor.model.evaluation import Evaluation

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


def option_order(cost: CostResult) -> list[OptionResult]:
    """Every priced option in the order every option table lists it.

    The feasible options cheapest first by total (compared to the fen; on a
    tie the recommended option first, then by id), then those on spot that
    would not stay cheapest at the high reclaim values (``at_risk_cny``), then
    the infeasible ones in the engine's table order.

    Examples
    --------
    >>> from gpu_advisor.engine.evaluate import evaluate
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> cost = evaluate(Project(), load_catalog()).cost
    >>> order = option_order(cost)
    >>> sorted(o.id for o in order) == sorted(o.id for o in cost.options)
    True
    >>> feasible = [round(o.total_cny, 2) for o in order if o.feasible]
    >>> feasible == sorted(feasible)
    True
    """
    chosen = cost.recommendation.option
    feasible = sorted(
        (o for o in cost.options if o.feasible),
        key=lambda o: (
            o.at_risk_cny is not None,
            round(o.total_cny, 2),
            o.id != chosen,
            o.id.value,
        ),
    )
    return [*feasible, *(o for o in cost.options if not o.feasible)]
