"""Amounts as a finance reader writes them: 元, 万元, 亿元 in Chinese; grouped CNY in English;
other currencies grouped with their name (``1,855,109 美元``, ``USD 1,855,109``).

Never scientific notation. Used by the plan's decision and finance pages.
"""

from __future__ import annotations

import math

from gpu_advisor.model.common import Language
from gpu_advisor.words.money import currency_unit, reader_currency


def money_words(value_cny: float, language: Language) -> str:
    """A CNY amount in the reader's units.

    Examples
    --------
    >>> money_words(13_171_274, Language.ZH), money_words(13_171_274, Language.EN)
    ('1,317.13 万元', 'CNY 13,171,274')
    >>> money_words(2.5e8, Language.ZH), money_words(9_800, Language.ZH)
    ('2.50 亿元', '9,800 元')
    >>> money_words(-52_500, Language.ZH)
    '-5.25 万元'
    >>> from gpu_advisor.words.money import amounts_in
    >>> with amounts_in("USD", 7.1):
    ...     money_words(13_171_274, Language.ZH), money_words(13_171_274, Language.EN)
    ('1,855,109 美元', 'USD 1,855,109')
    """
    if not math.isfinite(value_cny):
        return "—"
    currency = reader_currency()
    value = currency.shown(value_cny)
    sign = "-" if value < 0 else ""
    v = abs(value)
    if currency.code != "CNY":  # 万元 and 亿元 are yuan's own units
        if language is Language.ZH:
            return f"{sign}{v:,.0f} {currency_unit(language)}"
        return f"{sign}{currency.code} {v:,.0f}"
    if language is Language.ZH:
        if v >= 1e8:
            return f"{sign}{v / 1e8:,.2f} 亿元"
        if v >= 1e4:
            return f"{sign}{v / 1e4:,.2f} 万元"
        return f"{sign}{v:,.0f} 元"
    return f"{sign}CNY {v:,.0f}"


def plain_number(value: float) -> str:
    """A value without exponent: grouped, at most three significant decimals.

    Examples
    --------
    >>> plain_number(100000.0), plain_number(0.3396), plain_number(1530.0)
    ('100,000', '0.34', '1,530')
    """
    if not math.isfinite(value):
        return "—"
    v = abs(value)
    decimals = 0 if v >= 100 else 1 if v >= 10 else 2
    text = f"{value:,.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text
