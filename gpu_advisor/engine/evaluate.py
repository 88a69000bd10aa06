"""Project → Evaluation: sizing, cost, risk, vendors, review and rollout.

This is the only module of the cost engine that reads the sizing result; the
cost functions themselves take plain numbers and arrays.
:func:`evaluate_plan` is the one entry point of the steps, the PDF plan, the
CLI and the self-test: it returns a :class:`PlanEvaluation` whose vendors are
judged and scored on the evaluation's own sizing (with the measured MFU),
whose Monte Carlo uses the plan's draws and seed
(:mod:`gpu_advisor.engine.plan_defaults`), and whose review and rollout are
computed on first use.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Final

import numpy as np
from pydantic import PrivateAttr

from gpu_advisor.engine import explain_keys as keys
from gpu_advisor.engine.cost.breakeven import compute_break_even
from gpu_advisor.engine.cost.demand import derive_demand, spot_forbidden_months
from gpu_advisor.engine.cost.feasibility import apply_feasibility, mark_same_as
from gpu_advisor.engine.cost.includes import includes
from gpu_advisor.engine.cost.mix import (
    HybridPlan,
    MixPolicy,
    best_hybrid,
    best_policy,
    price_hybrid,
    price_mix,
    spot_months,
)
from gpu_advisor.engine.cost.price import (
    FloatArray,
    OptionArrays,
    Params,
    make_params,
    owned_gpus_for,
    price_pure_options,
    spot_job,
    to_result,
)
from gpu_advisor.engine.cost.recommend import hybrid_result, recommend
from gpu_advisor.engine.cost.resolve import (
    HOURS_PER_MONTH,
    Resolved,
    construct,
    resolve,
    with_spot_job,
)
from gpu_advisor.engine.cost.risk import (
    MONTE_CARLO_CHUNKS,
    MonteCarloPartial,
    monte_carlo,
    tornado,
)
from gpu_advisor.engine.cost.risk import monte_carlo_chunks as risk_chunks
from gpu_advisor.engine.evidence.vendors import (
    VendorsResult,
    evaluate_vendors,
    plan_sizing,
)
from gpu_advisor.engine.names import ALL_ARTICLES, article
from gpu_advisor.engine.plan_defaults import (
    PLAN_MONTE_CARLO_DRAWS,
    PLAN_MONTE_CARLO_SEED,
)
from gpu_advisor.engine.rollout.review import Review, review
from gpu_advisor.engine.sizing.compute import Z_P90
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Advice, Explanation, InputRef, Language
from gpu_advisor.model.cost_results import (
    BreakEven,
    CostResult,
    CurrencyInfo,
    HybridResult,
    MonteCarloResult,
    OptionResult,
    Recommendation,
    SpotJob,
)
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import (
    DataResidency,
    Environment,
    OptionId,
    PhaseKind,
    Project,
    Scheduler,
    TaskKind,
    Vendor,
    Workload,
)
from gpu_advisor.model.scenario_results import CandidateCost
from gpu_advisor.model.sizing_results import SizingResult

if TYPE_CHECKING:  # the generators load on first use of a rollout (cold start)
    from gpu_advisor.engine.rollout.configs.common import GeneratedConfig
    from gpu_advisor.engine.rollout.configs.environment import RolloutPlan

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
        "on-demand price × spot factor × hours × (1 + reclaims per instance-hour × "
        "instances of the job × (checkpoint interval / 2 + restart)) + add-ons; "
        "instances = ceil(job cards / cards per server); the job (the plan's "
        "cluster) stops whenever any of its instances is reclaimed and loses the "
        "work on all its cards",
        [
            "on_demand_cny_per_gpu_hour",
            "spot_price_factor",
            "spot_interruptions_per_100_hours",
            "restart_hours",
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
    resolved: Resolved,
    priced: dict[OptionId, OptionArrays],
    spot: SpotJob | None = None,
) -> list[Explanation]:
    out: list[Explanation] = []
    for option in priced:
        formula, keys = _FORMULAS[option]
        if option in (OptionId.COLOCATION, OptionId.SELF_BUILD):
            formula = f"{formula}. {_RESIDUAL_NOTE}"
        inputs = [resolved.refs[k] for k in keys if k in resolved.refs]
        reference = f"{ALL_ARTICLES}; Brealey, Myers & Allen 2020"
        if option is OptionId.SPOT and spot is not None:
            inputs.append(_engine_ref(SPOT_INSTANCES, spot.instances))
            if spot.overhead_fraction is not None:
                inputs.append(_engine_ref(SPOT_OVERHEAD, spot.overhead_fraction))
            reference = f"{reference}; {SPOT_REFERENCE}"
        out.append(
            Explanation(
                key=f"cost.options.{option.value}.total_cny",
                formula=formula,
                inputs=inputs,
                reference=reference,
            )
        )
    out.append(commitment_explanation(resolved))
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
            reference=article("003"),
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
    return Explanation(
        key=COMMITMENT_KEY,
        formula="yearly price = yearly factor × monthly (包月) list price; share of the "
        "on-demand (按量付费) list price = yearly price / (on-demand price × 730 h); "
        "spot price = spot factor × on-demand list price",
        inputs=[
            *(resolved.refs[k] for k in keys if k in resolved.refs),
            _engine_ref(
                "cost.commitment.yearly_cny_per_gpu_month", yearly, "CNY/GPU-month"
            ),
            _engine_ref(COMMITMENT_KEY, share),
        ],
        reference="“Renting compute for large-model training in Shanghai: pay-as-you-go "
        "GPU cloud” (idctop.com): prepaid commitments at 70-80 % of the list price",
    )


_OWNED = (OptionId.COLOCATION, OptionId.SELF_BUILD)
_BREAK_EVEN_REF = article("003", "payback period", "回本周期")
_NPV_REF = (
    "Brealey, Myers & Allen (2020), Principles of Corporate Finance, 13th ed., "
    "ch. 2 (present value of monthly cash flows)"
)


def _engine_ref(name: str, value: float | str, unit: str = "") -> InputRef:
    """An input computed by the engine itself (another result)."""
    v = value if isinstance(value, str) else round(float(value), 4)
    return construct(InputRef, name=name, value=v, unit=unit, source="engine")


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
    the engine (another result) say ``engine``. Built with
    ``model_construct`` from validated parts, so that the whole cost
    evaluation stays within its 2 ms budget.

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
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> ev = evaluate(Project(), load_catalog())
    >>> [e.key for e in ev.cost.explanations if e.key.endswith(".month")]
    ['cost.break_even.month']
    """
    refs = resolved.refs
    horizon = project.meta.horizon_months
    hours_src = (
        "project: demand.months" if demand_source == "project" else "engine: workload"
    )
    horizon_ref = construct(
        InputRef,
        name="meta.horizon_months",
        value=float(horizon),
        unit="months",
        source="project",
    )
    out: list[Explanation] = []

    def add(key: str, formula: str, inputs: list[InputRef], reference: str) -> None:
        out.append(
            construct(
                Explanation,
                key=key,
                formula=formula,
                inputs=inputs,
                reference=reference,
            )
        )

    for option in results:
        oid = str(option.id)
        total = _engine_ref(
            keys.option_key(oid, keys.OPTION_TOTAL), option.total_cny, "CNY"
        )
        useful = construct(
            InputRef,
            name=f"cost.options.{oid}.useful_gpu_hours",
            value=round(option.useful_gpu_hours, 3),
            unit="GPU-h",
            source=hours_src,
        )
        billed = _engine_ref(
            f"cost.options.{oid}.billed_gpu_hours", option.billed_gpu_hours, "GPU-h"
        )
        prices = [refs[k] for k in _FORMULAS[option.id][1][:3] if k in refs]
        add(
            keys.option_key(oid, keys.OPTION_NPV),
            "NPV = Σ_m cash_m / (1 + r)^((m − 1) / 12), month 1 not discounted; "
            "purchases and deposits are cash out in month 1, resale value and "
            "returned deposits cash in during the last month",
            [refs["discount_rate_per_year"], horizon_ref, total],
            _NPV_REF,
        )
        add(
            keys.option_key(oid, keys.OPTION_PER_USEFUL_HOUR),
            "total over the horizon / card-hours actually used (idle paid hours "
            "raise it; the planned demand, not the hours paid for)",
            [total, useful, *prices],
            article("003", "compare per useful card-hour", "按有效卡时比较"),
        )
        if option.id in _OWNED:
            util_formula = (
                "card-hours used / (cards owned × 730 h × months); hours above the "
                "owned capacity overflow to on-demand"
            )
            util_inputs = [
                useful,
                _engine_ref(f"cost.options.{oid}.gpus", option.gpus, "cards"),
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
        add(
            keys.option_key(oid, keys.OPTION_UTILIZATION),
            util_formula,
            util_inputs,
            article(
                "003",
                "owning pays only at high, stable utilisation",
                "只有高而稳定的利用率才值得自购",
            ),
        )

    by_id = {o.id: o for o in results}
    own = by_id.get(break_even.owned_option) if break_even.owned_option else None
    rent = by_id.get(break_even.rent_option) if break_even.rent_option else None
    pair: list[InputRef] = []
    if own is not None and rent is not None:
        pair = [
            _engine_ref(f"owned option: {own.id}", own.total_cny, "CNY"),
            _engine_ref(
                f"{own.id} cash in month 1",
                own.monthly_cny[0] if own.monthly_cny else 0.0,
                "CNY",
            ),
            _engine_ref(f"renting option: {rent.id}", rent.total_cny, "CNY"),
        ]
    add(
        keys.BREAK_EVEN_MONTH,
        "first month m with Σ_{k≤m} own cash_k ≤ Σ_{k≤m} rent cash_k (the payback "
        "month); own = the cheaper owned option, rent = the cheapest feasible "
        "renting option; none when owning stays dearer over the horizon",
        [
            *pair,
            horizon_ref,
            refs["gpu_price_cny"],
            refs["on_demand_cny_per_gpu_hour"],
            refs["monthly_cny_per_gpu_month"],
        ],
        _BREAK_EVEN_REF,
    )
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
            construct(
                InputRef,
                name="breakeven.SIX_MONTHS",
                value=float(rule.required_months),
                unit="months",
                source=article("003"),
            ),
            *rule_inputs,
        ]
    add(
        keys.SIX_MONTH_RULE,
        "buy when monthly rent > monthly depreciation + electricity AND the plan "
        "holds ≥ 6 months; monthly rent = cheapest renting total / months with "
        "demand; depreciation + electricity = owned option's (hardware, network, "
        "storage depreciation + electricity) / horizon months. Leaves out staff, "
        "rack and financing (the options table does not)",
        rule_inputs,
        article(
            "003",
            "buy when the monthly rent exceeds depreciation plus electricity "
            "and demand holds six months",
            "买卡还是租卡：月租超过折旧加电费且需求稳定半年以上",
        ),
    )
    mix = recommendation.mix_detail
    if mix is not None:
        add(
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
                _engine_ref(
                    "recommendation.mix_detail.burst_kind", str(mix.burst_kind)
                ),
                _engine_ref(
                    "recommendation.mix_detail.burst_gpu_hours",
                    mix.burst_gpu_hours,
                    "GPU-h",
                ),
                *[refs[k] for k in _FORMULAS[OptionId.MIX][1] if k in refs],
            ],
            article(
                "001", "yearly baseline plus spot bursts", "包年包月基线加竞价实例弹性"
            ),
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


def size_what_if(workload: Workload, catalog: Catalog) -> SizingResult:
    """Size a workload that is not (yet) a plan: ``gpu-advisor-cli size``.

    The sizing :func:`evaluate_plan` makes for a plan with this workload and
    no vendor results (``plan_sizing``: the workload with the vendors'
    measured MFU, the one sizing every output of a plan shows).

    Parameters
    ----------
    workload : Workload
        The job to size.
    catalog : Catalog
        GPUs, networks and models.

    Returns
    -------
    SizingResult

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> c = load_catalog()
    >>> size_what_if(Workload(gpus=16), c) == plan_sizing(
    ...     Project(workload=Workload(gpus=16)), c)
    True
    """
    return plan_sizing(Project(workload=workload), catalog)


def mfu_default(
    project: Project, catalog: Catalog, sizing: SizingResult | None = None
) -> InputRef | None:
    """The MFU the sizing uses when ``workload.mfu`` is empty, with its source.

    The lowest MFU measured by a vendor on the plan's GPU
    (:func:`measured_mfu_for`), otherwise the catalog's default for the GPU
    (PaLM, Chowdhery et al. 2022, App. B). The workload step shows it greyed
    out in the empty MFU field.

    Returns
    -------
    InputRef or None
        None when the catalog does not know the GPU.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Vendor
    >>> c = load_catalog()
    >>> p = Project()
    >>> mfu_default(p, c).value == evaluate(p, c).sizing.compute.mfu
    True
    >>> v = Vendor(name="a", gpu_id=p.workload.gpu_id, measured_mfu=0.21)
    >>> ref = mfu_default(Project(vendors=[v]), c)
    >>> ref.value, ref.source
    (0.21, 'measured: lowest vendor MFU on this GPU (a)')
    """
    gpu_id = project.workload.gpu_id
    measured = measured_mfu_for(project)
    if sizing is None and measured is None and project.workload.mfu is None:
        sizing = plan_sizing(project, catalog)
    if measured is not None:
        names = ", ".join(
            v.name
            for v in project.vendors
            if v.gpu_id == gpu_id and v.measured_mfu == measured
        )
        return InputRef(
            name="workload.mfu",
            value=measured,
            source=f"measured: lowest vendor MFU on this GPU ({names})",
        )
    gpu = next((g for g in catalog.gpus if g.id == gpu_id), None)
    if gpu is None:
        return None
    prov = gpu.provenance
    if sizing is not None and sizing.compute.mfu_source == "catalog":
        # the modelled MFU for this model size and sequence length
        return InputRef(
            name="workload.mfu",
            value=sizing.compute.mfu,
            source="MFU model fitted to published runs (reference_runs.json); "
            f"catalog gpus.json {gpu.id}: {prov.source} "
            f"(as of {prov.as_of.isoformat()})",
        )
    return InputRef(
        name="workload.mfu",
        value=gpu.default_mfu,
        source=f"catalog gpus.json {gpu.id}: {prov.source} "
        f"(as of {prov.as_of.isoformat()})",
    )


@dataclass(slots=True)
class _Prepared:
    """Everything before the results: sizing, inputs, demand, priced options."""

    sizing: SizingResult
    gpu_id: str
    resolved: Resolved
    demand: list[float]
    demand_source: str
    demand_warnings: list[Advice]
    d: FloatArray
    owned_gpus: int
    params: Params
    priced: dict[OptionId, OptionArrays]
    policy: MixPolicy | None
    risk_options: list[OptionId]
    hybrid_plan: HybridPlan | None = None
    hybrid_totals: tuple[float, float, float] = (0.0, 0.0, 0.0)
    """Total, owned part and rented part of the hybrid (scenario 0). [CNY]"""


def _hybrid(
    p: Params,
    d: FloatArray,
    owned_gpus: int,
    options: list[OptionId],
    spot_forbidden: tuple[bool, ...],
    mix_policy: MixPolicy | None = None,
    own_all: bool = False,
) -> tuple[HybridPlan | None, tuple[float, float, float]]:
    """The best hybrid plan: owned kinds among the options (colocation when the
    hybrid is chosen alone), rented part by the cheapest mix; ``own_all``
    (data on the company's own hardware): owned cards cover every month."""
    kinds = [o for o in _OWNED if o in options]
    if not kinds and OptionId.HYBRID in options:
        kinds = [OptionId.COLOCATION]  # needs no machine room
    if not kinds:
        return None, (0.0, 0.0, 0.0)
    plan, total, owned, rented = best_hybrid(
        p,
        d,
        owned_gpus,
        kinds,
        allow_spot=OptionId.SPOT in options,
        spot_forbidden=spot_forbidden,
        mix_policy=mix_policy,
        own_all=own_all,
    )
    return plan, (total, owned, rented)


def _spot_months(prep: _Prepared) -> dict[OptionId, int]:
    """Months each option runs hours on spot instances (scenario 0). [months]"""
    out: dict[OptionId, int] = {}
    spot = prep.priced.get(OptionId.SPOT)
    if spot is not None and spot.feasible:
        out[OptionId.SPOT] = int(np.count_nonzero(prep.d[0] > 0))
    if OptionId.MIX in prep.priced:
        out[OptionId.MIX] = spot_months(prep.policy, prep.d)
    plan = prep.hybrid_plan
    if OptionId.HYBRID in prep.priced and plan is not None:
        rest = np.maximum(prep.d - plan.owned_gpus * HOURS_PER_MONTH, 0.0)
        out[OptionId.HYBRID] = spot_months(plan.rest_policy, rest)
    return out


def _with_includes(
    option: OptionResult, hybrid: HybridResult | None, spot: SpotJob | None = None
) -> OptionResult:
    """The option with its one-sentence scope (:mod:`gpu_advisor.engine.cost.includes`)."""
    en, zh = includes(option, hybrid, spot)
    return option.model_copy(update={"includes_en": en, "includes_zh": zh})


def _prepare(
    project: Project, catalog: Catalog, sizing: SizingResult | None = None
) -> _Prepared:
    """Size, resolve, derive the demand and price every option (scenario 0)."""
    if sizing is None:
        sizing = plan_sizing(project, catalog)
    gpu_id = sizing.gpu_id or project.workload.gpu_id
    resolved = resolve(project, catalog, gpu_id)
    resolved = _with_network_hint(
        resolved, project, sizing.storage.network_budget_fraction
    )
    # spot reclaims stop the plan's whole job: its size sets the overhead
    resolved = with_spot_job(
        resolved, max(1, sizing.cluster.gpus_for_deadline or sizing.cluster.gpus)
    )
    demand, source, demand_warnings = derive_demand(project, sizing)
    d = np.asarray([demand], dtype=np.float64)
    budget = project.budget
    owned_gpus = owned_gpus_for(d, budget.owned_gpus)
    p = make_params(resolved, 1, checkpointing=budget.checkpointing)
    options = [o for o in OptionId if o in set(budget.options)]
    priced = price_pure_options(p, d, owned_gpus, options)
    policy: MixPolicy | None = None
    forbidden = spot_forbidden_months(project, len(demand))
    if OptionId.MIX in options:
        policy = best_policy(
            p, d, allow_spot=OptionId.SPOT in options, spot_forbidden=forbidden
        )
        priced[OptionId.MIX] = price_mix(p, d, policy)
    hybrid_plan, hybrid_totals = _hybrid(
        p,
        d,
        owned_gpus,
        options,
        forbidden,
        policy,
        own_all=budget.data_residency is DataResidency.OWN_HARDWARE,
    )
    if hybrid_plan is not None and OptionId.HYBRID in options:
        priced[OptionId.HYBRID] = price_hybrid(p, d, hybrid_plan)
    priced = {o: priced[o] for o in options if o in priced}
    risk_options = apply_feasibility(
        priced,
        d,
        serves=_serves(project),
        spot_forbidden=forbidden,
        residency=budget.data_residency,
        yearly_factor=resolved.values["yearly_price_factor"],
        hybrid_rents=hybrid_plan is not None
        and (
            hybrid_plan.owned_gpus == 0
            or bool(np.any(d > hybrid_plan.owned_gpus * HOURS_PER_MONTH))
        ),
    )
    mark_same_as(priced, None if hybrid_plan is None else hybrid_plan.owned_gpus)
    return _Prepared(
        sizing=sizing,
        gpu_id=gpu_id,
        resolved=resolved,
        demand=demand,
        demand_source=source,
        demand_warnings=demand_warnings,
        d=d,
        owned_gpus=owned_gpus,
        params=p,
        priced=priced,
        policy=policy,
        risk_options=risk_options,
        hybrid_plan=hybrid_plan,
        hybrid_totals=hybrid_totals,
    )


def _gpu_hours_log_sigma(prep: _Prepared) -> float:
    """σ of the GPU-hour band the Monte Carlo draws (0: no band).

    Only when the priced demand is the sized workload's GPU-hours and the
    sizing shows a P10–P90 range (modelled MFU): ``ln(P90 / point) / 1.2816``,
    which gives back the MFU model's σ, so the draws' P10/P90 are the
    range on the workload step and in the PDF.
    """
    c = prep.sizing.compute
    p90 = c.gpu_hours_p90
    if prep.demand_source != "workload" or p90 is None or not p90 > c.gpu_hours > 0:
        return 0.0
    return math.log(p90 / c.gpu_hours) / Z_P90


def monte_carlo_chunks(
    project: Project,
    catalog: Catalog,
    draws: int,
    seed: int,
    chunks: int = MONTE_CARLO_CHUNKS,
) -> list[Callable[[], MonteCarloPartial]]:
    """The project's Monte Carlo as ``chunks`` calls, for a progress bar.

    The first call to run sizes and prices the project and draws every
    random factor (shared by the other calls through a closure); each call
    then prices its slice of the draws. ``risk.combine`` of their results
    equals ``evaluate(project, catalog, monte_carlo_draws=draws,
    seed=seed).monte_carlo`` exactly.

    Parameters
    ----------
    project : Project
        The plan.
    catalog : Catalog
        Shipped defaults.
    draws : int
        Random scenarios in all. [1]
    seed : int
        Seed of the random generator.
    chunks : int
        Number of calls. [1]

    Returns
    -------
    list of callables
        Each returns a :class:`~gpu_advisor.engine.cost.risk.MonteCarloPartial`.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.cost.risk import combine
    >>> c = load_catalog()
    >>> parts = monte_carlo_chunks(Project(), c, 500, 3, chunks=5)
    >>> whole = evaluate(Project(), c, monte_carlo_draws=500, seed=3).monte_carlo
    >>> combine([run() for run in parts]) == whole
    True
    """
    if draws < 1 or chunks < 1:
        raise ValueError("need draws >= 1 and chunks >= 1")
    count = min(chunks, draws)
    plan: list[Callable[[], MonteCarloPartial]] = []

    def chunk_list() -> list[Callable[[], MonteCarloPartial]]:
        if not plan:  # prepared by whichever call runs first
            prep = _prepare(project, catalog)
            plan.extend(
                risk_chunks(
                    prep.resolved,
                    prep.d,
                    prep.owned_gpus,
                    prep.risk_options,
                    prep.policy,
                    draws=draws,
                    seed=seed,
                    chunks=count,
                    checkpointing=project.budget.checkpointing,
                    gpu_hours_log_sigma=_gpu_hours_log_sigma(prep),
                    hybrid=prep.hybrid_plan,
                )
            )
        return plan

    def run(index: int) -> MonteCarloPartial:
        return chunk_list()[index]()

    return [partial(run, i) for i in range(count)]


def evaluate(
    project: Project,
    catalog: Catalog,
    *,
    monte_carlo_draws: int = 0,
    seed: int = PLAN_MONTE_CARLO_SEED,
    sizing: SizingResult | None = None,
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
    sizing : SizingResult, optional
        The project's sizing when already known (it must be what
        ``size_workload`` returns with :func:`measured_mfu_for`).

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
    prep = _prepare(project, catalog, sizing)
    sizing, resolved, d, demand = prep.sizing, prep.resolved, prep.d, prep.demand
    budget, owned_gpus, p, policy = (
        project.budget,
        prep.owned_gpus,
        prep.params,
        prep.policy,
    )
    priced, risk_options, gpu_id = prep.priced, prep.risk_options, prep.gpu_id
    hybrid = (
        hybrid_result(d, prep.hybrid_plan, *prep.hybrid_totals)
        if prep.hybrid_plan is not None
        else None
    )
    spot = spot_job(p) if OptionId.SPOT in priced or OptionId.MIX in priced else None
    results = [
        _with_includes(to_result(arr, p.discount_rate), hybrid, spot)
        for arr in priced.values()
    ]
    list(priced)
    break_even = compute_break_even(
        p,
        priced,
        demand,
        owned_gpus,
        spot_forbidden=spot_forbidden_months(project, len(demand)),
    )
    bars = tornado(
        resolved,
        d,
        owned_gpus,
        risk_options,
        policy,
        checkpointing=budget.checkpointing,
        mfu=sizing.compute.mfu,
        hybrid=prep.hybrid_plan,
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
        resolved.values,
        hybrid,
        spot=spot,
        spot_months=_spot_months(prep),
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
        hybrid=hybrid,
        spot_job=spot,
        options=results,
        break_even=break_even,
        tornado=bars,
        recommendation=rec,
        demand_gpu_hours=[round(h, 3) for h in demand],
        demand_source=prep.demand_source,
        horizon_months=project.meta.horizon_months,
        gpu_id=gpu_id,
        currency=currency,
        explanations=[
            *_explanations(resolved, priced, spot),
            *cost_explanations(
                project, resolved, results, break_even, rec, prep.demand_source
            ),
        ],
        warnings=[*prep.demand_warnings, *rec.warnings],
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
            gpu_hours_log_sigma=_gpu_hours_log_sigma(prep),
            hybrid=prep.hybrid_plan,
        )
    return Evaluation(sizing=sizing, cost=cost, monte_carlo=mc)


@dataclass(frozen=True, eq=False)
class Rollout:
    """The rollout of a plan: its environment, advice and generated files.

    Every rollout output takes its numbers from here: the environment and
    monitoring steps, the vendors' test kit, ``gpu-advisor-cli rollout`` and
    the PDF's rollout annex. ``plan`` is
    :func:`~gpu_advisor.engine.rollout.configs.plan_environment` on the evaluation's
    own sizing (with the vendors' measured MFU), so the files run the nodes,
    GPUs per node and network settings the workload and cost steps show.
    Each file is generated on first request and then kept.

    Build it with :meth:`of` (``evaluate_plan(...).rollout`` does).
    """

    project: Project
    catalog: Catalog
    plan: RolloutPlan
    _files: dict[tuple[str, Language], GeneratedConfig] = field(
        default_factory=dict, init=False, repr=False
    )
    _schedulers: dict[Scheduler, Rollout] = field(
        default_factory=dict, init=False, repr=False
    )

    @classmethod
    def of(
        cls, project: Project, catalog: Catalog, sizing: SizingResult | None
    ) -> Rollout:
        """The rollout for ``sizing`` (None: the plan cannot be sized, the
        files keep the environment as entered)."""
        from gpu_advisor.engine.rollout.configs.environment import plan_environment

        return cls(project, catalog, plan_environment(project, catalog, sizing))

    @property
    def environment(self) -> Environment:
        """The environment the files run: the sizing's nodes unless overridden."""
        return self.plan.environment

    @property
    def language(self) -> Language:
        """The plan's language (the default of every file's comments)."""
        return self.project.meta.language

    @property
    def advice(self) -> list[Advice]:
        """What the environment step and the files warn about.

        The environment's checks on the environment the files run, then the
        plan's notes (node count, NVIDIA-only), then a Kubernetes Job that
        cannot find its script.
        """
        from gpu_advisor.engine.rollout.configs.environment import environment_advice

        out = environment_advice(self.plan.environment, self.project.workload)
        out += self.plan.advice
        problem = self.plan.script_problem()
        if problem is not None:
            out.append(problem)
        return out

    def for_scheduler(self, scheduler: Scheduler) -> Rollout:
        """The same rollout for another scheduler (the sizing does not change)."""
        if scheduler is self.plan.environment.scheduler:
            return self
        if scheduler not in self._schedulers:
            env = self.project.environment.model_copy(update={"scheduler": scheduler})
            self._schedulers[scheduler] = Rollout(
                self.project.model_copy(update={"environment": env}),
                self.catalog,
                self.plan.with_scheduler(scheduler),
            )
        return self._schedulers[scheduler]

    def launch_file(self, language: Language | None = None) -> GeneratedConfig:
        """The launch file of the scheduler, its comments in ``language``."""
        lang = language or self.language
        key = ("launch", lang)
        if key not in self._files:
            self._files[key] = self.plan.launch_file(self.project.workload, lang)
        return self._files[key]

    def monitoring_file(
        self, name: str, language: Language | None = None
    ) -> GeneratedConfig:
        """One monitoring file (a name of ``configs.MONITORING_CONFIGS``)."""
        lang = language or self.language
        key = (name, lang)
        if key not in self._files:
            self._files[key] = self.plan.monitoring_file(
                name, self.project.monitoring, lang
            )
        return self._files[key]

    def files(self, language: Language | None = None) -> list[GeneratedConfig]:
        """The launch file, then the monitoring files."""
        from gpu_advisor.engine.rollout.configs.files import MONITORING_CONFIGS

        return [
            self.launch_file(language),
            *(self.monitoring_file(name, language) for name in MONITORING_CONFIGS),
        ]

    def testkit(
        self,
        vendor: Vendor,
        language: Language | None = None,
        *,
        dcgm_level: int = 2,
    ) -> dict[str, str]:
        """The vendor's test kit for the plan's nodes and network (relative
        path → text; see :func:`gpu_advisor.engine.rollout.testkit.build_testkit`)."""
        from gpu_advisor.engine.rollout.testkit.kit import build_testkit

        project = self.project
        if language is not None and language is not project.meta.language:
            meta = project.meta.model_copy(update={"language": language})
            project = project.model_copy(update={"meta": meta})
        return build_testkit(
            project, vendor, self.catalog, plan=self.plan, dcgm_level=dcgm_level
        )


class PlanEvaluation(Evaluation):
    """The whole plan: sizing, cost, Monte Carlo, vendors, review and rollout.

    ``vendors``, ``review`` and ``rollout`` are computed on first use (and
    then kept), so that a workload edit does not judge every vendor again.
    Build it with :func:`evaluate_plan`.
    """

    _project: Project = PrivateAttr()
    _catalog: Catalog = PrivateAttr()
    _before: tuple[Project, SizingResult, VendorsResult] | None = PrivateAttr(None)
    _vendors: VendorsResult | None = PrivateAttr(None)
    _review: Review | None = PrivateAttr(None)
    _rollout: Rollout | None = PrivateAttr(None)
    _candidates: list[CandidateCost] | None = PrivateAttr(None)

    @property
    def project(self) -> Project:
        """The project this evaluation describes."""
        return self._project

    @property
    def vendors(self) -> VendorsResult:
        """Every vendor judged and scored on this evaluation's sizing."""
        if self._vendors is None:
            self._vendors = evaluate_vendors(
                self._project, self._catalog, self.sizing, previous=self._before
            )
            self._before = None
        return self._vendors

    @property
    def review(self) -> Review:
        """Checklist states, open items and whether the plan can be approved."""
        if self._review is None:
            self._review = review(self._project, self._catalog)
        return self._review

    @property
    def candidate_costs(self) -> list[CandidateCost]:
        """Each candidate GPU at cost (:func:`engine.scenarios.candidate_costs`)."""
        if self._candidates is None:
            from gpu_advisor.engine.scenarios import candidate_costs

            self._candidates = candidate_costs(self._project, self._catalog, self)
        return self._candidates

    def with_monte_carlo(self, result: MonteCarloResult) -> PlanEvaluation:
        """This evaluation with the plan's Monte Carlo drawn elsewhere.

        The budget step draws it in the background in chunks
        (:func:`monte_carlo_chunks`, which combine to exactly what
        :func:`evaluate_plan` draws); the review step then shows it too.
        Vendors, review and rollout already computed are kept.
        """
        out = self.model_copy(update={"monte_carlo": result})
        out._project, out._catalog = self._project, self._catalog
        return out

    @property
    def rollout(self) -> Rollout:
        """The rollout on this evaluation's sizing: environment, advice, files."""
        if self._rollout is None:
            self._rollout = Rollout.of(self._project, self._catalog, self.sizing)
        return self._rollout


_MONTE_CARLO_INPUTS = ("workload", "demand", "budget", "vendors")
"""Project sections the cost and its Monte Carlo read (besides ``meta``)."""

_META_WORDS: Final[set[str]] = {
    "title",
    "organisation",
    "author",
    "plan_date",
    "plan_version",
    "status",
    "language",
    "notes",
}
"""``meta`` fields no price or demand depends on (a status change on the review
step keeps the Monte Carlo)."""


def _same_cost_inputs(old: Project, new: Project) -> bool:
    """True when the cost and its Monte Carlo read the same inputs in both."""
    if not all(getattr(old, n) is getattr(new, n) for n in _MONTE_CARLO_INPUTS):
        return False
    return old.meta is new.meta or old.meta.model_dump(
        exclude=_META_WORDS
    ) == new.meta.model_dump(exclude=_META_WORDS)


def evaluate_plan(
    project: Project,
    catalog: Catalog,
    previous: PlanEvaluation | None = None,
    *,
    monte_carlo: bool = True,
    draws: int = PLAN_MONTE_CARLO_DRAWS,
    seed: int = PLAN_MONTE_CARLO_SEED,
) -> PlanEvaluation:
    """Evaluate the whole plan; the one call behind every step, the PDF and the CLI.

    Parameters
    ----------
    project : Project
        The plan.
    catalog : Catalog
        Shipped defaults.
    previous : PlanEvaluation, optional
        The evaluation of an earlier snapshot of the same plan. Unchanged
        parts are reused: the sizing when the workload and the measured MFU
        are the same, the Monte Carlo when none of the sections the cost
        reads changed, the vendors' judgements when neither the sizing nor
        the vendor changed. The result equals a fresh evaluation (with
        ``monte_carlo=False`` it keeps the previous Monte Carlo when that is
        still the plan's).
    monte_carlo : bool
        Run the plan's Monte Carlo (:data:`PLAN_MONTE_CARLO_DRAWS` draws,
        seed :data:`PLAN_MONTE_CARLO_SEED`); False draws nothing (the live
        steps run it in the background with the same draws and seed, see
        :meth:`PlanEvaluation.with_monte_carlo`).
    draws, seed : int
        Override the plan's draws and seed (``gpu-advisor-cli cost
        --monte-carlo/--seed``); every output of the app uses the defaults.

    Returns
    -------
    PlanEvaluation

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> c = load_catalog()
    >>> p = Project()
    >>> ev = evaluate_plan(p, c, monte_carlo=False)
    >>> ev.monte_carlo is None, ev.vendors.scoring is None, ev.review.approvable
    (True, True, False)
    >>> budget = p.budget.model_copy(update={"owned_gpus": 4})
    >>> again = evaluate_plan(p.model_copy(update={"budget": budget}), c, ev, monte_carlo=False)
    >>> again.sizing is ev.sizing
    True
    """
    sizing: SizingResult | None = None
    mc = None
    if previous is not None:
        old = previous.project
        old_mc = previous.monte_carlo
        same_mc = old_mc is not None and (old_mc.draws, old_mc.seed) == (draws, seed)
        if old is project and (same_mc or not monte_carlo):
            return previous
        if old.workload is project.workload and measured_mfu_for(
            old
        ) == measured_mfu_for(project):
            sizing = previous.sizing
        if same_mc and _same_cost_inputs(old, project):
            mc = previous.monte_carlo
    base = evaluate(
        project,
        catalog,
        monte_carlo_draws=draws if monte_carlo and mc is None else 0,
        seed=seed,
        sizing=sizing,
    )
    out = PlanEvaluation.model_construct(
        sizing=base.sizing,
        cost=base.cost,
        monte_carlo=base.monte_carlo if mc is None else mc,
    )
    out._project = project
    out._catalog = catalog
    if previous is not None and previous._vendors is not None:
        out._before = (previous.project, previous.sizing, previous._vendors)
    return out


def as_plan_evaluation(
    evaluation: Evaluation, project: Project, catalog: Catalog
) -> PlanEvaluation:
    """``evaluation`` of ``project`` as a :class:`PlanEvaluation`, without a
    second sizing.

    The PDF plan accepts any :class:`Evaluation` of the project (the CLI and
    the app pass :func:`evaluate_plan`'s); its vendors, review and rollout
    then come from the evaluation's own sizing. A plan evaluation of this
    very project is returned as it is.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> c, p = load_catalog(), Project()
    >>> plain = evaluate(p, c)
    >>> as_plan_evaluation(plain, p, c).rollout.plan == evaluate_plan(
    ...     p, c, monte_carlo=False).rollout.plan
    True
    """
    if isinstance(evaluation, PlanEvaluation) and evaluation.project is project:
        return evaluation
    out = PlanEvaluation.model_construct(
        sizing=evaluation.sizing,
        cost=evaluation.cost,
        monte_carlo=evaluation.monte_carlo,
    )
    out._project = project
    out._catalog = catalog
    return out
