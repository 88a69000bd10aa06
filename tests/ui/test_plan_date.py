"""The plan's date: today for a new plan, edited on the project step, undoable.

Issue #29: every new plan was dated 2026-01-01 with no field to change it, so
the next steps on page 1 fell due months in the past.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from PySide6.QtCore import QDate

from gpu_advisor.io.project_file import load_project, save_project
from gpu_advisor.model.project import DEFAULT_PLAN_DATE, Project, ProjectMeta
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.pages.project_page import ProjectPage
from gpu_advisor.ui.session import ProjectSession


def test_a_new_plan_is_dated_today(window: MainWindow) -> None:
    assert window.new_project()
    assert window.session.project.meta.plan_date == dt.date.today()
    assert window.wizard.project_page.date_edit.date().toPython() == dt.date.today()


def test_a_file_without_a_date_loads_with_the_fixed_default(tmp_path: Any) -> None:
    path = tmp_path / "old.gpuplan"
    save_project(Project(), path)
    text = path.read_text(encoding="utf-8").replace(
        f'"plan_date": "{DEFAULT_PLAN_DATE.isoformat()}",', ""
    )
    assert "plan_date" not in text
    path.write_text(text, encoding="utf-8")
    assert load_project(path).meta.plan_date == DEFAULT_PLAN_DATE == dt.date(2026, 1, 1)


@pytest.fixture
def page(qtbot: Any, session: ProjectSession) -> ProjectPage:
    widget = ProjectPage(session)
    qtbot.addWidget(widget)
    widget.initializePage()
    return widget


def test_the_date_field_edits_the_plan_and_undoes(
    page: ProjectPage, session: ProjectSession
) -> None:
    editor = page.date_edit
    assert editor.calendarPopup()
    assert editor.accessibleName() == "Plan date"
    assert editor.date().toPython() == ProjectMeta().plan_date  # model -> widget
    editor.setDate(QDate(2026, 12, 7))  # widget -> model
    assert session.project.meta.plan_date == dt.date(2026, 12, 7)
    editor.setDate(QDate(2026, 12, 8))  # the same field again: one undo step
    assert session.undo_stack.count() == 1
    session.undo_stack.undo()
    assert session.project.meta.plan_date == ProjectMeta().plan_date
    assert editor.date().toPython() == ProjectMeta().plan_date
    session.undo_stack.redo()
    assert editor.date().toPython() == dt.date(2026, 12, 8)
