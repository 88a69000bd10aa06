"""The plan's Monte Carlo: one number of draws and one seed for every output.

The budget step, the PDF plan, ``gpu-advisor-cli cost``/``report`` and the
self-test all draw with these, so the probability that owning beats renting
reads the same on screen and in the signed plan.
"""

from __future__ import annotations

from typing import Final

PLAN_MONTE_CARLO_DRAWS: Final = 10_000
"""Random scenarios of the plan's Monte Carlo. [1]"""

PLAN_MONTE_CARLO_SEED: Final = 0
"""Seed of the plan's Monte Carlo random generator."""
