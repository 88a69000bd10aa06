"""The sizing's advice: warnings and hints, as codes and values.

What the plan should know about the numbers of
:mod:`~gpu_advisor.engine.sizing.core` and
:mod:`~gpu_advisor.engine.sizing.scaling`: the model does not fit, the
deadline cannot be met, the network is too slow, the pipeline idles, a
lighter ZeRO stage would scale better, the rule of thumb underestimates the
memory, the token count is far from compute-optimal, a catalog figure is
unconfirmed; and the parallel settings that would make the model fit.

Each :class:`~gpu_advisor.model.common.Advice` carries the values its sentence
needs; ``resources/words/<language>/sizing.toml`` words it (the code is the
catalog key; the parts a sentence varies by are nested messages ``sizing.*``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from gpu_advisor.engine.sizing import compute as cmp
from gpu_advisor.engine.sizing import memory as mem
from gpu_advisor.engine.sizing import network as net
from gpu_advisor.engine.sizing.core import (
    MEMORY_HEADROOM,
    _breakdown,
    _Core,
    _expert_parallel,
    _memory_parts,
    context_parallel,
    min_gpus_for_memory,
    paged_optimizer,
)
from gpu_advisor.engine.sizing.network_choice import (
    _inter_networks,
    _intra_network,
    _network_needed,
    _user_network,
)
from gpu_advisor.engine.sizing.scaling import _efficiency, _micro_batches
from gpu_advisor.engine.sizing.shape import CHINCHILLA_HIGH_RATIO, CHINCHILLA_LOW_RATIO
from gpu_advisor.model.catalog import Catalog, GpuSpec, NetworkClass
from gpu_advisor.model.common import Advice, Message, Param, Severity
from gpu_advisor.model.project import Precision, TaskKind, Workload
from gpu_advisor.model.sizing_results import MemoryResult, ResolvedShape

ZERO3_ADVICE_MIN_GAIN: Final = 0.05
"""Scaling-efficiency gain (5 points) that makes a lighter ZeRO stage worth
suggesting when the model fits with it."""

PIPELINE_BUBBLE_ADVICE: Final = 0.10
"""Pipeline bubble (share of the compute time) from which the plan says how
to shorten it: above it, the 1F1B idle time costs more than a tenth of the
run (Narayanan et al. 2021, section 2.2.1, keep m ≫ p). [1]"""


def _advice(
    code: str,
    params: dict[str, Param],
    inputs: list[str],
    severity: Severity = Severity.WARNING,
) -> Advice:
    return Advice(code=code, severity=severity, params=params, inputs=inputs)


def _gib(value_bytes: float) -> float:
    """Bytes in GiB (2^30 bytes)."""
    return value_bytes / mem.GIB


@dataclass(frozen=True, slots=True)
class _LighterStage:
    """A ZeRO stage below 3 that fits, and what it does for the network."""

    stage: int
    efficiency: float
    """On the network the plan uses. [1]"""
    cheaper: NetworkClass | None
    """A slower (cheaper) inter-node class that still reaches 90 %, if any."""
    cheaper_efficiency: float


def _lighter_zero_stage(
    workload: Workload,
    catalog: Catalog,
    shape: ResolvedShape,
    core: _Core,
    gpus: int,
    dp: int,
    inter: NetworkClass,
    eff: float,
) -> _LighterStage | None:
    """The lowest ZeRO stage that fits and scales clearly better, if any."""
    capacity = core.gpu.memory_gb * mem.GIB * MEMORY_HEADROOM
    intra = _intra_network(catalog, core.gpu)  # as the plan's own efficiency
    for stage in (1, 2):
        lighter = workload.model_copy(update={"zero_stage": stage})
        parts = _memory_parts(lighter, shape, dp, lighter.tp, lighter.pp)
        if _breakdown(*parts).total_bytes > capacity:
            continue
        eff_lighter = _efficiency(lighter, core, gpus, inter, intra)
        if eff_lighter < eff + ZERO3_ADVICE_MIN_GAIN:
            continue
        inters = _inter_networks(catalog)
        needed, eff_needed = _network_needed(lighter, core, gpus, inters, intra)
        order = [n.id for n in inters]
        cheaper = (
            needed
            if needed is not None
            and eff_needed >= net.TARGET_SCALING_EFFICIENCY
            and inter.id in order
            and order.index(needed.id) < order.index(inter.id)
            else None
        )
        return _LighterStage(stage, eff_lighter, cheaper, eff_needed)
    return None


def _warnings(
    workload: Workload,
    catalog: Catalog,
    shape: ResolvedShape,
    core: _Core,
    gpus: int,
    dp: int,
    eff: float,
    inter_used: NetworkClass | None,
    memory: MemoryResult,
    gpus_for_deadline: int | None,
    max_by_batch: int,
) -> list[Advice]:
    """Every warning on the sized plan, in the order the plan lists them."""
    return [
        *_memory_advice(workload, shape, core, gpus, dp, memory),
        *_deadline_advice(workload, core, gpus_for_deadline, max_by_batch),
        *_network_advice(workload, catalog, shape, core, gpus, dp, eff, inter_used),
        *_rule_of_thumb_advice(workload, memory),
        *_offload_advice(workload, shape, gpus),
        *_paged_advice(workload, core),
        *_chinchilla_advice(workload, shape),
        *_gpu_figures_advice(workload, core.gpu, core.mfu_source),
        *_parallel_advice(workload, core.gpu, gpus, max_by_batch),
        *_unknown_network_advice(workload, catalog),
    ]


def _memory_advice(
    workload: Workload,
    shape: ResolvedShape,
    core: _Core,
    gpus: int,
    dp: int,
    memory: MemoryResult,
) -> list[Advice]:
    """The model fits on no card count, or not on the planned one."""
    out: list[Advice] = []
    gpu = core.gpu
    if core.min_gpus is None:
        out.append(
            _advice(
                "memory.fits_nowhere",
                {
                    "gpu": gpu.id,
                    "tp": workload.tp,
                    "pp": workload.pp,
                    "zero_stage": workload.zero_stage,
                    "usable_gib": _gib(memory.usable_bytes),
                    "hint": _parallel_hint(workload, shape, core),
                },
                [
                    "workload.gpu_id",
                    "workload.tp",
                    "workload.pp",
                    "workload.zero_stage",
                    "workload.recompute",
                    "workload.micro_batch",
                ],
                Severity.ERROR,
            )
        )
    elif not memory.fits:
        out.append(
            _advice(
                "memory.does_not_fit",
                {
                    "gpus": gpus,
                    "dp": dp,
                    "gpu": gpu.id,
                    "needed_gib": _gib(memory.per_gpu.total_bytes),
                    "usable_gib": _gib(memory.usable_bytes),
                    "min_gpus": core.min_gpus,
                },
                ["workload.gpus", "workload.dp", "workload.gpu_id"],
                Severity.ERROR,
            )
        )
    return out


def _deadline_advice(
    workload: Workload,
    core: _Core,
    gpus_for_deadline: int | None,
    max_by_batch: int,
) -> list[Advice]:
    """No card count meets the deadline."""
    out: list[Advice] = []
    if (
        workload.deadline_days is not None
        and gpus_for_deadline is None
        and core.min_gpus is not None
    ):
        out.append(
            _advice(
                "cluster.deadline_unmeetable",
                {"max_gpus": max_by_batch, "deadline_days": workload.deadline_days},
                [
                    "workload.deadline_days",
                    "workload.tokens_billion",
                    "workload.gpu_id",
                ],
            )
        )
    return out


def _network_advice(
    workload: Workload,
    catalog: Catalog,
    shape: ResolvedShape,
    core: _Core,
    gpus: int,
    dp: int,
    eff: float,
    inter_used: NetworkClass | None,
) -> list[Advice]:
    """Slow network, pipeline bubble, low scaling efficiency, ZeRO-3 traffic."""
    gpu = core.gpu
    training = workload.task is not TaskKind.INFERENCE
    nodes = -(-gpus // gpu.gpus_per_server)
    out = _slow_ethernet_advice(workload, nodes, eff, inter_used)
    micro_batches = _micro_batches(workload, dp)
    bubble = (
        net.pipeline_bubble_fraction(
            workload.pp, micro_batches, workload.virtual_pipeline or 1
        )
        if training
        else 0.0
    )
    if bubble >= PIPELINE_BUBBLE_ADVICE:
        out.append(
            _advice(
                "pipeline.bubble",
                {"bubble": bubble, "pp": workload.pp, "micro_batches": micro_batches},
                ["workload.pp", "workload.global_batch", "workload.micro_batch"],
                Severity.INFO,
            )
        )
    network_eff = min(1.0, eff * (1.0 + bubble))  # the network's share alone
    if (
        training
        and nodes > 1
        and network_eff < net.TARGET_SCALING_EFFICIENCY
        and not any(a.code == "network.slow_ethernet" for a in out)
    ):
        out.append(
            _advice(
                "network.low_efficiency",
                {"gpus": gpus, "efficiency": network_eff},
                ["workload.network_id", "workload.gpus"],
                Severity.INFO,
            )
        )
    out += _zero3_advice(workload, catalog, shape, core, gpus, dp, eff, inter_used)
    return out


def _slow_ethernet_advice(
    workload: Workload, nodes: int, eff: float, inter_used: NetworkClass | None
) -> list[Advice]:
    """Multi-node training over Ethernet or a class unfit for it."""
    out: list[Advice] = []
    training = workload.task is not TaskKind.INFERENCE
    if (
        training
        and nodes > 1
        and inter_used is not None
        and (
            inter_used.kind.value == "ethernet"
            or not inter_used.suitable_for_multi_node_training
        )
    ):
        # Small gradients (LoRA, short steps) can hide the link, but TCP
        # without RDMA still stalls NCCL under load and on retries.
        effect = "sync_bound" if eff < net.TARGET_SCALING_EFFICIENCY else "tcp_fragile"
        out.append(
            _advice(
                "network.slow_ethernet",
                {
                    "network": inter_used.id,
                    "nodes": nodes,
                    "effect": Message(
                        code=f"sizing.effect.{effect}", params={"efficiency": eff}
                    ),
                },
                ["workload.network_id", "workload.gpus"],
            )
        )
    return out


def _zero3_advice(
    workload: Workload,
    catalog: Catalog,
    shape: ResolvedShape,
    core: _Core,
    gpus: int,
    dp: int,
    eff: float,
    inter_used: NetworkClass | None,
) -> list[Advice]:
    """ZeRO-3 across servers when a lighter stage fits and scales better."""
    out: list[Advice] = []
    training = workload.task is not TaskKind.INFERENCE
    nodes = -(-gpus // core.gpu.gpus_per_server)
    lighter = (
        _lighter_zero_stage(workload, catalog, shape, core, gpus, dp, inter_used, eff)
        if training
        and nodes > 1
        and workload.zero_stage == 3
        and inter_used is not None
        else None
    )
    if lighter is not None and inter_used is not None:
        cheaper = (
            Message(code="sizing.zero3.no_cheaper")
            if lighter.cheaper is None
            else Message(
                code="sizing.zero3.cheaper",
                params={
                    "efficiency": lighter.cheaper_efficiency,
                    "network": lighter.cheaper.id,
                },
            )
        )
        out.append(
            _advice(
                "network.zero3_traffic",
                {
                    "network": inter_used.id,
                    "efficiency": eff,
                    "gpus": gpus,
                    "stage": lighter.stage,
                    "lighter_efficiency": lighter.efficiency,
                    "cheaper": cheaper,
                },
                ["workload.zero_stage", "workload.network_id"],
                Severity.INFO,
            )
        )
    return out


def _rule_of_thumb_advice(workload: Workload, memory: MemoryResult) -> list[Advice]:
    """The articles' 'weights × 2–3' rule underestimates the model state."""
    out: list[Advice] = []
    if (
        workload.task in (TaskKind.PRETRAIN, TaskKind.FULL_FINETUNE)
        and memory.unsharded_model_state_bytes > memory.rule_of_thumb_bytes
    ):
        out.append(
            _advice(
                "memory.rule_of_thumb",
                {
                    "rule_gb": memory.rule_of_thumb_bytes / 1e9,
                    "optimizer": workload.optimizer.value,
                    "bytes_per_param": memory.bytes_per_param_model_state,
                    "model_state_gb": memory.unsharded_model_state_bytes / 1e9,
                },
                ["workload.optimizer", "workload.model_preset"],
            )
        )
    return out


def _offload_advice(
    workload: Workload, shape: ResolvedShape, gpus: int
) -> list[Advice]:
    """Optimizer states in CPU memory: the servers' RAM they take (DeepSpeed's
    ``estimate_zero2_model_states_mem_needs`` with ``cpu_offload``: Ψ × max(4 ×
    GPUs, 16) bytes × 1.5 per server, DeepSpeed at 38327e07) and the CPU
    optimizer step the GPU-hours leave out."""
    training = workload.task in (TaskKind.PRETRAIN, TaskKind.FULL_FINETUNE)
    if not (
        workload.offload_optimizer
        and training
        and workload.framework in mem.OFFLOAD_FRAMEWORKS
    ):
        return []
    cpu_bytes = shape.params_total * max(4 * gpus, 16) * 1.5
    return [
        _advice(
            "memory.offload_cpu",
            {"cpu_gb": cpu_bytes / 1e9},
            ["workload.offload_optimizer", "workload.framework"],
        )
    ]


def _paged_advice(workload: Workload, core: _Core) -> list[Advice]:
    """A paged optimizer (bitsandbytes): the states it may page to CPU memory
    per card, and whether the card is short of room for them so that the
    steps page (slower; the GPU-hours assume they do not)."""
    if not paged_optimizer(workload):
        return []
    o = mem.optimizer_bytes_per_param(workload.optimizer, workload.precision)[2]
    kept = core.breakdown.optimizer_bytes  # the fp32 master copy
    paged = kept * (o - mem.FP32_MASTER_BYTES) / mem.FP32_MASTER_BYTES
    room = core.capacity_bytes * MEMORY_HEADROOM - core.breakdown.total_bytes
    pages = paged > room
    return [
        _advice(
            "memory.paged_optimizer_pages" if pages else "memory.paged_optimizer",
            {"paged_gb": paged / 1e9, "room_gb": max(room, 0.0) / 1e9},
            ["workload.paged_optimizer", "workload.optimizer"],
            Severity.WARNING if pages else Severity.INFO,
        )
    ]


def _chinchilla_advice(workload: Workload, shape: ResolvedShape) -> list[Advice]:
    """Pre-training far from the compute-optimal 20 tokens per parameter."""
    out: list[Advice] = []
    if workload.task is TaskKind.PRETRAIN and shape.params_active > 0:
        ratio = workload.tokens_billion * 1e9 / shape.params_active
        if not math.isfinite(ratio):  # a vanishing parameter count (1e-310)
            return out
        chin = cmp.CHINCHILLA_TOKENS_PER_PARAM
        if ratio < CHINCHILLA_LOW_RATIO * chin or ratio > CHINCHILLA_HIGH_RATIO * chin:
            low = ratio < CHINCHILLA_LOW_RATIO * chin
            out.append(
                _advice(
                    "compute.chinchilla",
                    {
                        "ratio": ratio,
                        "verdict": Message(
                            code="sizing.chinchilla."
                            + ("under_trained" if low else "over_trained")
                        ),
                    },
                    ["workload.tokens_billion", "workload.model_preset"],
                    Severity.INFO,
                )
            )
    return out


def _gpu_figures_advice(
    workload: Workload, gpu: GpuSpec, mfu_source: str = "catalog"
) -> list[Advice]:
    """Unconfirmed catalog figures; FP8 speed-up or peak used, or no FP8 on this card."""
    out: list[Advice] = []
    if gpu.unconfirmed_fields or not gpu.provenance.confirmed:
        fields = (
            Message(
                code="sizing.unconfirmed.fields",
                params={"fields": ", ".join(gpu.unconfirmed_fields)},
            )
            if gpu.unconfirmed_fields
            else Message(code="sizing.unconfirmed.all")
        )
        out.append(
            _advice(
                "catalog.unconfirmed_gpu",
                {"gpu": gpu.name, "fields": fields},
                ["workload.gpu_id"],
            )
        )
    if workload.precision is Precision.FP8 and gpu.fp8_dense_tflops:
        # the published speed-up applies to the calibrated MFU only; a set or
        # measured MFU is already on the FP8 peak
        speedup = mfu_source == "catalog"
        out.append(
            _advice(
                "compute.fp8_speedup" if speedup else "compute.fp8_peak",
                {
                    "fp8_tflops": gpu.fp8_dense_tflops,
                    "speedup": cmp.FP8_TRAINING_SPEEDUP,
                },
                ["workload.precision", "workload.mfu"],
                Severity.INFO,
            )
        )
    elif workload.precision is Precision.FP8:
        out.append(
            _advice(
                "compute.no_fp8",
                {"gpu": gpu.name},
                ["workload.precision", "workload.gpu_id"],
                Severity.INFO,
            )
        )
    return out


def _parallel_advice(
    workload: Workload, gpu: GpuSpec, gpus: int, max_by_batch: int
) -> list[Advice]:
    """Tensor parallelism across servers, dp × tp × pp ≠ cards, batch too small."""
    out: list[Advice] = []
    training = workload.task is not TaskKind.INFERENCE
    if workload.tp > gpu.gpus_per_server:
        out.append(
            _advice(
                "parallel.tp_across_nodes",
                {"tp": workload.tp, "gpus_per_server": gpu.gpus_per_server},
                ["workload.tp"],
            )
        )
    cp = context_parallel(workload)
    if (
        workload.dp is not None
        and workload.gpus is not None
        and (workload.dp * workload.tp * workload.pp * cp != workload.gpus)
    ):
        out.append(
            _advice(
                "parallel.dp_mismatch" if cp == 1 else "parallel.dp_mismatch_cp",
                {
                    "product": workload.dp * workload.tp * workload.pp * cp,
                    "gpus": workload.gpus,
                    "dp": workload.dp,
                },
                ["workload.dp", "workload.gpus"],
            )
        )
    if training and gpus > max_by_batch:
        out.append(
            _advice(
                "parallel.batch_too_small",
                {
                    "gpus": gpus,
                    "max_gpus": max_by_batch,
                    "micro_batch": workload.micro_batch,
                },
                ["workload.gpus", "workload.global_batch", "workload.micro_batch"],
            )
        )
    return out


def _unknown_network_advice(workload: Workload, catalog: Catalog) -> list[Advice]:
    """The project names a network class the catalog does not hold."""
    out: list[Advice] = []
    if workload.network_id is not None and _user_network(workload, catalog) is None:
        out.append(
            _advice(
                "input.unknown_network",
                {"network": workload.network_id},
                ["workload.network_id"],
                Severity.ERROR,
            )
        )
    return out


def _parallel_hint(workload: Workload, shape: ResolvedShape, core: _Core) -> Message:
    """Suggest what makes the model fit: a larger expert-parallel degree when
    the workload sets one (MoE training), else the smallest tp × pp (tp ≤ one
    server), if any."""
    ep_hint = _expert_parallel_hint(workload, shape, core)
    if ep_hint is not None:
        return ep_hint
    best: tuple[int, int, int] | None = None
    tp = 1
    while tp <= core.gpu.gpus_per_server:
        for pp in (1, 2, 4, 8, 16, 32, 64):
            trial = workload.model_copy(
                update={"tp": tp, "pp": pp, "sequence_parallel": tp > 1}
            )
            n = min_gpus_for_memory(trial, shape, core.capacity_bytes)
            if n is not None and (best is None or n < best[0]):
                best = (n, tp, pp)
        tp *= 2
    if best is None:
        return Message(code="sizing.hint.other")
    n, tp, pp = best
    return Message(code="sizing.hint.tp_pp", params={"tp": tp, "pp": pp, "gpus": n})


def _expert_parallel_hint(
    workload: Workload, shape: ResolvedShape, core: _Core
) -> Message | None:
    """The smallest expert-parallel degree above the workload's that fits, at
    the same tp and pp. [1]

    Only when the workload sets a degree: unset, the default already grows
    with the data-parallel degree up to the number of experts
    (:func:`~gpu_advisor.engine.sizing.core._expert_parallel`), so a larger one
    cannot help.
    """
    if workload.expert_parallel is None or workload.task not in (
        TaskKind.PRETRAIN,
        TaskKind.FULL_FINETUNE,
    ):
        return None
    ep = _expert_parallel(workload, shape, 1) * 2
    while ep <= shape.experts:
        trial = workload.model_copy(update={"expert_parallel": ep})
        n = min_gpus_for_memory(trial, shape, core.capacity_bytes)
        if n is not None:
            return Message(
                code="sizing.hint.expert_parallel", params={"ep": ep, "gpus": n}
            )
        ep *= 2
    return None


def _unknown_model_advice(preset: str) -> Advice:
    """The project names a model preset the catalog does not hold."""
    return _advice(
        "input.unknown_model",
        {"preset": preset},
        ["workload.model_preset"],
        Severity.ERROR,
    )


def _derived_shape_advice(shape: ResolvedShape) -> Advice:
    """Only the parameter count is known: the shape was derived from it."""
    return _advice(
        "shape.derived",
        {"layers": shape.layers, "hidden": shape.hidden, "heads": shape.heads},
        ["workload.shape.params_billion"],
        Severity.INFO,
    )


def _unknown_gpu_advice(gpu_id: str, used_id: str) -> Advice:
    """The project names a GPU the catalog does not hold; ``used_id`` stands in."""
    return _advice(
        "input.unknown_gpu",
        {"gpu": gpu_id, "used": used_id},
        ["workload.gpu_id"],
        Severity.ERROR,
    )


def _unknown_candidate_advice(gpu_id: str) -> Advice:
    """A candidate GPU the catalog does not hold (skipped)."""
    return _advice(
        "input.unknown_candidate",
        {"gpu": gpu_id},
        ["workload.gpu_candidates"],
    )


def _expert_parallel_advice(
    workload: Workload, ep: int, dp: int, unit: int
) -> list[Advice]:
    """The expert-parallel degree exceeds the data-parallel degree it is
    carved out of (MoE training): the dp·cp ranks with context parallelism,
    dp·cp·tp/etp with an expert tensor-parallel size; ``unit`` is the cards
    per replica, tp·pp·cp."""
    out: list[Advice] = []
    cp = context_parallel(workload)
    etp = workload.expert_tensor_parallel or workload.tp
    folded = workload.tp * cp
    if ep * etp > dp * folded and workload.task in (
        TaskKind.PRETRAIN,
        TaskKind.FULL_FINETUNE,
    ):
        replicas = etp * ep // math.gcd(etp * ep, folded)
        out.append(
            _advice(
                "workload.expert_parallel_above_dp",
                {"ep": ep, "dp": dp * cp, "min_gpus": replicas * unit},
                ["workload.expert_parallel", "workload.gpus"],
            )
        )
    return out
