"""How every chart of the app looks: white background, dark axes, a light grid.

Grid lines are drawn at the labelled ticks only. pyqtgraph also draws grid
lines for two finer tick levels by default; those faint lines cost most of an
axis repaint (13 of the 50 ms an edit may take on the budget step, measured
under Xvfb) and add little to a cost chart.
"""

from __future__ import annotations

import pyqtgraph as pg

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
    """The app's chart style: white, dark axes, plain numbers, no context menu."""
    plot.setBackground("w")
    show_grid(plot)
    item = plot.getPlotItem()
    for name in ("left", "bottom"):
        axis = item.getAxis(name)
        axis.setPen(pg.mkPen("#444"))
        axis.setTextPen(pg.mkPen("#222"))
        axis.enableAutoSIPrefix(False)
    plot.setMenuEnabled(False)
