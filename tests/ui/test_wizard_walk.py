"""The whole wizard: every page, forward and back, with each example project.

Also the binding across pages (an edit on one step shows on another), undo
and redo across pages, and the state marks of the side list of steps.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gpu_advisor import __version__
from gpu_advisor.io.project_file import fingerprint, load_project
from gpu_advisor.ui.pages.project_page import ProjectPage
from gpu_advisor.ui.pages.review_page import ReviewPage
from gpu_advisor.ui.pages.workload_page import WorkloadPage
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.wizard import AdvisorWizard, PageId, StepList

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)


def _wizard(qtbot: Any, session: ProjectSession) -> tuple[AdvisorWizard, StepList]:
    wizard = AdvisorWizard(session)
    steps = StepList(wizard)
    qtbot.addWidget(wizard)
    qtbot.addWidget(steps)
    wizard.resize(1280, 760)
    wizard.show()
    qtbot.waitExposed(wizard)
    wizard.restart()
    return wizard, steps


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_walk_every_page_forward_and_back(qtbot: Any, path: Path) -> None:
    session = ProjectSession(load_project(path), path)
    wizard, steps = _wizard(qtbot, session)
    seen = [wizard.currentId()]
    while wizard.currentId() != PageId.REVIEW:
        wizard.next()
        assert wizard.currentId() != seen[-1], f"stuck on {PageId(seen[-1]).name}"
        seen.append(wizard.currentId())
    assert seen == [int(p) for p in PageId]
    # Every step of a valid example can go on, and all were seen.
    assert {steps.step_state(p) for p in PageId} == {"done"}
    while wizard.currentId() != PageId.PROJECT:
        wizard.back()
        seen.append(wizard.currentId())
    assert seen[len(PageId) :] == [int(p) for p in reversed(PageId)][1:]
    # Walking changed nothing in the project.
    assert session.project == load_project(path)
    assert not session.is_dirty


def test_edits_follow_across_pages_with_undo_and_redo(qtbot: Any) -> None:
    path = EXAMPLES[0]
    session = ProjectSession(load_project(path), path)
    wizard, _ = _wizard(qtbot, session)
    project_page = wizard.page_for(PageId.PROJECT)
    assert isinstance(project_page, ProjectPage)
    original = session.project

    # Step 0 -> model: a new title.
    project_page.title_edit.setText("Plan B")
    assert session.project.meta.title == "Plan B"

    # Step 1 -> model: another sequence length.
    wizard.go_to(PageId.WORKLOAD)
    workload = wizard.page_for(PageId.WORKLOAD)
    assert isinstance(workload, WorkloadPage)
    workload.seq_len.editor.setValue(2048)
    assert session.project.workload.seq_len == 2048

    # Model -> step 7: the fingerprint on the review page follows both edits.
    wizard.go_to(PageId.REVIEW)
    review = wizard.page_for(PageId.REVIEW)
    assert isinstance(review, ReviewPage)
    assert review.fingerprint_edit.text() == fingerprint(session.project, __version__)

    # Undo from the last page reaches back to the other steps' widgets.
    session.undo_stack.undo()
    assert workload.seq_len.editor.value() == original.workload.seq_len
    session.undo_stack.undo()
    assert project_page.title_edit.text() == original.meta.title
    assert session.project == original
    assert review.fingerprint_edit.text() == fingerprint(original, __version__)
    session.undo_stack.redo()
    session.undo_stack.redo()
    assert project_page.title_edit.text() == "Plan B"
    assert workload.seq_len.editor.value() == 2048


def test_step_list_marks_a_step_with_a_problem(qtbot: Any) -> None:
    session = ProjectSession()
    wizard, steps = _wizard(qtbot, session)
    project_page = wizard.page_for(PageId.PROJECT)
    assert isinstance(project_page, ProjectPage)
    assert steps.step_state(PageId.PROJECT) == "done"
    assert steps.step_state(PageId.REVIEW) == "todo"
    project_page.title_edit.setText("")  # a plan needs a title
    assert steps.step_state(PageId.PROJECT) == "problem"
    assert not steps.item(0).icon().isNull()
    project_page.title_edit.setText("Back again")
    assert steps.step_state(PageId.PROJECT) == "done"
    # The side list jumps to any step, forward or back.
    steps._on_item_clicked(steps.item(int(PageId.CHECKLIST)))
    assert wizard.currentId() == PageId.CHECKLIST
    steps._on_item_clicked(steps.item(int(PageId.WORKLOAD)))
    assert wizard.currentId() == PageId.WORKLOAD
