"""Interleaved (virtual) pipeline stages against Megatron-LM's accounting (issue #32).

Expected bytes are worked out by hand from Megatron-LM's estimator and written
down as literals: ``megatron/training/theoretical_memory_usage.py`` at commit
d98e8a64ddf34856e74b24714e3bedb2f5a39553, ``compute_activation_memory`` (SP +
selective) and ``compute_activation_memory_without_sp``, which multiply the
layers' and the embedding's activations by the interleaved schedule's
penalty ``1 + (p − 1)/(p·v)``:

- SP + selective: ``[s·b·h·(18 + 4f/h)·L + 8·s·b·p + s·b·h·p] · penalty / t``;
- otherwise: ``1.05 · [s·b·h·(10 + 24/t)·L + 8·s·b·p + s·b·h·p] · penalty``.

Worked:

- GPT-3 175B (L 96, h 12288, f 4h, s 2048, b 1, t 8, p 8, SP): the bracket is
  82,342,707,200 B, /8 = 10,292,838,400; v = 4: × 1.21875 = 12,544,396,800;
  v = 2: × 1.4375 = 14,795,955,200.
- GPT 530B (L 105, h 20480, t 8, p 35, v 3, SP): the bracket is
  151,205,642,240 B, /8 × (1 + 34/105) = 25,020,865,877.
- GPT 6.7B without SP (L 32, h 4096, s 2048, b 2, t 1, p 4, v 2): the bracket
  is 18,320,850,944 B, × 1.375 × 1.05 = 26,450,728,550.

The bubble and the point-to-point traffic follow Narayanan et al. 2021,
arXiv:2104.04473, section 2.2.2: the bubble fraction is ``(p − 1)/(v·m)``
and "the amount of communication also increases by v".
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.sizing.memory import (
    activation_bytes_per_gpu,
    framework_activation_bytes,
    interleaved_memory_factor,
)
from gpu_advisor.engine.sizing.network import (
    pipeline_bubble_fraction,
    pipeline_p2p_seconds,
)
from gpu_advisor.engine.sizing.shape import shape_from_custom, shape_from_preset
from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import (
    Framework,
    ModelShape,
    Recompute,
    TaskKind,
    Workload,
)

CAT = load_catalog()

INTERLEAVED_CASES = [
    # name, (L, h, a, f, V, s, b, t, p, sequence_parallel), v, activations [B]
    (
        "gpt3-175b-v4",
        (96, 12288, 96, 49152, 51200, 2048, 1, 8, 8, True),
        4,
        12_544_396_800,
    ),
    (
        "gpt3-175b-v2",
        (96, 12288, 96, 49152, 51200, 2048, 1, 8, 8, True),
        2,
        14_795_955_200,
    ),
    (
        "gpt-530b-v3",
        (105, 20480, 128, 81920, 51200, 2048, 1, 8, 35, True),
        3,
        25_020_865_877,
    ),
    (
        "gpt-6.7b-nosp-v2",
        (32, 4096, 32, 16384, 51200, 2048, 2, 1, 4, False),
        2,
        26_450_728_550,
    ),
]


@pytest.mark.parametrize(("name", "cfg", "v", "expected"), INTERLEAVED_CASES)
def test_interleaved_activations_match_megatrons_estimator(name, cfg, v, expected):
    layers, h, a, f, vocab, s, b, t, p, sp = cfg
    shape = shape_from_custom(
        ModelShape(
            layers=layers, hidden=h, heads=a, kv_heads=a, ffn_hidden=f, vocab=vocab
        )
    )
    act = framework_activation_bytes(
        shape,
        Framework.MEGATRON,
        s,
        b,
        t,
        p,
        sp,
        Recompute.SELECTIVE,
        True,
        virtual_stages=v,
    )
    assert act == pytest.approx(expected, rel=1e-6), name


def test_interleaving_penalty_is_megatrons():
    assert interleaved_memory_factor(8, 4) == pytest.approx(1 + 7 / 32)
    assert interleaved_memory_factor(5, 2) == pytest.approx(1.4)
    assert interleaved_memory_factor(1, 8) == 1.0  # no pipeline, nothing to interleave
    assert interleaved_memory_factor(8, 1) == 1.0  # plain 1F1B


def test_interleaving_divides_the_bubble_and_multiplies_the_traffic():
    assert pipeline_bubble_fraction(8, 32, 4) == pytest.approx(7 / (4 * 32))
    assert pipeline_bubble_fraction(8, 32, 1) == pipeline_bubble_fraction(8, 32)
    one = pipeline_p2p_seconds(32, 4096, 1, 8192, 8, 25e9)
    assert pipeline_p2p_seconds(32, 4096, 1, 8192, 8, 25e9, 3) == pytest.approx(3 * one)


@settings(max_examples=80, deadline=None)
@given(
    pp=st.integers(1, 64),
    v=st.integers(2, 16),
    more=st.integers(1, 8),
    sp=st.booleans(),
)
def test_more_chunks_shrink_the_penalty_but_never_below_plain(pp, v, more, sp):
    shape = shape_from_preset(CAT.model("llama2-7b"))

    def act(virtual: int) -> float:
        return activation_bytes_per_gpu(
            shape, 2048, 1, 1, pp, sp, Recompute.SELECTIVE, True, virtual_stages=virtual
        )

    assert act(1) <= act(v + more) <= act(v)
    assert (
        1.0
        <= interleaved_memory_factor(pp, v + more)
        <= interleaved_memory_factor(pp, v)
    )


def test_a_plan_with_virtual_stages_holds_more_and_idles_less():
    base = Workload(
        task=TaskKind.PRETRAIN,
        model_preset="llama2-70b",
        framework=Framework.MEGATRON,
        zero_stage=1,
        tp=8,
        pp=4,
        sequence_parallel=True,
        gpu_id="H100-80GB-SXM",
        gpus=64,
        global_batch=64,
    )
    plain = size_workload(base, CAT)
    inter = size_workload(base.model_copy(update={"virtual_pipeline": 4}), CAT)
    ratio = (
        inter.memory.per_gpu.activations_bytes / plain.memory.per_gpu.activations_bytes
    )
    assert ratio == pytest.approx(interleaved_memory_factor(4, 4), rel=0.02)
    assert inter.memory.per_gpu.weights_bytes == plain.memory.per_gpu.weights_bytes
    assert inter.cluster.scaling_efficiency > plain.cluster.scaling_efficiency
    assert inter.cluster.days < plain.cluster.days


def test_old_plans_keep_their_meaning_and_fingerprint():
    """``workload.virtual_pipeline`` left out means plain 1F1B, as before it
    existed; unset it is not part of the canonical bytes, so every signed plan
    of schemas 1–4 still verifies (no schema bump); set, it is."""
    from pathlib import Path

    from gpu_advisor.io.project_file import canonical_json, fingerprint, load_project
    from gpu_advisor.model.project import Project

    data = Path(__file__).resolve().parents[1] / "data" / "projects"
    for golden in sorted(data.glob("v*.json")):
        plan = load_project(golden)
        assert plan.workload.virtual_pipeline is None
        for record in plan.signing_records:
            assert record.fingerprint == fingerprint(record.inputs, record.app_version)
    plan = Project()
    assert b"virtual_pipeline" not in canonical_json(plan)
    interleaved = plan.model_copy(
        update={"workload": plan.workload.model_copy(update={"virtual_pipeline": 2})}
    )
    assert b'"virtual_pipeline":2' in canonical_json(interleaved)
