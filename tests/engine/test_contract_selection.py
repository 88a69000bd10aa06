"""The mix and the hybrid use only the contract kinds the user selected (issue [feasible])."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gpu_advisor.cli.cost import apply_overrides
from gpu_advisor.engine.cost.mix import (
    CONTRACTS,
    MixPolicy,
    best_hybrid,
    best_policy,
    price_mix,
)
from gpu_advisor.engine.cost.price import price_pure_options
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import OptionId
from tests.engine._cost_helpers import params, prepared
from tests.property_runs import examples

LAB = (
    Path(__file__).resolve().parents[2]
    / "resources/examples/lab_64_gpus_three_years.gpuplan"
)


def _kinds_used(policy: MixPolicy | None, demand: np.ndarray) -> set[OptionId]:
    """The contract kinds a plan actually spends on: reserved cards, bursts."""
    if policy is None:
        return set()
    used: set[OptionId] = set()
    if any(n > 0 for n in policy.baseline_gpus):
        used.add(policy.baseline_kind)
    reserved = np.asarray(policy.baseline_gpus[: demand.shape[-1]]) * HOURS_PER_MONTH
    if np.any(demand[0, : len(reserved)] > reserved + 1e-6):
        used.add(policy.burst_kind)
    return used


def test_lab_hybrid_with_only_on_demand_allowed_rents_no_yearly_card() -> None:
    project = apply_overrides(
        load_project(LAB), ['budget.options=["on_demand","self_build","hybrid"]']
    )
    prep = prepared(project)
    plan = prep.hybrid_plan
    assert plan is not None
    rest = np.maximum(prep.d - plan.owned_gpus * HOURS_PER_MONTH, 0.0)
    assert _kinds_used(plan.rest_policy, rest) <= {OptionId.ON_DEMAND}
    yearly_total = 12_603_438  # the excluded yearly commitment's total (issue #28)
    assert abs(prep.priced[OptionId.HYBRID].total[0] - yearly_total) > 1_000


def _owned_counts(peak: int, per_server: int) -> list[int]:
    """Every count below one server, every whole number of servers to the peak."""
    whole = range(0, peak + per_server, per_server)
    return sorted({*range(min(per_server, peak + 1)), *whole})


selections = st.sets(st.sampled_from(sorted(CONTRACTS)), min_size=1)


@settings(max_examples=examples(ci=40, deep=400), deadline=None)
@given(
    hours=st.lists(st.floats(0, 24 * HOURS_PER_MONTH), min_size=1, max_size=24),
    contracts=selections,
    od=st.floats(3, 40),
    monthly=st.floats(1000, 20000),
)
@example(
    hours=[8 * HOURS_PER_MONTH] * 12,
    contracts={OptionId.ON_DEMAND},
    od=10,
    monthly=5840,
)
@example(
    hours=[8 * HOURS_PER_MONTH, 0.0, 30.0],
    contracts={OptionId.YEARLY},
    od=10,
    monthly=5840,
)
def test_the_mix_uses_only_selected_contracts_and_is_their_cheapest(
    hours: list[float], contracts: set[OptionId], od: float, monthly: float
) -> None:
    p = params(on_demand_cny_per_gpu_hour=od, monthly_cny_per_gpu_month=monthly)
    d = np.array([hours])
    allowed = frozenset(contracts)
    policy = best_policy(p, d, contracts=allowed)
    assert _kinds_used(policy, d) <= allowed
    mix = price_mix(p, d, policy).total[0]
    pure = price_pure_options(p, d, 1, sorted(allowed))
    feasible = [a.total[0] for a in pure.values() if a.feasible]
    if feasible:  # never dearer than the cheapest allowed single contract
        assert mix <= min(feasible) * (1 + 1e-9) + 1e-6


@settings(max_examples=examples(ci=25, deep=250), deadline=None)
@given(
    hours=st.lists(st.floats(0, 16 * HOURS_PER_MONTH), min_size=2, max_size=18),
    contracts=selections,
    fleet=st.integers(0, 20),
)
def test_the_hybrid_rents_with_selected_contracts_only(
    hours: list[float], contracts: set[OptionId], fleet: int
) -> None:
    p = params()
    d = np.array([hours])
    plan, total, owned, rented = best_hybrid(
        p, d, fleet, [OptionId.COLOCATION], contracts=frozenset(contracts)
    )
    rest = np.maximum(d - plan.owned_gpus * HOURS_PER_MONTH, 0.0)
    assert _kinds_used(plan.rest_policy, rest) <= contracts
    assert np.isfinite(total)
    assert total == pytest.approx(owned + rented)


@settings(max_examples=examples(ci=30, deep=300), deadline=None)
@given(
    hours=st.lists(st.floats(0, 24 * HOURS_PER_MONTH), min_size=2, max_size=36),
    fleet=st.integers(0, 24),
    od=st.floats(4, 30),
)
def test_the_hybrid_keeps_the_cheapest_of_every_owned_count(
    hours: list[float], fleet: int, od: float
) -> None:
    """Issue [feasible]: brute force over every count below one server and
    every whole number of servers up to the peak (owned cards come in servers)."""
    p = params(on_demand_cny_per_gpu_hour=od)
    d = np.array([hours])
    kinds = [OptionId.COLOCATION]
    plan, total, _, _ = best_hybrid(p, d, fleet, kinds)
    peak = int(np.ceil(max(hours) / HOURS_PER_MONTH))
    brute = min(
        best_hybrid(p, d, fleet, kinds, candidates=[n])[1]
        for n in _owned_counts(peak, p.gpus_per_server)
    )
    assert total <= brute * (1 + 1e-9) + 1e-6, (plan.owned_gpus, total, brute)


@settings(max_examples=examples(ci=25, deep=250), deadline=None)
@given(
    hours=st.lists(st.floats(0, 24 * HOURS_PER_MONTH), min_size=2, max_size=24),
    od=st.floats(4, 40),
    min_used=st.sampled_from([0.5, 0.7, 0.9]),
)
def test_the_hybrid_keeps_the_cheapest_count_the_ownership_rule_allows(
    hours: list[float], od: float, min_used: float
) -> None:
    """Issue [feasible]: every owned count is tried and the cheapest whose
    cards stay at least ``min_used`` busy is kept (0 owned cards always may)."""
    p = params(on_demand_cny_per_gpu_hour=od)
    d = np.array([hours])
    kinds = [OptionId.SELF_BUILD]
    plan, total, _, _ = best_hybrid(p, d, 0, kinds, min_used=min_used)
    peak = int(np.ceil(max(hours) / HOURS_PER_MONTH))
    allowed = []
    for n in _owned_counts(peak, p.gpus_per_server):
        used = np.minimum(d, n * HOURS_PER_MONTH).sum() / max(
            n * HOURS_PER_MONTH * d.shape[1], 1e-9
        )
        if n == 0 or used >= min_used:
            allowed.append(best_hybrid(p, d, 0, kinds, candidates=[n])[1])
    assert total <= min(allowed) * (1 + 1e-9) + 1e-6
    if plan.owned_gpus > 0:
        cap = plan.owned_gpus * HOURS_PER_MONTH
        assert np.minimum(d, cap).sum() / (cap * d.shape[1]) >= min_used - 1e-9
