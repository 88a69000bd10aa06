"""The hosted model API in the Monte Carlo (issue #31): its bill moves with
the traffic, as the serving cards' hours do.

Before: a serving-only Qwen2.5-7B plan at 20 requests/s (SiliconFlow's
0.35 CNY per million tokens, ``test_hosted_option``) had P10/P50/P90 for
every way on cards and none for the hosted API (its cost was left out as
constant), while the cards' serving hours moved with the utilisation draw.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.cost.prepare import prepare
from gpu_advisor.engine.cost.risk import (
    HOSTED_TRAFFIC_KEY,
    _draw_factors,
    combine,
    hosted_totals,
)
from gpu_advisor.engine.evaluate import evaluate, monte_carlo_chunks
from gpu_advisor.engine.evidence.measured import plan_sizing
from gpu_advisor.model.project import DataResidency, OptionId
from tests.engine.test_hosted_option import CATALOG, _plan

DRAWS: Final = 600
SEED: Final = 7


def test_the_hosted_option_has_percentiles_that_follow_the_traffic_draw() -> None:
    project = _plan()
    ev = evaluate(project, CATALOG, monte_carlo_draws=DRAWS, seed=SEED)
    assert ev.monte_carlo is not None
    total = ev.cost.option(OptionId.HOSTED_API).total_cny
    pct = ev.monte_carlo.percentiles[OptionId.HOSTED_API]
    prep = prepare(project, CATALOG, plan_sizing(project, CATALOG))
    traffic = _draw_factors(prep.resolved, DRAWS, SEED)[HOSTED_TRAFFIC_KEY]
    want = np.percentile(total * traffic, [10, 50, 90])
    assert [pct.p10, pct.p50, pct.p90] == [round(float(q), 2) for q in want]
    assert pct.p10 < 0.97 * total < total < 1.03 * total < pct.p90
    # the draw is the one that scales the cards' serving hours too
    assert abs(pct.p50 / total - 1.0) < 0.02


def test_chunks_give_the_same_hosted_percentiles_as_one_run() -> None:
    project = _plan()
    parts = monte_carlo_chunks(project, CATALOG, DRAWS, SEED, chunks=3)
    whole = evaluate(project, CATALOG, monte_carlo_draws=DRAWS, seed=SEED)
    assert combine([run() for run in parts]) == whole.monte_carlo


def test_an_infeasible_hosted_option_is_not_drawn() -> None:
    project = _plan(DataResidency.OWN_HARDWARE)
    ev = evaluate(project, CATALOG, monte_carlo_draws=200, seed=SEED)
    assert ev.monte_carlo is not None
    assert OptionId.HOSTED_API not in ev.monte_carlo.percentiles
    assert OptionId.ON_DEMAND in ev.monte_carlo.percentiles


@settings(max_examples=30, deadline=None)
@given(
    total=st.floats(0.0, 1e9),
    factors=st.lists(st.floats(0.1, 3.0), min_size=1, max_size=20),
)
def test_the_bill_is_proportional_to_the_traffic(
    total: float, factors: list[float]
) -> None:
    drawn = np.asarray(factors)
    out = hosted_totals(total, {HOSTED_TRAFFIC_KEY: drawn, "mfu_factor": 1 / drawn})
    assert np.allclose(out, total * drawn)
    assert np.all(np.diff(out[np.argsort(drawn)]) >= -1e-6 * max(total, 1.0))
