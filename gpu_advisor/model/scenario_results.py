"""The figures of each scenario, side by side (:mod:`gpu_advisor.engine.scenarios`)."""

from __future__ import annotations

from pydantic import Field

from gpu_advisor.model.common import Frozen, Message
from gpu_advisor.model.project import OptionId


class ScenarioFigures(Frozen):
    """One column of the comparison: the base plan or one scenario, evaluated.

    Every figure is the recommended option's, read from the evaluation of
    the overridden plan on its own (``evaluate_plan(apply_scenario(...))``).
    """

    name: str = Field(..., description="Scenario name; '' for the base plan.")
    is_base: bool = False
    index: int | None = Field(
        None, description="Position in Project.scenarios; None for the base."
    )
    in_report: bool = True
    overrides: dict[str, str] = Field(
        default_factory=dict, description="Override name → value as JSON text."
    )
    gpu_id: str
    gpus: int = Field(..., ge=0, description="Cards the sizing uses. [1]")
    horizon_months: int = Field(..., ge=1)
    recommendation: OptionId | None = Field(
        ..., description="The recommended option; None when none is feasible."
    )
    total_cny: float | None = Field(None, description="Recommended option. [CNY]")
    npv_cny: float | None = Field(None, description="[CNY]")
    upfront_cny: float | None = Field(
        None, description="Cash out in month 1 (engine.finance.upfront_cash_cny). [CNY]"
    )
    cost_per_useful_gpu_hour_cny: float | None = Field(None, description="[CNY/GPU-h]")
    days: float = Field(..., ge=0, description="Days to finish the training. [d]")
    p_own_beats_rent: float | None = Field(
        None, ge=0, le=1, description="None without a Monte Carlo."
    )
    monte_carlo_draws: int = Field(0, ge=0)


class ScenarioComparison(Frozen):
    """The base plan first, then every scenario in file order."""

    columns: list[ScenarioFigures]
    currency_code: str = "CNY"
    cny_per_unit: float = Field(1.0, gt=0)


def _measure(field: str, unit: str) -> tuple[str, Message, str]:
    return field, Message(code=f"scenario.measure.{field}"), unit


SCENARIO_MEASURES: list[tuple[str, Message, str]] = [
    # (ScenarioFigures field, its name in the reader's words, unit)
    _measure("total_cny", "CNY"),
    _measure("npv_cny", "CNY"),
    _measure("upfront_cny", "CNY"),
    _measure("cost_per_useful_gpu_hour_cny", "CNY/GPU-h"),
    _measure("days", "days"),
    _measure("p_own_beats_rent", "1"),
]
"""The measures compared side by side (each gets a chart), in display order."""


class CandidateCost(Frozen):
    """One candidate GPU priced: the plan with ``workload.gpu_id`` set to it.

    A candidate that cannot run the job as planned (``feasible`` False) says
    why in ``reason`` (``candidate.*``: fits on no card count, fewer cards
    than the memory needs, no feasible option, misses the deadline, the
    horizon holds part of the job); its total, when it has one, is for
    reference only and it is never ``cheapest``.
    """

    gpu_id: str
    min_gpus: int | None = Field(None, description="None: fits on no card count.")
    gpus: int = Field(..., ge=0, description="Cards the options are priced for. [1]")
    days: float = Field(..., ge=0, description="[d]")
    gpu_hours: float = Field(..., ge=0, description="[GPU-h]")
    cheapest_option: OptionId | None = Field(
        None,
        description="The option the plan recommends with this card (by the plan's "
        "own rules); None when none is feasible.",
    )
    cheapest_total_cny: float | None = Field(
        None, description="That option's total. [CNY]"
    )
    feasible: bool = Field(
        True, description="Whether the job runs on this card as planned."
    )
    reason: Message | None = Field(
        None, description="Why it cannot (candidate.*); None when feasible."
    )
    cheapest: bool = Field(
        False,
        description="The feasible candidate with the lowest total: the one the "
        "others are compared with (at most one).",
    )
    serving_replica_gpus: int | None = Field(
        None,
        ge=1,
        description="Cards of one serving replica on this card; None: the plan "
        "does not serve, or no replica meets its targets. [1]",
    )
    serving_peak_gpus: int | None = Field(
        None, ge=0, description="Serving cards at the busiest hour in the horizon. [1]"
    )
    cny_per_million_output_tokens: float | None = Field(
        None,
        ge=0,
        description="The recommended option's serving cost per million output "
        "tokens. [CNY]",
    )
