"""What a user cannot resolve on a step: the checks of the layout test.

:func:`layout_problems` looks at the shown step of a main window at its
current size and lists, in words, each thing a user could not get at by
scrolling, dragging a splitter or reading a tooltip:

- the window grew past the size it was given (it then runs off the screen and
  hides Back/Next and the status bar);
- Back/Next or the status bar lie outside the window;
- a table or tree shows fewer rows or columns than it has (a scroll bar of its
  own, or an outer scroll area that clips it);
- a label, button, check box or combo box is squeezed below the size its
  text needs (clipped text), or a wrapped label is shorter than its lines.

Every tab of every tab widget on the step is shown in turn and checked.
Used by ``test_layout_steps.py`` in-process and, at scale 2, in a child
process (``python -m tests.ui.layout_check``).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QRect, QSettings, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QApplication,
    QComboBox,
    QLabel,
    QScrollArea,
    QStyle,
    QStyleOptionComboBox,
    QTabBar,
    QTableView,
    QTabWidget,
    QToolButton,
    QTreeView,
    QWidget,
    QWizard,
)

from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.wizard import PageId

DEFAULT_SIZE: tuple[int, int] = (1280, 760)
"""The window's size at its first start: the pages are built at this size, and
the user then resizes (what the splitters do with their first sizes matters)."""

SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1920, 1080))
"""Logical window sizes checked after the default one: 1280×720 and 1920×1080
screens (scale 1), and the same at scale 2 (2560×1440 and 3840×2160 physical)."""

TOLERANCE_PX = 1
"""Rounding between a hint and a geometry (fractional scale factors)."""

EXAMPLE = "shenzhen_7b_pretrain_then_serve"
"""The example with the most to show: phases, warnings, eight options."""


def _name(widget: QWidget) -> str:
    text = ""
    if isinstance(widget, QLabel | QAbstractButton):
        text = widget.text()
    elif isinstance(widget, QComboBox):
        text = widget.currentText()
    text = " ".join(text.split())
    if len(text) > 40:
        text = text[:37] + "..."
    parts = [type(widget).__name__]
    if widget.objectName():
        parts.append(widget.objectName())
    if text:
        parts.append(repr(text))
    return " ".join(parts)


def _in_window(window: QWidget, widget: QWidget) -> bool:
    top_left = widget.mapTo(window, QPoint(0, 0))
    rect = QRect(top_left, widget.size())
    return window.rect().adjusted(0, 0, 1, 1).contains(rect)


def _larger_than_scroll_area(widget: QWidget) -> bool:
    """True when an enclosing scroll area is too small to show all of ``widget``
    at once: scrolling brings any part of it into view, never the whole."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            viewport = parent.viewport().size()
            if (
                widget.height() > viewport.height() + TOLERANCE_PX
                or widget.width() > viewport.width() + TOLERANCE_PX
            ):
                return True
        parent = parent.parentWidget()
    return False


def _view_problems(view: QAbstractItemView) -> list[str]:
    problems: list[str] = []
    model = view.model()
    if model is None or model.rowCount() == 0:
        return problems
    if view.verticalScrollBar().maximum() > 0:
        problems.append(
            f"{_name(view)} shows fewer than its {model.rowCount()} rows "
            "(scroll bar of its own)"
        )
    if view.horizontalScrollBar().maximum() > 0:
        problems.append(f"{_name(view)} hides columns behind a scroll bar")
    if _larger_than_scroll_area(view):
        problems.append(
            f"{_name(view)} is larger than the scroll area around it "
            "(never shown whole)"
        )
    return problems


def _combo_clipped(combo: QComboBox) -> str | None:
    """The shown choice does not fit the box (its end is cut off)."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox,
        option,
        QStyle.SubControl.SC_ComboBoxEditField,
        combo,
    )
    needed = combo.fontMetrics().horizontalAdvance(combo.currentText())
    if needed > field.width() + TOLERANCE_PX:
        return f"{_name(combo)} shows {field.width()} px of a choice {needed} px wide"
    return None


def _squeezed(widget: QWidget) -> str | None:
    if isinstance(widget, QComboBox) and (problem := _combo_clipped(widget)):
        return problem
    hint = widget.minimumSizeHint()
    if isinstance(widget, QLabel) and widget.wordWrap():
        needed = widget.heightForWidth(widget.width())
        if needed > widget.height() + TOLERANCE_PX:
            return (
                f"{_name(widget)} is {widget.height()} px high, its lines need {needed}"
            )
        return None
    if not hint.isValid():
        return None
    if widget.width() + TOLERANCE_PX < hint.width():
        return f"{_name(widget)} is {widget.width()} px wide, its text needs {hint.width()}"
    if widget.height() + TOLERANCE_PX < hint.height():
        return (
            f"{_name(widget)} is {widget.height()} px high, its text needs "
            f"{hint.height()}"
        )
    return None


def _tab_texts(bar: QTabBar) -> str:
    return ", ".join(bar.tabText(i).replace("&", "") for i in range(bar.count()))


def _scroll_area_problem(area: QScrollArea) -> str | None:
    """A scroll area that cuts its content where it cannot scroll."""
    content = area.widget()
    if content is None:
        return None
    viewport = area.viewport()
    off = Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    if (
        area.horizontalScrollBarPolicy() == off
        and content.width() > viewport.width() + TOLERANCE_PX
    ):
        return (
            f"{_name(area)} cuts {content.width() - viewport.width()} px off the "
            "right of its content (no horizontal scroll bar)"
        )
    if (
        area.verticalScrollBarPolicy() == off
        and content.height() > viewport.height() + TOLERANCE_PX
    ):
        return (
            f"{_name(area)} cuts {content.height() - viewport.height()} px off the "
            "bottom of its content (no vertical scroll bar)"
        )
    return None


def _visible_problems(page: QWidget) -> list[str]:
    problems: list[str] = []
    for widget in page.findChildren(QWidget):
        if not widget.isVisible():
            continue
        if isinstance(widget, QScrollArea) and (
            problem := _scroll_area_problem(widget)
        ):
            problems.append(problem)
        if isinstance(widget, QTableView | QTreeView):
            problems.extend(_view_problems(widget))
        elif isinstance(widget, QTabBar):
            if any(b.isVisible() for b in widget.findChildren(QToolButton)):
                problems.append(
                    f"tab bar hides tabs behind scroll arrows: {_tab_texts(widget)}"
                )
        elif isinstance(widget, QLabel | QAbstractButton | QComboBox):
            if isinstance(widget.parentWidget(), QTabBar):
                continue  # the tab bar's own arrows: judged with the tab bar
            policy = widget.sizePolicy()
            if policy.horizontalPolicy() == policy.Policy.Ignored:
                continue  # elides on purpose, full text in the tooltip
            if (problem := _squeezed(widget)) is not None:
                problems.append(problem)
    return problems


SETTLE_MS = 350
"""Time a step gets to fill what it fills after a pause (the candidate GPUs'
costs, 200 ms after they are shown) before it is judged [ms]."""


def _settle(app: QCoreApplication, ms: int = 0) -> None:
    deadline = time.monotonic() + ms / 1000
    while True:
        for _ in range(3):
            app.processEvents()
        if time.monotonic() >= deadline:
            break
        time.sleep(0.02)
    # A background job (the Monte Carlo) may have set a text during the last
    # pass: lay it out before measuring, as the next frame would.
    # Only layout requests from here on: no queued signal can change a text
    # between this and the measuring.
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)


def step_problems(window: MainWindow, size: tuple[int, int]) -> list[str]:
    """Problems of the shown step at ``size`` (every tab of it in turn)."""
    app = QCoreApplication.instance()
    assert app is not None
    _settle(app, SETTLE_MS)
    problems: list[str] = []
    if window.size().toTuple() != size:
        problems.append(
            f"window grew from {size[0]}×{size[1]} to "
            f"{window.width()}×{window.height()}"
        )
    wizard = window.wizard
    for which in (QWizard.WizardButton.BackButton, QWizard.WizardButton.NextButton):
        button = wizard.button(which)
        if button.isVisible() and not _in_window(window, button):
            problems.append(f"{_name(button)} lies outside the window")
    if not _in_window(window, window.statusBar()):
        problems.append("the status bar lies outside the window")
    page = wizard.currentPage()
    assert page is not None
    base = _visible_problems(page)
    problems.extend(base)
    for tabs in page.findChildren(QTabWidget):
        if not tabs.isVisible():
            continue
        shown = tabs.currentIndex()
        for index in range(tabs.count()):
            if index == shown or not tabs.isTabEnabled(index):
                continue
            tabs.setCurrentIndex(index)
            _settle(app)
            problems.extend(
                f"{tabs.tabText(index).replace('&', '')} tab: {p}"
                for p in _visible_problems(page)
                if p not in base  # said once, not again for every tab
            )
        tabs.setCurrentIndex(shown)
        _settle(app)
    return list(dict.fromkeys(problems))


def build_pages_hidden(window: MainWindow) -> None:
    """Build every step's page while it is hidden, as the app does once its
    window shows (:meth:`AdvisorWizard.build_pages_later`)."""
    for page_id in PageId:
        window.wizard.page_for(page_id)


def walk_steps(window: MainWindow, size: tuple[int, int]) -> dict[str, list[str]]:
    """Resize ``window`` to ``size``, enter every step, and list its problems."""
    app = QCoreApplication.instance()
    assert app is not None
    window.resize(*size)
    window.wizard.restart()
    found: dict[str, list[str]] = {}
    for page_id in PageId:
        window.wizard.go_to(page_id)
        _settle(app)
        problems = step_problems(window, size)
        if problems:
            found[page_id.name] = problems
        window.resize(*size)  # judge each step on its own
    return found


def main(argv: list[str]) -> int:
    """Child process: ``layout_check LANGUAGE`` prints the problems as JSON.

    Run with ``QT_SCALE_FACTOR=2`` by the layout test for the scale-2 screens.
    """
    from gpu_advisor.io.autosave import AutosaveStore
    from gpu_advisor.io.project_file import load_project
    from gpu_advisor.ui import i18n
    from gpu_advisor.ui.settings import AppSettings

    language = argv[0]
    app = QApplication(["layout-check"])
    QCoreApplication.setOrganizationName("gpu-advisor-tests")
    QCoreApplication.setApplicationName("gpu-advisor-tests")
    with tempfile.TemporaryDirectory() as folder:
        for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
            QSettings.setPath(fmt, QSettings.Scope.UserScope, folder)
        i18n.install_translators(language)
        window = MainWindow(AppSettings(QSettings()), AutosaveStore(Path(folder) / "a"))
        window.show()
        root = Path(__file__).resolve().parents[2]
        example = root / "resources" / "examples" / f"{EXAMPLE}.gpuplan"
        window.session.reset(load_project(example), None)
        build_pages_hidden(window)
        result = {
            f"{w}x{h}": walk_steps(window, (w, h)) for w, h in (DEFAULT_SIZE, *SIZES)
        }
        window.session.undo_stack.setClean()
        window.close()
        del window
        app.processEvents()
    sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.exit(main(sys.argv[1:]))
