"""How every chart of the app looks: white background, dark axes, a light grid.

Grid lines are drawn at the labelled ticks only. pyqtgraph also draws grid
lines for two finer tick levels by default; those faint lines cost most of an
axis repaint (13 of the 50 ms an edit may take on the budget step, measured
under Xvfb) and add little to a cost chart.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Any, Final

import pyqtgraph as pg

from gpu_advisor.ui.theme import chart_colours, style_plot

_GRID_TICK_LEVELS = 1
"""Tick levels that get grid lines: the labelled ticks and one finer level."""


def show_grid(
    plot: pg.PlotWidget, *, x: bool = True, y: bool = True, alpha: float = 0.25
) -> None:
    """Light grid lines on ``plot`` at the labelled ticks (``alpha``: 0–1)."""
    plot.showGrid(x=x, y=y, alpha=alpha)
    item = plot.getPlotItem()
    for name in ("left", "bottom"):
        item.getAxis(name).setStyle(maxTickLevel=_GRID_TICK_LEVELS)


def setup_plot(plot: pg.PlotWidget) -> None:
    """The app's chart style: the theme's colours (ui/theme.py), plain
    numbers, no context menu."""
    style_plot(plot)
    show_grid(plot)
    item = plot.getPlotItem()
    for name in ("left", "bottom"):
        item.getAxis(name).enableAutoSIPrefix(False)
    plot.setMenuEnabled(False)


def setup_still_plot(plot: pg.PlotWidget, min_height: int) -> None:
    """The app's style for a chart read at a glance: no menu, no mouse pan or
    zoom, no buttons, horizontal grid lines only, at least ``min_height`` px."""
    style_plot(plot)
    plot.setMenuEnabled(False)
    plot.setMouseEnabled(x=False, y=False)
    plot.hideButtons()
    show_grid(plot, x=False, alpha=0.3)
    plot.setMinimumHeight(min_height)


def axis_top(values: Iterable[float], *, floor: float, margin: float = 1.1) -> float:
    """Top of a ``[0, top]`` axis that shows ``values`` with a ``margin``.

    Never less than ``floor``: a range of 1e-313 days (a plan with next to no
    work) made pyqtgraph's view transform overflow into NaN while painting.
    Values that are not finite are left out.

    >>> axis_top([2.0, 5.0], floor=1.0)
    5.5
    >>> axis_top([1e-313], floor=1.0), axis_top([], floor=1.0)
    (1.0, 1.0)
    """
    finite = [v for v in values if math.isfinite(v)]
    top = max(finite, default=0.0) * margin
    return top if top >= floor else floor


_NICE_STEPS: Final = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)
"""Mantissas of the numbers an axis may end at (× a power of ten)."""


_MIN_SPAN: Final = 1e-6
"""The smallest value range an axis is given (a cent in thousands is 1e-5)."""


def nice_ceiling(value: float) -> float:
    """The smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k not below
    ``value`` (0 for a value that is not positive and finite).

    >>> nice_ceiling(1.9e6), nice_ceiling(2.0e6), nice_ceiling(0.031)
    (2000000.0, 2000000.0, 0.04)
    >>> nice_ceiling(0.0), nice_ceiling(float("nan"))
    (0.0, 0.0)
    """
    if not (math.isfinite(value) and value > 0):
        return 0.0
    base = 10.0 ** math.floor(math.log10(value))
    for step in _NICE_STEPS:
        top = step * base
        if top >= value * (1 - 1e-12):
            return float(f"{top:.12g}")  # 3 × 0.01 is 0.030000000000000002
    return 10 * base


def nice_span(values: Iterable[float], margin: float = 0.03) -> tuple[float, float]:
    """An axis range that holds zero and ``values`` with a ``margin`` (share
    of the span), each end rounded out to a :func:`nice_ceiling` number.

    While a figure is edited its chart keeps the same axis until a value
    crosses one of those numbers: the axis is not drawn again (pyqtgraph
    redraws an axis, its ticks and its grid, whenever its range moves), and
    the curves move against a scale that stands still.

    >>> nice_span([1.0e6, 1.9e6])
    (0.0, 2000000.0)
    >>> nice_span([-310.0, 2400.0])
    (-400.0, 2500.0)
    >>> nice_span([]), nice_span([float("inf")]), nice_span([1e-313])
    ((0.0, 1.0), (0.0, 1.0), (0.0, 1.0))
    """
    finite = [v for v in values if math.isfinite(v)]
    lo, hi = min(finite, default=0.0), max(finite, default=0.0)
    lo, hi = min(lo, 0.0), max(hi, 0.0)
    pad = (hi - lo) * margin
    top = nice_ceiling(hi + pad) if hi > 0 else 0.0
    bottom = -nice_ceiling(pad - lo) if lo < 0 else 0.0
    # a span of next to nothing (a plan with next to no work): pyqtgraph's
    # ticks divide by zero on a range of 1e-313
    return (bottom, top) if top - bottom >= _MIN_SPAN else (0.0, 1.0)


def set_ticks(axis: pg.AxisItem, ticks: list[tuple[float, str]]) -> None:
    """``axis.setTicks([ticks, []])`` unless it already shows exactly those:
    pyqtgraph draws the axis again on every call."""
    wanted = [list(ticks), []]
    if getattr(axis, "advisor_ticks", None) != wanted:
        axis.setTicks(wanted)
        axis.advisor_ticks = wanted  # what this function set last


LABEL_HEIGHTS: tuple[float, ...] = (0.86, 0.62, 0.38, 0.14)
"""Heights of the centres of the labels of vertical lines, as a fraction of the
plot from its bottom: 0.24 apart, at least 30 px in a chart 180 px high (its
minimum), more than one line of text, so two labels never overlap; the top one
stays inside the plot."""

LEGEND_COLUMN_PX = 210
"""Width given to one legend entry (line sample and a long option name) [px]:
a legend below a chart gets as many columns as fit its width."""


LEGEND_ROW_PX = 26
"""Height of one legend row, line sample and label, Chinese included [px]."""

TITLE_AND_AXIS_PX = 40
"""What a chart's title and bottom axis take from its height [px]."""

LEGEND_BELOW_MAX_SHARE = 0.3
"""A legend below the plot may take at most this share of the chart's height;
beyond it (a short chart: 1280×720 windows) it moves right of the plot."""

MIN_PLOT_WIDTH_PX = 200
"""The plot keeps at least this width beside a legend on its right [px]."""

_BELOW: Final = (4, 1, 1, 1)
_RIGHT: Final = (2, 3, 2, 1)
"""Cells (row, column, rows, columns) of PlotItem's grid: row 2 holds the view
box (column 1) and the right axis (column 2, hidden), row 3 the bottom axis;
row 4 is free. On the right the legend spans rows 2 and 3, so a legend taller
than the view box never pushes the bottom axis out of the chart."""


def outside_legend(plot: pg.PlotWidget) -> pg.LegendItem:
    """A legend in its own row below the plot area (never over the data).

    Items are added with ``legend.addItem(curve, name)``.
    """
    item = plot.getPlotItem()
    legend = pg.LegendItem(labelTextColor=chart_colours().text)
    # PlotItem's grid: row 2 holds the view box, row 3 the bottom axis (with
    # its label); row 4 is free.
    item.layout.addItem(legend, *_BELOW)
    legend.setProperty("cell", list(_BELOW))
    return legend


def place_outside_legend(
    plot: pg.PlotWidget, legend: pg.LegendItem, left_axis_px: int
) -> None:
    """Put ``legend`` below the plot with as many columns as fit, or, when that
    would take more than :data:`LEGEND_BELOW_MAX_SHARE` of a short chart's
    height, in one column right of the plot (if the plot keeps
    :data:`MIN_PLOT_WIDTH_PX`). Never over the data either way."""
    width_px, height_px = plot.width(), plot.height()
    columns = max(1, (width_px - left_axis_px) // LEGEND_COLUMN_PX)
    rows_below = -(-max(1, len(legend.items)) // columns)
    right = (
        rows_below * LEGEND_ROW_PX > LEGEND_BELOW_MAX_SHARE * height_px
        and width_px - left_axis_px - LEGEND_COLUMN_PX >= MIN_PLOT_WIDTH_PX
        # one column of every entry must fit beside the plot
        and len(legend.items) * LEGEND_ROW_PX <= height_px - TITLE_AND_AXIS_PX
    )
    cell = _RIGHT if right else _BELOW
    layout = plot.getPlotItem().layout
    if legend.property("cell") != list(cell):
        layout.removeItem(legend)
        layout.addItem(legend, *cell)
        legend.setProperty("cell", list(cell))
    wanted = 1 if right else columns
    if wanted != legend.columnCount:
        legend.setColumnCount(wanted)
        layout.invalidate()


def legend_is_right(legend: pg.LegendItem) -> bool:
    """True when :func:`place_outside_legend` put ``legend`` right of the plot."""
    return bool(legend.property("cell") == list(_RIGHT))


def place_line_labels(
    lines: list[pg.InfiniteLine], x_range: tuple[float, float]
) -> None:
    """Give the vertical ``lines``' labels distinct heights and the roomier side.

    A label in the left half of ``x_range`` is drawn right of its line, one in
    the right half left of it, so it stays inside the plot; each line (in the
    order given) gets the next of :data:`LABEL_HEIGHTS`, so labels never overlap.
    """
    lo, hi = x_range
    middle = (lo + hi) / 2
    for index, line in enumerate(lines):
        label = line.label
        if label is None:
            continue
        right = float(line.value()) <= middle
        anchor = (0.0, 0.5) if right else (1.0, 0.5)
        label.anchors = [anchor, anchor]
        label.setPosition(LABEL_HEIGHTS[index % len(LABEL_HEIGHTS)])


_TAG = re.compile(r"<[^>]+>")


def _plain(text: object) -> str:
    return " ".join(_TAG.sub(" ", str(text or "")).split())


class DescribedPlot(pg.PlotWidget):
    """A chart that tells assistive technology what it shows.

    Its title becomes the accessible name; the axis labels (what is plotted
    against what) the accessible description, both in the UI language since
    they are set from translated texts whenever the chart is redrawn.
    """

    def setTitle(self, title: str | None = None, **args: Any) -> None:  # noqa: N802
        args["color"] = chart_colours().text  # readable on the theme's background
        self.getPlotItem().setTitle(title, **args)
        describe_plot(self, title)


def describe_plot(plot: pg.PlotWidget, title: object) -> None:
    """Give ``plot`` its (translated) ``title`` as accessible name, and its
    axis labels (what is plotted against what) as accessible description.

    Call it after the axis labels are set, whenever the language changes.
    """
    item = plot.getPlotItem()
    plot.setAccessibleName(_plain(title))
    axes = [_plain(item.getAxis(name).labelText) for name in ("left", "bottom")]
    plot.setAccessibleDescription(" / ".join(a for a in axes if a))


def month_ticks(plot: pg.PlotWidget, months: int) -> None:
    """Whole months on the bottom axis (never 0.5, 1.5, …): every month up to a
    year, then every quarter, half year or year as the horizon grows.

    >>> [_month_step(n) for n in (6, 12, 24, 48, 120)]
    [1, 1, 3, 6, 12]
    """
    step = _month_step(months)
    plot.getAxis("bottom").setTickSpacing(step, step)


def _month_step(months: int) -> int:
    for limit, step in ((12, 1), (36, 3), (72, 6)):
        if months <= limit:
            return step
    return 12
