"""plan_environment: the rollout files follow the sizing, its network and its GPU maker."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.evidence.vendors import plan_sizing
from gpu_advisor.engine.rollout.configs.alert_rules import with_node_label
from gpu_advisor.engine.rollout.configs.common import with_notes
from gpu_advisor.engine.rollout.configs.environment import (
    RolloutPlan,
    environment_advice,
    generate_all,
    plan_environment,
)
from gpu_advisor.engine.rollout.configs.kubernetes import (
    kubernetes_manifest,
    kubernetes_script_problem,
)
from gpu_advisor.engine.rollout.configs.nccl import NETWORK_NCCL_ENV
from gpu_advisor.engine.rollout.testkit.kit import build_testkit
from gpu_advisor.engine.rollout.testkit.scripts import fio_gib_per_job
from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.catalog import NetworkKind
from gpu_advisor.model.common import Language, Message
from gpu_advisor.model.project import Environment, Project, Scheduler, Vendor, Workload
from gpu_advisor.words import catalog_languages, text, wording

CATALOG = load_catalog()

EN, ZH = wording("en"), wording("zh")


def _project(**env: object) -> Project:
    return Project(workload=Workload(gpus=64), environment=Environment(**env))


def _plan(project: Project) -> RolloutPlan:
    """The rollout plan on the evaluation's sizing."""
    return plan_environment(project, CATALOG, plan_sizing(project, CATALOG))


def test_files_follow_the_sizing_unless_overridden() -> None:
    sizing = size_workload(Workload(gpus=64), CATALOG)
    per_server = CATALOG.gpu(sizing.gpu_id).gpus_per_server
    plan = _plan(_project(nodes=1))
    assert plan.environment.nodes == sizing.cluster.nodes == 64 // per_server
    assert plan.environment.gpus_per_node == per_server
    assert [a.code for a in plan.advice] == ["environment.nodes_from_plan"]
    assert "(the environment step says 1 × 8;" in text(plan.advice[0], "en")
    kept = _plan(_project(nodes=2, gpus_per_node=4, nodes_override=True))
    assert (kept.environment.nodes, kept.environment.gpus_per_node) == (2, 4)
    assert [a.code for a in kept.advice] == ["environment.nodes_differ_from_plan"]
    assert "the sizing plans 8 nodes × 8 GPUs." in text(kept.advice[0], "en")
    assert "规模测算规划为 8 个节点 × 每节点 8 张卡。" in text(kept.advice[0], "zh")
    same = _plan(_project(nodes=8, gpus_per_node=8))
    assert same.advice == ()


def test_single_server_plan_uses_the_card_count() -> None:
    plan = _plan(Project(workload=Workload(gpus=4)))
    assert (plan.environment.nodes, plan.environment.gpus_per_node) == (1, 4)
    assert plan.network_kind is None
    assert plan.environment.nccl_env == {}


def test_network_settings_merge_under_the_users() -> None:
    plan = _plan(_project())
    assert plan.network_kind is not None
    assert plan.environment.nccl_env == NETWORK_NCCL_ENV[plan.network_kind]
    mine = _plan(_project(nccl_env={"NCCL_IB_DISABLE": "1"}))
    assert mine.environment.nccl_env["NCCL_IB_DISABLE"] == "1"
    slurm = _project(scheduler=Scheduler.SLURM)
    launch = generate_all(slurm, _plan(slurm), wording(slurm.meta.language))[0].text
    for name, value in plan.environment.nccl_env.items():
        assert f"export {name}={value}\n" in launch
    assert "#SBATCH --nodes=8\n" in launch


def test_roce_and_ethernet_settings() -> None:
    assert NETWORK_NCCL_ENV[NetworkKind.ROCE]["NCCL_IB_GID_INDEX"] == "3"
    assert NETWORK_NCCL_ENV[NetworkKind.ETHERNET] == {"NCCL_IB_DISABLE": "1"}


@pytest.mark.parametrize(
    ("gpu_id", "tools"), [("MI300X", "rccl-tests"), ("Ascend-910B", "npu-smi")]
)
def test_non_nvidia_plans_say_the_files_are_nvidia_only(
    gpu_id: str, tools: str
) -> None:
    project = Project(
        workload=Workload(gpu_id=gpu_id, gpus=16),
        environment=Environment(scheduler=Scheduler.SLURM),
    )
    plan = _plan(project)
    assert not plan.nvidia
    assert "environment.nvidia_only" in [a.code for a in plan.advice]
    launch = generate_all(project, plan, wording(project.meta.language))[0].text
    assert launch.startswith("#!/bin/bash\n# 注意：")  # the plan is in Chinese
    assert tools in launch
    assert "NVIDIA" in launch
    zh = text(plan.advice[-1], "zh")
    assert "huawei.com/Ascend910" in zh
    assert "amd.com/gpu" in zh
    kit = build_testkit(
        project,
        Vendor(name="V", gpu_id=gpu_id),
        CATALOG,
        wording(project.meta.language),
        plan=plan,
    )
    assert tools in kit["README.md"].split("\n## ")[0]


def test_nvidia_plans_carry_no_vendor_note() -> None:
    plan = _plan(_project())
    assert plan.nvidia
    assert "environment.nvidia_only" not in [a.code for a in plan.advice]


_NOTE = Message(code="review.no_author")


def test_with_notes_keeps_the_shebang_first() -> None:
    note = "# NOTE: The plan names no author.\n"
    assert (
        with_notes("#!/bin/bash\necho\n", [_NOTE], EN) == f"#!/bin/bash\n{note}echo\n"
    )
    assert with_notes("kind: X\n", [_NOTE], EN) == f"{note}kind: X\n"
    assert with_notes("x\n", [], EN) == "x\n"


def test_notes_in_chinese_files_are_chinese() -> None:
    assert (
        with_notes("kind: X\n", [_NOTE], ZH) == "# 注意：方案未填写编写人。\nkind: X\n"
    )
    project = _project(scheduler=Scheduler.SLURM, nodes=1)
    project = project.model_copy(
        update={"meta": project.meta.model_copy(update={"language": Language.ZH})}
    )
    launch = generate_all(project, _plan(project), wording(project.meta.language))[
        0
    ].text
    assert launch.startswith("#!/bin/bash\n# 注意：这些文件按规模测算生成：8 个节点")
    assert "NOTE" not in launch


ADVICE_CASES = [
    Environment(),
    Environment(script_source="configmap"),
    Environment(script_source="pvc"),
    Environment(nodes=3, gpus_per_node=4),
    Environment(nodes=2, gpus_per_node=4, nodes_override=True),
]
"""Environments that draw every piece of advice (with tp 16 and a non-NVIDIA GPU)."""


@pytest.mark.parametrize("gpu_id", ["H100-80GB-SXM", "MI300X"])
@pytest.mark.parametrize("env", ADVICE_CASES)
def test_advice_names_no_field_key(gpu_id: str, env: Environment) -> None:
    """What the environment step and the files say names fields in words; the
    project's field names stay in ``inputs``."""
    project = Project(workload=Workload(gpus=64, gpu_id=gpu_id, tp=16), environment=env)
    plan = _plan(project)
    advice = [*environment_advice(plan.environment, project.workload), *plan.advice]
    problem = kubernetes_script_problem(env)
    if problem is not None:
        advice.append(problem)
    assert advice
    for a in advice:
        for said in (text(a, "en"), text(a, "zh")):
            assert not re.search(
                r"\b(environment|workload|monitoring)\.[a-z_]+", said
            ), said
            assert "node(s)" not in said
        assert all("." in field for field in a.inputs)


def test_node_label_wraps_instant_and_range_selectors() -> None:
    out = with_node_label(
        "max_over_time(DCGM_FI_DEV_GPU_TEMP[1h]) unless DCGM_FI_DEV_GPU_TEMP"
    )
    assert out.count("label_replace(label_replace(") == 2
    assert "label_replace(label_replace(max_over_time(DCGM_FI_DEV_GPU_TEMP[1h])," in out
    assert with_node_label('up{job="x"} == 0') == 'up{job="x"} == 0'


def test_kubernetes_script_sources() -> None:
    assert kubernetes_script_problem(Environment(script_source="pvc")) is not None
    assert (
        kubernetes_script_problem(Environment(script_source="pvc", data_pvc="d"))
        is None
    )
    assert kubernetes_script_problem(Environment(script_source="configmap")) is not None
    env = Environment(script_source="pvc", data_pvc="datasets", data_path="/mnt/ds")
    job = next(
        d
        for d in yaml.safe_load_all(kubernetes_manifest(env, None, EN))
        if d["kind"] == "Job"
    )
    container = job["spec"]["template"]["spec"]["containers"][0]
    assert container["workingDir"] == "/mnt/ds"
    assert "# ERROR:" not in kubernetes_manifest(env, None, EN)
    assert "# ERROR: Say where the pods find train.py" in kubernetes_manifest(
        Environment(), None, EN
    )
    zh = kubernetes_manifest(Environment(), None, ZH)
    assert "# 错误：请指明 Pod 从哪里获得 train.py" in zh


def test_fio_size_scales_with_the_checkpoint() -> None:
    assert fio_gib_per_job(None) == 10
    assert fio_gib_per_job(4 * 2**30) == 1
    assert fio_gib_per_job(4 * 2**30 + 1) == 2
    assert fio_gib_per_job(1e15) == 64


@given(st.floats(0, 1e16))
@settings(max_examples=50, deadline=None)
def test_fio_size_covers_the_checkpoint_up_to_the_cap(checkpoint: float) -> None:
    gib = fio_gib_per_job(checkpoint)
    assert 1 <= gib <= 64
    assert gib == 64 or gib * 4 * 2**30 >= checkpoint


def test_kit_fio_follows_the_plan_and_never_uses_tmp(tmp_path: Path) -> None:
    project = _project()
    checkpoint = plan_sizing(project, CATALOG).storage.checkpoint_bytes
    kit = build_testkit(
        project,
        Vendor(name="V"),
        CATALOG,
        wording(project.meta.language),
        plan=_plan(project),
    )
    fio = kit["40_fio.sh"]
    assert f'SIZE="${{FIO_SIZE:-{fio_gib_per_job(checkpoint)}G}}"' in fio
    assert not re.search(r"(?<!/var)/tmp\b", fio)
    script = tmp_path / "40_fio.sh"
    script.write_text(fio, encoding="utf-8")
    # Where fio is installed it really runs: keep its files tiny and in tmp_path
    # (the plan's default size is gigabytes per job).
    (tmp_path / "shared").mkdir()
    (tmp_path / "local").mkdir()
    result = subprocess.run(
        ["bash", str(script)],
        env={
            "PATH": "/usr/bin:/bin",
            "RESULTS_DIR": str(tmp_path / "r"),
            "SHARED_DIR": str(tmp_path / "shared"),
            "LOCAL_DIR": str(tmp_path / "local"),
            "FIO_SIZE": "1M",
            "FIO_RUNTIME": "1",
            "FIO_ENGINE": "psync",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0


def test_kit_readme_says_archives_import_with_parse_results() -> None:
    for language in catalog_languages():
        project = Project().model_copy(
            update={"meta": Project().meta.model_copy(update={"language": language})}
        )
        readme = build_testkit(
            project, Vendor(name="V"), CATALOG, wording(project.meta.language)
        )["README.md"]
        assert "gpu-advisor-cli parse-results" in readme
        assert "results_" in readme
        assert ".tar.gz`" in readme


def test_a_plan_beyond_any_file_keeps_the_environments_node_count():
    """tp 363 x pp 387 x dp 409,739 plans 5.8e10 cards: listing their 7e9 host
    names in the PDF's launch file ran out of memory (schema walk). Beyond the
    schema's 100,000 nodes the files keep the environment step's numbers."""
    from gpu_advisor.model.limits import MAX_NODES

    workload = Workload(tp=363, pp=387, dp=409_739, gpu_id="H100-80GB-SXM")
    project = Project(workload=workload, environment=Environment(nodes=2))
    sizing = size_workload(project.workload, CATALOG)
    assert sizing.cluster.nodes > MAX_NODES
    plan = plan_environment(project, CATALOG, sizing)
    assert plan.environment.nodes == 2
    assert plan.sized_nodes is None
    planned = project.model_copy(update={"environment": plan.environment})
    assert all(
        len(c.text) < 1_000_000
        for c in generate_all(planned, None, wording(planned.meta.language))
    )
