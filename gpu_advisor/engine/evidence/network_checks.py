"""Network checks: NCCL bus bandwidth inside and across servers, iperf3 between nodes.

nccl-tests' all_reduce bus bandwidth at large messages (≥
:data:`LARGE_MESSAGE_BYTES`, where the per-call latency no longer matters) is
compared with the busbw expected inside one server and across servers [1]_
[2]_; wrong results fail outright. iperf3's TCP throughput between two nodes
is compared with the NIC speed the vendor quoted [3]_. The expected values
and their sources are in :mod:`gpu_advisor.engine.evidence.expectations`.

References
----------
.. [1] NVIDIA, nccl-tests ``doc/PERFORMANCE.md``, "Bus bandwidth" (2023),
   https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md
.. [2] NVIDIA, NCCL User Guide, "Environment variables" and "Troubleshooting",
   https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/
.. [3] ESnet, iperf3 documentation, https://software.es.net/iperf/
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Final

from gpu_advisor.engine.evidence.checks import (
    Check,
    Verdict,
    _by_file,
    _info,
    _ratio_check,
)
from gpu_advisor.engine.evidence.expectations import Expectations
from gpu_advisor.model.common import Message
from gpu_advisor.model.project import Measurement

LARGE_MESSAGE_BYTES: Final = 256 * 2**20
"""Messages at least this large are "large" for the busbw verdict [B]; NCCL
reaches its plateau above ~100 MB on NVLink and InfiniBand (nccl-tests
PERFORMANCE.md plots)."""

NCCL_PASS_RATIO: Final = 0.85
NCCL_WARN_RATIO: Final = 0.60
IPERF_PASS_RATIO: Final = 0.80
IPERF_WARN_RATIO: Final = 0.50
UNKNOWN_COLLECTIVE: Final = "unknown_collective"
"""The metric prefix the nccl-tests parser gives a run whose output names no
collective (``io.results_nccl.UNKNOWN_COLLECTIVE``): never judged as all_reduce."""


def large_message_busbw_gb_per_s(rows: Sequence[Measurement]) -> float | None:
    """Median out-of-place busbw over the large-message rows of one nccl-tests run.

    Uses rows with ``size_bytes`` ≥ :data:`LARGE_MESSAGE_BYTES`; when the run
    stopped below that size, the largest size it reached.

    Examples
    --------
    >>> rows = [Measurement(tool="nccl-tests", metric="all_reduce.out_of_place.busbw",
    ...         value=v, unit="GB/s", size_bytes=s)
    ...         for s, v in [(2**20, 50.0), (2**28, 220.0), (2**30, 230.0), (2**33, 234.0)]]
    >>> large_message_busbw_gb_per_s(rows)
    230.0
    """
    busbw = [
        m
        for m in rows
        if m.metric.endswith(".out_of_place.busbw") and m.size_bytes is not None
    ]
    if not busbw:
        return None
    large = [m.value for m in busbw if (m.size_bytes or 0) >= LARGE_MESSAGE_BYTES]
    if not large:
        biggest = max(m.size_bytes or 0 for m in busbw)
        large = [m.value for m in busbw if m.size_bytes == biggest]
    return float(statistics.median(large))


def _nccl_checks(measurements: Sequence[Measurement], exp: Expectations) -> list[Check]:
    checks: list[Check] = []
    for file, rows in sorted(_by_file(measurements, "nccl-tests").items()):
        node = rows[0].node
        op = rows[0].metric.split(".", 1)[0]
        checks += _wrong_values(rows, op, node, file)
        checks += _min_bw_failed(rows, op, node, file)
        if op == UNKNOWN_COLLECTIVE:
            # the output names no collective (the parser never guesses it)
            checks.append(
                _info(
                    "nccl.unknown_collective",
                    Message(code="evidence.check.nccl_unknown_collective"),
                    node=node,
                    file=file,
                )
            )
        if op != "all_reduce":
            continue  # the verdict uses all_reduce; the other collectives are shown in charts
        measured = large_message_busbw_gb_per_s(rows)
        if measured is not None:
            checks.append(_busbw_check(rows, measured, exp, node, file))
    return checks


def _busbw_check(
    rows: Sequence[Measurement],
    measured: float,
    exp: Expectations,
    node: str | None,
    file: str,
) -> Check:
    """One all_reduce run's large-message bus bandwidth against one server's
    or the fabric's, by the server count of its rank list (``<op>.nodes``).

    Without a rank list the count is unknown: the run is shown, never taken
    for a single-server one."""
    nodes = next((m.value for m in rows if m.metric.endswith(".nodes")), None)
    if nodes is None:
        return _info(
            "nccl.unknown_nodes",
            Message(
                code="evidence.check.nccl_unknown_nodes",
                params={"op": "all_reduce", "measured": measured},
            ),
            node=node,
            file=file,
        )
    if nodes <= 1:
        return _ratio_check(
            test="nccl.intra_node",
            measured=measured,
            expected=exp.intra_busbw_gb_per_s,
            pass_ratio=NCCL_PASS_RATIO,
            warn_ratio=NCCL_WARN_RATIO,
            unit="GB/s",
            what=Message(
                code="evidence.what.nccl_intra",
                params={"network": exp.intra_network_id},
            ),
            node=node,
            file=file,
            source=exp.sources.get("nccl", ""),
        )
    if exp.inter_busbw_gb_per_s is None:
        return _info(
            "nccl.inter_node",
            Message(
                code="evidence.check.nccl_no_network",
                params={"nodes": nodes, "measured": measured},
            ),
            node=node,
            file=file,
        )
    return _ratio_check(
        test="nccl.inter_node",
        measured=measured,
        expected=exp.inter_busbw_gb_per_s,
        pass_ratio=NCCL_PASS_RATIO,
        warn_ratio=NCCL_WARN_RATIO,
        unit="GB/s",
        what=Message(
            code="evidence.what.nccl_inter",
            params={"nodes": nodes, "network": exp.inter_network_id},
        ),
        node=node,
        file=file,
        source=exp.sources.get("nccl", ""),
    )


def _wrong_values(
    rows: Sequence[Measurement], op: str, node: str | None, file: str
) -> list[Check]:
    """A fail when a run reported wrong values: ``#wrong`` or ``Out of bounds
    values`` above zero, or nccl-tests' own ``FAILED`` on the out-of-bounds line."""
    wrong = sum(m.value for m in rows if m.metric.endswith(".wrong"))
    oob = sum(m.value for m in rows if m.metric.endswith(".out_of_bounds"))
    said_failed = any(
        m.metric.endswith(".out_of_bounds") and m.status == "fail" for m in rows
    )
    if not (wrong > 0 or oob > 0 or said_failed):
        return []
    return [
        Check(
            test="nccl.correctness",
            node=node,
            file=file,
            measured=wrong + oob,
            expected=0.0,
            unit="count",
            verdict=Verdict.FAIL,
            threshold=Message(code="evidence.threshold.nccl_wrong"),
            message=Message(
                code="evidence.check.nccl_wrong",
                params={"op": op, "count": wrong + oob},
            ),
            source="nccl-tests README (#wrong column)",
        )
    ]


def _min_bw_failed(
    rows: Sequence[Measurement], op: str, node: str | None, file: str
) -> list[Check]:
    """A fail when nccl-tests itself printed ``FAILED`` after the average bus
    bandwidth: the run fell short of the ``NCCL_TESTS_MIN_BW`` it was given
    and exited with an error (nccl-tests ``src/util.cu``, ``writeResultFooter``)."""
    return [
        Check(
            test="nccl.min_bw",
            node=node,
            file=file,
            measured=m.value,
            unit="GB/s",
            verdict=Verdict.FAIL,
            threshold=Message(code="evidence.threshold.nccl_min_bw"),
            message=Message(
                code="evidence.check.nccl_min_bw",
                params={"op": op, "measured": m.value},
            ),
            source="nccl-tests src/util.cu (NCCL_TESTS_MIN_BW)",
        )
        for m in rows
        if m.metric.endswith(".avg_busbw") and m.status == "fail"
    ]


def _iperf_checks(
    measurements: Sequence[Measurement], exp: Expectations
) -> list[Check]:
    checks: list[Check] = []
    for file, rows in sorted(_by_file(measurements, "iperf3").items()):
        received = next((m for m in rows if m.metric == "tcp.received"), None)
        if received is None:
            continue
        if exp.nic_gbit_per_s:
            checks.append(
                _ratio_check(
                    test="iperf3",
                    measured=received.value,
                    expected=exp.nic_gbit_per_s,
                    pass_ratio=IPERF_PASS_RATIO,
                    warn_ratio=IPERF_WARN_RATIO,
                    unit="Gbit/s",
                    what=Message(code="evidence.what.iperf3"),
                    node=received.node,
                    file=file,
                    source=exp.sources.get("iperf3", ""),
                )
            )
        else:
            checks.append(
                _info(
                    "iperf3",
                    Message(
                        code="evidence.check.iperf3_no_nic",
                        params={"measured": received.value},
                    ),
                    node=received.node,
                    file=file,
                )
            )
    return checks
