"""Page 1 (the decision) and page 2 (finance) of every example, read back with pdftotext."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import TypeAlias

import pytest

from gpu_advisor.engine.finance import runner_up, upfront_cash_cny
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import Project
from gpu_advisor.report.glossary import option_name
from gpu_advisor.report.numbers import money_words
from gpu_advisor.report.plan import build_plan_pdf
from tests.report.conftest import evaluate_for_tests

Rendered: TypeAlias = dict[tuple[str, Language], tuple[Project, Evaluation, bytes]]

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)

pytestmark = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed"
)

# ASCII words a Chinese reader sees on these pages: product names, GPU models, units.
ZH_WHITELIST = frozenset(
    {"GPU", "MFU", "NPU", "VAT", "kWh", "Mbps", "TFLOP", "FLOP", "GiB", "SXM", "PCIe"}
    # a unit, like Mbps (the vendors' quoted intranet bandwidth)
    | {"Gbit"}
    # products, standards, publishers and file types
    | {"NVIDIA", "NVLink", "InfiniBand", "NDR", "HDR", "RoCE", "Llama", "Qwen", "LoRA"}
    | {"ZeRO", "AdamW", "adamw", "Kubernetes", "Prometheus", "Slurm", "iperf"}
    | {"PUE", "UPS", "IDC", "VPC", "SLA", "CTO", "SHA", "JSON", "PDF", "idctop"}
    | {"GPU Advisor", "Advisor", "token"}
    # terms of the trade without a settled Chinese name
    | {"micro", "batch"}
)
CLOSING = "，。：；、）」"
OPENING = "（「"
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


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
        for lang in Language:
            data = build_plan_pdf(project, evaluation, catalog, language=lang)
            out[(path.stem, lang)] = (project, evaluation, data)
    return out


CASES = [(p.stem, lang) for p in EXAMPLES for lang in Language]


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


def _before_annex(data: bytes, tmp_path: Path, lang: Language) -> str:
    """Everything the person who signs reads: the text before the annex divider."""
    from gpu_advisor.report.plan import VERIFY_COMMAND
    from gpu_advisor.report.text import tr

    text = _pages(data, tmp_path, 1, 999)
    marker = tr("doc.annex_intro", lang)[:12]
    assert marker in text
    text = text[: text.index(marker)]
    text = re.sub(r"[0-9a-f]{64}", " ", text)  # the fingerprint
    return text.replace(VERIFY_COMMAND, " ")


@pytest.mark.parametrize(("example", "lang"), CASES)
def test_the_plan_speaks_the_readers_language(
    rendered: Rendered, example: str, lang: Language, tmp_path: Path
) -> None:
    project, _evaluation, data = rendered[(example, lang)]
    text = _before_annex(data, tmp_path, lang)
    # The plan's own title (and names people typed) are quoted names.
    names = {project.meta.title, project.meta.author, project.meta.organisation}
    names |= {row.name for row in project.signoff}
    names |= {row.owner for row in project.checklist}
    names |= {v.name for v in project.vendors}
    for name in sorted(names, key=len, reverse=True):
        if name:
            text = text.replace(name, " ")
    assert not re.search(r"\d[eE][+-]\d", text), "scientific notation"
    # publishers' domains and file names are names, not internal keys
    names_only = re.sub(r"\b[\w.-]+\.(com|cn|org|io|json|pdf|gpuplan)\b", " ", text)
    key = re.search(r"\b[a-z_]+\.[a-z_]+\b", names_only)
    assert key is None, f"internal key {key.group(0) if key else ''}"
    if lang is Language.ZH:
        # words of names people typed (a title may wrap or be clipped)
        typed = set(re.findall(r"[A-Za-z]{3,}", " ".join(n for n in names if n)))
        words = set(re.findall(r"[A-Za-z]{3,}", names_only)) - ZH_WHITELIST - typed
        words = {w for w in words if not re.fullmatch(r"[0-9a-f]+", w)}
        assert not words, f"English words in the Chinese plan: {sorted(words)}"
        for line in text.splitlines():
            stripped = line.strip()
            if stripped:
                assert stripped[0] not in CLOSING, f"line starts with {stripped!r}"
                assert stripped[-1] not in OPENING, f"line ends with {stripped!r}"
    else:
        assert not CJK.findall(text), "Chinese characters in the English plan"


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
        assert ("《" in text) if lang is Language.ZH else ("“" in text)


@pytest.mark.parametrize(("example", "lang"), CASES)
def test_the_plan_says_what_each_figure_includes_in_the_engines_words(
    rendered: Rendered, example: str, lang: Language, tmp_path: Path
) -> None:
    """Issue #11: one sentence per option, the same text as the budget step."""
    _project, evaluation, data = rendered[(example, lang)]
    text = " ".join(_pages(data, tmp_path, 1, 999).split())
    for option in evaluation.cost.options:
        sentence = option.includes_zh if lang is Language.ZH else option.includes_en
        assert sentence
        # the first words of each sentence (a long one wraps across lines)
        assert " ".join(sentence.split())[:12] in text
