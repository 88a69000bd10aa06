"""``gpu-advisor-cli report | sign | verify`` end to end (no Qt)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from gpu_advisor.cli import main
from gpu_advisor.io.project_file import save_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project, ProjectMeta
from tests.certificates import START, make_identity


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cli")
    project = Project(meta=ProjectMeta(title="CLI plan", language=Language.EN))
    save_project(project, folder / "project.gpuplan")
    # no KeyUsage extension: a plain certificate signs too
    make_identity(
        folder,
        "cert",
        common_name="CLI Signer",
        organisation=None,
        not_after=START + dt.timedelta(days=365 * 5),
        key_usage=False,
        password="pw",
    )
    return folder


@pytest.fixture(scope="module")
def plan(workdir: Path) -> Path:
    out = workdir / "plan.pdf"
    assert main(["report", str(workdir / "project.gpuplan"), "-o", str(out)]) == 0
    return out


def test_report_writes_pdf(plan: Path) -> None:
    assert plan.read_bytes().startswith(b"%PDF-")


def test_report_language_and_paper(workdir: Path, plan: Path) -> None:
    out = workdir / "plan_zh_letter.pdf"
    args = ["report", str(workdir / "project.gpuplan"), "-o", str(out)]
    assert main([*args, "--lang", "zh", "--paper", "letter"]) == 0
    assert out.read_bytes() != plan.read_bytes()


def test_bilingual_plan_signs_and_verifies(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pypdf import PdfReader

    out = workdir / "plan_both.pdf"
    project = str(workdir / "project.gpuplan")
    assert main(["report", project, "-o", str(out), "--lang", "bilingual"]) == 0
    reader = PdfReader(str(out))
    width = float(reader.pages[0].mediabox.width)
    assert abs(width - 2 * 595.3) < 2  # two A4 pages on an A3 sheet
    page1 = reader.pages[0].extract_text() or ""
    assert "决策摘要" in page1
    assert "Decision summary" in page1
    assert main(["verify", str(out), project, "--allow-unsigned"]) == 0
    monkeypatch.setenv("PLAN_P12_PW", "pw")
    signed = workdir / "signed_both.pdf"
    p12 = str(workdir / "cert.p12")
    sign = ["sign", str(out), "--p12", p12, "--password-env", "PLAN_P12_PW"]
    assert main([*sign, "-o", str(signed)]) == 0
    trust = ["--trust", str(workdir / "cert.pem")]
    assert main(["verify", str(signed), project, *trust]) == 0


def test_verify_ok_and_changed_project(
    plan: Path, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = str(workdir / "project.gpuplan")
    assert main(["verify", str(plan), project]) == 4  # unsigned: not verified
    assert capsys.readouterr().err.startswith("NOT VERIFIED:")
    assert main(["verify", str(plan), project, "--allow-unsigned"]) == 0
    assert capsys.readouterr().out.startswith("OK:")
    other = workdir / "other.gpuplan"
    save_project(
        Project(
            meta=ProjectMeta(title="CLI plan", language=Language.EN, horizon_months=6)
        ),
        other,
    )
    assert main(["verify", str(plan), str(other), "--allow-unsigned"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("FAILED:")
    assert err.count("\n") == 1


def test_sign_then_verify_then_tamper(
    plan: Path, workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PLAN_P12_PW", "pw")
    signed = workdir / "signed.pdf"
    args = [
        "sign",
        str(plan),
        "--p12",
        str(workdir / "cert.p12"),
        "--password-env",
        "PLAN_P12_PW",
    ]
    assert main([*args, "-o", str(signed)]) == 0
    project = str(workdir / "project.gpuplan")
    assert main(["verify", str(signed), project]) == 3  # intact, not trusted
    trust = ["--trust", str(workdir / "cert.pem")]
    assert main(["verify", str(signed), project, *trust]) == 0
    data = bytearray(signed.read_bytes())
    at = bytes(data).index(b"stream", 2000) + 40
    data[at] ^= 0x01
    tampered = workdir / "tampered.pdf"
    tampered.write_bytes(bytes(data))
    assert main(["verify", str(tampered), *trust]) == 1


def test_bad_inputs_exit_2(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(workdir / "missing.pdf")]) == 2
    bad = workdir / "bad.gpuplan"
    bad.write_text("{not json")
    assert main(["report", str(bad), "-o", str(workdir / "x.pdf")]) == 2
    assert (
        main(
            [
                "sign",
                str(workdir / "plan.pdf"),
                "--p12",
                str(workdir / "nope.p12"),
                "-o",
                str(workdir / "s.pdf"),
            ]
        )
        == 2
    )
    assert (
        main(
            [
                "sign",
                str(workdir / "plan.pdf"),
                "--p12",
                str(workdir / "cert.p12"),
                "--password-env",
                "UNSET_VAR_FOR_TEST",
                "-o",
                str(workdir / "s.pdf"),
            ]
        )
        == 2
    )
    capsys.readouterr()
    with pytest.raises(SystemExit) as info:
        main(
            ["report", str(workdir / "project.gpuplan"), "--paper", "a3", "-o", "x.pdf"]
        )
    assert info.value.code == 2


# -- issue #12 --------------------------------------------------------------------


def test_report_never_clobbers_its_input(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = workdir / "project.gpuplan"
    before = project.read_bytes()
    assert main(["report", str(project), "-o", str(project)]) == 2
    other = workdir / "other-target.gpuplan"
    assert main(["report", str(project), "-o", str(other)]) == 2
    assert not other.exists()
    assert project.read_bytes() == before
    assert "refusing" in capsys.readouterr().err


def test_sign_never_clobbers_its_input(
    plan: Path, workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PLAN_P12_PW", "pw")
    before = plan.read_bytes()
    args = ["sign", str(plan), "--p12", str(workdir / "cert.p12")]
    assert main([*args, "--password-env", "PLAN_P12_PW", "-o", str(plan)]) == 2
    assert plan.read_bytes() == before


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_verify_and_sign_refuse_devices(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", "/dev/zero"]) == 2
    assert "device" in capsys.readouterr().err
    out = workdir / "never.pdf"
    assert (
        main(["sign", "/dev/zero", "--p12", str(workdir / "cert.p12"), "-o", str(out)])
        == 2
    )
    assert not out.exists()


def test_cost_and_report_refuse_an_unknown_gpu(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    data = json.loads((workdir / "project.gpuplan").read_text(encoding="utf-8"))
    data["workload"]["gpu_id"] = "H999-TYPO"
    bad = workdir / "unknown-gpu.gpuplan"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["cost", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "workload.gpu_id" in err
    assert "H999-TYPO" in err
    assert main(["report", str(bad), "-o", str(workdir / "u.pdf")]) == 2


def test_report_with_many_vendors(workdir: Path) -> None:
    from gpu_advisor.model.project import Vendor

    project = Project(
        meta=ProjectMeta(title="Many vendors", language=Language.EN),
        vendors=[
            Vendor(name=f"Vendor {i}", on_demand_cny_per_gpu_hour=5.0 + i)
            for i in range(45)
        ],
    )
    path = workdir / "many.gpuplan"
    save_project(project, path)
    out = workdir / "many.pdf"
    assert main(["report", str(path), "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF-")


def test_messages_escape_control_characters(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", str(workdir / "evil\x1b[31m.pdf")]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err
    assert "\\x1b" in err


def test_verify_help_says_what_it_proves(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["verify", "--help"])
    out = capsys.readouterr().out
    assert "It does not prove" in out
    assert "3 intact but" in out
    assert "--trust" in out
    assert "--allow-unsigned" in out
