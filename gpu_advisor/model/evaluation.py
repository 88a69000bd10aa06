"""The single object the UI, the CLI and the PDF plan render."""

from __future__ import annotations

from gpu_advisor.model.common import Frozen
from gpu_advisor.model.cost_results import CostResult, MonteCarloResult
from gpu_advisor.model.sizing_results import SizingResult


class Evaluation(Frozen):
    """Sizing, cost and (optionally) the Monte Carlo of one project."""

    sizing: SizingResult
    cost: CostResult
    monte_carlo: MonteCarloResult | None = None
