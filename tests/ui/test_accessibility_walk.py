"""A screen reader and a keyboard can use every step and the main dialogs.

The walk opens the main window with an example plan and visits every wizard
step, and every tab inside a step, in both languages. On each it checks that

- every focusable, visible control has a non-empty accessible **name** in the
  reader's language, as a screen reader gets it from Qt's accessibility
  interface (its own ``accessibleName()``, a button's text, or the text of the
  ``QLabel`` whose buddy it is: Qt names a widget after a sibling label whose
  ``buddy()`` it is, and a ``QFormLayout.addRow(str, field)`` label is one);
- Tab from the step's first control visits the controls in **reading order**:
  never back up to a spot not to the right of the control before, never
  leftwards within a row. A move up and wholly to the right is the next
  column.

Documented exceptions: the controls inside a table's cells (the "why?"
buttons beside each row) are reached through the table, in the table's own
order, and are not checked for the page's reading order.

Also walked: the dialogs that open without a file (Preferences, Import
prices, Export, Compare).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from gpu_advisor.io.project_file import load_project
from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.wizard import PageId

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

EXAMPLE = (
    Path(__file__).resolve().parents[2]
    / "resources"
    / "examples"
    / "shenzhen_7b_pretrain_then_serve.gpuplan"
)
CONTROLS = (
    QAbstractButton,
    QLineEdit,
    QAbstractSpinBox,
    QComboBox,
    QAbstractItemView,
    QPlainTextEdit,
    QTextEdit,
    QAbstractSlider,
)
_HAN = re.compile(r"[\u4e00-\u9fff]")
_READ_OUT = re.compile(r"[(（][A-Z][)）]|[:：]$")
"""A label's "(T)" mnemonic or its colon, which a field's name should not say."""
_MAX_TABS = 600


def owner(widget: QWidget) -> QWidget:
    """The control a focused widget belongs to (a spin box's or combo's line edit)."""
    parent = widget.parentWidget()
    if isinstance(widget, QLineEdit) and isinstance(
        parent, QAbstractSpinBox | QComboBox
    ):
        return parent
    return widget


def accessible_name(widget: QWidget) -> str:
    """The name a screen reader announces for ``widget`` (Qt's interface).

    On Linux Qt gives a combo box its current value as name and its label
    through a relation: there the name asked for is the widget's own.
    """
    if isinstance(widget, QComboBox):
        return (widget.accessibleName() or buddy_text(widget)).replace("&", "").strip()
    interface = QAccessible.queryAccessibleInterface(widget)
    return "" if interface is None else interface.text(QAccessible.Text.Name).strip()


def buddy_text(widget: QWidget) -> str:
    """The text of a sibling label whose buddy ``widget`` is (how Qt finds it)."""
    parent = widget.parentWidget()
    if parent is None:
        return ""
    for label in parent.findChildren(
        QLabel, options=Qt.FindChildOption.FindDirectChildrenOnly
    ):
        if label.buddy() is widget:
            return label.text()
    return ""


def _own_text(widget: QWidget) -> str:
    return widget.text() if isinstance(widget, QAbstractButton) else ""


def in_a_cell(widget: QWidget, top: QWidget) -> bool:
    """True for a control inside an item view (a table's "why?" button)."""
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        if isinstance(parent, QAbstractItemView):
            return True
        parent = parent.parentWidget()
    return False


def controls(top: QWidget) -> list[QWidget]:
    """The focusable, visible, enabled controls under ``top``."""
    found: list[QWidget] = []
    for widget in top.findChildren(QWidget):
        if not isinstance(widget, CONTROLS) or owner(widget) is not widget:
            continue
        if not (widget.isVisibleTo(top) and widget.isVisible() and widget.isEnabled()):
            continue
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            found.append(widget)
    return found


def describe(widget: QWidget) -> str:
    text = widget.text() if isinstance(widget, QAbstractButton | QLineEdit) else ""
    parents: list[str] = []
    parent = widget.parentWidget()
    while parent is not None and len(parents) < 3:
        parents.append(parent.objectName() or type(parent).__name__)
        parent = parent.parentWidget()
    return (
        f"{type(widget).__name__}({widget.objectName()!r}, {text!r},"
        f" tip={widget.toolTip()[:40]!r}, in={'/'.join(parents)})"
    )


def unnamed(top: QWidget, language: str) -> list[str]:
    """Controls without a name, or (Chinese UI) with an English-only name."""
    problems = []
    for widget in controls(top):
        name = accessible_name(widget)
        if not name:
            problems.append(f"no name: {describe(widget)}")
        elif not isinstance(widget, QAbstractButton) and _READ_OUT.search(name):
            problems.append(f"mnemonic or colon read out {name!r}: {describe(widget)}")
        elif (
            language == "zh_CN"
            and not _HAN.search(name)
            and _words(name)
            and name != _own_text(widget).replace("&", "")  # e.g. "FlashAttention"
        ):
            problems.append(f"English name {name!r}: {describe(widget)}")
    return problems


_NAMES_OF_THINGS = {"GPU", "API", "PDF", "CSV", "URL", "VAT", "NCCL", "CNY", "USD"}


def _words(name: str) -> list[str]:
    """English words in a name, but product and unit names kept as written."""
    return [
        w
        for w in re.findall(r"[A-Za-z]{2,}", name)
        if w not in _NAMES_OF_THINGS and not w.isupper()
    ]


def _scroll_contents(widget: QWidget, top: QWidget) -> list[QWidget]:
    """The scroll areas' content widgets ``widget`` sits in, innermost first."""
    found = []
    current: QWidget | None = widget
    while current is not None and current is not top:
        parent = current.parentWidget()
        if parent is not None and parent.objectName() == "qt_scrollarea_viewport":
            found.append(current)
        current = parent
    return found


def _places(a: QWidget, b: QWidget, top: QWidget) -> tuple[QRect, QRect]:
    """Where ``a`` and ``b`` are, for reading order: in the content of the
    innermost scroll area holding both (wherever it is scrolled), a control in
    a further scroll area standing for that whole area."""
    inside_b = _scroll_contents(b, top)
    scope = next((c for c in _scroll_contents(a, top) if c in inside_b), top)

    def rect(widget: QWidget) -> QRect:
        shown = widget
        for content in _scroll_contents(widget, scope):
            if content is scope:
                break
            viewport = content.parentWidget()
            area = viewport.parentWidget() if viewport is not None else None
            assert area is not None  # viewport → scroll area
            shown = area
        return QRect(shown.mapTo(scope, QPoint(0, 0)), shown.size())

    return rect(a), rect(b)


def tab_walk(qtbot: Any, top: QWidget, first: QWidget) -> list[QWidget]:
    """The controls of ``top`` in the order Tab visits them, starting where Tab
    enters ``top`` (the whole cycle from ``first``, rotated to that point)."""
    first.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.wait(1)
    start = QApplication.focusWidget()
    assert start is not None
    cycle: list[QWidget | None] = [owner(start)]
    for _ in range(_MAX_TABS):
        current = QApplication.focusWidget()
        assert current is not None
        qtbot.keyClick(current, Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        if now is None or now is start:
            break
        inside = top.isAncestorOf(now)
        control = owner(now) if inside else None
        if control is not cycle[-1]:
            cycle.append(control)
    entry = next(
        (i for i in range(len(cycle)) if cycle[i] is not None and cycle[i - 1] is None),
        0,
    )
    rotated = cycle[entry:] + cycle[:entry]
    return [w for w in rotated if w is not None]


def out_of_order(top: QWidget, visited: list[QWidget]) -> list[str]:
    """Moves of the Tab walk that go against reading order (see module doc)."""
    steps = [  # controls only: a scroll area's or a tab bar's own stop is a container's
        w
        for w in visited
        if isinstance(w, CONTROLS) and top.isAncestorOf(w) and not in_a_cell(w, top)
    ]
    problems = []
    for before, after in itertools.pairwise(steps):
        a, b = _places(before, after, top)
        same_row = b.top() < a.bottom() and a.top() < b.bottom()
        if same_row and b.right() <= a.left():
            problems.append(f"leftwards: {describe(before)} → {describe(after)}")
        elif b.bottom() <= a.top() and b.left() < a.right():
            problems.append(f"back up: {describe(before)} → {describe(after)}")
    return problems


def tab_states(page: QWidget) -> Iterator[str]:
    """Shows each tab of each visible tab widget on ``page`` in turn."""
    yield "first tabs"
    for tabs in page.findChildren(QTabWidget):
        if not tabs.isVisible():
            continue
        for index in range(1, tabs.count()):
            tabs.setCurrentIndex(index)
            yield f"{tabs.objectName() or 'tabs'}[{tabs.tabText(index)}]"
        tabs.setCurrentIndex(0)


def _walk_window(
    qtbot: Any, window: MainWindow, language: str
) -> tuple[list[str], list[str]]:
    i18n.install_translators(language)
    qtbot.wait(1)
    window.session.reset(load_project(EXAMPLE), EXAMPLE)
    window.wizard.restart()
    names: list[str] = []
    order: list[str] = []
    for page_id in PageId:
        window.wizard.go_to(page_id)
        qtbot.wait(5)
        page = window.wizard.currentPage()
        assert page is not None
        for state in tab_states(page):
            qtbot.wait(5)
            where = f"{page_id.name} {state}"
            names += [f"{where}: {p}" for p in unnamed(page, language)]
            found = controls(page)
            assert found, f"{where}: no controls"
            # not from a table: Tab moves between its cells, focus stays on it
            first = next(w for w in found if not isinstance(w, QAbstractItemView))
            visited = tab_walk(qtbot, page, first)
            # the walk itself works: it passes most of the page's controls
            outside = [w for w in found if not in_a_cell(w, page)]
            assert len(set(visited) & set(outside)) >= len(outside) // 2, where
            order += [f"{where}: {p}" for p in out_of_order(page, visited)]
    return names, order


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_step_is_named_and_tabs_in_reading_order(
    qtbot: Any, window: MainWindow, language: str
) -> None:
    if language != "en" and not i18n.catalog_available(language):
        pytest.skip("compiled .qm missing")
    window.resize(1280, 720)
    names, order = _walk_window(qtbot, window, language)
    window.session.undo_stack.setClean()
    assert names + order == [], "\n".join(names + order)


# --- the main dialogs that open without a file ----------------------------------------


def first_in_chain(window: QWidget) -> QWidget:
    """The control Qt focuses first in ``window``: the first in its focus chain
    that takes Tab focus (a dialog's Tab cycle starts and wraps there)."""
    widget: QWidget | None = window.nextInFocusChain()
    while widget is not None and widget is not window:
        if (
            widget.isVisible()
            and widget.isEnabled()
            and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
            and widget.focusProxy() is None
        ):
            return widget
        widget = widget.nextInFocusChain()
    raise AssertionError(f"{type(window).__name__}: nothing takes focus")


def _dialog_problems(qtbot: Any, dialog: QWidget, language: str) -> list[str]:
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()  # focus (and so Tab) works in the active window only
    qtbot.waitUntil(dialog.isActiveWindow, timeout=2000)
    qtbot.wait(5)  # the label follower names after the first show
    name = type(dialog).__name__
    problems = [f"{name}: {p}" for p in unnamed(dialog, language)]
    found = controls(dialog)
    assert found, f"{name}: no controls"
    visited = tab_walk(qtbot, dialog, first_in_chain(dialog))
    return problems + [f"{name}: {p}" for p in out_of_order(dialog, visited)]


def _main_dialogs(window: MainWindow, tmp_path: Path) -> list[QWidget]:
    from gpu_advisor.io.catalog import load_catalog
    from gpu_advisor.io.project_file import save_project
    from gpu_advisor.model.common import Language, PlanLanguage
    from gpu_advisor.ui.import_dialog import ImportDialog
    from gpu_advisor.ui.plan_language import PlanOutputDialog
    from gpu_advisor.ui.preferences import PreferencesDialog
    from tests.evidence_samples import RESULTS

    saved = tmp_path / "saved.gpuplan"
    save_project(load_project(EXAMPLE), saved)
    window.session.apply("workload.tokens_billion", 450.0)
    compare = window.compare.compare_with(saved)
    assert compare is not None
    return [
        PreferencesDialog(window.settings, load_catalog(), window),
        ImportDialog([RESULTS / "vendor_a" / "node01"], "Vendor A", window),
        PlanOutputDialog("PDF", PlanLanguage(Language.EN), "a4", window),
        compare,
    ]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_main_dialogs_are_named_and_tab_in_reading_order(
    qtbot: Any, window: MainWindow, tmp_path: Path, language: str
) -> None:
    if language != "en" and not i18n.catalog_available(language):
        pytest.skip("compiled .qm missing")
    i18n.install_translators(language)
    qtbot.wait(1)
    window.session.reset(load_project(EXAMPLE), EXAMPLE)
    problems: list[str] = []
    for dialog in _main_dialogs(window, tmp_path):
        qtbot.addWidget(dialog)
        problems += _dialog_problems(qtbot, dialog, language)
        dialog.close()
    window.session.undo_stack.setClean()
    assert problems == [], "\n".join(problems)


# --- the checks themselves ------------------------------------------------------------


def test_the_order_check_finds_a_backwards_tab(qtbot: Any) -> None:
    """Tab from the lower field back up to the upper one is reported; the
    reading order is not."""
    from PySide6.QtWidgets import QVBoxLayout

    top = QWidget()
    qtbot.addWidget(top)
    layout = QVBoxLayout(top)
    upper, lower = QLineEdit(), QLineEdit()
    layout.addWidget(upper)
    layout.addWidget(lower)
    top.show()
    qtbot.waitExposed(top)
    assert out_of_order(top, [upper, lower]) == []
    assert len(out_of_order(top, [lower, upper])) == 1


def test_a_wrapped_field_is_named_after_its_label_in_each_language(
    qtbot: Any, window: MainWindow
) -> None:
    """The workload's first number field (a spin box inside a bound field)
    is announced with its label's text, and again after a language switch."""
    if not i18n.catalog_available("zh_CN"):
        pytest.skip("compiled .qm missing")
    window.wizard.go_to(PageId.WORKLOAD)
    qtbot.wait(5)
    page = window.wizard.currentPage()
    assert page is not None
    spins = [w for w in controls(page) if isinstance(w, QAbstractSpinBox)]
    english = accessible_name(spins[0])
    assert english
    assert not _HAN.search(english)
    i18n.install_translators("zh_CN")
    qtbot.wait(5)
    assert _HAN.search(accessible_name(spins[0]))
