"""Return in a number field commits the number and stays on the step.

The bug this guards against: a spin box ignores the Return key once it has
committed, so the key went on to the wizard, whose default button (Next)
took it: typing a price and pressing Return also left the step. Return now
ends the edit in the field (the value committed, shown in the field's
format) and goes no further; the user moves on with Next or Alt+N. Return on
a button keeps its usual meaning.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QWizard, QWizardPage

from gpu_advisor.io.project_file import load_project
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.pages.budget_page import BudgetPage
from gpu_advisor.ui.pages.project_page import ProjectPage
from gpu_advisor.ui.widgets.bound import (
    BoundDoubleSpin,
    OptionalNumberField,
    has_pending_text,
)
from gpu_advisor.ui.wizard import PageId

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

EXAMPLE = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)[0]

RETURN_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)

_P = TypeVar("_P", bound=QWizardPage)


def _open_example(window: MainWindow, step: PageId) -> None:
    window.session.reset(load_project(EXAMPLE), None)
    window.wizard.restart()
    window.wizard.go_to(step)
    assert window.wizard.currentId() == step


def _open_page(window: MainWindow, step: PageId, kind: type[_P]) -> _P:
    """The example open on ``step``, whose page is a ``kind``."""
    _open_example(window, step)
    page = window.wizard.currentPage()
    assert isinstance(page, kind)
    return page


def _type_into(
    qtbot: Any, window: MainWindow, spin: QAbstractSpinBox, text: str
) -> None:
    window.activateWindow()
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus, timeout=2000)
    spin.selectAll()
    line = spin.lineEdit()
    assert line is not None
    qtbot.keyClicks(line, text)
    assert has_pending_text(spin)  # typed, not committed yet


def _press(qtbot: Any, spin: QAbstractSpinBox, key: Qt.Key) -> None:
    modifier = (
        Qt.KeyboardModifier.KeypadModifier
        if key == Qt.Key.Key_Enter
        else Qt.KeyboardModifier.NoModifier
    )
    qtbot.keyClick(spin, key, modifier)


@pytest.mark.parametrize("key", RETURN_KEYS, ids=["return", "enter"])
def test_return_in_the_horizon_commits_and_stays_on_the_step(
    qtbot: Any, window: MainWindow, key: Qt.Key
) -> None:
    page = _open_page(window, PageId.PROJECT, ProjectPage)
    spin = page.horizon_spin
    _type_into(qtbot, window, spin, "7")
    _press(qtbot, spin, key)
    assert window.session.project.meta.horizon_months == 7
    assert window.wizard.currentId() == PageId.PROJECT
    assert not has_pending_text(spin)
    assert spin.hasFocus()
    assert spin.cleanText() == spin.textFromValue(7)


@pytest.mark.parametrize("key", RETURN_KEYS, ids=["return", "enter"])
def test_return_in_a_budget_price_commits_and_stays_on_the_step(
    qtbot: Any, window: MainWindow, key: Qt.Key
) -> None:
    page = _open_page(window, PageId.BUDGET, BudgetPage)
    price = page.fields["on_demand_cny_per_gpu_hour"]
    assert isinstance(price, OptionalNumberField)
    price.own_check.setChecked(True)
    _type_into(qtbot, window, price.editor, "19.5")
    _press(qtbot, price.editor, key)
    assert window.session.project.budget.on_demand_cny_per_gpu_hour == pytest.approx(
        19.5
    )
    assert window.wizard.currentId() == PageId.BUDGET
    # Editing finished: the number in the field's own format ("19.50").
    assert price.editor.cleanText() == price.editor.textFromValue(19.5)
    storage = page.fields["storage_tb"]
    assert isinstance(storage, BoundDoubleSpin)
    _type_into(qtbot, window, storage.editor, "250")
    _press(qtbot, storage.editor, key)
    assert window.session.project.budget.storage_tb == pytest.approx(250.0)
    assert window.wizard.currentId() == PageId.BUDGET


def test_no_number_field_of_any_step_passes_return_to_the_wizard(
    qtbot: Any, window: MainWindow
) -> None:
    window.session.reset(load_project(EXAMPLE), None)
    window.wizard.restart()
    window.activateWindow()
    offenders = []
    checked = 0
    for step in PageId:
        window.wizard.go_to(step)
        assert window.wizard.currentId() == step
        page = window.wizard.currentPage()
        assert page is not None
        for spin in page.findChildren(QAbstractSpinBox):
            if not (spin.isVisible() and spin.isEnabled()) or spin.keyboardTracking():
                continue  # hidden, greyed out, or not a number field of the plan
            spin.setFocus()  # a key reaches only the focused field
            qtbot.waitUntil(spin.hasFocus, timeout=2000)
            qtbot.keyClick(spin, Qt.Key.Key_Return)
            checked += 1
            if window.wizard.currentId() != step:
                offenders.append(f"{step.name}: {spin.objectName() or spin}")
                window.wizard.go_to(step)
    assert offenders == []
    assert checked > 20  # every step's visible number fields, not none


def test_alt_n_moves_on_after_return_committed_the_number(
    qtbot: Any, window: MainWindow
) -> None:
    page = _open_page(window, PageId.PROJECT, ProjectPage)
    _type_into(qtbot, window, page.horizon_spin, "9")
    qtbot.keyClick(page.horizon_spin, Qt.Key.Key_Return)
    assert window.wizard.currentId() == PageId.PROJECT
    qtbot.keyClick(page.horizon_spin, Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
    # the button's mnemonic animates a click (about 100 ms)
    qtbot.waitUntil(lambda: window.wizard.currentId() == PageId.WORKLOAD, timeout=2000)
    assert window.session.project.meta.horizon_months == 9


def test_return_on_a_focused_button_still_presses_it(
    qtbot: Any, window: MainWindow
) -> None:
    _open_example(window, PageId.WORKLOAD)
    back = window.wizard.button(QWizard.WizardButton.BackButton)
    window.activateWindow()
    back.setFocus()
    qtbot.waitUntil(back.hasFocus, timeout=2000)
    qtbot.keyClick(back, Qt.Key.Key_Return)
    assert window.wizard.currentId() == PageId.PROJECT
    next_button = window.wizard.button(QWizard.WizardButton.NextButton)
    next_button.setFocus()
    qtbot.waitUntil(next_button.hasFocus, timeout=2000)
    qtbot.keyClick(next_button, Qt.Key.Key_Return)
    assert window.wizard.currentId() == PageId.WORKLOAD
    assert QApplication.focusWidget() is not None
