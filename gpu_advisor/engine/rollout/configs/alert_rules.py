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
   The bit values checked in NVIDIA/DCGM @ 72fa3feaa67d716a75323a8f47c34ff3ee73f824,
   ``dcgmlib/dcgm_fields.h`` lines 107–154 (``DCGM_CLOCKS_EVENT_REASON_HW_SLOWDOWN``
   0x8, ``…_SW_THERMAL`` 0x20, ``…_HW_THERMAL`` 0x40, ``…_HW_POWER_BRAKE`` 0x80,
   "a 1:1 map to the NVML reasons") and ``sdk/nvidia/nvml/dcgm_nvml.h``
   (``nvmlClocksThrottleReasonHwSlowdown`` 0x8 … ``HwPowerBrakeSlowdown`` 0x80);
   field 112 ``DCGM_FI_DEV_CLOCKS_EVENT_REASONS``, its deprecated alias
   ``DCGM_FI_DEV_CLOCK_THROTTLE_REASONS``.
.. [10] NVIDIA dcgm-exporter pull requests #129 (the ``Hostname`` label comes
   from ``NODE_NAME`` when set) and #655 (``Hostname`` renamed ``hostname``).
   https://github.com/NVIDIA/dcgm-exporter/pull/655
.. [11] NVIDIA, "XID Errors": DCGM cannot report XID 79 (the GPU has fallen
   off the bus, so DCGM no longer sees it).
   https://docs.nvidia.com/deploy/xid-errors/
.. [12] NVIDIA, DCGM field identifiers ``DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL``
   (409), ``…_CRC_DATA_ERROR_COUNT_TOTAL``, ``…_REPLAY_ERROR_COUNT_TOTAL``,
   ``…_RECOVERY_ERROR_COUNT_TOTAL`` and ``DCGM_FI_DEV_POWER_MGMT_LIMIT``; the NVLink
   error fields are commented out in dcgm-exporter's ``etc/default-counters.csv``.
   https://github.com/NVIDIA/dcgm-exporter/blob/main/etc/default-counters.csv
.. [13] Prometheus node_exporter, ``collector/infiniband_linux.go``: metrics
   ``node_infiniband_<counter>{device, port}`` from ``/sys/class/infiniband``
   (InfiniBand and RoCE ports alike): ``symbol_error_total``,
   ``port_errors_received_total``, ``local_link_integrity_errors_total``,
   ``excessive_buffer_overrun_errors_total``, ``link_downed_total``,
   ``link_error_recovery_total`` and ``state_id`` (4: active).
   https://github.com/prometheus/node_exporter/blob/master/collector/infiniband_linux.go
.. [14] NVIDIA/DCGM @ 72fa3feaa67d716a75323a8f47c34ff3ee73f824, ``dcgmlib/dcgm_fields.h``:
   field 153 ``DCGM_FI_DEV_GPU_TEMP_MARGIN_CELSIUS``, "Thermal margin temperature
   (distance to nearest slowdown threshold) for this GPU", exported under its
   older name ``DCGM_FI_DEV_GPU_TEMP_LIMIT`` (kept as an alias there; the name
   go-dcgm maps to 153). nvidia-smi prints the same margin as "GPU T.Limit Temp"
   (``temperature.gpu.tlimit``); Hopper and later on drivers from 535 print
   only these T.Limit offsets, not absolute limits.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Final, cast

from gpu_advisor.engine.rollout.configs.common import Wording, _header, _num, _w
from gpu_advisor.engine.rollout.configs.dcgm import EXPORTER_JOB
from gpu_advisor.engine.rollout.configs.yaml_out import _yaml
from gpu_advisor.model.catalog import GpuSpec
from gpu_advisor.model.common import Message, Param
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

IB_PORT_ACTIVE: Final = 4
"""``node_infiniband_state_id`` of an active port [13]."""

TLIMIT_MARGIN_C: Final = 0
"""Thermal margin (T.Limit) at or below which the GPU is at its slowdown
threshold [14]: nvidia-smi's "GPU Max Operating T.Limit Temp" is 0 C. [°C]"""

LINK_WINDOW_MINUTES: Final = 10
"""Window in which any new NVLink or InfiniBand/RoCE port error fires. [min]"""


@dataclass(frozen=True, slots=True)
class GpuLimits:
    """The plan's GPU's own limits for the alerts (catalog ``thermal``, ``tdp_w``).

    Attributes
    ----------
    name : str
        The GPU's name, for the descriptions. [-]
    max_operating_temp_c, memory_max_operating_temp_c, slowdown_temp_c : float or None
        From a published ``nvidia-smi -q`` of that GPU; None: not in the catalog. [°C]
    power_w : float
        Rated board power (the catalog's ``tdp_w``). [W]
    """

    name: str
    max_operating_temp_c: float | None
    memory_max_operating_temp_c: float | None
    slowdown_temp_c: float | None
    power_w: float

    @classmethod
    def of(cls, gpu: GpuSpec) -> GpuLimits:
        """The limits of one catalog GPU.

        >>> from gpu_advisor.io.catalog import load_catalog
        >>> GpuLimits.of(load_catalog().gpu("H800-80GB-SXM")).max_operating_temp_c
        87.0
        """
        thermal = gpu.thermal
        return cls(
            name=gpu.name,
            max_operating_temp_c=thermal.max_operating_temp_c if thermal else None,
            memory_max_operating_temp_c=(
                thermal.memory_max_operating_temp_c if thermal else None
            ),
            slowdown_temp_c=thermal.slowdown_temp_c if thermal else None,
            power_w=gpu.tdp_w,
        )


def _threshold(monitoring: Monitoring, field: str, gpu_value: float | None) -> float:
    """The plan's threshold if the user changed it, else the GPU's, else the default.

    >>> _threshold(Monitoring(), "gpu_temp_c", 87.0), _threshold(Monitoring(), "gpu_temp_c", None)
    (87.0, 85.0)
    >>> _threshold(Monitoring(gpu_temp_c=80), "gpu_temp_c", 87.0)
    80.0
    """
    value = float(getattr(monitoring, field))
    default = Monitoring.model_fields[field].default
    if value != default or gpu_value is None:
        return value
    return float(gpu_value)


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


_VALUE: Final = "{{ $value }}"
"""Prometheus's template of the alert's value, given to the annotations' words."""


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
    """One alert of the rules file: its expression and how it fires.

    ``expr`` is a :meth:`str.format` template over the values of
    :func:`_rule_values` (the thresholds, windows and metric names); doubled
    braces are literal. The summary and the description are the catalog's
    ``rollout.alert.<alert>.summary`` and ``.description``, worded with the
    values of :func:`_annotation_values`.

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
    needs : str
        ``""``: always in the file; ``"expected_gpus"``: only with an expected
        GPU count per node; ``"power_throttle"``: only when
        ``monitoring.power_throttle_alert`` is on; ``"gpu_slowdown"``,
        ``"gpu_power"``: only with the plan's GPU's slowdown temperature or
        rated power (:class:`GpuLimits`). [-]
    """

    alert: str
    expr: str
    for_minutes: int
    severity: str
    needs: str = ""


ALERT_RULES: Final[tuple[AlertRule, ...]] = (
    AlertRule(
        "GpuTemperatureHigh",
        "DCGM_FI_DEV_GPU_TEMP > {gpu_temp}",
        _SUSTAINED_MINUTES,
        "warning",
    ),
    AlertRule(
        "GpuMemoryTemperatureHigh",
        "DCGM_FI_DEV_MEMORY_TEMP > {memory_temp}",
        _SUSTAINED_MINUTES,
        "warning",
    ),
    AlertRule(
        "GpuTemperatureAtSlowdown",
        "DCGM_FI_DEV_GPU_TEMP >= {slowdown_temp}",
        1,
        "critical",
        needs="gpu_slowdown",
    ),
    AlertRule(
        "GpuPowerAboveRated",
        "avg_over_time(DCGM_FI_DEV_POWER_USAGE[{power_range}]) > {power_w}",
        _SUSTAINED_MINUTES,
        "warning",
        needs="gpu_power",
    ),
    AlertRule(
        "GpuPowerLimitBelowRated",
        "DCGM_FI_DEV_POWER_MGMT_LIMIT < {power_w}",
        15,
        "warning",
        needs="gpu_power",
    ),
    AlertRule(
        "NvlinkErrors",
        "increase(DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL[{link_range}]) > 0 "
        "or increase(DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL[{link_range}]) > 0 "
        "or increase(DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL[{link_range}]) > 0",
        0,
        "warning",
    ),
    AlertRule(
        "NvlinkRecoveryErrors",
        "increase(DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL[{link_range}]) > 0",
        0,
        "critical",
    ),
    AlertRule(
        "FabricPortErrors",
        "increase(node_infiniband_symbol_error_total[{link_range}]) > 0 "
        "or increase(node_infiniband_port_errors_received_total[{link_range}]) > 0 "
        "or increase(node_infiniband_local_link_integrity_errors_total[{link_range}]) > 0 "
        "or increase(node_infiniband_excessive_buffer_overrun_errors_total[{link_range}]) > 0",
        0,
        "warning",
    ),
    AlertRule(
        "FabricLinkFlap",
        "increase(node_infiniband_link_downed_total[{link_range}]) > 0 "
        "or increase(node_infiniband_link_error_recovery_total[{link_range}]) > 0",
        0,
        "critical",
    ),
    AlertRule(
        "FabricPortDown",
        "max_over_time(node_infiniband_state_id[{seen_window}]) == {ib_active} "
        "unless node_infiniband_state_id == {ib_active}",
        2,
        "critical",
    ),
    AlertRule(
        "GpuXidError",
        "DCGM_FI_DEV_XID_ERRORS > 0 and "
        "changes(DCGM_FI_DEV_XID_ERRORS[{xid_range}]) > 0",
        0,
        "warning",
    ),
    AlertRule(
        "GpuMissing",
        "max by (node, gpu) (max_over_time(DCGM_FI_DEV_GPU_TEMP[{seen_window}])) "
        "unless on (node, gpu) DCGM_FI_DEV_GPU_TEMP",
        _SUSTAINED_MINUTES,
        "critical",
    ),
    AlertRule(
        "GpuCountBelowExpected",
        "count by (node) (DCGM_FI_DEV_GPU_TEMP) < {expected_gpus}",
        _SUSTAINED_MINUTES,
        "critical",
        needs="expected_gpus",
    ),
    AlertRule(
        "GpuEccDoubleBitErrors",
        "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL >= {ecc_dbe}",
        0,
        "critical",
    ),
    AlertRule(
        "GpuRowRemapFailure",
        "DCGM_FI_DEV_ROW_REMAP_FAILURE > 0",
        0,
        "critical",
    ),
    AlertRule(
        "GpuUncorrectableRowsRemapped",
        "increase(DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS[{seen_window}]) > 0",
        0,
        "warning",
    ),
    AlertRule(
        "GpuUtilizationLow",
        "avg_over_time(DCGM_FI_DEV_GPU_UTIL[{util_range}]) < {util_low} "
        "and DCGM_FI_DEV_FB_USED > {busy_fb_mib}",
        _SUSTAINED_MINUTES,
        "warning",
    ),
    AlertRule(
        "GpuThermalThrottling",
        "floor({reasons} / {thermal_bits}) % 4 > 0",
        _SUSTAINED_MINUTES,
        "warning",
    ),
    AlertRule(
        "GpuThermalMarginExhausted",
        "DCGM_FI_DEV_GPU_TEMP_LIMIT <= {tlimit_margin}",
        _SUSTAINED_MINUTES,
        "warning",
    ),
    AlertRule(
        "GpuPowerBrakeOrHwSlowdown",
        "floor({reasons} / {hw_slowdown_bit}) % 2 == 1 "
        "or floor({reasons} / {power_brake_bit}) % 2 == 1",
        _SUSTAINED_MINUTES,
        "warning",
        needs="power_throttle",
    ),
    AlertRule(
        "NcclHangSuspected",
        "min_over_time(DCGM_FI_DEV_GPU_UTIL[{hang_range}]) >= {hang_util_pct} "
        "and max_over_time(DCGM_FI_PROF_PIPE_TENSOR_ACTIVE[{hang_range}]) "
        "< {hang_tensor_active}",
        1,
        "critical",
    ),
    AlertRule(
        "DcgmExporterDown",
        'up{{job="{exporter_job}"}} == 0',
        _SUSTAINED_MINUTES,
        "critical",
    ),
    AlertRule(
        "DcgmExporterAbsent",
        'absent(up{{job="{exporter_job}"}})',
        10,
        "critical",
    ),
)
"""Every alert of the rules file, in file order (see :func:`prometheus_alert_rules`)."""


def _rule_values(
    monitoring: Monitoring,
    expected_gpus_per_node: int | None,
    gpu: GpuLimits | None = None,
) -> dict[str, object]:
    """The values the :data:`ALERT_RULES` expressions are filled with.

    Windows come in minutes (``*_window``) and as Prometheus durations
    (``*_range``), each at least four scrapes long. Temperatures are the
    plan's GPU's (:func:`_threshold`) unless the user changed them.
    """
    m = monitoring
    util_window = _range_minutes(m.util_window_minutes, m.scrape_interval_s)
    hang_window = _range_minutes(m.nccl_hang_minutes, m.scrape_interval_s)
    xid_window = _range_minutes(10, m.scrape_interval_s)
    link_window = _range_minutes(LINK_WINDOW_MINUTES, m.scrape_interval_s)
    power_window = _range_minutes(_SUSTAINED_MINUTES, m.scrape_interval_s)
    gpu_temp = _threshold(m, "gpu_temp_c", gpu.max_operating_temp_c if gpu else None)
    memory_temp = _threshold(
        m, "memory_temp_c", gpu.memory_max_operating_temp_c if gpu else None
    )
    slowdown = gpu.slowdown_temp_c if gpu else None
    return {
        "gpu_temp": _num(gpu_temp),
        "memory_temp": _num(memory_temp),
        "slowdown_temp": _num(slowdown) if slowdown is not None else None,
        "power_w": _num(gpu.power_w) if gpu else None,
        "gpu_name": gpu.name if gpu else "",
        "link_window": link_window,
        "link_range": _duration(link_window),
        "power_range": _duration(power_window),
        "ib_active": IB_PORT_ACTIVE,
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
        "tlimit_margin": TLIMIT_MARGIN_C,
        "thermal_bits": _THERMAL_BITS_DIVISOR,
        "hw_slowdown_bit": _HW_SLOWDOWN_BIT,
        "power_brake_bit": _POWER_BRAKE_BIT,
        "exporter_job": EXPORTER_JOB,
    }


def _annotation_values(values: dict[str, object]) -> dict[str, Param]:
    """The values the annotations are worded with: thresholds, windows (minutes
    and Prometheus duration, ``rollout.alert.window``) and Prometheus's own
    templates for the value and the labels."""

    def window(name: str) -> Message:
        return Message(
            code="rollout.alert.window",
            params={
                "minutes": cast(int, values[f"{name}_window"]),
                "duration": str(values[f"{name}_range"]),
            },
        )

    node, gpu = "{{ $labels.node }}", "{{ $labels.gpu }}"
    return {
        "where": Message(code="rollout.alert.where", params={"node": node, "gpu": gpu}),
        "node": node,
        "instance": "{{ $labels.instance }}",
        "device": "{{ $labels.device }}",
        "port": "{{ $labels.port }}",
        "gpu_name": str(values["gpu_name"]),
        "slowdown_temp": str(values["slowdown_temp"]),
        "power_w": str(values["power_w"]),
        "link_window": window("link"),
        "value": _VALUE,
        "gpu_temp": str(values["gpu_temp"]),
        "memory_temp": str(values["memory_temp"]),
        "util_low": str(values["util_low"]),
        "ecc_dbe": cast(int, values["ecc_dbe"]),
        "expected_gpus": cast("int | None", values["expected_gpus"]),
        "xid_window": window("xid"),
        "util_window": window("util"),
        "hang_window": window("hang"),
    }


def prometheus_alert_rules(
    monitoring: Monitoring,
    say: Wording,
    expected_gpus_per_node: int | None = None,
    gpu: GpuLimits | None = None,
) -> str:
    """Prometheus alerting rules on dcgm-exporter metrics [5][6][7].

    Thresholds come from ``monitoring``; ``say`` words the annotations.

    Parameters
    ----------
    monitoring : Monitoring
        Temperatures [°C], utilisation threshold [%] and window [min],
        NCCL-hang window [min], ECC DBE count [1], throttle switch, scrape
        interval [s]. [-]
    say : Wording
        Words ``summary`` and ``description`` in the reader's language. [-]
    expected_gpus_per_node : int or None
        When given, also alert when a node reports fewer GPUs. [1]
    gpu : GpuLimits or None
        The plan's GPU: its max operating temperatures replace the default
        thresholds (a value the user changed wins), its slowdown temperature
        and rated power add their alerts. [-]

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
      more (per ``node`` and ``gpu``), the "dropped card" case when the driver
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
    * ``GpuThermalMarginExhausted``: the driver's thermal margin
      (``DCGM_FI_DEV_GPU_TEMP_LIMIT``, nvidia-smi's "GPU T.Limit Temp") at or
      below 0 °C for 5 min [14]: the GPU is at its own slowdown threshold,
      whatever its generation. Hopper and later GPUs report only this margin
      on current drivers, so this alert, with the clock-event bits above,
      covers every GPU of the catalog whose absolute limits are not published.
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
    * Per GPU generation (``gpu``): ``GpuTemperatureHigh`` and
      ``GpuMemoryTemperatureHigh`` at the GPU's max operating temperatures
      (above them the driver slows the clocks [7]; 85 °C for an A100 SXM4
      80GB, 87 °C for an H800), ``GpuTemperatureAtSlowdown`` at its hardware
      slowdown temperature, ``GpuPowerAboveRated`` when the 5-minute mean
      draw exceeds the rated power and ``GpuPowerLimitBelowRated`` when the
      power limit is set below it (the card runs slower than planned) [12].
    * ``NvlinkErrors`` (CRC flit, CRC data or replay counters grew in 10 min)
      and ``NvlinkRecoveryErrors`` (a link needed recovery) [12].
    * InfiniBand and RoCE ports (node_exporter's infiniband collector [13]):
      ``FabricPortErrors`` (symbol, receive, link-integrity or buffer-overrun
      errors grew in 10 min), ``FabricLinkFlap`` (the link went down or
      recovered from an error) and ``FabricPortDown`` (a port active in the
      last hour is active no more; ports never cabled stay quiet).
    * ``DcgmExporterDown`` (``up == 0``) and ``DcgmExporterAbsent``
      (``absent(up{job="dcgm-exporter"})``): without the exporter every other
      alert is blind.

    Range windows are at least four scrape intervals long. Every DCGM series
    gets a ``node`` label from ``Hostname`` or ``hostname``
    (:func:`with_node_label`).

    Examples
    --------
    >>> import yaml
    >>> from gpu_advisor.words import wording
    >>> doc = yaml.safe_load(prometheus_alert_rules(Monitoring(), wording('en')))
    >>> doc["groups"][0]["rules"][0]["expr"].endswith(") > 85")
    True
    """
    values = _rule_values(monitoring, expected_gpus_per_node, gpu)
    words = _annotation_values(values)
    included = {
        "": True,
        "expected_gpus": expected_gpus_per_node is not None,
        "power_throttle": monitoring.power_throttle_alert,
        "gpu_slowdown": values["slowdown_temp"] is not None,
        "gpu_power": values["power_w"] is not None,
    }
    rules = [
        _rule(
            r.alert,
            r.expr.format(**values),
            r.for_minutes,
            r.severity,
            _w(say, f"rollout.alert.{r.alert}.summary", **words),
            _w(say, f"rollout.alert.{r.alert}.description", **words),
        )
        for r in ALERT_RULES
        if included[r.needs]
    ]
    head = [_w(say, "rollout.alert.head.what"), _w(say, "rollout.alert.head.check")]
    return _header(head) + _yaml(
        [{"groups": [{"name": "gpu-advisor", "rules": rules}]}]
    ).removeprefix("---\n")
