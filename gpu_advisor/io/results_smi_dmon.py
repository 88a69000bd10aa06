"""Read ``nvidia-smi dmon``: sampled GPU figures, one column per figure.

Format: nvidia-smi(1), "dmon": a header ``# gpu   pwr  gtemp  mtemp  sm  mem
enc  dec  mclk  pclk`` (``-s`` chooses the groups; ``-o DT`` puts ``Date`` and
``Time`` first), a units line ``# Idx  W  C  C  %  %  %  %  MHz  MHz``, then
one row per GPU and sample; ``-`` marks a figure the GPU does not report. The
units line is read, so every figure keeps the unit nvidia-smi printed.
"""

from __future__ import annotations

import re
from typing import Final

from gpu_advisor.io.results_parsers import (
    _float,
    _int,
    _measure,
    refusal,
)
from gpu_advisor.model.project import Measurement

SMI_DMON_TOOL: Final = "nvidia-smi-dmon"
"""``tool`` of the measurements read from ``nvidia-smi dmon``."""

_HEADER = re.compile(r"^#\s*(?:Date\s+)?(?:Time\s+)?gpu\s+\S", re.IGNORECASE)
_UNITS = re.compile(r"^#\s*(?:YYYYMMDD\s+)?(?:HH:MM:SS\s+)?Idx\b", re.IGNORECASE)


def looks_like_nvidia_smi_dmon(text: str) -> bool:
    """True when the first lines are dmon's header and units line."""
    lines = [line.strip() for line in text[:4000].splitlines() if line.strip()]
    return (
        len(lines) >= 2
        and bool(_HEADER.match(lines[0]))
        and bool(_UNITS.match(lines[1]))
    )


def parse_nvidia_smi_dmon(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read ``nvidia-smi dmon``: ``dmon.<column>`` per GPU and sample, with the
    unit of the ``# Idx`` line.

    Examples
    --------
    >>> out = parse_nvidia_smi_dmon(
    ...     "# gpu   pwr  gtemp\\n# Idx     W      C\\n    0    62     36\\n", "d.txt", "n1")
    >>> [(m.metric, m.value, m.unit, m.gpu, m.sample) for m in out]
    [('dmon.pwr', 62.0, 'W', 0, 0), ('dmon.gtemp', 36.0, 'C', 0, 0)]
    """
    names: list[str] | None = None
    units: list[str] | None = None
    samples: dict[int, int] = {}
    out: list[Measurement] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if _HEADER.match(line):
            names = line.lstrip("#").split()
            continue
        if _UNITS.match(line):
            units = line.lstrip("#").split()
            continue
        if names is None or units is None or len(units) != len(names):
            raise refusal(file, number, "io.results.dmon.before_header")
        cells = line.split()
        if len(cells) != len(names):
            raise refusal(
                file,
                number,
                "io.results.dmon.values",
                expected=len(names),
                found=len(cells),
            )
        columns = dict(zip((n.lower() for n in names), cells, strict=True))
        gpu = _int(columns["gpu"], file, number, "gpu")
        sample = samples.get(gpu, 0)
        samples[gpu] = sample + 1
        for name, unit, cell in zip(names, units, cells, strict=True):
            if name.lower() in ("gpu", "date", "time") or cell == "-":
                continue
            out.append(
                _measure(
                    file,
                    number,
                    tool=SMI_DMON_TOOL,
                    metric=f"dmon.{name.lower()}"[:128],
                    value=_float(cell, file, number, name),
                    unit=unit[:32],
                    node=node,
                    gpu=gpu,
                    sample=sample,
                )
            )
    if not out:
        raise refusal(file, 1, "io.results.dmon.no_rows")
    return out
