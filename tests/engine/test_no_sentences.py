"""The engine returns codes and values: no sentence is left in a migrated module.

Every module listed here words nothing itself: no Chinese text, and no advice
built with its own ``message_en=`` / ``message_zh=`` words (the catalogs in
``resources/words/<language>/`` hold the sentences). A module joins the list
once it is migrated.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "gpu_advisor"

MIGRATED = [
    "engine/rollout",  # every module below it
    "engine/diff.py",
    "engine/shown.py",
    "engine/scenarios.py",
    "model/diff_results.py",
    "model/scenario_results.py",
]

_CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
_OWN_WORDS = re.compile(r"\b(message_en|message_zh|label_en|label_zh)\s*=|_zh\b\s*[:=]")


def _modules(entry: str) -> list[Path]:
    path = ROOT / entry
    return sorted(path.rglob("*.py")) if path.is_dir() else [path]


@pytest.mark.parametrize(
    "module",
    [m for entry in MIGRATED for m in _modules(entry)],
    ids=lambda m: str(m.relative_to(ROOT)),
)
def test_no_sentence_in_a_migrated_module(module: Path) -> None:
    source = module.read_text(encoding="utf-8")
    cjk = [line for line in source.splitlines() if _CJK.search(line)]
    assert cjk == [], f"{module.name} writes Chinese words: {cjk[:3]}"
    own = [line for line in source.splitlines() if _OWN_WORDS.search(line)]
    assert own == [], f"{module.name} words its own advice: {own[:3]}"


def test_the_check_finds_a_sentence() -> None:
    assert _CJK.search('text = "检查表"')
    assert _OWN_WORDS.search('Advice(code="x", message_en="Hello")')
    assert _OWN_WORDS.search("    label_zh: str")
