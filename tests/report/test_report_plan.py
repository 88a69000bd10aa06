"""The PDF plan: sections, key numbers in both languages, metadata, determinism."""

from __future__ import annotations

import hashlib
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from gpu_advisor.io.project_file import fingerprint
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Language
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import Project
from gpu_advisor.report.plan import build_plan_pdf
from gpu_advisor.report.plan.keywords import KEYWORD_FINGERPRINT
from gpu_advisor.report.text import days, gib, gpu_hours, money, percent, tr
from gpu_advisor.words import catalog_languages

SECTIONS = (
    "summary",
    "sizing",
    "cost",
    "vendors",
    "checklist",
    "signoff",
    # behind the annex divider
    "environment",
    "monitoring",
    "assumptions",
)


def _flat(text: str) -> str:
    """Text without line breaks (table cells and paragraphs may wrap)."""
    return re.sub(r"\s+", " ", text)


def test_pdf_header_and_pages(plans: dict[Language, bytes]) -> None:
    for data in plans.values():
        assert data.startswith(b"%PDF-")
        reader = PdfReader(io.BytesIO(data))
        assert len(reader.pages) >= 10
        width, height = (float(v) for v in reader.pages[0].mediabox.upper_right)
        assert (round(width), round(height)) == (595, 842)  # A4


@pytest.mark.parametrize("lang", list(catalog_languages()))
def test_every_section_heading_present(
    texts: dict[Language, str], lang: Language
) -> None:
    text = texts[lang]
    for number, section in enumerate(SECTIONS, 1):
        heading = f"{number} {tr('sec.' + section, lang)}"
        # once in the contents, once as the heading itself
        assert _flat(text).count(heading) >= 2, heading
    assert tr("doc.toc", lang) in text


@pytest.mark.parametrize("lang", list(catalog_languages()))
def test_key_engine_numbers_present(
    texts: dict[Language, str], evaluation: Evaluation, project: Project, lang: Language
) -> None:
    text = _flat(texts[lang])
    sz, cost = evaluation.sizing, evaluation.cost
    expected = [
        gib(sz.memory.per_gpu.total_bytes),
        gpu_hours(sz.compute.gpu_hours, lang),
        gpu_hours(sz.compute.gpu_hours_with_redundancy, lang),
        days(sz.cluster.days, lang),
        fingerprint(project, "0.1.0"),
    ]
    for option in cost.options:
        if option.feasible:
            expected.append(money(option.total_cny, lang))
    if cost.break_even.utilization is not None:
        expected.append(percent(cost.break_even.utilization))
    assert evaluation.monte_carlo is not None
    for pct in evaluation.monte_carlo.percentiles.values():
        expected += [money(pct.p10, lang), money(pct.p50, lang), money(pct.p90, lang)]
    expected.append(percent(evaluation.monte_carlo.p_own_beats_rent))
    diff = evaluation.monte_carlo.own_minus_rent_percentiles
    assert diff is not None  # the sample compares owning with renting
    expected += [money(diff.p10, lang), money(diff.p50, lang), money(diff.p90, lang)]
    missing = [item for item in expected if item not in text]
    assert not missing


def test_monte_carlo_histogram_caption(texts: dict[Language, str]) -> None:
    assert "零线左侧" in _flat(texts[Language.ZH])
    assert "left of the zero line" in _flat(texts[Language.EN])


def test_language_specific_wording(texts: dict[Language, str]) -> None:
    zh, en = texts[Language.ZH], texts[Language.EN]
    assert "卡时" in zh
    assert "¥" in zh
    assert "GPU-hours" not in zh
    # catalog citations in the assumptions section may quote Chinese sources
    body_en = en[: en.rfind(tr("sec.assumptions", Language.EN))]
    assert "GPU-hours" in en
    assert "CNY " in en
    assert "卡时" not in body_en
    assert "第 1 页" not in zh  # the cover has no footer
    assert re.search(r"第 2 页，共 (\d+) 页", zh)
    assert re.search(r"page 2 of (\d+)", en)


def test_page_x_of_y_counts_all_pages(plans: dict[Language, bytes]) -> None:
    reader = PdfReader(io.BytesIO(plans[Language.EN]))
    last = reader.pages[-1].extract_text()
    total = len(reader.pages)
    assert f"page {total} of {total}" in last


def test_vendor_checklist_and_signoff_content(
    texts: dict[Language, str], project: Project, catalog: Catalog
) -> None:
    from gpu_advisor.engine.evidence.judge import judge_vendor
    from gpu_advisor.report.vendor_checks import measured_text

    zh, en = _flat(texts[Language.ZH]), _flat(texts[Language.EN])
    assert "云厂商甲" in zh
    assert "Rental B" in en
    (nccl,) = judge_vendor(project, project.vendors[0], catalog).checks
    assert nccl.measured is not None
    # the judged NCCL bus bandwidth, in the locale's format
    assert measured_text(nccl, "en") in en
    assert "李娜" in zh
    assert "通过" in zh
    assert "未通过" in zh
    assert "pass" in en
    assert "fail" in en
    assert "技术负责人" in zh
    assert "Engineering lead" in en
    assert "gpu-advisor-cli verify plan.pdf project.gpuplan" in en
    assert "nvidia.com/gpu" in en  # the Kubernetes Job snippet
    assert "DCGM_FI_DEV_GPU_TEMP" in zh  # alert rules


def test_metadata(plans: dict[Language, bytes], project: Project) -> None:
    meta = PdfReader(io.BytesIO(plans[Language.ZH])).metadata
    assert meta is not None
    assert meta.title == project.meta.title
    assert meta.author == project.meta.author
    assert "GPU" in (meta.subject or "")
    assert f"{KEYWORD_FINGERPRINT}={fingerprint(project, '0.1.0')}" in str(
        meta["/Keywords"]
    )
    assert str(meta["/CreationDate"]).startswith("D:20260302")


def test_letter_paper(
    project: Project, evaluation: Evaluation, catalog: Catalog
) -> None:
    data = build_plan_pdf(project, evaluation, catalog, language="en", paper="letter")
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    with pytest.raises(ValueError, match="paper"):
        build_plan_pdf(project, evaluation, catalog, paper="a3")


def test_same_inputs_same_bytes(
    plans: dict[Language, bytes],
    project: Project,
    evaluation: Evaluation,
    catalog: Catalog,
) -> None:
    again = build_plan_pdf(
        project, evaluation, catalog, language=Language.ZH, app_version="0.1.0"
    )
    assert again == plans[Language.ZH]


def test_changed_version_changes_bytes(
    plans: dict[Language, bytes],
    project: Project,
    evaluation: Evaluation,
    catalog: Catalog,
) -> None:
    other = build_plan_pdf(
        project, evaluation, catalog, language=Language.ZH, app_version="9.9.9"
    )
    assert other != plans[Language.ZH]


def _trailer_id(data: bytes) -> list[bytes]:
    found = PdfReader(io.BytesIO(data)).trailer.get("/ID")
    assert found is not None
    return [bytes(part.original_bytes) for part in found]


def test_document_id_follows_the_plan(
    plans: dict[Language, bytes],
    project: Project,
    evaluation: Evaluation,
    catalog: Catalog,
) -> None:
    """reportlab's invariant mode digests the ID from title, author, subject and
    keywords (the fingerprint among them): another version or language, another ID."""
    zh = _trailer_id(plans[Language.ZH])
    assert zh[0] == zh[1]
    assert len(zh[0]) == 16
    assert zh != _trailer_id(plans[Language.EN])
    other = build_plan_pdf(
        project, evaluation, catalog, language=Language.ZH, app_version="9.9.9"
    )
    assert zh != _trailer_id(other)


def test_the_plan_sets_no_private_reportlab_field() -> None:
    import gpu_advisor.report.plan.document as document

    source = Path(document.__file__).read_text(encoding="utf-8")
    assert "._ID" not in source


_CHILD = """
import hashlib, sys
sys.path.insert(0, {here!r})
from conftest import sample_project, evaluate_for_tests
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.report.plan import build_plan_pdf
catalog = load_catalog()
project = sample_project()
data = build_plan_pdf(project, evaluate_for_tests(project, catalog), catalog, app_version="0.1.0")
print(hashlib.sha256(data).hexdigest())
"""


def test_byte_identical_across_processes(plans: dict[Language, bytes]) -> None:
    """A fresh interpreter (new hash seed, new font registry) gives the same bytes."""
    code = _CHILD.format(here=str(Path(__file__).parent))
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={
            "PYTHONHASHSEED": "12345",
            "PATH": "/usr/bin:/bin",
            "HOME": str(Path.home()),
        },
        timeout=120,
    )
    assert out.stdout.strip() == hashlib.sha256(plans[Language.ZH]).hexdigest()


def test_empty_vendors_say_so(
    project: Project, evaluation: Evaluation, catalog: Catalog
) -> None:
    bare = project.model_copy(update={"vendors": []})
    data = build_plan_pdf(bare, evaluation, catalog, language="en")
    text = "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages)
    assert tr("ven.none", Language.EN)[:40] in _flat(text)


@pytest.mark.parametrize("language", [Language.EN, Language.ZH])
def test_vendor_scoring_matrix_and_winner(catalog: Catalog, language: Language) -> None:
    from gpu_advisor.engine.evaluate import evaluate
    from gpu_advisor.engine.evidence.vendors import score_project
    from tests.evidence_samples import three_vendor_project

    project = three_vendor_project()
    evaluation = evaluate(project, catalog)
    data = build_plan_pdf(project, evaluation, catalog, language=language.value)
    text = _flat(
        "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages)
    )
    result, _ = score_project(project, catalog)
    assert result.winner is not None
    assert _flat(tr("ven.winner", language, vendor=result.winner)) in text
    for vendor in result.vendors:
        assert f"{vendor.total:.1f}" in text
    assert _flat(tr("crit.performance", language)) in text


@pytest.mark.parametrize("lang", list(catalog_languages()))
def test_unconfirmed_catalog_figures_are_starred(
    texts: dict[Language, str], evaluation: Evaluation, lang: Language
) -> None:
    """Every default no primary source confirms gets a * and the table a note."""
    unconfirmed = {
        ref.name
        for ex in [*evaluation.sizing.explanations, *evaluation.cost.explanations]
        for ref in ex.inputs
        if ref.source != "project" and not ref.confirmed
    }
    assert unconfirmed, "the sample project should use some unconfirmed default"
    text = _flat(texts[lang])
    # Chinese wraps anywhere, so compare that note without any whitespace.
    squeezed = re.sub(r"\s+", "", text)
    assert re.sub(r"\s+", "", tr("asm.unconfirmed", lang)) in squeezed
    section = text[text.rfind(tr("asm.defaults", lang)) :]
    section = section[: section.find(tr("asm.formulas", lang))]
    assert section.count(" *") >= len(unconfirmed)


def test_plan_colours_memory_parts_like_the_app(
    monkeypatch: pytest.MonkeyPatch,
    project: Project,
    evaluation: Evaluation,
    catalog: Catalog,
) -> None:
    from reportlab.lib import colors

    from gpu_advisor.report import charts
    from gpu_advisor.report.palette import MEMORY_PART_COLORS

    calls: list[dict[str, object]] = []
    real = charts.stacked_bars

    def spy(*args: object, **kwargs: object) -> object:
        calls.append(kwargs)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(charts, "stacked_bars", spy)
    build_plan_pdf(project, evaluation, catalog, language=Language.EN, app_version="0")
    assert len(calls) == 1
    given = calls[0]["series_colors"]
    assert isinstance(given, list)
    expected = {colors.HexColor(c).hexval() for c in MEMORY_PART_COLORS.values()}
    assert given
    assert {c.hexval() for c in given} <= expected


@pytest.mark.parametrize("lang", list(catalog_languages()))
def test_gpu_hour_range_in_sizing_section(
    texts: dict[Language, str], evaluation: Evaluation, lang: Language
) -> None:
    comp = evaluation.sizing.compute
    assert comp.gpu_hours_p10 is not None
    assert comp.gpu_hours_p90 is not None
    assert comp.gpu_hours_p10 < comp.gpu_hours_p90
    text = _flat(texts[lang])
    assert gpu_hours(comp.gpu_hours_p10, lang) in text
    assert gpu_hours(comp.gpu_hours_p90, lang) in text
    assert "P10–P90" in text


@pytest.mark.parametrize("lang", list(catalog_languages()))
def test_gpu_hour_range_beside_the_redundancy_figure_and_in_the_monte_carlo(
    texts: dict[Language, str], evaluation: Evaluation, lang: Language
) -> None:
    """The ×1.5 figure's P10–P90 (key numbers, sizing section) and the Monte
    Carlo's GPU-hour band are the engine's numbers."""
    from gpu_advisor.engine.cost.risk import GPU_HOURS_BAND_KEY
    from gpu_advisor.report.text import gpu_hours_band

    comp = evaluation.sizing.compute
    low, high = comp.gpu_hours_with_redundancy_p10, comp.gpu_hours_with_redundancy_p90
    assert low is not None
    assert high is not None
    text = _flat(texts[lang])
    assert gpu_hours_band(low, high, lang) in text  # key numbers
    assert gpu_hours(low, lang) in text  # sizing section and Monte Carlo
    assert gpu_hours(high, lang) in text
    mc = evaluation.monte_carlo
    assert mc is not None
    if evaluation.cost.demand_source == "workload":
        assert GPU_HOURS_BAND_KEY in mc.inputs
        assert _flat(tr("cost.mc_hours_band", lang, low="X", high="Y"))[:12] in text
