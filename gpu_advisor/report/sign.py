"""Add a PAdES signature to a plan with pyHanko.

The signature is an incremental update: the plan's bytes stay as they were
and the signature covers all of them, so :mod:`gpu_advisor.report.verify`
can tell whether anything changed afterwards.

References
----------
ETSI EN 319 142-1 V1.1.1 (2016), PAdES digital signatures, Part 1;
pyHanko documentation, "Signing functionality",
https://pyhanko.readthedocs.io/en/latest/lib-guide/signing.html
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.sign import fields, signers
from pyhanko.sign.fields import enumerate_sig_fields

from gpu_advisor.io.limits import MAX_P12_BYTES, InputFileError, read_regular_file
from gpu_advisor.report.annotations import AnnotationError, foreign_annotations


class SigningError(Exception):
    """The certificate could not be loaded or the PDF could not be signed."""


def _load_signer(
    p12_path: str | Path, password: str | bytes | None
) -> signers.SimpleSigner:
    """pyHanko's signer of the key and certificate in a PKCS#12 file."""
    path = Path(p12_path)
    if not path.is_file():
        raise SigningError(f"certificate file not found: {path}")
    passphrase = password.encode("utf-8") if isinstance(password, str) else password
    try:
        p12_data = read_regular_file(path, MAX_P12_BYTES, what="PKCS#12 file")
    except InputFileError as exc:
        raise SigningError(str(exc)) from None
    try:
        signer: signers.SimpleSigner = signers.SimpleSigner.load_pkcs12_data(
            p12_data, other_certs=(), passphrase=passphrase
        )
    except (ValueError, OSError) as exc:
        raise SigningError(
            f"cannot read {path.name}: wrong password or not a PKCS#12 file"
        ) from exc
    return signer


def certificate_signer_name(
    p12_path: str | Path, password: str | bytes | None = None
) -> str:
    """Who the certificate in a PKCS#12 file names: its subject's common name.

    The name a signed plan prints in its sign-off row, so that the row says
    who holds the key that signed. A subject without a common name gives the
    whole subject, human readable.

    Raises
    ------
    SigningError
        When the file cannot be read or decrypted.
    """
    cert = _load_signer(p12_path, password).signing_cert
    if cert is None:
        raise SigningError(f"{Path(p12_path).name} holds no certificate")
    common = cert.subject.native.get("common_name")
    if isinstance(common, list | tuple):
        common = common[-1] if common else None
    name = str(common) if common else cert.subject.human_friendly
    return " ".join(name.split())


def _refuse_what_the_app_did_not_write(reader: Any) -> None:
    """Sign only what the app writes: its plan, and its plan already signed.

    An annotation with an appearance the app does not write (an empty visible
    signature field painting other figures, a stamp, free text…) would be
    signed along with the plan (issue #33); so would an update made to an
    unsigned plan after it was written.

    Raises
    ------
    SigningError
        Naming the page and position of what the app did not write.
    """
    try:
        found = foreign_annotations(reader)
        signatures = list(reader.embedded_signatures)
        revisions = int(reader.xrefs.total_revisions)
    except AnnotationError as exc:
        raise SigningError(f"cannot sign this PDF: {exc}") from None
    except Exception as exc:  # pyHanko raises many types for damaged input
        raise SigningError(f"cannot sign this PDF: {exc}") from exc
    if found:
        raise SigningError(
            f"refusing to sign: {found[0].line()} ({found[0].subtype}); "
            "the app signs only the plan it writes (sign the project instead)"
        )
    if not signatures and revisions > 1:
        raise SigningError(
            "refusing to sign: the PDF was changed after the app wrote it "
            f"({revisions - 1} incremental update(s)); sign the project instead"
        )


def sign_pdf(
    data: bytes,
    p12_path: str | Path,
    password: str | bytes | None = None,
    *,
    reason: str = "GPU Advisor plan sign-off",
) -> bytes:
    """Sign PDF bytes with the key and certificate in a PKCS#12 file.

    Parameters
    ----------
    data : bytes
        The plan, as written by :func:`gpu_advisor.report.plan.render_plan`.
    p12_path : str or Path
        PKCS#12 (``.p12``/``.pfx``) file holding the private key and certificate.
    password : str or bytes, optional
        Password of the PKCS#12 file.
    reason : str
        Reason recorded in the signature dictionary.

    Returns
    -------
    bytes
        The signed PDF (the input followed by one incremental update).

    Raises
    ------
    SigningError
        When the PKCS#12 file cannot be read or decrypted, the PDF is
        damaged, or it holds what the app did not write (an annotation with
        an appearance, or an update to an unsigned plan): the app signs only
        the plan it writes, signed or not yet.
    """
    signer = _load_signer(p12_path, password)
    try:
        writer = IncrementalPdfFileWriter(io.BytesIO(data))
        taken = {name for name, _value, _ref in enumerate_sig_fields(writer)}
    except Exception as exc:  # pyHanko raises many types for damaged input
        raise SigningError(f"cannot sign this PDF: {exc}") from exc
    _refuse_what_the_app_did_not_write(writer.prev)
    field_name = "PlanSignature"
    counter = 1
    while field_name in taken:  # a co-signature gets a field of its own
        counter += 1
        field_name = f"PlanSignature{counter}"
    meta = signers.PdfSignatureMetadata(
        field_name=field_name,
        md_algorithm="sha256",
        subfilter=fields.SigSeedSubFilter.PADES,
        reason=reason,
    )
    try:
        out = signers.sign_pdf(writer, meta, signer=signer)
    except Exception as exc:  # pyHanko raises many types for damaged input
        raise SigningError(f"cannot sign this PDF: {exc}") from exc
    return bytes(out.getvalue())
