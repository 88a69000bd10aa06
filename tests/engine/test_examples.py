"""Each example project leads to the decision a careful reader of the seeds expects."""

from __future__ import annotations

from importlib import resources

import pytest

from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import OptionId
from tests.engine._cost_helpers import CATALOG
from tests.make_examples import ALL


def _evaluate(name: str) -> Evaluation:
    with resources.as_file(
        resources.files("gpu_advisor.resources") / "examples" / name
    ) as path:
        project = load_project(path)
    assert project == ALL[name]()  # the committed file is what the script writes
    return evaluate(project, CATALOG)


def test_shanghai_13b_finetune_for_two_months_rents_monthly():
    ev = _evaluate("shanghai_13b_finetune.gpuplan")
    rec = ev.cost.recommendation
    assert rec.option is OptionId.MONTHLY
    codes = [r.code for r in rec.reasons]
    assert (
        codes[:2] == ["recommend.short_work", "recommend.rent"]
        or codes[0] == "recommend.rent"
    )
    assert "recommend.short_work" in codes
    assert any(w.code == "recommend.residency_city" for w in ev.cost.warnings)
    assert ev.cost.break_even.month is None
    own = ev.cost.option(OptionId.COLOCATION)
    assert own.total_cny > 2 * ev.cost.option(OptionId.MONTHLY).total_cny


def test_shenzhen_pretrain_then_serve_mixes_baseline_and_bursts():
    ev = _evaluate("shenzhen_7b_pretrain_then_serve.gpuplan")
    rec = ev.cost.recommendation
    assert rec.option is OptionId.MIX
    assert rec.mix_detail is not None
    assert rec.mix_detail.baseline_kind is OptionId.YEARLY
    assert max(rec.mix_detail.baseline_gpus) == 8
    assert rec.mix_detail.burst_kind is OptionId.SPOT
    assert any(r.code == "recommend.mix" for r in rec.reasons)
    assert not ev.cost.option(OptionId.SPOT).feasible  # serving months
    pure = min(
        o.total_cny
        for o in ev.cost.options
        if o.id in (OptionId.ON_DEMAND, OptionId.MONTHLY, OptionId.YEARLY)
        and o.feasible
    )
    assert ev.cost.option(OptionId.MIX).total_cny < 0.95 * pure


def test_lab_with_64_cards_at_full_load_builds():
    ev = _evaluate("lab_64_gpus_three_years.gpuplan")
    rec = ev.cost.recommendation
    assert rec.option in (OptionId.SELF_BUILD, OptionId.COLOCATION)
    assert rec.reasons[0].code == "recommend.own"
    assert any(r.code == "recommend.own_conditions" for r in rec.reasons)
    be = ev.cost.break_even
    assert be.month is not None
    assert be.month <= 36
    assert be.rule_six_months is not None
    assert be.rule_six_months.holds


@pytest.mark.parametrize("name", sorted(ALL))
def test_examples_languages_and_titles(name):
    project = ALL[name]()
    assert project.meta.organisation
    assert project.meta.language.value in ("zh", "en")
