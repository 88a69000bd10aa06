"""NCCL settings of the launch files: the defaults, the network class's, the debug switches.

References
----------
.. [3] PyTorch, "torchrun (Elastic Launch)" (``--nnodes``,
   ``--nproc-per-node``, ``--rdzv-backend c10d``, ``--rdzv-endpoint``,
   ``--standalone``, static ``--master-addr``/``--node-rank``).
   https://docs.pytorch.org/docs/stable/elastic/run.html
.. [8] NCCL, "Environment Variables" (``NCCL_DEBUG``, ``NCCL_DEBUG_SUBSYS``,
   ``NCCL_SOCKET_IFNAME``, ``NCCL_IB_HCA``).
   https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html
"""

from __future__ import annotations

from typing import Final

from gpu_advisor.engine.rollout.configs.common import Wording, _header, _w
from gpu_advisor.engine.rollout.configs.shell import _q_value
from gpu_advisor.model.catalog import NetworkKind
from gpu_advisor.model.project import Environment


def _nccl_env(env: Environment) -> dict[str, str]:
    """NCCL/torch environment: safe defaults, then the user's ``nccl_env``.

    ``NCCL_DEBUG=WARN`` prints only problems [8];
    ``TORCH_NCCL_ASYNC_ERROR_HANDLING=1`` makes a collective that times out
    abort the process instead of hanging the job forever [3].
    """
    out = {
        "NCCL_DEBUG": "WARN",
        "TORCH_NCCL_ASYNC_ERROR_HANDLING": "1",
        "PYTHONUNBUFFERED": "1",
    }
    out.update(env.nccl_env)
    return out


NETWORK_NCCL_ENV: Final[dict[NetworkKind, dict[str, str]]] = {
    NetworkKind.INFINIBAND: {"NCCL_IB_DISABLE": "0"},
    NetworkKind.ROCE: {"NCCL_IB_DISABLE": "0", "NCCL_IB_GID_INDEX": "3"},
    NetworkKind.ETHERNET: {"NCCL_IB_DISABLE": "1"},
}
"""NCCL settings per inter-node network class [8].

InfiniBand and RoCE keep NCCL's IB transport on (``NCCL_IB_DISABLE=0``); RoCE v2
also needs the GID of the routable address, index 3 on a typical Mellanox/NVIDIA
NIC with IPv4 (``NCCL_IB_GID_INDEX``, site specific: ``show_gids`` lists them).
Plain Ethernet turns the IB transport off so NCCL does not probe for HCAs.
The user's ``environment.nccl_env`` overrides every value.
"""


def _nccl_block(env: Environment, say: Wording) -> str:
    """``export`` lines for NCCL plus the commented debug switches and why [8]."""
    out = "".join(f"export {k}={_q_value(v)}\n" for k, v in _nccl_env(env).items())
    out += _header(
        [
            _w(say, "rollout.nccl.when_run_hangs_or"),
            _w(say, "rollout.nccl.trees_and_transport_nccl"),
            _w(say, "rollout.nccl.socket_rdma_is_not"),
            "export NCCL_DEBUG=INFO",
            "export NCCL_DEBUG_SUBSYS=INIT,NET",
            _w(say, "rollout.nccl.pin_interface_hcas_if"),
            "export NCCL_SOCKET_IFNAME=eth0",
            "export NCCL_IB_HCA=mlx5",
        ]
    )
    return out
