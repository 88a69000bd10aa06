"""One rule for vendor measurements: the chart, the checklist and the PDF agree.

For random sets of runs (several files per test, values in any order) the
vendors step's bars, the checklist's intranet figure and the PDF vendor
page's figure table show, per vendor and test, the same figure: the worst
complete run (:mod:`gpu_advisor.engine.evidence.runs`).
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QApplication

from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Measurement, Project, Vendor
from gpu_advisor.report.numbers import plain_number
from gpu_advisor.report.plan.vendors import figure_rows
from gpu_advisor.ui.i18n import current_locale
from gpu_advisor.ui.pages.checklist_page import ChecklistPage
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.widgets.vendor_charts import VendorCharts

CATALOG = load_catalog()

values = st.floats(min_value=0.5, max_value=400.0).map(lambda v: round(v, 1))
runs = st.lists(values, min_size=0, max_size=4)


def _vendor(name: str, iperf: list[float], fio: list[float]) -> Vendor:
    ms: list[Measurement] = []
    for i, value in enumerate(iperf):
        file = f"{name}/node{i:02d}/iperf3.json"
        ms.append(
            Measurement(
                tool="iperf3",
                metric="tcp.received",
                value=value,
                unit="Gbit/s",
                file=file,
                node=f"node{i:02d}",
            )
        )
        ms.append(
            Measurement(
                tool="iperf3",
                metric="tcp.sent",
                value=value + 1,
                unit="Gbit/s",
                file=file,
            )
        )
    for i, value in enumerate(fio):
        ms.append(
            Measurement(
                tool="fio",
                metric="seq_write_shared.write.bw",
                value=value / 10,
                unit="GB/s",
                file=f"{name}/node{i:02d}/fio_shared.json",
                node=f"node{i:02d}",
            )
        )
    return Vendor(name=name, measurements=ms)


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(a_iperf=runs, a_fio=runs, b_iperf=runs, b_fio=runs)
def test_chart_checklist_and_pdf_show_the_same_figure(
    qtbot: Any,
    qapp: QApplication,
    a_iperf: list[float],
    a_fio: list[float],
    b_iperf: list[float],
    b_fio: list[float],
) -> None:
    given_runs = {"A": (a_iperf, a_fio), "B": (b_iperf, b_fio)}
    project = Project(
        vendors=[_vendor(name, *pair) for name, pair in given_runs.items()]
    )
    session = ProjectSession(project)
    evaluation = session.evaluation
    assert evaluation == evaluate_plan(project, CATALOG, monte_carlo=False)
    charts = VendorCharts()
    qtbot.addWidget(charts)
    charts.set_vendors(
        list(project.vendors),
        project.environment.gpus_per_node,
        evaluation.vendors.measured,
    )
    page = ChecklistPage(session)
    qtbot.addWidget(page)
    checklist = page.linked_figure("intranet_iperf3")
    pdf = {(r[0], r[1]): r[2] for r in figure_rows(project, evaluation, Language.EN)}
    locale = current_locale()
    for name, (iperf, fio) in given_runs.items():
        if iperf:
            worst = min(iperf)  # the worst complete run
            bar = charts.network_bars[name]
            assert list(bar.opts["height"]) == [worst]
            assert f"{name}: {locale.toString(worst, 'f', 1)} Gbit/s" in checklist
            assert pdf[(name, "Node-to-node TCP (iperf3)")] == (
                f"{plain_number(worst)} Gbit/s"
            )
        else:
            assert name not in charts.network_bars
            assert f"{name}:" not in checklist
            assert (name, "Node-to-node TCP (iperf3)") not in pdf
        if fio:
            worst_fio = min(fio) / 10
            assert list(charts.storage_bars[name].opts["height"]) == [worst_fio]
            assert pdf[(name, "fio seq_write_shared")] == (
                f"{plain_number(worst_fio)} GB/s"
            )
            judged = evaluation.vendors.judgements[name]
            fio_check = next(c for c in judged.checks if c.test.startswith("fio"))
            assert fio_check.measured == worst_fio  # the judgement's figure too
        else:
            assert name not in charts.storage_bars
    if not a_iperf and not b_iperf:
        assert checklist == "iperf3: not measured yet."
