"""Importing a vendor quote (.xlsx) and a price list (.csv) as dated overrides."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import openpyxl
import pytest

from gpu_advisor.engine.cost.resolve import resolve
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.price_import import (
    PriceImportError,
    import_prices,
    merge_prices,
    read_price_file,
)
from gpu_advisor.io.project_file import load_project, save_project
from gpu_advisor.model.project import PriceItem, Project, ProjectMeta

DATA = Path(__file__).resolve().parents[1] / "data"
QUOTE = DATA / "vendor_quote.xlsx"
PRICE_LIST = DATA / "price_list.csv"
CATALOG = load_catalog()


def test_vendor_quote_xlsx_rows_and_their_place_in_the_file() -> None:
    rows = read_price_file(QUOTE, CATALOG)
    assert [(r.gpu_id, r.item, r.typical) for r in rows] == [
        ("A100-80GB-SXM", PriceItem.PURCHASE, 88000.0),
        ("A100-80GB-SXM", PriceItem.SERVER, 165000.0),
        ("A100-80GB-SXM", PriceItem.MONTHLY, 5600.0),
    ]
    first = rows[0]
    assert first.as_of == dt.date(2026, 11, 25)
    assert first.vendor == "Vendor A"
    assert first.includes_vat is False
    # the title row and the blank row above the header are skipped
    assert first.location == "Quote, row 4"
    assert first.source_file == "vendor_quote.xlsx"


def test_csv_price_list_with_ranges_and_chinese_item_names() -> None:
    rows = read_price_file(PRICE_LIST, CATALOG)
    assert len(rows) == 3
    od = rows[0]
    assert (od.low, od.typical, od.high) == (8.5, 9.2, 11.0)
    assert rows[2].gpu_id == "H800-80GB-SXM"
    assert rows[2].item is PriceItem.ON_DEMAND
    assert rows[2].includes_vat is True


GROSS = ProjectMeta(vat_recoverable=False)
"""A company that does not recover input VAT: amounts compare gross."""


def test_imported_prices_override_the_catalog_and_say_where_they_come_from() -> None:
    project = import_prices(Project(meta=GROSS), QUOTE, CATALOG)
    project = import_prices(project, PRICE_LIST, CATALOG)
    r = resolve(project, CATALOG)
    # quote without VAT: the goods rate (13 %) is added
    assert r.values["gpu_price_cny"] == pytest.approx(88000 * 1.13)
    ref = r.refs["gpu_price_cny"]
    assert ref.source.startswith("imported vendor_quote.xlsx (Quote, row 4), Vendor A")
    assert "dated 2026-11-25" in ref.source
    assert "VAT added" in ref.source
    # the price list's own range is used, no region factor on a quote
    assert r.values["on_demand_cny_per_gpu_hour"] == 9.2
    assert r.ranges["on_demand_cny_per_gpu_hour"] == (8.5, 9.2, 11.0)
    # of two monthly prices the newest-dated one wins (quote 11-25 over list 11-20)
    assert r.values["monthly_cny_per_gpu_month"] == 5600
    # the rest still comes from the catalog
    assert r.refs["electricity_cny_per_kwh"].source.startswith("catalog")
    # a general taxpayer (the default, issue #29) compares net amounts: the
    # quote without VAT as it is, the list with VAT less its 6 %
    net = resolve(
        project.model_copy(
            update={"meta": project.meta.model_copy(update={"vat_recoverable": None})}
        ),
        CATALOG,
    )
    assert net.values["gpu_price_cny"] == pytest.approx(88000)
    assert net.values["on_demand_cny_per_gpu_hour"] == pytest.approx(9.2 / 1.06)
    assert net.refs["on_demand_cny_per_gpu_hour"].source.endswith(
        "(net of 6% recoverable VAT)"
    )


def test_a_figure_typed_in_the_budget_step_still_wins() -> None:
    project = import_prices(Project(meta=GROSS), PRICE_LIST, CATALOG)
    typed = project.model_copy(
        update={
            "budget": project.budget.model_copy(
                update={"on_demand_cny_per_gpu_hour": 7.0}
            )
        }
    )
    assert (
        resolve(typed, CATALOG).refs["on_demand_cny_per_gpu_hour"].source == "project"
    )


def test_import_moves_the_cost_figures() -> None:
    base = evaluate(Project(), CATALOG).cost.option
    dear = import_prices(Project(), QUOTE, CATALOG)
    after = evaluate(dear, CATALOG).cost.option
    from gpu_advisor.model.project import OptionId

    assert after(OptionId.MONTHLY).total_cny != base(OptionId.MONTHLY).total_cny


def test_reimporting_the_same_file_does_not_duplicate_rows() -> None:
    once = import_prices(Project(), PRICE_LIST, CATALOG)
    twice = import_prices(once, PRICE_LIST, CATALOG)
    assert twice.price_overrides == once.price_overrides


def test_imported_prices_survive_save_and_load(tmp_path: Path) -> None:
    project = import_prices(Project(), QUOTE, CATALOG)
    path = tmp_path / "plan.gpuplan"
    save_project(project, path)
    assert load_project(path).price_overrides == project.price_overrides


def test_files_without_price_overrides_still_load() -> None:
    examples = Path(__file__).resolve().parents[2] / "resources" / "examples"
    for path in sorted(examples.glob("*.gpuplan")):
        assert load_project(path).price_overrides == []


def _csv(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.csv"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("body", "row", "column", "words"),
    [
        (
            "gpu,item,price,date\nA100-80GB-SXM,on_demand,-3,2026-11-20\n",
            2,
            "C",
            "positive",
        ),
        (
            "gpu,item,price,date\nA100-80GB-SXM,weekly,3,2026-11-20\n",
            2,
            "B",
            "on_demand",
        ),
        ("gpu,item,price,date\nB999,on_demand,3,2026-11-20\n", 2, "A", "unknown GPU"),
        ("gpu,item,price,date\nA100-80GB-SXM,on_demand,3,soon\n", 2, "D", "date"),
        ("gpu,item,price,date\nA100-80GB-SXM,on_demand,3,\n", 2, "D", "empty date"),
        (
            "gpu,item,price,low,date\nA100-80GB-SXM,on_demand,3,4,2026-11-20\n",
            2,
            "D",
            "low <= typical",
        ),
        ("gpu,item,price\nA100-80GB-SXM,on_demand,3\n", 1, "D", "'date' column"),
        ("name,cost\nx,1\n", 1, "A", "no header row"),
    ],
)
def test_bad_csv_is_one_error_naming_sheet_row_and_column(
    tmp_path: Path, body: str, row: int, column: str, words: str
) -> None:
    path = _csv(tmp_path, body)
    with pytest.raises(PriceImportError) as info:
        read_price_file(path, CATALOG)
    message = str(info.value)
    assert message.startswith("bad.csv: sheet 'bad', ")
    assert f"row {row}, column {column}" in message
    assert words in message
    assert "nothing was imported" in message
    assert "\n" not in message
    chinese = info.value.message("zh")
    assert chinese.startswith("bad.csv：工作表 'bad' 第 ")
    assert f"第 {row} 行，{column} 列" in chinese
    assert chinese.endswith("；未导入任何价格")


def test_bad_xlsx_cell_names_its_sheet_row_and_column(tmp_path: Path) -> None:
    book = openpyxl.load_workbook(QUOTE)
    book["Quote"]["C6"] = "ask us"
    bad = tmp_path / "quote.xlsx"
    book.save(bad)
    with pytest.raises(PriceImportError) as info:
        read_price_file(bad, CATALOG)
    assert str(info.value).startswith(
        "quote.xlsx: sheet 'Quote', row 6, column C (Price): "
    )


def test_a_file_that_is_not_a_workbook_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "quote.xlsx"
    bad.write_bytes(b"not a zip file")
    with pytest.raises(PriceImportError, match=r"not a readable \.xlsx workbook"):
        read_price_file(bad, CATALOG)
    other = tmp_path / "quote.pdf"
    shutil.copy(PRICE_LIST, other)
    with pytest.raises(PriceImportError, match=r"use \.xlsx or \.csv"):
        read_price_file(other, CATALOG)


def test_a_bad_row_imports_nothing(tmp_path: Path) -> None:
    good = PRICE_LIST.read_text(encoding="utf-8")
    path = _csv(tmp_path, good + "A100-80GB-SXM,monthly,abc,,,2026-11-20,,\n")
    project = import_prices(Project(), QUOTE, CATALOG)
    with pytest.raises(PriceImportError, match="row 5, column C"):
        import_prices(project, path, CATALOG)
    assert len(project.price_overrides) == 3


def test_merge_refuses_more_than_the_limit() -> None:
    rows = read_price_file(PRICE_LIST, CATALOG)
    many = [
        r.model_copy(update={"as_of": dt.date(2020, 1, 1) + dt.timedelta(days=i)})
        for i in range(501)
        for r in rows[:1]
    ]
    with pytest.raises(ValueError, match="at most 500"):
        merge_prices(Project(), many)
