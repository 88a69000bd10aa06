"""The start page, the recommendation gate of an untitled plan, and step states."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from gpu_advisor.io.project_file import load_project, save_project
from gpu_advisor.ui import i18n
from gpu_advisor.ui.examples import example_files, example_title
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.settings import AppSettings
from gpu_advisor.ui.wizard import PageId, StepState

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

_CJK = re.compile(r"[\u4e00-\u9fff]")
LANGUAGES = ["en", "zh_CN"]


def _language(qtbot: Any, language: str) -> None:
    if language != "en" and not i18n.catalog_available(language):
        pytest.skip("compiled .qm missing: run packaging/build_qt_assets.py")
    i18n.install_translators(language)
    qtbot.wait(1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_examples_are_listed_by_their_title_in_the_ui_language(
    qtbot: Any, window: MainWindow, language: str
) -> None:
    _language(qtbot, language)
    start = window.show_start_page()
    assert window.central_stack.currentWidget() is start
    texts = [
        start.examples_list.item(r).text() for r in range(start.examples_list.count())
    ]
    assert len(texts) == len(example_files()) == 3
    for text in texts:
        assert "_" not in text
        assert ".gpuplan" not in text
        # Every title (and its summary line) is in the UI language.
        assert bool(_CJK.search(text)) == (language == "zh_CN"), text
        if language == "en":
            assert not _CJK.search(text)
    # File ▸ New from Example shows the same titles.
    window._fill_examples_menu()
    menu = [a.text() for a in window.examples_menu.actions()]
    assert menu == [example_title(p) for p in example_files()]


@pytest.mark.parametrize("language", LANGUAGES)
def test_opening_an_example_from_the_start_page(
    qtbot: Any, window: MainWindow, language: str
) -> None:
    _language(qtbot, language)
    start = window.show_start_page()
    path = example_files()[1]
    start.examples_list.setCurrentRow(1)
    start.example_button.click()
    assert window.central_stack.currentWidget() is window.wizard
    assert window.session.project == load_project(path)
    assert window.session.path is None  # a new plan, never the installed file
    qtbot.waitUntil(lambda: window.recommendation_label.text() != "")
    assert window._gate.open


@pytest.mark.parametrize("language", LANGUAGES)
def test_opening_a_recent_plan_from_the_start_page(
    qtbot: Any, window: MainWindow, settings: AppSettings, tmp_path: Path, language: str
) -> None:
    _language(qtbot, language)
    saved = tmp_path / "mine.gpuplan"
    save_project(load_project(example_files()[0]), saved)
    settings.add_recent_file(saved)
    start = window.show_start_page()
    assert start.recent_list.item(0).text() == "mine.gpuplan"
    start.recent_button.click()
    assert window.session.path == saved
    assert window.central_stack.currentWidget() is window.wizard


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_recent_plan_says_so(qtbot: Any, window: MainWindow, language: str) -> None:
    _language(qtbot, language)
    start = window.show_start_page()
    assert not start.recent_button.isEnabled()
    assert bool(_CJK.search(start.recent_list.item(0).text())) == (language == "zh_CN")


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_untitled_plan_shows_no_recommendation_until_the_workload_is_entered(
    qtbot: Any, window: MainWindow, language: str
) -> None:
    _language(qtbot, language)
    start = window.show_start_page()
    start.new_button.click()
    assert window.central_stack.currentWidget() is window.wizard
    qtbot.waitUntil(lambda: window.recommendation_label.text() != "")
    waiting = window.recommendation_label.text()
    assert not window._gate.open
    assert window.tr("Recommendation: %1").split("%1")[0] not in waiting
    # Jumping over the workload step confirms nothing.
    window.wizard.go_to(PageId.BUDGET)
    window.wizard.go_to(PageId.PROJECT)
    assert not window._gate.open
    # Entering the workload does.
    window.session.apply("workload.gpus", 16)
    qtbot.waitUntil(lambda: window.recommendation_label.text() != waiting)
    assert window._gate.open
    # A new plan closes the gate again; Next from the workload step opens it.
    window.session.undo_stack.setClean()
    window.new_project()
    assert not window._gate.open
    window.wizard.go_to(PageId.WORKLOAD)
    window.wizard.next()
    assert window._gate.open


def _shanghai() -> Path:
    """The example whose budget step has nothing to warn about."""
    return next(p for p in example_files() if p.stem == "shanghai_13b_finetune")


@pytest.mark.parametrize("language", LANGUAGES)
def test_step_states_mean_what_they_say(
    qtbot: Any, window: MainWindow, language: str
) -> None:
    _language(qtbot, language)
    window.open_example(_shanghai())
    steps = window.step_list
    assert steps.step_state(PageId.PROJECT) == "seen"
    assert {steps.step_state(p) for p in PageId if p != PageId.PROJECT} == {"todo"}
    heights = {steps.visualItemRect(steps.item(r)).height() for r in range(8)}
    window.wizard.next()
    assert steps.step_state(PageId.PROJECT) == "done"
    assert steps.step_state(PageId.WORKLOAD) == "seen"
    # A jump from the side list passes the steps between without seeing them.
    steps._on_item_clicked(steps.item(int(PageId.CHECKLIST)))
    assert steps.step_state(PageId.WORKLOAD) == "done"
    for passed in (PageId.BUDGET, PageId.VENDORS, PageId.ENVIRONMENT):
        assert steps.step_state(passed) == "todo", passed.name
    # Seen, with its 18 items still open: a problem, not a tick.
    assert steps.step_state(PageId.CHECKLIST) == "problem"
    # Going back leaves a step as it was, never done.
    steps._on_item_clicked(steps.item(int(PageId.BUDGET)))
    assert steps.step_state(PageId.CHECKLIST) == "problem"
    assert steps.step_state(PageId.BUDGET) == "seen"
    # Every row keeps its height whatever its state (no jump under the mouse).
    after = {steps.visualItemRect(steps.item(r)).height() for r in range(8)}
    assert heights == after
    assert len(after) == 1
    # Each state has its own tooltip in the UI language.
    steps._issues_later.flush()  # the step issues read now, not in a moment
    steps.refresh_states()
    tips = {
        steps.item(int(p)).toolTip()
        for p in (PageId.PROJECT, PageId.CHECKLIST, PageId.BUDGET, PageId.REVIEW)
    }
    assert len(tips) == 4
    assert all(bool(_CJK.search(t)) == (language == "zh_CN") for t in tips)
    # A new plan: every step unvisited again.
    window.session.undo_stack.setClean()
    window.new_project()
    assert {steps.step_state(p) for p in PageId if p != PageId.PROJECT} == {"todo"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_example_opens_with_its_vendors_ready_for_the_test_kit(
    qtbot: Any, window: MainWindow, language: str
) -> None:
    _language(qtbot, language)
    window.show_start_page().example_chosen.emit(example_files()[1])
    window.wizard.go_to(PageId.VENDORS)
    page = window.wizard.currentPage()
    from gpu_advisor.ui.pages.vendors_page import VendorsPage

    assert isinstance(page, VendorsPage)
    assert page.vendor_list.count() == 2
    page.vendor_list.setCurrentRow(0)
    assert page.kit_button.isEnabled()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_step_with_an_error_or_open_items_is_never_ticked(
    qtbot: Any, window: MainWindow, language: str
) -> None:
    """Walked with Next to the end, an example's steps say what is still wrong."""
    from gpu_advisor.model.project import ChecklistItem, CheckStatus

    _language(qtbot, language)
    zh = language == "zh_CN"
    example = load_project(_shanghai())
    # one vendor without results and no script source for the pods
    vendors = [example.vendors[0].model_copy(update={"measurements": []})]
    environment = example.environment.model_copy(update={"script_source": ""})
    window.session.reset(
        example.model_copy(
            update={
                "vendors": vendors + example.vendors[1:],
                "environment": environment,
            }
        ),
        None,
    )
    window.wizard.restart()
    steps = window.step_list
    while window.wizard.currentId() != PageId.REVIEW:
        window.wizard.next()
    states = {p: steps.step_state(p) for p in PageId}
    # Nothing wrong in the project, workload, budget and monitoring steps.
    for page_id in (PageId.PROJECT, PageId.WORKLOAD, PageId.BUDGET, PageId.MONITORING):
        assert states[page_id] == "done", page_id.name
    # The environment's launch file lacks the script's source; a vendor has
    # no results yet; all 18 checklist items are open; nobody signed.
    for page_id in (PageId.ENVIRONMENT, PageId.VENDORS, PageId.CHECKLIST):
        assert states[page_id] == "problem", page_id.name
    assert states[PageId.REVIEW] == "problem"
    steps.refresh_states()
    checklist = steps.item(int(PageId.CHECKLIST))
    assert "18" in checklist.toolTip()
    assert bool(_CJK.search(checklist.toolTip())) == zh
    # The state is said in words too (screen readers), in the UI language.
    accessible = {
        p: steps.item(int(p)).data(Qt.ItemDataRole.AccessibleTextRole) for p in PageId
    }
    assert accessible[PageId.CHECKLIST].endswith(steps.state_name(StepState.PROBLEM))
    assert accessible[PageId.PROJECT].endswith(steps.state_name(StepState.DONE))
    assert accessible[PageId.REVIEW] != accessible[PageId.PROJECT]
    names = {steps.state_name(state) for state in StepState}
    assert len(names) == 4
    assert all(bool(_CJK.search(n)) == zh for n in names)
    # Icons differ by state.
    icons = {
        p: steps.item(int(p)).icon().pixmap(16, 16).toImage()
        for p in (PageId.PROJECT, PageId.CHECKLIST, PageId.REVIEW)
    }
    assert icons[PageId.CHECKLIST] == icons[PageId.REVIEW]
    assert icons[PageId.CHECKLIST] != icons[PageId.PROJECT]
    # Deciding every checklist item clears its problem; the row follows.
    catalog = window.session.catalog
    project = window.session.project
    decided = [
        ChecklistItem(id=entry.id, status=CheckStatus.NOT_APPLICABLE)
        for entry in catalog.checklist
    ]
    window.session.replace_project(
        project.model_copy(update={"checklist": decided}), "decide all"
    )
    assert steps.step_state(PageId.CHECKLIST) == "done"
    qtbot.waitUntil(
        lambda: (
            steps.item(int(PageId.CHECKLIST))
            .data(Qt.ItemDataRole.AccessibleTextRole)
            .endswith(steps.state_name(StepState.DONE))
        )
    )
