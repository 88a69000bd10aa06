"""The one reader of every file a user hands the app: regular files only, bounded.

Price lists, vendor quotes, result files and archives, certificates, trust
stores, signed PDFs and PKCS#12 files all come in through :func:`read_file`
(the project loader has its own copy of the same checks in
:mod:`gpu_advisor.io.project_file`, whose format is frozen). Before a byte is
read:

- the path is resolved (a symbolic link is followed to its target, a loop is
  refused) and the target must be a **regular file**: a folder, FIFO, device
  or socket is refused without being opened for a blocking read;
- its size must be within the caller's cap;
- it is opened with ``O_NONBLOCK`` (a FIFO swapped in between the check and
  the open cannot block) and ``O_NOCTTY``, checked again with ``fstat`` (it
  must still be a regular file, the same one), and at most ``cap + 1``
  bytes are ever read (a pseudo-file may report size 0).

Zip containers (``.xlsx``) are checked by :func:`check_zip` before a
library parses them: number of entries, declared expanded size (``zipfile``
never inflates a member beyond what it declares, and checks its CRC) and no
XML document type declarations (entity expansion).

Every refusal is one :class:`FileRefusedError`: ``str()`` is one line naming
the file and the problem, worded from the catalogs (``io.safe_read.*``) in
the style of the project loader's refusals; the CLI prints it and exits 2.
"""

from __future__ import annotations

import io
import os
import stat
import zipfile
import zlib
from pathlib import Path
from typing import Final

from gpu_advisor.io.limits import InputFileError, escape_controls
from gpu_advisor.io.project_file import ProjectFileError
from gpu_advisor.model.common import Message, Param

__all__ = [
    "FileRefusedError",
    "check_zip",
    "read_file",
    "refused",
]

_CHUNK_BYTES: Final = 1 << 20
_NAME_LIMIT: Final = 200

_DTD_MARKS: Final = tuple(
    mark.encode(encoding)
    for mark in ("<!DOCTYPE", "<!ENTITY")
    for encoding in ("utf-8", "utf-16-le", "utf-16-be")
)
"""A document type declaration in any encoding an XML part may use."""


class FileRefusedError(ProjectFileError, InputFileError):
    """A file the app will not read: one line naming it and the problem.

    The project loader's error type (:class:`ProjectFileError`: a path, a
    ``Message`` worded in the reader's language, a stable ``code``), so every
    command that refuses a bad plan in one line with exit 2 refuses any other
    file the same way; also an :class:`InputFileError` for the callers of
    :func:`gpu_advisor.io.limits.read_regular_file`.

    ``problem`` is ``io.safe_read.<code>``; ``code`` is one of
    ``not_found``, ``is_directory``, ``not_regular``, ``link_loop``,
    ``permission``, ``too_large``, ``read_failed``, ``zip``.

    Examples
    --------
    >>> error = refused(Path("prices.csv"), "fifo")
    >>> str(error)
    'prices.csv: a pipe (FIFO), not a regular file: not read'
    >>> error.message("zh")
    'prices.csv：是管道（FIFO），不是普通文件：未读取'
    """

    def __init__(self, path: Path, problem: Message, *, code: str) -> None:
        super().__init__(path, problem, code=code)


_CODES: Final[dict[str, str]] = {
    "folder": "is_directory",
    "fifo": "not_regular",
    "socket": "not_regular",
    "device": "not_regular",
    "other_kind": "not_regular",
    "not_found": "not_found",
    "loop": "link_loop",
    "permission": "permission",
    "too_large": "too_large",
    "read_failed": "read_failed",
    "changed": "read_failed",
}


def refused(path: Path, problem: str, **params: Param) -> FileRefusedError:
    """The refusal ``io.safe_read.<problem>`` of ``path``."""
    message = Message(code=f"io.safe_read.{problem}", params=params)
    return FileRefusedError(path, message, code=_CODES.get(problem, "zip"))


def _kind(mode: int) -> str | None:
    """None for a regular file, else the catalog code of what it is."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    return "other_kind"


def _target(path: Path) -> tuple[Path, os.stat_result]:
    """The file ``path`` names once links are followed, and its status."""
    try:
        target = path.resolve(strict=True) if path.is_symlink() else path
        return target, target.stat()
    except RuntimeError:  # pathlib's "Symlink loop" before Python 3.13
        raise refused(path, "loop") from None
    except OSError as exc:
        if exc.errno == getattr(os, "ELOOP", -1):
            raise refused(path, "loop") from None
        raise


def read_file(path: Path, max_bytes: int) -> bytes:
    """Read a regular file of at most ``max_bytes`` bytes (see the module docstring).

    Parameters
    ----------
    path : Path
        The file; a symbolic link is followed and its target checked.
    max_bytes : int
        Size cap. [B]

    Returns
    -------
    bytes
        The whole content.

    Raises
    ------
    FileRefusedError
        Missing, a folder, FIFO, device or socket, a link loop, too large,
        unreadable, or swapped for another file while being opened.

    Examples
    --------
    >>> read_file(Path("/"), 10)
    Traceback (most recent call last):
    ...
    gpu_advisor.io.safe_read.FileRefusedError: /: is a folder, not a file: not read
    """
    path = Path(path)
    mib = max(max_bytes / 2**20, 0.001)
    try:
        target, info = _target(path)
        kind = _kind(info.st_mode)
        if kind is not None:
            raise refused(path, kind)
        if info.st_size > max_bytes:
            raise refused(path, "too_large", mib=mib)
        flags = (
            os.O_RDONLY
            | getattr(os, "O_NONBLOCK", 0)
            | getattr(os, "O_NOCTTY", 0)
            | getattr(os, "O_BINARY", 0)
        )
        fd = os.open(target, flags)
        try:
            opened = os.fstat(fd)
            kind = _kind(opened.st_mode)
            if kind is not None:
                raise refused(path, kind)
            if os.name != "nt" and (opened.st_dev, opened.st_ino) != (
                info.st_dev,
                info.st_ino,
            ):
                raise refused(path, "changed")
            data = _read_at_most(fd, max_bytes + 1)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise refused(path, "not_found") from None
    except PermissionError:
        raise refused(path, "permission") from None
    except OSError as exc:
        reason = escape_controls(str(exc.strerror or exc), 120)
        raise refused(path, "read_failed", reason=reason) from None
    if len(data) > max_bytes:
        raise refused(path, "too_large", mib=mib)
    return data


def _read_at_most(fd: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    total = 0
    while total < limit:
        chunk = os.read(fd, min(_CHUNK_BYTES, limit - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def check_zip(
    data: bytes,
    path: Path,
    *,
    max_entries: int,
    max_expanded_bytes: int,
    xml_without_dtd: bool = True,
) -> None:
    """Refuse a zip container before a library unpacks it.

    Parameters
    ----------
    data : bytes
        The container, as :func:`read_file` returned it.
    path : Path
        Its name, for the message.
    max_entries : int
        Most entries. [1]
    max_expanded_bytes : int
        Most bytes all entries may declare, expanded. [B]
    xml_without_dtd : bool
        Refuse an ``.xml``/``.rels`` entry holding a document type
        declaration (entities can expand a small file without bound; an
        Office file never has one).

    Raises
    ------
    FileRefusedError
        Not a zip, too many entries, too large expanded, a DTD, a damaged
        entry.
    """
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
            if len(infos) > max_entries:
                raise refused(path, "zip_entries", count=len(infos), limit=max_entries)
            expanded = sum(max(info.file_size, 0) for info in infos)
            if expanded > max_expanded_bytes:
                raise refused(
                    path,
                    "zip_expanded",
                    mib=expanded / 2**20,
                    limit=max_expanded_bytes / 2**20,
                )
            if xml_without_dtd:
                _refuse_dtd(archive, infos, path)
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        EOFError,
        ValueError,
        zlib.error,
    ) as exc:
        raise refused(path, "not_zip", error=type(exc).__name__) from None
    except (NotImplementedError, OSError, RuntimeError) as exc:  # method, encryption
        raise refused(path, "not_zip", error=type(exc).__name__) from None


def _refuse_dtd(
    archive: zipfile.ZipFile, infos: list[zipfile.ZipInfo], path: Path
) -> None:
    for info in infos:
        if not info.filename.lower().endswith((".xml", ".rels", ".vml")):
            continue
        with archive.open(info) as handle:
            body = handle.read(info.file_size + 1)
        if any(mark in body for mark in _DTD_MARKS):
            name = escape_controls(info.filename, 120)
            raise refused(path, "zip_dtd", entry=name)
