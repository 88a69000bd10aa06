"""The reasons and warnings of a recommendation as data, before they are worded.

Each class is one reason or warning code of
:class:`~gpu_advisor.model.cost_results.Recommendation`: the figures and
option ids behind it, and the project fields it names (``inputs``).
:mod:`gpu_advisor.engine.cost.choice` decides which of them hold for a plan;
:mod:`gpu_advisor.engine.cost.wording` gives each its catalog code and values.
Amounts are in CNY, shares in [1], durations in months unless named otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from gpu_advisor.model.common import Message, Severity
from gpu_advisor.model.cost_results import HybridResult, SixMonthRule
from gpu_advisor.model.project import OptionId


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    """One reason or warning: its code, severity and the fields it names."""

    code: ClassVar[str]
    severity: ClassVar[Severity] = Severity.INFO
    inputs: tuple[str, ...]
    """Dotted project fields (or ``catalog``) the finding comes from."""


@dataclass(frozen=True, slots=True, kw_only=True)
class WarningFinding(Finding):
    """A finding the plan should act on."""

    severity: ClassVar[Severity] = Severity.WARNING


# --- reasons: the choice ---------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class OwnForResidency(Finding):
    """Owning is chosen because the data must stay on the company's hardware."""

    code: ClassVar[str] = "recommend.own_for_residency"
    option: OptionId
    total_cny: float
    months: int
    gpus: int
    hybrid_kind: OptionId | None = None
    """How the hybrid holds its cards when it is chosen owning every card."""
    hybrid_gpus: int = 0
    rent: OptionId | None = None
    """The cheapest rental excluded only by the residency rule."""
    rent_total_cny: float = 0.0


@dataclass(frozen=True, slots=True, kw_only=True)
class OwnNoRental(Finding):
    """Owning is chosen because no rental selected can run the work as priced
    without a risk the plan does not take (infeasible, or spot at risk)."""

    code: ClassVar[str] = "recommend.own_no_rental"
    option: OptionId
    total_cny: float
    months: int
    gpus: int


@dataclass(frozen=True, slots=True, kw_only=True)
class OwningNeeds(WarningFinding):
    """The owned option chosen for want of a rental still lacks a condition
    for buying (staff, cash, a machine room)."""

    code: ClassVar[str] = "recommend.owning_needs"
    missing: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ResidencyNeedsRoom(Finding):
    """A cheaper owned option needs the machine room the team lacks."""

    code: ClassVar[str] = "recommend.residency_needs_room"
    option: OptionId
    saving_cny: float


@dataclass(frozen=True, slots=True, kw_only=True)
class OwnBlocked(Finding):
    """Owning would be cheaper, but the conditions for buying are not met."""

    code: ClassVar[str] = "recommend.own_blocked"
    option: OptionId
    saving_cny: float
    cheapest_rent: OptionId
    span_months: int
    short: bool
    """The work spans less than six months."""
    stable: bool
    """The owned cards are used fully and steadily."""
    utilization: float
    peak_to_mean: float
    missing: tuple[str, ...]
    """Budget-step conditions not met (``budget.has_*`` fields)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Own(Finding):
    """Owning is chosen: cheaper than renting, and every condition holds."""

    code: ClassVar[str] = "recommend.own"
    option: OptionId
    total_cny: float
    months: int
    saving_cny: float
    cheapest_rent: OptionId | None
    utilization: float
    gpus: int
    hybrid: bool
    """The hybrid: its cards are the owned ones."""


@dataclass(frozen=True, slots=True, kw_only=True)
class OwnConditions(Finding):
    """Load, staff and cash (and a room for self-build) are in place."""

    code: ClassVar[str] = "recommend.own_conditions"
    self_build: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ShortWork(Finding):
    """The work is too short to buy for."""

    code: ClassVar[str] = "recommend.short_work"
    span_months: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Rent(Finding):
    """The cheapest way to rent is chosen."""

    code: ClassVar[str] = "recommend.rent"
    option: OptionId
    total_cny: float
    months: int
    per_useful_gpu_hour_cny: float | None
    """None without demand. [CNY/GPU-h]"""


@dataclass(frozen=True, slots=True, kw_only=True)
class RentSimpler(Finding):
    """A single contract is chosen though the mix costs a little less: it
    saves under the threshold a second contract must save."""

    code: ClassVar[str] = "recommend.rent_simpler"
    option: OptionId
    total_cny: float
    months: int
    per_useful_gpu_hour_cny: float | None
    cheaper: OptionId
    saving_cny: float
    saving_share: float
    threshold: float


@dataclass(frozen=True, slots=True, kw_only=True)
class Mix(Finding):
    """The mix is chosen: a reserved baseline and bursts."""

    code: ClassVar[str] = "recommend.mix"
    peaky: bool
    peak_to_mean: float
    baseline_gpus: int
    baseline_kind: OptionId
    burst_kind: OptionId
    saving_cny: float
    """Against the best single way of renting."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Peaky(Finding):
    """Demand is too uneven to own for its peak."""

    code: ClassVar[str] = "recommend.peaky"
    peak_to_mean: float


@dataclass(frozen=True, slots=True, kw_only=True)
class OwnDearer(Finding):
    """The cheaper owned option costs more than renting."""

    code: ClassVar[str] = "recommend.own_dearer"
    option: OptionId
    total_cny: float
    extra_cny: float
    compared_with: OptionId
    utilization: float
    gpus: int
    break_even_utilization: float | None
    break_even_rent: OptionId
    """The cheapest feasible rental of the same flat demand."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NoneFeasible(Finding):
    """No option can run as priced: nothing is recommended."""

    code: ClassVar[str] = "recommend.none_feasible"
    severity: ClassVar[Severity] = Severity.ERROR


@dataclass(frozen=True, slots=True, kw_only=True)
class NoneCanRun(NoneFeasible):
    """Nothing is feasible because the job cannot run on the plan's card at all:
    one constraint keeps every option out, named with what relaxes it."""

    code: ClassVar[str] = "recommend.none_can_run"
    why: Message
    """The job's reason (``job.*`` in :mod:`~gpu_advisor.engine.cost.feasibility`)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class KeptOut(Finding):
    """With nothing feasible: the cheapest option one constraint keeps out."""

    code: ClassVar[str] = "recommend.kept_out"
    severity: ClassVar[Severity] = Severity.ERROR
    option: OptionId
    total_cny: float
    why: Message | None
    """Why it is out (its ``OptionResult.reason``): the constraint to relax."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SpotAtRisk(Finding):
    """A plan on spot would be cheaper at typical reclaim values but not at the
    price book's high ones: a saving with its risk, not the recommendation."""

    code: ClassVar[str] = "recommend.spot_at_risk"
    option: OptionId
    """Spot, or the mix or hybrid as it would be with spot bursts."""
    total_cny: float
    """At the typical reclaim rate, restart, capacity share and wait. [CNY]"""
    saving_cny: float
    """Below the recommended option, at typical values. [CNY]"""
    chosen: OptionId
    stressed_cny: float
    """At the high reclaim rate and the high hours lost per reclaim. [CNY]"""
    job_gpus: int
    instances: int
    reclaims_per_100_hours: float
    lost_hours: float


@dataclass(frozen=True, slots=True, kw_only=True)
class SixMonthRuleCheck(Finding):
    """The idctop.com rule of thumb against the plan's figures."""

    code: ClassVar[str] = "recommend.six_month_rule"
    rule: SixMonthRule


@dataclass(frozen=True, slots=True, kw_only=True)
class HybridCheaper(Finding):
    """Owning a baseline and renting the rest would cost less than the choice."""

    code: ClassVar[str] = "recommend.hybrid"
    owned_gpus: int
    owned_option: OptionId
    total_cny: float
    chosen: OptionId
    saving_cny: float


@dataclass(frozen=True, slots=True, kw_only=True)
class CommitmentBasis(Finding):
    """The yearly price against the monthly and on-demand list prices."""

    code: ClassVar[str] = "recommend.commitment_basis"
    yearly_factor: float
    monthly_cny_per_gpu_month: float
    on_demand_cny_per_gpu_hour: float
    share_of_on_demand: float


@dataclass(frozen=True, slots=True, kw_only=True)
class HybridCards(Finding):
    """How many cards the hybrid owns, and why (its result's sentences)."""

    code: ClassVar[str] = "recommend.hybrid_cards"
    hybrid: HybridResult


@dataclass(frozen=True, slots=True, kw_only=True)
class OwnedCards(Finding):
    """How many cards the owned options buy, and from what."""

    code: ClassVar[str] = "recommend.owned_cards"
    cards: int
    entered: bool
    """The card count was typed on the budget step (else: the peak month)."""
    peak_month: int
    """1-based."""
    peak_gpu_hours: float
    job_gpus: int = 0
    """The synchronous job's cards in whole servers, when they set the count
    (more than the peak month's GPU-hours fill); else 0."""
    serving: bool = False
    """The serving replicas' busiest hour (with any job running then) set the
    count, not the job alone."""


# --- warnings ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ResidencyNoOwnedOption(WarningFinding):
    """The data must stay on owned hardware, but no owned option is priced."""

    code: ClassVar[str] = "recommend.residency_no_owned_option"


@dataclass(frozen=True, slots=True, kw_only=True)
class ResidencyOwningNeeds(WarningFinding):
    """Owning for residency still needs staff or cash the team lacks."""

    code: ClassVar[str] = "recommend.residency_owning_needs"
    missing: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ValidateFirst(WarningFinding):
    """Rent for a while before buying."""

    code: ClassVar[str] = "recommend.validate_first"


@dataclass(frozen=True, slots=True, kw_only=True)
class SpotMultiNode(WarningFinding):
    """A multi-node training job on spot instances."""

    code: ClassVar[str] = "recommend.spot_multi_node"
    option: OptionId
    job_gpus: int
    instances: int
    months: int
    every_hours: float | None
    """Hours between stops of the job; None when nothing is reclaimed. [h]"""


@dataclass(frozen=True, slots=True, kw_only=True)
class SpotNoCheckpoint(WarningFinding):
    """Spot is priced while checkpointing is off."""

    code: ClassVar[str] = "recommend.spot_no_checkpoint"


@dataclass(frozen=True, slots=True, kw_only=True)
class ResidencyCity(WarningFinding):
    """The data must stay in the plan's city."""

    code: ClassVar[str] = "recommend.residency_city"
    region: str
    """The region's catalog id (worded by the catalogs' ``region.*``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ResidencyOwnHardware(WarningFinding):
    """The data must stay on hardware the company owns."""

    code: ClassVar[str] = "recommend.residency_own_hardware"
    region: str
    """The region's catalog id (worded by the catalogs' ``region.*``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ResidencyCountry(WarningFinding):
    """The data must stay in mainland China."""

    code: ClassVar[str] = "recommend.residency_country"


@dataclass(frozen=True, slots=True, kw_only=True)
class ImplausiblePrice(WarningFinding):
    """A project price or vendor quote outside the plausible card-hour range."""

    code: ClassVar[str] = "cost.implausible_price"
    price_cny_per_gpu_hour: float
    low_cny_per_gpu_hour: float
    high_cny_per_gpu_hour: float
    vendor: str | None
    """The vendor quoting it; None for the project's own price."""
    monthly: bool
    """A monthly price (as per card-hour), else on-demand."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ImplausibleImport(WarningFinding):
    """An imported rental price outside the plausible card-hour range."""

    code: ClassVar[str] = "cost.implausible_import"
    price_cny_per_gpu_hour: float
    low_cny_per_gpu_hour: float
    high_cny_per_gpu_hour: float
    monthly: bool
    source_file: str
    location: str
    """Sheet and row, e.g. 'Quote, row 4'."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportedFuture(WarningFinding):
    """An imported price row dated after the plan."""

    code: ClassVar[str] = "cost.imported_future"
    source_file: str
    location: str
    as_of: str
    plan_date: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NetworkBudgetLow(WarningFinding):
    """The network budget is under the articles' 15 % of the hardware."""

    code: ClassVar[str] = "recommend.network_budget_low"
    fraction: float


@dataclass(frozen=True, slots=True, kw_only=True)
class ElectricityArticleClaim(WarningFinding):
    """The Shenzhen article's electricity figure against the arithmetic."""

    code: ClassVar[str] = "recommend.electricity_article_claim"
    watts_per_card: float
    pue: float
    tariff_cny_per_kwh: float
    per_card_cny_per_year: float
    needed_tariff_cny_per_kwh: float
    """The tariff the article's lower figure would need."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TariffImplausible(WarningFinding):
    """An electricity tariff outside Chinese industrial and commercial tariffs."""

    code: ClassVar[str] = "recommend.tariff_implausible"
    tariff_cny_per_kwh: float
    low_cny_per_kwh: float
    high_cny_per_kwh: float


@dataclass(frozen=True, slots=True, kw_only=True)
class AddonsExceed(WarningFinding):
    """Storage, traffic and bandwidth cost more than the compute."""

    code: ClassVar[str] = "recommend.addons_exceed"
    addons_cny: float
    compute_cny: float


@dataclass(frozen=True, slots=True, kw_only=True)
class HorizonBeyondLife(WarningFinding):
    """The horizon outlasts the hardware."""

    code: ClassVar[str] = "recommend.horizon_beyond_life"
    months: int
    life_years: float
    replacement_cny: float
    """Net cost of buying the cards again; 0 when the demand ends first."""
    last_month: int
    """Last month with demand (1-based; 0: none)."""
    rented_cny: float = 0.0
    """Renting the months after the fleet's life instead of a new fleet; 0: none."""
    rented_from: int = 0
    """First of those months (1-based; 0: none)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Overflow(WarningFinding):
    """Demand exceeds the owned cards in some months."""

    code: ClassVar[str] = "recommend.overflow"
    option: OptionId
    gpus: int
    overflow_cny: float


@dataclass(frozen=True, slots=True, kw_only=True)
class NoDemand(WarningFinding):
    """There is no demand to price."""

    code: ClassVar[str] = "recommend.no_demand"
