"""Section 2, sizing: the workload's inputs, memory per card, compute, cluster and network."""

from __future__ import annotations

import math

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, Paragraph

from gpu_advisor import words
from gpu_advisor.engine import api
from gpu_advisor.engine.api import (
    CALIBRATION_RUNS,
    CALIBRATION_RUNS_INSIDE,
    WarningSource,
    shown_warnings,
)
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import Project
from gpu_advisor.report import charts
from gpu_advisor.report.glossary import cite_articles, value_text
from gpu_advisor.report.palette import MEMORY_PART_COLORS
from gpu_advisor.report.plan.document import Story, escape
from gpu_advisor.report.plan.shared import gpu_name, option_name
from gpu_advisor.report.text import count as fmt_count
from gpu_advisor.report.text import (
    counted,
    days,
    flops,
    gib,
    gpu_hours,
    gpu_hours_band,
    money,
    params,
    percent,
    tokens,
)


def sizing_section(
    st: Story, project: Project, ev: Evaluation, catalog: Catalog
) -> None:
    """Section 2: inputs, memory per card, compute and cluster, network, warnings."""
    st.h1("sizing")
    _inputs(st, project, ev, catalog)
    _memory(st, project, ev)
    _candidates(st, ev, catalog)
    _candidate_costs(st, project, ev, catalog)
    _compute(st, project, ev)
    _network(st, ev, catalog)
    sizing_warnings(st, ev)


def sizing_warnings(st: Story, ev: Evaluation) -> None:
    """The sizing's part of the plan's one warning list (``shown_warnings``)."""
    st.h2(st.t("siz.warnings"))
    warns = shown_warnings(ev).of(WarningSource.SIZING)
    if warns:
        st.bullets([words.text(a, st.lang) for a in warns])
    else:
        st.p(st.t("siz.no_warnings"))


def _inputs(st: Story, project: Project, ev: Evaluation, catalog: Catalog) -> None:
    """The workload as sized: task, model, tokens, batch, precision, parallelism."""
    sz = ev.sizing
    w = project.workload
    lang = st.lang
    st.h2(st.t("siz.inputs"))
    auto = st.t("in.auto")
    cluster = sz.cluster
    parallel = f"ZeRO-{w.zero_stage}, TP {w.tp}, PP {w.pp}, DP {w.dp or cluster.dp}"
    if cluster.context_parallel > 1:
        parallel += f", CP {cluster.context_parallel}"
    if cluster.expert_parallel > 1:
        parallel += f", EP {cluster.expert_parallel}"
        if cluster.expert_tensor_parallel != w.tp:
            parallel += f", ETP {cluster.expert_tensor_parallel}"
    if w.sequence_parallel:
        parallel += ", SP"
    deadline = days(w.deadline_days, lang) if w.deadline_days else "—"
    rows = [
        (st.t("in.task"), st.t(f"task.{w.task.value}")),
        (st.t("in.model"), sz.shape.name or (sz.shape.model_id or "custom")),
        (
            st.t("in.params"),
            f"{params(sz.shape.params_total, lang)} / {params(sz.shape.params_active, lang)}",
        ),
        (st.t("in.tokens"), tokens(sz.compute.tokens, lang)),
        (st.t("in.seq_len"), fmt_count(w.seq_len)),
        (st.t("in.batch"), f"{w.micro_batch} / {w.global_batch or auto}"),
        (
            st.t("in.precision"),
            f"{value_text(w.precision.value, lang)} / "
            f"{value_text(w.optimizer.value, lang)}",
        ),
        (st.t("in.parallel"), parallel),
        (st.t("in.recompute"), st.t(f"recompute.{w.recompute.value}")),
        (st.t("in.gpu"), gpu_name(catalog, sz.gpu_id or w.gpu_id)),
        (st.t("in.deadline"), deadline),
    ]
    st.table([st.t("kn.item"), st.t("kn.value")], rows, [1, 1.6])


def _memory(st: Story, project: Project, ev: Evaluation) -> None:
    """Memory per card by part for each candidate GPU, against its capacity."""
    sz = ev.sizing
    st.h2(st.t("siz.memory"))
    st.p(st.t("siz.memory_intro"))
    cands = sz.candidates or []
    names = [c.gpu_id for c in cands] or [sz.gpu_id or project.workload.gpu_id]
    mems = [c.memory for c in cands] or [sz.memory]
    parts = [
        part
        for part in MEMORY_PART_COLORS
        if any(getattr(m.per_gpu, f"{part}_bytes") > 0 for m in mems)
    ]
    series = [
        (
            st.t(f"mem.{part}"),
            [getattr(m.per_gpu, f"{part}_bytes") / 2**30 for m in mems],
        )
        for part in parts
    ]
    st.chart(
        charts.stacked_bars(
            names,
            series,
            style=charts.ChartStyle(st.s.font),
            width=st.width,
            height=190,
            y_format=lambda v: f"{v:g} GiB",
            markers=[m.capacity_bytes / 2**30 for m in mems],
            marker_label=st.t("mem.capacity"),
            series_colors=[colors.HexColor(MEMORY_PART_COLORS[part]) for part in parts],
        )
    )
    st.p(
        st.t(
            "siz.rule_of_thumb",
            rule=gib(sz.memory.rule_of_thumb_bytes),
            bpp=f"{sz.memory.bytes_per_param_model_state:g}",
            exact=gib(sz.memory.unsharded_model_state_bytes),
        )
    )


def _candidates(st: Story, ev: Evaluation, catalog: Catalog) -> None:
    """Each candidate GPU: memory, fit, cards, GPU-hours with their band, days."""
    cands = ev.sizing.candidates or []
    lang = st.lang
    if not cands:
        return
    st.h2(st.t("siz.candidates"))
    crow = [
        (
            gpu_name(catalog, c.gpu_id),
            gib(c.memory.per_gpu.total_bytes),
            gib(c.memory.capacity_bytes),
            st.t("yes") if c.memory.fits else st.t("no"),
            fmt_count(c.min_gpus) if c.min_gpus is not None else "—",
            gpu_hours(c.gpu_hours, lang),
            gpu_hours_band(c.gpu_hours_p10, c.gpu_hours_p90, lang)
            if c.gpu_hours_p10 is not None
            and c.gpu_hours_p90 is not None
            and c.gpu_hours_p90 > c.gpu_hours_p10
            else "—",
            days(c.days, lang),
        )
        for c in cands
    ]
    st.table(
        [
            st.t(k)
            for k in (
                "col.gpu",
                "col.memory",
                "col.capacity",
                "col.fits",
                "col.min_gpus",
                "col.gpu_hours",
                "col.hours_band",
                "col.days",
            )
        ],
        crow,
        [1.4, 0.9, 0.9, 0.6, 0.7, 1.1, 1.4, 0.8],
        align_right=[1, 2, 4, 5, 6, 7],
    )


def _candidate_costs(
    st: Story, project: Project, ev: Evaluation, catalog: Catalog
) -> None:
    """Each candidate GPU at cost, as the workload step shows it: a candidate
    that cannot run the job is greyed, says why, and shows no total to
    compare; the cheapest that can run is named."""
    rows = api.as_plan_evaluation(ev, project, catalog).candidate_costs
    if len(rows) < 2:
        return
    lang = st.lang
    grey = ParagraphStyle("cell_out", parent=st.s.cell, textColor=st.s.small.textColor)
    grey_right = ParagraphStyle("cell_out_r", parent=grey, alignment=2)
    right = (1, 3)
    table: list[list[object]] = []
    for row in rows:
        if row.reason is not None:
            status = words.text(row.reason, lang)
        else:
            status = words.say(
                "candidate.runs_cheapest" if row.cheapest else "candidate.runs", lang
            )
        total = (
            money(row.cheapest_total_cny, lang)
            if row.feasible and row.cheapest_total_cny is not None
            else "—"
        )
        option = (
            option_name(st, str(row.cheapest_option))
            if row.feasible and row.cheapest_option is not None
            else "—"
        )
        cells = [gpu_name(catalog, row.gpu_id), fmt_count(row.gpus), option, total]
        table.append(
            [*cells, status]
            if row.feasible
            else [
                st.cell(c, grey_right if i in right else grey)
                for i, c in enumerate([*cells, status])
            ]
        )
    st.h2(words.say("candidate.heading", lang))
    st.table(
        [
            words.say(f"candidate.{k}", lang)
            for k in ("col_gpu", "col_cards", "col_option", "col_total", "col_status")
        ],
        table,
        [1.4, 0.6, 1.4, 1.1, 2.8],
        align_right=right,
    )
    if not all(r.feasible for r in rows):
        st.p(words.say("candidate.greyed_note", lang))


def _compute(st: Story, project: Project, ev: Evaluation) -> None:
    """Training FLOPs, MFU and GPU-hours with their band; cards, days, deadline."""
    sz = ev.sizing
    lang = st.lang
    st.h2(st.t("siz.compute"))
    comp, cl = sz.compute, sz.cluster
    marker = "\x00flops\x00"  # the exponent is markup: escape the sentence around it
    sentence = st.t(
        "siz.compute_text",
        flops=marker,
        mfu=percent(comp.mfu),
        hours=gpu_hours(comp.gpu_hours, lang),
        factor=f"×{comp.redundancy_factor:g}",
        hours_red=gpu_hours(comp.gpu_hours_with_redundancy, lang),
    )
    st.p(
        escape(cite_articles(sentence, lang), lang).replace(
            marker, flops(comp.train_flops)
        ),
        markup=True,
    )
    _hours_range(st, ev)
    if cl.min_gpus is not None:
        st.p(
            st.t(
                "siz.cluster_text",
                min_gpus=counted(cl.min_gpus, "card", lang),
                gpus=counted(cl.gpus, "card", lang),
                nodes=counted(cl.nodes, "server", lang),
                days=days(cl.days, lang),
                eff=percent(cl.scaling_efficiency),
            )
        )
    else:
        st.p(st.t("kn.no_fit"))
    if project.workload.deadline_days:
        if cl.gpus_for_deadline is not None:
            st.p(
                st.t(
                    "siz.deadline_text",
                    gpus=counted(cl.gpus_for_deadline, "card", lang),
                )
            )
        else:
            st.p(st.t("siz.deadline_impossible"))
    _days_curve(st, ev)


def _hours_range(st: Story, ev: Evaluation) -> None:
    """The GPU-hours' P10-P90 band and the published runs it was fitted to."""
    comp = ev.sizing.compute
    lang = st.lang
    low, high = comp.gpu_hours_p10, comp.gpu_hours_p90
    low_red = comp.gpu_hours_with_redundancy_p10
    high_red = comp.gpu_hours_with_redundancy_p90
    if (
        low is not None
        and high is not None
        and high > low
        and low_red is not None
        and high_red is not None
    ):
        st.p(
            st.t(
                "siz.hours_range",
                low=gpu_hours(low, lang),
                high=gpu_hours(high, lang),
                factor=f"×{comp.redundancy_factor:g}",
                low_red=gpu_hours(low_red, lang),
                high_red=gpu_hours(high_red, lang),
                inside=fmt_count(CALIBRATION_RUNS_INSIDE),
                runs=fmt_count(CALIBRATION_RUNS),
            )
        )


def _days_curve(st: Story, ev: Evaluation) -> None:
    """Days of training against cards (log scale), when there are two points or more."""
    cl = ev.sizing.cluster
    if len(cl.days_curve) < 2:
        return
    pts = [(math.log2(p.gpus), p.days) for p in cl.days_curve]
    ticks = sorted({x for x, _ in pts})
    step = max(1, math.ceil(len(ticks) / 10))
    st.items.append(
        KeepTogether(
            [
                Paragraph(escape(st.t("siz.days_curve"), st.lang), st.s.small),
                charts.line_chart(
                    [(st.t("axis.days"), pts)],
                    style=charts.ChartStyle(st.s.font),
                    width=st.width,
                    height=170,
                    y_format=lambda v: f"{v:g}",
                    x_format=lambda v: fmt_count(round(2**v)),
                    x_ticks=ticks[::step],
                    x_label=st.t("axis.gpus"),
                    points=True,
                ),
            ]
        )
    )


def _network(st: Story, ev: Evaluation, catalog: Catalog) -> None:
    """The network the cluster needs and what checkpoints ask of storage."""
    sz = ev.sizing
    cl = sz.cluster
    st.h2(st.t("siz.network"))
    try:
        network_id = catalog.network(cl.network_needed_id or cl.network_id).id
        network = words.say(f"sizing.network_name.{network_id}", st.lang)
    except KeyError:
        network = cl.network_needed_id or cl.network_id
    store = sz.storage
    st.p(
        st.t(
            "siz.network_text",
            network=network,
            ckpt=gib(store.checkpoint_bytes),
            target=f"{store.checkpoint_write_target_s:g}",
            write=f"{store.checkpoint_write_gb_per_s:,.1f} GB/s",
            fraction=percent(store.network_budget_fraction),
        )
    )
