"""The vendor judgement flags a GPU its driver slows down, on real nvidia-smi outputs.

A GPU whose clock-event reasons show a thermal, hardware or power-brake
slowdown (named, or as bits of the ``active`` mask: 0x8, 0x20, 0x40, 0x80 in
NVIDIA/DCGM @ 72fa3fe ``dcgmlib/dcgm_fields.h``), or whose thermal margin
(T.Limit) is 0 °C or below, fails; a margin under 5 °C warns. Real outputs:
``tests/data/real-samples/nvidia-smi`` (SOURCES.md) and the shared corpus;
variants marked *derived* change one printed value of a real output.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.evidence.checks import Verdict, not_accepted
from gpu_advisor.engine.evidence.expectations import expectations_for
from gpu_advisor.engine.evidence.judge import judge_measurements
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.results_import import parse_text
from gpu_advisor.model.project import Project, Vendor
from gpu_advisor.words import text
from tests.property_runs import examples

REPO = Path(__file__).resolve().parents[2]
NVSMI = REPO / "tests" / "data" / "real-samples" / "nvidia-smi"
SHARED = (
    Path(
        os.environ.get(
            "GPU_ADVISOR_REAL_SAMPLES", REPO / ".." / "shared" / "real-samples"
        )
    )
    / "nvidia-smi"
)
EXP = expectations_for(Project(), Vendor(name="A"), load_catalog())
H100 = (NVSMI / "q-a-h100-sxm5-driver545-tlimit-idle.txt").read_text(encoding="utf-8")
V100 = (NVSMI / "q-excerpt-v100-sxm2-c4130-hw-power-brake-active.txt").read_text(
    encoding="utf-8"
)


def _checks(
    content: str, name: str = "smi.txt"
) -> dict[str, list[tuple[int, Verdict, str]]]:
    judged = judge_measurements("A", parse_text(content, name, "n1"), EXP)
    out: dict[str, list[tuple[int, Verdict, str]]] = {}
    for c in judged.checks:
        out.setdefault(c.test, []).append(
            (c.gpu or 0, c.verdict, text(c.message, "en"))
        )
    return out


def test_a_healthy_h100_is_not_flagged() -> None:
    checks = _checks(H100)
    assert "gpu.throttle" not in checks
    assert "gpu.temperature" not in checks  # 33 °C, 54 °C of margin


def test_the_power_brake_of_a_real_v100_fails() -> None:
    checks = _checks(V100)
    [(gpu, verdict, said)] = checks["gpu.throttle"]
    assert (gpu, verdict) == (0, Verdict.FAIL)
    assert "hw_power_brake_slowdown" in said
    assert "hw_slowdown" in said
    judged = judge_measurements("A", parse_text(V100, "v.txt", "n1"), EXP)
    assert any(not_accepted(c) for c in judged.checks)


@pytest.mark.parametrize(
    ("margin", "verdict"),
    [("-1", Verdict.FAIL), ("0", Verdict.FAIL), ("3", Verdict.WARN), ("54", None)],
)
def test_tlimit_margin_at_or_below_zero_fails(
    margin: str, verdict: Verdict | None
) -> None:
    """Derived: the real H100 output with its T.Limit line changed."""
    checks = _checks(H100.replace(": 54 C", f": {margin} C"))
    if verdict is None:
        assert "gpu.temperature" not in checks
        return
    [(gpu, got, said)] = checks["gpu.temperature"]
    assert (gpu, got) == (0, verdict)
    assert f"is {margin} °C from its slowdown threshold" in said


def test_sw_thermal_slowdown_in_q_text_fails() -> None:
    """Derived: the real H100 output with SW Thermal Slowdown active."""
    hot = H100.replace(
        "SW Thermal Slowdown               : Not Active",
        "SW Thermal Slowdown               : Active",
    )
    assert hot != H100
    [(_, verdict, said)] = _checks(hot)["gpu.throttle"]
    assert verdict is Verdict.FAIL
    assert "sw_thermal_slowdown" in said


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/real-samples is absent")
def test_csv_active_mask_power_cap_only_passes_and_thermal_bit_fails() -> None:
    """The real 2 × RTX PRO 6000 CSV: mask 0x4 (SW power cap, normal under load)
    passes; derived with 0x44 (HW thermal slowdown too) and only the mask kept,
    GPU 1 fails. Finding: the mask alone was never judged."""
    real = (SHARED / "query-gpu-clocks-event-reasons-2xRTXPRO6000.csv").read_text(
        encoding="utf-8"
    )
    assert "gpu.throttle" not in _checks(real, "r.csv")
    rows = real.splitlines()
    mask_only = [", ".join(r.split(", ")[:3]) for r in rows]
    mask_only[2] = mask_only[2].replace("0x0000000000000004", "0x0000000000000044")
    [(gpu, verdict, said)] = _checks("\n".join(mask_only) + "\n", "d.csv")[
        "gpu.throttle"
    ]
    assert (gpu, verdict) == (1, Verdict.FAIL)
    assert said.endswith("hw_thermal_slowdown.")


@settings(max_examples=examples(ci=40, deep=400), deadline=None)
@given(mask=st.integers(min_value=0, max_value=0x1FF))
def test_a_mask_fails_exactly_when_a_hard_bit_is_set(mask: int) -> None:
    csv = f"index, temperature.gpu, clocks_event_reasons.active\n0, 60, 0x{mask:016x}\n"
    failed = "gpu.throttle" in _checks(csv, "m.csv")
    assert failed == bool(mask & (0x8 | 0x20 | 0x40 | 0x80))


# dcgmi dmon -e 150,153,112: constructed in dmon's layout (the header of short
# names, the ID line with units under them, one row per GPU and sample;
# DeviceMonitor::SetHeaderForOutput, NVIDIA/DCGM @ 72fa3fe) with the short
# names of fields 150, 153 and 112 (dcgmlib/src/dcgm_fields.cpp: TMPTR,
# GTLIMIT in C, DVCCTR): no published dmon output with them was found.
DMON = (
    "#Entity   TMPTR        GTLIMIT      DVCCTR\n"
    "ID         C            C\n"
    "GPU 0     61           24           4\n"
    "GPU 1     88           -2           96\n"
    "GPU 0     62           23           4\n"
    "GPU 1     87           1            32\n"
)


def test_dcgmi_dmon_reasons_and_margin_are_judged() -> None:
    """Finding: a negative GTLIMIT refused the whole dmon file (a measurement
    is never negative) and DVCCTR was read but never judged."""
    checks = _checks(DMON, "dmon.txt")
    [(gpu, verdict, said)] = checks["gpu.throttle"]
    assert (gpu, verdict) == (1, Verdict.FAIL)  # 0x60 and 0x20; GPU 0: 0x4 only
    assert "sw_thermal_slowdown" in said
    assert "hw_thermal_slowdown" in said
    [(gpu, verdict, said)] = checks["gpu.temperature"]
    assert (gpu, verdict) == (1, Verdict.FAIL)
    assert "-2 °C from its slowdown threshold" in said
