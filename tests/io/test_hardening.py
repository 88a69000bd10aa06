"""Regression tests for issue #12: what the schema accepts saves, loads and renders.

Each test here failed on the code before the fix: duplicate keys were
accepted, a FIFO or device target hung or filled the disk, symlink loops
raised RuntimeError, new files ignored the umask, autosaves were world
readable, crash leftovers stayed, 72,003 measurements saved but did not
reload, and unknown ids or empty option lists loaded.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gpu_advisor.io import project_file
from gpu_advisor.io.autosave import AutosaveStore
from gpu_advisor.io.limits import (
    MAX_PROJECT_BYTES,
    InputFileError,
    escape_controls,
    read_regular_file,
)
from gpu_advisor.io.project_file import (
    ProjectFileError,
    dumps_project,
    load_project,
    save_project,
)
from gpu_advisor.model.project import Measurement, Project, Vendor

posix_only = pytest.mark.skipif(os.name == "nt", reason="POSIX file kinds and modes")


@contextlib.contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Fail instead of hanging (a FIFO) or filling the disk (a device)."""

    def boom(signum: int, frame: Any) -> None:
        raise TimeoutError(f"took more than {seconds} s")

    if not hasattr(signal, "SIGALRM"):
        yield
        return
    previous = signal.signal(signal.SIGALRM, boom)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _write(path: Path, data: dict[str, Any] | str) -> Path:
    text = data if isinstance(data, str) else json.dumps(data)
    path.write_text(text, encoding="utf-8")
    return path


def _base() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dumps_project(Project()))
    return data


# -- duplicate keys -------------------------------------------------------------


def test_duplicate_keys_refused_with_the_key_named(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "dup.gpuplan", '{"schema_version": 1, "schema_version": 2}'
    )
    with pytest.raises(ProjectFileError) as info:
        load_project(path)
    assert "'schema_version' appears twice" in str(info.value)
    nested = _write(
        tmp_path / "dup2.gpuplan",
        '{"schema_version": 1, "meta": {"title": "a", "title": "b"}}',
    )
    with pytest.raises(ProjectFileError, match="'title' appears twice"):
        load_project(nested)


# -- what the schema refuses ----------------------------------------------------


@pytest.mark.parametrize(
    ("section", "key", "value", "field"),
    [
        ("budget", "options", [], "budget.options"),
        (
            "budget",
            "billing_granularity_hours",
            5e-324,
            "budget.billing_granularity_hours",
        ),
        ("workload", "mfu", 5e-324, "workload.mfu"),
        ("meta", "region_id", "atlantis", "meta.region_id"),
        ("workload", "gpu_id", "H999", "workload.gpu_id"),
        ("workload", "network_id", "carrier-pigeon", "workload.network_id"),
        ("workload", "model_preset", "no-such-model", "workload.model_preset"),
    ],
)
def test_schema_or_catalog_refuses_with_field(
    tmp_path: Path, section: str, key: str, value: Any, field: str
) -> None:
    data = _base()
    data[section][key] = value
    with pytest.raises(ProjectFileError) as info:
        load_project(_write(tmp_path / "bad.gpuplan", data))
    assert info.value.field == field


def test_vendor_gpu_unknown_and_duplicate_names_refused(tmp_path: Path) -> None:
    data = _base()
    data["vendors"] = [{"name": "Acme", "gpu_id": "A100-40GB-typo"}]
    with pytest.raises(ProjectFileError) as info:
        load_project(_write(tmp_path / "gpu.gpuplan", data))
    assert info.value.field == "vendors.0.gpu_id"
    data["vendors"] = [{"name": "Acme"}, {"name": " acme "}]
    with pytest.raises(ProjectFileError, match="used twice"):
        load_project(_write(tmp_path / "dup.gpuplan", data))


def test_negative_measurement_refused(tmp_path: Path) -> None:
    data = _base()
    data["vendors"] = [
        {
            "name": "Acme",
            "measurements": [
                {
                    "tool": "train-log",
                    "metric": "tokens_per_s",
                    "value": -1,
                    "unit": "1/s",
                }
            ],
        }
    ]
    with pytest.raises(ProjectFileError) as info:
        load_project(_write(tmp_path / "neg.gpuplan", data))
    assert info.value.field == "vendors.0.measurements.0.value"


# -- what saves, loads ----------------------------------------------------------


def _training_log(count: int) -> list[Measurement]:
    return [
        Measurement(
            tool="train-log",
            metric="tokens_per_s" if i % 2 else "loss",
            value=1234.5 + i if i % 2 else 2.0 + 1 / (i + 1),
            unit="1/s" if i % 2 else "1",
            file="vendor_a_train_log_2026-03-01.jsonl",
            node="node01",
            sample=i,
        )
        for i in range(count)
    ]


def test_a_72k_measurement_training_log_round_trips(tmp_path: Path) -> None:
    project = Project(vendors=[Vendor(name="Acme", measurements=_training_log(72_003))])
    path = tmp_path / "big.gpuplan"
    save_project(project, path)
    assert path.stat().st_size < MAX_PROJECT_BYTES
    assert load_project(path) == project


def test_save_refuses_what_it_could_not_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = Project(vendors=[Vendor(name="Acme", measurements=_training_log(2000))])
    monkeypatch.setattr(project_file, "MAX_PROJECT_BYTES", 100_000)
    path = tmp_path / "plan.gpuplan"
    with pytest.raises(ProjectFileError) as info:
        save_project(project, path)
    assert info.value.code == "too_large"
    assert list(tmp_path.iterdir()) == []


def test_autosave_refuses_what_it_could_not_recover(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gpu_advisor.io import autosave

    monkeypatch.setattr(autosave, "MAX_PROJECT_BYTES", 50_000)
    project = Project(vendors=[Vendor(name="Acme", measurements=_training_log(2000))])
    store = AutosaveStore(tmp_path / "auto")
    with pytest.raises(ProjectFileError, match="cannot autosave"):
        store.write(project, source_path=None, session_id="s1")
    assert store.list_recoverable() == []


# -- special files ----------------------------------------------------------------


@posix_only
def test_save_onto_a_fifo_is_refused_without_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "plan.gpuplan"
    os.mkfifo(fifo)
    with deadline(10), pytest.raises(ProjectFileError, match="not a regular file"):
        save_project(Project(), fifo)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@posix_only
def test_save_through_a_link_to_a_device_is_refused(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    link = tmp_path / "plan.gpuplan"
    link.symlink_to("/dev/zero")
    with deadline(10), pytest.raises(ProjectFileError, match="not a regular file"):
        save_project(Project(), link)
    assert not (tmp_path / "plan.gpuplan.bak").exists()


@posix_only
def test_symlink_loops_give_a_clean_error(tmp_path: Path) -> None:
    a, b = tmp_path / "a.gpuplan", tmp_path / "b.gpuplan"
    a.symlink_to(b)
    b.symlink_to(a)
    with pytest.raises(ProjectFileError):
        load_project(a)
    with pytest.raises(ProjectFileError):
        save_project(Project(), a)
    with pytest.raises(InputFileError, match="loop"):
        read_regular_file(a, 1000)


@posix_only
def test_bounded_reader_refuses_devices_fifos_and_big_files(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    with deadline(10):
        with pytest.raises(InputFileError, match="pipe"):
            read_regular_file(fifo, 1000)
        if Path("/dev/zero").exists():
            with pytest.raises(InputFileError, match="device"):
                read_regular_file(Path("/dev/zero"), 1000)
    big = tmp_path / "big.pdf"
    big.write_bytes(b"x" * 2001)
    with pytest.raises(InputFileError, match="too large"):
        read_regular_file(big, 2000)
    assert read_regular_file(big, 2001) == b"x" * 2001


# -- modes and leftovers ----------------------------------------------------------


@posix_only
def test_new_files_respect_the_umask_and_old_files_keep_their_mode(
    tmp_path: Path,
) -> None:
    old = os.umask(0o077)
    try:
        path = tmp_path / "private.gpuplan"
        save_project(Project(), path)
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    finally:
        os.umask(old)
    shared = tmp_path / "shared.gpuplan"
    save_project(Project(), shared)
    os.chmod(shared, 0o640)
    save_project(Project(), shared)
    assert stat.S_IMODE(shared.stat().st_mode) == 0o640
    assert stat.S_IMODE((tmp_path / "shared.gpuplan.bak").stat().st_mode) == 0o640


@posix_only
def test_autosave_files_are_private(tmp_path: Path) -> None:
    folder = tmp_path / "autosave"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)
    store = AutosaveStore(folder)
    written = store.write(Project(), source_path=None, session_id="s1")
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(written.stat().st_mode) == 0o600
    for item in folder.iterdir():
        assert stat.S_IMODE(item.stat().st_mode) == 0o600, item.name


def test_stale_temp_files_from_a_crash_are_removed(tmp_path: Path) -> None:
    path = tmp_path / "plan.gpuplan"
    stale = tmp_path / "plan.gpuplan.ab12cd34.tmp"
    stale_bak = tmp_path / "plan.gpuplan.bak.zz99yy88.tmp"
    fresh = tmp_path / "plan.gpuplan.fresh123.tmp"
    other = tmp_path / "other.gpuplan.ab12cd34.tmp"
    for item in (stale, stale_bak, fresh, other):
        item.write_text("{}")
    long_ago = time.time() - 3600
    for item in (stale, stale_bak, other):
        os.utime(item, (long_ago, long_ago))
    save_project(Project(), path)
    assert not stale.exists()
    assert not stale_bak.exists()
    assert fresh.exists()  # may belong to a save running right now
    assert other.exists()  # another plan's


# -- messages -----------------------------------------------------------------------


def test_control_characters_are_escaped_in_messages(tmp_path: Path) -> None:
    name = "evil\x1b[2J\rname.gpuplan" if sys.platform != "win32" else "evil.gpuplan"
    with pytest.raises(ProjectFileError) as info:
        load_project(tmp_path / name)
    assert "\x1b" not in str(info.value)
    assert "\r" not in str(info.value)
    assert escape_controls("a\x07b") == "a\\x07b"


def test_save_refuses_unvalidated_measurements(tmp_path: Path) -> None:
    vendor = Vendor(name="Acme").model_copy(
        update={"measurements": [{"tool": "x", "metric": "m", "value": -1, "unit": ""}]}
    )
    project = Project().model_copy(update={"vendors": [vendor]})
    with pytest.raises(ProjectFileError) as info:
        save_project(project, tmp_path / "plan.gpuplan")
    assert info.value.field == "vendors.0.measurements"
    assert list(tmp_path.iterdir()) == []
