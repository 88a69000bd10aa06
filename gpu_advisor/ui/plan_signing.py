"""Thin adapter between the app's Sign/Verify dialogs and the report's sign/verify code.

It calls only public functions, so that a rewrite of
:mod:`gpu_advisor.report.verify` (trust store, stricter rules) can be merged
without touching the dialogs:

* :func:`gpu_advisor.report.plan.render_plan` (with ``signer=``) to render
  the plan with the signer's name and role in the sign-off row: the plan's
  evaluation with its Monte Carlo draws and seed, rendered as File ▸ Export
  PDF…, Print… and the CLI render it, and as ``verify`` regenerates it;
* :func:`gpu_advisor.report.sign.sign_pdf` to add the PAdES signature, and
  :func:`gpu_advisor.report.sign.certificate_signer_name` for the name the
  certificate gives the signer;
* :func:`gpu_advisor.report.plan.signoff.with_approval` to record the
  signer's decision in the plan before it is rendered (:func:`approved_plan`);
* :func:`gpu_advisor.report.verify.verify_plan` for the signature and the
  printed fingerprint, :func:`gpu_advisor.report.verify.read_printed_fingerprint`
  and :func:`gpu_advisor.io.project_file.fingerprint` to compare with the
  project open in the app (saved or not).

Who signed and when are read from the signature with pyHanko's reader. The
trust store is the trusted-signers list of Preferences
(:data:`gpu_advisor.report.verify.TRUSTED_SIGNERS_SETTINGS_KEY`) and, when
ticked there, the system's certificate authorities; a signer outside it is
reported as not trusted, with the reason.

No Qt here, so the flow is testable without widgets.
"""

from __future__ import annotations

import datetime as dt
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Language, PlanLanguage
from gpu_advisor.model.project import Decision, Project


class PlanSigningError(Exception):
    """Signing could not be done; the message names the file and the problem."""


@dataclass(frozen=True)
class SignatureInfo:
    """What the Verify dialog shows."""

    signed: bool
    intact: bool
    """The signed bytes are unchanged and nothing was added after signing."""
    reason: str
    """One line from :func:`gpu_advisor.report.verify.verify_plan`."""
    signer: str | None = None
    signed_at: dt.datetime | None = None
    matches_project: bool | None = None
    """The fingerprint printed in the plan equals the open project's; None: unknown."""
    trusted: bool = False
    trust_reason: str = ""


def certificate_name(p12_path: Path, password: str) -> str:
    """The signer's name: the common name of the certificate in ``p12_path``.

    Raises
    ------
    PlanSigningError
        Wrong password or unreadable certificate.
    """
    from gpu_advisor.report.sign import SigningError, certificate_signer_name

    try:
        name = certificate_signer_name(p12_path, password)
    except SigningError as exc:
        raise PlanSigningError(str(exc)) from exc
    if not name:
        raise PlanSigningError(f"{p12_path.name}: the certificate names nobody")
    return name


def approved_plan(
    project: Project,
    *,
    signer_name: str,
    signer_role: str,
    decision: Decision,
    today: dt.date,
) -> Project:
    """``project`` with the signer's decision in its sign-off row, as it is signed.

    :func:`gpu_advisor.report.plan.signoff.with_approval`: the row of the
    role gets the name, decision and date, and the plan is approved once
    every role of its sign-off list has approved.
    """
    from gpu_advisor.report.plan.signoff import with_approval

    if not signer_role.strip():
        raise PlanSigningError("the signer's role is empty")
    return with_approval(
        project,
        name=signer_name,
        role=signer_role,
        decision=decision,
        date=today,
    )


def sign_plan(
    project: Project,
    catalog: Catalog,
    *,
    p12_path: Path,
    password: str,
    signer_role: str,
    output: Path,
    language: Language | PlanLanguage | str,
    signer_name: str | None = None,
    paper: str = "a4",
    today: dt.date | None = None,
) -> Path:
    """Render the plan with the signer filled in, sign it and write ``output``.

    ``signer_name`` None: the certificate's common name (:func:`certificate_name`).
    The app's dialog passes the plan with the signer's decision already
    recorded (:func:`approved_plan`), so the sign-off table shows it and
    ``verify`` regenerates it from the saved project.

    Raises
    ------
    PlanSigningError
        Wrong password, unreadable certificate, or ``output`` cannot be written.
    """
    from gpu_advisor.io.project_file import write_atomically
    from gpu_advisor.report import plan
    from gpu_advisor.report.sign import SigningError, sign_pdf

    name = certificate_name(p12_path, password) if signer_name is None else signer_name
    if not name.strip():
        raise PlanSigningError("the signer's name is empty")
    signer = plan.Signer(
        name=name.strip(),
        role=signer_role.strip(),
        date=today or dt.date.today(),
    )
    data = plan.render_plan(
        project, catalog, language=language, paper=paper, signer=signer
    )
    try:
        signed = sign_pdf(data, p12_path, password)
    except SigningError as exc:
        raise PlanSigningError(str(exc)) from exc
    try:
        write_atomically(output, signed)
    except OSError as exc:
        raise PlanSigningError(f"cannot write {output}: {exc.strerror or exc}") from exc
    return output


def _signature_details(
    data: bytes, in_store: int
) -> tuple[dt.datetime | None, bool, str]:
    """(signing time, trusted, why not) of the last signature."""
    from pyhanko.pdf_utils.reader import PdfFileReader

    try:
        signatures = PdfFileReader(io.BytesIO(data), strict=False).embedded_signatures
    except Exception:  # a damaged PDF: verify_plan reports why
        return None, False, "the signature cannot be read"
    if not signatures:
        return None, False, "the plan is not signed"
    sig = signatures[-1]
    when = sig.self_reported_timestamp
    cert = sig.signer_cert
    if in_store == 0:
        why = "no trusted signers: add the signer's certificate in Preferences"
    elif cert.subject == cert.issuer:
        why = (
            "the certificate is self-signed: no certificate authority vouches "
            "for the signer"
        )
    else:
        why = f"the issuer ({cert.issuer.human_friendly}) is not in the trusted signers"
    return when, False, why


def app_trust_store() -> tuple[list[Any], list[str]]:
    """(certificates, problems) of the trust store Preferences sets up."""
    from gpu_advisor.report.verify import (
        system_trust_certificates,
        trusted_certificates_from_settings,
    )
    from gpu_advisor.ui.settings import AppSettings

    settings = AppSettings()
    trust, problems = trusted_certificates_from_settings(
        [str(p) for p in settings.trusted_signer_paths()]
    )
    if settings.use_system_trust():
        trust.extend(system_trust_certificates()[0])
    return trust, problems


def verify_signed_plan(pdf_path: Path, project: Project | None) -> SignatureInfo:
    """Check a plan against the project open in the app, with the app's trust store.

    Raises
    ------
    PlanSigningError
        When the file cannot be read or is not a PDF.
    """
    from gpu_advisor.io.limits import MAX_PDF_BYTES, InputFileError, read_regular_file
    from gpu_advisor.io.project_file import fingerprint
    from gpu_advisor.report.verify import (
        VerifyInputError,
        VerifyStatus,
        read_printed_fingerprint,
        verify_plan,
    )

    trust, _problems = app_trust_store()
    try:
        result = verify_plan(pdf_path, trust=trust)
    except VerifyInputError as exc:
        raise PlanSigningError(str(exc)) from exc
    try:
        data = read_regular_file(pdf_path, MAX_PDF_BYTES, what="PDF")
    except InputFileError as exc:
        raise PlanSigningError(str(exc)) from exc
    matches: bool | None = None
    printed = read_printed_fingerprint(data)
    if project is not None and printed is not None:
        printed_fp, version = printed
        matches = fingerprint(project, version) == printed_fp
    when, _untrusted, why = (
        _signature_details(data, len(trust)) if result.signed else (None, False, "")
    )
    trusted = result.status is VerifyStatus.OK
    if trusted:
        why = ""
    return SignatureInfo(
        signed=result.signed,
        # intact: every signature checks out; trust is reported on its own
        intact=result.status in (VerifyStatus.OK, VerifyStatus.UNTRUSTED),
        reason=result.reason,
        signer=result.signer,
        signed_at=when,
        matches_project=matches,
        trusted=trusted,
        trust_reason=why if result.signed else "the plan is not signed",
    )
