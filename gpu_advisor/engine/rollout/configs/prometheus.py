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
    Wording,
    _header,
    _w,
    dns_label,
    placeholder_hostnames,
)
from gpu_advisor.engine.rollout.configs.dcgm import EXPORTER_JOB
from gpu_advisor.engine.rollout.configs.yaml_out import _yaml
from gpu_advisor.model.project import Environment, Monitoring, Scheduler

ALERT_RULES_FILENAME: Final = "gpu-advisor-alerts.yaml"
"""File name of the rules file; the scrape config's ``rule_files`` points at it."""


def prometheus_scrape_config(
    env: Environment,
    monitoring: Monitoring,
    say: Wording,
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
    say : Wording
        Words the header comment in the reader's language. [-]

    Returns
    -------
    str
        A ``prometheus.yml`` document. [-]

    Examples
    --------
    >>> import yaml
    >>> from gpu_advisor.words import wording
    >>> text = prometheus_scrape_config(Environment(), Monitoring(), wording("en"))
    >>> cfg = yaml.safe_load(text)
    >>> cfg["scrape_configs"][0]["job_name"], cfg["global"]["scrape_interval"]
    ('dcgm-exporter', '15s')
    """
    interval = f"{monitoring.scrape_interval_s}s"
    job: dict[str, Any] = {"job_name": EXPORTER_JOB, "scrape_interval": interval}
    if env.scheduler is Scheduler.KUBERNETES:
        note = _discover_pods(job, monitoring, say)
    else:
        note = _list_targets(job, env, monitoring, say)
    config = {
        "global": {"scrape_interval": interval, "evaluation_interval": interval},
        "rule_files": [ALERT_RULES_FILENAME],
        "scrape_configs": [job],
    }
    head = [
        _w(
            say,
            "rollout.prometheus.prometheus_scrape_config_for",
            alert_rules_filename=ALERT_RULES_FILENAME,
        ),
        note,
    ]
    return _header(head) + _yaml([config]).removeprefix("---\n")


def _discover_pods(job: dict[str, Any], monitoring: Monitoring, say: Wording) -> str:
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
    return _w(say, "rollout.prometheus.prometheus_needs_rbac_to")


def _list_targets(
    job: dict[str, Any], env: Environment, monitoring: Monitoring, say: Wording
) -> str:
    """SLURM and bare nodes: ``<host>:<port>`` targets, or a file_sd glob beyond
    :data:`PLACEHOLDER_HOST_LIMIT` nodes [6]; returns the note."""
    hosts = placeholder_hostnames(env)
    if len(hosts) <= PLACEHOLDER_HOST_LIMIT:
        job["static_configs"] = [
            {"targets": [f"{h}:{monitoring.exporter_port}" for h in hosts]}
        ]
        return _w(say, "rollout.prometheus.replace_node_nn_placeholders")
    job["file_sd_configs"] = [{"files": ["targets/dcgm-exporter-*.json"]}]
    return _w(
        say,
        "rollout.prometheus.nodes_list_them_as",
        count=len(hosts),
        exporter_port=monitoring.exporter_port,
    )
