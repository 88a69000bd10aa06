"""Held-out TensorRT-LLM v1.0 rows (issue #31): Llama 3.3 70B, Llama 3.1 405B
and the MoE Qwen3-235B-A22B on H100 and H200 at nine input/output lengths
the calibration never fitted (``tests/data/real-samples/trtllm-perf``, see
SOURCES.md). The acceptance figure: the median |error| of output tokens/s
within 25 %, over all rows and per model.
"""

from __future__ import annotations

import statistics

import pytest

from benchmarks.trtllm_heldout import (
    TABLES,
    errors_by_model,
    held_out_runs,
    heldout_table,
    read_tables,
)
from gpu_advisor.io.catalog import load_catalog

CATALOG = load_catalog()
ROWS = read_tables(TABLES.read_text(encoding="utf-8"))


def test_the_tables_read_as_a_person_reads_them() -> None:
    cells = {
        (r.model, r.gpu_id, r.tp, r.prompt, r.output): r.tokens_per_s for r in ROWS
    }
    assert cells["Llama 3.1 405B", "H200-141GB-SXM", 8, 128, 2048] == 5348
    assert cells["Llama 3.3 70B", "H100-80GB-SXM", 2, 20000, 2000] == 437
    assert cells["Qwen3-235B-A22B", "H200-141GB-SXM", 8, 5000, 500] == 3623
    # an empty cell (Qwen3 on H100 at 128/128) is no row; FP4 columns are not read
    assert ("Qwen3-235B-A22B", "H100-80GB-SXM", 8, 128, 128) not in cells
    assert len(ROWS) == 20 + 17 + 20


def test_rows_the_calibration_fits_are_left_out() -> None:
    runs = held_out_runs(CATALOG)
    assert len(runs) == len(ROWS) - 4  # the four 1,000/1,000 rows of the catalog
    assert not any(
        r.prompt_tokens == 1000
        and r.output_tokens == 1000
        and r.gpu_id.startswith("H100")
        for r in runs
    )


def test_median_error_within_25_percent_overall_and_per_model() -> None:
    by_model = errors_by_model(CATALOG)
    assert set(by_model) == {"Llama 3.3 70B", "Llama 3.1 405B", "Qwen3-235B-A22B"}
    every = [abs(e) for errs in by_model.values() for e in errs]
    assert statistics.median(every) <= 0.25
    for model, errs in by_model.items():
        assert statistics.median(abs(e) for e in errs) <= 0.25, model


def test_the_benchmark_prints_every_row_with_its_source() -> None:
    text = heldout_table(CATALOG)
    for run in held_out_runs(CATALOG):
        assert run.id in text
    assert "trtllm-perf-v1.0" in text
    assert text.count("median |error|") == 4


@pytest.mark.parametrize("model", ["Llama 3.1 405B", "Qwen3-235B-A22B"])
def test_the_larger_and_moe_models_are_held_out(model: str) -> None:
    assert len(errors_by_model(CATALOG)[model]) >= 15
