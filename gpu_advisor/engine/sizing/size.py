"""Size a workload: memory per GPU, compute, cluster, storage, warnings.

Entry point :func:`size_workload`. Pure: takes the workload and the catalog,
returns a frozen :class:`~gpu_advisor.model.sizing_results.SizingResult`.
This module chooses the card count (the project's, the deadline's or the
default) and assembles the result; the per-GPU numbers come from
:mod:`~gpu_advisor.engine.sizing.core`, the scaling over many cards from
:mod:`~gpu_advisor.engine.sizing.scaling`, the network class from
:mod:`~gpu_advisor.engine.sizing.network_choice`, the warnings from
:mod:`~gpu_advisor.engine.sizing.advice` and the "why?" explanations from
:mod:`~gpu_advisor.engine.sizing.explain`. Every result model is built by
its constructor, so its validators check what the engine computed.
"""

from __future__ import annotations

import math
from typing import Final

from gpu_advisor.engine.serving.plan import Candidates, size_serving
from gpu_advisor.engine.sizing import compute as cmp
from gpu_advisor.engine.sizing import memory as mem
from gpu_advisor.engine.sizing.advice import (
    _derived_shape_advice,
    _expert_parallel_advice,
    _unknown_candidate_advice,
    _unknown_gpu_advice,
    _unknown_model_advice,
    _warnings,
)
from gpu_advisor.engine.sizing.core import (
    MAX_GPUS,
    MEMORY_HEADROOM,
    _Core,
    _core,
    _expert_parallel,
    _hours_band,
    _resharded,
    _round_up,
)
from gpu_advisor.engine.sizing.explain import _explanations, _more_explanations
from gpu_advisor.engine.sizing.network_choice import (
    _choose_network,
    _inter_networks,
    _intra_network,
    _network_needed,
    _NetworkChoice,
    _pick_inter,
    _user_network,
)
from gpu_advisor.engine.sizing.scaling import _days, _efficiency, _max_dp_by_batch
from gpu_advisor.engine.sizing.shape import shape_from_custom, shape_from_preset
from gpu_advisor.model.catalog import Catalog, GpuSpec, NetworkClass
from gpu_advisor.model.common import Advice
from gpu_advisor.model.project import ModelShape, Precision, TaskKind, Workload
from gpu_advisor.model.serving_plan import MeasuredRun, ServingPlan
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

CHECKPOINT_WRITE_TARGET_S: Final = 300.0
"""Write a full checkpoint within 5 minutes, so that hourly checkpoints cost
< 10 % of the run even without asynchronous saving. [s]"""


RULE_OF_THUMB_BYTES_PER_PARAM: Final = 2.0 * (1.0 + 3.0)
"""Seed 000: fp16 weights 2 B/param, gradients and optimizer "two to three
times the weights"; the upper end gives 8 B/param, against 16 B/param for
mixed-precision AdamW (Rajbhandari et al. 2020). [B/param]"""


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
    # multi-token prediction modules train with the model and are dropped to serve
    mtp = workload.task in (TaskKind.PRETRAIN, TaskKind.FULL_FINETUNE)
    if workload.model_preset is not None:
        for preset in catalog.models:
            if preset.id == workload.model_preset:
                return shape_from_preset(preset, mtp=mtp), notes
        notes.append(_unknown_model_advice(workload.model_preset))
    shape = shape_from_custom(workload.shape or ModelShape(), mtp=mtp)
    if shape.derived:
        notes.append(_derived_shape_advice(shape))
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
    return CandidateSizing(
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
    return MemoryResult(
        per_gpu=core.breakdown,
        capacity_bytes=core.capacity_bytes,
        usable_bytes=core.capacity_bytes * MEMORY_HEADROOM,
        fits=core.fits,
        rule_of_thumb_bytes=shape.params_total * RULE_OF_THUMB_BYTES_PER_PARAM,
        unsharded_model_state_bytes=core.state.unsharded_bytes,
        bytes_per_param_model_state=core.state.bytes_per_param,
    )


def size_workload(
    workload: Workload,
    catalog: Catalog,
    measured_mfu: float | None = None,
    measured_serving: MeasuredRun | None = None,
    serving: tuple[ServingPlan | None, list[Advice]] | None = None,
    serving_candidates: Candidates | None = None,
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
    measured_serving : MeasuredRun, optional
        A vendor's serving run that met the targets; replaces the estimated replica.
    serving : tuple, optional
        The serving plan and its advice when the caller knows them already
        (the session's memo, after an edit that cannot change them); else sized here.
    serving_candidates : tuple, optional
        The serving replica sizes that meet the targets and those that do not,
        when the caller knows them (an edit of the traffic only); else tried here.

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
    193000.0
    """
    shape, warnings = resolve_shape(workload, catalog)
    gpu = _workload_gpu(workload, catalog, warnings)
    intra = _intra_network(catalog, gpu)
    inters = _inter_networks(catalog)
    probe = _core(workload, catalog, shape, gpu, measured_mfu, 1)
    unit = probe.unit
    max_by_batch = min(MAX_GPUS, _max_dp_by_batch(workload) * unit)
    gpus_for_deadline = _gpus_for_deadline(
        workload, catalog, probe, max_by_batch, inters, intra
    )
    if workload.gpus is None and workload.dp is None and gpus_for_deadline is not None:
        gpus = gpus_for_deadline
    else:
        gpus = _default_gpus(workload, probe)
    dp = workload.dp or max(1, gpus // unit)
    core = _resharded(workload, shape, probe, dp)
    choice = _choose_network(workload, core, gpus, inters, intra)
    user_net = _user_network(workload, catalog)
    inter_used = user_net or choice.needed
    eff = _efficiency(workload, core, gpus, inter_used, intra)
    curve = _days_curve(workload, core, gpus, max_by_batch, user_net, inters, intra)
    memory = _memory_result(core, shape, workload)
    compute = _compute_result(workload, shape, core)
    cluster = _cluster_result(
        workload,
        shape,
        core,
        gpus,
        dp,
        eff,
        inter_used,
        choice,
        gpus_for_deadline,
        curve,
    )
    storage = _storage(workload, core, shape, catalog)
    warnings += _expert_parallel_advice(workload, cluster.expert_parallel, dp, unit)
    candidates, unknown = _candidates(workload, catalog, shape)
    warnings += unknown
    warnings += _warnings(
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
    explanations = _explanations(
        workload, catalog, shape, core, cluster
    ) + _more_explanations(workload, shape, core, compute, cluster, storage, choice)
    plan, serving_advice = serving or size_serving(
        workload, shape, catalog, measured_serving, serving_candidates
    )
    return SizingResult(
        gpu_id=gpu.id,
        memory=memory,
        compute=compute,
        cluster=cluster,
        storage=storage,
        candidates=candidates,
        warnings=[*warnings, *serving_advice],
        explanations=explanations,
        shape_derived=shape.derived,
        shape=shape,
        serving=plan,
    )


def _workload_gpu(
    workload: Workload, catalog: Catalog, warnings: list[Advice]
) -> GpuSpec:
    """The workload's card, or the catalog's first with a warning when unknown."""
    if any(g.id == workload.gpu_id for g in catalog.gpus):
        return catalog.gpu(workload.gpu_id)
    gpu = catalog.gpus[0]
    warnings.append(_unknown_gpu_advice(workload.gpu_id, gpu.id))
    return gpu


def _gpus_for_deadline(
    workload: Workload,
    catalog: Catalog,
    probe: _Core,
    max_by_batch: int,
    inters: list[NetworkClass],
    intra: NetworkClass | None,
) -> int | None:
    """Smallest card count on the search ladder that meets the deadline.

    ``None`` without a deadline, when the model fits nowhere, or when no count
    up to what the global batch can feed is fast enough. Each count is tried
    with the network class it would need (or the project's).
    """
    if workload.deadline_days is None or probe.min_gpus is None:
        return None
    per_server = probe.gpu.gpus_per_server
    for n in _count_ladder(probe.min_gpus, probe.unit, max_by_batch, per_server):
        if _days(probe.gpu_hours, n, 1.0) > workload.deadline_days:
            continue  # too few cards even at efficiency 1 (the ceiling)
        inter_n = _pick_inter(workload, catalog, probe, n, inters, intra)
        eff_n = _efficiency(workload, probe, n, inter_n, intra)
        if _days(probe.gpu_hours, n, eff_n) <= workload.deadline_days:
            return n
    return None


def _days_curve(
    workload: Workload,
    core: _Core,
    gpus: int,
    max_by_batch: int,
    user_net: NetworkClass | None,
    inters: list[NetworkClass],
    intra: NetworkClass | None,
) -> list[DaysPoint]:
    """Days and scaling efficiency from the minimum cards up to 16× the plan.

    Each count on the network class it would need, or the project's.
    """
    curve: list[DaysPoint] = []
    curve_stop = min(max_by_batch, max(512, 16 * max(gpus, core.min_gpus or 1)))
    if core.min_gpus is None:
        return curve
    for n in _curve_counts(core.min_gpus, core.unit, curve_stop):
        inter_n = user_net or (
            _network_needed(workload, core, n, inters, intra)[0]
            if n > core.gpu.gpus_per_server
            else None
        )
        e = _efficiency(workload, core, n, inter_n, intra)
        curve.append(
            DaysPoint(
                gpus=n,
                days=_days(core.gpu_hours, n, e),
                scaling_efficiency=e,
            )
        )
    return curve


def _compute_result(
    workload: Workload, shape: ResolvedShape, core: _Core
) -> ComputeResult:
    """FLOPs, GPU-hours with their band and redundancy, MFU and token counts."""
    tokens = workload.tokens_billion * 1e9
    p10, p90 = _hours_band(workload, core)
    return ComputeResult(
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


def _cluster_result(
    workload: Workload,
    shape: ResolvedShape,
    core: _Core,
    gpus: int,
    dp: int,
    eff: float,
    inter_used: NetworkClass | None,
    choice: _NetworkChoice,
    gpus_for_deadline: int | None,
    curve: list[DaysPoint],
) -> ClusterResult:
    """Cards, parallel degrees, days, scaling efficiency, network and nodes."""
    gpu = core.gpu
    unit = core.unit
    needed = choice.needed
    days = _days(core.gpu_hours, gpus, eff)
    nodes = max(1, -(-gpus // gpu.gpus_per_server))
    network_id = inter_used.id if inter_used is not None else gpu.intra_node_network_id
    return ClusterResult(
        min_gpus=core.min_gpus,
        gpus=gpus,
        dp=dp,
        tp=max(1, unit // workload.pp)
        if workload.task is TaskKind.INFERENCE
        else workload.tp,
        pp=workload.pp,
        expert_parallel=_expert_parallel(workload, shape, dp),
        context_parallel=workload.context_parallel or 1,
        expert_tensor_parallel=(workload.expert_tensor_parallel or workload.tp)
        if shape.is_moe and workload.task is not TaskKind.INFERENCE
        else 1,
        gpus_for_deadline=gpus_for_deadline,
        days=days,
        scaling_efficiency=eff,
        network_id=network_id,
        network_needed_id=needed.id if needed is not None else None,
        nodes=nodes,
        days_curve=curve,
    )


def _candidates(
    workload: Workload, catalog: Catalog, shape: ResolvedShape
) -> tuple[list[CandidateSizing], list[Advice]]:
    """The workload sized on each candidate GPU, and the candidates skipped."""
    candidates: list[CandidateSizing] = []
    skipped: list[Advice] = []
    for cid in workload.gpu_candidates:
        if any(g.id == cid for g in catalog.gpus):
            candidates.append(size_for_gpu(workload, catalog, cid, shape))
        else:
            skipped.append(_unknown_candidate_advice(cid))
    return candidates, skipped


def _storage(
    workload: Workload, core: _Core, shape: ResolvedShape, catalog: Catalog
) -> StorageResult:
    """Checkpoint = weights + optimizer states (fp32 master) of the trained params."""
    if workload.task is TaskKind.INFERENCE:
        ckpt = mem.inference_weights_bytes(shape, workload.precision)
    else:
        w, _, o = mem.optimizer_bytes_per_param(workload.optimizer, Precision.BF16)
        ckpt = core.state.trainable_params * (w + o)
    return StorageResult(
        checkpoint_bytes=ckpt,
        checkpoint_write_gb_per_s=ckpt / 1e9 / CHECKPOINT_WRITE_TARGET_S,
        checkpoint_write_target_s=CHECKPOINT_WRITE_TARGET_S,
        network_budget_fraction=catalog.cost_defaults.network_fraction_of_hardware.typical,
    )
