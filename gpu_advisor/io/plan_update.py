"""Change a saved plan in place without losing another writer's change.

A command that reads a plan, changes it and writes it back (``prices
import``) goes through :func:`update_project`:

- a **read-only** plan (no write permission bit, or not writable for this
  user) is refused before anything is read: it stays read-only and
  unchanged;
- the plan is **locked** while it is read, changed and written (an
  exclusive ``flock`` on the file on POSIX): a second ``prices import`` on
  the same plan waits for the first and then reads the plan the first one
  wrote, so neither update is lost. The save replaces the file with a new
  one, so a waiting writer that gets the lock on the old file notices the
  replacement and takes the lock again on the new file;
- just before the save the file must still be the one that was read (same
  size, time and bytes): a writer that does not take the lock (the app, an
  editor) makes the command refuse instead of overwriting that change.

Windows has no ``flock``; there the last check alone guards the update.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Final

from gpu_advisor.io.project_file import ProjectFileError, load_project, save_project
from gpu_advisor.model.common import Message
from gpu_advisor.model.project import Project

if TYPE_CHECKING:
    from gpu_advisor.model.catalog import Catalog

__all__ = ["LOCK_WAIT_SECONDS", "update_project"]

LOCK_WAIT_SECONDS: Final = 30.0
"""Longest wait for another writer of the same plan [s]."""


def _refusal(path: Path, code: str) -> ProjectFileError:
    problem = Message(code=f"io.safe_write.{code}", params={})
    return ProjectFileError(path, problem, code="permission")


def _check_writable(path: Path) -> None:
    """Refuse a plan that is read-only (mode bits, or access for this user)."""
    try:
        info = path.stat()
    except OSError:
        return  # the loader names a missing or unreadable file
    if not stat.S_ISREG(info.st_mode):
        return
    if info.st_mode & 0o222 == 0 or not os.access(path, os.W_OK):
        raise _refusal(path, "read_only")


def _lock(handle: IO[bytes], path: Path) -> None:
    """Take the exclusive lock on ``handle``, waiting at most LOCK_WAIT_SECONDS."""
    try:
        import fcntl
    except ImportError:  # Windows: the fingerprint check alone guards the update
        return
    deadline = time.monotonic() + LOCK_WAIT_SECONDS
    while True:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise _refusal(path, "locked") from None
            time.sleep(0.05)
        except OSError:
            return  # a file system without locks: the fingerprint check remains


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold the lock on the file ``path`` names now (retaken if it was replaced)."""
    while True:
        try:
            handle = open(path, "rb")  # noqa: SIM115 - closed below
        except OSError:
            yield  # the loader will name the problem
            return
        try:
            _lock(handle, path)
            held, now = os.fstat(handle.fileno()), os.stat(path)
            if (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino):
                yield
                return
        finally:
            handle.close()  # releases the lock


def _state(path: Path) -> tuple[int, int, str]:
    """Size, modification time and digest of the file: what "unchanged" means."""
    info = path.stat()
    digest = hashlib.sha256(path.read_bytes()).hexdigest() if info.st_size else ""
    return info.st_size, info.st_mtime_ns, digest


def update_project(
    path: Path,
    change: Callable[[Project], Project],
    *,
    catalog: Catalog | None = None,
) -> tuple[Project, Project]:
    """Load the plan at ``path``, apply ``change``, save it; locked and checked.

    Parameters
    ----------
    path : Path
        The ``.gpuplan`` file.
    change : callable
        Project → changed project; an exception leaves the file untouched.
    catalog : Catalog, optional
        Passed to :func:`load_project`.

    Returns
    -------
    (Project, Project)
        The plan as read and as saved.

    Raises
    ------
    ProjectFileError
        The plan is read-only, locked by another writer for longer than
        :data:`LOCK_WAIT_SECONDS`, changed by another program while it was
        being updated, or cannot be read or saved.
    """
    path = Path(path)
    _check_writable(path)
    with _locked(path):
        try:
            before = _state(path)
        except OSError:
            before = None  # the loader names the problem
        project = load_project(path, catalog=catalog)
        updated = change(project)
        try:
            if _state(path) != before:
                raise _refusal(path, "changed")
        except OSError:
            raise _refusal(path, "changed") from None
        save_project(updated, path)
    return project, updated
