"""Review page: summary from the engine, sign-off table, status rule, fingerprint."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QStyleOptionViewItem,
    QTableWidgetItem,
)

from gpu_advisor import __version__, words
from gpu_advisor.io.project_file import fingerprint, load_project
from gpu_advisor.model.project import Decision, PlanStatus, SignOffRow
from gpu_advisor.ui import i18n
from gpu_advisor.ui.pages.checklist_page import ChecklistPage
from gpu_advisor.ui.pages.environment_page import EnvironmentPage
from gpu_advisor.ui.pages.monitoring_page import MonitoringPage
from gpu_advisor.ui.pages.review_page import (
    _DATA_ROLE,
    COL_DECISION,
    COL_NAME,
    ReviewPage,
)
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.wizard import AdvisorWizard, PageId
from gpu_advisor.words.terms import option_name

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)


def _page(qtbot: Any, session: ProjectSession) -> ReviewPage:
    page = ReviewPage(session)
    qtbot.addWidget(page)
    page.resize(1280, 700)
    page.show()
    qtbot.waitExposed(page)
    return page


def _cell(page: ReviewPage, row: int, column: int) -> QTableWidgetItem:
    item = page.signoff_table.item(row, column)
    assert item is not None
    return item


def _approve_all(session: ProjectSession) -> None:
    rows = [
        r.model_copy(update={"decision": Decision.APPROVE, "name": "X"})
        for r in session.project.signoff
    ]
    session.replace_project(session.project.model_copy(update={"signoff": rows}), "all")


def test_signoff_rows_add_remove_undo(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    assert page.signoff_table.rowCount() == 3
    page.add_row_button.click()
    assert len(session.project.signoff) == 4
    assert session.project.signoff[-1].role == "New role"
    assert page.signoff_table.rowCount() == 4
    page.signoff_table.setCurrentCell(0, 0)
    page.remove_row_button.click()
    assert [r.role for r in session.project.signoff] == [
        "Finance",
        "Management",
        "New role",
    ]
    assert _cell(page, 0, 0).text() == "Finance"
    session.undo_stack.undo()
    assert _cell(page, 0, 0).text() == "Engineering lead"
    session.undo_stack.undo()
    assert page.signoff_table.rowCount() == 3
    session.undo_stack.redo()
    assert page.signoff_table.rowCount() == 4


def test_signoff_cells_bind_both_ways(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    _cell(page, 1, COL_NAME).setText("Wang Fang")
    assert session.project.signoff[1].name == "Wang Fang"
    index = page.signoff_table.model().index(1, COL_DECISION)
    delegate = page._decision_delegate
    editor = delegate.createEditor(
        page.signoff_table.viewport(), QStyleOptionViewItem(), index
    )
    assert isinstance(editor, QComboBox)
    delegate.setEditorData(editor, index)
    editor.setCurrentIndex(editor.findData("approve_with_conditions"))
    delegate.setModelData(editor, page.signoff_table.model(), index)
    assert session.project.signoff[1].decision is Decision.APPROVE_WITH_CONDITIONS
    assert _cell(page, 1, COL_DECISION).text() == "Approve with conditions"
    session.undo_stack.undo()
    assert _cell(page, 1, COL_DECISION).text() == "Pending"
    session.undo_stack.undo()
    assert _cell(page, 1, COL_NAME).text() == ""
    editor.deleteLater()


def test_approved_refused_while_a_row_is_pending(
    qtbot: Any, session: ProjectSession
) -> None:
    page = _page(qtbot, session)
    index = page.status_combo.findData("approved")
    page.status_combo.setCurrentIndex(index)
    page.status_combo.activated.emit(index)
    assert session.project.meta.status is PlanStatus.DRAFT
    assert page.status_combo.currentData() == "draft"
    assert page.status_message.isVisibleTo(page)
    assert "Engineering lead, Finance, Management" in page.status_message.text()
    assert session.undo_stack.count() == 0


def test_approval_then_withdrawal_returns_to_draft(
    qtbot: Any, session: ProjectSession
) -> None:
    page = _page(qtbot, session)
    _approve_all(session)
    assert page.set_status(PlanStatus.APPROVED)
    assert session.project.meta.status is PlanStatus.APPROVED
    assert page.status_combo.currentData() == "approved"
    # Withdraw one approval: the plan goes back to draft in the same step.
    _cell(page, 2, COL_DECISION).setData(_DATA_ROLE, "reject")
    assert session.project.signoff[2].decision is Decision.REJECT
    assert str(session.project.meta.status) == "draft"
    assert "draft again" in page.status_message.text()
    session.undo_stack.undo()
    assert session.project.meta.status is PlanStatus.APPROVED
    assert str(session.project.signoff[2].decision) == "approve"
    assert page.status_combo.currentData() == "approved"


def test_no_rows_cannot_be_approved(qtbot: Any, session: ProjectSession) -> None:
    session.replace_project(session.project.model_copy(update={"signoff": []}), "none")
    page = _page(qtbot, session)
    assert not page.set_status(PlanStatus.APPROVED)
    assert "at least one sign-off row" in page.status_message.text()


def test_fingerprint_follows_the_project(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    assert page.fingerprint_edit.text() == fingerprint(session.project, __version__)
    assert page.fingerprint_edit.isReadOnly()
    session.apply("meta.author", "Chen Jie")
    assert page.fingerprint_edit.text() == fingerprint(session.project, __version__)
    assert len(page.fingerprint_edit.text()) == 64
    assert "gpu-advisor-cli verify" in page.fingerprint_note.text()
    assert "File ▸ Verify Plan" in page.fingerprint_note.text()  # the app's own way


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_summary_shows_the_engine_results(qtbot: Any, path: Path) -> None:
    session = ProjectSession(load_project(path))
    page = _page(qtbot, session)
    text = page.summary_view.toPlainText()
    evaluation = session.evaluation
    assert evaluation.cost.recommendation.option is not None
    assert option_name(evaluation.cost.recommendation.option, "en") in text
    assert f"{evaluation.sizing.compute.gpu_hours:,.0f}" in text
    assert f"{evaluation.sizing.compute.gpu_hours_with_redundancy:,.0f}" in text
    for warning in page.warnings():
        assert words.text(warning, "en")[:40] in text
    assert "Checklist: Visit the data centre (Open)" in text
    # Every example ships two quoted vendors with their sample test results.
    assert "No candidate vendors yet" not in text
    for vendor in session.project.vendors:
        assert vendor.measurements
        assert f"No test results imported for {vendor.name}." not in text


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_summary_names_the_option_as_every_other_step(
    qtbot: Any, path: Path, language: str
) -> None:
    """The option's one name (engine.names), as on the budget step and in the PDF."""
    i18n.install_translators(language)
    session = ProjectSession(load_project(path))
    page = _page(qtbot, session)
    option = session.evaluation.cost.recommendation.option
    assert option is not None
    name = option_name(option, "zh" if language == "zh_CN" else "en")
    html = page.summary_view.toHtml()
    assert f"{name}</span></p>" in html or f"<b>{name}</b>" in html, name
    assert page.summary_view.toPlainText().count(name) >= 1


def test_wizard_walks_the_rollout_pages(qtbot: Any) -> None:
    session = ProjectSession(load_project(EXAMPLES[0]))
    wizard = AdvisorWizard(session)
    qtbot.addWidget(wizard)
    pages = {
        PageId.ENVIRONMENT: EnvironmentPage(session),
        PageId.MONITORING: MonitoringPage(session),
        PageId.CHECKLIST: ChecklistPage(session),
        PageId.REVIEW: ReviewPage(session),
    }
    for page_id, page in pages.items():
        wizard.removePage(page_id)
        wizard.setPage(page_id, page)
    wizard.resize(1280, 800)
    wizard.show()
    qtbot.waitExposed(wizard)
    wizard.go_to(PageId.REVIEW)
    assert wizard.currentId() == PageId.REVIEW
    session.apply("environment.nodes", 2)
    session.apply("environment.nodes_override", True)  # use the step's node count
    wizard.go_to(PageId.ENVIRONMENT)
    env_page = pages[PageId.ENVIRONMENT]
    assert isinstance(env_page, EnvironmentPage)
    assert env_page.nodes_field.editor.value() == 2
    assert (
        "completions: 2"
        in env_page.viewers[session.project.environment.scheduler].text()
    )
    session.undo_stack.undo()  # the override
    session.undo_stack.undo()  # the node count
    assert env_page.nodes_field.editor.value() == 1
    wizard.go_to(PageId.REVIEW)
    review = pages[PageId.REVIEW]
    assert isinstance(review, ReviewPage)
    assert review.fingerprint_edit.text() == fingerprint(session.project, __version__)
    wizard.go_to(PageId.PROJECT)
    assert wizard.currentId() == PageId.PROJECT


def test_default_rows_are_pending() -> None:
    assert all(r.decision is Decision.PENDING for r in [SignOffRow(role="x")])


def test_default_roles_show_in_the_ui_language(
    qtbot: Any, session: ProjectSession
) -> None:
    from gpu_advisor.ui import i18n
    from gpu_advisor.ui.pages.review_page import COL_ROLE

    page = _page(qtbot, session)
    try:
        i18n.install_translators("zh_CN")
        page.retranslate_ui()
        page._fill_signoff(session.project)
        assert _cell(page, 0, COL_ROLE).text() == "技术负责人"
        # Showing the translation is not an edit: the stored role stays English.
        _cell(page, 0, COL_ROLE).setText("技术负责人")
        assert session.project.signoff[0].role == "Engineering lead"
        assert session.undo_stack.count() == 0
        _cell(page, 0, COL_ROLE).setText("财务总监")
        assert session.project.signoff[0].role == "财务总监"
    finally:
        i18n.install_translators("en")
    page._fill_signoff(session.project)
    assert _cell(page, 1, COL_ROLE).text() == "Finance"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_key_numbers_link_to_their_explanations(qtbot: Any, path: Path) -> None:
    import re

    from PySide6.QtCore import QUrl

    session = ProjectSession(load_project(path), path)
    page = _page(qtbot, session)
    html = page.summary_html(session.project)
    linked = re.findall(r"href='why:([^']+)'", html)
    assert "compute.gpu_hours" in linked
    assert any(key.startswith("cost.options.") for key in linked)
    for key in linked:
        page._on_summary_link(QUrl(f"why:{key}"))
        dialog = page.why_dialog
        assert dialog is not None
        qtbot.addWidget(dialog)
        assert dialog.explanation is not None, key
        assert dialog.explanation.key == key
        assert dialog.formula_label.text()


@pytest.mark.parametrize("path", EXAMPLES[:1], ids=lambda p: p.stem)
def test_summary_shows_the_decisive_inputs_from_the_evaluation(
    qtbot: Any, path: Path
) -> None:
    """The review step shows page 1's decisive inputs: worked out in the
    background, from the evaluation's own field, the same rows as the PDF."""
    from gpu_advisor.report.plan.decision import decisive_rows
    from gpu_advisor.report.text import tr

    session = ProjectSession(load_project(path))
    page = _page(qtbot, session)
    heading = tr("page1.sensitive", i18n.current_language())
    assert heading in page.summary_view.toPlainText()
    qtbot.waitUntil(lambda: "decisive" in session.evaluation.__dict__, timeout=20_000)
    qtbot.waitUntil(
        lambda: (
            tr("page1.working", i18n.current_language())
            not in page.summary_view.toPlainText()
        ),
        timeout=20_000,
    )
    text = page.summary_view.toPlainText()
    rows = decisive_rows(session.evaluation.decisive, i18n.current_language())
    assert rows
    for name, planned, _span, flip in rows:
        assert name in text
        assert planned in text
        assert flip in text


def test_edits_that_keep_the_cost_wait_for_the_decisive_job(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Typing a name while the decisive inputs are worked out starts no second
    job (it would compete with the typing for the CPU): the result of the
    first reaches the latest evaluation, whose cost is the same."""
    from gpu_advisor.report.text import tr
    from gpu_advisor.ui.pages import review_page

    jobs: list[object] = []
    work = review_page._decisive_of

    def counted(evaluation: Any) -> Any:
        jobs.append(evaluation.cost)
        return work(evaluation)

    monkeypatch.setattr(review_page, "_decisive_of", counted)
    session = ProjectSession(load_project(EXAMPLES[0]))
    page = _page(qtbot, session)
    cost = session.evaluation.cost
    for i in range(5):
        session.apply("meta.author", f"author {i}")
        page.refresh()
    assert session.evaluation.cost is cost  # the author is not a price
    qtbot.waitUntil(lambda: "decisive" in session.evaluation.__dict__, timeout=20_000)
    qtbot.waitUntil(
        lambda: (
            tr("page1.working", i18n.current_language())
            not in page.summary_view.toPlainText()
        ),
        timeout=20_000,
    )
    assert jobs == [cost]
    session.apply("budget.owned_gpus", 4)  # a new cost: worked out again
    page.refresh()
    qtbot.waitUntil(lambda: len(jobs) == 2, timeout=5_000)
    session.undo_stack.setClean()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_usd_plan_reads_usd_in_the_window(
    qtbot: Any, path: Path, language: str
) -> None:
    """The window words the plan's amounts in its currency, as the PDF does:
    the review summary and the budget step's recommendation and warnings name
    no CNY but the figures quoted from a source (the price inputs stay in CNY,
    as quoted)."""
    from gpu_advisor.model.common import Language
    from gpu_advisor.model.project import Currency
    from gpu_advisor.ui.pages.budget_page import BudgetPage
    from tests.report.test_plan_currency import yuan_left

    i18n.install_translators(language)
    lang = Language.ZH if language == "zh_CN" else Language.EN
    project = load_project(path)
    meta = project.meta.model_copy(
        update={"currency": Currency.USD, "exchange_rate_cny_per_unit": 7.1}
    )
    session = ProjectSession(project.model_copy(update={"meta": meta}))
    review = _page(qtbot, session)
    budget = BudgetPage(session)
    qtbot.addWidget(budget)
    budget.initializePage()
    budget.show()
    usd = "美元" if lang is Language.ZH else "USD"
    summary = review.summary_view.toPlainText()
    shown = " ".join(
        html.unescape(re.sub(r"<[^>]+>", " ", label.text()))
        for label in budget.recommendation.findChildren(QLabel)
    )
    for text in (summary, shown):
        assert usd in text
        assert yuan_left(text, lang) == []
