"""The vendor-tests page: vendors, quote binding, test kit, import, judgement, charts, scores."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog

from gpu_advisor import words
from gpu_advisor.engine.cost.recommend import quote_warnings
from gpu_advisor.engine.evidence.checks import Verdict
from gpu_advisor.engine.evidence.scoring import Criterion
from gpu_advisor.engine.evidence.vendors import score_project
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project, Vendor, VendorKind
from gpu_advisor.ui.pages.vendors_page import VendorsPage
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import VERDICT_BACKGROUNDS
from gpu_advisor.ui.widgets.vendor_charts import format_size
from gpu_advisor.ui.wizard import AdvisorWizard, PageId
from tests.evidence_samples import RESULTS, three_vendor_project

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "resources" / "examples").glob("*.gpuplan"))


def _text(table: Any, row: int, column: int) -> str:
    item = table.item(row, column)
    assert item is not None
    return str(item.text())


def _page(qtbot: Any, session: ProjectSession) -> VendorsPage:
    page = VendorsPage(session)
    qtbot.addWidget(page)
    page.resize(1100, 700)
    page.show()
    page.initializePage()
    return page


def _unmeasured_session() -> ProjectSession:
    return ProjectSession(three_vendor_project(measured=False))


def _confirm_import(qtbot: Any, page: VendorsPage) -> None:
    """Wait until the import dialog lists the files, then confirm (or close it)."""
    dialog = page.import_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: not dialog.is_reading, timeout=10_000)
    if dialog.import_button.isEnabled():
        dialog.import_button.click()
    else:
        dialog.cancel_button.click()


def _import(qtbot: Any, page: VendorsPage, row: int, paths: list[Path]) -> bool:
    page.select_vendor(row)
    with qtbot.waitSignal(page.import_finished, timeout=10_000) as blocker:
        assert page.import_results(paths)
        _confirm_import(qtbot, page)
    return bool(blocker.args[0])


# --- vendor list -----------------------------------------------------------------------


def test_add_duplicate_remove_are_undoable(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    assert page.vendor_list.count() == 0
    assert not page.quote.body.isEnabled()
    page.add_button.click()
    page.add_button.click()
    assert [v.name for v in session.project.vendors] == ["Vendor 1", "Vendor 2"]
    assert page.vendor_list.count() == 2
    assert page.selected_index() == 1
    page.quote.name_edit.setText("Acme")
    page.duplicate_button.click()
    assert [v.name for v in session.project.vendors] == [
        "Vendor 1",
        "Acme",
        "Acme (copy)",
    ]
    assert page.selected_index() == 2
    page.remove_button.click()
    assert [v.name for v in session.project.vendors] == ["Vendor 1", "Acme"]
    session.undo_stack.undo()  # the removal
    assert [v.name for v in session.project.vendors][-1] == "Acme (copy)"
    session.undo_stack.undo()  # the duplicate
    session.undo_stack.undo()  # the rename
    assert [v.name for v in session.project.vendors] == ["Vendor 1", "Vendor 2"]
    assert page.quote.name_edit.text() in {"Vendor 1", "Vendor 2"}
    session.undo_stack.undo()
    session.undo_stack.undo()
    assert session.project.vendors == []
    assert page.vendor_list.count() == 0
    session.undo_stack.redo()
    assert page.vendor_list.count() == 1
    assert page.quote.name_edit.text() == "Vendor 1"


def test_duplicate_name_is_refused_beside_the_field(
    qtbot: Any, session: ProjectSession
) -> None:
    page = _page(qtbot, session)
    page.add_vendor()
    page.add_vendor()
    page.quote.name_edit.setText("Vendor 1")
    assert session.project.vendors[1].name == "Vendor 2"
    assert (
        page.quote.error_labels["name"].text()
        == "Another vendor already has this name."
    )
    assert not page.isComplete()
    page.quote.name_edit.setText("Vendor 3")
    assert session.project.vendors[1].name == "Vendor 3"
    assert page.isComplete()


# --- quote and terms binding -----------------------------------------------------------------


def test_quote_fields_bind_both_ways(qtbot: Any) -> None:
    session = _unmeasured_session()
    page = _page(qtbot, session)
    page.select_vendor(1)  # B
    assert page.quote.name_edit.text() == "B"
    assert page.quote.number_spins["monthly_cny_per_gpu_month"].value() == 6000
    assert (
        page.quote.number_spins["on_demand_cny_per_gpu_hour"].value() == 0
    )  # not quoted
    assert page.quote.flag_combos["audit_report"].currentData() == "no"
    assert page.quote.flag_combos["rdma"].currentData() == "\0none"

    page.quote.number_spins["on_demand_cny_per_gpu_hour"].setValue(9.5)
    page.quote.kind_combo.setCurrentIndex(page.quote.kind_combo.findData("idc"))
    page.quote.flag_combos["audit_report"].setCurrentIndex(1)  # yes
    page.quote.network_combo.setCurrentIndex(0)  # not stated
    page.quote.terms_edit.setPlainText("Minimum term 3 months.")
    b = session.project.vendors[1]
    assert b.on_demand_cny_per_gpu_hour == 9.5
    assert b.kind is VendorKind.IDC
    assert b.audit_report is True
    assert b.network_id is None
    assert b.terms == "Minimum term 3 months."

    page.quote.number_spins["sla_availability_pct"].setValue(0)
    assert session.project.vendors[1].sla_availability_pct is None

    for _ in range(6):
        session.undo_stack.undo()
    assert session.project.vendors[1] == three_vendor_project(measured=False).vendors[1]
    assert page.quote.number_spins["on_demand_cny_per_gpu_hour"].value() == 0
    assert page.quote.kind_combo.currentData() == "rental"
    assert page.quote.flag_combos["audit_report"].currentData() == "no"
    assert page.quote.network_combo.currentData() == "roce-100"
    assert page.quote.terms_edit.toPlainText() == ""
    assert page.quote.number_spins["sla_availability_pct"].value() == pytest.approx(
        99.9
    )


def test_implausible_quote_shows_the_cost_engines_warning(qtbot: Any) -> None:
    session = _unmeasured_session()
    page = _page(qtbot, session)
    page.select_vendor(0)
    assert page.quote.price_warning.isHidden()
    page.quote.number_spins["on_demand_cny_per_gpu_hour"].setValue(0.5)
    project = session.project
    expected = [
        words.text(a, "en")
        for a in quote_warnings(project, session.catalog, project.vendors[0].gpu_id)
        if "vendors.0.on_demand_cny_per_gpu_hour" in a.inputs
    ]
    assert expected, "the engine should flag 0.5 CNY per card-hour"
    assert page.quote.price_warning.isVisible()
    assert page.quote.price_warning.text() == expected[0]
    session.undo_stack.undo()
    assert page.quote.price_warning.isHidden()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_projects(qtbot: Any, path: Path) -> None:
    session = ProjectSession(load_project(path))
    page = _page(qtbot, session)
    assert page.vendor_list.count() == len(session.project.vendors) == 2
    # Two quoted vendors: ranked on their quotes alone until results come in.
    assert page.winner_label.text().startswith("Ranked first: ")
    page.add_vendor()
    vendor = session.project.vendors[-1]
    assert vendor.gpu_id == session.project.workload.gpu_id
    assert page.quote.gpu_combo.currentData() == vendor.gpu_id
    for criterion, spin in page.weight_spins.items():
        assert spin.value() == getattr(session.project.scoring, criterion.value)
    assert page.isComplete()


# --- import, judgement, charts, scoring ----------------------------------------------------


def test_import_three_sample_sets_ranks_a_b_c(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _unmeasured_session()
    page = _page(qtbot, session)
    assert page.charts.series_count()["busbw"] == 0
    for row, name in enumerate("abc"):
        folder = RESULTS / f"vendor_{name}"
        monkeypatch.setattr(
            QFileDialog,
            "getExistingDirectory",
            staticmethod(lambda *_a, _f=folder, **_k: str(_f)),
        )
        page.select_vendor(row)
        with qtbot.waitSignal(page.import_finished, timeout=10_000) as blocker:
            page._on_import_folder_clicked()
            _confirm_import(qtbot, page)
        assert blocker.args == [True]
        assert "Imported" in page.status_label.text()
    vendors = session.project.vendors
    assert all(len(v.measurements) > 1000 for v in vendors)
    reference = three_vendor_project()
    assert [len(v.measurements) for v in vendors] == [
        len(v.measurements) for v in reference.vendors
    ]
    # measured MFU set from the training log, on the sizing's model-FLOPs
    # footing 6N + 6·L·s·w, causal (A: ~0.47 on the sample)
    assert vendors[0].measured_mfu == pytest.approx(0.4667, abs=1e-3)
    assert all(v.measured_mfu is not None for v in vendors)

    # one undo step per import
    assert session.undo_stack.count() == 3

    # judgement table of C: filled, coloured, hot and throttled GPUs flagged
    page.select_vendor(2)
    table = page.judgement_view.table
    assert table.rowCount() == len(page.judgements["C"].checks) > 20
    rows = [
        [_text(table, r, c) for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]
    verdicts = {row[5] for row in rows}
    assert {"pass", "warn", "fail"} <= verdicts
    assert any(row[0] == "GPU temperature" and row[6] == "Hot" for row in rows)
    assert any(row[6] == "Throttled" for row in rows)
    fail_row = next(i for i, row in enumerate(rows) if row[5] == "fail")
    fail_item = table.item(fail_row, 0)
    assert fail_item is not None
    assert fail_item.background().color().name() == VERDICT_BACKGROUNDS[Verdict.FAIL]
    assert any(row[7].startswith("pass >=") for row in rows)  # threshold shown
    assert "node01: fail" in page.judgement_view.node_label.text()

    # charts: one series per vendor in each
    assert page.charts.series_count() == {
        "busbw": 3,
        "tokens": 3,
        "loss": 3,
        "storage": 3,
        "network": 3,
    }
    x, y = page.charts.busbw_curves["A"].getData()
    assert format_size(x[-1]) == "8 GiB"
    assert max(y) == pytest.approx(174.555, rel=0.05)
    tokens_x, tokens_y = page.charts.tokens_curves["A"].getData()
    assert len(tokens_x) == 60
    assert max(tokens_y) < 2500  # per GPU, not the job's 14,000 tokens/s

    # scoring: A > B > C, as the engine says
    assert page.scoring is not None
    assert [v.vendor for v in page.scoring.vendors] == ["A", "B", "C"]
    engine, _judgements = score_project(session.project, load_catalog())
    assert page.winner_label.text() == (
        f"Ranked first: A ({engine.vendors[0].total:.1f} of 100).\n"
        "C: Not accepted: dcgmi diag hardware.gpu_memory on GPU 3: fail. "
        "Ranked behind every vendor that passed."
    )
    headers = [
        item.text()
        for c in range(page.score_table.columnCount())
        if (item := page.score_table.horizontalHeaderItem(c)) is not None
    ]
    assert headers[2:5] == ["1. A", "2. B", "3. C"]
    # the list in the project's order, each with its rank in words
    assert [page.vendor_list.item(r).text() for r in range(3)] == [
        "A (rank 1)",
        "B (rank 2)",
        "C (rank 3): Not accepted",
    ]
    assert (
        page.vendor_list.item(2)
        .toolTip()
        .startswith("Not accepted: dcgmi diag hardware.gpu_memory on GPU 3: fail. ")
    )
    # the first row of the scoring table: each vendor's acceptance; C's reason
    # in the cell's tooltip and in full above the table
    assert [_text(page.score_table, 0, c) for c in range(5)] == [
        "Acceptance",
        "",
        "Passed the tests imported",
        "Passed the tests imported",
        "Not accepted",
    ]
    reason = (
        "Not accepted: dcgmi diag hardware.gpu_memory on GPU 3: fail. "
        "Ranked behind every vendor that passed."
    )
    cell = page.score_table.item(0, 4)
    assert cell is not None
    assert cell.toolTip() == reason
    assert reason in page.winner_label.text()
    # +32.0: measured MFU on model FLOPs (6N + 6·L·s·w, causal) against the A100 MFU
    # by model size and sequence length (+34.4 on the attention-share fit, +33.7
    # with the non-causal count)
    assert page.sensitivity_text(Criterion.PRICE).startswith("+32.0 points: B wins")
    price_item = page.score_table.item(1, 2)
    assert price_item is not None
    assert "lowest CNY per GPU-hour" in price_item.toolTip()

    # undo the last import: C's results are gone again
    session.undo_stack.undo()
    assert session.project.vendors[2].measurements == []
    assert page.charts.series_count()["busbw"] == 2


def test_weights_bind_both_ways_and_move_the_winner(qtbot: Any) -> None:
    session = ProjectSession(three_vendor_project())
    page = _page(qtbot, session)
    assert page.scoring is not None
    assert page.scoring.winner == "A"
    page.weight_spins[Criterion.PRICE].setValue(70)  # beyond +33.7
    assert session.project.scoring.price == 70
    assert page.scoring.winner == "B"
    assert page.winner_label.text().startswith("Ranked first: B")
    session.undo_stack.undo()
    assert page.weight_spins[Criterion.PRICE].value() == 30
    assert page.scoring.winner == "A"


def test_quote_edit_rejudges_like_score_project(qtbot: Any) -> None:
    """A judgement is kept while the vendor's measurements and expectations are
    (a price is not judged, the quoted NIC speed is); the result equals a full
    score."""
    session = ProjectSession(three_vendor_project())
    page = _page(qtbot, session)
    before = dict(page.judgements)
    page.select_vendor(2)
    page.quote.number_spins["on_demand_cny_per_gpu_hour"].setValue(7.25)
    assert session.project.vendors[2].on_demand_cny_per_gpu_hour == 7.25
    scoring, judgements = score_project(session.project, load_catalog())
    assert page.scoring == scoring
    assert page.judgements == judgements
    assert page.judgements["A"] is before["A"]  # unchanged vendors: not judged again
    assert page.judgements["C"] is before["C"]  # the price is scored, not judged
    session.apply("vendors.2.intranet_gbit_per_s", 50.0)  # what iperf3 is judged by
    assert page.judgements == score_project(session.project, load_catalog())[1]
    assert page.judgements["A"] is before["A"]
    assert page.judgements["C"] is not before["C"]
    # a workload change judges everyone again
    session.apply("workload.seq_len", 8192)
    assert page.judgements == score_project(session.project, load_catalog())[1]
    assert page.judgements["A"] is not before["A"]


def test_an_edit_nothing_scored_reads_keeps_the_analysis_on_screen(
    qtbot: Any,
) -> None:
    session = ProjectSession(three_vendor_project())
    page = _page(qtbot, session)
    result = session.evaluation.vendors
    item = page.score_table.item(1, 2)
    assert item is not None
    item.setText("left as it was")
    session.apply("meta.author", "Someone Else")
    session.apply("budget.owned_gpus", 3)
    page.analysis.ensure_current()
    assert session.evaluation.vendors is result  # not scored again
    assert _text(page.score_table, 1, 2) == "left as it was"
    page.weight_spins[Criterion.PRICE].setValue(70)
    assert _text(page.score_table, 1, 2) != "left as it was"


def test_a_folder_of_only_damaged_files_changes_nothing(
    qtbot: Any, tmp_path: Path
) -> None:
    session = _unmeasured_session()
    page = _page(qtbot, session)
    folder = tmp_path / "results" / "node01"
    folder.mkdir(parents=True)
    damaged = folder / "fio_shared.json"
    damaged.write_text('{"fio version": "fio-3.35",\n "jobs": [\n  {oops', "utf-8")
    before = session.project
    depth = session.undo_stack.count()
    page.select_vendor(0)
    assert page.import_results([tmp_path / "results"])
    dialog = page.import_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: not dialog.is_reading, timeout=10_000)
    assert not dialog.import_button.isEnabled()
    assert dialog.refused_table.rowCount() == 1
    where = dialog.refused_table.item(0, 0)
    assert where is not None
    assert "fio_shared.json, line " in where.text()
    with qtbot.waitSignal(page.import_finished, timeout=10_000) as blocker:
        dialog.cancel_button.click()
    assert blocker.args == [False]
    assert session.project is before
    assert session.undo_stack.count() == depth
    assert page.status_label.text() == "Nothing was imported."
    assert page.import_dialog is None


def test_import_of_a_second_node_adds_and_reimport_replaces(qtbot: Any) -> None:
    session = _unmeasured_session()
    page = _page(qtbot, session)
    node01 = RESULTS / "vendor_a" / "node01"
    node02 = RESULTS / "vendor_a" / "node02"
    assert _import(qtbot, page, 0, [node01])
    first = len(session.project.vendors[0].measurements)
    assert _import(qtbot, page, 0, [node02])
    second = len(session.project.vendors[0].measurements)
    assert second > first
    assert _import(qtbot, page, 0, [node02])
    assert len(session.project.vendors[0].measurements) == second
    page.clear_results()
    assert session.project.vendors[0].measurements == []
    assert session.project.vendors[0].measured_mfu is None


# --- test kit ----------------------------------------------------------------------------------


def test_testkit_folder_and_archive(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = three_vendor_project(measured=False)
    project = project.model_copy(
        update={"meta": project.meta.model_copy(update={"language": Language.EN})}
    )
    session = ProjectSession(project)
    page = _page(qtbot, session)
    page.select_vendor(1)
    target = tmp_path / "kit_b"
    monkeypatch.setattr(
        QFileDialog, "getExistingDirectory", staticmethod(lambda *_a, **_k: str(target))
    )
    with qtbot.waitSignal(page.kit_written) as blocker:
        page._on_kit_folder_clicked()
    assert blocker.args == [target]
    readme = (target / "README.md").read_text("utf-8")
    assert readme.startswith("# GPU test kit for B")
    for script in ("run_all.sh", "20_nccl_single_node.sh", "30_iperf3.sh", "40_fio.sh"):
        assert (target / script).is_file()
        assert (target / script).stat().st_mode & 0o111
    assert str(target) in page.status_label.text()
    assert "./run_all.sh" in page.status_label.text()

    archive = tmp_path / "kit_b"
    monkeypatch.setattr(
        QFileDialog,
        "getSaveFileName",
        staticmethod(lambda *_a, **_k: (str(archive), "")),
    )
    page._on_kit_archive_clicked()
    written = tmp_path / "kit_b.tar.gz"
    assert written.read_bytes()[:2] == b"\x1f\x8b"
    assert "tar xzf kit_b.tar.gz" in page.status_label.text()


def test_testkit_readme_follows_the_project_language(
    qtbot: Any, tmp_path: Path
) -> None:
    session = _unmeasured_session()  # Project() defaults to Chinese
    assert session.project.meta.language is Language.ZH
    page = _page(qtbot, session)
    page.select_vendor(0)
    assert page.generate_testkit(tmp_path / "kit") == tmp_path / "kit"
    readme = (tmp_path / "kit" / "README.md").read_text("utf-8")
    assert "测试" in readme


# --- wizard, language ------------------------------------------------------------------------


def test_page_inside_the_wizard(qtbot: Any) -> None:
    session = ProjectSession(three_vendor_project())
    wizard = AdvisorWizard(session)
    qtbot.addWidget(wizard)
    page = VendorsPage(session)
    wizard.removePage(PageId.VENDORS)
    wizard.setPage(PageId.VENDORS, page)
    wizard.resize(1280, 800)
    wizard.show()
    wizard.go_to(PageId.VENDORS)
    assert wizard.currentId() == PageId.VENDORS
    assert page.scoring is not None
    assert page.scoring.winner == "A"
    wizard.next()
    assert wizard.currentId() == PageId.ENVIRONMENT
    # edits elsewhere leave the page stale; showing it again brings it up to date
    session.apply("scoring.price", 70.0)
    wizard.back()
    assert page.scoring.winner == "B"


def test_format_size_labels() -> None:
    assert [format_size(x) for x in (3, 9, 10, 19, 20, 31)] == [
        "8 B",
        "512 B",
        "1 KiB",
        "512 KiB",
        "1 MiB",
        "2 GiB",
    ]


def test_vendor_without_results_explains_what_to_do(qtbot: Any) -> None:
    session = ProjectSession(Project(vendors=[Vendor(name="Solo")]))
    page = _page(qtbot, session)
    assert (
        "No results imported for Solo yet" in page.judgement_view.results_summary.text()
    )
    assert page.winner_label.text() == "Only one vendor: add another to compare."
    assert not page.charts.empty_label.isHidden()
    assert "No measurements yet" in page.charts.empty_label.text()
