"""Budget step: import a price list (undoable) and export the option table."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from gpu_advisor.ui.pages.budget_page import BudgetPage
from gpu_advisor.ui.session import ProjectSession

DATA = Path(__file__).resolve().parents[1] / "data"


def _page(qtbot) -> tuple[BudgetPage, ProjectSession]:
    session = ProjectSession()
    page = BudgetPage(session)
    qtbot.addWidget(page)
    page.retranslate_ui()
    return page, session


def test_import_prices_is_one_undoable_step_and_the_inputs_cite_the_file(qtbot):
    page, session = _page(qtbot)
    assert page.import_prices_button.text()
    assert page.import_prices_from(DATA / "price_list.csv") is None
    assert len(session.project.price_overrides) == 3
    refs = {
        r.name: r.source for e in session.evaluation.cost.explanations for r in e.inputs
    }
    assert refs["budget.on_demand_cny_per_gpu_hour"].startswith(
        "imported price_list.csv"
    )
    session.undo_stack.undo()
    assert session.project.price_overrides == []


def test_bad_price_file_changes_nothing_and_names_the_cell(qtbot, tmp_path):
    page, session = _page(qtbot)
    bad = tmp_path / "prices.csv"
    bad.write_text("gpu,item,price,date\nA100-80GB-SXM,monthly,x,2026-11-20\n")
    error = page.import_prices_from(bad)
    assert error is not None
    assert "sheet 'prices', row 2, column C" in error
    assert error.endswith("nothing was imported")
    assert session.project.price_overrides == []
    assert session.undo_stack.count() == 0


def test_export_table_writes_the_option_totals(qtbot, tmp_path):
    page, session = _page(qtbot)
    out = tmp_path / "options.xlsx"
    assert page.export_table_to(out) is None
    book = openpyxl.load_workbook(out)
    rows = list(book.worksheets[0].iter_rows(min_row=5, values_only=True))
    assert len(rows) == len(session.evaluation.cost.options)
    # each total is a formula over the option's own sheet (tests/io/test_workbook.py)
    assert all(str(row[1]).startswith("='") for row in rows)
