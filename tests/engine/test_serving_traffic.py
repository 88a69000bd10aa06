"""Serving traffic counted into replicas, card-hours and the months a plan pays for.

The counting is checked by hand on small cases; its invariants (more traffic
never needs fewer cards; a flat day needs as many card-hours as its peak) by
hypothesis; and the cost engine's use of it on a plan that trains then serves:
the serving months start after training, a reserved contract holds the busiest
hour's cards, and serving never runs on spot.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.cost.demand import serving_calendar
from gpu_advisor.engine.cost.prepare import prepare
from gpu_advisor.engine.serving.plan import plan_serving
from gpu_advisor.engine.serving.traffic import (
    CURVES,
    DAYS_PER_MONTH,
    hourly_rates,
    replicas_for,
    serving_months,
)
from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.project import (
    Budget,
    OptionId,
    Project,
    ProjectMeta,
    TaskKind,
    Workload,
)
from gpu_advisor.model.serving import (
    DailyCurve,
    ReplicaPerformance,
    Serving,
    Traffic,
)
from gpu_advisor.model.sizing_results import SizingResult
from tests.property_runs import examples

SHENZHEN = (
    Path(__file__).resolve().parents[2]
    / "resources/examples/shenzhen_7b_pretrain_then_serve.gpuplan"
)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _replica(rps: float = 4.0, gpus: int = 2) -> ReplicaPerformance:
    return ReplicaPerformance(
        gpus=gpus,
        concurrency=32,
        output_tokens_per_s=rps * 300,
        requests_per_s=rps,
        ttft_ms=500.0,
        tpot_ms=40.0,
        max_concurrency=200,
        meets_targets=True,
    )


def test_every_curve_is_a_day_of_shares() -> None:
    for curve, shares in CURVES.items():
        assert len(shares) == 24, curve
        assert math.isclose(sum(shares), 1.0), curve
        assert min(shares) > 0, curve


def test_the_issue_manager_question_by_hand() -> None:
    # 200 requests/s at the busiest hour, a replica serving 4 at the targets:
    # 50 replicas + 1 spare at the peak; two cards each
    serving = Serving(traffic=Traffic(peak_rps=200.0))
    assert replicas_for(200.0, 4.0, serving) == 51
    month = serving_months(serving, 4.0, 2, 1, 1)[0]
    assert month.peak_gpus == 102
    rates = hourly_rates(serving.traffic)
    by_hand = sum(replicas_for(r, 4.0, serving) for r in rates) * 2 * DAYS_PER_MONTH
    assert month.gpu_hours == pytest.approx(by_hand)
    # the office day runs far fewer card-hours than 102 cards all month
    assert month.gpu_hours < 0.6 * 102 * 730


@settings(max_examples=examples(ci=40, deep=400), deadline=None)
@given(
    low=st.floats(0.0, 500.0),
    extra=st.floats(0.0, 500.0),
    goodput=st.floats(0.05, 50.0),
    gpus=st.integers(1, 8),
    curve=st.sampled_from([DailyCurve.OFFICE, DailyCurve.EVENING, DailyCurve.FLAT]),
    growth=st.floats(-0.2, 0.3),
)
def test_more_traffic_never_needs_fewer_cards(
    low: float,
    extra: float,
    goodput: float,
    gpus: int,
    curve: DailyCurve,
    growth: float,
) -> None:
    def months(peak: float) -> list[tuple[float, int]]:
        serving = Serving(
            traffic=Traffic(peak_rps=peak, curve=curve, monthly_growth=growth)
        )
        return [
            (m.gpu_hours, m.peak_gpus)
            for m in serving_months(serving, goodput, gpus, 1, 6)
        ]

    for (h0, p0), (h1, p1) in zip(months(low), months(low + extra), strict=True):
        assert h1 >= h0 - 1e-6
        assert p1 >= p0


def test_a_flat_day_runs_its_peak_all_month() -> None:
    serving = Serving(traffic=Traffic(peak_rps=30.0, curve=DailyCurve.FLAT))
    month = serving_months(serving, 4.0, 4, 1, 1)[0]
    assert month.gpu_hours == pytest.approx(month.peak_gpus * 730.0)


def _with_serving(
    sizing: SizingResult, serving: Serving, replica: ReplicaPerformance
) -> SizingResult:
    plan = plan_serving(serving, sizing.gpu_id, replica)
    return SizingResult.model_validate({**dict(sizing), "serving": plan})


def _train_then_serve(
    catalog: Catalog, serving: Serving
) -> tuple[Project, SizingResult]:
    workload = Workload(
        task=TaskKind.PRETRAIN,
        model_preset="llama2-7b",
        tokens_billion=200,
        gpu_id="H100-80GB-SXM",
        gpus=64,
        serving=serving,
    )
    project = Project(
        workload=workload,
        meta=ProjectMeta(horizon_months=12),
        budget=Budget(options=[OptionId.ON_DEMAND, OptionId.MONTHLY, OptionId.SPOT]),
    )
    sizing = _with_serving(size_workload(workload, catalog), serving, _replica())
    return project, sizing


def test_serving_starts_after_training_and_is_paid_at_its_peak(
    catalog: Catalog,
) -> None:
    serving = Serving(traffic=Traffic(peak_rps=60.0))
    project, sizing = _train_then_serve(catalog, serving)
    calendar = serving_calendar(project, sizing, 12)
    assert calendar is not None
    prep = prepare(project, catalog, sizing)
    training = [
        d - m.gpu_hours for d, m in zip(prep.demand, calendar.months, strict=True)
    ]
    last_training = max(i + 1 for i, h in enumerate(training) if h > 1e-6)
    assert calendar.start_month == last_training + 1
    assert all(m.gpu_hours == 0 for m in calendar.months[:last_training])
    serving_month = calendar.months[calendar.start_month - 1]
    assert serving_month.peak_gpus == (math.ceil(60.0 / 4.0) + 1) * 2
    # the monthly contract holds the busiest hour's cards, not the hours / 730
    monthly = prep.priced[OptionId.MONTHLY]
    cards = monthly.cash[0, calendar.start_month - 1] / prep.params.monthly[0, 0]
    assert cards >= serving_month.peak_gpus - 1e-6
    assert serving_month.gpu_hours / 730 < serving_month.peak_gpus
    # on-demand bills the curve's hours (rounded per card), less than the peak all month
    od = prep.priced[OptionId.ON_DEMAND]
    od_cards = od.cash[0, calendar.start_month - 1] / prep.params.od[0, 0] / 730
    assert od_cards < serving_month.peak_gpus


def test_serving_months_never_run_on_spot(catalog: Catalog) -> None:
    project, sizing = _train_then_serve(
        catalog, Serving(traffic=Traffic(peak_rps=60.0))
    )
    prep = prepare(project, catalog, sizing)
    spot = prep.priced[OptionId.SPOT]
    assert not spot.feasible
    allowed = Serving(traffic=Traffic(peak_rps=60.0), allow_spot=True)
    project, sizing = _train_then_serve(catalog, allowed)
    assert prepare(project, catalog, sizing).priced[OptionId.SPOT].feasible


def test_the_training_job_floor_stays_in_training_months(catalog: Catalog) -> None:
    project, sizing = _train_then_serve(catalog, Serving(traffic=Traffic(peak_rps=6.0)))
    prep = prepare(project, catalog, sizing)
    calendar = prep.serving
    assert calendar is not None
    monthly = prep.priced[OptionId.MONTHLY]
    cards = monthly.cash[0] / prep.params.monthly[0, 0]
    later = cards[calendar.start_month :]
    # serving months hold the replicas' cards, not the 64-card training job's
    assert np.all(later < 64)


def test_a_vendors_serving_run_that_met_the_targets_replaces_the_estimate(
    catalog: Catalog,
) -> None:
    """Issue #31: measured, not only estimated. A real SGLang bench_serving
    summary (A100, 16 requests/s; tests/data/real-samples/SOURCES.md) met a
    1 s first token at p95 (its p99 is 417 ms) on one card, a fact the vendor
    states beside the file: the plan's replica serves its 14.87 requests/s,
    and the replicas follow from that."""
    from pathlib import Path

    from gpu_advisor.engine.evaluate import evaluate_plan
    from gpu_advisor.io.results_import import parse_results
    from gpu_advisor.model.project import Measurement, Vendor
    from gpu_advisor.model.serving import LatencyTargets

    sample = (
        Path(__file__).resolve().parents[1]
        / "data/real-samples/serving/sglang-oai-a100-rate16-kvcached-readme.txt"
    )
    runs = parse_results([sample])
    one_card = Measurement.model_validate(
        {**dict(runs[0]), "metric": "serving.gpus", "value": 1.0, "unit": "count"}
    )
    serving = Serving(
        prompt_tokens=970,
        output_tokens=80,
        targets=LatencyTargets(ttft_ms=1000.0, tpot_ms=None),
        traffic=Traffic(peak_rps=100.0, curve=DailyCurve.FLAT),
    )
    project = Project(
        workload=Workload(
            task=TaskKind.INFERENCE,
            model_preset="llama3.1-8b",
            gpu_id="A100-80GB-SXM",
            serving=serving,
        ),
        vendors=[
            Vendor(name="A", gpu_id="A100-80GB-SXM", measurements=[*runs, one_card])
        ],
    )
    plan = evaluate_plan(project, catalog, monte_carlo=False).sizing.serving
    assert plan is not None
    assert plan.measured is not None
    assert plan.measured.vendor == "A"
    assert plan.estimate is not None
    assert plan.per_replica.requests_per_s == pytest.approx(14.87)
    assert plan.per_replica.gpus == 1
    assert plan.peak_replicas == math.ceil(100.0 / 14.87) + 1
    # without the vendor's run the plan keeps the estimate
    alone = evaluate_plan(
        project.model_copy(update={"vendors": []}), catalog, monte_carlo=False
    ).sizing.serving
    assert alone is not None
    assert alone.measured is None
    assert alone.per_replica.requests_per_s == pytest.approx(
        plan.estimate.requests_per_s
    )


@settings(max_examples=examples(ci=40, deep=400), deadline=None)
@given(
    day=st.lists(st.integers(0, 40), min_size=24, max_size=24),
    shares=st.lists(st.floats(0.0, 1.0), min_size=3, max_size=3),
    cards=st.lists(st.floats(0.0, 60.0), min_size=2, max_size=2),
)
def test_hours_above_follow_the_day_hour_by_hour(
    day: list[int], shares: list[float], cards: list[float]
) -> None:
    """The hours above a card count, counted on the top slice of the day's
    curve, equal the hour-by-hour sum (the definition), for any slice."""
    from dataclasses import replace

    from gpu_advisor.engine.cost.price import hours_above, make_params
    from gpu_advisor.engine.cost.resolve import resolve

    catalog = load_catalog()
    hourly = [float(n) for n in day]
    p = make_params(replace(resolve(Project(), catalog), serving_day=(tuple(hourly),)))
    days = 730.0 / 24
    total = sum(hourly) * days
    for share in shares:
        level = _level_for(hourly, share * total)
        slice_hours = sum(max(h - level, 0.0) for h in hourly) * days
        got = hours_above(p, np.array([[slice_hours]]), np.array([[c] for c in cards]))
        for row, c in zip(got[:, 0], cards, strict=True):
            expected = sum(max(h - level - c, 0.0) for h in hourly) * days
            assert row == pytest.approx(expected, abs=1e-6 * max(1.0, total))


def _level_for(hourly: list[float], hours: float) -> float:
    """The level whose top slice of ``hourly`` holds ``hours`` (bisection)."""
    days = 730.0 / 24
    low, high = 0.0, max(hourly, default=0.0)
    for _ in range(200):
        mid = (low + high) / 2
        if sum(max(h - mid, 0.0) for h in hourly) * days > hours:
            low = mid
        else:
            high = mid
    return high


def test_a_plan_serves_on_the_card_it_prices(catalog: Catalog) -> None:
    """A serving card other than the plan's cannot be priced at the plan's card's
    prices (12 H100 card-hours at A100 prices was 34 % below the A100 plan): the
    plan serves on its own card and names the other one in a warning."""
    from gpu_advisor.engine.evaluate import evaluate_plan
    from gpu_advisor.io.project_file import load_project

    plan = load_project(SHENZHEN)
    serving = plan.workload.serving
    assert serving is not None
    other = plan.model_copy(
        update={
            "workload": plan.workload.model_copy(
                update={
                    "serving": serving.model_copy(update={"gpu_id": "H100-80GB-SXM"})
                }
            )
        }
    )
    before = evaluate_plan(plan, catalog, monte_carlo=False)
    after = evaluate_plan(other, catalog, monte_carlo=False)
    assert after.sizing.serving is not None
    assert after.sizing.serving.gpu_id == plan.workload.gpu_id
    assert after.cost.options == before.cost.options
    codes = [a.code for a in after.sizing.warnings]
    assert "sizing.serving.other_card" in codes
    assert "sizing.serving.other_card" not in [a.code for a in before.sizing.warnings]
