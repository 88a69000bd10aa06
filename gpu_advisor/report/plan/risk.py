"""The cost section's price uncertainty: the tornado and the Monte Carlo of total cost."""

from __future__ import annotations

from gpu_advisor import words
from gpu_advisor.engine.api import GPU_HOURS_BAND_KEY
from gpu_advisor.model.common import Language
from gpu_advisor.model.cost_results import MonteCarloResult
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.report import charts
from gpu_advisor.report.plan.document import Story
from gpu_advisor.report.plan.shared import (
    fmt_value,
    option_by_id,
    option_colors,
    option_name,
)
from gpu_advisor.report.text import count as fmt_count
from gpu_advisor.report.text import gpu_hours, money, money_short, percent, unit_text
from gpu_advisor.words.money import in_reader_currency


def _range(low: float, high: float, unit: str, lang: Language) -> str:
    """A tornado input's range with its unit, amounts in the reader's currency."""
    low, _ = in_reader_currency(low, unit)
    high, shown = in_reader_currency(high, unit)
    return f"{fmt_value(low)} – {fmt_value(high)} {unit_text(shown, lang)}".strip()


def tornado_part(st: Story, ev: Evaluation) -> None:
    """The inputs that swing own-minus-rent most: chart and table (none: nothing)."""
    cost = ev.cost
    lang = st.lang
    if not cost.tornado:
        return
    st.h2(st.t("cost.tornado"))
    own_rent = _own_minus_rent(ev)
    st.p(st.t("cost.tornado_intro"))
    bars = sorted(cost.tornado, key=lambda b: (-b.swing_cny, b.input))[:10]
    tb = [
        (
            words.text(b.label, lang) or b.input,
            b.low_outcome_cny,
            b.high_outcome_cny,
        )
        for b in bars
    ]
    base = own_rent if own_rent is not None else (tb[0][1] + tb[0][2]) / 2
    st.chart(
        charts.tornado(
            tb,
            base,
            style=charts.ChartStyle(st.s.font),
            width=st.width,
            x_format=lambda v: money_short(v, lang),
            low_label=st.t("col.low"),
            high_label=st.t("col.high"),
            label_width=150,
        )
    )
    st.table(
        [
            st.t("col.input"),
            st.t("col.range"),
            st.t("col.low"),
            st.t("col.high"),
            st.t("col.swing"),
        ],
        [
            (
                words.text(b.label, lang) or b.input,
                _range(b.low_value, b.high_value, b.unit, lang),
                money(b.low_outcome_cny, lang),
                money(b.high_outcome_cny, lang),
                money(b.swing_cny, lang),
            )
            for b in bars
        ],
        [2.2, 1.5, 1.1, 1.1, 1.1],
        align_right=[2, 3, 4],
    )


def monte_carlo_part(st: Story, ev: Evaluation) -> None:
    """Total cost's P10/P50/P90 per option, P(owning beats renting), the histogram."""
    lang = st.lang
    st.h2(st.t("cost.monte_carlo"))
    mc = ev.monte_carlo
    mc_rows = _mc_rows(ev)
    if mc is None or not mc_rows:
        st.p(st.t("cost.mc_missing"))
        return
    st.p(st.t("cost.monte_carlo_intro", draws=fmt_count(mc.draws), seed=mc.seed))
    comp = ev.sizing.compute
    low, high = (
        comp.gpu_hours_with_redundancy_p10,
        comp.gpu_hours_with_redundancy_p90,
    )
    if GPU_HOURS_BAND_KEY in mc.inputs and low is not None and high is not None:
        st.p(
            st.t(
                "cost.mc_hours_band",
                low=gpu_hours(low, lang),
                high=gpu_hours(high, lang),
            )
        )
    named = [(option_name(st, oid), a, b, c) for oid, a, b, c in mc_rows]
    st.chart(
        charts.percentile_bars(
            named,
            style=charts.ChartStyle(st.s.font),
            width=st.width,
            x_format=lambda v: money_short(v, lang),
            colors_by_name=option_colors(st),
        )
    )
    st.table(
        [st.t("col.option"), st.t("col.p10"), st.t("col.p50"), st.t("col.p90")],
        [(n, money(a, lang), money(b, lang), money(c, lang)) for n, a, b, c in named],
        [2.2, 1, 1, 1],
        align_right=[1, 2, 3],
    )
    st.p(st.t("cost.p_build_text", prob=percent(mc.p_own_beats_rent)))
    _own_minus_rent_histogram(st, mc)


def _own_minus_rent_histogram(st: Story, mc: MonteCarloResult) -> None:
    """How often owning minus renting lands where, with its P10/P50/P90."""
    lang = st.lang
    hist, pct = mc.own_minus_rent, mc.own_minus_rent_percentiles
    if hist is None or pct is None:
        return
    st.p(
        st.t(
            "cost.mc_histogram",
            p10=money(pct.p10, lang),
            p50=money(pct.p50, lang),
            p90=money(pct.p90, lang),
        )
    )
    st.chart(
        charts.histogram(
            hist.edges,
            hist.counts,
            style=charts.ChartStyle(st.s.font),
            width=st.width,
            x_format=lambda v: money_short(v, lang),
            markers=[("P10", pct.p10), ("P50", pct.p50), ("P90", pct.p90)],
            negative_label=st.t("cost.mc_own_cheaper"),
            positive_label=st.t("cost.mc_rent_cheaper"),
        )
    )


def _mc_rows(ev: Evaluation) -> list[tuple[str, float, float, float]]:
    """(option id, P10, P50, P90) of total cost, cheapest median first."""
    mc = ev.monte_carlo
    if mc is None:
        return []
    rows = [(str(k), v.p10, v.p50, v.p90) for k, v in mc.percentiles.items()]
    return sorted(rows, key=lambda r: (r[2], r[0]))


def _own_minus_rent(ev: Evaluation) -> float | None:
    be = ev.cost.break_even
    if be.owned_option is None or be.rent_option is None:
        return None
    own, rent = option_by_id(ev, be.owned_option), option_by_id(ev, be.rent_option)
    if own is None or rent is None:
        return None
    return own.total_cny - rent.total_cny
