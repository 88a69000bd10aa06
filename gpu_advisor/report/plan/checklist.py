"""The checklist section: every item's state, owner and note by group, then the open items."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from reportlab.lib import colors
from reportlab.platypus import Paragraph

from gpu_advisor.engine.api import PlanEvaluation
from gpu_advisor.model.catalog import Catalog, ChecklistEntry
from gpu_advisor.model.project import CheckStatus, Project
from gpu_advisor.report.plan.document import Story, escape
from gpu_advisor.words import say

_STATUS_COLORS: Final = {
    CheckStatus.PASS: colors.HexColor("#d8efd9"),
    CheckStatus.FAIL: colors.HexColor("#f6d5d5"),
    CheckStatus.OPEN: colors.HexColor("#fdf0cf"),
    CheckStatus.NOT_APPLICABLE: colors.HexColor("#eeeeee"),
}


_GROUPS: Final = ("six_points", "colocation", "contract", "pitfalls")
"""The checklist's groups, in the order the plan prints them."""


def checklist_section(
    st: Story, project: Project, ev: PlanEvaluation, catalog: Catalog
) -> None:
    """The counts, one table per group of items, then the items still open or failed."""
    st.h1("checklist")
    if not catalog.checklist:
        st.p(st.t("chk.empty"))
        return
    tally = ev.review.tally
    st.p(
        st.t(
            "chk.intro",
            total=tally.total,
            passed=tally.passed,
            failed=tally.failed,
            open=tally.open,
            na=tally.not_applicable,
        )
    )
    for group in _GROUPS:
        entries = [e for e in catalog.checklist if e.group == group]
        if entries:
            st.h2(st.t(f"grp.{group}"))
            _group_table(st, project, ev, entries)
    _open_items(st, project, ev, catalog)


def _group_table(
    st: Story,
    project: Project,
    ev: PlanEvaluation,
    entries: Sequence[ChecklistEntry],
) -> None:
    """One group's items: the check with its detail, state, owner, note and evidence."""
    items = {item.id: item for item in project.checklist}
    states = ev.review.states
    rows = []
    extra: list[tuple[Any, ...]] = []
    for i, e in enumerate(entries, 1):
        item = items.get(e.id)
        status = states[e.id]
        title = say(f"checklist_entry.{e.id}.title", st.lang)
        detail = say(f"checklist_entry.{e.id}.detail", st.lang)
        check = Paragraph(
            f"{escape(title, st.lang)}<br/><font size='7' color='#666666'>{escape(detail, st.lang)}</font>",
            st.s.cell,
        )
        note = ""
        if item is not None:
            note = item.note
            if item.evidence_file:
                note = (
                    f"{note}\n[{item.evidence_file}]"
                    if note
                    else f"[{item.evidence_file}]"
                )
        note_cell = Paragraph(escape(note, st.lang).replace("\n", "<br/>"), st.s.cell)
        rows.append(
            (
                check,
                st.t(f"chk.{status.value}"),
                item.owner if item else "",
                note_cell,
            )
        )
        extra.append(("BACKGROUND", (1, i), (1, i), _STATUS_COLORS[status]))
    st.table(
        [
            st.t("col.check"),
            st.t("col.status"),
            st.t("col.owner"),
            st.t("col.note"),
        ],
        rows,
        [3.2, 0.8, 1, 2],
        extra=extra,
    )


def _open_items(
    st: Story, project: Project, ev: PlanEvaluation, catalog: Catalog
) -> None:
    """The items still open or failed, with their owners."""
    items = {item.id: item for item in project.checklist}
    states = ev.review.states
    st.h2(st.t("chk.open_items"))
    open_entries = [
        e
        for e in catalog.checklist
        if states[e.id] in {CheckStatus.OPEN, CheckStatus.FAIL}
    ]
    if open_entries:
        st.bullets(
            [
                f"{say(f'checklist_entry.{e.id}.title', st.lang)} — "
                f"{st.t('chk.' + states[e.id].value)}"
                + (
                    f" ({items[e.id].owner})"
                    if e.id in items and items[e.id].owner
                    else ""
                )
                for e in open_entries
            ]
        )
    else:
        st.p(st.t("chk.none_open"))
