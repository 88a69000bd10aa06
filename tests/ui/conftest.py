"""Fixtures for the UI tests: isolated settings, autosave folder, window, dialogs.

Every test gets its own QSettings folder and autosave folder under
``tmp_path``; message boxes and file dialogs are replaced by recorders so a
forgotten dialog fails the test instead of blocking it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QSettings
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from gpu_advisor.io.autosave import AutosaveStore
from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.settings import AppSettings


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
    i18n.install_translators("en")
    qapp.processEvents()


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
