"""Wizard step 1: the workload page and its demand editor."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QCoreApplication, QPointF, Qt, QTranslator
from PySide6.QtWidgets import QApplication

from gpu_advisor import words
from gpu_advisor.engine.explain_keys import sizing_keys
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import (
    LoraTarget,
    PhaseKind,
    Precision,
    Project,
    Recompute,
    TaskKind,
)
from gpu_advisor.ui import i18n
from gpu_advisor.ui.pages.workload_page import CUSTOM_MODEL, WorkloadPage
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.widgets.demand_editor import DemandEditor
from gpu_advisor.ui.widgets.sizing_charts import GIB
from gpu_advisor.ui.wizard import AdvisorWizard, PageId

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "resources" / "examples").glob("*.gpuplan"))
TRANSLATIONS = ROOT / "resources" / "translations"

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

FITTING = {"workload": {"zero_stage": 3, "deadline_days": 10, "tokens_billion": 20}}
BASELINE = {
    "workload": {
        "task": "full-finetune",
        "model_preset": "llama2-13b",
        "zero_stage": 1,  # 13B full fine-tune with ZeRO-1: fits on no card count
        "tokens_billion": 1.0,
        "micro_batch": 1,
        "precision": "bf16",
        "gpu_id": "A100-80GB-SXM",
        "gpu_candidates": ["A100-80GB-SXM", "H100-80GB-SXM", "L40S"],
    }
}
"""The inputs these tests start from, pinned so that new defaults don't move them."""


@pytest.fixture
def session(qapp: QApplication) -> ProjectSession:
    return ProjectSession(Project.model_validate(BASELINE))


def _cell(table: Any, row: int, column: int) -> Any:
    item = table.item(row, column)
    assert item is not None
    return item


def _page(qtbot: Any, session: ProjectSession) -> WorkloadPage:
    page = WorkloadPage(session)
    qtbot.addWidget(page)
    page.initializePage()
    # A hidden page defers its numbers and charts until it is shown (tested in
    # test_wizard_walk); these tests read them after every edit, unshown.
    page.outputs.run()
    page.demand_editor.outputs.run()
    session.project_changed.connect(page.outputs.run)
    session.project_changed.connect(page.demand_editor.outputs.run)
    return page


def _num(value: float, decimals: int = 0) -> str:
    return i18n.current_locale().toString(float(value), "f", decimals)


# --- binding ------------------------------------------------------------------------


def test_fields_bind_both_ways(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    page.tokens.editor.setValue(42.0)
    page.micro_batch.editor.setValue(4)
    page.precision.editor.setCurrentIndex(page.precision.editor.findText("FP8"))
    page.zero_stage.editor.setCurrentIndex(3)
    page.sequence_parallel.editor.setChecked(True)
    workload = session.project.workload
    assert workload.tokens_billion == 42.0
    assert workload.micro_batch == 4
    assert workload.precision is Precision.FP8
    assert workload.zero_stage == 3
    assert workload.sequence_parallel is True
    assert session.undo_stack.count() == 5
    for _ in range(5):
        session.undo_stack.undo()
    assert page.tokens.editor.value() == 1.0
    assert page.micro_batch.editor.value() == 1
    assert page.precision.editor.currentText() == "BF16"
    assert page.zero_stage.editor.currentIndex() == 1
    assert not page.sequence_parallel.editor.isChecked()
    session.undo_stack.redo()
    assert page.tokens.editor.value() == 42.0


def test_task_kind_shows_only_relevant_fields(
    qtbot: Any, session: ProjectSession
) -> None:
    page = _page(qtbot, session)
    assert page.lora_rank.isHidden()
    assert page.inference_context.isHidden()
    assert not page.micro_batch.isHidden()
    index = page.task_combo.editor.findData(str(TaskKind.QLORA))
    page.task_combo.editor.setCurrentIndex(index)
    assert session.project.workload.task is TaskKind.QLORA
    assert not page.lora_rank.isHidden()
    assert not page.qlora_bits.isHidden()
    index = page.task_combo.editor.findData(str(TaskKind.INFERENCE))
    page.task_combo.editor.setCurrentIndex(index)
    assert page.lora_rank.isHidden()
    assert not page.inference_context.isHidden()
    assert not page.inference_concurrency.isHidden()
    assert page.micro_batch.isHidden()
    assert page.optimizer.isHidden()
    page.task_combo.editor.setCurrentIndex(
        page.task_combo.editor.findData(str(TaskKind.PRETRAIN))
    )
    assert not page.chinchilla_label.isHidden()
    chinchilla = session.evaluation.sizing.compute.chinchilla_tokens
    assert _num(chinchilla / 1e9) in page.chinchilla_label.text()


def test_model_presets_grouped_by_family(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    combo = page.model_combo
    families = {m.family for m in session.catalog.models}
    headers = [
        combo.itemText(i) for i in range(combo.count()) if combo.itemData(i) is None
    ]
    assert families <= set(headers)
    assert combo.currentData() == "llama2-13b"
    combo.setCurrentIndex(combo.findData("mixtral-8x7b"))
    assert session.project.workload.model_preset == "mixtral-8x7b"
    assert session.evaluation.sizing.shape.is_moe
    assert "active per token" in page.model_info.text()
    session.undo_stack.undo()
    assert combo.currentData() == "llama2-13b"


def test_a_custom_shape_states_its_mlp_kind(
    qtbot: Any, session: ProjectSession
) -> None:
    """Issue #32: the MLP kind is a field of the shape (a SwiGLU 4 × hidden wide
    was read as a GeLU MLP); starting from a preset keeps the preset's kind."""
    page = _page(qtbot, session)
    assert page.mlp_combo.isHidden()
    page.model_combo.setCurrentIndex(page.model_combo.findData(CUSTOM_MODEL))
    assert not page.mlp_combo.isHidden()
    shape = session.project.workload.shape
    assert shape is not None
    assert shape.gated_mlp is True  # Llama 2 13B: SwiGLU
    page.shape_fields["ffn_hidden"].editor.setValue(4 * shape.hidden)
    gated = session.evaluation.sizing.shape.params_total
    page.mlp_combo.editor.setCurrentIndex(page.mlp_combo.editor.findData("False"))
    assert session.project.workload.shape is not None
    assert session.project.workload.shape.gated_mlp is False
    plain = session.evaluation.sizing.shape.params_total
    # one of three FFN matrices fewer in each of 40 layers
    assert gated - plain == pytest.approx(40 * shape.hidden * 4 * shape.hidden)


def test_custom_shape_edit_validate_undo(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    assert page.shape_fields["layers"].isHidden()
    page.model_combo.setCurrentIndex(page.model_combo.findData(CUSTOM_MODEL))
    workload = session.project.workload
    assert workload.model_preset is None
    assert workload.shape is not None
    assert workload.shape.layers == 40  # started from Llama 2 13B's shape
    assert not page.shape_fields["layers"].isHidden()
    page.shape_fields["layers"].editor.setValue(48)
    assert session.project.workload.shape is not None
    assert session.project.workload.shape.layers == 48
    # 40 heads with 32 KV heads: the model refuses it, the message sits beside it.
    page.shape_fields["kv_heads"].editor.setValue(32)
    assert page.shape_fields["kv_heads"].has_error
    assert "multiple of kv_heads" in page.shape_fields["kv_heads"].error_text
    assert not page.isComplete()
    page.shape_fields["kv_heads"].editor.setValue(8)
    assert page.isComplete()
    assert session.project.workload.shape.kv_heads == 8
    session.undo_stack.undo()  # kv heads
    session.undo_stack.undo()  # layers
    session.undo_stack.undo()  # back to the preset
    assert session.project.workload.model_preset == "llama2-13b"
    assert page.shape_fields["layers"].isHidden()


def test_custom_shape_from_deepseek_keeps_its_compressed_cache(
    qtbot: Any, session: ProjectSession
) -> None:
    page = _page(qtbot, session)
    session.apply("workload.task", "inference")  # serving: the cache counts
    session.apply("workload.model_preset", "deepseek-v3")
    kv_before = session.evaluation.sizing.memory.per_gpu.kv_cache_bytes
    assert kv_before > 0
    page.model_combo.setCurrentIndex(page.model_combo.findData(CUSTOM_MODEL))
    shape = session.project.workload.shape
    assert shape is not None
    assert shape.kv_cache_values_per_token == 512 + 64
    assert session.evaluation.sizing.memory.per_gpu.kv_cache_bytes == kv_before
    # A plain (GQA) model's custom shape leaves it empty.
    session.undo_stack.undo()
    session.apply("workload.model_preset", "llama2-70b")
    page.model_combo.setCurrentIndex(page.model_combo.findData(CUSTOM_MODEL))
    shape = session.project.workload.shape
    assert shape is not None
    assert shape.kv_cache_values_per_token is None


def test_paste_config_dialog(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    dialog = page.open_paste_dialog()
    qtbot.addWidget(dialog)
    dialog.text_edit.setPlainText("{not json")
    dialog.accept()
    assert dialog.isVisible()
    assert "not valid JSON" in dialog.error_label.text()
    dialog.text_edit.setPlainText('{"hidden_size": 4096}')
    dialog.accept()
    assert "num_hidden_layers" in dialog.error_label.text()
    assert session.undo_stack.count() == 0
    dialog.text_edit.setPlainText(
        '{"num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32,'
        ' "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 128256}'
    )
    with qtbot.waitSignal(dialog.accepted):
        dialog.accept()
    shape = session.project.workload.shape
    assert session.project.workload.model_preset is None
    assert shape is not None
    assert (shape.layers, shape.kv_heads, shape.vocab) == (32, 8, 128256)
    assert session.undo_stack.count() == 1
    assert page.model_combo.currentData() == CUSTOM_MODEL
    assert page.shape_fields["vocab"].editor.value() == 128256


def test_gpu_and_candidates(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    items = {
        page.candidates_list.item(r).data(
            Qt.ItemDataRole.UserRole
        ): page.candidates_list.item(r)
        for r in range(page.candidates_list.count())
    }
    assert items["L40S"].checkState() == Qt.CheckState.Checked
    items["H20-96GB"].setCheckState(Qt.CheckState.Checked)
    assert "H20-96GB" in session.project.workload.gpu_candidates
    page.gpu_combo.editor.setCurrentIndex(
        page.gpu_combo.editor.findData("H100-80GB-SXM")
    )
    assert session.project.workload.gpu_id == "H100-80GB-SXM"
    assert "H100" in page.results_title.text()
    session.undo_stack.undo()
    session.undo_stack.undo()
    assert items["H20-96GB"].checkState() == Qt.CheckState.Unchecked


def test_optional_fields_gpus_deadline_mfu(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    mfu_ref = page.mfu.default_ref()
    assert mfu_ref is not None
    # the field shows the engine's default to its three decimals
    assert page.mfu.editor.value() == pytest.approx(float(mfu_ref.value), abs=5e-4)
    assert "as of" in page.mfu.editor.toolTip()
    page.mfu.own_check.setChecked(True)
    page.mfu.editor.setValue(0.5)
    assert session.project.workload.mfu == 0.5
    assert session.evaluation.sizing.compute.mfu == 0.5
    page.deadline.own_check.setChecked(True)
    page.deadline.editor.setValue(3.0)
    assert session.project.workload.deadline_days == 3.0
    assert page.days_chart.deadline_line.isVisible()
    assert page.days_chart.deadline_line.value() == 3.0
    page.gpus.own_check.setChecked(True)
    page.gpus.editor.setValue(64)
    assert session.project.workload.gpus == 64


# --- results --------------------------------------------------------------------------


def _check_results(page: WorkloadPage, session: ProjectSession) -> None:
    ev = session.evaluation
    sizing = ev.sizing
    numbers = page.key_numbers.rows
    assert _num(sizing.compute.gpu_hours) in numbers["gpu_hours"].value.text()
    assert (
        _num(sizing.compute.gpu_hours_with_redundancy)
        in numbers["gpu_hours_x15"].value.text()
    )
    assert (
        _num(sizing.memory.per_gpu.total_bytes / GIB, 1)
        in numbers["memory"].value.text()
    )
    assert _num(sizing.cluster.days, 1) in numbers["days"].value.text()
    if sizing.cluster.min_gpus is not None:
        assert _num(sizing.cluster.min_gpus) in numbers["min_gpus"].value.text()
    assert (
        _num(sizing.storage.checkpoint_bytes / 1e9)
        in numbers["checkpoint"].value.text()
    )
    # memory chart: one stacked bar per card, the chosen one first
    rows = page.memory_chart.rows(ev)
    assert rows[0][0] == sizing.gpu_id
    _x, weights = page.memory_chart.bars["weights_bytes"].getData()
    np.testing.assert_allclose(
        weights, [m.per_gpu.weights_bytes / GIB for _g, m in rows]
    )
    top = page.memory_chart.bars["overhead_bytes"].opts
    np.testing.assert_allclose(
        np.asarray(top["y0"]) + np.asarray(top["height"]),
        [m.per_gpu.total_bytes / GIB for _g, m in rows],
        rtol=1e-9,
    )
    _cx, cy = page.memory_chart.capacity_line.getData()
    np.testing.assert_allclose(cy[::2], [m.usable_bytes / GIB for _g, m in rows])
    # days curve
    _xs, ys = page.days_chart.curve.getData()
    if sizing.cluster.days_curve:
        np.testing.assert_allclose(ys, [p.days for p in sizing.cluster.days_curve])
    _mx, my = page.days_chart.chosen_marker.getData()
    assert my[0] == pytest.approx(sizing.cluster.days)
    # warnings, in the UI language
    for advice in sizing.warnings:
        assert (
            words.text(advice, Language.EN)
            .split(".")[0][:40]
            .replace("&", "&amp;")
            .replace("<", "&lt;")
            in page.warnings_label.text()
        )


def test_results_show_engine_numbers(qtbot: Any) -> None:
    session = ProjectSession(Project.model_validate(FITTING))
    page = _page(qtbot, session)
    _check_results(page, session)
    assert "24" in page.key_numbers.rows["deadline_gpus"].value.text()
    assert page.days_chart.deadline_line.isVisible()
    page.tokens.editor.setValue(40.0)  # the results follow the input
    _check_results(page, session)
    session.undo_stack.undo()
    _check_results(page, session)


def test_rule_of_thumb_and_unfit_model(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)  # default: 13B full fine-tune, ZeRO-1 does not fit
    codes = {w.code for w in session.evaluation.sizing.warnings}
    assert "memory.rule_of_thumb" in codes
    assert "2–3" in page.warnings_label.text()
    assert "does not fit" in page.key_numbers.rows["min_gpus"].value.text()
    assert "fits on no card count" in page.days_chart.note.toPlainText()
    _check_results(page, session)


@pytest.mark.parametrize("task", list(TaskKind))
def test_results_for_each_task(qtbot: Any, task: TaskKind) -> None:
    session = ProjectSession(
        Project.model_validate({"workload": {**FITTING["workload"], "task": task}})
    )
    page = _page(qtbot, session)
    _check_results(page, session)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_projects(qtbot: Any, path: Path) -> None:
    session = ProjectSession(load_project(path))
    page = _page(qtbot, session)
    _check_results(page, session)
    assert page.isComplete()
    assert page.demand_editor.table.rowCount() == session.project.meta.horizon_months


def test_why_buttons(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    dialog = page.key_numbers.rows["gpu_hours"].why.show_explanation()
    qtbot.addWidget(dialog)
    assert dialog.explanation is not None
    assert dialog.explanation.key == "compute.gpu_hours"
    assert dialog.inputs_table.rowCount() == len(dialog.explanation.inputs)
    for name in ("memory", "min_gpus", "gpu_hours_x15", "days", "deadline_gpus"):
        assert page.key_numbers.rows[name].why.current_explanation() is not None, name


def _check_why_buttons(qtbot: Any, page: WorkloadPage, session: ProjectSession) -> None:
    sizing = session.evaluation.sizing
    inference = sizing.compute.decode_tokens_per_s_per_gpu is not None
    wanted = sizing_keys(sizing, inference=inference)
    shown = {
        n.why.key: n for n in page.key_numbers.rows.values() if not n.why.isHidden()
    }
    assert set(shown) == set(wanted)
    for key in wanted:
        dialog = shown[key].why.show_explanation()
        qtbot.addWidget(dialog)
        assert dialog.explanation is not None, key
        assert dialog.explanation.key == key
        # shown in the reader's words with the values filled in; the engine's
        # notation (English) is not shown to a reader in any language
        assert dialog.explanation.formula != ""
        assert dialog.explanation.formula not in dialog.formula_label.toolTip()
        assert dialog.formula_label.text(), key
        assert dialog.inputs_table.rowCount() == len(dialog.explanation.inputs) > 0
        assert dialog.missing_label.isHidden(), key
        dialog.close()


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_result_row_explains_itself(qtbot: Any, path: Path) -> None:
    session = ProjectSession(load_project(path))
    page = _page(qtbot, session)
    _check_why_buttons(qtbot, page, session)
    cluster = session.evaluation.sizing.cluster
    text = page.key_numbers.rows["scaling"].value.text()
    assert f"{cluster.scaling_efficiency * 100:.0f}" in text
    write = session.evaluation.sizing.storage.checkpoint_write_gb_per_s
    assert f"{write:.2f}" in page.key_numbers.rows["checkpoint_write"].value.text()


def test_decode_row_only_for_inference(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    assert page.key_numbers.rows["decode"].why.isHidden()
    session.apply("workload.task", "inference")
    decode = session.evaluation.sizing.compute.decode_tokens_per_s_per_gpu
    assert decode is not None
    assert not page.key_numbers.rows["decode"].why.isHidden()
    assert f"{decode:,.0f}" in page.key_numbers.rows["decode"].value.text()
    _check_why_buttons(qtbot, page, session)
    session.undo_stack.undo()
    assert page.key_numbers.rows["decode"].why.isHidden()


def test_warnings_follow_language(
    qtbot: Any, session: ProjectSession, qapp: QApplication
) -> None:
    page = _page(qtbot, session)
    advice = session.evaluation.sizing.warnings[0]
    i18n.install_translators("zh_CN")
    qapp.processEvents()
    page.outputs.ensure_current()  # hidden: redrawn when shown
    assert words.text(advice, "zh")[:20] in page.warnings_label.text()
    i18n.install_translators("en")
    qapp.processEvents()
    page.outputs.ensure_current()
    assert words.text(advice, "en")[:20] in page.warnings_label.text()


def _install_ours(
    qapp: QApplication, language: str, tmp_path: Path
) -> list[QTranslator]:
    """Compile and install this page's catalogs (the app loads them once merged)."""
    translators = []
    for area in ("workload",):
        ts = TRANSLATIONS / f"{area}_{language}.ts"
        qm = tmp_path / f"{area}_{language}.qm"
        lrelease = Path(sys.executable).parent / "pyside6-lrelease"
        subprocess.run([str(lrelease), "-silent", str(ts), "-qm", str(qm)], check=True)
        translator = QTranslator(qapp)
        assert translator.load(str(qm))
        QCoreApplication.installTranslator(translator)
        translators.append(translator)
    return translators


def test_page_translates_live(
    qtbot: Any, session: ProjectSession, qapp: QApplication, tmp_path: Path
) -> None:
    page = _page(qtbot, session)
    assert page.title() == "Size the workload"
    assert page.tabs.tabText(1) == "Monthly demand"
    i18n.install_translators("zh_CN")
    translators = _install_ours(qapp, "zh_CN", tmp_path)
    qapp.processEvents()
    page.outputs.ensure_current()  # hidden: redrawn when shown
    try:
        assert page.tabs.tabText(1) == "月度需求"
        assert page.key_numbers.rows["gpu_hours"].caption.text().startswith("卡时")
        assert page.mfu.own_check.text() == "自定义"
        assert page.demand_editor.fill_button.text().startswith("按工作负载填充")
        assert "卡" in page.key_numbers.rows["min_gpus"].value.text()
    finally:
        for translator in translators:
            QCoreApplication.removeTranslator(translator)
        i18n.install_translators("en")
        qapp.processEvents()
    assert page.tabs.tabText(1) == "Monthly demand"


# --- wizard navigation --------------------------------------------------------------


def test_inside_wizard(qtbot: Any, session: ProjectSession) -> None:
    wizard = AdvisorWizard(session)
    qtbot.addWidget(wizard)
    page = WorkloadPage(session)
    wizard.removePage(PageId.WORKLOAD)
    wizard.setPage(PageId.WORKLOAD, page)
    wizard.show()
    qtbot.waitExposed(wizard)
    wizard.restart()
    wizard.next()
    assert wizard.currentId() == PageId.WORKLOAD
    page.tabs.setCurrentWidget(page.demand_editor)  # outputs follow while shown
    page.micro_batch.editor.setValue(2)
    wizard.back()
    wizard.project_page.horizon_spin.setValue(24)  # an edit on another page
    wizard.next()
    assert page.demand_editor.table.rowCount() == 24
    session.undo_stack.undo()
    session.undo_stack.undo()
    assert page.micro_batch.editor.value() == 1
    assert page.demand_editor.table.rowCount() == 12
    wizard.next()
    assert wizard.currentId() == PageId.BUDGET


# --- demand editor ---------------------------------------------------------------------


class _Drag:
    """Just enough of pyqtgraph's MouseDragEvent for DraggableBars."""

    def __init__(
        self, start: QPointF, pos: QPointF, *, first: bool, last: bool
    ) -> None:
        self._start, self._pos, self._first, self._last = start, pos, first, last
        self.accepted = False

    def button(self) -> Qt.MouseButton:
        return Qt.MouseButton.LeftButton

    def isStart(self) -> bool:
        return self._first

    def isFinish(self) -> bool:
        return self._last

    def buttonDownPos(self) -> QPointF:
        return self._start

    def pos(self) -> QPointF:
        return self._pos

    def accept(self) -> None:
        self.accepted = True

    def ignore(self) -> None:
        self.accepted = False


def _editor(qtbot: Any, session: ProjectSession) -> DemandEditor:
    editor = DemandEditor(session)
    qtbot.addWidget(editor)
    # Unshown, the editor defers its table and bars; these tests read them.
    session.project_changed.connect(editor.outputs.run)
    return editor


def test_demand_shows_derived_profile(qtbot: Any) -> None:
    session = ProjectSession(Project.model_validate(FITTING))
    editor = _editor(qtbot, session)
    hours = session.evaluation.cost.demand_gpu_hours
    assert session.evaluation.cost.demand_source == "workload"
    assert editor.table.rowCount() == 12
    assert _cell(editor.table, 0, 1).text() == _num(hours[0])
    assert _cell(editor.table, 0, 1).font().italic()
    np.testing.assert_allclose(editor.bars.heights, hours)


def test_demand_table_edit_writes_profile(qtbot: Any) -> None:
    session = ProjectSession(Project.model_validate(FITTING))
    editor = _editor(qtbot, session)
    derived = list(session.evaluation.cost.demand_gpu_hours)
    _cell(editor.table, 3, 1).setText("1500")
    months = session.project.demand.months
    assert len(months) == 12
    assert months[3].gpu_hours == 1500
    assert months[0].gpu_hours == pytest.approx(derived[0])
    assert months[0].phase is PhaseKind.FINETUNE
    assert not _cell(editor.table, 0, 1).font().italic()
    assert editor.bars.heights[3] == 1500
    _cell(editor.table, 4, 1).setText("lots")
    assert "number" in editor.error_label.text()
    assert session.project.demand.months[4].gpu_hours == 0
    session.undo_stack.undo()
    assert session.project.demand.months == []


def test_demand_phase_edit(qtbot: Any, session: ProjectSession) -> None:
    editor = _editor(qtbot, session)
    combo = editor._phase_combos[5]
    combo.setCurrentIndex(combo.findData(str(PhaseKind.INFERENCE)))
    assert session.project.demand.months[5].phase is PhaseKind.INFERENCE


def test_demand_spot_column_per_month(qtbot: Any, session: ProjectSession) -> None:
    """Issue #11: each month says whether it tolerates spot; serving never does."""
    editor = _editor(qtbot, session)
    combo = editor._phase_combos[5]
    combo.setCurrentIndex(combo.findData(str(PhaseKind.INFERENCE)))
    serving = editor._spot_checks[5]
    assert not serving.isChecked()
    assert not serving.isEnabled()  # serving never runs on spot
    training = editor._spot_checks[0]
    assert training.isEnabled()
    assert training.isChecked()  # by the phase
    training.setChecked(False)
    assert session.project.demand.months[0].spot_allowed is False
    assert session.project.demand.months[5].phase is PhaseKind.INFERENCE  # kept
    _cell(editor.table, 0, 1).setText("900")  # other edits keep the setting
    assert session.project.demand.months[0].spot_allowed is False
    editor._spot_checks[0].setChecked(True)  # back to what the phase says
    assert session.project.demand.months[0].spot_allowed is None


def test_demand_bar_drag_is_one_undo_step(qtbot: Any) -> None:
    session = ProjectSession(Project.model_validate(FITTING))
    editor = _editor(qtbot, session)
    bars = editor.bars
    bars.set_grab_height(100.0)
    start = QPointF(3.0, 10.0)  # month 3, an empty month: grabbed in its column
    assert bars.index_at(start) == 2
    assert bars.index_at(QPointF(3.5, 10.0)) is None  # between bars
    for i, (y, first, last) in enumerate(
        ((10.0, True, False), (800.0, False, False), (1200.4, False, True))
    ):
        event = _Drag(start, QPointF(3.0, y), first=first, last=last)
        bars.mouseDragEvent(event)
        assert event.accepted, i
        if not last:  # live preview: the table follows, the model waits
            assert session.project.demand.months == []
            assert _cell(editor.table, 2, 1).text() == _num(y)
    assert session.project.demand.months[2].gpu_hours == 1200
    assert session.undo_stack.count() == 1
    session.undo_stack.undo()
    assert session.project.demand.months == []
    assert bars.heights[2] == 0.0


def test_demand_drag_outside_bars_is_ignored(
    qtbot: Any, session: ProjectSession
) -> None:
    editor = _editor(qtbot, session)
    event = _Drag(QPointF(40.0, 5.0), QPointF(40.0, 50.0), first=True, last=False)
    editor.bars.mouseDragEvent(event)
    assert not event.accepted
    assert session.undo_stack.count() == 0


def test_demand_fill_and_clear(qtbot: Any) -> None:
    session = ProjectSession(Project.model_validate(FITTING))
    editor = _editor(qtbot, session)
    editor.clear_button.click()
    demand = session.project.demand
    assert demand.derive_from_workload is False
    assert [m.gpu_hours for m in demand.months] == [0.0] * 12
    assert editor.bars.heights.sum() == 0
    _cell(editor.table, 0, 1).setText("100")
    editor.fill_button.click()
    demand = session.project.demand
    assert demand.months == []
    assert demand.derive_from_workload is True
    assert session.evaluation.cost.demand_source == "workload"
    np.testing.assert_allclose(
        editor.bars.heights, session.evaluation.cost.demand_gpu_hours
    )


def test_framework_choice_and_gpu_hour_range(
    qtbot: Any, session: ProjectSession
) -> None:
    page = _page(qtbot, session)
    assert session.project.workload.framework.value == "fsdp"
    page.framework.editor.setCurrentIndex(page.framework.editor.findText("Megatron-LM"))
    assert session.project.workload.framework.value == "megatron"
    compute = session.evaluation.sizing.compute
    text = page.key_numbers.rows["gpu_hours"].value.text()
    assert compute.gpu_hours_p10 is not None
    assert compute.gpu_hours_p90 is not None
    assert compute.gpu_hours_p10 < compute.gpu_hours < compute.gpu_hours_p90
    assert "P10–P90" in text
    # the ×1.5 figure carries its own range, the engine's numbers
    low = compute.gpu_hours_with_redundancy_p10
    high = compute.gpu_hours_with_redundancy_p90
    assert low is not None
    assert high is not None
    red = page.key_numbers.rows["gpu_hours_x15"].value.text()
    assert "P10–P90" in red
    assert page._num(low) in red
    assert page._num(high) in red


def test_recompute_offers_lean(qtbot: Any, session: ProjectSession) -> None:
    """The lean recompute (DeepSeek-V3's: norms and the MoE activation too)
    is a choice of the form, written to the plan and lowering the activations."""
    page = _page(qtbot, session)
    before = session.evaluation.sizing.memory.per_gpu.activations_bytes
    combo = page.recompute.editor
    combo.setCurrentIndex(combo.findText("Selective + norms, MoE activation"))
    assert session.project.workload.recompute is Recompute.LEAN
    after = session.evaluation.sizing.memory.per_gpu.activations_bytes
    assert after < before


@pytest.mark.parametrize(
    ("language", "shown", "typed", "stored"),
    [
        ("en", "300 B tokens", "350.5", 350.5),
        # Chinese counts tokens in 亿 (10⁸): 300 billion = 3,000 亿
        ("zh_CN", "3,000 亿 token", "3500", 350.0),
    ],
)
def test_token_count_reads_in_the_locale_without_trailing_zeros(
    qtbot: Any, language: str, shown: str, typed: str, stored: float
) -> None:
    i18n.install_translators(language)
    project = Project.model_validate(BASELINE)
    workload = project.workload.model_copy(update={"tokens_billion": 300.0})
    session = ProjectSession(project.model_copy(update={"workload": workload}))
    page = WorkloadPage(session)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    editor = page.tokens.editor
    assert editor.text() == shown
    editor.lineEdit().setText(typed + editor.suffix())
    editor.interpretText()
    editor.editingFinished.emit()
    assert session.project.workload.tokens_billion == pytest.approx(stored)
    assert ".000" not in editor.text()
    # The Chinchilla hint uses the field's unit.
    unit = "亿" if language == "zh_CN" else "B tokens"
    assert unit in page.chinchilla_label.text()
    i18n.install_translators("en")


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_the_demand_chart_marks_whole_months(qtbot: Any, path: Path) -> None:
    """Issue #34: the monthly-demand axis read 0.5, 1.5, …; months are whole."""
    session = ProjectSession(load_project(path))
    page = _page(qtbot, session)
    editor = page.demand_editor
    editor.outputs.run()
    months = session.project.meta.horizon_months
    assert editor.table.rowCount() == months
    axis = editor.plot.getAxis("bottom")
    for _spacing, values in axis.tickValues(0.4, months + 0.6, 600):
        assert all(float(v).is_integer() for v in values), values


def test_virtual_pipeline_stages_are_a_field_of_a_pipelined_plan(
    qtbot: Any, session: ProjectSession
) -> None:
    """Interleaved pipeline stages (Megatron-LM's virtual stages) show once the
    plan has a pipeline, are written to the plan and raise the activations by
    1 + (p − 1)/(p·v) (Megatron-LM's estimator); undo clears them."""
    page = _page(qtbot, session)
    assert page.virtual_pipeline.isHidden()  # pp = 1: nothing to interleave
    page.pp.editor.setValue(4)
    assert not page.virtual_pipeline.isHidden()
    before = session.evaluation.sizing.memory.per_gpu.activations_bytes
    page.virtual_pipeline.own_check.setChecked(True)
    page.virtual_pipeline.editor.setValue(4)
    assert session.project.workload.virtual_pipeline == 4
    after = session.evaluation.sizing.memory.per_gpu.activations_bytes
    assert after > before
    while session.project.workload.virtual_pipeline is not None:
        session.undo_stack.undo()
    assert session.evaluation.sizing.memory.per_gpu.activations_bytes == before


def test_a_custom_shape_states_whether_its_embeddings_are_tied(
    qtbot: Any, session: ProjectSession
) -> None:
    """Issue #32: tied embeddings (one V·h matrix for the input embedding and the
    output head) are a field of the custom shape; ticking it removes V·h
    parameters, undo brings them back."""
    page = _page(qtbot, session)
    assert page.tied_embeddings.isHidden()
    page.model_combo.setCurrentIndex(page.model_combo.findData(CUSTOM_MODEL))
    assert not page.tied_embeddings.isHidden()
    shape = session.project.workload.shape
    assert shape is not None
    assert shape.tied_embeddings is False  # Llama 2 13B: untied
    untied = session.evaluation.sizing.shape.params_total
    page.tied_embeddings.editor.setChecked(True)
    assert session.project.workload.shape is not None
    assert session.project.workload.shape.tied_embeddings is True
    tied = session.evaluation.sizing.shape.params_total
    assert untied - tied == pytest.approx(shape.vocab * shape.hidden)
    session.undo_stack.undo()
    assert session.evaluation.sizing.shape.params_total == untied
    assert not page.tied_embeddings.editor.isChecked()


def test_optimizer_offload_is_a_field_of_deepspeed_and_fsdp_plans(
    qtbot: Any, session: ProjectSession
) -> None:
    """ZeRO-Offload (issue #32): the tick box shows for full training under
    DeepSpeed or FSDP, empties the GPU of gradients and optimizer states, and
    undoes."""
    page = _page(qtbot, session)
    assert not page.offload_optimizer.isHidden()  # full fine-tune, FSDP
    page.offload_optimizer.editor.setChecked(True)
    assert session.project.workload.offload_optimizer is True
    per_gpu = session.evaluation.sizing.memory.per_gpu
    assert per_gpu.optimizer_bytes == 0.0
    assert per_gpu.gradients_bytes == 0.0
    session.undo_stack.undo()
    assert session.project.workload.offload_optimizer is None
    assert session.evaluation.sizing.memory.per_gpu.optimizer_bytes > 0
    page.framework.editor.setCurrentIndex(page.framework.editor.findText("Megatron-LM"))
    assert page.offload_optimizer.isHidden()


def test_lora_targets_are_a_field_of_lora_plans(
    qtbot: Any, session: ProjectSession
) -> None:
    """Issue #32: the layers LoRA adapts are ticked on the form (all seven for
    a plan that names none); unticking leaves fewer adapters, ticking all
    seven again stores the empty field the plan had; undo (one step: edits of
    one field merge) brings the plan back."""
    page = _page(qtbot, session)
    assert page.lora_targets.isHidden()
    page.task_combo.editor.setCurrentIndex(
        page.task_combo.editor.findData(str(TaskKind.LORA))
    )
    assert not page.lora_targets.isHidden()
    checks = page.lora_target_checks
    assert all(c.isChecked() for c in checks.values())
    before = session.evaluation.sizing.memory.per_gpu.optimizer_bytes
    checks[LoraTarget.DOWN].setChecked(False)
    targets = session.project.workload.lora_targets
    assert targets is not None
    assert LoraTarget.DOWN not in targets
    assert len(targets) == 6
    assert session.evaluation.sizing.memory.per_gpu.optimizer_bytes < before
    checks[LoraTarget.DOWN].setChecked(True)
    assert session.project.workload.lora_targets is None
    checks[LoraTarget.Q].setChecked(False)
    assert session.project.workload.lora_targets is not None
    session.undo_stack.undo()
    assert session.project.workload.lora_targets is None
    assert checks[LoraTarget.Q].isChecked()
    for target in LoraTarget:  # the last one stays: LoRA adapts something
        checks[target].setChecked(False)
    assert session.project.workload.lora_targets == [LoraTarget.DOWN]
    assert checks[LoraTarget.DOWN].isChecked()


def test_a_custom_shape_states_its_sliding_window(
    qtbot: Any, session: ProjectSession
) -> None:
    """Issue #32: a custom shape's attention window (Mistral 7B v0.1, Gemma 2)
    and how many layers use it are fields of the form; at a sequence longer
    than the window the FLOPs fall; undo restores full attention."""
    page = _page(qtbot, session)
    assert page.sliding_window.isHidden()
    page.model_combo.setCurrentIndex(page.model_combo.findData(CUSTOM_MODEL))
    assert not page.sliding_window.isHidden()
    assert page.sliding_window_layers.isHidden()  # no window yet
    page.seq_len.editor.setValue(32768)
    before = session.evaluation.sizing.compute.flops_per_token
    page.sliding_window.own_check.setChecked(True)
    page.sliding_window.editor.setValue(4096)
    shape = session.project.workload.shape
    assert shape is not None
    assert shape.sliding_window == 4096
    assert not page.sliding_window_layers.isHidden()
    assert session.evaluation.sizing.compute.flops_per_token < before
    page.sliding_window_layers.own_check.setChecked(True)
    page.sliding_window_layers.editor.setValue(2)
    shape = session.project.workload.shape
    assert shape is not None
    assert shape.sliding_window_layers == 2
    while (s := session.project.workload.shape) and s.sliding_window is not None:
        session.undo_stack.undo()
    assert session.evaluation.sizing.compute.flops_per_token == before


def test_a_custom_shape_states_its_multi_token_prediction(
    qtbot: Any, session: ProjectSession
) -> None:
    """Issue #32: the multi-token prediction depth (DeepSeek-V3: 1) is a field
    of the custom shape; one module adds a layer and a 2h×h projection to the
    trained parameters; undo takes them back."""
    page = _page(qtbot, session)
    assert page.mtp_layers.isHidden()
    page.model_combo.setCurrentIndex(page.model_combo.findData(CUSTOM_MODEL))
    assert not page.mtp_layers.isHidden()
    before = session.evaluation.sizing.shape.params_total
    page.mtp_layers.own_check.setChecked(True)
    page.mtp_layers.editor.setValue(1)
    shape = session.project.workload.shape
    assert shape is not None
    assert shape.mtp_layers == 1
    assert session.evaluation.sizing.shape.mtp_layers == 1
    grown = session.evaluation.sizing.shape.params_total - before
    assert grown == pytest.approx(session.evaluation.sizing.shape.mtp_params)
    assert grown > 2 * shape.hidden**2
    while (s := session.project.workload.shape) and s.mtp_layers is not None:
        session.undo_stack.undo()
    assert session.evaluation.sizing.shape.params_total == before


def test_context_parallelism_is_a_field_of_a_training_plan(
    qtbot: Any, session: ProjectSession
) -> None:
    """Context parallelism (issue #32, Megatron-LM --context-parallel-size):
    the field shows for training, splits the activations per card over the
    ranks, is named for screen readers, and undoes."""
    page = _page(qtbot, session)
    assert not page.context_parallel.isHidden()  # full fine-tune
    label = page._labels["context_parallel"][0]  # names the editor (its buddy)
    assert label.buddy() is page.context_parallel.editor
    assert label.text().strip()
    before = session.evaluation.sizing.memory.per_gpu.activations_bytes
    page.context_parallel.own_check.setChecked(True)
    page.context_parallel.editor.setValue(2)
    assert session.project.workload.context_parallel == 2
    after = session.evaluation.sizing.memory.per_gpu.activations_bytes
    assert after == pytest.approx(before / 2)
    while session.project.workload.context_parallel is not None:
        session.undo_stack.undo()
    assert session.evaluation.sizing.memory.per_gpu.activations_bytes == before


def test_expert_tensor_parallel_is_a_field_of_full_training(
    qtbot: Any, session: ProjectSession
) -> None:
    """Expert tensor parallelism (issue #32): shown for full training of an
    MoE model, written to the plan, named by its label, and undone."""
    page = _page(qtbot, session)
    assert page.expert_tensor_parallel.isHidden()  # a dense model: no experts
    session.apply("workload.model_preset", "mixtral-8x7b")
    qtbot.waitUntil(lambda: not page.expert_tensor_parallel.isHidden())
    label = page._labels["expert_tensor_parallel"][0]
    assert label.buddy() is page.expert_tensor_parallel.editor
    page.expert_tensor_parallel.own_check.setChecked(True)
    page.expert_tensor_parallel.editor.setValue(2)
    assert session.project.workload.expert_tensor_parallel == 2
    while session.project.workload.expert_tensor_parallel is not None:
        session.undo_stack.undo()
    index = page.task_combo.editor.findData(str(TaskKind.LORA))
    page.task_combo.editor.setCurrentIndex(index)
    assert page.expert_tensor_parallel.isHidden()


def test_a_paged_optimizer_is_a_field_of_bitsandbytes_plans(
    qtbot: Any, session: ProjectSession
) -> None:
    """Paged optimizer (issue #32, QLoRA section 3): shown for full training
    under FSDP or DDP with AdamW, leaves the moments off the card, undoes, and
    hides under Megatron-LM (its own optimizer)."""
    page = _page(qtbot, session)
    assert not page.paged_optimizer.isHidden()  # full fine-tune, FSDP, AdamW
    before = session.evaluation.sizing.memory.per_gpu.optimizer_bytes
    page.paged_optimizer.editor.setChecked(True)
    assert session.project.workload.paged_optimizer is True
    after = session.evaluation.sizing.memory.per_gpu.optimizer_bytes
    assert after == pytest.approx(before / 3)  # the 4 B master of AdamW's 12
    session.undo_stack.undo()
    assert session.project.workload.paged_optimizer is None
    page.framework.editor.setCurrentIndex(page.framework.editor.findText("Megatron-LM"))
    assert page.paged_optimizer.isHidden()
