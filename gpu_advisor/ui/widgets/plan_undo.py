"""Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo plan edits from any field of a window.

A focused :class:`QLineEdit`, spin box or :class:`QPlainTextEdit` claims the
undo keys for its own text history (Qt's ``ShortcutOverride``), so the
window's Edit ▸ Undo never fired while the cursor was in a field. Every
field of the plan commits its text to the project as it is typed (numbers on
editing-finished or a pause, see :func:`~gpu_advisor.ui.widgets.bound.commit_when_finished`),
so the field's own history duplicates the plan's; :class:`PlanUndoKeys`
refuses the override and lets the window's actions undo the plan, except
while a number field still has typed, uncommitted text: then its own undo
takes that text back first.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)
from typing_extensions import override

from gpu_advisor.ui.widgets.bound import has_pending_text
from gpu_advisor.ui.widgets.focus_filter import FocusFollowingFilter

_TEXT_FIELDS = (QLineEdit, QAbstractSpinBox, QPlainTextEdit, QTextEdit)
_UNDO_KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)
_EXTRA_REDO = (QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z"))


def is_undo_key(event: QKeyEvent) -> bool:
    """True for the platform's undo/redo keys, plus Ctrl+Y and Ctrl+Shift+Z."""
    if any(event.matches(key) for key in _UNDO_KEYS):
        return True
    pressed = QKeySequence(event.keyCombination())
    return any(
        pressed.matches(key) == QKeySequence.SequenceMatch.ExactMatch
        for key in _EXTRA_REDO
    )


class PlanUndoKeys(FocusFollowingFilter):
    """Watches the focused text field of ``window`` and hands undo keys to it.

    Install once per window; it follows the application's focus and filters
    only the focused field, so it costs nothing for other events.
    """

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window

    @override
    def wants(self, widget: QWidget) -> bool:
        return isinstance(widget, _TEXT_FIELDS) and widget.window() is self._window

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and is_undo_key(event)
            and isinstance(watched, QWidget)
            and not has_pending_text(watched)
            and not getattr(watched, "isReadOnly", lambda: False)()
        ):
            event.ignore()  # not the field's: the window's Undo/Redo shortcut runs
            return True
        return False
