"""File ▸ Compare with…: the open plan against a saved copy with three changed inputs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gpu_advisor.engine.diff import diff_inputs
from gpu_advisor.io.project_file import save_project
from gpu_advisor.report.glossary import input_name
from gpu_advisor.ui.compare_dialog import CompareController
from tests.make_examples import lab_steady_full_load


def test_compare_lists_exactly_the_changed_inputs_in_words(
    qtbot: Any, window: Any, tmp_path: Path, dialogs: Any
) -> None:
    saved = lab_steady_full_load()
    path = tmp_path / "saved.gpuplan"
    save_project(saved, path)
    window.session.reset(saved, None)
    session = window.session
    session.apply("meta.horizon_months", 48)
    session.apply("budget.electricity_cny_per_kwh", 1.1)
    session.apply("workload.gpu_id", "H100-80GB-SXM")
    controller = window.compare
    assert isinstance(controller, CompareController)
    assert controller.menu.menuAction() in window.file_menu.actions()
    controller.fill_menu()
    assert controller.action in controller.menu.actions()
    dialogs.open_paths.append(path)
    controller.ask()
    dialog = controller.dialog
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert [c.path for c in dialog.diff.inputs] == [
        c.path for c in diff_inputs(saved, session.project)
    ]
    assert len(dialog.diff.inputs) == 3
    text = dialog.view.toPlainText()
    for field in (
        "meta.horizon_months",
        "budget.electricity_cny_per_kwh",
        "workload.gpu_id",
    ):
        assert input_name(field, "en") in text
        assert field not in text  # the path only in the row's tooltip
    assert "Inputs changed (3)" in text
    keys = {r.key for r in dialog.diff.results}
    assert "sizing.gpu_hours" in keys


def test_compare_with_itself_says_so(qtbot: Any, window: Any, tmp_path: Path) -> None:
    path = tmp_path / "same.gpuplan"
    save_project(lab_steady_full_load(), path)
    window.session.reset(lab_steady_full_load(), None)
    dialog = window.compare.compare_with(path)
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert dialog.view.toPlainText().strip() == "The two plans are the same."


def test_a_damaged_file_is_one_clear_message(
    window: Any, tmp_path: Path, dialogs: Any
) -> None:
    path = tmp_path / "bad.gpuplan"
    path.write_text('{"schema_version": 2, "meta": {"horizon_months": 0}}')
    assert window.compare.compare_with(path) is None
    (message,) = dialogs.texts("critical")
    assert message.startswith("bad.gpuplan: meta.horizon_months:")
