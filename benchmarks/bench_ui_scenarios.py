"""Benchmark switching scenario in the app: make one the base, show the comparison.

Run as a script (``QT_QPA_PLATFORM=offscreen python benchmarks/bench_ui_scenarios.py``),
which prints medians in milliseconds. Goal (issue #18): switching scenario
within 50 ms. Measured from the *Make it the base plan* click to the
comparison table and charts holding the new columns, on the five-scenario
plan of ``benchmarks/bench_scenarios.py``; the columns were evaluated
before (the tab was open), as in the app. The budget step's own charts then
re-evaluate the new base like any other edit (see ``bench_ui_budget.py``).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtWidgets import QApplication

from benchmarks.bench_scenarios import PROJECT
from gpu_advisor.ui.scenarios import ScenariosPanel
from gpu_advisor.ui.session import ProjectSession


def main() -> None:
    app = QApplication.instance() or QApplication([])
    session = ProjectSession(PROJECT)
    panel = ScenariosPanel(session)
    panel.resize(1100, 900)
    panel.show()
    panel.comparison.refresh_now()
    # warm both bases once: the comparison keeps every column it has seen
    panel.editor.table.selectRow(0)
    panel.editor.make_selected_base()
    panel.comparison.refresh_now()
    session.undo_stack.undo()
    panel.comparison.refresh_now()
    times = []
    for _ in range(10):
        start = time.perf_counter()
        panel.editor.table.selectRow(0)
        panel.editor.make_selected_base()
        panel.comparison.refresh_now()
        app.processEvents()
        times.append(time.perf_counter() - start)
        session.undo_stack.undo()
        panel.comparison.refresh_now()
    print(f"switch scenario (UI)  median {statistics.median(times) * 1000:8.2f} ms")


if __name__ == "__main__":
    main()
