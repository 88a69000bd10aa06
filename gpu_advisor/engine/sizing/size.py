"""Size a workload: memory per GPU, compute, cluster, storage, warnings.

Entry point :func:`size_workload`. Pure: takes the workload and the catalog,
returns a frozen :class:`~gpu_advisor.model.sizing_results.SizingResult`.
Result models are built with ``model_construct`` (the engine computes every
field itself) so that a full sizing stays far below the 2 ms budget.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Protocol

from gpu_advisor.engine.names import article
from gpu_advisor.engine.sizing import compute as cmp
from gpu_advisor.engine.sizing import memory as mem
from gpu_advisor.engine.sizing import network as net
from gpu_advisor.engine.sizing.construct import _construct
from gpu_advisor.engine.sizing.core import (
    MAX_GPUS,
    MEMORY_HEADROOM,
    _breakdown,
    _Core,
    _core,
    _expert_parallel,
    _hours_band,
    _memory_parts,
    _resharded,
    _round_up,
    min_gpus_for_memory,
)
from gpu_advisor.engine.sizing.network_choice import (
    _inter_networks,
    _intra_network,
    _network_needed,
    _NetworkChoice,
    _next_slower,
    _pick_inter,
    _user_network,
)
from gpu_advisor.engine.sizing.scaling import (
    _days,
    _efficiency,
    _max_dp_by_batch,
    _micro_batches,
)
from gpu_advisor.engine.sizing.shape import (
    CHINCHILLA_HIGH_RATIO,
    CHINCHILLA_LOW_RATIO,
    shape_from_custom,
    shape_from_preset,
)
from gpu_advisor.model.catalog import Catalog, GpuSpec, NetworkClass
from gpu_advisor.model.common import Advice, Explanation, InputRef, Severity
from gpu_advisor.model.project import (
    Framework,
    ModelShape,
    Precision,
    TaskKind,
    Workload,
)
from gpu_advisor.model.sizing_results import (
    CandidateSizing,
    ClusterResult,
    ComputeResult,
    DaysPoint,
    MemoryResult,
    ResolvedShape,
    SizingResult,
    StorageResult,
)

ZERO3_ADVICE_MIN_GAIN: Final = 0.05
"""Scaling-efficiency gain (5 points) that makes a lighter ZeRO stage worth
suggesting when the model fits with it."""

PIPELINE_BUBBLE_ADVICE: Final = 0.10
"""Pipeline bubble (share of the compute time) from which the plan says how
to shorten it: above it, the 1F1B idle time costs more than a tenth of the
run (Narayanan et al. 2021, section 2.2.1, keep m ≫ p). [1]"""

CHECKPOINT_WRITE_TARGET_S: Final = 300.0
"""Write a full checkpoint within 5 minutes, so that hourly checkpoints cost
< 10 % of the run even without asynchronous saving. [s]"""


RULE_OF_THUMB_BYTES_PER_PARAM: Final = 2.0 * (1.0 + 3.0)
"""Seed 000: fp16 weights 2 B/param, gradients and optimizer "two to three
times the weights"; the upper end gives 8 B/param, against 16 B/param for
mixed-precision AdamW (Rajbhandari et al. 2020). [B/param]"""


def _advice(
    code: str,
    en: str,
    zh: str,
    inputs: list[str],
    severity: Severity = Severity.WARNING,
) -> Advice:
    return _construct(
        Advice,
        code=code,
        severity=severity,
        message_en=en,
        message_zh=zh,
        inputs=inputs,
    )


def _gib(value_bytes: float) -> str:
    return f"{value_bytes / mem.GIB:,.1f} GiB"


def resolve_shape(
    workload: Workload, catalog: Catalog
) -> tuple[ResolvedShape, list[Advice]]:
    """The shape to size, with advice when it was guessed or not found.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> s, notes = resolve_shape(Workload(model_preset="llama2-7b"), load_catalog())
    >>> s.layers, notes
    (32, [])
    """
    notes: list[Advice] = []
    if workload.model_preset is not None:
        for preset in catalog.models:
            if preset.id == workload.model_preset:
                return shape_from_preset(preset), notes
        notes.append(
            _advice(
                "input.unknown_model",
                f"Model preset {workload.model_preset!r} is not in the catalog; "
                "the custom shape (or a default shape) is used instead.",
                f"目录中没有模型预设 {workload.model_preset!r}，改用自定义结构（或默认结构）。",
                ["workload.model_preset"],
                Severity.ERROR,
            )
        )
    shape = shape_from_custom(workload.shape or ModelShape())
    if shape.derived:
        notes.append(
            _advice(
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
        )
    return shape, notes


def _default_gpus(workload: Workload, core: _Core) -> int:
    if workload.gpus is not None:
        return workload.gpus
    if workload.dp is not None:
        return workload.dp * core.unit
    base = core.min_gpus or core.unit
    if workload.task is TaskKind.INFERENCE:
        return base
    return _round_up(max(base, core.gpu.gpus_per_server), core.unit)


def _count_ladder(start: int, unit: int, stop: int, per_server: int) -> list[int]:
    """Card counts to search: every step up to two servers, then ≈4 % steps."""
    counts: list[int] = []
    n = _round_up(start, unit)
    step = unit
    server_unit = unit * per_server // math.gcd(unit, per_server)
    while n <= stop:
        counts.append(n)
        if n >= 2 * per_server:
            step = max(server_unit, _round_up(int(n * 0.04), server_unit))
        n += step
    return counts


def _curve_counts(start: int, unit: int, stop: int) -> list[int]:
    raw = {1, 2, 4, *range(8, 65, 8)}
    p = 64
    while p <= stop:
        raw.update((p, p * 3 // 2))
        p *= 2
    raw.add(stop)
    out = sorted({_round_up(n, unit) for n in raw if n >= start})
    return [n for n in out if n <= stop] or [_round_up(start, unit)]


def size_for_gpu(
    workload: Workload,
    catalog: Catalog,
    gpu_id: str,
    shape: ResolvedShape | None = None,
    measured_mfu: float | None = None,
) -> CandidateSizing:
    """The workload sized on another GPU model (for the candidate comparison).

    Parameters
    ----------
    workload : Workload
        The workload (its ``gpu_id`` is ignored).
    catalog : Catalog
        Catalog holding ``gpu_id``.
    gpu_id : str
        Candidate GPU; ``KeyError`` if unknown (callers check first).
    shape : ResolvedShape, optional
        Pre-resolved shape (saves work when sizing several candidates).
    measured_mfu : float, optional
        MFU measured on this GPU. [1]

    Returns
    -------
    CandidateSizing
        Memory, minimum cards, GPU-hours and days at the default card count
        (the project's ``gpus`` if set, else one server or the minimum).

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> w = Workload(model_preset="llama2-7b", zero_stage=1)
    >>> c = size_for_gpu(w, load_catalog(), "H100-80GB-SXM")
    >>> c.gpu_id, c.min_gpus
    ('H100-80GB-SXM', 3)
    """
    if shape is None:
        shape, _ = resolve_shape(workload, catalog)
    gpu = catalog.gpu(gpu_id)
    intra = _intra_network(catalog, gpu)
    inters = _inter_networks(catalog)
    probe = _core(workload, catalog, shape, gpu, measured_mfu, 1)
    gpus = _default_gpus(workload, probe)
    dp = workload.dp or max(1, gpus // probe.unit)
    core = _resharded(workload, shape, probe, dp)
    inter = _pick_inter(workload, catalog, core, gpus, inters, intra)
    eff = _efficiency(workload, core, gpus, inter, intra)
    band = _hours_band(workload, core)
    return _construct(
        CandidateSizing,
        gpu_id=gpu.id,
        memory=_memory_result(core, shape, workload),
        min_gpus=core.min_gpus,
        gpu_hours=core.gpu_hours,
        days=_days(core.gpu_hours, gpus, eff),
        gpus=gpus,
        gpu_hours_p10=band[0],
        gpu_hours_p90=band[1],
    )


def _memory_result(
    core: _Core, shape: ResolvedShape, workload: Workload
) -> MemoryResult:
    return _construct(
        MemoryResult,
        per_gpu=core.breakdown,
        capacity_bytes=core.capacity_bytes,
        usable_bytes=core.capacity_bytes * MEMORY_HEADROOM,
        fits=core.fits,
        rule_of_thumb_bytes=shape.params_total * RULE_OF_THUMB_BYTES_PER_PARAM,
        unsharded_model_state_bytes=core.state.unsharded_bytes,
        bytes_per_param_model_state=core.state.bytes_per_param,
    )


def size_workload(
    workload: Workload, catalog: Catalog, measured_mfu: float | None = None
) -> SizingResult:
    """Size a workload on its GPU and on each candidate GPU.

    Parameters
    ----------
    workload : Workload
        The project's workload section.
    catalog : Catalog
        GPU, model and network catalog.
    measured_mfu : float, optional
        MFU measured in a vendor test; used unless ``workload.mfu`` is set. [1]

    Returns
    -------
    SizingResult
        Memory, compute, cluster, storage, candidates, warnings (English and
        Chinese) and an explanation for every key number.

    Notes
    -----
    Never raises on a schema-valid workload: unknown ids become warnings and a
    fallback is used. The card count for ``days`` is the project's ``gpus``,
    else ``dp·tp·pp`` when ``dp`` is set, else the count meeting the deadline,
    else the larger of the minimum by memory and one server.

    References
    ----------
    See :mod:`gpu_advisor.engine` (glossary and sources).

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> r = size_workload(Workload(task="pretrain", model_preset="llama2-7b",
    ...                            tokens_billion=2000), load_catalog())
    >>> round(r.compute.gpu_hours, -3)  # published: 184,320 (Llama 2, Table 2)
    191000.0
    """
    warnings: list[Advice] = []
    shape, notes = resolve_shape(workload, catalog)
    warnings.extend(notes)
    gpu_known = any(g.id == workload.gpu_id for g in catalog.gpus)
    gpu = catalog.gpu(workload.gpu_id) if gpu_known else catalog.gpus[0]
    if not gpu_known:
        warnings.append(
            _advice(
                "input.unknown_gpu",
                f"GPU {workload.gpu_id!r} is not in the catalog; {gpu.id} is used instead.",
                f"目录中没有 GPU {workload.gpu_id!r}，改用 {gpu.id} 计算。",
                ["workload.gpu_id"],
                Severity.ERROR,
            )
        )
    intra = _intra_network(catalog, gpu)
    inters = _inter_networks(catalog)
    probe = _core(workload, catalog, shape, gpu, measured_mfu, 1)
    unit = probe.unit
    max_by_batch = min(MAX_GPUS, _max_dp_by_batch(workload) * unit)

    # GPUs to meet the deadline (needs efficiency, which needs the dp-sharded core)
    gpus_for_deadline: int | None = None
    if workload.deadline_days is not None and probe.min_gpus is not None:
        for n in _count_ladder(probe.min_gpus, unit, max_by_batch, gpu.gpus_per_server):
            if _days(probe.gpu_hours, n, 1.0) > workload.deadline_days:
                continue  # too few cards even at efficiency 1 (the ceiling)
            inter_n = _pick_inter(workload, catalog, probe, n, inters, intra)
            eff_n = _efficiency(workload, probe, n, inter_n, intra)
            if _days(probe.gpu_hours, n, eff_n) <= workload.deadline_days:
                gpus_for_deadline = n
                break

    if workload.gpus is None and workload.dp is None and gpus_for_deadline is not None:
        gpus = gpus_for_deadline
    else:
        gpus = _default_gpus(workload, probe)
    dp = workload.dp or max(1, gpus // unit)
    core = _resharded(workload, shape, probe, dp)
    needed, needed_eff = (
        _network_needed(workload, core, gpus, inters, intra)
        if gpus > gpu.gpus_per_server and workload.task is not TaskKind.INFERENCE
        else (None, 1.0)
    )
    slower = _next_slower(needed, inters)
    slower_eff = (
        _efficiency(workload, core, gpus, slower, intra) if slower is not None else None
    )
    user_net = _user_network(workload, catalog)
    inter_used = user_net or needed
    eff = _efficiency(workload, core, gpus, inter_used, intra)
    days = _days(core.gpu_hours, gpus, eff)
    nodes = max(1, -(-gpus // gpu.gpus_per_server))
    network_id = inter_used.id if inter_used is not None else gpu.intra_node_network_id

    curve: list[DaysPoint] = []
    curve_stop = min(max_by_batch, max(512, 16 * max(gpus, core.min_gpus or 1)))
    if core.min_gpus is not None:
        for n in _curve_counts(core.min_gpus, unit, curve_stop):
            inter_n = user_net or (
                _network_needed(workload, core, n, inters, intra)[0]
                if n > gpu.gpus_per_server
                else None
            )
            e = _efficiency(workload, core, n, inter_n, intra)
            curve.append(
                _construct(
                    DaysPoint,
                    gpus=n,
                    days=_days(core.gpu_hours, n, e),
                    scaling_efficiency=e,
                )
            )

    memory = _memory_result(core, shape, workload)
    tokens = workload.tokens_billion * 1e9
    p10, p90 = _hours_band(workload, core)
    compute = _construct(
        ComputeResult,
        train_flops=core.train_flops,
        gpu_hours=core.gpu_hours,
        gpu_hours_with_redundancy=core.gpu_hours * cmp.REDUNDANCY_FACTOR,
        redundancy_factor=cmp.REDUNDANCY_FACTOR,
        mfu=core.mfu,
        mfu_source=core.mfu_source,
        peak_tflops=core.peak_tflops,
        params_total=shape.params_total,
        params_active=shape.params_active,
        tokens=tokens,
        chinchilla_tokens=cmp.CHINCHILLA_TOKENS_PER_PARAM * shape.params_active,
        flops_per_token=core.flops_per_token,
        decode_tokens_per_s_per_gpu=core.decode_tps,
        gpu_hours_p10=p10,
        gpu_hours_p90=p90,
        gpu_hours_with_redundancy_p10=p10 * cmp.REDUNDANCY_FACTOR,
        gpu_hours_with_redundancy_p90=p90 * cmp.REDUNDANCY_FACTOR,
        recompute_mfu_factor=core.recompute_mfu_factor,
    )
    cluster = _construct(
        ClusterResult,
        min_gpus=core.min_gpus,
        gpus=gpus,
        dp=dp,
        tp=max(1, unit // workload.pp)
        if workload.task is TaskKind.INFERENCE
        else workload.tp,
        pp=workload.pp,
        expert_parallel=_expert_parallel(workload, shape, dp),
        gpus_for_deadline=gpus_for_deadline,
        days=days,
        scaling_efficiency=eff,
        network_id=network_id,
        network_needed_id=needed.id if needed is not None else None,
        nodes=nodes,
        days_curve=curve,
    )
    storage = _storage(workload, core, shape, catalog)
    ep = cluster.expert_parallel
    if ep > dp and workload.task in (TaskKind.PRETRAIN, TaskKind.FULL_FINETUNE):
        warnings.append(
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

    candidates: list[CandidateSizing] = []
    for cid in workload.gpu_candidates:
        if any(g.id == cid for g in catalog.gpus):
            candidates.append(size_for_gpu(workload, catalog, cid, shape))
        else:
            warnings.append(
                _advice(
                    "input.unknown_candidate",
                    f"Candidate GPU {cid!r} is not in the catalog and was skipped.",
                    f"候选 GPU {cid!r} 不在目录中，已跳过。",
                    ["workload.gpu_candidates"],
                )
            )

    warnings.extend(
        _warnings(
            workload,
            catalog,
            shape,
            core,
            gpus,
            dp,
            eff,
            inter_used,
            memory,
            gpus_for_deadline,
            max_by_batch,
        )
    )
    explanations = _explanations(
        workload, catalog, shape, core, memory, compute, cluster
    ) + _more_explanations(
        workload,
        shape,
        core,
        compute,
        cluster,
        storage,
        _NetworkChoice(needed, needed_eff, slower, slower_eff, inters),
    )
    return _construct(
        SizingResult,
        gpu_id=gpu.id,
        memory=memory,
        compute=compute,
        cluster=cluster,
        storage=storage,
        candidates=candidates,
        warnings=warnings,
        explanations=explanations,
        shape_derived=shape.derived,
        shape=shape,
    )


def _storage(
    workload: Workload, core: _Core, shape: ResolvedShape, catalog: Catalog
) -> StorageResult:
    """Checkpoint = weights + optimizer states (fp32 master) of the trained params."""
    if workload.task is TaskKind.INFERENCE:
        ckpt = mem.inference_weights_bytes(shape, workload.precision)
    else:
        w, _, o = mem.optimizer_bytes_per_param(workload.optimizer, Precision.BF16)
        ckpt = core.state.trainable_params * (w + o)
    return _construct(
        StorageResult,
        checkpoint_bytes=ckpt,
        checkpoint_write_gb_per_s=ckpt / 1e9 / CHECKPOINT_WRITE_TARGET_S,
        checkpoint_write_target_s=CHECKPOINT_WRITE_TARGET_S,
        network_budget_fraction=catalog.cost_defaults.network_fraction_of_hardware.typical,
    )


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
    for stage in (1, 2):
        lighter = workload.model_copy(update={"zero_stage": stage})
        parts = _memory_parts(lighter, shape, dp, lighter.tp, lighter.pp)
        if _breakdown(*parts).total_bytes > capacity:
            continue
        eff_lighter = _efficiency(lighter, core, gpus, inter, None)
        if eff_lighter < eff + ZERO3_ADVICE_MIN_GAIN:
            continue
        inters = _inter_networks(catalog)
        needed, eff_needed = _network_needed(lighter, core, gpus, inters, None)
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
    out: list[Advice] = []
    gpu = core.gpu
    training = workload.task is not TaskKind.INFERENCE
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
    nodes = -(-gpus // gpu.gpus_per_server)
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
    (:func:`_expert_parallel`), so a larger one cannot help.
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


class _RefMaker(Protocol):
    def __call__(
        self,
        name: str,
        value: float | str,
        unit: str,
        source: str = "project",
        confirmed: bool | None = None,
    ) -> InputRef: ...


def _ref_maker(gpu: GpuSpec, precision: Precision) -> _RefMaker:
    """``ref(name, value, unit, source, confirmed)`` for the explanations.

    ``confirmed`` defaults to what the catalog says of a ``catalog.gpus.*``
    figure (see :func:`_gpu_figure_confirmed`).
    """

    def ref(
        name: str,
        value: float | str,
        unit: str,
        source: str = "project",
        confirmed: bool | None = None,
    ) -> InputRef:
        v = value if isinstance(value, str) else float(value)
        if confirmed is None:
            confirmed = _gpu_figure_confirmed(name, gpu, precision)
        return _construct(
            InputRef, name=name, value=v, unit=unit, source=source, confirmed=confirmed
        )

    return ref


def _explanation(
    key: str, formula: str, inputs: list[InputRef], reference: str
) -> Explanation:
    return _construct(
        Explanation, key=key, formula=formula, inputs=inputs, reference=reference
    )


def _gpu_figure_confirmed(name: str, gpu: GpuSpec, precision: Precision) -> bool:
    """False for a ``catalog.gpus.<id>.<field>`` input no datasheet confirms.

    Inputs with other names (project fields, engine results) count as confirmed.
    """
    prefix = f"catalog.gpus.{gpu.id}."
    if not name.startswith(prefix):
        return True
    field = name.removeprefix(prefix)
    if field == "peak_tflops":
        field = cmp.peak_field(gpu, precision)
    return gpu.confirms(field)


def _explanations(
    workload: Workload,
    catalog: Catalog,
    shape: ResolvedShape,
    core: _Core,
    memory: MemoryResult,
    compute: ComputeResult,
    cluster: ClusterResult,
) -> list[Explanation]:
    gpu = core.gpu
    gsrc = gpu.provenance.source
    model_src = "project"
    if shape.model_id is not None:
        for p in catalog.models:
            if p.id == shape.model_id:
                model_src = p.provenance.source
                break

    ref = _ref_maker(gpu, workload.precision)
    ex = _explanation

    zero = "Rajbhandari et al. 2020, ZeRO, arXiv:1910.02054"
    kor = "Korthikanti et al. 2022, arXiv:2205.05198, Table 2"
    narayanan = "Narayanan et al. 2021, arXiv:2104.04473, eq. 3; Chowdhery et al. 2022 (PaLM), App. B"
    params = ref("shape.params_total", shape.params_total, "params", model_src)
    active = ref("shape.params_active", shape.params_active, "params", model_src)
    z = ref("workload.zero_stage", workload.zero_stage, "")
    dp = ref("cluster.dp", cluster.dp, "")
    tp = ref("workload.tp", workload.tp, "")
    pp = ref("workload.pp", workload.pp, "")
    mfu_src = gsrc if core.mfu_source == "catalog" else core.mfu_source
    mfu = ref("compute.mfu", core.mfu, "", mfu_src)
    peak = ref(f"catalog.gpus.{gpu.id}.peak_tflops", core.peak_tflops, "TFLOP/s", gsrc)
    tokens = ref("workload.tokens_billion", workload.tokens_billion, "1e9 tokens")
    seq = ref("workload.seq_len", workload.seq_len, "tokens")
    fw = workload.framework
    fwr = ref("workload.framework", fw.value, "")
    megatron_src = (
        "Megatron-LM megatron/training/theoretical_memory_usage.py "
        "(commit d98e8a64ddf34856e74b24714e3bedb2f5a39553)"
    )
    deepspeed_src = (
        "DeepSpeed deepspeed/runtime/zero/stage_1_and_2.py, stage3.py "
        "estimate_zero2/3_model_states_mem_needs "
        "(commit 38327e07f6cd39b63418f60cedd1651b0be3e7c3)"
    )
    ddp_src = "PyTorch docs, DistributedDataParallel gradient_as_bucket_view; AMP"
    fw_src = {
        Framework.MEGATRON: megatron_src,
        Framework.DEEPSPEED: deepspeed_src,
        Framework.DDP: ddp_src,
    }.get(fw, zero)
    stage = (
        "P = most-loaded pipeline stage, (N_layers/pp + V·h)/tp"
        if fw in (Framework.MEGATRON, Framework.DEEPSPEED) and workload.pp > 1
        else "P = N/(tp·pp)"
    )
    weights_text = {
        Framework.MEGATRON: f"P·w ({stage}; w = 2 B bf16)",
        Framework.DEEPSPEED: f"P·w, ÷dp with ZeRO-3 ({stage}; w = 2 B bf16)",
        Framework.DDP: f"P·4 (fp32 weights under AMP; {stage})",
    }.get(
        fw,
        "N·w/(tp·pp), ÷dp with ZeRO-3 (w = 2 B bf16; LoRA: frozen base; QLoRA: "
        f"{workload.qlora_base_bits:g} bit)",
    )
    grads_text = {
        Framework.MEGATRON: f"P·4: fp32 main gradients ({stage})",
        Framework.DEEPSPEED: "P·(2 ÷dp with ZeRO-2 + 4 fp32 partition ÷dp with "
        f"ZeRO ≥ 1); ZeRO-3: P·4/dp ({stage})",
        Framework.DDP: f"P·4 fp32 gradients ({stage}); bucket copy in overhead",
    }.get(fw, "N_trainable·2/(tp·pp), ÷dp with ZeRO ≥ 2")
    ep_refs, ep_src = [], fw_src
    ep_planned = _expert_parallel(workload, shape, cluster.dp)
    if ep_planned > 1:
        ep_note = (
            "; routed experts E/(tp·pp·ep) per GPU, their sharded parts over "
            "dp/ep (expert data parallelism)"
        )
        weights_text += ep_note
        grads_text += ep_note
        ep_refs = [
            ref(
                "workload.expert_parallel",
                ep_planned,
                "",
                "project" if workload.expert_parallel is not None else "engine",
            )
        ]
        ep_src = f"{fw_src}; {megatron_src}, expert-sharded parameters"
    return [
        ex(
            "memory.per_gpu.weights_bytes",
            weights_text,
            [params, tp, pp, z, dp, fwr, *ep_refs],
            ep_src,
        ),
        ex(
            "memory.per_gpu.gradients_bytes",
            grads_text,
            [params, tp, pp, z, dp, fwr, *ep_refs],
            ep_src,
        ),
        ex(
            "memory.per_gpu.optimizer_bytes",
            "N_trainable·o/(tp·pp), ÷dp with ZeRO ≥ 1 (AdamW o = 12, 8-bit AdamW 6, SGD 8)",
            [
                params,
                ref("workload.optimizer", workload.optimizer.value, ""),
                tp,
                pp,
                z,
                dp,
            ],
            zero + "; Dettmers et al. 2022, arXiv:2110.02861",
        ),
        ex(
            "memory.per_gpu.activations_bytes",
            "L·s·b·h·(34/t + 5·a·s/(h·t)) with SP, (10 + 24/t + 5as/(ht)) without; "
            "score term dropped by selective recompute/FlashAttention; 2·s·b·h with full "
            "recompute; GQA/SwiGLU/MoE adjusted; 1F1B keeps L layers' worth",
            [
                ref("shape.layers", shape.layers, "", model_src),
                ref("shape.hidden", shape.hidden, "", model_src),
                ref("shape.heads", shape.heads, "", model_src),
                seq,
                ref("workload.micro_batch", workload.micro_batch, "sequences"),
                tp,
                ref("workload.recompute", workload.recompute.value, ""),
                ref("workload.flash_attention", str(workload.flash_attention), ""),
            ],
            kor,
        ),
        ex(
            "memory.per_gpu.kv_cache_bytes",
            "2·L·kv_heads·head_dim·bytes·context·concurrency/(tp·pp)",
            [
                ref("shape.kv_heads", shape.kv_heads, "", model_src),
                ref(
                    "workload.inference_context_len",
                    workload.inference_context_len,
                    "tokens",
                ),
                ref(
                    "workload.inference_concurrency", workload.inference_concurrency, ""
                ),
            ],
            "Pope et al. 2022, arXiv:2211.05102",
        ),
        ex(
            "memory.per_gpu.overhead_bytes",
            "CUDA context + workspaces + NCCL buffers"
            + {
                Framework.DEEPSPEED: " + one 16-bit bucket of 5e8 elements (ZeRO ≥ 1) "
                "+ 4 B × largest layer gathered (ZeRO-3)",
                Framework.DDP: " + gradient buckets 4 B/param",
            }.get(fw, ""),
            [
                ref(
                    "workload.framework_overhead_gib",
                    workload.framework_overhead_gib
                    if workload.framework_overhead_gib is not None
                    else mem.DEFAULT_OVERHEAD_BYTES / mem.GIB,
                    "GiB",
                    "project"
                    if workload.framework_overhead_gib is not None
                    else "engine default",
                )
            ],
            "PyTorch docs, CUDA semantics"
            + ("" if fw is Framework.FSDP else "; " + fw_src),
        ),
        ex(
            "memory.per_gpu.total_bytes",
            "weights + gradients + optimizer + activations + KV cache + overhead; "
            f"fits if ≤ {MEMORY_HEADROOM:.0%} of the card",
            [ref(f"catalog.gpus.{gpu.id}.memory_gb", gpu.memory_gb, "GiB", gsrc)],
            zero + "; " + kor,
        ),
        ex(
            "compute.train_flops",
            "model FLOPs (6·N_active + 12·L·s·d)·D, non-causal attention, no "
            "recompute (LoRA 4N; inference 2N + 4Lsd; MLA d = a·(d_qk + d_v)/2)",
            [active, tokens, seq, ref("shape.layers", shape.layers, "", model_src)],
            narayanan + "; Kaplan et al. 2020; Hoffmann et al. 2022, App. F",
        ),
        ex(
            "compute.gpu_hours",
            "train_flops / (peak·1e12·MFU·3600); default MFU = default_mfu(GPU)·"
            f"exp(−{cmp.MFU_MODEL_ATTENTION_COEF:g}·(attention share − "
            f"{cmp.MFU_MODEL_REFERENCE_ATTENTION_SHARE:g})) × 0.75 with full "
            f"recompute, fitted to {cmp.CALIBRATION_RUNS} published runs; "
            f"P10–P90 = ×exp(∓{cmp.Z_P90:g}·{cmp.MFU_MODEL_LOG_SIGMA:g})",
            [
                peak,
                mfu,
                ref("workload.precision", workload.precision.value, ""),
                ref("workload.recompute", workload.recompute.value, ""),
                ref(
                    "compute.recompute_mfu_factor",
                    core.recompute_mfu_factor,
                    "",
                    "engine: model/hardware FLOPs",
                ),
            ],
            narayanan + "; Dao 2023, FlashAttention-2, arXiv:2307.08691; "
            "published pre-training runs (Llama 2 Table 2, Llama 3 model card, "
            "DeepSeek-V3 Table 1, BLOOM, LLaMA Table 15)",
        ),
        ex(
            "compute.gpu_hours_with_redundancy",
            "gpu_hours × 1.5",
            [
                ref(
                    "redundancy_factor",
                    cmp.REDUNDANCY_FACTOR,
                    "",
                    article("002", "card-hours × 1.5", "卡时 × 1.5"),
                )
            ],
            article("002"),
        ),
        ex(
            "cluster.min_gpus",
            "smallest dp·tp·pp with A + B/dp ≤ 0.9·capacity (B = ZeRO-sharded states)",
            [
                ref(f"catalog.gpus.{gpu.id}.memory_gb", gpu.memory_gb, "GiB", gsrc),
                z,
                tp,
                pp,
            ],
            zero,
        ),
        ex(
            "cluster.days",
            "gpu_hours / (gpus·24·efficiency); efficiency = t_c/(t_c + max(0, "
            "t_allreduce − 0.5·t_backward)), t_allreduce = 2(n−1)/n·grad_bytes/bandwidth",
            [
                ref("cluster.gpus", cluster.gpus, "cards"),
                ref("cluster.scaling_efficiency", cluster.scaling_efficiency, ""),
                ref(
                    "cluster.network_id",
                    cluster.network_id,
                    "",
                    "project" if workload.network_id else "engine: class needed",
                ),
            ],
            "Patarasuk & Yuan 2009 (ring all-reduce); Li et al. 2020, arXiv:2006.15704",
        ),
        ex(
            "cluster.gpus_for_deadline",
            "smallest card count with days ≤ deadline",
            [
                ref(
                    "workload.deadline_days",
                    workload.deadline_days
                    if workload.deadline_days is not None
                    else "none",
                    "days",
                )
            ],
            "Patarasuk & Yuan 2009",
        ),
    ]


def _more_explanations(
    workload: Workload,
    shape: ResolvedShape,
    core: _Core,
    compute: ComputeResult,
    cluster: ClusterResult,
    storage: StorageResult,
    choice: _NetworkChoice,
) -> list[Explanation]:
    """Network choice, scaling, checkpoints, Chinchilla and decode throughput."""
    gpu = core.gpu
    gsrc = gpu.provenance.source

    ref = _ref_maker(gpu, workload.precision)
    ex = _explanation

    def net_refs(n: NetworkClass, efficiency: float | None) -> list[InputRef]:
        src, ok = n.provenance.source, n.provenance.confirmed
        out = [
            ref(
                f"catalog.networks.{n.id}.bandwidth_gbit_per_s_per_gpu",
                n.bandwidth_gbit_per_s_per_gpu,
                "Gbit/s",
                src,
                ok,
            ),
            ref(f"catalog.networks.{n.id}.efficiency", n.efficiency, "", src, ok),
        ]
        if efficiency is not None:
            out.append(
                ref(
                    f"scaling efficiency with {n.id} at {cluster.gpus} cards",
                    round(efficiency, 4),
                    "",
                    "engine",
                )
            )
        return out

    ring = "Patarasuk & Yuan 2009 (ring all-reduce); Li et al. 2020, arXiv:2006.15704"
    gpus = ref("cluster.gpus", cluster.gpus, "cards")
    target = ref(
        "network.TARGET_SCALING_EFFICIENCY",
        net.TARGET_SCALING_EFFICIENCY,
        "",
        article("002", "slow networks waste fast cards", "网络慢会浪费快卡"),
    )
    if choice.needed is None:
        network_formula = (
            f"{cluster.gpus} cards fit in one server ({gpu.gpus_per_server} per "
            "server) or the task is serving: no inter-node class is needed; the "
            f"server's own link ({cluster.network_id}) carries the traffic"
        )
        network_inputs = [
            gpus,
            ref(
                f"catalog.gpus.{gpu.id}.gpus_per_server",
                gpu.gpus_per_server,
                "cards",
                gsrc,
            ),
        ]
    else:
        verdict = (
            f"the next slower class {choice.slower.id} keeps only "
            f"{choice.slower_efficiency:.0%}"
            if choice.slower is not None and choice.slower_efficiency is not None
            else "it is the slowest inter-node class in the catalog"
        )
        if choice.needed_efficiency < net.TARGET_SCALING_EFFICIENCY:
            verdict = "no class reaches the target: the fastest one is taken"
        network_formula = (
            "slowest inter-node class (catalog, slowest first by Gbit/s × "
            "efficiency) whose scaling efficiency at the planned card count is ≥ "
            f"{net.TARGET_SCALING_EFFICIENCY:.0%}: {choice.needed.id} keeps "
            f"{choice.needed_efficiency:.1%} at {cluster.gpus} cards; {verdict}. "
            "efficiency = t_c / (t_c + max(0, t_allreduce − 0.5·t_backward))"
        )
        network_inputs = [
            gpus,
            target,
            *net_refs(choice.needed, choice.needed_efficiency),
        ]
        if choice.slower is not None:
            network_inputs += net_refs(choice.slower, choice.slower_efficiency)
    dp = ref("cluster.dp", cluster.dp, "")
    grad = ref(
        "gradient bytes per rank (bf16 / (tp·pp))",
        core.state.trainable_params * 2.0 / max(core.unit, 1),
        "B",
        "engine",
    )
    link_name = cluster.network_id
    out = [
        ex("cluster.network_needed_id", network_formula, network_inputs, ring),
        ex(
            "cluster.scaling_efficiency",
            "e(link) / max(e(reference), 0.8), at most 1: the default MFU already "
            "holds the traffic of a ZeRO-1 job on 200 Gb/s; e = t_c / (t_c + "
            "exposed); t_c = flops_per_token·batch_tokens / "
            "(gpus·peak·MFU); A = 2(dp−1)/dp·grad_bytes / bandwidth; m micro-batches "
            "per step, t_mb = t_c/m; exposed = max(0, A − 0.5·(2/3)·t_mb) for ZeRO "
            "0–1 (one reduction per step), m·max(0, A/2 − 0.5·(2/3)·t_mb) + A/2 for "
            "ZeRO-2, m·max(0, 1.5·A − 0.5·t_mb) for ZeRO-3 (weights gathered every "
            "micro-batch); ÷ (1 + (pp − 1)/m), the 1F1B pipeline bubble; 1 for "
            "serving",
            [
                gpus,
                dp,
                ref(
                    "micro-batches per step per rank",
                    _micro_batches(workload, cluster.dp),
                    "count",
                    "engine",
                ),
                grad,
                ref("workload.pp", workload.pp, ""),
                ref("cluster.network_id", link_name, "", "engine: class used"),
                ref("workload.zero_stage", workload.zero_stage, ""),
                ref(
                    "compute.mfu",
                    core.mfu,
                    "",
                    gsrc if core.mfu_source == "catalog" else core.mfu_source,
                ),
            ],
            ring + "; Kaplan et al. 2020, arXiv:2001.08361 (backward ≈ 2× forward); "
            "Wang et al. 2023, ZeRO++, arXiv:2306.10209; Narayanan et al. 2021, "
            "arXiv:2104.04473, section 2.2.1 (pipeline bubble)",
        ),
    ]
    ckpt_inputs = [
        ref("shape.params_total", shape.params_total, "params"),
        ref("workload.optimizer", workload.optimizer.value, ""),
        ref("workload.task", workload.task.value, ""),
    ]
    if workload.task is TaskKind.INFERENCE:
        ckpt_formula = "params_total × bytes per weight (2 bf16/fp16, 1 fp8)"
        ckpt_inputs.append(ref("workload.precision", workload.precision.value, ""))
    else:
        ckpt_formula = (
            "trainable params × (bf16 weights 2 B + optimizer states incl. fp32 "
            "master: AdamW 12 B, 8-bit AdamW 6 B, SGD 8 B); LoRA/QLoRA: the "
            "adapters only. Written in ≤ 300 s: bytes / 1e9 / 300 GB/s"
        )
    out.append(
        ex(
            "storage.checkpoint_bytes",
            ckpt_formula,
            ckpt_inputs,
            "Rajbhandari et al. 2020, ZeRO, arXiv:1910.02054, section 3",
        )
    )
    out.append(
        ex(
            "storage.checkpoint_write_gb_per_s",
            "checkpoint_bytes / 1e9 / target seconds (so hourly checkpoints cost "
            "< 10 % of the run without asynchronous saving)",
            [
                ref(
                    "storage.checkpoint_bytes", storage.checkpoint_bytes, "B", "engine"
                ),
                ref(
                    "sizing.CHECKPOINT_WRITE_TARGET_S",
                    storage.checkpoint_write_target_s,
                    "s",
                    "engine default",
                ),
            ],
            "Mohan et al. 2021, CheckFreq, USENIX FAST '21 (checkpoint stalls)",
        )
    )
    out.append(
        ex(
            "compute.chinchilla_tokens",
            "20 × active parameters",
            [
                ref("shape.params_active", shape.params_active, "params"),
                ref(
                    "compute.CHINCHILLA_TOKENS_PER_PARAM",
                    cmp.CHINCHILLA_TOKENS_PER_PARAM,
                    "tokens/param",
                    "Hoffmann et al. 2022",
                ),
            ],
            "Hoffmann et al. 2022, Training Compute-Optimal LLMs, arXiv:2203.15556",
        )
    )
    if compute.decode_tokens_per_s_per_gpu is not None:
        out.append(
            ex(
                "compute.decode_tokens_per_s_per_gpu",
                "min(memory bound, compute bound) / n: memory bound = concurrency / "
                "((weights read + KV cache) / (n · bandwidth · 0.8)); compute bound "
                "= n · peak · MFU / (2·N_active + 4·L·s·d); n = cards per replica",
                [
                    ref(
                        f"catalog.gpus.{gpu.id}.memory_bandwidth_tb_per_s",
                        gpu.memory_bandwidth_tb_per_s,
                        "TB/s",
                        gsrc,
                    ),
                    ref(
                        f"catalog.gpus.{gpu.id}.peak_tflops",
                        core.peak_tflops,
                        "TFLOP/s",
                        gsrc,
                    ),
                    ref("shape.params_active", shape.params_active, "params"),
                    ref(
                        "workload.inference_context_len",
                        workload.inference_context_len,
                        "tokens",
                    ),
                    ref(
                        "workload.inference_concurrency",
                        workload.inference_concurrency,
                        "",
                    ),
                    ref("workload.precision", workload.precision.value, ""),
                    ref("cards per replica", core.unit, "cards", "engine"),
                ],
                "Pope et al. 2022, arXiv:2211.05102, sections 2-3; Kwon et al. "
                "2023, vLLM, arXiv:2309.06180",
            )
        )
    return out
