"""superqt's widgets where the app wrote its own: the budget step's folding
sections (``QCollapsible``) and the status bar's eliding recommendation
(``QElidingLabel``), with keyboard access and translations kept (issue #13)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel
from superqt import QCollapsible, QElidingLabel

from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.pages.budget_page import BudgetPage
from gpu_advisor.ui.session import ProjectSession


def _shown_page(qtbot: Any, session: ProjectSession) -> BudgetPage:
    page = BudgetPage(session)
    qtbot.addWidget(page)
    page.mc_auto_check.setChecked(False)
    page.resize(1200, 900)
    page.show()
    page.activateWindow()
    qtbot.waitExposed(page)
    return page


def test_budget_sections_fold_and_unfold_from_the_keyboard(
    qtbot: Any, session: ProjectSession
) -> None:
    # The shown page is held by qtbot until closed and deleted: held weakly,
    # it was freed by a garbage collection pass while pytest-qt's teardown
    # painted it (SIGSEGV in ScatterPlotItem.paint; tests/ui/conftest.py).
    page = _shown_page(qtbot, session)
    assert all(isinstance(s, QCollapsible) for s in page.sections.values())
    assert page.sections["owning"].text() == "Owning (colocation or own room)"
    section = page.sections["owning"]
    assert section.expanded
    field = page.fields["gpu_price_cny"]
    title = section.toggleButton()
    assert title.focusPolicy() & Qt.FocusPolicy.TabFocus
    title.setFocus()
    qtbot.waitUntil(title.hasFocus, timeout=2000)
    assert field.isVisible()
    qtbot.keyClick(title, Qt.Key.Key_Space)
    assert not section.expanded
    assert not field.isVisible()
    # Tab from a folded section's title never lands in its hidden fields.
    qtbot.keyClick(title, Qt.Key.Key_Tab)
    focused = QApplication.focusWidget()
    assert focused is not None
    assert focused is not title
    assert not section.body.isAncestorOf(focused)
    title.setFocus()
    qtbot.waitUntil(title.hasFocus, timeout=2000)
    qtbot.keyClick(title, Qt.Key.Key_Space)
    assert section.expanded
    assert field.isVisible()
    # unfolded at once, the whole form in view (no height cap below its rows)
    assert section.body.height() >= section.body.minimumSizeHint().height()


def test_the_status_line_elides_a_long_recommendation(
    qtbot: Any, window: MainWindow
) -> None:
    label = window.recommendation_label
    assert isinstance(label, QElidingLabel)
    window.resize(700, 500)
    long_reason = "Recommendation: monthly — " + "a very long reason " * 30
    label.setText(long_reason)
    qtbot.waitUntil(lambda: QLabel.text(label) != long_reason, timeout=2000)
    assert label.text() == long_reason  # the whole text stays the label's
    shown = QLabel.text(label)
    assert shown.endswith("…")
    assert label.fontMetrics().horizontalAdvance(shown) <= label.width()
