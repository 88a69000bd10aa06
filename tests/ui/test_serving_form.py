"""The workload step's serving group: ticking it makes the plan serve, each field
is one undoable edit of ``workload.serving`` within the schema's range, and
unticking stops serving (its inputs come back with undo)."""

from __future__ import annotations

from typing import Any

import pytest

from gpu_advisor.engine.api import day_shares
from gpu_advisor.model.project import Project
from gpu_advisor.model.serving import DailyCurve, ServingEngine, Traffic
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.widgets.serving_form import ServingForm


def test_ticking_serves_editing_sets_and_unticking_stops(qtbot: Any) -> None:
    session = ProjectSession(Project())
    form = ServingForm(session)
    qtbot.addWidget(form)
    assert session.project.workload.serving is None
    assert not form.isChecked()
    assert form.body.isHidden()
    form.setChecked(True)
    assert session.project.workload.serving is not None
    assert not form.body.isHidden()
    form.peak.editor.setValue(200.0)
    serving = session.project.workload.serving
    assert serving is not None
    assert serving.traffic.peak_rps == 200.0
    form.engine.editor.setCurrentIndex(form.engine.editor.findData("sglang"))
    serving = session.project.workload.serving
    assert serving is not None
    assert serving.engine is ServingEngine.SGLANG
    form.prefix.editor.setValue(40.0)  # shown in percent
    serving = session.project.workload.serving
    assert serving is not None
    assert serving.prefix_cache_hit == 0.4
    form.setChecked(False)
    assert session.project.workload.serving is None
    session.undo_stack.undo()
    serving = session.project.workload.serving
    assert serving is not None
    assert serving.traffic.peak_rps == 200.0
    assert form.isChecked()
    assert form.peak.editor.value() == 200.0


def test_the_fields_take_the_schema_ranges_and_have_names(qtbot: Any) -> None:
    session = ProjectSession(Project())
    form = ServingForm(session)
    qtbot.addWidget(form)
    assert form.prefix.editor.maximum() == 99.0  # le=0.99, shown in percent
    assert form.spares.editor.maximum() == 100
    for label, _caption in form._labels:
        assert label.text()
        assert label.buddy() is not None


def test_a_day_typed_hour_by_hour(qtbot: Any) -> None:
    """Typed starts from the shape shown until then; a pasted spreadsheet row
    (tabs) is kept; a list that is not 24 numbers is refused with its reason
    and changes nothing; undo goes back one edit at a time."""
    session = ProjectSession(Project())
    form = ServingForm(session)
    qtbot.addWidget(form)
    form.setChecked(True)
    form.show()
    assert not form.shares.isVisible()
    office = day_shares(Traffic())
    form.curve.editor.setCurrentIndex(form.curve.editor.findData("typed"))
    serving = session.project.workload.serving
    assert serving is not None
    assert serving.traffic.curve is DailyCurve.TYPED
    assert [round(s, 3) for s in day_shares(serving.traffic)] == [
        round(s, 3) for s in office
    ]
    assert form.shares.isVisible()
    assert form.shares.editor.text().count("  ") == 23
    evening_peak = [1.0] * 20 + [9.0] * 4
    form.shares.editor.setText("\t".join(f"{v:g}" for v in evening_peak))
    form.shares.editor.editingFinished.emit()
    serving = session.project.workload.serving
    assert serving is not None
    assert serving.traffic.hourly_shares == evening_peak
    form.shares.editor.setText("1 2 3")
    form.shares.editor.editingFinished.emit()
    assert "3" in form.shares._problem.text()
    assert not form.shares._problem.isHidden()
    serving = session.project.workload.serving
    assert serving is not None
    assert serving.traffic.hourly_shares == evening_peak
    session.undo_stack.undo()  # the pasted row
    session.undo_stack.undo()  # the switch to a typed day
    serving = session.project.workload.serving
    assert serving is not None
    assert serving.traffic.curve is DailyCurve.OFFICE
    assert not form.shares.isVisible()


def test_a_typed_flat_day_is_the_flat_curve() -> None:
    flat = Traffic(curve=DailyCurve.FLAT)
    typed = Traffic(curve=DailyCurve.TYPED, hourly_shares=[3.0] * 24)
    assert day_shares(typed) == pytest.approx(day_shares(flat))


def test_serving_brings_the_hosted_api_into_the_comparison(qtbot: Any) -> None:
    """A new plan compares the ways on cards (what a file without the list has
    always meant); ticking serving adds the hosted API in the same undoable step."""
    from gpu_advisor.model.project import OptionId

    session = ProjectSession(Project())
    form = ServingForm(session)
    qtbot.addWidget(form)
    assert OptionId.HOSTED_API not in session.project.budget.options
    form.setChecked(True)
    assert session.project.workload.serving is not None
    assert OptionId.HOSTED_API in session.project.budget.options
    session.undo_stack.undo()
    assert session.project.workload.serving is None
    assert OptionId.HOSTED_API not in session.project.budget.options


def test_the_precision_search_is_a_choice_that_reaches_the_plan(qtbot: Any) -> None:
    from gpu_advisor.model.serving import PrecisionSearch

    session = ProjectSession(Project())
    form = ServingForm(session)
    qtbot.addWidget(form)
    form.setChecked(True)
    combo = form.search.editor
    assert combo.count() == 3
    combo.setCurrentIndex(combo.findData("bf16-fp8"))
    serving = session.project.workload.serving
    assert serving is not None
    assert serving.precision_search is PrecisionSearch.BF16_FP8
    combo.setCurrentIndex(0)  # as set above: only the weight precision
    serving = session.project.workload.serving
    assert serving is not None
    assert serving.precision_search is None
    session.undo_stack.setClean()
    form.weights.setFocus()  # another field in between: a separate step
    form.weights.editor.setCurrentIndex(form.weights.editor.findData("fp8"))
    combo.setCurrentIndex(combo.findData("bf16-to-int4"))
    serving = session.project.workload.serving
    assert serving is not None
    assert serving.precision_search is PrecisionSearch.ANY
    session.undo_stack.undo()  # one step back: the search as it was
    serving = session.project.workload.serving
    assert serving is not None
    assert serving.precision_search is None
    assert combo.currentIndex() == 0
