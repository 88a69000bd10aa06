"""Compare two plans: the inputs that differ and the results that moved.

A plan's inputs are its project file; they are compared field by field on the
JSON form the file stores (``Project.model_dump(mode="json")``), lists of
records item by item, so a changed quote shows as
``vendors.1.on_demand_cny_per_gpu_hour``; a list of plain values (the options
compared) is one value. Numbers equal up to float noise are no change.
The results are compared on the figures a reader of the plan acts on: the
recommendation and its total, each option's total, the card count, nodes,
network class, GPU-hours and days, the break-even, and P(owning beats renting)
when both evaluations carry a Monte Carlo.

The signing records (``Project.signing_records``) are no input: they are left
out of the comparison. :func:`changed_since_signed` tells whether a plan's
inputs moved away from the version last signed in the app, whose snapshot
the record holds; that snapshot is then compared like a saved plan.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from gpu_advisor.model.common import Message, Param
from gpu_advisor.model.diff_results import InputChange, PlanDiff, ResultChange
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import OptionId, Project, SigningRecord

_MISSING = object()
_NOT_INPUTS = {"signing_records"}
"""Project fields that record history rather than hold inputs."""


def _flatten(value: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Leaves of a JSON value as ``(dotted path, value)``; empty containers are leaves.

    A list of records (vendors, months) is compared item by item; a list of
    plain values (the options compared, candidate GPUs) is one value, as the
    reader typed it: one option fewer is one change, not every later item.

    >>> dict(_flatten({"a": {"b": 1}, "o": ["spot", "mix"], "v": [{"n": "A"}]}))
    {'a.b': 1, 'o': ['spot', 'mix'], 'v.0.n': 'A'}
    """
    if isinstance(value, dict) and value:
        for key, item in value.items():
            yield from _flatten(item, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        for index, item in enumerate(value):
            yield from _flatten(item, f"{prefix}.{index}" if prefix else str(index))
    else:
        yield prefix, value


def latest_signing(project: Project) -> SigningRecord | None:
    """The plan's most recent signing record, or None when it was never signed."""
    return project.signing_records[-1] if project.signing_records else None


class EqualParts:
    """Pairs of a plan's parts already found equal, so a later check skips them.

    A plan loaded from a file and the snapshot its signing record holds are
    equal but distinct objects; comparing thousands of imported measurements
    at every edit would cost about 0.1 s. An edit replaces only the parts it
    touches (frozen models), so the other parts are the objects already
    compared. The pairs are kept alive, so their ``id`` values stay theirs;
    past ``limit`` pairs the memory starts afresh.
    """

    def __init__(self, limit: int = 256) -> None:
        self._limit = limit
        self._pairs: dict[tuple[int, int], tuple[object, object]] = {}

    def equal(self, a: object, b: object) -> bool:
        """``a == b``, list items one by one, remembering what was equal."""
        if a is b:
            return True
        key = (id(a), id(b))
        if key in self._pairs:
            return True
        if isinstance(a, list) and isinstance(b, list):
            same = len(a) == len(b) and all(
                self.equal(x, y) for x, y in zip(a, b, strict=True)
            )
        else:
            same = a == b
        if same:
            if len(self._pairs) >= self._limit:
                self._pairs.clear()
            self._pairs[key] = (a, b)
        return same


def same_inputs(a: Project, b: Project, memo: EqualParts | None = None) -> bool:
    """True when two plans hold the same inputs (signing records aside).

    Examples
    --------
    >>> from gpu_advisor.model.project import ProjectMeta
    >>> same_inputs(Project(), Project())
    True
    >>> same_inputs(Project(), Project(meta=ProjectMeta(horizon_months=24)))
    False
    """
    memo = memo or EqualParts()
    return all(
        memo.equal(getattr(a, name), getattr(b, name))
        for name in type(a).model_fields
        if name not in _NOT_INPUTS
    )


def changed_since_signed(
    project: Project, memo: EqualParts | None = None
) -> SigningRecord | None:
    """The latest signing record when the inputs changed since; else None.

    None also when the plan was never signed. Editing a plan back to the
    inputs it was signed with makes it unchanged again. Pass the same
    ``memo`` at every edit of one plan to skip the parts compared before.

    Examples
    --------
    >>> import datetime as dt
    >>> from gpu_advisor.model.project import ProjectMeta
    >>> record = SigningRecord(
    ...     signed_at=dt.datetime(2026, 3, 2, 9, 30, tzinfo=dt.UTC),
    ...     signer_name="Li Na", pdf_file="plan-signed.pdf",
    ...     fingerprint="0" * 64, app_version="0.1.0", inputs=Project())
    >>> signed = Project(signing_records=[record])
    >>> changed_since_signed(signed) is None
    True
    >>> edited = signed.model_copy(update={"meta": ProjectMeta(horizon_months=24)})
    >>> changed_since_signed(edited).signer_name
    'Li Na'
    """
    record = latest_signing(project)
    if record is None or same_inputs(project, record.inputs, memo):
        return None
    return record


def diff_inputs(old: Project, new: Project) -> list[InputChange]:
    """Every input that differs between two plans, in file order.

    Examples
    --------
    >>> from gpu_advisor.model.project import ProjectMeta
    >>> a = Project()
    >>> b = a.model_copy(update={"meta": ProjectMeta(horizon_months=24)})
    >>> [(c.path, c.old, c.new) for c in diff_inputs(a, b)]
    [('meta.horizon_months', 12, 24)]
    >>> diff_inputs(a, a)
    []

    Signing records are no input and never show up.
    """
    left = dict(_flatten(old.model_dump(mode="json", exclude=_NOT_INPUTS)))
    right = dict(_flatten(new.model_dump(mode="json", exclude=_NOT_INPUTS)))
    changes: list[InputChange] = []
    for path in [*left, *(p for p in right if p not in left)]:
        a, b = left.get(path, _MISSING), right.get(path, _MISSING)
        if a is _MISSING:
            changes.append(InputChange(path=path, new=b, added=True))
        elif b is _MISSING:
            changes.append(InputChange(path=path, old=a, removed=True))
        elif not same_value(a, b):
            changes.append(InputChange(path=path, old=a, new=b))
    return changes


def same_value(a: object, b: object) -> bool:
    """True when two values read the same: equal, or numbers equal up to float noise.

    ``0.1 + 0.2`` and ``0.3`` are the same price; ``12`` and ``12.0`` the same
    count; ``True`` is not ``1`` (a flag is no number).

    >>> same_value(0.1 + 0.2, 0.3), same_value(12, 12.0), same_value(True, 1)
    (True, True, False)
    >>> same_value(1.0, 1.000001), same_value(None, 0)
    (False, False)
    """
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
    return a == b


@dataclass(frozen=True, slots=True)
class _Measure:
    key: str
    label: Message
    unit: str
    read: Callable[[Evaluation], str | float | int | None]


RESOLUTION: dict[str, float] = {
    "CNY": 0.5,
    "GPU-h": 0.5,
    "days": 0.05,
    "GPUs": 0.5,
    "nodes": 0.5,
    "month": 0.5,
    "1": 0.0005,
}
"""The smallest move of a result a reader can see, by unit: a plan reads whole
yuan, GPU-hours, cards and months, days to a tenth and shares to a tenth of a
percent. A smaller move (a total that moved by 0.2 CNY) is no change."""


def moved(a: object, b: object, unit: str) -> bool:
    """True when a result moved by at least what a reader can see.

    >>> moved(2057255.2, 2057255.4, "CNY"), moved(19.79, 19.91, "days")
    (False, True)
    >>> moved(0.5561, 0.5563, "1"), moved("spot", "mix", "")
    (False, True)
    """
    if same_value(a, b):
        return False
    numbers = (int, float)
    if isinstance(a, numbers) and isinstance(b, numbers) and not isinstance(a, bool):
        return abs(float(b) - float(a)) >= RESOLUTION.get(unit, 0.0)
    return True


def _option_total(option: OptionId) -> Callable[[Evaluation], float | None]:
    def read(ev: Evaluation) -> float | None:
        found = [o for o in ev.cost.options if o.id is option]
        return found[0].total_cny if found else None

    return read


def _recommended_total(ev: Evaluation) -> float | None:
    chosen = ev.cost.recommendation.option
    found = [o for o in ev.cost.options if o.id is chosen]
    return found[0].total_cny if found else None


def _p_own(ev: Evaluation) -> float | None:
    mc = ev.monte_carlo
    return None if mc is None else mc.p_own_beats_rent


_OPTIONS_COMPARED: tuple[OptionId, ...] = (
    OptionId.ON_DEMAND,
    OptionId.MONTHLY,
    OptionId.YEARLY,
    OptionId.SPOT,
    OptionId.MIX,
    OptionId.COLOCATION,
    OptionId.SELF_BUILD,
)
"""The options whose totals are compared, in report order."""


def _label(name: str, **params: Param) -> Message:
    """The measure's name in the reader's words (``diff.measure.<name>``)."""
    return Message(code=f"diff.measure.{name}", params=params)


_PLAN_MEASURES: tuple[_Measure, ...] = (
    _Measure(
        "cost.recommendation.option",
        _label("recommendation"),
        "",
        lambda ev: (
            None
            if ev.cost.recommendation.option is None
            else ev.cost.recommendation.option.value
        ),
    ),
    _Measure(
        "cost.recommendation.total_cny",
        _label("recommended_total"),
        "CNY",
        _recommended_total,
    ),
    _Measure(
        "sizing.gpus",
        _label("gpus"),
        "GPUs",
        lambda ev: ev.sizing.cluster.gpus_for_deadline or ev.sizing.cluster.gpus,
    ),
    _Measure(
        "sizing.nodes",
        _label("nodes"),
        "nodes",
        lambda ev: ev.sizing.cluster.nodes,
    ),
    _Measure(
        "sizing.network_id",
        _label("network_id"),
        "",
        lambda ev: ev.sizing.cluster.network_id,
    ),
    _Measure(
        "sizing.gpu_hours",
        _label("gpu_hours"),
        "GPU-h",
        lambda ev: ev.sizing.compute.gpu_hours,
    ),
    _Measure(
        "sizing.days",
        _label("days"),
        "days",
        lambda ev: ev.sizing.cluster.days,
    ),
)
"""The recommendation and the sizing, reported first."""

_OUTCOME_MEASURES: tuple[_Measure, ...] = (
    _Measure(
        "cost.break_even.utilization",
        _label("break_even_utilization"),
        "1",
        lambda ev: ev.cost.break_even.utilization,
    ),
    _Measure(
        "cost.break_even.month",
        _label("break_even_month"),
        "month",
        lambda ev: ev.cost.break_even.month,
    ),
    _Measure(
        "monte_carlo.p_own_beats_rent",
        _label("p_own_beats_rent"),
        "1",
        _p_own,
    ),
)
"""Break-even and the Monte Carlo, reported after the options' totals."""


def _option_measure(option: OptionId) -> _Measure:
    """One option's total."""
    return _Measure(
        f"cost.options.{option.value}.total_cny",
        _label("option_total", option=option.value),
        "CNY",
        _option_total(option),
    )


MEASURES = [
    *_PLAN_MEASURES,
    *(_option_measure(o) for o in _OPTIONS_COMPARED),
    *_OUTCOME_MEASURES,
]
"""The results :func:`diff_results` compares, in the order it reports them."""


def diff_results(old: Evaluation, new: Evaluation) -> list[ResultChange]:
    """The results that moved between two evaluations, with the size of the move."""
    changes: list[ResultChange] = []
    for m in MEASURES:
        a, b = m.read(old), m.read(new)
        if not moved(a, b, m.unit):
            continue
        delta = relative = None
        if isinstance(a, int | float) and isinstance(b, int | float):
            delta = float(b) - float(a)
            relative = delta / abs(float(a)) if a else None
        changes.append(
            ResultChange(
                key=m.key,
                label=m.label,
                unit=m.unit,
                old=a,
                new=b,
                delta=delta,
                relative=relative,
            )
        )
    return changes


def diff_plans(
    old: Project, new: Project, old_eval: Evaluation, new_eval: Evaluation
) -> PlanDiff:
    """Inputs that differ and results that moved between two evaluated plans."""
    return PlanDiff(
        inputs=diff_inputs(old, new), results=diff_results(old_eval, new_eval)
    )
