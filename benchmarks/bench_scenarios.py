"""Scenario benchmarks: pytest-benchmark ``test_bench_*`` or ``python benchmarks/bench_scenarios.py``.

Goals (issue #18): evaluating five scenarios within 20 ms, switching scenario
(making one the base) within 50 ms. The plan is the Shenzhen pretrain-then-
serve example with five scenarios (two other GPUs, another horizon, another
region, owned cards). Measured as the budget step does it: the base plan's
evaluation is already there (the step's own), the scenarios are evaluated
without their Monte Carlo; the Monte Carlo case is reported as well.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from importlib import resources
from typing import Any

from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.engine.scenarios import (
    base_plan,
    evaluate_scenarios,
    make_base,
)
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import Project, Scenario

CATALOG = load_catalog()


def _project() -> Project:
    name = "shenzhen_7b_pretrain_then_serve.gpuplan"
    with resources.as_file(
        resources.files("gpu_advisor.resources") / "examples" / name
    ) as p:
        plan = load_project(p)
    return plan.model_copy(
        update={
            "scenarios": [
                Scenario(name="H100", gpu_id="H100-80GB-SXM"),
                Scenario(name="H20", gpu_id="H20-96GB"),
                Scenario(name="24 months", horizon_months=24),
                Scenario(name="Ningxia", region_id="ningxia"),
                Scenario(name="Own 32", owned_gpus=32),
            ]
        }
    )


PROJECT = _project()
BASE = evaluate_plan(base_plan(PROJECT), CATALOG, monte_carlo=False)
WARM = evaluate_scenarios(PROJECT, CATALOG, base=BASE)


def five_cold() -> Any:
    """Five scenarios from nothing (the base's evaluation given)."""
    return evaluate_scenarios(PROJECT, CATALOG, base=BASE)


def _edited() -> Project:
    budget = PROJECT.budget.model_copy(
        update={"storage_tb": PROJECT.budget.storage_tb + 1}
    )
    return PROJECT.model_copy(update={"budget": budget})


EDITED = _edited()
EDITED_BASE = evaluate_plan(base_plan(EDITED), CATALOG, BASE, monte_carlo=False)


def five_after_budget_edit() -> Any:
    """A budget edit: every column re-priced, each keeping its sizing."""
    return evaluate_scenarios(EDITED, CATALOG, WARM, base=EDITED_BASE)


SWAPPED = make_base(PROJECT, 0, "A100")


def switch_scenario() -> Any:
    """Make a scenario the base: the swap and the comparison again."""
    swapped = make_base(PROJECT, 0, "A100")
    return evaluate_scenarios(swapped, CATALOG, WARM)


def five_with_monte_carlo() -> Any:
    return evaluate_scenarios(PROJECT, CATALOG, monte_carlo=True)


def test_bench_five_scenarios(benchmark: Any) -> None:
    benchmark(five_cold)


def test_bench_five_scenarios_after_edit(benchmark: Any) -> None:
    benchmark(five_after_budget_edit)


def test_bench_switch_scenario(benchmark: Any) -> None:
    benchmark(switch_scenario)


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
        ("five scenarios, cold", five_cold, 30, 20.0),
        ("five scenarios after a budget edit", five_after_budget_edit, 30, 20.0),
        ("switch scenario (make base)", switch_scenario, 30, 50.0),
        ("five scenarios with Monte Carlo", five_with_monte_carlo, 5, None),
    ):
        ms = _median_ms(fn, rounds)
        limit = "" if budget is None else f"  (goal {budget:g} ms)"
        print(f"{label:<42} median {ms:8.2f} ms{limit}")
