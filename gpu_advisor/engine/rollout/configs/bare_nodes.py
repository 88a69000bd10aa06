"""The launch file for bare nodes: a bash script run once per node with its rank.

References
----------
.. [3] PyTorch, "torchrun (Elastic Launch)" (``--nnodes``,
   ``--nproc-per-node``, ``--rdzv-backend c10d``, ``--rdzv-endpoint``,
   ``--standalone``, static ``--master-addr``/``--node-rank``).
   https://docs.pytorch.org/docs/stable/elastic/run.html
"""

from __future__ import annotations

from gpu_advisor.engine.rollout.configs.common import (
    PLACEHOLDER_HOST_LIMIT,
    Wording,
    _header,
    _w,
    placeholder_hostnames,
)
from gpu_advisor.engine.rollout.configs.nccl import _nccl_block, _nccl_env
from gpu_advisor.engine.rollout.configs.shell import (
    _q,
    _q_path,
    _q_value,
    _shellcheck_literals,
)
from gpu_advisor.model.project import Environment, Workload


def bare_nodes_script(
    env: Environment,
    workload: Workload | None,
    say: Wording,
) -> str:
    """Launch script for bare nodes: run it once per node with its rank [3].

    Multi-node uses torchrun's static rendezvous (``--master-addr``,
    ``--master-port``, ``--node-rank``): the first host name is the master.
    With ``bare_use_container`` torchrun runs inside ``pytorch_image`` via
    ``docker run --gpus all --network host --ipc host``.

    Parameters
    ----------
    env : Environment
        Nodes, GPUs per node, host names, port, image. [-]
    workload : Workload or None
        Only named in the header comment. [-]
    say : Wording
        Words the comments and messages in the reader's language. [-]

    Returns
    -------
    str
        A bash script taking ``NODE_RANK`` as its first argument. [-]

    Examples
    --------
    >>> from gpu_advisor.words import wording
    >>> "--master-addr" in bare_nodes_script(Environment(nodes=2), None, wording("en"))
    True
    """
    hosts = placeholder_hostnames(env)
    out = (
        "#!/usr/bin/env bash\n"
        + _shellcheck_literals(env)
        + _header(_bare_head(env, hosts, workload, say))
    )
    out += "set -euo pipefail\n\n"
    out += f"NNODES={env.nodes}\nNPROC_PER_NODE={env.gpus_per_node}\n"
    if env.nodes > 1:  # --standalone needs no master
        out += f"MASTER_ADDR={_q_value(hosts[0])}\nMASTER_PORT={_q(env.master_port)}\n"
    out += _rank_check(say)
    out += f"export DATA_PATH={_q_path(env.data_path)}\n"
    out += _nccl_block(env, say)
    if env.bare_use_container:
        out += _docker_run(env, say)
    else:
        out += f"\nexec {_bare_torchrun(env)}\n"
    return out


def _bare_head(
    env: Environment, hosts: list[str], workload: Workload | None, say: Wording
) -> list[str]:
    """The script's comment lines: what it runs and the command for each node."""
    master = hosts[0]
    if env.nodes == 1:
        head = [
            _w(say, "rollout.bare.head_one_node", gpus_per_node=env.gpus_per_node),
            _w(say, "rollout.bare.start_it_on_node"),
        ]
    else:
        head = [
            _w(
                say,
                "rollout.bare.head_nodes",
                nodes=env.nodes,
                gpus_per_node=env.gpus_per_node,
                master=master,
                master_port=env.master_port,
            ),
            _w(say, "rollout.bare.copy_this_file_to"),
        ]
    ranked = list(enumerate(hosts[: env.nodes]))
    if len(ranked) > PLACEHOLDER_HOST_LIMIT:
        ranked = [*ranked[: PLACEHOLDER_HOST_LIMIT - 1], ranked[-1]]
    head += [f"{host}: bash launch.sh {rank}" for rank, host in ranked]
    if env.nodes > len(ranked):
        head.append(_w(say, "rollout.bare.and_so_on_for"))
    if workload is not None:
        head.append(
            f"{workload.task} / {workload.model_preset or 'custom'} / {workload.gpu_id}"
        )
    return head


def _rank_check(say: Wording) -> str:
    """Read ``NODE_RANK`` from the first argument; exit 2 unless it is 0..NNODES-1."""
    usage = _w(say, "rollout.bare.usage")
    bad_rank = _w(say, "rollout.bare.node_rank_must_be")
    return (
        'NODE_RANK="${1:-0}"\n'
        'case "$NODE_RANK" in\n'
        f"  ''|*[!0-9]*) echo {_q(f'{usage}: bash launch.sh NODE_RANK')} >&2; exit 2 ;;\n"
        "esac\n"
        "if (( NODE_RANK >= NNODES )); then\n"
        f"  echo {_q(bad_rank)} >&2\n"
        "  exit 2\n"
        "fi\n"
    )


def _bare_torchrun(env: Environment) -> str:
    """The torchrun command: ``--standalone`` on one node, else a static
    rendezvous on the first host [3]."""
    if env.nodes == 1:
        return (
            f'torchrun --standalone --nnodes 1 --nproc-per-node "$NPROC_PER_NODE" '
            f"{_q_path(env.train_script)}"
        )
    return (
        'torchrun --nnodes "$NNODES" --nproc-per-node "$NPROC_PER_NODE" '
        '--node-rank "$NODE_RANK" --master-addr "$MASTER_ADDR" '
        f'--master-port "$MASTER_PORT" {_q_path(env.train_script)}'
    )


def _docker_run(env: Environment, say: Wording) -> str:
    """Run torchrun inside ``pytorch_image`` with the host's network, IPC and
    RDMA devices, passing the NCCL, torch and UCX variables in."""
    names = [*_nccl_env(env), "DATA_PATH"]
    rdma = env.nccl_env.get("NCCL_IB_DISABLE", "") == "0"
    return (
        "\n"
        + _header(
            [
                _w(say, "rollout.bare.ipc_host_gives_data"),
                _w(say, "rollout.bare.every_nccl_torch_and"),
            ]
        )
        + f"ENV_ARGS=({' '.join(f'--env {n}' for n in names)})\n"
        + "while IFS= read -r name; do\n"
        + '  ENV_ARGS+=(--env "$name")\n'
        + "done < <(compgen -e | grep -E '^(NCCL_|TORCH_|UCX_)' || true)\n"
        + "DEVICE_ARGS=()\n"
        + "if [[ -d /dev/infiniband ]]; then\n"
        + "  DEVICE_ARGS+=(--device /dev/infiniband)\n"
        + (
            "else\n"
            + "  echo "
            + _q(_w(say, "rollout.bare.warning_no_dev_infiniband"))
            + " >&2\n"
            if rdma
            else ""
        )
        + "fi\n"
        + "exec docker run --rm --gpus all --network host --ipc host \\\n"
        "  --ulimit memlock=-1 --ulimit stack=67108864 \\\n"
        '  "${ENV_ARGS[@]}" "${DEVICE_ARGS[@]}" \\\n'
        '  -v "$DATA_PATH:$DATA_PATH" -v "$PWD:/workspace" -w /workspace \\\n'
        f"  {_q(env.pytorch_image)} \\\n"
        f"  {_bare_torchrun(env)}\n"
    )
