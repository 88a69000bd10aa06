"""The per-GPU core of a sizing: memory per card, minimum cards, MFU, GPU-hours.

For one GPU model, :func:`_core` works out the memory parts per card (model
state for the framework the team runs, activations, KV cache, overhead) at a
data-parallel degree, the smallest card count whose memory fits
(:func:`min_gpus_for_memory`), the model FLOPs, the MFU used (the project's,
a vendor's measured one or the calibrated default) and the GPU-hours with
their P10–P90 band. Numbers only: the scaling over many cards is in
:mod:`~gpu_advisor.engine.sizing.scaling`, the advice in
:mod:`~gpu_advisor.engine.sizing.advice`, the "why?" explanations in
:mod:`~gpu_advisor.engine.sizing.explain`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Final

from gpu_advisor.engine.sizing import compute as cmp
from gpu_advisor.engine.sizing import memory as mem
from gpu_advisor.engine.sizing import network as net
from gpu_advisor.model.catalog import Catalog, GpuSpec
from gpu_advisor.model.project import Precision, TaskKind, Workload
from gpu_advisor.model.sizing_results import MemoryBreakdown, ResolvedShape

MEMORY_HEADROOM: Final = 0.9
"""Plan to fill at most 90 % of the card: the caching allocator fragments
memory and peaks exceed steady-state estimates by several percent (PyTorch
docs, "CUDA semantics: optimizing memory usage"; DeepSpeed's memory
estimators leave a similar margin). [1]"""

MAX_GPUS: Final = 1_000_000
"""Largest card count considered (the project schema's bound). [1]"""


@dataclass(frozen=True, slots=True)
class _Step:
    """What the scaling efficiency at one card count needs whatever the link."""

    dp: int
    compute_s: float
    """Compute time of one optimizer step. [s]"""
    ep: int
    grad_bytes: float
    """Gradient bytes each rank all-reduces. [B]"""
    micro_batches: int
    batch_tokens: float
    bubble: float
    """``1 + (pp − 1)/m``: the 1F1B pipeline's step over its compute. [1]"""
    exposed: dict[float, float] = field(default_factory=dict)
    """Exposed all-to-all and pipeline seconds per inter-node speed. [s]"""


@dataclass(frozen=True, slots=True)
class _Core:
    """Numbers for one GPU model (main result and candidates)."""

    gpu: GpuSpec
    breakdown: MemoryBreakdown
    fits: bool
    capacity_bytes: float
    state: mem.ModelState
    min_gpus: int | None
    unit: int
    flops_per_token: float
    train_flops: float
    gpu_hours: float
    mfu: float
    mfu_source: str
    peak_tflops: float
    decode_tps: float | None
    recompute_mfu_factor: float = 1.0
    shape: ResolvedShape | None = None
    efficiencies: dict[tuple[int, str | None, str | None, int], float] = field(
        default_factory=dict, compare=False, repr=False
    )
    """Scaling efficiencies already worked out for this core (its workload is
    fixed), keyed by card count, the inter- and intra-node class ids and the
    ZeRO stage (the lighter-stage advice asks about another stage)."""
    references: dict[int, float] = field(
        default_factory=dict, compare=False, repr=False
    )
    """Efficiency on the reference fabric per card count (link-independent)."""
    steps: dict[int, _Step] = field(default_factory=dict, compare=False, repr=False)
    """Link-independent parts of the efficiency per card count."""


def _memory_parts(
    workload: Workload, shape: ResolvedShape, dp: int, tp: int, pp: int
) -> tuple[mem.ModelState, float, float, float]:
    """(model state, activations, kv cache, overhead) per GPU. [B]"""
    overhead = (
        workload.framework_overhead_gib * mem.GIB
        if workload.framework_overhead_gib is not None
        else mem.DEFAULT_OVERHEAD_BYTES
    )
    if workload.task is TaskKind.INFERENCE:
        m = tp * pp
        weights = mem.inference_weights_bytes(shape, workload.precision) / m
        bytes_kv = 1.0 if workload.precision is Precision.FP8 else 2.0
        context = workload.inference_context_len
        tokens = float(context) * workload.inference_concurrency
        kv = mem.kv_cache_bytes(shape, tokens, bytes_kv, context_len=context) / m
        # Serving keeps one layer's prefill activations of one sequence alive.
        act = mem.activation_bytes_per_layer(
            workload.inference_context_len,
            1,
            shape.hidden,
            shape.heads,
            tp=tp,
            recompute=workload.recompute,
            flash_attention=workload.flash_attention,
            kv_ratio=shape.kv_heads / shape.heads,
            ffn_ratio=(shape.moe_ffn_hidden or shape.ffn_hidden) / shape.hidden,
            gated=shape.gated_mlp,
            ffn_copies=float(max(shape.active_experts + shape.shared_experts, 1)),
            routed_copies=float(shape.active_experts),
        )
        state = mem.ModelState(weights, 0.0, 0.0, 0.0, weights * m, 0.0)
        return state, act, kv, overhead
    state = _training_state(workload, shape, dp, tp, pp)
    if paged_optimizer(workload):
        state = mem.paged_optimizer_state(
            state, workload.optimizer, workload.precision
        )[0]
    act = mem.framework_activation_bytes(
        shape,
        workload.framework,
        workload.seq_len,
        workload.micro_batch,
        tp,
        pp,
        workload.sequence_parallel,
        workload.recompute,
        workload.flash_attention,
        fp8_inputs=workload.precision is Precision.FP8,
        virtual_stages=workload.virtual_pipeline or 1,
        context_parallel=context_parallel(workload),
        expert_tp=expert_tensor_parallel(workload, shape),
    )
    return state, act, 0.0, overhead


def _training_state(
    workload: Workload, shape: ResolvedShape, dp: int, tp: int, pp: int
) -> mem.ModelState:
    """Model state per GPU of a training plan; ZeRO shards over dp·cp ranks. [B]"""
    shard = dp * context_parallel(workload)
    if workload.task in (TaskKind.LORA, TaskKind.QLORA):
        return mem.training_model_state(
            shape,
            workload.task,
            workload.optimizer,
            workload.precision,
            workload.zero_stage,
            shard,
            tp,
            pp,
            workload.lora_rank,
            workload.qlora_base_bits,
            None
            if workload.lora_targets is None
            else [str(t) for t in workload.lora_targets],
        )
    return mem.framework_model_state(
        shape,
        workload.optimizer,
        workload.precision,
        workload.framework,
        workload.zero_stage,
        shard,
        tp,
        pp,
        _expert_parallel(workload, shape, dp),
        offload_optimizer=bool(workload.offload_optimizer),
        expert_tp=expert_tensor_parallel(workload, shape),
    )


def expert_tensor_parallel(workload: Workload, shape: ResolvedShape) -> int | None:
    """Tensor-parallel ranks of the routed experts; None: the plan's tp. [1]

    Megatron-LM's ``--expert-tensor-parallel-size``, which defaults to the
    tensor-parallel size (``megatron/training/arguments.py``, commit
    d98e8a64ddf34856e74b24714e3bedb2f5a39553). Dense models and serving: None.
    """
    if not shape.is_moe or workload.task is TaskKind.INFERENCE:
        return None
    return workload.expert_tensor_parallel


def expert_replicas(workload: Workload, shape: ResolvedShape, ep: int) -> int:
    """Data-parallel replicas the expert layout needs: ``dp`` a multiple of it. [1]

    Megatron-LM folds the expert layers onto the same cards,
    ``etp·ep·edp = tp·cp·dp`` (``expert_data_parallel_size = world_size //
    (etp · ep · pp)``, ``theoretical_memory_usage.py`` at d98e8a64), so
    ``dp·tp·cp`` must be a multiple of ``etp·ep``.

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> s = shape_from_preset(load_catalog().model("mixtral-8x7b"))
    >>> w = Workload(task=TaskKind.PRETRAIN, tp=2, expert_tensor_parallel=1)
    >>> expert_replicas(w, s, 8), expert_replicas(w.model_copy(update={"tp": 1}), s, 8)
    (4, 8)
    """
    etp = expert_tensor_parallel(workload, shape) or workload.tp
    folded = workload.tp * context_parallel(workload)
    return etp * ep // math.gcd(etp * ep, folded)


def paged_optimizer(workload: Workload) -> bool:
    """Whether the plan's optimizer states are paged (bitsandbytes). [1]

    Training with AdamW or 8-bit AdamW, for LoRA/QLoRA (the QLoRA recipe's
    ``paged_adamw_32bit``) or full training under FSDP/DDP, whose loops can
    take a bitsandbytes optimizer
    (:data:`~gpu_advisor.engine.sizing.memory.PAGED_FRAMEWORKS`).
    """
    if not workload.paged_optimizer or workload.optimizer not in mem.PAGED_OPTIMIZERS:
        return False
    if workload.task in (TaskKind.LORA, TaskKind.QLORA):
        return True
    full = workload.task in (TaskKind.PRETRAIN, TaskKind.FULL_FINETUNE)
    return full and workload.framework in mem.PAGED_FRAMEWORKS


def context_parallel(workload: Workload) -> int:
    """Context-parallel ranks of a training plan; 1 without, and for serving. [1]

    Megatron-LM's ``--context-parallel-size``: a replica spans ``tp·pp·cp``
    cards ("The total GPU count is TP × CP × PP × DP",
    ``docs/user-guide/features/context_parallel.md``), and the distributed
    optimizer and gradient buffers shard over the data-parallel group with
    the context-parallel ranks in it (the dense parameters' buffers are built
    over ``intra_dp_cp_group`` in
    ``megatron/core/distributed/distributed_data_parallel.py``; both at commit
    d98e8a64ddf34856e74b24714e3bedb2f5a39553).

    >>> context_parallel(Workload(task=TaskKind.PRETRAIN, context_parallel=4))
    4
    >>> context_parallel(Workload(task=TaskKind.INFERENCE, context_parallel=4))
    1
    """
    if workload.task is TaskKind.INFERENCE:
        return 1
    return workload.context_parallel or 1


def _expert_parallel(workload: Workload, shape: ResolvedShape, dp: int) -> int:
    """Expert-parallel degree at ``dp`` data-parallel ranks: memory and network alike. [1]

    The workload's degree when it sets one (at most the number of experts);
    unset, the routed experts spread over the data-parallel ranks as far as
    both divide, ``gcd(experts, dp)``
    (:func:`~gpu_advisor.engine.sizing.network.expert_parallel_degree`). Megatron-LM
    carves ``--expert-model-parallel-size`` out of the data-parallel ranks;
    DeepSeek-V3 ran 64-way expert parallelism over its data-parallel ranks
    (arXiv:2412.19437, section 3.2). Dense models and LoRA/QLoRA/serving: 1.
    With context parallelism the experts spread over the ``dp·cp`` ranks
    (Megatron-LM's expert-data-parallel size is ``world/(etp·ep·pp)``,
    ``theoretical_memory_usage.py`` at d98e8a64).
    """
    if not shape.is_moe or workload.task not in (
        TaskKind.PRETRAIN,
        TaskKind.FULL_FINETUNE,
    ):
        return 1
    if workload.expert_parallel is not None:
        return max(1, min(workload.expert_parallel, shape.experts))
    return net.expert_parallel_degree(shape.experts, dp * context_parallel(workload))


def _breakdown(
    state: mem.ModelState, act: float, kv: float, overhead: float
) -> MemoryBreakdown:
    total = state.total_bytes + act + kv + overhead
    return MemoryBreakdown(
        weights_bytes=state.weights_bytes,
        gradients_bytes=state.gradients_bytes,
        optimizer_bytes=state.optimizer_bytes,
        activations_bytes=act,
        kv_cache_bytes=kv,
        # framework buffers (ZeRO-3 gather, communication buckets) are overhead
        overhead_bytes=overhead + state.buffer_bytes,
        total_bytes=total,
    )


def min_gpus_for_memory(
    workload: Workload, shape: ResolvedShape, capacity_bytes: float
) -> int | None:
    """Smallest total card count whose per-GPU memory fits ``capacity × 0.9``.

    Parameters
    ----------
    workload : Workload
        Task, sharding (ZeRO stage, tp, pp), batch and recompute settings.
    shape : ResolvedShape
        Model shape.
    capacity_bytes : float
        Memory of one card. [B]

    Returns
    -------
    int or None
        ``dp · tp · pp · cp`` for the smallest data-parallel degree that fits;
        for inference the smallest model-parallel group (a power of two, at
        least ``tp · pp``); ``None`` when no count fits.

    Notes
    -----
    Training memory per GPU is ``A + B/dp``: ``A`` holds what ZeRO does not
    shard at this stage (plus activations and overhead), ``B`` what it does,
    so ``dp = ⌈B / (0.9·C − A)⌉``. With ZeRO-0 ``B = 0``.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> c = load_catalog()
    >>> s = shape_from_preset(c.model("llama2-70b"))
    >>> w = Workload(task=TaskKind.PRETRAIN, zero_stage=3, seq_len=4096,
    ...              recompute="full", tp=1, pp=1)
    >>> min_gpus_for_memory(w, s, 80 * 2**30)
    16
    """
    return _min_gpus(workload, shape, capacity_bytes, {})


_Parts = tuple[mem.ModelState, float, float, float]


def _parts(
    memo: dict[tuple[int, int, int], _Parts],
    workload: Workload,
    shape: ResolvedShape,
    dp: int,
    tp: int,
    pp: int,
) -> _Parts:
    """:func:`_memory_parts`, remembered in ``memo`` (one workload and shape)."""
    key = (dp, tp, pp)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _memory_parts(workload, shape, dp, tp, pp)
    return found


def _min_gpus(
    workload: Workload,
    shape: ResolvedShape,
    capacity_bytes: float,
    memo: dict[tuple[int, int, int], _Parts],
) -> int | None:
    """:func:`min_gpus_for_memory`, the memory parts it works out kept in ``memo``."""
    usable = capacity_bytes * MEMORY_HEADROOM
    tp, pp = workload.tp, workload.pp
    if workload.task is TaskKind.INFERENCE:
        m = tp * pp
        while m <= MAX_GPUS:
            state, act, kv, overhead = _parts(memo, workload, shape, 1, m, 1)
            if state.total_bytes + act + kv + overhead <= usable:
                return m
            m *= 2
        return None
    cp = context_parallel(workload)
    unit = tp * pp * cp
    state1, act, _, overhead = _parts(memo, workload, shape, 1, tp, pp)
    # Every framework's per-GPU state is A + B/dp: two evaluations give B.
    state2 = _parts(memo, workload, shape, 2, tp, pp)[0]
    sharded = max(0.0, 2.0 * (state1.total_bytes - state2.total_bytes))
    fixed = state1.total_bytes - sharded + act + overhead
    if _expert_parallel(workload, shape, 2) > 1 and workload.expert_parallel is None:
        # the default expert-parallel degree grows with dp, so memory is not
        # A + B/dp: try the data-parallel degrees that keep it whole
        dp = 1
        while dp * unit <= MAX_GPUS:
            state, act, _, overhead = _parts(memo, workload, shape, dp, tp, pp)
            if state.total_bytes + act + overhead <= usable:
                return dp * unit
            dp *= 2
        return None
    if fixed > usable:
        return None
    ep = _expert_parallel(workload, shape, 1)
    # the expert-parallel group is carved out of the dp·cp (·tp/etp) ranks
    ep_step = expert_replicas(workload, shape, ep)
    if sharded <= 0 or fixed + sharded <= usable:
        return unit * ep_step
    room = usable - fixed
    dp = max(1, math.ceil(sharded / room - 1e-9)) if room > 0 else MAX_GPUS + 1
    if ep_step > 1:
        dp = _round_up(max(dp, ep_step), ep_step)
    total = dp * unit
    return total if total <= MAX_GPUS else None


def _core(
    workload: Workload,
    catalog: Catalog,
    shape: ResolvedShape,
    gpu: GpuSpec,
    measured_mfu: float | None,
    dp_for_memory: int,
) -> _Core:
    capacity = gpu.memory_gb * mem.GIB
    memo: dict[tuple[int, int, int], _Parts] = {}
    min_g = _min_gpus(workload, shape, capacity, memo)
    if workload.task is TaskKind.INFERENCE:
        # one replica spans the smallest model-parallel group that fits
        replica = min_g or workload.tp * workload.pp
        state, act, kv, overhead = _parts(memo, workload, shape, 1, replica, 1)
    else:
        state, act, kv, overhead = _parts(
            memo, workload, shape, dp_for_memory, workload.tp, workload.pp
        )
    breakdown = _breakdown(state, act, kv, overhead)
    seq = (
        workload.inference_context_len
        if workload.task is TaskKind.INFERENCE
        else workload.seq_len
    )
    fpt = cmp.model_flops_per_token(shape, seq, workload.task)
    mfu, mfu_source, recompute_factor = _mfu(workload, shape, gpu, seq, measured_mfu)
    peak = cmp.peak_tflops(gpu, workload.precision)
    tokens = workload.tokens_billion * 1e9
    flops = fpt * tokens
    hours = cmp.gpu_hours(flops, peak, mfu)
    unit = workload.tp * workload.pp * context_parallel(workload)
    decode = None
    if workload.task is TaskKind.INFERENCE:
        replica = min_g or unit
        unit = replica
        decode = cmp.decode_tokens_per_s_per_gpu(
            shape,
            gpu,
            workload.precision,
            workload.inference_context_len,
            workload.inference_concurrency,
            replica,
            mfu,
            factors=catalog.serving_factors.factors,
        )
        if decode > 0:
            hours = max(hours, tokens / (decode * cmp.SECONDS_PER_HOUR))
    return _Core(
        gpu=gpu,
        breakdown=breakdown,
        fits=breakdown.total_bytes <= capacity * MEMORY_HEADROOM,
        capacity_bytes=capacity,
        state=state,
        min_gpus=min_g,
        unit=unit,
        flops_per_token=fpt,
        train_flops=flops,
        gpu_hours=hours,
        mfu=mfu,
        mfu_source=mfu_source,
        peak_tflops=peak,
        decode_tps=decode,
        recompute_mfu_factor=recompute_factor,
        shape=shape,
    )


def _mfu(
    workload: Workload,
    shape: ResolvedShape,
    gpu: GpuSpec,
    seq: int,
    measured_mfu: float | None,
) -> tuple[float, str, float]:
    """The MFU to plan with, its source, and the full-recompute factor. [1]

    One FLOPs convention (:func:`~gpu_advisor.engine.sizing.compute.model_flops_per_token`):
    model FLOPs, no recompute. An MFU the project sets or a vendor's log
    measured is already the achieved model-FLOPs utilisation at that
    recompute setting; the modelled default was calibrated on
    selective/no-recompute runs, so full recompute lowers it by
    model/hardware FLOPs (the factor, 1 for a set or measured MFU). The
    calibrated MFU is on the BF16 peak; FP8 training divides by the FP8 peak
    at the MFU that makes it the published speed-up faster
    (:func:`~gpu_advisor.engine.sizing.compute.fp8_training_mfu`).

    Returns
    -------
    tuple of (float, str, float)
        MFU [1], its source (``"project"``, ``"measured"`` or
        ``"catalog"``) and the recompute factor [1].
    """
    if workload.mfu is not None:
        return workload.mfu, "project", 1.0
    if measured_mfu is not None:
        return measured_mfu, "measured", 1.0
    recompute_factor = cmp.recompute_mfu_factor(
        shape, seq, workload.task, workload.recompute
    )
    mfu = recompute_factor * cmp.modelled_mfu(
        gpu.default_mfu,
        cmp.matmul_params(shape),
        gpu.bf16_dense_tflops,
        seq,
        workload.task,
    )
    if workload.precision is Precision.FP8:
        # the calibrated MFU is on the BF16 peak: FP8 runs the published
        # speed-up faster, not the ratio of the peaks
        mfu = cmp.fp8_training_mfu(mfu, gpu)
    return mfu, "catalog", recompute_factor


def _resharded(
    workload: Workload, shape: ResolvedShape, probe: _Core, dp: int
) -> _Core:
    """``_core(..., dp)`` made from its ``probe`` (``_core(..., 1)``).

    Only the memory differs: minimum cards, FLOPs, MFU and GPU-hours do not
    depend on the data-parallel degree the memory is sharded for, and a
    serving replica's memory does not either. The efficiencies the probe
    already worked out are kept when the trainable parameters match.
    """
    if workload.task is TaskKind.INFERENCE or dp == 1:
        return probe
    state, act, kv, overhead = _memory_parts(
        workload, shape, dp, workload.tp, workload.pp
    )
    breakdown = _breakdown(state, act, kv, overhead)
    same = state.trainable_params == probe.state.trainable_params
    return replace(
        probe,
        breakdown=breakdown,
        fits=breakdown.total_bytes <= probe.capacity_bytes * MEMORY_HEADROOM,
        state=state,
        efficiencies=probe.efficiencies if same else {},
        references=probe.references if same else {},
        steps=probe.steps if same else {},
    )


def _round_up(value: int, unit: int) -> int:
    return max(unit, -(-value // unit) * unit)


def _hours_band(workload: Workload, core: _Core) -> tuple[float, float]:
    """P10 and P90 GPU-hours: the MFU model's spread around the point estimate.

    A set or measured MFU, or a serving workload, has no model spread: both
    ends equal the point estimate. [GPU-hours]
    """
    if core.mfu_source == "catalog" and workload.task is not TaskKind.INFERENCE:
        return cmp.gpu_hours_range(core.gpu_hours)
    return core.gpu_hours, core.gpu_hours
