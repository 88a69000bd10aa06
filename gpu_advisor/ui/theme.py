"""Light and dark schemes for the whole UI: the palette switching.

The colours themselves are :mod:`gpu_advisor.ui.style`'s tables. The app
follows the system colour scheme (``QGuiApplication.styleHints().colorScheme()``)
and restyles itself when it changes (``colorSchemeChanged``): the widget palette and every pyqtgraph
chart (background, axes, tick labels, title). Each variant keeps text at a
contrast ratio of at least 4.5:1 against its background (WCAG 2.1, 1.4.3).
"""

from __future__ import annotations

import re
from typing import Final

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget
from typing_extensions import override

from gpu_advisor.ui.style import (
    DARK_CHART,
    DARK_DISABLED_TEXT,
    DARK_PALETTE,
    DARK_TEXT_COLOURS,
    LIGHT_CHART,
    ChartColours,
)

Scheme = Qt.ColorScheme


_applied: list[Scheme] = []
"""The scheme :func:`apply_theme` last applied (empty before): charts made
afterwards take its colours."""


def current_scheme() -> Scheme:
    """The scheme in use: the one last applied, else the system's, light
    when the system says nothing."""
    if _applied:
        return _applied[-1]
    scheme = QGuiApplication.styleHints().colorScheme()
    return Scheme.Dark if scheme == Scheme.Dark else Scheme.Light


def chart_colours(scheme: Scheme | None = None) -> ChartColours:
    """The chart colours of ``scheme`` (the current one when omitted)."""
    return DARK_CHART if (scheme or current_scheme()) == Scheme.Dark else LIGHT_CHART


def relative_luminance(colour: QColor) -> float:
    """WCAG 2.1 relative luminance of ``colour`` (0 black … 1 white)."""

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in (colour.redF(), colour.greenF(), colour.blueF()))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: QColor, second: QColor) -> float:
    """WCAG 2.1 contrast ratio of two colours, 1:1 … 21:1."""
    a, b = sorted((relative_luminance(first), relative_luminance(second)))
    return (b + 0.05) / (a + 0.05)


def style_plot(plot: pg.PlotWidget, scheme: Scheme | None = None) -> None:
    """Colour ``plot``'s background, axes, tick labels and title for ``scheme``."""
    colours = chart_colours(scheme)
    plot.setBackground(colours.background)
    item = plot.getPlotItem()
    for name in ("left", "bottom", "right", "top"):
        axis = item.getAxis(name)
        axis.setPen(pg.mkPen(colours.axis))
        axis.setTextPen(pg.mkPen(colours.text))
        axis.label.setDefaultTextColor(QColor(colours.text))
    for legend in item.childItems():
        # a legend in its own row (no box) takes the theme's text colour; one
        # in a white box over the data keeps its dark text
        if (
            isinstance(legend, pg.LegendItem)
            and legend.brush().style() == Qt.BrushStyle.NoBrush
        ):
            legend.setLabelTextColor(colours.text)
    errors = {LIGHT_CHART.error, DARK_CHART.error}
    for text in item.getViewBox().addedItems:
        if isinstance(text, pg.TextItem) and text.fill.style() == Qt.BrushStyle.NoBrush:
            error = text.color.name() in errors
            text.setColor(colours.error if error else colours.text)
    title = item.titleLabel
    title.opts["color"] = colours.text
    if title.text:
        title.setText(title.text)


_DARK_TO_LIGHT: Final = {dark: light for light, dark in DARK_TEXT_COLOURS.items()}
"""A style sheet keeps its light colours in the source; the theme swaps them
for their dark twins when the scheme is dark, and back (:class:`_StyleSheetColours`)."""


def themed_style_sheet(sheet: str, scheme: Scheme) -> str:
    """``sheet`` with its text colours in ``scheme``'s variant."""
    table = DARK_TEXT_COLOURS if scheme == Scheme.Dark else _DARK_TO_LIGHT
    for old in sorted(table, key=len, reverse=True):
        sheet = re.sub(rf"{re.escape(old)}(?![0-9a-fA-F])", table[old], sheet)
    return sheet


class _StyleSheetColours(QObject):
    """Swaps the colours of each widget's style sheet when it is set (the
    widget gets a StyleChange event) or the scheme changes."""

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.StyleChange and isinstance(watched, QWidget):
            _restyle(watched)
        return False


def _restyle(widget: QWidget) -> None:
    sheet = widget.styleSheet()
    if sheet and "#" in sheet:
        themed = themed_style_sheet(sheet, current_scheme())
        if themed != sheet:
            widget.setStyleSheet(themed)


_filters: list[_StyleSheetColours] = []


def _palette(scheme: Scheme) -> QPalette:
    if scheme != Scheme.Dark:
        return QApplication.style().standardPalette()
    role, group = QPalette.ColorRole, QPalette.ColorGroup
    palette = QPalette()
    for colour_role, value in DARK_PALETTE.items():
        palette.setColor(colour_role, QColor(value))
    for colour_role in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(group.Disabled, colour_role, QColor(DARK_DISABLED_TEXT))
    return palette


def apply_theme(app: QApplication, scheme: Scheme | None = None) -> None:
    """Give ``app`` and every chart in it the colours of ``scheme``."""
    asked = QGuiApplication.styleHints().colorScheme() if scheme is None else scheme
    chosen = Scheme.Dark if asked == Scheme.Dark else Scheme.Light
    _applied[:] = [chosen]
    app.setPalette(_palette(chosen))
    if not _filters:
        _filters.append(_StyleSheetColours(app))
        app.installEventFilter(_filters[0])
    for widget in app.allWidgets():
        _restyle(widget)
        if isinstance(widget, pg.PlotWidget):
            style_plot(widget, chosen)


def follow_system_scheme(app: QApplication) -> None:
    """Apply the system scheme now and whenever it changes."""
    apply_theme(app)
    app.styleHints().colorSchemeChanged.connect(lambda s: apply_theme(app, s))
