"""Monte Carlo histograms and the chunked entry point (exactly one run's result)."""

from __future__ import annotations

import numpy as np
import pytest

from gpu_advisor.engine.cost.mix import best_policy
from gpu_advisor.engine.cost.risk import (
    HISTOGRAM_BINS,
    combine,
    monte_carlo,
)
from gpu_advisor.engine.cost.risk import monte_carlo_chunks as risk_chunks
from gpu_advisor.engine.evaluate import evaluate, monte_carlo_chunks
from gpu_advisor.model.project import OptionId, Project
from tests.engine._cost_helpers import CATALOG, flat, params, resolved

OPTIONS = list(OptionId)


def _setup(cards: int = 32, months: int = 36):
    r = resolved()
    d = flat(cards, months)
    return r, d, best_policy(params(), d)


@pytest.mark.parametrize("chunks", [1, 2, 7, 20, 999])
def test_chunks_combine_to_exactly_one_run(chunks: int) -> None:
    r, d, policy = _setup()
    whole = monte_carlo(r, d, 32, OPTIONS, policy, draws=999, seed=11)
    parts = risk_chunks(r, d, 32, OPTIONS, policy, draws=999, seed=11, chunks=chunks)
    assert len(parts) == chunks
    got = combine([run() for run in reversed(parts)])  # order does not matter
    assert got == whole


def test_project_chunks_equal_evaluate() -> None:
    project = Project()
    parts = monte_carlo_chunks(project, CATALOG, 1500, 5, chunks=6)
    expected = evaluate(project, CATALOG, monte_carlo_draws=1500, seed=5).monte_carlo
    assert combine([run() for run in parts]) == expected


def test_different_seed_differs() -> None:
    r, d, policy = _setup()
    a = monte_carlo(r, d, 32, OPTIONS, policy, draws=500, seed=1)
    b = monte_carlo(r, d, 32, OPTIONS, policy, draws=500, seed=2)
    assert a.own_minus_rent != b.own_minus_rent


def test_histograms_count_every_draw_and_match_percentiles() -> None:
    r, d, policy = _setup()
    result = monte_carlo(r, d, 32, OPTIONS, policy, draws=4000, seed=3)
    hist = result.own_minus_rent
    assert hist is not None
    assert len(hist.counts) == HISTOGRAM_BINS
    assert len(hist.edges) == HISTOGRAM_BINS + 1
    assert sum(hist.counts) == 4000
    assert hist.edges == sorted(hist.edges)
    pct = result.own_minus_rent_percentiles
    assert pct is not None
    assert hist.edges[0] <= pct.p10 <= pct.p50 <= pct.p90 <= hist.edges[-1]
    # the share of draws in bins wholly below zero is at most P(own < rent)
    below = sum(
        c for c, right in zip(hist.counts, hist.edges[1:], strict=True) if right <= 0
    )
    assert below / 4000 <= result.p_own_beats_rent + 1e-12
    # P(own < rent) agrees with the percentiles of own minus rent
    assert (result.p_own_beats_rent > 0.5) == (pct.p50 < 0)
    assert set(result.histograms) == set(result.percentiles)
    for option, h in result.histograms.items():
        assert sum(h.counts) == 4000
        p = result.percentiles[option]
        assert h.edges[0] <= p.p10 <= p.p90 <= h.edges[-1]


def test_histogram_without_owned_option_is_none() -> None:
    r, d, _policy = _setup()
    result = monte_carlo(
        r, d, 32, [OptionId.ON_DEMAND, OptionId.MONTHLY], None, draws=300, seed=0
    )
    assert result.own_minus_rent is None
    assert result.own_minus_rent_percentiles is None
    assert result.p_own_beats_rent == 0.0
    assert sum(result.histograms[OptionId.ON_DEMAND].counts) == 300


def test_constant_draws_make_one_full_bin() -> None:
    # a single draw: numpy puts it in the middle bin of a unit-wide range
    r, d, policy = _setup()
    result = monte_carlo(r, d, 32, OPTIONS, policy, draws=1, seed=0)
    assert result.own_minus_rent is not None
    assert sum(result.own_minus_rent.counts) == 1


def test_bad_arguments() -> None:
    r, d, policy = _setup()
    with pytest.raises(ValueError, match="draws >= 1"):
        risk_chunks(r, d, 32, OPTIONS, policy, draws=0, seed=0)
    with pytest.raises(ValueError, match="chunks >= 1"):
        risk_chunks(r, d, 32, OPTIONS, policy, draws=10, seed=0, chunks=0)
    with pytest.raises(ValueError, match="at least one"):
        combine([])
    parts = risk_chunks(r, d, 32, OPTIONS, policy, draws=100, seed=0, chunks=4)
    with pytest.raises(ValueError, match="75 of 100"):
        combine([run() for run in parts[:3]])


def test_chunks_are_lazy_and_share_one_preparation() -> None:
    parts = monte_carlo_chunks(Project(), CATALOG, 40, 0, chunks=4)
    first = parts[2]()  # any chunk may run first
    assert first.start == 20
    assert np.all(np.isfinite(next(iter(first.totals.values()))))


@pytest.mark.parametrize("batch_draws", [1, 7, 64])
def test_batched_pricing_gives_exactly_the_unbatched_result(batch_draws: int) -> None:
    # the memory bound (issue #12): draws are priced in batches of batch_draws rows
    r, d, policy = _setup(cards=16, months=24)
    (whole,) = risk_chunks(
        r, d, 16, OPTIONS, policy, draws=150, seed=3, chunks=1, batch_draws=10_000
    )
    parts = risk_chunks(
        r, d, 16, OPTIONS, policy, draws=150, seed=3, chunks=3, batch_draws=batch_draws
    )
    assert combine([run() for run in parts]) == combine([whole()])


def test_batch_size_keeps_a_120_month_array_within_8_mib() -> None:
    from gpu_advisor.engine.cost.risk import MONTE_CARLO_BATCH_BYTES, batch_draws_for

    assert batch_draws_for(120) * 120 * 8 <= MONTE_CARLO_BATCH_BYTES
    r, d, _ = _setup()
    with pytest.raises(ValueError, match="batch_draws"):
        risk_chunks(r, d, 32, OPTIONS, None, draws=10, seed=0, batch_draws=0)
