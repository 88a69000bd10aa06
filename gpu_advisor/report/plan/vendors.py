"""The vendors section: quotes, measured results judged against expectations, the scoring matrix."""

from __future__ import annotations

import math
from pathlib import PurePath
from typing import Any, Final

from reportlab.lib import colors
from reportlab.platypus import KeepTogether, Paragraph

from gpu_advisor import words
from gpu_advisor.engine.api import (
    Check,
    Criterion,
    MeasuredFigure,
    PlanEvaluation,
    VendorScore,
)
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project
from gpu_advisor.report import charts
from gpu_advisor.report.numbers import plain_number
from gpu_advisor.report.plan.document import Story, escape
from gpu_advisor.report.plan.shared import gpu_name
from gpu_advisor.report.text import counted, money, tr
from gpu_advisor.report.vendor_checks import check_name, measured_text, threshold_text

_VERDICT_COLOURS: Final = {
    "pass": colors.HexColor("#d8efd9"),
    "warn": colors.HexColor("#fdf0cf"),
    "fail": colors.HexColor("#f6d5d5"),
}


def vendors_section(
    st: Story, project: Project, ev: PlanEvaluation, catalog: Catalog
) -> None:
    """The vendors' quotes, their measured results as judged, and the scoring."""
    st.h1("vendors")
    if not project.vendors:
        st.p(st.t("ven.none"))
        return
    _quotes(st, project, catalog)
    _measured(st, project, ev)
    st.h2(st.t("ven.scoring"))
    _scoring(st, project, ev)


def _quotes(st: Story, project: Project, catalog: Catalog) -> None:
    """Each vendor's kind, GPU, prices, SLA, card replacement time and network."""
    lang = st.lang
    st.h2(st.t("ven.quotes"))
    rows = []
    for v in project.vendors:
        rows.append(
            (
                v.name,
                st.t(f"kind.{v.kind.value}"),
                gpu_name(catalog, v.gpu_id),
                st.t(
                    "unit.per_gpu_hour",
                    value=money(v.on_demand_cny_per_gpu_hour, lang, 2),
                )
                if v.on_demand_cny_per_gpu_hour is not None
                else "—",
                st.t(
                    "unit.per_gpu_month", value=money(v.monthly_cny_per_gpu_month, lang)
                )
                if v.monthly_cny_per_gpu_month is not None
                else "—",
                f"{v.sla_availability_pct:g}%"
                if v.sla_availability_pct is not None
                else "—",
                st.t("unit.hours", value=f"{v.card_replacement_hours:g}")
                if v.card_replacement_hours is not None
                else "—",
                st.t("unit.gbit", value=f"{v.intranet_gbit_per_s:g}")
                if v.intranet_gbit_per_s is not None
                else "—",
            )
        )
    st.table(
        [
            st.t(k)
            for k in (
                "col.vendor",
                "col.kind",
                "col.gpu",
                "col.hourly",
                "col.monthly",
                "col.sla",
                "col.replace",
                "col.intranet",
            )
        ],
        rows,
        [1.5, 0.9, 1.2, 1.1, 1.2, 0.8, 0.8, 0.8],
    )


def _measured(st: Story, project: Project, ev: PlanEvaluation) -> None:
    """The judged checks and the all_reduce bus bandwidth (none measured: a sentence)."""
    st.h2(st.t("ven.measured"))
    measured = [(v, m) for v in project.vendors for m in v.measurements]
    if not measured:
        st.p(st.t("ven.no_measured"))
        return
    _judged_checks(st, project, ev)
    _figures(st, project, ev)
    busbw = _busbw_series(project, st.lang)
    if busbw:
        st.items.append(
            KeepTogether(
                [
                    Paragraph(escape(st.t("ven.busbw"), st.lang), st.s.small),
                    charts.line_chart(
                        busbw,
                        style=charts.ChartStyle(st.s.font),
                        width=st.width,
                        height=180,
                        y_format=lambda v: f"{v:g}",
                        x_format=_size_label,
                        x_label=f"{st.t('axis.size')} — {st.t('axis.busbw')}",
                        points=True,
                    ),
                ]
            )
        )


BUSBW_METRIC = "all_reduce.out_of_place.busbw"
"""The measurement plotted against message size (see gpu_advisor.io.results_parsers)."""


def _judged_checks(st: Story, project: Project, ev: PlanEvaluation) -> None:
    """Per vendor and test: the verdict against the expected value.

    Warnings and failures are listed one by one (which node, which GPU);
    passing checks of the same test are folded into one row, so the table
    stays readable for eight GPUs on several nodes.
    """
    rows: list[tuple[str, ...]] = []
    extra: list[tuple[Any, ...]] = []

    def add(check: Check, vendor: str, where: str) -> None:
        verdict = check.verdict.value
        rows.append(
            (
                vendor,
                check_name(check.test, st.lang),
                where,
                measured_text(check, st.lang),
                threshold_text(check, st.lang),
                st.t(f"verdict.{verdict}"),
            )
        )
        colour = _VERDICT_COLOURS.get(verdict)
        if colour is not None:
            extra.append(("BACKGROUND", (5, len(rows)), (5, len(rows)), colour))

    for vendor in project.vendors:
        if not vendor.measurements:
            continue
        judged = ev.vendors.judgements.get(vendor.name)
        checks = judged.checks if judged is not None else []
        for test in dict.fromkeys(c.test for c in checks):
            group = [c for c in checks if c.test == test]
            passed = [c for c in group if c.verdict.value in ("pass", "info")]
            if len(passed) > 1:
                # The weakest passing figure stands for the group.
                weakest = min(passed, key=lambda c: c.ratio if c.ratio else 1.0)
                add(weakest, vendor.name, st.t("ven.n_checks", n=len(passed)))
            elif passed:
                add(passed[0], vendor.name, _where(passed[0]))
            for check in group:
                if check.verdict.value not in ("pass", "info"):
                    add(check, vendor.name, _where(check))
    st.table(
        [
            st.t("col.vendor"),
            st.t("col.test"),
            st.t("col.where"),
            st.t("col.measured"),
            st.t("col.threshold"),
            st.t("col.verdict"),
        ],
        rows,
        [0.8, 1.4, 1.0, 1.1, 2.0, 0.7],
        extra=extra,
        align_right=[3],
    )


def figure_rows(
    project: Project, ev: PlanEvaluation, language: Language
) -> list[tuple[str, str, str, str]]:
    """Per vendor and test: the figure and every run (vendor, test, figure, runs).

    The figure is the evaluation's (``ev.vendors.measured``): the worst
    complete run of the test, by the engine's one rule for repeated runs
    (:mod:`gpu_advisor.engine.evidence.runs`), the figure the vendors step's
    charts and the checklist show too; every run follows with its node.
    """
    rows: list[tuple[str, str, str, str]] = []
    for vendor in project.vendors:
        for figure in ev.vendors.measured.get(vendor.name, []):
            test = (
                check_name("iperf3", language.value)
                if figure.tool == "iperf3"
                else f"fio {figure.job}"
            )
            runs = "; ".join(
                f"{label}: {plain_number(run.value)}"
                for label, run in zip(_run_labels(figure), figure.runs, strict=True)
            )
            rows.append(
                (vendor.name, test, f"{plain_number(figure.value)} {figure.unit}", runs)
            )
    return rows


def _run_labels(figure: MeasuredFigure) -> list[str]:
    """A short name per run: its node, else its file; the file's folder and
    name when those repeat (one node measured twice)."""
    labels = [run.node or PurePath(run.file).stem or "—" for run in figure.runs]
    if len(set(labels)) == len(labels):
        return labels
    return [
        "/".join(PurePath(run.file).with_suffix("").parts[-2:]) or "—"
        for run in figure.runs
    ]


def _figures(st: Story, project: Project, ev: PlanEvaluation) -> None:
    """The measured figures: each test's worst complete run, every run listed."""
    rows = figure_rows(project, ev, st.lang)
    if not rows:
        return
    st.table(
        [st.t("col.vendor"), st.t("col.test"), st.t("col.measured"), st.t("col.where")],
        rows,
        [0.8, 1.4, 0.9, 2.9],
        align_right=[2],
    )


def _where(check: Check) -> str:
    where = check.node or ""
    if check.gpu is not None:
        where = f"{where} GPU {check.gpu}".strip()
    return where or "—"


def _busbw_series(
    project: Project, language: Language
) -> list[tuple[str, list[tuple[float, float]]]]:
    """all_reduce out-of-place bus bandwidth per vendor and run.

    One series per run (single node, two nodes, ...): mixing runs in one line
    would zig-zag between their values at each message size. A run is named
    by its nodes and GPUs ("供应商甲 · 2 个节点、16 张卡"), as nccl-tests
    reports them, not by its file.
    """
    runs: dict[tuple[str, str], list[tuple[float, float]]] = {}
    sizes: dict[tuple[str, str], dict[str, float]] = {}
    for v in project.vendors:
        for m in v.measurements:
            if m.tool != "nccl-tests":
                continue
            key = (v.name, m.file)
            if m.metric == BUSBW_METRIC and m.size_bytes:
                point = (math.log2(m.size_bytes), float(m.value))
                runs.setdefault(key, []).append(point)
            elif m.metric in ("all_reduce.nodes", "all_reduce.ranks"):
                sizes.setdefault(key, {})[m.metric.split(".")[1]] = m.value
    series: list[tuple[str, list[tuple[float, float]]]] = []
    for (vendor, file), points in runs.items():
        size = sizes.get((vendor, file), {})
        if "nodes" in size and "ranks" in size:
            name = tr(
                "ven.run",
                language,
                vendor=vendor,
                nodes=counted(round(size["nodes"]), "node", language),
                cards=counted(round(size["ranks"]), "card", language),
            )
        else:
            run = PurePath(file).stem if file else ""
            name = f"{vendor} · {run}" if run else vendor
        series.append((name, sorted(points)))
    return series


def _size_label(log2_bytes: float) -> str:
    size = 2 ** round(log2_bytes)
    for unit, div in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if size >= div:
            return f"{size / div:g} {unit}"
    return f"{size} B"


_SCORING_COLUMNS: Final = 8
"""Vendors per scoring table; more vendors continue in a further table."""


def _acceptance(score: VendorScore, language: str) -> str:
    """The first line of a vendor's column: why it is held back (the engine's
    ``held_back``), else passed or not tested."""
    if score.held_back is not None:
        return words.text(score.held_back, language)
    return words.say(f"evidence.acceptance.{score.acceptance.value}", language)


def _scoring(st: Story, project: Project, ev: PlanEvaluation) -> None:
    """The weighted scoring matrix, the winner and how robust it is to the weights."""
    if not project.vendors:
        st.p(st.t("ven.no_vendors_to_score"))
        return
    result = ev.vendors.scoring
    if result is None:
        st.p(st.t("ven.no_vendors_to_score"))
        return
    # Criteria as rows and vendors as columns: names stay readable at any width.
    # At most _SCORING_COLUMNS vendors per table: with 40 or more, one table's
    # columns would be narrower than their padding (reportlab: negative width).
    for start in range(0, len(result.vendors), _SCORING_COLUMNS):
        vendors = result.vendors[start : start + _SCORING_COLUMNS]
        header = [
            st.t("col.criterion"),
            st.t("col.weight"),
            *(v.vendor for v in vendors),
        ]
        rows: list[tuple[str, ...]] = [
            # first, each vendor's acceptance: why it is held back, or where it stands
            (
                words.say("evidence.acceptance.label", st.lang),
                "",
                *(_acceptance(v, st.lang) for v in vendors),
            )
        ]
        rows += [
            (
                st.t(f"crit.{c.value}"),
                f"{result.weights[c]:g}",
                *(f"{v.score(c):.0f}" for v in vendors),
            )
            for c in Criterion
        ]
        rows.append((st.t("col.score"), "", *(f"{v.total:.1f}" for v in vendors)))
        rows.append((st.t("col.rank"), "", *(str(v.rank) for v in vendors)))
        vendor_width = min(1.0, 4.0 / max(1, len(vendors)))
        st.table(
            header,
            rows,
            [1.6, 0.6, *([vendor_width] * len(vendors))],
            align_right=list(range(1, len(vendors) + 2)),
        )
    if result.winner is None:
        return
    st.p(st.t("ven.winner", vendor=result.winner))
    moves = [
        st.t(
            "ven.sensitivity",
            criterion=st.t(f"crit.{m.criterion.value}"),
            direction=st.t("ven.up" if up else "ven.down"),
            points=f"{points:.1f}",
            vendor=who,
        )
        for m in result.sensitivity
        for up, points, who in (
            (True, m.increase_points, m.winner_if_increased),
            (False, m.decrease_points, m.winner_if_decreased),
        )
        if points is not None and who is not None
    ]
    st.p(" ".join(moves) if moves else st.t("ven.robust"))
