"""Each "why?" formula in words a manager reads, in Chinese and English, values filled in.

The engine's :class:`~gpu_advisor.model.common.Explanation` keeps its
formula in the engineer's notation (``train_flops / (peak·1e12·MFU·3600)``).
:func:`formula_text` gives the reader the same formula in words, with the
input values and units substituted: ``{input.name}`` in a template becomes
"the value and unit" of that input; ``{option}`` the option's one name. An
input the template does not mention is listed after it ("where …"), so every
value behind the number is shown. Shared by the "why?" dialog and the PDF.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Explanation, InputRef
from gpu_advisor.report.glossary import (
    input_name,
    option_name,
    result_title,
    value_text,
)
from gpu_advisor.report.sources import SourceIndex, reference_text, source_text
from gpu_advisor.report.text import unit_text
from gpu_advisor.words import DEFAULT_LANGUAGE, catalog, entry, say
from gpu_advisor.words.money import in_reader_currency
from gpu_advisor.words.scale import unit_at

_OPTION_KEY: Final = re.compile(r"^cost\.options\.([a-z_]+)\.")

_OWNED_TOTALS: Final = frozenset(
    f"cost.options.{option}.total_cny" for option in ("colocation", "self_build")
)
"""Owned options: bought hardware, not rented hours."""

_PLACEHOLDER: Final = re.compile(r"\{([^{}]+)\}")

ValueFormatter = Callable[[float], str]
"""Formats a number in the reader's locale (grouped digits, never ``1e+21``)."""


def catalog_names(catalog: Catalog) -> dict[str, str]:
    """Display names of the catalog ids an input value can be (networks, GPUs).

    The network's model without the English gloss: "InfiniBand NDR 400 Gb/s".
    """
    names = {n.id: n.name.split(" (")[0].split(",")[0] for n in catalog.networks}
    return names | {g.id: g.name for g in catalog.gpus}


def template_key(key: str) -> str:
    """The key of a result's formula in words (``report.formula.<key>``).

    >>> template_key("cost.options.spot.npv_cny")
    'cost.options.*.npv_cny'
    """
    return _OPTION_KEY.sub("cost.options.*.", key)


def formula_template(key: str, language: str) -> str | None:
    """The formula in words of result ``key``, its inputs not yet filled in.

    ``{input.name}`` stands for that input's value and unit, ``{option}`` for the
    option's name; None when the catalogs have no words for the result. A result's
    own entry comes before its option's (``cost.options.*.…``).

    >>> formula_template("cost.options.spot.npv_cny", "en")[:26]
    '{option}, present value = '
    >>> formula_template("no.such.result", "en") is None
    True
    """
    if key in _OWNED_TOTALS:
        key = "cost.options.owned.total_cny"
    for code in (f"report.formula.{key}", f"report.formula.{template_key(key)}"):
        if code in catalog(DEFAULT_LANGUAGE):
            return str(entry(code, language))
    return None


PERCENT_INPUTS: Final = frozenset(
    {
        "compute.mfu",
        "workload.mfu",
        "compute.recompute_mfu_factor",
        "cluster.scaling_efficiency",
        "network.TARGET_SCALING_EFFICIENCY",
        "budget.spot_price_factor",
        "budget.yearly_price_factor",
        "budget.residual_fraction",
        "budget.resale_haircut",
        "budget.network_fraction_of_hardware",
        "budget.maintenance_fraction_per_year",
        "budget.discount_rate_per_year",
        "budget.financing_rate_per_year",
        "budget.gpu_load_factor",
        "cost.commitment.yearly_share_of_on_demand",
    }
)
"""Inputs that are shares or rates: shown as a percentage ("38.2%", not 0.382367)."""

_PERCENT_NAME: Final = re.compile(
    r"^(?:catalog\.networks\.[^.]+\.efficiency|scaling_efficiency_at\?.+"
    r"|cost\.options\.[a-z_]+\.utilization)$"
)


def _percent(value: float) -> str:
    """A share as a percentage with at most one decimal.

    >>> _percent(0.382367), _percent(0.5), _percent(0.875)
    ('38.2%', '50%', '87.5%')
    """
    text = f"{value * 100:,.1f}".rstrip("0").rstrip(".")
    return f"{text}%"


def display_value(
    ref: InputRef, language: str, number: ValueFormatter, names: dict[str, str]
) -> tuple[str, str]:
    """An input's value and unit as the reader reads them.

    Shares are percentages, bytes GiB, parameter and token counts in the
    reader's large units (亿 in Chinese, billion in English); catalog ids by
    their model name, flags and kinds in words.

    >>> ref = InputRef(name="compute.mfu", value=0.382367, source="engine")
    >>> display_value(ref, "zh", str, {})
    ('38.2%', '')
    >>> ref = InputRef(name="shape.params_total", value=13e9, unit="params", source="project")
    >>> display_value(ref, "zh", "{:,.0f}".format, {}), display_value(ref, "en", "{:,.0f}".format, {})
    (('130', '亿个参数'), ('13', 'billion parameters'))
    """
    value = ref.value
    if isinstance(value, str):
        return names.get(value) or value_text(value, language), ""
    unit = ref.unit
    if unit in ("", "1", "fraction") and (
        ref.name in PERCENT_INPUTS or _PERCENT_NAME.match(ref.name)
    ):
        return _percent(value), ""
    if unit == "B":
        return f"{value / 2**30:,.1f}", "GiB"
    if unit in ("params", "1e9 tokens"):  # the catalog's scale.*_unit
        count = value * (1e9 if unit == "1e9 tokens" else 1.0)
        family = "tokens_unit" if unit == "1e9 tokens" else "params_unit"
        scaled, words = unit_at(family, count, language)
        return number(scaled), words
    if unit.startswith("CNY"):  # an amount: in the reader's currency
        value, unit = in_reader_currency(float(value), unit)
    return number(value), unit_text(unit, language, value)


def input_value(
    ref: InputRef, language: str, number: ValueFormatter, names: dict[str, str]
) -> str:
    """An input's value and unit as the reader reads it ("312 TFLOP/s", "包月")."""
    value, unit = display_value(ref, language, number, names)
    if unit == "%":
        return f"{value}%"
    return f"{value} {unit}".strip()


@dataclass(frozen=True)
class InputRow:
    """One input behind a number, in the reader's words."""

    name: str
    value: str
    unit: str
    source: str
    date: str
    """Date of the figure (``""`` for what the user typed or the plan computed)."""
    kind: str
    """Kind of source: see :class:`gpu_advisor.report.sources.SourceText`."""
    confirmed: bool


def input_rows(
    explanation: Explanation,
    language: str,
    number: ValueFormatter,
    names: dict[str, str],
    index: SourceIndex,
) -> list[InputRow]:
    """Every input of ``explanation``: human name, value, unit, source and date."""
    rows: list[InputRow] = []
    for ref in explanation.inputs:
        value, unit = display_value(ref, language, number, names)
        source = source_text(ref.source, language, index)
        rows.append(
            InputRow(
                name=input_name(ref.name, language, names),
                value=value,
                unit=unit,
                source=source.text,
                date=source.date,
                kind=source.kind,
                confirmed=ref.confirmed,
            )
        )
    return rows


@dataclass(frozen=True)
class ReaderExplanation:
    """A "why?" for a manager: title, formula in words, inputs and reference."""

    title: str
    formula: str
    inputs: list[InputRow]
    reference: str


def explain(
    explanation: Explanation,
    language: str,
    number: ValueFormatter,
    catalog: Catalog | None = None,
    index: SourceIndex | None = None,
) -> ReaderExplanation:
    """The explanation as the "why?" dialog and the plan's annex show it.

    Parameters
    ----------
    explanation : Explanation
        The engine's explanation of one result.
    language : str
        ``"zh…"`` or ``"en…"``.
    number : callable
        Formats a number in the reader's locale.
    catalog : Catalog, optional
        Names GPU and network models and dates and titles the sources.
    index : SourceIndex, optional
        ``SourceIndex.of(catalog)``, when the caller keeps one.
    """
    names = catalog_names(catalog) if catalog is not None else {}
    index = index or SourceIndex.of(catalog)
    return ReaderExplanation(
        title=result_title(explanation.key, language),
        formula=formula_text(explanation, language, number, names),
        inputs=input_rows(explanation, language, number, names, index),
        reference=reference_text(explanation.reference, language)
        if explanation.reference
        else "",
    )


def formula_text(
    explanation: Explanation,
    language: str,
    number: ValueFormatter,
    names: dict[str, str] | None = None,
) -> str:
    """The formula of ``explanation`` in words, with its inputs' values substituted.

    Falls back to the engine's notation for a result without a text here.
    """
    names = names or {}
    template = formula_template(explanation.key, language)
    refs = {ref.name: ref for ref in explanation.inputs}
    used: set[str] = set()
    match = _OPTION_KEY.match(explanation.key)
    option = option_name(match.group(1), language) if match else ""

    def fill(found: re.Match[str]) -> str:
        name = found.group(1)
        if name == "option":
            return option
        ref = refs.get(name)
        if ref is None:
            return "—"
        used.add(name)
        return input_value(ref, language, number, names)

    if template is None:
        return explanation.formula
    text = _PLACEHOLDER.sub(fill, template)
    rest = [
        f"{input_name(ref.name, language, names)} "
        f"{input_value(ref, language, number, names)}"
        for ref in explanation.inputs
        if ref.name not in used
    ]
    if rest:
        sep = say("report.formula_tail.input_separator", language)
        return say(
            "report.formula_tail.where", language, formula=text, inputs=sep.join(rest)
        )
    return say("report.formula_tail.end", language, formula=text)
