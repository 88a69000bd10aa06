"""The kit's scripts for one node: inventory, DCGM diagnostics, iperf3, fio, the
GPU probe, the user's training job and ``run_all.sh``.

Each bash script starts with the same preamble (``_preamble``): strict mode,
the kit folder and ``results/<hostname>/``, ``have``/``skip`` helpers so
that a missing tool skips its test with a message, and :data:`PACK` so that
``results_<hostname>.tar.gz`` holds the node's results after every step,
whichever step ran last (the cross-node NCCL test runs after ``run_all.sh``).
"""

from __future__ import annotations

import shlex
from typing import Final

from gpu_advisor.engine.rollout.testkit.common import TRAIN_LOG_HEADER, _plain
from gpu_advisor.model.project import Vendor


def _preamble(name: str, purpose: str, vendor: Vendor, *, helpers: bool = True) -> str:
    tools = (
        'have() { command -v "$1" >/dev/null 2>&1; }\nskip() { echo "[skip] $*" >&2; }\n'
        if helpers
        else ""
    )
    return f"""#!/usr/bin/env bash
# {name}: {purpose}
# GPU Advisor test kit for vendor: {_plain(vendor.name)} ({_plain(vendor.gpu_id)}).
# Results go to results/<hostname>/ next to this script (override with RESULTS_DIR) and are
# packed into results_<hostname>.tar.gz when the script ends (override with RESULTS_ARCHIVE).
set -euo pipefail
KIT_DIR="$(cd "$(dirname "${{BASH_SOURCE[0]}}")" && pwd)"
HOST="$(hostname -s 2>/dev/null || hostname)"
RESULTS_DIR="${{RESULTS_DIR:-${{KIT_DIR}}/results/${{HOST}}}}"
RESULTS_ARCHIVE="${{RESULTS_ARCHIVE:-${{KIT_DIR}}/results_${{HOST}}.tar.gz}}"
mkdir -p "${{RESULTS_DIR}}"
{PACK}{tools}"""


PACK: Final = """# Pack results/<hostname>/ into the archive to send back whenever a script ends, so the
# archive always holds every step run so far (written aside, then moved into place).
# shellcheck disable=SC2317  # run by the EXIT trap
pack_results() {
  local part="${RESULTS_ARCHIVE}.part"
  if tar -czf "${part}" -C "$(dirname "${RESULTS_DIR}")" "$(basename "${RESULTS_DIR}")"; then
    mv -f "${part}" "${RESULTS_ARCHIVE}"
  else
    rm -f "${part}"
    echo "[warn] could not pack ${RESULTS_DIR} into ${RESULTS_ARCHIVE}" >&2
  fi
}
trap pack_results EXIT
"""
"""Bash: ``pack_results`` and the trap that runs it when the script ends."""


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
# Writes FIO_SIZE per job in full (4 jobs; default {gib_per_job}G: one checkpoint of the plan over
# the 4 jobs, at most {FIO_MAX_GIB_PER_JOB}G each; flushed to storage before it counts), then reads
# the written files back for FIO_RUNTIME seconds: the read never meets space that was never
# written (it would read back as zeros, far faster than the storage). Removes its files. Set SHARED_DIR to where checkpoints will be written and
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
  # Job 1 writes every file to its full size (no time limit); job 2 starts when it is done
  # (stonewall) and reads the same files ($jobnum.$filenum) for RUNTIME seconds.
  if ! fio --directory="${{work}}" --filename_format="gpu_advisor_fio.\\$jobnum.\\$filenum" \\
    --ioengine="${{ENGINE}}" --direct=1 --bs=1M --iodepth=16 --numjobs={FIO_JOBS} --size="${{SIZE}}" \\
    --group_reporting --output-format=json --output="${{out}}" \\
    --name="seq_write_${{where}}" --rw=write --end_fsync=1 \\
    --name="seq_read_${{where}}" --rw=read --stonewall --time_based --runtime="${{RUNTIME}}"; then
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


def _run_all(vendor: Vendor, level: int, serving: bool = False) -> str:
    return (
        _preamble(
            "run_all.sh",
            "run every single-node test on this node, then pack the results.",
            vendor,
        )
        + f"""
# Optional: TRAIN_CMD (your job), HOSTFILE (multi-node NCCL), IPERF3_SERVER (iperf3 client run),
# DCGM_LEVEL (default {level}), SHARED_DIR and LOCAL_DIR (fio), GPUS_PER_NODE, NCCL_TESTS_DIR,
# SERVING_BENCH (1 runs the serving benchmark, default {int(serving)}) and SERVING_MODEL.
export RESULTS_DIR RESULTS_ARCHIVE
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
trap 'stop_sampler; pack_results' EXIT
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
if [[ "${{SERVING_BENCH:-{int(serving)}}}" == 1 ]]; then
  run 70_serving_bench.sh
else
  skip "SERVING_BENCH is not 1: the serving benchmark was not run (see README)"
fi
stop_sampler

run 40_fio.sh
if [[ -n "${{HOSTFILE:-}}" ]]; then
  run 21_nccl_multi_node.sh "${{HOSTFILE}}"
fi
if [[ -n "${{IPERF3_SERVER:-}}" ]]; then
  run 30_iperf3.sh client "${{IPERF3_SERVER}}"
fi

pack_results
echo "Done. Results: ${{RESULTS_DIR}}  Archive to send back: ${{RESULTS_ARCHIVE}}"
echo "Every later test (21_nccl_multi_node.sh, 30_iperf3.sh) adds its result to this archive."
"""
    )
