"""Every text of every step and dialog follows the reader's rules (issue #34).

The walk opens an example plan in each language and shows every wizard step
and every tab inside a step; it opens the "why?" dialog of every button a
step shows, the menus, the start page, and the dialogs the menus open
(Preferences, Compare With…, Export/Print, Sign Plan, Verify Plan, Import
results, the guide, About, a model config paste); last it imports the sample
price list and walks the budget step again. It reads everything a reader sees
there: labels, buttons, window and group-box titles, tab texts, combo-box
items, the cells and headers of tables and trees (their display text and
tooltip), tooltips, placeholder texts, text browsers and editors, menu items,
and chart titles and axis labels. Each text is held to
:func:`tests.reader_text.problems` (no internal key, no scientific notation,
in Chinese no English word outside :data:`tests.reader_text.ZH_WHITELIST` and
the names people typed, in English no Chinese and no "item(s)") and, in
Chinese, to :func:`tests.reader_text.typography_problems` (Chinese
punctuation, the market's terms).

Not read: a generated file (a script, a YAML config) shown in a viewer is
code, checked by the rollout tests; its plain-text hints are read.

A finding reads ``"step/dialog › widget objectName/class: offending text
(problem)"``. CI walks the Shenzhen plan; the deep tier walks all three.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

import pyqtgraph as pg
import pytest
from PySide6 import QtGui
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialog,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from gpu_advisor.model.common import Language, PlanLanguage
from gpu_advisor.model.project import Project
from gpu_advisor.ui import i18n
from gpu_advisor.ui.import_dialog import ImportDialog
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.pages.budget_page import BudgetPage
from gpu_advisor.ui.plan_language import PlanOutputDialog
from gpu_advisor.ui.sign_dialogs import VerifyPlanDialog
from gpu_advisor.ui.widgets.config_viewer import ConfigViewer
from gpu_advisor.ui.widgets.why import WhyButton
from gpu_advisor.ui.wizard import PageId
from tests.evidence_samples import RESULTS
from tests.property_runs import DEEP
from tests.reader_text import problems, typography_problems
from tests.report.test_report_decision_page import _typed
from tests.ui.test_accessibility_walk import tab_states
from tests.ui.test_dialog_layouts import DIALOGS

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "resources" / "examples").glob("*.gpuplan"))
WALKED = EXAMPLES if DEEP else [EXAMPLES[-1]]
"""CI: the Shenzhen plan (pretraining and serving: the most steps in use)."""
PRICE_LIST = ROOT / "resources" / "examples" / "price_list_sample.csv"
_MAX_ROWS = 200
"""Rows read from one table or tree level (the catalog tables are long and alike)."""


def plain(text: str) -> str:
    """What a reader sees of ``text``: rich text as displayed, no mnemonic ``&``.

    >>> plain("<b>GPU</b> &amp; <i>卡时</i>")
    'GPU & 卡时'
    >>> plain("&Open")
    'Open'
    """
    if QtGui.Qt.mightBeRichText(text):
        return QTextDocumentFragment.fromHtml(text).toPlainText()
    return html.unescape(re.sub(r"&(?=\w)", "", text))


def _columns(model: QAbstractItemModel, parent: QModelIndex) -> int:
    """The columns under ``parent`` (a list model's ``columnCount`` is private
    in PySide6: counted by the indexes that exist)."""
    return next(c for c in range(1000) if not model.index(0, c, parent).isValid())


def _model_texts(model: QAbstractItemModel, parent: QModelIndex) -> Iterator[str]:
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
    for row in range(min(model.rowCount(parent), _MAX_ROWS)):
        for column in range(_columns(model, parent)):
            index = model.index(row, column, parent)
            for role in roles:
                value = model.data(index, role)
                if isinstance(value, str):
                    yield value
            if column == 0 and model.rowCount(index) > 0:
                yield from _model_texts(model, index)


def _view_texts(view: QAbstractItemView) -> Iterator[str]:
    model = view.model()
    if model is None:
        return
    yield from _model_texts(model, QModelIndex())
    for orientation in (Qt.Orientation.Horizontal, Qt.Orientation.Vertical):
        count = (
            _columns(model, QModelIndex())
            if orientation == Qt.Orientation.Horizontal
            else 0
        )
        for section in range(count):
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.headerData(section, orientation, role)
                if isinstance(value, str):
                    yield value


def _chart_texts(plot: pg.PlotWidget) -> Iterator[str]:
    item = plot.getPlotItem()
    yield str(item.titleLabel.text or "")
    for side in ("left", "bottom", "right", "top"):
        axis = item.getAxis(side)
        if axis.isVisible():
            yield str(axis.labelText or "")
    yield plot.accessibleName()
    yield plot.accessibleDescription()


def _code(widget: QWidget) -> bool:
    """A generated file's text (a script, YAML): code with its own tests
    (tests/engine/rollout), not words; a plain-text hint is read."""
    viewer = widget.parentWidget()
    if not isinstance(viewer, ConfigViewer) or widget is not viewer.editor:
        return False
    config = viewer.config
    return config is None or not config.filename.endswith((".txt", ".md"))


def widget_texts(widget: QWidget) -> Iterator[str]:
    """Every text ``widget`` itself shows a reader (not its children's)."""
    yield widget.toolTip()
    if widget.isWindow():
        yield widget.windowTitle()
    if isinstance(widget, QLabel | QAbstractButton):
        yield widget.text()
    if isinstance(widget, QLineEdit):
        yield widget.placeholderText()
    if isinstance(widget, QTextEdit | QPlainTextEdit):
        if not _code(widget):
            yield widget.toPlainText()
        yield widget.placeholderText()
    if isinstance(widget, QGroupBox):
        yield widget.title()
    if isinstance(widget, QTabWidget):
        for index in range(widget.count()):
            yield widget.tabText(index)
            yield widget.tabToolTip(index)
    if isinstance(widget, QComboBox):
        for index in range(widget.count()):
            yield widget.itemText(index)
            tip = widget.itemData(index, Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str):
                yield tip
    elif isinstance(widget, QAbstractItemView) and not isinstance(widget, QHeaderView):
        yield from _view_texts(widget)  # a header is read with its table
    if isinstance(widget, pg.PlotWidget):
        yield from _chart_texts(widget)


def _name(widget: QWidget) -> str:
    return widget.objectName() or type(widget).__name__


def shown_texts(top: QWidget) -> Iterator[tuple[QWidget, str]]:
    """(widget, text as shown) of everything visible under ``top``."""
    for widget in [top, *top.findChildren(QWidget)]:
        if widget is not top and not widget.isVisibleTo(top):
            continue
        for text in widget_texts(widget):
            shown = plain(text).strip()
            if shown:
                yield widget, shown


def text_problems(text: str, language: str, typed: set[str]) -> list[str]:
    """The reader's rules, and in Chinese its punctuation and market terms."""
    lang = "zh" if language.startswith("zh") else "en"
    found = problems(text, lang, typed)
    if lang == "zh":
        found += typography_problems(text, typed)
    return found


def findings(top: QWidget, where: str, language: str, typed: set[str]) -> set[str]:
    """``"where › widget: text (problem)"`` for every text under ``top`` a
    reader of ``language`` should not see."""
    found: set[str] = set()
    for widget, shown in shown_texts(top):
        READ.add(shown)
        for problem in text_problems(shown, language, typed):
            finding = f"{where} › {_name(widget)}: {shown[:160]!r} ({problem})"
            known = next(
                (
                    cause
                    for cause, (text, kind) in KNOWN_CAUSES.items()
                    if text.search(shown) and kind.match(problem)
                ),
                None,
            )
            if known is not None:
                KNOWN.setdefault(known, set()).add(finding)
            else:
                found.add(finding)
    return found


def menu_findings(window: MainWindow, language: str, typed: set[str]) -> set[str]:
    """The menus' items: text, tooltip and status tip."""
    found: set[str] = set()
    pending = list(window.menuBar().actions())
    while pending:
        action = pending.pop()
        menu = action.menu()
        if isinstance(menu, QMenu):
            pending += menu.actions()
        for text in (action.text(), action.toolTip(), action.statusTip()):
            shown = plain(text).strip()
            READ.add(shown)
            for problem in text_problems(shown, language, typed):
                found.add(f"menu › {shown[:160]!r} ({problem})")
    return found


KNOWN_CAUSES: Final[dict[str, tuple[re.Pattern[str], re.Pattern[str]]]] = {}
"""Findings left on purpose, each with its cause; the test fails when one no
longer occurs, so that its entry is removed."""
KNOWN: dict[str, set[str]] = {}
"""The findings of KNOWN_CAUSES the walk met, by cause."""
READ: set[str] = set()
"""Every text the walk read (the test checks it read enough to judge)."""


def _walk_steps(
    qtbot: Any, window: MainWindow, language: str, typed: set[str]
) -> set[str]:
    found: set[str] = set()
    for page_id in PageId:
        window.wizard.go_to(page_id)
        qtbot.wait(5)
        page = window.wizard.currentPage()
        assert page is not None
        for state in tab_states(page):
            qtbot.wait(5)
            found |= findings(page, f"{page_id.name} {state}", language, typed)
        found |= _why_findings(qtbot, page, page_id, language, typed)
    found |= findings(window, "main window", language, typed)
    found |= menu_findings(window, language, typed)
    found |= findings(window.show_start_page(), "start page", language, typed)
    window.show_wizard()
    return found


def _why_findings(
    qtbot: Any, page: QWidget, page_id: PageId, language: str, typed: set[str]
) -> set[str]:
    """The "why?" dialog of every button the step shows."""
    found: set[str] = set()
    for button in page.findChildren(WhyButton):
        if not button.isVisibleTo(page):
            continue  # the step hides it (no serving): nobody can press it
        dialog = button.show_explanation()
        qtbot.addWidget(dialog)
        found |= findings(dialog, f"{page_id.name} why? {button.key}", language, typed)
        dialog.close()
    return found


def _after_price_import(
    qtbot: Any, window: MainWindow, language: str, typed: set[str]
) -> set[str]:
    """Budget ▸ Import prices with the sample price list: its message (if
    any), then the budget step with the imported prices and their sources."""
    page = window.wizard.page_for(PageId.BUDGET)
    assert isinstance(page, BudgetPage)
    error = page.import_prices_from(PRICE_LIST)
    typed = typed | typed_names(window.session.project)
    where = "BUDGET after Import prices"
    found = {
        f"{where} › message: {error!r} ({p})"
        for p in text_problems(error or "", language, typed)
    }
    window.wizard.go_to(PageId.BUDGET)
    for state in tab_states(page):
        qtbot.wait(5)
        found |= findings(page, f"{where} {state}", language, typed)
    return found


def _about(window: MainWindow) -> QDialog:
    """Help ▸ About's text (a QMessageBox.about in the app)."""
    dialog = QDialog(window)
    dialog.setWindowTitle(window.tr("About GPU Advisor"))
    QVBoxLayout(dialog).addWidget(QLabel(window.about_text(), dialog))
    return dialog


def _verify(window: MainWindow, tmp_path: Path) -> QDialog:
    """Verify Plan… given a PDF that is not signed."""
    unsigned = tmp_path / "unsigned.pdf"
    unsigned.write_bytes(b"%PDF-1.4\n%%EOF\n")
    return VerifyPlanDialog(window.session, unsigned, window)


def _import_results(window: MainWindow) -> QDialog:
    """Import Results… with a vendor's test files, read."""
    dialog = ImportDialog([RESULTS / "vendor_a" / "node01"], "Vendor A", window)
    dialog.start()
    assert dialog.wait_idle()
    QApplication.processEvents()  # the finished signal fills the tables
    assert dialog.report is not None
    return dialog


def _dialogs(tmp_path: Path) -> dict[str, Callable[[MainWindow], QDialog]]:
    return {
        **DIALOGS,
        "export plan": lambda w: PlanOutputDialog(
            w.pdf_export.tr("Export Plan as PDF"),
            PlanLanguage(Language.ZH, Language.EN),
            "a4",
            w,
        ),
        "import results": _import_results,
        "verify plan": lambda w: _verify(w, tmp_path),
        "about": _about,
    }


def typed_names(project: Project) -> set[str]:
    """What people typed (as the PDF's test takes it), a vendor's terms, the
    vendors of imported prices, and the vendor named in the import dialog."""
    terms = {v.terms for v in project.vendors if v.terms}
    imported = {p.vendor for p in project.price_overrides if p.vendor}
    return _typed(project) | terms | imported | {"Vendor A"}


def walk(
    qtbot: Any, window: MainWindow, example: Path, language: str, tmp_path: Path
) -> list[str]:
    """The findings of the steps and dialogs of ``example`` in ``language``."""
    i18n.install_translators(language)
    qtbot.wait(1)
    assert window.open_file(example, ask=False)
    window.wizard.restart()
    typed = typed_names(window.session.project)
    found = _walk_steps(qtbot, window, language, typed)
    for name, make in _dialogs(tmp_path).items():
        dialog = make(window)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.wait(5)
        for state in tab_states(dialog):
            found |= findings(dialog, f"{name} {state}", language, typed)
        dialog.close()
    found |= _after_price_import(qtbot, window, language, typed)
    window.session.undo_stack.setClean()
    return sorted(found)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("example", WALKED, ids=lambda p: p.stem)
def test_every_window_text_follows_the_readers_rules(
    qtbot: Any, window: MainWindow, tmp_path: Path, example: Path, language: str
) -> None:
    if language != "en" and not i18n.catalog_available(language):
        pytest.skip("compiled .qm missing")
    window.resize(1280, 720)
    READ.clear()
    KNOWN.clear()
    found = walk(qtbot, window, example, language, tmp_path)
    # the walk reads the steps' tables, tooltips and dialogs, not a few labels
    assert len(READ) > 800, len(READ)
    assert found == [], f"{len(found)} findings:\n" + "\n".join(found)
    # an exception that no longer occurs is taken out of KNOWN_CAUSES
    assert set(KNOWN) == set(KNOWN_CAUSES), KNOWN


def test_the_walk_reads_tooltips_cells_and_rich_text(qtbot: Any) -> None:
    """A key in a tooltip, notation in a table cell and English in a Chinese
    rich-text label are found; a typed name is not."""
    from PySide6.QtWidgets import QTableWidget, QTableWidgetItem

    top = QWidget()
    qtbot.addWidget(top)
    layout = QVBoxLayout(top)
    label = QLabel("<b>按量</b> price")
    label.setToolTip("来源：budget.gpu_price_cny")
    table = QTableWidget(1, 1)
    table.setObjectName("prices")
    table.setItem(0, 0, QTableWidgetItem("8.81e22"))
    layout.addWidget(label)
    layout.addWidget(table)
    layout.addWidget(QLabel("供应商 Acme Cloud"))
    top.show()
    found = findings(top, "test", "zh_CN", {"Acme Cloud"})
    assert any("budget.gpu_price_cny" in f for f in found), found
    assert any("prices: '8.81e22'" in f for f in found), found
    assert any("English words: price" in f for f in found), found
    assert not any("Acme" in f for f in found), found
    label.setText("按需付费单价:")
    found = findings(top, "test", "zh_CN", set())
    assert any("market term: 按需付费" in f for f in found), found
    assert any("ASCII punctuation" in f for f in found), found


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_catalog_source_reads_in_the_readers_language(language: str) -> None:
    """A default's tooltip may cite any of the catalog's sources (another GPU,
    region or price than the examples use): each one, as the tooltip words it,
    follows the reader's rules."""
    from gpu_advisor.io.catalog import load_catalog
    from gpu_advisor.report.sources import SourceIndex, source_text

    index = SourceIndex.of(load_catalog())
    assert len(index.by_source) > 100
    found = []
    for source, (file, _provenance) in index.by_source.items():
        text = source_text(f"catalog {file} x: {source}", language, index).text
        found += [
            f"{file}: {text!r} ({p})" for p in text_problems(text, language, set())
        ]
    assert found == [], "\n".join(found)
