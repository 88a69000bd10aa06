"""Benchmark the xlsx export (budget: one export ≤ 1.5 s).

Each example is evaluated once, then its workbook (every option's monthly
cash flow as formulas, the Inputs and Demand sheets) is written into a
temporary folder. Run as a script for the medians, or with ``pytest
benchmarks/bench_workbook.py --benchmark-enable``.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from gpu_advisor.engine.api import PlanEvaluation, evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.option_table import write_option_table
from gpu_advisor.io.project_file import load_project

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "resources" / "examples").glob("*.gpuplan"))
BUDGET_S = 1.5


def _evaluation(source: Path) -> PlanEvaluation:
    return evaluate_plan(load_project(source), load_catalog())


def test_bench_export(benchmark: Any, tmp_path: Path) -> None:
    ev = _evaluation(FILES[0])
    target = tmp_path / "options.xlsx"
    benchmark(write_option_table, ev, target)
    assert target.stat().st_size > 0


def main(runs: int = 5) -> None:
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "options.xlsx"
        for source in FILES:
            ev = _evaluation(source)
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                write_option_table(ev, target)
                times.append(time.perf_counter() - start)
            median = statistics.median(times)
            print(
                f"{source.name:45s} export median {median:6.3f} s (budget {BUDGET_S} s)"
            )


if __name__ == "__main__":
    main()
