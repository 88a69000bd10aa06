"""The serving benchmarks' outputs: every figure a person reads, and the refusals.

The real outputs are in ``tests/data/real-samples/serving/`` (their sources
and the figures a person reads in ``tests/data/real-samples/SOURCES.md``).
JSON results and damaged copies are derived from them in the tests, and say so.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.io.results_import import (
    RefusalKind,
    ResultsImportError,
    detect_format,
    parse_results,
    parse_text,
    refusal_kind,
    summarize_files,
)
from gpu_advisor.model.project import Measurement
from tests.property_runs import examples

SERVING = Path(__file__).resolve().parents[1] / "data" / "real-samples" / "serving"

VLLM_OLD = "vllm-benchmark-serving-issue12845.txt"
VLLM_NEW = "vllm-bench-serve-failed1-pr2119.txt"
SGLANG = "sglang-oai-a100-rate16-kvcached-readme.txt"
GENAI_TABLE = "genai-perf-openai-chat-llama3.1-8b-triton-readme.txt"
GENAI_CSV = "genai-perf-profile-export-cloudai-ai-dynamo.csv"
GENAI_NS = "genai-perf-early-ns-triton-trtllm-gpt2-tutorial.txt"


def _text(name: str) -> str:
    return (SERVING / name).read_text(encoding="utf-8")


def _figures(ms: list[Measurement], sample: int = 0) -> dict[str, tuple[float, str]]:
    return {
        m.metric.removeprefix("serving."): (m.value, m.unit)
        for m in ms
        if (m.sample or 0) == sample
    }


def test_vllm_summary_of_early_2025_every_figure() -> None:
    ms = parse_results([SERVING / VLLM_OLD])
    assert {m.tool for m in ms} == {"vllm-bench-serve"}
    assert _figures(ms) == {
        "successful_requests": (772, "count"),
        "duration": (329.83, "s"),
        "total_input_tokens": (130743, "tokens"),
        "total_output_tokens": (174589, "tokens"),
        "request_throughput": (2.34, "req/s"),
        "output_throughput": (529.33, "tok/s"),
        "total_throughput": (925.72, "tok/s"),
        "ttft.mean": (249.49, "ms"),
        "ttft.median": (201.98, "ms"),
        "ttft.p99": (953.35, "ms"),
        "tpot.mean": (108.19, "ms"),
        "tpot.median": (108.15, "ms"),
        "tpot.p99": (169.89, "ms"),
        "itl.mean": (105.85, "ms"),
        "itl.median": (80.62, "ms"),
        "itl.p99": (340.52, "ms"),
    }


def test_recent_vllm_summary_with_failed_requests_and_peaks() -> None:
    ms = parse_results([SERVING / VLLM_NEW])
    figures = _figures(ms)
    assert figures["successful_requests"] == (999, "count")
    assert figures["failed_requests"] == (1, "count")
    assert figures["max_concurrency"] == (64, "count")
    assert figures["duration"] == (1.33, "s")
    assert figures["request_throughput"] == (753.73, "req/s")
    assert figures["output_throughput"] == (96480.56, "tok/s")
    assert figures["peak_output_throughput"] == (92826.00, "tok/s")
    assert figures["peak_concurrent_requests"] == (778.00, "count")
    assert figures["total_throughput"] == (192958.09, "tok/s")
    assert figures["ttft.p99"] == (88.68, "ms")
    assert figures["tpot.median"] == (0.05, "ms")
    assert figures["itl.p99"] == (5.26, "ms")
    assert len(figures) == 20


def test_sglang_summary_names_backend_rate_and_an_unset_cap() -> None:
    ms = parse_results([SERVING / SGLANG])
    assert {m.tool for m in ms} == {"sglang-bench-serving"}
    assert ms[0].labels == {"backend": "sglang-oai", "max_concurrency": "not set"}
    assert _figures(ms) == {
        "request_rate": (16.0, "req/s"),
        "successful_requests": (960, "count"),
        "duration": (64.54, "s"),
        "total_input_tokens": (931890, "tokens"),
        "total_output_tokens": (76078, "tokens"),
        "request_throughput": (14.87, "req/s"),
        "input_throughput": (14439.01, "tok/s"),
        "output_throughput": (1178.78, "tok/s"),
        "total_throughput": (15617.79, "tok/s"),
        "concurrency": (20.95, "count"),
        "e2el.mean": (1408.25, "ms"),
        "e2el.median": (1316.92, "ms"),
        "ttft.mean": (91.67, "ms"),
        "ttft.median": (75.73, "ms"),
        "ttft.p99": (416.68, "ms"),
        "itl.mean": (16.93, "ms"),
        "itl.median": (8.03, "ms"),
        "itl.p95": (51.85, "ms"),
        "itl.p99": (152.85, "ms"),
        "itl.max": (954.80, "ms"),
    }


def test_genai_perf_console_table_with_model_and_concurrency() -> None:
    ms = parse_results([SERVING / GENAI_TABLE])
    assert {m.tool for m in ms} == {"genai-perf"}
    assert ms[0].labels == {"model": "llama-3.1-8b-instruct"}
    figures = _figures(ms)
    assert figures["max_concurrency"] == (1, "count")
    expected = {
        "ttft": (71.66, 64.32, 86.52, 76.13, 74.92, 73.26),
        "itl": (18.47, 18.25, 18.72, 18.67, 18.61, 18.53),
        "e2el": (348.00, 274.60, 362.27, 355.41, 352.29, 350.66),
    }
    for what, values in expected.items():
        for stat, value in zip(
            ("mean", "min", "max", "p99", "p90", "p75"), values, strict=True
        ):
            assert figures[f"{what}.{stat}"] == (value, "ms")
    assert figures["output_len.mean"] == (15.96, "tokens")
    assert figures["input_len.mean"] == (549.66, "tokens")
    assert figures["output_throughput"] == (45.84, "tok/s")
    assert figures["request_throughput"] == (2.87, "req/s")


def test_genai_perf_csv_with_thousands_separators() -> None:
    ms = parse_results([SERVING / GENAI_CSV])
    figures = _figures(ms)
    assert figures["ttft.mean"] == (1146.31, "ms")
    assert figures["ttft.p95"] == (3349.56, "ms")
    assert figures["ttft.p50"] == (640.07, "ms")
    assert figures["ttst.p95"] == (36.56, "ms")
    assert figures["itl.p95"] == (33.88, "ms")
    assert figures["e2el.p95"] == (9046.58, "ms")
    assert figures["input_len.mean"] == (3000.05, "tokens")
    assert figures["output_len.mean"] == (174.45, "tokens")
    assert figures["output_throughput"] == (261.25, "tok/s")
    assert figures["request_throughput"] == (1.50, "req/s")
    assert figures["successful_requests"] == (40, "count")


def test_formats_are_detected() -> None:
    assert detect_format(_text(VLLM_OLD)) == "serving"
    assert detect_format(_text(SGLANG)) == "serving"
    assert detect_format(_text(GENAI_TABLE)) == "genai-perf"
    assert detect_format(_text(GENAI_CSV)) == "genai-perf"
    assert detect_format(_vllm_json()) == "serving-json"


def test_import_list_shows_the_throughputs() -> None:
    summary = summarize_files(parse_results([SERVING / SGLANG]))[0]
    assert [k.metric for k in summary.key_values] == [
        "serving.request_throughput",
        "serving.output_throughput",
        "serving.ttft.p99",
    ]


def test_runs_pasted_together_are_told_apart() -> None:
    """A sweep's summaries in one file (here the vLLM run pasted twice, the
    second after vLLM's own rate and concurrency lines) are two runs."""
    text = (
        _text(VLLM_OLD)
        + "Traffic request rate: 4.0\nMaximum request concurrency: 32\n"
        + _text(VLLM_OLD)
    )
    ms = parse_text(text, "sweep.txt")
    assert {m.sample for m in ms} == {0, 1}
    assert "request_rate" not in _figures(ms, 0)
    assert _figures(ms, 1)["request_rate"] == (4.0, "req/s")
    assert _figures(ms, 1)["max_concurrency"] == (32, "count")


def test_a_rate_of_inf_is_a_label_not_a_number() -> None:
    text = "Traffic request rate: inf\n" + _text(VLLM_OLD)
    ms = parse_text(text, "inf.txt")
    assert ms[0].labels == {"request_rate": "inf"}
    assert "request_rate" not in _figures(ms)


def test_old_vllm_namespace_line_names_the_model() -> None:
    text = (
        "Namespace(backend='vllm', model='meta-llama/Llama-2-7b-chat-hf', "
        "num_prompts=200)\n" + _text(VLLM_OLD)
    )
    assert parse_text(text, "ns.txt")[0].labels == {
        "model": "meta-llama/Llama-2-7b-chat-hf"
    }


# --- JSON (derived from the real runs, with the keys each tool writes) ----------------


def _vllm_json(**extra: object) -> str:
    """The issue-12845 run as ``vllm bench serve --save-result --metadata gpus=1``
    would save it (keys of ``vllm/benchmarks/serve.py``); derived, not published."""
    doc: dict[str, object] = {
        "date": "20250206-120000",
        "backend": "vllm",
        "model_id": "served-model",
        "num_prompts": 772,
        "gpus": "1",
        "request_rate": "inf",
        "burstiness": 1.0,
        "max_concurrency": None,
        "duration": 329.83,
        "completed": 772,
        "total_input_tokens": 130743,
        "total_output_tokens": 174589,
        "request_throughput": 2.34,
        "request_goodput": None,
        "output_throughput": 529.33,
        "total_token_throughput": 925.72,
        "mean_ttft_ms": 249.49,
        "median_ttft_ms": 201.98,
        "std_ttft_ms": 150.0,
        "p99_ttft_ms": 953.35,
        "mean_tpot_ms": 108.19,
        "median_tpot_ms": 108.15,
        "p99_tpot_ms": 169.89,
    }
    doc.update(extra)
    return json.dumps(doc, indent=2)


def test_vllm_save_result_json() -> None:
    ms = parse_text(_vllm_json(), "run.json")
    figures = _figures(ms)
    assert {m.tool for m in ms} == {"vllm-bench-serve"}
    assert ms[0].labels == {
        "backend": "vllm",
        "model": "served-model",
        "request_rate": "inf",
        "max_concurrency": "not set",
    }
    assert figures["gpus"] == (1, "count")
    assert figures["successful_requests"] == (772, "count")
    assert figures["output_throughput"] == (529.33, "tok/s")
    assert figures["ttft.p99"] == (953.35, "ms")
    assert figures["tpot.median"] == (108.15, "ms")
    assert "request_goodput" not in figures


def test_sglang_json_lines_with_infinity() -> None:
    """Two lines of SGLang's ``--output-file`` (``request_rate`` is the float
    ``Infinity`` it writes), with the figures of the real SGLang sample."""
    line = {
        "backend": "sglang-oai",
        "dataset_name": "random",
        "request_rate": float("inf"),
        "max_concurrency": 16,
        "duration": 64.54,
        "completed": 960,
        "total_input_tokens": 931890,
        "total_output_tokens": 76078,
        "total_output_tokens_retokenized": 75616,
        "request_throughput": 14.87,
        "input_throughput": 14439.01,
        "output_throughput": 1178.78,
        "mean_e2e_latency_ms": 1408.25,
        "p99_ttft_ms": 416.68,
        "p95_itl_ms": 51.85,
        "concurrency": 20.95,
    }
    text = json.dumps(line) + "\n" + json.dumps({**line, "request_rate": 8.0}) + "\n"
    ms = parse_text(text, "sglang.jsonl")
    assert {m.tool for m in ms} == {"sglang-bench-serving"}
    assert _figures(ms, 0)["e2el.mean"] == (1408.25, "ms")
    assert _figures(ms, 0)["max_concurrency"] == (16, "count")
    assert [m.labels for m in ms if m.metric == "serving.duration"] == [
        {"backend": "sglang-oai", "request_rate": "inf"},
        {"backend": "sglang-oai"},
    ]
    assert _figures(ms, 1)["request_rate"] == (8.0, "req/s")


def test_genai_perf_json_export() -> None:
    """``profile_export_genai_perf.json`` with the figures of the real CSV sample."""
    doc = {
        "time_to_first_token": {"unit": "ms", "avg": 1146.31, "p95": 3349.56},
        "inter_token_latency": {"unit": "ms", "avg": 30.35, "p95": 33.88},
        "request_latency": {"unit": "ms", "avg": 6406.2, "p95": 9046.58},
        "output_token_throughput": {"unit": "tokens/sec", "avg": 261.25},
        "request_throughput": {"unit": "requests/sec", "avg": 1.5},
        "request_count": {"unit": "count", "avg": 40.0},
        "input_config": {"model": ["m"]},
    }
    ms = parse_text(json.dumps(doc, indent=2), "profile_export_genai_perf.json")
    figures = _figures(ms)
    assert {m.tool for m in ms} == {"genai-perf"}
    assert figures["ttft.p95"] == (3349.56, "ms")
    assert figures["output_throughput"] == (261.25, "tok/s")
    assert figures["request_throughput"] == (1.5, "req/s")
    assert figures["successful_requests"] == (40, "count")


# --- refusals -----------------------------------------------------------------------------


def _refusal(text: str, name: str) -> ResultsImportError:
    with pytest.raises(ResultsImportError) as caught:
        parse_text(text, name)
    return caught.value


def test_a_summary_cut_before_its_closing_line_is_refused() -> None:
    lines = _text(VLLM_OLD).splitlines(keepends=True)
    error = _refusal("".join(lines[:12]), "cut.txt")
    assert str(error).startswith("cut.txt:1: an interrupted run or a cut-off copy")
    assert "stops at line 12" in str(error)
    assert refusal_kind(error.reason) is RefusalKind.NO_RESULT


def test_a_summary_without_its_throughput_is_refused_naming_it() -> None:
    text = "".join(
        line
        for line in _text(SGLANG).splitlines(keepends=True)
        if not line.startswith("Output token throughput")
    )
    error = _refusal(text, "edited.txt")
    assert str(error) == (
        "edited.txt:1: the serving summary that starts here has no "
        "output_throughput line (every vLLM and SGLang summary prints it)"
    )


def test_a_garbled_figure_names_its_line() -> None:
    text = _text(VLLM_OLD).replace("2.34", "2.3x")
    error = _refusal(text, "garbled.txt")
    assert error.line == 6
    assert "Request throughput (req/s): not a number: '2.3x'" in str(error)


def test_a_genai_perf_table_without_its_bottom_is_refused() -> None:
    text = "".join(
        line
        for line in _text(GENAI_TABLE).splitlines(keepends=True)
        if not line.startswith("└")
    )
    error = _refusal(text, "table.txt")
    assert error.line == 5
    assert "genai-perf table that starts here has no closing line" in str(error)


def test_a_genai_perf_csv_without_its_throughputs_is_refused() -> None:
    text = _text(GENAI_CSV).split("\n\n")[0] + "\n"
    error = _refusal(text, "profile_export_genai_perf.csv")
    assert "no 'Metric,Value' part with the throughputs" in str(error)
    assert error.line == 7


def test_a_json_result_without_its_throughput_is_refused() -> None:
    doc = json.loads(_vllm_json())
    del doc["request_throughput"]
    error = _refusal(json.dumps(doc), "run.json")
    assert "has no request_throughput" in str(error)


@pytest.mark.parametrize(
    "name", [VLLM_OLD, VLLM_NEW, SGLANG, GENAI_TABLE, GENAI_CSV, GENAI_NS]
)
def test_every_complete_real_output_is_read(name: str) -> None:
    """A complete output is never refused (never called cut or edited)."""
    assert parse_results([SERVING / name])


@settings(max_examples=examples(ci=25, deep=300), deadline=None)
@given(
    name=st.sampled_from([VLLM_OLD, VLLM_NEW, SGLANG]),
    keep=st.integers(min_value=1, max_value=27),
)
def test_any_cut_inside_a_summary_is_refused_as_cut(name: str, keep: int) -> None:
    """Every copy that ends inside the block is refused as interrupted or
    cut off, with its file name, and never read as a complete run."""
    lines = _text(name).splitlines(keepends=True)
    header = next(i for i, line in enumerate(lines) if "Serving Benchmark" in line)
    cut = min(header + keep, len(lines) - 1)
    error = _refusal("".join(lines[:cut]), "part.txt")
    assert str(error).startswith("part.txt:")
    assert "cut-off copy" in str(error) or "no result" in str(error)


def test_a_json_result_cut_short_is_refused_as_bad_json() -> None:
    text = _vllm_json()
    error = _refusal(text[: len(text) // 2], "run.json")
    assert str(error).startswith("run.json:")
    assert "bad JSON" in str(error)


def test_the_tool_is_told_per_run() -> None:
    """A vLLM and an SGLang summary pasted into one file stay apart."""
    ms = parse_text(_text(VLLM_OLD) + _text(SGLANG), "both.txt")
    assert {(m.sample, m.tool) for m in ms} == {
        (0, "vllm-bench-serve"),
        (1, "sglang-bench-serving"),
    }


def test_early_genai_perf_in_nanoseconds_with_throughputs_below_the_table() -> None:
    """genai-perf of mid-2024 (Triton client tutorial): latencies in ns,
    throughputs on lines after the table."""
    ms = parse_results([SERVING / GENAI_NS])
    figures = _figures(ms)
    assert figures["ttft.mean"] == (13.266974, "ms")
    assert figures["ttft.p99"] == (16.513479, "ms")
    assert figures["itl.min"] == (0.042023, "ms")
    assert figures["e2el.p90"] == (229.676183, "ms")
    assert figures["output_len.mean"] == (104, "tokens")
    assert figures["input_len.max"] == (199, "tokens")
    assert figures["output_throughput"] == (460.42, "tok/s")
    assert figures["request_throughput"] == (4.44, "req/s")
    assert len(figures) == 32
