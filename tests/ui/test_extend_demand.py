"""The budget step offers the demand that pays for the whole job (issue [feasible]).

The engine proposes it (``Work.extension``); the step applies it only when the
user confirms, as one step Ctrl+Z takes back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from gpu_advisor.cli.cost import apply_overrides
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import Project
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.widgets.recommendation import RecommendationPanel

SZ = (
    Path(__file__).resolve().parents[2]
    / "resources"
    / "examples"
    / "shenzhen_7b_pretrain_then_serve.gpuplan"
)


def _panel(qtbot: Any, project: Project) -> tuple[RecommendationPanel, ProjectSession]:
    session = ProjectSession(project)
    panel = RecommendationPanel(session, str)
    qtbot.addWidget(panel)
    panel.set_result(session.evaluation.cost)
    return panel, session


def test_a_whole_plan_offers_no_extension(qtbot: Any) -> None:
    panel, _session = _panel(qtbot, load_project(SZ))
    assert panel.extend_button.isHidden()


@pytest.mark.parametrize(
    "answer", [QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No]
)
def test_extending_the_demand_asks_first_and_can_be_undone(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, answer: QMessageBox.StandardButton
) -> None:
    project = apply_overrides(
        load_project(SZ),
        ["workload.tokens_billion=2000", "meta.horizon_months=4"],
    )
    panel, session = _panel(qtbot, project)
    assert not panel.extend_button.isHidden()
    assert panel.extend_button.accessibleName()
    extension = session.evaluation.cost.work.extension  # type: ignore[union-attr]
    assert extension is not None
    # the tooltip says what will change before anything does
    assert str(extension.horizon_months) in panel.extend_button.toolTip()
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, *a: object) -> Any:
        asked.append(text)
        return answer

    monkeypatch.setattr(QMessageBox, "question", question)
    qtbot.mouseClick(panel.extend_button, Qt.MouseButton.LeftButton)
    assert len(asked) == 1
    if answer is QMessageBox.StandardButton.No:
        assert session.project == project  # nothing changed
        return
    assert session.project.meta.horizon_months == extension.horizon_months
    assert session.project.demand.months == extension.months
    work = session.evaluation.cost.work
    assert work is not None
    assert work.extension is None
    session.undo_stack.undo()
    assert session.project == project
