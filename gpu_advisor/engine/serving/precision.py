"""Which weight precisions a replica may run, and what choosing one means.

Without a fixed precision (``Serving.precision_search``) the replica search
tries BF16, FP8 on cards with FP8 tensor cores (Hopper, Ada, Blackwell,
CDNA 3), and, only when the user allows integer quantisation, INT8 and INT4
(AWQ, GPTQ). All four engines serve those formats: vLLM and SGLang
(``--quantization fp8 | awq | gptq``, W8A8 INT8), TensorRT-LLM (FP8,
INT8 SmoothQuant or weight-only, INT4 AWQ/GPTQ weight-only) and LMDeploy
(TurboMind AWQ/GPTQ 4-bit, W8A8 INT8 and FP8 in its PyTorch engine). The
cheapest configuration that meets the targets wins; at the same number of
cards the higher-quality precision does (a quantised model is a quality
risk with nothing saved). Choosing a quantised one is worded as a warning:
the served model no longer answers exactly as the published weights do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gpu_advisor.model.catalog import GpuSpec
from gpu_advisor.model.common import Advice, Message, Severity
from gpu_advisor.model.serving import (
    PrecisionSearch,
    ReplicaPerformance,
    Serving,
    WeightPrecision,
)

QUALITY_ORDER: Final = (
    WeightPrecision.BF16,
    WeightPrecision.FP8,
    WeightPrecision.INT8,
    WeightPrecision.INT4_AWQ,
    WeightPrecision.INT4_GPTQ,
)
"""Weight precisions from the closest to the published weights to the
furthest; the tie-break between configurations needing the same cards."""

INTEGER: Final = (
    WeightPrecision.INT8,
    WeightPrecision.INT4_AWQ,
    WeightPrecision.INT4_GPTQ,
)
"""Tried only when the user allows integer quantisation (``PrecisionSearch.ANY``)."""


def quality_rank(precision: WeightPrecision | None) -> int:
    """Position in :data:`QUALITY_ORDER` (0: BF16; None counts as BF16).

    >>> quality_rank(WeightPrecision.FP8), quality_rank(None)
    (1, 0)
    """
    return QUALITY_ORDER.index(precision or WeightPrecision.BF16)


def precisions_to_try(serving: Serving, gpu: GpuSpec) -> tuple[WeightPrecision, ...]:
    """The weight precisions the replica search tries, best quality first.

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> c = load_catalog()
    >>> s = Serving(precision_search=PrecisionSearch.BF16_FP8)
    >>> [p.value for p in precisions_to_try(s, c.gpu("H100-80GB-SXM"))]
    ['bf16', 'fp8']
    >>> [p.value for p in precisions_to_try(s, c.gpu("A100-80GB-SXM"))]
    ['bf16']
    >>> any_ = Serving(precision_search=PrecisionSearch.ANY)
    >>> len(precisions_to_try(any_, c.gpu("A100-80GB-SXM")))
    4
    >>> precisions_to_try(Serving(weight_precision=WeightPrecision.INT8), c.gpu("L40S"))
    (<WeightPrecision.INT8: 'int8'>,)
    """
    search = serving.precision_search
    if search is None:
        return (serving.weight_precision,)
    tried = [WeightPrecision.BF16]
    if gpu.fp8_dense_tflops:
        tried.append(WeightPrecision.FP8)
    if search is PrecisionSearch.ANY:
        tried.extend(INTEGER)
    return tuple(tried)


def precision_advice(
    serving: Serving, chosen: ReplicaPerformance, tried: Sequence[WeightPrecision]
) -> list[Advice]:
    """Which precision the search chose and why; a warning naming the quality
    trade-off when it is not BF16. Nothing when the precision was the user's.

    >>> from gpu_advisor.model.serving import ReplicaPerformance
    >>> r = ReplicaPerformance(gpus=2, concurrency=8, output_tokens_per_s=900.0,
    ...     requests_per_s=3.0, ttft_ms=300.0, tpot_ms=30.0, max_concurrency=20,
    ...     meets_targets=True, weight_precision=WeightPrecision.FP8)
    >>> s = Serving(precision_search=PrecisionSearch.BF16_FP8)
    >>> [a.code for a in precision_advice(s, r, QUALITY_ORDER[:2])]
    ['serving.precision.chosen', 'serving.precision.quantised']
    >>> precision_advice(Serving(), r, QUALITY_ORDER[:1])
    []
    """
    if serving.precision_search is None:
        return []
    precision = chosen.weight_precision or serving.weight_precision
    inputs = ["workload.serving.precision_search"]
    out = [
        Advice(
            code="serving.precision.chosen",
            severity=Severity.INFO,
            params={
                "precision": precision.value,
                "tried": [p.value for p in tried],
                "gpus": chosen.gpus,
                "per_card": round(chosen.output_tokens_per_s / chosen.gpus, 1),
            },
            inputs=inputs,
        )
    ]
    if precision is not WeightPrecision.BF16:
        out.append(
            Advice(
                code="serving.precision.quantised",
                severity=Severity.WARNING,
                params={"precision": precision.value},
                inputs=inputs,
            )
        )
    return out


def precision_message(advice: Advice) -> Message:
    """The advice as a plain message (the CLI words it)."""
    return Message(code=advice.code, params=advice.params)
