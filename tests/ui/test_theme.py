"""Dark and light colour schemes, each with more contrast when the system
asks for it: charts and text stay readable in all four.

The theme follows the system scheme and contrast preference; forcing Dark
restyles every chart of every step so that its tick labels, axis labels and
title keep a WCAG contrast ratio of at least 4.5:1 against its background, in
zh_CN and en, and at least 7:1 with more contrast (WCAG 2.1, 1.4.6).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pyqtgraph as pg
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from gpu_advisor.io.project_file import load_project
from gpu_advisor.ui import i18n, style, theme
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.wizard import PageId

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

EXAMPLE = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)[0]
_MIN_CONTRAST = 4.5
_MORE_CONTRAST = 7.0


def test_contrast_ratio_follows_the_wcag_formula() -> None:
    # WCAG 2.1: black on white is 21:1, a colour on itself 1:1, and
    # #767676 on white the lightest grey that passes 4.5:1 (4.54:1).
    white, black = QColor("#ffffff"), QColor("#000000")
    assert theme.contrast_ratio(black, white) == pytest.approx(21.0)
    assert theme.contrast_ratio(white, white) == pytest.approx(1.0)
    assert theme.contrast_ratio(QColor("#767676"), white) == pytest.approx(
        4.54, abs=0.01
    )
    assert theme.contrast_ratio(QColor("#777777"), white) < _MIN_CONTRAST


@pytest.mark.parametrize("scheme", [Qt.ColorScheme.Light, Qt.ColorScheme.Dark])
def test_both_variants_keep_text_readable(scheme: Qt.ColorScheme) -> None:
    colours = theme.chart_colours(scheme)
    background = QColor(colours.background)
    for text in (colours.text, colours.axis, colours.error):
        assert theme.contrast_ratio(QColor(text), background) >= _MIN_CONTRAST


def _drawn(label: pg.LabelItem) -> QColor:
    """The colour of a label's text as drawn (its rendered HTML's)."""
    found = re.findall(r"color:\s*#([0-9a-fA-F]{6,8})", label.item.toHtml())
    assert found, label.text
    return QColor("#" + found[-1][-6:])


def _text_colours(plot: pg.PlotWidget) -> list[QColor]:
    item = plot.getPlotItem()
    found = (
        [QColor(item.titleLabel.opts["color"] or "#000")]
        if item.titleLabel.text
        else []
    )
    for legend in item.childItems():
        if (
            isinstance(legend, pg.LegendItem)
            and legend.brush().style() == Qt.BrushStyle.NoBrush
        ):
            # the colour the label was drawn in, not only the one it was told
            found += [_drawn(label) for _sample, label in legend.items]
    for text in item.getViewBox().addedItems:
        if isinstance(text, pg.TextItem) and text.fill.style() == Qt.BrushStyle.NoBrush:
            found.append(QColor(text.color))
    for name in ("left", "bottom"):
        axis = item.getAxis(name)
        found.append(axis.textPen().color())
        if axis.labelText:
            found.append(axis.label.defaultTextColor())
    return found


@pytest.mark.parametrize(
    ("language", "more"), [("en", False), ("zh_CN", False), ("en", True)]
)
def test_dark_charts_keep_contrast_on_every_step(
    qtbot: Any, window: MainWindow, qapp: QApplication, language: str, more: bool
) -> None:
    i18n.install_translators(language)
    qtbot.wait(1)
    window.session.reset(load_project(EXAMPLE), None)
    window.wizard.restart()
    for page_id in PageId:  # every chart drawn before the switch, as in use
        window.wizard.go_to(page_id)
        qtbot.wait(5)
    theme.apply_theme(qapp, Qt.ColorScheme.Dark, high_contrast=more)
    least = _MORE_CONTRAST if more else _MIN_CONTRAST
    try:
        assert qapp.palette().color(QPalette.ColorRole.Window).lightness() < 80
        poor: list[str] = []
        seen = 0
        for page_id in PageId:
            window.wizard.go_to(page_id)
            qtbot.wait(5)
            page = window.wizard.currentPage()
            assert page is not None
            for plot in page.findChildren(pg.PlotWidget):
                seen += 1
                background = plot.backgroundBrush().color()
                assert background.lightness() < 80, plot.accessibleName()
                for colour in _text_colours(plot):
                    ratio = theme.contrast_ratio(colour, background)
                    if ratio < least:
                        poor.append(f"{plot.accessibleName()}: {ratio:.2f}:1")
        assert seen >= 8
        assert not poor, poor
    finally:
        theme.apply_theme(qapp, Qt.ColorScheme.Light, high_contrast=False)


@pytest.mark.parametrize("light", sorted(style.DARK_TEXT_COLOURS))
def test_style_sheet_colours_are_readable_in_both_schemes(light: str) -> None:
    light_window = QColor("#efefef")  # Fusion's light window, the darkest usual
    dark_window = QColor("#2b2b2b")
    dark = style.DARK_TEXT_COLOURS[light]
    assert theme.contrast_ratio(QColor(light), light_window) >= _MIN_CONTRAST
    assert theme.contrast_ratio(QColor(dark), dark_window) >= _MIN_CONTRAST


def test_style_sheets_follow_the_scheme(qtbot: Any, qapp: QApplication) -> None:
    from PySide6.QtWidgets import QLabel

    from gpu_advisor.ui.style import ERROR_STYLE

    before = QLabel("x")
    before.setStyleSheet(ERROR_STYLE)
    qtbot.addWidget(before)
    theme.apply_theme(qapp, Qt.ColorScheme.Dark)
    try:
        assert "#ff8a80" in before.styleSheet()
        later = QLabel("y")  # a style sheet set while dark is swapped too
        qtbot.addWidget(later)
        later.setStyleSheet("color: #555; font-weight: bold;")
        assert later.styleSheet() == "color: #b8b8b8; font-weight: bold;"
    finally:
        theme.apply_theme(qapp, Qt.ColorScheme.Light)
    assert before.styleSheet() == ERROR_STYLE
    assert later.styleSheet() == "color: #555; font-weight: bold;"


_TWINS = {
    "high contrast": (style.HIGH_CONTRAST_TEXT_COLOURS, "#ffffff"),
    "high contrast, dark": (style.HIGH_CONTRAST_DARK_TEXT_COLOURS, "#000000"),
}


@pytest.mark.parametrize("variant", sorted(_TWINS))
def test_high_contrast_text_reads_at_seven_to_one(variant: str) -> None:
    twins, window = _TWINS[variant]
    assert set(twins) == set(style.DARK_TEXT_COLOURS), "every text colour has a twin"
    for light, twin in twins.items():
        ratio = theme.contrast_ratio(QColor(twin), QColor(window))
        assert ratio >= _MORE_CONTRAST, (light, twin, ratio)
    palette = (
        style.HIGH_CONTRAST_PALETTE
        if window == "#ffffff"
        else style.HIGH_CONTRAST_DARK_PALETTE
    )
    role = QPalette.ColorRole
    assert palette[role.Window] == window
    for text in (role.WindowText, role.Text, role.ButtonText, role.ToolTipText):
        assert theme.contrast_ratio(QColor(palette[text]), QColor(window)) >= 15


@pytest.mark.parametrize("dark", [False, True])
def test_high_contrast_charts_read_at_seven_to_one(dark: bool) -> None:
    scheme = Qt.ColorScheme.Dark if dark else Qt.ColorScheme.Light
    colours = theme.chart_colours(scheme, high_contrast=True)
    background = QColor(colours.background)
    for text in (colours.text, colours.axis, colours.error):
        assert theme.contrast_ratio(QColor(text), background) >= _MORE_CONTRAST


def test_every_variants_twin_leads_back_to_one_colour() -> None:
    """A style sheet is restyled from whatever variant it is in: no twin
    colour may stand for two different light colours, nor be a light one."""
    tables = [
        style.DARK_TEXT_COLOURS,
        style.HIGH_CONTRAST_TEXT_COLOURS,
        style.HIGH_CONTRAST_DARK_TEXT_COLOURS,
    ]
    meaning: dict[str, str] = {}
    for table in tables:
        for light, twin in table.items():
            same = QColor(light).name()
            assert meaning.setdefault(twin, same) == same, twin
            assert twin not in style.DARK_TEXT_COLOURS, twin


def test_style_sheets_follow_the_contrast(qtbot: Any, qapp: QApplication) -> None:
    from PySide6.QtWidgets import QLabel

    from gpu_advisor.ui.style import ERROR_STYLE

    label = QLabel("x")
    label.setStyleSheet(ERROR_STYLE)
    qtbot.addWidget(label)
    try:
        theme.apply_theme(qapp, Qt.ColorScheme.Light, high_contrast=True)
        assert "#8b0000" in label.styleSheet()
        window = qapp.palette().color(QPalette.ColorRole.Window)
        assert window.name() == "#ffffff"
        assert qapp.palette().color(QPalette.ColorRole.WindowText).name() == "#000000"
        theme.apply_theme(qapp, Qt.ColorScheme.Dark, high_contrast=True)
        assert "#ff9e94" in label.styleSheet()
        assert qapp.palette().color(QPalette.ColorRole.Window).name() == "#000000"
        theme.apply_theme(qapp, Qt.ColorScheme.Dark, high_contrast=False)
        assert "#ff8a80" in label.styleSheet()
    finally:
        theme.apply_theme(qapp, Qt.ColorScheme.Light, high_contrast=False)
    assert label.styleSheet() == ERROR_STYLE


def test_chart_labels_grow_with_the_system_font(qtbot: Any, qapp: QApplication) -> None:
    """A value label in a chart is a share of the application's font, so a
    larger system font size makes it larger (it was a fixed 8 pt)."""
    from PySide6.QtGui import QFont

    from gpu_advisor.ui.widgets.cost_charts import TornadoChart

    before = QFont(qapp.font())
    large = QFont(before)
    large.setPointSizeF(20.0)
    qapp.setFont(large)
    try:
        chart = TornadoChart()
        qtbot.addWidget(chart)
        label = chart._label(0)
        assert label.textItem.font().pointSizeF() == pytest.approx(
            20.0 * style.CHART_LABEL_SCALE
        )
    finally:
        qapp.setFont(before)
