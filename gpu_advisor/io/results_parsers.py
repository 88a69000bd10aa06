"""What the parsers of the vendor test kit's outputs share.

Each parser takes the text of one file and returns
:class:`~gpu_advisor.model.project.Measurement` objects, or raises
:class:`ResultsImportError` naming the file and the line that could not be
read. This module holds that error, the measurement builder, the readers of
numbers and the JSON and line helpers; detection and folder walking live in
:mod:`gpu_advisor.io.results_import`, one module per format holds its parser:

* nccl-tests stdout (also behind MPI/Ray launcher tags):
  :mod:`gpu_advisor.io.results_nccl`;
* iperf3 ``--json`` and its text report: :mod:`gpu_advisor.io.results_iperf3`;
* fio ``--output-format=json`` (also ``json,normal``):
  :mod:`gpu_advisor.io.results_fio`; fio's normal text report (fio 2 and 3):
  :mod:`gpu_advisor.io.results_fio_text`;
* the kit's GPU probe: :mod:`gpu_advisor.io.results_gpu_probe`;
* nvidia-smi ``--query-gpu=... --format=csv``: :mod:`gpu_advisor.io.results_smi_csv`;
* nvidia-smi ``-q -x``: :mod:`gpu_advisor.io.results_smi_xml`; ``-q`` text:
  :mod:`gpu_advisor.io.results_smi_query`; ``nvidia-smi
  dmon``: :mod:`gpu_advisor.io.results_smi_dmon`;
* ``dcgmi diag``: :mod:`gpu_advisor.io.results_dcgmi`, its ``-j`` JSON:
  :mod:`gpu_advisor.io.results_dcgmi_json`; ``dcgmi dmon``:
  :mod:`gpu_advisor.io.results_dmon`;
* the kit's training log: :mod:`gpu_advisor.io.results_train_log`; the logs
  of Megatron-LM, torchtitan, DeepSpeed and the Hugging Face Trainer:
  :mod:`gpu_advisor.io.results_train_frameworks`.

A file a folder or archive import leaves out on purpose is a
:class:`SkippedFileError` (listed with its reason, never silently dropped).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import json
import math
import re
from collections.abc import Callable, Iterator
from typing import Any, Final

from pydantic import ValidationError

from gpu_advisor.model.common import Message, Param
from gpu_advisor.model.limits import MAX_MEASUREMENTS_PER_VENDOR
from gpu_advisor.model.project import Measurement, MeasurementStatus
from gpu_advisor.words import say

MAX_FILE_BYTES: Final = 64 * 2**20
"""Largest result file read [bytes]; nccl-tests, fio and iperf3 outputs are < 1 MiB."""


class ResultsImportError(Exception):
    """A result file that cannot be read: names the file and, when known, the line."""

    def __init__(
        self, file: str, line: int | None, message: str, words: Message | None = None
    ) -> None:
        self.file = file
        self.line = line
        self.message = message
        self.reason = message
        if words is None and message in _fixed_reasons():
            words = Message(code=_fixed_reasons()[message])
        self.words = words
        """The reason as a catalog code and values (``io.results.*``), worded in
        the reader's language by :func:`gpu_advisor.words.text`; None for a
        reason not yet in the catalogs (then ``reason`` is shown as it is)."""
        shown = escape_controls(file)
        where = f"{shown}:{line}" if line is not None else shown
        super().__init__(f"{where}: {escape_controls(message)}")


FIXED_REASON_CODES: Final = (
    "io.results.skip.hidden_file",
    "io.results.skip.hidden_folder",
    "io.results.skip.info",
    "io.results.skip.notes",
    "io.results.skip.script",
    "io.results.skip.config",
    "io.results.skip.log",
    "io.results.archive.outside",
    "io.results.archive.link",
    "io.results.archive.device",
    "io.results.archive.not_regular",
    "io.results.archive.member",
    "io.results.archive.empty",
    "io.results.link.broken",
    "io.results.link.outside",
)
"""Reasons without values that the folder and archive readers keep as text
(skip reasons, archive members, links): each is known by its English wording."""


@functools.cache
def _fixed_reasons() -> dict[str, str]:
    """English wording → code of :data:`FIXED_REASON_CODES`."""
    return {say(code, "en"): code for code in FIXED_REASON_CODES}


def refusal(
    file: str, line: int | None, code: str, /, **params: Param
) -> ResultsImportError:
    """A refusal worded from the catalogs: ``reason`` in English (the CLI, logs),
    ``words`` for the reader's language.

    Examples
    --------
    >>> e = refusal("a.txt", 3, "io.results.nccl.no_rows")
    >>> str(e)
    'a.txt:3: no result: nccl-tests printed no result rows'
    >>> e.words.code
    'io.results.nccl.no_rows'
    """
    words = Message(code=code, params=params)
    return ResultsImportError(file, line, say(code, "en", params), words)


class SkippedFileError(ResultsImportError):
    """A file a folder or archive import left out on purpose, with the reason:
    the kit's notes and scripts, hidden files, logs that are no tool's output.

    Listed apart from the refused files (nothing was wrong with them), so a
    person sees every file that was not imported and why.
    """


SKIPPED_SUFFIXES: Final = (
    (".info.txt", "written by the kit for people (lscpu, nvidia-smi topo, ibstat)"),
    (".md", "notes for people"),
    (".sh", "a script of the kit"),
    (".py", "a script of the kit"),
    (".sbatch", "a script of the kit"),
    (".yaml", "a configuration of the kit"),
    (".example", "a configuration of the kit"),  # hostfile.example
)
"""File endings a folder or archive import lists as skipped without reading them."""

LOG_SUFFIX: Final = ".log"
"""Logs are read when a tool wrote them (a training log, fio's report) and
listed as skipped otherwise (the kit's ``*.err.log``)."""


def skip_reason(name: str) -> str | None:
    """Why a file of this name is not read in a folder or archive, or None.

    Examples
    --------
    >>> skip_reason("lscpu.info.txt")
    'written by the kit for people (lscpu, nvidia-smi topo, ibstat): not a result'
    >>> skip_reason("train.log") is None
    True
    """
    lowered = name.lower()
    if name.startswith("."):
        return "a hidden file: not read"
    for suffix, what in SKIPPED_SUFFIXES:
        if lowered.endswith(suffix):
            return f"{what}: not a result"
    return None


LOG_NOT_A_RESULT: Final = (
    "a log that is no tool's output the import reads: not a result"
)
"""Why a ``*.log`` of a folder or archive (``dcgmi_diag.err.log``) is skipped."""


def not_a_tool_output(reason: str) -> bool:
    """True for the reasons that say a file is no tool's output at all (unknown
    format, empty, binary): a log with such a reason is skipped, not refused."""
    return reason.startswith(("unknown format", "the file is empty", "not UTF-8"))


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


MAX_FIGURES_PER_FILE: Final = MAX_MEASUREMENTS_PER_VENDOR
"""Most figures one file may give [1]: no more fit one vendor. A 64 MiB log
of samples would otherwise become millions of figures and gigabytes of
memory before the import could refuse it (issue #33)."""

_FIGURES: contextvars.ContextVar[list[int] | None] = contextvars.ContextVar(
    "figures_of_this_file", default=None
)


@contextlib.contextmanager
def figures_counted() -> Iterator[None]:
    """Count the figures :func:`_measure` builds for one file; refuse past the cap."""
    token = _FIGURES.set([0])
    try:
        yield
    finally:
        _FIGURES.reset(token)


def _count_figure(file: str, line: int) -> None:
    counter = _FIGURES.get()
    if counter is None:
        return
    counter[0] += 1
    if counter[0] > MAX_FIGURES_PER_FILE:
        raise refusal(
            file, line, "io.safe_read.too_many_figures", limit=MAX_FIGURES_PER_FILE
        )


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
    status: MeasurementStatus | None = None,
) -> Measurement:
    """Build one measurement; a value out of range names the line it came from."""
    _count_figure(file, line)
    if not math.isfinite(value):
        raise refusal(file, line, "io.results.value_not_finite", metric=metric)
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
            status=status,
        )
    except ValidationError as exc:
        detail = exc.errors()[0]
        field = ".".join(str(p) for p in detail["loc"])
        raise refusal(
            file,
            line,
            "io.results.value_invalid",
            metric=metric,
            field=field,
            detail=str(detail["msg"]),
        ) from None


make_measurement = _measure
"""Public name of the measurement builder for the other result parsers."""

_DECIMAL = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]{1,4})?")
"""A number as the tools print it: ASCII digits, no ``_`` separators (``float``
reads ``"1_5"`` as 15 and ``"١٥"`` as 15; neither is in a tool's output)."""


def _float(text: str, file: str, line: int, what: str) -> float:
    if not _DECIMAL.fullmatch(text):
        raise refusal(file, line, "io.results.not_a_number", what=what, text=text[:40])
    value = float(text)
    if not math.isfinite(value):
        raise refusal(file, line, "io.results.not_finite", what=what, text=text)
    return value


_ASCII_INT = re.compile(r"[0-9]{1,18}")


def _int(text: str, file: str, line: int, what: str) -> int:
    """A whole number written in ASCII digits (``"²".isdigit()`` is True, so not that)."""
    if not _ASCII_INT.fullmatch(text):
        raise refusal(file, line, "io.results.not_whole", what=what, text=text[:40])
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


def load_json(
    text: str, file: str, trailing: Callable[[str], bool] | None = None
) -> Any:
    """Parse JSON; a syntax error names its line.

    Text before the document (fio warnings, terminal junk: :func:`json_start`)
    is skipped and counted for line numbers. Text after it is an error unless
    ``trailing(rest)`` accepts it (fio's ``--output-format=json,normal``
    prints its text report after the JSON).
    """
    start = json_start(text)
    if start < 0:
        raise refusal(file, 1, "io.results.json.none")
    skipped = text.count("\n", 0, start)
    body = text[start:]
    try:
        return json.loads(body)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data":
            rest = body[exc.pos :]
            if trailing is not None and trailing(rest):
                return json.JSONDecoder().raw_decode(body)[0]
            raise refusal(
                file, exc.lineno + skipped, "io.results.json.trailing"
            ) from None
        raise refusal(
            file, exc.lineno + skipped, "io.results.json.bad", detail=exc.msg
        ) from None
    except RecursionError:
        raise refusal(file, 1, "io.results.json.deep") from None
    except ValueError as exc:  # integers over 4,300 digits
        raise refusal(file, 1, "io.results.json.bad", detail=str(exc)[:120]) from None


def _get(data: Any, path: str, file: str, text: str) -> Any:
    """``data["a"]["b"]`` for ``path="a.b"``; a missing key names its line."""
    node = data
    for key in path.split("."):
        if not isinstance(node, dict) or key not in node:
            raise refusal(
                file, _line_of(text, f'"{key}"'), "io.results.json.missing", path=path
            )
        node = node[key]
    return node


def _number(value: Any, path: str, file: str, text: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise refusal(
            file,
            _line_of(text, f'"{path.rsplit(".", 1)[-1]}"'),
            "io.results.json.not_a_number",
            path=path,
        )
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise refusal(file, 1, "io.results.json.not_finite", path=path)
    return number


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
