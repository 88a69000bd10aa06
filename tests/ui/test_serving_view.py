# mypy: disable-error-code="union-attr"
"""The workload step's Serving tab renders the engine's serving plan: the
replicas through the day, the price per million tokens of every option and
hosted API, and how the plan would serve on each candidate card."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import Project
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.widgets.serving_view import ServingView

SHENZHEN = (
    Path(__file__).resolve().parents[2]
    / "resources/examples/shenzhen_7b_pretrain_then_serve.gpuplan"
)


def _number(text: str) -> float:
    return float(text.replace(",", "").replace("\u00a0", ""))


def test_the_tab_shows_the_engines_serving_plan(qtbot: Any) -> None:
    session = ProjectSession(load_project(SHENZHEN))
    view = ServingView(session)
    qtbot.addWidget(view)
    view.show()
    evaluation = session.evaluation
    view.set_result(evaluation, session.project)
    plan = evaluation.sizing.serving
    cost = evaluation.cost.serving
    assert plan is not None
    assert cost is not None
    _x, bars = view.replicas.bars.getData()
    assert bars is not None
    assert list(bars) == plan.hourly_replicas
    assert view.prices.rowCount() == len(cost.options) + len(cost.hosted)
    first = cost.options[0]
    assert _number(view.prices.item(0, 2).text()) == round(
        first.cny_per_million_output_tokens, 2
    )
    # every candidate card, served on its own replica (priced after a pause)
    view.cards.refresh()
    rows = evaluation.candidate_costs
    assert view.cards.rowCount() == len(rows)
    for r, row in enumerate(rows):
        assert view.cards.item(r, 0).text() == row.gpu_id
        price = view.cards.item(r, 3).text()
        if row.cny_per_million_output_tokens is None:
            assert price == "—"
        else:
            assert _number(price) == round(row.cny_per_million_output_tokens, 2)
    assert not view.note.isVisibleTo(view)


def test_a_plan_that_does_not_serve_says_how_to_start(qtbot: Any) -> None:
    session = ProjectSession(Project())
    view = ServingView(session)
    qtbot.addWidget(view)
    view.set_result(session.evaluation, session.project)
    assert view.note.isVisibleTo(view)
    assert not view.cards.isVisibleTo(view)
    assert not view.prices.isVisibleTo(view)
