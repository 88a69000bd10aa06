"""The main window driven like a user would: files, undo, close, language, recovery."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QDialog, QMessageBox

from gpu_advisor.io.autosave import AutosaveStore
from gpu_advisor.io.project_file import load_project, save_project
from gpu_advisor.model.project import Currency, Project, ProjectMeta
from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import MainWindow, RecoveryDialog, option_label
from gpu_advisor.ui.settings import AppSettings, LanguageChoice
from gpu_advisor.ui.wizard import PageId

# The offscreen platform says so for every dock widget; it is not our warning.
pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

Button = QMessageBox.StandardButton


def _type_title(qtbot: Any, window: MainWindow, text: str) -> None:
    edit = window.wizard.project_page.title_edit
    edit.selectAll()
    qtbot.keyClicks(edit, text)


def _write_plan(path: Path, title: str) -> Path:
    save_project(Project(meta=ProjectMeta(title=title)), path)
    return path


# --- title, new, undo -------------------------------------------------------------------


def test_title_shows_name_and_unsaved_marker(qtbot: Any, window: MainWindow) -> None:
    assert window.windowTitle() == "Untitled plan[*] — GPU Advisor"
    assert not window.isWindowModified()
    _type_title(qtbot, window, "Llama fine-tune")
    assert window.isWindowModified()
    assert window.windowTitle() == "Llama fine-tune[*] — GPU Advisor"


def test_new_uses_preferred_defaults(
    window: MainWindow, settings: AppSettings, dialogs: Any
) -> None:
    settings.set_default_currency(Currency.USD)
    assert window.new_project()
    assert window.session.project.meta.currency is Currency.USD
    assert dialogs.shown == []  # nothing unsaved, nothing asked


def test_typing_in_one_field_is_one_undo_step(qtbot: Any, window: MainWindow) -> None:
    _type_title(qtbot, window, "Qwen 72B")
    stack = window.session.undo_stack
    assert stack.count() == 1
    assert window.undo_action.isEnabled()
    assert window.undo_action.text() == "&Undo Change plan title"
    assert not window.redo_action.isEnabled()
    window.undo_action.trigger()
    assert window.session.project.meta.title == "Untitled plan"
    assert window.wizard.project_page.title_edit.text() == "Untitled plan"
    assert not window.isWindowModified()
    assert window.redo_action.text() == "&Redo Change plan title"
    window.redo_action.trigger()
    assert window.session.project.meta.title == "Qwen 72B"
    assert window.isWindowModified()


@pytest.mark.parametrize(
    ("answer", "proceeds", "title_after"),
    [
        (Button.Cancel, False, "Keep me"),
        (Button.Discard, True, "Untitled plan"),
    ],
)
def test_new_asks_about_unsaved_changes(
    qtbot: Any,
    window: MainWindow,
    dialogs: Any,
    answer: Any,
    proceeds: bool,
    title_after: str,
) -> None:
    _type_title(qtbot, window, "Keep me")
    dialogs.answers.append(answer)
    assert window.new_project() is proceeds
    assert window.session.project.meta.title == title_after
    assert "“Keep me” has unsaved changes. Save them?" in dialogs.texts("warning")


# --- save, save as, open, open recent ------------------------------------------------------


def test_save_as_then_save_keeps_a_backup(
    qtbot: Any, window: MainWindow, dialogs: Any, tmp_path: Path, settings: AppSettings
) -> None:
    _type_title(qtbot, window, "Plan A")
    dialogs.save_paths.append(tmp_path / "plan_a")  # no suffix: the window adds it
    window.save_action.trigger()  # never saved: Save goes through Save As
    target = tmp_path / "plan_a.gpuplan"
    assert load_project(target).meta.title == "Plan A"
    assert window.session.path == target
    assert not window.isWindowModified()
    assert window.windowTitle() == "plan_a.gpuplan[*] — GPU Advisor"
    assert settings.recent_files() == [target.resolve()]
    assert settings.last_folder() == tmp_path.resolve()

    _type_title(qtbot, window, "Plan A v2")
    window.save_action.trigger()  # has a path: no dialog
    assert load_project(target).meta.title == "Plan A v2"
    assert load_project(tmp_path / "plan_a.gpuplan.bak").meta.title == "Plan A"
    assert dialogs.save_paths == []


def test_save_as_cancelled_changes_nothing(
    qtbot: Any, window: MainWindow, dialogs: Any
) -> None:
    _type_title(qtbot, window, "Unsaved")
    dialogs.save_paths.append(None)
    assert not window.save_as()
    assert window.session.path is None
    assert window.isWindowModified()


def test_save_failure_names_the_file_and_keeps_the_project(
    qtbot: Any, window: MainWindow, dialogs: Any, tmp_path: Path
) -> None:
    folder = tmp_path / "taken.gpuplan"
    folder.mkdir()  # a folder where the file should go
    _type_title(qtbot, window, "Cannot save")
    dialogs.save_paths.append(folder)
    assert not window.save_as()
    (message,) = dialogs.texts("critical")
    assert "Could not save the plan" in message
    assert "taken.gpuplan" in message
    assert window.session.project.meta.title == "Cannot save"
    assert window.isWindowModified()


def test_open_dialog_loads_the_file(
    window: MainWindow, dialogs: Any, tmp_path: Path, settings: AppSettings
) -> None:
    plan = _write_plan(tmp_path / "opened.gpuplan", "From disk")
    dialogs.open_paths.append(plan)
    window.open_action.trigger()
    assert window.session.project.meta.title == "From disk"
    assert window.session.path == plan
    assert window.wizard.project_page.title_edit.text() == "From disk"
    assert window.session.undo_stack.count() == 0
    assert settings.recent_files() == [plan.resolve()]


def test_open_asks_first_and_cancel_keeps_everything(
    qtbot: Any, window: MainWindow, dialogs: Any
) -> None:
    _type_title(qtbot, window, "Work in progress")
    dialogs.answers.append(Button.Cancel)
    assert not window.open_dialog()
    assert window.session.project.meta.title == "Work in progress"
    assert dialogs.open_paths == []  # the file dialog never opened


def test_open_damaged_file_shows_error_and_keeps_project(
    qtbot: Any, window: MainWindow, dialogs: Any, tmp_path: Path
) -> None:
    _type_title(qtbot, window, "Precious")
    broken = tmp_path / "broken.gpuplan"
    broken.write_bytes(b'{"schema_version": 1, "meta": {"horizon_months": "many"')
    before = broken.read_bytes()
    assert not window.open_file(broken, ask=False)
    (message,) = dialogs.texts("critical")
    assert "Could not open the plan" in message
    assert "broken.gpuplan" in message
    assert window.session.project.meta.title == "Precious"
    assert window.isWindowModified()
    assert broken.read_bytes() == before


def test_open_recent_menu(
    window: MainWindow, dialogs: Any, tmp_path: Path, settings: AppSettings
) -> None:
    first = _write_plan(tmp_path / "first.gpuplan", "First")
    second = _write_plan(tmp_path / "second.gpuplan", "Second")
    gone = _write_plan(tmp_path / "gone.gpuplan", "Gone")
    for path in (gone, first, second):
        assert window.open_file(path, ask=False)
    gone.unlink()
    window.recent_menu.aboutToShow.emit()
    actions = [a for a in window.recent_menu.actions() if a.data()]
    assert [Path(a.data()).name for a in actions] == ["second.gpuplan", "first.gpuplan"]
    actions[1].trigger()
    assert window.session.project.meta.title == "First"
    assert window.session.path == first
    assert settings.recent_files()[0] == first.resolve()
    window.clear_recent_action.trigger()
    assert settings.recent_files() == []
    assert not window.recent_menu.isEnabled()


def test_drop_a_plan_onto_the_window(
    qtbot: Any, window: MainWindow, tmp_path: Path
) -> None:
    plan = _write_plan(tmp_path / "dropped.gpuplan", "Dropped")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(plan))])
    event = QDropEvent(
        QPointF(QPoint(20, 20)),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)
    assert event.isAccepted()
    qtbot.waitUntil(lambda: window.session.path == plan)
    assert window.session.project.meta.title == "Dropped"


def test_examples_menu_lists_shipped_examples(window: MainWindow) -> None:
    window.examples_menu.aboutToShow.emit()
    actions = window.examples_menu.actions()
    examples = window.example_files()
    if examples:
        assert [a.data() for a in actions] == [str(p) for p in examples]
    else:
        assert len(actions) == 1
        assert not actions[0].isEnabled()


# --- closing -------------------------------------------------------------------------------------


def test_close_with_unsaved_changes(
    qtbot: Any, window: MainWindow, dialogs: Any, tmp_path: Path
) -> None:
    _type_title(qtbot, window, "Almost lost")
    dialogs.answers.append(Button.Cancel)
    assert not window.close()
    assert window.isVisible()

    dialogs.answers.append(Button.Save)
    dialogs.save_paths.append(tmp_path / "rescued.gpuplan")
    assert window.close()
    assert load_project(tmp_path / "rescued.gpuplan").meta.title == "Almost lost"
    assert not window.isVisible()


def test_close_discarding_changes(qtbot: Any, window: MainWindow, dialogs: Any) -> None:
    _type_title(qtbot, window, "Throwaway")
    dialogs.answers.append(Button.Discard)
    assert window.close()
    assert dialogs.save_paths == []


def test_clean_close_removes_this_sessions_autosave(
    qtbot: Any, window: MainWindow, dialogs: Any, autosave_dir: Path
) -> None:
    _type_title(qtbot, window, "Autosaved")
    written = window.autosave_now()
    assert written is not None
    assert written.is_file()
    dialogs.answers.append(Button.Discard)
    assert window.close()
    assert list(autosave_dir.iterdir()) == []


# --- autosave and crash recovery --------------------------------------------------------------------

_CRASHING_SESSION = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    from gpu_advisor.io.autosave import AutosaveStore
    from gpu_advisor.model.project import Project, ProjectMeta

    store = AutosaveStore(Path(sys.argv[1]))
    project = Project(meta=ProjectMeta(title="Crashed plan", horizon_months=48))
    store.write(project, source_path=Path(sys.argv[2]), session_id="deadbeef")
    os._exit(9)  # dies without close_session(), as a crash would
    """
)


def test_autosave_timer_follows_preferences(
    window: MainWindow, settings: AppSettings
) -> None:
    settings.set_autosave_interval_minutes(5)
    window.apply_autosave_interval()
    assert window.autosave_timer.isActive()
    assert window.autosave_timer.interval() == 5 * 60_000
    settings.set_autosave_interval_minutes(0)
    window.apply_autosave_interval()
    assert not window.autosave_timer.isActive()


def test_autosave_only_when_dirty_and_not_offered_while_alive(
    qtbot: Any, window: MainWindow, autosave_store: AutosaveStore
) -> None:
    assert window.autosave_now() is None
    _type_title(qtbot, window, "Live")
    with qtbot.waitSignal(window.autosave_timer.timeout, timeout=5000):
        window.autosave_timer.start(1)
    assert autosave_store.list_recoverable() == []  # this process is alive
    (autosave,) = autosave_store.directory.glob("*.autosave")
    envelope = json.loads(autosave.read_text(encoding="utf-8"))
    assert envelope["project"]["meta"]["title"] == "Live"


def test_recovery_after_a_crash(
    qtbot: Any,
    window: MainWindow,
    dialogs: Any,
    autosave_dir: Path,
    autosave_store: AutosaveStore,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    source = tmp_path / "crashed.gpuplan"
    child = subprocess.run(
        [sys.executable, "-c", _CRASHING_SESSION, str(autosave_dir), str(source)],
        check=False,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        timeout=60,
    )
    assert child.returncode == 9
    (entry,) = autosave_store.list_recoverable()
    assert entry.title == "Crashed plan"

    offered: list[str] = []

    def choose_recover(dialog: RecoveryDialog) -> int:
        offered.extend(
            dialog.list_widget.item(i).text() for i in range(dialog.list_widget.count())
        )
        dialog.list_widget.setCurrentRow(0)
        dialog._on_recover()
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(RecoveryDialog, "exec", choose_recover)
    assert window.offer_recovery()
    # Readable: the title on its own line, then when, how big and which file.
    title, details = offered[0].split("\n")[:2]
    assert title == "Crashed plan"
    assert details.startswith("Autosaved ")
    assert details.endswith("file: crashed.gpuplan")
    assert " kB · " in details
    project = window.session.project
    assert (project.meta.title, project.meta.horizon_months) == ("Crashed plan", 48)
    assert window.session.path == source
    assert window.isWindowModified()  # recovered work is not on disk yet
    assert window.wizard.project_page.horizon_spin.value() == 48

    window.save_action.trigger()  # saves to the original file, then drops the autosave
    assert load_project(source).meta.title == "Crashed plan"
    assert autosave_store.list_recoverable() == []
    assert not (autosave_dir / "deadbeef.autosave").exists()


def test_recovery_discard_and_later(
    window: MainWindow,
    autosave_dir: Path,
    autosave_store: AutosaveStore,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    subprocess.run(
        [
            sys.executable,
            "-c",
            _CRASHING_SESSION,
            str(autosave_dir),
            str(tmp_path / "x"),
        ],
        check=False,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        timeout=60,
    )
    monkeypatch.setattr(RecoveryDialog, "exec", lambda dialog: dialog.reject() or 0)
    assert not window.offer_recovery()
    assert len(autosave_store.list_recoverable()) == 1  # "Not now" keeps it

    monkeypatch.setattr(
        RecoveryDialog, "exec", lambda dialog: dialog._on_discard() or 1
    )
    assert not window.offer_recovery()
    assert autosave_store.list_recoverable() == []
    assert window.session.project.meta.title == "Untitled plan"


# --- language, navigation, status bar -----------------------------------------------------------------


def test_switch_language_live(
    qtbot: Any, window: MainWindow, settings: AppSettings
) -> None:
    if not i18n.catalog_available("zh_CN"):
        pytest.skip("compiled .qm missing: run packaging/build_qt_assets.py")
    settings.set_language(LanguageChoice.ZH_CN)
    with qtbot.waitSignal(window.language_applied):
        window.apply_preferences()
    qtbot.waitUntil(lambda: window.file_menu.title() == "文件(&F)")
    page = window.wizard.project_page
    assert page.title() == "项目"
    assert page._labels["title"].text() == "方案名称(&T)："
    assert window.step_list.item(1).text() == "2. 估算工作量"
    assert window.steps_dock.windowTitle() == "步骤"
    assert window.undo_action.text() == "撤销(&U)"
    # The untitled plan waits for its workload, in the UI language too.
    assert window.recommendation_label.text().startswith("暂无推荐")
    assert page.region_combo.currentText() == "上海"
    assert page.horizon_spin.suffix() == " 个月"

    settings.set_language(LanguageChoice.EN)
    window.apply_preferences()
    qtbot.waitUntil(lambda: window.file_menu.title() == "&File")
    assert page.title() == "Project"
    assert page.region_combo.currentText() == "Shanghai"


def test_step_list_jumps_to_any_step(qtbot: Any, window: MainWindow) -> None:
    steps = window.step_list
    assert window.wizard.currentId() == PageId.PROJECT
    steps.itemClicked.emit(steps.item(PageId.MONITORING))
    assert window.wizard.currentId() == PageId.MONITORING
    assert steps.currentRow() == PageId.MONITORING
    steps.itemClicked.emit(steps.item(PageId.BUDGET))
    assert window.wizard.currentId() == PageId.BUDGET
    window.wizard.next()
    assert steps.currentRow() == PageId.VENDORS
    window.steps_action.trigger()
    assert window.steps_dock.isHidden()


def test_wizard_has_the_eight_steps_and_never_closes(window: MainWindow) -> None:
    assert sorted(window.wizard.pageIds()) == list(range(8))
    window.wizard.go_to(PageId.REVIEW)
    window.wizard.accept()  # Finish must not hide the embedded wizard
    assert window.wizard.isVisible()


def test_status_bar_shows_the_recommendation(qtbot: Any, window: MainWindow) -> None:
    window.wizard.go_to(PageId.WORKLOAD)
    window.wizard.next()  # the untitled plan's workload, confirmed
    qtbot.waitUntil(lambda: window.recommendation_label.text().startswith("Rec"))
    option = window.session.evaluation.cost.recommendation.option
    text = window.recommendation_label.text()
    assert option is not None
    assert text.startswith(f"Recommendation: {option_label(option)}")
    _type_title(qtbot, window, "Still computed")  # recomputed on change, same inputs
    qtbot.waitUntil(lambda: window.recommendation_label.text() == text)


def test_export_pdf_action_is_a_hook(
    qtbot: Any, window: MainWindow, dialogs: Any
) -> None:
    window.export_pdf_action.setEnabled(True)
    dialogs.save_paths.append(None)  # the user cancels the file dialog
    with qtbot.waitSignal(window.export_pdf_requested):
        window.export_pdf_action.trigger()
    assert dialogs.save_paths == []


def test_about_names_versions_and_licences(window: MainWindow, dialogs: Any) -> None:
    window.about_action.trigger()
    (text,) = dialogs.texts("about")
    assert "PySide6" in text
    assert "LGPL" in text
    assert "MIT" in text


def test_user_guide_in_both_languages(
    qtbot: Any, window: MainWindow, monkeypatch: Any
) -> None:
    from gpu_advisor.ui.main_window import GuideDialog

    shown: list[str] = []

    def record(dialog: GuideDialog) -> int:
        shown.append(dialog.browser.toPlainText())
        return 0

    monkeypatch.setattr(GuideDialog, "exec", record)
    window.guide_action.trigger()
    assert "GPU Advisor" in shown[0]
    assert "Undo" in shown[0] or "undone" in shown[0]
    i18n.install_translators("zh_CN")
    window.guide_action.trigger()
    assert "按量付费" in shown[1]


# --- settings ----------------------------------------------------------------------------------------


def test_settings_round_trip_and_tolerate_damage(
    settings: AppSettings, tmp_path: Path
) -> None:
    assert settings.language() is LanguageChoice.SYSTEM
    settings.set_language(LanguageChoice.ZH_CN)
    settings.set_default_region("shenzhen")
    settings.set_autosave_interval_minutes(500)
    assert settings.language() is LanguageChoice.ZH_CN
    assert settings.default_region() == "shenzhen"
    assert settings.autosave_interval_minutes() == 60  # clamped
    settings.qsettings.setValue("ui/language", "klingon")
    settings.qsettings.setValue("autosave/interval_minutes", "soon")
    settings.qsettings.setValue("files/recent", "not json")
    assert settings.language() is LanguageChoice.SYSTEM
    assert settings.autosave_interval_minutes() == 2
    assert settings.recent_files() == []
    files = [_write_plan(tmp_path / f"p{i}.gpuplan", f"P{i}") for i in range(12)]
    for path in files:
        settings.add_recent_file(path)
    settings.add_recent_file(files[3])
    recent = settings.recent_files()
    assert len(recent) == 10
    assert recent[0] == files[3].resolve()
    assert recent[1] == files[11].resolve()
