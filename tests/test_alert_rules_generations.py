"""Alert rules per GPU generation, NVLink and InfiniBand/RoCE, through ``promtool test rules``.

The rules file of an A100 SXM4 80GB plan and of an H800 plan differ where the
GPUs differ: the temperature at which each starts to slow down (85 °C and
87 °C, from published ``nvidia-smi -q`` outputs cited in the catalog) and the
rated power (400 W and 700 W). NVLink error counters (dcgm-exporter) and
InfiniBand/RoCE port counters (node_exporter's infiniband collector) fire on
a new error or a flap, never on an old count.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from gpu_advisor.engine.rollout.configs.alert_rules import (
    GpuLimits,
    prometheus_alert_rules,
)
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import Monitoring
from gpu_advisor.words import wording

PROMTOOL = shutil.which("promtool")
CATALOG = load_catalog()


def _rules(gpu_id: str, monitoring: Monitoring | None = None) -> dict[str, object]:
    text = prometheus_alert_rules(
        monitoring or Monitoring(),
        wording("en"),
        gpu=GpuLimits.of(CATALOG.gpu(gpu_id)),
    )
    doc: dict[str, object] = yaml.safe_load(text)
    return doc


def _expr(doc: dict[str, object], alert: str) -> str:
    groups = doc["groups"]
    assert isinstance(groups, list)
    return str(next(r["expr"] for r in groups[0]["rules"] if r["alert"] == alert))


def test_thresholds_follow_the_plans_gpu() -> None:
    a100, h800 = _rules("A100-80GB-SXM"), _rules("H800-80GB-SXM")
    assert _expr(a100, "GpuTemperatureHigh").endswith("> 85")
    assert _expr(h800, "GpuTemperatureHigh").endswith("> 87")
    assert _expr(a100, "GpuPowerAboveRated").endswith("> 400")
    assert _expr(h800, "GpuPowerAboveRated").endswith("> 700")
    assert _expr(h800, "GpuTemperatureAtSlowdown").endswith(">= 89")
    # A threshold the user set wins over the GPU's.
    mine = _rules("H800-80GB-SXM", Monitoring(gpu_temp_c=80))
    assert _expr(mine, "GpuTemperatureHigh").endswith("> 80")
    # A GPU without published limits keeps the plan's and has no slowdown alert.
    l40s = _rules("L40S")
    assert _expr(l40s, "GpuTemperatureHigh").endswith("> 85")
    with pytest.raises(StopIteration):
        _expr(l40s, "GpuTemperatureAtSlowdown")


TESTS = """
rule_files: [rules.yaml]
evaluation_interval: 1m
tests:
  - interval: 1m
    input_series:
      - series: 'DCGM_FI_DEV_GPU_TEMP{hostname="n1",gpu="0"}'
        values: '86x20'
      - series: 'DCGM_FI_DEV_POWER_USAGE{hostname="n1",gpu="0"}'
        values: '450x20'
      - series: 'DCGM_FI_DEV_POWER_MGMT_LIMIT{hostname="n1",gpu="0"}'
        values: '300x30'
    alert_rule_test:
      - eval_time: 10m
        alertname: GpuTemperatureHigh
        exp_alerts: %(temp_alerts)s
      - eval_time: 12m
        alertname: GpuPowerAboveRated
        exp_alerts: %(power_alerts)s
      - eval_time: 20m
        alertname: GpuPowerLimitBelowRated
        exp_alerts:
          - exp_labels: {severity: warning, hostname: n1, node: n1, gpu: "0"}
  - interval: 1m
    input_series:
      - series: 'DCGM_FI_DEV_GPU_TEMP{hostname="n1",gpu="1"}'
        values: '80x3 90x10'
    alert_rule_test:
      - eval_time: 8m
        alertname: GpuTemperatureAtSlowdown
        exp_alerts:
          - exp_labels: {severity: critical, hostname: n1, node: n1, gpu: "1"}
  - interval: 1m
    input_series:
      # GPU 0: CRC flit errors grow at minute 20; GPU 1: an old count that never moves.
      - series: 'DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL{hostname="n1",gpu="0"}'
        values: '3x20 9x20'
      - series: 'DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL{hostname="n1",gpu="1"}'
        values: '57x40'
      - series: 'DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL{hostname="n1",gpu="2"}'
        values: '0x20 1x20'
    alert_rule_test:
      - eval_time: 15m
        alertname: NvlinkErrors
        exp_alerts: []
      - eval_time: 22m
        alertname: NvlinkErrors
        exp_alerts:
          - exp_labels: {severity: warning, hostname: n1, node: n1, gpu: "0"}
      - eval_time: 22m
        alertname: NvlinkRecoveryErrors
        exp_alerts:
          - exp_labels: {severity: critical, hostname: n1, node: n1, gpu: "2"}
  - interval: 1m
    input_series:
      # mlx5_0: symbol errors grow; mlx5_1: the link goes down once; mlx5_2 port 1
      # active, then down; mlx5_3 never cabled (always down): quiet.
      - series: 'node_infiniband_symbol_error_total{instance="n1:9100",device="mlx5_0",port="1"}'
        values: '0x20 4x20'
      - series: 'node_infiniband_link_downed_total{instance="n1:9100",device="mlx5_1",port="1"}'
        values: '2x20 3x20'
      - series: 'node_infiniband_state_id{instance="n1:9100",device="mlx5_2",port="1"}'
        values: '4x20 1x20'
      - series: 'node_infiniband_state_id{instance="n1:9100",device="mlx5_3",port="1"}'
        values: '1x40'
    alert_rule_test:
      - eval_time: 15m
        alertname: FabricPortErrors
        exp_alerts: []
      - eval_time: 22m
        alertname: FabricPortErrors
        exp_alerts:
          - exp_labels: {severity: warning, instance: "n1:9100", device: mlx5_0, port: "1"}
      - eval_time: 22m
        alertname: FabricLinkFlap
        exp_alerts:
          - exp_labels: {severity: critical, instance: "n1:9100", device: mlx5_1, port: "1"}
      - eval_time: 15m
        alertname: FabricPortDown
        exp_alerts: []
      - eval_time: 25m
        alertname: FabricPortDown
        exp_alerts:
          - exp_labels: {severity: critical, instance: "n1:9100", device: mlx5_2, port: "1"}
"""

FIRES = (
    '\n          - exp_labels: {severity: warning, hostname: n1, node: n1, gpu: "0"}'
)


@pytest.mark.skipif(PROMTOOL is None, reason="promtool is not installed")
@pytest.mark.parametrize(
    ("gpu_id", "temp_fires", "power_fires"),
    [("A100-80GB-SXM", True, True), ("H800-80GB-SXM", False, False)],
)
def test_promtool_cases_per_generation(
    tmp_path: Path, gpu_id: str, temp_fires: bool, power_fires: bool
) -> None:
    """86 °C and 450 W alert on an A100 SXM4 80GB (85 °C, 400 W), not on an H800."""
    assert PROMTOOL is not None
    doc = _rules(gpu_id)
    groups = doc["groups"]
    assert isinstance(groups, list)
    for rule in groups[0]["rules"]:
        rule.pop("annotations", None)  # templates; the cases check expressions
    (tmp_path / "rules.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    (tmp_path / "tests.yaml").write_text(
        TESTS
        % {
            "temp_alerts": FIRES if temp_fires else "[]",
            "power_alerts": FIRES if power_fires else "[]",
        },
        encoding="utf-8",
    )
    done = subprocess.run(
        [PROMTOOL, "test", "rules", "tests.yaml"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


SLOWDOWN_TESTS = """
rule_files: [rules.yaml]
evaluation_interval: 1m
tests:
  - interval: 1m
    input_series:
      # The clock-event bitmask (DCGM >= 3.3 name) per GPU: 0x40 HW thermal,
      # 0x20 SW thermal, 0x8 HW slowdown, 0x4 SW power cap (normal at full
      # load: quiet), 0x1 idle (quiet).
      - series: 'DCGM_FI_DEV_CLOCKS_EVENT_REASONS{hostname="n1",gpu="0"}'
        values: '64x10'
      - series: 'DCGM_FI_DEV_CLOCKS_EVENT_REASONS{hostname="n1",gpu="1"}'
        values: '32x10'
      - series: 'DCGM_FI_DEV_CLOCKS_EVENT_REASONS{hostname="n1",gpu="2"}'
        values: '8x10'
      - series: 'DCGM_FI_DEV_CLOCKS_EVENT_REASONS{hostname="n1",gpu="3"}'
        values: '4x10'
      - series: 'DCGM_FI_DEV_CLOCKS_EVENT_REASONS{hostname="n1",gpu="4"}'
        values: '1x10'
      # The pre-3.3 name: 0x80 HW power brake together with 0x8 HW slowdown.
      - series: 'DCGM_FI_DEV_CLOCK_THROTTLE_REASONS{Hostname="n2",gpu="0"}'
        values: '136x10'
      # The driver's thermal margin (T.Limit): -1 °C and 0 °C fire, 3 °C does not.
      - series: 'DCGM_FI_DEV_GPU_TEMP_LIMIT{hostname="n1",gpu="5"}'
        values: '-1x10'
      - series: 'DCGM_FI_DEV_GPU_TEMP_LIMIT{hostname="n1",gpu="6"}'
        values: '0x10'
      - series: 'DCGM_FI_DEV_GPU_TEMP_LIMIT{hostname="n1",gpu="7"}'
        values: '3x10'
      # HBM at 96 °C: above every GPU's memory limit (95 °C published, or the
      # plan's 95 °C default); 94 °C is below both.
      - series: 'DCGM_FI_DEV_MEMORY_TEMP{hostname="n3",gpu="0"}'
        values: '96x10'
      - series: 'DCGM_FI_DEV_MEMORY_TEMP{hostname="n3",gpu="1"}'
        values: '94x10'
    alert_rule_test:
      - eval_time: 8m
        alertname: GpuThermalThrottling
        exp_alerts:
          - exp_labels: {severity: warning, hostname: n1, node: n1, gpu: "0"}
          - exp_labels: {severity: warning, hostname: n1, node: n1, gpu: "1"}
      - eval_time: 8m
        alertname: GpuPowerBrakeOrHwSlowdown
        exp_alerts:
          - exp_labels: {severity: warning, hostname: n1, node: n1, gpu: "2"}
          - exp_labels: {severity: warning, Hostname: n2, node: n2, gpu: "0"}
      - eval_time: 8m
        alertname: GpuThermalMarginExhausted
        exp_alerts:
          - exp_labels: {severity: warning, hostname: n1, node: n1, gpu: "5"}
          - exp_labels: {severity: warning, hostname: n1, node: n1, gpu: "6"}
      - eval_time: 3m
        alertname: GpuThermalMarginExhausted
        exp_alerts: []
      - eval_time: 8m
        alertname: GpuMemoryTemperatureHigh
        exp_alerts:
          - exp_labels: {severity: warning, hostname: n3, node: n3, gpu: "0"}
"""


@pytest.mark.skipif(PROMTOOL is None, reason="promtool is not installed")
def test_driver_slowdown_alerts_fire_for_every_catalog_gpu(tmp_path: Path) -> None:
    """Every GPU of the catalog, with or without published absolute limits,
    alerts on the driver's own slowdown: thermal and power clock-event bits
    (both metric names) and a T.Limit margin at or below 0 °C."""
    assert PROMTOOL is not None
    (tmp_path / "tests.yaml").write_text(SLOWDOWN_TESTS, encoding="utf-8")
    failed: list[str] = []
    for gpu in CATALOG.gpus:
        doc = _rules(gpu.id)
        groups = doc["groups"]
        assert isinstance(groups, list)
        names = {rule["alert"] for rule in groups[0]["rules"]}
        assert {
            "GpuThermalThrottling",
            "GpuPowerBrakeOrHwSlowdown",
            "GpuThermalMarginExhausted",
            "GpuPowerAboveRated",
            "GpuPowerLimitBelowRated",
        } <= names, gpu.id
        for rule in groups[0]["rules"]:
            rule.pop("annotations", None)
        (tmp_path / "rules.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
        done = subprocess.run(
            [PROMTOOL, "test", "rules", "tests.yaml"],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            check=False,
        )
        if done.returncode != 0:
            failed.append(f"{gpu.id}: {done.stdout}{done.stderr}")
    assert not failed, "\n".join(failed)


def test_power_alerts_use_each_gpus_rated_power() -> None:
    """The power alerts of every catalog GPU use that GPU's own rated power."""
    for gpu in CATALOG.gpus:
        expr = _expr(_rules(gpu.id), "GpuPowerAboveRated")
        assert expr.endswith(f"> {gpu.tdp_w:g}"), (gpu.id, expr)
