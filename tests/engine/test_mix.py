"""The cheapest mix: exact search, never dearer than a pure renting option."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.cost.mix import (
    HYBRID_GRID,
    MixPolicy,
    best_policy,
    hybrid_candidates,
    price_mix,
)
from gpu_advisor.engine.cost.price import _billable, clean_demand, price_pure_options
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH
from gpu_advisor.model.project import OptionId
from tests.engine._cost_helpers import OLD_BOOK, flat, params

RENT = (OptionId.ON_DEMAND, OptionId.MONTHLY, OptionId.YEARLY, OptionId.SPOT)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.floats(0, 40 * HOURS_PER_MONTH), min_size=1, max_size=30),
    st.floats(2, 60),
    st.floats(500, 30000),
    st.floats(0.5, 1.0),
    st.booleans(),
    st.sampled_from([1.0, 0.25, 24.0, 744.0]),
)
def test_mix_never_dearer_than_cheapest_pure_renting(
    hours, od, monthly, yf, ckpt, gran
):
    p = params(
        on_demand_cny_per_gpu_hour=od,
        monthly_cny_per_gpu_month=monthly,
        yearly_price_factor=yf,
        checkpointing=ckpt,
        billing_granularity_hours=gran,
    )
    d = np.array([hours])
    pure = price_pure_options(p, d, 1, list(RENT))
    cheapest = min(a.total[0] for a in pure.values() if a.feasible)
    mix = price_mix(p, d, best_policy(p, d))
    assert mix.total[0] <= cheapest * (1 + 1e-9) + 1e-6


def test_exact_search_matches_brute_force_yearly():
    p = params(shared_storage_tb=0, egress_tb_per_month=0, public_bandwidth_mbps=0)
    hours = [
        3.5 * HOURS_PER_MONTH,
        0.2 * HOURS_PER_MONTH,
        5 * HOURS_PER_MONTH,
        1 * HOURS_PER_MONTH,
    ]
    d = np.array([hours])
    best = price_mix(p, d, best_policy(p, d)).total[0]
    brute = min(
        price_mix(p, d, MixPolicy(kind, (n,) * 4, burst)).total[0]
        for kind, burst, n in itertools.product(
            (OptionId.YEARLY,), (OptionId.ON_DEMAND, OptionId.SPOT), range(7)
        )
    )
    assert best <= brute + 1e-6


def test_peaky_demand_mixes_baseline_and_bursts():
    """Seed 001: baseline on reserved cards, bursts elastic; cheaper than all on-demand."""
    p = params(**OLD_BOOK)
    hours = [8 * HOURS_PER_MONTH] * 12
    hours[3] = 40 * HOURS_PER_MONTH
    d = np.array([hours])
    policy = best_policy(p, d)
    assert policy.baseline_kind is OptionId.YEARLY
    assert 0 < max(policy.baseline_gpus) < 40
    mix = price_mix(p, d, policy).total[0]
    on_demand = price_pure_options(p, d, 1, [OptionId.ON_DEMAND])[
        OptionId.ON_DEMAND
    ].total[0]
    assert mix < 0.75 * on_demand


def test_flat_full_year_reserves_everything():
    p = params(**OLD_BOOK)
    policy = best_policy(p, flat(8, 12))
    assert policy.baseline_gpus == (8,) * 12


# --- issue #11: the mix respects what each phase tolerates -------------------


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(0, 40 * HOURS_PER_MONTH), st.booleans()),
        min_size=1,
        max_size=24,
    ),
    st.floats(2, 60),
    st.floats(500, 30000),
)
def test_no_spot_hours_in_months_that_forbid_spot(months, od, monthly):
    p = params(on_demand_cny_per_gpu_hour=od, monthly_cny_per_gpu_month=monthly)
    hours = [h for h, _ in months]
    forbidden = tuple(f for _, f in months)
    d = np.array([hours])
    policy = best_policy(p, d, spot_forbidden=forbidden)
    # demand only in the forbidden months: nothing may be priced as spot there
    only_forbidden = np.array([[h if f else 0.0 for h, f in months]])
    priced = price_mix(p, only_forbidden, policy)
    assert priced.lines["interruption_overhead"][0] == 0.0
    n = np.asarray(policy.baseline_gpus, dtype=np.float64)
    burst_h = np.maximum(clean_demand(only_forbidden)[0] - n * HOURS_PER_MONTH, 0.0)
    od_cost = float(
        (p.od[0, 0] * _billable(burst_h[None, :], p.granularity_hours)).sum()
    )
    assert priced.lines["burst"][0] == pytest.approx(od_cost, rel=1e-9, abs=1e-6)


def test_serving_months_of_a_peaky_plan_burst_on_demand():
    p = params()
    hours = [40 * HOURS_PER_MONTH, 40 * HOURS_PER_MONTH, 8 * HOURS_PER_MONTH]
    hours += [8 * HOURS_PER_MONTH, 24 * HOURS_PER_MONTH, 8 * HOURS_PER_MONTH]
    forbidden = (False, False, True, True, True, True)
    d = np.array([hours])
    free = price_mix(p, d, best_policy(p, d))
    safe = price_mix(p, d, best_policy(p, d, spot_forbidden=forbidden))
    assert safe.total[0] >= free.total[0]
    policy = best_policy(p, d, spot_forbidden=forbidden)
    if policy.burst_kind is OptionId.SPOT:
        assert policy.spot_forbidden == forbidden


# --- issue #11: own the baseline, rent the rest ------------------------------


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.floats(0, 40 * HOURS_PER_MONTH), min_size=3, max_size=30),
    st.floats(4, 40),
    st.integers(1, 48),
    st.sampled_from([OptionId.COLOCATION, OptionId.SELF_BUILD]),
    st.lists(st.booleans(), min_size=0, max_size=30),
)
def test_hybrid_never_dearer_than_pure_owning_or_the_cheapest_rental(
    hours, od, fleet, option, forbidden
):
    """Issue #11: the hybrid is never dearer than pure owning of the fleet nor
    than the cheapest pure rental at the same demand (stronger than "not
    dearer than both")."""
    from gpu_advisor.engine.cost.mix import best_hybrid, price_hybrid
    from gpu_advisor.engine.cost.price import price_owned

    p = params(on_demand_cny_per_gpu_hour=od)
    d = np.array([hours])
    spot_forbidden = tuple(forbidden[: len(hours)])
    plan, total, owned, rented = best_hybrid(
        p, d, fleet, [option], spot_forbidden=spot_forbidden
    )
    assert total == pytest.approx(owned + rented)
    assert total == pytest.approx(price_hybrid(p, d, plan).total[0])
    assert 0 in plan.candidates
    assert fleet in plan.candidates
    pure = price_pure_options(p, d, fleet, list(RENT))
    if any(spot_forbidden):  # pure spot is not a feasible rental of such demand
        pure.pop(OptionId.SPOT)
    cheapest_rent = min(a.total[0] for a in pure.values() if a.feasible)
    assert total <= cheapest_rent + 1e-6
    # pure owning of the fleet, overflow on demand
    assert total <= price_owned(p, d, fleet, option).total[0] + 1e-6


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.floats(0, 40 * HOURS_PER_MONTH), min_size=1, max_size=30),
    st.lists(st.booleans(), max_size=30),
    st.integers(0, 48),
)
def test_totals_only_mix_and_hybrid_equal_the_full_pricing(hours, forbidden, fleet):
    """The Monte Carlo's fast path (``monthly=False``) gives the same totals."""
    from gpu_advisor.engine.cost.mix import best_hybrid, price_hybrid

    p = params()
    d = np.array([hours])
    policy = best_policy(p, d, spot_forbidden=tuple(forbidden))
    full = price_mix(p, d, policy).total[0]
    assert price_mix(p, d, policy, monthly=False).total[0] == pytest.approx(full)
    plan = best_hybrid(p, d, max(fleet, 1), [OptionId.COLOCATION])[0]
    whole = price_hybrid(p, d, plan).total[0]
    fast = price_hybrid(p, d, plan, monthly=False).total[0]
    assert fast == pytest.approx(whole, rel=1e-9, abs=1e-6)


def test_hybrid_candidates_of_a_demand_past_64_bit_counts() -> None:
    """A demand whose server count does not fit a 64-bit integer (found by the
    generated plans of tests/ui/test_one_warning_list.py) is tried on the even
    grid like any large fleet, not refused by numpy."""
    demand = np.array([[730.0 * 8e20, 730.0 * 8.0]])
    counts = hybrid_candidates(demand, 0)
    assert 8 in counts
    assert max(counts) >= 8e20
    assert len(counts) <= HYBRID_GRID + 16


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.integers(0, 30), min_size=24, max_size=24),
    st.floats(0, 12),
    st.integers(1, 40),
)
def test_a_hybrid_owns_the_bottom_of_each_serving_day(day, other, owned):
    """In a month that serves, the hybrid's owned cards run the hours of the
    day below them (``Σ min(cardsₕ, N) × 730 / 24``, no rental above them:
    the rest is the rented part's) and its rented part the hours above. Found
    by the workbook's reconciliation: the owned part's hours were read
    against the day again as if they were its top, and a 12-card fleet of the
    Shenzhen plan rented 786,849 CNY of phantom overflow on demand."""
    from dataclasses import replace

    from gpu_advisor.engine.cost.mix import HybridPlan, price_hybrid
    from gpu_advisor.engine.cost.price import make_params, price_owned
    from tests.engine._cost_helpers import resolved

    curve = tuple(c + other for c in day)
    plain = resolved()
    p = make_params(replace(plain, serving_day=(curve, curve)))
    per_month = sum(curve) * HOURS_PER_MONTH / 24
    d = np.array([[per_month, per_month]])
    below = sum(min(c, owned) for c in curve) * HOURS_PER_MONTH / 24
    base = np.array([[below, below]])
    policy = best_policy(p, d)
    plan = HybridPlan(OptionId.COLOCATION, owned, policy)
    hybrid = price_hybrid(p, d, plan)
    assert hybrid.lines["overflow_rental"][0] == 0.0
    own = price_owned(make_params(plain), base, owned, OptionId.COLOCATION)
    expected = own.total[0]
    if (d - base).max() > 1e-9:
        expected += price_mix(p, d - base, policy, addons=False).total[0]
    assert hybrid.total[0] == pytest.approx(expected, rel=1e-9, abs=1e-6)
