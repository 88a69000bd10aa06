"""Every "why?" formula reads in words, in the reader's language, with its values."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Explanation
from gpu_advisor.report.formulas import (
    catalog_names,
    display_value,
    formula_template,
    formula_text,
    template_key,
)
from gpu_advisor.report.numbers import plain_number
from tests.reader_text import problems
from tests.report.conftest import evaluate_for_tests

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)


def _number(value: float) -> str:
    return plain_number(value) if abs(value) >= 1000 else f"{value:.4g}"


@pytest.fixture(scope="module")
def explanations() -> list[Explanation]:
    catalog = load_catalog()
    out: list[Explanation] = []
    for path in EXAMPLES:
        ev = evaluate_for_tests(load_project(path), catalog)
        out += [*ev.sizing.explanations, *ev.cost.explanations]
    return out


def test_every_result_has_words(explanations: list[Explanation]) -> None:
    keys = {template_key(ex.key) for ex in explanations}
    assert len(keys) > 20
    missing = {k for k in keys if formula_template(k, "zh") is None}
    assert missing == set()


@pytest.mark.parametrize("language", ["zh", "en"])
def test_formula_in_words_with_every_value(
    explanations: list[Explanation], language: str
) -> None:
    names = catalog_names(load_catalog())
    for ex in explanations:
        text = formula_text(ex, language, _number, names)
        assert not re.search(r"\b[a-z_]+\.[a-z_]+\b", text), (ex.key, text)
        assert not re.search(r"\d[eE][+-]?\d", text), (ex.key, text)
        assert "{" not in text, (ex.key, text)
        for ref in ex.inputs:  # every input's value is in the sentence
            shown, _unit = display_value(ref, language, _number, names)
            assert shown in text, (ex.key, ref.name, text)
        assert not problems(text, language), (ex.key, text)
