"""Trust is exactly what the user chose, and a refusal names its real cause (issue #33).

Each finding of the issue, reproduced on main before the fix, through
``gpu-advisor-cli verify``:

* trusting Alice's own certificate (CA:FALSE) also trusted a certificate
  her key issued for "Mallory": exit 0. Now 3, naming the cause;
* a certificate from a trusted CA with digitalSignature only, or with no
  key usage, was "not in the trust store" (pyHanko's validator asks for
  nonRepudiation) and printed pyHanko's traceback. Now it verifies
  (RFC 5280 § 4.2.1.3: digitalSignature is the usage for signatures; no
  extension is no restriction), and one with neither usage fails naming
  the key usage, in English and in Chinese;
* ``verify --allow-unsigned`` without a project returned 0 for any PDF
  printing a fingerprint. Now 4, saying what could not be checked.
"""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.cli import main
from gpu_advisor.io.project_file import save_project
from gpu_advisor.model.common import Language
from gpu_advisor.report.sign import sign_pdf
from gpu_advisor.report.verify import (
    VerifyStatus,
    _regenerate,
    load_trusted_certificates,
    verify_plan,
)
from tests.certificates import (
    START,
    Identity,
    Issuer,
    issue_identity,
    issuer_of,
    make_authority,
    make_identity,
)
from tests.property_runs import examples
from tests.report.conftest import sample_project


@dataclass(frozen=True)
class Plan:
    pdf: bytes
    project: Path


@dataclass(frozen=True)
class Pki:
    alice: Identity
    """Self-signed, no CA:TRUE: trusted for her own signatures only."""
    mallory: Identity
    """Issued by Alice's key."""
    ca: Issuer
    dora: Identity
    """From ``ca``, key usage digitalSignature only."""
    nora: Identity
    """From ``ca``, no key usage extension."""
    kim: Identity
    """From ``ca``, key usage keyEncipherment only: may not sign."""
    old_ca: Issuer
    """A CA that expired before the tests' today."""
    otto: Identity
    """From ``old_ca``, valid itself."""
    twin: Identity
    """Self-signed with Alice's name and another key."""


@pytest.fixture(scope="module")
def plan(tmp_path_factory: pytest.TempPathFactory) -> Plan:
    folder = tmp_path_factory.mktemp("trust-plan")
    project = sample_project(Language.EN)
    path = folder / "plan.gpuplan"
    save_project(project, path)
    return Plan(_regenerate(project, "en", "a4"), path)


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    folder = tmp_path_factory.mktemp("trust-pki")
    alice = make_identity(folder, "alice")
    ca = make_authority(folder, "ca")
    old_ca = make_authority(
        folder,
        "old-ca",
        common_name="Old CA",
        not_after=dt.datetime(2025, 6, 1, tzinfo=dt.UTC),
    )
    return Pki(
        alice=alice,
        mallory=issue_identity(
            folder,
            "mallory",
            issuer_of(alice),
            common_name="Mallory",
            key_usage={"digital_signature", "content_commitment"},
        ),
        ca=ca,
        dora=issue_identity(
            folder, "dora", ca, common_name="Dora", key_usage={"digital_signature"}
        ),
        nora=issue_identity(folder, "nora", ca, common_name="Nora", key_usage=None),
        kim=issue_identity(
            folder, "kim", ca, common_name="Kim", key_usage={"key_encipherment"}
        ),
        old_ca=old_ca,
        otto=issue_identity(
            folder,
            "otto",
            old_ca,
            common_name="Otto",
            key_usage={"digital_signature"},
            not_before=START,
            not_after=START + dt.timedelta(days=3650),
        ),
        twin=make_identity(folder, "twin"),
    )


def _signed(tmp_path: Path, plan: Plan, ident: Identity) -> Path:
    pdf = tmp_path / "signed.pdf"
    pdf.write_bytes(sign_pdf(plan.pdf, ident.p12, ident.password))
    return pdf


def _verify(
    capsys: pytest.CaptureFixture[str], pdf: Path, *args: str | Path
) -> tuple[int, str]:
    status = main(["verify", str(pdf), *map(str, args)])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def test_a_trusted_end_entity_vouches_for_itself(
    tmp_path: Path, plan: Plan, pki: Pki, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = _signed(tmp_path, plan, pki.alice)
    status, text = _verify(capsys, pdf, plan.project, "--trust", pki.alice.pem)
    assert status == VerifyStatus.OK, text
    assert "trusted (this very certificate is in your trust store)" in text
    assert text.splitlines()[-1].startswith("OK: ")
    status, text = _verify(
        capsys, pdf, plan.project, "--trust", pki.alice.pem, "--lang", "zh"
    )
    assert status == VerifyStatus.OK, text
    assert text.splitlines()[-1].startswith("通过：")


def test_a_certificate_issued_by_a_trusted_end_entity_key_is_not_trusted(
    tmp_path: Path, plan: Plan, pki: Pki, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue #33: was exit 0, "signatures intact and trusted (signed by Mallory)"."""
    pdf = _signed(tmp_path, plan, pki.mallory)
    status, text = _verify(capsys, pdf, plan.project, "--trust", pki.alice.pem)
    assert status == VerifyStatus.UNTRUSTED, text
    assert (
        "NOT TRUSTED: issued by Organization: Acme Corp, Common Name: Alice CFO" in text
    )
    assert "it is not a certificate authority" in text
    assert "OK:" not in text
    # Trusting Mallory's own certificate trusts Mallory: what the user chose.
    status, text = _verify(capsys, pdf, plan.project, "--trust", pki.mallory.pem)
    assert status == VerifyStatus.OK, text


@pytest.mark.parametrize("label", ["dora", "nora"])
def test_digital_signature_only_or_no_key_usage_from_a_trusted_ca_verifies(
    tmp_path: Path,
    plan: Plan,
    pki: Pki,
    capsys: pytest.CaptureFixture[str],
    label: str,
) -> None:
    """Issue #33: was exit 3 "not in the trust store" plus pyHanko's traceback."""
    pdf = _signed(tmp_path, plan, getattr(pki, label))
    status, text = _verify(capsys, pdf, plan.project, "--trust", pki.ca.pem)
    assert status == VerifyStatus.OK, text
    assert "issued under Common Name: Acme Signing CA" in text
    assert "Traceback" not in text


def test_a_certificate_that_may_not_sign_fails_naming_the_key_usage(
    tmp_path: Path, plan: Plan, pki: Pki, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = _signed(tmp_path, plan, pki.kim)
    status, text = _verify(capsys, pdf, plan.project, "--trust", pki.ca.pem)
    assert status == VerifyStatus.FAILED, text
    assert "key usage (key_encipherment) lists neither digitalSignature" in text
    status, text = _verify(
        capsys, pdf, plan.project, "--trust", pki.ca.pem, "--lang", "zh"
    )
    assert status == VerifyStatus.FAILED, text
    assert "该证书不允许数字签名：其密钥用途（key_encipherment）" in text


@pytest.mark.parametrize(
    ("trust", "cause", "zh_cause"),
    [
        ("", "your trust store is empty", "您的信任列表为空"),
        (
            "alice",
            "neither this certificate nor an authority that issued it is in your "
            "trust store (issued by Common Name: Acme Signing CA)",
            "此证书及颁发它的机构均不在您的信任列表中",
        ),
    ],
)
def test_an_untrusted_signer_is_named_with_the_cause(
    tmp_path: Path,
    plan: Plan,
    pki: Pki,
    capsys: pytest.CaptureFixture[str],
    trust: str,
    cause: str,
    zh_cause: str,
) -> None:
    pdf = _signed(tmp_path, plan, pki.dora)
    extra = ["--trust", str(pki.alice.pem)] if trust else []
    status, text = _verify(capsys, pdf, plan.project, *extra)
    assert status == VerifyStatus.UNTRUSTED, text
    assert f"NOT TRUSTED: intact but not trusted: Common Name: Dora: {cause}" in text
    assert "not in the trust store (add" not in text  # the old catch-all
    status, text = _verify(capsys, pdf, plan.project, *extra, "--lang", "zh")
    assert status == VerifyStatus.UNTRUSTED, text
    assert f"签名人不受信任：完好但不可信：Common Name: Dora：{zh_cause}" in text
    assert "NOT TRUSTED" not in text  # the verdict word in the reader's language


def test_a_chain_through_an_expired_authority_names_the_time(
    tmp_path: Path, plan: Plan, pki: Pki, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = _signed(tmp_path, plan, pki.otto)
    status, text = _verify(capsys, pdf, plan.project, "--trust", pki.old_ca.pem)
    assert status == VerifyStatus.UNTRUSTED, text
    assert "holds a certificate outside its validity period" in text


def test_a_self_signed_look_alike_in_the_store_is_named(
    tmp_path: Path, plan: Plan, pki: Pki, capsys: pytest.CaptureFixture[str]
) -> None:
    other = make_identity(tmp_path, "other-alice")  # same name, another key
    pdf = _signed(tmp_path, plan, pki.alice)
    status, text = _verify(capsys, pdf, plan.project, "--trust", other.pem)
    assert status == VerifyStatus.UNTRUSTED, text
    assert "the one in your trust store with the same name holds another key" in text


def test_allow_unsigned_without_a_project_is_not_success(
    tmp_path: Path, plan: Plan, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue #33: was exit 0 "not signed (draft)" for any PDF printing a fingerprint."""
    from pypdf import PdfReader, PdfWriter

    draft = tmp_path / "draft.pdf"
    draft.write_bytes(plan.pdf)
    rewritten = tmp_path / "rewritten.pdf"
    writer = PdfWriter(clone_from=PdfReader(str(draft)))
    writer.pages[0].merge_transformed_page(writer.pages[1], (1, 0, 0, 1, 0, 0))
    with rewritten.open("wb") as out:
        writer.write(out)
    for pdf in (draft, rewritten):
        status, text = _verify(capsys, pdf, "--allow-unsigned")
        assert status == VerifyStatus.UNSIGNED, text
        assert "its pages cannot be tied to anything" in text
        assert "give the project file" in text
    # with the project, the draft passes and the rewritten one fails
    status, text = _verify(capsys, draft, plan.project, "--allow-unsigned")
    assert status == VerifyStatus.OK, text
    status, text = _verify(capsys, rewritten, plan.project, "--allow-unsigned")
    assert status == VerifyStatus.FAILED, text
    assert "its pages differ from the plan regenerated from the project file" in text
    # both verdicts in Chinese
    status, text = _verify(capsys, draft, "--allow-unsigned", "--lang", "zh")
    assert status == VerifyStatus.UNSIGNED, text
    assert "其页面无法与任何内容对应" in text
    status, text = _verify(
        capsys, rewritten, plan.project, "--allow-unsigned", "--lang", "zh"
    )
    assert status == VerifyStatus.FAILED, text
    assert "方案所示内容与项目不符" in text


def test_no_library_traceback_reaches_the_terminal(
    tmp_path: Path, plan: Plan, pki: Pki
) -> None:
    """pyHanko logs a failed chain with its traceback; with no logging set up
    Python's last-resort handler printed it (20 of 78 runs in the issue).
    A fresh process, as a user runs it (pytest would capture the log)."""
    pdf = _signed(tmp_path, plan, pki.mallory)
    code = "import sys; from gpu_advisor.cli import main; sys.exit(main(sys.argv[1:]))"
    done = subprocess.run(
        [sys.executable, "-c", code, "verify", str(pdf), "--trust", str(pki.alice.pem)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == VerifyStatus.UNTRUSTED, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert len((done.stdout + done.stderr).strip().splitlines()) == 2


def test_system_trust_says_whom_it_admits(
    tmp_path: Path,
    plan: Plan,
    pki: Pki,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bundle = tmp_path / "ca-bundle.crt"
    bundle.write_bytes(pki.ca.pem.read_bytes())
    monkeypatch.setenv("SSL_CERT_FILE", str(bundle))
    pdf = _signed(tmp_path, plan, pki.dora)
    status, text = _verify(capsys, pdf, plan.project, "--system-trust")
    assert status == VerifyStatus.OK, text
    assert (
        "whatever name it carries (web-server and e-mail certificates included)" in text
    )
    assert "without --system-trust only the certificates you give with --trust" in text


_ISSUED_BY: Final = {
    "alice": "alice",
    "mallory": "alice",
    "dora": "ca",
    "nora": "ca",
    "otto": "old_ca",
}
"""Who issued each signer's certificate (alice is self-signed)."""
_AUTHORITIES: Final = {"ca"}
"""The store entries that vouch for what they issue: CA:TRUE and valid now
(``old_ca`` expired, ``alice`` is not a CA)."""


@pytest.fixture(scope="module")
def signed(
    tmp_path_factory: pytest.TempPathFactory, plan: Plan, pki: Pki
) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("trust-signed")
    pdfs = {}
    for label in _ISSUED_BY:
        ident: Identity = getattr(pki, label)
        pdfs[label] = folder / f"{label}.pdf"
        pdfs[label].write_bytes(sign_pdf(plan.pdf, ident.p12, ident.password))
    return pdfs


@settings(max_examples=examples(ci=25, deep=300), deadline=None)
@given(
    signer=st.sampled_from(sorted(_ISSUED_BY)),
    store=st.lists(
        st.sampled_from(["alice", "mallory", "ca", "old_ca", "twin", "dora"]),
        max_size=4,
    ),
)
def test_trust_is_exactly_the_store(
    signed: dict[str, Path], pki: Pki, signer: str, store: list[str]
) -> None:
    """Trusted exactly when the signer's own certificate is in the store, or a
    valid authority there issued it; whatever else the store holds."""
    pems = {
        "alice": pki.alice.pem,
        "mallory": pki.mallory.pem,
        "ca": pki.ca.pem,
        "old_ca": pki.old_ca.pem,
        "twin": pki.twin.pem,
        "dora": pki.dora.pem,
    }
    trust = load_trusted_certificates([pems[label] for label in store])
    report = verify_plan(signed[signer], trust=trust)
    issuer = _ISSUED_BY[signer]
    expected = signer in store or (issuer in store and issuer in _AUTHORITIES)
    assert report.status is (VerifyStatus.OK if expected else VerifyStatus.UNTRUSTED), (
        report.reason
    )
    assert report.signers[0].trusted is expected
    assert bool(report.signers[0].trust_cause) is not expected
