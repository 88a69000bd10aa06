"""The serving section: the replica chosen, the cards the traffic needs, the price per million tokens.

Rendered only when the plan serves its model from a stated traffic
(``SizingResult.serving`` and ``CostResult.serving``): what one replica
serves at the latency targets, the replicas through the day, the serving
months in the plan, and every option's serving cost per million tokens.
"""

from __future__ import annotations

from gpu_advisor import words
from gpu_advisor.engine.api import PlanEvaluation
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.cost_results import ServingCost
from gpu_advisor.model.project import Project
from gpu_advisor.model.serving import Serving
from gpu_advisor.model.serving_plan import ServingPlan
from gpu_advisor.report import charts
from gpu_advisor.report.plan.document import Story
from gpu_advisor.report.plan.shared import option_name
from gpu_advisor.report.text import count, money, tokens


def serving_section(
    st: Story, project: Project, evaluation: PlanEvaluation, catalog: Catalog
) -> bool:
    """The serving section, when the plan serves from a stated traffic (True: added)."""
    plan = evaluation.sizing.serving
    cost = evaluation.cost.serving
    serving = project.workload.serving
    if plan is None or cost is None or serving is None:
        return False
    st.h1("serving")
    _setup(st, serving, plan, catalog)
    _replica_table(st, plan, cost)
    st.h2(st.t("serve.chart_day"))
    st.chart(
        charts.grouped_bars(
            [f"{h:02d}" for h in range(24)],
            [(st.t("serve.replicas"), [float(n) for n in plan.hourly_replicas])],
            style=charts.ChartStyle(st.s.font),
            width=st.width,
            height=160,
            y_format=lambda v: f"{v:,.0f}",
            label_every=3,
            x_label=st.t("serve.hour"),
        )
    )
    _per_million(st, evaluation, cost)
    _hosted(st, evaluation, catalog)
    return True


def _setup(st: Story, serving: Serving, plan: ServingPlan, catalog: Catalog) -> None:
    """What is served on what, and the latency targets."""
    gpu = next((g.name for g in catalog.gpus if g.id == plan.gpu_id), plan.gpu_id)
    st.p(
        st.t(
            "serve.intro",
            engine=st.t(f"serve.engine_{serving.engine.value}"),
            gpus=plan.per_replica.gpus,
            gpu=gpu,
            weights=(
                plan.per_replica.weight_precision or serving.weight_precision
            ).value.upper(),
            prompt=count(serving.prompt_tokens),
            output=count(serving.output_tokens),
        )
    )
    targets = serving.targets
    st.p(
        st.t("serve.targets_offline")
        if not targets.applies
        else st.t(
            "serve.targets",
            ttft=count(targets.ttft_ms or 0.0),
            tpot=count(targets.tpot_ms or 0.0),
        )
    )


def _replica_table(st: Story, plan: ServingPlan, cost: ServingCost) -> None:
    """One replica at the targets, where the figures come from, the cards and tokens."""
    r, lang = plan.per_replica, st.lang
    source = (
        st.t("serve.measured", vendor=plan.measured.vendor, file=plan.measured.file)
        if plan.measured is not None
        else st.t("serve.estimated")
    )
    tokens_value = st.t(
        "serve.tokens_value",
        input=tokens(cost.input_tokens, lang),
        output=tokens(cost.output_tokens, lang),
    )
    peak_first = st.t(
        "serve.peak_value", replicas=plan.peak_replicas, gpus=plan.peak_gpus
    )
    st.table(
        [st.t("serve.measure"), st.t("serve.value")],
        [
            [st.t("serve.source"), source],
            [st.t("serve.rps"), f"{r.requests_per_s:,.2f}"],
            [st.t("serve.tps"), count(r.output_tokens_per_s)],
            [st.t("serve.ttft"), count(r.ttft_ms)],
            [st.t("serve.tpot"), f"{r.tpot_ms:,.1f}"],
            [st.t("serve.in_flight"), count(r.concurrency)],
            [st.t("serve.peak_first"), peak_first],
            [st.t("serve.peak"), st.t("serve.peak_cards", gpus=cost.peak_gpus)],
            [st.t("serve.start"), st.t("serve.start_value", month=cost.start_month)],
            [st.t("serve.hours"), count(cost.gpu_hours)],
            [st.t("serve.tokens"), tokens_value],
        ],
        [1.6, 1.0],
        align_right=[1],
    )


def _per_million(st: Story, evaluation: PlanEvaluation, cost: ServingCost) -> None:
    """Each option's serving cost and its price per million input and output tokens."""
    lang = st.lang
    st.h2(st.t("serve.per_million"))
    st.p(st.t("serve.per_million_intro", share=round(cost.prefill_share * 100)))
    feasible = {o.id: o.feasible for o in evaluation.cost.options}
    rows = [
        [
            option_name(st, o.id.value)
            + ("" if feasible.get(o.id, True) else " " + st.t("serve.not_feasible")),
            money(o.serving_cny, lang),
            money(o.cny_per_million_input_tokens, lang, 2),
            money(o.cny_per_million_output_tokens, lang, 2),
        ]
        for o in cost.options
    ]
    st.table(
        [st.t("serve.option"), st.t("serve.cost"), st.t("serve.in_price"),
         st.t("serve.out_price")],
        rows,
        [1.4, 1.0, 1.0, 1.0],
        align_right=[1, 2, 3],
    )  # fmt: skip


def _hosted(st: Story, evaluation: PlanEvaluation, catalog: Catalog) -> None:
    """The same tokens at the hosted APIs that serve the plan's model."""
    cost = evaluation.cost.serving
    assert cost is not None
    lang = st.lang
    st.h2(st.t("serve.hosted"))
    if not cost.hosted:
        if cost.hosted_none is not None:
            st.p(words.text(cost.hosted_none, lang))
        return
    st.p(st.t("serve.hosted_intro"))
    entries = {e.id: e for e in catalog.hosted_apis}
    rows = []
    for q in cost.hosted:
        e = entries[q.id]
        provider = words.say(f"hosted.provider.{e.provider_key}", lang)
        read = e.provenance.as_of.isoformat()
        rows.append(
            [
                f"{provider} · {e.name} ({read})",
                money(q.cny_per_million_input_tokens, lang, 2),
                money(q.cny_per_million_output_tokens, lang, 2),
                money(q.total_cny, lang),
                st.t("serve.usable")
                if q.reason is None
                else words.say(q.reason.code.replace(".reason.", ".reason_clause."), lang,
                               **q.reason.params),
            ]
        )  # fmt: skip
    st.table(
        [st.t("serve.api"), st.t("serve.in_price"), st.t("serve.out_price"),
         st.t("serve.cost"), st.t("serve.may_use")],
        rows,
        [1.6, 0.8, 0.8, 0.9, 1.5],
        align_right=[1, 2, 3],
    )  # fmt: skip
