"""The PDF's assumptions table says which prices came from an imported file."""

from __future__ import annotations

from pathlib import Path

from gpu_advisor.io.price_import import import_prices
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Language
from gpu_advisor.report.plan import build_plan_pdf
from tests.report.conftest import evaluate_for_tests, pdf_text, sample_project

DATA = Path(__file__).resolve().parents[1] / "data"


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_assumptions_cite_the_imported_price_list_and_its_date(catalog: Catalog):
    project = import_prices(
        sample_project(Language.EN), DATA / "price_list.csv", catalog
    )
    ev = evaluate_for_tests(project, catalog)
    text = _flat(pdf_text(build_plan_pdf(project, ev, catalog, language="en")))
    assert "imported price list price_list.csv" in text
    assert "2026-11-20" in text
    # the commitment convention is in the formulas table with its list price
    assert "monthly (包月) list price" in text or "monthly list price" in text
