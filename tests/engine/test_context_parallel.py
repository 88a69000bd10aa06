"""Context parallelism against Megatron-LM's accounting (issue #32).

Megatron-LM at commit d98e8a64ddf34856e74b24714e3bedb2f5a39553:

- ``docs/user-guide/features/context_parallel.md``: "CP partitions the network
  inputs and all activations along the sequence dimension ... The activation
  memory footprint per GPU is also smaller by the CP degree"; "The total GPU
  count is TP × CP × PP × DP".
- ``megatron/training/arguments.py``: ``data_parallel_size = world_size //
  (tp · pp · cp)``; "seq-length should be a multiple of 2 *
  context-parallel-size".
- ``megatron/core/distributed/distributed_data_parallel.py``: the dense
  parameters' gradient buffers (and so the distributed optimizer's shards) are
  built over ``intra_dp_cp_group``, the data-parallel ranks with the
  context-parallel ones in: ``6 + 12/(dp·cp)`` bytes per parameter.
- ``megatron/training/theoretical_memory_usage.py``: the estimator models
  context parallelism only through the experts, whose data-parallel size is
  ``world/(etp·ep·pp)``, the context-parallel ranks included; its activations
  and its dense ``6 + 12/dp`` leave CP out.

Worked by hand (Mixtral 8x7B, the parameter counts of tests/engine/test_memory.py):
Megatron, ZeRO-1 (distributed optimizer), t 1, p 1, ep 8, dp 4, cp 2 — 8 cards:
dense (1,604,321,280 + 1,314,816)·(6 + 12/8) + routed 45,097,156,608/8·(6 + 12/1)
= 113,510,873,088 B; the estimator's own dense term at dp 4 would be
1,605,636,096·(6 + 12/4), 2,408,454,144 B more. GPT-3 175B (t 8, p 8, SP,
selective, s 2048): the estimator's 10,292,838,400 B of activations, halved at
cp 2 by the CP documentation's rule: 5,146,419,200 B.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.sizing.core import _memory_parts, context_parallel
from gpu_advisor.engine.sizing.memory import framework_activation_bytes
from gpu_advisor.engine.sizing.shape import shape_from_custom, shape_from_preset
from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import canonical_json, fingerprint, load_project
from gpu_advisor.model.project import (
    Framework,
    ModelShape,
    Project,
    Recompute,
    TaskKind,
    Workload,
)
from gpu_advisor.model.sizing_results import ResolvedShape

CAT = load_catalog()


def _gpt3() -> ResolvedShape:
    return shape_from_custom(
        ModelShape(
            layers=96,
            hidden=12288,
            heads=96,
            kv_heads=96,
            ffn_hidden=49152,
            vocab=51200,
        )
    )


def test_activations_split_over_the_context_parallel_ranks():
    shape = _gpt3()

    def act(cp: int) -> float:
        return framework_activation_bytes(
            shape,
            Framework.MEGATRON,
            2048,
            1,
            8,
            8,
            True,
            Recompute.SELECTIVE,
            True,
            context_parallel=cp,
        )

    assert act(1) == pytest.approx(10_292_838_400, rel=1e-6)  # Megatron's estimator
    assert act(2) == pytest.approx(5_146_419_200, rel=1e-6)


def test_mixtral_with_context_parallelism_shards_as_megatron_does():
    """Experts: Megatron's estimator exactly (edp = world/(etp·ep·pp) = 1);
    dense: its distributed optimizer over dp·cp = 8 ranks."""
    shape = shape_from_preset(CAT.model("mixtral-8x7b"))
    w = Workload(
        task=TaskKind.PRETRAIN,
        model_preset="mixtral-8x7b",
        framework=Framework.MEGATRON,
        zero_stage=1,
        expert_parallel=8,
        context_parallel=2,
        seq_len=8192,
    )
    state = _memory_parts(w, shape, 4, 1, 1)[0]
    assert state.total_bytes == pytest.approx(113_510_873_088, rel=0.02)
    # the same shards as eight plain data-parallel ranks; Megatron's estimator,
    # which leaves CP out of the dense term (6 + 12/4), says 2,408,454,144 B more
    plain = _memory_parts(
        w.model_copy(update={"context_parallel": None}), shape, 8, 1, 1
    )
    assert state.total_bytes == pytest.approx(plain[0].total_bytes)
    estimator = 1_605_636_096 * (6 + 12 / 4) + 45_097_156_608 / 8 * (6 + 12 / 1)
    assert estimator - state.total_bytes == pytest.approx(2_408_454_144, rel=0.02)


def _plan(**update: object) -> Workload:
    base = Workload(
        task=TaskKind.PRETRAIN,
        model_preset="llama3-8b",
        framework=Framework.MEGATRON,
        zero_stage=1,
        tp=4,
        sequence_parallel=True,
        seq_len=32768,
        gpu_id="H100-80GB-SXM",
        gpus=64,
        global_batch=128,
    )
    return base.model_copy(update=update)


def test_a_replica_spans_tp_pp_cp_cards_and_the_flops_stay():
    plain = size_workload(_plan(), CAT)
    split = size_workload(_plan(context_parallel=4), CAT)
    assert split.cluster.dp == plain.cluster.dp // 4  # 64 / (4 · 4)
    assert split.cluster.min_gpus is not None
    assert split.cluster.min_gpus % 16 == 0
    ratio = (
        split.memory.per_gpu.activations_bytes / plain.memory.per_gpu.activations_bytes
    )
    assert ratio == pytest.approx(0.25)
    # the optimizer shards over dp·cp = 16 ranks either way
    assert split.memory.per_gpu.optimizer_bytes == pytest.approx(
        plain.memory.per_gpu.optimizer_bytes
    )
    # the same FLOPs (Megatron's CP balances the causal mask, no extra work)
    assert split.compute.gpu_hours == plain.compute.gpu_hours


def test_a_card_count_that_is_not_dp_tp_pp_cp_is_flagged():
    result = size_workload(_plan(context_parallel=2, dp=16), CAT)  # 16·4·2 = 128
    codes = [w.code for w in result.warnings]
    assert "parallel.dp_mismatch_cp" in codes
    fine = size_workload(_plan(context_parallel=2, dp=8), CAT)
    assert not any(w.code.startswith("parallel.dp_mismatch") for w in fine.warnings)


def test_serving_ignores_context_parallelism():
    w = Workload(task=TaskKind.INFERENCE, model_preset="llama2-7b", context_parallel=4)
    assert context_parallel(w) == 1


@settings(max_examples=40, deadline=None)
@given(cp=st.sampled_from([1, 2, 4, 8]), more=st.sampled_from([2, 4]))
def test_more_context_parallel_ranks_never_hold_more(cp, more):
    """At a fixed dp·cp (the same shards), activations fall as 1/cp."""
    shape = shape_from_preset(CAT.model("llama2-7b"))
    w = _plan(model_preset="llama2-7b", tp=1)

    def per_gpu(c: int) -> tuple[float, float]:
        state, act, _, _ = _memory_parts(
            w.model_copy(update={"context_parallel": c}), shape, 64 // c, 1, 1
        )
        return state.total_bytes, act

    (state_a, act_a), (state_b, act_b) = per_gpu(cp), per_gpu(cp * more)
    assert act_b == pytest.approx(act_a / more)
    assert state_b == pytest.approx(state_a)  # the same dp·cp = 64 shards


def test_old_plans_keep_their_meaning_and_fingerprint():
    """Unset means no context parallelism, as before the field existed; unset
    it is left out of the canonical bytes, so signed plans still verify."""
    data = Path(__file__).resolve().parents[1] / "data" / "projects"
    for golden in sorted(data.glob("v*.json")):
        plan = load_project(golden)
        assert plan.workload.context_parallel is None
        for record in plan.signing_records:
            assert record.fingerprint == fingerprint(record.inputs, record.app_version)
    plan = Project()
    assert b"context_parallel" not in canonical_json(plan)
    split = plan.model_copy(
        update={"workload": plan.workload.model_copy(update={"context_parallel": 2})}
    )
    assert b'"context_parallel":2' in canonical_json(split)
