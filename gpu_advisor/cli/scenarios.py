"""``gpu-advisor-cli scenarios PLAN``: the base plan and its scenarios side by side."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from gpu_advisor import words
from gpu_advisor.cli._common import CliError, add_language_option, pad, print_json
from gpu_advisor.cli.terminal import visible, visible_lines
from gpu_advisor.engine.api import SCENARIO_MONTE_CARLO_DRAWS, evaluate_scenarios
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import ProjectFileError, load_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.scenario_results import (
    SCENARIO_MEASURES,
    ScenarioComparison,
    ScenarioFigures,
)
from gpu_advisor.report.scenario_text import changes_text
from gpu_advisor.words.terms import option_name


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``scenarios`` sub-command."""
    p = sub.add_parser(
        "scenarios",
        help="list the plan's scenarios with their figures side by side",
        description="Evaluate the base plan and every named scenario (the base plan "
        "with a few fields overridden) and print total, NPV, up-front cash, cost "
        "per useful GPU-hour, days to finish, P(owning beats renting) and the "
        "recommendation of each. `cost --scenario NAME` prices one in full.",
    )
    p.add_argument("project", type=Path, help="a .gpuplan project file")
    p.add_argument(
        "--monte-carlo",
        type=int,
        default=SCENARIO_MONTE_CARLO_DRAWS,
        metavar="N",
        help="draws behind P(owning beats renting) (default: "
        f"{SCENARIO_MONTE_CARLO_DRAWS:,}, with the plan's seed, as the app and "
        "the PDF; 0: none)",
    )
    add_language_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def _value(column: ScenarioFigures, field: str, unit: str, rate: float) -> str:
    value = getattr(column, field)
    if value is None:
        return "-"
    if unit == "1":
        return f"{value:.0%}"
    if unit == "days":
        return f"{value:,.1f}"
    if unit == "CNY/GPU-h":
        return f"{value / rate:,.2f}"
    return f"{value / rate:,.0f}"


def text(comparison: ScenarioComparison, lang: Language) -> str:
    """The comparison as aligned text, one block per column."""
    lines = [words.say("scenario.amounts_in", lang, currency=comparison.currency_code)]
    for column in comparison.columns:
        title = (
            words.say("scenario.base", lang) if column.is_base else visible(column.name)
        )
        lines.append(
            words.say(
                "scenario.column",
                lang,
                title=title,
                gpu=column.gpu_id,
                gpus=column.gpus,
                months=column.horizon_months,
            )
        )
        if not column.is_base:
            lines.append(
                "  "
                + words.say("scenario.changes", lang)
                + visible(changes_text(column, lang.value))
            )
        for field, label, unit in SCENARIO_MEASURES:
            value = _value(column, field, unit, comparison.cny_per_unit)
            lines.append(f"  {pad(words.text(label, lang), 28)}{value:>16}")
        rec = (
            option_name(column.recommendation, lang.value)
            if column.recommendation is not None
            else "—"
        )
        lines.append(f"  {pad(words.say('scenario.recommendation', lang), 28)}{rec}")
    return "\n".join(lines)


def to_json(comparison: ScenarioComparison) -> dict[str, Any]:
    """The JSON printed with ``--json`` (amounts in CNY, as ``cost --json``)."""
    return comparison.model_dump(mode="json")


def run(args: argparse.Namespace) -> int:
    """Load, evaluate every scenario, print."""
    try:
        project = load_project(args.project)
    except ProjectFileError as exc:
        raise CliError(str(exc)) from None
    if not 0 <= args.monte_carlo <= 1_000_000:
        raise CliError("--monte-carlo must be between 0 and 1000000")
    runs = evaluate_scenarios(
        project,
        load_catalog(),
        monte_carlo=args.monte_carlo > 0,
        draws=max(args.monte_carlo, 1),
    )
    assert runs.comparison is not None
    lang = Language(args.lang) if args.lang else project.meta.language
    if args.json:
        print_json(to_json(runs.comparison))
    else:
        print(visible_lines(text(runs.comparison, lang)))
    return 0
