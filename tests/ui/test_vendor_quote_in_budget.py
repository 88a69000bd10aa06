"""A quote entered on the vendors step reaches the budget (issue #30).

Before: typing a vendor's on-demand price on the vendors step scored the
vendor, and the budget step kept showing the catalog's price. Now the quote
form's "Price the plan's rentals with this quote" makes it the plan's price,
shown on the budget step with the vendor named as its source; one undo step,
saved in the project file.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gpu_advisor.io.project_file import load_project, save_project
from gpu_advisor.model.project import Project, Vendor
from gpu_advisor.ui.pages.budget_page import BudgetPage
from gpu_advisor.ui.pages.vendors_page import VendorsPage
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.widgets.bound import OptionalNumberField

KEY = "on_demand_cny_per_gpu_hour"


@pytest.fixture
def pages(qtbot: Any) -> Iterator[tuple[ProjectSession, VendorsPage, BudgetPage]]:
    project = Project(
        vendors=[
            Vendor(name="供应商甲", gpu_id="A100-80GB-SXM"),
            Vendor(name="供应商乙", gpu_id="A100-80GB-SXM"),
        ]
    )
    session = ProjectSession(project)
    vendors = VendorsPage(session)
    qtbot.addWidget(vendors)
    vendors.initializePage()
    budget = BudgetPage(session)
    qtbot.addWidget(budget)
    budget.mc_auto_check.setChecked(False)
    budget._mc_later.cancel()
    budget.initializePage()
    yield session, vendors, budget
    budget.runner.invalidate()
    assert budget.runner.wait_idle(20_000)


def _price(budget: BudgetPage) -> OptionalNumberField:
    field = budget.fields[KEY]
    assert isinstance(field, OptionalNumberField)
    return field


def _on_demand_source(session: ProjectSession) -> str:
    return session.evaluation.budget_defaults[KEY].source


def test_a_quote_reaches_the_budget_named_undoable_and_saved(
    pages: tuple[ProjectSession, VendorsPage, BudgetPage], tmp_path: Path
) -> None:
    session, vendors, budget = pages
    catalog_price = _price(budget).editor.value()
    vendors.select_vendor(1)
    vendors.quote.number_spins[KEY].setValue(7.42)
    # the quote alone scores the vendor; the budget is unchanged (as before)
    assert session.project.vendors[1].on_demand_cny_per_gpu_hour == 7.42
    assert _price(budget).editor.value() == pytest.approx(catalog_price)
    assert _on_demand_source(session).startswith("catalog")

    vendors.quote.budget_check.setChecked(True)
    assert session.project.vendors[1].quote_in_budget
    assert _price(budget).editor.value() == pytest.approx(7.42)
    assert _on_demand_source(session) == "quote 供应商乙, vendors step"
    tip = _price(budget).editor.toolTip()
    assert "供应商乙" in tip
    assert "Source: quote of 供应商乙 (Vendor tests step)" in tip

    # one vendor's quote at a time: choosing 甲 clears 乙 in the same step
    vendors.select_vendor(0)
    assert not vendors.quote.budget_check.isChecked()
    vendors.quote.budget_check.setChecked(True)
    assert [v.quote_in_budget for v in session.project.vendors] == [True, False]
    session.undo_stack.undo()
    assert [v.quote_in_budget for v in session.project.vendors] == [False, True]

    path = tmp_path / "quoted.gpuplan"
    save_project(session.project, path)
    assert load_project(path).vendors[1].quote_in_budget

    session.undo_stack.undo()  # the choice
    assert not session.project.vendors[1].quote_in_budget
    assert _price(budget).editor.value() == pytest.approx(catalog_price)
    session.undo_stack.redo()
    assert _price(budget).editor.value() == pytest.approx(7.42)
    vendors.select_vendor(1)
    assert vendors.quote.budget_check.isChecked()  # model -> widget
