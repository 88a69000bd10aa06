"""Every dialog whole at its opening size, in both languages (issue "[desk]").

The steps' layout test (:mod:`tests.ui.test_layout_steps`) judges the wizard;
this one opens each dialog a user meets — "Why this number?", Compare With…,
Preferences, the export and print choice, Sign Plan, the guide, the Hugging
Face config paste — at the size it opens with, and lists what a user could not
read: text cut off in a label, button, check box or combo box, a table that
hides rows or columns, widgets of one layout drawn over each other (the "why?"
dialog once drew its Reference section over its inputs table), a dialog larger
than a 1280×720 screen.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QDialog, QLayout, QWidget

from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Language, PlanLanguage
from gpu_advisor.model.project import Project
from gpu_advisor.ui import i18n
from gpu_advisor.ui.compare_dialog import CompareDialog, compare_plans
from gpu_advisor.ui.main_window import GuideDialog, MainWindow
from gpu_advisor.ui.pages.workload_page import ConfigPasteDialog
from gpu_advisor.ui.plan_language import PlanOutputDialog
from gpu_advisor.ui.preferences import PreferencesDialog
from gpu_advisor.ui.sign_dialogs import SignPlanDialog
from gpu_advisor.ui.widgets.why import ExplanationDialog
from tests.ui.layout_check import _settle, _visible_problems

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "resources" / "examples" / "shenzhen_7b_pretrain_then_serve.gpuplan"
SCREEN = QRect(0, 0, 1280, 720)
"""The smallest screen the app is made for (logical pixels)."""


def _overlaps(dialog: QWidget) -> list[str]:
    """Visible widgets that one layout places over each other."""
    found: list[str] = []
    for layout in dialog.findChildren(QLayout):
        items = [layout.itemAt(i) for i in range(layout.count())]
        placed = [
            w
            for item in items
            if item is not None and (w := item.widget()) is not None and w.isVisible()
        ]
        for a, b in itertools.combinations(placed, 2):
            shared = a.geometry().intersected(b.geometry())
            if shared.width() > 1 and shared.height() > 1:
                found.append(
                    f"{type(a).__name__} {a.accessibleName() or a.objectName()!r} "
                    f"over {type(b).__name__} {b.accessibleName() or b.objectName()!r}"
                )
    return found


def _explanation(window: MainWindow) -> ExplanationDialog:
    """The "why?" of the plan's GPU-hours: the most inputs and a reference."""
    explained = window.session.evaluation.sizing.explanations
    richest = max(explained, key=lambda e: len(e.inputs))
    dialog = ExplanationDialog(richest.key, window, catalog=window.session.catalog)
    dialog.set_explanation(richest)
    return dialog


def _compare(window: MainWindow) -> CompareDialog:
    project = window.session.project
    other = project.model_copy(
        update={"meta": project.meta.model_copy(update={"horizon_months": 24})}
    )
    diff, sides = compare_plans(
        window.session, Project.model_validate(other.model_dump())
    )
    return CompareDialog(diff, ROOT / "variant.gpuplan", window, sides)


DIALOGS: dict[str, Callable[[MainWindow], QDialog]] = {
    "why this number": _explanation,
    "compare with": _compare,
    "preferences": lambda w: PreferencesDialog(w.settings, w.session.catalog, w),
    "export plan": lambda w: PlanOutputDialog(
        "Export", PlanLanguage(Language.ZH, Language.EN), "a4", w
    ),
    "sign plan": lambda w: SignPlanDialog(w.session, w),
    "guide": GuideDialog,
    "paste a model config": ConfigPasteDialog,
}


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("name", list(DIALOGS))
def test_dialog_is_whole_at_its_opening_size(
    qtbot: Any, window: MainWindow, language: str, name: str
) -> None:
    if language != "en" and not i18n.catalog_available(language):
        pytest.skip("compiled .qm missing")
    i18n.install_translators(language)
    window.open_file(EXAMPLE, ask=False)
    assert window.session.project == load_project(EXAMPLE)
    dialog = DIALOGS[name](window)
    qtbot.addWidget(dialog)
    dialog.show()
    app = QApplication.instance()
    assert app is not None
    _settle(app, 100)
    problems = _visible_problems(dialog) + _overlaps(dialog)
    size = dialog.frameGeometry().size()
    if size.width() > SCREEN.width() or size.height() > SCREEN.height():
        problems.append(
            f"opens at {size.width()}×{size.height()}, larger than 1280×720"
        )
    dialog.close()
    window.session.undo_stack.setClean()
    assert not problems, "\n".join(problems)


def test_the_checks_see_cut_text_and_widgets_drawn_over_each_other(
    qtbot: Any,
) -> None:
    from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout

    dialog = QDialog()
    qtbot.addWidget(dialog)
    label = QLabel("A label whose text is far wider than the room it was given")
    label.setFixedWidth(40)
    button = QPushButton("Reference")
    layout = QVBoxLayout(dialog)
    layout.addWidget(label)
    layout.addWidget(button)
    dialog.show()
    app = QApplication.instance()
    assert app is not None
    _settle(app)
    assert not _overlaps(dialog)
    assert any("A label whose text" in p for p in _visible_problems(dialog))
    button.setGeometry(label.geometry())  # as a layout bug would place it
    assert _overlaps(dialog) == ["QLabel '' over QPushButton ''"]
