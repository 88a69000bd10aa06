"""Damaged result files: the same values, or refused with a reason; never a partial import.

Issue #17: any file of the known formats with bytes inserted, cut or repeated
either parses to the same values or is refused with a reason; never a
traceback, never a partial import. "The same values" needs to know where the
values are, so each file is split into *tokens* (runs of letters, digits and
``_ . + -`` holding at least one letter or digit: every number, status word,
unit, field name, host and job name a person reads) and *structure* (spaces,
line breaks, commas, quotes, braces, pipes, ``#``, ``<>``, runs of dashes,
control and non-ASCII bytes between them). Three strategies damage the
project's own fixture of every format and variant (:data:`KNOWN`):

* **structure**: bytes inserted, cut or repeated in the structure only, never
  inside or next to a token and never joining two tokens. Every value is still
  in the file as it was, so the file parses to exactly the same measurements
  (every field; labels, which are identifiers printed as they stand, may keep
  a stray ``:``) or is refused.
* **anywhere**: damage at any byte. A damaged value may legitimately read as
  another value ("what the bytes now say"), so the property is *locality*:
  every measurement that does not depend on a token of a damaged line comes
  out unchanged, none lost and none altered. Which measurements depend on a
  token is found by changing one character of that token alone in the
  original file (a digit to another digit, a letter to another letter) and
  seeing which measurements change; a token whose change is refused (a JSON
  key, an XML tag, a header) holds the file together and any outcome is
  allowed once it is damaged.
* **unreadable**: a letter or punctuation put inside a number that holds a
  value (changing one of its digits changes a measured field). The bytes no
  longer say a number, so the file must be refused, not imported without it.

In every strategy a refused file contributes nothing, its reason is a
sentence (not the catch-all "could not be read (TypeError: ...)" that stands
for a parser defect), and nothing raises. Run with ``EVID_EXAMPLES=3000``
for a longer search (about a minute per strategy).
"""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gpu_advisor.io.results_import import import_results, parse_text
from gpu_advisor.model.project import Measurement
from tests.evidence_samples import RESULTS
from tests.property_runs import examples

A1 = RESULTS / "vendor_a" / "node01"
C1 = RESULTS / "vendor_c" / "node01"
VARIANTS = RESULTS / "variants"

KNOWN: Final = [
    A1 / "nccl_all_reduce_perf_1node.txt",  # nccl-tests 13 columns
    A1 / "nccl_all_reduce_perf_2node.txt",  # two hosts in the rank list
    VARIANTS / "nccl_allreduce_old_table.txt",  # 12 columns, error and N/A
    A1 / "iperf3_node01_to_node02.json",
    VARIANTS / "iperf3_terminal_junk.json",
    A1 / "fio_local.json",
    A1 / "gpu_probe.json",
    A1 / "nvidia_smi_query.csv",
    A1 / "nvidia_smi_load.csv",  # repeated samples
    VARIANTS / "nvidia_smi_throttle_serial.csv",  # flags and identifiers
    C1 / "nvidia_smi_q.xml",  # nvidia-smi -q -x, ECC and throttle reasons
    VARIANTS / "nvidia_smi_v13_swapped_minor.xml",
    C1 / "dcgmi_diag.txt",  # classic dcgmi diag with a failed GPU
    VARIANTS / "dcgmi_diag_dcgm4.txt",
    VARIANTS / "dcgmi_dmon_prof.txt",
    A1 / "train_log.csv",
]
"""One fixture of each format and variant the importer reads (all our own files)."""

_TOKEN: Final = re.compile(rb"[A-Za-z0-9_.+\-]*[A-Za-z0-9][A-Za-z0-9_.+\-]*")
_ALNUM: Final = frozenset(
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
)
_STRUCTURE_PIECES: Final = [
    *(bytes([b]) for b in range(128) if b not in _ALNUM),
    *(s.encode() for s in ("é", "\u00a0", "，", "\u3000", "“", "\u200b")),
    b"\xff",
    b"\xc3",
    b"\r\n",
]
"""Bytes the structure strategy inserts: never a letter or a digit (and only
where neither neighbour belongs to a token)."""

Record = tuple[object, ...]


def _record(m: Measurement) -> Record:
    """Every field a person reads, without the file name."""
    labels = tuple(sorted((m.labels or {}).items()))
    return (
        m.tool,
        m.metric,
        m.value,
        m.unit,
        m.node,
        m.gpu,
        m.size_bytes,
        m.sample,
        labels,
    )


@dataclass(frozen=True)
class Fixture:
    path: Path
    data: bytes
    tokens: tuple[tuple[int, int], ...]
    in_token: bytes  # 1 where a byte belongs to a token
    records: tuple[Record, ...]

    def is_token(self, at: int) -> bool:
        return 0 <= at < len(self.data) and self.in_token[at] == 1


@cache
def _fixture(path: Path) -> Fixture:
    data = path.read_bytes()
    tokens = tuple(m.span() for m in _TOKEN.finditer(data))
    in_token = bytearray(len(data))
    for start, end in tokens:
        in_token[start:end] = b"\x01" * (end - start)
    return Fixture(path, data, tokens, bytes(in_token), tuple(_parse(path, data)))


def _parse(path: Path, data: bytes) -> list[Record]:
    """Records of ``data`` read as if it were the file ``path``; raises when refused."""
    text = data.decode("utf-8")
    return [_record(m) for m in parse_text(text, path.name, path.parent.name)]


# --- damage ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Damage:
    """One edit in the original file's coordinates."""

    kind: str  # "insert", "cut" or "repeat"
    at: int
    size: int = 0  # bytes cut or repeated
    data: bytes = b""  # bytes inserted

    def apply(self, data: bytes) -> bytes:
        if self.kind == "insert":
            return data[: self.at] + self.data + data[self.at :]
        if self.kind == "cut":
            return data[: self.at] + data[self.at + self.size :]
        return (
            data[: self.at + self.size]
            + data[self.at : self.at + self.size]
            + data[self.at + self.size :]
        )

    def touched(self) -> tuple[int, int]:
        """Original bytes [lo, hi) whose tokens this edit changes, joins or extends."""
        if self.kind == "insert":
            return self.at - 1, self.at + 1
        return self.at - 1, self.at + self.size + 1


def _apply(data: bytes, damages: list[Damage]) -> bytes:
    """Apply edits from the end of the file backwards (each in original coordinates)."""
    for damage in sorted(damages, key=lambda d: d.at, reverse=True):
        data = damage.apply(data)
    return data


def _disjoint(damages: list[Damage]) -> list[Damage]:
    """Keep edits whose touched ranges do not overlap, so each stays in original coordinates."""
    kept: list[Damage] = []
    for damage in sorted(damages, key=lambda d: d.at):
        lo, _ = damage.touched()
        if kept and lo < kept[-1].touched()[1]:
            continue
        kept.append(damage)
    return kept


@st.composite
def structure_damage(draw: st.DrawFn) -> tuple[Path, list[Damage]]:
    """Edits of the structure only: no token is changed, split or joined with another."""
    fixture = _fixture(draw(st.sampled_from(KNOWN)))
    data = fixture.data
    damages: list[Damage] = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["insert", "cut", "repeat"]))
        at = draw(st.integers(0, len(data)))
        if kind == "insert":
            if fixture.is_token(at - 1) or fixture.is_token(at):
                continue  # inside or next to a token ("41" + "," is "41,")
            pieces = draw(
                st.lists(st.sampled_from(_STRUCTURE_PIECES), min_size=1, max_size=6)
            )
            damages.append(Damage("insert", at, data=b"".join(pieces)))
            continue
        end = at
        limit = at + draw(st.integers(1, 64))
        while end < min(limit, len(data)) and not fixture.is_token(end):
            end += 1
        if end == at:
            continue
        if kind == "cut" and fixture.is_token(at - 1) and fixture.is_token(end):
            end -= 1  # keep one byte between the two tokens
            if end == at:
                continue
        damages.append(Damage(kind, at, size=end - at))
    return fixture.path, _disjoint(damages)


@st.composite
def any_damage(draw: st.DrawFn) -> tuple[Path, list[Damage]]:
    """Edits anywhere: random bytes inserted, 1-64 bytes cut or repeated."""
    fixture = _fixture(draw(st.sampled_from(KNOWN)))
    damages: list[Damage] = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["insert", "cut", "repeat"]))
        at = draw(st.integers(0, len(fixture.data)))
        if kind == "insert":
            inserted = draw(st.binary(min_size=1, max_size=8))
            damages.append(Damage("insert", at, data=inserted))
        else:
            size = min(draw(st.integers(1, 64)), len(fixture.data) - at)
            if size > 0:
                damages.append(Damage(kind, at, size=size))
    return fixture.path, _disjoint(damages)


# --- what a token holds ----------------------------------------------------------------

ALL: Final = -1


def _changed(data: bytes, at: int) -> bytes:
    """``data`` with the character at ``at`` changed to another of its kind."""
    old = chr(data[at])
    if old.isdigit():
        new = "7" if old != "7" else "3"
    elif old.isalpha():
        new = "q" if old.lower() != "q" else "z"
        new = new.upper() if old.isupper() else new
    else:
        new = "_" if old != "_" else "."
    return data[:at] + new.encode() + data[at + 1 :]


@cache
def _dependents(path: Path, token: int, with_labels: bool = True) -> frozenset[int]:
    """Indexes of the original records that change when ``token`` changes alone.

    Each alphanumeric character of the token is changed in turn (a digit to
    another digit, a letter to another letter): the records that differ or
    disappear depend on the token. ``{ALL}`` when a change is refused (the token
    holds the file together: a key, a tag, a header). Without labels, only
    the measured fields count (a digit of a bus id changes no value).
    """
    fixture = _fixture(path)
    start, end = fixture.tokens[token]
    width = None if with_labels else -1
    want = [r[:width] for r in fixture.records]
    out: set[int] = set()
    for at in range(start, end):
        if fixture.data[at] not in _ALNUM:
            continue
        try:
            records = _parse(path, _changed(fixture.data, at))
        except Exception:
            return frozenset({ALL})
        got = Counter(r[:width] for r in records)
        for index, record in enumerate(want):
            if got[record] > 0:
                got[record] -= 1
            else:
                out.add(index)
    return frozenset(out)


def _touched_tokens(fixture: Fixture, damages: list[Damage]) -> list[int]:
    """The tokens on the lines each edit reaches.

    An edit can change how its whole line reads: a digit put into the padding
    of a table cell becomes part of the test's name, a line break cut joins
    two lines, one put in (``str.splitlines`` also breaks at ``\\v``, U+2028,
    ...) splits one.
    """
    data = fixture.data
    out: list[int] = []
    for damage in damages:
        lo, hi = damage.touched()
        lo = data.rfind(b"\n", 0, max(lo, 0)) + 1
        end = data.find(b"\n", max(hi, 0))
        hi = len(data) if end < 0 else end
        out.extend(
            i
            for i, (start, stop) in enumerate(fixture.tokens)
            if start < hi and stop > lo
        )
    return out


# --- the import ------------------------------------------------------------------------


def _import(folder: Path, fixture: Fixture, data: bytes) -> list[Record] | None:
    """Records of the damaged file through the app's folder import; None when refused."""
    target = folder / fixture.path.parent.name / fixture.path.name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    report = import_results([target])  # never raises
    if report.refused:
        assert not report.measurements, "a refused file gave measurements"
        assert not report.imported
        [refused] = report.refused
        assert refused.reason.strip()
        assert not refused.reason.startswith("could not be read ("), (
            f"a parser defect, not a reason: {refused.reason}"
        )
        return None
    assert report.imported, "no file listed as imported or refused"
    return [_record(m) for m in report.measurements]


def _unsampled(record: Record) -> Record:
    return record[:7] + record[8:]


def _diff(fixture: Fixture, damages: list[Damage], got: list[Record]) -> str:
    """The edits and the first records lost or changed, for a failure message."""
    want, have = Counter(fixture.records), Counter(got)
    return (
        f"{fixture.path.name} {damages}: lost {list(want - have)[:2]}, "
        f"new {list(have - want)[:2]}"
    )


_SETTINGS: Final = settings(
    max_examples=int(os.environ.get("EVID_EXAMPLES", examples(ci=100, deep=400))),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@_SETTINGS
# Found by the searches of f40448b (parsers then read them wrongly): two nccl rows
# run together, a row cut in two, a row put inside a comment (the 16-byte row).
@example(
    (
        A1 / "nccl_all_reduce_perf_1node.txt",
        [
            Damage(
                "cut",
                _fixture(A1 / "nccl_all_reduce_perf_1node.txt").data.index(
                    b"0\n          16 "
                )
                + 1,
                size=1,
            )
        ],
    )
)
@example(
    (
        A1 / "nccl_all_reduce_perf_1node.txt",
        [
            Damage(
                "insert",
                _fixture(A1 / "nccl_all_reduce_perf_1node.txt").data.index(b"   float"),
                data=b"\n",
            )
        ],
    )
)
@example(
    (
        A1 / "nccl_all_reduce_perf_1node.txt",
        [
            Damage(
                "insert",
                _fixture(A1 / "nccl_all_reduce_perf_1node.txt").data.index(
                    b"0\n          16 "
                )
                + 2,
                data=b"#",
            )
        ],
    )
)
@given(structure_damage())
def test_structure_damage_same_values_or_refused(tmp_path_factory, case):
    path, damages = case
    fixture = _fixture(path)
    got = _import(tmp_path_factory.mktemp("s"), fixture, _apply(fixture.data, damages))
    if got is not None:
        # Labels are identifiers printed as they stand: a repeated ":" in a bus id
        # is in the label. Every other field must be exactly as before.
        assert Counter(r[:-1] for r in got) == Counter(
            r[:-1] for r in fixture.records
        ), _diff(fixture, damages, got)


@_SETTINGS
@given(any_damage())
def test_damage_anywhere_changes_only_what_it_touches(tmp_path_factory, case):
    path, damages = case
    fixture = _fixture(path)
    damaged = _apply(fixture.data, damages)
    got = _import(tmp_path_factory.mktemp("a"), fixture, damaged)
    if got is None:
        return
    dependents: set[int] = set()
    for token in _touched_tokens(fixture, damages):
        dependents |= _dependents(fixture.path, token)
    if ALL in dependents:
        return  # the damage reached what holds the file together and it still parsed
    # ``sample`` counts repeated rows (nvidia-smi -l, dmon): a row the damage
    # repeated or cut shifts the count of the rows after it, so it is left out.
    kept = Counter(
        _unsampled(r) for i, r in enumerate(fixture.records) if i not in dependents
    )
    missing = kept - Counter(_unsampled(r) for r in got)
    assert not missing, _diff(fixture, damages, got)


@st.composite
def unreadable_value(draw: st.DrawFn) -> tuple[Path, int, int, bytes]:
    """A letter or punctuation put inside a number token (never ``.`` or ``e``,
    which leave a number)."""
    fixture = _fixture(draw(st.sampled_from(KNOWN)))
    data = fixture.data
    numbers = [
        i
        for i, (start, end) in enumerate(fixture.tokens)
        if re.fullmatch(rb"[0-9.]+", data[start:end])
        and data[start - 1 : start] + data[end : end + 1] != b'""'  # a JSON key
    ]
    token = draw(st.sampled_from(numbers))
    start, end = fixture.tokens[token]
    letters = [b"x", b"q", b"O", b"l"]
    if end - start == 1:
        # a letter before a single digit ("x4"); after it, it could read as its
        # unit ("4C"), and a space before it leaves the same number
        return fixture.path, token, start, draw(st.sampled_from(letters))
    at = draw(st.integers(start + 1, end - 1))  # strictly inside: "4x1", "4 1"
    piece = draw(st.sampled_from([*letters, b"_", b",", b" ", b"-", b"\x00", b"/"]))
    return fixture.path, token, at, piece


@settings(
    max_examples=int(os.environ.get("EVID_EXAMPLES", examples(ci=100, deep=300))),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# Found in f40448b: "1_5" read as 15 (Python's float), "5x2" in a CSV cell, junk
# in the nccl average. Token 27 is the first GPU's temperature (41), 579 the average.
@example((A1 / "nvidia_smi_query.csv", 27, 279, b"_"))
@example((A1 / "nvidia_smi_query.csv", 27, 279, b"x"))
@example(
    (
        A1 / "nccl_all_reduce_perf_1node.txt",
        579,
        _fixture(A1 / "nccl_all_reduce_perf_1node.txt").data.index(b"83.4929") + 2,
        b"q",
    )
)
@given(unreadable_value())
def test_a_value_made_unreadable_refuses_the_file(tmp_path_factory, case):
    path, token, at, piece = case
    fixture = _fixture(path)
    damaged = fixture.data[:at] + piece + fixture.data[at:]
    dependents = _dependents(fixture.path, token, with_labels=False)
    got = _import(tmp_path_factory.mktemp("u"), fixture, damaged)
    if not dependents or ALL in dependents:
        return  # not a value (a comment's figure, an interval the parser skips) or a key
    start, end = fixture.tokens[token]
    assert got is None, (
        f"{fixture.path.name}: {fixture.data[start:end]!r} made unreadable was imported"
    )


@pytest.mark.parametrize("path", KNOWN, ids=lambda p: p.name)
def test_every_fixture_parses_whole(path: Path):
    assert _fixture(path).records


# --- what the searches found: each of these was imported without a value before ------

NCCL = A1 / "nccl_all_reduce_perf_1node.txt"
ROW = b"     1048576        262144     float     sum      -1     34.51"


@pytest.mark.parametrize(
    ("path", "old", "new", "reason"),
    [
        # a line break in a row: both halves were skipped as chatter
        (NCCL, ROW, ROW.replace(b"float", b"\nfloat"), "a damaged result row"),
        # two rows run together: 26 columns, skipped
        (NCCL, b"       0\n     2097152", b"       0     2097152", "damaged result row"),
        # a row commented out
        (NCCL, ROW, b"#" + ROW, "a result row inside a comment"),
        # a row run into the column units line
        (NCCL, b"(GB/s)       \n", b"(GB/s) ", "a result row inside a comment"),
        # a rank line with junk in it: one rank less
        (NCCL, b"#  Rank  2 Group", b"#  Rank ! 2 Group  ", None),
        # the average with a space in it read as 83
        (NCCL, b": 83.4929", b": 83 .4929", "an unreadable average"),
        # "41x" in a CSV cell, and junk after the unit, were dropped
        (C1 / "nvidia_smi_query.csv", b", 52, ", b", 5x2, ", "temperature.gpu: not a number"),
        (C1 / "nvidia_smi_query.csv", b"400.00 W", b"400.00 W\x00", "not a number"),
        # an XML reading that is not a number
        (C1 / "nvidia_smi_q.xml", b"<gpu_temp>52 C", b"<gpu_temp>5x2 C", "not a reading"),
        (C1 / "nvidia_smi_q.xml", b">Active<", b">Actve<", "expected 'Active'"),
        # dcgmi: a status that is not one, a GPU list that is not one
        (C1 / "dcgmi_diag.txt", b"| Pass      ", b"| Pas       ", "unreadable test result"),
        (C1 / "dcgmi_diag.txt", b"GPU: 3", b"GPU: x3", "unreadable test result"),
        # a heading cut short, read as a metadata row: the Deployment tests were lost
        (C1 / "dcgmi_diag.txt", b"|-----  Deployment", b"|-----  Deployment |", "damaged table"),
        # a row without its closing pipe
        (C1 / "dcgmi_diag.txt", b"Pass                                           |\n| NVML",
         b"Pass\n| NVML", "damaged table line"),
        # DCGM 4: a per-GPU line without its colon
        (VARIANTS / "dcgmi_diag_dcgm4.txt", b"GPU0: Pass", b"GPU0 Pass ", "unreadable GPU"),
        # dmon: a value and an entity that are not
        (VARIANTS / "dcgmi_dmon_prof.txt", b"0.950", b"0.9x50", "not a number"),
        (VARIANTS / "dcgmi_dmon_prof.txt", b"GPU 0     0.950", b"GPU, 0     0.950", "dmon row"),
        # Python reads "9.3_617" as 9.3617; no tool writes it
        (A1 / "train_log.csv", b"2,7834.4,9.3617", b"2,7834.4,9.36_17", "loss is not a number"),
        (A1 / "train_log.csv", b"2,7834.4,", b"2,78_34.4,", "not a number"),
        # a carriage return inside a row was the csv module's error, not a reason
        (A1 / "train_log.csv", b"2,7834.4,", b"2,7834.4\r,", "a damaged CSV row"),
    ],
)  # fmt: skip
def test_damage_the_searches_found(
    tmp_path: Path, path: Path, old: bytes, new: bytes, reason: str | None
):
    fixture = _fixture(path)
    assert fixture.data.count(old) >= 1
    damaged = fixture.data.replace(old, new, 1)
    got = _import(tmp_path, fixture, damaged)
    if reason is None:  # read as before
        assert got == list(fixture.records)
        return
    assert got is None
    refused = import_results([tmp_path / path.parent.name / path.name]).refused[0]
    assert reason in refused.reason


def test_marker_lines_are_read_with_any_hashes_and_spacing(tmp_path: Path):
    """Marker lines read as a person reads them; a launcher's warning in the
    table is not a damaged row (it is not a result and the rows are whole)."""
    fixture = _fixture(NCCL)
    warning = b"[node01:41265] 1 more process has sent help message help-mpi-btl.txt\n"
    damaged = (
        fixture.data.replace(b"# Avg bus bandwidth", b"#   ## Avg  bus bandwidth")
        .replace(b"# Out of bounds values :", b"Out of  bounds values")
        .replace(b"#  Rank  0", b"##  Rank  0")
        .replace(ROW, warning + ROW)
    )
    assert _import(tmp_path, fixture, damaged) == list(fixture.records)


def test_csv_flags_and_units_of_every_known_field():
    text = (
        "index, name, remapped_rows.pending, remapped_rows.correctable, pcie.link.gen.max, "
        "ecc.errors.uncorrected.volatile.total, retired_pages.pending, "
        "temperature.memory, clocks_event_reasons_counters.sw_power_cap [us]\n"
        "0, NVIDIA H100, Yes, 3, 5, 0, No, N/A, 1250\n"
    )
    got = {m.metric: (m.value, m.unit) for m in parse_text(text, "q.csv", "n1")}
    assert got == {
        "remapped_rows.pending": (1.0, "flag"),
        "remapped_rows.correctable": (3.0, "count"),
        "pcie.link.gen.max": (5.0, "generation"),
        "ecc.errors.uncorrected.volatile.total": (0.0, "count"),
        "retired_pages.pending": (0.0, "flag"),
        "clocks_event_reasons_counters.sw_power_cap": (1250.0, "us"),
    }
