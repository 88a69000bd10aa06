from __future__ import annotations

import json

import pytest

from gpu_advisor.engine.sizing.shape import (
    attention_width,
    count_params,
    derive_shape_from_params,
    mla_attention_params,
    parse_hf_config,
    shape_from_custom,
    shape_from_preset,
)
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import ModelShape

PRESET_IDS = [m.id for m in load_catalog().models]


@pytest.mark.parametrize("model_id", PRESET_IDS)
def test_preset_params_match_shape(model_id):
    """Every preset's published counts agree with the count of its own shape:
    total within 1.5 % (Kimi K2's shape counts 1.026T against the published
    1.04T), active within 2 % (the published active counts of GLM-4.5 leave
    the embeddings out: the preset counts them, as its note says)."""
    p = load_catalog().model(model_id)
    s = shape_from_preset(p)
    mla = (
        (p.q_lora_rank, p.kv_lora_rank, p.qk_rope_head_dim, p.v_head_dim)
        if p.kv_lora_rank
        else None
    )
    total, active = count_params(
        s.layers,
        s.hidden,
        s.heads,
        s.kv_heads,
        s.head_dim,
        s.ffn_hidden,
        s.vocab,
        experts=s.experts,
        active_experts=s.active_experts,
        shared_experts=s.shared_experts,
        moe_ffn_hidden=s.moe_ffn_hidden,
        dense_layers=s.dense_layers,
        tied_embeddings=s.tied_embeddings,
        mla=mla,
        gated=p.gated_mlp,
    )
    assert total == pytest.approx(p.params_billion * 1e9, rel=0.015)
    assert active == pytest.approx(p.active_params_billion * 1e9, rel=0.02)


def test_deepseek_mla_cache():
    s = shape_from_preset(load_catalog().model("deepseek-v3"))
    assert s.is_moe
    assert s.kv_cache_values_per_token_per_layer == 576
    assert s.params_active == pytest.approx(37e9)


@pytest.mark.parametrize(
    ("params", "hidden"), [(7e9, 4096), (13e9, 5120), (70e9, 8192), (405e9, 16384)]
)
def test_derived_shape_matches_llama_hidden(params, hidden):
    s = derive_shape_from_params(params)
    assert s.hidden == hidden
    assert s.hidden % s.heads == 0
    assert s.heads % s.kv_heads == 0


def test_params_only_is_marked_derived():
    r = shape_from_custom(ModelShape(params_billion=13))
    assert r.derived
    assert r.params_total == 13e9
    explicit = shape_from_custom(
        ModelShape(params_billion=6.74, layers=32, hidden=4096)
    )
    assert not explicit.derived


def test_mismatching_shape_is_derived():
    r = shape_from_custom(ModelShape(params_billion=70, layers=32, hidden=4096))
    assert r.derived
    assert r.hidden == 8192


LLAMA3_8B = {
    "architectures": ["LlamaForCausalLM"],
    "hidden_size": 4096,
    "intermediate_size": 14336,
    "num_attention_heads": 32,
    "num_hidden_layers": 32,
    "num_key_value_heads": 8,
    "vocab_size": 128256,
    "tie_word_embeddings": False,
}
MIXTRAL = {
    "hidden_size": 4096,
    "intermediate_size": 14336,
    "num_attention_heads": 32,
    "num_hidden_layers": 32,
    "num_key_value_heads": 8,
    "num_local_experts": 8,
    "num_experts_per_tok": 2,
    "vocab_size": 32000,
}
DEEPSEEK_V3 = {
    "hidden_size": 7168,
    "intermediate_size": 18432,
    "moe_intermediate_size": 2048,
    "num_attention_heads": 128,
    "num_hidden_layers": 61,
    "num_key_value_heads": 128,
    "n_routed_experts": 256,
    "n_shared_experts": 1,
    "num_experts_per_tok": 8,
    "first_k_dense_replace": 3,
    "vocab_size": 129280,
    "kv_lora_rank": 512,
    "q_lora_rank": 1536,
    "qk_rope_head_dim": 64,
    "v_head_dim": 128,
    "qk_nope_head_dim": 128,
}
GLM4 = {
    "num_layers": 40,
    "hidden_size": 4096,
    "num_attention_heads": 32,
    "multi_query_attention": True,
    "multi_query_group_num": 2,
    "ffn_hidden_size": 13696,
    "kv_channels": 128,
    "padded_vocab_size": 151552,
    "seq_length": 8192,
}
QWEN2 = {
    "hidden_size": 3584,
    "intermediate_size": 18944,
    "num_attention_heads": 28,
    "num_hidden_layers": 28,
    "num_key_value_heads": 4,
    "vocab_size": 152064,
    "tie_word_embeddings": False,
}


def test_parse_llama_text():
    s = parse_hf_config(json.dumps(LLAMA3_8B))
    r = shape_from_custom(s)
    assert r.params_total == pytest.approx(8.03e9, rel=0.005)
    assert s.kv_heads == 8


def test_parse_mixtral():
    r = shape_from_custom(parse_hf_config(MIXTRAL))
    assert r.params_total == pytest.approx(46.7e9, rel=0.01)
    assert r.params_active == pytest.approx(12.9e9, rel=0.01)


def test_parse_deepseek_v3():
    s = parse_hf_config(DEEPSEEK_V3)
    assert (s.experts, s.active_experts, s.shared_experts, s.dense_layers) == (
        256,
        8,
        1,
        3,
    )
    assert s.moe_ffn_hidden == 2048
    assert s.head_dim == 128
    assert s.kv_cache_values_per_token == 512 + 64


def test_pasted_deepseek_config_caches_like_the_preset():
    """MLA: a pasted config.json gets the compressed cache, not 2·128·128."""
    from gpu_advisor.engine.sizing.memory import kv_cache_bytes

    pasted = shape_from_custom(parse_hf_config(DEEPSEEK_V3))
    preset = shape_from_preset(load_catalog().model("deepseek-v3"))
    tokens = 4096 * 16
    assert kv_cache_bytes(pasted, tokens) == kv_cache_bytes(preset, tokens)
    # 61 layers · 576 values · 2 B per token: about 70 KB, not 4 MB
    assert kv_cache_bytes(pasted, 1) == 61 * 576 * 2
    plain = parse_hf_config({k: v for k, v in DEEPSEEK_V3.items() if "lora" not in k})
    assert plain.kv_cache_values_per_token is None


def test_parse_glm4():
    s = parse_hf_config(GLM4)
    r = shape_from_custom(s)
    assert (s.layers, s.kv_heads, s.vocab, s.ffn_hidden) == (40, 2, 151552, 13696)
    assert r.params_total == pytest.approx(9.4e9, rel=0.01)


def test_parse_qwen2():
    r = shape_from_custom(parse_hf_config(QWEN2))
    assert r.params_total == pytest.approx(7.62e9, rel=0.01)


@pytest.mark.parametrize("bad", ["not json", "[1, 2]", '{"hidden_size": 10}'])
def test_parse_rejects_bad_config(bad):
    with pytest.raises(ValueError, match=r"config\.json"):
        parse_hf_config(bad)


DEEPSEEK_V3_CONFIG = {
    # deepseek-ai/DeepSeek-V3 config.json (the keys the parser reads)
    "model_type": "deepseek_v3",
    "hidden_size": 7168,
    "num_hidden_layers": 61,
    "num_attention_heads": 128,
    "num_key_value_heads": 128,
    "intermediate_size": 18432,
    "moe_intermediate_size": 2048,
    "n_routed_experts": 256,
    "n_shared_experts": 1,
    "num_experts_per_tok": 8,
    "first_k_dense_replace": 3,
    "vocab_size": 129280,
    "q_lora_rank": 1536,
    "kv_lora_rank": 512,
    "qk_nope_head_dim": 128,
    "qk_rope_head_dim": 64,
    "v_head_dim": 128,
}


def test_mla_projection_shapes_give_the_published_parameter_counts():
    """DeepSeek-V3: 671B total, 37B active (arXiv:2412.19437, section 4.2)."""
    shape = parse_hf_config(DEEPSEEK_V3_CONFIG)
    assert (shape.head_dim, shape.q_lora_rank, shape.kv_lora_rank) == (128, 1536, 512)
    resolved = shape_from_custom(shape)
    assert resolved.params_total == pytest.approx(671e9, rel=0.005)
    assert resolved.params_active == pytest.approx(37e9, rel=0.02)
    assert resolved.attention_width == attention_width(128, 128, 64, 128) == 20480
    assert resolved.kv_cache_values_per_token_per_layer == 512 + 64
    # q: 7168·1536 + 1536·128·192; kv: 7168·(512 + 64) + 512·128·256; o: 128·128·7168
    expected = 7168 * 1536 + 1536 * 128 * 192 + 7168 * 576 + 512 * 128 * 256
    expected += 128 * 128 * 7168
    assert mla_attention_params(7168, 128, 128, 1536, 512, 64, 128) == expected
    preset = shape_from_preset(load_catalog().model("deepseek-v3"))
    assert preset.attention_width == 20480


LLAMA32_1B = {
    # meta-llama/Llama-3.2-1B config.json (the keys the parser reads); the model
    # card gives 1.23B parameters. Its SwiGLU MLP is exactly 4 × hidden wide,
    # which the width rule read as a two-matrix GeLU MLP (0.97B, −21 %).
    "model_type": "llama",
    "hidden_act": "silu",
    "hidden_size": 2048,
    "intermediate_size": 8192,
    "num_attention_heads": 32,
    "num_hidden_layers": 16,
    "num_key_value_heads": 8,
    "head_dim": 64,
    "vocab_size": 128256,
    "tie_word_embeddings": True,
}


def test_a_gated_mlp_four_times_hidden_is_read_from_the_config() -> None:
    shape = parse_hf_config(LLAMA32_1B)
    assert shape.gated_mlp is True
    resolved = shape_from_custom(shape)
    assert resolved.gated_mlp
    assert round(resolved.params_total / 1e9, 2) == 1.24  # 1,235,746,816
    # the same shape without the field keeps the old reading (a plan saved before it)
    old = shape_from_custom(shape.model_copy(update={"gated_mlp": None}))
    assert not old.gated_mlp
    assert round(old.params_total / 1e9, 2) == 0.97


@pytest.mark.parametrize(
    ("config", "gated"),
    [
        ({"hidden_act": "silu"}, True),  # Llama, Qwen, Mistral, DeepSeek
        ({"model_type": "gemma2", "hidden_activation": "gelu_pytorch_tanh"}, True),
        ({"activation_function": "gelu_new"}, False),  # GPT-2
        ({"model_type": "starcoder2", "hidden_act": "gelu_pytorch_tanh"}, False),
        ({}, None),  # not said: the width decides, as before
    ],
)
def test_the_mlp_kind_follows_the_activation(
    config: dict[str, object], gated: bool | None
) -> None:
    base = {
        k: v for k, v in LLAMA32_1B.items() if k not in ("hidden_act", "model_type")
    }
    assert parse_hf_config({**base, **config}).gated_mlp is gated
