"""The workload step's "Serving" tab: what the engine made of the serving inputs.

A summary of the chosen replica and the cards the busiest hour needs, then
three charts people read at a glance: replicas through the day, one replica's
latency against its load with the target lines, and each option's cost per
million output tokens. Everything is read from the evaluation
(``SizingResult.serving``, ``CostResult.serving``); nothing is computed here.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import PhaseKind, Project
from gpu_advisor.model.serving_plan import ServingPlan
from gpu_advisor.ui.i18n import current_language, current_locale, fill
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import (
    BAR_OUTLINE,
    CHOSEN_POINT,
    DAYS_CURVE,
    PHASE_COLOURS,
    REFERENCE_LINE,
    SECONDARY_STYLE,
    TPOT_CURVE,
)
from gpu_advisor.ui.widgets.plotting import (
    DescribedPlot,
    axis_top,
    nice_ceiling,
    outside_legend,
    set_ticks,
    setup_still_plot,
)
from gpu_advisor.ui.widgets.serving_cards import ServingCardsTable
from gpu_advisor.ui.widgets.table_fill import one_change
from gpu_advisor.words.terms import option_name

_CHART_HEIGHT_PX: Final = 240


def _setup(plot: DescribedPlot) -> None:
    setup_still_plot(plot, _CHART_HEIGHT_PX)


def _num(value: float, decimals: int = 0) -> str:
    return current_locale().toString(float(value), "f", decimals)


class ReplicasChart(DescribedPlot):
    """Replicas running each hour of the first serving month's day (bars),
    the busiest hour over the horizon with the traffic's growth (dashed)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _setup(self)
        self.setMaximumHeight(_CHART_HEIGHT_PX + 40)
        self.bars = pg.BarGraphItem(
            x=[], height=[], width=0.8, brush=PHASE_COLOURS[PhaseKind.INFERENCE],
            pen=BAR_OUTLINE,
        )  # fmt: skip
        self.addItem(self.bars)
        self.peak_line = pg.InfiniteLine(
            angle=0,
            movable=False,
            pen=pg.mkPen(CHOSEN_POINT, style=Qt.PenStyle.DashLine),
        )
        self.addItem(self.peak_line)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.setLabel("bottom", self.tr("Hour of the day"))
        self.setLabel("left", self.tr("Replicas running"))
        self.setTitle(self.tr("Replicas through the day (first month)"), size="10pt")

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def set_plan(self, plan: ServingPlan) -> None:
        """Draw ``plan``'s replicas by hour and its peak over the horizon."""
        hours = np.arange(24, dtype=np.float64)
        self.bars.setOpts(
            x=hours, height=np.asarray(plan.hourly_replicas, dtype=np.float64)
        )
        self.peak_line.setPos(float(plan.peak_replicas))
        set_ticks(
            self.getAxis("bottom"), [(float(h), f"{h:02d}") for h in range(0, 24, 3)]
        )
        self.setXRange(-0.6, 23.6, padding=0)
        top = nice_ceiling(
            axis_top([*plan.hourly_replicas, plan.peak_replicas], floor=1.0)
        )
        self.setYRange(0, top, padding=0)


class LatencyChart(DescribedPlot):
    """One replica's p95 time to first token and time per output token against
    its request rate, each as a share of its target (the target: 100 %,
    dashed), and the load the plan runs a replica at."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _setup(self)
        self.setMaximumHeight(_CHART_HEIGHT_PX + 40)
        self.ttft = pg.PlotDataItem(pen=pg.mkPen(DAYS_CURVE, width=2))
        self.tpot = pg.PlotDataItem(pen=pg.mkPen(TPOT_CURVE, width=2))
        self.addItem(self.ttft)
        self.addItem(self.tpot)
        self.legend = outside_legend(self)  # below the plot, in the text colour
        dashed = pg.mkPen(CHOSEN_POINT, style=Qt.PenStyle.DashLine)
        self.target = pg.InfiniteLine(pos=100.0, angle=0, movable=False, pen=dashed)
        self.chosen = pg.InfiniteLine(
            angle=90, movable=False, pen=pg.mkPen(REFERENCE_LINE)
        )
        self.addItem(self.target)
        self.addItem(self.chosen)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.setLabel("bottom", self.tr("Requests per second on one replica"))
        self.setLabel("left", self.tr("p95 latency [% of its target]"))
        self.setTitle(self.tr("Latency against load (target = 100 %)"), size="10pt")
        self.legend.clear()
        self.legend.addItem(self.ttft, self.tr("First token"))
        self.legend.addItem(self.tpot, self.tr("Each next token"))

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def set_plan(
        self, plan: ServingPlan, ttft_ms: float | None, tpot_ms: float | None
    ) -> None:
        """Draw ``plan``'s load curve against the targets (a missing target: no line)."""
        points = plan.load_curve
        x = np.asarray([p.requests_per_s for p in points], dtype=np.float64)
        ys: list[float] = [100.0]
        for item, target, values in (
            (self.ttft, ttft_ms, [p.ttft_ms for p in points]),
            (self.tpot, tpot_ms, [p.tpot_ms for p in points]),
        ):
            if target is None:
                item.setData([], [])
                continue
            share = np.asarray(values, dtype=np.float64) / target * 100.0
            item.setData(x, share)
            ys.extend(share.tolist())
        self.chosen.setPos(plan.per_replica.requests_per_s)
        self.setYRange(0, nice_ceiling(axis_top(ys, floor=100.0)), padding=0)
        self.setXRange(
            0, axis_top([*x, plan.per_replica.requests_per_s], floor=0.1), padding=0
        )


class ServingView(QWidget):
    """The "Serving" tab: summary, replicas through the day, latency against load."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.summary = QLabel(wordWrap=True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.summary.setSizePolicy(
            QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum
        )
        self.note = QLabel(wordWrap=True)
        self.note.setStyleSheet(SECONDARY_STYLE)
        self.replicas = ReplicasChart()
        self.latency = LatencyChart()
        self.prices_title = QLabel()
        self.prices = QTableWidget(0, 4)
        self.prices.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.prices.verticalHeader().setVisible(False)
        header = self.prices.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.prices.setWordWrap(True)
        self.prices.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.prices.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self._currency = "CNY"
        self.prices.setSizeAdjustPolicy(
            QAbstractScrollArea.SizeAdjustPolicy.AdjustToContents
        )
        self.hosted_note = QLabel(wordWrap=True)
        self.hosted_note.setStyleSheet(SECONDARY_STYLE)
        self.cards_title = QLabel()
        self.cards = ServingCardsTable(session)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.note)
        layout.addWidget(self.replicas)
        layout.addWidget(self.latency)
        layout.addWidget(self.prices_title)
        layout.addWidget(self.prices)
        layout.addWidget(self.hosted_note)
        layout.addWidget(self.cards_title)
        layout.addWidget(self.cards)
        layout.addStretch(1)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.prices_title.setText(
            self.tr("<b>What serving costs per million tokens</b>")
        )
        self.prices.setHorizontalHeaderLabels(
            [
                self.tr("Option or hosted API"),
                fill(self.tr("Per million\ninput [%1]"), self._currency),
                fill(self.tr("Per million\noutput [%1]"), self._currency),
                fill(self.tr("Serving\ncost [%1]"), self._currency),
            ]
        )
        self.prices.setAccessibleName(self.tr("Serving cost per million tokens"))
        self.cards_title.setText(self.tr("<b>Serving on each candidate card</b>"))
        self.note.setText(
            self.tr(
                "This plan does not serve its model. Tick “Serve the model to users” on "
                "the left to size serving from the traffic you expect."
            )
        )

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def set_result(self, evaluation: Evaluation, project: Project) -> None:
        """Show the serving plan of ``evaluation`` (or why there is none)."""
        plan = evaluation.sizing.serving
        serving = project.workload.serving
        shown = plan is not None and serving is not None
        for widget in (
            self.replicas,
            self.prices_title,
            self.prices,
            self.hosted_note,
            self.cards_title,
            self.cards,
        ):
            widget.setVisible(shown)
        self.latency.setVisible(shown and bool(plan and plan.load_curve))
        self.note.setVisible(not shown)
        if plan is None or serving is None:
            self.summary.setText(self._why_none(evaluation, project))
            return
        targets = serving.targets
        cost = evaluation.cost.serving
        self.summary.setText(
            self._summary(plan, cost.peak_gpus if cost else plan.peak_gpus)
        )
        self.replicas.set_plan(plan)
        self._show_prices(evaluation)
        if plan.load_curve:
            self.latency.set_plan(
                plan,
                targets.ttft_ms if targets.applies else None,
                targets.tpot_ms if targets.applies else None,
            )

    def _show_prices(self, evaluation: Evaluation) -> None:
        """Each option's and each hosted API's price per million tokens."""
        cost = evaluation.cost.serving
        if cost is None:
            self.prices.setRowCount(0)
            return
        lang = current_language()
        rate = evaluation.cost.currency.cny_per_unit
        if evaluation.cost.currency.code != self._currency:
            self._currency = evaluation.cost.currency.code
            self.retranslate_ui()
        feasible = {o.id: o.feasible for o in evaluation.cost.options}
        rows: list[tuple[str, float, float, float, bool]] = [
            (option_name(o.id, lang), o.cny_per_million_input_tokens,
             o.cny_per_million_output_tokens, o.serving_cny, feasible.get(o.id, True))
            for o in cost.options
        ]  # fmt: skip
        names = {e.id: e for e in self._session.catalog.hosted_apis}
        for q in cost.hosted:
            e = names.get(q.id)
            provider = (
                words.say(f"hosted.provider.{e.provider_key}", lang) if e else q.id
            )
            label = f"{provider} · {e.name if e else q.id}"
            rows.append((label, q.cny_per_million_input_tokens,
                         q.cny_per_million_output_tokens, q.total_cny, q.usable))  # fmt: skip
        self.prices.setRowCount(len(rows))
        with one_change(self.prices):
            self._fill_prices(rows, rate)
        blocked = [q.reason for q in cost.hosted if q.reason is not None][:1]
        why = [words.text(m, lang) for m in blocked]
        if cost.hosted_none is not None:
            why.append(words.text(cost.hosted_none, lang))
        self.hosted_note.setText(" ".join(why))
        self.hosted_note.setVisible(bool(why))

    def _fill_prices(
        self, rows: list[tuple[str, float, float, float, bool]], rate: float
    ) -> None:
        """The per-million table's cells in the reader's currency (``rate``: CNY
        per unit), written where their text changed."""
        for r, (name, per_in, per_out, total, usable) in enumerate(rows):
            cells = [
                name,
                _num(per_in / rate, 2),
                _num(per_out / rate, 2),
                _num(total / rate),
            ]
            for c, text in enumerate(cells):
                shown = text if usable or c else text + " ✖"
                item = self.prices.item(r, c)
                if item is None:  # a new row: its cells once, then their text only
                    item = QTableWidgetItem()
                    if c:
                        item.setTextAlignment(
                            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                        )
                    self.prices.setItem(r, c, item)
                if item.text() != shown:
                    item.setText(shown)

    def _why_none(self, evaluation: Evaluation, project: Project) -> str:
        if project.workload.serving is None:
            return ""
        found = [w for w in evaluation.sizing.warnings if w.code.startswith("serving.")]
        language = current_language()
        return "<br>".join(words.text(w, language) for w in found)

    def _gpu_name(self, gpu_id: str) -> str:
        names = {g.id: g.name for g in self._session.catalog.gpus}
        return names.get(gpu_id, gpu_id)

    def _summary(self, plan: ServingPlan, horizon_peak: int) -> str:
        r = plan.per_replica
        source = (
            fill(
                self.tr("Measured: %1's benchmark (%2) met the targets; the model "
                        "estimated %3 requests/s."),
                plan.measured.vendor,
                plan.measured.file,
                _num(plan.estimate.requests_per_s, 2) if plan.estimate else "—",
            )
            if plan.measured is not None
            else self.tr("Estimated by the serving model calibrated on published runs.")
        )  # fmt: skip
        return (
            source
            + "<br>"
            + fill(
                self.tr(
                    "<b>One replica: %1 × %2.</b> At the latency targets it serves %3 "
                    "requests/s (%4 output tokens/s) with %5 in flight; p95 first token "
                    "%6 ms, then %7 ms per token.<br><b>Busiest hour of the first month: "
                    "%8 replicas, %9 cards</b> (spares included); with the traffic's growth, "
                    "up to %10 cards within the plan."
                ),
                _num(r.gpus),
                self._gpu_name(plan.gpu_id),
                _num(r.requests_per_s, 2),
                _num(r.output_tokens_per_s),
                _num(r.concurrency),
                _num(r.ttft_ms),
                _num(r.tpot_ms, 1),
                _num(plan.peak_replicas),
                _num(plan.peak_gpus),
                _num(horizon_peak),
            )
        )
