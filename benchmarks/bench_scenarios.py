"""Scenario benchmarks: pytest-benchmark ``test_bench_*`` or ``python benchmarks/bench_scenarios.py``.

Goals: evaluating five scenarios within 20 ms without the Monte Carlo,
switching scenario (making one the base) within 33 ms. The plan is the
Shenzhen pretrain-then-serve example with five scenarios (two other GPUs,
another horizon, another region, owned cards). Measured without the Monte
Carlo and, as the app, the PDF and the CLI do it, with the plan's Monte Carlo
per column (its 10,000 draws and seed): cold, after a budget edit (each
column keeps its sizing) and switching scenario. Every column is evaluated
without the tornado and the explanations, which the comparison does not read.

With the Monte Carlo the five columns take a few hundred milliseconds, so the
app evaluates them in a background job and the window does not wait for them
(``bench_ui_scenarios.py`` measures what the window does).
Switching scenario needs no evaluation at all
(:func:`~gpu_advisor.engine.scenarios.reuse_scenarios`).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from importlib import resources
from typing import Any

from gpu_advisor.engine.scenarios import (
    evaluate_scenarios,
    make_base,
    reuse_scenarios,
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
WARM = evaluate_scenarios(PROJECT, CATALOG, monte_carlo=False)


def five_cold() -> Any:
    """Five scenarios and the base from nothing, without the Monte Carlo."""
    return evaluate_scenarios(PROJECT, CATALOG, monte_carlo=False)


def _edited() -> Project:
    budget = PROJECT.budget.model_copy(
        update={"storage_tb": PROJECT.budget.storage_tb + 1}
    )
    return PROJECT.model_copy(update={"budget": budget})


EDITED = _edited()


def five_after_budget_edit() -> Any:
    """A budget edit: every column re-priced, each keeping its sizing."""
    return evaluate_scenarios(EDITED, CATALOG, WARM, monte_carlo=False)


SWAPPED = make_base(PROJECT, 0, "A100")


def switch_scenario() -> Any:
    """Make a scenario the base: the swap and the comparison again."""
    swapped = make_base(PROJECT, 0, "A100")
    return evaluate_scenarios(swapped, CATALOG, WARM, monte_carlo=False)


def five_with_monte_carlo() -> Any:
    """Five scenarios and the base with their Monte Carlo, from nothing."""
    return evaluate_scenarios(PROJECT, CATALOG)


WARM_MC = evaluate_scenarios(PROJECT, CATALOG)


def five_with_monte_carlo_after_edit() -> Any:
    """The app after a budget edit: every column re-priced and drawn again."""
    return evaluate_scenarios(EDITED, CATALOG, WARM_MC)


def switch_with_monte_carlo() -> Any:
    """The app switching scenario: the columns come from the last result."""
    swapped = make_base(PROJECT, 0, "A100")
    runs = reuse_scenarios(swapped, WARM_MC)
    assert runs is not None
    return runs


def test_bench_five_scenarios(benchmark: Any) -> None:
    benchmark(five_cold)


def test_bench_five_scenarios_after_edit(benchmark: Any) -> None:
    benchmark(five_after_budget_edit)


def test_bench_switch_scenario(benchmark: Any) -> None:
    benchmark(switch_scenario)


def test_bench_five_scenarios_with_monte_carlo_after_edit(benchmark: Any) -> None:
    benchmark(five_with_monte_carlo_after_edit)


def test_bench_switch_scenario_with_monte_carlo(benchmark: Any) -> None:
    benchmark(switch_with_monte_carlo)


def _times_ms(fn: Callable[[], Any], rounds: int) -> list[float]:
    fn()
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return times


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from benchmarks.host import describe

    print(describe())
    for label, fn, rounds, budget in (
        ("five scenarios, cold", five_cold, 30, 20.0),
        ("five scenarios after a budget edit", five_after_budget_edit, 30, 20.0),
        ("switch scenario (make base)", switch_scenario, 30, 50.0),
        # the app draws these in a background job, the window never waits
        ("five with Monte Carlo, cold", five_with_monte_carlo, 5, None),
        (
            "five with Monte Carlo after an edit",
            five_with_monte_carlo_after_edit,
            5,
            None,
        ),
        ("switch with Monte Carlo (as the app)", switch_with_monte_carlo, 30, 50.0),
    ):
        times = _times_ms(fn, rounds)
        limit = "  (background job)" if budget is None else f"  (goal {budget:g} ms)"
        print(
            f"{label:<40} median {statistics.median(times):8.2f} ms"
            f"  fastest {min(times):8.2f} ms{limit}"
        )
