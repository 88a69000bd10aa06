"""Keyboard: unique mnemonics on every step, and plan undo from any field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit

from gpu_advisor.io.project_file import load_project
from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.pages.project_page import ProjectPage
from gpu_advisor.ui.widgets.bound import PAUSE_COMMIT_MS
from gpu_advisor.ui.wizard import PageId
from tests.ui.mnemonics import WIZARD_LETTERS, clashes, menu_letters, mnemonic

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

LANGUAGES = ("en", "zh_CN")
EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_mnemonic_clash_on_any_step(
    qtbot: Any, window: MainWindow, language: str
) -> None:
    i18n.install_translators(language)
    qtbot.wait(1)
    window.session.reset(load_project(EXAMPLES[0]), None)
    menu = menu_letters(window.menuBar())
    assert {"F", "E", "V", "H"} <= menu  # the menu bar really has its letters
    # Back and Next carry B and N in both languages (Qt's own catalog in zh).
    window.wizard.restart()
    window.wizard.next()
    back = window.wizard.button(window.wizard.WizardButton.BackButton).text()
    nxt = window.wizard.button(window.wizard.WizardButton.NextButton).text()
    assert (mnemonic(back), mnemonic(nxt)) == ("B", "N")
    problems = []
    for page_id in PageId:
        page = window.wizard.page_for(page_id)
        problems += [
            f"{page_id.name}: {p}" for p in clashes(page, menu | WIZARD_LETTERS)
        ]
    assert problems == []


def test_the_checker_finds_a_clash(qtbot: Any, window: MainWindow) -> None:
    page = window.wizard.page_for(PageId.PROJECT)
    assert clashes(page, set()) == []
    label = QLabel("&File twin:", page)
    label.setBuddy(page.findChildren(QLineEdit)[0])
    assert clashes(page, {"F"}) != []
    label.setText("&Author twin:")
    assert any("Alt+A" in p for p in clashes(page, set()))
    label.deleteLater()


@pytest.mark.parametrize("language", LANGUAGES)
def test_ctrl_z_in_a_text_field_undoes_the_plan(
    qtbot: Any, window: MainWindow, language: str
) -> None:
    i18n.install_translators(language)
    window.session.reset(load_project(EXAMPLES[0]), None)
    window.wizard.restart()
    page = window.wizard.currentPage()
    assert isinstance(page, ProjectPage)
    before = window.session.project.meta.title
    window.activateWindow()
    page.title_edit.setFocus()
    qtbot.waitUntil(page.title_edit.hasFocus, timeout=2000)
    page.title_edit.end(False)
    qtbot.keyClicks(page.title_edit, " X")
    assert window.session.project.meta.title == before + " X"
    qtbot.keyClick(page.title_edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.session.project.meta.title == before
    assert page.title_edit.text() == before
    qtbot.keyClick(
        page.title_edit,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert window.session.project.meta.title == before + " X"
    qtbot.keyClick(page.title_edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(page.title_edit, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert window.session.project.meta.title == before + " X"


def test_ctrl_z_in_a_spin_box_undoes_the_plan_once_committed(
    qtbot: Any, window: MainWindow
) -> None:
    window.session.reset(load_project(EXAMPLES[0]), None)
    window.wizard.restart()
    page = window.wizard.currentPage()
    assert isinstance(page, ProjectPage)
    spin = page.horizon_spin
    before = window.session.project.meta.horizon_months
    window.activateWindow()
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus, timeout=2000)
    spin.selectAll()
    qtbot.keyClicks(spin, "7")
    # Uncommitted text: Ctrl+Z is the field's own (takes the "7" back).
    qtbot.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.session.project.meta.horizon_months == before
    qtbot.keyClicks(spin, "7")
    # A pause commits, as Return would (tests/ui/test_return_in_number_fields.py);
    # the pages built in the background meanwhile leave the focus where the
    # user types.
    qtbot.wait(PAUSE_COMMIT_MS + 300)
    assert spin.hasFocus()
    assert window.session.project.meta.horizon_months == 7
    qtbot.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.session.project.meta.horizon_months == before
