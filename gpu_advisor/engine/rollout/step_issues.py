"""What is still wrong or open in each part of a plan, for the step list.

The wizard's side list marks a step "has a problem" when this module finds
something there: an error or warning of the engine that belongs to the step,
or an open item of the review (:func:`gpu_advisor.engine.rollout.review.review`): an
open or failed checklist item, a vendor without results, a sign-off row
without a name. Everything comes from one :class:`PlanEvaluation`; the list
only shows it.

Standing remarks are left out: a warning the engine attaches to every plan of
a kind, whatever the user enters (the article's memory rule of thumb, its
electricity claim, the residency requirement). They say something true about
a rule, not about this plan's inputs, and a step marked by them for every
plan would mean nothing.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Final

from gpu_advisor.engine.rollout.review import OpenItem, OpenKind
from gpu_advisor.model.common import Advice, Severity

if TYPE_CHECKING:  # evaluate reads these issues: no import at run time
    from gpu_advisor.engine.evaluate import PlanEvaluation


class PlanPart(StrEnum):
    """The parts of a plan, one per wizard step, in the steps' order."""

    PROJECT = "project"
    WORKLOAD = "workload"
    BUDGET = "budget"
    VENDORS = "vendors"
    ENVIRONMENT = "environment"
    MONITORING = "monitoring"
    CHECKLIST = "checklist"
    REVIEW = "review"


STANDING_REMARKS: Final = frozenset(
    {
        "memory.rule_of_thumb",
        "recommend.electricity_article_claim",
        "recommend.residency_country",
        "recommend.residency_city",
    }
)
"""Warning codes the engine gives every plan of a kind (see the module note)."""

_OPEN_ITEM_PARTS: Final = {
    OpenKind.CHECK_FAILED: PlanPart.CHECKLIST,
    OpenKind.CHECK_OPEN: PlanPart.CHECKLIST,
    OpenKind.NO_AUTHOR: PlanPart.PROJECT,
    OpenKind.NO_ORGANISATION: PlanPart.PROJECT,
    OpenKind.NO_VENDORS: PlanPart.VENDORS,
    OpenKind.NO_RESULTS: PlanPart.VENDORS,
    OpenKind.NO_SIGNOFF: PlanPart.REVIEW,
    OpenKind.SIGNOFF_UNNAMED: PlanPart.REVIEW,
}


def _problems(advice: list[Advice]) -> list[Advice]:
    """Errors and warnings once per code, errors first, standing remarks left out."""
    seen: set[str] = set()
    out: list[Advice] = []
    for item in advice:
        if (
            item.severity in (Severity.ERROR, Severity.WARNING)
            and item.code not in STANDING_REMARKS
            and item.code not in seen
        ):
            seen.add(item.code)
            out.append(item)
    return sorted(out, key=lambda a: a.severity is not Severity.ERROR)


def _open_item_advice(kind: OpenKind, items: list[OpenItem]) -> Advice:
    """One remark for the open items of one kind (``review.<kind>``): how many,
    and the subjects that have a name (the vendors without results)."""
    return Advice(
        code=f"review.{kind.value}",
        severity=Severity.WARNING,
        params={
            "count": len(items),
            "names": [item.subject for item in items if item.subject],
        },
        inputs=list(dict.fromkeys(item.field for item in items if item.field)),
    )


def _environment_advice(evaluation: PlanEvaluation) -> list[Advice]:
    """What the environment step shows: the rollout's advice on the environment
    the files run (the evaluation's nodes), its node-count notes and a missing
    script source (:attr:`~gpu_advisor.engine.evaluate.Rollout.advice`)."""
    return evaluation.rollout.advice


def step_issues(evaluation: PlanEvaluation) -> dict[PlanPart, list[Advice]]:
    """The problems of each part of the plan (empty list: nothing to fix).

    Parameters
    ----------
    evaluation : PlanEvaluation
        The plan's evaluation (its vendors, review and rollout are computed
        if they were not yet). [-]

    Returns
    -------
    dict of PlanPart to list of Advice
        Every part, in step order; errors first within a part. [-]

    Examples
    --------
    >>> from gpu_advisor.engine.evaluate import evaluate_plan
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> catalog = load_catalog()
    >>> from gpu_advisor.words import text
    >>> issues = step_issues(evaluate_plan(Project(), catalog))
    >>> [text(a, "en") for a in issues[PlanPart.CHECKLIST]]
    ['18 checklist items still open.']
    >>> issues[PlanPart.WORKLOAD]  # the memory rule of thumb is a standing remark
    []
    """
    issues: dict[PlanPart, list[Advice]] = {part: [] for part in PlanPart}
    issues[PlanPart.WORKLOAD] = _problems(list(evaluation.sizing.warnings))
    cost = evaluation.cost
    issues[PlanPart.BUDGET] = _problems([*cost.warnings, *cost.recommendation.warnings])
    issues[PlanPart.ENVIRONMENT] = _problems(_environment_advice(evaluation))
    vendors = evaluation.vendors
    if vendors.problem:
        issues[PlanPart.VENDORS].append(
            Advice(
                code="vendors.scoring_refused",
                severity=Severity.ERROR,
                params={"problem": vendors.problem},
                inputs=["vendors"],
            )
        )
    by_kind: dict[OpenKind, list[OpenItem]] = {}
    for item in evaluation.review.open_items:
        by_kind.setdefault(item.kind, []).append(item)
    for kind, items in by_kind.items():
        issues[_OPEN_ITEM_PARTS[kind]].append(_open_item_advice(kind, items))
    return issues
