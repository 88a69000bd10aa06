"""evaluate(): the whole pipeline from a Project."""

from __future__ import annotations

import datetime as dt

import pytest

from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.model.project import (
    Budget,
    Currency,
    DemandMonth,
    DemandProfile,
    OptionId,
    Project,
    ProjectMeta,
    TaskKind,
    Workload,
)
from tests.engine._cost_helpers import CATALOG


def test_default_project_derives_demand_from_workload():
    ev = evaluate(Project(), CATALOG)
    assert ev.cost.demand_source == "workload"
    assert sum(ev.cost.demand_gpu_hours) == pytest.approx(
        ev.sizing.compute.gpu_hours_with_redundancy, rel=1e-6
    )
    assert {o.id for o in ev.cost.options} == set(OptionId)
    assert ev.monte_carlo is None


def test_cumulative_ends_at_total_and_breakdown_sums():
    ev = evaluate(Project(meta=ProjectMeta(horizon_months=24)), CATALOG)
    for o in ev.cost.options:
        assert o.cumulative_cny[-1] == pytest.approx(o.total_cny, abs=0.1)
        assert sum(o.breakdown.values()) == pytest.approx(
            o.total_cny, rel=1e-6, abs=1.0
        )
        assert len(o.monthly_cny) == 24


def test_inference_demand_is_steady():
    project = Project(
        workload=Workload(task=TaskKind.INFERENCE, model_preset="llama2-13b"),
        meta=ProjectMeta(horizon_months=6),
    )
    ev = evaluate(project, CATALOG)
    hours = ev.cost.demand_gpu_hours
    assert len(set(hours)) == 1
    assert hours[0] > 0


def test_options_filter_and_explanations():
    project = Project(budget=Budget(options=[OptionId.ON_DEMAND, OptionId.COLOCATION]))
    ev = evaluate(project, CATALOG)
    assert [o.id for o in ev.cost.options] == [OptionId.ON_DEMAND, OptionId.COLOCATION]
    keys = {e.key for e in ev.cost.explanations}
    assert "cost.options.colocation.total_cny" in keys
    coloc = next(
        e for e in ev.cost.explanations if e.key.endswith("colocation.total_cny")
    )
    assert "book value" in coloc.formula
    assert any(i.source == "project" for i in coloc.inputs) or coloc.inputs


def test_project_prices_win_and_are_marked_project():
    project = Project(budget=Budget(gpu_price_cny=123456.0))
    ev = evaluate(project, CATALOG)
    coloc = next(
        e for e in ev.cost.explanations if e.key.endswith("colocation.total_cny")
    )
    ref = next(i for i in coloc.inputs if i.name == "budget.gpu_price_cny")
    assert ref.value == 123456.0
    assert ref.source == "project"


def test_vat_added_to_net_project_prices():
    gross = evaluate(Project(budget=Budget(monthly_cny_per_gpu_month=9000.0)), CATALOG)
    net = evaluate(
        Project(
            meta=ProjectMeta(prices_include_vat=False),
            budget=Budget(monthly_cny_per_gpu_month=9000.0),
        ),
        CATALOG,
    )
    g = gross.cost.option(OptionId.MONTHLY).breakdown["compute"]
    n = net.cost.option(OptionId.MONTHLY).breakdown["compute"]
    assert n == pytest.approx(g * 1.06)
    assert "VAT" in net.cost.currency.vat_note_en


def test_currency_with_dated_rate():
    project = Project(
        meta=ProjectMeta(
            currency=Currency.USD,
            exchange_rate_cny_per_unit=7.2,
            exchange_rate_as_of=dt.date(2026, 10, 1),
        )
    )
    cur = evaluate(project, CATALOG).cost.currency
    assert (cur.code, cur.cny_per_unit, cur.as_of, cur.source) == (
        "USD",
        7.2,
        "2026-10-01",
        "project",
    )
    default = evaluate(
        Project(meta=ProjectMeta(currency=Currency.EUR)), CATALOG
    ).cost.currency
    assert default.cny_per_unit == CATALOG.cost_defaults.eur_cny.typical


def test_monte_carlo_through_evaluate():
    project = Project(
        demand=DemandProfile(months=[DemandMonth(gpu_hours=8 * 730)] * 12)
    )
    ev = evaluate(project, CATALOG, monte_carlo_draws=500, seed=3)
    assert ev.monte_carlo is not None
    assert ev.monte_carlo.draws == 500
    assert ev == evaluate(project, CATALOG, monte_carlo_draws=500, seed=3)
