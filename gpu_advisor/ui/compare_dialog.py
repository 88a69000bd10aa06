"""File ▸ Compare with…: what differs between the open plan and a saved one.

The differences are the engine's :class:`~gpu_advisor.model.diff_results.PlanDiff`
(:func:`gpu_advisor.engine.diff.diff_plans`, as ``gpu-advisor-cli diff``
prints it): every changed input with its old and new value, named in words by
the glossary, and every result that moved with the size of the move.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from gpu_advisor.engine.diff import diff_plans
from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.io.project_file import ProjectFileError, load_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.diff_results import PlanDiff
from gpu_advisor.report.glossary import path_label
from gpu_advisor.ui.i18n import current_language, fill
from gpu_advisor.ui.session import ProjectSession


def _value(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    if isinstance(value, float):
        return f"{value:,.6g}"
    return json.dumps(value, ensure_ascii=False)


def _table(title: str, header: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> str:
    cells = "".join(f"<th align='left'>{escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(v)}</td>" for v in row) + "</tr>" for row in rows
    )
    return (
        f"<h3>{escape(title)}</h3><table cellpadding='3'><tr>{cells}</tr>{body}</table>"
    )


class CompareDialog(QDialog):
    """The differences between two plans, inputs first, then the results."""

    def __init__(self, diff: PlanDiff, other: Path, parent: QWidget | None = None):
        super().__init__(parent)
        self.diff = diff
        self._other = other
        self.view = QTextBrowser()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view)
        layout.addWidget(buttons)
        self.resize(820, 560)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.setWindowTitle(fill(self.tr("Compared with %1"), self._other.name))
        self.view.setHtml(self.html())

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def html(self) -> str:
        """The diff as two tables (saved plan → open plan)."""
        diff = self.diff
        if diff.empty:
            return "<p>" + escape(self.tr("The two plans are the same.")) + "</p>"
        zh = current_language() is Language.ZH
        language = "zh" if zh else "en"
        saved, open_ = self.tr("Saved plan"), self.tr("Open plan")
        inputs_title = fill(self.tr("Inputs changed (%1)"), str(len(diff.inputs)))
        results_title = fill(self.tr("Results that moved (%1)"), str(len(diff.results)))
        input_rows = [
            (path_label(c.path, language), _value(c.old), _value(c.new))
            for c in diff.inputs
        ]
        result_rows = [
            (
                r.label_zh if zh else r.label_en,
                _value(r.old),
                _value(r.new),
                self._move(r.delta, r.relative),
            )
            for r in diff.results
        ]
        return _table(
            inputs_title, (self.tr("Input"), saved, open_), input_rows
        ) + _table(
            results_title,
            (self.tr("Result"), saved, open_, self.tr("Change")),
            result_rows,
        )

    @staticmethod
    def _move(delta: float | None, relative: float | None) -> str:
        if delta is None:
            return ""
        text = f"{delta:+,.6g}"
        return text if relative is None else f"{text} ({relative:+.1%})"


def compare_plans(session: ProjectSession, other: Path) -> PlanDiff:
    """The diff from the saved plan ``other`` to the open plan (engine numbers)."""
    saved = load_project(other)
    catalog = session.catalog
    old_ev = evaluate_plan(saved, catalog, monte_carlo=False)
    return diff_plans(saved, session.project, old_ev, session.evaluation)


class CompareController(QObject):
    """Owns the File ▸ Compare with… action and opens the dialog."""

    def __init__(self, session: ProjectSession, window: QWidget) -> None:
        super().__init__(window)
        self._session = session
        self._window = window
        self.action = QAction(window)
        self.action.triggered.connect(self.ask)
        self.dialog: CompareDialog | None = None
        window.installEventFilter(self)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.action.setText(self.tr("Co&mpare With…"))
        self.action.setStatusTip(
            self.tr("Show what differs between this plan and a saved one")
        )

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        return False

    def ask(self) -> None:
        """Pick a saved plan and show the differences."""
        name, _filter = QFileDialog.getOpenFileName(
            self._window,
            self.tr("Compare With Plan"),
            "",
            self.tr("GPU plans (*.gpuplan);;All files (*)"),
        )
        if name:
            self.compare_with(Path(name))

    def compare_with(self, path: Path) -> CompareDialog | None:
        """Show the differences between ``path`` and the open plan."""
        try:
            diff = compare_plans(self._session, path)
        except ProjectFileError as exc:
            QMessageBox.critical(
                self._window,
                self.tr("Compare With Plan"),
                exc.message(current_language().value),
            )
            return None
        self.dialog = CompareDialog(diff, path, self._window)
        self.dialog.show()
        return self.dialog
