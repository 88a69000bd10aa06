"""Tests for the generated environment and monitoring configs (engine/rollout/configs/)."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from gpu_advisor.engine.rollout.configs.alert_rules import (
    prometheus_alert_rules,
    with_node_label,
)
from gpu_advisor.engine.rollout.configs.bare_nodes import bare_nodes_script
from gpu_advisor.engine.rollout.configs.common import (
    PLACEHOLDER_HOST_LIMIT,
    GeneratedConfig,
    dns_label,
)
from gpu_advisor.engine.rollout.configs.dcgm import (
    DCGM_COUNTERS_CSV,
    dcgm_exporter_manifest,
)
from gpu_advisor.engine.rollout.configs.environment import (
    environment_advice,
    generate_all,
)
from gpu_advisor.engine.rollout.configs.grafana import (
    GRAFANA_DCGM_DASHBOARD_ID,
    grafana_dashboard_hint,
)
from gpu_advisor.engine.rollout.configs.kubernetes import kubernetes_manifest
from gpu_advisor.engine.rollout.configs.prometheus import (
    ALERT_RULES_FILENAME,
    prometheus_scrape_config,
)
from gpu_advisor.engine.rollout.configs.slurm import slurm_script
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import (
    Environment,
    Monitoring,
    Project,
    ProjectMeta,
    Scheduler,
    Workload,
)
from gpu_advisor.words import catalog_languages, wording
from tests.property_runs import examples

SHELLCHECK = shutil.which("shellcheck") or (
    "/usr/bin/shellcheck" if Path("/usr/bin/shellcheck").exists() else None
)
DNS_1035 = re.compile(r"^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$")
PROM_DURATION = re.compile(r"^\d+[smhd]$")
CJK = re.compile(r"[\u4e00-\u9fff]")

EXPECTED_ALERTS = {
    "GpuTemperatureHigh",
    "GpuMemoryTemperatureHigh",
    "GpuXidError",
    "GpuMissing",
    "GpuCountBelowExpected",
    "GpuEccDoubleBitErrors",
    "GpuRowRemapFailure",
    "GpuUncorrectableRowsRemapped",
    "GpuUtilizationLow",
    "GpuThermalThrottling",
    "GpuThermalMarginExhausted",
    "GpuPowerBrakeOrHwSlowdown",
    "NcclHangSuspected",
    "NvlinkErrors",
    "NvlinkRecoveryErrors",
    "FabricPortErrors",
    "FabricLinkFlap",
    "FabricPortDown",
    "DcgmExporterDown",
    "DcgmExporterAbsent",
}

EN, ZH = wording("en"), wording("zh")


# --- helpers ------------------------------------------------------------------

# Job names, paths and values with spaces, quotes, $, backticks, newlines, CJK.
ODD_TEXT = st.text(
    alphabet=st.sampled_from(
        [*list("abcXYZ019 _-./'\"$`\\!;&|*?()[]{}<>#~:=\n\t训练"), "é"]
    ),
    min_size=1,
    max_size=30,
)
HOST = st.from_regex(r"[a-z][a-z0-9-]{0,10}[a-z0-9]", fullmatch=True)


def bash_syntax_ok(text: str) -> None:
    result = subprocess.run(
        ["bash", "-n"], input=text, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def shellcheck_ok(text: str) -> None:
    if SHELLCHECK is None:
        pytest.skip("shellcheck is not installed")
    result = subprocess.run(
        [SHELLCHECK, "-s", "bash", "-"],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def job(docs: list[dict[str, Any]]) -> dict[str, Any]:
    (found,) = [d for d in docs if d["kind"] == "Job"]
    return found


def container(docs: list[dict[str, Any]]) -> dict[str, Any]:
    (c,) = job(docs)["spec"]["template"]["spec"]["containers"]
    assert isinstance(c, dict)
    return c


def rules_by_name(text: str) -> dict[str, dict[str, Any]]:
    doc = yaml.safe_load(text)
    (group,) = doc["groups"]
    assert group["name"] == "gpu-advisor"
    return {r["alert"]: r for r in group["rules"]}


def write_stub(directory: Path, name: str, body: str) -> None:
    path = directory / name
    path.write_text("#!/usr/bin/env bash\n" + body, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)


# Prints its arguments as one JSON list, so tests see exactly what bash passed.
ARGV_STUB = (
    "exec python3 -c 'import json, sys; print(json.dumps(sys.argv[1:]))' \"$@\"\n"
)


def home_expanded(path: str) -> str:
    """What bash makes of a path the scripts write: a leading ``~`` is $HOME."""
    if path == "~" or path.startswith("~/"):
        return os.environ["HOME"] + path[1:]
    return path


def run_with_stubs(
    tmp_path: Path, script: str, args: list[str], env: dict[str, str]
) -> list[str]:
    """Run a generated script with torchrun/srun/scontrol/docker replaced by stubs."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    for name in ("torchrun", "srun", "docker"):
        write_stub(bin_dir, name, ARGV_STUB)
    write_stub(bin_dir, "scontrol", 'printf "%s\\n" node-a node-b\n')
    script_path = tmp_path / "script.sh"
    script_path.write_text(script, encoding="utf-8")
    result = subprocess.run(
        ["bash", str(script_path), *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        env={**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", **env},
    )
    assert result.returncode == 0, result.stderr
    argv = json.loads(result.stdout.strip().splitlines()[-1])
    assert isinstance(argv, list)
    return [str(a) for a in argv]


# --- dns_label ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("llm-train", "llm-train"),
        ("LLM Train #1", "llm-train-1"),
        ("7b", "x-7b"),
        ("--a--b--", "a-b"),
        ("训练任务", "gpu-job"),
        ("a" * 100, "a" * 63),
    ],
)
def test_dns_label(text: str, expected: str) -> None:
    assert dns_label(text) == expected


@given(st.text(max_size=120), st.integers(1, 63))
@settings(max_examples=200, deadline=None)
def test_dns_label_always_valid(text: str, max_len: int) -> None:
    label = dns_label(text, max_len=max_len)
    assert DNS_1035.match(label)
    assert len(label) <= max_len


def test_dns_label_rejects_bad_length() -> None:
    with pytest.raises(ValueError, match="1 <= max_len <= 63"):
        dns_label("x", max_len=64)


# --- Kubernetes -----------------------------------------------------------------


@pytest.mark.parametrize("gpus", [1, 4, 8])
def test_single_node_job(gpus: int) -> None:
    env = Environment(
        gpus_per_node=gpus, cpus_per_gpu=6, memory_gib_per_gpu=40, shm_gib=16
    )
    docs = list(yaml.safe_load_all(kubernetes_manifest(env, Workload(), EN)))
    assert [d["kind"] for d in docs] == ["Job"]
    j = job(docs)
    assert j["apiVersion"] == "batch/v1"
    assert j["metadata"] == {
        "name": "llm-train",
        "namespace": "training",
        "labels": {
            "app.kubernetes.io/name": "llm-train",
            "app.kubernetes.io/managed-by": "gpu-advisor",
        },
        "annotations": {
            "gpu-advisor/cuda-version": "12.4",
            "gpu-advisor/task": "full-finetune",
            "gpu-advisor/model": "llama2-13b",
            "gpu-advisor/gpu": "A100-80GB-SXM",
        },
    }
    assert "completionMode" not in j["spec"]
    assert j["spec"]["activeDeadlineSeconds"] == 72 * 3600
    c = container(docs)
    assert c["image"] == env.pytorch_image
    limits = c["resources"]["limits"]
    assert limits["nvidia.com/gpu"] == gpus
    assert limits["cpu"] == 6 * gpus
    # shm (medium: Memory) counts against the memory limit, so it is added.
    assert limits["memory"] == f"{40 * gpus + 16}Gi"
    assert "nvidia.com/gpu" not in c["resources"]["requests"]
    assert c["command"] == [
        "torchrun",
        "--standalone",
        "--nnodes",
        "1",
        "--nproc-per-node",
        str(gpus),
        "train.py",
    ]
    env_vars = {e["name"]: e["value"] for e in c["env"]}
    assert env_vars["NCCL_DEBUG"] == "WARN"
    assert env_vars["TORCH_NCCL_ASYNC_ERROR_HANDLING"] == "1"
    assert env_vars["DATA_PATH"] == "/data"
    pod = j["spec"]["template"]["spec"]
    assert pod["restartPolicy"] == "Never"
    (shm,) = [v for v in pod["volumes"] if v["name"] == "dshm"]
    assert shm["emptyDir"] == {"medium": "Memory", "sizeLimit": "16Gi"}
    assert {"name": "dshm", "mountPath": "/dev/shm"} in c["volumeMounts"]


def test_manifest_has_no_yaml_anchors() -> None:
    assert "&id" not in kubernetes_manifest(Environment(nodes=2), None, EN)


@pytest.mark.parametrize("nodes", [2, 4, 64])
def test_multi_node_indexed_job(nodes: int, tmp_path: Path) -> None:
    env = Environment(
        nodes=nodes, gpus_per_node=8, job_name="Qwen 72B SFT", master_port=23456
    )
    docs = list(yaml.safe_load_all(kubernetes_manifest(env, None, EN)))
    assert [d["kind"] for d in docs] == ["Service", "Job"]
    svc, j = docs
    name = "qwen-72b-sft"
    assert svc["metadata"]["name"] == j["metadata"]["name"] == name
    assert svc["spec"]["clusterIP"] == "None"
    assert svc["spec"]["publishNotReadyAddresses"] is True
    assert svc["spec"]["selector"] == {"job-name": name}
    assert svc["spec"]["ports"] == [{"name": "rdzv", "port": 23456}]
    spec = j["spec"]
    assert spec["completionMode"] == "Indexed"
    assert spec["completions"] == nodes
    assert spec["parallelism"] == nodes
    assert spec["template"]["spec"]["subdomain"] == name
    c = container(docs)
    assert c["resources"]["limits"]["nvidia.com/gpu"] == 8
    assert c["command"][:2] == ["bash", "-c"]
    bash_syntax_ok(c["command"][2])
    argv = run_with_stubs(
        tmp_path, c["command"][2], [], {"JOB_COMPLETION_INDEX": str(nodes - 1)}
    )
    assert argv == [
        "--nnodes",
        str(nodes),
        "--nproc-per-node",
        "8",
        "--node-rank",
        str(nodes - 1),
        "--rdzv-id",
        name,
        "--rdzv-backend",
        "c10d",
        "--rdzv-endpoint",
        f"{name}-0.{name}:23456",
        "train.py",
    ]


def test_multi_node_pod_hostnames_stay_labels() -> None:
    env = Environment(nodes=100000, job_name="x" * 63)
    j = job(list(yaml.safe_load_all(kubernetes_manifest(env, None, EN))))
    name = j["metadata"]["name"]
    assert DNS_1035.match(f"{name}-99999")


def test_kubernetes_options() -> None:
    env = Environment(
        nodes=2,
        rdma_resource="rdma/rdma_shared_device_a",
        data_pvc="Datasets PVC",
        data_path="mnt/data:v2",
        image_pull_secret="My Registry",
        namespace="Team A",
        nccl_env={"NCCL_SOCKET_IFNAME": "eth0", "NCCL_DEBUG": "INFO"},
    )
    docs = list(yaml.safe_load_all(kubernetes_manifest(env, None, EN)))
    assert {d["metadata"]["namespace"] for d in docs} == {"team-a"}
    c = container(docs)
    assert c["resources"]["limits"]["rdma/rdma_shared_device_a"] == 1
    assert c["securityContext"] == {"capabilities": {"add": ["IPC_LOCK"]}}
    assert {"name": "data", "mountPath": "/mnt/data_v2"} in c["volumeMounts"]
    pod = job(docs)["spec"]["template"]["spec"]
    assert {
        "name": "data",
        "persistentVolumeClaim": {"claimName": "datasets-pvc"},
    } in pod["volumes"]
    assert pod["imagePullSecrets"] == [{"name": "my-registry"}]
    env_vars = {e["name"]: e["value"] for e in c["env"]}
    assert env_vars["NCCL_SOCKET_IFNAME"] == "eth0"
    assert env_vars["NCCL_DEBUG"] == "INFO"  # the user's value wins
    assert env_vars["DATA_PATH"] == "/mnt/data_v2"


def test_kubernetes_header_language() -> None:
    en = kubernetes_manifest(Environment(nodes=2), None, EN)
    zh = kubernetes_manifest(Environment(nodes=2), None, ZH)
    assert not CJK.search(en)
    assert "先单节点跑稳" in zh
    assert list(yaml.safe_load_all(en)) == list(yaml.safe_load_all(zh))


# --- SLURM ----------------------------------------------------------------------


def test_slurm_script_directives() -> None:
    env = Environment(
        scheduler=Scheduler.SLURM,
        nodes=4,
        gpus_per_node=8,
        cpus_per_gpu=12,
        time_limit_hours=30,
        partition="a100 queue",
        job_name="pretrain; rm -rf /",
    )
    text = slurm_script(env, Workload(), EN)
    directives = [line for line in text.splitlines() if line.startswith("#SBATCH")]
    assert directives == [
        "#SBATCH --job-name=pretrain--rm--rf",
        "#SBATCH --partition=a100-queue",
        "#SBATCH --nodes=4",
        "#SBATCH --ntasks-per-node=1",
        "#SBATCH --gres=gpu:8",
        "#SBATCH --cpus-per-task=96",
        "#SBATCH --mem=0",
        "#SBATCH --exclusive",
        "#SBATCH --time=1-06:00:00",
        "#SBATCH --output=%x-%j.out",
    ]
    assert text.startswith("#!/bin/bash\n")
    assert "\nset -euo pipefail\n" in text
    assert 'NODES="$(scontrol show hostnames "$SLURM_JOB_NODELIST")"\n' in text
    assert 'MASTER_ADDR="$(head -n 1 <<<"$NODES")"\n' in text
    assert "# export NCCL_DEBUG=INFO" in text
    assert "srun --kill-on-bad-exit=1 torchrun" in text
    bash_syntax_ok(text)
    shellcheck_ok(text)


def test_slurm_script_runs_torchrun_with_rendezvous(tmp_path: Path) -> None:
    env = Environment(
        scheduler=Scheduler.SLURM,
        nodes=2,
        gpus_per_node=4,
        train_script='my dir/it\'s "train".py',
        master_port=29600,
    )
    argv = run_with_stubs(
        tmp_path,
        slurm_script(env, None, EN),
        [],
        {
            "SLURM_JOB_NODELIST": "node-[a-b]",
            "SLURM_NNODES": "2",
            "SLURM_JOB_ID": "4242",
        },
    )
    assert argv == [
        "--kill-on-bad-exit=1",
        "torchrun",
        "--nnodes",
        "2",
        "--nproc-per-node",
        "4",
        "--rdzv-id",
        "4242",
        "--rdzv-backend",
        "c10d",
        "--rdzv-endpoint",
        "node-a:29600",
        'my dir/it\'s "train".py',
    ]


# --- bare nodes -----------------------------------------------------------------


def test_bare_single_node(tmp_path: Path) -> None:
    env = Environment(
        scheduler=Scheduler.BARE, gpus_per_node=2, bare_use_container=False
    )
    text = bare_nodes_script(env, None, EN)
    bash_syntax_ok(text)
    shellcheck_ok(text)
    argv = run_with_stubs(tmp_path, text, [], {})
    assert argv == [
        "--standalone",
        "--nnodes",
        "1",
        "--nproc-per-node",
        "2",
        "train.py",
    ]


def test_bare_multi_node_static_rendezvous(tmp_path: Path) -> None:
    env = Environment(
        scheduler=Scheduler.BARE,
        nodes=3,
        hostnames=["10.0.0.5", "10.0.0.6", "10.0.0.7"],
        bare_use_container=False,
        train_script="train $HOME `id`.py",
    )
    text = bare_nodes_script(env, None, EN)
    assert "# 10.0.0.6: bash launch.sh 1" in text
    argv = run_with_stubs(tmp_path, text, ["2"], {})
    assert argv == [
        "--nnodes",
        "3",
        "--nproc-per-node",
        "8",
        "--node-rank",
        "2",
        "--master-addr",
        "10.0.0.5",
        "--master-port",
        "29500",
        "train $HOME `id`.py",
    ]


@pytest.mark.parametrize("rank", ["3", "-1", "x"])
def test_bare_rejects_bad_rank(rank: str, tmp_path: Path) -> None:
    env = Environment(scheduler=Scheduler.BARE, nodes=3, bare_use_container=False)
    path = tmp_path / "launch.sh"
    path.write_text(bare_nodes_script(env, None, EN), encoding="utf-8")
    result = subprocess.run(
        ["bash", str(path), rank], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2
    assert "NODE_RANK" in result.stderr


def test_bare_in_container(tmp_path: Path) -> None:
    env = Environment(
        scheduler=Scheduler.BARE,
        nodes=2,
        pytorch_image="registry.example/pt:24.05",
        nccl_env={"NCCL_IB_HCA": "mlx5_0"},
    )
    text = bare_nodes_script(env, Workload(), ZH)
    bash_syntax_ok(text)
    shellcheck_ok(text)
    argv = run_with_stubs(tmp_path, text, ["1"], {})
    assert argv[:5] == ["run", "--rm", "--gpus", "all", "--network"]
    assert "--env" in argv
    assert "NCCL_IB_HCA" in argv
    i = argv.index("registry.example/pt:24.05")
    assert argv[i + 1] == "torchrun"
    assert argv[argv.index("--node-rank") + 1] == "1"
    assert argv[argv.index("--master-addr") + 1] == "gpu-node-01"


# --- exporter, scrape config ------------------------------------------------------


def csv_fields() -> set[str]:
    return {
        line.split(",")[0].strip()
        for line in DCGM_COUNTERS_CSV.splitlines()
        if line and not line.startswith("#")
    }


def test_dcgm_exporter_daemonset() -> None:
    text = dcgm_exporter_manifest(Environment(), Monitoring(namespace="Mon itor"), EN)
    namespace, cm, ds, account, role, binding = yaml.safe_load_all(text)
    labels = namespace["metadata"]["labels"]
    # SYS_ADMIN and the hostPath mount need the privileged Pod Security level
    assert labels["pod-security.kubernetes.io/enforce"] == "privileged"
    assert "SYS_ADMIN" in text.split("---")[0]  # and the comment says why
    assert binding["roleRef"]["name"] == role["metadata"]["name"]
    assert binding["subjects"][0]["name"] == account["metadata"]["name"]
    assert {"list", "watch"} <= set(role["rules"][0]["verbs"])
    assert cm["kind"] == "ConfigMap"
    assert cm["data"]["gpu-advisor-counters.csv"] == DCGM_COUNTERS_CSV
    assert ds["kind"] == "DaemonSet"
    assert ds["metadata"]["namespace"] == cm["metadata"]["namespace"] == "mon-itor"
    (c,) = ds["spec"]["template"]["spec"]["containers"]
    assert c["image"].startswith("nvcr.io/nvidia/k8s/dcgm-exporter:")
    assert c["args"] == ["-f", "/etc/dcgm-exporter/gpu-advisor-counters.csv"]
    assert c["ports"] == [{"name": "metrics", "containerPort": 9400}]
    assert "SYS_ADMIN" in c["securityContext"]["capabilities"]["add"]
    assert (
        ds["spec"]["selector"]["matchLabels"]
        == ds["spec"]["template"]["metadata"]["labels"]
    )


@pytest.mark.parametrize("scheduler", [Scheduler.SLURM, Scheduler.BARE])
def test_dcgm_exporter_docker_script(scheduler: Scheduler) -> None:
    text = dcgm_exporter_manifest(
        Environment(scheduler=scheduler), Monitoring(exporter_port=9500), ZH
    )
    bash_syntax_ok(text)
    shellcheck_ok(text)
    body = text.split("<<'CSV'\n", 1)[1].split("\nCSV\n", 1)[0] + "\n"
    assert body == DCGM_COUNTERS_CSV
    assert "-p 9500:9500" in text


@given(image=ODD_TEXT)
@settings(max_examples=30, deadline=None)
def test_dcgm_exporter_script_quotes_image(image: str) -> None:
    text = dcgm_exporter_manifest(
        Environment(scheduler=Scheduler.BARE), Monitoring(dcgm_exporter_image=image), EN
    )
    bash_syntax_ok(text)
    shellcheck_ok(text)
    daemon_set = list(
        yaml.safe_load_all(
            dcgm_exporter_manifest(
                Environment(), Monitoring(dcgm_exporter_image=image), EN
            )
        )
    )[2]
    assert daemon_set["spec"]["template"]["spec"]["containers"][0]["image"] == image


def test_counters_cover_every_alert_metric() -> None:
    used = set(
        re.findall(r"DCGM_FI_[A-Z0-9_]+", prometheus_alert_rules(Monitoring(), EN))
    )
    # The pre-DCGM-3.3 name is only an alternative in the expression.
    used.discard("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")
    assert used <= csv_fields()
    assert {
        "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
        "DCGM_FI_DEV_CLOCKS_EVENT_REASONS",
        "DCGM_FI_DEV_ROW_REMAP_FAILURE",
        "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS",
        "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE",
    } <= used


def test_scrape_config_kubernetes() -> None:
    cfg = yaml.safe_load(
        prometheus_scrape_config(Environment(), Monitoring(scrape_interval_s=30), EN)
    )
    assert cfg["global"]["scrape_interval"] == "30s"
    assert cfg["rule_files"] == [ALERT_RULES_FILENAME]
    (sc,) = cfg["scrape_configs"]
    assert sc["job_name"] == "dcgm-exporter"
    assert sc["kubernetes_sd_configs"] == [
        {"role": "pod", "namespaces": {"names": ["gpu-monitoring"]}}
    ]
    assert sc["relabel_configs"][0]["regex"] == "dcgm-exporter"


@pytest.mark.parametrize("nodes", [1, 3, PLACEHOLDER_HOST_LIMIT])
def test_scrape_config_static(nodes: int) -> None:
    env = Environment(scheduler=Scheduler.SLURM, nodes=nodes, hostnames=["gpu-a"])
    cfg = yaml.safe_load(
        prometheus_scrape_config(env, Monitoring(exporter_port=9401), EN)
    )
    (sc,) = cfg["scrape_configs"]
    targets = sc["static_configs"][0]["targets"]
    assert len(targets) == nodes
    assert targets[0] == "gpu-a:9401"


def test_scrape_config_many_nodes_uses_file_sd() -> None:
    env = Environment(scheduler=Scheduler.BARE, nodes=PLACEHOLDER_HOST_LIMIT + 1)
    (sc,) = yaml.safe_load(prometheus_scrape_config(env, Monitoring(), EN))[
        "scrape_configs"
    ]
    assert "static_configs" not in sc
    assert sc["file_sd_configs"] == [{"files": ["targets/dcgm-exporter-*.json"]}]


# --- alert rules ----------------------------------------------------------------


def test_alert_rules_thresholds() -> None:
    mon = Monitoring(
        gpu_temp_c=80,
        memory_temp_c=92.5,
        util_low_pct=55,
        util_window_minutes=20,
        nccl_hang_minutes=7,
        ecc_dbe_threshold=3,
    )
    rules = rules_by_name(prometheus_alert_rules(mon, EN, expected_gpus_per_node=8))
    assert set(rules) == EXPECTED_ALERTS
    n = with_node_label
    assert rules["GpuTemperatureHigh"]["expr"] == n("DCGM_FI_DEV_GPU_TEMP > 80")
    assert rules["GpuMemoryTemperatureHigh"]["expr"] == n(
        "DCGM_FI_DEV_MEMORY_TEMP > 92.5"
    )
    assert rules["GpuEccDoubleBitErrors"]["expr"] == n(
        "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL >= 3"
    )
    assert rules["GpuUtilizationLow"]["expr"] == n(
        "avg_over_time(DCGM_FI_DEV_GPU_UTIL[20m]) < 55 and DCGM_FI_DEV_FB_USED > 1024"
    )
    assert "[7m]" in rules["NcclHangSuspected"]["expr"]
    assert "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE" in rules["NcclHangSuspected"]["expr"]
    assert rules["GpuXidError"]["expr"] == n(
        "DCGM_FI_DEV_XID_ERRORS > 0 and changes(DCGM_FI_DEV_XID_ERRORS[10m]) > 0"
    )
    assert "79" not in rules["GpuXidError"]["expr"]
    assert "XID 79" in rules["GpuMissing"]["annotations"]["description"]
    assert rules["GpuCountBelowExpected"]["expr"] == n(
        "count by (node) (DCGM_FI_DEV_GPU_TEMP) < 8"
    )
    assert (
        "unless on (node, gpu) " + n("DCGM_FI_DEV_GPU_TEMP")
        in (rules["GpuMissing"]["expr"])
    )
    assert rules["GpuRowRemapFailure"]["expr"] == n("DCGM_FI_DEV_ROW_REMAP_FAILURE > 0")
    assert (
        "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS"
        in rules["GpuUncorrectableRowsRemapped"]["expr"]
    )
    throttle = rules["GpuPowerBrakeOrHwSlowdown"]["expr"]
    assert "/ 8) % 2 == 1" in throttle
    assert "/ 128) % 2 == 1" in throttle
    assert "DCGM_FI_DEV_CLOCKS_EVENT_REASONS" in throttle
    assert "/ 32) % 4 > 0" in rules["GpuThermalThrottling"]["expr"]
    assert rules["DcgmExporterDown"]["expr"] == 'up{job="dcgm-exporter"} == 0'
    assert rules["DcgmExporterAbsent"]["expr"] == 'absent(up{job="dcgm-exporter"})'
    for rule in rules.values():
        assert PROM_DURATION.match(rule["for"]), rule
        assert rule["labels"]["severity"] in {"warning", "critical"}
        assert rule["annotations"]["summary"]
        assert rule["annotations"]["description"]
        expr = rule["expr"]
        assert expr.count("(") == expr.count(")")
        assert expr.count("[") == expr.count("]")


def test_alert_rules_optional_alerts() -> None:
    rules = rules_by_name(
        prometheus_alert_rules(Monitoring(power_throttle_alert=False), EN)
    )
    assert "GpuPowerBrakeOrHwSlowdown" not in rules
    assert "GpuCountBelowExpected" not in rules
    assert "GpuThermalThrottling" in rules


def test_alert_windows_hold_several_scrapes() -> None:
    mon = Monitoring(util_window_minutes=1, nccl_hang_minutes=2, scrape_interval_s=600)
    rules = rules_by_name(prometheus_alert_rules(mon, EN))
    assert "DCGM_FI_DEV_GPU_UTIL[40m]" in rules["GpuUtilizationLow"]["expr"]
    assert "[40m]" in rules["NcclHangSuspected"]["expr"]


def test_low_utilisation_points_at_data_loading() -> None:
    en = rules_by_name(prometheus_alert_rules(Monitoring(), EN))
    zh = rules_by_name(prometheus_alert_rules(Monitoring(), ZH))
    assert "data loading first" in en["GpuUtilizationLow"]["annotations"]["description"]
    assert "数据加载" in zh["GpuUtilizationLow"]["annotations"]["description"]
    assert "不要急着加卡" in zh["GpuUtilizationLow"]["annotations"]["description"]


def test_language_switch_changes_only_annotations() -> None:
    en = rules_by_name(prometheus_alert_rules(Monitoring(), EN, 8))
    zh = rules_by_name(prometheus_alert_rules(Monitoring(), ZH, 8))
    assert en.keys() == zh.keys()
    for name in en:
        assert en[name]["expr"] == zh[name]["expr"]
        assert en[name]["for"] == zh[name]["for"]
        assert en[name]["labels"] == zh[name]["labels"]
        assert en[name]["annotations"] != zh[name]["annotations"]
        assert CJK.search(zh[name]["annotations"]["summary"]), name
        assert not CJK.search(str(en[name]["annotations"])), name
    assert "掉卡" in zh["GpuMissing"]["annotations"]["summary"]
    assert "降频" in zh["GpuThermalThrottling"]["annotations"]["summary"]


def test_grafana_hint() -> None:
    en = grafana_dashboard_hint(Monitoring(util_low_pct=50), EN)
    zh = grafana_dashboard_hint(Monitoring(util_low_pct=50), ZH)
    assert str(GRAFANA_DCGM_DASHBOARD_ID) in en
    assert str(GRAFANA_DCGM_DASHBOARD_ID) in zh
    assert "50 %" in en
    assert "50 %" in zh
    assert en != zh


# --- bundle and advice ----------------------------------------------------------


def check_config(cfg: GeneratedConfig) -> None:
    assert cfg.text.endswith("\n")
    if cfg.language == "yaml":
        docs = list(yaml.safe_load_all(cfg.text))
        assert docs
        assert all(isinstance(d, dict) for d in docs)
    elif cfg.language == "bash":
        bash_syntax_ok(cfg.text)
        shellcheck_ok(cfg.text)
    else:
        assert cfg.language == "text"


@pytest.mark.parametrize(
    ("scheduler", "first"),
    [
        (Scheduler.KUBERNETES, "kubernetes-job"),
        (Scheduler.SLURM, "slurm-sbatch"),
        (Scheduler.BARE, "bare-launch"),
    ],
)
@pytest.mark.parametrize("language", [Language.EN, Language.ZH])
def test_generate_all(scheduler: Scheduler, first: str, language: Language) -> None:
    project = Project(
        meta=ProjectMeta(language=language),
        environment=Environment(scheduler=scheduler, nodes=2),
    )
    configs = generate_all(project, None, wording(project.meta.language))
    assert [c.name for c in configs] == [
        first,
        "dcgm-exporter",
        "prometheus-config",
        "prometheus-alerts",
        "grafana-dashboard",
    ]
    assert len({c.filename for c in configs}) == len(configs)
    for cfg in configs:
        check_config(cfg)
        assert bool(CJK.search(cfg.title)) is (language is Language.ZH)
    rules = rules_by_name(configs[3].text)
    assert rules["GpuCountBelowExpected"]["expr"].endswith("< 8")


def test_generated_config_is_frozen() -> None:
    cfg = generate_all(Project(), None, wording(Project().meta.language))[0]
    with pytest.raises(AttributeError):
        cfg.text = "x"  # type: ignore[misc]


def test_environment_advice() -> None:
    single = environment_advice(Environment(), Workload(gpus=8))
    assert single == []
    codes = [
        a.code
        for a in environment_advice(
            Environment(nodes=2, gpus_per_node=4), Workload(gpus=16, tp=8)
        )
    ]
    assert codes == [
        "environment.single_node_first",
        "environment.no_rdma",
        "environment.gpu_count_mismatch",
        "environment.tp_across_nodes",
    ]
    slurm = environment_advice(Environment(scheduler=Scheduler.SLURM, nodes=2))
    assert [a.code for a in slurm] == ["environment.single_node_first"]


# --- schema additions -------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"hostnames": ["bad host"]},
        {"hostnames": ["-lead"]},
        {"nccl_env": {"1BAD": "x"}},
        {"nccl_env": {"A B": "x"}},
        {"rdma_resource": "rdma/a/b"},
        {"rdma_resource": "rdma device"},
        {"master_port": 80},
    ],
)
def test_environment_rejects_unsafe_values(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        Environment(**kwargs)


def test_old_environment_still_loads() -> None:
    env = Environment.model_validate({"scheduler": "slurm", "nodes": 2})
    assert env.shm_gib == 32
    assert env.master_port == 29500
    assert env.nccl_env == {}
    assert Monitoring.model_validate({}).exporter_port == 9400


# --- property tests ---------------------------------------------------------------


@st.composite
def environments(draw: st.DrawFn, scheduler: Scheduler) -> Environment:
    nodes = draw(st.integers(1, 64))
    return Environment(
        scheduler=scheduler,
        nodes=nodes,
        gpus_per_node=draw(st.integers(1, 16)),
        job_name=draw(ODD_TEXT),
        namespace=draw(ODD_TEXT),
        partition=draw(ODD_TEXT),
        train_script=draw(ODD_TEXT),
        data_path=draw(ODD_TEXT),
        pytorch_image=draw(ODD_TEXT),
        cuda_version=draw(ODD_TEXT.map(lambda s: s[:20])),
        hostnames=draw(st.lists(HOST, max_size=3)),
        data_pvc=draw(st.one_of(st.just(""), ODD_TEXT)),
        image_pull_secret=draw(st.one_of(st.just(""), ODD_TEXT)),
        nccl_env=draw(
            st.dictionaries(
                st.from_regex(r"NCCL_[A-Z_]{1,8}", fullmatch=True), ODD_TEXT, max_size=2
            )
        ),
        bare_use_container=draw(st.booleans()),
    )


@given(environments(Scheduler.KUBERNETES), st.sampled_from(list(catalog_languages())))
@settings(max_examples=80, deadline=None)
def test_kubernetes_manifest_property(env: Environment, language: Language) -> None:
    docs = list(
        yaml.safe_load_all(kubernetes_manifest(env, Workload(), wording(language)))
    )
    j = job(docs)
    assert DNS_1035.match(j["metadata"]["name"])
    assert DNS_1035.match(j["metadata"]["namespace"])
    c = container(docs)
    assert c["image"] == env.pytorch_image
    assert c["resources"]["limits"]["nvidia.com/gpu"] == env.gpus_per_node
    if env.nodes > 1:
        assert j["spec"]["completions"] == j["spec"]["parallelism"] == env.nodes
        assert len(f"{j['metadata']['name']}-{env.nodes - 1}") <= 63
        bash_syntax_ok(c["command"][2])
    else:
        assert c["command"][-1] == env.train_script
    for cfg_text in (
        dcgm_exporter_manifest(env, Monitoring(), wording(language)),
        prometheus_scrape_config(env, Monitoring(), wording(language)),
    ):
        assert list(yaml.safe_load_all(cfg_text))


@given(
    env=environments(Scheduler.SLURM),
    language=st.sampled_from(list(catalog_languages())),
)
@settings(
    max_examples=examples(ci=20, deep=100),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_slurm_script_property(
    env: Environment, language: Language, tmp_path: Path
) -> None:
    text = slurm_script(env, Workload(), wording(language))
    bash_syntax_ok(text)
    shellcheck_ok(text)
    assert f"#SBATCH --nodes={env.nodes}\n" in text
    assert f"#SBATCH --gres=gpu:{env.gpus_per_node}\n" in text
    for line in text.splitlines():
        if line.startswith("#SBATCH"):
            assert re.fullmatch(r"#SBATCH --[a-z-]+(=[A-Za-z0-9_.:%-]+)?", line), line
    argv = run_with_stubs(
        tmp_path,
        text,
        [],
        {
            "SLURM_JOB_NODELIST": "n",
            "SLURM_NNODES": str(env.nodes),
            "SLURM_JOB_ID": "1",
        },
    )
    assert argv[-1] == home_expanded(env.train_script)


@given(
    env=environments(Scheduler.BARE),
    language=st.sampled_from(list(catalog_languages())),
    data=st.data(),
)
@settings(
    max_examples=examples(ci=20, deep=100),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_bare_script_property(
    env: Environment, language: Language, data: st.DataObject, tmp_path: Path
) -> None:
    text = bare_nodes_script(env, Workload(), wording(language))
    bash_syntax_ok(text)
    shellcheck_ok(text)
    rank = data.draw(st.integers(0, env.nodes - 1))
    argv = run_with_stubs(tmp_path, text, [str(rank)], {})
    assert argv[-1] == home_expanded(env.train_script)
    if env.bare_use_container:
        assert argv[0] == "run"
        assert env.pytorch_image in argv
    if env.nodes > 1:
        assert argv[argv.index("--node-rank") + 1] == str(rank)
        assert argv[argv.index("--nnodes") + 1] == str(env.nodes)


@given(
    st.builds(
        Monitoring,
        gpu_temp_c=st.floats(30, 120),
        memory_temp_c=st.floats(30, 130),
        util_low_pct=st.floats(0, 100),
        util_window_minutes=st.integers(1, 1440),
        nccl_hang_minutes=st.integers(1, 1440),
        ecc_dbe_threshold=st.integers(1, 1000),
        power_throttle_alert=st.booleans(),
        scrape_interval_s=st.integers(1, 3600),
    ),
    st.sampled_from(list(catalog_languages())),
)
@settings(max_examples=100, deadline=None)
def test_alert_rules_property(mon: Monitoring, language: Language) -> None:
    rules = rules_by_name(prometheus_alert_rules(mon, wording(language)))
    expected = EXPECTED_ALERTS - {"GpuCountBelowExpected"}
    if not mon.power_throttle_alert:
        expected -= {"GpuPowerBrakeOrHwSlowdown"}
    assert set(rules) == expected
    threshold = float(rules["GpuTemperatureHigh"]["expr"].rsplit(" ", 1)[1])
    assert threshold == pytest.approx(mon.gpu_temp_c)
    match = re.search(r"\[(\d+)([mh])\]", rules["GpuUtilizationLow"]["expr"])
    assert match is not None
    window_s = int(match.group(1)) * (3600 if match.group(2) == "h" else 60)
    assert window_s >= max(mon.util_window_minutes * 60, 4 * mon.scrape_interval_s)


@pytest.mark.parametrize("scheduler", [Scheduler.SLURM, Scheduler.BARE])
def test_home_relative_paths_reach_the_job_expanded(
    scheduler: Scheduler, tmp_path: Path
) -> None:
    """``~/data`` must mean the home folder, not a folder named ``~``
    (a quoted tilde stays literal; shellcheck SC2088)."""
    env = Environment(
        scheduler=scheduler, data_path="~/datasets/c4", train_script="~/train.py"
    )
    text = (
        slurm_script(env, Workload(), EN)
        if scheduler is Scheduler.SLURM
        else bare_nodes_script(env, Workload(), EN)
    )
    shellcheck_ok(text)
    assert 'export DATA_PATH="$HOME"/datasets/c4\n' in text
    stub_env = {"SLURM_JOB_NODELIST": "n", "SLURM_NNODES": "1", "SLURM_JOB_ID": "1"}
    argv = run_with_stubs(tmp_path, text, ["0"], stub_env)
    assert argv[-1] == os.environ["HOME"] + "/train.py"


@pytest.mark.parametrize("word", ["cd", "sort", "date"])
def test_values_named_like_commands_are_quoted(word: str) -> None:
    """``X=sort`` reads like a forgotten ``$(sort)`` (shellcheck SC2209)."""
    env = Environment(
        scheduler=Scheduler.BARE,
        nodes=2,
        hostnames=[word, "node-b"],
        nccl_env={"NCCL_SOCKET_IFNAME": word},
    )
    text = bare_nodes_script(env, Workload(), EN)
    shellcheck_ok(text)
    assert f"MASTER_ADDR='{word}'\n" in text
    assert f"export NCCL_SOCKET_IFNAME='{word}'\n" in text


# --- catalog temperature limits behind the alerts ---------------------------------


def test_catalog_thermal_limits_are_ordered_and_cited() -> None:
    """Each GPU's published limits: max operating <= slowdown < shutdown, with a URL.

    The alerts warn at the max operating temperature and again at the slowdown
    temperature, so a block out of this order would warn in the wrong order.
    """
    cited = {g.id: g.thermal for g in load_catalog().gpus if g.thermal is not None}
    assert {"A100-40GB-SXM", "A100-80GB-SXM", "A100-80GB-PCIe", "H800-80GB-SXM"} <= (
        cited.keys()
    )
    for gpu_id, thermal in cited.items():
        slowdown, shutdown = thermal.slowdown_temp_c, thermal.shutdown_temp_c
        assert slowdown is not None, gpu_id
        assert shutdown is not None, gpu_id
        assert thermal.max_operating_temp_c <= slowdown < shutdown, gpu_id
        urls = [c.url for c in thermal.provenance.citations]
        assert urls, gpu_id
        assert all(u.startswith("https://") for u in urls), gpu_id
