"""Published against estimated GPU-hours for every training calibration run.

Prints one row per run of ``resources/catalog/reference_runs.json``: the run,
its GPU, where its figures come from, the published GPU-hours, the app's
estimate (the shipped constants, through ``size_workload``), the error in
sample, the error out of sample (the run left out of the fit) and whether the
run falls inside its out-of-sample P10–P90 range (built from the other runs'
leave-one-out residuals only). Then the medians and coverage, overall and by
family (dense / MoE, GPU generation, size), and the held-out runs (never
fitted) against the shipped P10–P90 range.

Run: ``python benchmarks/bench_training_calibration.py``.
"""

from __future__ import annotations

import math
import statistics
import sys
from collections.abc import Callable

from gpu_advisor.engine.sizing import calibration as cal
from gpu_advisor.engine.sizing import compute as cmp
from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.catalog import Catalog, ReferenceRun

HEADER = (
    f"{'run':20} {'GPU':14} {'source':34} {'published':>11} {'estimate':>11}"
    f" {'in-sample':>9} {'LOO':>6} {'P10-P90 (LOO)':>25} {'in':>3}"
)


def _source(run: ReferenceRun) -> str:
    cite = run.provenance.citations[0]
    words = cite.title.split(" (")[0]
    return (words[:31] + "...") if len(words) > 34 else words


def _row(
    run: ReferenceRun, catalog: Catalog, loo: float, sigma: float, inside: bool
) -> str:
    estimate = size_workload(cal.run_workload(run), catalog).compute.gpu_hours
    out_of_sample = run.gpu_hours * math.exp(loo)
    spread = math.exp(cmp.Z_P90 * sigma)
    band = f"{out_of_sample / spread:,.0f}-{out_of_sample * spread:,.0f}"
    return (
        f"{run.id:20} {run.gpu_id:14} {_source(run):34} {run.gpu_hours:>11,.0f}"
        f" {estimate:>11,.0f} {estimate / run.gpu_hours - 1:>+9.1%}"
        f" {math.exp(loo) - 1:>+6.1%} {band:>25} {'yes' if inside else 'NO':>3}"
    )


def _summary(label: str, fit: cal.Calibration, keep: list[bool]) -> str:
    loo = [float(r) for r, k in zip(fit.loo, keep, strict=True) if k]
    ins = [float(r) for r, k in zip(fit.in_sample, keep, strict=True) if k]
    inside = [i for i, k in zip(fit.inside(), keep, strict=True) if k]
    if not loo:
        return f"{label:22} (no runs)"
    med_loo = statistics.median(abs(math.exp(r) - 1) for r in loo)
    med_in = statistics.median(abs(math.exp(r) - 1) for r in ins)
    rms = math.sqrt(sum(r * r for r in loo) / len(loo))
    return (
        f"{label:22} runs {len(loo):>2}  median error in sample {med_in:6.1%}"
        f"  leave-one-out {med_loo:6.1%}  inside P10-P90 {sum(inside):>2}/{len(loo)}"
        f" ({sum(inside) / len(loo):4.0%})  LOO log-RMS {rms:.3f}"
    )


FAMILIES: list[tuple[str, Callable[[cal.RunPoint], bool]]] = [
    ("dense", lambda p: not p.moe),
    ("MoE (by shape)", lambda p: p.moe),
    ("A100 (Ampere)", lambda p: p.arch == "Ampere"),
    ("H100/H800 (Hopper)", lambda p: p.arch == "Hopper"),
    ("under 10B active", lambda p: p.active_params < 10e9),
    ("10B active and over", lambda p: p.active_params >= 10e9),
]


def _held_out(catalog: Catalog, fit: cal.Calibration) -> list[str]:
    held = [r for r in catalog.reference_runs if not r.provenance.confirmed]
    lines = [
        "",
        "Held out (never fitted; figures not read in their source: confirmed = false)",
    ]
    for run in held:
        c = size_workload(cal.run_workload(run), catalog).compute
        inside = (c.gpu_hours_p10 or 0.0) <= run.gpu_hours <= (c.gpu_hours_p90 or 0.0)
        lines.append(
            f"{run.id:20} {run.gpu_id:14} {_source(run):34} {run.gpu_hours:>11,.0f}"
            f" {c.gpu_hours:>11,.0f} {c.gpu_hours / run.gpu_hours - 1:>+9.1%}"
            f"  shipped P10-P90 {c.gpu_hours_p10 or 0:,.0f}-{c.gpu_hours_p90 or 0:,.0f}"
            f" {'yes' if inside else 'NO'}"
        )
    return lines


def report(catalog: Catalog) -> str:
    """The table, the summary and the held-out runs as text."""
    runs = [r for r in catalog.reference_runs if r.provenance.confirmed]
    fit = cal.calibrate(runs, catalog)
    lines = [HEADER]
    for run, loo, sigma, inside in zip(
        runs, fit.loo, fit.loo_sigma, fit.inside(), strict=True
    ):
        lines.append(_row(run, catalog, float(loo), float(sigma), inside))
    lines += ["", _summary("all", fit, [True] * len(runs))]
    lines += [_summary(n, fit, [f(p) for p in fit.points]) for n, f in FAMILIES]
    lines += [
        "",
        "fit: MFU at 70e9 active parameters "
        + ", ".join(
            f"{g} {math.exp(float(c)):.3f}"
            for g, c in zip(fit.generations, fit.coef[:-2], strict=True)
        )
        + f" at 4,096 tokens; b = {float(fit.coef[-2]):.3f} per ln N per"
        f" ln(peak/312); c = {-float(fit.coef[-1]):.3f} per ln(seq/4096);"
        f" band sigma (LOO log-RMS) = {fit.sigma:.3f},"
        f" P10-P90 = x/ {math.exp(cmp.Z_P90 * fit.sigma):.2f}",
    ]
    lines += _held_out(catalog, fit)
    return "\n".join(lines)


def main() -> int:
    print(report(load_catalog()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
