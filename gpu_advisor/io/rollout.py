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
from gpu_advisor.io.safe_read import FileRefusedError, read_file
from gpu_advisor.io.safe_write import OutputRefusedError, write_into_folder
from gpu_advisor.io.testkit import kit_mode
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project, Scheduler, Vendor

__all__ = [
    "MANIFEST_JSON",
    "MANIFEST_MD",
    "RolloutError",
    "RolloutFile",
    "previous_manifest",
    "rollout_files",
    "write_rollout",
]

MANIFEST_MD: Final = "MANIFEST.md"
MANIFEST_JSON: Final = "manifest.json"
_MAX_MANIFEST_BYTES: Final = 2**20

_KIT_FILES: Final = frozenset(
    {
        "README.md",
        "00_inventory.sh",
        "10_dcgm_diag.sh",
        "20_nccl_single_node.sh",
        "21_nccl_multi_node.sh",
        "30_iperf3.sh",
        "40_fio.sh",
        "50_gpu_probe.py",
        "60_train_job.sh",
        "run_all.sh",
        "slurm/testkit.sbatch",
        "k8s/testkit-job.yaml",
        "hostfile.example",
    }
)
"""Kit files the catalog says the purpose of (``rollout.purpose.<path>``)."""


class RolloutError(ValueError):
    """The rollout cannot be written: one line naming the file or field."""


@dataclass(frozen=True, slots=True)
class RolloutFile:
    """One written file: where it goes, what it is for, its text."""

    path: str
    purpose: str
    text: str


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
    say = words.wording(lang)
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
        rollout.launch_file(say),
        words.say(
            "rollout.manifest.launch",
            lang,
            nodes=env.nodes,
            gpus_per_node=env.gpus_per_node,
        ),
    )
    for name in MONITORING_CONFIGS:
        config = rollout.monitoring_file(name, say)
        add("monitoring", config, config.title)
    kit = rollout.testkit(_kit_vendor(rollout.project), say)
    for relative in sorted(kit):
        purpose = (
            f"rollout.purpose.{relative}"
            if relative in _KIT_FILES
            else "rollout.manifest.kit_file"
        )
        files.append(
            RolloutFile(f"testkit/{relative}", words.say(purpose, lang), kit[relative])
        )
    files += _manifests(files, plan, lang)
    return files, plan


def _manifests(
    files: list[RolloutFile], plan: RolloutPlan, lang: Language
) -> list[RolloutFile]:
    env = plan.environment
    md_purpose = words.say("rollout.manifest.this_list", lang)
    json_purpose = words.say("rollout.manifest.this_list_json", lang)
    notes = [words.text(note, lang) for note in plan.notes()]
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
        "notes": notes,
        "files": entries,
    }
    lines = [
        "# " + words.say("rollout.manifest.title", lang),
        "",
        words.say(
            "rollout.manifest.shape",
            lang,
            nodes=env.nodes,
            gpus_per_node=env.gpus_per_node,
            ranks=ranks,
            scheduler=str(env.scheduler),
        ),
        "",
    ]
    for note in notes:
        lines += [f"> {note}", ""]
    lines += [words.say("rollout.manifest.table_head", lang), "|---|---|"]
    lines += [f"| `{e['path']}` | {e['purpose']} |" for e in entries]
    return [
        RolloutFile(MANIFEST_MD, md_purpose, "\n".join(lines) + "\n"),
        RolloutFile(
            MANIFEST_JSON,
            json_purpose,
            json.dumps(data, ensure_ascii=False, indent=2) + "\n",
        ),
    ]


def previous_manifest(folder: Path) -> frozenset[str]:
    """The files a previous rollout into ``folder`` wrote, from its ``manifest.json``.

    Nothing when there is none or it is not a rollout manifest; the manifest
    itself is read through the one reader (a regular file of at most 1 MB).
    """
    try:
        raw = read_file(folder / MANIFEST_JSON, _MAX_MANIFEST_BYTES)
        data = json.loads(raw.decode("utf-8"))
    except (FileRefusedError, UnicodeDecodeError, ValueError, RecursionError):
        return frozenset()
    if not isinstance(data, dict) or data.get("tool") != "gpu-advisor rollout":
        return frozenset()
    entries = data.get("files")
    if not isinstance(entries, list):
        return frozenset()
    return frozenset(
        entry["path"]
        for entry in entries
        if isinstance(entry, dict) and isinstance(entry.get("path"), str)
    )


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
        ``force``; then only the files the folder's previous
        ``manifest.json`` lists (files this command wrote) are replaced, and
        any other file in the way is refused.
    protect : Path, optional
        The project file: refused if any file would replace it.

    Returns
    -------
    Path
        ``folder``.

    Raises
    ------
    RolloutError
        The folder is not empty (without ``force``), is a file, a link on the
        way leads elsewhere, a file in the way was not written by a rollout,
        or a file would replace ``protect``. Nothing is written then
        (:func:`gpu_advisor.io.safe_write.write_into_folder`).
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
    written_before = previous_manifest(folder) if force else frozenset()
    try:
        write_into_folder(
            folder,
            {f.path: f.text.encode("utf-8") for f in files},
            modes={f.path: kit_mode(f.path) for f in files},
            replaceable=written_before.__contains__,
        )
    except OutputRefusedError as exc:
        raise RolloutError(str(exc)) from None
    return folder
