"""The hosted model API as an option (issue #31: "a new option, a hosted model
API … feasible only where the residency setting and the model allow").

The prices are the catalog's dated list prices (``resources/catalog/hosted_apis.json``):

* ``siliconflow/qwen2.5-7b-instruct-pro``: 0.35 CNY per million input and
  output tokens, VAT included (LobeChat's SiliconCloud model card at commit
  01cf7a8d, citing siliconflow.cn/zh-cn/models, read 2026-12-07), the
  cheapest API serving Qwen2.5-7B; Alibaba Cloud's qwen2.5-7b-instruct lists
  0.5 / 1.0 CNY.
* ``fireworks/llama-v3p1-8b-instruct``: 0.20 USD per million tokens, net of
  VAT (Fireworks AI's pricing page), the only API serving Llama 3.1 8B, from
  abroad.
"""

from __future__ import annotations

from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.api import evaluate_plan, ranking
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.catalog import HostedRegion
from gpu_advisor.model.common import Message
from gpu_advisor.model.cost_results import CostResult, OptionResult
from gpu_advisor.model.project import (
    Budget,
    DataResidency,
    OptionId,
    Project,
    ProjectMeta,
    TaskKind,
    Workload,
)
from gpu_advisor.model.serving import Serving, Traffic
from gpu_advisor.words import text
from tests.make_examples import shenzhen_pretrain_serve

CATALOG: Final = load_catalog()
SILICONFLOW_QWEN_7B_CNY: Final = 0.35
"""siliconflow/qwen2.5-7b-instruct-pro, input and output, VAT included. [CNY/Mtok]"""
FIREWORKS_LLAMA_8B_USD: Final = 0.20
"""fireworks/llama-v3p1-8b-instruct, input and output, net. [USD/Mtok]"""


def _plan(
    residency: DataResidency = DataResidency.NONE,
    model: str = "qwen2.5-7b",
    *,
    task: TaskKind = TaskKind.INFERENCE,
    rps: float = 20.0,
    vat_recoverable: bool | None = None,
) -> Project:
    """A plan that only serves ``model`` for a year at ``rps`` at peak."""
    serving = Serving(
        prompt_tokens=1500, output_tokens=300, traffic=Traffic(peak_rps=rps)
    )
    return Project(
        meta=ProjectMeta(horizon_months=12, vat_recoverable=vat_recoverable),
        workload=Workload(
            task=task, model_preset=model, gpu_id="A100-80GB-SXM", serving=serving
        ),
        budget=Budget(data_residency=residency, options=list(OptionId)),
    )


def _cost(project: Project) -> CostResult:
    return evaluate_plan(project, CATALOG, monte_carlo=False).cost


def _hosted(cost: CostResult) -> OptionResult:
    return cost.option(OptionId.HOSTED_API)


def _entry_id(option: OptionResult) -> tuple[str, str]:
    assert option.includes is not None
    scope = option.includes.params["scope"]
    assert isinstance(scope, Message)
    return str(scope.params["provider"]), str(scope.params["model_id"])


def test_a_serving_only_plan_pays_the_cheapest_api_and_is_recommended() -> None:
    cost = _cost(_plan())
    hosted = _hosted(cost)
    assert hosted.feasible
    assert cost.recommendation.option is OptionId.HOSTED_API
    assert ranking(cost)[0].option.id is OptionId.HOSTED_API
    assert _entry_id(hosted) == ("siliconflow", "Pro/Qwen/Qwen2.5-7B-Instruct")
    # a general taxpayer compares net amounts: the gross list price ÷ 1.06
    row = cost.serving.option(OptionId.HOSTED_API) if cost.serving else None
    assert row is not None
    net = SILICONFLOW_QWEN_7B_CNY / 1.06
    assert row.cny_per_million_input_tokens == pytest.approx(net, rel=1e-6)
    assert row.cny_per_million_output_tokens == pytest.approx(net, rel=1e-6)
    # no card-hours: no cost per useful GPU-hour, no utilisation
    assert hosted.cost_per_useful_gpu_hour_cny is None
    assert hosted.utilization is None
    assert hosted.gpus == 0
    assert hosted.capex_cny == 0
    # its total is the tokens at that price, and its cash is a bill a month
    assert sum(hosted.monthly_cny) == pytest.approx(hosted.total_cny, abs=0.1)
    reasons = [a.code for a in cost.recommendation.reasons]
    assert reasons == ["recommend.hosted.cheapest"]
    for lang in ("en", "zh"):
        said = text(cost.recommendation.reasons[0], lang)
        assert "2026-12-07" in said
        assert "SiliconFlow" in said or "硅基流动" in said


def test_a_company_that_cannot_recover_vat_pays_the_gross_list_price() -> None:
    cost = _cost(_plan(vat_recoverable=False))
    row = cost.serving.option(OptionId.HOSTED_API) if cost.serving else None
    assert row is not None
    assert row.cny_per_million_output_tokens == pytest.approx(SILICONFLOW_QWEN_7B_CNY)


def test_own_hardware_residency_makes_it_infeasible_priced_for_reference() -> None:
    free = _hosted(_cost(_plan()))
    cost = _cost(_plan(DataResidency.OWN_HARDWARE))
    hosted = _hosted(cost)
    assert not hosted.feasible
    assert hosted.infeasible_code == "hosted.residency_own_hardware"
    assert hosted.reason is not None
    assert hosted.reason.code == "cost.reason.hosted.residency_own_hardware"
    assert hosted.total_cny == free.total_cny  # the same tokens, for reference
    assert cost.recommendation.option is not OptionId.HOSTED_API
    assert (
        next(r for r in ranking(cost) if r.option.id is OptionId.HOSTED_API).rank
        is None
    )
    out = [a for a in cost.recommendation.reasons if a.code == "recommend.hosted.out"]
    assert len(out) == 1
    assert "owns" in text(out[0], "en")
    assert "自有的硬件" in text(out[0], "zh")


@pytest.mark.parametrize("residency", [DataResidency.COUNTRY, DataResidency.CITY])
def test_country_residency_uses_only_providers_in_china(
    residency: DataResidency,
) -> None:
    hosted = _hosted(_cost(_plan(residency)))
    _provider, model_id = _entry_id(hosted)
    entry = next(e for e in CATALOG.hosted_apis if e.model_id == model_id)
    assert entry.region is HostedRegion.CN
    assert hosted.feasible
    # Llama 3.1 8B is served only from abroad: infeasible, priced there for reference
    abroad = _hosted(_cost(_plan(residency, "llama3.1-8b")))
    assert not abroad.feasible
    assert abroad.infeasible_code == "hosted.residency_abroad"
    assert _entry_id(abroad)[0] == "fireworks"


def test_a_foreign_usd_price_converts_at_the_catalog_rate() -> None:
    cost = _cost(_plan(model="llama3.1-8b"))
    row = cost.serving.option(OptionId.HOSTED_API) if cost.serving else None
    assert row is not None
    assert _hosted(cost).feasible
    usd_cny = CATALOG.cost_defaults.usd_cny.typical
    expected = FIREWORKS_LLAMA_8B_USD * usd_cny  # net of VAT: no factor
    assert row.cny_per_million_output_tokens == pytest.approx(expected, rel=1e-6)


def test_a_plan_that_trains_its_own_weights_cannot_use_it() -> None:
    # the Shenzhen example serves what it pretrains; with a model some API serves
    project = shenzhen_pretrain_serve()
    workload = project.workload.model_copy(update={"model_preset": "qwen2.5-7b"})
    cost = _cost(project.model_copy(update={"workload": workload}))
    hosted = _hosted(cost)
    assert not hosted.feasible
    assert hosted.infeasible_code == "hosted.own_weights"
    assert hosted.total_cny > 0  # priced for reference: the serving months' tokens
    first = next(i for i, c in enumerate(hosted.monthly_cny) if c > 0)
    assert cost.serving is not None
    assert first + 1 == cost.serving.start_month


def test_the_shenzhen_example_has_no_row_its_model_is_served_nowhere() -> None:
    cost = _cost(shenzhen_pretrain_serve())
    assert OptionId.HOSTED_API not in {o.id for o in cost.options}
    assert cost.serving is not None
    assert cost.serving.hosted_none is not None


def test_a_plan_that_does_not_serve_has_no_hosted_row() -> None:
    cost = _cost(Project())
    assert OptionId.HOSTED_API not in {o.id for o in cost.options}


def test_left_out_of_the_options_it_is_not_priced() -> None:
    project = _plan()
    budget = project.budget.model_copy(
        update={"options": [o for o in OptionId if o is not OptionId.HOSTED_API]}
    )
    cost = _cost(project.model_copy(update={"budget": budget}))
    assert OptionId.HOSTED_API not in {o.id for o in cost.options}
    assert cost.recommendation.option is not OptionId.HOSTED_API


def test_selected_alone_it_is_the_recommendation() -> None:
    project = _plan()
    budget = project.budget.model_copy(update={"options": [OptionId.HOSTED_API]})
    cost = _cost(project.model_copy(update={"budget": budget}))
    assert [o.id for o in cost.options] == [OptionId.HOSTED_API]
    assert cost.recommendation.option is OptionId.HOSTED_API
    assert cost.recommendation.reasons[0].code == "recommend.hosted.only"


@settings(max_examples=8, deadline=None)
@given(rps=st.floats(0.5, 60.0), more=st.floats(1.0, 4.0))
def test_more_traffic_never_makes_the_hosted_option_cheaper(
    rps: float, more: float
) -> None:
    low = _hosted(_cost(_plan(rps=rps))).total_cny
    high = _hosted(_cost(_plan(rps=rps * more))).total_cny
    assert high >= low - 0.01


def test_candidate_cards_show_their_own_option_when_the_api_is_recommended() -> None:
    """The API costs the same whatever the card: each candidate row shows the
    option the plan would take on that card, so the cards stay comparable."""
    project = _plan()
    ev = evaluate_plan(project, CATALOG, monte_carlo=False)
    assert ev.cost.recommendation.option is OptionId.HOSTED_API
    rows = ev.candidate_costs
    assert rows
    for row in rows:
        assert row.cheapest_option is not OptionId.HOSTED_API
    own = next(r for r in rows if r.gpu_id == project.workload.gpu_id)
    assert own.cheapest_option is not None
    assert own.cheapest_total_cny == ev.cost.option(own.cheapest_option).total_cny
