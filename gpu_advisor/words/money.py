"""Amounts in the reader's currency: the plan's display currency, worded per language.

The engine computes in CNY and says which currency the plan is shown in
(:class:`~gpu_advisor.model.cost_results.CurrencyInfo`: a code and CNY per
unit). A renderer words a plan's amounts inside :func:`amounts_in`; every
amount worded there, by a catalog field ``{x:$,.0f}`` or by :func:`amount`, is
converted from CNY and followed by the currency's name in the reader's
language (``currency_unit.<code>``: ``CNY``/``元``, ``USD``/``美元``).
Outside :func:`amounts_in` amounts are CNY, so text worded without a plan
(the catalogs' own examples, a price book's row) reads as before.

The currency is held for the caller's context (a :class:`contextvars.ContextVar`),
not passed to each of the many sentences: the PDF and the CLI each set it once
around what they render from one evaluation, and a thread started elsewhere
reads CNY until it sets its own.

Examples
--------
>>> amount(7_100, "en"), amount(7_100, "zh")
('7,100 CNY', '7,100 元')
>>> with amounts_in("USD", 7.1):
...     amount(7_100, "en"), amount(7_100, "zh"), amount(7.1, "en", ".2f")
('1,000 USD', '1,000 美元', '1.00 USD')
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class ReaderCurrency:
    """The currency amounts are shown in, and CNY per unit of it."""

    code: str = "CNY"
    cny_per_unit: float = 1.0

    def shown(self, value_cny: float) -> float:
        """``value_cny`` in this currency.

        >>> ReaderCurrency("USD", 8.0).shown(100.0)
        12.5
        """
        return value_cny / self.cny_per_unit


CNY: Final = ReaderCurrency()
"""Amounts as the engine computes them."""

_CURRENT: ContextVar[ReaderCurrency] = ContextVar("reader_currency", default=CNY)


def _currency(code: str, cny_per_unit: float) -> ReaderCurrency:
    """``code`` at ``cny_per_unit`` CNY each; a rate that is not a finite
    positive number is refused (``ValueError``)."""
    if not (math.isfinite(cny_per_unit) and cny_per_unit > 0):
        raise ValueError(f"need a finite cny_per_unit > 0, got {cny_per_unit}")
    return ReaderCurrency(code, cny_per_unit)


@contextmanager
def amounts_in(code: str, cny_per_unit: float) -> Iterator[ReaderCurrency]:
    """Word the amounts in the block in ``code`` at ``cny_per_unit`` CNY each.

    >>> with amounts_in("EUR", 8.0) as currency:
    ...     reader_currency() == currency
    True
    >>> reader_currency().code
    'CNY'
    """
    currency = _currency(code, cny_per_unit)
    token = _CURRENT.set(currency)
    try:
        yield currency
    finally:
        _CURRENT.reset(token)


def show_amounts_in(code: str, cny_per_unit: float) -> ReaderCurrency:
    """Word amounts in ``code`` from now on in this context (the app window,
    which shows one plan at a time, sets it with each evaluation).

    >>> import contextvars
    >>> def shown():
    ...     show_amounts_in("USD", 7.0)
    ...     return amount(700, "en")
    >>> contextvars.copy_context().run(shown), amount(700, "en")
    ('100 USD', '700 CNY')
    """
    currency = _currency(code, cny_per_unit)
    if _CURRENT.get() != currency:
        _CURRENT.set(currency)
    return currency


def reader_currency() -> ReaderCurrency:
    """The currency of the amounts worded now (CNY outside :func:`amounts_in`)."""
    return _CURRENT.get()


def currency_unit(language: object, code: str | None = None) -> str:
    """The currency's name after an amount: ``CNY``/``元``, ``USD``/``美元``.

    >>> currency_unit("zh", "HKD"), currency_unit("en")
    ('港元', 'CNY')
    """
    from gpu_advisor.words import DEFAULT_LANGUAGE, catalog, say  # words the names

    code = code or reader_currency().code
    key = f"currency_unit.{code}"
    return say(key, language) if key in catalog(DEFAULT_LANGUAGE) else code


def amount(value_cny: float, language: object, spec: str = ",.0f") -> str:
    """A CNY amount in the reader's currency, formatted by ``spec``, then its name.

    >>> amount(-2500.4, "en"), amount(float("nan"), "zh")
    ('-2,500 CNY', '— 元')
    """
    if not math.isfinite(value_cny):
        return f"— {currency_unit(language)}"
    shown = reader_currency().shown(value_cny)
    return f"{format(shown, spec or ',.0f')} {currency_unit(language)}"


def in_reader_currency(value: float, unit: str) -> tuple[float, str]:
    """A value with an engine unit (``CNY``, ``CNY/GPU-hour``) in the reader's
    currency; other units unchanged.

    >>> with amounts_in("USD", 7.0):
    ...     in_reader_currency(14.0, "CNY/GPU-hour"), in_reader_currency(3.0, "GiB")
    ((2.0, 'USD/GPU-hour'), (3.0, 'GiB'))
    """
    currency = reader_currency()
    if not unit.startswith("CNY") or currency.code == "CNY":
        return value, unit
    return currency.shown(value), currency.code + unit.removeprefix("CNY")
