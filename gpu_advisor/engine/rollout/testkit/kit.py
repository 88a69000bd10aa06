"""The whole test kit of one vendor, as relative path → file text.

:func:`build_testkit` plans the kit on the plan's rollout (nodes, GPUs per
node, network settings, checkpoint size) and assembles the README, the
scripts and the job files; :mod:`gpu_advisor.io.testkit` writes it to a
folder or a ``.tar.gz``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gpu_advisor.engine.evidence.vendors import plan_sizing
from gpu_advisor.engine.rollout.configs.common import Wording
from gpu_advisor.engine.rollout.configs.environment import (
    NVIDIA_ONLY_CODE,
    RolloutPlan,
    plan_environment,
)
from gpu_advisor.engine.rollout.testkit.common import DCGM_LEVEL_MINUTES, _plain
from gpu_advisor.engine.rollout.testkit.jobs import _sbatch
from gpu_advisor.engine.rollout.testkit.k8s import K8S_POD, KitShape, k8s_manifest
from gpu_advisor.engine.rollout.testkit.nccl import _nccl_multi, _nccl_single
from gpu_advisor.engine.rollout.testkit.readme import readme_message
from gpu_advisor.engine.rollout.testkit.scripts import (
    _PROBE,
    FIO_JOBS,
    LOCAL_DIR_CANDIDATES,
    _dcgm,
    _fio,
    _inventory,
    _iperf,
    _preamble,
    _run_all,
    _train,
    fio_gib_per_job,
)
from gpu_advisor.engine.rollout.testkit.serving import (
    SERVING_SCRIPT,
    serving_bench_for,
    serving_readme,
    serving_script,
)
from gpu_advisor.engine.sizing.size import resolve_shape
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Message
from gpu_advisor.model.project import Project, Scheduler, Vendor
from gpu_advisor.model.sizing_results import SizingResult

KIT_SCRIPTS: Final = (
    "00_inventory.sh",
    "10_dcgm_diag.sh",
    "20_nccl_single_node.sh",
    "21_nccl_multi_node.sh",
    "30_iperf3.sh",
    "40_fio.sh",
    "50_gpu_probe.py",
    "60_train_job.sh",
    SERVING_SCRIPT,
    "run_all.sh",
    "slurm/testkit.sbatch",
    "k8s/testkit-job.yaml",
    "k8s_pod.sh",
)
"""Scripts and job files of the kit (README.md and hostfile.example come with them)."""

EXECUTABLE_SUFFIXES: Final = (".sh", ".py", ".sbatch")
"""Kit files that get the executable bit."""


def _plan_sizing(project: Project, catalog: Catalog) -> SizingResult | None:
    """The evaluation's sizing of ``project``; None when it cannot be sized."""
    try:
        return plan_sizing(project, catalog)
    except (KeyError, ValueError):
        return None


def build_testkit(
    project: Project,
    vendor: Vendor,
    catalog: Catalog,
    say: Wording,
    *,
    plan: RolloutPlan | None = None,
    dcgm_level: int = 2,
    shared_dir: str | None = None,
    local_dir: str = "",
    train_command: str = "",
) -> dict[str, str]:
    """The test kit for one vendor, as relative path → file text.

    Parameters
    ----------
    project : Project
        GPUs per node, nodes, scheduler settings, data path, and the model
        (MoE adds ``alltoall_perf``).
    vendor : Vendor
        Named in every file; its GPU sets the default GPU count.
    catalog : Catalog
        To resolve the model preset (dense or MoE).
    say : Wording
        Words the README in the reader's language
        (``gpu_advisor.words.wording(project.meta.language)``).
    plan : RolloutPlan, optional
        The plan's rollout (``evaluate_plan(...).rollout.plan``): nodes, GPUs
        per node, network settings and checkpoint size. Without it the kit
        is planned on :func:`gpu_advisor.engine.evidence.scoring.plan_sizing`, the
        sizing the evaluation makes.
    dcgm_level : int
        ``dcgmi diag -r`` level, 1–4.
    shared_dir : str, optional
        Shared storage for the fio test; default ``environment.data_path``.
    local_dir : str
        Local disk for the fio test; empty: the script picks the first
        writable of :data:`LOCAL_DIR_CANDIDATES` (never ``/tmp``).
    train_command : str
        Default ``TRAIN_CMD`` of ``60_train_job.sh`` (empty: must be given).

    Returns
    -------
    dict of str to str
        :data:`KIT_SCRIPTS` plus ``README.md`` and ``hostfile.example``.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.words import wording
    >>> kit = build_testkit(Project(), Vendor(name="Acme"), load_catalog(), wording("en"))
    >>> sorted(kit)[:3]
    ['00_inventory.sh', '10_dcgm_diag.sh', '20_nccl_single_node.sh']
    >>> '-b 8 -e 8G -f 2 -g "${GPUS}"' in kit["20_nccl_single_node.sh"]
    True
    """
    if dcgm_level not in DCGM_LEVEL_MINUTES:
        raise ValueError("dcgm_level must be 1, 2, 3 or 4")
    if plan is None:
        plan = plan_environment(project, catalog, _plan_sizing(project, catalog))
    gpus = plan.environment.gpus_per_node
    nodes = plan.environment.nodes
    try:
        moe = resolve_shape(project.workload, catalog)[0].is_moe
    except (KeyError, ValueError):
        moe = False
    shared = shared_dir if shared_dir is not None else project.environment.data_path
    fio_gib = fio_gib_per_job(plan.checkpoint_bytes)
    ranks = Ranks(nodes, gpus, plan.sized_gpus)
    env = project.environment
    # Outside SLURM there is no srun: the cross-node test starts its ranks with mpirun.
    launcher = env.mpi_launcher if env.scheduler is Scheduler.SLURM else "mpirun"
    shape = KitShape(
        nodes=nodes,
        gpus=gpus,
        level=dcgm_level,
        shared_dir=shared,
        data_gib=-(-nodes * FIO_JOBS * fio_gib * 11 // 10),  # 10 % headroom
        network_kind=plan.network_kind,
    )
    readme = _readme(
        vendor, catalog, ranks, launcher, (dcgm_level, moe), shared, local_dir
    )
    serving = serving_bench_for(project, catalog, gpus)
    return {
        "README.md": say(readme) + "\n" + say(serving_readme(serving)),
        "00_inventory.sh": _inventory(vendor),
        "10_dcgm_diag.sh": _dcgm(vendor, dcgm_level),
        "20_nccl_single_node.sh": _nccl_single(vendor, gpus, moe),
        "21_nccl_multi_node.sh": _nccl_multi(
            vendor,
            gpus,
            moe,
            launcher,
            {
                k: v
                for k, v in plan.environment.nccl_env.items()
                if k.startswith("NCCL_")
            },
            plan.sized_gpus,
        ),
        "30_iperf3.sh": _iperf(vendor),
        "40_fio.sh": _fio(vendor, shared, local_dir, fio_gib),
        "50_gpu_probe.py": _PROBE,
        "60_train_job.sh": _train(vendor, train_command),
        SERVING_SCRIPT: serving_script(
            vendor,
            serving,
            _preamble(
                SERVING_SCRIPT,
                "serve the plan's model and measure it with the engine's own "
                "benchmark at a few request rates.",
                vendor,
            ),
        ),
        "run_all.sh": _run_all(vendor, dcgm_level, serving.runs_by_default),
        "slurm/testkit.sbatch": _sbatch(vendor, project, gpus, nodes, ranks.comment()),
        "k8s/testkit-job.yaml": k8s_manifest(plan.environment, vendor, shape),
        "k8s_pod.sh": K8S_POD,
        "hostfile.example": ranks.hostfile(),
    }


@dataclass(frozen=True, slots=True)
class Ranks:
    """The kit's ranks against the plan's GPUs.

    Attributes
    ----------
    nodes, gpus : int
        Nodes and GPUs per node the kit runs on. [1]
    planned : int or None
        The plan's GPUs (None: unknown). [1]

    Examples
    --------
    >>> print(Ranks(2, 8, 12).comment(), end="")
    # The plan has 12 GPUs; whole nodes of 8 make 2 x 8 = 16 ranks.
    >>> Ranks(8, 8, 64).comment(), Ranks(8, 8, 64).rounded
    ('', False)
    """

    nodes: int
    gpus: int
    planned: int | None

    @property
    def total(self) -> int:
        """Ranks of the cross-node test: one per GPU. [1]"""
        return self.nodes * self.gpus

    @property
    def rounded(self) -> bool:
        """True when whole nodes hold more GPUs than the plan has."""
        return self.planned is not None and self.planned != self.total

    def comment(self) -> str:
        """A comment line stating the rounding, or ""."""
        if not self.rounded:
            return ""
        return (
            f"# The plan has {self.planned} GPUs; whole nodes of {self.gpus} make "
            f"{self.nodes} x {self.gpus} = {self.total} ranks.\n"
        )

    def hostfile(self) -> str:
        """``hostfile.example``: one line per planned node, ``slots`` = GPUs."""
        lines = "".join(
            f"node{i:02d} slots={self.gpus}\n" for i in range(1, self.nodes + 1)
        )
        return (
            f"# One node per line; slots = GPUs per node. {self.nodes} node(s) x "
            f"{self.gpus} = {self.total} ranks.\n{self.comment()}{lines}"
        )


def _readme(
    vendor: Vendor,
    catalog: Catalog,
    ranks: Ranks,
    launcher: str,
    level_moe: tuple[int, bool],
    shared_dir: str,
    local_dir: str,
) -> Message:
    """The README, with the NVIDIA-only note when the vendor's GPU is another
    maker's."""
    shown_local: str | Message = local_dir or Message(
        code="rollout.kit.first_writable",
        params={"dirs": _plain(", ".join(LOCAL_DIR_CANDIDATES))},
    )
    gpu = next((g for g in catalog.gpus if g.id == vendor.gpu_id), None)
    note = None
    if gpu is not None and gpu.vendor != "NVIDIA":
        note = Message(
            code=NVIDIA_ONLY_CODE,
            params={"gpu": _plain(gpu.name), "vendor": _plain(gpu.vendor)},
        )
    level, moe = level_moe
    return readme_message(
        vendor,
        ranks.gpus,
        level,
        moe,
        shared_dir,
        shown_local,
        note,
        multi=(ranks.nodes, ranks.planned, launcher),
    )
