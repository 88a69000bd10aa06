"""Signing and verifying: a changed project, a tampered PDF or an untrusted signer fails.

The five bypasses of issue #12 each have a test here: an incremental update
that changes the content and removes ``/AcroForm`` and ``/Annots``;
truncation back to the signed bytes; a one-bit flip in ``/ETSI.CAdES``; a
self-signed look-alike certificate; a second signature by another key after
an edit. Expired, not-yet-valid and no-digitalSignature certificates too.
"""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

import pytest

from gpu_advisor.io.project_file import save_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project
from gpu_advisor.report.sign import SigningError, sign_pdf
from gpu_advisor.report.verify import (
    VerifyInputError,
    VerifyStatus,
    _regenerate,
    certificate_details,
    certificate_summary,
    load_trusted_certificates,
    system_trust_certificates,
    trusted_certificates_from_settings,
    verify_plan,
)
from tests.certificates import START, Identity, make_identity

_START = START


@pytest.fixture(scope="module")
def ids(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Identity]:
    folder = tmp_path_factory.mktemp("ids")
    return {
        "alice": make_identity(folder, "alice"),
        "mallory": make_identity(folder, "mallory"),  # same name, other key
        "bob": make_identity(folder, "bob", common_name="Bob CTO"),
        "expired": make_identity(
            folder,
            "expired",
            not_before=dt.datetime(2019, 1, 1, tzinfo=dt.UTC),
            not_after=dt.datetime(2020, 1, 1, tzinfo=dt.UTC),
        ),
        "future": make_identity(
            folder,
            "future",
            not_before=dt.datetime(2090, 1, 1, tzinfo=dt.UTC),
            not_after=dt.datetime(2099, 1, 1, tzinfo=dt.UTC),
        ),
        "nosig": make_identity(folder, "nosig", digital_signature=False),
    }


@pytest.fixture(scope="module")
def true_plan(project: Project) -> bytes:
    """The plan exactly as ``report`` writes it for ``project`` (English, A4)."""
    return _regenerate(project, "en", "a4")


def _sign(data: bytes, ident: Identity) -> bytes:
    return sign_pdf(data, ident.p12, ident.password)


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def _trust(*idents: Identity) -> list:  # type: ignore[type-arg]
    return load_trusted_certificates([i.pem for i in idents])


def _edit_after(data: bytes, *, drop_form: bool) -> bytes:
    """Append an incremental update that replaces page 1's content stream."""
    from pyhanko.pdf_utils import generic
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

    writer = IncrementalPdfFileWriter(io.BytesIO(data), strict=False)
    page_ref = writer.root["/Pages"]["/Kids"][0]
    page = page_ref.get_object()
    stream = generic.StreamObject(
        stream_data=b"BT /F1 24 Tf 72 700 Td (Total 36,200 CNY) Tj ET"
    )
    page["/Contents"] = writer.add_object(stream)
    if drop_form:
        if "/Annots" in page:
            del page["/Annots"]
        if "/AcroForm" in writer.root:
            del writer.root["/AcroForm"]
        writer.update_root()
    writer.update_container(page)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


# -- unsigned plans ------------------------------------------------------------


def test_unsigned_plan_is_not_verified(
    tmp_path: Path, true_plan: bytes, project_file: Path
) -> None:
    result = verify_plan(_write(tmp_path, "p.pdf", true_plan), project_file)
    assert result.status is VerifyStatus.UNSIGNED
    assert result.exit_status == 4
    assert not result.ok


def test_unsigned_draft_allowed_and_content_checked(
    tmp_path: Path, true_plan: bytes, project_file: Path
) -> None:
    result = verify_plan(
        _write(tmp_path, "p.pdf", true_plan), project_file, allow_unsigned=True
    )
    assert result.ok, result.reason
    assert result.content_checked
    assert result.app_version == "0.1.0"


def test_plan_not_regenerated_from_project_fails(
    tmp_path: Path, plans: dict[Language, bytes], project_file: Path
) -> None:
    # The test fixture's plan used 2,000 Monte Carlo draws, the app uses 10,000:
    # same fingerprint, different pages.
    result = verify_plan(
        _write(tmp_path, "p.pdf", plans[Language.EN]), project_file, allow_unsigned=True
    )
    assert result.status is VerifyStatus.FAILED
    assert "does not show what the project gives" in result.reason


def test_changed_project_fails(
    tmp_path: Path, true_plan: bytes, project: Project
) -> None:
    changed = project.model_copy(
        update={"meta": project.meta.model_copy(update={"horizon_months": 24})}
    )
    other = tmp_path / "changed.gpuplan"
    save_project(changed, other)
    result = verify_plan(
        _write(tmp_path, "p.pdf", true_plan), other, allow_unsigned=True
    )
    assert result.status is VerifyStatus.FAILED
    assert "does not match" in result.reason


# -- signed plans --------------------------------------------------------------


def test_signed_trusted_plan_verifies(
    tmp_path: Path, true_plan: bytes, project_file: Path, ids: dict[str, Identity]
) -> None:
    path = _write(tmp_path, "s.pdf", _sign(true_plan, ids["alice"]))
    result = verify_plan(path, project_file, trust=_trust(ids["alice"]))
    assert result.ok, result.reason
    assert result.content_checked
    (signer,) = result.signers
    assert "Alice CFO" in signer.name
    assert signer.trusted
    assert signer.certificate_valid
    assert signer.key_usage_ok
    assert signer.signing_time is not None
    assert "digital_signature" in signer.key_usage
    assert "Alice CFO" in signer.line()
    assert "trusted" in signer.line()


def test_signed_untrusted_plan_is_intact_but_not_trusted(
    tmp_path: Path, true_plan: bytes, project_file: Path, ids: dict[str, Identity]
) -> None:
    path = _write(tmp_path, "s.pdf", _sign(true_plan, ids["alice"]))
    result = verify_plan(path, project_file)
    assert result.status is VerifyStatus.UNTRUSTED
    assert result.exit_status == 3
    assert "intact but not trusted" in result.reason


def test_bypass_lookalike_self_signed_certificate(
    tmp_path: Path, true_plan: bytes, project_file: Path, ids: dict[str, Identity]
) -> None:
    path = _write(tmp_path, "s.pdf", _sign(true_plan, ids["mallory"]))
    result = verify_plan(path, project_file, trust=_trust(ids["alice"]))
    assert result.status is VerifyStatus.UNTRUSTED
    assert "Alice CFO" in result.signers[0].name  # the name alone proves nothing
    assert not result.signers[0].trusted


def test_tampered_signed_plan_fails(
    tmp_path: Path, true_plan: bytes, ids: dict[str, Identity]
) -> None:
    signed = _sign(true_plan, ids["alice"])
    tampered = bytearray(signed)
    at = signed.index(b"stream", 2000) + 40
    tampered[at] ^= 0x01
    result = verify_plan(
        _write(tmp_path, "t.pdf", bytes(tampered)), trust=_trust(ids["alice"])
    )
    assert result.status is VerifyStatus.FAILED
    assert result.signed


def test_update_after_signing_fails(
    tmp_path: Path, true_plan: bytes, ids: dict[str, Identity]
) -> None:
    signed = _sign(true_plan, ids["alice"])
    path = _write(
        tmp_path, "a.pdf", signed + b"\n1 0 obj\n<< /Title (changed) >>\nendobj\n"
    )
    result = verify_plan(path, trust=_trust(ids["alice"]))
    assert result.status is VerifyStatus.FAILED
    assert "after it was signed" in result.reason


def test_bypass_incremental_update_removing_acroform_and_annots(
    tmp_path: Path, true_plan: bytes, project_file: Path, ids: dict[str, Identity]
) -> None:
    signed = _sign(true_plan, ids["alice"])
    edited = _edit_after(signed, drop_form=True)
    path = _write(tmp_path, "e.pdf", edited)
    for allow in (False, True):
        result = verify_plan(
            path, project_file, trust=_trust(ids["alice"]), allow_unsigned=allow
        )
        assert result.status is VerifyStatus.FAILED, result.reason
        assert not result.ok


def test_edit_keeping_the_signature_field_fails(
    tmp_path: Path, true_plan: bytes, ids: dict[str, Identity]
) -> None:
    edited = _edit_after(_sign(true_plan, ids["alice"]), drop_form=False)
    result = verify_plan(_write(tmp_path, "e.pdf", edited), trust=_trust(ids["alice"]))
    assert result.status is VerifyStatus.FAILED


def test_bypass_truncation_back_to_signed_bytes(
    tmp_path: Path, true_plan: bytes, ids: dict[str, Identity]
) -> None:
    signed = _sign(true_plan, ids["alice"])
    assert signed.startswith(true_plan)
    result = verify_plan(
        _write(tmp_path, "cut.pdf", signed[: len(true_plan)]),
        trust=_trust(ids["alice"]),
    )
    assert result.status is VerifyStatus.UNSIGNED
    half = verify_plan(
        _write(tmp_path, "half.pdf", signed[: len(signed) - 200]),
        trust=_trust(ids["alice"]),
    )
    assert half.status is VerifyStatus.FAILED


def test_bypass_one_bit_flip_in_subfilter(
    tmp_path: Path, true_plan: bytes, ids: dict[str, Identity]
) -> None:
    signed = bytearray(_sign(true_plan, ids["alice"]))
    at = bytes(signed).index(b"/ETSI.CAdES") + 3
    signed[at] ^= 0x01
    result = verify_plan(
        _write(tmp_path, "flip.pdf", bytes(signed)), trust=_trust(ids["alice"])
    )
    assert result.status is VerifyStatus.FAILED


def test_bypass_second_signature_after_an_edit(
    tmp_path: Path, true_plan: bytes, ids: dict[str, Identity]
) -> None:
    first = _sign(true_plan, ids["alice"])
    edited = _edit_after(first, drop_form=False)
    both = sign_pdf(edited, ids["bob"].p12, ids["bob"].password)
    result = verify_plan(
        _write(tmp_path, "two.pdf", both), trust=_trust(ids["alice"], ids["bob"])
    )
    assert result.status is VerifyStatus.FAILED
    assert [s.index for s in result.signers] == [1, 2]
    assert "Alice CFO" in result.signers[0].name
    assert "Bob CTO" in result.signers[1].name
    assert result.signers[0].problems
    assert "signature 1" in result.reason


def test_two_signatures_without_edit_both_reported(
    tmp_path: Path, true_plan: bytes, project_file: Path, ids: dict[str, Identity]
) -> None:
    both = _sign(_sign(true_plan, ids["alice"]), ids["bob"])
    path = _write(tmp_path, "two.pdf", both)
    result = verify_plan(path, project_file, trust=_trust(ids["alice"], ids["bob"]))
    assert result.ok, result.reason
    assert len(result.signers) == 2
    only_alice = verify_plan(path, project_file, trust=_trust(ids["alice"]))
    assert only_alice.status is VerifyStatus.UNTRUSTED
    assert "Bob CTO" in only_alice.reason


@pytest.mark.parametrize(
    ("label", "words"),
    [
        ("expired", "expired"),
        ("future", "before the certificate became valid"),
        ("nosig", "does not allow digital signatures"),
    ],
)
def test_bad_certificates_fail_even_when_trusted(
    tmp_path: Path,
    true_plan: bytes,
    ids: dict[str, Identity],
    label: str,
    words: str,
) -> None:
    path = _write(tmp_path, f"{label}.pdf", _sign(true_plan, ids[label]))
    result = verify_plan(path, trust=_trust(ids[label]))
    assert result.status is VerifyStatus.FAILED
    assert words in result.reason
    assert not result.signers[0].ok


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


def test_trust_file_without_certificate_is_an_input_error(tmp_path: Path) -> None:
    bad = _write(tmp_path, "bad.pem", b"not a certificate")
    with pytest.raises(VerifyInputError, match="no certificate"):
        load_trusted_certificates([bad])


def test_trust_store_from_settings_skips_bad_files(
    tmp_path: Path, ids: dict[str, Identity]
) -> None:
    missing = tmp_path / "gone.pem"
    certs, problems = trusted_certificates_from_settings(
        [str(ids["alice"].pem), str(missing), str(ids["bob"].pem)]
    )
    assert len(certs) == 2
    assert len(problems) == 1
    assert "gone.pem" in problems[0]
    assert "Alice CFO" in certificate_summary(certs[0])
    assert trusted_certificates_from_settings(None) == ([], [])
    one, _ = trusted_certificates_from_settings(str(ids["alice"].pem))
    assert len(one) == 1


# -- the system trust store (--system-trust) -------------------------------------


def _bundle(tmp_path: Path, *idents: Identity) -> Path:
    """A CA bundle like /etc/ssl/certs/ca-certificates.crt with ``idents``."""
    text = b"".join(i.pem.read_bytes() for i in idents)
    return _write(tmp_path, "ca-bundle.crt", b"# system roots\n" + text)


def test_system_trust_reads_the_openssl_bundle(
    tmp_path: Path, ids: dict[str, Identity], monkeypatch: pytest.MonkeyPatch
) -> None:
    bundle = _bundle(tmp_path, ids["alice"], ids["bob"], ids["alice"])
    monkeypatch.setenv("SSL_CERT_FILE", str(bundle))
    certs, source = system_trust_certificates("linux")
    assert source == str(bundle)
    assert sorted(certificate_details(c).subject for c in certs) == [
        "Organization: Acme Corp, Common Name: Alice CFO",
        "Organization: Acme Corp, Common Name: Bob CTO",
    ]  # duplicates counted once


def test_system_trust_reads_a_ca_folder_when_there_is_no_bundle(
    tmp_path: Path, ids: dict[str, Identity], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "certs"
    folder.mkdir()
    (folder / "alice.pem").write_bytes(ids["alice"].pem.read_bytes())
    (folder / "readme.txt").write_bytes(ids["bob"].pem.read_bytes())  # not a cert name
    (folder / "fifo.pem").symlink_to("/dev/zero")  # never read
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "none.crt"))
    monkeypatch.setenv("SSL_CERT_DIR", str(folder))
    certs, source = system_trust_certificates("linux")
    assert source == str(folder)
    assert [certificate_details(c).subject for c in certs] == [
        "Organization: Acme Corp, Common Name: Alice CFO"
    ]


def test_system_trust_empty_when_the_platform_has_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "none.crt"))
    monkeypatch.setenv("SSL_CERT_DIR", str(tmp_path / "none"))
    assert system_trust_certificates("linux") == ([], "")


def test_system_trust_on_windows_reads_root_and_ca_stores(
    tmp_path: Path, ids: dict[str, Identity], monkeypatch: pytest.MonkeyPatch
) -> None:
    import ssl

    from asn1crypto import pem  # type: ignore[import-untyped]

    der = pem.unarmor(ids["bob"].pem.read_bytes())[2]
    asked: list[str] = []

    def enum(store: str) -> list[tuple[bytes, str, object]]:
        asked.append(store)
        return [(der, "x509_asn", True), (b"junk", "pkcs_7_asn", True)]

    monkeypatch.setattr(ssl, "enum_certificates", enum, raising=False)
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "none.crt"))
    monkeypatch.setenv("SSL_CERT_DIR", str(tmp_path / "none"))
    certs, source = system_trust_certificates("win32")
    assert asked == ["ROOT", "CA"]
    assert [certificate_details(c).subject for c in certs] == [
        "Organization: Acme Corp, Common Name: Bob CTO"
    ]
    assert source.startswith("Windows certificate store")


def test_system_trust_on_macos_reads_the_system_keychains(
    tmp_path: Path, ids: dict[str, Identity], monkeypatch: pytest.MonkeyPatch
) -> None:
    import subprocess

    calls: list[list[str]] = []

    def run(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[bytes]:
        calls.append(cmd)
        assert kwargs["timeout"]  # never waits forever
        return subprocess.CompletedProcess(cmd, 0, ids["alice"].pem.read_bytes(), b"")

    monkeypatch.setattr(subprocess, "run", run)
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "none.crt"))
    monkeypatch.setenv("SSL_CERT_DIR", str(tmp_path / "none"))
    certs, source = system_trust_certificates("darwin")
    assert len(certs) == 1
    assert source == "macOS system keychains"
    assert [c[:3] for c in calls] == [
        ["/usr/bin/security", "find-certificate", "-a"]
    ] * 2


def test_cli_verify_system_trust_is_opt_in(
    tmp_path: Path,
    true_plan: bytes,
    project_file: Path,
    ids: dict[str, Identity],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from gpu_advisor.cli import main

    signed = _write(tmp_path, "s.pdf", _sign(true_plan, ids["alice"]))
    monkeypatch.setenv("SSL_CERT_FILE", str(_bundle(tmp_path, ids["alice"])))
    args = ["verify", str(signed), str(project_file)]
    assert main(args) == 3  # the system's authorities are not trusted by default
    assert "NOT TRUSTED" in capsys.readouterr().err
    assert main([*args, "--system-trust"]) == 0
    out = capsys.readouterr().out
    assert "any certificate they issued is accepted (1 from" in out
    assert out.splitlines()[-1].startswith("OK:")
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "none.crt"))
    monkeypatch.setenv("SSL_CERT_DIR", str(tmp_path / "none"))
    assert main([*args, "--system-trust"]) == 3
    assert "no system trust store" in capsys.readouterr().err


def test_certificate_details_for_preferences(ids: dict[str, Identity]) -> None:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes

    (cert,) = load_trusted_certificates([ids["bob"].pem])
    details = certificate_details(cert)
    reference = x509.load_pem_x509_certificate(ids["bob"].pem.read_bytes())
    assert details.sha256 == reference.fingerprint(hashes.SHA256()).hex(":").upper()
    assert details.subject == details.issuer
    assert details.self_signed
    assert details.not_before == _START
    assert details.valid_at(_START)
    assert not details.valid_at(_START - dt.timedelta(days=1))
