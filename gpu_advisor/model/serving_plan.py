"""What serving costs in cards, month by month: the plan's serving result.

The engine turns the plan's traffic (``Serving.traffic``) and what one
replica serves at the latency targets (``ReplicaPerformance``) into replicas
for every hour of a day, month by month with the traffic's growth, and from
them the serving months' GPU-hours and the cards a contract or an owned
fleet must hold (``engine/serving/traffic.py``).
"""

from __future__ import annotations

from pydantic import Field

from gpu_advisor.model.common import Frozen
from gpu_advisor.model.serving import RejectedReplica, ReplicaPerformance


class ServingMonth(Frozen):
    """One month of serving, counted from the first (month 1: serving starts)."""

    month: int = Field(
        ..., ge=1, le=120, description="Month of serving (1: its first)."
    )
    gpu_hours: float = Field(
        ...,
        ge=0,
        description="Card-hours the replicas run when they follow the day's curve.",
    )
    peak_gpus: int = Field(
        ...,
        ge=0,
        description="Cards at the month's busiest hour, spares and sites included.",
    )
    hourly_gpus: list[int] = Field(
        default_factory=list,
        max_length=24,
        description="Cards running each hour 00–23 of the month's day (empty: none).",
    )
    requests: float = Field(..., ge=0, description="Requests served in the month.")
    input_tokens: float = Field(..., ge=0)
    output_tokens: float = Field(..., ge=0)


class LoadPoint(Frozen):
    """One replica's latency at a steady request rate (p95)."""

    requests_per_s: float = Field(..., ge=0)
    ttft_ms: float = Field(..., ge=0)
    tpot_ms: float = Field(..., ge=0)


class MeasuredRun(Frozen):
    """A vendor's serving benchmark that met the plan's targets: its goodput
    replaces the estimate (``engine/evidence/serving_checks.py``)."""

    vendor: str
    file: str
    gpus: int = Field(..., ge=1, description="Cards of the replica measured.")
    requests_per_s: float = Field(..., gt=0)
    output_tokens_per_s: float = Field(..., gt=0)
    ttft_ms: float | None = Field(None, ge=0)
    tpot_ms: float | None = Field(None, ge=0)


class ServingPlan(Frozen):
    """The serving configuration chosen and the cards it needs through the horizon."""

    gpu_id: str
    per_replica: ReplicaPerformance
    hourly_rps: list[float] = Field(
        ...,
        min_length=24,
        max_length=24,
        description="Requests per second, 00–23, first month.",
    )
    hourly_replicas: list[int] = Field(
        ...,
        min_length=24,
        max_length=24,
        description="Replicas running each hour of the first month's day, spares included.",
    )
    peak_replicas: int = Field(
        ...,
        ge=0,
        description="At the first month's busiest hour, spares and sites included.",
    )
    peak_gpus: int = Field(
        ...,
        ge=0,
        description="Cards at the first month's busiest hour (within the plan's "
        "horizon, with growth: ``CostResult.serving.peak_gpus``).",
    )
    estimate: ReplicaPerformance | None = Field(
        None,
        description="The performance model's replica when a measured run replaced it.",
    )
    measured: MeasuredRun | None = Field(
        None, description="The vendor's run whose goodput the plan uses, if any."
    )
    prefill_share: float = Field(
        0.0,
        ge=0,
        le=1,
        description="Share of a replica's time spent reading prompts (prefill) at "
        "the chosen load: how the serving cost splits between input and output tokens.",
    )
    load_curve: list[LoadPoint] = Field(
        default_factory=list,
        max_length=64,
        description="The replica's p95 latencies from light load to beyond the "
        "targets, for the latency-against-load chart.",
    )
    considered: list[ReplicaPerformance] = Field(
        default_factory=list,
        max_length=32,  # 5 weight precisions × up to 5 degrees when searched
        description="Every replica size on the serving card that meets the targets, "
        "as estimated; the plan takes the one needing the fewest cards at the "
        "busiest hour (a measured run then replaces its figures).",
    )
    rejected: list[RejectedReplica] = Field(
        default_factory=list,
        max_length=16,
        description="Replica sizes tried that cannot meet the targets, with why.",
    )
    months: list[ServingMonth] = Field(
        default_factory=list,
        max_length=120,
        description="Serving months from the first; the cost engine places them "
        "in the plan's calendar (``engine/cost/demand.py``).",
    )
