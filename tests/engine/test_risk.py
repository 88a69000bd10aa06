"""Tornado and Monte Carlo."""

from __future__ import annotations

import numpy as np
import pytest

from gpu_advisor.engine.cost.mix import best_policy
from gpu_advisor.engine.cost.risk import _draw_factors, monte_carlo, tornado
from gpu_advisor.engine.plan_defaults import PLAN_MONTE_CARLO_SEED
from gpu_advisor.model.project import OptionId
from tests.engine._cost_helpers import CATALOG, OLD_BOOK, flat, params, resolved

OPTIONS = list(OptionId)


def _setup(cards=32, months=36):
    r = resolved()
    d = flat(cards, months)
    return r, d, best_policy(params(), d)


def test_tornado_has_every_input_sorted_by_swing():
    r, d, policy = _setup()
    bars = tornado(r, d, 32, OPTIONS, policy, mfu=0.4)
    assert {b.input for b in bars} == {
        "budget.gpu_price_cny",
        "budget.on_demand_cny_per_gpu_hour",
        "demand.utilization",
        "budget.electricity_cny_per_kwh",
        "budget.pue",
        "budget.hardware_life_years",
        "workload.mfu",
        # issue [feasible]: spot's reclaims, and its restart and wait for capacity
        "budget.spot_interruptions_per_100_hours",
        "budget.restart_hours",
        # issue #29: the owned-hardware conventions (resale, maintenance, staff)
        "budget.residual_fraction",
        "budget.maintenance_fraction_per_year",
        "budget.ops_salary_cny_per_year",
    }
    swings = [b.swing_cny for b in bars]
    assert swings == sorted(swings, reverse=True)
    price = next(b for b in bars if b.input == "budget.gpu_price_cny")
    assert price.high_outcome_cny > price.low_outcome_cny  # dearer cards: owning loses
    rent = next(b for b in bars if b.input == "budget.on_demand_cny_per_gpu_hour")
    assert rent.high_outcome_cny < rent.low_outcome_cny  # dearer rent: owning wins


def test_tornado_empty_without_owned_options():
    r, d, policy = _setup()
    assert tornado(r, d, 32, [OptionId.ON_DEMAND, OptionId.MONTHLY], policy) == []


def test_monte_carlo_is_reproducible_and_seed_dependent():
    r, d, policy = _setup()
    a = monte_carlo(r, d, 32, OPTIONS, policy, draws=2000, seed=7)
    b = monte_carlo(r, d, 32, OPTIONS, policy, draws=2000, seed=7)
    c = monte_carlo(r, d, 32, OPTIONS, policy, draws=2000, seed=8)
    assert a == b
    assert a.percentiles[OptionId.COLOCATION] != c.percentiles[OptionId.COLOCATION]
    for pct in a.percentiles.values():
        assert 0 <= pct.p10 <= pct.p50 <= pct.p90
    assert 0.0 <= a.p_own_beats_rent <= 1.0


def test_monte_carlo_full_load_favours_owning_short_job_favours_renting():
    # measured with the old price book typed in, so that it tests the engine
    r = resolved(**OLD_BOOK)
    d = flat(64, 36)
    policy = best_policy(params(**OLD_BOOK), d)
    long_run = monte_carlo(r, d, 64, OPTIONS, policy, draws=3000, seed=1)
    # 0.58 (0.69 before the hybrid and the per-phase spot rules, which make the
    # cheapest feasible rental cheaper); above 0.7 with the old book's wide rental
    # spread (0.5-2.0 of typical), the re-based book's 0.52-1.27 trims the
    # dear-rental tail. Owning still wins in most draws.
    assert long_run.p_own_beats_rent > 0.5
    short = flat(8, 2)
    short_run = monte_carlo(
        r, short, 8, OPTIONS, best_policy(params(**OLD_BOOK), short), draws=3000, seed=1
    )
    assert short_run.p_own_beats_rent < 0.05


def test_monte_carlo_full_load_with_the_re_based_price_book_rarely_favours_owning():
    # China rental platforms at 5-12.7 CNY/h (spot half of that): owning 64 cards
    # for three years at full load beats the cheapest rental in about 32 % of
    # draws with issue #29's conventions (a 5-year life, the resale curve, 2 %
    # maintenance, rental staff) and draws centred on the plan; about 15 %
    # before (14.1 % while a fleet whose drawn life ends before month 36 was
    # bought again for the last months; it now rents them when that is cheaper)
    r, d, policy = _setup(64, 36)
    run = monte_carlo(r, d, 64, OPTIONS, policy, draws=3000, seed=1)
    assert 0.2 < run.p_own_beats_rent < 0.45


def test_monte_carlo_draws_rental_prices_from_the_price_book_range():
    r = resolved()
    low, typical, high = r.ranges["on_demand_cny_per_gpu_hour"]
    price = CATALOG.price("A100-80GB-SXM").on_demand_cny_per_gpu_hour
    factor = CATALOG.region("shanghai").rental_price_factor
    assert (low, typical, high) == pytest.approx(
        (price.low * factor, price.typical * factor, price.high * factor)
    )
    factors = _draw_factors(r, 20_000, seed=PLAN_MONTE_CARLO_SEED)
    drawn = factors["on_demand_cny_per_gpu_hour"] * typical
    assert drawn.min() >= low - 1e-9
    assert drawn.max() <= high + 1e-9
    # centred on the plan (issue #29): the typical price is the draws' median
    # and mean, though the range is lopsided (a triangular with its mode there
    # had mean (low + typical + high) / 3, 7 % below)
    assert float(np.median(drawn)) == pytest.approx(typical, rel=0.01)
    assert drawn.mean() == pytest.approx(typical, rel=0.01)
    assert drawn.mean() > (low + typical + high) / 3 * 1.05


def test_monte_carlo_median_near_typical():
    r, d, policy = _setup()
    mc = monte_carlo(r, d, 32, [OptionId.MONTHLY], policy, draws=5000, seed=3)
    from gpu_advisor.engine.cost.price import price_monthly

    typical = price_monthly(params(), d).total[0]
    assert abs(mc.percentiles[OptionId.MONTHLY].p50 - typical) / typical < 0.15
    assert np.isfinite(mc.percentiles[OptionId.MONTHLY].p90)


# --- the GPU-hour band in the Monte Carlo (issue #14) ------------------------------


def test_gpu_hour_factors_have_the_sized_band_as_p10_p90():
    from gpu_advisor.engine.cost.risk import gpu_hour_factors
    from gpu_advisor.engine.sizing import compute as cmp

    f = gpu_hour_factors(np.random.default_rng(7), 100_000, cmp.MFU_MODEL_LOG_SIGMA)
    low, high = cmp.gpu_hours_range(1.0)
    q10, q50, q90 = np.percentile(f, [10, 50, 90])
    assert q10 == pytest.approx(low, rel=0.01)
    assert q50 == pytest.approx(1.0, rel=0.01)
    assert q90 == pytest.approx(high, rel=0.01)


def test_monte_carlo_draws_gpu_hours_from_the_band():
    from gpu_advisor.engine.cost.risk import GPU_HOURS_BAND_KEY

    r, d, _ = _setup()
    plain = monte_carlo(r, d, 32, [OptionId.ON_DEMAND], None, draws=4000, seed=3)
    band = monte_carlo(
        r,
        d,
        32,
        [OptionId.ON_DEMAND],
        None,
        draws=4000,
        seed=3,
        gpu_hours_log_sigma=0.249,
    )
    assert GPU_HOURS_BAND_KEY not in plain.inputs
    assert GPU_HOURS_BAND_KEY in band.inputs
    # renting cost follows the hours: the log-normal band (P90/P10 = 1.89) is
    # wider than the MFU triangle it replaces (0.7 … 1.15)
    p, b = plain.percentiles[OptionId.ON_DEMAND], band.percentiles[OptionId.ON_DEMAND]
    assert b.p90 / b.p10 > p.p90 / p.p10
    again = monte_carlo(
        r,
        d,
        32,
        [OptionId.ON_DEMAND],
        None,
        draws=4000,
        seed=3,
        gpu_hours_log_sigma=0.249,
    )
    assert again == band


def test_plan_monte_carlo_uses_the_sizing_band_only_for_workload_demand():
    from gpu_advisor.engine.cost.risk import GPU_HOURS_BAND_KEY, combine
    from gpu_advisor.engine.evaluate import evaluate, monte_carlo_chunks
    from gpu_advisor.io.catalog import load_catalog
    from gpu_advisor.model.project import (
        DemandMonth,
        DemandProfile,
        Project,
        Workload,
    )

    c = load_catalog()
    sized = Project(workload=Workload(task="pretrain", tokens_billion=200))
    ev = evaluate(sized, c, monte_carlo_draws=500, seed=0)
    assert ev.cost.demand_source == "workload"
    p90 = ev.sizing.compute.gpu_hours_p90
    assert p90 is not None
    assert p90 > ev.sizing.compute.gpu_hours
    assert ev.monte_carlo is not None
    assert GPU_HOURS_BAND_KEY in ev.monte_carlo.inputs
    parts = monte_carlo_chunks(sized, c, 500, 0, chunks=4)
    assert combine([run() for run in parts]) == ev.monte_carlo
    # an MFU the project sets has no model band; neither has a typed-in profile
    set_mfu = sized.model_copy(
        update={"workload": sized.workload.model_copy(update={"mfu": 0.4})}
    )
    ev2 = evaluate(set_mfu, c, monte_carlo_draws=200, seed=0)
    assert ev2.monte_carlo is not None
    assert GPU_HOURS_BAND_KEY not in ev2.monte_carlo.inputs
    typed = sized.model_copy(
        update={"demand": DemandProfile(months=[DemandMonth(gpu_hours=1000.0)] * 12)}
    )
    ev3 = evaluate(typed, c, monte_carlo_draws=200, seed=0)
    assert ev3.cost.demand_source == "project"
    assert ev3.monte_carlo is not None
    assert GPU_HOURS_BAND_KEY not in ev3.monte_carlo.inputs


def test_tornado_and_monte_carlo_price_the_hybrid_with_its_card_count_fixed():
    """Issue #11: the hybrid is in both; own minus rent still compares buying
    the fleet with the cheapest feasible rental (the hybrid is owning-type)."""
    from gpu_advisor.engine.cost.mix import best_hybrid, best_policy
    from gpu_advisor.engine.cost.price import make_params
    from gpu_advisor.engine.cost.resolve import resolve
    from gpu_advisor.engine.cost.risk import monte_carlo, tornado
    from gpu_advisor.model.project import Budget, Project
    from tests.engine._cost_helpers import CATALOG

    # the old price book typed in: with the re-based one owning 8 cards no
    # longer pays (tests/engine/_cost_helpers.py OLD_BOOK)
    r = resolve(Project(budget=Budget(**OLD_BOOK)), CATALOG)
    hours = [8 * 730.0] * 6 + [40 * 730.0] * 2 + [8 * 730.0] * 10
    d = np.array([hours])
    p = make_params(r)
    policy = best_policy(p, d)
    plan = best_hybrid(p, d, 40, [OptionId.COLOCATION], mix_policy=policy)[0]
    assert plan.owned_gpus == 8
    bars = tornado(r, d, 40, OPTIONS, policy, hybrid=plan)
    without = tornado(r, d, 40, OPTIONS, policy)
    assert [b.low_outcome_cny for b in bars] == [b.low_outcome_cny for b in without]
    assert all(b.hybrid_low_outcome_cny is not None for b in bars)
    mc = monte_carlo(r, d, 40, OPTIONS, policy, draws=300, seed=2, hybrid=plan)
    assert OptionId.HYBRID in mc.percentiles
    again = monte_carlo(r, d, 40, OPTIONS, policy, draws=300, seed=2)
    assert mc.own_minus_rent == again.own_minus_rent


def test_a_typo_sized_price_range_stays_finite():
    """A quote typed as 3e-234 CNY/h with a high of 7.5 once scaled every price
    of a draw by 2e234: the Monte Carlo and the tornado overflowed into NaN
    (found by the schema walk). Ranges are capped at 100 x the typical value."""
    import datetime as dt
    import warnings

    from gpu_advisor.engine.cost.risk import MAX_RANGE_FACTOR
    from gpu_advisor.engine.evaluate import evaluate
    from gpu_advisor.model.project import PriceItem, PriceOverride, Project

    base = Project()
    override = PriceOverride(
        gpu_id=base.workload.gpu_id,
        item=PriceItem.ON_DEMAND,
        typical=3e-234,
        high=7.5,
        as_of=dt.date(2026, 12, 1),
        source_file="quote.csv",
    )
    project = base.model_copy(update={"price_overrides": [override]})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ev = evaluate(project, CATALOG, monte_carlo_draws=200, seed=0)
    assert ev.monte_carlo is not None
    for pct in ev.monte_carlo.percentiles.values():
        assert np.isfinite([pct.p10, pct.p50, pct.p90]).all()
    bar = next(
        b for b in ev.cost.tornado if b.input == "budget.on_demand_cny_per_gpu_hour"
    )
    assert bar.high_value == pytest.approx(3e-234 * MAX_RANGE_FACTOR)
