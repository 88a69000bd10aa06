"""Parsers for the outputs of the vendor test kit, one function per tool.

Each parser takes the text of one file and returns
:class:`~gpu_advisor.model.project.Measurement` objects, or raises
:class:`ResultsImportError` naming the file and the line that could not be
read. Detection and folder walking live in :mod:`gpu_advisor.io.results_import`.

Formats (where each is documented):

* nccl-tests stdout: ``README.md`` and ``doc/PERFORMANCE.md`` of
  https://github.com/NVIDIA/nccl-tests (columns ``size count type redop root
  time algbw busbw #wrong`` for out-of-place then in-place).
* iperf3 ``--json``: iperf3(1) manual page, option ``-J, --json``; the
  ``start`` / ``intervals`` / ``end`` objects written by ``iperf_json_*``
  in https://github.com/esnet/iperf.
* fio ``--output-format=json``: fio HOWTO, section "JSON output"
  (https://fio.readthedocs.io/en/latest/fio_doc.html#json-output).
* nvidia-smi ``--query-gpu=... --format=csv`` and ``-q -x``: nvidia-smi(1)
  manual page, sections "GPU ATTRIBUTES" and "XML output"
  (https://docs.nvidia.com/deploy/nvidia-smi/).
* ``dcgmi diag``: DCGM User Guide, "DCGM Diagnostics"
  (https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/dcgm-diagnostics.html).
* The training log: ``step,tokens_per_s,loss[,gpus]`` as written by the
  snippet in the kit's README (:mod:`gpu_advisor.engine.rollout.testkit.readme`).
* The kit's own GPU probe (``50_gpu_probe.py``): JSON with
  ``"tool": "gpu_advisor_gpu_probe"``.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from typing import Any, Final

from pydantic import ValidationError

from gpu_advisor.model.project import Measurement

MAX_FILE_BYTES: Final = 64 * 2**20
"""Largest result file read [bytes]; nccl-tests, fio and iperf3 outputs are < 1 MiB."""

MAX_XML_BYTES: Final = 16 * 2**20
"""Largest ``nvidia-smi -q -x`` file accepted; a 16-GPU node writes ~0.5 MiB."""

GPU_PROBE_TOOL: Final = "gpu_advisor_gpu_probe"
"""Value of the ``tool`` key in the JSON printed by the kit's ``50_gpu_probe.py``."""

STATUS_UNIT: Final = "1=pass 0.5=warn 0=fail"
"""Unit of the ``dcgmi diag`` measurements."""

_STATUS_VALUE: Final = {"pass": 1.0, "warn": 0.5, "warning": 0.5, "fail": 0.0}


class ResultsImportError(Exception):
    """A result file that cannot be read: names the file and, when known, the line."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        self.file = file
        self.line = line
        self.message = message
        self.reason = message
        shown = escape_controls(file)
        where = f"{shown}:{line}" if line is not None else shown
        super().__init__(f"{where}: {escape_controls(message)}")


_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def escape_controls(text: str) -> str:
    r"""``text`` with control characters written as escapes (``\x1b``, ``\n``).

    File names and file content reach terminals and dialogs through error
    messages; a raw escape sequence there could rewrite what the user sees.

    Examples
    --------
    >>> escape_controls("a\x1b[2Jb\n")
    'a\\x1b[2Jb\\n'
    """
    return _CONTROLS.sub(lambda m: repr(m.group(0))[1:-1], text)


def _measure(
    file: str,
    line: int,
    *,
    tool: str,
    metric: str,
    value: float,
    unit: str,
    node: str | None,
    gpu: int | None = None,
    size_bytes: int | None = None,
    sample: int | None = None,
    labels: dict[str, str] | None = None,
) -> Measurement:
    """Build one measurement; a value out of range names the line it came from."""
    if not math.isfinite(value):
        raise ResultsImportError(file, line, f"{metric}: not a finite number")
    try:
        return Measurement(
            tool=tool,
            metric=metric,
            value=value,
            unit=unit,
            file=file,
            node=node,
            gpu=gpu,
            size_bytes=size_bytes,
            sample=sample,
            labels=labels or None,
        )
    except ValidationError as exc:
        detail = exc.errors()[0]
        field = ".".join(str(p) for p in detail["loc"])
        raise ResultsImportError(
            file, line, f"{metric}: {field} {detail['msg']}"
        ) from None


make_measurement = _measure
"""Public name of the measurement builder for the other result parsers."""


_DECIMAL = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]{1,4})?")
"""A number as the tools print it: ASCII digits, no ``_`` separators (``float``
reads ``"1_5"`` as 15 and ``"١٥"`` as 15; neither is in a tool's output)."""


def _float(text: str, file: str, line: int, what: str) -> float:
    if not _DECIMAL.fullmatch(text):
        raise ResultsImportError(file, line, f"{what}: not a number: {text[:40]!r}")
    value = float(text)
    if not math.isfinite(value):
        raise ResultsImportError(file, line, f"{what}: not a finite number: {text!r}")
    return value


_ASCII_INT = re.compile(r"[0-9]{1,18}")


def _int(text: str, file: str, line: int, what: str) -> int:
    """A whole number written in ASCII digits (``"²".isdigit()`` is True, so not that)."""
    if not _ASCII_INT.fullmatch(text):
        raise ResultsImportError(
            file, line, f"{what} is not a whole number: {text[:40]!r}"
        )
    return int(text)


def is_ascii_int(text: str) -> bool:
    """True for 1 to 18 ASCII digits (safe for :func:`int`, unlike ``str.isdigit``)."""
    return _ASCII_INT.fullmatch(text) is not None


def _obj(value: Any) -> dict[str, Any]:
    """``value`` when it is a JSON object, else an empty one (arrays where objects belong)."""
    return value if isinstance(value, dict) else {}


def _line_of(text: str, needle: str) -> int:
    """1-based line of the first occurrence of ``needle`` (1 when absent)."""
    pos = text.find(needle)
    return 1 if pos < 0 else text.count("\n", 0, pos) + 1


# --- nccl-tests ---------------------------------------------------------------

_NCCL_OPS: Final = (
    "reduce_scatter",
    "all_reduce",
    "all_gather",
    "hypercube",
    "broadcast",
    "alltoall",
    "sendrecv",
    "scatter",
    "gather",
    "reduce",
)
"""The nccl-tests collectives, longest name first so ``reduce`` never wins over ``all_reduce``."""
_NCCL_PERF = re.compile(r"\b(" + "|".join(_NCCL_OPS) + r")_perf\b")
_NCCL_TABLE_HEADER = re.compile(r"^\s*#+\s*size\s+count\s+type\s+redop\b", re.MULTILINE)
# The summary and rank lines are read with or without their "#", and with any
# spacing or stray punctuation between their words: a person reads
# "## Avg bus  bandwidth : 102" or " Rank ! 0 ... on n1" the same way.
_SEP: Final = "[^A-Za-z0-9]"
"""Anything between the words of a marker line (spaces, "#", stray punctuation)."""
_NCCL_RANK = re.compile(
    rf"\bRank{_SEP}+([0-9]+){_SEP}+(?:Group{_SEP}+[0-9]+{_SEP}+)?Pid{_SEP}+[0-9]+{_SEP}+"
    rf"on{_SEP}+(\S+)\s+device{_SEP}+([0-9]+)"
)
"""A rank line, found anywhere in a line (two rank lines run together are two ranks)."""
_NCCL_RANK_START = re.compile(rf"\bRank{_SEP}+[0-9]")
_NCCL_AVG = re.compile(
    rf"^{_SEP}*Avg{_SEP}+bus{_SEP}+bandwidth[^A-Za-z0-9.+-]*(\S*)\s*(.*)$"
)
_NCCL_OOB = re.compile(
    rf"^{_SEP}*Out{_SEP}+of{_SEP}+bounds{_SEP}+values[^A-Za-z0-9.+-]*(\S+)"
)
_NCCL_START = re.compile(
    rf"^{_SEP}*Collective{_SEP}+test{_SEP}+starting{_SEP}*(\w+?)(?:_perf)?\s*$"
)
_NCCL_CHATTER = re.compile(r"\bNCCL\b|^\S+:[0-9]+:[0-9]+\s")
"""NCCL_DEBUG output (``host:pid:tid [dev] NCCL INFO ...``), which may interleave the table."""
_CONTROL_BYTES = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")
_NCCL_FAILURE = re.compile(r"(Test NCCL failure|Test CUDA failure|Test failure)")
_REDUCING_OPS: Final = frozenset({"sum", "prod", "max", "min", "avg", "premulsum"})


def looks_like_nccl(text: str) -> bool:
    """True when ``text`` is nccl-tests stdout."""
    head = text[:8000]
    return (
        any(
            marker in head
            for marker in (
                "# nThread",
                "# Collective test starting",
                "# nccl-tests version",
            )
        )
        or _NCCL_TABLE_HEADER.search(head) is not None
    )


def _nccl_op(text: str, file_name: str, redop: str | None) -> str:
    """Which collective: the header line, the ``<op>_perf`` command, the file name, the redop.

    The file name is compared without separators and longest name first, so
    ``dgx-allreduce.txt`` is ``all_reduce`` and not ``reduce``.
    """
    for raw in text.splitlines()[:80]:
        match = _NCCL_START.match(raw.strip())
        if match:
            return match.group(1)
    perf = _NCCL_PERF.search(text[:20000])
    if perf:
        return perf.group(1)
    squashed = re.sub(r"[^a-z]", "", file_name.lower())
    for op in _NCCL_OPS:
        if op.replace("_", "") in squashed:
            return op
    if redop is not None and redop in _REDUCING_OPS:
        return "all_reduce"
    return "collective"


def _nccl_row(fields: list[str]) -> bool:
    """True for the fields of a result row: 12 or 13 columns, size and count first."""
    return (
        len(fields) in (12, 13) and is_ascii_int(fields[0]) and is_ascii_int(fields[1])
    )


def _row_part(fields: list[str]) -> bool:
    """True for the fields of a piece of a result row: a number first, or mostly numbers."""
    numbers = sum(
        1 for f in fields if _DECIMAL.fullmatch(f) or f.upper() in ("N/A", "NA")
    )
    return bool(fields) and (fields[0][0].isdigit() or 2 * numbers >= len(fields))


def _holds_nccl_row(fields: list[str]) -> bool:
    """True when a result row (size, count, type, redop, ...) ends these fields:
    a row run into a comment or a chatter line."""
    return any(
        is_ascii_int(fields[i])
        and is_ascii_int(fields[i + 1])
        and fields[i + 2].isalpha()
        and fields[i + 3].isalpha()
        for i in range(max(len(fields) - 13, 0), len(fields) - 11)
    )


def parse_nccl_tests(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read one run of an nccl-tests binary (``all_reduce_perf`` and friends).

    Every data row gives time [us], algbw [GB/s], busbw [GB/s] and #wrong for
    the out-of-place and in-place runs, with ``size_bytes`` set. The summary
    gives ``<op>.avg_busbw`` [GB/s] and ``<op>.out_of_bounds``; the rank list
    gives ``<op>.ranks`` and ``<op>.nodes``.

    A file is read whole or refused: inside the table every line is a result
    row or NCCL_DEBUG chatter, so a row cut in two, two rows run together, a
    row inside a comment, a rank line or an average that cannot be read
    refuse the file (issue #17: never a partial import).

    Examples
    --------
    >>> out = parse_nccl_tests(
    ...     "# nThread 1 nGpus 2 minBytes 8 maxBytes 8\\n"
    ...     "#  Rank  0 Group  0 Pid  1 on n1 device  0 [0x07] GPU\\n"
    ...     "#  Rank  1 Group  0 Pid  1 on n1 device  1 [0x0a] GPU\\n"
    ...     "        8   2 float sum -1  9.1 0.00 0.00 0  9.0 0.00 0.00 0\\n"
    ...     "# Out of bounds values : 0 OK\\n# Avg bus bandwidth    : 0.001\\n",
    ...     "all_reduce.txt", None)
    >>> [(m.metric, m.value, m.node) for m in out if "in_place" not in m.metric][:3]
    [('all_reduce.out_of_place.time', 9.1, 'n1'), ('all_reduce.out_of_place.algbw', 0.0, 'n1'), ('all_reduce.out_of_place.busbw', 0.0, 'n1')]
    """
    # Lines end at "\n" only, and other control bytes (terminal junk) read as
    # spaces: a stray form feed or NUL does not cut a row or a rank line in two.
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    hosts: list[str] = []
    ranks = 0
    rows: list[tuple[int, list[str]]] = []
    avg: tuple[int, float] | None = None
    oob: tuple[int, float] | None = None
    in_table = False
    for number, raw in enumerate(lines, start=1):
        stripped = _CONTROL_BYTES.sub(" ", raw).strip()
        if not stripped:
            continue
        if _NCCL_FAILURE.search(stripped):
            raise ResultsImportError(
                file,
                number,
                f"a crashed run, no result: nccl-tests reported {stripped[:200]!r}",
            )
        chatter = _NCCL_CHATTER.search(stripped) is not None
        found_ranks = [] if chatter else list(_NCCL_RANK.finditer(stripped))
        if not chatter and len(found_ranks) != len(_NCCL_RANK_START.findall(stripped)):
            raise ResultsImportError(
                file, number, f"a damaged rank line: {stripped[:80]!r}"
            )
        if found_ranks:
            for rank in found_ranks:
                ranks += 1
                if rank.group(2) not in hosts:
                    hosts.append(rank.group(2))
            continue
        avg_match = _NCCL_AVG.match(stripped)
        if avg_match:
            if avg_match.group(2):
                raise ResultsImportError(
                    file, number, f"an unreadable average: {stripped[:80]!r}"
                )
            avg = (
                number,
                _float(avg_match.group(1), file, number, "avg bus bandwidth"),
            )
            in_table = False
            continue
        oob_match = _NCCL_OOB.match(stripped)
        if oob_match:
            oob = (
                number,
                float(_int(oob_match.group(1), file, number, "out of bounds values")),
            )
            in_table = False
            continue
        fields = stripped.split()
        if stripped.startswith("#"):
            if _NCCL_TABLE_HEADER.match(stripped):
                in_table = True
            elif _holds_nccl_row(stripped.lstrip("#").split()):
                raise ResultsImportError(
                    file, number, "a result row inside a comment (an edited table)"
                )
            continue
        if _nccl_row(fields):
            rows.append((number, fields))
            in_table = avg is None
        elif in_table and (
            _holds_nccl_row(fields) or (not chatter and _row_part(fields))
        ):
            # Inside the table a line that is part of a result row (it starts
            # with a number, or is mostly numbers) is a row cut, joined or
            # edited; NCCL_DEBUG chatter and launcher warnings are not results.
            raise ResultsImportError(
                file,
                number,
                f"a damaged result row ({len(fields)} columns where 12 or 13 belong)",
            )
        # Anything else is launcher noise before or after the table: not a result.
    if not rows:
        raise ResultsImportError(
            file, max(len(lines), 1), "no nccl-tests result rows: the run produced none"
        )
    if avg is None:
        raise ResultsImportError(
            file,
            len(lines),
            "an interrupted run: no '# Avg bus bandwidth' line (the output is "
            "truncated or the run failed)",
        )
    widths = {len(fields) for _, fields in rows}
    if len(widths) != 1:
        raise ResultsImportError(
            file, rows[-1][0], "result rows of different widths (a damaged table)"
        )
    op = _nccl_op(text, file.rsplit("/", 1)[-1], rows[0][1][3])
    if hosts:
        # The host of rank 0 (where the test was launched); ``<op>.nodes``
        # counts every host of the rank list.
        node = hosts[0][:200]
    out: list[Measurement] = []
    # 13 columns: size count type redop root, then time algbw busbw #wrong twice.
    # 12 columns (before nccl-tests 2.10): no root, an "error" column instead of #wrong.
    old = widths == {12}
    places = (
        (("out_of_place", 4), ("in_place", 8))
        if old
        else (
            ("out_of_place", 5),
            ("in_place", 9),
        )
    )
    last_name, last_unit = ("error", "max rel error") if old else ("wrong", "count")
    for number, fields in rows:
        size_bytes = _int(fields[0], file, number, "size")
        for place, start in places:
            units = (
                ("time", "us"),
                ("algbw", "GB/s"),
                ("busbw", "GB/s"),
                (last_name, last_unit),
            )
            for offset, (name, unit) in enumerate(units):
                cell = fields[start + offset]
                if cell.upper() in ("N/A", "NA", "-"):
                    continue
                out.append(
                    _measure(
                        file,
                        number,
                        tool="nccl-tests",
                        metric=f"{op}.{place}.{name}",
                        value=_float(cell, file, number, name),
                        unit=unit,
                        node=node,
                        size_bytes=size_bytes,
                    )
                )
    summary = [(avg[0], "avg_busbw", avg[1], "GB/s")]
    if oob is not None:
        summary.append((oob[0], "out_of_bounds", oob[1], "count"))
    if ranks:
        summary.append((1, "ranks", float(ranks), "count"))
        summary.append((1, "nodes", float(len(hosts)), "count"))
    for number, name, value, unit in summary:
        out.append(
            _measure(
                file,
                number,
                tool="nccl-tests",
                metric=f"{op}.{name}",
                value=value,
                unit=unit,
                node=node,
            )
        )
    return out


# --- JSON tools -----------------------------------------------------------------


def json_start(text: str) -> int:
    """Offset of the JSON document in ``text``: the first ``{`` at a line start or after junk.

    fio may print warnings (``fio: terminating on signal 2``) on lines before
    its document, and a terminal may leave escape bytes (``^[[F``) in front of
    the ``{`` of an iperf3 capture. The document starts at the first ``{``
    that begins a line once such control junk is removed; -1 when none.
    """
    pos = 0
    for raw in text.splitlines(keepends=True):
        brace = raw.find("{")
        if brace >= 0:
            prefix = raw[:brace]
            if not prefix.strip() or _JUNK_PREFIX.fullmatch(prefix):
                return pos + brace
        pos += len(raw)
    return -1


_JUNK_PREFIX = re.compile(
    r"(?:\x1b\[[0-9;?]*[A-Za-z]|\^\[\[[0-9;?]*[A-Za-z]|[\x00-\x1f\s])+"
)


def load_json(text: str, file: str) -> Any:
    """Parse JSON; a syntax error names its line.

    Text before the document (fio warnings, terminal junk: :func:`json_start`)
    is skipped and counted for line numbers.
    """
    start = json_start(text)
    if start < 0:
        raise ResultsImportError(file, 1, "no JSON object in the file")
    skipped = text.count("\n", 0, start)
    body = text[start:]
    try:
        return json.loads(body)
    except json.JSONDecodeError as exc:
        raise ResultsImportError(
            file, exc.lineno + skipped, f"bad JSON: {exc.msg}"
        ) from None
    except RecursionError:
        raise ResultsImportError(file, 1, "JSON nested too deeply") from None
    except ValueError as exc:  # integers over 4,300 digits
        raise ResultsImportError(file, 1, f"bad JSON: {str(exc)[:120]}") from None


def _get(data: Any, path: str, file: str, text: str) -> Any:
    """``data["a"]["b"]`` for ``path="a.b"``; a missing key names its line."""
    node = data
    for key in path.split("."):
        if not isinstance(node, dict) or key not in node:
            raise ResultsImportError(
                file, _line_of(text, f'"{key}"'), f"missing {path!r}"
            )
        node = node[key]
    return node


def _number(value: Any, path: str, file: str, text: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ResultsImportError(
            file,
            _line_of(text, f'"{path.rsplit(".", 1)[-1]}"'),
            f"{path}: not a number",
        )
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise ResultsImportError(file, 1, f"{path}: not a finite number")
    return number


def parse_iperf3(
    data: Any, text: str, file: str, node: str | None
) -> list[Measurement]:
    """Read ``iperf3 -c HOST -J``: TCP throughput sent/received [Gbit/s], retransmits.

    Examples
    --------
    >>> doc = {"start": {"system_info": "Linux n2 5.15", "test_start": {"num_streams": 8}},
    ...        "intervals": [],
    ...        "end": {"sum_sent": {"bits_per_second": 9.4e10, "retransmits": 3},
    ...                "sum_received": {"bits_per_second": 9.3e10}}}
    >>> [(m.metric, m.value, m.node) for m in parse_iperf3(doc, "", "a.json", None)]
    [('tcp.sent', 94.0, 'n2'), ('tcp.received', 93.0, 'n2'), ('tcp.retransmits', 3.0, 'n2'), ('tcp.streams', 8.0, 'n2')]
    """
    if isinstance(data, dict) and data.get("error"):
        raise ResultsImportError(
            file,
            _line_of(text, '"error"'),
            f"a failed run, no result: iperf3 reported {str(data['error'])[:200]!r}",
        )
    start = _get(data, "start", file, text)
    if not isinstance(start, dict):
        raise ResultsImportError(
            file, _line_of(text, '"start"'), "'start' is not an object"
        )
    info = start.get("system_info")
    if isinstance(info, str) and len(info.split()) > 1:
        node = info.split()[1][:200]
    test_start = _obj(start.get("test_start"))
    protocol = test_start.get("protocol", "TCP")
    if protocol != "TCP":
        raise ResultsImportError(
            file,
            _line_of(text, '"protocol"'),
            f"a {str(protocol)[:20]} iperf3 run: the kit measures TCP throughput; "
            "rerun without -u",
        )
    end = _obj(data.get("end")) if isinstance(data, dict) else {}
    if not end.get("sum_sent") and not end.get("sum_received"):
        raise ResultsImportError(
            file,
            _line_of(text, '"end"'),
            "an interrupted run, no result: iperf3 wrote no 'end' summary",
        )
    sent = _obj(_get(data, "end.sum_sent", file, text))
    received = _obj(_get(data, "end.sum_received", file, text))
    line_sent = _line_of(text, '"sum_sent"')
    line_received = _line_of(text, '"sum_received"')
    values: list[tuple[int, str, float, str]] = [
        (
            line_sent,
            "tcp.sent",
            _number(
                sent.get("bits_per_second"), "end.sum_sent.bits_per_second", file, text
            )
            / 1e9,
            "Gbit/s",
        ),
        (
            line_received,
            "tcp.received",
            _number(
                received.get("bits_per_second"),
                "end.sum_received.bits_per_second",
                file,
                text,
            )
            / 1e9,
            "Gbit/s",
        ),
    ]
    if "retransmits" in sent:
        retransmits = _number(
            sent["retransmits"], "end.sum_sent.retransmits", file, text
        )
        values.append((line_sent, "tcp.retransmits", retransmits, "count"))
    streams = test_start.get("num_streams")
    if isinstance(streams, int) and not isinstance(streams, bool):
        values.append(
            (_line_of(text, '"num_streams"'), "tcp.streams", float(streams), "count")
        )
    return [
        _measure(
            file, line, tool="iperf3", metric=metric, value=value, unit=unit, node=node
        )
        for line, metric, value, unit in values
    ]


def parse_fio(data: Any, text: str, file: str, node: str | None) -> list[Measurement]:
    """Read ``fio --output-format=json``: per job and direction, bandwidth, IOPS, latency.

    Bandwidth comes from ``bw_bytes`` [B/s] (fio ≥ 3.0), else ``bw`` [KiB/s],
    and is stored in GB/s (10⁹ B/s). Completion-latency percentiles
    ``clat_ns.percentile`` are stored in microseconds.

    Examples
    --------
    >>> doc = {"fio version": "fio-3.28", "jobs": [{"jobname": "w", "error": 0,
    ...        "write": {"io_bytes": 1, "bw_bytes": 2_000_000_000, "bw": 1953125,
    ...                  "iops": 1907.3, "clat_ns": {"percentile": {"99.000000": 8e6}}}}]}
    >>> [(m.metric, m.value) for m in parse_fio(doc, "", "f.json", "n1")]
    [('w.write.bw', 2.0), ('w.write.iops', 1907.3), ('w.write.clat_p99', 8000.0)]
    """
    jobs = _get(data, "jobs", file, text)
    if not isinstance(jobs, list) or not jobs:
        raise ResultsImportError(
            file, _line_of(text, '"jobs"'), "fio 'jobs' list is empty"
        )
    out: list[Measurement] = []
    for job in jobs:
        if not isinstance(job, dict) or not isinstance(job.get("jobname"), str):
            raise ResultsImportError(
                file, _line_of(text, '"jobs"'), "fio job without 'jobname'"
            )
        name = job["jobname"]
        line = _line_of(text, f'"jobname" : "{name}"')
        if line == 1:
            line = _line_of(text, f'"{name}"')
        if job.get("error", 0):
            raise ResultsImportError(
                file, line, f"fio job {name!r} ended with error {job['error']}"
            )
        hostname = job.get("hostname", _obj(data).get("hostname"))
        job_node = hostname[:200] if isinstance(hostname, str) and hostname else node
        for direction in ("read", "write"):
            stats = job.get(direction)
            if not isinstance(stats, dict) or not stats.get("io_bytes", 1):
                continue
            if "bw_bytes" in stats:
                bw_gb_per_s = _number(stats["bw_bytes"], "bw_bytes", file, text) / 1e9
            else:
                bw_gb_per_s = _number(stats.get("bw"), "bw", file, text) * 1024 / 1e9
            values: list[tuple[str, float, str]] = [
                (f"{name}.{direction}.bw", bw_gb_per_s, "GB/s"),
                (
                    f"{name}.{direction}.iops",
                    _number(stats.get("iops"), "iops", file, text),
                    "IO/s",
                ),
            ]
            percentiles = _obj(stats.get("clat_ns")).get("percentile", {})
            if isinstance(percentiles, dict):
                for key, label in (
                    ("50.000000", "clat_p50"),
                    ("99.000000", "clat_p99"),
                ):
                    if key in percentiles:
                        value_ns = _number(percentiles[key], key, file, text)
                        values.append(
                            (f"{name}.{direction}.{label}", value_ns / 1e3, "us")
                        )
            out.extend(
                _measure(
                    file,
                    line,
                    tool="fio",
                    metric=metric,
                    value=value,
                    unit=unit,
                    node=job_node,
                )
                for metric, value, unit in values
            )
    if not out:
        raise ResultsImportError(
            file, _line_of(text, '"jobs"'), "fio jobs moved no data"
        )
    return out


def parse_gpu_probe(
    data: Any, text: str, file: str, node: str | None
) -> list[Measurement]:
    """Read the kit's ``50_gpu_probe.py`` JSON: bf16 matmul [TFLOP/s], copy [GB/s] per GPU.

    A probe that skipped itself (``"skipped": "..."``, e.g. no PyTorch) yields
    no measurement.
    """
    if isinstance(data.get("host"), str) and data["host"]:
        node = data["host"]
    if data.get("skipped"):
        return []
    gpus = _get(data, "gpus", file, text)
    if not isinstance(gpus, list):
        raise ResultsImportError(
            file, _line_of(text, '"gpus"'), "'gpus' must be a list"
        )
    out: list[Measurement] = []
    for entry in gpus:
        if not isinstance(entry, dict) or not isinstance(entry.get("index"), int):
            raise ResultsImportError(
                file, _line_of(text, '"gpus"'), "GPU entry without 'index'"
            )
        index = entry["index"]
        line = _line_of(text, f'"index": {index}')
        for key, metric, unit in (
            ("bf16_matmul_tflops", "bf16_matmul", "TFLOP/s"),
            ("copy_gb_per_s", "memory_copy", "GB/s"),
        ):
            if key in entry:
                value = _number(entry[key], key, file, text)
                out.append(
                    _measure(
                        file,
                        line,
                        tool="gpu-probe",
                        metric=metric,
                        value=value,
                        unit=unit,
                        node=node,
                        gpu=index,
                    )
                )
    return out


# --- nvidia-smi -------------------------------------------------------------------

_CSV_UNIT = re.compile(r"^(?P<name>[A-Za-z0-9_.]+)\s*(?:\[(?P<unit>[A-Za-z]+|%)\])?$")
_NUMERIC_CELL = re.compile(r"^(?P<num>-?[0-9]+(?:\.[0-9]+)?)\s*(?P<unit>[A-Za-z]+|%)?$")

_CSV_KNOWN: Final[dict[str, str]] = {
    "temperature.gpu": "C",
    "temperature.memory": "C",
    "temperature.gpu.tlimit": "C",
    "power.draw": "W",
    "power.draw.average": "W",
    "power.draw.instant": "W",
    "power.limit": "W",
    "enforced.power.limit": "W",
    "power.default_limit": "W",
    "power.min_limit": "W",
    "power.max_limit": "W",
    "module.power.draw.average": "W",
    "module.power.draw.instant": "W",
    "module.power.limit": "W",
    "module.enforced.power.limit": "W",
    "module.power.default_limit": "W",
    "module.power.min_limit": "W",
    "module.power.max_limit": "W",
    "memory.total": "MiB",
    "memory.used": "MiB",
    "memory.free": "MiB",
    "memory.reserved": "MiB",
    "utilization.gpu": "%",
    "utilization.memory": "%",
    "utilization.encoder": "%",
    "utilization.decoder": "%",
    "utilization.jpeg": "%",
    "utilization.ofa": "%",
    "fan.speed": "%",
    "pcie.link.gen.current": "generation",
    "pcie.link.gen.max": "generation",
    "pcie.link.gen.gpucurrent": "generation",
    "pcie.link.gen.gpumax": "generation",
    "pcie.link.gen.hostmax": "generation",
    "pcie.link.width.current": "lanes",
    "pcie.link.width.max": "lanes",
}
"""Numeric ``--query-gpu`` fields read as measurements, with their unit.

The unit in the header (``power.draw [W]``) or in the cell (``81920 MiB``)
wins; this table gives the unit of fields printed without one
(``temperature.gpu``, ``pcie.link.gen.max``) and under ``--format=csv,nounits``.
Families of fields are in :data:`CSV_KNOWN_PREFIXES`. Identifiers
(``serial``, ``uuid``, ``pci.*``, ``driver_version``, ``name``) never become
values (:data:`CSV_LABEL_FIELDS`). Source: ``nvidia-smi --help-query-gpu``.
"""

CSV_KNOWN_PREFIXES: Final[dict[str, str]] = {
    "clocks.": "MHz",
    "clocks_event_reasons_counters.": "us",
    "ecc.errors.": "count",
    "retired_pages.": "count",
    "remapped_rows.": "count",
}
"""Families of numeric ``--query-gpu`` fields → unit: clocks [MHz], time spent
in each clock event reason [us] (driver 550 and later), ECC error counts,
retired pages and remapped rows (and banks per remapping histogram bucket)."""

CSV_FLAG_FIELDS: Final = frozenset(
    {
        "remapped_rows.pending",
        "remapped_rows.failure",
        "retired_pages.pending",
        "ecc.errors.uncorrected.aggregate.sram.thresholdExceeded",
        "ecc.errors.uncorrected.volatile.sram.thresholdExceeded",
    }
)
"""Fields nvidia-smi prints as ``Yes``/``No``: 1/0 with the unit ``flag``."""

CSV_LABEL_FIELDS: Final = (
    "uuid",
    "pci.bus_id",
    "serial",
    "name",
    "hostname",
    "host",
    "driver_version",
    "vbios_version",
    "board_id",
    "module_id",
)
"""``--query-gpu`` identifiers kept as labels on the row's measurements (never values).

``index`` is the measurement's ``gpu``; ``hostname`` (or ``host``), when a
collector adds it, is also the measurement's node.
"""

_REASON_PREFIXES: Final = ("clocks_event_reasons.", "clocks_throttle_reasons.")
_HEX_MASK = re.compile(r"0x[0-9a-fA-F]{1,16}")
_ABSENT_CELL = re.compile(
    r"\[[^\]]*\]|N/A|Not Supported|Unknown Error|ERR!", re.IGNORECASE
)
"""A cell without a value: ``[N/A]``, ``[Not Supported]``, ``[Unknown Error]``,
``[Requested functionality has been deprecated]``, or ``N/A`` unbracketed
(``temperature.memory`` on some boards)."""


def _csv_unit(name: str) -> str | None:
    """The unit of a known numeric field, or None for a field that is not read."""
    if name in _CSV_KNOWN:
        return _CSV_KNOWN[name]
    for prefix, unit in CSV_KNOWN_PREFIXES.items():
        if name.startswith(prefix):
            return unit
    return None


def _csv_value(
    name: str, cell: str, file: str, line: int
) -> tuple[str, float, str] | None:
    """(metric, value, unit) for one CSV cell, or None (no value, or not a field we read).

    Clock event (throttle) reasons become ``throttle.<reason>`` = 1 for
    "Active" and 0 for "Not Active", as in the XML; the ``.active`` bit mask
    becomes ``throttle.active_mask``. A field we read whose cell is neither a
    value nor one of the "no value" marks (:data:`_ABSENT_CELL`) is damage:
    the file is refused rather than imported without that value.
    """
    if _ABSENT_CELL.fullmatch(cell):
        return None
    for prefix in _REASON_PREFIXES:
        if name.startswith(prefix):
            reason = name.removeprefix(prefix)
            if reason in ("supported", "active"):
                if not _HEX_MASK.fullmatch(cell):
                    raise ResultsImportError(
                        file, line, f"{name}: not a bit mask: {cell[:40]!r}"
                    )
                if reason == "supported":
                    return None
                return "throttle.active_mask", float(int(cell, 16)), "bitmask"
            state = cell.lower()
            if state not in ("active", "not active"):
                raise ResultsImportError(
                    file,
                    line,
                    f"{name}: expected 'Active' or 'Not Active', found {cell[:40]!r}",
                )
            return f"throttle.{reason}", float(state == "active"), "flag"
    unit = _csv_unit(name)
    if unit is None:
        return None
    if name in CSV_FLAG_FIELDS and cell.lower() in ("yes", "no"):
        return name, float(cell.lower() == "yes"), "flag"
    match = _NUMERIC_CELL.match(cell)
    if not match:
        raise ResultsImportError(file, line, f"{name}: not a number: {cell[:40]!r}")
    return name, float(match.group("num")), match.group("unit") or unit


def _csv_labels(names: list[str], row: list[str]) -> dict[str, str]:
    """The identifier cells of one CSV row (``uuid``, ``pci.bus_id``, ...), as printed.

    ``[N/A]``-style cells and empty cells are left out; a value is cut to 200
    characters (the schema's limit).
    """
    labels: dict[str, str] = {}
    for name, cell in zip(names, row, strict=True):
        text = cell.strip()
        if name in CSV_LABEL_FIELDS and text and not text.startswith("["):
            labels[name] = text[:200]
    return labels


def _csv_rows(text: str, file: str) -> list[list[str]]:
    """The rows of a CSV text; a malformed row (a line break or quote inside a cell) names its line."""
    reader = csv.reader(io.StringIO(text, newline=""), skipinitialspace=True)
    try:
        return list(reader)
    except csv.Error as exc:
        raise ResultsImportError(
            file, reader.line_num or 1, f"a damaged CSV row ({exc})"
        ) from None


def looks_like_nvidia_smi_csv(first_line: str) -> bool:
    """True when the first line is an ``nvidia-smi --query-gpu`` CSV header."""
    names = [cell.strip().split(" ", 1)[0] for cell in first_line.split(",")]
    known = {"index", "name", "uuid", "pci.bus_id", "temperature.gpu", "memory.total"}
    return len(names) >= 2 and len(known.intersection(names)) >= 2


def parse_nvidia_smi_csv(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read ``nvidia-smi --query-gpu=... --format=csv`` (with or without units).

    Numeric columns become measurements named after the query field
    (``temperature.gpu``, ``clocks.max.sm``, ...) with the unit from the
    header (``memory.total [MiB]``) or the cell (``81920 MiB``). ``[N/A]`` and
    ``[Not Supported]`` cells are skipped; any other text in a field that is
    read refuses the file. ``Yes``/``No`` fields (:data:`CSV_FLAG_FIELDS`)
    are flags. With ``-l`` (repeated samples) ``sample`` counts the sweeps
    over the GPUs.

    Examples
    --------
    >>> out = parse_nvidia_smi_csv(
    ...     "index, temperature.gpu, memory.total [MiB]\\n0, 41, 81920 MiB\\n", "q.csv", "n1")
    >>> [(m.metric, m.value, m.unit, m.gpu) for m in out]
    [('temperature.gpu', 41.0, 'C', 0), ('memory.total', 81920.0, 'MiB', 0)]
    """
    rows = _csv_rows(text, file)
    header: list[tuple[str, str]] = []
    for cell in rows[0]:
        match = _CSV_UNIT.match(cell.strip())
        if not match:
            raise ResultsImportError(
                file, 1, f"unexpected header cell {cell.strip()[:60]!r}"
            )
        header.append((match.group("name"), match.group("unit") or ""))
    names = [name for name, _ in header]
    if "index" not in names:
        raise ResultsImportError(file, 1, "the query must include 'index'")
    index_column = names.index("index")
    seen: dict[int, int] = {}
    out: list[Measurement] = []
    for number, row in enumerate(rows[1:], start=2):
        if not row or all(not cell.strip() for cell in row):
            continue
        if [cell.strip().split(" ", 1)[0] for cell in row] == names:
            continue  # the header repeats when samples are appended
        if len(row) != len(header):
            raise ResultsImportError(
                file, number, f"expected {len(header)} columns, found {len(row)}"
            )
        index_text = row[index_column].strip()
        gpu = _int(index_text, file, number, "GPU index")
        sample = seen.get(gpu, 0)
        seen[gpu] = sample + 1
        labels = _csv_labels(names, row)
        row_node = labels.get("hostname") or labels.get("host") or node
        for column, ((name, unit), cell) in enumerate(zip(header, row, strict=True)):
            if column == index_column or name in CSV_LABEL_FIELDS:
                continue
            read = _csv_value(name, cell.strip(), file, number)
            if read is None:
                continue  # no value, or a field not read (text, modes, identifiers)
            metric, value, cell_unit = read
            out.append(
                _measure(
                    file,
                    number,
                    tool="nvidia-smi",
                    metric=metric,
                    value=value,
                    unit=unit or cell_unit,
                    node=row_node,
                    gpu=gpu,
                    sample=sample,
                    labels=labels,
                )
            )
    if not seen:
        raise ResultsImportError(file, 1, "no GPU rows under the header")
    return out


_DOCTYPE = re.compile(r"<!DOCTYPE\b[^>]*>", re.IGNORECASE)
_HARMLESS_DOCTYPE = re.compile(
    r'^<!DOCTYPE\s+nvidia_smi_log\s+SYSTEM\s+"[\w.\-]+\.dtd"\s*>$', re.IGNORECASE
)
_XML_VALUE = re.compile(r"^(-?[0-9]+(?:\.[0-9]+)?)\s*([A-Za-z]+|%)?$")


def check_xml_safe(text: str, file: str) -> None:
    """Refuse XML that could expand entities or pull in external content.

    ``nvidia-smi -q -x`` writes ``<!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_vNN.dtd">``:
    a reference to an external DTD that expat never fetches. That exact form is
    allowed; any other DOCTYPE, any internal subset and any ENTITY declaration
    is refused (the "billion laughs" and external-entity attacks need them).
    """
    if len(text) > MAX_XML_BYTES:
        raise ResultsImportError(file, 1, f"XML larger than {MAX_XML_BYTES} bytes")
    upper = text.upper()
    for token in ("<!ENTITY", "<!ELEMENT", "<!ATTLIST"):
        pos = upper.find(token)
        if pos >= 0:
            raise ResultsImportError(
                file,
                text.count("\n", 0, pos) + 1,
                f"{token[2:]} declarations are not allowed",
            )
    for match in _DOCTYPE.finditer(text):
        if not _HARMLESS_DOCTYPE.match(match.group(0)):
            raise ResultsImportError(
                file, text.count("\n", 0, match.start()) + 1, "DOCTYPE not allowed here"
            )


_XML_ABSENT = re.compile(
    r"N/A|\[N/A\]|Not Supported|Unknown Error|Unknown|Not Available|", re.IGNORECASE
)
"""Texts nvidia-smi writes where a reading has no value (or an empty element)."""

XML_LABELS: Final = (
    ("uuid", "uuid"),
    ("serial", "serial"),
    ("name", "product_name"),
    ("vbios_version", "vbios_version"),
    ("board_id", "board_id"),
    ("module_id", "module_id"),
    ("minor_number", "minor_number"),
)
"""``nvidia-smi -q -x`` identifiers kept as labels (label, element under ``<gpu>``),
besides ``pci.bus_id`` (the ``id`` attribute) and the log's ``driver_version``;
the same label names as the CSV (:data:`CSV_LABEL_FIELDS`)."""


def _xml_number(
    element: ET.Element | None, path: str, file: str, line: int
) -> tuple[float, str] | None:
    """(value, unit) of the element at ``path``, None when absent or "N/A".

    Any other text is damage and refuses the file (a reading is never
    dropped silently).
    """
    found = element.find(path) if element is not None else None
    if found is None:
        return None
    text = (found.text or "").strip()
    if _XML_ABSENT.fullmatch(text):
        return None
    match = _XML_VALUE.match(text)
    if not match:
        raise ResultsImportError(
            file, line, f"<{found.tag}>: not a reading: {text[:40]!r}"
        )
    return float(match.group(1)), match.group(2) or ""


def _xml_labels(root: ET.Element, gpu: ET.Element) -> dict[str, str]:
    """The GPU's identifiers (bus id, uuid, serial, name, ...) as printed, absent ones left out."""
    labels: dict[str, str] = {}
    found: list[tuple[str, str | None]] = [
        ("pci.bus_id", gpu.get("id")),
        ("driver_version", root.findtext("driver_version")),
    ]
    found += [(label, gpu.findtext(tag)) for label, tag in XML_LABELS]
    for label, raw in found:
        text = (raw or "").strip()
        if text and not _XML_ABSENT.fullmatch(text):
            labels[label] = text[:200]
    return labels


_THROTTLE_STATES: Final = {"active": 1.0, "not active": 0.0}


def parse_nvidia_smi_xml(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read ``nvidia-smi -q -x``: per GPU memory, temperature, clocks, power, ECC, throttling.

    Throttle reasons (``clocks_event_reasons`` since driver 535, earlier
    ``clocks_throttle_reasons``) become ``throttle.<reason>`` = 1 when
    "Active", 0 otherwise. ``ecc.volatile.uncorrectable`` sums the volatile
    uncorrectable counters the driver reports. Identifiers (bus id, uuid,
    serial, product name, driver) are labels on each GPU's measurements.
    """
    check_xml_safe(text, file)
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        line = exc.position[0] if exc.position else 1
        raise ResultsImportError(file, line, f"bad XML: {exc}") from None
    if root.tag != "nvidia_smi_log":
        raise ResultsImportError(
            file, 1, f"root element is <{root.tag}>, not <nvidia_smi_log>"
        )
    gpus = root.findall("gpu")
    if not gpus:
        raise ResultsImportError(file, 1, "no <gpu> element")
    out: list[Measurement] = []
    for position, gpu in enumerate(gpus):
        bus_id = gpu.get("id", "")
        line = _line_of(text, f'<gpu id="{bus_id}"') if bus_id else 1
        labels = _xml_labels(root, gpu)
        # Index by order in the file (the order of nvidia-smi -i / bus id),
        # not minor_number: minor numbers follow /dev/nvidiaN and can be
        # swapped against the bus order (dual RTX A5000 on driver 590).
        index = position

        def add(
            metric: str,
            value: float,
            unit: str,
            *,
            _line: int = line,
            _gpu: int = index,
            _labels: dict[str, str] = labels,
        ) -> None:
            out.append(
                _measure(
                    file,
                    _line,
                    tool="nvidia-smi",
                    metric=metric,
                    value=value,
                    unit=unit,
                    node=node,
                    gpu=_gpu,
                    labels=_labels,
                )
            )

        def number(
            parent: ET.Element | None, path: str, _line: int = line
        ) -> tuple[float, str] | None:
            return _xml_number(parent, path, file, _line)

        power = gpu.find("gpu_power_readings")
        if power is None:
            power = gpu.find("power_readings")
        fields: Iterable[tuple[str, ET.Element | None, str]] = (
            ("memory.total", gpu, "fb_memory_usage/total"),
            ("temperature.gpu", gpu, "temperature/gpu_temp"),
            ("clocks.sm", gpu, "clocks/sm_clock"),
            ("clocks.max.sm", gpu, "max_clocks/sm_clock"),
            ("power.draw", power, "power_draw"),
            ("power.draw.average", power, "average_power_draw"),
            ("power.draw.instant", power, "instant_power_draw"),
            ("power.limit", power, "current_power_limit"),
        )
        for metric, parent, path in fields:
            found = number(parent, path)
            if found is None and metric == "power.limit":
                found = number(parent, "power_limit")
            if found is None and metric == "power.draw":
                # Schema v13 (driver 590) has only average/instant readings.
                found = number(parent, "instant_power_draw")
                if found is None:
                    found = number(parent, "average_power_draw")
            if found is not None:
                add(
                    metric,
                    found[0],
                    "C" if metric.startswith("temperature") else found[1],
                )
        volatile = gpu.find("ecc_errors/volatile")
        if volatile is not None:
            cells = [child for child in volatile if "uncorrectable" in child.tag]
            double_bit = volatile.find("double_bit/total")  # drivers before the A100
            if double_bit is not None:
                cells.append(double_bit)
            counts = [n[0] for c in cells if (n := number(c, ".")) is not None]
            if counts:
                add("ecc.volatile.uncorrectable", sum(counts), "count")
        reasons = gpu.find("clocks_event_reasons")
        prefix = "clocks_event_reason_"
        if reasons is None:
            reasons = gpu.find("clocks_throttle_reasons")
            prefix = "clocks_throttle_reason_"
        for child in reasons if reasons is not None else ():
            state = (child.text or "").strip()
            if _XML_ABSENT.fullmatch(state):
                continue
            if state.lower() not in _THROTTLE_STATES:
                raise ResultsImportError(
                    file,
                    line,
                    f"<{child.tag}>: expected 'Active' or 'Not Active', "
                    f"found {state[:40]!r}",
                )
            add(
                f"throttle.{child.tag.removeprefix(prefix)}",
                _THROTTLE_STATES[state.lower()],
                "flag",
            )
    return out


# --- dcgmi diag -------------------------------------------------------------------

_DCGM_SECTION = re.compile(r"[|+]-+\s+([A-Za-z][\w ]*?)\s+-+\+-*[+|]")
_DCGM_ROW = re.compile(r"^\|\s*(?P<name>[^|]*?)\s*\|\s*(?P<result>[^|]*?)\s*\|$")
_DCGM_STATUS = re.compile(
    r"(?P<status>Pass|Fail|Warn|Warning|Skip)(?:\s*-\s*(?:All|GPUs?:\s*(?P<gpus>[0-9][0-9,\s]*)))?",
    re.IGNORECASE,
)
"""One status of a test's result cell: ``Pass``, ``Fail - All``, ``Fail - GPU: 2``,
``Warn - GPUs: 0, 3``; several are separated by ``;``."""


_DCGM4_GPU = re.compile(
    r"^GPU(?P<gpu>[0-9]{1,4}):\s*(?P<status>Pass|Fail|Warn|Warning|Skip)$",
    re.IGNORECASE,
)
_DCGM4_GPU_START = re.compile(r"^GPU[0-9]")
_DCGM4_GPU_END = re.compile(
    r"\bGPU[0-9]{1,4}:\s*(?:Pass|Fail|Warn|Warning|Skip)$", re.IGNORECASE
)
_DCGM4_GPU_STATUS = re.compile(
    r"^GPU\s*[0-9]+\W*(?:Pass|Fail|Warn|Warning|Skip)\b", re.IGNORECASE
)
"""The start of a per-GPU line; with anything after the status it is damage,
even among a warning's wrapped lines (a sentence does not start that way)."""
_DCGM_RULE = re.compile(r"[-=]{4,}")
"""Part of a border or heading inside a cell: two table lines run together."""
_DCGM_BORDER = re.compile(r"\+[-=+]+\+")


def looks_like_dcgmi_diag(text: str) -> bool:
    """True when ``text`` is the table printed by ``dcgmi diag``."""
    head = text[:4000]
    return re.search(r"^\|\s*Diagnostic\s*\|\s*Result", head, re.MULTILINE) is not None


def _snake(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def _dcgm_statuses(
    result: str, metric: str, file: str, line: int, node: str | None
) -> list[Measurement]:
    """The measurements of one test's result cell (one per GPU named, else one)."""
    out: list[Measurement] = []
    for part in result.split(";"):
        status = _DCGM_STATUS.fullmatch(part.strip())
        if status is None:
            raise ResultsImportError(
                file, line, f"an unreadable test result: {result[:60]!r}"
            )
        kind = status.group("status").lower()
        if kind == "skip":
            continue
        gpu_list = status.group("gpus")
        gpus: list[int | None] = (
            [int(g) for g in re.findall(r"[0-9]{1,6}", gpu_list)]
            if gpu_list
            else [None]
        )
        out.extend(
            _measure(
                file,
                line,
                tool="dcgmi",
                metric=metric,
                value=_STATUS_VALUE[kind],
                unit=STATUS_UNIT,
                node=node,
                gpu=gpu,
            )
            for gpu in gpus
        )
    return out


def parse_dcgmi_diag(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read ``dcgmi diag -r LEVEL``: one measurement per test (and GPU when named).

    The value is 1 for Pass, 0.5 for Warn, 0 for Fail (:data:`STATUS_UNIT`);
    skipped tests and the metadata rows are left out. The metric is
    ``<section>.<test>``, e.g. ``hardware.gpu_memory``.

    Examples
    --------
    >>> table = ("| Diagnostic | Result |\\n"
    ...          "+-----  Hardware  ---+-----+\\n"
    ...          "| GPU Memory | Fail - GPU: 2 |\\n")
    >>> [(m.metric, m.value, m.gpu) for m in parse_dcgmi_diag(table, "d.txt", "n1")]
    [('hardware.gpu_memory', 0.0, 2)]
    """
    section = "diagnostic"
    test: str | None = None
    in_detail = False
    in_table = False
    ended: int | None = None  # line after the table's last line
    out: list[Measurement] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        heading = _DCGM_SECTION.fullmatch(line)
        row = _DCGM_ROW.match(line) if heading is None else None
        if heading is None and row is None and not _DCGM_BORDER.fullmatch(line):
            if in_table and line.startswith(("|", "+")):
                raise ResultsImportError(
                    file, number, f"a damaged table line: {line[:60]!r}"
                )
            if in_table and ended is None:
                ended = number
            continue
        if ended is not None:
            # Table lines again after text: the text was a table line cut or edited.
            raise ResultsImportError(
                file, ended, "a damaged table line (the table goes on after it)"
            )
        in_table = True  # from its first border, heading or row
        if heading:
            section = _snake(heading.group(1))
            test = None
            continue
        if row is None:
            continue  # a border
        name, result = row.group("name"), row.group("result")
        if _DCGM4_GPU_END.search(result) and not _DCGM4_GPU.fullmatch(result):
            # "... wrapped text GPU0: Pass": a GPU's line run into the one before.
            raise ResultsImportError(
                file, number, f"a damaged table line: {line[:60]!r}"
            )
        if (name and not name[0].isalnum()) or _DCGM_RULE.search(result):
            # "-----  Deployment ..." read as a row: a section heading cut short.
            raise ResultsImportError(
                file, number, f"a damaged table line: {line[:60]!r}"
            )
        if name.lower() == "diagnostic":
            continue
        if not name:
            if test is None or section == "metadata":
                continue
            per_gpu = _DCGM4_GPU.fullmatch(result)
            if per_gpu is not None:
                # DCGM 4: "GPU3: Pass" lines under the test's status (also after
                # its warning's wrapped text).
                kind = per_gpu.group("status").lower()
                if kind != "skip":
                    out.append(
                        _measure(
                            file,
                            number,
                            tool="dcgmi",
                            metric=f"{section}.{_snake(test)}",
                            value=_STATUS_VALUE[kind],
                            unit=STATUS_UNIT,
                            node=node,
                            gpu=int(per_gpu.group("gpu")),
                        )
                    )
            elif _DCGM4_GPU_STATUS.match(result) or (
                not in_detail and _DCGM4_GPU_START.match(result)
            ):
                raise ResultsImportError(
                    file, number, f"an unreadable GPU result: {result[:60]!r}"
                )
            continue  # a wrapped line of a warning or of the result above
        if name.lower() in {"warning", "info", "error"}:
            in_detail = True
            continue  # details of the test above
        test = name
        in_detail = False
        if section == "metadata" or not result:
            continue
        out.extend(
            _dcgm_statuses(result, f"{section}.{_snake(test)}", file, number, node)
        )
    if not out:
        raise ResultsImportError(
            file, 1, "no Pass/Warn/Fail rows in the dcgmi diag table"
        )
    return out


# --- training log -------------------------------------------------------------------

MAX_TRAIN_STEPS: Final = 4096
"""Most steps of one training log kept as measurements (see :func:`parse_train_log`)."""


def iter_lines(text: str) -> Iterator[str]:
    """The lines of ``text`` with their endings, without copying the whole text."""
    start = 0
    size = len(text)
    while start < size:
        end = text.find("\n", start)
        if end < 0:
            yield text[start:]
            return
        yield text[start : end + 1]
        start = end + 1


_DIVERGED = re.compile(r"[-+]?(?:nan|inf|infinity)", re.IGNORECASE)
"""A diverged step's loss as Python and PyTorch print it."""


def _numbered_rows(text: str, file: str) -> Iterator[tuple[int, list[str]]]:
    """(row number, cells) of a CSV text, read lazily; a malformed row names its line."""
    reader = csv.reader(iter_lines(text))
    number = 0
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise ResultsImportError(
                file, reader.line_num, f"a damaged CSV row ({exc})"
            ) from None
        number += 1
        yield number, row


TRAIN_LOG_HEADER: Final = ("step", "tokens_per_s", "loss")
"""Required first columns of the training log; an optional fourth is ``gpus``."""


def looks_like_train_log(first_line: str) -> bool:
    """True when the first line is the training-log header."""
    cells = [cell.strip().lower() for cell in first_line.split(",")]
    return tuple(cells[:3]) == TRAIN_LOG_HEADER


def parse_train_log(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read the training log ``step,tokens_per_s,loss[,gpus]``.

    ``tokens_per_s`` is the throughput of the whole job [tokens/s]; ``gpus``
    the number of GPUs it ran on. Each step gives ``tokens_per_s`` and
    ``loss`` with ``sample`` = step; a non-finite loss (a diverged step) is
    left out rather than refusing the whole log.

    Examples
    --------
    A log of more than :data:`MAX_TRAIN_STEPS` steps is read whole (every
    row is checked) but only every k-th step is kept, k =
    ceil(steps / MAX_TRAIN_STEPS): a systematic sample that keeps the median
    throughput the judge uses, in bounded memory and project size.

    Examples
    --------
    >>> out = parse_train_log("step,tokens_per_s,loss,gpus\\n1,25000,2.5,8\\n", "t.csv", "n1")
    >>> [(m.metric, m.value, m.sample) for m in out]
    [('tokens_per_s', 25000.0, 1), ('loss', 2.5, 1), ('gpus', 8.0, 1)]
    """
    data_rows = max(text.count("\n") - 1, 1)
    stride = -(-data_rows // MAX_TRAIN_STEPS)
    rows = _numbered_rows(text, file)
    first = next(rows, None)
    header = [cell.strip().lower() for cell in (first[1] if first else [])]
    if tuple(header[:3]) != TRAIN_LOG_HEADER or header[3:] not in ([], ["gpus"]):
        raise ResultsImportError(
            file,
            1,
            "expected the header 'step,tokens_per_s,loss' or 'step,tokens_per_s,loss,gpus'",
        )
    out: list[Measurement] = []
    gpus_seen: float | None = None
    seen_rows = 0
    for number, row in rows:
        if not row or all(not cell.strip() for cell in row):
            continue
        keep = seen_rows % stride == 0
        seen_rows += 1
        if len(row) != len(header):
            raise ResultsImportError(
                file, number, f"expected {len(header)} columns, found {len(row)}"
            )
        step = _int(row[0].strip(), file, number, "step")
        tokens = _float(row[1].strip(), file, number, "tokens_per_s")
        if tokens < 0:
            raise ResultsImportError(file, number, "tokens_per_s is negative")
        if keep:
            out.append(
                _measure(
                    file,
                    number,
                    tool="train-log",
                    metric="tokens_per_s",
                    value=tokens,
                    unit="tokens/s",
                    node=node,
                    sample=step,
                )
            )
        loss_text = row[2].strip()
        if not (_DECIMAL.fullmatch(loss_text) or _DIVERGED.fullmatch(loss_text)):
            raise ResultsImportError(
                file, number, f"loss is not a number: {loss_text[:40]!r}"
            )
        loss = float(loss_text)
        if math.isfinite(loss) and keep:
            out.append(
                _measure(
                    file,
                    number,
                    tool="train-log",
                    metric="loss",
                    value=loss,
                    unit="",
                    node=node,
                    sample=step,
                )
            )
        if len(header) == 4:
            gpus = _float(row[3].strip(), file, number, "gpus")
            if gpus < 1 or gpus != int(gpus):
                raise ResultsImportError(
                    file, number, f"gpus must be a whole number >= 1: {row[3]!r}"
                )
            if gpus_seen is None:
                gpus_seen = gpus
                out.append(
                    _measure(
                        file,
                        number,
                        tool="train-log",
                        metric="gpus",
                        value=gpus,
                        unit="count",
                        node=node,
                        sample=step,
                    )
                )
            elif gpus != gpus_seen:
                raise ResultsImportError(
                    file, number, "the gpus column changes within one log"
                )
    if not out:
        raise ResultsImportError(file, 1, "the training log has a header but no steps")
    return out
