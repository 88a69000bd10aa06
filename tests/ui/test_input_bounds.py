"""Input bounds come from the model (issue "[simplify]").

Every number field of the steps takes its range from the pydantic
constraints of its project field (``ge``/``gt``/``le``/``lt`` in
:mod:`gpu_advisor.model.project`, read by
:func:`gpu_advisor.ui.widgets.bound.model_bounds`). Before, 26 ranges were
typed by hand, four of them unlike the model's: ``workload.mfu`` stopped at
0.01 (the model takes 0.001), the deadline at 0.1 day (the model: above 0),
and the billing granularity's 1 minute (1/60 h) was shown and saved again as
0.02 h.

The expected ranges here are read from the project's JSON schema (pydantic's
own rendering of the same constraints, not the UI's reader); a field shown in
another unit than the model's (:data:`SHOWN_PER_MODEL_UNIT`) has its bounds
converted. Each bound is then typed into the field: the model's answer for
that value (kept exactly, or refused) is what the field does.
"""

from __future__ import annotations

import functools
from typing import Any, Final

import pytest
from pydantic import ValidationError
from PySide6.QtWidgets import QAbstractSpinBox, QDoubleSpinBox, QSpinBox, QWidget

from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import ModelShape, Project, Workload
from gpu_advisor.model.serving import Serving
from gpu_advisor.ui.pages.budget_page import BudgetPage
from gpu_advisor.ui.pages.environment_page import EnvironmentPage
from gpu_advisor.ui.pages.monitoring_page import MonitoringPage
from gpu_advisor.ui.pages.project_page import ProjectPage
from gpu_advisor.ui.pages.workload_page import WorkloadPage
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.widgets.bound import (
    UNBOUNDED,
    BoundDoubleSpin,
    BoundField,
    BoundSpin,
    OptionalNumberField,
    field_value,
)
from gpu_advisor.ui.widgets.quote_form import QuoteForm

SHOWN_PER_MODEL_UNIT: Final = {
    "budget.billing_granularity_hours": 60.0,
    "workload.serving.prefix_cache_hit": 100.0,
    "workload.serving.traffic.monthly_growth": 100.0,
}
"""Fields edited in another unit than the model keeps: shown number per model
unit (the billing granularity is kept in hours and edited in minutes; shares
are edited in percent)."""

PAGES: Final = (WorkloadPage, BudgetPage, EnvironmentPage, MonitoringPage)


@functools.cache
def _schema() -> dict[str, Any]:
    return Project.model_json_schema()


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    """A schema node with its ``$ref`` followed and ``Optional`` unwrapped."""
    while True:
        if "$ref" in node:
            node = _schema()["$defs"][node["$ref"].rsplit("/", 1)[-1]]
        elif "anyOf" in node:
            node = next(n for n in node["anyOf"] if n.get("type") != "null")
        else:
            return node


def _schema_bounds(path: str) -> tuple[float, float, bool, bool]:
    """Low, high and whether each is exclusive, from the JSON schema."""
    node: dict[str, Any] = _schema()
    for part in path.split("."):
        if part.isdigit():
            continue
        node = _resolve(node)
        if node.get("type") == "array":
            node = _resolve(node["items"])
        node = node["properties"][part]
    node = _resolve(node)
    low, high = UNBOUNDED
    low_open = high_open = False
    if "minimum" in node:
        low = node["minimum"]
    if "exclusiveMinimum" in node:
        low, low_open = node["exclusiveMinimum"], True
    if "maximum" in node:
        high = node["maximum"]
    if "exclusiveMaximum" in node:
        high, high_open = node["exclusiveMaximum"], True
    return float(low), float(high), low_open, high_open


NumberField = BoundSpin | BoundDoubleSpin | OptionalNumberField


def _number_fields(widget: QWidget) -> list[NumberField]:
    return [
        f
        for f in widget.findChildren(BoundField)
        if isinstance(f, BoundSpin | BoundDoubleSpin | OptionalNumberField)
    ]


def _start() -> Project:
    """A plan whose every number field is in use (a custom model shape, serving)."""
    return Project(workload=Workload(shape=ModelShape(), serving=Serving()))


@pytest.fixture
def pages(qtbot: Any) -> tuple[ProjectSession, list[QWidget]]:
    session = ProjectSession(_start())
    out: list[QWidget] = []
    for page_type in PAGES:
        page = page_type(session)
        qtbot.addWidget(page)
        out.append(page)
    return session, out


def _type(editor: QAbstractSpinBox, shown: float) -> None:
    """Type ``shown`` as the reader writes it in the field's format, then Return."""
    assert isinstance(editor, QSpinBox | QDoubleSpinBox)
    value = int(shown) if isinstance(editor, QSpinBox) else shown
    text = editor.textFromValue(value)  # type: ignore[arg-type]
    editor.lineEdit().setText(editor.prefix() + text + editor.suffix())
    editor.interpretText()
    editor.editingFinished.emit()


def _model_answer(project: Project, path: str, value: float) -> bool:
    """Whether the model (the model owning the field) keeps ``value``."""
    owner_path, _, name = path.rpartition(".")
    owner = field_value(project, owner_path)
    try:
        type(owner).model_validate({**owner.model_dump(), name: value})
    except ValidationError:
        return False
    return True


def _decimals(editor: QAbstractSpinBox) -> int:
    return editor.decimals() if isinstance(editor, QDoubleSpinBox) else 0


def _expected_range(path: str, editor: QAbstractSpinBox) -> tuple[float, float]:
    """The model's bounds in the shown unit; an exclusive bound (``gt``) one
    shown step inside (the smallest value the field shows that the model keeps)."""
    low, high, low_open, high_open = _schema_bounds(path)
    scale = SHOWN_PER_MODEL_UNIT.get(path, 1.0)
    step = 10.0 ** -_decimals(editor)
    low, high = low * scale, high * scale
    if low_open:
        low = round(low + step, _decimals(editor))
    if high_open:
        high = round(high - step, _decimals(editor))
    return low, high


def test_every_number_field_has_the_models_range(
    pages: tuple[ProjectSession, list[QWidget]],
) -> None:
    _session, widgets = pages
    fields = [f for w in widgets for f in _number_fields(w)]
    assert len(fields) >= 60  # every number field of the four steps
    for field in fields:
        editor = field.editor
        assert isinstance(editor, QSpinBox | QDoubleSpinBox)
        assert (editor.minimum(), editor.maximum()) == _expected_range(
            field.path, editor
        ), field.path


def test_a_value_at_each_model_bound_is_kept_or_refused_as_the_model_does(
    pages: tuple[ProjectSession, list[QWidget]],
) -> None:
    """Each end of each field's range typed in: kept exactly (at an inclusive
    bound: the model's bound itself), or refused with the message beside the
    field when the model refuses it (another field's rule, e.g. more active
    experts than experts)."""
    session, widgets = pages
    for field in [f for w in widgets for f in _number_fields(w)]:
        low, high, low_open, high_open = _schema_bounds(field.path)
        scale = SHOWN_PER_MODEL_UNIT.get(field.path, 1.0)
        editor = field.editor
        assert isinstance(editor, QSpinBox | QDoubleSpinBox)
        ends = ((editor.minimum(), low, low_open), (editor.maximum(), high, high_open))
        for shown, bound, exclusive in ends:
            if isinstance(field, OptionalNumberField):
                field.own_check.setChecked(True)
            before = session.project
            _type(editor, shown)
            value_typed = shown / scale if scale != 1.0 else shown
            if not exclusive:
                assert value_typed == bound, field.path
            if _model_answer(before, field.path, value_typed):
                value = field_value(session.project, field.path)
                assert value == value_typed, (field.path, value, value_typed)
                assert not field.has_error, (field.path, field.error_text)
            else:
                assert field.has_error, (field.path, value_typed)
                assert session.project is before
            session.replace_project(_start(), "reset")


def test_one_minute_billing_is_shown_and_saved_as_one_minute(
    pages: tuple[ProjectSession, list[QWidget]],
) -> None:
    session, widgets = pages
    budget = next(w for w in widgets if isinstance(w, BudgetPage))
    field = next(
        f
        for f in _number_fields(budget)
        if f.path == "budget.billing_granularity_hours"
    )
    _type(field.editor, 1.0)
    assert session.project.budget.billing_granularity_hours == 1 / 60
    field.refresh(force=True)
    assert field.editor.value() == 1.0
    assert field.editor.text().startswith("1.00")


def test_horizon_and_quote_fields_have_the_models_range(qtbot: Any) -> None:
    page = ProjectPage(ProjectSession(Project()))
    qtbot.addWidget(page)
    assert (
        page.horizon_spin.minimum(),
        page.horizon_spin.maximum(),
    ) == _expected_range("meta.horizon_months", page.horizon_spin)
    form = QuoteForm(load_catalog())
    qtbot.addWidget(form)
    assert form.number_spins
    for key, spin in form.number_spins.items():
        # 0 is "not stated" (None); every quote field's model bound is >= 0 or > 0
        low, high, _lo, _hi = _schema_bounds(f"vendors.0.{key}")
        assert low == 0.0, key
        assert (spin.minimum(), spin.maximum()) == (0.0, high), key
