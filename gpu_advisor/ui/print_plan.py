"""File ▸ Print… and File ▸ Print Preview…: the plan's PDF, page by page, on paper.

What is printed is exactly the PDF that File ▸ Export PDF… writes (the same
``render_plan``), in the plan language and paper chosen in the dialog that
comes first (:class:`~gpu_advisor.ui.plan_language.PlanOutputDialog`: the
language the plan was last written in is shown, else the UI's), so a printed
plan, its preview and an exported one never differ. The PDF's pages are rendered
by PDFium (:mod:`pypdfium2`) at the printer's resolution and painted onto the
:class:`~PySide6.QtPrintSupport.QPrinter`'s pages, each scaled to fit the
printable area and centred. The PDF is made in the background on a superqt worker
(:class:`~gpu_advisor.ui.workers.LatestWorker`; evaluate, then write: a second
or two) while a busy dialog with *Cancel* keeps the window painted.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from PySide6.QtCore import QEventLoop, QObject, QRect, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QMessageBox,
    QProgressDialog,
    QWidget,
)

from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import PlanLanguage
from gpu_advisor.model.project import Project
from gpu_advisor.ui.export import ExportSettings, Paper, _ui_language
from gpu_advisor.ui.i18n import fill
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.workers import LatestWorker, run_steps

MAX_DPI: Final = 300
"""Pages are rendered at the printer's resolution, at most this [dots per inch]."""


PlanSource = Callable[[PlanLanguage, str], bytes]
"""``(language, paper) -> PDF bytes`` of the open plan."""


def _build_pdf(
    project: Project,
    catalog: Catalog,
    font: Path | None,
    language: PlanLanguage,
    paper: str,
) -> bytes:
    """The plan's PDF, exactly as File ▸ Export PDF… writes it (``render_plan``)."""
    from gpu_advisor.report import plan

    return plan.render_plan(
        project, catalog, language=language, paper=paper, font_path=font
    )


def print_pdf(data: bytes, printer: QPrinter, *, max_dpi: int = MAX_DPI) -> int:
    """Paint every page of the PDF ``data`` on ``printer``; returns the pages printed.

    Honours the print dialog's page range (``printer.fromPage()`` to
    ``toPage()``, 1-based; 0 means all pages).
    """
    import pypdfium2 as pdfium  # deferred: only printing needs PDFium

    document = pdfium.PdfDocument(data)
    try:
        count = len(document)
        first = max(printer.fromPage(), 1)
        last = min(printer.toPage() or count, count)
        dpi = min(max(printer.resolution(), 72), max_dpi)
        painter = QPainter()
        if not painter.begin(printer):
            raise OSError("the printer could not be started")
        printed = 0
        try:
            for index in range(first - 1, last):
                if printed:
                    printer.newPage()
                page = document[index]
                image = _qimage(page.render(scale=dpi / 72, rev_byteorder=True))
                _draw_fitted(painter, printer, image)
                printed += 1
        finally:
            painter.end()
        return printed
    finally:
        document.close()


def _qimage(bitmap: Any) -> QImage:
    """A PDFium bitmap (RGB, or RGBA with alpha) as a QImage, copied out of its buffer."""
    fmt = (
        QImage.Format.Format_RGB888
        if bitmap.n_channels == 3
        else QImage.Format.Format_RGBA8888
    )
    data = bytes(bitmap.buffer)
    return QImage(data, bitmap.width, bitmap.height, bitmap.stride, fmt).copy()


def _draw_fitted(painter: QPainter, printer: QPrinter, image: QImage) -> None:
    """Draw ``image`` as large as the printable area allows, centred."""
    area = painter.viewport()
    size = image.size().scaled(area.size(), Qt.AspectRatioMode.KeepAspectRatio)
    x = area.x() + (area.width() - size.width()) // 2
    y = area.y() + (area.height() - size.height()) // 2
    painter.drawImage(QRect(x, y, size.width(), size.height()), image)


class PlanPrinter(QObject):
    """Print and print-preview the open plan (File menu)."""

    def __init__(
        self,
        session: ProjectSession,
        export_settings: ExportSettings,
        parent: QWidget | None = None,
        *,
        source: PlanSource | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._export_settings = export_settings
        self._widget = parent
        self._source = source
        self.show_dialogs = True
        """False in tests: no dialogs and message boxes, errors only in ``error``."""
        self.error = ""
        self._preview_printer: QPrinter | None = None
        self.busy_dialog: QProgressDialog | None = None
        """While the PDF is made, with dialogs shown: the busy dialog (Cancel)."""

    def plan_language(self) -> PlanLanguage:
        """The language the plan was last written in (or two), else the UI's."""
        key = ExportSettings.plan_key(self._session.project, self._session.path)
        return self._export_settings.language_for(key, _ui_language())

    def choose_output(self, title: str) -> bool:
        """Ask for the plan's language and paper (when dialogs are shown) and
        remember them; False when the user cancels."""
        if not self.show_dialogs:
            return True
        from gpu_advisor.ui.plan_language import PlanOutputDialog

        chosen = PlanOutputDialog.ask(
            self._widget,
            title,
            self.plan_language(),
            str(self._export_settings.paper()),
        )
        if chosen is None:
            return False
        key = ExportSettings.plan_key(self._session.project, self._session.path)
        self._export_settings.set_language_for(key, chosen[0])
        self._export_settings.set_paper(Paper(chosen[1]))
        return True

    def _plan_source(self) -> PlanSource:
        """How the PDF is made: the given source, else the export's own path,
        its inputs read now (in the GUI thread) for the worker."""
        if self._source is not None:
            return self._source
        return functools.partial(
            _build_pdf,
            self._session.project,
            self._session.catalog,
            self._export_settings.cjk_font_path(),
        )

    def plan_pdf(self) -> bytes | None:
        """The plan's PDF bytes, or None (and ``error`` set) when it cannot be made.

        The PDF is made by a background job; this waits for it with the
        window painted (and, when dialogs are shown, a busy dialog whose
        *Cancel* gives up: None, no error).
        """
        paper = str(self._export_settings.paper())
        ended: list[tuple[str, object]] = []
        loop = QEventLoop()

        def end(kind: str, value: object = None) -> None:
            ended.append((kind, value))
            loop.quit()

        runner = LatestWorker(self)
        runner.returned.connect(lambda data: end("done", data))
        runner.errored.connect(lambda exc: end("error", exc))
        runner.cancelled.connect(lambda: end("cancelled"))
        self.busy_dialog = busy = self._busy_dialog(runner)
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            # one step: a job cancelled before it starts makes no PDF
            make = functools.partial(self._plan_source(), self.plan_language(), paper)
            runner.start(run_steps, [make])
            if not ended:
                loop.exec()
        finally:
            QGuiApplication.restoreOverrideCursor()
            if busy is not None:
                busy.close()
                busy.deleteLater()
            self.busy_dialog = None
            runner.deleteLater()
        kind, value = ended[0]
        if kind == "error":  # a missing font, a bad catalog: say so, keep going
            self._fail(str(value))
        return value if kind == "done" and isinstance(value, bytes) else None

    def _busy_dialog(self, runner: LatestWorker) -> QProgressDialog | None:
        if not self.show_dialogs:
            return None
        dialog = QProgressDialog(self._widget)
        dialog.setWindowTitle(self.tr("Print Plan"))
        dialog.setLabelText(self.tr("Preparing the plan for printing…"))
        dialog.setCancelButtonText(self.tr("Cancel"))
        dialog.setRange(0, 0)  # busy: the engine cannot report a percentage
        dialog.setMinimumDuration(0)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.canceled.connect(runner.cancel)
        dialog.show()
        return dialog

    def print_to(self, printer: QPrinter) -> int:
        """Print the plan on ``printer`` without asking; the pages printed (0: failed)."""
        data = self.plan_pdf()
        if data is None:
            return 0
        try:
            return print_pdf(data, printer)
        except Exception as exc:  # PDFium or the printer refused
            self._fail(str(exc))
            return 0

    def print_plan(self) -> int:
        """File ▸ Print…: the print dialog, then the plan; the pages printed."""
        if not self.choose_output(self.tr("Print Plan")):
            return 0
        printer = self._printer()
        dialog = QPrintDialog(printer, self._widget)
        dialog.setWindowTitle(self.tr("Print Plan"))
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return 0
        return self.print_to(printer)

    def preview_plan(self) -> QPrintPreviewDialog | None:
        """File ▸ Print Preview…: the pages as they will print (modal when shown);
        None when the user cancels the choice of language."""
        if not self.choose_output(self.tr("Print Preview")):
            return None
        # the dialog does not own its printer: keep it alive as long as the dialog
        self._preview_printer = printer = self._printer()
        dialog = QPrintPreviewDialog(printer, self._widget)
        dialog.setWindowTitle(self.tr("Print Preview"))
        data = self.plan_pdf()

        def paint(target: QPrinter) -> None:
            if data is not None:
                print_pdf(data, target, max_dpi=150)

        dialog.paintRequested.connect(paint)
        if self.show_dialogs:
            dialog.exec()
        return dialog

    def _printer(self) -> QPrinter:
        from PySide6.QtGui import QPageLayout, QPageSize

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        letter = self._export_settings.paper() is Paper.LETTER
        ids = QPageSize.PageSizeId
        if self.plan_language().side_by_side:  # two pages per sheet
            printer.setPageSize(QPageSize(ids.Tabloid if letter else ids.A3))
            printer.setPageOrientation(QPageLayout.Orientation.Landscape)
        else:
            printer.setPageSize(QPageSize(ids.Letter if letter else ids.A4))
        printer.setFullPage(True)  # the PDF's pages carry their own margins
        printer.setDocName(self._session.project.meta.title or "plan")
        return printer

    def _fail(self, message: str) -> None:
        self.error = message
        if self.show_dialogs and QApplication.instance() is not None:
            QMessageBox.critical(
                self._widget,
                self.tr("Print Plan"),
                fill(self.tr("Could not print the plan:\n\n%1"), message),
            )
