"""The vendors step shows "stated by the user" beside a run whose facts the
person gave at import (issue 30), in both languages.

The import dialog and ``gpu-advisor-cli parse-results`` already said so; the
judgement table of the vendors step now says it in the finding of each check
of that run (``Check.stated``, filled by the engine from the measurements'
``stated_by_user`` label). Samples as in ``test_import_dialog_stated.py``:
a variant derived from the real ``h100-2node-16rank-…-srun-label…`` output
with its ``#  Rank`` lines cut out (states neither fact), and the real
``rtx5090-…-tag-output.txt`` (states both).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QTableWidget

from gpu_advisor.ui import i18n
from gpu_advisor.ui.pages.vendors_page import VendorsPage
from tests.ui.test_import_dialog import _CJK, _open, _page
from tests.ui.test_import_dialog_stated import _folder

FINDING = 8  # the judgement table's finding column


def _findings(table: QTableWidget) -> list[str]:
    return [
        item.text()
        for row in range(table.rowCount())
        if (item := table.item(row, FINDING)) is not None
    ]


def _import_with_stated(qtbot: Any, page: VendorsPage, tmp_path: Path) -> None:
    dialog = _open(qtbot, page, [_folder(tmp_path)])
    question = next(q for q in dialog.questions if q.name.endswith("run2.txt"))
    assert question.collective is not None
    assert question.nodes is not None
    question.collective.setCurrentIndex(question.collective.findData("all_reduce"))
    question.nodes.setValue(2)
    with qtbot.waitSignal(page.import_finished, timeout=10_000):
        dialog.import_button.click()
    page.select_vendor(0)


def test_a_stated_run_is_marked_in_the_judgement(qtbot: Any, tmp_path: Path) -> None:
    page, session = _page(qtbot)
    _import_with_stated(qtbot, page, tmp_path)
    judged = page.judgements[session.project.vendors[0].name]
    stated = {c.file: c.stated for c in judged.checks if c.stated}
    assert stated == {"vendor/node01/run2.txt": ("collective", "nodes")}
    findings = _findings(page.judgement_view.table)
    marked = [f for f in findings if "stated by the user" in f]
    assert marked
    assert all(
        f.endswith("— stated by the user: collective, node count") for f in marked
    )
    # the runs whose outputs state their facts are not marked
    named = [c for c in judged.checks if c.file.endswith("tag-output.txt")]
    assert named
    assert all(not c.stated for c in named)
    assert len(marked) == sum(1 for c in judged.checks if c.stated)


def test_the_mark_is_worded_in_chinese(qtbot: Any, tmp_path: Path) -> None:
    i18n.install_translators("zh_CN")
    try:
        page, _session = _page(qtbot)
        _import_with_stated(qtbot, page, tmp_path)
        marked = [f for f in _findings(page.judgement_view.table) if "由用户给出" in f]
        assert marked
        assert all("集合通信类型" in f and "节点数" in f for f in marked)
        assert all(_CJK.search(f) for f in marked)
    finally:
        i18n.install_translators("en")
