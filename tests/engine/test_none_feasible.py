"""With no feasible option nothing is recommended and the constraints are named (issue [feasible])."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from gpu_advisor import words
from gpu_advisor.cli.cost import apply_overrides, to_json
from gpu_advisor.engine.api import evaluate_scenarios
from gpu_advisor.engine.cost.finance import runner_up
from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project
from gpu_advisor.report.plan import build_plan_pdf
from gpu_advisor.words import catalog_languages

SZ = (
    Path(__file__).resolve().parents[2]
    / "resources/examples/shenzhen_7b_pretrain_then_serve.gpuplan"
)
NOTHING_FITS = [
    "meta.horizon_months=3",
    "budget.data_residency=own_hardware",
    "budget.owned_gpus=48",
    'budget.options=["on_demand","colocation","self_build"]',
]


def _project() -> Project:
    return apply_overrides(load_project(SZ), NOTHING_FITS)


def test_no_option_is_recommended_and_each_constraint_is_named() -> None:
    ev = evaluate_plan(_project(), load_catalog(), monte_carlo=False)
    cost = ev.cost
    assert not any(o.feasible for o in cost.options)
    rec = cost.recommendation
    assert rec.option is None  # before issue [feasible]: colocation, infeasible
    assert runner_up(cost) is None
    codes = [r.code for r in rec.reasons]
    assert codes[0] == "recommend.none_feasible"
    kept = [r for r in rec.reasons if r.code == "recommend.kept_out"]
    assert {r.params["option"] for r in kept} == {"on_demand", "colocation"}
    colocation = next(r for r in kept if r.params["option"] == "colocation")
    # the constraint and by how much: 48 owned cards, at least 64 needed
    assert "buy at least 64 cards" in words.text(colocation, "en")
    assert "至少购买 64 张卡" in words.text(colocation, "zh")
    doc = to_json(ev, Language.EN)
    assert doc["recommendation"]["option"] is None


@pytest.mark.parametrize("language", list(catalog_languages()))
def test_page_1_says_nothing_is_feasible(language: Language) -> None:
    catalog = load_catalog()
    project = _project()
    ev = evaluate_plan(project, catalog, monte_carlo=False)
    pdf = build_plan_pdf(project, ev, catalog, language=language)
    first = " ".join((PdfReader(io.BytesIO(pdf)).pages[0].extract_text() or "").split())
    expected = words.say("report.dec1.none", language)
    assert " ".join(expected.split())[:12] in first


def test_scenarios_show_no_recommendation() -> None:
    runs = evaluate_scenarios(_project(), load_catalog(), monte_carlo=False)
    assert runs.comparison is not None
    assert runs.comparison.columns[0].recommendation is None
