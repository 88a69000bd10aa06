"""The engine cites the idctop.com articles by title; readers see them in their language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gpu_advisor import words
from gpu_advisor.engine.names import ARTICLES, article
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.report.glossary import cite_articles
from gpu_advisor.report.sources import reference_text
from tests.report.conftest import evaluate_for_tests

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)
SEED = re.compile(r"(?i)\bseeds?\b|种子")
HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_engine_references_cite_articles_not_seeds(example: Path) -> None:
    catalog = load_catalog()
    project = load_project(example)
    evaluation = evaluate_for_tests(project, catalog)
    explanations = [*evaluation.sizing.explanations, *evaluation.cost.explanations]
    cited = 0
    for ex in explanations:
        # catalog citations are the catalog's (resources/catalog), not the engine's
        engine = [r.source for r in ex.inputs if not r.source.startswith("catalog")]
        texts = [ex.reference, *engine]
        for text in texts:
            assert not SEED.search(text), (ex.key, text)
        cited += "idctop.com/" in ex.reference
        for lang in ("zh", "en"):
            shown = reference_text(ex.reference, lang)
            assert "gpu_advisor" not in shown, (ex.key, shown)
            if lang == "en":
                assert not HAN.search(shown), (ex.key, shown)
            elif "idctop.com" in shown:
                assert "《" in shown, (ex.key, shown)
    assert cited >= 3


@pytest.mark.parametrize("number", ARTICLES)
def test_each_article_reads_in_the_readers_language(number: str) -> None:
    en, zh = (words.say(f"article.{number}", lang) for lang in ("en", "zh"))
    assert HAN.search(zh)
    assert not HAN.search(en)
    ref = article(number, "payback_period")
    assert cite_articles(ref, "zh") == f"idctop.com 文章《{zh}》（回本周期）"
    assert cite_articles(ref, "en") == f"“{en}” (idctop.com) (payback period)"
