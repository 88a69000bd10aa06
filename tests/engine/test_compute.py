from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.serving.timing import factor_for
from gpu_advisor.engine.sizing.compute import (
    decode_tokens_per_s_per_gpu,
    flops_per_token,
    gpu_hours,
    peak_tflops,
)
from gpu_advisor.engine.sizing.shape import shape_from_preset
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import Precision, Recompute, TaskKind
from gpu_advisor.model.serving import ServingEngine

CAT = load_catalog()


def test_six_n_plus_attention():
    s = shape_from_preset(CAT.model("llama2-7b"))
    f = flops_per_token(s, 4096, TaskKind.PRETRAIN, Recompute.SELECTIVE)
    # Megatron-LM's count: matmul weights (no input embedding) and causal attention
    assert f == pytest.approx(6 * (6.74e9 - 32000 * 4096) + 6 * 32 * 4096 * 4096)


def test_full_recompute_adds_a_forward():
    s = shape_from_preset(CAT.model("llama2-7b"))
    base = flops_per_token(s, 4096, TaskKind.PRETRAIN, Recompute.SELECTIVE)
    full = flops_per_token(s, 4096, TaskKind.PRETRAIN, Recompute.FULL)
    assert full - base == pytest.approx(
        2 * (6.74e9 - 32000 * 4096) + 2 * 32 * 4096 * 4096
    )


def test_lora_is_four_n():
    s = shape_from_preset(CAT.model("llama2-7b"))
    f = flops_per_token(s, 4096, TaskKind.LORA, Recompute.SELECTIVE)
    assert f == pytest.approx(4 * (6.74e9 - 32000 * 4096) + 6 * 32 * 4096 * 4096)


def test_moe_uses_active_params():
    s = shape_from_preset(CAT.model("deepseek-v3"))
    f = flops_per_token(s, 4096, TaskKind.PRETRAIN, Recompute.SELECTIVE)
    # MLA: QK width 128 + 64, V width 128 per head -> attention width 20480
    assert f == pytest.approx(6 * (37e9 - 129280 * 7168) + 6 * 61 * 4096 * 20480)


def test_llama2_gpu_hours_at_implied_mfu():
    # Llama 2 70B: 1,720,320 A100-80GB hours for 2T tokens (Touvron et al. 2023, Table 2)
    s = shape_from_preset(CAT.model("llama2-70b"))
    flops = flops_per_token(s, 4096, TaskKind.PRETRAIN, Recompute.SELECTIVE) * 2e12
    implied = flops / (1_720_320 * 3600 * 312e12)
    assert implied == pytest.approx(0.444, abs=0.005)
    assert gpu_hours(flops, 312, implied) == pytest.approx(1_720_320)


def test_fp8_peak():
    assert peak_tflops(CAT.gpu("H100-80GB-SXM"), Precision.FP8) == 1979
    assert peak_tflops(CAT.gpu("A100-80GB-SXM"), Precision.FP8) == 312


def test_decode_is_bandwidth_bound_at_low_concurrency():
    s = shape_from_preset(CAT.model("llama2-7b"))
    g = CAT.gpu("A100-80GB-SXM")
    factors = CAT.serving_factors.factors
    one = decode_tokens_per_s_per_gpu(
        s, g, Precision.BF16, 1, 1, 1, 0.4, factors=factors
    )
    # the serving engine's step: weights and KV read at the fitted bandwidth
    # efficiency of vLLM on this generation (or all its runs), the one token's
    # GEMMs at its compute efficiency (not overlapped with the weights' read),
    # plus its overhead
    vllm = factor_for(ServingEngine.VLLM, g, factors)
    bytes_read = 6.74e9 * 2 + 2 * 32 * 4096 * 2
    step = bytes_read / (vllm.bandwidth_efficiency * 2.039e12)
    step += 2 * s.params_active / (vllm.compute_efficiency * 312e12)
    step += vllm.step_overhead_ms / 1000
    assert one == pytest.approx(1 / step, rel=0.01)
    many = decode_tokens_per_s_per_gpu(
        s, g, Precision.BF16, 1, 64, 1, 0.4, factors=factors
    )
    assert many > 10 * one


@settings(max_examples=100, deadline=None)
@given(tokens=st.floats(1e6, 1e14), k=st.floats(0.1, 10))
def test_gpu_hours_linear_in_tokens(tokens, k):
    s = shape_from_preset(CAT.model("qwen2.5-7b"))
    f = flops_per_token(s, 4096, TaskKind.PRETRAIN, Recompute.SELECTIVE)
    assert gpu_hours(f * tokens * k, 989, 0.4) == pytest.approx(
        k * gpu_hours(f * tokens, 989, 0.4)
    )


def test_gpu_hours_rejects_bad_mfu():
    with pytest.raises(ValueError, match="mfu"):
        gpu_hours(1e20, 312, 0)
