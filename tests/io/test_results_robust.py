"""Result import on hostile and damaged input: reasons in words, never a traceback.

Own fixtures for the real-world variants are in ``tests/data/results/variants``.
The damaged-bytes properties are in ``test_results_damage.py``.
"""

from __future__ import annotations

import io
import json
import os
import sys
import tarfile
import threading
from pathlib import Path

import pytest

from gpu_advisor.cli import main
from gpu_advisor.io.results_import import (
    ImportCancelledError,
    ResultsImportError,
    import_results,
    parse_results,
    parse_text,
)
from tests.evidence_samples import RESULTS

VARIANTS = RESULTS / "variants"
A1 = RESULTS / "vendor_a" / "node01"


def _values(path: Path) -> dict[tuple[str, int | None, int | None], float]:
    return {(m.metric, m.gpu, m.size_bytes): m.value for m in parse_results([path])}


# --- own fixtures of the variants ----------------------------------------------------


def test_old_nccl_table_indented_with_error_and_na():
    # the paste names no collective: unknown, whatever the file is called
    v = _values(VARIANTS / "nccl_allreduce_old_table.txt")
    assert v[("unknown_collective.avg_busbw", None, None)] == 102.62
    assert v[("unknown_collective.out_of_place.busbw", None, 2**31)] == 190.22
    assert v[("unknown_collective.in_place.busbw", None, 2**31)] == 189.74
    assert v[("unknown_collective.out_of_place.error", None, 2**20)] == 7e-07
    assert ("unknown_collective.in_place.error", None, 2**20) not in v  # N/A


def test_iperf3_json_after_terminal_junk_and_node_from_system_info():
    ms = parse_results([VARIANTS / "iperf3_terminal_junk.json"])
    assert {m.metric: m.value for m in ms}["tcp.sent"] == 95.0
    assert {m.node for m in ms} == {"gpu-n7"}


def test_dmon_any_fields_per_gpu():
    ms = parse_results([VARIANTS / "dcgmi_dmon_prof.txt"])
    got = {(m.metric, m.gpu): m.value for m in ms}
    assert got[("dmon.tensor_active", 1)] == 0.60
    assert got[("dmon.nvlink_tx", 0)] == 96e9
    assert {m.sample for m in ms} == {1}


def test_xml_v13_power_and_bus_order():
    v = _values(VARIANTS / "nvidia_smi_v13_swapped_minor.xml")
    assert v[("temperature.gpu", 0, None)] == 41  # 81:00.0, minor_number 1
    assert v[("power.draw", 0, None)] == 305.52  # instant_power_draw
    assert ("power.draw", 1, None) not in v  # N/A everywhere


def test_csv_flags_and_no_identifiers():
    ms = parse_results([VARIANTS / "nvidia_smi_throttle_serial.csv"])
    got = {(m.metric, m.gpu): m.value for m in ms}
    assert got[("throttle.sw_power_cap", 0)] == 1.0
    assert got[("throttle.sw_power_cap", 1)] == 0.0
    assert not [m for m in ms if m.metric in ("serial", "name")]


def test_dcgm4_gpu_lines_not_confused_with_wrapped_details():
    ms = parse_results([VARIANTS / "dcgmi_diag_dcgm4.txt"])
    assert [(m.gpu, m.value) for m in ms] == [(None, 0.0), (0, 1.0), (1, 0.0)]


# --- bytes that crashed the parsers (issue 12) -----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "step,tokens_per_s,loss\n²,100,2.0\n",
        "index, temperature.gpu\n²,41\n",
        "step,tokens_per_s,loss\n" + "9" * 5000 + ",100,2.0\n",
        '{"start": {"test_start": []}, "end": {"sum_sent": {"bits_per_second": '
        + "9" * 5000
        + "}}}",
        '{"start": [], "intervals": [], "end": []}',
        '{"start": {"system_info": 5, "test_start": {"protocol": []}}, "end": {}}',
        "index, temperature.gpu\n0," + "x" * (200 * 1024) + "\n",
        'step,tokens_per_s,loss\n1,100,"' + "x" * (200 * 1024) + '"\n',
        "| Diagnostic | Result |\n|----- Hardware ----+---|\n| memory | Fail - GPUs: "
        + "1" * 5000
        + " |\n",
        "#Entity GRACT\nID\nGPU 0 1e999\n",
        "# nThread 1\n"
        + "1" * 30
        + " 2 float sum -1 1 1 1 0 1 1 1 0\n# Avg bus bandwidth : 1\n",
    ],
)
def test_former_tracebacks_are_reasons(text):
    with pytest.raises(ResultsImportError) as info:
        parse_text(text, "x.txt", None)
    assert str(info.value).startswith("x.txt")


def test_array_where_an_object_belongs_is_not_a_traceback():
    text = (
        '{"fio version": "fio-3.3", "jobs": [{"jobname": "j", "read": {"io_bytes": 1,'
        ' "bw_bytes": 1000000000, "iops": 1, "clat_ns": []}}]}'
    )
    ms = parse_text(text, "fio.json", None)
    assert [(m.metric, m.value) for m in ms] == [
        ("j.read.bw", 1.0),
        ("j.read.iops", 1.0),
    ]


def test_json_array_where_object_expected(tmp_path):
    bad = tmp_path / "fio.json"
    bad.write_text('[{"fio version": "fio-3.3"}]')
    with pytest.raises(ResultsImportError, match="JSON object"):
        parse_results([bad])


# --- the folder: every good file, each refused one with its reason ---------------------


def test_one_bad_file_does_not_refuse_the_folder(tmp_path):
    folder = tmp_path / "vendor" / "node01"
    folder.mkdir(parents=True)
    (folder / "train_log.csv").write_text(
        "step,tokens_per_s,loss\n1,100,2.0\n2,oops,1.9\n"
    )
    (folder / "iperf3.json").write_bytes(
        (A1 / "iperf3_node01_to_node02.json").read_bytes()
    )
    report = import_results([tmp_path / "vendor"])
    assert report.imported == [(folder / "iperf3.json").as_posix()]
    assert [Path(r.file).name for r in report.refused] == ["train_log.csv"]
    assert report.refused[0].line == 3
    # nothing from the refused file: the good first row is not imported either
    assert {m.tool for m in report.measurements} == {"iperf3"}
    with pytest.raises(ResultsImportError, match=r"train_log.csv:3"):
        parse_results([tmp_path / "vendor"])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_fifo_is_refused_without_hanging(tmp_path, capsys):
    os.mkfifo(tmp_path / "nccl.txt")
    (tmp_path / "iperf3.json").write_bytes(
        (A1 / "iperf3_node01_to_node02.json").read_bytes()
    )
    done: list[int] = []
    worker = threading.Thread(
        target=lambda: done.append(main(["parse-results", str(tmp_path)])), daemon=True
    )
    worker.start()
    worker.join(timeout=20)
    assert done == [0], "parse-results hung on a FIFO"
    err = capsys.readouterr().err
    assert "nccl.txt: a FIFO (named pipe), not a regular file" in err


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_device_and_link_out_of_the_folder_are_refused(tmp_path):
    outside = tmp_path / "outside.csv"
    outside.write_text("step,tokens_per_s,loss\n1,100,2.0\n")
    folder = tmp_path / "results"
    folder.mkdir()
    (folder / "zero.txt").symlink_to("/dev/zero")
    (folder / "secret.csv").symlink_to(outside)
    (folder / "inside.csv").symlink_to(folder / "real.csv")
    (folder / "real.csv").write_text("step,tokens_per_s,loss\n1,100,2.0\n")
    report = import_results([folder])
    reasons = {Path(r.file).name: r.reason for r in report.refused}
    assert "outside the chosen folder" in reasons["secret.csv"]
    assert "outside the chosen folder" in reasons["zero.txt"]
    assert sorted(Path(f).name for f in report.imported) == ["inside.csv", "real.csv"]
    with pytest.raises(ResultsImportError, match="a device, not a regular file"):
        parse_results([Path("/dev/zero")])


@pytest.mark.skipif(sys.platform == "win32", reason="control characters in names")
def test_control_characters_in_file_names_are_escaped(tmp_path, capsys):
    bad = tmp_path / "evil\x1b[2J\nname.txt"
    bad.write_text("hello")
    assert main(["parse-results", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err
    assert "evil\\x1b[2J\\nname.txt" in err
    assert err.count("\n") == 1


def test_cancel_imports_nothing_and_progress_counts(tmp_path):
    seen: list[tuple[int, int]] = []
    report = import_results(
        [RESULTS / "vendor_a"], progress=lambda d, t: seen.append((d, t))
    )
    assert seen[-1][0] == seen[-1][1] == len(seen)
    assert report.measurements
    with pytest.raises(ImportCancelledError):
        import_results([RESULTS / "vendor_a"], cancelled=lambda: len(seen) > 2)


# --- the kit's results_<host>.tar.gz archives (issue 19) --------------------------------


def _add(tar: tarfile.TarFile, name: str, data: bytes, **kind: object) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    for key, value in kind.items():
        setattr(info, key, value)
    tar.addfile(info, io.BytesIO(data) if info.isfile() else None)


def _kit_archive(path: Path) -> None:
    iperf = (A1 / "iperf3_node01_to_node02.json").read_bytes()
    with tarfile.open(path, "w:gz") as tar:
        _add(tar, "results/gpu-n1/iperf3.json", iperf)
        _add(
            tar, "results/gpu-n1/train_log.csv", b"step,tokens_per_s,loss\n1,100,2.0\n"
        )
        _add(tar, "results/gpu-n1/lscpu.info.txt", b"Architecture: x86_64\n")
        _add(tar, "results/gpu-n1/bad.csv", b"step,tokens_per_s,loss\n1,x,2\n")
        _add(tar, "../../etc/evil.csv", b"step,tokens_per_s,loss\n1,100,2.0\n")
        _add(
            tar,
            "results/gpu-n1/link.csv",
            b"",
            type=tarfile.SYMTYPE,
            linkname="/etc/passwd",
        )
        _add(tar, "results/gpu-n1/dev.csv", b"", type=tarfile.CHRTYPE)


def test_kit_archive_imports_directly(tmp_path, capsys):
    archive = tmp_path / "results_gpu-n1.tar.gz"
    _kit_archive(archive)
    before = sorted(p.name for p in tmp_path.iterdir())
    report = import_results([archive])
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing extracted
    assert [Path(f).name for f in report.imported] == ["iperf3.json", "train_log.csv"]
    reasons = {r.file.rsplit("/", 1)[-1]: r.reason for r in report.refused}
    assert set(reasons) == {"bad.csv", "evil.csv", "link.csv", "dev.csv"}
    assert "outside the archive" in reasons["evil.csv"]
    assert "a link inside the archive" in reasons["link.csv"]
    assert "device" in reasons["dev.csv"]
    tokens = [m for m in report.measurements if m.metric == "tokens_per_s"]
    assert tokens[0].node == "gpu-n1"
    assert tokens[0].file == "results_gpu-n1.tar.gz/results/gpu-n1/train_log.csv"
    # in a folder, the archive is read too
    assert main(["parse-results", str(tmp_path), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == len(report.measurements)


def test_damaged_archive_is_one_refused_file(tmp_path):
    archive = tmp_path / "results_n1.tar.gz"
    _kit_archive(archive)
    archive.write_bytes(archive.read_bytes()[:200])
    report = import_results([archive])
    assert not report.measurements
    assert len(report.refused) == 1
    assert "results_n1.tar.gz" in report.refused[0].file
