"""A scenario's changes in words, the same in the steps, the CLI and the PDF."""

from __future__ import annotations

import json
from collections.abc import Mapping

from gpu_advisor import words
from gpu_advisor.model.project import SCENARIO_TARGETS
from gpu_advisor.model.scenario_results import ScenarioFigures
from gpu_advisor.report.glossary import input_name, option_name


def change_text(
    name: str,
    value_json: str,
    language: str,
    names: Mapping[str, str] | None = None,
) -> str:
    """One override as 'human name = value' (``null``: the catalog's value);
    ``names``: display names of catalog ids (``report.formulas.catalog_names``), so a GPU
    reads as its model, not its id; a region is named in ``language``.

    Examples
    --------
    >>> change_text("horizon_months", "24", "en")
    'Planning horizon = 24'
    >>> change_text("options", '["on_demand", "colocation"]', "zh")
    '比较的方案 = 按量付费、托管'
    >>> change_text("gpu_price_cny", "null", "en")
    'Card price = catalog value'
    >>> change_text("gpu_id", '"H100"', "en", {"H100": "NVIDIA H100 80GB SXM5"})
    'GPU model = NVIDIA H100 80GB SXM5'
    """
    section, target = SCENARIO_TARGETS[name]
    label = input_name(f"{section}.{target}", language)
    value = json.loads(value_json)
    if value is None:
        shown = words.say("scenario.catalog_value", language)
    elif isinstance(value, list):
        shown = words.say("words.list_separator", language).join(
            option_name(v, language) for v in value
        )
    elif isinstance(value, float):
        shown = f"{value:,.6g}"
    elif name == "region_id" and isinstance(value, str):
        shown = words.say(f"region.{value}", language)
    else:
        shown = str(value)
        shown = (names or {}).get(shown, shown)
    return f"{label} = {shown}"


def changes_text(
    column: ScenarioFigures, language: str, names: Mapping[str, str] | None = None
) -> str:
    """Every override of a column, joined; '—' for the base plan (``names``:
    as :func:`change_text`)."""
    if not column.overrides:
        return "—"
    sep = words.say("scenario.change_separator", language)
    return sep.join(
        change_text(k, v, language, names) for k, v in column.overrides.items()
    )
