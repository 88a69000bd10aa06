"""engine.review: checklist states, open items and approval, one rule for all outputs."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gpu_advisor.engine.rollout.review import (
    OpenKind,
    all_rows_approve,
    checklist_states,
    review,
    tally,
)
from gpu_advisor.model.project import (
    ChecklistItem,
    CheckStatus,
    Decision,
    Project,
    ProjectMeta,
    SignOffRow,
    Vendor,
)
from tests.engine._cost_helpers import CATALOG


def test_untouched_items_are_open_and_unknown_ids_are_kept():
    first = CATALOG.checklist[0].id
    project = Project(
        checklist=[
            ChecklistItem(id=first, status=CheckStatus.PASS),
            ChecklistItem(id="from_a_newer_catalog", status=CheckStatus.FAIL),
        ]
    )
    states = checklist_states(project, CATALOG)
    assert list(states)[: len(CATALOG.checklist)] == [e.id for e in CATALOG.checklist]
    assert states[first] is CheckStatus.PASS
    assert states["from_a_newer_catalog"] is CheckStatus.FAIL
    t = tally(states)
    assert (t.done, t.failed, t.total) == (1, 1, len(CATALOG.checklist) + 1)
    assert t.open == len(CATALOG.checklist) - 1


def test_open_items_name_the_field_behind_them():
    project = Project(
        meta=ProjectMeta(author="Li Wei"),
        vendors=[Vendor(name="A%2")],
        checklist=[ChecklistItem(id=CATALOG.checklist[0].id, status=CheckStatus.FAIL)],
        signoff=[SignOffRow(role="CTO", decision=Decision.APPROVE)],
    )
    items = review(project, CATALOG).open_items
    assert items[0].kind is OpenKind.CHECK_FAILED
    assert items[0].field == "checklist[0].status"
    kinds = {i.kind: i for i in items}
    assert OpenKind.NO_AUTHOR not in kinds
    assert kinds[OpenKind.NO_ORGANISATION].field == "meta.organisation"
    assert kinds[OpenKind.NO_RESULTS].field == "vendors[0].measurements"
    assert kinds[OpenKind.NO_RESULTS].subject == "A%2"
    assert kinds[OpenKind.SIGNOFF_UNNAMED].field == "signoff[0].name"
    assert kinds[OpenKind.SIGNOFF_UNNAMED].subject == "CTO"


def test_approval_needs_every_row():
    rows = [
        SignOffRow(role="CTO", decision=Decision.APPROVE),
        SignOffRow(role="Finance"),
    ]
    r = review(Project(signoff=rows), CATALOG)
    assert not r.approvable
    assert r.waiting_roles == ["Finance"]
    ok = [row.model_copy(update={"decision": Decision.APPROVE}) for row in rows]
    assert review(Project(signoff=ok), CATALOG).approvable


@given(st.lists(st.sampled_from(list(CheckStatus)), max_size=30))
def test_tally_adds_up(statuses: list[CheckStatus]):
    t = tally({str(i): s for i, s in enumerate(statuses)})
    assert t.total == len(statuses)
    assert t.done == sum(
        s in {CheckStatus.PASS, CheckStatus.NOT_APPLICABLE} for s in statuses
    )
    assert t.done + t.open + t.failed == t.total


@given(st.lists(st.sampled_from(list(Decision)), max_size=6))
def test_all_rows_approve_property(decisions: list[Decision]):
    rows = [SignOffRow(role=f"r{i}", decision=d) for i, d in enumerate(decisions)]
    expected = bool(decisions) and all(
        d in {Decision.APPROVE, Decision.APPROVE_WITH_CONDITIONS} for d in decisions
    )
    assert all_rows_approve(rows) is expected
