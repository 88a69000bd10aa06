"""Export the option table to ``.xlsx`` for the finance team.

Sheet "Options" holds one row per option with the same figures as
``gpu-advisor-cli cost --json`` (CNY, unrounded); sheet "Inputs" every
cost input with its value, unit and source (catalog citation, the budget
step, or an imported price list with its date); sheet "Monthly" each
option's cash flow per month.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Final

from gpu_advisor.model.cost_results import CostResult
from gpu_advisor.words.terms import option_name

OPTION_COLUMNS: Final = (
    "id",
    "option",
    "total_cny",
    "npv_cny",
    "capex_cny",
    "opex_cny",
    "cost_per_useful_gpu_hour_cny",
    "utilization",
    "gpus",
    "feasible",
)
"""Header of the Options sheet; every column but "option" is a JSON key."""


def option_rows(cost: CostResult, zh: bool = False) -> list[list[object]]:
    """The Options sheet as rows (header first)."""
    rows: list[list[object]] = [list(OPTION_COLUMNS)]
    for o in cost.options:
        rows.append(
            [
                o.id.value,
                option_name(o.id, "zh" if zh else "en"),
                o.total_cny,
                o.npv_cny,
                o.capex_cny,
                o.opex_cny,
                o.cost_per_useful_gpu_hour_cny,
                o.utilization,
                o.gpus,
                o.feasible,
            ]
        )
    return rows


def input_rows(
    cost: CostResult, source_words: Callable[[str], str] = str
) -> list[list[object]]:
    """Every input behind the cost figures, once, with where it came from
    (worded by ``source_words``: the renderer's citation of the sources)."""
    rows: list[list[object]] = [["input", "value", "unit", "source", "confirmed"]]
    seen: set[str] = set()
    for explanation in cost.explanations:
        for ref in explanation.inputs:
            if ref.name in seen or ref.source == "engine":
                continue
            seen.add(ref.name)
            source = source_words(ref.source)
            rows.append([ref.name, ref.value, ref.unit, source, ref.confirmed])
    return rows


def write_option_table(
    cost: CostResult,
    path: Path,
    *,
    zh: bool = False,
    source_words: Callable[[str], str] = str,
) -> None:
    """Write the option table workbook to ``path`` (via a temporary file);
    ``source_words`` words each input's source (its citation) for the reader.

    Raises ``OSError`` when the file cannot be written; an existing file is
    then left as it was.
    """
    import openpyxl  # deferred: only price imports and exports need it

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Options"
    for row in option_rows(cost, zh):
        sheet.append(row)
    inputs = book.create_sheet("Inputs")
    for row in input_rows(cost, source_words):
        inputs.append(row)
    monthly = book.create_sheet("Monthly")
    monthly.append(["month", *(o.id.value for o in cost.options)])
    for month in range(cost.horizon_months):
        monthly.append(
            [
                month + 1,
                *(
                    o.monthly_cny[month] if month < len(o.monthly_cny) else None
                    for o in cost.options
                ),
            ]
        )
    path = Path(path)
    temp = path.with_name(f".{path.name}.tmp")
    try:
        book.save(temp)
        temp.replace(path)
    finally:
        temp.unlink(missing_ok=True)
