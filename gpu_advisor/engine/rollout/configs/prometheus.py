"""The Prometheus scrape config for the DCGM exporter.

References
----------
.. [6] Prometheus, "Alerting rules" and "Configuration" (rule file format,
   ``for``, ``labels``, ``annotations``; ``kubernetes_sd_configs``).
   https://prometheus.io/docs/prometheus/latest/configuration/alerting_rules/
"""

from __future__ import annotations

from typing import Any, Final

from gpu_advisor.engine.rollout.configs.common import (
    PLACEHOLDER_HOST_LIMIT,
    _header,
    _t,
    dns_label,
    placeholder_hostnames,
)
from gpu_advisor.engine.rollout.configs.dcgm import EXPORTER_JOB
from gpu_advisor.engine.rollout.configs.yaml_out import _yaml
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Environment, Monitoring, Scheduler

ALERT_RULES_FILENAME: Final = "gpu-advisor-alerts.yaml"
"""File name of the rules file; the scrape config's ``rule_files`` points at it."""


def prometheus_scrape_config(
    env: Environment,
    monitoring: Monitoring,
    language: Language = Language.EN,
) -> str:
    """Prometheus config: global interval, the rules file and the exporter job [6].

    Kubernetes: pod discovery in the exporter's namespace, keeping the
    dcgm-exporter pods' ``metrics`` port and adding a ``node`` label. SLURM
    and bare nodes: static targets ``<host>:<port>`` (placeholders when no
    host names were given), or ``file_sd_configs`` beyond
    :data:`PLACEHOLDER_HOST_LIMIT` nodes.

    Parameters
    ----------
    env : Environment
        Scheduler, nodes and host names. [-]
    monitoring : Monitoring
        Scrape interval, namespace, port. [-]
    language : Language
        Language of the header comment. [-]

    Returns
    -------
    str
        A ``prometheus.yml`` document. [-]

    Examples
    --------
    >>> import yaml
    >>> cfg = yaml.safe_load(prometheus_scrape_config(Environment(), Monitoring()))
    >>> cfg["scrape_configs"][0]["job_name"], cfg["global"]["scrape_interval"]
    ('dcgm-exporter', '15s')
    """
    interval = f"{monitoring.scrape_interval_s}s"
    job: dict[str, Any] = {"job_name": EXPORTER_JOB, "scrape_interval": interval}
    if env.scheduler is Scheduler.KUBERNETES:
        note = _discover_pods(job, monitoring, language)
    else:
        note = _list_targets(job, env, monitoring, language)
    config = {
        "global": {"scrape_interval": interval, "evaluation_interval": interval},
        "rule_files": [ALERT_RULES_FILENAME],
        "scrape_configs": [job],
    }
    head = [
        _t(
            language,
            f"gpu-advisor: Prometheus scrape config for dcgm-exporter; alert rules in {ALERT_RULES_FILENAME}.",
            f"gpu-advisor 生成：采集 dcgm-exporter 的 Prometheus 配置；告警规则见 {ALERT_RULES_FILENAME}。",
        ),
        note,
    ]
    return _header(head) + _yaml([config]).removeprefix("---\n")


def _discover_pods(
    job: dict[str, Any], monitoring: Monitoring, language: Language
) -> str:
    """Kubernetes: find the exporter pods in their namespace, keep their
    ``metrics`` port, label each target with its ``node`` [6]; returns the note."""
    namespace = dns_label(monitoring.namespace, fallback="gpu-monitoring")
    job["kubernetes_sd_configs"] = [
        {"role": "pod", "namespaces": {"names": [namespace]}}
    ]
    job["relabel_configs"] = [
        {
            "source_labels": ["__meta_kubernetes_pod_label_app_kubernetes_io_name"],
            "regex": EXPORTER_JOB,
            "action": "keep",
        },
        {
            "source_labels": ["__meta_kubernetes_pod_container_port_name"],
            "regex": "metrics",
            "action": "keep",
        },
        {
            "source_labels": ["__meta_kubernetes_pod_node_name"],
            "target_label": "node",
        },
    ]
    return _t(
        language,
        "Prometheus needs RBAC to list pods in that namespace.",
        "Prometheus 需要有列出该命名空间 Pod 的 RBAC 权限。",
    )


def _list_targets(
    job: dict[str, Any], env: Environment, monitoring: Monitoring, language: Language
) -> str:
    """SLURM and bare nodes: ``<host>:<port>`` targets, or a file_sd glob beyond
    :data:`PLACEHOLDER_HOST_LIMIT` nodes [6]; returns the note."""
    hosts = placeholder_hostnames(env)
    if len(hosts) <= PLACEHOLDER_HOST_LIMIT:
        job["static_configs"] = [
            {"targets": [f"{h}:{monitoring.exporter_port}" for h in hosts]}
        ]
        return _t(
            language,
            "Replace gpu-node-NN placeholders with your host names (or list them in the wizard).",
            "若出现 gpu-node-NN 占位名，请换成实际主机名（或在向导里填写主机名）。",
        )
    job["file_sd_configs"] = [{"files": ["targets/dcgm-exporter-*.json"]}]
    return _t(
        language,
        f"{len(hosts)} nodes: list them as <host>:{monitoring.exporter_port} in targets/dcgm-exporter-*.json.",
        f"共 {len(hosts)} 个节点：请在 targets/dcgm-exporter-*.json 中按 <主机>:{monitoring.exporter_port} 列出。",
    )
