"""Checklist page: items from the catalog, state in the project, one undo step per edit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QComboBox, QStyleOptionViewItem

from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import (
    ChecklistItem,
    CheckStatus,
    Measurement,
    Project,
    Vendor,
)
from gpu_advisor.ui.pages.checklist_page import (
    _STATUS_ROLE,
    COL_EVIDENCE,
    COL_NOTE,
    COL_OWNER,
    COL_STATUS,
    ChecklistPage,
    items_by_id,
)
from gpu_advisor.ui.session import ProjectSession

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)


def _page(qtbot: Any, session: ProjectSession) -> ChecklistPage:
    page = ChecklistPage(session)
    qtbot.addWidget(page)
    page.resize(1280, 700)
    page.show()
    qtbot.waitExposed(page)
    return page


def _index(page: ChecklistPage, item_id: str, column: int) -> QModelIndex:
    row = page._rows[item_id]
    return page.tree.indexFromItem(row, column)


def test_rows_come_from_the_catalog(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    catalog_ids = [e.id for e in session.catalog.checklist]
    assert list(page._rows) == catalog_ids
    assert len(page._groups) == 4
    assert (
        page.summary_label.text()
        == f"0 of {len(catalog_ids)} items done (passed or not applicable)."
    )
    assert page._rows["site_visit"].text(0) == "Visit the data centre"


def test_status_via_delegate_both_ways_and_undo(
    qtbot: Any, session: ProjectSession
) -> None:
    page = _page(qtbot, session)
    index = _index(page, "site_visit", COL_STATUS)
    editor = page.status_delegate.createEditor(
        page.tree.viewport(), QStyleOptionViewItem(), index
    )
    assert isinstance(editor, QComboBox)
    page.status_delegate.setEditorData(editor, index)
    assert editor.currentData() == "open"
    editor.setCurrentIndex(editor.findData("fail"))
    page.status_delegate.setModelData(editor, page.tree.model(), index)
    assert items_by_id(session.project)["site_visit"].status is CheckStatus.FAIL
    assert page._rows["site_visit"].text(COL_STATUS) == "Fail"
    assert "1 failed" in page.summary_label.text()
    assert "bold" in page.summary_label.styleSheet()
    session.undo_stack.undo()
    assert session.project.checklist == []
    assert page._rows["site_visit"].text(COL_STATUS) == "Open"
    assert "failed" not in page.summary_label.text()
    editor.deleteLater()


def test_each_edit_is_its_own_undo_step(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    page._rows["site_visit"].setText(COL_OWNER, "Li Wei")
    page._rows["failure_plan"].setText(COL_OWNER, "Zhang Min")
    page._rows["failure_plan"].setText(COL_NOTE, "on-site response 4 h")
    states = items_by_id(session.project)
    assert states["site_visit"].owner == "Li Wei"
    assert (states["failure_plan"].owner, states["failure_plan"].note) == (
        "Zhang Min",
        "on-site response 4 h",
    )
    assert session.undo_stack.count() == 3
    session.undo_stack.undo()
    assert page._rows["failure_plan"].text(COL_NOTE) == ""
    assert page._rows["failure_plan"].text(COL_OWNER) == "Zhang Min"
    session.undo_stack.undo()
    session.undo_stack.undo()
    assert session.project.checklist == []
    assert page._rows["site_visit"].text(COL_OWNER) == ""


def test_unknown_ids_are_kept_and_listed(qtbot: Any) -> None:
    project = Project(
        checklist=[ChecklistItem(id="future_check", status=CheckStatus.PASS, note="x")]
    )
    session = ProjectSession(project)
    page = _page(qtbot, session)
    assert "future_check" in page._rows
    assert "other" in page._groups
    page._rows["site_visit"].setData(COL_STATUS, _STATUS_ROLE, "pass")
    states = items_by_id(session.project)
    assert states["future_check"].note == "x"
    assert states["site_visit"].status is CheckStatus.PASS
    total = len(session.catalog.checklist) + 1
    assert page.summary_label.text().startswith(f"2 of {total} items done")


def test_evidence_file_dialog(
    qtbot: Any, session: ProjectSession, dialogs: Any, tmp_path: Path
) -> None:
    page = _page(qtbot, session)
    photo = tmp_path / "ups room.jpg"
    photo.write_bytes(b"\xff\xd8")
    page.tree.setCurrentItem(page._rows["site_visit"])
    dialogs.open_paths.append(photo)
    page.evidence_button.click()
    assert items_by_id(session.project)["site_visit"].evidence_file == str(photo)
    assert page._rows["site_visit"].text(COL_EVIDENCE) == "ups room.jpg"
    assert page.clear_evidence_button.isEnabled()
    page.clear_evidence_button.click()
    assert items_by_id(session.project)["site_visit"].evidence_file == ""
    session.undo_stack.undo()
    assert items_by_id(session.project)["site_visit"].evidence_file == str(photo)


def test_too_long_note_is_refused_with_a_message(
    qtbot: Any, session: ProjectSession
) -> None:
    page = _page(qtbot, session)
    page._rows["site_visit"].setText(COL_NOTE, "x" * 2001)
    assert session.project.checklist == []
    assert page.error_label.isVisibleTo(page)
    assert "2,000" in page.error_label.text() or "2000" in page.error_label.text()
    assert page._rows["site_visit"].text(COL_NOTE) == ""


def test_card_hours_item_shows_the_engine_number(
    qtbot: Any, session: ProjectSession
) -> None:
    page = _page(qtbot, session)
    page.tree.setCurrentItem(page._rows["card_hours"])
    value = session.evaluation.sizing.compute.gpu_hours_with_redundancy
    assert f"{value:,.0f} with the ×1.5 margin" in page.figure_label.text()
    assert page.why_button.isVisibleTo(page)
    page.tree.setCurrentItem(page._rows["site_visit"])
    assert not page.why_button.isVisibleTo(page)
    assert not page.figure_label.isVisibleTo(page)


def test_intranet_item_shows_iperf3(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    page.tree.setCurrentItem(page._rows["intranet_iperf3"])
    assert page.figure_label.text() == "iperf3: not measured yet."
    vendor = Vendor(
        name="IDC Nanshan",
        measurements=[
            Measurement(
                tool="iperf3", metric="tcp.received", value=93.4, unit="Gbit/s"
            ),
            Measurement(tool="iperf3", metric="tcp.sent", value=94.0, unit="Gbit/s"),
        ],
    )
    session.replace_project(
        session.project.model_copy(update={"vendors": [vendor]}), "v"
    )
    assert page.figure_label.text() == "Measured with iperf3: IDC Nanshan: 93.4 Gbit/s"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_examples(qtbot: Any, path: Path) -> None:
    session = ProjectSession(load_project(path))
    page = _page(qtbot, session)
    page.tree.setCurrentItem(page._rows["card_hours"])
    value = session.evaluation.sizing.compute.gpu_hours_with_redundancy
    assert f"{value:,.0f}" in page.figure_label.text()
    _done, total, failed = page.progress()
    assert total == len(session.catalog.checklist)
    assert failed == 0
