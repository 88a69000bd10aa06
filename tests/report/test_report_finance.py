"""The plan's decision and finance pages print the evaluation's finance views."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpu_advisor.engine.cost.finance import (
    capex_opex_per_year_cny,
    flip_value,
    runner_up,
    spend_per_year_cny,
    top_sensitivities,
    upfront_cash_cny,
)
from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project

EXAMPLES = sorted(
    (Path(__file__).parents[2] / "resources" / "examples").glob("*.gpuplan")
)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_plan_evaluation_carries_every_finance_view(path: Path) -> None:
    catalog = load_catalog()
    ev = evaluate_plan(load_project(path), catalog, monte_carlo=False)
    fin = ev.finance
    cost = ev.cost
    assert fin is ev.finance  # computed once
    assert fin.runner_up == runner_up(cost)
    assert fin.runner_up is not None
    for option in cost.options:
        assert fin.upfront_cash_cny[option.id] == upfront_cash_cny(option)
        assert fin.spend_per_year_cny[option.id] == spend_per_year_cny(option)
        assert fin.capex_opex_per_year_cny[option.id] == capex_opex_per_year_cny(option)
    bars = top_sensitivities(cost)
    assert bars
    assert fin.sensitivities == [(bar, flip_value(bar)) for bar in bars]
