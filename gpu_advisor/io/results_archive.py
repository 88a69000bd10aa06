"""Read the test kit's ``results_<host>.tar.gz`` archives without unpacking them.

Each regular member is read into memory (with the size cap of a result file)
and parsed like a file in a folder. Members the kit writes for people
(``*.info.txt``, ``*.md``, scripts) and hidden files are listed as skipped
with the reason; a ``*.log`` is read when a tool wrote it and listed as
skipped otherwise. An archive inside the archive (a vendor's bundle of the
kit's ``results_<host>.tar.gz``) is read one level deep, within the same
limits; deeper ones are listed, not read. Links, devices, FIFOs, absolute
names and names with ``..`` are refused and listed, never followed or written
anywhere: the archive is never extracted.
"""

from __future__ import annotations

import io
import tarfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Final

from gpu_advisor.io.results_parsers import (
    LOG_NOT_A_RESULT,
    LOG_SUFFIX,
    MAX_FILE_BYTES,
    ResultsImportError,
    SkippedFileError,
    not_a_tool_output,
    skip_reason,
)
from gpu_advisor.model.project import Measurement

ARCHIVE_SUFFIXES: Final = (".tar.gz", ".tgz")
"""File names read as kit archives."""

MAX_ARCHIVE_MEMBERS: Final = 20_000
"""Most members read from one archive (nested archives' members included)."""

MAX_ARCHIVE_BYTES: Final = 2 * 2**30
"""Most bytes (uncompressed, as the members declare) read from one archive,
nested archives' members included."""

MAX_ARCHIVE_DEPTH: Final = 1
"""Archives inside an archive read: one level (a bundle of the kit's archives)."""

Parser = Callable[[str, str, "str | None"], list[Measurement]]
Outcome = list[tuple[str, list[Measurement] | ResultsImportError]]


def _host_of(archive_name: str) -> str | None:
    stem = PurePosixPath(archive_name).name
    for suffix in ARCHIVE_SUFFIXES:
        if stem.lower().endswith(suffix):
            stem = stem[: -len(suffix)]
    if stem.startswith("results_") and len(stem) > len("results_"):
        return stem.removeprefix("results_")[:200]
    return None


def _member_problem(member: tarfile.TarInfo, limit: int) -> str | None:
    name = PurePosixPath(member.name)
    if name.is_absolute() or ".." in name.parts or "\\" in member.name:
        return "a path outside the archive: not read"
    if member.issym() or member.islnk():
        return "a link inside the archive: not read"
    if member.ischr() or member.isblk() or member.isfifo():
        return "a device or FIFO inside the archive: not read"
    if not member.isfile():
        return "not a regular file: not read"
    if member.size > limit:
        return f"larger than {limit} bytes"
    return None


def _archive_error(where: str, message: str) -> Outcome:
    """The outcome of an archive refused as a whole: one error naming it."""
    return [(where, ResultsImportError(where, None, message))]


@dataclass
class _Budget:
    """What one import of an archive (and its nested archives) has read."""

    members: int = 0
    declared_bytes: int = 0

    def take(self, member: tarfile.TarInfo) -> str | None:
        """Count a member; why reading stops, or None."""
        self.members += 1
        self.declared_bytes += max(member.size, 0)
        if self.members > MAX_ARCHIVE_MEMBERS:
            return f"more than {MAX_ARCHIVE_MEMBERS} members"
        if self.declared_bytes > MAX_ARCHIVE_BYTES:
            return f"more than {MAX_ARCHIVE_BYTES} bytes inside"
        return None


@dataclass(frozen=True)
class _Where:
    shown: str  # the archive's name as stored in measurements
    where: str  # the archive's name in messages
    default_node: str | None
    depth: int


def _read_member(
    archive: tarfile.TarFile,
    member: tarfile.TarInfo,
    at: _Where,
    parse: Parser,
    budget: _Budget,
) -> Outcome:
    """Parse one member (or, for a nested archive, each of its members)."""
    from gpu_advisor.io.results_import import decode_text

    member_where = f"{at.where}/{member.name}"
    member_shown = f"{at.shown}/{member.name}"
    base = PurePosixPath(member.name).name
    nested = base.lower().endswith(ARCHIVE_SUFFIXES)
    problem = _member_problem(member, MAX_ARCHIVE_BYTES if nested else MAX_FILE_BYTES)
    if problem is not None:
        return [(member_where, ResultsImportError(member_where, None, problem))]
    reason = None if nested else skip_reason(base)
    if reason is not None:
        return [(member_where, SkippedFileError(member_where, None, reason))]
    if nested and at.depth >= MAX_ARCHIVE_DEPTH:
        return [
            (
                member_where,
                ResultsImportError(
                    member_where,
                    None,
                    "an archive inside an archive inside an archive: not read "
                    "(one level of archives inside the kit's archive is read)",
                ),
            )
        ]
    handle = archive.extractfile(member)
    if handle is None:
        return [
            (
                member_where,
                ResultsImportError(member_where, None, "cannot read the member"),
            )
        ]
    if nested:
        inner = _Where(
            member_shown, member_where, _host_of(base) or at.default_node, at.depth + 1
        )
        return _read_tar(handle.read(MAX_ARCHIVE_BYTES + 1), inner, parse, budget)
    try:
        text = decode_text(handle.read(MAX_FILE_BYTES + 1), member_where)
        parent = PurePosixPath(member.name).parent.name
        node = parent if parent and parent not in ("results", ".") else at.default_node
        return [(member_where, parse(text, member_shown, node))]
    except ResultsImportError as exc:
        if base.lower().endswith(LOG_SUFFIX) and not_a_tool_output(exc.reason):
            return [
                (member_where, SkippedFileError(member_where, None, LOG_NOT_A_RESULT))
            ]
        return [
            (
                member_where,
                ResultsImportError(member_where, exc.line, exc.message, exc.words),
            )
        ]


def _read_tar(data: bytes, at: _Where, parse: Parser, budget: _Budget) -> Outcome:
    """Every member of the archive held in ``data``; a damaged one is one error."""
    out: Outcome = []
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:*") as archive:
            for member in archive:
                limit = budget.take(member)
                if limit is not None:
                    return _archive_error(at.where, limit)
                if member.isdir() or not PurePosixPath(member.name).name:
                    continue
                out.extend(_read_member(archive, member, at, parse, budget))
    except (tarfile.TarError, EOFError, OSError, ValueError, zlib.error) as exc:
        return _archive_error(
            at.where,
            f"not a readable .tar.gz archive, it ends or breaks before its last "
            f"member ({str(exc)[:120]})",
        )
    if not out:
        return _archive_error(at.where, "no result: the archive holds no files")
    return out


def read_archive(path: Path, shown: str, where: str, parse: Parser) -> Outcome:
    """Parse every result member of one kit archive (and of the archives in it).

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
        One entry per member (skipped members as
        :class:`~gpu_advisor.io.results_parsers.SkippedFileError`); a damaged
        archive gives one error for the archive itself.
    """
    from gpu_advisor.io.results_import import read_bytes_bounded

    try:
        # Reject FIFOs/devices and oversized archives before opening as tar.
        data = read_bytes_bounded(path, where, limit=MAX_ARCHIVE_BYTES)
    except ResultsImportError as exc:
        return [(where, exc)]
    return _read_tar(
        data, _Where(shown, where, _host_of(path.name), 0), parse, _Budget()
    )
