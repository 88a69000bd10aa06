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
* :func:`gpu_advisor.report.verify.verify_plan`, the one verification
  ``gpu-advisor-cli verify`` runs too: every signature, every signer with
  its verdict, the annotations, and the plan regenerated from the project
  open in the app (saved or not) and compared byte for byte. Before issue
  #33 the dialog compared only the printed fingerprint, and said
  "Verified… made from this project" for a trusted-signed PDF whose pages
  showed another plan.

The trust store is the trusted-signers list of Preferences
(:data:`gpu_advisor.report.verify.TRUSTED_SIGNERS_SETTINGS_KEY`) and, when
ticked there, the system's certificate authorities; a signer outside it is
reported as not trusted, with the real cause (worded in the app's language).

No Qt here, so the flow is testable without widgets.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Language, PlanLanguage
from gpu_advisor.model.project import Decision, Project

if TYPE_CHECKING:
    from gpu_advisor.report.verify import SignerReport, VerifyReport


class PlanSigningError(Exception):
    """Signing could not be done; the message names the file and the problem."""


@dataclass(frozen=True)
class SignatureInfo:
    """What the Verify dialog shows: :func:`~gpu_advisor.report.verify.verify_plan`'s report."""

    signed: bool
    intact: bool
    """Nothing changed the document since it was written and signed, and every
    signer's certificate may sign it (trust aside)."""
    reason: str
    """The one line ``gpu-advisor-cli verify`` prints."""
    signer: str | None = None
    """Every signer's name, in signing order."""
    signed_at: dt.datetime | None = None
    """When the last signature says it was made."""
    matches_project: bool | None = None
    """The plan is byte for byte what the open project gives; None: not known
    (the document failed first, or no project)."""
    trusted: bool = False
    """Every signer is trusted."""
    trust_reason: str = ""
    """Why not: each untrusted signer's cause, or ``empty`` (no trusted signers)."""
    signers: tuple[SignerReport, ...] = ()
    """Every signature, with its verdict."""
    report: VerifyReport | None = None
    certificate_problem: bool = False
    """The document is intact but a signer's certificate is expired, not yet
    valid, or may not sign (key usage)."""


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


def verify_signed_plan(
    pdf_path: Path, project: Project | None, language: str = "en"
) -> SignatureInfo:
    """Check a plan against the project open in the app, with the app's trust store.

    The same :func:`~gpu_advisor.report.verify.verify_plan` as
    ``gpu-advisor-cli verify PLAN.pdf PROJECT``: the plan regenerated from
    ``project`` and compared byte for byte, every signer judged and worded
    in ``language``.

    Raises
    ------
    PlanSigningError
        When the file cannot be read or is not a PDF.
    """
    from gpu_advisor.report.verify import VerifyInputError, verify_plan

    trust, _problems = app_trust_store()
    try:
        report = verify_plan(pdf_path, project=project, trust=trust, language=language)
    except VerifyInputError as exc:
        raise PlanSigningError(str(exc)) from exc
    return signature_info(report, trusted_signers=len(trust))


def signature_info(report: VerifyReport, trusted_signers: int) -> SignatureInfo:
    """What the Verify dialog shows of ``report``."""
    from gpu_advisor.report.verify import VerifyStatus

    status = report.status
    signers = report.signers
    intact = bool(signers) and report.failed_on not in {"document", "certificate"}
    if report.content_checked:
        matches: bool | None = True
    elif report.failed_on == "project":
        matches = False
    else:
        matches = None
    untrusted = [s for s in signers if not s.trusted]
    if not signers:
        why = "the plan is not signed"
    elif not untrusted:
        why = ""
    elif trusted_signers == 0:
        why = "empty"
    else:
        why = "; ".join(f"{s.name}: {s.trust_cause}" for s in untrusted)
    return SignatureInfo(
        signed=bool(signers),
        intact=intact and status is not VerifyStatus.UNSIGNED,
        certificate_problem=report.failed_on == "certificate",
        reason=report.reason,
        signer=", ".join(s.name for s in signers) or None,
        signed_at=signers[-1].signing_time if signers else None,
        matches_project=matches,
        trusted=bool(signers) and not untrusted,
        trust_reason=why,
        signers=signers,
        report=report,
    )
