"""Signing and verifying: a changed project or a tampered PDF fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpu_advisor.io.project_file import save_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project
from gpu_advisor.report.sign import SigningError, sign_pdf
from gpu_advisor.report.verify import VerifyInputError, verify_plan


@pytest.fixture
def plan_file(tmp_path: Path, plans: dict[Language, bytes]) -> Path:
    path = tmp_path / "plan.pdf"
    path.write_bytes(plans[Language.EN])
    return path


@pytest.fixture
def signed_bytes(plans: dict[Language, bytes], p12_file: tuple[Path, str]) -> bytes:
    path, password = p12_file
    return sign_pdf(plans[Language.EN], path, password)


def test_unsigned_plan_matches_its_project(plan_file: Path, project_file: Path) -> None:
    result = verify_plan(plan_file, project_file)
    assert result.ok, result.reason
    assert not result.signed
    assert result.app_version == "0.1.0"


def test_changed_project_fails(
    plan_file: Path, project: Project, tmp_path: Path
) -> None:
    changed = project.model_copy(
        update={"meta": project.meta.model_copy(update={"horizon_months": 24})}
    )
    other = tmp_path / "changed.gpuplan"
    save_project(changed, other)
    result = verify_plan(plan_file, other)
    assert not result.ok
    assert "does not match" in result.reason


def test_signed_plan_verifies(
    signed_bytes: bytes, tmp_path: Path, project_file: Path
) -> None:
    path = tmp_path / "signed.pdf"
    path.write_bytes(signed_bytes)
    result = verify_plan(path, project_file)
    assert result.ok, result.reason
    assert result.signed
    assert result.signer is not None
    assert "Plan Test Signer" in result.signer


def test_tampered_signed_plan_fails(signed_bytes: bytes, tmp_path: Path) -> None:
    tampered = bytearray(signed_bytes)
    # flip one byte inside the first content stream, well inside the signed range
    at = signed_bytes.index(b"stream", 2000) + 40
    tampered[at] ^= 0x01
    path = tmp_path / "tampered.pdf"
    path.write_bytes(bytes(tampered))
    result = verify_plan(path)
    assert not result.ok
    assert result.signed


def test_update_after_signing_fails(signed_bytes: bytes, tmp_path: Path) -> None:
    path = tmp_path / "appended.pdf"
    path.write_bytes(signed_bytes + b"\n1 0 obj\n<< /Title (changed) >>\nendobj\n")
    result = verify_plan(path)
    assert not result.ok
    assert "after it was signed" in result.reason


def test_wrong_password_is_a_signing_error(
    plans: dict[Language, bytes], p12_file: tuple[Path, str]
) -> None:
    with pytest.raises(SigningError, match="password"):
        sign_pdf(plans[Language.EN], p12_file[0], "wrong")


def test_not_a_pdf_is_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "x.pdf"
    path.write_text("hello")
    with pytest.raises(VerifyInputError):
        verify_plan(path)
    with pytest.raises(VerifyInputError):
        verify_plan(tmp_path / "missing.pdf")
