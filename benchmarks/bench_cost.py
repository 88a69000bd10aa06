"""Cost-engine benchmarks: pytest-benchmark ``test_bench_*`` or ``python benchmarks/bench_cost.py``.

Budgets (DESIGN.md): full cost evaluation ≤ 2 ms, tornado ≤ 20 ms, Monte Carlo
with 10,000 draws ≤ 100 ms. "Full cost evaluation" is everything after sizing:
resolve, demand, every option, the mix search, break-even, the hybrid and the
recommendation (no tornado, no Monte Carlo); the full ``evaluate()`` including
sizing and the tornado is reported as well.

Measured 2026-12-03 on the shared 2-core machine, old and new code alternated
on the same day. Stop 23 (35c061e -> d19946a): cost evaluation 2.91 -> 1.98
ms on a quiet host (host reference 1.3–1.5 ms, ``benchmarks/host.py``), 2.09–
2.35 ms in three more runs. Stop 24, on a slower host (reference 1.61 ms, at
which d19946a took 2.96–3.35 ms): 2.62–2.69 ms, with every option's result
built in one pass, the owned options and the hybrid's counts priced in one
pass, and the break-even grid billing its rentals once per point (phases:
prepare 1.24, break-even 0.46, results 0.29, recommend 0.21, explanations
0.13 ms). On the quiet host later that day (reference 1.27–1.42 ms), three
alternations: d19946a 2.25–2.29 ms, this code 1.93, 2.02 and 2.12 ms (and
1.85 once): at the 2 ms budget, not reliably under it. Monte Carlo 10,000 draws 66–81 ms, tornado 0.5–0.7 ms. Every change
kept the outputs of the examples byte for byte (``cost --json`` and
``scenarios --json`` recorded before and compared after).

Stop 25 (same machine, quieter: host reference 1.18–1.26 ms): the cost
evaluation, now timed as ``cost_result`` itself, 1.55–1.66 ms in eight runs
(the stop's starting code alternated with it: 1.58–1.77 ms); Monte Carlo
10,000 draws 31.5–32.4 ms, tornado 0.42–0.44 ms. Two rewrites tried that
day were measured and dropped: the break-even's flat demands priced in the
owned options' pass (the 129 extra rows of full owned arrays cost 70 µs, the
separate call it replaced 55 µs) and the mix search priced once per distinct
month (a dozen numpy calls on 4,000 numbers cost about what they cost on
300: 6 µs saved, too little for the code).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from importlib import resources
from typing import Any

from gpu_advisor.engine.cost.prepare import prepare
from gpu_advisor.engine.cost.result import cost_result
from gpu_advisor.engine.cost.risk import monte_carlo, tornado
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.engine.plan_defaults import (
    PLAN_MONTE_CARLO_DRAWS,
    PLAN_MONTE_CARLO_SEED,
)
from gpu_advisor.engine.sizing.compute import MFU_MODEL_LOG_SIGMA
from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import Project

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
    """Everything evaluate() does after sizing, without tornado and Monte Carlo.

    :func:`gpu_advisor.engine.cost.result.cost_result` itself, as
    :func:`gpu_advisor.engine.evaluate.evaluate` calls it, with the tornado
    left out: resolve (with the spot job's size), demand, every option, the
    mix search, the hybrid, feasibility and aliases, results with their
    sentences, break-even, the recommendation and the explanations.
    """
    return cost_result(
        PROJECT, CATALOG, prepare(PROJECT, CATALOG, SIZING), with_tornado=False
    )


_PREP = prepare(PROJECT, CATALOG, SIZING)
_R = _PREP.resolved  # with the spot job's size, as evaluate() prices it
_D = _PREP.d
_G = _PREP.owned_gpus
_POLICY = _PREP.policy
_HYBRID = _PREP.hybrid_plan
_OPTIONS = _PREP.risk_options


def run_tornado() -> Any:
    return tornado(_R, _D, _G, _OPTIONS, _POLICY, hybrid=_HYBRID)


def run_monte_carlo() -> Any:
    # as the plan draws: its seed, GPU-hours from the sizing's P10-P90 band
    return monte_carlo(
        _R,
        _D,
        _G,
        _OPTIONS,
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
    import os

    print("load average (1, 5, 15 min):", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    for label, fn, rounds, budget in (
        ("cost evaluation (after sizing)", cost_only, 200, 2.0),
        ("full evaluate() incl. sizing + tornado", run_evaluate, 100, None),
        ("tornado (15 scenarios)", run_tornado, 100, 20.0),
        ("Monte Carlo 10,000 draws", run_monte_carlo, 15, 100.0),
    ):
        ms = _median_ms(fn, rounds)
        limit = "" if budget is None else f"  (budget {budget:g} ms)"
        print(f"{label:<42} median {ms:8.2f} ms{limit}")
    print("load average (1, 5, 15 min):", " ".join(f"{x:.2f}" for x in os.getloadavg()))
