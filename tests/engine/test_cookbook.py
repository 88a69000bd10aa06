"""Memory and FLOPs against the EleutherAI cookbook's estimators (issue #14).

EleutherAI/cookbook at commit 827ee3b293a63f14403f1467d08c91fda213f4e6,
``calc/calc_transformer_mem.py`` (``calc_mem``) and
``calc/calc_transformer_flops.py`` (``calc_flops``), read and restated here in
our own words for a classic GPT block (multi-head attention, 2 MLP linears of
width 4h, untied embeddings, learned positions):

- parameters ``Ψ = 2·V·h + h·s + 8·h·L + 2·h + 4·L·h² + 8·L·h²``;
- model ``Ψ·w`` (w = 2 mixed precision, 4 without), ÷N at ZeRO-3; gradients
  ``Ψ·g`` (``--bytes-per-grad-ele``, default 4), ÷N at ZeRO ≥ 2; AdamW states
  ``12·Ψ``, ÷N at ZeRO ≥ 1, with N the number of GPUs;
- communication buffers (DeepSpeed's all-gather bucket, ZeRO-3 live
  parameters) are reported apart and left out here: the app counts its own
  framework buffers in the overhead;
- activations (Korthikanti et al. 2022, Table 2, no tensor parallelism)
  ``s·b·h·L·(34 + 5·a·s/h)``, with ``--checkpoint-activations`` (the
  attention-score term recomputed) ``s·b·h·L·34``; no output layer;
- FLOPs per token, forward + backward (×3, ×4 with recompute):
  QKV ``2·3·L·h²``, scores and values ``2·2·L·s·h``, projection ``2·L·h²``,
  MLP ``2·2·4·L·h²``, i.e. ``3·(24·L·h² + 4·L·s·h)``; the embedding and head
  ``4·h + 2·V·h`` are counted once (forward only).

The cookbook does not divide gradients and optimizer states by tensor and
pipeline parallelism, so only ``tp = pp = 1`` configurations are compared.
Which framework a cookbook setting describes: gradients at 2 bytes is the
ZeRO paper (the app's FSDP); at 4 bytes, ZeRO-0 and ZeRO-1 are Megatron-LM
without and with its distributed optimizer, ZeRO-3 is DeepSpeed's 18/N;
without mixed precision it is plain DDP (20 B/param: the cookbook's fp32
model, gradients and 12-byte AdamW against the app's fp32 weights,
gradients, 8-byte moments and 4-byte bucket copy).
"""

from __future__ import annotations

import pytest

from gpu_advisor.engine.sizing import compute as cmp
from gpu_advisor.engine.sizing.memory import (
    embedding_params,
    framework_activation_bytes,
    framework_model_state,
)
from gpu_advisor.engine.sizing.shape import shape_from_custom
from gpu_advisor.model.project import (
    Framework,
    ModelShape,
    Optimizer,
    Precision,
    Recompute,
    TaskKind,
)
from gpu_advisor.model.sizing_results import ResolvedShape

V, S = 51200, 2048

SHAPES = {
    # L, h, a: GPT-3 family (Brown et al. 2020, Table 2.1) and the cookbook's
    # default GPT-NeoX-20B-like shape
    "gpt3-1.3b": (24, 2048, 16),
    "gpt3-2.7b": (32, 2560, 32),
    "gpt3-6.7b": (32, 4096, 32),
    "gpt3-13b": (40, 5120, 40),
    "neox-20b": (44, 6144, 64),
    "gpt3-175b": (96, 12288, 96),
}


def _shape(name: str) -> ResolvedShape:
    layers, h, a = SHAPES[name]
    return shape_from_custom(
        ModelShape(
            layers=layers, hidden=h, heads=a, kv_heads=a, ffn_hidden=4 * h, vocab=V
        )
    )


def _cookbook_psi(name: str) -> float:
    layers, h, _ = SHAPES[name]
    return (
        2 * V * h
        + h * S
        + 8 * h * layers
        + 2 * h
        + 4 * layers * h**2
        + 8 * layers * h**2
    )


def _cookbook_states(
    name: str, zero: int, gpus: int, grad_bytes: int, mixed: bool = True
) -> float:
    psi = _cookbook_psi(name)
    model = psi * (2 if mixed else 4) / (gpus if zero == 3 else 1)
    grads = psi * grad_bytes / (gpus if zero >= 2 else 1)
    opt = psi * 12 / (gpus if zero >= 1 else 1)
    return model + grads + opt


def _app_states(name: str, fw: Framework, zero: int, gpus: int) -> float:
    st = framework_model_state(
        _shape(name), Optimizer.ADAMW, Precision.BF16, fw, zero, gpus, 1, 1
    )
    buffers = 0.0 if fw is Framework.DDP else st.buffer_bytes
    return st.total_bytes - buffers


def test_parameter_counts_agree():
    for name in SHAPES:
        assert _shape(name).params_total == pytest.approx(
            _cookbook_psi(name), rel=0.005
        )


FSDP_CASES = [  # gradients at 2 bytes: the ZeRO paper's accounting
    ("gpt3-1.3b", 0, 1),
    ("gpt3-2.7b", 1, 8),
    ("gpt3-6.7b", 2, 16),
    ("gpt3-13b", 3, 64),
    ("neox-20b", 1, 32),
    ("gpt3-175b", 3, 512),
]


@pytest.mark.parametrize(("name", "zero", "gpus"), FSDP_CASES)
def test_fsdp_matches_the_cookbook_with_16_bit_gradients(name, zero, gpus):
    expected = _cookbook_states(name, zero, gpus, grad_bytes=2)
    assert _app_states(name, Framework.FSDP, zero, gpus) == pytest.approx(
        expected, rel=0.02
    )


MEGATRON_CASES = [  # fp32 gradients; ZeRO-1 = the distributed optimizer
    ("gpt3-1.3b", 0, 8),
    ("gpt3-2.7b", 1, 8),
    ("gpt3-6.7b", 0, 16),
    ("gpt3-13b", 1, 32),
    ("neox-20b", 1, 64),
    ("gpt3-175b", 1, 1024),
]


@pytest.mark.parametrize(("name", "zero", "gpus"), MEGATRON_CASES)
def test_megatron_matches_the_cookbook_with_fp32_gradients(name, zero, gpus):
    expected = _cookbook_states(name, zero, gpus, grad_bytes=4)
    assert _app_states(name, Framework.MEGATRON, zero, gpus) == pytest.approx(
        expected, rel=0.02
    )


DEEPSPEED_CASES = [  # ZeRO-3: 18/N like DeepSpeed's own estimator
    ("gpt3-1.3b", 8),
    ("gpt3-2.7b", 16),
    ("gpt3-6.7b", 32),
    ("gpt3-13b", 64),
    ("neox-20b", 128),
    ("gpt3-175b", 1024),
]


@pytest.mark.parametrize(("name", "gpus"), DEEPSPEED_CASES)
def test_deepspeed_zero3_matches_the_cookbook(name, gpus):
    expected = _cookbook_states(name, 3, gpus, grad_bytes=4)
    assert _app_states(name, Framework.DEEPSPEED, 3, gpus) == pytest.approx(
        expected, rel=0.02
    )


DDP_CASES = [
    ("gpt3-1.3b", 2),
    ("gpt3-2.7b", 4),
    ("gpt3-6.7b", 8),
    ("gpt3-13b", 8),
    ("neox-20b", 16),
    ("gpt3-175b", 64),
]


@pytest.mark.parametrize(("name", "gpus"), DDP_CASES)
def test_ddp_matches_the_cookbook_without_mixed_precision(name, gpus):
    expected = _cookbook_states(name, 0, gpus, grad_bytes=4, mixed=False)
    assert _app_states(name, Framework.DDP, 0, gpus) == pytest.approx(
        expected, rel=0.02
    )


def _cookbook_activations(name: str, b: int, checkpoint: bool) -> float:
    layers, h, a = SHAPES[name]
    score = 0.0 if checkpoint else 5 * a * S / h
    return S * b * h * layers * (34 + score)


ACTIVATION_CASES = [
    (name, fw, b, checkpoint)
    for name, b in (("gpt3-1.3b", 4), ("gpt3-6.7b", 1), ("gpt3-175b", 1))
    for fw in (Framework.FSDP, Framework.DEEPSPEED, Framework.DDP)
    for checkpoint in (False, True)
]


@pytest.mark.parametrize(("name", "fw", "b", "checkpoint"), ACTIVATION_CASES)
def test_activations_match_the_cookbook_exactly(name, fw, b, checkpoint):
    """The transformer layers agree to rounding; the app adds the output layer
    (fp32 logits and their input, ``4·s·b·(V + h)``) that the cookbook omits."""
    shape = _shape(name)
    recompute = Recompute.SELECTIVE if checkpoint else Recompute.NONE
    act = framework_activation_bytes(shape, fw, S, b, 1, 1, False, recompute, False)
    output_layer = 4.0 * S * b * (V + shape.hidden)
    assert act - output_layer == pytest.approx(
        _cookbook_activations(name, b, checkpoint), rel=1e-9
    )


@pytest.mark.parametrize("name", list(SHAPES))
def test_flops_match_the_cookbook_outside_the_embeddings(name):
    """Transformer-layer FLOPs per token: the cookbook's ``3·(24Lh² + 4Lsh)``
    (model FLOPs) and ``4·(…)`` with recompute (hardware FLOPs), within the
    norm parameters' share, less the causal half of the attention scores the
    app leaves out as Megatron-LM does (``2Lsh`` of the forward's ``4Lsh``).
    The app counts the output layer ``V·h`` at 6 (8) FLOPs per parameter and
    no input embedding, where the cookbook counts ``2·V·h`` once."""
    layers, h, _ = SHAPES[name]
    shape = _shape(name)
    head = embedding_params(shape) / 2  # untied: the output layer's V·h
    causal_half = 2 * layers * S * h
    layer_flops = 24 * layers * h**2 + 4 * layers * S * h - causal_half
    model = cmp.model_flops_per_token(shape, S, TaskKind.PRETRAIN) - 6 * head
    assert model == pytest.approx(3 * layer_flops, rel=0.002)
    hardware = (
        cmp.flops_per_token(shape, S, TaskKind.PRETRAIN, Recompute.FULL) - 8 * head
    )
    assert hardware == pytest.approx(4 * layer_flops, rel=0.002)
