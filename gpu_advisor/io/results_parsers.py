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
  snippet in the kit's README (:mod:`gpu_advisor.engine.testkit`).
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


def _float(text: str, file: str, line: int, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ResultsImportError(
            file, line, f"{what}: not a number: {text!r}"
        ) from None
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
_NCCL_TABLE_HEADER = re.compile(r"^\s*#\s+size\s+count\s+type\s+redop\b", re.MULTILINE)
_NCCL_RANK = re.compile(
    r"^#\s*Rank\s+(\d+)\s+(?:Group\s+\d+\s+)?Pid\s+\d+\s+on\s+(\S+)\s+device\s+(\d+)"
)
_NCCL_AVG = re.compile(r"^#\s*Avg bus bandwidth\s*:\s*(\S+)")
_NCCL_OOB = re.compile(r"^#\s*Out of bounds values\s*:\s*(\d+)")
_NCCL_START = re.compile(r"^#\s*Collective test starting:\s*(\w+?)(?:_perf)?\s*$")
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


def parse_nccl_tests(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read one run of an nccl-tests binary (``all_reduce_perf`` and friends).

    Every data row gives time [us], algbw [GB/s], busbw [GB/s] and #wrong for
    the out-of-place and in-place runs, with ``size_bytes`` set. The summary
    gives ``<op>.avg_busbw`` [GB/s] and ``<op>.out_of_bounds``; the rank list
    gives ``<op>.ranks`` and ``<op>.nodes``.

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
    lines = text.splitlines()
    hosts: list[str] = []
    ranks = 0
    rows: list[tuple[int, list[str]]] = []
    avg: tuple[int, float] | None = None
    oob: tuple[int, float] | None = None
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if not stripped:
            continue
        if _NCCL_FAILURE.search(stripped):
            raise ResultsImportError(
                file,
                number,
                f"a crashed run, no result: nccl-tests reported {stripped[:200]!r}",
            )
        if stripped.startswith("#"):
            rank = _NCCL_RANK.match(stripped)
            if rank:
                ranks += 1
                if rank.group(2) not in hosts:
                    hosts.append(rank.group(2))
            avg_match = _NCCL_AVG.match(stripped)
            if avg_match:
                avg = (
                    number,
                    _float(avg_match.group(1), file, number, "avg bus bandwidth"),
                )
            oob_match = _NCCL_OOB.match(stripped)
            if oob_match:
                oob = (number, float(oob_match.group(1)))
            continue
        fields = stripped.split()
        if (
            len(fields) in (12, 13)
            and is_ascii_int(fields[0])
            and is_ascii_int(fields[1])
        ):
            rows.append((number, fields))
        # Anything else is NCCL_DEBUG chatter or launcher noise: not a result.
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

_CSV_UNIT = re.compile(r"^(?P<name>[\w.]+)\s*(?:\[(?P<unit>[^\]]*)\])?$")
_NUMERIC_CELL = re.compile(r"^(?P<num>-?\d+(?:\.\d+)?)\s*(?P<unit>[A-Za-z%]*)$")
_CSV_FIELD_UNITS: Final = {"temperature.gpu": "C", "temperature.memory": "C"}

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
    "memory.total": "MiB",
    "memory.used": "MiB",
    "memory.free": "MiB",
    "memory.reserved": "MiB",
    "utilization.gpu": "%",
    "utilization.memory": "%",
    "utilization.encoder": "%",
    "utilization.decoder": "%",
    "fan.speed": "%",
    "pcie.link.gen.current": "",
    "pcie.link.gen.max": "",
    "pcie.link.width.current": "lanes",
    "pcie.link.width.max": "lanes",
}
"""Numeric ``--query-gpu`` fields read as measurements, with their unit when the header has none.

Everything else that is numeric must match :data:`_CSV_KNOWN_PREFIXES`;
identifiers (``serial``, ``uuid``, ``pci.*``, ``driver_version``, ``name``)
never become values. Source: ``nvidia-smi --help-query-gpu``.
"""

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

_CSV_KNOWN_PREFIXES: Final = (
    "clocks.",
    "clocks_event_reasons.",
    "clocks_throttle_reasons.",
    "ecc.errors.",
    "retired_pages.",
    "remapped_rows.",
)
_REASON_PREFIXES: Final = ("clocks_event_reasons.", "clocks_throttle_reasons.")
_HEX_MASK = re.compile(r"0x[0-9a-fA-F]{1,16}")


def _csv_value(name: str, cell: str) -> tuple[str, float, str] | None:
    """(metric, value, unit) for one CSV cell of a known field, or None.

    Clock event (throttle) reasons become ``throttle.<reason>`` = 1 for
    "Active" and 0 for "Not Active", as in the XML; the ``.active`` bit mask
    becomes ``throttle.active_mask``.
    """
    for prefix in _REASON_PREFIXES:
        if name.startswith(prefix):
            reason = name.removeprefix(prefix)
            if reason == "supported":
                return None
            if reason == "active":
                if _HEX_MASK.fullmatch(cell):
                    return "throttle.active_mask", float(int(cell, 16)), "bitmask"
                return None
            state = cell.lower()
            if state in ("active", "not active"):
                return f"throttle.{reason}", float(state == "active"), "flag"
            return None
    if name not in _CSV_KNOWN and not name.startswith(_CSV_KNOWN_PREFIXES):
        return None
    match = _NUMERIC_CELL.match(cell)
    if not match:
        return None
    return (
        name,
        float(match.group("num")),
        match.group("unit") or _CSV_KNOWN.get(name, ""),
    )


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
    ``[Not Supported]`` cells are skipped. With ``-l`` (repeated samples)
    ``sample`` counts the sweeps over the GPUs.

    Examples
    --------
    >>> out = parse_nvidia_smi_csv(
    ...     "index, temperature.gpu, memory.total [MiB]\\n0, 41, 81920 MiB\\n", "q.csv", "n1")
    >>> [(m.metric, m.value, m.unit, m.gpu) for m in out]
    [('temperature.gpu', 41.0, 'C', 0), ('memory.total', 81920.0, 'MiB', 0)]
    """
    rows = list(csv.reader(io.StringIO(text), skipinitialspace=True))
    header: list[tuple[str, str]] = []
    for cell in rows[0]:
        match = _CSV_UNIT.match(cell.strip())
        if not match:
            raise ResultsImportError(file, 1, f"unexpected header cell {cell!r}")
        name = match.group("name")
        header.append((name, match.group("unit") or _CSV_FIELD_UNITS.get(name, "")))
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
            value_text = cell.strip()
            if column == index_column or value_text.startswith("["):
                continue
            if name in CSV_LABEL_FIELDS:
                continue
            read = _csv_value(name, value_text)
            if read is None:
                continue  # identifiers and text: name, uuid, serial, bus id, driver
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
_XML_VALUE = re.compile(r"^(-?\d+(?:\.\d+)?)\s*([A-Za-z%]*)$")


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


def _xml_number(element: ET.Element | None, path: str) -> tuple[float, str] | None:
    found = element.find(path) if element is not None else None
    if found is None or found.text is None:
        return None
    match = _XML_VALUE.match(found.text.strip())
    if not match:
        return None  # "N/A", "Not Supported" and the like
    return float(match.group(1)), match.group(2)


def parse_nvidia_smi_xml(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read ``nvidia-smi -q -x``: per GPU memory, temperature, clocks, power, ECC, throttling.

    Throttle reasons (``clocks_event_reasons`` since driver 535, earlier
    ``clocks_throttle_reasons``) become ``throttle.<reason>`` = 1 when
    "Active", 0 otherwise. ``ecc.volatile.uncorrectable`` sums the volatile
    uncorrectable counters the driver reports.
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
                )
            )

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
            found = _xml_number(parent, path)
            if found is None and metric == "power.limit":
                found = _xml_number(parent, "power_limit")
            if found is None and metric == "power.draw":
                # Schema v13 (driver 590) has only average/instant readings.
                found = _xml_number(parent, "instant_power_draw")
                if found is None:
                    found = _xml_number(parent, "average_power_draw")
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
            counts = [n[0] for c in cells if (n := _xml_number(c, ".")) is not None]
            if counts:
                add("ecc.volatile.uncorrectable", sum(counts), "count")
        reasons = gpu.find("clocks_event_reasons")
        prefix = "clocks_event_reason_"
        if reasons is None:
            reasons = gpu.find("clocks_throttle_reasons")
            prefix = "clocks_throttle_reason_"
        if reasons is not None:
            for child in reasons:
                state = (child.text or "").strip().lower()
                if state in {"active", "not active"}:
                    add(
                        f"throttle.{child.tag.removeprefix(prefix)}",
                        float(state == "active"),
                        "flag",
                    )
    return out


# --- dcgmi diag -------------------------------------------------------------------

_DCGM_SECTION = re.compile(r"^[|+]-+\s+([A-Za-z][\w ]*?)\s+-+[+|]")
_DCGM_ROW = re.compile(r"^\|\s*(?P<name>[^|]*?)\s*\|\s*(?P<result>[^|]*?)\s*\|$")
_DCGM_STATUS = re.compile(
    r"\b(?P<status>Pass|Fail|Warn|Warning|Skip)\b(?:\s*-\s*(?:All|GPUs?:\s*(?P<gpus>[\d,\s]+)))?",
    re.IGNORECASE,
)


_DCGM4_GPU = re.compile(
    r"^GPU(?P<gpu>\d{1,4}):\s*(?P<status>Pass|Fail|Warn|Warning|Skip)\b", re.IGNORECASE
)


def looks_like_dcgmi_diag(text: str) -> bool:
    """True when ``text`` is the table printed by ``dcgmi diag``."""
    head = text[:4000]
    return re.search(r"^\|\s*Diagnostic\s*\|\s*Result", head, re.MULTILINE) is not None


def _snake(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


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
    out: list[Measurement] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        heading = _DCGM_SECTION.match(line)
        if heading:
            section = _snake(heading.group(1))
            test = None
            continue
        row = _DCGM_ROW.match(line)
        if not row:
            continue
        name, result = row.group("name"), row.group("result")
        per_gpu = _DCGM4_GPU.match(result) if not name else None
        if per_gpu and test is not None and section != "metadata":
            # DCGM 4: "GPU3: Pass" lines under the test's own status.
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
            continue
        if name and name.lower() not in {"warning", "info", "error"}:
            test = name
            in_detail = False
        elif name:
            in_detail = True
            continue  # details of the test above
        elif in_detail:
            continue  # a wrapped detail line
        if test is None or name.lower() == "diagnostic" or section == "metadata":
            continue
        for status in _DCGM_STATUS.finditer(result):
            if status.start() != 0 and not result[: status.start()].rstrip().endswith(
                ";"
            ):
                break
            kind = status.group("status").lower()
            if kind == "skip":
                continue
            gpu_list = status.group("gpus")
            gpus: list[int | None] = (
                [int(g) for g in re.findall(r"[0-9]{1,6}", gpu_list)]
                if gpu_list
                else [None]
            )
            for gpu in gpus:
                out.append(
                    _measure(
                        file,
                        number,
                        tool="dcgmi",
                        metric=f"{section}.{_snake(test)}",
                        value=_STATUS_VALUE[kind],
                        unit=STATUS_UNIT,
                        node=node,
                        gpu=gpu,
                    )
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
    rows = enumerate(csv.reader(iter_lines(text)), start=1)
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
        try:
            loss = float(row[2])
        except ValueError:
            raise ResultsImportError(
                file, number, f"loss is not a number: {row[2]!r}"
            ) from None
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
