"""The result import dialog: read in a worker, list what comes in and what does not, confirm.

:class:`ImportDialog` runs :func:`gpu_advisor.io.results_import.import_results`
in a pool thread (:func:`read_results` on a superqt worker,
:class:`~gpu_advisor.ui.workers.LatestWorker`) with a progress bar and a Cancel
button. When the files are read it lists every file that will be imported
(tool, node, key figures, from :func:`~gpu_advisor.io.results_import.summarize_files`)
and every refused file with its reason and what to do about it
(:func:`~gpu_advisor.io.results_import.refusal_kind`). Nothing reaches the
project until the user confirms: :attr:`ImportDialog.confirmed` then carries
the :class:`~gpu_advisor.io.results_import.ImportReport`, whose measurements
hold only the good files; the page stores them as one undoable edit.
Cancel, Esc or closing the window while reading stops the worker at the next
file and imports nothing.

An nccl-tests output that does not state its collective or node count
(:attr:`~gpu_advisor.io.results_import.FileSummary.not_stated`) gets a
question per file: a combo of the nccl-tests collectives and a node count,
both "unknown" until answered. The answer is written into the file's
measurements on confirm (:func:`~gpu_advisor.io.results_stated.apply_stated`),
labelled as stated by the user, and the imported list says so; the import
stays one undo step.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.io.results_import import (
    FileSummary,
    ImportCancelledError,
    ImportReport,
    RefusalKind,
    RefusedFile,
    ResultsImportError,
    import_results,
    refusal_kind,
    summarize_files,
)
from gpu_advisor.io.results_nccl import NOT_STATED_COLLECTIVE, NOT_STATED_NODES
from gpu_advisor.io.results_stated import (
    MAX_STATED_NODES,
    NCCL_COLLECTIVES,
    StatedFacts,
    apply_stated,
)
from gpu_advisor.ui.accessibility import follow_labels
from gpu_advisor.ui.i18n import current_language, fill
from gpu_advisor.ui.style import ERROR_COLOUR, ERROR_STYLE, OK_STYLE
from gpu_advisor.ui.theme import themed_colour
from gpu_advisor.ui.workers import LatestWorker, describe
from gpu_advisor.words.metrics import measured_figure


def read_results(
    paths: Sequence[Path],
    progress: Callable[[int, int], None],
    stop: threading.Event,
) -> ImportReport | None:
    """A task: :func:`~gpu_advisor.io.results_import.import_results`, telling
    ``progress(done, total)`` after each file and stopping before the next
    one once ``stop`` is set (then None: nothing is imported)."""
    try:
        return import_results(paths, progress=progress, cancelled=stop.is_set)
    except ImportCancelledError:
        return None


def _table(headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.verticalHeader().setVisible(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
    return table


def _figure(value: float) -> str:
    """A measured value to four significant digits, never in e-notation.

    >>> _figure(14283.4), _figure(233.64), _figure(0.00012)
    ('14,283', '233.6', '0.00012')
    """
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if value == 0 or abs(value) >= 1e-3:
        return f"{value:.4g}"
    return f"{value:.6f}".rstrip("0").rstrip(".")


@contextlib.contextmanager
def _filling(table: QTableWidget, rows: int) -> Iterator[None]:
    """Fill ``table`` with ``rows`` rows without re-measuring columns per cell."""
    header = table.horizontalHeader()
    modes = [header.sectionResizeMode(c) for c in range(table.columnCount())]
    for column in range(table.columnCount()):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
    table.setUpdatesEnabled(False)
    table.setRowCount(rows)
    try:
        yield
    finally:
        for column, mode in enumerate(modes):
            header.setSectionResizeMode(column, mode)
        table.setUpdatesEnabled(True)


def _put(table: QTableWidget, row: int, cells: Sequence[str]) -> None:
    for column, text in enumerate(cells):
        item = QTableWidgetItem(text)
        item.setToolTip(text)
        table.setItem(row, column, item)


_QUESTION_NAME_PX = 460
"""Widest a file's name is shown beside its question [px]."""


@dataclass(frozen=True)
class StatedQuestion:
    """The question for one file: its name, and a combo and/or a spin box for
    the facts its output does not state (None: the output states it)."""

    file: str
    name: str  # as the imported list shows it
    label: QLabel
    collective: QComboBox | None
    nodes: QSpinBox | None

    def answer(self) -> StatedFacts:
        """What the person chose; None for "unknown"."""
        collective = self.collective.currentData() if self.collective else None
        nodes = self.nodes.value() if self.nodes is not None else 0
        return StatedFacts(
            collective if isinstance(collective, str) else None, nodes or None
        )


class ImportDialog(QDialog):
    """Read result files, list the imported and refused ones, import on confirm.

    Signals
    -------
    confirmed(object)
        The :class:`~gpu_advisor.io.results_import.ImportReport` the user
        accepted (sent once, just before the dialog closes with Accepted).
    """

    confirmed = Signal(object)
    _files_read = Signal(int, int)  # from the worker thread: done, total

    def __init__(
        self,
        paths: Sequence[Path],
        vendor_name: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        follow_labels(self)  # screen readers name fields after their labels
        self._paths = list(paths)
        self._vendor = vendor_name
        self._stop = threading.Event()
        self._files_read.connect(self._on_progress)
        self._runner = LatestWorker(self)
        self._runner.returned.connect(self._on_finished)
        self._runner.cancelled.connect(self._on_cancelled)
        self._runner.errored.connect(self._on_failed)
        self.report: ImportReport | None = None
        self.summaries: list[FileSummary] = []
        self.questions: list[StatedQuestion] = []
        self._build()
        self.retranslate()

    # --- layout -------------------------------------------------------------------------

    def _build(self) -> None:
        self.setObjectName("importDialog")
        self.setModal(True)
        self.resize(900, 560)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.progress_bar = QProgressBar()
        self.progress_bar.setRange(0, 0)  # busy until the file count is known
        self.imported_label = QLabel()
        self.imported_table = _table(["", "", "", ""])
        self.refused_label = QLabel()
        self.refused_table = _table(["", "", ""])
        # each list is named by the count above it (for screen readers)
        self.imported_label.setBuddy(self.imported_table)
        self.refused_label.setBuddy(self.refused_table)
        self.refused_table.setWordWrap(True)
        refused_header = self.refused_table.horizontalHeader()
        refused_header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        refused_header.resizeSection(1, 320)
        self.skipped_label = QLabel()
        self.skipped_label.setWordWrap(True)
        self.skipped_label.setVisible(False)
        self.question_label = QLabel()
        self.question_label.setWordWrap(True)
        self.question_label.setVisible(False)
        self.question_area = QScrollArea()
        self.question_area.setObjectName("statedQuestions")
        self.question_area.setWidgetResizable(True)
        self.question_area.setVisible(False)
        self.question_area.setMaximumHeight(220)
        self.question_area.setHorizontalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        )
        self.import_button = QPushButton()
        self.import_button.setEnabled(False)
        self.import_button.setDefault(True)
        self.import_button.clicked.connect(self.accept)
        self.cancel_button = QPushButton()
        self.cancel_button.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.import_button)
        buttons.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.status_label)
        layout.addWidget(self.progress_bar)
        layout.addWidget(self.imported_label)
        layout.addWidget(self.imported_table, 3)
        layout.addWidget(self.refused_label)
        layout.addWidget(self.refused_table, 2)
        layout.addWidget(self.skipped_label)
        layout.addWidget(self.question_label)
        layout.addWidget(self.question_area, 1)
        layout.addLayout(buttons)

    def retranslate(self) -> None:
        """Every text of the dialog in the current language."""
        self.setWindowTitle(fill(self.tr("Import results for %1"), self._vendor))
        self.imported_table.setHorizontalHeaderLabels(
            [self.tr("File"), self.tr("Tool"), self.tr("Node"), self.tr("Key values")]
        )
        self.refused_table.setHorizontalHeaderLabels(
            [self.tr("File"), self.tr("Reason"), self.tr("What to do")]
        )
        self.cancel_button.setText(self.tr("Cancel"))
        self.question_label.setText(
            self.tr(
                "These nccl-tests outputs do not state what was run. Say which "
                "collective and how many nodes, as the vendor tells you: a run "
                "without them is listed and not judged. Left unknown, nothing "
                "is assumed."
            )
        )
        self.question_area.setAccessibleName(self.tr("Facts the outputs do not state"))
        self._retranslate_questions()
        self._update_texts()

    def hint(self, kind: RefusalKind) -> str:
        """What the user can do about a refused file of this kind."""
        hints = {
            RefusalKind.NO_RESULT: self.tr(
                "The run produced no result: ask the vendor to run this test again."
            ),
            RefusalKind.RERUN_JSON: self.tr(
                "Run the iperf3 client again with -J and import the JSON it prints."
            ),
            RefusalKind.UNSUPPORTED: self.tr(
                "The plan does not use this kind of run: run the test as the kit does."
            ),
            RefusalKind.UNKNOWN: self.tr(
                "Not an output of the test kit: leave it out, or import the tool's own output."
            ),
            RefusalKind.DAMAGED: self.tr(
                "The file is cut or edited: copy it again from the node."
            ),
            RefusalKind.UNREADABLE: self.tr(
                "The file could not be read: copy it into the folder as a plain file."
            ),
        }
        return hints[kind]

    # --- reading ------------------------------------------------------------------------

    @property
    def is_reading(self) -> bool:
        """True while the worker reads the files."""
        return self._runner.is_running

    def start(self) -> None:
        """Start reading the files in the pool (once)."""
        if self._runner.is_running or self.report is not None:
            return
        self._runner.start(read_results, self._paths, self._files_read.emit, self._stop)
        self._update_texts()

    def wait_idle(self, msecs: int = 10_000) -> bool:
        """Block until the worker has returned (tests, shutdown)."""
        return self._runner.wait_idle(msecs)

    def _on_progress(self, done: int, total: int) -> None:
        # Repaint at most every 1 % of the files: a 20,000-file import would
        # otherwise spend more time drawing the bar than reading.
        step = max(1, total // 100)
        if done < total and done - self.progress_bar.value() < step and done > 1:
            return
        self.progress_bar.setRange(0, max(total, 1))
        self.progress_bar.setValue(done)
        self.status_label.setText(
            fill(self.tr("Reading file %1 of %2…"), str(done), str(total))
        )

    def _on_finished(self, report: object) -> None:
        if not isinstance(report, ImportReport):
            return
        self.report = report
        self.summaries = summarize_files(report.measurements)
        self._ask(self.summaries)
        self._fill_imported(self.summaries)
        self._fill_refused(report.refused)
        self.progress_bar.setRange(0, 1)
        self.progress_bar.setValue(1)
        self.import_button.setEnabled(bool(report.measurements))
        self.import_button.setFocus()
        self._update_texts()

    def _on_cancelled(self) -> None:
        super().reject()

    def _on_failed(self, exc: object) -> None:
        # the reason a whole import cannot run is the user's to read as it is
        message = str(exc) if isinstance(exc, ResultsImportError) else describe(exc)
        self.progress_bar.setRange(0, 1)
        self.progress_bar.setValue(0)
        self.status_label.setStyleSheet(ERROR_STYLE)
        self.status_label.setText(fill(self.tr("Nothing can be imported: %1"), message))

    # --- lists --------------------------------------------------------------------------

    def key_values_text(self, summary: FileSummary) -> str:
        """The file's key figures in words, e.g. "all_reduce bus bandwidth 234 GB/s"."""
        language = current_language()
        parts = [
            measured_figure(
                summary.tool, kv.metric, _figure(kv.value), kv.unit, language
            )
            for kv in summary.key_values
        ]
        more = summary.measurements - len(summary.key_values)
        text = words.say("words.clause_separator", language).join(parts)
        if more > 0:
            text = words.say("io.metric.more_values", language, figures=text, n=more)
        if summary.stated:
            text = fill(
                self.tr("%1 — stated by the user: %2"),
                text,
                self._facts(summary.stated),
            )
        return text

    def _facts(self, facts: Sequence[str]) -> str:
        names = {
            NOT_STATED_COLLECTIVE: self.tr("collective"),
            NOT_STATED_NODES: self.tr("node count"),
        }
        return ", ".join(names.get(f, f) for f in facts)

    # --- facts the outputs do not state ---------------------------------------------

    def _ask(self, summaries: Sequence[FileSummary]) -> None:
        """One question row per file whose output does not state a fact."""
        box = QWidget()
        grid = QGridLayout(box)
        self.questions = []
        for row, summary in enumerate(s for s in summaries if s.not_stated):
            name = self.shown_name(summary.file)
            label = QLabel()
            # a path does not wrap: shortened in the middle, whole in the tooltip
            elided = label.fontMetrics().elidedText(
                name, Qt.TextElideMode.ElideMiddle, _QUESTION_NAME_PX
            )
            label.setText(elided.replace("&", "&&"))  # the buddy makes & a mnemonic
            label.setToolTip(name)
            grid.addWidget(label, row, 0)
            combo = spin = None
            if NOT_STATED_COLLECTIVE in summary.not_stated:
                combo = QComboBox()
                combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
                combo.addItem("", None)
                for collective in NCCL_COLLECTIVES:
                    combo.addItem(collective, collective)
                combo.currentIndexChanged.connect(self._on_answer_changed)
                grid.addWidget(combo, row, 1)
            if NOT_STATED_NODES in summary.not_stated:
                spin = QSpinBox(minimum=0, maximum=MAX_STATED_NODES)
                spin.valueChanged.connect(self._on_answer_changed)
                grid.addWidget(spin, row, 2)
            buddy = combo or spin
            if buddy is not None:
                label.setBuddy(buddy)
            self.questions.append(
                StatedQuestion(summary.file, name, label, combo, spin)
            )
        grid.setColumnStretch(0, 1)
        self.question_area.setWidget(box)
        frame = 2 * self.question_area.frameWidth()
        self.question_area.setMinimumHeight(
            min(box.sizeHint().height() + frame, self.question_area.maximumHeight())
        )
        shown = bool(self.questions)
        self.question_label.setVisible(shown)
        self.question_area.setVisible(shown)
        previous: QWidget = self.refused_table
        for question in self.questions:
            for widget in (question.collective, question.nodes):
                if widget is not None:
                    QWidget.setTabOrder(previous, widget)
                    previous = widget
        QWidget.setTabOrder(previous, self.import_button)
        self._retranslate_questions()

    def _retranslate_questions(self) -> None:
        for question in self.questions:
            name = question.name
            if question.collective is not None:
                question.collective.setItemText(0, self.tr("unknown collective"))
                question.collective.setAccessibleName(
                    fill(self.tr("Collective of %1"), name)
                )
                question.collective.setToolTip(
                    self.tr("The nccl-tests binary the vendor ran (all_reduce_perf…)")
                )
                question.collective.setMinimumWidth(
                    question.collective.sizeHint().width()
                )
            if question.nodes is not None:
                question.nodes.setSpecialValueText(self.tr("unknown node count"))
                question.nodes.setSuffix(self.tr(" nodes"))
                question.nodes.setAccessibleName(
                    fill(self.tr("Node count of %1"), name)
                )
                question.nodes.setToolTip(
                    self.tr("How many nodes (servers) the run spanned")
                )
                # wide enough for "unknown node count" in either language
                question.nodes.setMinimumWidth(question.nodes.sizeHint().width())

    def stated(self) -> dict[str, StatedFacts]:
        """What the person answered, per file (unanswered files left out)."""
        out = {}
        for question in self.questions:
            answer = question.answer()
            if answer != StatedFacts():
                out[question.file] = answer
        return out

    def _on_answer_changed(self) -> None:
        if self.report is None:
            return
        measurements = apply_stated(self.report.measurements, self.stated())
        self.summaries = summarize_files(measurements)
        self._fill_imported(self.summaries)

    def _fill_imported(self, summaries: Sequence[FileSummary]) -> None:
        with _filling(self.imported_table, len(summaries)):
            for row, summary in enumerate(summaries):
                nodes = ", ".join(summary.nodes) or "—"
                _put(
                    self.imported_table,
                    row,
                    [summary.file, summary.tool, nodes, self.key_values_text(summary)],
                )

    def shown_name(self, file: str) -> str:
        """``file`` from the chosen folder's parent on, as the imported list names it."""
        for path in self._paths:
            parent = path.parent.as_posix().rstrip("/") + "/"
            if parent != "./" and file.startswith(parent):
                return file[len(parent) :]
        return file

    def _fill_refused(self, refused: Sequence[RefusedFile]) -> None:
        with _filling(self.refused_table, len(refused)):
            self._fill_refused_rows(refused)
        self.refused_table.resizeRowsToContents()

    def _fill_refused_rows(self, refused: Sequence[RefusedFile]) -> None:
        for row, item in enumerate(refused):
            name = self.shown_name(item.file)
            where = (
                fill(self.tr("%1, line %2"), name, str(item.line))
                if item.line is not None
                else name
            )
            _put(
                self.refused_table,
                row,
                [where, _reason(item), self.hint(refusal_kind(item.reason))],
            )
            cell = self.refused_table.item(row, 1)
            if cell is not None:
                cell.setForeground(themed_colour(ERROR_COLOUR))

    def _update_texts(self) -> None:
        report = self.report
        good = len(self.summaries)
        refused = len(report.refused) if report is not None else 0
        # %n: Qt's plural forms ("1 file", "2 files"; one form in Chinese)
        self.import_button.setText(self.tr("&Import %n file(s)", "", good))
        self.imported_label.setText(self.tr("Will be imported: %n file(s)", "", good))
        self.refused_label.setText(
            self.tr("Refused, nothing taken from them: %n file(s)", "", refused)
        )
        language = current_language()  # "（…）" and "；" in Chinese
        skipped = (
            [
                self.shown_name(item.file)
                + words.say("words.aside", language, x=_reason(item))
                for item in report.skipped
            ]
            if report is not None
            else []
        )
        self.skipped_label.setVisible(bool(skipped))
        self.skipped_label.setText(
            fill(
                self.tr(
                    "Left out, not test results (notes, scripts, hidden files): %1"
                ),
                words.say("report.source.separator", language).join(skipped),
            )
        )
        if report is None:
            if self._runner.is_running and self.progress_bar.maximum() == 0:
                self.status_label.setText(self.tr("Looking for result files…"))
            return
        self.status_label.setStyleSheet(OK_STYLE if good else ERROR_STYLE)
        if good:
            self.status_label.setText(
                fill(
                    self.tr(
                        "%1 files can be imported, %2 refused. Nothing is imported "
                        "until you confirm."
                    ),
                    str(good),
                    str(refused),
                )
            )
        else:
            self.status_label.setText(
                self.tr("No file holds a result that can be imported.")
            )

    # --- closing ------------------------------------------------------------------------

    @override
    def accept(self) -> None:
        if self.report is None or not self.report.measurements:
            return
        report = self.report
        stated = self.stated()
        if stated:
            report = ImportReport(
                measurements=apply_stated(report.measurements, stated),
                imported=list(report.imported),
                refused=list(report.refused),
                skipped=list(report.skipped),
            )
        self.confirmed.emit(report)
        super().accept()

    @override
    def reject(self) -> None:
        """Cancel: stop the worker (the dialog closes when it has stopped) or close."""
        if self._runner.is_running:
            self._stop.set()
            self._runner.cancel()
            self.cancel_button.setEnabled(False)
            self.status_label.setText(self.tr("Cancelling… nothing will be imported."))
            return
        super().reject()

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            if self.report is not None:
                self._fill_imported(self.summaries)
                self._fill_refused(self.report.refused)
        super().changeEvent(event)

    @override
    def closeEvent(self, event: QCloseEvent) -> None:
        if self._runner.is_running:
            self._stop.set()
            self._runner.cancel()
        super().closeEvent(event)


def _reason(item: RefusedFile) -> str:
    """Why a file was refused, in the app's language when the catalogs word it."""
    if item.words is None:
        return item.reason
    return words.text(item.words, current_language())
