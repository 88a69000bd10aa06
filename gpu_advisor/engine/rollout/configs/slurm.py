"""The SLURM launch file: an sbatch script that starts one torchrun per node.

References
----------
.. [3] PyTorch, "torchrun (Elastic Launch)" (``--nnodes``,
   ``--nproc-per-node``, ``--rdzv-backend c10d``, ``--rdzv-endpoint``,
   ``--standalone``, static ``--master-addr``/``--node-rank``).
   https://docs.pytorch.org/docs/stable/elastic/run.html
.. [4] SchedMD, "sbatch" manual (``--nodes``, ``--gres``,
   ``--ntasks-per-node``, ``--cpus-per-task``, ``--exclusive``, ``--time``).
   https://slurm.schedmd.com/sbatch.html
"""

from __future__ import annotations

from gpu_advisor.engine.rollout.configs.common import Wording, _header, _slurm_name, _w
from gpu_advisor.engine.rollout.configs.nccl import _nccl_block
from gpu_advisor.engine.rollout.configs.shell import _q, _q_path, _shellcheck_literals
from gpu_advisor.model.project import Environment, Workload


def _time_limit_slurm(hours: int) -> str:
    """Slurm ``days-hours:minutes:seconds`` time limit [4].

    >>> _time_limit_slurm(72), _time_limit_slurm(5)
    ('3-00:00:00', '0-05:00:00')
    """
    days, rest = divmod(hours, 24)
    return f"{days}-{rest:02d}:00:00"


def slurm_script(
    env: Environment,
    workload: Workload | None,
    say: Wording,
) -> str:
    """sbatch script that starts one torchrun per node with ``srun`` [4][3].

    Parameters
    ----------
    env : Environment
        Nodes, GPUs per node, partition, job name, time limit, CPUs. [-]
    workload : Workload or None
        Only named in the header comment. [-]
    say : Wording
        Words the comments in the reader's language. [-]

    Returns
    -------
    str
        A bash script starting with ``#!/bin/bash`` and ``#SBATCH`` lines. [-]

    Notes
    -----
    One task per node (``--ntasks-per-node=1``) runs torchrun, which forks
    ``gpus_per_node`` workers. The rendezvous host is the first node of the
    allocation (``scontrol show hostnames``), the rendezvous id the Slurm job
    id, so the script works unchanged if only ``--nodes`` is edited.

    Examples
    --------
    >>> from gpu_advisor.words import wording
    >>> "#SBATCH --gres=gpu:8" in slurm_script(Environment(), None, wording("en"))
    True
    """
    gpus = env.gpus_per_node
    out = _sbatch_options(env) + _shellcheck_literals(env)
    out += _header(_slurm_head(env, workload, say))
    out += "\nset -euo pipefail\n\n"
    out += _rendezvous_host(env, say)
    out += f"export DATA_PATH={_q_path(env.data_path)}\n"
    out += _nccl_block(env, say)
    out += (
        "\nsrun --kill-on-bad-exit=1 torchrun \\\n"
        '  --nnodes "$SLURM_NNODES" \\\n'
        f"  --nproc-per-node {gpus} \\\n"
        '  --rdzv-id "$SLURM_JOB_ID" \\\n'
        "  --rdzv-backend c10d \\\n"
        '  --rdzv-endpoint "$MASTER_ADDR:$MASTER_PORT" \\\n'
        f"  {_q_path(env.train_script)}\n"
    )
    return out


def _sbatch_options(env: Environment) -> str:
    """The shebang and the ``#SBATCH`` lines: one task per node, whole nodes [4]."""
    gpus = env.gpus_per_node
    lines = [
        "#!/bin/bash",
        f"#SBATCH --job-name={_slurm_name(env.job_name, 'llm-train')}",
        f"#SBATCH --partition={_slurm_name(env.partition, 'gpu')}",
        f"#SBATCH --nodes={env.nodes}",
        "#SBATCH --ntasks-per-node=1",
        f"#SBATCH --gres=gpu:{gpus}",
        f"#SBATCH --cpus-per-task={env.cpus_per_gpu * gpus}",
        "#SBATCH --mem=0",
        "#SBATCH --exclusive",
        f"#SBATCH --time={_time_limit_slurm(env.time_limit_hours)}",
        "#SBATCH --output=%x-%j.out",
    ]
    return "\n".join(lines) + "\n"


def _slurm_head(env: Environment, workload: Workload | None, say: Wording) -> list[str]:
    """The script's comment lines: what it runs and how to submit it."""
    gpus = env.gpus_per_node
    head = [
        _w(
            say,
            "rollout.slurm.head",
            nodes=env.nodes,
            gpus=gpus,
            cuda_version=env.cuda_version,
        ),
        _w(say, "rollout.slurm.mem_0_with_exclusive"),
        _w(
            say,
            "rollout.slurm.container_pyxis_enroot_add",
            pytorch_image=env.pytorch_image,
        ),
        _w(say, "rollout.slurm.submit_sbatch_this_file"),
    ]
    if workload is not None:
        head.insert(
            1,
            f"{workload.task} / {workload.model_preset or 'custom'} / {workload.gpu_id}",
        )
    return head


def _rendezvous_host(env: Environment, say: Wording) -> str:
    """``MASTER_ADDR``/``MASTER_PORT``: the allocation's first node hosts the rendezvous."""
    # Not "scontrol ... | head -n 1": head may close the pipe before scontrol has
    # written a long node list, and under pipefail that SIGPIPE aborts the job.
    out = _header(
        [
            _w(say, "rollout.slurm.first_node_of_allocation"),
            _w(say, "rollout.slurm.whole_first_scontrol_head"),
        ]
    )
    out += 'NODES="$(scontrol show hostnames "$SLURM_JOB_NODELIST")"\n'
    out += 'MASTER_ADDR="$(head -n 1 <<<"$NODES")"\n'
    out += f"MASTER_PORT={_q(env.master_port)}\n"
    out += "export MASTER_ADDR MASTER_PORT\n"
    return out
