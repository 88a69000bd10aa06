"""Check a plan: its signatures, who signed it, and that it shows what a project says.

What a passing verification (:attr:`VerifyStatus.OK`) proves
---------------------------------------------------------------
* The PDF carries at least one signature (unless ``allow_unsigned``).
* Every signature is cryptographically intact and valid, checked with
  pyHanko's difference analysis: revisions added after a signature may only
  add signatures or fill form fields, never change pages, text or
  annotations, and the last signature covers the whole file.
* No page shows an annotation the app does not write, in any revision: an
  annotation with an appearance stream (a widget, a signature field with a
  visible appearance, free text, a stamp, ink) paints over the plan whatever
  its page content says, so one there before the first signature, or added
  after a signature even where pyHanko's analysis calls it form filling,
  fails naming its page and position
  (:mod:`gpu_advisor.report.annotations`). The first signature signs the
  plan as written: an update between the two fails.
* Every signer's certificate was within its validity period at the signing
  time it claims and is now, and allows signing documents: its key usage
  lists digitalSignature or nonRepudiation (contentCommitment), or it has no
  key usage extension, which RFC 5280 § 4.2.1.3 reads as unrestricted.
  pyHanko's validator asks for nonRepudiation alone by default; a CA-issued
  certificate with digitalSignature only was therefore called "not in the
  trust store" (issue #33). Here it is accepted, as the app's own check
  always did; a certificate with neither usage fails, saying so.
* Every signer is trusted exactly as the user chose (``trust``): a trusted
  certificate that is not a certificate authority (no ``CA:TRUE`` basic
  constraint, or a key usage without keyCertSign) vouches for itself only,
  matched byte for byte with the signer's certificate; a trusted authority
  vouches for what it issues (a chain built and validated by
  pyhanko-certvalidator with the authorities alone as trust anchors). A
  certificate issued by a trusted end-entity's key is not trusted
  (issue #33: one for "Mallory" issued by Alice's key passed). A trusted
  authority vouches only within its own validity period (now and at the
  signing time): pyhanko-certvalidator does not check a trust anchor's
  dates (RFC 5280 § 6.1 leaves them out), so an expired authority passed.
  Otherwise
  the result is :attr:`VerifyStatus.UNTRUSTED` ("intact but not trusted")
  naming the cause (no chain, an issuer that is not an authority, a
  certificate outside its validity period, a broken constraint), never
  OK. The trust store is: ``--trust`` files, the trusted-signers list in
  Preferences, and, only when asked for (``--system-trust`` or the
  Preferences check box), the operating system's certificate authorities
  (:func:`system_trust_certificates`).
* The fingerprint printed in the plan matches the project file (when given),
  and the PDF that the project regenerates today is byte-for-byte the
  unsigned revision that was signed. An unsigned plan passes only with
  ``allow_unsigned`` *and* a project: without one its pages cannot be tied
  to anything (a rewritten PDF or another plan's pages pass every other
  check), so it is :attr:`VerifyStatus.UNSIGNED` with a reason saying what
  was checked and what could not be. Plans are deterministic (reportlab's
  invariant mode, fixed Monte Carlo seed), so a byte comparison is possible
  and is stricter than comparing extracted text.

What it does not prove
----------------------
* That the signer is who the certificate's name says: that is exactly what
  the trust store decides, and it is only as good as the certificates the
  user put there.
* Revocation: no network is used, so a revoked certificate is not detected.
* The signing time: it is the one the signer's computer claimed (no
  trusted timestamp is required).
* That the numbers are right: only that they are the ones the project and
  this app version produce.

Exit statuses of ``gpu-advisor-cli verify`` are :class:`VerifyStatus` values:
0 OK, 1 FAILED, 2 bad input (missing or unreadable file), 3 UNTRUSTED,
4 UNSIGNED.
"""

from __future__ import annotations

import datetime as dt
import enum
import hashlib
import io
import logging
import re
import ssl
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from pypdf import PdfReader
from pypdf.errors import PyPdfError

from gpu_advisor import __version__, words
from gpu_advisor.io.limits import (
    MAX_PDF_BYTES,
    MAX_TRUST_CERT_BYTES,
    InputFileError,
    escape_controls,
    read_regular_file,
)
from gpu_advisor.io.project_file import ProjectFileError, fingerprint, load_project
from gpu_advisor.report.plan.bilingual import PAIR
from gpu_advisor.report.plan.keywords import KEYWORD_FINGERPRINT, KEYWORD_VERSION
from gpu_advisor.report.trust_keys import (
    SYSTEM_TRUST_SETTINGS_KEY,
    TRUSTED_SIGNERS_SETTINGS_KEY,
)

if TYPE_CHECKING:
    from asn1crypto import x509 as asn1_x509  # type: ignore[import-untyped]

    from gpu_advisor.model.project import Project

__all__ = [
    "SYSTEM_TRUST_SETTINGS_KEY",
    "TRUSTED_SIGNERS_SETTINGS_KEY",
    "CertificateDetails",
    "SignerReport",
    "VerifyInputError",
    "VerifyReport",
    "VerifyResult",
    "VerifyStatus",
    "certificate_details",
    "certificate_summary",
    "load_trusted_certificates",
    "read_printed_fingerprint",
    "system_trust_certificates",
    "trusted_certificates_from_settings",
    "verify_plan",
]


MAX_SYSTEM_TRUST_BYTES: Final = 16 * 2**20
"""Cap on the system's CA bundle (Debian's is about 0.2 MB). [B]"""
MAX_SYSTEM_TRUST_FILES: Final = 2_000
"""Cap on the files read from a CA folder (``capath``)."""
_MACOS_KEYCHAINS: Final = (
    "/System/Library/Keychains/SystemRootCertificates.keychain",
    "/Library/Keychains/System.keychain",
)
_MACOS_TIMEOUT_S: Final = 20

_FP: Final = re.compile(rf"{KEYWORD_FINGERPRINT}=([0-9a-f]{{64}})")
_VERSION: Final = re.compile(rf"{KEYWORD_VERSION}=([0-9A-Za-z.+\-]+)")
_TEXT_FP: Final = re.compile(r"\b([0-9a-f]{64})\b")
_TEXT_VERSION: Final = re.compile(r"GPU Advisor ([0-9][0-9A-Za-z.+\-]*)")
_ROOT_KEYS_SIGNING_ADDS: Final = {"/AcroForm", "/Extensions", "/Version", "/Metadata"}
"""Catalog entries a signature may add or change; none is drawn on a page."""
_STARTXREF: Final = re.compile(rb"startxref\s+(\d+)\s+%%EOF")

for _library in ("pyhanko", "pyhanko_certvalidator", "pypdf"):
    # These libraries log validation errors with their traceback; with no
    # handler configured, Python's last-resort handler printed them on the
    # terminal of ``verify`` (issue #33: 20 of 78 runs). The verdict already
    # says the cause in one line; an application that configures logging
    # still receives the records.
    logging.getLogger(_library).addHandler(logging.NullHandler())

_SIGNING_KEY_USAGES: Final = frozenset({"digital_signature", "non_repudiation"})
"""A signer's key usage must list one of these (or be absent: RFC 5280 § 4.2.1.3)."""


class VerifyInputError(Exception):
    """A file is missing or not what it should be (CLI exit status 2)."""


class VerifyStatus(enum.IntEnum):
    """Outcome of a verification; the value is the CLI's exit status."""

    OK = 0
    """Signed, intact, trusted, and matching the project (when given)."""
    FAILED = 1
    """Changed after signing, a bad certificate, or not matching the project."""
    INPUT_ERROR = 2
    """Reserved for the CLI: a file could not be read (:class:`VerifyInputError`)."""
    UNTRUSTED = 3
    """Intact and matching, but a signer is not in the trust store."""
    UNSIGNED = 4
    """No signature and ``allow_unsigned`` not set: a draft, not verified."""


@dataclass(frozen=True)
class SignerReport:
    """One signature of a plan, as :func:`verify_plan` judged it.

    Attributes
    ----------
    index : int
        1 for the first signature in the file.
    name : str
        The signer certificate's subject, human readable.
    issuer : str
        The certificate's issuer.
    sha256 : str
        SHA-256 of the signer certificate (DER), hex: the certificate's identity.
    signing_time : datetime or None
        The time the signer's computer claimed (not a trusted timestamp).
    not_before, not_after : datetime
        The certificate's validity period.
    certificate_valid : bool
        The period contains both the signing time and now.
    key_usage_ok : bool
        The certificate's key usage lists digitalSignature or nonRepudiation,
        or it does not restrict usage.
    key_usage : tuple of str
        Key usages the certificate lists (empty when unrestricted).
    intact : bool
        The signed bytes hash to the value the signature holds.
    valid : bool
        The signature value matches the signer's public key.
    trusted : bool
        The certificate is in the trust store, or chains to an authority there.
    modification : str
        What later revisions changed: ``none``, ``lta_updates``,
        ``form_filling``, ``annotations``, ``other``, or ``unknown``.
    problems : tuple of str
        One line each, empty when the signature is fine (trust aside).
    trust_note : str
        Why the signer is trusted (the certificate itself, or the authority
        it chains to) or the real cause it is not, in ``language``.
    language : str
        The catalog language of ``problems``, ``trust_note`` and :meth:`line`.
    """

    index: int
    name: str
    issuer: str
    sha256: str
    signing_time: dt.datetime | None
    not_before: dt.datetime
    not_after: dt.datetime
    certificate_valid: bool
    key_usage_ok: bool
    key_usage: tuple[str, ...]
    intact: bool
    valid: bool
    trusted: bool
    modification: str
    problems: tuple[str, ...] = ()
    trust_note: str = ""
    language: str = words.DEFAULT_LANGUAGE

    @property
    def ok(self) -> bool:
        """Everything but trust holds."""
        return not self.problems

    @property
    def trust_cause(self) -> str:
        """Why the signer is not trusted (empty when trusted), without the lead."""
        if self.trusted:
            return ""
        lead = words.say("verify.signer.not_trusted", self.language, cause="")
        note = self.trust_note
        return note[len(lead) :] if note.startswith(lead) else note

    def line(self) -> str:
        """One line for people: name, time, validity, key usage, trust and its cause."""
        lang = self.language
        when = (
            self.signing_time.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
            if self.signing_time
            else words.say("verify.signer.no_time", lang)
        )
        trust = self.trust_note or words.say(
            "verify.signer.not_trusted", lang, cause="?"
        )
        text = words.say(
            "verify.signer.line",
            lang,
            index=self.index,
            name=self.name,
            when=when,
            start=f"{self.not_before:%Y-%m-%d}",
            end=f"{self.not_after:%Y-%m-%d}",
            validity=""
            if self.certificate_valid
            else words.say("verify.signer.not_valid", lang),
            usage=",".join(self.key_usage)
            or words.say("verify.signer.unrestricted", lang),
            trust=trust,
        )
        if self.problems:
            text += "; " + "; ".join(self.problems)
        return escape_controls(text, 900)


@dataclass(frozen=True)
class VerifyReport:
    """Outcome of :func:`verify_plan`.

    Attributes
    ----------
    status : VerifyStatus
        The verdict; ``int(status)`` is the CLI's exit status.
    reason : str
        One line for people, control characters escaped.
    signers : tuple of SignerReport
        Every signature found, in file order.
    fingerprint, app_version : str or None
        What the plan prints.
    content_checked : bool
        The plan was regenerated from the project and compared byte for byte.
    failed_on : str
        For :attr:`VerifyStatus.FAILED`: ``"document"`` (the file, an
        annotation or a signature), ``"certificate"`` (the document is
        intact, but a signer's certificate is outside its validity period or
        may not sign) or ``"project"`` (the plan is not what the project
        gives); empty otherwise.
    """

    status: VerifyStatus
    reason: str
    signers: tuple[SignerReport, ...] = ()
    fingerprint: str | None = None
    app_version: str | None = None
    content_checked: bool = False
    failed_on: str = ""

    @property
    def ok(self) -> bool:
        """True only for :attr:`VerifyStatus.OK`."""
        return self.status is VerifyStatus.OK

    @property
    def exit_status(self) -> int:
        """The CLI exit status for this outcome."""
        return int(self.status)

    @property
    def signed(self) -> bool:
        """The plan carries at least one signature."""
        return bool(self.signers)

    @property
    def signer(self) -> str | None:
        """Name of the last signer (kept for callers of the older API)."""
        return self.signers[-1].name if self.signers else None


VerifyResult = VerifyReport
"""Former name of :class:`VerifyReport`."""


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
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError):
        return None
    except Exception:  # a hostile PDF can trip pypdf in many ways
        return None
    fps, versions = _TEXT_FP.findall(text), _TEXT_VERSION.findall(text)
    if fps and versions:
        return fps[-1], versions[-1]
    return None


# -- trust store -------------------------------------------------------------


def load_trusted_certificates(
    paths: Iterable[str | Path],
) -> list[asn1_x509.Certificate]:
    """Read certificates (PEM, one or more per file, or DER) for the trust store.

    Parameters
    ----------
    paths : iterable of str or Path
        Certificate files (``--trust CERT.pem`` or the Preferences list under
        :data:`TRUSTED_SIGNERS_SETTINGS_KEY`).

    Returns
    -------
    list of asn1crypto.x509.Certificate

    Raises
    ------
    VerifyInputError
        A file is unreadable, too large, or holds no certificate.
    """
    certs: list[asn1_x509.Certificate] = []
    for raw_path in paths:
        path = Path(raw_path)
        try:
            data = read_regular_file(path, MAX_TRUST_CERT_BYTES, what="certificate")
        except InputFileError as exc:
            raise VerifyInputError(str(exc)) from None
        found = _parse_certificates(data)
        if not found:
            raise VerifyInputError(
                f"{escape_controls(str(path))}: no certificate found "
                "(expected a PEM or DER X.509 certificate)"
            )
        certs.extend(found)
    return certs


def _load_der(der: bytes) -> asn1_x509.Certificate | None:
    from asn1crypto import x509 as ax509

    try:
        cert = ax509.Certificate.load(der)
        _ = cert.subject, cert["tbs_certificate"]["validity"]["not_after"].native
    except Exception:  # asn1crypto parses lazily and raises many types
        return None
    return cert


def _parse_certificates(data: bytes) -> list[asn1_x509.Certificate]:
    """Every certificate in PEM text (any number) or one DER certificate."""
    from asn1crypto import pem

    ders: list[bytes] = []
    try:
        if pem.detect(data):
            ders = [
                der
                for kind, _headers, der in pem.unarmor(data, multiple=True)
                if kind == "CERTIFICATE"
            ]
        else:
            ders = [data]
    except Exception:  # damaged armour: no certificate
        ders = []
    return [cert for cert in map(_load_der, ders) if cert is not None]


@dataclass(frozen=True)
class CertificateDetails:
    """What Preferences shows for a trusted signer's certificate.

    Attributes
    ----------
    subject, issuer : str
        Human readable names, control characters escaped.
    not_before, not_after : datetime
        The validity period.
    sha256 : str
        SHA-256 of the certificate (DER), upper-case hex pairs joined by ":".
    self_signed : bool
        Subject and issuer are the same.
    """

    subject: str
    issuer: str
    not_before: dt.datetime
    not_after: dt.datetime
    sha256: str
    self_signed: bool

    def valid_at(self, moment: dt.datetime) -> bool:
        """The validity period contains ``moment``."""
        return self.not_before <= moment <= self.not_after


def certificate_details(cert: asn1_x509.Certificate) -> CertificateDetails:
    """Subject, issuer, validity and fingerprint of ``cert``."""
    digest = hashlib.sha256(cert.dump()).hexdigest().upper()
    validity = cert["tbs_certificate"]["validity"]
    return CertificateDetails(
        subject=escape_controls(cert.subject.human_friendly, 300),
        issuer=escape_controls(cert.issuer.human_friendly, 300),
        not_before=validity["not_before"].native,
        not_after=validity["not_after"].native,
        sha256=":".join(digest[i : i + 2] for i in range(0, len(digest), 2)),
        self_signed=cert.subject == cert.issuer,
    )


# -- the operating system's trust store ----------------------------------------


def _bundle_file(path: Path) -> list[asn1_x509.Certificate]:
    try:
        data = read_regular_file(path, MAX_SYSTEM_TRUST_BYTES, what="CA bundle")
    except InputFileError:
        return []
    return _parse_certificates(data)


def _openssl_store() -> tuple[list[asn1_x509.Certificate], str]:
    """The CA file or folder OpenSSL (and Python's ``ssl``) use by default."""
    paths = ssl.get_default_verify_paths()
    if paths.cafile:
        certs = _bundle_file(Path(paths.cafile))
        if certs:
            return certs, paths.cafile
    if paths.capath and Path(paths.capath).is_dir():
        folder = Path(paths.capath)
        certs = []
        files = sorted(folder.iterdir())[:MAX_SYSTEM_TRUST_FILES]
        for file in files:
            if file.suffix in {".pem", ".crt"} or file.suffix[1:].isdecimal():
                certs.extend(_bundle_file(file))
        if certs:
            return _unique(certs), str(folder)
    return [], ""


def _windows_store() -> tuple[list[asn1_x509.Certificate], str]:
    ders: list[bytes] = []
    enum = getattr(ssl, "enum_certificates", None)
    for store in ("ROOT", "CA"):
        try:
            entries = enum(store) if enum is not None else []
        except OSError:
            continue
        ders.extend(der for der, encoding, _trust in entries if encoding == "x509_asn")
    certs = [cert for cert in map(_load_der, ders) if cert is not None]
    return _unique(certs), "Windows certificate store (ROOT, CA)"


def _macos_store() -> tuple[list[asn1_x509.Certificate], str]:
    certs: list[asn1_x509.Certificate] = []
    for keychain in _MACOS_KEYCHAINS:
        try:
            done = subprocess.run(
                ["/usr/bin/security", "find-certificate", "-a", "-p", keychain],
                capture_output=True,
                timeout=_MACOS_TIMEOUT_S,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            continue
        if done.returncode == 0:
            certs.extend(_parse_certificates(done.stdout[:MAX_SYSTEM_TRUST_BYTES]))
    return _unique(certs), "macOS system keychains"


def _unique(certs: list[asn1_x509.Certificate]) -> list[asn1_x509.Certificate]:
    seen: set[bytes] = set()
    out = []
    for cert in certs:
        der = cert.dump()
        if der not in seen:
            seen.add(der)
            out.append(cert)
    return out


def system_trust_certificates(
    platform: str | None = None,
) -> tuple[list[asn1_x509.Certificate], str]:
    """The certificate authorities the operating system trusts, and where from.

    What each platform gives:

    * Windows: the ``ROOT`` and ``CA`` system stores (:func:`ssl.enum_certificates`),
      including roots a company pushed by group policy.
    * macOS: the system root and system keychains (``security find-certificate``;
      certificates in a user's login keychain are not read).
    * Linux and other Unix: the bundle OpenSSL uses (``SSL_CERT_FILE``, else
      e.g. ``/etc/ssl/certs/ca-certificates.crt``), else the ``SSL_CERT_DIR``
      folder: the distribution's CA list plus what the administrator added
      (``update-ca-certificates``).

    These are authorities for TLS web servers. Trusting them for a plan means
    trusting any certificate they issued with digital-signature usage, so
    they are used only when asked for. The OpenSSL bundle is also read on
    macOS and Windows (e.g. python.org's certifi bundle).

    Parameters
    ----------
    platform : str, optional
        ``sys.platform`` by default (tests choose another).

    Returns
    -------
    (certificates, source)
        ``source`` names where they came from; both empty when the platform
        has no store this function can read.
    """
    name = platform or sys.platform
    found: list[asn1_x509.Certificate] = []
    sources: list[str] = []
    readers = [_openssl_store]
    if name == "win32":
        readers.insert(0, _windows_store)
    elif name == "darwin":
        readers.insert(0, _macos_store)
    for reader in readers:
        certs, source = reader()
        if certs:
            found.extend(certs)
            sources.append(source)
    return _unique(found), "; ".join(sources)


def trusted_certificates_from_settings(
    value: object,
) -> tuple[list[asn1_x509.Certificate], list[str]]:
    """The trust store kept under :data:`TRUSTED_SIGNERS_SETTINGS_KEY`.

    Parameters
    ----------
    value : object
        What QSettings returns for the key: a list of paths, one path, or None.

    Returns
    -------
    (certificates, problems)
        The certificates that could be read, and one line per file that
        could not (a missing or damaged file never blocks verification of
        the others; show the problems in Preferences).
    """
    if value is None or value == "":
        paths: list[str] = []
    elif isinstance(value, str):
        paths = [value]
    elif isinstance(value, list | tuple):
        paths = [str(item) for item in value if str(item)]
    else:
        paths = []
    certs: list[asn1_x509.Certificate] = []
    problems: list[str] = []
    for path in paths:
        try:
            certs.extend(load_trusted_certificates([path]))
        except VerifyInputError as exc:
            problems.append(str(exc))
    return certs, problems


def certificate_summary(cert: asn1_x509.Certificate) -> str:
    """One line describing a certificate: subject, SHA-256 and validity."""
    digest = hashlib.sha256(cert.dump()).hexdigest()
    validity = cert["tbs_certificate"]["validity"]
    start = validity["not_before"].native
    end = validity["not_after"].native
    return escape_controls(
        f"{cert.subject.human_friendly} (SHA-256 {digest[:16]}…, "
        f"valid {start:%Y-%m-%d}..{end:%Y-%m-%d})",
        600,
    )


# -- signatures --------------------------------------------------------------


def _one_line(exc: BaseException) -> str:
    return escape_controls(" ".join(str(exc).split()) or type(exc).__name__, 160)


def _key_usage(cert: asn1_x509.Certificate) -> tuple[tuple[str, ...], bool]:
    """(key usages listed, the certificate may sign documents).

    digitalSignature or nonRepudiation allows it; no extension is no
    restriction (RFC 5280 § 4.2.1.3).
    """
    value = cert.key_usage_value
    if value is None:
        return (), True
    usages = tuple(sorted(str(u) for u in value.native))
    return usages, bool(_SIGNING_KEY_USAGES & set(usages))


def _modification_name(level: Any) -> str:
    name = getattr(level, "name", None)
    return str(name).lower() if name else "unknown"


def _validity_problems(
    now: dt.datetime,
    signing_time: dt.datetime | None,
    not_before: dt.datetime,
    not_after: dt.datetime,
    language: str = words.DEFAULT_LANGUAGE,
) -> tuple[bool, list[str]]:
    """(the certificate was valid now and at signing, why not) for one signer."""
    problems: list[str] = []
    moments = [now] + ([signing_time] if signing_time is not None else [])
    cert_valid = all(not_before <= moment <= not_after for moment in moments)
    if not cert_valid:
        if now > not_after:
            code, date = "expired", not_after
        elif signing_time is not None and signing_time < not_before:
            code, date = "signed_before_valid", not_before
        elif now < not_before:
            code, date = "not_yet_valid", not_before
        else:
            code, date = "outside", not_after
        problems.append(
            words.say(f"verify.certificate.{code}", language, date=f"{date:%Y-%m-%d}")
        )
    return cert_valid, problems


# -- trust ---------------------------------------------------------------------


def _is_authority(cert: asn1_x509.Certificate) -> bool:
    """``cert`` may vouch for certificates it issues: CA:TRUE, and keyCertSign
    when it lists key usages (RFC 5280 § 4.2.1.9, § 4.2.1.3)."""
    try:
        usage = cert.key_usage_value
        return bool(cert.ca) and (usage is None or "key_cert_sign" in set(usage.native))
    except Exception:  # a damaged extension vouches for nothing
        return False


@dataclass(frozen=True)
class _TrustStore:
    """The user's trust store, split as the user meant it.

    ``authorities`` are trust anchors for chains; every certificate given
    (authority or not) vouches for itself, by its SHA-256 (``exact``).
    ``end_entities`` are the ones that vouch for nothing else.
    """

    authorities: tuple[asn1_x509.Certificate, ...]
    end_entities: tuple[asn1_x509.Certificate, ...]
    exact: frozenset[str]

    @classmethod
    def of(cls, trust: Sequence[asn1_x509.Certificate]) -> _TrustStore:
        authorities = tuple(c for c in trust if _is_authority(c))
        return cls(
            authorities=authorities,
            end_entities=tuple(c for c in trust if not _is_authority(c)),
            exact=frozenset(hashlib.sha256(c.dump()).hexdigest() for c in trust),
        )


_TIME_INDICATIONS: Final = frozenset(
    {"EXPIRED", "NOT_YET_VALID", "OUT_OF_BOUNDS_NO_POE", "OUT_OF_BOUNDS_NOT_REVOKED"}
)
_REVOKED_INDICATIONS: Final = frozenset(
    {"REVOKED", "REVOKED_NO_POE", "REVOKED_CA_NO_POE"}
)


def _trust_note(
    cert: asn1_x509.Certificate,
    store: _TrustStore,
    checked: _Validation,
    moments: Sequence[dt.datetime],
    language: str,
) -> tuple[bool, str]:
    """(trusted, why, or the real cause why not) for one signer's certificate.

    ``moments`` are now and the signing time: a trusted authority vouches
    only within its own validity period.
    """
    say = words.say
    period = checked.anchor_period
    anchor_in_time = period is None or all(
        period[0] <= moment <= period[1] for moment in moments
    )
    if checked.intact and checked.valid:
        if hashlib.sha256(cert.dump()).hexdigest() in store.exact:
            return True, say("verify.signer.trusted_self", language)
        if checked.chained_to and anchor_in_time:
            return True, say(
                "verify.signer.trusted_chain", language, anchor=checked.chained_to
            )
    issuer = escape_controls(cert.issuer.human_friendly, 200)
    indication = checked.indication if anchor_in_time else "EXPIRED"
    anchor = checked.anchor or issuer
    look_alike = any(
        c.subject == cert.subject for c in (*store.authorities, *store.end_entities)
    )
    if not store.exact:
        cause = say("verify.trust.empty", language)
    elif cert.subject == cert.issuer:
        code = "look_alike" if look_alike else "self_signed"
        cause = say(f"verify.trust.{code}", language)
    elif any(c.subject == cert.issuer for c in store.end_entities) and not any(
        c.subject == cert.issuer for c in store.authorities
    ):
        cause = say("verify.trust.issued_by_end_entity", language, issuer=issuer)
    elif indication in {"", "NO_CERTIFICATE_CHAIN_FOUND"}:
        cause = say("verify.trust.no_chain", language, issuer=issuer)
    elif indication in _TIME_INDICATIONS:
        cause = say("verify.trust.time", language, anchor=anchor)
    elif indication in _REVOKED_INDICATIONS:
        cause = say("verify.trust.revoked", language, anchor=anchor)
    elif indication == "CHAIN_CONSTRAINTS_FAILURE":
        cause = say("verify.trust.constraints", language, anchor=anchor)
    else:
        cause = say("verify.trust.failed", language, indication=indication.lower())
    return False, say("verify.signer.not_trusted", language, cause=cause)


@dataclass(frozen=True)
class _Validation:
    """What pyHanko's validation and difference analysis say of one signature.

    ``chained_to`` names the trusted authority a valid chain ends at (empty:
    none); ``indication`` is pyHanko's AdES sub-indication when the chain
    fails (e.g. ``NO_CERTIFICATE_CHAIN_FOUND``, ``EXPIRED``) and ``anchor``
    the authority the failing chain ends at, when one was found;
    ``anchor_period`` is that authority's validity period (pyhanko-certvalidator
    does not check a trust anchor's dates, RFC 5280 § 6.1: checked by
    :func:`_trust_note`).
    """

    intact: bool = False
    valid: bool = False
    modification: str = "unknown"
    problems: tuple[str, ...] = ()
    chained_to: str = ""
    indication: str = ""
    anchor: str = ""
    anchor_period: tuple[dt.datetime, dt.datetime] | None = None


def _chain_of(
    status: Any, store: _TrustStore
) -> tuple[str, str, str, tuple[dt.datetime, dt.datetime] | None]:
    """(trusted anchor, failure indication, anchor of a failing chain, its
    validity period) of ``status``."""
    path = getattr(status, "validation_path", None)
    anchor = ""
    period = None
    try:
        if path is not None:
            authority = path.trust_anchor.authority
            anchor = escape_controls(authority.name.human_friendly, 200)
            validity = authority.certificate["tbs_certificate"]["validity"]
            period = (validity["not_before"].native, validity["not_after"].native)
    except Exception:  # an odd path names no anchor
        anchor = ""
    indic = getattr(status, "trust_problem_indic", None)
    indication = str(getattr(indic, "name", "") or "")
    trusted = bool(store.authorities) and bool(status.trusted)
    return (anchor if trusted else ""), indication, anchor, period


def _validate(
    sig: Any, store: _TrustStore, is_last: bool, lang: str = words.DEFAULT_LANGUAGE
) -> _Validation:
    """Validate ``sig``: intact, valid, its chain to ``store``'s authorities, what changed later.

    Only the store's authorities are trust anchors (pyhanko-certvalidator
    takes any anchor as an issuer, whatever its basic constraints). The
    key usage is checked by :func:`_key_usage`, so pyHanko's own constraint
    (nonRepudiation only) is lifted here: a digitalSignature-only
    certificate from a trusted authority is not "untrusted".
    """
    from pyhanko.sign.diff_analysis import ModificationLevel
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko.sign.validation.settings import KeyUsageConstraints
    from pyhanko.sign.validation.status import SignatureCoverageLevel
    from pyhanko_certvalidator import ValidationContext

    problems: list[str] = []
    intact = valid = False
    modification = "unknown"

    def say(code: str, **params: Any) -> str:
        return words.say(f"verify.failure.{code}", lang, **params)

    chain: tuple[str, str, str, tuple[dt.datetime, dt.datetime] | None]
    chain = ("", "", "", None)
    try:
        context = ValidationContext(
            trust_roots=list(store.authorities),
            allow_fetching=False,
            other_certs=list(sig.other_embedded_certs),
            revocation_mode="soft-fail",
        )
        status = validate_pdf_signature(
            sig,
            signer_validation_context=context,
            key_usage_settings=KeyUsageConstraints(key_usage=set()),
        )
        intact, valid = bool(status.intact), bool(status.valid)
        modification = _modification_name(status.modification_level)
        chain = _chain_of(status, store)
        if not intact:
            problems.append(say("signed_content_changed"))
        elif not valid:
            problems.append(say("signature_mismatch"))
        level = status.modification_level
        if status.docmdp_ok is False or (
            level is not None and level > ModificationLevel.FORM_FILLING
        ):
            problems.append(say("changed_after", level=modification))
        elif level is None and not is_last:
            problems.append(say("changes_unanalysed"))
        coverage = status.coverage
        if is_last and coverage != SignatureCoverageLevel.ENTIRE_FILE:
            problems.append(say("added_after"))
        elif coverage is None or coverage < SignatureCoverageLevel.ENTIRE_REVISION:
            problems.append(say("partial_revision"))
    except Exception as exc:  # pyHanko raises many types for hostile input
        problems.append(say("unchecked", error=_one_line(exc)))
    return _Validation(intact, valid, modification, tuple(problems), *chain)


def _check_signature(
    index: int,
    sig: Any,
    store: _TrustStore,
    now: dt.datetime,
    is_last: bool,
    language: str = words.DEFAULT_LANGUAGE,
) -> SignerReport:
    """One signature judged: its certificate's validity and key usage, pyHanko's checks, trust."""
    cert = sig.signer_cert
    name = cert.subject.human_friendly
    issuer = cert.issuer.human_friendly
    validity = cert["tbs_certificate"]["validity"]
    not_before: dt.datetime = validity["not_before"].native
    not_after: dt.datetime = validity["not_after"].native
    signing_time: dt.datetime | None = sig.self_reported_timestamp
    usages, usage_ok = _key_usage(cert)

    cert_valid, problems = _validity_problems(
        now, signing_time, not_before, not_after, language
    )
    if not usage_ok:
        problems.append(
            words.say("verify.certificate.key_usage", language, usage=",".join(usages))
        )
    checked = _validate(sig, store, is_last, language)
    moments = [now] + ([signing_time] if signing_time is not None else [])
    trusted, note = _trust_note(cert, store, checked, moments, language)
    return SignerReport(
        index=index,
        name=escape_controls(name, 200),
        issuer=escape_controls(issuer, 200),
        sha256=hashlib.sha256(cert.dump()).hexdigest(),
        signing_time=signing_time,
        not_before=not_before,
        not_after=not_after,
        certificate_valid=cert_valid,
        key_usage_ok=usage_ok,
        key_usage=usages,
        intact=checked.intact,
        valid=checked.valid,
        trusted=trusted,
        modification=checked.modification,
        problems=(*problems, *checked.problems),
        trust_note=escape_controls(note, 600),
        language=language,
    )


def _revisions(data: bytes) -> int:
    """Number of ``startxref … %%EOF`` trailers: 1 for a file never updated."""
    return len(_STARTXREF.findall(data))


def _check_signatures(
    data: bytes,
    trust: Sequence[asn1_x509.Certificate],
    now: dt.datetime,
    language: str = words.DEFAULT_LANGUAGE,
) -> tuple[str | None, tuple[SignerReport, ...], Any]:
    """(problem with the file or None, signer reports, pyHanko reader)."""
    from pyhanko.pdf_utils.reader import PdfFileReader

    try:
        reader = PdfFileReader(io.BytesIO(data), strict=False)
        signatures = list(reader.embedded_signatures)
    except Exception as exc:  # any parse failure means: not trustworthy
        return _failure("unreadable", language, error=_one_line(exc)), (), None
    store = _TrustStore.of(trust)
    reports = []
    for index, sig in enumerate(signatures, start=1):
        try:
            reports.append(
                _check_signature(
                    index, sig, store, now, index == len(signatures), language
                )
            )
        except Exception as exc:
            problem = _failure(
                "signature_unchecked", language, index=index, error=_one_line(exc)
            )
            return problem, (), None
    return None, tuple(reports), reader


# -- content -----------------------------------------------------------------


def _languages_to_try(first: str, two: bool) -> list[str]:
    """The plan's possible ``language=``, the project's language first.

    One language per catalog, or (a plan on paper twice as wide) every ordered
    pair of them.

    >>> _languages_to_try("zh", False), _languages_to_try("en", True)
    (['zh', 'en'], ['en+zh', 'zh+en'])
    """
    codes = sorted(words.languages(), key=lambda code: code != first)
    if not two:
        return codes
    return [f"{a}{PAIR}{b}" for a in codes for b in codes if a != b]


def _paper_of(data: bytes) -> tuple[str, bool] | None:
    """(paper, bilingual) from the first page's width; None for another size."""
    try:
        page = PdfReader(io.BytesIO(data)).pages[0]
        width = float(page.mediabox.width)
    except Exception:
        return None
    # A4 is 595.3 pt wide, US Letter 612 pt; a bilingual plan puts two side by side.
    for paper, one in (("a4", 595.3), ("letter", 612.0)):
        for pages in (1, 2):
            if abs(width - pages * one) < 2:
                return paper, pages == 2
    return None


_SIGNER: Final = re.compile(r"gpu-advisor-signer=([A-Za-z0-9_-]+)")


def _recorded_signer(reader_data: bytes) -> Any:
    """The in-app signer a plan records in its keywords, if any."""
    from gpu_advisor.report.plan.keywords import decode_signer

    try:
        meta = PdfReader(io.BytesIO(reader_data)).metadata
    except Exception:
        return None
    keywords = str(meta.get("/Keywords", "")) if meta is not None else ""
    found = _SIGNER.search(keywords)
    return decode_signer(found.group(1)) if found else None


def _regenerate(
    project: Project, language: str, paper: str, signer: Any = None
) -> bytes:
    """The plan the app and ``gpu-advisor-cli report`` write for ``project``.

    :func:`~gpu_advisor.report.plan.render_plan`, as the app's export,
    print and signing do: one ``evaluate_plan`` with the plan's Monte Carlo
    draws and seed, so the numbers are the signed ones.
    """
    from gpu_advisor.io.catalog import load_catalog
    from gpu_advisor.report import plan

    return plan.render_plan(
        project,
        load_catalog(),
        language=language,
        paper=paper,
        app_version=__version__,
        signer=signer,
    )


def _first_update_only_signs(reader: Any) -> bool:
    """Revision 1 of a signed plan adds a signature and changes nothing shown.

    Overwritten objects may only be the catalog (gaining ``/AcroForm`` and
    the PDF 2.0 version, extension and XMP entries pyHanko adds), the
    document information dictionary (not shown on any page) and pages
    (gaining ``/Annots``); every annotation added must be a signature
    widget. Later revisions are covered by the first signature's own
    difference analysis (:func:`_check_signature`).
    """
    from pyhanko.pdf_utils import generic

    xrefs = reader.xrefs
    if xrefs.refs_freed_in_revision(1):
        return False
    old = reader.get_historical_resolver(0)
    new = reader.get_historical_resolver(1)
    root_ref = new.trailer_view.raw_get("/Root")
    info_ref = new.trailer_view.raw_get("/Info")
    old_trailer = old.trailer_view
    if old_trailer.raw_get("/Root") != root_ref:
        return False

    def same_except(ref: Any, ignored: set[str]) -> bool:
        before, after = old(ref), new(ref)
        if not isinstance(before, generic.DictionaryObject) or not isinstance(
            after, generic.DictionaryObject
        ):
            return False
        keys = (set(before.keys()) | set(after.keys())) - ignored
        return all(dict.get(before, k) == dict.get(after, k) for k in keys)

    for ref in xrefs.explicit_refs_in_revision(1):
        if xrefs.get_introducing_revision(ref) >= 1:
            continue  # a new object: only reachable through what is checked here
        container = generic.IndirectObject(ref.idnum, ref.generation, reader)  # type: ignore[no-untyped-call]
        if container == info_ref:
            continue
        if container == root_ref:
            if not same_except(ref, _ROOT_KEYS_SIGNING_ADDS):
                return False
            continue
        page = new(ref)
        if not isinstance(page, generic.DictionaryObject):
            return False
        if page.get("/Type") != "/Page" or not same_except(ref, {"/Annots"}):
            return False
        before = old(ref).get("/Annots")
        before_refs = {a.idnum for a in (before or ()) if hasattr(a, "idnum")}
        for annot_ref in dict.get(page, "/Annots") or ():
            if getattr(annot_ref, "idnum", None) in before_refs:
                continue
            annot = annot_ref.get_object()
            kind = annot.get("/FT") or annot.get("/Parent", {}).get("/FT")
            if annot.get("/Subtype") != "/Widget" or kind != "/Sig":
                return False
    return True


def _original_revision_matches(data: bytes, reader: Any, expected: bytes) -> bool:
    """``expected`` is revision 0 of ``data`` and nothing later changed what shows."""
    if not data.startswith(expected):
        return False
    if len(data) == len(expected):
        return True
    if reader is None:
        return False
    try:
        found = _STARTXREF.findall(expected)
        if not found or reader.xrefs.get_startxref_for_revision(0) != int(found[-1]):
            return False
        return _first_update_only_signs(reader)
    except Exception:
        return False


def _content_check(
    data: bytes,
    reader: Any,
    project: Project,
    version: str,
    lang: str = words.DEFAULT_LANGUAGE,
) -> str | None:
    """None when the plan is exactly what ``project`` gives; else the reason."""
    if version != __version__:
        return _failure("other_version", lang, version=version, current=__version__)
    found = _paper_of(data)
    if found is None:
        return _failure("paper", lang)
    paper, two_languages = found
    signer = _recorded_signer(data)
    for language in _languages_to_try(project.meta.language, two_languages):
        try:
            expected = _regenerate(project, language, paper, signer)
        except Exception as exc:
            return _failure("not_rendered", lang, error=_one_line(exc))
        if _original_revision_matches(data, reader, expected):
            return None
    return _failure("pages_differ", lang)


def _failure(code: str, lang: str, **params: Any) -> str:
    """``verify.failure.<code>`` worded in ``lang``."""
    return words.say(f"verify.failure.{code}", lang, **params)


# -- entry point -------------------------------------------------------------


def verify_plan(
    pdf_path: str | Path,
    project_path: str | Path | None = None,
    *,
    project: Project | None = None,
    trust: Sequence[asn1_x509.Certificate] = (),
    allow_unsigned: bool = False,
    check_content: bool = True,
    now: dt.datetime | None = None,
    language: str = words.DEFAULT_LANGUAGE,
) -> VerifyReport:
    """Verify a plan's signatures, their signers and, given a project, its content.

    The one verification of the app: ``gpu-advisor-cli verify`` and the
    app's File ▸ Verify Plan… both call it, so both judge every signer and
    the plan's pages alike.

    Parameters
    ----------
    pdf_path : str or Path
        The plan.
    project_path : str or Path, optional
        The ``.gpuplan`` file the plan claims to come from.
    project : Project, optional
        The project itself (the app's open project, saved or not), instead
        of ``project_path``.
    trust : sequence of asn1crypto.x509.Certificate
        The trust store (see :func:`load_trusted_certificates`). Empty: every
        signer is reported as not trusted.
    allow_unsigned : bool
        Accept an unsigned plan (a draft) instead of :attr:`VerifyStatus.UNSIGNED`.
    check_content : bool
        With a project: regenerate the plan and compare it byte for byte.
    now : datetime, optional
        The moment certificates must be valid at (default: now, UTC).
    language : str
        The catalog language of the signers' trust verdicts and causes and
        of the final verdict (:mod:`gpu_advisor.words`).

    Returns
    -------
    VerifyReport
        See the module docstring for what each status means.

    Raises
    ------
    VerifyInputError
        A file is missing, not a regular file, too large, not a PDF, or the
        project file cannot be loaded.
    """
    moment = now or dt.datetime.now(dt.UTC)
    data, loaded = _read_inputs(Path(pdf_path), project_path)
    project = loaded if project is None else project
    problem, signers, reader = _check_signatures(data, trust, moment, language)
    printed = read_printed_fingerprint(data)
    fp, version = printed if printed else (None, None)

    def report(
        status: VerifyStatus,
        reason: str,
        content_checked: bool = False,
        failed_on: str = "",
    ) -> VerifyReport:
        return VerifyReport(
            status,
            escape_controls(reason, 900),
            signers,
            fp,
            version,
            content_checked,
            failed_on,
        )

    overlay = _overlay_failure(reader, language)
    failure = overlay or _signature_failure(data, problem, signers, language)
    if failure is not None:
        certificate = (
            overlay is None and problem is None and _only_certificates(signers)
        )
        return report(
            VerifyStatus.FAILED,
            failure,
            failed_on="certificate" if certificate else "document",
        )
    if printed is None:
        return report(
            VerifyStatus.FAILED,
            _failure("no_fingerprint", language),
            failed_on="document",
        )
    assert fp is not None
    assert version is not None
    content_checked = False
    if project is not None:
        failure, content_checked = _project_failure(
            data, reader, project, (fp, version), check_content, language
        )
        if failure is not None:
            return report(VerifyStatus.FAILED, failure, failed_on="project")
    if project is None and not signers and allow_unsigned:
        return report(
            VerifyStatus.UNSIGNED,
            words.say("verify.reason.draft_unchecked", language, fingerprint=fp),
        )
    if project is not None:
        matched = (
            words.say("verify.reason.matched_content", language)
            if content_checked
            else words.say(
                "verify.reason.matched_fingerprint", language, fingerprint=fp[:12]
            )
        )
    else:
        matched = words.say(
            "verify.reason.matched_nothing", language, fingerprint=fp[:12]
        )
    status, reason = _signers_verdict(signers, allow_unsigned, matched, language)
    return report(status, reason, content_checked)


def _read_inputs(
    path: Path, project_path: str | Path | None
) -> tuple[bytes, Project | None]:
    """The plan's bytes and the project it claims to come from (None: not given).

    Raises
    ------
    VerifyInputError
        See :func:`verify_plan`.
    """
    try:
        data = read_regular_file(path, MAX_PDF_BYTES, what="PDF")
    except InputFileError as exc:
        raise VerifyInputError(str(exc)) from None
    if not data.startswith(b"%PDF-"):
        raise VerifyInputError(f"{escape_controls(path.name)} is not a PDF file")
    if project_path is None:
        return data, None
    try:
        return data, load_project(Path(project_path))
    except ProjectFileError as exc:
        raise VerifyInputError(str(exc)) from None
    except (OSError, RuntimeError) as exc:
        raise VerifyInputError(
            f"cannot read {escape_controls(str(project_path))}: {_one_line(exc)}"
        ) from None


def _signature_failure(
    data: bytes,
    problem: str | None,
    signers: tuple[SignerReport, ...],
    lang: str = words.DEFAULT_LANGUAGE,
) -> str | None:
    """Why the file or its signatures fail the plan; None when nothing does."""
    if problem is not None:
        return problem
    bad = [s for s in signers if s.problems]
    if bad:
        first = bad[0]
        return _failure(
            "signer",
            lang,
            index=first.index,
            name=first.name,
            problem=first.problems[0],
        )
    if not signers and _revisions(data) > 1:
        return _failure("updated_unsigned", lang, updates=_revisions(data) - 1)
    return None


def _only_certificates(signers: tuple[SignerReport, ...]) -> bool:
    """Every signer's problems are its certificate's (validity, key usage): the
    signed bytes are intact and nothing was changed after signing."""
    return all(
        len(s.problems) == (not s.certificate_valid) + (not s.key_usage_ok)
        and s.intact
        and s.valid
        for s in signers
    )


def _overlay_failure(reader: Any, lang: str = words.DEFAULT_LANGUAGE) -> str | None:
    """An annotation the app does not write, named with its page and position.

    Every revision is looked at (:func:`~gpu_advisor.report.annotations.foreign_annotations`):
    one added after a signature is "modified after signing" even when pyHanko's
    difference analysis takes it for form filling; one there before the first
    signature was signed with the plan, but it is not the plan the project gives.
    An update between the plan as written and the first signature (revision 0
    and revision 1 of a signed plan) is refused too: its changes would be
    signed without anything comparing them with what the app wrote.
    """
    from gpu_advisor.report.annotations import AnnotationError, foreign_annotations

    if reader is None:
        return None
    try:
        found = foreign_annotations(reader)
        signed = [sig.signed_revision for sig in reader.embedded_signatures]
    except AnnotationError as exc:
        return _failure("annotations_unreadable", lang, error=_one_line(exc))
    except Exception as exc:  # pyHanko raises many types for hostile input
        return _failure("unreadable", lang, error=_one_line(exc))
    if not found:
        if signed and min(signed) > 1:
            return _failure("updated_before_signing", lang, updates=min(signed) - 1)
        return None
    first = found[0]
    where = _failure(
        "annotation_at",
        lang,
        page=first.page,
        box=", ".join(f"{round(value, 1):g}" for value in first.box),
    )
    earlier = [n for n, rev in enumerate(signed, start=1) if rev < first.revision]
    if earlier:
        return _failure(
            "annotation_after",
            lang,
            where=where,
            subtype=first.subtype,
            index=earlier[-1],
        )
    code = "annotation_before" if signed else "annotation_unsigned"
    return _failure(code, lang, where=where, subtype=first.subtype)


def _project_failure(
    data: bytes,
    reader: Any,
    project: Project,
    printed: tuple[str, str],
    check_content: bool,
    lang: str = words.DEFAULT_LANGUAGE,
) -> tuple[str | None, bool]:
    """(why ``project`` is not the plan's or None, whether the content was compared).

    ``printed`` is the (fingerprint, app version) the plan carries.
    """
    fp, version = printed
    expected = fingerprint(project, version)
    if expected != fp:
        problem = _failure(
            "fingerprint_mismatch", lang, expected=expected[:12], printed=fp[:12]
        )
        return problem, False
    if not check_content:
        return None, False
    content_problem = _content_check(data, reader, project, version, lang)
    return content_problem, content_problem is None


def _signers_verdict(
    signers: tuple[SignerReport, ...],
    allow_unsigned: bool,
    matched: str,
    language: str = words.DEFAULT_LANGUAGE,
) -> tuple[VerifyStatus, str]:
    """The status and reason once file, signatures and project passed.

    ``matched`` says what the plan was matched against (project, content or
    fingerprint alone). An untrusted signer is named with the real cause
    (:func:`_trust_note`).
    """
    say = words.say
    if not signers:
        if allow_unsigned:
            return VerifyStatus.OK, say(
                "verify.reason.draft", language, matched=matched
            )
        return VerifyStatus.UNSIGNED, say(
            "verify.reason.unsigned", language, matched=matched
        )
    untrusted = [s for s in signers if not s.trusted]
    if untrusted:
        who = "; ".join(
            say(
                "verify.reason.untrusted_one",
                language,
                name=s.name,
                cause=s.trust_cause,
            )
            for s in untrusted
        )
        return VerifyStatus.UNTRUSTED, say(
            "verify.reason.untrusted", language, who=who, matched=matched
        )
    names = ", ".join(s.name for s in signers)
    return VerifyStatus.OK, say(
        "verify.reason.trusted", language, names=names, matched=matched
    )
