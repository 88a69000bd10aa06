"""Shadow overlays (issue #33): what a reader sees on a signed plan is what is verified.

Both attacks are built with pyHanko the way a hostile colleague would: an
*empty visible signature field* whose appearance stream paints other
figures ("Monthly rental, CNY 9,147") over page 1, added as an incremental
update

* before signing: the approver then signs the dressed-up plan;
* after Alice signed: pyHanko's difference analysis takes the new field for
  form filling, and Bob co-signs (a trusted second signer, or a certificate
  from an authority admitted with ``--system-trust``).

Each must fail verification naming the page and the position; an honest
co-signature (no appearance) still verifies, and ``sign`` refuses a PDF
holding anything the app did not write.
"""

from __future__ import annotations

import datetime as dt
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID

from gpu_advisor.cli import main
from gpu_advisor.report.sign import SigningError, sign_pdf
from gpu_advisor.report.verify import (
    VerifyStatus,
    load_trusted_certificates,
    verify_plan,
)
from tests.certificates import START, Identity, make_identity

OVERLAY_BOX = (60, 620, 540, 700)
"""Where the fake figures are painted on page 1 (x1, y1, x2, y2 in points)."""
OVERLAY_POSITION = "(60, 620, 480, 80)"
"""How verification names that place: x, y, width, height."""


@dataclass(frozen=True)
class Signers:
    alice: Identity
    bob: Identity
    ca_pem: Path
    carol: Identity
    """Issued by ``ca_pem``: admitted only through the (simulated) system store."""


def _issued_identity(
    folder: Path, label: str, common_name: str
) -> tuple[Path, Identity]:
    """A CA certificate and a signing identity it issued (the CA as PEM)."""
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Public Web CA")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(START)
        .not_valid_after(START + dt.timedelta(days=3650))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    leaf = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(START)
        .not_valid_after(START + dt.timedelta(days=3650))
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=True,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=False,
                crl_sign=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .sign(ca_key, hashes.SHA256())
    )
    secret = "pw-" + label
    p12 = folder / f"{label}.p12"
    p12.write_bytes(
        pkcs12.serialize_key_and_certificates(
            label.encode(),
            key,
            leaf,
            [ca],
            serialization.BestAvailableEncryption(secret.encode()),
        )
    )
    pem = folder / f"{label}.pem"
    pem.write_bytes(leaf.public_bytes(serialization.Encoding.PEM))
    ca_pem = folder / "system-ca.pem"
    ca_pem.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    return ca_pem, Identity(p12, pem, secret)


@pytest.fixture(scope="module")
def signers(tmp_path_factory: pytest.TempPathFactory) -> Signers:
    folder = tmp_path_factory.mktemp("overlay-ids")
    ca_pem, carol = _issued_identity(folder, "carol", "Carol Outsider")
    return Signers(
        alice=make_identity(folder, "alice"),
        bob=make_identity(folder, "bob", common_name="Bob CTO"),
        ca_pem=ca_pem,
        carol=carol,
    )


@pytest.fixture(scope="module")
def plan_and_project(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, Path]:
    """The plan exactly as ``gpu-advisor-cli report`` writes it, and its project."""
    from gpu_advisor.io.project_file import save_project
    from tests.report.conftest import sample_project

    folder = tmp_path_factory.mktemp("overlay-plan")
    project = folder / "plan.gpuplan"
    save_project(sample_project(), project)
    pdf = folder / "plan.pdf"
    assert main(["report", str(project), "-o", str(pdf)]) == 0
    return pdf.read_bytes(), project


def _overlay(data: bytes) -> bytes:
    """An incremental update adding an empty visible signature field on page 1
    whose appearance paints other figures over the plan."""
    from pyhanko.pdf_utils import generic
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign.fields import SigFieldSpec, append_signature_field

    writer = IncrementalPdfFileWriter(io.BytesIO(data), strict=False)
    append_signature_field(writer, SigFieldSpec("Approval", on_page=0, box=OVERLAY_BOX))
    width = OVERLAY_BOX[2] - OVERLAY_BOX[0]
    height = OVERLAY_BOX[3] - OVERLAY_BOX[1]
    font = generic.DictionaryObject(
        {
            generic.pdf_name("/Type"): generic.pdf_name("/Font"),
            generic.pdf_name("/Subtype"): generic.pdf_name("/Type1"),
            generic.pdf_name("/BaseFont"): generic.pdf_name("/Helvetica"),
        }
    )
    paint = generic.StreamObject(
        {
            generic.pdf_name("/Type"): generic.pdf_name("/XObject"),
            generic.pdf_name("/Subtype"): generic.pdf_name("/Form"),
            generic.pdf_name("/BBox"): generic.ArrayObject(
                generic.FloatObject(v) for v in (0, 0, width, height)
            ),
            generic.pdf_name("/Resources"): generic.DictionaryObject(
                {
                    generic.pdf_name("/Font"): generic.DictionaryObject(
                        {generic.pdf_name("/F1"): writer.add_object(font)}
                    )
                }
            ),
        },
        stream_data=(
            b"1 1 1 rg 0 0 %g %g re f 0 0 0 rg "
            b"BT /F1 28 Tf 10 30 Td (Monthly rental, CNY 9,147) Tj ET" % (width, height)
        ),
    )
    fields = writer.root["/AcroForm"]["/Fields"]
    for field_ref in fields:
        field = field_ref.get_object()
        if field.get("/T") == "Approval":
            field["/AP"] = generic.DictionaryObject(
                {generic.pdf_name("/N"): writer.add_object(paint)}
            )
            writer.update_container(field)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _pyhanko_sign(data: bytes, ident: Identity, field: str) -> bytes:
    """Sign with pyHanko directly, as any other tool could (no refusal)."""
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers

    signer = signers.SimpleSigner.load_pkcs12(
        str(ident.p12), passphrase=ident.password.encode()
    )
    assert signer is not None
    meta = signers.PdfSignatureMetadata(
        field_name=field, md_algorithm="sha256", subfilter=fields.SigSeedSubFilter.PADES
    )
    writer = IncrementalPdfFileWriter(io.BytesIO(data), strict=False)
    return bytes(signers.sign_pdf(writer, meta, signer=signer).getvalue())


def _write(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


def _verify_cli(
    capsys: pytest.CaptureFixture[str], pdf: Path, project: Path, *extra: str
) -> tuple[int, str]:
    status = main(["verify", str(pdf), str(project), *extra])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def test_overlay_before_signing_fails_naming_page_and_position(
    tmp_path: Path,
    plan_and_project: tuple[bytes, Path],
    signers: Signers,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue #33, first finding: was "OK ... content identical to the plan
    regenerated from the project"."""
    plan, project = plan_and_project
    dressed = _overlay(plan)
    signed = _pyhanko_sign(dressed, signers.alice, "PlanSignature")
    pdf = _write(tmp_path, "signed.pdf", signed)
    status, text = _verify_cli(capsys, pdf, project, "--trust", str(signers.alice.pem))
    assert status == VerifyStatus.FAILED, text
    assert f"page 1: an annotation at {OVERLAY_POSITION} paints over the plan" in text
    assert "before signature 1" in text
    assert "OK:" not in text
    # without the project the overlay is refused all the same
    result = verify_plan(pdf, trust=load_trusted_certificates([signers.alice.pem]))
    assert result.status is VerifyStatus.FAILED
    assert OVERLAY_POSITION in result.reason


def test_sign_refuses_a_plan_holding_what_the_app_did_not_write(
    tmp_path: Path,
    plan_and_project: tuple[bytes, Path],
    signers: Signers,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``sign PLAN.pdf`` signs a PDF as it is, so it checks what it is handed
    (``sign PROJECT.gpuplan`` regenerates the plan and cannot be dressed up)."""
    plan, _project = plan_and_project
    dressed = _write(tmp_path, "dressed.pdf", _overlay(plan))
    with pytest.raises(SigningError, match=r"page 1: an annotation at \(60, 620"):
        sign_pdf(dressed.read_bytes(), signers.alice.p12, signers.alice.password)
    out = tmp_path / "signed.pdf"
    args = ["sign", str(dressed), "--p12", str(signers.alice.p12), "-o", str(out)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("OVERLAY_PW", signers.alice.password)
        assert main([*args, "--password-env", "OVERLAY_PW"]) == 2
    assert "paints over the plan" in capsys.readouterr().err
    assert not out.exists()
    # the honest plan and a co-signature of a signed plan are still signed
    first = sign_pdf(plan, signers.alice.p12, signers.alice.password)
    sign_pdf(first, signers.bob.p12, signers.bob.password)


def test_overlay_after_signing_and_a_trusted_co_signature_fails(
    tmp_path: Path,
    plan_and_project: tuple[bytes, Path],
    signers: Signers,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue #33, second finding: was OK for both Alice and Bob."""
    plan, project = plan_and_project
    by_alice = sign_pdf(plan, signers.alice.p12, signers.alice.password)
    dressed = _overlay(by_alice)
    both = _pyhanko_sign(dressed, signers.bob, "PlanSignature2")
    pdf = _write(tmp_path, "both.pdf", both)
    trust = ["--trust", str(signers.alice.pem), "--trust", str(signers.bob.pem)]
    status, text = _verify_cli(capsys, pdf, project, *trust)
    assert status == VerifyStatus.FAILED, text
    assert "modified after signing" in text
    assert f"page 1: an annotation at {OVERLAY_POSITION} paints over the plan" in text
    assert "after signature 1" in text
    # the overlay alone, not co-signed, fails the same way
    alone = _write(tmp_path, "alone.pdf", dressed)
    status, text = _verify_cli(capsys, alone, project, *trust)
    assert status == VerifyStatus.FAILED, text
    assert OVERLAY_POSITION in text


def test_overlay_after_signing_co_signed_through_system_trust_fails(
    tmp_path: Path,
    plan_and_project: tuple[bytes, Path],
    signers: Signers,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Carol's certificate comes from an authority in the (simulated) system
    store: ``--system-trust`` admits her, and says so, but not the overlay."""
    plan, project = plan_and_project
    by_alice = sign_pdf(plan, signers.alice.p12, signers.alice.password)
    monkeypatch.setenv("SSL_CERT_FILE", str(signers.ca_pem))
    honest = _write(
        tmp_path,
        "honest.pdf",
        sign_pdf(by_alice, signers.carol.p12, signers.carol.password),
    )
    args = ["--trust", str(signers.alice.pem), "--system-trust"]
    status, text = _verify_cli(capsys, honest, project, *args)
    assert status == VerifyStatus.OK, text  # Carol is admitted by the system store
    assert (
        "trusting the system's certificate authorities: "
        "any certificate they issued is accepted"
    ) in text
    dressed = _pyhanko_sign(_overlay(by_alice), signers.carol, "PlanSignature2")
    status, text = _verify_cli(
        capsys, _write(tmp_path, "carol.pdf", dressed), project, *args
    )
    assert status == VerifyStatus.FAILED, text
    assert "modified after signing" in text
    assert OVERLAY_POSITION in text


def test_honest_co_signature_by_a_trusted_second_signer_verifies(
    tmp_path: Path,
    plan_and_project: tuple[bytes, Path],
    signers: Signers,
    capsys: pytest.CaptureFixture[str],
) -> None:
    plan, project = plan_and_project
    by_alice = sign_pdf(plan, signers.alice.p12, signers.alice.password)
    for name, both in (
        ("app.pdf", sign_pdf(by_alice, signers.bob.p12, signers.bob.password)),
        ("tool.pdf", _pyhanko_sign(by_alice, signers.bob, "BobSignature")),
    ):
        pdf = _write(tmp_path, name, both)
        trust = ["--trust", str(signers.alice.pem), "--trust", str(signers.bob.pem)]
        status, text = _verify_cli(capsys, pdf, project, *trust)
        assert status == VerifyStatus.OK, text
        assert "Alice CFO" in text
        assert "Bob CTO" in text


def test_an_update_between_the_plan_and_its_first_signature_fails(
    tmp_path: Path,
    plan_and_project: tuple[bytes, Path],
    signers: Signers,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An empty *invisible* signature field first (it paints nothing), then page
    1's content replaced, then a signature: the content check compared only the
    first update with the plan as written, so this verified before."""
    from pyhanko.sign.fields import SigFieldSpec, append_signature_field

    from tests.report.test_report_verify import _edit_after

    plan, project = plan_and_project
    writer = _incremental(plan)
    append_signature_field(writer, SigFieldSpec("Empty"))
    out = io.BytesIO()
    writer.write(out)
    edited = _edit_after(out.getvalue(), drop_form=False)
    pdf = _write(tmp_path, "late.pdf", _pyhanko_sign(edited, signers.alice, "Sig"))
    status, text = _verify_cli(capsys, pdf, project, "--trust", str(signers.alice.pem))
    assert status == VerifyStatus.FAILED, text
    assert "2 incremental update(s) before signature 1" in text


def _incremental(data: bytes) -> Any:
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

    return IncrementalPdfFileWriter(io.BytesIO(data), strict=False)


def _with_annotation(data: bytes, page: int, fields: dict[str, Any]) -> bytes:
    """An incremental update adding one annotation to page ``page`` (0-based)."""
    from pyhanko.pdf_utils import generic

    writer = _incremental(data)
    page_ref, _resources = writer.find_page_for_modification(page)
    page_obj = page_ref.get_object()
    annot = generic.DictionaryObject(
        {generic.pdf_name("/Type"): generic.pdf_name("/Annot")}
    )
    for key, value in fields.items():
        annot[generic.pdf_name(key)] = _pdf_value(writer, value)
    ref = writer.add_object(annot)
    annots = page_obj.get("/Annots")
    if annots is None:
        page_obj["/Annots"] = generic.ArrayObject([ref])
    else:
        page_obj["/Annots"] = generic.ArrayObject([*annots, ref])
    writer.update_container(page_obj)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _paint(writer: Any, content: bytes, box: tuple[float, ...]) -> Any:
    from pyhanko.pdf_utils import generic

    return writer.add_object(
        generic.StreamObject(
            {
                generic.pdf_name("/Type"): generic.pdf_name("/XObject"),
                generic.pdf_name("/Subtype"): generic.pdf_name("/Form"),
                generic.pdf_name("/BBox"): generic.ArrayObject(
                    generic.FloatObject(v) for v in box
                ),
            },
            stream_data=content,
        )
    )


def _pdf_value(writer: Any, value: Any) -> Any:
    """Test shorthand: "/Name", numbers, lists, ("paint", bytes, bbox), text."""
    from pyhanko.pdf_utils import generic

    if isinstance(value, tuple) and value[0] == "paint":
        stream = _paint(writer, value[1], value[2])
        return generic.DictionaryObject({generic.pdf_name("/N"): stream})
    if isinstance(value, list):
        return generic.ArrayObject(_pdf_value(writer, v) for v in value)
    if isinstance(value, int | float):
        return generic.FloatObject(value)
    if isinstance(value, str) and value.startswith("/"):
        return generic.pdf_name(value)
    return generic.TextStringObject(str(value))


FAKE = b"1 1 1 rg 0 0 480 80 re f 0 g BT /Helv 28 Tf 10 30 Td (CNY 9,147) Tj ET"
PAINT = ("paint", FAKE, (0, 0, 480, 80))


@pytest.mark.parametrize(
    ("label", "fields"),
    [
        ("free text", {"/Subtype": "/FreeText", "/AP": PAINT, "/Contents": "x"}),
        ("free text drawn by the viewer", {"/Subtype": "/FreeText", "/Contents": "x"}),
        ("stamp", {"/Subtype": "/Stamp", "/AP": PAINT}),
        ("ink", {"/Subtype": "/Ink", "/AP": PAINT, "/InkList": [[60, 620, 540, 700]]}),
        ("text widget", {"/Subtype": "/Widget", "/FT": "/Tx", "/AP": PAINT}),
        ("link with a look", {"/Subtype": "/Link", "/AP": PAINT}),
        (
            "signature widget without area painting from its box",
            {"/Subtype": "/Widget", "/FT": "/Sig", "/AP": PAINT},
        ),
    ],
)
def test_every_kind_of_painting_annotation_after_signing_fails(
    tmp_path: Path,
    plan_and_project: tuple[bytes, Path],
    signers: Signers,
    label: str,
    fields: dict[str, Any],
) -> None:
    plan, project = plan_and_project
    by_alice = sign_pdf(plan, signers.alice.p12, signers.alice.password)
    rect = [0, 0, 0, 0] if "Sig" in label else list(OVERLAY_BOX)
    dressed = _with_annotation(by_alice, 0, {**fields, "/Rect": rect})
    both = _pyhanko_sign(dressed, signers.bob, "PlanSignature2")
    trust = load_trusted_certificates([signers.alice.pem, signers.bob.pem])
    result = verify_plan(_write(tmp_path, "x.pdf", both), project, trust=trust)
    assert result.status is VerifyStatus.FAILED, label
    assert result.reason.startswith("modified after signing: page 1: an annotation")
    assert "after signature 1" in result.reason


def _annot(fields: dict[str, Any]) -> Any:
    from pyhanko.pdf_utils import generic

    def value(item: Any) -> Any:
        if isinstance(item, bytes):
            return generic.StreamObject(stream_data=item)
        if isinstance(item, dict):
            return generic.DictionaryObject(
                {generic.pdf_name(k): value(v) for k, v in item.items()}
            )
        if isinstance(item, list):
            return generic.ArrayObject(value(v) for v in item)
        if isinstance(item, str):
            return generic.pdf_name(item)
        return generic.FloatObject(item)

    return value(fields)


@pytest.mark.parametrize(
    ("fields", "own"),
    [
        ({"/Subtype": "/Link", "/Rect": [1, 2, 30, 40]}, True),
        ({"/Subtype": "/Link", "/AP": {"/N": FAKE}}, False),
        ({"/Subtype": "/Widget", "/FT": "/Sig", "/Rect": [0, 0, 0, 0]}, True),
        ({"/Subtype": "/Widget", "/FT": "/Sig", "/Rect": [9, 9, 90, 90]}, True),
        (
            {
                "/Subtype": "/Widget",
                "/FT": "/Sig",
                "/Rect": [5, 5, 5, 5],
                "/AP": {"/N": b" ", "/D": {"/Off": b""}},
            },
            True,
        ),
        (
            {
                "/Subtype": "/Widget",
                "/FT": "/Sig",
                "/Rect": [5, 5, 5, 5],
                "/AP": {"/N": b"", "/D": {"/Off": FAKE}},
            },
            False,
        ),
        (
            {
                "/Subtype": "/Widget",
                "/FT": "/Sig",
                "/Rect": [0, 0, 9, 9],
                "/AP": {"/N": b""},
            },
            False,
        ),
        ({"/Subtype": "/Widget", "/Parent": {"/FT": "/Sig"}}, True),
        ({"/Subtype": "/Widget", "/FT": "/Tx"}, False),
        ({"/Subtype": "/Popup"}, False),
        ({"/Rect": [0, 0, 0, 0]}, False),
    ],
)
def test_what_counts_as_the_apps_own_annotation(
    fields: dict[str, Any], own: bool
) -> None:
    """Links without a look and signature widgets painting nothing; nothing else."""
    from gpu_advisor.report.annotations import is_apps_own

    assert is_apps_own(_annot(fields)) is own


def test_a_looping_page_tree_is_refused_not_walked(
    tmp_path: Path, plan_and_project: tuple[bytes, Path], signers: Signers
) -> None:
    """A later revision whose page tree lists itself: one line, FAILED."""
    from pyhanko.pdf_utils import generic

    plan, project = plan_and_project
    writer = _incremental(sign_pdf(plan, signers.alice.p12, signers.alice.password))
    pages_ref = writer.root.raw_get("/Pages")
    pages = pages_ref.get_object()
    pages["/Kids"] = generic.ArrayObject([*pages["/Kids"], pages_ref])
    writer.update_container(pages)
    out = io.BytesIO()
    writer.write(out)
    pdf = _write(tmp_path, "loop.pdf", out.getvalue())
    result = verify_plan(
        pdf, project, trust=load_trusted_certificates([signers.alice.pem])
    )
    assert result.status is VerifyStatus.FAILED
    assert "\n" not in result.reason
    assert "the page tree holds a loop" in result.reason, result.reason
