"""``gpu-advisor-cli cost``: price every way of getting the capacity for a plan."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gpu_advisor import words
from gpu_advisor.cli._common import CliError, add_language_option, pad, print_json
from gpu_advisor.cli.candidates import candidates_json, candidates_lines
from gpu_advisor.engine.api import (
    PlanEvaluation,
    apply_scenario,
    evaluate_plan,
    find_scenario,
    ranking,
    shown_warnings,
    to_display,
)
from gpu_advisor.engine.explain_keys import COMMITMENT
from gpu_advisor.engine.plan_defaults import PLAN_MONTE_CARLO_SEED
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.option_table import write_option_table
from gpu_advisor.io.project_file import ProjectFileError, load_project
from gpu_advisor.model.common import Language, Message
from gpu_advisor.model.cost_results import CostResult, OptionResult
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import OptionId, Project
from gpu_advisor.report.glossary import input_name
from gpu_advisor.report.plan.decision import decisive_rows
from gpu_advisor.report.sources import source_text
from gpu_advisor.report.text import tr as report_words
from gpu_advisor.report.text import unit_text
from gpu_advisor.words.money import amounts_in
from gpu_advisor.words.terms import option_in_sentence, rank_mark, text_or_empty

MAX_DRAWS = 1_000_000


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add the ``cost`` sub-command."""
    p = subparsers.add_parser(
        "cost",
        help="compare renting, colocating and building for a project",
        description="Price on-demand, monthly, yearly, spot, the cheapest mix, "
        "colocation and a self-built room over the project's horizon.",
    )
    p.add_argument("project", type=Path, help="a .gpuplan project file")
    p.add_argument(
        "--set",
        dest="overrides",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="override a project field for a what-if run, e.g. budget.pue=1.4 "
        "(value parsed as JSON when possible)",
    )
    p.add_argument(
        "--scenario",
        default=None,
        metavar="NAME",
        help="price the plan's scenario NAME (the base plan with its overrides; "
        "see the scenarios command)",
    )
    p.add_argument(
        "--monte-carlo",
        type=int,
        default=0,
        metavar="N",
        help="draws for the Monte Carlo (0: none)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=PLAN_MONTE_CARLO_SEED,
        help="Monte Carlo seed (default: the plan's, as the app and the PDF)",
    )
    add_language_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--xlsx",
        type=Path,
        default=None,
        metavar="OUT",
        help="also write the option table (the JSON's figures) to an .xlsx workbook",
    )
    p.set_defaults(func=run)


def _parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def apply_overrides(project: Project, overrides: list[str]) -> Project:
    """Apply ``dotted.field=value`` settings; ``CliError`` names a bad one."""
    if not overrides:
        return project
    data = project.model_dump(mode="json")
    for item in overrides:
        path, sep, raw = item.partition("=")
        if not sep or not path:
            raise CliError(f"--set needs FIELD=VALUE, got {item!r}")
        node: Any = data
        parts = path.split(".")
        for part in parts[:-1]:
            if isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            elif isinstance(node, dict) and part in node:
                node = node[part]
            else:
                raise CliError(f"--set: unknown field {path!r}")
        leaf = parts[-1]
        if isinstance(node, dict) and leaf in node:
            node[leaf] = _parse_value(raw)
        elif isinstance(node, list) and leaf.isdigit() and int(leaf) < len(node):
            node[int(leaf)] = _parse_value(raw)
        else:
            raise CliError(f"--set: unknown field {path!r}")
    try:
        return Project.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(x) for x in err["loc"])
        raise CliError(f"--set: invalid value for {loc}: {err['msg']}") from None


def scenario_plan(project: Project, name: str) -> Project:
    """The plan of scenario ``name``; ``CliError`` lists the known names."""
    try:
        index = find_scenario(project, name)
    except KeyError:
        known = ", ".join(repr(s.name) for s in project.scenarios) or "none"
        raise CliError(
            f"--scenario: no scenario named {name!r} (scenarios: {known})"
        ) from None
    return apply_scenario(project, project.scenarios[index])


def _options_json(
    cost: CostResult, lang: Language, ranks: dict[OptionId, int | None]
) -> list[dict[str, Any]]:
    """Each option in the engine's table order, with its ``rank``."""
    return [
        {
            "id": o.id.value,
            "total_cny": o.total_cny,
            "monthly_cny": o.monthly_cny,
            "cumulative_cny": o.cumulative_cny,
            "npv_cny": o.npv_cny,
            "capex_cny": o.capex_cny,
            "opex_cny": o.opex_cny,
            "cost_per_useful_gpu_hour_cny": o.cost_per_useful_gpu_hour_cny,
            "utilization": o.utilization,
            "gpus": o.gpus,
            "breakdown": o.breakdown,
            "feasible": o.feasible,
            "infeasible_code": o.infeasible_code or None,
            "reason": text_or_empty(o.reason, lang) or None,
            "same_as": o.same_as.value if o.same_as else None,
            "rank": ranks[o.id],
            "at_risk_cny": o.at_risk_cny,
            "upfront_cny": o.upfront_cny,
            "deposit_cny": o.deposit_cny,
            "residual_value_cny": o.residual_value_cny,
            "book_value_cny": o.book_value_cny,
            "includes": text_or_empty(o.includes, lang),
            "horizon_end": (
                o.horizon_end.model_dump(mode="json") if o.horizon_end else None
            ),
        }
        for o in cost.options
    ]


def to_json(ev: Evaluation, lang: Language) -> dict[str, Any]:
    """The JSON document printed with ``--json``.

    Each option's reason and scope, and the recommendation's reasons and
    warnings, are worded in ``lang`` (with their codes); every other message
    (the VAT note, the hybrid's reason, the tornado's labels) keeps its code
    and values and gets a ``text`` in ``lang`` beside them.
    """
    cost = ev.cost
    rec = cost.recommendation
    rows = ranking(cost)  # the order and ranks every option table shows
    ranks = {row.option.id: row.rank for row in rows}
    doc: dict[str, Any] = {
        "gpu_id": cost.gpu_id,
        "horizon_months": cost.horizon_months,
        "currency": cost.currency.model_dump(mode="json"),
        "demand_gpu_hours": cost.demand_gpu_hours,
        "demand_source": cost.demand_source,
        "options": _options_json(cost, lang, ranks),
        "ranking": [row.option.id.value for row in rows],
        "break_even": cost.break_even.model_dump(mode="json"),
        "commitment": commitment_json(ev),
        "hybrid": cost.hybrid.model_dump(mode="json") if cost.hybrid else None,
        "spot_job": cost.spot_job.model_dump(mode="json") if cost.spot_job else None,
        "tornado": [b.model_dump(mode="json") for b in cost.tornado],
        "work": cost.work.model_dump(mode="json") if cost.work else None,
        "serving": cost.serving.model_dump(mode="json") if cost.serving else None,
        "budget_cap": cost.budget_cap.model_dump(mode="json")
        if cost.budget_cap
        else None,
        "recommendation": {
            "option": rec.option.value if rec.option is not None else None,
            "complete": rec.complete,
            "limits": [
                {"code": a.code, "message": words.text(a, lang), "inputs": a.inputs}
                for a in rec.limits
            ],
            "mix_detail": rec.mix_detail.model_dump(mode="json")
            if rec.mix_detail
            else None,
            "reasons": [
                {"code": a.code, "message": words.text(a, lang), "inputs": a.inputs}
                for a in rec.reasons
            ],
            "warnings": [
                {"code": a.code, "message": words.text(a, lang), "inputs": a.inputs}
                for a in cost.warnings
            ],
        },
    }
    if ev.monte_carlo is not None:
        mc = ev.monte_carlo
        doc["monte_carlo"] = {
            "draws": mc.draws,
            "seed": mc.seed,
            "percentiles": {k.value: v.model_dump() for k, v in mc.percentiles.items()},
            "p_own_beats_rent": mc.p_own_beats_rent,
        }
    if isinstance(ev, PlanEvaluation):
        doc["plan"] = _plan_json(ev)
        doc["candidates"] = candidates_json(ev)
        decisive = ev.decisive
        doc["decisive"] = None if decisive is None else decisive.model_dump(mode="json")
    return dict(words.worded(doc, lang))


def commitment_json(ev: Evaluation) -> dict[str, Any] | None:
    """The commitment discounts against their named list prices."""
    found = [e for e in ev.cost.explanations if e.key == COMMITMENT]
    if not found:
        return None
    refs = {r.name: r.value for r in found[0].inputs}
    return {
        "yearly_price_factor": refs.get("budget.yearly_price_factor"),
        "yearly_list_price": "monthly_cny_per_gpu_month",
        "yearly_cny_per_gpu_month": refs.get(
            "cost.commitment.yearly_cny_per_gpu_month"
        ),
        "yearly_share_of_on_demand": refs.get(COMMITMENT),
        "spot_price_factor": refs.get("budget.spot_price_factor"),
        "spot_list_price": "on_demand_cny_per_gpu_hour",
    }


def _plan_json(ev: PlanEvaluation) -> dict[str, Any]:
    """Sizing and vendor scores of the plan, as the steps and the PDF show them."""
    cluster, compute = ev.sizing.cluster, ev.sizing.compute
    scoring = ev.vendors.scoring
    return {
        "gpus": cluster.gpus,
        "network_id": cluster.network_needed_id or cluster.network_id,
        "mfu": compute.mfu,
        "mfu_source": compute.mfu_source,
        "vendors": []
        if scoring is None
        else [
            {"vendor": v.vendor, "rank": v.rank, "total": v.total}
            for v in scoring.vendors
        ],
    }


def _text(ev: Evaluation, lang: Language) -> str:
    cost = ev.cost
    cur = cost.currency
    unit = cur.code
    lines = [
        words.say(
            "cli.cost.heading",
            lang,
            gpu=cost.gpu_id,
            months=cost.horizon_months,
            hours=sum(cost.demand_gpu_hours),
            currency=unit,
        )
    ]
    if unit != "CNY":
        lines.append(
            f"1 {unit} = {cur.cny_per_unit} CNY ({cur.as_of or '-'}, {cur.source})"
        )
    per_hour = words.say("cli.cost.per_gpu_hour", lang)
    for row in ranking(cost):  # the budget step's and the PDF's ranking
        o = row.option
        per = o.cost_per_useful_gpu_hour_cny
        per_txt = "-" if per is None else f"{to_display(per, cur.cny_per_unit):,.2f}"
        # the hosted API bills tokens: no card-hours, so no utilisation
        util = "-" if o.utilization is None else f"{o.utilization:.0%}"
        mark = rank_mark(o, lang, detail=True)
        flag = "  " + words.say("words.brackets", lang, x=mark) if mark else ""
        rank = "★1" if row.rank == 1 else "-" if row.rank is None else str(row.rank)
        lines.append(
            f"{rank:>3} {pad(option_in_sentence(o.id, lang), 34)}{to_display(o.total_cny, cur.cny_per_unit):>16,.0f}"
            f"  {per_txt:>10}/{per_hour}  {util:>6}{flag}"
        )
    lines.extend(_decision_lines(cost, lang))
    lines.extend(_serving_lines(cost, lang))
    shown = shown_warnings(ev).advice  # the review step's and the PDF's list
    if shown:
        lines.append(words.say("cli.cost.warnings", lang))
        lines.extend(f"  ! {words.text(a, lang)}" for a in shown)
    if isinstance(ev, PlanEvaluation):
        lines.extend(candidates_lines(ev, lang))
        lines.extend(_decisive_lines(ev, lang))
    if ev.monte_carlo is not None:
        mc = ev.monte_carlo
        lines.append(
            words.say(
                "cli.cost.monte_carlo", lang, draws=mc.draws, p=mc.p_own_beats_rent
            )
        )
    return "\n".join(lines)


def _serving_lines(cost: CostResult, lang: Language) -> list[str]:
    """Each option's serving cost per million output and input tokens."""
    serving = cost.serving
    if serving is None:
        return []
    rate = cost.currency.cny_per_unit
    lines = [words.say("cli.cost.serving", lang, month=serving.start_month,
                       currency=cost.currency.code)]  # fmt: skip
    for o in serving.options:
        lines.append(
            f"    {pad(option_in_sentence(o.id, lang), 34)}"
            f"{to_display(o.cny_per_million_output_tokens, rate):>12,.2f}"
            f"{to_display(o.cny_per_million_input_tokens, rate):>12,.2f}"
        )
    for q in serving.hosted:
        mark = "" if q.reason is None else "  " + words.say("cli.cost.hosted_not", lang)
        lines.append(
            f"    {pad(q.id, 34)}"
            f"{to_display(q.cny_per_million_output_tokens, rate):>12,.2f}"
            f"{to_display(q.cny_per_million_input_tokens, rate):>12,.2f}"
            f"  {words.say('cli.cost.hosted_total', lang)} "
            f"{to_display(q.total_cny, rate):,.0f}{mark}"
        )
    if serving.hosted_none is not None:
        lines.append("    " + words.text(serving.hosted_none, lang))
    return lines


def _decision_lines(cost: CostResult, lang: Language) -> list[str]:
    """Break-even, the recommendation (or the cheapest, when the totals are
    not the job's cost), the budget cap and the reasons."""
    lines: list[str] = []
    be = cost.break_even
    if be.owned_option is not None:
        util = "-" if be.utilization is None else f"{be.utilization:.0%}"
        month = "-" if be.month is None else str(be.month)
        lines.append(
            words.say("cli.cost.break_even", lang, utilization=util, month=month)
        )
        book = _book_value(cost.options, be.owned_option)
        if book is not None:
            lines.append(" " + words.text(book, lang).strip())
    rec = cost.recommendation
    if rec.option is None:  # nothing feasible: the reasons name the constraint
        lines.append(words.say("cli.cost.none_feasible", lang))
    elif rec.complete:
        option = option_in_sentence(rec.option, lang)
        lines.append(words.say("cli.cost.recommendation", lang, option=option))
    else:  # the totals are not the job's cost: say so first, recommend nothing in total
        lines.extend(f"!! {words.text(a, lang)}" for a in rec.limits)
        lines.append(
            words.say("work.cheapest_label", lang)
            + option_in_sentence(rec.option, lang)
        )
    if cost.budget_cap is not None:
        lines.append(f"  {words.text(cost.budget_cap.message, lang)}")
    lines.extend(f"  - {words.text(a, lang)}" for a in rec.reasons)
    return lines


def _book_value(options: list[OptionResult], owned: OptionId) -> Message | None:
    """The owned option's book value beside its resale value, as its
    "what the total includes" sentence words it (``cost.includes.book_value``)."""

    def find(m: object) -> Message | None:
        if isinstance(m, Message):
            if m.code == "cost.includes.book_value":
                return m
            for value in m.params.values():
                found = find(value)
                if found is not None:
                    return found
        return None

    for o in options:
        if o.id is owned:
            return find(o.includes)
    return None


def _decisive_lines(ev: PlanEvaluation, lang: Language) -> list[str]:
    """Page 1's decisive inputs: name, as planned, range, where the decision flips."""
    rows = decisive_rows(ev.decisive, lang)
    if not rows:
        return (
            [report_words("page1.none_decisive", lang)]
            if ev.decisive is not None
            else []
        )
    sep = words.say("words.colon", lang)
    lines = [report_words("page1.sensitive", lang) + sep.rstrip()]
    for name, planned, span, flip in rows:
        within = words.say("words.aside", lang, x=span)
        lines.append(f"  {name}{sep}{planned}{within} → {flip}")
    return lines


def run(args: argparse.Namespace) -> int:
    """Load, override, evaluate, print."""
    try:
        project = load_project(args.project)
    except ProjectFileError as exc:
        raise CliError(str(exc).splitlines()[0] if str(exc) else repr(exc)) from None
    if args.scenario is not None:
        project = scenario_plan(project, args.scenario)
    project = apply_overrides(project, args.overrides)
    if not 0 <= args.monte_carlo <= MAX_DRAWS:
        raise CliError(f"--monte-carlo must be between 0 and {MAX_DRAWS}")
    try:
        ev = evaluate_plan(
            project,
            load_catalog(),
            monte_carlo=args.monte_carlo > 0,
            draws=max(args.monte_carlo, 1),
            seed=args.seed,
        )
    except KeyError as exc:
        raise CliError(f"unknown catalog id: {exc.args[0]}") from None
    lang = Language(args.lang) if args.lang else project.meta.language
    if args.xlsx is not None:
        try:
            write_option_table(
                ev,
                args.xlsx,
                language=lang.value,
                source_words=lambda s: source_text(s, lang),
                name_words=lambda n: input_name(n, lang),
                unit_words=lambda u: unit_text(u, lang),
            )
        except OSError as exc:
            raise CliError(
                f"{args.xlsx}: cannot write ({exc.strerror or exc})"
            ) from None
    currency = ev.cost.currency  # the sentences' amounts in the plan's currency
    with amounts_in(currency.code, currency.cny_per_unit):
        if args.json:
            print_json(to_json(ev, lang))
        else:
            print(_text(ev, lang))
    return 0
