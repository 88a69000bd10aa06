"""Read ``iperf3 -c HOST -J``: TCP throughput between two nodes.

Format: iperf3(1) manual page, option ``-J, --json``; the ``start`` /
``intervals`` / ``end`` objects written by ``iperf_json_*`` in
https://github.com/esnet/iperf.
"""

from __future__ import annotations

from typing import Any

from gpu_advisor.io.results_parsers import (
    ResultsImportError,
    _get,
    _line_of,
    _measure,
    _number,
    _obj,
)
from gpu_advisor.model.project import Measurement


def parse_iperf3(
    data: Any, text: str, file: str, node: str | None
) -> list[Measurement]:
    """Read ``iperf3 -c HOST -J``: TCP throughput sent/received [Gbit/s], retransmits.

    Examples
    --------
    >>> doc = {"start": {"system_info": "Linux n2 5.15", "test_start": {"num_streams": 8}},
    ...        "intervals": [],
    ...        "end": {"sum_sent": {"bits_per_second": 9.4e10, "retransmits": 3},
    ...                "sum_received": {"bits_per_second": 9.3e10}}}
    >>> [(m.metric, m.value, m.node) for m in parse_iperf3(doc, "", "a.json", None)]
    [('tcp.sent', 94.0, 'n2'), ('tcp.received', 93.0, 'n2'), ('tcp.retransmits', 3.0, 'n2'), ('tcp.streams', 8.0, 'n2')]
    """
    test_start, node = _run_start(data, text, file, node)
    values = _throughput(data, text, file, test_start)
    return [
        _measure(
            file, line, tool="iperf3", metric=metric, value=value, unit=unit, node=node
        )
        for line, metric, value, unit in values
    ]


def _run_start(
    data: Any, text: str, file: str, node: str | None
) -> tuple[dict[str, Any], str | None]:
    """The run's ``test_start`` and node (from ``system_info``); refuse a failed
    run and one that is not TCP."""
    if isinstance(data, dict) and data.get("error"):
        raise ResultsImportError(
            file,
            _line_of(text, '"error"'),
            f"a failed run, no result: iperf3 reported {str(data['error'])[:200]!r}",
        )
    start = _get(data, "start", file, text)
    if not isinstance(start, dict):
        raise ResultsImportError(
            file, _line_of(text, '"start"'), "'start' is not an object"
        )
    info = start.get("system_info")
    if isinstance(info, str) and len(info.split()) > 1:
        node = info.split()[1][:200]
    test_start = _obj(start.get("test_start"))
    protocol = test_start.get("protocol", "TCP")
    if protocol != "TCP":
        raise ResultsImportError(
            file,
            _line_of(text, '"protocol"'),
            f"a {str(protocol)[:20]} iperf3 run: the kit measures TCP throughput; "
            "rerun without -u",
        )
    return test_start, node


def _throughput(
    data: Any, text: str, file: str, test_start: dict[str, Any]
) -> list[tuple[int, str, float, str]]:
    """(line, metric, value, unit): TCP sent and received [Gbit/s], retransmits
    and streams; refuse an interrupted run (no ``end`` summary)."""
    end = _obj(data.get("end")) if isinstance(data, dict) else {}
    if not end.get("sum_sent") and not end.get("sum_received"):
        raise ResultsImportError(
            file,
            _line_of(text, '"end"'),
            "an interrupted run, no result: iperf3 wrote no 'end' summary",
        )
    sent = _obj(_get(data, "end.sum_sent", file, text))
    received = _obj(_get(data, "end.sum_received", file, text))
    line_sent = _line_of(text, '"sum_sent"')
    line_received = _line_of(text, '"sum_received"')
    values: list[tuple[int, str, float, str]] = [
        (
            line_sent,
            "tcp.sent",
            _number(
                sent.get("bits_per_second"), "end.sum_sent.bits_per_second", file, text
            )
            / 1e9,
            "Gbit/s",
        ),
        (
            line_received,
            "tcp.received",
            _number(
                received.get("bits_per_second"),
                "end.sum_received.bits_per_second",
                file,
                text,
            )
            / 1e9,
            "Gbit/s",
        ),
    ]
    if "retransmits" in sent:
        retransmits = _number(
            sent["retransmits"], "end.sum_sent.retransmits", file, text
        )
        values.append((line_sent, "tcp.retransmits", retransmits, "count"))
    streams = test_start.get("num_streams")
    if isinstance(streams, int) and not isinstance(streams, bool):
        values.append(
            (_line_of(text, '"num_streams"'), "tcp.streams", float(streams), "count")
        )
    return values
