"""Light and dark schemes for the whole UI, each with more contrast when the
system asks for it: the palette switching.

The colours themselves are :mod:`gpu_advisor.ui.style`'s tables. The app
follows the system colour scheme (``QGuiApplication.styleHints().colorScheme()``)
and its contrast preference (``styleHints().accessibility().contrastPreference()``,
a Windows or macOS high-contrast setting) and restyles itself when either
changes: the widget palette, the text colours of every style sheet and every
pyqtgraph chart (background, axes, tick labels, title). Text keeps a contrast
ratio of at least 4.5:1 against its background (WCAG 2.1, 1.4.3), and at
least 7:1 with more contrast (1.4.6).
"""

from __future__ import annotations

import re
from typing import Final

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QTableWidgetItem, QWidget
from typing_extensions import override

from gpu_advisor.ui.style import (
    DARK_CHART,
    DARK_DISABLED_TEXT,
    DARK_PALETTE,
    DARK_TEXT_COLOURS,
    HIGH_CONTRAST_CHART,
    HIGH_CONTRAST_DARK_CHART,
    HIGH_CONTRAST_DARK_PALETTE,
    HIGH_CONTRAST_DARK_TEXT_COLOURS,
    HIGH_CONTRAST_DISABLED_TEXT,
    HIGH_CONTRAST_INDICATORS,
    HIGH_CONTRAST_PALETTE,
    HIGH_CONTRAST_TEXT_COLOURS,
    LIGHT_CHART,
    SECONDARY_COLOUR,
    ChartColours,
)

Scheme = Qt.ColorScheme


_applied: list[tuple[Scheme, bool]] = []
"""The scheme and contrast :func:`apply_theme` last applied (empty before):
charts made afterwards take their colours."""


def current_scheme() -> Scheme:
    """The scheme in use: the one last applied, else the system's, light
    when the system says nothing."""
    if _applied:
        return _applied[-1][0]
    scheme = QGuiApplication.styleHints().colorScheme()
    return Scheme.Dark if scheme == Scheme.Dark else Scheme.Light


def system_high_contrast() -> bool:
    """Whether the system asks for more contrast."""
    hints = QGuiApplication.styleHints()  # held: PySide drops a temporary's child
    wanted = hints.accessibility().contrastPreference()
    return wanted == Qt.ContrastPreference.HighContrast


def current_high_contrast() -> bool:
    """Whether the colours in use are the high-contrast ones."""
    return _applied[-1][1] if _applied else system_high_contrast()


def chart_colours(
    scheme: Scheme | None = None, high_contrast: bool | None = None
) -> ChartColours:
    """The chart colours of ``scheme`` and contrast (the current ones when omitted)."""
    dark = (scheme or current_scheme()) == Scheme.Dark
    if current_high_contrast() if high_contrast is None else high_contrast:
        return HIGH_CONTRAST_DARK_CHART if dark else HIGH_CONTRAST_CHART
    return DARK_CHART if dark else LIGHT_CHART


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


def style_plot(
    plot: pg.PlotWidget, scheme: Scheme | None = None, high_contrast: bool | None = None
) -> None:
    """Colour ``plot``'s background, axes, tick labels and title for ``scheme``."""
    colours = chart_colours(scheme, high_contrast)
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
            for _sample, label in legend.items:  # drawn again: the colour alone
                label.setText(label.text)  # changes no label already drawn
    errors = {
        c.error
        for c in (
            LIGHT_CHART,
            DARK_CHART,
            HIGH_CONTRAST_CHART,
            HIGH_CONTRAST_DARK_CHART,
        )
    }
    for text in item.getViewBox().addedItems:
        if isinstance(text, pg.TextItem) and text.fill.style() == Qt.BrushStyle.NoBrush:
            error = text.color.name() in errors
            text.setColor(colours.error if error else colours.text)
    title = item.titleLabel
    title.opts["color"] = colours.text
    if title.text:
        title.setText(title.text)


_VARIANTS: Final[dict[tuple[bool, bool], dict[str, str]]] = {
    (True, False): DARK_TEXT_COLOURS,
    (False, True): HIGH_CONTRAST_TEXT_COLOURS,
    (True, True): HIGH_CONTRAST_DARK_TEXT_COLOURS,
}
"""Each variant's twin of every light text colour, by (dark, high contrast)."""

_TO_SOURCE: Final = {
    twin: light for table in _VARIANTS.values() for light, twin in table.items()
}
"""A style sheet keeps its light colours in the source; the theme swaps them
for the current variant's twins, and a twin back to its source first
(:class:`_StyleSheetColours`)."""


def _swap(sheet: str, table: dict[str, str]) -> str:
    for old in sorted(table, key=len, reverse=True):
        sheet = re.sub(rf"{re.escape(old)}(?![0-9a-fA-F])", table[old], sheet)
    return sheet


def themed_colour(light: str) -> QColor:
    """The current variant's twin of the light text colour ``light`` (for a
    table cell's text, which no style sheet colours)."""
    table = _VARIANTS.get((current_scheme() == Scheme.Dark, current_high_contrast()))
    return QColor(light if table is None else table.get(light, light))


def row_text(item: QTableWidgetItem, *, feasible: bool) -> None:
    """An option's cell: in the palette's text colour when the option can be
    chosen, in the secondary colour of the current variant when it cannot
    (its row says so in words too)."""
    if feasible:
        item.setData(Qt.ItemDataRole.ForegroundRole, None)
    else:
        item.setForeground(themed_colour(SECONDARY_COLOUR))


def themed_style_sheet(sheet: str, scheme: Scheme, high_contrast: bool = False) -> str:
    """``sheet`` with its text colours in the variant of ``scheme`` and contrast."""
    sheet = _swap(sheet, _TO_SOURCE)
    table = _VARIANTS.get((scheme == Scheme.Dark, high_contrast))
    return sheet if table is None else _swap(sheet, table)


class _StyleSheetColours(QObject):
    """Swaps the colours of each widget's style sheet when it is set (the
    widget gets a StyleChange event) or the scheme changes."""

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.StyleChange and isinstance(watched, QWidget):
            _restyle(watched)
        return False


def _restyle(widget: QWidget) -> bool:
    """Swap the colours of ``widget``'s style sheet; True when it changed."""
    sheet = widget.styleSheet()
    if sheet and "#" in sheet:
        themed = themed_style_sheet(sheet, current_scheme(), current_high_contrast())
        if themed != sheet:
            widget.setStyleSheet(themed)
            return True
    return False


_filters: list[_StyleSheetColours] = []


def _palette(scheme: Scheme, high_contrast: bool) -> QPalette:
    dark = scheme == Scheme.Dark
    if not dark and not high_contrast:
        return QApplication.style().standardPalette()
    role, group = QPalette.ColorRole, QPalette.ColorGroup
    if high_contrast:
        colours = HIGH_CONTRAST_DARK_PALETTE if dark else HIGH_CONTRAST_PALETTE
        disabled = HIGH_CONTRAST_DISABLED_TEXT[dark]
    else:
        colours, disabled = DARK_PALETTE, DARK_DISABLED_TEXT
    palette = QPalette()
    for colour_role, value in colours.items():
        palette.setColor(colour_role, QColor(value))
    for colour_role in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(group.Disabled, colour_role, QColor(disabled))
    return palette


def _indicators(palette: QPalette) -> str:
    role = QPalette.ColorRole
    return HIGH_CONTRAST_INDICATORS.format(
        edge=palette.color(role.Text).name(),
        field=palette.color(role.Base).name(),
        mark=palette.color(role.Highlight).name(),
    )


def apply_theme(
    app: QApplication, scheme: Scheme | None = None, high_contrast: bool | None = None
) -> None:
    """Give ``app`` and every chart in it the colours of ``scheme`` and
    contrast (the system's when omitted)."""
    asked = QGuiApplication.styleHints().colorScheme() if scheme is None else scheme
    chosen = Scheme.Dark if asked == Scheme.Dark else Scheme.Light
    more = system_high_contrast() if high_contrast is None else high_contrast
    _applied[:] = [(chosen, more)]
    palette = _palette(chosen, more)
    app.setPalette(palette)
    app.setStyleSheet(_indicators(palette) if more else "")
    if not _filters:
        _filters.append(_StyleSheetColours(app))
        app.installEventFilter(_filters[0])
    for widget in app.allWidgets():
        if not _restyle(widget) and widget.styleSheet():
            # a style sheet fixed the widget's palette when it was set (a
            # section's title kept its black text on the dark window)
            style = widget.style()
            style.unpolish(widget)
            style.polish(widget)
        if isinstance(widget, pg.PlotWidget):
            style_plot(widget, chosen, more)


def follow_system_scheme(app: QApplication) -> None:
    """Apply the system scheme and contrast now and whenever either changes."""
    apply_theme(app)
    hints = app.styleHints()
    hints.colorSchemeChanged.connect(lambda _s: apply_theme(app))
    hints.accessibility().contrastPreferenceChanged.connect(lambda _c: apply_theme(app))
