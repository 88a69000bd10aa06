"""Walk every "why?" button on every step, in both languages, and read the dialog.

Issue #15: the dialog is written for a manager. Every cell (title, formula,
input names, values, units, sources, dates, reference) follows the rules the
rendered PDF follows (tests/reader_text.py): the reader's language throughout,
no internal key, no file name of the catalog, no scientific notation.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.widgets.why import ExplanationDialog, WhyButton
from gpu_advisor.ui.wizard import PageId
from tests.reader_text import problems

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)


LIBRARY = re.compile(
    r"GPU Advisor (?:\S+ )?(?:价格库|规格库|参数库|记录库|price book|specifications"
    r"|regional figures|network figures|model shapes)"
)
"""A source that names a library of GPU Advisor's built-in data."""


def _cells(dialog: ExplanationDialog) -> list[tuple[str, str]]:
    """(what, text) of everything the dialog shows."""
    table = dialog.inputs_table
    cells = [
        ("title", dialog.windowTitle()),
        ("formula", dialog.formula_label.text()),
        ("formula tooltip", dialog.formula_label.toolTip()),
        ("reference", dialog.reference_label.text()),
    ]
    columns = ("input", "value", "unit", "source", "date")
    for row in range(table.rowCount()):
        for column, what in enumerate(columns):
            item = table.item(row, column)
            cells.append((f"{what} {row}", item.text() if item is not None else ""))
    return cells


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_why_dialog_speaks_the_readers_language(
    window: MainWindow, qapp: QApplication, qtbot: Any, language: str, example: Path
) -> None:
    assert window.open_file(example, ask=False)
    i18n.install_translators(language)
    qapp.processEvents()
    lang = "zh" if language == "zh_CN" else "en"
    typed = {v.name for v in window.session.project.vendors}
    buttons = 0
    for page_id in PageId:
        window.wizard.go_to(page_id)  # the step as the reader sees it
        page = window.wizard.page_for(page_id)
        qapp.processEvents()
        for button in page.findChildren(WhyButton):
            if not button.isVisibleTo(page):
                continue  # the step hides it (no mix, no serving): nobody can press it
            dialog = button.show_explanation()
            qtbot.addWidget(dialog)
            buttons += 1
            where = f"{page_id.name} {button.key}"
            # every button the reader can press explains its number
            assert dialog.explanation is not None, where
            assert dialog.formula_label.text().strip(), where
            assert dialog.reference_label.text().strip(), where
            assert button.key not in dialog.windowTitle(), where
            for what, text in _cells(dialog):
                found = problems(text, lang, typed)
                assert not found, (where, what, text, found)
            table = dialog.inputs_table
            for row in range(table.rowCount()):
                source, date = (table.item(row, c) for c in (3, 4))
                assert source is not None
                assert date is not None
                assert source.text().strip(), (where, row)
                # a figure from one of GPU Advisor's libraries carries its date
                if LIBRARY.search(source.text()):
                    assert re.fullmatch(r"\d{4}-\d\d-\d\d", date.text()), (
                        where,
                        source.text(),
                    )
            assert not re.search(
                r"(?i)\bseeds?\b|种子", " ".join(t for _, t in _cells(dialog))
            ), where
            dialog.close()
    assert buttons >= 10
