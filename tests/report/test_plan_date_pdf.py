"""Dates count from the plan's date: page 1's due dates and the imported prices.

Issue #29: the next steps on page 1 fell due before the day the plan was made.
"""

from __future__ import annotations

import datetime as dt
import io
import re

import pytest
from pypdf import PdfReader

from gpu_advisor.engine.cost.resolve import imported_price
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import PriceItem, PriceOverride, Project, ProjectMeta
from gpu_advisor.report.plan import build_plan_pdf
from tests.report.conftest import evaluate_for_tests


@pytest.mark.parametrize("plan_date", [dt.date(2026, 12, 7), dt.date(2027, 2, 20)])
def test_page_one_due_dates_follow_the_plan_date(plan_date: dt.date) -> None:
    project = Project(meta=ProjectMeta(plan_date=plan_date, language=Language.EN))
    catalog = load_catalog()
    pdf = build_plan_pdf(
        project, evaluate_for_tests(project, catalog), catalog, language=Language.EN
    )
    page_one = PdfReader(io.BytesIO(pdf)).pages[0].extract_text() or ""
    due = [dt.date.fromisoformat(d) for d in re.findall(r"\d{4}-\d{2}-\d{2}", page_one)]
    steps = [plan_date + dt.timedelta(days=days) for days in (7, 21, 30)]
    assert all(d in due for d in steps)
    assert min(due) >= plan_date


def _row(typical: float, as_of: dt.date) -> PriceOverride:
    return PriceOverride(
        gpu_id="A100-80GB-SXM",
        item=PriceItem.ON_DEMAND,
        typical=typical,
        as_of=as_of,
        source_file="quote.xlsx",
    )


def test_imported_prices_follow_the_plan_date() -> None:
    rows = [_row(9.0, dt.date(2026, 3, 1)), _row(8.0, dt.date(2026, 11, 1))]
    for plan_date, typical in (
        (dt.date(2026, 6, 1), 9.0),  # the November quote is not valid yet
        (dt.date(2026, 12, 7), 8.0),  # the newest on or before the plan
        (dt.date(2026, 1, 1), 8.0),  # none before: the newest, with a warning
    ):
        project = Project(meta=ProjectMeta(plan_date=plan_date), price_overrides=rows)
        found = imported_price(project, "A100-80GB-SXM", PriceItem.ON_DEMAND.value)
        assert found is not None
        assert found.typical == typical
