"""Refresh what a page shows only while it is shown, and the panel shown when it fails.

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

import logging
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget
from typing_extensions import override

from gpu_advisor.ui.i18n import fill

_log = logging.getLogger(__name__)


def same_objects(before: tuple[object, ...] | None, now: tuple[object, ...]) -> bool:
    """True when ``before`` holds the very objects of ``now``, one by one.

    A page keeps what its outputs were last drawn from (the result, the
    project sections, the language) and skips drawing the same again: an
    edit elsewhere, such as the author's name, leaves those objects as they
    were (the session's ``EvaluationMemo`` reuses them), and comparing them by identity costs
    nothing, where comparing the results' values would.

    >>> a, b = object(), object()
    >>> same_objects((a, b), (a, b)), same_objects((a, b), (a, object()))
    (True, False)
    >>> same_objects(None, (a,))
    False
    """
    return before is not None and all(x is y for x, y in zip(before, now, strict=True))


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
        self._refresh: Callable[[], None] | None = refresh
        self.stale = True
        """True when the outputs do not show the current project yet."""
        page.installEventFilter(self)

    # The page is this object's Qt parent, asked from Qt each time rather than
    # kept in a Python attribute: when Python's garbage collector breaks a
    # cycle through a page it may clear this wrapper's attributes while Qt
    # still delivers events to the (hidden, not yet deleted) page. Every
    # method therefore reads its Python state with a default.

    def invalidate(self, *_changed: object) -> None:
        """The project changed: refresh now if the page is visible, else on show.

        Accepts and ignores the arguments of ``project_changed``.
        """
        self.stale = True
        page = self.parent()
        if isinstance(page, QWidget) and page.isVisible():
            self.run()

    def ensure_current(self) -> None:
        """Refresh now if out of date (for code that reads a hidden page's outputs)."""
        if getattr(self, "stale", False):
            self.run()

    def run(self) -> None:
        """Refresh now, visible or not.

        A refresh that raises never reaches Qt: an exception leaving an event
        filter crashed shiboken 6.11 (SIGSEGV while it printed the error).
        The page instead shows a :class:`PageErrorPanel` over its outputs,
        naming the problem, until a later refresh succeeds.
        """
        self.stale = False
        refresh = getattr(self, "_refresh", None)
        if refresh is None:
            return
        try:
            refresh()
        except Exception as exc:
            _log.warning("refreshing a step failed", exc_info=True)
            self._show_error(exc)
        else:
            panel = getattr(self, "error_panel", None)
            if panel is not None:
                panel.hide()

    def _show_error(self, exc: Exception) -> None:
        page = self.parent()
        if not isinstance(page, QWidget):
            return
        old = getattr(self, "error_panel", None)
        if old is not None:
            old.deleteLater()
        panel = PageErrorPanel(exc, page)
        panel.setAutoFillBackground(True)
        panel.setGeometry(page.rect())
        panel.show()
        panel.raise_()
        self.error_panel: PageErrorPanel | None = panel

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The event type first: this filter sees every event the page gets.
        kind = event.type()
        if kind == QEvent.Type.Show:
            if watched is self.parent() and getattr(self, "stale", False):
                self.run()
        elif kind == QEvent.Type.Resize and isinstance(watched, QWidget):
            panel = getattr(self, "error_panel", None)
            if panel is not None and watched is self.parent():
                panel.setGeometry(watched.rect())
        return False


def error_field(exc: BaseException) -> str | None:
    """The dotted field an exception is about, when it names one.

    :class:`~gpu_advisor.io.project_file.ProjectFileError` carries ``field``;
    a pydantic ``ValidationError`` names its first error's location.
    """
    field = getattr(exc, "field", None)
    if isinstance(field, str) and field:
        return field
    errors = getattr(exc, "errors", None)
    if callable(errors):
        try:
            first = errors()[0]
            return ".".join(str(part) for part in first["loc"]) or None
        except Exception:
            return None
    return None


def error_text(exc: BaseException) -> str:
    """One line describing ``exc``, control characters escaped."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)[:500]


class PageErrorPanel(QWidget):
    """Shown instead of a step whose page could not be built.

    A half-built page is never kept: the wizard drops it and shows this panel
    with the message and the field concerned, so the user can go back and
    correct the value (or open another file).
    """

    def __init__(self, exc: BaseException, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.message = error_text(exc)
        self.field = error_field(exc)
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setObjectName("pageErrorHeading")
        self.heading.setWordWrap(True)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.detail.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )
        layout.addWidget(self.heading)
        layout.addWidget(self.detail)
        layout.addStretch(1)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.heading.setText(
            self.tr(
                "This step cannot be shown for this project. Go back and correct "
                "the value named below, or open another file."
            )
        )
        field = self.field or self.tr("(no single field)")
        template = self.tr("Field: %1\nProblem: %2")
        self.detail.setText(fill(template, field, self.message))

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
