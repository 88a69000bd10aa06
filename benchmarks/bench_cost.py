"""Cost-engine benchmarks: pytest-benchmark ``test_bench_*`` or ``python benchmarks/bench_cost.py``.

Measures, on the Shenzhen example, the median time of:

* the cost evaluation: everything after sizing (resolve, demand, every
  option, the mix search, break-even, the hybrid, the results with their
  sentences, the recommendation and the explanations; no tornado, no Monte
  Carlo), i.e. :func:`gpu_advisor.engine.cost.result.cost_result`;
* the full ``evaluate()``, sizing and tornado included;
* the tornado (15 scenarios) and the plan's Monte Carlo (10,000 draws).

What a user feels is an edit on screen within 33 ms, the whole evaluation
and the redraw included (``bench_ui_wizard.py``); these figures are the
engine's share of it. The Monte Carlo runs in the background and has its own
budget of 100 ms for 10,000 draws. Timings follow the machine and its load:
compare them with the host reference (``benchmarks/host.py``), printed first.
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
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from benchmarks.host import describe

    print(describe())
    for label, fn, rounds, budget in (
        ("cost evaluation (after sizing)", cost_only, 200, None),
        ("full evaluate() incl. sizing + tornado", run_evaluate, 100, None),
        ("tornado (15 scenarios)", run_tornado, 100, None),
        ("Monte Carlo 10,000 draws", run_monte_carlo, 15, 100.0),
    ):
        ms = _median_ms(fn, rounds)
        limit = "" if budget is None else f"  (budget {budget:g} ms)"
        print(f"{label:<42} median {ms:8.2f} ms{limit}")
    print(describe())
