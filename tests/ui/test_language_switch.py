"""A live language switch retranslates every step, the wizard's buttons and Qt's dialogs."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget, QWizard

from gpu_advisor.io.project_file import load_project
from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.wizard import PageId

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

EXAMPLE = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)[0]
_CJK = re.compile(r"[\u4e00-\u9fff]")
_BUTTON = QWizard.WizardButton


def _texts(root: QWidget) -> dict[int, str]:
    """The text of every visible label and button under ``root``, by widget."""
    found: dict[int, str] = {}
    widgets: list[QLabel | QAbstractButton] = [
        *root.findChildren(QLabel),
        *root.findChildren(QAbstractButton),
    ]
    for widget in widgets:
        if widget.isVisibleTo(root) and widget.text():
            found[id(widget)] = widget.text()
    return found


def _switch(qtbot: Any, language: str) -> None:
    i18n.install_translators(language)
    qtbot.wait(1)  # LanguageChange is delivered through the event loop


@pytest.mark.parametrize("first", ["en", "zh_CN"])
def test_switching_both_ways_on_every_step(
    qtbot: Any, window: MainWindow, first: str
) -> None:
    other = "zh_CN" if first == "en" else "en"
    _switch(qtbot, first)
    window.session.reset(load_project(EXAMPLE), None)
    window.wizard.restart()
    for page_id in PageId:
        window.wizard.go_to(page_id)
        assert window.wizard.currentId() == page_id
        page = window.wizard.currentPage()
        assert page is not None
        before = _texts(window.wizard)
        back_before = window.wizard.button(_BUTTON.BackButton).text()
        _switch(qtbot, other)
        after = _texts(window.wizard)
        nxt = window.wizard.button(_BUTTON.NextButton).text()
        # The wizard's own buttons follow (they kept the first language before).
        assert bool(_CJK.search(nxt)) == (other == "zh_CN"), (page_id.name, nxt)
        assert bool(_CJK.search(page.title())) == (other == "zh_CN"), page_id.name
        changed = [k for k, text in before.items() if after.get(k) != text]
        assert len(changed) >= len(before) // 2, (page_id.name, before, after)
        _switch(qtbot, first)
        # Back in the first language: every text is what it was.
        assert _texts(window.wizard) == before, page_id.name
        assert window.wizard.button(_BUTTON.BackButton).text() == back_before


def test_qt_dialogs_use_the_ui_language(qtbot: Any) -> None:
    _switch(qtbot, "zh_CN")
    assert _CJK.search(QCoreApplication.translate("QFileDialog", "Look in:"))
    assert _CJK.search(QCoreApplication.translate("QFileDialog", "Files of type:"))
    _switch(qtbot, "en")
    assert QCoreApplication.translate("QFileDialog", "Look in:") == "Look in:"


@pytest.mark.parametrize("ui", ["en", "zh_CN"])
def test_generated_files_follow_the_ui_language_not_the_project(
    qtbot: Any, window: MainWindow, ui: str
) -> None:
    from gpu_advisor.model.common import Language

    _switch(qtbot, ui)
    project = load_project(EXAMPLE)
    # the project's own language field says the opposite of the UI
    other = Language.EN if ui == "zh_CN" else Language.ZH
    project = project.model_copy(
        update={"meta": project.meta.model_copy(update={"language": other})}
    )
    window.session.reset(project, None)
    window.wizard.restart()
    for page_id in (PageId.ENVIRONMENT, PageId.MONITORING):
        window.wizard.go_to(page_id)
        page: Any = window.wizard.currentPage()
        page.outputs.ensure_current()
        viewers = page.viewers
        for viewer in viewers.values():
            comments = "\n".join(
                line for line in viewer.text().splitlines() if line.lstrip()[:1] == "#"
            )
            if comments:
                assert bool(_CJK.search(comments)) == (ui == "zh_CN"), (
                    page_id.name,
                    comments[:300],
                )
