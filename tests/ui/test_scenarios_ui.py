# mypy: disable-error-code="union-attr,attr-defined,operator"
"""Scenario editor and comparison: engine figures shown as they are, edits undoable."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.engine.scenarios import SCENARIO_MONTE_CARLO_DRAWS, figures
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.scenario_results import SCENARIO_MEASURES
from gpu_advisor.ui.scenarios import COLUMNS, ScenarioEditor, ScenariosPanel, parse_cell
from gpu_advisor.ui.scenarios_compare import ScenarioCompareView
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.widgets.cost_charts import money_scale
from tests.engine.test_scenarios import _by_hand, three_scenarios

CASES = [(None, 24), ("H100-80GB-SXM", None), ("H100-80GB-SXM", 24)]
_FIRST_MEASURE_ROW = 3  # GPU and cards, horizon, changes come first


@pytest.fixture
def session(qtbot: Any) -> ProjectSession:
    return ProjectSession(three_scenarios())


def test_comparison_shows_each_scenario_as_its_plan_alone(
    qtbot: Any, session: ProjectSession
) -> None:
    view = ScenarioCompareView(session)
    qtbot.addWidget(view)
    view.refresh_now()
    qtbot.waitUntil(lambda: view.comparison is not None, timeout=60_000)
    table = view.table
    assert table.columnCount() == 4
    assert table.horizontalHeaderItem(0).text() == "Base plan"
    catalog = load_catalog()
    project = session.project
    for index, (gpu_id, horizon) in enumerate(CASES):
        ev = evaluate_plan(
            _by_hand(project, gpu_id, horizon),
            catalog,
            monte_carlo=True,
            draws=SCENARIO_MONTE_CARLO_DRAWS,
        )
        column = figures(ev, project.scenarios[index], index)
        assert (
            table.horizontalHeaderItem(index + 1).text()
            == f"{index + 1}: {column.name}"
        )
        for offset, (field, *_rest) in enumerate(SCENARIO_MEASURES):
            shown = table.item(_FIRST_MEASURE_ROW + offset, index + 1).text()
            assert shown == view.cell_text(column, field, "CNY", 1.0), field
        # the card by its model, the change in words (never a catalog id)
        gpu = catalog.gpu(column.gpu_id)
        assert table.item(0, index + 1).text() == f"{gpu.name} × {column.gpus}"
        if gpu_id is not None:
            assert f"= {gpu.name}" in table.item(2, index + 1).text()
            assert gpu_id not in table.item(2, index + 1).text()
    # one chart per measure, one bar per column
    assert len(view.charts) == len(SCENARIO_MEASURES)
    total = view.charts[0].getPlotItem().items[0]
    divisor, _unit = money_scale("CNY")
    assert list(total.opts["height"]) == pytest.approx(
        [c.total_cny / divisor for c in view.comparison.columns]
    )


def test_editing_a_cell_is_one_undoable_step(
    qtbot: Any, session: ProjectSession
) -> None:
    editor = ScenarioEditor(session)
    qtbot.addWidget(editor)
    cards = COLUMNS.index("gpus")
    editor.table.item(0, cards).setText("32")
    assert session.project.scenarios[0].gpus == 32
    editor.table.item(0, cards).setText("-3")  # refused by the schema
    assert session.project.scenarios[0].gpus == 32
    assert editor.error_label.isVisibleTo(editor)
    session.undo_stack.undo()
    assert session.project.scenarios[0].gpus is None
    report = COLUMNS.index("in_report")
    editor.table.item(1, report).setCheckState(Qt.CheckState.Unchecked)
    assert session.project.scenarios[1].in_report is False


def test_add_remove_and_make_base(qtbot: Any, session: ProjectSession) -> None:
    panel = ScenariosPanel(session)
    qtbot.addWidget(panel)
    editor = panel.editor
    editor.add_scenario()
    assert [s.name for s in session.project.scenarios][-1] == "Scenario 4"
    editor.table.selectRow(3)
    editor.remove_selected()
    assert len(session.project.scenarios) == 3
    editor.table.selectRow(1)  # H100, 36 months
    editor.make_selected_base()
    assert session.project.workload.gpu_id == "H100-80GB-SXM"
    assert "Previous base" in [s.name for s in session.project.scenarios]
    session.undo_stack.undo()
    assert session.project == three_scenarios()


def test_combo_sets_and_clears_an_override(qtbot: Any, session: ProjectSession) -> None:
    editor = ScenarioEditor(session)
    qtbot.addWidget(editor)
    combo = editor.table.cellWidget(0, COLUMNS.index("region_id"))
    combo.setCurrentIndex(combo.findData("ningxia"))
    combo.activated.emit(combo.currentIndex())
    assert session.project.scenarios[0].region_id == "ningxia"
    combo = editor.table.cellWidget(0, COLUMNS.index("region_id"))
    combo.setCurrentIndex(0)
    combo.activated.emit(0)
    assert session.project.scenarios[0].region_id is None


def test_combos_name_gpus_regions_and_frameworks(
    qtbot: Any, session: ProjectSession
) -> None:
    editor = ScenarioEditor(session)
    qtbot.addWidget(editor)
    catalog = load_catalog()
    gpu = editor.table.cellWidget(0, COLUMNS.index("gpu_id"))
    names = [gpu.itemText(i) for i in range(1, gpu.count())]
    assert names == [g.name for g in catalog.gpus]
    assert gpu.itemData(1) == catalog.gpus[0].id  # the plan keeps the id
    region = editor.table.cellWidget(0, COLUMNS.index("region_id"))
    shown = {region.itemData(i): region.itemText(i) for i in range(1, region.count())}
    assert shown["shenzhen"] == "Shenzhen"
    frameworks = editor.table.cellWidget(0, COLUMNS.index("framework"))
    assert "Megatron-LM" in [frameworks.itemText(i) for i in range(frameworks.count())]


def test_parse_cell_refuses_unknown_option_ids() -> None:
    with pytest.raises(ValueError, match="on_demand"):
        parse_cell("options", "cheap")
    with pytest.raises(ValueError, match=r"2\.5"):
        parse_cell("gpus", "2.5")


def test_candidate_table_shows_the_engine_costs(qtbot: Any) -> None:
    from gpu_advisor.ui.candidate_costs import CandidateCostTable
    from gpu_advisor.ui.widgets.cost_charts import format_money
    from gpu_advisor.words.terms import option_name

    session = ProjectSession(three_scenarios())
    table = CandidateCostTable(session)
    qtbot.addWidget(table)
    table.refresh()
    rows = session.evaluation.candidate_costs
    assert table.rowCount() == len(rows) == 3
    for r, row in enumerate(rows):
        assert table.item(r, 0).text() == row.gpu_id
        assert row.cheapest_option is not None
        assert row.cheapest_total_cny is not None
        assert table.item(r, 5).text() == option_name(row.cheapest_option, "en")
        assert table.item(r, 6).text() == format_money(row.cheapest_total_cny, "CNY")
        # a plan that does not serve has no serving line
        assert "\n" not in table.item(r, 7).text()


# --- evaluated in the background (issue #18: the window never blocks) -----------------


def _columns(project: Any) -> list[Any]:
    from gpu_advisor.engine.api import evaluate_scenarios

    runs = evaluate_scenarios(project, load_catalog(), monte_carlo=True)
    return runs.comparison.columns


def test_scenarios_are_evaluated_in_the_background_with_a_busy_bar(
    qtbot: Any, session: ProjectSession
) -> None:
    view = ScenarioCompareView(session)
    qtbot.addWidget(view)
    view.refresh_now()
    # refresh_now returned before the figures exist: a job computes them
    assert view.comparison is None
    assert view.runner.busy
    assert view.busy_bar.isVisibleTo(view)
    assert view.busy_label.text() == "Evaluating the scenarios…"
    with qtbot.waitSignal(view.runner.ready, timeout=60_000):
        pass
    assert view.comparison is not None
    assert not view.runner.busy
    assert not view.busy_bar.isVisibleTo(view)
    assert view.comparison.columns == _columns(session.project)


def test_making_a_scenario_the_base_needs_no_new_evaluation(
    qtbot: Any, session: ProjectSession
) -> None:
    from gpu_advisor.engine.api import make_base

    view = ScenarioCompareView(session)
    qtbot.addWidget(view)
    view.refresh_now()
    qtbot.waitUntil(lambda: view.comparison is not None, timeout=60_000)
    session.replace_project(make_base(session.project, 1, "Old base"), "Make base")
    view.refresh_now()
    assert not view.runner.busy  # every column was evaluated before
    assert view.comparison is not None
    assert view.table.horizontalHeaderItem(0).text() == "Base plan"
    assert view.comparison.columns == _columns(session.project)


def test_edits_while_evaluating_end_with_the_latest_plan(
    qtbot: Any, session: ProjectSession
) -> None:
    view = ScenarioCompareView(session)
    qtbot.addWidget(view)
    view.refresh_now()
    assert view.runner.busy
    storage = session.project.budget.storage_tb
    session.apply("budget.storage_tb", storage + 50)
    view.refresh_now()  # the running job finishes first, then one more
    session.apply("budget.storage_tb", storage + 100)
    view.refresh_now()
    qtbot.waitUntil(
        lambda: not view.runner.busy and view.comparison is not None, timeout=90_000
    )
    assert view.runner.runs is not None
    assert view.runner.runs.source is session.project
    assert view.comparison.columns == _columns(session.project)
