"""Candidate GPUs and owned fleets that cannot run the job are never priced as if
they could (issue [feasible], "Candidates and owned fleets that cannot run the job").

Each reproduction of the issue is a test with its corrected outcome:

- LAB with a 70B model fits on no card count of any candidate: nothing is
  recommended, and the reason names the constraint and what makes it fit;
- the plan's own card, L40S at 8 cards where 13 are needed: nothing is
  recommended, and the reason says how many cards to add;
- SH as shipped: L40S at 8 cards (13 needed) was the cheapest candidate with
  no mark; it is now not feasible, with the reason, and never the cheapest;
- owned options that buy fewer cards than the job runs on at once are out,
  with the count they would need.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gpu_advisor import words
from gpu_advisor.cli.cost import apply_overrides
from gpu_advisor.engine.cost.feasibility import (
    JOB_FITS_NOWHERE,
    JOB_TOO_FEW_CARDS,
    OWNED_BELOW_JOB,
    candidate_reason,
)
from gpu_advisor.engine.evaluate import PlanEvaluation, evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Message
from gpu_advisor.model.project import OptionId, Project
from tests.property_runs import examples

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
LAB = EXAMPLES / "lab_64_gpus_three_years.gpuplan"
SH = EXAMPLES / "shanghai_13b_finetune.gpuplan"
SZ = EXAMPLES / "shenzhen_7b_pretrain_then_serve.gpuplan"
CATALOG = load_catalog()


def _evaluate(path: Path, *overrides: str) -> PlanEvaluation:
    project = apply_overrides(load_project(path), list(overrides))
    return evaluate_plan(project, CATALOG, monte_carlo=False)


def test_a_70b_that_fits_on_no_card_count_gets_no_recommendation() -> None:
    ev = _evaluate(LAB, "workload.model_preset=llama2-70b")
    assert ev.sizing.cluster.min_gpus is None
    cost = ev.cost
    # before: "reserved baseline plus bursts", 12,603,438 CNY
    assert cost.recommendation.option is None
    assert all(not o.feasible for o in cost.options)
    assert {o.infeasible_code for o in cost.options} == {JOB_FITS_NOWHERE}
    first = cost.recommendation.reasons[0]
    assert first.code == "recommend.none_can_run"
    # the constraint and what relaxes it: tp=4 with sequence parallelism, 24 cards
    en = words.text(first, "en")
    assert "A100-80GB-SXM" in en
    assert "tp=4" in en
    assert "24 cards" in en
    assert "24 张卡" in words.text(first, "zh")
    # no candidate fits either: none is cheapest, each says why
    rows = ev.candidate_costs
    assert [r.gpu_id for r in rows] == ["A100-80GB-SXM", "H100-80GB-SXM", "L40S"]
    assert all(not r.feasible and not r.cheapest for r in rows)
    assert all(r.reason is not None for r in rows)
    assert {r.reason.code for r in rows if r.reason} == {"candidate.fits_nowhere"}


def test_the_plans_own_card_with_too_few_cards_gets_no_recommendation() -> None:
    ev = _evaluate(LAB, "workload.gpu_id=L40S", "workload.gpus=8")
    assert ev.sizing.cluster.min_gpus == 13
    rec = ev.cost.recommendation
    assert rec.option is None
    assert {o.infeasible_code for o in ev.cost.options} == {JOB_TOO_FEW_CARDS}
    first = rec.reasons[0]
    assert first.code == "recommend.none_can_run"
    why = first.params["why"]
    assert isinstance(why, Message)
    assert why.params == {
        "gpu": "L40S",
        "gpus": 8,
        "min_gpus": 13,
        "more": 5,
    }
    assert "at least 13" in words.text(first, "en")
    assert "add 5 cards" in words.text(first, "en")
    assert "13" in words.text(first, "zh")


def test_sh_l40s_at_8_cards_is_not_the_cheapest_candidate() -> None:
    ev = _evaluate(SH)
    rows = {r.gpu_id: r for r in ev.candidate_costs}
    l40s = rows["L40S"]
    # before: 79,122 CNY, cheaper than A100's 91,470 with no "does not fit" mark
    assert l40s.min_gpus == 13
    assert l40s.gpus == 8
    assert not l40s.feasible
    assert not l40s.cheapest
    assert l40s.reason is not None
    assert l40s.reason.code == "candidate.too_few_cards"
    assert l40s.reason.params == {"min_gpus": 13, "gpus": 8}
    assert "13" in words.text(l40s.reason, "en")
    assert "13" in words.text(l40s.reason, "zh")
    # cannot run at all: nothing is priced for it
    assert l40s.cheapest_total_cny is None
    cheapest = [r for r in ev.candidate_costs if r.cheapest]
    assert [r.gpu_id for r in cheapest] == ["A100-80GB-SXM"]
    assert rows["A100-80GB-SXM"].cheapest_total_cny == pytest.approx(
        102_516 / 1.06 + 1_000, abs=1
    )  # monthly rental, the plan's recommendation, net of 6 % input VAT, and
    # (issue #29) the 8 rented cards' staff: 0.25 FTE per 100 cards, no VAT


def test_lab_at_8_cards_l40s_is_out_and_a100_is_cheapest() -> None:
    ev = _evaluate(LAB, "workload.gpus=8")
    rows = {r.gpu_id: r for r in ev.candidate_costs}
    assert not rows["L40S"].feasible
    assert rows["L40S"].reason is not None
    assert rows["L40S"].reason.code == "candidate.too_few_cards"
    assert [r.gpu_id for r in ev.candidate_costs if r.cheapest] == ["A100-80GB-SXM"]
    # the plan's own card still runs: a recommendation stays
    assert ev.cost.recommendation.option is not None


@pytest.mark.parametrize("path", [LAB, SZ])
def test_owned_options_below_the_jobs_cards_are_out(path: Path) -> None:
    ev = _evaluate(path, "budget.owned_gpus=11")
    by_id = {o.id: o for o in ev.cost.options}
    for oid in (OptionId.SELF_BUILD, OptionId.COLOCATION):
        o = by_id[oid]
        # before: feasible, 11 cards bought, idle while the 64-card job runs
        assert not o.feasible
        assert o.infeasible_code == OWNED_BELOW_JOB
        assert o.reason is not None
        assert o.reason.params == {"gpus": 11, "needed": 64}
        assert "at least 64" in words.text(o.reason, "en")
        assert "64" in words.text(o.reason, "zh")
    assert ev.cost.recommendation.option not in (
        OptionId.SELF_BUILD,
        OptionId.COLOCATION,
    )


def test_owned_options_with_the_jobs_cards_stay_feasible() -> None:
    ev = _evaluate(LAB, "budget.owned_gpus=64")
    by_id = {o.id: o for o in ev.cost.options}
    assert by_id[OptionId.SELF_BUILD].feasible
    assert by_id[OptionId.COLOCATION].feasible


def test_a_candidate_that_misses_the_deadline_is_not_compared() -> None:
    # SH's job takes 2.8 days on 8 A100s, 1.1 on 8 H100s, 5.5 on L40S
    ev = _evaluate(SH, "workload.deadline_days=2")
    rows = {r.gpu_id: r for r in ev.candidate_costs}
    a100 = rows["A100-80GB-SXM"]
    assert not a100.feasible
    assert a100.reason is not None
    assert a100.reason.code in {
        "candidate.misses_deadline",
        "candidate.misses_deadline_any",
    }
    assert rows["H100-80GB-SXM"].feasible
    assert [r.gpu_id for r in ev.candidate_costs if r.cheapest] == ["H100-80GB-SXM"]


def test_candidate_reason_codes() -> None:
    assert candidate_reason(None, 8, 1.0, None, None, 1.0, True) is not None
    assert candidate_reason(5, 8, 10.0, None, None, 1.0, True) is None
    too_few = candidate_reason(13, 8, 10.0, None, None, 1.0, True)
    assert too_few is not None
    assert too_few.code == "candidate.too_few_cards"
    late = candidate_reason(5, 8, 10.0, 5.0, 16, 1.0, True)
    assert late is not None
    assert late.code == "candidate.misses_deadline"
    assert late.params == {"days": 10.0, "deadline": 5.0, "gpus": 8, "needed": 16}
    part = candidate_reason(5, 8, 10.0, None, None, 0.5, True)
    assert part is not None
    assert part.code == "candidate.incomplete"
    none = candidate_reason(5, 8, 10.0, None, None, 1.0, False)
    assert none is not None
    assert none.code == "candidate.no_option"


# --- properties ----------------------------------------------------------------


@st.composite
def _plans(draw: st.DrawFn) -> Project:
    """SH or LAB with a model, a card, a card count and a deadline drawn."""
    base = draw(st.sampled_from([SH, LAB]))
    overrides = [
        "workload.model_preset="
        + draw(st.sampled_from(["llama2-7b", "llama2-13b", "llama2-70b"])),
        "workload.gpu_id="
        + draw(st.sampled_from(["A100-80GB-SXM", "H100-80GB-SXM", "L40S"])),
        "workload.gpus=" + draw(st.sampled_from(["null", "4", "8", "16", "64"])),
        "workload.deadline_days=" + draw(st.sampled_from(["null", "2", "30", "400"])),
        "budget.owned_gpus=" + draw(st.sampled_from(["null", "8", "11", "64"])),
    ]
    return apply_overrides(load_project(base), overrides)


@settings(
    max_examples=examples(ci=12, deep=150),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@example(apply_overrides(load_project(SH), []))
@example(apply_overrides(load_project(LAB), ["workload.model_preset=llama2-70b"]))
@example(apply_overrides(load_project(LAB), ["workload.gpus=8"]))
@given(_plans())
def test_no_infeasible_candidate_is_cheapest_and_the_choice_can_run(
    project: Project,
) -> None:
    ev = evaluate_plan(project, CATALOG, monte_carlo=False)
    rows = ev.candidate_costs
    feasible = [r for r in rows if r.feasible]
    cheapest = [r for r in rows if r.cheapest]
    assert len(cheapest) == (1 if feasible else 0)
    for r in rows:
        assert r.feasible == (r.reason is None)
        if r.cheapest:
            assert r.feasible
            assert r.cheapest_total_cny is not None
            assert all(
                r.cheapest_total_cny <= o.cheapest_total_cny
                for o in feasible
                if o.cheapest_total_cny is not None
            )
        if r.min_gpus is None or r.gpus < r.min_gpus:
            assert not r.feasible
            assert r.cheapest_total_cny is None
    chosen = ev.cost.recommendation.option
    if chosen is not None:
        cluster = ev.sizing.cluster
        job_gpus = cluster.gpus_for_deadline or cluster.gpus
        assert cluster.min_gpus is not None
        assert cluster.min_gpus <= job_gpus
        option = next(o for o in ev.cost.options if o.id is chosen)
        assert option.feasible
        if chosen in (OptionId.SELF_BUILD, OptionId.COLOCATION):
            assert option.infeasible_code != OWNED_BELOW_JOB


def test_candidates_of_a_serving_plan_are_served_on_each_card() -> None:
    """Each candidate prices the plan with that card, serving included: its
    replica, its cards at the busiest hour and its cost per million output
    tokens are that card's (the plan's own card matches the plan)."""
    plan = load_project(EXAMPLES / "shenzhen_7b_pretrain_then_serve.gpuplan")
    ev = evaluate_plan(plan, load_catalog(), monte_carlo=False)
    rows = {r.gpu_id: r for r in ev.candidate_costs}
    own = rows[plan.workload.gpu_id]
    serving = ev.cost.serving
    assert serving is not None
    assert ev.sizing.serving is not None
    assert own.serving_replica_gpus == ev.sizing.serving.per_replica.gpus
    assert own.serving_peak_gpus == serving.peak_gpus
    chosen = ev.cost.recommendation.option
    assert chosen is not None
    figure = serving.option(chosen)
    assert figure is not None
    assert own.cny_per_million_output_tokens == figure.cny_per_million_output_tokens
    others = [r for g, r in rows.items() if g != plan.workload.gpu_id]
    assert others
    for row in others:  # sized on their own card, not copied from the plan's
        assert row.serving_peak_gpus is not None or row.reason is not None
    assert len({r.serving_peak_gpus for r in rows.values()}) > 1
