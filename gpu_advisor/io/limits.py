"""Limits shared by every reader and writer of user files, and a bounded reader.

One set of numbers is used by the project loader, :func:`save_project`, the
autosave store, the schema and the ``verify``/``sign``/``report`` commands, so
that whatever the app saves it can load again, and no input can make a reader
block (FIFO, device) or grow without bound (``/dev/zero``).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Final

from gpu_advisor.model.limits import (
    MAX_MEASUREMENTS_PER_VENDOR,
    MAX_MEASUREMENTS_TOTAL,
    MAX_PROJECT_BYTES,
    MAX_VENDORS,
)

__all__ = [
    "MAX_MEASUREMENTS_PER_VENDOR",
    "MAX_MEASUREMENTS_TOTAL",
    "MAX_P12_BYTES",
    "MAX_PDF_BYTES",
    "MAX_PROJECT_BYTES",
    "MAX_TRUST_CERT_BYTES",
    "MAX_VENDORS",
    "InputFileError",
    "escape_controls",
    "read_regular_file",
]

MAX_PDF_BYTES: Final = 64 * 2**20
"""Largest PDF plan ``verify``/``sign`` read [B]; a plan is well under 1 MB."""

MAX_P12_BYTES: Final = 1 * 2**20
"""Largest PKCS#12 file ``sign`` reads [B]; a real one is a few kB."""

MAX_TRUST_CERT_BYTES: Final = 1 * 2**20
"""Largest certificate file read into the trust store [B]."""


class InputFileError(Exception):
    """A file that is not a readable regular file within its size cap.

    ``str()`` is one line naming the file and the problem, with control
    characters escaped.
    """


def escape_controls(text: str, limit: int = 300) -> str:
    """Escape control and other non-printable characters; cut to ``limit``.

    Examples
    --------
    >>> escape_controls("plan\\x1b[31m.pdf")
    'plan\\\\x1b[31m.pdf'
    """
    cleaned = "".join(
        ch if ch.isprintable() else repr(ch)[1:-1] for ch in text[: limit + 1]
    )
    if len(cleaned) > limit:
        cleaned = cleaned[:limit] + "…"
    return cleaned


def _kind_problem(mode: int) -> str | None:
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "is a pipe (FIFO), not a regular file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a regular file"
    return "is a device, not a regular file"


def read_regular_file(path: Path, max_bytes: int, *, what: str = "file") -> bytes:
    """Read a regular file of at most ``max_bytes`` bytes.

    Devices, FIFOs and sockets are refused before they are opened for
    reading (opening a FIFO would block), the size is checked before and
    after opening, and at most ``max_bytes + 1`` bytes are ever read.

    Parameters
    ----------
    path : Path
        The file.
    max_bytes : int
        Size cap. [B]
    what : str
        What the file is, for the message ("PDF", "certificate").

    Returns
    -------
    bytes
        The file's content.

    Raises
    ------
    InputFileError
        Missing, not a regular file, too large, a symlink loop, unreadable.
    """
    path = Path(path)
    name = escape_controls(str(path))
    try:
        info = path.stat()
        problem = _kind_problem(info.st_mode)
        if problem is not None:
            raise InputFileError(f"{name}: {problem}")
        if info.st_size > max_bytes:
            raise InputFileError(_too_large(name, what, max_bytes))
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())  # it may have been swapped since stat()
            problem = _kind_problem(info.st_mode)
            if problem is not None:
                raise InputFileError(f"{name}: {problem}")
            data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise InputFileError(f"{name}: file not found") from None
    except PermissionError:
        raise InputFileError(f"{name}: permission denied") from None
    except RuntimeError as exc:  # pathlib's "Symlink loop" on some versions
        raise InputFileError(f"{name}: {escape_controls(str(exc))}") from None
    except OSError as exc:
        if exc.errno is not None and exc.errno == getattr(os, "ELOOP", -1):
            raise InputFileError(f"{name}: symbolic link loop") from None
        raise InputFileError(
            f"{name}: cannot read: {escape_controls(str(exc.strerror or exc))}"
        ) from None
    if len(data) > max_bytes:
        raise InputFileError(_too_large(name, what, max_bytes))
    return data


def _too_large(name: str, what: str, max_bytes: int) -> str:
    return f"{name}: {what} too large (more than {max_bytes // 2**20} MB)"
