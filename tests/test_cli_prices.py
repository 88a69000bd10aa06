"""``gpu-advisor-cli prices import`` and ``cost --xlsx``: price lists in, option table out."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from gpu_advisor.cli import main
from gpu_advisor.io.project_file import load_project

DATA = Path(__file__).resolve().parent / "data"
EXAMPLE = "lab_64_gpus_three_years.gpuplan"


@pytest.fixture
def example(tmp_path: Path) -> Path:
    src = resources.files("gpu_advisor.resources") / "examples" / EXAMPLE
    path = tmp_path / EXAMPLE
    path.write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def _cost_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["cost", *args, "--json"]) == 0
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    return doc


def test_import_writes_the_project_and_the_costs_follow(capsys, example):
    before = _cost_json(capsys, str(example))
    assert (
        main(["prices", "import", str(example), str(DATA / "vendor_quote.xlsx")]) == 0
    )
    out = capsys.readouterr().out
    assert "vendor_quote.xlsx: 3 imported price(s)" in out
    assert len(load_project(example).price_overrides) == 3
    after = _cost_json(capsys, str(example))
    totals = {o["id"]: o["total_cny"] for o in after["options"]}
    assert (
        totals["colocation"]
        != {o["id"]: o["total_cny"] for o in before["options"]}["colocation"]
    )


def test_bad_file_is_one_line_exit_2_and_the_project_is_untouched(
    capsys, example, tmp_path
):
    bad = tmp_path / "prices.csv"
    bad.write_text("gpu,item,price,date\nA100-80GB-SXM,on_demand,x,2026-11-20\n")
    original = example.read_bytes()
    assert main(["prices", "import", str(example), str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert "prices.csv: sheet 'prices', row 2, column C (price)" in err
    assert example.read_bytes() == original


def test_json_states_the_commitment_against_its_list_price(capsys, example):
    doc = _cost_json(capsys, str(example))
    c = doc["commitment"]
    assert c["yearly_list_price"] == "monthly_cny_per_gpu_month"
    assert c["spot_list_price"] == "on_demand_cny_per_gpu_hour"
    # the price book's convention: 87.5 % of monthly = 70 % of on-demand, the low
    # end of the idctop.com article's 70-80 % of list
    assert c["yearly_price_factor"] == pytest.approx(0.875)
    assert c["yearly_share_of_on_demand"] == pytest.approx(0.70, abs=1e-6)


def _inputs_by_field(book: openpyxl.Workbook) -> dict[object, tuple[object, ...]]:
    sheet = book.worksheets[-2]  # Inputs, before Demand
    return {r[5]: r for r in sheet.iter_rows(min_row=2, values_only=True)}


def test_xlsx_export_has_the_json_options_as_formulas(capsys, example, tmp_path):
    out = tmp_path / "options.xlsx"
    doc = _cost_json(capsys, str(example), "--xlsx", str(out))
    book = openpyxl.load_workbook(out)
    rows = list(book.worksheets[0].iter_rows(min_row=5, values_only=True))
    assert len(rows) == len(doc["options"])
    for row in rows:  # totals read from each option's sheet (tests/io/test_workbook.py)
        assert str(row[1]).startswith("='")
        assert str(row[1]).endswith("!$E$9")
    demand = list(book.worksheets[-1].iter_rows(min_row=2, values_only=True))
    assert len(demand) == doc["horizon_months"]
    inputs = _inputs_by_field(book)
    assert inputs["budget.on_demand_cny_per_gpu_hour"][3]


def test_xlsx_export_names_imported_prices(capsys, example, tmp_path):
    assert main(["prices", "import", str(example), str(DATA / "price_list.csv")]) == 0
    capsys.readouterr()
    out = tmp_path / "options.xlsx"
    _cost_json(capsys, str(example), "--xlsx", str(out))
    inputs = _inputs_by_field(openpyxl.load_workbook(out))
    source = str(inputs["budget.on_demand_cny_per_gpu_hour"][3])
    assert "price_list.csv" in source
    assert inputs["budget.on_demand_cny_per_gpu_hour"][4] == "2026-11-20"


def test_xlsx_to_an_unwritable_place_is_one_line(capsys, example, tmp_path):
    assert main(["cost", str(example), "--xlsx", str(tmp_path / "no" / "x.xlsx")]) == 2
    assert "cannot write" in capsys.readouterr().err
