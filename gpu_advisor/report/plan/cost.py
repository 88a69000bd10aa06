"""Section 3, cost: the options, cumulative cost, cash flow, break-even, tornado, Monte Carlo
and the recommendation."""

from __future__ import annotations

import math
from collections.abc import Sequence

from gpu_advisor.engine.api import GPU_HOURS_BAND_KEY
from gpu_advisor.model.common import Language
from gpu_advisor.model.cost_results import OptionResult
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import Project
from gpu_advisor.report import charts
from gpu_advisor.report.plan.document import Story
from gpu_advisor.report.plan.shared import (
    advice_sorted,
    breakdown_name,
    cost_warnings,
    fmt_value,
    option_by_id,
    option_colors,
    option_name,
    per_hour,
    recommend_sentence,
)
from gpu_advisor.report.text import count as fmt_count
from gpu_advisor.report.text import (
    counted,
    gpu_hours,
    money,
    money_short,
    percent,
    unit_text,
)


def _mc_rows(ev: Evaluation) -> list[tuple[str, float, float, float]]:
    """(option id, P10, P50, P90) of total cost, cheapest median first."""
    mc = ev.monte_carlo
    if mc is None:
        return []
    rows = [(str(k), v.p10, v.p50, v.p90) for k, v in mc.percentiles.items()]
    return sorted(rows, key=lambda r: (r[2], r[0]))


def cost_section(st: Story, project: Project, ev: Evaluation) -> None:
    cost = ev.cost
    lang = st.lang
    style = charts.ChartStyle(st.s.font)
    st.h1("cost")
    st.h2(st.t("cost.options"))
    vat_note = (
        cost.currency.vat_note_zh if lang is Language.ZH else cost.currency.vat_note_en
    )
    vat = vat_note.strip().rstrip("。.") or st.t(
        "cost.vat_in" if project.meta.prices_include_vat else "cost.vat_ex"
    )
    st.p(st.t("cost.options_intro", months=project.meta.horizon_months, vat=vat))
    rec_id = str(cost.recommendation.option)
    feasible = sorted(
        (o for o in cost.options if o.feasible),
        key=lambda o: (round(o.total_cny, 2), str(o.id) != rec_id, o.id.value),
    )
    infeasible = [o for o in cost.options if not o.feasible]
    rows: list[tuple[object, ...]] = []
    for rank, o in enumerate(feasible, 1):
        name = option_name(st, str(o.id))
        if str(o.id) == rec_id:
            name = "★ " + name
        rows.append(
            (
                str(rank),
                name,
                money(o.total_cny, lang),
                money(o.npv_cny, lang),
                per_hour(o, lang),
                money(o.monthly_cny[0] if o.monthly_cny else 0.0, lang),
            )
        )
    for o in infeasible:
        reason = o.reason_zh if lang is Language.ZH else o.reason_en
        rows.append(
            (
                "—",
                option_name(st, str(o.id)),
                reason or st.t("cost.infeasible"),
                "",
                "",
                "",
            )
        )
    st.table(
        [
            st.t(k)
            for k in (
                "col.rank",
                "col.option",
                "col.total",
                "col.npv",
                "col.per_hour",
                "col.first_month",
            )
        ],
        rows,
        [0.45, 2.3, 1.3, 1.3, 1.1, 1.2],
        align_right=[0, 2, 3, 4, 5],
    )
    scopes = [
        (o, o.includes_zh if lang is Language.ZH else o.includes_en)
        for o in cost.options
    ]
    if any(text for _o, text in scopes):
        st.p(st.t("cost.includes"))
        st.bullets(
            [
                f"{option_name(st, str(o.id))}{'：' if lang is Language.ZH else ': '}{text}"
                for o, text in scopes
                if text
            ]
        )
    best = option_by_id(ev, rec_id)
    if best is not None and best.breakdown:
        st.p(st.t("cost.breakdown", option=option_name(st, rec_id)))
        parts = sorted(best.breakdown.items(), key=lambda kv: (-kv[1], kv[0]))
        st.table(
            [st.t("col.item_line"), st.t("col.amount")],
            [
                (breakdown_name(st, k), money(v, lang))
                for k, v in parts
                if abs(v) >= 0.5
            ],
            [2, 1],
            align_right=[1],
            width_fraction=0.6,
        )

    st.h2(st.t("cost.cumulative"))
    st.p(st.t("cost.cumulative_intro"))
    months = max((len(o.cumulative_cny) for o in feasible), default=0)
    series = [
        (
            option_name(st, str(o.id)),
            [(float(i + 1), float(v)) for i, v in enumerate(o.cumulative_cny)],
        )
        for o in feasible
    ]
    st.chart(
        charts.line_chart(
            series,
            style=style,
            width=st.width,
            height=230,
            y_format=lambda v: money_short(v, lang),
            x_ticks=_month_ticks(months),
            x_label=st.t("axis.month"),
            colors_by_name=option_colors(st),
        )
    )

    st.h2(st.t("cost.cash_flow"))
    st.p(st.t("cost.cash_flow_intro"))
    chosen = _cash_flow_options(feasible, rec_id, cost.break_even.owned_option)
    st.chart(
        charts.grouped_bars(
            [str(i + 1) for i in range(months)],
            [(option_name(st, str(o.id)), list(o.monthly_cny)) for o in chosen],
            style=style,
            width=st.width,
            height=190,
            y_format=lambda v: money_short(v, lang),
            label_every=max(1, math.ceil(months / 12)),
            x_label=st.t("axis.month"),
            colors_by_name=option_colors(st),
        )
    )

    st.h2(st.t("cost.break_even"))
    be = cost.break_even
    util = percent(be.utilization) if be.utilization is not None else "—"
    if be.owned_option is not None and be.rent_option is not None:
        st.p(
            st.t(
                "cost.break_even_pair",
                own=option_name(st, str(be.owned_option)),
                rent=option_name(st, str(be.rent_option)),
            )
        )
    if be.month is not None:
        st.p(
            st.t(
                "cost.break_even_text",
                util=util,
                month=st.t("kn.month_n", month=be.month),
            )
        )
    else:
        st.p(st.t("cost.break_even_never", util=util))
    rule = be.rule_six_months
    if rule is not None:
        st.p(
            st.t(
                "cost.six_month_rule",
                rent=money(rule.monthly_rent_cny, lang),
                own=money(rule.depreciation_plus_electricity_cny, lang),
                months=rule.plan_months,
                verdict=st.t("cost.rule_holds" if rule.holds else "cost.rule_fails"),
            )
        )

    if cost.tornado:
        st.h2(st.t("cost.tornado"))
        own_rent = _own_minus_rent(ev)
        st.p(st.t("cost.tornado_intro"))
        bars = sorted(cost.tornado, key=lambda b: (-b.swing_cny, b.input))[:10]
        tb = [
            (
                (b.label_zh if lang is Language.ZH else b.label_en) or b.input,
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
                style=style,
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
                    (b.label_zh if lang is Language.ZH else b.label_en) or b.input,
                    f"{fmt_value(b.low_value)} – {fmt_value(b.high_value)} "
                    f"{unit_text(b.unit, lang)}".strip(),
                    money(b.low_outcome_cny, lang),
                    money(b.high_outcome_cny, lang),
                    money(b.swing_cny, lang),
                )
                for b in bars
            ],
            [2.2, 1.5, 1.1, 1.1, 1.1],
            align_right=[2, 3, 4],
        )

    st.h2(st.t("cost.monte_carlo"))
    mc = ev.monte_carlo
    mc_rows = _mc_rows(ev)
    if mc is not None and mc_rows:
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
                style=style,
                width=st.width,
                x_format=lambda v: money_short(v, lang),
                colors_by_name=option_colors(st),
            )
        )
        st.table(
            [st.t("col.option"), st.t("col.p10"), st.t("col.p50"), st.t("col.p90")],
            [
                (n, money(a, lang), money(b, lang), money(c, lang))
                for n, a, b, c in named
            ],
            [2.2, 1, 1, 1],
            align_right=[1, 2, 3],
        )
        st.p(st.t("cost.p_build_text", prob=percent(mc.p_own_beats_rent)))
        hist, pct = mc.own_minus_rent, mc.own_minus_rent_percentiles
        if hist is not None and pct is not None:
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
                    style=style,
                    width=st.width,
                    x_format=lambda v: money_short(v, lang),
                    markers=[("P10", pct.p10), ("P50", pct.p50), ("P90", pct.p90)],
                    negative_label=st.t("cost.mc_own_cheaper"),
                    positive_label=st.t("cost.mc_rent_cheaper"),
                )
            )
    else:
        st.p(st.t("cost.mc_missing"))

    st.h2(st.t("cost.recommendation"))
    sentence = recommend_sentence(st, project, ev)
    st.p(sentence or st.t("sum.no_recommendation"))
    rec = cost.recommendation
    if rec.mix_detail is not None:
        md = rec.mix_detail
        st.p(
            st.t(
                "cost.mix_detail",
                baseline=option_name(st, str(md.baseline_kind)),
                peak=counted(max(md.baseline_gpus, default=0), "card", lang),
                burst=option_name(st, str(md.burst_kind)),
                reserved=gpu_hours(md.reserved_gpu_hours, lang),
                burst_hours=gpu_hours(md.burst_gpu_hours, lang),
            )
        )
    st.bullets([r.message(lang) for r in rec.reasons])
    warns = advice_sorted([*rec.warnings, *cost_warnings(ev)])
    if warns:
        st.h2(st.t("cost.warnings"))
        st.bullets([a.message(lang) for a in warns])


def _own_minus_rent(ev: Evaluation) -> float | None:
    be = ev.cost.break_even
    if be.owned_option is None or be.rent_option is None:
        return None
    own, rent = option_by_id(ev, be.owned_option), option_by_id(ev, be.rent_option)
    if own is None or rent is None:
        return None
    return own.total_cny - rent.total_cny


def _month_ticks(months: int) -> list[float]:
    if months <= 0:
        return [1.0]
    step = next(s for s in (1, 2, 3, 6, 12, 24) if months / s <= 12)
    return [1.0] + [float(m) for m in range(step, months + 1, step) if m > 1]


def _cash_flow_options(
    options: Sequence[OptionResult], rec_id: str, owned: object
) -> list[OptionResult]:
    """The recommendation, the owned option of the break-even, then the cheapest."""
    chosen = [o for o in options if str(o.id) == rec_id]
    chosen += [
        o
        for o in options
        if owned is not None and str(o.id) == str(owned) and o not in chosen
    ]
    for o in options:
        if len(chosen) >= 3:
            break
        if o not in chosen:
            chosen.append(o)
    return chosen
