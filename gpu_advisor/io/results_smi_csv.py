"""Read ``nvidia-smi --query-gpu=... --format=csv`` (with or without units).

Format: nvidia-smi(1) manual page, section "GPU ATTRIBUTES"
(https://docs.nvidia.com/deploy/nvidia-smi/), and
``nvidia-smi --help-query-gpu``.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Final

from gpu_advisor.io.results_parsers import _int, _measure, refusal
from gpu_advisor.io.results_smi_tlimit import TLIMIT_METRIC, tlimit_reading
from gpu_advisor.model.project import Measurement

_CSV_UNIT = re.compile(r"^(?P<name>[A-Za-z0-9_.]+)\s*(?:\[(?P<unit>[A-Za-z]+|%)\])?$")
_NUMERIC_CELL = re.compile(r"^(?P<num>-?[0-9]+(?:\.[0-9]+)?)\s*(?P<unit>[A-Za-z]+|%)?$")

_CSV_KNOWN: Final[dict[str, str]] = {
    "temperature.gpu": "C",
    "temperature.memory": "C",
    "temperature.gpu.tlimit": "C",
    "power.draw": "W",
    "power.draw.average": "W",
    "power.draw.instant": "W",
    "power.limit": "W",
    "enforced.power.limit": "W",
    "power.default_limit": "W",
    "power.min_limit": "W",
    "power.max_limit": "W",
    "module.power.draw.average": "W",
    "module.power.draw.instant": "W",
    "module.power.limit": "W",
    "module.enforced.power.limit": "W",
    "module.power.default_limit": "W",
    "module.power.min_limit": "W",
    "module.power.max_limit": "W",
    "memory.total": "MiB",
    "memory.used": "MiB",
    "memory.free": "MiB",
    "memory.reserved": "MiB",
    "utilization.gpu": "%",
    "utilization.memory": "%",
    "utilization.encoder": "%",
    "utilization.decoder": "%",
    "utilization.jpeg": "%",
    "utilization.ofa": "%",
    "fan.speed": "%",
    "pcie.link.gen.current": "generation",
    "pcie.link.gen.max": "generation",
    "pcie.link.gen.gpucurrent": "generation",
    "pcie.link.gen.gpumax": "generation",
    "pcie.link.gen.hostmax": "generation",
    "pcie.link.width.current": "lanes",
    "pcie.link.width.max": "lanes",
}
"""Numeric ``--query-gpu`` fields read as measurements, with their unit.

The unit in the header (``power.draw [W]``) or in the cell (``81920 MiB``)
wins; this table gives the unit of fields printed without one
(``temperature.gpu``, ``pcie.link.gen.max``) and under ``--format=csv,nounits``.
Families of fields are in :data:`CSV_KNOWN_PREFIXES`. Identifiers
(``serial``, ``uuid``, ``pci.*``, ``driver_version``, ``name``) never become
values (:data:`CSV_LABEL_FIELDS`). Source: ``nvidia-smi --help-query-gpu``.
"""

CSV_KNOWN_PREFIXES: Final[dict[str, str]] = {
    "clocks.": "MHz",
    "clocks_event_reasons_counters.": "us",
    "ecc.errors.": "count",
    "retired_pages.": "count",
    "remapped_rows.": "count",
}
"""Families of numeric ``--query-gpu`` fields → unit: clocks [MHz], time spent
in each clock event reason [us] (driver 550 and later), ECC error counts,
retired pages and remapped rows (and banks per remapping histogram bucket)."""

CSV_FLAG_FIELDS: Final = frozenset(
    {
        "remapped_rows.pending",
        "remapped_rows.failure",
        "retired_pages.pending",
        "ecc.errors.uncorrected.aggregate.sram.thresholdExceeded",
        "ecc.errors.uncorrected.volatile.sram.thresholdExceeded",
    }
)
"""Fields nvidia-smi prints as ``Yes``/``No``: 1/0 with the unit ``flag``."""

CSV_LABEL_FIELDS: Final = (
    "uuid",
    "pci.bus_id",
    "serial",
    "name",
    "hostname",
    "host",
    "driver_version",
    "vbios_version",
    "board_id",
    "module_id",
)
"""``--query-gpu`` identifiers kept as labels on the row's measurements (never values).

``index`` is the measurement's ``gpu``; ``hostname`` (or ``host``), when a
collector adds it, is also the measurement's node.
"""

_REASON_PREFIXES: Final = ("clocks_event_reasons.", "clocks_throttle_reasons.")
_HEX_MASK = re.compile(r"0x[0-9a-fA-F]{1,16}")
_ABSENT_CELL = re.compile(
    r"\[[^\]]*\]|N/A|Not Supported|Unknown Error|ERR!", re.IGNORECASE
)
"""A cell without a value: ``[N/A]``, ``[Not Supported]``, ``[Unknown Error]``,
``[Requested functionality has been deprecated]``, or ``N/A`` unbracketed
(``temperature.memory`` on some boards)."""


def _csv_unit(name: str) -> str | None:
    """The unit of a known numeric field, or None for a field that is not read."""
    if name in _CSV_KNOWN:
        return _CSV_KNOWN[name]
    for prefix, unit in CSV_KNOWN_PREFIXES.items():
        if name.startswith(prefix):
            return unit
    return None


def _csv_value(
    name: str, cell: str, file: str, line: int
) -> tuple[str, float, str] | None:
    """(metric, value, unit) for one CSV cell, or None (no value, or not a field we read).

    Clock event (throttle) reasons become ``throttle.<reason>`` = 1 for
    "Active" and 0 for "Not Active", as in the XML; the ``.active`` bit mask
    becomes ``throttle.active_mask``. A field we read whose cell is neither a
    value nor one of the "no value" marks (:data:`_ABSENT_CELL`) is damage:
    the file is refused rather than imported without that value.
    """
    if _ABSENT_CELL.fullmatch(cell):
        return None
    for prefix in _REASON_PREFIXES:
        if name.startswith(prefix):
            reason = name.removeprefix(prefix)
            if reason in ("supported", "active"):
                if not _HEX_MASK.fullmatch(cell):
                    raise refusal(
                        file, line, "io.results.smi.bitmask", name=name, cell=cell[:40]
                    )
                if reason == "supported":
                    return None
                return "throttle.active_mask", float(int(cell, 16)), "bitmask"
            state = cell.lower()
            if state not in ("active", "not active"):
                raise refusal(
                    file, line, "io.results.smi.active", name=name, cell=cell[:40]
                )
            return f"throttle.{reason}", float(state == "active"), "flag"
    unit = _csv_unit(name)
    if unit is None:
        return None
    if name in CSV_FLAG_FIELDS and cell.lower() in ("yes", "no"):
        return name, float(cell.lower() == "yes"), "flag"
    match = _NUMERIC_CELL.match(cell)
    if not match:
        raise refusal(
            file, line, "io.results.smi.not_a_number", name=name, cell=cell[:40]
        )
    unit = match.group("unit") or unit
    if name == TLIMIT_METRIC:  # a margin may be negative: results_smi_tlimit
        return (*tlimit_reading(float(match.group("num"))), unit)
    return name, float(match.group("num")), unit


def _csv_labels(names: list[str], row: list[str]) -> dict[str, str]:
    """The identifier cells of one CSV row (``uuid``, ``pci.bus_id``, ...), as printed.

    ``[N/A]``-style cells and empty cells are left out; a value is cut to 200
    characters (the schema's limit).
    """
    labels: dict[str, str] = {}
    for name, cell in zip(names, row, strict=True):
        text = cell.strip()
        if name in CSV_LABEL_FIELDS and text and not text.startswith("["):
            labels[name] = text[:200]
    return labels


def _csv_rows(text: str, file: str) -> list[list[str]]:
    """The rows of a CSV text; a malformed row (a line break or quote inside a cell) names its line."""
    reader = csv.reader(io.StringIO(text, newline=""), skipinitialspace=True)
    try:
        return list(reader)
    except csv.Error as exc:
        raise refusal(
            file, reader.line_num or 1, "io.results.csv_row", detail=str(exc)
        ) from None


def looks_like_nvidia_smi_csv(first_line: str) -> bool:
    """True when the first line is an ``nvidia-smi --query-gpu`` CSV header."""
    names = [cell.strip().split(" ", 1)[0] for cell in first_line.split(",")]
    known = {"index", "name", "uuid", "pci.bus_id", "temperature.gpu", "memory.total"}
    return len(names) >= 2 and len(known.intersection(names)) >= 2


_GPU_ID_COLUMNS: Final = ("index", "pci.bus_id", "uuid")
"""Columns that name the GPU of a row, best first."""


def _gpu_column(names: list[str], file: str) -> int:
    """The column naming each row's GPU: ``index``, else ``pci.bus_id``, else ``uuid``."""
    for name in _GPU_ID_COLUMNS:
        if name in names:
            return names.index(name)
    raise refusal(file, 1, "io.results.smi.no_gpu_column")


def _gpu_numbers(
    rows: list[list[str]], names: list[str], column: int
) -> dict[str, int] | None:
    """GPU numbers when the query has no ``index``: None when it has one.

    nvidia-smi numbers GPUs in PCI bus order, so by ``pci.bus_id`` the n-th
    bus id (sorted) is GPU n; by ``uuid`` the GPUs are numbered in the order
    of their first row (nvidia-smi prints each sweep in index order).
    """
    if names[column] == "index":
        return None
    seen: list[str] = []
    for row in rows[1:]:
        if len(row) == len(names):
            cell = row[column].strip()
            if cell and cell not in seen and cell != names[column]:
                seen.append(cell)
    if names[column] == "pci.bus_id":
        seen.sort(key=str.lower)
    return {cell: number for number, cell in enumerate(seen)}


def parse_nvidia_smi_csv(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read ``nvidia-smi --query-gpu=... --format=csv`` (with or without units).

    Numeric columns become measurements named after the query field
    (``temperature.gpu``, ``clocks.max.sm``, ...) with the unit from the
    header (``memory.total [MiB]``) or the cell (``81920 MiB``). ``[N/A]`` and
    ``[Not Supported]`` cells are skipped; any other text in a field that is
    read refuses the file. ``Yes``/``No`` fields (:data:`CSV_FLAG_FIELDS`)
    are flags. With ``-l`` (repeated samples) ``sample`` counts the sweeps
    over the GPUs.

    Examples
    --------
    >>> out = parse_nvidia_smi_csv(
    ...     "index, temperature.gpu, memory.total [MiB]\\n0, 41, 81920 MiB\\n", "q.csv", "n1")
    >>> [(m.metric, m.value, m.unit, m.gpu) for m in out]
    [('temperature.gpu', 41.0, 'C', 0), ('memory.total', 81920.0, 'MiB', 0)]
    """
    rows = _csv_rows(text, file)
    header: list[tuple[str, str]] = []
    for cell in rows[0]:
        match = _CSV_UNIT.match(cell.strip())
        if not match:
            raise refusal(file, 1, "io.results.smi.header_cell", cell=cell.strip()[:60])
        header.append((match.group("name"), match.group("unit") or ""))
    names = [name for name, _ in header]
    index_column = _gpu_column(names, file)
    gpu_of = _gpu_numbers(rows, names, index_column)
    seen: dict[int, int] = {}
    out: list[Measurement] = []
    for number, row in enumerate(rows[1:], start=2):
        if not row or all(not cell.strip() for cell in row):
            continue
        if [cell.strip().split(" ", 1)[0] for cell in row] == names:
            continue  # the header repeats when samples are appended
        if len(row) != len(header):
            raise refusal(
                file, number, "io.results.columns", expected=len(header), found=len(row)
            )
        index_text = row[index_column].strip()
        if gpu_of is None:
            gpu = _int(index_text, file, number, "GPU index")
        elif index_text in gpu_of:
            gpu = gpu_of[index_text]
        else:
            raise refusal(
                file,
                number,
                "io.results.smi.row_without_gpu",
                column=names[index_column],
            )
        sample = seen.get(gpu, 0)
        seen[gpu] = sample + 1
        labels = _csv_labels(names, row)
        row_node = labels.get("hostname") or labels.get("host") or node
        for column, ((name, unit), cell) in enumerate(zip(header, row, strict=True)):
            if column == index_column or name in CSV_LABEL_FIELDS:
                continue
            read = _csv_value(name, cell.strip(), file, number)
            if read is None:
                continue  # no value, or a field not read (text, modes, identifiers)
            metric, value, cell_unit = read
            out.append(
                _measure(
                    file,
                    number,
                    tool="nvidia-smi",
                    metric=metric,
                    value=value,
                    unit=unit or cell_unit,
                    node=row_node,
                    gpu=gpu,
                    sample=sample,
                    labels=labels,
                )
            )
    if not seen:
        raise refusal(file, 1, "io.results.smi.no_rows")
    return out
