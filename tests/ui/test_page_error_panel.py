"""A step whose page fails to build shows an error panel, never a half-built page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from gpu_advisor.io.project_file import ProjectFileError, file_problem
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

            def boom(_session: ProjectSession, _parent: Any = None) -> Any:
                raise ProjectFileError(
                    Path("plan.gpuplan"),
                    file_problem("invalid", detail="list should have at least 1 item"),
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
    from gpu_advisor.ui.widgets.refresh import PageErrorPanel

    panel = PageErrorPanel(ValueError("bad\x1b[2J value"))
    assert "\x1b" not in panel.detail.text()
    assert panel.field is None
    panel.deleteLater()


def test_a_page_failing_half_way_is_deleted_at_once(
    qapp: QApplication, session: ProjectSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page whose constructor raises after building its charts is deleted by
    Qt when the error page replaces it, not left to Python's garbage collector:
    the traceback kept it alive in a reference cycle, and when the collector
    broke it later, pyqtgraph items went down in any order and the next wizard
    crashed (SIGSEGV in ViewBox.setMenuEnabled while building a plot widget,
    or in QWizard.next())."""
    import gc
    import weakref

    import shiboken6

    from gpu_advisor.ui.pages.budget_page import BudgetPage

    def half_way(self: BudgetPage, *_args: object) -> None:
        raise ValueError("refused half-way")  # runs at the end of __init__

    monkeypatch.setattr(BudgetPage, "_on_project_changed", half_way)
    created: list[weakref.ref[BudgetPage]] = []
    real_init = BudgetPage.__init__

    def tracking_init(self: BudgetPage, *args: Any, **kwargs: Any) -> None:
        created.append(weakref.ref(self))
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(BudgetPage, "__init__", tracking_init)
    gc.disable()  # only what Qt and reference counts delete counts here
    try:
        wizard = AdvisorWizard(session)
        wizard.ensure_page(PageId.BUDGET)
        assert isinstance(wizard.page(PageId.BUDGET), PageErrorPage)
        (half_built,) = created
        page = half_built()
        assert page is None or not shiboken6.isValid(page)
        wizard.deleteLater()
    finally:
        gc.enable()
