"""Report modules whose words moved to the catalogs hold no Chinese text.

Their words are catalog entries (``resources/words/<language>/*.toml``). A module
listed here may hold Chinese only in docstrings (their examples) and in the
module-level names listed with it: patterns that read Chinese *data* (the
catalog's own source texts) or a typography rule. Uses the engine test's
checker (:mod:`tests.engine.test_no_sentences`).
"""

from __future__ import annotations

import ast

import pytest

from tests.engine.test_no_sentences import _CJK, _ROOT, _allowed_nodes

MIGRATED: dict[str, frozenset[str]] = {
    "report/vendor_checks.py": frozenset(),
    # "种子文章 003" in the catalog's Chinese source texts; 》的 without a space
    "report/glossary.py": frozenset(
        {"_NUMBERED_ZH", "_GENERIC", "_SEED_MARKS", "_TIGHT"}
    ),
    "report/text.py": frozenset(),
    "report/numbers.py": frozenset(),
    # "种子" in the catalog's Chinese source texts; brackets and quotes they use
    "report/sources.py": frozenset({"_SEED", "_OPENING", "_CLOSING", "_HAN_GLOSS"}),
    "cli/cost.py": frozenset(),
    "cli/candidates.py": frozenset(),
    "cli/scenarios.py": frozenset(),
}
"""Module (under ``gpu_advisor/``) -> names whose values may hold Chinese."""

TABLES_IN_TWO_LANGUAGES = {
    "report/text.py": (
        "_ROLES_ZH",
        "_UNITS_ZH",
        "_UNITS_EN",
        "_SINGULAR_EN",
        "_COUNTED",
    ),
    "report/vendor_checks.py": ("TEST_NAMES", "_WORDS"),
    "report/glossary.py": ("ARTICLE_TITLES", "OPTION_NAMES"),
    "report/sources.py": ("TITLES_ZH", "PUBLISHERS_ZH", "SEGMENTS_ZH", "NOTES_ZH"),
    "engine/names.py": ("ARTICLE_TITLES",),
}
"""Tables that once held a word per language and are catalog entries now."""


@pytest.mark.parametrize("module", sorted(MIGRATED))
def test_no_chinese_string_in_the_module(module: str) -> None:
    tree = ast.parse((_ROOT / module).read_text(encoding="utf-8"))
    allowed = _allowed_nodes(tree, MIGRATED[module])
    found = [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and _CJK.search(node.value)
        and id(node) not in allowed
    ]
    assert found == []


@pytest.mark.parametrize("module", sorted(TABLES_IN_TWO_LANGUAGES))
def test_the_two_language_tables_are_gone(module: str) -> None:
    tree = ast.parse((_ROOT / module).read_text(encoding="utf-8"))
    names = {
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }
    assert names.isdisjoint(TABLES_IN_TWO_LANGUAGES[module])
    assert names  # the module was read


NO_LANGUAGE_SWITCH = {
    "report/text.py": 0,
    "report/sources.py": 0,
    "report/glossary.py": 0,
    "report/formulas.py": 0,
    "report/numbers.py": 0,
    "report/plan/cost.py": 0,
    "report/plan/decision.py": 0,
    "report/plan/finance.py": 0,
    "report/plan/summary.py": 0,
    "report/plan/vendors.py": 0,
    "cli/cost.py": 0,
    "cli/candidates.py": 0,
    "cli/scenarios.py": 0,
}
"""Modules that word everything from the catalogs, and the switches left in
them: none asks which language it writes (a third language is a catalog
folder, not a branch here)."""


def _switches(tree: ast.AST) -> list[int]:
    """Lines that name a language: ``Language.ZH``, a ``"zh"`` compared or
    tested as a prefix, a ``zh`` flag."""
    found = []
    for node in ast.walk(tree):
        names_language = (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "Language"
            and node.attr in {"ZH", "EN"}
        )
        compares_code = isinstance(node, ast.Compare | ast.Call) and any(
            isinstance(c, ast.Constant) and c.value in {"zh", "en"}
            for c in ast.walk(node)
        )
        flag = isinstance(node, ast.Name | ast.arg) and (
            getattr(node, "id", None) or getattr(node, "arg", None)
        ) in {"zh", "_zh"}
        if names_language or compares_code or flag:
            found.append(getattr(node, "lineno", 0))
    return sorted(set(found))


@pytest.mark.parametrize("module", sorted(NO_LANGUAGE_SWITCH))
def test_no_language_switch_in_the_module(module: str) -> None:
    tree = ast.parse((_ROOT / module).read_text(encoding="utf-8"))
    assert len(_switches(tree)) == NO_LANGUAGE_SWITCH[module], _switches(tree)


def test_a_language_switch_is_found() -> None:
    tree = ast.parse(
        "a = 1 if lang is Language.ZH else 2\nb = x.startswith('zh')\ndef f(zh): ..."
    )
    assert _switches(tree) == [1, 2, 3]
