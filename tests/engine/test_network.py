from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.network import (
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
