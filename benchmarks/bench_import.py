"""Benchmark result import: a 1,000-file, 100 MB folder (budget ≤ 10 s), memory, fuzz.

* Folder: 1,000 files of about 100 kB each (nccl-tests runs with
  ``NCCL_DEBUG=INFO`` chatter, iperf3 ``-J`` with per-second intervals of
  8 streams, fio JSON), as a vendor's results folder of a large cluster; one
  file in ten is refused (an interrupted or crashed nccl-tests run, a failed
  iperf3 or fio run, iperf3 text without ``-J``).
* Memory: peak Python allocation (``tracemalloc``) while parsing a 10 MB
  training log, per MB of input (target ≤ 20 MB per MB).
* The app's path: the same folder through the import dialog's worker, with
  its progress updates and the two lists filled; and Cancel at file 100
  (the dialog closes, nothing is imported).
* Fuzz: ``FUZZ_PER_PARSER`` generated damaged files per format, each must be
  imported or refused with a reason, never raise.

Run as a script for the figures, or with ``pytest benchmarks/bench_import.py
--benchmark-enable``.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from gpu_advisor.io.results_import import import_results, parse_text

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "tests" / "data" / "results"
FUZZ_SOURCES = [
    SAMPLES / "vendor_a" / "node01" / "nccl_all_reduce_perf_1node.txt",
    SAMPLES / "vendor_a" / "node01" / "iperf3_node01_to_node02.json",
    SAMPLES / "vendor_a" / "node01" / "train_log.csv",
    *sorted((SAMPLES / "variants").iterdir()),
    *sorted(p for p in (SAMPLES / "vendor_a" / "node01").iterdir() if "fio" in p.name),
    *sorted(
        p for p in (SAMPLES / "vendor_a" / "node01").iterdir() if "nvidia" in p.name
    ),
]
FUZZ_PER_PARSER = 1000


def _nccl(size_kb: int, host: str) -> str:
    rows = [
        "# nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor)",
        "# Collective test starting: all_reduce_perf",
        f"#  Rank  0 Group  0 Pid  1 on {host} device  0 [0x07] NVIDIA H100",
    ]
    chatter = (
        f"{host}:1:1 [0] NCCL INFO Channel 00/32 : 0 1 2 3 4 5 6 7 via P2P/IPC/read"
    )
    while sum(len(r) for r in rows) < size_kb * 1000 - 4000:
        rows.append(chatter)
    size = 8
    while size <= 8 * 2**30:
        rows.append(
            f"{size:>12} {size // 4:>12} float sum -1 100.1 1.00 1.75 0 99.9 1.00 1.75 0"
        )
        size *= 2
    rows += ["# Out of bounds values : 0 OK", "# Avg bus bandwidth    : 120.5", ""]
    return "\n".join(rows)


def _iperf3(size_kb: int) -> str:
    stream = {"socket": 5, "start": 0, "end": 1, "seconds": 1, "bytes": 1.1e9,
              "bits_per_second": 9.4e9, "retransmits": 0, "snd_cwnd": 3e6, "omitted": False}  # fmt: skip
    intervals: list[dict[str, Any]] = []
    doc: dict[str, Any] = {
        "start": {"system_info": "Linux n1 5.15", "test_start": {"protocol": "TCP", "num_streams": 8}},
        "intervals": intervals,
        "end": {"sum_sent": {"bits_per_second": 7.5e10, "retransmits": 3},
                "sum_received": {"bits_per_second": 7.4e10}},
    }  # fmt: skip
    while len(json.dumps(doc)) < size_kb * 1000:
        intervals.append({"streams": [stream] * 8, "sum": stream})
    return json.dumps(doc, indent=1)


def _fio(size_kb: int) -> str:
    job = {"jobname": "ckpt", "error": 0,
           "write": {"io_bytes": 1, "bw_bytes": 2e9, "bw": 1953125, "iops": 1900.5,
                     "clat_ns": {"percentile": {"50.000000": 4e6, "99.000000": 8e6},
                                 "bins": {}}}}  # fmt: skip
    bins = job["write"]["clat_ns"]["bins"]  # type: ignore[index]
    i = 0
    while len(json.dumps(job)) < size_kb * 1000:
        bins[str(1000 + i)] = i
        i += 1
    return json.dumps({"fio version": "fio-3.33", "jobs": [job]}, indent=1)


def _refused_templates(size_kb: int) -> list[tuple[str, str]]:
    """(file name, text) of outputs the import refuses, each about ``size_kb`` kB."""
    nccl = _nccl(size_kb, "n1")
    interrupted = nccl.split("# Out of bounds")[0]  # killed before the summary
    crashed = nccl.replace(
        "# Out of bounds", "n1: Test NCCL failure common.cu:1005 'unhandled error'\n#"
    )
    iperf = json.loads(_iperf3(size_kb))
    iperf["error"] = "unable to connect to server: Connection refused"
    fio = json.loads(_fio(size_kb))
    fio["jobs"][0]["error"] = 5
    text_iperf = (
        "Connecting to host 10.0.0.2, port 5201\n"
        + (
            "[  5]   0.00-1.00   sec  1.09 GBytes  9.38 Gbits/sec    0   3.01 MBytes\n"
            * (size_kb * 1000 // 75)
        )
        + "[  5]   0.00-10.00  sec  10.9 GBytes  9.38 Gbits/sec    0             sender\n"
    )
    return [
        ("nccl_interrupted.txt", interrupted),
        ("nccl_crashed.txt", crashed),
        ("iperf3_failed.json", json.dumps(iperf, indent=1)),
        ("fio_failed.json", json.dumps(fio, indent=1)),
        ("iperf3_text.txt", text_iperf),
    ]


REFUSED_EVERY = 10
"""One file in ten of the generated folder is refused (a failed, crashed or
interrupted run, iperf3 text): the dialog lists them with their reasons."""


def make_folder(folder: Path, files: int = 1000, size_kb: int = 100) -> tuple[int, int]:
    """Write ``files`` result files of about ``size_kb`` kB.

    Every :data:`REFUSED_EVERY`-th file is one the import refuses. Returns
    (total bytes, files that should be refused).
    """
    good = [
        ("nccl_all_reduce.txt", _nccl(size_kb, "n1")),
        ("iperf3.json", _iperf3(size_kb)),
        ("fio.json", _fio(size_kb)),
    ]
    bad = _refused_templates(size_kb)
    total = refused = 0
    for i in range(files):
        node = folder / f"node{i // 10:03d}"
        node.mkdir(parents=True, exist_ok=True)
        if i % REFUSED_EVERY == REFUSED_EVERY - 1:
            name, text = bad[(i // REFUSED_EVERY) % len(bad)]
            refused += 1
        else:
            name, text = good[i % len(good)]
        (node / f"{i}_{name}").write_text(text)
        total += len(text)
    return total, refused


def time_folder_import(folder: Path) -> tuple[float, float, int, int]:
    """(wall seconds, CPU seconds of this process, imported, refused).

    The CPU figure is what the import costs on an idle machine; the wall
    figure also counts the time other programs held the cores.
    """
    start, cpu = time.perf_counter(), time.process_time()
    report = import_results([folder])
    return (
        time.perf_counter() - start,
        time.process_time() - cpu,
        len(report.imported),
        len(report.refused),
    )


def time_dialog_import(
    folder: Path, cancel_after: int | None = None
) -> dict[str, float]:
    """The app's path: :class:`~gpu_advisor.ui.import_dialog.ImportDialog` reads the
    folder in its worker, shows progress, then fills the two lists.

    Returns seconds until the list is shown (or, with ``cancel_after``, until the
    dialog has closed after Cancel was pressed at that file), the number of
    progress updates the GUI thread received, and the files listed.
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from gpu_advisor.ui.import_dialog import ImportDialog

    app = QApplication.instance() or QApplication([])
    dialog = ImportDialog([folder], "bench")
    updates = 0
    loop = QEventLoop()

    def on_progress(done: int) -> None:
        nonlocal updates
        updates += 1
        if cancel_after is not None and done >= cancel_after:
            dialog.cancel_button.click()

    dialog.progress_bar.valueChanged.connect(on_progress)
    dialog.finished.connect(loop.quit)
    start, cpu = time.perf_counter(), time.process_time()
    dialog.open()
    dialog.start()
    poll = QTimer()

    def check_listed() -> None:
        if dialog.report is not None:
            loop.quit()

    poll.timeout.connect(check_listed)
    poll.start(50)
    loop.exec()
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu
    poll.stop()
    refused = dialog.refused_table.rowCount()
    listed = dialog.imported_table.rowCount() + refused
    closed = not dialog.isVisible() and dialog.report is None
    dialog.wait_idle()
    dialog.reject()
    dialog.deleteLater()
    app.processEvents()
    return {
        "seconds": seconds,
        "cpu_seconds": cpu_seconds,
        "updates": float(updates),
        "listed": float(listed),
        "refused": float(refused),
        "closed": float(closed),
    }


def train_log_memory(megabytes: int = 10) -> tuple[float, float]:
    """(peak MB per MB of input, input MB) while parsing a training log."""
    rows = ["step,tokens_per_s,loss,gpus"]
    step = 0
    size = len(rows[0]) + 1
    while size < megabytes * 10**6:
        step += 1
        rows.append(f"{step},{250000 + step % 977}.5,{2.5 - step * 1e-7:.6f},64")
        size += len(rows[-1]) + 1
    text = "\n".join(rows) + "\n"
    size_mb = len(text) / 10**6
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    measurements = parse_text(text, "train_log.csv", "n1")
    peak = tracemalloc.get_traced_memory()[1] - base
    tracemalloc.stop()
    assert measurements
    return peak / 10**6 / size_mb, size_mb


def fuzz(per_parser: int = FUZZ_PER_PARSER, seed: int = 17) -> tuple[int, int, int]:
    """(files, imported, refused) over damaged copies of each known format."""
    rng = random.Random(seed)
    imported = refused = files = 0
    for source in FUZZ_SOURCES:
        original = source.read_bytes()
        for _ in range(per_parser):
            data = bytearray(original)
            for _ in range(rng.randint(1, 4)):
                at = rng.randint(0, len(data))
                action = rng.choice(("insert", "cut", "repeat", "flip"))
                if action == "insert":
                    data[at:at] = bytes(
                        rng.randint(0, 255) for _ in range(rng.randint(1, 16))
                    )
                elif action == "cut":
                    del data[at : at + rng.randint(1, 200)]
                elif action == "repeat":
                    data[at:at] = data[at : at + rng.randint(1, 200)] * rng.randint(
                        1, 50
                    )
                elif data:
                    data[min(at, len(data) - 1)] ^= 1 << rng.randint(0, 7)
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / source.name
                path.write_bytes(bytes(data))
                report = import_results([path])  # must not raise
            files += 1
            if report.refused:
                assert not report.measurements
                refused += 1
            else:
                imported += 1
    return files, imported, refused


def test_bench_folder_import(benchmark: Any, tmp_path: Path) -> None:
    _, refused = make_folder(tmp_path, files=100)
    report = benchmark(import_results, [tmp_path])
    assert (len(report.imported), len(report.refused)) == (100 - refused, refused)


def test_bench_dialog_import(benchmark: Any, tmp_path: Path) -> None:
    make_folder(tmp_path, files=100)
    shown = benchmark(time_dialog_import, tmp_path)
    assert shown["listed"] == 100


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        total, expected_refused = make_folder(Path(folder))
        seconds, cpu, imported, refused = time_folder_import(Path(folder))
        assert refused == expected_refused, (refused, expected_refused)
        print(
            f"folder import: 1000 files, {total / 1e6:.1f} MB: {seconds:.2f} s wall, "
            f"{cpu:.2f} s CPU ({imported} imported, {refused} refused; budget 10 s; "
            f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
        )
        shown = time_dialog_import(Path(folder))
        print(
            f"app dialog (worker, progress, lists): {shown['seconds']:.2f} s wall, "
            f"{shown['cpu_seconds']:.2f} s CPU until "
            f"{shown['listed']:.0f} files are listed ({shown['refused']:.0f} refused "
            f"with reasons), {shown['updates']:.0f} progress updates (budget 10 s; "
            f"load average {os.getloadavg()[0]:.1f})"
        )
        cancelled = time_dialog_import(Path(folder), cancel_after=100)
        assert cancelled["closed"]
        assert not cancelled["listed"]
        print(
            f"app dialog, Cancel at file 100: closed after {cancelled['seconds']:.2f} s "
            f"wall, {cancelled['cpu_seconds']:.2f} s CPU, {cancelled['listed']:.0f} "
            "files listed, nothing imported"
        )
    per_mb, size_mb = train_log_memory()
    print(
        f"training log {size_mb:.1f} MB: peak {per_mb:.1f} MB per MB of input (target 20)"
    )
    per = int(sys.argv[1]) if len(sys.argv) > 1 else FUZZ_PER_PARSER
    files, ok, bad = fuzz(per)
    print(
        f"fuzz: {files} files ({len(FUZZ_SOURCES)} formats x {per}): {ok} imported, {bad} refused, 0 tracebacks"
    )


if __name__ == "__main__":
    main()
