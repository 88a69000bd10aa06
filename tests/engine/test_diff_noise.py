"""A change the reader cannot see is no change (issue #34).

The compare dialog counted unchanged rows as changes: a number saved as
``12`` and read back as ``12.0``, a share typed as ``0.1 + 0.2`` where the
saved plan held ``0.3``, and one option removed from the list compared shown
as every later item of the list changed. The engine decides what changed
(:func:`gpu_advisor.engine.diff.diff_inputs`); the dialog hides nothing.
"""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.diff import diff_inputs, same_value
from gpu_advisor.model.project import Budget, OptionId, Project
from tests.property_runs import examples
from tests.schema_strategies import projects


@settings(
    max_examples=examples(ci=15, deep=300),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(projects())
def test_a_plan_and_its_file_read_back_do_not_differ(project: Project) -> None:
    again = Project.model_validate_json(project.model_dump_json())
    assert diff_inputs(project, again) == []


@given(st.floats(min_value=1e-6, max_value=1e6))
def test_float_noise_is_no_change_a_real_change_is(value: float) -> None:
    nudged = math.nextafter(value, math.inf)
    assert same_value(value, nudged)
    assert not same_value(value, value * 1.001)
    old = Project(budget=Budget(pue=1.0 + value / 1e6))
    new = Project(budget=Budget(pue=math.nextafter(1.0 + value / 1e6, 2.0)))
    assert diff_inputs(old, new) == []


def test_a_whole_number_saved_as_an_integer_is_the_same() -> None:
    assert same_value(12, 12.0)
    assert not same_value(True, 1)
    assert not same_value(None, 0)


def test_one_option_fewer_is_one_change() -> None:
    options = [OptionId.ON_DEMAND, OptionId.MONTHLY, OptionId.YEARLY, OptionId.SPOT]
    old = Project(budget=Budget(options=options))
    new = Project(budget=Budget(options=options[1:]))
    (change,) = diff_inputs(old, new)
    assert change.path == "budget.options"
    assert change.old == [o.value for o in options]
    assert change.new == [o.value for o in options[1:]]
