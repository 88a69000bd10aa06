"""Loading, migrating and saving .gpuplan files (gpu_advisor.io.project_file)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from gpu_advisor.io import project_file
from gpu_advisor.io.project_file import (
    MAX_DEPTH,
    MAX_PROJECT_BYTES,
    FingerprintMemo,
    ProjectFileError,
    canonical_json,
    dumps_project,
    fingerprint,
    load_project,
    read_json_file,
    save_project,
)
from gpu_advisor.model.project import SCHEMA_VERSION, Project
from tests.property_runs import examples
from tests.schema_strategies import projects

DATA = Path(__file__).resolve().parents[1] / "data" / "projects"
GOLDEN = sorted(DATA.glob("v*.json"))


def _golden() -> Project:
    return load_project(DATA / f"v{SCHEMA_VERSION}.json")


def _write(path: Path, content: str | bytes) -> Path:
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


def _error(path: Path) -> ProjectFileError:
    with pytest.raises(ProjectFileError) as info:
        load_project(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(path.name + ": ")
    return info.value


# --- golden files -------------------------------------------------------------------


def test_there_is_a_golden_file_for_every_schema_version() -> None:
    versions = {int(p.stem[1:]) for p in GOLDEN}
    assert versions == set(range(1, SCHEMA_VERSION + 1))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_every_golden_file_loads(path: Path) -> None:
    project = load_project(path)
    assert project.schema_version == SCHEMA_VERSION
    assert project.vendors  # the golden files are full projects, not defaults


def _contained(written: Any, dumped: Any, where: str = "") -> None:
    """Every value the file holds comes back unchanged (new fields may be added)."""
    if isinstance(written, dict):
        assert isinstance(dumped, dict), where
        for key, value in written.items():
            assert key in dumped, f"{where}.{key} was dropped"
            _contained(value, dumped[key], f"{where}.{key}")
    elif isinstance(written, list):
        assert isinstance(dumped, list), where
        assert len(written) == len(dumped), where
        for index, (a, b) in enumerate(zip(written, dumped, strict=True)):
            _contained(a, b, f"{where}.{index}")
    else:
        assert written == dumped, where


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_file_values_survive_load_and_save(path: Path) -> None:
    written = json.loads(path.read_text(encoding="utf-8"))
    dumped = _expand_same_as(json.loads(dumps_project(load_project(path))))
    written.pop("schema_version")
    for record in written.get("signing_records", []):
        record["inputs"].pop("schema_version", None)  # migrated with the file
    _contained(written, dumped)


def _expand_same_as(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with each snapshot's ``{"same_as": ...}`` replaced by the list."""
    for record in data.get("signing_records", []):
        for vendor in record["inputs"]["vendors"]:
            ref = vendor["measurements"]
            if isinstance(ref, dict):
                index = int(ref["same_as"].split(".")[1])
                vendor["measurements"] = data["vendors"][index]["measurements"]
    return data


def test_golden_file_differs_from_defaults_in_every_section() -> None:
    path = DATA / f"v{SCHEMA_VERSION}.json"
    written = json.loads(path.read_text(encoding="utf-8"))
    golden, default = _golden(), Project()
    for name in Project.model_fields:
        if name == "schema_version":
            continue
        assert name in written, f"golden file lacks section {name}"
        assert getattr(golden, name) != getattr(default, name), name
    # and in every field the file holds for the flat sections
    for section in (
        "meta",
        "workload",
        "budget",
        "scoring",
        "environment",
        "monitoring",
    ):
        ours, theirs = getattr(golden, section), getattr(default, section)
        same = [f for f in written[section] if getattr(ours, f) == getattr(theirs, f)]
        assert same == [], f"{section}: {same}"


def test_golden_values_survive_loading() -> None:
    project = _golden()
    assert project.meta.title.startswith("千卡预训练")
    assert project.workload.shape is not None
    assert project.workload.shape.experts == 128
    assert project.budget.pue == pytest.approx(1.35)
    assert project.vendors[0].measurements[0].size_bytes == 8589934592
    assert project.signoff[2].decision == "reject"


# --- round trips and saving ----------------------------------------------------------


@pytest.mark.parametrize("project", [Project(), None], ids=["default", "golden"])
def test_save_load_round_trip(tmp_path: Path, project: Project | None) -> None:
    project = project or _golden()
    path = tmp_path / "plan.gpuplan"
    save_project(project, path)
    assert load_project(path) == project
    assert path.read_text(encoding="utf-8") == dumps_project(project)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plan.gpuplan"]


def test_second_save_keeps_previous_version_as_backup(tmp_path: Path) -> None:
    path = tmp_path / "plan.gpuplan"
    first = Project()
    second = first.model_copy(
        update={"meta": first.meta.model_copy(update={"title": "B"})}
    )
    save_project(first, path)
    old_bytes = path.read_bytes()
    save_project(second, path)
    backup = tmp_path / "plan.gpuplan.bak"
    assert backup.read_bytes() == old_bytes
    assert load_project(backup) == first
    assert load_project(path) == second
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "plan.gpuplan",
        "plan.gpuplan.bak",
    ]


def test_backup_keeps_whatever_was_there_even_a_damaged_file(tmp_path: Path) -> None:
    path = _write(tmp_path / "plan.gpuplan", b"\x00garbage")
    save_project(Project(), path)
    assert (tmp_path / "plan.gpuplan.bak").read_bytes() == b"\x00garbage"
    assert load_project(path) == Project()


@pytest.mark.skipif(os.name == "nt", reason="POSIX permission bits")
def test_save_keeps_file_mode_and_new_files_are_readable(tmp_path: Path) -> None:
    path = tmp_path / "plan.gpuplan"
    save_project(Project(), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    path.chmod(0o600)
    save_project(Project(), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


@pytest.mark.skipif(os.name == "nt", reason="symlinks need privileges on Windows")
def test_save_through_symlink_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.gpuplan"
    save_project(Project(), real)
    link = tmp_path / "link.gpuplan"
    link.symlink_to(real)
    golden = _golden()
    save_project(golden, link)
    assert link.is_symlink()
    assert load_project(real) == golden


def _running_as_superuser(folder: Path) -> bool:
    probe = folder / "probe"
    try:
        probe.write_bytes(b"")
    except PermissionError:
        return False
    probe.unlink()
    return True


@pytest.mark.skipif(
    os.name == "nt", reason="chmod does not make Windows folders read-only"
)
def test_saving_into_read_only_folder_fails_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "plan.gpuplan"
    save_project(Project(), path)
    before = path.read_bytes()
    tmp_path.chmod(0o555)
    try:
        if _running_as_superuser(tmp_path):
            pytest.skip("running as root: chmod does not restrict writing")
        with pytest.raises(ProjectFileError) as info:
            save_project(_golden(), path)
        assert info.value.code == "permission"
        assert "unchanged" in str(info.value)
    finally:
        tmp_path.chmod(0o755)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plan.gpuplan"]


@pytest.mark.parametrize("failing_call", ["replace", "fsync", "write"])
def test_failed_save_leaves_old_file_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing_call: str
) -> None:
    """Works as root too: the failure is injected instead of relying on chmod."""
    path = tmp_path / "plan.gpuplan"
    save_project(Project(), path)
    save_project(Project(), path)  # now there is a backup as well
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def boom(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    if failing_call == "replace":
        real_replace = os.replace

        def replace(src: Any, dst: Any) -> None:
            if Path(dst) == path:
                boom()
            real_replace(src, dst)

        monkeypatch.setattr(os, "replace", replace)
    elif failing_call == "fsync":
        monkeypatch.setattr(os, "fsync", boom)
    else:
        monkeypatch.setattr(project_file, "check_round_trip", lambda p, q: b"x" * 10)
        monkeypatch.setattr(shutil, "copyfileobj", boom)
    with pytest.raises(ProjectFileError) as info:
        save_project(_golden(), path)
    assert "No space left on device" in str(info.value)
    assert info.value.code == "write_failed"
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert after == before
    assert load_project(path) == Project()


def test_save_to_missing_folder_or_onto_folder_fails_cleanly(tmp_path: Path) -> None:
    with pytest.raises(ProjectFileError, match="cannot save"):
        save_project(Project(), tmp_path / "no-such-folder" / "plan.gpuplan")
    (tmp_path / "dir.gpuplan").mkdir()
    with pytest.raises(ProjectFileError, match="folder") as info:
        save_project(Project(), tmp_path / "dir.gpuplan")
    assert info.value.code == "is_directory"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir.gpuplan"]


# --- canonical JSON and fingerprint ----------------------------------------------------


def test_canonical_json_ignores_key_order_and_whitespace(tmp_path: Path) -> None:
    golden = _golden()
    data = json.loads(dumps_project(golden))
    reordered = dict(reversed(list(data.items())))
    path = _write(
        tmp_path / "r.gpuplan", json.dumps(reordered, indent=7, ensure_ascii=True)
    )
    assert canonical_json(load_project(path)) == canonical_json(golden)
    text = canonical_json(golden).decode("utf-8")
    assert " " not in text.split('"')[0]
    assert "千卡" in text  # UTF-8, not \\u escapes
    inputs = {
        k: v for k, v in data.items() if k not in ("signing_records", "schema_version")
    }
    for section, name in (  # unset later inputs
        ("budget", "spot_capacity_share"),
        ("budget", "spot_wait_hours"),
        ("budget", "yearly_billing_months"),
        ("budget", "cap_cny"),
        ("meta", "vat_recoverable"),
        ("workload", "serving"),
        ("workload", "virtual_pipeline"),
        ("workload", "offload_optimizer"),
        ("workload", "lora_targets"),
        ("workload", "context_parallel"),
        ("workload", "expert_tensor_parallel"),
        ("workload", "paged_optimizer"),
    ):
        if inputs[section].get(name) is None:
            inputs[section].pop(name, None)
    shape = inputs["workload"].get("shape")
    for name in ("gated_mlp", "sliding_window", "sliding_window_layers", "mtp_layers"):
        if isinstance(shape, dict) and shape.get(name) is None:
            shape.pop(name, None)
    assert json.loads(text) == json.loads(json.dumps(inputs, sort_keys=True))
    assert list(json.loads(text)) == sorted(inputs)


def test_signing_records_are_not_part_of_the_fingerprint() -> None:
    """Appending a signing record leaves the fingerprint the signed PDF carries."""
    golden = _golden()
    assert len(golden.signing_records) == 2
    bare = golden.model_copy(update={"signing_records": []})
    assert canonical_json(golden) == canonical_json(bare)
    assert fingerprint(golden, "0.1.0") == fingerprint(bare, "0.1.0")
    assert b"signing_records" not in canonical_json(golden)


def test_the_schema_version_is_not_part_of_the_fingerprint() -> None:
    """A plan signed from an older file matches it once migrated on load."""
    golden = _golden()
    older = golden.model_copy(update={"schema_version": 2})
    assert canonical_json(older) == canonical_json(golden)
    assert b"schema_version" not in canonical_json(golden)


def test_fingerprint_is_sha256_of_canonical_json_and_version() -> None:
    golden = _golden()
    expected = hashlib.sha256(canonical_json(golden) + b"\n" + b"0.1.0").hexdigest()
    assert fingerprint(golden, "0.1.0") == expected
    assert fingerprint(golden, "0.1.0") != fingerprint(golden, "0.2.0")
    changed = golden.model_copy(
        update={"budget": golden.budget.model_copy(update={"pue": 1.36})}
    )
    assert fingerprint(changed, "0.1.0") != expected


def _whole_dump(project: Project) -> bytes:
    """canonical_json as one dump of the whole project (its definition)."""
    data = project.model_dump(
        mode="json", exclude={"signing_records", "schema_version"}
    )
    # inputs added after plans were first signed count only once set
    later = {
        "budget": (
            "spot_capacity_share",
            "spot_wait_hours",
            "yearly_billing_months",
            "cap_cny",
        ),
        "meta": ("vat_recoverable",),
        "workload": (
            "serving",
            "virtual_pipeline",
            "offload_optimizer",
            "lora_targets",
            "context_parallel",
            "expert_tensor_parallel",
            "paged_optimizer",
        ),
    }
    for section, names in later.items():
        for name in names:
            if data[section][name] is None:
                del data[section][name]
    shape = data["workload"].get("shape")
    for name in ("gated_mlp", "sliding_window", "sliding_window_layers", "mtp_layers"):
        if isinstance(shape, dict) and shape.get(name) is None:
            del shape[name]  # nested later inputs (issue #32)
    serving = data["workload"].get("serving")
    if isinstance(serving, dict) and serving.get("precision_search") is None:
        del serving["precision_search"]  # a nested later input (issue #31)
    text = json.dumps(
        data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )
    return text.encode("utf-8")


@settings(max_examples=examples(ci=20, deep=60), deadline=None)
@given(projects())
def test_canonical_json_is_one_dump_of_the_inputs(project: Project) -> None:
    assert canonical_json(project) == _whole_dump(project)
    whole = hashlib.sha256(_whole_dump(project) + b"\n0.1.0").hexdigest()
    assert fingerprint(project, "0.1.0") == whole


@settings(
    max_examples=examples(ci=20, deep=100),
    deadline=None,
    # two whole plans per example: large inputs are what this test is about
    suppress_health_check=[HealthCheck.data_too_large, HealthCheck.too_slow],
)
@given(projects(max_items=2), projects(max_items=2))
def test_the_fingerprint_memo_equals_one_dump_over_edits(
    a: Project, b: Project
) -> None:
    """The session's memo reuses unchanged sections and vendors; over a run of
    snapshots that share, swap and drop parts its bytes are always the whole dump."""
    vendors = [*a.vendors[:1], *b.vendors[:1], *a.vendors[1:]]
    snapshots = [
        a,
        a.model_copy(update={"meta": b.meta}),
        a.model_copy(update={"vendors": vendors}),
        a.model_copy(update={"vendors": vendors[1:], "budget": b.budget}),
        b,
        a,
    ]
    memo = FingerprintMemo()
    for snapshot in snapshots:
        assert memo.canonical_json(snapshot) == _whole_dump(snapshot)
        assert memo.fingerprint(snapshot, "0.1.0") == fingerprint(snapshot, "0.1.0")


# --- bad files -------------------------------------------------------------------------


def test_validation_error_names_field(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "plan.gpuplan", '{"schema_version": 1, "workload": {"seq_len": 0}}'
    )
    error = _error(path)
    assert (
        str(error)
        == "plan.gpuplan: workload.seq_len: Input should be greater than or equal to 1"
    )
    assert error.field == "workload.seq_len"
    assert error.code == "invalid"
    assert error.path == path


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('{"schema_version": 1, "budget": {"pue": 1e300}}', "budget.pue"),
        ('{"schema_version": 1, "budget": {"pue": 1e400}}', "budget.pue"),  # inf
        ('{"schema_version": 1, "workload": {"gpus": -8}}', "workload.gpus"),
        ('{"schema_version": 1, "workload": {"gpus": "many"}}', "workload.gpus"),
        ('{"schema_version": 1, "vendors": [{"name": ""}]}', "vendors.0.name"),
        ('{"schema_version": 1, "meta": {"tilte": "x"}}', "meta.tilte"),
        (
            '{"schema_version": 1, "demand": {"months": [{"gpu_hours": 1e11}]}}',
            "demand.months.0.gpu_hours",
        ),
    ],
)
def test_bad_values_are_refused_with_field_named(
    tmp_path: Path, text: str, field: str
) -> None:
    error = _error(_write(tmp_path / "p.gpuplan", text))
    assert error.field == field
    assert f": {field}: " in str(error)


def test_several_errors_are_counted(tmp_path: Path) -> None:
    text = '{"schema_version": 1, "workload": {"seq_len": 0, "tp": 0, "pp": 0}}'
    error = _error(_write(tmp_path / "p.gpuplan", text))
    assert error.problem.code == "io.project_file.invalid_more"
    assert error.problem.params["more"] == 2
    assert str(error).endswith("(and 2 more problems)")
    assert error.message("zh").endswith("（另有 2 处问题）")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused(tmp_path: Path, constant: str) -> None:
    path = _write(
        tmp_path / "p.gpuplan",
        f'{{"schema_version": 1, "budget": {{"pue": {constant}}}}}',
    )
    error = _error(path)
    assert error.code == "not_json"
    assert error.problem.params["constant"] == constant
    assert constant in str(error)
    assert constant in error.message("zh")


@pytest.mark.parametrize(
    ("content", "code", "needle"),
    [
        (b"", "not_json", "not valid JSON"),
        (b'{"schema_version": 1,', "not_json", "line 1"),
        (b"[1, 2]", "not_object", "array"),
        (b'"text"', "not_object", "string"),
        (b"{}", "bad_version", "no schema_version"),
        (b'{"schema_version": "1"}', "bad_version", "whole number"),
        (b'{"schema_version": true}', "bad_version", "whole number"),
        (b'{"schema_version": 1.0}', "bad_version", "whole number"),
        (b'{"schema_version": 0}', "bad_version", "at least 1"),
        (b'{"schema_version": 1, "x": ' + b"1" * 5000 + b"}", "not_json", "digits"),
    ],
)
def test_malformed_files(
    tmp_path: Path, content: bytes, code: str, needle: str
) -> None:
    error = _error(_write(tmp_path / "p.gpuplan", content))
    assert error.code == code
    assert needle in str(error)


def test_newer_schema_is_refused_with_versions_named(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "future.gpuplan", f'{{"schema_version": {SCHEMA_VERSION + 1}}}'
    )
    error = _error(path)
    assert error.code == "too_new"
    assert (
        f"written by a newer version of GPU Advisor (schema {SCHEMA_VERSION + 1}, "
        f"this app reads up to {SCHEMA_VERSION})"
    ) in str(error)
    assert "更新版本" in error.message("zh")


def test_invalid_utf8_names_byte_offset(tmp_path: Path) -> None:
    content = b'{"schema_version": 1, "meta": {"title": "ab\xff"}}'
    error = _error(_write(tmp_path / "p.gpuplan", content))
    assert error.code == "not_utf8"
    offset = content.index(b"\xff")
    assert f"offset {offset}" in str(error)
    # the offset counts from the start of the file, BOM included
    error = _error(_write(tmp_path / "p.gpuplan", b"\xef\xbb\xbf" + content))
    assert f"offset {offset + 3}" in str(error)


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    text = dumps_project(_golden()).encode("utf-8")
    assert (
        load_project(_write(tmp_path / "bom.gpuplan", b"\xef\xbb\xbf" + text))
        == _golden()
    )


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 500, 100_000])
def test_deep_nesting_is_refused_without_recursion_error(
    tmp_path: Path, depth: int
) -> None:
    content = '{"schema_version": 1, "notes": ' + "[" * depth + "]" * depth + "}"
    error = _error(_write(tmp_path / "deep.gpuplan", content))
    assert error.code == "too_deep"
    assert "nested too deeply" in str(error)


def test_nesting_up_to_limit_is_parsed(tmp_path: Path) -> None:
    depth = MAX_DEPTH - 1  # plus the top-level object
    path = _write(tmp_path / "p.json", '{"a": ' + "[" * depth + "]" * depth + "}")
    assert isinstance(read_json_file(path), dict)


def test_huge_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.gpuplan"
    with path.open("wb") as handle:  # sparse: costs no disk space
        handle.truncate(MAX_PROJECT_BYTES + 1)
    error = _error(path)
    assert error.code == "too_large"
    assert "file too large" in str(error)
    assert read_json_file(_write(tmp_path / "s.json", b"[1]"), max_bytes=3) == [1]
    with pytest.raises(ProjectFileError, match="too large"):
        read_json_file(_write(tmp_path / "s.json", b"[1] "), max_bytes=3)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    assert _error(tmp_path / "nope.gpuplan").code == "not_found"
    folder = tmp_path / "folder.gpuplan"
    folder.mkdir()
    error = _error(folder)
    assert error.code == "is_directory"
    assert "folder" in str(error)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX named pipes")
def test_named_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.gpuplan"
    os.mkfifo(fifo)
    error = _error(fifo)
    assert "not a regular file" in str(error)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX named pipes")
def test_named_pipe_swapped_in_after_the_check_does_not_block(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A FIFO put in place of the plan between the size check and the open
    (simulated: the check sees a plain file) is refused, not waited on: the
    loader opens without blocking (O_NONBLOCK) and checks what it opened."""
    plain = _write(tmp_path / "plain.gpuplan", dumps_project(Project()))
    fifo = tmp_path / "pipe.gpuplan"
    os.mkfifo(fifo)
    real_stat = Path.stat

    def looks_plain(self: Path, *args: Any, **kwargs: Any) -> os.stat_result:
        return real_stat(plain if self == fifo else self, *args, **kwargs)

    monkeypatch.setattr(Path, "stat", looks_plain)
    outcome: list[BaseException] = []
    reader = threading.Thread(target=lambda: outcome.append(_error(fifo)), daemon=True)
    reader.start()
    reader.join(timeout=10)
    if reader.is_alive():  # blocked in open(): let it go, then fail
        with open(fifo, "wb"):
            pass
        pytest.fail("opening a FIFO swapped in after the check blocked")
    assert "not a regular file" in str(outcome[0])


def test_permission_denied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write(tmp_path / "secret.gpuplan", dumps_project(Project()))

    def denied(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", denied)
    error = _error(path)
    assert error.code == "permission"
    assert "permission denied" in str(error)


@pytest.mark.skipif(os.name == "nt", reason="POSIX permission bits")
def test_unreadable_file_by_mode(tmp_path: Path) -> None:
    path = _write(tmp_path / "secret.gpuplan", dumps_project(Project()))
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("running as root: chmod does not restrict reading")
        assert _error(path).code == "permission"
    finally:
        path.chmod(0o644)


def test_hostile_key_stays_on_one_line(tmp_path: Path) -> None:
    key = "evil\nkey\x1b[31m" + "k" * 1000
    path = _write(
        tmp_path / "p.gpuplan", json.dumps({"schema_version": 1, "meta": {key: 1}})
    )
    error = _error(path)
    assert error.field is not None
    assert error.field.startswith("meta.evil\\nkey\\x1b[31m")
    assert len(str(error)) < 400


def test_error_message_in_chinese(tmp_path: Path) -> None:
    error = _error(tmp_path / "nope.gpuplan")
    assert error.message("zh") == "nope.gpuplan：找不到文件"
    assert error.message("en") == "nope.gpuplan: file not found"


# --- migrations --------------------------------------------------------------------------


def test_migration_steps_run_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def step(version: int) -> project_file.Step:
        def run(data: dict[str, Any]) -> dict[str, Any]:
            calls.append(version)
            assert data["schema_version"] == version
            return {**data, f"added_in_{version + 1}": True}

        return run

    monkeypatch.setattr(project_file, "SCHEMA_VERSION", 4)
    monkeypatch.setattr(project_file, "_STEPS", {1: step(1), 2: step(2), 3: step(3)})
    result = project_file._migrate(
        {"schema_version": 2, "keep": 1}, 2, Path("p.gpuplan")
    )
    assert calls == [2, 3]
    assert result == {
        "schema_version": 4,
        "keep": 1,
        "added_in_3": True,
        "added_in_4": True,
    }


def test_old_file_is_migrated_on_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fake schema 0 stored the title at the top level; the step moves it."""

    def v0_title_moves_into_meta(data: dict[str, Any]) -> dict[str, Any]:
        data = dict(data)
        data["meta"] = {"title": data.pop("title")}
        return data

    monkeypatch.setattr(project_file, "OLDEST_SCHEMA_VERSION", 0)
    monkeypatch.setattr(
        project_file, "_STEPS", {**project_file._STEPS, 0: v0_title_moves_into_meta}
    )
    path = _write(tmp_path / "old.gpuplan", '{"schema_version": 0, "title": "旧方案"}')
    before = path.read_bytes()
    project = load_project(path)
    assert project.meta.title == "旧方案"
    assert project.schema_version == SCHEMA_VERSION
    assert path.read_bytes() == before  # loading never rewrites the file
    # a damaged old file: the step trips over it, the user gets a clear error
    _write(path, '{"schema_version": 0}')
    error = _error(path)
    assert error.code == "migration"
    assert "cannot upgrade from schema 0" in str(error)


def test_version_1_file_gains_an_empty_scenario_list(tmp_path: Path) -> None:
    """Schema 1 → 2 (scenarios): a v1 plan has none; a v1 file naming some is damaged."""
    v1 = json.loads((DATA / "v1.json").read_text(encoding="utf-8"))
    assert "scenarios" not in v1
    project = load_project(DATA / "v1.json")
    assert project.scenarios == []
    assert json.loads(dumps_project(project))["schema_version"] == SCHEMA_VERSION
    bad = _write(
        tmp_path / "odd.gpuplan", '{"schema_version": 1, "scenarios": [{"name": "x"}]}'
    )
    error = _error(bad)
    assert error.code == "migration"
    assert "cannot upgrade from schema 1" in str(error)


def test_golden_v2_holds_scenarios_that_load() -> None:
    project = load_project(DATA / "v2.json")
    names = [s.name for s in project.scenarios]
    assert names == [
        "H100，24 个月 / H100, 24 months",
        "Shanghai, rent only",
        "Buy later",
    ]
    assert project.scenarios[1].options == ["on_demand", "monthly", "mix"]
    assert [s.in_report for s in project.scenarios] == [True, False, True]
    assert project.scenarios[0].use_catalog == ["electricity_cny_per_kwh"]


def test_version_2_file_gains_an_empty_list_of_signing_records(tmp_path: Path) -> None:
    """Schema 2 → 3 (signing records): a v2 plan has none; one naming some is damaged."""
    v2 = json.loads((DATA / "v2.json").read_text(encoding="utf-8"))
    assert "signing_records" not in v2
    project = load_project(DATA / "v2.json")
    assert project.signing_records == []
    assert project.scenarios  # the step keeps what version 2 holds
    written = json.loads(dumps_project(project))
    assert written["schema_version"] == SCHEMA_VERSION
    assert written["signing_records"] == []
    bad = _write(
        tmp_path / "odd.gpuplan",
        '{"schema_version": 2, "signing_records": [{"signer_name": "x"}]}',
    )
    error = _error(bad)
    assert error.code == "migration"
    assert "cannot upgrade from schema 2" in str(error)


def test_golden_v3_holds_two_signing_records_that_load() -> None:
    import datetime as dt

    from gpu_advisor.engine.diff import changed_since_signed, diff_inputs

    project = load_project(DATA / "v3.json")
    first, second = project.signing_records
    assert [r.signer_name for r in project.signing_records] == ["王工", "Li Na"]
    assert second.signer_role == "Finance"
    assert first.pdf_file == "千卡预训练方案-草案-signed.pdf"
    assert second.signed_at == dt.datetime(
        2026, 3, 15, 8, 40, 12, tzinfo=dt.UTC
    )  # written with +08:00
    # each fingerprint is the one the signed PDF carries: its snapshot's
    for record in project.signing_records:
        assert record.fingerprint == fingerprint(record.inputs, record.app_version)
        assert record.inputs.signing_records == []
    assert first.fingerprint != second.fingerprint
    assert first.inputs.meta.horizon_months == 24
    # the plan moved on since the last signing: one input, the PUE
    assert changed_since_signed(project) is second
    assert [c.path for c in diff_inputs(second.inputs, project)] == ["budget.pue"]


def test_signed_snapshots_round_trip_with_compact_measurements(tmp_path: Path) -> None:
    """A snapshot's measurements are written one per line like the plan's own,
    and not at all while they are the plan's own: a reference stands for them
    (a 72,000-measurement log signed three times would otherwise pass the
    64 MB a file may hold)."""
    from gpu_advisor.io.signing_records import signing_record, with_signing_record

    golden = _golden()
    plan_rows = sum(len(v.measurements) for v in golden.vendors)
    assert golden.vendors[0].measurements
    record = signing_record(
        golden,
        signer_name="Li Na",
        signer_role="Finance",
        pdf="x.pdf",
        app_version="0.1.0",
    )
    signed = with_signing_record(golden, record)
    path = tmp_path / "signed.gpuplan"
    save_project(signed, path)
    back = load_project(path)
    assert back == signed
    text = path.read_text(encoding="utf-8")
    assert text.count('{"tool":') == plan_rows  # the snapshots refer to them
    assert text.count('"measurements": {"same_as": "vendors.0.measurements"}') == 2
    for later in back.signing_records[1:]:  # loaded once, held once
        assert later.inputs.vendors[0].measurements is back.vendors[0].measurements
    # results re-imported after signing: the snapshots keep theirs, in full
    vendor = back.vendors[0]
    fewer = vendor.model_copy(update={"measurements": vendor.measurements[:-1]})
    moved = back.model_copy(update={"vendors": [fewer, *back.vendors[1:]]})
    save_project(moved, path)
    assert load_project(path) == moved
    text = path.read_text(encoding="utf-8")
    assert '"same_as"' not in text
    assert text.count('{"tool":') == plan_rows - 1 + 2 * plan_rows
    assert "\n" + " " * 14 + '{"tool":' in text  # inside a snapshot's vendor


def test_a_log_signed_three_times_is_stored_once(tmp_path: Path) -> None:
    from gpu_advisor.io.signing_records import signing_record, with_signing_record
    from gpu_advisor.model.project import Measurement, Vendor

    log = [
        Measurement(
            tool="training", metric="tokens_per_s_per_gpu", value=1800.0 + i, unit="1/s"
        )
        for i in range(20_000)
    ]
    plan = Project(vendors=[Vendor(name="A", measurements=log)])
    path = tmp_path / "p.gpuplan"
    save_project(plan, path)
    once = path.stat().st_size
    for n in range(3):
        record = signing_record(
            plan, signer_name=f"S{n}", pdf="p.pdf", signer_role="", app_version="0.1.0"
        )
        plan = with_signing_record(plan, record)
        save_project(plan, path)
    assert path.stat().st_size < once * 1.05
    assert load_project(path) == plan


@pytest.mark.parametrize(
    "ref",
    [
        {"same_as": "vendors.9.measurements"},
        {"same_as": "vendors.0.measurement"},
        {"same_as": "vendors.0.measurements", "x": 1},
        {"same_as": 0},
    ],
)
def test_a_bad_measurement_reference_is_named(tmp_path: Path, ref: Any) -> None:
    data = json.loads((DATA / "v3.json").read_text(encoding="utf-8"))
    data["signing_records"][1]["inputs"]["vendors"][0]["measurements"] = ref
    error = _error(_write(tmp_path / "odd.gpuplan", json.dumps(data)))
    assert error.field == "signing_records.1.inputs.vendors.0.measurements"


def test_unknown_id_in_a_signed_snapshot_is_named(tmp_path: Path) -> None:
    data = json.loads((DATA / "v3.json").read_text(encoding="utf-8"))
    data["signing_records"][0]["inputs"]["workload"] = {"gpu_id": "NO-SUCH-GPU"}
    error = _error(_write(tmp_path / "odd.gpuplan", json.dumps(data)))
    assert error.code == "unknown_id"
    assert error.field == "signing_records.0.inputs.workload.gpu_id"


def test_missing_migration_step_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(project_file, "OLDEST_SCHEMA_VERSION", 0)
    monkeypatch.setattr(project_file, "_STEPS", {})
    error = _error(_write(tmp_path / "old.gpuplan", '{"schema_version": 0}'))
    assert error.code == "migration"
    assert "no migration from schema 0 to 1" in str(error)


def test_a_custom_shape_saved_before_the_mlp_kind_keeps_its_fingerprint() -> None:
    """``workload.shape.gated_mlp`` (issue #32) left unset is not part of the
    canonical bytes: a plan signed before the field existed still verifies;
    set, it is (it changes the parameter count)."""
    from gpu_advisor.io.project_file import canonical_json
    from gpu_advisor.model.project import ModelShape, Workload

    shape = ModelShape(layers=16, hidden=2048, heads=32, kv_heads=8, ffn_hidden=8192)
    plan = Project(workload=Workload(model_preset=None, shape=shape))
    assert b"gated_mlp" not in canonical_json(plan)
    stated = plan.workload.model_copy(
        update={"shape": shape.model_copy(update={"gated_mlp": True})}
    )
    assert b'"gated_mlp":true' in canonical_json(
        plan.model_copy(update={"workload": stated})
    )


def test_a_custom_shape_saved_before_window_and_mtp_keeps_its_fingerprint(
    tmp_path: Path,
) -> None:
    """``workload.shape.sliding_window``, ``sliding_window_layers`` and
    ``mtp_layers`` (issue #32) left unset are not part of the canonical bytes, so
    a plan signed before they existed still verifies; set, they are, and a saved
    plan loads them back."""
    from gpu_advisor.io.project_file import canonical_json, save_project
    from gpu_advisor.model.project import ModelShape, Workload

    shape = ModelShape(layers=42, hidden=3584, heads=16, kv_heads=8, head_dim=256)
    plan = Project(workload=Workload(model_preset=None, shape=shape))
    assert b"sliding_window" not in canonical_json(plan)
    assert b"mtp_layers" not in canonical_json(plan)
    windowed = shape.model_copy(
        update={"sliding_window": 4096, "sliding_window_layers": 21, "mtp_layers": 1}
    )
    stated = plan.model_copy(
        update={"workload": plan.workload.model_copy(update={"shape": windowed})}
    )
    assert b'"sliding_window":4096' in canonical_json(stated)
    path = tmp_path / "gemma.gpuplan"
    save_project(stated, path)
    loaded = load_project(path).workload.shape
    assert loaded is not None
    assert (loaded.sliding_window, loaded.sliding_window_layers) == (4096, 21)
    assert loaded.mtp_layers == 1


def test_version_3_file_keeps_the_qlora_bits_it_meant(tmp_path: Path) -> None:
    """Schema 3 → 4 (QLoRA base 4.127 bit/param by default): a v3 plan that
    leaves the field out meant 4.5 and keeps it, in the plan and in each
    signing record's snapshot (whose fingerprint depends on it); a v4 plan
    that leaves it out gets NF4 with double quantisation."""
    from gpu_advisor.model.project import QLORA_NF4_BITS

    old = _write(tmp_path / "old.gpuplan", '{"schema_version": 3, "workload": {}}')
    assert load_project(old).workload.qlora_base_bits == 4.5
    new = _write(tmp_path / "new.gpuplan", '{"schema_version": 4, "workload": {}}')
    assert load_project(new).workload.qlora_base_bits == QLORA_NF4_BITS
    signed = load_project(DATA / "v3.json").signing_records[0]
    assert signed.inputs.workload.qlora_base_bits == 4.5
    assert signed.fingerprint == fingerprint(signed.inputs, signed.app_version)
