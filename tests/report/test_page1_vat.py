"""Page 1 states the VAT basis of its figures in one line (issue #29)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from gpu_advisor import words
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Language
from gpu_advisor.report.plan import build_plan_pdf
from tests.report.conftest import evaluate_for_tests

LAB = (
    Path(__file__).resolve().parents[2]
    / "resources"
    / "examples"
    / "lab_64_gpus_three_years.gpuplan"
)

pytestmark = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed"
)


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("recoverable", [None, False])
@pytest.mark.parametrize("lang", [Language.EN, Language.ZH])
def test_page_one_states_the_vat_basis(
    recoverable: bool | None, lang: Language, tmp_path: Path
) -> None:
    catalog = load_catalog()
    project = load_project(LAB)
    meta = project.meta.model_copy(update={"vat_recoverable": recoverable})
    project = project.model_copy(update={"meta": meta})
    evaluation = evaluate_for_tests(project, catalog)
    pdf = tmp_path / "plan.pdf"
    pdf.write_bytes(build_plan_pdf(project, evaluation, catalog, language=lang))
    page1 = subprocess.run(
        ["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    code = "cost.vat.recovered" if recoverable is None else "cost.vat.included"
    assert _flat(words.say(code, lang)) in _flat(page1)
