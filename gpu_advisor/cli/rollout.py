"""``gpu-advisor-cli rollout PROJECT -o DIR``: every rollout file of the plan.

Writes the launch file, the monitoring files and the test kit exactly as the
app saves them: the rollout of the plan's evaluation (``evaluate_plan``), for
its sizing's nodes and network, plus ``MANIFEST.md``
and ``manifest.json`` (see :mod:`gpu_advisor.io.rollout`). An existing
non-empty folder is refused unless ``--force``; the project file is never
overwritten.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from gpu_advisor import words
from gpu_advisor.cli._common import CliError, add_language_option
from gpu_advisor.cli.terminal import visible


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``rollout``."""
    parser = subparsers.add_parser(
        "rollout",
        help="write the plan's launch, monitoring and test-kit files",
        description="Write every generated file of the plan (launch, monitoring, "
        "test kit) into a folder, with a manifest of what each file is for.",
    )
    parser.add_argument("project", type=Path, metavar="PROJECT.gpuplan")
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="DIR")
    parser.add_argument(
        "--scheduler",
        choices=["k8s", "slurm", "bare"],
        default=None,
        help="default: the project's",
    )
    add_language_option(parser)
    parser.add_argument(
        "--force", action="store_true", help="write into a non-empty folder"
    )
    parser.set_defaults(func=_rollout)


def _rollout(args: argparse.Namespace) -> int:
    from gpu_advisor.engine.api import evaluate_plan
    from gpu_advisor.io.catalog import load_catalog
    from gpu_advisor.io.project_file import ProjectFileError, load_project
    from gpu_advisor.io.rollout import RolloutError, rollout_files, write_rollout
    from gpu_advisor.model.common import Language
    from gpu_advisor.model.project import Scheduler

    try:
        project = load_project(args.project)
    except ProjectFileError as exc:
        raise CliError(str(exc)) from exc
    except OSError as exc:
        raise CliError(f"cannot read {args.project}: {exc.strerror or exc}") from exc
    scheduler = {
        "k8s": Scheduler.KUBERNETES,
        "slurm": Scheduler.SLURM,
        "bare": Scheduler.BARE,
        None: None,
    }[args.scheduler]
    language = Language(args.lang) if args.lang else None
    try:
        evaluation = evaluate_plan(project, load_catalog(), monte_carlo=False)
        files, plan = rollout_files(
            evaluation.rollout, scheduler=scheduler, language=language
        )
        write_rollout(files, args.output, force=args.force, protect=args.project)
    except KeyError as exc:
        raise CliError(f"{args.project}: unknown catalog id: {exc.args[0]}") from None
    except RolloutError as exc:
        raise CliError(f"{args.project}: {exc}") from exc
    except ValueError as exc:  # the plan cannot be evaluated
        raise CliError(f"{args.project}: {exc}") from None
    except OSError as exc:
        raise CliError(f"cannot write {args.output}: {exc.strerror or exc}") from exc
    for advice in plan.advice:
        warning = visible(words.text(advice, words.DEFAULT_LANGUAGE))
        print(f"warning: {warning}", file=sys.stderr)
    env = plan.environment
    print(
        f"wrote {len(files)} files to {visible(str(args.output))} "
        f"({env.nodes} node(s) x {env.gpus_per_node} GPUs, {env.scheduler})"
    )
    return 0
