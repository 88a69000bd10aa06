"""Small shared types: provenance, low/typical/high ranges, the frozen base model."""

from __future__ import annotations

import datetime as dt
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Frozen(BaseModel):
    """Base for every schema: immutable, unknown keys rejected, NaN/inf refused."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


class Language(StrEnum):
    """Languages of the UI and of the PDF plan."""

    ZH = "zh"
    EN = "en"


class Provenance(Frozen):
    """Where a default figure comes from."""

    source: str = Field(..., min_length=1, description="Citation: document, page or URL.")
    as_of: dt.date = Field(..., description="Date the figure was read or published.")
    confirmed: bool = Field(
        True, description="False when no datasheet or primary source confirms it."
    )
    note: str = ""


class PriceRange(Frozen):
    """A low / typical / high triple with its provenance (all in one unit)."""

    low: float = Field(..., ge=0)
    typical: float = Field(..., ge=0)
    high: float = Field(..., ge=0)
    provenance: Provenance

    @model_validator(mode="after")
    def _ordered(self) -> PriceRange:
        if not self.low <= self.typical <= self.high:
            raise ValueError("need low <= typical <= high")
        return self
