"""The shared page helpers in ``gpu_advisor.ui.pages._base``."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QWidget

from gpu_advisor.ui.pages._base import RefreshWhenShown

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
