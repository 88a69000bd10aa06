"""Signing completes the plan: each signer's decision in the sign-off table, no DRAFT at the end.

``gpu-advisor-cli sign PLAN.gpuplan`` signs as the app's Sign Plan… does: the
certificate's common name, the first role still pending, the decision and
today's date recorded in the project, which is saved and regenerates the
signed pages (``verify``). Before (issue #34): the signed PDF still said DRAFT
with every other role "pending", whoever had signed.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from gpu_advisor.cli import main
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import Decision, PlanStatus
from gpu_advisor.report.verify import (
    VerifyStatus,
    load_trusted_certificates,
    verify_plan,
)
from tests.certificates import Identity, make_identity

EXAMPLE = (
    Path(__file__).resolve().parents[2]
    / "resources"
    / "examples"
    / "shanghai_13b_finetune.gpuplan"
)
SIGNERS = (
    ("Wang Qiang", "Engineering lead"),
    ("Li Na", "Finance"),
    ("Zhao Min", "Management"),
)


def _text(pdf: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(pdf)).pages)


def _sign(
    plan: Path, identity: Identity, out: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("P12_PW", identity.password)
    args = ["sign", str(plan), "--p12", str(identity.p12), "--password-env", "P12_PW"]
    assert main([*args, "-o", str(out), "--lang", "en"]) == 0


@pytest.fixture(scope="module")
def signed(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, list[Path], list[Identity]]:
    """The example signed by its three roles in turn, one PDF per signing."""
    folder = tmp_path_factory.mktemp("signing")
    plan = folder / "plan.gpuplan"
    shutil.copy(EXAMPLE, plan)
    monkeypatch = pytest.MonkeyPatch()
    pdfs, identities = [], []
    try:
        for index, (name, _role) in enumerate(SIGNERS):
            identity = make_identity(
                folder, f"s{index}", common_name=name, password="pw"
            )
            out = folder / f"signed{index}.pdf"
            _sign(plan, identity, out, monkeypatch)
            pdfs.append(out)
            identities.append(identity)
    finally:
        monkeypatch.undo()
    return plan, pdfs, identities


def test_each_signing_records_the_signer_in_the_project(
    signed: tuple[Path, list[Path], list[Identity]],
) -> None:
    plan, _pdfs, _ids = signed
    project = load_project(plan)
    rows = [(r.role, r.name, r.decision, r.date) for r in project.signoff]
    today = dt.date.today()
    assert rows == [(role, name, Decision.APPROVE, today) for name, role in SIGNERS]
    assert project.meta.status is PlanStatus.APPROVED
    assert [r.signer_name for r in project.signing_records] == [n for n, _ in SIGNERS]


def test_the_signed_pdf_shows_who_approved_what_and_when(
    signed: tuple[Path, list[Path], list[Identity]],
) -> None:
    _plan, pdfs, _ids = signed
    today = dt.date.today().isoformat()
    first = " ".join(_text(pdfs[0]).split())
    # one of three signed: the signer's row filled, the others pending, a draft
    assert f"Engineering lead Wang Qiang approve {today}" in first
    assert "Finance pending" in first
    assert "DRAFT" in first
    last = " ".join(_text(pdfs[-1]).split())
    for name, role in SIGNERS:
        assert f"{role} {name} approve {today}" in last
    assert "pending" not in last
    assert "DRAFT" not in last  # every role approved: complete
    assert "APPROVED" in last
    assert "Signed electronically by Zhao Min (Management)" in last


def test_the_last_signature_verifies_and_tampering_fails(
    signed: tuple[Path, list[Path], list[Identity]], tmp_path: Path
) -> None:
    plan, pdfs, identities = signed
    trust = load_trusted_certificates([identities[-1].pem])
    report = verify_plan(pdfs[-1], plan, trust=trust)
    assert report.status is VerifyStatus.OK, report.reason
    assert report.content_checked
    data = bytearray(pdfs[-1].read_bytes())
    at = data.find(b"APPROVED") if b"APPROVED" in data else data.find(b"/Producer")
    data[at + 2] ^= 1
    tampered = tmp_path / "tampered.pdf"
    tampered.write_bytes(bytes(data))
    assert verify_plan(tampered, plan, trust=trust).status is VerifyStatus.FAILED


def test_a_pdf_is_still_signed_as_it_is(
    signed: tuple[Path, list[Path], list[Identity]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The README's ``sign plan.pdf …``: the PDF signed unchanged, no project touched."""
    _plan, _pdfs, identities = signed
    draft = tmp_path / "plan.pdf"
    assert main(["report", str(EXAMPLE), "-o", str(draft)]) == 0
    out = tmp_path / "signed.pdf"
    _sign_pdf = ["sign", str(draft), "--p12", str(identities[0].p12)]
    monkeypatch.setenv("P12_PW", identities[0].password)
    assert main([*_sign_pdf, "--password-env", "P12_PW", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(draft.read_bytes())


def test_no_pending_role_asks_for_one(
    signed: tuple[Path, list[Path], list[Identity]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    plan, _pdfs, identities = signed
    copy = tmp_path / "done.gpuplan"
    shutil.copy(plan, copy)
    monkeypatch.setenv("P12_PW", identities[0].password)
    args = [
        "sign",
        str(copy),
        "--p12",
        str(identities[0].p12),
        "--password-env",
        "P12_PW",
    ]
    assert main([*args, "-o", str(tmp_path / "x.pdf")]) == 2
    assert "no sign-off role is pending" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


def test_an_unsigned_copy_of_the_signed_plan_says_so(
    signed: tuple[Path, list[Path], list[Identity]], tmp_path: Path
) -> None:
    """Before: an export or preview after signing read "Not signed electronically
    yet." beside the approvals; now it says the decisions are the plan's record."""
    plan, _pdfs, _ids = signed
    out = tmp_path / "copy.pdf"
    assert main(["report", str(plan), "-o", str(out), "--lang", "en"]) == 0
    page1 = " ".join((PdfReader(str(out)).pages[0].extract_text() or "").split())
    assert "This copy is not signed electronically" in page1
    assert "Not signed electronically yet" not in page1
    assert "APPROVED" in page1
