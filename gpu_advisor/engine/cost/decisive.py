"""The decisive inputs: which price-book figures move the decision, and where it flips.

The plan's decision is the option the engine recommends. Each candidate
input (a budget field with a range in the price book, :data:`DECISIVE_KEYS`)
is set to the low and to the high end of its range, the others as planned,
and the whole plan is priced and decided again by the engine itself
(:func:`~gpu_advisor.engine.cost.prepare.prepare` and
:func:`~gpu_advisor.engine.cost.result.cost_result`: the same pricing, the
same feasibility and the same rules, the mix and the hybrid planned again at
the moved value). That is exactly what ``gpu-advisor-cli cost --set
budget.<key>=<value>`` gives.

The *gap* is the cheapest alternative's total minus the decided option's
(:func:`gap_cny`; the alternative as page 1's runner-up is chosen,
:func:`~gpu_advisor.engine.cost.finance.runner_up`). An input's swing is how
far it moves the gap over its range. Inputs whose range holds another
decision come first, then the others, each group by swing; for the first
:data:`DECISIVE_SHOWN` the value at which the decision flips is found by
bisection between the plan's value and the end of the range where the
decision differs, to :data:`FLIP_TOLERANCE` of the range. An input whose
decision is the same at both ends "does not flip within the range".

Every value is shown and set as the user types it on the budget step (gross
of VAT when ``meta.prices_include_vat``), whatever basis the engine compares
prices on (net of recoverable input VAT for a general taxpayer): the engine's
value times :func:`_typing` is the figure to type.

References
----------
Saltelli, A. et al. (2008), *Global Sensitivity Analysis: The Primer*, Wiley,
ch. 1 (one-at-a-time designs). Press, W. H. et al. (2007), *Numerical
Recipes*, 3rd ed., Cambridge University Press, section 9.1 (bisection).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
from pydantic import ValidationError

from gpu_advisor.engine.cost.finance import runner_up
from gpu_advisor.engine.cost.prepare import Prepared, prepare
from gpu_advisor.engine.cost.price import FloatArray, make_params
from gpu_advisor.engine.cost.resolve import lost_hours, resolve
from gpu_advisor.engine.cost.result import cost_result
from gpu_advisor.engine.cost.risk import scenario_totals
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.cost_results import CostResult
from gpu_advisor.model.decisive_results import Decisive, DecisiveInput
from gpu_advisor.model.project import Budget, OptionId, Project
from gpu_advisor.model.sizing_results import SizingResult

_SPOT_KEYS: Final = (
    "spot_price_factor",
    "spot_interruptions_per_100_hours",
    "restart_hours",
    "spot_capacity_share",
    "spot_wait_hours",
)
_OWNED_KEYS: Final = (
    "gpu_price_cny",
    "server_cny_per_server",
    "hardware_life_years",
    "residual_fraction",
    "ops_salary_cny_per_year",
    "maintenance_fraction_per_year",
    "electricity_cny_per_kwh",
    "pue",
    "rack_cny_per_month",
)
_RENT_KEYS: Final = (
    "on_demand_cny_per_gpu_hour",
    "monthly_cny_per_gpu_month",
    "yearly_price_factor",
)
DECISIVE_KEYS: Final = (*_RENT_KEYS, *_SPOT_KEYS, *_OWNED_KEYS)
"""Budget fields tested: every price-book figure with a range that an option's
total reads (rental prices, spot's price, reclaims, restart and capacity, and
the owned fleet's price, life, residual value, staff, maintenance, power and
rack)."""

DECISIVE_SHOWN: Final = 5
"""Inputs kept, and searched for their flip value. [1]"""

SCREENED: Final = 8
"""Inputs the first screen (:func:`_screen`) passes on to be decided again at
both ends of their range. [1]"""

FLIP_TOLERANCE: Final = 0.01
"""Width of the bracket the bisection stops at, as a share of the input's
range (1 %: about the three figures page 1 prints). [1]"""

_SPOT_USERS: Final = frozenset({OptionId.SPOT, OptionId.MIX, OptionId.HYBRID})
_OWNERS: Final = frozenset({OptionId.COLOCATION, OptionId.SELF_BUILD, OptionId.HYBRID})


_PARAMS: Final[dict[str, tuple[str, ...]]] = {
    "on_demand_cny_per_gpu_hour": ("od",),
    "monthly_cny_per_gpu_month": ("monthly",),
    "yearly_price_factor": ("yearly_factor",),
    "spot_price_factor": ("spot_factor",),
    "spot_interruptions_per_100_hours": ("spot_rate_per_hour",),
    "restart_hours": ("restart_hours",),
    "spot_capacity_share": ("restart_hours",),
    "spot_wait_hours": ("restart_hours",),
    "gpu_price_cny": ("gpu_price",),
    "server_cny_per_server": ("server_price",),
    "hardware_life_years": ("life_years",),
    "residual_fraction": ("residual",),
    "ops_salary_cny_per_year": ("ops_salary",),
    "maintenance_fraction_per_year": ("maint_frac",),
    "electricity_cny_per_kwh": ("tariff",),
    # a typed PUE is the self-built room's too (resolve._self_build_pue)
    "pue": ("pue", "pue_self"),
    "rack_cny_per_month": ("rack_price",),
}
"""The pricing parameters (:class:`~gpu_advisor.engine.cost.price.Params`) each
decisive key sets."""


def _param_value(values: dict[str, float], key: str, value: float) -> float:
    """What the pricing parameter of ``key`` is when ``key`` is ``value``.

    >>> v = {"restart_hours": 0.25, "spot_capacity_share": 0.6, "spot_wait_hours": 4.0}
    >>> round(_param_value(v, "spot_wait_hours", 24.0), 6), _param_value(v, "pue", 1.4)
    (9.85, 1.4)
    """
    if key == "spot_interruptions_per_100_hours":
        return value / 100.0
    if _PARAMS[key] == ("restart_hours",):  # hours lost to each reclaim
        moved = {**values, key: value}
        return lost_hours(
            moved["restart_hours"],
            moved["spot_capacity_share"],
            moved["spot_wait_hours"],
        )
    return value


def _screen(
    prep: Prepared,
    cost: CostResult,
    decision: OptionId,
    ends: list[tuple[str, float, float]],
    checkpointing: bool,
) -> list[float] | None:
    """Each input's swing of the gap as the tornado prices it (one call for
    every input at both ends; the mix and the hybrid as planned), to choose
    which inputs the engine decides again. None: the decision or its
    alternatives are not among the options the tornado prices."""
    scenarios = 1 + 2 * len(ends)
    values = prep.resolved.values
    base = make_params(prep.resolved)
    overrides: dict[str, FloatArray] = {}
    for i, (key, low, high) in enumerate(ends):
        for name in _PARAMS[key]:
            column = overrides.setdefault(
                name, np.full(scenarios, float(getattr(base, name)[0, 0]))
            )
            column[1 + 2 * i] = _param_value(values, key, low)
            column[2 + 2 * i] = _param_value(values, key, high)
    p = make_params(prep.resolved, scenarios, overrides, checkpointing=checkpointing)
    totals = scenario_totals(
        p,
        np.repeat(prep.d[:1], scenarios, axis=0),
        prep.owned_gpus,
        prep.risk_options,
        prep.policy,
        prep.hybrid_plan,
    )
    others = [totals[o] for o in _alternatives(cost, decision) if o in totals]
    if decision not in totals or not others:
        return None
    gap = np.min(others, axis=0) - totals[decision]
    return [abs(float(gap[2 + 2 * i] - gap[1 + 2 * i])) for i in range(len(ends))]


def _alternatives(cost: CostResult, decision: OptionId) -> list[OptionId]:
    """The options that could take over: feasible, not at risk, not the same
    as another option or as the decision."""
    by_id = {o.id: o for o in cost.options}
    same = by_id[decision].same_as
    return [
        o.id
        for o in cost.options
        if o.feasible
        and o.at_risk_cny is None
        and o.same_as is None
        and o.id not in (decision, same)
    ]


def _candidates(options: list[OptionId]) -> list[str]:
    """The keys that can move a total of the options compared.

    >>> _candidates([OptionId.ON_DEMAND, OptionId.MONTHLY])
    ['on_demand_cny_per_gpu_hour', 'monthly_cny_per_gpu_month', 'yearly_price_factor']
    >>> len(_candidates(list(OptionId))) == len(DECISIVE_KEYS)
    True
    """
    chosen = set(options)
    keys = list(_RENT_KEYS)
    if chosen & _SPOT_USERS:
        keys += _SPOT_KEYS
    if chosen & _OWNERS:
        keys += _OWNED_KEYS
    return keys


def gap_cny(cost: CostResult, option: OptionId) -> float | None:
    """Cheapest genuine alternative's total minus ``option``'s total.

    Parameters
    ----------
    cost : CostResult
        A priced plan.
    option : OptionId
        The decision being tested.

    Returns
    -------
    float or None
        Positive while ``option`` is cheaper [CNY]; None when ``option`` is
        not feasible or there is no alternative.

    Examples
    --------
    >>> from gpu_advisor.model.cost_results import (BreakEven, OptionResult,
    ...     Recommendation)
    >>> def opt(i, total):
    ...     return OptionResult(id=i, total_cny=total, monthly_cny=[total],
    ...         cumulative_cny=[total], npv_cny=total)
    >>> cost = CostResult(options=[opt("yearly", 12.0), opt("spot", 10.0)],
    ...     break_even=BreakEven(), recommendation=Recommendation(option="yearly"),
    ...     demand_gpu_hours=[1.0], horizon_months=1, gpu_id="A100-80GB-SXM")
    >>> gap_cny(cost, OptionId.SPOT), gap_cny(cost, OptionId.YEARLY)
    (2.0, -2.0)
    """
    own = next((o for o in cost.options if o.id is option and o.feasible), None)
    if own is None:
        return None
    rec = cost.recommendation.model_copy(update={"option": option})
    other = runner_up(cost.model_copy(update={"recommendation": rec}))
    return None if other is None else other.total_cny - own.total_cny


@dataclass(frozen=True, slots=True)
class _Plan:
    """One plan re-priced and decided with single budget fields moved."""

    project: Project
    catalog: Catalog
    sizing: SizingResult
    decision: OptionId
    typing: dict[str, float]
    """Per key, the figure typed per unit the engine uses (:func:`_typing`)."""

    def cost_at(self, key: str, value: float) -> CostResult | None:
        """The plan priced with the engine using ``value`` for ``budget.<key>``;
        None when the budget does not accept it."""
        typed = value * self.typing[key]
        try:
            budget = Budget.model_validate(
                {**self.project.budget.model_dump(), key: typed}
            )
        except ValidationError:
            return None
        plan = self.project.model_copy(update={"budget": budget})
        prep = prepare(plan, self.catalog, self.sizing)
        return cost_result(plan, self.catalog, prep, full=False)

    def decided(self, cost: CostResult | None) -> OptionId | None:
        """The option ``cost`` recommends, or the plan's own decision when it
        recommends an option with the same cash flow (``same_as``)."""
        if cost is None:
            return None
        chosen = cost.recommendation.option
        if chosen is None or chosen is self.decision:
            return chosen
        by_id = {o.id: o for o in cost.options}
        if self.decision in (by_id[chosen].same_as, by_id[self.decision].same_as):
            return self.decision
        return chosen


def _typing(project: Project, catalog: Catalog, key: str) -> float:
    """The figure typed in ``budget.<key>`` per unit of the value the engine
    uses: 1 unless the resolver brings the field to another VAT basis (then
    one over what typing 1 resolves to)."""
    budget = project.budget.model_copy(update={key: 1.0})
    one = resolve(project.model_copy(update={"budget": budget}), catalog).values[key]
    return 1.0 / one if one > 0 else 1.0


def decisive_inputs(
    project: Project,
    catalog: Catalog,
    sizing: SizingResult,
    cost: CostResult,
    shown: int = DECISIVE_SHOWN,
) -> Decisive | None:
    """The inputs that move the gap to the runner-up most, with their flip values.

    Parameters
    ----------
    project : Project
        The plan.
    catalog : Catalog
        Shipped defaults and the price book's ranges.
    sizing : SizingResult
        The plan's sizing (no budget field changes it).
    cost : CostResult
        The plan's cost result, whose recommendation is the decision tested.
    shown : int
        Inputs kept. [1]

    Returns
    -------
    Decisive or None
        None when nothing is recommended.

    Examples
    --------
    >>> from gpu_advisor.engine.evaluate import evaluate
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> c, p = load_catalog(), Project()
    >>> ev = evaluate(p, c)
    >>> d = decisive_inputs(p, c, ev.sizing, ev.cost)
    >>> d.option == ev.cost.recommendation.option, 0 < len(d.inputs) <= DECISIVE_SHOWN
    (True, True)
    """
    decision = cost.recommendation.option
    if decision is None:
        return None
    prep = prepare(project, catalog, sizing)
    ends = _ranges(prep, project.budget.options)
    typing = {key: _typing(project, catalog, key) for key, _, _ in ends}
    plan = _Plan(project, catalog, sizing, decision, typing)
    swings = _screen(prep, cost, decision, ends, project.budget.checkpointing)
    if swings is not None:  # the largest swings by the tornado's pricing
        ranked = sorted(zip(swings, ends, strict=True), key=lambda x: -x[0])
        ends = [end for swing, end in ranked[:SCREENED] if swing > 0.005]
    tested = [
        _Tested(
            key,
            prep.resolved.values[key],
            low,
            high,
            (plan.cost_at(key, low), plan.cost_at(key, high)),
            plan,
            gap_cny(cost, decision),
        )
        for key, low, high in ends
    ]
    # an input that moves no total of the decision or its alternatives is not decisive
    tested = [t for t in tested if t.flips or t.swing > 0.005]
    tested.sort(key=lambda t: (not t.flips, -t.swing))
    return Decisive(
        option=decision,
        gap_cny=_rounded(gap_cny(cost, decision)),
        inputs=[t.result(prep.resolved.refs[t.key].unit) for t in tested[:shown]],
    )


def _ranges(prep: Prepared, options: list[OptionId]) -> list[tuple[str, float, float]]:
    """Each candidate key with the low and high end of its range (holding the
    plan's value); keys whose range is a single value are left out."""
    out = []
    for key in _candidates(options):
        low, _, high = prep.resolved.ranges[key]
        value = prep.resolved.values[key]
        low, high = min(low, value), max(high, value)
        if high - low > 1e-12 * max(abs(high), 1.0):
            out.append((key, low, high))
    return out


@dataclass(frozen=True, slots=True)
class _Tested:
    """One input priced at both ends of its range."""

    key: str
    value: float
    low: float
    high: float
    ends: tuple[CostResult | None, CostResult | None]
    plan: _Plan
    base_gap: float | None

    def gap(self, end: int) -> float | None:
        cost = self.ends[end]
        return None if cost is None else gap_cny(cost, self.plan.decision)

    @property
    def swing(self) -> float:
        gaps = [g for g in (self.gap(0), self.gap(1)) if g is not None]
        return max(gaps) - min(gaps) if gaps else 0.0

    @property
    def flips(self) -> bool:
        return any(self.plan.decided(c) != self.plan.decision for c in self.ends)

    def result(self, unit: str) -> DecisiveInput:
        """The input as the plan shows it, its flip found by bisection."""
        flip: tuple[float, Literal["below", "above"], OptionId | None] | None = None
        if self.flips:
            flip = self._flip()
        typed = self.plan.typing[self.key]  # shown as the user types it
        return DecisiveInput(
            input=f"budget.{self.key}",
            unit=unit,
            value=_sig(self.value * typed),
            low_value=_sig(self.low * typed),
            high_value=_sig(self.high * typed),
            low_gap_cny=_rounded(self.gap(0)),
            high_gap_cny=_rounded(self.gap(1)),
            swing_cny=round(self.swing, 2),
            flip_value=None if flip is None else _sig(flip[0] * typed),
            flip_side=None if flip is None else flip[1],
            flips_to=None if flip is None else flip[2],
        )

    def _flip(self) -> tuple[float, Literal["below", "above"], OptionId | None]:
        """Bisection between the plan's value and the nearer end that flips.

        When the gap changes sign on the way, the first two probes straddle
        where it crosses zero (linear between the plan and the end), which
        ends the search at once for a flip the totals decide.
        """
        plan = self.plan
        ends = [
            (abs(end - self.value), end, cost, self.gap(index))
            for index, (end, cost) in enumerate(
                ((self.low, self.ends[0]), (self.high, self.ends[1]))
            )
            if plan.decided(cost) != plan.decision
        ]
        _, outside, cost, end_gap = min(ends, key=lambda e: e[0])
        winner = plan.decided(cost)
        inside = self.value
        tolerance = FLIP_TOLERANCE * (self.high - self.low)
        probes: list[float] = []
        g0 = self.base_gap
        if g0 is not None and end_gap is not None and (g0 > 0) != (end_gap > 0):
            guess = inside + (outside - inside) * g0 / (g0 - end_gap)
            step = tolerance / 2 if outside > inside else -tolerance / 2
            probes = [guess - step, guess + step]
        while abs(outside - inside) > tolerance:
            mid = probes.pop(0) if probes else (inside + outside) / 2
            if not min(inside, outside) < mid < max(inside, outside):
                continue
            chosen = plan.decided(plan.cost_at(self.key, mid))
            if chosen == plan.decision:
                inside = mid
            else:
                outside, winner = mid, chosen
        side: Literal["below", "above"] = "below" if outside < inside else "above"
        return (inside + outside) / 2, side, winner


def _sig(x: float) -> float:
    """Six significant figures (what a range or a flip value needs).

    >>> _sig(85288.123456), _sig(0.30000000000000004)
    (85288.1, 0.3)
    """
    return float(f"{x:.6g}")


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 2)
