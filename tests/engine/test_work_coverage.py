"""The totals pay for the sized job, or the plan says it is incomplete (issue [feasible])."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from gpu_advisor import words
from gpu_advisor.cli.cost import apply_overrides, to_json
from gpu_advisor.engine.cost.work import COVERED_SHARE, job_gpu_hours
from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import DemandProfile, Project
from gpu_advisor.report.plan import build_plan_pdf
from gpu_advisor.words import catalog_languages
from tests.make_examples import shenzhen_typed_serving_hours
from tests.property_runs import examples

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
SZ = EXAMPLES / "shenzhen_7b_pretrain_then_serve.gpuplan"
TWO_T_TOKENS = [
    "workload.tokens_billion=2000",
    "workload.deadline_days=120",
    "meta.horizon_months=4",
]


def _first_page(project: Project, language: Language) -> str:
    catalog = load_catalog()
    ev = evaluate_plan(project, catalog, monte_carlo=False)
    pdf = build_plan_pdf(project, ev, catalog, language=language)
    return PdfReader(io.BytesIO(pdf)).pages[0].extract_text() or ""


def _typed() -> Project:
    """Shenzhen with its serving hours typed (a 4-month profile once cut)."""
    return shenzhen_typed_serving_hours()


def test_a_2t_token_job_on_a_4_month_profile_is_an_incomplete_plan() -> None:
    project = apply_overrides(_typed(), TWO_T_TOKENS)
    ev = evaluate_plan(project, load_catalog(), monte_carlo=False)
    doc = to_json(ev, Language.EN)
    work, rec = doc["work"], doc["recommendation"]
    assert set(work) >= {"sized_gpu_hours", "priced_gpu_hours", "covered"}
    assert work["priced_gpu_hours"] < 0.98 * work["sized_gpu_hours"]
    assert rec["complete"] is False
    assert [limit["code"] for limit in rec["limits"]] == [
        "work.incomplete",
        "work.late",
    ]
    # the job's card-hours are the ones a filled profile would bill
    assert work["sized_gpu_hours"] == pytest.approx(job_gpu_hours(ev.sizing))
    # the priced part is the three pretraining months (46,720 + 46,720 + 23,360)
    assert work["priced_gpu_hours"] == pytest.approx(116_800)


@pytest.mark.parametrize("language", list(catalog_languages()))
def test_page_1_says_first_what_share_is_priced(language: Language) -> None:
    project = apply_overrides(_typed(), TWO_T_TOKENS)
    text = " ".join(_first_page(project, language).split())
    share = "38%"  # 116,800 of 306,460 card-hours (MFU by size and sequence)
    assert share in text
    lead = words.say("work.cheapest_partial", language, option="X", months=4, total="Y")
    assert lead.split("X")[0].strip() in text
    recommended = "Recommended:" if language is Language.EN else "建议采用"
    assert recommended not in text


@pytest.mark.parametrize(
    "example", sorted(EXAMPLES.glob("*.gpuplan")), ids=lambda p: p.stem
)
def test_the_examples_are_whole_plans(example: Path) -> None:
    ev = evaluate_plan(load_project(example), load_catalog(), monte_carlo=False)
    assert ev.cost.work is not None
    assert ev.cost.work.covered == 1.0
    assert ev.cost.recommendation.complete
    assert ev.cost.recommendation.limits == []


@settings(max_examples=examples(ci=12, deep=120), deadline=None)
@given(
    tokens=st.sampled_from([50.0, 300.0, 1000.0, 3000.0]),
    horizon=st.integers(min_value=1, max_value=24),
    gpus=st.sampled_from([8, 16, 64]),
)
def test_a_filled_profile_is_complete_unless_the_horizon_cuts_the_job(
    tokens: float, horizon: int, gpus: int
) -> None:
    base = load_project(SZ)
    project = apply_overrides(
        Project.model_validate(
            {**base.model_dump(), "demand": DemandProfile().model_dump()}
        ),
        [
            f"workload.tokens_billion={tokens}",
            f"meta.horizon_months={horizon}",
            f"workload.gpus={gpus}",
        ],
    )
    ev = evaluate_plan(project, load_catalog(), monte_carlo=False)
    work = ev.cost.work
    assert work is not None
    # the filled profile's serving months serve users, not the job (issue #31)
    serving = ev.cost.serving.gpu_hours if ev.cost.serving is not None else 0.0
    priced = sum(ev.cost.demand_gpu_hours) - serving
    assert work.priced_gpu_hours == pytest.approx(priced, rel=1e-6, abs=0.01)
    assert work.covered == pytest.approx(
        min(1.0, priced / work.sized_gpu_hours), rel=1e-6
    )
    assert ev.cost.recommendation.complete == (work.covered >= COVERED_SHARE)
    codes = {a.code for a in ev.cost.warnings}
    assert ("work.incomplete" in codes) == (work.covered < COVERED_SHARE)
    for advice in ev.cost.recommendation.limits:  # worded in every language
        for language in words.languages():
            assert words.text(advice, language)


def _extended(project: Project) -> Project:
    """``project`` with the demand its evaluation proposes (what the budget
    step's "Extend the demand" applies once the user confirms)."""
    ev = evaluate_plan(project, load_catalog(), monte_carlo=False)
    assert ev.cost.work is not None
    extension = ev.cost.work.extension
    assert extension is not None
    data = project.model_dump()
    data["meta"]["horizon_months"] = extension.horizon_months
    if extension.months:
        data["demand"]["months"] = [m.model_dump() for m in extension.months]
    return Project.model_validate(data)


def test_the_2t_token_plan_offers_the_demand_that_covers_its_job() -> None:
    project = apply_overrides(_typed(), TWO_T_TOKENS)
    extended = _extended(project)
    ev = evaluate_plan(extended, load_catalog(), monte_carlo=False)
    work = ev.cost.work
    assert work is not None
    assert work.extension is None
    assert work.priced_gpu_hours >= COVERED_SHARE * work.sized_gpu_hours
    # the serving month stays after the (longer) pre-training run
    phases = [m.phase.value for m in extended.demand.months]
    assert phases[-1] == "inference"
    assert set(phases[:-1]) == {"pretrain"}
    # still late: 120 days is too short on its cards, and the plan says so
    assert [a.code for a in ev.cost.recommendation.limits] == ["work.late"]


@settings(max_examples=examples(ci=10, deep=100), deadline=None)
@given(
    tokens=st.sampled_from([300.0, 1000.0, 3000.0]),
    horizon=st.integers(min_value=1, max_value=12),
    typed=st.booleans(),
)
def test_an_extended_demand_covers_the_job(
    tokens: float, horizon: int, typed: bool
) -> None:
    base = load_project(SZ)
    if not typed:  # a profile filled from the workload
        base = Project.model_validate(
            {**base.model_dump(), "demand": DemandProfile().model_dump()}
        )
    project = apply_overrides(
        base, [f"workload.tokens_billion={tokens}", f"meta.horizon_months={horizon}"]
    )
    ev = evaluate_plan(project, load_catalog(), monte_carlo=False)
    work = ev.cost.work
    assert work is not None
    if work.covered >= COVERED_SHARE or work.extension is None:
        assert work.extension is None
        return
    again = evaluate_plan(_extended(project), load_catalog(), monte_carlo=False)
    assert again.cost.work is not None
    assert again.cost.work.covered >= COVERED_SHARE
    assert again.cost.work.extension is None
