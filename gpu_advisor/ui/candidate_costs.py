"""The workload step's candidate GPUs at cost: days, cards and the recommended option.

Rows come from :attr:`PlanEvaluation.candidate_costs` (each candidate priced
as the plan with that GPU, by the engine); this table only shows them, so
"H100 for fewer days or A100 for longer" is answered in money. A candidate
that cannot run the job as planned is greyed, and its last column says why in
words (also its cells' tooltip and accessible description), so the colour is
never the only sign; the cheapest candidate that can run is in bold.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)
from superqt.utils import QSignalDebouncer
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.model.common import Language
from gpu_advisor.model.scenario_results import CandidateCost
from gpu_advisor.ui.i18n import current_language, current_locale
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.theme import row_text
from gpu_advisor.ui.widgets.cost_charts import format_money
from gpu_advisor.ui.widgets.table_fill import one_change
from gpu_advisor.words.terms import option_name

COLUMN_COUNT: Final = 8
STATUS_COLUMN: Final = 7
"""Whether the candidate can run the job, in words: "cheapest", or why not."""
OPTION_COLUMN: Final = 5
"""The recommended option's name: the column a narrow window wraps."""
_NUMBERS: Final = (1, 2, 3, 4, 6)
_DEBOUNCE_MS: Final = 200


class CandidateRowsTable(QTableWidget):
    """A table of :attr:`PlanEvaluation.candidate_costs` (each candidate card
    priced as the plan with that card): priced a moment after the last edit and
    only while shown, then drawn by :meth:`_fill` (subclasses: the columns)."""

    def __init__(
        self, session: ProjectSession, columns: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(0, columns, parent)
        self._session = session
        self._shown: object = None
        self.rows: list[CandidateCost] = []
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().setVisible(False)
        # priced a moment after the last edit, so typing stays quick
        self._later = QSignalDebouncer(parent=self)
        self._later.setTimeout(_DEBOUNCE_MS)
        self._later.triggered.connect(self.refresh)
        session.project_changed.connect(self._on_project_changed)

    def retranslate_ui(self) -> None:
        raise NotImplementedError

    def _fill(self, rows: list[CandidateCost]) -> None:
        raise NotImplementedError

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    @override
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._later.throttle()

    def _on_project_changed(self, _project: object) -> None:
        if self.isVisible():
            self._later.throttle()

    def refresh(self) -> None:
        """Show the current evaluation's candidates (computed once per plan)."""
        self._later.cancel()
        evaluation = self._session.evaluation
        if evaluation is self._shown:
            return
        self._shown = evaluation
        rows = evaluation.candidate_costs
        if rows is not self.rows:  # kept across edits no price reads
            self._fill(rows)


class CandidateCostTable(CandidateRowsTable):
    """One row per candidate GPU: cards, days, GPU-hours, recommended option and total."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(session, COLUMN_COUNT, parent)
        self.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        # the reason is a sentence: it shares the room left and wraps
        self.horizontalHeader().setSectionResizeMode(
            STATUS_COLUMN, QHeaderView.ResizeMode.Stretch
        )
        self.setMinimumHeight(120)
        self.retranslate_ui()

    @override
    def retranslate_ui(self) -> None:
        self.setHorizontalHeaderLabels(
            [
                self.tr("GPU"),
                self.tr("Fewest cards"),
                self.tr("Cards"),
                self.tr("Days"),
                self.tr("GPU-hours"),
                self.tr("Recommended option"),
                self.tr("Its total"),
                self.tr("Can it run?"),
            ]
        )
        self.setToolTip(
            self.tr(
                "Each candidate card priced as this plan with that card: the way "
                "the plan recommends getting it and its total over the horizon. "
                "A greyed card cannot run the job as planned: the last column says "
                "why, and its total is not compared."
            )
        )
        if self.rows:
            self._fill(self.rows)

    @override
    def _fill(self, rows: list[CandidateCost]) -> None:
        self.rows = rows
        locale = current_locale()
        lang = current_language()
        code = self._session.evaluation.cost.currency.code
        rate = self._session.evaluation.cost.currency.cny_per_unit
        self.setRowCount(len(rows))
        with one_change(self):
            for r, row in enumerate(rows):
                texts = [
                    row.gpu_id,
                    "—" if row.min_gpus is None else locale.toString(row.min_gpus),
                    locale.toString(row.gpus),
                    locale.toString(row.days, "f", 1),
                    locale.toString(row.gpu_hours, "f", 0),
                    "—"
                    if row.cheapest_option is None
                    else option_name(row.cheapest_option, lang.value),
                    "—"
                    if row.cheapest_total_cny is None
                    else format_money(row.cheapest_total_cny / rate, code),
                    _status(row, lang),
                ]
                why = "" if row.reason is None else words.text(row.reason, lang)
                for c, text in enumerate(texts):
                    item = QTableWidgetItem(text)
                    if c in _NUMBERS:
                        item.setTextAlignment(
                            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                        )
                    row_text(item, feasible=row.feasible)
                    if row.cheapest:
                        font = item.font()
                        font.setBold(True)
                        item.setFont(font)
                    item.setToolTip(why)
                    item.setData(Qt.ItemDataRole.AccessibleDescriptionRole, why)
                    self.setItem(r, c, item)


def _status(row: CandidateCost, lang: Language) -> str:
    """The last column: why the candidate cannot run, or that it can (cheapest)."""
    if row.reason is not None:
        return words.text(row.reason, lang)
    if row.cheapest:
        return words.say("candidate.runs_cheapest", lang)
    return words.say("candidate.runs", lang)
