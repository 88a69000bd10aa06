"""A word-wrapped label for long rich text that measures itself once.

A layout asks a word-wrapped :class:`QLabel` for its size hints and its height
at a width many times per pass, and each answer shapes the whole text again;
a layout is passed again whenever any of its widgets changes. On the budget
step three labels hold several thousand characters (the options' scope, the
reasons, the warnings), and measuring them took about a third of an edit.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget
from typing_extensions import override

_MEASURE_EVENTS = frozenset(
    {
        QEvent.Type.FontChange,
        QEvent.Type.StyleChange,
        QEvent.Type.ContentsRectChange,
        QEvent.Type.LanguageChange,
    }
)
"""Events after which the text takes a different size."""

_HINT_CHARS = 60
"""Width the label asks for: about sixty characters a line. [average characters]"""

_MIN_CHARS = 20
"""Width below which the label should not be squeezed. [average characters]"""


class LongTextLabel(QLabel):
    """A word-wrapped :class:`QLabel` that keeps its size hints and its height
    per width until its text, font or style changes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self._heights: dict[int, int] = {}
        self._hints: tuple[QSize, QSize] | None = None

    @override
    def setText(self, text: str) -> None:
        """Show ``text``; the same text again keeps the measurements."""
        if text != self.text():
            self._forget()
            super().setText(text)

    @override
    def clear(self) -> None:
        """Show nothing."""
        self.setText("")

    @override
    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = super().heightForWidth(width)
        return height

    @override
    def sizeHint(self) -> QSize:
        return self._measured()[0]

    @override
    def minimumSizeHint(self) -> QSize:
        return self._measured()[1]

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() in _MEASURE_EVENTS:
            self._forget()
        super().changeEvent(event)

    def _measured(self) -> tuple[QSize, QSize]:
        """Size hints from the height at the label's own width (at about 60
        characters a line before it has one), which the layout asks for
        anyway: QLabel's own guess lays the whole text out at several widths
        to find a pleasing one. The width hints are about 60 and 20
        characters; a layout takes the height from :meth:`heightForWidth`."""
        if self._hints is None:
            chars = self.fontMetrics().averageCharWidth()
            margins = self.contentsMargins()
            extra = margins.left() + margins.right()
            wide, narrow = chars * _HINT_CHARS + extra, chars * _MIN_CHARS + extra
            height = self.heightForWidth(self.width() if self.width() > 0 else wide)
            self._hints = (QSize(wide, height), QSize(narrow, height))
        return self._hints

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:
        self._hints = None  # the height at the new width (kept per width)
        super().resizeEvent(event)

    def _forget(self) -> None:
        self._heights.clear()
        self._hints = None
