"""Page 2, the finance view: CAPEX and OPEX per year, depreciation, VAT and every option."""

from __future__ import annotations

from reportlab.platypus import Spacer

from gpu_advisor import words
from gpu_advisor.engine.api import PlanEvaluation, option_order
from gpu_advisor.model.cost_results import OptionResult
from gpu_advisor.model.project import Project
from gpu_advisor.report.numbers import money_words
from gpu_advisor.report.plan.document import Story, mini_table
from gpu_advisor.report.plan.shared import breakdown_name, option_by_id, option_name
from gpu_advisor.words.terms import text_or_empty


def finance_page(st: Story, project: Project, ev: PlanEvaluation) -> None:
    """Page 2: CAPEX/OPEX per year, depreciation, VAT and every option."""
    lang = st.lang
    cost = ev.cost
    s = st.s
    st.p(st.t("fin.title"), s.page_title)
    best = option_by_id(ev, cost.recommendation.option)
    if best is not None and best.feasible:
        st.p(
            st.t("fin.per_year")
            + words.say("words.colon", lang)
            + option_name(st, best.id),
            s.h3,
        )
        _per_year(st, ev, best)
        _depreciation(st, best)
    st.p(st.t("fin.vat"), s.h3)
    vat = text_or_empty(cost.currency.vat_note, lang)
    st.p(vat or "—", s.compact)
    _options(st, ev)
    st.items.append(Spacer(1, 8))
    st.p(st.t("fin.divider"), s.small)


def _per_year(st: Story, ev: PlanEvaluation, best: OptionResult) -> None:
    """The recommended option's CAPEX, OPEX and total for each year."""
    lang = st.lang
    rows = [
        (
            st.t("dec1.year_n", year=i + 1),
            money_words(capex, lang),
            money_words(opex, lang),
            money_words(capex + opex, lang),
        )
        for i, (capex, opex) in enumerate(ev.finance.capex_opex_per_year_cny[best.id])
    ]
    st.items.append(
        mini_table(
            st,
            [
                st.t("fin.col_year"),
                st.t("fin.col_capex"),
                st.t("fin.col_opex"),
                st.t("fin.col_total"),
            ],
            rows,
            [0.8, 1, 1, 1],
        )
    )


def _depreciation(st: Story, best: OptionResult) -> None:
    """The recommended option's depreciation lines (none: a sentence saying so)."""
    st.p(st.t("fin.depreciation"), st.s.h3)
    dep = [
        (breakdown_name(st, key), money_words(value, st.lang))
        for key, value in best.breakdown.items()
        if key.startswith("depreciation") and value
    ]
    if dep:
        st.items.append(
            mini_table(
                st,
                [st.t("kn.item"), st.t("kn.value")],
                dep,
                [1.4, 1],
                width=st.width * 0.6,
            )
        )
    else:
        st.p(st.t("fin.no_depreciation"), st.s.compact)


def _options(st: Story, ev: PlanEvaluation) -> None:
    """Every option: total, up-front cash, CAPEX, OPEX and NPV."""
    lang = st.lang
    st.p(st.t("fin.options"), st.s.h3)
    option_rows = []
    for o in option_order(ev.cost):
        option_rows.append(
            (
                option_name(st, o.id),
                money_words(o.total_cny, lang)
                if o.feasible
                else st.t("fin.infeasible"),
                money_words(ev.finance.upfront_cash_cny[o.id], lang),
                money_words(o.capex_cny, lang),
                money_words(o.opex_cny, lang),
                money_words(o.npv_cny, lang),
            )
        )
    st.items.append(
        mini_table(
            st,
            [
                st.t("col.option"),
                st.t("fin.col_total"),
                st.t("fin.col_upfront"),
                st.t("fin.col_capex"),
                st.t("fin.col_opex_only"),
                st.t("fin.col_npv"),
            ],
            option_rows,
            [1.6, 1, 1, 1, 1, 1],
        )
    )
