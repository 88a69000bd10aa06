"""Check a plan: its signature (if any) and its fingerprint against a project file.

A plan passes when

* every embedded signature is cryptographically intact and valid, and the
  last one covers the entire file (nothing was appended after signing);
* the SHA-256 fingerprint printed in the plan equals
  :func:`gpu_advisor.io.project_file.fingerprint` of the project file,
  computed with the app version printed in the plan.

Trust in the signer's certificate is not judged here (teams often sign with
their own certificates); the signer's name is reported so a person can.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from pypdf import PdfReader
from pypdf.errors import PyPdfError

from gpu_advisor.io.project_file import ProjectFileError, fingerprint, load_project
from gpu_advisor.report.plan import KEYWORD_FINGERPRINT, KEYWORD_VERSION

_FP: Final = re.compile(rf"{KEYWORD_FINGERPRINT}=([0-9a-f]{{64}})")
_VERSION: Final = re.compile(rf"{KEYWORD_VERSION}=([0-9A-Za-z.+\-]+)")
_TEXT_FP: Final = re.compile(r"\b([0-9a-f]{64})\b")
_TEXT_VERSION: Final = re.compile(r"GPU Advisor ([0-9][0-9A-Za-z.+\-]*)")


class VerifyInputError(Exception):
    """A file is missing or not what it should be (CLI exit status 2)."""


@dataclass(frozen=True)
class VerifyResult:
    """Outcome of :func:`verify_plan`; ``reason`` is one line for people."""

    ok: bool
    reason: str
    signed: bool = False
    signer: str | None = None
    fingerprint: str | None = None
    app_version: str | None = None


def read_printed_fingerprint(data: bytes) -> tuple[str, str] | None:
    """The (fingerprint, app version) a plan carries, from metadata or its text."""
    try:
        reader = PdfReader(io.BytesIO(data))
        meta = reader.metadata
        keywords = str(meta.get("/Keywords", "")) if meta is not None else ""
        fp, version = _FP.search(keywords), _VERSION.search(keywords)
        if fp and version:
            return fp.group(1), version.group(1)
        text = "\n".join(page.extract_text() or "" for page in reader.pages[-2:])
    except (PyPdfError, ValueError, KeyError, TypeError):
        return None
    fps, versions = _TEXT_FP.findall(text), _TEXT_VERSION.findall(text)
    if fps and versions:
        return fps[-1], versions[-1]
    return None


def _check_signatures(data: bytes) -> tuple[bool, str, bool, str | None]:
    """(ok, reason, signed, signer name)."""
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko.sign.validation.status import SignatureCoverageLevel
    from pyhanko_certvalidator import ValidationContext

    try:
        reader = PdfFileReader(io.BytesIO(data), strict=False)
        signatures = reader.embedded_signatures
    except Exception as exc:  # any parse failure of a PDF means: not trustworthy
        return False, f"the PDF cannot be read: {_one_line(exc)}", False, None
    if not signatures:
        return True, "not signed", False, None
    signer: str | None = None
    for index, sig in enumerate(signatures):
        try:
            # Trust is not judged here (see the module docstring): rooting the
            # path at the signer's own certificate keeps pyHanko offline, away
            # from the OS trust store and quiet about self-signed certificates.
            context = ValidationContext(
                trust_roots=[sig.signer_cert], allow_fetching=False
            )
            status = validate_pdf_signature(
                sig, signer_validation_context=context, skip_diff=True
            )
        except Exception as exc:
            return (
                False,
                f"signature {index + 1} cannot be checked: {_one_line(exc)}",
                True,
                None,
            )
        try:
            signer = status.signing_cert.subject.human_friendly
        except AttributeError:
            signer = None
        if not status.intact:
            return False, "the signed content was changed after signing", True, signer
        if not status.valid:
            return (
                False,
                "the signature does not match the signer's certificate",
                True,
                signer,
            )
    last = signatures[-1]
    coverage = last.evaluate_signature_coverage()
    if coverage != SignatureCoverageLevel.ENTIRE_FILE:
        return False, "content was added to the PDF after it was signed", True, signer
    return True, "signature intact", True, signer


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:160]


def verify_plan(
    pdf_path: str | Path, project_path: str | Path | None = None
) -> VerifyResult:
    """Verify a plan's signature (if signed) and, given a project file, its fingerprint.

    Parameters
    ----------
    pdf_path : str or Path
        The plan (signed or not).
    project_path : str or Path, optional
        The ``.gpuplan`` file the plan claims to come from.

    Returns
    -------
    VerifyResult
        ``ok`` is True only when every check that applies holds.

    Raises
    ------
    VerifyInputError
        When a file is missing, is not a PDF, or the project file cannot be loaded.
    """
    path = Path(pdf_path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise VerifyInputError(f"cannot read {path}: {exc.strerror or exc}") from exc
    if not data.startswith(b"%PDF-"):
        raise VerifyInputError(f"{path.name} is not a PDF file")
    project = None
    if project_path is not None:
        try:
            project = load_project(Path(project_path))
        except ProjectFileError as exc:
            raise VerifyInputError(_one_line(exc)) from exc
        except OSError as exc:
            raise VerifyInputError(f"cannot read {project_path}: {exc}") from exc

    sig_ok, sig_reason, signed, signer = _check_signatures(data)
    printed = read_printed_fingerprint(data)
    fp, version = printed if printed else (None, None)
    if not sig_ok:
        return VerifyResult(False, sig_reason, signed, signer, fp, version)
    if printed is None:
        return VerifyResult(
            False, "no plan fingerprint found in the PDF", signed, signer
        )
    assert fp is not None
    assert version is not None
    if project is not None:
        expected = fingerprint(project, version)
        if expected != fp:
            return VerifyResult(
                False,
                f"the project file does not match the plan (fingerprint {expected[:12]}… "
                f"!= printed {fp[:12]}…)",
                signed,
                signer,
                fp,
                version,
            )
    parts = []
    if signed:
        parts.append(
            f"signature intact (signed by {signer})" if signer else "signature intact"
        )
    else:
        parts.append("not signed")
    if project is not None:
        parts.append(f"project matches fingerprint {fp[:12]}…")
    else:
        parts.append(f"fingerprint {fp[:12]}… (no project file given)")
    return VerifyResult(True, "; ".join(parts), signed, signer, fp, version)
