"""Fuzz the project loader with mutated files: no crash, no write.

Every example starts from the golden project file and damages it: byte flips,
truncation, inserted garbage, wrong types, NaN, 1e300 and huge integers in
random fields, deep nesting, invalid UTF-8, byte-order marks. The loader must
either return a valid ``Project`` or raise ``ProjectFileError`` with a one-line
message, and must leave the folder exactly as it was (names, sizes, mtimes,
bytes).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from gpu_advisor.io.autosave import AutosaveStore
from gpu_advisor.io.project_file import ProjectFileError, load_project
from gpu_advisor.model.project import SCHEMA_VERSION, Project
from tests.property_runs import examples

DATA = Path(__file__).resolve().parents[1] / "data" / "projects"
GOLDEN_BYTES = (DATA / f"v{SCHEMA_VERSION}.json").read_bytes()
GOLDEN: dict[str, Any] = json.loads(GOLDEN_BYTES)

Mutation = Callable[[bytes], bytes]
_HUGE_INT = "__fuzz_huge_int__"
_DEEP = "__fuzz_deep__"


def _all_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in the JSON tree that holds a value (including containers)."""
    paths = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, child in value.items():
            paths += _all_paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            paths += _all_paths(child, (*prefix, index))
    return paths


PATHS = _all_paths(GOLDEN)


def _dumps(data: Any, deep_depth: int, huge_digits: int) -> bytes:
    text = json.dumps(data, ensure_ascii=False)  # NaN/Infinity written as such
    text = text.replace(f'"{_HUGE_INT}"', "9" * huge_digits)
    text = text.replace(f'"{_DEEP}"', "[" * deep_depth + "]" * deep_depth)
    return text.encode("utf-8")


hostile_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1e300, -1e300, -1.0, -1, 0, 0.0, 5e-324, 2**63, True]),
    st.just(_HUGE_INT),
    st.just(_DEEP),
    st.text(max_size=40),
    st.sampled_from(["NaN", "1e300", "", "\x00", "\u202e", "a" * 30000]),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=8), st.integers(), max_size=3),
)


@st.composite
def structural(draw: st.DrawFn) -> bytes:
    """Wrong types, NaN, 1e300, huge ints and deep nesting in random fields."""
    data: Any = json.loads(GOLDEN_BYTES)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(PATHS))
        value = draw(hostile_values)
        delete = draw(st.integers(0, 3)) == 0
        try:  # an earlier change may have removed or replaced this path
            target = data
            for part in path[:-1]:
                target = target[part]
            if delete and isinstance(target, dict):
                del target[path[-1]]
            else:
                target[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    if draw(st.integers(0, 9)) == 0:  # replace the whole document
        data = draw(st.one_of(hostile_values, st.just({"schema_version": _HUGE_INT})))
    return _dumps(
        data,
        deep_depth=draw(st.sampled_from([10, 63, 64, 65, 1000, 100_000])),
        huge_digits=draw(st.sampled_from([20, 400, 4300, 4301, 100_000])),
    )


def _flip(data: bytes, flips: list[tuple[int, int]]) -> bytes:
    buffer = bytearray(data)
    for position, value in flips:
        if buffer:
            buffer[position % len(buffer)] = value
    return bytes(buffer)


def _insert(data: bytes, position: int, garbage: bytes) -> bytes:
    position %= len(data) + 1
    return data[:position] + garbage + data[position:]


_BAD_UTF8 = [
    b"\xff",
    b"\xfe",
    b"\x80",
    b"\xc0\xaf",
    b"\xed\xa0\x80",
    b"\xf4\x90\x80\x80",
    b"\xe4\xb8",
]
_BOMS = [
    b"\xef\xbb\xbf",
    b"\xef\xbb\xbf\xef\xbb\xbf",
    b"\xff\xfe",
    b"\xfe\xff",
    b"\x00\x00\xfe\xff",
]

byte_mutations: st.SearchStrategy[Mutation] = st.one_of(
    st.lists(
        st.tuples(st.integers(0, 2**20), st.integers(0, 255)), min_size=1, max_size=8
    ).map(lambda flips: lambda data: _flip(data, flips)),
    st.integers(0, 2**20).map(lambda n: lambda data: data[: n % (len(data) + 1)]),
    st.tuples(st.integers(0, 2**20), st.binary(min_size=1, max_size=64)).map(
        lambda args: lambda data: _insert(data, *args)
    ),
    st.tuples(st.integers(0, 2**20), st.sampled_from(_BAD_UTF8)).map(
        lambda args: lambda data: _insert(data, *args)
    ),
    st.sampled_from(_BOMS).map(lambda bom: lambda data: bom + data),
    st.just(lambda data: data.decode("utf-8").encode("utf-16")),
)


@st.composite
def mutated_files(draw: st.DrawFn) -> bytes:
    content = draw(st.one_of(st.just(GOLDEN_BYTES), structural()))
    if draw(st.integers(0, 2)) == 0:  # a third of the files are also damaged bytewise
        for mutate in draw(st.lists(byte_mutations, min_size=1, max_size=3)):
            # the utf-16 re-encoding needs valid UTF-8 input
            with contextlib.suppress(UnicodeDecodeError):
                content = mutate(content)
    return content


def _snapshot(folder: Path) -> dict[str, tuple[int, int, bytes]]:
    return {
        entry.name: (
            entry.stat().st_size,
            entry.stat().st_mtime_ns,
            Path(entry.path).read_bytes(),
        )
        for entry in os.scandir(folder)
    }


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def _check_error(exc: ProjectFileError, path: Path) -> None:
    message = str(exc)
    assert "\n" not in message
    assert "\r" not in message
    assert message.startswith(path.name + ": ")
    assert len(message) < 1000
    assert exc.path == path


@settings(
    max_examples=examples(ci=200, deep=1000),
    deadline=None,
    database=None,  # keep the shared checkout free of .hypothesis/ files
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(content=mutated_files())
def test_loader_never_crashes_and_never_writes(fuzz_dir: Path, content: bytes) -> None:
    path = fuzz_dir / "fuzzed.gpuplan"
    path.write_bytes(content)
    (fuzz_dir / "neighbour.gpuplan").write_bytes(GOLDEN_BYTES)
    before = _snapshot(fuzz_dir)
    try:
        project = load_project(path)
    except ProjectFileError as exc:
        _check_error(exc, path)
        event(f"refused: {exc.code}")
    else:
        assert isinstance(project, Project)
        event("loaded")
    assert _snapshot(fuzz_dir) == before


@settings(
    max_examples=examples(ci=100, deep=200),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(content=mutated_files(), wrap=st.booleans())
def test_autosave_recovery_never_crashes_and_never_writes(
    tmp_path_factory: pytest.TempPathFactory, content: bytes, wrap: bool
) -> None:
    folder = tmp_path_factory.mktemp("autosave")
    if wrap:  # damage the project inside an otherwise valid envelope
        inner = content.decode("utf-8", errors="replace")
        content = (
            '{"format": "gpu-advisor-autosave", "saved_at": "2026-01-01T00:00:00", '
            '"source_path": null, "project": ' + inner + "}"
        ).encode()
    (folder / "dead.autosave").write_bytes(content)
    (folder / "dead.session").write_bytes(b'{"pid": -1}')
    before = _snapshot(folder)
    store = AutosaveStore(folder)
    entries = store.list_recoverable()
    assert [e.session_id for e in entries] == ["dead"]
    try:
        project = store.load(entries[0])
    except ProjectFileError as exc:
        _check_error(exc, folder / "dead.autosave")
        assert entries[0].problem is not None
    else:
        assert isinstance(project, Project)
        assert entries[0].problem is None
    assert _snapshot(folder) == before
