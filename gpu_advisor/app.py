"""The ``gpu-advisor`` desktop entry point.

Start-up order matters for the cold-start budget (≤ 1.5 s to a usable
window): only the standard library is imported at module level; Qt, the
model and the window are imported inside :func:`main`, and the engine only
when the status bar first asks for a recommendation, after the window shows.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from gpu_advisor.ui.main_window import MainWindow

ORGANISATION_NAME = "gpu-advisor"
ORGANISATION_DOMAIN = "gpu-advisor.invalid"
APPLICATION_NAME = "gpu-advisor"
DESKTOP_FILE_ID = "io.github.gpu_advisor.GpuAdvisor"
"""Installed desktop entry (and AppStream id) that Wayland matches windows by."""

SelfTest = Callable[["MainWindow"], int]
self_test_hook: SelfTest | None = None
"""Set by the packaging smoke test (``--self-test``); None runs the built-in check."""


EXIT_GRACE_MS: Final = 10_000
"""How long quitting waits for background jobs (Monte Carlo, PDF export) [ms]."""


def _parse_args(argv: Sequence[str]) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(
        prog="gpu-advisor", description="GPU Advisor desktop app."
    )
    parser.add_argument("file", nargs="?", type=Path, help="a .gpuplan file to open")
    parser.add_argument(
        "--benchmark-startup",
        action="store_true",
        help="print 'ready <seconds>' once the window is shown, then quit",
    )
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="build the window, run a quick check, exit 0 on success",
    )
    parser.add_argument(
        "--no-recovery",
        action="store_true",
        help="do not offer autosaves left by a crashed session",
    )
    return parser.parse_known_args(list(argv))


def _builtin_self_test(window: MainWindow) -> int:
    """Check the window, resources, every example and the PDF (gpu_advisor.selftest)."""
    from gpu_advisor.selftest import run_self_test

    return run_self_test(window)


def _show_startup_error(exc: BaseException) -> None:
    """Tell the user why the app cannot start (a GUI app has no console)."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    if QApplication.instance() is None:
        return
    QMessageBox.critical(
        None,
        "GPU Advisor",
        "GPU Advisor could not start / GPU Advisor 无法启动:\n\n"
        f"{type(exc).__name__}: {exc}",
    )


def paint_on_the_gui_thread() -> None:
    """Have Qt paint on the GUI thread alone; call before the QApplication exists.

    Qt 6 splits large fills of its raster painter over a pool of threads and
    waits for them. The app's windows are forms and small charts, painted as
    many small fills, and the hand-offs cost more than they save: switching
    step under Xvfb on a 2-core machine took 45-60 ms with the pool and
    27-40 ms without it (``benchmarks/bench_ui_wizard.py``, alternated three
    times). Qt 5 always painted this way. A value the user set is kept.
    """
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")


def _application(qt_args: list[str]) -> QApplication:
    """The running QApplication (a test may have made one), named for settings."""
    paint_on_the_gui_thread()
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    QCoreApplication.setOrganizationName(ORGANISATION_NAME)
    QCoreApplication.setOrganizationDomain(ORGANISATION_DOMAIN)
    QCoreApplication.setApplicationName(APPLICATION_NAME)
    existing = QApplication.instance()
    app = (
        existing
        if isinstance(existing, QApplication)
        else QApplication([sys.argv[0] if sys.argv else "gpu-advisor", *qt_args])
    )
    # Wayland matches windows to packaging/linux's desktop entry by this id.
    QGuiApplication.setDesktopFileName(DESKTOP_FILE_ID)
    return app


def _show_window(app: QApplication, args: argparse.Namespace) -> MainWindow:
    """Load settings, translators and the window, and show it."""
    from PySide6.QtCore import QCoreApplication

    try:
        from gpu_advisor import __version__
        from gpu_advisor.io.autosave import AutosaveStore, default_autosave_dir
        from gpu_advisor.ui import i18n, theme
        from gpu_advisor.ui.main_window import MainWindow
        from gpu_advisor.ui.qt_resources import icon
        from gpu_advisor.ui.settings import AppSettings

        QCoreApplication.setApplicationVersion(__version__)
        app.setWindowIcon(icon("app"))
        settings = AppSettings()
        i18n.install_translators(settings.language())
        window = MainWindow(settings, AutosaveStore(default_autosave_dir()))
        theme.follow_system_scheme(app)  # dark or light, as the system says
        window.show()
    except Exception as exc:
        # Unattended runs have no one to close the dialog (it would hang an
        # offscreen smoke test): they fail at once with the traceback on stderr.
        if not (args.self_test or args.benchmark_startup):
            _show_startup_error(exc)
        raise
    return window


def _benchmark_startup(app: QApplication, window: MainWindow, started: float) -> int:
    """Print the seconds from ``started`` until the window is ready, then quit."""
    from PySide6.QtCore import QTimer

    def report_ready() -> None:
        app.processEvents()
        print(f"ready {time.perf_counter() - started:.3f}", flush=True)  # noqa: T201
        window.session.undo_stack.setClean()
        window.close()
        app.quit()

    QTimer.singleShot(0, report_ready)
    return app.exec()


def _run_window(app: QApplication, window: MainWindow, args: argparse.Namespace) -> int:
    """Open the file, a recovered autosave or the start page; run until quit."""
    from PySide6.QtCore import QThreadPool, QTimer

    def after_show() -> None:
        from gpu_advisor.report.fonts import warm_up
        from gpu_advisor.ui.export import ExportSettings

        # The CJK font takes about a second to parse: do it now, in the
        # background, rather than in the user's first export.
        warm_up(ExportSettings().cjk_font_path())
        # One callback, in order: a modal recovery dialog runs a nested event
        # loop in which a second timer would already open the file.
        recovered = not args.no_recovery and window.offer_recovery()
        if args.file is not None:
            window.open_file(args.file)
        elif not recovered:
            window.show_start_page()  # new plan, open, recent or an example

    QTimer.singleShot(0, after_show)
    status = app.exec()
    # A Monte Carlo or PDF export may still be running: let it end while the
    # objects it reports to still exist.
    # A worker stuck on a read that never ends must not keep the app open:
    # after the grace period the process ends without waiting for it.
    if not QThreadPool.globalInstance().waitForDone(EXIT_GRACE_MS):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the desktop app; returns the process exit status."""
    started = time.perf_counter()
    args, qt_args = _parse_args(sys.argv[1:] if argv is None else argv)
    app = _application(qt_args)
    window = _show_window(app, args)
    if args.self_test:
        hook = self_test_hook or _builtin_self_test
        return hook(window)
    if args.benchmark_startup:
        return _benchmark_startup(app, window, started)
    return _run_window(app, window, args)
