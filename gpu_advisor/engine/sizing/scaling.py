"""How well a job scales over many cards, and the days it takes.

The scaling efficiency at a card count (:func:`_efficiency`): the exposed
time of the data-parallel gradient traffic, the MoE all-to-all and the
pipeline's point-to-point traffic, relative to the fabric the default MFU was
calibrated on, and the 1F1B pipeline bubble; the global batch that bounds how
many cards can be fed; the days on ``n`` cards.
"""

from __future__ import annotations

import math
from typing import Final

from gpu_advisor.engine.sizing import memory as mem
from gpu_advisor.engine.sizing import network as net
from gpu_advisor.engine.sizing.core import (
    MAX_GPUS,
    _Core,
    _expert_parallel,
    _Step,
    context_parallel,
)
from gpu_advisor.model.catalog import NetworkClass
from gpu_advisor.model.project import TaskKind, Workload

DEFAULT_GLOBAL_BATCH_TOKENS: Final = 4_194_304
"""Tokens per optimizer step when the project sets no global batch: Llama 2
used 4M tokens (Touvron et al. 2023, arXiv:2307.09288, section 2.2). [tokens]"""

_HOURS_PER_DAY: Final = 24.0


def _max_dp_by_batch(workload: Workload) -> int:
    if workload.task is TaskKind.INFERENCE:
        return MAX_GPUS
    sequences = workload.global_batch or max(
        1, DEFAULT_GLOBAL_BATCH_TOKENS // workload.seq_len
    )
    return max(1, sequences // workload.micro_batch)


def _batch_tokens(workload: Workload) -> float:
    if workload.global_batch is not None:
        return float(workload.global_batch) * workload.seq_len
    return float(
        max(DEFAULT_GLOBAL_BATCH_TOKENS, workload.seq_len * workload.micro_batch)
    )


def _efficiency(
    workload: Workload,
    core: _Core,
    gpus: int,
    inter: NetworkClass | None,
    intra: NetworkClass | None,
) -> float:
    """:func:`_scaling_efficiency`, remembered per core (the curve, the
    deadline search and the network choice ask for the same counts). The ZeRO
    stage is part of the key: the advice on a lighter stage asks the plan's
    core about the same cards at another stage. [1]"""
    key = (
        gpus,
        inter.id if inter else None,
        intra.id if intra else None,
        workload.zero_stage,
    )
    cached = core.efficiencies.get(key)
    if cached is None:
        cached = _scaling_efficiency(workload, core, gpus, inter, intra)
        core.efficiencies[key] = cached
    return cached


def _scaling_efficiency(
    workload: Workload,
    core: _Core,
    gpus: int,
    inter: NetworkClass | None,
    intra: NetworkClass | None,
) -> float:
    """Scaling efficiency of data parallelism on ``gpus`` cards. [1]

    Relative to the runs the default MFU was calibrated on: their published
    GPU-hours already contain the communication of a ZeRO-1-style job on a
    200 Gb/s-class fabric, so only the exposed time beyond that reference is
    charged here, ``min(1, e(link) / max(e(reference), 0.8))``, not counted
    twice. The floor (:data:`~gpu_advisor.engine.sizing.network.REFERENCE_EFFICIENCY_FLOOR`)
    keeps a set-up that would crawl even on the reference fabric (a dense 405B
    model in plain data parallelism) from looking efficient.

    MoE: routed experts are sharded over the data-parallel ranks
    (:func:`~gpu_advisor.engine.sizing.network.expert_parallel_degree`), so only their
    ``1/ep`` share is all-reduced, and the expert all-to-all is charged; a
    pipeline whose replica spans servers pays its point-to-point traffic on the
    inter-node link. Both are hidden behind half the compute time at most.

    Pipeline bubble: a 1F1B pipeline idles ``(p − 1)/m`` of its compute time
    every step (:func:`~gpu_advisor.engine.sizing.network.pipeline_bubble_fraction`),
    charged in full, ``÷ (1 + (p − 1)/m)``, or ``(p − 1)/(v·m)`` with ``v`` model
    chunks per stage (interleaved). The calibrated MFU cannot stand in
    for it: the plan's bubble depends on its own p and m, and of the
    published runs it was fitted to only four used pipelines, each with many
    micro-batches per step (BLOOM: p = 12, m = 128, 8.6 %) or a schedule that
    hides the bubble (DeepSeek-V3's DualPipe), while most (LLaMA, Llama 2
    7B–13B) ran without one. Charging it again for such well-fed pipelines
    double-counts a few per cent at most; leaving it out would hide a plan
    with p = 8 and m = 8 running at 53 %.

    Context parallelism (``cp`` ranks a replica): the gradients are reduced
    over the ``dp·cp`` ranks, each holding a ``1/(t·p)`` share; the ranks hold
    ``1/cp`` of each sequence's tokens for the all-to-all and the pipeline.
    Its ring exchange of keys and values, which Megatron-LM overlaps with the
    attention compute (``docs/user-guide/features/context_parallel.md``,
    commit d98e8a64), is not charged.
    """
    if workload.task is TaskKind.INFERENCE:
        return 1.0
    dp = max(1, gpus // core.unit)
    cp = context_parallel(workload)
    if dp * cp <= 1:
        return 1.0 / (
            1.0
            + net.pipeline_bubble_fraction(
                workload.pp, _micro_batches(workload, 1), _virtual(workload)
            )
        )
    step = _step(workload, core, gpus, dp)
    link = inter if gpus > core.gpu.gpus_per_server else intra
    intra_bytes_per_s = core.gpu.intra_node_bandwidth_gb_per_s * 1e9
    if link is None:
        bandwidth = intra_bytes_per_s
        latency = 0.0
    else:
        bandwidth = net.link_bytes_per_s(
            link.bandwidth_gbit_per_s_per_gpu, link.efficiency
        )
        latency = link.latency_us * 1e-6
    absolute = _combined(
        step,
        net.scaling_efficiency(
            step.compute_s,
            step.grad_bytes,
            dp * cp,
            bandwidth,
            latency,
            workload.zero_stage,
            step.micro_batches,
        ),
        _other_traffic(
            workload,
            core,
            step,
            bandwidth if link is not None and link is inter else intra_bytes_per_s,
        ),
    )
    reference = core.references.get(gpus)
    if reference is None:  # the same for every link at this card count
        reference = _combined(
            step,
            net.scaling_efficiency(
                step.compute_s,
                step.grad_bytes,
                dp * cp,
                net.REFERENCE_LINK_BYTES_PER_S,
                net.REFERENCE_LATENCY_S,
                min(workload.zero_stage, 1),
                step.micro_batches,
            ),
            _other_traffic(workload, core, step, net.REFERENCE_LINK_BYTES_PER_S),
        )
        core.references[gpus] = reference
    return (
        min(1.0, absolute / max(reference, net.REFERENCE_EFFICIENCY_FLOOR))
        / step.bubble
    )


def _step(workload: Workload, core: _Core, gpus: int, dp: int) -> _Step:
    """The link-independent part of :func:`_scaling_efficiency`, remembered."""
    cached = core.steps.get(gpus)
    if cached is not None:
        return cached
    batch_tokens = _batch_tokens(workload)
    compute_s = (
        core.flops_per_token
        * batch_tokens
        / (gpus * core.peak_tflops * 1e12 * core.mfu)
    )
    shape = core.shape
    trainable = core.state.trainable_params
    cp = context_parallel(workload)
    ep = 1
    if shape is not None and shape.is_moe and trainable >= shape.params_total:
        # routed experts are sharded over the data-parallel ranks (EP)
        ep = min(_expert_parallel(workload, shape, dp), dp * cp)
        expert_params = _routed_expert_params(shape)
        trainable = net.data_parallel_params(shape.params_total, expert_params, ep)
    micro_batches = _micro_batches(workload, dp)
    step = _Step(
        dp=dp,
        compute_s=compute_s,
        ep=ep,
        grad_bytes=trainable * 2.0 * cp / core.unit,  # a t·p share per rank
        micro_batches=micro_batches,
        batch_tokens=batch_tokens,
        bubble=1.0
        + net.pipeline_bubble_fraction(workload.pp, micro_batches, _virtual(workload)),
    )
    core.steps[gpus] = step
    return step


def _other_traffic(
    workload: Workload, core: _Core, step: _Step, inter_bytes_per_s: float
) -> float:
    """Exposed all-to-all and pipeline seconds per step, remembered. [s]"""
    cached = step.exposed.get(inter_bytes_per_s)
    if cached is not None:
        return cached
    shape = core.shape
    per_server = core.gpu.gpus_per_server
    exposed = 0.0
    if step.ep > 1 and shape is not None:
        a2a_link = (
            inter_bytes_per_s
            if step.ep * core.unit > per_server
            else core.gpu.intra_node_bandwidth_gb_per_s * 1e9
        )
        a2a = net.all_to_all_seconds(
            step.batch_tokens / (step.dp * context_parallel(workload) * workload.tp),
            max(shape.layers - shape.dense_layers, 0) / workload.pp,
            shape.active_experts,
            shape.hidden,
            step.ep,
            a2a_link,
        )
        exposed += net.exposed_seconds(a2a, step.compute_s)
    if workload.pp > 1 and core.unit > per_server and shape is not None:
        p2p = net.pipeline_p2p_seconds(
            step.micro_batches,
            max(1, workload.seq_len // context_parallel(workload)),
            workload.micro_batch,
            shape.hidden,
            workload.tp,
            inter_bytes_per_s,
            _virtual(workload),
        )
        exposed += net.exposed_seconds(p2p, step.compute_s)
    step.exposed[inter_bytes_per_s] = exposed
    return exposed


def _combined(step: _Step, dp_efficiency: float, other: float) -> float:
    """Efficiency from the data-parallel one and the other exposed time. [1]"""
    exposed = step.compute_s / max(dp_efficiency, 1e-9) - step.compute_s
    exposed += other
    return step.compute_s / (step.compute_s + exposed)


_routed_expert_params = mem.routed_expert_params


def _virtual(workload: Workload) -> int:
    """Model chunks per pipeline stage (the interleaved schedule); 1: plain 1F1B."""
    return workload.virtual_pipeline or 1


def _micro_batches(workload: Workload, dp: int) -> int:
    """Micro-batches each data-parallel rank runs per optimizer step. [1]"""
    sequences = _batch_tokens(workload) / workload.seq_len
    return max(1, math.ceil(sequences / (max(1, dp) * workload.micro_batch) - 1e-9))


def _days(gpu_hours_value: float, gpus: int, efficiency: float) -> float:
    return gpu_hours_value / (gpus * _HOURS_PER_DAY * max(efficiency, 1e-9))
