"""The hosted model API option reads alike everywhere: the budget step's
option table, the PDF's ranking and finance tables, ``gpu-advisor-cli cost``
and its ``--json`` list it in the engine's one ranking, with its total, "—"
for its GPU-hour figures and its reason when it cannot be chosen (the pattern
of :mod:`tests.ui.test_one_option_order`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gpu_advisor.cli import main as cli_main
from gpu_advisor.engine.api import evaluate_plan
from gpu_advisor.io.project_file import save_project
from gpu_advisor.model.project import DataResidency, OptionId
from gpu_advisor.ui.widgets.recommendation import RecommendationPanel
from tests.engine.test_hosted_option import CATALOG, _plan
from tests.ui.test_one_option_order import _check, _cli_order, panel

__all__ = ["panel"]  # the fixture, shared with the option-order tests


@pytest.mark.parametrize("residency", [DataResidency.NONE, DataResidency.OWN_HARDWARE])
def test_the_hosted_option_is_one_row_in_every_renderer(
    panel: RecommendationPanel,
    residency: DataResidency,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    project = _plan(residency)
    path = tmp_path / "serve.gpuplan"
    save_project(project, path)
    ranked = _check(panel, project, monkeypatch)
    assert OptionId.HOSTED_API in [o for o, _rank in ranked]
    assert _cli_order(capsys, path) == ranked
    assert cli_main(["cost", str(path), "--json"]) == 0
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert doc["ranking"] == [o.value for o, _rank in ranked]
    row = next(o for o in doc["options"] if o["id"] == "hosted_api")
    hosted = evaluate_plan(project, CATALOG, monte_carlo=False).cost.option(
        OptionId.HOSTED_API
    )
    assert row["total_cny"] == hosted.total_cny
    assert row["utilization"] is None
    assert row["cost_per_useful_gpu_hour_cny"] is None
    assert row["feasible"] is (residency is DataResidency.NONE)
    # the screen shows "—" where a card option shows its GPU-hour figures
    panel.set_result(evaluate_plan(project, CATALOG, monte_carlo=False).cost)
    table = panel.table
    cells = [
        [item.text() for c in range(5) if (item := table.item(r, c)) is not None]
        for r in range(table.rowCount())
    ]
    hosted_row = next(c for c in cells if "Hosted model API" in c[0])
    assert hosted_row[-2:] == ["—", "—"]
