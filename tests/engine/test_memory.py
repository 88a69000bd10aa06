from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.sizing.memory import (
    DEEPSPEED_BUCKET_BYTES,
    activation_bytes_per_gpu,
    activation_bytes_per_layer,
    framework_activation_bytes,
    framework_model_state,
    kv_cache_bytes,
    lora_adapter_params,
    model_state_bytes,
    optimizer_bytes_per_param,
    routed_expert_params,
    stage_params,
    training_model_state,
)
from gpu_advisor.engine.sizing.shape import shape_from_custom, shape_from_preset
from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import (
    Framework,
    ModelShape,
    Optimizer,
    Precision,
    Recompute,
    TaskKind,
    Workload,
)


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


# --- per-framework accounting against the frameworks' own estimators (issue #14) ----
#
# Expected bytes are worked out by hand from the estimators' formulas (not by
# running them) and written down as literals:
#
# Megatron-LM, megatron/training/theoretical_memory_usage.py at commit
# d98e8a64ddf34856e74b24714e3bedb2f5a39553:
#   weights + optimizer = (most-loaded shard params) × (18, or 6 + 12/dp with the
#   distributed optimizer); most-loaded shard = ((attention + MLP)·L/p + V·h)/t
#   (+ V·h/t untied at p = 1) + norms·L/p;
#   activations (SP + selective) = [s·b·h·(18 + 4f/h)·L + 8·s·b·p + s·b·h·p
#   (+ 4·s·b·h·(1 + V/h) at p = 1)] / t;
#   activations otherwise = 1.05·[s·b·h·(10 + 24/t)·L + 8·s·b·p + s·b·h·p
#   (+ 2·(s·b·V/t + s·b·h) at p = 1)].
# DeepSpeed, commit 38327e07f6cd39b63418f60cedd1651b0be3e7c3:
#   ZeRO-2 (stage_1_and_2.py, estimate_zero2_model_states_mem_needs, no offload)
#   = 2Ψ + 18Ψ/N; ZeRO-3 (stage3.py, estimate_zero3_model_states_mem_needs)
#   = 4·largest_layer + 18Ψ/N, with Ψ the Hugging Face parameter count.
# Classic GPT shapes (FFN 4h, multi-head attention, vocab a multiple of 128·t,
# so Megatron's padded vocabulary equals V) where Korthikanti et al. 2022 and
# the estimator agree.


CAT = load_catalog()

MEGATRON_CASES = [
    # name, (L, h, a, k, f, V, s, b, t, p, dp, zero, sequence_parallel),
    # weights+optimizer [B], activations [B]
    (
        "gpt3-175b",
        (96, 12288, 96, 96, 49152, 51200, 2048, 1, 8, 8, 8, 1, True),
        2.09786e10,
        1.02928e10,
    ),
    (
        "gpt-22b",
        (48, 6144, 64, 64, 24576, 51200, 2048, 4, 8, 1, 4, 0, True),
        5.03594e10,
        1.05088e10,
    ),
    (
        "gpt-530b",
        (105, 20480, 128, 128, 81920, 51200, 2048, 1, 8, 35, 2, 1, True),
        2.42251e10,
        1.89007e10,
    ),
    (
        "gpt-1t",
        (128, 25600, 160, 160, 102400, 51200, 2048, 1, 8, 64, 2, 1, True),
        2.55615e10,
        2.89408e10,
    ),
    (
        "gpt-22b-nosp",
        (48, 6144, 64, 64, 24576, 51200, 2048, 1, 8, 1, 4, 0, False),
        5.03594e10,
        8.31150e9,
    ),
    (
        "gpt-13b-tp2",
        (40, 5120, 40, 40, 20480, 51200, 4096, 1, 2, 1, 16, 1, False),
        4.42424e10,
        1.96640e10,
    ),
    (
        "gpt-6.7b-pp2",
        (32, 4096, 32, 32, 16384, 51200, 2048, 2, 1, 2, 8, 1, True),
        2.57341e10,
        1.82872e10,
    ),
]


@pytest.mark.parametrize(("name", "cfg", "states", "activations"), MEGATRON_CASES)
def test_megatron_matches_its_theoretical_memory_estimator(
    name, cfg, states, activations
):
    layers, h, a, k, f, v, s, b, t, p, dp, zero, sp = cfg
    shape = shape_from_custom(
        ModelShape(layers=layers, hidden=h, heads=a, kv_heads=k, ffn_hidden=f, vocab=v)
    )
    state = framework_model_state(
        shape, Optimizer.ADAMW, Precision.BF16, Framework.MEGATRON, zero, dp, t, p
    )
    assert state.total_bytes == pytest.approx(states, rel=0.02), name
    act = framework_activation_bytes(
        shape, Framework.MEGATRON, s, b, t, p, sp, Recompute.SELECTIVE, True
    )
    assert act == pytest.approx(activations, rel=0.02), name


DEEPSPEED_CASES = [
    # preset, zero stage, GPUs N, Ψ (HF count), expected model-state bytes
    ("llama2-7b", 2, 8, 6_738_415_616, 2 * 6_738_415_616 + 18 * 6_738_415_616 // 8),
    ("llama2-7b", 3, 64, 6_738_415_616, 4 * 131_072_000 + 18 * 6_738_415_616 // 64),
    (
        "llama2-13b",
        2,
        16,
        13_015_864_320,
        2 * 13_015_864_320 + 18 * 13_015_864_320 // 16,
    ),
    ("llama2-70b", 3, 16, 68_976_648_192, 4 * 262_144_000 + 18 * 68_976_648_192 // 16),
    ("llama2-70b", 3, 64, 68_976_648_192, 4 * 262_144_000 + 18 * 68_976_648_192 // 64),
    ("llama3-8b", 2, 8, 8_030_261_248, 2 * 8_030_261_248 + 18 * 8_030_261_248 // 8),
    ("llama3-8b", 3, 32, 8_030_261_248, 4 * 525_336_576 + 18 * 8_030_261_248 // 32),
]


@pytest.mark.parametrize(("preset", "zero", "gpus", "psi", "expected"), DEEPSPEED_CASES)
def test_deepspeed_matches_its_zero_estimators(preset, zero, gpus, psi, expected):
    shape = shape_from_preset(CAT.model(preset))
    assert shape.params_total == pytest.approx(psi, rel=0.005)  # the same Ψ
    state = framework_model_state(
        shape, Optimizer.ADAMW, Precision.BF16, Framework.DEEPSPEED, zero, gpus, 1, 1
    )
    # the estimators leave out the communication bucket; everything else is in
    assert state.total_bytes - DEEPSPEED_BUCKET_BYTES == pytest.approx(
        expected, rel=0.02
    )


def test_megatron_and_deepspeed_bytes_per_parameter():
    shape = shape_from_preset(CAT.model("llama2-70b"))
    n = shape.params_total

    def per_param(fw, zero, dp):
        st = framework_model_state(
            shape, Optimizer.ADAMW, Precision.BF16, fw, zero, dp, 1, 1
        )
        return (st.total_bytes - st.buffer_bytes) / n

    assert per_param(Framework.MEGATRON, 0, 8) == pytest.approx(18.0)
    assert per_param(Framework.MEGATRON, 1, 8) == pytest.approx(6 + 12 / 8)
    assert per_param(Framework.DEEPSPEED, 1, 8) == pytest.approx(4 + 16 / 8)
    assert per_param(Framework.DDP, 0, 8) == pytest.approx(16.0)  # + 4 B/param bucket
    assert per_param(Framework.FSDP, 3, 8) == pytest.approx(16 / 8)


def test_default_framework_keeps_the_zero_paper_figures():
    shape = shape_from_preset(CAT.model("llama2-13b"))
    for zero in range(4):
        fw = framework_model_state(
            shape, Optimizer.ADAMW, Precision.BF16, Framework.FSDP, zero, 8, 2, 2
        )
        old = training_model_state(
            shape, TaskKind.PRETRAIN, Optimizer.ADAMW, Precision.BF16, zero, 8, 2, 2
        )
        assert fw.total_bytes == old.total_bytes


def test_pipeline_stage_with_embedding_is_the_most_loaded():
    shape = shape_from_preset(CAT.model("llama3-8b"))
    even = stage_params(shape, 1, 4, Framework.FSDP)
    first = stage_params(shape, 1, 4, Framework.MEGATRON)
    layers = shape.params_total - 2 * shape.vocab * shape.hidden
    assert first == pytest.approx(layers / 4 + shape.vocab * shape.hidden)
    assert first > even


def test_full_recompute_counts_the_working_layer():
    shape = shape_from_preset(CAT.model("llama2-7b"))

    def act(fw, recompute):
        return framework_activation_bytes(
            shape, fw, 4096, 1, 1, 1, False, recompute, True
        )

    one_layer = activation_bytes_per_layer(
        4096,
        1,
        4096,
        32,
        recompute=Recompute.NONE,
        flash_attention=True,
        ffn_ratio=11008 / 4096,
        gated=True,
    )
    assert act(Framework.DEEPSPEED, Recompute.FULL) == pytest.approx(
        act(Framework.FSDP, Recompute.FULL) + one_layer
    )


def test_korthikanti_table2_exactly():
    """Korthikanti et al. 2022, Table 2, for the GPT block all frameworks share."""
    s, b, h, a, t = 2048, 1, 12288, 96, 8
    sbh = s * b * h
    assert activation_bytes_per_layer(s, b, h, a) == sbh * (34 + 5 * a * s / h)
    assert activation_bytes_per_layer(s, b, h, a, tp=t) == pytest.approx(
        sbh * (10 + 24 / t + 5 * a * s / (h * t))
    )
    assert activation_bytes_per_layer(
        s, b, h, a, tp=t, sequence_parallel=True
    ) == pytest.approx(sbh * (34 / t + 5 * a * s / (h * t)))
    assert activation_bytes_per_layer(
        s, b, h, a, tp=t, sequence_parallel=True, recompute=Recompute.SELECTIVE
    ) == pytest.approx(sbh * 34 / t)
    assert activation_bytes_per_layer(s, b, h, a, recompute=Recompute.FULL) == 2 * sbh


# --- expert parallelism (issue #14) -------------------------------------------------
#
# Megatron-LM, megatron/training/theoretical_memory_usage.py at commit
# d98e8a64ddf34856e74b24714e3bedb2f5a39553, compute_weight_and_optimizer_memory:
#   (tp-sharded + replicated params on the most-loaded shard) × (6 + 12/dp)
#   + routed experts / (pp · etp · ep) × (6 + 12/edp), edp = world/(etp · ep · pp),
# with the distributed optimizer and etp = tp. Mixtral 8x7B (L 32, h 4096, 32 heads,
# 8 query groups, SwiGLU f 14336, 8 experts, V 32000 untied, RMSNorm), worked out
# by hand: attention 2·h²·(1 + 8/32) = 41,943,040 per layer, norms 2h + router 8h
# = 40,960 per layer replicated (+ final norm 4,096), embeddings 131,072,000 each,
# routed experts 2·h·f·8·3/2 = 1,409,286,144 per layer.
MIXTRAL_MEGATRON_EP = [
    # tp, ep, dp, expected weights + optimizer bytes on the most-loaded GPU
    # (1,604,321,280 + 1,314,816)·(6 + 12/8) + 45,097,156,608/8·(6 + 12/1)
    (1, 8, 8, 113_510_873_088),
    # (1,604,321,280/2 + 1,314,816)·(6 + 12/16) + 45,097,156,608/8·(6 + 12/4)
    (2, 4, 16, 56_157_760_512),
]


@pytest.mark.parametrize(("tp", "ep", "dp", "expected"), MIXTRAL_MEGATRON_EP)
def test_megatron_expert_parallel_matches_its_estimator(tp, ep, dp, expected):
    shape = shape_from_preset(CAT.model("mixtral-8x7b"))
    state = framework_model_state(
        shape, Optimizer.ADAMW, Precision.BF16, Framework.MEGATRON, 1, dp, tp, 1, ep
    )
    assert state.total_bytes == pytest.approx(expected, rel=0.02)


def test_expert_parallel_splits_only_what_zero_does_not_shard():
    """ZeRO-3 already shards the experts over dp; EP then saves nothing. ZeRO-1
    keeps 16-bit weights and gradients whole: EP divides the experts' share."""
    shape = shape_from_preset(CAT.model("mixtral-8x7b"))
    experts = routed_expert_params(shape)

    def state(zero, ep, fw=Framework.FSDP):
        return framework_model_state(
            shape, Optimizer.ADAMW, Precision.BF16, fw, zero, 64, 1, 1, ep
        )

    assert state(3, 8).total_bytes == pytest.approx(state(3, 1).total_bytes)
    saved = state(1, 1).total_bytes - state(1, 8).total_bytes
    assert saved == pytest.approx(experts * (2 + 2) * (1 - 1 / 8))
    dense = shape_from_preset(CAT.model("llama2-7b"))
    assert routed_expert_params(dense) == 0.0
    assert framework_model_state(
        dense, Optimizer.ADAMW, Precision.BF16, Framework.FSDP, 1, 8, 1, 1, 8
    ) == framework_model_state(
        dense, Optimizer.ADAMW, Precision.BF16, Framework.FSDP, 1, 8, 1, 1
    )


def test_deepseek_v3_parallelism_fits_its_h800s_only_with_expert_parallelism():
    """DeepSeek-AI 2024, DeepSeek-V3 Technical Report (arXiv:2412.19437),
    section 3.2.1: 16-way pipeline, 64-way expert parallelism and ZeRO-1 data
    parallelism on 2,048 H800 80 GB cards. Counting every expert on every card
    needs 243 GiB of model state per GPU; split 64 ways it is 18 GiB."""
    shape = shape_from_preset(CAT.model("deepseek-v3"))
    assert routed_expert_params(shape) == pytest.approx(654e9, rel=0.01)

    def gib(ep):
        st_ = framework_model_state(
            shape,
            Optimizer.ADAMW,
            Precision.BF16,
            Framework.MEGATRON,
            1,
            128,
            1,
            16,
            ep,
        )
        return st_.total_bytes / 2**30

    assert gib(1) > 80
    assert gib(64) < 0.25 * 80
    # the routed experts' share, by the estimator's formula: E/(pp·ep)·(6 + 12/2)
    expert_bytes = 653_908_770_816 / (16 * 64) * (6 + 12 / 2)
    assert gib(1) - gib(64) == pytest.approx(
        (653_908_770_816 / 16 * (6 + 12 / 128) - expert_bytes) / 2**30, rel=0.01
    )


@settings(max_examples=60, deadline=None)
@given(
    fw=st.sampled_from(list(Framework)),
    zero=st.integers(0, 3),
    ep=st.sampled_from([1, 2, 4, 8]),
    more=st.sampled_from([1, 2, 4]),
    tp=st.sampled_from([1, 2]),
    pp=st.sampled_from([1, 2]),
)
def test_more_expert_parallelism_never_raises_memory(fw, zero, ep, more, tp, pp):
    shape = shape_from_preset(CAT.model("mixtral-8x7b"))

    def total(e):
        return framework_model_state(
            shape, Optimizer.ADAMW, Precision.BF16, fw, zero, 64, tp, pp, e
        ).total_bytes

    assert total(ep * more) <= total(ep) * (1 + 1e-12)


# --- DeepSeek-V3's published layout (issue #32) --------------------------------------
#
# DeepSeek-AI 2024, DeepSeek-V3 Technical Report, arXiv:2412.19437: section 3.2
# "16-way Pipeline Parallelism (PP), 64-way Expert Parallelism (EP) spanning 8
# nodes, and ZeRO-1 Data Parallelism (DP)" on 2,048 H800; section 3.2.3 "we
# recompute all RMSNorm operations and MLA up-projections during
# back-propagation" and "the costly tensor parallelism" is avoided (TP 1);
# section 3.3 FP8 mixed precision: "we cache the activations in FP8 format for
# the backward pass of the Linear operator" and "we cache the inputs of the
# SwiGLU operator and recompute its output in the backward pass"; section 4.2
# 4K sequences.

DEEPSEEK_V3_LAYOUT = {
    "task": "pretrain",
    "model_preset": "deepseek-v3",
    "gpu_id": "H800-80GB-SXM",
    "gpus": 2048,
    "tp": 1,
    "pp": 16,
    "expert_parallel": 64,
    "zero_stage": 1,
    "framework": "megatron",
    "seq_len": 4096,
    "micro_batch": 1,
    "tokens_billion": 14800,
    "gpu_candidates": [],
}


def _deepseek_v3(**change):
    return size_workload(
        Workload.model_validate({**DEEPSEEK_V3_LAYOUT, **change}), CAT
    ).memory


def test_deepseek_v3_published_layout_fits_its_h800():
    """With the report's own savings (lean recompute, FP8 linear inputs) the
    layout fits 80 GB H800 cards under the app's 90 % headroom; with selective
    recompute in BF16, as a default plan would say, it does not."""
    fits = _deepseek_v3(recompute="lean", precision="fp8")
    assert fits.fits
    per_gpu = fits.per_gpu.total_bytes / 2**30
    assert 60 < per_gpu <= 0.9 * 80
    plain = _deepseek_v3(recompute="selective", precision="bf16")
    assert not plain.fits
    assert plain.per_gpu.activations_bytes > 1.4 * fits.per_gpu.activations_bytes


def test_shared_experts_add_no_routed_copy():
    """A token is copied to each of its top-k routed experts (the all-to-all
    dispatch); a shared expert reads the layer's MLP input in place. DeepSeek-V3
    (8 routed + 1 shared, f = 2048, h = 7168): 2·8 copies, not 2·9."""
    s, h, f = 4096, 7168, 2048
    got = activation_bytes_per_layer(
        s,
        1,
        h,
        128,
        recompute=Recompute.SELECTIVE,
        ffn_ratio=f / h,
        gated=True,
        ffn_copies=9,
        routed_copies=8,
    )
    # norm inputs 4 + their outputs 4 + copies 2·8; Q K V 6 + projection 2;
    # nine experts' gate, up and product 9·3·2·f/h
    assert got == pytest.approx(s * h * (4 + 4 + 16 + 8 + 9 * 6 * f / h))


def _llama2_7b_layer(recompute, *, fp8=False, ffn_copies=1.0, routed=0.0):
    return activation_bytes_per_layer(
        4096,
        1,
        4096,
        32,
        recompute=recompute,
        ffn_ratio=11008 / 4096,
        gated=True,
        ffn_copies=ffn_copies,
        routed_copies=routed,
        fp8_inputs=fp8,
    )


def test_fp8_caches_the_linear_inputs_in_one_byte():
    """Llama 2 7B layer: the projection input, both norm outputs and the
    down-projection input drop from 2 to 1 byte; Q, K, V (FlashAttention's
    inputs) and the SwiGLU inputs stay 16-bit."""
    sh, f = 4096 * 4096, 11008 / 4096
    bf16 = _llama2_7b_layer(Recompute.SELECTIVE)
    fp8 = _llama2_7b_layer(Recompute.SELECTIVE, fp8=True)
    assert bf16 - fp8 == pytest.approx(sh * (1 + 2 + f))


def test_lean_recompute_drops_norm_outputs_and_moe_activation_only():
    sh, f = 4096 * 4096, 11008 / 4096
    sel, lean = Recompute.SELECTIVE, Recompute.LEAN
    assert _llama2_7b_layer(sel) - _llama2_7b_layer(lean) == pytest.approx(4 * sh)
    moe = {r: _llama2_7b_layer(r, ffn_copies=3, routed=2) for r in (sel, lean)}
    # the norm outputs, and each of three experts' product (down-projection input)
    assert moe[sel] - moe[lean] == pytest.approx(sh * (4 + 3 * 2 * f))


@settings(max_examples=80, deadline=None)
@given(
    gated=st.booleans(),
    routed=st.sampled_from([0, 1, 2, 8]),
    shared=st.sampled_from([0, 1, 2]),
    tp=st.sampled_from([1, 2, 8]),
    sp=st.booleans(),
    ratio=st.floats(0.1, 6.0),
)
def test_lean_and_fp8_never_raise_activation_memory(
    gated, routed, shared, tp, sp, ratio
):
    def act(recompute, fp8):
        return activation_bytes_per_layer(
            4096,
            1,
            4096,
            32,
            tp=tp,
            sequence_parallel=sp,
            recompute=recompute,
            flash_attention=True,
            ffn_ratio=ratio,
            gated=gated,
            ffn_copies=max(routed + shared, 1),
            routed_copies=routed,
            fp8_inputs=fp8,
        )

    for fp8 in (False, True):
        assert act(Recompute.FULL, fp8) <= act(Recompute.LEAN, fp8)
        assert act(Recompute.LEAN, fp8) < act(Recompute.SELECTIVE, fp8)
        assert act(Recompute.SELECTIVE, fp8) <= act(Recompute.NONE, fp8)
    for r in Recompute:
        assert act(r, True) <= act(r, False)
