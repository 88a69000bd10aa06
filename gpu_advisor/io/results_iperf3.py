"""Read ``iperf3 -c HOST -J`` and iperf3's text report: TCP throughput between two nodes.

Format: iperf3(1) manual page, option ``-J, --json``; the ``start`` /
``intervals`` / ``end`` objects written by ``iperf_json_*`` in
https://github.com/esnet/iperf.
"""

from __future__ import annotations

import re
from typing import Any, Final

from gpu_advisor.io.results_parsers import (
    _float,
    _get,
    _int,
    _line_of,
    _measure,
    _number,
    _obj,
    refusal,
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
        raise refusal(
            file,
            _line_of(text, '"error"'),
            "io.results.iperf3.failed",
            error=str(data["error"])[:200],
        )
    start = _get(data, "start", file, text)
    if not isinstance(start, dict):
        raise refusal(file, _line_of(text, '"start"'), "io.results.iperf3.start")
    info = start.get("system_info")
    if isinstance(info, str) and len(info.split()) > 1:
        node = info.split()[1][:200]
    test_start = _obj(start.get("test_start"))
    protocol = test_start.get("protocol", "TCP")
    if protocol != "TCP":
        raise refusal(
            file,
            _line_of(text, '"protocol"'),
            "io.results.iperf3.not_tcp",
            protocol=str(protocol)[:20],
        )
    return test_start, node


def _throughput(
    data: Any, text: str, file: str, test_start: dict[str, Any]
) -> list[tuple[int, str, float, str]]:
    """(line, metric, value, unit): TCP sent and received [Gbit/s], retransmits
    and streams; refuse an interrupted run (no ``end`` summary)."""
    end = _obj(data.get("end")) if isinstance(data, dict) else {}
    if not end.get("sum_sent") and not end.get("sum_received"):
        raise refusal(file, _line_of(text, '"end"'), "io.results.iperf3.no_end")
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


# --- the text report (iperf3 without -J) ---------------------------------------------

_TEXT_SUMMARY = re.compile(
    r"^\[\s*(?P<id>SUM|[0-9]+)\]\s+(?P<start>[0-9.]+)-\s*(?P<end>[0-9.]+)\s+sec\s+"
    r"(?P<transfer>[0-9.]+)\s+(?P<tunit>[KMGT]?Bytes)\s+"
    r"(?P<rate>[0-9.]+)\s+(?P<runit>[KMGT]?(?:bits|Bytes)/sec)"
    r"(?P<rest>.*?)\s*(?P<side>sender|receiver)\s*$"
)
"""A summary line: ``[  5]   0.00-10.00  sec   199 MBytes   167 Mbits/sec   57   sender``
(``iperf_reporter_callback`` in iperf_api.c; formats in iperf_locale.c)."""
_UDP_TAIL = re.compile(r"\bms\b|[0-9]+/[0-9]+")
"""Jitter and lost/total datagrams: a UDP run's summary."""
_TEXT_ERROR = re.compile(r"^iperf3?: error\b.*$", re.MULTILINE)
_CONNECTED = re.compile(r"^\[\s*([0-9]+)\]\s+local\s+\S+\s+port\s+[0-9]+\s+connected")
_RATE_SCALE: Final = {"": 1.0, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}
_BYTES_RATE_SCALE: Final = {"": 1.0, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def looks_like_iperf3_text(text: str) -> bool:
    """True when ``text`` is iperf3's text report (a summary or a client's start)."""
    head = text[:2000]
    if "Connecting to host" in head:
        return True
    return any(_TEXT_SUMMARY.match(line.strip()) for line in text[-8000:].splitlines())


def _bits_per_second(rate: str, unit: str, file: str, line: int) -> float:
    """``167 Mbits/sec`` (decimal bits) or ``20.8 MBytes/sec`` (``-f M``: binary bytes)."""
    prefix = unit[0] if unit[0] in "KMGT" else ""
    value = _float(rate, file, line, "iperf3 bitrate")
    if "Bytes" in unit:
        return value * _BYTES_RATE_SCALE[prefix] * 8
    return value * _RATE_SCALE[prefix]


def parse_iperf3_text(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read iperf3's text report (run without ``-J``): the summary's sender and
    receiver bitrates [Gbit/s], the sender's retransmits and the stream count.

    With several streams (``-P``) the ``[SUM]`` lines are the run's figures;
    with one, the stream's own. Several runs pasted in one file are read in
    order, ``sample`` numbering them. A UDP summary (jitter, lost datagrams) is
    refused as in JSON; a report without its summary is an interrupted run.

    Examples
    --------
    >>> out = parse_iperf3_text(
    ...     "[ ID] Interval           Transfer     Bitrate         Retr\\n"
    ...     "[  5]   0.00-10.00  sec   199 MBytes   167 Mbits/sec   57             sender\\n"
    ...     "[  5]   0.00-10.14  sec   202 MBytes   167 Mbits/sec                  receiver\\n",
    ...     "i.txt", "n1")
    >>> [(m.metric, m.value, m.unit) for m in out]
    [('tcp.sent', 0.167, 'Gbit/s'), ('tcp.received', 0.167, 'Gbit/s'), ('tcp.retransmits', 57.0, 'count')]
    """
    error = _TEXT_ERROR.search(text)
    summaries: dict[tuple[str, str], list[tuple[int, re.Match[str]]]] = {}
    streams: set[str] = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        connected = _CONNECTED.match(line)
        if connected:
            streams.add(connected.group(1))
        match = _TEXT_SUMMARY.match(line)
        if match is None:
            continue
        if _UDP_TAIL.search(match.group("rest")):
            raise refusal(file, number, "io.results.iperf3.not_tcp", protocol="UDP")
        key = ("SUM" if match.group("id") == "SUM" else "stream", match.group("side"))
        summaries.setdefault(key, []).append((number, match))
    if error and not summaries:
        raise refusal(
            file,
            _line_of(text, error.group(0)),
            "io.results.iperf3.failed",
            error=error.group(0)[:200],
        )
    scope = "SUM" if ("SUM", "sender") in summaries else "stream"
    senders = summaries.get((scope, "sender"), [])
    receivers = summaries.get((scope, "receiver"), [])
    if not senders or len(senders) != len(receivers):
        raise refusal(file, max(text.count("\n"), 1), "io.results.iperf3.no_summary")
    runs = len(senders)
    values: list[tuple[int, str, float, str, int | None]] = []
    for run, (sent, received) in enumerate(zip(senders, receivers, strict=True)):
        sample = run if runs > 1 else None
        for metric, (number, match) in (("tcp.sent", sent), ("tcp.received", received)):
            bits = _bits_per_second(
                match.group("rate"), match.group("runit"), file, number
            )
            values.append((number, metric, bits / 1e9, "Gbit/s", sample))
        retr = sent[1].group("rest").split()
        if retr:
            count = float(_int(retr[0], file, sent[0], "Retr"))
            values.append((sent[0], "tcp.retransmits", count, "count", sample))
    if len(streams) > 1 and runs == 1:
        values.append((1, "tcp.streams", float(len(streams)), "count", None))
    return [
        _measure(
            file,
            line,
            tool="iperf3",
            metric=metric,
            value=value,
            unit=unit,
            node=node,
            sample=sample,
        )
        for line, metric, value, unit, sample in values
    ]
