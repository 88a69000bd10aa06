"""The plan's Monte Carlo, drawn by the budget step, joins the session's evaluation."""

from __future__ import annotations

from typing import Any

from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.engine.plan_defaults import PLAN_MONTE_CARLO_DRAWS
from gpu_advisor.model.project import Project
from gpu_advisor.ui.session import ProjectSession


def test_the_plans_monte_carlo_joins_the_evaluation_and_stays(
    qtbot: Any, session: ProjectSession
) -> None:
    mc = evaluate_plan(session.project, session.catalog).monte_carlo
    assert mc is not None
    assert session.evaluation.monte_carlo is None
    # another snapshot's result, or other draws, are not the plan's
    assert not session.set_monte_carlo(Project(), mc)
    other = mc.model_copy(update={"draws": PLAN_MONTE_CARLO_DRAWS + 1})
    assert not session.set_monte_carlo(session.project, other)
    assert session.evaluation.monte_carlo is None
    with qtbot.waitSignal(session.monte_carlo_changed):
        assert session.set_monte_carlo(session.project, mc)
    assert session.evaluation.monte_carlo == mc
    # naming the author (review step) leaves the prices alone: the result stays
    session.apply("meta.author", "Li Lei")
    assert session.evaluation.monte_carlo == mc
    # a budget edit changes what was drawn: gone until drawn again
    session.apply("budget.owned_gpus", 3)
    assert session.evaluation.monte_carlo is None
