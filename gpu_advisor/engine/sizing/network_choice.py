"""Which inter-node network class a plan needs, and which one it uses.

The slowest class (slowest first by Gbit/s × efficiency) whose scaling
efficiency at the planned card count reaches 90 %, the next slower one (for
the explanation), and the project's own class when it names one.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpu_advisor.engine.sizing import network as net
from gpu_advisor.engine.sizing.core import _Core
from gpu_advisor.engine.sizing.scaling import _efficiency
from gpu_advisor.model.catalog import Catalog, GpuSpec, NetworkClass
from gpu_advisor.model.project import TaskKind, Workload


def _inter_networks(catalog: Catalog) -> list[NetworkClass]:
    return sorted(
        (n for n in catalog.networks if n.scope == "inter_node"),
        key=lambda n: n.bandwidth_gbit_per_s_per_gpu * n.efficiency,
    )


def _intra_network(catalog: Catalog, gpu: GpuSpec) -> NetworkClass | None:
    for n in catalog.networks:
        if n.id == gpu.intra_node_network_id:
            return n
    return None


def _network_needed(
    workload: Workload,
    core: _Core,
    gpus: int,
    inters: list[NetworkClass],
    intra: NetworkClass | None,
) -> tuple[NetworkClass | None, float]:
    """Slowest inter-node class keeping efficiency ≥ 0.9 (or the fastest).

    Training across servers is offered only the classes fit for it (RDMA, at
    least 100 Gb/s): plain 10/25 GbE may show a high estimate when little is
    synchronised (pipeline stages, LoRA), but NCCL over TCP stalls and times
    out under load (seeds 001 and 002).
    """
    if workload.task is not TaskKind.INFERENCE:
        fit = [n for n in inters if n.suitable_for_multi_node_training]
        inters = fit or inters
    best: tuple[NetworkClass | None, float] = (None, 0.0)
    for candidate in inters:
        eff = _efficiency(workload, core, gpus, candidate, intra)
        if eff >= net.TARGET_SCALING_EFFICIENCY:
            return candidate, eff
        if eff >= best[1]:
            best = (candidate, eff)
    return best


def _next_slower(
    needed: NetworkClass | None, inters: list[NetworkClass]
) -> NetworkClass | None:
    """The inter-node class just below ``needed`` (``inters`` is slowest first)."""
    if needed is None:
        return None
    index = next((i for i, n in enumerate(inters) if n.id == needed.id), 0)
    return inters[index - 1] if index > 0 else None


@dataclass(frozen=True, slots=True)
class _NetworkChoice:
    """The class picked for the planned card count, and the one just slower."""

    needed: NetworkClass | None
    needed_efficiency: float
    slower: NetworkClass | None
    slower_efficiency: float | None
    classes: list[NetworkClass]


def _user_network(workload: Workload, catalog: Catalog) -> NetworkClass | None:
    if workload.network_id is None:
        return None
    for n in catalog.networks:
        if n.id == workload.network_id:
            return n
    return None


def _pick_inter(
    workload: Workload,
    catalog: Catalog,
    core: _Core,
    gpus: int,
    inters: list[NetworkClass],
    intra: NetworkClass | None,
) -> NetworkClass | None:
    user = _user_network(workload, catalog)
    if user is not None:
        return user
    if gpus <= core.gpu.gpus_per_server:
        return None
    return _network_needed(workload, core, gpus, inters, intra)[0]


def _choose_network(
    workload: Workload,
    core: _Core,
    gpus: int,
    inters: list[NetworkClass],
    intra: NetworkClass | None,
) -> _NetworkChoice:
    """The class training on ``gpus`` cards needs, and the one just slower.

    None (efficiency 1) within one server or for serving.
    """
    needed, needed_eff = (
        _network_needed(workload, core, gpus, inters, intra)
        if gpus > core.gpu.gpus_per_server and workload.task is not TaskKind.INFERENCE
        else (None, 1.0)
    )
    slower = _next_slower(needed, inters)
    slower_eff = (
        _efficiency(workload, core, gpus, slower, intra) if slower is not None else None
    )
    return _NetworkChoice(needed, needed_eff, slower, slower_eff, inters)
