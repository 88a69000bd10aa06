"""The MFU model against published pre-training runs (catalog reference runs).

Every run in ``resources/catalog/reference_runs.json`` is confirmed: its
GPU-hours, GPU type, tokens and sequence length were read in the cited paper,
model card or report, and each citation records where (table or section). The
model is ``ln MFU = ln default_mfu(gpu) − k·(attention share − 0.05)`` with
model FLOPs ``6N + 6·L·s·w`` (causal, Megatron-LM's count;
:func:`gpu_advisor.engine.sizing.compute.model_flops_per_token`)
and, for a run whose source states full activation recompute, the engine's
recompute factor.

Two figures are checked, and stated in the README:

- in sample: the shipped constants, fitted on all confirmed runs, through
  :func:`gpu_advisor.engine.sizing.size.size_workload`;
- leave-one-out: each run estimated by a model refitted without it, and its
  P10–P90 range built from that refit's residuals only.
"""

from __future__ import annotations

import math
import re
import statistics

import numpy as np
import pytest

from gpu_advisor.engine.sizing import compute as cmp
from gpu_advisor.engine.sizing.size import resolve_shape, size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.catalog import ReferenceRun
from gpu_advisor.model.project import ModelShape, Recompute, TaskKind, Workload
from gpu_advisor.model.sizing_results import ComputeResult

CAT = load_catalog()
RUNS = CAT.reference_runs
MEDIAN_ERROR_BOUND = 0.12
"""Median absolute GPU-hour error allowed (issue #14; measured on the 16
confirmed runs: 7.3 % in sample, 10.1 % leave-one-out)."""
COVERAGE_BOUND = 0.80
"""Share of runs that must fall inside their P10–P90 range (measured: 14 of
16 = 87.5 % in sample and leave-one-out)."""
LOCATION = re.compile(r"\b(Table|Section|section|table|README|config)\b|\.slurm")
"""Every citation of a run says where the figure was read."""


def _workload(run: ReferenceRun) -> Workload:
    return Workload(
        task="pretrain",
        model_preset=run.model_id,
        shape=run.shape,
        gpu_id=run.gpu_id,
        tokens_billion=run.tokens_billion,
        seq_len=run.seq_len,
        recompute=run.recompute,
        gpu_candidates=[],
    )


def _estimate(run: ReferenceRun) -> ComputeResult:
    return size_workload(_workload(run), CAT).compute


def _features(run: ReferenceRun) -> tuple[float, float, str]:
    """(ln MFU the run implies before recompute, attention share − 0.10, generation)."""
    shape = resolve_shape(_workload(run), CAT)[0]
    gpu = CAT.gpu(run.gpu_id)
    flops = cmp.model_flops_per_token(shape, run.seq_len, TaskKind.PRETRAIN)
    implied = (
        flops
        * run.tokens_billion
        * 1e9
        / (run.gpu_hours * 3600.0 * gpu.bf16_dense_tflops * 1e12)
    )
    recompute = cmp.recompute_mfu_factor(
        shape, run.seq_len, TaskKind.PRETRAIN, run.recompute
    )
    share = cmp.calibrated_attention_share(shape, run.seq_len, TaskKind.PRETRAIN)
    return (
        math.log(implied / recompute),
        share - cmp.MFU_MODEL_REFERENCE_ATTENTION_SHARE,
        gpu.arch,
    )


def _design() -> tuple[np.ndarray, np.ndarray, list[str]]:
    rows = [_features(r) for r in RUNS]
    gens = sorted({r[2] for r in rows})
    x = np.array([[1.0 if r[2] == g else 0.0 for g in gens] + [-r[1]] for r in rows])
    y = np.array([r[0] for r in rows])
    return x, y, gens


def _lad(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Least absolute deviations by iteratively reweighted least squares."""
    coef = np.linalg.lstsq(x, y, rcond=None)[0]
    for _ in range(300):
        w = np.sqrt(1.0 / np.maximum(np.abs(y - x @ coef), 1e-4))
        coef = np.linalg.lstsq(x * w[:, None], y * w, rcond=None)[0]
    return np.asarray(coef, dtype=float)


def _sigma(x: np.ndarray, y: np.ndarray, coef: np.ndarray) -> float:
    r = y - x @ coef
    return float(math.sqrt(float(r @ r) / (len(y) - x.shape[1])))


def _leave_one_out() -> tuple[list[float], int]:
    """Absolute GPU-hour errors and the count inside P10–P90, each run held out."""
    x, y, _ = _design()
    n = len(y)
    errors, inside = [], 0
    for i in range(n):
        keep = np.arange(n) != i
        coef = _lad(x[keep], y[keep])
        residual = float(y[i] - x[i] @ coef)  # ln(published MFU / estimate)
        errors.append(abs(math.exp(residual) - 1))  # = estimate/published hours − 1
        inside += abs(residual) <= cmp.Z_P90 * _sigma(x[keep], y[keep], coef)
    return errors, inside


def test_at_least_fifteen_confirmed_cited_runs():
    assert len(RUNS) >= 15
    assert len({r.id for r in RUNS}) == len(RUNS)
    for run in RUNS:
        assert run.provenance.confirmed, run.id
        assert run.provenance.source, run.id
        assert run.provenance.citations, run.id
        for cite in run.provenance.citations:
            assert cite.url.startswith("https://"), run.id
            assert LOCATION.search(cite.observed), (run.id, cite.observed)
        assert run.gpu_hours > 0
        assert run.tokens_billion > 0


def test_no_model_family_dominates():
    """The audit found five Pythia runs from one codebase. No model generation
    has more than four runs now, and three labs publish them; Meta still
    publishes 12 of the 16 (LLaMA, Llama 2, Llama 3, OPT), as the README says."""
    families = [r.id.split("-")[0] for r in RUNS]
    assert max(families.count(f) for f in set(families)) <= 4
    labs = [r.provenance.citations[0].publisher for r in RUNS]
    assert len(set(labs)) >= 3
    assert labs.count("Meta AI") == 12


def test_shipped_constants_are_the_fit():
    x, y, gens = _design()
    coef = _lad(x, y)
    assert coef[-1] == pytest.approx(cmp.MFU_MODEL_ATTENTION_COEF, abs=0.005)
    assert _sigma(x, y, coef) == pytest.approx(cmp.MFU_MODEL_LOG_SIGMA, abs=0.002)
    offsets = dict(zip(gens, np.exp(coef[: len(gens)]), strict=True))
    for run in RUNS:
        gpu = CAT.gpu(run.gpu_id)
        assert gpu.default_mfu == pytest.approx(offsets[gpu.arch], abs=0.002), gpu.id
    assert len(RUNS) == cmp.CALIBRATION_RUNS
    assert _leave_one_out()[1] == cmp.CALIBRATION_RUNS_INSIDE
    # the fitted term is read at no longer a sequence than the runs had
    assert max(r.seq_len for r in RUNS) == cmp.MFU_MODEL_CALIBRATED_SEQ_MAX


def test_median_error_in_sample():
    errors = [abs(_estimate(r).gpu_hours / r.gpu_hours - 1) for r in RUNS]
    assert statistics.median(errors) <= MEDIAN_ERROR_BOUND


def test_coverage_in_sample():
    inside = 0
    for run in RUNS:
        c = _estimate(run)
        assert c.gpu_hours_p10 is not None
        assert c.gpu_hours_p90 is not None
        assert c.gpu_hours_p10 < c.gpu_hours < c.gpu_hours_p90
        inside += c.gpu_hours_p10 <= run.gpu_hours <= c.gpu_hours_p90
    assert inside / len(RUNS) >= COVERAGE_BOUND


def test_leave_one_out_error_and_coverage():
    errors, inside = _leave_one_out()
    assert statistics.median(errors) <= MEDIAN_ERROR_BOUND
    assert inside / len(errors) >= COVERAGE_BOUND


def test_full_recompute_run_is_sized_with_it():
    """BLOOM's training script recomputed every layer: estimated without the
    recompute factor it would miss by a further third."""
    run = next(r for r in RUNS if r.id == "bloom-176b")
    with_recompute = _estimate(run).gpu_hours
    without = size_workload(
        _workload(run).model_copy(update={"recompute": Recompute.SELECTIVE}), CAT
    ).compute.gpu_hours
    assert with_recompute / without == pytest.approx(4 / 3, rel=0.01)


@pytest.mark.parametrize(
    ("run_id", "low", "high"),
    [
        ("llama2-7b", -0.15, 0.05),
        ("llama2-70b", -0.10, 0.10),
        ("llama3.1-405b", -0.10, 0.10),
        ("deepseek-v3", 0.20, 0.45),
        ("bloom-176b", -0.15, 0.15),
        ("opt-175b", -0.60, -0.35),
    ],
)
def test_run_error_band(run_id, low, high):
    """Estimate/published − 1 for runs a reader will look for. DeepSeek-V3
    ran its matrix multiplies in FP8 and is sized at the BF16 peak like every
    run, so it came in faster than the model says; OPT-175B's published hours
    include the restarts its logbook records, far beyond the MFU model (the
    ×1.5 redundancy figure is for those)."""
    run = next(r for r in RUNS if r.id == run_id)
    assert low <= _estimate(run).gpu_hours / run.gpu_hours - 1 <= high


JETMOE_8B = Workload(
    task="pretrain",
    model_preset=None,
    shape=ModelShape(
        layers=24,
        hidden=2048,
        heads=32,
        kv_heads=16,
        head_dim=128,
        ffn_hidden=5632,
        vocab=32000,
        experts=8,
        active_experts=2,
        moe_ffn_hidden=5632,
        tied_embeddings=True,
    ),
    gpu_id="H100-80GB-SXM",
    tokens_billion=1250,
    seq_len=4096,
    gpu_candidates=[],
)
"""JetMoE-8B described by its shape, as a Hugging Face config states it
(myshell-ai/JetMoE, ``jetmoe/configuration_jetmoe.py``: hidden 2048,
kv_channels 128, 16 KV heads, FFN 5632, 8 experts, top-2, vocab 32000, tied
embeddings; 24 blocks, research.myshell.ai/jetmoe). Its attention is a
mixture too: two of eight attention experts of 16 query heads each share 16
K/V heads, i.e. 32 active query heads."""

JETMOE_8B_GPU_HOURS = 30_000.0
"""Shen et al. 2024, JetMoE, arXiv:2404.07413, abstract: "1.25T tokens ...
and 30,000 H100 GPU hours" (README: "a 96×H100 GPU cluster for 2 weeks")."""


def test_moe_run_held_out_of_the_fit():
    """A published MoE run the MFU model was never fitted to, given by its
    shape: the dense-calibrated MFU (0.28 of the H100 peak) says 31 % fewer
    GPU-hours than JetMoE's 30,000, at the edge of the P10–P90 range; the run
    implies 0.19. The calibration's own MoE runs (DeepSeek-V2, V3) err the other
    way (LOO +30 %, +31 %), so no MoE term is fitted (see
    :func:`gpu_advisor.engine.sizing.compute.modelled_mfu`)."""
    compute = size_workload(JETMOE_8B, CAT).compute
    assert -0.40 <= compute.gpu_hours / JETMOE_8B_GPU_HOURS - 1 <= -0.20
    assert compute.gpu_hours_p90 is not None
    assert compute.gpu_hours_p90 == pytest.approx(JETMOE_8B_GPU_HOURS, rel=0.05)
