"""The Serving tab's candidate cards: how the plan would serve on each one.

Rows come from :attr:`PlanEvaluation.candidate_costs` (each candidate card
priced as the plan with that card, serving sized on it too); this table only
shows the serving part: the replica's cards, the cards at the busiest hour and
the recommended option's cost per million output tokens. Like the candidate
table of the Results tab, it is priced a moment after the last edit and only
while it is shown (three whole plans take longer than an edit may). A card on
which the plan cannot run is greyed, its reason the row's tooltip and its
screen reader's description.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)
from superqt.utils import QSignalDebouncer
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.model.scenario_results import CandidateCost
from gpu_advisor.ui.i18n import current_language, current_locale, fill
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import FEASIBLE_TEXT, INFEASIBLE_TEXT

_DEBOUNCE_MS: Final = 200


class ServingCardsTable(QTableWidget):
    """One row per candidate card: replica cards, busiest-hour cards, price per
    million output tokens of the option the plan takes on that card."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(0, 4, parent)
        self._session = session
        self._shown: object = None
        self._currency = "CNY"
        self.rows: list[CandidateCost] = []
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizeAdjustPolicy(QAbstractScrollArea.SizeAdjustPolicy.AdjustToContents)
        self._later = QSignalDebouncer(parent=self)
        self._later.setTimeout(_DEBOUNCE_MS)
        self._later.triggered.connect(self.refresh)
        session.project_changed.connect(self._on_project_changed)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.setHorizontalHeaderLabels(
            [
                self.tr("Card"),
                self.tr("Cards per\nreplica"),
                self.tr("Cards at the\nbusiest hour"),
                fill(self.tr("Per million\noutput [%1]"), self._currency),
            ]
        )
        self.setAccessibleName(self.tr("Serving on each candidate card"))
        self.setToolTip(
            self.tr(
                "The plan priced with each candidate card, serving sized on that "
                "card: its replica, the cards at the busiest hour within the horizon, "
                "and what a million output tokens cost on the option the plan takes "
                "with it."
            )
        )
        if self.rows:
            self._fill(self.rows)

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
        if rows is not self.rows:
            self._fill(rows)

    def _fill(self, rows: list[CandidateCost]) -> None:
        self.rows = rows
        cost = self._session.evaluation.cost
        code, rate = cost.currency.code, cost.currency.cny_per_unit
        if code != self._currency:
            self._currency = code
            self.retranslate_ui()
            return  # retranslate_ui filled the rows
        locale = current_locale()
        lang = current_language()
        self.setRowCount(len(rows))
        for r, row in enumerate(rows):
            price = row.cny_per_million_output_tokens
            texts = [
                row.gpu_id,
                "—"
                if row.serving_replica_gpus is None
                else locale.toString(row.serving_replica_gpus),
                "—"
                if row.serving_peak_gpus is None
                else locale.toString(row.serving_peak_gpus),
                "—" if price is None else locale.toString(price / rate, "f", 2),
            ]
            why = "" if row.reason is None else words.text(row.reason, lang)
            for c, text in enumerate(texts):
                item = QTableWidgetItem(text)
                if c:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                item.setForeground(FEASIBLE_TEXT if row.feasible else INFEASIBLE_TEXT)
                item.setToolTip(why)
                item.setData(Qt.ItemDataRole.AccessibleDescriptionRole, why)
                self.setItem(r, c, item)
