"""ProjectSession, the undo commands and the project page binding."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from gpu_advisor.model.project import Currency, Project, ProjectMeta
from gpu_advisor.ui.pages.project_page import ProjectPage
from gpu_advisor.ui.session import ProjectSession


def test_apply_sets_field_and_pushes_one_command(session: ProjectSession) -> None:
    session.apply("meta.horizon_months", 24)
    assert session.project.meta.horizon_months == 24
    assert session.undo_stack.count() == 1
    assert session.is_dirty


def test_consecutive_edits_of_one_field_merge(session: ProjectSession) -> None:
    for text in ("A", "Ab", "Abc"):
        session.apply("meta.title", text)
    assert session.undo_stack.count() == 1
    session.undo_stack.undo()
    assert session.project.meta.title == ProjectMeta().title
    session.undo_stack.redo()
    assert session.project.meta.title == "Abc"


def test_edits_of_different_fields_do_not_merge(session: ProjectSession) -> None:
    session.apply("meta.title", "One")
    session.apply("meta.author", "Li Wei")
    session.apply("meta.title", "Two")
    assert session.undo_stack.count() == 3
    session.undo_stack.undo()
    assert session.project.meta.title == "One"
    assert session.project.meta.author == "Li Wei"


def test_typing_back_to_the_old_value_leaves_nothing_to_undo(
    session: ProjectSession,
) -> None:
    original = session.project.meta.title
    session.apply("meta.title", original + "x")
    session.apply("meta.title", original)
    assert session.undo_stack.count() == 0
    assert not session.is_dirty


def test_invalid_value_raises_and_changes_nothing(session: ProjectSession) -> None:
    before = session.project
    with pytest.raises(ValidationError):
        session.apply("meta.horizon_months", 0)
    with pytest.raises(ValidationError):
        session.apply("meta.title", "")
    assert session.project is before
    assert session.undo_stack.count() == 0


def test_unknown_path_is_a_key_error(session: ProjectSession) -> None:
    with pytest.raises(KeyError):
        session.apply("meta.no_such_field", 1)


def test_same_value_pushes_nothing(session: ProjectSession) -> None:
    session.apply("meta.horizon_months", session.project.meta.horizon_months)
    assert session.undo_stack.count() == 0


def test_project_changed_and_dirty_signals(qtbot: Any, session: ProjectSession) -> None:
    with qtbot.waitSignal(session.project_changed) as changed:
        session.apply("meta.organisation", "Acme AI")
    assert changed.args[0].meta.organisation == "Acme AI"
    with qtbot.waitSignal(session.dirty_changed) as dirty:
        session.undo_stack.undo()
    assert dirty.args == [False]
    assert not session.is_dirty


def test_replace_project_never_merges(session: ProjectSession) -> None:
    first = Project(meta=ProjectMeta(title="First"))
    second = Project(meta=ProjectMeta(title="Second"))
    session.replace_project(first, "Load first")
    session.replace_project(second, "Load second")
    assert session.undo_stack.count() == 2
    assert session.undo_stack.undoText() == "Load second"
    session.undo_stack.undo()
    assert session.project == first


def test_reset_clears_history_and_marks_clean_or_dirty(
    qtbot: Any, session: ProjectSession, tmp_path: Any
) -> None:
    session.apply("meta.title", "Edited")
    path = tmp_path / "a.gpuplan"
    with qtbot.waitSignal(session.path_changed):
        session.reset(Project(), path)
    assert session.undo_stack.count() == 0
    assert not session.is_dirty
    assert session.path == path
    session.reset(Project(meta=ProjectMeta(title="Recovered")), None, dirty=True)
    assert session.is_dirty
    session.mark_saved(path)
    assert not session.is_dirty


def test_evaluation_cache_is_dropped_on_change(session: ProjectSession) -> None:
    first = session.evaluation
    assert session.evaluation is first  # cached
    session.apply("meta.horizon_months", 36)
    assert session.evaluation is not first
    assert session.evaluation.project is session.project
    assert session.evaluation.cost.recommendation.option is not None


def test_the_session_evaluation_equals_a_fresh_one(session: ProjectSession) -> None:
    """The session's memo reuses across edits; what it gives is the plan's evaluation."""
    from gpu_advisor.engine.evaluate import evaluate_plan

    first = session.evaluation
    session.apply("meta.author", "Someone")
    renamed = session.evaluation
    assert renamed.cost is first.cost  # the words of the plan price nothing
    assert renamed.sizing is first.sizing
    session.apply("workload.tokens_billion", 77.0)
    for ev in (renamed, session.evaluation):
        assert ev == evaluate_plan(ev.project, session.catalog, monte_carlo=False)
    session.undo_stack.undo()
    assert session.evaluation == renamed


# --- the project page: both directions, undo, validation ---------------------------


@pytest.fixture
def page(qtbot: Any, session: ProjectSession) -> ProjectPage:
    widget = ProjectPage(session)
    qtbot.addWidget(widget)
    widget.initializePage()
    return widget


def test_page_shows_the_model(page: ProjectPage, session: ProjectSession) -> None:
    assert page.title_edit.text() == session.project.meta.title
    assert page.horizon_spin.value() == 12
    assert page.currency_combo.currentData() == "CNY"
    assert page.region_combo.currentData() == "shanghai"


def test_page_typing_is_one_undo_step(
    qtbot: Any, page: ProjectPage, session: ProjectSession
) -> None:
    page.title_edit.clear()  # invalid (empty title): rejected, no command
    assert not page.isComplete()
    assert page.error_label.text().startswith("plan title")
    assert session.project.meta.title == ProjectMeta().title
    qtbot.keyClicks(page.title_edit, "Qwen 7B LoRA")
    assert page.isComplete()
    assert session.project.meta.title == "Qwen 7B LoRA"
    assert session.undo_stack.count() == 1
    session.undo_stack.undo()  # model -> widget
    assert page.title_edit.text() == ProjectMeta().title


def test_page_widgets_write_the_model(
    page: ProjectPage, session: ProjectSession
) -> None:
    page.organisation_edit.setText("Shenzhen Robotics")
    page.author_edit.setText("Zhang San")
    page.horizon_spin.setValue(36)
    page.currency_combo.setCurrentIndex(page.currency_combo.findData("USD"))
    meta = session.project.meta
    assert (meta.organisation, meta.author, meta.horizon_months, meta.currency) == (
        "Shenzhen Robotics",
        "Zhang San",
        36,
        Currency.USD,
    )
    assert session.undo_stack.count() == 4


def test_page_follows_a_replaced_project(
    page: ProjectPage, session: ProjectSession
) -> None:
    other = Project(
        meta=ProjectMeta(
            title="Other", horizon_months=60, currency=Currency.HKD, region_id="mars"
        )
    )
    session.replace_project(other, "replace")
    assert page.title_edit.text() == "Other"
    assert page.horizon_spin.value() == 60
    assert page.currency_combo.currentData() == "HKD"
    # An unknown region is shown, not dropped or rewritten.
    assert page.region_combo.currentData() == "mars"
    assert session.project.meta.region_id == "mars"
    assert session.undo_stack.count() == 1


def test_many_emits_do_not_exhaust_true(session: ProjectSession) -> None:
    """PySide6 6.12.0 drops a reference to True on every emit() from Python.

    On Python 3.11 that aborts the interpreter after a few hundred edits
    ("bool_dealloc"), which is why the constraints pin PySide6 6.11.3 and
    pyproject.toml excludes 6.12.0. This test fails if a bad release returns.
    """
    before = sys.getrefcount(True)
    for count in range(3000):
        session.dirty_changed.emit(count % 2 == 0)
    assert sys.getrefcount(True) >= before
    assert session.undo_stack.count() == 0


def test_apply_reaches_list_items(session: ProjectSession) -> None:
    from gpu_advisor.model.project import Vendor

    session.replace_project(
        session.project.model_copy(update={"vendors": [Vendor(name="A")]}), "add"
    )
    session.apply("vendors.0.name", "B")
    session.apply("vendors.0.name", "BC")
    assert session.project.vendors[0].name == "BC"
    assert session.undo_stack.count() == 2  # typing merged into one step
    with pytest.raises(KeyError):
        session.apply("vendors.1.name", "X")
    with pytest.raises(KeyError):
        session.apply("vendors.x.name", "X")
    session.undo_stack.undo()
    assert session.project.vendors[0].name == "A"


_COLLECT_SESSIONS = """
import gc
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication
from gpu_advisor.ui.pages.vendors_page import VendorsPage
from gpu_advisor.ui.session import ProjectSession
from tests.evidence_samples import three_vendor_project

app = QApplication([])
for _ in range(3):
    session = ProjectSession(three_vendor_project(measured=False))
    page = VendorsPage(session)
    page.show()
    page.initializePage()
    page.select_vendor(1)
    page.quote.number_spins["on_demand_cny_per_gpu_hour"].setValue(9.5)
    page.quote.kind_combo.setCurrentIndex(page.quote.kind_combo.findData("idc"))
    page.quote.terms_edit.setPlainText("Minimum term 3 months.")
    for _ in range(3):
        session.undo_stack.undo()
    page.close()
    page.deleteLater()
    del page, session
    app.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
print("collected")
"""


def test_sessions_freed_by_the_cycle_collector_do_not_crash() -> None:
    """A session with undo history, freed by ``gc``, must not crash Qt.

    Without the session's finalizer this died with SIGSEGV in
    ``QUndoStack::~QUndoStack``: the collector released the commands'
    wrappers (deleting the commands) before the stack that still listed them.
    Run in a child process because the failure is a crash, not an exception.
    """
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-c", _COLLECT_SESSIONS],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "collected"
