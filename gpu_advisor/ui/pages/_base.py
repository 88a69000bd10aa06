"""Shared by the wizard pages: refresh what a page shows only while it is shown.

Every page follows ``session.project_changed``. Keeping its *form* widgets in
step is cheap and keeps the binding live in both directions (an undo on
another step shows in this step's fields at once). Its *outputs* — charts,
generated files, tables, the engine's judgement — are not: seven hidden pages
redrawing them on every keystroke made typing on the shown page slow. A page
therefore wraps its output refresh in :class:`RefreshWhenShown`::

    self.outputs = RefreshWhenShown(self, self.refresh_outputs)
    session.project_changed.connect(self.outputs.invalidate)

``invalidate()`` runs the refresh at once while the page is visible and
otherwise only marks it stale; the page's next ``Show`` event (caught by an
event filter, before the page paints) brings it up to date. Code that reads
the outputs of a page that may be hidden calls :meth:`RefreshWhenShown.ensure_current`
first.

Pages written before this class (``workload_page``, ``budget_page``) adopt it
by moving their chart/number updates out of their ``project_changed`` slot
into the refresh function and calling ``invalidate()`` from that slot instead.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget
from typing_extensions import override


class RefreshWhenShown(QObject):
    """Runs ``refresh`` when ``page`` is shown and its outputs are out of date.

    Parameters
    ----------
    page : QWidget
        The page (or any widget) whose outputs ``refresh`` redraws; it becomes
        this object's parent.
    refresh : Callable[[], None]
        Reads the current project from the session and redraws the outputs.

    Examples
    --------
    >>> from PySide6.QtWidgets import QApplication, QWidget
    >>> app = QApplication.instance() or QApplication([])
    >>> calls = []
    >>> page = QWidget()
    >>> outputs = RefreshWhenShown(page, lambda: calls.append("refresh"))
    >>> outputs.invalidate()  # hidden: only marked
    >>> calls, outputs.stale
    ([], True)
    >>> page.show()  # caught up before it paints
    >>> calls, outputs.stale
    (['refresh'], False)
    >>> outputs.invalidate()  # shown: at once
    >>> calls
    ['refresh', 'refresh']
    >>> page.close()
    True
    """

    def __init__(self, page: QWidget, refresh: Callable[[], None]) -> None:
        super().__init__(page)
        self._page = page
        self._refresh = refresh
        self.stale = True
        """True when the outputs do not show the current project yet."""
        page.installEventFilter(self)

    def invalidate(self, *_changed: object) -> None:
        """The project changed: refresh now if the page is visible, else on show.

        Accepts and ignores the arguments of ``project_changed``.
        """
        self.stale = True
        if self._page.isVisible():
            self.run()

    def ensure_current(self) -> None:
        """Refresh now if out of date (for code that reads a hidden page's outputs)."""
        if self.stale:
            self.run()

    def run(self) -> None:
        """Refresh now, visible or not."""
        self.stale = False
        self._refresh()

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._page and event.type() == QEvent.Type.Show and self.stale:
            self.run()
        return False
