"""Issue #33, deep tier: every CLI sub-command that reads a file, fed hostile files.

Each file role of each sub-command (the plan, a price list, a result file or
archive, a PDF, a PKCS#12 file, a trusted certificate, a font, a model's
``config.json``) gets each hostile kind: a FIFO, a link to ``/dev/zero``, a
folder, a dangling link, a link loop, an empty file, binary junk, a 3 GiB
sparse file, a workbook inflating to 1 GB, a workbook with entities and an
archive declaring 3 GiB. Every call must end within its deadline with a
one-line refusal (never "internal error", never a traceback), leave the good
plan untouched and write nothing outside its output folder.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import tarfile
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from gpu_advisor.cli import main
from tests.io.hostile_files import ONE_GB_ROW, dtd_xlsx, inflating_xlsx

pytestmark = [
    pytest.mark.deep,
    pytest.mark.skipif(os.name == "nt", reason="FIFOs, /dev/zero, SIGALRM"),
]

EXAMPLE = "lab_64_gpus_three_years.gpuplan"
DEADLINE_S = 30


@contextlib.contextmanager
def deadline(seconds: int) -> Iterator[None]:
    def boom(signum: int, frame: Any) -> None:
        raise TimeoutError(f"took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, boom)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _kinds(folder: Path) -> dict[str, Callable[[Path], object]]:
    def fifo(p: Path) -> None:
        os.mkfifo(p)

    def archive(p: Path) -> None:
        info = tarfile.TarInfo("results/n1/nccl.txt")
        info.size = 3 * 2**30
        p.write_bytes(info.tobuf(format=tarfile.PAX_FORMAT))

    def sparse(p: Path) -> None:
        with p.open("wb") as handle:
            handle.truncate(3 * 2**30)

    return {
        "fifo": fifo,
        "dev_zero": lambda p: p.symlink_to("/dev/zero"),
        "folder": lambda p: p.mkdir(),
        "dangling": lambda p: p.symlink_to(folder / "nowhere"),
        "loop": lambda p: p.symlink_to(p),
        "empty": lambda p: p.write_bytes(b""),
        "junk": lambda p: p.write_bytes(os.urandom(65536)),
        "sparse_3gib": sparse,
        "inflating_xlsx": lambda p: inflating_xlsx(p, ONE_GB_ROW, 21_000_000),
        "entities_xlsx": dtd_xlsx,
        "archive_3gib": archive,
    }


def _roles(plan: Path, out: Path) -> dict[str, Callable[[Path], list[str]]]:
    """Each file role: a suffix and the command line that reads it."""
    pdf = str(out / "plan.pdf")
    return {
        "plan.gpuplan cost": lambda x: ["cost", str(x), "--json"],
        "plan.gpuplan report": lambda x: ["report", str(x), "-o", pdf],
        "plan.gpuplan scenarios": lambda x: ["scenarios", str(x)],
        "plan.gpuplan diff": lambda x: ["diff", str(x), str(plan)],
        "plan.gpuplan rollout": lambda x: ["rollout", str(x), "-o", str(out / "r")],
        "plan.gpuplan testkit": lambda x: [
            "testkit",
            str(x),
            "--vendor",
            "A",
            "-o",
            str(out / "k"),
        ],
        "plan.gpuplan score": lambda x: ["score", str(x)],
        "prices.csv import": lambda x: ["prices", "import", str(plan), str(x)],
        "quote.xlsx import": lambda x: ["prices", "import", str(plan), str(x)],
        "results.txt parse-results": lambda x: ["parse-results", str(x)],
        "results_n1.tar.gz parse-results": lambda x: ["parse-results", str(x)],
        "results score": lambda x: ["score", str(plan), "--results", f"A={x}"],
        "signed.pdf verify": lambda x: ["verify", str(x), str(plan)],
        "trust.pem verify": lambda x: ["verify", pdf, str(plan), "--trust", str(x)],
        "signer.p12 sign": lambda x: ["sign", "--p12", str(x), "-o", pdf, pdf],
        "config.json serve": lambda x: [
            "serve",
            "--model",
            str(x),
            "--gpu",
            "H100-80GB-SXM",
            "--prompt-tokens",
            "1000",
            "--output-tokens",
            "200",
            "--concurrency",
            "8",
        ],
        "font.ttf report": lambda x: ["report", str(plan), "-o", pdf, "--font", str(x)],
    }


def _peak_mb() -> float:
    """This process's peak resident memory so far [MB] (0 without /proc)."""
    status = Path("/proc/self/status")
    if not status.exists():
        return 0.0
    for line in status.read_text(encoding="ascii").splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.iterdir())
        if p.is_file() and not p.is_symlink() and p.stat().st_size < 2**26
    }


def test_every_file_reading_command_refuses_every_hostile_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = resources.files("gpu_advisor.resources") / "examples" / EXAMPLE
    plan = tmp_path / EXAMPLE
    plan.write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    assert main(["report", str(plan), "-o", str(out / "plan.pdf")]) == 0
    capsys.readouterr()
    kinds = _kinds(tmp_path)
    before = _snapshot(tmp_path)
    peak_before = _peak_mb()
    failures: list[str] = []
    counts = {"calls": 0, "refused": 0, "accepted": 0}
    accepted: list[str] = []
    for role, command in _roles(plan, out).items():
        suffix = role.split()[0]
        for kind, make in kinds.items():
            if kind.endswith("xlsx") != suffix.endswith("xlsx"):
                continue
            hostile = tmp_path / "hostile" / kind / suffix
            if not hostile.parent.exists():
                hostile.parent.mkdir(parents=True)
            if not (hostile.exists() or hostile.is_symlink()):
                make(hostile)
            counts["calls"] += 1
            try:
                with deadline(DEADLINE_S):
                    status = main(command(hostile))
            except (TimeoutError, SystemExit) as exc:
                failures.append(f"{role} / {kind}: {type(exc).__name__} {exc}")
                continue
            err = capsys.readouterr().err
            if (
                "internal error" in err
                or "Traceback" in err
                or (status == 1 and not err)
            ):
                failures.append(f"{role} / {kind}: {status} {err.strip()[:300]}")
            counts["refused" if status != 0 else "accepted"] += 1
            if status == 0:
                accepted.append(f"{role} / {kind}")
    after = _snapshot(tmp_path)
    assert after.get(EXAMPLE) == before[EXAMPLE]
    assert set(after) <= set(before)
    grown = _peak_mb() - peak_before  # a 3 GiB "font" read whole grew it by 3 GB
    counts["peak_growth_mb"] = round(grown)
    print(f"hostile-file fuzz: {counts}, accepted: {accepted}")  # noqa: T201
    assert grown < 1024
    assert not failures, "\n".join(failures)
    # parse-results walks a folder (whatever its name): an empty one holds no
    # results, which it says; every other hostile file is refused
    assert all(" parse-results / folder" in case for case in accepted), accepted


def test_an_archive_inside_an_archive_cannot_multiply_the_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inner = io.BytesIO()
    with tarfile.open(fileobj=inner, mode="w:gz") as tar:
        info = tarfile.TarInfo("results/n1/nccl.txt")
        info.size = 3 * 2**30
        tar.addfile(info)  # header only: the budget refuses it first
    outer = tmp_path / "bundle.tar"
    with tarfile.open(outer, "w") as tar:
        info = tarfile.TarInfo("results_n1.tar.gz")
        info.size = len(inner.getvalue())
        tar.addfile(info, io.BytesIO(inner.getvalue()))
    with deadline(DEADLINE_S):
        assert main(["parse-results", str(outer)]) == 2
    assert "internal error" not in capsys.readouterr().err
