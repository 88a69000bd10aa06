"""Which option to recommend, and the reasons and warnings behind it, as data.

Decision rules (from the idctop.com articles, applied in this order)
---------------------------------------------------------------------
1. Own (colocation or self-build) only when *all* hold: owning is cheaper over
   the horizon; the work lasts at least six months; the load is stable and
   high (owned utilisation ≥ 70 % and peak / mean ≤ 1.3); and the team has
   operations staff and spare cash, plus a machine room for self-build
   (article 003's three conditions; article 000: rent first, buy once
   utilisation stays high).
2. Otherwise rent: the cheapest feasible renting option. The mix is chosen
   only when it saves at least 5 % over the best pure renting option
   (simpler contracts win ties); article 001 recommends it for peaky demand.

The hybrid (own a baseline of N cards, rent the rest) owns cards, so it is
an owning-type option: rule 1 applies to it (its owned cards must be at
least 70 % used; peaks are rented, so peak / mean does not block it), it is
never counted as a rental that owning must beat, and the 5 % threshold does
not apply to it. Owning no card it is the mix under another name and is not
a choice of its own.

When the data must stay on hardware the company owns, every rental is
excluded: the cheapest owned option is chosen for that reason, not for its
cost, and the reason states what the rule costs over the cheapest rental.

Warnings: the decision's own (no owned option or missing conditions when the
data must stay on owned hardware; rent first before buying), then the checks
of :mod:`gpu_advisor.engine.cost.checks`: spot without checkpointing; data
that must stay in the city or the country (choose local data centres and
vendors; check the cross-border rules); prices that imply an implausible
card-hour price; add-ons larger than the compute bill (article 000); owned
hardware outliving its life inside the horizon; demand overflowing the owned
cards; a multi-node job on spot.

The result is a :class:`Choice`: the option and its mix plan, and the
reasons and warnings as :mod:`gpu_advisor.engine.cost.findings`, in the
order the plan shows them. :mod:`gpu_advisor.engine.cost.wording` turns them
into advice (catalog codes and values).

References
----------
idctop.com articles 000-003 (2026). PRC Personal Information Protection Law
(2021) ch. III and Data Security Law (2021) art. 31 on outbound data; CAC
Provisions on Promoting and Regulating Cross-Border Data Flows (2024).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from operator import attrgetter

from gpu_advisor.engine.cost import findings as f
from gpu_advisor.engine.cost.checks import (
    checkpoint_warnings,
    cost_warnings,
    price_book_findings,
    quote_findings,
    residency_warnings,
    spot_job_finding,
)
from gpu_advisor.engine.cost.feasibility import (
    JOB_CODES,
    JOB_INPUTS,
    RESIDENCY_OWN_HARDWARE,
)
from gpu_advisor.engine.cost.mix import MixPolicy
from gpu_advisor.engine.cost.price import OWNED_OPTIONS, RENT_OPTIONS
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.cost_results import (
    BreakEven,
    HybridResult,
    MixDetail,
    OptionResult,
    SpotJob,
)
from gpu_advisor.model.project import Budget, DataResidency, OptionId, Project

SHORT_WORK_MONTHS = 6
"""Article 003: when a job lasts less than about six months, renting wins."""
STABLE_UTILIZATION = 0.7
"""Owned utilisation regarded as 'stable full load' (article 003: 长期满载)."""
STABLE_PEAK_TO_MEAN = 1.3
"""Largest peak / mean of the monthly demand still regarded as stable."""
PEAKY_PEAK_TO_MEAN = 1.5
"""Peak / mean above which demand is called peaky (article 001: 波峰波谷)."""
MIX_MIN_SAVING = 0.05
"""The mix must save at least 5 % over the best pure renting option: a second
contract (reserved plus burst) is only worth managing for a clear saving."""

_DEMAND_INPUTS = ("demand.months", "meta.horizon_months")


@dataclass(frozen=True, slots=True)
class Choice:
    """The recommended option, its reasons and warnings, before wording."""

    option: OptionResult | None
    """None when no option is feasible (the reasons name the constraint)."""
    mix_detail: MixDetail | None
    """The mix plan when the mix is chosen."""
    reasons: tuple[f.Finding, ...]
    warnings: tuple[f.Finding, ...]
    cheapest_rental: OptionResult | None
    """The cheapest feasible rental, which owning was weighed against."""


@dataclass(frozen=True, slots=True)
class _Field:
    """The options sorted into the kinds the rules compare."""

    by_id: dict[OptionId, OptionResult]
    owned_pure: list[OptionResult]
    """Colocation and self-build, cheapest first."""
    owned: list[OptionResult]
    """Every owning-type option (the hybrid when it owns cards), cheapest first."""
    best_pure: OptionResult | None
    """The cheapest feasible single way of renting."""
    rent_choice: OptionResult | None
    """The way of renting the rules prefer."""
    cheapest_rent: OptionResult | None
    """The cheapest feasible rental, the mix included."""


def demand_shape(demand: list[float]) -> tuple[int, float]:
    """Months from the first to the last month with demand, and peak / mean.

    Examples
    --------
    >>> demand_shape([0, 100, 300, 0, 200, 0])
    (4, 1.5)
    """
    active = [i for i, h in enumerate(demand) if h > 0]
    if not active:
        return 0, 0.0
    span = active[-1] - active[0] + 1
    busy = [demand[i] for i in active]
    mean = sum(busy) / len(busy)
    return span, max(busy) / mean if mean > 0 else 0.0


def price_inputs(option: OptionId) -> list[str]:
    """The project fields that price ``option``."""
    if option in (OptionId.COLOCATION, OptionId.SELF_BUILD, OptionId.HYBRID):
        return [
            "budget.gpu_price_cny",
            "budget.server_cny_per_server",
            "budget.hardware_life_years",
            "budget.electricity_cny_per_kwh",
            "budget.pue",
        ]
    if option is OptionId.ON_DEMAND:
        return ["budget.on_demand_cny_per_gpu_hour", "budget.billing_granularity_hours"]
    if option is OptionId.SPOT:
        return [
            "budget.on_demand_cny_per_gpu_hour",
            "budget.spot_price_factor",
            "budget.spot_interruptions_per_100_hours",
        ]
    if option is OptionId.YEARLY:
        return ["budget.monthly_cny_per_gpu_month", "budget.yearly_price_factor"]
    if option is OptionId.MONTHLY:
        return ["budget.monthly_cny_per_gpu_month"]
    return [
        "budget.monthly_cny_per_gpu_month",
        "budget.yearly_price_factor",
        "budget.on_demand_cny_per_gpu_hour",
    ]


def mix_detail(policy: MixPolicy | None, mix: OptionResult | None) -> MixDetail | None:
    """Describe a mix plan for the result."""
    if policy is None or mix is None:
        return None
    reserved_hours = sum(policy.baseline_gpus) * HOURS_PER_MONTH
    return MixDetail(
        baseline_kind=policy.baseline_kind,
        baseline_gpus=list(policy.baseline_gpus),
        burst_kind=policy.burst_kind,
        burst_gpu_hours=round(
            max(mix.useful_gpu_hours - min(reserved_hours, mix.useful_gpu_hours), 0.0),
            3,
        ),
        reserved_gpu_hours=round(reserved_hours, 3),
    )


def owned_kind(option: OptionResult, hybrid: HybridResult | None) -> OptionId:
    """Colocation or self-build: how an owning-type option holds its cards."""
    if option.id is OptionId.HYBRID and hybrid is not None and hybrid.owned_option:
        return hybrid.owned_option
    return option.id


def owned_utilization(option: OptionResult, hybrid: HybridResult | None) -> float:
    """Utilisation of the cards an owning-type option buys."""
    if option.id is OptionId.HYBRID and hybrid is not None:
        return hybrid.owned_utilization
    return option.utilization or 0.0  # None only for the hosted API, never owned


def _sort_options(options: list[OptionResult]) -> _Field:
    """Sort the options into owned and rented, and pick the preferred rental.

    The hybrid owns cards: it is an owning-type option (never a rental to
    beat, and recommended only on owning's conditions); owning no card, it
    is the mix under another name and is not a choice of its own. An option
    with ``at_risk_cny`` (spot that would not stay cheapest at the high reclaim
    values) is shown but is no rental the rules choose or weigh owning against.
    """
    by_id = {o.id: o for o in options}
    # one pass: the feasible rentals (and those without the mix), the owned
    renting: list[OptionResult] = []
    pure: list[OptionResult] = []
    owned_pure: list[OptionResult] = []
    for o in options:
        if o.id in RENT_OPTIONS:
            if o.feasible and o.at_risk_cny is None:
                renting.append(o)
                if o.id is not OptionId.MIX:
                    pure.append(o)
        elif o.id in OWNED_OPTIONS:
            owned_pure.append(o)
    owned_pure.sort(key=_total)
    hybrid_opt = by_id.get(OptionId.HYBRID)
    owned = [*owned_pure]
    if hybrid_opt and hybrid_opt.gpus > 0 and hybrid_opt.same_as is None:
        # a stable sort: the hybrid after the owned options it ties with
        owned = sorted([*owned_pure, hybrid_opt], key=_total)
    best_pure = min(pure, key=_total) if pure else None
    rent_choice: OptionResult | None = None
    mix = by_id.get(OptionId.MIX)
    if mix is not None and mix.at_risk_cny is not None:
        mix = None  # on spot with nothing safer to plan it with: a risk, no choice
    if best_pure is not None:
        rent_choice = best_pure
        if (
            mix is not None
            and mix.feasible
            and mix.total_cny < best_pure.total_cny * (1 - MIX_MIN_SAVING)
        ):
            rent_choice = mix
    elif mix is not None and mix.feasible:
        rent_choice = mix
    # owning is compared with the cheapest feasible rental for the same demand;
    # the 5 % threshold only decides between ways of renting
    cheapest_rent = min(renting, key=_total) if renting else None
    if (
        owned
        and cheapest_rent is not None
        and rent_choice is not None
        and owned[0].total_cny < rent_choice.total_cny
    ):
        # a simpler rental may not be recommended when owning would undercut it
        rent_choice = cheapest_rent
    return _Field(by_id, owned_pure, owned, best_pure, rent_choice, cheapest_rent)


_total = attrgetter("total_cny")
"""An option's total, the key the rules sort and compare by."""


def _missing_for_owning(budget: Budget, kind: OptionId) -> list[str]:
    """The budget-step conditions for buying that are not met."""
    return [
        name
        for name, ok in (
            ("budget.has_ops_staff", budget.has_ops_staff),
            ("budget.has_spare_cash", budget.has_spare_cash),
            (
                "budget.has_machine_room",
                budget.has_machine_room or kind is OptionId.COLOCATION,
            ),
        )
        if not ok
    ]


def _own_or_blocked(
    budget: Budget,
    field: _Field,
    hybrid: HybridResult | None,
    span: int,
    peak_to_mean: float,
) -> tuple[OptionResult | None, f.OwnBlocked | None]:
    """The cheapest owned option that meets every condition of rule 1, or why
    the cheapest owned option that undercuts renting may not be bought."""
    cheapest_rent = field.cheapest_rent
    short = span < SHORT_WORK_MONTHS
    for own in field.owned:
        cheaper = cheapest_rent is None or own.total_cny < cheapest_rent.total_cny
        util = owned_utilization(own, hybrid)
        # the hybrid rents the peaks: only its owned cards need a full load
        stable = util >= STABLE_UTILIZATION and (
            own.id is OptionId.HYBRID or peak_to_mean <= STABLE_PEAK_TO_MEAN
        )
        missing = _missing_for_owning(budget, owned_kind(own, hybrid))
        if cheaper and stable and not short and not missing:
            return own, None
        if cheaper and cheapest_rent is not None:
            return None, f.OwnBlocked(
                option=own.id,
                saving_cny=cheapest_rent.total_cny - own.total_cny,
                cheapest_rent=cheapest_rent.id,
                span_months=span,
                short=short,
                stable=stable,
                utilization=util,
                peak_to_mean=peak_to_mean,
                missing=tuple(missing),
                inputs=(*_DEMAND_INPUTS, *missing, *price_inputs(own.id)),
            )
    return None, None


def _own_reasons(
    chosen: OptionResult, field: _Field, hybrid: HybridResult | None, months: int
) -> list[f.Finding]:
    """Why an owned option is chosen, and that its conditions hold."""
    rent = field.cheapest_rent
    rent_total = rent.total_cny if rent else 0.0
    return [
        f.Own(
            option=chosen.id,
            total_cny=chosen.total_cny,
            months=months,
            saving_cny=rent_total - chosen.total_cny,
            cheapest_rent=rent.id if rent else None,
            utilization=owned_utilization(chosen, hybrid),
            gpus=chosen.gpus,
            hybrid=chosen.id is OptionId.HYBRID,
            inputs=(*_DEMAND_INPUTS, *price_inputs(chosen.id)),
        ),
        f.OwnConditions(
            self_build=owned_kind(chosen, hybrid) is OptionId.SELF_BUILD,
            inputs=(
                "budget.has_ops_staff",
                "budget.has_spare_cash",
                "budget.has_machine_room",
                "demand.months",
            ),
        ),
    ]


def _rent_reasons(
    chosen: OptionResult, months: int, span: int, cheapest: OptionResult | None
) -> list[f.Finding]:
    """Why a rental is chosen: the cheapest way to rent (or, when the mix costs
    a little less, the simpler contract with the threshold it missed), and
    the short work."""
    inputs = (*_DEMAND_INPUTS, *price_inputs(chosen.id))
    per = chosen.cost_per_useful_gpu_hour_cny
    first: f.Finding = f.Rent(
        option=chosen.id,
        total_cny=chosen.total_cny,
        months=months,
        per_useful_gpu_hour_cny=per,
        inputs=inputs,
    )
    if (
        cheapest is not None
        and cheapest.id != chosen.id
        and cheapest.total_cny < chosen.total_cny - 0.005
    ):  # the sentence must be true of every option shown
        saving = chosen.total_cny - cheapest.total_cny
        first = f.RentSimpler(
            option=chosen.id,
            total_cny=chosen.total_cny,
            months=months,
            per_useful_gpu_hour_cny=per,
            cheaper=cheapest.id,
            saving_cny=saving,
            saving_share=saving / chosen.total_cny if chosen.total_cny else 0.0,
            threshold=MIX_MIN_SAVING,
            inputs=inputs,
        )
    out: list[f.Finding] = [first]
    if span < SHORT_WORK_MONTHS:
        out.append(f.ShortWork(span_months=span, inputs=_DEMAND_INPUTS))
    return out


def _shape_reason(
    chosen: OptionResult,
    field: _Field,
    policy: MixPolicy | None,
    peak_to_mean: float,
) -> list[f.Finding]:
    """The mix's plan when the mix is chosen, else peaky demand if it is."""
    if chosen.id is OptionId.MIX and policy is not None:
        best = field.best_pure.total_cny if field.best_pure else chosen.total_cny
        return [
            f.Mix(
                peaky=peak_to_mean >= PEAKY_PEAK_TO_MEAN,
                peak_to_mean=peak_to_mean,
                baseline_gpus=max(policy.baseline_gpus, default=0),
                baseline_kind=policy.baseline_kind,
                burst_kind=policy.burst_kind,
                saving_cny=best - chosen.total_cny,
                inputs=(
                    "demand.months",
                    "budget.monthly_cny_per_gpu_month",
                    "budget.yearly_price_factor",
                    "budget.on_demand_cny_per_gpu_hour",
                ),
            )
        ]
    if peak_to_mean >= PEAKY_PEAK_TO_MEAN:
        return [f.Peaky(peak_to_mean=peak_to_mean, inputs=("demand.months",))]
    return []


def _own_dearer(
    chosen: OptionResult, field: _Field, break_even: BreakEven
) -> f.OwnDearer:
    """What the cheaper owned option would cost over the rental."""
    own = field.owned_pure[0]
    ref = field.cheapest_rent or chosen
    return f.OwnDearer(
        option=own.id,
        total_cny=own.total_cny,
        extra_cny=own.total_cny - ref.total_cny,
        compared_with=ref.id,
        utilization=own.utilization or 0.0,  # owned: never None
        gpus=own.gpus,
        break_even_utilization=break_even.utilization,
        break_even_rent=break_even.rent_option_at_break_even or OptionId.ON_DEMAND,
        inputs=(*_DEMAND_INPUTS, *price_inputs(own.id)),
    )


def _own_for_residency(
    project: Project,
    options: list[OptionResult],
    owned: list[OptionResult],
    hybrid: HybridResult | None,
    months: int,
) -> tuple[OptionResult | None, list[f.Finding], list[f.Finding]]:
    """The cheapest owned option when the data must stay on the company's hardware.

    Chosen for data residency, not cost: the first reason says so and what it
    costs over the cheapest rental excluded only by that rule
    (:func:`gpu_advisor.engine.cost.feasibility.comparable_rental`). Self-building
    needs a machine room; missing staff or cash are named as work to do, not
    as a reason to rent (renting is not allowed).

    Returns
    -------
    tuple
        The chosen option (None when no owned option is priced), its
        reasons and its warnings.
    """
    b = project.budget
    feasible = [o for o in owned if o.feasible]
    buildable = [
        o
        for o in feasible
        if b.has_machine_room or owned_kind(o, hybrid) is not OptionId.SELF_BUILD
    ]
    pool = buildable or feasible or owned
    if not pool:
        warning = f.ResidencyNoOwnedOption(
            inputs=("budget.data_residency", "budget.options")
        )
        return None, [], [warning]
    chosen = min(pool, key=lambda o: o.total_cny)
    reasons: list[f.Finding] = [_residency_reason(chosen, options, hybrid, months)]
    cheaper_room = [o for o in feasible if o not in buildable]
    if cheaper_room and min(o.total_cny for o in cheaper_room) < chosen.total_cny:
        room = min(cheaper_room, key=lambda o: o.total_cny)
        reasons.append(
            f.ResidencyNeedsRoom(
                option=room.id,
                saving_cny=chosen.total_cny - room.total_cny,
                inputs=("budget.has_machine_room", *price_inputs(room.id)),
            )
        )
    missing = [
        name
        for name, ok in (
            ("budget.has_ops_staff", b.has_ops_staff),
            ("budget.has_spare_cash", b.has_spare_cash),
        )
        if not ok
    ]
    warnings: list[f.Finding] = []
    if missing:
        warnings.append(
            f.ResidencyOwningNeeds(
                missing=tuple(missing), inputs=(*missing, "budget.data_residency")
            )
        )
    return chosen, reasons, warnings


def _residency_reason(
    chosen: OptionResult,
    options: list[OptionResult],
    hybrid: HybridResult | None,
    months: int,
) -> f.OwnForResidency:
    """The owned option chosen for residency against the cheapest rental that
    the rule alone excludes."""
    rentals = [
        o
        for o in options
        if o.id in RENT_OPTIONS
        and (o.feasible or o.infeasible_code == RESIDENCY_OWN_HARDWARE)
        and o.at_risk_cny is None  # spot the plan would not rely on anyway
    ]
    rent = min(rentals, key=lambda o: o.total_cny) if rentals else None
    whole_hybrid = (
        chosen.id is OptionId.HYBRID and hybrid is not None and hybrid.owned_gpus > 0
    )
    return f.OwnForResidency(
        option=chosen.id,
        total_cny=chosen.total_cny,
        months=months,
        gpus=chosen.gpus,
        hybrid_kind=owned_kind(chosen, hybrid) if whole_hybrid else None,
        hybrid_gpus=hybrid.owned_gpus if whole_hybrid and hybrid else 0,
        rent=rent.id if rent else None,
        rent_total_cny=rent.total_cny if rent else 0.0,
        inputs=("budget.data_residency", "demand.months", *price_inputs(chosen.id)),
    )


def _decide(
    project: Project,
    options: list[OptionResult],
    field: _Field,
    demand: list[float],
    break_even: BreakEven,
    policy: MixPolicy | None,
    hybrid: HybridResult | None,
) -> tuple[OptionResult, list[f.Finding], list[f.Finding]]:
    """Rules 1 and 2 (or the residency rule): the option, the reasons for it
    and the warnings that come with the decision."""
    span, peak_to_mean = demand_shape(demand)
    months = len(demand)
    if project.budget.data_residency is DataResidency.OWN_HARDWARE:
        chosen, reasons, warnings = _own_for_residency(
            project, options, field.owned, hybrid, months
        )
        return (chosen if chosen is not None else options[0]), reasons, warnings
    if field.rent_choice is None:
        return _own_no_rental(project.budget, options, field, hybrid, months)
    own, blocked = _own_or_blocked(project.budget, field, hybrid, span, peak_to_mean)
    if own is not None:
        reasons = _own_reasons(own, field, hybrid, months)
        return own, reasons, [f.ValidateFirst(inputs=("demand.months",))]
    chosen = field.rent_choice
    reasons = _rent_reasons(chosen, months, span, field.cheapest_rent)
    if blocked is not None:
        reasons.append(blocked)
    reasons += _shape_reason(chosen, field, policy, peak_to_mean)
    if field.owned_pure and blocked is None:
        reasons.append(_own_dearer(chosen, field, break_even))
    return chosen, reasons, []


def _own_no_rental(
    budget: Budget,
    options: list[OptionResult],
    field: _Field,
    hybrid: HybridResult | None,
    months: int,
) -> tuple[OptionResult, list[f.Finding], list[f.Finding]]:
    """No rental selected can run the work as priced without risk: the
    cheapest owned option, with that as its reason and the conditions for
    buying it still lacks as a warning."""
    if not field.owned:
        return options[0], [], []
    chosen = field.owned[0]
    if not chosen.feasible:
        return chosen, [], []
    reason = f.OwnNoRental(
        option=chosen.id,
        total_cny=chosen.total_cny,
        months=months,
        gpus=chosen.gpus,
        inputs=("budget.options", *_DEMAND_INPUTS, *price_inputs(chosen.id)),
    )
    missing = _missing_for_owning(budget, owned_kind(chosen, hybrid))
    warnings: list[f.Finding] = (
        [f.OwningNeeds(missing=tuple(missing), inputs=(*missing, "budget.options"))]
        if missing
        else []
    )
    return chosen, [reason], warnings


def _context_reasons(
    project: Project,
    chosen: OptionResult,
    field: _Field,
    demand: list[float],
    break_even: BreakEven,
    values: Mapping[str, float] | None,
    hybrid: HybridResult | None,
    serving_peak_gpus: int = 0,
) -> list[f.Finding]:
    """Reasons that state figures beside the decision: the six-month rule, a
    cheaper hybrid, the commitment discount and how many cards are bought."""
    out: list[f.Finding] = []
    rule = break_even.rule_six_months
    if rule is not None:
        out.append(
            f.SixMonthRuleCheck(
                rule=rule,
                inputs=(
                    "demand.months",
                    "budget.monthly_cny_per_gpu_month",
                    "budget.gpu_price_cny",
                    "budget.hardware_life_years",
                    "budget.electricity_cny_per_kwh",
                ),
            )
        )
    residency_own = project.budget.data_residency is DataResidency.OWN_HARDWARE
    if (
        hybrid is not None
        and hybrid.owned_option is not None
        and not residency_own  # renting the rest is not allowed
        and chosen.id is not OptionId.HYBRID
        and hybrid.owned_gpus > 0
        and hybrid.total_cny < chosen.total_cny - 0.5
    ):
        out.append(
            f.HybridCheaper(
                owned_gpus=hybrid.owned_gpus,
                owned_option=hybrid.owned_option,
                total_cny=hybrid.total_cny,
                chosen=chosen.id,
                saving_cny=chosen.total_cny - hybrid.total_cny,
                inputs=(
                    *_DEMAND_INPUTS,
                    "budget.owned_gpus",
                    *price_inputs(hybrid.owned_option),
                ),
            )
        )
    out += _commitment_basis(field, values)
    if hybrid is not None and OptionId.HYBRID in field.by_id:
        out.append(
            f.HybridCards(
                hybrid=hybrid,
                inputs=(
                    "demand.months",
                    *price_inputs(hybrid.owned_option or OptionId.MIX),
                ),
            )
        )
    if field.owned_pure:
        out.append(
            _owned_cards(field.owned_pure[0], project.budget, demand, serving_peak_gpus)
        )
    return out


def _commitment_basis(
    field: _Field, values: Mapping[str, float] | None
) -> list[f.Finding]:
    """The yearly price against its list prices, when yearly is priced or the
    mix may use it (no pure rental selected: the mix combines every kind)."""
    mix_may = OptionId.MIX in field.by_id and not any(
        o in field.by_id for o in RENT_OPTIONS if o is not OptionId.MIX
    )
    if values is None or not (OptionId.YEARLY in field.by_id or mix_may):
        return []
    yf = values.get("yearly_price_factor")
    monthly = values.get("monthly_cny_per_gpu_month")
    od = values.get("on_demand_cny_per_gpu_hour")
    if yf is None or not monthly or not od:
        return []
    return [
        f.CommitmentBasis(
            yearly_factor=yf,
            monthly_cny_per_gpu_month=monthly,
            on_demand_cny_per_gpu_hour=od,
            share_of_on_demand=yf * monthly / (od * HOURS_PER_MONTH),
            inputs=(
                "budget.yearly_price_factor",
                "budget.monthly_cny_per_gpu_month",
                "budget.on_demand_cny_per_gpu_hour",
            ),
        )
    ]


def _owned_cards(
    own: OptionResult, budget: Budget, demand: list[float], serving_peak_gpus: int = 0
) -> f.OwnedCards:
    """How many cards the owned options buy: typed in, the peak month's, the
    job's whole servers, or the busiest serving hour's (``serving_peak_gpus``)."""
    # the first busiest month (``max`` keeps the first of equal values)
    peak_i = demand.index(max(demand)) if demand else 0
    peak = demand[peak_i] if demand else 0.0
    # more cards than the peak's GPU-hours fill: the job's whole servers set it
    for_job = own.gpus > math.ceil(peak / HOURS_PER_MONTH - 1e-9)
    return f.OwnedCards(
        cards=own.gpus,
        entered=budget.owned_gpus is not None,
        peak_month=peak_i + 1,
        peak_gpu_hours=peak,
        job_gpus=own.gpus if for_job else 0,
        serving=for_job and own.gpus == serving_peak_gpus,
        inputs=("budget.owned_gpus", "demand.months", "workload.gpus"),
    )


def _spot_at_risk(
    chosen: OptionResult,
    fragile: Mapping[OptionId, tuple[float, float]],
    spot: SpotJob | None,
    high: tuple[float, float],
) -> list[f.Finding]:
    """The cheapest plan on spot that was set aside for its risk, when it
    would have cost less than the choice at typical values."""
    cheaper = {o: v for o, v in fragile.items() if v[0] < chosen.total_cny}
    if not cheaper or spot is None:
        return []
    option = min(cheaper, key=lambda o: cheaper[o][0])
    total, stressed = cheaper[option]
    return [
        f.SpotAtRisk(
            option=option,
            total_cny=total,
            saving_cny=chosen.total_cny - total,
            chosen=chosen.id,
            stressed_cny=stressed,
            job_gpus=spot.job_gpus,
            instances=spot.instances,
            reclaims_per_100_hours=high[0],
            lost_hours=high[1],
            inputs=(
                "budget.spot_interruptions_per_100_hours",
                "budget.restart_hours",
                "budget.spot_capacity_share",
                "budget.spot_wait_hours",
            ),
        )
    ]


def _nothing_feasible(
    project: Project,
    catalog: Catalog,
    options: list[OptionResult],
    decided: list[f.Finding],
    gpu_id: str,
) -> Choice:
    """No option is feasible: no recommendation, and the constraint that keeps
    out the cheapest option, with its reason, as the one to relax."""
    # the cheapest option each constraint keeps out, cheapest first
    nearest: dict[str, OptionResult] = {}
    for o in sorted(options, key=_total):
        nearest.setdefault(o.infeasible_code or o.id.value, o)
    job = next(
        (o.reason for o in options if o.infeasible_code in JOB_CODES and o.reason),
        None,
    )
    reasons: list[f.Finding] = (
        # the job cannot run on the card: one constraint keeps every option out
        [f.NoneCanRun(why=job, inputs=JOB_INPUTS)]
        if job is not None
        else [
            f.NoneFeasible(inputs=("budget.options",)),
            *(
                f.KeptOut(
                    option=o.id,
                    total_cny=o.total_cny,
                    why=o.reason,
                    inputs=(
                        "budget.options",
                        "budget.data_residency",
                        "budget.owned_gpus",
                    ),
                )
                for o in list(nearest.values())[:3]
            ),
        ]
    )
    warnings = [
        *decided,
        *checkpoint_warnings(project.budget),
        *residency_warnings(project, catalog),
        *quote_findings(project, catalog, gpu_id),
    ]
    return Choice(
        option=None,
        mix_detail=None,
        reasons=tuple(reasons),
        warnings=tuple(warnings),
        cheapest_rental=None,
    )


def choose_option(
    project: Project,
    catalog: Catalog,
    options: list[OptionResult],
    demand: list[float],
    break_even: BreakEven,
    policy: MixPolicy | None,
    gpu_id: str,
    life_years: float,
    values: Mapping[str, float] | None = None,
    hybrid: HybridResult | None = None,
    *,
    spot: SpotJob | None = None,
    spot_months: Mapping[OptionId, int] | None = None,
    spot_fragile: Mapping[OptionId, tuple[float, float]] | None = None,
    spot_high: tuple[float, float] = (0.0, 0.0),
    serving_peak_gpus: int = 0,
) -> Choice:
    """Pick an option, with its reasons and warnings as data (see the module
    docstring for the rules).

    ``spot_fragile``: the options on spot that would not stay cheapest at the
    price book's high reclaim values, with their totals at typical and high
    values (:func:`gpu_advisor.engine.cost.prepare.fragile_spot`). Spot among
    them is never chosen; when one of them undercuts the choice at typical
    values, a reason names the saving and its risk at ``spot_high`` (reclaims
    per 100 server-hours, hours lost per reclaim).

    ``values`` (the resolved inputs) adds the price-book findings of
    :func:`price_book_findings` when owned options are priced. ``spot`` and
    ``spot_months`` (months each option runs hours on spot) add
    :func:`spot_job_finding` when the chosen option puts a multi-node job on
    spot.
    """
    b = project.budget
    fragile = dict(spot_fragile or {})
    field = _sort_options(options)
    chosen, reasons, decided = _decide(
        project, options, field, demand, break_even, policy, hybrid
    )
    if not chosen.feasible:  # nothing can run as priced: recommend nothing
        return _nothing_feasible(project, catalog, options, decided, gpu_id)
    reasons += _spot_at_risk(chosen, fragile, spot, spot_high)
    reasons += _context_reasons(
        project, chosen, field, demand, break_even, values, hybrid, serving_peak_gpus
    )
    warnings: list[f.Finding] = []
    months_on_spot = (spot_months or {}).get(chosen.id, 0)
    if spot is not None and months_on_spot > 0:
        job = spot_job_finding(spot, chosen.id, months_on_spot)
        if job is not None:
            warnings.append(job)
    warnings += decided
    warnings += checkpoint_warnings(b)
    warnings += residency_warnings(project, catalog)
    warnings += quote_findings(project, catalog, gpu_id)
    if field.owned and values is not None:
        warnings += price_book_findings(
            values, b.network_fraction_of_hardware is not None
        )
    warnings += cost_warnings(chosen, field.owned, field.owned_pure, demand, life_years)
    if not any(h > 0 for h in demand):
        warnings.append(
            f.NoDemand(inputs=("demand.months", "demand.derive_from_workload"))
        )
    detail = (
        mix_detail(policy, field.by_id.get(OptionId.MIX))
        if chosen.id is OptionId.MIX
        else None
    )
    return Choice(
        option=chosen,
        mix_detail=detail,
        reasons=tuple(reasons),
        warnings=tuple(warnings),
        cheapest_rental=field.cheapest_rent,
    )
