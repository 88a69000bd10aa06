"""One message per option saying what its total includes.

The budget step and the PDF word it as it is (``cost.includes.*`` in the
catalogs), so a finance reader sees the same scope for every figure wherever
it is shown. Optional clauses (on-demand overflow, replacement cards, add-ons)
appear only when the option's breakdown has that line.
"""

from __future__ import annotations

from gpu_advisor.engine.cost.wording import NOTHING, joined, part
from gpu_advisor.model.common import Message
from gpu_advisor.model.cost_results import HybridResult, OptionResult, SpotJob
from gpu_advisor.model.project import OptionId


def _has(option: OptionResult, key: str) -> bool:
    return option.breakdown.get(key, 0.0) >= 0.5


def _addons(option: OptionResult) -> Message:
    if any(
        cny >= 0.5 and key.startswith("add_ons")
        for key, cny in option.breakdown.items()
    ):
        return part("cost.includes.addons")
    return NOTHING


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
) -> Message:
    """What ``option``'s total includes (``cost.includes.*``).

    ``spot`` (:func:`gpu_advisor.engine.cost.price.spot_job`) states the reclaim
    convention in the spot option's and the mix's sentences;
    ``billing_months`` how often the yearly commitment is billed in advance.

    Examples
    --------
    >>> o = OptionResult(id=OptionId.MONTHLY, total_cny=0.0, monthly_cny=[],
    ...     cumulative_cny=[], npv_cny=0.0, gpus=4)
    >>> includes(o).params["scope"].code
    'cost.includes.monthly'
    """
    scope = _scope(option, hybrid, spot, billing_months)
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
) -> Message:
    """The first sentence: what the option's figure is made of."""
    oid = option.id
    if oid is OptionId.MIX:
        return _mix_scope(option, spot)
    if oid is OptionId.HYBRID:
        return _hybrid_scope(option, hybrid)
    if oid in (OptionId.COLOCATION, OptionId.SELF_BUILD):
        return part("cost.includes.owned_scope", owned=_owned(option, oid))
    if oid is OptionId.SPOT:
        return part("cost.includes.spot", job=_spot_job(spot), addons=_addons(option))
    if oid is OptionId.YEARLY:
        return part(
            "cost.includes.yearly",
            billing=part(f"cost.includes.billing.every_{billing_months}"),
            addons=_addons(option),
        )
    return part(f"cost.includes.{oid.value}", addons=_addons(option))


def _mix_scope(option: OptionResult, spot: SpotJob | None) -> Message:
    """The mix: a reserved baseline plus bursts (and what spot bursts re-run)."""
    spot_part = (
        part("cost.includes.mix_spot", job=_spot_job(spot))
        if _has(option, "interruption_overhead")
        else NOTHING
    )
    scope = part("cost.includes.mix", spot=spot_part, addons=_addons(option))
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
