"""Page 1 (the decision) and page 2 (finance) of every example, read back with pdftotext."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import TypeAlias

import pytest

from gpu_advisor.engine.cost.finance import runner_up, upfront_cash_cny
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import Project
from gpu_advisor.report.glossary import option_name
from gpu_advisor.report.numbers import money_words
from gpu_advisor.report.plan import build_plan_pdf
from gpu_advisor.words import catalog_languages
from gpu_advisor.words.terms import text_or_empty
from tests.reader_text import kinsoku_problems, problems
from tests.report.conftest import evaluate_for_tests

Rendered: TypeAlias = dict[tuple[str, Language], tuple[Project, Evaluation, bytes]]

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)

pytestmark = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed"
)


def _pages(data: bytes, tmp_path: Path, first: int, last: int) -> str:
    pdf = tmp_path / "plan.pdf"
    pdf.write_bytes(data)
    out = subprocess.run(
        ["pdftotext", "-f", str(first), "-l", str(last), str(pdf), "-"],
        check=True,
        capture_output=True,
        text=True,
    )
    return out.stdout


@pytest.fixture(scope="module")
def rendered() -> Rendered:
    catalog = load_catalog()
    out: Rendered = {}
    for path in EXAMPLES:
        project = load_project(path)
        evaluation = evaluate_for_tests(project, catalog)
        for lang in catalog_languages():
            data = build_plan_pdf(project, evaluation, catalog, language=lang)
            out[(path.stem, lang)] = (project, evaluation, data)
    return out


CASES = [(p.stem, lang) for p in EXAMPLES for lang in catalog_languages()]


@pytest.mark.parametrize(("example", "lang"), CASES)
def test_page_one_carries_the_decision(
    rendered: Rendered, example: str, lang: Language, tmp_path: Path
) -> None:
    _project, evaluation, data = rendered[(example, lang)]
    cost = evaluation.cost
    best = next(o for o in cost.options if o.id == cost.recommendation.option)
    second = runner_up(cost)
    assert second is not None
    page1 = " ".join(_pages(data, tmp_path, 1, 1).split())
    assert option_name(best.id, lang) in page1
    assert money_words(best.total_cny, lang) in page1
    assert money_words(upfront_cash_cny(best), lang) in page1
    assert option_name(second.id, lang) in page1
    assert money_words(second.total_cny, lang) in page1
    assert money_words(second.total_cny - best.total_cny, lang) in page1


def _prose(text: str, code: list[str]) -> str:
    """The plan's text without the configuration files it prints (copied, not read)."""
    from gpu_advisor.report.plan.signoff import VERIFY_COMMAND

    blob = "".join("".join(snippet.split()) for snippet in code)
    kept = []
    for line in text.replace(VERIFY_COMMAND, " ").splitlines():
        compact = "".join(line.split())
        if len(compact) >= 3 and compact in blob:
            continue
        kept.append(line)
    return re.sub(r"[0-9a-f]{64}", " ", "\n".join(kept))  # the fingerprint


def _typed(project: Project) -> set[str]:
    """Names people typed: quoted as they are, in whatever language."""
    names = {project.meta.title, project.meta.author, project.meta.organisation}
    names |= {row.name for row in project.signoff}
    names |= {row.owner for row in project.checklist}
    names |= {row.note for row in project.checklist}
    names |= {v.name for v in project.vendors}
    names |= {m.node or "" for v in project.vendors for m in v.measurements}
    return {n for n in names if n}


def _check_reader_text(
    project: Project, text: str, lang: Language, code: list[str]
) -> None:
    prose = _prose(text, code)
    found = problems(prose, lang.value, _typed(project))
    assert not found, found
    if lang is Language.ZH:
        # a title may wrap: the lines of what people typed are not checked
        lines = [
            line
            for line in prose.splitlines()
            if not any(line.strip() and line.strip() in t for t in _typed(project))
        ]
        assert not kinsoku_problems("\n".join(lines))


@pytest.mark.parametrize(("example", "lang"), CASES)
def test_the_plan_speaks_the_readers_language(
    rendered: Rendered, example: str, lang: Language, tmp_path: Path
) -> None:
    """Issue #15: the WHOLE plan, annex included, in the reader's language."""
    from gpu_advisor.report.plan.annex import annex_code

    project, evaluation, data = rendered[(example, lang)]
    code = annex_code(project, evaluation, load_catalog(), lang)
    _check_reader_text(project, _pages(data, tmp_path, 1, 999), lang, code)


@pytest.mark.parametrize("example", [p.stem for p in EXAMPLES])
def test_the_bilingual_plan_speaks_each_language_on_its_half(
    rendered: Rendered, example: str, tmp_path: Path
) -> None:
    from gpu_advisor.report.plan import build_plan_pdf
    from gpu_advisor.report.plan.annex import annex_code

    project, evaluation, _data = rendered[(example, Language.ZH)]
    catalog = load_catalog()
    data = build_plan_pdf(project, evaluation, catalog, language="bilingual")
    pdf = tmp_path / "bilingual.pdf"
    pdf.write_bytes(data)
    width = 595  # A4 [pt], each half of the A3 sheet
    for lang, x in ((Language.ZH, 0), (Language.EN, width)):
        crop = ["-x", str(x), "-y", "0", "-W", str(width), "-H", "842"]
        half = subprocess.run(
            ["pdftotext", *crop, str(pdf), "-"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        assert half.strip(), lang
        code = annex_code(project, evaluation, catalog, lang)
        _check_reader_text(project, half, lang, code)


def test_page_two_is_the_finance_view(rendered: Rendered, tmp_path: Path) -> None:
    for (_example, lang), (_project, evaluation, data) in rendered.items():
        page2 = " ".join(_pages(data, tmp_path, 2, 2).split())
        heads = (
            ("财务视图", "资本支出", "运营支出", "增值税", "折旧")
            if lang is Language.ZH
            else ("Finance view", "CAPEX", "OPEX", "VAT", "Depreciation")
        )
        for head in heads:
            assert head in page2
        for option in evaluation.cost.options:
            assert option_name(option.id, lang) in page2


@pytest.mark.parametrize(("example", "lang"), CASES)
def test_no_seed_jargon_anywhere(
    rendered: Rendered, example: str, lang: Language, tmp_path: Path
) -> None:
    _project, _evaluation, data = rendered[(example, lang)]
    text = _pages(data, tmp_path, 1, 999)
    assert not re.search(r"(?i)\bseeds?\b|种子", text)
    if "idctop" in text:  # the articles are cited by title and publisher
        # by title: 《…》 in Chinese, "…" in English (straight quotes, see below)
        assert ("《" in text) if lang is Language.ZH else ('"' in text)


@pytest.mark.parametrize(("example", "lang"), CASES)
def test_the_plan_says_what_each_figure_includes_in_the_engines_words(
    rendered: Rendered, example: str, lang: Language, tmp_path: Path
) -> None:
    """Issue #11: one sentence per option, the same text as the budget step."""
    _project, evaluation, data = rendered[(example, lang)]
    text = " ".join(_pages(data, tmp_path, 1, 999).split())
    for option in evaluation.cost.options:
        sentence = text_or_empty(option.includes, lang)
        assert sentence
        # the first words of each sentence (a long one wraps across lines)
        assert " ".join(sentence.split())[:12] in text


def _menu_path(lang: Language) -> str:
    """File → Verify Plan… as the app's menus read in ``lang`` (the .ts files)."""
    import xml.etree.ElementTree as ET

    if lang is Language.EN:
        return "File → Verify Plan…"
    root = ET.parse(
        Path(__file__).resolve().parents[2]
        / "resources"
        / "translations"
        / "gpu_advisor_zh_CN.ts"
    ).getroot()
    words = {
        m.findtext("source"): m.findtext("translation") or ""
        for m in root.iter("message")
    }

    def plain(text: str) -> str:
        return re.sub(r"\(&\w\)", "", text).replace("&", "")

    return f"{plain(words['&File'])} → {plain(words['&Verify Plan…'])}"


@pytest.mark.parametrize(("example", "lang"), CASES)
def test_the_fingerprint_box_says_how_to_verify_in_the_app_first(
    rendered: Rendered, example: str, lang: Language, tmp_path: Path
) -> None:
    """Issue #15: the reader verifies in the app; the command comes second."""
    from gpu_advisor.report.plan.signoff import VERIFY_COMMAND

    _project, _evaluation, data = rendered[(example, lang)]
    text = " ".join(_pages(data, tmp_path, 1, 999).split())
    menu = _menu_path(lang)
    assert menu in text
    assert text.index(menu) < text.index(VERIFY_COMMAND)


@pytest.mark.parametrize(("example", "lang"), CASES)
def test_page_one_labels_do_not_wrap(
    rendered: Rendered, example: str, lang: Language, tmp_path: Path
) -> None:
    """Issue #15: "Cash needed up front (month / 1)" wrapped in its cell."""
    from gpu_advisor.report.text import tr

    _project, _evaluation, data = rendered[(example, lang)]
    lines = [
        " ".join(line.split()) for line in _pages(data, tmp_path, 1, 1).splitlines()
    ]
    for key in ("dec1.total", "dec1.upfront", "dec1.runner_up", "dec1.gap"):
        label = tr(key, lang)
        assert any(label in line for line in lines), (key, label)


def _line_tops(pdf: Path, page: int) -> list[tuple[float, str]]:
    """(top [pt], text) of each line on a page, words joined without spaces."""
    out = subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), "-bbox", str(pdf), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    lines: dict[tuple[float, bool], str] = {}
    words = re.finditer(r'xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]+)</word>', out)
    for found in words:
        # the sheet is two A4 pages wide: left half Chinese, right half English
        key = (round(float(found.group(2)), 1), float(found.group(1)) > 595)
        lines[key] = lines.get(key, "") + found.group(3)
    return [(top, text) for (top, _right), text in sorted(lines.items())]


def _top_of(lines: list[tuple[float, str]], heading: str) -> float | None:
    compact = "".join(heading.split())
    return next((top for top, text in lines if text.startswith(compact)), None)


@pytest.mark.parametrize("example", [p.stem for p in EXAMPLES])
def test_the_bilingual_decision_and_finance_pages_line_up(
    rendered: Rendered, example: str, tmp_path: Path
) -> None:
    """Issue #15: the two halves of pages 1 and 2 drifted apart (Chinese lines are taller)."""
    from gpu_advisor.report.plan import build_plan_pdf
    from gpu_advisor.report.text import tr

    project, evaluation, _data = rendered[(example, Language.ZH)]
    pdf = tmp_path / "bilingual.pdf"
    pdf.write_bytes(
        build_plan_pdf(project, evaluation, load_catalog(), language="bilingual")
    )
    pages = {
        1: ("page1.sensitive", "dec1.risks", "dec1.next", "dec1.signoff"),
        2: ("fin.depreciation", "fin.vat", "fin.options"),
    }
    for page, keys in pages.items():
        lines = _line_tops(pdf, page)
        for key in keys:
            zh = _top_of(lines, tr(key, Language.ZH))
            en = _top_of(lines, tr(key, Language.EN))
            assert zh is not None, (page, key)
            assert en is not None, (page, key)
            assert abs(zh - en) < 1.0, (page, key, zh, en)


@pytest.mark.parametrize("example", [p.stem for p in EXAMPLES])
def test_the_english_plan_sets_quotes_its_font_draws_narrow(
    rendered: Rendered, example: str, tmp_path: Path
) -> None:
    """The embedded CJK font draws curly quotes full-width: the English plan
    read "the first month’ s bill". Its apostrophes and quotes are straight."""
    _project, _evaluation, data = rendered[(example, Language.EN)]
    text = _pages(data, tmp_path, 1, 999)
    assert "'s " in text
    assert not set(text) & set("‘’“”")
