"""Gradient synchronisation time and the scaling efficiency it leaves."""

from __future__ import annotations

import math
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

REFERENCE_LINK_BYTES_PER_S: Final = 200e9 / 8 * 0.85
"""The fabric the default MFU was calibrated on: 200 Gb/s per GPU at 85 %
(Llama 2 trained on 200 Gb/s InfiniBand and RoCE, Touvron et al. 2023,
arXiv:2307.09288, section 2.2.1). Published GPU-hours already contain the
communication of such a fabric. [B/s]"""

REFERENCE_LATENCY_S: Final = 3e-6
"""Per-hop latency of the reference fabric. [s]"""

REFERENCE_EFFICIENCY_FLOOR: Final = 0.8
"""Lowest reference efficiency the calibrated MFU is taken to contain. By this
model the largest calibration run, Llama 3.1 405B (TP 8, PP 16, DP 128 on
16,384 cards, 4M-token batches), keeps 82 % on the reference fabric and Llama
2 70B (TP 8, PP 4, DP 64) 97 %; a set-up below 80 % there was not among them,
so its losses are charged in full. [1]"""

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
    micro_batches: int = 1,
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
        ZeRO / FSDP sharding stage (0 = plain data parallelism).
    micro_batches : int
        Micro-batches each rank runs per optimizer step (gradient
        accumulation). [1]

    Returns
    -------
    float
        ``t_c / (t_c + exposed)``. [1]

    Notes
    -----
    With ``A`` the time of one all-reduce of the gradients, ``m`` micro-batches
    and ``t_mb = t_c / m``:

    * stages 0 and 1 reduce once per step (local accumulation), hidden behind
      the last micro-batch's backward: ``exposed = max(0, A − o·b·t_mb)``;
    * stage 2 keeps only its shard of the gradients, so it reduce-scatters
      (half an all-reduce) after every micro-batch's backward and gathers the
      updated weights once: ``exposed = m·max(0, A/2 − o·b·t_mb) + A/2``;
    * stage 3 also gathers the weights for every micro-batch's forward and
      backward (1.5 all-reduces each), prefetched during the micro-batch:
      ``exposed = m·max(0, 1.5·A − o·t_mb)``;

    where ``o`` is :data:`OVERLAP_FRACTION` and ``b`` :data:`BACKWARD_FRACTION`.
    This is why ZeRO-3 on a slow network loses most of its time to traffic
    (ZeRO++, Wang et al. 2023, arXiv:2306.10209, section 1). Tensor-parallel
    traffic stays inside the server and is part of the measured MFU; pipeline
    traffic between servers (:func:`pipeline_p2p_seconds`) and the MoE
    expert-parallel all-to-all (:func:`all_to_all_seconds`) are added by the
    sizing on top of this figure.

    References
    ----------
    Li et al. 2020, PyTorch Distributed, arXiv:2006.15704;
    Rajbhandari et al. 2020, arXiv:1910.02054, section 7;
    Wang et al. 2023, ZeRO++, arXiv:2306.10209.

    Examples
    --------
    >>> scaling_efficiency(10.0, 14e9, 1, 1e9)
    1.0
    >>> round(scaling_efficiency(10.0, 14e9, 16, 1e9), 3)
    0.304
    >>> round(scaling_efficiency(10.0, 14e9, 16, 1e9, micro_batches=8), 3)
    0.279
    >>> round(scaling_efficiency(10.0, 14e9, 16, 1e9, zero_stage=3), 3)
    0.225
    """
    if compute_s_per_step <= 0:
        return 1.0
    allreduce = ring_allreduce_seconds(
        gradient_bytes_per_gpu, dp, bus_bandwidth_bytes_per_s, latency_s
    )
    m = max(1, micro_batches)
    per_micro_batch = compute_s_per_step / m
    grad_window = OVERLAP_FRACTION * BACKWARD_FRACTION * per_micro_batch
    if zero_stage >= 3:
        comm = ZERO3_TRAFFIC_FACTOR * allreduce
        exposed = m * max(0.0, comm - OVERLAP_FRACTION * per_micro_batch)
    elif zero_stage == 2:
        exposed = m * max(0.0, allreduce / 2 - grad_window) + allreduce / 2
    else:
        exposed = max(0.0, allreduce - grad_window)
    return compute_s_per_step / (compute_s_per_step + exposed)


def pipeline_bubble_fraction(
    pp: int, micro_batches: int, virtual_stages: int = 1
) -> float:
    """Idle share of a 1F1B pipeline step over its compute: ``(p − 1) / (v·m)``. [1]

    Parameters
    ----------
    pp : int
        Pipeline stages p. [1]
    micro_batches : int
        Micro-batches each data-parallel rank runs per optimizer step, m. [1]
    virtual_stages : int
        Model chunks per stage v of the interleaved schedule; 1: plain 1F1B. [1]

    Returns
    -------
    float
        Bubble time over ideal compute time; the step takes ``1 + (p − 1)/m``
        times its compute. 0 without a pipeline. [1]

    Notes
    -----
    The 1F1B schedule (PipeDream-Flush) idles ``(p − 1)`` micro-batch slots
    at the start and end of every step (Narayanan et al. 2021, Efficient
    Large-Scale Language Model Training on GPU Clusters Using Megatron-LM,
    arXiv:2104.04473, section 2.2.1: "bubble time fraction (pipeline bubble
    size) = (p − 1)/m"). The interleaved schedule, ``v`` model chunks per
    stage, divides it by ``v`` (section 2.2.2: "the pipeline bubble time
    fraction is then reduced by a factor of v"). DeepSeek-V3's DualPipe hides
    most of it; the plan charges plain or interleaved 1F1B.

    Examples
    --------
    >>> pipeline_bubble_fraction(1, 4), pipeline_bubble_fraction(8, 64)
    (0.0, 0.109375)
    >>> pipeline_bubble_fraction(8, 64, 4)
    0.02734375
    """
    if pp <= 1:
        return 0.0
    return (pp - 1) / (max(1, virtual_stages) * max(1, micro_batches))


def expert_parallel_degree(experts: int, dp: int) -> int:
    """Expert-parallel ranks of an MoE plan: the experts spread over the
    data-parallel ranks as far as both divide, ``gcd(experts, dp)``. [1]

    DeepSeek-V3 ran 64-way expert parallelism over its data-parallel ranks
    (DeepSeek-AI 2024, arXiv:2412.19437, section 3.2); Megatron-LM's
    ``--expert-model-parallel-size`` carves the same group out of data
    parallelism.

    Examples
    --------
    >>> expert_parallel_degree(256, 16), expert_parallel_degree(8, 12)
    (16, 4)
    >>> expert_parallel_degree(0, 64)
    1
    """
    if experts <= 0 or dp <= 1:
        return 1
    return math.gcd(experts, dp)


def data_parallel_params(
    params_total: float,
    expert_params: float,
    ep: int,
) -> float:
    """Parameters each data-parallel rank reduces when experts are sharded.

    Dense parameters (attention, shared experts, embeddings) are replicated
    over all data-parallel ranks; each routed expert lives on ``1/ep`` of
    them, so its gradient is reduced only within its expert-data-parallel
    group: ``(N − N_experts) + N_experts/ep``. [1]

    Examples
    --------
    >>> data_parallel_params(671e9, 654e9, 16) / 1e9
    57.875
    """
    dense = max(params_total - expert_params, 0.0)
    return dense + expert_params / max(ep, 1)


def all_to_all_seconds(
    tokens_per_gpu: float,
    moe_layers_per_gpu: float,
    top_k: int,
    hidden: int,
    ep: int,
    bandwidth_bytes_per_s: float,
) -> float:
    """Expert-parallel all-to-all time of one optimizer step on one GPU.

    Each token visits ``k`` experts in every MoE layer: dispatch and combine
    in the forward pass and again in the backward pass, ``4·k·h`` bf16 values
    per token and layer, of which ``(ep − 1)/ep`` leave the GPU. [s]

    References
    ----------
    Lepikhin et al. 2020, GShard, arXiv:2006.16668, section 2.2;
    DeepSeek-AI 2024, arXiv:2412.19437, section 3.2.2 (dispatch/combine
    kernels, 8 routed experts per token).

    Examples
    --------
    >>> round(all_to_all_seconds(4096, 4, 8, 7168, 16, 25e9), 3)
    0.282
    """
    if ep <= 1 or tokens_per_gpu <= 0 or bandwidth_bytes_per_s <= 0:
        return 0.0
    per_token = 4.0 * top_k * hidden * 2.0 * (ep - 1) / ep
    return tokens_per_gpu * moe_layers_per_gpu * per_token / bandwidth_bytes_per_s


def pipeline_p2p_seconds(
    micro_batches: int,
    seq_len: int,
    micro_batch: int,
    hidden: int,
    tp: int,
    bandwidth_bytes_per_s: float,
    virtual_stages: int = 1,
) -> float:
    """Point-to-point traffic of one pipeline stage per optimizer step.

    Every micro-batch sends its activations ``s·b·h`` (bf16, split over the
    tensor-parallel ranks) to the next stage and receives the gradient back:
    ``2 · m · 2·s·b·h/t`` bytes per GPU, ``v`` times over with ``v`` model
    chunks per stage (the interleaved schedule). [s]

    References
    ----------
    Narayanan et al. 2021, arXiv:2104.04473, section 4.1 (scatter/gather
    optimisation: ``b·s·h/t`` per rank); section 2.2.2 (interleaving: "the
    amount of communication also increases by v").

    Examples
    --------
    >>> round(pipeline_p2p_seconds(32, 4096, 1, 8192, 8, 25e9), 4)
    0.0215
    >>> round(pipeline_p2p_seconds(32, 4096, 1, 8192, 8, 25e9, 2), 4)
    0.0429
    """
    if bandwidth_bytes_per_s <= 0:
        return 0.0
    per_gpu = 2.0 * micro_batches * 2.0 * seq_len * micro_batch * hidden / max(tp, 1)
    per_gpu *= max(1, virtual_stages)
    return per_gpu / bandwidth_bytes_per_s


def exposed_seconds(comm_s: float, compute_s: float) -> float:
    """Communication left after hiding it behind ``OVERLAP_FRACTION`` of compute. [s]

    >>> exposed_seconds(3.0, 4.0), exposed_seconds(1.0, 4.0)
    (1.0, 0.0)
    """
    return max(0.0, comm_s - OVERLAP_FRACTION * compute_s)
