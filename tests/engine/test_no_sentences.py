"""Modules that return codes and values write no sentence of their own.

Their words are catalog entries (``resources/words/<language>/*.toml``). A
module listed here holds no Chinese text and passes no ``*_en``/``*_zh``
argument; Chinese that is data the module *reads* (the header names a price
list may use) is allowed by the name it is assigned to.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

_ROOT = Path(__file__).resolve().parents[2] / "gpu_advisor"
_CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")

MIGRATED: dict[str, frozenset[str]] = {
    **{
        str(path.relative_to(_ROOT)): frozenset()
        for path in sorted((_ROOT / "engine" / "rollout").rglob("*.py"))
    },
    **{
        str(path.relative_to(_ROOT)): frozenset()
        for path in sorted((_ROOT / "engine" / "cost").glob("*.py"))
        if path.name != "explain.py"
    },
    # the title of a Chinese help page the spot convention cites
    "engine/cost/explain.py": frozenset({"SPOT_REFERENCE"}),
    "engine/sizing/explain.py": frozenset(),
    "engine/names.py": frozenset(),
    **{
        str(path.relative_to(_ROOT)): frozenset()
        for path in sorted((_ROOT / "engine" / "evidence").glob("*.py"))
    },
    "engine/sizing/advice.py": frozenset(),
    "model/sizing_results.py": frozenset(),
    "model/cost_results.py": frozenset(),
    "engine/diff.py": frozenset(),
    "engine/shown.py": frozenset(),
    "engine/scenarios.py": frozenset(),
    "model/diff_results.py": frozenset(),
    "model/scenario_results.py": frozenset(),
    "io/project_file.py": frozenset(),
    "io/autosave.py": frozenset(),
    # the header names, items, yes/no words and currency marks a Chinese price
    # list may use
    "io/price_import.py": frozenset(
        {"_HEADERS", "_ITEMS", "_YES", "_NO", "_CN_DATE", "_MONEY_JUNK"}
    ),
    "io/catalog.py": frozenset(),
}
"""Module (under ``gpu_advisor/``) -> names whose values may hold Chinese data."""


def _allowed_nodes(tree: ast.Module, names: frozenset[str]) -> set[int]:
    """Nodes that may hold Chinese: docstrings (their examples) and ``names``."""
    allowed = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    for node in tree.body:
        targets = (
            [node.target]
            if isinstance(node, ast.AnnAssign)
            else node.targets
            if isinstance(node, ast.Assign)
            else []
        )
        if any(isinstance(t, ast.Name) and t.id in names for t in targets):
            allowed.update(id(n) for n in ast.walk(node))
    return allowed


@pytest.mark.parametrize("module", sorted(MIGRATED))
def test_no_sentence_is_written_in_the_module(module: str) -> None:
    source = (_ROOT / module).read_text(encoding="utf-8")
    tree = ast.parse(source)
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
    keywords = [
        (node.lineno, node.arg)
        for node in ast.walk(tree)
        if isinstance(node, ast.keyword)
        and node.arg is not None
        and node.arg.endswith(("_en", "_zh"))
    ]
    assert keywords == []
    fields = [  # a result model's field in one language (``label_zh: str``)
        (node.lineno, node.target.id)
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and node.target.id.endswith(("_en", "_zh"))
    ]
    assert fields == []


def test_the_check_finds_a_sentence() -> None:
    tree = ast.parse(
        '"""文档"""\nraise E(path, "x", problem_zh="找不到文件")\nA = "是"\n'
    )
    allowed = _allowed_nodes(tree, frozenset({"A"}))
    flagged = [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant)
        and isinstance(n.value, str)
        and _CJK.search(n.value)
        and id(n) not in allowed
    ]
    assert flagged == ["找不到文件"]
