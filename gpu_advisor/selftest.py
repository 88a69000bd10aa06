"""``gpu-advisor --self-test``: prove that an installed or frozen app works.

Run by ``packaging/smoke_test.py`` on the PyInstaller bundle (offscreen Qt
platform) and by the packaging tests on the source tree. With the window that
:func:`gpu_advisor.app.main` built, it checks, in order:

1. the window and all wizard steps exist;
2. the compiled Qt resources and both translation catalogs load;
3. the shipped catalog loads, and a CJK font for the PDF is found (and where);
4. for **every** example project shipped in ``gpu_advisor.resources/examples``:
   it loads, evaluates (with the Monte Carlo, as the PDF export does), opens in
   the window, every wizard step can be reached with it, and a PDF plan is
   written in each language and starts with ``%PDF``.

Each passed step prints one line ``self-test: ok <step> ...`` on standard output;
the first failure prints ``self-test: FAILED <step>: <reason>`` on standard
error and the exit status is 1. A dialog that pops up during the test (which
would block an offscreen run for ever) is closed and counts as a failure.

A windowed Windows executable has no standard streams, so the same lines also
go to the file named by ``GPU_ADVISOR_SELF_TEST_LOG`` when it is set.

The test never touches the user's settings or autosaves: it swaps the window's
settings for a temporary INI file and turns autosave off before opening files.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Final, TextIO

from gpu_advisor.engine.plan_defaults import PLAN_MONTE_CARLO_DRAWS

if TYPE_CHECKING:
    from gpu_advisor.model.catalog import Catalog
    from gpu_advisor.ui.main_window import MainWindow

LOG_ENV_VAR: Final = "GPU_ADVISOR_SELF_TEST_LOG"
"""Environment variable naming a file that receives a copy of the report."""

MONTE_CARLO_DRAWS: Final = PLAN_MONTE_CARLO_DRAWS
"""Draws used by File ▸ Export PDF; the self-test exercises the same path. [1]"""

MIN_PDF_BYTES: Final = 5_000
"""A plan smaller than this cannot hold the cover, tables and charts. [B]"""

PDF_LANGUAGES: Final = ("zh", "en")


class SelfTestError(Exception):
    """A step failed; the message says which and why."""


class _Report:
    """Writes step results to stdout/stderr and, if asked, to a log file."""

    def __init__(self, log_path: str | None) -> None:
        self.step = "start"
        """The step running now: the one a failure is reported against."""
        self._log: TextIO | None = None
        if log_path:
            self._log = open(log_path, "w", encoding="utf-8")  # noqa: SIM115 - closed in close()

    def _write(self, stream: TextIO | None, line: str) -> None:
        if stream is not None:  # None in a windowed Windows executable
            print(line, file=stream, flush=True)
        if self._log is not None:
            print(line, file=self._log, flush=True)

    def ok(self, step: str, detail: str = "") -> None:
        self._write(
            sys.stdout, f"self-test: ok {step}" + (f" {detail}" if detail else "")
        )

    def failed(self, step: str, reason: str) -> None:
        self._write(sys.stderr, f"self-test: FAILED {step}: {reason}")

    def close(self) -> None:
        if self._log is not None:
            self._log.close()


@contextmanager
def _dialog_watchdog(found: list[str]) -> Iterator[None]:
    """Close any modal dialog that opens (it would hang offscreen) and note it."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

    def check() -> None:
        widget = QApplication.activeModalWidget()
        if widget is None:
            return
        text = widget.text() if isinstance(widget, QMessageBox) else ""
        found.append(f"{widget.windowTitle()}: {text}".strip())
        if isinstance(widget, QDialog):
            widget.reject()
        else:
            widget.close()

    timer = QTimer()
    timer.setInterval(50)
    timer.timeout.connect(check)
    timer.start()
    try:
        yield
    finally:
        timer.stop()


def _check_window(window: MainWindow) -> str:
    from gpu_advisor.ui.wizard import PageId

    page_ids = sorted(window.wizard.pageIds())
    if page_ids != [int(p) for p in PageId]:
        raise SelfTestError(
            f"wizard has pages {page_ids}, expected {list(map(int, PageId))}"
        )
    if not window.isVisible():
        raise SelfTestError("the main window is not shown")
    return f"{len(page_ids)} steps"


def _check_resources() -> str:
    from gpu_advisor.ui import i18n, qt_resources

    if not qt_resources.ensure_loaded():
        raise SelfTestError(
            "compiled Qt resources (gpu_advisor.ui._resources_rc) missing"
        )
    missing = [lang for lang in i18n.LANGUAGES if not i18n.catalog_available(lang)]
    if missing:
        raise SelfTestError(f"translation catalogs missing: {', '.join(missing)}")
    return "qrc, " + ", ".join(f"{lang}.qm" for lang in i18n.LANGUAGES)


def _check_font() -> str:
    from gpu_advisor.report.fonts import find_cjk_font

    choice = find_cjk_font()
    return f"origin={choice.origin} file={choice.path.name}"


def _visit_every_step(window: MainWindow) -> None:
    from PySide6.QtWidgets import QApplication

    from gpu_advisor.ui.wizard import PageId

    for page_id in PageId:
        window.wizard.go_to(page_id)
        QApplication.processEvents()
        if window.wizard.currentId() != page_id:
            raise SelfTestError(
                f"cannot reach step {page_id.name}: stopped at "
                f"{PageId(window.wizard.currentId()).name}"
            )
    window.wizard.go_to(PageId.PROJECT)


def _check_pdf(path: Path) -> int:
    data = path.read_bytes()
    if not data.startswith(b"%PDF-"):
        raise SelfTestError(f"{path.name} does not start with %PDF-")
    if b"%%EOF" not in data[-64:]:
        raise SelfTestError(f"{path.name} is truncated (no %%EOF)")
    if len(data) < MIN_PDF_BYTES:
        raise SelfTestError(f"{path.name} has only {len(data)} bytes")
    return len(data)


def _isolate(window: MainWindow, folder: Path) -> None:
    """Keep the user's recent files, last folder and autosaves untouched."""
    from PySide6.QtCore import QSettings

    from gpu_advisor.ui.settings import AppSettings

    ini = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    window.settings = AppSettings(ini)
    window.autosave_store = None
    window.apply_autosave_interval()


def _check_example(
    window: MainWindow,
    path: Path,
    catalog: Catalog,
    *,
    folder: Path,
    report: _Report,
    dialogs: list[str],
) -> None:
    """Load, evaluate and open one example, then write its PDF in each language."""
    from gpu_advisor.engine.evaluate import evaluate_plan
    from gpu_advisor.io.project_file import load_project, write_atomically
    from gpu_advisor.report import plan

    name = path.name
    report.step = f"load {name}"
    project = load_project(path)
    report.ok(report.step)

    report.step = f"evaluate {name}"
    t0 = time.perf_counter()
    evaluation = evaluate_plan(project, catalog)
    option = evaluation.cost.recommendation.option
    report.ok(report.step, f"recommends={option} {time.perf_counter() - t0:.2f}s")

    report.step = f"open {name}"
    if not window.open_file(path, ask=False) or dialogs:
        raise SelfTestError("; ".join(dialogs) or "open_file() refused it")
    if window.session.project != project:
        raise SelfTestError("the window shows a different project")
    _visit_every_step(window)
    if dialogs:
        raise SelfTestError("dialog: " + "; ".join(dialogs))
    report.ok(report.step)

    for language in PDF_LANGUAGES:
        report.step = f"pdf {name} {language}"
        t0 = time.perf_counter()
        out = folder / f"{path.stem}_{language}.pdf"
        # the plan as every writer renders it (the evaluation above reused)
        data = plan.render_plan(
            project, catalog, language=language, previous=evaluation
        )
        write_atomically(out, data)
        size_bytes = _check_pdf(out)
        report.ok(report.step, f"{size_bytes} bytes {time.perf_counter() - t0:.2f}s")


def _run_checks(
    window: MainWindow,
    examples: Sequence[Path] | None,
    folder: Path,
    report: _Report,
) -> None:
    """Every check in order; the first failure raises with ``report.step`` set."""
    dialogs: list[str] = []
    _isolate(window, folder)
    steps: list[tuple[str, Callable[[], str]]] = [
        ("window", lambda: _check_window(window)),
        ("resources", _check_resources),
        ("font", _check_font),
    ]
    for step, check in steps:
        report.step = step
        report.ok(step, check())

    from gpu_advisor.io.catalog import load_catalog

    report.step = "catalog"
    catalog = load_catalog()
    report.ok(report.step, f"{len(catalog.gpus)} GPUs, {len(catalog.regions)} regions")

    report.step = "examples"
    paths = list(window.example_files() if examples is None else examples)
    if not paths:
        raise SelfTestError("no example projects are installed")
    report.ok(report.step, f"{len(paths)} found")

    with _dialog_watchdog(dialogs):
        for path in paths:
            _check_example(
                window, path, catalog, folder=folder, report=report, dialogs=dialogs
            )
    report.step = "window"
    window.new_project()  # leave nothing pointing into the temporary folder
    if dialogs:
        raise SelfTestError("dialog: " + "; ".join(dialogs))


def run_self_test(window: MainWindow, *, examples: Sequence[Path] | None = None) -> int:
    """Run every check against ``window``; 0 when all pass, 1 otherwise.

    Parameters
    ----------
    window : MainWindow
        The window built by :func:`gpu_advisor.app.main`.
    examples : sequence of Path, optional
        Project files to check (default: every shipped example).

    Returns
    -------
    int
        Process exit status.
    """
    report = _Report(os.environ.get(LOG_ENV_VAR))
    started = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory(prefix="gpu-advisor-self-test-") as tmp:
            _run_checks(window, examples, Path(tmp), report)
    except SelfTestError as exc:
        report.failed(report.step, str(exc))
        report.close()
        return 1
    except Exception as exc:  # any crash is a failed self-test, with its traceback
        report.failed(report.step, f"{type(exc).__name__}: {exc}")
        if sys.stderr is not None:
            traceback.print_exc()
        report.close()
        return 1
    report.ok("passed", f"in {time.perf_counter() - started:.1f}s")
    report.close()
    return 0
