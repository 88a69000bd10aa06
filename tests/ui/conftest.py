"""Fixtures for the UI tests: isolated settings, autosave folder, window, dialogs.

Every test gets its own QSettings folder and autosave folder under
``tmp_path``; message boxes and file dialogs are replaced by recorders so a
forgotten dialog fails the test instead of blocking it. ``qtbot`` is
pytest-qt's, except that it keeps the widgets given to ``addWidget`` alive
until they are closed and deleted (:class:`KeepingQtBot`).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pyqtgraph.util.garbage_collector import GarbageCollector
from PySide6.QtCore import QCoreApplication, QEvent, QSettings
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QMessageBox,
    QWidget,
)
from pytestqt.qtbot import BeforeCloseFunc, QtBot
from typing_extensions import override

from gpu_advisor.io.autosave import AutosaveStore
from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.settings import AppSettings
from gpu_advisor.words.money import show_amounts_in


@dataclass
class Dialogs:
    """Scripted answers for message boxes and file dialogs, and what was shown."""

    answers: list[QMessageBox.StandardButton] = field(default_factory=list)
    open_paths: list[Path | None] = field(default_factory=list)
    save_paths: list[Path | None] = field(default_factory=list)
    shown: list[tuple[str, str]] = field(default_factory=list)

    def message(self, kind: str, text: str) -> QMessageBox.StandardButton:
        self.shown.append((kind, text))
        if kind in {"critical", "information", "about"}:
            return QMessageBox.StandardButton.Ok
        if not self.answers:
            raise AssertionError(f"unexpected {kind} dialog: {text}")
        return self.answers.pop(0)

    def texts(self, kind: str) -> list[str]:
        return [text for shown_kind, text in self.shown if shown_kind == kind]


PLAN_OUTPUTS: list[tuple[str, str] | None] = []
"""Scripted answers of the plan language dialog (``(language code, paper)``;
None: cancel); when empty, the dialog is accepted as it opened."""


@pytest.fixture(autouse=True)
def answered_plan_output_dialog(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The plan language dialog (export, print, preview) answers without a modal loop."""
    from gpu_advisor.model.common import PlanLanguage
    from gpu_advisor.ui.plan_language import PlanOutputDialog

    def answer(dialog: PlanOutputDialog) -> int:
        if not PLAN_OUTPUTS:
            return int(QDialog.DialogCode.Accepted)
        scripted = PLAN_OUTPUTS.pop(0)
        if scripted is None:
            return int(QDialog.DialogCode.Rejected)
        dialog.picker.set_choice(PlanLanguage.parse(scripted[0]))
        dialog.paper_combo.setCurrentIndex(dialog.paper_combo.findData(scripted[1]))
        return int(QDialog.DialogCode.Accepted)

    monkeypatch.setattr(PlanOutputDialog, "exec", answer)
    PLAN_OUTPUTS.clear()
    yield
    PLAN_OUTPUTS.clear()


_HEAP_FROZEN: list[bool] = []
"""Whether the session's heap is frozen yet (:func:`isolated_settings`)."""


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, qapp: QApplication) -> Iterator[AppSettings]:
    """QSettings stored under tmp_path, and the UI in English."""
    QCoreApplication.setOrganizationName("gpu-advisor-tests")
    QCoreApplication.setApplicationName("gpu-advisor-tests")
    folder = str(tmp_path / "settings")
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, folder)
        QSettings.setPath(fmt, QSettings.Scope.SystemScope, folder)
    i18n.install_translators("en")
    qapp.processEvents()
    yield AppSettings(QSettings())
    # Delete what the test closed (qtbot and the window fixture call
    # deleteLater) now, while Python still holds the wrappers, rather than
    # whenever the cycle collector reaches them during a later test.
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    if not _HEAP_FROZEN:
        # What survives the first test is the session's (modules, catalogs,
        # Qt's bindings): later collections skip it, so each test's costs what
        # the tests made since (over the whole heap it took about 0.4 s a test)
        gc.freeze()
        _HEAP_FROZEN.append(True)
    i18n.install_translators("en")
    qapp.processEvents()
    show_amounts_in("CNY", 1.0)  # the window's plan currency ends with the test


class KeepingQtBot(QtBot):
    """pytest-qt's bot, holding each widget given to :meth:`addWidget` until
    pytest-qt has closed it and Qt has deleted it.

    pytest-qt keeps only a weak reference to such a widget. A top-level page
    belongs to Python, and once the test function has returned it is often
    held by nothing but reference cycles of its own (bound slots, helpers such
    as ``RefreshWhenShown`` that point back at it). pytest-qt processes
    events, and so paints the still-shown page, before it closes it: a
    garbage collection pass during that paint (pyqtgraph's paint code
    allocates plenty) deleted the page, its window and the window's backing
    store in the middle of ``QGraphicsView::paintEvent``; Qt warned "Cannot
    destroy paint device that is being painted" and the next painter call,
    ``resetTransform`` in pyqtgraph's ``ScatterPlotItem.paint``, used the
    freed paint engine (SIGSEGV). Held here, a widget goes only the way
    pytest-qt sends it: ``close()``, ``deleteLater()``, then deleted by
    :func:`qtbot` outside any paint.
    """

    def __init__(self, request: pytest.FixtureRequest) -> None:
        self.kept: list[QWidget] = []
        super().__init__(request)

    @override
    def addWidget(
        self, widget: QWidget, *, before_close_func: BeforeCloseFunc | None = None
    ) -> None:
        super().addWidget(widget, before_close_func=before_close_func)
        self.kept.append(widget)


@pytest.fixture(scope="session", autouse=True)
def collect_in_the_gui_thread(qapp: QApplication) -> Iterator[None]:
    """Python's cycle collector only in the GUI thread, as in the app
    (:class:`MainWindow`): a worker thread that collected Qt wrappers while a
    test tore its widgets down crashed a test process (the decisive-inputs
    worker of the review step)."""
    collector = GarbageCollector(interval=1.0)
    yield
    collector.timer.stop()


@pytest.fixture
def qtbot(qapp: QApplication, request: pytest.FixtureRequest) -> Iterator[QtBot]:
    """pytest-qt's ``qtbot`` as a :class:`KeepingQtBot`."""
    bot = KeepingQtBot(request)
    yield bot
    # pytest-qt closed the widgets and called deleteLater before any fixture
    # is torn down: delete them now, then let go of them.
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    bot.kept.clear()


@pytest.fixture
def settings(isolated_settings: AppSettings) -> AppSettings:
    return isolated_settings


@pytest.fixture
def autosave_dir(tmp_path: Path) -> Path:
    return tmp_path / "autosave"


@pytest.fixture
def autosave_store(autosave_dir: Path) -> AutosaveStore:
    return AutosaveStore(autosave_dir)


@pytest.fixture
def dialogs(monkeypatch: pytest.MonkeyPatch) -> Dialogs:
    recorder = Dialogs()

    def box(kind: str) -> Any:
        def show(_parent: object, _title: str, text: str, *_args: object) -> Any:
            return recorder.message(kind, text)

        return staticmethod(show)

    for kind in ("warning", "critical", "question", "information", "about"):
        monkeypatch.setattr(QMessageBox, kind, box(kind))

    def get_open(*_args: object, **_kwargs: object) -> tuple[str, str]:
        if not recorder.open_paths:
            raise AssertionError("unexpected open-file dialog")
        path = recorder.open_paths.pop(0)
        return (str(path) if path else "", "")

    def get_save(*_args: object, **_kwargs: object) -> tuple[str, str]:
        if not recorder.save_paths:
            raise AssertionError("unexpected save-file dialog")
        path = recorder.save_paths.pop(0)
        return (str(path) if path else "", "")

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(get_open))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(get_save))
    return recorder


@pytest.fixture
def session(qapp: QApplication) -> ProjectSession:
    return ProjectSession()


@pytest.fixture
def window(
    qtbot: Any, settings: AppSettings, autosave_store: AutosaveStore, dialogs: Dialogs
) -> Iterator[MainWindow]:
    win = MainWindow(settings, autosave_store)
    # Not qtbot.addWidget: qtbot closes its widgets before fixtures tear down,
    # and a window with unsaved changes would then ask what to do.
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.session.undo_stack.setClean()
    win.close()
    win.deleteLater()
