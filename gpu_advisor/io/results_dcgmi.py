"""Read the table printed by ``dcgmi diag -r LEVEL`` (DCGM 3 and 4); its rules
(statuses, metric names, tests not run) are shared with the ``-j`` reader,
:mod:`gpu_advisor.io.results_dcgmi_json`.

Format: DCGM User Guide, "DCGM Diagnostics"
(https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/dcgm-diagnostics.html).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from gpu_advisor.io.results_parsers import _measure, refusal
from gpu_advisor.model.project import Measurement, MeasurementStatus

STATUS_UNIT: Final = "1=pass 0.5=warn or skip 0=fail"
"""Unit of the ``dcgmi diag`` measurements; ``status`` says which (a skipped
test, 0.5, is "not tested": never a pass)."""

INCOMPLETE_METRIC: Final = "diag.missing_tests"
"""Metric of a run that lists tests it did not run (value: how many) [count]."""

_STATUS_VALUE: Final = {"pass": 1.0, "warn": 0.5, "skip": 0.5, "fail": 0.0}
_STATUS_NAME: Final[dict[str, MeasurementStatus]] = {
    "pass": "pass",
    "warn": "warn",
    "warning": "warn",
    "fail": "fail",
    "skip": "skip",
    "not run": "skip",
}

_DCGM_SECTION = re.compile(r"[|+]-+\s+([A-Za-z][\w ]*?)\s+-+\+-*[+|]")
_DCGM_ROW = re.compile(r"^\|\s*(?P<name>[^|]*?)\s*\|\s*(?P<result>[^|]*?)\s*\|$")
_DCGM_STATUS = re.compile(
    r"(?P<status>Pass|Fail|Warn|Warning|Skip|Not Run)"
    r"(?:\s*-\s*(?:All|GPUs?:\s*(?P<gpus>[0-9][0-9,\s]*)))?",
    re.IGNORECASE,
)
"""One status of a test's result cell: ``Pass``, ``Fail - All``, ``Fail - GPU: 2``,
``Warn - GPUs: 0, 3``, DCGM 4's ``Not Run``. DCGM 3 prints one status a line
(``Pass - GPUs: 0, 2, 3`` then ``Fail - GPU: 1`` on the next line, without the
test's name: ``Diag::HelperDisplayGpuResults``); older versions separate them
with ``;`` in one cell."""
_DCGM_CODE = re.compile(r"Code:\s*\([0-9]*\)")
"""The return code line DCGM 3 prints under a ``Diagnostic`` test that warned."""
_DCGM4_ENTITY = re.compile(
    r"^(?P<kind>[A-Za-z][A-Za-z_-]*?)(?P<id>[0-9]{1,4}):\s*"
    r"(?P<status>Pass|Fail|Warn|Warning|Skip|Not Run)$",
    re.IGNORECASE,
)
"""A DCGM 4 entity line under a test: ``GPU3: Pass``, ``CPU0: Skip``
(``Diag::HelperDisplayEntityResults``)."""

_DCGM4_GPU = re.compile(
    r"^GPU(?P<gpu>[0-9]{1,4}):\s*(?P<status>Pass|Fail|Warn|Warning|Skip|Not Run)$",
    re.IGNORECASE,
)
_DCGM4_GPU_START = re.compile(r"^GPU[0-9]")
_DCGM4_GPU_END = re.compile(
    r"\bGPU[0-9]{1,4}:\s*(?:Pass|Fail|Warn|Warning|Skip|Not Run)$", re.IGNORECASE
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


def _status_of(word: str) -> MeasurementStatus:
    return _STATUS_NAME[re.sub(r"\s+", " ", word.lower())]


def status_name(word: str) -> MeasurementStatus | None:
    """The status a printed word stands for (``Pass``, ``Warning``, ``Not Run``,
    any case), None for a word this reader does not know (never a pass).

    >>> status_name("PASS"), status_name("Not Run"), status_name("Inconclusive")
    ('pass', 'skip', None)
    """
    return _STATUS_NAME.get(re.sub(r"\s+", " ", word.strip().lower()))


def _status_measure(
    file: str,
    line: int,
    metric: str,
    status: MeasurementStatus,
    node: str | None,
    gpu: int | None,
) -> Measurement:
    return _measure(
        file,
        line,
        tool="dcgmi",
        metric=metric,
        value=_STATUS_VALUE[status],
        unit=STATUS_UNIT,
        node=node,
        gpu=gpu,
        status=status,
    )


def _dcgm_statuses(
    result: str, metric: str, file: str, line: int, node: str | None
) -> list[Measurement]:
    """The measurements of one status cell: one per GPU named, else one
    (``gpu`` None: the test as a whole, or ``All``)."""
    out: list[Measurement] = []
    for part in result.split(";"):
        status = _DCGM_STATUS.fullmatch(part.strip())
        if status is None:
            raise refusal(
                file, line, "io.results.dcgmi.test_result", result=result[:60]
            )
        kind = _status_of(status.group("status"))
        gpu_list = status.group("gpus")
        gpus: list[int | None] = (
            [int(g) for g in re.findall(r"[0-9]{1,6}", gpu_list)]
            if gpu_list
            else [None]
        )
        out.extend(_status_measure(file, line, metric, kind, node, gpu) for gpu in gpus)
    return out


def parse_dcgmi_diag(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read ``dcgmi diag -r LEVEL``: one measurement per test status (and GPU when named).

    Every status line of the table is read: DCGM 3 prints one line per
    status (``Pass - GPUs: 0, 2, 3`` then ``Fail - GPU: 1``), DCGM 4 the
    test's status then a ``GPUn: Pass`` line per GPU. The value is 1 for
    Pass, 0.5 for Warn and for Skip, 0 for Fail (:data:`STATUS_UNIT`), and
    ``status`` says which: a skipped (or "Not Run") test is ``skip``, not
    tested, never a pass. A run that left tests out (skipped on every GPU
    or on some, or a run with no hardware test) adds
    :data:`INCOMPLETE_METRIC` (how many; label ``tests`` names them) with
    status ``incomplete``.
    The metric is ``<section>.<test>``, e.g. ``hardware.gpu_memory``; the
    metadata rows are left out.

    Examples
    --------
    >>> table = ("| Diagnostic | Result |\\n"
    ...          "+-----  Hardware  ---+-----+\\n"
    ...          "| GPU Memory | Pass - GPUs: 0, 1 |\\n"
    ...          "|            | Fail - GPU: 2 |\\n")
    >>> [(m.metric, m.value, m.gpu, m.status) for m in parse_dcgmi_diag(table, "d.txt", "n1")]
    [('hardware.gpu_memory', 1.0, 0, 'pass'), ('hardware.gpu_memory', 1.0, 1, 'pass'), ('hardware.gpu_memory', 0.0, 2, 'fail')]
    """
    scan = _DiagScan()
    out: list[Measurement] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line:
            out.extend(_diag_line(scan, number, line, file, node))
    if not out:
        raise refusal(file, 1, "io.results.dcgmi.no_rows")
    return out + _not_run(out, file, node)


_NOT_HARDWARE: Final = frozenset({"diagnostic", "metadata", "deployment"})
"""Sections whose tests check the software, not the GPUs (``Deployment``; DCGM
4's ``software`` test is in it): a run with only these tested no hardware."""
LEVEL2_TESTS: Final = ("integration.pcie", "hardware.memory")
"""What ``dcgmi diag -r 2``, the test kit's least level, adds to a level 1 run
(DCGM User Guide, "Run levels"), named as DCGM 4 prints them."""


def _not_run(out: list[Measurement], file: str, node: str | None) -> list[Measurement]:
    """:data:`INCOMPLETE_METRIC` when the run left tests out.

    A listed test that ran on no GPU (every status Skip), one skipped on
    some GPUs, or no hardware test at all (a level 1 run: the level 2 tests,
    :data:`LEVEL2_TESTS`, are missing). Label ``tests`` names them all,
    comma-separated metric names; ``skipped_on`` says which GPUs a partly
    skipped test left out (``hardware.pcie: GPU 1 3``) and ``absent`` the
    tests the run does not list.
    """
    whole, partly = _skipped_tests(out)
    absent: list[str] = []
    if not any(m.metric.split(".", 1)[0] not in _NOT_HARDWARE for m in out):
        absent = list(LEVEL2_TESTS)
    names = whole + list(partly) + absent
    if not names:
        return []
    labels = {"tests": ", ".join(names)[:200]}
    if partly:
        labels["skipped_on"] = "; ".join(
            f"{test}: GPU {' '.join(str(g) for g in gpus)}"
            for test, gpus in partly.items()
        )[:200]
    if absent:
        labels["absent"] = ", ".join(absent)
    return [
        _measure(
            file,
            1,
            tool="dcgmi",
            metric=INCOMPLETE_METRIC,
            value=float(len(names)),
            unit="count",
            node=node,
            labels=labels,
            status="incomplete",
        )
    ]


def _skipped_tests(out: list[Measurement]) -> tuple[list[str], dict[str, list[int]]]:
    """Tests skipped on every GPU (sorted), and tests skipped on some GPUs
    only, with those GPUs (sorted)."""
    by_test: dict[str, set[str | None]] = {}
    skipped_on: dict[str, set[int]] = {}
    for m in out:
        by_test.setdefault(m.metric, set()).add(m.status)
        if m.status == "skip" and m.gpu is not None:
            skipped_on.setdefault(m.metric, set()).add(m.gpu)
    whole = sorted(test for test, seen in by_test.items() if seen == {"skip"})
    partly = {
        test: sorted(gpus)
        for test, gpus in sorted(skipped_on.items())
        if test not in whole
    }
    return whole, partly


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
            raise refusal(file, number, "io.results.dcgmi.table_line", line=line[:60])
        if scan.in_table and scan.ended is None:
            scan.ended = number
        return []
    if scan.ended is not None:
        if heading is None and row is not None and _is_header(row):
            # A second table (srun runs one dcgmi per task): a new run.
            scan.ended = None
            scan.section, scan.test, scan.in_detail = "diagnostic", None, False
            return []
        # Table lines again after text: the text was a table line cut or edited.
        raise refusal(file, scan.ended, "io.results.dcgmi.table_goes_on")
    scan.in_table = True  # from its first border, heading or row
    if heading:
        scan.section = _snake(heading.group(1))
        scan.test = None
        return []
    if row is None:
        return []  # a border
    return _diag_row(scan, number, line, row, file, node)


def _is_header(row: re.Match[str]) -> bool:
    """The table's header row ``| Diagnostic | Result |`` (a test may be named
    "Diagnostic": its result cell is a status, never "Result")."""
    return (
        row.group("name").lower() == "diagnostic"
        and row.group("result").lower() == "result"
    )


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
        raise refusal(file, number, "io.results.dcgmi.table_line", line=line[:60])
    if (name and not name[0].isalnum()) or _DCGM_RULE.search(result):
        # "-----  Deployment ..." read as a row: a section heading cut short.
        raise refusal(file, number, "io.results.dcgmi.table_line", line=line[:60])
    if _is_header(row):
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
    """A row without a name: a DCGM 3 status line of the test above (``Fail -
    GPU: 1``), a DCGM 4 ``GPU3: Pass`` line, or a wrapped line of a warning
    or of the result above."""
    if scan.test is None or scan.section == "metadata":
        return []
    metric = f"{scan.section}.{_snake(scan.test)}"
    entity = _DCGM4_ENTITY.fullmatch(result)
    if entity is not None:
        # DCGM 4: "GPU3: Pass" lines under the test's status (also after
        # its warning's wrapped text); other entities (CPU0) name no GPU.
        if entity.group("kind").upper() != "GPU":
            return []
        return [
            _status_measure(
                file,
                number,
                metric,
                _status_of(entity.group("status")),
                node,
                int(entity.group("id")),
            )
        ]
    if not scan.in_detail and _DCGM_STATUS.match(result):
        # DCGM 3: the next status of the same test, on its own line.
        return _dcgm_statuses(result, metric, file, number, node)
    if _DCGM4_GPU_STATUS.match(result) or (
        not scan.in_detail and _DCGM4_GPU_START.match(result)
    ):
        raise refusal(file, number, "io.results.dcgmi.gpu_result", result=result[:60])
    if _DCGM_CODE.fullmatch(result):
        return []  # the return code under a warned Diagnostic test
    return []  # a wrapped line of a warning or of the result above


# The rules the JSON reader (``results_dcgmi_json``) shares with this one.
status_measure = _status_measure
snake_name = _snake
missing_tests = _not_run
