"""'X is the cheapest way to rent' is said only when it is true (issue [feasible])."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor import words
from gpu_advisor.cli.cost import apply_overrides
from gpu_advisor.engine.cost.price import RENT_OPTIONS
from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from tests.property_runs import examples

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"


def test_a_simpler_contract_states_the_saving_it_leaves_and_the_threshold() -> None:
    # Shanghai: the mix saves 3.1 % against monthly rental (99,324 vs 102,516 CNY)
    project = load_project(EXAMPLES / "shanghai_13b_finetune.gpuplan")
    rec = evaluate_plan(project, load_catalog(), monte_carlo=False).cost.recommendation
    first = rec.reasons[0]
    assert first.code == "recommend.rent_simpler"
    en = words.text(first, "en")
    assert "simpler way to rent" in en
    assert "5%" in en
    assert "cheapest way to rent" not in en
    assert "多签一份合同" in words.text(first, "zh")


@settings(max_examples=examples(ci=12, deep=120), deadline=None)
@given(
    example=st.sampled_from(sorted(EXAMPLES.glob("*.gpuplan"))),
    od=st.floats(4.0, 30.0),
    factor=st.floats(0.2, 0.9),
)
def test_the_cheapest_way_to_rent_is_the_cheapest_rental_shown(
    example: Path, od: float, factor: float
) -> None:
    project = apply_overrides(
        load_project(example),
        [
            f"budget.on_demand_cny_per_gpu_hour={od}",
            f"budget.spot_price_factor={factor}",
        ],
    )
    cost = evaluate_plan(project, load_catalog(), monte_carlo=False).cost
    for reason in cost.recommendation.reasons:
        if reason.code != "recommend.rent":
            continue
        said = cost.option(reason.params["option"])  # type: ignore[arg-type]
        cheaper = [
            o
            for o in cost.options
            if o.id in RENT_OPTIONS
            and o.feasible
            and o.at_risk_cny is None
            and o.total_cny < said.total_cny - 0.005
        ]
        assert cheaper == [], (said.id, [o.id for o in cheaper])
