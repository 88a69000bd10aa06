"""``nvidia-smi -q`` text, T.Limit margins and clock-event masks, on real outputs.

Real outputs in ``tests/data/real-samples/nvidia-smi/`` (``SOURCES.md``): an
H100 80GB HBM3's ``nvidia-smi -a`` (driver 545, T.Limit 54 C, idle) and a
V100-SXM2's ``Clocks Throttle Reasons`` block with HW Slowdown and HW Power
Brake Slowdown active. Variants marked *derived* change one printed value of
a real output (no published ``-q`` with a margin at or below 0 °C was found).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.io.results_import import ResultsImportError, detect_format, parse_text
from gpu_advisor.io.results_smi_query import parse_nvidia_smi_query
from gpu_advisor.model.project import Measurement
from tests.property_runs import examples

NVSMI = Path(__file__).resolve().parents[1] / "data" / "real-samples" / "nvidia-smi"
REPO = Path(__file__).resolve().parents[2]
SHARED = (
    Path(
        os.environ.get(
            "GPU_ADVISOR_REAL_SAMPLES", REPO / ".." / "shared" / "real-samples"
        )
    )
    / "nvidia-smi"
)
H100 = "q-a-h100-sxm5-driver545-tlimit-idle.txt"
V100 = "q-excerpt-v100-sxm2-c4130-hw-power-brake-active.txt"
H800 = "q-h800-sxm5-driver525-throttle-reasons-tlimit-and-absolute.txt"


def _text(name: str) -> str:
    return (NVSMI / name).read_text(encoding="utf-8")


def _values(ms: list[Measurement]) -> dict[str, float]:
    return {m.metric: m.value for m in ms}


def test_h100_q_reads_as_a_person_reads_it() -> None:
    text = _text(H100)
    assert detect_format(text) == "nvidia-smi-query"
    ms = parse_text(text, H100, "della-j11g1")
    assert {m.gpu for m in ms} == {0}
    got = _values(ms)
    assert got["temperature.gpu"] == 33
    assert got["temperature.gpu.tlimit"] == 54  # GPU T.Limit Temp : 54 C
    assert got["temperature.memory"] == 41
    assert got["power.draw"] == 72.02  # GPU Power Readings, not GPU Memory's 47.78
    assert got["power.limit"] == 700
    assert (got["clocks.sm"], got["clocks.max.sm"]) == (345, 1980)
    assert got["memory.total"] == 81559
    assert got["ecc.volatile.uncorrectable"] == 0
    assert got["throttle.gpu_idle"] == 1
    hard = ("hw_slowdown", "hw_thermal_slowdown", "hw_power_brake_slowdown")
    assert all(got[f"throttle.{r}"] == 0 for r in (*hard, "sw_thermal_slowdown"))
    labels = ms[0].labels or {}
    assert labels["pci.bus_id"] == "00000000:19:00.0"
    assert labels["name"] == "NVIDIA H100 80GB HBM3"
    assert labels["driver_version"] == "545.23.08"


def test_h800_q_of_a_driver_525_reads_its_older_section_names() -> None:
    """``Clocks Throttle Reasons`` and ``Power Readings`` / ``Power Limit``
    (before drivers 530/535), T.Limit 51 C beside the absolute limits."""
    ms = parse_text(_text(H800), H800, "n1")
    got = _values(ms)
    assert (got["temperature.gpu"], got["temperature.gpu.tlimit"]) == (35, 51)
    assert (got["power.draw"], got["power.limit"]) == (74.71, 700)
    assert (got["clocks.sm"], got["clocks.max.sm"]) == (345, 1980)
    assert got["throttle.gpu_idle"] == 1
    assert got["throttle.hw_slowdown"] == 0
    assert "ecc.volatile.uncorrectable" not in got  # ECC off: every counter N/A
    assert (ms[0].labels or {})["name"] == "NVIDIA H800"


def test_the_catalogs_h800_limits_are_what_its_cited_output_prints() -> None:
    """The catalog's H800 ``thermal`` cites this output: its absolute limits
    are the ones printed in it."""
    import re

    from gpu_advisor.io.catalog import load_catalog

    printed = dict(
        re.findall(
            r"^ +((?:GPU|Memory) \w+(?: \w+)? Temp) +: (\d+) C$", _text(H800), re.M
        )
    )
    thermal = load_catalog().gpu("H800-80GB-SXM").thermal
    assert thermal is not None
    assert float(printed["GPU Max Operating Temp"]) == thermal.max_operating_temp_c
    assert (
        float(printed["Memory Max Operating Temp"])
        == thermal.memory_max_operating_temp_c
    )
    assert float(printed["GPU Slowdown Temp"]) == thermal.slowdown_temp_c
    assert float(printed["GPU Shutdown Temp"]) == thermal.shutdown_temp_c
    assert "fce42bd7" in thermal.provenance.source


def test_v100_throttle_block_alone_is_one_gpu() -> None:
    text = _text(V100)
    assert detect_format(text) == "nvidia-smi-query"
    got = _values(parse_text(text, V100, "c4130"))
    assert got["throttle.hw_slowdown"] == 1
    assert got["throttle.hw_power_brake_slowdown"] == 1
    assert got["throttle.hw_thermal_slowdown"] == 0
    assert got["clocks.sm"] == 382  # "← should be ~1530 MHz" says its author


def test_two_gpus_are_numbered_in_file_order() -> None:
    """Derived: the real H100 block twice, the second on another bus id."""
    one = _text(H100)
    head, block = one.split("GPU 00000000:19:00.0\n", 1)
    second = block.replace(
        "GPU Current Temp                  : 33 C",
        "GPU Current Temp                  : 71 C",
    )
    text = f"{head}GPU 00000000:19:00.0\n{block}GPU 00000000:2A:00.0\n{second}"
    ms = parse_nvidia_smi_query(text, "two.txt", None)
    temps = {m.gpu: m.value for m in ms if m.metric == "temperature.gpu"}
    assert temps == {0: 33, 1: 71}
    bus = {m.gpu: (m.labels or {})["pci.bus_id"] for m in ms}
    assert bus == {0: "00000000:19:00.0", 1: "00000000:2A:00.0"}


def test_a_negative_margin_is_kept_as_degrees_past_the_limit() -> None:
    """Derived: the H100's T.Limit line at -3 C (past its limit)."""
    text = _text(H100).replace(": 54 C", ": -3 C")
    got = _values(parse_text(text, "hot.txt"))
    assert "temperature.gpu.tlimit" not in got
    assert got["temperature.gpu.over_tlimit"] == 3


def test_a_damaged_reading_names_its_line() -> None:
    """Derived: the current temperature overwritten; refused, never dropped."""
    text = _text(H100).replace(": 33 C", ": hot")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.endswith(": hot"))
    with pytest.raises(ResultsImportError) as err:
        parse_text(text, "bad.txt")
    assert err.value.line == line
    assert "GPU Current Temp" in str(err.value)
    state = _text(V100).replace("Slowdown       : Active", "Slowdown       : maybe")
    with pytest.raises(ResultsImportError, match="Active"):
        parse_text(state, "bad.txt")


def test_nothing_read_is_refused() -> None:
    with pytest.raises(ResultsImportError, match="no result"):
        parse_nvidia_smi_query("==============NVSMI LOG==============\n", "e.txt", None)


def test_csv_negative_tlimit_is_read_not_refused() -> None:
    """Finding: a ``temperature.gpu.tlimit`` below 0 refused the whole CSV
    ("value should be >= 0"); it is how far past its limit the GPU is."""
    csv = "index, temperature.gpu, temperature.gpu.tlimit\n0, 88, -2\n1, 40, 45\n"
    ms = parse_text(csv, "t.csv")
    got = {(m.gpu, m.metric): m.value for m in ms}
    assert got[(0, "temperature.gpu.over_tlimit")] == 2
    assert got[(1, "temperature.gpu.tlimit")] == 45


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/real-samples is absent")
def test_xml_reads_the_tlimit_margin() -> None:
    """The RTX PRO 6000 Blackwell ``-q -x`` (driver 590, schema v13) prints
    ``<gpu_temp_tlimit>68 C</gpu_temp_tlimit>``; the A100's prints N/A."""
    blackwell = parse_text(
        (SHARED / "q-x-rtx-pro-6000-blackwell-v13.xml").read_text(encoding="utf-8"),
        "b.xml",
    )
    assert _values(blackwell)["temperature.gpu.tlimit"] == 68
    a100 = parse_text(
        (SHARED / "q-x-a100-sxm4-v12.xml").read_text(encoding="utf-8"), "a.xml"
    )
    assert "temperature.gpu.tlimit" not in _values(a100)


@settings(max_examples=examples(ci=30, deep=300), deadline=None)
@given(margin=st.integers(min_value=-40, max_value=120))
def test_every_printed_margin_reads_back(margin: int) -> None:
    """Derived from the real H100 output: any T.Limit value reads back as itself."""
    text = _text(H100).replace(": 54 C", f": {margin} C")
    got = _values(parse_text(text, "m.txt"))
    read = got.get(
        "temperature.gpu.tlimit", -got.get("temperature.gpu.over_tlimit", 1e9)
    )
    assert read == margin


_KEYS = [
    "Temperature",
    "GPU Current Temp",
    "GPU T.Limit Temp",
    "Clocks Event Reasons",
    "Clocks Throttle Reasons",
    "HW Slowdown",
    "Idle",
    "GPU 00000000:19:00.0",
    "ECC Errors",
    "Volatile",
    "DRAM Uncorrectable",
    "Double Bit",
    "Total",
    "Power Readings",
    "Power Draw",
    "Clocks",
    "SM",
    "Max Clocks",
    "Product Name",
    "Driver Version",
]
_VALUES = st.one_of(
    st.none(),
    st.sampled_from(["N/A", "Active", "Not Active", "54 C", "-3 C", "72.02 W", "x"]),
    st.text(max_size=8),
)
_LINE = st.tuples(st.integers(0, 4), st.sampled_from(_KEYS), _VALUES).map(
    lambda t: " " * (4 * t[0]) + t[1] + ("" if t[2] is None else " : " + t[2])
)


@settings(max_examples=examples(ci=100, deep=3000), deadline=None)
@given(lines=st.lists(_LINE, max_size=25))
def test_any_q_text_is_read_or_refused_with_a_reason(lines: list[str]) -> None:
    """Lines of ``-q`` in any order, depth and value: read, or refused with a
    reason naming the file, never a crash."""
    try:
        parse_nvidia_smi_query("\n".join(lines), "q.txt", None)
    except ResultsImportError as exc:
        named = exc.file
    else:
        named = "q.txt"
    assert named == "q.txt"
