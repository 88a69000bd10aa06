"""Modules that return codes and values write no sentence of their own.

Their words are catalog entries (``resources/words/<language>/*.toml``): no
string in their code (docstrings aside, which may name a market term) holds a
CJK character, and no call passes a ``message_en``/``message_zh`` or another
``*_en``/``*_zh`` argument.
"""

from __future__ import annotations

import ast
import re
from importlib import resources

import pytest

CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")

MIGRATED = [
    "engine/cost/breakeven.py",
    "engine/cost/checks.py",
    "engine/cost/choice.py",
    "engine/cost/demand.py",
    "engine/cost/feasibility.py",
    "engine/cost/finance.py",
    "engine/cost/findings.py",
    "engine/cost/includes.py",
    "engine/cost/mix.py",
    "engine/cost/prepare.py",
    "engine/cost/price.py",
    "engine/cost/recommend.py",
    "engine/cost/resolve.py",
    "engine/cost/result.py",
    "engine/cost/risk.py",
    "engine/cost/wording.py",
    "model/cost_results.py",
]
"""Modules (under ``gpu_advisor/``) whose words are all in the catalogs."""


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings (of a module, class,
    function or attribute: a string standing alone as a statement)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def _sentences(source: str) -> list[str]:
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docs
        and CJK.search(node.value)
    ]
    found += [
        f"{kw.arg}="
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        for kw in node.keywords
        if kw.arg is not None and re.search(r"_(en|zh)$", kw.arg)
    ]
    found += [
        f"{node.target.id}:"
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and re.search(r"_(en|zh)$", node.target.id)
    ]
    return found


@pytest.mark.parametrize("module", MIGRATED)
def test_no_sentence_is_left_in(module: str) -> None:
    source = (resources.files("gpu_advisor") / module).read_text(encoding="utf-8")
    assert _sentences(source) == []


def test_the_check_finds_a_sentence() -> None:
    source = (
        '"""文档可以写中文。"""\n'
        'x = Advice(code="a", message_en="Hello", message_zh="你好")\n'
        "class R:\n    label_zh: str\n"
    )
    assert _sentences(source) == ["你好", "message_en=", "message_zh=", "label_zh:"]
