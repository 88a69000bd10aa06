"""Read the test kit's ``results_<host>.tar.gz`` archives without unpacking them.

Each regular member is read into memory (with the size cap of a result file)
and parsed like a file in a folder. Members the kit writes for people
(``*.info.txt``, ``*.md``, scripts) and hidden files are listed as skipped
with the reason; a ``*.log`` is read when a tool wrote it and listed as
skipped otherwise. An archive inside the archive (a vendor's bundle of the
kit's ``results_<host>.tar.gz``, or the whole kit folder packed with them) is
read up to :data:`MAX_ARCHIVE_DEPTH` levels deep, within the same limits;
deeper ones are listed, not read. ``.tar``, ``.tar.gz``, ``.tgz``,
``.tar.bz2``, ``.tar.xz`` and ``.zip`` are read. A result that the same
archive holds twice (the kit's ``results/<host>/`` folder packed next to its
``results_<host>.tar.gz``) is read once and the copy listed as skipped. Links,
devices, FIFOs, absolute names, names with ``..`` and encrypted zip members
are refused and listed, never followed or written anywhere: the archive is
never extracted.
"""

from __future__ import annotations

import hashlib
import io
import stat
import tarfile
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Final

from gpu_advisor.io.results_parsers import (
    LOG_NOT_A_RESULT,
    LOG_SUFFIX,
    MAX_FILE_BYTES,
    ResultsImportError,
    SkippedFileError,
    not_a_tool_output,
    refusal,
    skip_reason,
)
from gpu_advisor.model.common import Message, Param
from gpu_advisor.model.project import Measurement
from gpu_advisor.words import say

ARCHIVE_SUFFIXES: Final = (
    ".tar.gz",
    ".tgz",
    ".tar",
    ".tar.bz2",
    ".tbz2",
    ".tar.xz",
    ".txz",
    ".zip",
)
"""File names read as archives (the kit writes ``.tar.gz``; people repack)."""

MAX_ARCHIVE_MEMBERS: Final = 20_000
"""Most members read from one archive (nested archives' members included)."""

MAX_ARCHIVE_BYTES: Final = 512 * 2**20
"""Most bytes (uncompressed, as the members declare) read from one archive,
nested archives' members included; also the most an archive file may take on
disk, checked before it is read. A node's results are a few MB; 2 GiB let an
8 MB ``.tar.gz`` of repeated rows keep the import busy for minutes (issue #33)."""

MAX_ARCHIVE_DEPTH: Final = 2
"""Archives inside an archive read: two levels (a vendor's bundle of the packed
kit folder, which holds the nodes' ``results_<host>.tar.gz``)."""

Parser = Callable[[str, str, "str | None"], list[Measurement]]
Outcome = list[tuple[str, list[Measurement] | ResultsImportError]]


def _host_of(archive_name: str) -> str | None:
    """The node an archive's name gives (``results_<host>.tar.gz``), or None.

    Examples
    --------
    >>> _host_of("results_gpu-n1.tar.gz"), _host_of("bundle.zip")
    ('gpu-n1', None)
    """
    stem = PurePosixPath(archive_name).name
    for suffix in ARCHIVE_SUFFIXES:
        if stem.lower().endswith(suffix):
            stem = stem[: -len(suffix)]
            break
    if stem.startswith("results_") and len(stem) > len("results_"):
        return stem.removeprefix("results_")[:200]
    return None


@dataclass(frozen=True)
class _Member:
    """One member of a tar or zip archive, as far as the import needs it."""

    name: str
    size: int  # declared, uncompressed [B]
    kind_problem: str | None  # a link, device, encrypted member...
    is_dir: bool
    open: Callable[[int], bytes | None]  # at most limit + 1 bytes, None: unreadable


def _member_problem(member: _Member, limit: int) -> str | None:
    name = PurePosixPath(member.name)
    if name.is_absolute() or ".." in name.parts or "\\" in member.name:
        return "a path outside the archive: not read"
    if member.kind_problem is not None:
        return member.kind_problem
    if member.size > limit:
        return f"larger than {limit} bytes"
    return None


def _tar_kind(member: tarfile.TarInfo) -> str | None:
    if member.issym() or member.islnk():
        return "a link inside the archive: not read"
    if member.ischr() or member.isblk() or member.isfifo():
        return "a device or FIFO inside the archive: not read"
    if not member.isfile() and not member.isdir():
        return "not a regular file: not read"
    return None


def _tar_members(archive: tarfile.TarFile) -> Iterator[_Member]:
    for info in archive:

        def read(limit: int, info: tarfile.TarInfo = info) -> bytes | None:
            handle = archive.extractfile(info)
            return None if handle is None else handle.read(limit + 1)

        yield _Member(info.name, max(info.size, 0), _tar_kind(info), info.isdir(), read)


def _zip_kind(info: zipfile.ZipInfo) -> str | None:
    mode = info.external_attr >> 16
    if stat.S_ISLNK(mode):
        return "a link inside the archive: not read"
    # Zips made on Windows carry no Unix mode (0); only a stated device, FIFO
    # or socket is refused.
    if (
        stat.S_ISCHR(mode)
        or stat.S_ISBLK(mode)
        or stat.S_ISFIFO(mode)
        or stat.S_ISSOCK(mode)
    ):
        return "a device or FIFO inside the archive: not read"
    if info.flag_bits & 0x1:
        return say("io.results.archive_read.encrypted", "en")
    return None


def _zip_members(archive: zipfile.ZipFile) -> Iterator[_Member]:
    for info in archive.infolist():

        def read(limit: int, info: zipfile.ZipInfo = info) -> bytes | None:
            # zipfile stops at the declared size and checks the CRC, so a
            # member cannot inflate beyond what it declares.
            with archive.open(info) as handle:
                return handle.read(limit + 1)

        yield _Member(
            info.filename, info.file_size, _zip_kind(info), info.is_dir(), read
        )


def _skipped(where: str, code: str, /, **params: Param) -> SkippedFileError:
    """A member left out on purpose, worded from the catalogs."""
    words = Message(code=code, params=params)
    return SkippedFileError(where, None, say(code, "en", params), words)


def _archive_error(where: str, message: str) -> Outcome:
    """The outcome of an archive refused as a whole: one error naming it."""
    return [(where, ResultsImportError(where, None, message))]


@dataclass
class _Budget:
    """What one import of an archive (and its nested archives) has read."""

    members: int = 0
    declared_bytes: int = 0
    seen: dict[tuple[bytes, str, str], str] = field(default_factory=dict)
    """Results read, by (content digest, folder, name): the first one's name."""

    def take(self, member: _Member) -> str | None:
        """Count a member; why reading stops, or None."""
        self.members += 1
        self.declared_bytes += max(member.size, 0)
        if self.members > MAX_ARCHIVE_MEMBERS:
            return f"more than {MAX_ARCHIVE_MEMBERS} members"
        if self.declared_bytes > MAX_ARCHIVE_BYTES:
            return f"more than {MAX_ARCHIVE_BYTES} bytes inside"
        return None

    def copy_of(self, data: bytes, name: str, where: str) -> str | None:
        """Where the same result was read already, or None (and remember it).

        A copy is the same bytes under the same folder and file name (the
        kit's ``results/n1/x.csv`` and ``results_n1.tar.gz/n1/x.csv``).
        """
        path = PurePosixPath(name)
        key = (hashlib.sha256(data).digest(), path.parent.name, path.name)
        first = self.seen.setdefault(key, where)
        return None if first == where else first


@dataclass(frozen=True)
class _Where:
    shown: str  # the archive's name as stored in measurements
    where: str  # the archive's name in messages
    default_node: str | None
    depth: int


def _is_archive(name: str) -> bool:
    return name.lower().endswith(ARCHIVE_SUFFIXES)


def _parse_member(
    data: bytes, member: _Member, at: _Where, parse: Parser, budget: _Budget
) -> Outcome:
    """Parse the bytes of one (non-archive) member."""
    from gpu_advisor.io.results_import import decode_text

    member_where = f"{at.where}/{member.name}"
    base = PurePosixPath(member.name).name
    first = budget.copy_of(data, member.name, member_where)
    if first is not None:
        copy = _skipped(member_where, "io.results.archive_read.copy", first=first)
        return [(member_where, copy)]
    try:
        text = decode_text(data, member_where)
        parent = PurePosixPath(member.name).parent.name
        node = parent if parent and parent not in ("results", ".") else at.default_node
        return [(member_where, parse(text, f"{at.shown}/{member.name}", node))]
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


def _read_member(
    member: _Member, at: _Where, parse: Parser, budget: _Budget
) -> Outcome:
    """Parse one member (or, for a nested archive, each of its members)."""
    member_where = f"{at.where}/{member.name}"
    base = PurePosixPath(member.name).name
    nested = _is_archive(base)
    problem = _member_problem(member, MAX_ARCHIVE_BYTES if nested else MAX_FILE_BYTES)
    if problem is not None:
        # The fixed reasons of the folder reader get their words by their
        # wording; the one only archives have is given here.
        code = "io.results.archive_read.encrypted"
        words = Message(code=code) if problem == say(code, "en") else None
        error = ResultsImportError(member_where, None, problem, words)
        return [(member_where, error)]
    reason = None if nested else skip_reason(base)
    if reason is not None:
        return [(member_where, SkippedFileError(member_where, None, reason))]
    if nested and at.depth >= MAX_ARCHIVE_DEPTH:
        deep = refusal(
            member_where,
            None,
            "io.results.archive_read.too_deep",
            levels=MAX_ARCHIVE_DEPTH,
        )
        return [(member_where, deep)]
    data = member.open(MAX_ARCHIVE_BYTES if nested else MAX_FILE_BYTES)
    if data is None:
        message = "cannot read the member"
        return [(member_where, ResultsImportError(member_where, None, message))]
    if not nested:
        return _parse_member(data, member, at, parse, budget)
    node = _host_of(base) or at.default_node
    inner = _Where(f"{at.shown}/{member.name}", member_where, node, at.depth + 1)
    return _read_data(data, base, inner, parse, budget)


def _members(data: bytes, name: str) -> Iterator[_Member]:
    """The members of the archive held in ``data`` (zip or tar, any compression)."""
    if name.lower().endswith(".zip") or data.startswith(b"PK\x03\x04"):
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            yield from _zip_members(archive)
        return
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:*") as archive:
        yield from _tar_members(archive)


def _read_data(
    data: bytes, name: str, at: _Where, parse: Parser, budget: _Budget
) -> Outcome:
    """Every member of the archive held in ``data``; a damaged one is one error."""
    out: Outcome = []
    try:
        for member in _members(data, name):
            limit = budget.take(member)
            if limit is not None:
                return _archive_error(at.where, limit)
            if member.is_dir or not PurePosixPath(member.name).name:
                continue
            out.extend(_read_member(member, at, parse, budget))
    except (
        tarfile.TarError,
        zipfile.BadZipFile,
        NotImplementedError,  # a zip compression method Python does not have
        EOFError,
        OSError,
        ValueError,
        zlib.error,
    ) as exc:
        kind = "zip" if name.lower().endswith(".zip") else "tar"
        broken = refusal(
            at.where,
            None,
            "io.results.archive_read.broken",
            kind=kind,
            detail=str(exc)[:120],
        )
        return [(at.where, broken)]
    if not out:
        return _archive_error(at.where, "no result: the archive holds no files")
    return out


def read_archive(path: Path, shown: str, where: str, parse: Parser) -> Outcome:
    """Parse every result member of one archive (and of the archives in it).

    Parameters
    ----------
    path : Path
        The archive (``.tar.gz``, ``.tar``, ``.zip``...).
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
    at = _Where(shown, where, _host_of(path.name), 0)
    return _read_data(data, path.name, at, parse, _Budget())
