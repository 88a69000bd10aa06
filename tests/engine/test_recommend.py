"""Recommendation rules from the seeds, with reasons naming their inputs."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor import words
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.model.project import (
    Budget,
    DataResidency,
    DemandMonth,
    DemandProfile,
    OptionId,
    PhaseKind,
    Project,
    ProjectMeta,
    Vendor,
)
from tests.engine._cost_helpers import CATALOG, OLD_BOOK

OWN = {OptionId.COLOCATION, OptionId.SELF_BUILD, OptionId.HYBRID}
"""Owning-type options: the hybrid owns cards too."""


def _project(months, hours, **budget):
    return Project(
        meta=ProjectMeta(horizon_months=months),
        demand=DemandProfile(months=[DemandMonth(gpu_hours=h) for h in hours]),
        budget=Budget(**budget),
    )


def test_short_work_rents():
    ev = evaluate(
        _project(
            3,
            [8 * 730] * 3,
            has_machine_room=True,
            has_ops_staff=True,
            has_spare_cash=True,
        ),
        CATALOG,
    )
    rec = ev.cost.recommendation
    assert rec.option not in OWN
    short = next(r for r in rec.reasons if r.code == "recommend.short_work")
    assert "demand.months" in short.inputs


def test_stable_full_load_with_room_staff_cash_buys():
    ev = evaluate(
        _project(
            36,
            [64 * 730] * 36,
            owned_gpus=64,
            has_machine_room=True,
            has_ops_staff=True,
            has_spare_cash=True,
            **OLD_BOOK,
        ),
        CATALOG,
    )
    rec = ev.cost.recommendation
    assert rec.option in OWN
    assert rec.reasons[0].code == "recommend.own"
    assert any(w.code == "recommend.validate_first" for w in rec.warnings)


def test_without_cash_or_staff_keeps_renting_and_says_why():
    ev = evaluate(_project(36, [64 * 730] * 36, owned_gpus=64, **OLD_BOOK), CATALOG)
    rec = ev.cost.recommendation
    assert rec.option not in OWN
    blocked = next(r for r in rec.reasons if r.code == "recommend.own_blocked")
    assert "budget.has_spare_cash" in blocked.inputs
    assert "budget.has_ops_staff" in blocked.inputs
    assert words.text(blocked, "zh")
    assert words.text(blocked, "en")


def test_every_reason_names_inputs_in_both_languages():
    ev = evaluate(_project(12, [4 * 730] * 12), CATALOG)
    for advice in [*ev.cost.recommendation.reasons, *ev.cost.warnings]:
        assert advice.inputs
        assert words.text(advice, "en")
        assert words.text(advice, "zh")


def test_spot_without_checkpointing_warns():
    ev = evaluate(_project(6, [16 * 730] * 6, checkpointing=False), CATALOG)
    codes = {w.code for w in ev.cost.recommendation.warnings}
    assert "recommend.spot_no_checkpoint" in codes
    assert not ev.cost.option(OptionId.SPOT).feasible


def test_data_residency_warnings():
    city = evaluate(_project(6, [730] * 6, data_residency=DataResidency.CITY), CATALOG)
    assert any(
        w.code == "recommend.residency_city" and "meta.region_id" in w.inputs
        for w in city.cost.warnings
    )
    country = evaluate(
        _project(6, [730] * 6, data_residency=DataResidency.COUNTRY), CATALOG
    )
    assert any(w.code == "recommend.residency_country" for w in country.cost.warnings)


def test_seed_003_quote_triggers_implausible_price_warning():
    """A vendor quoting 3,000 CNY for 4 A100 × 336 h (2.23 CNY per card-hour).

    The article's own 6,000 CNY (4.46 CNY per card-hour) was flagged with the
    2026-11-01 price book; China platforms now list an A800 at 5.15 CNY/h, so the
    check fires below half of that (2.58 CNY/h).
    """
    project = _project(1, [4 * 336]).model_copy(
        update={
            "vendors": [
                Vendor(
                    name="seed 003 platform",
                    gpu_id="A100-80GB-SXM",
                    on_demand_cny_per_gpu_hour=3000 / (4 * 336),
                )
            ],
        }
    )
    ev = evaluate(project, CATALOG)
    hits = [w for w in ev.cost.warnings if w.code == "cost.implausible_price"]
    assert hits
    assert hits[0].inputs == ["vendors.0.on_demand_cny_per_gpu_hour"]
    assert "2.23" in words.text(hits[0], "en")
    assert "2.23" in words.text(hits[0], "zh")


def test_plausible_quote_is_quiet():
    ev = evaluate(_project(2, [730, 730], on_demand_cny_per_gpu_hour=18.0), CATALOG)
    assert not any(w.code == "cost.implausible_price" for w in ev.cost.warnings)


def test_serving_cannot_run_on_spot():
    project = Project(
        meta=ProjectMeta(horizon_months=12),
        demand=DemandProfile(
            months=[DemandMonth(gpu_hours=8 * 730, phase=PhaseKind.INFERENCE)] * 12
        ),
    )
    ev = evaluate(project, CATALOG)
    assert not ev.cost.option(OptionId.SPOT).feasible
    assert ev.cost.recommendation.option is not OptionId.SPOT


# --- issue #11: owning is never recommended while a feasible rental is cheaper


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.floats(0, 32 * 730), min_size=6, max_size=30),
    st.floats(5, 40),
    st.booleans(),
)
def test_never_recommends_owning_that_costs_more_than_a_feasible_rental(
    hours, od, ckpt
):
    project = _project(
        len(hours),
        hours,
        options=list(OptionId),
        has_ops_staff=True,
        has_spare_cash=True,
        has_machine_room=True,
        on_demand_cny_per_gpu_hour=od,
        checkpointing=ckpt,
    )
    cost = evaluate(project, CATALOG).cost
    assert cost.recommendation.option is not None
    chosen = cost.option(cost.recommendation.option)
    if chosen.id in OWN:
        cheapest_rent = min(
            o.total_cny for o in cost.options if o.feasible and o.id not in OWN
        )
        assert chosen.total_cny <= cheapest_rent


def test_owning_blocked_when_the_mix_undercuts_it_even_within_5_percent():
    # flat 4,000 GPU-hours a month for 18 months (Shanghai what-if of issue #11)
    project = _project(
        18,
        [4000.0] * 18,
        options=list(OptionId),
        has_ops_staff=True,
        has_spare_cash=True,
        has_machine_room=True,
    )
    cost = evaluate(project, CATALOG).cost
    rents = [o for o in cost.options if o.feasible and o.id not in OWN]
    cheapest = min(rents, key=lambda o: o.total_cny)
    assert cost.recommendation.option is not None
    rec = cost.option(cost.recommendation.option)
    assert rec.total_cny <= cheapest.total_cny + 1e-6 or rec.id not in OWN
    # a rental dearer than an owned option is never the answer
    owned = min(o.total_cny for o in cost.options if o.id in OWN)
    if rec.id not in OWN:
        assert rec.total_cny <= max(owned, cheapest.total_cny)


def _warning_codes(**budget):
    project = _project(24, [8 * 730.0] * 24, **budget)
    return {w.code for w in evaluate(project, CATALOG).cost.recommendation.warnings}


def test_network_budget_under_15_percent_warns():
    assert "recommend.network_budget_low" in _warning_codes(
        network_fraction_of_hardware=0.08
    )
    assert "recommend.network_budget_low" not in _warning_codes(
        network_fraction_of_hardware=0.2
    )


def test_article_electricity_claim_is_flagged_with_the_arithmetic():
    project = _project(24, [8 * 730.0] * 24, electricity_cny_per_kwh=0.75, pue=1.3)
    warns = evaluate(project, CATALOG).cost.recommendation.warnings
    claim = [w for w in warns if w.code == "recommend.electricity_article_claim"]
    assert claim
    # an A100-class card: 4-6 thousand CNY a year, not the 10-20 thousand claimed
    assert "10,000–20,000" in words.text(claim[0], "en")
    assert "1.5" in words.text(claim[0], "en") or "1.4" in words.text(claim[0], "en")


def test_implausible_tariff_warns():
    assert "recommend.tariff_implausible" in _warning_codes(electricity_cny_per_kwh=8.0)
    assert "recommend.tariff_implausible" not in _warning_codes(
        electricity_cny_per_kwh=0.8
    )


def test_owned_options_say_how_many_cards_they_buy_and_why():
    peak = _project(6, [730.0 * 3, 730.0 * 10, 730.0 * 2] * 2)
    reason = next(
        r
        for r in evaluate(peak, CATALOG).cost.recommendation.reasons
        if r.code == "recommend.owned_cards"
    )
    assert "buy 10 cards" in words.text(reason, "en")
    assert "month 2" in words.text(reason, "en")
    fixed = _project(6, [730.0 * 3] * 6, owned_gpus=4)
    reason = next(
        r
        for r in evaluate(fixed, CATALOG).cost.recommendation.reasons
        if r.code == "recommend.owned_cards"
    )
    assert "buy 4 cards" in words.text(reason, "en")
    assert "the card count entered on the budget step" in words.text(reason, "en")
    assert "budget.owned_gpus" in reason.inputs


def test_commitment_discount_is_stated_against_a_named_list_price():
    project = _project(
        12,
        [730.0 * 4] * 12,
        on_demand_cny_per_gpu_hour=20.0,
        monthly_cny_per_gpu_month=9000.0,
        yearly_price_factor=0.75,
    )
    reason = next(
        r
        for r in evaluate(project, CATALOG).cost.recommendation.reasons
        if r.code == "recommend.commitment_basis"
    )
    # net of 6 % input VAT (a general taxpayer, the default): 0.75 × 9,000 /
    # 1.06 = 6,368 CNY per card-month = 46 % of 20 / 1.06 CNY/h × 730 h
    assert "75% of the monthly list price" in words.text(reason, "en")
    assert "6,368" in words.text(reason, "en")
    assert "46% of on-demand" in words.text(reason, "en")
