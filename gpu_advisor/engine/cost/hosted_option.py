"""The hosted model API as an option: what not self-hosting would cost.

A plan that serves traffic can pay a provider per token instead of running
replicas on cards of its own or rented ones. This module turns the quotes of
:func:`~gpu_advisor.engine.cost.serving_cost.hosted_quotes` (the serving
months' tokens at every hosted API that serves the plan's model, on the
plan's VAT basis and exchange rate) into an ordinary
:class:`~gpu_advisor.model.cost_results.OptionResult` (``OptionId.HOSTED_API``)
that ranks, is charted and can be recommended like the others.

Rules
-----
* Offered only to a plan that serves (``workload.serving`` with tokens within
  the horizon), when ``budget.options`` selects it and at least one hosted API
  of the catalog serves the plan's model. Otherwise there is no row: the
  option has no meaning for a plan that only trains, and without a price for
  the plan's own model it cannot be priced even for reference (the serving
  section says why: ``ServingCost.hosted_none``).
* Its figure: each serving month's input and output tokens at the cheapest
  usable API's list prices (prompt-cache hits at its cached price), the
  entry named in its ``includes`` sentence with its price date and source.
  No card is bought, reserved or billed by the hour: its GPU-hour figures
  (cost per useful GPU-hour, utilisation) are None, shown "—".
* Infeasible, priced for reference at the cheapest API that serves the model
  whatever the reason (codes ``hosted.*`` below, reasons ``cost.reason.hosted.*``):
  the data must stay on owned hardware; it must stay in the country or city
  and only foreign APIs serve the model; the plan serves weights it trains
  itself (a list price is for the published model); the plan has work other
  than serving (a hosted API serves tokens, it cannot run a training job).
* Its cash does not move with GPU prices, tariffs or the cards' speed; it
  moves with the traffic. The Monte Carlo bills each draw's tokens, the
  plan's times the same utilisation factor that scales the serving cards'
  hours (:func:`hosted_risk_total`, :func:`~gpu_advisor.engine.cost.risk.hosted_totals`),
  so its P10/P90 widen with the traffic's uncertainty as theirs do. The
  tornado and the scenarios keep it constant (list prices are not drawn),
  and break-even never weighs it (nothing is owned).

NPV discounts its monthly bills like every other flow
(:func:`~gpu_advisor.engine.cost.price.npv`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from gpu_advisor.engine.cost.demand import ServingCalendar
from gpu_advisor.engine.cost.hosted import (
    cny_per_unit,
    hosted_monthly_cost,
    plan_vat_basis,
)
from gpu_advisor.engine.cost.includes import hosted_includes
from gpu_advisor.engine.cost.price import FloatArray, OptionArrays, to_result
from gpu_advisor.engine.cost.serving_cost import hosted_quotes
from gpu_advisor.model.catalog import Catalog, HostedApiPrice
from gpu_advisor.model.common import Explanation, InputRef, Message
from gpu_advisor.model.cost_results import HostedQuote, OptionResult
from gpu_advisor.model.project import OptionId, Project

HOSTED_RESIDENCY_OWN_HARDWARE = "hosted.residency_own_hardware"
HOSTED_RESIDENCY_ABROAD = "hosted.residency_abroad"
HOSTED_OWN_WEIGHTS = "hosted.own_weights"
HOSTED_OTHER_WORK = "hosted.other_work"
HOSTED_CODES: frozenset[str] = frozenset(
    {
        HOSTED_RESIDENCY_OWN_HARDWARE,
        HOSTED_RESIDENCY_ABROAD,
        HOSTED_OWN_WEIGHTS,
        HOSTED_OTHER_WORK,
    }
)
"""Why the hosted API cannot be chosen (``OptionResult.infeasible_code``)."""

OTHER_WORK_GPU_HOURS = 1.0
"""Card-hours of demand outside the serving replicas above which the plan has
other work a hosted API cannot run (below it: rounding). [GPU-hours]"""

_FROM_QUOTE = {
    "hosted.reason.residency_own_hardware": HOSTED_RESIDENCY_OWN_HARDWARE,
    "hosted.reason.residency_abroad": HOSTED_RESIDENCY_ABROAD,
    "hosted.reason.own_weights": HOSTED_OWN_WEIGHTS,
}


def other_work_gpu_hours(demand: Sequence[float], calendar: ServingCalendar) -> float:
    """Card-hours of the priced demand that are not serving replicas. [GPU-hours]

    >>> from gpu_advisor.model.serving_plan import ServingMonth
    >>> m = ServingMonth(month=2, gpu_hours=700.0, peak_gpus=1, requests=1.0,
    ...                  input_tokens=1.0, output_tokens=1.0)
    >>> z = m.model_copy(update={"month": 1, "gpu_hours": 0.0})
    >>> other_work_gpu_hours([5000.0, 700.0], ServingCalendar(2, (z, m)))
    5000.0
    """
    return sum(
        max(0.0, d - m.gpu_hours) for d, m in zip(demand, calendar.months, strict=False)
    )


def hosted_feasibility(
    quote: HostedQuote, other_work: float
) -> tuple[str, Message | None]:
    """The infeasible code and reason of the option priced at ``quote`` (the
    cheapest usable quote, or the cheapest of all when none is usable);
    ``("", None)`` when it can be chosen.

    >>> q = HostedQuote(id="a/b", total_cny=1.0, cny_per_million_input_tokens=1.0,
    ...     cny_per_million_output_tokens=1.0, usable=True)
    >>> hosted_feasibility(q, 0.0)
    ('', None)
    >>> code, why = hosted_feasibility(q, 5000.0)
    >>> code, why.code
    ('hosted.other_work', 'cost.reason.hosted.other_work')
    """
    if not quote.usable and quote.reason is not None:
        code = _FROM_QUOTE.get(quote.reason.code, HOSTED_OWN_WEIGHTS)
        return code, Message(code=f"cost.reason.{code}", params=quote.reason.params)
    if other_work >= OTHER_WORK_GPU_HOURS:
        return HOSTED_OTHER_WORK, Message(
            code="cost.reason.hosted.other_work",
            params={"gpu_hours": round(other_work, 1)},
        )
    return "", None


def _entry(catalog: Catalog, entry_id: str) -> HostedApiPrice:
    return next(e for e in catalog.hosted_apis if e.id == entry_id)


def _monthly_bills(
    project: Project,
    catalog: Catalog,
    entry: HostedApiPrice,
    calendar: ServingCalendar,
) -> tuple[list[float], list[float]]:
    """Each month's bill for the prompts and for the answers, in CNY on the
    plan's VAT basis (the rule of :func:`hosted_quotes`)."""
    serving = project.workload.serving
    hit = serving.prefix_cache_hit if serving is not None else 0.0
    fx = cny_per_unit(entry.currency, project, catalog)
    vat = plan_vat_basis(project, catalog)
    tokens_in = [m.input_tokens for m in calendar.months]
    tokens_out = [m.output_tokens for m in calendar.months]
    none = [0.0] * len(tokens_in)
    prompts = hosted_monthly_cost(entry, tokens_in, none, hit, fx, vat)
    answers = hosted_monthly_cost(entry, none, tokens_out, hit, fx, vat)
    return list(prompts), list(answers)


def _scope(entry: HostedApiPrice, quote: HostedQuote) -> Message:
    """What the figure is: the entry, its prices and their date and source."""
    return Message(
        code="cost.includes.hosted.scope",
        params={
            "provider": entry.provider_key,
            "model": entry.name,
            "model_id": entry.model_id,
            "input_cny": round(quote.cny_per_million_input_tokens, 4),
            "output_cny": round(quote.cny_per_million_output_tokens, 4),
            "as_of": entry.provenance.as_of.isoformat(),
            "source": entry.pricing_url,
        },
    )


def hosted_option(
    project: Project,
    catalog: Catalog,
    calendar: ServingCalendar | None,
    demand: Sequence[float],
    quotes: Sequence[HostedQuote],
    discount_rate: FloatArray,
) -> OptionResult | None:
    """The hosted model API option, or None when it is not offered (see the
    module's rules).

    Parameters
    ----------
    project : Project
        The plan (its options, residency, serving and VAT basis).
    catalog : Catalog
        The hosted APIs' list prices.
    calendar : ServingCalendar or None
        The serving months (``Prepared.serving``); None: the plan does not serve.
    demand : sequence of float
        The priced demand per month, serving included. [GPU-hours]
    quotes : sequence of HostedQuote
        :func:`~gpu_advisor.engine.cost.serving_cost.hosted_quotes`, usable
        cheapest first.
    discount_rate : ndarray
        ``Params.discount_rate``, shape (S, 1). [1/year]
    """
    if OptionId.HOSTED_API not in project.budget.options or calendar is None:
        return None
    tokens = sum(m.input_tokens + m.output_tokens for m in calendar.months)
    if tokens < 1 or not quotes:
        return None
    quote = quotes[0]
    entry = _entry(catalog, quote.id)
    prompts, answers = _monthly_bills(project, catalog, entry, calendar)
    cash = np.asarray([[a + b for a, b in zip(prompts, answers, strict=True)]])
    code, why = hosted_feasibility(quote, other_work_gpu_hours(demand, calendar))
    zero = np.zeros(1)
    arrays = OptionArrays(
        id=OptionId.HOSTED_API,
        cash=cash,
        lines={
            "hosted_input": np.asarray([sum(prompts)]),
            "hosted_output": np.asarray([sum(answers)]),
        },
        useful=zero,
        billed=zero,
        gpus=zero,
        feasible=not code,
        reason=why,
        infeasible_code=code,
    )
    scope = _scope(entry, quote)
    result = to_result(arrays, discount_rate[:1])
    result = OptionResult(**{**dict(result), "utilization": None})
    return OptionResult(**{**dict(result), "includes": hosted_includes(result, scope)})


def hosted_risk_total(
    project: Project,
    catalog: Catalog,
    calendar: ServingCalendar | None,
    demand: Sequence[float],
) -> float | None:
    """The hosted API's total the Monte Carlo draws around, or None when the
    option is not offered or cannot be chosen (the Monte Carlo compares the
    options that can run). [CNY]

    The same figure as the option's row (:func:`hosted_option`): the serving
    months' tokens at the cheapest usable API's list prices.

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> hosted_risk_total(Project(), load_catalog(), None, []) is None
    True
    """
    if OptionId.HOSTED_API not in project.budget.options or calendar is None:
        return None
    quotes, _why = hosted_quotes(project, catalog, calendar)
    option = hosted_option(project, catalog, calendar, demand, quotes, np.zeros((1, 1)))
    if option is None or not option.feasible:
        return None
    return option.total_cny


_KEY = f"cost.options.{OptionId.HOSTED_API.value}"
_REFERENCE = (
    "resources/catalog/hosted_apis.json (each entry's list price, date and source)"
)


def hosted_explanations(
    option: OptionResult, quote: HostedQuote, discount_rate_per_year: float
) -> list[Explanation]:
    """The hosted API's "why?" texts: its total (tokens at the list prices),
    its NPV, and why it has no cost per useful GPU-hour nor a utilisation.

    >>> q = HostedQuote(id="a/b", total_cny=3.0, cny_per_million_input_tokens=1.0,
    ...     cny_per_million_output_tokens=2.0, usable=True)
    >>> o = OptionResult(id="hosted_api", total_cny=3.0, monthly_cny=[3.0],
    ...     cumulative_cny=[3.0], npv_cny=3.0, utilization=None)
    >>> [e.key.rsplit(".", 1)[1] for e in hosted_explanations(o, q, 0.08)]
    ['total_cny', 'npv_cny', 'cost_per_useful_gpu_hour_cny', 'utilization']
    """
    entry = InputRef(name=f"{_KEY}.entry", value=quote.id, source="catalog")
    price_in = InputRef(
        name=f"{_KEY}.cny_per_million_input_tokens",
        value=quote.cny_per_million_input_tokens,
        unit="CNY/Mtok",
        source="catalog",
    )
    price_out = InputRef(
        name=f"{_KEY}.cny_per_million_output_tokens",
        value=quote.cny_per_million_output_tokens,
        unit="CNY/Mtok",
        source="catalog",
    )
    total = InputRef(
        name=f"{_KEY}.total_cny", value=option.total_cny, unit="CNY", source="engine"
    )
    rate = InputRef(
        name="budget.discount_rate_per_year",
        value=discount_rate_per_year,
        unit="1/year",
        source="engine",
    )
    no_hours = (
        "no card-hours: a hosted API bills tokens, so it has no cost per "
        "useful GPU-hour and no utilisation of cards (shown —)"
    )
    return [
        Explanation(
            key=f"{_KEY}.total_cny",
            formula="Σ_m (input tokens_m × input price + output tokens_m × output "
            "price) / 10⁶, on the plan's VAT basis and exchange rate; prompt-cache "
            "hits at the cached-input price where listed",
            inputs=[entry, price_in, price_out],
            reference=_REFERENCE,
        ),
        Explanation(
            key=f"{_KEY}.npv_cny",
            formula="NPV = Σ_m bill_m / (1 + r)^((m − 1) / 12), month 1 not discounted",
            inputs=[rate, total],
            reference="Brealey, Myers & Allen 2020",
        ),
        Explanation(
            key=f"{_KEY}.cost_per_useful_gpu_hour_cny",
            formula=no_hours,
            inputs=[total],
            reference=_REFERENCE,
        ),
        Explanation(
            key=f"{_KEY}.utilization",
            formula=no_hours,
            inputs=[total],
            reference=_REFERENCE,
        ),
    ]
