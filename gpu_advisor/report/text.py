"""The PDF plan's sentences, worded from the catalogs, and its number formats.

The plan is read by managers and finance, so the words are plain and every
number carries its unit or currency: ``¥1,234,567`` / ``CNY 1,234,567``,
``74.3 GiB``, ``12,345 卡时`` / ``12,345 GPU-hours``. Keys are grouped by the
section that uses them. :func:`tr` formats a sentence with keyword arguments;
both languages of a key take the same placeholders (a test checks this).
"""

from __future__ import annotations

import functools
import math
from typing import Final

from gpu_advisor.model.common import Language
from gpu_advisor.report.glossary import OPTION_IDS, option_name
from gpu_advisor.words import DEFAULT_LANGUAGE, catalog, say
from gpu_advisor.words.money import currency_unit, reader_currency
from gpu_advisor.words.scale import for_currency, scaled

GIB: Final = 2**30
"""Bytes per GiB."""


def tr(key: str, language: Language, /, **kwargs: object) -> str:
    """The sentence ``key`` in ``language``, formatted with ``kwargs``.

    The words are the catalog's entries ``report.<key>``
    (``resources/words/<language>/report.toml``); ``opt.<id>`` is an option's one name.

    Examples
    --------
    >>> tr("doc.page_of", Language.EN, page=2, pages=9)
    'page 2 of 9'
    >>> tr("doc.page_of", Language.ZH, page=2, pages=9)
    '第 2 页，共 9 页'
    >>> tr("opt.colocation", Language.ZH)
    '托管'
    """
    if key.startswith("opt."):
        return option_name(key.removeprefix("opt."), language)
    return say(f"report.{key}", language, kwargs)


def has_text(key: str) -> bool:
    """Whether :func:`tr` words ``key``.

    >>> has_text("bd.add_ons_storage"), has_text("opt.spot"), has_text("bd.no_such_line")
    (True, True, False)
    """
    if key.startswith("opt."):
        return key.removeprefix("opt.") in OPTION_IDS
    return f"report.{key}" in catalog(DEFAULT_LANGUAGE)


# --- number formats --------------------------------------------------------


def _grouped(value: float, decimals: int = 0) -> str:
    if not math.isfinite(value):
        return "—"
    return f"{value:,.{decimals}f}"


def _known(code: str) -> bool:
    return code in catalog(DEFAULT_LANGUAGE)


def role_text(role: str, language: Language | str) -> str:
    """A sign-off role as shown: a default role (stored in English, as typed) in
    the reader's words (``role.*`` in ``resources/words/<language>/terms.toml``);
    a role the author named otherwise, and every role in English, as stored.

    >>> role_text("Finance", "zh"), role_text("Finance", "en"), role_text("法务", "zh")
    ('财务', 'Finance', '法务')
    >>> role_text(" engineering lead", "zh"), role_text("finance", "en")
    ('技术负责人', 'finance')
    """
    if str(getattr(language, "value", language)).startswith(DEFAULT_LANGUAGE):
        return role  # stored in the default language, as the author typed it
    key = _default_roles().get(role.strip().lower())
    return role if key is None else say(f"role.{key}", language)


@functools.cache
def _default_roles() -> dict[str, str]:
    """The default roles' English names (lower case) -> their ``role.*`` ids."""
    return {
        str(entry).lower(): code.removeprefix("role.")
        for code, entry in catalog(DEFAULT_LANGUAGE).items()
        if code.startswith("role.")
    }


NEUTRAL_UNITS: Final = frozenset(
    {"", "B", "GiB", "GB/s", "TB", "TB/month", "Mbps", "W", "kW", "MHz", "C"}
    | {"Gbit/s", "TFLOP/s", "TB/s", "×", "%"}
)
"""Units written the same way in every language (no ``unit_name.*`` entry)."""


def unit_text(unit: str, language: Language | str, value: object = None) -> str:
    """An engine unit (always English) as the reader's language writes it.

    The words are ``unit_name.<unit>`` (``unit_name_one.<unit>`` after the number
    one) in ``resources/words/<language>/terms.toml``; a unit without an entry
    is written as the engine writes it. Give ``value`` to have English say
    "1 month" rather than "1 months".

    >>> unit_text("CNY/GPU-hour", "zh"), unit_text("CNY/GPU-hour", "en")
    ('元/卡时', 'CNY/GPU-hour')
    >>> unit_text("months", "en", 1), unit_text("months", "en", 2)
    ('month', 'months')
    >>> unit_text("GiB", "zh")
    'GiB'

    A unit in another currency (``USD/GPU-hour``, from
    :func:`~gpu_advisor.words.money.in_reader_currency`) is worded as its CNY
    unit with the currency's name in place of CNY's:

    >>> unit_text("USD/GPU-hour", "zh"), unit_text("EUR", "en")
    ('美元/卡时', 'EUR')
    """
    code = unit.partition("/")[0]
    if code != "CNY" and _known(f"currency_unit.{code}"):
        cny = unit_text("CNY" + unit.removeprefix(code), language, value)
        return cny.replace(
            currency_unit(language, "CNY"), currency_unit(language, code), 1
        )
    if value == 1 and _known(f"unit_name_one.{unit}"):
        return say(f"unit_name_one.{unit}", language)
    if _known(f"unit_name.{unit}"):
        return say(f"unit_name.{unit}", language)
    return unit


def money(value_cny: float, language: Language, decimals: int = 0) -> str:
    """A CNY amount in the reader's currency (:mod:`gpu_advisor.words.money`).

    Examples
    --------
    >>> money(1234567.4, Language.ZH), money(1234567.4, Language.EN)
    ('¥1,234,567', 'CNY 1,234,567')
    >>> money(-2500, Language.EN)
    '-CNY 2,500'
    >>> from gpu_advisor.words.money import amounts_in
    >>> with amounts_in("USD", 8.0):
    ...     money(-2500, Language.EN), money(2500, Language.ZH)
    ('-USD 312', '312 美元')
    """
    currency = reader_currency()
    value = currency.shown(value_cny)
    placed = _placed("money", _grouped(abs(value), decimals), language)
    return f"-{placed}" if value < 0 else placed


def _placed(form: str, number: str, language: Language) -> str:
    """``number`` with the reader's currency placed as ``amount_format.<form>`` says."""
    code = reader_currency().code
    return say(
        for_currency(f"amount_format.{form}", code),
        language,
        x=number,
        code=code,
        unit=currency_unit(language),
    )


def money_short(value_cny: float, language: Language) -> str:
    """A compact CNY amount for chart axes: ``¥120万`` / ``CNY 1.2M``
    (the magnitudes are the catalog's ``scale.short``).

    Examples
    --------
    >>> money_short(1_200_000, Language.ZH), money_short(1_200_000, Language.EN)
    ('¥120万', 'CNY 1.2M')
    >>> money_short(0, Language.EN)
    '0'
    >>> from gpu_advisor.words.money import amounts_in
    >>> with amounts_in("USD", 8.0):
    ...     money_short(1_200_000, Language.ZH), money_short(1_200_000, Language.EN)
    ('15万美元', 'USD 150k')
    """
    if value_cny == 0:
        return "0"
    value = reader_currency().shown(value_cny)
    placed = _placed("short", scaled("short", abs(value), language, _trim), language)
    return f"-{placed}" if value < 0 else placed


def _trim(value: float) -> str:
    text = f"{value:,.1f}" if value < 100 else f"{value:,.0f}"
    return text.removesuffix(".0")


def gib(value_bytes: float) -> str:
    """Bytes as GiB with one decimal.

    Examples
    --------
    >>> gib(80 * 2**30)
    '80.0 GiB'
    """
    return f"{_grouped(value_bytes / GIB, 1)} GiB"


def gpu_hours_band(low: float, high: float, language: Language) -> str:
    """A P10–P90 GPU-hour range (``amount.gpu_hours_band``).

    Examples
    --------
    >>> gpu_hours_band(727.4, 1375.6, Language.ZH)
    '727 – 1,376 卡时'
    """
    return say(
        "amount.gpu_hours_band", language, low=_grouped(low), high=_grouped(high)
    )


def gpu_hours(value: float, language: Language) -> str:
    """GPU-hours, called 卡时 in Chinese (``amount.gpu_hours``).

    Examples
    --------
    >>> gpu_hours(12345.6, Language.ZH), gpu_hours(12345.6, Language.EN)
    ('12,346 卡时', '12,346 GPU-hours')
    """
    return say("amount.gpu_hours", language, value=_grouped(value))


def days(value: float, language: Language) -> str:
    """A duration in days, one decimal (``amount.days``).

    Examples
    --------
    >>> days(12.34, Language.ZH), days(1.0, Language.EN)
    ('12.3 天', '1.0 days')
    """
    return say("amount.days", language, value=_grouped(value, 1))


def percent(fraction: float, decimals: int = 0) -> str:
    """A fraction as a percentage.

    Examples
    --------
    >>> percent(0.456), percent(0.456, 1)
    ('46%', '45.6%')
    """
    return f"{_grouped(fraction * 100, decimals)}%"


def counted(value: int, noun: str, language: Language | str) -> str:
    """A count with its noun: "1 card", "8 cards", "8 张卡".

    The noun's plural table is ``unit.<noun>`` (``card``, ``server``, ``month``,
    ``node``) in the catalogs.

    >>> counted(1, "server", "en"), counted(8, "server", "en"), counted(8, "server", "zh")
    ('1 server', '8 servers', '8 台服务器')
    """
    return say(f"unit.{noun}", language, n=value)


def count(value: float) -> str:
    """A whole number with thousands separators.

    >>> count(1234)
    '1,234'
    """
    return _grouped(value)


def flops(value: float) -> str:
    """Floating-point operations as a power of ten, for a paragraph (reportlab markup).

    Never "1.23e21": the exponent is set as a superscript.

    Examples
    --------
    >>> flops(1.234e21)
    '1.23 × 10<super>21</super> FLOP'
    >>> flops(0)
    '0 FLOP'
    """
    if value <= 0:
        return "0 FLOP"
    exponent = math.floor(math.log10(value))
    mantissa = value / 10**exponent
    if round(mantissa, 2) >= 10:  # 9.996e21 rounds up to the next power
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{mantissa:.2f} × 10<super>{exponent}</super> FLOP"


def tokens(value: float, language: Language) -> str:
    """A token count in billions (亿 in Chinese: the catalog's ``scale.tokens``).

    Examples
    --------
    >>> tokens(2e12, Language.EN), tokens(2e12, Language.ZH)
    ('2,000 B tokens', '20,000 亿 token')
    """
    return scaled("tokens", value, language, _trim)


def params(value: float, language: Language) -> str:
    """A parameter count in billions (亿 in Chinese: ``scale.params``).

    Examples
    --------
    >>> params(7e9, Language.EN), params(7e9, Language.ZH)
    ('7 B', '70 亿')
    """
    return scaled("params", value, language, _trim)
