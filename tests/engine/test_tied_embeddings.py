"""Tied embeddings against Megatron-LM's accounting (issue #32).

Megatron-LM ``megatron/training/theoretical_memory_usage.py`` at commit
d98e8a64ddf34856e74b24714e3bedb2f5a39553, ``compute_weight_and_optimizer_memory``:
the most-loaded shard holds the embedding ``V·h/t`` once; only
``--untie-embeddings-and-output-weights`` at ``p = 1`` adds the output head's
own ``V·h/t``. Bytes per parameter: 18 without the distributed optimizer.

Worked for GPT 22B (L 48, h 6144, a 64, f 4h, V 51200, t 8, p 1, no
distributed optimizer): the layers' tensor-parallel part is
48 · (4h² + 2·h·f) = 21,743,271,936, the embedding 314,572,800, the norms
48 · 4h + 2h = 1,191,936; tied: ((21,743,271,936 + 314,572,800)/8 +
1,191,936) · 18 = 49,651,605,504 B; untied adds 314,572,800/8 · 18 =
707,788,800 B (50,359,394,304 B, the untied case of tests/engine/test_memory.py).
With ``p > 1`` the first stage holds the embedding either way: no difference.
"""

from __future__ import annotations

import pytest

from gpu_advisor.engine.sizing.memory import framework_model_state
from gpu_advisor.engine.sizing.shape import shape_from_custom
from gpu_advisor.model.project import Framework, ModelShape, Optimizer, Precision

GPT_22B = {
    "layers": 48,
    "hidden": 6144,
    "heads": 64,
    "kv_heads": 64,
    "ffn_hidden": 24576,
    "vocab": 51200,
}


def _state(tied: bool, pp: int) -> float:
    shape = shape_from_custom(ModelShape(**GPT_22B, tied_embeddings=tied))
    state = framework_model_state(
        shape, Optimizer.ADAMW, Precision.BF16, Framework.MEGATRON, 0, 4, 8, pp
    )
    return state.total_bytes


def test_tied_embeddings_match_megatrons_estimator():
    assert _state(True, 1) == pytest.approx(49_651_605_504, rel=0.02)
    # the difference is exactly the output head Megatron-LM adds when untied
    assert _state(False, 1) - _state(True, 1) == pytest.approx(707_788_800, rel=1e-3)


def test_tying_changes_nothing_on_the_first_stage_of_a_pipeline():
    assert _state(True, 4) == pytest.approx(_state(False, 4), rel=1e-9)
