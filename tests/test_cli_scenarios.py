"""``gpu-advisor-cli scenarios`` and ``cost --scenario``: the same figures as the plan alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpu_advisor.cli import main
from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.engine.scenarios import figures
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import save_project
from tests.engine.test_scenarios import _by_hand, three_scenarios

CASES = [(None, 24), ("H100-80GB-SXM", None), ("H100-80GB-SXM", 24)]


@pytest.fixture
def plan(tmp_path: Path) -> Path:
    path = tmp_path / "plan.gpuplan"
    save_project(three_scenarios(), path)
    return path


def test_scenarios_lists_each_plan_as_evaluated_alone(plan: Path, capsys) -> None:
    assert main(["scenarios", str(plan), "--json", "--monte-carlo", "300"]) == 0
    columns = json.loads(capsys.readouterr().out)["columns"]
    project = three_scenarios()
    assert [c["name"] for c in columns] == ["", *(s.name for s in project.scenarios)]
    catalog = load_catalog()
    for index, (gpu_id, horizon) in enumerate(CASES):
        alone = _by_hand(project, gpu_id, horizon)
        ev = evaluate_plan(alone, catalog, monte_carlo=True, draws=300)
        expected = figures(ev, project.scenarios[index], index)
        assert columns[index + 1] == expected.model_dump(mode="json")


def test_cost_of_a_scenario_is_the_cost_of_its_plan(
    plan: Path, tmp_path: Path, capsys
) -> None:
    project = three_scenarios()
    for index, (gpu_id, horizon) in enumerate(CASES):
        alone = tmp_path / f"alone{index}.gpuplan"
        save_project(_by_hand(project, gpu_id, horizon), alone)
        assert main(["cost", str(alone), "--json"]) == 0
        expected = json.loads(capsys.readouterr().out)
        name = project.scenarios[index].name
        assert main(["cost", str(plan), "--scenario", name, "--json"]) == 0
        assert json.loads(capsys.readouterr().out) == expected


def test_text_listing_names_changes_in_words(plan: Path, capsys) -> None:
    assert main(["scenarios", str(plan), "--lang", "en", "--monte-carlo", "0"]) == 0
    out = capsys.readouterr().out
    assert "Base plan: A100-80GB-SXM × 64, 36 months" in out
    assert "H100, 24 months: H100-80GB-SXM" in out
    assert "changes: GPU model = H100-80GB-SXM; Planning horizon = 24" in out
    assert "gpu_id" not in out
    assert "meta.horizon_months" not in out


def test_unknown_scenario_is_one_clear_line(plan: Path, capsys) -> None:
    assert main(["cost", str(plan), "--scenario", "B200"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err
    assert "no scenario named 'B200'" in err
    assert "'A100, 24 months'" in err
