"""The Grafana hint: which public dashboard to import and which panels to add.

References
----------
.. [9] Grafana dashboard 12239, "NVIDIA DCGM Exporter Dashboard".
   https://grafana.com/grafana/dashboards/12239
"""

from __future__ import annotations

from typing import Final

from gpu_advisor.engine.rollout.configs.common import _num, _t
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Monitoring

GRAFANA_DCGM_DASHBOARD_ID: Final = 12239
"""Public Grafana dashboard for dcgm-exporter, "NVIDIA DCGM Exporter Dashboard" [9]."""


def grafana_dashboard_hint(
    monitoring: Monitoring, language: Language = Language.EN
) -> str:
    """What to import into Grafana and which panels to add [9].

    Parameters
    ----------
    monitoring : Monitoring
        Thresholds drawn as lines on the panels. [-]
    language : Language
        Language of the text. [-]

    Returns
    -------
    str
        Plain text, one item per line. [-]

    Examples
    --------
    >>> "12239" in grafana_dashboard_hint(Monitoring())
    True
    """
    m = monitoring
    lines = [
        _t(
            language,
            f"Import Grafana dashboard {GRAFANA_DCGM_DASHBOARD_ID} (NVIDIA DCGM Exporter Dashboard) "
            "and choose your Prometheus data source.",
            f"在 Grafana 中导入公开仪表盘 {GRAFANA_DCGM_DASHBOARD_ID}（NVIDIA DCGM Exporter Dashboard），"
            "数据源选 Prometheus。",
        ),
        _t(language, "Then add these panels:", "再添加以下面板："),
        _t(
            language,
            f"- GPU utilisation per GPU (DCGM_FI_DEV_GPU_UTIL), threshold line at {_num(m.util_low_pct)} %.",
            f"- 每张卡的利用率（DCGM_FI_DEV_GPU_UTIL），阈值线 {_num(m.util_low_pct)} %。",
        ),
        _t(
            language,
            "- Tensor-core activity (DCGM_FI_PROF_PIPE_TENSOR_ACTIVE): low with high utilisation means waiting.",
            "- Tensor Core 活跃度（DCGM_FI_PROF_PIPE_TENSOR_ACTIVE）：利用率高而它低，说明卡在等待。",
        ),
        _t(
            language,
            f"- GPU and memory temperature, lines at {_num(m.gpu_temp_c)} °C and {_num(m.memory_temp_c)} °C.",
            f"- GPU 核心与显存温度，阈值线 {_num(m.gpu_temp_c)} °C 和 {_num(m.memory_temp_c)} °C。",
        ),
        _t(
            language,
            "- Power draw (DCGM_FI_DEV_POWER_USAGE) and clock event reasons (DCGM_FI_DEV_CLOCKS_EVENT_REASONS).",
            "- 功耗（DCGM_FI_DEV_POWER_USAGE）与降频原因（DCGM_FI_DEV_CLOCKS_EVENT_REASONS）。",
        ),
        _t(
            language,
            "- XID, ECC double-bit and remapped-row counters as a table per node.",
            "- 按节点列出 XID、ECC 双比特错误和显存行重映射计数。",
        ),
        _t(
            language,
            "- NVLink and PCIe throughput (DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL, DCGM_FI_PROF_PCIE_TX_BYTES).",
            "- NVLink 与 PCIe 吞吐（DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL、DCGM_FI_PROF_PCIE_TX_BYTES）。",
        ),
        _t(
            language,
            "- Framebuffer used (DCGM_FI_DEV_FB_USED) per GPU.",
            "- 每张卡的显存占用（DCGM_FI_DEV_FB_USED）。",
        ),
    ]
    return "\n".join(lines) + "\n"
