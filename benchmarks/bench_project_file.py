"""Benchmark loading and saving project files (budget: load + save ≤ 50 ms).

Each example project and the golden file are loaded and saved atomically
(temporary file, fsync, rename, backup) into a temporary folder. Run as a
script for the medians, or with ``pytest benchmarks/bench_project_file.py
--benchmark-enable``.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from gpu_advisor.io.project_file import load_project, save_project

ROOT = Path(__file__).resolve().parents[1]
FILES = [
    *sorted((ROOT / "resources" / "examples").glob("*.gpuplan")),
    ROOT / "tests" / "data" / "projects" / "v1.json",
]


def load_and_save(source: Path, target: Path) -> None:
    """One round trip: what Open followed by Save costs the user."""
    save_project(load_project(source), target)


def test_bench_load_and_save(benchmark: Any, tmp_path: Path) -> None:
    target = tmp_path / "plan.gpuplan"
    benchmark(load_and_save, FILES[0], target)
    assert load_project(target) == load_project(FILES[0])


def main(runs: int = 50) -> None:
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "plan.gpuplan"
        for source in FILES:
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                load_and_save(source, target)
                times.append(time.perf_counter() - start)
            median_ms = statistics.median(times) * 1000
            print(
                f"{source.name:45s} load + save median {median_ms:6.2f} ms (budget 50 ms)"
            )


if __name__ == "__main__":
    main()
