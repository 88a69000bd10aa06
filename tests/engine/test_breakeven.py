"""Break-even utilisation and month agree with the cost engine's own totals."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.cost.breakeven import (
    _flat_costs,
    break_even_month,
    break_even_utilization,
    compute_break_even,
    fixed_and_variable_cny,
)
from gpu_advisor.engine.cost.mix import best_policy, price_mix
from gpu_advisor.engine.cost.price import (
    make_params,
    price_on_demand,
    price_owned,
    price_pure_options,
    rental_totals,
)
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH, with_spot_job
from gpu_advisor.model.project import OptionId
from tests.engine._cost_helpers import OLD_BOOK, flat, params, resolved


def _u_star(p, gpus, months, option):
    own = price_owned(p, flat(gpus, months), gpus, option)
    f, v = fixed_and_variable_cny(own, p)
    addons = (
        float(
            (
                p.addon_storage_monthly
                + p.addon_egress_monthly
                + p.addon_bandwidth_monthly
            )[0, 0]
        )
        * months
    )
    capacity = gpus * HOURS_PER_MONTH * months
    return (
        break_even_utilization(f, v, addons, float(p.od[0, 0]), capacity),
        break_even_utilization(
            f, v, addons, float(p.monthly[0, 0]) / HOURS_PER_MONTH, capacity
        ),
        f,
        v,
    )


@settings(max_examples=60, deadline=None)
@given(
    st.integers(8, 128),
    st.integers(12, 60),
    st.floats(15, 60),
    st.sampled_from([OptionId.COLOCATION, OptionId.SELF_BUILD]),
)
def test_at_break_even_owning_and_on_demand_cost_the_same(gpus, months, od, option):
    # the affine model F + V U holds while the fleet is always renewed (a fleet
    # kept to the end of its life rents the months after: not affine)
    p = replace(params(on_demand_cny_per_gpu_hour=od), rentals=())
    u, _, _, _ = _u_star(p, gpus, months, option)
    if u is None or u < 0.05:
        return
    d = np.full((1, months), u * gpus * HOURS_PER_MONTH)
    own = price_owned(p, d, gpus, option).total[0]
    rent = price_on_demand(p, d).total[0]
    assert own == pytest.approx(rent, rel=0.01)


def test_at_break_even_owning_matches_monthly_price_per_hour():
    p = params()
    gpus, months = 64, 36
    _, u_mon, _f, _v = _u_star(p, gpus, months, OptionId.COLOCATION)
    assert u_mon is not None
    d = np.full((1, months), u_mon * gpus * HOURS_PER_MONTH)
    own = price_owned(p, d, gpus, OptionId.COLOCATION)
    addons = (
        float(
            (
                p.addon_storage_monthly
                + p.addon_egress_monthly
                + p.addon_bandwidth_monthly
            )[0, 0]
        )
        * months
    )
    rent_per_hour = float(p.monthly[0, 0]) / HOURS_PER_MONTH + addons / own.useful[0]
    assert own.total[0] / own.useful[0] == pytest.approx(rent_per_hour, rel=0.01)


def test_break_even_utilization_formula():
    assert break_even_utilization(50_000, 1.0, 0.0, 11.0, 10_000) == pytest.approx(0.5)
    assert break_even_utilization(50_000, 12.0, 0.0, 11.0, 10_000) is None
    assert break_even_utilization(500_000, 1.0, 0.0, 11.0, 10_000) is None


def test_break_even_month_is_payback():
    assert break_even_month([100, 10, 10, 10], [40, 40, 40, 40]) == 3
    assert break_even_month([100, 10], [40, 40]) is None


def test_full_load_three_years_pays_back_and_six_month_rule_holds():
    d = flat(64, 36)
    # paid from cash, the purchase pays back inside the horizon
    paid = replace(params(**OLD_BOOK), loan=False)
    be_paid = compute_break_even(paid, price_pure_options(paid, d, 64), list(d[0]), 64)
    assert be_paid.month is not None
    assert 1 < be_paid.month <= 36
    # paid by a loan (the default, issue #29), owning's cumulative cash is
    # never above renting's; the payback month still pays the purchase from
    # cash, so the loan does not move it to month 1
    p = params(**OLD_BOOK)
    priced = price_pure_options(p, d, 64)
    be = compute_break_even(p, priced, list(d[0]), 64)
    assert be.month == be_paid.month
    assert be.utilization is not None
    assert be.utilization < 0.7
    assert be.rule_six_months is not None
    assert be.rule_six_months.holds


def test_two_month_job_never_pays_back():
    p = params()
    d = flat(8, 2)
    priced = price_pure_options(p, d, 8)
    be = compute_break_even(p, priced, list(d[0]), 8)
    assert be.month is None
    assert be.rule_six_months is not None
    assert not be.rule_six_months.holds


# --- issue #11: the break-even is measured against the cheapest FEASIBLE rental


def _priced_all(p, d, gpus, forbidden):
    from gpu_advisor.engine.cost.mix import best_policy, price_mix

    priced = price_pure_options(p, d, gpus)
    if any(forbidden):  # serving months: pure spot is not an option
        priced[OptionId.SPOT].feasible = False
    priced[OptionId.MIX] = price_mix(
        p, d, best_policy(p, d, spot_forbidden=tuple(forbidden))
    )
    return priced


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 64),
    st.integers(6, 40),
    st.floats(4, 40),
    st.floats(1500, 15000),
    st.sampled_from([OptionId.COLOCATION, OptionId.SELF_BUILD]),
    st.booleans(),
    st.integers(0, 40),
)
def test_at_reported_break_even_owning_meets_the_cheapest_feasible_rental(
    gpus, months, od, monthly, option, ckpt, serving_from
):
    p = params(
        on_demand_cny_per_gpu_hour=od,
        monthly_cny_per_gpu_month=monthly,
        checkpointing=ckpt,
    )
    forbidden = tuple(m >= serving_from for m in range(months))
    demand = flat(gpus * 0.5, months)
    priced = _priced_all(p, demand, gpus, forbidden)
    priced = {k: v for k, v in priced.items() if k is not _other(option)}
    be = compute_break_even(p, priced, list(demand[0]), gpus, forbidden)
    if be.utilization is None or be.utilization < 0.01:
        return
    d = flat(gpus * be.utilization, months)
    at = _priced_all(p, d, gpus, forbidden)
    own = at[option].total[0]
    rent = min(
        a.total[0]
        for k, a in at.items()
        if a.feasible and k not in (OptionId.COLOCATION, OptionId.SELF_BUILD)
    )
    assert own == pytest.approx(rent, rel=0.01)
    assert be.rent_option_at_break_even is not None


def _other(option):
    return OptionId.SELF_BUILD if option is OptionId.COLOCATION else OptionId.COLOCATION


@settings(max_examples=25, deadline=None)
@given(
    st.integers(2, 72),
    st.integers(1, 30),
    st.floats(4, 40),
    st.floats(1500, 15000),
    st.sampled_from([0.0, 1.0]),
    st.booleans(),
    st.booleans(),
)
def test_the_break_even_grid_prices_with_the_options_own_pricers(
    gpus, months, od, monthly, deposit, job_runs, spot
):
    """Every point of the grid is what the options table would show for that
    flat demand: the pure rentals' pricers and the mix's exact search, with
    the job's shape (the job's cards reserved whole or not at all)."""
    r = with_spot_job(
        resolved(
            on_demand_cny_per_gpu_hour=od,
            monthly_cny_per_gpu_month=monthly,
            deposit_months=deposit,
        ),
        gpus,
        (job_runs,) * months,
    )
    p = make_params(r)
    ids = [OptionId.ON_DEMAND, OptionId.MONTHLY, OptionId.YEARLY, OptionId.MIX]
    u = np.array([0.0, 0.3, 0.75, 1.0])
    forbidden = tuple(m % 3 == 2 for m in range(months))  # some serving months
    _own, rents = _flat_costs(
        p, OptionId.SELF_BUILD, gpus, months, u, ids, spot, forbidden
    )
    for k, share in enumerate(u):
        row = np.full((1, months), share * gpus * HOURS_PER_MONTH)
        plan = best_policy(p, row, allow_spot=spot, spot_forbidden=forbidden)
        assert rents[OptionId.MIX][k] == pytest.approx(price_mix(p, row, plan).total[0])
        pure = rental_totals(p, row, ids[:3])
        for o in ids[:3]:
            assert rents[o][k] == pytest.approx(pure[o][0])
