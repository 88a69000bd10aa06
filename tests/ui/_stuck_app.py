"""Child process for ``test_app_quits.py``: the app with a worker that never returns.

Run as ``python -m tests.ui._stuck_app KIND FIFO``. Once the window is up it
starts a pool job that blocks for ever, either a results-folder import
whose read blocks on a FIFO nobody writes to (``import``) or an engine job
that waits on an event nobody sets (``engine``), prints ``closing``, and
closes the window the way a user does. The process must then end on its own.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

from PySide6.QtCore import QThreadPool, QTimer
from PySide6.QtWidgets import QApplication

from gpu_advisor import app as app_module
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.wizard import PageId

NEVER = threading.Event()


def _window() -> MainWindow | None:
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, MainWindow) and widget.isVisible():
            return widget
    return None


def _start_import(window: MainWindow, fifo: Path) -> None:
    from gpu_advisor.ui.pages import vendors_page
    from gpu_advisor.ui.pages.vendors_page import VendorsPage

    def parse_blocking(_paths: object) -> object:
        with fifo.open("rb") as handle:  # no writer: open() blocks for ever
            return handle.read()

    setattr(vendors_page, "parse_results", parse_blocking)  # noqa: B010
    window.wizard.go_to(PageId.VENDORS)
    page = window.wizard.page(PageId.VENDORS)
    assert isinstance(page, VendorsPage)
    page.add_vendor()
    page.select_vendor(0)
    assert page.import_results([fifo.parent]), "the import did not start"
    assert page.import_running


def _start_engine() -> None:
    # straight into the app's pool: superqt's start() would wait for the next
    # turn of the event loop, which the window's close may not give it
    QThreadPool.globalInstance().start(NEVER.wait)


def _go(kind: str, fifo: Path) -> None:
    window = _window()
    if window is None:
        QTimer.singleShot(100, lambda: _go(kind, fifo))
        return
    pool = QThreadPool.globalInstance()
    busy = pool.activeThreadCount()
    if kind == "import":
        _start_import(window, fifo)
    else:
        _start_engine()
    # superqt starts a worker on the event loop's next turn: let it begin
    deadline = time.monotonic() + 10
    while pool.activeThreadCount() <= busy and time.monotonic() < deadline:
        QApplication.processEvents()
    window.session.undo_stack.setClean()  # nothing to save: the close is not asked
    print("closing", flush=True)  # noqa: T201 - the parent test reads it
    window.close()


def main() -> int:
    kind, fifo = sys.argv[1], Path(sys.argv[2])
    QApplication([sys.argv[0]])
    QTimer.singleShot(0, lambda: _go(kind, fifo))
    return app_module.main(["--no-recovery"])


if __name__ == "__main__":
    sys.exit(main())
