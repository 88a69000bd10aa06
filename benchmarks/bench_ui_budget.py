"""Benchmark the budget page: input-to-chart update and page switch.

Run as a script (``QT_QPA_PLATFORM=offscreen python benchmarks/bench_ui_budget.py``),
which prints the median of each measurement in milliseconds. Budget: ≤ 33 ms
for both.

* input-to-chart: change the on-demand price in its spin box → the project is
  validated, the engine re-evaluates, every chart and the recommendation
  panel show the new numbers (measured until the cumulative curve holds the
  new total);
* page switch: the wizard goes from the project step to the budget step and
  back (``initializePage`` refreshes every field and chart).

The Monte Carlo runs in a pool thread and is not part of either figure; its
own time is the engine's (``evaluate(..., monte_carlo_draws=10_000)``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")  # as the app paints (app.py)

from PySide6.QtWidgets import QApplication

from gpu_advisor.model.project import OptionId
from gpu_advisor.ui.pages.budget_page import BudgetPage
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.widgets.bound import OptionalNumberField
from gpu_advisor.ui.wizard import AdvisorWizard, PageId


def _median_ms(run: Callable[[], None], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def bench_budget(repeats: int = 60) -> dict[str, float]:
    """Median milliseconds of input-to-chart and of a page switch."""
    app = QApplication.instance() or QApplication(sys.argv)
    session = ProjectSession()
    wizard = AdvisorWizard(session)
    page = BudgetPage(session)
    page.mc_auto_check.setChecked(False)
    wizard.removePage(PageId.BUDGET)
    wizard.setPage(PageId.BUDGET, page)
    wizard.resize(1280, 800)
    wizard.show()  # the page draws its charts only while shown
    wizard.restart()
    wizard.go_to(PageId.BUDGET)
    app.processEvents()
    field = page.fields["on_demand_cny_per_gpu_hour"]
    assert isinstance(field, OptionalNumberField)
    field.own_check.setChecked(True)
    price = [20.0]

    def change_price() -> None:
        price[0] = 30.0 if price[0] == 20.0 else 20.0
        field.editor.setValue(price[0])
        app.processEvents()
        total = session.evaluation.cost.option(OptionId.ON_DEMAND).cumulative_cny[-1]
        _x, y = page.cumulative_chart.curves[OptionId.ON_DEMAND].getData()
        assert abs(y[-1] * 1e3 - total) < 1e-6 * max(total, 1.0)

    def switch_pages() -> None:
        wizard.go_to(PageId.PROJECT)
        app.processEvents()
        wizard.go_to(PageId.BUDGET)
        app.processEvents()

    change_price()  # warm-up: imports, first evaluation
    switch_pages()
    result = {
        "input_to_chart_ms": _median_ms(change_price, repeats),
        "page_switch_round_trip_ms": _median_ms(switch_pages, repeats),
    }
    page.runner.invalidate()
    page.runner.wait_idle()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60, help="edits and switches timed")
    args = parser.parse_args()
    for name, value in bench_budget(args.runs).items():
        print(f"{name}: {value:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
