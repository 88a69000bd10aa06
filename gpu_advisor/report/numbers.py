"""Amounts as a finance reader writes them: 元, 万元, 亿元 in Chinese; grouped CNY in English;
other currencies grouped with their name (``1,855,109 美元``, ``USD 1,855,109``).

Never scientific notation. Used by the plan's decision and finance pages.
"""

from __future__ import annotations

import math

from gpu_advisor.model.common import Language
from gpu_advisor.words.money import currency_unit, reader_currency
from gpu_advisor.words.scale import for_currency, scaled


def money_words(value_cny: float, language: Language) -> str:
    """A CNY amount in the reader's units (the catalog's ``scale.money_words``,
    ``scale.money_words_cny`` for yuan).

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
    code = reader_currency().code
    return scaled(
        for_currency("money_words", code),
        reader_currency().shown(value_cny),
        language,
        code=code,
        unit=currency_unit(language),
    )


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
