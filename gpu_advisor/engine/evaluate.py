"""Project → Evaluation: sizing, cost, risk and recommendation in one call.

This is the only module of the cost engine that reads the sizing result; the
cost functions themselves take plain numbers and arrays.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from gpu_advisor.engine.breakeven import compute_break_even
from gpu_advisor.engine.cost import (
    OptionArrays,
    make_params,
    owned_gpus_for,
    price_pure_options,
    to_result,
)
from gpu_advisor.engine.demand import derive_demand
from gpu_advisor.engine.mix import MixPolicy, best_policy, price_mix
from gpu_advisor.engine.recommend import recommend
from gpu_advisor.engine.resolve import Resolved, resolve
from gpu_advisor.engine.risk import monte_carlo, tornado
from gpu_advisor.engine.sizing import size_workload
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Explanation, InputRef
from gpu_advisor.model.cost_results import CostResult, CurrencyInfo
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import OptionId, PhaseKind, Project, TaskKind

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
        "per 12-month block: block peak cards × monthly price × yearly factor × 12 + add-ons",
        ["monthly_cny_per_gpu_month", "yearly_price_factor"],
    ),
    OptionId.SPOT: (
        "on-demand price × spot factor × hours × (1 + interruptions/h × "
        "(checkpoint interval / 2 + restart)) + add-ons",
        [
            "on_demand_cny_per_gpu_hour",
            "spot_price_factor",
            "spot_interruptions_per_100_hours",
            "restart_hours",
            "checkpoint_interval_hours",
        ],
    ),
    OptionId.MIX: (
        "reserved baseline N_m (monthly or yearly) × its price + bursts above N_m × 730 on "
        "on-demand or spot; N found by exact search over 0..peak",
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
        "maintenance + financing on book value + on-demand overflow",
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
}

_RESIDUAL_NOTE = (
    "Owned hardware: the horizon is charged the purchase price minus the resale value at "
    "its end; the remaining book value is not a cost, but a second-hand sale loses the "
    "haircut on the above-residual part. The resale value and returned deposits appear as "
    "money in during the last month. / 自购硬件：规划期只承担购价减去期末可变现价值；剩余账面价值"
    "不计为成本，但二手出售要对高于残值的部分打折。可变现价值和退还押金计入最后一个月的现金流入。"
)


def _with_network_hint(
    resolved: Resolved, project: Project, fraction: float
) -> Resolved:
    """Use the sizing's network share of the hardware when it is larger."""
    key = "network_fraction_of_hardware"
    if (
        project.budget.network_fraction_of_hardware is not None
        or fraction <= resolved.values[key]
    ):
        return resolved
    values = dict(resolved.values)
    refs = dict(resolved.refs)
    values[key] = fraction
    refs[key] = InputRef(
        name=f"budget.{key}",
        value=fraction,
        source="sizing.storage.network_budget_fraction",
    )
    return replace(resolved, values=values, refs=refs)


def _explanations(
    resolved: Resolved, priced: dict[OptionId, OptionArrays]
) -> list[Explanation]:
    out: list[Explanation] = []
    for option in priced:
        formula, keys = _FORMULAS[option]
        if option in (OptionId.COLOCATION, OptionId.SELF_BUILD):
            formula = f"{formula}. {_RESIDUAL_NOTE}"
        out.append(
            Explanation(
                key=f"cost.options.{option.value}.total_cny",
                formula=formula,
                inputs=[resolved.refs[k] for k in keys if k in resolved.refs],
                reference="gpu_advisor.engine.cost (seeds 000-003; Brealey, Myers & Allen 2020)",
            )
        )
    out.append(
        Explanation(
            key="cost.break_even.utilization",
            formula="u* = (F − A) / ((p − V) × G × 730 × H): F fixed owned cost, V owned cost "
            "per used GPU-hour, A renting add-ons, p rental price per GPU-hour",
            inputs=[
                resolved.refs[k]
                for k in (
                    "on_demand_cny_per_gpu_hour",
                    "monthly_cny_per_gpu_month",
                    "gpu_price_cny",
                )
            ],
            reference="gpu_advisor.engine.breakeven; seed 003",
        )
    )
    return out


def _serves(project: Project) -> bool:
    """True when the demand includes inference serving."""
    if project.demand.months:
        return any(m.phase is PhaseKind.INFERENCE for m in project.demand.months)
    return project.workload.task is TaskKind.INFERENCE


def measured_mfu_for(project: Project) -> float | None:
    """The MFU measured by vendor tests on the plan's GPU, if any.

    When several vendors measured it, the lowest figure is used: a plan sized
    on the slowest measured run does not run out of GPU-hours. ``workload.mfu``
    set by the user still wins (see ``size_workload``).

    Parameters
    ----------
    project : Project
        Its vendors' ``measured_mfu`` and ``gpu_id``, and ``workload.gpu_id``.

    Returns
    -------
    float or None
        Model FLOPs utilisation [1], or None when no vendor measured the GPU.

    Examples
    --------
    >>> from gpu_advisor.model.project import Vendor
    >>> gpu = Project().workload.gpu_id
    >>> vendors = [Vendor(name="a", gpu_id=gpu, measured_mfu=0.42),
    ...            Vendor(name="b", gpu_id=gpu, measured_mfu=0.31)]
    >>> measured_mfu_for(Project(vendors=vendors))
    0.31
    >>> measured_mfu_for(Project()) is None
    True
    """
    measured = [
        v.measured_mfu
        for v in project.vendors
        if v.measured_mfu is not None and v.gpu_id == project.workload.gpu_id
    ]
    return min(measured) if measured else None


def evaluate(
    project: Project, catalog: Catalog, *, monte_carlo_draws: int = 0, seed: int = 0
) -> Evaluation:
    """Size the workload, price every option, and recommend one.

    Parameters
    ----------
    project : Project
        The plan.
    catalog : Catalog
        Shipped defaults.
    monte_carlo_draws : int
        Draws for the Monte Carlo; 0 skips it. [1]
    seed : int
        Seed of the Monte Carlo's random generator.

    Returns
    -------
    Evaluation
        Sizing, cost (options, break-even, tornado, recommendation) and the
        Monte Carlo when asked for.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> ev = evaluate(Project(), load_catalog())
    >>> ev.cost.recommendation.option in set(OptionId)
    True
    """
    sizing = size_workload(
        project.workload, catalog, measured_mfu=measured_mfu_for(project)
    )
    gpu_id = sizing.gpu_id or project.workload.gpu_id
    resolved = resolve(project, catalog, gpu_id)
    resolved = _with_network_hint(
        resolved, project, sizing.storage.network_budget_fraction
    )
    demand, source, demand_warnings = derive_demand(project, sizing)
    d = np.asarray([demand], dtype=np.float64)
    budget = project.budget
    owned_gpus = owned_gpus_for(d, budget.owned_gpus)
    p = make_params(resolved, 1, checkpointing=budget.checkpointing)
    options = [o for o in OptionId if o in set(budget.options)]
    priced = price_pure_options(p, d, owned_gpus, options)
    policy: MixPolicy | None = None
    if OptionId.MIX in options:
        policy = best_policy(p, d, allow_spot=OptionId.SPOT in options)
        priced[OptionId.MIX] = price_mix(p, d, policy)
    priced = {o: priced[o] for o in options if o in priced}
    risk_options = options
    if OptionId.SPOT in priced and _serves(project):
        # reclaimed instances drop users' requests: serving cannot run on spot
        # (the mix may still put training bursts on spot above its baseline)
        spot = priced[OptionId.SPOT]
        spot.feasible = False
        spot.reason_en = "Serving months cannot run on reclaimable spot instances."
        spot.reason_zh = "推理服务月份不能使用随时可能被回收的竞价实例。"
        risk_options = [o for o in options if o is not OptionId.SPOT]
    results = [to_result(arr, p.discount_rate) for arr in priced.values()]
    break_even = compute_break_even(p, priced, demand, owned_gpus)
    bars = tornado(
        resolved,
        d,
        owned_gpus,
        risk_options,
        policy,
        checkpointing=budget.checkpointing,
        mfu=sizing.compute.mfu,
    )
    rec = recommend(
        project,
        catalog,
        results,
        demand,
        break_even,
        policy,
        gpu_id,
        resolved.values["hardware_life_years"],
    )
    vat_en = (
        "Prices include VAT (6 % on services, 13 % on goods)."
        if project.meta.prices_include_vat
        else "The project's own prices exclude VAT; 6 % (services) and 13 % (goods) were "
        "added so that every option compares gross amounts."
    )
    vat_zh = (
        "价格均含增值税（服务 6%，货物 13%）。"
        if project.meta.prices_include_vat
        else "项目填写的价格不含税，已按服务 6%、货物 13% 加上增值税，各方案按含税金额比较。"
    )
    currency = CurrencyInfo(
        code=resolved.currency_code,
        cny_per_unit=resolved.cny_per_unit,
        as_of=resolved.currency_as_of,
        source=resolved.currency_source,
        vat_note_en=vat_en,
        vat_note_zh=vat_zh,
    )
    cost = CostResult(
        options=results,
        break_even=break_even,
        tornado=bars,
        recommendation=rec,
        demand_gpu_hours=[round(h, 3) for h in demand],
        demand_source=source,
        horizon_months=project.meta.horizon_months,
        gpu_id=gpu_id,
        currency=currency,
        explanations=_explanations(resolved, priced),
        warnings=[*demand_warnings, *rec.warnings],
    )
    mc = None
    if monte_carlo_draws > 0:
        mc = monte_carlo(
            resolved,
            d,
            owned_gpus,
            risk_options,
            policy,
            draws=monte_carlo_draws,
            seed=seed,
            checkpointing=budget.checkpointing,
        )
    return Evaluation(sizing=sizing, cost=cost, monte_carlo=mc)
