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
from html import escape
from pathlib import Path
from typing import Any

import pytest
import yaml
from PySide6.QtWidgets import QLabel, QTableWidget, QWidget

from gpu_advisor import words
from gpu_advisor.cli import main as cli_main
from gpu_advisor.engine.evaluate import PlanEvaluation, evaluate_plan
from gpu_advisor.engine.plan_defaults import (
    PLAN_MONTE_CARLO_DRAWS,
    PLAN_MONTE_CARLO_SEED,
)
from gpu_advisor.engine.rollout.configs.nccl import NETWORK_NCCL_ENV
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project, save_project
from gpu_advisor.model.catalog import NetworkKind
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project, Scheduler
from gpu_advisor.report.plan import build_plan_pdf
from gpu_advisor.ui.pages.budget_page import BudgetPage
from gpu_advisor.ui.pages.environment_page import EnvironmentPage
from gpu_advisor.ui.pages.monitoring_page import MonitoringPage
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


SHANGHAI = ROOT / "resources" / "examples" / "shanghai_13b_finetune.gpuplan"
DEADLINE_MFU = 0.12
"""The audit's case: one vendor measures MFU 0.12 on the plan's GPU."""


def _deadline_measured(project: Project) -> Project:
    """The Shanghai example due in 3 days, its first vendor measuring MFU 0.12.

    The deadline lets the sizing choose the card count, and the measured MFU
    (below the modelled one) makes it need several nodes: a second sizing
    without the measured MFU plans fewer.
    """
    workload = project.workload.model_copy(
        update={"gpus": None, "deadline_days": 3.0, "mfu": None}
    )
    first = project.vendors[0].model_copy(
        update={"gpu_id": workload.gpu_id, "measured_mfu": DEADLINE_MFU}
    )
    return project.model_copy(
        update={"workload": workload, "vendors": [first, *project.vendors[1:]]}
    )


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


PLAN_CASES = [
    *(pytest.param(_measured(load_project(p)), id=p.stem) for p in EXAMPLES),
    pytest.param(
        _deadline_measured(load_project(SHANGHAI)),
        id="shanghai_deadline_measured_mfu",
    ),
]


def _row(name: str, value: str) -> str:
    """A row of the review step's key numbers, as its HTML writes it."""
    return f"<tr><td>{escape(name)}</td><td align='right'><b>{escape(value)}</b></td>"


@pytest.mark.parametrize("project", PLAN_CASES)
def test_every_output_shows_the_same_plan(
    qtbot: Any, project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = project.model_copy(
        update={"meta": project.meta.model_copy(update={"language": Language.EN})}
    )
    ev = evaluate_plan(project, CATALOG)
    sizing, cost, mc = ev.sizing, ev.cost, ev.monte_carlo
    assert mc is not None
    assert (mc.draws, mc.seed) == (PLAN_MONTE_CARLO_DRAWS, PLAN_MONTE_CARLO_SEED)
    measured = [
        v.measured_mfu
        for v in project.vendors
        if v.measured_mfu is not None and v.gpu_id == project.workload.gpu_id
    ]
    assert sizing.compute.mfu == min(measured)
    assert sizing.compute.mfu_source == "measured"
    gpus = sizing.cluster.gpus
    network_id = sizing.cluster.network_needed_id or sizing.cluster.network_id
    network = words.say(f"sizing.network_name.{network_id}", "en")
    network_text = (
        network
        if sizing.cluster.network_needed_id is not None
        else f"inside one server: {network}"
    )
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
    days_text = workload.key_numbers.rows["days"].value.text()
    assert f"on {_grouped(gpus)} cards" in days_text
    assert workload.key_numbers.rows["network"].value.text() == network_text
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
    budget._mc_later.cancel()
    budget.initializePage()
    budget.outputs.run()
    budget_text = _texts(budget)
    for total in totals.values():
        assert _grouped(total) in budget_text
    assert budget.mc_draws_spin.value() == PLAN_MONTE_CARLO_DRAWS
    with qtbot.waitSignal(budget.runner.result_ready, timeout=120_000):
        budget.run_monte_carlo()
    assert budget.monte_carlo == mc
    budget.mc_chart_outputs.ensure_current()  # a hidden chart is drawn when shown
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

    # --- review step: the key numbers, exactly; open items from the engine
    review = ReviewPage(session)
    qtbot.addWidget(review)
    html = review.summary_html(session.project)
    recommended = cost.recommendation.option
    assert _row("Cards", _grouped(gpus)) in html
    assert _row("Nodes", _grouped(sizing.cluster.nodes)) in html
    assert _row("Network", network_text) in html
    mfu_pct = f"{sizing.compute.mfu * 100:.0f}"
    assert _row("MFU", f"{mfu_pct} % (measured by vendors)") in html
    assert recommended is not None
    assert (
        _row(
            f"Total cost over {cost.horizon_months} months (recommended option)",
            f"{_grouped(totals[recommended])} CNY",
        )
        in html
    )
    # the budget step's Monte Carlo (the plan's draws and seed) reached the review
    assert session.evaluation.monte_carlo == mc
    if p_own is not None:
        assert _row("P(owning beats renting)", f"{p_own * 100:.0f} %") in html
    for vendor, total in scores.items():
        assert _row(f"Vendor score: {vendor}", f"{total:.1f}") in html
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


def _rollout_case(project: Project) -> Project:
    """English comments and the SLURM scheduler (the examples' Kubernetes Job
    names no script source, so ``rollout`` refuses it)."""
    meta = project.meta.model_copy(update={"language": Language.EN})
    env = project.environment.model_copy(update={"scheduler": Scheduler.SLURM})
    return project.model_copy(update={"meta": meta, "environment": env})


ROLLOUT_CASES = [
    *(
        pytest.param(_rollout_case(_measured(load_project(p))), id=p.stem)
        for p in EXAMPLES
    ),
    pytest.param(
        _rollout_case(_deadline_measured(load_project(SHANGHAI))),
        id="shanghai_deadline_measured_mfu",
    ),
]


def _planned(ev: PlanEvaluation) -> tuple[int, int, int, NetworkKind | None]:
    """Cards, nodes, GPUs per node and network class of the evaluation's sizing.

    Worked out here from the sizing and the catalog (not from the rollout
    the test checks): GPUs per node are the card's server size, or the card
    count on one node; the network class only matters across nodes.
    """
    cluster = ev.sizing.cluster
    per_server = CATALOG.gpu(ev.sizing.gpu_id or ev.project.workload.gpu_id)
    per_node = cluster.gpus if cluster.nodes == 1 else per_server.gpus_per_server
    kind = CATALOG.network(cluster.network_id).kind if cluster.nodes > 1 else None
    return cluster.gpus, cluster.nodes, per_node, kind


def _nccl_network_vars(text: str) -> dict[str, str]:
    """The ``NCCL_IB_*`` variables a launch script exports."""
    found = re.findall(r"^export (NCCL_IB_[A-Z_]+)=(\S+)$", text, flags=re.M)
    return dict(found)


def _expected_network_vars(
    kind: NetworkKind | None, project: Project
) -> dict[str, str]:
    if kind is None:
        return {}
    merged = {**NETWORK_NCCL_ENV[kind], **project.environment.nccl_env}
    return {k: v for k, v in merged.items() if k.startswith("NCCL_IB_")}


def _assert_sbatch(
    text: str, nodes: int, per_node: int, network: dict[str, str]
) -> None:
    assert f"\n#SBATCH --nodes={nodes}\n" in text
    assert f"\n#SBATCH --gres=gpu:{per_node}\n" in text
    assert f"\n  --nproc-per-node {per_node} \\\n" in text
    assert _nccl_network_vars(text) == network


@pytest.mark.parametrize("project", ROLLOUT_CASES)
def test_rollout_outputs_follow_the_evaluation(
    qtbot: Any, project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ev = evaluate_plan(project, CATALOG, monte_carlo=False)
    cards, nodes, per_node, kind = _planned(ev)
    network = _expected_network_vars(kind, project)
    if project.workload.deadline_days is not None:
        # the audit's case: measured MFU, several nodes on a fabric
        assert ev.sizing.compute.mfu == DEADLINE_MFU
        assert ev.sizing.compute.mfu_source == "measured"
        assert nodes > 1
        assert kind is not None
    session = ProjectSession(project)

    # --- environment step: the plan's cards, and all three launch files
    environment = EnvironmentPage(session)
    qtbot.addWidget(environment)
    environment.initializePage()
    environment.refresh_outputs()
    assert environment.plan_hint_label.text() == (
        f"The plan needs {cards:,} cards: {nodes:,} node{'s' if nodes > 1 else ''}"
        f" × {per_node} GPUs."
    )
    _assert_sbatch(
        environment.viewers[Scheduler.SLURM].text(), nodes, per_node, network
    )
    bare = environment.viewers[Scheduler.BARE].text()
    assert f"\nNNODES={nodes}\n" in bare
    assert f"\nNPROC_PER_NODE={per_node}\n" in bare
    assert _nccl_network_vars(bare) == network
    docs = list(yaml.safe_load_all(environment.viewers[Scheduler.KUBERNETES].text()))
    job = next(d for d in docs if d and d["kind"] == "Job")
    assert job["spec"].get("completions", 1) == nodes
    container = job["spec"]["template"]["spec"]["containers"][0]
    assert container["resources"]["limits"]["nvidia.com/gpu"] == per_node
    k8s_env = {e["name"]: e["value"] for e in container["env"]}
    assert {k: v for k, v in k8s_env.items() if k.startswith("NCCL_IB_")} == network

    # --- monitoring step: one scrape target per node, the node's card count
    monitoring = MonitoringPage(session)
    qtbot.addWidget(monitoring)
    monitoring.initializePage()
    monitoring.refresh_outputs()
    scrape = yaml.safe_load(monitoring.viewers["prometheus-config"].text())
    targets = scrape["scrape_configs"][0]["static_configs"][0]["targets"]
    assert len(targets) == nodes
    rules = yaml.safe_load(monitoring.viewers["prometheus-alerts"].text())
    exprs = {r["alert"]: r["expr"] for g in rules["groups"] for r in g["rules"]}
    assert exprs["GpuCountBelowExpected"].endswith(f"< {per_node}")

    # --- gpu-advisor-cli rollout: the manifest, the launch file, the kit
    plan_file = tmp_path / "plan.gpuplan"
    save_project(project, plan_file)
    out = tmp_path / "rollout"
    capsys.readouterr()
    assert cli_main(["rollout", str(plan_file), "-o", str(out)]) == 0
    printed = capsys.readouterr()
    assert f"{nodes} node(s) x {per_node} GPUs" in printed.out
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert (manifest["nodes"], manifest["gpus_per_node"]) == (nodes, per_node)
    assert manifest["ranks"] == nodes * per_node
    assert (manifest["planned_nodes"], manifest["planned_gpus_per_node"]) == (
        nodes,
        per_node,
    )
    assert manifest["network"] == (None if kind is None else str(kind))
    (sbatch,) = (out / "launch").glob("*.sbatch")
    _assert_sbatch(sbatch.read_text(encoding="utf-8"), nodes, per_node, network)
    prometheus = yaml.safe_load((out / "monitoring" / "prometheus.yml").read_text())
    assert len(prometheus["scrape_configs"][0]["static_configs"][0]["targets"]) == nodes
    kit = (out / "testkit" / "slurm" / "testkit.sbatch").read_text(encoding="utf-8")
    # the kit asks for the planned nodes (a one-node plan has no fabric to test)
    assert f"\n#SBATCH --nodes={nodes}\n" in kit
    assert f"\n#SBATCH --gpus-per-node={per_node}\n" in kit

    # --- the PDF's rollout annex
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
    servers = "1 server" if nodes == 1 else f"{nodes} servers"
    assert _squash(f"{servers} with {per_node} cards each") in flat
    assert _squash(f"#SBATCH --nodes={nodes}") in flat
    assert _squash(f"#SBATCH --gres=gpu:{per_node}") in flat
    for name, value in network.items():
        assert _squash(f"export {name}={value}") in flat
    if "NCCL_IB_GID_INDEX" not in network:
        assert "NCCL_IB_GID_INDEX" not in flat
