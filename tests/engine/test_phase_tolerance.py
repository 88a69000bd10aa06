"""Issue #11: each demand phase says whether it tolerates spot; the mix obeys."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.cost.demand import phase_allows_spot, spot_forbidden_months
from gpu_advisor.engine.cost.mix import MixPolicy, spot_burst_hours
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH
from gpu_advisor.model.project import (
    Budget,
    DemandMonth,
    DemandProfile,
    OptionId,
    PhaseKind,
    Project,
    ProjectMeta,
)
from tests.engine._cost_helpers import prepared


def _spot_hours_in(
    policy: MixPolicy | None, demand: list[float], months: list[bool]
) -> float:
    """Spot GPU-hours the policy runs in the flagged months. [GPU-hours]"""
    if policy is None:
        return 0.0
    only = np.array([[h if f else 0.0 for h, f in zip(demand, months, strict=True)]])
    return spot_burst_hours(policy, only)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.floats(0, 30 * HOURS_PER_MONTH),
            st.sampled_from(list(PhaseKind)),
            st.sampled_from([None, True, False]),
        ),
        min_size=1,
        max_size=18,
    ),
    st.floats(0.2, 0.9),
)
def test_no_phase_that_forbids_spot_ever_gets_spot_hours(months, spot_factor):
    project = Project(
        meta=ProjectMeta(horizon_months=len(months)),
        demand=DemandProfile(
            months=[
                DemandMonth(gpu_hours=h, phase=ph, spot_allowed=ok)
                for h, ph, ok in months
            ]
        ),
        budget=Budget(spot_price_factor=spot_factor, owned_gpus=8),
    )
    prep = prepared(project)
    forbidden = list(spot_forbidden_months(project, len(months)))
    assert forbidden == [not phase_allows_spot(ph, ok) for _h, ph, ok in months]
    assert _spot_hours_in(prep.policy, prep.demand, forbidden) == 0.0
    plan = prep.hybrid_plan
    assert plan is not None
    rest = list(
        np.maximum(np.asarray(prep.demand) - plan.owned_gpus * HOURS_PER_MONTH, 0.0)
    )
    assert _spot_hours_in(plan.rest_policy, rest, forbidden) == 0.0


def test_serving_never_runs_on_spot_even_when_a_file_says_so():
    months = [
        DemandMonth(gpu_hours=4000.0, phase=PhaseKind.INFERENCE, spot_allowed=True)
    ]
    project = Project(demand=DemandProfile(months=months * 12))
    assert all(spot_forbidden_months(project, 12))


def test_a_training_month_can_forbid_spot():
    hours = 20 * HOURS_PER_MONTH
    free = [DemandMonth(gpu_hours=hours, phase=PhaseKind.PRETRAIN)] * 3
    strict = [
        DemandMonth(gpu_hours=hours, phase=PhaseKind.PRETRAIN, spot_allowed=False)
    ] * 3
    base = Project(
        meta=ProjectMeta(horizon_months=3),
        budget=Budget(spot_price_factor=0.3, options=[OptionId.SPOT, OptionId.MIX]),
    )
    a = prepared(base.model_copy(update={"demand": DemandProfile(months=free)}))
    b = prepared(base.model_copy(update={"demand": DemandProfile(months=strict)}))
    assert a.policy is not None
    assert b.policy is not None
    assert spot_burst_hours(a.policy, np.array([a.demand])) > 0
    assert spot_burst_hours(b.policy, np.array([b.demand])) == 0.0
    assert b.priced[OptionId.MIX].total[0] > a.priced[OptionId.MIX].total[0]


def test_files_without_the_field_load_unchanged():
    text = '{"demand": {"months": [{"gpu_hours": 10.0, "phase": "inference"}]}}'
    project = Project.model_validate_json(text)
    assert project.demand.months[0].spot_allowed is None
    assert spot_forbidden_months(project, 1) == (True,)
