"""The sign-off section: who approves, signature lines, the fingerprint and how to verify.

Also how signing records a decision in the plan (:func:`with_approval`) and
when the sign-off is complete (:func:`signoff_complete`).
"""

from __future__ import annotations

import datetime as dt
from typing import Final

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Preformatted, Spacer

from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Decision, PlanStatus, Project, SignOffRow
from gpu_advisor.report.plan.document import Heading, Story, escape
from gpu_advisor.report.plan.keywords import Signer
from gpu_advisor.report.text import role_text, tr

VERIFY_COMMAND: Final = "gpu-advisor-cli verify plan.pdf project.gpuplan"


def signoff_section(
    st: Story, project: Project, fp: str, app_version: str, signer: Signer | None
) -> None:
    """Who approves, a signature line per role, the fingerprint and how to verify it."""
    lang = st.lang
    st.h1("signoff")
    st.p(st.t("so.intro"))
    rows = signoff_rows(project, lang, signer)
    st.table(
        [
            st.t(k)
            for k in (
                "col.role",
                "col.person",
                "col.decision",
                "col.date",
                "col.comment",
            )
        ],
        rows,
        [1.3, 1.2, 1.1, 0.9, 2.2],
    )
    line = "_" * 28
    short = "_" * 14
    for role, *_ in rows:
        st.items.append(
            KeepTogether(
                [
                    Spacer(1, 10),
                    Paragraph(
                        f"{escape(str(role), st.lang)}　　{escape(st.t('so.signature'), st.lang)}: {line}　　"
                        f"{escape(st.t('so.date_line'), st.lang)}: {short}",
                        st.s.body,
                    ),
                ]
            )
        )
    st.items.append(Spacer(1, 14))
    block: list[Flowable] = [
        Heading(f"{st.t('so.fingerprint')}", st.s.h2, 1, "sec-fingerprint"),
        Paragraph(
            escape(st.t("so.fingerprint_text", version=app_version), st.lang), st.s.body
        ),
        Paragraph(fp, st.s.fingerprint),
        Spacer(1, 4),
        Paragraph(
            escape(f"{st.t('so.app_version')}: {app_version}", st.lang), st.s.body
        ),
        Spacer(1, 6),
        Paragraph(escape(st.t("so.verify"), st.lang), st.s.body),
        Preformatted(VERIFY_COMMAND, st.s.code),
    ]
    st.items.append(KeepTogether(block))


def signoff_rows(
    project: Project, lang: Language, signer: Signer | None
) -> list[tuple[str, str, str, str, str]]:
    """(role, name, decision, date, comment) per sign-off row, the signer filled in."""
    rows: list[tuple[str, str, str, str, str]] = []
    placed = False
    for row in project.signoff:
        name, date, comment = row.name, row.date, row.comment
        if (
            signer is not None
            and not placed
            and row.role.strip().lower() == signer.role.strip().lower()
        ):
            placed = True
            name, date = signer.name, signer.date
            comment = tr("dec1.signed_comment", lang) + (
                f"; {comment}" if comment else ""
            )
        rows.append(
            (
                role_text(row.role, lang),
                name,
                tr(f"dec.{row.decision.value}", lang),
                date.isoformat() if date else "",
                comment,
            )
        )
    if signer is not None and not placed:
        rows.append(
            (
                role_text(signer.role, lang),
                signer.name,
                tr("dec.pending", lang),
                signer.date.isoformat(),
                tr("dec1.signed_comment", lang),
            )
        )
    return rows


APPROVING: Final = frozenset({Decision.APPROVE, Decision.APPROVE_WITH_CONDITIONS})
"""Decisions that approve the plan (with conditions or without)."""


def _same_role(a: str, b: str) -> bool:
    return a.strip().casefold() == b.strip().casefold()


def pending_roles(project: Project) -> list[str]:
    """The sign-off roles still waiting for a decision, in the plan's order.

    >>> pending_roles(Project())
    ['Engineering lead', 'Finance', 'Management']
    """
    return [row.role for row in project.signoff if row.decision is Decision.PENDING]


def signoff_complete(project: Project) -> bool:
    """Every role of the plan's sign-off list has approved it (with conditions or not).

    This is what "complete" means for a plan: each row of ``project.signoff``
    (the roles the author listed as required) carries a name and an approving
    decision. A rejection, a pending row or an empty list is not complete.

    >>> signoff_complete(Project())
    False
    """
    rows = project.signoff
    return bool(rows) and all(
        row.decision in APPROVING and row.name.strip() for row in rows
    )


def with_approval(
    project: Project,
    *,
    name: str,
    role: str,
    decision: Decision,
    date: dt.date,
) -> Project:
    """``project`` with the signer's decision recorded in the sign-off row of ``role``.

    The row of that role (the first one, compared without case; a new row at
    the end when the list has none) gets the signer's name, decision and
    date, its comment kept. The plan's status follows the sign-off list:
    :attr:`PlanStatus.APPROVED` once :func:`signoff_complete`, else
    :attr:`PlanStatus.DRAFT`. Signing records this before rendering, so the
    signed PDF's sign-off table and status are the project's own and
    ``verify`` regenerates them from the saved project.

    Examples
    --------
    >>> plan = Project()
    >>> for role in ("Engineering lead", "finance", "Management"):
    ...     plan = with_approval(plan, name="Li Na", role=role,
    ...         decision=Decision.APPROVE, date=dt.date(2026, 3, 2))
    >>> [(r.role, r.name, r.decision.value) for r in plan.signoff][1]
    ('Finance', 'Li Na', 'approve')
    >>> plan.meta.status.value, len(plan.signoff)
    ('approved', 3)
    """
    rows = list(project.signoff)
    index = next((i for i, row in enumerate(rows) if _same_role(row.role, role)), None)
    if index is None:
        rows.append(SignOffRow(role=role.strip()))
        index = len(rows) - 1
    rows[index] = rows[index].model_copy(
        update={"name": name.strip(), "decision": decision, "date": date}
    )
    signed = project.model_copy(update={"signoff": rows})
    status = PlanStatus.APPROVED if signoff_complete(signed) else PlanStatus.DRAFT
    return signed.model_copy(
        update={"meta": project.meta.model_copy(update={"status": status})}
    )
