"""Held-out TensorRT-LLM cases: the v1.0 throughput rows the calibration never saw.

TensorRT-LLM's performance overview at v1.0 (``trtllm-perf-v1.0`` in
``resources/catalog/serving_runs.json``) publishes, per model and GPU, the
total output tokens/s of ``trtllm-bench`` at infinite rate for ten
input/output lengths. The calibration fits on its 1,000/1,000 rows only; the
other rows of its H100 and H200 FP8 columns for Llama 3.3 70B, Llama 3.1
405B and Qwen3-235B-A22B (an MoE model: 128 experts, 8 a token) are kept in
``tests/data/real-samples/trtllm-perf`` (see SOURCES.md) and predicted here
with the fitted factors, never fitted. Rows a catalog run already holds are
left out, whatever the catalog holds when this runs.
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from gpu_advisor.engine.serving.calibration import (
    factor_of_run,
    predict_run,
    shape_for_run,
)
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.serving import (
    KvPrecision,
    RunLoad,
    ServingEngine,
    ServingRun,
    WeightPrecision,
)

TABLES: Final = (
    Path(__file__).resolve().parents[1]
    / "tests"
    / "data"
    / "real-samples"
    / "trtllm-perf"
    / "perf-overview-v1.0-h100-h200-tables.md"
)
SOURCE: Final = "trtllm-perf-v1.0"
"""The catalog source these rows come from (its URL and commit are there)."""

GPUS: Final = {"H100": "H100-80GB-SXM", "H200": "H200-141GB-SXM"}
"""Column heads read (FP8 columns only) and the catalog card they name."""

QWEN3_RUN: Final = "trt10-qwen3-235b-h100-fp8-tp8-1000-1000"
"""The catalog run whose ``config.json`` keys give Qwen3-235B-A22B's shape."""

_COLUMN = re.compile(r"^(H100|H200)<br/>TP(\d+) \(FP8\)$")


@dataclass(frozen=True)
class HeldOut:
    """One published row and cell: a model on a card at one input/output length."""

    model: str
    gpu_id: str
    tp: int
    prompt: int
    output: int
    tokens_per_s: float


def read_tables(text: str) -> list[HeldOut]:
    """Every H100/H200 FP8 cell of the tables, as a person reads them.

    >>> rows = read_tables('''#### M
    ... | Sequence Length (ISL/OSL) | B200<br/>TP1 (FP4) | H200<br/>TP1 (FP8) |
    ... |---|---|---|
    ... | 128/128 | 11,147 | 3,803 |
    ... | 2048/128 | 1,339 | |''')
    >>> [(r.model, r.gpu_id, r.tp, r.prompt, r.output, r.tokens_per_s) for r in rows]
    [('M', 'H200-141GB-SXM', 1, 128, 128, 3803.0)]
    """
    out: list[HeldOut] = []
    model = ""
    heads: list[str] = []
    for line in text.splitlines():
        if line.startswith("#### "):
            model, heads = line[5:].strip(), []
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or cells[0].startswith("---"):
            continue
        if cells[0].startswith("Sequence Length"):
            heads = cells
            continue
        lengths = cells[0].split("/")
        for head, cell in zip(heads[1:], cells[1:], strict=False):
            match = _COLUMN.match(head)
            if match is None or not cell:
                continue
            out.append(
                HeldOut(
                    model=model,
                    gpu_id=GPUS[match.group(1)],
                    tp=int(match.group(2)),
                    prompt=int(lengths[0]),
                    output=int(lengths[1]),
                    tokens_per_s=float(cell.replace(",", "")),
                )
            )
    return out


def as_run(row: HeldOut, catalog: Catalog) -> ServingRun:
    """The row as a calibration run (offline: infinite rate)."""
    model_id: str | None = None
    hf_config = None
    if row.model == "Llama 3.3 70B":
        model_id = "llama3.1-70b"  # Llama 3.3 70B: the shape of Llama 3.1 70B
    elif row.model == "Llama 3.1 405B":
        model_id = "llama3.1-405b"
    else:
        hf_config = next(
            r for r in catalog.serving_runs.runs if r.id == QWEN3_RUN
        ).hf_config
    gpu = row.gpu_id.split("-")[0].lower()
    name = re.sub(r"[^a-z0-9]+", "-", row.model.lower()).strip("-")
    return ServingRun(
        id=f"heldout-{name}-{gpu}-tp{row.tp}-{row.prompt}-{row.output}",
        source=SOURCE,
        engine=ServingEngine.TRTLLM,
        engine_version="1.0 (PyTorch backend)",
        gpu_id=row.gpu_id,
        model_id=model_id,
        hf_config=hf_config,
        model_name=row.model,
        weight_precision=WeightPrecision.FP8,
        kv_precision=KvPrecision.FP8,
        tp=row.tp,
        prompt_tokens=row.prompt,
        output_tokens=row.output,
        load=RunLoad.OFFLINE,
        output_tokens_per_s=row.tokens_per_s,
    )


def _in_catalog(run: ServingRun, catalog: Catalog) -> bool:
    """Whether the calibration already fits this row."""
    return any(
        r.source == SOURCE
        and r.gpu_id == run.gpu_id
        and r.tp == run.tp
        and r.prompt_tokens == run.prompt_tokens
        and r.output_tokens == run.output_tokens
        and (r.model_id == run.model_id if run.model_id else r.hf_config is not None)
        for r in catalog.serving_runs.runs
    )


def held_out_runs(catalog: Catalog, path: Path = TABLES) -> list[ServingRun]:
    """The published cells the catalog does not hold, as runs."""
    runs = [as_run(r, catalog) for r in read_tables(path.read_text(encoding="utf-8"))]
    return [r for r in runs if not _in_catalog(r, catalog)]


def predicted(catalog: Catalog, run: ServingRun) -> float:
    """The engine's output tokens/s for a held-out run (fitted factors)."""
    gpu = catalog.gpu(run.gpu_id)
    factor = factor_of_run(run, gpu, catalog.serving_factors.factors)
    if factor is None:
        raise ValueError(f"{run.id}: no fitted factor for {run.engine}")
    return predict_run(
        run, shape_for_run(run, catalog), gpu, factor
    ).output_tokens_per_s


def errors_by_model(catalog: Catalog) -> dict[str, list[float]]:
    """Relative errors (predicted / published − 1) per model."""
    out: dict[str, list[float]] = {}
    for run in held_out_runs(catalog):
        assert run.output_tokens_per_s is not None
        err = predicted(catalog, run) / run.output_tokens_per_s - 1.0
        out.setdefault(run.model_name, []).append(err)
    return out


def heldout_table(catalog: Catalog) -> str:
    """Published against predicted for every held-out row, then the medians."""
    lines = [
        "TensorRT-LLM v1.0 performance overview rows not in serving_runs.json "
        "(held out, not fitted; trtllm-bench, infinite rate, FP8)",
        f"{'case':52} {'published':>10} {'predicted':>10} {'error':>6}",
    ]
    errs: list[float] = []
    for run in held_out_runs(catalog):
        assert run.output_tokens_per_s is not None
        pred = predicted(catalog, run)
        err = pred / run.output_tokens_per_s - 1.0
        errs.append(abs(err))
        lines.append(
            f"{run.id:52} {run.output_tokens_per_s:>10,.0f} {pred:>10,.0f} {err:>+6.0%}"
        )
    for model, values in errors_by_model(catalog).items():
        median = statistics.median(abs(v) for v in values)
        lines.append(f"median |error| {model}: {median:.0%} ({len(values)} rows)")
    if errs:
        lines.append(
            f"median |error| (held out, all): {statistics.median(errs):.0%}"
            f" ({len(errs)} rows)"
        )
    lines.append(f"  source: catalog source {SOURCE} (URL and commit there)")
    return "\n".join(lines)
