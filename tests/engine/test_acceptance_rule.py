"""The vendors' ranking rule (engine/evidence/scoring.py ``held_back``): a vendor
with a required test failed or not run comes after every vendor that passed,
whatever the scores, with the reason first in its row.

The property draws vendors, per-GPU dcgmi diag statuses (pass, warn, fail,
skip), incomplete runs, nccl-tests wrong values and the vendors' terms, and
goes through the judgement (``judge_measurements``) and the ranking
(``score_vendors``). The real-sample test imports published ``dcgmi diag``
outputs (tests/data/real-samples/SOURCES.md and ../shared/real-samples).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.engine.evidence.checks import OPTIONAL_DCGM_TESTS, SKIPPED_TEST
from gpu_advisor.engine.evidence.expectations import Expectations, expectations_for
from gpu_advisor.engine.evidence.judge import VendorJudgement, judge_measurements
from gpu_advisor.engine.evidence.scoring import Acceptance, Criterion, score_vendors
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.results_import import parse_results
from gpu_advisor.model.project import (
    Measurement,
    MeasurementStatus,
    Project,
    ScoringWeights,
    Vendor,
)
from gpu_advisor.words import text
from tests.property_runs import examples

CATALOG = load_catalog()
EXPECTATIONS: Expectations = expectations_for(Project(), Vendor(name="x"), CATALOG)
DIAG_UNIT = "1=pass 0.5=warn or skip 0=fail"
VALUE = {"pass": 1.0, "warn": 0.5, "skip": 0.5, "fail": 0.0}
TESTS = ("hardware.gpu_memory", "stress.targeted_power", "stress.eud_test")


def _diag(metric: str, status: MeasurementStatus, gpu: int | None) -> Measurement:
    return Measurement(
        tool="dcgmi",
        metric=metric,
        value=VALUE.get(status, 1.0),
        unit=DIAG_UNIT,
        file="dcgmi_diag.txt",
        node="n1",
        gpu=gpu,
        status=status,
    )


def _wrong(count: int) -> Measurement:
    return Measurement(
        tool="nccl-tests",
        metric="all_reduce.out_of_place.wrong",
        value=float(count),
        unit="count",
        file="nccl.txt",
        size_bytes=2**30,
    )


_STATUS = st.sampled_from(["pass", "pass", "pass", "warn", "fail", "skip"])
_VENDOR = st.fixed_dictionaries(
    {
        "price": st.floats(1.0, 60.0),
        "sla": st.none() | st.floats(99.0, 99.99),
        "spares": st.none() | st.booleans(),
        # per test, per GPU (0, 1): what dcgmi diag said; None: no dcgmi run
        "diag": st.none()
        | st.lists(st.lists(_STATUS, min_size=2, max_size=2), min_size=3, max_size=3),
        "incomplete": st.booleans(),
        "wrong": st.sampled_from([0, 0, 0, 4]),
    }
)


def _measurements(draw: dict[str, object]) -> list[Measurement]:
    rows: list[Measurement] = []
    diag = draw["diag"]
    if isinstance(diag, list):
        for test, per_gpu in zip(TESTS, diag, strict=True):
            rows += [_diag(test, s, gpu) for gpu, s in enumerate(per_gpu)]
        if draw["incomplete"]:
            rows.append(_diag("diag.tests_not_run", "incomplete", None))
    if draw["wrong"]:
        rows.append(_wrong(int(str(draw["wrong"]))))
    return rows


def _expected_not_accepted(draw: dict[str, object]) -> bool:
    """The rule, from what was drawn: a fail, a required test skipped, an
    incomplete run, wrong values."""
    diag = draw["diag"]
    statuses: list[tuple[str, str]] = []
    if isinstance(diag, list):
        statuses = [(t, s) for t, gpus in zip(TESTS, diag, strict=True) for s in gpus]
    return (
        any(s == "fail" for _, s in statuses)
        or any(
            s == "skip" and t.rsplit(".", 1)[-1] not in OPTIONAL_DCGM_TESTS
            for t, s in statuses
        )
        or (isinstance(diag, list) and bool(draw["incomplete"]))
        or bool(draw["wrong"])
    )


@settings(max_examples=examples(ci=60, deep=600), deadline=None)
@given(
    vendors=st.lists(_VENDOR, min_size=1, max_size=6),
    weights=st.builds(
        ScoringWeights,
        **{c.value: st.floats(0.0, 100.0) for c in Criterion},
    ),
)
@example(  # the cheapest vendor: GPU 1 failed Targeted Power, all else passed
    vendors=[
        {
            "price": 5.0,
            "sla": 99.99,
            "spares": True,
            "diag": [["pass", "pass"], ["pass", "fail"], ["pass", "pass"]],
            "incomplete": False,
            "wrong": 0,
        },
        {
            "price": 50.0,
            "sla": None,
            "spares": None,
            "diag": [["pass", "pass"], ["pass", "pass"], ["pass", "pass"]],
            "incomplete": False,
            "wrong": 0,
        },
    ],
    weights=ScoringWeights(),
)
def test_no_vendor_that_failed_ranks_above_one_that_passed(
    vendors: list[dict[str, object]], weights: ScoringWeights
) -> None:
    made = [
        Vendor(
            name=f"V{i}",
            on_demand_cny_per_gpu_hour=float(str(d["price"])),
            sla_availability_pct=d["sla"],
            spares_on_site=d["spares"],
        )
        for i, d in enumerate(vendors)
    ]
    judgements: dict[str, VendorJudgement] = {
        v.name: judge_measurements(v.name, _measurements(d), EXPECTATIONS)
        for v, d in zip(made, vendors, strict=True)
    }
    result = score_vendors(made, weights, judgements=judgements)
    expected = {
        v.name: _expected_not_accepted(d) for v, d in zip(made, vendors, strict=True)
    }
    held = [expected[v.vendor] for v in result.vendors]
    assert held == sorted(held)  # every vendor that passed first
    index = {v.name: i for i, v in enumerate(made)}
    for tier in (False, True):
        group = [v for v in result.vendors if expected[v.vendor] is tier]
        # within a tier the order is the scores' alone, ties in the input order
        assert group == sorted(
            group, key=lambda v: (-round(v.total, 9), index[v.vendor])
        )
    for v in result.vendors:
        assert (v.held_back is not None) is expected[v.vendor]
        if expected[v.vendor]:
            assert v.acceptance is Acceptance.NOT_ACCEPTED
        elif judgements[v.vendor].checks:
            assert v.acceptance is Acceptance.PASSED
        else:
            assert v.acceptance is Acceptance.NOT_TESTED
    assert [v.rank for v in result.vendors] == list(range(1, len(made) + 1))
    if not all(held):
        assert result.winner is not None
        assert not expected[result.winner]
        # the weights can only hand the lead to another vendor that passed
        for s in result.sensitivity:
            for who in (s.winner_if_increased, s.winner_if_decreased):
                assert who is None or not expected[who]


def test_a_required_test_skipped_on_one_gpu_holds_the_vendor_back() -> None:
    """Before: a skip on one GPU was a warning and the cheap vendor ranked #1
    with no note. Now: not tested, so not accepted, the test named."""
    skipped = [
        _diag("stress.targeted_power", "pass", 0),
        _diag("stress.targeted_power", "skip", 1),
    ]
    passed = [_diag("stress.targeted_power", "pass", g) for g in (0, 1)]
    cheap = Vendor(name="cheap", on_demand_cny_per_gpu_hour=5.0)
    dear = Vendor(name="dear", on_demand_cny_per_gpu_hour=50.0)
    judgements = {
        "cheap": judge_measurements("cheap", skipped, EXPECTATIONS),
        "dear": judge_measurements("dear", passed, EXPECTATIONS),
    }
    result = score_vendors([cheap, dear], ScoringWeights(), judgements=judgements)
    assert [v.vendor for v in result.vendors] == ["dear", "cheap"]
    assert result.vendors[0].total < result.vendors[1].total  # scores alone: cheap
    held = result.vendors[1].held_back
    assert held is not None
    assert text(held, "en") == (
        "Not accepted: dcgmi diag stress.targeted_power on GPU 1: skipped, not "
        "tested. Ranked behind every vendor that passed."
    )
    assert text(held, "zh") == (
        "未通过验收：dcgmi diag stress.targeted_power（GPU 1）：被跳过，未测试。"
        "排在所有通过验收的供应商之后。"
    )
    assert [c.test for c in judgements["cheap"].checks] == [SKIPPED_TEST]


def test_an_optional_test_skipped_is_a_warning_only() -> None:
    """The EUD plugin is installed separately; a run without it shows Skip."""
    rows = [
        _diag("hardware.gpu_memory", "pass", None),
        _diag("stress.eud_test", "skip", None),
        Measurement(
            tool="dcgmi",
            metric="diag.tests_not_run",
            value=1.0,
            unit="count",
            file="dcgmi_diag.txt",
            labels={"tests": "stress.eud_test"},
            status="incomplete",
        ),
    ]
    judged = judge_measurements("x", rows, EXPECTATIONS)
    result = score_vendors(
        [Vendor(name="x")], ScoringWeights(), judgements={"x": judged}
    )
    assert result.vendors[0].held_back is None
    assert result.vendors[0].acceptance is Acceptance.PASSED
    [check] = judged.checks
    assert (
        text(check.message, "en") == "dcgmi diag stress.eud_test: skipped, not tested."
    )


def test_nccl_tests_own_failed_verdicts_are_failures() -> None:
    """nccl-tests prints ``Out of bounds values : 4 FAILED`` on wrong values and
    ``FAILED`` after the average under ``NCCL_TESTS_MIN_BW`` (src/util.cu)."""
    rows = [
        Measurement(
            tool="nccl-tests",
            metric="all_reduce.avg_busbw",
            value=1.85,
            unit="GB/s",
            file="nccl.txt",
            status="fail",
        ),
        Measurement(
            tool="nccl-tests",
            metric="all_reduce.out_of_bounds",
            value=4.0,
            unit="count",
            file="nccl.txt",
            status="fail",
        ),
    ]
    judged = judge_measurements("x", rows, EXPECTATIONS)
    assert sorted(c.test for c in judged.checks) == ["nccl.correctness", "nccl.min_bw"]
    result = score_vendors(
        [Vendor(name="x"), Vendor(name="y")],
        ScoringWeights(),
        judgements={"x": judged},
    )
    assert [v.vendor for v in result.vendors] == ["y", "x"]
    held = result.vendors[1].held_back
    assert held is not None
    assert text(held, "en").startswith(
        "Not accepted: all_reduce: 4 wrong results; the GPUs or links corrupt data."
    )
    assert "4 个错误结果" in text(held, "zh")


def _real(name: str, tool: str = "dcgmi") -> Path:
    root = Path(__file__).resolve().parents[2] / ".." / "shared" / "real-samples"
    path = Path(os.environ.get("GPU_ADVISOR_REAL_SAMPLES", root)) / tool / name
    if not path.is_file():
        pytest.skip("real samples not present")
    return path


def test_real_failing_dcgmi_runs_import_judge_and_rank_behind() -> None:
    """DCGM 3.3.8 on 8 × H100, GPU Memory Fail (nccl-tests issue 264), and DCGM
    3.3.9 with every hardware and stress test Skip (slurm-on-aws): imported,
    judged in the plan's evaluation and ranked behind a vendor that failed
    nothing, though both are cheaper."""
    failed = parse_results([_real("dcgm-3.3.8-diag-r3-8xH100-gpu-memory-fail.txt")])
    skipped = parse_results([_real("dcgm-3.3.9-diag-r3-srun-2tasks-all-skip.txt")])
    project = Project(
        vendors=[
            Vendor(name="memfail", on_demand_cny_per_gpu_hour=5, measurements=failed),
            Vendor(name="skipper", on_demand_cny_per_gpu_hour=4, measurements=skipped),
            Vendor(name="dear", on_demand_cny_per_gpu_hour=50),
        ]
    )
    scoring = evaluate_plan(project, CATALOG, monte_carlo=False).vendors.scoring
    assert scoring is not None
    assert scoring.winner == "dear"
    ranked = {v.vendor: v for v in scoring.vendors}
    assert ranked["dear"].rank == 1
    assert ranked["dear"].held_back is None
    memfail, skipper = ranked["memfail"].held_back, ranked["skipper"].held_back
    assert memfail is not None
    assert skipper is not None
    assert text(memfail, "en") == (
        "Not accepted: dcgmi diag hardware.gpu_memory: fail. Ranked behind every "
        "vendor that passed."
    )
    assert "hardware.gpu_memory：不通过" in text(memfail, "zh")
    # SOURCES.md: PCIe, GPU Memory, Targeted Stress, Targeted Power and Memory
    # Bandwidth Skip - All (EUD too, which a complete run may skip)
    assert text(skipper, "en") == (
        "Not accepted: dcgmi diag: incomplete run, 5 required tests not run "
        "(hardware.gpu_memory, integration.pcie, stress.memory_bandwidth, "
        "stress.targeted_power, stress.targeted_stress); ask for a full run at the "
        "level the plan asks for. Ranked behind every vendor that passed."
    )
    assert "5 项必测项目未运行" in text(skipper, "zh")


def test_a_multi_node_run_without_its_rank_list_is_not_judged_as_one_server() -> None:
    """DeepOps' 4 × DGX A100 all_reduce paste starts at the table: no command
    line and no rank list, so neither the collective nor the server count is
    in it. Before: judged as a one-server all_reduce (the collective came from
    the file name). Now: said, not judged; and once the user names it
    all_reduce (derived: the same rows renamed, as an import that asked would
    give them), still not judged as one server."""
    rows = parse_results(
        [_real("dgx-a100-4node-allreduce-old-format-error-column.txt", "nccl-tests")]
    )
    judged = judge_measurements("x", rows, EXPECTATIONS)
    assert [c.test for c in judged.checks] == ["nccl.unknown_collective"]
    assert "names no collective" in text(judged.checks[0].message, "en")
    assert "没有注明集合通信类型" in text(judged.checks[0].message, "zh")
    named = [
        m.model_copy(
            update={"metric": m.metric.replace("unknown_collective", "all_reduce")}
        )
        for m in rows
    ]
    judged = judge_measurements("x", named, EXPECTATIONS)
    assert not [c for c in judged.checks if c.test.startswith("nccl.intra")]
    [check] = [c for c in judged.checks if c.test == "nccl.unknown_nodes"]
    assert text(check.message, "en").endswith(
        "the output lists no ranks, so how many servers it spans is unknown: not "
        "judged. Ask for the full output (with its '# Rank' lines)."
    )
    assert "无法得知跨几台服务器" in text(check.message, "zh")
