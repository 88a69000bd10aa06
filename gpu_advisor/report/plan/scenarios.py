"""The scenario page: the base plan and the scenarios ticked for the report, side by side."""

from __future__ import annotations

from gpu_advisor import words
from gpu_advisor.engine import api
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.project import Project
from gpu_advisor.model.scenario_results import SCENARIO_MEASURES
from gpu_advisor.report import charts
from gpu_advisor.report.formulas import catalog_names
from gpu_advisor.report.numbers import money_words
from gpu_advisor.report.plan.document import Story
from gpu_advisor.report.plan.shared import gpu_name, option_name
from gpu_advisor.report.scenario_text import changes_text
from gpu_advisor.report.text import counted, days, money, money_short, percent


def scenarios_section(st: Story, project: Project, catalog: Catalog) -> None:
    """One page: the base plan and the scenarios ticked for the report, side by side."""
    if not any(s.in_report for s in project.scenarios):
        return
    runs = api.evaluate_scenarios(project, catalog)
    assert runs.comparison is not None
    columns = [c for c in runs.comparison.columns if c.is_base or c.in_report]
    lang = st.lang
    st.h1("scenarios")
    st.p(st.t("scen.intro", draws=api.SCENARIO_MONTE_CARLO_DRAWS))
    names = [st.t("scen.base") if c.is_base else c.name for c in columns]

    def shown(value: float | None, unit: str) -> str:
        if value is None:
            return "—"
        if unit == "1":
            return percent(value)
        if unit == "days":
            return days(value, lang)
        return money_words(value, lang) if unit == "CNY" else money(value, lang, 2)

    rows: list[list[object]] = [
        [
            st.t("scen.cards"),
            *(f"{gpu_name(catalog, c.gpu_id)} × {c.gpus}" for c in columns),
        ],
        [
            st.t("scen.horizon"),
            *(
                st.t("scen.months", months=counted(c.horizon_months, "month", lang))
                for c in columns
            ),
        ],
        [
            st.t("scen.changes"),
            *(changes_text(c, lang.value, catalog_names(catalog)) for c in columns),
        ],
    ]
    for field, label, unit in SCENARIO_MEASURES:
        rows.append(
            [
                words.text(label, lang),
                *(shown(getattr(c, field), unit) for c in columns),
            ]
        )
    rows.append(
        [
            st.t("scen.recommendation"),
            *(
                option_name(st, c.recommendation.value) if c.recommendation else "—"
                for c in columns
            ),
        ]
    )
    st.table(
        [st.t("scen.measure"), *names],
        rows,
        [1.3, *([1.0] * len(columns))],
        align_right=list(range(1, len(columns) + 1)),
    )
    st.h2(st.t("scen.chart_total"))
    st.chart(
        charts.grouped_bars(
            names,
            [(st.t("scen.chart_total"), [c.total_cny or 0.0 for c in columns])],
            style=charts.ChartStyle(st.s.font),
            width=st.width,
            height=170,
            y_format=lambda v: money_short(v, lang),
        )
    )
    st.page_break()
