"""Section 3, cost: the options, cumulative cost, cash flow, break-even and the recommendation.

The price uncertainty between break-even and recommendation (tornado, Monte
Carlo) is drawn by :mod:`gpu_advisor.report.plan.risk`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from gpu_advisor import words
from gpu_advisor.engine.api import WarningSource, ranking, shown_warnings
from gpu_advisor.model.cost_results import OptionResult
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import Project
from gpu_advisor.report import charts
from gpu_advisor.report.plan.document import Story
from gpu_advisor.report.plan.risk import monte_carlo_part, tornado_part
from gpu_advisor.report.plan.shared import (
    breakdown_name,
    option_by_id,
    option_colors,
    option_name,
    per_hour,
    recommend_sentence,
)
from gpu_advisor.report.text import counted, gpu_hours, money, money_short, percent
from gpu_advisor.words.money import currency_unit
from gpu_advisor.words.terms import rank_mark, text_or_empty


def cost_section(st: Story, project: Project, ev: Evaluation) -> None:
    """Section 3: the options, how their cost builds up, break-even, risk, the choice."""
    st.h1("cost")
    st.h2(st.t("cost.options"))
    feasible = _options_table(st, project, ev)
    _scopes_and_breakdown(st, ev)
    _cumulative(st, feasible)
    _cash_flow(st, ev, feasible)
    _break_even(st, ev)
    tornado_part(st, ev)
    monte_carlo_part(st, ev)
    _recommendation(st, project, ev)


def _options_table(st: Story, project: Project, ev: Evaluation) -> list[OptionResult]:
    """Every option in the engine's one ranking (``ranking``: the
    recommendation first, the others by total, an option that is the same as
    another folded under it without a rank, spot at risk and the infeasible
    options last, each with its mark).

    Returns the feasible options in that order.
    """
    cost = ev.cost
    lang = st.lang
    vat_note = text_or_empty(cost.currency.vat_note, lang)
    vat = vat_note.strip().rstrip("。.") or st.t(
        "cost.vat_in" if project.meta.prices_include_vat else "cost.vat_ex"
    )
    st.p(
        st.t(
            "cost.options_intro",
            months=project.meta.horizon_months,
            vat=vat,
            currency=currency_unit(st.lang),
        )
    )
    rows_ranked = ranking(cost)
    feasible = [row.option for row in rows_ranked if row.option.feasible]
    rows: list[tuple[object, ...]] = []
    for row in rows_ranked:
        o = row.option
        name = option_name(st, str(o.id))
        mark = rank_mark(o, lang)
        if row.rank == 1:
            name = "★ " + name
        if not o.feasible:
            reason = text_or_empty(o.reason, lang)
            rows.append(("—", name, reason or mark, "", "", ""))
            continue
        if mark:
            name = name + words.say("words.aside", lang, x=mark)
        rows.append(
            (
                "—" if row.rank is None else str(row.rank),
                name,
                money(o.total_cny, lang),
                money(o.npv_cny, lang),
                per_hour(o, lang),
                money(o.monthly_cny[0] if o.monthly_cny else 0.0, lang),
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
    return feasible


def _scopes_and_breakdown(st: Story, ev: Evaluation) -> None:
    """What each option's price includes; the recommended option's cost lines."""
    cost = ev.cost
    lang = st.lang
    rec_id = str(cost.recommendation.option)
    scopes = [(o, text_or_empty(o.includes, lang)) for o in cost.options]
    if any(text for _o, text in scopes):
        st.p(st.t("cost.includes"))
        st.bullets(
            [
                f"{option_name(st, str(o.id))}{words.say('words.colon', lang)}{text}"
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


def _months(feasible: Sequence[OptionResult]) -> int:
    """Months on the time axis: the longest cumulative cost among ``feasible``."""
    return max((len(o.cumulative_cny) for o in feasible), default=0)


def _cumulative(st: Story, feasible: Sequence[OptionResult]) -> None:
    """Cumulative cost of each feasible option, month by month."""
    lang = st.lang
    st.h2(st.t("cost.cumulative"))
    st.p(st.t("cost.cumulative_intro"))
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
            style=charts.ChartStyle(st.s.font),
            width=st.width,
            height=230,
            y_format=lambda v: money_short(v, lang),
            x_ticks=_month_ticks(_months(feasible)),
            x_label=st.t("axis.month"),
            colors_by_name=option_colors(st),
        )
    )


def _cash_flow(st: Story, ev: Evaluation, feasible: Sequence[OptionResult]) -> None:
    """Monthly cash flow of the recommendation and up to two alternatives."""
    cost = ev.cost
    lang = st.lang
    months = _months(feasible)
    st.h2(st.t("cost.cash_flow"))
    st.p(st.t("cost.cash_flow_intro"))
    rec_id = str(cost.recommendation.option)
    chosen = _cash_flow_options(feasible, rec_id, cost.break_even.owned_option)
    st.chart(
        charts.grouped_bars(
            [str(i + 1) for i in range(months)],
            [(option_name(st, str(o.id)), list(o.monthly_cny)) for o in chosen],
            style=charts.ChartStyle(st.s.font),
            width=st.width,
            height=190,
            y_format=lambda v: money_short(v, lang),
            label_every=max(1, math.ceil(months / 12)),
            x_label=st.t("axis.month"),
            colors_by_name=option_colors(st),
        )
    )


def _break_even(st: Story, ev: Evaluation) -> None:
    """Which pair break-even compares, at what utilisation and month; the six-month rule."""
    lang = st.lang
    st.h2(st.t("cost.break_even"))
    be = ev.cost.break_even
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


def _recommendation(st: Story, project: Project, ev: Evaluation) -> None:
    """The recommendation, the mix it reserves and bursts, its reasons and warnings."""
    lang = st.lang
    st.h2(st.t("cost.recommendation"))
    sentence = recommend_sentence(st, project, ev)
    st.p(sentence or st.t("sum.no_recommendation"))
    rec = ev.cost.recommendation
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
    st.bullets([words.text(r, lang) for r in rec.reasons])
    cost_warnings(st, ev)


def cost_warnings(st: Story, ev: Evaluation) -> None:
    """The cost's part of the plan's one warning list (``shown_warnings``): the
    recommendation's and the cost engine's warnings; nothing when there is none."""
    warns = shown_warnings(ev).of(WarningSource.COST)
    if warns:
        st.h2(st.t("cost.warnings"))
        st.bullets([words.text(a, st.lang) for a in warns])


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
