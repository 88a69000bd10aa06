"""The one writer of generated files into a folder the user chose.

:func:`write_into_folder` writes the rollout (launch, monitoring, test kit,
manifests) and the test kit; the project file, PDFs and autosaves keep
:func:`gpu_advisor.io.project_file.write_atomically`, which writes one file
the same way (an exclusive temporary file beside it, fsync, atomic rename).

Every file goes through the same steps:

- its relative path may not be absolute, empty or hold ``.``/``..``;
- every folder on its way is a real folder under the chosen one: a missing
  one is created, a **symbolic link** (``out/launch → ../elsewhere``) or a
  file is refused, and the folder is resolved once more just before the
  rename to check that it is still inside the chosen folder;
- an existing target that is a link, a folder, a FIFO or a device is
  refused (never written through, never replaced); an existing regular file
  is replaced only when the caller says it may be (``rollout --force``:
  only the files its previous manifest lists);
- the content goes to a temporary file created exclusively
  (``tempfile.mkstemp``: ``O_CREAT | O_EXCL``, plus ``O_NOFOLLOW`` where
  the system has it) with a random name in the target's folder, so a planted
  ``MANIFEST.md.tmp`` link is never opened; it is flushed and fsync'ed;
- only when **every** temporary file is written are they renamed onto their
  targets (``os.replace``); a failure before that (a full disk) removes the
  temporary files and the folders this call created, and leaves every
  existing file as it was.

Refusals are :class:`OutputRefusedError`, one line naming the file.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from gpu_advisor.io.limits import escape_controls

__all__ = ["OutputRefusedError", "checked_relative", "write_into_folder"]


class OutputRefusedError(OSError):
    """A generated file that would land outside the chosen folder or on a file
    the app did not write: one line naming it.

    An ``OSError``, so every caller that reports a failed write (the app's
    test-kit button, ``testkit -o``) reports this refusal the same way.
    """


def checked_relative(relative: str) -> PurePosixPath:
    """A relative path that stays inside the folder it is written into.

    >>> checked_relative("testkit/run_all.sh").parts
    ('testkit', 'run_all.sh')
    >>> checked_relative("../plan.gpuplan")
    Traceback (most recent call last):
    ...
    gpu_advisor.io.safe_write.OutputRefusedError: unsafe path in the generated files: '../plan.gpuplan'
    """
    path = PurePosixPath(relative)
    if (
        path.is_absolute()
        or not path.parts
        or any(p in {"", ".", ".."} for p in path.parts)
        or "\\" in relative
        or "\x00" in relative
    ):
        shown = escape_controls(repr(relative), 200)
        raise OutputRefusedError(f"unsafe path in the generated files: {shown}")
    return path


def _refuse(path: Path, problem: str) -> OutputRefusedError:
    return OutputRefusedError(f"{escape_controls(str(path), 300)}: {problem}")


@dataclass
class _Plan:
    """What one call has done so far, to undo it on failure."""

    made_folders: list[Path]
    temps: list[tuple[Path, Path, int]]  # temporary file, target, mode

    def undo(self) -> None:
        for temp, _target, _mode in self.temps:
            with contextlib.suppress(OSError):
                temp.unlink()
        for folder in reversed(self.made_folders):
            with contextlib.suppress(OSError):
                folder.rmdir()  # only when still empty


def _folder_in(root: Path, parts: tuple[str, ...], plan: _Plan) -> Path:
    """``root/parts``, each step a real folder (created when missing)."""
    current = root
    for part in parts:
        current = current / part
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            os.mkdir(current)
            plan.made_folders.append(current)
            info = os.lstat(current)
        if stat.S_ISLNK(info.st_mode):
            raise _refuse(
                current, "is a link; generated files go only into real folders"
            )
        if not stat.S_ISDIR(info.st_mode):
            raise _refuse(current, "is not a folder")
    return current


def _check_target(
    target: Path, relative: str, replaceable: Callable[[str], bool]
) -> None:
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(info.st_mode):
        raise _refuse(target, "is a link; it is neither followed nor replaced")
    if not stat.S_ISREG(info.st_mode):
        raise _refuse(target, "is not a regular file; it is left as it is")
    if not replaceable(relative):
        raise _refuse(
            target,
            "exists and is not a file this app wrote there (not in the folder's "
            "manifest); move it away first",
        )


def _write_temp(folder: Path, name: str, data: bytes, mode: int) -> Path:
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if os.name != "nt":
            os.chmod(temp, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return Path(temp)


def write_into_folder(
    folder: Path,
    files: Mapping[str, bytes],
    *,
    modes: Mapping[str, int] | None = None,
    replaceable: Callable[[str], bool] = lambda _relative: False,
) -> Path:
    """Write ``files`` (relative POSIX path → bytes) under ``folder``, all or nothing.

    Parameters
    ----------
    folder : Path
        The chosen output folder; created (with its parents) if missing.
    files : mapping of str to bytes
        Relative path → content.
    modes : mapping of str to int, optional
        Permission bits per relative path (default ``0o644``).
    replaceable : callable
        Whether an existing regular file at a relative path may be replaced.

    Returns
    -------
    Path
        ``folder``.

    Raises
    ------
    OutputRefusedError
        An unsafe path, a link or a non-folder on the way, a link or special
        file as target, an existing file that may not be replaced. Nothing is
        written.
    OSError
        Writing failed (disk full, permission); nothing is replaced and the
        temporary files are gone.
    """
    checked = {relative: checked_relative(relative) for relative in files}
    plan = _Plan(made_folders=[], temps=[])
    if not os.path.lexists(folder):
        folder.mkdir(parents=True)
        plan.made_folders.append(folder)  # removed again if nothing is written
    root = folder.resolve(strict=True)
    if not root.is_dir():
        raise _refuse(folder, "is not a folder")
    try:
        for relative in sorted(files):
            parts = checked[relative].parts
            parent = _folder_in(root, parts[:-1], plan)
            target = parent / parts[-1]
            _check_target(target, relative, replaceable)
            mode = (modes or {}).get(relative, 0o644)
            temp = _write_temp(parent, parts[-1], files[relative], mode)
            plan.temps.append((temp, target, mode))
        for _temp, target, _mode in plan.temps:
            if not target.parent.resolve(strict=True).is_relative_to(root):
                raise _refuse(target, "its folder now leads outside the chosen folder")
            if os.path.islink(target):
                raise _refuse(target, "became a link while it was being written")
        for temp, target, _mode in plan.temps:
            os.replace(temp, target)
    except BaseException:
        plan.undo()
        raise
    return folder
