"""``gpu-advisor-cli rollout``: every example's files at its planned scale, through real validators.

Validators: ``bash -n`` and shellcheck on every shell script, ``promtool check
rules`` and ``promtool test rules`` (our own unit tests against dcgm-exporter's
old ``Hostname`` and new ``hostname`` label), ``kubernetes-validate --strict``
on every Kubernetes document, ``sbatch --test-only`` where SLURM is installed.
Stub ``srun``/``mpirun``/``docker`` check what reaches the ranks and the
container.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
import yaml

from gpu_advisor.cli import main
from gpu_advisor.engine.evaluate import Rollout, evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project, save_project
from gpu_advisor.io.rollout import rollout_files, write_rollout
from gpu_advisor.io.testkit import write_testkit
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project, Scheduler
from gpu_advisor.words import wording
from tests.property_runs import DEEP

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "resources" / "examples").glob("*.gpuplan"))
CATALOG = load_catalog()
SHELLCHECK = shutil.which("shellcheck")
PROMTOOL = shutil.which("promtool")
SBATCH = shutil.which("sbatch")


def sbatch_refusal(sbatch: str | None) -> str | None:
    """Why ``sbatch --test-only`` cannot check scripts here (None: it can).

    An installed ``sbatch`` without a configured cluster (no slurm.conf, no
    controller) refuses every script, ours or not, so the check runs it on
    a trivial script first and skips with the tool's own words when that
    fails too.
    """
    if sbatch is None:
        return "SLURM (sbatch) is not installed on this machine"
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "probe.sbatch"
        script.write_text("#!/bin/sh\n#SBATCH --ntasks=1\ntrue\n", encoding="utf-8")
        try:
            probe = subprocess.run(
                [sbatch, "--test-only", str(script)],
                capture_output=True,
                text=True,
                cwd=tmp,
                timeout=20,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            return f"sbatch is installed but cannot run: {exc}"
    if probe.returncode != 0:
        said = (probe.stderr or probe.stdout).strip().splitlines()
        return "sbatch is installed but refuses a trivial script (no cluster?): " + (
            said[0] if said else f"exit {probe.returncode}"
        )
    return None


SBATCH_REFUSAL = sbatch_refusal(SBATCH)
ALL_K8S_VERSIONS = tuple(f"1.{minor}" for minor in range(25, 38))
"""Every Kubernetes release kubernetes-validate 1.37 has schemas for."""
K8S_VERSIONS = (
    ALL_K8S_VERSIONS
    if DEEP
    else (ALL_K8S_VERSIONS[0], ALL_K8S_VERSIONS[6], ALL_K8S_VERSIONS[-1])
)
"""The releases the documents are checked against: the oldest, the middle and
the newest in the CI tier (each release's schemas are loaded afresh for every
document, 15 s for all thirteen), all of them in the deep tier."""
SCHEDULERS = {
    "k8s": Scheduler.KUBERNETES,
    "slurm": Scheduler.SLURM,
    "bare": Scheduler.BARE,
}

# The sizing of the shipped examples (fidelity of the sizing is tested elsewhere).
PLANNED = {
    "lab_64_gpus_three_years": (8, 8),
    "shanghai_13b_finetune": (1, 8),
    "shenzhen_7b_pretrain_then_serve": (8, 8),
}


def _rollout(project: Project) -> Rollout:
    """The rollout of the plan's evaluation, as ``gpu-advisor-cli rollout`` writes it."""
    return evaluate_plan(project, CATALOG, monte_carlo=False).rollout


def _ready(project: Project) -> Project:
    """The example with a training-script source (Kubernetes needs one) and an RDMA device."""
    env = project.environment.model_copy(
        update={"script_source": "image", "rdma_resource": "rdma/hca_shared_devices_a"}
    )
    return project.model_copy(update={"environment": env})


@pytest.fixture(scope="module")
def rollouts(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """Every example x scheduler written by the CLI."""
    out: dict[tuple[str, str], Path] = {}
    base = tmp_path_factory.mktemp("rollout")
    for example in EXAMPLES:
        project_path = base / example.name
        save_project(_ready(load_project(example)), project_path)
        for flag in SCHEDULERS:
            folder = base / f"{example.stem}-{flag}"
            args = [
                "rollout",
                str(project_path),
                "-o",
                str(folder),
                "--scheduler",
                flag,
                "--lang",
                "en",
            ]
            assert main(args) == 0
            out[(example.stem, flag)] = folder
    return out


def _files(folder: Path, *suffixes: str) -> list[Path]:
    return sorted(
        p for p in folder.rglob("*") if p.is_file() and p.name.endswith(suffixes)
    )


def test_examples_are_planned_at_scale() -> None:
    assert {p.stem for p in EXAMPLES} == set(PLANNED)


@pytest.mark.parametrize("flag", list(SCHEDULERS))
@pytest.mark.parametrize("example", sorted(PLANNED))
def test_files_follow_the_planned_node_count(
    rollouts: dict[tuple[str, str], Path], example: str, flag: str
) -> None:
    nodes, gpus = PLANNED[example]
    folder = rollouts[(example, flag)]
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert (manifest["nodes"], manifest["gpus_per_node"]) == (nodes, gpus)
    assert manifest["ranks"] == nodes * gpus
    listed = {entry["path"] for entry in manifest["files"]}
    written = {
        p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()
    }
    assert listed == written
    assert all(entry["purpose"] for entry in manifest["files"])
    launch = next((folder / "launch").iterdir()).read_text(encoding="utf-8")
    if flag == "slurm":
        assert f"#SBATCH --nodes={nodes}\n" in launch
        assert f"#SBATCH --gres=gpu:{gpus}\n" in launch
    elif flag == "bare":
        assert f"NNODES={nodes}\n" in launch
        assert ("--standalone" in launch) == (nodes == 1)
    else:
        job = next(d for d in yaml.safe_load_all(launch) if d["kind"] == "Job")
        assert job["spec"].get("completions", 1) == nodes
        container = job["spec"]["template"]["spec"]["containers"][0]
        assert container["resources"]["limits"]["nvidia.com/gpu"] == gpus
        if nodes > 1:  # the RDMA device the user named, and the plan's IB settings
            assert container["resources"]["limits"]["rdma/hca_shared_devices_a"] == 1
            # IPC_LOCK: the file says the namespace must allow privileged pods
            assert "pod-security.kubernetes.io/enforce=privileged" in launch
            names = {e["name"]: e.get("value") for e in container["env"]}
            assert names["NCCL_IB_DISABLE"] == "0"
    sbatch = (folder / "testkit" / "slurm" / "testkit.sbatch").read_text(
        encoding="utf-8"
    )
    assert f"#SBATCH --nodes={nodes}\n" in sbatch  # the 8-GPU plan asks for 1 node
    assert f"#SBATCH --ntasks-per-node={gpus}\n" in sbatch
    if nodes > 1:  # the plan's network settings reach the launch file
        assert "NCCL_IB_DISABLE" in launch
        assert manifest["nccl_env"]["NCCL_IB_DISABLE"] == "0"


def test_every_shell_script_passes_bash_and_shellcheck(
    rollouts: dict[tuple[str, str], Path],
) -> None:
    scripts = [p for f in rollouts.values() for p in _files(f, ".sh", ".sbatch")]
    assert len(scripts) >= 9 * len(rollouts)
    for script in scripts:
        result = subprocess.run(
            ["bash", "-n", str(script)], capture_output=True, text=True
        )
        assert result.returncode == 0, (script, result.stderr)
        assert os.stat(script).st_mode & stat.S_IXUSR, script
    if SHELLCHECK is None:
        pytest.skip("shellcheck is not installed")
    result = subprocess.run(
        [SHELLCHECK, "-s", "bash", *map(str, scripts)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_kubernetes_documents_pass_the_api_schemas(
    rollouts: dict[tuple[str, str], Path],
) -> None:
    kubernetes_validate = pytest.importorskip("kubernetes_validate")
    checked = 0
    for folder in rollouts.values():
        for path in _files(folder, ".yaml"):
            for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")):
                if (
                    not isinstance(doc, dict)
                    or "kind" not in doc
                    or "apiVersion" not in doc
                ):
                    continue
                for version in K8S_VERSIONS:
                    kubernetes_validate.validate(doc, version, strict=True)
                checked += 1
                for pod in _pod_specs(doc):
                    for container in pod["containers"]:
                        resources = container["resources"]
                        assert resources.get("requests"), path
                        assert resources.get("limits"), path
    assert checked >= 3 * len(EXAMPLES)


def _pod_specs(
    doc: dict[str, object],
) -> list[dict[str, list[dict[str, dict[str, object]]]]]:
    spec = doc.get("spec")
    if doc.get("kind") in {"Job", "DaemonSet"} and isinstance(spec, dict):
        return [spec["template"]["spec"]]
    return []


@pytest.mark.parametrize("example", sorted(PLANNED))
def test_kit_spans_the_planned_nodes_and_states_its_privileges(
    rollouts: dict[tuple[str, str], Path], example: str
) -> None:
    nodes, gpus = PLANNED[example]
    text = (rollouts[(example, "k8s")] / "testkit/k8s/testkit-job.yaml").read_text(
        encoding="utf-8"
    )
    docs = {d["kind"]: d for d in yaml.safe_load_all(text)}
    assert {
        "Namespace",
        "PersistentVolumeClaim",
        "Service",
        "Job",
        "PodDisruptionBudget",
    } <= set(docs)
    job = docs["Job"]["spec"]
    assert (job["completionMode"], job["completions"], job["parallelism"]) == (
        "Indexed",
        nodes,
        nodes,
    )
    pod = job["template"]["spec"]
    assert pod["subdomain"] == docs["Service"]["metadata"]["name"]
    assert docs["Service"]["spec"]["clusterIP"] == "None"
    assert {
        "key": "nvidia.com/gpu",
        "operator": "Exists",
        "effect": "NoSchedule",
    } in pod["tolerations"]
    container = pod["containers"][0]
    assert container["resources"]["limits"]["nvidia.com/gpu"] == gpus
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    claims = {
        v["name"]: v["persistentVolumeClaim"]["claimName"]
        for v in pod["volumes"]
        if "persistentVolumeClaim" in v
    }
    assert mounts["/data"] in claims
    assert mounts["/results"] in claims
    assert not any("hostPath" in v for v in pod["volumes"])
    env = {e["name"]: e.get("value") for e in container["env"]}
    assert env["KIT_NODES"] == str(nodes)
    labels = docs["Namespace"]["metadata"]["labels"]
    added = container["securityContext"].get("capabilities", {}).get("add", [])
    if nodes > 1:  # RDMA device (the example names one) and pinned memory
        assert container["resources"]["limits"]["rdma/hca_shared_devices_a"] == 1
        assert added == ["IPC_LOCK"]
        assert labels["pod-security.kubernetes.io/enforce"] == "privileged"
        assert "IPC_LOCK lets NCCL pin memory" in text
    else:
        assert not added
        assert not pod.get("hostNetwork")
        assert labels["pod-security.kubernetes.io/enforce"] == "baseline"
    assert docs["PodDisruptionBudget"]["spec"]["maxUnavailable"] == 0


def test_kubernetes_job_supplies_the_script() -> None:
    project = load_project(EXAMPLES[0])
    env = project.environment.model_copy(
        update={"script_source": "configmap", "script_configmap": "train-code"}
    )
    files, _plan = rollout_files(
        _rollout(project.model_copy(update={"environment": env})),
        language=Language.EN,
    )
    launch = next(f for f in files if f.path.startswith("launch/"))
    job = next(d for d in yaml.safe_load_all(launch.text) if d["kind"] == "Job")
    pod = job["spec"]["template"]["spec"]
    container = pod["containers"][0]
    assert container["workingDir"] == "/workspace"
    assert {"name": "script", "configMap": {"name": "train-code"}} in pod["volumes"]


def test_kubernetes_without_a_script_source_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    project = load_project(EXAMPLES[0])
    environment = project.environment.model_copy(update={"script_source": ""})
    plan = tmp_path / "plan.gpuplan"
    save_project(project.model_copy(update={"environment": environment}), plan)
    assert main(["rollout", str(plan), "-o", str(out), "--scheduler", "k8s"]) == 2
    assert "Say where the pods find train.py" in capsys.readouterr().err
    assert not out.exists()


def test_non_empty_folder_needs_force_and_project_file_is_never_replaced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine", encoding="utf-8")
    args = ["rollout", str(EXAMPLES[1]), "-o", str(out), "--scheduler", "slurm"]
    assert main(args) == 2
    assert "--force" in capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == ["keep.txt"]
    assert main([*args, "--force"]) == 0
    assert (out / "keep.txt").read_text(encoding="utf-8") == "mine"
    # A project file where the manifest would go stays untouched.
    project_path = out / "manifest.json"
    shutil.copy(EXAMPLES[1], project_path)
    before = project_path.read_bytes()
    assert (
        main(
            [
                "rollout",
                str(project_path),
                "-o",
                str(out),
                "--scheduler",
                "slurm",
                "--force",
            ]
        )
        == 2
    )
    assert "project file" in capsys.readouterr().err
    assert project_path.read_bytes() == before


# --- Prometheus ------------------------------------------------------------------

PROMTOOL_TESTS = """
rule_files: [rules.yaml]
evaluation_interval: 1m
tests:
  - interval: 1m
    input_series:
      # dcgm-exporter 4.2.3 labels the node "Hostname", newer releases "hostname".
      - series: 'DCGM_FI_DEV_GPU_TEMP{Hostname="old-node",gpu="0"}'
        values: '90x20'
      - series: 'DCGM_FI_DEV_GPU_TEMP{hostname="new-node",gpu="0"}'
        values: '90x20'
    alert_rule_test:
      - eval_time: 10m
        alertname: GpuTemperatureHigh
        exp_alerts:
          - exp_labels: {severity: warning, Hostname: old-node, node: old-node, gpu: "0"}
          - exp_labels: {severity: warning, hostname: new-node, node: new-node, gpu: "0"}
      - eval_time: 10m
        alertname: GpuCountBelowExpected
        exp_alerts:
          - exp_labels: {severity: critical, node: old-node}
          - exp_labels: {severity: critical, node: new-node}
  - interval: 1m
    input_series:
      # a new XID 48 at minute 5; an exporter that restarted holding XID 13 from before.
      - series: 'DCGM_FI_DEV_XID_ERRORS{Hostname="n1",gpu="3"}'
        values: '0x4 48x40'
      - series: 'DCGM_FI_DEV_XID_ERRORS{Hostname="n2",gpu="1"}'
        values: '13x45'
    alert_rule_test:
      - eval_time: 8m
        alertname: GpuXidError
        exp_alerts:
          - exp_labels: {severity: warning, Hostname: n1, node: n1, gpu: "3"}
      - eval_time: 30m
        alertname: GpuXidError
        exp_alerts: []
  - interval: 1m
    input_series:
      # GPU 1 of n1 stops reporting at minute 20 (fell off the bus: no XID 79 from DCGM).
      - series: 'DCGM_FI_DEV_GPU_TEMP{hostname="n1",gpu="0"}'
        values: '50x60'
      - series: 'DCGM_FI_DEV_GPU_TEMP{hostname="n1",gpu="1"}'
        values: '50x20'
    alert_rule_test:
      - eval_time: 15m
        alertname: GpuMissing
        exp_alerts: []
      - eval_time: 40m
        alertname: GpuMissing
        exp_alerts:
          - exp_labels: {severity: critical, node: n1, gpu: "1"}
"""


def _rules_without_annotations(text: str) -> str:
    doc = yaml.safe_load(text)
    for group in doc["groups"]:
        for rule in group["rules"]:
            rule.pop("annotations", None)
    return yaml.safe_dump(doc, sort_keys=False)


@pytest.mark.skipif(
    PROMTOOL is None, reason="promtool is not installed (Debian: prometheus)"
)
def test_alert_rules_pass_promtool_check_and_unit_tests(
    rollouts: dict[tuple[str, str], Path], tmp_path: Path
) -> None:
    assert PROMTOOL is not None
    for (example, flag), folder in rollouts.items():
        rules = folder / "monitoring" / "gpu-advisor-alerts.yaml"
        result = subprocess.run(
            [PROMTOOL, "check", "rules", "--lint=all", str(rules)],
            capture_output=True,
            text=True,
        )
        assert result.returncode == 0, (example, flag, result.stdout + result.stderr)
        # Annotations are templates; the unit tests check expressions and labels.
        (tmp_path / "rules.yaml").write_text(
            _rules_without_annotations(rules.read_text(encoding="utf-8")),
            encoding="utf-8",
        )
        (tmp_path / "tests.yaml").write_text(PROMTOOL_TESTS, encoding="utf-8")
        result = subprocess.run(
            [PROMTOOL, "test", "rules", "tests.yaml"],
            capture_output=True,
            text=True,
            cwd=tmp_path,
        )
        assert result.returncode == 0, (example, flag, result.stdout + result.stderr)


# --- SLURM -------------------------------------------------------------------------


@pytest.mark.skipif(SBATCH_REFUSAL is not None, reason=str(SBATCH_REFUSAL))
def test_sbatch_test_only(
    rollouts: dict[tuple[str, str], Path],
) -> None:  # pragma: no cover
    assert SBATCH is not None
    for (_example, flag), folder in rollouts.items():
        if flag != "slurm":
            continue
        for script in _files(folder, ".sbatch"):
            result = subprocess.run(
                [SBATCH, "--test-only", str(script)],
                capture_output=True,
                text=True,
                cwd=folder,
            )
            assert result.returncode == 0, result.stderr


def _stub(bin_dir: Path, name: str, body: str) -> None:
    path = bin_dir / name
    path.write_text("#!/usr/bin/env bash\n" + body, encoding="utf-8")
    path.chmod(0o755)


SRUN_STUB = """
if [[ "$1" == "--mpi=list" ]]; then
  printf 'MPI plugin types are...\\n\\tnone\\n\\t%s\\n' "${STUB_MPI_PLUGINS:-pmix pmi2}"
  exit 0
fi
ntasks="${SLURM_NTASKS:-1}"
per_node="${SLURM_NTASKS_PER_NODE:-1}"
for arg in "$@"; do
  case "$arg" in
    --ntasks=*) ntasks="${arg#--ntasks=}" ;;
    --ntasks-per-node=*) per_node="${arg#--ntasks-per-node=}" ;;
    --mpi=*) echo "${arg#--mpi=}" > "$STUB_LOG.mpi" ;;
  esac
done
echo "$ntasks $per_node" > "$STUB_LOG"
env | grep '^NCCL_' | sort > "$STUB_LOG.env"
"""

MPIRUN_STUB = """
np=""
forwarded=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    -np) np="$2"; shift 2 ;;
    -x) forwarded+=("$2"); shift 2 ;;
    *) shift ;;
  esac
done
echo "$np" > "$STUB_LOG"
printf '%s\\n' "${forwarded[@]}" > "$STUB_LOG.x"
"""


def _kit_env(tmp_path: Path, kit: Path, extra: dict[str, str]) -> dict[str, str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    _stub(bin_dir, "srun", SRUN_STUB)
    _stub(bin_dir, "mpirun", MPIRUN_STUB)
    tests_dir = tmp_path / "nccl-tests"
    tests_dir.mkdir()
    for name in ("all_reduce_perf", "all_gather_perf", "alltoall_perf"):
        _stub(tests_dir, name, "exit 0\n")
    return {
        "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
        "HOME": str(tmp_path),
        "NCCL_TESTS_DIR": str(tests_dir),
        "RESULTS_DIR": str(tmp_path / "results"),
        "STUB_LOG": str(tmp_path / "launch.log"),
        **extra,
    }


@pytest.mark.parametrize(
    "example", ["lab_64_gpus_three_years", "shenzhen_7b_pretrain_then_serve"]
)
def test_slurm_kit_multi_node_nccl_runs_one_rank_per_gpu(
    rollouts: dict[tuple[str, str], Path], tmp_path: Path, example: str
) -> None:
    nodes, gpus = PLANNED[example]
    kit = rollouts[(example, "slurm")] / "testkit"
    # What sbatch gives the batch script: one task per node in SLURM_NTASKS.
    env = _kit_env(
        tmp_path,
        kit,
        {
            "SLURM_JOB_ID": "42",
            "SLURM_NNODES": str(nodes),
            "SLURM_NTASKS": str(nodes),
            "SLURM_NTASKS_PER_NODE": "1",
        },
    )
    result = subprocess.run(
        ["bash", str(kit / "21_nccl_multi_node.sh")],
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    ntasks, per_node = (tmp_path / "launch.log").read_text().split()
    assert int(ntasks) == nodes * gpus
    assert int(per_node) == gpus
    assert (tmp_path / "launch.log.mpi").read_text().strip() == "pmix"
    assert "NCCL_IB_DISABLE=0" in (tmp_path / "launch.log.env").read_text()
    assert f"{nodes * gpus} ranks" in result.stdout


def test_slurm_kit_says_which_mpi_plugin_is_missing(
    rollouts: dict[tuple[str, str], Path], tmp_path: Path
) -> None:
    kit = rollouts[("lab_64_gpus_three_years", "slurm")] / "testkit"
    env = _kit_env(
        tmp_path,
        kit,
        {"SLURM_JOB_ID": "42", "SLURM_NNODES": "8", "STUB_MPI_PLUGINS": "pmi2"},
    )
    result = subprocess.run(
        ["bash", str(kit / "21_nccl_multi_node.sh")],
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert "--mpi=pmix" in result.stderr
    assert "MPI_LAUNCHER" in result.stderr
    env["MPI_LAUNCHER"] = "pmi2"
    result = subprocess.run(
        ["bash", str(kit / "21_nccl_multi_node.sh")],
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "launch.log.mpi").read_text().strip() == "pmi2"


def test_mpirun_forwards_every_nccl_setting(
    rollouts: dict[tuple[str, str], Path], tmp_path: Path
) -> None:
    kit = rollouts[("shenzhen_7b_pretrain_then_serve", "bare")] / "testkit"
    hostfile = tmp_path / "hostfile"
    hostfile.write_text(
        "".join(f"node{i:02d} slots=8\n" for i in range(8)), encoding="utf-8"
    )
    env = _kit_env(
        tmp_path,
        kit,
        {
            "MPI_LAUNCHER": "mpirun",
            "NCCL_SOCKET_IFNAME": "bond0",
            "NCCL_IB_HCA": "mlx5_0",
        },
    )
    result = subprocess.run(
        ["bash", str(kit / "21_nccl_multi_node.sh"), str(hostfile)],
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "launch.log").read_text().strip() == "64"
    forwarded = set((tmp_path / "launch.log.x").read_text().split())
    assert {
        "NCCL_SOCKET_IFNAME",
        "NCCL_IB_HCA",
        "NCCL_DEBUG",
        "NCCL_IB_DISABLE",
        "NCCL_IB_GID_INDEX",
    } <= forwarded


# --- Docker ------------------------------------------------------------------------

DOCKER_STUB = """
for ((i = 1; i <= $#; i++)); do
  if [[ "${!i}" == "--env" ]]; then
    j=$((i + 1))
    name="${!j}"
    echo "$name=${!name}"
  fi
done > "$STUB_LOG"
printf '%s\\n' "$@" > "$STUB_LOG.argv"
"""


@pytest.mark.parametrize(
    "example", ["lab_64_gpus_three_years", "shenzhen_7b_pretrain_then_serve"]
)
def test_docker_launch_passes_every_nccl_setting(
    rollouts: dict[tuple[str, str], Path], tmp_path: Path, example: str
) -> None:
    folder = rollouts[(example, "bare")]
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    _stub(bin_dir, "docker", DOCKER_STUB)
    _stub(bin_dir, "torchrun", "exit 0\n")
    env = {
        "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
        "HOME": str(tmp_path),
        "STUB_LOG": str(tmp_path / "docker.log"),
        "NCCL_SOCKET_IFNAME": "bond0",  # the site's own setting, exported before the launch
    }
    result = subprocess.run(
        ["bash", str(folder / "launch" / "launch.sh"), "1"],
        env=env,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    seen = dict(
        line.split("=", 1)
        for line in (tmp_path / "docker.log").read_text().splitlines()
    )
    expected = {
        **manifest["nccl_env"],
        "NCCL_DEBUG": "WARN",
        "NCCL_SOCKET_IFNAME": "bond0",
    }
    for name, value in expected.items():
        assert seen.get(name) == value, name
    argv = (tmp_path / "docker.log.argv").read_text().splitlines()
    assert argv[argv.index("--network") + 1] == "host"
    if not Path("/dev/infiniband").is_dir():
        assert (
            "/dev/infiniband" in result.stderr
        )  # the plan wants RDMA: say it is missing


def test_write_rollout_marks_scripts_executable(tmp_path: Path) -> None:
    files, _plan = rollout_files(
        _rollout(load_project(EXAMPLES[1])), scheduler=Scheduler.BARE
    )
    write_rollout(files, tmp_path / "out")
    launch = tmp_path / "out" / "launch" / "launch.sh"
    assert os.stat(launch).st_mode & stat.S_IXUSR
    assert not os.stat(tmp_path / "out" / "manifest.json").st_mode & stat.S_IXUSR


def test_sbatch_refusal_names_the_cause(tmp_path: Path) -> None:
    """A missing sbatch, and one that refuses everything, are both reasons to skip."""
    assert sbatch_refusal(None) == "SLURM (sbatch) is not installed on this machine"
    broken = tmp_path / "sbatch"
    broken.write_text(
        "#!/bin/sh\necho 'sbatch: error: Could not establish a configuration source' >&2\n"
        "exit 1\n",
        encoding="utf-8",
    )
    broken.chmod(0o755)
    why = sbatch_refusal(str(broken))
    assert why is not None
    assert "Could not establish a configuration source" in why
    working = tmp_path / "sbatch-ok"
    working.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    working.chmod(0o755)
    assert sbatch_refusal(str(working)) is None


@pytest.mark.parametrize(
    "example", ["lab_64_gpus_three_years", "shenzhen_7b_pretrain_then_serve"]
)
@pytest.mark.parametrize("launcher", [None, "mpirun"])
def test_bare_readme_step_2_works_as_written(
    rollouts: dict[tuple[str, str], Path],
    tmp_path: Path,
    example: str,
    launcher: str | None,
) -> None:
    """README step 2: copy hostfile.example to hostfile, run the multi-node test
    (with ``MPI_LAUNCHER=mpirun`` as written, and with the bare kit's default)."""
    nodes, gpus = PLANNED[example]
    kit = rollouts[(example, "bare")] / "testkit"
    readme = (kit / "README.md").read_text(encoding="utf-8")
    assert "`MPI_LAUNCHER=mpirun ./21_nccl_multi_node.sh hostfile`" in readme
    hostfile = tmp_path / "hostfile"
    shutil.copy(kit / "hostfile.example", hostfile)
    extra = {"MPI_LAUNCHER": launcher} if launcher else {}
    result = subprocess.run(
        ["bash", str(kit / "21_nccl_multi_node.sh"), str(hostfile)],
        env=_kit_env(tmp_path, kit, extra),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "launch.log").read_text().strip() == str(nodes * gpus)
    assert "Note: the plan has" not in result.stdout  # 64 GPUs: no rounding


def test_kit_states_when_whole_nodes_round_the_plans_gpus_up(tmp_path: Path) -> None:
    """12 GPUs on servers of 8: 2 nodes x 8 = 16 ranks, said in the README, the
    batch script, the hostfile example and the cross-node test's output."""
    project = load_project(EXAMPLES[0])
    project = project.model_copy(
        update={"workload": project.workload.model_copy(update={"gpus": 12})}
    )
    rollout = _rollout(project)
    assert (rollout.plan.sized_gpus, rollout.plan.environment.nodes) == (12, 2)
    kit = rollout.testkit(project.vendors[0], wording("en"))
    said = "The plan has 12 GPUs; whole nodes of 8 make 2 × 8 = 16 ranks"
    assert said in kit["README.md"]
    assert "The plan has 12 GPUs" in kit["slurm/testkit.sbatch"]
    assert "The plan has 12 GPUs" in kit["hostfile.example"]
    assert (
        "规划为 12 卡"
        in rollout.testkit(project.vendors[0], wording("zh"))["README.md"]
    )
    folder = tmp_path / "kit"
    write_testkit(kit, folder)
    hostfile = tmp_path / "hostfile"
    shutil.copy(folder / "hostfile.example", hostfile)
    result = subprocess.run(
        ["bash", str(folder / "21_nccl_multi_node.sh"), str(hostfile)],
        env=_kit_env(tmp_path, folder, {"MPI_LAUNCHER": "mpirun"}),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "the plan has 12 GPUs; this test runs 2 nodes x 8 GPUs = 16 ranks" in (
        result.stdout
    )
