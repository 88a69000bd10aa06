"""The main window: menus, file handling, autosave, recovery and the status bar.

The window owns the project's life cycle (new, open, save, close) through
one :class:`ProjectSession`; the embedded :class:`AdvisorWizard` edits it.
Files are read and written only by ``gpu_advisor.io``; a failure is shown in
a message box naming the file and the problem, and leaves the open project
as it was.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import logging
import platform
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import PySide6
from PySide6.QtCore import (
    QEvent,
    QFileInfo,
    QSize,
    Qt,
    QTimer,
    Signal,
    qVersion,
)
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSizePolicy,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)
from superqt import QElidingLabel
from superqt.utils import QSignalDebouncer, QSignalThrottler
from typing_extensions import override

if TYPE_CHECKING:
    from gpu_advisor.ui.print_plan import PlanPrinter

from gpu_advisor import __version__, words
from gpu_advisor.io.autosave import AutosaveStore, RecoveryEntry
from gpu_advisor.io.project_file import ProjectFileError, load_project, save_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import OptionId, Project, ProjectMeta
from gpu_advisor.ui import i18n
from gpu_advisor.ui.compare_dialog import CompareController
from gpu_advisor.ui.examples import example_files, example_title
from gpu_advisor.ui.export import PdfExportController
from gpu_advisor.ui.file_names import file_stem
from gpu_advisor.ui.i18n import current_language, fill
from gpu_advisor.ui.qt_resources import icon, resource_file
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.settings import AppSettings
from gpu_advisor.ui.start_page import RecommendationGate, StartPage
from gpu_advisor.ui.widgets.bound import flush_pending
from gpu_advisor.ui.widgets.plan_undo import PlanUndoKeys
from gpu_advisor.ui.wizard import AdvisorWizard, PageId, StepList

log = logging.getLogger(__name__)

FILE_SUFFIX = ".gpuplan"
APP_NAME = "GPU Advisor"
DEFAULT_WIDTH_PX = 1280
DEFAULT_HEIGHT_PX = 760
"""The window's first size: every step fits 1280 px wide (the budget step's
options table beside its form needs about 1,220 px), and no more height than
the screen has."""

WINDOW_FRAME_PX = 40
"""Room left for the title bar and frame when the screen is short [px]."""


def default_window_size() -> QSize:
    """The first size of the window: 1280×760, as high as the primary screen's
    free area allows (a 1280×720 screen gets a window that fits, with its
    status bar and Back/Next in view)."""
    screen = QApplication.primaryScreen()
    height = DEFAULT_HEIGHT_PX
    if screen is not None:
        height = min(height, screen.availableGeometry().height() - WINDOW_FRAME_PX)
    return QSize(DEFAULT_WIDTH_PX, max(height, 480))


STATUS_DELAY_MS = 150
"""The status bar's recommendation waits this long after the last edit, so that
typing in a field is not slowed by evaluating the plan for it at every key."""
AUTOSAVE_DELAY_MS = 500
"""Every unsaved change is in the autosave this soon [ms], plus the write (12–20
ms with its fsync): at most two writes a second while editing, the last edit
always written, so a crash loses at most the last second (the README's promise;
at 1,000 ms the first edit of a quiet spell was written 1.01 s after it, and
``tests/ui/test_kill_after_edit.py`` kills the app to check)."""
PAGE_BUILD_DELAY_MS = 250
"""After the window is first shown, the wizard builds its other pages from then
on, one per event-loop pass (see :meth:`AdvisorWizard.build_pages_later`)."""


def _is_project_file(path: Path) -> bool:
    return path.suffix.lower() == FILE_SUFFIX


class GuideDialog(QDialog):
    """The short user guide, in the UI language."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.browser = QTextBrowser(openExternalLinks=True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(640, 560)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("GPU Advisor user guide"))
        guide = resource_file("guide", f"guide_{i18n.current_language().value}.md")
        if not guide.is_file():  # a language with no guide yet: the default's
            guide = resource_file("guide", f"guide_{words.DEFAULT_LANGUAGE}.md")
        self.browser.setMarkdown(guide.read_text(encoding="utf-8"))

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


class RecoveryDialog(QDialog):
    """Offers the autosaves that a crashed or killed session left behind."""

    RECOVER = 1
    DISCARD = 2

    def __init__(
        self, entries: list[RecoveryEntry], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.entries = entries
        self.decision = 0
        self._intro = QLabel(wordWrap=True)
        self.list_widget = QListWidget()
        self.list_widget.setWordWrap(True)  # a long title or problem stays readable
        self.list_widget.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list_widget.setMinimumWidth(560)
        for _entry in entries:
            self.list_widget.addItem(QListWidgetItem())
        self.list_widget.setCurrentRow(0)
        self.buttons = QDialogButtonBox()
        self._recover = self.buttons.addButton(
            "", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self._discard = self.buttons.addButton(
            "", QDialogButtonBox.ButtonRole.DestructiveRole
        )
        self._later = self.buttons.addButton("", QDialogButtonBox.ButtonRole.RejectRole)
        self._recover.clicked.connect(self._on_recover)
        self._discard.clicked.connect(self._on_discard)
        self._later.clicked.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self._intro)
        layout.addWidget(self.list_widget)
        layout.addWidget(self.buttons)
        self.retranslate_ui()

    def chosen(self) -> RecoveryEntry | None:
        row = self.list_widget.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Recover unsaved work"))
        self._intro.setText(
            self.tr(
                "GPU Advisor did not close normally last time. These autosaved "
                "plans were not saved to their files. Recover one?"
            )
        )
        self._recover.setText(self.tr("&Recover"))
        self._discard.setText(self.tr("&Discard"))
        self._later.setText(self.tr("&Not now"))
        for row, entry in enumerate(self.entries):
            source = (
                entry.source_path.name if entry.source_path else self.tr("never saved")
            )
            text = (entry.title or self.tr("Untitled plan")) + "\n"
            text += fill(
                self.tr("Autosaved %1 · %2 · file: %3"),
                _local_time(entry.saved_at),
                _file_size(entry.autosave_path),
                source,
            )
            if entry.problem:
                text += "\n" + self.tr("Damaged: %1").replace("%1", entry.problem)
            item = self.list_widget.item(row)
            item.setText(text)
            item.setToolTip(text)

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _on_recover(self) -> None:
        self.decision = self.RECOVER
        self.accept()

    def _on_discard(self) -> None:
        self.decision = self.DISCARD
        self.accept()


class MainWindow(QMainWindow):
    """The application window around the wizard.

    Parameters
    ----------
    settings : AppSettings
        The UI preferences.
    autosave : AutosaveStore or None
        Where autosaves go; None turns autosave and recovery off.
    """

    export_pdf_requested = Signal()
    """File ▸ Export PDF… was chosen (handled once the PDF plan exists)."""

    language_applied = Signal(str)
    """The UI language was switched live ("zh_CN" or "en")."""

    def __init__(
        self,
        settings: AppSettings,
        autosave: AutosaveStore | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.autosave_store = autosave
        self._recovered: list[RecoveryEntry] = []
        self._pages_scheduled = False
        self.session = ProjectSession(self._new_project(), parent=self)
        self.setObjectName("mainWindow")
        self.setWindowIcon(icon("app"))
        self.setAcceptDrops(True)

        self.wizard = AdvisorWizard(self.session)
        # The start page (built by show_start_page) shares the centre with the wizard.
        self.central_stack = QStackedWidget()
        self.central_stack.addWidget(self.wizard)
        self.setCentralWidget(self.central_stack)
        self.start_page: StartPage | None = None
        self._gate = RecommendationGate(self.session, self.wizard, untitled=True)
        self.step_list = StepList(self.wizard)
        self.steps_dock = QDockWidget()
        self.steps_dock.setObjectName("stepsDock")  # saveState() needs it
        self.steps_dock.setWidget(self.step_list)
        self.steps_dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
        )
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.steps_dock)
        self.resizeDocks([self.steps_dock], [220], Qt.Orientation.Horizontal)

        # A long reason must not widen the window: it ends in "…" where the
        # window does (superqt's eliding label); the tooltip keeps all of it.
        self.recommendation_label = QElidingLabel()
        self.recommendation_label.setSizePolicy(
            QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred
        )
        self.statusBar().addWidget(self.recommendation_label, 1)
        self._status_later = QSignalDebouncer(parent=self)
        self._status_later.setTimeout(STATUS_DELAY_MS)
        self._status_later.triggered.connect(self._update_recommendation)
        self._gate.opened.connect(self._status_later.throttle)

        self._garbage_collector: object | None = None
        QTimer.singleShot(PAGE_BUILD_DELAY_MS, self._collect_in_gui_thread)
        self._create_autosave_timers()

        self._plan_printer: PlanPrinter | None = None
        self._create_actions()
        self._create_menus()
        self._plan_undo_keys = PlanUndoKeys(self)  # Ctrl+Z from any field
        self.retranslate_ui()

        self.session.project_changed.connect(self._on_project_changed)
        self.session.path_changed.connect(self._update_title)
        self.session.dirty_changed.connect(self.setWindowModified)
        self.session.dirty_changed.connect(self._on_dirty_changed)
        self.session.project_changed.connect(self._autosave_later)
        self.session.undo_stack.canUndoChanged.connect(self.undo_action.setEnabled)
        self.session.undo_stack.canRedoChanged.connect(self.redo_action.setEnabled)
        self.session.undo_stack.undoTextChanged.connect(self._update_undo_texts)
        self.session.undo_stack.redoTextChanged.connect(self._update_undo_texts)
        self._update_title()
        self._status_later.throttle()
        self.apply_autosave_interval()

        self.resize(default_window_size())
        if (geometry := settings.geometry()) is not None:
            self.restoreGeometry(geometry)
        if (state := settings.window_state()) is not None:
            self.restoreState(state)

    # --- actions and menus --------------------------------------------------------------

    def _action(
        self,
        slot: object,
        shortcut: QKeySequence.StandardKey | None = None,
        icon_name: str | None = None,
    ) -> QAction:
        action = QAction(self)
        if shortcut is not None:
            action.setShortcuts(shortcut)
        if icon_name is not None:
            action.setIcon(icon(icon_name))
        action.triggered.connect(slot)
        return action

    def _create_actions(self) -> None:
        key = QKeySequence.StandardKey
        self.new_action = self._action(self.new_project, key.New, "new")
        self.open_action = self._action(self.open_dialog, key.Open, "open")
        self.save_action = self._action(self.save, key.Save, "save")
        self.save_as_action = self._action(self.save_as, key.SaveAs)
        self.export_pdf_action = self._action(
            self.export_pdf_requested.emit, None, "pdf"
        )
        self.pdf_export = PdfExportController(self.session, self.settings, self)
        self.pdf_export.exported.connect(self._on_pdf_exported)
        self.export_pdf_requested.connect(self.export_pdf)
        # The review page is built on demand: give it the exporter once it exists.
        self.wizard.page_built.connect(self._on_page_built)
        self._on_page_built(PageId.REVIEW)
        self.export_pdf_action.setEnabled(_pdf_export_available())
        self.sign_plan_action = self._action(self.sign_plan)
        self.verify_plan_action = self._action(self.verify_plan)
        self.sign_plan_action.setEnabled(_pdf_export_available())
        self.print_action = self._action(self.print_plan, key.Print)
        self.print_preview_action = self._action(self.print_preview)
        self.print_action.setEnabled(_pdf_export_available())
        self.print_preview_action.setEnabled(_pdf_export_available())
        self.close_action = self._action(self.close_project, key.Close)
        self.quit_action = self._action(self.close, key.Quit)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.undo_action = self._action(self.session.undo_stack.undo, key.Undo, "undo")
        self.redo_action = self._action(self.session.undo_stack.redo, key.Redo, "redo")
        self.undo_action.setEnabled(False)
        self.redo_action.setEnabled(False)
        redo_keys = list(QKeySequence.keyBindings(key.Redo))
        for extra in (QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")):
            if extra not in redo_keys:  # both, whatever the platform's default
                redo_keys.append(extra)
        self.redo_action.setShortcuts(redo_keys)
        self.preferences_action = self._action(self.show_preferences, key.Preferences)
        self.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.steps_action = self.steps_dock.toggleViewAction()
        self.full_screen_action = self._action(self._toggle_full_screen, key.FullScreen)
        self.full_screen_action.setCheckable(True)
        self.guide_action = self._action(self.show_guide, key.HelpContents, "help")
        self.about_action = self._action(self.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_qt_action = self._action(QApplication.aboutQt)
        self.about_qt_action.setMenuRole(QAction.MenuRole.AboutQtRole)
        self.clear_recent_action = self._action(self._clear_recent)

    def _create_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        self.file_menu.addAction(self.new_action)
        self.examples_menu = QMenu(self)
        self.examples_menu.aboutToShow.connect(self._fill_examples_menu)
        self.file_menu.addMenu(self.examples_menu)
        self.file_menu.addAction(self.open_action)
        self.recent_menu = QMenu(self)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.file_menu.addMenu(self.recent_menu)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.save_action)
        self.file_menu.addAction(self.save_as_action)
        self.file_menu.addAction(self.export_pdf_action)
        self.file_menu.addAction(self.sign_plan_action)
        self.file_menu.addAction(self.verify_plan_action)
        self.file_menu.addAction(self.print_preview_action)
        self.file_menu.addAction(self.print_action)
        self.compare = CompareController(self.session, self)
        self.file_menu.addMenu(self.compare.menu)
        # "Changed since signed on … by …" with Show Changes… (hidden otherwise)
        self.statusBar().addPermanentWidget(self.compare.notice)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.close_action)
        self.file_menu.addAction(self.quit_action)

        self.edit_menu = bar.addMenu("")
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)
        self.edit_menu.addSeparator()
        self.edit_menu.addAction(self.preferences_action)

        self.view_menu = bar.addMenu("")
        self.view_menu.addAction(self.steps_action)
        self.view_menu.addAction(self.full_screen_action)

        self.help_menu = bar.addMenu("")
        self.help_menu.addAction(self.guide_action)
        self.help_menu.addSeparator()
        self.help_menu.addAction(self.about_action)
        self.help_menu.addAction(self.about_qt_action)
        self._fill_recent_menu()

    def retranslate_ui(self) -> None:
        self.file_menu.setTitle(self.tr("&File"))
        self.new_action.setText(self.tr("&New"))
        self.new_action.setStatusTip(self.tr("Start a new plan"))
        self.examples_menu.setTitle(self.tr("New from &Example"))
        self.open_action.setText(self.tr("&Open…"))
        self.recent_menu.setTitle(self.tr("Open &Recent"))
        self.clear_recent_action.setText(self.tr("&Clear List"))
        self.save_action.setText(self.tr("&Save"))
        self.save_as_action.setText(self.tr("Save &As…"))
        self.export_pdf_action.setText(self.tr("E&xport PDF…"))
        self.sign_plan_action.setText(self.tr("Si&gn Plan…"))
        self.sign_plan_action.setStatusTip(
            self.tr("Sign the plan as a PDF with your certificate")
        )
        self.verify_plan_action.setText(self.tr("&Verify Plan…"))
        self.verify_plan_action.setStatusTip(
            self.tr("Check who signed a plan and whether it changed since")
        )
        self.print_action.setText(self.tr("&Print…"))
        self.print_action.setStatusTip(
            self.tr("Print the plan as the exported PDF shows it")
        )
        self.print_preview_action.setText(self.tr("Print Previe&w…"))
        self.print_preview_action.setStatusTip(
            self.tr("See the plan's pages as they will print")
        )
        self.close_action.setText(self.tr("&Close"))
        self.quit_action.setText(self.tr("&Quit"))
        self.edit_menu.setTitle(self.tr("&Edit"))
        self.preferences_action.setText(self.tr("&Preferences…"))
        self.view_menu.setTitle(self.tr("&View"))
        self.steps_dock.setWindowTitle(self.tr("Steps"))
        self.steps_action.setText(self.tr("&Steps"))
        self.full_screen_action.setText(self.tr("&Full Screen"))
        self.help_menu.setTitle(self.tr("&Help"))
        self.guide_action.setText(self.tr("&User Guide"))
        self.about_action.setText(self.tr("&About GPU Advisor"))
        self.about_qt_action.setText(self.tr("About &Qt"))
        self._update_undo_texts()
        self._update_title()
        self._status_later.throttle()

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
            # A language switch is no burst of edits: show the new text at once.
            self._status_later.cancel()
            self._update_recommendation()
        super().changeEvent(event)

    def _update_undo_texts(self, _text: str = "") -> None:
        stack = self.session.undo_stack
        undo_text, redo_text = stack.undoText(), stack.redoText()
        self.undo_action.setText(
            self.tr("&Undo %1").replace("%1", undo_text)
            if undo_text
            else self.tr("&Undo")
        )
        self.redo_action.setText(
            self.tr("&Redo %1").replace("%1", redo_text)
            if redo_text
            else self.tr("&Redo")
        )

    def _update_title(self, _path: object = None) -> None:
        path = self.session.path
        name = path.name if path is not None else self.session.project.meta.title
        self.setWindowTitle(f"{name}[*] — {APP_NAME}")
        self.setWindowModified(self.session.is_dirty)
        self.setWindowFilePath(str(path) if path is not None else "")

    # --- project life cycle ---------------------------------------------------------------

    def _new_project(self) -> Project:
        language = i18n.current_language().value
        meta = ProjectMeta.model_validate(
            {
                "title": self.tr("Untitled plan"),
                "region_id": self.settings.default_region(),
                "currency": self.settings.default_currency(),
                "language": language,
                "plan_date": dt.date.today(),  # due dates count from it
            }
        )
        return Project(meta=meta)

    def maybe_save(self) -> bool:
        """Ask what to do with unsaved changes; False means: stop, the user cancelled."""
        if not self.session.is_dirty:
            return True
        path = self.session.path
        name = path.name if path is not None else self.session.project.meta.title
        answer = QMessageBox.warning(
            self,
            APP_NAME,
            self.tr("“%1” has unsaved changes. Save them?").replace("%1", name),
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def new_project(self) -> bool:
        """File ▸ New: a fresh plan with the preferred region and currency."""
        if not self.maybe_save():
            return False
        self._finish_session()
        self.session.reset(self._new_project())
        self._gate.reset(untitled=True)
        self.wizard.restart()
        self.show_wizard()
        return True

    def close_project(self) -> bool:
        """File ▸ Close: put the plan away and show an empty one."""
        return self.new_project()

    def open_dialog(self) -> bool:
        """File ▸ Open…"""
        if not self.maybe_save():
            return False
        file_name, _filter = QFileDialog.getOpenFileName(
            self,
            self.tr("Open Plan"),
            str(self.settings.last_folder()),
            self._file_filter(),
        )
        return bool(file_name) and self.open_file(Path(file_name), ask=False)

    def open_file(self, path: Path, *, ask: bool = True) -> bool:
        """Open ``path``; on failure say why and keep the current project."""
        if ask and not self.maybe_save():
            return False
        try:
            project = load_project(path)
        except ProjectFileError as exc:
            self._show_file_error(self.tr("Could not open the plan"), path, exc)
            if not path.exists():
                self.settings.remove_recent_file(path)
            return False
        self._finish_session()
        self.session.reset(project, path)
        self._gate.reset(untitled=False)
        self.wizard.restart()
        self._remember(path)
        self.show_wizard()
        return True

    def open_example(self, path: Path) -> bool:
        """File ▸ New from Example: an example's content as a new, unsaved plan."""
        if not self.maybe_save():
            return False
        try:
            project = load_project(path)
        except ProjectFileError as exc:
            self._show_file_error(self.tr("Could not open the example"), path, exc)
            return False
        self._finish_session()
        self.session.reset(project, None)
        self._gate.reset(untitled=False)
        self.wizard.restart()
        self.show_wizard()
        return True

    def save(self) -> bool:
        """File ▸ Save; returns True when the project is on disk."""
        if self.session.path is None:
            return self.save_as()
        return self._save_to(self.session.path)

    def save_as(self) -> bool:
        """File ▸ Save As…"""
        current = self.session.path
        suggested = (
            current
            if current is not None
            else self.settings.last_folder()
            / f"{_safe_file_stem(self.session.project)}{FILE_SUFFIX}"
        )
        file_name, _filter = QFileDialog.getSaveFileName(
            self, self.tr("Save Plan As"), str(suggested), self._file_filter()
        )
        if not file_name:
            return False
        path = Path(file_name)
        if not _is_project_file(path):
            path = path.with_name(path.name + FILE_SUFFIX)
        return self._save_to(path)

    def _save_to(self, path: Path) -> bool:
        flush_pending(self)  # a number still being typed (Ctrl+S) is saved too
        try:
            save_project(self.session.project, path)
        except (ProjectFileError, OSError) as exc:
            self._show_file_error(self.tr("Could not save the plan"), path, exc)
            return False
        self.session.mark_saved(path)
        self._remember(path)
        self._finish_session()
        self.statusBar().showMessage(self.tr("Saved %1").replace("%1", path.name), 4000)
        return True

    def export_pdf(self) -> bool:
        """File ▸ Export PDF…: ask for the file, then write the plan in a worker."""
        return self.pdf_export.export()

    def _on_pdf_exported(self, path: Path) -> None:
        self.statusBar().showMessage(
            self.tr("Exported %1").replace("%1", path.name), 4000
        )

    def _file_filter(self) -> str:
        return self.tr("GPU Advisor plans (*.gpuplan);;All files (*)")

    def _remember(self, path: Path) -> None:
        self.settings.add_recent_file(path)
        self.settings.set_last_folder(path.resolve().parent)
        self._fill_recent_menu()

    def _show_file_error(self, what: str, path: Path, error: Exception) -> None:
        if isinstance(error, ProjectFileError):
            problem = error.message(i18n.current_language())
        else:
            problem = str(error)
        QMessageBox.critical(
            self,
            APP_NAME,
            fill(
                self.tr("%1: %2\n\n%3"),
                what,
                QFileInfo(str(path)).absoluteFilePath(),
                problem,
            ),
        )

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.settings.recent_files()
        for index, path in enumerate(recent, start=1):
            action = self.recent_menu.addAction(f"&{index % 10} {path.name}")
            action.setToolTip(str(path))
            action.setData(str(path))
            action.triggered.connect(lambda _checked=False, p=path: self.open_file(p))
        if recent:
            self.recent_menu.addSeparator()
        self.recent_menu.addAction(self.clear_recent_action)
        self.clear_recent_action.setEnabled(bool(recent))
        self.recent_menu.setEnabled(bool(recent))

    def _clear_recent(self) -> None:
        self.settings.clear_recent_files()
        self._fill_recent_menu()

    def example_files(self) -> list[Path]:
        """The example plans shipped in ``gpu_advisor.resources/examples``."""
        return example_files()

    def _fill_examples_menu(self) -> None:
        self.examples_menu.clear()
        examples = self.example_files()
        for path in examples:
            action = self.examples_menu.addAction(example_title(path))
            action.setData(str(path))
            action.triggered.connect(
                lambda _checked=False, p=path: self.open_example(p)
            )
        if not examples:
            empty = self.examples_menu.addAction(self.tr("No examples installed"))
            empty.setEnabled(False)

    def _create_autosave_timers(self) -> None:
        """The interval timer, and the throttle that writes each change within
        a second (a crash, kill -9 or power loss, loses at most the last second)."""
        self.autosave_timer = QTimer(self)
        self.autosave_timer.timeout.connect(self.autosave_now)
        self._autosave_soon = QSignalThrottler(
            QSignalThrottler.EmissionPolicy.Trailing, parent=self
        )
        self._autosave_soon.setTimeout(AUTOSAVE_DELAY_MS)
        self._autosave_soon.triggered.connect(self.autosave_now)
        # a page built after the start holds the event loop up to ~0.8 s: the
        # pending autosave is written before, not after it
        self.wizard.building_page.connect(lambda: self._autosave_soon.flush())

    def _collect_in_gui_thread(self) -> None:
        """Python's cycle collector from now on only in this (the GUI) thread,
        from a timer: run by a worker thread (the Monte Carlo, the decisive
        inputs) it can delete Qt objects there and crash the app. pyqtgraph's
        ``GarbageCollector`` (automatic collection off, the generations checked
        each second); imported once the window is up (pyqtgraph takes 0.3 s)."""
        from pyqtgraph.util.garbage_collector import GarbageCollector

        self._garbage_collector = GarbageCollector(interval=1.0)

    # --- autosave and recovery ---------------------------------------------------------------

    def apply_autosave_interval(self) -> None:
        """(Re)start the autosave timer at the preferred interval."""
        minutes = self.settings.autosave_interval_minutes()
        if self.autosave_store is None or minutes <= 0:
            self.autosave_timer.stop()
        else:
            self.autosave_timer.start(minutes * 60_000)

    def _on_dirty_changed(self, dirty: bool) -> None:
        if dirty:
            self._autosave_later()

    def _autosave_later(self, *_args: object) -> None:
        """Autosave the unsaved plan within :data:`AUTOSAVE_DELAY_MS`."""
        if self.session.is_dirty and self.autosave_timer.isActive():
            self._autosave_soon.throttle()

    def autosave_now(self) -> Path | None:
        """Write an autosave if there are unsaved changes; returns its path."""
        if self.autosave_store is None or not self.session.is_dirty:
            return None
        try:
            written = self.autosave_store.write(
                self.session.project,
                source_path=self.session.path,
                session_id=self.session.session_id,
            )
        except (ProjectFileError, OSError) as exc:
            log.warning("autosave failed: %s", exc)
            self.statusBar().showMessage(
                self.tr("Autosave failed: %1").replace("%1", str(exc)), 8000
            )
            return None
        self._discard_recovered()
        return written

    def offer_recovery(self) -> bool:
        """Offer the autosaves a crashed session left; True when one was recovered."""
        if self.autosave_store is None:
            return False
        try:
            entries = self.autosave_store.list_recoverable()
        except OSError as exc:
            log.warning("cannot list autosaves: %s", exc)
            return False
        if not entries:
            return False
        dialog = RecoveryDialog(entries, self)
        dialog.exec()
        entry = dialog.chosen()
        if entry is None or dialog.decision == 0:
            return False
        if dialog.decision == RecoveryDialog.DISCARD:
            self.autosave_store.discard(entry)
            return False
        try:
            project = self.autosave_store.load(entry)
        except ProjectFileError as exc:
            self._show_file_error(
                self.tr("Could not recover the plan"), entry.autosave_path, exc
            )
            return False
        self.session.reset(project, entry.source_path, dirty=True)
        self._gate.reset(untitled=False)
        self.wizard.restart()
        self.show_wizard()
        # Kept until this session has saved the work again somewhere.
        self._recovered.append(entry)
        return True

    def _discard_recovered(self) -> None:
        if self.autosave_store is None:
            return
        for entry in self._recovered:
            try:
                self.autosave_store.discard(entry)
            except OSError as exc:
                log.warning("cannot remove recovered autosave: %s", exc)
        self._recovered.clear()

    def _finish_session(self, *, closing: bool = False) -> None:
        """Forget this session's autosave (the project was saved or discarded)."""
        if self.autosave_store is not None:
            try:
                if closing:
                    self.autosave_store.close_session(self.session.session_id)
                else:
                    self.autosave_store.clear(self.session.session_id)
            except OSError as exc:
                log.warning("cannot remove autosaves: %s", exc)
        self._discard_recovered()

    def _on_page_built(self, page_id: int) -> None:
        if page_id != PageId.REVIEW:
            return
        review = self.wizard.built_page(PageId.REVIEW)
        if review is not None:
            from gpu_advisor.ui.pages.review_page import ReviewPage  # already loaded

            assert isinstance(review, ReviewPage)
            review.set_export_controller(self.pdf_export)

    # --- start page -------------------------------------------------------------------------

    def show_start_page(self) -> StartPage:
        """Show the start page in place of the wizard (built on first use)."""
        if self.start_page is None:
            self.start_page = StartPage(self.settings.recent_files())
            self.start_page.new_requested.connect(self.new_project)
            self.start_page.open_requested.connect(self.open_dialog)
            self.start_page.example_chosen.connect(self.open_example)
            self.start_page.recent_chosen.connect(self.open_file)
            self.central_stack.addWidget(self.start_page)
        else:
            self.start_page.set_recent(self.settings.recent_files())
        self.central_stack.setCurrentWidget(self.start_page)
        self.start_page.new_button.setFocus()
        return self.start_page

    def show_wizard(self) -> None:
        """Show the wizard (after a plan was chosen on the start page)."""
        self.central_stack.setCurrentWidget(self.wizard)

    # --- status bar ---------------------------------------------------------------------------

    def _on_project_changed(self, _project: Project) -> None:
        self._update_title()
        self._status_later.throttle()  # coalesces a burst of edits into one evaluation

    def _update_recommendation(self) -> None:
        text = (
            self.recommendation_text()
            if self._gate.open
            else self.tr(
                "No recommendation yet: enter the workload (step 2), or open an example."
            )
        )
        self.recommendation_label.setText(text)
        self.recommendation_label.setToolTip(text)

    def recommendation_text(self) -> str:
        """The status bar line: the recommended option and its first reason."""
        try:
            recommendation = self.session.evaluation.cost.recommendation
        except Exception as exc:  # an engine bug must not take the window down
            log.exception("evaluation failed")
            return self.tr("Recommendation: could not be computed (%1)").replace(
                "%1", str(exc)
            )
        if recommendation.option is None:  # nothing feasible
            text = self.tr("No feasible option: %1")
            first = recommendation.reasons[0] if recommendation.reasons else None
            return text.replace(
                "%1", words.text(first, _ui_language()) if first else ""
            )
        name = option_label(OptionId(recommendation.option))
        if not recommendation.complete:  # the totals pay for part of the job
            text = self.tr("Incomplete plan. Cheapest for the priced part only: %1")
            first = recommendation.limits[0]
            return text.replace("%1", name) + " — " + words.text(first, _ui_language())
        text = self.tr("Recommendation: %1").replace("%1", name)
        if recommendation.reasons:
            text += " — " + words.text(recommendation.reasons[0], _ui_language())
        return text

    # --- dialogs ----------------------------------------------------------------------------------

    def show_preferences(self) -> None:
        """Edit ▸ Preferences…; a new language applies at once."""
        from gpu_advisor.ui.preferences import PreferencesDialog

        dialog = PreferencesDialog(self.settings, self.session.catalog, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.apply_preferences()

    def apply_preferences(self) -> None:
        """Apply the stored preferences that affect a running window."""
        language = i18n.install_translators(self.settings.language())
        self.apply_autosave_interval()
        self.language_applied.emit(language)

    def show_guide(self) -> None:
        GuideDialog(self).exec()

    def show_about(self) -> None:
        QMessageBox.about(self, self.tr("About GPU Advisor"), self.about_text())

    def about_text(self) -> str:
        """Versions and licences for Help ▸ About."""
        body = self.tr(
            "<h3>GPU Advisor %1</h3>"
            "<p>Decide how to get GPU training capacity: size the work, compare renting, "
            "colocation and building, test vendors, and sign off a plan.</p>"
            "<p>Qt %2 · PySide6 %3 · Python %4 (%5)</p>"
            "<p>GPU Advisor is released under the MIT licence. Qt and PySide6 are used "
            "under the GNU LGPL v3; pyqtgraph, pydantic and NumPy under their MIT and BSD "
            "licences; ReportLab under the BSD licence; Python under the PSF licence.</p>"
        )
        return fill(
            body,
            __version__,
            qVersion(),
            PySide6.__version__,
            platform.python_version(),
            sys.platform,
        )

    def _toggle_full_screen(self, checked: bool) -> None:
        if checked:
            self.showFullScreen()
        else:
            self.showNormal()

    # --- events ----------------------------------------------------------------------------------

    @override
    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.autosave_timer.stop()
        budget = self.wizard.built_page(PageId.BUDGET)  # never built: nothing runs
        if budget is not None:
            from gpu_advisor.ui.pages.budget_page import BudgetPage  # already loaded

            if isinstance(budget, BudgetPage):
                budget.runner.invalidate()  # drop a Monte Carlo still running
        self._finish_session(closing=True)
        self.settings.set_geometry(self.saveGeometry())
        self.settings.set_window_state(self.saveState())
        event.accept()

    @override
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._pages_scheduled:
            self._pages_scheduled = True
            self.wizard.build_pages_later(PAGE_BUILD_DELAY_MS)

    @override
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if _dropped_project(event) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    @override
    def dropEvent(self, event: QDropEvent) -> None:
        path = _dropped_project(event)
        if path is None:
            event.ignore()
            return
        event.acceptProposedAction()
        # Opening may show a dialog; let the drag finish first.
        QTimer.singleShot(0, lambda: self.open_file(path))

    # --- sign and verify (gpu_advisor.ui.sign_dialogs) -----------------------------

    def sign_plan(self) -> bool:
        """File ▸ Sign Plan…: True when a signed plan was written."""
        from gpu_advisor.ui.sign_dialogs import SignPlanDialog

        dialog = SignPlanDialog(
            self.session,
            self,
            default_folder=self.settings.last_folder(),
            settings=self.settings,
        )
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.signed_path is None:
            return False
        self.statusBar().showMessage(
            self.tr("Signed plan saved to %1").replace("%1", str(dialog.signed_path)),
            8000,
        )
        return True

    @property
    def plan_printer(self) -> PlanPrinter:
        """Prints the plan as File ▸ Export PDF… writes it (made on first use)."""
        if self._plan_printer is None:
            from gpu_advisor.ui.print_plan import PlanPrinter

            self._plan_printer = PlanPrinter(
                self.session, self.pdf_export.export_settings, self
            )
        return self._plan_printer

    def print_plan(self) -> int:
        """File ▸ Print…: the pages printed (0 when cancelled or failed)."""
        return self.plan_printer.print_plan()

    def print_preview(self) -> None:
        """File ▸ Print Preview…"""
        self.plan_printer.preview_plan()

    def verify_plan(self) -> None:
        """File ▸ Verify Plan…: choose a PDF and show what its signature says."""
        from gpu_advisor.ui.sign_dialogs import VerifyPlanDialog

        file_name, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Verify Plan"),
            str(self.settings.last_folder()),
            self.tr("PDF (*.pdf)"),
        )
        if file_name:
            VerifyPlanDialog(self.session, Path(file_name), self).exec()


def _dropped_project(event: QDragEnterEvent | QDropEvent) -> Path | None:
    mime = event.mimeData()
    if mime is None or not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile() and _is_project_file(Path(url.toLocalFile())):
            return Path(url.toLocalFile())
    return None


def _local_time(iso: str | None) -> str:
    """An ISO 8601 time from an autosave as local ``YYYY-MM-DD HH:MM`` (or '?')."""
    if iso is None:
        return "?"
    try:
        moment = dt.datetime.fromisoformat(iso)
    except ValueError:
        return iso
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def _file_size(path: Path) -> str:
    """The size of a file in kB with one decimal ('?' when it cannot be read)."""
    try:
        size = path.stat().st_size
    except OSError:
        return "?"
    return f"{size / 1000:.1f} kB"


def _safe_file_stem(project: Project) -> str:
    return file_stem(project.meta.title)


def _pdf_export_available() -> bool:
    """True when the PDF plan module is installed (checked without importing it)."""
    try:
        return importlib.util.find_spec("gpu_advisor.report.plan") is not None
    except ImportError:
        return False


def _ui_language() -> Language:
    return i18n.current_language()


def option_label(option: OptionId) -> str:
    """The translated name of a procurement option."""
    # the one name per option (the catalogs' option_in_sentence.<id>)
    from gpu_advisor.words.terms import option_in_sentence

    return option_in_sentence(option, current_language())
