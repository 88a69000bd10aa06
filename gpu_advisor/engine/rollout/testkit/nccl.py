"""The kit's NCCL scripts: nccl-tests inside one node and across nodes.

``20_nccl_single_node.sh`` runs ``all_reduce_perf``, ``all_gather_perf`` and,
for mixture-of-experts models, ``alltoall_perf`` on the node's GPUs;
``21_nccl_multi_node.sh`` runs them with one rank per GPU across the nodes,
started by ``srun --mpi=pmix|pmi2`` inside SLURM or by Open MPI's ``mpirun``
(nccl-tests README; SchedMD, "MPI Users Guide").
"""

from __future__ import annotations

import re
from typing import Final

from gpu_advisor.engine.rollout.testkit.scripts import _preamble
from gpu_advisor.model.project import Vendor

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
    planned_gpus: int | None = None,
) -> str:
    """``21_nccl_multi_node.sh``: the plan's NCCL settings, the launcher chosen by
    ``MPI_LAUNCHER`` (:data:`_MPI_LAUNCH`) and the tests (:data:`_NCCL_MULTI_RUN`).

    With ``planned_gpus`` the script says so when the ranks it starts differ
    from the plan's GPUs (whole nodes: 12 GPUs on nodes of 8 run 16 ranks).
    """
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
PLANNED_GPUS="${{PLANNED_GPUS:-{planned_gpus or ""}}}"
HOSTFILE="${{1:-${{HOSTFILE:-${{KIT_DIR}}/hostfile}}}}"
LAUNCHER="${{MPI_LAUNCHER:-{launcher}}}"
export NCCL_DEBUG="${{NCCL_DEBUG:-WARN}}"
{_nccl_exports(nccl_env or {})}{_NCCL_FIND}{_tests_line(moe)}
"""
        + _MPI_LAUNCH
        + _NCCL_MULTI_RUN
    )


_MPI_LAUNCH: Final = """IN_SLURM=0
if [[ -n "${SLURM_JOB_ID:-}" && "${SLURM_NNODES:-1}" -gt 1 ]]; then
  IN_SLURM=1
fi
case "${LAUNCHER}" in
  pmix | pmi2)
    if [[ "${IN_SLURM}" -ne 1 ]]; then
      echo "MPI_LAUNCHER=${LAUNCHER} needs a SLURM allocation of 2 or more nodes; outside SLURM use MPI_LAUNCHER=mpirun" >&2
      exit 2
    fi
    if ! have srun; then
      echo "srun not found: MPI_LAUNCHER=${LAUNCHER} needs SLURM's srun" >&2
      exit 2
    fi
    # read the whole list first: under pipefail, grep -q stopping at the first
    # match can kill srun with SIGPIPE and the pipeline would read as "no plugin"
    plugins="$(srun --mpi=list 2>&1 || true)"
    if ! grep -qw "${LAUNCHER}" <<<"${plugins}"; then
      echo "this SLURM has no --mpi=${LAUNCHER} plugin (see srun --mpi=list): set MPI_LAUNCHER to one it lists (pmix, pmi2) or to mpirun" >&2
      exit 2
    fi
    NODES="${SLURM_NNODES}"
    launch() {
      # --ntasks on the command line: the inherited SLURM_NTASKS (one per node) must not win.
      srun --mpi="${LAUNCHER}" --nodes="${NODES}" --ntasks="$((NODES * GPUS))" \\
        --ntasks-per-node="${GPUS}" --kill-on-bad-exit=1 "$@"
    }
    ;;
  mpirun)
    if ! have mpirun; then
      echo "mpirun not found: install Open MPI and build nccl-tests with MPI=1, or use MPI_LAUNCHER=pmix/pmi2 under SLURM" >&2
      exit 2
    fi
    HOSTS=()
    if [[ "${IN_SLURM}" -eq 1 ]]; then
      NODES="${SLURM_NNODES}"
    else
      if [[ ! -f "${HOSTFILE}" ]]; then
        echo "no hostfile at ${HOSTFILE}: copy hostfile.example to hostfile and list your nodes" >&2
        exit 2
      fi
      NODES="$(grep -cvE '^[[:space:]]*(#|$)' "${HOSTFILE}" || true)"
      HOSTS=(--hostfile "${HOSTFILE}")
    fi
    XARGS=(-x LD_LIBRARY_PATH -x PATH)
    while IFS= read -r name; do
      XARGS+=(-x "${name}")
    done < <(compgen -e | grep -E '^NCCL_' || true)
    launch() {
      mpirun "${HOSTS[@]}" -np "$((NODES * GPUS))" --map-by "ppr:${GPUS}:node" \\
        --bind-to none "${XARGS[@]}" "$@"
    }
    ;;
  *)
    echo "MPI_LAUNCHER must be pmix, pmi2 or mpirun, not ${LAUNCHER}" >&2
    exit 2
    ;;
esac
if [[ "${NODES}" -lt 2 ]]; then
  echo "need at least 2 nodes, found ${NODES}" >&2
  exit 2
fi
if [[ -n "${PLANNED_GPUS}" && "$((NODES * GPUS))" -ne "${PLANNED_GPUS}" ]]; then
  echo "Note: the plan has ${PLANNED_GPUS} GPUs; this test runs ${NODES} nodes x ${GPUS} GPUs = $((NODES * GPUS)) ranks (whole nodes)."
fi

"""
"""Bash: ``NODES`` and a ``launch`` function for srun (``pmix``, ``pmi2``) or
Open MPI's mpirun (inside SLURM or with a hostfile); exit 2 with a message when
the launcher cannot run here or fewer than 2 nodes are found."""

_NCCL_MULTI_RUN: Final = """for name in "${TESTS[@]}"; do
  if ! bin="$(find_test "${name}")"; then
    skip "${name} not found: build nccl-tests with MPI=1 (see README) or set NCCL_TESTS_DIR"
    continue
  fi
  out="${RESULTS_DIR}/nccl_${name}_${NODES}node.txt"
  echo "Running ${name} on ${NODES} nodes x ${GPUS} GPUs = $((NODES * GPUS)) ranks with ${LAUNCHER} ..."
  if ! launch "${bin}" -b 8 -e 8G -f 2 -g 1 > "${out}" 2> "${out%.txt}.err.log"; then
    mv "${out}" "${out%.txt}.failed.log"
    echo "[warn] ${name} failed; see ${out%.txt}.failed.log" >&2
  fi
done
"""
"""Bash: run each test with ``launch``, one rank per GPU; a failed test's output
is kept as ``.failed.log``."""
