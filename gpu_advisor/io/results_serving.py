"""Read the serving benchmarks of the inference engines: vLLM, SGLang and genai-perf.

Each load generator prints one summary per run, and each figure a person
reads there becomes a :class:`~gpu_advisor.model.project.Measurement`
(``serving.<figure>``; latencies ``serving.<ttft|tpot|itl|e2el>.<statistic>``
in ms, statistics ``mean``, ``median``, ``std``, ``min``, ``max``, ``p50``,
``p90``, ``p95``, ``p99``…). Several runs in one file (a sweep pasted
together, a JSON Lines file) are told apart by ``sample`` (0, 1, …).

* ``vllm bench serve`` and ``benchmarks/benchmark_serving.py`` (vLLM): the
  block under ``============ Serving Benchmark Result ============``, printed
  ``"{:<40} {:<10.2f}"`` per line and closed by 50 ``=``
  (vllm-project/vllm ``vllm/benchmarks/serve.py``), and its ``--save-result``
  JSON (``completed``, ``output_throughput``, ``mean_ttft_ms``, ``p99_tpot_ms``,
  ``request_rate`` ``"inf"`` or a number, ``max_concurrency``, and the
  ``--metadata KEY=VALUE`` pairs; the kit writes ``gpus=N``).
* SGLang ``python -m sglang.bench_serving``: the same block, which also names
  the ``Backend:``, the ``Traffic request rate:`` and ``Max request
  concurrency:``, with ``Concurrency:`` (requests in flight on average) and
  E2E latency (sgl-project/sglang ``python/sglang/bench_serving.py``), and its
  JSON Lines output (``request_rate`` may be ``Infinity``).
* NVIDIA ``genai-perf profile``: the console table (``Statistic ┃ avg ┃ min ┃
  max ┃ p99 …``; older versions print the throughputs on lines after it, in
  ns where the title says ``(ns)``), ``profile_export_genai_perf.csv``
  (``Metric,avg,…`` then ``Metric,Value``) and ``profile_export_genai_perf.json``
  (``{"request_throughput": {"unit": …, "avg": …}, …}``).

A summary that stops before its closing line, or that lacks the figures every
run prints (successful requests, duration, request and output-token
throughput), is refused with the file, the line and what is missing.
"""

from __future__ import annotations

import csv
import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from gpu_advisor.io.results_parsers import _float, _measure, refusal
from gpu_advisor.model.project import Measurement

VLLM_TOOL: Final = "vllm-bench-serve"
SGLANG_TOOL: Final = "sglang-bench-serving"
GENAI_PERF_TOOL: Final = "genai-perf"
SERVING_TOOLS: Final = (VLLM_TOOL, SGLANG_TOOL, GENAI_PERF_TOOL)
"""The ``tool`` of every serving-benchmark measurement."""

REQUIRED: Final = (
    "successful_requests",
    "duration",
    "request_throughput",
    "output_throughput",
)
"""Figures every vLLM and SGLang summary prints; a run without one is refused."""

GENAI_REQUIRED: Final = ("request_throughput", "output_throughput")
"""Figures every genai-perf LLM run prints."""

_HEADER = re.compile(r"^\s*=+\s*Serving Benchmark Result\s*=+\s*$")
_CLOSE = re.compile(r"^\s*={20,}\s*$")
_SECTION = re.compile(r"^\s*-{3,}.*-{3,}\s*$")
_ROW = re.compile(r"^\s*(?P<label>[A-Za-z][^:]*?):\s*(?P<value>.*?)\s*$")
_LATENCY = re.compile(
    r"^(?P<stat>mean|median|std|min|max|p[0-9]+(?:\.[0-9]+)?) "
    r"(?P<what>ttft|tpot|itl|e2el|e2e latency) \(ms\)$"
)
_JSON_LATENCY = re.compile(
    r"^(?P<stat>mean|median|std|min|max|p[0-9]+(?:\.[0-9]+)?)_"
    r"(?P<what>ttft|tpot|itl|e2el|e2e_latency)_ms$"
)
_NAMESPACE_MODEL = re.compile(r"\bmodel='(?P<model>[^']{1,200})'")

_FIGURES: Final[dict[str, tuple[str, str]]] = {
    "successful requests": ("successful_requests", "count"),
    "failed requests": ("failed_requests", "count"),
    "benchmark duration (s)": ("duration", "s"),
    "total input tokens": ("total_input_tokens", "tokens"),
    "total generated tokens": ("total_output_tokens", "tokens"),
    "request throughput (req/s)": ("request_throughput", "req/s"),
    "request goodput (req/s)": ("request_goodput", "req/s"),
    "input token throughput (tok/s)": ("input_throughput", "tok/s"),
    "output token throughput (tok/s)": ("output_throughput", "tok/s"),
    "peak output token throughput (tok/s)": ("peak_output_throughput", "tok/s"),
    "peak concurrent requests": ("peak_concurrent_requests", "count"),
    "total token throughput (tok/s)": ("total_throughput", "tok/s"),
    "concurrency": ("concurrency", "count"),
}
"""Summary line (lower case) → figure and unit."""

_SETTINGS: Final[dict[str, tuple[str, str]]] = {
    "traffic request rate": ("request_rate", "req/s"),
    "request rate configured (rps)": ("request_rate", "req/s"),
    "maximum request concurrency": ("max_concurrency", "count"),
    "max request concurrency": ("max_concurrency", "count"),
}
"""The load a run was asked for: a number, or a word kept as a label
(``inf``: all requests at once; ``not set``/``None``: no cap)."""

_JSON_FIGURES: Final[dict[str, tuple[str, str]]] = {
    "completed": ("successful_requests", "count"),
    "failed": ("failed_requests", "count"),
    "duration": ("duration", "s"),
    "total_input_tokens": ("total_input_tokens", "tokens"),
    "total_output_tokens": ("total_output_tokens", "tokens"),
    "request_throughput": ("request_throughput", "req/s"),
    "request_goodput": ("request_goodput", "req/s"),
    "input_throughput": ("input_throughput", "tok/s"),
    "output_throughput": ("output_throughput", "tok/s"),
    "total_token_throughput": ("total_throughput", "tok/s"),
    "max_output_tokens_per_s": ("peak_output_throughput", "tok/s"),
    "max_concurrent_requests": ("peak_concurrent_requests", "count"),
    "concurrency": ("concurrency", "count"),
    "request_rate": ("request_rate", "req/s"),
    "max_concurrency": ("max_concurrency", "count"),
    "gpus": ("gpus", "count"),
}
"""``--save-result`` (vLLM) and JSON Lines (SGLang) keys → figure and unit."""

_JSON_SIGNS: Final = (
    '"output_throughput"',
    '"request_throughput"',
    '"total_input_tokens"',
    '"num_prompts"',
    '"burstiness"',
)
"""Keys that, beside ``"completed"``, mark a serving result (also a cut one)."""

_JSON_LABELS: Final = {"backend": "backend", "model_id": "model", "label": "label"}

_GENAI_ROWS: Final[dict[str, tuple[str, str]]] = {
    "time to first token": ("ttft", "ms"),
    "time to second token": ("ttst", "ms"),
    "inter token latency": ("itl", "ms"),
    "request latency": ("e2el", "ms"),
    "output sequence length": ("output_len", "tokens"),
    "input sequence length": ("input_len", "tokens"),
    "output token throughput": ("output_throughput", "tok/s"),
    "output token throughput per user": ("output_throughput_per_user", "tok/s"),
    "request throughput": ("request_throughput", "req/s"),
    "request goodput": ("request_goodput", "req/s"),
    "request count": ("successful_requests", "count"),
}
"""genai-perf row (lower case, unit in brackets removed) → figure and unit."""

_TO_MS: Final = {"ns": (1.0, 1e6), "us": (1.0, 1e3), "ms": (1.0, 1.0), "s": (1e3, 1.0)}
"""Time unit → (multiplier, divisor) to ms; early genai-perf printed ns
(``13,266,974`` ns is 13.266974 ms: divided, so the digits stay exact)."""
_GENAI_LABEL = re.compile(r"^(?P<name>.*?)\s*(?:\((?P<unit>[^)]*)\))?$")
_GENAI_MODEL = re.compile(r"Profiling these models: (?P<model>\S{1,200})")
_GENAI_CONCURRENCY = re.compile(r"--concurrency-range (?P<n>[0-9]+)\b")
_GENAI_RATE = re.compile(r"--request-rate-range (?P<rate>[0-9.]+)\b")
_GENAI_LINE = re.compile(
    r"^\s*(?P<label>[A-Za-z][A-Za-z ]*\([^)]*\)):\s*(?P<value>\S+)\s*$"
)


@dataclass
class _Run:
    """One run's figures as read, before they become measurements."""

    start: int
    figures: list[tuple[int, str, float, str]] = field(default_factory=list)
    tool: str | None = None
    labels: dict[str, str] = field(default_factory=dict)

    def names(self) -> set[str]:
        return {name for _, name, _, _ in self.figures}

    def add(self, line: int, name: str, value: float, unit: str) -> None:
        if name not in self.names():
            self.figures.append((line, name, value, unit))


def looks_like_serving_text(text: str) -> bool:
    """True for a vLLM or SGLang serving summary.

    Examples
    --------
    >>> looks_like_serving_text("== Serving Benchmark Result ==\\n")
    True
    >>> looks_like_serving_text("Serving benchmarks are fun")
    False
    """
    return any(_HEADER.match(line) for line in _lines_with(text, "Serving Benchmark"))


def _lines_with(text: str, needle: str) -> Iterator[str]:
    start = text.find(needle)
    while start >= 0:
        begin = text.rfind("\n", 0, start) + 1
        end = text.find("\n", start)
        yield text[begin : None if end < 0 else end]
        start = -1 if end < 0 else text.find(needle, end)


def looks_like_genai_perf(text: str) -> bool:
    """True for genai-perf's console table or its ``profile_export_genai_perf.csv``.

    Examples
    --------
    >>> looks_like_genai_perf("Metric,avg,min,max,p99\\n")
    True
    >>> looks_like_genai_perf("step,tokens_per_s,loss\\n")
    False
    """
    head = text.lstrip()[:200]
    if head.startswith("Metric,avg,"):
        return True
    return (
        "┃" in text[:20000]
        and "Statistic" in text[:20000]
        and ("GenAI-Perf" in text[:20000] or "oken throughput" in text)
    )


def looks_like_serving_json(body: str) -> bool:
    """True for a serving benchmark's JSON: vLLM ``--save-result``, SGLang's
    JSON Lines, genai-perf's ``profile_export_genai_perf.json``.

    Examples
    --------
    >>> looks_like_serving_json('{"completed": 3, "output_throughput": 9.5}')
    True
    >>> looks_like_serving_json('{"start": {}, "end": {}}')
    False
    """
    if '"completed"' in body and any(key in body for key in _JSON_SIGNS):
        return True
    return (
        '"request_throughput"' in body
        and '"unit"' in body
        and ('"request_latency"' in body or '"time_to_first_token"' in body)
    )


def parse_serving_text(text: str, file: str, node: str | None) -> list[Measurement]:
    """Every run of a vLLM or SGLang serving summary in ``text``.

    Examples
    --------
    >>> out = parse_serving_text(
    ...     "============ Serving Benchmark Result ============\\n"
    ...     "Successful requests:                     10\\n"
    ...     "Benchmark duration (s):                  1.76\\n"
    ...     "Request throughput (req/s):              5.69\\n"
    ...     "Output token throughput (tok/s):         1592.01\\n"
    ...     "P99 TTFT (ms):                           69.76\\n"
    ...     "==================================================\\n", "a.txt", None)
    >>> [(m.metric, m.value, m.unit) for m in out][-1]
    ('serving.ttft.p99', 69.76, 'ms')
    """
    runs: list[_Run] = []
    context: dict[str, tuple[int, str]] = {}
    run: _Run | None = None
    model: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if run is None:
            if _HEADER.match(line):
                run = _Run(start=number)
                _apply_context(run, context, file)
                context = {}
                continue
            found = _NAMESPACE_MODEL.search(line) if "Namespace(" in line else None
            model = found.group("model") if found else model
            _remember_setting(line, number, context)
            continue
        if _CLOSE.match(line):
            if model is not None:
                run.labels.setdefault("model", model)
            runs.append(_finished(run, file, REQUIRED))
            run = None
            continue
        _read_row(line, number, run, file)
    if run is not None:
        raise refusal(
            file, run.start, "io.results.serving.truncated", last=number_of_lines(text)
        )
    for run in runs:
        # SGLang names its backend and traffic inside the block; vLLM does not.
        run.tool = SGLANG_TOOL if "backend" in run.labels else VLLM_TOOL
    return _measurements(runs, VLLM_TOOL, file, node)


def number_of_lines(text: str) -> int:
    """Lines in ``text`` (a last line without its newline counts)."""
    return len(text.splitlines())


def _remember_setting(
    line: str, number: int, context: dict[str, tuple[int, str]]
) -> None:
    """vLLM prints ``Traffic request rate:`` and ``Maximum request concurrency:``
    before its summary; they belong to the next summary."""
    match = _ROW.match(line)
    if match and match.group("label").strip().lower() in _SETTINGS:
        context[match.group("label").strip().lower()] = (number, match.group("value"))


def _apply_context(run: _Run, context: dict[str, tuple[int, str]], file: str) -> None:
    for label, (number, value) in context.items():
        _setting(run, label, value, number, file)


def _setting(run: _Run, label: str, value: str, number: int, file: str) -> None:
    name, unit = _SETTINGS[label]
    word = value.strip()
    if word.lower() in {"inf", "infinity", "not set", "none", "n/a"}:
        run.labels[name] = word
        run.figures = [f for f in run.figures if f[1] != name]
        return
    run.figures = [f for f in run.figures if f[1] != name]
    run.add(number, name, _float(word, file, number, label), unit)


def _read_row(line: str, number: int, run: _Run, file: str) -> None:
    """One line of a summary: a figure, a setting, the backend, or a line this
    reader does not use (section titles, speculative-decoding details)."""
    if not line.strip() or _SECTION.match(line):
        return
    match = _ROW.match(line)
    if match is None:
        return
    label = " ".join(match.group("label").split()).lower()
    value = match.group("value")
    if label == "backend":
        run.labels["backend"] = value[:200]
        return
    if label in _SETTINGS:
        _setting(run, label, value, number, file)
        return
    latency = _LATENCY.match(label)
    if latency is not None:
        what = (
            "e2el" if latency.group("what") == "e2e latency" else latency.group("what")
        )
        name = f"{what}.{latency.group('stat')}"
        run.add(number, name, _float(value, file, number, match.group("label")), "ms")
        return
    if label in _FIGURES:
        name, unit = _FIGURES[label]
        run.add(number, name, _float(value, file, number, match.group("label")), unit)


def _finished(run: _Run, file: str, required: tuple[str, ...]) -> _Run:
    missing = [name for name in required if name not in run.names()]
    if missing:
        raise refusal(
            file,
            run.start,
            "io.results.serving.missing",
            missing=", ".join(missing),
        )
    return run


def _measurements(
    runs: list[_Run], tool: str, file: str, node: str | None
) -> list[Measurement]:
    if not runs:
        raise refusal(file, 1, "io.results.serving.no_runs")
    out: list[Measurement] = []
    for sample, run in enumerate(runs):
        for line, name, value, unit in run.figures:
            out.append(
                _measure(
                    file,
                    line,
                    tool=run.tool or tool,
                    metric=f"serving.{name}",
                    value=value,
                    unit=unit,
                    node=node,
                    sample=sample,
                    labels=run.labels,
                )
            )
    return out


# --- genai-perf ---------------------------------------------------------------------


def _genai_row(label: str) -> tuple[str, str, tuple[float, float]] | None:
    """Figure, unit and scale to the figure's unit of a genai-perf row title."""
    match = _GENAI_LABEL.match(" ".join(label.split()))
    if match is None:
        return None
    name = match.group("name").lower()
    unit = (match.group("unit") or "").lower()
    if name not in _GENAI_ROWS:
        return None
    figure, figure_unit = _GENAI_ROWS[name]
    scale = _TO_MS.get(unit, (1.0, 1.0)) if figure_unit == "ms" else (1.0, 1.0)
    return figure, figure_unit, scale


def _genai_number(text: str, file: str, line: int, what: str) -> float | None:
    """A genai-perf cell: ``1,146.31``; ``N/A`` (not computed) is None."""
    cell = text.strip()
    if cell.upper() == "N/A" or not cell:
        return None
    return _float(cell.replace(",", ""), file, line, what)


def _genai_cells(
    run: _Run, label: str, stats: list[str], cells: list[str], where: tuple[str, int]
) -> None:
    """One row of genai-perf's table or CSV: each statistic it prints."""
    file, number = where
    row = _genai_row(label)
    if row is None:
        return
    figure, unit, scale = row
    for stat, cell in zip(stats, cells, strict=False):
        value = _genai_number(cell, file, number, label)
        if value is None:
            continue
        scaled = value * scale[0] / scale[1]
        if figure in {"ttft", "ttst", "itl", "e2el", "output_len", "input_len"}:
            run.add(
                number, f"{figure}.{'mean' if stat == 'avg' else stat}", scaled, unit
            )
        elif stat in {"avg", "value"}:
            run.add(number, figure, scaled, unit)


def parse_genai_perf_text(text: str, file: str, node: str | None) -> list[Measurement]:
    """genai-perf's console table (and the throughput lines older versions print
    after it).

    Examples
    --------
    >>> table = ("┃ Statistic ┃ avg ┃ p99 ┃\\n"
    ...          "│ Request latency (ms) │ 348.00 │ 355.41 │\\n"
    ...          "│ Output token throughput (per sec) │ 45.84 │ N/A │\\n"
    ...          "│ Request throughput (per sec) │ 2.87 │ N/A │\\n"
    ...          "└──┘\\n")
    >>> [m.metric for m in parse_genai_perf_text(table, "g.txt", None)][:2]
    ['serving.e2el.mean', 'serving.e2el.p99']
    """
    if text.lstrip().startswith("Metric,"):
        return parse_genai_perf_csv(text, file, node)
    run = _Run(start=1)
    stats: list[str] | None = None
    open_at: int | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        _genai_context(line, run)
        stripped = line.strip()
        if "┃" in stripped and "Statistic" in stripped:
            stats = [c.strip().lower() for c in stripped.strip("┃").split("┃")][1:]
            open_at = number
        elif stripped.startswith("│") and stats is not None:
            cells = [c.strip() for c in stripped.strip("│").split("│")]
            _genai_cells(run, cells[0], stats, cells[1:], (file, number))
        elif stripped.startswith("└"):
            open_at = None
        elif (match := _GENAI_LINE.match(line)) is not None:
            _genai_cells(
                run,
                match.group("label"),
                ["avg"],
                [match.group("value")],
                (file, number),
            )
    if open_at is not None:
        raise refusal(
            file,
            open_at,
            "io.results.serving.genai_truncated",
            last=number_of_lines(text),
        )
    return _measurements([_genai_finished(run, file)], GENAI_PERF_TOOL, file, node)


def _genai_context(line: str, run: _Run) -> None:
    """The model, and the load genai-perf ran at, from its log lines."""
    if (model := _GENAI_MODEL.search(line)) is not None:
        run.labels["model"] = model.group("model")
    if (conc := _GENAI_CONCURRENCY.search(line)) is not None:
        run.add(0, "max_concurrency", float(conc.group("n")), "count")
    if (rate := _GENAI_RATE.search(line)) is not None:
        run.add(0, "request_rate", float(rate.group("rate")), "req/s")


def _genai_finished(run: _Run, file: str) -> _Run:
    missing = [name for name in GENAI_REQUIRED if name not in run.names()]
    if missing:
        raise refusal(
            file,
            run.start,
            "io.results.serving.genai_missing",
            missing=", ".join(missing),
        )
    return run


def parse_genai_perf_csv(text: str, file: str, node: str | None) -> list[Measurement]:
    """``profile_export_genai_perf.csv``: a ``Metric,avg,…`` part, then ``Metric,Value``.

    Examples
    --------
    >>> csv_text = ("Metric,avg,p99\\nRequest Latency (ms),\\"5,919.16\\",\\"5,933.31\\"\\n\\n"
    ...             "Metric,Value\\nOutput Token Throughput (per sec),86.48\\n"
    ...             "Request Throughput (per sec),0.17\\n")
    >>> [m.value for m in parse_genai_perf_csv(csv_text, "p.csv", None)]
    [5919.16, 5933.31, 86.48, 0.17]
    """
    run = _Run(start=1)
    stats: list[str] | None = None
    values_part = False
    rows = csv.reader(text.splitlines())
    for number, row in enumerate(rows, start=1):
        if not row or not "".join(row).strip():
            continue
        if row[0].strip() == "Metric":
            stats = [c.strip().lower() for c in row[1:]]
            values_part = values_part or stats == ["value"]
            continue
        if stats is None or (stats and stats[0] == "gpu"):
            continue
        _genai_cells(run, row[0], stats, row[1:], (file, number))
    if not values_part:
        last = number_of_lines(text)
        raise refusal(file, last, "io.results.serving.csv_no_values", last=last)
    return _measurements([_genai_finished(run, file)], GENAI_PERF_TOOL, file, node)


# --- JSON -----------------------------------------------------------------------------


def _documents(text: str, file: str) -> list[tuple[int, Any]]:
    """The JSON documents of ``text`` with their first line: one document, or
    JSON Lines (one per line, as SGLang and vLLM's ``--append-result`` write)."""
    body = text.strip()
    try:
        return [(1, json.loads(body))]
    except json.JSONDecodeError as exc:
        if exc.msg != "Extra data":
            raise refusal(
                file, exc.lineno, "io.results.json.bad", detail=exc.msg
            ) from None
    docs: list[tuple[int, Any]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            docs.append((number, json.loads(line)))
        except json.JSONDecodeError as exc:
            raise refusal(file, number, "io.results.json.bad", detail=exc.msg) from None
    return docs


def parse_serving_json(text: str, file: str, node: str | None) -> list[Measurement]:
    """vLLM's ``--save-result`` JSON, SGLang's JSON Lines or genai-perf's JSON export.

    Examples
    --------
    >>> doc = ('{"backend": "vllm", "model_id": "m", "request_rate": "inf", '
    ...        '"max_concurrency": 4, "completed": 10, "duration": 2.0, '
    ...        '"request_throughput": 5.0, "output_throughput": 900.0, '
    ...        '"p99_ttft_ms": 80.5, "gpus": "2"}')
    >>> out = parse_serving_json(doc, "r.json", None)
    >>> sorted(m.metric for m in out)[:3]
    ['serving.duration', 'serving.gpus', 'serving.max_concurrency']
    >>> out[0].labels["request_rate"], out[0].tool
    ('inf', 'vllm-bench-serve')
    """
    runs: list[_Run] = []
    tool = VLLM_TOOL
    for number, doc in _documents(text, file):
        if not isinstance(doc, dict):
            raise refusal(file, number, "io.results.json.not_object")
        if _is_genai_json(doc):
            runs.append(_genai_json_run(doc, number, file))
            tool = GENAI_PERF_TOOL
            continue
        if "dataset_name" in doc or "total_output_tokens_retokenized" in doc:
            tool = SGLANG_TOOL
        runs.append(_json_run(doc, number, file))
    return _measurements(runs, tool, file, node)


def _is_genai_json(doc: dict[str, Any]) -> bool:
    throughput = doc.get("request_throughput")
    return isinstance(throughput, dict) and "unit" in throughput


def _json_value(value: Any, key: str, file: str, line: int) -> float | None:
    """A number of the JSON; ``None`` (no value: no goodput target) is None."""
    if value is None:
        return None
    if isinstance(value, str):
        return _float(value.strip(), file, line, key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise refusal(file, line, "io.results.json.not_a_number", path=key)
    return float(value)


def _json_run(doc: dict[str, Any], number: int, file: str) -> _Run:
    run = _Run(start=number)
    for key, label in _JSON_LABELS.items():
        if isinstance(doc.get(key), str) and doc[key]:
            run.labels[label] = doc[key][:200]
    for key, value in doc.items():
        latency = _JSON_LATENCY.match(key)
        if latency is not None:
            what = latency.group("what")
            what = "e2el" if what == "e2e_latency" else what
            found = _json_value(value, key, file, number)
            if found is not None:
                run.add(number, f"{what}.{latency.group('stat')}", found, "ms")
            continue
        if key not in _JSON_FIGURES:
            continue
        name, unit = _JSON_FIGURES[key]
        if name in {"request_rate", "max_concurrency"} and (
            value is None
            or (isinstance(value, str) and not _is_number(value))
            or (isinstance(value, float) and math.isinf(value))
        ):
            run.labels[name] = "inf" if name == "request_rate" else "not set"
            continue
        found = _json_value(value, key, file, number)
        if found is not None:
            run.add(number, name, found, unit)
    missing = [
        k
        for k, (name, _) in _JSON_FIGURES.items()
        if name in REQUIRED and name not in run.names()
    ]
    if missing:
        raise refusal(
            file, number, "io.results.serving.json_missing", missing=", ".join(missing)
        )
    return run


def _is_number(text: str) -> bool:
    try:
        return math.isfinite(float(text))
    except ValueError:
        return False


def _genai_json_run(doc: dict[str, Any], number: int, file: str) -> _Run:
    run = _Run(start=number)
    for key, value in doc.items():
        if not isinstance(value, dict) or "unit" not in value:
            continue
        label = f"{key.replace('_', ' ')} ({value.get('unit', '')})"
        if key in {"request_throughput", "output_token_throughput", "request_count"}:
            label = key.replace("_", " ")
        stats = [k for k in value if k not in {"unit"}]
        cells = [str(value[k]) for k in stats]
        _genai_cells(run, label, stats, cells, (file, number))
    return _genai_finished(run, file)
