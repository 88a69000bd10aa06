"""One message per option saying what its total includes.

The budget step and the PDF word it as it is (``cost.includes.*`` in the
catalogs), so a finance reader sees the same scope for every figure wherever
it is shown. Optional clauses (on-demand overflow, replacement cards, add-ons)
appear only when the option's breakdown has that line.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpu_advisor.engine.cost.wording import NOTHING, joined, part
from gpu_advisor.model.common import Message
from gpu_advisor.model.cost_results import HybridResult, OptionResult, SpotJob
from gpu_advisor.model.project import OptionId


@dataclass(frozen=True, slots=True)
class Conventions:
    """The owned-hardware conventions the totals rest on, as the plan resolved
    them (``cost_defaults`` with their sources, or the plan's own figures)."""

    life_years: float
    """Economic life of the fleet. [years]"""
    resale_share: float
    """Resale value at ``age_months``, a share of the purchase price. [1]"""
    age_months: float
    """The age the resale share is quoted at. [months]"""
    curve: str
    """The generation's resale curve (``resale_curves`` name); empty when the
    plan typed its own residual value."""
    maintenance_per_year: float
    """Maintenance, a share of the hardware and network price a year. [1]"""
    fte: float | None
    """The plan's own operations staff for the owned fleet. [FTE]"""
    fte_per_100: float
    """Owned fleet's staff per 100 cards when the plan gives none. [FTE]"""
    cloud_fte_per_100: float
    """Staff per 100 rented cards. [FTE]"""
    tax_life_years: float
    """Life of the book (tax) depreciation. [years]"""
    tax_residual: float
    """Its residual, a share of the price. [1]"""


def _has(option: OptionResult, key: str) -> bool:
    return option.breakdown.get(key, 0.0) >= 0.5


def _addons(option: OptionResult, conv: Conventions | None = None) -> Message:
    """The add-ons clause, and the rented cards' staff when charged."""
    staff = (
        part("cost.includes.rental_staff", fte=conv.cloud_fte_per_100)
        if conv is not None and _has(option, "staff")
        else NOTHING
    )
    if any(
        cny >= 0.5 and key.startswith("add_ons")
        for key, cny in option.breakdown.items()
    ):
        return part(
            "cost.includes.addons_and", addons=part("cost.includes.addons"), staff=staff
        )
    return staff


def _owned(option: OptionResult, kind: OptionId) -> Message:
    """What an owned fleet's figure includes (colocation or self-build)."""
    return part(
        "cost.includes.owned",
        cards=option.gpus,
        kind="self_build" if kind is OptionId.SELF_BUILD else "colocation",
        replacement=part("cost.includes.replacement")
        if _has(option, "replacement")
        else NOTHING,
        overflow=part("cost.includes.overflow")
        if _has(option, "overflow_rental")
        else NOTHING,
    )


def conventions_message(option: OptionResult, conv: Conventions | None) -> Message:
    """The owned option's conventions in words: life, resale (curve and age, or
    the typed residual), maintenance, staff, and the book value beside the
    resale value (``cost.includes.conventions``); nothing for a rental.

    >>> c = Conventions(5.0, 0.22, 36.0, "ampere", 0.02, None, 1.0, 0.25, 3.0, 0.05)
    >>> o = OptionResult(id=OptionId.SELF_BUILD, total_cny=0.0, monthly_cny=[],
    ...     cumulative_cny=[], npv_cny=0.0, gpus=64, residual_value_cny=1.7e6,
    ...     book_value_cny=4e5)
    >>> m = conventions_message(o, c)
    >>> m.code, m.params["resale"].code, m.params["staff"].params["fte"]
    ('cost.includes.conventions', 'cost.includes.resale_curve', 0.64)
    """
    if conv is None or option.id not in (OptionId.COLOCATION, OptionId.SELF_BUILD):
        return NOTHING
    resale = (
        part(
            "cost.includes.resale_curve",
            curve=conv.curve,
            pct=conv.resale_share * 100,
            age=conv.age_months,
        )
        if conv.curve
        else part("cost.includes.resale_typed", pct=conv.resale_share * 100)
    )
    fte = conv.fte if conv.fte is not None else conv.fte_per_100 * option.gpus / 100
    staff = part(
        "cost.includes.staff_own"
        if conv.fte is not None
        else "cost.includes.staff_scaled",
        fte=round(fte, 4),
        per_100=conv.fte_per_100,
    )
    book = (
        NOTHING
        if option.book_value_cny is None
        else part(
            "cost.includes.book_value",
            book_cny=option.book_value_cny,
            resale_cny=option.residual_value_cny,
            years=conv.tax_life_years,
            residual_pct=conv.tax_residual * 100,
        )
    )
    return part(
        "cost.includes.conventions",
        life=conv.life_years,
        resale=resale,
        maintenance_pct=conv.maintenance_per_year * 100,
        staff=staff,
        book=book,
    )


def _upfront(option: OptionResult) -> Message:
    """Second sentence: what the up-front cash (month 1) is made of.

    >>> o = OptionResult(id=OptionId.MONTHLY, total_cny=96_384.0, monthly_cny=[],
    ...     cumulative_cny=[], npv_cny=96_384.0, upfront_cny=97_248.0,
    ...     deposit_cny=42_924.0)
    >>> [p.code for p in _upfront(o).params["parts"].params.values()]
    ['cost.upfront.deposit', 'cost.upfront.running']

    Owned hardware whose purchase a loan pays: month 1's cash is the rest.

    >>> own = OptionResult(id=OptionId.SELF_BUILD, total_cny=9e6, monthly_cny=[],
    ...     cumulative_cny=[], npv_cny=8e6, upfront_cny=120_000.0,
    ...     capex_cny=9e6, loan_cny=9e6)
    >>> m = _upfront(own).params["parts"]
    >>> m.params["first"].code, m.params["rest"].params["cny"]
    ('cost.financing.purchases_less_loan', 120000.0)
    """
    up = option.upfront_cny
    if up is None:
        return NOTHING
    capex, deposit, loan = option.capex_cny, option.deposit_cny, option.loan_cny
    what = "running" if capex >= 0.5 else "bill"
    parts: list[Message] = []
    if capex >= 0.5 and loan >= 0.5:
        parts.append(
            part("cost.financing.purchases_less_loan", cny=capex, loan_cny=loan)
        )
    elif capex >= 0.5:
        parts.append(part("cost.upfront.purchases", cny=capex))
    if deposit >= 0.5:
        parts.append(part("cost.upfront.deposit", cny=deposit))
    why: Message = NOTHING
    if up > option.total_cny + 0.5:
        reasons: list[Message] = []
        if capex >= 0.5:
            reasons.append(part("cost.upfront.resale", cny=option.residual_value_cny))
        if deposit >= 0.5:
            reasons.append(part("cost.upfront.deposit_back"))
        why = part(
            "cost.upfront.exceeds", reasons=joined(reasons, "cost_part.and_join")
        )
    if not parts:  # nothing but the first month's bill
        return part("cost.upfront.single", upfront=up, what=what, why=why)
    running = up - capex + loan - deposit
    parts.append(part("cost.upfront.running", what=what, cny=running))
    return part(
        "cost.upfront.sum",
        upfront=up,
        parts=joined(parts, "cost_part.plus_join"),
        why=why,
    )


def _spot_job(spot: SpotJob | None) -> Message:
    """The reclaim convention: per instance, the whole job stops.

    >>> job = SpotJob(job_gpus=64, gpus_per_instance=8, instances=8,
    ...     reclaims_per_instance_hour=0.02, job_stops_per_hour=0.16,
    ...     lost_hours_per_reclaim=0.75, overhead_fraction=0.12)
    >>> _spot_job(job).params["more_pct"]
    12.0
    """
    if spot is None:
        return part("cost.includes.spot_job.unknown")
    n = spot.job_gpus
    if spot.instances > 1:
        where = part(
            "cost.includes.spot_job.multi",
            job_gpus=n,
            instances=spot.instances,
            per_server=spot.gpus_per_instance,
            stops=spot.job_stops_per_hour,
        )
    else:
        where = part(
            "cost.includes.spot_job.single", job_gpus=n, stops=spot.job_stops_per_hour
        )
    if spot.lost_hours_per_reclaim is None or spot.overhead_fraction is None:
        return part("cost.includes.spot_job.no_checkpoint", where=where)
    return part(
        "cost.includes.spot_job.lost",
        where=where,
        lost=spot.lost_hours_per_reclaim,
        cards=part(
            "cost.includes.spot_job." + ("one_card" if n == 1 else "all_cards"), n=n
        ),
        more_pct=spot.overhead_fraction * 100,
    )


def reason_clause(reason: Message) -> Message:
    """Why an option cannot be chosen, worded inside another sentence.

    >>> reason_clause(Message(code="cost.reason.spot_serving")).code
    'cost.reason_clause.spot_serving'
    """
    name = reason.code.removeprefix("cost.reason.")
    return Message(code=f"cost.reason_clause.{name}", params=reason.params)


def includes(
    option: OptionResult,
    hybrid: HybridResult | None = None,
    spot: SpotJob | None = None,
    billing_months: int = 12,
    conv: Conventions | None = None,
) -> Message:
    """What ``option``'s total includes (``cost.includes.*``).

    ``spot`` (:func:`gpu_advisor.engine.cost.price.spot_job`) states the reclaim
    convention in the spot option's and the mix's sentences;
    ``billing_months`` how often the yearly commitment is billed in advance;
    ``conv`` the owned-hardware conventions, stated after an owned option's
    scope, and the rented cards' staff in a rental's.

    Examples
    --------
    >>> o = OptionResult(id=OptionId.MONTHLY, total_cny=0.0, monthly_cny=[],
    ...     cumulative_cny=[], npv_cny=0.0, gpus=4)
    >>> includes(o).params["scope"].code
    'cost.includes.monthly'
    """
    scope = _scope(option, hybrid, spot, billing_months, conv)
    horizon = horizon_end(option)
    if not option.feasible and option.reason is not None:
        return part(
            "cost.includes.not_feasible",
            why=reason_clause(option.reason),
            scope=scope,
            horizon=horizon,
        )
    return part(
        "cost.includes.feasible",
        scope=scope,
        horizon=horizon,
        upfront=_upfront(option),
    )


def hosted_includes(option: OptionResult, scope: Message) -> Message:
    """What the hosted API's total includes: ``scope`` (the entry and its
    dated prices, :mod:`gpu_advisor.engine.cost.hosted_option`), after the
    reason when it cannot be chosen, as :func:`includes` words the others.

    >>> o = OptionResult(id=OptionId.HOSTED_API, total_cny=10.0, monthly_cny=[10.0],
    ...     cumulative_cny=[10.0], npv_cny=10.0, upfront_cny=10.0)
    >>> hosted_includes(o, part("cost.includes.hosted.scope")).code
    'cost.includes.feasible'
    """
    if not option.feasible and option.reason is not None:
        return part(
            "cost.includes.not_feasible",
            why=reason_clause(option.reason),
            scope=scope,
            horizon=NOTHING,
        )
    return part(
        "cost.includes.feasible", scope=scope, horizon=NOTHING, upfront=_upfront(option)
    )


def horizon_end(option: OptionResult) -> Message:
    """How the option serves the months after its fleet's life or its last
    whole year (``renewal.*``; nothing when there are none).

    >>> from gpu_advisor.model.cost_results import HorizonEnd
    >>> end = HorizonEnd(first_month=37, months=1, life_months=36, rented=True,
    ...     rental=OptionId.MONTHLY, rent_cny=415_248.0, renew_cny=2_811_000.0)
    >>> o = OptionResult(id=OptionId.SELF_BUILD, total_cny=0.0, monthly_cny=[],
    ...     cumulative_cny=[], npv_cny=0.0, horizon_end=end)
    >>> m = horizon_end(o)
    >>> m.code, m.params["span"].code, m.params["end_month"]
    ('renewal.owned_rented', 'renewal.span_one', 36)
    """
    end = option.horizon_end
    if end is None:
        return NOTHING
    if end.life_months is not None:
        code = "owned_rented" if end.rented else "owned_renewed"
    else:
        code = "yearly_rented" if end.rented else "yearly_committed"
    last = end.first_month + end.months - 1
    many = "many" if end.months > 1 else "one"
    return part(
        f"renewal.{code}",
        life=end.life_months or 0,
        end_month=end.first_month - 1,
        span=part(f"renewal.span_{many}", first=end.first_month, last=last),
        span_plain=part(f"renewal.span_plain_{many}", first=end.first_month, last=last),
        span_cap=part(f"renewal.span_cap_{many}", first=end.first_month, last=last),
        rental=end.rental.value,
        rent_cny=end.rent_cny,
        renew_cny=end.renew_cny,
    )


def _scope(
    option: OptionResult,
    hybrid: HybridResult | None,
    spot: SpotJob | None,
    billing_months: int = 12,
    conv: Conventions | None = None,
) -> Message:
    """The first sentence: what the option's figure is made of."""
    oid = option.id
    if oid is OptionId.MIX:
        return _mix_scope(option, spot, conv)
    if oid is OptionId.HYBRID:
        return _hybrid_scope(option, hybrid)
    if oid in (OptionId.COLOCATION, OptionId.SELF_BUILD):
        return part(
            "cost.includes.owned_scope",
            owned=_owned(option, oid),
            conventions=conventions_message(option, conv),
        )
    addons = _addons(option, conv)
    if oid is OptionId.SPOT:
        return part("cost.includes.spot", job=_spot_job(spot), addons=addons)
    if oid is OptionId.YEARLY:
        return part(
            "cost.includes.yearly",
            billing=part(f"cost.includes.billing.every_{billing_months}"),
            addons=addons,
        )
    return part(f"cost.includes.{oid.value}", addons=addons)


def _mix_scope(
    option: OptionResult, spot: SpotJob | None, conv: Conventions | None = None
) -> Message:
    """The mix: a reserved baseline plus bursts (and what spot bursts re-run)."""
    spot_part = (
        part("cost.includes.mix_spot", job=_spot_job(spot))
        if _has(option, "interruption_overhead")
        else NOTHING
    )
    scope = part("cost.includes.mix", spot=spot_part, addons=_addons(option, conv))
    if option.same_as is not None:
        return part("cost.includes.same_as", same=option.same_as.value, scope=scope)
    return scope


def _hybrid_scope(option: OptionResult, hybrid: HybridResult | None) -> Message:
    """The owned cards and the rented demand above them; owning none, the mix."""
    kind = hybrid.owned_option if hybrid is not None and hybrid.owned_gpus > 0 else None
    if kind is None or hybrid is None:
        return part(
            "cost.includes.hybrid_as_mix",
            mix=OptionId.MIX.value,
            addons=_addons(option),
        )
    owned = _owned(option, kind)
    if hybrid.rented_gpu_hours <= 0:
        return part("cost.includes.hybrid_covered", owned=owned)
    return part(
        "cost.includes.hybrid",
        owned=owned,
        kind=kind.value,
        gpus=hybrid.owned_gpus,
        rented_gpu_hours=hybrid.rented_gpu_hours,
        mix=OptionId.MIX.value,
        peak_gpus=hybrid.rented_peak_gpus,
    )
