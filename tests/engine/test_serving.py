"""The serving engine against hand-computed memory and the published calibration runs.

The calibration test reads only the catalog (``serving_runs.json`` with its
sources, ``serving_factors.json``) and checks the issue's done-when: median
|error| at most 25 % on output tokens/s and 35 % on TTFT and TPOT where the
source states them (``benchmarks/bench_serving_calibration.py`` prints the
table).
"""

from __future__ import annotations

import pytest

from gpu_advisor.engine.serving.calibration import (
    Errors,
    errors,
    factor_of_run,
    median_abs,
    predict_run,
    shape_for_run,
)
from gpu_advisor.engine.serving.memory import (
    kv_bytes_per_token,
    replica_memory,
    weight_bytes,
)
from gpu_advisor.engine.serving.replica import (
    choose_replica,
    replica_at_targets,
    serving_shape,
)
from gpu_advisor.engine.sizing.shape import shape_from_preset
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.serving import (
    KvPrecision,
    LatencyTargets,
    Serving,
    ServingEngine,
    WeightPrecision,
)

CATALOG = load_catalog()


def test_kv_bytes_llama3_70b_exact() -> None:
    """80 layers × 8 KV heads × 128 × 2 (K and V) × 2 B = 327,680 B per token."""
    s = shape_from_preset(CATALOG.model("llama3-70b"))
    assert kv_bytes_per_token(s, KvPrecision.BF16, 1) == 327_680
    assert kv_bytes_per_token(s, KvPrecision.FP8, 1) == 163_840
    assert kv_bytes_per_token(s, KvPrecision.BF16, 8) == 327_680 / 8


def test_kv_heads_never_split_below_one() -> None:
    """Qwen2.5-1.5B has 2 KV heads: at tp=4 each card still holds one whole head."""
    s = shape_from_preset(CATALOG.model("qwen2.5-1.5b"))
    one = kv_bytes_per_token(s, KvPrecision.BF16, 1)
    assert one == 28 * 2 * 2 * 128 * 2
    assert kv_bytes_per_token(s, KvPrecision.BF16, 4) == one / 2


def test_mla_cache_is_the_latent_on_every_card() -> None:
    """DeepSeek-V3: 61 layers × (512 + 64) values × 2 B, not split by tp."""
    s = shape_from_preset(CATALOG.model("deepseek-v3"))
    assert kv_bytes_per_token(s, KvPrecision.BF16, 8) == 61 * 576 * 2


def test_weights_int4_carry_group_scales() -> None:
    """INT4 with a 4-byte scale+zero per 128 weights: 0.53125 B per linear weight."""
    s = shape_from_preset(CATALOG.model("llama3-8b"))
    embed = s.vocab * s.hidden * 2
    linear = s.params_total - embed
    assert weight_bytes(s, WeightPrecision.INT4_GPTQ) == pytest.approx(
        linear * 0.53125 + embed * 2
    )


def test_vllm_kv_memory_by_hand() -> None:
    """vLLM: 0.9 × 80 GiB − weights − workspace − 1.5 GiB runtime on an H100."""
    s = shape_from_preset(CATALOG.model("llama3.1-8b"))
    gpu = CATALOG.gpu("H100-80GB-SXM")
    m = replica_memory(
        s, gpu, 1, WeightPrecision.BF16, KvPrecision.BF16, ServingEngine.VLLM
    )
    gib = 2**30
    workspace = 8192 * (4 * 4096 + 2 * 14336) * 2
    expected = 0.9 * 80 * gib - weight_bytes(s, WeightPrecision.BF16) - workspace
    expected -= 1.5 * gib
    assert m.kv_bytes_per_gpu == pytest.approx(expected)
    assert m.kv_tokens == int(expected // (32 * 8 * 128 * 2 * 2))


def test_70b_does_not_fit_one_h100_and_says_why() -> None:
    s = serving_shape(CATALOG, "llama3-70b")
    gpu = CATALOG.gpu("H100-80GB-SXM")
    choice = choose_replica(
        s, [gpu], Serving(), 10.0, factors=CATALOG.serving_factors.factors
    )
    assert choice.gpu_id == gpu.id
    assert choice.tp >= 2
    codes = {(r.tp, r.reason.code) for r in choice.rejected}
    assert (1, "serving.reject.does_not_fit") in codes
    assert choice.gpus == choice.replicas * choice.tp


def test_unreachable_targets_are_rejected_with_values() -> None:
    s = serving_shape(CATALOG, "llama3.1-8b")
    serving = Serving(targets=LatencyTargets(ttft_ms=1.0, tpot_ms=0.5))
    perf = replica_at_targets(s, CATALOG.gpu("L40S"), serving, 1)
    assert not perf.meets_targets
    choice = choose_replica(s, [CATALOG.gpu("L40S")], serving, 1.0)
    assert choice.gpu_id is None
    reason = choice.rejected[0].reason
    assert reason.code == "serving.reject.targets_unreachable"
    assert isinstance(reason.params["tpot_ms"], float)
    assert reason.params["tpot_ms"] > 0.5


def _catalog_errors() -> list[Errors]:
    out = []
    for run in CATALOG.serving_runs.runs:
        gpu = CATALOG.gpu(run.gpu_id)
        factor = factor_of_run(run, gpu, CATALOG.serving_factors.factors)
        assert factor is not None, run.id
        pred = predict_run(run, shape_for_run(run, CATALOG), gpu, factor)
        out.append(errors(run, pred))
    return out


def test_calibration_medians_meet_the_issue() -> None:
    errs = _catalog_errors()
    throughput = median_abs(errs, "throughput")
    ttft = median_abs(errs, "ttft")
    tpot = median_abs(errs, "tpot")
    assert throughput is not None
    assert throughput <= 0.25
    assert ttft is not None
    assert ttft <= 0.35
    assert tpot is not None
    assert tpot <= 0.35


def test_calibration_catalog_is_broad_and_sourced() -> None:
    runs = CATALOG.serving_runs.runs
    sources = {s.id: s for s in CATALOG.serving_runs.sources}
    assert len([r for r in runs if r.output_tokens_per_s]) >= 15
    assert len({r.engine for r in runs}) >= 3
    assert len({CATALOG.gpu(r.gpu_id).arch for r in runs}) >= 2
    assert {r.tp for r in runs} >= {1, 2, 4, 8}
    assert any(shape_for_run(r, CATALOG).is_moe for r in runs)
    for run in runs:
        source = sources[run.source]
        assert source.url.startswith("https://")
        assert source.commit or source.published


def test_stored_medians_match_the_factors() -> None:
    """serving_factors.json states the in-sample medians its factors give."""
    errs = _catalog_errors()
    stated = CATALOG.serving_factors.in_sample_median_error
    assert stated["throughput"] == pytest.approx(
        median_abs(errs, "throughput"), abs=0.002
    )


def test_a_degree_the_heads_cannot_split_says_so() -> None:
    s = serving_shape(CATALOG, "llama3.1-8b")  # 32 heads, 8 KV heads
    choice = choose_replica(s, [CATALOG.gpu("H100-80GB-SXM")], Serving(tp=3), 1.0)
    assert choice.gpu_id is None
    assert [r.reason.code for r in choice.rejected] == [
        "serving.reject.heads_not_divisible"
    ]
