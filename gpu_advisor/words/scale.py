"""Large numbers in the reader's magnitudes: 万 and 亿 in Chinese, k, M and B in English.

Each language's catalog holds its scales (``resources/words/<language>/format.toml``):
a scale ``scale.<family>`` is a table from a power of ten to the format string of a
number written at that magnitude, e.g. Chinese ``scale.short``::

    8 = "{x}亿"
    4 = "{x}万"
    0 = "{x}"

A number is written at the largest magnitude not above it (below them all, at the
smallest) with ``x`` the number divided by that power of ten; a negative number
is written as its size after a minus sign. Languages choose their own magnitudes
(English ``scale.short`` has 9, 6, 3 and 0); both have the same families and the
same fields (a test).

A scale whose name ends in ``_unit`` names the unit at each magnitude, for a
table that shows the number in a column of its own (:func:`unit_at`).

Where the currency goes around an amount is a catalog entry as well
(``amount_format.*``); an entry or a scale may have a variant for one currency,
named with the currency's code in lower case after an underscore
(``amount_format.money_cny``: ``¥1,234`` in Chinese), found by :func:`for_currency`.

Examples
--------
>>> scaled("short", 1_250_000, "zh"), scaled("short", 1_250_000, "en")
('125.0万', '1.25M')
>>> scaled("short", -2_500.0, "en", number=lambda x: f"{x:g}")
'-2.5k'
>>> scaled("short", 0.5, "zh")
'0.5'
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from gpu_advisor.words import DEFAULT_LANGUAGE, catalog, language_code, languages, say


@functools.cache
def magnitudes(family: str, language: str) -> tuple[int, ...]:
    """The powers of ten of the scale ``scale.<family>``, largest first.

    >>> magnitudes("short", "zh"), magnitudes("short", "en")
    ((8, 4, 0), (9, 6, 3, 0))
    """
    prefix = f"scale.{family}."
    found = sorted(
        (
            int(code.removeprefix(prefix))
            for code in catalog(language)
            if code.startswith(prefix) and code.removeprefix(prefix).isdigit()
        ),
        reverse=True,
    )
    return tuple(found)


def has_scale(family: str) -> bool:
    """Whether the catalogs hold the scale ``scale.<family>``.

    >>> has_scale("short"), has_scale("no_such_scale")
    (True, False)
    """
    return bool(magnitudes(family, DEFAULT_LANGUAGE))


def scaled(
    family: str,
    value: float,
    language: object,
    /,
    number: Callable[[float], object] | None = None,
    **params: Any,
) -> str:
    """``value`` written by the scale ``scale.<family>`` of ``language``.

    ``number`` turns the scaled number into the value of the field ``x``
    (by default ``x`` is the float itself, formatted by the entry);
    ``params`` fill the entry's other fields.
    """
    lang, power = _magnitude(family, abs(value), language)
    x = abs(value) / 10**power
    words = say(
        f"scale.{family}.{power}", lang, params, x=x if number is None else number(x)
    )
    return f"-{words}" if value < 0 else words


def unit_at(family: str, value: float, language: object) -> tuple[float, str]:
    """``value`` at its magnitude in the scale ``scale.<family>``, and the unit
    the scale names at it (a scale of unit names, for a table's unit column).

    >>> unit_at("params_unit", 13e9, "zh"), unit_at("params_unit", 13e9, "en")
    ((130.0, '亿个参数'), (13.0, 'billion parameters'))
    """
    lang, power = _magnitude(family, abs(value), language)
    return value / 10**power, say(f"scale.{family}.{power}", lang)


def _magnitude(family: str, size: float, language: object) -> tuple[str, int]:
    """The catalog that has the scale (the reader's, else the default) and the
    power of ten ``size`` is written at."""
    lang = language_code(language)
    found = magnitudes(family, lang) if lang in languages() else ()
    if not found:
        lang, found = DEFAULT_LANGUAGE, magnitudes(family, DEFAULT_LANGUAGE)
    return lang, next((p for p in found if size >= 10**p), found[-1])


def for_currency(code: str, currency: str) -> str:
    """``code``'s variant for ``currency`` (``<code>_<currency>``) when the catalogs
    have one, an entry or a scale; else ``code``.

    >>> for_currency("amount_format.money", "CNY"), for_currency("amount_format.money", "USD")
    ('amount_format.money_cny', 'amount_format.money')
    >>> for_currency("money_words", "CNY")
    'money_words_cny'
    """
    variant = f"{code}_{currency.lower()}"
    if variant in catalog(DEFAULT_LANGUAGE) or has_scale(variant):
        return variant
    return code
