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

from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.sign import fields, signers
from pyhanko.sign.fields import enumerate_sig_fields

from gpu_advisor.io.limits import MAX_P12_BYTES, InputFileError, read_regular_file


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
        When the PKCS#12 file cannot be read or decrypted, or the PDF is damaged.
    """
    signer = _load_signer(p12_path, password)
    try:
        writer = IncrementalPdfFileWriter(io.BytesIO(data))
        taken = {name for name, _value, _ref in enumerate_sig_fields(writer)}
    except Exception as exc:  # pyHanko raises many types for damaged input
        raise SigningError(f"cannot sign this PDF: {exc}") from exc
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
