"""One result: every step, the CLI and the PDF show the same plan.

Each shipped example gets two vendors with measured results (the sample
result sets of the evidence tests, on the example's GPU, with a measured MFU
below the catalog's default), so that the measured MFU changes the sizing.
Then the workload step, the budget step (with its Monte Carlo), the vendors
step, the review step, ``gpu-advisor-cli cost --json`` and the PDF's text
(pdftotext) must show the same card count, network class, MFU and its
source, totals, P(owning beats renting) and vendor scores as
``evaluate_plan``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel, QTableWidget, QWidget

from gpu_advisor.cli import main as cli_main
from gpu_advisor.engine.evaluate import PlanEvaluation, evaluate_plan
from gpu_advisor.engine.plan_defaults import (
    PLAN_MONTE_CARLO_DRAWS,
    PLAN_MONTE_CARLO_SEED,
)
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project, save_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project
from gpu_advisor.report.plan import build_plan_pdf
from gpu_advisor.ui.pages.budget_page import BudgetPage
from gpu_advisor.ui.pages.review_page import ReviewPage
from gpu_advisor.ui.pages.vendors_page import VendorsPage
from gpu_advisor.ui.pages.workload_page import WorkloadPage
from gpu_advisor.ui.session import ProjectSession
from tests.evidence_samples import vendor_a, vendor_b

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "resources" / "examples").glob("*.gpuplan"))
CATALOG = load_catalog()
MEASURED_MFU = {"A": 0.19, "B": 0.23}


def _measured(project: Project) -> Project:
    gpu = project.workload.gpu_id
    vendors = [
        v().model_copy(update={"gpu_id": gpu, "measured_mfu": MEASURED_MFU[v().name]})
        for v in (vendor_a, vendor_b)
    ]
    workload = project.workload.model_copy(update={"mfu": None})
    return project.model_copy(update={"vendors": vendors, "workload": workload})


def _texts(widget: QWidget) -> str:
    """Every label and table cell under ``widget``, one per line."""
    out = [label.text() for label in widget.findChildren(QLabel)]
    for table in widget.findChildren(QTableWidget):
        for row in range(table.rowCount()):
            for column in range(table.columnCount()):
                item = table.item(row, column)
                if item is not None:
                    out.append(item.text())
    return "\n".join(out)


def _grouped(value: float) -> str:
    """Digits as the English UI, the CLI and the PDF group them: 1,234,567."""
    return f"{round(value):,}"


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_output_shows_the_same_plan(
    qtbot: Any, path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _measured(load_project(path))
    project = project.model_copy(
        update={"meta": project.meta.model_copy(update={"language": Language.EN})}
    )
    ev = evaluate_plan(project, CATALOG)
    sizing, cost, mc = ev.sizing, ev.cost, ev.monte_carlo
    assert mc is not None
    assert (mc.draws, mc.seed) == (PLAN_MONTE_CARLO_DRAWS, PLAN_MONTE_CARLO_SEED)
    assert sizing.compute.mfu == min(MEASURED_MFU.values())
    assert sizing.compute.mfu_source == "measured"
    gpus = sizing.cluster.gpus
    network_id = sizing.cluster.network_needed_id or sizing.cluster.network_id
    network = CATALOG.network(network_id).label("en")
    totals = {o.id: o.total_cny for o in cost.options}
    scoring = ev.vendors.scoring
    assert scoring is not None
    scores = {v.vendor: v.total for v in scoring.vendors}
    p_own = mc.p_own_beats_rent

    session = ProjectSession(project)
    assert session.evaluation.sizing == sizing
    assert session.evaluation.cost == cost

    # --- workload step: cards, network, MFU greyed default and its source
    workload = WorkloadPage(session)
    qtbot.addWidget(workload)
    workload.initializePage()
    workload.outputs.run()
    days_text = workload.numbers["days"].value.text()
    assert f"on {_grouped(gpus)} cards" in days_text
    assert network in workload.numbers["network"].value.text()
    mfu_ref = workload.mfu.default_ref()
    assert mfu_ref is not None
    assert mfu_ref.value == sizing.compute.mfu
    assert "measured" in mfu_ref.source
    assert not workload.mfu.editor.isEnabled()  # greyed: the engine's default
    assert workload.mfu.editor.value() == pytest.approx(sizing.compute.mfu)
    tips = workload.mfu.editor.toolTip() + workload.mfu.toolTip()
    assert "measured" in tips

    # --- budget step: totals and the Monte Carlo with the plan's draws and seed
    budget = BudgetPage(session)
    qtbot.addWidget(budget)
    budget.mc_auto_check.setChecked(False)
    budget._mc_timer.stop()
    budget.initializePage()
    budget.outputs.run()
    budget_text = _texts(budget)
    for total in totals.values():
        assert _grouped(total) in budget_text
    assert budget.mc_draws_spin.value() == PLAN_MONTE_CARLO_DRAWS
    with qtbot.waitSignal(budget.runner.result_ready, timeout=120_000):
        budget.run_monte_carlo()
    assert budget.monte_carlo == mc
    if p_own is not None:
        title = budget.monte_carlo_chart.getPlotItem().titleLabel.text
        assert f"{p_own * 100:.0f} %" in title
    budget.runner.invalidate()
    assert budget.runner.wait_idle(20_000)

    # --- vendors step: the same scores, judged on the plan's sizing
    vendors = VendorsPage(session)
    qtbot.addWidget(vendors)
    vendors.initializePage()
    vendors.refresh_analysis()
    assert vendors.scoring == scoring
    vendors_text = _texts(vendors)
    for total in scores.values():
        assert f"{total:.1f}" in vendors_text

    # --- review step: cards and totals, open items from the engine
    review = ReviewPage(session)
    qtbot.addWidget(review)
    html = review.summary_html(session.project)
    assert _grouped(gpus) in html
    assert _grouped(totals[cost.recommendation.option]) in html
    assert len(review.open_items(session.project)) == len(ev.review.open_items)

    # --- gpu-advisor-cli cost --json
    plan_file = tmp_path / "plan.gpuplan"
    save_project(project, plan_file)
    capsys.readouterr()
    status = cli_main(
        ["cost", str(plan_file), "--json", "--monte-carlo", str(PLAN_MONTE_CARLO_DRAWS)]
    )
    assert status == 0
    doc = json.loads(capsys.readouterr().out)
    assert {o["id"]: o["total_cny"] for o in doc["options"]} == {
        str(k): v for k, v in totals.items()
    }
    assert doc["monte_carlo"]["p_own_beats_rent"] == p_own
    assert doc["monte_carlo"]["seed"] == mc.seed
    assert doc["plan"]["gpus"] == gpus
    assert doc["plan"]["network_id"] == network_id
    assert doc["plan"]["mfu"] == sizing.compute.mfu
    assert doc["plan"]["mfu_source"] == "measured"
    assert {v["vendor"]: v["total"] for v in doc["plan"]["vendors"]} == scores

    # --- the PDF plan, as text
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) not installed")
    pdf = tmp_path / "plan.pdf"
    pdf.write_bytes(build_plan_pdf(project, ev, CATALOG, language="en"))
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"],
        capture_output=True,
        check=True,
        text=True,
    ).stdout
    flat = _squash(text)
    assert (
        _squash(f"{_grouped(gpus)} cards") in flat
        or _squash(f"{_grouped(gpus)} GPUs") in flat
    )
    assert _squash(network) in flat
    assert _squash(f"MFU of {sizing.compute.mfu * 100:.0f}%") in flat
    for option in cost.options:
        if option.feasible:  # the PDF prints "—" and the reason for the others
            assert _grouped(option.total_cny) in flat, option.id
    if p_own is not None:
        assert _squash(f"{p_own * 100:.0f}%") in flat
    for total in scores.values():
        assert f"{total:.1f}" in flat


def test_plan_evaluation_is_what_the_session_serves() -> None:
    project = _measured(load_project(EXAMPLES[0]))
    session_ev = ProjectSession(project).evaluation
    assert isinstance(session_ev, PlanEvaluation)
    assert session_ev.vendors == evaluate_plan(project, CATALOG).vendors
