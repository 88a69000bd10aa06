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


OPTION_COLORS: Final = {
    "on_demand": "#1f77b4",
    "monthly": "#ff7f0e",
    "yearly": "#9467bd",
    "spot": "#17becf",
    "mix": "#2ca02c",
    "colocation": "#d62728",
    "self_build": "#8c564b",
    "hybrid": "#e377c2",
    "hosted_api": "#bcbd22",
}
"""One colour per option id, as the app's cost charts draw them."""
