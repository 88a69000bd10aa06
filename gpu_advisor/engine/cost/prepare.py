"""Everything the cost result is made from: inputs, demand and every option priced.

:func:`prepare` resolves the cost inputs (with the sizing's network share and
spot job), derives the monthly demand, prices the pure options, the mix and
the hybrid for the plan's own inputs (scenario 0) and marks what is not
feasible. The cost result (:func:`gpu_advisor.engine.evaluate.evaluate`), the
tornado and the Monte Carlo all start from it; this is the one module of the
cost engine that reads the sizing result, the others take plain numbers and
arrays.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import NamedTuple

import numpy as np

from gpu_advisor.engine.cost.choice import STABLE_UTILIZATION
from gpu_advisor.engine.cost.demand import (
    ServingCalendar,
    derive_demand,
    serving_calendar,
    spot_forbidden_months,
)
from gpu_advisor.engine.cost.feasibility import (
    apply_feasibility,
    comparable_rental,
    job_reason,
    mark_same_as,
)
from gpu_advisor.engine.cost.mix import (
    CONTRACTS,
    HybridPlan,
    MixPolicy,
    MixSearch,
    best_hybrid,
    hybrid_counts,
    mix_searches,
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
    owned_split,
    price_owned_with_counts,
    price_pure_options,
    running_job_cards,
)
from gpu_advisor.engine.cost.resolve import (
    SPOT_LOST_HOURS_KEY,
    Resolved,
    resolve,
    with_spot_job,
)
from gpu_advisor.engine.sizing.compute import Z_P90
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Advice, InputRef, Message
from gpu_advisor.model.project import (
    DataResidency,
    OptionId,
    PhaseKind,
    Project,
    TaskKind,
)
from gpu_advisor.model.sizing_results import SizingResult

_OWNED = (OptionId.COLOCATION, OptionId.SELF_BUILD)


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


def _serves(project: Project) -> bool:
    """True when the demand includes inference serving that may not run on spot."""
    if project.workload.serving is not None and not project.demand.months:
        return not project.workload.serving.allow_spot
    if project.demand.months:
        return any(m.phase is PhaseKind.INFERENCE for m in project.demand.months)
    return project.workload.task is TaskKind.INFERENCE


@dataclass(slots=True)
class Prepared:
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
    spot_stress: dict[OptionId, float] = field(default_factory=dict)
    """Total of each option that runs the multi-server job on spot, at the
    price book's high reclaim rate and hours lost per reclaim
    (:func:`spot_stress_totals`). [CNY]"""
    spot_fragile: dict[OptionId, tuple[float, float]] = field(default_factory=dict)
    """Each option on spot that would not stay cheapest at the high reclaim and
    restart values, with its total at typical and at high values: spot stays
    in the table as a saving with its risk; the mix and the hybrid are planned
    without spot instead (:func:`fragile_spot`). [CNY]"""
    serving: ServingCalendar | None = None
    """The serving months in the plan's calendar, when the plan states its
    serving traffic (:func:`serving_calendar`)."""
    at_risk: frozenset[OptionId] = frozenset()
    """The options shown as a saving with its risk, never recommended: spot
    in ``spot_fragile``, and the mix and the hybrid too when spot is the only
    contract the user selected (there is nothing safer to plan them with)."""

    @property
    def compared(self) -> list[OptionId]:
        """The options the tornado and the Monte Carlo compare: those that can
        run, less the ones shown only as a saving at risk (never recommended),
        so that P(owning beats renting) weighs owning against the rentals the
        recommendation weighs it against."""
        return [o for o in self.risk_options if o not in self.at_risk]


def _hybrid_kinds(options: list[OptionId]) -> list[OptionId]:
    """Owned kinds the hybrid tries: those among the options (colocation when
    the hybrid is chosen alone); none: no hybrid."""
    kinds = [o for o in _OWNED if o in options]
    if not kinds and OptionId.HYBRID in options:
        kinds = [OptionId.COLOCATION]  # needs no machine room
    return kinds


def _hybrid(
    p: Params,
    d: FloatArray,
    owned_gpus: int,
    options: list[OptionId],
    spot_forbidden: tuple[bool, ...],
    mix_policy: MixPolicy | None = None,
    own_all: bool = False,
    mix_total: float | None = None,
    searched: dict[int, tuple[float, MixPolicy]] | None = None,
    counts: list[int] | None = None,
    owned_by_kind: dict[OptionId, dict[int, float]] | None = None,
) -> tuple[HybridPlan | None, tuple[float, float, float]]:
    """The best hybrid plan: owned kinds among the options (colocation when the
    hybrid is chosen alone), rented part by the cheapest mix; ``own_all``
    (data on the company's own hardware): owned cards cover every month.
    ``searched``: the mix plans of the demand above the counts
    (:func:`~gpu_advisor.engine.cost.mix.mix_searches`); ``counts``: the
    owned counts tried (:func:`~gpu_advisor.engine.cost.mix.hybrid_counts`);
    ``owned_by_kind``: the total of owning each of them
    (:func:`~gpu_advisor.engine.cost.price.price_owned_with_counts`)."""
    kinds = _hybrid_kinds(options)
    if not kinds:
        return None, (0.0, 0.0, 0.0)
    plan, total, owned, rented = best_hybrid(
        p,
        d,
        owned_gpus,
        kinds,
        allow_spot=OptionId.SPOT in options,
        spot_forbidden=spot_forbidden,
        contracts=contracts_of(options),
        # the ownership rule's stable load, unless the data must stay on owned
        # hardware (then owning is required, however idle)
        min_used=0.0 if own_all else STABLE_UTILIZATION,
        mix_policy=mix_policy,
        own_all=own_all,
        mix_total=mix_total,
        searched=searched,
        candidates=counts,
        owned_by_kind=owned_by_kind,
    )
    return plan, (total, owned, rented)


def spot_high(resolved: Resolved) -> tuple[float, float]:
    """The price book's high reclaims per 100 server-hours and hours lost per
    reclaim (restart and wait for capacity) that :func:`spot_stress_totals`
    prices with."""
    return (
        resolved.ranges["spot_interruptions_per_100_hours"][2],
        resolved.ranges[SPOT_LOST_HOURS_KEY][2],
    )


def spot_stress_totals(prep: Prepared, checkpointing: bool) -> dict[OptionId, float]:
    """Each option that runs the synchronous job on spot, priced with the
    price book's high reclaim rate and high hours lost per reclaim (the
    longest restart, the least spare capacity, the longest wait), its plan
    kept as decided. Empty when the job fits on one server: one reclaim then
    stops one server's work only. [CNY]

    Chinese clouds sell spot from spare stock with no multi-server capacity
    guarantee (Alibaba Cloud, "What are preemptible instances", 2025-01-20;
    Tencent Cloud spot FAQ), so spot is the plan only if it stays cheapest
    at these values (:func:`gpu_advisor.engine.cost.choice.choose_option`).
    """
    p, r = prep.params, prep.resolved
    months = option_spot_months(prep)
    spot_options = [o for o, n in months.items() if n > 0]
    spot = prep.priced.get(OptionId.SPOT)
    if (
        spot is not None
        and OptionId.SPOT not in spot_options
        and comparable_rental(spot)
    ):
        spot_options.append(OptionId.SPOT)  # out only for residency: still weighed
    if p.job_instances <= 1 or not spot_options:
        return {}
    reclaims, lost = spot_high(r)
    high = {
        "spot_rate_per_hour": np.array([reclaims / 100.0]),
        "restart_hours": np.array([lost]),
    }
    ps = make_params(r, 1, high, checkpointing=checkpointing)
    d = prep.d
    out: dict[OptionId, float] = {}
    for option in spot_options:
        if option is OptionId.SPOT:
            out[option] = float(
                price_pure_options(ps, d, prep.owned_gpus, [option])[option].total[0]
            )
        elif option is OptionId.MIX and prep.policy is not None:
            out[option] = float(price_mix(ps, d, prep.policy).total[0])
        elif option is OptionId.HYBRID and prep.hybrid_plan is not None:
            out[option] = float(price_hybrid(ps, d, prep.hybrid_plan).total[0])
    return out


def option_spot_months(prep: Prepared) -> dict[OptionId, int]:
    """Months each option runs hours on spot instances (scenario 0). [months]"""
    out: dict[OptionId, int] = {}
    spot = prep.priced.get(OptionId.SPOT)
    if spot is not None and spot.feasible:
        out[OptionId.SPOT] = int(np.count_nonzero(prep.d[0] > 0))
    if OptionId.MIX in prep.priced:
        out[OptionId.MIX] = spot_months(prep.policy, prep.d)
    plan = prep.hybrid_plan
    if OptionId.HYBRID in prep.priced and plan is not None:
        if (
            plan.owned_gpus == 0
            and OptionId.MIX in out
            and plan.rest_policy is prep.policy
        ):
            # owning no card, the hybrid rents the whole demand with the
            # mix's very plan: the mix's months (``spot_months`` cleans the
            # demand, and the rest above no card, once clean, is that demand)
            out[OptionId.HYBRID] = out[OptionId.MIX]
            return out
        rest = owned_split(prep.params, prep.d, plan.owned_gpus)[1]
        out[OptionId.HYBRID] = spot_months(plan.rest_policy, rest)
    return out


JOB_PHASES = frozenset({PhaseKind.PRETRAIN, PhaseKind.FINETUNE})
"""Phases of a typed profile in which the sized training job runs (experiments
are other, smaller work)."""


def job_months(
    project: Project, months: int, serving: ServingCalendar | None = None
) -> tuple[bool, ...]:
    """Months the sized synchronous training job runs in: the pretraining and
    fine-tuning months of a typed profile, every month of a filled one (with
    serving stated by its traffic, the months before serving starts); none
    for a serving workload.

    >>> from gpu_advisor.model.project import DemandMonth, DemandProfile, PhaseKind
    >>> typed = DemandProfile(months=[DemandMonth(gpu_hours=1.0, phase=PhaseKind.PRETRAIN),
    ...                               DemandMonth(gpu_hours=1.0, phase=PhaseKind.INFERENCE)])
    >>> job_months(Project(demand=typed), 3), job_months(Project(), 2)
    ((True, False, False), (True, True))
    """
    if project.workload.task is TaskKind.INFERENCE:
        return ()
    typed = project.demand.months
    if not typed:
        if serving is not None:
            return tuple(m < serving.start_month for m in range(1, months + 1))
        return (True,) * months
    runs = [m.phase in JOB_PHASES for m in typed[:months]]
    return tuple(runs + [False] * (months - len(runs)))


def _resolved_for(
    project: Project,
    catalog: Catalog,
    gpu_id: str,
    sizing: SizingResult,
    demand: list[float],
    serving: ServingCalendar | None = None,
) -> Resolved:
    """The cost inputs, with the sizing's network share, spot job and serving cards."""
    resolved = resolve(project, catalog, gpu_id)
    resolved = _with_network_hint(
        resolved, project, sizing.storage.network_budget_fraction
    )
    # spot reclaims stop the plan's whole job: its size sets the overhead,
    # and reserved contracts hold its cards in the months it runs
    resolved = with_spot_job(
        resolved,
        max(1, sizing.cluster.gpus_for_deadline or sizing.cluster.gpus),
        job_months(project, len(demand), serving),
    )
    if serving is None:
        return resolved
    return replace(
        resolved,
        serving_day=serving.month_curves(demand),
    )


def contracts_of(options: list[OptionId]) -> frozenset[OptionId]:
    """The contract kinds the mix and the hybrid may combine: the pure
    rentals the user selected. A selection with no pure rental (only the mix,
    the hybrid or owned options) chose no contract kind, so all may be used.

    >>> sorted(contracts_of([OptionId.ON_DEMAND, OptionId.SELF_BUILD, OptionId.HYBRID]))
    [<OptionId.ON_DEMAND: 'on_demand'>]
    >>> contracts_of([OptionId.MIX]) == CONTRACTS
    True
    """
    return CONTRACTS & frozenset(options) or CONTRACTS


class _Priced(NamedTuple):
    """What :func:`_price_options` returns."""

    priced: dict[OptionId, OptionArrays]
    policy: MixPolicy | None
    hybrid_plan: HybridPlan | None
    hybrid_totals: tuple[float, float, float]
    spot_free: MixSearch | None
    """The mix's search with no spot bursts (None: the mix not chosen)."""


class _Fixed(NamedTuple):
    """What is priced the same whether or not the mix and the hybrid may burst
    on spot: the pure options (before feasibility marks them), the owned
    counts the hybrid tries and the total of owning each."""

    priced: dict[OptionId, OptionArrays]
    counts: list[int]
    owned_by_kind: dict[OptionId, dict[int, float]]


def _price_fixed(
    p: Params, d: FloatArray, owned_gpus: int, options: list[OptionId], own_all: bool
) -> _Fixed:
    """The pure options among ``options`` priced, and the owned totals of the
    hybrid's counts (worked out once for the mix's and the hybrid's search)."""
    priced = price_pure_options(
        p, d, owned_gpus, [o for o in options if o not in _OWNED]
    )
    kinds = _hybrid_kinds(options)
    job = running_job_cards(p, d.shape[-1])
    counts = (
        hybrid_counts(d, owned_gpus, own_all, job, p.gpus_per_server) if kinds else []
    )
    owned, owned_by_kind = price_owned_with_counts(
        p, d, owned_gpus, [o for o in _OWNED if o in options or o in kinds], counts
    )
    priced.update((o, a) for o, a in owned.items() if o in options)
    return _Fixed(priced, counts, owned_by_kind)


def _price_options(
    p: Params,
    d: FloatArray,
    owned_gpus: int,
    options: list[OptionId],
    forbidden: tuple[bool, ...],
    fixed: _Fixed,
    own_all: bool,
    search: MixSearch | None = None,
) -> _Priced:
    """Every option among ``options`` priced (scenario 0): the pure ones as
    ``fixed`` has them (unmarked copies), the mix's plan and the hybrid's
    searched here (the mix's: ``search`` when given)."""
    priced = {o: replace(a) for o, a in fixed.priced.items() if o in options}
    policy: MixPolicy | None = None
    searched = None
    spot_free = None
    if OptionId.MIX in options:
        if search is None:
            search, spot_free = mix_searches(
                p,
                d,
                fixed.counts,
                allow_spot=OptionId.SPOT in options,
                spot_forbidden=forbidden,
                contracts=contracts_of(options),
            )
        policy, searched = search
        priced[OptionId.MIX] = price_mix(p, d, policy)
    hybrid_plan, hybrid_totals = _hybrid(
        p,
        d,
        owned_gpus,
        options,
        forbidden,
        policy,
        own_all=own_all,
        mix_total=None if policy is None else float(priced[OptionId.MIX].total[0]),
        searched=searched,
        counts=fixed.counts or None,
        owned_by_kind=fixed.owned_by_kind,
    )
    if hybrid_plan is not None and OptionId.HYBRID in options:
        priced[OptionId.HYBRID] = price_hybrid(
            p, d, hybrid_plan, mix=priced.get(OptionId.MIX)
        )
    return _Priced(priced, policy, hybrid_plan, hybrid_totals, spot_free)


class _Field(NamedTuple):
    """Every selected option priced, feasibility marked, and the plans behind
    the mix and the hybrid."""

    priced: dict[OptionId, OptionArrays]
    policy: MixPolicy | None
    hybrid_plan: HybridPlan | None
    hybrid_totals: tuple[float, float, float]
    risk_options: list[OptionId]
    spot_free: MixSearch | None
    """The mix's search with no spot bursts (:func:`mix_searches`)."""


def _field(
    project: Project,
    resolved: Resolved,
    p: Params,
    d: FloatArray,
    owned_gpus: int,
    options: list[OptionId],
    fixed: _Fixed,
    job: tuple[str, Message] | None = None,
    serving: ServingCalendar | None = None,
    search: MixSearch | None = None,
) -> _Field:
    """Price ``options`` and mark what cannot be chosen (scenario 0); ``fixed``:
    the pure options priced (:func:`_price_fixed`); ``job``: why the job
    cannot run on the plan's card at all (:func:`_job_reason`); ``search``:
    the mix's search when made already."""
    budget = project.budget
    forbidden = spot_forbidden_months(project, d.shape[-1], serving)
    own_all = budget.data_residency is DataResidency.OWN_HARDWARE
    priced, policy, hybrid_plan, hybrid_totals, spot_free = _price_options(
        p, d, owned_gpus, options, forbidden, fixed, own_all, search
    )
    priced = {o: priced[o] for o in options if o in priced}
    risk_options = apply_feasibility(
        priced,
        d,
        serves=_serves(project),
        spot_forbidden=forbidden,
        residency=budget.data_residency,
        yearly_factor=resolved.values["yearly_price_factor"],
        needed_gpus=owned_gpus_for(d, None, p),
        job=job,
        job_cards=running_job_cards(p, d.shape[-1]),
        hybrid_rents=hybrid_plan is not None
        and (
            hybrid_plan.owned_gpus == 0
            or bool(np.any(owned_split(p, d, hybrid_plan.owned_gpus)[1] > 0))
        ),
    )
    mark_same_as(priced, None if hybrid_plan is None else hybrid_plan.owned_gpus)
    return _Field(priced, policy, hybrid_plan, hybrid_totals, risk_options, spot_free)


def fragile_spot(
    priced: dict[OptionId, OptionArrays], stress: dict[OptionId, float]
) -> dict[OptionId, float]:
    """The options on spot that would not stay cheapest at the price book's
    high reclaim and restart values: their stressed total is above the
    cheapest feasible option that runs nothing on spot. [CNY]

    >>> fragile_spot({}, {})
    {}
    """
    safe = [
        float(a.total[0]) for o, a in priced.items() if a.feasible and o not in stress
    ]
    if not safe:
        return {}
    return {o: t for o, t in stress.items() if t > min(safe)}


def _job_reason(sizing: SizingResult, gpu_id: str) -> tuple[str, Message] | None:
    """Why the sized job cannot run on ``gpu_id`` at all, with the sizing's hint."""
    hints = [
        a.params.get("hint") for a in sizing.warnings if a.code == "memory.fits_nowhere"
    ]
    hint = hints[0] if hints and isinstance(hints[0], Message) else None
    cluster = sizing.cluster
    gpus = max(1, cluster.gpus_for_deadline or cluster.gpus)
    return job_reason(gpu_id, cluster.min_gpus, gpus, hint)


def prepare(project: Project, catalog: Catalog, sizing: SizingResult) -> Prepared:
    """Resolve, derive the demand and price every option (scenario 0).

    When the mix or the hybrid would run the multi-server job on spot and
    that would not stay cheapest at the price book's high reclaim and restart
    values (:func:`fragile_spot`), they are planned without spot: the
    reserved alternative is the plan and spot stays in the table as a saving
    with its risk.

    Parameters
    ----------
    project : Project
        The plan.
    catalog : Catalog
        Shipped defaults.
    sizing : SizingResult
        The plan's sizing (``scoring.plan_sizing``: with the vendors'
        measured MFU), whose cluster sets the spot job and the network share.

    Returns
    -------
    Prepared
    """
    gpu_id = sizing.gpu_id or project.workload.gpu_id
    demand, source, demand_warnings = derive_demand(project, sizing)
    serving = serving_calendar(project, sizing, len(demand))
    resolved = _resolved_for(project, catalog, gpu_id, sizing, demand, serving)
    d = np.asarray([demand], dtype=np.float64)
    budget = project.budget
    p = make_params(resolved, 1, checkpointing=budget.checkpointing)
    owned_gpus = owned_gpus_for(d, budget.owned_gpus, p)
    chosen = set(budget.options)
    options = [o for o in OptionId if o in chosen]
    job = _job_reason(sizing, gpu_id)
    own_all = budget.data_residency is DataResidency.OWN_HARDWARE
    fixed = _price_fixed(p, d, owned_gpus, options, own_all)
    field_ = _field(project, resolved, p, d, owned_gpus, options, fixed, job, serving)
    prep = Prepared(
        sizing=sizing,
        gpu_id=gpu_id,
        resolved=resolved,
        demand=demand,
        demand_source=source,
        demand_warnings=demand_warnings,
        d=d,
        owned_gpus=owned_gpus,
        params=p,
        priced=field_.priced,
        policy=field_.policy,
        risk_options=field_.risk_options,
        hybrid_plan=field_.hybrid_plan,
        hybrid_totals=field_.hybrid_totals,
        serving=serving,
    )
    stress = spot_stress_totals(prep, budget.checkpointing)
    fragile = {
        o: (float(prep.priced[o].total[0]), t)
        for o, t in fragile_spot(prep.priced, stress).items()
    }
    spot_only = frozenset(fragile) & {OptionId.SPOT}
    if not {OptionId.MIX, OptionId.HYBRID} & fragile.keys():
        return replace(
            prep, spot_stress=stress, spot_fragile=fragile, at_risk=spot_only
        )
    if not contracts_of(options) - {OptionId.SPOT}:
        # spot is the only contract chosen: a mix or hybrid without it would
        # use contracts the user left out, so they stay on spot, at risk
        return replace(
            prep, spot_stress=stress, spot_fragile=fragile, at_risk=frozenset(fragile)
        )
    # plan the mix and the hybrid without spot; spot keeps its own row
    safe = _field(
        project,
        resolved,
        p,
        d,
        owned_gpus,
        [o for o in options if o is not OptionId.SPOT],
        fixed,
        job,
        serving,
        field_.spot_free,
    )
    priced = {**prep.priced}
    for o in (OptionId.MIX, OptionId.HYBRID):
        if o in safe.priced:
            priced[o] = safe.priced[o]
    risk = [
        o for o in prep.risk_options if o in safe.risk_options or o is OptionId.SPOT
    ]
    return replace(
        prep,
        priced=priced,
        policy=safe.policy,
        hybrid_plan=safe.hybrid_plan,
        hybrid_totals=safe.hybrid_totals,
        risk_options=risk,
        spot_stress={o: t for o, t in stress.items() if o is OptionId.SPOT},
        spot_fragile=fragile,
        at_risk=spot_only,
    )


def band_log_sigma(prep: Prepared) -> float:
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
