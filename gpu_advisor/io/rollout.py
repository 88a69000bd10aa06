"""Write every rollout file of a plan into one folder, with a manifest.

The files are exactly what the app shows and saves: the evaluation's rollout
(``evaluate_plan(...).rollout``, :class:`gpu_advisor.engine.evaluate.Rollout`)
gives the launch file of the chosen scheduler, the four monitoring files and
the vendor test kit, all for the evaluation's own sizing: its node count and
its network class's NCCL settings. ``MANIFEST.md`` and ``manifest.json`` list
each file and what it is for.

Layout::

    DIR/MANIFEST.md, DIR/manifest.json
    DIR/launch/<launch file>
    DIR/monitoring/<exporter, prometheus.yml, alert rules, Grafana hint>
    DIR/testkit/<the test kit>

The command line uses this module; neither imports the engine's generators.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from gpu_advisor import words
from gpu_advisor.engine.api import (
    MONITORING_CONFIGS,
    GeneratedConfig,
    Rollout,
    RolloutPlan,
)
from gpu_advisor.io.testkit import write_testkit
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project, Scheduler, Vendor

__all__ = [
    "MANIFEST_JSON",
    "MANIFEST_MD",
    "RolloutError",
    "RolloutFile",
    "rollout_files",
    "write_rollout",
]

MANIFEST_MD: Final = "MANIFEST.md"
MANIFEST_JSON: Final = "manifest.json"

_KIT_PURPOSE: Final = {
    "README.md": (
        "How to run the test kit and send the results back",
        "测试工具包说明与结果回传方法",
    ),
    "00_inventory.sh": (
        "Records GPUs, driver, topology, CPU, memory, NICs",
        "记录 GPU、驱动、拓扑、CPU、内存、网卡",
    ),
    "10_dcgm_diag.sh": ("DCGM health diagnostics", "DCGM 健康诊断"),
    "20_nccl_single_node.sh": ("NCCL bandwidth inside one node", "单节点内 NCCL 带宽"),
    "21_nccl_multi_node.sh": (
        "NCCL bandwidth across nodes, one rank per GPU",
        "跨节点 NCCL 带宽（每卡一个进程）",
    ),
    "30_iperf3.sh": ("TCP throughput between nodes", "节点间 TCP 吞吐"),
    "40_fio.sh": (
        "Checkpoint-sized write/read bandwidth of shared and local storage",
        "按 checkpoint 大小测共享与本地存储读写带宽",
    ),
    "50_gpu_probe.py": (
        "bf16 matmul and copy speed per GPU",
        "每卡 bf16 矩阵乘与拷贝速度",
    ),
    "60_train_job.sh": (
        "Your own short training job with a step log",
        "运行你自己的短训练并记录逐步日志",
    ),
    "run_all.sh": (
        "Runs every single-node test and packs the results",
        "依次运行全部单节点测试并打包结果",
    ),
    "slurm/testkit.sbatch": (
        "The kit as one SLURM job over the planned nodes",
        "以一个 SLURM 作业在规划节点上运行工具包",
    ),
    "k8s/testkit-job.yaml": (
        "The kit as a Kubernetes Job on one GPU node",
        "以 Kubernetes Job 在一个 GPU 节点上运行工具包",
    ),
    "hostfile.example": (
        "Host list for the multi-node test outside SLURM",
        "SLURM 之外多节点测试的主机列表示例",
    ),
}


class RolloutError(ValueError):
    """The rollout cannot be written: one line naming the file or field."""


@dataclass(frozen=True, slots=True)
class RolloutFile:
    """One written file: where it goes, what it is for, its text."""

    path: str
    purpose: str
    text: str


def _t(language: Language, en: str, zh: str) -> str:
    return zh if language is Language.ZH else en


def _kit_vendor(project: Project) -> Vendor:
    """The first vendor offering the plan's GPU, else the first vendor, else a stand-in."""
    gpu_id = project.workload.gpu_id
    for vendor in project.vendors:
        if vendor.gpu_id == gpu_id:
            return vendor
    if project.vendors:
        return project.vendors[0]
    return Vendor(name="GPU Advisor plan", gpu_id=gpu_id)


def rollout_files(
    rollout: Rollout,
    *,
    scheduler: Scheduler | None = None,
    language: Language | None = None,
) -> tuple[list[RolloutFile], RolloutPlan]:
    """Every rollout file of the plan, in manifest order (nothing is written).

    Parameters
    ----------
    rollout : Rollout
        The evaluation's rollout (``evaluate_plan(project, catalog).rollout``).
    scheduler : Scheduler, optional
        Overrides ``environment.scheduler``.
    language : Language, optional
        Overrides ``meta.language`` (comments, README, manifest).

    Returns
    -------
    (list of RolloutFile, RolloutPlan)
        The files (the manifests last) and the plan they were generated for.

    Raises
    ------
    RolloutError
        Kubernetes without a source for the training script.
    """
    if scheduler is not None:
        rollout = rollout.for_scheduler(scheduler)
    lang = language if language is not None else rollout.language
    plan = rollout.plan
    env = plan.environment
    problem = plan.script_problem()
    if problem is not None:
        raise RolloutError(words.text(problem, Language.EN))
    files: list[RolloutFile] = []

    def add(folder: str, config: GeneratedConfig, purpose: str) -> None:
        files.append(RolloutFile(f"{folder}/{config.filename}", purpose, config.text))

    add(
        "launch",
        rollout.launch_file(lang),
        _t(
            lang,
            f"Starts the training on {env.nodes} node(s) x {env.gpus_per_node} GPUs",
            f"在 {env.nodes} 个节点 × 每节点 {env.gpus_per_node} 张卡上启动训练",
        ),
    )
    for name in MONITORING_CONFIGS:
        config = rollout.monitoring_file(name, lang)
        add("monitoring", config, config.title)
    kit = rollout.testkit(_kit_vendor(rollout.project), lang)
    for relative in sorted(kit):
        en, zh = _KIT_PURPOSE.get(relative, ("Test kit file", "测试工具包文件"))
        files.append(
            RolloutFile(f"testkit/{relative}", _t(lang, en, zh), kit[relative])
        )
    files += _manifests(files, plan, lang)
    return files, plan


def _manifests(
    files: list[RolloutFile], plan: RolloutPlan, lang: Language
) -> list[RolloutFile]:
    env = plan.environment
    md_purpose = _t(lang, "This list", "本清单")
    json_purpose = _t(lang, "This list, for tools", "本清单（供程序读取）")
    entries = [{"path": f.path, "purpose": f.purpose} for f in files] + [
        {"path": MANIFEST_MD, "purpose": md_purpose},
        {"path": MANIFEST_JSON, "purpose": json_purpose},
    ]
    ranks = env.nodes * env.gpus_per_node
    data = {
        "tool": "gpu-advisor rollout",
        "version": 1,
        "scheduler": str(env.scheduler),
        "nodes": env.nodes,
        "gpus_per_node": env.gpus_per_node,
        "ranks": ranks,
        "planned_nodes": plan.sized_nodes,
        "planned_gpus_per_node": plan.sized_gpus_per_node,
        "network": str(plan.network_kind) if plan.network_kind is not None else None,
        "nccl_env": dict(env.nccl_env),
        "notes": plan.notes(lang),
        "files": entries,
    }
    lines = [
        "# " + _t(lang, "Rollout files", "部署文件清单"),
        "",
        _t(
            lang,
            f"{env.nodes} node(s) x {env.gpus_per_node} GPUs = {ranks} ranks, "
            f"scheduler {env.scheduler}.",
            f"{env.nodes} 个节点 × 每节点 {env.gpus_per_node} 张卡 = {ranks} 个进程，"
            f"调度方式 {env.scheduler}。",
        ),
        "",
    ]
    for note in plan.notes(lang):
        lines += [f"> {note}", ""]
    lines += [_t(lang, "| File | What it is for |", "| 文件 | 用途 |"), "|---|---|"]
    lines += [f"| `{e['path']}` | {e['purpose']} |" for e in entries]
    return [
        RolloutFile(MANIFEST_MD, md_purpose, "\n".join(lines) + "\n"),
        RolloutFile(
            MANIFEST_JSON,
            json_purpose,
            json.dumps(data, ensure_ascii=False, indent=2) + "\n",
        ),
    ]


def write_rollout(
    files: list[RolloutFile],
    folder: Path,
    *,
    force: bool = False,
    protect: Path | None = None,
) -> Path:
    """Write ``files`` under ``folder``; scripts get the executable bit.

    Parameters
    ----------
    files : list of RolloutFile
        From :func:`rollout_files`.
    folder : Path
        Created if missing. An existing non-empty folder is refused unless
        ``force`` (then files of the same name are replaced).
    protect : Path, optional
        The project file: refused if any file would replace it.

    Returns
    -------
    Path
        ``folder``.

    Raises
    ------
    RolloutError
        The folder is not empty (without ``force``), is a file, or a file
        would replace ``protect``.
    """
    if folder.exists() and not folder.is_dir():
        raise RolloutError(f"{folder}: not a folder")
    if folder.is_dir() and any(folder.iterdir()) and not force:
        raise RolloutError(
            f"{folder}: folder is not empty (use --force to write into it)"
        )
    if protect is not None:
        guarded = protect.resolve()
        for f in files:
            if folder.joinpath(*f.path.split("/")).resolve() == guarded:
                raise RolloutError(
                    f"{f.path}: would overwrite the project file {protect}"
                )
        if folder.resolve() == guarded:
            raise RolloutError(f"{folder}: is the project file")
    write_testkit({f.path: f.text for f in files}, folder)
    return folder
