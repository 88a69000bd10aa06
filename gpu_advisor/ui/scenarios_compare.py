"""The scenarios side by side: a table and one bar chart per measure.

The figures come from :func:`gpu_advisor.engine.api.evaluate_scenarios`
(each scenario evaluated as the overridden plan on its own, with the plan's
Monte Carlo draws and seed for P(owning beats renting): the one table the
CLI and the PDF print); this module only renders them. The budget step and the review
step share one :class:`ScenarioRunner` per session, so a scenario is
evaluated once per change of the plan.

Five scenarios with their Monte Carlo take about 0.5 s on a loaded machine
(``benchmarks/bench_scenarios.py``), far over the 20 ms an edit may block
the window, so the runner evaluates them on a superqt worker
(:class:`~gpu_advisor.ui.workers.LatestWorker`) while the view shows a busy
bar over the last figures. What needs no evaluation — making a scenario the
base, renaming or removing one, ticking it for the PDF — is taken from the
last result at once (:func:`gpu_advisor.engine.api.reuse_scenarios`).
"""

from __future__ import annotations

import weakref
from typing import Final

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QLabel,
    QProgressBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from superqt.utils import QSignalDebouncer
from typing_extensions import override

from gpu_advisor.engine.api import ScenarioRuns, evaluate_scenarios, reuse_scenarios
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.project import Project
from gpu_advisor.model.scenario_results import (
    SCENARIO_MEASURES,
    ScenarioComparison,
    ScenarioFigures,
)
from gpu_advisor.report.formulas import catalog_names
from gpu_advisor.report.scenario_text import changes_text
from gpu_advisor.ui.i18n import current_language, current_locale, fill
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import (
    BASE_PLAN_BAR,
    SCENARIO_BAR,
)
from gpu_advisor.ui.widgets.cost_charts import format_money, money_scale
from gpu_advisor.ui.widgets.plotting import set_ticks, setup_plot
from gpu_advisor.ui.workers import LatestWorker, describe
from gpu_advisor.words.terms import option_name

_RUNNERS: Final[weakref.WeakKeyDictionary[ProjectSession, ScenarioRunner]] = (
    weakref.WeakKeyDictionary()
)
_DEBOUNCE_MS: Final = 150


class ScenarioRunner(QObject):
    """Evaluates a session's scenarios in the background, one job at a time.

    :meth:`request` returns the comparison when it is at hand; otherwise it
    starts a job (or lets the running one finish first) and :attr:`ready`
    brings the result for the session's project as it then is. Each job
    reuses the columns of the last result that did not change.

    Signals
    -------
    ready(object)
        The :class:`ScenarioRuns` of the session's current project.
    busy_changed(bool)
        A job started (True) or no job is left (False).
    failed(str)
        The engine raised; the message.
    """

    ready = Signal(object)
    busy_changed = Signal(bool)
    failed = Signal(str)

    def __init__(self, session: ProjectSession) -> None:
        super().__init__(session)
        self._session = session
        self._runner = LatestWorker(self)
        self._runner.returned.connect(self._on_finished)
        self._runner.errored.connect(self._on_failed)
        self.runs: ScenarioRuns | None = None
        """The last result (for the project it names in ``source``)."""

    @property
    def busy(self) -> bool:
        """A job is running."""
        return self._runner.is_running

    def current(self) -> ScenarioRuns | None:
        """The result for the session's project, when there is one already."""
        runs = self.runs
        return (
            runs if runs is not None and runs.source is self._session.project else None
        )

    def request(self) -> ScenarioRuns | None:
        """The comparison of the session's project, or None while it is evaluated."""
        project = self._session.project
        if (runs := self.current()) is not None:
            return runs
        at_hand = reuse_scenarios(project, self.runs)
        if at_hand is not None:
            self.runs = at_hand
            return at_hand
        if not self._runner.is_running:
            self._start()
        # else: the running job's result becomes the next one's starting point
        return None

    def _start(self) -> None:
        project, catalog, previous = (
            self._session.project,
            self._session.catalog,
            self.runs,
        )
        self._runner.start(_evaluate, project, catalog, previous)
        self.busy_changed.emit(True)

    def _on_finished(self, result: object) -> None:
        if not isinstance(result, ScenarioRuns):
            return
        self.runs = result
        project = self._session.project
        if result.source is not project and project.scenarios:
            self._start()  # the plan changed meanwhile: once more, from here
            return
        self.busy_changed.emit(False)
        if result.source is project:
            self.ready.emit(result)

    def _on_failed(self, exc: object) -> None:
        self.busy_changed.emit(False)
        self.failed.emit(describe(exc))


def _evaluate(
    project: Project,
    catalog: Catalog,
    previous: ScenarioRuns | None,
) -> ScenarioRuns:
    """A task: every scenario of ``project`` with its Monte Carlo, reusing ``previous``."""
    return evaluate_scenarios(project, catalog, previous)


def scenario_runner(session: ProjectSession) -> ScenarioRunner:
    """The session's one :class:`ScenarioRunner` (made on first use)."""
    runner = _RUNNERS.get(session)
    if runner is None:
        runner = ScenarioRunner(session)
        _RUNNERS[session] = runner
    return runner


class ScenarioCompareView(QWidget):
    """The base plan and every scenario: figures in a table, a chart per measure."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.comparison: ScenarioComparison | None = None
        self.empty_label = QLabel(wordWrap=True)
        self.table = QTableWidget(0, 0)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setMinimumHeight(200)
        self.table.setCornerButtonEnabled(False)  # read-only: nothing to select
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)  # busy: no percentage
        self.busy_bar.setTextVisible(False)
        self.busy_bar.setMaximumHeight(8)
        self.busy_label = QLabel()
        self.charts: list[pg.PlotWidget] = []
        self.bars: list[pg.BarGraphItem] = []
        self._titles: list[str] = [""] * len(SCENARIO_MEASURES)
        grid = QGridLayout()
        for index in range(len(SCENARIO_MEASURES)):
            plot = pg.PlotWidget()
            setup_plot(plot)
            plot.setMinimumHeight(150)
            plot.getPlotItem().hideButtons()
            plot.getPlotItem().getAxis("left").setWidth(52)
            self.charts.append(plot)
            bars = pg.BarGraphItem(x=[], height=[], width=0.6)
            plot.addItem(bars)
            self.bars.append(bars)
            grid.addWidget(plot, index // 3, index % 3)
        self._charts_box = QWidget()
        self._charts_box.setLayout(grid)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.empty_label)
        layout.addWidget(self.busy_label)
        layout.addWidget(self.busy_bar)
        layout.addWidget(self.table, 1)
        layout.addWidget(self._charts_box, 1)
        # until the first refresh says otherwise, as for a plan with no scenarios
        self.table.setVisible(False)
        self._charts_box.setVisible(False)
        self._refresh_later = QSignalDebouncer(parent=self)
        self._refresh_later.setTimeout(_DEBOUNCE_MS)
        self._refresh_later.triggered.connect(self.refresh_now)
        self.runner = scenario_runner(session)
        self.runner.ready.connect(self._on_ready)
        self.runner.busy_changed.connect(self._set_busy)
        self.runner.failed.connect(self._on_failed)
        self.error = ""
        """The engine's message when the scenarios could not be evaluated."""
        self._waiting = False
        self._set_busy(False)
        session.project_changed.connect(self._on_project_changed)
        self.retranslate_ui()

    # --- translation ---------------------------------------------------------

    def retranslate_ui(self) -> None:
        self.empty_label.setText(
            self.tr(
                "No scenarios yet. Add one on the budget step: a name and the few "
                "inputs it changes (GPU, cards, horizon, region, prices, options)."
            )
            if not self.error
            else fill(self.tr("The scenarios could not be evaluated: %1"), self.error)
        )
        self.busy_label.setText(self.tr("Evaluating the scenarios…"))
        self.busy_bar.setAccessibleName(self.tr("Evaluating the scenarios…"))
        for plot, (field, *_rest) in zip(self.charts, SCENARIO_MEASURES, strict=True):
            # the title drawn on the chart adds the unit once there are figures
            plot.setAccessibleName(self.measure_label(field))
            plot.setAccessibleDescription(
                self.tr("One bar per scenario; the base plan's bar is green")
            )
        if self.comparison is not None:
            self._show(self.comparison)

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def measure_label(self, field: str) -> str:
        """The translated label of one measure."""
        labels = {
            "total_cny": self.tr("Total over the horizon"),
            "npv_cny": self.tr("Net present value"),
            "upfront_cny": self.tr("Up-front cash"),
            "cost_per_useful_gpu_hour_cny": self.tr("Cost per useful GPU-hour"),
            "days": self.tr("Days to finish"),
            "p_own_beats_rent": self.tr("P(owning beats renting)"),
        }
        return labels[field]

    # --- refresh -------------------------------------------------------------

    @override
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._refresh_later.throttle()

    def _on_project_changed(self, _project: object) -> None:
        if self.isVisible():
            self._refresh_later.throttle()

    def refresh_now(self) -> None:
        """Show the scenarios when at hand; else evaluate them in the background."""
        self._refresh_later.cancel()
        project = self._session.project
        if not project.scenarios:
            self.comparison = None
            self.error = ""
            self.retranslate_ui()
            self.empty_label.setVisible(True)
            self.table.setVisible(False)
            self._charts_box.setVisible(False)
            self._set_busy(False)
            return
        runs = self.runner.request()
        self._waiting = runs is None  # the runner's ready signal brings them
        if runs is not None:
            assert runs.comparison is not None
            self._show(runs.comparison)

    def _on_ready(self, runs: ScenarioRuns) -> None:
        # a hidden view that asked nothing catches up when shown (showEvent)
        if (self._waiting or self.isVisible()) and runs.comparison is not None:
            self._waiting = False
            self._show(runs.comparison)

    def _set_busy(self, busy: bool) -> None:
        if busy and not self._session.project.scenarios:
            busy = False
        self.busy_bar.setVisible(busy)
        self.busy_label.setVisible(busy)
        # the figures still shown are the plan's before the edit: greyed out
        self.table.setEnabled(not busy)
        self._charts_box.setEnabled(not busy)

    def _on_failed(self, message: str) -> None:
        self.error = message
        self.comparison = None
        self.retranslate_ui()
        self.empty_label.setVisible(True)
        self.table.setVisible(False)
        self._charts_box.setVisible(False)

    def _show(self, comparison: ScenarioComparison) -> None:
        self.comparison = comparison
        self.error = ""
        self._set_busy(self.runner.busy)
        self.empty_label.setVisible(False)
        self.table.setVisible(True)
        self._charts_box.setVisible(True)
        self._fill_table(comparison)
        self._fill_charts(comparison)

    def column_title(self, column: ScenarioFigures) -> str:
        """Header of a column: 'Base plan', or the scenario's number and name."""
        if column.is_base:
            return self.tr("Base plan")
        return f"{(column.index or 0) + 1}: {column.name}"

    def column_tick(self, column: ScenarioFigures) -> str:
        """A chart's short label of a column: 'Base' or the scenario's number."""
        return self.tr("Base") if column.is_base else str((column.index or 0) + 1)

    def cell_text(
        self, column: ScenarioFigures, field: str, code: str, rate: float
    ) -> str:
        """One figure as shown (the engine's number, the UI's format)."""
        value = getattr(column, field)
        if value is None:
            return "—"
        locale = current_locale()
        if field == "p_own_beats_rent":
            return f"{locale.toString(value * 100, 'f', 0)} %"
        if field == "days":
            return fill(self.tr("%1 days"), locale.toString(value, "f", 1))
        decimals = 2 if field == "cost_per_useful_gpu_hour_cny" else 0
        return format_money(value / rate, code, decimals)

    def _fill_table(self, comparison: ScenarioComparison) -> None:
        columns = comparison.columns
        language = current_language()
        names = catalog_names(self._session.catalog)
        rows: list[tuple[str, list[str]]] = [
            (
                self.tr("GPU and cards"),
                [f"{names.get(c.gpu_id, c.gpu_id)} × {c.gpus}" for c in columns],
            ),
            (
                self.tr("Horizon"),
                [fill(self.tr("%1 months"), str(c.horizon_months)) for c in columns],
            ),
            (
                self.tr("Changes from the base"),
                [changes_text(c, language.value, names) for c in columns],
            ),
        ]
        code, rate = comparison.currency_code, comparison.cny_per_unit
        for field, *_rest in SCENARIO_MEASURES:
            rows.append(
                (
                    self.measure_label(field),
                    [self.cell_text(c, field, code, rate) for c in columns],
                )
            )
        rows.append(
            (
                self.tr("Recommendation"),
                [
                    option_name(c.recommendation, language.value)
                    if c.recommendation is not None
                    else "—"
                    for c in columns
                ],
            )
        )
        self.table.clear()
        self.table.setRowCount(len(rows))
        self.table.setColumnCount(len(columns))
        self.table.setHorizontalHeaderLabels([self.column_title(c) for c in columns])
        self.table.setVerticalHeaderLabels([label for label, _ in rows])
        for r, (_label, values) in enumerate(rows):
            for c, text in enumerate(values):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()

    def _fill_charts(self, comparison: ScenarioComparison) -> None:
        columns = comparison.columns
        ticks = [(float(i), self.column_tick(c)) for i, c in enumerate(columns)]
        divisor, money_unit = money_scale(comparison.currency_code)
        for index, (plot, (field, *_rest, unit)) in enumerate(
            zip(self.charts, SCENARIO_MEASURES, strict=True)
        ):
            item = plot.getPlotItem()
            scale, axis_unit = 1.0, ""
            if unit == "1":
                scale, axis_unit = 100.0, "%"
            elif unit == "CNY":
                scale, axis_unit = 1.0 / comparison.cny_per_unit / divisor, money_unit
            elif unit == "CNY/GPU-h":
                scale = 1.0 / comparison.cny_per_unit
                axis_unit = format_money(0, comparison.currency_code).split(" ", 1)[-1]
            elif unit == "days":
                axis_unit = self.tr("days")
            values = [float(getattr(c, field) or 0.0) * scale for c in columns]
            brushes = [BASE_PLAN_BAR if c.is_base else SCENARIO_BAR for c in columns]
            # one bar item per chart, updated in place (a new item costs a repaint
            # of the whole scene)
            bars = self.bars[index]
            bars.setOpts(
                x=list(range(len(columns))), height=values, width=0.6, brushes=brushes
            )
            set_ticks(item.getAxis("bottom"), ticks)
            title = (
                f"{self.measure_label(field)} [{axis_unit}]"
                if axis_unit
                else self.measure_label(field)
            )
            if title != self._titles[index]:
                self._titles[index] = title
                item.setTitle(title, size="9pt")
                plot.setAccessibleName(title)
            item.setXRange(-0.6, len(columns) - 0.4, padding=0)
