"""What a plan records in its PDF keywords: fingerprint, app version and in-app signer.

:mod:`gpu_advisor.report.verify` reads them back to find the project a plan
came from and to regenerate exactly the pages that were signed.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Final

KEYWORD_FINGERPRINT: Final = "gpu-advisor-fingerprint"
KEYWORD_VERSION: Final = "gpu-advisor-version"
KEYWORD_SIGNER: Final = "gpu-advisor-signer"
"""Keyword carrying the in-app signer (name, role, date) that the plan prints,
so that verification can regenerate exactly the pages that were signed."""


@dataclass(frozen=True)
class Signer:
    """Who signs the plan in the app: filled into the sign-off row of that role."""

    name: str
    role: str
    date: dt.date


def encode_signer(signer: Signer) -> str:
    """The signer as one keyword-safe token (base64url of JSON)."""
    import base64
    import json

    raw = json.dumps(
        [signer.name, signer.role, signer.date.isoformat()], ensure_ascii=False
    ).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode_signer(token: str) -> Signer | None:
    """The inverse of :func:`encode_signer`; None for anything malformed."""
    import base64
    import json

    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        name, role, date = json.loads(raw.decode("utf-8"))
        return Signer(name=str(name), role=str(role), date=dt.date.fromisoformat(date))
    except (ValueError, TypeError):
        return None
