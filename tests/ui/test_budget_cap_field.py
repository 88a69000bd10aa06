"""The budget step's cap field: typed in the plan's currency, kept in CNY, undoable,
with the engine's sentence beside it."""

from __future__ import annotations

from typing import Any

import pytest

from gpu_advisor.model.project import Currency
from gpu_advisor.ui.pages.budget_page import BudgetPage
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.widgets.bound import OptionalNumberField


@pytest.fixture
def page(qtbot: Any, session: ProjectSession) -> BudgetPage:
    widget = BudgetPage(session)
    qtbot.addWidget(widget)
    widget.initializePage()
    widget.show()
    return widget


def _cap(page: BudgetPage) -> OptionalNumberField:
    field = page.fields["cap_cny"]
    assert isinstance(field, OptionalNumberField)
    return field


def test_the_cap_is_typed_in_the_plan_currency(
    page: BudgetPage, session: ProjectSession
) -> None:
    session.apply("meta.currency", Currency.USD)
    session.apply("meta.exchange_rate_cny_per_unit", 8.0)
    field = _cap(page)
    assert not field.own_check.isChecked()  # no cap by default
    assert not page.cap_label.isVisible()
    field.own_check.setChecked(True)
    field.editor.setValue(1_000_000)  # USD
    assert session.project.budget.cap_cny == pytest.approx(8_000_000)
    assert field.editor.suffix() == " USD"
    page._refresh_outputs()
    cap = session.evaluation.cost.budget_cap
    assert cap is not None
    assert page.cap_label.isVisible()
    lead = "Over the budget of" if cap.over else "Within the budget of"
    assert page.cap_label.text().startswith(f"{lead} 1,000,000 USD")
    assert "CNY" not in page.cap_label.text()
    session.undo_stack.undo()  # the tick and the value: one edit of one field
    assert session.project.budget.cap_cny is None
    assert not field.own_check.isChecked()
    page._refresh_outputs()
    assert not page.cap_label.isVisible()
