"""MLPerf Inference cases of the serving calibration: the published logs and the table.

The cases (``tests/data/real-samples/mlperf/cases.json``, sources in that
folder's SOURCES entry) are NVIDIA's MLPerf Inference v4.1 Llama 2 70B
and Mixtral 8x7B (MoE) systems, Server and Offline, on H100 and H200. Their figures are read from
the LoadGen summaries kept there (cut to the results and latency lines). The
logs print no mean prompt length, so every case is predicted at the assumed
mean prompts :data:`ASSUMED_PROMPTS` and the table says so; the mean answer
is the log's tokens/s over its samples/s. They are checked, not fitted: the
factors stay those of ``serving_runs.json``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from gpu_advisor.engine.serving.calibration import (
    MlperfPrediction,
    predict_mlperf,
)
from gpu_advisor.engine.serving.timing import factor_for
from gpu_advisor.engine.sizing.shape import shape_from_preset
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.serving import ServingEngine

CASES_DIR: Final = (
    Path(__file__).resolve().parents[1] / "tests" / "data" / "real-samples" / "mlperf"
)
ASSUMED_PROMPTS: Final = (200, 300, 500)
"""Mean prompt lengths each case is predicted at (the log does not state it;
the reference dataset caps prompts at 1,024 tokens). [tokens]"""

_NS = 1e-6  # ns → ms


@dataclass(frozen=True)
class MlperfCase:
    """One published MLPerf system and what its LoadGen summary prints."""

    id: str
    scenario: str
    gpu_id: str
    model_id: str
    tp: int
    replicas: int
    max_batch: int
    source: str
    samples_per_s: float
    tokens_per_s: float
    ttft_mean_ms: float | None
    ttft_p99_ms: float | None
    tpot_mean_ms: float | None
    tpot_p99_ms: float | None
    ttft_limit_ms: float | None
    tpot_limit_ms: float | None

    @property
    def output_tokens(self) -> float:
        """Mean answer length: tokens/s over samples/s. [tokens]"""
        return self.tokens_per_s / self.samples_per_s


def _number(text: str, label: str) -> float | None:
    """The number after ``label`` and a colon on its line, or None."""
    match = re.search(rf"^{re.escape(label)}\s*:\s*([0-9.]+)\s*$", text, re.MULTILINE)
    return float(match.group(1)) if match else None


def _ns(text: str, label: str) -> float | None:
    value = _number(text, label)
    return None if value is None else value * _NS


def read_summary(text: str) -> dict[str, float | None]:
    """The figures of a LoadGen ``mlperf_log_summary.txt`` (latencies in ms).

    >>> read_summary("Samples per second: 84.4792\\nTokens per second: 24524.9\\n")[
    ...     "tokens_per_s"]
    24524.9
    """
    server = _number(text, "Completed tokens per second")
    return {
        "samples_per_s": _number(text, "Completed samples per second")
        or _number(text, "Samples per second"),
        "tokens_per_s": server or _number(text, "Tokens per second"),
        "ttft_mean_ms": _ns(text, "Mean First Token latency (ns)"),
        "ttft_p99_ms": _ns(text, "99.00 percentile first token latency (ns)"),
        "tpot_mean_ms": _ns(text, "Mean Time to Output Token (ns)"),
        "tpot_p99_ms": _ns(text, "99.00 percentile time to output token (ns)"),
        "ttft_limit_ms": _ns(text, "ttft_latency (ns)"),
        "tpot_limit_ms": _ns(text, "tpot_latency (ns)"),
    }


def load_cases(folder: Path = CASES_DIR) -> list[MlperfCase]:
    """Every case of ``cases.json`` with the figures of its summary file."""
    meta = json.loads((folder / "cases.json").read_text(encoding="utf-8"))
    out = []
    for c in meta["cases"]:
        figures = read_summary((folder / c["file"]).read_text(encoding="utf-8"))
        samples, tokens = figures.pop("samples_per_s"), figures.pop("tokens_per_s")
        if samples is None or tokens is None:
            raise ValueError(f"{c['file']}: no samples or tokens per second")
        out.append(
            MlperfCase(
                id=c["id"],
                scenario=c["scenario"],
                gpu_id=c["gpu_id"],
                model_id=c["model_id"],
                tp=int(c["tp"]),
                replicas=int(c["replicas"]),
                max_batch=int(c["max_batch"]),
                source=f"{meta['repository']}@{meta['commit'][:8]}:{c['path']}",
                samples_per_s=samples,
                tokens_per_s=tokens,
                **figures,
            )
        )
    return out


def predict_case(
    case: MlperfCase, catalog: Catalog, prompt: float
) -> MlperfPrediction | None:
    """The engine's figures for ``case`` at an assumed mean prompt."""
    gpu = catalog.gpu(case.gpu_id)
    factor = factor_for(ServingEngine.TRTLLM, gpu, catalog.serving_factors.factors)
    limits = None
    if case.scenario == "server" and case.ttft_limit_ms and case.tpot_limit_ms:
        limits = (case.ttft_limit_ms / 1000.0, case.tpot_limit_ms / 1000.0)
    return predict_mlperf(
        shape_from_preset(catalog.model(case.model_id)),
        gpu,
        factor,
        tp=case.tp,
        replicas=case.replicas,
        max_batch=case.max_batch,
        prompt=prompt,
        output=case.output_tokens,
        limits_s=limits,
    )


def _pair(published: float | None, predicted: float) -> str:
    if published is None:
        return f"-/{predicted:.0f}"
    return f"{published:.0f}/{predicted:.0f}/{predicted / published - 1:+.0%}"


def mlperf_table(catalog: Catalog, folder: Path = CASES_DIR) -> str:
    """Published against predicted for every MLPerf case at each assumed prompt."""
    lines = [
        "MLPerf Inference v4.1 (held out, not fitted; the logs print no mean "
        f"prompt: predicted at {', '.join(map(str, ASSUMED_PROMPTS))} tokens)",
        f"{'case':38} {'prompt':>6} {'tokens/s pub/pred/err':>24}"
        "  TTFT mean  TTFT p99  TPOT mean  TPOT p99 (ms, pub/pred/err)",
    ]
    for case in load_cases(folder):
        for prompt in ASSUMED_PROMPTS:
            p = predict_case(case, catalog, prompt)
            if p is None:
                lines.append(f"{case.id:38} {prompt:>6} cannot meet the limits")
                continue
            lines.append(
                f"{case.id:38} {prompt:>6} {_pair(case.tokens_per_s, p.tokens_per_s):>24}"
                f"  {_pair(case.ttft_mean_ms, p.ttft_mean_ms)}"
                f"  {_pair(case.ttft_p99_ms, p.ttft_p99_ms)}"
                f"  {_pair(case.tpot_mean_ms, p.tpot_mean_ms)}"
                f"  {_pair(case.tpot_p99_ms, p.tpot_p99_ms)}"
            )
        lines.append(f"  source: {case.source}")
    return "\n".join(lines)
