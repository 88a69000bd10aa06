"""Export the PDF plan from the GUI: in a worker, with progress and cancel.

:class:`PdfExportController` asks for the plan's language (a primary one and,
optionally, a second one side by side: :class:`~gpu_advisor.ui.plan_language.PlanOutputDialog`)
and the paper, then where to save (``<project title>.pdf`` in the last
folder), then runs the
plan on a superqt worker (:class:`~gpu_advisor.ui.workers.LatestWorker`,
:func:`~gpu_advisor.ui.workers.run_steps`): first
:func:`gpu_advisor.report.plan.render_plan` (the plan's evaluation with its
Monte Carlo, rendered) in the language chosen, then the bytes written. The
choice is remembered per plan (:meth:`ExportSettings.language_for`), and print,
preview and signing offer it too; a plan written for the first time is in the
UI's language.

While it runs, a progress dialog shows a busy indicator with *Cancel*. The
worker writes to a temporary file next to the target; only the GUI thread
moves it into place, and only for the export still wanted, so a cancelled (or
superseded) export never touches the chosen file.

When no CJK font can be embedded
(:class:`gpu_advisor.report.fonts.FontNotFoundError`) the user is told what
to install and may pick a TrueType font file instead; the choice is kept in
:class:`QSettings` (:class:`ExportSettings`) and used from then on.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Final

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog, QWidget

from gpu_advisor.engine.plan_defaults import (
    PLAN_MONTE_CARLO_DRAWS,
    PLAN_MONTE_CARLO_SEED,
)
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Language, PlanLanguage
from gpu_advisor.model.project import Project
from gpu_advisor.ui.i18n import fill
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.settings import AppSettings
from gpu_advisor.ui.workers import LatestWorker, describe, run_steps

MONTE_CARLO_DRAWS: Final = PLAN_MONTE_CARLO_DRAWS
"""Draws for the plan's risk section (the plan's, as the CLI's report)."""

MONTE_CARLO_SEED: Final = PLAN_MONTE_CARLO_SEED
"""The plan's seed, as the CLI and the budget step, so all give the same figures."""


class Paper(StrEnum):
    """Paper sizes the plan supports (``write_plan_pdf(paper=...)``)."""

    A4 = "a4"
    LETTER = "letter"


class ExportSettings:
    """Typed view of the PDF export preferences in :class:`QSettings`.

    Only preferences: the paper size last chosen and a CJK font file the
    user picked. Neither changes a computed number.
    """

    PAPER_KEY: Final = "export/paper"
    FONT_KEY: Final = "export/cjk_font"
    LANGUAGE_KEY: Final = AppSettings.PLAN_LANGUAGE_KEY

    def __init__(self, settings: QSettings | None = None) -> None:
        self._settings = settings if settings is not None else QSettings()

    def paper(self) -> Paper:
        """The paper size chosen last (A4 when unknown)."""
        value = self._settings.value(self.PAPER_KEY, Paper.A4)
        try:
            return Paper(value if isinstance(value, str) else Paper.A4)
        except ValueError:
            return Paper.A4

    def set_paper(self, paper: Paper) -> None:
        self._settings.setValue(self.PAPER_KEY, str(paper))

    @staticmethod
    def plan_key(project: Project, path: Path | None) -> str:
        """Which plan a remembered language belongs to: its file, else its title."""
        import hashlib

        ident = (
            str(path.resolve()) if path is not None else f"title:{project.meta.title}"
        )
        return hashlib.sha256(ident.encode("utf-8")).hexdigest()[:16]

    def language_for(self, plan_key: str, default: Language) -> PlanLanguage:
        """The language this plan was last written in (:meth:`AppSettings.plan_language`)."""
        return AppSettings(self._settings).plan_language(plan_key, default)

    def set_language_for(
        self, plan_key: str, language: PlanLanguage | Language
    ) -> None:
        chosen = (
            language if isinstance(language, PlanLanguage) else PlanLanguage(language)
        )
        AppSettings(self._settings).set_plan_language(plan_key, chosen)

    def cjk_font_path(self) -> Path | None:
        """The font file picked after a missing-font error, or None."""
        value = self._settings.value(self.FONT_KEY, "")
        return Path(value) if isinstance(value, str) and value else None

    def set_cjk_font_path(self, path: Path | None) -> None:
        self._settings.setValue(self.FONT_KEY, "" if path is None else str(path))


@dataclass(frozen=True)
class ExportRequest:
    """What to write: where, on which paper, in which language, with which font."""

    path: Path
    paper: Paper = Paper.A4
    language: PlanLanguage | Language | None = None
    """None: the UI's language alone."""
    font_path: Path | None = None


@dataclass(frozen=True)
class ExportOutcome:
    """The worker's result (exceptions other than a missing font arrive as ``failed``)."""

    ok: bool
    font_missing: bool = False
    message: str = ""


def export_steps(
    project: Project, catalog: Catalog, request: ExportRequest, target: Path
) -> list[Callable[[], object]]:
    """The worker's two steps: render the plan, then write ``target``.

    The plan is :func:`gpu_advisor.report.plan.render_plan` (the evaluation
    with the plan's Monte Carlo, rendered), as print, signing, ``report`` and
    ``verify`` render it. The cancel flag is checked between the steps, so a
    cancel while the plan renders writes nothing at all.
    """
    results: dict[str, object] = {}

    def render_step() -> object:
        from gpu_advisor.report import plan  # deferred: reportlab, cold start
        from gpu_advisor.report.fonts import FontNotFoundError

        try:
            chosen = request.language or _ui_language()
            results["pdf"] = plan.render_plan(
                project,
                catalog,
                language=chosen
                if isinstance(chosen, PlanLanguage)
                else PlanLanguage(chosen),
                paper=str(request.paper),
                font_path=request.font_path,
            )
        except FontNotFoundError as exc:
            results["pdf"] = ExportOutcome(
                ok=False, font_missing=True, message=str(exc)
            )
        return None

    def write_step() -> object:
        from gpu_advisor.io.project_file import write_atomically

        data = results["pdf"]
        if isinstance(data, ExportOutcome):
            return data
        assert isinstance(data, bytes)
        write_atomically(target, data)
        return ExportOutcome(ok=True)

    return [render_step, write_step]


def _ui_language() -> Language:
    """The UI's language: the default language of an export."""
    from gpu_advisor.ui.i18n import current_language

    return current_language()


def _safe_file_stem(project: Project) -> str:
    """A file name from the plan title (characters file systems refuse replaced).

    >>> _safe_file_stem(Project.model_validate({"meta": {"title": "7B: run/2"}}))
    '7B run 2'
    """
    from gpu_advisor.ui.file_names import file_stem

    return file_stem(project.meta.title)


class PdfExportController(QObject):
    """File ▸ Export PDF… and the review page's button.

    Signals
    -------
    started(object)
        An export began: the target :class:`~pathlib.Path`.
    exported(object)
        The PDF is in place: its path.
    failed(str)
        The export failed (already shown to the user): the message.
    cancelled()
        The user cancelled; nothing was written.
    """

    started = Signal(object)
    exported = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(
        self,
        session: ProjectSession,
        settings: AppSettings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._settings = settings if settings is not None else AppSettings()
        self.export_settings = ExportSettings(self._settings.qsettings)
        self._widget = parent
        self._runner = LatestWorker(self)
        self._runner.returned.connect(self._on_finished)
        self._runner.errored.connect(self._on_failed)
        self._runner.cancelled.connect(lambda: self._discard(self._runner.generation))
        self._runner.discarded.connect(self._discard)
        self._request: ExportRequest | None = None
        self._temp: dict[int, Path] = {}
        self.progress_dialog: QProgressDialog | None = None
        self.show_dialogs = True
        """False in tests and scripts: report by signal only, no message boxes."""

    @property
    def is_running(self) -> bool:
        return self._runner.is_running

    def set_dialog_parent(self, widget: QWidget | None) -> None:
        """The window the dialogs belong to (e.g. the main window)."""
        self._widget = widget

    # --- entry points ---------------------------------------------------------------

    def export(self) -> bool:
        """Ask for the language and paper, then the file; start. False: cancelled."""
        if self.is_running:
            if self.progress_dialog is not None:
                self.progress_dialog.raise_()
            return False
        project = self._session.project
        plan_key = ExportSettings.plan_key(project, self._session.path)
        output = self.ask_output(
            self.export_settings.language_for(plan_key, _ui_language()),
            self.export_settings.paper(),
        )
        if output is None:
            return False
        language, paper = output
        suggested = self._settings.last_folder() / f"{_safe_file_stem(project)}.pdf"
        file_name, _chosen = QFileDialog.getSaveFileName(
            self._widget,
            self.tr("Export Plan as PDF"),
            str(suggested),
            self.tr("PDF (*.pdf)"),
        )
        if not file_name:
            return False
        path = Path(file_name)
        if path.suffix.lower() != ".pdf":
            path = path.with_name(path.name + ".pdf")
        self.export_settings.set_paper(paper)
        self.export_settings.set_language_for(plan_key, language)
        self._settings.set_last_folder(path.resolve().parent)
        self.start(
            ExportRequest(
                path,
                paper=paper,
                language=language,
                font_path=self.export_settings.cjk_font_path(),
            )
        )
        return True

    def ask_output(
        self, language: PlanLanguage, paper: Paper
    ) -> tuple[PlanLanguage, Paper] | None:
        """The plan's language and paper: asked in a dialog (the remembered
        choice shown), or the remembered choice when dialogs are off."""
        if not self.show_dialogs:
            return language, paper
        from gpu_advisor.ui.plan_language import PlanOutputDialog

        chosen = PlanOutputDialog.ask(
            self._widget, self.tr("Export Plan as PDF"), language, str(paper)
        )
        return None if chosen is None else (chosen[0], Paper(chosen[1]))

    def start(self, request: ExportRequest) -> int:
        """Export without asking (the dialogs' answers given); returns the job id."""
        self.cancel(silent=True)
        target = request.path.with_name(
            f".{request.path.name}.{uuid.uuid4().hex[:8]}.part"
        )
        self._request = request
        steps = export_steps(
            self._session.project, self._session.catalog, request, target
        )
        generation = self._runner.start(run_steps, steps)
        self._temp[generation] = target
        self._show_progress(request.path)
        self.started.emit(request.path)
        return generation

    def cancel(self, *, silent: bool = False) -> None:
        """Stop the running export; its result is thrown away."""
        if not self._runner.is_running:
            return
        self._runner.invalidate()
        self._close_progress()
        if not silent:
            self.cancelled.emit()

    def wait_idle(self, msecs: int = 60_000) -> bool:
        """Block until every export job of this controller returned (tests)."""
        return self._runner.wait_idle(msecs)

    # --- progress dialog -------------------------------------------------------------

    def _show_progress(self, path: Path) -> None:
        self._close_progress()
        if not self.show_dialogs:
            return
        dialog = QProgressDialog(self._widget)
        dialog.setWindowTitle(self.tr("Export PDF"))
        dialog.setLabelText(
            self.tr("Writing the plan to %1 …").replace("%1", path.name)
        )
        dialog.setCancelButtonText(self.tr("Cancel"))
        dialog.setRange(0, 0)  # busy: the engine cannot report a percentage
        dialog.setMinimumDuration(0)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.canceled.connect(self.cancel)
        dialog.show()
        self.progress_dialog = dialog

    def _close_progress(self) -> None:
        dialog, self.progress_dialog = self.progress_dialog, None
        if dialog is not None:
            dialog.canceled.disconnect(self.cancel)
            dialog.close()
            dialog.deleteLater()

    # --- results -------------------------------------------------------------------

    def _forget(self, generation: int) -> Path | None:
        return self._temp.pop(generation, None)

    def _discard(self, generation: int) -> None:
        temp = self._forget(generation)
        if temp is not None:
            temp.unlink(missing_ok=True)

    def _on_finished(self, result: object) -> None:
        generation = self._runner.generation
        request = self._request
        self._close_progress()
        temp = self._temp.get(generation)
        assert request is not None
        assert temp is not None
        if not isinstance(result, ExportOutcome) or not result.ok:
            self._discard(generation)
            if isinstance(result, ExportOutcome) and result.font_missing:
                self._on_font_missing(request, result.message)
            else:
                self._report_error(request.path, self.tr("Unexpected result."))
            return
        try:
            os.replace(temp, request.path)
        except OSError as exc:
            self._discard(generation)
            self._report_error(request.path, exc.strerror or str(exc))
            return
        self._forget(generation)
        self.exported.emit(request.path)

    def _on_failed(self, exc: object) -> None:
        self._discard(self._runner.generation)
        request = self._request
        self._close_progress()
        assert request is not None
        self._report_error(request.path, describe(exc))

    def _report_error(self, path: Path, message: str) -> None:
        text = fill(
            self.tr("Could not export the PDF to %1:\n\n%2"), str(path), message
        )
        if self.show_dialogs:
            QMessageBox.critical(self._widget, self.tr("Export PDF"), text)
        self.failed.emit(text)

    def _on_font_missing(self, request: ExportRequest, message: str) -> None:
        text = (
            self.tr(
                "The PDF needs a font with Chinese characters, and none could be "
                "used.\n\n%1\n\nChoose a TrueType font file (.ttf or .ttc) now?"
            )
        ).replace("%1", message)
        self.failed.emit(text)
        if not self.show_dialogs:
            return
        answer = QMessageBox.question(
            self._widget,
            self.tr("Export PDF"),
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        start = request.font_path or self._settings.last_folder()
        file_name, _filter = QFileDialog.getOpenFileName(
            self._widget,
            self.tr("Choose a Chinese Font"),
            str(start),
            self.tr("TrueType fonts (*.ttf *.ttc);;All files (*)"),
        )
        if not file_name:
            return
        font = Path(file_name)
        self.export_settings.set_cjk_font_path(font)
        self.start(
            ExportRequest(
                request.path,
                paper=request.paper,
                language=request.language,
                font_path=font,
            )
        )
