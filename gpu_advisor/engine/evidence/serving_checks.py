"""Serving benchmarks judged against the plan's latency targets, and the goodput they measured.

The runs are the imported outputs of the engines' own load generators
(``vllm bench serve``, SGLang ``bench_serving``, ``genai-perf``; read by
``gpu_advisor.io.results_serving``): one run per file and ``sample``.

A plan states its targets at the 95th percentile (time to the first token,
time per output token; ``Workload.serving.targets``). A run is judged at p95
when it prints p95. Otherwise a higher percentile that is within the target
passes (p99 ≥ p95, so p95 is within it too), and a median (or p90) over the
target fails (p95 ≥ median); anything else, a mean alone or a p99 over the
target with a median within it, is "not measured at p95": the figures cannot
tell. A run with failed requests is not complete.

A sweep over request rates has runs beyond the load the replica can serve at
the targets; such a run is shown for information when another complete run
of the vendor meets the targets, and fails only when none does (the vendor
has not shown the plan's latency at any load).

:func:`measured_serving` hands the plan's serving sizing the best complete
run that meets the targets (the most output tokens per second per replica).
On a plan without serving targets (no serving, or an offline batch) runs are
shown, not judged, and the best run is the one with the most output tokens
per second.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Final

from pydantic import Field

from gpu_advisor.engine.evidence.checks import Check, Verdict
from gpu_advisor.model.common import Frozen, Message
from gpu_advisor.model.project import Measurement, Project

SERVING_TOOLS: Final = ("vllm-bench-serve", "sglang-bench-serving", "genai-perf")
"""Tools of the serving measurements (``gpu_advisor.io.results_serving.SERVING_TOOLS``)."""

SERVING_TEST: Final = "serving.latency"
"""The test name of every serving check."""

JUDGED_STATS: Final = ("mean", "median", "p50", "p90", "p95", "p99")
"""Statistics shown and judged; the catalogs name each
(``evidence.serving_bench.stat``)."""

_UPPER: Final = ("p95", "p99")
"""At or above the 95th percentile: within the target proves p95 within it."""

_LOWER: Final = ("p90", "median", "p50")
"""At or below the 95th percentile: over the target proves p95 over it."""

_SHOWN_ORDER: Final = ("p95", "p99", "median", "p50", "p90", "mean")
"""The statistic shown when nothing is judged: the tail a person reads first."""


class LatencyOutcome(StrEnum):
    WITHIN = "within"
    PROVEN_WITHIN = "proven_within"
    OVER = "over"
    PROVEN_OVER = "proven_over"
    NOT_P95 = "not_p95"
    NOT_MEASURED = "not_measured"
    SHOWN = "shown"


class ServingTargets(Frozen):
    """The plan's latency targets at p95 (None: that target is not set)."""

    ttft_ms: float | None = Field(None, gt=0, description="[ms]")
    tpot_ms: float | None = Field(None, gt=0, description="[ms]")


def serving_targets(project: Project) -> ServingTargets | None:
    """The plan's p95 targets, or None when it states none (no serving, an
    offline batch, or a plan schema without serving).

    Examples
    --------
    >>> serving_targets(Project()) is None
    True
    """
    serving = getattr(project.workload, "serving", None)
    targets = getattr(serving, "targets", None)
    if targets is None or getattr(targets, "offline", False):
        return None
    ttft, tpot = getattr(targets, "ttft_ms", None), getattr(targets, "tpot_ms", None)
    if ttft is None and tpot is None:
        return None
    return ServingTargets(ttft_ms=ttft, tpot_ms=tpot)


class ServingRun(Frozen):
    """One benchmark run as its output states it (figures without ``serving.``)."""

    tool: str
    file: str
    node: str | None = None
    sample: int = 0
    figures: dict[str, float] = Field(default_factory=dict)
    labels: dict[str, str] = Field(default_factory=dict)

    @property
    def complete(self) -> bool:
        """Requests were served and none failed."""
        return (
            self.figures.get("successful_requests", 0.0) > 0
            and self.figures.get("failed_requests", 0.0) == 0
            and self.figures.get("output_throughput", 0.0) > 0
        )

    @property
    def gpus(self) -> int | None:
        """GPUs of the replica, when the run states them (the kit's ``gpus=``)."""
        value = self.figures.get("gpus")
        return int(value) if value else None

    def load(self) -> Message:
        """The load the run was asked for, in words."""
        rate = self.figures.get("request_rate")
        cap = self.figures.get("max_concurrency")
        all_at_once = self.labels.get("request_rate", "").lower() in {"inf", "infinity"}
        if rate is not None and cap is not None:
            code, params = "rate_capped", {"rate": rate, "concurrency": cap}
        elif rate is not None:
            code, params = "rate", {"rate": rate}
        elif cap is not None:
            code, params = "concurrency", {"concurrency": cap}
        elif all_at_once:
            code, params = "all_at_once", {}
        else:
            code, params = "unknown", {}
        return Message(code=f"evidence.serving_bench.load.{code}", params=params)


def serving_runs(measurements: Sequence[Measurement]) -> list[ServingRun]:
    """The serving runs among ``measurements``, in the order they were read.

    Examples
    --------
    >>> m = Measurement(tool="genai-perf", metric="serving.output_throughput",
    ...                 value=45.84, unit="tok/s", file="g.txt", sample=0)
    >>> [(r.file, r.figures) for r in serving_runs([m])]
    [('g.txt', {'output_throughput': 45.84})]
    """
    runs: dict[tuple[str, str | None, int], ServingRun] = {}
    figures: dict[tuple[str, str | None, int], dict[str, float]] = {}
    for m in measurements:
        if m.tool not in SERVING_TOOLS or not m.metric.startswith("serving."):
            continue
        key = (m.file, m.node, m.sample or 0)
        if key not in runs:
            runs[key] = ServingRun(
                tool=m.tool,
                file=m.file,
                node=m.node,
                sample=m.sample or 0,
                labels=dict(m.labels or {}),
            )
            figures[key] = {}
        figures[key].setdefault(m.metric.removeprefix("serving."), m.value)
    return [
        run.model_copy(update={"figures": figures[key]}) for key, run in runs.items()
    ]


def _latency(
    run: ServingRun, what: str, target: float | None
) -> tuple[LatencyOutcome, str | None, float | None]:
    """How one latency stands against its p95 target: outcome, statistic used, value."""
    printed = {
        stat: run.figures[f"{what}.{stat}"]
        for stat in JUDGED_STATS
        if f"{what}.{stat}" in run.figures
    }
    if not printed:
        return LatencyOutcome.NOT_MEASURED, None, None
    if target is None:
        stat = next(s for s in _SHOWN_ORDER if s in printed)
        return LatencyOutcome.SHOWN, stat, printed[stat]
    if "p95" in printed:
        within = printed["p95"] <= target
        return (
            LatencyOutcome.WITHIN if within else LatencyOutcome.OVER,
            "p95",
            printed["p95"],
        )
    for stat in _UPPER:
        if stat in printed and printed[stat] <= target:
            return LatencyOutcome.PROVEN_WITHIN, stat, printed[stat]
    for stat in _LOWER:
        if stat in printed and printed[stat] > target:
            return LatencyOutcome.PROVEN_OVER, stat, printed[stat]
    stat = next(s for s in ("p99", "mean", "median", "p50", "p90") if s in printed)
    return LatencyOutcome.NOT_P95, stat, printed[stat]


_RANK: Final = {
    LatencyOutcome.WITHIN: Verdict.PASS,
    LatencyOutcome.PROVEN_WITHIN: Verdict.PASS,
    LatencyOutcome.OVER: Verdict.FAIL,
    LatencyOutcome.PROVEN_OVER: Verdict.FAIL,
    LatencyOutcome.NOT_P95: Verdict.WARN,
    LatencyOutcome.NOT_MEASURED: Verdict.WARN,
    LatencyOutcome.SHOWN: Verdict.INFO,
}


class RunJudgement(Frozen):
    """One run against the targets: its verdict and how each latency stood."""

    run: ServingRun
    verdict: Verdict
    ttft: Message
    tpot: Message


def _latency_message(
    run: ServingRun, what: str, target: float | None
) -> tuple[Verdict, Message]:
    outcome, stat, value = _latency(run, what, target)
    params: dict[str, object] = {"what": what}
    if stat is not None:
        params |= {"stat": stat, "value": value}
    if target is not None:
        params["target"] = target
    if outcome is LatencyOutcome.NOT_MEASURED and target is None:
        return Verdict.INFO, Message(
            code="evidence.serving_bench.latency.not_printed", params=params
        )
    return _RANK[outcome], Message(
        code=f"evidence.serving_bench.latency.{outcome.value}", params=params
    )


def judge_run(run: ServingRun, targets: ServingTargets | None) -> RunJudgement:
    """One run against the plan's targets (None: shown, not judged).

    Examples
    --------
    >>> run = ServingRun(tool="vllm-bench-serve", file="a.txt", figures={
    ...     "successful_requests": 772, "output_throughput": 529.33,
    ...     "ttft.p99": 953.35, "ttft.median": 201.98, "tpot.p99": 169.89,
    ...     "tpot.median": 108.15})
    >>> j = judge_run(run, ServingTargets(ttft_ms=1000, tpot_ms=50))
    >>> j.verdict.value, j.ttft.code.rsplit(".", 1)[1], j.tpot.code.rsplit(".", 1)[1]
    ('fail', 'proven_within', 'proven_over')
    >>> judge_run(run, None).verdict.value
    'info'
    """
    ttft_target = targets.ttft_ms if targets is not None else None
    tpot_target = targets.tpot_ms if targets is not None else None
    ttft_verdict, ttft = _latency_message(run, "ttft", ttft_target)
    tpot_verdict, tpot = _latency_message(run, "tpot", tpot_target)
    judged = [
        v
        for v, t in ((ttft_verdict, ttft_target), (tpot_verdict, tpot_target))
        if t is not None
    ]
    if not judged:
        verdict = Verdict.INFO
    elif Verdict.FAIL in judged:
        verdict = Verdict.FAIL
    elif Verdict.WARN in judged or not run.complete:
        verdict = Verdict.WARN
    else:
        verdict = Verdict.PASS
    return RunJudgement(run=run, verdict=verdict, ttft=ttft, tpot=tpot)


def _run_message(judged: RunJudgement) -> Message:
    run = judged.run
    failed = run.figures.get("failed_requests", 0.0)
    return Message(
        code="evidence.serving_bench.run",
        params={
            "tool": run.tool,
            "model": Message(
                code="evidence.serving_bench.model",
                params={"model": run.labels["model"]},
            )
            if run.labels.get("model")
            else Message(code="evidence.serving_bench.nothing"),
            "output_tps": run.figures.get("output_throughput", 0.0),
            "rps": run.figures.get("request_throughput", 0.0),
            "load": run.load(),
            "ttft": judged.ttft,
            "tpot": judged.tpot,
            "failed": Message(
                code="evidence.serving_bench.failed",
                params={
                    "failed": failed,
                    "total": failed + run.figures.get("successful_requests", 0.0),
                },
            )
            if failed > 0
            else Message(code="evidence.serving_bench.nothing"),
        },
    )


def _threshold(targets: ServingTargets | None) -> Message | None:
    if targets is None:
        return None
    if targets.ttft_ms is not None and targets.tpot_ms is not None:
        return Message(
            code="evidence.serving_bench.threshold.both",
            params={"ttft": targets.ttft_ms, "tpot": targets.tpot_ms},
        )
    if targets.ttft_ms is not None:
        return Message(
            code="evidence.serving_bench.threshold.ttft",
            params={"ttft": targets.ttft_ms},
        )
    return Message(
        code="evidence.serving_bench.threshold.tpot", params={"tpot": targets.tpot_ms}
    )


def _serving_checks(
    measurements: Sequence[Measurement], targets: ServingTargets | None
) -> list[Check]:
    """One check per serving run; a run over the targets is shown for
    information when another complete run of the same measurements meets them.

    Examples
    --------
    >>> _serving_checks([], ServingTargets(ttft_ms=1000)) == []
    True
    """
    judged = [judge_run(run, targets) for run in serving_runs(measurements)]
    some_pass = any(j.verdict is Verdict.PASS and j.run.complete for j in judged)
    checks: list[Check] = []
    for j in judged:
        message = _run_message(j)
        verdict = j.verdict
        if verdict is Verdict.FAIL and some_pass:
            verdict = Verdict.INFO
            message = Message(
                code="evidence.serving_bench.beyond", params={"run": message}
            )
        checks.append(
            Check(
                test=SERVING_TEST,
                node=j.run.node,
                file=j.run.file,
                measured=j.run.figures.get("output_throughput"),
                unit="tok/s",
                verdict=verdict,
                threshold=_threshold(targets),
                message=message,
            )
        )
    return checks


class MeasuredServing(Frozen):
    """The goodput one replica measured at a load that meets the plan's targets."""

    vendor: str
    gpu_id: str = Field(..., description="The vendor's card.")
    tool: str
    file: str
    sample: int = Field(0, ge=0, description="The run within its file.")
    gpus: int | None = Field(
        None, ge=1, description="Cards of the replica, when the run states them."
    )
    request_rate: float | None = Field(
        None, ge=0, description="Requests per second it was asked for. [1/s]"
    )
    all_at_once: bool = Field(
        False, description="Every request sent at once (request rate inf)."
    )
    max_concurrency: float | None = Field(
        None, ge=0, description="Requests in flight it was capped at. [1]"
    )
    concurrency: float | None = Field(
        None,
        ge=0,
        description="Requests in flight on average, when printed (SGLang). [1]",
    )
    output_tokens_per_s: float = Field(..., gt=0, description="Per replica. [1/s]")
    requests_per_s: float = Field(..., ge=0, description="Per replica. [1/s]")
    ttft_ms: float | None = Field(None, ge=0, description="The figure judged. [ms]")
    ttft_stat: str | None = Field(None, description="mean, median, p95, p99 …")
    tpot_ms: float | None = Field(None, ge=0, description="The figure judged. [ms]")
    tpot_stat: str | None = None
    judged: bool = Field(
        ..., description="Judged against the plan's targets (False: none stated)."
    )


def _measured(vendor: str, gpu_id: str, judged: RunJudgement) -> MeasuredServing:
    run = judged.run
    return MeasuredServing(
        vendor=vendor,
        gpu_id=gpu_id,
        tool=run.tool,
        file=run.file,
        sample=run.sample,
        gpus=run.gpus,
        request_rate=run.figures.get("request_rate"),
        all_at_once=run.labels.get("request_rate", "").lower() in {"inf", "infinity"},
        max_concurrency=run.figures.get("max_concurrency"),
        concurrency=run.figures.get("concurrency"),
        output_tokens_per_s=run.figures["output_throughput"],
        requests_per_s=run.figures.get("request_throughput", 0.0),
        ttft_ms=_param(judged.ttft, "value"),
        ttft_stat=_text(judged.ttft, "stat"),
        tpot_ms=_param(judged.tpot, "value"),
        tpot_stat=_text(judged.tpot, "stat"),
        judged=judged.verdict is not Verdict.INFO,
    )


def _param(message: Message, key: str) -> float | None:
    value = message.params.get(key)
    return float(value) if isinstance(value, int | float) else None


def _text(message: Message, key: str) -> str | None:
    value = message.params.get(key)
    return value if isinstance(value, str) else None


def measured_serving(
    project: Project, gpu_id: str | None = None
) -> MeasuredServing | None:
    """The best complete serving run of the plan's vendors that meets its targets.

    Parameters
    ----------
    project : Project
        Its vendors' imported measurements and, when it serves, its targets
        (``workload.serving.targets``; read defensively, so a plan schema
        without serving works: runs are then not judged).
    gpu_id : str, optional
        Only vendors of this card; default the plan's serving card when it
        names one, else every vendor.

    Returns
    -------
    MeasuredServing or None
        The run with the most output tokens per second per replica among the
        complete runs that meet the targets (every complete run when the plan
        states no targets); None when there is none.

    Examples
    --------
    >>> from gpu_advisor.model.project import Vendor
    >>> m = [Measurement(tool="vllm-bench-serve", metric=f"serving.{k}", value=v,
    ...      unit="", file="r.txt") for k, v in [("successful_requests", 772),
    ...      ("output_throughput", 529.33), ("request_throughput", 2.34)]]
    >>> best = measured_serving(Project(vendors=[Vendor(name="A", measurements=m)]))
    >>> best.vendor, best.output_tokens_per_s, best.judged
    ('A', 529.33, False)
    """
    targets = serving_targets(project)
    wanted = gpu_id or getattr(
        getattr(project.workload, "serving", None), "gpu_id", None
    )
    best: MeasuredServing | None = None
    for vendor in project.vendors:
        if wanted is not None and vendor.gpu_id != wanted:
            continue
        for run in serving_runs(vendor.measurements):
            judged = judge_run(run, targets)
            if not run.complete or judged.verdict not in {Verdict.PASS, Verdict.INFO}:
                continue
            found = _measured(vendor.name, vendor.gpu_id, judged)
            if best is None or found.output_tokens_per_s > best.output_tokens_per_s:
                best = found
    return best
