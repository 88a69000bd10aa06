"""The compare and changes dialogs and the "Based on:" links, in plain words (issue #34).

Before: File ▸ Compare With… listed ``meta.title`` and "Training data
(workload.tokens_billion)", values as ``2.05725e+06`` and ``—`` for a field
left to its default, with no unit or currency; the "Based on:" links under the
budget step's reasons and warnings read ``options``, ``workload.gpus``,
``workload.deadline_days`` in both languages. Each text is read by the rules
the PDF and the "why?" dialogs follow (tests/reader_text.py).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from PySide6.QtWidgets import QApplication

from gpu_advisor import words
from gpu_advisor.engine.diff import same_value
from gpu_advisor.io.project_file import load_project, save_project
from gpu_advisor.model.diff_results import InputChange, PlanDiff
from gpu_advisor.report.glossary import field_name
from gpu_advisor.ui import i18n
from gpu_advisor.ui.compare_dialog import CompareDialog, Sides, input_rows
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.pages.budget_page import BudgetPage
from gpu_advisor.ui.wizard import PageId
from gpu_advisor.words.terms import option_in_sentence
from tests.reader_text import SCIENTIFIC, problems

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)
SHENZHEN = next(p for p in EXAMPLES if p.stem.startswith("shenzhen"))
LANGUAGES = (("en", "en"), ("zh_CN", "zh"))


def _switch(qapp: QApplication, language: str) -> None:
    i18n.install_translators(language)
    qapp.processEvents()  # LanguageChange is delivered through the event loop


def _compare_shenzhen(window: MainWindow, tmp_path: Path) -> CompareDialog:
    """Shenzhen saved, then the on-demand price typed and the tokens changed."""
    saved = load_project(SHENZHEN)
    path = tmp_path / "saved.gpuplan"
    save_project(saved, path)
    assert window.open_file(SHENZHEN, ask=False)
    window.session.apply("budget.on_demand_cny_per_gpu_hour", 15.8)
    window.session.apply("workload.tokens_billion", 450.0)
    dialog = window.compare.compare_with(path)
    assert dialog is not None
    return dialog


@pytest.mark.parametrize(("qt_language", "language"), LANGUAGES)
def test_compare_lists_exactly_the_changed_inputs_in_the_readers_words(
    window: MainWindow,
    qapp: QApplication,
    qtbot: Any,
    tmp_path: Path,
    qt_language: str,
    language: str,
) -> None:
    _switch(qapp, qt_language)
    dialog = _compare_shenzhen(window, tmp_path)
    qtbot.addWidget(dialog)
    assert [c.path for c in dialog.diff.inputs] == [
        "workload.tokens_billion",
        "budget.on_demand_cny_per_gpu_hour",
    ]
    text = dialog.view.toPlainText()
    typed = [v.name for v in window.session.project.vendors]
    assert not problems(text, language, typed), problems(text, language, typed)
    assert not SCIENTIFIC.search(text)
    assert "(+0%)" not in text
    assert "（+0%）" not in text
    document = dialog.view.document()
    for change in dialog.diff.inputs:
        name = field_name(change.path, language)
        assert change.path not in text  # only in the row's tooltip, for engineers
        found = document.find(name)
        assert not found.isNull(), name
        assert found.charFormat().toolTip() == change.path
    expected = {
        "en": (
            "300 billion tokens",
            "450 billion tokens",
            "default (",
            "15.8 CNY/GPU-hour",
        ),
        "zh": ("3,000 亿 token", "4,500 亿 token", "默认值（", "15.8 元/卡时"),
    }[language]
    for part in expected:
        assert part in text, (part, text)
    # the results that moved, each with the size of its move in the reader's currency
    assert dialog.diff.results
    currency = {"en": "CNY", "zh": "元"}[language]
    assert re.search(rf"[+−][\d,]+ {currency}\s?[（(][+−][\d.]+%[）)]", text), text
    # an option's total names the option as the rest of the app does
    for result in dialog.diff.results:
        option = re.fullmatch(r"cost\.options\.(\w+)\.total_cny", result.key)
        if option:
            label = words.text(result.label, language)
            assert option_in_sentence(option.group(1), language) in label, label
    # a default by its figure and the library's name, not the library's citations

    assert {"en": "GPU Advisor price book)", "zh": "GPU Advisor 价格库）"}[
        language
    ] in text
    dialog.close()


def test_the_dialog_follows_a_language_switch(
    window: MainWindow, qapp: QApplication, qtbot: Any, tmp_path: Path
) -> None:
    _switch(qapp, "en")
    dialog = _compare_shenzhen(window, tmp_path)
    qtbot.addWidget(dialog)
    assert "Training data" in dialog.view.toPlainText()
    _switch(qapp, "zh_CN")
    text = dialog.view.toPlainText()
    assert "训练数据量" in text
    assert not problems(text, "zh", [v.name for v in window.session.project.vendors])
    _switch(qapp, "en")


def test_a_value_that_reads_the_same_is_no_change(
    window: MainWindow, qapp: QApplication, qtbot: Any, tmp_path: Path
) -> None:
    """0.1 + 0.2 typed where 0.3 was saved: the same figure, no row."""
    saved = load_project(SHENZHEN)
    budget = saved.budget.model_copy(update={"spot_price_factor": 0.3})
    saved = saved.model_copy(update={"budget": budget})
    path = tmp_path / "saved.gpuplan"
    save_project(saved, path)
    window.session.reset(saved, None)
    window.session.apply("budget.spot_price_factor", 0.1 + 0.2)
    dialog = window.compare.compare_with(path)
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert dialog.diff.inputs == []
    assert dialog.diff.empty


_LINK = re.compile(r'<a href="input:([^"]+)">([^<]*)</a>')


@pytest.mark.parametrize(("qt_language", "language"), LANGUAGES)
def test_based_on_links_name_every_input_in_the_readers_words(
    window: MainWindow, qapp: QApplication, qt_language: str, language: str
) -> None:
    _switch(qapp, qt_language)
    linked: dict[str, str] = {}
    for example in EXAMPLES:
        assert window.open_file(example, ask=False)
        window.wizard.go_to(PageId.BUDGET)
        qapp.processEvents()
        page = window.wizard.page_for(PageId.BUDGET)
        assert isinstance(page, BudgetPage)
        panel = page.recommendation
        typed = [v.name for v in window.session.project.vendors]
        for label in (panel.reasons_label, panel.warnings_label):
            for name, text in _LINK.findall(label.text()):
                linked[name] = text
                assert text.strip(), (example.stem, name)
                assert text != name, (example.stem, name)
                found = problems(text, language, typed)
                assert not found, (example.stem, name, text, found)
    assert len(linked) >= 5, linked
    # the inputs the issue saw by their dotted names
    seen = {"budget.options", "workload.gpus", "workload.deadline_days"} & set(linked)
    assert seen, linked
    _switch(qapp, "en")


@given(
    st.floats(min_value=0, max_value=1e5),
    st.floats(min_value=0, max_value=1e5),
    st.sampled_from(["en", "zh"]),
)
def test_two_different_figures_never_read_alike(
    a: float, b: float, language: str
) -> None:
    """A row is a change the reader can see: 14.5 → 14.5001 is not "14.5 → 14.5"."""
    assume(not same_value(a, b))
    path = "budget.on_demand_cny_per_gpu_hour"
    diff = PlanDiff(inputs=[InputChange(path=path, old=a, new=b)], results=[])
    (row,) = input_rows(diff, Sides(), language)
    name, before, after = row.cells
    assert before != after, (a, b)
    assert not SCIENTIFIC.search(before + after)
    assert name == field_name(path, language)
    assert row.tip == path
