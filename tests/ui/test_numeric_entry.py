"""Typing numbers: committed on editing-finished or a pause, never mid-number.

The bug this guards against: every keystroke was committed and the field
reformatted, so typing "19.5" into a price gave 19.00 (the "." was dropped
because "19" had already become "19.00").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractSpinBox, QDoubleSpinBox, QSpinBox, QWidget

from gpu_advisor.io.project_file import load_project
from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.widgets.bound import (
    PAUSE_COMMIT_MS,
    BoundDoubleSpin,
    OptionalNumberField,
    commit_when_finished,
    flush_pending,
    has_pending_text,
)
from gpu_advisor.ui.wizard import PageId

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

LANGUAGES = ("en", "zh_CN")
EXAMPLE = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)[0]


def _focus(qtbot: Any, widget: QWidget, editor: QAbstractSpinBox) -> None:
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    editor.setFocus()
    qtbot.waitUntil(editor.hasFocus, timeout=2000)
    editor.selectAll()


def _type(qtbot: Any, editor: QAbstractSpinBox, text: str) -> None:
    line = editor.lineEdit()
    assert line is not None
    qtbot.keyClicks(line, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_price_with_decimals_is_typed_whole(
    qtbot: Any, session: ProjectSession, language: str
) -> None:
    i18n.install_translators(language)
    field = OptionalNumberField(
        session, "budget.on_demand_cny_per_gpu_hour", maximum=1e5, decimals=2
    )
    qtbot.addWidget(field)
    field.own_check.setChecked(True)
    before = session.project.budget.on_demand_cny_per_gpu_hour
    _focus(qtbot, field, field.editor)
    _type(qtbot, field.editor, "19")
    # Mid-number: nothing committed, nothing rewritten.
    assert session.project.budget.on_demand_cny_per_gpu_hour == before
    assert has_pending_text(field.editor)
    _type(qtbot, field.editor, ".5")
    assert field.editor.lineEdit().text().endswith("19.5")
    qtbot.keyClick(field.editor, Qt.Key.Key_Return)
    assert session.project.budget.on_demand_cny_per_gpu_hour == pytest.approx(19.5)
    assert not has_pending_text(field.editor)
    # Editing finished: shown in the field's own format again.
    assert field.editor.value() == pytest.approx(19.5)


@pytest.mark.parametrize("language", LANGUAGES)
def test_pause_commits_without_rewriting_the_text(
    qtbot: Any, session: ProjectSession, language: str
) -> None:
    i18n.install_translators(language)
    field = BoundDoubleSpin(
        session, "budget.storage_tb", maximum=1e6, decimals=3, step=1.0
    )
    qtbot.addWidget(field)
    _focus(qtbot, field, field.editor)
    _type(qtbot, field.editor, "2.4")
    assert session.project.budget.storage_tb == pytest.approx(100.0)
    qtbot.wait(PAUSE_COMMIT_MS + 300)
    assert session.project.budget.storage_tb == pytest.approx(2.4)
    # The live commit did not reformat "2.4" into "2.400" under the cursor.
    line = field.editor.lineEdit()
    assert line is not None
    assert line.text() == "2.4"
    _type(qtbot, field.editor, "5")
    field.editor.clearFocus()  # focus out finishes the edit
    assert session.project.budget.storage_tb == pytest.approx(2.45)
    assert session.undo_stack.count() == 1  # one field, one merged undo step


def test_flush_commits_a_number_still_being_typed(qtbot: Any) -> None:
    holder = QWidget()
    spin = QDoubleSpinBox(holder, decimals=2, maximum=1e5)
    qtbot.addWidget(holder)
    commit_when_finished(spin)
    committed: list[float] = []
    spin.valueChanged.connect(committed.append)
    _focus(qtbot, holder, spin)
    _type(qtbot, spin, "7.25")
    assert committed == []
    flush_pending(holder)  # what Save and Next do first
    assert committed == [pytest.approx(7.25)]


def test_flush_commits_only_under_its_root_and_survives_a_deleted_field(
    qtbot: Any,
) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    left, right = QWidget(holder), QWidget(holder)
    spins = {
        name: QDoubleSpinBox(parent, decimals=2, maximum=1e5)
        for name, parent in (("left", left), ("right", right), ("gone", right))
    }
    committed: dict[str, list[float]] = {name: [] for name in spins}
    for name, spin in spins.items():
        commit_when_finished(spin)
        spin.valueChanged.connect(committed[name].append)
    for name, text in (("left", "1.5"), ("gone", "9"), ("right", "2.5")):
        _focus(qtbot, holder, spins[name])
        _type(qtbot, spins[name], text)
    spins["gone"].deleteLater()  # deleted while its number was being typed
    qtbot.waitUntil(lambda: not shiboken6.isValid(spins["gone"]), timeout=2000)
    flush_pending(left)
    assert committed["left"] == [pytest.approx(1.5)]
    assert committed["right"] == []  # typed under another root: left alone
    flush_pending(holder)
    assert committed["right"] == [pytest.approx(2.5)]


def test_step_change_commits_the_typed_number(qtbot: Any, window: MainWindow) -> None:
    window.session.reset(load_project(EXAMPLE), None)
    window.wizard.restart()
    page = window.wizard.currentPage()
    assert page is not None
    spin = page.findChild(QSpinBox)  # the horizon (the plan date is a QDateEdit)
    assert spin is not None
    window.activateWindow()
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus, timeout=2000)
    spin.selectAll()
    _type(qtbot, spin, "7")
    window.wizard.next()
    assert window.session.project.meta.horizon_months == 7


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_number_field_of_every_step_waits_for_the_edit_to_finish(
    qtbot: Any, window: MainWindow, language: str
) -> None:
    i18n.install_translators(language)
    window.session.reset(load_project(EXAMPLE), None)
    for page_id in PageId:
        window.wizard.ensure_page(page_id)
    offenders = []
    for page_id in PageId:
        page = window.wizard.built_page(page_id)
        assert page is not None
        for spin in page.findChildren(QAbstractSpinBox):
            if spin.keyboardTracking():
                offenders.append(f"{page_id.name}: {spin.objectName() or spin}")
    assert offenders == []
