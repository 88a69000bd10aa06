"""The shared page widgets: bound fields and the "why?" button."""

from __future__ import annotations

import functools
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTranslator
from PySide6.QtWidgets import QApplication

from gpu_advisor.model.common import Explanation, InputRef
from gpu_advisor.model.project import Precision, Project
from gpu_advisor.ui import i18n
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.widgets.bound import (
    BoundCheck,
    BoundCombo,
    BoundDoubleSpin,
    BoundLineEdit,
    BoundSpin,
    OptionalNumberField,
    budget_default,
    field_value,
)
from gpu_advisor.ui.widgets.why import (
    ExplanationDialog,
    WhyButton,
    find_explanation,
    session_explanations,
)

ROOT = Path(__file__).resolve().parents[2]

# The offscreen platform says so for every shown top-level widget.
pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

# --- bound fields -------------------------------------------------------------------


def test_spin_binds_both_ways_and_undoes(qtbot: Any, session: ProjectSession) -> None:
    spin = BoundSpin(session, "workload.micro_batch", minimum=1, maximum=65536)
    qtbot.addWidget(spin)
    assert spin.editor.value() == 1
    spin.editor.setValue(8)
    assert session.project.workload.micro_batch == 8
    spin.editor.setValue(16)  # same field: merged into one undo step
    assert session.undo_stack.count() == 1
    session.undo_stack.undo()
    assert session.project.workload.micro_batch == 1
    assert spin.editor.value() == 1
    session.undo_stack.redo()
    assert spin.editor.value() == 16


@pytest.fixture
def session(qapp: QApplication) -> ProjectSession:
    # Pinned: the tests below start from ZeRO-1 whatever the schema's default is.
    return ProjectSession(Project.model_validate({"workload": {"zero_stage": 1}}))


def _cell(table: Any, row: int, column: int) -> Any:
    item = table.item(row, column)
    assert item is not None
    return item


def test_spin_validation_message_beside_field(
    qtbot: Any, session: ProjectSession
) -> None:
    # The spin allows 5, the model only 0..3: the message appears, nothing changes.
    spin = BoundSpin(session, "workload.zero_stage", minimum=0, maximum=5)
    qtbot.addWidget(spin)
    spin.show()
    with qtbot.waitSignal(spin.error_changed) as blocker:
        spin.editor.setValue(5)
    assert blocker.args == ["Must be at most 3."]
    assert spin.has_error
    assert spin.error_label.isVisible()
    assert session.project.workload.zero_stage == 1
    assert session.undo_stack.count() == 0
    spin.editor.setValue(2)
    assert not spin.has_error
    assert not spin.error_label.isVisible()
    assert session.project.workload.zero_stage == 2


def test_error_cleared_when_model_changes(qtbot: Any, session: ProjectSession) -> None:
    spin = BoundSpin(session, "workload.zero_stage", minimum=0, maximum=5)
    other = BoundSpin(session, "workload.tp", minimum=1, maximum=64)
    qtbot.addWidget(spin)
    qtbot.addWidget(other)
    spin.editor.setValue(4)
    assert spin.has_error
    other.editor.setValue(2)
    assert not spin.has_error
    assert spin.editor.value() == 1  # back to the model's value


def test_double_spin_and_check_and_line_edit(
    qtbot: Any, session: ProjectSession
) -> None:
    tokens = BoundDoubleSpin(
        session, "workload.tokens_billion", maximum=1e6, decimals=3
    )
    flash = BoundCheck(session, "workload.flash_attention", lambda: "FlashAttention")
    title = BoundLineEdit(session, "meta.title")
    network = BoundLineEdit(session, "workload.network_id", empty_is_none=True)
    for widget in (tokens, flash, title, network):
        qtbot.addWidget(widget)
    tokens.editor.setValue(2.5)
    flash.editor.setChecked(False)
    title.editor.setText("Plan B")
    network.editor.setText("ib-200")
    project = session.project
    assert project.workload.tokens_billion == 2.5
    assert project.workload.flash_attention is False
    assert project.meta.title == "Plan B"
    assert project.workload.network_id == "ib-200"
    network.editor.setText("")
    assert session.project.workload.network_id is None
    title.editor.setText("")  # min_length=1
    assert title.has_error
    assert "at least 1" in title.error_text
    assert session.project.meta.title == "Plan B"
    while session.undo_stack.canUndo():
        session.undo_stack.undo()
    assert tokens.editor.value() == 1.0
    assert flash.editor.isChecked()
    assert title.editor.text() == "Untitled plan"


def test_combo_binds_enum_values(qtbot: Any, session: ProjectSession) -> None:
    combo = BoundCombo(
        session,
        "workload.precision",
        [(p, functools.partial(str.upper, p.value)) for p in Precision],
    )
    qtbot.addWidget(combo)
    assert combo.editor.currentText() == "BF16"
    combo.editor.setCurrentIndex(combo.editor.findText("FP8"))
    assert session.project.workload.precision is Precision.FP8
    session.undo_stack.undo()
    assert combo.editor.currentText() == "BF16"


def test_combo_shows_unknown_value(qtbot: Any) -> None:
    project = Project.model_validate({"workload": {"gpu_id": "Future-GPU"}})
    session = ProjectSession(project)
    combo = BoundCombo(session, "workload.gpu_id", [("A100-80GB-SXM", lambda: "A100")])
    qtbot.addWidget(combo)
    assert combo.editor.currentText() == "Future-GPU"


def test_optional_number_uses_catalog_default(
    qtbot: Any, session: ProjectSession
) -> None:
    field = OptionalNumberField(
        session,
        "budget.electricity_cny_per_kwh",
        maximum=100,
        decimals=3,
        default=budget_default("electricity_cny_per_kwh"),
    )
    qtbot.addWidget(field)
    ref = field.default_ref()
    assert ref is not None
    assert ref.source.startswith("catalog")
    assert not field.is_own_value
    assert not field.editor.isEnabled()
    assert field.editor.value() == pytest.approx(float(ref.value), abs=1e-3)
    assert "as of" in field.editor.toolTip()
    # Own value: the field takes the spin's value, then follows it.
    field.own_check.setChecked(True)
    assert session.project.budget.electricity_cny_per_kwh == pytest.approx(
        float(ref.value), abs=1e-3
    )
    field.editor.setValue(0.9)
    assert session.project.budget.electricity_cny_per_kwh == 0.9
    assert "Your own value" in field.editor.toolTip()
    session.apply("budget.storage_tb", 50.0)  # ends the merge of this field's edits
    field.own_check.setChecked(False)
    assert session.project.budget.electricity_cny_per_kwh is None
    assert field.editor.value() == pytest.approx(float(ref.value), abs=1e-3)
    session.undo_stack.undo()
    assert field.is_own_value
    assert field.editor.value() == 0.9


def test_optional_number_without_default(qtbot: Any, session: ProjectSession) -> None:
    field = OptionalNumberField(
        session, "workload.deadline_days", minimum=0, maximum=3650, decimals=1
    )
    qtbot.addWidget(field)
    assert field.editor.specialValueText() == "auto"
    assert field.editor.text() == "auto"
    field.own_check.setChecked(True)
    # 0 is below the model's gt=0: error shown, the field stays None
    assert field.has_error
    assert "greater than 0" in field.error_text
    assert session.project.workload.deadline_days is None
    assert not field.own_check.isChecked()


def test_optional_integer(qtbot: Any, session: ProjectSession) -> None:
    field = OptionalNumberField(
        session, "workload.gpus", minimum=1, maximum=1_000_000, integer=True
    )
    qtbot.addWidget(field)
    field.own_check.setChecked(True)
    field.editor.setValue(64)
    assert session.project.workload.gpus == 64
    assert isinstance(session.project.workload.gpus, int)


def test_field_value_paths() -> None:
    project = Project()
    assert field_value(project, "meta.horizon_months") == 12
    assert field_value(project, "workload.gpu_candidates.1") == "H100-80GB-SXM"


def test_bound_widgets_translate_live(
    qtbot: Any, session: ProjectSession, qapp: QApplication, tmp_path: Path
) -> None:
    field = OptionalNumberField(session, "workload.mfu", maximum=1, decimals=2)
    spin = BoundSpin(session, "workload.zero_stage", maximum=9)
    button = WhyButton("compute.gpu_hours", lambda: [])
    for widget in (field, spin, button):
        qtbot.addWidget(widget)
    spin.editor.setValue(7)
    assert spin.error_text == "Must be at most 3."
    assert field.own_check.text() == "Own value"
    # The app will load every *_zh_CN.qm; until then compile ours for the test.
    qm = tmp_path / "workload_zh_CN.qm"
    lrelease = Path(sys.executable).parent / "pyside6-lrelease"
    ts = ROOT / "resources" / "translations" / "workload_zh_CN.ts"
    subprocess.run([str(lrelease), "-silent", str(ts), "-qm", str(qm)], check=True)
    translator = QTranslator(qapp)
    assert translator.load(str(qm))
    i18n.install_translators("zh_CN")
    QCoreApplication.installTranslator(translator)
    qapp.processEvents()
    try:
        assert field.own_check.text() == "自定义"
        assert spin.error_text == "不能大于 3。"
        assert button.text() == "为什么？"
    finally:
        QCoreApplication.removeTranslator(translator)
        i18n.install_translators("en")
        qapp.processEvents()
    assert field.own_check.text() == "Own value"
    assert spin.error_text == "Must be at most 3."


# --- why button ---------------------------------------------------------------------


def _explanation() -> Explanation:
    return Explanation(
        key="compute.gpu_hours",
        formula="train_flops / (peak·MFU·3600)",
        inputs=[
            InputRef(
                name="workload.tokens_billion", value=1.0, unit="1e9", source="project"
            ),
            InputRef(name="compute.mfu", value=0.4, source="catalog gpus.json: NVIDIA"),
        ],
        reference="Narayanan et al. 2021",
    )


def test_find_explanation() -> None:
    e = _explanation()
    assert find_explanation([e], "compute.gpu_hours") is e
    assert find_explanation([e], "cluster.days") is None
    assert find_explanation(None, "cluster.days") is None


def test_why_button_shows_formula_inputs_reference(qtbot: Any) -> None:
    e = _explanation()
    button = WhyButton("compute.gpu_hours", lambda: [e])
    qtbot.addWidget(button)
    button.show()
    assert button.focusPolicy() == Qt.FocusPolicy.StrongFocus
    button.setFocus()
    qtbot.keyClick(button, Qt.Key.Key_Space)  # keyboard: Space presses it
    dialog = button.dialog
    assert isinstance(dialog, ExplanationDialog)
    qtbot.addWidget(dialog)
    assert dialog.isVisible()
    # in words, with the value of the utilisation filled in; the notation on hover
    assert dialog.formula_label.text().startswith("GPU-hours = training compute")
    assert "utilisation 40% ×" in dialog.formula_label.text()  # a share, in percent
    assert "Training data 1 billion" in dialog.formula_label.text()  # listed after
    # the engineer's notation (English) is not shown: the words are the catalog's
    assert e.formula not in dialog.formula_label.toolTip()
    assert dialog.reference_label.text() == "Narayanan et al. 2021"
    table = dialog.inputs_table
    assert table.rowCount() == 2
    assert _cell(table, 0, 0).text() == "Training data"  # the input's human name
    assert _cell(table, 0, 3).text() == "your input"
    assert _cell(table, 1, 1).text() == "40%"
    # the catalog by its name, never its file
    assert (
        _cell(table, 1, 3).text() == "GPU Advisor GPU specifications (sources: NVIDIA)"
    )
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_why_dialog_marks_unconfirmed_catalog_figures(qtbot: Any) -> None:
    e = Explanation(
        key="compute.gpu_hours",
        formula="train_flops / (peak·MFU·3600)",
        inputs=[
            InputRef(
                name="catalog.gpus.L20.peak_tflops",
                value=119.5,
                unit="TFLOP/s",
                source="catalog gpus.json: vendor brief",
                confirmed=False,
            ),
            InputRef(name="compute.mfu", value=0.4, source="catalog gpus.json: NVIDIA"),
        ],
    )
    dialog = ExplanationDialog("compute.gpu_hours")
    qtbot.addWidget(dialog)
    dialog.set_explanation(e)
    table = dialog.inputs_table
    assert _cell(table, 0, 3).text() == (
        "* not confirmed: GPU Advisor GPU specifications (sources: vendor brief)"
    )
    assert (
        _cell(table, 1, 3).text() == "GPU Advisor GPU specifications (sources: NVIDIA)"
    )


def test_optional_number_tooltip_flags_an_unconfirmed_default(
    qtbot: Any, session: ProjectSession
) -> None:
    def default(key: str, confirmed: bool) -> Any:
        def provide(_session: ProjectSession) -> InputRef:
            return InputRef(
                name=f"budget.{key}", value=7.5, source="catalog", confirmed=confirmed
            )

        return provide

    note = "Not confirmed by a datasheet"
    for confirmed in (True, False):
        field = OptionalNumberField(
            session,
            "budget.on_demand_cny_per_gpu_hour",
            maximum=1000,
            decimals=2,
            default=default("on_demand_cny_per_gpu_hour", confirmed),
        )
        qtbot.addWidget(field)
        assert (note in field.editor.toolTip()) is (not confirmed)


def test_why_button_without_explanation(qtbot: Any) -> None:
    button = WhyButton("storage.checkpoint_bytes", lambda: [])
    qtbot.addWidget(button)
    dialog = button.show_explanation()
    qtbot.addWidget(dialog)
    assert dialog.explanation is None
    assert not dialog.missing_label.isHidden()
    assert dialog.formula_label.isHidden()


def test_why_button_follows_session(qtbot: Any, session: ProjectSession) -> None:
    button = WhyButton(
        "compute.gpu_hours",
        lambda: session_explanations(session),
        session=session,
    )
    qtbot.addWidget(button)
    dialog = button.show_explanation()
    qtbot.addWidget(dialog)
    assert dialog.explanation is not None
    assert "MFU" in dialog.explanation.formula
    session.apply("workload.mfu", 0.5)
    values = {
        _cell(dialog.inputs_table, r, 0).text(): _cell(dialog.inputs_table, r, 1).text()
        for r in range(dialog.inputs_table.rowCount())
    }
    assert values["Model FLOPs utilisation (MFU)"] == "50%"


def tall_at(label: Any, width: int) -> int:
    return int(label.heightForWidth(width))


def test_long_text_label_measures_once_per_text_and_width(qtbot: Any) -> None:
    """The long labels of the budget step keep their measurements until their
    text or font changes, and give the same answers as a plain QLabel."""
    from PySide6.QtWidgets import QLabel

    from gpu_advisor.ui.widgets.long_label import LongTextLabel

    label, plain = LongTextLabel(), QLabel(wordWrap=True)
    qtbot.addWidget(label)
    qtbot.addWidget(plain)
    text = "<b>On-demand</b>: " + "every GPU-hour at the on-demand price, " * 40
    for widget in (label, plain):
        widget.setText(text)
    assert label.heightForWidth(300) == plain.heightForWidth(300)
    # hints from the height at its own width, not QLabel's search for a
    # pleasing width; a new width gives the height there
    for widget in (label, plain):  # a shown widget gets its resize at once
        widget.show()
        widget.resize(300, 10)
    for hint in (label.sizeHint(), label.minimumSizeHint()):
        assert hint.height() == plain.heightForWidth(300)
    assert label.minimumSizeHint().width() < label.sizeHint().width()
    label.resize(600, 10)
    assert label.sizeHint().height() == plain.heightForWidth(600) < tall_at(plain, 300)
    tall = label.heightForWidth(300)
    label.setText("short")
    assert label.heightForWidth(300) < tall  # a new text is measured again
    label.setText(text)
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    label.setFont(font)
    assert label.heightForWidth(300) > tall  # and so is a new font


def test_a_long_value_shows_its_start_when_set_from_the_plan(
    qtbot: Any, session: ProjectSession
) -> None:
    """The monitoring step showed '…k8s/dcgm-exporter:4.2.3-…-ubuntu22.04'
    cut at the front: QLineEdit.setText leaves the cursor at the end."""
    image = BoundLineEdit(session, "meta.title")
    qtbot.addWidget(image)
    image.editor.setFixedWidth(80)
    long_value = "nvcr.io/nvidia/k8s/dcgm-exporter:4.2.3-4.1.3-ubuntu22.04"
    session.apply("meta.title", long_value)
    assert image.editor.text() == long_value
    assert image.editor.cursorPosition() == 0


def test_a_default_reads_in_the_readers_words(
    qtbot: Any, session: ProjectSession
) -> None:
    """The tooltip of a field left to its default words the unit and the source
    as the "why?" dialog and the PDF do (issue "[desk]": it showed "CNY/kWh",
    "catalog regions.json shanghai tariff: engineering estimate …" and an MFU
    as 0.41976818 in the Chinese window)."""
    if not i18n.catalog_available("zh_CN"):
        pytest.skip("compiled .qm missing")
    i18n.install_translators("zh_CN")
    try:
        field = OptionalNumberField(
            session,
            "budget.electricity_cny_per_kwh",
            maximum=100,
            decimals=3,
            default=budget_default("electricity_cny_per_kwh"),
        )
        qtbot.addWidget(field)
        field.refresh(force=True)
        tip = field.editor.toolTip()
        assert "元/度" in tip
        assert "CNY/kWh" not in tip
        assert "regions.json" not in tip
        assert "GPU Advisor" in tip  # the library, named as the PDF names it
    finally:
        i18n.install_translators("en")


def test_a_computed_default_shows_four_significant_digits() -> None:
    from gpu_advisor.ui.widgets.bound import _default_number

    assert _default_number(0.41976818) == "0.4198"
    assert _default_number(1.35) == "1.35"
    assert _default_number(180000.0) == "180,000"
    assert "e" not in _default_number(12345.678)
