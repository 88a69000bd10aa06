"""Predict published serving runs and fit the efficiency factors to them.

Each run of ``resources/catalog/serving_runs.json`` states the engine, card,
model, precisions, tensor-parallel degree, lengths and load of a published
benchmark and what it measured. :func:`predict_run` runs the serving engine on
exactly those inputs; :func:`fit_factors` picks, per engine and GPU
generation, the compute efficiency, bandwidth efficiency and per-step
overhead (three numbers for a group, never one per run) that minimise the
mean absolute log error over the group's runs (throughput, and TTFT and TPOT
where stated), from a grid; ``*`` entries per engine are fitted to all its
runs and serve generations without runs. :func:`leave_one_out` refits
without each run in turn and predicts it.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

from gpu_advisor.engine.serving.load import at_concurrency, at_rate, best_rate, offline
from gpu_advisor.engine.serving.replica import build_model
from gpu_advisor.engine.serving.timing import generation
from gpu_advisor.engine.sizing.shape import (
    parse_hf_config,
    shape_from_custom,
    shape_from_preset,
)
from gpu_advisor.model.catalog import Catalog, GpuSpec
from gpu_advisor.model.serving import (
    KvPrecision,
    LatencyTargets,
    RunLoad,
    Serving,
    ServingEngine,
    ServingFactor,
    ServingRun,
    WeightPrecision,
)
from gpu_advisor.model.sizing_results import ResolvedShape

COMPUTE_GRID: Final = (0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7, 0.8)
BANDWIDTH_GRID: Final = (0.4, 0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9)
OVERHEAD_GRID_MS: Final = (0.0, 1.0, 2.0, 4.0, 6.0, 8.0, 12.0, 16.0)
"""The grid the factors are picked from. [1], [1], [ms]"""


class Prediction(NamedTuple):
    """The engine's figures for one run (None where the run has no such figure)."""

    output_tokens_per_s: float
    ttft_ms: float
    tpot_ms: float


class Errors(NamedTuple):
    """Relative errors (predicted / published − 1) of one run; None: not published."""

    throughput: float | None
    ttft: float | None
    tpot: float | None


ShapeOf = Callable[[ServingRun], ResolvedShape]
GpuOf = Callable[[str], GpuSpec]


def run_serving(run: ServingRun) -> Serving:
    """The serving inputs a run stands for (offline: no targets)."""
    return Serving(
        engine=run.engine,
        weight_precision=run.weight_precision,
        kv_precision=run.kv_precision,
        tp=run.tp,
        prompt_tokens=max(round(run.prompt_tokens), 1),
        output_tokens=max(round(run.output_tokens), 1),
        targets=LatencyTargets(offline=True),
    )


def predict_run(
    run: ServingRun, shape: ResolvedShape, gpu: GpuSpec, factor: ServingFactor
) -> Prediction:
    """The engine's output tokens/s, mean TTFT and TPOT for one published run."""
    model = build_model(
        shape,
        gpu,
        run_serving(run),
        run.tp,
        (factor.model_copy(update={"engine": run.engine, "arch": generation(gpu)}),),
        max_batch=run.max_batch,
        steps_per_schedule=run.scheduler_steps,
    )
    if run.load is RunLoad.RATE and run.rate_rps is not None:
        load = at_rate(model, run.rate_rps)
    elif run.load is RunLoad.CONCURRENCY and run.concurrency is not None:
        load = at_concurrency(model, run.concurrency)
    else:
        load = offline(model)
    return Prediction(
        output_tokens_per_s=load.output_tokens_per_s,
        ttft_ms=load.ttft_s * 1000.0,
        tpot_ms=load.tpot_s * 1000.0,
    )


def errors(run: ServingRun, p: Prediction) -> Errors:
    """Relative errors against what the run published."""

    def rel(pred: float, pub: float | None) -> float | None:
        return None if pub is None else pred / pub - 1.0

    return Errors(
        throughput=rel(p.output_tokens_per_s, run.output_tokens_per_s),
        ttft=rel(p.ttft_ms, run.ttft_ms),
        tpot=rel(p.tpot_ms, run.tpot_ms),
    )


def _loss(errs: Sequence[Errors]) -> float:
    """Mean |log(predicted/published)| over every published figure of the runs."""
    values = [abs(math.log1p(e)) for err in errs for e in err if e is not None]
    return statistics.fmean(values) if values else 0.0


def fit_group(
    runs: Sequence[ServingRun], shape_of: ShapeOf, gpu_of: GpuOf, arch: str
) -> ServingFactor:
    """The grid point minimising the median |error| over ``runs`` (one engine)."""
    inputs = [(r, shape_of(r), gpu_of(r.gpu_id)) for r in runs]
    best: tuple[float, ServingFactor] | None = None
    for c, b, o in itertools.product(COMPUTE_GRID, BANDWIDTH_GRID, OVERHEAD_GRID_MS):
        factor = ServingFactor(
            engine=runs[0].engine,
            arch=arch,
            compute_efficiency=c,
            bandwidth_efficiency=b,
            step_overhead_ms=o,
            cases=len(runs),
        )
        loss = _loss([errors(r, predict_run(r, s, g, factor)) for r, s, g in inputs])
        if best is None or loss < best[0] - 1e-12:
            best = (loss, factor)
    assert best is not None
    return best[1]


def fit_factors(
    runs: Sequence[ServingRun], shape_of: ShapeOf, gpu_of: GpuOf, min_runs: int = 4
) -> list[ServingFactor]:
    """Factors per engine × generation with at least ``min_runs`` runs, plus ``*`` per engine."""
    out: list[ServingFactor] = []
    for engine in ServingEngine:
        mine = [r for r in runs if r.engine is engine]
        if not mine:
            continue
        out.append(fit_group(mine, shape_of, gpu_of, "*"))
        archs = sorted({generation(gpu_of(r.gpu_id)) for r in mine})
        for arch in archs:
            group = [r for r in mine if generation(gpu_of(r.gpu_id)) == arch]
            if len(group) >= min_runs:
                out.append(fit_group(group, shape_of, gpu_of, arch))
    return out


def factor_of_run(
    run: ServingRun, gpu: GpuSpec, factors: Sequence[ServingFactor]
) -> ServingFactor | None:
    """The factor a run is predicted with: its generation's, else its engine's ``*``."""
    arch = generation(gpu)
    for want in (arch, "*"):
        for f in factors:
            if f.engine is run.engine and f.arch == want:
                return f
    return None


def leave_one_out(
    runs: Sequence[ServingRun], shape_of: ShapeOf, gpu_of: GpuOf, min_runs: int = 4
) -> list[Errors]:
    """Each run predicted by factors fitted without it."""
    out: list[Errors] = []
    for i, run in enumerate(runs):
        gpu = gpu_of(run.gpu_id)
        arch = generation(gpu)
        others = [r for j, r in enumerate(runs) if j != i and r.engine is run.engine]
        group = [r for r in others if generation(gpu_of(r.gpu_id)) == arch]
        pool = group if len(group) >= min_runs else others
        if not pool:
            out.append(Errors(None, None, None))
            continue
        factor = fit_group(pool, shape_of, gpu_of, arch)
        out.append(errors(run, predict_run(run, shape_of(run), gpu, factor)))
    return out


def median_abs(errs: Sequence[Errors], field: str) -> float | None:
    """Median |error| of one figure over the runs that publish it (None: none does)."""
    values = [abs(v) for e in errs if (v := getattr(e, field)) is not None]
    return statistics.median(values) if values else None


def shape_for_run(run: ServingRun, catalog: Catalog) -> ResolvedShape:
    """The run's model: its catalog preset, else its ``config.json`` keys."""
    if run.model_id is not None:
        return shape_from_preset(catalog.model(run.model_id))
    if run.hf_config is None:
        raise ValueError(f"serving run {run.id}: needs model_id or hf_config")
    shape = shape_from_custom(parse_hf_config(dict(run.hf_config)))
    return shape.model_copy(update={"name": run.model_name or run.id})


MLPERF_QUANTILE: Final = 0.99
"""MLPerf Inference's Server scenario bounds the 99th percentile of TTFT and
TPOT (``ttft_latency`` / ``tpot_latency`` in its logs). [1]"""


class MlperfPrediction(NamedTuple):
    """The engine's figures for one MLPerf system (all its replicas)."""

    tokens_per_s: float
    """Output tokens/s of the system. [tokens/s]"""
    ttft_mean_ms: float
    ttft_p99_ms: float
    tpot_mean_ms: float
    tpot_p99_ms: float


def predict_mlperf(
    shape: ResolvedShape,
    gpu: GpuSpec,
    factor: ServingFactor,
    *,
    tp: int,
    replicas: int,
    max_batch: int,
    prompt: float,
    output: float,
    limits_s: tuple[float, float] | None,
) -> MlperfPrediction | None:
    """One MLPerf Llama-style system: ``replicas`` TensorRT-LLM replicas of
    ``tp`` cards at FP8 weights and KV cache.

    ``limits_s`` (TTFT, TPOT at p99): the Server scenario, the highest
    Poisson rate meeting them; None: Offline, flat out. None when the limits
    cannot be met.
    """
    serving = Serving(
        engine=ServingEngine.TRTLLM,
        weight_precision=WeightPrecision.FP8,
        kv_precision=KvPrecision.FP8,
        tp=tp,
        prompt_tokens=max(round(prompt), 1),
        output_tokens=max(round(output), 1),
        targets=LatencyTargets(offline=True),
    )
    fixed = factor.model_copy(update={"engine": ServingEngine.TRTLLM})
    model = build_model(shape, gpu, serving, tp, (fixed,), max_batch=max_batch)
    model = model._replace(quantile=MLPERF_QUANTILE)
    load = offline(model) if limits_s is None else best_rate(model, *limits_s)
    if load is None:
        return None
    return MlperfPrediction(
        tokens_per_s=load.output_tokens_per_s * replicas,
        ttft_mean_ms=load.ttft_s * 1000.0,
        ttft_p99_ms=load.ttft_p95_s * 1000.0,
        tpot_mean_ms=load.tpot_s * 1000.0,
        tpot_p99_ms=load.tpot_p95_s * 1000.0,
    )
