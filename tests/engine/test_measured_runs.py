"""The one rule for repeated vendor runs: the worst complete run counts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.engine.evidence.runs import figure_for, measured_figures
from gpu_advisor.model.project import Measurement, Project, Vendor
from tests.engine._cost_helpers import CATALOG


def _iperf(file: str, value: float) -> Measurement:
    return Measurement(
        tool="iperf3", metric="tcp.received", value=value, unit="Gbit/s", file=file
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0, 500), min_size=1, max_size=6))
def test_the_figure_is_the_worst_run_and_every_run_is_listed(
    values: list[float],
) -> None:
    rows = [_iperf(f"n{i}.json", v) for i, v in enumerate(values)]
    [figure] = measured_figures(rows)
    assert figure.value == min(values)
    assert [r.value for r in figure.runs] == values
    assert figure.file == f"n{values.index(min(values))}.json"


def test_an_incomplete_run_is_no_run() -> None:
    sent_only = Measurement(
        tool="iperf3", metric="tcp.sent", value=1.0, unit="Gbit/s", file="cut.json"
    )
    assert measured_figures([sent_only, _iperf("ok.json", 90.0)])[0].runs[0].file == (
        "ok.json"
    )
    assert measured_figures([sent_only]) == []


def test_the_evaluation_and_the_judgement_use_the_rule() -> None:
    fio = [
        Measurement(
            tool="fio",
            metric="seq_write_shared.write.bw",
            value=value,
            unit="GB/s",
            file=f"node{i}/fio_shared.json",
            node=f"node{i}",
        )
        for i, value in enumerate([4.0, 0.5, 3.0])
    ]
    iperf = [_iperf("a.json", 180.0), _iperf("b.json", 60.0)]
    vendor = Vendor(name="A", intranet_gbit_per_s=200, measurements=[*fio, *iperf])
    ev = evaluate_plan(Project(vendors=[vendor]), CATALOG, monte_carlo=False)
    figures = ev.vendors.measured["A"]
    assert figures == measured_figures(vendor.measurements)
    write = figure_for(figures, "fio", "seq_write_shared.write.bw")
    assert write is not None
    assert (write.value, write.file) == (0.5, "node1/fio_shared.json")
    judged = ev.vendors.judgements["A"]
    check = next(c for c in judged.checks if c.test == "fio.checkpoint_write")
    assert (check.measured, check.node) == (0.5, "node1")  # not the best run
    # every iperf3 run is judged; the network score reads the worst one
    assert [c.measured for c in judged.checks if c.test == "iperf3"] == [180.0, 60.0]
    alone = Vendor(
        name="A", intranet_gbit_per_s=200, measurements=[*fio, _iperf("b.json", 60.0)]
    )
    same = evaluate_plan(Project(vendors=[alone]), CATALOG, monte_carlo=False)
    assert same.vendors.judgements["A"].network_score == judged.network_score
