"""The Grafana hint: which public dashboard to import and which panels to add.

References
----------
.. [9] Grafana dashboard 12239, "NVIDIA DCGM Exporter Dashboard".
   https://grafana.com/grafana/dashboards/12239
"""

from __future__ import annotations

from typing import Final

from gpu_advisor.engine.rollout.configs.common import Wording, _num, _w
from gpu_advisor.model.project import Monitoring

GRAFANA_DCGM_DASHBOARD_ID: Final = 12239
"""Public Grafana dashboard for dcgm-exporter, "NVIDIA DCGM Exporter Dashboard" [9]."""


def grafana_dashboard_hint(monitoring: Monitoring, say: Wording) -> str:
    """What to import into Grafana and which panels to add [9].

    Parameters
    ----------
    monitoring : Monitoring
        Thresholds drawn as lines on the panels. [-]
    say : Wording
        Words the text in the reader's language. [-]

    Returns
    -------
    str
        Plain text, one item per line. [-]

    Examples
    --------
    >>> from gpu_advisor.words import wording
    >>> "12239" in grafana_dashboard_hint(Monitoring(), wording("en"))
    True
    """
    m = monitoring
    lines = [
        _w(
            say,
            "rollout.grafana.import_grafana_dashboard_nvidia",
            dashboard=GRAFANA_DCGM_DASHBOARD_ID,
        ),
        _w(say, "rollout.grafana.then_add_these_panels"),
        _w(
            say,
            "rollout.grafana.utilisation_per_dcgm_fi",
            util_low_pct=_num(m.util_low_pct),
        ),
        _w(say, "rollout.grafana.tensor_core_activity_dcgm"),
        _w(
            say,
            "rollout.grafana.and_memory_temperature_lines",
            gpu_temp_c=_num(m.gpu_temp_c),
            memory_temp_c=_num(m.memory_temp_c),
        ),
        _w(say, "rollout.grafana.power_draw_dcgm_fi"),
        _w(say, "rollout.grafana.xid_ecc_double_bit"),
        _w(say, "rollout.grafana.nvlink_and_pcie_throughput"),
        _w(say, "rollout.grafana.framebuffer_used_dcgm_fi"),
    ]
    return "\n".join(lines) + "\n"
