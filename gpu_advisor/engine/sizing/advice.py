"""The sizing's advice: warnings and hints, in English and Chinese.

What the plan should know about the numbers of
:mod:`~gpu_advisor.engine.sizing.core` and
:mod:`~gpu_advisor.engine.sizing.scaling`: the model does not fit, the
deadline cannot be met, the network is too slow, the pipeline idles, a
lighter ZeRO stage would scale better, the rule of thumb underestimates the
memory, the token count is far from compute-optimal, a catalog figure is
unconfirmed; and the parallel settings that would make the model fit.
"""

from __future__ import annotations

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
    min_gpus_for_memory,
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
from gpu_advisor.model.common import Advice, Severity
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
    en: str,
    zh: str,
    inputs: list[str],
    severity: Severity = Severity.WARNING,
) -> Advice:
    return Advice(
        code=code,
        severity=severity,
        message_en=en,
        message_zh=zh,
        inputs=inputs,
    )


def _gib(value_bytes: float) -> str:
    return f"{value_bytes / mem.GIB:,.1f} GiB"


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
        *_chinchilla_advice(workload, shape),
        *_gpu_figures_advice(workload, core.gpu),
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
        hint_en, hint_zh = _parallel_hint(workload, shape, core)
        out.append(
            _advice(
                "memory.fits_nowhere",
                f"The model does not fit on any number of {gpu.id} cards with "
                f"tp={workload.tp}, pp={workload.pp}, ZeRO-{workload.zero_stage}: "
                f"what cannot be sharded over data parallelism alone needs more than "
                f"{_gib(memory.usable_bytes)} per card.{hint_en}",
                f"在 tp={workload.tp}、pp={workload.pp}、ZeRO-{workload.zero_stage} 下，"
                f"任何数量的 {gpu.id} 都放不下：无法靠数据并行切分的部分超过每卡 "
                f"{_gib(memory.usable_bytes)}。{hint_zh}",
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
                f"At {gpus} cards (dp={dp}) each {gpu.id} needs "
                f"{_gib(memory.per_gpu.total_bytes)}, more than the "
                f"{_gib(memory.usable_bytes)} usable; at least {core.min_gpus} cards "
                "are needed.",
                f"{gpus} 张卡（dp={dp}）时每张 {gpu.id} 需要 "
                f"{_gib(memory.per_gpu.total_bytes)}，超过可用的 "
                f"{_gib(memory.usable_bytes)}；至少需要 {core.min_gpus} 张卡。",
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
                f"No card count up to {max_by_batch} finishes within "
                f"{workload.deadline_days:g} days: communication and the global batch "
                "limit how far the job scales. Extend the deadline, reduce tokens or "
                "use a faster GPU/network.",
                f"在 {max_by_batch} 张卡以内，没有任何卡数能在 {workload.deadline_days:g} "
                "天内完成：通信开销和全局 batch 限制了扩展。请放宽工期、减少 token 数，"
                "或选用更快的 GPU/网络。",
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
        net.pipeline_bubble_fraction(workload.pp, micro_batches) if training else 0.0
    )
    if bubble >= PIPELINE_BUBBLE_ADVICE:
        out.append(
            _advice(
                "pipeline.bubble",
                f"The pipeline idles {bubble:.0%} of each step's compute (1F1B "
                f"bubble (pp − 1)/m with pp={workload.pp} and m={micro_batches} "
                "micro-batches per data-parallel rank): a larger global batch, "
                "fewer pipeline stages or an interleaved schedule shortens it.",
                f"流水线每步有相当于计算时间 {bubble:.0%} 的空闲（1F1B 气泡 (pp − 1)/m，"
                f"pp={workload.pp}，每个数据并行副本 m={micro_batches} 个微批）："
                "增大全局批量、减少流水线级数或采用交错调度都可缩短。",
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
                f"Scaling efficiency at {gpus} cards is {network_eff:.0%} (< 90 %) "
                "before any pipeline bubble: the network limits the speed-up.",
                f"{gpus} 张卡时扩展效率为 {network_eff:.0%}（未计流水线气泡，低于 "
                "90%）：网络限制了加速。",
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
        if eff < net.TARGET_SCALING_EFFICIENCY:
            effect_en = (
                f"gradient sync leaves only {eff:.0%} of the GPU time for compute"
            )
            effect_zh = f"梯度同步后 GPU 只有 {eff:.0%} 的时间在计算"
        else:
            # Small gradients (LoRA, short steps) hide the link here, but TCP
            # without RDMA still stalls NCCL under load and on retries.
            effect_en = (
                f"the estimate still reaches {eff:.0%} scaling because little data "
                "is synchronised, but TCP without RDMA is fragile for NCCL"
            )
            effect_zh = (
                f"本任务同步的数据量小，估算扩展效率仍有 {eff:.0%}，"
                "但没有 RDMA 的 TCP 网络跑 NCCL 容易卡顿和超时"
            )
        out.append(
            _advice(
                "network.slow_ethernet",
                f"{inter_used.name} between {nodes} servers: {effect_en}. Multi-node "
                "training needs InfiniBand or RoCE of at least 100 Gb/s.",
                f"{nodes} 台服务器之间使用 {inter_used.label('zh')}：{effect_zh}。"
                "多机训练需要至少 100 Gb/s 的 InfiniBand 或 RoCE。",
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
        cheaper_en = cheaper_zh = ""
        if lighter.cheaper is not None:
            cheaper_en = (
                f", or {lighter.cheaper_efficiency:.0%} on the cheaper "
                f"{lighter.cheaper.name}"
            )
            cheaper_zh = (
                f"，换用更便宜的 {lighter.cheaper.label('zh')} 也有 "
                f"{lighter.cheaper_efficiency:.0%}"
            )
        out.append(
            _advice(
                "network.zero3_traffic",
                "ZeRO-3 gathers the weights again for every micro-batch: over "
                f"{inter_used.name}, {eff:.0%} of the time is compute. The model "
                f"also fits on {gpus} cards with ZeRO-{lighter.stage}, which moves "
                f"less data: {lighter.efficiency:.0%} on the same network"
                f"{cheaper_en}.",
                "ZeRO-3 每个 micro-batch 都要重新汇集一次权重：在 "
                f"{inter_used.label('zh')} 上，{eff:.0%} 的时间在计算。{gpus} 张卡用 "
                f"ZeRO-{lighter.stage} 也放得下，通信量更小：同样的网络可达 "
                f"{lighter.efficiency:.0%}{cheaper_zh}。",
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
                f"The common rule 'weights × 2 bytes, plus 2–3× that for gradients and "
                f"optimizer' gives {memory.rule_of_thumb_bytes / 1e9:,.0f} GB (6–8 bytes "
                f"per parameter). Mixed-precision {workload.optimizer.value} really needs "
                f"{memory.bytes_per_param_model_state:g} bytes per parameter = "
                f"{memory.unsharded_model_state_bytes / 1e9:,.0f} GB before sharding "
                "(bf16 weights 2 + gradients 2 + fp32 master copy, momentum and "
                "variance 12), plus activations. Plan with the larger figure.",
                f"常见经验“参数量×2 字节，梯度和优化器再算 2–3 倍”得出 "
                f"{memory.rule_of_thumb_bytes / 1e9:,.0f} GB（每参数 6–8 字节）。"
                f"混合精度 {workload.optimizer.value} 实际每参数需要 "
                f"{memory.bytes_per_param_model_state:g} 字节，切分前共 "
                f"{memory.unsharded_model_state_bytes / 1e9:,.0f} GB（bf16 权重 2 + "
                "梯度 2 + fp32 主权重、一阶和二阶动量 12），另加激活值。请按较大的数规划。",
                ["workload.optimizer", "workload.model_preset"],
            )
        )
    return out


def _chinchilla_advice(workload: Workload, shape: ResolvedShape) -> list[Advice]:
    """Pre-training far from the compute-optimal 20 tokens per parameter."""
    out: list[Advice] = []
    if workload.task is TaskKind.PRETRAIN and shape.params_active > 0:
        ratio = workload.tokens_billion * 1e9 / shape.params_active
        chin = cmp.CHINCHILLA_TOKENS_PER_PARAM
        if ratio < CHINCHILLA_LOW_RATIO * chin or ratio > CHINCHILLA_HIGH_RATIO * chin:
            low = ratio < CHINCHILLA_LOW_RATIO * chin
            out.append(
                _advice(
                    "compute.chinchilla",
                    f"{ratio:,.0f} tokens per (active) parameter; the compute-optimal "
                    f"ratio is about 20 (Chinchilla). "
                    + (
                        "The model will be under-trained for its size."
                        if low
                        else "Training far beyond it is common when the model will "
                        "serve much inference (Llama 3: ~1,900), but costs more compute."
                    ),
                    f"每个（激活）参数 {ratio:,.0f} 个 token；计算最优约为 20（Chinchilla）。"
                    + (
                        "按模型规模看训练不足。"
                        if low
                        else "为降低推理成本而远超此比例很常见（Llama 3 约 1900），但算力开销更大。"
                    ),
                    ["workload.tokens_billion", "workload.model_preset"],
                    Severity.INFO,
                )
            )
    return out


def _gpu_figures_advice(workload: Workload, gpu: GpuSpec) -> list[Advice]:
    """Unconfirmed catalog figures; FP8 peak used, or no FP8 on this card."""
    out: list[Advice] = []
    if gpu.unconfirmed_fields or not gpu.provenance.confirmed:
        fields = ", ".join(gpu.unconfirmed_fields) or "all figures"
        out.append(
            _advice(
                "catalog.unconfirmed_gpu",
                f"{gpu.name}: {fields} are not confirmed by a datasheet; treat the "
                "results as rough and measure on the real hardware.",
                f"{gpu.name}：{fields} 未经官方规格书确认，结果仅供粗估，请在实机上测试。",
                ["workload.gpu_id"],
            )
        )
    if workload.precision is Precision.FP8 and gpu.fp8_dense_tflops:
        out.append(
            _advice(
                "compute.fp8_peak",
                f"FP8 GPU-hours use the FP8 peak ({gpu.fp8_dense_tflops:g} TFLOPS) × MFU. "
                "Real FP8 runs are typically 1.3–1.5× faster than BF16, not 2×: lower "
                "the MFU if you want a conservative plan.",
                f"FP8 卡时按 FP8 峰值（{gpu.fp8_dense_tflops:g} TFLOPS）× MFU 计算。"
                "实际 FP8 训练通常比 BF16 快 1.3–1.5 倍而非 2 倍，保守规划请调低 MFU。",
                ["workload.precision", "workload.mfu"],
                Severity.INFO,
            )
        )
    elif workload.precision is Precision.FP8:
        out.append(
            _advice(
                "compute.no_fp8",
                f"{gpu.name} has no FP8 tensor cores; the BF16 peak is used.",
                f"{gpu.name} 不支持 FP8 张量核心，按 BF16 峰值计算。",
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
                f"Tensor parallelism {workload.tp} spans more than one server "
                f"({gpu.gpus_per_server} cards): keep tp within a server.",
                f"张量并行度 {workload.tp} 超出单台服务器（{gpu.gpus_per_server} 卡），"
                "请把 tp 限制在一台服务器内。",
                ["workload.tp"],
            )
        )
    if (
        workload.dp is not None
        and workload.gpus is not None
        and (workload.dp * workload.tp * workload.pp != workload.gpus)
    ):
        out.append(
            _advice(
                "parallel.dp_mismatch",
                f"dp × tp × pp = {workload.dp * workload.tp * workload.pp} differs from "
                f"the {workload.gpus} cards given; memory uses dp={workload.dp}, days "
                f"use {workload.gpus} cards.",
                f"dp × tp × pp = {workload.dp * workload.tp * workload.pp}，与给定的 "
                f"{workload.gpus} 张卡不一致；显存按 dp={workload.dp}、工期按 "
                f"{workload.gpus} 张卡计算。",
                ["workload.dp", "workload.gpus"],
            )
        )
    if training and gpus > max_by_batch:
        out.append(
            _advice(
                "parallel.batch_too_small",
                f"{gpus} cards exceed what the global batch can feed "
                f"({max_by_batch} cards at micro-batch {workload.micro_batch}).",
                f"{gpus} 张卡超过全局 batch 能支撑的规模（micro-batch 为 "
                f"{workload.micro_batch} 时最多 {max_by_batch} 张）。",
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
                f"Network {workload.network_id!r} is not in the catalog; the class "
                "needed is used instead.",
                f"目录中没有网络 {workload.network_id!r}，改用所需的网络等级。",
                ["workload.network_id"],
                Severity.ERROR,
            )
        )
    return out


def _parallel_hint(
    workload: Workload, shape: ResolvedShape, core: _Core
) -> tuple[str, str]:
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
        return (
            " Try full recompute, a smaller micro-batch or a larger card.",
            "可尝试完全重计算、减小 micro-batch 或换更大显存的卡。",
        )
    n, tp, pp = best
    return (
        f" With tp={tp}, pp={pp} and sequence parallelism it fits on {n} cards.",
        f"改用 tp={tp}、pp={pp} 并开启序列并行，{n} 张卡即可放下。",
    )


def _expert_parallel_hint(
    workload: Workload, shape: ResolvedShape, core: _Core
) -> tuple[str, str] | None:
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
            return (
                f" With expert parallelism {ep} (the routed experts split over {ep} "
                f"data-parallel ranks) it fits on {n} cards.",
                f"改用专家并行度 {ep}（路由专家分到 {ep} 个数据并行卡上），{n} 张卡即可放下。",
            )
        ep *= 2
    return None


def _unknown_model_advice(preset: str) -> Advice:
    """The project names a model preset the catalog does not hold."""
    return _advice(
        "input.unknown_model",
        f"Model preset {preset!r} is not in the catalog; "
        "the custom shape (or a default shape) is used instead.",
        f"目录中没有模型预设 {preset!r}，改用自定义结构（或默认结构）。",
        ["workload.model_preset"],
        Severity.ERROR,
    )


def _derived_shape_advice(shape: ResolvedShape) -> Advice:
    """Only the parameter count is known: the shape was derived from it."""
    return _advice(
        "shape.derived",
        f"Only the parameter count is known: a Llama-like shape was derived "
        f"({shape.layers} layers, hidden {shape.hidden}, {shape.heads} heads). "
        "Activation and KV-cache figures are approximate; enter the real "
        "shape or paste config.json for exact numbers.",
        f"只给了参数量：按 Llama 类结构推算（{shape.layers} 层、隐藏维 "
        f"{shape.hidden}、{shape.heads} 个注意力头）。激活与 KV 缓存为近似值；"
        "填写真实结构或粘贴 config.json 可得精确结果。",
        ["workload.shape.params_billion"],
        Severity.INFO,
    )


def _unknown_gpu_advice(gpu_id: str, used_id: str) -> Advice:
    """The project names a GPU the catalog does not hold; ``used_id`` stands in."""
    return _advice(
        "input.unknown_gpu",
        f"GPU {gpu_id!r} is not in the catalog; {used_id} is used instead.",
        f"目录中没有 GPU {gpu_id!r}，改用 {used_id} 计算。",
        ["workload.gpu_id"],
        Severity.ERROR,
    )


def _unknown_candidate_advice(gpu_id: str) -> Advice:
    """A candidate GPU the catalog does not hold (skipped)."""
    return _advice(
        "input.unknown_candidate",
        f"Candidate GPU {gpu_id!r} is not in the catalog and was skipped.",
        f"候选 GPU {gpu_id!r} 不在目录中，已跳过。",
        ["workload.gpu_candidates"],
    )


def _expert_parallel_advice(
    workload: Workload, ep: int, dp: int, unit: int
) -> list[Advice]:
    """The expert-parallel degree exceeds the data-parallel degree it is
    carved out of (MoE training); ``unit`` is the cards per replica, tp·pp."""
    out: list[Advice] = []
    if ep > dp and workload.task in (TaskKind.PRETRAIN, TaskKind.FULL_FINETUNE):
        out.append(
            _advice(
                "workload.expert_parallel_above_dp",
                f"Expert parallelism {ep} is larger than the data-parallel degree "
                f"{dp}: the experts are split over data-parallel ranks, so plan at "
                f"least {ep * unit} cards or lower the expert-parallel degree.",
                f"专家并行度 {ep} 大于数据并行度 {dp}：专家按数据并行的各卡切分，"
                f"请至少按 {ep * unit} 张卡规划，或降低专家并行度。",
                ["workload.expert_parallel", "workload.gpus"],
            )
        )
    return out
