"""The SLURM test kit on a fake multi-node cluster, scored from its archives alone.

``sbatch``, ``srun`` and ``hostname`` are small shims on ``PATH``: ``sbatch``
runs the batch script at once on the first fake node with the environment
SLURM gives it; ``srun`` runs a one-task-per-node step once per fake node
(``node01`` … ``nodeNN``, one after the other) and an MPI step once, as rank 0
prints nccl-tests' table. The nccl-tests binaries are fakes that print the
project's sample outputs of vendor A (``tests/data/results/vendor_a``): the
one-node table for ``-g 8``, the two-node table for ``-g 1`` (one rank per
GPU across the nodes). No GPU tool, fio or iperf3 is needed.

What a vendor sends back is the ``results_<host>.tar.gz`` archives; imported
alone they must hold the cross-node NCCL result and give the vendor the same
network score as the whole ``results/`` folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.engine.evidence.scoring import Criterion
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.io.results_import import import_results
from gpu_advisor.io.testkit import write_testkit
from gpu_advisor.model.project import Measurement, Project, Vendor
from gpu_advisor.words import wording

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "tests" / "data" / "results" / "vendor_a" / "node01"
EXAMPLE = ROOT / "resources" / "examples" / "lab_64_gpus_three_years.gpuplan"
CATALOG = load_catalog()

SBATCH = """
script="$1"
nodes="$(sed -n 's/^#SBATCH --nodes=\\([0-9]*\\)$/\\1/p' "$script")"
per_node="$(sed -n 's/^#SBATCH --ntasks-per-node=\\([0-9]*\\)$/\\1/p' "$script")"
export SLURM_JOB_ID=4242 SLURM_NNODES="$nodes" SLURM_JOB_NUM_NODES="$nodes"
export SLURM_NTASKS="$((nodes * per_node))" SLURM_NTASKS_PER_NODE="$per_node"
export SLURM_SUBMIT_DIR="$PWD" FAKE_HOST=node01
echo "Submitted batch job 4242"
bash "$script" > "gpu-advisor-testkit-4242.out" 2>&1
"""

SRUN = """
if [[ "$1" == "--mpi=list" ]]; then
  printf 'MPI plugin types are...\\n\\tnone\\n\\tpmix\\n\\tpmi2\\n'
  exit 0
fi
nodes="${SLURM_NNODES:-1}"
ntasks="${SLURM_NTASKS:-$nodes}"
while [[ $# -gt 0 && "$1" == -* ]]; do
  case "$1" in
    --nodes=*) nodes="${1#--nodes=}" ;;
    --ntasks=*) ntasks="${1#--ntasks=}" ;;
  esac
  shift
done
status=0
if [[ "$ntasks" -eq "$nodes" ]]; then
  for ((i = 1; i <= nodes; i++)); do
    FAKE_HOST="$(printf 'node%02d' "$i")" SLURM_NODEID="$((i - 1))" "$@" || status=1
  done
else
  FAKE_HOST=node01 FAKE_RANKS="$ntasks" "$@" || status=1
fi
exit "$status"
"""

HOSTNAME = 'echo "${FAKE_HOST:-fakehost}"\n'

NCCL_TEST = """
gpus=""
while [[ $# -gt 0 ]]; do
  [[ "$1" == "-g" ]] && gpus="$2"
  shift
done
if [[ "$gpus" == "1" ]]; then
  sample="$SAMPLES/nccl_${NAME}_2node.txt"
else
  sample="$SAMPLES/nccl_${NAME}_1node.txt"
fi
[[ -f "$sample" ]] || { echo "no sample for $NAME" >&2; exit 1; }
cat "$sample"
"""


def _shim(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text("#!/usr/bin/env bash\n" + body, encoding="utf-8")
    path.chmod(0o755)


def _fake_cluster(tmp_path: Path) -> dict[str, str]:
    """PATH with the SLURM and hostname shims, fake nccl-tests, no fio target."""
    bin_dir = tmp_path / "bin"
    tests_dir = tmp_path / "nccl-tests"
    bin_dir.mkdir()
    tests_dir.mkdir()
    _shim(bin_dir, "sbatch", SBATCH)
    _shim(bin_dir, "srun", SRUN)
    _shim(bin_dir, "hostname", HOSTNAME)
    for name in ("all_reduce_perf", "all_gather_perf", "alltoall_perf"):
        _shim(tests_dir, name, f"NAME={name}\n" + NCCL_TEST)
    missing = str(tmp_path / "no-storage")  # fio skips: storage is not this test
    return {
        "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
        "HOME": str(tmp_path),
        "LANG": "C.UTF-8",
        "SAMPLES": str(SAMPLES),
        "NCCL_TESTS_DIR": str(tests_dir),
        "SHARED_DIR": missing,
        "LOCAL_DIR": missing,
    }


def _network_score(project: Project, measurements: list[Measurement]) -> float:
    vendor = Vendor(
        name="Fake cluster",
        gpu_id=project.workload.gpu_id,
        network_id="ib-hdr-200",
        measurements=measurements,
    )
    evaluation = evaluate_plan(
        project.model_copy(update={"vendors": [vendor]}), CATALOG, monte_carlo=False
    )
    scoring = evaluation.vendors.scoring
    assert scoring is not None, evaluation.vendors.problem
    return scoring.vendors[0].score(Criterion.NETWORK)


def _cross_node(measurements: list[Measurement]) -> list[Measurement]:
    return [
        m
        for m in measurements
        if m.tool == "nccl-tests" and m.metric.endswith(".nodes") and m.value > 1
    ]


@pytest.mark.skipif(shutil.which("tar") is None, reason="tar is needed")
def test_archives_alone_hold_the_cross_node_nccl_result(tmp_path: Path) -> None:
    project = load_project(EXAMPLE)
    evaluation = evaluate_plan(project, CATALOG, monte_carlo=False)
    plan = evaluation.rollout.plan
    nodes = plan.environment.nodes
    assert nodes == 8  # the 64-GPU example: 8 nodes x 8 GPUs
    vendor = Vendor(name="Fake cluster", gpu_id=project.workload.gpu_id)
    kit = write_testkit(
        evaluation.rollout.testkit(vendor, wording("en"), dcgm_level=1),
        tmp_path / "kit",
    )
    done = subprocess.run(
        ["sbatch", "slurm/testkit.sbatch"],
        cwd=kit,
        env=_fake_cluster(tmp_path),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    log = (kit / "gpu-advisor-testkit-4242.out").read_text(encoding="utf-8")
    assert done.returncode == 0, done.stderr + log[-3000:]
    archives = sorted(kit.glob("results_*.tar.gz"))
    assert [a.name for a in archives] == [
        f"results_node{i:02d}.tar.gz" for i in range(1, nodes + 1)
    ], log[-3000:]

    from_folder = import_results([kit / "results"])
    from_archives = import_results(archives)
    assert _cross_node(from_folder.measurements), log[-3000:]
    assert _cross_node(from_archives.measurements), (
        "the archives lack the cross-node NCCL result",
        from_archives.imported,
    )
    folder_score = _network_score(project, from_folder.measurements)
    assert _network_score(project, from_archives.measurements) == folder_score
    assert folder_score > 0
