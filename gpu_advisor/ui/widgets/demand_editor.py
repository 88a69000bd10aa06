"""The monthly demand profile: GPU-hours per month over the planning horizon.

A table (month, GPU-hours, phase, whether the month tolerates spot
instances) and a bar chart whose bars can be dragged
up and down. Both show the profile the cost engine priced
(``Evaluation.cost.demand_gpu_hours``): the project's own months, or, while
``demand.months`` is empty and ``demand.derive_from_workload`` is set, the
profile derived from the sized workload (shown in italics). The first edit of a
derived profile writes it out as the project's own months with the edited
value in place.

Every edit is one ``session.apply("demand.months", [...])``; a drag applies
once, when the mouse is released, so one drag is one undo step.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyqtgraph as pg
from pydantic import ValidationError
from PySide6.QtCore import QEvent, QPointF, QRectF, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.engine.api import phase_allows_spot
from gpu_advisor.model.project import PhaseKind, Project, TaskKind
from gpu_advisor.ui.i18n import current_language, current_locale
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import (
    ERROR_STYLE,
    NOTE_STYLE,
    PHASE_COLOURS,
)
from gpu_advisor.ui.widgets.bound import validation_message
from gpu_advisor.ui.widgets.plotting import (
    describe_plot,
    month_ticks,
    setup_still_plot,
)
from gpu_advisor.ui.widgets.refresh import RefreshWhenShown
from gpu_advisor.ui.widgets.wheel_guard import wheel_scrolls_past

_BAR_WIDTH = 0.7
_MAX_GPU_HOURS = 1e10  # DemandMonth.gpu_hours's upper bound


def phase_for_task(task: TaskKind) -> PhaseKind:
    """The phase label a derived month gets from the workload's task."""
    if task is TaskKind.PRETRAIN:
        return PhaseKind.PRETRAIN
    if task is TaskKind.INFERENCE:
        return PhaseKind.INFERENCE
    return PhaseKind.FINETUNE


class DraggableBars(pg.BarGraphItem):
    """Bars at x = 1..n that the user drags vertically.

    Each bar can be grabbed anywhere in its column up to its top, and at least
    up to :meth:`set_grab_height` (so an empty month can be pulled up too).

    Signals
    -------
    bar_moved(int, float)
        While dragging: bar index and its new height. [GPU-hours]
    bar_dropped(int, float)
        At the end of a drag: bar index and final height. [GPU-hours]
    """

    bar_moved = Signal(int, float)
    bar_dropped = Signal(int, float)

    def __init__(self) -> None:
        super().__init__(x=np.zeros(0), height=np.zeros(0), width=_BAR_WIDTH)
        self._heights = np.zeros(0)
        self._grab = 0.0
        self._drag_index: int | None = None

    @property
    def heights(self) -> np.ndarray[Any, np.dtype[np.float64]]:
        return self._heights

    def set_values(self, heights: list[float], brushes: list[QBrush]) -> None:
        """Show ``heights`` (bar i at x = i + 1) with one brush per bar."""
        self._heights = np.asarray(heights, dtype=np.float64)
        self.prepareGeometryChange()
        self.setOpts(
            x=np.arange(1, len(heights) + 1, dtype=np.float64),
            height=self._heights,
            width=_BAR_WIDTH,
            brushes=brushes,
        )

    def set_grab_height(self, value: float) -> None:
        """The minimum height of each bar's grab area. [GPU-hours]"""
        if value != self._grab:
            self.prepareGeometryChange()
            self._grab = value
            self._shape = None

    def index_at(self, pos: QPointF) -> int | None:
        """The bar whose grab area holds ``pos`` (item coordinates)."""
        index = round(pos.x()) - 1
        if not 0 <= index < len(self._heights):
            return None
        if abs(pos.x() - (index + 1)) > _BAR_WIDTH / 2:
            return None
        top = max(float(self._heights[index]), self._grab)
        if pos.y() < -0.02 * max(top, 1.0) or pos.y() > top * 1.05 + 1e-9:
            return None
        return index

    @override
    def shape(self) -> QPainterPath:
        path = QPainterPath()
        for i, height in enumerate(self._heights):
            top = max(float(height), self._grab)
            path.addRect(QRectF(i + 1 - _BAR_WIDTH / 2, 0.0, _BAR_WIDTH, top))
        return path

    @override
    def boundingRect(self) -> QRectF:
        rect: QRectF = super().boundingRect()
        return rect.united(self.shape().boundingRect())

    @override
    def mouseDragEvent(self, ev: Any) -> None:
        if ev.button() != Qt.MouseButton.LeftButton:
            ev.ignore()
            return
        if ev.isStart():
            self._drag_index = self.index_at(ev.buttonDownPos())
        if self._drag_index is None:
            ev.ignore()
            return
        ev.accept()
        index = self._drag_index
        value = float(min(max(ev.pos().y(), 0.0), _MAX_GPU_HOURS))
        self._heights[index] = value
        self.setOpts(height=self._heights.copy())
        if ev.isFinish():
            self._drag_index = None
            self.bar_dropped.emit(index, value)
        else:
            self.bar_moved.emit(index, value)


_ROW_PADDING_PX = 4
"""Room above and below the phase picker in a row of the table [px]."""


class DemandEditor(QWidget):
    """Table and draggable bar chart of ``project.demand``."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.outputs = RefreshWhenShown(
            self, lambda: self.refresh(self._session.project)
        )
        self._phase_combos: list[QComboBox] = []
        self._spot_checks: list[QCheckBox] = []
        self._derived = True

        self.title_label = QLabel()
        self.source_label = QLabel(wordWrap=True)
        self.fill_button = QPushButton()
        self.clear_button = QPushButton()
        self.table = QTableWidget(0, 4)
        self.table.setTabKeyNavigation(False)  # arrows move, Tab leaves
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        header.setMinimumSectionSize(48)
        # Exactly as wide as its columns (a stretched last column and the
        # vertical scroll bar made a horizontal one appear for a pixel), and
        # rows as low as the phase picker allows: 15 months fit at 1280×720.
        header.setStretchLastSection(False)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.verticalHeader().setDefaultSectionSize(
            QComboBox().sizeHint().height() + _ROW_PADDING_PX
        )
        self.error_label = QLabel(wordWrap=True)
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.setVisible(False)
        self.warning_label = QLabel(wordWrap=True)
        self.warning_label.setStyleSheet(NOTE_STYLE)

        self.plot = pg.PlotWidget()
        setup_still_plot(self.plot, 200)
        self.bars = DraggableBars()
        self.plot.addItem(self.bars)
        self.plot.getViewBox().sigYRangeChanged.connect(self._on_y_range_changed)

        buttons = QHBoxLayout()
        buttons.addWidget(self.fill_button)
        buttons.addWidget(self.clear_button)
        buttons.addStretch(1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.table)
        splitter.addWidget(self.plot)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([300, 700])
        layout = QVBoxLayout(self)
        layout.addWidget(self.title_label)
        layout.addWidget(self.source_label)
        layout.addLayout(buttons)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.error_label)
        layout.addWidget(self.warning_label)

        header.sectionResized.connect(self._fit_table_width)
        self.fill_button.clicked.connect(self._on_fill_clicked)
        self.clear_button.clicked.connect(self._on_clear_clicked)
        self.table.itemChanged.connect(self._on_item_changed)
        self.bars.bar_moved.connect(self._on_bar_moved)
        self.bars.bar_dropped.connect(self._on_bar_dropped)
        session.project_changed.connect(self._on_project_changed)
        self.retranslate_ui()

    # --- translation ---------------------------------------------------------------

    def phase_name(self, phase: PhaseKind) -> str:
        names = {
            PhaseKind.PRETRAIN: self.tr("Pretraining"),
            PhaseKind.FINETUNE: self.tr("Fine-tuning"),
            PhaseKind.INFERENCE: self.tr("Inference"),
            PhaseKind.EXPERIMENTS: self.tr("Experiments"),
            PhaseKind.IDLE: self.tr("Idle"),
        }
        return names[phase]

    def retranslate_ui(self) -> None:
        self.title_label.setText(self.tr("<b>Monthly demand profile</b>"))
        self.fill_button.setText(self.tr("Fill from workload"))
        self.fill_button.setToolTip(
            self.tr(
                "Let the sized workload fill the profile (GPU-hours with the ×1.5 "
                "redundancy, on the sized card count, from month 1)."
            )
        )
        self.clear_button.setText(self.tr("C&lear"))
        self.clear_button.setToolTip(self.tr("Set every month to zero GPU-hours."))
        self.table.setHorizontalHeaderLabels(
            [self.tr("Month"), self.tr("GPU-hours"), self.tr("Phase"), self.tr("Spot")]
        )
        spot_header = self.table.horizontalHeaderItem(3)
        if spot_header is not None:
            spot_header.setToolTip(
                self.tr(
                    "Whether the month's work may run on reclaimable spot instances "
                    "(with checkpointing). Serving months never do."
                )
            )
        self.plot.setLabel("bottom", self.tr("Month"))
        self.plot.setLabel("left", self.tr("GPU-hours per month"))
        describe_plot(self.plot, self.title_label.text())
        self.refresh(self._session.project)

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    # --- model -> widget -----------------------------------------------------------

    def shown_profile(self) -> list[float]:
        """The GPU-hours per month the engine priced (what the table shows)."""
        return list(self._session.evaluation.cost.demand_gpu_hours)

    def shown_phases(self, project: Project) -> list[PhaseKind]:
        hours = self.shown_profile()
        own = project.demand.months
        phases: list[PhaseKind] = []
        for i, value in enumerate(hours):
            if i < len(own):
                phases.append(own[i].phase)
            elif own:
                phases.append(PhaseKind.IDLE)
            else:
                phases.append(
                    phase_for_task(project.workload.task)
                    if value > 0
                    else PhaseKind.IDLE
                )
        return phases

    def shown_spot(self, project: Project) -> list[bool | None]:
        """Each shown month's own spot setting (None: by its phase)."""
        own = project.demand.months
        return [
            own[i].spot_allowed if i < len(own) else None
            for i in range(len(self.shown_profile()))
        ]

    def _on_project_changed(self, _project: Project) -> None:
        # Table and bars: at once while shown, else when the tab is next shown.
        self.outputs.invalidate()
        self._show_error("")

    def refresh(self, project: Project) -> None:
        evaluation = self._session.evaluation
        hours = list(evaluation.cost.demand_gpu_hours)
        phases = self.shown_phases(project)
        source = evaluation.cost.demand_source
        self._derived = source != "project"
        if source == "workload":
            self.source_label.setText(
                self.tr(
                    "Derived from the workload (in italics); edit a month or drag a "
                    "bar to make it your own profile."
                )
            )
        elif source == "project":
            self.source_label.setText(self.tr("Your own profile."))
        else:
            self.source_label.setText(
                self.tr("No profile: enter GPU-hours or fill it from the workload.")
            )
        self._fill_table(hours, phases, self.shown_spot(project))
        self.table.resizeColumnsToContents()
        self._fit_table_width()
        brushes = [QBrush(QColor(PHASE_COLOURS[p])) for p in phases]
        self.bars.set_values(hours, brushes)
        self.plot.setXRange(0.4, len(hours) + 0.6, padding=0)
        month_ticks(self.plot, len(hours))
        top = max(hours, default=0.0)
        self.plot.setYRange(0, top * 1.15 if top > 0 else 1000.0, padding=0)
        language = current_language()
        notes = [
            words.text(w, language)
            for w in evaluation.cost.warnings
            if w.code.startswith("demand.")
        ]
        self.warning_label.setText("\n".join(notes))
        self.warning_label.setVisible(bool(notes))

    def _fit_table_width(self, *_args: object) -> None:
        """Every column in view: the table as wide as its columns and its
        vertical scroll bar (a long horizon scrolls down, never sideways)."""
        table = self.table
        bar = table.style().pixelMetric(
            QStyle.PixelMetric.PM_ScrollBarExtent, None, table
        )
        width = table.horizontalHeader().length() + bar + 2 * table.frameWidth()
        if width != table.minimumWidth():
            table.setFixedWidth(width)

    def _fill_table(
        self, hours: list[float], phases: list[PhaseKind], spot: list[bool | None]
    ) -> None:
        locale = current_locale()
        italic = QFont()
        italic.setItalic(self._derived)
        with QSignalBlocker(self.table):
            if self.table.rowCount() != len(hours):
                self.table.setRowCount(len(hours))
                self._phase_combos = []
                self._spot_checks = []
                for row in range(len(hours)):
                    combo = QComboBox()
                    wheel_scrolls_past(combo)
                    for phase in PhaseKind:
                        combo.addItem("", str(phase))
                    combo.currentIndexChanged.connect(
                        lambda _i, r=row: self._on_phase_changed(r)
                    )
                    self.table.setCellWidget(row, 2, combo)
                    self._phase_combos.append(combo)
                    check = QCheckBox()
                    check.toggled.connect(
                        lambda on, r=row: self._on_spot_toggled(r, on)
                    )
                    self.table.setCellWidget(row, 3, check)
                    self._spot_checks.append(check)
            for row, (value, phase) in enumerate(zip(hours, phases, strict=True)):
                month = QTableWidgetItem(locale.toString(row + 1))
                month.setFlags(month.flags() & ~Qt.ItemFlag.ItemIsEditable)
                month.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, 0, month)
                cell = QTableWidgetItem(locale.toString(value, "f", 0))
                cell.setTextAlignment(
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                )
                cell.setFont(italic)
                self.table.setItem(row, 1, cell)
                combo = self._phase_combos[row]
                with QSignalBlocker(combo):
                    for i, kind in enumerate(PhaseKind):
                        combo.setItemText(i, self.phase_name(kind))
                    combo.setCurrentIndex(combo.findData(str(phase)))
                combo.setAccessibleName(  # the cell has no label of its own
                    self.tr("Phase, month %1").replace("%1", str(row + 1))
                )
                check = self._spot_checks[row]
                with QSignalBlocker(check):
                    check.setChecked(phase_allows_spot(phase, spot[row]))
                    check.setEnabled(phase is not PhaseKind.INFERENCE)
                    check.setToolTip(
                        self.tr("Serving never runs on spot instances.")
                        if phase is PhaseKind.INFERENCE
                        else self.tr("Spot instances allowed in this month")
                    )
                    check.setAccessibleName(  # the cell has no text of its own
                        self.tr("Spot allowed, month %1").replace("%1", str(row + 1))
                    )

    # --- widget -> model -----------------------------------------------------------

    def _months_payload(
        self,
        hours: list[float],
        phases: list[PhaseKind],
        spot: list[bool | None] | None = None,
    ) -> list[dict[str, Any]]:
        spot = spot if spot is not None else self.shown_spot(self._session.project)
        return [
            {"gpu_hours": h, "phase": str(p), "spot_allowed": ok}
            for h, p, ok in zip(hours, phases, spot, strict=True)
        ]

    def set_month(self, index: int, gpu_hours: float) -> None:
        """Set one month's GPU-hours (writing a derived profile out first)."""
        hours = self.shown_profile()
        phases = self.shown_phases(self._session.project)
        hours[index] = gpu_hours
        self._apply_months(self._months_payload(hours, phases))

    def set_phase(self, index: int, phase: PhaseKind) -> None:
        hours = self.shown_profile()
        phases = self.shown_phases(self._session.project)
        phases[index] = phase
        self._apply_months(self._months_payload(hours, phases))

    def set_spot_allowed(self, index: int, allowed: bool | None) -> None:
        """Whether month ``index`` may run on spot (None: by its phase)."""
        project = self._session.project
        spot = self.shown_spot(project)
        spot[index] = allowed
        self._apply_months(
            self._months_payload(self.shown_profile(), self.shown_phases(project), spot)
        )

    def _on_spot_toggled(self, row: int, on: bool) -> None:
        phase = self.shown_phases(self._session.project)[row]
        # back to "by the phase" when the box says what the phase would
        self.set_spot_allowed(row, None if on == phase_allows_spot(phase) else on)

    def _apply_months(self, months: list[dict[str, Any]]) -> None:
        try:
            self._session.apply(
                "demand.months", months, self.tr("Edit the demand profile")
            )
        except ValidationError as exc:
            self._show_error(validation_message(exc))
            self.refresh(self._session.project)
        else:
            self._show_error("")

    def _show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        if item.column() != 1:
            return
        value, ok = current_locale().toDouble(item.text().strip())
        if not ok:
            try:
                value, ok = float(item.text().replace(",", "").strip()), True
            except ValueError:
                ok = False
        if not ok or value < 0:
            self._show_error(self.tr("Enter GPU-hours as a number ≥ 0."))
            self.refresh(self._session.project)
            return
        self.set_month(item.row(), value)

    def _on_phase_changed(self, row: int) -> None:
        combo = self._phase_combos[row]
        self.set_phase(row, PhaseKind(combo.currentData()))

    def _on_bar_moved(self, index: int, value: float) -> None:
        item = self.table.item(index, 1)
        if item is not None:
            with QSignalBlocker(self.table):
                item.setText(current_locale().toString(value, "f", 0))

    def _on_bar_dropped(self, index: int, value: float) -> None:
        self.set_month(index, round(value))

    def _on_fill_clicked(self) -> None:
        self._apply_demand(
            {"months": [], "derive_from_workload": True},
            self.tr("Fill the demand from the workload"),
        )

    def _on_clear_clicked(self) -> None:
        horizon = self._session.project.meta.horizon_months
        self._apply_demand(
            {
                "months": [{"gpu_hours": 0.0, "phase": "idle"}] * horizon,
                "derive_from_workload": False,
            },
            self.tr("Clear the demand profile"),
        )

    def _apply_demand(self, demand: dict[str, Any], label: str) -> None:
        # One path for both fields: one undo step that never merges with edits.
        self._session.apply("demand", demand, label)

    def _on_y_range_changed(self, _view: object, y_range: tuple[float, float]) -> None:
        self.bars.set_grab_height((y_range[1] - y_range[0]) * 0.06)
