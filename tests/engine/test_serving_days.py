"""The serving months' days read on one axis agree with each month read alone.

:class:`~gpu_advisor.engine.cost.price.ServingDays` answers every serving
month at once on one interpolation axis. With the months' levels in cards on
that axis, a month of a few cards after one of 10²⁰ lost its figures to the
axis' rounding: a serving plan that grew 87 % a month for three years priced
its owned cards' electricity at −3.6 × 10²¹ CNY (found by the schema walk).
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.cost.price import ServingDays
from gpu_advisor.model.serving import HOURS_PER_MONTH
from tests.property_runs import examples

_DAY = HOURS_PER_MONTH / 24


def _direct_above(day: list[float], level: float) -> float:
    """Card-hours of one month's day above ``level`` cards."""
    return sum(max(c - level, 0.0) for c in day) * _DAY


_days = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=20),  # the month's scale, 10^k cards
        st.lists(st.floats(min_value=0.0, max_value=10.0), min_size=24, max_size=24),
    ),
    min_size=1,
    max_size=6,
)


@settings(max_examples=examples(ci=60, deep=600), deadline=None)
@given(days=_days, share=st.floats(min_value=0.0, max_value=1.0))
def test_each_month_reads_as_if_alone(
    days: list[tuple[int, list[float]]], share: float
) -> None:
    hourly = [tuple(c * 10.0**k for c in day) for k, day in days]
    together = ServingDays(list(range(len(hourly))), [tuple(d) for d in hourly])
    peaks = np.array([max(d) for d in hourly])
    levels = share * peaks
    above = together.above(levels)
    for m, day in enumerate(hourly):
        expected = _direct_above(list(day), float(levels[m]))
        scale = max(day) * 24 * _DAY
        assert abs(above[m] - expected) <= 1e-9 * scale + 1e-9
    # the level that holds a month's hours above it gives those hours back
    back = together.above(together.level(above))
    assert np.allclose(back, above, rtol=1e-9, atol=1e-6)
