"""``verify PLAN PROJECT`` regenerates the plan from the one evaluation the app exports."""

from __future__ import annotations

from typing import Any

import pytest

from gpu_advisor import __version__
from gpu_advisor.engine import api
from gpu_advisor.engine.evaluate import PlanEvaluation
from gpu_advisor.engine.plan_defaults import (
    PLAN_MONTE_CARLO_DRAWS,
    PLAN_MONTE_CARLO_SEED,
)
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.project import Project
from gpu_advisor.report.plan import build_plan_pdf
from gpu_advisor.report.verify import _regenerate


def test_regenerate_uses_the_plans_evaluation_with_its_draws_and_seed(
    monkeypatch: pytest.MonkeyPatch, project: Project
) -> None:
    """The same ``evaluate_plan`` call as the app's export and ``report``:
    the plan's draws and seed (engine/plan_defaults.py), never a seed of its own."""
    seen: list[PlanEvaluation] = []
    real = api.evaluate_plan

    def spy(project: Project, catalog: Catalog, *args: Any, **kwargs: Any) -> Any:
        evaluation = real(project, catalog, *args, **kwargs)
        seen.append(evaluation)
        return evaluation

    monkeypatch.setattr(api, "evaluate_plan", spy)
    data = _regenerate(project, "en", "a4")
    (evaluation,) = seen
    mc = evaluation.monte_carlo
    assert mc is not None
    assert (mc.draws, mc.seed) == (PLAN_MONTE_CARLO_DRAWS, PLAN_MONTE_CARLO_SEED)
    assert evaluation.project is project
    assert data == build_plan_pdf(
        project,
        evaluation,
        load_catalog(),
        language="en",
        paper="a4",
        app_version=__version__,
    )
