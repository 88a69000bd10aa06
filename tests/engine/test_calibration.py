"""Default-MFU estimates against published training runs (catalog reference_runs)."""

from __future__ import annotations

import statistics

import pytest

from gpu_advisor.engine.sizing import size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import Workload

CAT = load_catalog()
MEDIAN_ERROR_BOUND = 0.20
"""Median absolute relative error allowed over the reference runs (measured: 16 %)."""


def _estimate(run):
    w = Workload(
        task="pretrain",
        model_preset=run.model_id,
        gpu_id=run.gpu_id,
        tokens_billion=run.tokens_billion,
        seq_len=run.seq_len,
        gpu_candidates=[],
    )
    return size_workload(w, CAT).compute.gpu_hours


def test_reference_runs_present():
    ids = {r.id for r in CAT.reference_runs}
    assert {
        "llama2-7b",
        "llama2-13b",
        "llama2-70b",
        "llama3.1-405b",
        "deepseek-v3",
    } <= ids


def test_median_error_below_bound():
    errors = [abs(_estimate(r) / r.gpu_hours - 1) for r in CAT.reference_runs]
    assert statistics.median(errors) < MEDIAN_ERROR_BOUND


@pytest.mark.parametrize(
    ("run_id", "low", "high"),
    [
        ("llama2-7b", 0.0, 0.25),
        ("llama2-13b", 0.0, 0.15),
        ("llama2-70b", 0.05, 0.25),
        ("llama3.1-405b", -0.05, 0.10),
        ("deepseek-v3", 0.1, 0.3),
    ],
)
def test_run_error_band(run_id, low, high):
    run = next(r for r in CAT.reference_runs if r.id == run_id)
    assert low <= _estimate(run) / run.gpu_hours - 1 <= high
