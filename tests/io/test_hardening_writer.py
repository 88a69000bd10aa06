"""Issue #33: one writer for every file the app writes.

On the code before the fix ``rollout --force`` wrote ``NAME.tmp`` with a
plain ``open`` that followed a planted link (``MANIFEST.md.tmp →
../plan.gpuplan`` overwrote the project with the manifest) and followed a
symlinked subfolder out of ``-o``; ``prices import`` replaced a read-only
plan; and two concurrent imports lost one update while both said success.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from importlib import resources
from pathlib import Path

import pytest

from gpu_advisor.cli import main
from gpu_advisor.io.plan_update import update_project
from gpu_advisor.io.project_file import ProjectFileError, load_project, save_project
from gpu_advisor.io.safe_write import OutputRefusedError, write_into_folder
from gpu_advisor.model.project import PriceItem, Project

EXAMPLE = "lab_64_gpus_three_years.gpuplan"
posix_only = pytest.mark.skipif(os.name == "nt", reason="symlinks, modes and flock")
PRICES = "gpu,item,price,date\nA100-80GB-SXM,{item},{price},2026-11-{day:02d}\n"


@pytest.fixture
def plan(tmp_path: Path) -> Path:
    src = resources.files("gpu_advisor.resources") / "examples" / EXAMPLE
    path = tmp_path / EXAMPLE
    path.write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def _snapshot(folder: Path) -> dict[str, bytes]:
    """Every regular file under ``folder`` (links not followed) and its bytes."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


def _rollout(plan: Path, out: Path, *extra: str) -> int:
    return main(["rollout", str(plan), "-o", str(out), "--scheduler", "slurm", *extra])


@posix_only
def test_a_planted_tmp_link_is_never_written_through(
    plan: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "MANIFEST.md.tmp").symlink_to(Path("..") / EXAMPLE)
    before = _snapshot(tmp_path)
    assert _rollout(plan, out, "--force") == 0
    assert plan.read_bytes() == before[EXAMPLE]
    assert (out / "MANIFEST.md.tmp").is_symlink()  # left as it was
    assert (out / "MANIFEST.md").read_text(encoding="utf-8").startswith("# ")
    assert not list(out.rglob("*.tmp"))[1:]  # only the planted link
    capsys.readouterr()


@posix_only
def test_a_symlinked_subfolder_cannot_send_files_outside(
    plan: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "launch").symlink_to(Path("..") / "elsewhere")
    before = _snapshot(tmp_path)
    assert _rollout(plan, out, "--force") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "launch: is a link" in err
    assert list(elsewhere.iterdir()) == []
    assert _snapshot(tmp_path) == before  # nothing written at all


def test_force_replaces_only_what_a_rollout_wrote(
    plan: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert _rollout(plan, out) == 0
    first = _snapshot(out)
    assert _rollout(plan, out, "--force") == 0  # the manifest lists every file
    assert _snapshot(out) == first
    capsys.readouterr()
    mine = tmp_path / "mine"
    (mine / "testkit").mkdir(parents=True)
    (mine / "testkit" / "README.md").write_text("my notes", encoding="utf-8")
    assert _rollout(plan, mine, "--force") == 2
    assert "not a file this app wrote there" in capsys.readouterr().err
    assert _snapshot(mine) == {"testkit/README.md": b"my notes"}


def test_a_failed_write_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.txt").write_bytes(b"old")
    calls = {"n": 0}
    real_fsync = os.fsync

    def disk_full(fd: int) -> None:
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(28, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space"):
        write_into_folder(
            out,
            {"a.txt": b"new", "sub/b.txt": b"b"},
            replaceable=lambda _relative: True,
        )
    assert sorted(p.name for p in out.rglob("*")) == ["a.txt"]
    assert (out / "a.txt").read_bytes() == b"old"
    calls["n"] = 0
    fresh = tmp_path / "fresh"
    with pytest.raises(OSError, match="No space"):
        write_into_folder(fresh, {"a.txt": b"new", "sub/b.txt": b"b"})
    assert not fresh.exists()  # no partial folder left behind


def test_unsafe_relative_paths_are_refused(tmp_path: Path) -> None:
    for bad in ("../x", "/etc/x", "a/../../x", "a\\..\\x", ""):
        with pytest.raises(OutputRefusedError):
            write_into_folder(tmp_path, {bad: b"x"})
    assert list(tmp_path.iterdir()) == []


@posix_only
def test_a_read_only_plan_is_not_replaced(
    plan: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    prices = tmp_path / "prices.csv"
    prices.write_text(PRICES.format(item="on_demand", price=12, day=20))
    plan.chmod(0o444)
    before = plan.read_bytes()
    inode = plan.stat().st_ino
    assert main(["prices", "import", str(plan), str(prices)]) == 2
    err = capsys.readouterr().err
    assert f"{EXAMPLE}: the plan is read-only" in err
    assert plan.read_bytes() == before
    assert plan.stat().st_ino == inode
    assert stat.S_IMODE(plan.stat().st_mode) == 0o444


def test_a_plan_changed_meanwhile_is_refused_not_overwritten(plan: Path) -> None:
    def meanwhile(project: Project) -> Project:
        # another program saves the plan while this update works on it
        other = project.model_copy(update={"price_overrides": []})
        save_project(other.model_copy(update={"vendors": []}), plan)
        return project

    with pytest.raises(ProjectFileError, match="changed on disk"):
        update_project(plan, meanwhile)
    assert load_project(plan).vendors == []  # the other program's save is kept


_IMPORTER = textwrap.dedent(
    """
    import sys
    from gpu_advisor.cli import main
    plan, start, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    while not __import__("os").path.exists(start):
        pass
    sys.exit(max(main(["prices", "import", plan, f]) for f in files))
    """
)


@posix_only
def test_concurrent_imports_lose_no_update(plan: Path, tmp_path: Path) -> None:
    start = tmp_path / "go"
    runs = []
    for worker in range(2):
        files = []
        for day in range(1, 4):
            path = tmp_path / f"w{worker}_{day}.csv"
            item = "on_demand" if worker == 0 else "monthly"
            path.write_text(PRICES.format(item=item, price=10 + day, day=day))
            files.append(str(path))
        runs.append(
            subprocess.Popen(
                [sys.executable, "-c", _IMPORTER, str(plan), str(start), *files],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
    start.touch()
    for run in runs:
        _, err = run.communicate(timeout=120)
        assert run.returncode == 0, err
    prices = load_project(plan).price_overrides
    assert sorted((p.item.value, p.as_of.day) for p in prices) == [
        (item.value, day)
        for item in (PriceItem.MONTHLY, PriceItem.ON_DEMAND)
        for day in (1, 2, 3)
    ]
    assert json.loads(plan.read_text(encoding="utf-8"))["schema_version"] >= 1


@posix_only
def test_a_planted_workbook_tmp_link_is_never_written_through(
    plan: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The option workbook went through a fixed ``.NAME.tmp``: a link there
    sent the workbook over the plan."""
    (tmp_path / ".options.xlsx.tmp").symlink_to(plan.name)
    before = plan.read_bytes()
    book = tmp_path / "options.xlsx"
    assert main(["cost", str(plan), "--xlsx", str(book)]) == 0, capsys.readouterr()
    assert plan.read_bytes() == before
    assert book.read_bytes().startswith(b"PK")
