"""Import a price list or a vendor quote (.xlsx or .csv) as dated price overrides.

The file holds one table, on the first sheet that has a header row within its
first 20 rows (a quote may carry a title above it). Columns, in any order,
English or Chinese headers, case ignored:

=========  =====================================  ==========================
column     header (any of)                        value
=========  =====================================  ==========================
GPU        gpu, gpu_id, 型号                       catalog id or name, e.g. A100-80GB-SXM
item       item, billing, 计费方式, 项目            on_demand / monthly / purchase / server
                                                  (按量 / 包月 / 整卡 / 服务器)
price      price, typical, 单价, 价格               CNY per GPU-hour, GPU-month, card or server
date       date, as_of, 日期, 报价日期              2026-11-20 (or an Excel date)
low, high  low/最低, high/最高 (optional)           range around the price
vendor     vendor, 供应商 (optional)
vat        vat, includes_vat, 含税 (optional)       yes/no (default yes: VAT included)
=========  =====================================  ==========================

A bad file raises one :class:`PriceImportError` naming the file, the sheet,
the row and the column; nothing is imported.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Final

from pydantic import ValidationError
from typing_extensions import override

from gpu_advisor.io.limits import escape_controls
from gpu_advisor.io.safe_read import FileRefusedError, check_zip, read_file
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Message, Param
from gpu_advisor.model.project import (
    MAX_PRICE_OVERRIDES,
    PriceItem,
    PriceOverride,
    Project,
)
from gpu_advisor.words import say

MAX_PRICE_FILE_BYTES: Final = 5 * 2**20
"""Largest price file read. [bytes]"""

MAX_PRICE_ROWS: Final = 20_000
"""Most rows read from one sheet or CSV (a quote has tens; the project holds
at most ``MAX_PRICE_OVERRIDES`` prices)."""

MAX_PRICE_COLUMNS: Final = 64
"""Most columns read from one sheet or CSV (a price list has eight)."""

MAX_XLSX_ENTRIES: Final = 1_000
"""Most parts in an ``.xlsx`` zip container (a quote has about a dozen)."""

MAX_XLSX_EXPANDED_BYTES: Final = 64 * 2**20
"""Most bytes an ``.xlsx`` may expand to [B] (a quote expands to well under 1 MB)."""

HEADER_SEARCH_ROWS: Final = 20

_HEADERS: Final[dict[str, tuple[str, ...]]] = {
    "gpu": ("gpu", "gpu_id", "gpu id", "型号", "gpu 型号", "gpu型号", "显卡"),
    "item": ("item", "billing", "price type", "计费方式", "项目", "类型"),
    "price": ("price", "typical", "price_cny", "单价", "价格", "报价"),
    "date": ("date", "as_of", "as of", "日期", "报价日期"),
    "low": ("low", "最低", "最低价"),
    "high": ("high", "最高", "最高价"),
    "vendor": ("vendor", "supplier", "供应商", "厂商"),
    "vat": ("vat", "includes_vat", "incl. vat", "含税"),
}
_REQUIRED: Final = ("gpu", "item", "price", "date")
_ITEMS: Final[dict[str, PriceItem]] = {
    **dict.fromkeys(
        (
            "on_demand",
            "on-demand",
            "on demand",
            "ondemand",
            "hourly",
            "按量",
            "按量付费",
            "按需",
        ),
        PriceItem.ON_DEMAND,
    ),
    **dict.fromkeys(("monthly", "month", "包月"), PriceItem.MONTHLY),
    **dict.fromkeys(
        ("purchase", "card", "gpu price", "buy", "整卡", "购买", "采购", "购卡"),
        PriceItem.PURCHASE,
    ),
    **dict.fromkeys(("server", "chassis", "服务器", "整机", "机箱"), PriceItem.SERVER),
}
_YES: Final = {"yes", "y", "true", "1", "是", "含税", "incl", "included"}
_NO: Final = {"no", "n", "false", "0", "否", "不含税", "excl", "excluded"}
_MONEY_JUNK: Final = re.compile(r"[,\s¥￥元]|CNY|RMB", re.IGNORECASE)
_CN_DATE: Final = re.compile(r"^(\d{4})[年/.-](\d{1,2})[月/.-](\d{1,2})日?$")

Cell = object


class PriceImportError(ValueError):
    """One clear problem with a price file: file, sheet, row, column, what.

    ``problem`` is a code of the catalogs' ``io.price_import`` entries and its
    values; :meth:`message` words the whole message in the reader's language.

    >>> error = PriceImportError(Path("q.csv"), "q", 3, 2, "单价", _problem("not_number"))
    >>> str(error)
    "q.csv: sheet 'q', row 3, column B (单价): not a number; nothing was imported"
    >>> error.message("zh")
    "q.csv：工作表 'q' 第 3 行，B 列（单价）：不是数字；未导入任何价格"
    """

    def __init__(
        self,
        path: Path,
        sheet: str,
        row: int,
        column: int,
        header: str,
        problem: Message,
    ) -> None:
        self.path = path
        self.sheet = sheet
        self.row = row
        self.column = column
        self.header = header
        self.problem = problem
        super().__init__(self.message("en"))

    @classmethod
    def of_file(cls, path: Path, problem: Message) -> PriceImportError:
        """A problem with the whole file (row 0): what kind of file, how large.

        >>> str(PriceImportError.of_file(Path("p.csv"), _problem("not_text")))
        'p.csv: not UTF-8 or GB18030 text; nothing was imported'
        """
        return cls(path, path.stem, 0, 0, "", problem)

    @override
    def __str__(self) -> str:
        return self.message("en")

    def message(self, language: str) -> str:
        """The message in ``language``: file, sheet, row, column and what is wrong."""
        if self.row == 0:
            return say(
                "io.safe_read.shown_import",
                language,
                file=escape_controls(self.path.name, 200),
                problem=self.problem,
            )
        where = say(
            "io.price_import.column_named" if self.header else "io.price_import.column",
            language,
            column=_letter(self.column),
            header=self.header,
        )
        return say(
            "io.price_import.shown",
            language,
            file=self.path.name,
            sheet=self.sheet,
            row=self.row,
            where=where,
            problem=self.problem,
        )


def _problem(code: str, **params: Param) -> Message:
    """A problem with a price file: ``io.price_import.<code>`` and its values."""
    return Message(code=f"io.price_import.{code}", params=params)


class _CellError(ValueError):
    """A cell that cannot be read; ``problem`` says why."""

    def __init__(self, code: str, **params: Param) -> None:
        self.problem = _problem(code, **params)
        super().__init__(code)


def _letter(column: int) -> str:
    """Spreadsheet column letter of a 1-based index.

    >>> _letter(1), _letter(27)
    ('A', 'AA')
    """
    out = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        out = chr(65 + rest) + out
    return out or "A"


def _read_sheets(path: Path) -> list[tuple[str, list[tuple[Cell, ...]]]]:
    """Every sheet of the file as (name, rows); a CSV is one sheet.

    The file comes in through the one reader (:func:`read_file`: a regular
    file within :data:`MAX_PRICE_FILE_BYTES`); a workbook's zip container is
    checked (:func:`check_zip`) before openpyxl sees it, and each sheet is
    read up to :data:`MAX_PRICE_ROWS` rows and :data:`MAX_PRICE_COLUMNS`
    columns.
    """
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".xlsx", ".xlsm"):
        raise PriceImportError.of_file(
            path, _problem("unknown_type", suffix=path.suffix)
        )
    try:
        raw = read_file(path, MAX_PRICE_FILE_BYTES)
        if suffix == ".csv":
            return [(path.stem, _csv_rows(path, raw))]
        check_zip(
            raw,
            path,
            max_entries=MAX_XLSX_ENTRIES,
            max_expanded_bytes=MAX_XLSX_EXPANDED_BYTES,
        )
    except FileRefusedError as exc:
        problem = exc.problem
        if problem.code == "io.safe_read.not_zip":  # worded as a workbook
            problem = _problem("not_workbook", error=problem.params.get("error", ""))
        raise PriceImportError.of_file(path, problem) from None
    return _read_workbook(path, raw)


def _csv_rows(path: Path, raw: bytes) -> list[tuple[Cell, ...]]:
    """The rows of a CSV price list; a damaged one is refused, never cut short."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = raw.decode("gb18030")
        except UnicodeDecodeError:
            raise PriceImportError.of_file(path, _problem("not_text")) from None
    # strict: an unterminated quote is an error, not the rest of the file
    # swallowed into one field (which silently dropped the rows after it).
    reader = csv.reader(io.StringIO(text), strict=True)
    rows: list[tuple[Cell, ...]] = []
    while True:
        line = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return rows
        except csv.Error as exc:
            code, params = _csv_problem(str(exc), line)
            raise _refused(path, code, **params) from None
        if len(rows) >= MAX_PRICE_ROWS:
            raise _refused(path, "too_many_rows", limit=MAX_PRICE_ROWS, sheet=path.stem)
        if len(row) > MAX_PRICE_COLUMNS:
            raise _refused(
                path, "too_many_columns", limit=MAX_PRICE_COLUMNS, sheet=path.stem
            )
        rows.append(tuple(row))


def _csv_problem(detail: str, line: int) -> tuple[str, dict[str, Param]]:
    """The catalog code and values for the csv module's complaint."""
    if "field larger than field limit" in detail:
        return "csv_field", {"line": line, "kib": csv.field_size_limit() // 1024}
    if "unexpected end of data" in detail:
        return "csv_quote", {"line": line}
    return "csv_broken", {"line": line, "detail": detail[:120]}


def _refused(path: Path, code: str, /, **params: Param) -> PriceImportError:
    """A whole-file refusal ``io.safe_read.<code>`` as a price import error."""
    problem = Message(code=f"io.safe_read.{code}", params=params)
    return PriceImportError.of_file(path, problem)


def _read_workbook(path: Path, raw: bytes) -> list[tuple[str, list[tuple[Cell, ...]]]]:
    import openpyxl  # deferred: only price imports and exports need it

    try:
        book = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    # openpyxl trips over damaged parts in many ways; each is a bad workbook.
    except Exception as exc:
        raise PriceImportError.of_file(
            path, _problem("not_workbook", error=type(exc).__name__)
        ) from None
    try:
        return [(ws.title, _sheet_rows(path, ws)) for ws in book.worksheets]
    except PriceImportError:
        raise
    except Exception as exc:
        raise PriceImportError.of_file(
            path, _problem("not_workbook", error=type(exc).__name__)
        ) from None
    finally:
        book.close()


def _sheet_rows(path: Path, sheet: Any) -> list[tuple[Cell, ...]]:
    """A sheet's rows, refused beyond :data:`MAX_PRICE_ROWS` x :data:`MAX_PRICE_COLUMNS`."""
    rows: list[tuple[Cell, ...]] = []
    title = str(sheet.title)
    for row in sheet.iter_rows(values_only=True, max_col=MAX_PRICE_COLUMNS + 1):
        if len(rows) >= MAX_PRICE_ROWS:
            raise _refused(path, "too_many_rows", limit=MAX_PRICE_ROWS, sheet=title)
        if len(row) > MAX_PRICE_COLUMNS and row[MAX_PRICE_COLUMNS] is not None:
            raise _refused(
                path, "too_many_columns", limit=MAX_PRICE_COLUMNS, sheet=title
            )
        rows.append(tuple(row[:MAX_PRICE_COLUMNS]))
    return rows


def _norm(value: Cell) -> str:
    return " ".join(str(value).split()).casefold() if value is not None else ""


def _find_header(rows: Sequence[tuple[Cell, ...]]) -> tuple[int, dict[str, int]] | None:
    """Index of the header row and column index per field, if there is one."""
    aliases = {a: field for field, names in _HEADERS.items() for a in names}
    for index, row in enumerate(rows[:HEADER_SEARCH_ROWS]):
        columns: dict[str, int] = {}
        for col, cell in enumerate(row):
            field = aliases.get(_norm(cell))
            if field is not None and field not in columns:
                columns[field] = col
        if {"gpu", "price"} <= columns.keys():
            return index, columns
    return None


def _number(text: Cell) -> float:
    if isinstance(text, bool):
        raise _CellError("not_number")
    if isinstance(text, int | float):
        value = float(text)
    else:
        value = float(_MONEY_JUNK.sub("", str(text)))
    if not value > 0 or value != value or value > 1e9:
        raise _CellError("not_positive")
    return value


def _date(cell: Cell) -> dt.date:
    if isinstance(cell, dt.datetime):
        return cell.date()
    if isinstance(cell, dt.date):
        return cell
    text = str(cell).strip()
    match = _CN_DATE.match(text)
    if match is None:
        raise _CellError("need_date")
    return dt.date(int(match[1]), int(match[2]), int(match[3]))


def _gpu(cell: Cell, catalog: Catalog) -> str:
    wanted = _norm(cell)
    for gpu in catalog.gpus:
        if wanted in (gpu.id.casefold(), _norm(gpu.name)):
            return gpu.id
    shown = ", ".join(g.id for g in catalog.gpus[:8])
    raise _CellError("unknown_gpu", gpu=str(cell), ids=shown)


def _item(cell: Cell) -> PriceItem:
    item = _ITEMS.get(_norm(cell))
    if item is None:
        raise _CellError("need_item")
    return item


def _vat(cell: Cell) -> bool:
    text = _norm(cell)
    if text in _YES:
        return True
    if text in _NO:
        return False
    raise _CellError("need_vat")


def read_price_file(path: Path, catalog: Catalog) -> list[PriceOverride]:
    """Read every price row of a ``.xlsx`` or ``.csv`` file.

    Raises
    ------
    PriceImportError
        The first problem, naming the sheet, row and column; nothing is returned.
    """
    path = Path(path)
    sheets = _read_sheets(path)
    for sheet, rows in sheets:
        found = _find_header(rows)
        if found is not None:
            return _rows(path, sheet, rows, found, catalog)
    first = sheets[0][0] if sheets else path.stem
    raise PriceImportError(
        path,
        first,
        1,
        1,
        "",
        _problem("no_header", rows=HEADER_SEARCH_ROWS),
    )


def _rows(
    path: Path,
    sheet: str,
    rows: Sequence[tuple[Cell, ...]],
    found: tuple[int, dict[str, int]],
    catalog: Catalog,
) -> list[PriceOverride]:
    header_index, columns = found
    header = rows[header_index]
    for field in _REQUIRED:
        if field not in columns:
            raise PriceImportError(
                path,
                sheet,
                header_index + 1,
                len(header) + 1,
                "",
                _problem(
                    "no_column", field=field, headers=", ".join(_HEADERS[field][:3])
                ),
            )
    out: list[PriceOverride] = []
    for index in range(header_index + 1, len(rows)):
        row = rows[index]
        if all(_norm(c) == "" for c in row):
            continue
        out.append(_one_row(path, sheet, index + 1, row, header, columns, catalog))
        if len(out) > MAX_PRICE_OVERRIDES:
            raise PriceImportError(
                path,
                sheet,
                index + 1,
                1,
                "",
                _problem("too_many", limit=MAX_PRICE_OVERRIDES),
            )
    if not out:
        raise PriceImportError(
            path, sheet, header_index + 2, 1, "", _problem("no_rows")
        )
    return out


def _one_row(
    path: Path,
    sheet: str,
    number: int,
    row: tuple[Cell, ...],
    header: tuple[Cell, ...],
    columns: dict[str, int],
    catalog: Catalog,
) -> PriceOverride:
    def cell(field: str) -> Cell:
        col = columns.get(field)
        return row[col] if col is not None and col < len(row) else None

    def bad(field: str, problem: Message) -> PriceImportError:
        col = columns.get(field, 0)
        name = str(header[col]) if col < len(header) else field
        return PriceImportError(path, sheet, number, col + 1, name, problem)

    values: dict[str, object] = {}
    parsers = {
        "gpu": lambda c: _gpu(c, catalog),
        "item": _item,
        "price": _number,
        "date": _date,
        "low": _number,
        "high": _number,
        "vat": _vat,
    }
    for field, parse in parsers.items():
        raw = cell(field)
        if _norm(raw) == "":
            if field in _REQUIRED:
                raise bad(field, _problem("empty", field=field))
            continue
        try:
            values[field] = parse(raw)
        except (ValueError, TypeError) as exc:
            if isinstance(exc, _CellError):
                raise bad(field, exc.problem) from None
            problem = _problem("detail", detail=str(exc)) if str(exc) else None
            raise bad(field, problem or _problem("bad", field=field)) from None
    vendor = cell("vendor")
    try:
        return PriceOverride.model_validate(
            {
                "gpu_id": values["gpu"],
                "item": values["item"],
                "typical": values["price"],
                "low": values.get("low"),
                "high": values.get("high"),
                "as_of": values["date"],
                "vendor": "" if vendor is None else " ".join(str(vendor).split())[:200],
                "includes_vat": values.get("vat", True),
                "source_file": path.name[:300],
                "location": f"{sheet}, row {number}"[:200],
            }
        )
    except ValidationError as exc:
        err = exc.errors()[0]
        field = "low" if "low" in str(err.get("msg", "")) else "price"
        raise bad(
            field, _problem("detail", detail=str(err.get("msg", "invalid value")))
        ) from None


def merge_prices(project: Project, rows: Iterable[PriceOverride]) -> Project:
    """The project with ``rows`` added; they replace earlier rows of the same
    GPU, item and date (re-importing a file does not duplicate it).

    Raises ``ValueError`` when the project would hold more than
    :data:`MAX_PRICE_OVERRIDES` prices.
    """
    new = list(rows)
    keys = {(r.gpu_id, r.item, r.as_of) for r in new}
    kept = [
        r for r in project.price_overrides if (r.gpu_id, r.item, r.as_of) not in keys
    ]
    merged = kept + new
    if len(merged) > MAX_PRICE_OVERRIDES:
        raise ValueError(
            f"{len(merged)} imported prices in all; at most {MAX_PRICE_OVERRIDES} fit"
        )
    return project.model_copy(update={"price_overrides": merged})


def import_prices(project: Project, path: Path, catalog: Catalog) -> Project:
    """Read ``path`` and merge its prices into ``project`` (all or nothing)."""
    return merge_prices(project, read_price_file(path, catalog))
