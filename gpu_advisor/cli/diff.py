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

from gpu_advisor.cli._common import CliError, print_json
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
    p.add_argument("--lang", choices=("zh", "en"), default=None)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def _load(path: Path) -> Project:
    try:
        return load_project(path)
    except ProjectFileError as exc:
        raise CliError(str(exc).splitlines()[0] if str(exc) else repr(exc)) from None


_UNITS: dict[str, tuple[str, str, str]] = {
    # unit: (format, English unit, Chinese unit)
    "CNY": (",.0f", "CNY", "元"),
    "GPU-h": (",.0f", "GPU-hours", "卡时"),
    "days": (",.1f", "days", "天"),
    "GPUs": (",.0f", "cards", "张卡"),
    "nodes": (",.0f", "nodes", "个节点"),
    "month": (",.0f", "", ""),
}


def _show(value: Any, zh: bool, unit: str = "") -> str:
    if value is None:
        return "无" if zh else "none"
    if isinstance(value, bool) or not isinstance(value, int | float):
        return (
            value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        )
    if unit == "1":
        return f"{value:.1%}"
    fmt, en, cn = _UNITS.get(unit, (",.6g", unit, unit))
    name = cn if zh else en
    if unit == "month":
        return f"第 {value:{fmt}} 个月" if zh else f"month {value:{fmt}}"
    return f"{value:{fmt}} {name}".strip()


def _move(r: ResultChange, zh: bool) -> str:
    label = r.label_zh if zh else r.label_en
    sep = "：" if zh else ": "
    line = f"  {label}{sep}{_show(r.old, zh, r.unit)} → {_show(r.new, zh, r.unit)}"
    if r.delta is not None and r.unit != "1":
        sign = "+" if r.delta >= 0 else "−"
        size = _show(abs(r.delta), zh, r.unit if r.unit != "month" else "")
        comma = "，" if zh else ", "
        share = f"{comma}{r.relative:+.1%}" if r.relative is not None else ""
        line += f"（{sign}{size}{share}）" if zh else f" ({sign}{size}{share})"
    return line


def to_text(diff: PlanDiff, lang: Language) -> str:
    """The diff as lines for a terminal."""
    zh = lang is Language.ZH
    if diff.empty:
        return "两个方案相同。" if zh else "The two plans are the same."
    lines = [
        f"改动的输入（{len(diff.inputs)}）："
        if zh
        else f"Inputs changed ({len(diff.inputs)}):"
    ]
    for c in diff.inputs:
        name = path_label(c.path, lang.value)
        if c.added:
            lines.append(f"  + {name} = {_show(c.new, zh)}")
        elif c.removed:
            was = _show(c.old, zh)
            lines.append(
                f"  − {name}（原为 {was}）" if zh else f"  − {name} (was {was})"
            )
        else:
            sep = "：" if zh else ": "
            lines.append(f"  {name}{sep}{_show(c.old, zh)} → {_show(c.new, zh)}")
    lines.append(
        f"变化的结果（{len(diff.results)}）："
        if zh
        else f"Results that moved ({len(diff.results)}):"
    )
    lines.extend(_move(r, zh) for r in diff.results)
    return "\n".join(lines)


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
    if args.json:
        print_json(diff.model_dump(mode="json"))
    else:
        lang = Language(args.lang) if args.lang else new.meta.language
        print(to_text(diff, lang))
    return 0 if diff.empty else 1
