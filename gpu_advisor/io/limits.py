"""Limits shared by every reader and writer of user files, and a bounded reader.

One set of numbers is used by the project loader, :func:`save_project`, the
autosave store, the schema and the ``verify``/``sign``/``report`` commands, so
that whatever the app saves it can load again, and no input can make a reader
block (FIFO, device) or grow without bound (``/dev/zero``).
"""

from __future__ import annotations

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


def read_regular_file(path: Path, max_bytes: int, *, what: str = "file") -> bytes:
    """Read a regular file of at most ``max_bytes`` bytes.

    The one reader of :mod:`gpu_advisor.io.safe_read` (kept under this name
    for its callers): devices, FIFOs and sockets are refused before they are
    opened for reading, links are resolved and their target checked, the
    size is checked before and after opening, and at most ``max_bytes + 1``
    bytes are ever read.

    Parameters
    ----------
    path : Path
        The file.
    max_bytes : int
        Size cap. [B]
    what : str
        What the file is ("PDF", "certificate"); kept for the callers, the
        refusal names the file itself.

    Returns
    -------
    bytes
        The file's content.

    Raises
    ------
    InputFileError
        Missing, not a regular file, too large, a symlink loop, unreadable.
    """
    from gpu_advisor.io.safe_read import read_file  # it builds on this module

    del what  # the refusal names the file itself
    return read_file(Path(path), max_bytes)
