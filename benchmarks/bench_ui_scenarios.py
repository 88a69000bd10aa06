"""Benchmark the scenario comparison in the app: switching scenario, and an edit.

Run as a script (``QT_QPA_PLATFORM=offscreen python benchmarks/bench_ui_scenarios.py``),
which prints milliseconds and the load average. Goals: switching
scenario within 33 ms; the window never waits for the scenarios' evaluation.
The plan is the five-scenario plan of ``benchmarks/bench_scenarios.py``, each
column with its 2,000-draw Monte Carlo, as the app shows it.

* **switch**: from the *Make it the base plan* click to the comparison table
  and charts holding the new columns. The columns were evaluated before (the
  tab was open), so nothing is evaluated again.
* **edit**: a budget edit, then the comparison's refresh. *Blocked* is how
  long the window is busy in the refresh (the evaluation itself runs in a
  background job); *figures shown* is the time until the new figures are on
  screen; *longest stall* is the longest gap of a 5 ms timer on the window's
  event loop while the job runs (the job shares the interpreter's lock, so
  this is what a user typing meanwhile would feel).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")  # as the app paints (app.py)

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from benchmarks.bench_scenarios import PROJECT
from gpu_advisor.ui.scenarios import ScenariosPanel
from gpu_advisor.ui.session import ProjectSession


def _wait_for_figures(app: QApplication, panel: ScenariosPanel) -> None:
    view = panel.comparison
    while view.runner.busy or view.comparison is None:
        app.processEvents()
        time.sleep(0.001)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--runs", type=int, default=10, help="switches timed (edits: half as many)"
    )
    runs = parser.parse_args().runs
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    print(f"load average {os.getloadavg()[0]:.2f} (1 min) on {os.cpu_count()} cores")
    session = ProjectSession(PROJECT)
    panel = ScenariosPanel(session)
    panel.resize(1100, 900)
    panel.show()
    view = panel.comparison
    view.refresh_now()
    _wait_for_figures(app, panel)

    # --- switching scenario: make one the base, then back (undo)
    switch = []
    for _ in range(runs):
        start = time.perf_counter()
        panel.editor.table.selectRow(0)
        panel.editor.make_selected_base()
        view.refresh_now()
        app.processEvents()
        switch.append((time.perf_counter() - start) * 1000)
        assert not view.runner.busy, "switching needed a new evaluation"
        session.undo_stack.undo()
        view.refresh_now()
        app.processEvents()
    print(
        f"switch scenario (UI)            median {statistics.median(switch):8.2f} ms"
        f"  fastest {min(switch):8.2f} ms  (goal 33 ms)"
    )

    # --- an edit: the window is not blocked while the scenarios are evaluated
    stalls: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        stalls.append((now - last[0]) * 1000)
        last[0] = now

    timer = QTimer(interval=5)
    timer.timeout.connect(tick)
    blocked, shown, longest = [], [], []
    storage = session.project.budget.storage_tb
    for step in range(1, max(runs // 2, 1) + 1):
        session.apply("budget.storage_tb", storage + step)
        start = time.perf_counter()
        view.refresh_now()
        blocked.append((time.perf_counter() - start) * 1000)
        stalls.clear()
        last[0] = time.perf_counter()
        timer.start()
        _wait_for_figures(app, panel)
        timer.stop()
        shown.append((time.perf_counter() - start) * 1000)
        longest.append(max(stalls, default=0.0))
    print(
        f"edit: window blocked            median {statistics.median(blocked):8.2f} ms"
        f"  fastest {min(blocked):8.2f} ms  (goal 20 ms)"
    )
    print(
        f"edit: new figures shown after   median {statistics.median(shown):8.2f} ms"
        f"  fastest {min(shown):8.2f} ms  (in the background)"
    )
    print(
        f"edit: longest event-loop stall  median {statistics.median(longest):8.2f} ms"
        f"  worst   {max(longest):8.2f} ms  (5 ms timer)"
    )


if __name__ == "__main__":
    main()
