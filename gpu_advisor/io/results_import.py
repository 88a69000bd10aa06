"""Import the results of the vendor test kit: find files, detect, parse, each file whole.

:func:`import_results` walks files, folders and the kit's
``results_<host>.tar.gz`` archives, recognises each file by its content (not
its name), parses it with the parser of its format (listed in
:mod:`gpu_advisor.io.results_parsers`) and returns
an :class:`ImportReport`: the measurements of every good file and each
refused file with its reason. A file is taken whole or not at all: nothing
from a refused file is imported. :func:`parse_results` is the strict form
(the first refused file raises :class:`ResultsImportError`).

Only regular files are read (FIFOs, devices and sockets are refused without
being opened for a blocking read), a link that leaves the chosen folder is
refused, and every file is read with a size cap.

The kit writes ``results/<hostname>/...``; a file's node is the hostname the
file names (nccl-tests rank lines, iperf3 ``system_info``, the probe's
``host``) or else the name of the folder that holds it.

Files the kit writes for people rather than for this importer are skipped when
a folder is walked: hidden files, ``*.info.txt`` (``lscpu``, ``nvidia-smi
topo -m``, ``ibstat``), ``*.log`` and ``*.md``. Named explicitly, every file is
parsed and an unknown one is an error.
"""

from __future__ import annotations

import contextlib
import csv
import os
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path, PurePosixPath
from typing import Final

from gpu_advisor.io.results_archive import ARCHIVE_SUFFIXES, read_archive
from gpu_advisor.io.results_dcgmi import looks_like_dcgmi_diag, parse_dcgmi_diag
from gpu_advisor.io.results_dcgmi_json import looks_like_dcgmi_json, parse_dcgmi_json
from gpu_advisor.io.results_dmon import looks_like_dcgmi_dmon, parse_dcgmi_dmon
from gpu_advisor.io.results_fio import parse_fio
from gpu_advisor.io.results_fio_text import looks_like_fio_text, parse_fio_text
from gpu_advisor.io.results_gpu_probe import GPU_PROBE_TOOL, parse_gpu_probe
from gpu_advisor.io.results_iperf3 import (
    looks_like_iperf3_text,
    parse_iperf3,
    parse_iperf3_text,
)
from gpu_advisor.io.results_nccl import looks_like_nccl, not_stated, parse_nccl_tests
from gpu_advisor.io.results_parsers import (
    LOG_NOT_A_RESULT,
    LOG_SUFFIX,
    MAX_FILE_BYTES,
    ResultsImportError,
    SkippedFileError,
    figures_counted,
    json_start,
    load_json,
    not_a_tool_output,
    refusal,
    skip_reason,
)
from gpu_advisor.io.results_serving import (
    looks_like_genai_perf,
    looks_like_serving_json,
    looks_like_serving_text,
    parse_genai_perf_text,
    parse_serving_json,
    parse_serving_text,
)
from gpu_advisor.io.results_smi_csv import (
    looks_like_nvidia_smi_csv,
    parse_nvidia_smi_csv,
)
from gpu_advisor.io.results_smi_dmon import (
    looks_like_nvidia_smi_dmon,
    parse_nvidia_smi_dmon,
)
from gpu_advisor.io.results_smi_query import (
    looks_like_nvidia_smi_query,
    parse_nvidia_smi_query,
)
from gpu_advisor.io.results_smi_xml import parse_nvidia_smi_xml
from gpu_advisor.io.results_stated import stated_facts
from gpu_advisor.io.results_train_frameworks import (
    looks_like_framework_log,
    parse_framework_log,
)
from gpu_advisor.io.results_train_log import looks_like_train_log, parse_train_log
from gpu_advisor.io.safe_read import FileRefusedError, read_file
from gpu_advisor.model.common import Message
from gpu_advisor.model.limits import MAX_MEASUREMENTS_TOTAL
from gpu_advisor.model.project import Measurement
from gpu_advisor.words import say

__all__ = [
    "MAX_FILES",
    "MAX_FILE_BYTES",
    "MAX_TOTAL_BYTES",
    "FileSummary",
    "ImportCancelledError",
    "ImportReport",
    "KeyValue",
    "RefusalKind",
    "RefusedFile",
    "ResultsImportError",
    "SkippedFileError",
    "detect_format",
    "import_results",
    "parse_results",
    "parse_text",
    "refusal_kind",
    "summarize_files",
]

MAX_TOTAL_BYTES: Final = 4 * 2**30
"""Most bytes one import reads over all its files."""

MAX_FILES: Final = 20_000
"""Most files one import reads (a 256-node run with ten files each is 2,560)."""


def detect_format(text: str) -> str | None:
    """Name the tool that wrote ``text``, or None when it is not recognised.

    Returns one of ``nccl-tests``, ``iperf3``, ``iperf3-text``, ``fio``, ``fio-text``,
    ``gpu-probe``, ``nvidia-smi-xml``, ``nvidia-smi-csv``, ``nvidia-smi-query``
    (``-q`` text), ``dcgmi``, ``dcgmi-json`` (``dcgmi diag -j``),
    ``dcgmi-dmon``, ``nvidia-smi-dmon``, ``train-log``, ``train-framework`` (Megatron-LM,
    torchtitan, DeepSpeed and Hugging Face Trainer logs), ``serving`` (the
    vLLM or SGLang serving summary), ``serving-json`` (their JSON results and
    genai-perf's JSON export), ``genai-perf`` (its console table or CSV).

    Examples
    --------
    >>> detect_format("step,tokens_per_s,loss\\n1,100,2.0\\n")
    'train-log'
    >>> detect_format("# nThread 1 nGpus 8 minBytes 8 maxBytes 8589934592\\n")
    'nccl-tests'
    >>> detect_format("hello") is None
    True
    """
    stripped = text.lstrip()
    if stripped.startswith("<"):
        return "nvidia-smi-xml" if "<nvidia_smi_log" in text[:4000] else None
    head = text[:8000]
    if '"fio version"' in head:
        return "fio"
    start = json_start(head)
    if start >= 0 and not head[:start].strip("\r\n\t ").startswith(("#", "|")):
        body = text[start : start + 8000]
        if looks_like_serving_json(body):
            return "serving-json"
        if f'"{GPU_PROBE_TOOL}"' in body:
            return "gpu-probe"
        if looks_like_dcgmi_json(body):
            return "dcgmi-json"
        if '"start"' in body and ('"end"' in text or '"intervals"' in text):
            return "iperf3"
        if stripped.startswith(("{", "[")):
            return "train-framework" if looks_like_framework_log(text) else None
    if looks_like_serving_text(text):
        return "serving"
    if looks_like_genai_perf(text):
        return "genai-perf"
    if looks_like_nccl(text):
        return "nccl-tests"
    if looks_like_dcgmi_diag(text):
        return "dcgmi"
    if looks_like_dcgmi_dmon(text):
        return "dcgmi-dmon"
    if looks_like_nvidia_smi_dmon(text):
        return "nvidia-smi-dmon"
    if looks_like_nvidia_smi_query(text):
        return "nvidia-smi-query"
    if looks_like_fio_text(text):
        return "fio-text"
    if looks_like_iperf3_text(text):
        return "iperf3-text"
    first_line = stripped.split("\n", 1)[0]
    if looks_like_train_log(first_line):
        return "train-log"
    if looks_like_framework_log(text):
        return "train-framework"
    if looks_like_nvidia_smi_csv(first_line):
        return "nvidia-smi-csv"
    return None


def _parse_known(text: str, file: str, node: str | None) -> list[Measurement]:
    kind = detect_format(text)
    if kind is None:
        raise refusal(file, 1, "io.results.unknown")
    if kind == "iperf3-text":
        return parse_iperf3_text(text, file, node)
    if kind == "nccl-tests":
        return parse_nccl_tests(text, file, node)
    if kind == "nvidia-smi-xml":
        return parse_nvidia_smi_xml(text, file, node)
    if kind == "nvidia-smi-csv":
        return parse_nvidia_smi_csv(text, file, node)
    if kind == "nvidia-smi-query":
        return parse_nvidia_smi_query(text, file, node)
    if kind == "dcgmi":
        return parse_dcgmi_diag(text, file, node)
    if kind == "dcgmi-json":
        return parse_dcgmi_json(text, file, node)
    if kind == "dcgmi-dmon":
        return parse_dcgmi_dmon(text, file, node)
    if kind == "nvidia-smi-dmon":
        return parse_nvidia_smi_dmon(text, file, node)
    if kind == "train-log":
        return parse_train_log(text, file, node)
    if kind == "fio-text":
        return parse_fio_text(text, file, node)
    if kind == "train-framework":
        return parse_framework_log(text, file, node)
    if kind == "serving":
        return parse_serving_text(text, file, node)
    if kind == "serving-json":
        return parse_serving_json(text, file, node)
    if kind == "genai-perf":
        return parse_genai_perf_text(text, file, node)
    data = load_json(text, file, _fio_report if kind == "fio" else None)
    if not isinstance(data, dict):
        raise refusal(file, 1, "io.results.json.not_object")
    if kind == "fio":
        return parse_fio(data, text, file, node)
    if kind == "gpu-probe":
        return parse_gpu_probe(data, text, file, node)
    return parse_iperf3(data, text, file, node)


def _fio_report(rest: str) -> bool:
    """True for what fio prints after its JSON: with ``--output-format=json,normal``
    its normal report (read from the JSON, which has every figure exactly), and
    fio's own messages on stderr when the file also caught them (every line
    ``fio: …``, e.g. ``fio: file hash not empty on exit``, ``file_hash_exit``
    in axboe/fio filehash.c).

    Examples
    --------
    >>> _fio_report("fio: file hash not empty on exit")
    True
    >>> _fio_report('{"jobs": []}')
    False
    """
    lines = [line for line in rest.splitlines() if line.strip()]
    return (
        not lines
        or looks_like_fio_text(rest)
        or "Run status group" in rest
        or all(line.startswith("fio: ") for line in lines)
    )


def parse_text(text: str, file: str, node: str | None = None) -> list[Measurement]:
    """Detect and parse the text of one result file.

    Parameters
    ----------
    text : str
        The file's content.
    file : str
        Name used in the measurements and in error messages.
    node : str or None
        Node to record when the file names no host (the kit's folder name).

    Raises
    ------
    ResultsImportError
        Unknown format or damaged content; the message names ``file`` and the
        line. This is the only exception raised, whatever the bytes: a parser
        defect shows as "could not be read" rather than as a traceback.
    """
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise refusal(file, 1, "io.results.empty")
    try:
        with figures_counted():
            return _parse_known(text, file, node)
    except ResultsImportError:
        raise
    except (
        ValueError,
        TypeError,
        KeyError,
        IndexError,
        AttributeError,
        OverflowError,
        RecursionError,
        MemoryError,
        csv.Error,
        ET.ParseError,
    ) as exc:
        raise refusal(
            file,
            None,
            "io.results.parser_failed",
            error=type(exc).__name__,
            detail=str(exc)[:160],
        ) from None


class ImportCancelledError(Exception):
    """The user cancelled an import; nothing was imported."""


@dataclass(frozen=True)
class RefusedFile:
    """One file left out of an import, with the reason in words.

    ``reason`` is English; ``words``, when set, is the same reason as a
    catalog code and values, to word in the reader's language
    (:func:`gpu_advisor.words.text`).
    """

    file: str
    line: int | None
    reason: str
    words: Message | None = None

    def message(self) -> str:
        """``file:line: reason`` with control characters escaped."""
        return str(ResultsImportError(self.file, self.line, self.reason))


@dataclass(frozen=True)
class ImportReport:
    """What a folder import found: the good files' measurements, the refused
    files, and the files left out on purpose (``skipped``: the kit's notes and
    scripts, hidden files, logs that are no tool's output), each with its reason."""

    measurements: list[Measurement]
    imported: list[str] = field(default_factory=list)
    refused: list[RefusedFile] = field(default_factory=list)
    skipped: list[RefusedFile] = field(default_factory=list)


_KIND_WORDS: Final = {
    "fifo": "a FIFO (named pipe)",
    "socket": "a socket",
    "device": "a device",
    "folder": "a folder",
    "other_kind": "not a regular file",
}
"""How a result refusal names what a path is (the reader's codes ``io.safe_read.*``)."""


def read_bytes_bounded(path: Path, shown: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """Read a regular file of at most ``limit`` bytes through the one reader.

    :func:`gpu_advisor.io.safe_read.read_file` refuses FIFOs, devices,
    sockets and link loops before reading, follows a link to its target and
    checks that, and never reads more than ``limit + 1`` bytes; its refusals
    are worded here as result refusals.

    Raises
    ------
    ResultsImportError
        Not a regular file, too large, or unreadable.
    """
    try:
        return read_file(path, limit)
    except FileRefusedError as exc:
        kind = exc.problem.code.rsplit(".", 1)[-1]
        if kind in _KIND_WORDS:
            raise refusal(
                shown, None, "io.results.not_regular", kind=_KIND_WORDS[kind]
            ) from None
        if kind == "too_large":
            raise refusal(shown, None, "io.results.too_large", limit=limit) from None
        raise refusal(
            shown, None, "io.results.cannot_read", detail=exc.problem
        ) from None


def decode_text(data: bytes, shown: str) -> str:
    """UTF-8 text of a result file; a binary file names the line of its first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise refusal(shown, line, "io.results.not_text") from None


def _read_text(path: Path, shown: str) -> str:
    return decode_text(read_bytes_bounded(path, shown), shown)


def _skipped(name: str) -> str | None:
    """Why a file found in a folder is not read, or None."""
    if name.lower().endswith(ARCHIVE_SUFFIXES):
        return None
    return skip_reason(name)


@dataclass(frozen=True)
class _Entry:
    path: Path
    shown: str  # name stored in the project (relative)
    where: str  # name shown in messages (as the user typed it)
    problem: str | None = None
    skipped: str | None = None  # why a file of a folder is left out
    optional: bool = False  # a log of a folder: read if a tool wrote it


def _walk(folder: Path) -> list[_Entry]:
    """Every candidate file under ``folder``; links that leave it are listed as problems."""
    found: list[_Entry] = []
    try:
        root_real = folder.resolve(strict=True)
    except (OSError, RuntimeError):
        return [
            _Entry(folder, folder.name, folder.as_posix(), "cannot open the folder")
        ]
    # os.walk does not follow symlinked folders, so a link loop cannot hang the import.
    for root, dirs, files in os.walk(folder):
        for hidden in sorted(d for d in dirs if d.startswith(".")):
            path = Path(root) / hidden
            found.append(
                _Entry(
                    path,
                    path.relative_to(folder.parent).as_posix(),
                    path.as_posix(),
                    skipped="a hidden folder: not read",
                )
            )
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            path = Path(root) / name
            entry_shown = path.relative_to(folder.parent).as_posix()
            reason = _skipped(name)
            if reason is not None:
                found.append(_Entry(path, entry_shown, path.as_posix(), skipped=reason))
                continue
            problem = None
            if path.is_symlink():
                try:
                    target = path.resolve(strict=True)
                except (OSError, RuntimeError):
                    problem = "a broken or looping link: not read"
                else:
                    if not target.is_relative_to(root_real):
                        problem = (
                            "a link that points outside the chosen folder: not read"
                        )
            optional = name.lower().endswith(LOG_SUFFIX)
            found.append(
                _Entry(path, entry_shown, path.as_posix(), problem, optional=optional)
            )
            if len(found) > MAX_FILES:
                return found
    return found


def _entries(paths: Sequence[Path]) -> list[_Entry]:
    entries: list[_Entry] = []
    for path in paths:
        if path.is_dir():
            # Stored relative to the folder's parent ("vendor_a/node01/x.txt"):
            # project files are mailed around, so no machine's paths go in them.
            entries.extend(_walk(path))
        elif path.exists() or path.is_symlink():
            entries.append(_Entry(path, path.name, path.as_posix()))
        else:
            entries.append(
                _Entry(path, path.name, path.as_posix(), "no such file or folder")
            )
        if len(entries) > MAX_FILES:
            raise refusal(path.as_posix(), None, "io.results.too_many", limit=MAX_FILES)
    return entries


def _parse_entry(
    entry: _Entry,
) -> list[tuple[str, list[Measurement] | ResultsImportError]]:
    """(name, measurements or the reason) for a file, or for each result in an archive."""
    if entry.skipped is not None:
        return [(entry.where, SkippedFileError(entry.where, None, entry.skipped))]
    if entry.problem is not None:
        return [(entry.where, ResultsImportError(entry.where, None, entry.problem))]
    if entry.path.name.lower().endswith(ARCHIVE_SUFFIXES):
        return read_archive(entry.path, entry.shown, entry.where, parse_text)
    try:
        text = _read_text(entry.path, entry.where)
        node = entry.path.parent.name or None
        try:
            return [(entry.where, parse_text(text, entry.shown, node))]
        except ResultsImportError as exc:
            # Errors name the file where the user can find it; measurements
            # keep the short name.
            raise ResultsImportError(
                entry.where, exc.line, exc.message, exc.words
            ) from None
    except ResultsImportError as exc:
        if entry.optional and not_a_tool_output(exc.reason):
            return [
                (entry.where, SkippedFileError(entry.where, None, LOG_NOT_A_RESULT))
            ]
        return [(entry.where, exc)]


def _copy_key(name: str, measurements: Sequence[Measurement]) -> tuple[str, str, str]:
    """A file's folder, name and figures: the same for a copy of a result (the
    kit's ``results/n1/x.csv`` and ``results_n1.tar.gz/n1/x.csv`` side by side)."""
    path = PurePosixPath(name.replace("\\", "/"))
    figures = "\n".join(
        m.model_copy(update={"file": ""}).model_dump_json() for m in measurements
    )
    return path.parent.name, path.name, figures


def _read_once(name: str, first: str) -> RefusedFile:
    code = "io.results.archive_read.copy"
    words = Message(code=code, params={"first": first})
    return RefusedFile(name, None, say(code, "en", {"first": first}), words)


def import_results(
    paths: Sequence[Path],
    *,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> ImportReport:
    """Parse result files, folders and kit archives; take every good file, list the others.

    Parameters
    ----------
    paths : sequence of Path
        Files, folders (walked recursively, sorted) and ``results_<host>.tar.gz``
        archives of the test kit.
    progress : callable, optional
        Called as ``progress(done, total)`` after each file.
    cancelled : callable, optional
        Polled before each file; when it returns True, :class:`ImportCancelledError`
        is raised and nothing is imported.

    Returns
    -------
    ImportReport
        Measurements of the files that parsed (a refused file contributes
        nothing), the names of those files, and each refused file with its reason.

    Examples
    --------
    >>> import_results([]).measurements
    []
    """
    entries = _entries(paths)
    report = ImportReport(measurements=[])
    copies: dict[tuple[str, str, str], str] = {}
    total_bytes = 0
    for done, entry in enumerate(entries, start=1):
        if cancelled is not None and cancelled():
            raise ImportCancelledError()
        for name, result in _parse_entry(entry):
            if isinstance(result, ResultsImportError):
                refused = RefusedFile(
                    result.file, result.line, result.reason, result.words
                )
                skipped = isinstance(result, SkippedFileError)
                (report.skipped if skipped else report.refused).append(refused)
                continue
            first = copies.setdefault(_copy_key(name, result), name)
            if first != name:
                report.skipped.append(_read_once(name, first))
                continue
            report.imported.append(name)
            report.measurements.extend(result)
            if len(report.measurements) > MAX_MEASUREMENTS_TOTAL:
                # more than any plan can hold: stop before memory runs out
                raise refusal(
                    name,
                    None,
                    "io.safe_read.too_many_figures_import",
                    limit=MAX_MEASUREMENTS_TOTAL,
                )
        with contextlib.suppress(OSError):
            total_bytes += entry.path.lstat().st_size
        if total_bytes > MAX_TOTAL_BYTES:
            raise refusal(
                entry.where, None, "io.results.import_too_large", limit=MAX_TOTAL_BYTES
            )
        if progress is not None:
            progress(done, len(entries))
    return report


def parse_results(paths: Sequence[Path]) -> list[Measurement]:
    """Parse result files and folders; all or nothing.

    Parameters
    ----------
    paths : sequence of Path
        Files and folders (walked recursively, in sorted order).

    Returns
    -------
    list of Measurement
        Every measurement of every file, in file order. ``file`` is the file's
        name, or for a folder its path from the folder's parent (for example
        ``vendor_a/node01/iperf3.json``): never an absolute path.

    Raises
    ------
    ResultsImportError
        For the first missing, unknown or damaged file; nothing is returned.
        :func:`import_results` takes the good files and lists the others.

    Examples
    --------
    >>> parse_results([])
    []
    """
    report = import_results(paths)
    if report.refused:
        first = report.refused[0]
        raise ResultsImportError(first.file, first.line, first.reason, first.words)
    return report.measurements


# --- what the import dialog and the command line list ---------------------------------

_KEY_METRICS: Final[dict[str, tuple[str, ...]]] = {
    "nccl-tests": (".out_of_place.busbw",),
    "iperf3": ("tcp.received", "tcp.sent", "tcp.retransmits"),
    "fio": (".write.bw", ".read.bw"),
    "nvidia-smi": ("temperature.gpu", "power.draw", "clocks.sm"),
    "dcgmi": ("",),
    "dcgmi-dmon": ("dmon.tensor_active", "dmon.sm_active", "dmon.gr_engine_active"),
    "nvidia-smi-dmon": ("dmon.gtemp", "dmon.pwr", "dmon.sm"),
    "gpu-probe": ("bf16_matmul", "memory_copy"),
    "train-log": ("tokens_per_s", "tflops_per_gpu", "tokens_per_s_per_gpu", "mfu"),
    "vllm-bench-serve": ("output_throughput", "request_throughput", "ttft.p99"),
    "sglang-bench-serving": ("output_throughput", "request_throughput", "ttft.p99"),
    "genai-perf": ("output_throughput", "request_throughput", "ttft.p99"),
}
"""Per tool, the metric endings whose figures stand for a file in the import list."""

KEY_VALUES_PER_FILE: Final = 3
"""Most key figures listed per imported file."""


@dataclass(frozen=True)
class KeyValue:
    """One figure that stands for a file: the last value of a metric (the largest
    message for nccl-tests, the last sample for monitors)."""

    metric: str
    value: float
    unit: str


@dataclass(frozen=True)
class FileSummary:
    """One imported file as the import list shows it."""

    file: str
    tool: str
    nodes: tuple[str, ...]
    measurements: int
    key_values: tuple[KeyValue, ...]
    not_stated: tuple[str, ...] = ()
    """Facts of the run the file does not state, for the person to give
    (nccl-tests: ``collective``, ``nodes``; :func:`results_nccl.not_stated`)."""
    stated: tuple[str, ...] = ()
    """Facts of the run the person stated on import
    (:func:`results_stated.apply_stated`), shown as stated by the user."""


def summarize_files(measurements: Sequence[Measurement]) -> list[FileSummary]:
    """One :class:`FileSummary` per file, in the order the files were read.

    Examples
    --------
    >>> m = [Measurement(tool="iperf3", metric="sum_received.bits_per_second",
    ...      value=9.4e10, unit="bit/s", file="a.json", node="n1")]
    >>> s = summarize_files(m)[0]
    >>> s.tool, s.nodes, s.measurements, s.key_values[0].value
    ('iperf3', ('n1',), 1, 94000000000.0)
    """
    unstated = not_stated(measurements)
    by_file: dict[str, list[Measurement]] = {}
    for m in measurements:
        by_file.setdefault(m.file, []).append(m)
    out: list[FileSummary] = []
    for file, rows in by_file.items():
        tool = rows[0].tool
        last: dict[str, Measurement] = {}
        for m in rows:
            last[m.metric] = m
        wanted = _KEY_METRICS.get(tool, ())
        keys = [
            metric for metric in last if any(metric.endswith(end) for end in wanted)
        ] or list(last)
        nodes = tuple(sorted({m.node for m in rows if m.node}))
        out.append(
            FileSummary(
                file=file,
                tool=tool,
                nodes=nodes,
                measurements=len(rows),
                key_values=tuple(
                    KeyValue(k, last[k].value, last[k].unit)
                    for k in keys[:KEY_VALUES_PER_FILE]
                ),
                not_stated=unstated.get(file, ()),
                stated=stated_facts(rows),
            )
        )
    return out


class RefusalKind(StrEnum):
    """Why a file was left out, in classes a person acts on (each has a hint)."""

    NO_RESULT = "no_result"  # a crashed, failed or interrupted run
    RERUN_JSON = "rerun_json"  # iperf3 text: rerun with -J
    UNSUPPORTED = "unsupported"  # UDP iperf3 and other runs the plan does not use
    UNKNOWN = "unknown"  # not a format of the kit
    DAMAGED = "damaged"  # cut, edited or binary
    UNREADABLE = "unreadable"  # not a regular file, a link out, too large, no access


_KIND_PATTERNS: Final = (
    (RefusalKind.RERUN_JSON, ("rerun the client with -J",)),
    (
        RefusalKind.NO_RESULT,
        (
            "a crashed run",
            "an interrupted run",
            "a failed run",
            "no result",
            "ended with error",
            "moved no data",
            "reported",
            "several runs mixed together",
        ),
    ),
    (
        RefusalKind.UNSUPPORTED,
        (
            "the kit measures",
            "this reader does not know",
            "other columns than the kit's",
        ),
    ),
    (RefusalKind.UNKNOWN, ("unknown format", "the file is empty")),
    (
        RefusalKind.UNREADABLE,
        (
            "not a regular file",
            "not read",
            "larger than",
            "cannot read",
            "cannot open",
            "no such file",
            "more than",
        ),
    ),
)


REFUSAL_HINTS: Final[dict[RefusalKind, str]] = {
    RefusalKind.NO_RESULT: "The run produced no result: ask the vendor to run this test again.",
    RefusalKind.RERUN_JSON: "Run the iperf3 client again with -J and import the JSON it prints.",
    RefusalKind.UNSUPPORTED: (
        "The plan does not use this kind of run: run the test as the kit does."
    ),
    RefusalKind.UNKNOWN: (
        "Not an output of the test kit: leave it out, or import the tool's own output."
    ),
    RefusalKind.DAMAGED: "The file is cut or edited: copy it again from the node.",
    RefusalKind.UNREADABLE: (
        "The file could not be read: copy it into the folder as a plain file."
    ),
}
"""What a person can do about each kind of refusal, in English (the CLI prints
it; the import dialog shows the same sentences translated)."""


def refusal_kind(reason: str) -> RefusalKind:
    """Class of a refusal reason, for the hint next to it.

    Examples
    --------
    >>> refusal_kind("an interrupted run: no '# Avg bus bandwidth' line").value
    'no_result'
    >>> refusal_kind("bad JSON: Expecting value").value
    'damaged'
    """
    for kind, needles in _KIND_PATTERNS:
        if any(needle in reason for needle in needles):
            return kind
    return RefusalKind.DAMAGED
