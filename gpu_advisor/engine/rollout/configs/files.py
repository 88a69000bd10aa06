"""Which file each scheduler and each monitoring name produces: title, file name, text."""

from __future__ import annotations

from typing import Final

from gpu_advisor.engine.rollout.configs.alert_rules import prometheus_alert_rules
from gpu_advisor.engine.rollout.configs.bare_nodes import bare_nodes_script
from gpu_advisor.engine.rollout.configs.common import (
    GeneratedConfig,
    _slurm_name,
    _t,
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
from gpu_advisor.model.common import Language
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
    language: Language,
    notes: list[str] | None = None,
) -> GeneratedConfig:
    """The launch file for ``env.scheduler``: Kubernetes Job, sbatch or bare-node script.

    Parameters
    ----------
    env : Environment
        Cluster, image and job settings; ``env.scheduler`` picks the file. [-]
    workload : Workload
        The training job (precision, parallelism). [-]
    language : Language
        Language of the title and the comments. [-]
    notes : list of str, optional
        Lines added as "NOTE:" ("注意：") comments at the top (see
        :meth:`RolloutPlan.notes`). [-]

    Returns
    -------
    GeneratedConfig
        The first entry of :func:`generate_all` for a project with these
        settings. [-]

    Examples
    --------
    >>> launch_config(Environment(scheduler=Scheduler.SLURM), Workload(), Language.EN).name
    'slurm-sbatch'
    """
    extra = list(notes or [])
    if env.scheduler is Scheduler.KUBERNETES:
        return GeneratedConfig(
            "kubernetes-job",
            _t(language, "Kubernetes training Job", "Kubernetes 训练作业（Job）"),
            f"{dns_label(env.job_name)}-job.yaml",
            "yaml",
            with_notes(kubernetes_manifest(env, workload, language), extra, language),
        )
    if env.scheduler is Scheduler.SLURM:
        return GeneratedConfig(
            "slurm-sbatch",
            _t(language, "SLURM batch script", "SLURM 作业脚本（sbatch）"),
            f"{_slurm_name(env.job_name, 'llm-train')}.sbatch",
            "bash",
            with_notes(slurm_script(env, workload, language), extra, language),
        )
    return GeneratedConfig(
        "bare-launch",
        _t(language, "Launch script for bare nodes", "裸机节点启动脚本"),
        "launch.sh",
        "bash",
        with_notes(bare_nodes_script(env, workload, language), extra, language),
    )


def monitoring_config(
    name: str, env: Environment, monitoring: Monitoring, language: Language
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
    language : Language
        Language of the title and the comments. [-]

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
    >>> monitoring_config(
    ...     "grafana-dashboard", Environment(), Monitoring(), Language.EN
    ... ).filename
    'grafana-dashboard.txt'
    """
    lang = language
    if name == "dcgm-exporter":
        return _dcgm_exporter_config(env, monitoring, lang)
    if name == "prometheus-config":
        return GeneratedConfig(
            "prometheus-config",
            _t(lang, "Prometheus scrape config", "Prometheus 抓取配置"),
            "prometheus.yml",
            "yaml",
            prometheus_scrape_config(env, monitoring, lang),
        )
    if name == "prometheus-alerts":
        return GeneratedConfig(
            "prometheus-alerts",
            _t(lang, "Prometheus alert rules", "Prometheus 告警规则"),
            ALERT_RULES_FILENAME,
            "yaml",
            prometheus_alert_rules(
                monitoring, lang, expected_gpus_per_node=env.gpus_per_node
            ),
        )
    if name == "grafana-dashboard":
        return GeneratedConfig(
            "grafana-dashboard",
            _t(lang, "Grafana dashboard", "Grafana 监控面板"),
            "grafana-dashboard.txt",
            "text",
            grafana_dashboard_hint(monitoring, lang),
        )
    raise ValueError(f"name must be one of {', '.join(MONITORING_CONFIGS)}")


def _dcgm_exporter_config(
    env: Environment, monitoring: Monitoring, language: Language
) -> GeneratedConfig:
    """The exporter's DaemonSet on Kubernetes, its docker install script elsewhere."""
    if env.scheduler is Scheduler.KUBERNETES:
        return GeneratedConfig(
            "dcgm-exporter",
            _t(language, "DCGM exporter DaemonSet", "DCGM 指标采集 DaemonSet"),
            "dcgm-exporter.yaml",
            "yaml",
            dcgm_exporter_manifest(env, monitoring, language),
        )
    return GeneratedConfig(
        "dcgm-exporter",
        _t(
            language,
            "DCGM exporter (docker) setup",
            "DCGM 指标采集器安装脚本（docker）",
        ),
        "install-dcgm-exporter.sh",
        "bash",
        dcgm_exporter_manifest(env, monitoring, language),
    )
