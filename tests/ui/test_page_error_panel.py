"""A step whose page fails to build shows an error panel, never a half-built page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from gpu_advisor.io.project_file import ProjectFileError
from gpu_advisor.ui import wizard as wizard_module
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.wizard import AdvisorWizard, PageErrorPage, PageId


def test_failing_page_shows_message_and_field_then_recovers(
    qapp: QApplication, session: ProjectSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_factory = wizard_module._page_factory
    failing = {"on": True}

    def factory(page_id: PageId) -> Any:
        if page_id is PageId.BUDGET and failing["on"]:

            def boom(_session: ProjectSession) -> Any:
                raise ProjectFileError(
                    Path("plan.gpuplan"),
                    "list should have at least 1 item",
                    field="budget.options",
                )

            return boom
        return real_factory(page_id)

    monkeypatch.setattr(wizard_module, "_page_factory", factory)
    wizard = AdvisorWizard(session)
    built: list[int] = []
    wizard.page_built.connect(built.append)
    wizard.ensure_page(PageId.BUDGET)
    page = wizard.page(PageId.BUDGET)
    assert isinstance(page, PageErrorPage)
    assert page.panel.field == "budget.options"
    assert "at least 1 item" in page.panel.detail.text()
    assert "budget.options" in page.panel.detail.text()
    assert not page.isComplete()
    assert wizard.built_page(PageId.BUDGET) is None
    assert built == []
    # Once the page can be built, entering the step again builds it.
    failing["on"] = False
    wizard.ensure_page(PageId.BUDGET)
    assert wizard.built_page(PageId.BUDGET) is not None
    assert built == [PageId.BUDGET]
    wizard.deleteLater()


def test_panel_escapes_control_characters(qapp: QApplication) -> None:
    from gpu_advisor.ui.pages._base import PageErrorPanel

    panel = PageErrorPanel(ValueError("bad\x1b[2J value"))
    assert "\x1b" not in panel.detail.text()
    assert panel.field is None
    panel.deleteLater()
