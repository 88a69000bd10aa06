"""Rollout pages (environment, monitoring, checklist, review): speed of the UI.

Measures, with each example project, the median time of

* a page switch between the four rollout pages inside the wizard (``go_to``
  plus the events it causes), and
* an input-to-output update: a widget edit until the generated file, the
  checklist row or the fingerprint shows the new value.

Budget: 33 ms each. Usage: ``python benchmarks/bench_ui_rollout.py``
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")  # as the app paints (app.py)

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QApplication

from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import Scheduler
from gpu_advisor.ui.pages.checklist_page import COL_OWNER, ChecklistPage
from gpu_advisor.ui.pages.environment_page import EnvironmentPage
from gpu_advisor.ui.pages.monitoring_page import MonitoringPage
from gpu_advisor.ui.pages.review_page import COL_NAME, ReviewPage
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.wizard import AdvisorWizard, PageId

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[1] / "resources" / "examples").glob("*.gpuplan")
)
ROLLOUT = (PageId.ENVIRONMENT, PageId.MONITORING, PageId.CHECKLIST, PageId.REVIEW)


def _median_ms(action: Callable[[int], None], runs: int) -> float:
    times = []
    for i in range(runs):
        started = time.perf_counter()
        action(i)
        QApplication.processEvents()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def bench(path: Path, runs: int = 30) -> dict[str, float]:
    session = ProjectSession(load_project(path))
    wizard = AdvisorWizard(session)
    pages = {
        PageId.ENVIRONMENT: EnvironmentPage(session),
        PageId.MONITORING: MonitoringPage(session),
        PageId.CHECKLIST: ChecklistPage(session),
        PageId.REVIEW: ReviewPage(session),
    }
    for page_id, page in pages.items():
        wizard.removePage(page_id)
        wizard.setPage(page_id, page)
    wizard.resize(1280, 800)
    wizard.show()
    QApplication.processEvents()
    wizard.go_to(PageId.ENVIRONMENT)
    QApplication.processEvents()

    order = [*ROLLOUT, *reversed(ROLLOUT)]
    results = {
        "page switch": _median_ms(lambda i: wizard.go_to(order[i % len(order)]), runs)
    }

    env = pages[PageId.ENVIRONMENT]
    assert isinstance(env, EnvironmentPage)
    wizard.go_to(PageId.ENVIRONMENT)
    scheduler = session.project.environment.scheduler

    def edit_nodes(i: int) -> None:
        env.nodes_field.editor.setValue(2 + i % 5)
        text = env.viewers[scheduler].text()
        assert text
        assert env.viewers[Scheduler.SLURM].text()

    results["environment: nodes -> manifest"] = _median_ms(edit_nodes, runs)

    mon = pages[PageId.MONITORING]
    assert isinstance(mon, MonitoringPage)
    wizard.go_to(PageId.MONITORING)

    def edit_temp(i: int) -> None:
        value = 70 + i % 20
        mon.gpu_temp_field.editor.setValue(value)
        assert f"> {value}" in mon.viewers["prometheus-alerts"].text()

    results["monitoring: threshold -> alert rules"] = _median_ms(edit_temp, runs)

    checklist = pages[PageId.CHECKLIST]
    assert isinstance(checklist, ChecklistPage)
    wizard.go_to(PageId.CHECKLIST)

    def edit_owner(i: int) -> None:
        checklist._rows["site_visit"].setText(COL_OWNER, f"owner {i}")
        assert checklist.summary_label.text()

    results["checklist: owner -> row"] = _median_ms(edit_owner, runs)

    review = pages[PageId.REVIEW]
    assert isinstance(review, ReviewPage)
    wizard.go_to(PageId.REVIEW)

    def edit_name(i: int) -> None:
        before = review.fingerprint_edit.text()
        item = review.signoff_table.item(0, COL_NAME)
        assert item is not None
        item.setText(f"name {i}")
        assert review.fingerprint_edit.text() != before

    results["review: sign-off -> fingerprint and summary"] = _median_ms(edit_name, runs)
    wizard.close()
    wizard.deleteLater()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="edits and switches timed")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    QCoreApplication.setOrganizationName("gpu-advisor-bench")
    QCoreApplication.setApplicationName("gpu-advisor-bench")
    with tempfile.TemporaryDirectory() as folder:
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, folder)
        QSettings.setPath(
            QSettings.Format.NativeFormat, QSettings.Scope.UserScope, folder
        )
        for path in EXAMPLES:
            print(path.stem)
            for name, ms in bench(path, args.runs).items():
                print(f"  {name:45s} median {ms:6.1f} ms")
    del app


if __name__ == "__main__":
    main()
