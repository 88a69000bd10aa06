"""Page 1 carries the plan's facts: the decision, whether it covers the whole
job, the top warning, the data residency as set and the decisive inputs."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpu_advisor import words
from gpu_advisor.engine.api import shown_warnings
from gpu_advisor.engine.evaluate import PlanEvaluation, evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Language
from gpu_advisor.report.numbers import plain_number
from gpu_advisor.report.plan import build_plan_pdf
from gpu_advisor.report.plan.decision import decisive_rows
from gpu_advisor.report.plan.shared import region_name
from gpu_advisor.report.text import tr
from gpu_advisor.words import catalog_languages
from tests.report.conftest import pdf_text

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)


def _flat(text: str) -> str:
    return "".join(text.split())


@pytest.fixture(scope="module")
def evaluations() -> dict[str, PlanEvaluation]:
    catalog = load_catalog()
    return {
        path.stem: evaluate_plan(load_project(path), catalog, draws=200)
        for path in EXAMPLES
    }


@pytest.mark.parametrize("lang", list(catalog_languages()))
@pytest.mark.parametrize("example", [p.stem for p in EXAMPLES])
def test_page_one_states_the_plans_facts(
    evaluations: dict[str, PlanEvaluation], example: str, lang: Language
) -> None:
    ev = evaluations[example]
    data = build_plan_pdf(ev.project, ev, ev.catalog, language=lang)
    page1 = _flat(pdf_text(data).split(tr("sec.summary", lang))[0])
    rec = ev.cost.recommendation
    assert rec.option is not None
    assert _flat(tr(f"opt.{rec.option.value}", lang)) in page1
    work = ev.cost.work
    assert rec.complete
    assert work is not None
    covers = tr(
        "page1.covers_all",
        lang,
        sized=plain_number(work.sized_gpu_hours),
        priced=plain_number(work.priced_gpu_hours),
    )
    assert _flat(covers) in page1
    top = shown_warnings(ev).top
    assert top is not None
    assert _flat(words.text(top, lang))[:40] in page1
    residency = ev.project.budget.data_residency.value
    region = region_name(ev.catalog, ev.project, lang)
    assert _flat(tr(f"page1.residency_is.{residency}", lang, region=region)) in page1
    rows = decisive_rows(ev.decisive, lang)
    assert rows, "every example has a decisive input"
    name, planned, _span, flip = rows[0]
    assert _flat(name) in page1
    assert _flat(planned) in page1
    assert _flat(flip) in page1


def test_an_incomplete_plan_does_not_claim_the_whole_job() -> None:
    """Issue #28: the 2T-token case prices part of the job; page 1 says so
    and never that the total pays for the whole job."""
    from gpu_advisor.cli.cost import apply_overrides

    path = next(p for p in EXAMPLES if p.stem.startswith("shenzhen"))
    project = apply_overrides(
        load_project(path),
        [
            "workload.tokens_billion=2000",
            "workload.deadline_days=120",
            "meta.horizon_months=4",
        ],
    )
    catalog = load_catalog()
    ev = evaluate_plan(project, catalog, draws=200)
    assert not ev.cost.recommendation.complete
    for lang in catalog_languages():
        data = build_plan_pdf(project, ev, catalog, language=lang)
        page1 = _flat(pdf_text(data).split(tr("sec.summary", lang))[0])
        covers = tr("page1.covers_all", lang, sized="", priced="")
        assert _flat(covers)[:10] not in page1
        limit = ev.cost.recommendation.limits[0]
        assert _flat(words.text(limit, lang))[:30] in page1
