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
    _header,
    _t,
    placeholder_hostnames,
)
from gpu_advisor.engine.rollout.configs.nccl import _nccl_block, _nccl_env
from gpu_advisor.engine.rollout.configs.shell import (
    _q,
    _q_path,
    _q_value,
    _shellcheck_literals,
)
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Environment, Workload


def bare_nodes_script(
    env: Environment,
    workload: Workload | None = None,
    language: Language = Language.EN,
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
    language : Language
        Language of the comments and messages. [-]

    Returns
    -------
    str
        A bash script taking ``NODE_RANK`` as its first argument. [-]

    Examples
    --------
    >>> "--master-addr" in bare_nodes_script(Environment(nodes=2))
    True
    """
    hosts = placeholder_hostnames(env)
    out = (
        "#!/usr/bin/env bash\n"
        + _shellcheck_literals(env)
        + _header(_bare_head(env, hosts, workload, language))
    )
    out += "set -euo pipefail\n\n"
    out += f"NNODES={env.nodes}\nNPROC_PER_NODE={env.gpus_per_node}\n"
    if env.nodes > 1:  # --standalone needs no master
        out += f"MASTER_ADDR={_q_value(hosts[0])}\nMASTER_PORT={_q(env.master_port)}\n"
    out += _rank_check(language)
    out += f"export DATA_PATH={_q_path(env.data_path)}\n"
    out += _nccl_block(env, language)
    if env.bare_use_container:
        out += _docker_run(env, language)
    else:
        out += f"\nexec {_bare_torchrun(env)}\n"
    return out


def _bare_head(
    env: Environment, hosts: list[str], workload: Workload | None, language: Language
) -> list[str]:
    """The script's comment lines: what it runs and the command for each node."""
    master = hosts[0]
    if env.nodes == 1:
        head = [
            _t(
                language,
                f"gpu-advisor: one node x {env.gpus_per_node} GPU(s), torchrun --standalone.",
                f"gpu-advisor 生成：单节点 × {env.gpus_per_node} 张卡，torchrun --standalone。",
            ),
            _t(language, "Start it on the node:", "在该节点上运行："),
        ]
    else:
        head = [
            _t(
                language,
                f"gpu-advisor: {env.nodes} nodes x {env.gpus_per_node} GPU(s), "
                f"static rendezvous on {master}:{env.master_port}.",
                f"gpu-advisor 生成：{env.nodes} 个节点 × 每节点 {env.gpus_per_node} 张卡，"
                f"静态汇合点 {master}:{env.master_port}。",
            ),
            _t(
                language,
                "Copy this file to every node and start it there with the node's rank:",
                "把本文件拷到每个节点，在各节点上带节点序号运行：",
            ),
        ]
    ranked = list(enumerate(hosts[: env.nodes]))
    if len(ranked) > PLACEHOLDER_HOST_LIMIT:
        ranked = [*ranked[: PLACEHOLDER_HOST_LIMIT - 1], ranked[-1]]
    head += [f"{host}: bash launch.sh {rank}" for rank, host in ranked]
    if env.nodes > len(ranked):
        head.append(
            _t(language, "... and so on for every node.", "……其余节点依此类推。")
        )
    if workload is not None:
        head.append(
            f"{workload.task} / {workload.model_preset or 'custom'} / {workload.gpu_id}"
        )
    return head


def _rank_check(language: Language) -> str:
    """Read ``NODE_RANK`` from the first argument; exit 2 unless it is 0..NNODES-1."""
    usage = _t(language, "usage", "用法")
    bad_rank = _t(
        language,
        "NODE_RANK must be an integer from 0 to NNODES-1",
        "NODE_RANK 必须是 0 到 NNODES-1 之间的整数",
    )
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


def _docker_run(env: Environment, language: Language) -> str:
    """Run torchrun inside ``pytorch_image`` with the host's network, IPC and
    RDMA devices, passing the NCCL, torch and UCX variables in."""
    names = [*_nccl_env(env), "DATA_PATH"]
    rdma = env.nccl_env.get("NCCL_IB_DISABLE", "") == "0"
    return (
        "\n"
        + _header(
            [
                _t(
                    language,
                    "--ipc host gives the data loader enough shared memory; "
                    "--network host lets NCCL see the RDMA/TCP interfaces.",
                    "--ipc host 让数据加载进程有足够共享内存；--network host 让 NCCL 直接使用宿主机网卡（RDMA/TCP）。",
                ),
                _t(
                    language,
                    "Every NCCL_*, TORCH_* and UCX_* variable set above or exported "
                    "before this script (e.g. NCCL_SOCKET_IFNAME) enters the container.",
                    "上面设置的、以及运行本脚本前 export 的所有 NCCL_*、TORCH_*、UCX_* 变量"
                    "（如 NCCL_SOCKET_IFNAME）都会传进容器。",
                ),
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
            + _q(
                _t(
                    language,
                    "warning: no /dev/infiniband on this node: NCCL will use TCP",
                    "警告：本节点没有 /dev/infiniband，NCCL 将走 TCP",
                )
            )
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
