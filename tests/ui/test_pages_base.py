"""The refresh helper and error panel in ``gpu_advisor.ui.widgets.refresh``."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QWidget

from gpu_advisor.ui.widgets.refresh import PageErrorPanel, RefreshWhenShown

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)


def test_hidden_page_refreshes_once_on_show(qtbot: Any) -> None:
    calls: list[str] = []
    page = QWidget()
    qtbot.addWidget(page)
    outputs = RefreshWhenShown(page, lambda: calls.append("refresh"))
    outputs.invalidate()
    outputs.invalidate()
    assert calls == []
    page.show()
    qtbot.waitExposed(page)
    assert calls == ["refresh"]
    page.hide()
    page.show()  # already current: no second refresh
    assert calls == ["refresh"]


def test_events_after_python_cleared_the_helper_are_harmless(qtbot: Any) -> None:
    """CI once saw ``AttributeError`` from the filter of a collected page.

    Python's cycle collector may clear a wrapper's attributes while the Qt
    object lives on and still receives events (a font or language change goes
    to every widget). The helper must then do nothing rather than raise.
    """
    calls: list[str] = []
    page = QWidget()
    qtbot.addWidget(page)
    outputs = RefreshWhenShown(page, lambda: calls.append("refresh"))
    outputs.__dict__.clear()  # what the collector's tp_clear does
    for kind in (QEvent.Type.LanguageChange, QEvent.Type.FontChange):
        QCoreApplication.sendEvent(page, QEvent(kind))
    page.show()
    qtbot.waitExposed(page)
    outputs.invalidate()
    outputs.ensure_current()
    assert calls == []


def test_a_refresh_that_raises_shows_the_error_on_the_page(qtbot: Any) -> None:
    """CI crashed (SIGSEGV in shiboken) when a refresh raised inside the Show
    filter: a schema-drawn exchange rate of 1e-323 made an amount infinite.
    The page now shows the problem over its outputs and recovers when a later
    refresh succeeds."""
    failing = [True]

    def refresh() -> None:
        if failing[0]:
            raise OverflowError("cannot convert float infinity to integer")

    page = QWidget()
    page.resize(400, 300)
    qtbot.addWidget(page)
    outputs = RefreshWhenShown(page, refresh)
    outputs.invalidate()
    page.show()
    qtbot.waitExposed(page)
    panels = page.findChildren(PageErrorPanel)
    assert len(panels) == 1
    assert panels[0].isVisible()
    assert "infinity" in panels[0].detail.text()
    assert panels[0].geometry() == page.rect()
    page.resize(500, 350)
    assert panels[0].geometry() == page.rect()
    failing[0] = False
    outputs.invalidate()
    assert not panels[0].isVisible()
