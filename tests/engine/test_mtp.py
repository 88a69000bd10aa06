"""Multi-token prediction (issue #32) against Megatron-LM's accounting.

NVIDIA/Megatron-LM at commit d98e8a64ddf34856e74b24714e3bedb2f5a39553:

- ``megatron/training/training.py``, ``num_floating_point_operations``: the
  ``mtp_num_layers`` blocks are counted as further layers of the last layer's
  kind (``num_layers = args.num_layers + mtp_num_layers``, MoE when
  ``moe_layer_pattern[-1]``), each depth adds "MTP eh norm + final norm"
  ``3h`` and "MTH eh proj" ``2h²``, and the logits run ``mtp_num_layers + 1``
  times; every term ×6 (forward and backward, two FLOPs a multiply-add).
- ``megatron/training/theoretical_memory_usage.py``,
  ``compute_weight_and_optimizer_memory``: ``num_parameters_in_mtp_block`` is
  one transformer layer (attention, MLP or shared + routed experts and
  router, two norms) per depth, without the ``2h × h`` projection; the most
  loaded shard holds "1/pp_size transformer layers, 1 mtp block, and 1
  embedding layer".

The app counts the projection (DeepSeek-AI 2024, DeepSeek-V3, arXiv:2412.19437,
section 2.2, eq. (21): ``M_k ∈ R^{d×2d}``) and, as everywhere, no norms; the
tests take exactly those two terms off Megatron-LM's figures.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from gpu_advisor.engine.sizing import compute as cmp
from gpu_advisor.engine.sizing.memory import (
    activation_bytes_per_gpu,
    framework_model_state,
    stage_params,
)
from gpu_advisor.engine.sizing.shape import parse_hf_config, shape_from_custom
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
from gpu_advisor.model.sizing_results import ResolvedShape
from tests.engine.test_causal_flops import megatron_flops_per_token

CAT = load_catalog()

LLAMA3_8B = {"layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8,
             "ffn_hidden": 14336, "vocab": 128256}  # fmt: skip
"""meta-llama/Meta-Llama-3-8B config.json."""

DEEPSEEK_V3 = {
    "layers": 61, "hidden": 7168, "heads": 128, "kv_heads": 128,
    "ffn_hidden": 18432, "vocab": 129280, "experts": 256, "active_experts": 8,
    "shared_experts": 1, "moe_ffn_hidden": 2048, "dense_layers": 3,
    "head_dim": 128, "q_lora_rank": 1536, "kv_lora_rank": 512,
    "qk_rope_head_dim": 64, "v_head_dim": 128, "gated_mlp": True,
}  # fmt: skip
"""deepseek-ai/DeepSeek-V3 config.json (num_nextn_predict_layers 1)."""

QWEN3_MOE = {
    "layers": 48, "hidden": 2048, "heads": 32, "kv_heads": 4, "head_dim": 128,
    "ffn_hidden": 6144, "vocab": 151936, "experts": 128, "active_experts": 8,
    "moe_ffn_hidden": 768, "gated_mlp": True,
}  # fmt: skip
"""Qwen/Qwen3-30B-A3B config.json."""


def _shape(fields: Mapping[str, object], depth: int) -> ResolvedShape:
    return shape_from_custom(
        ModelShape.model_validate({**fields, "mtp_layers": depth}), mtp=True
    )


def megatron_mtp_block_params(h: int, depth: int) -> float:
    """DeepSeek-V3's ``num_parameters_in_mtp_block`` (MLA, RMSNorm, one MoE layer)."""
    a, qk, rope, v, q_rank, kv_rank = 128, 128, 64, 128, 1536, 512
    q_term = q_rank * (h + a * (qk + rope) + 1)
    attn = q_term + kv_rank * (h + a * (qk + v) + 1) + h * rope + a * v * h
    routed = 2 * h * 2048 * 256 * 3 / 2
    shared = 2 * h * 2048 * 3 / 2
    return depth * (attn + shared + routed + 2 * h + h * 256)


def test_mtp_parameters_are_megatrons_block_and_the_papers_projection():
    """DeepSeek-V3, one module: Megatron-LM's MTP block less its norms
    (2h + q_lora_rank + kv_lora_rank) plus the 2h² projection."""
    h = 7168
    shape = _shape(DEEPSEEK_V3, 1)
    norms = 2 * h + 1536 + 512
    expected = megatron_mtp_block_params(h, 1) - norms + 2 * h * h
    assert shape.mtp_params == pytest.approx(expected, rel=1e-12)
    plain = shape_from_custom(ModelShape.model_validate(DEEPSEEK_V3))
    assert shape.params_total - plain.params_total == pytest.approx(expected)


def test_deepseek_v3_model_card_counts_14b_of_mtp():
    """deepseek-ai/DeepSeek-V3 model card: "685B, which includes 671B of the
    Main Model weights and 14B of the Multi-Token Prediction (MTP) Module
    weights". The checkpoint's MTP layer also stores its own copies of the
    embedding and the output head (2 · 129,280 · 7,168), which training shares."""
    shape = _shape(DEEPSEEK_V3, 1)
    stored = shape.mtp_params + 2 * 129280 * 7168
    assert stored == pytest.approx(14e9, rel=0.05)


@pytest.mark.parametrize(
    ("fields", "mega", "depth"),
    [
        (
            LLAMA3_8B,
            {
                "layers": 32,
                "hidden": 4096,
                "heads": 32,
                "groups": 8,
                "kv_channels": 128,
                "ffn": 14336,
                "vocab": 128256,
            },
            1,
        ),
        (
            LLAMA3_8B,
            {
                "layers": 32,
                "hidden": 4096,
                "heads": 32,
                "groups": 8,
                "kv_channels": 128,
                "ffn": 14336,
                "vocab": 128256,
            },
            3,
        ),
        (
            QWEN3_MOE,
            {
                "layers": 48,
                "hidden": 2048,
                "heads": 32,
                "groups": 4,
                "kv_channels": 128,
                "ffn": 6144,
                "vocab": 151936,
                "experts": 128,
                "topk": 8,
                "moe_ffn": 768,
            },
            2,
        ),
    ],
)
def test_mtp_flops_per_token_equal_megatron(fields, mega, depth):
    """The blocks as further layers (Megatron's ``num_layers + mtp_num_layers``,
    MoE after an MoE last layer), the projection and one more logits per
    depth; the norms' ``6 · 3h`` a depth are the only term left out."""
    seq, h, vocab = 4096, mega["hidden"], mega["vocab"]
    layers = mega["layers"] + depth
    base = megatron_flops_per_token(**{**mega, "layers": layers}, seq=seq)
    megatron = base + 6 * depth * (3 * h + 2 * h * h) + 6 * depth * h * vocab
    # the app's active parameters hold each MoE layer's router, h·E, which
    # Megatron-LM's FLOPs leave out (as without MTP, tests/engine/test_causal_flops.py)
    router = 6 * h * mega.get("experts", 0) * layers
    ours = cmp.model_flops_per_token(_shape(fields, depth), seq, TaskKind.PRETRAIN)
    assert ours == pytest.approx(megatron - 6 * depth * 3 * h + router, rel=1e-12)


def test_the_mtp_block_stays_whole_on_the_last_pipeline_stage():
    """Megatron-LM's most loaded shard: 1/p of the layers, the whole MTP block
    and the embedding; FSDP splits everything evenly."""
    shape = _shape(LLAMA3_8B, 1)
    plain = shape_from_custom(ModelShape.model_validate(LLAMA3_8B))
    mtp = shape.mtp_params
    assert mtp == pytest.approx(218_103_808 + 2 * 4096 * 4096)  # a layer + 2h²
    grown = stage_params(shape, 2, 4, Framework.MEGATRON) - stage_params(
        plain, 2, 4, Framework.MEGATRON
    )
    assert grown == pytest.approx(mtp / 2)
    even = stage_params(shape, 2, 4, Framework.FSDP) - stage_params(
        plain, 2, 4, Framework.FSDP
    )
    assert even == pytest.approx(mtp / 8)
    # 18 B a parameter without the distributed optimizer, as Megatron-LM counts
    states = [
        framework_model_state(
            s, Optimizer.ADAMW, Precision.BF16, Framework.MEGATRON, 0, 8, 1, 1
        ).total_bytes
        for s in (shape, plain)
    ]
    assert states[0] - states[1] == pytest.approx(18 * mtp)


def test_mtp_activations_sit_on_the_last_stage():
    """Per depth the last stage keeps one more block, the projection's 2h-wide
    16-bit input and another set of fp32 logits with their input; the first
    stage of a pipeline, which holds p micro-batches, does not change."""
    s, b, h, vocab = 4096, 1, 4096, 128256
    shape, plain = _shape(LLAMA3_8B, 1), _shape(LLAMA3_8B, 0)
    args = (s, b, 1, 1, False, Recompute.SELECTIVE, True)
    layer = activation_bytes_per_gpu(plain, *args) - (4 * s * b * vocab + 4 * s * b * h)
    one_layer = layer / 32
    added = activation_bytes_per_gpu(shape, *args) - activation_bytes_per_gpu(
        plain, *args
    )
    assert added == pytest.approx(one_layer + 4 * s * b * h + 4 * s * b * (vocab + h))
    piped = (s, b, 1, 8, False, Recompute.SELECTIVE, True)
    assert activation_bytes_per_gpu(shape, *piped) == activation_bytes_per_gpu(
        plain, *piped
    )


def test_training_counts_the_modules_and_serving_drops_them():
    """DeepSeek-V3 report, section 2.2: "During inference, we can directly
    discard the MTP modules"; LoRA and QLoRA fine-tunes freeze a base without them."""
    shape = ModelShape.model_validate({**LLAMA3_8B, "mtp_layers": 1})
    params = {}
    for task in ("pretrain", "full-finetune", "lora", "inference"):
        plan = Workload(task=task, model_preset=None, shape=shape, gpu_candidates=[])
        params[task] = size_workload(plan, CAT).shape.params_total
    assert params["pretrain"] == params["full-finetune"]
    assert params["pretrain"] - params["inference"] == pytest.approx(
        218_103_808 + 2 * 4096 * 4096
    )
    assert params["lora"] == params["inference"]


def test_config_reader_takes_the_mtp_depth():
    config = {"num_hidden_layers": 61, "hidden_size": 7168, "num_attention_heads": 128,
              "num_nextn_predict_layers": 1}  # fmt: skip
    assert parse_hf_config(config).mtp_layers == 1
    del config["num_nextn_predict_layers"]
    assert parse_hf_config(config).mtp_layers is None
