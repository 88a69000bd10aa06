"""MoE shapes described to ``size`` by their experts, as config.json states them.

Parameter counts against the model cards (total and active within 2 %):

- Mixtral 8x7B: mistralai/Mixtral-8x7B-v0.1 config.json (hidden_size 4096,
  num_hidden_layers 32, num_attention_heads 32, num_key_value_heads 8,
  intermediate_size 14336, num_local_experts 8, num_experts_per_tok 2,
  vocab_size 32000); Mistral AI, "Mixtral of experts" (2023-12-11): "Mixtral
  has 46.7B total parameters but only uses 12.9B parameters per token".
- Qwen1.5-MoE-A2.7B: Qwen/Qwen1.5-MoE-A2.7B config.json (hidden_size 2048,
  num_hidden_layers 24, num_attention_heads 16, moe_intermediate_size 1408,
  shared_expert_intermediate_size 5632 = 4 × 1408, num_experts 60,
  num_experts_per_tok 4, vocab_size 151936); its model card: "14.3B
  parameters in total and 2.7B activated parameters during runtime".
- Qwen3-30B-A3B: Qwen/Qwen3-30B-A3B config.json (hidden_size 2048,
  num_hidden_layers 48, num_attention_heads 32, num_key_value_heads 4,
  head_dim 128, moe_intermediate_size 768, num_experts 128,
  num_experts_per_tok 8, vocab_size 151936); its model card: "Number of
  Parameters: 30.5B in total and 3.3B activated".
"""

from __future__ import annotations

import json

import pytest

from gpu_advisor.cli import main

MIXTRAL = (
    "--layers 32 --hidden 4096 --heads 32 --kv-heads 8 --vocab 32000 "
    "--experts 8 --active-experts 2 --expert-ffn 14336"
)
QWEN15_MOE = (
    "--layers 24 --hidden 2048 --heads 16 --vocab 151936 "
    "--experts 60 --active-experts 4 --shared-experts 4 --expert-ffn 1408"
)
QWEN3_MOE = (
    "--layers 48 --hidden 2048 --heads 32 --kv-heads 4 --head-dim 128 "
    "--vocab 151936 --experts 128 --active-experts 8 --expert-ffn 768"
)


def _size(capsys: pytest.CaptureFixture[str], flags: str) -> dict[str, object]:
    argv = ["size", *flags.split(), "--gpu", "H100-80GB-SXM", "--tokens", "1T"]
    assert main([*argv, "--json"]) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


@pytest.mark.parametrize(
    ("flags", "total", "active"),
    [
        (MIXTRAL, 46.7e9, 12.9e9),
        (QWEN15_MOE, 14.3e9, 2.7e9),
        (QWEN3_MOE, 30.5e9, 3.3e9),
    ],
)
def test_moe_shape_flags_give_the_model_cards_counts(
    capsys: pytest.CaptureFixture[str], flags: str, total: float, active: float
) -> None:
    shape = _size(capsys, flags)["shape"]
    assert isinstance(shape, dict)
    assert shape["is_moe"] is True
    assert shape["gated_mlp"] is True  # SwiGLU experts, read from their width
    assert shape["params_total"] == pytest.approx(total, rel=0.02)
    assert shape["params_active"] == pytest.approx(active, rel=0.02)
    assert not shape["derived"]


def test_moe_shape_matches_the_preset(capsys: pytest.CaptureFixture[str]) -> None:
    """Mixtral by its shape sizes like the Mixtral preset: the same FLOPs per
    token (within the rounding of the preset's published counts)."""
    by_shape = _size(capsys, MIXTRAL)["compute"]
    by_preset = _size(capsys, "--model mixtral-8x7b")["compute"]
    assert isinstance(by_shape, dict)
    assert isinstance(by_preset, dict)
    assert by_shape["flops_per_token"] == pytest.approx(
        by_preset["flops_per_token"], rel=0.01
    )


@pytest.mark.parametrize(
    ("flags", "fragment"),
    [
        ("--layers 32 --hidden 4096 --experts 8", "--active-experts K"),
        ("--layers 32 --hidden 4096 --active-experts 2", "--experts N"),
        ("--params 7B --expert-ffn 1408", "--experts N"),
        ("--model mixtral-8x7b --experts 8 --active-experts 2", "not both"),
        ("--layers 32 --hidden 4096 --experts 2 --active-experts 8", "active_experts"),
    ],
)
def test_incomplete_moe_shapes_are_refused(
    capsys: pytest.CaptureFixture[str], flags: str, fragment: str
) -> None:
    code = main(["size", *flags.split(), "--gpu", "H100-80GB-SXM"])
    assert code == 2
    assert fragment in capsys.readouterr().err
