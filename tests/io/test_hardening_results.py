"""Issue #33: ``parse-results`` memory and time.

On the code before the fix a 64 MiB nccl-tests file (within the per-file
cap) took 128 s and 9.4 GB of memory (600,000 rows became 4.8 million
figures before anything was refused), an 8 MB ``.tar.gz`` of such files
still ran after minutes, and a 2 GiB archive was read whole before being
refused. The files are synthetic variants built at test time from the real
nccl-tests output ``gh200-2node-2rank-allreduce-v2.17.8-wrong-values-failed.txt``
(its header, then its result rows repeated); nothing derived is stored.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
import textwrap
import time
from pathlib import Path

import pytest

from gpu_advisor.io.results_archive import MAX_ARCHIVE_BYTES
from gpu_advisor.io.results_import import import_results
from gpu_advisor.io.results_nccl import MAX_NCCL_ROWS
from gpu_advisor.io.results_parsers import MAX_FIGURES_PER_FILE

SAMPLE = (
    Path(__file__).resolve().parents[1]
    / "data"
    / "real-samples"
    / "nccl-tests"
    / "gh200-2node-2rank-allreduce-v2.17.8-wrong-values-failed.txt"
)


def _rows_file(path: Path, size_bytes: int) -> Path:
    """The sample's header and result rows, the rows repeated up to ``size_bytes``."""
    lines = SAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    header = "".join(lines[:first])
    rows = "".join(
        line for line in lines if line.strip()[:1].isdigit() and len(line.split()) > 10
    )
    body = header + rows * (size_bytes // len(rows) + 1)
    path.write_text(body[:size_bytes], encoding="utf-8")
    return path


def test_a_file_of_endless_rows_is_refused_before_it_becomes_figures(
    tmp_path: Path,
) -> None:
    if not SAMPLE.exists():
        pytest.skip("sample missing")
    path = _rows_file(tmp_path / "nccl.txt", 4 * 2**20)
    start = time.monotonic()
    report = import_results([path])
    assert time.monotonic() - start < 10
    assert report.measurements == []
    (refused,) = report.refused
    assert f"more than {MAX_NCCL_ROWS:,} result rows" in refused.reason


def test_no_file_gives_more_figures_than_a_vendor_holds() -> None:
    assert MAX_NCCL_ROWS * 8 <= MAX_FIGURES_PER_FILE


def test_an_archive_declaring_more_than_the_cap_is_refused_at_its_header(
    tmp_path: Path,
) -> None:
    info = tarfile.TarInfo("results/n1/nccl.txt")
    info.size = MAX_ARCHIVE_BYTES + 1
    raw = io.BytesIO()
    raw.write(info.tobuf(format=tarfile.PAX_FORMAT))  # its data never follows
    path = tmp_path / "results_n1.tar"
    path.write_bytes(raw.getvalue())
    report = import_results([path])
    assert [r.reason for r in report.refused] == [
        f"more than {MAX_ARCHIVE_BYTES} bytes inside"
    ]


@pytest.mark.skipif(os.name == "nt", reason="sparse files")
def test_a_2_gib_archive_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "results_n1.tar.gz"
    with path.open("wb") as handle:
        handle.truncate(2 * 2**30)  # sparse: nothing to read, 2 GiB to the stat
    start = time.monotonic()
    report = import_results([path])
    assert time.monotonic() - start < 2
    (refused,) = report.refused
    assert f"larger than {MAX_ARCHIVE_BYTES} bytes" in refused.reason


_RUNNER = textwrap.dedent(
    """
    import json, sys, time
    def peak_mb():  # this process's own peak (ru_maxrss counts the parent's)
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        raise RuntimeError("no VmHWM")
    from gpu_advisor.cli import main
    out = []
    for name in sys.argv[1:]:
        start = time.monotonic()
        status = main(["parse-results", name])
        out.append({"status": status, "seconds": time.monotonic() - start,
                    "rss_mb": peak_mb()})
    print(json.dumps(out))
    """
)


@pytest.mark.deep
@pytest.mark.skipif(
    not Path("/proc/self/status").exists(), reason="a process's peak memory"
)
def test_a_64_mib_file_and_an_8_mb_archive_within_30_s_and_1_gb(
    tmp_path: Path,
) -> None:
    big = _rows_file(tmp_path / "nccl.txt", 64 * 2**20 - 1)
    data = big.read_bytes()
    archive = tmp_path / "results_n1.tar.gz"
    with tarfile.open(archive, "w:gz", compresslevel=9) as tar:
        for index in range(40):  # 2.5 GB inside, as the archive
            info = tarfile.TarInfo(f"results/n{index}/nccl.txt")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    assert archive.stat().st_size < 16 * 2**20
    done = subprocess.run(
        [sys.executable, "-c", _RUNNER, str(big), str(archive)],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    for result in json.loads(done.stdout.splitlines()[-1]):
        assert result["status"] == 2
        assert result["seconds"] < 30, result
        assert result["rss_mb"] < 1024, result


def test_an_import_stops_once_it_holds_more_than_a_plan_can(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gpu_advisor.io import results_import

    folder = tmp_path / "vendor"
    folder.mkdir()
    for index in range(3):
        (folder / f"nccl_{index}.txt").write_bytes(SAMPLE.read_bytes())
    monkeypatch.setattr(results_import, "MAX_MEASUREMENTS_TOTAL", 250)
    with pytest.raises(results_import.ResultsImportError, match="more than 250"):
        import_results([folder])
