"""The candidate GPUs at cost in ``gpu-advisor-cli cost``: JSON and text.

The rows are :attr:`PlanEvaluation.candidate_costs`, as the workload step and
the PDF show them: a candidate that cannot run the job as planned says why
and its total is not compared; the cheapest that can run is marked.
"""

from __future__ import annotations

from typing import Any

from gpu_advisor import words
from gpu_advisor.engine.api import PlanEvaluation, to_display
from gpu_advisor.model.common import Language
from gpu_advisor.words.terms import option_in_sentence


def candidates_json(ev: PlanEvaluation) -> list[dict[str, Any]]:
    """Each candidate's row (its ``reason`` worded by :func:`words.worded`)."""
    return [row.model_dump(mode="json") for row in ev.candidate_costs]


def candidates_lines(ev: PlanEvaluation, lang: Language) -> list[str]:
    """A heading and one line per candidate: cards, cheapest option and total,
    and whether it can run (why not, in words); nothing for one candidate."""
    rows = ev.candidate_costs
    if len(rows) < 2:
        return []
    rate = ev.cost.currency.cny_per_unit
    colon = words.say("words.colon", lang).rstrip()
    lines = [words.say("candidate.heading", lang) + colon]
    for row in rows:
        if row.reason is not None:
            status = words.text(row.reason, lang)
        else:
            status = words.say(
                "candidate.runs_cheapest" if row.cheapest else "candidate.runs", lang
            )
        option = (
            "-"
            if row.cheapest_option is None or not row.feasible
            else option_in_sentence(row.cheapest_option, lang)
        )
        total = (
            "-"
            if row.cheapest_total_cny is None or not row.feasible
            else f"{to_display(row.cheapest_total_cny, rate):,.0f}"
        )
        cards = words.say("unit.card", lang, n=row.gpus)
        lines.append(
            f"  {row.gpu_id:<16} {cards:>10}  {option:<34} {total:>14}  {status}"
        )
    return lines
