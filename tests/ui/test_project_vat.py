"""The project step's VAT checkbox (issue #29): a general taxpayer recovers
input VAT by default; unchecking it compares gross amounts, one undo step."""

from __future__ import annotations

from typing import Any

from gpu_advisor.model.project import Project
from gpu_advisor.ui.pages.project_page import ProjectPage
from gpu_advisor.ui.session import ProjectSession


def test_the_vat_checkbox_says_and_sets_whether_input_vat_is_recovered(
    qtbot: Any,
) -> None:
    session = ProjectSession(Project())
    page = ProjectPage(session)
    qtbot.addWidget(page)
    assert page.vat_check.accessibleName() == "Recovers input VAT"
    assert page.vat_check.isChecked()  # unset: a general taxpayer
    page.vat_check.setChecked(False)
    assert session.project.meta.vat_recoverable is False
    session.undo_stack.undo()
    assert session.project.meta.vat_recoverable is None
    assert page.vat_check.isChecked()
    page.vat_check.setChecked(False)
    page.vat_check.setChecked(True)
    assert session.project.meta.vat_recoverable is True
