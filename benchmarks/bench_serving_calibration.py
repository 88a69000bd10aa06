"""Predicted against published for every serving calibration run, with sources.

Prints one row per run of ``resources/catalog/serving_runs.json``: the run,
its source, the published output tokens/s (and TTFT/TPOT where stated), the
serving engine's prediction with the catalog's fitted factors
(``serving_factors.json``), the error, and the leave-one-out error (the run
predicted by factors fitted without it); then the medians. ``--fit``
refits the factors and prints the catalog file's JSON (``--write`` saves it).

After them, the MLPerf Inference v4.1 cases (:mod:`benchmarks.mlperf_cases`:
held out, not fitted, at assumed mean prompts since the logs print none),
unless ``--no-mlperf``; then the TensorRT-LLM v1.0 rows the catalog does not
hold (:mod:`benchmarks.trtllm_heldout`: held out, not fitted), unless
``--no-heldout``.

Run: ``python benchmarks/bench_serving_calibration.py [--fit [--write]] [--no-loo]
[--no-mlperf] [--no-heldout]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from gpu_advisor.engine.serving.calibration import (
    Errors,
    errors,
    factor_of_run,
    fit_factors,
    leave_one_out,
    median_abs,
    predict_run,
    shape_for_run,
)
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.serving import ServingFactor, ServingFactors, ServingRun

FACTORS_FILE = (
    Path(__file__).resolve().parents[1]
    / "resources"
    / "catalog"
    / "serving_factors.json"
)
METHOD = (
    "Grid search per serving engine x GPU generation (4+ runs; '*' = all the "
    "engine's runs) over compute efficiency, bandwidth efficiency and per-step "
    "overhead, minimising the mean |log(predicted/published)| over the group's "
    "published output tokens/s, TTFT and TPOT (engine.serving.calibration)."
)


def _fmt(value: float | None, pattern: str = "{:,.0f}") -> str:
    return "-" if value is None else pattern.format(value)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:+.0%}"


def table(
    catalog: Catalog, factors: list[ServingFactor], loo: list[Errors] | None
) -> str:
    """The rows and the medians as text."""
    runs = catalog.serving_runs.runs
    lines = [
        f"{'run':44} {'source':20} {'published':>10} {'predicted':>10} {'error':>6}"
        f" {'LOO':>6}  TTFT pub/pred/err  TPOT pub/pred/err"
    ]
    fitted: list[Errors] = []
    for i, run in enumerate(runs):
        gpu = catalog.gpu(run.gpu_id)
        factor = factor_of_run(run, gpu, factors)
        if factor is None:
            continue
        pred = predict_run(run, shape_for_run(run, catalog), gpu, factor)
        err = errors(run, pred)
        fitted.append(err)
        loo_err = loo[i].throughput if loo is not None else None
        lines.append(
            f"{run.id:44} {run.source:20} {_fmt(run.output_tokens_per_s):>10}"
            f" {pred.output_tokens_per_s:>10,.0f} {_pct(err.throughput):>6}"
            f" {_pct(loo_err):>6}"
            f"  {_fmt(run.ttft_ms, '{:.0f}')}/{pred.ttft_ms:.0f}/{_pct(err.ttft)}"
            f"  {_fmt(run.tpot_ms, '{:.1f}')}/{pred.tpot_ms:.1f}/{_pct(err.tpot)}"
        )
    lines.append(_medians("in sample", fitted))
    if loo is not None:
        lines.append(_medians("leave one out", loo))
    return "\n".join(lines)


def _medians(label: str, errs: list[Errors]) -> str:
    parts = [
        f"{name} {_pct(median_abs(errs, name))}"
        for name in ("throughput", "ttft", "tpot")
    ]
    return f"median |error| ({label}): " + ", ".join(parts)


def _summary(errs: list[Errors]) -> dict[str, float]:
    out: dict[str, float] = {}
    for name in ("throughput", "ttft", "tpot"):
        value = median_abs(errs, name)
        if value is not None:
            out[name] = round(value, 3)
    return out


def refit(catalog: Catalog, runs: list[ServingRun]) -> ServingFactors:
    """Fit the factors and measure the in-sample and leave-one-out medians."""
    factors = fit_factors(runs, lambda r: shape_for_run(r, catalog), catalog.gpu)
    in_sample = []
    for run in runs:
        gpu = catalog.gpu(run.gpu_id)
        factor = factor_of_run(run, gpu, factors)
        assert factor is not None
        in_sample.append(
            errors(run, predict_run(run, shape_for_run(run, catalog), gpu, factor))
        )
    loo = leave_one_out(runs, lambda r: shape_for_run(r, catalog), catalog.gpu)
    return ServingFactors(
        method=METHOD,
        fitted_on="serving_runs.json",
        as_of=catalog.serving_runs.as_of,
        factors=factors,
        in_sample_median_error=_summary(in_sample),
        leave_one_out_median_error=_summary(loo),
    )


def main(argv: list[str] | None = None) -> int:
    """Print the table (refit first with ``--fit``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fit", action="store_true")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--no-loo", action="store_true")
    parser.add_argument("--no-mlperf", action="store_true")
    parser.add_argument("--no-heldout", action="store_true")
    args = parser.parse_args(argv)
    catalog = load_catalog()
    runs = list(catalog.serving_runs.runs)
    fitted = catalog.serving_factors
    if args.fit:
        fitted = refit(catalog, runs)
        text = json.dumps(fitted.model_dump(mode="json"), indent=1, ensure_ascii=False)
        if args.write:
            FACTORS_FILE.write_text(text + "\n", encoding="utf-8")
        else:
            sys.stdout.write(text + "\n")
    loo = None
    if not args.no_loo:
        loo = leave_one_out(runs, lambda r: shape_for_run(r, catalog), catalog.gpu)
    sys.stdout.write(table(catalog, list(fitted.factors), loo) + "\n")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    if not args.no_mlperf:
        from benchmarks.mlperf_cases import mlperf_table

        sys.stdout.write("\n" + mlperf_table(catalog) + "\n")
    if not args.no_heldout:
        from benchmarks.trtllm_heldout import heldout_table

        sys.stdout.write("\n" + heldout_table(catalog) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
