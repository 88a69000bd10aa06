"""The decisive inputs: the inputs that move the decision, and where it flips.

Each flip value is checked the way a reader would check it: the plan re-priced
with ``gpu-advisor-cli cost --set budget.<key>=<value>`` (the CLI's override
path) a small step on either side of it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.cli.cost import apply_overrides
from gpu_advisor.engine.cost.decisive import (
    DECISIVE_KEYS,
    FLIP_TOLERANCE,
    decisive_inputs,
    gap_cny,
)
from gpu_advisor.engine.evaluate import evaluate, evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.cost_results import CostResult
from gpu_advisor.model.decisive_results import Decisive, DecisiveInput
from gpu_advisor.model.project import OptionId, Project
from tests.property_runs import examples

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
LAB = EXAMPLES / "lab_64_gpus_three_years.gpuplan"
SH = EXAMPLES / "shanghai_13b_finetune.gpuplan"
SZ = EXAMPLES / "shenzhen_7b_pretrain_then_serve.gpuplan"


@cache
def _catalog() -> Catalog:
    return load_catalog()


def _cost_with(project: Project, key: str, value: float) -> CostResult:
    """The plan as ``gpu-advisor-cli cost --set budget.<key>=<value>`` prices it."""
    plan = apply_overrides(project, [f"{key}={value!r}"])
    return evaluate(plan, _catalog(), full=False).cost


def _decided(cost: CostResult, decision: OptionId) -> OptionId | None:
    """The recommended option, counted as ``decision`` when it has the same
    cash flow (``same_as``), as the engine counts it."""
    chosen = cost.recommendation.option
    if chosen is None or chosen is decision:
        return chosen
    same = {o.id: o.same_as for o in cost.options}
    return decision if decision in (same[chosen], same[decision]) else chosen


def _decisive(project: Project) -> Decisive:
    ev = evaluate_plan(project, _catalog(), monte_carlo=False)
    assert ev.decisive is not None
    return ev.decisive


def _check_flip(project: Project, decision: OptionId, item: DecisiveInput) -> None:
    """Just before the flip value the decision holds; just beyond it the
    option named takes over."""
    assert item.flip_value is not None
    step = FLIP_TOLERANCE * (item.high_value - item.low_value)
    beyond = -step if item.flip_side == "below" else step
    held = _cost_with(project, item.input, item.flip_value - beyond)
    flipped = _cost_with(project, item.input, item.flip_value + beyond)
    assert _decided(held, decision) is decision, item
    assert _decided(flipped, decision) is item.flips_to, item
    assert item.flips_to is not decision


@pytest.mark.parametrize("path", [LAB, SH, SZ], ids=lambda p: p.stem)
def test_every_flip_value_holds_when_the_plan_is_priced_again(path: Path) -> None:
    project = load_project(path)
    decisive = _decisive(project)
    flips = [i for i in decisive.inputs if i.flip_value is not None]
    assert flips, "every example has an input that flips its decision in range"
    for item in flips:
        assert item.flip_value is not None
        assert item.low_value <= item.flip_value <= item.high_value
        _check_flip(project, decisive.option, item)


def test_lab_rental_price_flips_to_on_demand_by_the_simpler_contract_rule() -> None:
    """LAB: building the job's 64 cards wins by a hair over the yearly
    commitment (the mix reserves the whole job, so it is that commitment);
    with on-demand cheap enough renting everything on demand beats both, and
    the flip is the engine's decision, not only where two totals cross."""
    project = load_project(LAB)
    decisive = _decisive(project)
    assert decisive.option is OptionId.SELF_BUILD
    rental = next(
        i for i in decisive.inputs if i.input == "budget.on_demand_cny_per_gpu_hour"
    )
    assert rental.flips_to is OptionId.ON_DEMAND
    assert rental.flip_side == "below"
    assert rental.flip_value is not None
    below = _cost_with(project, rental.input, rental.flip_value * 0.97)
    assert below.recommendation.option is OptionId.ON_DEMAND
    assert (
        below.option(OptionId.ON_DEMAND).total_cny
        < below.option(OptionId.SELF_BUILD).total_cny
    )
    above = _cost_with(project, rental.input, rental.flip_value * 1.03)
    assert above.recommendation.option is OptionId.SELF_BUILD


def test_the_decisive_inputs_are_ranked_flips_first_then_by_swing() -> None:
    decisive = _decisive(load_project(LAB))
    flips = [i.flip_value is not None for i in decisive.inputs]
    assert flips == sorted(flips, reverse=True)
    for group in (True, False):
        swings = [
            i.swing_cny for i in decisive.inputs if (i.flip_value is not None) is group
        ]
        assert swings == sorted(swings, reverse=True)
    assert all(
        i.input.removeprefix("budget.") in DECISIVE_KEYS for i in decisive.inputs
    )


def test_an_input_reported_as_not_flipping_keeps_the_decision_at_both_ends() -> None:
    project = load_project(LAB)
    ev = evaluate_plan(project, _catalog(), monte_carlo=False)
    decisive = decisive_inputs(project, _catalog(), ev.sizing, ev.cost, shown=20)
    assert decisive is not None
    steady = [i for i in decisive.inputs if i.flip_value is None]
    for item in steady:
        for end in (item.low_value, item.high_value):
            cost = _cost_with(project, item.input, end)
            assert _decided(cost, decisive.option) is decisive.option, item


def test_the_gap_is_the_runner_up_page_one_names() -> None:
    ev = evaluate_plan(load_project(LAB), _catalog(), monte_carlo=False)
    decisive = ev.decisive
    assert decisive is not None
    second = ev.finance.runner_up
    best = ev.cost.option(decisive.option)
    assert second is not None
    assert decisive.gap_cny == pytest.approx(second.total_cny - best.total_cny)
    assert gap_cny(ev.cost, decisive.option) == pytest.approx(decisive.gap_cny)


def test_nothing_recommended_has_no_decisive_inputs() -> None:
    project = apply_overrides(
        load_project(SZ),
        [
            "meta.horizon_months=3",
            "budget.data_residency=own_hardware",
            "budget.owned_gpus=64",
        ],
    )
    ev = evaluate_plan(project, _catalog(), monte_carlo=False)
    if ev.cost.recommendation.option is None:
        assert ev.decisive is None


@settings(max_examples=examples(ci=4, deep=40), deadline=None)
@given(
    on_demand=st.floats(6.0, 14.0),
    staff=st.floats(250_000.0, 700_000.0),
    life=st.floats(2.0, 6.0),
    spot_share=st.floats(0.2, 1.0),
)
def test_a_reported_flip_changes_the_decision_and_a_steady_input_does_not(
    on_demand: float, staff: float, life: float, spot_share: float
) -> None:
    """At a reported flip value the decision differs on either side; an input
    reported as not flipping keeps the decision at both ends of its range."""
    project = apply_overrides(
        load_project(SH),
        [
            f"budget.on_demand_cny_per_gpu_hour={on_demand}",
            f"budget.ops_salary_cny_per_year={staff}",
            f"budget.hardware_life_years={life}",
            f"budget.spot_capacity_share={spot_share}",
        ],
    )
    ev = evaluate_plan(project, _catalog(), monte_carlo=False)
    decisive = ev.decisive
    if decisive is None:
        return
    for item in decisive.inputs:
        if item.flip_value is not None:
            _check_flip(project, decisive.option, item)
        else:
            for end in (item.low_value, item.high_value):
                cost = _cost_with(project, item.input, end)
                assert _decided(cost, decisive.option) is decisive.option, item
