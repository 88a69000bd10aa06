"""Which priced options can be chosen, and why not.

An option that cannot be chosen keeps its priced figures (for reference) and
is marked ``feasible = False`` with a code and a reason (``cost.reason.*`` in
the catalogs):

``spot.no_checkpointing``
    Spot without checkpoints: every reclaim restarts the run
    (:func:`gpu_advisor.engine.cost.price.price_spot`).
``spot.serving``
    Serving months cannot run on reclaimable instances.
``spot.month_forbids``
    A month of the demand profile was marked as not tolerating spot.
``yearly.longer_than_plan``
    The plan is shorter than 12 × the yearly factor months: a yearly
    commitment (12 months paid at that factor of the monthly price) costs
    more than renting the same cards monthly for the whole plan, whatever
    the demand, so it is never a sensible choice.
``residency.own_hardware``
    The data must stay on hardware the company owns
    (:attr:`~gpu_advisor.model.project.DataResidency.OWN_HARDWARE`): every
    rental, and a hybrid that rents part of the work, is out for that reason
    alone. Owning is then chosen for residency, not cost, and what that costs
    is measured against the rentals excluded *only* for this reason
    (:func:`comparable_rental`).
``residency.overflow``
    Same rule, an owned option whose demand overflows its cards onto rented
    on-demand hours.

References
----------
Alibaba Cloud ECS help, 抢占式实例 (2025): reclaimed instances are released;
stateful work needs its own checkpoints. PRC Data Security Law (2021) art. 21
(classified protection of important data) and art. 31 (outbound transfer).
Keeping data on the company's own hardware is the project's own rule, stricter
than the law; the project states it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from gpu_advisor.engine.cost.price import (
    OWNED_OPTIONS,
    RENT_OPTIONS,
    FloatArray,
    OptionArrays,
)
from gpu_advisor.model.common import Message
from gpu_advisor.model.project import DataResidency, OptionId

RESIDENCY_OWN_HARDWARE = "residency.own_hardware"
RESIDENCY_OVERFLOW = "residency.overflow"
YEARLY_LONGER_THAN_PLAN = "yearly.longer_than_plan"
SPOT_SERVING = "spot.serving"
SPOT_MONTH_FORBIDS = "spot.month_forbids"


def mark_infeasible(arr: OptionArrays, code: str, reason: Message) -> None:
    """Mark ``arr`` infeasible; an option already infeasible keeps its first reason."""
    if not arr.feasible:
        return
    arr.feasible = False
    arr.infeasible_code = code
    arr.reason = reason


def comparable_rental(option: OptionArrays) -> bool:
    """A rental that owning is compared with: feasible, or out only for residency.

    With the data on the company's own hardware, renting is not allowed, but
    the price of that rule is still owning minus the cheapest rental that
    would otherwise be feasible.
    """
    return option.id in RENT_OPTIONS and (
        option.feasible or option.infeasible_code == RESIDENCY_OWN_HARDWARE
    )


def yearly_dominated(horizon_months: int, yearly_factor: float) -> bool:
    """Whether a yearly commitment costs more than monthly rental for the whole plan.

    A reserved card costs ``12 × factor`` monthly prices on a yearly
    commitment and at most ``horizon`` monthly prices by the month.

    Examples
    --------
    >>> yearly_dominated(2, 0.875), yearly_dominated(11, 0.875), yearly_dominated(12, 1.0)
    (True, False, False)
    """
    return horizon_months < 12 * yearly_factor - 1e-9


def apply_feasibility(
    priced: dict[OptionId, OptionArrays],
    demand: FloatArray,
    *,
    serves: bool,
    spot_forbidden: Sequence[bool],
    residency: DataResidency,
    yearly_factor: float,
    hybrid_rents: bool = False,
) -> list[OptionId]:
    """Mark what cannot be chosen, in place; return the options the risk analysis prices.

    Parameters
    ----------
    priced : dict
        Options priced for scenario 0 (changed in place).
    demand : ndarray
        GPU-hours per month, shape (1, H). [GPU-hours]
    serves : bool
        Whether the demand includes inference serving.
    spot_forbidden : sequence of bool
        Per month, True when the month tolerates no spot.
    residency : DataResidency
        The project's rule on where the data may be.
    yearly_factor : float
        Yearly price as a share of the monthly price. [1]
    hybrid_rents : bool
        Whether the hybrid rents part of the demand.

    Returns
    -------
    list of OptionId
        The priced options without those that are no option at all here
        (spot for serving or forbidden months, a dominated yearly
        commitment): the tornado and the Monte Carlo price these. Rentals
        excluded for residency stay, as the comparison owning is measured by.
    """
    d = np.asarray(demand, dtype=np.float64)[0]
    dropped: set[OptionId] = set()
    if _spot_rule(priced, d, serves, spot_forbidden):
        dropped.add(OptionId.SPOT)
    if _yearly_rule(priced, d.shape[0], yearly_factor):
        dropped.add(OptionId.YEARLY)
    if residency is DataResidency.OWN_HARDWARE:
        _residency_rule(priced, hybrid_rents)
    return [o for o in priced if o not in dropped]


def _spot_rule(
    priced: dict[OptionId, OptionArrays],
    d: FloatArray,
    serves: bool,
    spot_forbidden: Sequence[bool],
) -> bool:
    """Spot is no option for serving or in months that forbid it (True: dropped)."""
    spot = priced.get(OptionId.SPOT)
    if spot is not None and serves:
        # reclaimed instances drop users' requests: serving cannot run on spot
        # (the mix may still put training bursts on spot, never serving ones)
        mark_infeasible(spot, SPOT_SERVING, Message(code="cost.reason.spot_serving"))
        return True
    if spot is not None and any(
        f and h > 0 for f, h in zip(spot_forbidden, d.tolist(), strict=False)
    ):
        mark_infeasible(
            spot, SPOT_MONTH_FORBIDS, Message(code="cost.reason.spot_month_forbids")
        )
        return True
    return False


def _yearly_rule(
    priced: dict[OptionId, OptionArrays], months: int, yearly_factor: float
) -> bool:
    """A yearly commitment longer than the plan is no option (True: dropped)."""
    yearly = priced.get(OptionId.YEARLY)
    if yearly is None or not yearly_dominated(months, yearly_factor):
        return False
    mark_infeasible(
        yearly,
        YEARLY_LONGER_THAN_PLAN,
        Message(
            code="cost.reason.yearly_longer_than_plan",
            params={"months": months, "factor": yearly_factor},
        ),
    )
    return True


def _residency_rule(priced: dict[OptionId, OptionArrays], hybrid_rents: bool) -> None:
    """With the data on owned hardware: every rental, a hybrid that rents and an
    owned option that overflows onto rented hours are out."""
    for oid, arr in priced.items():
        if oid in RENT_OPTIONS or (oid is OptionId.HYBRID and hybrid_rents):
            mark_infeasible(
                arr,
                RESIDENCY_OWN_HARDWARE,
                Message(
                    code="cost.reason.residency_rents_part"
                    if oid is OptionId.HYBRID
                    else "cost.reason.residency_rents"
                ),
            )
        elif oid in OWNED_OPTIONS and float(arr.lines["overflow_rental"][0]) > 0:
            mark_infeasible(
                arr,
                RESIDENCY_OVERFLOW,
                Message(
                    code="cost.reason.residency_overflow",
                    params={"gpus": int(arr.gpus[0])},
                ),
            )


SAME_AS_ORDER: tuple[OptionId, ...] = (
    OptionId.ON_DEMAND,
    OptionId.MONTHLY,
    OptionId.YEARLY,
    OptionId.SPOT,
    OptionId.COLOCATION,
    OptionId.SELF_BUILD,
    OptionId.MIX,
)
"""Simpler options first: a compound option equal to one of them is that one."""


def mark_same_as(
    priced: dict[OptionId, OptionArrays], hybrid_owned_gpus: int | None = None
) -> None:
    """Mark compound options that are another option here, in place.

    A mix is its search's corner case when the best plan is a pure one (it
    reserves nothing and bursts on spot: spot; on demand: on-demand; it
    reserves every month's cards: monthly); a hybrid that owns no card is the
    mix, and one that owns the whole fleet and rents nothing is the owned
    option. Such an option has the same plan and cash flow; it stays in the
    table, named as the other, and is never presented as an alternative
    (:func:`gpu_advisor.engine.cost.finance.runner_up`).

    Parameters
    ----------
    priced : dict
        Options priced for scenario 0 (changed in place).
    hybrid_owned_gpus : int, optional
        Cards the hybrid owns. [1]
    """
    for oid in (OptionId.MIX, OptionId.HYBRID):
        arr = priced.get(oid)
        if arr is None:
            continue
        if oid is OptionId.HYBRID and hybrid_owned_gpus == 0 and OptionId.MIX in priced:
            arr.same_as = OptionId.MIX
            continue
        a = arr.cash[0]
        a_total = float(a.sum())  # summed once, not once per other option
        for other in SAME_AS_ORDER:
            target = priced.get(other)
            if other is oid or target is None or target.cash.shape != arr.cash.shape:
                continue
            b = target.cash[0]
            if abs(a_total - float(b.sum())) > 0.005 * a.shape[0]:
                continue  # different totals: not the same plan (cheap test first)
            if float(np.abs(a - b).max(initial=0.0)) <= 0.005:
                arr.same_as = other
                break
