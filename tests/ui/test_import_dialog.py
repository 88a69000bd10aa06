"""The result import dialog: worker with progress and Cancel, lists before confirm, one undo step."""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from gpu_advisor.io.results_import import import_results
from gpu_advisor.ui import i18n
from gpu_advisor.ui import import_dialog as dialog_module
from gpu_advisor.ui.import_dialog import ImportDialog
from gpu_advisor.ui.pages.vendors_page import VendorsPage
from gpu_advisor.ui.session import ProjectSession
from tests.evidence_samples import RESULTS, three_vendor_project

_CJK = re.compile(r"[\u4e00-\u9fff]")

CRASHED_NCCL = """# nThread 1 nGpus 8 minBytes 8 maxBytes 8589934592 step: 2(factor)
# Collective test starting: all_reduce_perf
#  Rank  0 Group  0 Pid  1 on node01 device  0 [0x07] NVIDIA H100
#
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
     2097152         32768     float     sum      -1 node01: Test CUDA failure common.cu:389 'an illegal memory access was encountered'
"""

IPERF_TEXT = """Connecting to host 10.0.0.2, port 5201
[  5] local 10.0.0.1 port 40000 connected to 10.0.0.2 port 5201
[ ID] Interval           Transfer     Bitrate         Retr
[  5]   0.00-10.00  sec  10.9 GBytes  9.39 Gbits/sec    0             sender
[  5]   0.00-10.04  sec  10.9 GBytes  9.35 Gbits/sec                  receiver
"""


def _folder(tmp_path: Path) -> Path:
    """Vendor A's node01 folder plus a crashed run, an iperf3 text report, a
    damaged file and a note that is no test result."""
    folder = tmp_path / "results" / "node01"
    shutil.copytree(RESULTS / "vendor_a" / "node01", folder)
    (folder / "nccl_alltoall_crashed.txt").write_text(CRASHED_NCCL, "utf-8")
    (folder / "iperf3_plain.txt").write_text(IPERF_TEXT, "utf-8")
    (folder / "fio_shared.json").write_text(
        '{"fio version": "3",\n "jobs": [\n {', "utf-8"
    )
    (folder / "NOTES.md").write_text("ran on the second try\n", "utf-8")
    return tmp_path / "results"


def _page(qtbot: Any) -> tuple[VendorsPage, ProjectSession]:
    session = ProjectSession(three_vendor_project(measured=False))
    page = VendorsPage(session)
    qtbot.addWidget(page)
    page.resize(1100, 700)
    page.show()
    page.initializePage()
    page.select_vendor(0)
    return page, session


def _open(qtbot: Any, page: VendorsPage, paths: list[Path]) -> ImportDialog:
    assert page.import_results(paths)
    dialog = page.import_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: not dialog.is_reading, timeout=10_000)
    return dialog


def _cell(table: Any, row: int, column: int) -> str:
    item = table.item(row, column)
    assert item is not None
    return str(item.text())


def _column(table: Any, column: int) -> list[str]:
    return [_cell(table, row, column) for row in range(table.rowCount())]


def test_lists_good_and_refused_files_before_confirming(
    qtbot: Any, tmp_path: Path
) -> None:
    page, session = _page(qtbot)
    before = session.project
    dialog = _open(qtbot, page, [_folder(tmp_path)])
    assert dialog.isVisible()
    # nothing is imported before the user confirms
    assert session.project is before
    files = _column(dialog.imported_table, 0)
    assert "results/node01/nccl_all_reduce_perf_1node.txt" in files
    assert not any("fio_shared" in f or "crashed" in f or "NOTES" in f for f in files)
    # iperf3's text report (no -J) is read like its JSON
    assert "results/node01/iperf3_plain.txt" in files
    row = files.index("results/node01/iperf3_node01_to_node02.json")
    assert _cell(dialog.imported_table, row, 1) == "iperf3"
    assert _cell(dialog.imported_table, row, 2) == "node01"
    assert "TCP received 92.38 Gbit/s" in _cell(dialog.imported_table, row, 3)
    refused = dict(
        zip(
            _column(dialog.refused_table, 0),
            _column(dialog.refused_table, 2),
            strict=True,
        )
    )
    assert len(refused) == 2
    hints = {Path(where.split(",")[0]).name: hint for where, hint in refused.items()}
    assert "run this test again" in hints["nccl_alltoall_crashed.txt"]
    assert "copy it again" in hints["fio_shared.json"]
    reasons = _column(dialog.refused_table, 1)
    assert any(r.startswith("a crashed run") for r in reasons)
    assert dialog.import_button.text() == f"&Import {len(files)} files"
    assert "2 refused" in dialog.status_label.text()
    # the note is named as left out, not silently dropped
    assert dialog.skipped_label.isVisibleTo(dialog)
    assert "NOTES.md" in dialog.skipped_label.text()
    assert dialog.progress_bar.value() == dialog.progress_bar.maximum()
    dialog.grab().save("/tmp/evid-import-dialog.png")

    depth = session.undo_stack.count()
    with qtbot.waitSignal(page.import_finished, timeout=10_000) as blocker:
        dialog.import_button.click()
    assert blocker.args == [True]
    measurements = session.project.vendors[0].measurements
    stored = {m.file for m in measurements}
    assert stored == set(files)
    assert not any("crashed" in f or "NOTES" in f or "fio_shared" in f for f in stored)
    assert session.undo_stack.count() == depth + 1
    assert page.import_dialog is None
    session.undo_stack.undo()
    assert session.project.vendors[0].measurements == []
    session.undo_stack.redo()
    assert session.project.vendors[0].measurements == measurements


def _gated(
    monkeypatch: pytest.MonkeyPatch,
) -> threading.Event:
    """Make the worker wait after each file until the returned event is set."""
    gate = threading.Event()
    real = import_results

    def slow(
        paths: list[Path],
        *,
        progress: Callable[[int, int], None],
        cancelled: Callable[[], bool],
    ) -> Any:
        def step(done: int, total: int) -> None:
            progress(done, total)
            gate.wait(10)

        return real(paths, progress=step, cancelled=cancelled)

    monkeypatch.setattr(dialog_module, "import_results", slow)
    return gate


def test_cancel_while_reading_leaves_the_project_untouched(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page, session = _page(qtbot)
    gate = _gated(monkeypatch)
    before = session.project
    depth = session.undo_stack.count()
    assert page.import_results([_folder(tmp_path)])
    dialog = page.import_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.progress_bar.value() >= 1, timeout=10_000)
    assert dialog.is_reading
    assert dialog.progress_bar.maximum() > 10  # one step per file
    assert "Reading file 1 of" in dialog.status_label.text()
    with qtbot.waitSignal(page.import_finished, timeout=10_000) as blocker:
        dialog.cancel_button.click()
        gate.set()
    assert blocker.args == [False]
    assert dialog.wait_idle()
    assert session.project is before
    assert session.undo_stack.count() == depth
    assert page.import_dialog is None
    assert page.import_button.isEnabled()


def test_closing_the_list_without_confirming_imports_nothing(
    qtbot: Any, tmp_path: Path
) -> None:
    page, session = _page(qtbot)
    before = session.project
    dialog = _open(qtbot, page, [_folder(tmp_path)])
    with qtbot.waitSignal(page.import_finished, timeout=10_000) as blocker:
        dialog.reject()  # Esc
    assert blocker.args == [False]
    assert session.project is before


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_dialog_speaks_the_ui_language(
    qtbot: Any, tmp_path: Path, language: str
) -> None:
    i18n.install_translators(language)
    try:
        page, _session = _page(qtbot)
        dialog = _open(qtbot, page, [_folder(tmp_path)])
        texts = [
            dialog.windowTitle(),
            dialog.import_button.text(),
            dialog.cancel_button.text(),
            dialog.status_label.text(),
            dialog.imported_label.text(),
            dialog.refused_label.text(),
            *_column(dialog.refused_table, 2),
            *(
                str(
                    dialog.imported_table.model().headerData(
                        c, Qt.Orientation.Horizontal
                    )
                )
                for c in range(dialog.imported_table.columnCount())
            ),
        ]
        for text in texts:
            assert bool(_CJK.search(text)) == (language == "zh_CN"), text
        if language == "zh_CN":
            dialog.grab().save("/tmp/evid-import-dialog-zh.png")
        dialog.reject()
    finally:
        i18n.install_translators("en")


def test_a_live_language_switch_retranslates_the_open_list(
    qtbot: Any, tmp_path: Path
) -> None:
    page, _session = _page(qtbot)
    dialog = _open(qtbot, page, [_folder(tmp_path)])
    try:
        i18n.install_translators("zh_CN")
        qtbot.waitUntil(lambda: bool(_CJK.search(dialog.import_button.text())))
        assert all(_CJK.search(hint) for hint in _column(dialog.refused_table, 2))
        assert _CJK.search(dialog.status_label.text())
    finally:
        i18n.install_translators("en")
    qtbot.waitUntil(lambda: not _CJK.search(dialog.import_button.text()))
    dialog.reject()


def test_the_cli_prints_the_dialogs_hints(
    qtbot: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One set of hints: the dialog's English sentences are the CLI's."""
    from gpu_advisor.cli import main
    from gpu_advisor.io.results_import import REFUSAL_HINTS

    i18n.install_translators("en")
    page, _session = _page(qtbot)
    dialog = _open(qtbot, page, [_folder(tmp_path)])
    for kind, sentence in REFUSAL_HINTS.items():
        assert dialog.hint(kind) == sentence, kind
    shown = set(_column(dialog.refused_table, 2))
    dialog.reject()
    assert shown <= set(REFUSAL_HINTS.values())
    capsys.readouterr()
    assert main(["parse-results", str(_folder(tmp_path / "again"))]) == 0
    err = capsys.readouterr().err
    assert err.count("refused: ") == 2
    assert "left out: " in err
    assert "NOTES.md" in err
    for hint in shown:
        assert f"({hint})" in err, hint
