"""The recommendation's findings as catalog codes and values.

:func:`advice` turns one :mod:`~gpu_advisor.engine.cost.findings` object into
an :class:`~gpu_advisor.model.common.Advice`: the finding's code, its severity,
the values its sentence needs and the fields it names. One function per
finding picks those values; the sentences are the entries of the same codes
in ``resources/words/<language>/cost.toml``. Where a sentence has a part that
is there or not (a clause, a variant), the part is a nested
:class:`~gpu_advisor.model.common.Message` (``recommend_part.*``;
``cost_part.nothing`` words nothing). Nothing here decides or computes beyond
a difference of two totals shown in a sentence. Also the hybrid's "why this
many cards" message.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import singledispatch

from gpu_advisor.engine.cost import findings as f
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH
from gpu_advisor.model.common import Advice, Message, Param
from gpu_advisor.model.project import IMPORTED_ROW, OptionId

Params = dict[str, Param]

NOTHING = Message(code="cost_part.nothing")
"""A part of a sentence that is not there (worded as nothing in every language)."""


def part(code: str, **params: Param) -> Message:
    """A nested part of a sentence: ``code`` with its values.

    >>> part("recommend_part.own.owned").code
    'recommend_part.own.owned'
    """
    return Message(code=code, params=params)


def joined(parts: Sequence[Message], code: str) -> Message:
    """``parts`` joined by the entry ``code`` (its fields ``first`` and ``rest``).

    >>> joined([part("a"), part("b"), part("c")], "j").params["rest"].code
    'j'
    >>> joined([], "j") == NOTHING
    True
    """
    if not parts:
        return NOTHING
    if len(parts) == 1:
        return parts[0]
    return part(code, first=parts[0], rest=joined(parts[1:], code))


def advice(finding: f.Finding) -> Advice:
    """The finding as an advice: its code, severity, values and inputs."""
    return Advice(
        code=finding.code,
        severity=finding.severity,
        params=values(finding),
        inputs=list(finding.inputs),
    )


@singledispatch
def values(finding: f.Finding) -> Params:
    """The values the sentence of one finding needs."""
    raise TypeError(f"no values for {type(finding).__name__}")


# --- reasons: the choice ---------------------------------------------------------


@values.register
def _own_for_residency(x: f.OwnForResidency) -> Params:
    held = (
        part(
            "recommend_part.own_for_residency.held",
            kind=x.hybrid_kind.value,
            gpus=x.hybrid_gpus,
        )
        if x.hybrid_kind is not None
        else NOTHING
    )
    if x.rent is None:
        tail = part("recommend_part.own_for_residency.no_rent")
    elif x.total_cny >= x.rent_total_cny:
        tail = part(
            "recommend_part.own_for_residency.dearer",
            rent=x.rent.value,
            gap_cny=x.total_cny - x.rent_total_cny,
        )
    else:
        tail = part(
            "recommend_part.own_for_residency.cheaper",
            rent=x.rent.value,
            gap_cny=x.rent_total_cny - x.total_cny,
        )
    return {
        "option": x.option.value,
        "held": held,
        "total_cny": x.total_cny,
        "months": x.months,
        "gpus": x.gpus,
        "tail": tail,
    }


@values.register
def _residency_needs_room(x: f.ResidencyNeedsRoom) -> Params:
    return {"option": x.option.value, "saving_cny": x.saving_cny}


@values.register
def _own_blocked(x: f.OwnBlocked) -> Params:
    blockers: list[Message] = []
    if x.short:
        blockers.append(part("recommend_part.own_blocked.short", months=x.span_months))
    if not x.stable:
        blockers.append(
            part(
                "recommend_part.own_blocked.unstable",
                utilization=x.utilization,
                peak_to_mean=x.peak_to_mean,
            )
        )
    if x.missing:
        blockers.append(
            part("recommend_part.own_blocked.missing", missing=list(x.missing))
        )
    return {
        "option": x.option.value,
        "saving_cny": x.saving_cny,
        "rent": x.cheapest_rent.value,
        "blockers": joined(blockers, "cost_part.semicolon_join"),
    }


@values.register
def _own(x: f.Own) -> Params:
    return {
        "option": x.option.value,
        "total_cny": x.total_cny,
        "months": x.months,
        "saving_cny": x.saving_cny,
        "compared": part("recommend_part.own.rent", rent=x.cheapest_rent.value)
        if x.cheapest_rent
        else part("recommend_part.own.renting"),
        "utilization": x.utilization,
        "gpus": x.gpus,
        "owned": part("recommend_part.own.owned") if x.hybrid else NOTHING,
    }


@values.register
def _own_conditions(x: f.OwnConditions) -> Params:
    return {
        "room": part("recommend_part.own_conditions.room") if x.self_build else NOTHING
    }


@values.register
def _short_work(x: f.ShortWork) -> Params:
    return {"months": x.span_months}


@values.register
def _rent_simpler(x: f.RentSimpler) -> Params:
    return {
        **_rent(
            f.Rent(
                option=x.option,
                total_cny=x.total_cny,
                months=x.months,
                per_useful_gpu_hour_cny=x.per_useful_gpu_hour_cny,
                inputs=x.inputs,
            )
        ),
        "cheaper": x.cheaper.value,
        "saving_cny": x.saving_cny,
        "share": x.saving_share,
        "threshold": x.threshold,
    }


@values.register
def _rent(x: f.Rent) -> Params:
    per = x.per_useful_gpu_hour_cny
    return {
        "option": x.option.value,
        "total_cny": x.total_cny,
        "months": x.months,
        "per": part("recommend_part.rent.per_hour", cny=per)
        if per is not None
        else part("recommend_part.rent.no_demand"),
    }


@values.register
def _mix(x: f.Mix) -> Params:
    return {
        "lead": part("recommend_part.mix.peaky", peak_to_mean=x.peak_to_mean)
        if x.peaky
        else part("recommend_part.mix.flat"),
        "baseline_gpus": x.baseline_gpus,
        "baseline": x.baseline_kind.value,
        "burst": x.burst_kind.value,
        "saving_cny": x.saving_cny,
    }


@values.register
def _peaky(x: f.Peaky) -> Params:
    return {"peak_to_mean": x.peak_to_mean}


@values.register
def _own_dearer(x: f.OwnDearer) -> Params:
    be = x.break_even_utilization
    return {
        "option": x.option.value,
        "total_cny": x.total_cny,
        "extra_cny": x.extra_cny,
        "compared": x.compared_with.value,
        "utilization": x.utilization,
        "gpus": x.gpus,
        "tail": part(
            "recommend_part.own_dearer.breaks_even",
            utilization=be,
            rent=x.break_even_rent.value,
        )
        if be is not None
        else part("recommend_part.own_dearer.never"),
    }


@values.register
def _six_month_rule(x: f.SixMonthRuleCheck) -> Params:
    rule = x.rule
    straight = rule.straight_line_depreciation_plus_electricity_cny
    return {
        "rent_cny": rule.monthly_rent_cny,
        "compare": part(
            "recommend_part.six_month_rule."
            + ("exceeds" if rule.rent_exceeds else "not_exceeds")
        ),
        "cost_cny": rule.depreciation_plus_electricity_cny,
        "plan_months": rule.plan_months,
        "required_months": rule.required_months,
        "verdict": part(
            "recommend_part.six_month_rule." + ("buy" if rule.holds else "rent")
        ),
        "straight": part("recommend_part.six_month_rule.straight", cny=straight)
        if straight is not None
        else NOTHING,
    }


@values.register
def _hybrid_cheaper(x: f.HybridCheaper) -> Params:
    return {
        "owned_gpus": x.owned_gpus,
        "owned": x.owned_option.value,
        "total_cny": x.total_cny,
        "saving_cny": x.saving_cny,
        "chosen": x.chosen.value,
    }


@values.register
def _commitment_basis(x: f.CommitmentBasis) -> Params:
    return {
        "yearly_factor": x.yearly_factor,
        "monthly_cny": x.monthly_cny_per_gpu_month,
        "yearly_cny": x.yearly_factor * x.monthly_cny_per_gpu_month,
        # a share of an on-demand price too small to divide by is not a number
        "share": part("recommend_part.commitment_basis.share", share=share)
        if math.isfinite(share := x.share_of_on_demand)
        else part("recommend_part.commitment_basis.no_share"),
        "on_demand_cny": x.on_demand_cny_per_gpu_hour,
        "hours": HOURS_PER_MONTH,
    }


@values.register
def _hybrid_cards(x: f.HybridCards) -> Params:
    return {"option": OptionId.HYBRID.value, "why": x.hybrid.reason}


@values.register
def _owned_cards(x: f.OwnedCards) -> Params:
    why = (
        part("recommend_part.owned_cards.entered")
        if x.entered
        else part("recommend_part.owned_cards.serving", cards=x.cards)
        if x.serving
        else part("recommend_part.owned_cards.job", job_gpus=x.job_gpus)
        if x.job_gpus
        else part(
            "recommend_part.owned_cards.peak",
            month=x.peak_month,
            gpu_hours=x.peak_gpu_hours,
            hours=HOURS_PER_MONTH,
        )
    )
    return {"cards": x.cards, "why": why}


# --- warnings ---------------------------------------------------------------------


@values.register(f.ResidencyNoOwnedOption)
@values.register(f.ValidateFirst)
@values.register(f.SpotNoCheckpoint)
@values.register(f.ResidencyCountry)
@values.register(f.NoDemand)
def _no_values(x: f.Finding) -> Params:
    return {}


@values.register(f.OwningNeeds)
@values.register(f.ResidencyOwningNeeds)
def _owning_needs(x: f.ResidencyOwningNeeds | f.OwningNeeds) -> Params:
    return {"missing": list(x.missing)}


@values.register
def _own_no_rental(x: f.OwnNoRental) -> Params:
    return {
        "option": x.option.value,
        "total_cny": x.total_cny,
        "months": x.months,
        "gpus": x.gpus,
    }


@values.register
def _spot_multi_node(x: f.SpotMultiNode) -> Params:
    return {
        "option": x.option.value,
        "job_gpus": x.job_gpus,
        "instances": x.instances,
        "months": x.months,
        "stops": part("recommend_part.spot_multi_node.stops", hours=x.every_hours)
        if x.every_hours is not None
        else NOTHING,
    }


@values.register
def _none_feasible(x: f.NoneFeasible) -> Params:
    return {}


@values.register
def _none_can_run(x: f.NoneCanRun) -> Params:
    return {"why": x.why}


@values.register
def _kept_out(x: f.KeptOut) -> Params:
    return {
        "option": x.option.value,
        "total_cny": x.total_cny,
        "why": x.why if x.why is not None else NOTHING,
    }


@values.register
def _spot_at_risk(x: f.SpotAtRisk) -> Params:
    plan = (
        part("recommend_part.spot_at_risk.spot")
        if x.option is OptionId.SPOT
        else part("recommend_part.spot_at_risk.bursts", option=x.option.value)
    )
    return {
        "plan": plan,
        "total_cny": x.total_cny,
        "saving_cny": x.saving_cny,
        "chosen": x.chosen.value,
        "stressed_cny": x.stressed_cny,
        "job_gpus": x.job_gpus,
        "instances": x.instances,
        "reclaims": x.reclaims_per_100_hours,
        "lost_hours": x.lost_hours,
    }


@values.register(f.ResidencyCity)
@values.register(f.ResidencyOwnHardware)
def _residency_region(x: f.ResidencyCity | f.ResidencyOwnHardware) -> Params:
    return {"region": x.region}


def counts_text(counts: Sequence[int]) -> str:
    """Card counts as a short, language-neutral list: runs of consecutive
    counts as ``a–b``.

    >>> counts_text([0, 1, 2, 3, 8, 16, 24, 61, 64])
    '0–3, 8, 16, 24, 61, 64'
    >>> counts_text([8, 16])
    '8, 16'
    """
    parts: list[str] = []
    run: list[int] = []
    for n in sorted(set(counts)):
        if run and n != run[-1] + 1:
            parts.append(_run_text(run))
            run = []
        run.append(n)
    if run:
        parts.append(_run_text(run))
    return ", ".join(parts)


def _run_text(run: list[int]) -> str:
    if len(run) >= 3:
        return f"{run[0]}–{run[-1]}"
    return ", ".join(str(n) for n in run)


def implausible_price(
    what: Message | str, price_cny_per_gpu_hour: float, low: float, high: float
) -> Params:
    """The values of a price outside ``[low, high]`` per card-hour, named ``what``.

    >>> implausible_price(NOTHING, 1.0, 2.0, 8.0)["side"]
    'below'
    """
    return {
        "what": what,
        "price_cny": price_cny_per_gpu_hour,
        "side": "below" if price_cny_per_gpu_hour < low else "above",
        "low_cny": low,
        "high_cny": high,
    }


def _where(location: str) -> Param:
    """Where in an imported file a price is, in the reader's words when the
    importer wrote it ("Quote, row 4": sheet and row), else as stored.

    >>> _where("Quote, row 4").params
    {'sheet': 'Quote', 'row': 4}
    >>> _where("")
    '—'
    """
    found = IMPORTED_ROW.fullmatch(location)
    if found is None:
        return location or "—"
    return part(
        "report.source.imported_row", sheet=found["sheet"], row=int(found["row"])
    )


@values.register
def _implausible_import(x: f.ImplausibleImport) -> Params:
    kind = "monthly" if x.monthly else "on_demand"
    what = part(
        f"recommend_part.implausible_price.imported.{kind}",
        file=x.source_file,
        location=_where(x.location),
    )
    return implausible_price(
        what, x.price_cny_per_gpu_hour, x.low_cny_per_gpu_hour, x.high_cny_per_gpu_hour
    )


@values.register
def _imported_future(x: f.ImportedFuture) -> Params:
    return {
        "file": x.source_file,
        "location": _where(x.location),
        "as_of": x.as_of,
        "plan_date": x.plan_date,
    }


@values.register
def _implausible_price(x: f.ImplausiblePrice) -> Params:
    kind = "monthly" if x.monthly else "on_demand"
    what = (
        part(f"recommend_part.implausible_price.own.{kind}")
        if x.vendor is None
        else part(f"recommend_part.implausible_price.quote.{kind}", vendor=x.vendor)
    )
    return implausible_price(
        what, x.price_cny_per_gpu_hour, x.low_cny_per_gpu_hour, x.high_cny_per_gpu_hour
    )


@values.register
def _network_budget_low(x: f.NetworkBudgetLow) -> Params:
    return {"fraction": x.fraction}


@values.register
def _electricity_article_claim(x: f.ElectricityArticleClaim) -> Params:
    return {
        "watts": x.watts_per_card,
        "pue": x.pue,
        "tariff": x.tariff_cny_per_kwh,
        "per_card_cny": x.per_card_cny_per_year,
        "needed_tariff": x.needed_tariff_cny_per_kwh,
    }


@values.register
def _tariff_implausible(x: f.TariffImplausible) -> Params:
    return {
        "tariff": x.tariff_cny_per_kwh,
        "low": x.low_cny_per_kwh,
        "high": x.high_cny_per_kwh,
    }


@values.register
def _addons_exceed(x: f.AddonsExceed) -> Params:
    return {"addons_cny": x.addons_cny, "compute_cny": x.compute_cny}


@values.register
def _horizon_beyond_life(x: f.HorizonBeyondLife) -> Params:
    if x.rented_cny > 0:
        rest = part("renewal.beyond_life_rented", month=x.rented_from, cny=x.rented_cny)
    elif x.replacement_cny > 0:
        rest = part(
            "recommend_part.horizon_beyond_life.replaced", cny=x.replacement_cny
        )
    else:
        rest = part("recommend_part.horizon_beyond_life.kept", last_month=x.last_month)
    return {"months": x.months, "life_years": x.life_years, "rest": rest}


@values.register
def _overflow(x: f.Overflow) -> Params:
    return {"gpus": x.gpus, "option": x.option.value, "overflow_cny": x.overflow_cny}


def hybrid_reason(
    *,
    owned_gpus: int,
    owned_option: OptionId,
    owned_utilization: float,
    rented_gpu_hours: float,
    rented_peak_gpus: int,
    total_cny: float,
    candidates_tried: list[int],
) -> Message:
    """Why the hybrid owns ``owned_gpus`` cards.

    >>> hybrid_reason(owned_gpus=0, owned_option=OptionId.COLOCATION,
    ...     owned_utilization=0.0, rented_gpu_hours=10.0, rented_peak_gpus=1,
    ...     total_cny=5.0, candidates_tried=[8, 16]).params["tried"]
    '8, 16'
    """
    tried = counts_text(candidates_tried)
    rest = OptionId.MIX.value
    if owned_gpus == 0:
        return part(
            "cost.hybrid_reason.rent_all", rest=rest, tried=tried, total_cny=total_cny
        )
    return part(
        "cost.hybrid_reason.own",
        gpus=owned_gpus,
        owned=owned_option.value,
        utilization=owned_utilization,
        rented=part(
            "cost.hybrid_reason.rented",
            gpu_hours=rented_gpu_hours,
            rest=rest,
            peak_gpus=rented_peak_gpus,
        )
        if rented_gpu_hours > 0
        else part("cost.hybrid_reason.covered"),
        total_cny=total_cny,
        tried=tried,
    )
