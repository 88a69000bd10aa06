"""The sizing's two charts: memory per card, and days against the number of cards.

:class:`MemoryChart` stacks the memory parts of one card (weights, gradients,
optimizer states, activations, KV cache, overhead) per candidate GPU, with
the card's usable memory as a dashed line and a legend that wraps between
its entries. :class:`DaysChart` draws the training time against the number
of cards on a log axis, the plan's card count and the deadline. Both draw
the evaluation's :class:`~gpu_advisor.model.results.SizingResult` and
compute nothing; :class:`SizingChartsRow` holds them side by side.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget
from typing_extensions import override

from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.ui.i18n import current_locale
from gpu_advisor.ui.style import (
    BAR_OUTLINE,
    CAPACITY_LINE,
    CHOSEN_POINT,
    DAYS_CURVE,
    MARKER_OUTLINE,
    MEMORY_PART_COLOURS,
)
from gpu_advisor.ui.theme import chart_colours
from gpu_advisor.ui.widgets.plotting import (
    DescribedPlot,
    axis_top,
    nice_ceiling,
    set_ticks,
    setup_still_plot,
)

GIB: Final = float(2**30)
"""Bytes per GiB: the engine treats card memory as GiB (see GpuSpec.memory_gb)."""

_BAR_WIDTH = 0.6
_DAYS_AXIS_FLOOR = 1.0
"""Shortest days axis [days]: a plan of minutes still shows a one-day scale."""
CHARTS_HEIGHT_PX: Final = 280
"""The memory and days charts get at least this height: bars, axis names and
the legend under the memory bars all readable [px]."""


def _setup(plot: DescribedPlot) -> None:
    setup_still_plot(plot, 230)


class MemoryChart(QWidget):
    """Memory per GPU as a stacked bar per card, the usable memory dashed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plot = DescribedPlot()
        _setup(self.plot)
        self.legend_label = QLabel(wordWrap=True)
        self.legend_label.setTextFormat(Qt.TextFormat.RichText)
        self.bars: dict[str, pg.BarGraphItem] = {}
        for part, color in MEMORY_PART_COLOURS:
            bar = pg.BarGraphItem(
                x=np.zeros(0),
                height=np.zeros(0),
                width=_BAR_WIDTH,
                brush=QColor(color),
                pen=pg.mkPen(BAR_OUTLINE),
            )
            self.plot.addItem(bar)
            self.bars[part] = bar
        self.capacity_line = pg.PlotDataItem(
            pen=pg.mkPen(CAPACITY_LINE, width=2, style=Qt.PenStyle.DashLine),
            connect="pairs",
        )
        self.plot.addItem(self.capacity_line)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.legend_label)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.plot.setLabel("left", self.tr("Memory per GPU [GiB]"))
        self.plot.setTitle(self.tr("Memory per GPU by card"), size="10pt")

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def part_name(self, part: str) -> str:
        names = {
            "weights_bytes": self.tr("Weights"),
            "gradients_bytes": self.tr("Gradients"),
            "optimizer_bytes": self.tr("Optimizer states"),
            "activations_bytes": self.tr("Activations"),
            "kv_cache_bytes": self.tr("KV cache"),
            "overhead_bytes": self.tr("Overhead"),
        }
        return names[part]

    @staticmethod
    def rows(evaluation: Evaluation) -> list[tuple[str, Any]]:
        """(gpu id, MemoryResult) per bar: the chosen card first, then candidates."""
        sizing = evaluation.sizing
        rows: list[tuple[str, Any]] = [(sizing.gpu_id, sizing.memory)]
        for candidate in sizing.candidates:
            if candidate.gpu_id != sizing.gpu_id:
                rows.append((candidate.gpu_id, candidate.memory))
        return rows

    def set_result(self, evaluation: Evaluation) -> None:
        """Draw the memory of the plan's card and of every candidate."""
        rows = self.rows(evaluation)
        x = np.arange(len(rows), dtype=np.float64)
        bottom = np.zeros(len(rows))
        entries: list[str] = []
        for part, color in MEMORY_PART_COLOURS:
            heights = np.array(
                [getattr(mem.per_gpu, part) / GIB for _gpu, mem in rows],
                dtype=np.float64,
            )
            bar = self.bars[part]
            bar.setOpts(x=x, y0=bottom.copy(), height=heights, width=_BAR_WIDTH)
            bottom = bottom + heights
            if heights.any():
                entries.append(
                    f'<span style="color:{color}">■</span>&nbsp;'
                    f"{unbroken(self.part_name(part))}"
                )
        usable = np.array([mem.usable_bytes / GIB for _gpu, mem in rows])
        line_x = np.repeat(x, 2) + np.tile([-0.42, 0.42], len(rows))
        line_y = np.repeat(usable, 2)
        self.capacity_line.setData(line_x, line_y)
        entries.append(
            f'<span style="color:{CAPACITY_LINE}">{unbroken("- - -")}</span>&nbsp;'
            + unbroken(self.tr("usable memory of the card"))
        )
        self.legend_label.setText("&nbsp;&nbsp; ".join(entries))
        ticks = [(float(i), _short_gpu(gpu)) for i, (gpu, _m) in enumerate(rows)]
        set_ticks(self.plot.getAxis("bottom"), ticks)
        self.plot.setXRange(-0.6, len(rows) - 0.4, padding=0)
        top = max([*bottom.tolist(), *usable.tolist(), 1.0])
        self.plot.setYRange(0, top * 1.3, padding=0)


class DaysChart(DescribedPlot):
    """Training days against the number of cards (log axis), the plan's count
    marked, the deadline dashed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _setup(self)
        self.curve = pg.PlotDataItem(
            pen=pg.mkPen(DAYS_CURVE, width=2),
            symbol="o",
            symbolSize=5,
            symbolBrush=DAYS_CURVE,
        )
        self.addItem(self.curve)
        self.setLogMode(x=True, y=False)
        self.chosen_marker = pg.PlotDataItem(
            pen=None,
            symbol="o",
            symbolSize=13,
            symbolBrush=CHOSEN_POINT,
            symbolPen=MARKER_OUTLINE,
        )
        self.addItem(self.chosen_marker)
        self.deadline_line = pg.InfiniteLine(
            angle=0,
            movable=False,
            pen=pg.mkPen(CHOSEN_POINT, style=Qt.PenStyle.DashLine),
        )
        self.addItem(self.deadline_line)
        self.note = pg.TextItem(color=chart_colours().error, anchor=(0.5, 0.5))
        self.addItem(self.note)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.setLabel("bottom", self.tr("Number of cards (log scale)"))
        self.setLabel("left", self.tr("Training time [days]"))
        self.setTitle(self.tr("Days against number of cards"), size="10pt")

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def set_result(self, evaluation: Evaluation, deadline: float | None) -> None:
        """Draw the days curve of ``evaluation`` and the ``deadline`` [days]."""
        cluster = evaluation.sizing.cluster
        curve = cluster.days_curve
        if curve:
            gpus = np.array([p.gpus for p in curve], dtype=np.float64)
            days = np.array([p.days for p in curve], dtype=np.float64)
            self.curve.setData(gpus, days)
            self.note.setText("")
        else:
            self.curve.setData([], [])
            self.note.setText(self.tr("The model fits on no card count."))
        self.chosen_marker.setData([float(cluster.gpus)], [cluster.days])
        if deadline is not None:
            self.deadline_line.setPos(deadline)
            self.deadline_line.setVisible(True)
        else:
            self.deadline_line.setVisible(False)
        ys = [cluster.days, *(p.days for p in curve)]
        if deadline is not None:
            ys.append(deadline)
        xs = [cluster.gpus, *(p.gpus for p in curve)]
        # Log-x axis: ticks sit at log10(cards) and read as plain card counts.
        counts = sorted({*(p.gpus for p in curve), cluster.gpus})
        major = [c for c in counts if c & (c - 1) == 0 or c == cluster.gpus]
        locale = current_locale()
        set_ticks(
            self.getAxis("bottom"),
            [(float(np.log10(c)), locale.toString(float(c), "f", 0)) for c in major],
        )
        self.setXRange(
            float(np.log10(min(xs))) - 0.1, float(np.log10(max(xs))) + 0.1, padding=0
        )
        # a round top: the axis stays put while the days change a little
        top = nice_ceiling(axis_top(ys, floor=_DAYS_AXIS_FLOOR))
        self.setYRange(0, top, padding=0)
        if not curve:
            self.note.setPos(float(np.log10(cluster.gpus)), top * 0.45)


class SizingChartsRow(QWidget):
    """The memory and days charts side by side: as high as the column leaves
    them, but asking for no more than :data:`CHARTS_HEIGHT_PX`, so that on a
    tall screen the candidate table below them is in view too (a scroll area
    sizes its content by the preferred heights)."""

    def __init__(self, memory: MemoryChart, days: DaysChart) -> None:
        super().__init__()
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(memory, 1)
        layout.addWidget(days, 1)
        self.setMinimumHeight(CHARTS_HEIGHT_PX)

    @override
    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), CHARTS_HEIGHT_PX)

    @override
    def hasHeightForWidth(self) -> bool:
        return False  # the legend's wrapping must not ask for the plots' height


def _short_gpu(gpu_id: str) -> str:
    return gpu_id.replace("-SXM", "").replace("-PCIe", " PCIe")


def unbroken(text: str) -> str:
    """``text`` escaped for rich text, never broken across lines: a legend
    wraps between its entries, not inside one ("Optimizer / states", "框架开 /
    销"). Qt ignores ``white-space: nowrap`` on a span; word joiners hold.

    >>> unbroken("a&b c") == "a\u2060&amp;\u2060b\u2060&nbsp;\u2060c"
    True
    """
    joined = "\u2060".join(text.replace(" ", "\xa0"))
    return _escape(joined).replace("\xa0", "&nbsp;")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
