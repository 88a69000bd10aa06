"""Environment page: binding both ways, undo, the plan's card count, generated files."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from PySide6.QtGui import QGuiApplication

from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import Scheduler
from gpu_advisor.ui.i18n import current_language
from gpu_advisor.ui.pages.environment_page import EnvironmentPage, launch_configs
from gpu_advisor.ui.session import ProjectSession

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)


def _page(qtbot: Any, session: ProjectSession) -> EnvironmentPage:
    page = EnvironmentPage(session)
    qtbot.addWidget(page)
    page.resize(1100, 700)
    page.show()
    qtbot.waitExposed(page)
    page.initializePage()
    return page


def _bash_ok(text: str, tmp_path: Path) -> None:
    bash = shutil.which("bash")
    assert bash is not None
    script = tmp_path / "script.sh"
    script.write_text(text, encoding="utf-8")
    result = subprocess.run([bash, "-n", str(script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_nodes_binding_both_ways_and_undo(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    page.nodes_field.editor.setValue(3)
    assert session.project.environment.nodes == 3
    assert "nnodes" in page.viewers[Scheduler.KUBERNETES].text().lower()
    session.undo_stack.undo()
    assert session.project.environment.nodes == 1
    assert page.nodes_field.editor.value() == 1
    session.undo_stack.redo()
    assert page.nodes_field.editor.value() == 3
    assert page.isComplete()


def test_text_fields_follow_the_model(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    page.job_name_field.editor.setText("qwen-sft")
    page.image_field.editor.setText("registry.example/pytorch:25.01-py3")
    env = session.project.environment
    assert (env.job_name, env.pytorch_image) == (
        "qwen-sft",
        "registry.example/pytorch:25.01-py3",
    )
    manifest = page.viewers[Scheduler.KUBERNETES].text()
    assert "registry.example/pytorch:25.01-py3" in manifest
    config = page.viewers[Scheduler.KUBERNETES].config
    assert config is not None
    assert config.filename == "qwen-sft-job.yaml"
    session.undo_stack.undo()
    session.undo_stack.undo()
    assert page.job_name_field.editor.text() == "llm-train"
    assert "registry.example" not in page.viewers[Scheduler.KUBERNETES].text()


def test_scheduler_switch_selects_its_tab(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    assert page.tabs.currentIndex() == 0
    index = page.scheduler_field.editor.findData("slurm")
    page.scheduler_field.editor.setCurrentIndex(index)
    assert session.project.environment.scheduler is Scheduler.SLURM
    assert page.tabs.currentWidget() is page.viewers[Scheduler.SLURM]
    assert "(selected)" in page.tabs.tabText(1)
    assert page.partition_field.isEnabled()
    assert not page.namespace_field.isEnabled()
    session.undo_stack.undo()
    assert page.tabs.currentWidget() is page.viewers[Scheduler.KUBERNETES]


def test_generated_files_parse(
    qtbot: Any, session: ProjectSession, tmp_path: Path
) -> None:
    page = _page(qtbot, session)
    page.override_field.editor.setChecked(True)  # the files follow the plan otherwise
    page.nodes_field.editor.setValue(2)
    page.gpus_per_node_field.editor.setValue(4)
    assert "the sizing plans" in page.advice_label.text()
    docs = [
        d for d in yaml.safe_load_all(page.viewers[Scheduler.KUBERNETES].text()) if d
    ]
    jobs = [d for d in docs if d["kind"] == "Job"]
    assert len(jobs) == 1
    container = jobs[0]["spec"]["template"]["spec"]["containers"][0]
    assert container["resources"]["limits"]["nvidia.com/gpu"] == 4
    assert jobs[0]["spec"]["completions"] == 2
    sbatch = page.viewers[Scheduler.SLURM].text()
    assert "#SBATCH --nodes=2" in sbatch
    _bash_ok(sbatch, tmp_path)
    _bash_ok(page.viewers[Scheduler.BARE].text(), tmp_path)


def test_plan_hint_and_apply_is_one_undo_step(qtbot: Any) -> None:
    session = ProjectSession(load_project(EXAMPLES[-1]))  # shenzhen: 64 cards
    cluster = session.evaluation.sizing.cluster
    page = _page(qtbot, session)
    assert page.plan_hint_label.text() == (
        f"The plan needs {cluster.gpus} cards: {cluster.nodes} nodes × 8 GPUs."
    )
    assert page.apply_plan_button.isEnabled()
    page.apply_plan_button.click()
    env = session.project.environment
    assert (env.nodes, env.gpus_per_node) == (cluster.nodes, 8)
    assert not page.apply_plan_button.isEnabled()
    assert page.nodes_field.editor.value() == cluster.nodes
    session.undo_stack.undo()
    assert session.project.environment.nodes == 1
    assert page.apply_plan_button.isEnabled()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_examples_show_engine_numbers_and_valid_files(
    qtbot: Any, path: Path, tmp_path: Path
) -> None:
    session = ProjectSession(load_project(path))
    page = _page(qtbot, session)
    gpus = session.evaluation.sizing.cluster.gpus
    assert f"needs {gpus:,} cards" in page.plan_hint_label.text()
    expected = launch_configs(session.evaluation.rollout, current_language())
    for scheduler, viewer in page.viewers.items():
        assert viewer.text() == expected[scheduler].text
    # The files run at the plan's node count; the page says when the step differs.
    nodes = session.evaluation.sizing.cluster.nodes
    assert f"#SBATCH --nodes={nodes}\n" in page.viewers[Scheduler.SLURM].text()
    if nodes != session.project.environment.nodes:
        assert "These files follow the sizing" in page.advice_label.text()
    assert list(yaml.safe_load_all(page.viewers[Scheduler.KUBERNETES].text()))
    _bash_ok(page.viewers[Scheduler.SLURM].text(), tmp_path)


def test_hostnames_validation_beside_the_field(
    qtbot: Any, session: ProjectSession
) -> None:
    page = _page(qtbot, session)
    with qtbot.waitSignal(page.completeChanged):
        page.hostnames_field.editor.setText("node-a bad_host!")
    assert page.hostnames_field.error_label.isVisibleTo(page)
    assert "RFC 1123" in page.hostnames_field.error_label.text()
    assert not page.isComplete()
    assert session.project.environment.hostnames == []
    page.hostnames_field.editor.setText("node-a, node-b")
    assert session.project.environment.hostnames == ["node-a", "node-b"]
    assert page.isComplete()
    session.undo_stack.undo()
    assert page.hostnames_field.editor.text() == ""


def test_nccl_variables(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    page.nccl_env_field.editor.setPlainText(
        "NCCL_SOCKET_IFNAME=eth0\nNCCL_DEBUG = WARN"
    )
    assert session.project.environment.nccl_env == {
        "NCCL_SOCKET_IFNAME": "eth0",
        "NCCL_DEBUG": "WARN",
    }
    assert "NCCL_SOCKET_IFNAME" in page.viewers[Scheduler.KUBERNETES].text()
    page.nccl_env_field.editor.setPlainText("no equals sign")
    assert page.nccl_env_field.has_error
    assert not page.isComplete()
    page.nccl_env_field.editor.setPlainText("")
    assert session.project.environment.nccl_env == {}
    assert page.isComplete()


def test_copy_and_save(
    qtbot: Any, session: ProjectSession, dialogs: Any, tmp_path: Path
) -> None:
    page = _page(qtbot, session)
    viewer = page.viewers[Scheduler.SLURM]
    viewer.copy_button.click()
    assert QGuiApplication.clipboard().text() == viewer.text()
    target = tmp_path / "train.sbatch"
    dialogs.save_paths.append(target)
    viewer.save_button.click()
    assert target.read_text(encoding="utf-8") == viewer.text()
    assert viewer.status_label.text().startswith("Saved to")
    assert not viewer.save_to(tmp_path / "missing" / "x.sh")
    assert viewer.status_label.text().startswith("Could not save")
    dialogs.save_paths.append(None)  # the user cancels
    viewer.save_button.click()
    assert viewer.status_label.text().startswith("Could not save")
