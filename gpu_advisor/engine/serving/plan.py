"""The serving plan: one replica's performance counted out over the serving months.

:func:`plan_serving` puts what one replica serves at the latency targets
(from the performance model) together with the plan's traffic
(:mod:`gpu_advisor.engine.serving.traffic`) into the result the sizing carries
(``SizingResult.serving``). The months are counted from the first month of
serving; the cost engine places them in the plan's calendar.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from gpu_advisor.engine.serving.precision import precision_advice, precisions_to_try
from gpu_advisor.engine.serving.replica import (
    build_model,
    pick_replica,
    replica_candidates,
    replica_under,
)
from gpu_advisor.engine.serving.timing import step_time
from gpu_advisor.engine.serving.traffic import (
    hourly_rates,
    replicas_for,
    serving_months,
)
from gpu_advisor.model.catalog import Catalog, GpuSpec
from gpu_advisor.model.common import Advice, Message, Severity
from gpu_advisor.model.project import Workload
from gpu_advisor.model.serving import (
    RejectedReplica,
    ReplicaPerformance,
    Serving,
    ServingFactor,
)
from gpu_advisor.model.serving_plan import LoadPoint, MeasuredRun, ServingPlan
from gpu_advisor.model.sizing_results import ResolvedShape

Candidates = tuple[list[ReplicaPerformance], list[RejectedReplica]]
"""Replica sizes that meet the targets, and those that do not with why."""

MAX_SERVING_MONTHS = 120
"""The longest horizon a plan has. [month]"""

LOAD_CURVE_POINTS = 12
"""Points of the latency-against-load curve, from light load to 1.5 × the goodput. [1]"""


def size_serving(
    workload: Workload,
    shape: ResolvedShape,
    catalog: Catalog,
    measured: MeasuredRun | None = None,
    candidates: Candidates | None = None,
) -> tuple[ServingPlan | None, list[Advice]]:
    """The serving plan of ``workload`` (None when it does not serve or nothing
    meets its targets, with the reasons as advice).

    The replica is the cheapest configuration of the plan's card (the one its
    options price; a different serving card is named in a warning) that meets the latency
    targets at the busiest hour's rate (``pick_replica``), at the serving's
    weight precision or, with ``precision_search``, at the precision that
    needs the fewest cards (the choice and a quantised one's quality
    trade-off are advice). A vendor's run on
    that card that met the targets (``measured``) replaces the estimate: its
    cards, requests and tokens per second are the replica's. ``candidates``:
    the replica sizes that meet the targets and those that do not
    (``replica_candidates``), when the caller has them for this model, card,
    engine, lengths and targets (:attr:`ServingPlan.considered`).
    """
    serving = workload.serving
    if serving is None:
        return None, []
    gpu_id = workload.gpu_id  # the card the plan prices
    gpu = next((g for g in catalog.gpus if g.id == gpu_id), None)
    if gpu is None:
        return None, [Advice(code="sizing.serving.unknown_gpu", params={"gpu": gpu_id},
                             inputs=["workload.gpu_id"])]  # fmt: skip
    other = _other_card(workload)
    factors = catalog.serving_factors.factors
    peak = max(hourly_rates(serving.traffic))
    met, rejected = candidates or replica_candidates(
        shape, gpu, serving, factors=factors
    )
    choice = pick_replica(gpu.id, met, peak)
    if choice.performance is None:
        reasons = [r.reason for r in rejected][:3] or [
            Message(code="sizing.serving.no_degree")
        ]
        return None, [
            Advice(
                code="sizing.serving.none_meets",
                severity=Severity.ERROR,
                params={
                    "gpu": gpu.id,
                    **{f"reason{i}": m for i, m in enumerate(reasons)},
                },
                inputs=["workload.serving.targets", "workload.serving.gpu_id"],
            )
        ]
    estimate = choice.performance
    replica = estimate if measured is None else _measured_replica(measured, estimate)
    precision = estimate.weight_precision or serving.weight_precision
    replica = replica.model_copy(update={"weight_precision": precision})
    pinned = Serving.model_validate(
        {
            **dict(serving),
            "tp": replica.gpus,
            "weight_precision": precision,
            "precision_search": None,
        }
    )
    curve = _load_curve(shape, gpu, pinned, replica, factors)
    prefill = prefill_share(shape, gpu, pinned, replica, factors)
    plan = plan_serving(
        serving,
        gpu.id,
        replica,
        prefill_share=prefill,
        load_curve=curve,
        measured=measured,
        estimate=None if measured is None else estimate,
        considered=met,
        rejected=rejected,
    )
    tried = precisions_to_try(serving, gpu)
    return plan, other + precision_advice(serving, estimate, tried)


def _other_card(workload: Workload) -> list[Advice]:
    """A serving card other than the plan's: the plan prices one card, so it
    serves on that one and says so (``serve`` sizes any card on its own).

    >>> from gpu_advisor.model.serving import Serving
    >>> w = Workload(serving=Serving(gpu_id="L40S"))
    >>> [a.code for a in _other_card(w)], _other_card(Workload(serving=Serving())) == []
    (['sizing.serving.other_card'], True)
    """
    serving = workload.serving
    if serving is None or serving.gpu_id in (None, workload.gpu_id):
        return []
    return [
        Advice(
            code="sizing.serving.other_card",
            params={"gpu": serving.gpu_id, "plan_gpu": workload.gpu_id},
            inputs=["workload.serving.gpu_id", "workload.gpu_id"],
        )
    ]


def _measured_replica(
    run: MeasuredRun, estimate: ReplicaPerformance
) -> ReplicaPerformance:
    """The replica as a vendor measured it; what the run does not print (a
    latency, the requests in flight) is the estimate's or Little's law.

    >>> e = ReplicaPerformance(gpus=2, concurrency=32, output_tokens_per_s=1500.0,
    ...     requests_per_s=5.0, ttft_ms=400.0, tpot_ms=40.0, max_concurrency=120,
    ...     meets_targets=True)
    >>> r = _measured_replica(MeasuredRun(vendor="A", file="r.txt", gpus=2,
    ...     requests_per_s=4.0, output_tokens_per_s=1200.0, tpot_ms=30.0), e)
    >>> r.requests_per_s, r.ttft_ms, r.tpot_ms, r.concurrency
    (4.0, 400.0, 30.0, 38)
    """
    ttft = run.ttft_ms if run.ttft_ms is not None else estimate.ttft_ms
    tpot = run.tpot_ms if run.tpot_ms is not None else estimate.tpot_ms
    output = run.output_tokens_per_s / run.requests_per_s
    in_flight = run.requests_per_s * (ttft + output * tpot) / 1000.0
    return ReplicaPerformance(
        gpus=run.gpus,
        concurrency=max(1, math.ceil(in_flight - 1e-9)),
        output_tokens_per_s=run.output_tokens_per_s,
        requests_per_s=run.requests_per_s,
        ttft_ms=ttft,
        tpot_ms=tpot,
        max_concurrency=estimate.max_concurrency,
        meets_targets=True,
    )


def prefill_share(
    shape: ResolvedShape,
    gpu: GpuSpec,
    serving: Serving,
    replica: ReplicaPerformance,
    factors: Sequence[ServingFactor],
) -> float:
    """Share of the replica's time reading prompts at its load: the requests per
    second times one prompt's prefill (its uncached tokens) alone. [1]

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> c = load_catalog()
    >>> s, g = shape_from_preset(c.model("llama3-70b")), c.gpu("H100-80GB-SXM")
    >>> r = ReplicaPerformance(gpus=8, concurrency=80, output_tokens_per_s=1600.0,
    ...     requests_per_s=5.0, ttft_ms=500.0, tpot_ms=50.0, max_concurrency=256,
    ...     meets_targets=True)
    >>> 0.1 < prefill_share(s, g, Serving(tp=8), r, c.serving_factors.factors) < 0.95
    True
    """
    model = build_model(shape, gpu, serving, replica.gpus, factors)
    lengths = model.lengths
    alone = step_time(model.replica, 0.0, 0.0, lengths.prefill, lengths.prompt).seconds
    return min(0.95, max(0.0, replica.requests_per_s * alone))


def _load_curve(
    shape: ResolvedShape,
    gpu: GpuSpec,
    serving: Serving,
    replica: ReplicaPerformance,
    factors: Sequence[ServingFactor],
) -> tuple[LoadPoint, ...]:
    """p95 latencies from light load to 1.5 × the goodput (the points the replica holds)."""
    top = max(replica.requests_per_s, 1e-3) * 1.5
    points = []
    for k in range(1, LOAD_CURVE_POINTS + 1):
        rate = top * k / LOAD_CURVE_POINTS
        perf = replica_under(
            shape, gpu, serving, replica.gpus, rate_rps=rate, factors=factors
        )
        if perf.concurrency >= perf.max_concurrency:  # the replica cannot keep up
            break
        if perf.requests_per_s > 0:
            points.append(LoadPoint(requests_per_s=rate, ttft_ms=perf.ttft_ms,
                                    tpot_ms=perf.tpot_ms))  # fmt: skip
    return tuple(points)


def plan_serving(
    serving: Serving,
    gpu_id: str,
    replica: ReplicaPerformance,
    *,
    prefill_share: float = 0.0,
    load_curve: tuple[LoadPoint, ...] = (),
    measured: MeasuredRun | None = None,
    estimate: ReplicaPerformance | None = None,
    considered: Sequence[ReplicaPerformance] = (),
    rejected: Sequence[RejectedReplica] = (),
) -> ServingPlan:
    """Replicas through the day and every serving month's cards, hours and tokens.

    ``prefill_share`` and ``load_curve`` come from the performance model (the
    replica's time reading prompts at its load; its latency at other loads).

    Examples
    --------
    >>> r = ReplicaPerformance(gpus=2, concurrency=32, output_tokens_per_s=1500.0,
    ...     requests_per_s=5.0, ttft_ms=400.0, tpot_ms=40.0, max_concurrency=120,
    ...     meets_targets=True)
    >>> plan = plan_serving(Serving(), "H100-80GB-SXM", r)
    >>> plan.hourly_replicas[10], plan.peak_gpus, plan.months[0].peak_gpus
    (3, 6, 6)
    >>> plan.hourly_replicas[3]
    2
    """
    rates = hourly_rates(serving.traffic)
    goodput = replica.requests_per_s
    months = serving_months(serving, goodput, replica.gpus, 1, MAX_SERVING_MONTHS)
    hourly = [replicas_for(r, goodput, serving) for r in rates]
    return ServingPlan(
        gpu_id=gpu_id,
        per_replica=replica,
        hourly_rps=list(rates),
        hourly_replicas=hourly,
        peak_replicas=max(hourly),
        peak_gpus=max(hourly) * replica.gpus,
        prefill_share=prefill_share,
        load_curve=list(load_curve),
        measured=measured,
        estimate=estimate,
        considered=list(considered),
        rejected=list(rejected),
        months=months,
    )
