"""Data that must stay on the company's own hardware: a non-cost reason to own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor import words
from gpu_advisor.engine.cost.price import RENT_OPTIONS
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.model.cost_results import CostResult, OptionResult
from gpu_advisor.model.project import (
    Budget,
    DataResidency,
    DemandMonth,
    DemandProfile,
    OptionId,
    Project,
    ProjectMeta,
)
from gpu_advisor.words.terms import text_or_empty
from tests.engine._cost_helpers import CATALOG
from tests.engine.test_examples import _load

OWNED = {OptionId.COLOCATION, OptionId.SELF_BUILD, OptionId.HYBRID}


def _own_hardware(project: Project, **budget: object) -> Project:
    update = {"data_residency": DataResidency.OWN_HARDWARE, **budget}
    return project.model_copy(
        update={"budget": project.budget.model_copy(update=update)}
    )


def _cheapest_rental(cost: CostResult) -> OptionResult:
    """Cheapest rental that only the residency rule excludes."""
    return min(
        (
            o
            for o in cost.options
            if o.id in RENT_OPTIONS
            and (o.feasible or o.infeasible_code == "residency.own_hardware")
            and o.at_risk_cny is None
        ),
        key=lambda o: o.total_cny,
    )


def test_lab_owns_for_residency_and_states_what_it_costs():
    cost = evaluate(
        _own_hardware(_load("lab_64_gpus_three_years.gpuplan")), CATALOG
    ).cost
    for option in cost.options:
        if option.id in RENT_OPTIONS:
            assert not option.feasible
            assert option.infeasible_code == "residency.own_hardware"
            assert "hardware the company owns" in text_or_empty(option.reason, "en")
    rec = cost.recommendation
    assert rec.option in OWNED
    chosen = cost.option(rec.option)
    assert chosen.feasible
    # the cheapest owned option: self-building the job's 64 cards; the hybrid
    # owns the same 64 (nothing rented) and is folded into that row (before
    # issue [feasible] it owned the 61 cards the GPU-hours fill, 12,774,013 CNY)
    assert rec.option is OptionId.SELF_BUILD
    assert cost.hybrid is not None
    assert cost.hybrid.owned_gpus == 64
    assert cost.hybrid.rented_gpu_hours == 0
    owned_totals = [o.total_cny for o in cost.options if o.id in OWNED and o.feasible]
    assert chosen.total_cny == min(owned_totals)
    rent = _cheapest_rental(cost)
    # spot is at risk for the 64-card job; the mix is the yearly commitment
    # now that it reserves the whole job or nothing
    assert rent.id is OptionId.YEARLY
    first = rec.reasons[0]
    assert first.code == "recommend.own_for_residency"
    # owning the 64 cards is also 65,831 CNY cheaper than the yearly
    # commitment (13,182,912): the rule is named and the saving too (567,836
    # dearer against the mix of 61 yearly cards topped up on demand before;
    # 11,638 cheaper with interest on the book value before issue #29's loan;
    # 1,926,342 cheaper than 13,365,912 with issue #29's owned-hardware
    # conventions: a 5-year life, the Ampere resale curve, 2 % maintenance)
    assert chosen.total_cny - rent.total_cny == pytest.approx(-1_926_342, abs=1)
    assert "not for its cost" in words.text(first, "en")
    assert "1,926,342 CNY less than yearly commitment" in words.text(first, "en")
    assert "而不是因为成本" in words.text(first, "zh")
    assert "1,926,342" in words.text(first, "zh")
    assert "budget.data_residency" in first.inputs
    assert any(w.code == "recommend.residency_own_hardware" for w in cost.warnings)
    # owning still breaks even against nothing cheaper: the comparison is kept
    assert cost.break_even.rent_option is OptionId.YEARLY  # spot at risk: not weighed


def test_shanghai_without_a_room_colocates_and_names_what_is_missing():
    cost = evaluate(_own_hardware(_load("shanghai_13b_finetune.gpuplan")), CATALOG).cost
    rec = cost.recommendation
    # self-building needs the machine room the team does not have
    assert rec.option in {OptionId.COLOCATION, OptionId.HYBRID}
    kind: OptionId = rec.option
    if kind is OptionId.HYBRID:
        assert cost.hybrid is not None
        kind = cost.hybrid.owned_option or kind
    assert kind is OptionId.COLOCATION
    assert rec.reasons[0].code == "recommend.own_for_residency"
    missing = next(
        w for w in cost.warnings if w.code == "recommend.residency_owning_needs"
    )
    assert "operations staff" in words.text(missing, "en")
    assert "运维人员" in words.text(missing, "zh")
    # the two-month plan is not a reason to rent when renting is not allowed
    assert all(r.code != "recommend.short_work" for r in rec.reasons)
    assert all(w.code != "recommend.validate_first" for w in cost.warnings)


def test_owned_cards_below_the_peak_would_rent_the_overflow():
    project = _own_hardware(_load("lab_64_gpus_three_years.gpuplan"), owned_gpus=32)
    cost = evaluate(project, CATALOG).cost
    for oid in (OptionId.COLOCATION, OptionId.SELF_BUILD):
        option = cost.option(oid)
        assert not option.feasible
        assert option.infeasible_code == "residency.overflow"
    # the hybrid buys what the busiest month needs instead
    assert cost.recommendation.option is OptionId.HYBRID
    assert cost.option(OptionId.HYBRID).feasible


def test_without_the_rule_nothing_changes():
    project = _load("lab_64_gpus_three_years.gpuplan")
    cost = evaluate(project, CATALOG).cost
    assert all(o.infeasible_code != "residency.own_hardware" for o in cost.options)
    assert cost.recommendation.option is OptionId.SELF_BUILD
    assert cost.recommendation.reasons[0].code == "recommend.own"


@settings(max_examples=25, deadline=None)
@given(
    cards=st.integers(min_value=1, max_value=48),
    months=st.integers(min_value=1, max_value=30),
    room=st.booleans(),
)
def test_the_rule_always_picks_an_owned_option_and_prices_the_choice(
    cards, months, room
):
    project = Project(
        meta=ProjectMeta(horizon_months=months),
        demand=DemandProfile(months=[DemandMonth(gpu_hours=cards * 700.0)] * months),
        budget=Budget(data_residency=DataResidency.OWN_HARDWARE, has_machine_room=room),
    )
    cost = evaluate(project, CATALOG).cost
    rec = cost.recommendation
    assert rec.option in OWNED
    chosen = cost.option(rec.option)
    assert chosen.feasible
    assert all(not o.feasible for o in cost.options if o.id in RENT_OPTIONS)
    rent = _cheapest_rental(cost)
    gap = abs(chosen.total_cny - rent.total_cny)
    assert rec.reasons[0].code == "recommend.own_for_residency"
    assert f"{gap:,.0f}" in words.text(rec.reasons[0], "en")
    if not room:
        kind = rec.option
        if kind is OptionId.HYBRID and cost.hybrid is not None:
            kind = cost.hybrid.owned_option or kind
        assert kind is not OptionId.SELF_BUILD


def test_residency_enum_value_is_stable():
    assert DataResidency.OWN_HARDWARE.value == "own_hardware"
    assert Budget(data_residency="own_hardware").data_residency is (
        DataResidency.OWN_HARDWARE
    )
    with pytest.raises(ValueError, match="data_residency"):
        Budget(data_residency="owned")
