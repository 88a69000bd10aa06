"""Colours shared by the app's charts and the PDF's, so both read alike.

Plain hex strings: the UI (pyqtgraph) and the PDF (reportlab) each turn them
into their own colour objects, and importing this module costs nothing.
"""

from __future__ import annotations

from typing import Final

MEMORY_PART_COLORS: Final = {
    "weights": "#1f77b4",
    "gradients": "#ff7f0e",
    "optimizer": "#d62728",
    "activations": "#2ca02c",
    "kv_cache": "#9467bd",
    "overhead": "#8c8c8c",
}
"""Memory parts of one card, in stack order (bottom first)."""
