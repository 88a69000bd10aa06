"""The annex's assumptions: the "why?" of every number, its inputs with sources and dates."""

from __future__ import annotations

import re
from typing import Final

from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Explanation
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.report.plan.document import Story
from gpu_advisor.report.plan.shared import fmt_value


def _explanations(ev: Evaluation) -> list[Explanation]:
    out: list[Explanation] = []
    seen: set[str] = set()
    for ex in [*ev.sizing.explanations, *getattr(ev.cost, "explanations", [])]:
        if ex.key not in seen:
            seen.add(ex.key)
            out.append(ex)
    return out


_OPTION_IN_KEY: Final = re.compile(r"\.options\.[a-z_]+\.")
"""The option id inside a result key such as ``cost.options.spot.npv_cny``."""


def assumptions_section(st: Story, ev: Evaluation, catalog: Catalog) -> None:
    """The "why?" of every number, for a manager: the formula in words with the
    values filled in, each catalog input with its human name, value, unit,
    source and date, and the reference cited by title."""
    from gpu_advisor.report.formulas import explain
    from gpu_advisor.report.sources import SourceIndex

    st.h1("assumptions")
    as_of = catalog.as_of.isoformat()
    st.p(st.t("asm.intro", as_of=as_of))
    explanations = _explanations(ev)
    index = SourceIndex.of(catalog)
    shown = {
        ex.key: explain(ex, st.lang, fmt_value, catalog, index) for ex in explanations
    }
    defaults: dict[str, tuple[str, str, str, str, str]] = {}
    unconfirmed = False
    for ex in explanations:
        for ref, row in zip(ex.inputs, shown[ex.key].inputs, strict=True):
            if row.kind in ("typed", "computed") or ref.name in defaults:
                continue
            unconfirmed |= not row.confirmed
            value = row.value + ("" if row.confirmed else " *")
            defaults[ref.name] = (row.name, value, row.unit, row.source, row.date)
    st.h2(st.t("asm.defaults"))
    if defaults:
        if unconfirmed:
            st.p(st.t("asm.unconfirmed"))
        st.table(
            [
                st.t("col.name"),
                st.t("kn.value"),
                st.t("col.unit"),
                st.t("col.source"),
                st.t("col.date"),
            ],
            sorted(defaults.values()),
            [1.4, 0.75, 1.05, 2.6, 0.8],
            align_right=(1,),
        )
    else:
        st.p(st.t("siz.no_warnings"))
    st.h2(st.t("asm.formulas"))
    # The options share their formulas: the recommended option's stand for all.
    best = f".options.{ev.cost.recommendation.option}."
    rows: list[tuple[str, str, str]] = []
    for ex in explanations:
        if _OPTION_IN_KEY.search(ex.key) and best not in ex.key:
            continue
        reader = shown[ex.key]
        rows.append((reader.title, reader.formula, reader.reference or "—"))
    st.table(
        [st.t("col.result"), st.t("col.formula"), st.t("col.reference")],
        rows,
        [1.2, 3.0, 1.7],
    )
