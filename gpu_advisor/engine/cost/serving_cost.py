"""What serving costs per million tokens, option by option.

Each option's serving cost is its total over the horizon times the serving
months' share of the card-hours it runs (the whole total when the plan only
serves): training and serving share a fleet or a contract, and the card-hours
are what both use. That cost splits between the prompts and the answers by
the replica's time reading prompts at its load (``ServingPlan.prefill_share``),
so the two prices compare with a hosted API's input and output list prices
(:func:`hosted_quotes`: the same tokens at the hosted APIs' dated list prices):

    per million output tokens = serving cost × (1 − prefill share) / output tokens × 10⁶
    per million input tokens  = serving cost × prefill share / input tokens × 10⁶
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from gpu_advisor.engine.cost.demand import ServingCalendar
from gpu_advisor.engine.cost.hosted import (
    cny_per_unit,
    hosted_candidates,
    hosted_monthly_cost,
    plan_vat_basis,
)
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Message
from gpu_advisor.model.cost_results import (
    HostedQuote,
    OptionResult,
    ServingCost,
    ServingOptionCost,
)
from gpu_advisor.model.project import OptionId, Project, TaskKind

MILLION = 1e6


def serving_cost(
    options: Sequence[OptionResult],
    demand: Sequence[float],
    calendar: ServingCalendar,
    prefill_share: float,
    hosted: tuple[list[HostedQuote], Message | None] = ([], None),
) -> ServingCost:
    """The serving part of every option's total, per million tokens.

    Examples
    --------
    >>> from gpu_advisor.model.serving_plan import ServingMonth
    >>> months = (ServingMonth(month=1, gpu_hours=0.0, peak_gpus=0, requests=0.0,
    ...                        input_tokens=0.0, output_tokens=0.0),
    ...           ServingMonth(month=2, gpu_hours=1000.0, peak_gpus=4, requests=1e6,
    ...                        input_tokens=2e9, output_tokens=5e8))
    >>> od = OptionResult(id="on_demand", total_cny=30_000.0, monthly_cny=[20_000.0, 10_000.0],
    ...                   cumulative_cny=[20_000.0, 30_000.0], npv_cny=30_000.0)
    >>> cost = serving_cost([od], [2000.0, 1000.0], ServingCalendar(2, months), 0.2)
    >>> o = cost.options[0]
    >>> o.serving_cny, o.cny_per_million_output_tokens, o.cny_per_million_input_tokens
    (10000.0, 16.0, 1.0)
    >>> round(o.cny_per_million_tokens, 2)
    4.0
    """
    serving_hours = sum(m.gpu_hours for m in calendar.months)
    all_hours = sum(demand)
    share = min(1.0, serving_hours / all_hours) if all_hours > 0 else 0.0
    input_tokens = sum(m.input_tokens for m in calendar.months)
    output_tokens = sum(m.output_tokens for m in calendar.months)
    # an option that cannot be priced (an infinite total) has no price per token
    rows = [
        _hosted_cost(o, input_tokens, output_tokens)
        if o.id is OptionId.HOSTED_API
        else _option_cost(o.id, max(0.0, o.total_cny) * share, input_tokens,
                          output_tokens, prefill_share)
        for o in options
        if math.isfinite(o.total_cny)
    ]  # fmt: skip
    return ServingCost(
        start_month=calendar.start_month,
        gpu_hours=serving_hours,
        peak_gpus=max(calendar.peak_gpus, default=0),
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        prefill_share=prefill_share,
        options=rows,
        hosted=hosted[0],
        hosted_none=hosted[1],
    )


def _per_million(amount: float, tokens: float) -> float:
    return amount / tokens * MILLION if tokens > 0 else 0.0


def _hosted_cost(
    option: OptionResult, input_tokens: float, output_tokens: float
) -> ServingOptionCost:
    """The hosted API's row: all of its total is serving, its prompts and its
    answers billed apart at the list prices (``breakdown`` ``hosted_input``,
    ``hosted_output``), so its per-million figures are the prices paid."""
    prompts = option.breakdown.get("hosted_input", 0.0)
    answers = option.breakdown.get("hosted_output", 0.0)
    return ServingOptionCost(
        id=option.id,
        serving_cny=option.total_cny,
        cny_per_million_output_tokens=_per_million(answers, output_tokens),
        cny_per_million_input_tokens=_per_million(prompts, input_tokens),
        cny_per_million_tokens=_per_million(
            option.total_cny, input_tokens + output_tokens
        ),
    )


def _option_cost(
    option_id: OptionId,
    cny: float,
    input_tokens: float,
    output_tokens: float,
    prefill: float,
) -> ServingOptionCost:
    return ServingOptionCost(
        id=option_id,
        serving_cny=cny,
        cny_per_million_output_tokens=_per_million(cny * (1 - prefill), output_tokens),
        cny_per_million_input_tokens=_per_million(cny * prefill, input_tokens),
        cny_per_million_tokens=_per_million(cny, input_tokens + output_tokens),
    )


def hosted_quotes(
    project: Project, catalog: Catalog, calendar: ServingCalendar
) -> tuple[list[HostedQuote], Message | None]:
    """The serving months' tokens at every hosted API that serves the plan's
    model, cheapest first: usable, or with the reason the plan may not use it
    (residency; a plan that trains serves its own weights, which no hosted API
    holds). None of them serves the model: no quote, and the reason.

    The prompt-cache hits are the plan's prefix-cache share; prices on the
    plan's VAT basis, foreign ones at the plan's exchange rate
    (:func:`~gpu_advisor.engine.cost.hosted.hosted_monthly_cost`).
    """
    serving = project.workload.serving
    hit = serving.prefix_cache_hit if serving is not None else 0.0
    rows = hosted_candidates(
        catalog,
        project.workload.model_preset,
        project.budget.data_residency,
        own_weights=project.workload.task is not TaskKind.INFERENCE,
    )
    serving_model = [
        (e, why) for e, why in rows
        if project.workload.model_preset in e.model_presets
    ]  # fmt: skip
    if not serving_model:
        return [], next((why for _e, why in rows if why is not None), None)
    tokens_in = [m.input_tokens for m in calendar.months]
    tokens_out = [m.output_tokens for m in calendar.months]
    vat = plan_vat_basis(project, catalog)
    none = [0.0] * len(tokens_in)
    quotes = []
    for entry, why in serving_model:
        fx = cny_per_unit(entry.currency, project, catalog)
        prompts = sum(hosted_monthly_cost(entry, tokens_in, none, hit, fx, vat))
        answers = sum(hosted_monthly_cost(entry, none, tokens_out, hit, fx, vat))
        quotes.append(
            HostedQuote(
                id=entry.id,
                total_cny=prompts + answers,
                cny_per_million_input_tokens=_per_million(prompts, sum(tokens_in)),
                cny_per_million_output_tokens=_per_million(answers, sum(tokens_out)),
                usable=why is None,
                reason=why,
            )
        )
    return sorted(quotes, key=lambda q: (not q.usable, q.total_cny)), None
