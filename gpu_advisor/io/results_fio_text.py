"""Read fio's normal (text) output: bandwidth, IOPS and latency per job and direction.

Format: ``show_thread_status_normal`` and ``show_ddir_status`` in fio's
``stat.c`` (axboe/fio). fio 3 prints a direction as
``  write: IOPS=4801, BW=18.8MiB/s (19.7MB/s)(22.0MiB/1173msec)``, fio 2 as
``  read : io=4096.0MB, bw=611058KB/s, iops=152764, runt=  6864msec`` (its
``KB`` is 1024 bytes: ``kb_base`` 1024); completion-latency percentiles follow
as ``clat percentiles (usec):`` and ``|  1.00th=[   68], …`` lines, in the unit
the header names. The measurements are those of the JSON reader
(:func:`gpu_advisor.io.results_fio.parse_fio`): ``<job>.<dir>.bw`` [GB/s],
``.iops`` [IO/s], ``.clat_p50`` and ``.clat_p99`` [us].
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from gpu_advisor.io.results_parsers import _float, _measure, refusal
from gpu_advisor.model.project import Measurement

_JOB = re.compile(
    r"^(?P<name>\S.*?): \(groupid=(?P<group>[0-9]+), jobs=(?P<jobs>[0-9]+)\): "
    r"err=\s*(?P<err>-?[0-9]+)"
)
_DIR3 = re.compile(
    r"^\s+(?P<dir>read|write|trim|mixed)\s*:\s*IOPS=(?P<iops>[0-9.]+[kMG]?),\s*"
    r"BW=(?P<bw>[0-9.]+)(?P<unit>[A-Za-z]*/s)"
    r"(?:\s*\((?P<alt>[0-9.]+)(?P<alt_unit>[A-Za-z]*/s)\))?"
)
"""fio 3: ``  write: IOPS=4801, BW=18.8MiB/s (19.7MB/s)(22.0MiB/1173msec)``."""
_DIR2 = re.compile(
    r"^\s+(?P<dir>read|write|trim|mixed)\s*:\s*io=\s*\S+,\s*"
    r"bw=\s*(?P<bw>[0-9.]+)(?P<unit>[A-Za-z]*/s),\s*iops=\s*(?P<iops>[0-9.]+[kKmM]?)\s*,"
)
"""fio 2: ``  read : io=4096.0MB, bw=611058KB/s, iops=152764, runt=  6864msec``."""
_DIR_START = re.compile(r"^\s+(?:read|write|trim|mixed)\s*:\s*(?:IOPS|io)=")
_PCT_HEAD = re.compile(r"^\s+(?P<kind>c?lat) percentiles \((?P<unit>nsec|usec|msec)\):")
_PCT_ROW = re.compile(r"^\s+\|")
_PCT_CELL = re.compile(r"(?P<point>[0-9.]+)th=\[\s*(?P<value>[0-9]+)\s*\]")

_TO_US: Final = {"nsec": 1e-3, "usec": 1.0, "msec": 1e3}

_DECIMAL_BYTES: Final = {"": 1, "k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}
_BINARY_BYTES: Final = {
    "": 1,
    "K": 2**10,
    "k": 2**10,
    "M": 2**20,
    "G": 2**30,
    "T": 2**40,
}
_UNIT = re.compile(r"(?P<prefix>[kKMGT]?)(?P<binary>i?)(?P<what>B|bit)/s")
_COUNT_SUFFIX: Final = {"": 1.0, "k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6, "G": 1e9}


def looks_like_fio_text(text: str) -> bool:
    """True when ``text`` holds a job report of fio's normal output."""
    head = text[:20000]
    return any(_JOB.match(line) for line in head.splitlines()) and any(
        _DIR_START.match(line) for line in head.splitlines()
    )


def _bytes_per_s(number: str, unit: str, *, fio2: bool, file: str, line: int) -> float:
    """A bandwidth as fio prints it, in B/s (fio 2's ``KB`` is 1024 bytes)."""
    match = _UNIT.fullmatch(unit)
    if match is None:
        raise refusal(file, line, "io.results.fio.unit", unit=unit)
    prefix, binary = match.group("prefix"), match.group("binary") == "i"
    scale = _BINARY_BYTES if binary or fio2 else _DECIMAL_BYTES
    value = _float(number, file, line, "fio bandwidth") * scale[prefix]
    return value / 8 if match.group("what") == "bit" else value


def _count(text: str, file: str, line: int) -> float:
    """An IOPS figure: ``4801``, ``65.8k``."""
    suffix = text[-1] if text[-1].isalpha() else ""
    number = text[: len(text) - len(suffix)]
    return _float(number, file, line, "fio IOPS") * _COUNT_SUFFIX[suffix]


@dataclass
class _Scan:
    job: str | None = None
    direction: str | None = None
    percentiles: tuple[str, float] | None = None  # (kind, factor to us)
    out: list[tuple[int, str, float, str]] = field(default_factory=list)


def parse_fio_text(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read fio's normal output (fio 2 and 3): per job and direction, bandwidth,
    IOPS and the completion-latency p50 and p99.

    Examples
    --------
    >>> out = parse_fio_text(
    ...     "w: (groupid=0, jobs=1): err= 0: pid=1\\n"
    ...     "  write: IOPS=4801, BW=18.8MiB/s (19.7MB/s)(22.0MiB/1173msec)\\n"
    ...     "    clat percentiles (nsec):\\n"
    ...     "     | 50.00th=[12608], 99.00th=[23168]\\n", "f.txt", "n1")
    >>> [(m.metric, m.value, m.unit) for m in out]
    [('w.write.bw', 0.0197, 'GB/s'), ('w.write.iops', 4801.0, 'IO/s'), ('w.write.clat_p50', 12.608, 'us'), ('w.write.clat_p99', 23.168, 'us')]
    """
    scan = _Scan()
    for number, raw in enumerate(text.splitlines(), start=1):
        _line(scan, number, raw.rstrip(), file)
    if not scan.out:
        raise refusal(file, 1, "io.results.fio.report_no_data")
    return [
        _measure(
            file,
            number,
            tool="fio",
            metric=metric[:128],
            value=value,
            unit=unit,
            node=node,
        )
        for number, metric, value, unit in scan.out
    ]


def _line(scan: _Scan, number: int, line: str, file: str) -> None:
    job = _JOB.match(line)
    if job:
        if int(job.group("err")):
            raise refusal(
                file,
                number,
                "io.results.fio.job_error",
                job=job.group("name"),
                error=job.group("err"),
            )
        scan.job, scan.direction, scan.percentiles = job.group("name"), None, None
        return
    if scan.job is None:
        return
    if _DIR_START.match(line):
        _direction(scan, number, line, file)
        return
    head = _PCT_HEAD.match(line)
    if head and scan.direction is not None:
        scan.percentiles = (head.group("kind"), _TO_US[head.group("unit")])
        return
    if scan.percentiles is not None and _PCT_ROW.match(line):
        kind, to_us = scan.percentiles
        for cell in _PCT_CELL.finditer(line):
            label = {"50.00": "p50", "99.00": "p99"}.get(cell.group("point"))
            if label:
                scan.out.append(
                    (
                        number,
                        f"{scan.job}.{scan.direction}.{kind}_{label}",
                        float(cell.group("value")) * to_us,
                        "us",
                    )
                )
        return
    scan.percentiles = None


def _direction(scan: _Scan, number: int, line: str, file: str) -> None:
    """A direction's summary line: its bandwidth [GB/s] and IOPS."""
    three, two = _DIR3.match(line), _DIR2.match(line)
    if three:
        if three.group("alt") and not _UNIT.fullmatch(three.group("alt_unit") or ""):
            raise refusal(file, number, "io.results.fio.line", line=line[:80])
        # the decimal figure of the two (19.7MB/s of "18.8MiB/s (19.7MB/s)")
        pick = (
            ("alt", "alt_unit")
            if three.group("alt") and "i" not in three.group("alt_unit")
            else ("bw", "unit")
        )
        bw = _bytes_per_s(
            three.group(pick[0]),
            three.group(pick[1]),
            fio2=False,
            file=file,
            line=number,
        )
        iops = _count(three.group("iops"), file, number)
        direction = three.group("dir")
    elif two:
        bw = _bytes_per_s(
            two.group("bw"), two.group("unit"), fio2=True, file=file, line=number
        )
        iops = _count(two.group("iops"), file, number)
        direction = two.group("dir")
    else:
        raise refusal(file, number, "io.results.fio.line", line=line[:80])
    scan.direction, scan.percentiles = direction, None
    prefix = f"{scan.job}.{direction}"
    scan.out.append((number, f"{prefix}.bw", bw / 1e9, "GB/s"))
    scan.out.append((number, f"{prefix}.iops", iops, "IO/s"))
