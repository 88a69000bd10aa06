"""The serving plan: one replica's performance counted out over the serving months.

:func:`plan_serving` puts what one replica serves at the latency targets
(from the performance model) together with the plan's traffic
(:mod:`gpu_advisor.engine.serving.traffic`) into the result the sizing carries
(``SizingResult.serving``). The months are counted from the first month of
serving; the cost engine places them in the plan's calendar.
"""

from __future__ import annotations

from gpu_advisor.engine.serving.traffic import (
    hourly_rates,
    replicas_for,
    serving_months,
)
from gpu_advisor.model.serving import ReplicaPerformance, Serving
from gpu_advisor.model.serving_plan import LoadPoint, ServingPlan

MAX_SERVING_MONTHS = 120
"""The longest horizon a plan has. [month]"""


def plan_serving(
    serving: Serving,
    gpu_id: str,
    replica: ReplicaPerformance,
    *,
    prefill_share: float = 0.0,
    load_curve: tuple[LoadPoint, ...] = (),
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
    peak_gpus = max(m.peak_gpus for m in months)
    return ServingPlan(
        gpu_id=gpu_id,
        per_replica=replica,
        hourly_rps=list(rates),
        hourly_replicas=[replicas_for(r, goodput, serving) for r in rates],
        peak_replicas=peak_gpus // replica.gpus,
        peak_gpus=peak_gpus,
        prefill_share=prefill_share,
        load_curve=list(load_curve),
        months=months,
    )
