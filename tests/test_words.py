"""The message catalogs: every language words every code with the same values."""

from __future__ import annotations

import string

import pytest

from gpu_advisor import words
from gpu_advisor.model.common import Advice, Message


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


@pytest.mark.parametrize("language", ["zh"])
def test_every_language_words_every_code_with_the_same_values(language: str) -> None:
    english, other = words.catalog("en"), words.catalog(language)
    assert sorted(set(english) ^ set(other)) == []
    for code, entry in english.items():
        theirs = other[code]
        assert _fields(theirs) <= _fields(entry) | {"n"}, code
        assert _fields(entry) <= _fields(theirs) | {"n"}, code


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
