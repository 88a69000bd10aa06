"""The whole wizard is usable with the keyboard alone.

On every step, pressing Tab from the first control reaches every enabled,
visible input control of the page (line edits, spin boxes, combo boxes,
check boxes, radio buttons, push and tool buttons, tables and lists) before
focus comes back to where it started, in both languages.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from gpu_advisor.io.project_file import load_project
from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.wizard import PageId

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

EXAMPLE = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)[0]
_INPUTS = (
    QLineEdit,
    QAbstractSpinBox,
    QComboBox,
    QAbstractButton,
    QAbstractItemView,
    QPlainTextEdit,
    QTextEdit,
)
_MAX_TABS = 600


def _owner(widget: QWidget) -> QWidget:
    """The input control a focused widget belongs to (a spin box's line edit)."""
    parent = widget.parentWidget()
    if isinstance(widget, QLineEdit) and isinstance(
        parent, QAbstractSpinBox | QComboBox
    ):
        return parent
    return widget


def _expected(page: QWidget) -> list[QWidget]:
    found: list[QWidget] = []
    for widget in page.findChildren(QWidget):
        if not isinstance(widget, _INPUTS) or _owner(widget) is not widget:
            continue
        if not (widget.isVisible() and widget.isEnabled()):
            continue
        if widget.focusPolicy() == Qt.FocusPolicy.NoFocus and not isinstance(
            widget, QAbstractButton
        ):
            continue  # read-only helpers Qt never focuses (none expected)
        found.append(widget)
    return found


def _describe(widget: QWidget) -> str:
    name = widget.objectName() or widget.accessibleName()
    text = widget.text() if isinstance(widget, QAbstractButton | QLineEdit) else ""
    return f"{type(widget).__name__}({name!r}, {text!r})"


def _tab_cycle(qtbot: Any, first: QWidget) -> set[int]:
    first.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.wait(1)
    start = QApplication.focusWidget()
    assert start is not None
    reached = {id(_owner(start))}
    for _ in range(_MAX_TABS):
        current = QApplication.focusWidget()
        assert current is not None
        qtbot.keyClick(current, Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        if now is None or now is start:
            break
        reached.add(id(_owner(now)))
    return reached


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_tab_reaches_every_control_of_every_step(
    qtbot: Any, window: MainWindow, language: str
) -> None:
    i18n.install_translators(language)
    qtbot.wait(1)
    window.session.reset(load_project(EXAMPLE), None)
    window.wizard.restart()
    missing: dict[str, list[str]] = {}
    for page_id in PageId:
        window.wizard.go_to(page_id)
        qtbot.wait(5)
        page = window.wizard.currentPage()
        assert page is not None
        expected = _expected(page)
        assert expected, f"{page_id.name}: no controls found"
        reached = _tab_cycle(qtbot, expected[0])
        lost = [_describe(w) for w in expected if id(w) not in reached]
        if lost:
            missing[page_id.name] = lost
    assert not missing, "\n".join(f"{k}: {v}" for k, v in missing.items())
