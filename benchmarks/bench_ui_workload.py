"""Benchmark the workload page: input-to-chart update and page switch.

* input-to-chart: set the tokens spin box → the project changes, the engine
  recomputes (cached evaluation invalidated), and the key numbers, the memory
  bars, the days curve and the demand chart hold the new data;
* demand drag: dropping a dragged demand bar → the project and the chart;
* page switch: ``AdvisorWizard.next()`` from the project page onto the
  workload page and ``back()`` again, each measured on its own.

Run as a script (``python benchmarks/bench_ui_workload.py``), which prints the
median of each in milliseconds. Budget: ≤ 33 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")  # as the app paints (app.py)

from PySide6.QtWidgets import QApplication

from gpu_advisor.model.project import Project
from gpu_advisor.ui.pages.workload_page import WorkloadPage
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.wizard import AdvisorWizard, PageId

RUNS = 60
PROJECT = {
    "workload": {
        "task": "pretrain",
        "zero_stage": 3,
        "deadline_days": 10,
        "tokens_billion": 20,
    }
}


def _median_ms(action: Callable[[int], None], runs: int) -> float:
    times = []
    for i in range(runs):
        start = time.perf_counter()
        action(i)
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def bench_input_to_chart(app: QApplication, runs: int = RUNS) -> float:
    session = ProjectSession(Project.model_validate(PROJECT))
    page = WorkloadPage(session)
    page.resize(1280, 800)
    page.show()
    app.processEvents()

    def step(i: int) -> None:
        tokens = 20.0 + (i % 7) + 1
        page.tokens.editor.setValue(tokens)
        app.processEvents()  # paint the new chart data
        hours = session.evaluation.sizing.compute.gpu_hours
        assert page.tokens.editor.value() == tokens
        assert page.days_chart.curve.getData()[1] is not None
        assert f"{hours:,.0f}" in page.key_numbers.rows["gpu_hours"].value.text()

    result = _median_ms(step, runs)
    page.close()
    return result


def bench_demand_drag(app: QApplication, runs: int = RUNS) -> float:
    session = ProjectSession(Project.model_validate(PROJECT))
    page = WorkloadPage(session)
    page.tabs.setCurrentIndex(1)
    page.resize(1280, 800)
    page.show()
    app.processEvents()
    bars = page.demand_editor.bars

    def step(i: int) -> None:
        bars.bar_dropped.emit(3, 1000.0 + i)
        app.processEvents()
        assert bars.heights[3] == 1000.0 + i

    result = _median_ms(step, runs)
    page.close()
    return result


def bench_page_switch(app: QApplication, runs: int = RUNS) -> tuple[float, float]:
    session = ProjectSession(Project.model_validate(PROJECT))
    wizard = AdvisorWizard(session)
    page = WorkloadPage(session)
    wizard.removePage(PageId.WORKLOAD)
    wizard.setPage(PageId.WORKLOAD, page)
    wizard.resize(1280, 800)
    wizard.show()
    wizard.restart()
    app.processEvents()
    forward: list[float] = []
    backward: list[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        wizard.next()
        app.processEvents()
        forward.append((time.perf_counter() - start) * 1e3)
        assert wizard.currentId() == PageId.WORKLOAD
        start = time.perf_counter()
        wizard.back()
        app.processEvents()
        backward.append((time.perf_counter() - start) * 1e3)
    wizard.close()
    return statistics.median(forward), statistics.median(backward)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--runs", type=int, default=RUNS, help="edits and switches timed"
    )
    runs = parser.parse_args().runs
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    print(
        f"input-to-chart (tokens → numbers + charts): {bench_input_to_chart(app, runs):.1f} ms"
    )
    print(
        f"demand bar drop (drag → model → chart):     {bench_demand_drag(app, runs):.1f} ms"
    )
    forward, backward = bench_page_switch(app, runs)
    print(f"page switch project → workload:             {forward:.1f} ms")
    print(f"page switch workload → project:             {backward:.1f} ms")


if __name__ == "__main__":
    main()
