"""The decisive inputs of a plan's decision: what moves it, and where it flips.

Produced by :func:`gpu_advisor.engine.cost.decisive.decisive_inputs` (kept by
``PlanEvaluation.decisive``); read by page 1 of the PDF plan, the review step
and ``gpu-advisor-cli cost``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gpu_advisor.model.common import Frozen
from gpu_advisor.model.project import OptionId


class DecisiveInput(Frozen):
    """One input of the price book moved over its range, the others as planned."""

    input: str = Field(
        ..., description="Dotted budget field, e.g. budget.restart_hours."
    )
    unit: str = Field("", description="Unit of the values (resolve's units).")
    value: float = Field(..., description="The plan's value (gross of VAT).")
    low_value: float = Field(..., description="Low end of the price book's range.")
    high_value: float = Field(..., description="High end of the price book's range.")
    low_gap_cny: float | None = Field(
        None,
        description="Best alternative's total minus the decision's at the low "
        "end; None when the decided option is not feasible there. [CNY]",
    )
    high_gap_cny: float | None = Field(
        None, description="The same at the high end. [CNY]"
    )
    swing_cny: float = Field(
        ..., ge=0, description="How far the input moves the gap over its range. [CNY]"
    )
    flip_value: float | None = Field(
        None,
        description="The value nearest the plan's at which another option is "
        "recommended (bisection of the re-priced plan); None: it does not flip "
        "within the range.",
    )
    flip_side: Literal["below", "above"] | None = Field(
        None, description="The decision changes below or above flip_value."
    )
    flips_to: OptionId | None = Field(
        None, description="The option recommended beyond flip_value."
    )


class Decisive(Frozen):
    """The inputs that move the gap to the runner-up most, largest first."""

    option: OptionId = Field(..., description="The decision they are tested against.")
    gap_cny: float | None = Field(
        None,
        description="Best alternative's total minus the decision's, as planned; "
        "None without an alternative. [CNY]",
    )
    inputs: list[DecisiveInput] = Field(default_factory=list)
