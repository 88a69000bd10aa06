"""Export the option table to ``.xlsx`` for the finance team.

Sheet "Options" holds one row per option whose figures are formulas over
the option's own sheet; "Inputs" every figure the totals use (name in the
reader's language, value, unit, source, date), each a defined name the
formulas read (``=GPU_Price*…``); "Demand" the GPU-hours per month (the
formulas of :mod:`gpu_advisor.io.workbook` name it ``Demand!``, replaced by the
sheet's name in the reader's language); then one
sheet per option with its monthly cash flow as formulas
(:mod:`gpu_advisor.io.workbook`), its total, NPV and a capex / opex /
residual / up-front / total table. Amounts are in the plan's currency, to the
cent. Text from files or the user is never written as a formula.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol

from gpu_advisor.engine.api import PlanEvaluation, Prepared, owned_split, prepare
from gpu_advisor.io import workbook as wb
from gpu_advisor.io.project_file import write_atomically
from gpu_advisor.model.cost_results import OptionResult
from gpu_advisor.model.project import OptionId
from gpu_advisor.words import DEFAULT_LANGUAGE, catalog, say
from gpu_advisor.words.terms import option_name

if TYPE_CHECKING:
    from openpyxl.worksheet.worksheet import Worksheet

MONEY = "#,##0.00"
"""Amounts to the cent."""
_SCALAR = re.compile(r"\{(\w+)\}")


class Cited(Protocol):
    """An input's source as the reader reads it (``report.sources.SourceText``)."""

    @property
    def text(self) -> str: ...
    @property
    def date(self) -> str: ...


SourceWords = Callable[[str], Cited]
"""An input's source in the reader's words, with its date."""


def _as_cited(source: str) -> Cited:
    """The source as the engine wrote it, undated."""
    return _Plain(source)


_XML_ILLEGAL: Final = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
"""What openpyxl refuses in a cell (``ILLEGAL_CHARACTERS_RE``) and XML 1.0 cannot hold."""


@dataclass(frozen=True)
class _Plain:
    text: str
    date: str = ""


def cell_text(value: str) -> str:
    """Text for a worksheet cell: characters XML 1.0 cannot hold (C0 controls
    but tab and line breaks: an ESC or NUL in an imported vendor name) shown
    as their escapes, as the CLI shows them, instead of failing the export.

    >>> cell_text("Acme\\x1b[31m\\x00 包年")
    'Acme\\\\x1b[31m\\\\x00 包年'
    """
    return _XML_ILLEGAL.sub(lambda m: repr(m.group())[1:-1], value)


def _text(sheet: Worksheet, row: int, col: int, value: str | float | None) -> None:
    """Write ``value``; a string is always text, never a formula."""
    if isinstance(value, str):
        value = cell_text(value)
    cell = sheet.cell(row=row, column=col, value=value)
    if isinstance(value, str):
        cell.data_type = "s"


def _formula(
    sheet: Worksheet, row: int, col: int, value: str | float | None, money: bool
) -> None:
    """Write a formula (a string starting with "=") or a number we made."""
    cell = sheet.cell(row=row, column=col, value=value)
    if money:
        cell.number_format = MONEY


def _inputs(
    book: Any,
    prep: Prepared,
    lang: str,
    wording: tuple[SourceWords, Callable[[str], str], Callable[[str], str]],
    plan_date: str = "",
) -> None:
    """The Inputs sheet: every resolved input the formulas read, named in the
    reader's language, with its unit, source and date (the plan's date for a
    figure the plan itself gives); ``wording`` words a source, a name, a unit."""
    from openpyxl.workbook.defined_name import DefinedName

    source, name, unit = wording
    sheet = book.create_sheet(say("workbook.sheet.inputs", lang))
    heads = ("input", "value", "unit", "source", "date", "field")
    for col, head in enumerate(heads, 1):
        _text(sheet, 1, col, say(f"workbook.head.{head}", lang))
    r = prep.resolved
    values = dict(r.values)
    values.setdefault("ops_fte", 0.0)
    values.setdefault("retrofit_cny", 0.0)
    row = 2
    currency = r.currency_code
    if currency != "CNY":
        _text(sheet, row, 1, say("workbook.head.fx", lang, currency=currency))
        sheet.cell(row=row, column=2, value=r.cny_per_unit)
        _text(sheet, row, 4, r.currency_source)
        _text(sheet, row, 5, r.currency_as_of)
        book.defined_names["CNY_per_unit"] = DefinedName(
            "CNY_per_unit", attr_text=f"'{sheet.title}'!$B${row}"
        )
        row += 1
    for key, defined in wb.INPUT_NAMES.items():
        ref = r.refs.get(key)
        field = ref.name if ref is not None else key
        _text(sheet, row, 1, _input_label(key, field, lang, name))
        sheet.cell(row=row, column=2, value=float(values.get(key, 0.0)))
        if ref is not None:
            _text(sheet, row, 3, unit(ref.unit))
            cited = source(ref.source)
            _text(sheet, row, 4, cited.text)
            _text(sheet, row, 5, cited.date or plan_date)
        else:
            _text(sheet, row, 4, say("workbook.head.derived", lang))
            _text(sheet, row, 5, plan_date)
        _text(sheet, row, 6, field)
        book.defined_names[defined] = DefinedName(
            defined, attr_text=f"'{sheet.title}'!$B${row}"
        )
        row += 1
    for defined, formula in wb.DERIVED:
        _text(sheet, row, 1, say(f"workbook.derived.{defined}", lang))
        sheet.cell(row=row, column=2, value=formula)
        _text(sheet, row, 4, say("workbook.head.derived", lang))
        book.defined_names[defined] = DefinedName(
            defined, attr_text=f"'{sheet.title}'!$B${row}"
        )
        row += 1
    _curve(book, sheet, prep, lang, row + 1, source)
    sheet.column_dimensions["A"].width = 40
    sheet.column_dimensions["D"].width = 60


def _input_label(key: str, field: str, lang: str, name: Callable[[str], str]) -> str:
    """The input's name for the reader: the workbook's own where the engine's
    field is shared (the two rooms' PUE) or absent, else the plan's name."""
    own = f"workbook.input.{key}"
    return say(own, lang) if own in catalog(DEFAULT_LANGUAGE) else name(field)


def _curve(
    book: Any,
    sheet: Worksheet,
    prep: Prepared,
    lang: str,
    row: int,
    source: SourceWords,
) -> None:
    """The GPU generation's resale curve under the inputs: its typical share
    at each age (the formulas interpolate between them) and the share at the
    plan's reference age that ``Resale_Share`` scales it by."""
    from openpyxl.workbook.defined_name import DefinedName

    r = prep.resolved
    if not r.resale_curve:
        return
    title = say("workbook.head.curve", lang, curve=r.resale_curve_name)
    _text(sheet, row, 1, title)
    _text(sheet, row, 2, say("workbook.head.curve_share", lang))
    _text(sheet, row, 3, say("workbook.head.curve_age", lang))
    first = row + 1
    for i, (age, share) in enumerate(r.resale_curve):
        sheet.cell(row=first + i, column=2, value=float(share))
        sheet.cell(row=first + i, column=3, value=float(age))
    last = first + len(r.resale_curve) - 1
    names = {
        wb.CURVE_SHARES: f"$B${first}:$B${last}",
        wb.CURVE_AGES: f"$C${first}:$C${last}",
    }
    ref_row = last + 1
    _text(sheet, ref_row, 1, say("workbook.head.curve_ref", lang))
    sheet.cell(row=ref_row, column=2, value=float(r.resale_ref_share))
    cited = source(r.refs["resale_share"].source)
    _text(sheet, ref_row, 4, cited.text)
    _text(sheet, ref_row, 5, cited.date)
    names["Resale_Curve_Ref"] = f"$B${ref_row}"
    for defined, cells in names.items():
        book.defined_names[defined] = DefinedName(
            defined, attr_text=f"'{sheet.title}'!{cells}"
        )


def _demand_ref(lang: str) -> str:
    """How the formulas name the Demand sheet in ``lang`` (quoted)."""
    return f"'{say('workbook.sheet.demand', lang)}'!"


def serving_months(prep: Prepared) -> frozenset[int]:
    """The months (0-based) whose work follows a serving day (their cards hour
    by hour on the Demand sheet)."""
    if prep.serving is None:
        return frozenset()
    return frozenset(
        m for m, month in enumerate(prep.serving.months) if month.hourly_gpus
    )


def _demand(book: Any, prep: Prepared, lang: str) -> None:
    """The Demand sheet: GPU-hours, the job's months, the months without spot
    and, when the plan serves, each serving month's replica GPU-hours and its
    cards hour by hour (:func:`gpu_advisor.io.workbook.above`)."""
    sheet = book.create_sheet(say("workbook.sheet.demand", lang))
    for col, head in enumerate(("month", "gpu_hours", "job_runs", "no_spot"), 1):
        _text(sheet, 1, col, say(f"workbook.head.{head}", lang))
    if serving_months(prep):
        _serving_day(sheet, prep, lang)
    p = prep.params
    jobbed = p.job_gpus > 1 and any(p.job_months)
    hybrid = prep.hybrid_plan
    policies = [prep.policy, None if hybrid is None else hybrid.rest_policy]
    # the months whose phase tolerates no spot: the same in every mix plan
    forbidden = next((q.spot_forbidden for q in policies if q is not None), ())
    for m, hours in enumerate(prep.d[0].tolist()):
        sheet.cell(row=m + 2, column=1, value=m + 1)
        sheet.cell(row=m + 2, column=2, value=float(hours))
        runs = jobbed and m < len(p.job_months) and p.job_months[m]
        sheet.cell(row=m + 2, column=3, value=1 if runs else 0)
        no = m < len(forbidden) and forbidden[m]
        sheet.cell(row=m + 2, column=4, value=1 if no else 0)


def _serving_day(sheet: Worksheet, prep: Prepared, lang: str) -> None:
    """The serving months' replica GPU-hours (column E) and cards each hour of
    the day (F to AC), as the serving plan sized them (values)."""
    assert prep.serving is not None
    _text(sheet, 1, 5, say("workbook.head.serving_gpu_hours", lang))
    for hour in range(24):
        _text(sheet, 1, 6 + hour, say("workbook.head.serving_hour", lang, hour=hour))
    for m, month in enumerate(prep.serving.months):
        sheet.cell(row=m + 2, column=5, value=float(month.gpu_hours))
        for hour, cards in enumerate(month.hourly_gpus):
            sheet.cell(row=m + 2, column=6 + hour, value=float(cards))


def _fleet(
    prep: Prepared, months: int, kind: OptionId, cards: int, hours: list[float]
) -> wb.Fleet:
    """The owned option's decisions (``price._renewals``: the months a worn-out
    fleet is bought again while ``hours`` of demand remain)."""
    p = prep.params
    span = max(math.ceil(12 * float(p.life_years[0, 0]) - 1e-9), 1)
    busy = [m for m, h in enumerate(hours) if h > 0]
    last = busy[-1] if busy else -1
    renew = [1 if 0 < m <= last and m % span == 0 else 0 for m in range(months)]
    bought = max([m for m in range(months) if renew[m]], default=0)
    return wb.Fleet(
        self_build=kind is OptionId.SELF_BUILD,
        cards=cards,
        renew=tuple(renew),
        age_end=months - bought,
        ops_fte=p.ops_fte is not None,
        retrofit_given=p.retrofit_cny is not None,
        curve=bool(p.resale_curve),
    )


def _owned_hours(prep: Prepared, cards: int) -> list[float]:
    """The demand ``cards`` owned cards serve (``price.owned_split``)."""
    return [float(h) for h in owned_split(prep.params, prep.d, cards)[0][0]]


def _mix_plan(prep: Prepared, policy: Any) -> wb.MixPlan | None:
    """``policy`` (a ``MixPolicy``) as the workbook's :class:`~gpu_advisor.io.workbook.MixPlan`."""
    if policy is None:
        return None
    return wb.MixPlan(
        yearly=policy.baseline_kind is OptionId.YEARLY,
        baseline=tuple(int(n) for n in policy.baseline_gpus),
        spot_bursts=policy.burst_kind is OptionId.SPOT,
        monthly_allowed=OptionId.MONTHLY in prep.params.rentals,
    )


def _hybrid(ev: PlanEvaluation, prep: Prepared, o: OptionResult) -> wb.Block | None:
    """The hybrid of its own (not the same plan as another option)."""
    hp = prep.hybrid_plan
    if hp is None:
        return None
    months, chk = len(o.monthly_cny), ev.project.budget.checkpointing
    period = prep.resolved.yearly_billing_months
    plan = _mix_plan(prep, hp.rest_policy)
    serving = serving_months(prep)
    if hp.owned_gpus == 0:
        return None if plan is None else wb.mix(o, months, plan, chk, period, serving)
    hours = _owned_hours(prep, hp.owned_gpus)
    rest = any(h - u > 0 for h, u in zip(prep.d[0].tolist(), hours, strict=True))
    fleet = _fleet(prep, months, hp.owned_option, hp.owned_gpus, hours)
    return wb.hybrid(o, months, fleet, plan if rest else None, chk, period, serving)


def _hosted(ev: PlanEvaluation, prep: Prepared, o: OptionResult) -> wb.Block | None:
    """The hosted API: the serving months' tokens at its prices per million."""
    row = ev.cost.serving.option(o.id) if ev.cost.serving is not None else None
    if prep.serving is None or row is None:
        return None
    months = prep.serving.months
    tokens = ([m.input_tokens for m in months], [m.output_tokens for m in months])
    prices = (row.cny_per_million_input_tokens, row.cny_per_million_output_tokens)
    return wb.hosted(o, len(o.monthly_cny), tokens, prices)


def block_of(ev: PlanEvaluation, prep: Prepared, o: OptionResult) -> wb.Block:
    """The option's sheet: its pricing as formulas where the workbook mirrors
    it, else the engine's cash per month (:func:`gpu_advisor.io.workbook.engine_values`)."""
    months = len(o.monthly_cny)
    chk = ev.project.budget.checkpointing
    kind = o.same_as if o.id is OptionId.HYBRID and o.same_as else o.id
    period = prep.resolved.yearly_billing_months
    plan = _mix_plan(prep, prep.policy)
    kept = o.horizon_end is not None and o.horizon_end.rented
    serving = serving_months(prep)
    found: wb.Block | None = None
    if kind is OptionId.ON_DEMAND:
        found = wb.on_demand(o, months)
    elif kind is OptionId.MONTHLY:
        found = wb.monthly(o, months, serving)
    elif kind is OptionId.YEARLY:
        found = wb.yearly(o, months, period, serving)
    elif kind is OptionId.SPOT:
        found = wb.spot(o, months, chk)
    elif kind is OptionId.MIX and plan is not None:
        found = wb.mix(o, months, plan, chk, period, serving)
    elif kind in (OptionId.COLOCATION, OptionId.SELF_BUILD) and not kept:
        cards = o.gpus if o.id is OptionId.HYBRID else prep.owned_gpus
        hours = prep.d[0].tolist()
        fleet = _fleet(prep, months, kind, cards, hours)
        found = wb.owned(o, months, fleet, serving=serving)
    elif kind is OptionId.HYBRID and not kept:
        found = _hybrid(ev, prep, o)
    elif kind is OptionId.HOSTED_API:
        found = _hosted(ev, prep, o)
    return found or wb.engine_values(o, months, ev.cost.currency.cny_per_unit)


def _fill(text: str, b: wb.Block) -> str:
    """``{scalar}`` placeholders replaced by the scalar's cell."""
    return _SCALAR.sub(lambda m: b.s(m.group(1)), text)


def _scalars(sheet: Worksheet, b: wb.Block, lang: str, fx: str) -> None:
    """The option's figures above its table (column A names, B values)."""
    _text(sheet, 3, 1, say("workbook.head.figure", lang))
    for i, sc in enumerate(b.scalars):
        _text(sheet, 4 + i, 1, say(f"workbook.line.{sc.key}", lang))
        value: str | float = sc.formula
        if isinstance(value, str):
            value = _fill(value, b)
        _formula(sheet, 4 + i, 2, value, sc.money)


def _line(key: str, lang: str) -> str:
    """A column's header; the hybrid's rented part says so."""
    if key.startswith("rent_"):
        line = say(f"workbook.line.{key.removeprefix('rent_')}", lang)
        return say("workbook.head.rented", lang, line=line)
    return say(f"workbook.line.{key}", lang)


def _table(sheet: Worksheet, b: wb.Block, lang: str, head_row: int, fx: str) -> None:
    """The monthly table: month, discount factor, line items, cash, PV."""
    from openpyxl.utils import get_column_letter

    cur = {"currency": fx}
    n_cols = len(b.columns)
    cash_col, pv_col = 3 + n_cols, 4 + n_cols
    heads = [say("workbook.head.month", lang), say("workbook.head.discount", lang)]
    heads += [_line(c.key, lang) for c in b.columns]
    heads += [
        say("workbook.head.cash", lang, **cur),
        say("workbook.head.present", lang, **cur),
    ]
    for col, head in enumerate(heads, 1):
        _text(sheet, head_row, col, head)
    money = [c.key for c in b.columns if c.in_cash]
    div = "" if fx == "CNY" else "/CNY_per_unit"
    cash_letter = get_column_letter(cash_col)
    for m in range(b.months):
        row = b.first_row + m
        sheet.cell(row=row, column=1, value=m + 1)
        sheet.cell(row=row, column=2, value=f"=(1+Discount_Rate)^(-(A{row}-1)/12)")
        for i, column in enumerate(b.columns):
            value = column.cell(m)
            if isinstance(value, str):
                value = "=" + _fill(value, b).replace("Demand!", _demand_ref(lang))
                if column.money and not column.converted and div and b.note != "values":
                    value = f"=({value[1:]}){div}"
            _formula(sheet, row, 3 + i, value, column.money)
        cash = wb.sum_cells([b.at(k, m) for k in money])
        _formula(sheet, row, cash_col, f"={cash}", True)
        _formula(sheet, row, pv_col, f"={cash_letter}{row}*B{row}", True)


def option_sheet(
    book: Any, ev: PlanEvaluation, prep: Prepared, o: OptionResult, lang: str
) -> str:
    """Write one option's sheet; its title."""
    from openpyxl.utils import get_column_letter

    b = block_of(ev, prep, o)
    fx = ev.cost.currency.code
    name = option_name(o.id, lang)[:31]
    sheet = book.create_sheet(re.sub(r"[\[\]:*?/\\]", " ", name))
    _text(sheet, 1, 1, name)
    _text(sheet, 2, 1, say(f"workbook.head.{b.note}", lang))
    head_row = max(4 + len(b.scalars), 12) + 1
    b.place(3, head_row + 1, "B")
    _scalars(sheet, b, lang, fx)
    _table(sheet, b, lang, head_row, fx)
    first, last = b.first_row, b.first_row + b.months - 1
    cash = get_column_letter(3 + len(b.columns))
    pv = get_column_letter(4 + len(b.columns))
    div = "" if fx == "CNY" else "/CNY_per_unit"
    summary = {
        "total": f"=SUM({cash}{first}:{cash}{last})",
        "npv": f"=SUM({pv}{first}:{pv}{last})",
        "capex": f"=({_fill(b.capex, b)}){div}" if b.scalars else "=0",
        "residual": f"=({_fill(b.residual, b)}){div}" if b.scalars else "=0",
        "opex": "=E9-E5+E6",
        "upfront": f"={cash}{first}",
    }
    _text(sheet, 3, 4, say("workbook.head.summary", lang))
    for i, key in enumerate(("capex", "residual", "opex", "upfront", "total", "npv")):
        _text(sheet, 5 + i, 4, say(f"workbook.head.{key}", lang, currency=fx))
        _formula(sheet, 5 + i, 5, summary[key], True)
    _text(sheet, 11, 4, say("workbook.head.check", lang))
    sheet.column_dimensions["A"].width = 30
    sheet.column_dimensions["D"].width = 30
    return str(sheet.title)


SUMMARY_ROWS = {
    "capex": 5,
    "residual": 6,
    "opex": 7,
    "upfront": 8,
    "total": 9,
    "npv": 10,
}
"""Row of each summary figure (column E) on an option's sheet."""


def _options(book: Any, ev: PlanEvaluation, titles: list[str], lang: str) -> None:
    """The Options sheet: each option's summary, read from its sheet."""
    sheet = book.active
    sheet.title = say("workbook.sheet.options", lang)
    fx = ev.cost.currency.code
    _text(
        sheet,
        1,
        1,
        say("workbook.head.title", lang, title=ev.project.meta.title, currency=fx),
    )
    _text(sheet, 2, 1, say("workbook.head.decided", lang))
    heads = (
        "option",
        "total",
        "npv",
        "capex",
        "opex",
        "residual",
        "upfront",
        "per_hour",
        "utilization",
        "cards",
        "feasible",
    )
    for col, head in enumerate(heads, 1):
        _text(sheet, 4, col, say(f"workbook.head.{head}", lang, currency=fx))
    for i, (o, title) in enumerate(zip(ev.cost.options, titles, strict=True)):
        row = 5 + i
        _text(sheet, row, 1, option_name(o.id, lang))
        for col, key in enumerate(
            ("total", "npv", "capex", "opex", "residual", "upfront"), 2
        ):
            _formula(sheet, row, col, f"='{title}'!$E${SUMMARY_ROWS[key]}", True)
        hours = o.useful_gpu_hours
        if o.utilization is None:  # the hosted API bills tokens, not card-hours
            _text(sheet, row, 8, "—")
            _text(sheet, row, 9, "—")
        else:
            _formula(
                sheet, row, 8, f"=IF({hours}>0,B{row}/{hours},0)" if hours else 0, True
            )
            sheet.cell(row=row, column=9, value=o.utilization)
        sheet.cell(row=row, column=10, value=o.gpus)
        _text(
            sheet, row, 11, say(f"workbook.head.{'yes' if o.feasible else 'no'}", lang)
        )
    sheet.column_dimensions["A"].width = 28


def write_option_table(
    ev: PlanEvaluation,
    path: Path,
    *,
    language: str = "en",
    source_words: SourceWords = _as_cited,
    name_words: Callable[[str], str] = str,
    unit_words: Callable[[str], str] = str,
) -> None:
    """Write the option workbook to ``path`` (via a temporary file) in
    ``language`` (a catalog's code: its sheets, heads and labels are the
    catalog's ``workbook.*`` entries); ``source_words`` words each input's
    source (its citation and date), ``name_words`` its name and ``unit_words``
    its unit, for the reader.

    Raises ``OSError`` when the file cannot be written; an existing file is
    then left as it was.
    """
    import openpyxl  # deferred: only price imports and exports need it

    lang = language
    prep = prepare(ev.project, ev.catalog, ev.sizing)
    book = openpyxl.Workbook()
    titles = [option_sheet(book, ev, prep, o, lang) for o in ev.cost.options]
    _options(book, ev, titles, lang)
    plan_date = ev.project.meta.plan_date.isoformat()
    _inputs(book, prep, lang, (source_words, name_words, unit_words), plan_date)
    _demand(book, prep, lang)
    data = io.BytesIO()
    book.save(data)
    # the one writer of single files: an exclusive temporary file (never a
    # planted ".name.tmp" link), fsync, atomic rename
    write_atomically(Path(path), data.getvalue())
