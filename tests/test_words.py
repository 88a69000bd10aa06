"""The message catalogs: every language words every code with the same values."""

from __future__ import annotations

import string

import pytest

from gpu_advisor import words
from gpu_advisor.model.common import Advice, Message
from gpu_advisor.words import scale


def _fields(entry: words.Entry) -> set[str]:
    texts = entry.values() if isinstance(entry, dict) else [entry]
    return {
        name.split(".")[0].split("[")[0]
        for t in texts
        for _, name, _, _ in string.Formatter().parse(t)
        if name
    }


def test_there_are_two_languages_and_english_is_the_fallback() -> None:
    assert words.languages() == ("en", "zh")
    assert words.DEFAULT_LANGUAGE in words.languages()


def _family(code: str) -> str | None:
    """The scale a code is a magnitude of (``scale.short.4`` -> ``short``), or None."""
    family, _, power = code.removeprefix("scale.").rpartition(".")
    return family if code.startswith("scale.") and power.isdigit() else None


AMOUNT_FIELDS = {"x", "code", "unit"}
"""What a scale or an amount format may use: the number, the currency's code and
its name (each language places the currency its own way)."""


@pytest.mark.parametrize("language", ["zh"])
def test_every_language_words_every_code_with_the_same_values(language: str) -> None:
    english, other = words.catalog("en"), words.catalog(language)
    theirs_codes = {c for c in other if _family(c) is None}
    ours_codes = {c for c in english if _family(c) is None}
    assert sorted(ours_codes ^ theirs_codes) == []
    for code in ours_codes:
        entry, theirs = english[code], other[code]
        if code.startswith("amount_format."):
            assert "x" in _fields(theirs), code
            assert _fields(theirs) <= AMOUNT_FIELDS, code
            continue
        assert _fields(theirs) <= _fields(entry) | {"n"}, code
        assert _fields(entry) <= _fields(theirs) | {"n"}, code


def test_every_language_has_the_same_scales_each_with_its_own_magnitudes() -> None:
    scales = {
        language: {
            family: scale.magnitudes(family, language)
            for family in filter(None, map(_family, words.catalog(language)))
        }
        for language in words.languages()
    }
    english = scales[words.DEFAULT_LANGUAGE]
    assert {"short", "tokens", "params", "money_words", "money_words_cny"} <= set(
        english
    )
    for language, families in scales.items():
        assert set(families) == set(english), language
        for family, powers in families.items():
            if family.startswith(("short", "money")):  # amounts of any size
                assert powers[-1] == 0, (language, family)
            for power in powers:
                entry = words.catalog(language)[f"scale.{family}.{power}"]
                if family.endswith("_unit"):  # a unit's name, the number elsewhere
                    assert _fields(entry) == set(), (language, family)
                else:
                    assert "x" in _fields(entry) <= AMOUNT_FIELDS, (language, family)
    assert scales["zh"]["money_words_cny"] == (8, 4, 0)  # 亿元, 万元, 元
    assert scales["en"]["short"] == (9, 6, 3, 0)  # B, M, k


@pytest.mark.parametrize(
    ("value", "zh", "en"),
    [
        (0.5, "0.5", "0.5"),
        (9_999.0, "9999.0", "9.999k"),
        (10_000.0, "1.0万", "10.0k"),
        (-3e8, "-3.0亿", "-300.0M"),
        (2e9, "20.0亿", "2.0B"),
    ],
)
def test_a_number_is_written_at_the_largest_magnitude_not_above_it(
    value: float, zh: str, en: str
) -> None:
    assert (scale.scaled("short", value, "zh"), scale.scaled("short", value, "en")) == (
        zh,
        en,
    )


def test_below_every_magnitude_a_number_is_written_at_the_smallest() -> None:
    assert scale.scaled("tokens", 5e6, "en", lambda x: f"{x:.3f}") == "0.005 B tokens"
    assert scale.scaled("tokens", 5e6, "zh", lambda x: f"{x:.2f}") == "0.05 亿 token"


def test_a_currency_variant_is_used_only_where_the_catalogs_have_one() -> None:
    assert scale.for_currency("money_words", "CNY") == "money_words_cny"
    assert scale.for_currency("money_words", "USD") == "money_words"
    assert scale.for_currency("amount_format.short", "EUR") == "amount_format.short"


def test_plural_tables_have_other_and_use_n() -> None:
    for language in words.languages():
        for code, entry in words.catalog(language).items():
            if isinstance(entry, dict):
                assert "other" in entry, (language, code)
                assert all("{n" in t for t in entry.values()), (language, code)


def test_terms_counts_and_nested_messages_are_worded() -> None:
    inner = Message(
        code="words.example", params={"option": "monthly", "months": 2, "total": 9.6}
    )
    advice = Advice(
        code="words.example", params={"option": "monthly", "months": 1, "total": 1e6}
    )
    assert words.text(advice, "en") == "monthly rental for 1 month: 1,000,000 CNY"
    assert words.text(inner, "en") == "monthly rental for 2 months: 10 CNY"
    assert words.text(inner, "zh") == "包月，2 个月：10 元"
    assert words.say("words.list_separator", "zh_CN") == "、"


def test_an_unknown_code_or_a_missing_value_is_an_error() -> None:
    with pytest.raises(words.MissingWordsError):
        words.say("no.such.code", "en")
    with pytest.raises(ValueError, match=r"words\.example"):
        words.say("words.example", "en", option="monthly")


def test_messages_survive_json() -> None:
    inner = Message(
        code="words.example", params={"option": "monthly", "months": 2, "total": 9.0}
    )
    advice = Advice(code="x.y", params={"sub": inner, "names": ["a", "b"], "count": 3})
    again = Advice.model_validate_json(advice.model_dump_json())
    assert again == advice
    assert isinstance(again.params["sub"], Message)
    assert isinstance(again.params["count"], int)
