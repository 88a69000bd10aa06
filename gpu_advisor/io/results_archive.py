"""Read the test kit's ``results_<host>.tar.gz`` archives without unpacking them.

Each regular member is read into memory (with the size cap of a result file)
and parsed like a file in a folder; members the kit writes for people
(``*.info.txt``, ``*.log``, ``*.md``, scripts) are skipped as in a folder.
Links, devices, FIFOs, absolute names and names with ``..`` are refused and
listed, never followed or written anywhere: the archive is never extracted.
"""

from __future__ import annotations

import tarfile
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import Final

from gpu_advisor.io.results_parsers import MAX_FILE_BYTES, ResultsImportError
from gpu_advisor.model.project import Measurement

ARCHIVE_SUFFIXES: Final = (".tar.gz", ".tgz")
"""File names read as kit archives."""

MAX_ARCHIVE_MEMBERS: Final = 20_000
"""Most members read from one archive."""

MAX_ARCHIVE_BYTES: Final = 2 * 2**30
"""Most bytes (uncompressed, as the members declare) read from one archive."""

_SKIPPED_SUFFIXES: Final = (
    ".info.txt",
    ".log",
    ".md",
    ".sh",
    ".py",
    ".sbatch",
    ".yaml",
)

Parser = Callable[[str, str, "str | None"], list[Measurement]]
Outcome = list[tuple[str, list[Measurement] | ResultsImportError]]


def _host_of(archive_name: str) -> str | None:
    stem = archive_name
    for suffix in ARCHIVE_SUFFIXES:
        if stem.lower().endswith(suffix):
            stem = stem[: -len(suffix)]
    if stem.startswith("results_") and len(stem) > len("results_"):
        return stem.removeprefix("results_")[:200]
    return None


def _member_problem(member: tarfile.TarInfo) -> str | None:
    name = PurePosixPath(member.name)
    if name.is_absolute() or ".." in name.parts or "\\" in member.name:
        return "a path outside the archive: not read"
    if member.issym() or member.islnk():
        return "a link inside the archive: not read"
    if member.ischr() or member.isblk() or member.isfifo():
        return "a device or FIFO inside the archive: not read"
    if not member.isfile():
        return "not a regular file: not read"
    if member.size > MAX_FILE_BYTES:
        return f"larger than {MAX_FILE_BYTES} bytes"
    return None


def _archive_error(where: str, message: str) -> Outcome:
    """The outcome of an archive refused as a whole: one error naming it."""
    return [(where, ResultsImportError(where, None, message))]


def _limit_problem(count: int, declared_bytes: int) -> str | None:
    """Why reading stops after ``count`` members declaring ``declared_bytes``."""
    if count > MAX_ARCHIVE_MEMBERS:
        return f"more than {MAX_ARCHIVE_MEMBERS} members"
    if declared_bytes > MAX_ARCHIVE_BYTES:
        return f"more than {MAX_ARCHIVE_BYTES} bytes inside"
    return None


def _is_skipped(member: tarfile.TarInfo) -> bool:
    """Folders, hidden files and the files the kit writes for people."""
    base = PurePosixPath(member.name).name
    if member.isdir() or not base:
        return True
    return base.startswith(".") or base.lower().endswith(_SKIPPED_SUFFIXES)


def _read_member(
    archive: tarfile.TarFile,
    member: tarfile.TarInfo,
    *,
    shown: str,
    where: str,
    default_node: str | None,
    parse: Parser,
) -> tuple[str, list[Measurement] | ResultsImportError]:
    """Parse one member; ``shown`` and ``where`` name the archive as in read_archive."""
    from gpu_advisor.io.results_import import decode_text

    member_where = f"{where}/{member.name}"
    member_shown = f"{shown}/{member.name}"
    problem = _member_problem(member)
    if problem is not None:
        return (member_where, ResultsImportError(member_where, None, problem))
    handle = archive.extractfile(member)
    if handle is None:
        return (
            member_where,
            ResultsImportError(member_where, None, "cannot read the member"),
        )
    try:
        text = decode_text(handle.read(MAX_FILE_BYTES + 1), member_where)
        parent = PurePosixPath(member.name).parent.name
        node = parent if parent and parent not in ("results", ".") else default_node
        return (member_where, parse(text, member_shown, node))
    except ResultsImportError as exc:
        return (
            member_where,
            ResultsImportError(member_where, exc.line, exc.message),
        )


def read_archive(path: Path, shown: str, where: str, parse: Parser) -> Outcome:
    """Parse every result member of one kit archive.

    Parameters
    ----------
    path : Path
        The ``.tar.gz`` file.
    shown : str
        Its name as stored in measurements (``vendor/results_n1.tar.gz``).
    where : str
        Its name in messages.
    parse : callable
        ``parse(text, file, node)`` for one member (``parse_text``).

    Returns
    -------
    list of (name, measurements or error)
        One entry per member that is not skipped; a damaged archive gives
        one error for the archive itself.
    """
    from gpu_advisor.io.results_import import read_bytes_bounded

    default_node = _host_of(path.name)
    out: Outcome = []
    try:
        # Reject FIFOs/devices and oversized archives before opening as tar.
        data = read_bytes_bounded(path, where, limit=MAX_ARCHIVE_BYTES)
    except ResultsImportError as exc:
        return [(where, exc)]
    import io

    declared = 0
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:*") as archive:
            for count, member in enumerate(archive, start=1):
                declared += max(member.size, 0)
                limit = _limit_problem(count, declared)
                if limit is not None:
                    return _archive_error(where, limit)
                if not _is_skipped(member):
                    out.append(
                        _read_member(
                            archive,
                            member,
                            shown=shown,
                            where=where,
                            default_node=default_node,
                            parse=parse,
                        )
                    )
    except (tarfile.TarError, EOFError, OSError, ValueError) as exc:
        return _archive_error(where, f"not a readable .tar.gz archive ({exc})")
    if not out:
        return _archive_error(where, "the archive holds no result files")
    return out
