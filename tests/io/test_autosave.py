"""Autosave store and crash recovery (gpu_advisor.io.autosave)."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from gpu_advisor.io import autosave as autosave_module
from gpu_advisor.io.autosave import (
    AUTOSAVE_FORMAT,
    AutosaveStore,
    RecoveryEntry,
    default_autosave_dir,
    new_session_id,
)
from gpu_advisor.io.project_file import ProjectFileError, load_project
from gpu_advisor.model.project import SCHEMA_VERSION, Project

DATA = Path(__file__).resolve().parents[1] / "data" / "projects"
WHEN = dt.datetime(2026, 3, 15, 9, 30, tzinfo=dt.UTC)


@pytest.fixture
def golden() -> Project:
    return load_project(DATA / f"v{SCHEMA_VERSION}.json")


@pytest.fixture(scope="module")
def dead_pid() -> int:
    """The pid of a process that has exited and been reaped."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _crash(store: AutosaveStore, session_id: str, pid: int) -> None:
    """Make a session look like its process died: point its marker at ``pid``."""
    marker = store.directory / f"{session_id}.session"
    data = json.loads(marker.read_text(encoding="utf-8"))
    marker.write_text(json.dumps({**data, "pid": pid}), encoding="utf-8")


def test_default_dir_is_under_user_data() -> None:
    expected = platformdirs.user_data_path("gpu-advisor", "gpu-advisor") / "autosave"
    assert default_autosave_dir() == expected


def test_session_ids_are_unique_and_file_safe(tmp_path: Path) -> None:
    ids = {new_session_id() for _ in range(100)}
    assert len(ids) == 100
    store = AutosaveStore(tmp_path)
    for bad in ["", "../evil", "a/b", "a" * 65, "x.y", "名字"]:
        with pytest.raises(ValueError, match="session_id"):
            store.write(Project(), source_path=None, session_id=bad)
    assert list(tmp_path.iterdir()) == []


def test_write_stores_envelope(tmp_path: Path, golden: Project) -> None:
    store = AutosaveStore(tmp_path / "new" / "autosave")  # created on demand
    source = tmp_path / "方案.gpuplan"
    path = store.write(golden, source_path=source, session_id="s1", saved_at=WHEN)
    assert path == store.directory / "s1.autosave"
    envelope = json.loads(path.read_text(encoding="utf-8"))
    assert envelope["format"] == AUTOSAVE_FORMAT
    assert envelope["saved_at"] == "2026-03-15T09:30:00+00:00"
    assert envelope["source_path"] == os.fspath(source)
    assert Project.model_validate(envelope["project"]) == golden
    marker = json.loads((store.directory / "s1.session").read_text(encoding="utf-8"))
    assert marker["pid"] == os.getpid()
    assert sorted(p.name for p in store.directory.iterdir()) == [
        "s1.autosave",
        "s1.session",
    ]


def test_running_session_is_not_recoverable(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    store.write(Project(), source_path=None, session_id="alive")
    assert store.list_recoverable() == []


def test_clean_shutdown_leaves_nothing(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    store.write(Project(), source_path=None, session_id="s")
    store.close_session("s")
    assert list(tmp_path.iterdir()) == []
    store.close_session("s")  # twice is harmless


def test_crashed_session_is_recoverable(
    tmp_path: Path, golden: Project, dead_pid: int
) -> None:
    store = AutosaveStore(tmp_path)
    source = tmp_path / "plan.gpuplan"
    store.write(Project(), source_path=source, session_id="crashed", saved_at=WHEN)
    store.write(golden, source_path=source, session_id="crashed", saved_at=WHEN)
    store.write(Project(), source_path=None, session_id="alive", saved_at=WHEN)
    _crash(store, "crashed", dead_pid)
    [entry] = store.list_recoverable()
    assert entry == RecoveryEntry(
        session_id="crashed",
        autosave_path=tmp_path / "crashed.autosave",
        saved_at="2026-03-15T09:30:00+00:00",
        source_path=source,
        title=golden.meta.title,
        problem=None,
    )
    assert store.load(entry) == golden
    store.discard(entry)
    assert store.list_recoverable() == []
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "alive.autosave",
        "alive.session",
    ]


def test_entries_are_newest_first(tmp_path: Path, dead_pid: int) -> None:
    store = AutosaveStore(tmp_path)
    for hour, sid in [(8, "a"), (10, "b"), (9, "c")]:
        store.write(
            Project(),
            source_path=None,
            session_id=sid,
            saved_at=WHEN.replace(hour=hour),
        )
        _crash(store, sid, dead_pid)
    assert [e.session_id for e in store.list_recoverable()] == ["b", "c", "a"]


def test_clear_after_normal_save_keeps_session_open(
    tmp_path: Path, dead_pid: int
) -> None:
    store = AutosaveStore(tmp_path)
    store.write(Project(), source_path=None, session_id="s")
    store.clear("s")
    _crash(store, "s", dead_pid)
    assert store.list_recoverable() == []  # nothing unsaved to recover
    assert [p.name for p in tmp_path.iterdir()] == ["s.session"]


def test_new_process_reusing_session_id_rewrites_marker(
    tmp_path: Path, dead_pid: int
) -> None:
    AutosaveStore(tmp_path).write(Project(), source_path=None, session_id="s")
    _crash(AutosaveStore(tmp_path), "s", dead_pid)
    fresh = AutosaveStore(tmp_path)  # as in a new process
    fresh.write(Project(), source_path=None, session_id="s")
    assert fresh.list_recoverable() == []


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b"", "not valid JSON"),
        (
            b'{"format": "gpu-advisor-autosave", "project": {"schema_version": 1',
            "not valid JSON",
        ),
        (b'{"format": "something-else", "project": {}}', "not a GPU Advisor autosave"),
        (b"[1]", "not a GPU Advisor autosave"),
        (
            b'{"format": "gpu-advisor-autosave", "project": {"schema_version": 1, "workload": {"tp": 0}}}',
            "workload.tp",
        ),
        (b'{"format": "gpu-advisor-autosave", "project": null}', "expected an object"),
        (
            b'{"format": "gpu-advisor-autosave", "project": {"schema_version": 99}}',
            "newer version",
        ),
        (b"\xff\xfe", "UTF-8"),
    ],
)
def test_damaged_autosave_is_reported_not_crashed_on(
    tmp_path: Path, dead_pid: int, content: bytes, needle: str
) -> None:
    store = AutosaveStore(tmp_path)
    store.write(Project(), source_path=None, session_id="s")
    _crash(store, "s", dead_pid)
    (tmp_path / "s.autosave").write_bytes(content)
    [entry] = store.list_recoverable()
    assert entry.problem is not None
    assert needle in entry.problem
    assert entry.title is None
    with pytest.raises(ProjectFileError, match=needle.replace(".", r"\.")):
        store.load(entry)
    store.discard(entry)
    assert list(tmp_path.iterdir()) == []


def test_damaged_or_foreign_markers_and_files_are_tolerated(
    tmp_path: Path, dead_pid: int
) -> None:
    store = AutosaveStore(tmp_path)
    store.write(Project(), source_path=None, session_id="ok")
    _crash(store, "ok", dead_pid)
    (tmp_path / "garbage.session").write_bytes(b"\x00\x01")  # no autosave: ignored
    store.write(Project(), source_path=None, session_id="badmarker")
    (tmp_path / "badmarker.session").write_bytes(b"not json")  # unreadable: assume dead
    (tmp_path / "bad name!.session").write_bytes(b"{}")
    (tmp_path / "orphan.autosave").write_bytes(b"{}")  # no marker: not offered
    (tmp_path / "folder.session").mkdir()
    found = sorted(e.session_id for e in store.list_recoverable())
    assert found == ["badmarker", "ok"]


def test_missing_folder_lists_nothing(tmp_path: Path) -> None:
    assert AutosaveStore(tmp_path / "nowhere").list_recoverable() == []


def test_write_failure_is_a_project_file_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_bytes(b"")
    store = AutosaveStore(blocker / "autosave")  # parent is a file
    with pytest.raises(ProjectFileError, match="cannot autosave") as info:
        store.write(Project(), source_path=None, session_id="s")
    assert info.value.code == "write_failed"


def test_pid_liveness(dead_pid: int) -> None:
    assert autosave_module._pid_alive(os.getpid())
    assert not autosave_module._pid_alive(dead_pid)
    assert not autosave_module._pid_alive(0)
    assert not autosave_module._pid_alive(-1)
    assert not autosave_module._pid_alive(10**30)
