"""Small windows: what matters stays in view; charts tell options apart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gpu_advisor.io.project_file import load_project
from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.pages.budget_page import BudgetPage
from gpu_advisor.ui.style import OPTION_COLOURS
from gpu_advisor.ui.widgets.cost_charts import OPTION_DASHES
from gpu_advisor.ui.wizard import PageId

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_recommended_option_row_visible_at_1280x720(
    qtbot: Any, window: MainWindow, path: Path, language: str
) -> None:
    i18n.install_translators(language)
    window.resize(1280, 720)
    window.session.reset(load_project(path), None)
    window.wizard.restart()
    window.wizard.go_to(PageId.BUDGET)
    page = window.wizard.currentPage()
    assert isinstance(page, BudgetPage)
    cost = window.session.evaluation.cost
    ids = [o.id for o in cost.options]
    assert cost.recommendation.option is not None
    row = ids.index(cost.recommendation.option)

    def shown() -> bool:
        item = page.recommendation.table.item(row, 0)
        if item is None:
            return False
        rect = page.recommendation.table.visualItemRect(item)
        # visibleRegion: clipped by the scroll areas around the table too
        return (
            page.recommendation.table.viewport().visibleRegion().contains(rect.center())
        )

    qtbot.waitUntil(shown, timeout=3000)


def test_each_option_has_its_own_colour_and_close_pairs_differ_in_dash() -> None:
    assert len(set(OPTION_COLOURS.values())) == len(OPTION_COLOURS)
    pens = {(OPTION_COLOURS[o], OPTION_DASHES[o]) for o in OPTION_COLOURS}
    assert len(pens) == len(OPTION_COLOURS)
    from gpu_advisor.model.project import OptionId

    for a, b in [
        (OptionId.SPOT, OptionId.MIX),
        (OptionId.COLOCATION, OptionId.SELF_BUILD),
    ]:
        assert OPTION_DASHES[a] != OPTION_DASHES[b]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_break_even_line_is_labelled(qtbot: Any, language: str) -> None:
    from gpu_advisor.ui.session import ProjectSession
    from gpu_advisor.ui.widgets.cost_charts import CumulativeCostChart

    i18n.install_translators(language)
    lab = load_project(EXAMPLES[0])
    # At the price book's rental prices renting wins at any utilisation (no
    # break-even month); at dearer ones self-build pays back in month 28.
    budget = lab.budget.model_copy(
        update={"on_demand_cny_per_gpu_hour": 20.0, "monthly_cny_per_gpu_month": 9000.0}
    )
    session = ProjectSession(lab.model_copy(update={"budget": budget}))
    chart = CumulativeCostChart()
    qtbot.addWidget(chart)
    chart.show()
    cost = session.evaluation.cost
    assert cost.break_even.month is not None
    chart.set_result(cost)
    text = chart.break_even_line.label.toPlainText()
    assert str(cost.break_even.month) in text
