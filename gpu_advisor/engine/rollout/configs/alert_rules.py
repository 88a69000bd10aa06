"""The Prometheus alert rules on dcgm-exporter metrics, with their thresholds.

References
----------
.. [5] NVIDIA, dcgm-exporter ``etc/default-counters.csv`` and
   ``etc/dcp-metrics-included.csv`` (metric names) and ``dcgm-exporter.yaml``
   (DaemonSet: port 9400, ``SYS_ADMIN``, pod-resources mount).
   https://github.com/NVIDIA/dcgm-exporter
.. [6] Prometheus, "Alerting rules" and "Configuration" (rule file format,
   ``for``, ``labels``, ``annotations``; ``kubernetes_sd_configs``).
   https://prometheus.io/docs/prometheus/latest/configuration/alerting_rules/
.. [7] NVIDIA, NVML API "nvmlClocksEventReasons" (bitmask: 0x8 HW slowdown,
   0x20 SW thermal, 0x40 HW thermal, 0x80 HW power brake) and "XID Errors"
   (XID 79: GPU has fallen off the bus).
   https://docs.nvidia.com/deploy/nvml-api/group__nvmlClocksEventReasons.html
.. [10] NVIDIA dcgm-exporter pull requests #129 (the ``Hostname`` label comes
   from ``NODE_NAME`` when set) and #655 (``Hostname`` renamed ``hostname``).
   https://github.com/NVIDIA/dcgm-exporter/pull/655
.. [11] NVIDIA, "XID Errors": DCGM cannot report XID 79 (the GPU has fallen
   off the bus, so DCGM no longer sees it).
   https://docs.nvidia.com/deploy/xid-errors/
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Final

from gpu_advisor.engine.rollout.configs.common import _header, _num, _t
from gpu_advisor.engine.rollout.configs.dcgm import EXPORTER_JOB
from gpu_advisor.engine.rollout.configs.yaml_out import _yaml
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Monitoring

NCCL_HANG_UTIL_PCT: Final = 95
"""GPU utilisation at or above which a GPU counts as 'busy' for the hang test. [%]

A rank stuck inside an NCCL collective keeps its spinning kernel resident, so
``DCGM_FI_DEV_GPU_UTIL`` (share of time a kernel runs) stays near 100 % while
the tensor cores do nothing. Assumption documented in
:func:`prometheus_alert_rules`.
"""

NCCL_HANG_TENSOR_ACTIVE: Final = 0.01
"""Tensor-pipe activity below which the GPU does no matrix work. [ratio 0..1]"""

BUSY_FB_USED_MIB: Final = 1024
"""Framebuffer use above which a GPU holds a process (low-utilisation alert). [MiB]"""

GPU_SEEN_WINDOW: Final = "1h"
"""How far back a GPU must have reported to count as 'missing' when it stops."""

_THERMAL_BITS_DIVISOR: Final = 32  # bits 5 and 6: 0x20 SW thermal, 0x40 HW thermal [7]
_HW_SLOWDOWN_BIT: Final = 8  # 0x8 HW slowdown [7]
_POWER_BRAKE_BIT: Final = 128  # 0x80 HW power brake slowdown [7]


def _duration(minutes: int) -> str:
    """A Prometheus duration string.

    >>> _duration(15), _duration(120)
    ('15m', '2h')
    """
    if minutes % 60 == 0:
        return f"{minutes // 60}h"
    return f"{minutes}m"


def _range_minutes(window_minutes: int, scrape_interval_s: int) -> int:
    """A range-vector window that holds at least four scrapes.

    A ``[15m]`` window with a 10-minute scrape interval would hold one
    sample or none, so the window grows to 4 scrape intervals when needed.

    >>> _range_minutes(15, 15), _range_minutes(1, 600)
    (15, 40)
    """
    return max(window_minutes, math.ceil(4 * scrape_interval_s / 60))


def _where(language: Language) -> str:
    return _t(
        language,
        "{{ $labels.node }} GPU {{ $labels.gpu }}",
        "节点 {{ $labels.node }} 的 {{ $labels.gpu }} 号卡",
    )


_DCGM_SERIES: Final = re.compile(
    r"[a-z_]+\((DCGM_FI_[A-Z0-9_]+)\[[^\]]+\]\)|DCGM_FI_[A-Z0-9_]+"
)
"""A DCGM metric, bare or inside a range function such as ``max_over_time(X[1h])``."""

NODE_LABEL: Final = "node"
"""Label the alert rules group and name nodes by, copied from the exporter's."""


def with_node_label(expr: str) -> str:
    """Give every DCGM series in ``expr`` a ``node`` label from ``Hostname`` or ``hostname``.

    dcgm-exporter up to 4.2 labels series ``Hostname``; newer releases renamed
    it ``hostname`` [10]. ``label_replace`` copies whichever is present into
    ``node`` (a series without it is returned unchanged), so one rules file
    works with both.

    >>> with_node_label("X + DCGM_FI_DEV_GPU_TEMP")  # doctest: +NORMALIZE_WHITESPACE
    'X + label_replace(label_replace(DCGM_FI_DEV_GPU_TEMP, "node", "$1", "Hostname", "(.+)"),
    "node", "$1", "hostname", "(.+)")'
    """

    def wrap(match: re.Match[str]) -> str:
        inner = match.group(0)
        return (
            f'label_replace(label_replace({inner}, "{NODE_LABEL}", "$1", "Hostname", '
            f'"(.+)"), "{NODE_LABEL}", "$1", "hostname", "(.+)")'
        )

    return _DCGM_SERIES.sub(wrap, expr)


def _rule(
    alert: str,
    expr: str,
    for_minutes: int,
    severity: str,
    summary: str,
    description: str,
) -> dict[str, Any]:
    return {
        "alert": alert,
        "expr": with_node_label(expr),
        "for": _duration(for_minutes) if for_minutes else "0m",
        "labels": {"severity": severity},
        "annotations": {"summary": summary, "description": description},
    }


_SUSTAINED_MINUTES: Final = 5
"""``for`` of the alerts that ignore single hot or throttled samples. [min]"""

_REASONS: Final = (
    "(DCGM_FI_DEV_CLOCKS_EVENT_REASONS or DCGM_FI_DEV_CLOCK_THROTTLE_REASONS)"
)
"""The clock-event bitmask, or its pre-DCGM-3.3 name [7]."""


@dataclass(frozen=True, slots=True)
class AlertRule:
    """One alert of the rules file, its texts as templates.

    ``expr``, the summaries and the descriptions are :meth:`str.format`
    templates over the values of :func:`_rule_values` (``{where}``, the
    thresholds, windows and metric names); doubled braces are literal, so
    Prometheus's ``{{ $value }}`` is written ``{{{{ $value }}}}``.

    Attributes
    ----------
    alert : str
        Alert name. [-]
    expr : str
        PromQL template. [-]
    for_minutes : int
        How long the condition must hold; 0 fires at once. [min]
    severity : str
        ``"warning"`` or ``"critical"``. [-]
    summary_en, summary_zh, description_en, description_zh : str
        Annotation templates in English and Chinese. [-]
    needs : str
        ``""``: always in the file; ``"expected_gpus"``: only with an expected
        GPU count per node; ``"power_throttle"``: only when
        ``monitoring.power_throttle_alert`` is on. [-]
    """

    alert: str
    expr: str
    for_minutes: int
    severity: str
    summary_en: str
    summary_zh: str
    description_en: str
    description_zh: str
    needs: str = ""


ALERT_RULES: Final[tuple[AlertRule, ...]] = (
    AlertRule(
        "GpuTemperatureHigh",
        "DCGM_FI_DEV_GPU_TEMP > {gpu_temp}",
        _SUSTAINED_MINUTES,
        "warning",
        "GPU core temperature high",
        "GPU 核心温度过高",
        "{where} is at {{{{ $value }}}} °C, above {gpu_temp} °C for 5 minutes. "
        "Check the air conditioning and the airflow of the rack; clocks will drop next.",
        "{where}温度 {{{{ $value }}}} °C，已连续 5 分钟超过 {gpu_temp} °C。"
        "请检查机房空调和机柜风道，否则接下来会降频。",
    ),
    AlertRule(
        "GpuMemoryTemperatureHigh",
        "DCGM_FI_DEV_MEMORY_TEMP > {memory_temp}",
        _SUSTAINED_MINUTES,
        "warning",
        "GPU memory (HBM) temperature high",
        "显存（HBM）温度过高",
        "{where} memory is at {{{{ $value }}}} °C, above {memory_temp} °C. "
        "Hot HBM raises the ECC error rate; check cooling.",
        "{where}显存温度 {{{{ $value }}}} °C，超过 {memory_temp} °C。"
        "显存过热会增加 ECC 错误，请检查散热。",
    ),
    AlertRule(
        "GpuXidError",
        "DCGM_FI_DEV_XID_ERRORS > 0 and "
        "changes(DCGM_FI_DEV_XID_ERRORS[{xid_range}]) > 0",
        0,
        "warning",
        "GPU reported an XID error",
        "GPU 上报 XID 错误",
        "{where} reported XID {{{{ $value }}}} in the last {xid_range}. "
        "Look it up in NVIDIA's XID table; "
        "48/63/64/94/95 point at memory, 74 at NVLink, 13/31/43 usually at the application.",
        "{where}在最近 {xid_window} 分钟内上报 XID {{{{ $value }}}}。请对照 NVIDIA XID 错误表："
        "48/63/64/94/95 与显存有关，74 与 NVLink 有关，13/31/43 多为程序问题。",
    ),
    AlertRule(
        "GpuMissing",
        "max by (node, gpu) (max_over_time(DCGM_FI_DEV_GPU_TEMP[{seen_window}])) "
        "unless on (node, gpu) DCGM_FI_DEV_GPU_TEMP",
        _SUSTAINED_MINUTES,
        "critical",
        "GPU stopped reporting",
        "GPU 指标消失（疑似掉卡）",
        "{where} reported within the last hour but not now: the driver lost the card "
        "(a GPU that fell off the bus, XID 79, shows up here: DCGM cannot report "
        "XID 79) or the exporter on that node stopped. Check nvidia-smi on the node.",
        "{where}一小时内还有指标，现在没有了：驱动已看不到这张卡（掉卡即 XID 79 会表现为此告警："
        "DCGM 无法上报 XID 79），或该节点的采集器停了。请登录节点执行 nvidia-smi 检查。",
    ),
    AlertRule(
        "GpuCountBelowExpected",
        "count by (node) (DCGM_FI_DEV_GPU_TEMP) < {expected_gpus}",
        _SUSTAINED_MINUTES,
        "critical",
        "Node reports fewer GPUs than planned",
        "节点可见 GPU 数少于规划",
        "{{{{ $labels.node }}}} reports {{{{ $value }}}} GPUs, "
        "{expected_gpus} planned. A card has dropped out.",
        "节点 {{{{ $labels.node }}}} 只看到 {{{{ $value }}}} 张卡，"
        "规划为 {expected_gpus} 张，疑似掉卡。",
        needs="expected_gpus",
    ),
    AlertRule(
        "GpuEccDoubleBitErrors",
        "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL >= {ecc_dbe}",
        0,
        "critical",
        "Uncorrectable (double-bit) ECC errors",
        "不可纠正（双比特）ECC 错误",
        "{where} has {{{{ $value }}}} double-bit ECC errors since the driver loaded "
        "(threshold {ecc_dbe}). Results on this card may be wrong: "
        "drain it and ask the vendor to test or replace it.",
        "{where}自驱动加载以来出现 {{{{ $value }}}} 次双比特 ECC 错误（阈值 {ecc_dbe}）。"
        "该卡计算结果可能出错：请将其下线，并要求供应商检测或换卡。",
    ),
    AlertRule(
        "GpuRowRemapFailure",
        "DCGM_FI_DEV_ROW_REMAP_FAILURE > 0",
        0,
        "critical",
        "GPU memory row remapping failed",
        "显存行重映射失败",
        "{where} could not remap a faulty memory row: the card needs replacing.",
        "{where}无法再重映射坏的显存行：该卡需要更换。",
    ),
    AlertRule(
        "GpuUncorrectableRowsRemapped",
        "increase(DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS[{seen_window}]) > 0",
        0,
        "warning",
        "Memory row remapped after an uncorrectable error",
        "不可纠正错误触发显存行重映射",
        "{where} remapped a memory row after an uncorrectable error. The remap takes "
        "effect after a GPU reset: reset the card at the next checkpoint.",
        "{where}因不可纠正错误重映射了显存行，需重置 GPU 后才生效：请在下一个 checkpoint 后重置该卡。",
    ),
    AlertRule(
        "GpuUtilizationLow",
        "avg_over_time(DCGM_FI_DEV_GPU_UTIL[{util_range}]) < {util_low} "
        "and DCGM_FI_DEV_FB_USED > {busy_fb_mib}",
        _SUSTAINED_MINUTES,
        "warning",
        "GPU utilisation low: check data loading first",
        "GPU 利用率偏低：先查数据加载",
        "{where} averaged {{{{ $value }}}} % over {util_range} "
        "(threshold {util_low} %) while a job holds it. Look at data "
        "loading first (DataLoader workers, storage bandwidth, CPU preprocessing, "
        "data stored far from the compute) before adding GPUs.",
        "{where}在 {util_window} 分钟内平均利用率 {{{{ $value }}}} %（阈值 {util_low} %），"
        "且有作业占用。先检查数据加载（DataLoader 进程数、存储带宽、CPU 预处理、数据是否离算力太远），"
        "不要急着加卡。",
    ),
    AlertRule(
        "GpuThermalThrottling",
        "floor({reasons} / {thermal_bits}) % 4 > 0",
        _SUSTAINED_MINUTES,
        "warning",
        "GPU clocks reduced by thermal limits",
        "GPU 因温度降频",
        "{where} has been thermally throttled (SW or HW thermal slowdown) for 5 "
        "minutes; training runs slower on this card and the whole job waits for it.",
        "{where}已连续 5 分钟因过热降频（软件或硬件温控），这张卡变慢会拖慢整个作业。",
    ),
    AlertRule(
        "GpuPowerBrakeOrHwSlowdown",
        "floor({reasons} / {hw_slowdown_bit}) % 2 == 1 "
        "or floor({reasons} / {power_brake_bit}) % 2 == 1",
        _SUSTAINED_MINUTES,
        "warning",
        "GPU hardware slowdown or power brake",
        "GPU 硬件降频或电源制动",
        "{where} shows HW slowdown or power brake for 5 minutes: a power supply, "
        "PDU or temperature problem at the node. Ask the data centre to check power.",
        "{where}已连续 5 分钟处于硬件降频或电源制动状态，通常是节点电源、PDU 或温度问题，"
        "请机房检查供电。",
        needs="power_throttle",
    ),
    AlertRule(
        "NcclHangSuspected",
        "min_over_time(DCGM_FI_DEV_GPU_UTIL[{hang_range}]) >= {hang_util_pct} "
        "and max_over_time(DCGM_FI_PROF_PIPE_TENSOR_ACTIVE[{hang_range}]) "
        "< {hang_tensor_active}",
        1,
        "critical",
        "Training looks hung in NCCL",
        "训练疑似卡在 NCCL 通信",
        "{where} has been at 100 % utilisation with idle tensor cores for "
        "{hang_range}: typically a rank waiting forever in an NCCL "
        "collective. Check the logs of every rank (set NCCL_DEBUG=INFO), the network "
        "and the other nodes; restart from the last checkpoint.",
        "{where}已连续 {hang_window} 分钟利用率 100 % 但 Tensor Core 空闲：通常是某个进程在 NCCL "
        "集合通信中一直等待。请查看各进程日志（设 NCCL_DEBUG=INFO）、网络和其他节点，并从最近的 checkpoint 重启。",
    ),
    AlertRule(
        "DcgmExporterDown",
        'up{{job="{exporter_job}"}} == 0',
        _SUSTAINED_MINUTES,
        "critical",
        "GPU metrics exporter down",
        "GPU 指标采集器（dcgm-exporter）宕机",
        "{{{{ $labels.instance }}}}: Prometheus cannot scrape dcgm-exporter; "
        "GPU alerts for that node are blind.",
        "{{{{ $labels.instance }}}}：Prometheus 抓取不到 dcgm-exporter，该节点的 GPU 告警全部失效。",
    ),
    AlertRule(
        "DcgmExporterAbsent",
        'absent(up{{job="{exporter_job}"}})',
        10,
        "critical",
        "No dcgm-exporter target at all",
        "没有任何 dcgm-exporter 抓取目标",
        "Prometheus has no dcgm-exporter target: the scrape config or the DaemonSet "
        "is missing, so no GPU alert can fire.",
        "Prometheus 中没有 dcgm-exporter 目标：抓取配置或 DaemonSet 缺失，任何 GPU 告警都不会触发。",
    ),
)
"""Every alert of the rules file, in file order (see :func:`prometheus_alert_rules`)."""


def _rule_values(
    monitoring: Monitoring, language: Language, expected_gpus_per_node: int | None
) -> dict[str, object]:
    """The values the :data:`ALERT_RULES` templates are filled with.

    Windows come in minutes (``*_window``, for the Chinese texts) and as
    Prometheus durations (``*_range``), each at least four scrapes long.
    """
    m = monitoring
    util_window = _range_minutes(m.util_window_minutes, m.scrape_interval_s)
    hang_window = _range_minutes(m.nccl_hang_minutes, m.scrape_interval_s)
    xid_window = _range_minutes(10, m.scrape_interval_s)
    return {
        "where": _where(language),
        "gpu_temp": _num(m.gpu_temp_c),
        "memory_temp": _num(m.memory_temp_c),
        "util_low": _num(m.util_low_pct),
        "ecc_dbe": m.ecc_dbe_threshold,
        "expected_gpus": expected_gpus_per_node,
        "xid_window": xid_window,
        "xid_range": _duration(xid_window),
        "util_window": util_window,
        "util_range": _duration(util_window),
        "hang_window": hang_window,
        "hang_range": _duration(hang_window),
        "seen_window": GPU_SEEN_WINDOW,
        "busy_fb_mib": BUSY_FB_USED_MIB,
        "hang_util_pct": NCCL_HANG_UTIL_PCT,
        "hang_tensor_active": NCCL_HANG_TENSOR_ACTIVE,
        "reasons": _REASONS,
        "thermal_bits": _THERMAL_BITS_DIVISOR,
        "hw_slowdown_bit": _HW_SLOWDOWN_BIT,
        "power_brake_bit": _POWER_BRAKE_BIT,
        "exporter_job": EXPORTER_JOB,
    }


def prometheus_alert_rules(
    monitoring: Monitoring,
    language: Language = Language.EN,
    expected_gpus_per_node: int | None = None,
) -> str:
    """Prometheus alerting rules on dcgm-exporter metrics [5][6][7].

    Thresholds come from ``monitoring``; annotations are in ``language``.

    Parameters
    ----------
    monitoring : Monitoring
        Temperatures [°C], utilisation threshold [%] and window [min],
        NCCL-hang window [min], ECC DBE count [1], throttle switch, scrape
        interval [s]. [-]
    language : Language
        Language of ``summary`` and ``description``. [-]
    expected_gpus_per_node : int or None
        When given, also alert when a node reports fewer GPUs. [1]

    Returns
    -------
    str
        One rules file: ``groups: [{name: gpu-advisor, rules: [...]}]``. [-]

    Notes
    -----
    Alerts and their expressions (``R`` is the clock-event bitmask,
    ``DCGM_FI_DEV_CLOCKS_EVENT_REASONS``, or its pre-DCGM-3.3 name
    ``DCGM_FI_DEV_CLOCK_THROTTLE_REASONS``):

    * ``GpuTemperatureHigh``: ``DCGM_FI_DEV_GPU_TEMP > gpu_temp_c`` for 5 min.
    * ``GpuMemoryTemperatureHigh``: ``DCGM_FI_DEV_MEMORY_TEMP > memory_temp_c``.
    * ``GpuXidError``: the XID gauge changed to a non-zero value within the
      last 10 minutes (``changes(...) > 0``). dcgm-exporter keeps the last XID
      until it restarts, so an alert on the value alone would fire for ever.
    * ``GpuMissing``: a GPU that reported in the last hour and reports no
      more (per ``node`` and ``gpu``), the "掉卡" case when the driver
      no longer sees it. XID 79 (fallen off the bus) lands here: DCGM cannot
      report it [11]. ``GpuCountBelowExpected``: fewer GPUs per node than
      planned.
    * ``GpuEccDoubleBitErrors``: ``DCGM_FI_DEV_ECC_DBE_VOL_TOTAL >=
      ecc_dbe_threshold`` (volatile count since the last driver load).
    * ``GpuRowRemapFailure``: ``DCGM_FI_DEV_ROW_REMAP_FAILURE > 0``;
      ``GpuUncorrectableRowsRemapped``: the uncorrectable remapped-row count
      grew in the last hour (a reset is needed for the remap to apply).
    * ``GpuUtilizationLow``: ``avg_over_time(DCGM_FI_DEV_GPU_UTIL[W]) <
      util_low_pct`` on GPUs that hold memory (``DCGM_FI_DEV_FB_USED >
      1024`` MiB), so idle, unallocated cards stay quiet; the description
      says to check data loading before adding cards (seed rule).
    * ``GpuThermalThrottling``: bit 0x20 or 0x40 of ``R`` set for 5 min.
    * ``GpuPowerBrakeOrHwSlowdown`` (only if ``power_throttle_alert``): bit
      0x8 or 0x80 of ``R``. SW power capping (0x4) is normal at full load and
      is not alerted. PromQL has no bit operators, so bit ``k`` is
      ``floor(R / 2^k) % 2``.
    * ``NcclHangSuspected``: for ``nccl_hang_minutes`` the GPU stayed at
      >= 95 % utilisation while its tensor pipes were idle
      (``DCGM_FI_PROF_PIPE_TENSOR_ACTIVE < 0.01``). Assumption: a rank
      blocked in an NCCL collective keeps a spinning kernel resident (hence
      100 % "utilisation") but does no matrix work; a training step of a
      transformer always uses the tensor cores. Needs the DCP fields
      (datacenter GPUs); it stays silent where they are missing.
    * ``DcgmExporterDown`` (``up == 0``) and ``DcgmExporterAbsent``
      (``absent(up{job="dcgm-exporter"})``): without the exporter every other
      alert is blind.

    Range windows are at least four scrape intervals long. Every DCGM series
    gets a ``node`` label from ``Hostname`` or ``hostname``
    (:func:`with_node_label`).

    Examples
    --------
    >>> import yaml
    >>> doc = yaml.safe_load(prometheus_alert_rules(Monitoring()))
    >>> doc["groups"][0]["rules"][0]["expr"].endswith(") > 85")
    True
    """
    values = _rule_values(monitoring, language, expected_gpus_per_node)
    included = {
        "": True,
        "expected_gpus": expected_gpus_per_node is not None,
        "power_throttle": monitoring.power_throttle_alert,
    }
    rules = [
        _rule(
            r.alert,
            r.expr.format(**values),
            r.for_minutes,
            r.severity,
            _t(language, r.summary_en, r.summary_zh).format(**values),
            _t(language, r.description_en, r.description_zh).format(**values),
        )
        for r in ALERT_RULES
        if included[r.needs]
    ]
    head = [
        _t(
            language,
            "gpu-advisor: Prometheus alert rules on dcgm-exporter metrics.",
            "gpu-advisor 生成：基于 dcgm-exporter 指标的 Prometheus 告警规则。",
        ),
        _t(
            language,
            "Check with: promtool check rules <this file>",
            "可用 promtool check rules <本文件> 检查。",
        ),
    ]
    return _header(head) + _yaml(
        [{"groups": [{"name": "gpu-advisor", "rules": rules}]}]
    ).removeprefix("---\n")
