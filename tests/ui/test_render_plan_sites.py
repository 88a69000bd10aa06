"""Every writer of a plan renders it with :func:`gpu_advisor.report.plan.render_plan`
(issue "[simplify]").

A signature's byte-for-byte check (``verify`` regenerates the plan and
compares) holds only if the export, print, signing, ``gpu-advisor-cli
report``, ``verify`` and the self-test render a plan the same way. Before,
each wrote ``evaluate_plan`` + ``build_plan_pdf`` out on its own. Here each
entry point is called with ``render_plan`` spied on: each goes through it,
and the bytes they write are the bytes ``verify`` regenerates.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, Final

import pytest

from gpu_advisor.cli import main as cli_main
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Language, PlanLanguage
from gpu_advisor.model.project import Project
from gpu_advisor.report import plan
from gpu_advisor.report.verify import _regenerate
from gpu_advisor.selftest import _check_example, _Report
from gpu_advisor.ui.export import ExportOutcome, ExportRequest, Paper, export_steps
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.plan_signing import sign_plan
from gpu_advisor.ui.print_plan import _build_pdf

EXAMPLE: Final = (
    Path(__file__).resolve().parents[2]
    / "resources"
    / "examples"
    / "shanghai_13b_finetune.gpuplan"
)


class _Spy:
    """``render_plan`` passed through, each call's project and options kept."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[dict[str, Any]] = []
        self._real = plan.render_plan
        monkeypatch.setattr(plan, "render_plan", self)

    def __call__(self, project: Project, catalog: Catalog, **kwargs: Any) -> bytes:
        self.calls.append({"project": project, **kwargs})
        data: bytes = self._real(project, catalog, **kwargs)
        self.last = data
        return data

    def one_call(self) -> dict[str, Any]:
        (call,) = self.calls
        self.calls.clear()
        return call


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


@pytest.fixture(scope="module")
def project() -> Project:
    return load_project(EXAMPLE)


def test_export_print_report_and_verify_write_the_same_bytes(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    catalog: Catalog,
    project: Project,
) -> None:
    spy = _Spy(monkeypatch)
    # File ▸ Export PDF…
    target = tmp_path / "export.pdf"
    request = ExportRequest(
        path=target, language=Language.EN, paper=Paper.A4, font_path=None
    )
    results = [step() for step in export_steps(project, catalog, request, target)]
    assert results[-1] == ExportOutcome(ok=True)
    assert spy.one_call()["project"] is project
    exported = target.read_bytes()
    # File ▸ Print…
    printed = _build_pdf(project, catalog, None, PlanLanguage(Language.EN), "a4")
    assert spy.one_call()["language"] == PlanLanguage(Language.EN)
    # gpu-advisor-cli report
    out = tmp_path / "cli.pdf"
    assert cli_main(["report", str(EXAMPLE), "--lang", "en", "-o", str(out)]) == 0
    assert spy.one_call()["language"] == PlanLanguage(Language.EN)
    # verify regenerates
    regenerated = _regenerate(project, "en", "a4")
    assert spy.one_call()["project"] is project
    assert exported == printed == out.read_bytes() == regenerated


def test_signing_renders_what_verify_regenerates(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    catalog: Catalog,
    project: Project,
) -> None:
    spy = _Spy(monkeypatch)
    monkeypatch.setattr(
        "gpu_advisor.report.sign.sign_pdf", lambda data, _p12, _password: data
    )
    out = tmp_path / "signed.pdf"
    sign_plan(
        project,
        catalog,
        p12_path=tmp_path / "unused.p12",
        password="",
        signer_name="Li Na",
        signer_role="CTO",
        output=out,
        language=Language.EN,
        today=dt.date(2026, 12, 6),
    )
    signer = spy.one_call()["signer"]
    assert (signer.name, signer.role) == ("Li Na", "CTO")
    assert out.read_bytes() == _regenerate(project, "en", "a4", signer)
    assert spy.one_call()["signer"] == signer


def test_self_test_renders_the_plan_as_every_writer(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    catalog: Catalog,
    window: MainWindow,
) -> None:
    spy = _Spy(monkeypatch)
    _check_example(
        window, EXAMPLE, catalog, folder=tmp_path, report=_Report(None), dialogs=[]
    )
    assert [call["language"] for call in spy.calls] == ["zh", "en"]
    assert (tmp_path / f"{EXAMPLE.stem}_en.pdf").read_bytes() == spy.last
