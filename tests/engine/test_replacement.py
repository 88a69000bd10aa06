"""Issue #11: owned hardware past its life is replaced, and the cost is charged.

Life figure: 5 years typical (catalog prices.json ``hardware_life_years``,
from the hyperscalers' and GPU clouds' filings, issue #29). The renewal
arithmetic below is checked on a 3-year life with a typed 10 % residual (the
straight line and the haircut), the figures these tests were written for.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor import words
from gpu_advisor.engine.cost.price import price_owned
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.model.project import (
    Budget,
    DemandMonth,
    DemandProfile,
    OptionId,
    Project,
    ProjectMeta,
)
from gpu_advisor.words.terms import text_or_empty
from tests.engine._cost_helpers import CATALOG, flat, params, resolved

THREE_YEARS = {"hardware_life_years": 3.0, "residual_fraction": 0.1}
"""A 3-year life and a typed 10 % residual: the fleet wears out in month 36."""


def renewing(**budget: object):
    """:func:`params` with no rental allowed after a fleet's life: the fleet
    is always bought again (the renewal arithmetic these tests check), paid
    from cash (no loan offsets the purchase in its month); a 3-year life."""
    return replace(params(**{**THREE_YEARS, **budget}), rentals=(), loan=False)


def test_catalog_life_is_the_cited_five_years():
    r = resolved()
    assert r.values["hardware_life_years"] == 5.0
    assert "six years" in r.refs["hardware_life_years"].source
    assert "CoreWeave" in r.refs["hardware_life_years"].source


@pytest.mark.parametrize("option", [OptionId.COLOCATION, OptionId.SELF_BUILD])
def test_a_fleet_outliving_its_life_is_bought_again_in_month_37(option):
    p = renewing()
    arr = price_owned(p, flat(8, 48), 8, option)
    same = price_owned(p, flat(8, 36), 8, option)
    capex = float(arr.capex[0]) - float(arr.lines["retrofit"][0])  # fleet, no room
    floor = capex * float(p.residual[0, 0])
    # month 37 pays a new fleet less the old one sold at its residual value
    jump = float(arr.cash[0, 36] - arr.cash[0, 35])
    assert jump == pytest.approx(capex - floor, rel=0.02)
    assert arr.lines["replacement"][0] > 0.5 * (capex - floor)
    assert same.lines["replacement"][0] == 0.0
    assert sum(v[0] for v in arr.lines.values()) == pytest.approx(arr.total[0])
    assert sum(v[0] for v in same.lines.values()) == pytest.approx(same.total[0])


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 120), st.floats(1.0, 6.0), st.integers(1, 32))
def test_lines_sum_to_the_total_and_owning_longer_never_costs_less(months, life, gpus):
    p = params(hardware_life_years=life)
    a = price_owned(p, flat(gpus, months), gpus, OptionId.COLOCATION)
    assert sum(v[0] for v in a.lines.values()) == pytest.approx(a.total[0], rel=1e-9)
    b = price_owned(p, flat(gpus, months + 1), gpus, OptionId.COLOCATION)
    assert b.total[0] >= a.total[0] - 1e-6
    fleets = int(np.ceil(months / np.ceil(12 * life - 1e-9)))
    # past its life the fleet is bought again or the months after are rented
    after = a.lines["replacement"][0] + a.lines.get("horizon_rental", [0.0])[0]
    assert (after > 0) == (fleets > 1)
    always = replace(p, rentals=())  # always renewed, on the same loan
    renewed = price_owned(always, flat(gpus, months), gpus, OptionId.COLOCATION)
    assert (renewed.lines["replacement"][0] > 0) == (fleets > 1)
    assert a.total[0] <= renewed.total[0] + 1e-6


def test_a_five_year_plan_warns_and_counts_the_second_fleet():
    months = [DemandMonth(gpu_hours=8 * 730.0)] * 60
    # spot the only rental selected: no contract may serve months 37-60, so
    # the fleet is bought again
    only_spot = [OptionId.SPOT, OptionId.COLOCATION, OptionId.SELF_BUILD]
    project = Project(
        meta=ProjectMeta(horizon_months=60),
        demand=DemandProfile(months=months),
        budget=Budget(owned_gpus=8, options=only_spot, **THREE_YEARS),
    )
    cost = evaluate(project, CATALOG).cost
    warning = next(
        w for w in cost.warnings if w.code == "recommend.horizon_beyond_life"
    )
    replaced = cost.option(OptionId.COLOCATION).breakdown["replacement"]
    assert replaced > 0
    assert f"{replaced:,.0f}" in words.text(warning, "en")
    assert "replacement" in text_or_empty(
        cost.option(OptionId.COLOCATION).includes, "en"
    )


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.floats(0, 40 * 730.0), min_size=1, max_size=60),
    st.floats(1.0, 6.0),
    st.integers(1, 32),
    st.sampled_from([OptionId.COLOCATION, OptionId.SELF_BUILD]),
)
def test_totals_only_pricing_equals_the_monthly_cash_flow(hours, life, gpus, option):
    """The Monte Carlo's fast path (``monthly=False``) gives the same totals."""
    p = params(hardware_life_years=life)
    d = np.array([hours])
    full = price_owned(p, d, gpus, option)
    fast = price_owned(p, d, gpus, option, monthly=False)
    assert fast.total[0] == pytest.approx(full.total[0], rel=1e-9, abs=1e-6)
    assert fast.lines.keys() == full.lines.keys()


def test_no_second_fleet_for_trailing_months_without_demand():
    p = renewing()
    work = np.array([[8 * 730.0] * 36 + [0.0] * 24])
    idle_tail = price_owned(p, work, 8, OptionId.SELF_BUILD)
    assert idle_tail.lines["replacement"][0] == 0.0
    assert int(np.count_nonzero(np.diff(idle_tail.cash[0, 35:38]) > 1e5)) == 0
    one_more = work.copy()
    one_more[0, 36] = 8 * 730.0  # month 37 still has work: the fleet is renewed
    renewed = price_owned(p, one_more, 8, OptionId.SELF_BUILD)
    assert renewed.lines["replacement"][0] > 0
    assert sum(v[0] for v in idle_tail.lines.values()) == pytest.approx(
        idle_tail.total[0]
    )


def test_lab_at_sixty_months_buys_no_fleet_for_two_idle_years():
    from tests.engine.test_examples import _load

    project = _load("lab_64_gpus_three_years.gpuplan")
    longer = project.model_copy(
        update={
            "meta": project.meta.model_copy(update={"horizon_months": 60}),
            "budget": project.budget.model_copy(update=THREE_YEARS),
        }
    )
    cost = evaluate(longer, CATALOG).cost
    own = cost.option(OptionId.SELF_BUILD)
    assert own.breakdown["replacement"] == 0.0
    # 22,305,324 CNY when a second fleet was bought for months 37-60 of no
    # work; 15,747,558 with interest on the book value (before issue #29),
    # 15,631,462 with the loan's (equal principal over the 36-month life);
    # 14,334,262 with issue #29's 2 % maintenance and rental staff conventions
    assert own.total_cny == pytest.approx(14_334_262, abs=1)
    assert "replacement cards bought" not in text_or_empty(own.includes, "en")
    warning = next(
        w for w in cost.warnings if w.code == "recommend.horizon_beyond_life"
    )
    assert "demand ends in month 36" in words.text(warning, "en")
    assert "需求在第 36 个月结束" in words.text(warning, "zh")


@settings(max_examples=40, deadline=None)
@given(
    busy=st.integers(0, 72),
    months=st.integers(1, 72),
    life=st.sampled_from([2.0, 3.0, 4.0]),
)
def test_a_fleet_is_renewed_only_while_demand_remains(busy, months, life):
    busy = min(busy, months)
    p = renewing(hardware_life_years=life)
    d = np.array([[8 * 730.0] * busy + [0.0] * (months - busy)])
    arr = price_owned(p, d, 8, OptionId.COLOCATION)
    span = int(np.ceil(12 * life - 1e-9))
    assert (arr.lines["replacement"][0] > 0) == (busy > span)
    fast = price_owned(p, d, 8, OptionId.COLOCATION, monthly=False)
    assert fast.total[0] == pytest.approx(arr.total[0], rel=1e-9, abs=1e-6)
