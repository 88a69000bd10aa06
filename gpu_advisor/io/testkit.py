"""Write the vendor test kit to a folder or to a deterministic ``.tar.gz``.

The kit's content comes from :func:`gpu_advisor.engine.rollout.testkit.kit.build_testkit`
as ``{relative path: text}``. The archive is reproducible: members sorted,
fixed mtime, uid/gid 0, no user or group names, mode 0755 for scripts and
0644 for the rest, gzip header without a timestamp; the same kit gives the
same bytes.
"""

from __future__ import annotations

import gzip
import io
import tarfile
from collections.abc import Mapping
from pathlib import Path, PurePosixPath
from typing import Final

from gpu_advisor.engine.api import EXECUTABLE_SUFFIXES
from gpu_advisor.io.project_file import write_atomically
from gpu_advisor.io.safe_write import (
    OutputRefusedError,
    checked_relative,
    write_into_folder,
)

ARCHIVE_MTIME: Final = 1_704_067_200
"""2024-01-01T00:00:00Z: the fixed modification time of every archive member [s]."""

TOP_FOLDER: Final = "gpu-advisor-testkit"
"""Folder every archive member sits under."""


def _checked(relative: str) -> PurePosixPath:
    """A relative path that stays inside the kit folder."""
    try:
        return checked_relative(relative)
    except OutputRefusedError:
        raise ValueError(f"unsafe path in the test kit: {relative!r}") from None


def kit_mode(relative: str) -> int:
    """Permission bits of a generated file: scripts executable.

    >>> oct(kit_mode("run_all.sh")), oct(kit_mode("README.md"))
    ('0o755', '0o644')
    """
    return 0o755 if relative.endswith(EXECUTABLE_SUFFIXES) else 0o644


def write_testkit(files: Mapping[str, str], folder: Path) -> Path:
    """Write the kit's files under ``folder`` (created if needed); scripts executable.

    Parameters
    ----------
    files : mapping of str to str
        Relative POSIX path → UTF-8 text.
    folder : Path
        Destination; existing regular files of the same name are replaced,
        links are neither followed nor replaced
        (:func:`gpu_advisor.io.safe_write.write_into_folder`).

    Returns
    -------
    Path
        ``folder``.
    """
    for relative in files:
        _checked(relative)
    write_into_folder(
        folder,
        {relative: text.encode("utf-8") for relative, text in files.items()},
        modes={relative: kit_mode(relative) for relative in files},
        replaceable=lambda _relative: True,
    )
    return folder


def kit_archive_bytes(files: Mapping[str, str]) -> bytes:
    """The kit as deterministic ``.tar.gz`` bytes (see the module docstring).

    Examples
    --------
    >>> a = kit_archive_bytes({"run_all.sh": "echo hi\\n", "README.md": "x"})
    >>> a == kit_archive_bytes({"README.md": "x", "run_all.sh": "echo hi\\n"})
    True
    """
    checked = {relative: _checked(relative) for relative in files}
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        folders: set[str] = set()
        for relative in sorted(files):
            for parent in reversed(checked[relative].parents[:-1]):
                folders.add(parent.as_posix())
        entries = [(name, None) for name in folders] + [
            (name, files[name]) for name in files
        ]
        for name, text in sorted(entries, key=lambda entry: entry[0]):
            info = tarfile.TarInfo(f"{TOP_FOLDER}/{name}")
            info.mtime = ARCHIVE_MTIME
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            if text is None:
                info.type = tarfile.DIRTYPE
                info.mode = 0o755
                tar.addfile(info)
                continue
            data = text.encode("utf-8")
            info.size = len(data)
            info.mode = kit_mode(name)
            tar.addfile(info, io.BytesIO(data))
    return gzip.compress(raw.getvalue(), compresslevel=9, mtime=0)


def write_testkit_archive(files: Mapping[str, str], path: Path) -> Path:
    """Write the kit as a deterministic ``.tar.gz`` at ``path`` (atomically).

    Returns
    -------
    Path
        ``path``.
    """
    data = kit_archive_bytes(files)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, data)  # an exclusive temporary file, never a planted one
    return path
