"""The PDF plan's scenario page: each ticked scenario as its plan evaluated alone."""

from __future__ import annotations

import io

from pypdf import PdfReader

from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.engine.scenarios import SCENARIO_MONTE_CARLO_DRAWS, figures
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project
from gpu_advisor.report.numbers import money_words
from gpu_advisor.report.plan import build_plan_pdf
from gpu_advisor.report.text import days, percent, tr
from tests.engine.test_scenarios import _by_hand, three_scenarios

CASES = [(None, 24), ("H100-80GB-SXM", None), ("H100-80GB-SXM", 24)]


def _pages(project: Project, lang: Language) -> list[str]:
    catalog = load_catalog()
    ev = evaluate_plan(project, catalog, monte_carlo=True, draws=500)
    data = build_plan_pdf(project, ev, catalog, language=lang)
    return [p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages]


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_scenario_page_shows_each_ticked_scenario_as_its_plan_alone() -> None:
    project = three_scenarios()
    unticked = project.scenarios[1].model_copy(update={"in_report": False})
    project = project.model_copy(
        update={"scenarios": [project.scenarios[0], unticked, project.scenarios[2]]}
    )
    lang = Language.EN
    pages = _pages(project, lang)
    heading = tr("sec.scenarios", lang)
    found = [
        p
        for p in pages
        if tr("scen.chart_total", lang) in p
        and heading in p
        and tr("doc.toc", lang) not in p
    ]
    assert len(found) == 1  # one page
    page = _flat(found[0])
    catalog = load_catalog()
    for index in (0, 2):
        gpu_id, horizon = CASES[index]
        ev = evaluate_plan(
            _by_hand(project, gpu_id, horizon),
            catalog,
            monte_carlo=True,
            draws=SCENARIO_MONTE_CARLO_DRAWS,
        )
        column = figures(ev, project.scenarios[index], index)
        assert column.total_cny is not None
        assert column.p_own_beats_rent is not None
        assert project.scenarios[index].name in page
        assert money_words(column.total_cny, lang) in page
        assert days(column.days, lang) in page
        assert percent(column.p_own_beats_rent) in page
    assert project.scenarios[1].name not in page  # not ticked for the report


def test_no_scenario_page_without_ticked_scenarios() -> None:
    project = three_scenarios()
    project = project.model_copy(
        update={
            "scenarios": [
                s.model_copy(update={"in_report": False}) for s in project.scenarios
            ]
        }
    )
    text = "\n".join(_pages(project, Language.ZH))
    assert tr("sec.scenarios", Language.ZH) not in text
