"""One vendor's test results as judged by the engine: a summary, per-node chips, a table.

:class:`JudgementView` draws a :class:`~gpu_advisor.engine.api.VendorJudgement`
(:func:`gpu_advisor.engine.evidence.judge.judge_vendor`, on the evaluation's
sizing): one row per check and node, measured against expected with the
threshold and the finding, coloured pass / warn / fail / info, and the
verdict of each node. It decides nothing.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.engine.api import Check, VendorJudgement, Verdict
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Vendor
from gpu_advisor.ui.i18n import current_language, current_locale, fill, significant
from gpu_advisor.ui.style import VERDICT_BACKGROUNDS

HOT_TESTS: Final = frozenset({"gpu.temperature"})
"""Checks whose warning or failure means the cards run hot."""
THROTTLE_TESTS: Final = frozenset({"gpu.throttle", "gpu.clocks"})
"""Checks about the cards slowing down."""


_NAME_COLUMNS: Final = (0, 1)  # test, node
_TEXT_COLUMNS: Final = (7, 8)  # threshold, finding
_NAME_COLUMN_PX: Final = 220


class JudgementView(QWidget):
    """A vendor's judged test results: summary, verdict per node, one row per check."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.results_summary = QLabel(wordWrap=True)
        self.node_label = QLabel(wordWrap=True)
        self.node_label.setTextFormat(Qt.TextFormat.RichText)
        self.table = QTableWidget(0, 9)
        self.table.setTabKeyNavigation(False)  # arrows move, Tab leaves
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # The test's and the node's names get at most _NAME_COLUMN_PX and the
        # threshold and finding share what is left, so that all nine columns
        # stay in view at 1280 pixels; a cut text ends in '…' and shows whole
        # on hover.
        for column in _NAME_COLUMNS:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        for column in _TEXT_COLUMNS:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        layout = QVBoxLayout(self)
        layout.addWidget(self.results_summary)
        layout.addWidget(self.node_label)
        layout.addWidget(self.table, 1)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        headers = [
            self.tr("Test"),
            self.tr("Node"),
            self.tr("GPU"),
            self.tr("Measured"),
            self.tr("Expected"),
            self.tr("Verdict"),
            self.tr("Flag"),
            self.tr("Threshold"),
            self.tr("Finding"),
        ]
        self.table.setHorizontalHeaderLabels(headers)

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def test_name(self, test: str) -> str:
        names = {
            "nccl.intra_node": self.tr("NCCL inside one node"),
            "nccl.inter_node": self.tr("NCCL across nodes"),
            "nccl.correctness": self.tr("NCCL correctness"),
            "iperf3": self.tr("Node-to-node TCP (iperf3)"),
            "fio.checkpoint_write": self.tr("Checkpoint write (fio)"),
            "gpu.temperature": self.tr("GPU temperature"),
            "gpu.clocks": self.tr("GPU clock under load"),
            "gpu.throttle": self.tr("GPU slowdown"),
            "gpu.ecc": self.tr("GPU ECC errors"),
            "dcgm": self.tr("DCGM diagnostics"),
            "dmon.tensor_active": self.tr(
                "Tensor-core activity of the job (dcgmi dmon)"
            ),
            "dmon.sm_active": self.tr("SM activity of the job (dcgmi dmon)"),
            "gpu.matmul": self.tr("bf16 matrix multiply"),
            "gpu.memory_copy": self.tr("GPU memory copy"),
            "training.mfu": self.tr("Training job MFU"),
            "dcgm.incomplete": self.tr("DCGM diagnostics: tests not run"),
            "dcgm.skipped": self.tr("DCGM diagnostics: test skipped"),
            "nccl.min_bw": self.tr("NCCL minimum bandwidth (nccl-tests FAILED)"),
            "nccl.unknown_nodes": self.tr("NCCL, number of servers unknown"),
            "nccl.unknown_collective": self.tr("NCCL, collective unknown"),
            "serving.latency": self.tr("Serving benchmark against the latency targets"),
        }
        return names.get(test, test)

    def finding_text(self, check: Check, language: Language) -> str:
        """What the check found, and which facts of its run the person stated at
        import (the output did not give them): ``… — stated by the user: node count``."""
        found = words.text(check.message, language)
        if not check.stated:
            return found
        names = {"collective": self.tr("collective"), "nodes": self.tr("node count")}
        facts = ", ".join(names.get(f, f) for f in check.stated)
        return fill(self.tr("%1 — stated by the user: %2"), found, facts)

    def verdict_name(self, verdict: Verdict) -> str:
        names = {
            Verdict.PASS: self.tr("pass"),
            Verdict.WARN: self.tr("warn"),
            Verdict.FAIL: self.tr("fail"),
            Verdict.INFO: self.tr("info"),
        }
        return names[verdict]

    def show_judgement(
        self, vendor: Vendor | None, judgement: VendorJudgement | None, problem: str
    ) -> None:
        """Show ``vendor``'s ``judgement``, or why there is none (``problem``:
        the evaluation's reason the vendors could not be judged)."""
        self.table.setRowCount(0)
        if vendor is None:
            self.results_summary.setText(
                self.tr("Add a vendor to see its test results.")
            )
            self.node_label.clear()
            return
        if not vendor.measurements:
            self.results_summary.setText(
                self.tr(
                    "No results imported for %1 yet. Generate the test kit, have the "
                    "vendor run it on the offered machines, then import the results folder."
                ).replace("%1", vendor.name)
            )
            self.node_label.clear()
            return
        if judgement is None:
            self.results_summary.setText(problem or self.tr("Not judged."))
            self.node_label.clear()
            return
        self._show_summary(vendor, judgement)
        self._fill_table(judgement)

    def _show_summary(self, vendor: Vendor, judgement: VendorJudgement) -> None:
        overall = judgement.verdict()
        summary = fill(
            self.tr("%1: %2 measurements, %3 checks; overall verdict: %4."),
            vendor.name,
            str(len(vendor.measurements)),
            str(len(judgement.checks)),
            self.verdict_name(overall),
        )
        self.results_summary.setText(summary)
        chips = []
        for node, verdict in judgement.node_verdicts().items():
            shown = node or self.tr("(all nodes)")
            chips.append(
                f'<span style="background:{VERDICT_BACKGROUNDS[verdict]};">&nbsp;'
                f"{_escape(shown)}: {_escape(self.verdict_name(verdict))}&nbsp;</span>"
            )
        self.node_label.setText(self.tr("Per node:") + " " + " ".join(chips))
        if judgement.measured_mfu is not None:
            locale = current_locale()
            mfu = locale.toString(judgement.measured_mfu * 100, "f", 1)
            expected = locale.toString(judgement.expectations.default_mfu * 100, "f", 1)
            self.results_summary.setText(
                summary
                + " "
                + fill(
                    self.tr("Measured MFU %1% against the catalog's %2%."),
                    mfu,
                    expected,
                )
            )

    def _fill_table(self, judgement: VendorJudgement) -> None:
        """One row per check, coloured by verdict, with the threshold and message."""
        table = self.table
        language = current_language()

        def number(value: float | None, unit: str) -> str:
            if value is None:
                return ""
            text = significant(float(value))
            return f"{text} {unit}".strip()

        table.setRowCount(len(judgement.checks))
        for row, check in enumerate(judgement.checks):
            flag = ""
            if check.test in HOT_TESTS and check.verdict in (
                Verdict.WARN,
                Verdict.FAIL,
            ):
                flag = self.tr("Hot")
            elif check.test in THROTTLE_TESTS:
                flag = self.tr("Throttled")
            cells = [
                self.test_name(check.test),
                check.node or "",
                "" if check.gpu is None else str(check.gpu),
                number(check.measured, check.unit),
                number(check.expected, check.unit),
                self.verdict_name(check.verdict),
                flag,
                ""
                if check.threshold is None
                else words.text(check.threshold, language),
                self.finding_text(check, language),
            ]
            colour = QBrush(QColor(VERDICT_BACKGROUNDS[check.verdict]))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setBackground(colour)
                if column in _NAME_COLUMNS + _TEXT_COLUMNS:
                    item.setToolTip(text)
                if column == 5 or (column == 6 and flag):
                    font = QFont(item.font())
                    font.setBold(True)
                    item.setFont(font)
                table.setItem(row, column, item)
        for column in _NAME_COLUMNS:
            table.setColumnWidth(
                column, min(table.sizeHintForColumn(column), _NAME_COLUMN_PX)
            )


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
