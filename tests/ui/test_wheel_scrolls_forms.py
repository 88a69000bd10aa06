"""The mouse wheel scrolls the form; it changes a field only after a click.

The bug this guards against: on the budget step, turning the wheel to
scroll the form while the pointer passed over a price or the data-residency
choice changed that value (and the recommendation with it), with no click.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QDoubleSpinBox, QWidget

from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import DataResidency
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.pages.budget_page import BudgetPage
from gpu_advisor.ui.widgets.bound import BoundCombo, BoundDoubleSpin
from gpu_advisor.ui.wizard import PageId

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

EXAMPLE = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)[0]


def _wheel_down(widget: QWidget) -> bool:
    """One notch of the wheel, towards the user, over ``widget``'s centre;
    True when ``widget`` took it (accepted the event).

    Sent, the event is not spontaneous, and Qt passes only a spontaneous
    wheel event on to the parents of a widget that leaves it ignored: the
    scrolling itself is checked on an event sent to the form's viewport.
    """
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre)),
        QPoint(0, 0),
        QPoint(0, -120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)
    return event.isAccepted()


def _budget_page(window: MainWindow) -> BudgetPage:
    window.session.reset(load_project(EXAMPLE), None)
    window.wizard.restart()
    window.wizard.go_to(PageId.BUDGET)
    page = window.wizard.currentPage()
    assert isinstance(page, BudgetPage)
    return page


def _storage(page: BudgetPage) -> QDoubleSpinBox:
    field = page.fields["storage_tb"]
    assert isinstance(field, BoundDoubleSpin)
    return field.editor


def _residency(page: BudgetPage) -> QComboBox:
    field = page.fields["data_residency"]
    assert isinstance(field, BoundCombo)
    return field.editor


def test_the_wheel_over_unfocused_fields_scrolls_the_form_and_changes_nothing(
    qtbot: Any, window: MainWindow
) -> None:
    page = _budget_page(window)
    window.activateWindow()
    budget = window.session.project.budget
    storage = _storage(page)
    residency = _residency(page)
    index = residency.currentIndex()
    for field in (storage, residency):
        assert not field.hasFocus()
        # left to the widgets around the field, the value unchanged
        assert not _wheel_down(field), field
        assert window.session.project.budget == budget, field
    assert residency.currentIndex() == index
    assert storage.value() == pytest.approx(budget.storage_tb)
    # which is where the form's scroll area takes it and scrolls
    bar = page.form_scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=2000)
    bar.setValue(0)
    assert _wheel_down(page.form_scroll.viewport())
    assert bar.value() > 0


def test_the_wheel_still_steps_a_field_that_has_the_focus(
    qtbot: Any, window: MainWindow
) -> None:
    page = _budget_page(window)
    window.activateWindow()
    storage = _storage(page)
    before = window.session.project.budget.storage_tb
    storage.setFocus()
    qtbot.waitUntil(storage.hasFocus, timeout=2000)
    assert _wheel_down(storage)
    assert window.session.project.budget.storage_tb < before
    residency = _residency(page)
    residency.setFocus()
    qtbot.waitUntil(residency.hasFocus, timeout=2000)
    start = residency.currentIndex()
    assert _wheel_down(residency)
    assert residency.currentIndex() != start
    assert window.session.project.budget.data_residency != DataResidency(
        residency.itemData(start)
    )


def test_the_wheel_gives_no_field_the_focus(qtbot: Any, window: MainWindow) -> None:
    page = _budget_page(window)
    storage = _storage(page)
    residency = _residency(page)
    for field in (storage, residency):
        assert field.focusPolicy() == Qt.FocusPolicy.StrongFocus
        assert field.focusPolicy() & Qt.FocusPolicy.TabFocus  # Tab still reaches it
