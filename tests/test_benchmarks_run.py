"""The window benchmarks still run (a broken benchmark is a failing check).

The benchmarks time the app; these tests time nothing. They only run each
window benchmark once, offscreen, with the fewest rounds it accepts, so that
a widget renamed or moved by a refactor breaks the build here rather than on
the next person's `python3 dev.py bench` (it happened: the workload step's
chart moved into a widget and `bench_ui_wizard.py` failed on the old name).
The engine benchmarks are pytest-benchmark tests collected with the suite.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

WINDOW_BENCHMARKS = {
    "bench_ui_budget.py": ["--runs", "1"],
    "bench_ui_rollout.py": ["--runs", "1"],
    "bench_ui_scenarios.py": ["--runs", "1"],
    "bench_ui_vendors.py": ["--runs", "1"],
    "bench_ui_wizard.py": ["--runs", "1"],
    "bench_ui_workload.py": ["--runs", "1"],
}


def test_every_window_benchmark_is_listed() -> None:
    found = {p.name for p in (ROOT / "benchmarks").glob("bench_ui_*.py")}
    assert found == set(WINDOW_BENCHMARKS)


@pytest.mark.parametrize("script", sorted(WINDOW_BENCHMARKS))
def test_window_benchmark_runs(script: str) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONPATH": os.pathsep.join(
            [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
        ),
    }
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *WINDOW_BENCHMARKS[script]],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]


def test_the_pdf_benchmark_prints_every_language() -> None:
    """``bench_report.py`` as the README runs it, one round (it broke when the
    plan's language stopped being a fixed list)."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(
            [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
        ),
    }
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_report.py"), "1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "zh+en" in run.stdout
