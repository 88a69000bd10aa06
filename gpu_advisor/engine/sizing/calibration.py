"""The MFU model's fit to published pre-training runs, in and out of sample.

The catalog's reference runs (``reference_runs.json``) each imply an MFU:
model FLOPs over GPU-hours at the BF16 peak, less the run's full-recompute
factor and FP8 speed-up where its source states them. The model
(:func:`gpu_advisor.engine.sizing.compute.modelled_mfu`) is

    ``ln MFU = a_generation + b · ln(N / 70e9) · ln(peak / 312) − c · ln(seq / 4096)``

fitted by least absolute deviations to the confirmed runs. A run is judged
out of sample by leaving it out of the fit (leave-one-out); its P10–P90
range then comes from the leave-one-out residuals of the other runs only
(nested), so a run never shapes the band it is judged by.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from gpu_advisor.engine.sizing import compute as cmp
from gpu_advisor.engine.sizing.size import resolve_shape
from gpu_advisor.model.catalog import Catalog, ReferenceRun
from gpu_advisor.model.project import Precision, TaskKind, Workload

Matrix = NDArray[np.float64]

LAD_ITERATIONS: Final = 200
"""Iteratively reweighted least-squares steps of the LAD fit (it converges
in far fewer on the catalog's runs). [1]"""


@dataclass(frozen=True)
class RunPoint:
    """One run as the fit sees it."""

    run_id: str
    ln_mfu: float
    """ln of the BF16-equivalent MFU the run implies. [1]"""
    size: float
    """:func:`~gpu_advisor.engine.sizing.compute.size_feature` of the run. [1]"""
    seq: float
    """:func:`~gpu_advisor.engine.sizing.compute.seq_feature` of the run. [1]"""
    arch: str
    """GPU generation (the catalog's ``arch``)."""
    moe: bool
    active_params: float
    """Active matrix-multiply parameters. [1]"""


def run_workload(run: ReferenceRun) -> Workload:
    """The pre-training plan a reference run describes."""
    return Workload(
        task="pretrain",
        model_preset=run.model_id,
        shape=run.shape,
        gpu_id=run.gpu_id,
        tokens_billion=run.tokens_billion,
        seq_len=run.seq_len,
        recompute=run.recompute,
        precision=run.precision,
        gpu_candidates=[],
    )


def run_point(run: ReferenceRun, catalog: Catalog) -> RunPoint:
    """The MFU a run implies and the size feature it is fitted on.

    ``MFU = model FLOPs · tokens / (GPU-hours · 3600 · BF16 peak)``, divided
    by the recompute factor (full recompute) and by
    :data:`~gpu_advisor.engine.sizing.compute.FP8_TRAINING_SPEEDUP` (FP8), so
    every run is on the footing of a BF16 plan with selective recompute.
    """
    shape = resolve_shape(run_workload(run), catalog)[0]
    gpu = catalog.gpu(run.gpu_id)
    flops = cmp.model_flops_per_token(shape, run.seq_len, TaskKind.PRETRAIN)
    implied = (
        flops
        * run.tokens_billion
        * 1e9
        / (run.gpu_hours * cmp.SECONDS_PER_HOUR * gpu.bf16_dense_tflops * 1e12)
    )
    recompute = cmp.recompute_mfu_factor(
        shape, run.seq_len, TaskKind.PRETRAIN, run.recompute
    )
    fp8 = cmp.FP8_TRAINING_SPEEDUP if run.precision is Precision.FP8 else 1.0
    active = cmp.matmul_params(shape)
    return RunPoint(
        run_id=run.id,
        ln_mfu=math.log(implied / recompute / fp8),
        size=cmp.size_feature(active, gpu.bf16_dense_tflops),
        seq=cmp.seq_feature(run.seq_len),
        arch=gpu.arch,
        moe=shape.params_total > 2 * shape.params_active,
        active_params=active,
    )


def _row(point: RunPoint, generations: list[str]) -> list[float]:
    return [1.0 if point.arch == g else 0.0 for g in generations] + [
        point.size,
        point.seq,
    ]


def design(points: list[RunPoint], generations: list[str]) -> tuple[Matrix, Matrix]:
    """Design matrix (one column per generation, then the size and sequence
    features) and the ``ln MFU`` targets."""
    x = np.array([_row(p, generations) for p in points])
    y = np.array([p.ln_mfu for p in points])
    return x, y


def lad(x: Matrix, y: Matrix) -> Matrix:
    """Least absolute deviations by iteratively reweighted least squares.

    Examples
    --------
    >>> x = np.array([[1.0, float(i)] for i in range(5)])
    >>> [round(float(c), 3) for c in lad(x, np.array([0.0, 1.0, 2.0, 3.0, 20.0]))]
    [-0.0, 1.0]
    """
    coef = np.asarray(np.linalg.lstsq(x, y, rcond=None)[0], dtype=np.float64)
    for _ in range(LAD_ITERATIONS):
        w = np.sqrt(1.0 / np.maximum(np.abs(y - x @ coef), 1e-5))
        new = np.asarray(
            np.linalg.lstsq(x * w[:, None], y * w, rcond=None)[0], dtype=np.float64
        )
        done = float(np.max(np.abs(new - coef))) < 1e-10
        coef = new
        if done:
            break
    return coef


def loo_residuals(x: Matrix, y: Matrix) -> Matrix:
    """``ln(published MFU / estimate)`` of each run, from a fit without it.

    ``exp(residual) − 1`` is the run's GPU-hour error (estimate/published − 1).
    """
    n = len(y)
    out = np.empty(n)
    for i in range(n):
        keep = np.arange(n) != i
        out[i] = y[i] - x[i] @ lad(x[keep], y[keep])
    return out


def rms(values: Matrix) -> float:
    """Root mean square. [same unit]"""
    return float(math.sqrt(float(np.mean(np.square(values)))))


def nested_sigmas(x: Matrix, y: Matrix) -> Matrix:
    """For each run, the spread of the others' leave-one-out residuals: the
    σ of the band the run is judged by when it is left out. [1]"""
    n = len(y)
    out = np.empty(n)
    for i in range(n):
        keep = np.arange(n) != i
        out[i] = rms(loo_residuals(x[keep], y[keep]))
    return out


@dataclass(frozen=True)
class Calibration:
    """The fit and its out-of-sample figures over a set of runs."""

    points: list[RunPoint]
    generations: list[str]
    coef: Matrix
    """Generation intercepts (ln MFU at 70e9 parameters and 4,096 tokens), the
    size slope ``b``, then the sequence slope ``−c``."""
    in_sample: Matrix
    """ln(published MFU / fitted estimate) per run. [1]"""
    loo: Matrix
    """ln(published MFU / estimate without the run) per run. [1]"""
    loo_sigma: Matrix
    """σ of each run's out-of-sample P10–P90 band. [1]"""

    @property
    def sigma(self) -> float:
        """Spread of the shipped band: RMS of all leave-one-out residuals. [1]"""
        return rms(self.loo)

    def inside(self) -> list[bool]:
        """Whether each run falls inside its out-of-sample P10–P90 range."""
        return [
            abs(float(r)) <= cmp.Z_P90 * float(s)
            for r, s in zip(self.loo, self.loo_sigma, strict=True)
        ]

    def predict(self, point: RunPoint) -> float:
        """ln of the fitted MFU for a run (e.g. a held-out one). [1]"""
        return float(np.array(_row(point, self.generations)) @ self.coef)


def calibrate(runs: list[ReferenceRun], catalog: Catalog) -> Calibration:
    """Fit the MFU model to ``runs`` and judge it out of sample."""
    points = [run_point(r, catalog) for r in runs]
    generations = sorted({p.arch for p in points})
    x, y = design(points, generations)
    coef = lad(x, y)
    return Calibration(
        points=points,
        generations=generations,
        coef=coef,
        in_sample=y - x @ coef,
        loo=loo_residuals(x, y),
        loo_sigma=nested_sigmas(x, y),
    )
