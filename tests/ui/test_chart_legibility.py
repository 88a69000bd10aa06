"""Charts a reader can tell apart: legend outside the data, labels that never overlap."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QRectF

from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.io.project_file import load_project
from gpu_advisor.ui import i18n
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import OPTION_COLOURS
from gpu_advisor.ui.widgets.cost_charts import (
    OPTION_DASHES,
    CumulativeCostChart,
    MonteCarloChart,
)
from gpu_advisor.ui.widgets.plotting import (
    legend_is_right,
    place_line_labels,
    setup_plot,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
LANGUAGES = ["en", "zh_CN"]
CJK = re.compile(r"[\u4e00-\u9fff]")


def _language(qtbot: Any, language: str) -> None:
    if language != "en" and not i18n.catalog_available(language):
        pytest.skip("compiled .qm missing: run packaging/build_qt_assets.py")
    i18n.install_translators(language)
    qtbot.wait(1)


def _scene_rect(item: Any) -> QRectF:
    rect: QRectF = item.mapRectToScene(item.boundingRect())
    return rect


def _show(qtbot: Any, plot: pg.PlotWidget, width: int = 720, height: int = 320) -> None:
    qtbot.addWidget(plot)
    plot.resize(width, height)
    plot.show()
    qtbot.waitExposed(plot)
    qtbot.wait(20)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_short_cumulative_chart_keeps_its_curves_readable(
    qtbot: Any, language: str
) -> None:
    """At 1280×720 the chart is about 560×260 px: four legend rows below the
    plot left the curves 90 px; beside them the curves keep most of the height."""
    _language(qtbot, language)
    session = ProjectSession(
        load_project(EXAMPLES / "shenzhen_7b_pretrain_then_serve.gpuplan")
    )
    cost = evaluate(session.project, session.catalog).cost
    chart = CumulativeCostChart()
    chart.set_result(cost)
    _show(qtbot, chart, 560, 260)
    assert legend_is_right(chart.legend)
    view = _scene_rect(chart.getPlotItem().getViewBox())
    legend = _scene_rect(chart.legend)
    assert legend.left() >= view.right() - 1  # beside the curves, never over them
    assert legend.right() <= chart.width()
    assert view.height() >= 0.5 * chart.height(), (view, chart.height())
    axis = _scene_rect(chart.getPlotItem().getAxis("bottom"))
    assert axis.bottom() <= chart.height()  # the months stay in the chart
    # Taller again: the legend goes back below, the full width for the curves.
    chart.resize(560, 520)
    qtbot.wait(20)
    assert not legend_is_right(chart.legend)


def test_every_option_has_its_own_colour_and_dash() -> None:
    pairs = {(OPTION_COLOURS[o], OPTION_DASHES[o]) for o in OPTION_COLOURS}
    assert len(set(OPTION_COLOURS.values())) == len(OPTION_COLOURS)
    assert len(pairs) == len(OPTION_COLOURS)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", [420, 720, 1100])
def test_cumulative_legend_is_outside_the_plot_area(
    qtbot: Any, language: str, width: int
) -> None:
    _language(qtbot, language)
    session = ProjectSession(load_project(EXAMPLES / "shanghai_13b_finetune.gpuplan"))
    cost = evaluate(session.project, session.catalog).cost
    chart = CumulativeCostChart()
    chart.set_result(cost)
    _show(qtbot, chart, width, 360)
    view = _scene_rect(chart.getPlotItem().getViewBox())
    legend = _scene_rect(chart.legend)
    assert legend.width() > 0
    assert not view.adjusted(1, 1, -1, -1).intersects(legend), (view, legend)
    assert legend.top() >= view.bottom()  # below the curves, the full width free
    assert legend.right() <= chart.width()
    assert legend.bottom() <= chart.height()
    assert len(chart.legend.items) == len(cost.options) >= 5
    # The break-even line, when there is one, says what it is.
    if cost.break_even.month is not None:
        assert chart.break_even_line.isVisible()
        assert str(cost.break_even.month) in chart.break_even_line.label.toPlainText()


@pytest.mark.parametrize("language", LANGUAGES)
def test_monte_carlo_percentile_labels_never_overlap(qtbot: Any, language: str) -> None:
    _language(qtbot, language)
    session = ProjectSession(load_project(EXAMPLES / "lab_64_gpus_three_years.gpuplan"))
    evaluation = evaluate(session.project, session.catalog, monte_carlo_draws=400)
    assert evaluation.monte_carlo is not None
    chart = MonteCarloChart()
    chart.set_result(evaluation.monte_carlo, evaluation.cost)
    _show(qtbot, chart, 520, 240)
    if not chart.showing_histogram:
        pytest.skip("this example has no own-minus-rent histogram")
    labels = [chart.percentile_lines[n].label for n in ("p10", "p50", "p90")]
    _assert_apart_and_inside(chart, labels)


@pytest.mark.parametrize("values", [(0.0, 0.1, 0.2), (9.7, 9.8, 9.9), (0.0, 5.0, 10.0)])
def test_labels_of_close_lines_stay_apart_and_inside(
    qtbot: Any, values: tuple[float, float, float]
) -> None:
    plot = pg.PlotWidget()
    setup_plot(plot)
    lines = []
    for name, value in zip(("P10", "P50", "P90"), values, strict=True):
        line = pg.InfiniteLine(pos=value, angle=90, label=f"{name} 1,234,567 CNY")
        plot.addItem(line, ignoreBounds=True)
        lines.append(line)
    plot.setXRange(0, 10, padding=0)
    place_line_labels(lines, (0.0, 10.0))
    _show(qtbot, plot, 520, 220)
    _assert_apart_and_inside(plot, [line.label for line in lines])


def _assert_apart_and_inside(plot: pg.PlotWidget, labels: list[Any]) -> None:
    view = _scene_rect(plot.getPlotItem().getViewBox())
    rects = [_scene_rect(label) for label in labels]
    for a, b in itertools.combinations(rects, 2):
        assert not a.intersects(b), (a, b)
    for rect in rects:
        assert view.adjusted(-1, -1, 1, 1).contains(rect), (view, rect)


@pytest.mark.parametrize("language", LANGUAGES)
def test_budget_charts_and_why_buttons_are_described(qtbot: Any, language: str) -> None:
    _language(qtbot, language)
    from gpu_advisor.ui.pages.budget_page import BudgetPage
    from gpu_advisor.ui.widgets.why import WhyButton

    session = ProjectSession(load_project(EXAMPLES / "shanghai_13b_finetune.gpuplan"))
    page = BudgetPage(session)
    qtbot.addWidget(page)
    page.mc_auto_check.setChecked(False)
    page._mc_later.cancel()
    page.initializePage()
    page.outputs.run()
    zh = language == "zh_CN"
    for index in range(3):  # each chart is drawn when its tab is chosen
        page.tabs.setCurrentIndex(index)
    for chart in (page.cumulative_chart, page.cash_flow_chart, page.tornado_chart):
        name = chart.accessibleName()
        assert name, type(chart).__name__
        assert bool(CJK.search(name)) == zh, name
        assert chart.accessibleDescription(), type(chart).__name__
    buttons = page.findChildren(WhyButton)
    assert buttons
    for button in buttons:
        assert button.accessibleName()
        assert button.accessibleDescription() == button.toolTip() != ""
    page.runner.invalidate()
    assert page.runner.wait_idle(20_000)
