"""Parser for ``dcgmi dmon``: sampled DCGM fields, one column per field.

``dcgmi dmon -e ID,ID,... [-i GPU] [-c COUNT]`` prints a header
``#Entity  F1  F2 ...`` (the fields' short names), a second header line with
``ID`` (and units for some fields), then one row per entity and sample
(``GPU 0  0.998  0.885 ...``); ``N/A`` marks a field without a value yet.
Source: DCGM User Guide, "Feature Overview / Profiling Metrics" and
``dcgmi dmon --list`` (https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/).

Any field list is read: known short names get a metric name and unit from
:data:`DMON_FIELDS`; unknown ones are stored as ``dmon.<name>`` without a unit.
"""

from __future__ import annotations

import re
from typing import Final

from gpu_advisor.io.results_parsers import _measure, refusal
from gpu_advisor.model.project import Measurement

DMON_TOOL: Final = "dcgmi-dmon"
"""``tool`` of the measurements read from ``dcgmi dmon``."""

DMON_FIELDS: Final[dict[str, tuple[str, str]]] = {
    "GRACT": ("gr_engine_active", "ratio"),
    "SMACT": ("sm_active", "ratio"),
    "SMOCC": ("sm_occupancy", "ratio"),
    "TENSO": ("tensor_active", "ratio"),
    "DRAMA": ("dram_active", "ratio"),
    "FP64A": ("fp64_active", "ratio"),
    "FP32A": ("fp32_active", "ratio"),
    "FP16A": ("fp16_active", "ratio"),
    "PCITX": ("pcie_tx", "B/s"),
    "PCIRX": ("pcie_rx", "B/s"),
    "NVLTX": ("nvlink_tx", "B/s"),
    "NVLRX": ("nvlink_rx", "B/s"),
    "POWER": ("power", "W"),
    "GTEMP": ("gpu_temp", "C"),
    "MTEMP": ("memory_temp", "C"),
    "TMPTR": ("gpu_temp", "C"),
    "MMTMP": ("memory_temp", "C"),
    "TOTEC": ("energy", "mJ"),
    "SMCLK": ("sm_clock", "MHz"),
    "MMCLK": ("memory_clock", "MHz"),
    "GPUTL": ("gpu_util", "%"),
    "MCUTL": ("mem_copy_util", "%"),
    "FBUSD": ("fb_used", "MiB"),
    "FBFRE": ("fb_free", "MiB"),
    "XIDER": ("xid_last", ""),
    "DVCCTR": ("clocks_event_reasons", "bitmask"),
    "GTLIMIT": ("gpu_temp_tlimit", "C"),
}
"""Short names printed by ``dcgmi dmon`` → (metric, unit).

Profiling fields 1001–1012 (GRACT … NVLRX): activity ratios 0–1 and bytes
per second, DCGM field documentation (``DCGM_FI_PROF_*``). ``DVCCTR`` is field
112, the clock-event (throttle) reasons bit mask, and ``GTLIMIT`` field 153,
the thermal margin to the slowdown threshold in °C (NVIDIA/DCGM @ 72fa3fe,
``dcgmlib/src/dcgm_fields.cpp``); a negative margin is kept as
``dmon.gpu_temp_over_tlimit`` (:func:`_reading`).
"""


def _reading(metric: str, value: float) -> tuple[str, float]:
    """(metric, value) of one cell; a T.Limit margin below 0 (a measurement is
    never negative) is how far past its limit the GPU is.

    >>> _reading("dmon.gpu_temp_tlimit", -2.0), _reading("dmon.power", 300.0)
    (('dmon.gpu_temp_over_tlimit', 2.0), ('dmon.power', 300.0))
    """
    if metric == "dmon.gpu_temp_tlimit" and value < 0:
        return "dmon.gpu_temp_over_tlimit", -value
    return metric, value


_HEADER = re.compile(r"^#\s*Entity\s+(?P<fields>\S.*)$")
_ROW = re.compile(
    r"^(?P<kind>[A-Za-z][A-Za-z-]*)\s+(?P<id>[0-9]{1,6})(?:\s+(?P<rest>.*))?$"
)
"""An entity row: ``GPU 0 ...``; also ``GPU-I``, ``GPU-CI``, ``CPU``, ``CX``,
``LINK``, ``Switch`` and kinds later DCGM versions add (read only for GPUs)."""
_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]{1,3})?")
_NO_VALUE = re.compile(r"N/A|-", re.IGNORECASE)
"""A cell without a value yet (``N/A`` until the field's first sample)."""


def looks_like_dcgmi_dmon(text: str) -> bool:
    """True when ``text`` starts (after blank lines) with the ``#Entity`` header of dmon."""
    for raw in text[:4000].splitlines():
        if raw.strip():
            return _HEADER.match(raw.strip()) is not None
    return False


def _with_units(
    fields: list[tuple[str, str]], header: str, units: str, file: str, line: int
) -> list[tuple[str, str]]:
    """The fields with the units of dmon's ``ID`` line (``ID  C  W  mJ``).

    dcgmi prints each unit under its field's short name, in the same column
    (``DeviceMonitor::SetHeaderForOutput``); a unit printed there wins over
    the one known for the field. A unit that contradicts a known one refuses
    the file rather than be dropped.
    """
    starts = [m.start() for m in re.finditer(r"\S+", header)][1:]
    if len(starts) != len(fields):
        return fields
    out: list[tuple[str, str]] = []
    for index, (metric, known) in enumerate(fields):
        end = starts[index + 1] if index + 1 < len(starts) else len(units)
        printed = units[starts[index] : end].strip()
        if printed and " " in printed:
            return fields  # not aligned: the units cannot be told apart
        unit = _DMON_UNITS.get(printed, printed)
        if printed and known and unit != known:
            raise refusal(
                file,
                line,
                "io.results.dmon.unit",
                metric=metric,
                printed=printed,
                known=known,
            )
        out.append((metric, unit or known))
    return out


_DMON_UNITS: Final = {"C": "C", "W": "W", "mJ": "mJ", "MHz": "MHz", "%": "%"}
"""Units as DCGM prints them (``DCGM_FIELD_UNIT_*``), kept as they are."""


def parse_dcgmi_dmon(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read ``dcgmi dmon`` output: ``dmon.<field>`` per GPU and sample.

    Examples
    --------
    >>> out = parse_dcgmi_dmon(
    ...     "#Entity   GRACT   TENSO\\nID\\nGPU 0     N/A     N/A\\nGPU 0     0.998   0.885\\n",
    ...     "d.txt", "n1")
    >>> [(m.metric, m.value, m.unit, m.gpu, m.sample) for m in out]
    [('dmon.gr_engine_active', 0.998, 'ratio', 0, 1), ('dmon.tensor_active', 0.885, 'ratio', 0, 1)]
    """
    fields: list[tuple[str, str]] | None = None
    header_raw = ""
    samples: dict[int, int] = {}
    out: list[Measurement] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        header = _HEADER.match(line)
        if header:
            names = header.group("fields").split()
            fields = [
                DMON_FIELDS.get(name.upper(), (re.sub(r"\W", "_", name.lower()), ""))
                for name in names
            ]
            header_raw = raw.rstrip()
            continue
        if fields is not None and re.match(r"(?i)id\b", line):
            fields = _with_units(fields, header_raw, raw.rstrip(), file, number)
            continue
        if fields is None or line.startswith("#"):
            continue
        row = _ROW.match(line)
        if not row:
            if line.lower().startswith(("error", "failed", "unable")):
                raise refusal(file, number, "io.results.dmon.reported", line=line[:200])
            # dmon prints nothing else between its rows: this is a row that
            # was cut or edited, and a file is taken whole or not at all.
            raise refusal(file, number, "io.results.dmon.row", line=line[:60])
        cells = (row.group("rest") or "").split()
        if len(cells) != len(fields):
            raise refusal(
                file,
                number,
                "io.results.dmon.values",
                expected=len(fields),
                found=len(cells),
            )
        if row.group("kind") != "GPU":
            continue
        gpu = int(row.group("id"))
        sample = samples.get(gpu, 0)
        samples[gpu] = sample + 1
        for (metric, unit), cell in zip(fields, cells, strict=True):
            if _NO_VALUE.fullmatch(cell):
                continue  # the field had no value yet
            if not _NUMBER.fullmatch(cell):
                raise refusal(
                    file,
                    number,
                    "io.results.dmon.not_a_number",
                    metric=metric,
                    cell=cell[:40],
                )
            name, value = _reading(f"dmon.{metric}"[:128], float(cell))
            out.append(
                _measure(
                    file,
                    number,
                    tool=DMON_TOOL,
                    metric=name,
                    value=value,
                    unit=unit,
                    node=node,
                    gpu=gpu,
                    sample=sample,
                )
            )
    if fields is None:
        raise refusal(file, 1, "io.results.dmon.no_header")
    if not out:
        raise refusal(file, 1, "io.results.dmon.all_missing")
    return out
