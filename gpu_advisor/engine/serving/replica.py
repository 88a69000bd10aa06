"""What one replica does and the cheapest replica that meets the targets.

Entry points (stable; the plan and the CLI call them):

``replica_at_targets(shape, gpu, serving, tp, *, factors=()) -> ReplicaPerformance``
    goodput of one replica at the p95 targets (offline: the most tokens/s);
``replica_under(shape, gpu, serving, tp, *, rate_rps=None, concurrency=None, factors=())``
    the replica at a given request rate or concurrency (the CLI's ``--rate``
    and ``--concurrency``);
``choose_replica(shape, gpus, serving, rate_rps, *, factors=()) -> ServingChoice``
    per candidate card and tensor-parallel degree, the configuration needing
    the fewest cards for the rate (``None``: the most goodput per card), with
    every rejected configuration and why.

``factors`` are the catalog's ``serving_factors`` (fitted per engine and GPU
generation); without them a rough default applies.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from gpu_advisor.engine.serving.load import (
    Lengths,
    Load,
    Model,
    at_concurrency,
    at_rate,
    best_rate,
    load_at_batch,
    max_sequences,
    offline,
)
from gpu_advisor.engine.serving.memory import ENGINE_MAX_BATCH, GIB, replica_memory
from gpu_advisor.engine.serving.precision import precisions_to_try, quality_rank
from gpu_advisor.engine.serving.timing import factor_for, make_replica
from gpu_advisor.engine.sizing.shape import (
    parse_hf_config,
    shape_from_custom,
    shape_from_preset,
)
from gpu_advisor.model.catalog import Catalog, GpuSpec
from gpu_advisor.model.common import Message
from gpu_advisor.model.serving import (
    RejectedReplica,
    ReplicaPerformance,
    Serving,
    ServingChoice,
    ServingFactor,
)
from gpu_advisor.model.sizing_results import ResolvedShape

TP_DEGREES: Final = (1, 2, 4, 8)
"""Tensor-parallel degrees tried inside one server. [1]"""

TWO_NODE_TP: Final = 16
"""Tried only when no degree inside one server holds the model. [1]"""


def build_model(
    shape: ResolvedShape,
    gpu: GpuSpec,
    serving: Serving,
    tp: int,
    factors: Sequence[ServingFactor] = (),
    *,
    max_batch: int | None = None,
    steps_per_schedule: int = 1,
) -> Model:
    """Resolve a configuration into the load model's inputs."""
    factor = factor_for(serving.engine, gpu, factors)
    replica = make_replica(
        shape, gpu, tp, serving.weight_precision, serving.kv_precision, factor
    )
    memory = replica_memory(
        shape,
        gpu,
        tp,
        serving.weight_precision,
        serving.kv_precision,
        serving.engine,
        context=float(serving.prompt_tokens + serving.output_tokens),
    )
    hit = 1.0 - serving.prefix_cache_hit
    p95 = float(serving.prompt_tokens_p95 or serving.prompt_tokens)
    lengths = Lengths(
        prompt=float(serving.prompt_tokens),
        prompt_p95=p95,
        prefill=max(serving.prompt_tokens * hit, 1.0),
        prefill_p95=max(p95 * hit, 1.0),
        output=float(serving.output_tokens),
    )
    cap = max_batch or ENGINE_MAX_BATCH[serving.engine]
    return Model(replica, memory, lengths, cap, steps_per_schedule)


def performance(model: Model, load: Load, meets_targets: bool) -> ReplicaPerformance:
    """A load as the result type (milliseconds, whole sequences)."""
    finite = math.isfinite(load.ttft_p95_s)
    return ReplicaPerformance(
        gpus=model.replica.tp,
        concurrency=max(math.ceil(load.batch - 1e-9), 1),
        output_tokens_per_s=load.output_tokens_per_s,
        requests_per_s=load.requests_per_s,
        ttft_ms=load.ttft_p95_s * 1000.0 if finite else 1e12,
        tpot_ms=load.tpot_p95_s * 1000.0,
        ttft_mean_ms=load.ttft_s * 1000.0 if math.isfinite(load.ttft_s) else 1e12,
        tpot_mean_ms=load.tpot_s * 1000.0,
        max_concurrency=max_sequences(model),
        meets_targets=meets_targets,
        kv_cache_tokens=model.memory.kv_tokens,
        weights_gib_per_gpu=model.memory.weights_bytes_per_gpu / GIB,
        bound="compute" if load.compute_bound else "memory",
    )


def _targets_s(serving: Serving) -> tuple[float | None, float | None]:
    t = serving.targets
    if not t.applies:
        return None, None
    ttft = t.ttft_ms / 1000.0 if t.ttft_ms is not None else None
    tpot = t.tpot_ms / 1000.0 if t.tpot_ms is not None else None
    return ttft, tpot


def replica_at_targets(
    shape: ResolvedShape,
    gpu: GpuSpec,
    serving: Serving,
    tp: int,
    *,
    factors: Sequence[ServingFactor] = (),
) -> ReplicaPerformance:
    """Goodput of one replica at the serving's p95 targets.

    Parameters
    ----------
    shape, gpu : ResolvedShape, GpuSpec
        The model and the card.
    serving : Serving
        Engine, precisions, lengths and targets (offline: no targets).
    tp : int
        Cards in the replica. [1]
    factors : sequence of ServingFactor
        The catalog's fitted efficiencies.

    Returns
    -------
    ReplicaPerformance
        At the highest request rate meeting both targets; offline, flat out.
        When the model does not fit or the targets cannot be met even by one
        request alone, ``meets_targets`` is False and the figures are those of
        one request.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> c = load_catalog()
    >>> s = shape_from_preset(c.model("llama3.1-8b"))
    >>> r = replica_at_targets(s, c.gpu("H100-80GB-SXM"), Serving(), 1,
    ...                        factors=c.serving_factors.factors)
    >>> r.meets_targets, r.gpus, r.requests_per_s > 5
    (True, 1, True)
    """
    model = build_model(shape, gpu, serving, tp, factors)
    ttft, tpot = _targets_s(serving)
    if max_sequences(model) < 1:
        perf = performance(model, load_at_batch(model, 1.0, 0.0), False)
    elif ttft is None and tpot is None:
        perf = performance(model, offline(model), True)
    else:
        best = best_rate(model, ttft, tpot)
        fallback = load_at_batch(model, 1.0, 0.0)
        perf = performance(model, best or fallback, best is not None)
    return perf.model_copy(update={"weight_precision": serving.weight_precision})


def replica_under(
    shape: ResolvedShape,
    gpu: GpuSpec,
    serving: Serving,
    tp: int,
    *,
    rate_rps: float | None = None,
    concurrency: int | None = None,
    factors: Sequence[ServingFactor] = (),
) -> ReplicaPerformance:
    """One replica at a given rate or concurrency (neither: flat out).

    ``meets_targets`` says whether that load meets the serving's p95 targets.
    """
    model = build_model(shape, gpu, serving, tp, factors)
    if rate_rps is not None:
        load = at_rate(model, rate_rps)
    elif concurrency is not None:
        load = at_concurrency(model, concurrency)
    else:
        load = offline(model)
    ttft, tpot = _targets_s(serving)
    ok = load.feasible and (ttft is None or load.ttft_p95_s <= ttft)
    ok = ok and (tpot is None or load.tpot_p95_s <= tpot)
    perf = performance(model, load, ok)
    return perf.model_copy(update={"weight_precision": serving.weight_precision})


def tp_allowed(shape: ResolvedShape, tp: int) -> bool:
    """Attention heads (and KV heads, unless fewer than tp) split evenly over tp.

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> s = shape_from_preset(load_catalog().model("qwen2.5-7b"))  # 28 heads, 4 KV
    >>> tp_allowed(s, 4), tp_allowed(s, 8)
    (True, False)
    """
    if shape.heads % tp:
        return False
    return shape.kv_heads % tp == 0 or tp % shape.kv_heads == 0


def _reason(
    gpu: GpuSpec, serving: Serving, tp: int, perf: ReplicaPerformance
) -> Message:
    """Why a configuration cannot serve: a catalog code and its values."""
    if perf.max_concurrency < 1:
        return Message(
            code="serving.reject.does_not_fit",
            params={
                "gpu": gpu.id,
                "tp": tp,
                "weights_gib": round(perf.weights_gib_per_gpu, 1),
                "memory_gib": gpu.memory_gb,
            },
        )
    return Message(
        code="serving.reject.targets_unreachable",
        params={
            "gpu": gpu.id,
            "tp": tp,
            "ttft_ms": round(perf.ttft_ms, 1),
            "tpot_ms": round(perf.tpot_ms, 2),
            "ttft_target_ms": serving.targets.ttft_ms,
            "tpot_target_ms": serving.targets.tpot_ms,
        },
    )


def _heads_reason(shape: ResolvedShape, gpu: GpuSpec, tp: int) -> RejectedReplica:
    """A degree the attention heads cannot be split over."""
    reason = Message(
        code="serving.reject.heads_not_divisible",
        params={
            "gpu": gpu.id,
            "tp": tp,
            "heads": shape.heads,
            "kv_heads": shape.kv_heads,
        },
    )
    return RejectedReplica(gpu_id=gpu.id, tp=tp, reason=reason)


def _degrees(gpu: GpuSpec, serving: Serving) -> tuple[int, ...]:
    if serving.tp is not None:
        return (serving.tp,)
    inside = tuple(t for t in TP_DEGREES if t <= gpu.gpus_per_server)
    return (*inside, TWO_NODE_TP)


def _score(
    perf: ReplicaPerformance, rate_rps: float | None
) -> tuple[float, int, float]:
    """Lower is better: cards for the rate, then the weights closer to the
    published ones (BF16 before FP8 before INT8 before INT4: at the same cards a
    quantised model saves nothing), then less goodput per card. Without a
    rate: the most goodput per card."""
    per_gpu = perf.output_tokens_per_s / perf.gpus
    if rate_rps is None or perf.requests_per_s <= 0:
        return (0.0, 0, -per_gpu)
    replicas = max(math.ceil(rate_rps / perf.requests_per_s - 1e-9), 1)
    return (float(replicas * perf.gpus), quality_rank(perf.weight_precision), -per_gpu)


def choose_replica(
    shape: ResolvedShape,
    gpus: Sequence[GpuSpec],
    serving: Serving,
    rate_rps: float | None,
    *,
    factors: Sequence[ServingFactor] = (),
) -> ServingChoice:
    """The configuration needing the fewest cards for the rate (``None``: most goodput per card).

    Per card, every tensor-parallel degree inside a server (the serving's
    ``tp`` when set); 16 across two servers only when no degree inside one
    holds the model. Precision is the serving's own unless
    ``precision_search`` lets the search try others (a quality choice the
    user makes: integer formats only when allowed).
    """
    best: ServingChoice | None = None
    rejected: list[RejectedReplica] = []
    for gpu in gpus:
        met, refused = replica_candidates(shape, gpu, serving, factors=factors)
        rejected.extend(refused)
        choice = pick_replica(gpu.id, met, rate_rps)
        if choice.performance is not None and (
            best is None
            or _choice_score(choice, rate_rps) < _choice_score(best, rate_rps)
        ):
            best = choice
    if best is None:
        return ServingChoice(rejected=rejected)
    return best.model_copy(update={"rejected": rejected})


def replica_candidates(
    shape: ResolvedShape,
    gpu: GpuSpec,
    serving: Serving,
    *,
    factors: Sequence[ServingFactor] = (),
) -> tuple[list[ReplicaPerformance], list[RejectedReplica]]:
    """Every replica size on ``gpu`` that meets the serving's targets, and
    those that do not with why. The traffic plays no part: a plan reuses them
    while only its traffic, spares, sites or calendar change.

    With ``serving.precision_search`` every precision the card allows is
    tried (:func:`~gpu_advisor.engine.serving.precision.precisions_to_try`),
    each replica tagged with its ``weight_precision``; the rejections listed
    are the first (best-quality) precision's, at most 16."""
    met: list[ReplicaPerformance] = []
    rejected: list[RejectedReplica] = []
    for i, precision in enumerate(precisions_to_try(serving, gpu)):
        fixed = serving.model_copy(update={"weight_precision": precision})
        ok, refused = _sizes_at(shape, gpu, fixed, factors)
        met.extend(ok)
        if i == 0:
            rejected = refused[:16]
    return met, rejected


def _sizes_at(
    shape: ResolvedShape,
    gpu: GpuSpec,
    serving: Serving,
    factors: Sequence[ServingFactor],
) -> tuple[list[ReplicaPerformance], list[RejectedReplica]]:
    """:func:`replica_candidates` at the serving's own weight precision."""
    met: list[ReplicaPerformance] = []
    rejected: list[RejectedReplica] = []
    fitted_inside = False
    for tp in _degrees(gpu, serving):
        if tp == TWO_NODE_TP and fitted_inside:
            continue
        if not tp_allowed(shape, tp):
            if serving.tp is not None:
                rejected.append(_heads_reason(shape, gpu, tp))
            continue
        perf = replica_at_targets(shape, gpu, serving, tp, factors=factors)
        fitted_inside = fitted_inside or perf.max_concurrency >= 1
        if perf.meets_targets:
            met.append(perf)
        else:
            reason = _reason(gpu, serving, tp, perf)
            rejected.append(RejectedReplica(gpu_id=gpu.id, tp=tp, reason=reason))
    return met, rejected


def pick_replica(
    gpu_id: str, met: Sequence[ReplicaPerformance], rate_rps: float | None
) -> ServingChoice:
    """Among the replica sizes ``met`` on ``gpu_id``, the one needing the
    fewest cards for the rate (then the most goodput per card).

    >>> small = ReplicaPerformance(gpus=1, concurrency=8, output_tokens_per_s=900.0,
    ...     requests_per_s=3.0, ttft_ms=300.0, tpot_ms=30.0, max_concurrency=20,
    ...     meets_targets=True)
    >>> big = small.model_copy(update={"gpus": 2, "requests_per_s": 7.0,
    ...                                "output_tokens_per_s": 2000.0})
    >>> pick_replica("A", [small, big], 6.0).tp, pick_replica("A", [small, big], 2.0).tp
    (2, 1)
    """
    scored = [(_score(perf, rate_rps), perf) for perf in met]
    if not scored:
        return ServingChoice()
    _, perf = min(scored, key=lambda pair: pair[0])
    replicas = (
        max(math.ceil(rate_rps / perf.requests_per_s - 1e-9), 1)
        if rate_rps is not None and perf.requests_per_s > 0
        else 1
    )
    return ServingChoice(
        gpu_id=gpu_id,
        tp=perf.gpus,
        performance=perf,
        replicas=replicas,
        gpus=replicas * perf.gpus,
    )


def _choice_score(
    choice: ServingChoice, rate_rps: float | None
) -> tuple[float, int, float]:
    assert choice.performance is not None
    return _score(choice.performance, rate_rps)


def serving_shape(
    catalog: Catalog, preset_id: str | None = None, config_json: str | None = None
) -> ResolvedShape:
    """The served model: a catalog preset or a Hugging Face ``config.json`` text.

    Raises ``KeyError`` for an unknown preset and ``ValueError`` naming the
    missing key for a config that is not a decoder's.

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> serving_shape(load_catalog(), "mixtral-8x7b").is_moe
    True
    """
    if preset_id is not None:
        return shape_from_preset(catalog.model(preset_id))
    if config_json is None:
        raise ValueError("need a model preset or a config.json")
    return shape_from_custom(parse_hf_config(config_json))
