"""The report's words: every entry in both languages, English without Chinese, formats.

That both languages word every code with the same placeholders is checked for
every catalog by ``tests/test_words.py``.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor import words
from gpu_advisor.model.common import Language
from gpu_advisor.report.text import (
    gib,
    gpu_hours,
    money,
    money_short,
    percent,
    tr,
)

_CJK = re.compile(r"[\u4e00-\u9fff]")


_REPORT = sorted(c for c in words.catalog("en") if c.startswith("report."))


def test_the_report_has_its_words() -> None:
    assert len(_REPORT) > 500
    assert (
        tr("sec.cost", Language.ZH) == words.say("report.sec.cost", "zh") == "成本比较"
    )


@pytest.mark.parametrize("code", _REPORT)
def test_english_has_no_chinese(code: str) -> None:
    entry = words.catalog("en")[code]
    assert entry.strip() if isinstance(entry, str) else entry.get("other"), code
    assert not _CJK.search(str(words.catalog("en")[code])), code


def test_chinese_uses_market_terms() -> None:
    zh = " ".join(str(words.catalog("zh")[c]) for c in _REPORT)
    for term in ("按量付费", "包月", "包年", "竞价实例", "托管", "卡时"):
        assert term in zh


def test_formats() -> None:
    assert money(1234567.4, Language.ZH) == "¥1,234,567"
    assert money(1234567.4, Language.EN) == "CNY 1,234,567"
    assert money(12.345, Language.EN, 2) == "CNY 12.35"
    assert gpu_hours(294.0, Language.ZH) == "294 卡时"
    assert gpu_hours(294.0, Language.EN) == "294 GPU-hours"
    assert gib(94.3 * 2**30) == "94.3 GiB"
    assert percent(0.62) == "62%"
    assert tr("kn.month_n", Language.ZH, month=14) == "第 14 个月"


@settings(max_examples=100, deadline=None)
@given(st.floats(min_value=-1e12, max_value=1e12, allow_nan=False))
def test_money_round_trips(value: float) -> None:
    text = money(value, Language.EN)
    parsed = float(text.replace("CNY", "").replace(",", "").replace(" ", ""))
    assert parsed == pytest.approx(round(value), abs=1.0)
    assert money_short(value, Language.ZH)


def test_every_unit_the_engine_uses_reads_in_chinese() -> None:
    """A unit the engine starts to use must be given its Chinese form.

    Collected from the evaluations of the shipped examples: the inputs of
    every explanation and the bars of the tornado chart.
    """
    from pathlib import Path

    from gpu_advisor import words
    from gpu_advisor.engine.evaluate import evaluate
    from gpu_advisor.io.catalog import load_catalog
    from gpu_advisor.io.project_file import load_project
    from gpu_advisor.report.text import NEUTRAL_UNITS, unit_text

    catalog = load_catalog()
    examples = Path(__file__).resolve().parents[2] / "resources" / "examples"
    units: set[str] = set()
    for path in sorted(examples.glob("*.gpuplan")):
        ev = evaluate(load_project(path), catalog, monte_carlo_draws=200, seed=0)
        for ex in [*ev.sizing.explanations, *ev.cost.explanations]:
            units.update(ref.unit for ref in ex.inputs)
        units.update(bar.unit for bar in ev.cost.tornado)
    assert len(units) > 15
    untranslated = {
        u for u in units - NEUTRAL_UNITS if unit_text(u, "zh") == unit_text(u, "en")
    }
    assert not untranslated
    # every unit that is not neutral has its words in the catalogs
    assert {f"unit_name.{u}" for u in units - NEUTRAL_UNITS} <= set(words.catalog("en"))
    # English keeps the engine's units, except the few no reader writes so
    changed = {u for u in units if unit_text(u, "en") != u}
    assert changed <= {"1e9 tokens", "count"}
    assert unit_text("1e9 tokens", "en") == "billion tokens"
