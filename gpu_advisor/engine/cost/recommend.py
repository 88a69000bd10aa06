"""The recommendation: the choice as advice, and the hybrid's card count.

:func:`recommend` is :func:`gpu_advisor.engine.cost.choice.choose_option`
(which option, and the reasons and warnings as data; the decision rules are
documented there) turned into advice (catalog codes and values) by
:mod:`gpu_advisor.engine.cost.wording`. The checks the vendors step shows on
their own (:func:`quote_warnings`) and the price-book and spot-job warnings
are turned into advice the same way. :func:`hybrid_result`
states the best "own the baseline, rent the rest" plan with its card count.

References
----------
idctop.com articles 000-003 (2026); see :mod:`gpu_advisor.engine.cost.choice`.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from gpu_advisor.engine.cost.checks import (
    price_book_findings,
    quote_findings,
    residency_warnings,
    spot_job_finding,
)
from gpu_advisor.engine.cost.choice import Choice, choose_option
from gpu_advisor.engine.cost.includes import reason_clause
from gpu_advisor.engine.cost.mix import HybridPlan, MixPolicy
from gpu_advisor.engine.cost.price import FloatArray, Params, owned_split
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH
from gpu_advisor.engine.cost.wording import advice, hybrid_reason
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Advice, Message, Param, Severity
from gpu_advisor.model.cost_results import (
    BreakEven,
    HybridResult,
    OptionResult,
    Recommendation,
    SpotJob,
)
from gpu_advisor.model.project import OptionId, Project


def quote_warnings(project: Project, catalog: Catalog, gpu_id: str) -> list[Advice]:
    """Warnings for project or vendor prices outside the plausible range."""
    return [advice(x) for x in quote_findings(project, catalog, gpu_id)]


def price_book_warnings(
    values: Mapping[str, float], budget_network_set: bool
) -> list[Advice]:
    """Warnings on the owned options' price book: network budget, electricity.

    Parameters
    ----------
    values : mapping
        Resolved inputs (:attr:`gpu_advisor.engine.cost.resolve.Resolved.values`).
    budget_network_set : bool
        Whether the network share was typed into the project.

    Examples
    --------
    >>> v = {"network_fraction_of_hardware": 0.1, "tdp_w": 400.0,
    ...      "gpu_load_factor": 0.8, "server_overhead_w_per_gpu": 150.0,
    ...      "pue": 1.4, "electricity_cny_per_kwh": 0.8}
    >>> [w.code for w in price_book_warnings(v, True)]
    ['recommend.network_budget_low', 'recommend.electricity_article_claim']
    """
    return [advice(x) for x in price_book_findings(values, budget_network_set)]


def spot_job_warning(spot: SpotJob, option: OptionId, months: int) -> Advice | None:
    """Warn when a multi-node training job is planned on spot instances.

    A synchronous job stops whenever any of its instances is reclaimed, and
    the spare capacity spot sells is rarely a set of RDMA-connected servers
    that comes back as one: a reclaimed node may leave the job waiting. The
    re-run overhead is in the totals; the waiting is not. None for a job on
    one instance.

    Examples
    --------
    >>> job = SpotJob(job_gpus=64, gpus_per_instance=8, instances=8,
    ...     reclaims_per_instance_hour=0.02, job_stops_per_hour=0.16,
    ...     lost_hours_per_reclaim=0.75, overhead_fraction=0.12)
    >>> spot_job_warning(job, OptionId.SPOT, 36).code
    'recommend.spot_multi_node'
    """
    finding = spot_job_finding(spot, option, months)
    return None if finding is None else advice(finding)


def hybrid_result(
    p: Params,
    demand: FloatArray,
    plan: HybridPlan,
    total: float,
    owned: float,
    rented: float,
) -> HybridResult | None:
    """The best 'own the baseline, rent the rest' plan, with its card count and why.

    ``plan`` and the three totals [CNY] are :func:`best_hybrid`'s. None when
    there is no demand.
    """
    demand = np.asarray(demand, dtype=np.float64)
    if float(demand.sum()) <= 0:
        return None
    n, tried = plan.owned_gpus, list(plan.candidates)
    option = plan.owned_option if n > 0 else None  # owning nothing: the mix
    d = np.maximum(demand[:1], 0.0)
    cap = n * HOURS_PER_MONTH
    base, rest_m = owned_split(p, d, n)  # the job's months rented whole when N is short
    rest = float(rest_m.sum())
    peak = float(rest_m.max(initial=0.0))
    rented_peak = int(np.ceil(peak / HOURS_PER_MONTH - 1e-9))
    used = float(base.sum())
    owned_util = used / (cap * d.shape[1]) if n > 0 and d.shape[1] else 0.0
    reason = hybrid_reason(
        owned_gpus=n,
        owned_option=plan.owned_option,
        owned_utilization=owned_util,
        rented_gpu_hours=rest,
        rented_peak_gpus=rented_peak,
        total_cny=total,
        candidates_tried=tried,
    )
    return HybridResult(
        owned_option=option,
        owned_gpus=n,
        total_cny=round(total, 2),
        owned_cny=round(owned, 2),
        rented_cny=round(rented, 2),
        rented_gpu_hours=round(rest, 3),
        rented_peak_gpus=rented_peak,
        owned_utilization=round(min(max(owned_util, 0.0), 1.0), 6),
        candidates_tried=tried,
        reason=reason,
    )


def recommend(
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
) -> Recommendation:
    """Pick an option and explain why (the rules: :mod:`gpu_advisor.engine.cost.choice`).

    ``values`` (the resolved inputs) adds the price-book warnings of
    :func:`price_book_warnings` when owned options are priced. ``spot`` and
    ``spot_months`` (months each option runs hours on spot) add the warning
    of :func:`spot_job_warning` when the chosen option puts a multi-node job
    on spot.
    """
    hosted = next((o for o in options if o.id is OptionId.HOSTED_API), None)
    own = [o for o in options if o.id is not OptionId.HOSTED_API]
    if not own:
        return _hosted_alone(project, catalog, hosted)
    choice = choose_option(
        project,
        catalog,
        own,
        demand,
        break_even,
        policy,
        gpu_id,
        life_years,
        values,
        hybrid,
        spot=spot,
        spot_months=spot_months,
        spot_fragile=spot_fragile,
        spot_high=spot_high,
        serving_peak_gpus=serving_peak_gpus,
    )
    if hosted is not None and _hosted_wins(hosted, choice):
        return _hosted_chosen(project, catalog, hosted, choice)
    return Recommendation(
        option=choice.option.id if choice.option is not None else None,
        mix_detail=choice.mix_detail,
        reasons=[
            *(advice(x) for x in choice.reasons),
            *([] if hosted is None else [_hosted_compared(hosted, choice)]),
        ],
        warnings=[advice(x) for x in choice.warnings],
    )


# --- the hosted model API (engine/cost/hosted_option.py) -------------------------
# It serves tokens on a provider's cards: no card is owned or rented, so the
# rules of choice.py (own on their conditions, else the preferred rental) pick
# the best way of serving on cards first; the hosted API is then recommended
# when it can be chosen and costs less than that (or nothing on cards can be
# chosen). It is the simplest plan (no contract, no fleet): no threshold.


def _hosted_wins(hosted: OptionResult, choice: Choice) -> bool:
    """The hosted API can be chosen and undercuts the choice on cards (or
    there is none).

    >>> from gpu_advisor.engine.cost.choice import Choice
    >>> h = OptionResult(id="hosted_api", total_cny=9.0, monthly_cny=[9.0],
    ...     cumulative_cny=[9.0], npv_cny=9.0, utilization=None)
    >>> _hosted_wins(h, Choice(None, None, (), (), None))
    True
    """
    if not hosted.feasible:
        return False
    return choice.option is None or hosted.total_cny < choice.option.total_cny


def _scope_params(hosted: OptionResult) -> dict[str, object]:
    """The entry the hosted figure is priced at (its ``includes`` scope)."""
    scope = hosted.includes.params.get("scope") if hosted.includes else None
    if not isinstance(scope, Message):
        return {}
    return {
        k: scope.params[k] for k in ("provider", "model", "as_of") if k in scope.params
    }


def _hosted_advice(
    code: str, hosted: OptionResult, **extra: float | str | Message
) -> Advice:
    params: dict[str, Param] = {
        k: v for k, v in _scope_params(hosted).items() if isinstance(v, str)
    }
    params.update(option=OptionId.HOSTED_API.value, total_cny=hosted.total_cny, **extra)
    return Advice(
        code=code,
        severity=Severity.INFO,
        params=params,
        inputs=[
            "budget.options",
            "budget.data_residency",
            "workload.serving",
            "workload.model_preset",
        ],
    )


def _hosted_compared(hosted: OptionResult, choice: Choice) -> Advice:
    """What paying per token would cost beside the choice on cards: dearer,
    or not possible with its reason (priced for reference)."""
    if not hosted.feasible and hosted.reason is not None:
        return _hosted_advice(
            "recommend.hosted.out", hosted, why=reason_clause(hosted.reason)
        )
    chosen = choice.option
    extra = (
        {"chosen": chosen.id.value, "gap_cny": hosted.total_cny - chosen.total_cny}
        if chosen is not None
        else {}
    )
    return _hosted_advice("recommend.hosted.dearer", hosted, **extra)


def _hosted_chosen(
    project: Project, catalog: Catalog, hosted: OptionResult, choice: Choice
) -> Recommendation:
    """The hosted API recommended over the best choice on cards (or none)."""
    chosen = choice.option
    reason = (
        _hosted_advice(
            "recommend.hosted.cheapest",
            hosted,
            chosen=chosen.id.value,
            saving_cny=chosen.total_cny - hosted.total_cny,
        )
        if chosen is not None
        else _hosted_advice("recommend.hosted.only", hosted)
    )
    return Recommendation(
        option=OptionId.HOSTED_API,
        reasons=[reason],
        warnings=[advice(x) for x in residency_warnings(project, catalog)],
    )


def _hosted_alone(
    project: Project, catalog: Catalog, hosted: OptionResult | None
) -> Recommendation:
    """Only the hosted API is selected: it, when it can be chosen; nothing
    (and why) when the plan serves nothing it could price."""
    if hosted is None:
        return Recommendation(
            option=None,
            reasons=[
                Advice(
                    code="recommend.hosted.not_offered",
                    severity=Severity.WARNING,
                    inputs=["budget.options", "workload.serving"],
                )
            ],
        )
    if hosted.feasible:
        return _hosted_chosen(
            project, catalog, hosted, Choice(None, None, (), (), None)
        )
    return Recommendation(
        option=None,
        reasons=[_hosted_compared(hosted, Choice(None, None, (), (), None))],
        warnings=[advice(x) for x in residency_warnings(project, catalog)],
    )
