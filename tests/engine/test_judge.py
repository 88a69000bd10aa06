"""Verdicts on the sample results.

Expected values: nccl-tests doc/PERFORMANCE.md defines busbw = algbw x 2(n-1)/n
for all_reduce; the sample outputs are in nccl-tests' stdout format (README.md),
iperf3 ``--json`` (iperf3 manual), fio JSON (fio HOWTO "JSON output"),
nvidia-smi CSV/XML (nvidia-smi man page) and ``dcgmi diag`` (DCGM User Guide).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.evidence.checks import Verdict
from gpu_advisor.engine.evidence.expectations import (
    busbw_from_algbw,
    expectations_for,
    expected_busbw_gb_per_s,
    expected_inter_node_busbw_gb_per_s,
)
from gpu_advisor.engine.evidence.judge import judge_measurements, judge_vendor
from gpu_advisor.engine.evidence.mfu import (
    measured_mfu,
    mfu_from_throughput,
    training_throughput,
    vendor_measured_mfu,
    with_measured_mfu,
)
from gpu_advisor.engine.sizing.compute import model_flops_per_token
from gpu_advisor.engine.sizing.size import resolve_shape, size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.results_import import parse_results
from gpu_advisor.model.project import Measurement, Project, Vendor
from gpu_advisor.words import text
from tests.evidence_samples import (
    CHECKPOINT_WRITE_GB_PER_S,
    RESULTS,
    three_vendor_project,
    vendor_a,
    vendor_b,
    vendor_c,
)

CATALOG = load_catalog()


@pytest.fixture(scope="module")
def project():
    return three_vendor_project()


def _judge(project, vendor):
    return judge_vendor(
        project, vendor, CATALOG, checkpoint_write_gb_per_s=CHECKPOINT_WRITE_GB_PER_S
    )


def _checks(judgement, test):
    return [c for c in judgement.checks if c.test == test]


@pytest.mark.parametrize(
    ("network_id", "expected_gb_per_s"),
    [
        ("nvlink3", 240.0),
        ("nvlink4", 360.0),
        ("pcie4", 19.2),
        ("ib-hdr-200", 22.5),
        ("roce-100", 10.0),
    ],
)
def test_expected_busbw_is_line_rate_times_efficiency(network_id, expected_gb_per_s):
    assert expected_busbw_gb_per_s(CATALOG.network(network_id)) == pytest.approx(
        expected_gb_per_s
    )


def test_inter_node_expectation_is_node_nics_capped_by_nvlink():
    hdr = CATALOG.network("ib-hdr-200")
    assert expected_inter_node_busbw_gb_per_s(hdr, 8, 240.0) == pytest.approx(180.0)
    ndr = CATALOG.network("ib-ndr-400")  # 8 x 400 Gbit/s would exceed NVLink 3
    assert expected_inter_node_busbw_gb_per_s(ndr, 8, 240.0) == pytest.approx(240.0)
    eth = CATALOG.network("eth-25g")  # one 25 GbE port shared by 8 GPUs
    assert expected_inter_node_busbw_gb_per_s(eth, 8, 240.0) == pytest.approx(
        25 / 8 * 0.7
    )


def test_busbw_formula_matches_the_nccl_tests_output():
    # PERFORMANCE.md: busbw = algbw * 2(n-1)/n for all_reduce; check every row of the sample
    ms = parse_results(
        [RESULTS / "vendor_a" / "node01" / "nccl_all_reduce_perf_1node.txt"]
    )
    algbw = {
        m.size_bytes: m.value for m in ms if m.metric == "all_reduce.out_of_place.algbw"
    }
    busbw = {
        m.size_bytes: m.value for m in ms if m.metric == "all_reduce.out_of_place.busbw"
    }
    for size, value in algbw.items():
        assert busbw_from_algbw(value, 8) == pytest.approx(busbw[size], abs=0.011)
    assert busbw_from_algbw(10.0, 8, "all_gather") == pytest.approx(8.75)


def test_expectations_cite_sources_and_use_sizing(project):
    exp = expectations_for(project, vendor_b(measured=False), CATALOG)
    sizing = size_workload(project.workload, CATALOG)
    assert exp.checkpoint_write_gb_per_s == pytest.approx(
        sizing.storage.checkpoint_write_gb_per_s
    )
    assert exp.intra_busbw_gb_per_s == pytest.approx(240.0)
    assert exp.inter_busbw_gb_per_s == pytest.approx(
        80.0
    )  # roce-100: 8 x 12.5 GB/s x 0.8
    assert exp.required_inter_busbw_gb_per_s == pytest.approx(
        180.0
    )  # the workload asks for HDR
    assert exp.active_params == pytest.approx(13e9)
    assert exp.peak_bf16_tflops == 312.0
    assert {"nccl", "fio", "mfu", "iperf3"} <= set(exp.sources)


def test_vendor_a_passes_everything(project):
    j = _judge(project, project.vendors[0])
    assert j.verdict() is Verdict.PASS
    intra = _checks(j, "nccl.intra_node")[0]
    # median of the six rows from 256 MiB to 8 GiB: (233.09 at 1 GiB + 232.09 at 2 GiB) / 2
    assert intra.measured == pytest.approx(232.59)
    assert intra.expected == pytest.approx(240.0)
    assert "pass >= 204 GB/s" in text(intra.threshold, "en")
    inter = _checks(j, "nccl.inter_node")[0]
    assert inter.verdict is Verdict.PASS
    assert inter.expected == pytest.approx(180.0)
    # model FLOPs (6N + 6·L·s·w per token, causal attention, no input
    # embedding), the footing of the sizing and of vendor_measured_mfu
    assert j.measured_mfu == pytest.approx(0.4667, abs=0.002)
    assert j.node_verdicts() == {"node01": Verdict.PASS, "node02": Verdict.PASS}


def test_vendor_b_warns_on_network_storage_and_heat(project):
    j = _judge(project, project.vendors[1])
    assert j.verdict() is Verdict.WARN
    verdicts = {(c.test, c.gpu): c.verdict for c in j.checks}
    assert verdicts[("nccl.inter_node", None)] is Verdict.WARN
    assert verdicts[("iperf3", None)] is Verdict.WARN
    assert verdicts[("fio.checkpoint_write", None)] is Verdict.WARN
    assert verdicts[("gpu.temperature", 4)] is Verdict.WARN
    assert verdicts[("dcgm", 4)] is Verdict.WARN
    assert verdicts[("nccl.intra_node", None)] is Verdict.PASS
    fio = _checks(j, "fio.checkpoint_write")[0]
    assert fio.measured == pytest.approx(1.55)
    assert fio.expected == pytest.approx(2.0)
    assert j.node_verdicts()["node02"] is Verdict.PASS


def test_vendor_c_flags_the_hot_throttled_failing_gpu(project):
    j = _judge(project, project.vendors[2])
    assert j.verdict() is Verdict.FAIL
    gpu3 = {c.test: c for c in j.checks if c.gpu == 3}
    assert gpu3["gpu.temperature"].verdict is Verdict.FAIL
    assert gpu3["gpu.temperature"].measured >= 88
    assert gpu3["gpu.throttle"].verdict is Verdict.FAIL
    assert "hw_thermal_slowdown" in text(gpu3["gpu.throttle"].message, "en")
    assert gpu3["gpu.clocks"].verdict is Verdict.WARN
    assert gpu3["gpu.clocks"].measured == 1095
    assert gpu3["gpu.ecc"].verdict is Verdict.FAIL
    dcgm3 = sorted(
        (text(c.message, "en"), c.verdict.value)
        for c in j.checks
        if c.test == "dcgm" and c.gpu == 3
    )
    assert dcgm3 == [
        ("dcgmi diag hardware.gpu_memory on GPU 3: fail.", "fail"),
        ("dcgmi diag stress.targeted_stress on GPU 3: warn.", "warn"),
    ]
    assert _checks(j, "iperf3")[0].verdict is Verdict.FAIL
    assert _checks(j, "fio.checkpoint_write")[0].verdict is Verdict.FAIL
    # on model FLOPs its log gives MFU 0.29 against the 0.45 the plan assumes
    # since the MFU model was refitted on confirmed published runs (66 %): a
    # failure (against the earlier 0.38 it was a warning)
    assert _checks(j, "training.mfu")[0].verdict is Verdict.FAIL
    # judged against its own (slow) class, the 25 GbE network does what it promises ...
    assert _checks(j, "nccl.inter_node")[0].verdict is Verdict.PASS
    # ... but the network score measures it against the HDR class the workload needs
    assert j.network_score is not None
    assert j.network_score < 25
    assert j.performance_score == 0.0  # health failures wipe out the performance points


def test_sub_scores_order_the_vendors(project):
    a, b, c = (_judge(project, v) for v in project.vendors)
    assert a.performance_score > b.performance_score > c.performance_score
    assert a.network_score > b.network_score > c.network_score


def test_no_measurements_give_no_sub_scores(project):
    j = _judge(project, vendor_a(measured=False))
    assert j.checks == []
    assert j.performance_score is None
    assert j.network_score is None


def test_iperf_without_quote_is_info_only(project):
    vendor = vendor_a().model_copy(update={"intranet_gbit_per_s": None})
    j = _judge(project, vendor)
    assert _checks(j, "iperf3")[0].verdict is Verdict.INFO


def test_mfu_formula_palm_appendix_b():
    # 6 N FLOPs per token; 13e9 params at 1775 tokens/s/GPU on a 312 TFLOP/s card
    assert mfu_from_throughput(1775.0, 13e9, 312.0) == pytest.approx(
        1775 * 6 * 13e9 / 312e12
    )
    with pytest.raises(ValueError, match="active_params > 0"):
        mfu_from_throughput(1.0, 0.0, 312.0)


def test_training_throughput_skips_warmup():
    ms = parse_results([RESULTS / "vendor_a" / "node01" / "train_log.csv"])
    t = training_throughput(ms)
    assert t is not None
    assert t.steps == 60
    assert t.gpus == 8
    assert t.tokens_per_s == pytest.approx(14200, rel=0.02)
    first = min(
        (m for m in ms if m.metric == "tokens_per_s"), key=lambda m: m.sample or 0
    )
    assert first.value < 0.6 * t.tokens_per_s  # the warm-up step is slow and ignored


def test_measured_mfu_refuses_impossible_values():
    log = [
        Measurement(
            tool="train-log",
            metric="tokens_per_s",
            value=1e9,
            unit="tokens/s",
            file="t.csv",
            sample=i,
        )
        for i in range(5)
    ]
    assert measured_mfu(log, active_params=13e9, peak_tflops=312.0, gpus=8) is None
    assert measured_mfu([], active_params=13e9, peak_tflops=312.0, gpus=8) is None


def test_vendor_measured_mfu_feeds_the_vendor(project):
    vendor = vendor_c()
    mfu = vendor_measured_mfu(project, vendor, CATALOG)
    # model FLOPs per token, the sizing's convention (6N + 12·L·s·d)
    shape = resolve_shape(project.workload, CATALOG)[0]
    fpt = model_flops_per_token(shape, project.workload.seq_len, project.workload.task)
    throughput = training_throughput(vendor.measurements)
    assert throughput is not None
    per_gpu = throughput.tokens_per_s / 8  # ≈ 8300/8
    assert mfu == pytest.approx(per_gpu * fpt / 312e12, rel=1e-9)
    updated = with_measured_mfu(project, vendor, CATALOG)
    assert updated.measured_mfu == mfu
    assert (
        with_measured_mfu(project, vendor_c(measured=False), CATALOG).measured_mfu
        is None
    )
    # and the sizing engine accepts it in place of the catalog's guess
    sizing = size_workload(project.workload, CATALOG, measured_mfu=mfu)
    assert sizing.compute.mfu == pytest.approx(mfu)
    assert sizing.compute.mfu_source == "measured"
    # ... and gives back the GPU-hours the measured throughput implies
    tokens = project.workload.tokens_billion * 1e9
    assert sizing.compute.gpu_hours == pytest.approx(tokens / per_gpu / 3600, rel=1e-9)


@settings(max_examples=100, deadline=None)
@given(
    low=st.floats(min_value=0.0, max_value=500.0),
    high=st.floats(min_value=0.0, max_value=500.0),
)
def test_more_bandwidth_never_gets_a_worse_verdict(low, high):
    low, high = sorted((low, high))
    exp = expectations_for(
        Project(), Vendor(name="x"), CATALOG, checkpoint_write_gb_per_s=1.0
    )
    rank = {Verdict.FAIL: 0, Verdict.WARN: 1, Verdict.PASS: 2}

    def verdict(value):
        m = Measurement(
            tool="fio",
            metric="seq_write_shared.write.bw",
            value=value,
            unit="GB/s",
            file="f",
        )
        from gpu_advisor.engine.evidence.judge import judge_measurements

        return judge_measurements("x", [m], exp).checks[0].verdict

    assert rank[verdict(low)] <= rank[verdict(high)]


# --- dcgmi dmon: the user's own job against the modelled MFU --------------------------


def _dmon(samples, gpu=0, file="dmon.txt", node="n1"):
    """dmon measurements from ``[{field: value}, ...]`` (one dict per sample)."""
    out = []
    for index, fields in enumerate(samples):
        for metric, value in fields.items():
            out.append(
                Measurement(
                    tool="dcgmi-dmon",
                    metric=f"dmon.{metric}",
                    value=value,
                    unit="ratio",
                    file=file,
                    node=node,
                    gpu=gpu,
                    sample=index,
                )
            )
    return out


def _plain_exp():
    return expectations_for(Project(), Vendor(name="A"), CATALOG)


@pytest.mark.parametrize(
    ("ratio", "verdict"),
    [
        (1.2, Verdict.PASS),
        (0.91, Verdict.PASS),  # 0.9 × a float MFU can round below the line
        (0.8, Verdict.WARN),
        (0.6, Verdict.FAIL),
    ],
)
def test_dmon_tensor_activity_is_judged_against_the_modelled_mfu(ratio, verdict):
    exp = _plain_exp()
    tenso = ratio * exp.default_mfu
    idle = [{"gr_engine_active": 0.0, "tensor_active": 0.0}] * 3
    busy = [{"gr_engine_active": 0.99, "tensor_active": tenso}] * 5
    judged = judge_measurements("A", _dmon(idle + busy + idle), exp)
    [check] = _checks(judged, "dmon.tensor_active")
    # idle samples (GRACT < 0.1) before and after the job are left out
    assert check.measured == pytest.approx(tenso)
    assert check.expected == exp.default_mfu
    assert check.verdict is verdict
    assert "TENSO" in text(check.message, "en")
    assert "MFU" in text(check.message, "en")
    assert text(check.threshold, "en").startswith("pass >=")
    assert "DCGM User Guide" in check.source
    # not a health check: the performance score ignores it
    assert judged.performance_score is None


@pytest.mark.parametrize(
    ("smact", "verdict"),
    [
        (0.85, Verdict.PASS),
        (0.80, Verdict.PASS),
        (0.6, Verdict.WARN),
        (0.3, Verdict.FAIL),
    ],
)
def test_dmon_sm_activity_uses_the_dcgm_guide_thresholds(smact, verdict):
    judged = judge_measurements(
        "A", _dmon([{"gr_engine_active": 0.9, "sm_active": smact}] * 4), _plain_exp()
    )
    [check] = _checks(judged, "dmon.sm_active")
    assert check.verdict is verdict
    assert check.measured == pytest.approx(smact)
    assert "0.80" in text(check.threshold, "en")
    assert "0.50" in text(check.threshold, "en")


def test_dmon_without_activity_fields_is_info_only():
    rows = _dmon([{"pcie_tx": 5e5, "nvlink_tx": 0.0}] * 3)
    judged = judge_measurements("A", rows, _plain_exp())
    [check] = judged.checks
    assert check.test == "dmon.tensor_active"
    assert check.verdict is Verdict.INFO
    assert check.measured is None


@settings(max_examples=60, deadline=None)
@given(st.floats(min_value=0.0, max_value=1.0), st.floats(min_value=0.0, max_value=1.0))
def test_more_tensor_activity_never_gets_a_worse_verdict(a, b):
    low, high = sorted((a, b))
    exp = _plain_exp()

    def verdict(value: float) -> Verdict:
        rows = _dmon([{"gr_engine_active": 0.9, "tensor_active": value}])
        [check] = judge_measurements("A", rows, exp).checks
        return check.verdict

    order = [Verdict.FAIL, Verdict.WARN, Verdict.PASS]
    assert order.index(verdict(high)) >= order.index(verdict(low))


def test_dmon_real_capture_passes_and_reaches_the_evaluation():
    """VirtualClient's GRACT/TENSO/DRAMA capture (SOURCES.md: steady TENSO 0.885)."""
    from gpu_advisor.engine.evaluate import evaluate_plan
    from gpu_advisor.io.results_import import parse_text

    root = Path(__file__).resolve().parents[2] / ".." / "shared" / "real-samples"
    folder = Path(os.environ.get("GPU_ADVISOR_REAL_SAMPLES", root))
    sample = folder / "dcgmi" / "dcgmi-dmon-prof-gract-tensor-dram.txt"
    if not sample.is_file():
        pytest.skip("real samples not present")
    rows = parse_text(sample.read_text("utf-8"), "dmon.txt", "node01")
    # loaded samples: GRACT 0.170 (TENSO 0.121), eleven at 0.998 (0.885), 0.762 (0.653)
    expected_mean = (0.121 + 11 * 0.885 + 0.653) / 13
    project = Project(vendors=[Vendor(name="A", measurements=rows)])
    ev = evaluate_plan(project, CATALOG, monte_carlo=False)
    judged = ev.vendors.judgements["A"]
    [check] = _checks(judged, "dmon.tensor_active")
    assert check.measured == pytest.approx(expected_mean, abs=1e-9)
    assert check.verdict is Verdict.PASS
    assert check.node == "node01"


# --- dcgmi diag: skipped tests are not tested, an incomplete run is not a pass ----------


def _diag(
    metric: str, status: str, value: float, gpu: int | None = None
) -> Measurement:
    return Measurement(
        tool="dcgmi",
        metric=metric,
        value=value,
        unit="1=pass 0.5=warn or skip 0=fail",
        file="dcgmi_diag.txt",
        node="n1",
        gpu=gpu,
        status=status,
    )


def test_dcgm_skipped_tests_are_not_counted_as_passed():
    exp = expectations_for(Project(), Vendor(name="x"), CATALOG)
    rows = [
        _diag("deployment.blacklist", "pass", 1.0),
        _diag("hardware.pcie", "skip", 0.5),
        _diag("stress.targeted_power", "skip", 0.5),
    ]
    checks = judge_measurements("x", rows, exp).checks
    assert not any(c.verdict is Verdict.PASS for c in checks if c.test == "dcgm")
    skipped = [c for c in checks if "skipped, not tested" in text(c.message, "en")]
    assert len(skipped) == 2
    assert all(c.verdict is Verdict.WARN for c in skipped)
    assert all("未测试" in text(c.message, "zh") for c in skipped)


def test_dcgm_incomplete_run_and_per_gpu_failure():
    exp = expectations_for(Project(), Vendor(name="x"), CATALOG)
    rows = [
        _diag("stress.targeted_power", "pass", 1.0, gpu=0),
        _diag("stress.targeted_power", "fail", 0.0, gpu=1),
        _diag("diag.tests_not_run", "incomplete", 3.0),
    ]
    checks = judge_measurements("x", rows, exp).checks
    failed = [c for c in checks if c.verdict is Verdict.FAIL]
    assert [(c.test, c.gpu) for c in failed] == [("dcgm", 1)]
    incomplete = [c for c in checks if c.test == "dcgm.incomplete"]
    assert len(incomplete) == 1
    assert "3 tests not run" in text(incomplete[0].message, "en")
