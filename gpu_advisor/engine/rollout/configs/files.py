"""Which file each scheduler and each monitoring name produces: title, file name, text."""

from __future__ import annotations

from typing import Final

from gpu_advisor.engine.rollout.configs.alert_rules import (
    GpuLimits,
    prometheus_alert_rules,
)
from gpu_advisor.engine.rollout.configs.bare_nodes import bare_nodes_script
from gpu_advisor.engine.rollout.configs.common import (
    GeneratedConfig,
    Wording,
    _slurm_name,
    _w,
    dns_label,
    with_notes,
)
from gpu_advisor.engine.rollout.configs.dcgm import dcgm_exporter_manifest
from gpu_advisor.engine.rollout.configs.grafana import grafana_dashboard_hint
from gpu_advisor.engine.rollout.configs.kubernetes import kubernetes_manifest
from gpu_advisor.engine.rollout.configs.prometheus import (
    ALERT_RULES_FILENAME,
    prometheus_scrape_config,
)
from gpu_advisor.engine.rollout.configs.slurm import slurm_script
from gpu_advisor.model.common import Message
from gpu_advisor.model.project import Environment, Monitoring, Scheduler, Workload

MONITORING_CONFIGS: Final = (
    "dcgm-exporter",
    "prometheus-config",
    "prometheus-alerts",
    "grafana-dashboard",
)
"""Names (``GeneratedConfig.name``) of the monitoring files, in :func:`generate_all` order."""


def launch_config(
    env: Environment,
    workload: Workload,
    say: Wording,
    notes: list[Message] | None = None,
) -> GeneratedConfig:
    """The launch file for ``env.scheduler``: Kubernetes Job, sbatch or bare-node script.

    Parameters
    ----------
    env : Environment
        Cluster, image and job settings; ``env.scheduler`` picks the file. [-]
    workload : Workload
        The training job (precision, parallelism). [-]
    say : Wording
        Words the title and the comments in the reader's language. [-]
    notes : list of Message, optional
        Added as "NOTE:" comments at the top (``rollout.file.note``; see
        :meth:`RolloutPlan.notes`). [-]

    Returns
    -------
    GeneratedConfig
        The first entry of :func:`generate_all` for a project with these
        settings. [-]

    Examples
    --------
    >>> from gpu_advisor.words import wording
    >>> env = Environment(scheduler=Scheduler.SLURM)
    >>> launch_config(env, Workload(), wording('en')).name
    'slurm-sbatch'
    """
    extra = list(notes or [])
    if env.scheduler is Scheduler.KUBERNETES:
        return GeneratedConfig(
            "kubernetes-job",
            _w(say, "rollout.title.kubernetes_training_job"),
            f"{dns_label(env.job_name)}-job.yaml",
            "yaml",
            with_notes(kubernetes_manifest(env, workload, say), extra, say),
        )
    if env.scheduler is Scheduler.SLURM:
        return GeneratedConfig(
            "slurm-sbatch",
            _w(say, "rollout.title.slurm_batch_script"),
            f"{_slurm_name(env.job_name, 'llm-train')}.sbatch",
            "bash",
            with_notes(slurm_script(env, workload, say), extra, say),
        )
    return GeneratedConfig(
        "bare-launch",
        _w(say, "rollout.title.launch_script_for_bare"),
        "launch.sh",
        "bash",
        with_notes(bare_nodes_script(env, workload, say), extra, say),
    )


def monitoring_config(
    name: str,
    env: Environment,
    monitoring: Monitoring,
    say: Wording,
    *,
    gpu: GpuLimits | None = None,
) -> GeneratedConfig:
    """One monitoring file, exactly as :func:`generate_all` writes it.

    Parameters
    ----------
    name : str
        One of :data:`MONITORING_CONFIGS`. [-]
    env : Environment
        Scheduler, nodes and GPUs per node. [-]
    monitoring : Monitoring
        Thresholds and exporter settings. [-]
    say : Wording
        Words the title and the comments in the reader's language. [-]
    gpu : GpuLimits, optional
        The plan's GPU's limits for the alert rules. [-]

    Returns
    -------
    GeneratedConfig
        The file called ``name``. [-]

    Raises
    ------
    ValueError
        When ``name`` is not in :data:`MONITORING_CONFIGS`.

    Examples
    --------
    >>> from gpu_advisor.words import wording
    >>> monitoring_config(
    ...     "grafana-dashboard", Environment(), Monitoring(), wording("en")
    ... ).filename
    'grafana-dashboard.txt'
    """
    say = say
    if name == "dcgm-exporter":
        return _dcgm_exporter_config(env, monitoring, say)
    if name == "prometheus-config":
        return GeneratedConfig(
            "prometheus-config",
            _w(say, "rollout.title.prometheus_scrape_config"),
            "prometheus.yml",
            "yaml",
            prometheus_scrape_config(env, monitoring, say),
        )
    if name == "prometheus-alerts":
        return GeneratedConfig(
            "prometheus-alerts",
            _w(say, "rollout.title.prometheus_alert_rules"),
            ALERT_RULES_FILENAME,
            "yaml",
            prometheus_alert_rules(
                monitoring, say, expected_gpus_per_node=env.gpus_per_node, gpu=gpu
            ),
        )
    if name == "grafana-dashboard":
        return GeneratedConfig(
            "grafana-dashboard",
            _w(say, "rollout.title.grafana_dashboard"),
            "grafana-dashboard.txt",
            "text",
            grafana_dashboard_hint(monitoring, say),
        )
    raise ValueError(f"name must be one of {', '.join(MONITORING_CONFIGS)}")


def _dcgm_exporter_config(
    env: Environment, monitoring: Monitoring, say: Wording
) -> GeneratedConfig:
    """The exporter's DaemonSet on Kubernetes, its docker install script elsewhere."""
    if env.scheduler is Scheduler.KUBERNETES:
        return GeneratedConfig(
            "dcgm-exporter",
            _w(say, "rollout.title.dcgm_exporter_daemonset"),
            "dcgm-exporter.yaml",
            "yaml",
            dcgm_exporter_manifest(env, monitoring, say),
        )
    return GeneratedConfig(
        "dcgm-exporter",
        _w(say, "rollout.title.dcgm_exporter_docker_setup"),
        "install-dcgm-exporter.sh",
        "bash",
        dcgm_exporter_manifest(env, monitoring, say),
    )
