"""Gradient synchronisation time and the scaling efficiency it leaves."""

from __future__ import annotations

from typing import Final

TARGET_SCALING_EFFICIENCY: Final = 0.9
"""Efficiency the recommended inter-node class must keep (≥ 90 %): below it the
network, not the GPUs, sets the pace (seed 002: slow networks turn fast cards
into "慢牛"). [1]"""

BACKWARD_FRACTION: Final = 2.0 / 3.0
"""Share of step time spent in the backward pass (backward ≈ 2× forward;
Kaplan et al. 2020, arXiv:2001.08361, section 2.1). [1]"""

OVERLAP_FRACTION: Final = 0.5
"""Share of the backward pass that gradient communication can hide behind.
Bucketed all-reduce (PyTorch DDP) and ZeRO's ``overlap_comm`` start reducing
while the backward still runs, but the last buckets, the optimizer step and
stragglers are exposed; half is a middle-of-the-road assumption (Li et al.
2020, PyTorch Distributed, arXiv:2006.15704, section 5). [1]"""

ZERO3_TRAFFIC_FACTOR: Final = 1.5
"""ZeRO-3 moves 1.5× the all-reduce volume (two all-gathers of the weights and
one reduce-scatter of the gradients; Rajbhandari et al. 2020,
arXiv:1910.02054, section 7.2.2). [1]"""


def ring_allreduce_seconds(
    message_bytes: float,
    ranks: int,
    bus_bandwidth_bytes_per_s: float,
    latency_s: float = 0.0,
) -> float:
    """Time of a ring all-reduce.

    Parameters
    ----------
    message_bytes : float
        Bytes each rank contributes (e.g. its gradients). [B]
    ranks : int
        Participants n. [1]
    bus_bandwidth_bytes_per_s : float
        Achievable per-rank link bandwidth in one direction. [B/s]
    latency_s : float
        Per-hop latency. [s]

    Returns
    -------
    float
        ``2·(n−1)/n · bytes / bandwidth + 2·(n−1)·latency``. [s]

    References
    ----------
    Patarasuk & Yuan 2009, Bandwidth optimal all-reduce algorithms for
    clusters of workstations, J. Parallel Distrib. Comput. 69(2);
    NVIDIA nccl-tests PERFORMANCE.md (bus bandwidth).

    Examples
    --------
    >>> ring_allreduce_seconds(1e9, 2, 1e9)
    1.0
    >>> ring_allreduce_seconds(1e9, 1, 1e9)
    0.0
    """
    if ranks <= 1 or message_bytes <= 0:
        return 0.0
    if bus_bandwidth_bytes_per_s <= 0:
        raise ValueError("need bus_bandwidth_bytes_per_s > 0")
    n = float(ranks)
    return (
        2.0 * (n - 1.0) / n * message_bytes / bus_bandwidth_bytes_per_s
        + 2.0 * (n - 1.0) * latency_s
    )


def link_bytes_per_s(bandwidth_gbit_per_s: float, efficiency: float) -> float:
    """Achievable bytes per second of a link: ``Gbit/s · 1e9 / 8 · efficiency``.

    Examples
    --------
    >>> link_bytes_per_s(400, 0.9)
    45000000000.0
    """
    return bandwidth_gbit_per_s * 1e9 / 8.0 * efficiency


def scaling_efficiency(
    compute_s_per_step: float,
    gradient_bytes_per_gpu: float,
    dp: int,
    bus_bandwidth_bytes_per_s: float,
    latency_s: float = 0.0,
    zero_stage: int = 0,
) -> float:
    """Fraction of step time spent computing, after exposed communication.

    Parameters
    ----------
    compute_s_per_step : float
        Pure compute time of one optimizer step on one GPU. [s]
    gradient_bytes_per_gpu : float
        Gradient bytes each data-parallel rank reduces (bf16, after tensor
        and pipeline sharding). [B]
    dp : int
        Data-parallel ranks. [1]
    bus_bandwidth_bytes_per_s : float
        Bottleneck per-GPU bandwidth of the ring. [B/s]
    latency_s : float
        Per-hop latency. [s]
    zero_stage : int
        ZeRO-3 moves 1.5× the bytes.

    Returns
    -------
    float
        ``t_c / (t_c + max(0, t_comm − overlap · t_backward))``. [1]

    Notes
    -----
    Gradients are reduced once per optimizer step (gradient accumulation
    does not repeat it). Tensor- and pipeline-parallel traffic stays inside
    the server and is part of the measured MFU.

    References
    ----------
    Li et al. 2020, PyTorch Distributed, arXiv:2006.15704;
    Rajbhandari et al. 2020, arXiv:1910.02054, section 7.

    Examples
    --------
    >>> scaling_efficiency(10.0, 14e9, 1, 1e9)
    1.0
    >>> round(scaling_efficiency(10.0, 14e9, 16, 1e9), 3)
    0.304
    """
    if compute_s_per_step <= 0:
        return 1.0
    comm = ring_allreduce_seconds(
        gradient_bytes_per_gpu, dp, bus_bandwidth_bytes_per_s, latency_s
    )
    if zero_stage >= 3:
        comm *= ZERO3_TRAFFIC_FACTOR
    exposed = max(0.0, comm - OVERLAP_FRACTION * BACKWARD_FRACTION * compute_s_per_step)
    return compute_s_per_step / (compute_s_per_step + exposed)
