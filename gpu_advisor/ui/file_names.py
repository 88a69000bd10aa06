"""Suggested folders and file names for the Save As, export and test-kit dialogs.

A dialog opens in the last folder the user chose *outside the installation*
(an example is opened from inside it, and nobody wants to save into
``resources/examples``), else in the documents folder, else in the home
folder. A suggested file name comes from the plan title with the punctuation
file systems refuse, or that reads badly in a name, left out.
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
from pathlib import Path
from typing import Final

from PySide6.QtCore import QStandardPaths

import gpu_advisor
from gpu_advisor.ui.qt_resources import resource_file

MAX_STEM_CHARS: Final = 80
"""Longest suggested file name, without its suffix [characters]."""

_KEPT_PUNCTUATION: Final = frozenset("-_.()")
_WINDOWS_RESERVED: Final = re.compile(r"^(con|prn|aux|nul|com\d|lpt\d)$", re.IGNORECASE)


def installation_folders() -> list[Path]:
    """The folders the app is installed in (its package and its resources)."""
    folders = [Path(gpu_advisor.__file__).resolve().parent]
    with contextlib.suppress(OSError, TypeError):
        folders.append(Path(str(resource_file())).resolve())
    return folders


def is_inside_installation(folder: Path) -> bool:
    """True when ``folder`` is one of :func:`installation_folders` or below one."""
    try:
        resolved = folder.resolve()
    except OSError:
        return False
    return any(resolved.is_relative_to(root) for root in installation_folders())


def documents_folder() -> Path:
    """The user's documents folder (the home folder when there is none)."""
    location = QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.DocumentsLocation
    )
    folder = Path(location) if location else Path.home()
    return folder if folder.is_dir() else Path.home()


def file_stem(title: str, fallback: str = "plan") -> str:
    """A file name (without suffix) from a plan title.

    Letters and digits of any script are kept, and ``- _ . ( )``; any other
    punctuation or run of spaces becomes one space.

    Examples
    --------
    >>> file_stem("7B base model: pretraining, then a year of serving")
    '7B base model pretraining then a year of serving'
    >>> file_stem("13B 行业模型：全参数微调/评测")
    '13B 行业模型 全参数微调 评测'
    >>> file_stem("  ?? ")
    'plan'
    """
    kept = []
    for char in unicodedata.normalize("NFC", title):
        category = unicodedata.category(char)
        if char in _KEPT_PUNCTUATION or category[0] in "LN" or category == "Mn":
            kept.append(char)
        else:
            kept.append(" ")
    stem = " ".join("".join(kept).split())[:MAX_STEM_CHARS].strip(" .")
    if not stem or _WINDOWS_RESERVED.match(stem):
        return fallback
    return stem


__all__ = [
    "documents_folder",
    "file_stem",
    "installation_folders",
    "is_inside_installation",
]
