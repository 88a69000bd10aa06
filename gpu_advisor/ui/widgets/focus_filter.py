"""An event filter that watches only the widget with the keyboard focus.

Some keys need a word before the focused field handles them: the plan's undo
keys (:mod:`gpu_advisor.ui.widgets.plan_undo`) and Return in a number field
(:func:`~gpu_advisor.ui.widgets.bound.commit_when_finished`). A filter on
every field would be called for each of their events, paints included; this
one is installed on the focused widget alone and moves with the focus.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication, QWidget


class FocusFollowingFilter(QObject):
    """Filters the events of the focused widget when :meth:`wants` it.

    Subclasses say which widgets they watch (:meth:`wants`) and handle their
    events in ``eventFilter``. The filter leaves a widget when it loses the
    focus.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._follow_focus)

    def wants(self, widget: QWidget) -> bool:
        """True when the filter watches ``widget`` while it has the focus."""
        raise NotImplementedError

    def _follow_focus(self, old: QWidget | None, new: QWidget | None) -> None:
        if old is not None:
            old.removeEventFilter(self)  # nothing happens if it was not watched
        if new is not None and self.wants(new):
            new.installEventFilter(self)
