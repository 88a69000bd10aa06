"""Peak memory of the largest Monte Carlo the project allows.

``python benchmarks/bench_mc_memory.py [DRAWS]``: 1,000,000 draws over a
120-month horizon by default; prints the wall time and the peak resident set
size (``ru_maxrss``, Linux/macOS). A benchmark, not a timed test.
"""

from __future__ import annotations

import resource
import sys
import time

import numpy as np

from gpu_advisor.engine.cost.mix import best_policy
from gpu_advisor.engine.cost.price import make_params
from gpu_advisor.engine.cost.resolve import resolve
from gpu_advisor.engine.cost.risk import monte_carlo
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import OptionId, Project


def main(draws: int) -> None:
    resolved = resolve(Project(), load_catalog())
    demand = np.full((1, 120), 32 * 730.0)
    policy = best_policy(make_params(resolved), demand)
    t0 = time.perf_counter()
    result = monte_carlo(
        resolved, demand, 32, list(OptionId), policy, draws=draws, seed=0
    )
    seconds = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    peak_mb = peak / 2**20 if sys.platform == "darwin" else peak / 1024
    print(f"{draws:,} draws x 120 months: {seconds:.1f} s, peak RSS {peak_mb:,.0f} MB")
    assert result.draws == draws


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000)
