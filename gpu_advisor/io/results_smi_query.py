"""Read ``nvidia-smi -q`` (and ``-a``): temperature and its T.Limit margin,
clocks, power, utilisation, ECC and the clock-event (throttle) reasons per GPU.

The text report is what people paste when asked "is the card throttling?":
a ``GPU <bus id>`` line per GPU, then sections indented by four spaces
(``Clocks Event Reasons``, called ``Clocks Throttle Reasons`` before driver
535; ``Temperature``; ``GPU Power Readings``, ``Power Readings`` before
driver 530; ...) with ``Name : value`` lines. A paste of sections without the
``GPU`` line (the ``Clocks Throttle Reasons`` block alone) is one GPU.

The same metrics as the XML reader (:mod:`gpu_advisor.io.results_smi_xml`):
``throttle.<reason>`` = 1 when "Active", 0 when "Not Active"; the T.Limit
margin as :mod:`gpu_advisor.io.results_smi_tlimit` keeps it. A line the
reader reads whose value is neither a reading nor "N/A" refuses the file.

Format: nvidia-smi(1) manual page, "GPU ATTRIBUTES" and "Clocks Event
Reasons" (https://docs.nvidia.com/deploy/nvidia-smi/); real outputs in
``tests/data/real-samples/nvidia-smi`` (SOURCES.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final

from gpu_advisor.io.results_parsers import _measure, refusal
from gpu_advisor.io.results_smi_tlimit import TLIMIT_METRIC, tlimit_reading
from gpu_advisor.model.project import Measurement

_GPU_LINE = re.compile(
    r"^GPU ([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f])\s*$"
)
_ITEM = re.compile(
    r"^(?P<indent> *)(?P<key>[^:\s][^:]*?)\s*(?::\s?(?P<value>.*?))?\s*$"
)
_VALUE = re.compile(r"^(?P<num>-?[0-9]+(?:\.[0-9]+)?)\s*(?P<unit>[A-Za-z]+|%)?$")
_ABSENT = re.compile(
    r"N/A|\[N/A\]|Not Supported|\[Not Supported\]|Unknown Error|Unknown|", re.IGNORECASE
)
"""What nvidia-smi prints where a reading has no value."""

REASON_SECTIONS: Final = frozenset({"Clocks Event Reasons", "Clocks Throttle Reasons"})
"""The sections of the clock-event reasons (driver 535 renamed the second)."""

_REASON_NAMES: Final = {
    "Idle": "gpu_idle",
    "Display Clock Setting": "display_clock_setting",
}
"""Reasons whose ``-q`` name is not the snake case of the CSV field's."""

READINGS: Final[dict[tuple[str, str], str]] = {
    ("Temperature", "GPU Current Temp"): "temperature.gpu",
    ("Temperature", "GPU T.Limit Temp"): TLIMIT_METRIC,
    ("Temperature", "Memory Current Temp"): "temperature.memory",
    ("GPU Power Readings", "Power Draw"): "power.draw",
    ("GPU Power Readings", "Current Power Limit"): "power.limit",
    ("Power Readings", "Power Draw"): "power.draw",
    ("Power Readings", "Power Limit"): "power.limit",
    ("Clocks", "SM"): "clocks.sm",
    ("Max Clocks", "SM"): "clocks.max.sm",
    ("Utilization", "Gpu"): "utilization.gpu",
    ("FB Memory Usage", "Total"): "memory.total",
}
"""(section, name) → metric: the readings the checks use, named as in the CSV."""

LABELS: Final = {
    "Product Name": "name",
    "Serial Number": "serial",
    "GPU UUID": "uuid",
    "VBIOS Version": "vbios_version",
    "Board ID": "board_id",
    "Module ID": "module_id",
    "Minor Number": "minor_number",
}
"""``-q`` identifiers kept as labels, named as in the CSV and the XML."""


def looks_like_nvidia_smi_query(text: str) -> bool:
    """True for ``nvidia-smi -q`` text: its banner, or a clock-event section.

    >>> looks_like_nvidia_smi_query("==============NVSMI LOG==============\\n")
    True
    >>> looks_like_nvidia_smi_query("Clocks Throttle Reasons\\n    Idle : Active\\n")
    True
    >>> looks_like_nvidia_smi_query("Clocks are fine\\n")
    False
    """
    head = text[:16000]
    if "==============NVSMI LOG==============" in head:
        return True
    lines = head.splitlines()
    return any(
        line.strip() in REASON_SECTIONS
        and i + 1 < len(lines)
        and lines[i + 1].rstrip().endswith(("Active", "Not Active"))
        for i, line in enumerate(lines)
    )


@dataclass
class _Gpu:
    """One GPU's readings while its block is read."""

    line: int
    labels: dict[str, str]
    readings: list[tuple[str, float, str, int]] = field(default_factory=list)
    ecc: list[tuple[float, int]] = field(default_factory=list)


def _reason(key: str) -> str:
    """``throttle.<reason>`` for a ``-q`` reason name, as the CSV names it.

    >>> _reason("HW Power Brake Slowdown"), _reason("Idle")
    ('throttle.hw_power_brake_slowdown', 'throttle.gpu_idle')
    """
    name = _REASON_NAMES.get(key, key.lower().replace(" ", "_"))
    return f"throttle.{name}"


def _items(text: str) -> Iterator[tuple[int, tuple[str, ...], str, str | None]]:
    """(line, section path, name, value) of each line; a GPU line has the path
    ``("GPU",)`` and its bus id as the value."""
    stack: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("="):
            continue
        gpu = _GPU_LINE.match(raw.rstrip())
        if gpu:
            stack = []
            yield number, ("GPU",), "GPU", gpu.group(1)
            continue
        item = _ITEM.match(raw.replace("\t", "    "))
        if not item:
            continue
        indent = len(item.group("indent"))
        while stack and stack[-1][0] >= indent:
            stack.pop()
        key, value = item.group("key"), item.group("value")
        yield number, tuple(name for _, name in stack), key, value
        if value is None:
            stack.append((indent, key))


def _number(text: str, file: str, line: int, key: str) -> tuple[float, str] | None:
    """(value, unit) of a reading, None for "N/A"; anything else refuses the file."""
    if _ABSENT.fullmatch(text):
        return None
    match = _VALUE.match(text)
    if not match:
        raise refusal(file, line, "io.results.smi_q.reading", name=key, text=text[:40])
    return float(match.group("num")), match.group("unit") or ""


def _read_item(
    gpu: _Gpu, path: tuple[str, ...], key: str, value: str, file: str, line: int
) -> None:
    """Keep one ``Name : value`` line of a GPU's block when the checks read it."""
    section = path[-1] if path else ""
    if key in LABELS and not path and not _ABSENT.fullmatch(value):
        gpu.labels[LABELS[key]] = value[:200]
    elif any(p in REASON_SECTIONS for p in path):
        state = value.lower()
        if _ABSENT.fullmatch(value):
            return
        if state not in ("active", "not active"):
            raise refusal(
                file, line, "io.results.smi_q.active", name=key, state=value[:40]
            )
        gpu.readings.append((_reason(key), float(state == "active"), "flag", line))
    elif (section, key) in READINGS:
        found = _number(value, file, line, key)
        if found is None:
            return
        metric = READINGS[(section, key)]
        if metric == TLIMIT_METRIC:
            gpu.readings.append((*tlimit_reading(found[0]), "C", line))
        else:
            unit = "C" if metric.startswith("temperature") else found[1]
            gpu.readings.append((metric, found[0], unit, line))
    elif (
        "ECC Errors" in path
        and "Volatile" in path
        and _volatile_uncorrectable(path, key)
    ):
        found = _number(value, file, line, key)
        if found is not None:
            gpu.ecc.append((found[0], line))


def _volatile_uncorrectable(path: tuple[str, ...], key: str) -> bool:
    """A volatile uncorrectable ECC counter: ``DRAM Uncorrectable``, ``SRAM
    Uncorrectable Parity`` (A100 and later), ``Double Bit / Total`` (before)."""
    if "Uncorrectable" in key and "Threshold" not in key:
        return True
    return key == "Total" and path[-1] == "Double Bit"


def parse_nvidia_smi_query(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read ``nvidia-smi -q`` text: per GPU temperature, T.Limit margin, clocks,
    power, utilisation, volatile uncorrectable ECC errors and throttle reasons.

    GPUs are numbered in the order of the file (the bus order nvidia-smi
    prints), as in the XML reader; identifiers are labels.

    Examples
    --------
    >>> text = "Clocks Throttle Reasons\\n    HW Slowdown : Active\\n"
    >>> [(m.metric, m.value, m.gpu) for m in parse_nvidia_smi_query(text, "q.txt", None)]
    [('throttle.hw_slowdown', 1.0, 0)]
    """
    driver: str | None = None
    gpus: list[_Gpu] = []
    for line, path, key, value in _items(text):
        if path == ("GPU",):
            gpus.append(_Gpu(line=line, labels={"pci.bus_id": value or ""}))
        elif key == "Driver Version" and not gpus and value:
            driver = value
        elif value is not None and (gpus or path):
            if not gpus:  # a pasted section without its GPU line: one GPU
                gpus.append(_Gpu(line=line, labels={}))
            _read_item(gpus[-1], path, key, value, file, line)
    if not any(g.readings or g.ecc for g in gpus):
        raise refusal(file, 1, "io.results.smi_q.no_gpu")
    return [
        m
        for index, gpu in enumerate(gpus)
        for m in _gpu_measurements(gpu, index, driver, file, node)
    ]


def _gpu_measurements(
    gpu: _Gpu, index: int, driver: str | None, file: str, node: str | None
) -> Iterator[Measurement]:
    labels = dict(gpu.labels)
    if driver:
        labels["driver_version"] = driver[:200]
    readings = list(gpu.readings)
    if gpu.ecc:
        readings.append(
            (
                "ecc.volatile.uncorrectable",
                sum(v for v, _ in gpu.ecc),
                "count",
                gpu.ecc[0][1],
            )
        )
    for metric, value, unit, line in readings:
        yield _measure(
            file,
            line,
            tool="nvidia-smi",
            metric=metric,
            value=value,
            unit=unit,
            node=node,
            gpu=index,
            labels=labels,
        )
