"""Scenarios: each column equals the overridden plan evaluated on its own (issue #18)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.engine.scenarios import (
    apply_scenario,
    base_plan,
    evaluate_scenarios,
    figures,
    find_scenario,
    make_base,
)
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import (
    ProjectFileError,
    canonical_json,
    dumps_project,
    load_project,
    save_project,
)
from gpu_advisor.model.project import (
    SCENARIO_TARGETS,
    Framework,
    OptionId,
    Project,
    Scenario,
)
from tests.make_examples import lab_steady_full_load, shanghai_finetune

CATALOG = load_catalog()


def three_scenarios() -> Project:
    """The three-year lab example with two GPUs × two horizons as variants."""
    base = lab_steady_full_load()  # A100, 36 months
    return base.model_copy(
        update={
            "scenarios": [
                Scenario(name="A100, 24 months", horizon_months=24),
                Scenario(name="H100, 36 months", gpu_id="H100-80GB-SXM"),
                Scenario(
                    name="H100, 24 months", gpu_id="H100-80GB-SXM", horizon_months=24
                ),
            ]
        }
    )


def _by_hand(project: Project, gpu_id: str | None, horizon: int | None) -> Project:
    """The overridden plan written out field by field, without apply_scenario."""
    workload = project.workload
    meta = project.meta
    if gpu_id is not None:
        workload = workload.model_copy(update={"gpu_id": gpu_id})
    if horizon is not None:
        meta = meta.model_copy(update={"horizon_months": horizon})
    return project.model_copy(
        update={"workload": workload, "meta": meta, "scenarios": []}
    )


@pytest.mark.parametrize(
    ("index", "gpu_id", "horizon"),
    [
        (0, None, 24),
        (1, "H100-80GB-SXM", None),
        (2, "H100-80GB-SXM", 24),
    ],
)
def test_each_scenario_equals_its_plan_evaluated_alone(
    tmp_path: Path, index: int, gpu_id: str | None, horizon: int | None
) -> None:
    project = three_scenarios()
    runs = evaluate_scenarios(project, CATALOG, monte_carlo=True, draws=300)
    assert runs.comparison is not None
    column = runs.comparison.columns[index + 1]
    # the plan on its own, saved and opened as a file of its own
    alone = _by_hand(project, gpu_id, horizon)
    path = tmp_path / "alone.gpuplan"
    save_project(alone, path)
    reopened = load_project(path)
    ev = evaluate_plan(reopened, CATALOG, monte_carlo=True, draws=300)
    assert column == figures(ev, project.scenarios[index], index)
    assert column.gpu_id == (gpu_id or "A100-80GB-SXM")
    assert column.horizon_months == (horizon or 36)
    assert column.total_cny == next(
        o.total_cny for o in ev.cost.options if o.id is ev.cost.recommendation.option
    )
    assert column.p_own_beats_rent == (
        None if ev.monte_carlo is None else ev.monte_carlo.p_own_beats_rent
    )


def test_the_columns_differ_where_the_inputs_do() -> None:
    """A test that could not fail would not show the overrides reach the engine."""
    runs = evaluate_scenarios(three_scenarios(), CATALOG)
    assert runs.comparison is not None
    base, a100_24, h100_36, h100_24 = runs.comparison.columns
    assert base.is_base
    assert base.name == ""
    alone = evaluate_plan(base_plan(three_scenarios()), CATALOG)
    assert base == figures(alone, None, None)  # with the plan's Monte Carlo
    assert h100_36.days < base.days  # the faster card finishes sooner
    assert a100_24.horizon_months == 24
    assert h100_24.gpu_id == "H100-80GB-SXM"
    assert len({c.total_cny for c in runs.comparison.columns}) == 4


def test_unchanged_columns_are_reused() -> None:
    project = three_scenarios()
    first = evaluate_scenarios(project, CATALOG, monte_carlo=False)
    budget = project.budget.model_copy(update={"storage_tb": 50.0})
    edited = project.model_copy(update={"budget": budget})
    second = evaluate_scenarios(edited, CATALOG, first, monte_carlo=False)
    # the workload did not change: every column kept its sizing
    for a, b in zip(first.runs, second.runs, strict=True):
        assert a.column.sizing is b.column.sizing
    again = evaluate_scenarios(edited, CATALOG, second, monte_carlo=False)
    for a, b in zip(second.runs, again.runs, strict=True):
        assert a.column is b.column
    fresh = evaluate_scenarios(edited, CATALOG, monte_carlo=False)
    assert again.comparison == fresh.comparison


def test_an_empty_scenario_is_the_base_plan() -> None:
    project = three_scenarios()
    assert apply_scenario(project, Scenario(name="same")) == base_plan(project)


def test_find_scenario_ignores_case_and_spaces() -> None:
    project = three_scenarios()
    assert find_scenario(project, "h100,   24 MONTHS") == 2
    with pytest.raises(KeyError):
        find_scenario(project, "B200")


_OVERRIDES = st.fixed_dictionaries(
    {},
    optional={
        "gpu_id": st.sampled_from(["A100-80GB-SXM", "H100-80GB-SXM", "H20-96GB"]),
        "gpus": st.integers(1, 64),
        "horizon_months": st.integers(1, 36),
        "region_id": st.sampled_from(["shanghai", "beijing", "ningxia"]),
        "framework": st.sampled_from(list(Framework)),
        "on_demand_cny_per_gpu_hour": st.floats(1, 40),
        "owned_gpus": st.integers(1, 64),
        "options": st.lists(
            st.sampled_from(list(OptionId)), min_size=1, max_size=7, unique=True
        ),
    },
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    drawn=st.lists(_OVERRIDES, min_size=1, max_size=4),
    chosen=st.integers(0, 3),
)
def test_make_base_keeps_what_every_scenario_means(
    drawn: list[dict[str, object]], chosen: int
) -> None:
    scenarios = [
        Scenario.model_validate({"name": f"s{i}", **o}) for i, o in enumerate(drawn)
    ]
    project = shanghai_finetune().model_copy(update={"scenarios": scenarios})
    chosen %= len(scenarios)
    before = {s.name: canonical_json(apply_scenario(project, s)) for s in scenarios}
    before["old base"] = canonical_json(base_plan(project))
    swapped = make_base(project, chosen, "old base")
    after = {
        s.name: canonical_json(apply_scenario(swapped, s)) for s in swapped.scenarios
    }
    after[scenarios[chosen].name] = canonical_json(base_plan(swapped))
    assert after == before
    assert Project.model_validate(swapped.model_dump()) == swapped


def test_every_override_names_a_real_field() -> None:
    for name, (section, target) in SCENARIO_TARGETS.items():
        assert name in Scenario.model_fields
        assert target in type(getattr(Project(), section)).model_fields


def test_scenario_names_must_differ_and_ids_be_known(tmp_path: Path) -> None:
    path = tmp_path / "plan.gpuplan"
    twice = [Scenario(name="H100"), Scenario(name=" h100 ")]
    with pytest.raises(ValueError, match=r"scenarios\.1\.name"):
        Project(scenarios=twice)
    unknown = Project(scenarios=[Scenario(name="B300", gpu_id="B300")])
    path.write_text(dumps_project(unknown), encoding="utf-8")
    with pytest.raises(ProjectFileError) as info:
        load_project(path)
    assert info.value.field == "scenarios.0.gpu_id"
    assert str(info.value).startswith("plan.gpuplan: scenarios.0.gpu_id: unknown GPU")


def test_use_catalog_puts_a_field_back_to_the_catalog_value() -> None:
    project = shanghai_finetune()
    priced = project.model_copy(
        update={"budget": project.budget.model_copy(update={"gpu_price_cny": 9e4})}
    )
    scenario = Scenario(name="catalog price", use_catalog=["gpu_price_cny"])
    assert apply_scenario(priced, scenario).budget.gpu_price_cny is None
    with pytest.raises(ValueError, match="use_catalog and a value"):
        Scenario(name="x", gpu_price_cny=1.0, use_catalog=["gpu_price_cny"])


def test_candidate_gpus_at_cost_equal_their_plans_alone() -> None:
    project = lab_steady_full_load()
    workload = project.workload.model_copy(
        update={"gpu_candidates": ["A100-80GB-SXM", "H100-80GB-SXM", "H20-96GB"]}
    )
    project = project.model_copy(update={"workload": workload})
    ev = evaluate_plan(project, CATALOG, monte_carlo=False)
    rows = ev.candidate_costs
    assert [r.gpu_id for r in rows] == ["A100-80GB-SXM", "H100-80GB-SXM", "H20-96GB"]
    for row in rows:
        alone = _by_hand(project, row.gpu_id, None)
        other = evaluate_plan(alone, CATALOG, monte_carlo=False)
        # the option the plan alone recommends, by the plan's own rules
        chosen = next(
            o for o in other.cost.options if o.id is other.cost.recommendation.option
        )
        assert (row.cheapest_option, row.cheapest_total_cny) == (
            chosen.id,
            chosen.total_cny,
        )
        assert row.days == other.sizing.cluster.days
    assert len({r.cheapest_total_cny for r in rows}) == 3
    assert ev.candidate_costs is rows  # computed once per evaluation


def test_reuse_scenarios_rearranges_what_was_evaluated() -> None:
    """Making a scenario the base needs no evaluation; any other edit does."""
    from gpu_advisor.engine.scenarios import reuse_scenarios

    project = three_scenarios()
    runs = evaluate_scenarios(project, CATALOG, monte_carlo=True)
    swapped = make_base(project, 2, "Old base")
    reused = reuse_scenarios(swapped, runs, monte_carlo=True)
    assert reused is not None
    assert reused.source is swapped
    fresh = evaluate_scenarios(swapped, CATALOG, monte_carlo=True)
    assert reused.comparison == fresh.comparison
    # other draws, or a changed input: not at hand
    assert reuse_scenarios(swapped, runs, monte_carlo=False) is None
    budget = project.budget.model_copy(update={"storage_tb": 7.0})
    assert reuse_scenarios(project.model_copy(update={"budget": budget}), runs) is None
    assert reuse_scenarios(project, None) is None


def test_the_table_draws_the_plans_monte_carlo() -> None:
    """Every output's P(owning beats renting) comes from the plan's draws and
    seed: the base column shows what the plan's own evaluation shows."""
    from gpu_advisor.engine.plan_defaults import (
        PLAN_MONTE_CARLO_DRAWS,
        PLAN_MONTE_CARLO_SEED,
    )
    from gpu_advisor.engine.scenarios import SCENARIO_MONTE_CARLO_DRAWS

    assert SCENARIO_MONTE_CARLO_DRAWS == PLAN_MONTE_CARLO_DRAWS
    project = three_scenarios()
    runs = evaluate_scenarios(project, CATALOG)
    assert runs.comparison is not None
    plan_mc = evaluate_plan(base_plan(project), CATALOG).monte_carlo
    assert plan_mc is not None
    base = runs.comparison.columns[0]
    assert base.p_own_beats_rent == plan_mc.p_own_beats_rent
    for run in runs.runs:
        mc = run.column.monte_carlo
        assert mc is not None
        assert (mc.draws, mc.seed) == (PLAN_MONTE_CARLO_DRAWS, PLAN_MONTE_CARLO_SEED)
    for column in runs.comparison.columns:
        assert column.monte_carlo_draws == PLAN_MONTE_CARLO_DRAWS


def test_a_column_made_the_base_is_reused() -> None:
    """Making a scenario the base reuses its column (no evaluation)."""
    from gpu_advisor.engine.scenarios import reuse_scenarios

    project = three_scenarios()
    runs = evaluate_scenarios(project, CATALOG, monte_carlo=False)
    swapped = make_base(project, 1, "Old base")
    for again in (
        reuse_scenarios(swapped, runs, monte_carlo=False),
        evaluate_scenarios(swapped, CATALOG, runs, monte_carlo=False),
    ):
        assert again is not None
        new_base = again.runs[0]
        assert new_base.column is runs.runs[2].column  # no evaluation
        alone = evaluate_plan(base_plan(swapped), CATALOG, monte_carlo=False)
        assert new_base.column.cost.options == alone.cost.options
        assert new_base.column.cost.recommendation == alone.cost.recommendation
