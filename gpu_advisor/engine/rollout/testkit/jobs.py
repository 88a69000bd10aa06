"""The kit as one SLURM job over the planned nodes (Kubernetes: :mod:`.k8s`).

Values from the project reach the batch script only as filtered names, so a
hostile project file cannot inject anything.
"""

from __future__ import annotations

import re

from gpu_advisor.engine.rollout.testkit.common import _plain
from gpu_advisor.model.project import Project, Vendor


def _sbatch(
    vendor: Vendor, project: Project, gpus: int, nodes: int, rounding: str = ""
) -> str:
    """``slurm/testkit.sbatch``: ``run_all.sh`` on every planned node, then the
    cross-node test (from 2 nodes); ``rounding`` is a comment line (or "")."""
    env = project.environment
    step2 = (
        f"step 2 measures NCCL\n# across all nodes with one rank per GPU ({nodes} x {gpus} = {nodes * gpus} ranks)."
        if nodes > 1
        else "the plan has one node, so\n# there is no cross-node step."
    )
    partition = re.sub(r"[^A-Za-z0-9_.,-]", "", env.partition) or "gpu"
    return f"""#!/usr/bin/env bash
# slurm/testkit.sbatch: the GPU Advisor test kit as one SLURM job.
# Vendor: {_plain(vendor.name)}. Submit from the kit folder: sbatch slurm/testkit.sbatch
# Step 1 runs run_all.sh on every node at once (one task per node); {step2}
{rounding}# The kit folder must be on storage every node can see (results land in results/<hostname>/).
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
  # Adds its result to this node's results_<hostname>.tar.gz when it ends.
  bash "${{KIT_DIR}}/21_nccl_multi_node.sh"
fi
"""
