"""One warning list: the review step and the PDF plan show the same warnings in
the same order (issue "[simplify]").

The list and its order are decided once, by
:func:`gpu_advisor.engine.api.shown_warnings`. Before, the review step
de-duplicated by code (hiding an implausible monthly price behind an
implausible on-demand price) and the PDF by message, each in its own order: 112
of 300 generated plans showed another list on screen than on paper.

For each generated plan the review step is rendered and its "Warnings" list
read back from the summary document; the PDF's three warning parts (the
summary's top risks, the sizing section's warnings, the cost section's
warnings) are rendered with the plan's own page layout and read back with
pypdf. Only those parts are laid out (the whole plan takes about 0.3 s a plan;
:func:`test_examples_print_the_parts_in_the_whole_plan` checks on the examples
that the whole plan prints exactly these parts).
"""

from __future__ import annotations

import io
import os
import re
import unicodedata
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from pypdf import PdfReader
from PySide6.QtGui import QTextDocument
from reportlab.pdfbase.pdfmetrics import getFont

from gpu_advisor import __version__, words
from gpu_advisor.engine.api import (
    PlanEvaluation,
    WarningSource,
    evaluate_plan,
    shown_warnings,
)
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Advice, Language
from gpu_advisor.model.project import Project
from gpu_advisor.report.fonts import register_cjk_font
from gpu_advisor.report.glossary import cite_articles
from gpu_advisor.report.plan import build_plan_pdf
from gpu_advisor.report.plan.cost import cost_warnings
from gpu_advisor.report.plan.document import MARGIN, PAPER_SIZES, Story, Styles, layout
from gpu_advisor.report.plan.sizing import sizing_warnings
from gpu_advisor.report.plan.summary import top_risks
from gpu_advisor.ui.pages.review_page import ReviewPage
from gpu_advisor.ui.session import ProjectSession
from tests.property_runs import examples
from tests.schema_strategies import projects

PLANS: Final = int(os.environ.get("GPU_ADVISOR_WARNING_PLANS", "300"))
"""Generated plans (about 0.15 s each: the evaluation, the review step's
summary and three short PDF parts)."""
TOP_RISKS: Final = 6
_QUIET: Final = list(HealthCheck)
_CATALOG: Final = load_catalog()
_MARK: Final = "PART-BREAK"
_EXAMPLES: Final = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)


def _flat(text: str) -> str:
    """Text as compared: no white space (line breaks differ), no quote marks
    (the PDF straightens them), no control characters (a generated vendor
    name holds some; the PDF draws them as boxes, read back as anything)."""
    text = re.sub(r"[\s'’‘\"“”]", "", text)
    return "".join(c for c in text if not unicodedata.category(c).startswith("C"))


def _screen_warnings(page: ReviewPage) -> list[str]:
    """The items of the review summary's "Warnings" list, as shown."""
    document = page.summary_view.document()
    assert isinstance(document, QTextDocument)
    items: list[str] = []
    inside = False
    block = document.begin()
    while block.isValid():
        text = block.text()
        if text == "Warnings":
            inside = True
        elif text == "Open items":
            break
        elif inside and block.textList() is not None:
            items.append(text)
        block = block.next()
    assert inside, "no Warnings heading on the review step"
    return items


def _pdf_parts(project: Project, ev: PlanEvaluation, lang: Language) -> list[str]:
    """The three warning parts of the plan laid out as the plan lays them
    out, one page each: the text of each page."""
    font = register_cjk_font(None)
    width = PAPER_SIZES["a4"][0] - 2 * MARGIN
    st = Story(lang, Styles(font, lang), width)
    st.h1("summary")  # the outline's first level, as in the plan
    for part in (top_risks, sizing_warnings, cost_warnings):
        st.p(_MARK)
        part(st, ev)
        st.page_break()
    data, _starts = layout(st, project, lang, "a4", __version__, None, "0" * 64)
    text = "\n".join(_body_text(page) for page in PdfReader(io.BytesIO(data)).pages)
    parts = text.split(_MARK)[1:]
    assert len(parts) == 3
    return parts


def _body_text(page: Any) -> str:
    """A page's text inside the margins (without the running title, status
    and page number, which are drawn in the margins)."""
    top = float(page.mediabox.height) - MARGIN
    pieces: list[str] = []

    def inside(text: str, cm: Any, tm: Any, _font: Any, _size: Any) -> None:
        y = float(tm[5]) * float(cm[3]) + float(cm[5])
        if MARGIN - 1 <= y <= top + 1:
            pieces.append(text)

    page.extract_text(visitor_text=inside)
    return "".join(pieces)


def _bullets(part: str) -> list[str]:
    """A PDF part's bullet items, flattened (pypdf reads the embedded font's
    bullet as U+007F)."""
    return [_flat(item) for item in re.split("[•\x7f]", part)[1:]]


def _printed(advice: list[Advice], lang: Language) -> list[str]:
    """The messages as the PDF prints them: articles cited, and only the
    characters the embedded font has (a generated name's others are drawn as
    nothing)."""
    glyphs = getFont(register_cjk_font(None)).face.charToGlyph
    return [
        _flat(
            "".join(
                c for c in cite_articles(words.text(a, lang), lang) if ord(c) in glyphs
            )
        )
        for a in advice
    ]


def _check_plan(page: ReviewPage, session: ProjectSession, project: Project) -> None:
    session.reset(project)
    page.refresh()
    shown = shown_warnings(session.evaluation)
    on_screen = _screen_warnings(page)
    assert [_flat(t) for t in on_screen] == [
        _flat(words.text(a, "en")) for a in shown.advice
    ]
    # the PDF evaluates the plan on its own (with its Monte Carlo in the app);
    # the warnings do not read the Monte Carlo
    ev = evaluate_plan(project, _CATALOG, monte_carlo=False)
    on_paper = shown_warnings(ev)
    assert [(a.code, words.text(a, "en")) for a in on_paper.advice] == [
        (a.code, words.text(a, "en")) for a in shown.advice
    ]
    lang = Language.ZH if len(on_screen) % 2 else Language.EN
    summary, sizing, cost = _pdf_parts(project, ev, lang)
    assert _bullets(summary) == _printed(on_paper.advice[:TOP_RISKS], lang)
    assert _bullets(sizing) == _printed(on_paper.of(WarningSource.SIZING), lang)
    assert _bullets(cost) == _printed(on_paper.of(WarningSource.COST), lang)
    # together the sections print the whole list, each in its order
    assert len(on_paper.of(WarningSource.SIZING)) + len(
        on_paper.of(WarningSource.COST)
    ) == len(on_screen)


@pytest.fixture
def review(qtbot: Any) -> tuple[ReviewPage, ProjectSession]:
    session = ProjectSession(Project())
    page = ReviewPage(session)
    qtbot.addWidget(page)
    page.resize(1280, 700)
    return page, session


@pytest.mark.parametrize("path", _EXAMPLES, ids=lambda p: p.stem)
def test_examples_show_one_warning_list(
    review: tuple[ReviewPage, ProjectSession], path: Path
) -> None:
    _check_plan(*review, load_project(path))


@pytest.mark.slow
def test_generated_plans_show_one_warning_list(
    review: tuple[ReviewPage, ProjectSession],
) -> None:
    page, session = review

    @settings(
        max_examples=examples(ci=30, deep=PLANS),
        deadline=None,
        suppress_health_check=_QUIET,
        database=None,
        phases=[Phase.explicit, Phase.generate],  # shrinking a plan takes minutes
    )
    @given(project=projects(max_items=2))
    def check(project: Project) -> None:
        _check_plan(page, session, project)

    check()


@pytest.mark.parametrize("lang", [Language.EN, Language.ZH])
def test_examples_print_the_parts_in_the_whole_plan(lang: Language) -> None:
    """The whole plan prints each part's bullets as :func:`_pdf_parts` lays
    them out, one after the other."""
    project = load_project(_EXAMPLES[0])
    ev = evaluate_plan(project, _CATALOG)
    data = build_plan_pdf(project, ev, _CATALOG, language=lang)
    whole = _flat("".join(_body_text(p) for p in PdfReader(io.BytesIO(data)).pages))
    for part in _pdf_parts(project, ev, lang):
        bullets = _bullets(part)
        assert bullets
        assert "".join(bullets) in whole
