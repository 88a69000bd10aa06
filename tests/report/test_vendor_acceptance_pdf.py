"""The PDF's vendor page: each vendor's acceptance is the first row of the
scoring table, with the engine's reason for a vendor held back."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from gpu_advisor.engine.api import evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.common import Language
from gpu_advisor.report.plan import build_plan_pdf
from gpu_advisor.report.text import tr
from gpu_advisor.words import say, text
from tests.evidence_samples import three_vendor_project


def _squeezed(value: str) -> str:
    """Without whitespace: table cells wrap anywhere."""
    return re.sub(r"\s+", "", value)


@pytest.mark.parametrize("language", [Language.EN, Language.ZH])
def test_the_reason_a_vendor_is_held_back_heads_its_column(language: Language) -> None:
    catalog = load_catalog()
    project = three_vendor_project()
    ev = evaluate_plan(project, catalog, monte_carlo=False)
    scoring = ev.vendors.scoring
    assert scoring is not None
    held = next(v for v in scoring.vendors if v.held_back is not None)
    assert held.vendor == "C"  # ECC errors, a failed DCGM memory test
    assert held.held_back is not None
    data = build_plan_pdf(project, ev, catalog, language=language.value)
    pages = PdfReader(io.BytesIO(data)).pages
    body = _squeezed("\n".join(p.extract_text() or "" for p in pages))
    reason = _squeezed(text(held.held_back, language.value))
    label = _squeezed(say("evidence.acceptance.label", language.value))
    first_criterion = _squeezed(tr("crit.price", language))
    at = body.find(label + _squeezed(say("evidence.acceptance.passed", language.value)))
    assert at >= 0, "the acceptance row is the scoring table's first"
    assert at < body.find(reason, at) < body.find(first_criterion, at)
    assert body.count(reason) == 1  # said once, in its row
