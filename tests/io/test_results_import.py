"""Importing test-kit results.

Where each sample format is documented:

* nccl-tests stdout: NVIDIA nccl-tests README.md and doc/PERFORMANCE.md
  (header ``# nThread ...``, rank lines, the ``size count type redop root time
  algbw busbw #wrong`` table for out-of-place then in-place, ``# Out of bounds
  values``, ``# Avg bus bandwidth``).
* iperf3 ``-J``: iperf3(1) manual, ``--json``; objects ``start``, ``intervals``,
  ``end.sum_sent`` / ``end.sum_received`` (esnet/iperf ``iperf_api.c``).
* fio ``--output-format=json``: fio HOWTO, "JSON output" (``jobs[].read.bw`` in
  KiB/s, ``bw_bytes``, ``iops``, ``clat_ns.percentile``).
* nvidia-smi ``--query-gpu ... --format=csv`` and ``-q -x``: nvidia-smi(1) manual
  page ("GPU ATTRIBUTES", "XML output", DTD ``nvsmi_device_v12.dtd``).
* ``dcgmi diag``: DCGM User Guide, "DCGM Diagnostics" (result table).
* Training log ``step,tokens_per_s,loss[,gpus]``: our kit's README.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.io.results_import import (
    ResultsImportError,
    detect_format,
    parse_results,
    parse_text,
)
from tests.evidence_samples import RESULTS

A1 = RESULTS / "vendor_a" / "node01"
C1 = RESULTS / "vendor_c" / "node01"


def _by(ms, **kw):
    return [m for m in ms if all(getattr(m, k) == v for k, v in kw.items())]


@pytest.mark.parametrize("vendor", ["vendor_a", "vendor_b", "vendor_c"])
def test_each_vendor_folder_imports_every_tool(vendor):
    ms = parse_results([RESULTS / vendor])
    tools = {m.tool for m in ms}
    assert tools == {
        "nccl-tests",
        "iperf3",
        "fio",
        "nvidia-smi",
        "dcgmi",
        "gpu-probe",
        "train-log",
    }
    assert {m.node for m in ms} == {"node01", "node02"}
    # *.info.txt files (lscpu, topo) are for people and are skipped
    assert not any(m.file.endswith(".info.txt") for m in ms)


def test_nccl_rows_out_of_place_and_in_place():
    ms = parse_results([A1 / "nccl_all_reduce_perf_1node.txt"])
    big = _by(ms, size_bytes=1073741824)
    values = {m.metric: m.value for m in big}
    assert values == {
        "all_reduce.out_of_place.time": 8061.42,
        "all_reduce.out_of_place.algbw": 133.20,
        "all_reduce.out_of_place.busbw": 233.09,
        "all_reduce.out_of_place.wrong": 0.0,
        "all_reduce.in_place.time": 8217.74,
        "all_reduce.in_place.algbw": 130.66,
        "all_reduce.in_place.busbw": 228.66,
        "all_reduce.in_place.wrong": 0.0,
    }
    assert {m.unit for m in big if m.metric.endswith("bw")} == {"GB/s"}
    sizes = sorted({m.size_bytes for m in ms if m.size_bytes})
    assert sizes[0] == 8
    assert sizes[-1] == 8 * 2**30
    assert len(sizes) == 31
    summary = {m.metric: m.value for m in ms if m.size_bytes is None}
    assert summary["all_reduce.avg_busbw"] == pytest.approx(83.4929)
    assert summary["all_reduce.out_of_bounds"] == 0
    assert summary["all_reduce.ranks"] == 8
    assert summary["all_reduce.nodes"] == 1
    assert {m.node for m in ms} == {"node01"}


def test_nccl_multi_node_counts_hosts():
    ms = parse_results([A1 / "nccl_all_reduce_perf_2node.txt"])
    summary = {m.metric: m.value for m in ms if m.size_bytes is None}
    assert summary["all_reduce.ranks"] == 16
    assert summary["all_reduce.nodes"] == 2
    last = _by(ms, size_bytes=8589934592, metric="all_reduce.out_of_place.busbw")
    assert last[0].value == 175.20
    # two hosts in the file: the node is rank 0's host, from the rank list
    assert last[0].node == "node01"


def test_nccl_collective_is_unknown_when_the_output_does_not_name_it():
    # vendor_b's all_gather output predates the "# Collective test starting"
    # line: the file's name is no evidence of what ran (acceptance finding:
    # a sendrecv output renamed run2.txt imported as all_reduce)
    path = RESULTS / "vendor_b" / "node01" / "nccl_all_gather_perf_1node.txt"
    assert "Collective test starting" not in path.read_text()
    ms = parse_results([path])
    assert {m.metric.split(".")[0] for m in ms} == {"unknown_collective"}


def test_nccl_truncated_output_names_last_line(tmp_path):
    text = (A1 / "nccl_all_reduce_perf_1node.txt").read_text().splitlines()
    cut = "\n".join(text[:30]) + "\n"
    bad = tmp_path / "n1" / "nccl.txt"
    bad.parent.mkdir()
    bad.write_text(cut)
    with pytest.raises(ResultsImportError) as err:
        parse_results([tmp_path])
    assert err.value.file.endswith("nccl.txt")
    assert err.value.line == 30
    assert "Avg bus bandwidth" in str(err.value)


def test_nccl_failure_line_is_reported(tmp_path):
    text = (A1 / "nccl_all_reduce_perf_1node.txt").read_text().splitlines()
    text.insert(20, "node01: Test NCCL failure common.cu:1005 'unhandled system error'")
    bad = tmp_path / "nccl.txt"
    bad.write_text("\n".join(text))
    with pytest.raises(
        ResultsImportError,
        match=r"nccl.txt:21: a crashed run, no result: nccl-tests reported",
    ):
        parse_results([bad])


def test_iperf3_sum_sent_and_received():
    path = A1 / "iperf3_node01_to_node02.json"
    doc = json.loads(path.read_text())
    ms = parse_results([path])
    values = {m.metric: m.value for m in ms}
    assert values["tcp.received"] == pytest.approx(
        doc["end"]["sum_received"]["bits_per_second"] / 1e9
    )
    assert values["tcp.sent"] == pytest.approx(
        doc["end"]["sum_sent"]["bits_per_second"] / 1e9
    )
    assert values["tcp.retransmits"] == 14
    assert values["tcp.streams"] == 8
    assert {m.unit for m in ms if "tcp.s" in m.metric or "received" in m.metric} >= {
        "Gbit/s"
    }
    assert {m.node for m in ms} == {"node01"}  # from start.system_info


def test_iperf3_error_document(tmp_path):
    bad = tmp_path / "iperf.json"
    bad.write_text(
        json.dumps(
            {
                "start": {},
                "intervals": [],
                "end": {},
                "error": "unable to connect to server: Connection refused",
            },
            indent=2,
        )
    )
    with pytest.raises(
        ResultsImportError,
        match=r"iperf.json:5: a failed run, no result: iperf3 reported 'unable to connect",
    ):
        parse_results([bad])


def test_fio_jobs_bandwidth_iops_latency():
    path = RESULTS / "vendor_b" / "node01" / "fio_shared.json"
    doc = json.loads(path.read_text())
    ms = parse_results([path])
    values = {m.metric: m.value for m in ms}
    write = doc["jobs"][0]["write"]
    assert values["seq_write_shared.write.bw"] == pytest.approx(write["bw_bytes"] / 1e9)
    assert values["seq_write_shared.write.bw"] == pytest.approx(1.55)
    assert values["seq_write_shared.write.iops"] == pytest.approx(write["iops"])
    assert values["seq_write_shared.write.clat_p99"] == pytest.approx(
        write["clat_ns"]["percentile"]["99.000000"] / 1000
    )
    assert values["seq_read_shared.read.bw"] == pytest.approx(2.4)
    # directions that moved no data are left out
    assert "seq_write_shared.read.bw" not in values


def test_fio_kib_per_s_when_bw_bytes_missing(tmp_path):
    doc = {
        "fio version": "fio-2.2.10",
        "jobs": [
            {
                "jobname": "w",
                "error": 0,
                "write": {"io_bytes": 10, "bw": 1000000, "iops": 976.5},
            }
        ],
    }
    path = tmp_path / "old_fio.json"
    path.write_text(
        "fio: this platform does not support process shared mutexes\n" + json.dumps(doc)
    )
    ms = parse_results([path])
    assert {m.metric: m.value for m in ms}["w.write.bw"] == pytest.approx(
        1000000 * 1024 / 1e9
    )


def test_nvidia_smi_csv_units_from_header():
    ms = parse_results([A1 / "nvidia_smi_query.csv"])
    gpu3 = {m.metric: (m.value, m.unit) for m in _by(ms, gpu=3)}
    assert gpu3["memory.total"] == (81920.0, "MiB")
    assert gpu3["power.limit"] == (400.0, "W")
    assert gpu3["temperature.gpu"] == (42.0, "C")
    assert gpu3["clocks.max.sm"] == (1410.0, "MHz")
    assert gpu3["utilization.gpu"] == (0.0, "%")
    assert "name" not in gpu3  # text columns are not measurements
    assert {m.gpu for m in ms} == set(range(8))


def test_nvidia_smi_repeated_samples_are_numbered():
    ms = parse_results([RESULTS / "vendor_b" / "node01" / "nvidia_smi_load.csv"])
    temps = _by(ms, gpu=4, metric="temperature.gpu")
    assert [m.sample for m in temps] == [0, 1, 2, 3]
    assert max(m.value for m in temps) in (81.0, 82.0, 83.0)


def test_nvidia_smi_xml_health_fields():
    ms = parse_results([C1 / "nvidia_smi_q.xml"])
    gpu3 = {m.metric: m.value for m in _by(ms, gpu=3)}
    assert gpu3["temperature.gpu"] == 79
    assert gpu3["memory.total"] == 81920
    assert gpu3["clocks.sm"] == 1095
    assert gpu3["clocks.max.sm"] == 1410
    assert gpu3["power.limit"] == 400
    assert gpu3["ecc.volatile.uncorrectable"] == 2
    assert gpu3["throttle.hw_thermal_slowdown"] == 1
    assert gpu3["throttle.gpu_idle"] == 0
    gpu0 = {m.metric: m.value for m in _by(ms, gpu=0)}
    assert gpu0["ecc.volatile.uncorrectable"] == 0
    assert gpu0["throttle.hw_thermal_slowdown"] == 0


@pytest.mark.parametrize(
    ("xml", "line", "what"),
    [
        (
            '<?xml version="1.0"?>\n<!DOCTYPE x [\n<!ENTITY a "aaaa">\n]>\n<nvidia_smi_log/>',
            3,
            "ENTITY",
        ),
        (
            '<?xml version="1.0"?>\n<!DOCTYPE nvidia_smi_log SYSTEM "http://evil/x.dtd">\n<nvidia_smi_log/>',
            2,
            "DOCTYPE",
        ),
        (
            '<?xml version="1.0"?>\n<nvidia_smi_log>\n<gpu id="1">\n</nvidia_smi_log>',
            4,
            "bad XML",
        ),
    ],
)
def test_hostile_or_broken_xml_is_refused(tmp_path, xml, line, what):
    path = tmp_path / "q.xml"
    path.write_text(xml)
    with pytest.raises(ResultsImportError) as err:
        parse_results([path])
    assert err.value.line == line
    assert what in str(err.value)


def test_dcgmi_diag_pass_warn_fail_per_gpu():
    ms = parse_results([C1 / "dcgmi_diag.txt"])
    values = {(m.metric, m.gpu): m.value for m in ms}
    assert values[("hardware.gpu_memory", 3)] == 0.0
    assert values[("stress.targeted_stress", 3)] == 0.5
    assert values[("deployment.nvml_library", None)] == 1.0
    assert values[("integration.pcie", None)] == 1.0
    assert not any(m.metric.startswith("metadata") for m in ms)
    assert len(ms) == 14  # 9 deployment + PCIe + GPU memory + 3 stress


def test_training_log_steps_and_gpus():
    ms = parse_results([A1 / "train_log.csv"])
    tokens = _by(ms, metric="tokens_per_s")
    assert len(tokens) == 60
    assert [m.sample for m in tokens[:3]] == [1, 2, 3]
    assert len(_by(ms, metric="loss")) == 60
    assert _by(ms, metric="gpus")[0].value == 8


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            "step,tokens_per_s,loss\n1,100,2.0\n2,abc,1.9\n",
            3,
            "tokens_per_s: not a number",
        ),
        ("step,tokens_per_s,loss\n1,100,2.0\n2,100\n", 3, "expected 3 columns"),
        (
            "step,tokens_per_s,loss,gpus\n1,100,2.0,8\n2,100,1.9,16\n",
            3,
            "gpus column changes",
        ),
        ("index, temperature.gpu\n0, 40\nx, 41\n", 3, "GPU index"),
    ],
)
def test_damaged_csv_names_the_line(tmp_path, text, line, message):
    path = tmp_path / "bad.csv"
    path.write_text(text)
    with pytest.raises(ResultsImportError) as err:
        parse_results([path])
    assert err.value.line == line
    assert message in str(err.value)
    assert str(err.value).startswith(f"{path.as_posix()}:{line}:")


def test_bad_json_names_the_line(tmp_path):
    path = tmp_path / "fio.json"
    path.write_text('{\n  "fio version" : "fio-3.28",\n  "jobs" : [\n    {,\n  ]\n}\n')
    with pytest.raises(ResultsImportError) as err:
        parse_results([path])
    assert err.value.line == 4


def test_unknown_and_binary_and_missing_files(tmp_path):
    unknown = tmp_path / "notes.txt"
    unknown.write_text("hello\nworld\n")
    with pytest.raises(ResultsImportError, match=r"notes.txt:1: unknown format"):
        parse_results([unknown])
    binary = tmp_path / "blob.bin"
    binary.write_bytes(b"abc\n\xff\xfe\n")
    with pytest.raises(ResultsImportError, match=r"blob.bin:2: not UTF-8"):
        parse_results([binary])
    with pytest.raises(ResultsImportError, match="no such file"):
        parse_results([tmp_path / "missing"])


def test_import_is_all_or_nothing(tmp_path):
    good = tmp_path / "n1" / "train_log.csv"
    good.parent.mkdir()
    good.write_text("step,tokens_per_s,loss\n1,100,2.0\n")
    bad = tmp_path / "n1" / "zz.csv"
    bad.write_text("step,tokens_per_s,loss\n1,-5,2.0\n")
    imported = None
    with pytest.raises(ResultsImportError, match=r"zz\.csv:2"):
        imported = parse_results([tmp_path])
    assert imported is None
    assert len(parse_results([good])) == 2


def test_folder_walk_skips_logs_and_hidden_files(tmp_path):
    (tmp_path / "n1").mkdir()
    (tmp_path / "n1" / "dcgmi_diag.err.log").write_text("garbage")
    (tmp_path / "n1" / "nccl_all_reduce_perf_1node.failed.log").write_text("garbage")
    (tmp_path / "n1" / ".DS_Store").write_bytes(b"\x00\x01")
    (tmp_path / "n1" / "topo.info.txt").write_text("GPU0 X")
    assert parse_results([tmp_path]) == []


def test_detect_format_by_content_not_name():
    assert detect_format((A1 / "fio_local.json").read_text()) == "fio"
    assert detect_format((A1 / "iperf3_node01_to_node02.json").read_text()) == "iperf3"
    assert detect_format((A1 / "gpu_probe.json").read_text()) == "gpu-probe"
    assert detect_format((A1 / "nvidia_smi_q.xml").read_text()) == "nvidia-smi-xml"
    assert detect_format((A1 / "nvidia_smi_query.csv").read_text()) == "nvidia-smi-csv"
    assert detect_format((A1 / "dcgmi_diag.txt").read_text()) == "dcgmi"


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_any_text_either_parses_or_raises_import_error(text):
    error: ResultsImportError | None = None
    try:
        parse_text(text, "f.txt", "n1")
    except ResultsImportError as exc:
        error = exc
    assert error is None or error.file == "f.txt"


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=200))
def test_truncating_a_nccl_file_never_half_imports(cut):
    lines = (A1 / "nccl_all_reduce_perf_1node.txt").read_text().splitlines()[:cut]
    text = "\n".join(lines) + "\n"
    try:
        out = parse_text(text, "n.txt", "n1")
    except ResultsImportError:
        return
    # only a complete run (with its summary line) is accepted
    assert any(m.metric == "all_reduce.avg_busbw" for m in out)


def test_parse_results_accepts_files_and_folders_together():
    ms = parse_results([A1 / "train_log.csv", RESULTS / "vendor_b" / "node02"])
    assert {Path(m.file).name for m in ms} == {
        "train_log.csv",
        "nvidia_smi_query.csv",
        "dcgmi_diag.txt",
    }
