"""Owned-hardware conventions with sources, and a Monte Carlo centred on the plan
(issue #29 [finance]).

* Useful life, the resale curve by GPU generation and age, maintenance,
  staffing (owned and rented) and the tax life each come from a dated source
  in the price book, are worded in the owned options' "what the total
  includes" sentence, and move in the tornado and the Monte Carlo.
* Every uncertain input of the Monte Carlo is drawn with its median (and
  mean) at the plan's value, so P(owning beats renting) is above ½ when
  owning is clearly cheaper in the deterministic case and below ½ mirrored.

The margin of the property test, 10 % of the cheapest rental: over 40 random
plans (random card and rental prices, tariffs, staff, fleet sizes and
horizons on the three examples) the median of the Monte Carlo's own-minus-
rent lay within 2 % of the rent of the deterministic gap wherever that gap
was under 50 % of the rent (the drift a sum of lopsided, non-linear inputs
leaves); 10 % is five times that, and the issue's own threshold.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from gpu_advisor.cli import main
from gpu_advisor.engine.cost.price import book_value_fraction, resale_fraction
from gpu_advisor.engine.cost.resolve import resale_curve_for, resolve
from gpu_advisor.engine.cost.risk import TORNADO_INPUTS, _mc_keys, centred_factors
from gpu_advisor.engine.evaluate import evaluate, evaluate_plan
from gpu_advisor.engine.plan_defaults import PLAN_MONTE_CARLO_DRAWS
from gpu_advisor.io.project_file import save_project
from gpu_advisor.model.common import Language, Message
from gpu_advisor.model.cost_results import CostResult, OptionResult
from gpu_advisor.model.project import OptionId, Project
from gpu_advisor.report.plan import build_plan_pdf
from tests.engine._cost_helpers import CATALOG
from tests.engine.test_examples import _load
from tests.property_runs import examples

LAB = "lab_64_gpus_three_years.gpuplan"
DEFAULTS = CATALOG.cost_defaults
OWN = (OptionId.COLOCATION, OptionId.SELF_BUILD)
RENT = (OptionId.ON_DEMAND, OptionId.MONTHLY, OptionId.YEARLY, OptionId.MIX)


def _budget(project: Project, **values: Any) -> Project:
    budget = project.budget.model_copy(update=values)
    return project.model_copy(update={"budget": budget})


def _options(cost: CostResult) -> dict[OptionId, OptionResult]:
    return {o.id: o for o in cost.options}


# --- the price book: each convention with its dated source ---------------------


def test_life_is_five_years_from_the_hyperscalers_and_gpu_clouds_filings() -> None:
    life = DEFAULTS.hardware_life_years
    assert (life.low, life.typical, life.high) == (4, 5, 6)
    publishers = {c.publisher for c in life.provenance.citations}
    assert {"Microsoft Corporation", "Alphabet Inc.", "Meta Platforms, Inc."} <= (
        publishers
    )
    assert {"Amazon.com, Inc.", "CoreWeave, Inc."} <= publishers
    assert all(c.published is not None for c in life.provenance.citations)
    assert "six years" in life.provenance.source
    assert "5.5 years" in life.provenance.source


def test_maintenance_staff_and_tax_life_carry_their_sources() -> None:
    maint = DEFAULTS.maintenance_fraction_per_year
    assert maint.typical == 0.02
    assert "2 %/yr" in maint.provenance.note
    assert "warranty" in maint.provenance.source
    fte = DEFAULTS.ops_fte_per_100_gpus
    assert fte.typical == 1.0
    assert "64 cards get 0.64 FTE" in fte.provenance.note
    cloud = DEFAULTS.cloud_ops_fte_per_100_gpus
    assert cloud is not None
    assert cloud.typical == 0.25
    assert "renting option" in cloud.provenance.note
    tax = DEFAULTS.tax_life_years
    assert tax is not None
    assert tax.typical == 3
    assert "art. 60" in tax.provenance.source


def test_every_catalog_gpu_has_a_resale_curve_by_its_generation() -> None:
    names = {g.id: resale_curve_for(DEFAULTS, g.arch).name for g in CATALOG.gpus}  # type: ignore[union-attr]
    assert names["A100-80GB-SXM"] == "ampere"
    assert names["H100-80GB-SXM"] == names["H20-96GB"] == "hopper"
    assert names["L40S"] == "ada"
    assert names["RTX-5090"] == "blackwell"
    assert names["Ascend-910B"] == names["MI300X"] == "other"
    hopper = resale_curve_for(DEFAULTS, "Hopper")
    assert hopper is not None
    points = dict(zip(hopper.ages_months, hopper.typical, strict=True))
    # the GLRI's H100 residuals: 60-65 % at a year, 25-35 % at three years
    assert 0.60 <= points[12] <= 0.65
    assert 0.25 <= points[36] <= 0.35
    assert hopper.provenance.citations[0].published is not None


# --- the formulas ----------------------------------------------------------------


def test_lab_resells_at_the_ampere_share_of_its_age() -> None:
    """LAB: 64 A100 bought for 36 months resell at 22 % (the Ampere curve at
    36 months, GLRI's A100 year-3 residual of 20-25 %); the plan's own 1.5 FTE
    stays the plan's; maintenance is 2 % a year of the hardware and network."""
    cost = evaluate(_load(LAB, gross=False), CATALOG, full=False).cost
    own = _options(cost)[OptionId.SELF_BUILD]
    b = own.breakdown
    purchase = b["depreciation_hardware"] + b["depreciation_network"]
    purchase += b["depreciation_storage"] + own.residual_value_cny
    assert own.residual_value_cny == pytest.approx(0.22 * purchase, rel=1e-6)
    assert b["staff"] == pytest.approx(1.5 * 400_000 * 3)
    hardware = (b["depreciation_hardware"] + b["depreciation_network"]) / 0.78
    assert b["maintenance"] == pytest.approx(0.02 * hardware * 3, rel=1e-6)
    # the book value beside it: straight line over 3 years to 5 %
    assert own.book_value_cny == pytest.approx(0.05 * purchase, rel=1e-6)
    assert _options(cost)[OptionId.YEARLY].book_value_cny is None


def test_a_younger_fleet_resells_for_more() -> None:
    lab = _load(LAB, gross=False)
    short = lab.model_copy(
        update={"meta": lab.meta.model_copy(update={"horizon_months": 24})}
    )
    r = resolve(short, CATALOG)
    assert r.values["resale_share"] == pytest.approx(0.35)
    assert resale_fraction(24.0, r.resale_curve) == pytest.approx(0.35)
    assert book_value_fraction(24.0, 3.0, 0.05) == pytest.approx(1 - 0.95 * 2 / 3)


def test_a_typed_residual_keeps_the_straight_line_and_the_haircut() -> None:
    lab = _budget(_load(LAB, gross=False), residual_fraction=0.1)
    r = resolve(lab, CATALOG)
    assert r.resale_curve == ()
    assert r.values["resale_share"] == 0.1
    own = _options(evaluate(lab, CATALOG, full=False).cost)[OptionId.SELF_BUILD]
    b = own.breakdown
    purchase = b["depreciation_hardware"] + b["depreciation_network"]
    purchase += b["depreciation_storage"] + own.residual_value_cny
    # 36 of 60 months: book 0.1 + 0.9 × 0.4 = 0.46, above 0.1 cut by 30 %
    assert own.residual_value_cny == pytest.approx(
        purchase * (0.1 + 0.36 * 0.7), rel=1e-6
    )


def test_rentals_pay_the_operations_they_still_need() -> None:
    """0.25 FTE per 100 rented cards at 400,000 CNY a year: LAB's yearly
    option holds 64 cards for 36 months."""
    cost = evaluate(_load(LAB, gross=False), CATALOG, full=False).cost
    options = _options(cost)
    for oid in (OptionId.MONTHLY, OptionId.YEARLY):
        assert options[oid].breakdown["staff"] == pytest.approx(
            0.25 / 100 * 64 * 400_000 / 12 * 36, rel=0.06
        )
    on_demand = options[OptionId.ON_DEMAND].breakdown["staff"]
    assert 0 < on_demand <= options[OptionId.MONTHLY].breakdown["staff"] + 0.01


def _find(message: object, code: str) -> Message | None:
    if isinstance(message, Message):
        if message.code == code:
            return message
        for value in message.params.values():
            found = _find(value, code)
            if found is not None:
                return found
    return None


def test_each_convention_is_worded_where_the_total_is_explained() -> None:
    cost = evaluate(_load(LAB, gross=False), CATALOG, full=False).cost
    own = _options(cost)[OptionId.SELF_BUILD]
    conv = _find(own.includes, "cost.includes.conventions")
    assert conv is not None
    assert conv.params["life"] == 5.0
    assert conv.params["maintenance_pct"] == pytest.approx(2.0)
    resale = conv.params["resale"]
    assert isinstance(resale, Message)
    assert resale.params["curve"] == "ampere"
    assert resale.params["pct"] == pytest.approx(22.0)
    assert _find(own.includes, "cost.includes.book_value") is not None
    yearly = _options(cost)[OptionId.YEARLY]
    assert _find(yearly.includes, "cost.includes.rental_staff") is not None


def test_the_conventions_move_in_the_tornado_and_the_monte_carlo() -> None:
    names = {i.name for i in TORNADO_INPUTS}
    assert {
        "budget.hardware_life_years",
        "budget.residual_fraction",
        "budget.maintenance_fraction_per_year",
        "budget.ops_salary_cny_per_year",
    } <= names
    keys = set(_mc_keys())
    assert {"ops_fte_per_100_gpus", "cloud_ops_fte_per_100_gpus"} <= keys
    bars = {b.input: b for b in evaluate(_load(LAB, gross=False), CATALOG).cost.tornado}
    resale = bars["budget.residual_fraction"]
    assert (resale.low_value, resale.high_value) == (0.2, 0.25)
    assert resale.low_outcome_cny > resale.high_outcome_cny  # more resale, owning gains
    assert bars["budget.maintenance_fraction_per_year"].swing_cny > 0


# --- a Monte Carlo centred on the plan -------------------------------------------


@settings(max_examples=examples(ci=30, deep=300), deadline=None)
@given(
    low=st.floats(0.05, 1.0),
    high=st.floats(1.0, 20.0),
)
@example(low=0.52, high=1.27)  # LAB's rental price range
@example(low=1.0, high=1.5)  # one side empty: the median still holds
@example(low=1.0, high=6.0)  # the deep tier's find: the median's sampling spread
def test_draws_have_the_plans_value_as_median_and_mean(low: float, high: float) -> None:
    u = np.random.default_rng(7).random(200_001)
    f = centred_factors(u, low, high)
    # the sample median's own spread: the share of draws on each side varies
    # by 1/(2√n) ≈ 0.0011, which moves the median by up to (high − low) × that
    # near the plan's value (the deep tier found 0.0062 at low=1, high=6)
    assert float(np.median(f)) == pytest.approx(1.0, abs=4e-3 * (high - low) + 1e-3)
    assert f.min() >= low - 1e-12
    assert f.max() <= high + 1e-12
    if low < 1.0 < high:
        assert float(f.mean()) == pytest.approx(1.0, abs=0.01 * (high - low))


def _gap_and_p(project: Project, draws: int) -> tuple[float, float] | None:
    """Own minus the cheapest rental the recommendation weighs, as a share of
    that rental, and P(owning beats renting); None without both."""
    ev = evaluate(project, CATALOG, monte_carlo_draws=draws, seed=0, full=False)
    options = _options(ev.cost)
    owned = [options[o].total_cny for o in OWN if o in options and options[o].feasible]
    rented = [
        options[o].total_cny
        for o in RENT
        if o in options and options[o].feasible and options[o].at_risk_cny is None
    ]
    assert ev.monte_carlo is not None
    if not owned or not rented:
        return None
    rent = min(rented)
    return (min(owned) - rent) / rent, ev.monte_carlo.p_own_beats_rent


def test_owning_ten_percent_cheaper_is_more_likely_than_not() -> None:
    """LAB with its card at 110,000 CNY: self-build 10.9 % below the yearly
    commitment in the deterministic case; P(owning beats renting) 0.82 (0.43
    before the draws were centred, with owning 4.8 % cheaper)."""
    found = _gap_and_p(
        _budget(_load(LAB, gross=False), gpu_price_cny=110_000), PLAN_MONTE_CARLO_DRAWS
    )
    assert found is not None
    gap, p = found
    assert gap <= -0.10
    assert p >= 0.5


MARGIN = 0.10
"""Deterministic gap (share of the cheapest rental) beyond which the Monte
Carlo must side with it: see the module's docstring."""


@settings(max_examples=examples(ci=6, deep=60), deadline=None)
@given(
    example_=st.sampled_from(
        [
            LAB,
            "shanghai_13b_finetune.gpuplan",
            "shenzhen_7b_pretrain_then_serve.gpuplan",
        ]
    ),
    gpu_price=st.floats(40_000, 250_000),
    on_demand=st.floats(4.0, 25.0),
    tariff=st.floats(0.3, 1.5),
    horizon=st.sampled_from([12, 24, 36, 48, 72]),
)
@example(example_=LAB, gpu_price=110_000.0, on_demand=10.5, tariff=0.66, horizon=36)
@example(example_=LAB, gpu_price=95_000.0, on_demand=7.5, tariff=0.66, horizon=36)
def test_the_monte_carlo_sides_with_a_clear_deterministic_gap(
    example_: str, gpu_price: float, on_demand: float, tariff: float, horizon: int
) -> None:
    project = _budget(
        _load(example_, gross=False),
        gpu_price_cny=gpu_price,
        on_demand_cny_per_gpu_hour=on_demand,
        monthly_cny_per_gpu_month=None,
        electricity_cny_per_kwh=tariff,
    )
    meta = project.meta.model_copy(update={"horizon_months": horizon})
    found = _gap_and_p(project.model_copy(update={"meta": meta}), 2_000)
    assume(found is not None and abs(found[0]) >= MARGIN)
    assert found is not None
    gap, p = found
    if gap <= -MARGIN:
        assert p >= 0.5, gap
    else:
        assert p <= 0.5, gap


# --- one P on every surface ------------------------------------------------------


def test_cost_scenarios_and_the_pdf_print_the_same_p(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _budget(_load(LAB, gross=False), gpu_price_cny=110_000)
    path = tmp_path / "plan.gpuplan"
    save_project(project, path)
    draws = str(PLAN_MONTE_CARLO_DRAWS)
    assert main(["cost", str(path), "--lang", "en", "--monte-carlo", draws]) == 0
    cost_text = capsys.readouterr().out
    found = re.search(r"P\(owning beats renting\) = (\d+)%", cost_text)
    assert found is not None
    p_cost = int(found.group(1))
    assert main(["scenarios", str(path), "--lang", "en"]) == 0
    scen_text = capsys.readouterr().out
    found = re.search(r"P\(owning beats renting\)\s+(\d+)%", scen_text)
    assert found is not None
    assert int(found.group(1)) == p_cost
    assert main(["scenarios", str(path), "--json"]) == 0
    base = json.loads(capsys.readouterr().out)["columns"][0]
    assert round(base["p_own_beats_rent"] * 100) == p_cost
    ev = evaluate_plan(project, CATALOG)
    pdf = build_plan_pdf(project, ev, CATALOG, language=Language.EN)
    text = " ".join(
        " ".join((p.extract_text() or "").split())
        for p in PdfReader(io.BytesIO(pdf)).pages
    )
    assert f"cheapest way of renting with probability {p_cost}%" in text
    assert p_cost >= 50
