"""The acceptance review's findings: real published tool outputs the importers misread.

Each test reads a real output kept in ``tests/data/real-samples/<tool>/``
(sources and the values a person reads in the ``SOURCES.md`` there) and
checks the figures a person reads off the raw text. Cases without a real
output are built in the test from the tool's printed format, and say so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gpu_advisor.io.results_dcgmi import INCOMPLETE_METRIC
from gpu_advisor.io.results_import import (
    ResultsImportError,
    import_results,
    parse_results,
    parse_text,
    refusal_kind,
)
from gpu_advisor.model.project import Measurement

REAL = Path(__file__).resolve().parents[1] / "data" / "real-samples"


def _read(tool: str, name: str) -> list[Measurement]:
    return parse_results([REAL / tool / name])


def _one(ms: list[Measurement], metric: str, **where: object) -> Measurement:
    found = [
        m
        for m in ms
        if m.metric == metric and all(getattr(m, k) == v for k, v in where.items())
    ]
    assert len(found) == 1, (metric, where, len(found))
    return found[0]


# --- nccl-tests ------------------------------------------------------------------------

SKYPILOT = "h200-gke-2node-16rank-skypilot-mpi-tagged-unnamed-collective.txt"
TAGGED = "rtx5090-1node-2rank-allreduce-mpi-v2.18.0-tag-output.txt"
WITH_UNIT = "rtx5090-1node-2rank-broadcast-v2.18.0-avg-with-unit-abridged.txt"
WRONG = "gh200-2node-2rank-allreduce-v2.17.8-wrong-values-failed.txt"


def test_nccl_lines_behind_an_mpi_launcher_prefix_are_read():
    """Finding: ``(head, …) [1,0]<stdout>:`` lines were refused."""
    ms = _read("nccl-tests", SKYPILOT)
    op = "unknown_collective"  # redop "none": the output names no collective
    assert _one(ms, f"{op}.avg_busbw").value == 122.073
    assert _one(ms, f"{op}.out_of_place.busbw", size_bytes=8 * 2**30).value == 325.72
    assert _one(ms, f"{op}.in_place.busbw", size_bytes=8 * 2**30).value == 332.58
    assert _one(ms, f"{op}.ranks").value == 16
    assert _one(ms, f"{op}.nodes").value == 2  # two hosts in the rank list
    assert {m.node for m in ms} == {"nc-d87e1263-head"}


def test_nccl_open_mpi_tag_output_and_mpi_binary_name():
    ms = _read("nccl-tests", TAGGED)
    assert _one(ms, "all_reduce.avg_busbw").value == 1.57614
    assert _one(ms, "all_reduce.out_of_place.busbw", size_bytes=2**27).value == 2.30
    assert _one(ms, "all_reduce.nodes").value == 1  # both ranks on "lab"
    assert _one(ms, "all_reduce.ranks").value == 2


def test_nccl_average_with_a_unit_is_read():
    """Finding: ``# Avg bus bandwidth    : 1.85032 GB/s`` was refused."""
    ms = _read("nccl-tests", WITH_UNIT)
    avg = _one(ms, "broadcast.avg_busbw")
    assert (avg.value, avg.unit, avg.status) == (1.85032, "GB/s", None)
    assert _one(ms, "broadcast.out_of_place.busbw", size_bytes=2**27).value == 4.58


@pytest.mark.parametrize(("word", "status"), [("OK", "pass"), ("FAILED", "fail")])
def test_nccl_min_bw_check_word_is_read(word: str, status: str):
    """Finding: stock nccl-tests' ``OK``/``FAILED`` after the average (printed
    when NCCL_TESTS_MIN_BW is set, ``writeResultFooter`` in src/util.cu) was
    refused. No published output with it was found: constructed from a real
    one by adding the word the way nccl-tests prints it (``%g %s``)."""
    text = (REAL / "nccl-tests" / TAGGED).read_text()
    text = text.replace(": 1.57614 \n", f": 1.57614 {word}\n")
    assert f"1.57614 {word}" in text
    avg = _one(parse_text(text, "min_bw.txt"), "all_reduce.avg_busbw")
    assert (avg.value, avg.status) == (1.57614, status)


def test_nccl_completed_run_with_wrong_values_is_a_failed_run_not_a_crash():
    """Finding: ``# Out of bounds values : 4 FAILED`` and the ``Test failure``
    trace after the summary were refused as "a crashed run"."""
    ms = _read("nccl-tests", WRONG)
    oob = _one(ms, "all_reduce.out_of_bounds")
    assert (oob.value, oob.status) == (4, "fail")
    assert _one(ms, "all_reduce.avg_busbw").value == 4.79995
    size = 1048576
    assert _one(ms, "all_reduce.out_of_place.wrong", size_bytes=size).value == 96
    assert _one(ms, "all_reduce.in_place.wrong", size_bytes=size).value == 32
    assert _one(ms, "all_reduce.nodes").value == 2


def test_nccl_failure_before_the_summary_is_still_a_crash():
    text = (REAL / "nccl-tests" / WRONG).read_text()
    cut = (
        text.split("# Out of bounds")[0]
        + " .. gpu-1-1 pid 1: Test failure common.cu:1189\n"
    )
    with pytest.raises(ResultsImportError, match="a crashed run"):
        parse_text(cut, "cut.txt")


def test_nccl_collective_comes_from_the_output_not_the_file_name(tmp_path: Path):
    """Finding: a sendrecv output renamed ``run2.txt`` imported as all_reduce;
    here a broadcast output named like an all_reduce one."""
    renamed = tmp_path / "nccl_all_reduce_perf_run2.txt"
    renamed.write_bytes((REAL / "nccl-tests" / WITH_UNIT).read_bytes())
    ops = {m.metric.split(".")[0] for m in parse_results([renamed])}
    assert ops == {"broadcast"}


def test_nccl_without_rank_list_has_no_node_count():
    """Finding: a multi-node file without a host list was judged single-node;
    the parser now says nothing of nodes rather than one."""
    text = (REAL / "nccl-tests" / SKYPILOT).read_text()
    no_ranks = "\n".join(line for line in text.splitlines() if " Rank " not in line)
    ms = parse_text(no_ranks + "\n", "x.txt")
    assert not [m for m in ms if m.metric.endswith((".nodes", ".ranks"))]


# --- dcgmi diag ------------------------------------------------------------------------


def test_dcgmi_status_lines_under_a_test_are_read():
    """Finding: ``Pass - GPUs: 0, 2, 3`` then ``Fail - GPU: 1`` on the next line
    imported as all pass (DCGM 3.3.9, 4 × A10G: one status a line, the test's
    name on the first only, as ``Diag::HelperDisplayGpuResults`` prints it)."""
    table = (
        REAL / "dcgmi" / "dcgm-3.3.9-diag-r3-4xA10G-targeted-power-gpu1-fail.txt"
    ).read_text()
    ms = parse_text(table, "d.txt", "n1")
    power = {m.gpu: m.status for m in ms if m.metric == "stress.targeted_power"}
    assert power == {0: "pass", 2: "pass", 3: "pass", 1: "fail"}
    assert _one(ms, "stress.targeted_power", gpu=1).value == 0.0
    # a test named "Diagnostic" is a test, not the table's header
    assert _one(ms, "hardware.diagnostic").status == "pass"
    assert _one(ms, "stress.eud_test").status == "skip"
    assert _one(ms, INCOMPLETE_METRIC).value == 1


def test_dcgmi_failing_diagnostic_test_is_not_dropped():
    table = (
        REAL / "dcgmi" / "dcgm-3.3.9-diag-r3-4xA10G-targeted-power-gpu1-fail.txt"
    ).read_text()
    failing = table.replace(
        "| Diagnostic                | Pass - All ",
        "| Diagnostic                | Fail - All ",
    )
    assert failing != table
    ms = parse_text(failing, "d.txt", "n1")
    assert _one(ms, "hardware.diagnostic").status == "fail"


def test_dcgmi_all_skipped_run_is_incomplete_not_passed():
    """Finding: the real 3.3.9 run with PCIe, memory and every stress test
    skipped read as "pass - all 18 tests passed" (shared sample; here its
    format, DCGM 3's ``Skip - All``)."""
    table = (
        "| Diagnostic                | Result                                         |\n"
        "|-----  Deployment  --------+------------------------------------------------|\n"
        "| Denylist                  | Pass                                           |\n"
        "+-----  Integration  -------+------------------------------------------------+\n"
        "| PCIe                      | Skip - All                                     |\n"
        "+-----  Hardware  ----------+------------------------------------------------+\n"
        "| GPU Memory                | Skip - All                                     |\n"
    )
    ms = parse_text(table, "d.txt", "n1")
    assert {m.metric: m.status for m in ms if m.metric != INCOMPLETE_METRIC} == {
        "deployment.denylist": "pass",
        "integration.pcie": "skip",
        "hardware.gpu_memory": "skip",
    }
    assert all(m.value < 1 for m in ms if m.status == "skip")
    assert _one(ms, INCOMPLETE_METRIC).value == 2


def test_dcgm4_not_run_and_per_gpu_skip():
    table = (
        "| Diagnostic                | Result                                         |\n"
        "+-----  Hardware  ----------+------------------------------------------------+\n"
        "| memory                    | Not Run                                        |\n"
        "| pcie                      | Pass                                           |\n"
        "|                           | GPU0: Pass                                     |\n"
        "|                           | GPU1: Skip                                     |\n"
    )
    ms = parse_text(table, "d.txt", "n1")
    assert _one(ms, "hardware.memory").status == "skip"
    assert _one(ms, "hardware.pcie", gpu=1).status == "skip"
    assert _one(ms, "hardware.pcie", gpu=0).status == "pass"
    # memory ran on no GPU, pcie not on GPU 1: both left out of the run
    assert _one(ms, INCOMPLETE_METRIC).labels == {
        "tests": "hardware.memory, hardware.pcie",
        "skipped_on": "hardware.pcie: GPU 1",
    }


def test_unknown_refusals_do_not_say_cut_or_edited():
    report = import_results([REAL / "nccl-tests"])
    # the one refused output: 16 separate one-GPU runs mixed together
    # (NVIDIA/nccl-tests#294), a run without a result, not a damaged file
    assert [Path(r.file).name for r in report.refused] == [
        "h100-2node-16proc-allreduce-no-mpi-build-interleaved.txt"
    ]
    assert {refusal_kind(r.reason).value for r in report.refused} == {"no_result"}


# --- fio -------------------------------------------------------------------------------

FIO_TEXT = [
    # (file, job.direction, MB/s, IOPS, clat p50 us, clat p99 us)
    ("fio-3.25-sync-write-fdatasync-nsec-percentiles-normal.txt", "mytest.write", 19.7, 4801, 12.608, 23.168),
    # fio 3.1 prints "BW=11.0MiB/s (12.6MB/s)": 4096 MiB in 341.704 s is 12.6 MB/s
    ("fio-3.1-libaio-write-4k-qd4-normal.txt", "myjob.write", 12.6, 3068, 1188, 13435),
    # fio 2: "bw=611058KB/s" with KB = 1024 bytes: 625.7 MB/s
    ("fio-2.2.10-randread-8jobs-group-reporting.log", "randread.read", 611058 * 1024 / 1e6, 152764, 692, 3216),
]  # fmt: skip


@pytest.mark.parametrize(("name", "prefix", "mb_s", "iops", "p50", "p99"), FIO_TEXT)
def test_fio_normal_text_output_is_read(name, prefix, mb_s, iops, p50, p99):
    """Finding: fio's normal text output was not read at all."""
    ms = _read("fio", name)
    assert {m.tool for m in ms} == {"fio"}
    bw = _one(ms, f"{prefix}.bw")
    assert bw.unit == "GB/s"
    assert bw.value * 1000 == pytest.approx(mb_s, rel=1e-9)
    assert _one(ms, f"{prefix}.iops").value == iops
    assert _one(ms, f"{prefix}.clat_p50").value == pytest.approx(p50)
    assert _one(ms, f"{prefix}.clat_p99").value == pytest.approx(p99)
    assert {m.unit for m in ms if "clat" in m.metric} == {"us"}


def test_fio_json_followed_by_its_normal_report_is_read():
    """Finding: ``--output-format=json,normal`` (JSON, then the text report) was
    refused. Constructed: no published file of both was found; fio prints the
    JSON buffer before the normal one (``__show_run_stats`` in stat.c), so a
    JSON document is followed here by a real normal report."""
    report = (
        REAL / "fio" / "fio-3.25-sync-write-fdatasync-nsec-percentiles-normal.txt"
    ).read_text()
    doc = (
        '{\n  "fio version" : "fio-3.25",\n  "jobs" : [\n    {\n'
        '      "jobname" : "mytest",\n      "error" : 0,\n'
        '      "write" : {"io_bytes" : 23068672, "bw_bytes" : 19666386, "iops" : 4801.36}\n'
        "    }\n  ]\n}\n"
    )
    ms = parse_text(doc + report, "fio.json")
    assert _one(ms, "mytest.write.bw").value == pytest.approx(0.019666386)
    assert _one(ms, "mytest.write.iops").value == 4801.36
    with pytest.raises(ResultsImportError, match="text after the JSON document"):
        parse_text(doc + "some other tool's output\n", "fio.json")


def test_a_real_fio_json_normal_output_reads_as_its_report_says():
    """A real ``--output-format=json,normal`` file (fio-3.33, written on the
    build machine; SOURCES.md): the JSON's figures are read, and they are the
    ones its normal report prints (BW=482MiB/s (505MB/s), IOPS=481)."""
    path = REAL / "fio" / "fio-3.33-json-normal-psync-write-1m-build-machine.txt"
    ms = parse_text(path.read_text(), path.name)
    bw = _one(ms, "ckpt.write.bw")
    assert bw.unit == "GB/s"
    assert bw.value == pytest.approx(0.50529027)
    assert round(bw.value * 1000) == 505  # the report's (505MB/s)
    assert int(_one(ms, "ckpt.write.iops").value) == 481  # the report's IOPS=481
    assert _one(ms, "ckpt.write.clat_p50").value == pytest.approx(2539.52)
    assert _one(ms, "ckpt.write.clat_p99").value == pytest.approx(3031.04)


def test_fio_2_json_latency_percentiles_are_read():
    """Finding: fio 2.x percentiles (``clat`` in microseconds, not ``clat_ns``)
    were dropped without a word. Constructed in fio 2's layout (stat.c of
    fio-2.2: ``clat`` with ``percentile`` in usec; ``bw`` in KiB/s) with the
    figures of a published fio-2.2.10 run whose page could not be tied to a
    repository (bw 62499 KiB/s, 15624.70 IOPS, p50 8160 us, p99 8640 us)."""
    doc = (
        '{"fio version" : "fio-2.2.10", "jobs" : [{"jobname" : "test", "error" : 0,\n'
        '"write" : {"io_bytes" : 37500272, "bw" : 62499, "iops" : 15624.70,\n'
        '"clat" : {"min" : 964, "percentile" : {"50.000000" : 8160, "99.000000" : 8640,'
        ' "0.00" : 0}}}}]}\n'
    )
    ms = parse_text(doc, "fio2.json")
    assert _one(ms, "test.write.clat_p50").value == 8160
    assert _one(ms, "test.write.clat_p99").value == 8640
    assert _one(ms, "test.write.bw").value == pytest.approx(62499 * 1024 / 1e9)


# --- iperf3 ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "sent", "received", "retr"),
    [
        # -R: the server sends; the summary's sender line carries the Retr
        ("iperf3-text-reverse-1stream-5s.txt", 0.404, 0.403, 1769),
        # older iperf3: "Bandwidth" column, summary pasted alone
        ("iperf3-text-old-bandwidth-header-summary-only.txt", 5.234, 5.233, 35),
    ],
)
def test_iperf3_text_report_is_read(name, sent, received, retr):
    """Finding: iperf3's text output (without -J) was not read."""
    ms = _read("iperf3", name)
    assert _one(ms, "tcp.sent").value == sent
    assert _one(ms, "tcp.received").value == received
    assert _one(ms, "tcp.retransmits").value == retr
    assert _one(ms, "tcp.sent").unit == "Gbit/s"


def test_iperf3_text_parallel_streams_use_the_sum_lines():
    """Constructed from iperf3's summary format (iperf_locale.c): with -P the
    ``[SUM]`` lines are the run's figures, not the first stream's."""
    text = (
        "Connecting to host 10.0.0.2, port 5201\n"
        "[  5] local 10.0.0.1 port 40000 connected to 10.0.0.2 port 5201\n"
        "[  7] local 10.0.0.1 port 40002 connected to 10.0.0.2 port 5201\n"
        "- - - - - - - - - - - - - - - - - - - - - - - - -\n"
        "[ ID] Interval           Transfer     Bitrate         Retr\n"
        "[  5]   0.00-10.00  sec  5.00 GBytes  4.30 Gbits/sec    3             sender\n"
        "[  5]   0.00-10.00  sec  5.00 GBytes  4.29 Gbits/sec                  receiver\n"
        "[  7]   0.00-10.00  sec  5.10 GBytes  4.38 Gbits/sec    1             sender\n"
        "[  7]   0.00-10.00  sec  5.10 GBytes  4.37 Gbits/sec                  receiver\n"
        "[SUM]   0.00-10.00  sec  10.1 GBytes  8.68 Gbits/sec    4             sender\n"
        "[SUM]   0.00-10.00  sec  10.1 GBytes  8.66 Gbits/sec                  receiver\n"
    )
    ms = parse_text(text, "iperf.txt", "n1")
    assert (_one(ms, "tcp.sent").value, _one(ms, "tcp.received").value) == (8.68, 8.66)
    assert _one(ms, "tcp.retransmits").value == 4
    assert _one(ms, "tcp.streams").value == 2


def test_iperf3_text_without_summary_is_an_interrupted_run():
    text = (REAL / "iperf3" / "iperf3-text-reverse-1stream-5s.txt").read_text()
    cut = text.split("- - -")[0]
    with pytest.raises(ResultsImportError, match="an interrupted run"):
        parse_text(cut, "iperf.txt", "n1")


# --- nvidia-smi and dcgmi dmon ---------------------------------------------------------


def test_nvidia_smi_csv_without_index_numbers_gpus_by_bus_id():
    """Finding: ``--query-gpu`` CSV without the ``index`` column was refused.
    nvidia-smi numbers GPUs in PCI bus order, so the bus ids give the GPUs."""
    ms = _read("nvidia-smi", "query-gpu-4xT4-no-index-column.csv")
    temps = {m.gpu: m.value for m in ms if m.metric == "temperature.gpu"}
    assert temps == {0: 48, 1: 51, 2: 53, 3: 53}
    assert _one(ms, "memory.used", gpu=0).value == 257
    assert _one(ms, "memory.total", gpu=3).value == 16384
    assert _one(ms, "temperature.gpu", gpu=0).labels == {
        "name": "Tesla T4",
        "pci.bus_id": "00000001:00:00.0",
        "driver_version": "510.108.03",
    }


def test_nvidia_smi_csv_without_any_gpu_column_says_what_is_missing():
    with pytest.raises(ResultsImportError, match="names no GPU") as err:
        parse_text("name, temperature.gpu\nTesla T4, 48\n", "q.csv")
    assert "cut" not in str(err.value)


def test_dcgmi_dmon_temperature_keeps_its_unit():
    """Finding: dmon's temperature (``TMPTR``, unit ``C`` on the ``ID`` line)
    imported without its unit. Constructed in the layout of
    ``DeviceMonitor::SetHeaderForOutput`` (NVIDIA/DCGM @ 72fa3fe) from the
    first rows of a published ``dcgmi dmon -e 150,155,156,203,252`` run
    (8 × A100 on Brev) whose page the index does not tie to a repository."""
    text = (
        "#Entity   TMPTR        POWER             TOTEC                   GPUTL             FBUSD             \n"
        "ID         C            W                 mJ                                                         \n"
        "GPU 7     45           57.430            108702777               0                 0                 \n"
        "GPU 6     48           64.237            121075349               0                 0                 \n"
    )  # fmt: skip
    ms = parse_text(text, "dmon.txt", "n1")
    temp = _one(ms, "dmon.gpu_temp", gpu=7)
    assert (temp.value, temp.unit) == (45, "C")
    assert _one(ms, "dmon.power", gpu=6).unit == "W"
    assert _one(ms, "dmon.energy", gpu=6).unit == "mJ"
    assert all(m.unit for m in ms)


# --- training logs of the frameworks ---------------------------------------------------


def test_megatron_iteration_lines_are_read():
    ms = _read("train-log", "megatron-lm-mixtral-8x7b-16xH100-iterations.log")
    assert {m.tool for m in ms} == {"train-log"}
    tflops = _one(ms, "tflops_per_gpu", sample=43)
    assert (tflops.value, tflops.unit) == (239.8, "TFLOP/s/GPU")
    assert _one(ms, "step_time", sample=45).value == 5718.6
    assert _one(ms, "step_time", sample=45).unit == "ms"
    assert _one(ms, "loss", sample=44).value == 1.875063
    assert _one(ms, "global_batch_size", sample=43).value == 128
    assert _one(ms, "consumed_samples", sample=45).value == 5760
    assert _one(ms, "grad_norm", sample=45).value == 1.611
    assert not [m for m in ms if "tokens" in m.metric]  # the line states none
    assert {(m.labels or {}).get("format") for m in ms} == {"megatron-lm"}


def test_torchtitan_step_lines_are_read():
    ms = _read("train-log", "torchtitan-moe-10steps.log")
    assert len([m for m in ms if m.metric == "mfu"]) == 10
    tps = _one(ms, "tokens_per_s_per_gpu", sample=10)
    assert (tps.value, tps.unit) == (121163, "tokens/s/GPU")  # "tps: 121,163"
    assert _one(ms, "tflops_per_gpu", sample=10).value == 65.78
    mfu = _one(ms, "mfu", sample=10)
    assert (mfu.value, mfu.unit) == (2.63, "%")
    assert _one(ms, "loss", sample=1).value == 4.09409
    memory = _one(ms, "memory_max_reserved", sample=10)
    assert (memory.value, memory.unit) == (3.18, "GiB")


def test_deepspeed_throughput_lines_are_read():
    ms = _read("train-log", "deepspeed-gpt-neox-bf16-step34.log")
    timer = [m for m in ms if (m.labels or {}).get("format") == "deepspeed"]
    assert {(m.metric, m.value, m.unit) for m in timer} == {
        ("samples_per_s", 8.00912418308922, "samples/s"),
        ("samples_per_s_running_avg", 7.864669709950182, "samples/s"),
        ("memory_allocated", 59.65, "GB"),
        ("memory_max_allocated", 63.31, "GB"),
    }
    neox = {
        m.metric: m.value for m in ms if (m.labels or {}).get("format") == "gpt-neox"
    }
    assert neox == {
        "samples_per_s": 7.799,
        "step_time": 4103.1,
        "tflops_per_gpu": 112.9,  # "approx flops per GPU: 112.9TFLOPS"
        "loss": 11.18665,
        "learning_rate": 2.111e-06,
        "skipped_iterations": 0,
        "nan_iterations": 0,
    }


def test_deepspeed_flops_profiler_summary():
    """Constructed from the flops profiler's summary lines (DeepSpeed
    ``deepspeed/profiling/flops_profiler/profiler.py``); no published one with
    a repository was found."""
    text = (
        "-------------------------- DeepSpeed Flops Profiler --------------------------\n"
        "fwd FLOPS per GPU = fwd flops per GPU / fwd latency:                   98.5 TFLOPS\n"
        "FLOPS per GPU = 3 * fwd flops per GPU / iter latency:                  102.3 TFLOPS\n"
        "samples/second:                                                        64.2\n"
    )
    ms = parse_text(text, "ds.log", "n1")
    assert {(m.metric, m.value, m.unit) for m in ms} == {
        ("tflops_per_gpu", 102.3, "TFLOP/s/GPU"),
        ("samples_per_s", 64.2, "samples/s"),
    }


def test_hf_trainer_train_metrics_block_is_read():
    ms = _read("train-log", "hf-trainer-llamafactory-qwen3-lora-train-metrics.txt")
    got = {m.metric: (m.value, m.unit) for m in ms}
    assert got == {
        "samples_per_s": (3.749, "samples/s"),
        "steps_per_s": (0.471, "steps/s"),
        "train_runtime": (14 * 60 + 32.12, "s"),
        "loss": (0.9993, ""),
        "total_flos": (11076.559, "TFLOP"),
    }


def test_hf_trainer_logged_dict_with_tokens_per_second():
    """Constructed in the form ``Trainer.log`` prints (a Python dict);
    ``train_tokens_per_second`` is per device (include_tokens_per_second)."""
    text = (
        "{'loss': 1.2, 'grad_norm': 0.5, 'learning_rate': 1e-05, 'epoch': 0.5}\n"
        "{'train_runtime': 120.5, 'train_samples_per_second': 33.2, "
        "'train_steps_per_second': 1.04, 'train_tokens_per_second': 4250.7, "
        "'train_loss': 1.1, 'epoch': 1.0}\n"
    )
    ms = parse_text(text, "hf.log", "n1")
    assert _one(ms, "tokens_per_s_per_gpu").value == 4250.7
    assert _one(ms, "samples_per_s").value == 33.2
    assert _one(ms, "loss").value == 1.1  # the summary's train_loss


def test_framework_log_with_a_damaged_figure_is_refused():
    text = (
        REAL / "train-log" / "megatron-lm-mixtral-8x7b-16xH100-iterations.log"
    ).read_text()
    damaged = text.replace("(TFLOP/s/GPU): 236.0", "(TFLOP/s/GPU): 23x6.0")
    with pytest.raises(ResultsImportError, match=r":2: .*not a number"):
        parse_text(damaged, "m.log")


# --- nccl-tests row variants of the current version ---------------------------------------


def _with_rows(rows: list[str]) -> str:
    text = (REAL / "nccl-tests" / WRONG).read_text().splitlines()
    head = [line for line in text if line.startswith("#")][:11]
    return "\n".join(
        head
        + rows
        + ["# Out of bounds values : 0 OK", "# Avg bus bandwidth    : 1.0 ", ""]
    )


def test_nccl_rows_with_a_timestamp():
    """Constructed in the layout of ``writeBenchmarkLineBody`` and
    ``writeTimestamp`` (NVIDIA/nccl-tests @ a0b82b2, src/util.cu): a run with
    timestamps appends ``%Y-%m-%d %H:%M:%S`` to each row."""
    row = (
        "   134217728      33554432     float     sum      -1  5869.38   22.87   22.87"
        "       0  5886.67   22.80   22.80       0  2026-01-23 10:00:01"
    )
    ms = parse_text(_with_rows([row]), "ts.txt")
    assert _one(ms, "all_reduce.out_of_place.busbw", size_bytes=2**27).value == 22.87
    assert _one(ms, "all_reduce.in_place.busbw", size_bytes=2**27).value == 22.80


def test_nccl_rows_with_per_iteration_statistics():
    """Constructed in the layout of nccl-tests' per-iteration report (src/util.cu
    @ a0b82b2): ``i_min i_max i_p99 i_cv%`` after each place's four columns."""
    row = (
        "   134217728      33554432     float     sum      -1  5869.38   22.87   22.87"
        "       0  5801.10  5990.20  5985.00     0.80  5886.67   22.80   22.80"
        "       0  5820.00  5995.50  5990.10     0.70"
    )
    ms = parse_text(_with_rows([row]), "iter.txt")
    size = 2**27
    assert _one(ms, "all_reduce.in_place.busbw", size_bytes=size).value == 22.80
    assert _one(ms, "all_reduce.out_of_place.i_p99", size_bytes=size).value == 5985.00
    assert _one(ms, "all_reduce.in_place.i_cv", size_bytes=size).unit == "%"


# --- what a folder or archive import leaves out, and why -------------------------------


def _kit_folder(root: Path) -> Path:
    node = root / "vendor" / "node01"
    node.mkdir(parents=True)
    for name in (
        "fio-2.2.10-randread-8jobs-group-reporting.log",
        "fio-3.25-sync-write-fdatasync-nsec-percentiles-normal.txt",
    ):
        (node / name).write_bytes((REAL / "fio" / name).read_bytes())
    (node / "dcgmi_diag.err.log").write_text(
        "Error: unable to connect to host engine\n"
    )
    (node / "lscpu.info.txt").write_text("Architecture: x86_64\n")
    (node / "10_dcgm_diag.sh").write_text("#!/bin/bash\n")
    (node / ".DS_Store").write_bytes(b"\x00\x01")
    return root / "vendor"


def test_folder_import_reads_tool_logs_and_lists_every_skipped_file(tmp_path: Path):
    """Finding: a folder import skipped ``*.log`` files without listing them (a
    fio report named ``fio_randread.log`` was lost without a word)."""
    report = import_results([_kit_folder(tmp_path)])
    assert sorted(Path(f).name for f in report.imported) == [
        "fio-2.2.10-randread-8jobs-group-reporting.log",
        "fio-3.25-sync-write-fdatasync-nsec-percentiles-normal.txt",
    ]
    assert not report.refused
    skipped = {Path(s.file).name: s.reason for s in report.skipped}
    assert set(skipped) == {
        "dcgmi_diag.err.log",
        "lscpu.info.txt",
        "10_dcgm_diag.sh",
        ".DS_Store",
    }
    assert "no tool's output" in skipped["dcgmi_diag.err.log"]
    assert all(
        reason.endswith(("not a result", "not read")) for reason in skipped.values()
    )


def test_nested_results_archive_is_read(tmp_path: Path):
    """Finding: a kit archive holding the nodes' ``results_<host>.tar.gz`` was
    refused as "cut or edited". One level of archives inside is read."""
    import io
    import tarfile

    inner = io.BytesIO()
    with tarfile.open(fileobj=inner, mode="w:gz") as tar:
        for name in ("rtx5090-1node-2rank-allreduce-mpi-v2.18.0-tag-output.txt",):
            data = (REAL / "nccl-tests" / name).read_bytes()
            info = tarfile.TarInfo(f"results/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        note = b"notes\n"
        info = tarfile.TarInfo("results/README.md")
        info.size = len(note)
        tar.addfile(info, io.BytesIO(note))
    outer_path = tmp_path / "vendor_bundle.tar.gz"
    with tarfile.open(outer_path, mode="w:gz") as tar:
        data = inner.getvalue()
        info = tarfile.TarInfo("bundle/results_node07.tar.gz")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    report = import_results([outer_path])
    assert not report.refused
    assert [Path(s.file).name for s in report.skipped] == ["README.md"]
    ms = report.measurements
    assert _one(ms, "all_reduce.avg_busbw").value == 1.57614
    # the node is the one the output names (rank list), the file names the path
    assert ms[0].file.endswith(
        "results_node07.tar.gz/results/"
        + "rtx5090-1node-2rank-allreduce-mpi-v2.18.0-tag-output.txt"
    )


def test_refusals_of_complete_outputs_say_what_is_missing():
    """Finding: refusals of complete outputs said the file was "cut or edited"."""
    cases = {
        "name, temperature.gpu\nTesla T4, 48\n": "unsupported",
        "step,tokens_per_s,loss,extra\n1,2,3,4\n": "unsupported",
        "index, temperature.gpu\n": "no_result",
    }
    for text, kind in cases.items():
        with pytest.raises(ResultsImportError) as err:
            parse_text(text, "x.csv")
        assert refusal_kind(err.value.reason).value == kind, text


# --- the Measurement's status: saved when set, absent otherwise ----------------------


def test_status_survives_save_and_load_and_old_plans_are_unchanged(tmp_path: Path):
    from gpu_advisor.io.project_file import (
        canonical_json,
        dumps_project,
        load_project,
        save_project,
    )
    from gpu_advisor.model.project import Project, Vendor

    table = (
        REAL / "dcgmi" / "dcgm-3.3.9-diag-r3-4xA10G-targeted-power-gpu1-fail.txt"
    ).read_text()
    ms = parse_text(table, "d.txt", "n1")
    project = Project(vendors=[Vendor(name="A", measurements=ms)])
    path = tmp_path / "p.gpuplan"
    save_project(project, path)
    assert load_project(path).vendors[0].measurements == ms
    assert {m.status for m in ms} == {"pass", "fail", "skip", "incomplete"}
    old = Measurement(tool="fio", metric="w.write.bw", value=4.6, unit="GB/s")
    plain = Project(vendors=[Vendor(name="A", measurements=[old])])
    assert old.model_dump().keys() == {
        "tool", "metric", "value", "unit", "file", "node", "gpu", "size_bytes", "sample"
    }  # fmt: skip
    assert '"status"' not in dumps_project(plain).split('"measurements"')[1]
    assert b'"status"' not in canonical_json(plain).split(b'"measurements"')[1]


def test_iperf3_text_with_two_runs_reads_both_in_order():
    """Two reports pasted one after the other (YuXiangLo/bandwitch's iperf3.md
    holds a -R run then a forward run): both are read, ``sample`` numbering them."""
    reverse = (REAL / "iperf3" / "iperf3-text-reverse-1stream-5s.txt").read_text()
    forward = reverse.replace(
        "Reverse mode, remote host 140.112.30.186 is sending\n", ""
    )
    ms = parse_text(reverse + forward, "two.txt", "n1")
    assert [m.sample for m in ms if m.metric == "tcp.sent"] == [0, 1]


def test_nvidia_smi_dmon_keeps_the_units_of_its_units_line():
    """Constructed in nvidia-smi dmon's layout (header, ``# Idx`` units line,
    ``-`` for a figure the GPU does not report): no published output with
    values tied to a repository was found."""
    text = (
        "# gpu   pwr  gtemp  mtemp    sm   mem   enc   dec  mclk  pclk\n"
        "# Idx     W      C      C     %     %     %     %   MHz   MHz\n"
        "    0   145     72      -    87    91     0     0  9501  1980\n"
        "    1   150     74      -    88    90     0     0  9501  1980\n"
    )
    ms = parse_text(text, "dmon.txt", "n1")
    temp = _one(ms, "dmon.gtemp", gpu=1)
    assert (temp.value, temp.unit, temp.tool) == (74, "C", "nvidia-smi-dmon")
    assert _one(ms, "dmon.pwr", gpu=0).unit == "W"
    assert not [m for m in ms if m.metric == "dmon.mtemp"]  # "-": not reported
