"""LoRA target modules against the LoRA paper (issue #32).

Hu et al. 2021, LoRA, arXiv:2106.09685, section 7.1, Table 5: on GPT-3 175B
(96 layers, d_model 12,288) an 18M parameter budget is spent as r = 8 on W_q
alone, r = 4 on W_q and W_v, or r = 2 on all four attention matrices; each is
96 · (matrices · r · 2 · 12,288) = 18,874,368 parameters. Table 4's 4.7M and
37.7M are r = 1 and r = 8 on W_q and W_v (4,718,592 and 37,748,736).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.sizing.memory import (
    LORA_TARGETS,
    lora_adapter_params,
    training_model_state,
)
from gpu_advisor.engine.sizing.shape import shape_from_custom, shape_from_preset
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import ModelShape, Optimizer, Precision, TaskKind

GPT3 = shape_from_custom(
    ModelShape(
        layers=96, hidden=12288, heads=96, kv_heads=96, ffn_hidden=49152, vocab=50257
    )
)


@pytest.mark.parametrize(
    ("targets", "rank", "expected"),
    [
        ({"q"}, 8, 18_874_368),
        ({"q", "v"}, 4, 18_874_368),
        ({"q", "k", "v", "o"}, 2, 18_874_368),
        ({"q", "v"}, 1, 4_718_592),
        ({"q", "v"}, 8, 37_748_736),
    ],
)
def test_lora_papers_gpt3_budgets(targets, rank, expected):
    assert lora_adapter_params(GPT3, rank, targets) == expected


def test_all_seven_is_the_default_and_a_plain_mlp_has_no_gate():
    shape = shape_from_preset(load_catalog().model("llama2-7b"))
    assert lora_adapter_params(shape, 16, LORA_TARGETS) == lora_adapter_params(
        shape, 16
    )
    # GPT-3's MLP is plain: up and down only
    assert lora_adapter_params(GPT3, 1, {"gate"}) == 0
    assert lora_adapter_params(GPT3, 1, {"up", "down"}) == 96 * 2 * (12288 + 49152)


@settings(max_examples=60, deadline=None)
@given(
    some=st.sets(st.sampled_from(LORA_TARGETS), min_size=1),
    more=st.sets(st.sampled_from(LORA_TARGETS)),
    rank=st.integers(1, 256),
)
def test_more_targets_never_lower_the_adapters_or_their_memory(some, more, rank):
    shape = shape_from_preset(load_catalog().model("mixtral-8x7b"))
    assert lora_adapter_params(shape, rank, some) <= lora_adapter_params(
        shape, rank, some | more
    )

    def total(targets: set[str]) -> float:
        return training_model_state(
            shape,
            TaskKind.LORA,
            Optimizer.ADAMW,
            Precision.BF16,
            0,
            1,
            1,
            1,
            rank,
            lora_targets=targets,
        ).total_bytes

    assert total(some) <= total(some | more)
