"""Read nccl-tests stdout (``all_reduce_perf`` and friends).

Format: ``README.md`` and ``doc/PERFORMANCE.md`` of
https://github.com/NVIDIA/nccl-tests (columns ``size count type redop root
time algbw busbw #wrong`` for out-of-place then in-place).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from gpu_advisor.io.results_parsers import (
    _DECIMAL,
    _float,
    _int,
    _measure,
    is_ascii_int,
    refusal,
)
from gpu_advisor.model.limits import MAX_MEASUREMENTS_PER_VENDOR
from gpu_advisor.model.project import Measurement, MeasurementStatus

MAX_NCCL_ROWS: Final = MAX_MEASUREMENTS_PER_VENDOR // 8
"""Most result rows read from one file (each gives eight figures; a vendor
holds at most ``MAX_MEASUREMENTS_PER_VENDOR``). A sweep from 8 B to 16 GiB
doubling is 32 rows; a 64 MiB file of rows would be 600,000 and take
gigabytes as figures, so it is refused while it is scanned."""

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
_NCCL_PERF = re.compile(r"\b(" + "|".join(_NCCL_OPS) + r")_perf(?:_mpi)?\b")
"""The binary in a command line: ``all_reduce_perf``, or ``all_reduce_perf_mpi``
(nccl-tests' MPI build name in some packages)."""

UNKNOWN_COLLECTIVE: Final = "unknown_collective"
"""Metric prefix of a run whose output names no collective (no ``Collective
test starting`` line, no ``<op>_perf`` command): never guessed from the
file's name or the reduction operator."""

_LAUNCHER_PREFIX = re.compile(
    r"^(?:\s*\([^()\n]{0,200}\)\s*)?"
    r"(?:\[[0-9]{1,6},[0-9]{1,6}\]<(?:stdout|stderr)>:"
    r"|\s*(?:P[0-9]{1,6}\s+)?\s*[0-9]{1,6}:\s)"
)
"""What a launcher puts before each line it relays: Open MPI's
``--tag-output`` ``[1,0]<stdout>:``, Ray/SkyPilot's ``(head, rank=0, pid=1)``
in front of it, srun's ``--label`` ``0: ``, padded to the width of the
largest task id (`` 0: `` when there are 10 tasks or more) and ``P0  0: ``
for a heterogeneous job (``_write_label``, SchedMD/slurm
``src/common/write_labelled_message.c``: ``"%*d: "`` and ``"P%u %*d: "``)."""
_NCCL_COMM = re.compile(
    r"\bnRanks\s+(?P<ranks>[0-9]{1,7})\s+nNodes\s+(?P<nodes>[0-9]{1,6})\b"
)
"""NCCL_DEBUG=INFO's communicator line (``comm 0x… rank 0 nRanks 16 nNodes 2
localRanks 8 localRank 0 MNNVL 0``, NCCL 2.19 on, ``src/init.cc``): how many
ranks and nodes, stated by NCCL itself when the output has no rank list."""
_NCCL_COMM_OLD = re.compile(r"\bnranks\s+(?P<ranks>[0-9]{1,7})\s+cudaDev\b")
"""Older NCCL's ``Init START``/``Init COMPLETE`` line (``rank 1 nranks 8 cudaDev
0 …``): the rank count only."""
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
_AVG_TAIL = re.compile(r"(?:(?P<unit>GB/s)\s*)?(?P<check>OK|FAILED)?", re.IGNORECASE)
"""After the average: an optional unit, and nccl-tests' ``OK``/``FAILED``
when ``NCCL_TESTS_MIN_BW`` is set (``writeResultFooter`` in src/util.cu)."""
_NCCL_OOB = re.compile(
    rf"^{_SEP}*Out{_SEP}+of{_SEP}+bounds{_SEP}+values[^A-Za-z0-9.+-]*(\S+)\s*(\S*)"
)
_NCCL_START = re.compile(
    rf"^{_SEP}*Collective{_SEP}+test{_SEP}+(?:starting|concluded){_SEP}*"
    r"(\w+?)(?:_perf)?(?:_mpi)?\s*$"
)
_NCCL_CHATTER = re.compile(r"\bNCCL\b|^\S+:[0-9]+:[0-9]+\s")
"""NCCL_DEBUG output (``host:pid:tid [dev] NCCL INFO ...``), which may interleave the table."""
_CONTROL_BYTES = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")
_NCCL_FAILURE = re.compile(r"(Test NCCL failure|Test CUDA failure|Test failure)")
_NCCL_TRACE = re.compile(r"^\.\.\s+\S+\s+pid\s+[0-9]+:\s+Test failure\b")
"""The trace nccl-tests prints as a run returns an error (``TESTCHECK``): after
the summary it follows wrong values or a bandwidth under ``NCCL_TESTS_MIN_BW``."""
_REDUCING_OPS: Final = frozenset({"sum", "prod", "max", "min", "avg", "premulsum"})


def strip_launcher(line: str) -> str:
    """``line`` without the tag a launcher puts in front of it (:data:`_LAUNCHER_PREFIX`).

    Examples
    --------
    >>> strip_launcher("(head, rank=0, pid=3808) [1,0]<stdout>:# Avg bus bandwidth : 1")
    '# Avg bus bandwidth : 1'
    """
    match = _LAUNCHER_PREFIX.match(line)
    return line[match.end() :] if match else line


def looks_like_nccl(text: str) -> bool:
    """True when ``text`` is nccl-tests stdout (also behind a launcher's tags)."""
    head = text[:8000]
    if any(
        marker in head
        for marker in (
            "# nThread",
            "# Collective test starting",
            "# nccl-tests version",
        )
    ):
        return True
    lines = [strip_launcher(line).strip() for line in head.splitlines()]
    if any(_NCCL_TABLE_HEADER.match(line) for line in lines):
        return True
    # A paste of the rows and the summary only (no header): the average line
    # and a result row are nccl-tests' own.
    return any(_NCCL_AVG.match(line) for line in lines) and any(
        _nccl_row(line.split()) for line in lines
    )


def _nccl_op(text: str, named: str | None) -> str:
    """Which collective, as the output says: the ``Collective test starting`` (or
    ``concluded``) line, else the ``<op>_perf`` binary of a command line in the
    file; :data:`UNKNOWN_COLLECTIVE` when it says neither.

    The file's name and the reduction operator are not evidence: ``run2.txt``
    may hold any collective, and ``sum`` is also reduce and reduce_scatter.
    """
    if named:
        return named
    perf = _NCCL_PERF.search(text[:20000])
    if perf:
        return perf.group(1)
    return UNKNOWN_COLLECTIVE


NOT_STATED_COLLECTIVE: Final = "collective"
NOT_STATED_NODES: Final = "nodes"


def not_stated(measurements: Iterable[Measurement]) -> dict[str, tuple[str, ...]]:
    """Per nccl-tests file, the facts of the run its output does not state.

    :data:`NOT_STATED_COLLECTIVE` when it names no collective (metrics under
    :data:`UNKNOWN_COLLECTIVE`), :data:`NOT_STATED_NODES` when it has neither
    a rank list nor NCCL's ``nRanks … nNodes …`` line (no ``<op>.nodes``).
    The UI and CLI ask the person for these; they are never guessed from a
    file's name, and a missing node count is not one node.

    Examples
    --------
    >>> from gpu_advisor.model.project import Measurement
    >>> m = Measurement(tool="nccl-tests", metric="unknown_collective.avg_busbw",
    ...                 value=1.0, unit="GB/s", file="run2.txt")
    >>> not_stated([m])
    {'run2.txt': ('collective', 'nodes')}
    """
    files: dict[str, list[Measurement]] = {}
    for m in measurements:
        if m.tool == "nccl-tests":
            files.setdefault(m.file, []).append(m)
    out: dict[str, tuple[str, ...]] = {}
    for file, rows in files.items():
        missing = []
        if any(m.metric.startswith(UNKNOWN_COLLECTIVE + ".") for m in rows):
            missing.append(NOT_STATED_COLLECTIVE)
        if not any(m.metric.endswith(".nodes") for m in rows):
            missing.append(NOT_STATED_NODES)
        if missing:
            out[file] = tuple(missing)
    return out


def _nccl_row(fields: list[str]) -> bool:
    """True for the fields of a result row, size and count first: 12 or 13
    columns, 15 with a timestamp (``-Z``-style ``report_timestamps``), 21 with
    nccl-tests' per-iteration statistics (i_min i_max i_p99 i_cv% per place)."""
    width = len(fields)
    if width in (15, 23) and not _TIMESTAMP.fullmatch(" ".join(fields[-2:])):
        return False
    return width in _ROW_WIDTHS and is_ascii_int(fields[0]) and is_ascii_int(fields[1])


_ROW_WIDTHS: Final = (12, 13, 15, 21, 23)
_TIMESTAMP = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}")
"""``writeTimestamp`` (src/util.cu): ``%Y-%m-%d %H:%M:%S`` after a row."""


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
        for i in range(max(len(fields) - 23, 0), len(fields) - 11)
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
    ...     "# Collective test starting: all_reduce_perf\\n"
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
    stripped = [strip_launcher(_CONTROL_BYTES.sub(" ", raw)).strip() for raw in lines]
    runs = _runs(stripped)
    out: list[Measurement] = []
    rows_read = 0
    for index, (start, end, context, context_end) in enumerate(runs):
        scan = _NcclScan()
        for number in range(start + 1, end + 1):
            if stripped[number - 1]:
                _scan_line(scan, number, stripped[number - 1], file)
        rows_read += len(scan.rows)
        if rows_read > MAX_NCCL_ROWS:  # checked before any row becomes figures
            raise refusal(
                file, end, "io.safe_read.too_many_results", limit=MAX_NCCL_ROWS
            )
        widths, avg = _complete_table(scan, file, end)
        op = _nccl_op("\n".join(stripped[context:context_end]), scan.op)
        # The host of rank 0 (where the test was launched); ``<op>.nodes``
        # counts every host of the rank list.
        run_node = scan.hosts[0][:200] if scan.hosts else node
        rows = _row_measurements(scan.rows, widths, op, file, run_node)
        run = [*rows, *_summary_measurements(scan, avg, op, file, run_node)]
        if not any(m.metric.endswith((".wrong", ".error")) for m in rows):
            run = _unchecked(run)
        if len(runs) > 1:
            # several runs in one file: ``sample`` says which run a figure is of
            run = [m.model_copy(update={"sample": index}) for m in run]
        out.extend(run)
    return out


def _unchecked(run: list[Measurement]) -> list[Measurement]:
    """A run without data checking (``-c 0``, ``validation: 0``: every #wrong
    cell ``N/A``) still prints ``Out of bounds values : 0 OK``; that count
    checked nothing, so its status is ``skip`` (not tested), never a pass."""
    return [
        m.model_copy(update={"status": "skip"})
        if m.metric.endswith(".out_of_bounds")
        else m
        for m in run
    ]


_RUN_START = re.compile(
    rf"^{_SEP}*(?:nccl-tests{_SEP}+version\b|Collective{_SEP}+test{_SEP}+starting\b"
    rf"|nThread{_SEP}+[0-9])"
)
"""The first lines nccl-tests prints for a run (version, ``Collective test
starting``, ``# nThread``): after a summary, a new run begins."""


def _runs(stripped: list[str]) -> list[tuple[int, int, int, int]]:
    """Each run of an nccl-tests binary in the file: (first line, end, and the
    span of lines that may name its collective), 0-based indexes, ends
    exclusive.

    A log of several runs (a script running each collective into one file)
    is read run by run: a run starts at its first header line after the
    previous run's ``# Avg bus bandwidth`` line; lines between that summary
    and the header (the next command line) name the next run's collective,
    not the previous one's.

    Examples
    --------
    >>> _runs(["# nThread 1", "8 2 float", "# Avg bus bandwidth : 1",
    ...        "$ ./all_gather_perf", "# nThread 1", "8 2 float", "# Avg bus bandwidth : 2"])
    [(0, 4, 0, 3), (4, 7, 3, 7)]
    """
    runs: list[tuple[int, int, int, int]] = []
    start, context, summary = 0, 0, None
    for index, line in enumerate(stripped):
        if summary is not None and _RUN_START.match(line):
            runs.append((start, index, context, summary + 1))
            start, context, summary = index, summary + 1, None
        elif _NCCL_AVG.match(line):
            summary = index
    runs.append((start, len(stripped), context, len(stripped)))
    return runs


@dataclass
class _NcclScan:
    """What one pass over an nccl-tests output has found so far.

    Attributes
    ----------
    hosts : list of str
        Hosts of the rank lines, in order of first appearance. [-]
    ranks : int
        Rank lines read. [1]
    rows : list of (int, list of str)
        Result rows with their line numbers. [-]
    avg, oob : (int, float) or None
        Line and value of the average bus bandwidth [GB/s] and of the
        out-of-bounds count [1]. [-]
    avg_check, oob_check : str or None
        nccl-tests' ``OK`` (pass) or ``FAILED`` (fail) after the average
        (with ``NCCL_TESTS_MIN_BW``) and after the out-of-bounds count. [-]
    in_table : bool
        Inside the result table (between its header and the summary). [-]
    op : str or None
        The collective the ``Collective test starting`` line names. [-]
    failed_after : int or None
        Line of the ``Test failure`` trace printed after the summary (the
        run completed and returned an error: wrong values or low bandwidth). [-]
    rank_ids : list of int
        The rank numbers of the rank lines, in order. [-]
    comm_ranks, comm_nodes : int or None
        The largest rank and node counts NCCL_DEBUG=INFO's communicator
        lines state (:data:`_NCCL_COMM`); used when there is no rank list. [1]
    """

    hosts: list[str] = field(default_factory=list)
    ranks: int = 0
    rows: list[tuple[int, list[str]]] = field(default_factory=list)
    avg: tuple[int, float] | None = None
    avg_check: MeasurementStatus | None = None
    oob: tuple[int, float] | None = None
    oob_check: MeasurementStatus | None = None
    in_table: bool = False
    op: str | None = None
    failed_after: int | None = None
    comm_ranks: int | None = None
    comm_nodes: int | None = None
    rank_ids: list[int] = field(default_factory=list)


def _scan_line(scan: _NcclScan, number: int, stripped: str, file: str) -> None:
    """Read one non-blank line into ``scan``; refuse a crashed run and damage."""
    if _NCCL_FAILURE.search(stripped):
        if scan.avg is not None:
            # After the summary the run is complete; nccl-tests returns an
            # error (and prints this trace) for wrong values or a bandwidth
            # under NCCL_TESTS_MIN_BW, both read from the summary.
            scan.failed_after = scan.failed_after or number
            return
        raise refusal(file, number, "io.results.nccl.crashed", line=stripped[:200])
    start = _NCCL_START.match(stripped)
    if start:
        scan.op = scan.op or start.group(1)
        return
    chatter = _NCCL_CHATTER.search(stripped) is not None
    if chatter:
        _comm_line(scan, stripped)
    found_ranks = [] if chatter else list(_NCCL_RANK.finditer(stripped))
    if not chatter and len(found_ranks) != len(_NCCL_RANK_START.findall(stripped)):
        raise refusal(file, number, "io.results.nccl.rank_line", line=stripped[:80])
    if found_ranks:
        for rank in found_ranks:
            scan.ranks += 1
            scan.rank_ids.append(int(rank.group(1)))
            if rank.group(2) not in scan.hosts:
                scan.hosts.append(rank.group(2))
        return
    if not _summary_line(scan, number, stripped, file):
        _table_line(scan, number, stripped, chatter, file)


def _comm_line(scan: _NcclScan, stripped: str) -> None:
    """Keep the rank and node counts an NCCL_DEBUG=INFO communicator line states."""
    comm = _NCCL_COMM.search(stripped)
    old = _NCCL_COMM_OLD.search(stripped) if comm is None else None
    if comm is not None:
        scan.comm_nodes = max(scan.comm_nodes or 0, int(comm.group("nodes")))
    found = comm or old
    if found is not None:
        scan.comm_ranks = max(scan.comm_ranks or 0, int(found.group("ranks")))


def _summary_line(scan: _NcclScan, number: int, stripped: str, file: str) -> bool:
    """Read the average bus bandwidth or the out-of-bounds count; False for other lines."""
    avg_match = _NCCL_AVG.match(stripped)
    if avg_match:
        tail = _AVG_TAIL.fullmatch(avg_match.group(2).strip())
        if tail is None:
            raise refusal(file, number, "io.results.nccl.average", line=stripped[:80])
        scan.avg = (
            number,
            _float(avg_match.group(1), file, number, "avg bus bandwidth"),
        )
        scan.avg_check = _check(tail.group("check"))
        scan.in_table = False
        return True
    oob_match = _NCCL_OOB.match(stripped)
    if oob_match:
        count = float(_int(oob_match.group(1), file, number, "out of bounds values"))
        word = oob_match.group(2)
        if word and word.upper() not in ("OK", "FAILED"):
            raise refusal(
                file, number, "io.results.nccl.out_of_bounds", line=stripped[:80]
            )
        scan.oob = (number, count)
        scan.oob_check = _check(word) or ("fail" if count else "pass")
        scan.in_table = False
        return True
    return False


def _check(word: str | None) -> MeasurementStatus | None:
    """nccl-tests' ``OK`` → pass, ``FAILED`` → fail, nothing → None."""
    if not word:
        return None
    return "pass" if word.upper() == "OK" else "fail"


def _table_line(
    scan: _NcclScan, number: int, stripped: str, chatter: bool, file: str
) -> None:
    """A comment, a result row, or noise; inside the table, damage refuses the file."""
    fields = stripped.split()
    if stripped.startswith("#"):
        if _NCCL_TABLE_HEADER.match(stripped):
            scan.in_table = True
        elif _holds_nccl_row(stripped.lstrip("#").split()):
            raise refusal(file, number, "io.results.nccl.row_in_comment")
        return
    if _nccl_row(fields):
        if len(scan.rows) >= MAX_NCCL_ROWS:
            raise refusal(
                file, number, "io.safe_read.too_many_results", limit=MAX_NCCL_ROWS
            )
        scan.rows.append((number, fields))
        scan.in_table = scan.avg is None
    elif scan.in_table and (
        _holds_nccl_row(fields) or (not chatter and _row_part(fields))
    ):
        # Inside the table a line that is part of a result row (it starts
        # with a number, or is mostly numbers) is a row cut, joined or
        # edited; NCCL_DEBUG chatter and launcher warnings are not results.
        raise refusal(file, number, "io.results.nccl.row", columns=len(fields))
    # Anything else is launcher noise before or after the table: not a result.


def _complete_table(
    scan: _NcclScan, file: str, line_count: int
) -> tuple[set[int], tuple[int, float]]:
    """The width of the result rows and the average's (line, value); refuse a run
    without rows, without its average (interrupted) or with rows of different widths."""
    if not scan.rows:
        raise refusal(file, max(line_count, 1), "io.results.nccl.no_rows")
    if scan.avg is None:
        last_line, last = scan.rows[-1]
        raise refusal(
            file,
            line_count,
            "io.results.nccl.interrupted",
            size=_size_text(last[0]),
            row_line=last_line,
        )
    _one_run(scan, file)
    widths = {len(fields) for _, fields in scan.rows}
    if len(widths) != 1:
        raise refusal(file, scan.rows[-1][0], "io.results.nccl.widths")
    return widths, scan.avg


def _one_run(scan: _NcclScan, file: str) -> None:
    """Refuse the output of several independent runs mixed together.

    nccl-tests built without ``MPI=1`` and started by ``mpirun -np N`` runs N
    separate one-GPU tests: each prints its own header (rank 0 again and
    again) and its rows, interleaved; no collective across GPUs is measured
    and the bus bandwidth of a one-rank test is 0 (NVIDIA/nccl-tests#294).
    Within one run the sizes only grow, or start again at the smallest
    (``-N`` cycles): a smaller size that is not the smallest is another
    run's row.
    """
    repeated = {r for r in scan.rank_ids if scan.rank_ids.count(r) > 1}
    if repeated:
        rank = min(repeated)
        raise refusal(
            file,
            1,
            "io.results.nccl.repeated_rank",
            rank=rank,
            times=scan.rank_ids.count(rank),
        )
    sizes = [(number, int(fields[0])) for number, fields in scan.rows]
    smallest = min(size for _, size in sizes)
    for (_, before), (number, size) in itertools.pairwise(sizes):
        if size < before and size != smallest:
            raise refusal(
                file,
                number,
                "io.results.nccl.interleaved",
                size=_size_text(str(size)),
                before=_size_text(str(before)),
            )


def _size_text(size: str) -> str:
    """A row's message size as a person reads it: ``1048576`` → ``1 MiB``.

    Examples
    --------
    >>> _size_text("1048576"), _size_text("8"), _size_text("3000")
    ('1 MiB', '8 B', '3000 B')
    """
    value = int(size) if is_ascii_int(size) else 0
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if value >= scale and value % scale == 0:
            return f"{value // scale} {unit}"
    return f"{size} B"


def _row_measurements(
    rows: list[tuple[int, list[str]]],
    widths: set[int],
    op: str,
    file: str,
    node: str | None,
) -> list[Measurement]:
    """Time [us], algbw and busbw [GB/s] and #wrong of each row, out of place and in place."""
    out: list[Measurement] = []
    # 13 columns: size count type redop root, then time algbw busbw #wrong twice.
    # 12 columns (before nccl-tests 2.10): no root, an "error" column instead of #wrong.
    # 15 and 23: a timestamp (two fields) after the row.
    # 21: per-iteration timing, i_min i_max i_p99 [us] and i_cv [%] after each place.
    old = widths == {12}
    per_iteration = bool(widths & {21, 23})
    places = (
        (("out_of_place", 4), ("in_place", 8))
        if old
        else (
            ("out_of_place", 5),
            ("in_place", 13 if per_iteration else 9),
        )
    )
    last_name, last_unit = ("error", "max rel error") if old else ("wrong", "count")
    units = [
        ("time", "us"),
        ("algbw", "GB/s"),
        ("busbw", "GB/s"),
        (last_name, last_unit),
    ]
    if per_iteration:
        units += [("i_min", "us"), ("i_max", "us"), ("i_p99", "us"), ("i_cv", "%")]
    for number, fields in rows:
        size_bytes = _int(fields[0], file, number, "size")
        for place, start in places:
            for offset, (name, unit) in enumerate(units):
                cell = fields[start + offset].rstrip("%")
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
    return out


def _summary_measurements(
    scan: _NcclScan, avg: tuple[int, float], op: str, file: str, node: str | None
) -> list[Measurement]:
    """``<op>.avg_busbw`` (status: nccl-tests' OK/FAILED against
    ``NCCL_TESTS_MIN_BW`` when it printed one), ``<op>.out_of_bounds`` (status
    pass for 0 / OK, fail for FAILED: a completed run that reported wrong
    values), and from the rank list ``<op>.ranks`` and ``<op>.nodes``.

    Without a rank list, the counts NCCL_DEBUG=INFO's communicator lines
    state (``nRanks 16 nNodes 2``); without either the node count is not
    stated and ``<op>.nodes`` is left out (:func:`not_stated`): it is never
    taken to be one node.
    """
    summary: list[tuple[int, str, float, str, MeasurementStatus | None]] = [
        (avg[0], "avg_busbw", avg[1], "GB/s", scan.avg_check)
    ]
    if scan.oob is not None:
        summary.append(
            (scan.oob[0], "out_of_bounds", scan.oob[1], "count", scan.oob_check)
        )
    ranks = scan.ranks or scan.comm_ranks
    nodes = len(scan.hosts) if scan.ranks else scan.comm_nodes
    if ranks:
        summary.append((1, "ranks", float(ranks), "count", None))
    if nodes:
        summary.append((1, "nodes", float(nodes), "count", None))
    return [
        _measure(
            file,
            number,
            tool="nccl-tests",
            metric=f"{op}.{name}",
            value=value,
            unit=unit,
            node=node,
            status=status,
        )
        for number, name, value, unit, status in summary
    ]
