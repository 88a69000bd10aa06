"""Vendor-tests page: input-to-chart update and page switch (budget ≤ 33 ms each).

With the three sample vendors and their imported results (1,309 measurements
each), times from a widget edit until the judgement, scoring matrix and charts
show the new project (the page recomputes synchronously while it is shown):

* a scoring weight edited (``scoring.price``);
* a quote field edited (the selected vendor's on-demand price);
* a page switch inside the wizard (Environment → Vendor tests, back and forth).

The edits are timed on the page alone and inside the full wizard, where the
other pages refresh on the same change.

Usage: ``QT_QPA_PLATFORM=offscreen python benchmarks/bench_ui_vendors.py [--runs 30]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")  # as the app paints (app.py)

from PySide6.QtWidgets import QApplication

from gpu_advisor.engine.evidence.scoring import Criterion
from gpu_advisor.ui.pages.vendors_page import VendorsPage
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.wizard import AdvisorWizard, PageId
from tests.evidence_samples import three_vendor_project


def _median_ms(app: QApplication, runs: int, action: Callable[[int], None]) -> float:
    times: list[float] = []
    for i in range(runs):
        started = time.perf_counter()
        action(i)
        app.processEvents()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)

    # The page alone: what this page itself costs.
    alone = VendorsPage(ProjectSession(three_vendor_project()))
    alone.resize(1060, 660)
    alone.show()
    alone.tabs.setCurrentIndex(2)
    alone.select_vendor(0)
    app.processEvents()
    alone_weight = alone.weight_spins[Criterion.PRICE]
    alone_price = alone.quote.number_spins["on_demand_cny_per_gpu_hour"]
    alone_weight_ms = _median_ms(
        app, args.runs, lambda i: alone_weight.setValue(20 + i % 20)
    )
    alone_quote_ms = _median_ms(
        app, args.runs, lambda i: alone_price.setValue(10.0 + (i % 10) * 0.5)
    )
    alone.close()

    # Inside the wizard with every other page listening to the same project.
    session = ProjectSession(three_vendor_project())
    wizard = AdvisorWizard(session)
    page = VendorsPage(session)
    wizard.removePage(PageId.VENDORS)  # until the lead registers VendorsPage
    wizard.setPage(PageId.VENDORS, page)
    wizard.resize(1280, 800)
    wizard.show()
    wizard.go_to(PageId.VENDORS)
    page.tabs.setCurrentIndex(2)  # the charts
    page.select_vendor(0)
    app.processEvents()

    spin = page.weight_spins[Criterion.PRICE]
    weight_ms = _median_ms(app, args.runs, lambda i: spin.setValue(20 + i % 20))
    assert page.scoring is not None

    price = page.quote.number_spins["on_demand_cny_per_gpu_hour"]
    quote_ms = _median_ms(
        app, args.runs, lambda i: price.setValue(10.0 + (i % 10) * 0.5)
    )
    assert page.charts.series_count()["busbw"] == 3

    def switch(i: int) -> None:
        if wizard.currentId() == PageId.VENDORS:
            wizard.next()
        else:
            wizard.back()

    switch_ms = _median_ms(app, args.runs, switch)
    print(
        f"page alone, weight edit -> scores and charts: median {alone_weight_ms:.1f} ms"
    )
    print(
        f"page alone, quote edit -> scores and charts:  median {alone_quote_ms:.1f} ms"
    )
    print(f"weight edit -> scores and charts: median {weight_ms:.1f} ms")
    print(f"quote edit -> scores and charts:  median {quote_ms:.1f} ms")
    print(f"page switch (Environment <-> Vendor tests): median {switch_ms:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
