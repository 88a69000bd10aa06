"""One rule for a vendor's repeated measurements: the worst complete run counts.

A vendor's results come as runs: each imported file is one run of a test
(iperf3 between two nodes, a fio job on one node), and a vendor may run a
test several times (each node pair, each node, again after a fix). Every
output reduces them the same way, with :func:`measured_figures`:

* **the figure** of a test is its **worst complete run** (the lowest
  throughput), and
* **every run** is listed with it, in import order, with its file and node.

Why the worst run: the buyer's view. A job across several nodes waits for
its slowest link, and a checkpoint for the slowest node's storage; the best
run shows what the vendor's hardware can do, the worst what the buyer may
get. Listing every run keeps the others in sight (a single bad node is
then plain to see, and can be fixed and tested again).

A run is *complete* when its file holds the test's figure (a file that
lacks it, e.g. an iperf3 run that stopped before its summary, is no run of
that test). Within one file the first row of the figure is the run's value
(a file holds one).

The vendors step's charts, the checklist's intranet item, the PDF's vendor
page and the checkpoint-write check of the judgement
(:func:`gpu_advisor.engine.evidence.node_checks._fio_checks`) all show this
figure; ``PlanEvaluation.vendors.measured`` holds it per vendor.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pydantic import Field

from gpu_advisor.model.common import Frozen
from gpu_advisor.model.project import Measurement

IPERF3_RECEIVED: Final = "tcp.received"
"""iperf3's figure: TCP throughput the receiver saw [Gbit/s]."""
FIO_BANDWIDTH_SUFFIXES: Final = (".write.bw", ".read.bw")
"""fio's figures: sequential bandwidth of each job [GB/s]."""
FIO_JOB_ORDER: Final = (
    "seq_write_shared",
    "seq_read_shared",
    "seq_write_local",
    "seq_read_local",
)
"""The test kit's fio jobs, in the order the outputs list them."""


class Run(Frozen):
    """One complete run of a test: the file it was imported from and its value."""

    file: str
    node: str | None = None
    value: float = Field(..., ge=0)


class MeasuredFigure(Frozen):
    """One test of one vendor: the worst complete run's value, and every run."""

    tool: str
    metric: str
    """The measurement's metric, e.g. ``tcp.received`` or ``seq_write_shared.write.bw``."""
    unit: str
    value: float = Field(..., ge=0)
    """The worst (lowest) run's value, the figure every output shows."""
    file: str
    """The file of the worst run."""
    runs: list[Run]
    """Every complete run, in import order."""

    @property
    def job(self) -> str:
        """fio's job name (``seq_write_shared``); the metric for other tools."""
        return self.metric.split(".", 1)[0] if self.tool == "fio" else self.metric


def _is_figure(m: Measurement) -> bool:
    if m.tool == "iperf3":
        return m.metric == IPERF3_RECEIVED
    return m.tool == "fio" and m.metric.endswith(FIO_BANDWIDTH_SUFFIXES)


def _order(figure: MeasuredFigure) -> tuple[int, int, str]:
    if figure.tool == "iperf3":
        return (0, 0, figure.metric)
    job = figure.job
    rank = FIO_JOB_ORDER.index(job) if job in FIO_JOB_ORDER else len(FIO_JOB_ORDER)
    return (1, rank, figure.metric)


def measured_figures(measurements: Sequence[Measurement]) -> list[MeasuredFigure]:
    """Each test's figure: the worst complete run, with every run listed.

    Tests are iperf3's TCP throughput and each fio job's bandwidth, iperf3
    first, then the fio jobs in the test kit's order.

    Examples
    --------
    >>> m = lambda f, v: Measurement(tool="iperf3", metric="tcp.received",
    ...                              value=v, unit="Gbit/s", file=f)
    >>> [figure] = measured_figures([m("a.json", 92.4), m("b.json", 61.4)])
    >>> figure.value, figure.file, [r.value for r in figure.runs]
    (61.4, 'b.json', [92.4, 61.4])
    >>> measured_figures([])
    []
    """
    first: dict[tuple[str, str], dict[str, Measurement]] = {}
    for m in measurements:
        if _is_figure(m):
            first.setdefault((m.tool, m.metric), {}).setdefault(m.file, m)
    out: list[MeasuredFigure] = []
    for (tool, metric), by_file in first.items():
        rows = list(by_file.values())
        worst = min(rows, key=lambda m: m.value)  # the first of equal values
        out.append(
            MeasuredFigure(
                tool=tool,
                metric=metric,
                unit=worst.unit,
                value=worst.value,
                file=worst.file,
                runs=[Run(file=m.file, node=m.node, value=m.value) for m in rows],
            )
        )
    return sorted(out, key=_order)


def figure_for(
    figures: Sequence[MeasuredFigure], tool: str, metric: str
) -> MeasuredFigure | None:
    """The figure of one test (None when the vendor has no complete run of it)."""
    return next((f for f in figures if f.tool == tool and f.metric == metric), None)
