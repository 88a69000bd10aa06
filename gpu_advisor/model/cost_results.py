"""Results of the cost engine: options, break-even, risk, recommendation.

Produced by :func:`gpu_advisor.engine.evaluate.evaluate`; read by the UI, the
CLI and the PDF plan. Every amount is CNY (VAT as stated in ``vat_note``); the
display currency is only a conversion applied when rendering (see
:class:`CurrencyInfo`).

Sign conventions
----------------
``monthly_cny`` is the cash flow of each month: purchases and deposits fall in
month 1, returned deposits and the resale value of owned hardware come back in
the last month of the horizon as a negative entry (money in). Everything else
(totals, breakdown lines, unit costs) is a cost and never negative.
"""

from __future__ import annotations

from pydantic import Field

from gpu_advisor.model.common import Advice, Explanation, Frozen, Message
from gpu_advisor.model.project import DemandMonth, OptionId


class HorizonEnd(Frozen):
    """How an option serves the months after its last whole commitment: an
    owned fleet whose life ends before the horizon does, or the yearly
    commitment's last partial year. The cheaper of renewing (a new fleet, a
    further year) and renting those months is taken."""

    first_month: int = Field(..., ge=1, description="First month concerned (1-based).")
    months: int = Field(
        ..., ge=1, description="Months from first_month to the horizon's end."
    )
    life_months: int | None = Field(
        None,
        ge=1,
        description="The fleet's life (owned options); None for the yearly option.",
    )
    rented: bool = Field(
        ...,
        description="True: those months are rented with ``rental``; False: renewed.",
    )
    rental: OptionId = Field(..., description="The cheapest rental of those months.")
    rent_cny: float = Field(..., ge=0, description="Renting those months. [CNY]")
    renew_cny: float = Field(
        ...,
        ge=0,
        description="Renewing instead: a new fleet less its resale at the horizon's "
        "end plus its running costs, or a further year's commitment. [CNY]",
    )


class OptionResult(Frozen):
    """One way of getting the capacity, priced over the horizon."""

    id: OptionId
    total_cny: float = Field(
        ...,
        ge=0,
        description="Cost over the horizon: cash out minus resale value and "
        "returned deposits. [CNY]",
    )
    monthly_cny: list[float] = Field(
        ..., description="Cash flow per month; the last month may be negative. [CNY]"
    )
    cumulative_cny: list[float] = Field(..., description="Running sum of monthly_cny.")
    capex_cny: float = Field(0.0, ge=0, description="Purchases paid up front. [CNY]")
    opex_cny: float = Field(0.0, ge=0, description="Recurring costs. [CNY]")
    residual_value_cny: float = Field(
        0.0, ge=0, description="Resale value of owned hardware at horizon end. [CNY]"
    )
    book_value_cny: float | None = Field(
        None,
        ge=0,
        description="Book (tax) value of the owned fleet at the horizon's end: "
        "straight-line depreciation of its cards, servers, network and storage "
        "over the tax life to the tax residual (``cost_defaults.tax_life_years``); "
        "shown beside the resale value. None for rentals and the hybrid. [CNY]",
    )
    deposit_cny: float = Field(
        0.0, ge=0, description="Deposit paid in month 1 and returned at the end. [CNY]"
    )
    loan_cny: float = Field(
        0.0,
        ge=0,
        description="Loan drawn in month 1 to pay the purchases (capex_cny): "
        "cash in that month, repaid in equal principal instalments over the "
        "hardware's life with interest (breakdown 'financing'). [CNY]",
    )
    npv_cny: float = Field(..., description="Present value of monthly_cny. [CNY]")
    upfront_cny: float | None = Field(
        None,
        description="Cash out in month 1: purchases (capex_cny) less the loan "
        "that pays them (loan_cny), the deposit (deposit_cny, back in the last "
        "month) and month 1's bill or running cost (yearly: the first year's "
        "price, paid ahead); monthly_cny[0]. It can exceed total_cny, which counts the "
        "purchases less their resale value and the deposit as returned. None "
        "when the option cannot be chosen (feasible is false). [CNY]",
    )
    cost_per_useful_gpu_hour_cny: float | None = Field(
        None, ge=0, description="total_cny / GPU-hours actually used. [CNY/GPU-hour]"
    )
    useful_gpu_hours: float = Field(0.0, ge=0, description="[GPU-hours]")
    billed_gpu_hours: float = Field(
        0.0, ge=0, description="Hours paid for (rented or owned capacity). [GPU-hours]"
    )
    utilization: float | None = Field(
        0.0,
        ge=0,
        le=1,
        description="GPU-hours used / GPU-hours paid for; None for the hosted "
        "model API, which bills tokens, not card-hours. [1]",
    )
    idle_cost_cny: float = Field(
        0.0, ge=0, description="Part of total_cny paid for unused capacity. [CNY]"
    )
    gpus: int = Field(
        0,
        ge=0,
        description="Cards owned or reserved at the peak (hybrid: the owned cards).",
    )
    breakdown: dict[str, float] = Field(
        default_factory=dict, description="Named cost lines summing to total_cny."
    )
    feasible: bool = True
    at_risk_cny: float | None = Field(
        None,
        description="Its total at the price book's high spot reclaim rate and "
        "hours lost per reclaim, when the synchronous job on spot would not stay "
        "cheapest at them: shown as a saving with its risk, never recommended "
        "and listed after the options that are. [CNY]",
    )
    same_as: OptionId | None = Field(
        None,
        description="Another option this one equals here (same plan, same cash "
        "flow): a hybrid that owns no card is the mix, a mix that reserves "
        "nothing and bursts on spot is spot. Not an alternative of its own.",
    )
    infeasible_code: str = Field(
        "",
        description="Why the option cannot be chosen: spot.no_checkpointing, "
        "spot.serving, spot.month_forbids, yearly.longer_than_plan, "
        "residency.own_hardware or residency.overflow; the hosted API: "
        "hosted.residency_own_hardware, hosted.residency_abroad, "
        "hosted.own_weights or hosted.other_work; empty when feasible. "
        "Its figures are priced for reference only.",
    )
    reason: Message | None = Field(
        None, description="Why the option cannot be chosen; None when feasible."
    )
    includes: Message | None = Field(
        None, description="What the total includes (and the cash of month 1)."
    )
    horizon_end: HorizonEnd | None = Field(
        None,
        description="Owned options and the yearly commitment: how the months after "
        "the last whole fleet life or year are served; None when there are none.",
    )


class SixMonthRule(Frozen):
    """Seed 003's rule: buy when the monthly rent exceeds depreciation plus
    electricity and the plan holds for six months."""

    monthly_rent_cny: float = Field(..., ge=0)
    depreciation_plus_electricity_cny: float = Field(
        ...,
        ge=0,
        description="Loss on resale over the horizon plus electricity, per month.",
    )
    straight_line_depreciation_plus_electricity_cny: float | None = Field(
        None,
        ge=0,
        description="Straight-line depreciation (capex over the hardware life) plus "
        "electricity, per month: the figure the rule of thumb usually means.",
    )
    plan_months: int = Field(..., ge=0, description="Months with planned demand.")
    required_months: int = 6
    rent_exceeds: bool
    holds: bool = Field(..., description="Both conditions of the rule are met.")


class BreakEven(Frozen):
    """Owning versus renting."""

    owned_option: OptionId | None = None
    rent_option: OptionId | None = Field(
        None,
        description="The cheapest feasible rental of the plan's demand (used for "
        "the break-even month).",
    )
    rent_option_at_break_even: OptionId | None = Field(
        None,
        description="The cheapest feasible rental at flat demand at the break-even "
        "utilisation.",
    )
    utilization: float | None = Field(
        None,
        ge=0,
        description="Utilisation of the owned cards (flat demand) at which owning "
        "costs no more than the cheapest feasible rental of the same demand; None "
        "when never.",
    )
    utilization_vs_monthly: float | None = Field(None, ge=0)
    month: int | None = Field(
        None, ge=1, description="First month when owning's cumulative cash is lower."
    )
    rule_six_months: SixMonthRule | None = None


class TornadoBar(Frozen):
    """One input moved from low to high, others at typical."""

    input: str = Field(..., description="Dotted input name.")
    label: Message = Field(..., description="The input's name (cost.tornado.*).")
    low_value: float
    high_value: float
    unit: str = ""
    low_outcome_cny: float = Field(..., description="Own minus rent at low. [CNY]")
    high_outcome_cny: float = Field(..., description="Own minus rent at high. [CNY]")
    swing_cny: float = Field(..., ge=0)
    hybrid_low_outcome_cny: float | None = Field(
        None, description="Hybrid minus cheapest feasible rental at low. [CNY]"
    )
    hybrid_high_outcome_cny: float | None = Field(
        None, description="Hybrid minus cheapest feasible rental at high. [CNY]"
    )


class Percentiles(Frozen):
    p10: float
    p50: float
    p90: float


class Histogram(Frozen):
    """Counts of draws in equal-width bins: ``len(edges) == len(counts) + 1``.

    Bin ``i`` holds the draws in ``[edges[i], edges[i + 1])``; the last bin
    also holds its right edge (numpy's convention).
    """

    edges: list[float] = Field(..., min_length=2, description="Bin edges. [CNY]")
    counts: list[int] = Field(..., min_length=1, description="Draws per bin. [1]")


class MonteCarloResult(Frozen):
    """Totals over random draws of the uncertain inputs."""

    draws: int = Field(..., ge=1)
    seed: int
    percentiles: dict[OptionId, Percentiles]
    p_own_beats_rent: float = Field(..., ge=0, le=1)
    inputs: list[str] = Field(default_factory=list, description="Inputs drawn.")
    histograms: dict[OptionId, Histogram] = Field(
        default_factory=dict, description="Each option's total over the draws."
    )
    own_minus_rent: Histogram | None = Field(
        None,
        description="Cheapest owned total minus cheapest feasible renting total, "
        "per draw (negative: owning is cheaper); None without both kinds.",
    )
    own_minus_rent_percentiles: Percentiles | None = Field(
        None, description="P10 / P50 / P90 of own minus rent. [CNY]"
    )


class MixDetail(Frozen):
    """The cheapest reserved-baseline-plus-burst plan."""

    baseline_kind: OptionId = Field(..., description="monthly or yearly.")
    baseline_gpus: list[int] = Field(..., description="Reserved cards per month.")
    burst_kind: OptionId = Field(..., description="on_demand or spot.")
    burst_gpu_hours: float = Field(..., ge=0)
    reserved_gpu_hours: float = Field(..., ge=0)


class Recommendation(Frozen):
    option: OptionId | None = Field(
        ...,
        description="The recommended option; None when no option is feasible "
        "(the reasons then name the constraint to relax).",
    )
    mix_detail: MixDetail | None = None
    complete: bool = Field(
        True,
        description="False when the totals pay for only part of the sized job or "
        "it misses its deadline (``CostResult.work``): no option is then a "
        "recommendation in total.",
    )
    limits: list[Advice] = Field(
        default_factory=list,
        description="Why the recommendation is not complete (the work not paid for, "
        "a missed deadline); every renderer shows them first.",
    )
    reasons: list[Advice] = Field(default_factory=list)
    warnings: list[Advice] = Field(default_factory=list)


class CurrencyInfo(Frozen):
    """How CNY amounts are shown in the project's currency."""

    code: str = "CNY"
    cny_per_unit: float = Field(1.0, gt=0)
    as_of: str = ""
    source: str = "CNY"
    vat_note: Message | None = Field(
        None, description="Whether the prices include VAT (cost.vat.*)."
    )


class BudgetCap(Frozen):
    """The recommended option's total held against the plan's budget cap."""

    cap_cny: float = Field(..., ge=0, description="``budget.cap_cny``. [CNY]")
    total_cny: float = Field(..., description="The recommended option's total. [CNY]")
    headroom_cny: float = Field(
        ..., description="Cap minus total; negative when over the cap. [CNY]"
    )
    over: bool = Field(..., description="The total exceeds the cap.")
    message: Message = Field(
        ..., description="Within the cap with its headroom, or over it by how much."
    )


class HybridResult(Frozen):
    """Own the baseline, rent the rest: the owned card count that costs least."""

    owned_option: OptionId | None = Field(
        ...,
        description="colocation or self_build; None when no card is owned (the "
        "hybrid is then the mix).",
    )
    owned_gpus: int = Field(..., ge=0, description="Cards bought (0: rent all).")
    rent_option: OptionId = Field(
        OptionId.MIX, description="How the demand above the owned cards is rented."
    )
    total_cny: float = Field(..., description="Owned part plus rented part. [CNY]")
    owned_cny: float = Field(..., description="Total of the owned cards. [CNY]")
    rented_cny: float = Field(..., description="Total of the rented rest. [CNY]")
    rented_gpu_hours: float = Field(..., ge=0, description="[GPU-hours]")
    rented_peak_gpus: int = Field(
        0, ge=0, description="Cards rented in the busiest month above the owned ones."
    )
    owned_utilization: float = Field(
        0.0, ge=0, le=1, description="Hours used on the owned cards / their capacity."
    )
    candidates_tried: list[int] = Field(
        default_factory=list, description="Owned card counts priced."
    )
    reason: Message | None = Field(
        None, description="Why this many cards (cost.hybrid_reason.*)."
    )


class SpotJob(Frozen):
    """How spot reclaims hit the plan's job (see ``engine.cost.spot_overhead``).

    Reclaims are per instance (a server of ``gpus_per_instance`` cards); a
    synchronous job stops whenever any of its instances is reclaimed and
    loses ``lost_hours_per_reclaim`` on all ``job_gpus`` cards.
    """

    job_gpus: int = Field(
        ..., ge=1, description="Cards of the job (the plan's cluster)."
    )
    gpus_per_instance: int = Field(..., ge=1, description="Cards per instance. [1]")
    instances: int = Field(..., ge=1, description="Instances the job runs on. [1]")
    reclaims_per_instance_hour: float = Field(..., ge=0, description="[1/h]")
    job_stops_per_hour: float = Field(
        ..., ge=0, description="reclaims_per_instance_hour × instances. [1/h]"
    )
    lost_hours_per_reclaim: float | None = Field(
        None,
        ge=0,
        description="Half a checkpoint interval plus the restart; None without "
        "checkpointing (half the month's run is lost). [h]",
    )
    overhead_fraction: float | None = Field(
        None,
        ge=0,
        description="Extra hours paid on spot per useful hour; None without "
        "checkpointing. [1]",
    )


class DemandExtension(Frozen):
    """A demand profile and horizon that hold the whole sized job.

    Proposed, never applied by the engine: the user confirms it (the budget
    step's "Extend the demand" action), and it is then the plan's own demand.
    """

    months: list[DemandMonth] = Field(
        ...,
        description="The new profile; empty when the profile is filled from the "
        "workload (only the horizon grows).",
    )
    horizon_months: int = Field(..., ge=1, le=120)
    added_gpu_hours: float = Field(..., ge=0, description="[GPU-hours]")
    added_months: int = Field(..., ge=0, description="Months added to the horizon.")


class Work(Frozen):
    """The sized job against the work the totals pay for.

    A total is only a plan's cost when it pays for the whole job: the demand
    the options are priced on must hold the job's card-hours (within
    :data:`~gpu_advisor.engine.cost.work.COVERED_SHARE`) and the job must end
    by its deadline.
    """

    sized_gpu_hours: float = Field(
        ...,
        ge=0,
        description="Card-hours the sized job holds its cards for: GPU-hours with "
        "the redundancy, over the scaling efficiency (serving: the priced "
        "serving hours). [GPU-hours]",
    )
    priced_gpu_hours: float = Field(
        ...,
        ge=0,
        description="Card-hours of the priced demand the job can run in (months "
        "of training or experiments inside the horizon). [GPU-hours]",
    )
    covered: float = Field(
        ..., ge=0, le=1, description="Share of the sized job the totals pay for. [1]"
    )
    days: float | None = Field(
        None, ge=0, description="Days the job takes on its cards; None: serving."
    )
    deadline_days: float | None = Field(
        None, description="The plan's deadline; None when it has none. [days]"
    )
    complete: bool = Field(
        ...,
        description="The totals pay for the whole job and it ends by the deadline.",
    )
    extension: DemandExtension | None = Field(
        None,
        description="The demand that would pay for the whole job, for the user "
        "to confirm; None when the demand covers it or cannot be extended.",
    )


class ServingOptionCost(Frozen):
    """What serving costs on one option, per million tokens."""

    id: OptionId
    serving_cny: float = Field(
        ...,
        ge=0,
        description="The option's total times the serving months' share of the "
        "card-hours it runs (all of it when the plan only serves). [CNY]",
    )
    cny_per_million_output_tokens: float = Field(
        ...,
        ge=0,
        description="The answers' part of the serving cost per million output tokens.",
    )
    cny_per_million_input_tokens: float = Field(
        ...,
        ge=0,
        description="The prompts' part of the serving cost per million prompt tokens.",
    )
    cny_per_million_tokens: float = Field(
        ...,
        ge=0,
        description="The serving cost per million tokens, prompts and answers.",
    )


class HostedQuote(Frozen):
    """What the plan's serving traffic would cost on one hosted model API."""

    id: str = Field(..., description="The catalog entry (``hosted_apis.json``).")
    total_cny: float = Field(
        ..., ge=0, description="The serving months' tokens at its list prices. [CNY]"
    )
    cny_per_million_input_tokens: float = Field(
        ...,
        ge=0,
        description="Its input list price, prompt-cache hits included, "
        "in CNY on the plan's VAT basis.",
    )
    cny_per_million_output_tokens: float = Field(
        ..., ge=0, description="Its output list price in CNY on the plan's VAT basis."
    )
    usable: bool
    reason: Message | None = Field(
        None, description="Why the plan may not use it (``hosted.reason.*``)."
    )


class ServingCost(Frozen):
    """Serving in the money: its months, tokens and each option's cost per million tokens."""

    start_month: int = Field(..., ge=1, description="First month of serving. [month]")
    gpu_hours: float = Field(
        ..., ge=0, description="Serving card-hours over the horizon."
    )
    peak_gpus: int = Field(
        ..., ge=0, description="Cards at the busiest hour of any month."
    )
    input_tokens: float = Field(..., ge=0)
    output_tokens: float = Field(..., ge=0)
    prefill_share: float = Field(
        ...,
        ge=0,
        le=1,
        description="Share of the serving cost carried by the prompts: the replica's "
        "time reading them at its load.",
    )
    options: list[ServingOptionCost] = Field(default_factory=list)
    hosted: list[HostedQuote] = Field(
        default_factory=list,
        description="The hosted APIs that serve the plan's model, cheapest first, "
        "each usable or with the reason it is not (residency, the plan's own weights).",
    )
    hosted_none: Message | None = Field(
        None,
        description="Why no hosted API is quoted (the plan's model is served by none).",
    )

    def option(self, option_id: OptionId) -> ServingOptionCost | None:
        """The serving cost of ``option_id``, if priced."""
        return next((o for o in self.options if o.id == option_id), None)


class CostResult(Frozen):
    """Everything the cost engine computes for one project."""

    options: list[OptionResult]
    break_even: BreakEven
    tornado: list[TornadoBar] = Field(default_factory=list)
    recommendation: Recommendation
    demand_gpu_hours: list[float] = Field(..., description="Per month. [GPU-hours]")
    demand_source: str = Field("project", description="'project' or 'workload'.")
    horizon_months: int = Field(..., ge=1)
    gpu_id: str
    currency: CurrencyInfo = Field(default_factory=CurrencyInfo)
    explanations: list[Explanation] = Field(default_factory=list)
    warnings: list[Advice] = Field(default_factory=list)
    hybrid: HybridResult | None = Field(
        None,
        description="Own the baseline (colocated or self-built), rent the rest; "
        "None when owning or renting is not among the options.",
    )
    spot_job: SpotJob | None = Field(
        None,
        description="How spot reclaims hit the plan's job; None when no option "
        "can run on spot.",
    )
    work: Work | None = Field(
        None, description="The sized job against the priced demand; None: no sizing."
    )
    serving: ServingCost | None = Field(
        None,
        description="Serving stated by its traffic; None: the plan does not serve.",
    )
    budget_cap: BudgetCap | None = Field(
        None,
        description="The recommendation against ``budget.cap_cny``; None when the "
        "plan has no cap or nothing is recommended.",
    )

    def option(self, option_id: OptionId) -> OptionResult:
        """The result of one option; ``KeyError`` if it was not priced."""
        for opt in self.options:
            if opt.id == option_id:
                return opt
        raise KeyError(f"option {option_id!s} was not priced")
