"""The generated vendor test kit: scripts that pass bash -n and shellcheck,
valid YAML, a compilable probe, and a README in both languages.

Command formats follow nccl-tests README.md (``all_reduce_perf -b 8 -e 8G -f 2 -g N``),
the iperf3 manual (``-c HOST -P 8 -t 30 -J``), the fio HOWTO (``--output-format=json``),
the nvidia-smi man page (``--query-gpu ... --format=csv``, ``-q -x``) and the DCGM
User Guide (``dcgmi diag -r LEVEL``).
"""

from __future__ import annotations

import py_compile
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from gpu_advisor.engine.rollout.testkit.common import TRAIN_LOG_HEADER
from gpu_advisor.engine.rollout.testkit.kit import KIT_SCRIPTS, build_testkit
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.testkit import write_testkit
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import (
    Environment,
    ModelShape,
    Project,
    ProjectMeta,
    Vendor,
    Workload,
)
from gpu_advisor.words import wording

CATALOG = load_catalog()
SHELLCHECK = shutil.which("shellcheck")
HOSTILE = 'Evil "vendor" $(touch /tmp/pwned) `id`\nnext line'

EN, ZH = wording("en"), wording("zh")


def _kit(language=Language.EN, **kw):
    project = Project(meta=ProjectMeta(language=language), **kw)
    return build_testkit(
        project, Vendor(name=HOSTILE), CATALOG, wording(project.meta.language)
    )


@pytest.fixture(scope="module")
def kit_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kit")
    project = Project(environment=Environment(data_path="/mnt/data $(reboot)"))
    write_testkit(
        build_testkit(
            project, Vendor(name=HOSTILE), CATALOG, wording(project.meta.language)
        ),
        folder,
    )
    return folder


def _shell_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.suffix in {".sh", ".sbatch"})


def test_kit_has_every_file():
    kit = _kit()
    assert set(KIT_SCRIPTS) <= set(kit)
    assert {"README.md", "hostfile.example"} <= set(kit)


def test_scripts_pass_bash_n(kit_dir):
    files = _shell_files(kit_dir)
    assert len(files) == 11  # k8s_pod.sh too
    for path in files:
        result = subprocess.run(
            ["bash", "-n", str(path)], capture_output=True, text=True, check=False
        )
        assert result.returncode == 0, (path.name, result.stderr)


@pytest.mark.skipif(SHELLCHECK is None, reason="shellcheck is not installed")
def test_scripts_pass_shellcheck(kit_dir):
    assert SHELLCHECK is not None
    for path in _shell_files(kit_dir):
        result = subprocess.run(
            [SHELLCHECK, "--shell=bash", "--severity=style", str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, (path.name, result.stdout)


def test_scripts_are_strict_and_check_their_tools():
    kit = _kit()
    for name in KIT_SCRIPTS:
        if name.endswith((".sh", ".sbatch")):
            assert "set -euo pipefail" in kit[name], name
    assert "if have nvidia-smi; then" in kit["00_inventory.sh"]
    assert "if ! have dcgmi; then" in kit["10_dcgm_diag.sh"]
    assert "if ! have iperf3; then" in kit["30_iperf3.sh"]
    assert "if ! have fio; then" in kit["40_fio.sh"]


def test_commands_match_the_tools_documentation():
    kit = _kit()
    assert (
        "nvidia-smi --query-gpu=index,name,uuid,pci.bus_id,driver_version,memory.total,power.limit,temperature.gpu"
        in kit["00_inventory.sh"]
    )
    assert "--format=csv" in kit["00_inventory.sh"]
    assert "nvidia-smi -q -x" in kit["00_inventory.sh"]
    assert "nvidia-smi topo -m" in kit["00_inventory.sh"]
    for tool in ("lscpu", "free -g", "ibstat", "ibv_devinfo"):
        assert tool in kit["00_inventory.sh"]
    assert 'dcgmi diag -r "${LEVEL}"' in kit["10_dcgm_diag.sh"]
    assert '-b 8 -e 8G -f 2 -g "${GPUS}"' in kit["20_nccl_single_node.sh"]
    assert "all_gather_perf" in kit["20_nccl_single_node.sh"]
    assert (
        'mpirun "${HOSTS[@]}" -np "$((NODES * GPUS))"' in kit["21_nccl_multi_node.sh"]
    )
    assert 'HOSTS=(--hostfile "${HOSTFILE}")' in kit["21_nccl_multi_node.sh"]
    assert (
        'iperf3 -c "${SERVER}" -P "${STREAMS}" -t "${DURATION}" -J'
        in kit["30_iperf3.sh"]
    )
    assert "exec iperf3 -s" in kit["30_iperf3.sh"]
    assert "--output-format=json" in kit["40_fio.sh"]
    assert "--rw=write" in kit["40_fio.sh"]
    assert "--rw=read" in kit["40_fio.sh"]
    assert TRAIN_LOG_HEADER in kit["60_train_job.sh"]
    assert "GPU_ADVISOR_TRAIN_LOG" in kit["60_train_job.sh"]


def test_alltoall_only_for_moe():
    dense = _kit()
    assert "alltoall_perf" not in dense["20_nccl_single_node.sh"].replace(
        "# alltoall_perf only", ""
    )
    moe = _kit(
        workload=Workload(
            model_preset=None,
            shape=ModelShape(
                params_billion=47,
                active_params_billion=13,
                experts=8,
                active_experts=2,
                moe_ffn_hidden=14336,
            ),
        )
    )
    assert (
        "TESTS=(all_reduce_perf all_gather_perf alltoall_perf)"
        in moe["20_nccl_single_node.sh"]
    )
    assert "alltoall_perf" in moe["README.md"]


def test_k8s_job_parses_and_requests_gpus():
    kit = _kit(
        environment=Environment(
            gpus_per_node=4,
            namespace="ml team!",
            pytorch_image='img"; rm -rf /',
            nodes_override=True,
        )
    )
    docs = list(yaml.safe_load_all(kit["k8s/testkit-job.yaml"]))
    assert [d["kind"] for d in docs] == [
        "Namespace",
        "PersistentVolumeClaim",
        "PersistentVolumeClaim",
        "Service",
        "Job",
        "PodDisruptionBudget",
    ]
    job = docs[4]
    assert job["kind"] == "Job"
    assert job["metadata"]["namespace"] == "ml-team"
    assert docs[0]["metadata"]["name"] == "ml-team"
    container = job["spec"]["template"]["spec"]["containers"][0]
    assert container["resources"]["limits"]["nvidia.com/gpu"] == 4
    assert (
        container["image"] == 'img"; rm -rf /'
    )  # kept as one quoted string, not YAML syntax
    env = {e["name"]: e.get("value") for e in container["env"]}
    assert env["GPUS_PER_NODE"] == "4"
    assert container["args"] == ["cp -r /kit /tmp/kit && exec bash /tmp/kit/k8s_pod.sh"]
    # k8s_pod.sh keeps the results on the claim, outside the pod
    assert 'export RESULTS_DIR="/results/${NODE}"' in kit["k8s_pod.sh"]


def test_sbatch_header():
    kit = _kit(
        environment=Environment(
            nodes=4, gpus_per_node=8, partition="a100", nodes_override=True
        )
    )
    sbatch = kit["slurm/testkit.sbatch"]
    assert "#SBATCH --nodes=4" in sbatch
    assert "#SBATCH --gpus-per-node=8" in sbatch
    assert "#SBATCH --partition=a100" in sbatch


def test_probe_compiles(kit_dir):
    py_compile.compile(str(kit_dir / "50_gpu_probe.py"), doraise=True)


def test_probe_without_torch_prints_skipped_json(kit_dir, tmp_path):
    # Run with an empty module path so that no PyTorch can be imported.
    result = subprocess.run(
        ["python3", "-S", "-I", str(kit_dir / "50_gpu_probe.py")],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    if result.returncode != 0:
        pytest.skip(f"python3 unavailable: {result.stderr[:200]}")
    import json

    doc = json.loads(result.stdout)
    assert doc["tool"] == "gpu_advisor_gpu_probe"
    assert "skipped" in doc


@pytest.mark.parametrize("language", [Language.EN, Language.ZH])
def test_readme_mentions_every_script(language):
    readme = _kit(language)["README.md"]
    assert len(readme) > 2000
    for name in KIT_SCRIPTS:
        assert f"`{name}`" in readme, name
    assert "results/<" in readme
    assert TRAIN_LOG_HEADER in readme
    assert "GPU_ADVISOR_TRAIN_LOG" in readme


def test_readme_language_follows_the_project():
    assert "各脚本的作用" in _kit(Language.ZH)["README.md"]
    assert "What each script does" in _kit(Language.EN)["README.md"]
    assert "各脚本" not in _kit(Language.EN)["README.md"]


def test_project_values_cannot_inject_commands(kit_dir):
    fio = (kit_dir / "40_fio.sh").read_text()
    assert "DEFAULT_SHARED_DIR='/mnt/data $(reboot)'" in fio
    for path in _shell_files(kit_dir):
        for line in path.read_text().splitlines():
            if "Evil" in line:
                assert line.startswith("#"), (path.name, line)


def test_bad_dcgm_level():
    with pytest.raises(ValueError, match="1, 2, 3 or 4"):
        build_testkit(
            Project(),
            Vendor(name="x"),
            CATALOG,
            wording(Project().meta.language),
            dcgm_level=7,
        )
