"""The plan's cover: title, organisation, author, date, status, region, horizon, fingerprint."""

from __future__ import annotations

from typing import Final

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Spacer, Table, TableStyle

from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.project import PlanStatus, Project
from gpu_advisor.report.plan.document import Story
from gpu_advisor.words import say


def cover_page(
    st: Story, project: Project, catalog: Catalog, fp: str, app_version: str
) -> None:
    """The cover: title, the plan's particulars, status badge, fingerprint, app version."""
    meta = project.meta
    lang = st.lang
    st.items.append(Spacer(1, 40 * mm))
    st.p(st.t("cover.kicker"), st.s.kicker)
    st.p(meta.title, st.s.title)
    st.items.append(Spacer(1, 6 * mm))
    not_set = st.t("cover.not_set")
    try:
        region_name = say(f"region.{catalog.region(meta.region_id).id}", lang)
    except KeyError:
        region_name = meta.region_id
    status = st.t(f"status.{meta.status.value}")
    horizon = say("unit.month", lang, n=meta.horizon_months)
    rows = [
        (st.t("cover.organisation"), meta.organisation or not_set),
        (st.t("cover.author"), meta.author or not_set),
        (st.t("cover.date"), meta.plan_date.isoformat()),
        (st.t("cover.version"), meta.plan_version),
        (st.t("cover.status"), status),
        (st.t("cover.region"), region_name),
        (st.t("cover.horizon"), horizon),
    ]
    data = [[st.cell(k, st.s.small), st.cell(v, st.s.body)] for k, v in rows]
    table = Table(data, colWidths=[35 * mm, st.width - 35 * mm], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.HexColor("#cccccc")),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("BACKGROUND", (1, 4), (1, 4), _STATUS_BADGE[meta.status]),
            ]
        )
    )
    st.items.append(table)
    st.items.append(Spacer(1, 10 * mm))
    if meta.status is PlanStatus.DRAFT:
        st.p(st.t("cover.draft_note"), st.s.body)
    st.items.append(Spacer(1, 20 * mm))
    st.p(st.t("cover.fingerprint"), st.s.small)
    st.p(fp, st.s.fingerprint)
    st.p(f"{st.t('cover.app')}: GPU Advisor {app_version}", st.s.small)


_STATUS_BADGE: Final = {
    PlanStatus.DRAFT: colors.HexColor("#fdf0cf"),
    PlanStatus.APPROVED: colors.HexColor("#d8efd9"),
}
