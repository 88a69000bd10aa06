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
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.model.common import Language
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import PhaseKind, Project
from gpu_advisor.model.serving_plan import ServingPlan
from gpu_advisor.ui.i18n import current_language, current_locale, fill
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import (
    BAR_OUTLINE,
    CHOSEN_POINT,
    DAYS_CURVE,
    OPTION_COLOURS,
    PHASE_COLOURS,
    SECONDARY_STYLE,
)
from gpu_advisor.ui.theme import style_plot
from gpu_advisor.ui.widgets.plotting import (
    DescribedPlot,
    axis_top,
    nice_ceiling,
    set_ticks,
    show_grid,
)

_CHART_HEIGHT_PX: Final = 240


def _setup(plot: DescribedPlot) -> None:
    style_plot(plot)
    plot.setMenuEnabled(False)
    plot.setMouseEnabled(x=False, y=False)
    plot.hideButtons()
    show_grid(plot, x=False, alpha=0.3)
    plot.setMinimumHeight(_CHART_HEIGHT_PX)


def _language() -> Language:
    return Language.ZH if current_language().startswith("zh") else Language.EN


def _num(value: float, decimals: int = 0) -> str:
    return current_locale().toString(float(value), "f", decimals)


class ReplicasChart(DescribedPlot):
    """Replicas running each hour of the first serving month's day (bars),
    the busiest hour over the horizon with the traffic's growth (dashed)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _setup(self)
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
    its request rate, the targets as dashed lines and the chosen load marked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _setup(self)
        self.addLegend(offset=(10, 10))
        self.ttft = pg.PlotDataItem(pen=pg.mkPen(DAYS_CURVE, width=2), name="TTFT")
        self.tpot = pg.PlotDataItem(
            pen=pg.mkPen(OPTION_COLOURS[next(iter(OPTION_COLOURS))], width=2),
            name="TPOT × 10",
        )
        self.addItem(self.ttft)
        self.addItem(self.tpot)
        dashed = pg.mkPen(CHOSEN_POINT, style=Qt.PenStyle.DashLine)
        self.ttft_target = pg.InfiniteLine(angle=0, movable=False, pen=dashed)
        self.tpot_target = pg.InfiniteLine(angle=0, movable=False, pen=dashed)
        self.chosen = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen("#555"))
        for item in (self.ttft_target, self.tpot_target, self.chosen):
            self.addItem(item)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.setLabel("bottom", self.tr("Requests per second on one replica"))
        self.setLabel("left", self.tr("p95 latency [ms]"))
        self.setTitle(self.tr("Latency against load, targets dashed"), size="10pt")

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def set_plan(
        self, plan: ServingPlan, ttft_ms: float | None, tpot_ms: float | None
    ) -> None:
        """Draw ``plan``'s load curve and the targets (TPOT drawn ×10 to share the axis)."""
        points = plan.load_curve
        x = np.asarray([p.requests_per_s for p in points], dtype=np.float64)
        self.ttft.setData(x, np.asarray([p.ttft_ms for p in points], dtype=np.float64))
        self.tpot.setData(
            x, np.asarray([p.tpot_ms * 10 for p in points], dtype=np.float64)
        )
        self.ttft_target.setVisible(ttft_ms is not None)
        self.tpot_target.setVisible(tpot_ms is not None)
        if ttft_ms is not None:
            self.ttft_target.setPos(ttft_ms)
        if tpot_ms is not None:
            self.tpot_target.setPos(tpot_ms * 10)
        self.chosen.setPos(plan.per_replica.requests_per_s)
        ys = [p.ttft_ms for p in points] + [p.tpot_ms * 10 for p in points]
        ys += [v for v in (ttft_ms, None if tpot_ms is None else tpot_ms * 10) if v]
        self.setYRange(0, nice_ceiling(axis_top(ys, floor=10.0)), padding=0)
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
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.note)
        layout.addWidget(self.replicas)
        layout.addWidget(self.latency)
        layout.addStretch(1)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
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
        self.replicas.setVisible(shown)
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
        if plan.load_curve:
            self.latency.set_plan(
                plan,
                targets.ttft_ms if targets.applies else None,
                targets.tpot_ms if targets.applies else None,
            )

    def _why_none(self, evaluation: Evaluation, project: Project) -> str:
        if project.workload.serving is None:
            return ""
        found = [w for w in evaluation.sizing.warnings if w.code.startswith("serving.")]
        language = _language()
        return "<br>".join(words.text(w, language) for w in found)

    def _gpu_name(self, gpu_id: str) -> str:
        names = {g.id: g.name for g in self._session.catalog.gpus}
        return names.get(gpu_id, gpu_id)

    def _summary(self, plan: ServingPlan, horizon_peak: int) -> str:
        r = plan.per_replica
        return fill(
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
