"""Cost formulas checked against the seeds' worked examples and invariants."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor import words
from gpu_advisor.engine.cost.price import (
    OptionArrays,
    billable_hours,
    check_card_hour_price,
    depreciation_cny_per_month,
    electricity_cny,
    energy_kwh,
    implied_card_hour_price_cny,
    owned_total,
    price_monthly,
    price_on_demand,
    price_owned,
    price_owned_with_counts,
    price_pure_options,
    price_spot,
    price_yearly,
    resale_value_cny,
    spot_overhead_fraction,
)
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH, to_display
from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.model.project import OptionId, TaskKind, Workload
from tests.engine._cost_helpers import CATALOG, flat, params


def test_seed_002_energy_500w_card_12_kwh_a_day():
    assert energy_kwh(500.0, 24.0) == pytest.approx(12.0)


def test_seed_003_depreciation_400k_server_three_years():
    monthly = depreciation_cny_per_month(400_000, 3.0)
    assert monthly == pytest.approx(11_111.11, abs=0.01)
    # "two weeks about 5,500 CNY": the seed takes two weeks as half a month
    assert monthly / 2 == pytest.approx(5_500, rel=0.02)


def test_seed_003_two_week_rental_is_plausible_with_the_re_based_price_book():
    """4 A100 × 336 h for < 6,000 CNY implies < 4.5 CNY per card-hour."""
    price = implied_card_hour_price_cny(6000.0, 4, 336.0)
    assert price == pytest.approx(4.464, abs=0.001)
    rng = CATALOG.price("A100-80GB-SXM").on_demand_cny_per_gpu_hour
    # flagged with the 2026-11-01 book (low 10 CNY/h); China rental platforms list
    # an A800 80GB at 5.15 CNY/h (jishuzhan.net), so 4.46 is now within half of low
    assert rng.low == 5.15
    assert (
        check_card_hour_price(price, rng, what="Seed 003", inputs=["vendors"]) is None
    )
    # still flagged against a range whose low is twice the claim
    dear = rng.model_copy(update={"low": 10.0, "typical": 20.0, "high": 40.0})
    advice = check_card_hour_price(price, dear, what="Seed 003", inputs=["vendors"])
    assert advice is not None
    assert advice.code == "cost.implausible_price"
    assert "below" in words.text(advice, "en")


def test_seed_002_hundreds_of_cny_per_a100_hour_is_per_server_not_per_card():
    rng = CATALOG.price("A100-80GB-SXM").on_demand_cny_per_gpu_hour
    per_server = check_card_hour_price(300.0, rng, what="q", inputs=[])
    assert per_server is not None
    # per card, 37.5 CNY/h is a large-cloud list price: above the re-based
    # platform range (twice the high is 25.4 CNY/h), so it is flagged too ...
    per_card = check_card_hour_price(300.0 / 8, rng, what="q", inputs=[])
    assert per_card is not None
    assert "above" in words.text(per_card, "en")
    # ... while an H100 (high 28 CNY/h) takes it as a card price
    h100 = CATALOG.price("H100-80GB-SXM").on_demand_cny_per_gpu_hour
    assert check_card_hour_price(300.0 / 8, h100, what="q", inputs=[]) is None


def test_seed_002_electricity_claim_exceeds_catalog_tariffs():
    """'10-20k CNY a year per card' needs a tariff far above Shenzhen's range."""
    region = CATALOG.region("shenzhen")
    worst = electricity_cny(
        500, 1.0, 0.0, region.pue.high, 8760, region.electricity_cny_per_kwh.high
    )
    assert worst < 10_000
    implied_tariff = 10_000 / (energy_kwh(500, 8760) * region.pue.typical)
    assert implied_tariff > 1.5 * region.electricity_cny_per_kwh.high


def test_seed_001_13b_pretraining_is_not_two_weeks_on_8_a100():
    """Llama 2 13B took 368,640 A100-hours; 8 cards × 2 weeks are 2,688."""
    sizing = size_workload(
        Workload(
            task=TaskKind.PRETRAIN,
            model_preset="llama2-13b",
            tokens_billion=2000,
            gpu_id="A100-80GB-SXM",
            gpus=8,
        ),
        CATALOG,
    )
    assert sizing.compute.gpu_hours > 100 * 8 * 336
    run = next(r for r in CATALOG.reference_runs if r.id == "llama2-13b")
    assert run.gpu_hours == 368_640


def test_electricity_formula():
    # (400 W × 0.8 + 250 W) × 1.3 × 730 h × 0.8 CNY
    assert electricity_cny(400, 0.8, 250, 1.3, 730, 0.8) == pytest.approx(
        0.57 * 1.3 * 730 * 0.8
    )


def test_resale_value_and_full_life():
    assert resale_value_cny(1000, 0, 3, 0.1, 0.3) == pytest.approx(100 + 900 * 0.7)
    assert resale_value_cny(1000, 48, 3, 0.1, 0.3) == pytest.approx(100)


def test_billing_granularity_rounds_up():
    assert billable_hours(100.2, 1.0) == 101.0
    assert billable_hours(730.0, 744.0) == 744.0
    assert billable_hours(0.0, 1.0) == 0.0


def test_spot_overhead():
    assert spot_overhead_fraction(2.0, 1.0, 0.25) == pytest.approx(0.015)


def test_on_demand_and_monthly_amounts():
    p = params(
        on_demand_cny_per_gpu_hour=20.0,
        monthly_cny_per_gpu_month=9000.0,
        shared_storage_tb=0,
        egress_tb_per_month=0,
        public_bandwidth_mbps=0,
        deposit_months=0,
    )
    d = flat(4, 3)
    # plus the rented cards' operations staff (issue #29): 0.25 FTE per 100
    # cards at 400,000 CNY a year, 4 cards for 3 months
    staff = 0.25 / 100 * 4 * 400_000 / 12 * 3
    assert price_on_demand(p, d).total[0] == pytest.approx(20 * 4 * 730 * 3 + staff)
    assert price_monthly(p, d).total[0] == pytest.approx(9000 * 4 * 3 + staff)


def test_yearly_commitment_beyond_a_short_horizon():
    p = params(
        monthly_cny_per_gpu_month=10000.0,
        yearly_price_factor=0.75,
        shared_storage_tb=0,
        egress_tb_per_month=0,
        public_bandwidth_mbps=0,
    )
    arr = price_yearly(p, flat(2, 3))
    staff = 0.25 / 100 * 2 * 400_000 / 12 * 3  # the rented cards' staff (#29)
    assert arr.total[0] == pytest.approx(2 * 10000 * 0.75 * 12 + staff)
    assert arr.lines["commitment_beyond_horizon"][0] == pytest.approx(2 * 7500 * 9)


def test_spot_needs_checkpointing():
    assert price_spot(params(), flat(2, 2)).feasible
    arr = price_spot(params(checkpointing=False), flat(2, 2))
    assert not arr.feasible
    assert arr.lines["interruption_overhead"][0] > 0.5 * arr.lines["compute"][0]


def test_owned_totals_match_breakdown_and_cash_flow():
    p = params()
    arr = price_owned(p, flat(8, 36), 8, OptionId.COLOCATION)
    total = arr.total[0]
    assert sum(v[0] for v in arr.lines.values()) == pytest.approx(total)
    # CAPEX up front, paid by the loan drawn in month 1 (issue #29)
    assert arr.loan[0] == pytest.approx(arr.capex[0])
    assert arr.cash[0, 0] + arr.loan[0] > arr.capex[0] * 0.99
    cash = replace(p, loan=False)
    paid = price_owned(cash, flat(8, 36), 8, OptionId.COLOCATION)
    assert paid.cash[0, 0] > paid.capex[0] * 0.99
    assert paid.cash[0, -1] < 0  # resale value and deposit back
    assert arr.utilization[0] == pytest.approx(1.0)


def test_short_horizon_charges_only_part_of_the_hardware():
    p = params()
    arr = price_owned(p, flat(8, 6), 8, OptionId.COLOCATION)
    assert 0 < arr.residual[0] < arr.capex[0]
    assert arr.lines["depreciation_hardware"][0] < 8 * p.gpu_price[0, 0]


def test_idle_capacity_is_still_paid():
    p = params()
    busy = price_owned(p, flat(8, 12), 8, OptionId.COLOCATION)
    idle = price_owned(p, flat(2, 12), 8, OptionId.COLOCATION)
    assert idle.total[0] > 0.8 * busy.total[0]
    assert idle.idle[0] > 0.5 * idle.total[0]


def test_overflow_is_rented_on_demand():
    p = params()
    arr = price_owned(p, flat(10, 3), 8, OptionId.COLOCATION)
    assert arr.lines["overflow_rental"][0] == pytest.approx(p.od[0, 0] * 2 * 730 * 3)


def test_to_display():
    assert to_display(7100.0, 7.1) == pytest.approx(1000.0)
    with pytest.raises(ValueError, match="cny_per_unit"):
        to_display(1.0, 0.0)


demand_lists = st.lists(st.floats(0, 100 * HOURS_PER_MONTH), min_size=1, max_size=24)


@settings(max_examples=80, deadline=None)
@given(demand_lists, st.floats(1, 60), st.floats(1000, 30000), st.integers(1, 64))
def test_no_negative_cost_anywhere(hours, od, monthly, gpus):
    p = params(on_demand_cny_per_gpu_hour=od, monthly_cny_per_gpu_month=monthly)
    for arr in price_pure_options(p, np.array([hours]), gpus).values():
        assert arr.total[0] >= 0
        assert all(v[0] >= -1e-6 for v in arr.lines.values())
        assert np.all(arr.cash[0, :-1] >= -1e-6)


@settings(max_examples=80, deadline=None)
@given(demand_lists, st.floats(1, 60), st.floats(1.0, 2.0))
def test_higher_rental_price_never_makes_renting_cheaper(hours, od, factor):
    d = np.array([hours])
    low = price_pure_options(
        params(on_demand_cny_per_gpu_hour=od, monthly_cny_per_gpu_month=od * 500), d, 1
    )
    high = price_pure_options(
        params(
            on_demand_cny_per_gpu_hour=od * factor,
            monthly_cny_per_gpu_month=od * 500 * factor,
        ),
        d,
        1,
    )
    for option in (
        OptionId.ON_DEMAND,
        OptionId.MONTHLY,
        OptionId.YEARLY,
        OptionId.SPOT,
    ):
        assert high[option].total[0] >= low[option].total[0] - 1e-6


@settings(max_examples=80, deadline=None)
@given(
    demand_lists, st.floats(10_000, 300_000), st.floats(1.0, 2.0), st.integers(1, 64)
)
def test_higher_card_price_never_makes_owning_cheaper(hours, price, factor, gpus):
    d = np.array([hours])
    for option in (OptionId.COLOCATION, OptionId.SELF_BUILD):
        low = price_owned(params(gpu_price_cny=price), d, gpus, option).total[0]
        high = price_owned(params(gpu_price_cny=price * factor), d, gpus, option).total[
            0
        ]
        assert high >= low - 1e-6


def _as_bytes(arr: OptionArrays) -> list[object]:
    """Every number of ``arr`` by its bytes (``-0.0`` apart from ``0.0``)."""
    arrays = [arr.cash, arr.useful, arr.billed, arr.gpus, arr.capex, arr.residual]
    arrays += [arr.deposit, arr.idle, arr.utilization, *arr.lines.values()]
    return [list(arr.lines), *((a.shape, a.tobytes()) for a in arrays)]


@settings(max_examples=60, deadline=None)
@given(
    demand_lists,
    st.integers(1, 64),
    st.lists(st.integers(0, 80), max_size=6, unique=True),
    st.sampled_from([1.0, 3.0, 5.0]),
    st.sampled_from(
        [[OptionId.COLOCATION, OptionId.SELF_BUILD], [OptionId.SELF_BUILD]]
    ),
)
def test_owned_with_counts_is_each_call_alone(hours, fleet, counts, life, kinds):
    """The one pass of the owned options and the hybrid's counts gives the
    very numbers of pricing the options and each count's total alone."""
    p = params(hardware_life_years=life)
    d = np.array([hours])
    priced, totals = price_owned_with_counts(p, d, fleet, kinds, counts)
    alone = price_pure_options(p, d, fleet, kinds)
    assert list(priced) == list(alone) == kinds
    for option in kinds:
        assert _as_bytes(priced[option]) == _as_bytes(alone[option])
    owned_n = [n for n in counts if n > 0]
    for option in kinds:
        expected = {
            n: owned_total(p, np.minimum(d, n * HOURS_PER_MONTH), n, option)[0]
            for n in owned_n
        }
        got = totals[option]
        assert list(got) == owned_n
        assert [np.float64(v).tobytes() for v in got.values()] == [
            np.float64(v).tobytes() for v in expected.values()
        ]
