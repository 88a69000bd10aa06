"""Issue #33: one reader for every file the app opens.

Each hostile price file of the issue is refused by ``prices import`` with
one line and exit 2, within 5 s and 200 MB, and the plan is left untouched.
On the code before the fix a FIFO blocked forever, a link to ``/dev/zero``
was read until memory ran out, the inflating workbooks were materialised row
by row, and a long CSV field, a workbook with a DTD or a folder named
``.csv`` ended in an internal error (exit 1), while an unterminated quote
silently dropped the rows after it (exit 0).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import textwrap
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.cli import main
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.limits import InputFileError, read_regular_file
from gpu_advisor.io.price_import import PriceImportError, read_price_file
from gpu_advisor.io.safe_read import FileRefusedError, check_zip, read_file
from tests.io.hostile_files import (
    ONE_GB_ROW,
    SHORT_ROW,
    dtd_xlsx,
    inflating_xlsx,
)
from tests.property_runs import examples

EXAMPLE = "lab_64_gpus_three_years.gpuplan"
posix_only = pytest.mark.skipif(os.name == "nt", reason="FIFOs and /dev/zero")


@pytest.fixture
def plan(tmp_path: Path) -> Path:
    src = resources.files("gpu_advisor.resources") / "examples" / EXAMPLE
    path = tmp_path / EXAMPLE
    path.write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    return path


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
    plan, files = sys.argv[1], sys.argv[2:]
    main(["prices", "import", plan, "/nonexistent/prices.csv"])  # warm up
    results = [{"file": "baseline", "rss_mb": peak_mb()}]
    for name in files:
        start = time.monotonic()
        status = main(["prices", "import", plan, name])
        results.append({"file": name, "status": status,
                        "seconds": time.monotonic() - start, "rss_mb": peak_mb()})
    print(json.dumps(results))
    """
)


@posix_only
@pytest.mark.skipif(
    not Path("/proc/self/status").exists(), reason="a process's peak memory"
)
def test_hostile_price_files_are_refused_fast_and_lean(
    plan: Path, tmp_path: Path
) -> None:
    fifo = tmp_path / "prices.csv"
    os.mkfifo(fifo)
    zero_csv = tmp_path / "zero.csv"
    zero_csv.symlink_to("/dev/zero")
    zero_xlsx = tmp_path / "zero.xlsx"
    zero_xlsx.symlink_to("/dev/zero")
    big = inflating_xlsx(tmp_path / "one_gb.xlsx", ONE_GB_ROW, 21_000_000)
    many = inflating_xlsx(tmp_path / "rows_20m.xlsx", SHORT_ROW, 20_000_000)
    assert big.stat().st_size < 5 * 2**20
    assert many.stat().st_size < 2 * 2**20
    files = [fifo, zero_csv, zero_xlsx, big, many]
    before = plan.read_bytes()
    done = subprocess.run(
        [sys.executable, "-c", _RUNNER, str(plan), *map(str, files)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    results = json.loads(done.stdout.splitlines()[-1])
    baseline = results[0]["rss_mb"]
    errors = [line for line in done.stderr.splitlines() if line]
    assert len(errors) == len(files) + 1, errors  # one line each
    for result, error in zip(results[1:], errors[1:], strict=True):
        name = Path(result["file"]).name
        assert result["status"] == 2, (name, error)
        assert result["seconds"] < 5, (name, result)
        assert result["rss_mb"] - baseline < 200, (name, result)
        assert error.startswith(f"gpu-advisor-cli: error: {name}: "), error
        assert "nothing was imported" in error
    assert "pipe (FIFO)" in errors[1]
    assert "a device" in errors[2]
    assert "a device" in errors[3]
    assert "expands to" in errors[4]
    assert "expands to" in errors[5]
    assert plan.read_bytes() == before


def _refused(capsys: pytest.CaptureFixture[str], plan: Path, price_file: Path) -> str:
    before = plan.read_bytes()
    assert main(["prices", "import", str(plan), str(price_file)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0, err
    assert "internal error" not in err
    assert plan.read_bytes() == before
    return err


def test_a_field_over_128_kib_is_refused_naming_the_line(
    capsys: pytest.CaptureFixture[str], plan: Path, tmp_path: Path
) -> None:
    path = tmp_path / "prices.csv"
    path.write_text("gpu,item,price,date\n" + "A" * (130 * 1024) + ",x,1,2026-11-20\n")
    assert "line 2: a field longer than 128 KiB" in _refused(capsys, plan, path)


def test_an_unterminated_quote_is_refused_not_cut_short(
    capsys: pytest.CaptureFixture[str], plan: Path, tmp_path: Path
) -> None:
    path = tmp_path / "prices.csv"
    path.write_text(
        "gpu,item,price,date,vendor\n"
        'A100-80GB-SXM,on_demand,12,2026-11-20,"Acme\n'
        "A100-80GB-SXM,monthly,6000,2026-11-20,Acme\n"
    )
    err = _refused(capsys, plan, path)
    assert "line 2: a quote opened here is never closed" in err


def test_a_workbook_with_entities_is_refused(
    capsys: pytest.CaptureFixture[str], plan: Path, tmp_path: Path
) -> None:
    err = _refused(capsys, plan, dtd_xlsx(tmp_path / "quote.xlsx"))
    assert "document type declaration" in err


def test_a_folder_named_csv_is_refused(
    capsys: pytest.CaptureFixture[str], plan: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "prices.csv"
    folder.mkdir()
    assert "prices.csv: is a folder, not a file" in _refused(capsys, plan, folder)


def test_too_many_rows_or_columns_are_refused(
    capsys: pytest.CaptureFixture[str], plan: Path, tmp_path: Path
) -> None:
    rows = tmp_path / "rows.csv"
    rows.write_text("gpu,item,price,date\n" + "x,y,1,2026-11-20\n" * 20_001)
    assert "more than 20,000 rows" in _refused(capsys, plan, rows)
    wide = tmp_path / "wide.csv"
    wide.write_text("gpu,item,price,date" + ",x" * 70 + "\n")
    assert "more than 64 columns" in _refused(capsys, plan, wide)


def test_the_reader_follows_a_link_and_checks_its_target(tmp_path: Path) -> None:
    real = tmp_path / "real.pem"
    real.write_bytes(b"x" * 10)
    link = tmp_path / "link.pem"
    link.symlink_to(real)
    assert read_file(link, 10) == b"x" * 10
    with pytest.raises(FileRefusedError, match="too large"):
        read_file(link, 9)
    assert read_regular_file(link, 10) == b"x" * 10  # the same reader
    missing = tmp_path / "dangling.pem"
    missing.symlink_to(tmp_path / "nowhere")
    with pytest.raises(InputFileError, match="file not found"):
        read_regular_file(missing, 10)


def test_zip_check_counts_entries_and_expanded_bytes(tmp_path: Path) -> None:
    path = inflating_xlsx(tmp_path / "s.xlsx", SHORT_ROW, 100_000)
    data = path.read_bytes()
    check_zip(data, path, max_entries=5, max_expanded_bytes=3 * 2**20)
    with pytest.raises(FileRefusedError, match="5 entries"):
        check_zip(data, path, max_entries=4, max_expanded_bytes=3 * 2**20)
    with pytest.raises(FileRefusedError, match="expands to 2 MB"):
        check_zip(data, path, max_entries=5, max_expanded_bytes=2**20)
    with pytest.raises(FileRefusedError, match="not a readable zip"):
        check_zip(b"PK\x03\x04 damaged", path, max_entries=5, max_expanded_bytes=1)


_QUOTE = Path(__file__).resolve().parents[1] / "data" / "vendor_quote.xlsx"


def _read_or_refuse(data: bytes, suffix: str) -> None:
    """Any bytes: price rows, or one PriceImportError; nothing else escapes."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"prices{suffix}"
        path.write_bytes(data)
        try:
            read_price_file(path, load_catalog())
        except PriceImportError as exc:
            message = str(exc)
        else:
            return
    assert "\n" not in message


@settings(max_examples=examples(ci=40, deep=1000), deadline=None)
@given(st.binary(max_size=4000))
def test_any_csv_bytes_are_read_or_refused_in_one_line(data: bytes) -> None:
    _read_or_refuse(b"gpu,item,price,date\n" + data, ".csv")


@settings(max_examples=examples(ci=40, deep=1000), deadline=None)
@given(st.data())
def test_a_damaged_workbook_is_refused_in_one_line(data: st.DataObject) -> None:
    raw = bytearray(_QUOTE.read_bytes())
    for _ in range(data.draw(st.integers(1, 8))):
        index = data.draw(st.integers(0, len(raw) - 1))
        raw[index] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(len(raw) // 2, len(raw)))
    _read_or_refuse(bytes(raw[:cut]), ".xlsx")
