"""Generate the vendor test kit: scripts, README, SLURM and Kubernetes variants.

:func:`build_testkit` is pure: it returns the kit as ``{relative path: text}``
and :mod:`gpu_advisor.io.testkit` writes it to a folder or a ``.tar.gz``.
Every script writes into ``results/<hostname>/``, in the formats
:mod:`gpu_advisor.io.results_import` reads back:

* ``00_inventory.sh``: ``nvidia-smi --query-gpu=... --format=csv``,
  ``nvidia-smi -q -x``, ``nvidia-smi topo -m``, ``lscpu``, ``free -g``,
  ``ibstat`` / ``ibv_devinfo`` when present;
* ``10_dcgm_diag.sh``: ``dcgmi diag -r LEVEL`` (DCGM User Guide);
* ``20_nccl_single_node.sh`` / ``21_nccl_multi_node.sh``: nccl-tests
  ``all_reduce_perf -b 8 -e 8G -f 2 -g N``, ``all_gather_perf`` and, for
  MoE models, ``alltoall_perf`` (nccl-tests README); across nodes with
  ``mpirun`` and a hostfile, or ``srun`` inside SLURM;
* ``30_iperf3.sh``: ``iperf3 -s`` on one node, ``iperf3 -c HOST -P 8 -t 30 -J``
  from the others;
* ``40_fio.sh``: ``fio --output-format=json``, 1 MiB sequential write then
  read, on shared and local storage;
* ``50_gpu_probe.py``: bf16 matmul TFLOP/s and device-copy GB/s per GPU with
  PyTorch;
* ``60_train_job.sh``: the user's own short job, logging
  ``step,tokens_per_s,loss,gpus`` as CSV;
* ``run_all.sh``, ``slurm/testkit.sbatch``, ``k8s/testkit-job.yaml``.

Values from the project (folders, image, namespace) reach the shell only
through ``shlex.quote`` and reach YAML only as JSON strings, so a hostile
project file cannot inject commands into the kit.
"""

from __future__ import annotations

import json
import re
import shlex
from typing import Final

from gpu_advisor.engine.evidence.vendors import plan_sizing
from gpu_advisor.engine.rollout.configs.environment import (
    NVIDIA_ONLY_EN,
    NVIDIA_ONLY_ZH,
    RolloutPlan,
    plan_environment,
)
from gpu_advisor.engine.sizing.size import resolve_shape
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project, Vendor
from gpu_advisor.model.sizing_results import SizingResult

KIT_SCRIPTS: Final = (
    "00_inventory.sh",
    "10_dcgm_diag.sh",
    "20_nccl_single_node.sh",
    "21_nccl_multi_node.sh",
    "30_iperf3.sh",
    "40_fio.sh",
    "50_gpu_probe.py",
    "60_train_job.sh",
    "run_all.sh",
    "slurm/testkit.sbatch",
    "k8s/testkit-job.yaml",
)
"""Scripts and job files of the kit (README.md and hostfile.example come with them)."""

EXECUTABLE_SUFFIXES: Final = (".sh", ".py", ".sbatch")
"""Kit files that get the executable bit."""

TRAIN_LOG_HEADER: Final = "step,tokens_per_s,loss,gpus"
"""Header of the CSV the training job writes (``gpus`` is optional)."""

DCGM_LEVEL_MINUTES: Final = {1: "1", 2: "2-5", 3: "30", 4: "60-120"}
"""Typical run time of ``dcgmi diag -r LEVEL`` (DCGM User Guide, "Run levels")."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")


def _plain(text: str, limit: int = 120) -> str:
    """One line without control characters, for comments and the README."""
    return _CONTROL.sub(" ", text).strip()[:limit]


def _k8s_name(text: str) -> str:
    """A DNS-1123 label (Kubernetes names and namespaces)."""
    name = re.sub(r"[^a-z0-9-]+", "-", text.lower()).strip("-")[:63].strip("-")
    return name or "default"


def _preamble(name: str, purpose: str, vendor: Vendor, *, helpers: bool = True) -> str:
    tools = (
        'have() { command -v "$1" >/dev/null 2>&1; }\nskip() { echo "[skip] $*" >&2; }\n'
        if helpers
        else ""
    )
    return f"""#!/usr/bin/env bash
# {name}: {purpose}
# GPU Advisor test kit for vendor: {_plain(vendor.name)} ({_plain(vendor.gpu_id)}).
# Results go to results/<hostname>/ next to this script (override with RESULTS_DIR).
set -euo pipefail
KIT_DIR="$(cd "$(dirname "${{BASH_SOURCE[0]}}")" && pwd)"
HOST="$(hostname -s 2>/dev/null || hostname)"
RESULTS_DIR="${{RESULTS_DIR:-${{KIT_DIR}}/results/${{HOST}}}}"
mkdir -p "${{RESULTS_DIR}}"
{tools}"""


def _inventory(vendor: Vendor) -> str:
    return (
        _preamble(
            "00_inventory.sh",
            "record the node's GPUs, driver, topology, CPU, memory and NICs.",
            vendor,
        )
        + """
if have nvidia-smi; then
  nvidia-smi --query-gpu=index,name,uuid,pci.bus_id,driver_version,memory.total,power.limit,temperature.gpu,clocks.sm,clocks.max.sm,utilization.gpu \\
    --format=csv > "${RESULTS_DIR}/nvidia_smi_query.csv"
  nvidia-smi -q -x > "${RESULTS_DIR}/nvidia_smi_q.xml"
  nvidia-smi topo -m > "${RESULTS_DIR}/topo.info.txt" 2>&1 || skip "nvidia-smi topo -m failed"
else
  skip "nvidia-smi not found: is the NVIDIA driver installed?"
fi

record() {
  local out="$1"
  shift
  if have "$1"; then
    "$@" > "${RESULTS_DIR}/${out}" 2>&1 || skip "$* failed"
  else
    skip "$1 not found"
  fi
}
record system.info.txt uname -a
record lscpu.info.txt lscpu
record memory.info.txt free -g
record ibstat.info.txt ibstat
record ibv_devinfo.info.txt ibv_devinfo
record disks.info.txt df -h

echo "Inventory written to ${RESULTS_DIR}"
"""
    )


def _dcgm(vendor: Vendor, level: int) -> str:
    return (
        _preamble(
            "10_dcgm_diag.sh", "run the NVIDIA DCGM diagnostics (dcgmi diag).", vendor
        )
        + f"""
# Level 1 takes about 1 minute, 2 about 2-5 minutes, 3 about 30 minutes, 4 one to two hours.
LEVEL="${{1:-${{DCGM_LEVEL:-{level}}}}}"
case "${{LEVEL}}" in
  1 | 2 | 3 | 4) ;;
  *)
    echo "usage: $0 [1|2|3|4]" >&2
    exit 2
    ;;
esac
if ! have dcgmi; then
  skip "dcgmi not found: install NVIDIA DCGM (datacenter-gpu-manager) and start nv-hostengine"
  exit 0
fi
OUT="${{RESULTS_DIR}}/dcgmi_diag.txt"
echo "Running dcgmi diag -r ${{LEVEL}} ..."
if ! dcgmi diag -r "${{LEVEL}}" > "${{OUT}}" 2> "${{RESULTS_DIR}}/dcgmi_diag.err.log"; then
  # dcgmi exits non-zero when a test fails; the table is still the evidence.
  echo "[warn] dcgmi diag reported a problem; see ${{OUT}}" >&2
fi
if ! grep -q "Diagnostic" "${{OUT}}"; then
  mv "${{OUT}}" "${{OUT%.txt}}.failed.log"
  echo "[warn] dcgmi diag did not run; see ${{RESULTS_DIR}}/dcgmi_diag.err.log" >&2
fi
"""
    )


_NCCL_FIND: Final = """NCCL_TESTS_DIR="${NCCL_TESTS_DIR:-${KIT_DIR}/nccl-tests/build}"
find_test() {
  if [[ -x "${NCCL_TESTS_DIR}/$1" ]]; then
    echo "${NCCL_TESTS_DIR}/$1"
  elif have "$1"; then
    command -v "$1"
  else
    return 1
  fi
}
"""


def _tests_line(moe: bool) -> str:
    tests = "all_reduce_perf all_gather_perf"
    if moe:
        tests += " alltoall_perf"
    return f"TESTS=({tests})  # alltoall_perf only for mixture-of-experts models\n"


def _nccl_single(vendor: Vendor, gpus: int, moe: bool) -> str:
    return (
        _preamble(
            "20_nccl_single_node.sh",
            "NCCL bandwidth between the GPUs of this node (nccl-tests).",
            vendor,
        )
        + f"""
# Each test sweeps messages from 8 B to 8 GiB, doubling each time; about 2 minutes each.
GPUS="${{GPUS_PER_NODE:-{gpus}}}"
{_NCCL_FIND}{_tests_line(moe)}
for name in "${{TESTS[@]}}"; do
  if ! bin="$(find_test "${{name}}")"; then
    skip "${{name}} not found: build nccl-tests (see README) or set NCCL_TESTS_DIR"
    continue
  fi
  out="${{RESULTS_DIR}}/nccl_${{name}}_1node.txt"
  echo "Running ${{name}} on ${{GPUS}} GPUs ..."
  if ! "${{bin}}" -b 8 -e 8G -f 2 -g "${{GPUS}}" > "${{out}}" 2> "${{out%.txt}}.err.log"; then
    mv "${{out}}" "${{out%.txt}}.failed.log"
    echo "[warn] ${{name}} failed; see ${{out%.txt}}.failed.log" >&2
  fi
done
"""
    )


def _nccl_exports(nccl_env: dict[str, str]) -> str:
    """``export NAME="${NAME:-value}"`` for the plan's NCCL settings (the caller's win)."""
    return "".join(
        f'export {name}="${{{name}:-{_dq(value)}}}"\n'
        for name, value in nccl_env.items()
    )


def _dq(value: str) -> str:
    """A value safe inside double quotes: no expansion, no quote, one line."""
    return re.sub(r'[$`"\\\x00-\x1f\x7f]', "", value)


def _nccl_multi(
    vendor: Vendor,
    gpus: int,
    moe: bool,
    launcher: str = "pmix",
    nccl_env: dict[str, str] | None = None,
) -> str:
    return (
        _preamble(
            "21_nccl_multi_node.sh",
            "NCCL bandwidth across nodes (nccl-tests with MPI, one process per GPU).",
            vendor,
        )
        + f"""
# usage: ./21_nccl_multi_node.sh [HOSTFILE]
# One rank per GPU: nodes x GPUS_PER_NODE ranks in all. About 3 minutes per test.
# MPI_LAUNCHER picks how the ranks start (default {launcher}):
#   pmix, pmi2  srun --mpi=pmix / --mpi=pmi2 inside a SLURM allocation (srun --mpi=list shows
#               which your site has);
#   mpirun      Open MPI's mpirun: inside SLURM on the allocation, outside with a hostfile
#               with one line per node, e.g. "node01 slots={gpus}".
# Every NCCL_* variable set here or before the script reaches every rank.
GPUS="${{GPUS_PER_NODE:-{gpus}}}"
HOSTFILE="${{1:-${{HOSTFILE:-${{KIT_DIR}}/hostfile}}}}"
LAUNCHER="${{MPI_LAUNCHER:-{launcher}}}"
export NCCL_DEBUG="${{NCCL_DEBUG:-WARN}}"
{_nccl_exports(nccl_env or {})}{_NCCL_FIND}{_tests_line(moe)}
IN_SLURM=0
if [[ -n "${{SLURM_JOB_ID:-}}" && "${{SLURM_NNODES:-1}}" -gt 1 ]]; then
  IN_SLURM=1
fi
case "${{LAUNCHER}}" in
  pmix | pmi2)
    if [[ "${{IN_SLURM}}" -ne 1 ]]; then
      echo "MPI_LAUNCHER=${{LAUNCHER}} needs a SLURM allocation of 2 or more nodes; outside SLURM use MPI_LAUNCHER=mpirun" >&2
      exit 2
    fi
    if ! have srun; then
      echo "srun not found: MPI_LAUNCHER=${{LAUNCHER}} needs SLURM's srun" >&2
      exit 2
    fi
    if ! srun --mpi=list 2>&1 | grep -qw "${{LAUNCHER}}"; then
      echo "this SLURM has no --mpi=${{LAUNCHER}} plugin (see srun --mpi=list): set MPI_LAUNCHER to one it lists (pmix, pmi2) or to mpirun" >&2
      exit 2
    fi
    NODES="${{SLURM_NNODES}}"
    launch() {{
      # --ntasks on the command line: the inherited SLURM_NTASKS (one per node) must not win.
      srun --mpi="${{LAUNCHER}}" --nodes="${{NODES}}" --ntasks="$((NODES * GPUS))" \\
        --ntasks-per-node="${{GPUS}}" --kill-on-bad-exit=1 "$@"
    }}
    ;;
  mpirun)
    if ! have mpirun; then
      echo "mpirun not found: install Open MPI and build nccl-tests with MPI=1, or use MPI_LAUNCHER=pmix/pmi2 under SLURM" >&2
      exit 2
    fi
    HOSTS=()
    if [[ "${{IN_SLURM}}" -eq 1 ]]; then
      NODES="${{SLURM_NNODES}}"
    else
      if [[ ! -f "${{HOSTFILE}}" ]]; then
        echo "no hostfile at ${{HOSTFILE}}: copy hostfile.example to hostfile and list your nodes" >&2
        exit 2
      fi
      NODES="$(grep -cvE '^[[:space:]]*(#|$)' "${{HOSTFILE}}" || true)"
      HOSTS=(--hostfile "${{HOSTFILE}}")
    fi
    XARGS=(-x LD_LIBRARY_PATH -x PATH)
    while IFS= read -r name; do
      XARGS+=(-x "${{name}}")
    done < <(compgen -e | grep -E '^NCCL_' || true)
    launch() {{
      mpirun "${{HOSTS[@]}}" -np "$((NODES * GPUS))" --map-by "ppr:${{GPUS}}:node" \\
        --bind-to none "${{XARGS[@]}}" "$@"
    }}
    ;;
  *)
    echo "MPI_LAUNCHER must be pmix, pmi2 or mpirun, not ${{LAUNCHER}}" >&2
    exit 2
    ;;
esac
if [[ "${{NODES}}" -lt 2 ]]; then
  echo "need at least 2 nodes, found ${{NODES}}" >&2
  exit 2
fi

for name in "${{TESTS[@]}}"; do
  if ! bin="$(find_test "${{name}}")"; then
    skip "${{name}} not found: build nccl-tests with MPI=1 (see README) or set NCCL_TESTS_DIR"
    continue
  fi
  out="${{RESULTS_DIR}}/nccl_${{name}}_${{NODES}}node.txt"
  echo "Running ${{name}} on ${{NODES}} nodes x ${{GPUS}} GPUs = $((NODES * GPUS)) ranks with ${{LAUNCHER}} ..."
  if ! launch "${{bin}}" -b 8 -e 8G -f 2 -g 1 > "${{out}}" 2> "${{out%.txt}}.err.log"; then
    mv "${{out}}" "${{out%.txt}}.failed.log"
    echo "[warn] ${{name}} failed; see ${{out%.txt}}.failed.log" >&2
  fi
done
"""
    )


def _iperf(vendor: Vendor) -> str:
    return (
        _preamble("30_iperf3.sh", "TCP throughput between two nodes (iperf3).", vendor)
        + """
# usage: ./30_iperf3.sh server                       (on the first node; stop with Ctrl-C)
#        ./30_iperf3.sh client SERVER [STREAMS] [SECONDS]   (on each other node; 30 s)
usage() {
  echo "usage: $0 server | client SERVER_HOST [STREAMS] [SECONDS]" >&2
  exit 2
}
if ! have iperf3; then
  skip "iperf3 not found: install the iperf3 package on every node"
  exit 0
fi
case "${1:-}" in
  server)
    echo "iperf3 server on ${HOST}, port 5201. Run the client on the other nodes, then press Ctrl-C."
    exec iperf3 -s
    ;;
  client)
    SERVER="${2:-}"
    [[ -n "${SERVER}" ]] || usage
    STREAMS="${3:-8}"
    DURATION="${4:-30}"
    out="${RESULTS_DIR}/iperf3_${HOST}_to_${SERVER//[^A-Za-z0-9._-]/_}.json"
    echo "iperf3 from ${HOST} to ${SERVER}: ${STREAMS} streams for ${DURATION} s ..."
    if ! iperf3 -c "${SERVER}" -P "${STREAMS}" -t "${DURATION}" -J > "${out}"; then
      mv "${out}" "${out%.json}.failed.log"
      echo "[warn] iperf3 failed; is './30_iperf3.sh server' running on ${SERVER}?" >&2
      exit 1
    fi
    ;;
  *) usage ;;
esac
"""
    )


FIO_JOBS: Final = 4
"""Parallel fio jobs per folder."""

FIO_MAX_GIB_PER_JOB: Final = 64
"""Cap of the file each fio job writes [GiB]: a larger one only takes longer to lay out."""

LOCAL_DIR_CANDIDATES: Final = (
    "/raid",
    "/mnt/nvme",
    "/mnt/local",
    "/local",
    "/scratch",
    "/var/tmp",
)
"""Local-disk folders ``40_fio.sh`` tries, in order, when LOCAL_DIR is not set
(``/tmp`` is often a RAM disk and would measure memory, not the disk)."""


def fio_gib_per_job(checkpoint_bytes: float | None) -> int:
    """fio file size per job: one checkpoint spread over :data:`FIO_JOBS` jobs.

    Parameters
    ----------
    checkpoint_bytes : float or None
        One checkpoint of the plan (weights and optimizer state) [B]; None:
        unknown, 10 GiB per job.

    Returns
    -------
    int
        GiB per job, between 1 and :data:`FIO_MAX_GIB_PER_JOB`. [GiB]

    Examples
    --------
    >>> fio_gib_per_job(182e9), fio_gib_per_job(1e9), fio_gib_per_job(None)
    (43, 1, 10)
    """
    if checkpoint_bytes is None:
        return 10
    per_job = -(-checkpoint_bytes // (FIO_JOBS * 2**30))
    return int(min(FIO_MAX_GIB_PER_JOB, max(1, per_job)))


def _fio(vendor: Vendor, shared_dir: str, local_dir: str, gib_per_job: int = 10) -> str:
    return (
        _preamble(
            "40_fio.sh",
            "sequential write and read bandwidth of shared and local storage (fio).",
            vendor,
        )
        + f"""
# Writes FIO_SIZE per job (4 jobs; default {gib_per_job}G: one checkpoint of the plan over the
# 4 jobs, at most {FIO_MAX_GIB_PER_JOB}G each) for FIO_RUNTIME seconds, then reads it back; removes
# its files. About 2 minutes per folder. Set SHARED_DIR to where checkpoints will be written and
# LOCAL_DIR to the local NVMe disk (default: the first writable of {" ".join(LOCAL_DIR_CANDIDATES)}).
# shellcheck disable=SC2016  # a literal value from the project: nothing may expand
DEFAULT_SHARED_DIR={shlex.quote(shared_dir)}
# shellcheck disable=SC2016  # a literal value from the project: nothing may expand
DEFAULT_LOCAL_DIR={shlex.quote(local_dir)}
SHARED_DIR="${{SHARED_DIR:-${{DEFAULT_SHARED_DIR}}}}"
LOCAL_DIR="${{LOCAL_DIR:-${{DEFAULT_LOCAL_DIR}}}}"
if [[ -z "${{LOCAL_DIR}}" ]]; then
  for candidate in {" ".join(LOCAL_DIR_CANDIDATES)}; do
    if [[ -d "${{candidate}}" && -w "${{candidate}}" ]]; then
      LOCAL_DIR="${{candidate}}"
      break
    fi
  done
fi
SIZE="${{FIO_SIZE:-{gib_per_job}G}}"
RUNTIME="${{FIO_RUNTIME:-30}}"
ENGINE="${{FIO_ENGINE:-libaio}}"
if ! have fio; then
  skip "fio not found: install the fio package"
  exit 0
fi
run_fio() {{
  local where="$1" dir="$2"
  if [[ -z "${{dir}}" || ! -d "${{dir}}" || ! -w "${{dir}}" ]]; then
    skip "${{where}}: ${{dir}} is not a writable folder (set SHARED_DIR or LOCAL_DIR)"
    return 0
  fi
  local work="${{dir}}/gpu_advisor_fio_${{HOST}}"
  local out="${{RESULTS_DIR}}/fio_${{where}}.json"
  mkdir -p "${{work}}"
  echo "fio on ${{dir}} (${{where}}) ..."
  if ! fio --directory="${{work}}" --filename_format="gpu_advisor_fio.\\$jobnum.\\$filenum" \\
    --ioengine="${{ENGINE}}" --direct=1 --bs=1M --iodepth=16 --numjobs=4 --size="${{SIZE}}" \\
    --time_based --runtime="${{RUNTIME}}" --group_reporting --output-format=json --output="${{out}}" \\
    --name="seq_write_${{where}}" --rw=write \\
    --name="seq_read_${{where}}" --rw=read --stonewall; then
    mv "${{out}}" "${{out%.json}}.failed.log" 2>/dev/null || true
    echo "[warn] fio failed on ${{dir}}; try FIO_ENGINE=psync" >&2
  fi
  rm -rf "${{work}}"
}}
run_fio shared "${{SHARED_DIR}}"
run_fio local "${{LOCAL_DIR}}"
"""
    )


_PROBE: Final = '''#!/usr/bin/env python3
"""50_gpu_probe.py: bf16 matmul TFLOP/s and device-copy GB/s of every GPU of this node.

Part of the GPU Advisor test kit. Needs PyTorch with CUDA; without it, prints
{"skipped": ...} and exits 0. Prints one JSON object on stdout; run_all.sh
saves it as results/<hostname>/gpu_probe.json. About 10 seconds per GPU.
"""

from __future__ import annotations

import argparse
import json
import socket
import sys
import time


def probe(torch, index, n, copy_bytes, iters):
    """Time an n x n bf16 matmul and a device-to-device copy on one GPU."""
    device = torch.device("cuda", index)
    torch.cuda.set_device(device)
    a = torch.randn(n, n, device=device, dtype=torch.bfloat16)
    b = torch.randn(n, n, device=device, dtype=torch.bfloat16)
    for _ in range(3):
        a @ b
    torch.cuda.synchronize(device)
    start = time.perf_counter()
    for _ in range(iters):
        a @ b
    torch.cuda.synchronize(device)
    matmul_s = time.perf_counter() - start
    del a, b
    src = torch.empty(copy_bytes, dtype=torch.uint8, device=device)
    dst = torch.empty_like(src)
    dst.copy_(src)
    torch.cuda.synchronize(device)
    start = time.perf_counter()
    for _ in range(iters):
        dst.copy_(src)
    torch.cuda.synchronize(device)
    copy_s = time.perf_counter() - start
    del src, dst
    torch.cuda.empty_cache()
    return {
        "index": index,
        "name": torch.cuda.get_device_name(device),
        # 2 n^3 floating-point operations per matmul
        "bf16_matmul_tflops": round(2.0 * n**3 * iters / matmul_s / 1e12, 1),
        # each copy reads and writes copy_bytes
        "copy_gb_per_s": round(2.0 * copy_bytes * iters / copy_s / 1e9, 1),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=8192, help="matmul dimension n")
    parser.add_argument("--copy-mib", type=int, default=1024, help="bytes copied per step [MiB]")
    parser.add_argument("--iters", type=int, default=50)
    args = parser.parse_args()
    result = {
        "tool": "gpu_advisor_gpu_probe",
        "version": 1,
        "host": socket.gethostname().split(".")[0],
    }
    try:
        import torch
    except ImportError:
        result["skipped"] = "PyTorch is not installed"
        print(json.dumps(result, indent=2))
        return 0
    if not torch.cuda.is_available():
        result["skipped"] = "PyTorch cannot see a CUDA GPU"
        print(json.dumps(result, indent=2))
        return 0
    result["torch"] = torch.__version__
    result["cuda"] = torch.version.cuda
    result["matmul_n"] = args.size
    result["copy_bytes"] = args.copy_mib * 2**20
    result["gpus"] = [
        probe(torch, i, args.size, args.copy_mib * 2**20, args.iters)
        for i in range(torch.cuda.device_count())
    ]
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
'''


def _train(vendor: Vendor, command: str) -> str:
    return (
        _preamble(
            "60_train_job.sh",
            "run your own short training job and keep its step,tokens_per_s,loss log.",
            vendor,
            helpers=False,
        )
        + f"""
# usage: ./60_train_job.sh COMMAND [ARGS...]
#   e.g. ./60_train_job.sh torchrun --nproc_per_node=8 train.py --max-steps 200
# or set TRAIN_CMD and run it without arguments. Run the same job, with the same
# settings, at every vendor; 100-300 steps (10-20 minutes) are enough.
#
# The job must append one CSV line per step to the file named by the environment
# variable GPU_ADVISOR_TRAIN_LOG, with this header:
#   {TRAIN_LOG_HEADER}
# tokens_per_s is the throughput of the whole job (all GPUs); gpus is how many GPUs
# it runs on. README.md has a ten-line Python snippet that does this.
usage() {{
  echo "usage: $0 COMMAND [ARGS...]   (or set TRAIN_CMD)" >&2
  exit 2
}}
# shellcheck disable=SC2016  # a literal value from the project: nothing may expand
DEFAULT_TRAIN_CMD={shlex.quote(command)}
if [[ $# -eq 0 ]]; then
  TRAIN_CMD="${{TRAIN_CMD:-${{DEFAULT_TRAIN_CMD}}}}"
  [[ -n "${{TRAIN_CMD}}" ]] || usage
  read -r -a CMD <<< "${{TRAIN_CMD}}"
  set -- "${{CMD[@]}}"
fi
export GPU_ADVISOR_TRAIN_LOG="${{RESULTS_DIR}}/train_log.csv"
rm -f "${{GPU_ADVISOR_TRAIN_LOG}}"
echo "Running: $*"
started="$(date +%s)"
set +e
"$@" 2>&1 | tee "${{RESULTS_DIR}}/train_stdout.log"
status="${{PIPESTATUS[0]}}"
set -e
echo "Job finished with status ${{status}} after $(($(date +%s) - started)) s."
if [[ ! -s "${{GPU_ADVISOR_TRAIN_LOG}}" ]]; then
  echo "[warn] the job wrote no ${{GPU_ADVISOR_TRAIN_LOG}}: add the logging snippet from README.md" >&2
elif ! head -n 1 "${{GPU_ADVISOR_TRAIN_LOG}}" | grep -qE '^step,tokens_per_s,loss(,gpus)?[[:space:]]*$'; then
  mv "${{GPU_ADVISOR_TRAIN_LOG}}" "${{GPU_ADVISOR_TRAIN_LOG%.csv}}.bad_header.log"
  echo "[warn] train_log.csv must start with the header {TRAIN_LOG_HEADER}" >&2
fi
exit "${{status}}"
"""
    )


def _run_all(vendor: Vendor, level: int) -> str:
    return (
        _preamble(
            "run_all.sh",
            "run every single-node test on this node, then pack the results.",
            vendor,
        )
        + f"""
# Optional: TRAIN_CMD (your job), HOSTFILE (multi-node NCCL), IPERF3_SERVER (iperf3 client run),
# DCGM_LEVEL (default {level}), SHARED_DIR and LOCAL_DIR (fio), GPUS_PER_NODE, NCCL_TESTS_DIR.
export RESULTS_DIR
run() {{
  local script="$1"
  shift
  echo "=== ${{script}}"
  if ! bash "${{KIT_DIR}}/${{script}}" "$@"; then
    echo "[warn] ${{script}} failed; continuing with the next test" >&2
  fi
}}

run 00_inventory.sh

# Sample temperature and clocks every 5 s while the GPUs work: shows heat and throttling.
SAMPLER_PID=""
stop_sampler() {{
  if [[ -n "${{SAMPLER_PID}}" ]]; then
    kill "${{SAMPLER_PID}}" 2>/dev/null || true
    SAMPLER_PID=""
  fi
}}
trap stop_sampler EXIT
if have nvidia-smi; then
  nvidia-smi --query-gpu=index,temperature.gpu,clocks.sm,clocks.max.sm,power.draw,utilization.gpu \\
    --format=csv -l 5 > "${{RESULTS_DIR}}/nvidia_smi_load.csv" &
  SAMPLER_PID=$!
fi

run 10_dcgm_diag.sh "${{DCGM_LEVEL:-{level}}}"
run 20_nccl_single_node.sh
echo "=== 50_gpu_probe.py"
if have python3; then
  if ! python3 "${{KIT_DIR}}/50_gpu_probe.py" > "${{RESULTS_DIR}}/gpu_probe.json"; then
    mv "${{RESULTS_DIR}}/gpu_probe.json" "${{RESULTS_DIR}}/gpu_probe.failed.log"
    echo "[warn] 50_gpu_probe.py failed" >&2
  fi
else
  skip "python3 not found"
fi
if [[ -n "${{TRAIN_CMD:-}}" ]]; then
  run 60_train_job.sh
else
  skip "TRAIN_CMD not set: your own training job was not run (see README)"
fi
stop_sampler

run 40_fio.sh
if [[ -n "${{HOSTFILE:-}}" ]]; then
  run 21_nccl_multi_node.sh "${{HOSTFILE}}"
fi
if [[ -n "${{IPERF3_SERVER:-}}" ]]; then
  run 30_iperf3.sh client "${{IPERF3_SERVER}}"
fi

archive="${{KIT_DIR}}/results_${{HOST}}.tar.gz"
tar -czf "${{archive}}" -C "$(dirname "${{RESULTS_DIR}}")" "$(basename "${{RESULTS_DIR}}")"
echo "Done. Results: ${{RESULTS_DIR}}  Archive to send back: ${{archive}}"
"""
    )


def _sbatch(vendor: Vendor, project: Project, gpus: int, nodes: int) -> str:
    env = project.environment
    nodes = max(2, nodes)
    partition = re.sub(r"[^A-Za-z0-9_.,-]", "", env.partition) or "gpu"
    return f"""#!/usr/bin/env bash
# slurm/testkit.sbatch: the GPU Advisor test kit as one SLURM job.
# Vendor: {_plain(vendor.name)}. Submit from the kit folder: sbatch slurm/testkit.sbatch
# Step 1 runs run_all.sh on every node at once (one task per node); step 2 measures NCCL
# across all nodes with one rank per GPU ({nodes} x {gpus} = {nodes * gpus} ranks).
# The kit folder must be on storage every node can see (results land in results/<hostname>/).
#SBATCH --job-name=gpu-advisor-testkit
#SBATCH --partition={partition}
#SBATCH --nodes={nodes}
#SBATCH --ntasks-per-node={gpus}
#SBATCH --gpus-per-node={gpus}
#SBATCH --exclusive
#SBATCH --time=02:00:00
#SBATCH --output=gpu-advisor-testkit-%j.out
set -euo pipefail
KIT_DIR="${{SLURM_SUBMIT_DIR:-$(pwd)}}"
export GPUS_PER_NODE="${{GPUS_PER_NODE:-{gpus}}}"
export MPI_LAUNCHER="${{MPI_LAUNCHER:-{env.mpi_launcher}}}"
srun --nodes="${{SLURM_NNODES}}" --ntasks-per-node=1 --ntasks="${{SLURM_NNODES}}" bash "${{KIT_DIR}}/run_all.sh"
if [[ "${{SLURM_NNODES}}" -gt 1 ]]; then
  bash "${{KIT_DIR}}/21_nccl_multi_node.sh"
fi
"""


def _k8s(
    project: Project, vendor: Vendor, gpus: int, shared_dir: str, level: int
) -> str:
    env = project.environment
    q = json.dumps  # a JSON string is a valid YAML scalar: no injection through names
    cpus = env.cpus_per_gpu * gpus
    # 16 GiB /dev/shm (a memory-backed emptyDir) counts against the memory limit.
    memory_gib = env.memory_gib_per_gpu * gpus + 16
    return f"""# k8s/testkit-job.yaml: the GPU Advisor test kit as a Kubernetes Job on one GPU node.
# Vendor: {_plain(vendor.name)}.
# 1. kubectl -n {_k8s_name(env.namespace)} create configmap gpu-advisor-testkit --from-file=<kit folder>
# 2. kubectl apply -f k8s/testkit-job.yaml ; kubectl -n {_k8s_name(env.namespace)} logs -f job/gpu-advisor-testkit
# 3. The results land in the PersistentVolumeClaim gpu-advisor-testkit-results (created below,
#    1 GiB from the default StorageClass), one folder per node; copy them out with a pod that
#    mounts it, or kubectl cp while the Job's pod is still there.
# The Job passes the "baseline" Pod Security Standard (no hostPath, no added capabilities);
# a namespace labelled pod-security.kubernetes.io/enforce=restricted rejects it (GPU images
# run as root): label it pod-security.kubernetes.io/enforce=baseline.
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: gpu-advisor-testkit-results
  namespace: {q(_k8s_name(env.namespace))}
spec:
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: batch/v1
kind: Job
metadata:
  name: gpu-advisor-testkit
  namespace: {q(_k8s_name(env.namespace))}
  labels:
    app: gpu-advisor-testkit
spec:
  backoffLimit: 0
  ttlSecondsAfterFinished: 86400
  template:
    metadata:
      labels:
        app: gpu-advisor-testkit
    spec:
      restartPolicy: Never
      containers:
        - name: testkit
          image: {q(_plain(env.pytorch_image, 300))}
          command: ["bash", "-c"]
          args:
            - cp -r /kit /tmp/kit && bash /tmp/kit/run_all.sh
          env:
            - name: NODE_NAME
              valueFrom:
                fieldRef:
                  fieldPath: spec.nodeName
            - name: RESULTS_DIR
              value: "/results/$(NODE_NAME)"
            - name: GPUS_PER_NODE
              value: "{gpus}"
            - name: DCGM_LEVEL
              value: "{level}"
            - name: SHARED_DIR
              value: {q(_plain(shared_dir, 500))}
          resources:
            requests:
              cpu: "{cpus}"
              memory: {memory_gib}Gi
            limits:
              cpu: "{cpus}"
              memory: {memory_gib}Gi
              nvidia.com/gpu: {gpus}
          securityContext:
            allowPrivilegeEscalation: false
          volumeMounts:
            - name: kit
              mountPath: /kit
            - name: results
              mountPath: /results
            - name: dshm
              mountPath: /dev/shm
      volumes:
        - name: kit
          configMap:
            name: gpu-advisor-testkit
        - name: results
          persistentVolumeClaim:
            claimName: gpu-advisor-testkit-results
        - name: dshm
          emptyDir:
            medium: Memory
            sizeLimit: 16Gi
"""


_SNIPPET: Final = """import csv, os, time

log_path = os.environ.get("GPU_ADVISOR_TRAIN_LOG", "train_log.csv")
rank, world = int(os.environ.get("RANK", "0")), int(os.environ.get("WORLD_SIZE", "1"))
writer = None
if rank == 0:
    log_file = open(log_path, "w", newline="")
    writer = csv.writer(log_file)
    writer.writerow(["step", "tokens_per_s", "loss", "gpus"])
tokens_per_step = global_batch_size * seq_len      # tokens of all GPUs in one step
last = time.perf_counter()
for step, batch in enumerate(loader, start=1):
    loss = train_step(batch)                          # your code
    torch.cuda.synchronize()
    now = time.perf_counter()
    if writer is not None:
        writer.writerow([step, tokens_per_step / (now - last), float(loss), world])
        log_file.flush()
    last = now"""


def _readme_en(
    vendor: Vendor, gpus: int, level: int, moe: bool, shared_dir: str, local_dir: str
) -> str:
    alltoall = (
        ", and `alltoall_perf` because your model is a mixture of experts"
        if moe
        else ""
    )
    return f"""# GPU test kit for {_plain(vendor.name)}

This kit checks what the offered machines ({_plain(vendor.gpu_id)}, {gpus} GPUs per node) really
deliver, so that the quote can be compared with measured numbers rather than with the brochure.
Please run it on the nodes we would rent, while nobody else uses them, and send the results back.
Nothing in the kit changes the system: it reads, measures and writes files into its own folder.

## What each script does

| Script | What it measures | Time |
|---|---|---|
| `00_inventory.sh` | GPUs, driver, temperatures and clocks (`nvidia-smi` CSV and `-q -x` XML), topology (`nvidia-smi topo -m`), CPU (`lscpu`), memory (`free -g`), InfiniBand ports (`ibstat`, `ibv_devinfo`) | < 1 min |
| `10_dcgm_diag.sh` | NVIDIA DCGM health diagnostics, `dcgmi diag -r {level}` (levels 1-4) | about {DCGM_LEVEL_MINUTES[level]} min |
| `20_nccl_single_node.sh` | GPU-to-GPU bandwidth inside one node: nccl-tests `all_reduce_perf -b 8 -e 8G -f 2 -g {gpus}`, `all_gather_perf`{alltoall} | about 2 min per test |
| `21_nccl_multi_node.sh` | The same tests across several nodes, one MPI process per GPU | about 3 min per test |
| `30_iperf3.sh` | TCP throughput between two nodes: `iperf3 -s` on one, `iperf3 -c HOST -P 8 -t 30 -J` on the other | 30 s per pair |
| `40_fio.sh` | Sequential write and read with 1 MiB blocks on shared storage ({_plain(shared_dir)}) and local disk ({_plain(local_dir)}), `fio --output-format=json` | about 2 min per folder |
| `50_gpu_probe.py` | bf16 matrix-multiply speed and memory copy speed of every GPU (needs PyTorch) | about 10 s per GPU |
| `60_train_job.sh` | Our own short training job; logs `step,tokens_per_s,loss` per step | 10-20 min |
| `run_all.sh` | Runs all single-node tests in order and packs the results | about 15 min plus the job |
| `slurm/testkit.sbatch` | The whole kit as one SLURM job over several nodes | as above |
| `k8s/testkit-job.yaml` | The kit as a Kubernetes Job on one GPU node (`nvidia.com/gpu: {gpus}`) | as above |

Every script checks for the tools it needs and skips a test with a message when one is missing;
nothing fails half-way without saying so.

## Before you start

- NVIDIA driver with `nvidia-smi`; for `10_dcgm_diag.sh` NVIDIA DCGM (`dcgmi`, with `nv-hostengine` running).
- nccl-tests, built once: `git clone https://github.com/NVIDIA/nccl-tests && cd nccl-tests && make MPI=1`
  (set `MPI_HOME`, `CUDA_HOME` and `NCCL_HOME` if they are not in the default places). Put the
  folder next to the scripts or point `NCCL_TESTS_DIR` at its `build/` folder.
- `iperf3`, `fio`, Python 3 with PyTorch (a PyTorch container image has it), Open MPI for the multi-node test.

## Step 1: one node

```
cd <kit folder>
./run_all.sh
```

To include our training job, set `TRAIN_CMD` first, for example
`TRAIN_CMD="torchrun --nproc_per_node={gpus} train.py --max-steps 200" ./run_all.sh`.
Useful settings: `DCGM_LEVEL` (default {level}), `SHARED_DIR` and `LOCAL_DIR` (where fio writes),
`GPUS_PER_NODE` (default {gpus}). Each script can also be run on its own.

## Step 2: several nodes

1. Run `./run_all.sh` on every node (or submit `sbatch slurm/testkit.sbatch` under SLURM, which does
   steps 1 and 2 together).
2. Copy `hostfile.example` to `hostfile`, list the nodes (one per line, `node01 slots={gpus}`), and run
   `./21_nccl_multi_node.sh hostfile` on the first node.
3. Network: run `./30_iperf3.sh server` on the first node and `./30_iperf3.sh client <first node>` on each
   of the others.

On Kubernetes, create the ConfigMap and apply `k8s/testkit-job.yaml` as its comments describe.

## Where the results land

Everything goes into `results/<hostname>/` next to the scripts: CSV, XML, JSON and text files, one
folder per node. `run_all.sh` also packs that folder into `results_<hostname>.tar.gz`. Files ending in
`.info.txt` and `.log` are kept for people to read; files ending in `.failed.log` mark a test that did
not finish.

## Sending the results back

Send us every `results_<hostname>.tar.gz` (or the whole `results/` folder). Please do not edit them.
They contain host names, GPU serial numbers and UUIDs, but no data and no passwords.
We read each archive directly, without unpacking it: `gpu-advisor-cli parse-results
results_<hostname>.tar.gz` (or the `results/` folder), or Import results in the app.

## The training log format

`60_train_job.sh` sets the environment variable `GPU_ADVISOR_TRAIN_LOG` to
`results/<hostname>/train_log.csv`. The job writes one line per step with the header

```
{TRAIN_LOG_HEADER}
```

`tokens_per_s` is the throughput of the whole job (all GPUs together), `loss` the training loss of that
step, `gpus` the number of GPUs the job runs on (optional). For example, in a PyTorch loop:

```python
{_SNIPPET}
```
"""


def _readme_zh(
    vendor: Vendor, gpus: int, level: int, moe: bool, shared_dir: str, local_dir: str
) -> str:
    alltoall = "；因模型为混合专家（MoE），另测 `alltoall_perf`" if moe else ""
    return f"""# {_plain(vendor.name)} GPU 实测工具包

本工具包用来实测报价机器（{_plain(vendor.gpu_id)}，每节点 {gpus} 卡）的真实表现，
让我们拿实测数据而不是宣传册上的理论值来比较报价。请在准备租给我们的节点上、且无他人使用时运行，
并把结果发回。工具包不会修改系统：只读取信息、做测试，并把文件写进自己的目录。

## 各脚本的作用

| 脚本 | 测什么 | 用时 |
|---|---|---|
| `00_inventory.sh` | GPU、驱动、温度与频率（`nvidia-smi` 的 CSV 和 `-q -x` XML）、拓扑（`nvidia-smi topo -m`）、CPU（`lscpu`）、内存（`free -g`）、InfiniBand 端口（`ibstat`、`ibv_devinfo`） | 不到 1 分钟 |
| `10_dcgm_diag.sh` | NVIDIA DCGM 健康诊断 `dcgmi diag -r {level}`（级别 1-4） | 约 {DCGM_LEVEL_MINUTES[level]} 分钟 |
| `20_nccl_single_node.sh` | 单节点内 GPU 之间的带宽：nccl-tests `all_reduce_perf -b 8 -e 8G -f 2 -g {gpus}`、`all_gather_perf`{alltoall} | 每项约 2 分钟 |
| `21_nccl_multi_node.sh` | 同样的测试跨多个节点运行，每块 GPU 一个 MPI 进程 | 每项约 3 分钟 |
| `30_iperf3.sh` | 两节点之间的 TCP 吞吐：一台运行 `iperf3 -s`，另一台运行 `iperf3 -c HOST -P 8 -t 30 -J` | 每对 30 秒 |
| `40_fio.sh` | 共享存储（{_plain(shared_dir)}）与本地盘（{_plain(local_dir)}）的 1 MiB 大块顺序写、顺序读，`fio --output-format=json` | 每个目录约 2 分钟 |
| `50_gpu_probe.py` | 每块 GPU 的 bf16 矩阵乘速度和显存拷贝速度（需要 PyTorch） | 每卡约 10 秒 |
| `60_train_job.sh` | 运行我们自己的一段短训练，逐步记录 `step,tokens_per_s,loss` | 10-20 分钟 |
| `run_all.sh` | 依次运行全部单节点测试并打包结果 | 约 15 分钟，另加训练时间 |
| `slurm/testkit.sbatch` | 以一个 SLURM 作业在多个节点上运行整个工具包 | 同上 |
| `k8s/testkit-job.yaml` | 以 Kubernetes Job 在一个 GPU 节点上运行（`nvidia.com/gpu: {gpus}`） | 同上 |

每个脚本都会先检查所需工具，缺少时跳过该项并给出提示，不会无声地中途失败。

## 准备工作

- 装好 NVIDIA 驱动（`nvidia-smi`）；`10_dcgm_diag.sh` 需要 NVIDIA DCGM（`dcgmi`，并运行 `nv-hostengine`）。
- 编译一次 nccl-tests：`git clone https://github.com/NVIDIA/nccl-tests && cd nccl-tests && make MPI=1`
  （若不在默认位置，请设置 `MPI_HOME`、`CUDA_HOME`、`NCCL_HOME`）。把该目录放在脚本旁边，
  或用 `NCCL_TESTS_DIR` 指向其中的 `build/` 目录。
- `iperf3`、`fio`、带 PyTorch 的 Python 3（PyTorch 容器镜像自带），多节点测试还需要 Open MPI。

## 第一步：单节点

```
cd <工具包目录>
./run_all.sh
```

如需同时运行我们的训练任务，先设置 `TRAIN_CMD`，例如
`TRAIN_CMD="torchrun --nproc_per_node={gpus} train.py --max-steps 200" ./run_all.sh`。
常用设置：`DCGM_LEVEL`（默认 {level}）、`SHARED_DIR` 与 `LOCAL_DIR`（fio 写入的位置）、
`GPUS_PER_NODE`（默认 {gpus}）。每个脚本也可以单独运行。

## 第二步：多节点

1. 在每个节点上运行 `./run_all.sh`（使用 SLURM 时直接 `sbatch slurm/testkit.sbatch`，它会一并完成第一步和第二步）。
2. 把 `hostfile.example` 复制为 `hostfile`，每行写一个节点（如 `node01 slots={gpus}`），
   然后在第一个节点上运行 `./21_nccl_multi_node.sh hostfile`。
3. 网络：在第一个节点上运行 `./30_iperf3.sh server`，在其余每个节点上运行 `./30_iperf3.sh client <第一个节点>`。

Kubernetes 集群请按 `k8s/testkit-job.yaml` 开头的注释创建 ConfigMap 并提交。

## 结果保存在哪里

所有结果都写入脚本旁边的 `results/<主机名>/`，每个节点一个目录，内有 CSV、XML、JSON 和文本文件。
`run_all.sh` 还会把该目录打包成 `results_<主机名>.tar.gz`。以 `.info.txt` 和 `.log` 结尾的文件供人阅读；
以 `.failed.log` 结尾的文件表示该项测试没有完成。

## 如何把结果发回

请把每个 `results_<主机名>.tar.gz`（或整个 `results/` 目录）发给我们，请不要修改其中内容。
结果里有主机名、GPU 序列号和 UUID，但没有业务数据，也没有密码。
我们无需解包即可直接读取压缩包：`gpu-advisor-cli parse-results results_<主机名>.tar.gz`
（或 `results/` 目录），也可在软件中导入结果。

## 训练日志格式

`60_train_job.sh` 会把环境变量 `GPU_ADVISOR_TRAIN_LOG` 设为 `results/<主机名>/train_log.csv`。
训练任务每一步写一行，表头为

```
{TRAIN_LOG_HEADER}
```

`tokens_per_s` 是整个任务（所有 GPU 合计）每秒处理的 token 数，`loss` 是该步的训练损失，
`gpus` 是任务使用的 GPU 数（可省略）。在 PyTorch 训练循环里可以这样写：

```python
{_SNIPPET}
```
"""


def _plan_sizing(project: Project, catalog: Catalog) -> SizingResult | None:
    """The evaluation's sizing of ``project``; None when it cannot be sized."""
    try:
        return plan_sizing(project, catalog)
    except (KeyError, ValueError):
        return None


def build_testkit(
    project: Project,
    vendor: Vendor,
    catalog: Catalog,
    *,
    plan: RolloutPlan | None = None,
    dcgm_level: int = 2,
    shared_dir: str | None = None,
    local_dir: str = "",
    train_command: str = "",
) -> dict[str, str]:
    """The test kit for one vendor, as relative path → file text.

    Parameters
    ----------
    project : Project
        Language of the README, GPUs per node, nodes, scheduler settings,
        data path, and the model (MoE adds ``alltoall_perf``).
    vendor : Vendor
        Named in every file; its GPU sets the default GPU count.
    catalog : Catalog
        To resolve the model preset (dense or MoE).
    plan : RolloutPlan, optional
        The plan's rollout (``evaluate_plan(...).rollout.plan``): nodes, GPUs
        per node, network settings and checkpoint size. Without it the kit
        is planned on :func:`gpu_advisor.engine.evidence.scoring.plan_sizing`, the
        sizing the evaluation makes.
    dcgm_level : int
        ``dcgmi diag -r`` level, 1–4.
    shared_dir : str, optional
        Shared storage for the fio test; default ``environment.data_path``.
    local_dir : str
        Local disk for the fio test; empty: the script picks the first
        writable of :data:`LOCAL_DIR_CANDIDATES` (never ``/tmp``).
    train_command : str
        Default ``TRAIN_CMD`` of ``60_train_job.sh`` (empty: must be given).

    Returns
    -------
    dict of str to str
        :data:`KIT_SCRIPTS` plus ``README.md`` and ``hostfile.example``.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> kit = build_testkit(Project(), Vendor(name="Acme"), load_catalog())
    >>> sorted(kit)[:3]
    ['00_inventory.sh', '10_dcgm_diag.sh', '20_nccl_single_node.sh']
    >>> '-b 8 -e 8G -f 2 -g "${GPUS}"' in kit["20_nccl_single_node.sh"]
    True
    """
    if dcgm_level not in DCGM_LEVEL_MINUTES:
        raise ValueError("dcgm_level must be 1, 2, 3 or 4")
    if plan is None:
        plan = plan_environment(project, catalog, _plan_sizing(project, catalog))
    gpus = plan.environment.gpus_per_node
    nodes = plan.environment.nodes
    try:
        moe = resolve_shape(project.workload, catalog)[0].is_moe
    except (KeyError, ValueError):
        moe = False
    shared = shared_dir if shared_dir is not None else project.environment.data_path
    zh = project.meta.language is Language.ZH
    shown_local = local_dir or (
        "首个可写的 " if zh else "the first writable of "
    ) + ", ".join(LOCAL_DIR_CANDIDATES)
    readme = (
        _readme_zh(vendor, gpus, dcgm_level, moe, shared, shown_local)
        if zh
        else _readme_en(vendor, gpus, dcgm_level, moe, shared, shown_local)
    )
    gpu = next((g for g in catalog.gpus if g.id == vendor.gpu_id), None)
    if gpu is not None and gpu.vendor != "NVIDIA":
        text = (NVIDIA_ONLY_ZH if zh else NVIDIA_ONLY_EN).format(
            gpu=_plain(gpu.name), vendor=_plain(gpu.vendor)
        )
        readme = readme.replace(
            "\n", f"\n\n> **{'注意：' if zh else 'Note:'}** {text}\n", 1
        )
    return {
        "README.md": readme,
        "00_inventory.sh": _inventory(vendor),
        "10_dcgm_diag.sh": _dcgm(vendor, dcgm_level),
        "20_nccl_single_node.sh": _nccl_single(vendor, gpus, moe),
        "21_nccl_multi_node.sh": _nccl_multi(
            vendor,
            gpus,
            moe,
            project.environment.mpi_launcher,
            {
                k: v
                for k, v in plan.environment.nccl_env.items()
                if k.startswith("NCCL_")
            },
        ),
        "30_iperf3.sh": _iperf(vendor),
        "40_fio.sh": _fio(
            vendor, shared, local_dir, fio_gib_per_job(plan.checkpoint_bytes)
        ),
        "50_gpu_probe.py": _PROBE,
        "60_train_job.sh": _train(vendor, train_command),
        "run_all.sh": _run_all(vendor, dcgm_level),
        "slurm/testkit.sbatch": _sbatch(vendor, project, gpus, nodes),
        "k8s/testkit-job.yaml": _k8s(project, vendor, gpus, shared, dcgm_level),
        "hostfile.example": f"# One node per line; slots = GPUs per node.\nnode01 slots={gpus}\nnode02 slots={gpus}\n",
    }
