"""Expert tensor parallelism against Megatron-LM's accounting (issue #32).

Megatron-LM, ``megatron/training/theoretical_memory_usage.py`` at commit
d98e8a64ddf34856e74b24714e3bedb2f5a39553, ``compute_weight_and_optimizer_memory``:
routed experts on the most-loaded shard ``E/pp / (etp·ep)`` at
``6 + 12/edp`` bytes with the distributed optimizer, ``edp = world //
(etp·ep·pp)``; everything else at ``6 + 12/dp``. ``--expert-tensor-parallel-size``
defaults to ``--tensor-model-parallel-size`` (``megatron/training/arguments.py``,
same commit).

Worked by hand for Mixtral 8x7B (the counts of tests/engine/test_memory.py:
tensor-parallel-sharded 1,604,321,280, replicated 1,314,816, routed experts
45,097,156,608), one pipeline stage:

- t 2, etp 1, ep 4, dp 16 (32 cards, edp 8):
  (1,604,321,280/2 + 1,314,816)·(6 + 12/16) + 45,097,156,608/4·(6 + 12/8)
  = 89,980,627,968 B (etp = t: 56,157,760,512 B);
- t 4, etp 1, ep 8, dp 8 (32 cards, edp 4):
  (1,604,321,280/4 + 1,314,816)·(6 + 12/8) + 45,097,156,608/8·(6 + 12/4)
  = 53,752,264,704 B;
- t 1, etp 2, ep 4, dp 8 (8 cards, edp 1):
  1,605,636,096·(6 + 12/8) + 45,097,156,608/8·(6 + 12/1) = 113,510,873,088 B.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.sizing.core import expert_replicas
from gpu_advisor.engine.sizing.memory import (
    activation_bytes_per_gpu,
    framework_model_state,
)
from gpu_advisor.engine.sizing.shape import shape_from_preset
from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import (
    Framework,
    Optimizer,
    Precision,
    Recompute,
    TaskKind,
    Workload,
)

CAT = load_catalog()
MIXTRAL = shape_from_preset(CAT.model("mixtral-8x7b"))

CASES = [
    # tp, etp, ep, dp, Megatron's weights + optimizer bytes on the most-loaded GPU
    (2, 1, 4, 16, 89_980_627_968),
    (2, None, 4, 16, 56_157_760_512),
    (4, 1, 8, 8, 53_752_264_704),
    (1, 2, 4, 8, 113_510_873_088),
]


@pytest.mark.parametrize(("tp", "etp", "ep", "dp", "expected"), CASES)
def test_expert_tensor_parallel_matches_megatrons_estimator(tp, etp, ep, dp, expected):
    state = framework_model_state(
        MIXTRAL,
        Optimizer.ADAMW,
        Precision.BF16,
        Framework.MEGATRON,
        1,
        dp,
        tp,
        1,
        ep,
        expert_tp=etp,
    )
    assert state.total_bytes == pytest.approx(expected, rel=0.002)


def test_expert_tp_equal_to_tp_changes_nothing():
    def state(etp):
        return framework_model_state(
            MIXTRAL,
            Optimizer.ADAMW,
            Precision.BF16,
            Framework.MEGATRON,
            1,
            16,
            2,
            1,
            4,
            expert_tp=etp,
        )

    assert state(2) == state(None)


def _act(tp: int, etp: int | None, shape=MIXTRAL) -> float:
    return activation_bytes_per_gpu(
        shape, 4096, 1, tp, 1, True, Recompute.SELECTIVE, True, expert_tp=etp
    )


def test_expert_activations_split_over_the_expert_tensor_ranks():
    """Only the routed experts' MLP terms move: a dense model is untouched,
    and etp = 1 at tp 2 holds the routed experts' share whole."""
    dense = shape_from_preset(CAT.model("llama2-7b"))
    assert _act(2, 1, dense) == _act(2, None, dense)
    assert _act(2, 2) == _act(2, None)
    assert _act(2, 1) > _act(2, None)
    assert _act(2, 4) < _act(2, None)


@settings(max_examples=30, deadline=None)
@given(tp=st.sampled_from([1, 2, 4, 8]), etp=st.sampled_from([1, 2, 4, 8]))
def test_more_expert_tensor_ranks_never_hold_more(tp, etp):
    assert _act(tp, etp * 2) <= _act(tp, etp)
    more = framework_model_state(
        MIXTRAL, Optimizer.ADAMW, Precision.BF16, Framework.MEGATRON, 1, 64, tp, 1, 8,
        expert_tp=etp * 2,
    )  # fmt: skip
    fewer = framework_model_state(
        MIXTRAL, Optimizer.ADAMW, Precision.BF16, Framework.MEGATRON, 1, 64, tp, 1, 8,
        expert_tp=etp,
    )  # fmt: skip
    assert more.total_bytes <= fewer.total_bytes


def test_the_expert_layout_folds_onto_the_replicas():
    """etp·ep·edp = tp·cp·dp: at tp 2, etp 1, 8-way EP needs dp a multiple of 4."""
    w = Workload(
        task=TaskKind.PRETRAIN,
        model_preset="mixtral-8x7b",
        framework=Framework.MEGATRON,
        zero_stage=1,
        tp=2,
        expert_parallel=8,
        expert_tensor_parallel=1,
        sequence_parallel=True,
        gpu_id="H100-80GB-SXM",
        gpus=8,
    )
    assert expert_replicas(w, MIXTRAL, 8) == 4
    result = size_workload(w, CAT)
    assert "workload.expert_parallel_above_dp" not in [x.code for x in result.warnings]
    same = size_workload(w.model_copy(update={"expert_tensor_parallel": None}), CAT)
    assert "workload.expert_parallel_above_dp" in [x.code for x in same.warnings]
    assert result.cluster.min_gpus is not None
    assert result.cluster.min_gpus % 8 == 0
