"""Optimizer offload (ZeRO-Offload) against DeepSpeed's estimators (issue #32).

DeepSpeed at commit 38327e07f6cd39b63418f60cedd1651b0be3e7c3:
``estimate_zero2_model_states_mem_needs(..., cpu_offload=True)`` in
``deepspeed/runtime/zero/stage_1_and_2.py`` gives ``gpu_mem = 2 * total_params``;
``estimate_zero3_model_states_mem_needs(..., cpu_offload=True,
cpu_offload_params=False)`` in ``stage3.py`` gives ``largest_layer_memory +
int(2 * total_params / total_gpus)`` with ``largest_layer_memory = 4 *
largest_layer_params``. Expected bytes are worked out by hand from those
formulas and written as literals (Ψ is the Hugging Face count, as in
tests/engine/test_memory.py); the estimators leave out the communication
bucket, which the app keeps.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.sizing.memory import (
    DEEPSPEED_BUCKET_BYTES,
    framework_model_state,
)
from gpu_advisor.engine.sizing.shape import shape_from_preset
from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import (
    Framework,
    Optimizer,
    Precision,
    TaskKind,
    Workload,
)

CAT = load_catalog()

OFFLOAD_CASES = [
    # preset, ZeRO stage, GPUs N, expected GPU model-state bytes
    ("llama2-7b", 2, 8, 2 * 6_738_415_616),  # 13,476,831,232
    ("llama2-13b", 2, 16, 2 * 13_015_864_320),  # 26,031,728,640
    ("llama2-7b", 3, 64, 4 * 131_072_000 + 2 * 6_738_415_616 // 64),  # 734,863,488
    ("llama2-70b", 3, 64, 4 * 262_144_000 + 2 * 68_976_648_192 // 64),  # 3,204,096,256
]


@pytest.mark.parametrize(("preset", "zero", "gpus", "expected"), OFFLOAD_CASES)
def test_offload_matches_deepspeeds_estimators(preset, zero, gpus, expected):
    shape = shape_from_preset(CAT.model(preset))
    state = framework_model_state(
        shape,
        Optimizer.ADAMW,
        Precision.BF16,
        Framework.DEEPSPEED,
        zero,
        gpus,
        1,
        1,
        offload_optimizer=True,
    )
    assert state.gradients_bytes == 0.0
    assert state.optimizer_bytes == 0.0
    assert state.total_bytes - DEEPSPEED_BUCKET_BYTES == pytest.approx(
        expected, rel=0.02
    )


def test_megatron_and_ddp_plans_keep_the_optimizer_on_the_gpu():
    shape = shape_from_preset(CAT.model("llama2-7b"))
    for fw in (Framework.MEGATRON, Framework.DDP):
        args = (shape, Optimizer.ADAMW, Precision.BF16, fw, 1, 8, 1, 1)
        on = framework_model_state(*args, offload_optimizer=True)
        assert on == framework_model_state(*args)


@settings(max_examples=60, deadline=None)
@given(
    fw=st.sampled_from([Framework.DEEPSPEED, Framework.FSDP]),
    zero=st.integers(0, 3),
    dp=st.integers(1, 512),
    tp=st.sampled_from([1, 2, 8]),
    pp=st.sampled_from([1, 2, 4]),
)
def test_offload_keeps_the_weights_and_never_raises_memory(fw, zero, dp, tp, pp):
    shape = shape_from_preset(CAT.model("llama3-8b"))
    args = (shape, Optimizer.ADAMW, Precision.BF16, fw, zero, dp, tp, pp)
    off = framework_model_state(*args, offload_optimizer=True)
    on = framework_model_state(*args)
    assert off.weights_bytes == on.weights_bytes
    assert off.buffer_bytes == on.buffer_bytes
    assert off.total_bytes <= on.total_bytes


def test_a_plan_that_offloads_fits_on_fewer_cards():
    """Llama 2 13B full fine-tune, DeepSpeed ZeRO-2 on A100 80 GB: offloading
    the optimizer leaves 2 B/param on the GPU instead of 2 + 18/N."""
    base = Workload(
        task=TaskKind.FULL_FINETUNE,
        model_preset="llama2-13b",
        framework=Framework.DEEPSPEED,
        zero_stage=2,
        gpu_id="A100-80GB-SXM",
    )
    plain = size_workload(base, CAT)
    off = size_workload(base.model_copy(update={"offload_optimizer": True}), CAT)
    assert off.memory.per_gpu.optimizer_bytes == 0.0
    assert off.memory.per_gpu.gradients_bytes == 0.0
    assert off.memory.per_gpu.weights_bytes == plain.memory.per_gpu.weights_bytes
    assert off.cluster.min_gpus is not None
    assert plain.cluster.min_gpus is not None
    assert off.cluster.min_gpus < plain.cluster.min_gpus


def test_the_plan_says_what_the_servers_memory_must_hold():
    """The GPU memory it saves goes to the servers' RAM, as DeepSpeed's
    estimator counts it there (``cpu_mem = total_params * max(4 * total_gpus,
    16) * additional_buffer_factor``, 1.5 by default); the CPU optimizer step is
    named as outside the GPU-hours. Without offload there is no such line."""
    base = Workload(
        task=TaskKind.FULL_FINETUNE,
        model_preset="llama2-13b",
        framework=Framework.DEEPSPEED,
        zero_stage=2,
        gpu_id="A100-80GB-SXM",
        gpus=2,
    )
    off = size_workload(base.model_copy(update={"offload_optimizer": True}), CAT)
    said = [a for a in off.warnings if a.code == "memory.offload_cpu"]
    assert len(said) == 1
    params = shape_from_preset(CAT.model("llama2-13b")).params_total
    cluster_gpus = off.cluster.gpus
    expected = params * max(4 * cluster_gpus, 16) * 1.5 / 1e9
    assert said[0].params["cpu_gb"] == pytest.approx(expected)
    plain = size_workload(base, CAT)
    assert not [a for a in plain.warnings if a.code == "memory.offload_cpu"]
