"""Every wizard page inside the full main window: input-to-output and page switch.

Builds the real :class:`~gpu_advisor.ui.main_window.MainWindow` (all eight
pages, the step list, the status bar) with a 7B pretrain-then-serve example
plus the three sample vendors and their imported test results, then, for
each page, times the median of

* **input → output**: one widget edit until the page shows the result (the
  chart data, generated file, table row or fingerprint is checked after the
  events have been processed, so repaints are included);
* **switch**: arriving at the page from its neighbour (``next()``/``back()``
  plus the events it causes), alternating forward and back;
* **switch after edit**: the same, after an edit on another page, so that the
  page has to catch up with a changed project when it is shown.

Budget: 33 ms each (an edit shows, a step switch is drawn); the figures
depend on the machine, so compare them with ``benchmarks/host.py`` printed beside them.
The Monte Carlo of the budget page does not run while timing (switched off
for the edits; the walk never stays on the step long enough to start it), so
its worker thread does not compete for the CPU; everything else runs as in
the app.

Usage: ``QT_QPA_PLATFORM=offscreen python benchmarks/bench_ui_wizard.py [--runs 20]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")  # as the app paints (app.py)

from PySide6.QtCore import QCoreApplication, QSettings, QThreadPool
from PySide6.QtWidgets import QApplication

from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import OptionId, Project
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.settings import AppSettings
from gpu_advisor.ui.wizard import PageId
from tests.evidence_samples import vendor_a, vendor_b, vendor_c

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "resources" / "examples" / "shenzhen_7b_pretrain_then_serve.gpuplan"


def bench_project() -> Project:
    """The example plan with the three sample vendors and their results."""
    project = load_project(EXAMPLE)
    return project.model_copy(update={"vendors": [vendor_a(), vendor_b(), vendor_c()]})


def _median_ms(app: QApplication, runs: int, action: Callable[[int], None]) -> float:
    """Median of ``action(i)`` plus the events it causes, after one warm-up."""
    action(runs)
    app.processEvents()
    times: list[float] = []
    for i in range(runs):
        started = time.perf_counter()
        action(i)
        app.processEvents()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _checked(
    app: QApplication, edit: Callable[[int], None], check: Callable[[int], None]
) -> Callable[[int], None]:
    """``edit`` then, once the events are processed, ``check`` (inside the timing)."""

    def action(i: int) -> None:
        edit(i)
        app.processEvents()
        check(i)

    return action


Action = tuple[PageId, str, Callable[[int], None]]


def input_actions(window: MainWindow, app: QApplication) -> list[Action]:
    """Per page: the page, a description and the timed edit-and-check."""
    wizard, session = window.wizard, window.session
    pages: dict[PageId, Any] = {page_id: wizard.page_for(page_id) for page_id in PageId}
    actions: list[Action] = []

    project = pages[PageId.PROJECT]

    def horizon_check(i: int) -> None:
        assert session.project.meta.horizon_months == 24 + i % 12

    actions.append(
        (
            PageId.PROJECT,
            "horizon -> model",
            _checked(
                app, lambda i: project.horizon_spin.setValue(24 + i % 12), horizon_check
            ),
        )
    )

    workload = pages[PageId.WORKLOAD]

    def tokens_check(i: int) -> None:
        hours = session.evaluation.sizing.compute.gpu_hours
        assert f"{hours:,.0f}" in workload.key_numbers.rows["gpu_hours"].value.text()
        assert workload.days_chart.curve.getData()[1] is not None

    actions.append(
        (
            PageId.WORKLOAD,
            "tokens -> numbers and charts",
            _checked(
                app,
                lambda i: workload.tokens.editor.setValue(150.0 + i % 7),
                tokens_check,
            ),
        )
    )

    def serving_check(i: int) -> None:
        plan = session.evaluation.sizing.serving
        cost = session.evaluation.cost.serving
        assert plan is not None
        assert cost is not None
        _x, bars = workload.serving_view.replicas.bars.getData()
        assert bars is None or list(bars) == plan.hourly_replicas
        first = cost.options[0]
        shown = workload.serving_view.prices.item(0, 3).text()
        assert f"{first.serving_cny:,.0f}" == shown.replace("\u00a0", ",")

    def serving_edit(i: int) -> None:
        workload.tabs.setCurrentIndex(2)  # the Serving tab, as a user watching it
        workload.serving_form.users.editor.setValue(300_000 + 1_000 * (i % 7))

    actions.append(
        (
            PageId.WORKLOAD,
            "daily users -> replicas, options, per-million table",
            _checked(app, serving_edit, serving_check),
        )
    )

    budget = pages[PageId.BUDGET]
    budget.mc_auto_check.setChecked(False)
    price_field = budget.fields["on_demand_cny_per_gpu_hour"]
    price_field.own_check.setChecked(True)

    def price_check(_i: int) -> None:
        total = session.evaluation.cost.option(OptionId.ON_DEMAND).cumulative_cny[-1]
        _x, y = budget.cumulative_chart.curves[OptionId.ON_DEMAND].getData()
        assert abs(y[-1] * 1e3 - total) < 1e-6 * max(total, 1.0)

    actions.append(
        (
            PageId.BUDGET,
            "on-demand price -> cost chart",
            _checked(
                app, lambda i: price_field.editor.setValue(20.0 + i % 9), price_check
            ),
        )
    )

    vendors = pages[PageId.VENDORS]
    from gpu_advisor.engine.evidence.scoring import Criterion

    weight = vendors.weight_spins[Criterion.PRICE]
    quote = vendors.quote.number_spins["on_demand_cny_per_gpu_hour"]

    def scores_check(_i: int) -> None:
        assert vendors.scoring is not None
        assert vendors.charts.series_count()["busbw"] == 3

    actions.append(
        (
            PageId.VENDORS,
            "weight -> scores and charts",
            _checked(app, lambda i: weight.setValue(20 + i % 20), scores_check),
        )
    )

    def quote_edit(i: int) -> None:
        quote.setValue(10.0 + (i % 10) * 0.5)

    actions.append(
        (
            PageId.VENDORS,
            "quote -> scores and charts",
            _checked(app, quote_edit, scores_check),
        )
    )

    env = pages[PageId.ENVIRONMENT]

    def nodes_check(i: int) -> None:
        scheduler = session.project.environment.scheduler
        assert session.project.environment.nodes == 2 + i % 5
        assert f"{2 + i % 5}" in env.viewers[scheduler].text()

    actions.append(
        (
            PageId.ENVIRONMENT,
            "nodes -> launch file",
            _checked(
                app, lambda i: env.nodes_field.editor.setValue(2 + i % 5), nodes_check
            ),
        )
    )

    monitoring = pages[PageId.MONITORING]

    def temp_check(i: int) -> None:
        assert f"> {70 + i % 20}" in monitoring.viewers["prometheus-alerts"].text()

    actions.append(
        (
            PageId.MONITORING,
            "threshold -> alert rules",
            _checked(
                app,
                lambda i: monitoring.gpu_temp_field.editor.setValue(70 + i % 20),
                temp_check,
            ),
        )
    )

    from gpu_advisor.ui.pages.checklist_page import COL_OWNER

    checklist = pages[PageId.CHECKLIST]

    def owner_check(i: int) -> None:
        items = {item.id: item for item in session.project.checklist}
        assert items["site_visit"].owner == f"owner {i}"
        assert checklist.summary_label.text()

    actions.append(
        (
            PageId.CHECKLIST,
            "owner -> row and summary",
            _checked(
                app,
                lambda i: checklist._rows["site_visit"].setText(
                    COL_OWNER, f"owner {i}"
                ),
                owner_check,
            ),
        )
    )

    from gpu_advisor.ui.pages.review_page import COL_NAME

    review = pages[PageId.REVIEW]
    before = [""]

    def name_edit(i: int) -> None:
        before[0] = review.fingerprint_edit.text()
        item = review.signoff_table.item(0, COL_NAME)
        assert item is not None
        item.setText(f"name {i}")

    def name_check(_i: int) -> None:
        assert review.fingerprint_edit.text() != before[0]

    actions.append(
        (PageId.REVIEW, "sign-off -> fingerprint", _checked(app, name_edit, name_check))
    )
    return actions


def run(
    runs: int,
) -> tuple[list[tuple[PageId, str, float]], dict[PageId, tuple[float, float]]]:
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    window = MainWindow(AppSettings(QSettings()), None)
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    window.session.reset(bench_project())
    window.wizard.restart()
    app.processEvents()
    wizard = window.wizard

    # Page switches: walk forward and back; time the arrival at each page.
    switch: dict[PageId, list[float]] = {page_id: [] for page_id in PageId}
    stale: dict[PageId, list[float]] = {page_id: [] for page_id in PageId}
    order = [*PageId, *reversed(list(PageId)[:-1])][1:]  # 1..7, 6..0
    wizard.go_to(PageId.REVIEW)  # visit everything once (first-show costs)
    wizard.go_to(PageId.PROJECT)
    app.processEvents()
    for round_ in range(runs):
        for j, page_id in enumerate(order):
            if round_ % 2 == 1:
                # An edit elsewhere first: the page must catch up when shown.
                window.session.apply("meta.author", f"author {round_} {j}")
                app.processEvents()
            started = time.perf_counter()
            wizard.go_to(page_id)
            app.processEvents()
            elapsed = (time.perf_counter() - started) * 1000
            assert wizard.currentId() == page_id
            (stale if round_ % 2 == 1 else switch)[page_id].append(elapsed)

    # Input -> output on each page, with the page shown.
    rows: list[tuple[PageId, str, float]] = []
    vendors: Any = wizard.page_for(PageId.VENDORS)
    for page_id, what, action in input_actions(window, app):
        wizard.go_to(page_id)
        if page_id is PageId.VENDORS:
            vendors.tabs.setCurrentIndex(2)  # the charts
            vendors.select_vendor(0)
        app.processEvents()
        rows.append((page_id, what, _median_ms(app, runs, action)))
    window.session.undo_stack.setClean()
    window.close()
    # as the app does on quit: the workers still queued end while the window
    # they report to exists
    QThreadPool.globalInstance().waitForDone()
    app.processEvents()
    switches = {
        page_id: (
            statistics.median(switch[page_id]) if switch[page_id] else float("nan"),
            statistics.median(stale[page_id]) if stale[page_id] else float("nan"),
        )
        for page_id in PageId
    }
    return rows, switches


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    QCoreApplication.setOrganizationName("gpu-advisor-bench")
    QCoreApplication.setApplicationName("gpu-advisor-bench")
    with tempfile.TemporaryDirectory() as folder:
        for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
            QSettings.setPath(fmt, QSettings.Scope.UserScope, folder)
        rows, switches = run(args.runs)
    from benchmarks.host import describe

    print(describe())
    print(f"median of {args.runs} runs [ms], inside the full main window (goal 33 ms)")
    print(
        f"{'page':14s} {'input -> output':34s} {'edit':>7s} {'switch':>7s} {'switch*':>8s}"
    )
    shown: set[PageId] = set()
    for page_id, what, ms in rows:
        line = f"{page_id.name:14s} {what:34s} {ms:7.1f}"
        if page_id not in shown:
            plain, after_edit = switches[page_id]
            line += f" {plain:7.1f} {after_edit:8.1f}"
            shown.add(page_id)
        print(line)
    print("switch* = arriving at the page after an edit on another page")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
