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
    Check,
    Verdict,
    _by_file,
    _info,
    _ratio_check,
)
from gpu_advisor.engine.evidence.expectations import Expectations
from gpu_advisor.engine.evidence.mfu import MFU_PASS_RATIO, MFU_WARN_RATIO
from gpu_advisor.engine.evidence.runs import measured_figures
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
                what_en=f"sequential write ({job}) against the checkpoint write bandwidth needed",
                what_zh=f"顺序写（{job}）对比保存检查点所需写带宽",
                node=node,
                file=best.file,
                source=exp.sources.get("fio", ""),
            )
        ]
    return [
        _info(
            "fio.checkpoint_write",
            f"fio {job}: {best.value:.3g} GB/s; no checkpoint bandwidth to compare with.",
            f"fio {job}：{best.value:.3g} GB/s；没有可对比的检查点写带宽。",
            node=node,
            file=best.file,
        )
    ]


def _gpu_health_checks(
    measurements: Sequence[Measurement], exp: Expectations
) -> list[Check]:
    """nvidia-smi's view of each GPU: temperature, clocks under load, slowdown
    reasons and uncorrectable ECC errors (only the GPUs with a problem)."""
    smi = [m for m in measurements if m.tool == "nvidia-smi" and m.gpu is not None]
    return [
        *_temperature_checks(smi, exp),
        *_clock_checks(smi),
        *_throttle_checks(smi, exp),
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
                threshold_en=f"fail >= {limit:.0f} C (hot), warn >= {limit - TEMPERATURE_WARN_MARGIN_C:.0f} C",
                threshold_zh=f"≥ {limit:.0f} °C 为过热不通过，≥ {limit - TEMPERATURE_WARN_MARGIN_C:.0f} °C 为警告",
                message_en=f"GPU {gpu} reached {m.value:.0f} C: check the cooling.",
                message_zh=f"GPU {gpu} 温度达 {m.value:.0f} °C：请检查散热。",
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
                threshold_en=f"warn when the SM clock under load is below {100 * CLOCK_WARN_RATIO:.0f}% of its maximum",
                threshold_zh=f"负载下 SM 频率低于最高频率的 {100 * CLOCK_WARN_RATIO:.0f}% 即警告",
                message_en=f"GPU {gpu} ran at {clock:.0f} MHz under load ({100 * ratio:.0f}% of max): throttled.",
                message_zh=f"GPU {gpu} 负载下仅 {clock:.0f} MHz（最高频率的 {100 * ratio:.0f}%）：被降频。",
                source="nvidia-smi manual page (clocks.sm, clocks.max.sm)",
            )
        )
    return checks


def _throttle_checks(smi: Sequence[Measurement], exp: Expectations) -> list[Check]:
    """Fail a GPU the driver slows down for a reason in :data:`HARD_THROTTLE_REASONS`."""
    checks: list[Check] = []
    reasons: dict[tuple[str | None, int], tuple[list[str], str]] = {}
    for m in smi:
        key = (m.node, m.gpu or 0)
        name = m.metric.removeprefix("throttle.")
        if (
            m.metric.startswith("throttle.")
            and m.value
            and name in HARD_THROTTLE_REASONS
        ):
            reasons.setdefault(key, ([], m.file))[0].append(name)
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
                threshold_en="fail when a thermal, hardware or power-brake slowdown is active",
                threshold_zh="出现温度、硬件或电源制动降频即不通过",
                message_en=f"GPU {gpu} is slowed down by the driver: {listed}.",
                message_zh=f"GPU {gpu} 被驱动降频：{listed}。",
                source=exp.sources.get(
                    "throttle", "nvidia-smi manual page, Clocks Event Reasons"
                ),
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
                threshold_en="fail when any uncorrectable ECC error is counted",
                threshold_zh="出现不可纠正 ECC 错误即不通过",
                message_en=f"GPU {gpu} has {count:.0f} uncorrectable ECC errors: ask for a replacement.",
                message_zh=f"GPU {gpu} 有 {count:.0f} 个不可纠正 ECC 错误：应要求换卡。",
                source="nvidia-smi manual page, ECC errors",
            )
        )
    return checks


_DCGM_SOURCE: Final = "DCGM User Guide, DCGM Diagnostics"
_DCGM_RULE_EN: Final = (
    "fail on any Fail, warn on any Warn; a skipped test is not tested, never a pass"
)
_DCGM_RULE_ZH: Final = (
    "出现“失败”即不通过，出现“警告”即警告；跳过的项目视为未测试，不算通过"
)


def _dcgm_status(m: Measurement) -> str:
    """pass, warn, fail, skip or incomplete: the row's status, else its value."""
    if m.status is not None:
        return m.status
    if m.value >= 1.0:
        return "pass"
    return "fail" if m.value == 0 else "warn"


def _dcgm_row_check(m: Measurement, file: str, status: str) -> Check:
    """A check for one dcgmi row that is not a pass."""
    gpu_en = f" on GPU {m.gpu}" if m.gpu is not None else ""
    gpu_zh = f"（GPU {m.gpu}）" if m.gpu is not None else ""
    verdict = Verdict.FAIL if status == "fail" else Verdict.WARN
    if status == "incomplete":
        count = int(m.value)
        message_en = (
            f"dcgmi diag: incomplete run, {count} tests not run; ask for a full "
            "run at the level the plan asks for."
        )
        message_zh = f"dcgmi diag：运行不完整，{count} 项未运行；请要求按方案要求的级别完整运行。"
        test = INCOMPLETE_TEST
    elif status == "skip":
        message_en = f"dcgmi diag {m.metric}{gpu_en}: skipped, not tested."
        message_zh = f"dcgmi diag {m.metric}{gpu_zh}：被跳过，未测试。"
        test = "dcgm"
    else:
        message_en = f"dcgmi diag {m.metric}{gpu_en}: {verdict.value}."
        message_zh = f"dcgmi diag {m.metric}{gpu_zh}：{'不通过' if verdict is Verdict.FAIL else '警告'}。"
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
        threshold_en=_DCGM_RULE_EN,
        threshold_zh=_DCGM_RULE_ZH,
        message_en=message_en,
        message_zh=message_zh,
        source=_DCGM_SOURCE,
    )


def _dcgm_checks(measurements: Sequence[Measurement]) -> list[Check]:
    """One check per dcgmi diag row that did not pass, or one pass per file.

    A skipped test is "not tested" (a warning, never counted as passed); a
    run that lists tests it never ran is incomplete (:data:`INCOMPLETE_TEST`),
    which keeps the vendor behind every vendor whose hardware passed
    (:func:`gpu_advisor.engine.evidence.scoring.score_vendors`).
    """
    checks: list[Check] = []
    for file, rows in sorted(_by_file(measurements, "dcgmi").items()):
        statuses = [(m, _dcgm_status(m)) for m in rows]
        bad = [(m, status) for m, status in statuses if status != "pass"]
        checks.extend(_dcgm_row_check(m, file, status) for m, status in bad)
        if not bad:
            passed = len(rows)
            checks.append(
                Check(
                    test="dcgm",
                    node=rows[0].node,
                    file=file,
                    measured=1.0,
                    expected=1.0,
                    verdict=Verdict.PASS,
                    threshold_en=_DCGM_RULE_EN,
                    threshold_zh=_DCGM_RULE_ZH,
                    message_en=f"dcgmi diag: all {passed} tests passed.",
                    message_zh=f"dcgmi diag：{passed} 项全部通过。",
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
        threshold_en=f"pass >= {SM_ACTIVE_PASS:.2f}, warn >= {SM_ACTIVE_WARN:.2f}, fail below",
        threshold_zh=f"≥ {SM_ACTIVE_PASS:.2f} 为通过，≥ {SM_ACTIVE_WARN:.2f} 为警告，低于则不通过",
        message_en=f"SM activity of the job (dcgmi dmon SMACT, mean of {count} samples under load): {value:.2f}.",
        message_zh=f"任务的 SM 活跃度（dcgmi dmon SMACT，{count} 个负载采样的均值）：{value:.2f}。",
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
                    "dcgmi dmon imported without TENSO or SMACT samples under load: "
                    "nothing to compare with the plan.",
                    "已导入 dcgmi dmon，但没有负载下的 TENSO 或 SMACT 采样：无可与计划对比的数值。",
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
                    what_en=f"Tensor-core activity of the job (dcgmi dmon TENSO, mean of {len(loaded)} samples under load) against the modelled MFU",
                    what_zh=f"任务的 Tensor Core 活跃度（dcgmi dmon TENSO，{len(loaded)} 个负载采样的均值）对比模型预估 MFU",
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
                    what_en=f"GPU {m.gpu} bf16 matmul against the dense bf16 peak",
                    what_zh=f"GPU {m.gpu} bf16 矩阵乘对比 bf16 稠密峰值",
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
                    what_en=f"GPU {m.gpu} device copy against the datasheet memory bandwidth",
                    what_zh=f"GPU {m.gpu} 显存拷贝对比标称显存带宽",
                    node=m.node,
                    gpu=m.gpu,
                    file=m.file,
                    source=exp.sources.get("gpu", ""),
                )
            )
    return checks
