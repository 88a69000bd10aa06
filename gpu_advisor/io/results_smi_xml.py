"""Read ``nvidia-smi -q -x``: memory, temperature, clocks, power, ECC and
throttling per GPU, refusing XML that could expand entities.

Format: nvidia-smi(1) manual page, section "XML output"
(https://docs.nvidia.com/deploy/nvidia-smi/).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import Final

from gpu_advisor.io.results_parsers import (
    _line_of,
    _measure,
    refusal,
)
from gpu_advisor.io.results_smi_tlimit import TLIMIT_METRIC, tlimit_reading
from gpu_advisor.model.project import Measurement

MAX_XML_BYTES: Final = 16 * 2**20
"""Largest ``nvidia-smi -q -x`` file accepted; a 16-GPU node writes ~0.5 MiB."""

_DOCTYPE = re.compile(r"<!DOCTYPE\b[^>]*>", re.IGNORECASE)
_HARMLESS_DOCTYPE = re.compile(
    r'^<!DOCTYPE\s+nvidia_smi_log\s+SYSTEM\s+"[\w.\-]+\.dtd"\s*>$', re.IGNORECASE
)
_XML_VALUE = re.compile(r"^(-?[0-9]+(?:\.[0-9]+)?)\s*([A-Za-z]+|%)?$")


def check_xml_safe(text: str, file: str) -> None:
    """Refuse XML that could expand entities or pull in external content.

    ``nvidia-smi -q -x`` writes ``<!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_vNN.dtd">``:
    a reference to an external DTD that expat never fetches. That exact form is
    allowed; any other DOCTYPE, any internal subset and any ENTITY declaration
    is refused (the "billion laughs" and external-entity attacks need them).
    """
    if len(text) > MAX_XML_BYTES:
        raise refusal(file, 1, "io.results.xml.too_large", limit=MAX_XML_BYTES)
    upper = text.upper()
    for token in ("<!ENTITY", "<!ELEMENT", "<!ATTLIST"):
        pos = upper.find(token)
        if pos >= 0:
            raise refusal(
                file,
                text.count("\n", 0, pos) + 1,
                "io.results.xml.declaration",
                token=token[2:],
            )
    for match in _DOCTYPE.finditer(text):
        if not _HARMLESS_DOCTYPE.match(match.group(0)):
            raise refusal(
                file, text.count("\n", 0, match.start()) + 1, "io.results.xml.doctype"
            )


_XML_ABSENT = re.compile(
    r"N/A|\[N/A\]|Not Supported|Unknown Error|Unknown|Not Available|", re.IGNORECASE
)
"""Texts nvidia-smi writes where a reading has no value (or an empty element)."""

XML_LABELS: Final = (
    ("uuid", "uuid"),
    ("serial", "serial"),
    ("name", "product_name"),
    ("vbios_version", "vbios_version"),
    ("board_id", "board_id"),
    ("module_id", "module_id"),
    ("minor_number", "minor_number"),
)
"""``nvidia-smi -q -x`` identifiers kept as labels (label, element under ``<gpu>``),
besides ``pci.bus_id`` (the ``id`` attribute) and the log's ``driver_version``;
the same label names as the CSV (:data:`CSV_LABEL_FIELDS`)."""


def _xml_number(
    element: ET.Element | None, path: str, file: str, line: int
) -> tuple[float, str] | None:
    """(value, unit) of the element at ``path``, None when absent or "N/A".

    Any other text is damage and refuses the file (a reading is never
    dropped silently).
    """
    found = element.find(path) if element is not None else None
    if found is None:
        return None
    text = (found.text or "").strip()
    if _XML_ABSENT.fullmatch(text):
        return None
    match = _XML_VALUE.match(text)
    if not match:
        raise refusal(
            file, line, "io.results.xml.reading", tag=found.tag, text=text[:40]
        )
    return float(match.group(1)), match.group(2) or ""


def _xml_labels(root: ET.Element, gpu: ET.Element) -> dict[str, str]:
    """The GPU's identifiers (bus id, uuid, serial, name, ...) as printed, absent ones left out."""
    labels: dict[str, str] = {}
    found: list[tuple[str, str | None]] = [
        ("pci.bus_id", gpu.get("id")),
        ("driver_version", root.findtext("driver_version")),
    ]
    found += [(label, gpu.findtext(tag)) for label, tag in XML_LABELS]
    for label, raw in found:
        text = (raw or "").strip()
        if text and not _XML_ABSENT.fullmatch(text):
            labels[label] = text[:200]
    return labels


_THROTTLE_STATES: Final = {"active": 1.0, "not active": 0.0}


def parse_nvidia_smi_xml(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read ``nvidia-smi -q -x``: per GPU memory, temperature, clocks, power, ECC, throttling.

    Throttle reasons (``clocks_event_reasons`` since driver 535, earlier
    ``clocks_throttle_reasons``) become ``throttle.<reason>`` = 1 when
    "Active", 0 otherwise. ``ecc.volatile.uncorrectable`` sums the volatile
    uncorrectable counters the driver reports. Identifiers (bus id, uuid,
    serial, product name, driver) are labels on each GPU's measurements.
    """
    root = _smi_log(text, file)
    out: list[Measurement] = []
    for position, gpu in enumerate(root.findall("gpu")):
        bus_id = gpu.get("id", "")
        line = _line_of(text, f'<gpu id="{bus_id}"') if bus_id else 1
        labels = _xml_labels(root, gpu)
        # Index by order in the file (the order of nvidia-smi -i / bus id),
        # not minor_number: minor numbers follow /dev/nvidiaN and can be
        # swapped against the bus order (dual RTX A5000 on driver 590).
        index = position
        # The readers yield one reading at a time: a reading is checked as
        # it is made, so damage is reported in the order of the file.
        readings = chain(
            _gpu_readings(gpu, file, line),
            _ecc_reading(gpu, file, line),
            _throttle_readings(gpu, file, line),
        )
        out.extend(
            _measure(
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
            for metric, value, unit in readings
        )
    return out


def _smi_log(text: str, file: str) -> ET.Element:
    """The ``<nvidia_smi_log>`` root, refusing unsafe XML, other documents and
    a log without ``<gpu>``."""
    check_xml_safe(text, file)
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        line = exc.position[0] if exc.position else 1
        raise refusal(file, line, "io.results.xml.bad", detail=str(exc)) from None
    if root.tag != "nvidia_smi_log":
        raise refusal(file, 1, "io.results.xml.root", tag=root.tag)
    if not root.findall("gpu"):
        raise refusal(file, 1, "io.results.xml.no_gpu")
    return root


def _gpu_readings(
    gpu: ET.Element, file: str, line: int
) -> Iterator[tuple[str, float, str]]:
    """Memory, temperature, SM clocks and power of one GPU: (metric, value, unit)."""
    power = gpu.find("gpu_power_readings")
    if power is None:
        power = gpu.find("power_readings")
    fields: Iterable[tuple[str, ET.Element | None, str]] = (
        ("memory.total", gpu, "fb_memory_usage/total"),
        ("temperature.gpu", gpu, "temperature/gpu_temp"),
        (TLIMIT_METRIC, gpu, "temperature/gpu_temp_tlimit"),
        ("clocks.sm", gpu, "clocks/sm_clock"),
        ("clocks.max.sm", gpu, "max_clocks/sm_clock"),
        ("power.draw", power, "power_draw"),
        ("power.draw.average", power, "average_power_draw"),
        ("power.draw.instant", power, "instant_power_draw"),
        ("power.limit", power, "current_power_limit"),
    )
    for metric, parent, path in fields:
        found = _xml_number(parent, path, file, line)
        if found is None and metric == "power.limit":
            found = _xml_number(parent, "power_limit", file, line)
        if found is None and metric == "power.draw":
            # Schema v13 (driver 590) has only average/instant readings.
            found = _xml_number(parent, "instant_power_draw", file, line)
            if found is None:
                found = _xml_number(parent, "average_power_draw", file, line)
        if found is not None and metric == TLIMIT_METRIC:
            yield (*tlimit_reading(found[0]), "C")
        elif found is not None:
            yield (
                metric,
                found[0],
                "C" if metric.startswith("temperature") else found[1],
            )


def _ecc_reading(
    gpu: ET.Element, file: str, line: int
) -> Iterator[tuple[str, float, str]]:
    """``ecc.volatile.uncorrectable``: the sum of the volatile uncorrectable counters."""
    volatile = gpu.find("ecc_errors/volatile")
    if volatile is not None:
        cells = [child for child in volatile if "uncorrectable" in child.tag]
        double_bit = volatile.find("double_bit/total")  # drivers before the A100
        if double_bit is not None:
            cells.append(double_bit)
        counts = [
            n[0] for c in cells if (n := _xml_number(c, ".", file, line)) is not None
        ]
        if counts:
            yield "ecc.volatile.uncorrectable", sum(counts), "count"


def _throttle_readings(
    gpu: ET.Element, file: str, line: int
) -> Iterator[tuple[str, float, str]]:
    """``throttle.<reason>`` = 1 when "Active", 0 when "Not Active"."""
    reasons = gpu.find("clocks_event_reasons")
    prefix = "clocks_event_reason_"
    if reasons is None:
        reasons = gpu.find("clocks_throttle_reasons")
        prefix = "clocks_throttle_reason_"
    for child in reasons if reasons is not None else ():
        state = (child.text or "").strip()
        if _XML_ABSENT.fullmatch(state):
            continue
        if state.lower() not in _THROTTLE_STATES:
            raise refusal(
                file, line, "io.results.xml.active", tag=child.tag, state=state[:40]
            )
        yield (
            f"throttle.{child.tag.removeprefix(prefix)}",
            _THROTTLE_STATES[state.lower()],
            "flag",
        )
