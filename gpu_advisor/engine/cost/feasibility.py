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
``job.fits_nowhere``, ``job.too_few_cards``
    The plan's job cannot run on its card at all: the model fits on no card
    count (as the workload splits it), or the cards the plan runs it on are
    fewer than the memory needs (:func:`job_reason`). Every option is then out
    for the same reason: none of them buys a job that can run, and the
    recommendation names the constraint and by how much to relax it.
``owned.below_job``
    An owned option (colocation, self-build) whose cards are fewer than the
    synchronous job runs on at once: in the months the job runs they cannot
    start it, stand idle, and the whole job is rented
    (:func:`~gpu_advisor.engine.cost.price.owned_split`). That is not owning
    the capacity, so it is out, naming the cards it would need. The hybrid is
    not held to this: owning a few cards for the months the job does not run
    (serving, experiments) and renting the job's months is what it plans.

A candidate GPU (:func:`candidate_reason`) is held to the same job checks
plus the deadline and the share of the work the horizon holds: a candidate
that fails one is shown with the reason and is never the cheapest.

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
from gpu_advisor.engine.cost.work import COVERED_SHARE
from gpu_advisor.model.common import Message
from gpu_advisor.model.project import DataResidency, OptionId

RESIDENCY_OWN_HARDWARE = "residency.own_hardware"
RESIDENCY_OVERFLOW = "residency.overflow"
YEARLY_LONGER_THAN_PLAN = "yearly.longer_than_plan"
SPOT_SERVING = "spot.serving"
SPOT_MONTH_FORBIDS = "spot.month_forbids"
JOB_FITS_NOWHERE = "job.fits_nowhere"
JOB_TOO_FEW_CARDS = "job.too_few_cards"
JOB_CODES: frozenset[str] = frozenset({JOB_FITS_NOWHERE, JOB_TOO_FEW_CARDS})
"""Codes that put every option out: the job itself cannot run as planned."""
JOB_INPUTS: tuple[str, ...] = (
    "workload.gpu_id",
    "workload.gpus",
    "workload.tp",
    "workload.pp",
    "workload.zero_stage",
)
"""The project fields that decide whether the job fits its cards."""
OWNED_BELOW_JOB = "owned.below_job"


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


def job_reason(
    gpu_id: str, min_gpus: int | None, gpus: int, hint: Message | None = None
) -> tuple[str, Message] | None:
    """Why the plan's job cannot run on its card at all, or None when it can.

    Parameters
    ----------
    gpu_id : str
        The plan's card.
    min_gpus : int or None
        Fewest cards the model fits on, as the workload splits it; None: no
        count. [1]
    gpus : int
        Cards the options are priced for (the count meeting the deadline, else
        the sizing's). [1]
    hint : Message, optional
        What would make the model fit (the sizing's ``sizing.hint.*``).

    Returns
    -------
    (code, reason) or None
        ``job.fits_nowhere`` or ``job.too_few_cards`` with the cards to add.

    Examples
    --------
    >>> job_reason("L40S", 13, 8)[1].params
    {'gpu': 'L40S', 'gpus': 8, 'min_gpus': 13, 'more': 5}
    >>> job_reason("A100", None, 64)[0], job_reason("A100", 5, 8)
    ('job.fits_nowhere', None)
    """
    if min_gpus is None:
        return JOB_FITS_NOWHERE, Message(
            code="cost.reason.job_fits_nowhere",
            params={
                "gpu": gpu_id,
                "hint": hint if hint is not None else Message(code="cost_part.nothing"),
            },
        )
    if gpus < min_gpus:
        return JOB_TOO_FEW_CARDS, Message(
            code="cost.reason.job_too_few_cards",
            params={
                "gpu": gpu_id,
                "gpus": gpus,
                "min_gpus": min_gpus,
                "more": min_gpus - gpus,
            },
        )
    return None


def candidate_reason(
    min_gpus: int | None,
    gpus: int,
    days: float,
    deadline_days: float | None,
    gpus_for_deadline: int | None,
    covered: float,
    any_feasible: bool,
) -> Message | None:
    """Why a candidate GPU cannot run the plan's job as priced; None when it can.

    The first that holds, in this order: the model fits on no card count
    (``candidate.fits_nowhere``); the cards priced are fewer than the memory
    needs (``candidate.too_few_cards``); no option is feasible with that card
    (``candidate.no_option``); the job misses the deadline on the plan's cards
    (``candidate.misses_deadline``, with the count that meets it, or
    ``candidate.misses_deadline_any`` when none does); the horizon holds less
    than :data:`~gpu_advisor.engine.cost.work.COVERED_SHARE` of the job
    (``candidate.incomplete``). A candidate with a reason is never the
    cheapest: its total would be for a job that does not run, or not by the
    deadline, or only in part.

    Parameters
    ----------
    min_gpus : int or None
        Fewest cards the model fits on; None: no count. [1]
    gpus : int
        Cards the sizing runs the job on (``days`` is on these). [1]
    days : float
        Days the job takes on ``gpus`` cards. [d]
    deadline_days : float or None
        The workload's deadline. [d]
    gpus_for_deadline : int or None
        Fewest cards meeting the deadline (the options are priced for these
        when there are any). [1]
    covered : float
        Share of the job the priced demand holds. [1]
    any_feasible : bool
        Whether any option is feasible with this card.

    Examples
    --------
    >>> candidate_reason(13, 8, 5.5, None, None, 1.0, True).params
    {'min_gpus': 13, 'gpus': 8}
    >>> candidate_reason(5, 8, 2.8, 2.0, None, 1.0, True).code
    'candidate.misses_deadline_any'
    >>> candidate_reason(5, 8, 2.8, None, None, 1.0, True) is None
    True
    """
    priced = gpus_for_deadline or gpus
    if min_gpus is None:
        return Message(code="candidate.fits_nowhere")
    if priced < min_gpus:
        return Message(
            code="candidate.too_few_cards",
            params={"min_gpus": min_gpus, "gpus": priced},
        )
    if not any_feasible:
        return Message(code="candidate.no_option")
    if deadline_days is not None and days > deadline_days * (1 + 1e-9):
        late = {"days": days, "deadline": deadline_days, "gpus": gpus}
        if gpus_for_deadline is None:
            return Message(code="candidate.misses_deadline_any", params=late)
        return Message(
            code="candidate.misses_deadline",
            params={**late, "needed": gpus_for_deadline},
        )
    if covered < COVERED_SHARE:
        return Message(code="candidate.incomplete", params={"share": covered})
    return None


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
    needed_gpus: int = 0,
    job: tuple[str, Message] | None = None,
    job_cards: int = 0,
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
    needed_gpus : int
        Cards an owned fleet needs to serve every month itself (the busiest
        month's, the job's whole servers while it runs), named when the data
        must stay on owned hardware and the fleet is smaller.
    job : (code, reason), optional
        Why the plan's job cannot run on its card at all (:func:`job_reason`):
        every option is out for it.
    job_cards : int
        Cards the synchronous job runs on at once, in whole servers, when it
        runs in some month (0: it runs in none): an owned option with fewer
        cannot start it (``owned.below_job``).

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
    if job is not None:
        for arr in priced.values():
            mark_infeasible(arr, *job)
    if _spot_rule(priced, d, serves, spot_forbidden):
        dropped.add(OptionId.SPOT)
    if _yearly_rule(priced, d.shape[0], yearly_factor):
        dropped.add(OptionId.YEARLY)
    if residency is DataResidency.OWN_HARDWARE:
        _residency_rule(priced, hybrid_rents, needed_gpus)
    # after residency: its reason names the busiest month's cards, which
    # include the job's, so it says more when both hold
    _owned_rule(priced, job_cards)
    return [o for o in priced if o not in dropped]


def _owned_rule(priced: dict[OptionId, OptionArrays], job_cards: int) -> None:
    """An owned option with fewer cards than the job runs on at once is out.

    Such a fleet stands idle while the job runs and the whole job is rented
    (:func:`~gpu_advisor.engine.cost.price.owned_split`), so the option is
    not the owning it is named for. It is marked out rather than priced at
    the job's cards: the count is the one the user entered on the budget step
    (left empty, the owned options buy at least the job's cards), and a buyer
    who typed 11 cards needs to read that 11 cannot run a 64-card job, not to
    find 64 cards priced under a figure they did not enter.
    """
    if job_cards <= 0:
        return
    for oid in OWNED_OPTIONS:
        arr = priced.get(oid)
        if arr is not None and int(arr.gpus[0]) < job_cards:
            mark_infeasible(
                arr,
                OWNED_BELOW_JOB,
                Message(
                    code="cost.reason.owned_below_job",
                    params={"gpus": int(arr.gpus[0]), "needed": job_cards},
                ),
            )


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


def _residency_rule(
    priced: dict[OptionId, OptionArrays], hybrid_rents: bool, needed_gpus: int
) -> None:
    """With the data on owned hardware: every rental, a hybrid that rents and an
    owned option that overflows onto rented hours are out (the cards it would
    need, ``needed_gpus``, named)."""
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
                    params={"gpus": int(arr.gpus[0]), "needed": needed_gpus},
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
