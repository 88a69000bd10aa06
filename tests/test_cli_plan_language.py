"""``--lang`` without a value: the plan's language, and a new plan's where there is none."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from gpu_advisor.cli import build_parser, main
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import ProjectMeta

EXAMPLE = (
    Path(__file__).resolve().parents[1]
    / "resources"
    / "examples"
    / "shanghai_13b_finetune.gpuplan"
)


@pytest.mark.parametrize(
    "argv",
    [
        ["size", "--params", "7B", "--tokens", "1T"],
        [
            *("serve", "--model", "llama3.1-8b", "--gpu", "H100-80GB-SXM"),
            *("--prompt-tokens", "100", "--output-tokens", "10", "--rate", "1"),
        ],
    ],
)
def test_size_and_serve_default_to_a_new_plans_language(argv: list[str]) -> None:
    """As ``report`` writes in the plan's language: here the plan not yet made."""
    args = build_parser().parse_args(argv)
    assert args.lang == ProjectMeta().language == Language.ZH


@pytest.mark.parametrize(
    ("lang", "width_pages", "words"),
    [
        ([], 1, "决策摘要"),
        (["--lang", "bilingual"], 2, "Decision summary"),
        (["--lang", "en", "--second-lang", "zh"], 2, "决策摘要"),
    ],
)
def test_report_reads_every_form_of_the_language(
    tmp_path: Path, lang: list[str], width_pages: int, words: str
) -> None:
    out = tmp_path / "plan.pdf"
    assert main(["report", str(EXAMPLE), "-o", str(out), *lang]) == 0
    page = PdfReader(str(out)).pages[0]
    assert abs(float(page.mediabox.width) - width_pages * 595.3) < 2
    assert words in (page.extract_text() or "")
