"""The import dialog asks, per file, for the facts an nccl-tests output does not state.

Finding (issue 30): the collective came from the file name (a ``sendrecv``
output renamed ``run2.txt`` imported as ``all_reduce``) and files without a
host list were judged as single-node runs. The parser now leaves them unstated
(``unknown_collective.*``, no ``<op>.nodes``); the dialog asks, and the answer
becomes the run's collective and node count, labelled as stated by the user.

Samples: ``h200-gke-…-unnamed-collective.txt`` (real: names no collective,
2 hosts in its rank list; tests/data/real-samples/SOURCES.md) and a variant
derived from the real ``h100-2node-16rank-…-srun-label…`` output with its
``#  Rank`` lines cut out, so it states neither.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from gpu_advisor.io.results_stated import STATED_LABEL
from gpu_advisor.ui import i18n
from tests.ui.test_import_dialog import _CJK, _cell, _column, _open, _page

NCCL = Path(__file__).resolve().parents[1] / "data" / "real-samples" / "nccl-tests"
UNNAMED = "h200-gke-2node-16rank-skypilot-mpi-tagged-unnamed-collective.txt"
SRUN = "h100-2node-16rank-allreduce-srun-label-padded-no-check.txt"
NAMED = "rtx5090-1node-2rank-allreduce-mpi-v2.18.0-tag-output.txt"


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "vendor" / "node01"
    folder.mkdir(parents=True)
    lines = (NCCL / SRUN).read_text("utf-8").splitlines(keepends=True)
    (folder / "run2.txt").write_text(
        "".join(x for x in lines if "#  Rank" not in x), "utf-8"
    )
    (folder / UNNAMED).write_bytes((NCCL / UNNAMED).read_bytes())
    (folder / NAMED).write_bytes((NCCL / NAMED).read_bytes())
    return tmp_path / "vendor"


def test_the_dialog_asks_for_what_an_output_does_not_state(
    qtbot: Any, tmp_path: Path
) -> None:
    page, session = _page(qtbot)
    dialog = _open(qtbot, page, [_folder(tmp_path)])
    assert dialog.question_area.isVisibleTo(dialog)
    asked = {q.name: q for q in dialog.questions}
    # a file that states both is not asked about
    assert set(asked) == {"vendor/node01/run2.txt", f"vendor/node01/{UNNAMED}"}
    neither, unnamed = (
        asked["vendor/node01/run2.txt"],
        asked[f"vendor/node01/{UNNAMED}"],
    )
    assert neither.collective is not None
    assert neither.nodes is not None
    # the rank list of the GKE run names 2 hosts: only the collective is asked
    assert unnamed.collective is not None
    assert unnamed.nodes is None
    assert neither.collective.accessibleName() == "Collective of vendor/node01/run2.txt"
    assert neither.nodes.accessibleName() == "Node count of vendor/node01/run2.txt"
    assert neither.label.buddy() is neither.collective
    # both unknown until answered: nothing is assumed
    assert neither.collective.currentText() == "unknown collective"
    assert neither.nodes.text() == "unknown node count"
    assert dialog.stated() == {}

    # keyboard: Tab reaches the questions, arrows and digits answer them
    assert neither.collective.focusPolicy() & Qt.FocusPolicy.TabFocus
    neither.collective.setFocus()
    for _ in range(7):  # unknown → all_reduce … → sendrecv (7th)
        qtbot.keyClick(neither.collective, Qt.Key.Key_Down)
    assert neither.collective.currentData() == "sendrecv"
    neither.nodes.setFocus()
    qtbot.keyClick(neither.nodes, Qt.Key.Key_Up)  # unknown → 1 node
    qtbot.keyClick(neither.nodes, Qt.Key.Key_Up)
    assert neither.nodes.value() == 2
    files = _column(dialog.imported_table, 0)
    row = files.index("vendor/node01/run2.txt")
    assert "stated by the user: collective, node count" in _cell(
        dialog.imported_table, row, 3
    )
    # the output's busbw at 8 GiB, under the stated collective
    assert "sendrecv bus bandwidth 155.6 GB/s" in _cell(dialog.imported_table, row, 3)
    row = files.index(f"vendor/node01/{UNNAMED}")
    assert "stated by the user" not in _cell(dialog.imported_table, row, 3)

    depth = session.undo_stack.count()
    with qtbot.waitSignal(page.import_finished, timeout=10_000):
        dialog.import_button.click()
    assert session.undo_stack.count() == depth + 1
    stored = session.project.vendors[0].measurements
    run2 = {m.metric: m for m in stored if m.file.endswith("run2.txt")}
    assert run2["sendrecv.nodes"].value == 2
    assert (run2["sendrecv.nodes"].labels or {})[STATED_LABEL] == "nodes"
    assert not any(m.metric.startswith("unknown_collective") for m in run2.values())
    gke = [m for m in stored if m.file.endswith(UNNAMED)]
    # unanswered: left unknown, not guessed
    assert any(m.metric == "unknown_collective.nodes" and m.value == 2 for m in gke)
    session.undo_stack.undo()
    assert session.project.vendors[0].measurements == []


def test_the_question_is_worded_in_chinese(qtbot: Any, tmp_path: Path) -> None:
    i18n.install_translators("zh_CN")
    try:
        page, _session = _page(qtbot)
        dialog = _open(qtbot, page, [_folder(tmp_path)])
        assert _CJK.search(dialog.question_label.text())
        question = next(q for q in dialog.questions if q.nodes is not None)
        assert question.nodes is not None
        assert question.collective is not None
        assert _CJK.search(question.nodes.text())
        assert _CJK.search(question.collective.currentText())
        assert _CJK.search(question.collective.accessibleName())
        dialog.reject()
    finally:
        i18n.install_translators("en")
