"""The review of a plan: checklist states, open items and whether it can be approved.

Pure rules shared by the checklist step, the review step, the PDF plan and
the CLI (they render :class:`Review`; none of them counts on its own).

The checklist's items come from the catalog (the six points and the
contract clauses of the source articles); their state lives in
``project.checklist``. An item the user has not touched yet is open. Items
whose id the catalog does not know (a newer catalog wrote the file) are
kept and counted. A plan is approved only when every sign-off row
approves it (approve, or approve with conditions).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.project import CheckStatus, Decision, Project, SignOffRow

APPROVING: Final = frozenset({Decision.APPROVE, Decision.APPROVE_WITH_CONDITIONS})
"""Sign-off decisions that count as approval."""

DONE_STATES: Final = frozenset({CheckStatus.PASS, CheckStatus.NOT_APPLICABLE})
"""Checklist states that count as done."""


class OpenKind(StrEnum):
    """Why the plan is not finished yet (the order the review lists them)."""

    CHECK_FAILED = "check_failed"
    CHECK_OPEN = "check_open"
    NO_AUTHOR = "no_author"
    NO_ORGANISATION = "no_organisation"
    NO_VENDORS = "no_vendors"
    NO_RESULTS = "no_results"
    NO_SIGNOFF = "no_signoff"
    SIGNOFF_UNNAMED = "signoff_unnamed"


@dataclass(frozen=True, slots=True)
class OpenItem:
    """One open point and the project field behind it.

    ``subject`` is the checklist id, vendor name or sign-off role it names
    ('' when none); ``field`` the project path an edit would fix, e.g.
    ``meta.author`` or ``signoff[0].name``.
    """

    kind: OpenKind
    field: str
    subject: str = ""


@dataclass(frozen=True, slots=True)
class ChecklistTally:
    """Counts over every checklist item (catalog ones and unknown ones kept)."""

    passed: int
    failed: int
    open: int
    not_applicable: int

    @property
    def total(self) -> int:
        """All items. [1]"""
        return self.passed + self.failed + self.open + self.not_applicable

    @property
    def done(self) -> int:
        """Passed or not applicable. [1]"""
        return self.passed + self.not_applicable


@dataclass(frozen=True, slots=True)
class Review:
    """Everything the review step, the checklist step and the PDF show of the review."""

    states: dict[str, CheckStatus]
    tally: ChecklistTally
    open_items: list[OpenItem] = field(default_factory=list)
    approvable: bool = False
    waiting_roles: list[str] = field(default_factory=list)


def checklist_states(project: Project, catalog: Catalog) -> dict[str, CheckStatus]:
    """State of every checklist item: catalog order first, then unknown ids kept.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> states = checklist_states(Project(), load_catalog())
    >>> set(states.values()) == {CheckStatus.OPEN}
    True
    """
    given = {item.id: item.status for item in project.checklist}
    out = {e.id: given.get(e.id, CheckStatus.OPEN) for e in catalog.checklist}
    for item_id, status in given.items():
        out.setdefault(item_id, status)
    return out


def tally(states: dict[str, CheckStatus]) -> ChecklistTally:
    """Count the states.

    >>> t = tally({"a": CheckStatus.PASS, "b": CheckStatus.NOT_APPLICABLE,
    ...            "c": CheckStatus.FAIL})
    >>> (t.done, t.total, t.failed, t.open)
    (2, 3, 1, 0)
    """
    values = list(states.values())
    return ChecklistTally(
        passed=values.count(CheckStatus.PASS),
        failed=values.count(CheckStatus.FAIL),
        open=values.count(CheckStatus.OPEN),
        not_applicable=values.count(CheckStatus.NOT_APPLICABLE),
    )


def all_rows_approve(rows: list[SignOffRow]) -> bool:
    """True when there is at least one row and every row approves.

    >>> all_rows_approve([SignOffRow(role="CTO", decision=Decision.APPROVE)])
    True
    >>> all_rows_approve([SignOffRow(role="CTO"), SignOffRow(role="Finance")])
    False
    >>> all_rows_approve([])
    False
    """
    return bool(rows) and all(row.decision in APPROVING for row in rows)


def open_items(project: Project, states: dict[str, CheckStatus]) -> list[OpenItem]:
    """Failed checks, open checks, then missing inputs, each with its field.

    Examples
    --------
    >>> [i.field for i in open_items(Project(), {})][:2]
    ['meta.author', 'meta.organisation']
    """
    index = {item.id: i for i, item in enumerate(project.checklist)}

    def check_field(item_id: str) -> str:
        return (
            f"checklist[{index[item_id]}].status" if item_id in index else "checklist"
        )

    out = [
        OpenItem(OpenKind.CHECK_FAILED, check_field(i), i)
        for i, s in states.items()
        if s is CheckStatus.FAIL
    ]
    out += [
        OpenItem(OpenKind.CHECK_OPEN, check_field(i), i)
        for i, s in states.items()
        if s is CheckStatus.OPEN
    ]
    if not project.meta.author:
        out.append(OpenItem(OpenKind.NO_AUTHOR, "meta.author"))
    if not project.meta.organisation:
        out.append(OpenItem(OpenKind.NO_ORGANISATION, "meta.organisation"))
    if not project.vendors:
        out.append(OpenItem(OpenKind.NO_VENDORS, "vendors"))
    for i, vendor in enumerate(project.vendors):
        if not vendor.measurements:
            out.append(
                OpenItem(OpenKind.NO_RESULTS, f"vendors[{i}].measurements", vendor.name)
            )
    if not project.signoff:
        out.append(OpenItem(OpenKind.NO_SIGNOFF, "signoff"))
    for i, row in enumerate(project.signoff):
        if not row.name:
            out.append(
                OpenItem(OpenKind.SIGNOFF_UNNAMED, f"signoff[{i}].name", row.role)
            )
    return out


def review(project: Project, catalog: Catalog) -> Review:
    """The plan's review state.

    Parameters
    ----------
    project : Project
        Checklist, meta, vendors and sign-off rows.
    catalog : Catalog
        The checklist's items.

    Returns
    -------
    Review
        States, tally, open items, whether it can be approved and the roles
        still to approve.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> r = review(Project(), load_catalog())
    >>> r.approvable, r.tally.done, r.tally.total == len(load_catalog().checklist)
    (False, 0, True)
    """
    states = checklist_states(project, catalog)
    return Review(
        states=states,
        tally=tally(states),
        open_items=open_items(project, states),
        approvable=all_rows_approve(project.signoff),
        waiting_roles=[
            row.role for row in project.signoff if row.decision not in APPROVING
        ],
    )
