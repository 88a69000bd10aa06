"""Signing records: what File ▸ Sign Plan… writes into the project.

Each time the app writes a signed PDF it appends a
:class:`~gpu_advisor.model.project.SigningRecord` to the project: when, who
(name and role), the PDF's file name, the fingerprint printed in that PDF
(:func:`gpu_advisor.io.project_file.fingerprint`, the one ``verify``
checks) and a snapshot of the inputs as signed. Signing again appends
another record, so the earlier fingerprint stays beside the new one.

The fingerprint leaves the signing records out, so appending a record does
not make the signed PDF stop matching its project.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from gpu_advisor.io.project_file import fingerprint
from gpu_advisor.model.project import (
    MAX_SIGNING_RECORDS,
    Project,
    SigningRecord,
    plan_inputs,
)

__all__ = ["signing_record", "with_signing_record"]

_NAME_CHARS = 255
"""Longest PDF file name a record keeps (characters; most file systems allow 255)."""


def _file_name(pdf: Path | str) -> str:
    """The PDF's file name only, printable, at most :data:`_NAME_CHARS` characters."""
    name = Path(pdf).name or "plan.pdf"
    cleaned = "".join(ch if ch.isprintable() else "_" for ch in name)
    return cleaned[:_NAME_CHARS]


def signing_record(
    project: Project,
    *,
    signer_name: str,
    signer_role: str,
    pdf: Path | str,
    app_version: str,
    signed_at: dt.datetime | None = None,
) -> SigningRecord:
    """The record of signing ``project`` as the PDF ``pdf``.

    Parameters
    ----------
    project : Project
        The plan exactly as it was rendered and signed.
    signer_name, signer_role : str
        As filled into the sign-off row (surrounding spaces dropped).
    pdf : Path or str
        The signed PDF; only its file name is kept (never the folder).
    app_version : str
        ``gpu_advisor.__version__``: the fingerprint depends on it.
    signed_at : datetime, optional
        When it was signed (default: now, UTC, whole seconds); a naive time
        is taken as UTC.

    Returns
    -------
    SigningRecord

    Raises
    ------
    pydantic.ValidationError
        When the name is empty or a field is too long.

    Examples
    --------
    >>> record = signing_record(Project(), signer_name=" Li Na ", signer_role="Finance",
    ...     pdf="/tmp/plan-signed.pdf", app_version="0.1.0",
    ...     signed_at=dt.datetime(2026, 3, 2, 9, 30, tzinfo=dt.UTC))
    >>> record.signer_name, record.pdf_file
    ('Li Na', 'plan-signed.pdf')
    >>> record.fingerprint == fingerprint(Project(), "0.1.0")
    True
    """
    when = signed_at or dt.datetime.now(dt.UTC).replace(microsecond=0)
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    inputs = plan_inputs(project)
    return SigningRecord(
        signed_at=when,
        signer_name=signer_name.strip(),
        signer_role=signer_role.strip(),
        pdf_file=_file_name(pdf),
        fingerprint=fingerprint(inputs, app_version),
        app_version=app_version,
        inputs=inputs,
    )


def with_signing_record(project: Project, record: SigningRecord) -> Project:
    """``project`` with ``record`` appended to its signing records.

    A plan keeps its newest :data:`~gpu_advisor.model.project.MAX_SIGNING_RECORDS`
    records; past that the oldest is dropped (each record holds a copy of the
    plan, and fifty signings of one plan is far more than a review needs).

    Examples
    --------
    >>> record = signing_record(Project(), signer_name="Li Na", signer_role="",
    ...     pdf="a.pdf", app_version="0.1.0")
    >>> twice = with_signing_record(with_signing_record(Project(), record), record)
    >>> len(twice.signing_records)
    2
    """
    records = [*project.signing_records, record][-MAX_SIGNING_RECORDS:]
    return project.model_copy(update={"signing_records": records})
