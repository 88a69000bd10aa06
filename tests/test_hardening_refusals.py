"""Issue #33: what the schema accepts is reported and exported, never an internal error.

On the code before the fix ``report`` stopped with "internal error" (exit 1)
on a plan dated 9999-12-31 (the next steps' due dates ran past the calendar)
and on a 2,000-character Chinese sign-off comment (a table row taller than a
page), and ``cost --xlsx`` did on a vendor name holding ESC or NUL that
``prices import`` had accepted (openpyxl refuses those characters).
"""

from __future__ import annotations

import datetime as dt
from importlib import resources
from pathlib import Path

import openpyxl
import pytest
from pypdf import PdfReader

from gpu_advisor.cli import main
from gpu_advisor.io.project_file import save_project
from gpu_advisor.model.project import Decision, Project

EXAMPLE = "lab_64_gpus_three_years.gpuplan"
COMMENT = ("同意按包年方案采购，预算需财务复核。" * 200)[
    :1989
] + "以上意见完毕签字确认。"


def _example() -> Project:
    text = (resources.files("gpu_advisor.resources") / "examples" / EXAMPLE).read_text(
        encoding="utf-8"
    )
    return Project.model_validate_json(text)


def _pdf_text(path: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(path).pages)


def test_a_plan_dated_on_the_last_day_of_the_calendar_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _example()
    meta = project.meta.model_copy(update={"plan_date": dt.date(9999, 12, 31)})
    plan = tmp_path / "plan.gpuplan"
    save_project(project.model_copy(update={"meta": meta}), plan)
    pdf = tmp_path / "plan.pdf"
    assert main(["report", str(plan), "-o", str(pdf)]) == 0, capsys.readouterr().err
    assert "9999-12-31" in _pdf_text(pdf)


def test_the_longest_chinese_sign_off_comment_is_reported_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _example()
    assert len(COMMENT) == 2000
    rows = list(project.signoff)
    rows[1] = rows[1].model_copy(
        update={"comment": COMMENT, "decision": Decision.APPROVE}
    )
    plan = tmp_path / "plan.gpuplan"
    save_project(project.model_copy(update={"signoff": rows}), plan)
    pdf = tmp_path / "plan.pdf"
    assert main(["report", str(plan), "-o", str(pdf)]) == 0, capsys.readouterr().err
    text = "".join(_pdf_text(pdf).split())
    assert "以上意见完毕签字确认。" in text  # the end of it: nothing cut


def test_a_vendor_name_with_esc_and_nul_is_exported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = tmp_path / "plan.gpuplan"
    save_project(_example(), plan)
    prices = tmp_path / "prices.csv"
    prices.write_bytes(
        b"gpu,item,price,date,vendor\n"
        b"A100-80GB-SXM,on_demand,12,2026-11-20,Acme\x1b[31m\x00X\n"
    )
    assert main(["prices", "import", str(plan), str(prices)]) == 0
    book_path = tmp_path / "options.xlsx"
    assert main(["cost", str(plan), "--xlsx", str(book_path)]) == 0, (
        capsys.readouterr().err
    )
    book = openpyxl.load_workbook(book_path)
    cells = [
        str(cell.value)
        for sheet in book.worksheets
        for row in sheet.iter_rows()
        for cell in row
        if cell.value is not None
    ]
    assert any("Acme\\x1b[31m\\x00X" in value for value in cells)
    assert not any("\x1b" in value or "\x00" in value for value in cells)
