"""A measured figure named by what it measures, in the reader's language.

The result parsers key each figure the way its tool does
(``all_reduce.out_of_place.busbw``, ``tcp.received``, ``dmon.tensor_active``);
the import list shows the figures that stand for a file
(``io.results_import.KEY_VALUES_PER_FILE``) by these words instead
(``resources/words/<language>/io.toml``, ``[io.metric]``). A name the file
itself gives (the collective, a fio job, a dmon field, a diagnostic test) is
kept as written. A key no rule knows is shown as the tool wrote it.

Examples
--------
>>> measured_figure("nccl-tests", "all_reduce.out_of_place.busbw", "233.6", "GB/s", "zh")
'「all_reduce」总线带宽 233.6 GB/s'
>>> measured_figure("dcgmi", "hardware.memory", "1", "1=pass 0.5=warn or skip 0=fail", "en")
'diagnostic memory: pass'
"""

from __future__ import annotations

import re
from typing import Final

from gpu_advisor.words import say

_RULES: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(pattern), code)
    for pattern, code in (
        (r"(?P<name>.+)\.out_of_place\.busbw", "busbw"),
        (r"(?P<name>.+)\.read\.bw", "fio_read"),
        (r"(?P<name>.+)\.write\.bw", "fio_write"),
        (r"tcp\.received", "tcp_received"),
        (r"tcp\.sent", "tcp_sent"),
        (r"tcp\.retransmits", "tcp_retransmits"),
        (r"temperature\.gpu", "temperature"),
        (r"power\.draw", "power"),
        (r"clocks\.sm", "sm_clock"),
        (r"throttle\.active_mask", "throttle_mask"),
        (r"throttle\.(?P<name>.+)", "throttle"),
        (r"dmon\.(?P<name>.+)", "dmon"),
        (r"bf16_matmul", "bf16_matmul"),
        (r"memory_copy", "memory_copy"),
        (r"tokens_per_s_per_gpu", "tokens_per_s_per_gpu"),
        (r"tokens_per_s", "tokens_per_s"),
        (r"tflops_per_gpu", "tflops_per_gpu"),
        (r"mfu", "mfu"),
        (r"(?:.+\.)?output_throughput", "output_throughput"),
        (r"(?:.+\.)?request_throughput", "request_throughput"),
        (r"(?:.+\.)?ttft\.p99", "ttft_p99"),
    )
)
"""The tools' keys, most specific first, and the words each is named by."""

_DIAGNOSTIC: Final = re.compile(r"[^.]+\.(?P<name>.+)")
"""A DCGM diagnostic's key: its group, then the test (``hardware.memory``)."""
_VERDICTS: Final = {1.0: "diag_pass", 0.5: "diag_warn", 0.0: "diag_fail"}
"""A diagnostic's figure (1 pass, 0.5 warn or skipped, 0 fail) in words."""


def metric_name(tool: str, metric: str, language: object) -> str:
    """What ``metric`` of ``tool`` measures, in ``language``; the key itself
    when no rule knows it.

    >>> metric_name("iperf3", "tcp.sent", "zh"), metric_name("x", "odd.key", "en")
    ('TCP 发送', 'odd.key')
    """
    if tool == "dcgmi" and (found := _DIAGNOSTIC.fullmatch(metric)):
        return say("io.metric.diag", language, name=found["name"])
    for pattern, code in _RULES:
        if found := pattern.fullmatch(metric):
            return say(f"io.metric.{code}", language, **found.groupdict())
    return metric


def measured_figure(
    tool: str, metric: str, value: str, unit: str, language: object
) -> str:
    """``metric`` named in words with its ``value`` (already formatted) and unit."""
    name = metric_name(tool, metric, language)
    if tool == "dcgmi" and _DIAGNOSTIC.fullmatch(metric):
        number = _number(value)
        verdict = None if number is None else _VERDICTS.get(number)
        if verdict is not None:
            said = say(f"io.metric_unit.{verdict}", language)
            return say("io.metric.verdict", language, name=name, verdict=said)
    unit_code = f"io.metric_unit.{unit}"
    shown = say(unit_code, language) if unit in _UNIT_WORDS else unit
    return f"{name} {value} {shown}".strip()


_UNIT_WORDS: Final = frozenset({"count", "flag", "bitmask", "ratio", "C"})
"""Units the tools write as English words, worded from the catalog."""


def _number(value: str) -> float | None:
    try:
        return float(value.replace(",", ""))
    except ValueError:
        return None
