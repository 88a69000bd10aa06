"""Size limits shared by the schema, save, load and autosave.

They live in the model layer so that the schema (:mod:`gpu_advisor.model.project`)
and the file layer (:mod:`gpu_advisor.io.limits`, which re-exports them) use
the same numbers: whatever the schema accepts, save writes and load reads.
"""

from __future__ import annotations

from typing import Final

MAX_PROJECT_BYTES: Final = 64 * 2**20
"""Largest project file that is read or written [B].

A saved measurement takes about 150-250 B (one compact line, see
:func:`gpu_advisor.io.project_file.dumps_project`), so the
:data:`MAX_MEASUREMENTS_TOTAL` measurements the schema allows fit, with room
for long names; save refuses anything larger, so what saves always loads.
"""

MAX_MEASUREMENTS_TOTAL: Final = 250_000
"""Most measurements in one project, all vendors together.

A 709 kB vendor training log gives about 72,000 measurements; this allows
three such logs.
"""

MAX_MEASUREMENTS_PER_VENDOR: Final = 100_000
"""Most measurements of one vendor."""

MAX_VENDORS: Final = 100
"""Most vendors in one project."""

MIN_MFU: Final = 1e-3
"""Lowest model FLOPs utilisation accepted (0.1 %); below it run times overflow."""

MIN_BILLING_GRANULARITY_HOURS: Final = 1 / 60
"""Shortest billing step accepted: one minute [h]."""

MIN_HARDWARE_LIFE_YEARS: Final = 0.25
"""Shortest hardware life accepted: three months [years]; below it the monthly
depreciation and the replacements overflow."""

MAX_NODES: Final = 100_000
"""Most servers an environment (and so a generated launch file) lists."""
