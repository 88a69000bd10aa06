"""Section 1, the summary: the recommendation, the key numbers and the top risks."""

from __future__ import annotations

from typing import Final

from gpu_advisor import words
from gpu_advisor.engine.api import PlanEvaluation, shown_warnings
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import Project
from gpu_advisor.report.plan.document import Story
from gpu_advisor.report.plan.shared import (
    gpu_name,
    hours_with_band,
    option_by_id,
    recommend_sentence,
)
from gpu_advisor.report.text import count as fmt_count
from gpu_advisor.report.text import days, gib, money, percent

_SECTIONS: Final = (
    "summary",
    "sizing",
    "cost",
    "vendors",
    "checklist",
    "signoff",
    # behind the annex divider: for the engineers
    "environment",
    "monitoring",
    "assumptions",
)


def summary_section(
    st: Story, project: Project, ev: PlanEvaluation, catalog: Catalog
) -> None:
    """Section 1: the recommendation and its reasons, the key numbers, the top risks."""
    lang = st.lang
    st.h1("summary")
    st.h2(st.t("sum.recommendation"))
    sentence = recommend_sentence(st, project, ev)
    st.p(sentence or st.t("sum.no_recommendation"))
    reasons = [words.text(r, lang) for r in ev.cost.recommendation.reasons]
    if reasons:
        st.p(st.t("sum.reasons") + words.say("words.colon", lang).rstrip())
        st.bullets(reasons)
    _key_numbers(st, project, ev, catalog)
    _top_risks(st, ev)


def _key_numbers(
    st: Story, project: Project, ev: PlanEvaluation, catalog: Catalog
) -> None:
    """Model, task, GPU, memory, cards, GPU-hours, days, cost and break-even."""
    sz, cost = ev.sizing, ev.cost
    lang = st.lang
    st.h2(st.t("sum.key_numbers"))
    rows: list[tuple[str, str]] = [
        (st.t("kn.model"), sz.shape.name or (sz.shape.model_id or "—")),
        (st.t("kn.task"), st.t(f"task.{project.workload.task.value}")),
        (st.t("kn.gpu"), gpu_name(catalog, sz.gpu_id or project.workload.gpu_id)),
        (st.t("kn.memory_per_gpu"), gib(sz.memory.per_gpu.total_bytes)),
        (
            st.t("kn.min_gpus"),
            fmt_count(sz.cluster.min_gpus)
            if sz.cluster.min_gpus is not None
            else st.t("kn.no_fit"),
        ),
        (st.t("kn.gpus"), fmt_count(sz.cluster.gpus)),
        (
            st.t("kn.gpu_hours"),
            hours_with_band(
                st,
                sz.compute.gpu_hours,
                sz.compute.gpu_hours_p10,
                sz.compute.gpu_hours_p90,
            ),
        ),
        (
            st.t("kn.gpu_hours_red", factor=f"{sz.compute.redundancy_factor:g}"),
            hours_with_band(
                st,
                sz.compute.gpu_hours_with_redundancy,
                sz.compute.gpu_hours_with_redundancy_p10,
                sz.compute.gpu_hours_with_redundancy_p90,
            ),
        ),
        (st.t("kn.days"), days(sz.cluster.days, lang)),
    ]
    best = option_by_id(ev, cost.recommendation.option)
    if best is not None:
        rows.append((st.t("kn.best_total"), money(best.total_cny, lang)))
    be = cost.break_even
    if be.utilization is not None:
        rows.append((st.t("kn.break_even"), percent(be.utilization)))
    rows.append(
        (
            st.t("kn.break_even_month"),
            st.t("kn.month_n", month=be.month)
            if be.month is not None
            else st.t("kn.never"),
        )
    )
    p_build = _p_build(ev)
    if p_build is not None:
        rows.append((st.t("kn.p_build"), percent(p_build)))
    st.table(
        [st.t("kn.item"), st.t("kn.value")],
        rows,
        [1.3, 1],
        align_right=[1],
        width_fraction=0.75,
    )


def top_risks(st: Story, ev: Evaluation) -> None:
    """The first six of the plan's one warning list (``shown_warnings``: the
    most severe first)."""
    st.h2(st.t("sum.top_risks"))
    risks = shown_warnings(ev).advice
    if risks:
        st.bullets([words.text(a, st.lang) for a in risks[:6]])
    else:
        st.p(st.t("sum.no_risks"))


def _top_risks(st: Story, ev: PlanEvaluation) -> None:
    """The six most severe warnings, and how many checklist items are still open."""
    top_risks(st, ev)
    open_count = ev.review.tally.open + ev.review.tally.failed
    if open_count:
        st.p(
            st.t(
                "sum.open_items",
                count=open_count,
                section=_SECTIONS.index("checklist") + 1,
            )
        )


def _p_build(ev: Evaluation) -> float | None:
    return None if ev.monte_carlo is None else ev.monte_carlo.p_own_beats_rent
