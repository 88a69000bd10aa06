"""Fixtures for the PDF plan tests: a sample project, its evaluation, built plans."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import save_project
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Language
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import (
    ChecklistItem,
    CheckStatus,
    Measurement,
    Project,
    ProjectMeta,
    Vendor,
)
from gpu_advisor.words import catalog_languages

TEST_DRAWS = 2000


def sample_project(language: Language = Language.ZH) -> Project:
    """A plan with vendors, measurements and checklist states."""
    nccl = [
        Measurement(
            tool="nccl-tests",
            metric="all_reduce.out_of_place.busbw",
            file="nccl_all_reduce_perf_1node.txt",
            node="node01",
            value=value,
            unit="GB/s",
            size_bytes=2**k,
        )
        for k, value in ((20, 6.5), (24, 48.0), (28, 160.0), (30, 185.0))
    ] + [
        # the server count nccl-tests' rank list gives (one node): without it a
        # run is shown, never judged as one server's
        Measurement(
            tool="nccl-tests",
            metric="all_reduce.nodes",
            file="nccl_all_reduce_perf_1node.txt",
            node="node01",
            value=1.0,
            unit="count",
        )
    ]
    return Project(
        meta=ProjectMeta(
            title="Qwen 微调集群方案",
            organisation="示例智能科技",
            author="张伟",
            plan_date=dt.date(2026, 3, 2),
            language=language,
        ),
        vendors=[
            Vendor(name="云厂商甲", on_demand_cny_per_gpu_hour=9.5, measurements=nccl),
            Vendor(
                name="Rental B",
                monthly_cny_per_gpu_month=5200,
                sla_availability_pct=99.5,
            ),
        ],
        checklist=[
            ChecklistItem(
                id="task_type", status=CheckStatus.PASS, owner="李娜", note="已确认"
            ),
            ChecklistItem(id="card_hours", status=CheckStatus.FAIL, owner="王强"),
        ],
    )


def evaluate_for_tests(project: Project, catalog: Catalog) -> Evaluation:
    from gpu_advisor.engine.evaluate import evaluate

    return evaluate(project, catalog, monte_carlo_draws=TEST_DRAWS, seed=0)


def pdf_text(data: bytes) -> str:
    """All text of a PDF, pages joined, as PDFium reads it (the engine behind
    Chrome's viewer; pypdf's extraction took ten times as long)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    try:
        return "\n".join(
            page.get_textpage().get_text_range().replace("\r\n", "\n")
            for page in document
        )
    finally:
        document.close()


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog()


@pytest.fixture(scope="session")
def project() -> Project:
    return sample_project()


@pytest.fixture(scope="session")
def evaluation(project: Project, catalog: Catalog) -> Evaluation:
    return evaluate_for_tests(project, catalog)


@pytest.fixture(scope="session")
def plans(
    project: Project, evaluation: Evaluation, catalog: Catalog
) -> dict[Language, bytes]:
    from gpu_advisor.report.plan import build_plan_pdf

    return {
        lang: build_plan_pdf(
            project, evaluation, catalog, language=lang, app_version="0.1.0"
        )
        for lang in catalog_languages()
    }


@pytest.fixture
def project_file(tmp_path: Path, project: Project) -> Path:
    path = tmp_path / "project.gpuplan"
    save_project(project, path)
    return path


@pytest.fixture(scope="session")
def texts(plans: dict[Language, bytes]) -> dict[Language, str]:
    return {lang: pdf_text(data) for lang, data in plans.items()}


@pytest.fixture(scope="session")
def p12_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A self-signed certificate and key in a PKCS#12 file, made on the fly."""
    from tests.certificates import make_identity

    ident = make_identity(
        tmp_path_factory.mktemp("cert"),
        "signer",
        common_name="Plan Test Signer",
        organisation=None,
        password="s3cret",
    )
    return ident.p12, ident.password
