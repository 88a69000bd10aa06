"""The MFU model against published pre-training runs (catalog reference runs).

Every run the model is fitted to is confirmed: its GPU-hours, GPU type, tokens
and sequence length were read in the cited paper, model card or report, and
each citation records where (table or section). A run whose figures could not
be read in their source (``confirmed: false``) is never fitted: it is a
held-out check, as are the runs below that the catalog does not carry.

The model is ``ln MFU = ln default_mfu(generation) + b·ln(N/70e9)·ln(peak/312)
− c·ln(seq/4096)`` (:func:`gpu_advisor.engine.sizing.compute.modelled_mfu`,
fitted by :mod:`gpu_advisor.engine.sizing.calibration`) with model FLOPs
``6N + 6·L·s·w`` (causal, Megatron-LM's count;
:func:`gpu_advisor.engine.sizing.compute.model_flops_per_token`), the engine's
recompute factor for a run whose source states full activation recompute, and
the published FP8 speed-up for a run whose source states FP8 matrix multiplies.

Three figures are checked, and given to the README by
``benchmarks/bench_training_calibration.py``:

- in sample: the shipped constants, fitted on all confirmed runs, through
  :func:`gpu_advisor.engine.sizing.size.size_workload`;
- leave-one-out: each run estimated by a model refitted without it, and its
  P10–P90 range built from the leave-one-out residuals of the others only
  (nested, so the run never shapes its own band);
- held out: runs never fitted.
"""

from __future__ import annotations

import math
import re
import statistics
from functools import cache

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gpu_advisor.engine.sizing import calibration as cal
from gpu_advisor.engine.sizing import compute as cmp
from gpu_advisor.engine.sizing.size import resolve_shape, size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.catalog import ReferenceRun
from gpu_advisor.model.project import Precision, Recompute, TaskKind
from gpu_advisor.model.sizing_results import ComputeResult

CAT = load_catalog()
ALL_RUNS = CAT.reference_runs
RUNS = [r for r in ALL_RUNS if r.provenance.confirmed]
HELD_OUT = [r for r in ALL_RUNS if not r.provenance.confirmed]
MEDIAN_ERROR_BOUND = 0.12
"""Median absolute GPU-hour error allowed (issue #32; measured on the 22
confirmed runs: 5.1 % in sample, 8.9 % leave-one-out)."""
COVERAGE_BOUND = 0.80
"""Share of runs that must fall inside their out-of-sample P10–P90 range
(measured: 20 of 22 = 91 %)."""
LOCATION = re.compile(
    r"\b(Table|Section|section|table|README|config|Abstract|Training)\b|\.slurm"
)
"""Every citation of a run says where the figure was read."""


@cache
def _fit() -> cal.Calibration:
    return cal.calibrate(RUNS, CAT)


def _estimate(run: ReferenceRun) -> ComputeResult:
    return size_workload(cal.run_workload(run), CAT).compute


def _loo_error(run_id: str) -> float:
    """Estimate/published GPU-hours − 1 with the run left out of the fit."""
    fit = _fit()
    i = [p.run_id for p in fit.points].index(run_id)
    return math.exp(float(fit.loo[i])) - 1


def test_at_least_fifteen_confirmed_cited_runs():
    assert len(RUNS) >= 15
    assert len({r.id for r in ALL_RUNS}) == len(ALL_RUNS)
    for run in ALL_RUNS:
        assert run.provenance.source, run.id
        assert run.provenance.citations, run.id
        for cite in run.provenance.citations:
            assert cite.url.startswith("https://"), run.id
            assert LOCATION.search(cite.observed), (run.id, cite.observed)
        assert run.gpu_hours > 0
        assert run.tokens_billion > 0
    for run in HELD_OUT:
        # what could not be read in the source says so
        assert "not" in run.provenance.note, run.id


def test_calibration_spans_sizes_generations_and_moe():
    """Small models, both calibrated generations and MoE runs given by their
    shape are all in the fit, so none of them is an extrapolation."""
    shapes = [resolve_shape(cal.run_workload(r), CAT)[0] for r in RUNS]
    active = [cmp.matmul_params(s) for s in shapes]
    assert min(active) < 1.5e9
    assert max(active) > 150e9
    assert {CAT.gpu(r.gpu_id).arch for r in RUNS} == {"Ampere", "Hopper"}
    moe = [s for s in shapes if s.params_total > 2 * s.params_active]
    assert len(moe) >= 3
    # described by their experts, as a Hugging Face config gives them
    assert all(s.experts and s.active_experts for s in moe)


def test_no_model_family_dominates():
    """No model generation has more than four runs, and at least six labs
    publish them; Meta publishes 12 of the 22 (LLaMA, Llama 2, Llama 3,
    OPT)."""
    families = [r.id.split("-")[0] for r in RUNS]
    assert max(families.count(f) for f in set(families)) <= 4
    labs = [r.provenance.citations[0].publisher for r in RUNS]
    assert len(set(labs)) >= 6
    assert labs.count("Meta AI") == 12


def test_shipped_constants_are_the_fit():
    fit = _fit()
    assert fit.coef[-2] == pytest.approx(cmp.MFU_MODEL_SIZE_COEF, abs=0.002)
    assert -fit.coef[-1] == pytest.approx(cmp.MFU_MODEL_SEQ_COEF, abs=0.002)
    offsets = dict(zip(fit.generations, np.exp(fit.coef[:-2]), strict=True))
    for run in RUNS:
        gpu = CAT.gpu(run.gpu_id)
        assert gpu.default_mfu == pytest.approx(offsets[gpu.arch], abs=0.002), gpu.id
    assert fit.sigma == pytest.approx(cmp.MFU_MODEL_LOG_SIGMA, abs=0.002)
    assert len(RUNS) == cmp.CALIBRATION_RUNS
    assert sum(fit.inside()) == cmp.CALIBRATION_RUNS_INSIDE


def test_a100_has_no_size_slope_of_its_own():
    """The size term is scaled by the card's speed, so it vanishes on the
    A100: fitted on the A100 runs alone (with the sequence term), a free
    ``ln N`` slope is within ±0.06 of none (it fits −0.04), while the
    H100/H800 runs alone fit 0.18, near the shipped ``b · ln(989.4/312)``."""
    for arch, low, high in (("Ampere", -0.06, 0.06), ("Hopper", 0.12, 0.24)):
        points = [cal.run_point(r, CAT) for r in RUNS if CAT.gpu(r.gpu_id).arch == arch]
        x = np.array([[1.0, math.log(p.active_params), p.seq] for p in points])
        y = np.array([p.ln_mfu for p in points])
        assert low <= cal.lad(x, y)[1] <= high, arch
    shipped = cmp.MFU_MODEL_SIZE_COEF * math.log(989.4 / 312.0)
    assert 0.12 <= shipped <= 0.24


def test_median_error_in_sample():
    errors = [abs(_estimate(r).gpu_hours / r.gpu_hours - 1) for r in RUNS]
    assert statistics.median(errors) <= MEDIAN_ERROR_BOUND


def test_band_in_sample():
    for run in RUNS:
        c = _estimate(run)
        assert c.gpu_hours_p10 is not None
        assert c.gpu_hours_p90 is not None
        assert c.gpu_hours_p10 < c.gpu_hours < c.gpu_hours_p90
        assert c.gpu_hours_p90 / c.gpu_hours == pytest.approx(
            math.exp(cmp.Z_P90 * cmp.MFU_MODEL_LOG_SIGMA)
        )


def test_leave_one_out_error_and_coverage():
    fit = _fit()
    errors = [abs(math.exp(float(r)) - 1) for r in fit.loo]
    assert statistics.median(errors) <= MEDIAN_ERROR_BOUND
    assert sum(fit.inside()) / len(errors) >= COVERAGE_BOUND


def test_leave_one_out_holds_for_small_models_and_moe():
    """Out of sample, the runs that were furthest off before: the MoE runs
    given by their shape (JetMoE −31 % and DeepSeek-V3 +31 % then) and the
    ~1B models. Granite 3.0 2B stays an outlier: it ran at 0.30 of the H100
    peak, faster than Granite 3.0 8B (0.21) on the same cluster, which no
    size term can follow (+76 % left out)."""
    moe = [p.run_id for p in _fit().points if p.moe]
    assert len(moe) == 5
    for run_id in moe:
        assert abs(_loo_error(run_id)) <= 0.15, run_id
    for run_id in ("tinyllama-1.1b", "granite-3.0-1b-a400m"):
        assert abs(_loo_error(run_id)) <= 0.35, run_id
    assert _loo_error("granite-3.0-2b") > 0.5


def test_full_recompute_run_is_sized_with_it():
    """BLOOM's training script recomputed every layer: estimated without the
    recompute factor it would miss by a further third."""
    run = next(r for r in RUNS if r.id == "bloom-176b")
    with_recompute = _estimate(run).gpu_hours
    without = size_workload(
        cal.run_workload(run).model_copy(update={"recompute": Recompute.SELECTIVE}),
        CAT,
    ).compute.gpu_hours
    assert with_recompute / without == pytest.approx(4 / 3, rel=0.01)


def test_fp8_run_is_sized_as_fp8():
    """DeepSeek-V3 ran its matrix multiplies in FP8: entered at the BF16 peak
    it came out 31 % over its published hours; entered as it ran, with the
    published FP8 speed-up, within 10 %."""
    run = next(r for r in RUNS if r.id == "deepseek-v3")
    assert run.precision is Precision.FP8
    as_bf16 = size_workload(
        cal.run_workload(run).model_copy(update={"precision": Precision.BF16}), CAT
    ).compute.gpu_hours
    as_run = _estimate(run).gpu_hours
    assert as_bf16 / as_run == pytest.approx(cmp.FP8_TRAINING_SPEEDUP, rel=1e-3)
    assert abs(as_run / run.gpu_hours - 1) <= 0.10


@pytest.mark.parametrize(
    ("run_id", "low", "high"),
    [
        ("llama2-7b", -0.05, 0.10),
        ("llama2-70b", 0.05, 0.20),
        ("llama3-8b", -0.15, 0.05),
        ("llama3.1-405b", -0.05, 0.05),
        ("deepseek-v3", -0.10, 0.05),
        ("jetmoe-8b", 0.05, 0.20),
        ("granite-3.0-1b-a400m", -0.05, 0.05),
        ("tinyllama-1.1b", 0.05, 0.20),
        ("bloom-176b", -0.15, 0.0),
        ("opt-175b", -0.60, -0.50),
    ],
)
def test_run_error_band(run_id, low, high):
    """Estimate/published − 1 in sample for runs a reader will look for.
    Llama 3 8B was 43 % under before the size term (0.17 of the H100 peak);
    TinyLlama's figure is its throughput at 56 % MFU, above the A100 line;
    OPT-175B's published hours include the restarts its logbook records, far
    beyond the MFU model (the ×1.5 redundancy figure is for those)."""
    run = next(r for r in RUNS if r.id == run_id)
    assert low <= _estimate(run).gpu_hours / run.gpu_hours - 1 <= high


@pytest.mark.parametrize(
    ("run_id", "low", "high", "inside"),
    [
        ("starcoderbase-15b", -0.20, -0.05, True),
        ("mpt-7b", -0.30, -0.10, True),
        ("pythia-1b", -0.40, -0.20, False),
    ],
)
def test_held_out_run(run_id, low, high, inside):
    """Runs never fitted (their figures were read in copies or citing
    sources, not in their own source): StarCoderBase 15.5B (512 A100, 1T
    tokens at 8,192, multi-query attention, 320,256 GPU-hours; 32 % under
    without the sequence term), MPT-7B (440 A100-40GB for about 9.5 days, 1T
    tokens at 2,048) and Pythia 1B (4,830 A100-40GB hours for 300B tokens,
    as TinyLlama's README quotes the Pythia paper). All three come out under
    their published hours; Pythia, at 0.32 of the A100 peak where TinyLlama
    reached 0.52 at the same size, falls outside the shipped P10–P90 range."""
    run = next(r for r in HELD_OUT if r.id == run_id)
    assert run.id not in {p.run_id for p in _fit().points}
    c = _estimate(run)
    assert low <= c.gpu_hours / run.gpu_hours - 1 <= high
    assert c.gpu_hours_p10 is not None
    assert c.gpu_hours_p90 is not None
    assert (c.gpu_hours_p10 <= run.gpu_hours <= c.gpu_hours_p90) is inside


def test_benchmark_prints_the_cross_validated_table():
    """``benchmarks/bench_training_calibration.py`` prints every run, the
    summary the README quotes and the held-out runs."""
    from benchmarks.bench_training_calibration import report

    text = report(CAT)
    for run in ALL_RUNS:
        assert run.id in text
    inside = f"{cmp.CALIBRATION_RUNS_INSIDE}/{cmp.CALIBRATION_RUNS}"
    summary = next(line for line in text.splitlines() if line.startswith("all "))
    assert inside in summary
    assert "leave-one-out   8.9%" in summary


PARAMS = st.floats(min_value=1e8, max_value=2e12)
SEQS = st.integers(min_value=128, max_value=1_048_576)


@given(PARAMS, PARAMS, SEQS)
def test_a_larger_model_never_runs_at_a_lower_mfu(n1, n2, seq):
    """On any card the modelled MFU does not fall with model size; on the
    A100 (and slower cards) it does not depend on it at all."""
    small, large = sorted((n1, n2))
    for peak in (148.0, 312.0, 989.4, 2250.0):
        lo = cmp.modelled_mfu(0.3, small, peak, seq, TaskKind.PRETRAIN)
        hi = cmp.modelled_mfu(0.3, large, peak, seq, TaskKind.PRETRAIN)
        assert lo <= hi + 1e-12
        assert cmp.MFU_MODEL_MIN <= lo <= cmp.MFU_MODEL_MAX
        if peak <= cmp.MFU_MODEL_REFERENCE_PEAK_TFLOPS:
            assert lo == pytest.approx(hi)


@given(PARAMS, SEQS, SEQS)
def test_a_longer_sequence_never_raises_the_mfu_and_is_not_extrapolated(n, s1, s2):
    short, long = sorted((s1, s2))
    a = cmp.modelled_mfu(0.3, n, 989.4, short, TaskKind.PRETRAIN)
    b = cmp.modelled_mfu(0.3, n, 989.4, long, TaskKind.PRETRAIN)
    assert b <= a + 1e-12
    low, high = cmp.MFU_MODEL_SEQ_RANGE
    clamped = min(max(long, low), high)
    assert b == cmp.modelled_mfu(0.3, n, 989.4, clamped, TaskKind.PRETRAIN)
