from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.sizing.network import (
    link_bytes_per_s,
    ring_allreduce_seconds,
    scaling_efficiency,
)


def test_ring_allreduce_formula():
    # 2(n-1)/n * bytes / bw: 8 ranks, 14 GB, 45 GB/s
    assert ring_allreduce_seconds(14e9, 8, 45e9) == pytest.approx(
        2 * 7 / 8 * 14e9 / 45e9
    )
    assert ring_allreduce_seconds(14e9, 1, 45e9) == 0.0


def test_link_bytes():
    assert link_bytes_per_s(100, 0.8) == pytest.approx(10e9)


def test_ten_gbe_is_slow_and_ib_is_fine():
    grads = 7e9 * 2
    compute_s = 20.0
    slow = scaling_efficiency(compute_s, grads, 64, link_bytes_per_s(1.25, 0.7))
    fast = scaling_efficiency(compute_s, grads, 64, link_bytes_per_s(400, 0.9))
    assert slow < 0.1
    assert fast == 1.0


@settings(max_examples=100, deadline=None)
@given(
    c=st.floats(0.01, 1000),
    g=st.floats(1e6, 1e12),
    n=st.integers(1, 4096),
    bw=st.floats(1e8, 1e11),
)
def test_efficiency_in_unit_interval(c, g, n, bw):
    e = scaling_efficiency(c, g, n, bw)
    assert 0 < e <= 1
    assert scaling_efficiency(c, g, n, bw * 2) >= e


@settings(max_examples=200, deadline=None)
@given(
    c=st.floats(0.01, 1000),
    g=st.floats(1e6, 1e12),
    n=st.integers(2, 4096),
    bw=st.floats(1e8, 1e11),
    m=st.integers(1, 256),
    stage=st.sampled_from([0, 1, 2, 3]),
)
def test_accumulation_and_sharding_never_help_the_network(c, g, n, bw, m, stage):
    """More micro-batches per step shrink the window that hides the reduction;
    ZeRO-2/3 move more bytes than one all-reduce per step."""
    e = scaling_efficiency(c, g, n, bw, zero_stage=stage, micro_batches=m)
    assert 0 < e <= 1
    more = scaling_efficiency(c, g, n, bw, zero_stage=stage, micro_batches=m + 1)
    assert more <= e + 1e-12
    plain = scaling_efficiency(c, g, n, bw, zero_stage=1, micro_batches=m)
    assert e <= plain + 1e-12


def test_zero3_regathers_weights_every_micro_batch():
    # 7B, bf16 gradients, 64 ranks on 100 Gb/s RoCE, 21 s of compute per step
    # in 16 micro-batches (a 4M-token batch of 4,096-token sequences).
    grads, ranks, link = 7e9 * 2, 64, link_bytes_per_s(100, 0.85)
    allreduce = ring_allreduce_seconds(grads, ranks, link)
    step, m = 21.0, 16
    one = scaling_efficiency(step, grads, ranks, link, zero_stage=1, micro_batches=m)
    # one all-reduce per step, half of the last micro-batch's backward hides it
    hidden = 0.5 * (2 / 3) * step / m
    assert one == pytest.approx(step / (step + allreduce - hidden))
    assert 0.85 < one < 0.95
    three = scaling_efficiency(step, grads, ranks, link, zero_stage=3, micro_batches=m)
    exposed = m * (1.5 * allreduce - 0.5 * step / m)
    assert three == pytest.approx(step / (step + exposed))
    assert three < 0.4


def test_expert_parallel_shards_the_expert_gradients():
    from gpu_advisor.engine.sizing.network import (
        data_parallel_params,
        expert_parallel_degree,
    )

    assert expert_parallel_degree(256, 128) == 128
    assert expert_parallel_degree(256, 1) == 1
    # DeepSeek-V3: 671B of which ~654B routed experts; EP 64 leaves ~27B to reduce
    assert data_parallel_params(671e9, 654e9, 64) == pytest.approx(17e9 + 654e9 / 64)
    assert data_parallel_params(7e9, 0.0, 8) == 7e9


def test_all_to_all_and_pipeline_traffic_scale_with_their_volume():
    from gpu_advisor.engine.sizing.network import (
        all_to_all_seconds,
        exposed_seconds,
        pipeline_p2p_seconds,
    )

    one = all_to_all_seconds(4096, 4, 8, 7168, 16, 25e9)
    assert all_to_all_seconds(8192, 4, 8, 7168, 16, 25e9) == pytest.approx(2 * one)
    assert all_to_all_seconds(4096, 4, 8, 7168, 16, 50e9) == pytest.approx(one / 2)
    assert all_to_all_seconds(4096, 4, 8, 7168, 1, 25e9) == 0.0  # no EP: no a2a
    # 4·k·h bf16 values per token and layer, (ep−1)/ep of them off the GPU
    assert one == pytest.approx(4096 * 4 * 4 * 8 * 7168 * 2 * 15 / 16 / 25e9)
    p2p = pipeline_p2p_seconds(32, 4096, 1, 8192, 8, 25e9)
    assert p2p == pytest.approx(2 * 32 * 2 * 4096 * 8192 / 8 / 25e9)
    assert exposed_seconds(p2p, 10.0) == 0.0


def test_pipeline_bubble_is_narayanans_one_f_one_b_fraction():
    """(p − 1)/m (Narayanan et al. 2021, section 2.2.1)."""
    from gpu_advisor.engine.sizing.network import pipeline_bubble_fraction

    assert pipeline_bubble_fraction(1, 1) == 0.0
    assert pipeline_bubble_fraction(8, 8) == pytest.approx(7 / 8)
    assert pipeline_bubble_fraction(16, 1024) == pytest.approx(15 / 1024)
    assert pipeline_bubble_fraction(4, 0) == 3.0  # at least one micro-batch
