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


@dataclass(frozen=True)
class Issuer:
    """A key and its certificate that issue others (a CA, or not: tests try both)."""

    key: ec.EllipticCurvePrivateKey
    cert: x509.Certificate
    pem: Path


def _key_usage(usages: set[str]) -> x509.KeyUsage:
    """A KeyUsage extension listing ``usages`` (cryptography's argument names)."""
    names = (
        "digital_signature",
        "content_commitment",
        "key_encipherment",
        "data_encipherment",
        "key_agreement",
        "key_cert_sign",
        "crl_sign",
        "encipher_only",
        "decipher_only",
    )
    return x509.KeyUsage(**{name: name in usages for name in names})


def make_authority(
    folder: Path,
    label: str,
    *,
    common_name: str = "Acme Signing CA",
    not_after: dt.datetime = START + dt.timedelta(days=3650),
) -> Issuer:
    """A self-signed certificate authority (CA:TRUE, keyCertSign), as ``<label>.pem``."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(START)
        .not_valid_after(not_after)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            _key_usage({"digital_signature", "key_cert_sign", "crl_sign"}),
            critical=True,
        )
        .sign(key, hashes.SHA256())
    )
    pem = folder / f"{label}.pem"
    pem.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return Issuer(key, cert, pem)


def issuer_of(identity: Identity) -> Issuer:
    """The key and certificate of ``identity``, to issue certificates with them."""
    key, cert, _extra = pkcs12.load_key_and_certificates(
        identity.p12.read_bytes(), identity.password.encode()
    )
    assert isinstance(key, ec.EllipticCurvePrivateKey)
    assert cert is not None
    return Issuer(key, cert, identity.pem)


def issue_identity(
    folder: Path,
    label: str,
    issuer: Issuer,
    *,
    common_name: str,
    key_usage: set[str] | None = None,
    not_before: dt.datetime = START,
    not_after: dt.datetime = START + dt.timedelta(days=3650),
) -> Identity:
    """A signing identity whose certificate ``issuer`` signed.

    ``key_usage`` None leaves the KeyUsage extension out; otherwise it lists
    cryptography's names (``digital_signature``, ``content_commitment``,
    ``key_encipherment``…). The issuer's certificate goes into the ``.p12``
    as the chain, as a CA's would.
    """
    key = ec.generate_private_key(ec.SECP256R1())
    builder = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)]))
        .issuer_name(issuer.cert.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(not_before)
        .not_valid_after(not_after)
    )
    if key_usage is not None:
        builder = builder.add_extension(_key_usage(key_usage), critical=True)
    cert = builder.sign(issuer.key, hashes.SHA256())
    secret = "pw-" + label
    p12 = folder / f"{label}.p12"
    p12.write_bytes(
        pkcs12.serialize_key_and_certificates(
            label.encode(),
            key,
            cert,
            [issuer.cert],
            serialization.BestAvailableEncryption(secret.encode()),
        )
    )
    pem = folder / f"{label}.pem"
    pem.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return Identity(p12, pem, secret)
