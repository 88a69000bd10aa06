"""What changed between two plans: inputs and the results that moved."""

from __future__ import annotations

from gpu_advisor.model.common import Frozen, Message

JsonValue = str | int | float | bool | None | list[object] | dict[str, object]


class InputChange(Frozen):
    """One input of the project file that differs."""

    path: str
    """Dotted path in the project file, list items by index (``vendors.0.name``)."""
    old: JsonValue = None
    new: JsonValue = None
    added: bool = False
    """The field exists only in the new plan (a list grew)."""
    removed: bool = False
    """The field exists only in the old plan (a list shrank)."""


class ResultChange(Frozen):
    """One result of the evaluation that moved."""

    key: str
    """What moved, e.g. ``cost.recommendation.option`` or ``sizing.gpus``."""
    label: Message
    """What moved, in the reader's words (``diff.measure.*``)."""
    unit: str = ""
    old: str | float | int | None = None
    new: str | float | int | None = None
    delta: float | None = None
    """``new − old`` for numbers. [unit]"""
    relative: float | None = None
    """``delta / |old|`` for numbers with a non-zero old value. [1]"""


class PlanDiff(Frozen):
    """Every changed input and every result that moved, old → new."""

    inputs: list[InputChange]
    results: list[ResultChange]

    @property
    def empty(self) -> bool:
        """True when the two plans are the same."""
        return not self.inputs and not self.results
