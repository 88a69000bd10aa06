"""The PDF plan's sentences, worded from the catalogs, and its number formats.

The plan is read by managers and finance, so the words are plain and every
number carries its unit or currency: ``¥1,234,567`` / ``CNY 1,234,567``,
``74.3 GiB``, ``12,345 卡时`` / ``12,345 GPU-hours``. Keys are grouped by the
section that uses them. :func:`tr` formats a sentence with keyword arguments;
both languages of a key take the same placeholders (a test checks this).
"""

from __future__ import annotations

import math
from typing import Final

from gpu_advisor.model.common import Language
from gpu_advisor.report.glossary import OPTION_NAMES, option_name
from gpu_advisor.words import DEFAULT_LANGUAGE, catalog, say

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
        return key.removeprefix("opt.") in OPTION_NAMES
    return f"report.{key}" in catalog(DEFAULT_LANGUAGE)


# --- number formats --------------------------------------------------------


def _grouped(value: float, decimals: int = 0) -> str:
    if not math.isfinite(value):
        return "—"
    return f"{value:,.{decimals}f}"


_ROLES_ZH: Final = {
    "engineering lead": "技术负责人",
    "finance": "财务",
    "management": "管理层",
    "procurement": "采购",
    "cto": "CTO",
}


def role_text(role: str, language: Language | str) -> str:
    """A sign-off role as shown: the default roles (stored in English) translated.

    >>> role_text("Finance", "zh"), role_text("Finance", "en"), role_text("法务", "zh")
    ('财务', 'Finance', '法务')
    """
    if str(language).startswith("zh"):
        return _ROLES_ZH.get(role.strip().lower(), role)
    return role


_UNITS_ZH: Final = {
    "CNY": "元",
    "CNY/GPU": "元/卡",
    "CNY/GPU-hour": "元/卡时",
    "CNY/GPU-month": "元/卡·月",
    "CNY/kWh": "元/度",
    "CNY/kW": "元/kW",
    "CNY/month": "元/月",
    "CNY/year": "元/年",
    "CNY/server": "元/台",
    "CNY/rack-month": "元/机柜·月",
    "CNY/TB": "元/TB",
    "CNY/TB-month": "元/TB·月",
    "CNY/Mbps-month": "元/Mbps·月",
    "years": "年",
    "months": "个月",
    "days": "天",
    "h": "小时",
    "s": "秒",
    "GPU-hours": "卡时",
    "GPU-h": "卡时",
    "W/GPU": "W/卡",
    "cards": "张卡",
    "count": "个",
    "params": "个参数",
    "sequences": "条序列",
    "tokens": "token",
    "1e9 tokens": "十亿 token",
    "tokens/param": "token/参数",
    "tokens/s": "token/秒",
}
NEUTRAL_UNITS: Final = frozenset(
    {"", "B", "GiB", "GB/s", "TB", "TB/month", "Mbps", "W", "kW", "MHz", "C"}
    | {"Gbit/s", "TFLOP/s", "TB/s", "×", "%"}
)
"""Units written the same way in Chinese and English."""


_UNITS_EN: Final = {"1e9 tokens": "billion tokens", "1e9": "billion", "count": ""}
"""Engine units an English reader would not write so."""

_SINGULAR_EN: Final = {
    "sequences": "sequence",
    "months": "month",
    "years": "year",
    "days": "day",
    "cards": "card",
    "GPU-hours": "GPU-hour",
}


def unit_text(unit: str, language: Language | str, value: object = None) -> str:
    """An engine unit (always English) as the reader's language writes it.

    Give ``value`` to have English say "1 month" rather than "1 months".

    >>> unit_text("CNY/GPU-hour", "zh"), unit_text("CNY/GPU-hour", "en")
    ('元/卡时', 'CNY/GPU-hour')
    >>> unit_text("months", "en", 1), unit_text("months", "en", 2)
    ('month', 'months')
    """
    if str(language).startswith("zh"):
        return _UNITS_ZH.get(unit, unit)
    unit = _UNITS_EN.get(unit, unit)
    if value == 1:
        return _SINGULAR_EN.get(unit, unit)
    return unit


def money(value_cny: float, language: Language, decimals: int = 0) -> str:
    """A CNY amount with its currency.

    Examples
    --------
    >>> money(1234567.4, Language.ZH), money(1234567.4, Language.EN)
    ('¥1,234,567', 'CNY 1,234,567')
    >>> money(-2500, Language.EN)
    '-CNY 2,500'
    """
    sign = "-" if value_cny < 0 else ""
    body = _grouped(abs(value_cny), decimals)
    return f"{sign}¥{body}" if language is Language.ZH else f"{sign}CNY {body}"


def money_short(value_cny: float, language: Language) -> str:
    """A compact CNY amount for chart axes: ``¥120万`` / ``CNY 1.2M``.

    Examples
    --------
    >>> money_short(1_200_000, Language.ZH), money_short(1_200_000, Language.EN)
    ('¥120万', 'CNY 1.2M')
    >>> money_short(0, Language.EN)
    '0'
    """
    if value_cny == 0:
        return "0"
    sign = "-" if value_cny < 0 else ""
    v = abs(value_cny)
    if language is Language.ZH:
        if v >= 1e8:
            return f"{sign}¥{_trim(v / 1e8)}亿"
        if v >= 1e4:
            return f"{sign}¥{_trim(v / 1e4)}万"
        return f"{sign}¥{_trim(v)}"
    for div, suffix in ((1e9, "B"), (1e6, "M"), (1e3, "k")):
        if v >= div:
            return f"{sign}CNY {_trim(v / div)}{suffix}"
    return f"{sign}CNY {_trim(v)}"


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
    """A P10–P90 GPU-hour range.

    Examples
    --------
    >>> gpu_hours_band(727.4, 1375.6, Language.ZH)
    '727 – 1,376 卡时'
    """
    unit = "卡时" if language is Language.ZH else "GPU-hours"
    return f"{_grouped(low)} – {_grouped(high)} {unit}"


def gpu_hours(value: float, language: Language) -> str:
    """GPU-hours, called 卡时 in Chinese.

    Examples
    --------
    >>> gpu_hours(12345.6, Language.ZH), gpu_hours(12345.6, Language.EN)
    ('12,346 卡时', '12,346 GPU-hours')
    """
    unit = "卡时" if language is Language.ZH else "GPU-hours"
    return f"{_grouped(value)} {unit}"


def days(value: float, language: Language) -> str:
    """A duration in days.

    Examples
    --------
    >>> days(12.34, Language.ZH), days(1.0, Language.EN)
    ('12.3 天', '1.0 days')
    """
    unit = "天" if language is Language.ZH else "days"
    return f"{_grouped(value, 1)} {unit}"


def percent(fraction: float, decimals: int = 0) -> str:
    """A fraction as a percentage.

    Examples
    --------
    >>> percent(0.456), percent(0.456, 1)
    ('46%', '45.6%')
    """
    return f"{_grouped(fraction * 100, decimals)}%"


_COUNTED: Final[dict[str, tuple[str, str, str]]] = {
    "card": ("张卡", "card", "cards"),
    "server": ("台服务器", "server", "servers"),
    "month": ("个月", "month", "months"),
    "node": ("个节点", "node", "nodes"),
}
"""(Chinese measure word and noun, English singular, English plural) of counted things."""


def counted(value: int, noun: str, language: Language | str) -> str:
    """A count with its noun: "1 card", "8 cards", "8 张卡".

    >>> counted(1, "server", "en"), counted(8, "server", "en"), counted(8, "server", "zh")
    ('1 server', '8 servers', '8 台服务器')
    """
    zh, one, many = _COUNTED[noun]
    if str(language).startswith("zh"):
        return f"{_grouped(value)} {zh}"
    return f"{_grouped(value)} {one if value == 1 else many}"


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
    """A token count in billions (十亿 → 亿 in Chinese).

    Examples
    --------
    >>> tokens(2e12, Language.EN), tokens(2e12, Language.ZH)
    ('2,000 B tokens', '20,000 亿 token')
    """
    if language is Language.ZH:
        return f"{_trim(value / 1e8)} 亿 token"
    return f"{_trim(value / 1e9)} B tokens"


def params(value: float, language: Language) -> str:
    """A parameter count in billions.

    Examples
    --------
    >>> params(7e9, Language.EN), params(7e9, Language.ZH)
    ('7 B', '70 亿')
    """
    if language is Language.ZH:
        return f"{_trim(value / 1e8)} 亿"
    return f"{_trim(value / 1e9)} B"
