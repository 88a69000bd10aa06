"""Checks of each node: storage (fio), GPU health (nvidia-smi, dcgmi diag), the
job's GPU activity (dcgmi dmon) and the GPU probe.

fio, nvidia-smi and the GPU probe are compared with the expected values of
:mod:`gpu_advisor.engine.evidence.expectations` (checkpoint write bandwidth
[4]_, the alert temperature, the maximum SM clock and the driver's slowdown
reasons [5]_, the datasheet peaks). Besides:

* dcgmi diag: any Fail fails, any Warn warns [6]_.
* dcgmi dmon, captured while the user's own job runs: the mean tensor-pipe
  activity (TENSO) over the samples under load against the MFU the plan
  models. The tensor pipe running a fraction TENSO of the cycles delivers at
  most TENSO × the tensor peak, and the model's FLOPs are a part of what it
  delivers, so MFU ≤ TENSO: below the modelled MFU the job cannot reach the
  plan's throughput (pass at ≥ :data:`MFU_PASS_RATIO`, warn at ≥
  :data:`MFU_WARN_RATIO` of it, as for the training log). SM activity
  (SMACT): ≥ 0.8 is "necessary, but not sufficient, for effective use of the
  GPU", < 0.5 "likely indicates ineffective GPU usage" [8]_. Samples with
  graphics-engine activity (GRACT) below :data:`DMON_LOADED_GR_ACTIVE` are idle
  time before or after the job and are left out.

References
----------
.. [4] fio HOWTO, "JSON output", https://fio.readthedocs.io/
.. [5] NVIDIA, nvidia-smi manual page, "Clocks Event Reasons",
   https://docs.nvidia.com/deploy/nvidia-smi/
.. [6] NVIDIA, DCGM User Guide, "DCGM Diagnostics",
   https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/dcgm-diagnostics.html
.. [8] NVIDIA, DCGM User Guide, "Feature Overview", "Profiling Metrics"
   (GRACT, SMACT, TENSO: ``DCGM_FI_PROF_GR_ENGINE_ACTIVE``,
   ``DCGM_FI_PROF_SM_ACTIVE``, ``DCGM_FI_PROF_PIPE_TENSOR_ACTIVE``),
   https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/feature-overview.html
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Final

from gpu_advisor.engine.evidence.checks import (
    INCOMPLETE_TEST,
    OPTIONAL_DCGM_TESTS,
    SKIPPED_TEST,
    Check,
    Verdict,
    _by_file,
    _info,
    _ratio_check,
)
from gpu_advisor.engine.evidence.expectations import Expectations
from gpu_advisor.engine.evidence.mfu import MFU_PASS_RATIO, MFU_WARN_RATIO
from gpu_advisor.engine.evidence.runs import measured_figures
from gpu_advisor.model.common import Message
from gpu_advisor.model.project import Measurement

FIO_PASS_RATIO: Final = 1.0
FIO_WARN_RATIO: Final = 0.5
MATMUL_PASS_RATIO: Final = 0.70
"""A large bf16 GEMM reaches 70–90 % of the dense peak on a healthy card."""
MATMUL_WARN_RATIO: Final = 0.50
COPY_PASS_RATIO: Final = 0.75
"""A device-to-device copy reaches 75–90 % of the datasheet memory bandwidth."""
COPY_WARN_RATIO: Final = 0.55

CLOCK_WARN_RATIO: Final = 0.85
"""SM clock under load below 85 % of its maximum: the card is being held back."""
LOADED_UTILIZATION_PCT: Final = 50.0
"""A sample counts as "under load" at this GPU utilisation or more [%]."""
TEMPERATURE_WARN_MARGIN_C: Final = 5.0
"""Warn this many degrees below the alert threshold [°C]."""
DMON_LOADED_GR_ACTIVE: Final = 0.10
"""``dcgmi dmon`` samples with GRACT below this are idle time, not the job. [ratio]"""
SM_ACTIVE_PASS: Final = 0.80
"""SMACT at or above this passes: "necessary, but not sufficient" (DCGM User Guide)."""
SM_ACTIVE_WARN: Final = 0.50
"""SMACT below this fails: "likely indicates ineffective GPU usage" (DCGM User Guide)."""
DMON_TOOL: Final = "dcgmi-dmon"
DMON_SOURCE: Final = "DCGM User Guide, Feature Overview, Profiling Metrics"

HARD_THROTTLE_REASONS: Final = frozenset(
    {
        "hw_slowdown",
        "hw_thermal_slowdown",
        "sw_thermal_slowdown",
        "hw_power_brake_slowdown",
    }
)
"""Slowdown reasons that mean cooling or power trouble (a power cap alone is normal)."""

HARD_THROTTLE_BITS: Final = (
    (0x8, "hw_slowdown"),
    (0x20, "sw_thermal_slowdown"),
    (0x40, "hw_thermal_slowdown"),
    (0x80, "hw_power_brake_slowdown"),
)
"""The bits of :data:`HARD_THROTTLE_REASONS` in nvidia-smi's
``clocks_event_reasons.active`` bit mask (``throttle.active_mask``) [5]_:
NVIDIA/DCGM @ 72fa3feaa67d716a75323a8f47c34ff3ee73f824, ``dcgmlib/dcgm_fields.h``
lines 107–154, a 1:1 map of NVML's ``nvmlClocksEventReason*`` (0x4, the SW power
cap, is normal at full load and left out)."""

TLIMIT_WARN_MARGIN_C: Final = 5.0
"""Warn when the driver's thermal margin (T.Limit) is below this; fail at 0. [°C]"""


def _fio_checks(measurements: Sequence[Measurement], exp: Expectations) -> list[Check]:
    # each job's figure is its worst complete run (engine.evidence.runs); the
    # checkpoint goes to the shared storage when it was measured
    writes = [
        f
        for f in measured_figures(measurements)
        if f.tool == "fio" and f.metric.endswith(".write.bw")
    ]
    shared = [f for f in writes if "shared" in f.metric]
    candidates = shared or writes
    if not candidates:
        return []
    best = max(candidates, key=lambda f: f.value)  # the fastest job's worst run
    job = best.job
    node = next(r.node for r in best.runs if r.file == best.file)
    if exp.checkpoint_write_gb_per_s:
        return [
            _ratio_check(
                test="fio.checkpoint_write",
                measured=best.value,
                expected=exp.checkpoint_write_gb_per_s,
                pass_ratio=FIO_PASS_RATIO,
                warn_ratio=FIO_WARN_RATIO,
                unit="GB/s",
                what=Message(code="evidence.what.fio_checkpoint", params={"job": job}),
                node=node,
                file=best.file,
                source=exp.sources.get("fio", ""),
            )
        ]
    return [
        _info(
            "fio.checkpoint_write",
            Message(
                code="evidence.check.fio_nothing_to_compare",
                params={"job": job, "measured": best.value},
            ),
            node=node,
            file=best.file,
        )
    ]


def _gpu_health_checks(
    measurements: Sequence[Measurement], exp: Expectations
) -> list[Check]:
    """nvidia-smi's view of each GPU: temperature, clocks under load, slowdown
    reasons, the driver's thermal margin (T.Limit) and uncorrectable ECC
    errors (only the GPUs with a problem); the reasons and the margin also
    from ``dcgmi dmon`` (DVCCTR, GTLIMIT)."""
    smi = [m for m in measurements if m.tool == "nvidia-smi" and m.gpu is not None]
    # dcgmi dmon samples DVCCTR (the reasons' bit mask) and GTLIMIT (the margin)
    driver = smi + [
        m for m in measurements if m.tool == DMON_TOOL and m.gpu is not None
    ]
    return [
        *_temperature_checks(smi, exp),
        *_clock_checks(smi),
        *_throttle_checks(driver, exp),
        *_tlimit_checks(driver),
        *_ecc_checks(smi),
    ]


def _temperature_checks(smi: Sequence[Measurement], exp: Expectations) -> list[Check]:
    """The hottest reading of each GPU against the alert threshold: fail at it,
    warn :data:`TEMPERATURE_WARN_MARGIN_C` below."""
    checks: list[Check] = []
    limit = exp.gpu_temp_limit_c
    temps: dict[tuple[str | None, int], Measurement] = {}
    for m in smi:
        key = (m.node, m.gpu or 0)
        if m.metric == "temperature.gpu" and (
            key not in temps or m.value > temps[key].value
        ):
            temps[key] = m
    for (node, gpu), m in sorted(
        temps.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])
    ):
        if m.value >= limit:
            verdict = Verdict.FAIL
        elif m.value >= limit - TEMPERATURE_WARN_MARGIN_C:
            verdict = Verdict.WARN
        else:
            continue
        checks.append(
            Check(
                test="gpu.temperature",
                node=node,
                gpu=gpu,
                file=m.file,
                measured=m.value,
                expected=limit,
                unit="C",
                verdict=verdict,
                threshold=Message(
                    code="evidence.threshold.temperature",
                    params={
                        "fail_at": limit,
                        "warn_at": limit - TEMPERATURE_WARN_MARGIN_C,
                    },
                ),
                message=Message(
                    code="evidence.check.temperature",
                    params={"gpu": gpu, "measured": m.value},
                ),
                source=exp.sources.get("temperature", ""),
            )
        )
    return checks


def _clock_checks(smi: Sequence[Measurement]) -> list[Check]:
    """Warn when a GPU's lowest SM clock under load is below
    :data:`CLOCK_WARN_RATIO` of its maximum."""
    checks: list[Check] = []
    # Clocks under load: group the metrics of one nvidia-smi sample.
    samples: dict[tuple[str, str | None, int, int | None], dict[str, float]] = (
        defaultdict(dict)
    )
    for m in smi:
        samples[(m.file, m.node, m.gpu or 0, m.sample)][m.metric] = m.value
    lowest: dict[tuple[str | None, int], tuple[float, float, str]] = {}
    for (file, node, gpu, _), values in samples.items():
        if "clocks.sm" not in values or not values.get("clocks.max.sm"):
            continue
        if values.get("utilization.gpu", -1.0) < LOADED_UTILIZATION_PCT:
            continue
        ratio = values["clocks.sm"] / values["clocks.max.sm"]
        key = (node, gpu)
        if key not in lowest or ratio < lowest[key][0]:
            lowest[key] = (ratio, values["clocks.sm"], file)
    for (node, gpu), (ratio, clock, file) in sorted(
        lowest.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])
    ):
        if ratio >= CLOCK_WARN_RATIO:
            continue
        checks.append(
            Check(
                test="gpu.clocks",
                node=node,
                gpu=gpu,
                file=file,
                measured=clock,
                expected=clock / ratio,
                unit="MHz",
                verdict=Verdict.WARN,
                threshold=Message(
                    code="evidence.threshold.clocks",
                    params={"share": CLOCK_WARN_RATIO},
                ),
                message=Message(
                    code="evidence.check.clocks",
                    params={"gpu": gpu, "clock": clock, "ratio": ratio},
                ),
                source="nvidia-smi manual page (clocks.sm, clocks.max.sm)",
            )
        )
    return checks


def _hard_reasons(m: Measurement) -> list[str]:
    """The :data:`HARD_THROTTLE_REASONS` one throttle reading shows active: a
    named reason set to 1, or the bits of the ``active`` mask.

    >>> from gpu_advisor.model.project import Measurement as M
    >>> _hard_reasons(M(tool="nvidia-smi", metric="throttle.active_mask", value=0x88, unit="bitmask"))
    ['hw_slowdown', 'hw_power_brake_slowdown']
    >>> _hard_reasons(M(tool="nvidia-smi", metric="throttle.active_mask", value=0x4, unit="bitmask"))
    []
    """
    if m.metric in ("throttle.active_mask", "dmon.clocks_event_reasons"):
        mask = int(m.value)
        return [name for bit, name in HARD_THROTTLE_BITS if mask & bit]
    name = m.metric.removeprefix("throttle.")
    if m.metric.startswith("throttle.") and m.value and name in HARD_THROTTLE_REASONS:
        return [name]
    return []


def _throttle_checks(smi: Sequence[Measurement], exp: Expectations) -> list[Check]:
    """Fail a GPU the driver slows down for a reason in :data:`HARD_THROTTLE_REASONS`
    (named, or as bits of the ``active`` mask: :data:`HARD_THROTTLE_BITS`)."""
    checks: list[Check] = []
    reasons: dict[tuple[str | None, int], tuple[list[str], str]] = {}
    for m in smi:
        names = _hard_reasons(m)
        if names:
            reasons.setdefault((m.node, m.gpu or 0), ([], m.file))[0].extend(names)
    for (node, gpu), (names, file) in sorted(
        reasons.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])
    ):
        listed = ", ".join(sorted(set(names)))
        checks.append(
            Check(
                test="gpu.throttle",
                node=node,
                gpu=gpu,
                file=file,
                verdict=Verdict.FAIL,
                threshold=Message(code="evidence.threshold.throttle"),
                message=Message(
                    code="evidence.check.throttle",
                    params={"gpu": gpu, "reasons": listed},
                ),
                source=exp.sources.get(
                    "throttle", "nvidia-smi manual page, Clocks Event Reasons"
                ),
            )
        )
    return checks


def margin_of(metric: str, value: float) -> float | None:
    """The thermal margin (T.Limit) a measurement stands for, None for any other
    metric. [°C]

    The readers keep a margin of 0 °C or more as ``temperature.gpu.tlimit`` and
    a negative one as ``temperature.gpu.over_tlimit`` = -margin (a measurement
    is never negative; ``gpu_advisor.io.results_smi_tlimit``).

    Examples
    --------
    >>> margin_of("temperature.gpu.over_tlimit", 2.0), margin_of("temperature.gpu", 70.0)
    (-2.0, None)
    """
    if metric in ("temperature.gpu.tlimit", "dmon.gpu_temp_tlimit"):
        return value
    if metric in ("temperature.gpu.over_tlimit", "dmon.gpu_temp_over_tlimit"):
        return -value
    return None


def _tlimit_checks(smi: Sequence[Measurement]) -> list[Check]:
    """The smallest thermal margin (T.Limit) of each GPU: fail at 0 °C or
    below (at the driver's own slowdown threshold, whatever the GPU),
    warn below :data:`TLIMIT_WARN_MARGIN_C`."""
    lowest: dict[tuple[str | None, int], tuple[float, str]] = {}
    for m in smi:
        margin = margin_of(m.metric, m.value)
        key = (m.node, m.gpu or 0)
        if margin is not None and (key not in lowest or margin < lowest[key][0]):
            lowest[key] = (margin, m.file)
    checks: list[Check] = []
    for (node, gpu), (margin, file) in sorted(
        lowest.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])
    ):
        if margin >= TLIMIT_WARN_MARGIN_C:
            continue
        checks.append(
            Check(
                test="gpu.temperature",
                node=node,
                gpu=gpu,
                file=file,
                measured=margin,
                expected=0.0,
                unit="C",
                verdict=Verdict.FAIL if margin <= 0 else Verdict.WARN,
                threshold=Message(
                    code="evidence.threshold.tlimit",
                    params={"warn_below": TLIMIT_WARN_MARGIN_C},
                ),
                message=Message(
                    code="evidence.check.tlimit",
                    params={"gpu": gpu, "margin": margin},
                ),
                source="nvidia-smi manual page, GPU T.Limit Temp (temperature.gpu.tlimit);"
                " DCGM field 153, dcgmi dmon GTLIMIT",
            )
        )
    return checks


def _ecc_checks(smi: Sequence[Measurement]) -> list[Check]:
    """Fail a GPU with uncorrectable (volatile) ECC errors."""
    checks: list[Check] = []
    ecc: dict[tuple[str | None, int], tuple[float, str]] = {}
    for m in smi:
        key = (m.node, m.gpu or 0)
        if m.metric == "ecc.volatile.uncorrectable" and m.value > 0:
            ecc[key] = (ecc.get(key, (0.0, m.file))[0] + m.value, m.file)
    for (node, gpu), (count, file) in sorted(
        ecc.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])
    ):
        checks.append(
            Check(
                test="gpu.ecc",
                node=node,
                gpu=gpu,
                file=file,
                measured=count,
                expected=0.0,
                unit="count",
                verdict=Verdict.FAIL,
                threshold=Message(code="evidence.threshold.ecc"),
                message=Message(
                    code="evidence.check.ecc", params={"gpu": gpu, "count": count}
                ),
                source="nvidia-smi manual page, ECC errors",
            )
        )
    return checks


_DCGM_SOURCE: Final = "DCGM User Guide, DCGM Diagnostics"
_DCGM_RULE: Final = Message(code="evidence.threshold.dcgm")
"""Any Fail fails, any Warn warns; a skipped test is not tested, never a pass."""


def _dcgm_status(m: Measurement) -> str:
    """pass, warn, fail, skip or incomplete: the row's status, else its value."""
    if m.status is not None:
        return m.status
    if m.value >= 1.0:
        return "pass"
    return "fail" if m.value == 0 else "warn"


def _optional(metric: str) -> bool:
    """A ``dcgmi diag`` test a complete run may skip (:data:`OPTIONAL_DCGM_TESTS`)."""
    return metric.rsplit(".", 1)[-1] in OPTIONAL_DCGM_TESTS


def _not_run(m: Measurement) -> list[str] | None:
    """The required tests an incomplete run did not run (named by the parser in
    ``labels["tests"]``), optional ones left out; None when the parser named
    none (then the count says how many)."""
    named = (m.labels or {}).get("tests")
    if not named:
        return None
    return [t for t in (x.strip() for x in named.split(",")) if t and not _optional(t)]


def _dcgm_message(m: Measurement, status: str, verdict: Verdict) -> Message:
    """What one dcgmi row that did not pass says."""
    on_gpu = "_on_gpu" if m.gpu is not None else ""
    if status == "incomplete":
        tests = _not_run(m)
        if tests:
            return Message(
                code="evidence.check.dcgm_not_run",
                params={"count": len(tests), "tests": ", ".join(tests)},
            )
        return Message(
            code="evidence.check.dcgm_incomplete", params={"count": int(m.value)}
        )
    if status == "skip":
        return Message(
            code=f"evidence.check.dcgm_skipped{on_gpu}",
            params={"test": m.metric, "gpu": m.gpu},
        )
    return Message(
        code=f"evidence.check.dcgm_row{on_gpu}",
        params={"test": m.metric, "gpu": m.gpu, "verdict": verdict.value},
    )


def _dcgm_row_check(m: Measurement, file: str, status: str) -> Check | None:
    """A check for one dcgmi row that is not a pass; None for an incomplete run
    whose only tests not run are optional (:data:`OPTIONAL_DCGM_TESTS`).

    A required test skipped is :data:`SKIPPED_TEST` and an incomplete run
    :data:`INCOMPLETE_TEST` (both keep the vendor behind every vendor that
    passed); an optional test skipped is a warning only.
    """
    verdict = Verdict.FAIL if status == "fail" else Verdict.WARN
    if status == "incomplete":
        if _not_run(m) == []:
            return None
        test = INCOMPLETE_TEST
    elif status == "skip" and not _optional(m.metric):
        test = SKIPPED_TEST
    else:
        test = "dcgm"
    return Check(
        test=test,
        node=m.node,
        gpu=m.gpu,
        file=file,
        measured=m.value,
        expected=1.0 if status != "incomplete" else 0.0,
        unit="",
        verdict=verdict,
        threshold=_DCGM_RULE,
        message=_dcgm_message(m, status, verdict),
        source=_DCGM_SOURCE,
    )


def _dcgm_checks(measurements: Sequence[Measurement]) -> list[Check]:
    """One check per dcgmi diag row that did not pass, or one pass per file.

    A skipped test is "not tested" (never counted as passed); a required one
    skipped (:data:`SKIPPED_TEST`), or a run that lists tests it never ran
    (:data:`INCOMPLETE_TEST`), keeps the vendor behind every vendor whose
    hardware passed (:func:`gpu_advisor.engine.evidence.scoring.held_back`).
    Each row is read by its own status, per GPU when the output gives one.
    """
    checks: list[Check] = []
    for file, rows in sorted(_by_file(measurements, "dcgmi").items()):
        statuses = [(m, _dcgm_status(m)) for m in rows]
        bad = [
            check
            for m, status in statuses
            if status != "pass" and (check := _dcgm_row_check(m, file, status))
        ]
        checks.extend(bad)
        if not bad:
            passed = sum(1 for m in rows if m.status != "incomplete")
            checks.append(
                Check(
                    test="dcgm",
                    node=rows[0].node,
                    file=file,
                    measured=1.0,
                    expected=1.0,
                    verdict=Verdict.PASS,
                    threshold=_DCGM_RULE,
                    message=Message(
                        code="evidence.check.dcgm_passed", params={"count": passed}
                    ),
                    source=_DCGM_SOURCE,
                )
            )
    return checks


def _dmon_loaded(rows: Sequence[Measurement]) -> list[dict[str, float]]:
    """The samples of one dmon file as ``{metric: value}``, idle samples left out."""
    samples: dict[tuple[int | None, int | None], dict[str, float]] = defaultdict(dict)
    for m in rows:
        samples[(m.gpu, m.sample)][m.metric] = m.value
    return [
        fields
        for fields in samples.values()
        if fields.get("dmon.gr_engine_active", 1.0) >= DMON_LOADED_GR_ACTIVE
    ]


def _mean_of(samples: Sequence[dict[str, float]], metric: str) -> float | None:
    values = [fields[metric] for fields in samples if metric in fields]
    return statistics.fmean(values) if values else None


def _sm_active_check(value: float, count: int, node: str | None, file: str) -> Check:
    if value >= SM_ACTIVE_PASS:
        verdict = Verdict.PASS
    elif value >= SM_ACTIVE_WARN:
        verdict = Verdict.WARN
    else:
        verdict = Verdict.FAIL
    return Check(
        test="dmon.sm_active",
        node=node,
        file=file,
        measured=value,
        expected=SM_ACTIVE_PASS,
        verdict=verdict,
        threshold=Message(
            code="evidence.threshold.pass_warn",
            params={"pass_at": SM_ACTIVE_PASS, "warn_at": SM_ACTIVE_WARN},
        ),
        message=Message(
            code="evidence.check.sm_active",
            params={"samples": count, "measured": value},
        ),
        source=DMON_SOURCE,
    )


def _dmon_checks(measurements: Sequence[Measurement], exp: Expectations) -> list[Check]:
    """Tensor activity against the modelled MFU and SM activity, per dmon file."""
    checks: list[Check] = []
    for file, rows in sorted(_by_file(measurements, DMON_TOOL).items()):
        node = rows[0].node
        loaded = _dmon_loaded(rows)
        tensor = _mean_of(loaded, "dmon.tensor_active")
        sm_active = _mean_of(loaded, "dmon.sm_active")
        if tensor is None and sm_active is None:
            checks.append(
                _info(
                    "dmon.tensor_active",
                    Message(code="evidence.check.dmon_nothing_to_compare"),
                    node=node,
                    file=file,
                )
            )
            continue
        if tensor is not None:
            checks.append(
                _ratio_check(
                    test="dmon.tensor_active",
                    measured=tensor,
                    expected=exp.default_mfu,
                    pass_ratio=MFU_PASS_RATIO,
                    warn_ratio=MFU_WARN_RATIO,
                    unit="",
                    what=Message(
                        code="evidence.what.tensor_active",
                        params={"samples": len(loaded)},
                    ),
                    node=node,
                    file=file,
                    source=f"{DMON_SOURCE}; MFU <= TENSO; {exp.sources.get('mfu', '')}",
                )
            )
        if sm_active is not None:
            checks.append(_sm_active_check(sm_active, len(loaded), node, file))
    return checks


def _probe_checks(
    measurements: Sequence[Measurement], exp: Expectations
) -> list[Check]:
    checks: list[Check] = []
    for m in measurements:
        if m.tool != "gpu-probe":
            continue
        if m.metric == "bf16_matmul":
            checks.append(
                _ratio_check(
                    test="gpu.matmul",
                    measured=m.value,
                    expected=exp.peak_bf16_tflops,
                    pass_ratio=MATMUL_PASS_RATIO,
                    warn_ratio=MATMUL_WARN_RATIO,
                    unit="TFLOP/s",
                    what=Message(code="evidence.what.matmul", params={"gpu": m.gpu}),
                    node=m.node,
                    gpu=m.gpu,
                    file=m.file,
                    source=exp.sources.get("gpu", ""),
                )
            )
        elif m.metric == "memory_copy":
            checks.append(
                _ratio_check(
                    test="gpu.memory_copy",
                    measured=m.value,
                    expected=exp.memory_bandwidth_gb_per_s,
                    pass_ratio=COPY_PASS_RATIO,
                    warn_ratio=COPY_WARN_RATIO,
                    unit="GB/s",
                    what=Message(
                        code="evidence.what.memory_copy", params={"gpu": m.gpu}
                    ),
                    node=m.node,
                    gpu=m.gpu,
                    file=m.file,
                    source=exp.sources.get("gpu", ""),
                )
            )
    return checks
