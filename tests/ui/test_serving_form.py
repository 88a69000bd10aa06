"""The workload step's serving group: ticking it makes the plan serve, each field
is one undoable edit of ``workload.serving`` within the schema's range, and
unticking stops serving (its inputs come back with undo)."""

from __future__ import annotations

from typing import Any

from gpu_advisor.model.project import Project
from gpu_advisor.model.serving import ServingEngine
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
