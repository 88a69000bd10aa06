"""Imported prices get the checks typed prices get (issue [feasible])."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from gpu_advisor import words
from gpu_advisor.engine.cost.resolve import imported_price
from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import PriceItem, PriceOverride, Project

LAB = (
    Path(__file__).resolve().parents[2]
    / "resources/examples/lab_64_gpus_three_years.gpuplan"
)


def _row(typical: float, as_of: dt.date, location: str) -> PriceOverride:
    return PriceOverride(
        gpu_id="A100-80GB-SXM",
        item=PriceItem.ON_DEMAND,
        typical=typical,
        as_of=as_of,
        source_file="vendor_quote.xlsx",
        location=location,
    )


def _with_rows(*rows: PriceOverride) -> Project:
    base = load_project(LAB)
    return Project.model_validate(
        {**base.model_dump(), "price_overrides": [r.model_dump() for r in rows]}
    )


def test_an_instance_price_typed_per_card_is_flagged_with_its_file_and_row() -> None:
    # issue #28: 70.4 CNY/h (an 8-card instance) replaced the 8.8 row silently
    plan_date = load_project(LAB).meta.plan_date
    project = _with_rows(
        _row(8.8, plan_date - dt.timedelta(days=30), "Quote, row 3"),
        _row(70.4, plan_date - dt.timedelta(days=1), "Quote, row 4"),
    )
    cost = evaluate_plan(project, load_catalog(), monte_carlo=False).cost
    flagged = [w for w in cost.warnings if w.code == "cost.implausible_import"]
    assert len(flagged) == 1
    en = words.text(flagged[0], "en")
    assert "vendor_quote.xlsx (Quote, row 4)" in en
    assert "70.40" in en
    assert "vendor_quote.xlsx（Quote 第 4 行）" in words.text(flagged[0], "zh")


def test_a_row_dated_after_the_plan_does_not_win_and_is_flagged() -> None:
    plan_date = load_project(LAB).meta.plan_date
    project = _with_rows(
        _row(9.0, plan_date - dt.timedelta(days=10), "Quote, row 3"),
        _row(9.5, plan_date + dt.timedelta(days=400), "Quote, row 9"),
    )
    chosen = imported_price(project, "A100-80GB-SXM", PriceItem.ON_DEMAND.value)
    assert chosen is not None
    assert chosen.typical == 9.0
    cost = evaluate_plan(project, load_catalog(), monte_carlo=False).cost
    future = [w for w in cost.warnings if w.code == "cost.imported_future"]
    assert len(future) == 1
    assert "Quote, row 9" in words.text(future[0], "en")
    # alone, the future row is used (nothing else to price with) and flagged
    only = _with_rows(_row(9.5, plan_date + dt.timedelta(days=400), "Quote, row 9"))
    assert imported_price(only, "A100-80GB-SXM", PriceItem.ON_DEMAND.value) is not None
