"""Access to the compiled Qt resources (icons, .qm catalogs) and shipped files.

``packaging/build_qt_assets.py`` compiles ``resources/app.qrc`` into
``gpu_advisor/ui/_resources_rc.py`` (generated, git-ignored). When that module
is missing (a fresh checkout before the build step) the same files are read
from the ``gpu_advisor.resources`` package instead, so the app still starts.
"""

from __future__ import annotations

import functools
import importlib
from importlib import resources
from importlib.abc import Traversable

from PySide6.QtCore import QFile
from PySide6.QtGui import QIcon


@functools.cache
def ensure_loaded() -> bool:
    """Register the compiled resources once; False when they were not built."""
    try:
        # Imported by name: the module is generated at build time.
        importlib.import_module("gpu_advisor.ui._resources_rc")
    except ImportError:
        return False
    return True


def resource_file(*parts: str) -> Traversable:
    """A file shipped in ``gpu_advisor.resources`` (e.g. ``"guide", "guide_en.md"``)."""
    node = resources.files("gpu_advisor.resources")
    for part in parts:
        node = node / part
    return node


def icon(name: str) -> QIcon:
    """The icon ``:/icons/<name>.svg``, falling back to the shipped SVG file."""
    ensure_loaded()
    qrc_path = f":/icons/{name}.svg"
    if QFile.exists(qrc_path):
        return QIcon(qrc_path)
    path = resource_file("icons", f"{name}.svg")
    return QIcon(str(path)) if path.is_file() else QIcon()
