"""Every figure the import list shows for a file is named in words, in both
languages (issue #34: no tool key such as ``all_reduce.out_of_place.busbw``
in the window)."""

from __future__ import annotations

import pytest

from gpu_advisor.io.results_import import _KEY_METRICS
from gpu_advisor.words.metrics import measured_figure, metric_name
from tests.reader_text import problems

SAMPLES = {
    "nccl-tests": "all_reduce.out_of_place.busbw",
    "iperf3": "tcp.received",
    "fio": "seq_read_local.read.bw",
    "nvidia-smi": "temperature.gpu",
    "dcgmi": "hardware.memory",
    "dcgmi-dmon": "dmon.tensor_active",
    "nvidia-smi-dmon": "dmon.gtemp",
    "gpu-probe": "bf16_matmul",
    "train-log": "tokens_per_s",
    "vllm-bench-serve": "output_throughput",
    "sglang-bench-serving": "ttft.p99",
    "genai-perf": "request_throughput",
}


def _keys() -> list[tuple[str, str]]:
    """Each tool's key metrics as the parsers write them (a name from the
    file before an ending that starts with a dot)."""
    out = []
    for tool, endings in _KEY_METRICS.items():
        for ending in endings:
            if not ending:
                out.append((tool, SAMPLES[tool]))
            else:
                out.append((tool, f"job{ending}" if ending.startswith(".") else ending))
    return out


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize(("tool", "metric"), _keys())
def test_each_key_figure_is_named_in_words(
    tool: str, metric: str, language: str
) -> None:
    name = metric_name(tool, metric, language)
    assert name != metric, (tool, metric)
    shown = measured_figure(tool, metric, "1", "GB/s", language)
    assert problems(shown, language) == [], shown


def test_a_diagnostic_reads_as_its_verdict() -> None:
    unit = "1=pass 0.5=warn or skip 0=fail"
    assert measured_figure("dcgmi", "hardware.pcie", "0", unit, "zh") == (
        "诊断项「pcie」：不通过"
    )
    assert measured_figure("dcgmi", "hardware.pcie", "0.5", unit, "en") == (
        "diagnostic pcie: warn or skipped"
    )


def test_a_key_no_rule_knows_stays_as_the_tool_wrote_it() -> None:
    assert metric_name("new-tool", "odd.key", "zh") == "odd.key"
