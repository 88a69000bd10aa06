"""Serving runs against the plan's p95 targets, and the goodput handed to the plan.

The runs are the real outputs in ``tests/data/real-samples/serving/``
(sources in ``tests/data/real-samples/SOURCES.md``); runs with a p95 line or
with the mean alone are derived from them in the test and say so.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.evidence.checks import Verdict
from gpu_advisor.engine.evidence.expectations import expectations_for
from gpu_advisor.engine.evidence.judge import judge_measurements
from gpu_advisor.engine.evidence.serving_checks import (
    SERVING_TEST,
    ServingRun,
    ServingTargets,
    _serving_checks,
    judge_run,
    measured_serving,
    serving_runs,
    serving_targets,
)
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.results_import import parse_results, parse_text
from gpu_advisor.model.project import Measurement, Project, Vendor, Workload
from gpu_advisor.model.serving import LatencyTargets, Serving
from gpu_advisor.words import text
from tests.property_runs import examples

SERVING = Path(__file__).resolve().parents[1] / "data" / "real-samples" / "serving"
VLLM_OLD = "vllm-benchmark-serving-issue12845.txt"
VLLM_NEW = "vllm-bench-serve-failed1-pr2119.txt"
SGLANG = "sglang-oai-a100-rate16-kvcached-readme.txt"
GENAI_CSV = "genai-perf-profile-export-cloudai-ai-dynamo.csv"


def _ms(name: str) -> list[Measurement]:
    return parse_results([SERVING / name])


def _judged(name: str, targets: ServingTargets | None) -> tuple[Verdict, str, str]:
    j = judge_run(serving_runs(_ms(name))[0], targets)
    return j.verdict, j.ttft.code.rsplit(".", 1)[1], j.tpot.code.rsplit(".", 1)[1]


def _with_line(name: str, after: str, line: str) -> list[Measurement]:
    """The real summary with one line added after ``after`` (derived)."""
    out = []
    for row in (SERVING / name).read_text(encoding="utf-8").splitlines(keepends=True):
        out.append(row)
        if row.startswith(after):
            out.append(line + "\n")
    return parse_text("".join(out), f"derived-{name}")


def test_p99_within_proves_p95_and_a_median_over_disproves_it() -> None:
    """vLLM issue 12845: TTFT p99 953.35 ms within 1 s; TPOT median 108.15 ms
    over 50 ms, so p95 is over it too: the run fails."""
    assert _judged(VLLM_OLD, ServingTargets(ttft_ms=1000, tpot_ms=50)) == (
        Verdict.FAIL,
        "proven_within",
        "proven_over",
    )


def test_both_p99_within_targets_pass() -> None:
    assert _judged(VLLM_OLD, ServingTargets(ttft_ms=1000, tpot_ms=170)) == (
        Verdict.PASS,
        "proven_within",
        "proven_within",
    )


def test_p99_over_with_a_median_within_is_not_measured_at_p95() -> None:
    verdict, ttft, _ = _judged(VLLM_OLD, ServingTargets(ttft_ms=500))
    assert (verdict, ttft) == (Verdict.WARN, "not_p95")


def test_a_mean_alone_cannot_prove_a_p95_target() -> None:
    """The issue-12845 TTFT with only its mean kept (derived)."""
    ms = [
        m
        for m in _ms(VLLM_OLD)
        if not m.metric.startswith("serving.ttft.") or m.metric.endswith(".mean")
    ]
    j = judge_run(serving_runs(ms)[0], ServingTargets(ttft_ms=1000))
    assert j.verdict is Verdict.WARN
    assert j.ttft.code == "evidence.serving_bench.latency.not_p95"
    assert j.ttft.params["stat"] == "mean"
    assert "not measured at p95" in text(j.ttft, "en")


def test_a_printed_p95_is_the_figure_judged() -> None:
    """Issue 12845 with a P95 TTFT line added (derived), judged on it alone."""
    ms = _with_line(
        VLLM_OLD, "Median TTFT", "P95 TTFT (ms):                           600.00"
    )
    over = judge_run(serving_runs(ms)[0], ServingTargets(ttft_ms=550))
    within = judge_run(serving_runs(ms)[0], ServingTargets(ttft_ms=600))
    assert (over.verdict, over.ttft.params["stat"]) == (Verdict.FAIL, "p95")
    assert (within.verdict, within.ttft.params["value"]) == (Verdict.PASS, 600.0)


def test_genai_perf_csv_fails_at_its_p95() -> None:
    """AI Dynamo CSV: TTFT p95 3,349.56 ms over a 1 s target."""
    verdict, ttft, tpot = _judged(GENAI_CSV, ServingTargets(ttft_ms=1000))
    assert (verdict, ttft, tpot) == (Verdict.FAIL, "over", "not_printed")


def test_a_run_with_failed_requests_is_not_complete() -> None:
    """tt-inference-server PR 2119: 1 of 1,000 requests failed."""
    run = serving_runs(_ms(VLLM_NEW))[0]
    assert not run.complete
    assert judge_run(run, ServingTargets(ttft_ms=1000, tpot_ms=50)).verdict is (
        Verdict.WARN
    )


def test_a_tpot_target_without_tpot_printed_is_not_judged() -> None:
    """SGLang of mid-2025 prints no TPOT: a TPOT target cannot pass."""
    verdict, ttft, tpot = _judged(SGLANG, ServingTargets(ttft_ms=1000, tpot_ms=50))
    assert (verdict, ttft, tpot) == (Verdict.WARN, "proven_within", "not_measured")
    assert _judged(SGLANG, ServingTargets(ttft_ms=1000))[0] is Verdict.PASS


def test_a_run_beyond_the_load_that_meets_the_targets_is_information() -> None:
    targets = ServingTargets(ttft_ms=1000)
    ms = _ms(SGLANG) + _ms(GENAI_CSV)
    checks = _serving_checks(ms, targets)
    assert [(c.file, c.verdict) for c in checks] == [
        (SGLANG, Verdict.PASS),
        (GENAI_CSV, Verdict.INFO),
    ]
    assert checks[1].message.code == "evidence.serving_bench.beyond"
    alone = _serving_checks(_ms(GENAI_CSV), targets)
    assert [c.verdict for c in alone] == [Verdict.FAIL]


def test_without_targets_runs_are_shown_not_judged() -> None:
    checks = _serving_checks(_ms(VLLM_OLD), None)
    assert [(c.verdict, c.threshold) for c in checks] == [(Verdict.INFO, None)]
    assert text(checks[0].message, "en") == (
        "vLLM bench serve: 529.3 output tokens/s, 2.34 requests/s at a load the "
        "output does not state; time to first token p99 953.4 ms; time per output "
        "token p99 169.9 ms."
    )


@pytest.mark.parametrize("name", [VLLM_OLD, VLLM_NEW, SGLANG, GENAI_CSV])
@pytest.mark.parametrize(
    "targets",
    [None, ServingTargets(ttft_ms=1000, tpot_ms=50), ServingTargets(tpot_ms=100)],
)
def test_every_check_is_worded_in_both_languages(
    name: str, targets: ServingTargets | None
) -> None:
    for check in _serving_checks(_ms(name), targets):
        for language in ("en", "zh"):
            assert text(check.message, language)
            if check.threshold is not None:
                assert text(check.threshold, language)


def test_the_vendor_judgement_holds_the_serving_checks() -> None:
    catalog = load_catalog()
    vendor = Vendor(name="A", measurements=_ms(SGLANG))
    exp = expectations_for(Project(vendors=[vendor]), vendor, catalog)
    judged = judge_measurements("A", vendor.measurements, exp)
    assert [c.test for c in judged.checks] == [SERVING_TEST]
    assert judged.checks[0].measured == 1178.78


def _serving_plan(vendors: list[Vendor], **targets: object) -> Project:
    """A plan that serves with these p95 targets (and serving card)."""
    ttft, tpot = targets.get("ttft_ms"), targets.get("tpot_ms")
    serving = Serving(
        targets=LatencyTargets(
            ttft_ms=float(ttft) if isinstance(ttft, int | float) else None,
            tpot_ms=float(tpot) if isinstance(tpot, int | float) else None,
            offline=bool(targets.get("offline", False)),
        ),
        gpu_id=str(targets["gpu_id"]) if targets.get("gpu_id") else None,
    )
    return Project(vendors=vendors, workload=Workload(serving=serving))


def test_the_plans_targets_are_read_defensively() -> None:
    assert serving_targets(Project()) is None
    plan = _serving_plan([], ttft_ms=1000.0, tpot_ms=50.0)
    assert serving_targets(plan) == ServingTargets(ttft_ms=1000, tpot_ms=50)
    assert serving_targets(_serving_plan([], ttft_ms=1000.0, offline=True)) is None


def test_measured_serving_is_the_best_complete_run_within_the_targets() -> None:
    vendors = [
        Vendor(name="old", gpu_id="H100-80GB-SXM", measurements=_ms(VLLM_OLD)),
        Vendor(name="sglang", gpu_id="A100-80GB-SXM", measurements=_ms(SGLANG)),
        Vendor(name="failed", gpu_id="H100-80GB-SXM", measurements=_ms(VLLM_NEW)),
    ]
    best = measured_serving(_serving_plan(vendors, ttft_ms=1000.0))
    assert best is not None
    assert (best.vendor, best.file, best.output_tokens_per_s) == (
        "sglang",
        SGLANG,
        1178.78,
    )
    assert (best.requests_per_s, best.request_rate, best.judged) == (14.87, 16.0, True)
    assert (best.ttft_stat, best.ttft_ms) == ("p99", 416.68)
    on_h100 = measured_serving(_serving_plan(vendors, ttft_ms=1000.0), "H100-80GB-SXM")
    assert on_h100 is not None
    assert on_h100.vendor == "old"
    assert measured_serving(_serving_plan(vendors, ttft_ms=100.0)) is None


def test_without_targets_the_best_complete_run_is_handed_over_unjudged() -> None:
    vendors = [
        Vendor(name="old", measurements=_ms(VLLM_OLD)),
        Vendor(name="failed", measurements=_ms(VLLM_NEW)),
    ]
    best = measured_serving(Project(vendors=vendors))
    assert best is not None
    assert (best.vendor, best.output_tokens_per_s, best.judged) == (
        "old",
        529.33,
        False,
    )
    assert measured_serving(Project()) is None


def test_a_serving_plans_targets_reach_the_vendor_judgement() -> None:
    catalog = load_catalog()
    vendor = Vendor(name="A", measurements=_ms(SGLANG))
    plan = _serving_plan([vendor], ttft_ms=1000.0)
    exp = expectations_for(plan, vendor, catalog)
    assert exp.serving_targets == ServingTargets(ttft_ms=1000)
    judged = judge_measurements("A", vendor.measurements, exp)
    assert [(c.test, c.verdict) for c in judged.checks] == [
        (SERVING_TEST, Verdict.PASS)
    ]


_REAL_RUNS = [
    run
    for name in (VLLM_OLD, VLLM_NEW, SGLANG, GENAI_CSV)
    for run in serving_runs(_ms(name))
]
_TARGET = st.one_of(st.none(), st.floats(min_value=0.01, max_value=1e5))


@settings(max_examples=examples(ci=60, deep=1000), deadline=None)
@given(
    run=st.sampled_from(_REAL_RUNS),
    ttft=_TARGET,
    tpot=_TARGET,
    looser=st.floats(min_value=1.0, max_value=100.0),
)
def test_a_looser_target_never_turns_a_pass_into_a_fail(
    run: ServingRun, ttft: float | None, tpot: float | None, looser: float
) -> None:
    """Loosening a target never makes a run worse: a pass stays a pass and a
    fail under the looser targets was a fail under the tighter ones."""
    assume(ttft is not None or tpot is not None)
    tight = ServingTargets(ttft_ms=ttft, tpot_ms=tpot)
    loose = ServingTargets(
        ttft_ms=None if ttft is None else ttft * looser,
        tpot_ms=None if tpot is None else tpot * looser,
    )
    before, after = judge_run(run, tight).verdict, judge_run(run, loose).verdict
    if before is Verdict.PASS:
        assert after is Verdict.PASS
    if after is Verdict.FAIL:
        assert before is Verdict.FAIL


@settings(max_examples=examples(ci=40, deep=500), deadline=None)
@given(ttft=st.floats(min_value=1.0, max_value=5000.0), looser=st.floats(1.0, 10.0))
def test_tighter_targets_never_raise_the_measured_goodput(
    ttft: float, looser: float
) -> None:
    vendors = [
        Vendor(name=name, measurements=_ms(name))
        for name in (VLLM_OLD, VLLM_NEW, SGLANG, GENAI_CSV)
    ]
    tight = measured_serving(_serving_plan(vendors, ttft_ms=ttft))
    loose = measured_serving(_serving_plan(vendors, ttft_ms=ttft * looser))
    if tight is not None:
        assert loose is not None
        assert loose.output_tokens_per_s >= tight.output_tokens_per_s
