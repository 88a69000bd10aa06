"""Issue #11: one sentence per option saying what its figure includes."""

from __future__ import annotations

import json

import pytest

from gpu_advisor.cli.cost import to_json
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import OptionId
from gpu_advisor.words.terms import text_or_empty
from tests.engine._cost_helpers import CATALOG
from tests.engine.test_examples import _load
from tests.make_examples import ALL


@pytest.mark.parametrize("name", sorted(ALL))
def test_every_option_says_what_it_includes_in_both_languages(name):
    ev = evaluate(_load(name), CATALOG)
    for option in ev.cost.options:
        assert text_or_empty(option.includes, "en").endswith(".")
        assert text_or_empty(option.includes, "zh").endswith("。")
        assert "seed" not in text_or_empty(option.includes, "en").lower()
    doc = json.loads(json.dumps(to_json(ev, Language.EN)))
    assert [o["includes"] for o in doc["options"]] == [
        text_or_empty(o.includes, "en") for o in ev.cost.options
    ]


def test_the_hybrid_sentence_names_what_it_owns_and_rents():
    project = _load("shenzhen_7b_pretrain_then_serve.gpuplan")
    # At the price book's rental prices no card is worth owning; at these
    # dearer ones the hybrid owns the serving baseline and rents the peak.
    dear = project.budget.model_copy(
        update={"on_demand_cny_per_gpu_hour": 20.0, "monthly_cny_per_gpu_month": 9000.0}
    )
    cost = evaluate(project.model_copy(update={"budget": dear}), CATALOG).cost
    hybrid = cost.option(OptionId.HYBRID)
    assert cost.hybrid is not None
    assert cost.hybrid.owned_gpus > 0
    assert cost.hybrid.rented_gpu_hours > 0
    assert f"{cost.hybrid.owned_gpus} bought cards" in text_or_empty(
        hybrid.includes, "en"
    )
    assert f"at most {cost.hybrid.rented_peak_gpus} cards" in text_or_empty(
        hybrid.includes, "en"
    )
    assert f"{cost.hybrid.rented_gpu_hours:,.0f} GPU-hours" in text_or_empty(
        hybrid.includes, "en"
    )
    assert f"{cost.hybrid.owned_gpus} 张卡" in text_or_empty(hybrid.includes, "zh")


def test_overflow_is_named_only_when_the_owned_cards_overflow():
    project = _load("lab_64_gpus_three_years.gpuplan")
    small = project.model_copy(
        update={"budget": project.budget.model_copy(update={"owned_gpus": 16})}
    )
    cost = evaluate(small, CATALOG).cost
    assert "on-demand rental" in text_or_empty(
        cost.option(OptionId.SELF_BUILD).includes, "en"
    )
    full = evaluate(project, CATALOG).cost
    assert "on-demand rental" not in text_or_empty(
        full.option(OptionId.SELF_BUILD).includes, "en"
    )
