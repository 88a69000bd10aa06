"""A plan shown in another currency prints its amounts in that currency only.

Issue #29: a USD plan's PDF printed CNY. Every amount a reader sees (the PDF in
both languages, ``cost``'s text) is converted from CNY and named in the plan's
currency; what may still say CNY is listed here, each a figure quoted from its
source or the exchange rate itself, so the test fails on anything else.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Final

import pytest

from gpu_advisor.cli import main
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project, save_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Currency, Project
from gpu_advisor.report.plan import build_plan_pdf
from tests.report.conftest import evaluate_for_tests, pdf_text

EXAMPLES: Final = Path(__file__).resolve().parents[2] / "resources" / "examples"

QUOTED: Final = {
    # the idctop.com article's own figure (cost.warning.electricity_article_claim)
    Language.EN: ("10,000–20,000 CNY per card per year",),
    Language.ZH: ("一两万元",),
}
"""Source figures quoted as published, in CNY whatever the plan's currency."""

_YUAN: Final = re.compile(r"(?<![美欧港])元|¥|人民币")
"""Yuan in Chinese text: 元 not part of 美元, 欧元 or 港元, ¥, 人民币."""


def in_usd(name: str) -> Project:
    project = load_project(EXAMPLES / f"{name}.gpuplan")
    meta = project.meta.model_copy(
        update={"currency": Currency.USD, "exchange_rate_cny_per_unit": 7.1}
    )
    return project.model_copy(update={"meta": meta})


def yuan_left(text: str, language: Language) -> list[str]:
    """Every mention of CNY or yuan in ``text`` outside the quoted figures."""
    # a line break may fall inside 美元: Chinese is compared without spaces;
    # a page break too, with the page's furniture between 美 and 元: its
    # footer, its header (the plan's title) and the draft mark
    footer = r"^(.*?) — (?:第 \d+ 页，共 \d+ 页|Page \d+ of \d+)\s*$"
    furniture = set(re.findall(footer, text, flags=re.M)) | {"草稿", "DRAFT"}
    text = re.sub(footer, "", text, flags=re.M)
    text = "\n".join(line for line in text.split("\n") if line.strip() not in furniture)
    flat = ("" if language is Language.ZH else " ").join(text.split())
    for quote in QUOTED[language]:
        flat = flat.replace(quote, "")
    found = re.findall(r".{0,30}CNY.{0,30}", flat)
    if language is Language.ZH:
        # 每元素 ("per element", the activation memory formula) is not money
        found += re.findall(
            r".{0,20}(?:" + _YUAN.pattern + r").{0,20}", flat.replace("每元素", "")
        )
    return found


@pytest.mark.parametrize(
    "name",
    [
        "lab_64_gpus_three_years",
        "shanghai_13b_finetune",
        "shenzhen_7b_pretrain_then_serve",
    ],
)
def test_a_usd_plan_prints_no_cny(name: str) -> None:
    catalog = load_catalog()
    project = in_usd(name)
    evaluation = evaluate_for_tests(project, catalog)
    for language in (Language.EN, Language.ZH):
        text = pdf_text(build_plan_pdf(project, evaluation, catalog, language=language))
        assert yuan_left(text, language) == []
        assert ("USD" if language is Language.EN else "美元") in text


def test_the_quotes_are_what_the_lab_plan_prints() -> None:
    """The allowed quotes are really printed (else the list above is stale)."""
    catalog = load_catalog()
    project = in_usd("lab_64_gpus_three_years")
    evaluation = evaluate_for_tests(project, catalog)
    en = pdf_text(build_plan_pdf(project, evaluation, catalog, language=Language.EN))
    assert QUOTED[Language.EN][0] in " ".join(en.split())
    # a CNY plan still says CNY and ¥ / 元 as before
    cny = load_project(EXAMPLES / "lab_64_gpus_three_years.gpuplan")
    plain = evaluate_for_tests(cny, catalog)
    zh = pdf_text(build_plan_pdf(cny, plain, catalog, language=Language.ZH))
    assert "万元" in zh
    assert yuan_left(en, Language.EN) == []


def test_cost_text_in_usd(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plan = tmp_path / "lab.gpuplan"
    save_project(in_usd("lab_64_gpus_three_years"), plan)
    for language in (Language.EN, Language.ZH):
        assert main(["cost", str(plan), "--lang", language.value]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[1] == "1 USD = 7.1 CNY (-, project)"  # the rate itself
        assert yuan_left("\n".join(lines[2:]), language) == []
    assert main(["cost", str(plan), "--lang", "en", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    reasons = " ".join(r["message"] for r in doc["recommendation"]["reasons"])
    assert "USD" in reasons
    assert "CNY" not in reasons
