"""Budget page: binding both ways, defaults, undo/redo, charts, Monte Carlo worker."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import QApplication

from gpu_advisor import words
from gpu_advisor.engine import explain_keys as keys
from gpu_advisor.engine.api import option_order
from gpu_advisor.engine.cost.risk import MONTE_CARLO_CHUNKS
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.cost_results import MonteCarloResult
from gpu_advisor.model.project import OptionId, Project
from gpu_advisor.ui.pages.budget_page import _MC_DEBOUNCE_MS, BudgetPage
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.widgets.bound import OptionalNumberField
from gpu_advisor.ui.widgets.cost_charts import format_money, option_label
from gpu_advisor.ui.widgets.recommendation import PROSE_DELAY_MS
from gpu_advisor.ui.wizard import AdvisorWizard, PageId
from gpu_advisor.ui.workers import monte_carlo_steps
from gpu_advisor.words.terms import rank_mark, text_or_empty

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "resources" / "examples").glob("*.gpuplan"))
TRANSLATIONS = ROOT / "resources" / "translations"


def _make_page(qtbot: Any, session: ProjectSession) -> BudgetPage:
    page = BudgetPage(session)
    qtbot.addWidget(page)
    page.mc_auto_check.setChecked(False)  # tests start the Monte Carlo themselves
    page._mc_later.cancel()
    page.initializePage()
    # A hidden page defers its charts until it is shown (test_wizard_walk tests
    # that); these tests read them after every edit, unshown.
    page.outputs.run()
    session.project_changed.connect(page.outputs.run)
    page.runner.result_ready.connect(page.mc_chart_outputs.run)  # after the page's slot
    return page


@pytest.fixture
def page(qtbot: Any, session: ProjectSession) -> Iterator[BudgetPage]:
    widget = _make_page(qtbot, session)
    yield widget
    widget.runner.invalidate()
    assert widget.runner.wait_idle(20_000)


def _optional(page: BudgetPage, key: str) -> OptionalNumberField:
    field = page.fields[key]
    assert isinstance(field, OptionalNumberField)
    return field


# --- binding -------------------------------------------------------------------------


def test_default_is_shown_with_its_source(
    page: BudgetPage, session: ProjectSession
) -> None:
    field = _optional(page, "gpu_price_cny")
    assert session.project.budget.gpu_price_cny is None
    assert not field.own_check.isChecked()
    assert not field.editor.isEnabled()
    # A100-80GB purchase price, typical, from prices.json
    assert field.editor.value() == pytest.approx(95_000)
    tip = field.editor.toolTip()
    # the source as the "why?" dialog and the PDF word it, never the file name
    assert "Source: GPU Advisor price book" in tip
    assert "prices.json" not in tip
    assert "as of" in tip


def test_own_value_binds_both_ways_with_undo_and_redo(
    page: BudgetPage, session: ProjectSession
) -> None:
    field = _optional(page, "gpu_price_cny")
    field.own_check.setChecked(True)  # widget -> model: the shown default becomes own
    assert session.project.budget.gpu_price_cny == pytest.approx(95_000)
    field.editor.setValue(120_000)
    assert session.project.budget.gpu_price_cny == pytest.approx(120_000)
    # the engine saw it: the colocation explanation cites the user's figure
    refs = {
        r.name: r
        for e in session.evaluation.cost.explanations
        if e.key == "cost.options.colocation.total_cny"
        for r in e.inputs
    }
    # typed with VAT, compared net of it (a general taxpayer, issue #29)
    assert refs["budget.gpu_price_cny"].source == "project (net of 13% recoverable VAT)"
    assert refs["budget.gpu_price_cny"].value == pytest.approx(120_000 / 1.13)
    # ticking "Own value" and typing edit one field: one undo step
    session.undo_stack.undo()
    assert session.project.budget.gpu_price_cny is None
    assert not field.own_check.isChecked()  # model -> widget
    assert field.editor.value() == pytest.approx(95_000)
    session.undo_stack.redo()
    assert field.own_check.isChecked()
    assert field.editor.value() == pytest.approx(120_000)


def test_plain_number_and_check_and_combo_bind(
    page: BudgetPage, session: ProjectSession
) -> None:
    page.fields["storage_tb"].editor.setValue(250.0)  # type: ignore[attr-defined]
    assert session.project.budget.storage_tb == 250.0
    page.fields["checkpointing"].editor.setChecked(False)  # type: ignore[attr-defined]
    assert session.project.budget.checkpointing is False
    combo = page.fields["data_residency"].editor  # type: ignore[attr-defined]
    combo.setCurrentIndex(combo.findData("city"))
    assert session.project.budget.data_residency == "city"
    session.undo_stack.undo()
    session.undo_stack.undo()
    session.undo_stack.undo()
    assert page.fields["storage_tb"].editor.value() == 100.0  # type: ignore[attr-defined]
    assert page.fields["checkpointing"].editor.isChecked()  # type: ignore[attr-defined]
    assert combo.currentData() == "none"


def test_residency_combo_offers_own_hardware(
    page: BudgetPage, session: ProjectSession
) -> None:
    combo = page.fields["data_residency"].editor  # type: ignore[attr-defined]
    index = combo.findData("own_hardware")
    assert index >= 0
    assert combo.itemText(index) == "Must stay on hardware we own"
    combo.setCurrentIndex(index)
    assert session.project.budget.data_residency == "own_hardware"
    session.undo_stack.undo()
    assert combo.currentData() == "none"


def test_validation_message_beside_the_field(
    page: BudgetPage, session: ProjectSession
) -> None:
    field = _optional(page, "yearly_price_factor")
    field.own_check.setChecked(True)
    assert page.isComplete()
    # the schema needs > 0: the field goes no lower than its smallest step
    # above 0 (model_bounds), so 0 cannot be typed ...
    assert field.editor.minimum() == 10.0 ** -field.editor.decimals()
    # ... but a value the model refuses still gets its message beside the field
    field._commit(0.0)
    assert field.has_error
    assert "greater than 0" in field.error_label.text()
    assert not page.isComplete()
    assert "yearly_price_factor" in page.errors()
    # the own value starts at the catalog figure: 0.875 of the monthly list price
    assert session.project.budget.yearly_price_factor == pytest.approx(0.875)
    field.editor.setValue(0.8)
    assert not field.has_error
    assert page.isComplete()
    assert session.project.budget.yearly_price_factor == pytest.approx(0.8)


def test_options_checkboxes_bind_and_charts_follow(
    page: BudgetPage, session: ProjectSession
) -> None:
    # the hosted model API has no row: the default plan does not serve
    shown = len(OptionId) - 1
    assert len(page.cumulative_chart.curves) == shown
    page.option_checks[OptionId.COLOCATION].setChecked(False)
    assert OptionId.COLOCATION not in session.project.budget.options
    cost = session.evaluation.cost
    assert set(page.cumulative_chart.curves) == {o.id for o in cost.options}
    assert len(page.cumulative_chart.curves) == shown - 1
    assert page.recommendation.table.rowCount() == shown - 1
    session.undo_stack.undo()
    assert page.option_checks[OptionId.COLOCATION].isChecked()
    assert len(page.cumulative_chart.curves) == shown


def test_unchecking_every_option_is_refused_beside_the_list(
    page: BudgetPage, session: ProjectSession
) -> None:
    # the last option ticked stays, in the model and on screen
    last = session.project.budget.options[-1]
    for option in OptionId:
        page.option_checks[option].setChecked(False)
    assert page.options_error.isVisibleTo(page)
    assert "at least one" in page.options_error.text()
    assert session.project.budget.options == [last]
    assert page.option_checks[last].isChecked()
    assert page.isComplete()
    page.option_checks[OptionId.SPOT].setChecked(True)
    assert not page.options_error.text()
    assert session.project.budget.options == [OptionId.SPOT, last]
    # the last option is the hosted model API, which a plan that serves nothing lacks
    assert len(page.cumulative_chart.curves) == 1 + (last is not OptionId.HOSTED_API)


def test_reason_links_focus_the_field(page: BudgetPage, qtbot: Any) -> None:
    section = page.sections["owning"]
    section.set_expanded(False)
    page.recommendation.input_activated.emit("budget.gpu_price_cny")
    assert section.expanded
    assert page.fields["gpu_price_cny"].isVisibleTo(page)
    assert page.input_label("budget.gpu_price_cny") == "Card price"
    assert page.input_label("meta.horizon_months") == "Planning horizon"


# --- results shown ---------------------------------------------------------------------


def _check_numbers(page: BudgetPage, session: ProjectSession) -> None:
    page.tabs.setCurrentWidget(page.cumulative_chart)  # drawn when its tab is chosen
    cost = session.evaluation.cost
    code = cost.currency.code
    table = page.recommendation.table
    assert table.rowCount() == len(cost.options)
    rate = cost.currency.cny_per_unit

    def cell(row: int, column: int) -> str:
        item = table.item(row, column)
        assert item is not None
        return item.text()

    for row, option in enumerate(option_order(cost)):
        # an option without a rank has a sign before its name (=, ⚠ or ✗)
        assert cell(row, 0).split(" ")[-1] == option_label(option.id).split(" ")[-1]
        assert cell(row, 0).endswith(option_label(option.id))
        assert cell(row, 1) == format_money(option.total_cny / rate, code)
        assert cell(row, 2) == format_money(option.npv_cny / rate, code)
        if option.cost_per_useful_gpu_hour_cny is not None:
            per_hour = option.cost_per_useful_gpu_hour_cny / rate
            assert cell(row, 3) == format_money(per_hour, code, 2)
    assert cost.recommendation.option is not None
    assert (
        option_label(cost.recommendation.option) in page.recommendation.headline.text()
    )
    # one curve per option, holding the engine's cumulative cost (chart unit: 1000)
    assert len(page.cumulative_chart.curves) == len(cost.options)
    for option in cost.options:
        _x, y = page.cumulative_chart.curves[option.id].getData()
        expected = np.asarray(option.cumulative_cny) / cost.currency.cny_per_unit / 1e3
        np.testing.assert_allclose(y, expected)
    line = page.cumulative_chart.break_even_line
    assert line.isVisible() == (cost.break_even.month is not None)
    if cost.break_even.month is not None:
        assert line.value() == cost.break_even.month
    page.tabs.setCurrentWidget(page.tornado_chart)  # drawn when its tab is chosen
    assert page.tornado_chart.bar_count == len(cost.tornado)
    if cost.tornado:
        first = cost.tornado[0]
        ticks = page.tornado_chart.getPlotItem().getAxis("left")._tickLevels[0]
        assert ticks[0][1] == words.text(first.label, "en")  # largest swing on top
    # the reasons follow once the typing pauses (PROSE_DELAY_MS)
    wanted = [words.text(r, "en").split(":")[0] for r in cost.recommendation.reasons]
    deadline = time.monotonic() + 10 * PROSE_DELAY_MS / 1000
    shown = page.recommendation.reasons_label.text
    while not all(w in shown() for w in wanted) and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)
    for reason in wanted:
        assert reason in shown()


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_projects_show_the_engines_numbers(qtbot: Any, path: Path) -> None:
    session = ProjectSession(load_project(path))
    page = _make_page(qtbot, session)
    _check_numbers(page, session)


def test_default_project_numbers_and_price_change(
    page: BudgetPage, session: ProjectSession
) -> None:
    _check_numbers(page, session)
    before = session.evaluation.cost.option(OptionId.ON_DEMAND).total_cny
    field = _optional(page, "on_demand_cny_per_gpu_hour")
    field.own_check.setChecked(True)
    field.editor.setValue(40.0)
    after = session.evaluation.cost.option(OptionId.ON_DEMAND).total_cny
    assert after > before
    _check_numbers(page, session)


def test_cash_flow_shows_capex_in_month_one(
    page: BudgetPage, session: ProjectSession
) -> None:
    page.tabs.setCurrentWidget(page.cash_flow_chart.parentWidget())
    index = page.cash_flow_combo.findData("colocation")
    page.cash_flow_combo.setCurrentIndex(index)
    option = session.evaluation.cost.option(OptionId.COLOCATION)
    assert page.cash_flow_chart.option is OptionId.COLOCATION
    capex = page.cash_flow_chart.capex_bars.opts["height"]
    # the purchase less the loan that pays it (issue #29): paid from cash, all
    # of it; with the default loan, none
    paid = option.capex_cny - option.loan_cny
    assert capex[0] == pytest.approx(min(paid, option.monthly_cny[0]) / 1e3)
    assert option.loan_cny == pytest.approx(option.capex_cny)
    assert all(h == 0 for h in capex[1:])
    back = page.cash_flow_chart.back_bars.opts["height"]
    assert back[-1] == pytest.approx(min(option.monthly_cny[-1], 0) / 1e3)


# --- Monte Carlo in the worker -------------------------------------------------------


def test_monte_carlo_finishes_and_shows_percentiles(
    page: BudgetPage, session: ProjectSession, qtbot: Any
) -> None:
    page.mc_draws_spin.setValue(2000)
    with qtbot.waitSignal(page.runner.result_ready, timeout=30_000):
        page.run_monte_carlo()
    result = page.monte_carlo
    assert isinstance(result, MonteCarloResult)
    expected = evaluate(
        session.project, session.catalog, monte_carlo_draws=2000, seed=result.seed
    ).monte_carlo
    assert result == expected
    chart = page.monte_carlo_chart
    assert chart.options == [o.id for o in session.evaluation.cost.options]
    # the default project compares owning with renting: a histogram
    hist = result.own_minus_rent
    assert hist is not None
    assert chart.showing_histogram
    heights = np.asarray(chart.histogram_bars.opts["height"])
    assert heights.tolist() == hist.counts
    assert heights.sum() == 2000
    x0 = np.asarray(chart.histogram_bars.opts["x0"])
    np.testing.assert_allclose(x0, np.asarray(hist.edges[:-1]) / 1e3)  # thousand CNY
    pct = result.own_minus_rent_percentiles
    assert pct is not None
    for name in ("p10", "p50", "p90"):
        line = chart.percentile_lines[name]
        assert line.isVisible()
        assert line.value() == pytest.approx(getattr(pct, name) / 1e3)
    assert chart.zero_line.isVisible()
    assert chart.zero_line.value() == 0
    percent = f"{result.p_own_beats_rent * 100:.0f} %"
    title = chart.getPlotItem().titleLabel.text
    assert "P(owning beats renting)" in title
    assert percent in title
    assert page.mc_run_button.isEnabled()
    assert not page.mc_cancel_button.isEnabled()
    # The status line says the draws repeat, never "seed" (a reader's word).
    status = page.mc_status.text()
    assert "2,000 draws" in status
    assert "seed" not in status.lower()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_monte_carlo_status_never_says_seed(
    qtbot: Any, session: ProjectSession, language: str
) -> None:
    from gpu_advisor.ui import i18n

    i18n.install_translators(language)
    page = _make_page(qtbot, session)
    page.mc_draws_spin.setValue(1000)
    with qtbot.waitSignal(page.runner.result_ready, timeout=30_000):
        page.run_monte_carlo()
    status = page.mc_status.text()
    assert "seed" not in status.lower()
    assert "种子" not in status
    assert "PDF" in status
    assert "1,000" in status
    i18n.install_translators("en")


def test_monte_carlo_without_owning_shows_percentile_bars(qtbot: Any) -> None:
    session = ProjectSession(Project())
    session.apply("budget.options", ["on_demand", "monthly", "spot"])
    page = _make_page(qtbot, session)
    page.mc_draws_spin.setValue(1000)
    with qtbot.waitSignal(page.runner.result_ready, timeout=30_000):
        page.run_monte_carlo()
    result = page.monte_carlo
    assert isinstance(result, MonteCarloResult)
    assert result.own_minus_rent is None
    chart = page.monte_carlo_chart
    assert not chart.showing_histogram
    assert not chart.zero_line.isVisible()
    spot = result.percentiles[OptionId.SPOT]
    label = chart.p50_labels[chart.options.index(OptionId.SPOT)].toPlainText()
    assert format_money(spot.p50, "").strip() in label
    assert len(chart.histogram_bars.opts["height"]) == 0
    page.runner.invalidate()
    assert page.runner.wait_idle(20_000)


def test_monte_carlo_progress_is_a_percentage(page: BudgetPage, qtbot: Any) -> None:
    seen: list[tuple[int, int]] = []
    page.runner.progress.connect(lambda d, t: seen.append((d, t)))
    page.mc_draws_spin.setValue(2000)
    with qtbot.waitSignal(page.runner.result_ready, timeout=30_000):
        page.run_monte_carlo()
    assert seen[0] == (0, MONTE_CARLO_CHUNKS)
    assert seen[-1] == (MONTE_CARLO_CHUNKS, MONTE_CARLO_CHUNKS)
    assert len(seen) == MONTE_CARLO_CHUNKS + 1
    assert page.mc_progress.maximum() == MONTE_CARLO_CHUNKS
    assert page.mc_progress.value() == MONTE_CARLO_CHUNKS
    assert page.mc_progress.text() == "100 %"
    assert not page.mc_progress.isVisible()  # hidden again when done


def test_monte_carlo_cancel_between_chunks(page: BudgetPage, qtbot: Any) -> None:
    gate = threading.Event()
    project, catalog = page._session.project, page._session.catalog
    calls, finish = monte_carlo_steps(project, catalog, 400, 1, chunks=4)

    def held() -> object:
        gate.wait(10)
        return calls[1]()

    steps = [calls[0], held, *calls[2:]]
    page.runner.start(project, catalog, 400, steps=(steps, finish))
    qtbot.waitUntil(lambda: page.mc_progress.value() == 1, timeout=10_000)
    assert page.mc_progress.maximum() == 4
    with qtbot.waitSignal(page.runner.cancelled, timeout=1000):
        page.mc_cancel_button.click()
    gate.set()
    assert page.runner.wait_idle(10_000)
    assert page.monte_carlo is None
    assert page.mc_run_button.isEnabled()


def test_monte_carlo_cancel(page: BudgetPage, qtbot: Any) -> None:
    gate = threading.Event()

    def slow() -> object:
        gate.wait(10)
        return None

    page.runner.start(
        page._session.project,
        page._session.catalog,
        10,
        steps=([slow], lambda p: p[-1]),
    )
    assert page.mc_cancel_button.isEnabled()
    assert page.mc_progress.isVisible() or page.mc_progress.maximum() == 0
    got: list[object] = []
    page.runner.result_ready.connect(got.append)
    with qtbot.waitSignal(page.runner.cancelled, timeout=1000):
        page.mc_cancel_button.click()
    gate.set()
    assert page.runner.wait_idle(10_000)
    qtbot.wait(20)
    assert got == []
    assert page.monte_carlo is None
    assert "Cancelled" in page.mc_status.text()
    assert page.mc_run_button.isEnabled()


def test_monte_carlo_result_for_an_outdated_project_is_discarded(
    page: BudgetPage, session: ProjectSession, qtbot: Any
) -> None:
    gate = threading.Event()
    stale = evaluate(
        session.project, session.catalog, monte_carlo_draws=100
    ).monte_carlo

    def slow() -> object:
        gate.wait(10)
        return stale

    page.runner.start(
        session.project, session.catalog, 100, steps=([slow], lambda p: p[-1])
    )
    session.apply("budget.storage_tb", 300.0)  # the project changes meanwhile
    gate.set()
    qtbot.waitUntil(lambda: page.runner.discarded == 1, timeout=10_000)
    assert page.monte_carlo is None
    assert page.monte_carlo_chart.result is None


def test_monte_carlo_reruns_after_a_change_when_asked(
    page: BudgetPage, session: ProjectSession, qtbot: Any
) -> None:
    page.mc_draws_spin.setValue(1000)
    page.mc_auto_check.setChecked(True)
    with qtbot.waitSignal(page.runner.result_ready, timeout=30_000):
        session.apply("budget.storage_tb", 150.0)
    assert page.monte_carlo is not None
    assert page.monte_carlo.draws == 1000


def test_an_edit_no_price_reads_keeps_the_running_monte_carlo(
    page: BudgetPage, session: ProjectSession, qtbot: Any
) -> None:
    from gpu_advisor.engine.plan_defaults import PLAN_MONTE_CARLO_DRAWS

    page.mc_draws_spin.setValue(PLAN_MONTE_CARLO_DRAWS)
    with qtbot.waitSignal(page.runner.result_ready, timeout=30_000):
        page.run_monte_carlo()
        assert page.runner.is_running
        session.apply("meta.author", "Li Wei")  # no price reads the author
    assert page.runner.discarded == 0  # not restarted: the same draws
    assert page.monte_carlo is not None
    # kept for the current snapshot, so the review step and the PDF show it
    assert session.evaluation.monte_carlo == page.monte_carlo
    assert page.monte_carlo_chart.result is page.monte_carlo


def test_a_result_for_a_hidden_chart_is_drawn_when_it_is_shown(
    qtbot: Any, session: ProjectSession
) -> None:
    page = BudgetPage(session)
    qtbot.addWidget(page)
    page.mc_auto_check.setChecked(False)
    page._mc_later.cancel()
    page.initializePage()
    page.mc_draws_spin.setValue(1000)
    with qtbot.waitSignal(page.runner.result_ready, timeout=30_000):
        page.run_monte_carlo()
    chart = page.monte_carlo_chart
    assert page.monte_carlo is not None
    assert chart.result is None  # the step is hidden: nothing painted yet
    assert "1,000" in page.mc_status.text()  # the status says it is there
    page.show()
    tabs = [page.tabs.widget(i) for i in range(page.tabs.count())]
    tab = next(i for i, w in enumerate(tabs) if w is not None and w.isAncestorOf(chart))
    page.tabs.setCurrentIndex(tab)
    assert chart.result is page.monte_carlo
    page.runner.invalidate()
    assert page.runner.wait_idle(20_000)


# --- wizard and language -----------------------------------------------------------------


def test_inside_the_wizard_back_and_forth(qtbot: Any, session: ProjectSession) -> None:
    wizard = AdvisorWizard(session)
    qtbot.addWidget(wizard)
    page = BudgetPage(session)
    page.mc_auto_check.setChecked(False)
    wizard.removePage(PageId.BUDGET)
    wizard.setPage(PageId.BUDGET, page)
    wizard.restart()
    wizard.go_to(PageId.BUDGET)
    assert wizard.currentPage() is page
    page.fields["storage_tb"].editor.setValue(42.0)  # type: ignore[attr-defined]
    wizard.go_to(PageId.PROJECT)
    wizard.go_to(PageId.BUDGET)
    assert page.fields["storage_tb"].editor.value() == 42.0  # type: ignore[attr-defined]
    session.undo_stack.undo()
    assert page.fields["storage_tb"].editor.value() == 100.0  # type: ignore[attr-defined]
    page.runner.invalidate()
    assert page.runner.wait_idle(10_000)


def _compiled(ts: Path, tmp_path: Path) -> Path:
    qm = tmp_path / (ts.stem + ".qm")
    lrelease = Path(__import__("sys").executable).with_name("pyside6-lrelease")
    subprocess.run(
        [str(lrelease), str(ts), "-qm", str(qm)], check=True, capture_output=True
    )
    return qm


def test_language_switch_is_live(page: BudgetPage, qapp: Any, tmp_path: Path) -> None:
    translator = QTranslator()
    assert translator.load(str(_compiled(TRANSLATIONS / "budget_zh_CN.ts", tmp_path)))
    QCoreApplication.installTranslator(translator)
    try:
        qapp.processEvents()
        assert page.title() == "预算"
        assert page.sections["renting"].text().startswith("租用")
        assert page.tabs.tabText(0) == "累计成本"
    finally:
        QCoreApplication.removeTranslator(translator)
        qapp.processEvents()
    assert page.title() == "Budget"


@pytest.mark.parametrize("name", ["budget_zh_CN.ts", "budget_en.ts"])
def test_translation_files_are_finished(name: str) -> None:
    text = (TRANSLATIONS / name).read_text(encoding="utf-8")
    assert "<message" in text
    assert 'type="unfinished"' not in text
    assert "<translation></translation>" not in text


def test_no_project_leaks_between_sessions(qtbot: Any) -> None:
    # Two pages on two sessions do not share state (no module globals).
    a, b = ProjectSession(Project()), ProjectSession(Project())
    page_a, page_b = _make_page(qtbot, a), _make_page(qtbot, b)
    page_a.fields["storage_tb"].editor.setValue(7.0)  # type: ignore[attr-defined]
    assert b.project.budget.storage_tb == 100.0
    assert page_b.fields["storage_tb"].editor.value() == 100.0  # type: ignore[attr-defined]


def test_monte_carlo_runs_when_the_step_is_entered(
    qtbot: Any, session: ProjectSession
) -> None:
    wizard = AdvisorWizard(session)
    qtbot.addWidget(wizard)
    page = BudgetPage(session)
    wizard.removePage(PageId.BUDGET)
    wizard.setPage(PageId.BUDGET, page)
    wizard.restart()
    page.mc_draws_spin.setValue(1000)
    with qtbot.assertNotEmitted(page._mc_later.triggered, wait=_MC_DEBOUNCE_MS + 200):
        session.apply("budget.storage_tb", 120.0)  # not on screen: nothing scheduled
    with qtbot.waitSignal(page.runner.result_ready, timeout=30_000):
        wizard.go_to(PageId.BUDGET)
    assert page.monte_carlo is not None
    assert page.monte_carlo.draws == 1000
    page.runner.invalidate()
    assert page.runner.wait_idle(10_000)


# --- why? buttons --------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_number_has_a_why_button_with_a_formula(qtbot: Any, path: Path) -> None:
    session = ProjectSession(load_project(path))
    page = _make_page(qtbot, session)
    cost = session.evaluation.cost
    buttons = {b.key: b for b in page.recommendation.all_why_buttons()}
    wanted = keys.budget_page_keys(cost)
    assert set(wanted) <= set(buttons)
    for key in wanted:
        button = buttons[key]
        assert not button.isHidden(), key
        dialog = button.show_explanation()
        qtbot.addWidget(dialog)
        assert dialog.explanation is not None, key
        assert dialog.explanation.key == key
        # shown in the reader's words with the values filled in; the engine's
        # notation (English) is not shown to a reader in any language
        assert dialog.explanation.formula not in dialog.formula_label.toolTip()
        assert dialog.formula_label.text()
        assert dialog.inputs_table.rowCount() == len(dialog.explanation.inputs) > 0
        assert dialog.missing_label.isHidden()
        dialog.close()
    # the table's buttons sit in the NPV, per-hour and utilisation cells
    table = page.recommendation.table
    for row, option in enumerate(option_order(cost)):
        for column, field in page.recommendation.EXPLAINED_COLUMNS.items():
            holder = table.cellWidget(row, column)
            assert holder is not None
            assert page.recommendation.why_buttons[option.id, field].parent() is holder


def test_why_buttons_follow_their_rows_when_the_order_changes(qtbot: Any) -> None:
    """A new ranking moves the buttons' keys, not the widgets: each cell's
    button explains the option now in its row."""
    session = ProjectSession(Project())
    page = _make_page(qtbot, session)
    rec = page.recommendation
    before = {id(b) for b in rec.why_buttons.values()}
    order = [o.id for o in option_order(session.evaluation.cost)]
    session.apply("budget.monthly_cny_per_gpu_month", 50.0)  # monthly rental wins
    cost = session.evaluation.cost
    assert [o.id for o in option_order(cost)] != order
    assert {id(b) for b in rec.why_buttons.values()} == before
    for row, option in enumerate(option_order(cost)):
        for column, field in rec.EXPLAINED_COLUMNS.items():
            button = rec.why_buttons[option.id, field]
            assert button.key == keys.option_key(option.id.value, field)
            holder = rec.table.cellWidget(row, column)
            assert holder is not None
            assert button.parent() is holder
        item = rec.table.item(row, 0)
        assert item is not None
        assert option_label(option.id) in item.text()


def test_break_even_buttons_hide_without_an_owned_option(qtbot: Any) -> None:
    session = ProjectSession(Project())
    page = _make_page(qtbot, session)
    assert not page.recommendation.break_even_why.isHidden()
    session.apply("budget.options", ["on_demand", "monthly"])
    assert page.recommendation.break_even_why.isHidden()
    assert page.recommendation.six_month_why.isHidden()
    assert len(page.recommendation.why_buttons) == 2 * 4
    session.undo_stack.undo()
    assert not page.recommendation.six_month_why.isHidden()
    # every option but the hosted model API: the default plan does not serve
    assert len(page.recommendation.why_buttons) == (len(list(OptionId)) - 1) * 4


def test_the_table_says_what_each_figure_includes(page: BudgetPage) -> None:
    """Issue #11: the engine's sentence per option, under the table and as a tip."""
    rec = page.recommendation
    cost = page._session.evaluation.cost
    # folded away until asked for, then written and kept up to date
    assert rec.includes_label.isHidden()
    assert not rec.includes_toggle.isHidden()
    rec.includes_toggle.click()
    assert not rec.includes_label.isHidden()
    page._session.apply("budget.discount_rate_per_year", 0.09)
    cost = page._session.evaluation.cost
    text = rec.includes_label.text()
    for row, option in enumerate(option_order(cost)):
        assert (
            text_or_empty(option.includes, "en") in text
            or text_or_empty(option.includes, "zh") in text
        )
        item = rec.table.item(row, 0)
        assert item is not None
        # the last line: what it includes (or why it is not feasible), after
        # the words of its rank sign if it has one
        assert item.toolTip().splitlines()[-1] in (
            rank_mark(option, "en", detail=True),
            rank_mark(option, "zh", detail=True),
            text_or_empty(option.includes, "en"),
            text_or_empty(option.includes, "zh"),
            text_or_empty(option.reason, "en"),
            text_or_empty(option.reason, "zh"),
        )


def test_cost_axis_holds_every_curve_and_stays_put_on_a_small_edit(
    page: BudgetPage, session: ProjectSession
) -> None:
    chart = page.cumulative_chart
    field = _optional(page, "on_demand_cny_per_gpu_hour")
    field.own_check.setChecked(True)
    field.editor.setValue(21.0)
    top = chart.getPlotItem().getViewBox().viewRange()[1]
    values = [v for c in chart.curves.values() for v in c.getData()[1]]
    assert top[0] <= min(values)
    assert max(values) <= top[1]
    assert max(values) >= 0.6 * top[1]  # not drawn in a corner of the chart
    assert f"{top[1]:.6g}"[0] in "123456789"  # a round number
    ticks_before = chart.getPlotItem().getAxis("bottom")._tickLevels
    price = session.evaluation.cost.option(OptionId.ON_DEMAND).total_cny
    field.editor.setValue(21.1)
    assert session.evaluation.cost.option(OptionId.ON_DEMAND).total_cny != price
    assert chart.getPlotItem().getViewBox().viewRange()[1] == top
    # the same ticks object: the axis was not told to draw itself again
    assert chart.getPlotItem().getAxis("bottom")._tickLevels is ticks_before


def test_an_edit_no_price_reads_keeps_the_results_on_screen(
    page: BudgetPage, session: ProjectSession
) -> None:
    before = session.evaluation.cost
    headline = page.recommendation.headline
    headline.setText("left as it was")
    session.apply("meta.author", "Someone Else")
    assert session.evaluation.cost is before  # not priced again
    assert headline.text() == "left as it was"  # not drawn again
    session.apply("meta.horizon_months", session.project.meta.horizon_months + 1)
    assert session.evaluation.cost is not before
    assert headline.text() != "left as it was"


def test_a_chart_behind_a_tab_is_drawn_when_its_tab_is_chosen(
    page: BudgetPage, session: ProjectSession
) -> None:
    page.tabs.setCurrentWidget(page.cumulative_chart)
    field = _optional(page, "on_demand_cny_per_gpu_hour")
    field.own_check.setChecked(True)
    field.editor.setValue(33.0)
    cost = session.evaluation.cost
    assert page.cumulative_chart._result is cost
    assert page.tornado_chart._result is not cost  # not drawn behind its tab
    page.tabs.setCurrentWidget(page.tornado_chart)
    assert page.tornado_chart._result is cost
    page.tabs.setCurrentWidget(page.cash_flow_chart.parentWidget())
    assert page.cash_flow_chart._result is cost
