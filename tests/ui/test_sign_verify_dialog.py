"""File ▸ Verify Plan… runs the CLI's verification and lists every signer (issue #33).

Before, the dialog compared only the fingerprint printed in the plan with
the open project's: it said "Verified… made from this project" for a
trusted-signed PDF whose pages show another plan (the CLI, given the same
project, said FAILED), Verified a pyHanko certification signature the CLI
refused, and named only the last signer. Now it calls
:func:`gpu_advisor.report.verify.verify_plan` with the open project, as
``gpu-advisor-cli verify`` does.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import fingerprint, load_project
from gpu_advisor.model.common import Language
from gpu_advisor.report import plan as plan_pdf
from gpu_advisor.report.sign import sign_pdf
from gpu_advisor.report.verify import VerifyStatus, verify_plan
from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.plan_signing import sign_plan
from gpu_advisor.ui.settings import AppSettings
from gpu_advisor.ui.sign_dialogs import VerifyPlanDialog
from tests.certificates import (
    Identity,
    Issuer,
    issue_identity,
    issuer_of,
    make_authority,
    make_identity,
)

EXAMPLE = (
    Path(__file__).resolve().parents[2]
    / "resources"
    / "examples"
    / "shanghai_13b_finetune.gpuplan"
)


@dataclass(frozen=True)
class Pki:
    alice: Identity
    bob: Identity
    mallory: Identity
    """Issued by Alice's key (her certificate is not a CA)."""
    ca: Issuer
    dora: Identity
    """Issued by ``ca``, key usage digitalSignature only."""


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    folder = tmp_path_factory.mktemp("dialog-pki")
    alice = make_identity(folder, "alice")
    ca = make_authority(folder, "ca")
    return Pki(
        alice=alice,
        bob=make_identity(folder, "bob", common_name="Bob CTO"),
        mallory=issue_identity(
            folder,
            "mallory",
            issuer_of(alice),
            common_name="Mallory",
            key_usage={"digital_signature"},
        ),
        ca=ca,
        dora=issue_identity(
            folder, "dora", ca, common_name="Dora", key_usage={"digital_signature"}
        ),
    )


def _signed(tmp_path: Path, ident: Identity, name: str = "signed.pdf") -> Path:
    """The example's plan signed in the app's way (sign-off row filled in)."""
    return sign_plan(
        load_project(EXAMPLE),
        load_catalog(),
        p12_path=ident.p12,
        password=ident.password,
        signer_name="Alice",
        signer_role="Finance",
        output=tmp_path / name,
        language=Language.EN,
    )


def _dialog(window: MainWindow, qtbot: Any, pdf: Path) -> VerifyPlanDialog:
    dialog = VerifyPlanDialog(window.session, pdf, window)
    qtbot.addWidget(dialog)
    return dialog


def test_a_trusted_signature_on_another_plans_pages_fails(
    window: MainWindow, settings: AppSettings, qtbot: Any, pki: Pki, tmp_path: Path
) -> None:
    """Another plan's pages (a longer horizon) carrying the open project's
    fingerprint, signed by a trusted signer: was "Verified… made from this
    project"."""
    from pypdf import PdfReader, PdfWriter

    project = load_project(EXAMPLE)
    other = project.model_copy(
        update={"meta": project.meta.model_copy(update={"horizon_months": 30})}
    )
    pages = plan_pdf.render_plan(other, load_catalog(), language=Language.EN)
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pages)))
    metadata = writer.metadata
    assert metadata is not None
    keywords = str(metadata.get("/Keywords", ""))
    version = keywords.split("gpu-advisor-version=")[1].split()[0]
    genuine = fingerprint(project, version)
    assert fingerprint(other, version) in keywords
    writer.add_metadata(
        {"/Keywords": keywords.replace(fingerprint(other, version), genuine)}
    )
    dressed = io.BytesIO()
    writer.write(dressed)
    pdf = tmp_path / "other-pages.pdf"
    pdf.write_bytes(sign_pdf(dressed.getvalue(), pki.alice.p12, pki.alice.password))

    settings.set_trusted_signer_paths([pki.alice.pem])
    assert window.open_file(EXAMPLE, ask=False)
    check = _dialog(window, qtbot, pdf)
    assert not check.verified, check.text()
    assert check.labels["project"].text() == "no"
    assert "not made from the project" in check.labels["verdict"].text()
    assert "does not show what the project gives" in check.labels["details"].text()
    # the CLI's verdict, the same function
    assert verify_plan(pdf, project=project).status is VerifyStatus.FAILED


def test_a_certificate_issued_by_a_trusted_end_entity_key_fails(
    window: MainWindow, settings: AppSettings, qtbot: Any, pki: Pki, tmp_path: Path
) -> None:
    pdf = _signed(tmp_path, pki.mallory)
    settings.set_trusted_signer_paths([pki.alice.pem])
    assert window.open_file(EXAMPLE, ask=False)
    check = _dialog(window, qtbot, pdf)
    assert check.intact_and_matching, check.text()
    assert not check.verified
    trusted = check.labels["trusted"].text()
    assert trusted.startswith("no — Common Name: Mallory: issued by Organization: Acme")
    assert "it is not a certificate authority" in trusted
    assert "NOT TRUSTED" in check.labels["signers"].text()
    # in Chinese, the cause from the words catalog
    i18n.install_translators("zh_CN")
    try:
        zh = _dialog(window, qtbot, pdf)
        assert "不是证书颁发机构" in zh.labels["trusted"].text()
        assert zh.labels["signers"].text().startswith("签名 1：Common Name: Mallory")
    finally:
        i18n.install_translators("en")


def test_a_digital_signature_only_certificate_from_a_trusted_ca_verifies(
    window: MainWindow, settings: AppSettings, qtbot: Any, pki: Pki, tmp_path: Path
) -> None:
    pdf = _signed(tmp_path, pki.dora)
    settings.set_trusted_signer_paths([pki.ca.pem])
    assert window.open_file(EXAMPLE, ask=False)
    check = _dialog(window, qtbot, pdf)
    assert check.verified, check.text()
    assert "key usage digital_signature" in check.labels["signers"].text()
    assert "issued under Common Name: Acme Signing CA" in check.labels["signers"].text()


def test_every_signer_is_listed_with_their_verdict(
    window: MainWindow, settings: AppSettings, qtbot: Any, pki: Pki, tmp_path: Path
) -> None:
    """Was: only the last signer named."""
    first = _signed(tmp_path, pki.alice)
    both = tmp_path / "both.pdf"
    both.write_bytes(sign_pdf(first.read_bytes(), pki.bob.p12, pki.bob.password))
    settings.set_trusted_signer_paths([pki.alice.pem])
    assert window.open_file(EXAMPLE, ask=False)
    check = _dialog(window, qtbot, both)
    assert not check.verified
    lines = check.labels["signers"].text().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(
        "signature 1: Organization: Acme Corp, Common Name: Alice"
    )
    assert "trusted (this very certificate is in your trust store)" in lines[0]
    assert lines[1].startswith("signature 2: Organization: Acme Corp, Common Name: Bob")
    assert "NOT TRUSTED" in lines[1]
    assert "Bob CTO" in check.labels["trusted"].text()
    assert "Alice" not in check.labels["trusted"].text()
    settings.set_trusted_signer_paths([pki.alice.pem, pki.bob.pem])
    assert _dialog(window, qtbot, both).verified


def test_a_certification_signature_the_cli_refuses_is_not_verified(
    window: MainWindow, settings: AppSettings, qtbot: Any, pki: Pki, tmp_path: Path
) -> None:
    """pyHanko's certification signature (DocMDP) on the genuine plan: the CLI
    said "pages differ", the dialog said Verified."""
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers

    genuine = plan_pdf.render_plan(
        load_project(EXAMPLE), load_catalog(), language=Language.EN
    )
    signer = signers.SimpleSigner.load_pkcs12(
        str(pki.alice.p12), passphrase=pki.alice.password.encode()
    )
    assert signer is not None
    meta = signers.PdfSignatureMetadata(
        field_name="Certification",
        certify=True,
        md_algorithm="sha256",
        subfilter=fields.SigSeedSubFilter.PADES,
    )
    writer = IncrementalPdfFileWriter(io.BytesIO(genuine), strict=False)
    pdf = tmp_path / "certified.pdf"
    pdf.write_bytes(signers.sign_pdf(writer, meta, signer=signer).getvalue())
    settings.set_trusted_signer_paths([pki.alice.pem])
    assert window.open_file(EXAMPLE, ask=False)
    check = _dialog(window, qtbot, pdf)
    assert not check.verified, check.text()
    cli = verify_plan(pdf, EXAMPLE, trust=[])
    assert cli.status is VerifyStatus.FAILED
    assert (
        check.labels["details"].text()
        == verify_plan(
            pdf, project=window.session.project, trust=_trust(pki.alice)
        ).reason
    )


def _trust(ident: Identity) -> list[Any]:
    from gpu_advisor.report.verify import load_trusted_certificates

    return load_trusted_certificates([ident.pem])
