"""One scenario table: the CLI, the PDF and the app show the same figures.

For each example plan (with two scenarios ticked for the PDF) the JSON of
``gpu-advisor-cli scenarios``, the PDF's scenario page and the app's
comparison (computed in its background worker) come from one call,
:func:`gpu_advisor.engine.scenarios.evaluate_scenarios`, with the plan's
Monte Carlo draws and seed; the base column's P(owning beats renting) is the
plan's own (the cost step and the PDF's risk section).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from gpu_advisor.cli import main
from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.engine.plan_defaults import (
    PLAN_MONTE_CARLO_DRAWS,
    PLAN_MONTE_CARLO_SEED,
)
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project, save_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project, Scenario
from gpu_advisor.model.scenario_results import ScenarioComparison
from gpu_advisor.report.numbers import money_words
from gpu_advisor.report.plan import build_plan_pdf
from gpu_advisor.report.text import percent, tr
from gpu_advisor.ui.scenarios_compare import ScenarioCompareView
from gpu_advisor.ui.session import ProjectSession

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)
_P_ROW = 3 + 5  # GPU, horizon, changes; then the measures, P(own) the sixth


def _with_scenarios(path: Path) -> Project:
    project = load_project(path)
    return project.model_copy(
        update={
            "scenarios": [
                Scenario(name="H100", gpu_id="H100-80GB-SXM"),
                Scenario(name="Two years", horizon_months=24),
            ]
        }
    )


def _cli(project: Project, tmp_path: Path, capsys: Any) -> ScenarioComparison:
    path = tmp_path / "plan.gpuplan"
    save_project(project, path)
    assert main(["scenarios", str(path), "--json"]) == 0
    return ScenarioComparison.model_validate(json.loads(capsys.readouterr().out))


def _app(project: Project, qtbot: Any) -> ScenarioCompareView:
    session = ProjectSession(project)
    view = ScenarioCompareView(session)
    qtbot.addWidget(view)
    view.refresh_now()
    qtbot.waitUntil(lambda: view.comparison is not None, timeout=120_000)
    return view


def _pdf_page(project: Project, lang: Language) -> str:
    catalog = load_catalog()
    data = build_plan_pdf(
        project, evaluate_plan(project, catalog), catalog, language=lang
    )
    pages = [
        " ".join((p.extract_text() or "").split())
        for p in PdfReader(io.BytesIO(data)).pages
    ]
    heading = tr("sec.scenarios", lang)
    first = next(
        i for i, p in enumerate(pages) if heading in p and tr("doc.toc", lang) not in p
    )
    last = next(
        i
        for i, p in enumerate(pages)
        if i >= first and tr("scen.chart_total", lang) in p
    )
    return " ".join(pages[first : last + 1])  # the section: its table and chart


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_cli_pdf_and_app_show_the_same_scenario_figures(
    path: Path, tmp_path: Path, capsys: Any, qtbot: Any
) -> None:
    project = _with_scenarios(path)
    cli = _cli(project, tmp_path, capsys)
    view = _app(project, qtbot)
    assert view.comparison == cli  # the app's model is the CLI's JSON
    for column in cli.columns:
        assert column.monte_carlo_draws == PLAN_MONTE_CARLO_DRAWS
        assert column.p_own_beats_rent is not None
    for index, column in enumerate(cli.columns):
        item = view.table.item(_P_ROW, index)
        assert item is not None
        assert item.text() == view.cell_text(column, "p_own_beats_rent", "CNY", 1.0)
    # the base column's probability is the plan's own Monte Carlo's
    plan_mc = evaluate_plan(project, load_catalog()).monte_carlo
    assert plan_mc is not None
    assert (plan_mc.draws, plan_mc.seed) == (
        PLAN_MONTE_CARLO_DRAWS,
        PLAN_MONTE_CARLO_SEED,
    )
    assert cli.columns[0].p_own_beats_rent == plan_mc.p_own_beats_rent
    lang = Language.EN
    page = _pdf_page(project, lang)
    assert f"{PLAN_MONTE_CARLO_DRAWS} Monte Carlo draws" in page  # as the intro says
    for column in cli.columns:
        assert column.total_cny is not None
        assert column.p_own_beats_rent is not None
        assert money_words(column.total_cny, lang) in page
        assert percent(column.p_own_beats_rent) in page
