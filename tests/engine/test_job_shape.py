"""Reserved contracts and owned fleets hold the cards the job runs on (issue [feasible])."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.cost.mix import best_policy, price_mix
from gpu_advisor.engine.cost.price import (
    job_floor,
    make_params,
    owned_split,
    price_monthly,
    price_on_demand,
    price_yearly,
    reserved_cards,
)
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH, resolve, with_spot_job
from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import OptionId, Project
from tests.property_runs import examples

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"


def test_the_lab_reserves_its_64_card_job_not_the_61_cards_its_hours_fill() -> None:
    ev = evaluate_plan(
        load_project(EXAMPLES / "lab_64_gpus_three_years.gpuplan"),
        load_catalog(),
        monte_carlo=False,
    )
    cost = ev.cost
    assert ev.sizing.cluster.gpus == 64
    for option in (OptionId.MONTHLY, OptionId.YEARLY):
        assert cost.option(option).gpus == 64
    # 64 cards × 730 h × 36 months at the yearly price, over 61 before
    yearly = cost.option(OptionId.YEARLY)
    assert yearly.billed_gpu_hours == 64 * HOURS_PER_MONTH * 36
    assert cost.option(OptionId.SELF_BUILD).gpus >= 64


@settings(max_examples=examples(ci=40, deep=400), deadline=None)
@given(
    hours=st.lists(st.floats(0, 80 * HOURS_PER_MONTH), min_size=1, max_size=24),
    job=st.integers(1, 80),
    runs=st.lists(st.booleans(), min_size=1, max_size=24),
    owned=st.integers(0, 96),
)
def test_job_months_hold_whole_servers_for_the_job(
    hours: list[float], job: int, runs: list[bool], owned: int
) -> None:
    p = make_params(with_spot_job(resolve(Project(), load_catalog()), job, tuple(runs)))
    d = np.array([hours])
    cards = reserved_cards(p, d)[0]
    floor = job_floor(p)
    assert floor >= job
    for month, (h, held) in enumerate(zip(hours, cards, strict=True)):
        assert held * HOURS_PER_MONTH >= h - 1e-6  # every hour has a card
        if month < len(runs) and runs[month] and h > 1e-3:
            assert held >= floor
            if job > p.gpus_per_server:
                assert held % p.gpus_per_server == 0
    base, rest = owned_split(p, d, owned)
    np.testing.assert_allclose(base + rest, d)
    assert np.all(base <= owned * HOURS_PER_MONTH + 1e-6)
    if owned < floor:  # fewer owned cards than the job: its months are rented whole
        for month, running in enumerate(runs[: len(hours)]):
            if running and job > 1:
                assert base[0, month] == 0


def test_the_lab_mix_reserves_the_whole_job_or_nothing() -> None:
    cost = evaluate_plan(
        load_project(EXAMPLES / "lab_64_gpus_three_years.gpuplan"),
        load_catalog(),
        monte_carlo=False,
    ).cost
    mix = cost.recommendation.mix_detail
    detail = cost.option(OptionId.MIX)
    # before: 61 yearly cards topped up by 3 on-demand ones, 12,603,438 CNY,
    # a plan the 64-card job cannot run; now the mix is the yearly commitment
    assert detail.gpus == 64
    assert detail.same_as is OptionId.YEARLY
    assert detail.total_cny == cost.option(OptionId.YEARLY).total_cny
    assert mix is None or set(mix.baseline_gpus) <= {0, 64}


@settings(max_examples=examples(ci=30, deep=300), deadline=None)
@given(
    job=st.integers(2, 40),
    use=st.lists(st.floats(0.05, 1.0), min_size=2, max_size=14),
)
def test_a_mix_reserves_no_card_a_job_month_cannot_use(
    job: int, use: list[float]
) -> None:
    """In a month the job runs, the mix reserves none or at least the job's
    cards, and it is never dearer than pure on-demand, monthly or yearly
    rental, its corner cases."""
    runs = tuple(True for _ in use)
    p = make_params(with_spot_job(resolve(Project(), load_catalog()), job, runs))
    floor = job_floor(p)
    d = np.array([[u * floor * HOURS_PER_MONTH for u in use]])
    policy = best_policy(p, d, allow_spot=False)
    assert all(n == 0 or n >= floor for n in policy.baseline_gpus)
    mix = float(price_mix(p, d, policy).cash[0].sum())
    for price in (price_on_demand, price_monthly, price_yearly):
        assert mix <= float(price(p, d).cash[0].sum()) + 1e-6
