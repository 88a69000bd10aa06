"""Every real tool output in ``../shared/real-samples`` against the values a person reads.

The files were captured by other people on real machines; their sources and
the human-read values are listed in that folder's ``SOURCES.md``. The values
are written out here (not parsed from SOURCES.md) so that a parser change that
reads a different number fails. Skipped when the folder is absent.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gpu_advisor.cli import main
from gpu_advisor.io.results_dcgmi import INCOMPLETE_METRIC
from gpu_advisor.io.results_import import (
    ResultsImportError,
    import_results,
    parse_results,
    parse_text,
)
from gpu_advisor.model.project import Measurement

REPO = Path(__file__).resolve().parents[2]
# <repo>/../shared/real-samples; a checkout elsewhere names it in the variable.
SAMPLES = Path(
    os.environ.get("GPU_ADVISOR_REAL_SAMPLES", REPO / ".." / "shared" / "real-samples")
)

pytestmark = pytest.mark.skipif(
    not SAMPLES.is_dir(), reason="../shared/real-samples is not on this machine"
)


def _read(folder: str, name: str) -> list[Measurement]:
    return parse_results([SAMPLES / folder / name])


def _one(ms: list[Measurement], metric: str, **where: object) -> float:
    found = [
        m
        for m in ms
        if m.metric == metric and all(getattr(m, k) == v for k, v in where.items())
    ]
    assert len(found) == 1, (metric, where, len(found))
    return found[0].value


# --- nccl-tests: (file, avg busbw, size, busbw oop, busbw ip, ranks, nodes) ---------

NCCL = [
    ("h100-gcp-a3mega-2node-16rank-allreduce.txt", "all_reduce", 70.742, 8 * 2**30, 338.82, 337.35, 16, 2),
    ("gh200-alps-2node-8rank-allreduce-v2.17.1-indented.txt", "all_reduce", 19.7866, 128 * 2**20, 122.57, 123.11, 8, 2),
    ("gh200-alps-2node-2rank-allreduce-v2.18.2.txt", "all_reduce", 14.9966, 128 * 2**20, 22.86, 22.88, 2, 2),
    ("rtxpro6000-aws-8node-allreduce-nccl-debug-info.txt", "all_reduce", 3.61047, 2**30, 12.37, 12.37, 8, 8),
    # the two DeepOps pastes start at the table: the output names neither the
    # collective nor the hosts (the docs around them say all_reduce on 4 and
    # N nodes), so both are unknown, never guessed
    ("dgx-a100-4node-allreduce-old-format-error-column.txt", "unknown_collective", 113.289, 4 * 2**30, 191.05, 191.56, None, None),
    ("dgx2h-superpod-allreduce-old-format-error-NA-indented.txt", "unknown_collective", 16.2513, 8 * 2**30, 81.53, 81.57, None, None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "op", "avg", "size", "oop", "ip", "ranks", "nodes"), NCCL
)
def test_nccl_tests(name, op, avg, size, oop, ip, ranks, nodes):
    ms = _read("nccl-tests", name)
    # the collective is the one the output names: "allreduce" in a file's
    # name is no evidence (and never "reduce")
    assert {m.metric.split(".")[0] for m in ms} == {op}
    assert _one(ms, f"{op}.avg_busbw") == avg
    assert _one(ms, f"{op}.out_of_place.busbw", size_bytes=size) == oop
    assert _one(ms, f"{op}.in_place.busbw", size_bytes=size) == ip
    summary = {m.metric: m.value for m in ms if m.size_bytes is None}
    assert summary.get(f"{op}.ranks") == ranks
    assert summary.get(f"{op}.nodes") == nodes  # None: unknown, not one node
    assert _one(ms, f"{op}.out_of_bounds") == 0


def test_nccl_node_comes_from_the_rank_list():
    ms = _read("nccl-tests", "h100-gcp-a3mega-2node-16rank-allreduce.txt")
    assert {m.node for m in ms} == {"ztan-mig-235z"}
    assert _one(ms, "all_reduce.out_of_place.wrong", size_bytes=8 * 2**30) == 0


def test_nccl_nodes_from_nccl_info_without_the_rank_list():
    # derived: the AWS 8-node output with its rank list removed; its
    # NCCL_DEBUG=INFO lines state "nRanks 8 nNodes 8" (the node count is
    # not lost, nor taken to be one)
    text = (SAMPLES / "nccl-tests" / "rtxpro6000-aws-8node-allreduce-nccl-debug-info.txt").read_text()  # fmt: skip
    lines = [line for line in text.splitlines() if "#  Rank " not in line]
    assert len(lines) < len(text.splitlines())
    ms = parse_text("\n".join(lines) + "\n", "aws.txt")
    assert _one(ms, "all_reduce.ranks") == 8
    assert _one(ms, "all_reduce.nodes") == 8


def test_iperf3_json_with_text_after_it_says_so():
    # derived: a real iperf3 JSON with a line after it (two outputs joined)
    text = (SAMPLES / "iperf3" / "iperf-3.9-tcp-1stream-10s-gcp-to-ibm-crlf.json").read_text()  # fmt: skip
    with pytest.raises(ResultsImportError, match="text after the JSON document"):
        parse_text(text + "\niperf3: interrupt - the client has terminated\n", "x.json")


def test_fio_json_with_fios_exit_message_after_it():
    # derived: a real fio JSON followed by fio's own stderr line
    name = "fio-3.26-libaio-readwrite-disk-fill.json"
    text = (SAMPLES / "fio" / name).read_text()
    joined = text + "fio: file hash not empty on exit\n"
    # _read imports from the "fio" folder, which names the node
    assert parse_text(joined, name, "fio") == _read("fio", name)


def test_nccl_old_table_error_column():
    ms = _read("nccl-tests", "dgx-a100-4node-allreduce-old-format-error-column.txt")
    metric = "unknown_collective.out_of_place.error"
    assert _one(ms, metric, size_bytes=4 * 2**30) == 1e-06
    na = _read(
        "nccl-tests", "dgx2h-superpod-allreduce-old-format-error-NA-indented.txt"
    )
    assert not [m for m in na if m.metric.endswith(".error")]  # N/A: not checked


def test_nccl_crashed_run_is_refused_in_words():
    with pytest.raises(ResultsImportError, match=r":27: a crashed run, no result"):
        _read("nccl-tests", "h800-2node-16rank-alltoall-v2.17.6-cuda-failure.txt")


# --- iperf3 ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "sent", "received", "retransmits"),
    [
        ("iperf-3.9-tcp-1stream-10s-gcp-to-ibm-crlf.json", 1674584244.92, 1674679677.02, 1664),
        ("iperf-3.9-tcp-10KB-transfer-terminal-junk-prefix.json", 12612602.52, 0.0, 0),
        ("iperf-3.21-tcp-reverse-2streams-loopback-2space-indent.json", 8.379e6, 8.380e6, 0),
    ],
)  # fmt: skip
def test_iperf3(name, sent, received, retransmits):
    ms = _read("iperf3", name)
    assert _one(ms, "tcp.sent") == pytest.approx(sent / 1e9, rel=1e-3)
    assert _one(ms, "tcp.received") == pytest.approx(received / 1e9, rel=1e-3)
    assert _one(ms, "tcp.retransmits") == retransmits


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("iperf-3.9-interrupted-empty-end.json", "an interrupted run, no result"),
        ("iperf-3.21-udp-2streams-loopback-2space-indent.json", "a UDP iperf3 run"),
    ],
)
def test_iperf3_refused_with_reason(name, reason):
    with pytest.raises(ResultsImportError, match=reason):
        _read("iperf3", name)


def test_iperf3_text_report_is_read():
    """The report without -J (acceptance finding: it was not read at all)."""
    ms = _read("iperf3", "iperf-3-plain-text-no-json-flag.txt")
    assert _one(ms, "tcp.sent") == 0.167  # 167 Mbits/sec, sender
    assert _one(ms, "tcp.received") == 0.167
    assert _one(ms, "tcp.retransmits") == 57
    assert {m.unit for m in ms if m.metric != "tcp.retransmits"} == {"Gbit/s"}


# --- fio: (file, [(direction, MB/s, IOPS, clat p99 ms or None)]) -----------------------

FIO = [
    ("fio-3.1-randread-qd32-16jobs-group-reporting.json", [("read", 189597 * 1024 / 1e6, 47399.4, 19.005)]),
    ("fio-3.26-libaio-readwrite-disk-fill.json", [("read", 149.34, 569.7, None), ("write", 67.27, 256.6, None)]),
    ("fio-3.26-windowsaio-randwrite.json", [("write", 8.877, 2167.2, 0.264)]),
    ("fio-3.33-jsonplus-randwrite-interrupted.json", [("write", 12.97, 3166.3, 61.08)]),
    ("fio-3.33-rw-interrupted-sigint-preamble.json", [("read", 31.38, 7662, None), ("write", 161.13, 39338, None)]),
]  # fmt: skip


@pytest.mark.parametrize(("name", "expected"), FIO)
def test_fio(name, expected):
    ms = _read("fio", name)
    for direction, mb_per_s, iops, p99_ms in expected:
        bw = [m for m in ms if m.metric.endswith(f".{direction}.bw")]
        assert len(bw) == 1
        assert bw[0].value * 1000 == pytest.approx(mb_per_s, rel=2e-3)
        iops_m = [m for m in ms if m.metric.endswith(f".{direction}.iops")]
        assert iops_m[0].value == pytest.approx(iops, rel=1e-3)
        if p99_ms is not None:
            p99 = [m for m in ms if m.metric.endswith(f".{direction}.clat_p99")]
            assert p99[0].value / 1000 == pytest.approx(p99_ms, rel=1e-3)


def test_fio_windows_read_side_moved_nothing():
    ms = _read("fio", "fio-3.26-windowsaio-randwrite.json")
    assert not [m for m in ms if ".read." in m.metric]


# --- nvidia-smi ------------------------------------------------------------------------


def test_csv_8xh100_temperatures_and_power():
    ms = _read("nvidia-smi", "query-gpu-8xH100-driver535.csv")
    temps = [_one(ms, "temperature.gpu", gpu=g, sample=0) for g in range(8)]
    assert temps == [26, 26, 25, 25, 26, 26, 25, 25]
    assert _one(ms, "power.draw.average", gpu=0, sample=0) == 70.89
    assert _one(ms, "memory.total", gpu=0, sample=0) == 81559


@pytest.mark.parametrize(
    ("name", "temp", "power", "extra"),
    [
        ("query-gpu-allfields-h100-driver590-load.csv", 59, 631.95, {"memory.used": 19818, "utilization.gpu": 100}),
        ("query-gpu-allfields-h200-mig-driver590-load.csv", 36, 295.01, {"memory.total": 143771}),
        ("query-gpu-allfields-l40s-driver595-load.csv", 54, 110.23, {"utilization.gpu": 9}),
        ("query-gpu-allfields-rtx2080s-windows-driver591-load.csv", 45, 97.43, {"memory.total": 8192}),
    ],
)  # fmt: skip
def test_csv_all_fields(name, temp, power, extra):
    ms = _read("nvidia-smi", name)
    assert _one(ms, "temperature.gpu", gpu=0) == temp
    assert _one(ms, "power.draw", gpu=0) == power
    for metric, value in extra.items():
        assert _one(ms, metric, gpu=0) == value
    metrics = {m.metric for m in ms}
    # identifiers are never values (the capture masks the serial as 0...)
    assert not metrics & {"serial", "uuid", "pci.bus", "pci.device_id", "count"}
    assert all(
        not m.startswith(("pci.", "driver", "vbios", "inforom")) for m in metrics
    )


def test_csv_mig_utilization_is_absent_not_zero():
    ms = _read("nvidia-smi", "query-gpu-allfields-h200-mig-driver590-load.csv")
    assert not [m for m in ms if m.metric == "utilization.gpu"]


def test_csv_index_temp_power_ecc():
    ms = _read("nvidia-smi", "query-gpu-index-temp-power-ecc-2xRTXPRO6000.csv")
    assert (_one(ms, "temperature.gpu", gpu=0), _one(ms, "power.draw", gpu=0)) == (
        25,
        30.39,
    )
    assert (_one(ms, "temperature.gpu", gpu=1), _one(ms, "power.draw", gpu=1)) == (
        25,
        28.54,
    )
    assert _one(ms, "power.limit", gpu=1) == 600
    assert _one(ms, "ecc.errors.uncorrected.volatile.total", gpu=0) == 0


def test_csv_clock_event_reasons_are_flags():
    ms = _read("nvidia-smi", "query-gpu-clocks-event-reasons-2xRTXPRO6000.csv")
    for gpu in (0, 1):
        assert _one(ms, "throttle.sw_power_cap", gpu=gpu) == 1
        assert _one(ms, "throttle.hw_thermal_slowdown", gpu=gpu) == 0
        assert _one(ms, "throttle.active_mask", gpu=gpu) == 4


@pytest.mark.parametrize(
    ("name", "temp", "power", "limit"),
    [
        ("q-x-a100-sxm4-v12.xml", 27, 67.03, 500),
        ("q-x-tesla-t4.xml", 40, 26.78, 70),
        ("q-x-rtx-pro-6000-blackwell-v13.xml", 24, 3.99, 300),
    ],
)
def test_xml(name, temp, power, limit):
    ms = _read("nvidia-smi", name)
    assert _one(ms, "temperature.gpu", gpu=0) == temp
    assert _one(ms, "power.draw", gpu=0) == power
    assert _one(ms, "power.limit", gpu=0) == limit


def test_xml_v13_average_power():
    ms = _read("nvidia-smi", "q-x-rtx-pro-6000-blackwell-v13.xml")
    assert _one(ms, "power.draw.average", gpu=0) == 3.97


def test_xml_a100_memory():
    ms = _read("nvidia-smi", "q-x-a100-sxm4-v12.xml")
    assert _one(ms, "memory.total", gpu=0) == 81920


def test_xml_gpus_in_bus_order_not_minor_number():
    ms = _read("nvidia-smi", "q-x-dual-rtx-a5000-v13.xml")
    assert (_one(ms, "temperature.gpu", gpu=0), _one(ms, "power.draw", gpu=0)) == (
        13,
        6.52,
    )
    assert (_one(ms, "temperature.gpu", gpu=1), _one(ms, "power.draw", gpu=1)) == (
        15,
        13.59,
    )
    assert _one(ms, "power.limit", gpu=1) == 230


def test_every_nvidia_smi_measurement_has_a_unit():
    ms = parse_results([SAMPLES / "nvidia-smi"])
    assert not sorted({m.metric for m in ms if not m.unit})  # 252 had none
    units = {m.metric: m.unit for m in ms}
    assert units["ecc.errors.uncorrected.volatile.total"] == "count"
    assert units["remapped_rows.correctable"] == "count"
    assert units["remapped_rows.histogram.max"] == "count"
    assert units["pcie.link.gen.max"] == "generation"


def test_csv_remapped_rows_pending_is_a_flag():
    ms = _read("nvidia-smi", "query-gpu-allfields-h100-driver590-load.csv")
    assert _one(ms, "remapped_rows.pending", gpu=0, sample=0) == 0  # "No"
    assert {m.unit for m in ms if m.metric == "remapped_rows.pending"} == {"flag"}


def test_xml_identifiers_are_labels():
    ms = _read("nvidia-smi", "q-x-dual-rtx-a5000-v13.xml")
    first = next(m for m in ms if m.gpu == 0)
    second = next(m for m in ms if m.gpu == 1)
    assert first.labels is not None
    assert second.labels is not None
    # bus order: GPU 0 is the lower bus id, whatever its minor number
    assert first.labels["pci.bus_id"] < second.labels["pci.bus_id"]
    assert first.labels["uuid"].startswith("GPU-")
    assert first.labels["uuid"] != second.labels["uuid"]
    assert "A5000" in first.labels["name"]
    assert first.labels["driver_version"].startswith("590.")
    assert {"minor_number"} <= set(first.labels)


# --- dcgmi -----------------------------------------------------------------------------


def _status(ms: list[Measurement]) -> dict[str, set[str | None]]:
    """Per test, the statuses of its whole-test rows (``gpu`` None)."""
    out: dict[str, set[str | None]] = {}
    for m in ms:
        if m.gpu is None and m.metric != INCOMPLETE_METRIC:
            out.setdefault(m.metric, set()).add(m.status)
    return out


def _not_run(ms: list[Measurement]) -> float | None:
    found = [m for m in ms if m.metric == INCOMPLETE_METRIC]
    assert len(found) <= 1
    if found:
        assert found[0].status == "incomplete"
    return found[0].value if found else None


def test_dcgm_2x_deployment_failures():
    ms = _read("dcgmi", "dcgm-2x-diag-r1-deployment-fail-deepops-doc.txt")
    passed = {
        "blacklist",
        "nvml_library",
        "cuda_main_library",
        "permissions_and_os_blocks",
    }
    failed = {"persistence_mode", "environment_variables", "page_retirement", "graphics_processes", "inforom"}  # fmt: skip
    assert _status(ms) == {f"deployment.{t}": {"pass"} for t in passed} | {
        f"deployment.{t}": {"fail"} for t in failed
    }
    assert {m.value for m in ms if m.status == "fail"} == {0.0}
    # a level 1 run tests no hardware: PCIe and memory (level 2) are missing
    assert _not_run(ms) == 2


def test_dcgm_338_gpu_memory_fails_and_skips_are_not_passes():
    ms = _read("dcgmi", "dcgm-3.3.8-diag-r3-8xH100-gpu-memory-fail.txt")
    s = _status(ms)
    assert s.pop("hardware.gpu_memory") == {"fail"}
    skipped = {"integration.pcie", "stress.memory_bandwidth", "stress.eud_test"}
    assert {k for k, v in s.items() if v == {"skip"}} == skipped
    deployment = {k: v for k, v in s.items() if k not in skipped}
    assert len(deployment) == 9
    assert all(
        v == {"pass"} and k.startswith("deployment.") for k, v in deployment.items()
    )
    assert _not_run(ms) == 3


def test_dcgm_339_two_tasks_all_skip_is_incomplete_not_all_passed():
    # acceptance finding: PCIe, GPU memory and every stress test were skipped,
    # and the run imported as "all 18 tests passed"
    ms = _read("dcgmi", "dcgm-3.3.9-diag-r3-srun-2tasks-all-skip.txt")
    passed = [m for m in ms if m.status == "pass"]
    assert len(passed) == 18  # 9 deployment checks, twice
    assert all(m.metric.startswith("deployment.") for m in passed)
    skipped = {m.metric for m in ms if m.status == "skip"}
    assert skipped == {
        "integration.pcie",
        "hardware.gpu_memory",
        "stress.targeted_stress",
        "stress.targeted_power",
        "stress.memory_bandwidth",
        "stress.eud_test",
    }
    assert len([m for m in ms if m.status == "skip"]) == 12  # twice
    assert all(m.value < 1 for m in ms if m.status == "skip")  # never a pass
    assert _not_run(ms) == 6


def test_dcgm_4_per_gpu_lines_and_test_status():
    ms = _read("dcgmi", "dcgm-4.4.1-diag-r2-8xB200-pcie-fail.txt")
    assert _status(ms) == {
        "deployment.software": {"pass"},
        "hardware.memory": {"pass"},
        "integration.pcie": {"fail"},
    }
    pcie_gpus = {m.gpu: m.status for m in ms if m.metric == "integration.pcie" and m.gpu is not None}  # fmt: skip
    assert pcie_gpus == dict.fromkeys(range(8), "pass")
    assert _not_run(ms) is None


def test_dmon_nvlink_pcie_bytes():
    ms = _read("dcgmi", "dcgmi-dmon-h800-nvlink-pcie-bytes.txt")
    assert {m.tool for m in ms} == {"dcgmi-dmon"}
    last = {m.metric: m.value for m in ms if m.sample == 4}
    assert last == {
        "dmon.nvlink_tx": 0,
        "dmon.nvlink_rx": 0,
        "dmon.pcie_tx": 548740,
        "dmon.pcie_rx": 1555,
    }
    assert {m.sample for m in ms} == {2, 3, 4}  # the two N/A samples give nothing


def test_dmon_profiling_fields():
    ms = _read("dcgmi", "dcgmi-dmon-prof-gract-tensor-dram.txt")
    last = max(m.sample or 0 for m in ms)
    assert last == 14  # 15 samples of GPU 0
    # steady state: the middle of the run (the first and last samples ramp)
    steady = {m.metric: m.value for m in ms if m.sample == 7}
    assert steady["dmon.gr_engine_active"] == 0.998
    assert steady["dmon.tensor_active"] == 0.885
    assert steady["dmon.dram_active"] == pytest.approx(0.30, abs=0.01)
    assert {m.unit for m in ms} == {"ratio"}


# --- whole folders ---------------------------------------------------------------------

EXPECTED_REFUSED = {
    "h800-2node-16rank-alltoall-v2.17.6-cuda-failure.txt",
    "iperf-3.9-interrupted-empty-end.json",
    "iperf-3.21-udp-2streams-loopback-2space-indent.json",
}


def test_every_folder_imports_its_good_files_and_lists_the_others():
    report = import_results([SAMPLES])
    assert len(report.imported) == 32
    assert {Path(r.file).name for r in report.refused} == EXPECTED_REFUSED
    refused_names = {Path(r.file).name for r in report.refused}
    assert not [m for m in report.measurements if Path(m.file).name in refused_names]
    for tool in ("dcgmi", "iperf3", "nccl-tests", "fio", "nvidia-smi"):
        assert import_results([SAMPLES / tool]).imported, tool


def test_cli_lists_refused_files_and_succeeds(capsys):
    code = main(["parse-results", str(SAMPLES / "iperf3"), "--json"])
    err = capsys.readouterr().err
    assert code == 0
    assert err.count("refused: ") == 2
    assert "a UDP iperf3 run" in err
    assert main(["parse-results", str(SAMPLES / "iperf3"), "--strict"]) == 2
    only_bad = SAMPLES / "iperf3" / "iperf-3.9-interrupted-empty-end.json"
    assert main(["parse-results", str(only_bad)]) == 2
