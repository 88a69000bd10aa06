"""What changed between two plans, in the reader's words and number format.

The engine's :class:`~gpu_advisor.model.diff_results.PlanDiff` holds plan
file paths and raw values (``budget.on_demand_cny_per_gpu_hour``, ``2.05e6``,
``None``). This module words them as the rest of the app does: the field by
the glossary's name (:func:`~gpu_advisor.report.glossary.field_name`), the
value with grouped digits, sensible decimals and its unit
(:func:`~gpu_advisor.report.formulas.display_value`), money in the reader's
currency, a field left to its default as "default (value, source)", and a
result's move as "+305,847 CNY (+14.9%)". Never scientific notation.

A field's unit is its schema description's ``[unit]`` when it has one, else
what the field's name says it is (``…_cny_per_gpu_hour``: CNY/GPU-hour).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Final

from gpu_advisor.model.common import InputRef
from gpu_advisor.model.diff_results import ResultChange
from gpu_advisor.model.project import Project
from gpu_advisor.report.formulas import ValueFormatter, input_value
from gpu_advisor.report.glossary import field_key, field_name, option_name, value_text
from gpu_advisor.report.sources import source_text
from gpu_advisor.report.text import unit_text
from gpu_advisor.words import DEFAULT_LANGUAGE, catalog, say
from gpu_advisor.words.money import amount, currency_unit

_UNIT_BY_NAME: Final[Sequence[tuple[str, str]]] = (
    ("tokens_billion", "1e9 tokens"),
    ("params_billion", "1e9 params"),
    ("_per_100_hours", ""),
    ("_per_100_gpus", ""),
    ("_cny_per_gpu_hour", "CNY/GPU-hour"),
    ("_cny_per_gpu_month", "CNY/GPU-month"),
    ("_cny_per_kwh", "CNY/kWh"),
    ("_cny_per_kw", "CNY/kW"),
    ("_cny_per_tb_month", "CNY/TB-month"),
    ("_cny_per_tb", "CNY/TB"),
    ("_cny_per_mbps_month", "CNY/Mbps-month"),
    ("_cny_per_month", "CNY/month"),
    ("_cny_per_year", "CNY/year"),
    ("_cny_per_server", "CNY/server"),
    ("_cny", "CNY"),
    ("gpu_hours", "GPU-hours"),
    ("_hours", "h"),
    ("_days", "days"),
    ("_months", "months"),
    ("_years", "years"),
    ("_minutes", "min"),
    ("_ms", "ms"),
    ("_s", "s"),
    ("_tb_per_month", "TB/month"),
    ("_tb", "TB"),
    ("_mbps", "Mbps"),
    ("_w_per_gpu", "W/GPU"),
    ("_gib", "GiB"),
    ("_gib_per_gpu", "GiB"),
    ("_gbit_per_s", "Gbit/s"),
    ("_temp_c", "°C"),
)
"""A field's unit by how its name ends (the first match wins)."""

_SHARE: Final = re.compile(
    r"(?:_fraction|_factor|_share|_per_year|_haircut|mfu|prefix_cache_hit"
    r"|monthly_growth)$"
)
"""Fields that are shares or rates: shown as percentages."""
_BEFORE_ASIDE: Final = re.compile(r"\s*[（(]")
_DESCRIBED_UNIT: Final = re.compile(r"\[([^\]]+)\]\s*$")


def _schema_description(key: str) -> str:
    """The description of the plan file field ``key`` (``*`` for list items)."""
    from pydantic import BaseModel

    model: object = Project
    info = None
    for part in key.split("."):
        if part == "*" or not (
            isinstance(model, type) and issubclass(model, BaseModel)
        ):
            continue
        info = model.model_fields.get(part)
        if info is None:
            return ""
        model = _inner_model(info.annotation)
    return (info.description or "") if info is not None else ""


def _inner_model(annotation: object) -> object:
    """The model inside ``X | None`` or ``list[X]``, else the annotation."""
    from typing import get_args

    from pydantic import BaseModel

    for arg in (annotation, *get_args(annotation)):
        for inner in (arg, *get_args(arg)):
            if isinstance(inner, type) and issubclass(inner, BaseModel):
                return inner
    return annotation


def field_unit(path: str) -> str:
    """The engine unit of a plan file field (``""`` for a count or a text).

    >>> field_unit("budget.on_demand_cny_per_gpu_hour"), field_unit("workload.tokens_billion")
    ('CNY/GPU-hour', '1e9 tokens')
    >>> field_unit("environment.shm_gib"), field_unit("budget.spot_price_factor")
    ('GiB', '1')
    >>> field_unit("budget.spot_interruptions_per_100_hours"), field_unit("vendors.0.name")
    ('', '')
    """
    key = field_key(path)
    name = key.rsplit(".", 1)[-1]
    if _SHARE.search(name):
        return "1"
    described = _DESCRIBED_UNIT.search(_schema_description(key))
    if described and described.group(1) not in ("1", "1e9"):
        return described.group(1)
    return next((unit for end, unit in _UNIT_BY_NAME if name.endswith(end)), "")


def plain_number(value: float) -> str:
    """A number with grouped digits and sensible decimals, never e-notation.

    >>> plain_number(2057250.0), plain_number(12.5), plain_number(0.00012345)
    ('2,057,250', '12.5', '0.000123')
    >>> plain_number(1e21), plain_number(-3.14159)
    ('1,000,000,000,000,000,000,000', '-3.14')
    """
    if not math.isfinite(value):
        return "—"
    size = abs(value)
    if size >= 1000 or value == round(value):
        decimals = 0
    elif size >= 100:
        decimals = 1
    elif size >= 1:
        decimals = 2
    else:
        decimals = min(12, 2 - math.floor(math.log10(size)))
    text = f"{value:,.{decimals}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def exact_number(value: float) -> str:
    """A number with every digit it holds, grouped, never e-notation (for two
    values that :func:`plain_number` would show alike).

    >>> exact_number(14.5001), exact_number(2.5e-7), exact_number(1e21)
    ('14.5001', '0.00000025', '1,000,000,000,000,000,000,000')
    """
    if not math.isfinite(value):
        return "—"
    return format(Decimal(repr(float(value))).normalize(), ",f")


def percent(share: float, signed: bool = False) -> str:
    """A share as a percentage with at most one decimal (``−`` for minus).

    >>> percent(0.5137), percent(-0.0423, signed=True), percent(0.5)
    ('51.4%', '−4.2%', '50%')
    >>> percent(0.00045, signed=True), percent(0.0)
    ('+0.045%', '0%')
    """
    points = share * 100
    if 0 < abs(points) < 0.05:  # a small move is not "+0%"
        text = plain_number(abs(points))
        sign = "-" if points < 0 else ("+" if signed else "")
        return f"{sign}{text}%".replace("-", "−")
    text = f"{points:{'+' if signed else ''},.1f}"
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return text.replace("-", "−") + "%"


def _unit_word(unit: str, language: str) -> str:
    code = f"report.field_unit.{unit}"
    return say(code, language) if code in catalog(DEFAULT_LANGUAGE) else ""


def value_words(
    path: str, value: object, language: str, names: Mapping[str, str] | None = None
) -> str:
    """A plan file value in the reader's words, with its unit.

    >>> value_words("budget.on_demand_cny_per_gpu_hour", 14.5, "zh")
    '14.5 元/卡时'
    >>> value_words("workload.tokens_billion", 2057.25, "en")
    '2,057 billion tokens'
    >>> value_words("budget.spot_price_factor", 0.35, "en")
    '35%'
    >>> value_words("budget.options", ["spot", "colocation"], "zh")
    '竞价实例、托管'
    >>> value_words("monitoring.util_window_minutes", 30, "zh")
    '30 分钟'
    >>> value_words("vendors.0.kind", "rental", "zh"), value_words("price_overrides.0.item", "gpu_price_cny", "en")
    ('算力租赁', 'Card price')
    """
    names = dict(names or {})
    if value is None or value in ("", [], {}):
        return say("report.change.none", language)
    if isinstance(value, list):
        return say("report.change.list_separator", language).join(
            value_words(path, item, language, names) for item in value
        )
    if isinstance(value, dict):
        return say("report.change.list_separator", language).join(
            f"{k}={v}" for k, v in value.items()
        )
    if isinstance(value, bool):
        return value_text(str(value).lower(), language)
    if isinstance(value, str):
        return _text_words(path, value, language, names)
    number = float(value) if isinstance(value, int | float) else math.nan
    return _number_words(path, number, language, names)


_FIELD_VALUED: Final = frozenset({"item", "use_catalog"})
"""Fields whose values name another field (an imported price's item, a
scenario's figures left to the catalog)."""
_FIELD_HOMES: Final = ("budget", "workload", "meta")


def _text_words(path: str, value: str, language: str, names: Mapping[str, str]) -> str:
    """A text value: a catalog id by its model, a field by its name, else in words."""
    if value in names:
        return names[value]
    if path.endswith("currency"):
        return currency_unit(language, value)
    if path.rsplit(".", 1)[-1] in _FIELD_VALUED:
        for home in _FIELD_HOMES:
            named = field_name(f"{home}.{value}", language)
            if named != f"{home}.{value}":
                return named
    code = f"report.field_value.{value}"
    if code in catalog(DEFAULT_LANGUAGE):
        return say(code, language)
    return value_text(value, language)


def _number_words(
    path: str,
    number: float,
    language: str,
    names: dict[str, str],
    digits: ValueFormatter = plain_number,
) -> str:
    unit = field_unit(path)
    if unit == "1":
        return percent(number) if digits is plain_number else f"{digits(number * 100)}%"
    if unit == "1e9 params":
        number, unit = number * 1e9, "params"
    own = _unit_word(unit, language)
    if own:
        return f"{digits(number)} {own}"
    ref = InputRef(name=path, value=number, unit=unit, source="project")
    return input_value(ref, language, digits, names)


def exact_words(
    path: str, value: float, language: str, names: Mapping[str, str]
) -> str:
    """A number as :func:`value_words` words it, with every digit it holds.

    >>> exact_words("budget.on_demand_cny_per_gpu_hour", 14.5001, "en", {})
    '14.5001 CNY/GPU-hour'
    """
    return _number_words(path, value, language, dict(names), exact_number)


def default_words(
    path: str,
    language: str,
    defaults: Mapping[str, InputRef],
    names: Mapping[str, str] | None = None,
) -> str:
    """A budget field left empty: "default (value, source)" when the evaluation
    knows the default (:attr:`PlanEvaluation.budget_defaults`), else "default".

    >>> ref = InputRef(name="budget.pue", value=1.3, unit="", source="engine: x")
    >>> default_words("budget.pue", "en", {"pue": ref})
    'default (1.3, computed from your plan)'
    >>> default_words("budget.pue", "zh", {})
    '默认值'
    """
    key = path.removeprefix("budget.")
    ref = defaults.get(key) if path.startswith("budget.") else None
    if ref is None:
        return say("report.change.default", language)
    if isinstance(ref.value, str):
        shown = value_words(path, ref.value, language, names)
    else:
        shown = input_value(
            ref.model_copy(update={"name": path}),
            language,
            plain_number,
            dict(names or {}),
        )
    # the source by its name; its citations are the "why?" dialog's
    source = _BEFORE_ASIDE.split(source_text(ref.source, language).text, maxsplit=1)[0]
    return say("report.change.default_known", language, value=shown, source=source)


def result_words(
    change: ResultChange, language: str, names: Mapping[str, str]
) -> tuple[str, str, str]:
    """A result that moved: its old and new value and the size of the move.

    >>> from gpu_advisor.model.common import Message
    >>> r = ResultChange(key="k", label=Message(code="x"), unit="CNY", old=2052000.0,
    ...                  new=2357847.0, delta=305847.0, relative=0.149)
    >>> result_words(r, "en", {})
    ('2,052,000 CNY', '2,357,847 CNY', '+305,847 CNY (+14.9%)')
    >>> m = ResultChange(key="k", label=Message(code="x"), unit="month", old=7,
    ...                  new=10, delta=3.0, relative=3 / 7)
    >>> result_words(m, "zh", {})
    ('第 7 个月', '第 10 个月', '+3 个月（+42.9%）')
    """
    old = _result_value(change.old, change.unit, language, names)
    new = _result_value(change.new, change.unit, language, names)
    if change.delta is None:
        return old, new, ""
    if change.unit == "1":
        size = say(
            "report.change.points", language, value=percent(change.delta, True)[:-1]
        )
    else:
        size = _result_value(abs(change.delta), change.unit, language, names, move=True)
        size = ("+" if change.delta >= 0 else "−") + size
    if change.relative is not None and change.unit != "1":
        share = percent(change.relative, signed=True)
        size = say("report.change.move", language, size=size, share=share)
    return old, new, size


def _result_value(
    value: object,
    unit: str,
    language: str,
    names: Mapping[str, str],
    move: bool = False,
) -> str:
    if value is None:
        return say("report.change.none", language)
    if isinstance(value, str):
        return names.get(value) or option_name(value, language)
    if not isinstance(value, int | float):
        return str(value)
    if unit == "CNY":
        return amount(float(value), language)
    if unit == "1":
        return percent(float(value))
    if unit == "month":
        if move:  # a move of the payback month: a number of months
            return (
                f"{plain_number(float(value))} {unit_text('months', language, value)}"
            )
        return say("diff.month", language, value=plain_number(float(value)))
    if unit in ("GPU-h", "days", "GPUs", "nodes"):
        shown = f"{float(value):,.1f}" if unit == "days" else plain_number(float(value))
        return f"{shown} {say(f'diff.unit.{unit}', language)}"
    return plain_number(float(value))
