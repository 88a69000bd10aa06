"""Serving a model to users: what the plan states and what one replica does.

A plan serves its model when ``Workload.serving`` is set: alone (the task is
inference) or after training, in a serving phase that starts when training
ends. The inputs say how people will use the model (traffic through the day,
prompt and answer lengths, the latency they accept); the engine finds the
cheapest configuration of cards that meets them (``engine/serving``) and
derives the serving months' GPU-hours from the replicas each hour needs.

>>> Serving().traffic.peak_rps
10.0
>>> LatencyTargets(offline=True).applies
False
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, model_validator

from gpu_advisor.model.common import Frozen, Message

HOURS_A_DAY = 24

HOURS_PER_MONTH = 730.0
"""Average hours in a month: 8760 h / 12 (365-day year); the cost engine's month."""


class ServingEngine(StrEnum):
    """The inference server the team runs (its efficiency is calibrated apart)."""

    VLLM = "vllm"
    SGLANG = "sglang"
    TRTLLM = "trtllm"
    LMDEPLOY = "lmdeploy"


class WeightPrecision(StrEnum):
    """How the served weights are stored (int4: weight-only, AWQ or GPTQ)."""

    BF16 = "bf16"
    FP8 = "fp8"
    INT8 = "int8"
    INT4_AWQ = "int4-awq"
    INT4_GPTQ = "int4-gptq"


class PrecisionSearch(StrEnum):
    """Which weight precisions the replica search may try (None on the serving:
    only ``weight_precision``)."""

    BF16_FP8 = "bf16-fp8"
    """BF16, and FP8 on cards with FP8 tensor cores: the default of a search."""
    ANY = "bf16-to-int4"
    """Also INT8 and INT4 (AWQ, GPTQ): the user accepts the quality trade-off
    of integer-quantised weights."""


class KvPrecision(StrEnum):
    """How the KV cache is stored."""

    BF16 = "bf16"
    FP8 = "fp8"
    INT8 = "int8"


class DailyCurve(StrEnum):
    """How requests spread over the day (local time)."""

    OFFICE = "office"
    """Working hours: a peak late morning and mid afternoon, quiet at night."""
    EVENING = "evening"
    """A consumer app: busiest 19:00–23:00."""
    FLAT = "flat"
    """An API serving other machines: the same rate every hour."""
    TYPED = "typed"
    """The plan's own 24 hourly shares (``Traffic.hourly_shares``)."""


class Traffic(Frozen):
    """Requests the served model receives.

    Either the peak rate is typed, or it follows from daily active users,
    their requests a day and the day's curve (the peak hour's share of the
    day's requests, spread evenly over that hour).
    """

    peak_rps: float | None = Field(
        10.0,
        ge=0,
        le=1e6,
        description="Requests per second at the busiest hour; empty: from the "
        "daily active users. [1/s]",
    )
    daily_active_users: int | None = Field(None, ge=0, le=10_000_000_000)
    requests_per_user_per_day: float = Field(20.0, ge=0, le=1e6)
    curve: DailyCurve = DailyCurve.OFFICE
    hourly_shares: list[float] = Field(
        default_factory=list,
        max_length=HOURS_A_DAY,
        description="Share of the day's requests in each hour 00–23 when the "
        "curve is typed; normalised to sum to 1.",
    )
    monthly_growth: float = Field(
        0.0,
        ge=-0.5,
        le=2.0,
        description="Growth of the traffic from one month to the next (0.05 = 5 %).",
    )

    @model_validator(mode="after")
    def _rate_known(self) -> Traffic:
        if self.peak_rps is None and self.daily_active_users is None:
            raise ValueError("give the peak rate or the daily active users")
        if self.curve is DailyCurve.TYPED and (
            len(self.hourly_shares) != HOURS_A_DAY or sum(self.hourly_shares) <= 0
        ):
            raise ValueError("a typed curve needs 24 hourly shares, not all zero")
        if any(share < 0 for share in self.hourly_shares):
            raise ValueError("hourly shares cannot be negative")
        return self


class LatencyTargets(Frozen):
    """What users accept, at the 95th percentile; ``offline``: a batch job, no targets."""

    ttft_ms: float | None = Field(
        1000.0, gt=0, le=600_000, description="Time to the first token, p95. [ms]"
    )
    tpot_ms: float | None = Field(
        50.0,
        gt=0,
        le=60_000,
        description="Time per output token after the first, p95. [ms]",
    )
    offline: bool = Field(
        False,
        description="An offline batch: no latency target, the most tokens per card.",
    )

    @property
    def applies(self) -> bool:
        """Whether any latency target binds (not offline, at least one set)."""
        return not self.offline and (
            self.ttft_ms is not None or self.tpot_ms is not None
        )


class Serving(Frozen):
    """How the plan serves its model (the workload's model: preset, shape or config)."""

    engine: ServingEngine = ServingEngine.VLLM
    weight_precision: WeightPrecision = WeightPrecision.BF16
    precision_search: PrecisionSearch | None = Field(
        None,
        description="Try the weight precisions the card and engine allow and take "
        "the cheapest that meets the targets (bf16-fp8: BF16 and FP8; bf16-to-int4: "
        "also INT8 and INT4, a quality trade-off); empty: weight_precision as given.",
    )
    kv_precision: KvPrecision = KvPrecision.BF16
    gpu_id: str | None = Field(
        None,
        max_length=64,
        description="A card to serve on for `serve`; a plan serves on its workload's "
        "card, the one its options price (a different card here is named in a warning).",
    )
    tp: int | None = Field(
        None,
        ge=1,
        le=64,
        description="Tensor-parallel degree of a replica; empty: the cheapest that meets the targets.",
    )
    prompt_tokens: int = Field(1500, ge=1, le=10_000_000)
    prompt_tokens_p95: int | None = Field(None, ge=1, le=10_000_000)
    output_tokens: int = Field(300, ge=1, le=1_000_000)
    output_tokens_p95: int | None = Field(None, ge=1, le=1_000_000)
    prefix_cache_hit: float = Field(
        0.0,
        ge=0,
        le=0.99,
        description="Share of prompt tokens found in the prefix cache (not prefilled again).",
    )
    targets: LatencyTargets = Field(default_factory=LatencyTargets)
    traffic: Traffic = Field(default_factory=Traffic)
    spare_replicas: int = Field(
        1, ge=0, le=100, description="Replicas kept beyond the peak's need (1 = N+1)."
    )
    sites: int = Field(
        1,
        ge=1,
        le=2,
        description="Sites serving at once (2: each can carry the peak alone).",
    )
    start_month: int | None = Field(
        None,
        ge=1,
        le=120,
        description="First month of serving; empty: the month after training ends "
        "(month 1 when the plan only serves).",
    )
    allow_spot: bool = Field(
        False, description="Serving may run on reclaimable spot instances."
    )


class ReplicaPerformance(Frozen):
    """What one replica does at the load the engine chose (p95 where a target applies)."""

    gpus: int = Field(
        ..., ge=1, description="Cards in one replica (its tensor-parallel degree)."
    )
    concurrency: int = Field(
        ..., ge=1, description="Requests in flight on the replica."
    )
    output_tokens_per_s: float = Field(..., ge=0)
    requests_per_s: float = Field(..., ge=0)
    ttft_ms: float = Field(
        ...,
        ge=0,
        description="Time to the first token, p95 (queue and prompt tail). [ms]",
    )
    tpot_ms: float = Field(
        ...,
        ge=0,
        description="Time per output token, p95: the prefills admitted while a "
        "request decodes included. [ms]",
    )
    ttft_mean_ms: float = Field(
        0.0, ge=0, description="Mean time to the first token (0: not worked out). [ms]"
    )
    tpot_mean_ms: float = Field(
        0.0, ge=0, description="Mean time per output token (0: not worked out). [ms]"
    )
    max_concurrency: int = Field(
        ..., ge=0, description="Sequences the KV cache holds at the mean lengths."
    )
    meets_targets: bool
    kv_cache_tokens: int = Field(
        0, ge=0, description="Tokens the replica's KV cache holds (all its cards)."
    )
    weights_gib_per_gpu: float = Field(
        0.0, ge=0, description="Weights held by each card of the replica. [GiB]"
    )
    bound: str = Field(
        "",
        description="What limits a decode step at the chosen load: 'compute' or "
        "'memory' (bandwidth).",
    )
    weight_precision: WeightPrecision | None = Field(
        None, description="The weights this replica runs (None: the serving's own)."
    )


class ServingFactor(Frozen):
    """Efficiency of one serving engine on one GPU generation, fitted to published runs.

    ``arch`` is the first word of :attr:`GpuSpec.arch` (``Hopper``, ``Ampere``,
    ``Ada``); ``*`` is the engine's fallback for generations without runs.
    """

    engine: ServingEngine
    arch: str = Field(..., min_length=1, max_length=32)
    compute_efficiency: float = Field(
        ..., gt=0, le=1, description="Share of the dense peak a step sustains. [1]"
    )
    bandwidth_efficiency: float = Field(
        ..., gt=0, le=1, description="Share of the HBM bandwidth a step sustains. [1]"
    )
    step_overhead_ms: float = Field(
        ..., ge=0, le=100, description="Scheduling and launch time per step. [ms]"
    )
    cases: int = Field(0, ge=0, description="Published runs it was fitted to.")
    fitted: bool = Field(
        True, description="False: borrowed from other generations or engines."
    )


class ServingFactors(Frozen):
    """The fitted factors with how they were fitted (``serving_factors.json``)."""

    method: str = ""
    fitted_on: str = ""
    as_of: str = ""
    factors: list[ServingFactor] = Field(default_factory=list)
    in_sample_median_error: dict[str, float] = Field(default_factory=dict)
    leave_one_out_median_error: dict[str, float] = Field(default_factory=dict)


class RunLoad(StrEnum):
    """How a published run loaded the server."""

    OFFLINE = "offline"
    """All requests at once (``--rate inf``, ``trtllm-bench throughput``)."""
    RATE = "rate"
    """Poisson arrivals at a request rate."""
    CONCURRENCY = "concurrency"
    """A fixed number of requests in flight."""


class ServingSource(Frozen):
    """Where published serving results come from."""

    id: str = Field(..., pattern=r"^[a-z0-9][a-z0-9_.\-]*$")
    title: str
    url: str
    commit: str = Field("", description="Repository commit or tag, when one is.")
    published: str = Field("", description="Date published or read.")
    observed: str = Field("", description="What a person reads there.")


class ServingRun(Frozen):
    """One published serving benchmark result (a calibration case)."""

    id: str = Field(..., pattern=r"^[a-z0-9][a-z0-9_.\-]*$")
    source: str
    engine: ServingEngine
    engine_version: str
    gpu_id: str
    model_id: str | None = None
    hf_config: dict[str, int | float | bool | str | None] | None = Field(
        None, description="The model's config.json keys when no preset holds it."
    )
    model_name: str = ""
    weight_precision: WeightPrecision
    kv_precision: KvPrecision
    tp: int = Field(..., ge=1, le=16)
    prompt_tokens: float = Field(..., gt=0)
    output_tokens: float = Field(..., gt=0)
    load: RunLoad
    rate_rps: float | None = Field(None, gt=0)
    concurrency: int | None = Field(None, ge=1)
    max_batch: int | None = Field(
        None, ge=1, description="The engine's batch cap when the source states it."
    )
    scheduler_steps: int = Field(
        1,
        ge=1,
        le=64,
        description="vLLM 0.6 multi-step scheduling: decode steps run per "
        "scheduling round (a new request waits for the round to end).",
    )
    output_tokens_per_s: float | None = Field(
        None, gt=0, description="Published output throughput of the replica. [tokens/s]"
    )
    ttft_ms: float | None = Field(None, gt=0)
    tpot_ms: float | None = Field(None, gt=0)
    statistic: str = Field(
        "mean", description="How TTFT/TPOT are summarised: median or mean."
    )
    note: str = ""


class ServingRuns(Frozen):
    """The calibration catalog (``serving_runs.json``)."""

    as_of: str = ""
    sources: list[ServingSource] = Field(default_factory=list)
    runs: list[ServingRun] = Field(default_factory=list)


class RejectedReplica(Frozen):
    """A configuration the search tried and could not use, with why (a catalog code)."""

    gpu_id: str
    tp: int
    reason: Message


class ServingChoice(Frozen):
    """The cheapest replica meeting the targets and what the rate needs of it."""

    gpu_id: str | None = Field(None, description="None: no candidate works.")
    tp: int = Field(0, ge=0)
    performance: ReplicaPerformance | None = None
    replicas: int = Field(0, ge=0, description="Replicas the rate needs (no spares).")
    gpus: int = Field(0, ge=0, description="replicas × tp.")
    rejected: list[RejectedReplica] = Field(default_factory=list)
