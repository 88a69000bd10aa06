"""Why each cost figure is what it is: the "why?" explanations of the cost result.

Formulas, the inputs behind them (with the provenance that
:func:`~gpu_advisor.engine.cost.resolve.resolve` recorded, or ``engine`` for a
figure computed from another result) and references, for every option's
total, NPV, cost per useful GPU-hour and utilisation, the commitment
discounts, spot's re-run convention, the break-even, the six-month rule and
the mix's baseline. Keys come from :mod:`gpu_advisor.engine.explain_keys`.
The figures themselves are computed elsewhere in :mod:`gpu_advisor.engine.cost`;
this module only states how.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import NamedTuple

from gpu_advisor.engine import explain_keys as keys
from gpu_advisor.engine.cost.price import OptionArrays
from gpu_advisor.engine.cost.resolve import Resolved
from gpu_advisor.engine.names import ALL_ARTICLES, article
from gpu_advisor.model.common import Explanation, InputRef
from gpu_advisor.model.cost_results import (
    BreakEven,
    MixDetail,
    OptionResult,
    Recommendation,
    SpotJob,
)
from gpu_advisor.model.project import OptionId, Project

_FORMULAS: dict[OptionId, tuple[str, list[str]]] = {
    OptionId.ON_DEMAND: (
        "sum over months of price × ceil-to-granularity(hours per card) × cards + add-ons",
        ["on_demand_cny_per_gpu_hour", "billing_granularity_hours"],
    ),
    OptionId.MONTHLY: (
        "sum over months of ceil(hours / 730) cards × monthly price + add-ons",
        ["monthly_cny_per_gpu_month"],
    ),
    OptionId.YEARLY: (
        "per 12-month block, paid at its start: block peak cards × monthly price × "
        "yearly factor × 12 + add-ons",
        ["monthly_cny_per_gpu_month", "yearly_price_factor"],
    ),
    OptionId.SPOT: (
        "on-demand price × spot factor × hours × (1 + reclaims per instance-hour × "
        "instances of the job × (checkpoint interval / 2 + restart + (1 − chance "
        "spot capacity is free) × wait for it)) + add-ons; "
        "instances = ceil(job cards / cards per server); the job (the plan's "
        "cluster) stops whenever any of its instances is reclaimed and loses the "
        "work on all its cards",
        [
            "on_demand_cny_per_gpu_hour",
            "spot_price_factor",
            "spot_interruptions_per_100_hours",
            "restart_hours",
            "spot_capacity_share",
            "spot_wait_hours",
            "checkpoint_interval_hours",
            "spot_job_gpus",
        ],
    ),
    OptionId.MIX: (
        "reserved baseline N_m (monthly or yearly) × its price + bursts above N_m × 730 on "
        "on-demand or spot (spot bursts belong to the plan's job and pay its re-run "
        "share, as the spot option); N found by exact search over 0..peak",
        [
            "monthly_cny_per_gpu_month",
            "yearly_price_factor",
            "on_demand_cny_per_gpu_hour",
            "spot_price_factor",
        ],
    ),
    OptionId.COLOCATION: (
        "purchase (cards + servers + network share + storage) − resale value at horizon end "
        "(book value, above-residual part cut by the second-hand haircut) + electricity "
        "(TDP × load + overhead) × PUE × hours × tariff + racks + IDC bandwidth + staff + "
        "maintenance + interest on the loan that pays the purchases (equal principal "
        "over the life) + on-demand overflow",
        [
            "gpu_price_cny",
            "server_cny_per_server",
            "network_fraction_of_hardware",
            "storage_cny_per_tb",
            "hardware_life_years",
            "residual_fraction",
            "resale_haircut",
            "tdp_w",
            "gpu_load_factor",
            "server_overhead_w_per_gpu",
            "pue",
            "electricity_cny_per_kwh",
            "rack_cny_per_month",
            "rack_power_kw",
            "idc_bandwidth_cny_per_month",
            "ops_salary_cny_per_year",
            "ops_fte_per_100_gpus",
            "maintenance_fraction_per_year",
            "financing_rate_per_year",
            "deposit_months",
        ],
    ),
    OptionId.SELF_BUILD: (
        "as colocation, without rack rent, plus room retrofit (CNY/kW of IT load), "
        "the region's high PUE for a small room and public bandwidth",
        [
            "gpu_price_cny",
            "server_cny_per_server",
            "network_fraction_of_hardware",
            "hardware_life_years",
            "residual_fraction",
            "resale_haircut",
            "tdp_w",
            "pue_self_build",
            "electricity_cny_per_kwh",
            "retrofit_cny_per_kw",
            "public_bandwidth_cny_per_mbps_month",
            "ops_salary_cny_per_year",
            "maintenance_fraction_per_year",
            "financing_rate_per_year",
        ],
    ),
    OptionId.HYBRID: (
        "owned N cards (colocation or self-build formula on the demand up to "
        "N × 730 GPU-hours a month) + the cheapest mix of the demand above them "
        "(no rental add-ons when cards are owned); N = the cheapest of 0, the "
        "fleet and the monthly card counts",
        [
            "gpu_price_cny",
            "server_cny_per_server",
            "monthly_cny_per_gpu_month",
            "yearly_price_factor",
            "on_demand_cny_per_gpu_hour",
            "spot_price_factor",
            "hardware_life_years",
            "electricity_cny_per_kwh",
        ],
    ),
}

SPOT_INSTANCES = "cost.spot_job.instances"
SPOT_OVERHEAD = "cost.spot_job.overhead_fraction"
SPOT_REFERENCE = (
    "AWS EC2 User Guide, Spot Instance interruptions, and Spot Instance Advisor "
    "(reclaims per instance; interruption-frequency bands per month); Alibaba Cloud "
    "ECS help on preemptible instances (抢占式实例): a one-hour protection period, "
    "then release after five minutes' notice; Young 1974 (half a checkpoint "
    "interval lost per interruption)"
)
"""Sources of the spot convention, as the "why?" dialog cites them."""

_RESIDUAL_NOTE = (
    "Owned hardware: the horizon is charged the purchase price minus the resale value at "
    "its end; the remaining book value is not a cost, but a second-hand sale loses the "
    "haircut on the above-residual part. The resale value and returned deposits appear as "
    "money in during the last month."
)
"""The engine's notation of the owned options (a reader reads the catalog's
``report.formula.cost.options.owned.total_cny``)."""


_FORMULA_REF = f"{ALL_ARTICLES}; Brealey, Myers & Allen 2020"
_SPOT_FORMULA_REF = f"{_FORMULA_REF}; {SPOT_REFERENCE}"


def _total_formula(option: OptionId) -> tuple[str, str, tuple[str, ...]]:
    """The key, formula and input names of an option's total."""
    formula, keys = _FORMULAS[option]
    if option in (OptionId.COLOCATION, OptionId.SELF_BUILD):
        formula = f"{formula}. {_RESIDUAL_NOTE}"
    return f"cost.options.{option.value}.total_cny", formula, tuple(keys)


# each option's total: its key, formula and input names
_TOTALS = {option: _total_formula(option) for option in _FORMULAS}


def formula_explanations(
    resolved: Resolved,
    priced: dict[OptionId, OptionArrays],
    spot: SpotJob | None = None,
) -> list[Explanation]:
    """How each priced option's total, the commitment discounts and the
    break-even utilisation are worked out.

    Spot's total also names the instances its job spans and its re-run
    overhead (``spot``), with the sources of the reclaim convention.
    """
    out: list[Explanation] = []
    refs = resolved.refs
    for option in priced:
        key, formula, keys = _TOTALS[option]
        inputs = [refs[k] for k in keys if k in refs]
        reference = _FORMULA_REF
        if option is OptionId.SPOT and spot is not None:
            inputs.append(_engine_ref(SPOT_INSTANCES, spot.instances))
            if spot.overhead_fraction is not None:
                inputs.append(_engine_ref(SPOT_OVERHEAD, spot.overhead_fraction))
            reference = _SPOT_FORMULA_REF
        out.append(_explain(key, formula, inputs, reference))
    out.append(commitment_explanation(resolved))
    out.append(
        _explain(
            "cost.break_even.utilization",
            "u* = (F − A) / ((p − V) × G × 730 × H): F fixed owned cost, V owned cost "
            "per used GPU-hour, A renting add-ons, p rental price per GPU-hour",
            [
                resolved.refs[k]
                for k in (
                    "on_demand_cny_per_gpu_hour",
                    "monthly_cny_per_gpu_month",
                    "gpu_price_cny",
                )
            ],
            _ARTICLE_003,
        )
    )
    return out


COMMITMENT_KEY = keys.COMMITMENT


def commitment_explanation(resolved: Resolved) -> Explanation:
    """The commitment discounts stated against their named list prices.

    The yearly (包年) price is ``yearly_price_factor`` × the monthly (包月) list
    price; spot is ``spot_price_factor`` × the on-demand (按量付费) list price.
    The explanation's engine input gives the yearly price as a share of 730
    on-demand hours, the list price the idctop.com article on renting compute
    in Shanghai puts commitments against (70-80 %).
    """
    v = resolved.values
    od_month = v["on_demand_cny_per_gpu_hour"] * 730.0
    yearly = v["monthly_cny_per_gpu_month"] * v["yearly_price_factor"]
    share = yearly / od_month if od_month > 0 else 0.0
    keys = (
        "yearly_price_factor",
        "monthly_cny_per_gpu_month",
        "on_demand_cny_per_gpu_hour",
        "spot_price_factor",
    )
    return _explain(
        COMMITMENT_KEY,
        "yearly price = yearly factor × monthly list price; share of the "
        "on-demand list price = yearly price / (on-demand price × 730 h); "
        "spot price = spot factor × on-demand list price",
        [
            *(resolved.refs[k] for k in keys if k in resolved.refs),
            _engine_ref(
                "cost.commitment.yearly_cny_per_gpu_month", yearly, "CNY/GPU-month"
            ),
            _engine_ref(COMMITMENT_KEY, share),
        ],
        article("001", "prepaid_commitments"),
    )


_OWNED = (OptionId.COLOCATION, OptionId.SELF_BUILD)
_BREAK_EVEN_REF = article("003", "payback_period")
_ARTICLE_003 = article("003")
_PER_HOUR_REF = article("003", "per_useful_card_hour")
_UTILIZATION_REF = article("003", "high_stable_utilisation")
_SIX_MONTH_REF = article("003", "six_month_rule")
_MIX_REF = article("001", "baseline_and_bursts")
_NPV_REF = (
    "Brealey, Myers & Allen (2020), Principles of Corporate Finance, 13th ed., "
    "ch. 2 (present value of monthly cash flows)"
)


def _ref(name: str, value: float | str, unit: str, source: str) -> InputRef:
    """An input of an explanation, with its unit and where it came from."""
    return InputRef(name=name, value=value, unit=unit, source=source)


def _engine_ref(name: str, value: float | str, unit: str = "") -> InputRef:
    """An input computed by the engine itself (another result), numbers
    rounded to 4 decimals; a ratio that overflows (a price of 1e-310 CNY
    divides to infinity) is shown as "—", not as a number.

    >>> _engine_ref("x", 1e10 / 1e-310).value
    '—'
    """
    if isinstance(value, str):
        shown: float | str = value
    else:
        shown = round(float(value), 4) if math.isfinite(value) else "—"
    return _ref(name, shown, unit, "engine")


def _explain(
    key: str, formula: str, inputs: list[InputRef], reference: str
) -> Explanation:
    """An explanation: its key, formula, inputs and reference."""
    return Explanation(key=key, formula=formula, inputs=inputs, reference=reference)


def cost_explanations(
    project: Project,
    resolved: Resolved,
    results: list[OptionResult],
    break_even: BreakEven,
    recommendation: Recommendation,
    demand_source: str,
) -> list[Explanation]:
    """Explanations of the options table, break-even, six-month rule and mix.

    Inputs read from the project or the catalog carry the provenance that
    :func:`~gpu_advisor.engine.cost.resolve.resolve` recorded; figures computed by
    the engine (another result) say ``engine``.

    Parameters
    ----------
    project : Project
        The plan (horizon, demand).
    resolved : Resolved
        Cost inputs with their provenance.
    results : list of OptionResult
        The priced options.
    break_even : BreakEven
        Owning versus renting.
    recommendation : Recommendation
        The chosen option and its mix plan.
    demand_source : str
        ``'project'`` (monthly profile) or ``'workload'`` (derived).

    Returns
    -------
    list of Explanation
        Keys from :mod:`gpu_advisor.engine.explain_keys`.

    Examples
    --------
    >>> from gpu_advisor.engine.evaluate import evaluate
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> ev = evaluate(Project(), load_catalog())
    >>> [e.key for e in ev.cost.explanations if e.key.endswith(".month")]
    ['cost.break_even.month']
    """
    refs = resolved.refs
    hours_src = (
        "project: demand.months" if demand_source == "project" else "engine: workload"
    )
    horizon_ref = _ref(
        "meta.horizon_months", float(project.meta.horizon_months), "months", "project"
    )
    out: list[Explanation] = []
    for option in results:
        if option.id in _OPTION_NAMES:  # the hosted API: hosted_explanations
            out += _option_figures(option, refs, horizon_ref, hours_src)
    out.append(_break_even_month(results, break_even, refs, horizon_ref))
    out.append(_six_month_rule(break_even, refs))
    mix = recommendation.mix_detail
    if mix is not None:
        out.append(_mix_baseline(mix, refs))
    return out


class _OptionNames(NamedTuple):
    """One option's explanation keys and input names, and its price inputs."""

    total: str
    useful: str
    billed: str
    gpus: str
    npv: str
    per_hour: str
    utilization: str
    prices: tuple[str, ...]


def _option_names(option: OptionId) -> _OptionNames:
    oid = str(option)
    return _OptionNames(
        total=keys.option_key(oid, keys.OPTION_TOTAL),
        useful=f"cost.options.{oid}.useful_gpu_hours",
        billed=f"cost.options.{oid}.billed_gpu_hours",
        gpus=f"cost.options.{oid}.gpus",
        npv=keys.option_key(oid, keys.OPTION_NPV),
        per_hour=keys.option_key(oid, keys.OPTION_PER_USEFUL_HOUR),
        utilization=keys.option_key(oid, keys.OPTION_UTILIZATION),
        prices=tuple(_FORMULAS[option][1][:3]),
    )


# each option's explanation keys and input names
_OPTION_NAMES = {option: _option_names(option) for option in _FORMULAS}


def _option_figures(
    option: OptionResult,
    refs: Mapping[str, InputRef],
    horizon_ref: InputRef,
    hours_src: str,
) -> list[Explanation]:
    """One option's NPV, cost per useful GPU-hour and utilisation."""
    names = _OPTION_NAMES[option.id]
    total = _engine_ref(names.total, option.total_cny, "CNY")
    useful = _ref(names.useful, round(option.useful_gpu_hours, 3), "GPU-h", hours_src)
    billed = _engine_ref(names.billed, option.billed_gpu_hours, "GPU-h")
    prices = [refs[k] for k in names.prices if k in refs]
    npv = _explain(
        names.npv,
        "NPV = Σ_m cash_m / (1 + r)^((m − 1) / 12), month 1 not discounted; "
        "purchases and deposits are cash out in month 1, resale value and "
        "returned deposits cash in during the last month",
        [refs["discount_rate_per_year"], horizon_ref, total],
        _NPV_REF,
    )
    per_hour = _explain(
        names.per_hour,
        "total over the horizon / card-hours actually used (idle paid hours "
        "raise it; the planned demand, not the hours paid for)",
        [total, useful, *prices],
        _PER_HOUR_REF,
    )
    if option.id in _OWNED:
        util_formula = (
            "card-hours used / (cards owned × 730 h × months); hours above the "
            "owned capacity overflow to on-demand"
        )
        util_inputs = [
            useful,
            _engine_ref(names.gpus, option.gpus, "cards"),
            horizon_ref,
            billed,
        ]
    else:
        util_formula = (
            "card-hours used / card-hours paid for (rounded up to the billing "
            "granularity, whole months or 12-month blocks, spot re-runs)"
        )
        util_inputs = [useful, billed]
        if option.id is OptionId.ON_DEMAND:
            util_inputs.append(refs["billing_granularity_hours"])
    utilization = _explain(
        names.utilization,
        util_formula,
        util_inputs,
        _UTILIZATION_REF,
    )
    return [npv, per_hour, utilization]


def _break_even_month(
    results: list[OptionResult],
    break_even: BreakEven,
    refs: Mapping[str, InputRef],
    horizon_ref: InputRef,
) -> Explanation:
    """The payback month of the cheaper owned option against the cheapest rental."""
    by_id = {o.id: o for o in results}
    own = by_id.get(break_even.owned_option) if break_even.owned_option else None
    rent = by_id.get(break_even.rent_option) if break_even.rent_option else None
    pair: list[InputRef] = []
    if own is not None and rent is not None:
        pair = [
            _engine_ref(
                keys.valued_name("owned_option", option=own.id), own.total_cny, "CNY"
            ),
            _engine_ref(
                keys.valued_name("purchases_up_front", option=own.id),
                own.capex_cny,
                "CNY",
            ),
            _engine_ref(
                keys.valued_name("renting_option", option=rent.id),
                rent.total_cny,
                "CNY",
            ),
        ]
    return _explain(
        keys.BREAK_EVEN_MONTH,
        "first month m from which Σ_{k≤m} own cash_k ≤ Σ_{k≤m} rent cash_k to the "
        "horizon's end (the payback month); own = the cheaper owned option with "
        "its purchases paid from cash in their months (no loan), rent = the "
        "cheapest feasible renting option; none when owning stays dearer over "
        "the horizon",
        [
            *pair,
            horizon_ref,
            refs["gpu_price_cny"],
            refs["on_demand_cny_per_gpu_hour"],
            refs["monthly_cny_per_gpu_month"],
        ],
        _BREAK_EVEN_REF,
    )


def _six_month_rule(break_even: BreakEven, refs: Mapping[str, InputRef]) -> Explanation:
    """The idctop.com rule of thumb: rent against depreciation plus electricity."""
    rule = break_even.rule_six_months
    rule_inputs = [
        refs["hardware_life_years"],
        refs["electricity_cny_per_kwh"],
        refs["pue"],
        refs["gpu_price_cny"],
    ]
    if rule is not None:
        rule_inputs = [
            _engine_ref("monthly rent", rule.monthly_rent_cny, "CNY/month"),
            _engine_ref(
                "depreciation + electricity",
                rule.depreciation_plus_electricity_cny,
                "CNY/month",
            ),
            _engine_ref("months with planned demand", rule.plan_months, "months"),
            _ref(
                "breakeven.SIX_MONTHS",
                float(rule.required_months),
                "months",
                _ARTICLE_003,
            ),
            *rule_inputs,
        ]
    return _explain(
        keys.SIX_MONTH_RULE,
        "buy when monthly rent > monthly depreciation + electricity AND the plan "
        "holds ≥ 6 months; monthly rent = cheapest renting total / months with "
        "demand; depreciation + electricity = owned option's (hardware, network, "
        "storage depreciation + electricity) / horizon months. Leaves out staff, "
        "rack and financing (the options table does not)",
        rule_inputs,
        _SIX_MONTH_REF,
    )


def _mix_baseline(mix: MixDetail, refs: Mapping[str, InputRef]) -> Explanation:
    """The mix's reserved baseline and its bursts."""
    return _explain(
        keys.MIX_BASELINE,
        "reserved baseline N_m per month (monthly) or per 12-month block "
        "(yearly) chosen by exact search over 0..peak cards to minimise "
        "reserved cost + bursts; bursts = hours above N_m × 730 on "
        "on-demand or spot",
        [
            _engine_ref(
                "recommendation.mix_detail.baseline_kind", str(mix.baseline_kind)
            ),
            _engine_ref(
                "max(recommendation.mix_detail.baseline_gpus)",
                max(mix.baseline_gpus, default=0),
                "cards",
            ),
            _engine_ref(
                "recommendation.mix_detail.reserved_gpu_hours",
                mix.reserved_gpu_hours,
                "GPU-h",
            ),
            _engine_ref("recommendation.mix_detail.burst_kind", str(mix.burst_kind)),
            _engine_ref(
                "recommendation.mix_detail.burst_gpu_hours",
                mix.burst_gpu_hours,
                "GPU-h",
            ),
            *[refs[k] for k in _FORMULAS[OptionId.MIX][1] if k in refs],
        ],
        _MIX_REF,
    )
