"""The Serving tab's candidate cards: how the plan would serve on each one.

Rows come from :attr:`PlanEvaluation.candidate_costs` (each candidate card
priced as the plan with that card, serving sized on it too); this table only
shows the serving part: the replica's cards, the cards at the busiest hour and
the recommended option's cost per million output tokens. Like the candidate
table of the Results tab (:class:`~gpu_advisor.ui.candidate_costs.CandidateRowsTable`),
it is priced a moment after the last edit and only while it is shown (three
whole plans take longer than an edit may). A card on
which the plan cannot run is greyed, its reason the row's tooltip and its
screen reader's description.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QHeaderView,
    QTableWidgetItem,
    QWidget,
)
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.model.scenario_results import CandidateCost
from gpu_advisor.ui.candidate_costs import CandidateRowsTable
from gpu_advisor.ui.i18n import current_language, current_locale, fill
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.theme import row_text
from gpu_advisor.ui.widgets.table_fill import one_change


class ServingCardsTable(CandidateRowsTable):
    """One row per candidate card: replica cards, busiest-hour cards, price per
    million output tokens of the option the plan takes on that card."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(session, 4, parent)
        self._currency = "CNY"
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizeAdjustPolicy(QAbstractScrollArea.SizeAdjustPolicy.AdjustToContents)
        self.retranslate_ui()

    @override
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
        with one_change(self):
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
                    row_text(item, feasible=row.feasible)
                    item.setToolTip(why)
                    item.setData(Qt.ItemDataRole.AccessibleDescriptionRole, why)
                    self.setItem(r, c, item)
