"""Throw-away signing identities for the tests: a self-signed key and certificate."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID

START = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)


@dataclass(frozen=True)
class Identity:
    p12: Path
    pem: Path
    password: str


def make_identity(
    folder: Path,
    label: str,
    *,
    common_name: str = "Alice CFO",
    organisation: str | None = "Acme Corp",
    not_before: dt.datetime = START,
    not_after: dt.datetime = START + dt.timedelta(days=3650),
    digital_signature: bool = True,
    key_usage: bool = True,
    password: str | None = None,
) -> Identity:
    """A self-signed certificate and key, as ``<label>.p12`` (to sign) and
    ``<label>.pem`` (to trust). ``key_usage=False`` leaves the KeyUsage
    extension out; ``digital_signature=False`` puts one in without it."""
    key = ec.generate_private_key(ec.SECP256R1())
    attributes = [x509.NameAttribute(NameOID.COMMON_NAME, common_name)]
    if organisation is not None:
        attributes.append(x509.NameAttribute(NameOID.ORGANIZATION_NAME, organisation))
    name = x509.Name(attributes)
    builder = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(not_before)
        .not_valid_after(not_after)
    )
    if key_usage:
        builder = builder.add_extension(
            x509.KeyUsage(
                digital_signature=digital_signature,
                content_commitment=digital_signature,
                key_encipherment=not digital_signature,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=False,
                crl_sign=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
    cert = builder.sign(key, hashes.SHA256())
    secret = password if password is not None else "pw-" + label
    p12 = folder / f"{label}.p12"
    p12.write_bytes(
        pkcs12.serialize_key_and_certificates(
            label.encode(),
            key,
            cert,
            None,
            serialization.BestAvailableEncryption(secret.encode()),
        )
    )
    pem = folder / f"{label}.pem"
    pem.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return Identity(p12, pem, secret)
