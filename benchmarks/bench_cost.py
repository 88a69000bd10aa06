"""Cost-engine benchmarks: pytest-benchmark ``test_bench_*`` or ``python benchmarks/bench_cost.py``.

Budgets (DESIGN.md): full cost evaluation ≤ 2 ms, tornado ≤ 20 ms, Monte Carlo
with 10,000 draws ≤ 100 ms. "Full cost evaluation" is everything after sizing:
resolve, demand, every option, the mix search, break-even, the hybrid and the
recommendation (no tornado, no Monte Carlo); the full ``evaluate()`` including
sizing and the tornado is reported as well.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from importlib import resources
from typing import Any

import numpy as np

from gpu_advisor.engine.breakeven import compute_break_even
from gpu_advisor.engine.compute import MFU_MODEL_LOG_SIGMA
from gpu_advisor.engine.cost import (
    make_params,
    owned_gpus_for,
    price_pure_options,
    to_result,
)
from gpu_advisor.engine.demand import derive_demand, spot_forbidden_months
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.engine.mix import best_hybrid, best_policy, price_hybrid, price_mix
from gpu_advisor.engine.plan_defaults import (
    PLAN_MONTE_CARLO_DRAWS,
    PLAN_MONTE_CARLO_SEED,
)
from gpu_advisor.engine.recommend import hybrid_result, recommend
from gpu_advisor.engine.resolve import resolve
from gpu_advisor.engine.risk import monte_carlo, tornado
from gpu_advisor.engine.sizing import size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import OptionId, Project

CATALOG = load_catalog()


def _project() -> Project:
    name = "shenzhen_7b_pretrain_then_serve.gpuplan"
    with resources.as_file(
        resources.files("gpu_advisor.resources") / "examples" / name
    ) as p:
        return load_project(p)


PROJECT = _project()
SIZING = size_workload(PROJECT.workload, CATALOG)


def cost_only() -> Any:
    """Everything evaluate() does after sizing, without tornado and Monte Carlo."""
    r = resolve(PROJECT, CATALOG, SIZING.gpu_id)
    demand, _, _ = derive_demand(PROJECT, SIZING)
    d = np.asarray([demand])
    gpus = owned_gpus_for(d, PROJECT.budget.owned_gpus)
    p = make_params(r, 1, checkpointing=PROJECT.budget.checkpointing)
    priced = price_pure_options(p, d, gpus)
    forbidden = spot_forbidden_months(PROJECT, len(demand))
    policy = best_policy(p, d, spot_forbidden=forbidden)
    priced[OptionId.MIX] = price_mix(p, d, policy)
    plan, *totals = best_hybrid(
        p,
        d,
        gpus,
        [OptionId.COLOCATION, OptionId.SELF_BUILD],
        allow_spot=True,
        spot_forbidden=forbidden,
        mix_policy=policy,
    )
    priced[OptionId.HYBRID] = price_hybrid(p, d, plan)
    results = [to_result(a, p.discount_rate) for a in priced.values()]
    be = compute_break_even(p, priced, demand, gpus, spot_forbidden=forbidden)
    hybrid = hybrid_result(d, plan, *totals)
    return recommend(
        PROJECT,
        CATALOG,
        results,
        demand,
        be,
        policy,
        r.gpu_id,
        r.values["hardware_life_years"],
        r.values,
        hybrid,
    )


_R = resolve(PROJECT, CATALOG, SIZING.gpu_id)
_D = np.asarray([derive_demand(PROJECT, SIZING)[0]])
_G = owned_gpus_for(_D, None)
_POLICY = best_policy(make_params(_R), _D)
_HYBRID = best_hybrid(
    make_params(_R), _D, _G, [OptionId.COLOCATION, OptionId.SELF_BUILD]
)[0]


def run_tornado() -> Any:
    return tornado(_R, _D, _G, list(OptionId), _POLICY, hybrid=_HYBRID)


def run_monte_carlo() -> Any:
    # as the plan draws: its seed, GPU-hours from the sizing's P10-P90 band
    return monte_carlo(
        _R,
        _D,
        _G,
        list(OptionId),
        _POLICY,
        draws=PLAN_MONTE_CARLO_DRAWS,
        seed=PLAN_MONTE_CARLO_SEED,
        gpu_hours_log_sigma=MFU_MODEL_LOG_SIGMA,
        hybrid=_HYBRID,
    )


def run_evaluate() -> Any:
    return evaluate(PROJECT, CATALOG)


def test_bench_cost_evaluation(benchmark: Any) -> None:
    benchmark(cost_only)


def test_bench_full_evaluate(benchmark: Any) -> None:
    benchmark(run_evaluate)


def test_bench_tornado(benchmark: Any) -> None:
    benchmark(run_tornado)


def test_bench_monte_carlo_10k(benchmark: Any) -> None:
    benchmark(run_monte_carlo)


def _median_ms(fn: Callable[[], Any], rounds: int) -> float:
    fn()
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


if __name__ == "__main__":
    for label, fn, rounds, budget in (
        ("cost evaluation (after sizing)", cost_only, 200, 2.0),
        ("full evaluate() incl. sizing + tornado", run_evaluate, 100, None),
        ("tornado (15 scenarios)", run_tornado, 100, 20.0),
        ("Monte Carlo 10,000 draws", run_monte_carlo, 15, 100.0),
    ):
        ms = _median_ms(fn, rounds)
        limit = "" if budget is None else f"  (budget {budget:g} ms)"
        print(f"{label:<42} median {ms:8.2f} ms{limit}")
