"""Autosave and crash recovery, without Qt.

The desktop app keeps one *session* per running window and calls
:meth:`AutosaveStore.write` at an interval. Each session owns two files in
the autosave folder:

``<session_id>.session``
    A marker written at the first autosave: ``{"format":
    "gpu-advisor-session", "pid": ..., "started_at": ...}``. A clean shutdown
    (:meth:`AutosaveStore.close_session`) deletes it.
``<session_id>.autosave``
    The latest autosave, an envelope ``{"format": "gpu-advisor-autosave",
    "saved_at": ..., "source_path": ..., "project": {...}}``, written
    atomically like a project file.

At the next start, :meth:`AutosaveStore.list_recoverable` offers every
autosave whose session marker still exists *and* whose process is gone: that
session did not shut down cleanly. Liveness is checked with ``os.kill(pid,
0)`` on POSIX and ``OpenProcess``/``GetExitCodeProcess`` on Windows (never
``os.kill``, which terminates processes there). A reused pid makes a crashed
session look alive; recovery is then offered at a later start once that pid
is gone, which is the safe side. The folder is assumed to be local to this
machine, as ``platformdirs.user_data_path`` (non-roaming) is.

Damaged autosaves are listed with ``problem`` set rather than skipped or
crashed on, so the user can see and discard them.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import re
import sys
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import platformdirs

from gpu_advisor.io.project_file import (
    MAX_PROJECT_BYTES,
    ProjectFileError,
    file_problem,
    project_from_data,
    read_json_file,
    write_atomically,
)
from gpu_advisor.model.project import Project

__all__ = [
    "AUTOSAVE_FORMAT",
    "AutosaveStore",
    "RecoveryEntry",
    "default_autosave_dir",
    "new_session_id",
]

AUTOSAVE_FORMAT: Final = "gpu-advisor-autosave"
SESSION_FORMAT: Final = "gpu-advisor-session"
_AUTOSAVE_SUFFIX: Final = ".autosave"
_SESSION_SUFFIX: Final = ".session"
_SESSION_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def default_autosave_dir() -> Path:
    """The per-user autosave folder (not created here).

    Examples
    --------
    >>> default_autosave_dir().name
    'autosave'
    """
    return platformdirs.user_data_path("gpu-advisor", "gpu-advisor") / "autosave"


def new_session_id() -> str:
    """A fresh random session id, safe as a file name.

    Examples
    --------
    >>> len(new_session_id())
    32
    """
    return uuid.uuid4().hex


def _pid_alive(pid: int) -> bool:
    """Whether a process with this id is running on this machine."""
    if pid <= 0:
        return False
    if sys.platform == "win32":
        import ctypes

        process_query_limited_information = 0x1000
        still_active = 259
        error_access_denied = 5
        kernel32 = ctypes.windll.kernel32
        handle = kernel32.OpenProcess(process_query_limited_information, False, pid)
        if not handle:
            return bool(kernel32.GetLastError() == error_access_denied)
        try:
            code = ctypes.c_ulong()
            if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
                return True
            return bool(code.value == still_active)
        finally:
            kernel32.CloseHandle(handle)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by someone else
    except (OSError, OverflowError):  # OverflowError: pid beyond the C int range
        return False
    return True


@dataclass(frozen=True)
class RecoveryEntry:
    """An autosave left behind by a session that did not shut down cleanly.

    Attributes
    ----------
    session_id : str
        The crashed session.
    autosave_path : Path
        Its autosave file.
    saved_at : str or None
        ISO 8601 time of the autosave, as the app recorded it.
    source_path : Path or None
        The project file that session was editing (None for an unsaved one).
    title : str or None
        The plan's title, for the recovery dialog.
    problem : str or None
        Why the autosave cannot be loaded (one line), or None when it looks fine.
    """

    session_id: str
    autosave_path: Path
    saved_at: str | None
    source_path: Path | None
    title: str | None
    problem: str | None = None


class AutosaveStore:
    """Autosaves of running sessions and recovery after a crash.

    Parameters
    ----------
    directory : Path
        The autosave folder; created on the first write. The app passes
        :func:`default_autosave_dir`.

    Examples
    --------
    >>> import tempfile
    >>> store = AutosaveStore(Path(tempfile.mkdtemp()))
    >>> _ = store.write(Project(), source_path=None, session_id="abc")
    >>> store.list_recoverable()  # our own process is alive
    []
    >>> store.close_session("abc")
    >>> sorted(store.directory.iterdir())
    []
    """

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self._marked: set[str] = set()  # sessions whose marker this process wrote

    def _paths(self, session_id: str) -> tuple[Path, Path]:
        if not isinstance(session_id, str) or not _SESSION_ID.match(session_id):
            raise ValueError(
                "session_id must be 1 to 64 characters from A-Z, a-z, 0-9, '_' and '-'"
            )
        return (
            self.directory / (session_id + _AUTOSAVE_SUFFIX),
            self.directory / (session_id + _SESSION_SUFFIX),
        )

    def write(
        self,
        project: Project,
        *,
        source_path: Path | None,
        session_id: str,
        saved_at: dt.datetime | None = None,
    ) -> Path:
        """Write the session's autosave atomically; return its path.

        Parameters
        ----------
        project : Project
            The project as it is now, saved or not.
        source_path : Path or None
            The file it was opened from or last saved to.
        session_id : str
            This window's session (see :func:`new_session_id`).
        saved_at : datetime or None
            Time to record; the current UTC time when None.

        Raises
        ------
        ProjectFileError
            When the folder or the file cannot be written.
        """
        autosave_path, marker_path = self._paths(session_id)
        when = saved_at if saved_at is not None else dt.datetime.now(dt.UTC)
        envelope = {
            "format": AUTOSAVE_FORMAT,
            "saved_at": when.isoformat(),
            "source_path": None if source_path is None else os.fspath(source_path),
            "project": project.model_dump(mode="json"),
        }
        data = json.dumps(envelope, ensure_ascii=False, allow_nan=False).encode("utf-8")
        if len(data) > MAX_PROJECT_BYTES:
            # What cannot be recovered must not be listed as recoverable.
            raise ProjectFileError(
                autosave_path,
                file_problem(
                    "autosave_too_large",
                    mb=len(data) / 2**20,
                    mib=MAX_PROJECT_BYTES // 2**20,
                ),
                code="too_large",
            )
        try:
            # Other users must not read a company's plan: 0700 folder, 0600 files.
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            if os.name != "nt":
                os.chmod(self.directory, 0o700)
            if session_id not in self._marked or not marker_path.exists():
                marker = {
                    "format": SESSION_FORMAT,
                    "pid": os.getpid(),
                    "started_at": when.isoformat(),
                }
                write_atomically(
                    marker_path, json.dumps(marker).encode("utf-8"), mode=0o600
                )
                self._marked.add(session_id)
            write_atomically(autosave_path, data, mode=0o600)
        except OSError as exc:
            raise ProjectFileError(
                autosave_path,
                file_problem("autosave_failed", reason=str(exc.strerror or exc)),
                code="write_failed",
            ) from None
        return autosave_path

    def clear(self, session_id: str) -> None:
        """Delete this session's autosave (after a normal save); keep the marker."""
        autosave_path, _ = self._paths(session_id)
        autosave_path.unlink(missing_ok=True)

    def close_session(self, session_id: str) -> None:
        """Clean shutdown: delete the autosave, then the marker."""
        autosave_path, marker_path = self._paths(session_id)
        autosave_path.unlink(missing_ok=True)
        marker_path.unlink(missing_ok=True)
        self._marked.discard(session_id)

    def list_recoverable(self) -> list[RecoveryEntry]:
        """Autosaves of sessions that ended without :meth:`close_session`.

        Newest first. Entries whose autosave is damaged have ``problem`` set.
        Never raises for damaged files; a missing folder gives an empty list.
        """
        try:
            markers = [
                p for p in self.directory.iterdir() if p.name.endswith(_SESSION_SUFFIX)
            ]
        except OSError:
            return []
        entries = []
        for marker_path in markers:
            session_id = marker_path.name[: -len(_SESSION_SUFFIX)]
            if not _SESSION_ID.match(session_id):
                continue
            autosave_path = self.directory / (session_id + _AUTOSAVE_SUFFIX)
            if not autosave_path.is_file() or self._session_alive(marker_path):
                continue
            entries.append(self._entry(session_id, autosave_path))
        entries.sort(key=lambda e: e.saved_at or "", reverse=True)
        return entries

    @staticmethod
    def _session_alive(marker_path: Path) -> bool:
        try:
            marker = read_json_file(marker_path, max_bytes=4096)
        except ProjectFileError:
            return False  # unreadable marker: assume the session died
        pid = marker.get("pid") if isinstance(marker, dict) else None
        if isinstance(pid, bool) or not isinstance(pid, int):
            return False
        return _pid_alive(pid)

    def _entry(self, session_id: str, autosave_path: Path) -> RecoveryEntry:
        saved_at = source = title = problem = None
        try:
            envelope = self._read_envelope(autosave_path)
            raw_saved_at = envelope.get("saved_at")
            saved_at = raw_saved_at[:64] if isinstance(raw_saved_at, str) else None
            raw_source = envelope.get("source_path")
            source = raw_source if isinstance(raw_source, str) and raw_source else None
            project = project_from_data(envelope.get("project"), autosave_path)
            title = project.meta.title
        except ProjectFileError as exc:
            problem = str(exc)
        return RecoveryEntry(
            session_id=session_id,
            autosave_path=autosave_path,
            saved_at=saved_at,
            source_path=None if source is None else Path(source),
            title=title,
            problem=problem,
        )

    @staticmethod
    def _read_envelope(autosave_path: Path) -> dict[str, Any]:
        envelope = read_json_file(autosave_path, max_bytes=MAX_PROJECT_BYTES + 65536)
        if not isinstance(envelope, dict) or envelope.get("format") != AUTOSAVE_FORMAT:
            raise ProjectFileError(
                autosave_path,
                file_problem("not_autosave"),
                code="not_object",
            )
        return envelope

    def load(self, entry: RecoveryEntry) -> Project:
        """Load the project of a recoverable autosave.

        Raises
        ------
        ProjectFileError
            When the autosave is damaged (same checks as ``load_project``).
        """
        envelope = self._read_envelope(entry.autosave_path)
        return project_from_data(envelope.get("project"), entry.autosave_path)

    def discard(self, entry: RecoveryEntry) -> None:
        """Delete a recoverable autosave and its session marker."""
        with contextlib.suppress(ValueError):
            self.close_session(entry.session_id)
