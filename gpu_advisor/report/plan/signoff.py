"""The sign-off section: who approves, signature lines, the fingerprint and how to verify."""

from __future__ import annotations

from typing import Final

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Preformatted, Spacer

from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project
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
