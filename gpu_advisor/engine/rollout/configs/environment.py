"""The environment the rollout files run, the advice about it, and every file for it.

:func:`plan_environment` takes the nodes and GPUs per node from the
evaluation's sizing (unless the user overrides them) and the network class's
NCCL settings; :class:`RolloutPlan` holds the result with its notes
(node-count mismatch, NVIDIA-only tools) and generates each file;
:func:`environment_advice` warns about the environment itself;
:func:`generate_all` returns every file of a project.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final

from gpu_advisor.engine.rollout.configs.alert_rules import GpuLimits
from gpu_advisor.engine.rollout.configs.common import (
    GeneratedConfig,
    Wording,
    as_message,
    with_notes,
)
from gpu_advisor.engine.rollout.configs.files import (
    MONITORING_CONFIGS,
    launch_config,
    monitoring_config,
)
from gpu_advisor.engine.rollout.configs.kubernetes import kubernetes_script_problem
from gpu_advisor.engine.rollout.configs.nccl import NETWORK_NCCL_ENV
from gpu_advisor.model.catalog import Catalog, NetworkKind
from gpu_advisor.model.common import Advice, Message, Severity
from gpu_advisor.model.limits import MAX_NODES
from gpu_advisor.model.project import (
    Environment,
    Monitoring,
    Project,
    Scheduler,
    Workload,
)
from gpu_advisor.model.sizing_results import SizingResult


@dataclass(frozen=True, slots=True)
class RolloutPlan:
    """The environment the rollout files are generated for, and why.

    Attributes
    ----------
    environment : Environment
        ``project.environment`` with nodes and GPUs per node from the sizing
        (unless ``nodes_override``) and the network class's NCCL settings
        merged under the user's ``nccl_env``. [-]
    sized_nodes, sized_gpus_per_node : int or None
        What the sizing plans; None without a sizing result. [1]
    network_kind : NetworkKind or None
        Inter-node network class of the plan; None on one node. [-]
    gpu_vendor, gpu_name : str
        The plan's GPU maker and name from the catalog ("" if unknown). [-]
    checkpoint_bytes : float or None
        Size of one checkpoint from the sizing. [B]
    advice : tuple of Advice
        Node-count mismatch and NVIDIA-only notes, for the files and the app. [-]
    sized_gpus : int or None
        The cards the sizing plans; whole servers may hold more (12 cards on
        servers of 8 run as 2 × 8 = 16 ranks). None without a sizing. [1]
    gpu_id : str
        The plan's GPU (catalog id; "" if unknown). [-]
    gpu_limits : GpuLimits or None
        That GPU's temperatures and rated power for the alert rules; None if
        unknown. [-]
    """

    environment: Environment
    sized_nodes: int | None
    sized_gpus_per_node: int | None
    network_kind: NetworkKind | None
    gpu_vendor: str
    gpu_name: str
    checkpoint_bytes: float | None
    advice: tuple[Advice, ...]
    sized_gpus: int | None = None
    gpu_id: str = ""
    gpu_limits: GpuLimits | None = None

    @property
    def nvidia(self) -> bool:
        """True when the files' NVIDIA tools fit the plan's GPU (or it is unknown)."""
        return self.gpu_vendor in {"", "NVIDIA"}

    def notes(self) -> list[Message]:
        """The advice, to word as comment lines of the generated files."""
        return [as_message(a) for a in self.advice]

    def with_scheduler(self, scheduler: Scheduler) -> RolloutPlan:
        """The same plan for another scheduler (the sizing does not depend on it)."""
        if scheduler is self.environment.scheduler:
            return self
        env = self.environment.model_copy(update={"scheduler": scheduler})
        return replace(self, environment=env)

    def script_problem(self) -> Advice | None:
        """Why the Kubernetes Job cannot find the training script (None when it
        can, or when the plan does not run on Kubernetes)."""
        if self.environment.scheduler is not Scheduler.KUBERNETES:
            return None
        return kubernetes_script_problem(self.environment)

    def launch_file(self, workload: Workload, say: Wording) -> GeneratedConfig:
        """The launch file of the plan's scheduler, with the plan's notes on top."""
        return launch_config(self.environment, workload, say, self.notes())

    def monitoring_file(
        self, name: str, monitoring: Monitoring, say: Wording
    ) -> GeneratedConfig:
        """One of :data:`MONITORING_CONFIGS` for the plan's nodes.

        The NVIDIA-only note goes on top when the plan's GPU is not NVIDIA's
        (the node-count note belongs to the launch file).
        """
        config = monitoring_config(
            name, self.environment, monitoring, say, gpu=self.gpu_limits
        )
        notes = [as_message(a) for a in self.advice if a.code == NVIDIA_ONLY_CODE]
        if not notes:
            return config
        return replace(config, text=with_notes(config.text, notes, say))

    @classmethod
    def as_entered(cls, env: Environment) -> RolloutPlan:
        """The environment as the user entered it, without a sizing."""
        return cls(
            environment=env,
            sized_nodes=None,
            sized_gpus_per_node=None,
            network_kind=None,
            gpu_vendor="",
            gpu_name="",
            checkpoint_bytes=None,
            advice=(),
        )


NVIDIA_ONLY_CODE: Final = "environment.nvidia_only"
"""Code of the advice that the files target NVIDIA GPUs only."""


def plan_environment(
    project: Project, catalog: Catalog, sizing: SizingResult | None
) -> RolloutPlan:
    """The environment every rollout file uses: the sizing's shape unless overridden.

    The sizing is the evaluation's (``evaluate_plan(...).sizing``, with the
    vendors' measured MFU): this function never sizes the workload itself,
    so the rollout files, the test kit and the PDF's annex plan the cards the
    workload and cost steps show.

    Parameters
    ----------
    project : Project
        Workload (GPU) and environment (the user's settings). [-]
    catalog : Catalog
        GPUs (server size, vendor) and network classes. [-]
    sizing : SizingResult or None
        The evaluation's sizing; None when the plan cannot be sized (the
        files then keep the environment's numbers). [-]

    Returns
    -------
    RolloutPlan
        See the class. Without ``nodes_override`` the files run on
        ``cluster.nodes`` nodes with ``min(cards, GPUs per server)`` GPUs each;
        with it they keep the environment's numbers and the advice says how
        they differ from the plan. [-]

    Examples
    --------
    >>> from gpu_advisor.engine.evaluate import evaluate_plan
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Workload
    >>> c = load_catalog()
    >>> p = Project(workload=Workload(gpus=64))
    >>> plan = plan_environment(p, c, evaluate_plan(p, c, monte_carlo=False).sizing)
    >>> plan.environment.nodes, plan.environment.gpus_per_node
    (8, 8)
    >>> plan_environment(p, c, None).environment == p.environment
    True
    """
    env = project.environment
    sized = _sized_shape(project, catalog, sizing)
    advice: list[Advice] = []
    update: dict[str, Any] = {}
    if sized.nodes is not None and sized.gpus_per_node is not None:
        differs = (env.nodes, env.gpus_per_node) != (sized.nodes, sized.gpus_per_node)
        if not env.nodes_override:
            update.update(nodes=sized.nodes, gpus_per_node=sized.gpus_per_node)
            if differs:
                advice.append(_nodes_from_plan(env, sized.nodes, sized.gpus_per_node))
        elif differs:
            advice.append(
                _nodes_differ_from_plan(env, sized.nodes, sized.gpus_per_node)
            )
    nodes = update.get("nodes", env.nodes)
    kind = sized.network_kind
    if kind is not None and nodes > 1 and kind in NETWORK_NCCL_ENV:
        update["nccl_env"] = {**NETWORK_NCCL_ENV[kind], **env.nccl_env}
    if sized.gpu_vendor and sized.gpu_vendor != "NVIDIA":
        advice.append(
            Advice(
                code=NVIDIA_ONLY_CODE,
                severity=Severity.WARNING,
                params={"gpu": sized.gpu_name, "vendor": sized.gpu_vendor},
                inputs=["workload.gpu_id"],
            )
        )
    return RolloutPlan(
        environment=env.model_copy(update=update) if update else env,
        sized_nodes=sized.nodes,
        sized_gpus_per_node=sized.gpus_per_node,
        network_kind=kind,
        gpu_vendor=sized.gpu_vendor,
        gpu_name=sized.gpu_name,
        checkpoint_bytes=sized.checkpoint_bytes,
        advice=tuple(advice),
        sized_gpus=sized.gpus,
        gpu_id=sized.gpu_id,
        gpu_limits=_gpu_limits(catalog, sized.gpu_id or project.workload.gpu_id),
    )


def _gpu_limits(catalog: Catalog, gpu_id: str) -> GpuLimits | None:
    """The alert limits of the plan's GPU; None when the catalog does not know it."""
    try:
        return GpuLimits.of(catalog.gpu(gpu_id))
    except (KeyError, ValueError):
        return None


@dataclass(frozen=True, slots=True)
class _SizedShape:
    """What the sizing plans for the files; None or "" where it cannot say.

    Attributes
    ----------
    nodes, gpus_per_node : int or None
        The sized cluster's shape, None beyond the schema's bounds. [1]
    network_kind : NetworkKind or None
        Inter-node network class; None on one node. [-]
    gpu_vendor, gpu_name : str
        The sized GPU's maker and name from the catalog. [-]
    checkpoint_bytes : float or None
        Size of one checkpoint. [B]
    gpus : int or None
        The cards the sizing plans. [1]
    gpu_id : str
        The sized GPU's catalog id. [-]
    """

    nodes: int | None = None
    gpus_per_node: int | None = None
    network_kind: NetworkKind | None = None
    gpu_vendor: str = ""
    gpu_name: str = ""
    checkpoint_bytes: float | None = None
    gpus: int | None = None
    gpu_id: str = ""


def _sized_shape(
    project: Project, catalog: Catalog, sizing: SizingResult | None
) -> _SizedShape:
    """Nodes, GPUs per node, network class, GPU and checkpoint size of the sizing."""
    if sizing is None:
        return _SizedShape()
    try:
        gpu = catalog.gpu(sizing.gpu_id or project.workload.gpu_id)
    except (KeyError, ValueError):
        gpu = None
    cluster = sizing.cluster
    sized_nodes = sized_per_node = None
    vendor = name = ""
    if gpu is not None:
        vendor, name = gpu.vendor, gpu.name
        sized_nodes = cluster.nodes
        sized_per_node = cluster.gpus if cluster.nodes == 1 else gpu.gpus_per_server
        if not 1 <= sized_per_node <= 16 or not 1 <= sized_nodes <= MAX_NODES:
            # beyond the schema's bounds on gpus_per_node and nodes: no file
            # could list them, so the files keep the environment's numbers
            sized_nodes = sized_per_node = None
    network_kind: NetworkKind | None = None
    if cluster.nodes > 1:
        network = next(
            (n for n in catalog.networks if n.id == cluster.network_id), None
        )
        network_kind = network.kind if network is not None else None
    return _SizedShape(
        nodes=sized_nodes,
        gpus_per_node=sized_per_node,
        network_kind=network_kind,
        gpu_vendor=vendor,
        gpu_name=name,
        checkpoint_bytes=sizing.storage.checkpoint_bytes,
        gpus=cluster.gpus if sized_nodes is not None else None,
        gpu_id=gpu.id if gpu is not None else "",
    )


def _nodes_from_plan(env: Environment, sized_nodes: int, sized_per_node: int) -> Advice:
    """The files follow the sizing, not the environment step's numbers."""
    return Advice(
        code="environment.nodes_from_plan",
        severity=Severity.INFO,
        params={
            "sized_nodes": sized_nodes,
            "sized_per_node": sized_per_node,
            "nodes": env.nodes,
            "gpus_per_node": env.gpus_per_node,
        },
        inputs=["environment.nodes", "environment.nodes_override"],
    )


def _nodes_differ_from_plan(
    env: Environment, sized_nodes: int, sized_per_node: int
) -> Advice:
    """The files run the overridden numbers, which differ from the sizing's."""
    return Advice(
        code="environment.nodes_differ_from_plan",
        severity=Severity.WARNING,
        params={
            "sized_nodes": sized_nodes,
            "sized_per_node": sized_per_node,
            "nodes": env.nodes,
            "gpus_per_node": env.gpus_per_node,
        },
        inputs=["environment.nodes", "environment.gpus_per_node"],
    )


def environment_advice(
    env: Environment, workload: Workload | None = None
) -> list[Advice]:
    """Warnings about the environment, for the page and the PDF.

    Parameters
    ----------
    env : Environment
        Nodes, GPUs per node, scheduler, RDMA resource. [-]
    workload : Workload or None
        Planned total cards and tensor-parallel degree. [-]

    Returns
    -------
    list[Advice]
        Possibly empty. [-]

    Examples
    --------
    >>> [a.code for a in environment_advice(Environment(nodes=2, gpus_per_node=8))]
    ['environment.single_node_first', 'environment.no_rdma']
    """
    out: list[Advice] = []
    total = env.nodes * env.gpus_per_node
    if env.nodes > 1:
        out.append(
            Advice(
                code="environment.single_node_first",
                severity=Severity.INFO,
                inputs=["environment.nodes"],
            )
        )
        if env.scheduler is Scheduler.KUBERNETES and not env.rdma_resource:
            out.append(
                Advice(
                    code="environment.no_rdma",
                    severity=Severity.WARNING,
                    inputs=["environment.rdma_resource", "environment.nodes"],
                )
            )
    if workload is not None:
        if workload.gpus is not None and workload.gpus != total:
            out.append(
                Advice(
                    code="environment.gpu_count_mismatch",
                    params={"total": total, "planned": workload.gpus},
                    inputs=[
                        "environment.nodes",
                        "environment.gpus_per_node",
                        "workload.gpus",
                    ],
                )
            )
        if workload.tp > env.gpus_per_node:
            out.append(
                Advice(
                    code="environment.tp_across_nodes",
                    params={"tp": workload.tp, "gpus_per_node": env.gpus_per_node},
                    inputs=["workload.tp", "environment.gpus_per_node"],
                )
            )
    return out


def generate_all(
    project: Project,
    plan: RolloutPlan | None,
    say: Wording,
) -> list[GeneratedConfig]:
    """Every config for the project's scheduler.

    Order: launch file (Kubernetes Job, sbatch script or bare-node script),
    dcgm-exporter deployment, Prometheus scrape config, alert rules, Grafana
    hint. A page that shows one file at a time calls
    :meth:`RolloutPlan.launch_file` or :meth:`RolloutPlan.monitoring_file`
    for just that file.

    Parameters
    ----------
    project : Project
        Reads ``environment``, ``monitoring`` and ``workload``. [-]
    plan : RolloutPlan, optional
        The plan the files follow (:func:`plan_environment` with the
        evaluation's sizing, as ``evaluate_plan(...).rollout.plan``): its node
        count and network settings, with its notes. Without it the files use
        ``project.environment`` as it is. [-]
    say : Wording
        Words the titles and comments in the reader's language
        (``gpu_advisor.words.wording(project.meta.language)``). [-]

    Returns
    -------
    list[GeneratedConfig]
        Five entries. [-]

    Examples
    --------
    >>> from gpu_advisor.words import wording
    >>> [c.name for c in generate_all(Project(), None, wording("en"))]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['kubernetes-job', 'dcgm-exporter', 'prometheus-config', 'prometheus-alerts',
     'grafana-dashboard']
    """
    if plan is None:
        plan = RolloutPlan.as_entered(project.environment)
    return [
        plan.launch_file(project.workload, say),
        *(
            plan.monitoring_file(name, project.monitoring, say)
            for name in MONITORING_CONFIGS
        ),
    ]
