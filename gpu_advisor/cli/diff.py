"""``gpu-advisor-cli diff A.gpuplan B.gpuplan``: what changed between two plans.

``gpu-advisor-cli diff PLAN --signed`` compares a plan with the version last
signed in the app (the snapshot its latest signing record holds), in the
same form.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from gpu_advisor import words
from gpu_advisor.cli._common import CliError, add_language_option, print_json
from gpu_advisor.cli.terminal import visible, visible_lines
from gpu_advisor.engine.diff import diff_plans, latest_signing
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import ProjectFileError, load_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.diff_results import PlanDiff, ResultChange
from gpu_advisor.model.project import Project, plan_inputs
from gpu_advisor.report.glossary import path_label


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "diff",
        help="what changed between two plans: inputs, and the results that moved",
        description="List every input that differs between two project files (old "
        "value, new value) and every result that moved (recommendation, totals, card "
        "count, network, GPU-hours, days, break-even) with the size of the move. "
        "With --signed, compare one plan with the version last signed in the app. "
        "Exit status 0: the same; 1: they differ; 2: bad input.",
    )
    p.add_argument(
        "old", type=Path, help="the earlier .gpuplan (with --signed: the plan)"
    )
    p.add_argument(
        "new", type=Path, nargs="?", help="the later .gpuplan (not with --signed)"
    )
    p.add_argument(
        "--signed",
        action="store_true",
        help="compare the plan with the inputs it had when last signed in the app",
    )
    p.add_argument(
        "--monte-carlo",
        type=int,
        default=0,
        metavar="N",
        help="also compare P(owning beats renting) over N draws (same seed for both)",
    )
    p.add_argument("--seed", type=int, default=0, help="Monte Carlo seed")
    add_language_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def _load(path: Path) -> Project:
    try:
        return load_project(path)
    except ProjectFileError as exc:
        raise CliError(str(exc).splitlines()[0] if str(exc) else repr(exc)) from None


_FORMATS: dict[str, str] = {
    # unit: number format (the words of the unit are the catalog's diff.unit.*)
    "CNY": ",.0f",
    "GPU-h": ",.0f",
    "days": ",.1f",
    "GPUs": ",.0f",
    "nodes": ",.0f",
    "month": ",.0f",
}


def _show(value: Any, lang: Language, unit: str = "") -> str:
    if value is None:
        return words.say("diff.none", lang)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return visible(
            value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        )
    if unit == "1":
        return f"{value:.1%}"
    fmt = _FORMATS.get(unit, ",.6g")
    if unit == "month":
        return words.say("diff.month", lang, value=f"{value:{fmt}}")
    name = words.say(f"diff.unit.{unit}", lang) if unit in _FORMATS else unit
    return f"{value:{fmt}} {name}".strip()


def _move(r: ResultChange, lang: Language) -> str:
    label = words.text(r.label, lang)
    line = words.say(
        "diff.changed",
        lang,
        name=label,
        old=_show(r.old, lang, r.unit),
        new=_show(r.new, lang, r.unit),
    )
    if r.delta is not None and r.unit != "1":
        sign = "+" if r.delta >= 0 else "−"
        size = _show(abs(r.delta), lang, r.unit if r.unit != "month" else "")
        share = (
            words.say("diff.share", lang, relative=r.relative)
            if r.relative is not None
            else ""
        )
        line += words.say("diff.move", lang, sign=sign, size=size, share=share)
    return line


def to_text(diff: PlanDiff, lang: Language) -> str:
    """The diff as lines for a terminal; plan strings are shown visibly
    (:mod:`gpu_advisor.cli.terminal`: no control or bidirectional character
    reaches the terminal, a line break in a value is shown as ``\\n``)."""
    if diff.empty:
        return words.say("diff.same", lang)
    lines = [words.say("diff.inputs_changed", lang, count=len(diff.inputs))]
    for c in diff.inputs:
        name = path_label(c.path, lang.value)
        if c.added:
            lines.append(
                words.say("diff.added", lang, name=name, new=_show(c.new, lang))
            )
        elif c.removed:
            lines.append(
                words.say("diff.removed", lang, name=name, old=_show(c.old, lang))
            )
        else:
            lines.append(
                words.say(
                    "diff.changed",
                    lang,
                    name=name,
                    old=_show(c.old, lang),
                    new=_show(c.new, lang),
                )
            )
    lines.append(words.say("diff.results_moved", lang, count=len(diff.results)))
    lines.extend(_move(r, lang) for r in diff.results)
    # plan strings were made visible where they were shown; the labels too
    return visible_lines("\n".join(lines))


def _signed_pair(path: Path) -> tuple[Project, Project]:
    """(the inputs last signed, the plan's inputs now) of the plan at ``path``."""
    plan = _load(path)
    record = latest_signing(plan)
    if record is None:
        raise CliError(
            f"{path.name}: the plan has no signing record (it was never signed "
            "in the app); give two plans to compare instead"
        )
    return record.inputs, plan_inputs(plan)


def run(args: argparse.Namespace) -> int:
    """Load both plans, evaluate them the same way, print what changed."""
    if args.signed:
        if args.new is not None:
            raise CliError(
                "--signed compares one plan with its signed version: give one"
            )
        old, new = _signed_pair(args.old)
    elif args.new is None:
        raise CliError("give two plans to compare, or one with --signed")
    else:
        old, new = _load(args.old), _load(args.new)
    if args.monte_carlo < 0:
        raise CliError("--monte-carlo must be >= 0")
    catalog = load_catalog()
    try:
        evals = [
            evaluate(p, catalog, monte_carlo_draws=args.monte_carlo, seed=args.seed)
            for p in (old, new)
        ]
    except KeyError as exc:
        raise CliError(f"unknown catalog id: {exc.args[0]}") from None
    diff = diff_plans(old, new, evals[0], evals[1])
    lang = Language(args.lang) if args.lang else new.meta.language
    if args.json:
        print_json(words.worded(diff.model_dump(mode="json"), lang))
    else:
        print(to_text(diff, lang))
    return 0 if diff.empty else 1
