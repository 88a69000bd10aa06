"""The cost result of a plan, assembled from its prepared inputs.

The priced options with their one-sentence scope, the hybrid, the spot job,
the break-even, the tornado, the recommendation, the explanations and the
display currency (with its VAT note), in the order
:class:`~gpu_advisor.model.cost_results.CostResult` holds them. Each part is
computed by its own module of :mod:`gpu_advisor.engine.cost`; this one only
puts them together.
"""

from __future__ import annotations

from collections.abc import Iterable

from gpu_advisor.engine.cost.breakeven import compute_break_even
from gpu_advisor.engine.cost.cap import budget_cap, cap_warnings
from gpu_advisor.engine.cost.demand import spot_forbidden_months
from gpu_advisor.engine.cost.explain import cost_explanations, formula_explanations
from gpu_advisor.engine.cost.hosted_option import hosted_explanations, hosted_option
from gpu_advisor.engine.cost.includes import Conventions, includes
from gpu_advisor.engine.cost.prepare import Prepared, option_spot_months, spot_high
from gpu_advisor.engine.cost.price import (
    FloatArray,
    OptionArrays,
    spot_job,
    to_results,
)
from gpu_advisor.engine.cost.recommend import hybrid_result, recommend
from gpu_advisor.engine.cost.resolve import (
    RESALE_SHARE_KEY,
    Resolved,
    reference_age_months,
)
from gpu_advisor.engine.cost.risk import tornado
from gpu_advisor.engine.cost.serving_cost import hosted_quotes, serving_cost
from gpu_advisor.engine.cost.work import work_coverage, work_warnings
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Advice, Explanation, Message, Severity
from gpu_advisor.model.cost_results import (
    BreakEven,
    CostResult,
    CurrencyInfo,
    HostedQuote,
    HybridResult,
    OptionResult,
    Recommendation,
    ServingCost,
    SpotJob,
    TornadoBar,
    Work,
)
from gpu_advisor.model.project import OptionId, Project


def option_results(
    arrays: Iterable[OptionArrays],
    discount_rate: FloatArray,
    hybrid: HybridResult | None,
    spot: SpotJob | None = None,
    billing_months: int = 12,
    conv: Conventions | None = None,
) -> list[OptionResult]:
    """Every priced option's result with its scope sentence.

    Each option is built by :func:`~gpu_advisor.engine.cost.price.to_results`
    with its sentence (:func:`~gpu_advisor.engine.cost.includes.includes`).

    Parameters
    ----------
    arrays : iterable of OptionArrays
        The priced options (``Prepared.priced.values()``), in table order.
    discount_rate : ndarray
        ``Params.discount_rate``, shape (S, 1). [1/year]
    hybrid : HybridResult or None
        The hybrid's owned and rented parts, for its sentence.
    spot : SpotJob or None
        The spot job, for the spot option's and the mix's sentences.
    billing_months : int
        Months each bill of the yearly commitment pays for in advance. [month]
    conv : Conventions, optional
        The owned-hardware conventions (:func:`conventions_of`), stated in
        the owned options' sentences.
    """
    return to_results(
        list(arrays),
        discount_rate,
        scope=lambda o: includes(o, hybrid, spot, billing_months, conv),
    )


def conventions_of(resolved: Resolved, horizon_months: int) -> Conventions:
    """The owned-hardware conventions as ``resolved`` holds them."""
    v = resolved.values
    life = v["hardware_life_years"]
    curve = resolved.resale_curve
    return Conventions(
        life_years=life,
        resale_share=v[RESALE_SHARE_KEY],
        age_months=reference_age_months(horizon_months, life),
        curve=resolved.resale_curve_name if curve else "",
        maintenance_per_year=v["maintenance_fraction_per_year"],
        fte=v.get("ops_fte"),
        fte_per_100=v["ops_fte_per_100_gpus"],
        cloud_fte_per_100=v["cloud_ops_fte_per_100_gpus"],
        tax_life_years=v["tax_life_years"],
        tax_residual=v["tax_residual_fraction"],
    )


def currency_info(
    resolved: Resolved, prices_include_vat: bool, vat_recoverable: bool = True
) -> CurrencyInfo:
    """The display currency, its rate and source, and what the prices include.

    Parameters
    ----------
    resolved : Resolved
        Its currency code, rate, date and source.
    prices_include_vat : bool
        ``meta.prices_include_vat``: the project's own prices are gross.
    vat_recoverable : bool
        ``meta.vat_recoverable`` (None counts as yes): amounts are net of the
        input VAT the company recovers (``cost.vat.recovered``).
    """
    if vat_recoverable:
        code = "cost.vat.recovered"
    else:
        code = "cost.vat.included" if prices_include_vat else "cost.vat.added"
    return CurrencyInfo(
        code=resolved.currency_code,
        cny_per_unit=resolved.cny_per_unit,
        as_of=resolved.currency_as_of,
        source=resolved.currency_source,
        vat_note=Message(code=code),
    )


def _at_risk(prep: Prepared, option: OptionId) -> bool:
    """An option on spot that would not stay cheapest at the high reclaim
    values and was not planned again without spot (``Prepared.at_risk``)."""
    return option in prep.at_risk


def _results(
    prep: Prepared, hybrid: HybridResult | None, spot: SpotJob | None
) -> list[OptionResult]:
    """Every priced option's result, spot at risk with its stressed total."""
    return [
        OptionResult(**{**dict(o), "at_risk_cny": prep.spot_fragile[o.id][1]})
        if _at_risk(prep, o.id)
        else o
        for o in option_results(
            prep.priced.values(),
            prep.params.discount_rate,
            hybrid,
            spot,
            prep.params.yearly_billing_months,
            conventions_of(prep.resolved, int(prep.d.shape[-1])),
        )
    ]


def _work(project: Project, prep: Prepared) -> tuple[Work | None, list[Advice]]:
    """The sized job against the priced demand, and what makes the plan
    incomplete (:mod:`gpu_advisor.engine.cost.work`)."""
    work = work_coverage(
        project,
        prep.sizing,
        list(prep.demand),
        prep.demand_source,
        0.0 if prep.serving is None else sum(m.gpu_hours for m in prep.serving.months),
    )
    cluster = prep.sizing.cluster
    return work, work_warnings(work, cluster.gpus, cluster.gpus_for_deadline)


def _tornado(project: Project, prep: Prepared) -> list[TornadoBar]:
    """The tornado of the plan's owned-versus-rented gap."""
    return tornado(
        prep.resolved,
        prep.d,
        prep.owned_gpus,
        prep.compared,
        prep.policy,
        checkpointing=project.budget.checkpointing,
        mfu=prep.sizing.compute.mfu,
        hybrid=prep.hybrid_plan,
    )


def _break_even(project: Project, prep: Prepared) -> BreakEven:
    """Owning against the rentals the plan would rely on (none at risk)."""
    demand = prep.demand
    return compute_break_even(
        prep.params,
        {o: a for o, a in prep.priced.items() if not _at_risk(prep, o)},
        demand,
        prep.owned_gpus,
        spot_forbidden=spot_forbidden_months(project, len(demand), prep.serving),
        mix_on_spot=OptionId.MIX not in prep.spot_fragile,
    )


def _serving_peak(prep: Prepared) -> int:
    """Cards the busiest serving hour needs within the plan (0: no serving). [1]"""
    return max(prep.serving.peak_gpus, default=0) if prep.serving else 0


def _hosted(
    project: Project, catalog: Catalog, prep: Prepared
) -> tuple[list[HostedQuote], Message | None] | None:
    """The hosted APIs' quotes for the serving months' tokens; None when the
    plan states no serving traffic or serves no token within the plan."""
    if prep.serving is None or prep.sizing.serving is None:
        return None
    months = prep.serving.months
    if (
        min(sum(m.input_tokens for m in months), sum(m.output_tokens for m in months))
        < 1
    ):
        return None  # not a token served within the plan: nothing to price per token
    return hosted_quotes(project, catalog, prep.serving)


def _serving(
    prep: Prepared,
    results: list[OptionResult],
    hosted: tuple[list[HostedQuote], Message | None] | None,
) -> ServingCost | None:
    """Serving's part of every option per million tokens, and the hosted APIs
    for the same tokens; None when the plan states no serving traffic."""
    plan = prep.sizing.serving
    if prep.serving is None or plan is None or hosted is None:
        return None
    return serving_cost(results, prep.demand, prep.serving, plan.prefill_share, hosted)


def _with_hosted(
    project: Project,
    catalog: Catalog,
    prep: Prepared,
    results: list[OptionResult],
    hosted: tuple[list[HostedQuote], Message | None] | None,
) -> tuple[list[OptionResult], list[Explanation]]:
    """The priced options with the hosted model API after them when it is
    offered (:func:`~gpu_advisor.engine.cost.hosted_option.hosted_option`),
    and its "why?" texts."""
    quotes = hosted[0] if hosted is not None else []
    option = hosted_option(
        project, catalog, prep.serving, prep.demand, quotes, prep.params.discount_rate
    )
    if option is None:
        return results, []
    rate = prep.resolved.values["discount_rate_per_year"]
    return [*results, option], hosted_explanations(option, quotes[0], rate)


def _hosted_not_offered(
    project: Project,
    results: list[OptionResult],
    hosted: tuple[list[HostedQuote], Message | None] | None,
) -> list[Advice]:
    """The hosted model API was chosen but is not among the options (no
    hosted API can serve the plan, or the plan does not serve): say why, so
    the options table does not drop it without a word."""
    if OptionId.HOSTED_API not in project.budget.options or any(
        o.id is OptionId.HOSTED_API for o in results
    ):
        return []
    why = hosted[1] if hosted is not None else None
    return [
        Advice(
            code="cost.hosted_not_offered",
            severity=Severity.INFO,
            params={
                "why": why
                if why is not None
                else Message(code="cost.hosted_no_serving")
            },
            inputs=["budget.options", "workload.serving"],
        )
    ]


def cost_result(
    project: Project,
    catalog: Catalog,
    prep: Prepared,
    *,
    full: bool = True,
    with_tornado: bool = True,
) -> CostResult:
    """Price, compare and recommend: the cost step's whole result.

    Parameters
    ----------
    project : Project
        The plan.
    catalog : Catalog
        Shipped defaults (regions, price ranges for the quote checks).
    prep : Prepared
        :func:`gpu_advisor.engine.cost.prepare.prepare` of the plan.
    full : bool
        False leaves out the tornado and the explanations (empty lists): a
        column of the scenario comparison reads neither.
    with_tornado : bool
        False leaves out the tornado alone (the cost benchmark times the
        evaluation without it; the tornado has a budget of its own).

    Returns
    -------
    CostResult
        Options, break-even, tornado, recommendation, explanations, warnings.
    """
    resolved, d, demand, p = prep.resolved, prep.d, prep.demand, prep.params
    priced = prep.priced
    hybrid = (
        hybrid_result(p, d, prep.hybrid_plan, *prep.hybrid_totals)
        if prep.hybrid_plan is not None
        else None
    )
    spot = spot_job(p) if OptionId.SPOT in priced or OptionId.MIX in priced else None
    hosted = _hosted(project, catalog, prep)
    results, hosted_why = _with_hosted(
        project, catalog, prep, _results(prep, hybrid, spot), hosted
    )
    break_even = _break_even(project, prep)
    bars = _tornado(project, prep) if full and with_tornado else []
    rec = recommend(
        project,
        catalog,
        results,
        demand,
        break_even,
        prep.policy,
        prep.gpu_id,
        resolved.values["hardware_life_years"],
        resolved.values,
        hybrid,
        spot=spot,
        spot_months=option_spot_months(prep),
        spot_fragile=prep.spot_fragile,
        spot_high=spot_high(resolved),
        serving_peak_gpus=_serving_peak(prep),
    )
    work, limits = _work(project, prep)
    if limits:
        rec = Recommendation(**{**dict(rec), "complete": False, "limits": limits})
    cap = budget_cap(project.budget.cap_cny, rec, results)
    return CostResult(
        serving=_serving(prep, results, hosted),
        budget_cap=cap,
        work=work,
        hybrid=hybrid,
        spot_job=spot,
        options=results,
        break_even=break_even,
        tornado=bars,
        recommendation=rec,
        demand_gpu_hours=[round(h, 3) for h in demand],
        demand_source=prep.demand_source,
        horizon_months=project.meta.horizon_months,
        gpu_id=prep.gpu_id,
        currency=currency_info(
            resolved,
            project.meta.prices_include_vat,
            project.meta.vat_recoverable is not False,
        ),
        explanations=[
            *formula_explanations(resolved, priced, spot),
            *cost_explanations(
                project, resolved, results, break_even, rec, prep.demand_source
            ),
            *hosted_why,
        ]
        if full
        else [],
        warnings=[
            *limits,
            *prep.demand_warnings,
            *rec.warnings,
            *cap_warnings(cap),
            *_hosted_not_offered(project, results, hosted),
        ],
    )
