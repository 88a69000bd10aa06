"""Page 1, the decision: what to decide, what it costs, what could change it, who signs."""

from __future__ import annotations

import datetime as dt
import math
from typing import Final

from reportlab.platypus import Paragraph, Table, TableStyle

from gpu_advisor import words
from gpu_advisor.engine.api import PlanEvaluation, shown_warnings
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Language
from gpu_advisor.model.cost_results import OptionResult
from gpu_advisor.model.decisive_results import Decisive, DecisiveInput
from gpu_advisor.model.project import Decision, Project
from gpu_advisor.report.numbers import money_words, plain_number
from gpu_advisor.report.plan.document import Story, escape, mini_table
from gpu_advisor.report.plan.keywords import Signer
from gpu_advisor.report.plan.shared import option_by_id, option_name, region_name
from gpu_advisor.report.plan.signoff import signoff_rows
from gpu_advisor.report.text import money, percent, role_text, tr, unit_text
from gpu_advisor.words.money import in_reader_currency
from gpu_advisor.words.terms import text_or_empty


def decision_page(
    st: Story,
    project: Project,
    ev: PlanEvaluation,
    catalog: Catalog,
    signer: Signer | None,
) -> None:
    """Page 1: what to decide, what it costs, what could change it, who signs."""
    lang = st.lang
    cost = ev.cost
    s = st.s
    st.p(st.t("dec1.kicker"), s.kicker)
    st.p(project.meta.title, s.page_title)
    best = option_by_id(ev, cost.recommendation.option)
    if best is None or not best.feasible:
        st.p(st.t("dec1.none"), s.lead)
        return
    rec = cost.recommendation
    for limit in rec.limits:  # an incomplete plan says so in its first line
        st.p(escape(words.text(limit, lang)), s.lead)
    st.p(
        st.t(
            "dec1.recommend",
            option=option_name(st, best.id),
            months=cost.horizon_months,
            total=money_words(best.total_cny, lang),
        )
        if rec.complete
        else words.say(
            "work.cheapest_partial",
            lang,
            option=option_name(st, best.id),
            months=cost.horizon_months,
            total=money_words(best.total_cny, lang),
        ),
        s.lead,
    )
    if cost.budget_cap is not None:  # within the cap with its headroom, or over it
        st.p(escape(words.text(cost.budget_cap.message, lang)), s.compact)
    _facts(st, project, ev, catalog)
    scope = text_or_empty(best.includes, lang)
    if scope:
        sep = words.say("words.colon", lang)
        st.p(f"{st.t('dec1.includes')}{sep}{scope}", s.small)
    # the VAT basis every figure is on (issue #29): net or gross, in one line
    st.p(escape(text_or_empty(cost.currency.vat_note, lang)), s.small)
    _figures(st, ev, best)
    _decisive(st, ev)
    _risks(st, ev)
    _next_steps(st, project)
    _signoff(st, project, signer)


def _figures(st: Story, ev: PlanEvaluation, best: OptionResult) -> None:
    """Key figures (total, up-front, runner-up, gap) beside the spend per year."""
    lang = st.lang
    fin = ev.finance
    second = fin.runner_up
    figures: list[tuple[str, str]] = [
        (st.t("dec1.total"), money_words(best.total_cny, lang)),
        (st.t("dec1.upfront"), money_words(fin.upfront_cash_cny[best.id], lang)),
    ]
    serving = ev.cost.serving.option(best.id) if ev.cost.serving is not None else None
    if serving is not None:
        figures.append(
            (
                st.t("dec1.per_million"),
                st.t(
                    "dec1.per_million_value",
                    output=money(serving.cny_per_million_output_tokens, lang, 2),
                    input=money(serving.cny_per_million_input_tokens, lang, 2),
                ),
            )
        )
    if second is not None:
        figures.append(
            (
                st.t("dec1.runner_up"),
                option_name(st, second.id)
                + words.say("words.colon", lang)
                + money_words(second.total_cny, lang),
            )
        )
        figures.append(
            (st.t("dec1.gap"), money_words(second.total_cny - best.total_cny, lang))
        )
    else:
        figures.append((st.t("dec1.runner_up"), st.t("dec1.no_runner_up")))
    years = fin.spend_per_year_cny[best.id]
    year_rows = [
        (st.t("dec1.year_n", year=i + 1), money_words(v, lang))
        for i, v in enumerate(years)
    ]
    left = mini_table(
        st, [st.t("dec1.figures"), ""], figures, [1.2, 1.3], width=st.width * 0.58 - 10
    )
    right = mini_table(
        st, [st.t("dec1.per_year"), ""], year_rows, [0.8, 1], width=st.width * 0.42
    )
    pair = Table(
        [[left, right]],
        colWidths=[st.width * 0.58, st.width * 0.42],
        hAlign="LEFT",
    )
    pair.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (0, 0), 8),
                ("RIGHTPADDING", (1, 0), (1, 0), 0),
            ]
        )
    )
    st.items.append(pair)
    st.p(st.t("dec1.year_note"), st.s.small)


def _facts(st: Story, project: Project, ev: PlanEvaluation, catalog: Catalog) -> None:
    """Whether the total pays for the whole job, the top warning, the data residency."""
    lang = st.lang
    sep = words.say("words.colon", lang)
    work = ev.cost.work
    if ev.cost.recommendation.complete and work is not None:
        st.p(
            st.t(
                "page1.covers_all",
                sized=plain_number(work.sized_gpu_hours),
                priced=plain_number(work.priced_gpu_hours),
            ),
            st.s.compact,
        )
    top = shown_warnings(ev).top
    if top is not None:
        st.p(
            f"<b>{escape(st.t('page1.top_warning'), lang)}</b>{sep}"
            f"{escape(words.text(top, lang), lang)}",
            st.s.compact,
            markup=True,
        )
    residency = project.budget.data_residency
    st.p(
        f"<b>{escape(st.t('page1.residency'), lang)}</b>{sep}"
        + escape(
            st.t(
                f"page1.residency_is.{residency.value}",
                region=region_name(catalog, project, lang),
            ),
            lang,
        ),
        st.s.compact,
        markup=True,
    )


_SHARES: Final = frozenset(
    {
        "budget.yearly_price_factor",
        "budget.spot_price_factor",
        "budget.spot_capacity_share",
        "budget.residual_fraction",
        "budget.maintenance_fraction_per_year",
    }
)
"""Inputs that are shares, printed as percentages."""


def figure(
    item: DecisiveInput, value: float, lang: Language, *, bare: bool = False
) -> str:
    """One value of a decisive input, with its unit (``bare``: without), to
    three figures.

    >>> from gpu_advisor.model.decisive_results import Decisive, DecisiveInput
    >>> i = DecisiveInput(input="budget.residual_fraction", value=0.1,
    ...     low_value=0.05, high_value=0.25, swing_cny=1.0)
    >>> figure(i, 0.0992188, Language.EN)
    '9.92 %'
    >>> j = i.model_copy(update={"input": "budget.gpu_price_cny", "unit": "CNY/GPU"})
    >>> figure(j, 88164.1, Language.ZH)
    '88,164 元/卡'
    """
    if item.input in _SHARES:
        return _three_figures(value * 100) + ("" if bare else " %")
    value, shown_unit = in_reader_currency(value, item.unit)
    unit = unit_text(shown_unit, lang, value) if item.unit not in {"×", ""} else ""
    if bare:
        return _three_figures(value)
    return f"{_three_figures(value)}{' ' if unit else ''}{unit}"


def _three_figures(value: float) -> str:
    """Three significant figures, grouped, no exponent.

    >>> _three_figures(7.73493), _three_figures(0.757812), _three_figures(402344.0)
    ('7.73', '0.758', '402,344')
    """
    if value == 0 or not math.isfinite(value):
        return plain_number(value)
    decimals = max(0, 2 - math.floor(math.log10(abs(value))))
    text = f"{value:,.{decimals}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def decisive_rows(
    decisive: Decisive | None, lang: Language
) -> list[tuple[str, str, str, str]]:
    """Each decisive input as page 1, the review step and the CLI print it:
    its name, its value as planned, the range tested, and what the decision
    flips to where (or that it does not flip within the range)."""
    rows = []
    for item in [] if decisive is None else decisive.inputs:
        span = figure(item, item.low_value, lang, bare=True) + " – "
        span += figure(item, item.high_value, lang)
        if item.flip_value is None or item.flips_to is None:
            flip = tr("page1.no_flip", lang)
        else:
            flip = tr(
                f"page1.flip_{item.flip_side}",
                lang,
                option=tr(f"opt.{item.flips_to.value}", lang),
                value=figure(item, item.flip_value, lang),
            )
        rows.append(
            (
                tr(f"input_name.{item.input}", lang),
                figure(item, item.value, lang),
                span,
                flip,
            )
        )
    return rows


def _decisive(st: Story, ev: PlanEvaluation) -> None:
    """The inputs that move the gap to the runner-up most, and where the decision flips."""
    st.p(st.t("page1.sensitive"), st.s.h3)
    rows = decisive_rows(ev.decisive, st.lang)
    if not rows:
        st.p(st.t("page1.none_decisive"), st.s.compact)
        return
    st.items.append(
        mini_table(
            st,
            [
                st.t("page1.col_input"),
                st.t("page1.col_planned"),
                st.t("page1.col_range"),
                st.t("page1.col_flip"),
            ],
            rows,
            [1.3, 0.85, 1.15, 1.4],
        )
    )
    st.p(st.t("page1.sensitive_note"), st.s.small)


def _risks(st: Story, ev: PlanEvaluation) -> None:
    """Four risks every plan carries, the utilisation one with its break-even
    (the data residency is one of the plan's facts above)."""
    st.p(st.t("dec1.risks"), st.s.h3)
    utilisation = ev.cost.break_even.utilization
    risks = [
        st.t("dec1.risk_price"),
        st.t("dec1.risk_util_be", share=percent(utilisation))
        if utilisation is not None
        else st.t("dec1.risk_util"),
        st.t("dec1.risk_vendor"),
        st.t("dec1.risk_delivery"),
    ]
    for text in risks:
        st.items.append(
            Paragraph(escape(text, st.lang), st.s.compact_bullet, bulletText="•")
        )


_NEXT_STEPS: Final = (
    ("dec1.step_review", "Finance", 7),
    ("dec1.step_quotes", "Engineering lead", 21),
    ("dec1.step_approve", "Management", 30),
)
"""(text key, sign-off role who owns it, days after the plan date) of each next step."""


def _due(plan_date: dt.date, days: int) -> str:
    """The due date ``days`` after the plan date; past the calendar's end
    (a plan dated 9999-12-31) the last day there is.

    >>> _due(dt.date(2026, 12, 1), 7), _due(dt.date.max, 30)
    ('2026-12-08', '9999-12-31')
    """
    if plan_date > dt.date.max - dt.timedelta(days=days):
        return dt.date.max.isoformat()
    return (plan_date + dt.timedelta(days=days)).isoformat()


def _next_steps(st: Story, project: Project) -> None:
    """The next steps, their owners and due dates."""
    st.p(st.t("dec1.next"), st.s.h3)
    st.items.append(
        mini_table(
            st,
            [st.t("dec1.col_step"), st.t("dec1.col_owner"), st.t("dec1.col_due")],
            [
                (
                    st.t(key),
                    _owner(project, role, st.lang),
                    _due(project.meta.plan_date, offset),
                )
                for key, role, offset in _NEXT_STEPS
            ],
            [2.2, 1.2, 0.7],
        )
    )


def _signoff(st: Story, project: Project, signer: Signer | None) -> None:
    """The plan's status, who signed it in the app, and the sign-off rows."""
    lang = st.lang
    st.p(st.t("dec1.signoff"), st.s.h3)
    status = st.t(f"status.{project.meta.status.value}")
    signed = (
        st.t(
            "dec1.signed_by",
            name=signer.name,
            role=role_text(signer.role, lang),
            date=signer.date.isoformat(),
        )
        if signer is not None
        else st.t("signing.unsigned_copy")
        if any(row.decision is not Decision.PENDING for row in project.signoff)
        else st.t("dec1.not_signed")
    )
    gap = words.say("words.sentence_gap", lang)
    st.p(f"{st.t('dec1.status', status=status)}{gap}{signed}", st.s.compact)
    st.items.append(
        mini_table(
            st,
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
            signoff_rows(project, lang, signer),
            [1.2, 1.1, 1.0, 0.9, 1.6],
        )
    )


def _owner(project: Project, role: str, lang: Language) -> str:
    for row in project.signoff:
        if row.role.strip().lower() == role.lower() and row.name:
            return row.name + words.say("words.aside", lang, x=role_text(role, lang))
    return role_text(role, lang)
