from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.memory import (
    activation_bytes_per_gpu,
    activation_bytes_per_layer,
    kv_cache_bytes,
    lora_adapter_params,
    model_state_bytes,
    optimizer_bytes_per_param,
    training_model_state,
)
from gpu_advisor.engine.shape import shape_from_preset
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import Optimizer, Precision, Recompute, TaskKind


# ZeRO paper Figure 1: Psi = 7.5B, N_d = 64, K = 12, GB = 1e9 bytes
@pytest.mark.parametrize(("stage", "gb"), [(0, 120.0), (1, 31.4), (2, 16.6), (3, 1.9)])
def test_zero_figure_1(stage, gb):
    assert sum(model_state_bytes(7.5e9, stage, 64)) / 1e9 == pytest.approx(gb, abs=0.05)


def test_optimizer_bytes():
    assert optimizer_bytes_per_param(Optimizer.ADAMW) == (2.0, 2.0, 12.0)
    assert optimizer_bytes_per_param(Optimizer.ADAMW_8BIT) == (2.0, 2.0, 6.0)
    assert optimizer_bytes_per_param(Optimizer.SGD) == (2.0, 2.0, 8.0)
    assert sum(optimizer_bytes_per_param(Optimizer.ADAMW, Precision.FP8)) == 17.0


def test_tp_pp_divide_everything():
    a = sum(model_state_bytes(70e9, 0, 1, 1, 1))
    b = sum(model_state_bytes(70e9, 0, 1, 4, 2))
    assert b == pytest.approx(a / 8)


# Korthikanti et al. 2022, Table 2, GPT-3 175B: s=2048, h=12288, a=96, t=8, b=1
S, H, A, T = 2048, 12288, 96, 8
SBH = S * H


def test_korthikanti_no_parallelism():
    assert activation_bytes_per_layer(S, 1, H, A) == pytest.approx(
        SBH * (34 + 5 * A * S / H)
    )


def test_korthikanti_tensor_parallel():
    got = activation_bytes_per_layer(S, 1, H, A, tp=T)
    assert got == pytest.approx(SBH * (10 + 24 / T + 5 * A * S / (H * T)))


def test_korthikanti_tensor_sequence_parallel():
    got = activation_bytes_per_layer(S, 1, H, A, tp=T, sequence_parallel=True)
    assert got == pytest.approx(SBH * (34 / T + 5 * A * S / (H * T)))
    # whole model, L = 96 layers: about 34.4 GB
    assert 96 * got / 1e9 == pytest.approx(34.43, abs=0.05)


def test_korthikanti_selective_and_full():
    sel = activation_bytes_per_layer(
        S, 1, H, A, tp=T, sequence_parallel=True, recompute=Recompute.SELECTIVE
    )
    assert sel == pytest.approx(SBH * 34 / T)
    full = activation_bytes_per_layer(
        S, 1, H, A, tp=T, sequence_parallel=True, recompute=Recompute.FULL
    )
    assert full == pytest.approx(2 * SBH / T)
    assert activation_bytes_per_layer(
        S, 1, H, A, flash_attention=True
    ) == pytest.approx(SBH * 34)


def test_pipeline_first_stage_holds_all_layers():
    s = shape_from_preset(load_catalog().model("llama2-70b"))
    one = activation_bytes_per_gpu(s, 4096, 1, 8, 1, True, Recompute.SELECTIVE, True)
    four = activation_bytes_per_gpu(s, 4096, 1, 8, 4, True, Recompute.SELECTIVE, True)
    assert four == pytest.approx(
        one - (4 * 4096 * 32000 + 4 * 4096 * 8192) / 8, rel=1e-9
    )


def test_kv_cache_gqa():
    s = shape_from_preset(load_catalog().model("llama3.1-8b"))
    # 2 * 32 layers * 8 kv heads * 128 * 2 B = 128 KiB per token
    assert kv_cache_bytes(s, 1) == 131072


def test_lora_and_qlora():
    s = shape_from_preset(load_catalog().model("llama2-7b"))
    assert lora_adapter_params(s, 8) == pytest.approx(
        32 * 8 * (4 * 8192 + 3 * (4096 + 11008))
    )
    lora = training_model_state(
        s, TaskKind.LORA, Optimizer.ADAMW, Precision.BF16, 0, 1, 1, 1
    )
    qlora = training_model_state(
        s, TaskKind.QLORA, Optimizer.ADAMW, Precision.BF16, 0, 1, 1, 1
    )
    adapters = lora_adapter_params(s, 16)
    assert lora.weights_bytes == pytest.approx(6.74e9 * 2 + adapters * 2)
    assert lora.gradients_bytes == pytest.approx(adapters * 2)
    assert lora.optimizer_bytes == pytest.approx(adapters * 12)
    assert qlora.weights_bytes < 0.35 * lora.weights_bytes


def test_moe_memory_uses_total_params():
    s = shape_from_preset(load_catalog().model("mixtral-8x7b"))
    m = training_model_state(
        s, TaskKind.PRETRAIN, Optimizer.ADAMW, Precision.BF16, 0, 1, 1, 1
    )
    assert m.unsharded_bytes == pytest.approx(46.7e9 * 16)


@settings(max_examples=100, deadline=None)
@given(
    params=st.floats(1e6, 1e12),
    stage=st.integers(0, 3),
    dp=st.integers(1, 4096),
    extra=st.integers(1, 64),
    tp=st.sampled_from([1, 2, 4, 8]),
    pp=st.sampled_from([1, 2, 4]),
)
def test_more_dp_never_raises_memory(params, stage, dp, extra, tp, pp):
    a = model_state_bytes(params, stage, dp, tp, pp)
    b = model_state_bytes(params, stage, dp + extra, tp, pp)
    assert sum(b) <= sum(a) * (1 + 1e-12)
    assert min(a) >= 0
    assert min(b) >= 0


@settings(max_examples=100, deadline=None)
@given(
    s=st.integers(1, 32768),
    b=st.integers(1, 16),
    h=st.sampled_from([1024, 4096, 8192]),
    a=st.sampled_from([8, 32, 64]),
    t=st.sampled_from([1, 2, 8]),
    sp=st.booleans(),
    flash=st.booleans(),
    gated=st.booleans(),
)
def test_recompute_never_raises_activations(s, b, h, a, t, sp, flash, gated):
    kw = {
        "tp": t,
        "sequence_parallel": sp,
        "flash_attention": flash,
        "gated": gated,
        "ffn_ratio": 3.5 if gated else 4.0,
    }
    none = activation_bytes_per_layer(s, b, h, a, recompute=Recompute.NONE, **kw)
    sel = activation_bytes_per_layer(s, b, h, a, recompute=Recompute.SELECTIVE, **kw)
    full = activation_bytes_per_layer(s, b, h, a, recompute=Recompute.FULL, **kw)
    assert none >= sel >= full > 0


def test_invalid_arguments_raise():
    with pytest.raises(ValueError, match="zero_stage"):
        model_state_bytes(1e9, 4, 1)
