"""The PDF's candidate GPUs at cost: a card that cannot run the job shows the
reason and no total (issue [feasible])."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from gpu_advisor import words
from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Language
from gpu_advisor.report.plan import build_plan_pdf
from gpu_advisor.words import catalog_languages

SH = (
    Path(__file__).resolve().parents[2]
    / "resources/examples/shanghai_13b_finetune.gpuplan"
)


@pytest.mark.parametrize("language", list(catalog_languages()))
def test_the_candidate_table_says_why_l40s_cannot_run(language: Language) -> None:
    catalog = load_catalog()
    project = load_project(SH)
    ev = evaluate_plan(project, catalog, monte_carlo=False)
    pdf = build_plan_pdf(project, ev, catalog, language=language)
    text = " ".join(
        " ".join((page.extract_text() or "").split())
        for page in PdfReader(io.BytesIO(pdf)).pages
    )
    heading = words.say("candidate.heading", language)
    body = text[text.rindex(heading) :]
    l40s = next(r for r in ev.candidate_costs if r.gpu_id == "L40S")
    assert l40s.reason is not None
    why = " ".join(words.text(l40s.reason, language).split())
    assert why[:20] in body[:1500]
    assert words.say("candidate.runs_cheapest", language) in body[:1500]
    assert words.say("candidate.greyed_note", language)[:15] in body[:1500]
