"""Every number the wizard pages explain has an explanation for every example."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpu_advisor.engine import explain_keys as keys
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Explanation
from gpu_advisor.model.project import Budget, OptionId, Project, TaskKind, Workload
from gpu_advisor.model.serving import Serving

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "resources" / "examples").glob("*.gpuplan"))
CATALOG = load_catalog()


def _projects() -> list[tuple[str, Project]]:
    out = [(p.stem, load_project(p)) for p in EXAMPLES]
    out.append(("default", Project()))
    out.append(
        (
            "inference",
            Project(
                workload=Workload(task=TaskKind.INFERENCE, model_preset="llama2-7b")
            ),
        )
    )
    out.append(
        ("renting_only", Project(budget=Budget(options=["on_demand", "monthly"])))
    )
    # serves a model a hosted API lists: the hosted API is one of its options
    serving = Serving(prompt_tokens=1500, output_tokens=300)
    workload = Workload(
        task=TaskKind.INFERENCE, model_preset="qwen2.5-7b", serving=serving
    )
    # (a plan that starts serving in the app gains the option: ServingForm)
    budget = Budget(options=list(OptionId))
    out.append(("hosted_api", Project(workload=workload, budget=budget)))
    return out


PROJECTS = _projects()


def _by_key(explanations: list[Explanation]) -> dict[str, Explanation]:
    return {e.key: e for e in explanations}


@pytest.mark.parametrize(("name", "project"), PROJECTS, ids=[n for n, _ in PROJECTS])
def test_every_page_key_is_explained(name: str, project: Project) -> None:
    ev = evaluate(project, CATALOG)
    inference = ev.sizing.compute.decode_tokens_per_s_per_gpu is not None
    sizing = _by_key(ev.sizing.explanations)
    cost = _by_key(ev.cost.explanations)
    every = sizing | cost
    wanted = keys.sizing_keys(ev.sizing, inference=inference)
    wanted += keys.budget_page_keys(ev.cost)
    missing = [k for k in wanted if k not in every]
    assert missing == [], name
    for key in wanted:
        explanation = every[key]
        assert explanation.formula.strip(), key
        assert explanation.inputs, key
        assert explanation.reference, key
        for ref in explanation.inputs:
            assert ref.source, (key, ref.name)
    if inference:
        assert keys.DECODE_TOKENS in sizing


def test_examples_cover_every_option_and_the_mix() -> None:
    asked = {
        k
        for _, project in PROJECTS
        for k in keys.budget_page_keys(evaluate(project, CATALOG).cost)
    }
    for option in OptionId:
        for field in keys.OPTION_FIELDS:
            assert keys.option_key(str(option), field) in asked
    assert {keys.MIX_BASELINE, keys.SIX_MONTH_RULE, keys.BREAK_EVEN_MONTH} <= asked


def test_inputs_carry_project_or_catalog_sources() -> None:
    project = Project(budget=Budget(discount_rate_per_year=0.07))
    ev = evaluate(project, CATALOG)
    npv = _by_key(ev.cost.explanations)[keys.option_key("colocation", keys.OPTION_NPV)]
    rate = next(r for r in npv.inputs if r.name == "budget.discount_rate_per_year")
    assert rate.source == "project"
    assert rate.value == pytest.approx(0.07)
    default = _by_key(evaluate(Project(), CATALOG).cost.explanations)
    npv = default[keys.option_key("colocation", keys.OPTION_NPV)]
    rate = next(r for r in npv.inputs if r.name == "budget.discount_rate_per_year")
    assert rate.source.startswith("catalog")
    total = next(r for r in npv.inputs if r.name.endswith("total_cny"))
    assert total.source == "engine"
    assert total.value == pytest.approx(
        evaluate(Project(), CATALOG).cost.option(OptionId.COLOCATION).total_cny
    )


def test_network_explanation_compares_with_the_next_slower_class() -> None:
    ev = evaluate(
        load_project(ROOT / "resources/examples/lab_64_gpus_three_years.gpuplan"),
        CATALOG,
    )
    needed = ev.sizing.cluster.network_needed_id
    assert needed is not None
    e = _by_key(ev.sizing.explanations)[keys.NETWORK_NEEDED]
    assert needed in e.formula
    effs = [
        r for r in e.inputs if keys.name_values(r.name)[0] == "scaling_efficiency_at"
    ]
    assert len(effs) == 2  # the class taken and the next slower one
    taken, slower = effs
    assert float(taken.value) > float(slower.value)
    assert float(slower.value) < 0.9
    if float(taken.value) < 0.9:  # the fastest class, short of the target
        assert "no class reaches the target" in e.formula
        assert f"{float(taken.value):.1%}" in e.formula


def test_page_keys_without_inference_skip_decode() -> None:
    ev = evaluate(Project(), CATALOG)
    assert keys.DECODE_TOKENS not in keys.sizing_keys(ev.sizing, inference=False)
    assert keys.DECODE_TOKENS in keys.sizing_keys(ev.sizing, inference=True)
