"""Read the table printed by ``dcgmi diag -r LEVEL`` (DCGM 3 and 4).

Format: DCGM User Guide, "DCGM Diagnostics"
(https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/dcgm-diagnostics.html).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from gpu_advisor.io.results_parsers import ResultsImportError, _measure
from gpu_advisor.model.project import Measurement

STATUS_UNIT: Final = "1=pass 0.5=warn 0=fail"
"""Unit of the ``dcgmi diag`` measurements."""

_STATUS_VALUE: Final = {"pass": 1.0, "warn": 0.5, "warning": 0.5, "fail": 0.0}

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
    scan = _DiagScan()
    out: list[Measurement] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line:
            out.extend(_diag_line(scan, number, line, file, node))
    if not out:
        raise ResultsImportError(
            file, 1, "no Pass/Warn/Fail rows in the dcgmi diag table"
        )
    return out


@dataclass
class _DiagScan:
    """Where a pass over a ``dcgmi diag`` table is.

    Attributes
    ----------
    section : str
        The current section heading, in snake case. [-]
    test : str or None
        The test of the last row with a name. [-]
    in_detail : bool
        Inside a test's warning, info or error lines. [-]
    in_table : bool
        From the table's first border, heading or row on. [-]
    ended : int or None
        The line after the table's last line. [-]
    """

    section: str = "diagnostic"
    test: str | None = None
    in_detail: bool = False
    in_table: bool = False
    ended: int | None = None


def _diag_line(
    scan: _DiagScan, number: int, line: str, file: str, node: str | None
) -> list[Measurement]:
    """One non-blank line: a section heading, a row, a border or text around the table."""
    heading = _DCGM_SECTION.fullmatch(line)
    row = _DCGM_ROW.match(line) if heading is None else None
    if heading is None and row is None and not _DCGM_BORDER.fullmatch(line):
        if scan.in_table and line.startswith(("|", "+")):
            raise ResultsImportError(
                file, number, f"a damaged table line: {line[:60]!r}"
            )
        if scan.in_table and scan.ended is None:
            scan.ended = number
        return []
    if scan.ended is not None:
        # Table lines again after text: the text was a table line cut or edited.
        raise ResultsImportError(
            file, scan.ended, "a damaged table line (the table goes on after it)"
        )
    scan.in_table = True  # from its first border, heading or row
    if heading:
        scan.section = _snake(heading.group(1))
        scan.test = None
        return []
    if row is None:
        return []  # a border
    return _diag_row(scan, number, line, row, file, node)


def _diag_row(
    scan: _DiagScan,
    number: int,
    line: str,
    row: re.Match[str],
    file: str,
    node: str | None,
) -> list[Measurement]:
    """A table row: a test with its result, a detail line, or a line under a test."""
    name, result = row.group("name"), row.group("result")
    if _DCGM4_GPU_END.search(result) and not _DCGM4_GPU.fullmatch(result):
        # "... wrapped text GPU0: Pass": a GPU's line run into the one before.
        raise ResultsImportError(file, number, f"a damaged table line: {line[:60]!r}")
    if (name and not name[0].isalnum()) or _DCGM_RULE.search(result):
        # "-----  Deployment ..." read as a row: a section heading cut short.
        raise ResultsImportError(file, number, f"a damaged table line: {line[:60]!r}")
    if name.lower() == "diagnostic":
        return []
    if not name:
        return _under_test(scan, number, result, file, node)
    if name.lower() in {"warning", "info", "error"}:
        scan.in_detail = True
        return []  # details of the test above
    scan.test = name
    scan.in_detail = False
    if scan.section == "metadata" or not result:
        return []
    return _dcgm_statuses(
        result, f"{scan.section}.{_snake(scan.test)}", file, number, node
    )


def _under_test(
    scan: _DiagScan, number: int, result: str, file: str, node: str | None
) -> list[Measurement]:
    """A row without a name: a DCGM 4 ``GPU3: Pass`` line, or a wrapped line of
    a warning or of the result above."""
    if scan.test is None or scan.section == "metadata":
        return []
    per_gpu = _DCGM4_GPU.fullmatch(result)
    if per_gpu is not None:
        # DCGM 4: "GPU3: Pass" lines under the test's status (also after
        # its warning's wrapped text).
        kind = per_gpu.group("status").lower()
        if kind == "skip":
            return []
        return [
            _measure(
                file,
                number,
                tool="dcgmi",
                metric=f"{scan.section}.{_snake(scan.test)}",
                value=_STATUS_VALUE[kind],
                unit=STATUS_UNIT,
                node=node,
                gpu=int(per_gpu.group("gpu")),
            )
        ]
    if _DCGM4_GPU_STATUS.match(result) or (
        not scan.in_detail and _DCGM4_GPU_START.match(result)
    ):
        raise ResultsImportError(
            file, number, f"an unreadable GPU result: {result[:60]!r}"
        )
    return []  # a wrapped line of a warning or of the result above
