"""Sliding-window attention (issue #32): FLOPs, KV cache, presets and configs.

Definition (Jiang et al. 2023, Mistral 7B, arXiv:2310.06825, section 2): in a
windowed layer the token at position ``i`` attends to at most ``W`` positions,
``min(i, W)`` keys under the causal mask. Megatron-LM's
``num_floating_point_operations`` (NVIDIA/Megatron-LM @
d98e8a64ddf34856e74b24714e3bedb2f5a39553, ``megatron/training/training.py``)
has no window term, so it is the reference only where the window is at least
the sequence; past it the paper's definition is counted here position by
position.

Layer patterns from the Hugging Face configuration classes
(huggingface/transformers): Gemma2Config at
19f5346140749359823ef26c4183bd8f1aed3db7 ("every other layer uses sliding
window attention"), Gemma3TextConfig at
d98ac17cc00f337eeee9a1e2380072dc8cafabd4 (``sliding_window_pattern`` 6, "5:1
attention pattern"), Qwen2Config at caa3177646255d2cf73626315c8582722af4749c
("The first `max_window_layers` layers will use full attention", only with
``use_sliding_window``).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.sizing import compute as cmp
from gpu_advisor.engine.sizing.memory import activation_bytes_per_gpu, kv_cache_bytes
from gpu_advisor.engine.sizing.shape import (
    attended_keys,
    count_params,
    parse_hf_config,
    shape_from_custom,
    shape_from_preset,
)
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import ModelShape, Recompute, TaskKind
from tests.engine.test_causal_flops import megatron_flops_per_token

CAT = load_catalog()

MISTRAL = {"layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8,
           "ffn_hidden": 14336, "vocab": 32000}  # fmt: skip
"""mistralai/Mistral-7B-v0.1 config.json (sliding_window 4096)."""

GEMMA2_9B_CONFIG = {
    "model_type": "gemma2",
    "hidden_activation": "gelu_pytorch_tanh",
    "num_hidden_layers": 42,
    "hidden_size": 3584,
    "intermediate_size": 14336,
    "num_attention_heads": 16,
    "num_key_value_heads": 8,
    "head_dim": 256,
    "vocab_size": 256000,
    "sliding_window": 4096,
    "tie_word_embeddings": True,
}
"""The shape keys of google/gemma-2-9b's config.json."""


def _exact_mean_keys(seq: int, window: int) -> float:
    """Σ_{i=1..s} min(i, W) / s: the paper's definition, position by position."""
    return sum(min(i, window) for i in range(1, seq + 1)) / seq


@settings(max_examples=60, deadline=None)
@given(st.integers(64, 4096), st.integers(16, 8192))
def test_attended_keys_follow_the_definition_position_by_position(seq, window):
    """The closed form ``W − W²/(2s)`` is the per-position sum to within the
    half key per query that the full causal ``s/2`` also leaves out."""
    ours = attended_keys(seq, window, TaskKind.PRETRAIN)
    exact = _exact_mean_keys(seq, window)
    assert ours == pytest.approx(exact, abs=0.5 + 1e-9)
    assert ours <= attended_keys(seq, 0, TaskKind.PRETRAIN)


def test_mistral_equals_megatron_up_to_its_window_and_counts_the_window_past_it():
    """Up to 4,096 tokens every key is inside the window: Megatron-LM's count
    exactly. At 32,768 tokens only the core attention term changes, by
    (W − W²/2s)/(s/2) = 3,840/16,384."""
    windowed = shape_from_custom(ModelShape(**MISTRAL, sliding_window=4096))

    def megatron(seq: int) -> float:
        return megatron_flops_per_token(
            layers=32, hidden=4096, heads=32, groups=8, kv_channels=128,
            ffn=14336, vocab=32000, seq=seq,
        )  # fmt: skip

    at_4k = cmp.model_flops_per_token(windowed, 4096, TaskKind.PRETRAIN)
    assert at_4k == pytest.approx(megatron(4096), rel=1e-12)
    s, w = 32768, 4096
    full = megatron(s)
    core = 6 * 128 * 32 * 32 * s  # Megatron's causal core term: 6·q·L·s
    expected = full - core + core * (w - w * w / (2 * s)) / (s / 2)
    ours = cmp.model_flops_per_token(windowed, s, TaskKind.PRETRAIN)
    assert ours == pytest.approx(expected, rel=1e-12)
    assert ours < full * 0.72  # the window saves 29 % of the FLOPs at 32k


def test_the_mistral_paper_speed_up_is_within_the_attention_flops_saved():
    """Mistral 7B, section 2: "for a sequence length of 16K and W = 4096" the
    windowed kernels give "a 2x speed improvement over a vanilla attention
    baseline". The attention FLOPs fall 8,192/3,584 = 2.29-fold: a measured
    speed-up can approach, not pass, that."""
    full = shape_from_custom(ModelShape(**MISTRAL))
    windowed = shape_from_custom(ModelShape(**MISTRAL, sliding_window=4096))
    ratio = cmp.attention_forward_flops(
        full, 16384, TaskKind.PRETRAIN
    ) / cmp.attention_forward_flops(windowed, 16384, TaskKind.PRETRAIN)
    assert ratio == pytest.approx(8192 / 3584)
    assert 2.0 <= ratio < 2.5


def test_gemma2_preset_is_its_config_and_its_paper():
    """Gemma 2 9B: config.json read through the reader gives the preset's
    shape; its count is Table 2's non-embedding 8,324,201,984 (less the norms,
    42·4·3584 + 3584) plus 256,000·3,584 tied; 21 of 42 layers windowed."""
    preset = shape_from_preset(CAT.model("gemma-2-9b"))
    assert (preset.sliding_window, preset.sliding_window_layers) == (4096, 21)
    parsed = parse_hf_config(GEMMA2_9B_CONFIG)
    assert (parsed.sliding_window, parsed.sliding_window_layers) == (4096, 21)
    total, _ = count_params(42, 3584, 16, 8, 256, 14336, 256000,
                            tied_embeddings=True, gated=True)  # fmt: skip
    norms = 42 * 4 * 3584 + 3584
    assert total == 8_324_201_984 - norms + 256000 * 3584
    assert preset.params_total == pytest.approx(total, rel=0.001)
    custom = shape_from_custom(parsed)
    for key in ("layers", "hidden", "heads", "kv_heads", "head_dim", "ffn_hidden",
                "sliding_window", "sliding_window_layers", "gated_mlp"):  # fmt: skip
        assert getattr(custom, key) == getattr(preset, key), key
    # every other layer windowed: half the layers attend s/2, half W − W²/2s
    s = 8192
    attn = cmp.attention_forward_flops(preset, s, TaskKind.PRETRAIN)
    assert attn == pytest.approx(4 * 16 * 256 * (21 * s / 2 + 21 * (4096 - 1024)))


QWEN_OFF = {"model_type": "qwen2", "sliding_window": 131072,
            "use_sliding_window": False, "max_window_layers": 28}  # fmt: skip


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        ({"sliding_window": 4096}, (4096, 32)),  # Mistral 7B v0.1: all layers
        ({"sliding_window": None}, (None, None)),  # Mistral 7B v0.2+
        (QWEN_OFF, (None, None)),  # Qwen2.5: use_sliding_window false
        ({**QWEN_OFF, "sliding_window": 4096, "use_sliding_window": True}, (4096, 4)),
        ({"model_type": "gemma3_text", "sliding_window": 1024}, (1024, 27)),
    ],
)
def test_config_reader_finds_the_windowed_layers(config, expected):
    """32 layers: Gemma 3's 5:1 pattern leaves layers 6, 12, …, 30 global (5)."""
    base = {"num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32}
    shape = parse_hf_config({**base, **config})
    assert (shape.sliding_window, shape.sliding_window_layers) == expected


def test_serving_caches_only_the_window():
    """Inference at 32,768 tokens of context: a windowed layer keeps 4,096 of
    them a sequence (Mistral's rolling buffer cache); Gemma 2 at 8,192 keeps
    all of them in 21 layers and half in the other 21."""
    mistral = shape_from_preset(CAT.model("mistral-7b"))
    whole = kv_cache_bytes(mistral, 8 * 32768)
    assert kv_cache_bytes(mistral, 8 * 32768, context_len=32768) == whole / 8
    assert kv_cache_bytes(mistral, 8 * 4096, context_len=4096) == kv_cache_bytes(
        mistral, 8 * 4096
    )
    gemma = shape_from_preset(CAT.model("gemma-2-9b"))
    ratio = kv_cache_bytes(gemma, 8192, context_len=8192) / kv_cache_bytes(gemma, 8192)
    assert ratio == pytest.approx(0.75)
    # a generated token attends at most the window
    flops = cmp.attention_forward_flops(mistral, 32768, TaskKind.INFERENCE)
    assert flops == 4 * 4096 * 32 * 4096


def test_a_window_leaves_the_stored_activations_as_they_are():
    """Without FlashAttention the unfused softmax stores the whole masked
    s × s matrix (the ``5as/h`` term); with it there are no scores to store:
    either way the window changes no activation bytes."""
    plain = shape_from_custom(ModelShape(**MISTRAL))
    windowed = shape_from_custom(ModelShape(**MISTRAL, sliding_window=1024))
    for flash in (False, True):
        args = (16384, 1, 1, 1, False, Recompute.NONE, flash)
        assert activation_bytes_per_gpu(plain, *args) == activation_bytes_per_gpu(
            windowed, *args
        )


def test_a_shape_derived_from_parameters_keeps_its_window():
    shape = shape_from_custom(
        ModelShape(params_billion=7, sliding_window=4096, sliding_window_layers=10)
    )
    assert shape.derived
    assert (shape.sliding_window, shape.sliding_window_layers) == (4096, 10)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 131072),
    st.integers(1, 131072),
    st.integers(0, 32),
    st.sampled_from([TaskKind.PRETRAIN, TaskKind.LORA, TaskKind.INFERENCE]),
)
def test_a_window_never_adds_flops_and_a_long_one_changes_nothing(
    seq, window, layers, task
):
    full = shape_from_custom(ModelShape(**MISTRAL))
    windowed = shape_from_custom(
        ModelShape(**MISTRAL, sliding_window=window, sliding_window_layers=layers)
    )
    ours = cmp.model_flops_per_token(windowed, seq, task)
    theirs = cmp.model_flops_per_token(full, seq, task)
    assert ours <= theirs
    if window >= seq or layers == 0:
        assert ours == pytest.approx(theirs, rel=1e-12)


def test_more_windowed_layers_than_layers_is_refused():
    with pytest.raises(ValueError, match="sliding_window_layers"):
        ModelShape(**MISTRAL, sliding_window=4096, sliding_window_layers=33)


def _serving_model(window: int | None, context_tokens: int) -> tuple[float, float]:
    """(KV-cache sequences a replica holds, its decode step time) for Mistral
    7B's shape with or without its window, prompts of ``context_tokens``."""
    from gpu_advisor.engine.serving.load import max_sequences
    from gpu_advisor.engine.serving.replica import build_model
    from gpu_advisor.engine.serving.timing import step_time
    from gpu_advisor.model.serving import Serving

    base = shape_from_preset(CAT.model("mistral-7b"))
    shape = base.model_copy(
        update={
            "sliding_window": window or 0,
            "sliding_window_layers": base.layers if window else 0,
        }
    )
    serving = Serving(prompt_tokens=context_tokens, output_tokens=256)
    model = build_model(shape, CAT.gpu("H100-80GB-SXM"), serving, 1)
    step = step_time(model.replica, 64, context_tokens, 0, context_tokens)
    return max_sequences(model), step.seconds


def test_serving_keeps_the_window_not_the_context():
    """Serving a windowed model (Mistral 7B v0.1, 4,096 on every layer) at
    32k-token prompts: the KV cache holds a sequence's last 4,096 tokens a
    layer, so a replica runs about 8× the sequences and a decode step reads
    an eighth of the cache; at prompts inside the window nothing changes."""
    full_seqs, full_step = _serving_model(None, 32_000)
    win_seqs, win_step = _serving_model(4096, 32_000)
    assert win_seqs / full_seqs == pytest.approx((32_000 + 256) / 4096, rel=0.02)
    assert win_step < full_step
    assert _serving_model(4096, 2000) == _serving_model(None, 2000)
