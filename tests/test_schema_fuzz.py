"""Every schema-valid project evaluates, saves, loads and renders.

Projects come from :func:`tests.schema_strategies.projects`, derived from the
pydantic schema. The CI tier draws 100 through ``evaluate``, fewer through the
file round trip and the PDF (each PDF takes ~0.4 s), derandomised when ``CI``
is set; ``python3 dev.py test --deep`` draws the full sizes below with a new
seed (tests/property_runs.py). ``tests/ui/test_schema_walk.py`` also walks
generated plans through every wizard step.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import dumps_project, load_project, save_project
from gpu_advisor.model.project import Project, catalog_problems
from tests.property_runs import examples
from tests.schema_strategies import projects

EVALUATE_EXAMPLES = 500
PDF_EXAMPLES = 25
_DRAWS = 200

_QUIET = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


@settings(
    max_examples=examples(ci=100, deep=EVALUATE_EXAMPLES),
    deadline=None,
    suppress_health_check=_QUIET,
)
@given(project=projects())
def test_every_generated_project_evaluates(project: Project) -> None:
    catalog = load_catalog()
    assert catalog_problems(project, catalog) == []
    evaluation = evaluate(project, catalog, monte_carlo_draws=_DRAWS, seed=0)
    assert evaluation is not None


@settings(
    max_examples=examples(ci=30, deep=100), deadline=None, suppress_health_check=_QUIET
)
@given(project=projects())
def test_every_generated_project_saves_and_loads(
    project: Project, tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = tmp_path_factory.mktemp("rt") / "plan.gpuplan"
    save_project(project, path)
    assert load_project(path) == project
    assert path.read_text(encoding="utf-8") == dumps_project(project)


@settings(
    max_examples=examples(ci=8, deep=PDF_EXAMPLES),
    deadline=None,
    suppress_health_check=_QUIET,
)
@given(project=projects())
def test_every_generated_project_renders_a_pdf(project: Project) -> None:
    from gpu_advisor.report.plan import build_plan_pdf

    catalog = load_catalog()
    evaluation = evaluate(project, catalog, monte_carlo_draws=_DRAWS, seed=0)
    data = build_plan_pdf(project, evaluation, catalog, app_version="0.1.0")
    assert data.startswith(b"%PDF-")


@settings(
    max_examples=examples(ci=20, deep=60), deadline=None, suppress_health_check=_QUIET
)
@given(project=projects())
def test_every_generated_scenario_evaluates_as_its_own_plan(project: Project) -> None:
    """Each scenario of a schema-valid plan is a valid plan the engine evaluates."""
    from gpu_advisor.engine.scenarios import apply_scenario, evaluate_scenarios

    catalog = load_catalog()
    runs = evaluate_scenarios(project, catalog)
    assert runs.comparison is not None
    assert len(runs.comparison.columns) == len(project.scenarios) + 1
    for scenario in project.scenarios:
        plan = apply_scenario(project, scenario)
        assert Project.model_validate(plan.model_dump()) == plan
        assert catalog_problems(plan, catalog) == []


def test_strategy_covers_vendors_measurements_and_edges() -> None:
    """The strategy is not degenerate: it reaches vendors, measurements, tiny values."""
    seen = {
        "vendors": False,
        "measurements": False,
        "no_shape": False,
        "scenarios": False,
        "signing_records": False,
        "snapshot_measurements": False,
    }

    @settings(max_examples=examples(ci=60, deep=200), deadline=None, database=None)
    @given(project=projects())
    def look(project: Project) -> None:
        seen["vendors"] |= bool(project.vendors)
        seen["measurements"] |= any(v.measurements for v in project.vendors)
        seen["no_shape"] |= project.workload.model_preset is None
        seen["scenarios"] |= any(s.overrides() for s in project.scenarios)
        seen["signing_records"] |= len(project.signing_records) > 1
        seen["snapshot_measurements"] |= any(
            v.measurements for r in project.signing_records for v in r.inputs.vendors
        )

    look()
    assert all(seen.values()), seen


@settings(
    max_examples=examples(ci=30, deep=100), deadline=None, suppress_health_check=_QUIET
)
@given(project=projects())
def test_signing_records_are_history_not_inputs(project: Project) -> None:
    """Records change neither the fingerprint nor the differences between plans."""
    from gpu_advisor.engine.diff import changed_since_signed, diff_inputs
    from gpu_advisor.io.project_file import fingerprint
    from gpu_advisor.model.project import plan_inputs

    bare = plan_inputs(project)
    assert bare.signing_records == []
    assert fingerprint(project, "0.1.0") == fingerprint(bare, "0.1.0")
    assert diff_inputs(project, bare) == []
    assert not any(
        c.path.startswith("signing_records") for c in diff_inputs(Project(), project)
    )
    latest = project.signing_records[-1] if project.signing_records else None
    if latest is None or latest.inputs == bare:
        assert changed_since_signed(project) is None
    else:
        assert changed_since_signed(project) is latest
        assert diff_inputs(latest.inputs, bare) != []


def test_histogram_of_nearly_equal_huge_totals() -> None:
    """Found by benchmarks/fuzz_projects.py: np.histogram refused 40 bins."""
    import numpy as np

    from gpu_advisor.engine.cost.risk import _histogram

    values = np.full(1000, 1e15) + np.arange(1000) * 1e-3
    histogram = _histogram(values)
    assert sum(histogram.counts) == 1000
    assert histogram.edges[0] <= 1e15 <= histogram.edges[-1]
