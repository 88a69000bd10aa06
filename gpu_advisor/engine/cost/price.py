"""Price each way of getting the capacity over the horizon.

The formulas are written once, over numpy arrays of shape ``(S, H)``: ``S``
scenarios (1 for the plain evaluation, 15 for the tornado, 10,000 for the
Monte Carlo) by ``H`` months. Every input of :class:`Params` is an array of
shape ``(S, 1)``; the demand is ``(S, H)`` GPU-hours per month.

Conventions (stated once, used everywhere)
------------------------------------------
* A month has 730 hours (8760 / 12).
* Renting by the card-hour: the month's work runs on ``ceil(hours / 730)``
  cards; each card's hours are rounded *up* to the billing granularity.
* Monthly renting (包月) pays for ``ceil(hours / 730)`` cards each month,
  used or not. Yearly renting (包年) reserves, for each 12-month block, the
  block's peak card count at the yearly factor times the monthly price, for
  all 12 months of the block even when the horizon ends earlier (the
  commitment beyond the horizon is its own cost line). Each block is paid
  at its start, a year ahead, as Chinese clouds bill 包年. A buyer signs whole
  years: past the first year, a last partial year holds the block's cards on
  包月 instead when that costs less than a further year (and monthly rental
  is among the user's contracts).
* Spot (竞价实例): on-demand price times the spot factor. Reclaims happen per
  *instance* (a server of ``gpus_per_server`` cards, or the job's cards when
  fewer), and a synchronous training job stops whenever any of its instances
  is reclaimed: the job is interrupted ``reclaims per instance-hour ×
  instances`` times an hour, and each interruption loses half a checkpoint
  interval plus the restart time on *all* the job's cards. The job is the
  plan's card count (the sizing's cluster) in every month it runs, so the
  hours billed are ``hours × (1 + rate × instances × lost_hours)``; a
  one-card job pays ``rate × lost_hours`` as before. Spot bursts above a
  reserved baseline belong to the same job and pay the same share (the
  reserved cards' lost work is re-run on spot). Without checkpointing an
  interruption loses half of the job's run in the month.
* Owned hardware (托管 colocation and 自建 self-build) is bought in month 1
  and charged its purchase price minus what it can be sold for at the end of
  the horizon. The resale value follows the fleet's age on the resale curve
  of the GPU's generation (``cost_defaults.resale_curves``: the share of the
  purchase price a server fetches second-hand at each age, straight lines
  between the points, scaled so that the share at the plan's reference age
  is ``resale_share``; :func:`resale_fraction`); a worn-out fleet is sold at
  the curve's share at the end of its life. A plan that types its own
  residual value (``budget.residual_fraction``) gets the straight-line book
  value down to it instead, with the part above the residual cut by the
  second-hand haircut. The resale value comes back as money in the
  last month of the cash flow, so ``sum(monthly_cny) == total_cny`` and the
  break-even month and break-even utilisation use the same totals.
* Staff: owning pays ``ops_fte_per_100_gpus × cards / 100`` engineers (or
  the plan's own FTE) at ``ops_salary_cny_per_year`` every month of the
  horizon; renting pays ``cloud_ops_fte_per_100_gpus × cards rented / 100``
  engineers at the same salary in the months it runs (line ``staff``), as
  rented instances still need their images, quotas, monitoring and bills
  managed. Maintenance: ``maintenance_fraction_per_year`` of the hardware and
  network price a year, owned options only.
* Electricity = (TDP × load + server overhead) per busy GPU, server overhead
  per idle GPU, × PUE × hours × tariff.
* A fleet that wears out while work remains is bought again only when that
  costs less than renting the months left: the last fleet inside the horizon
  is otherwise kept to the end of its life, sold at its residual value, and
  the months after are rented by the cheapest of the user's on-demand,
  monthly and yearly contracts (line ``horizon_rental``; decided when the
  fleet wears out, at that scenario's prices).
* Demand above the owned capacity is rented on-demand ("overflow").
* Deposits go out in month 1 and come back in the last month: zero in the
  total, a cost in the NPV.
* Add-ons (shared storage, traffic, public bandwidth) are charged to renting
  options; owned options buy storage and pay for IDC or office bandwidth.

References
----------
idctop.com article 002: 500 W card, 24 h → about 12 kWh a day; network ≥ 15 % of the hardware.
idctop.com article 003: a 400,000 CNY 4-card server over 3 years ≈ 11,111 CNY a month of
depreciation, two weeks ≈ 5,500 CNY; rent when the work is shorter than six
months. idctop.com article 001: spot about half of on-demand, commitments 70-80 % of list.
AWS, *Spot Instance Advisor* and *EC2 User Guide, Spot Instance
interruptions* (2025): reclaims are per instance; the advisor bands each
instance type's share of instances reclaimed in the trailing month (< 5 %,
5-10 %, 10-15 %, 15-20 %, > 20 %); a launch group's instances are terminated
together. Alibaba Cloud, *抢占式实例* (ECS help, 2025): an instance is held for
a one-hour protection period, then released with five minutes' notice when
the market price exceeds the bid or stock runs short.
Brealey, Myers & Allen, *Principles of Corporate Finance*, 13th ed. (2020),
ch. 2 and 6: NPV and straight-line depreciation.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import partial
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from gpu_advisor.engine.cost.findings import ImplausiblePrice
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH, Resolved
from gpu_advisor.engine.cost.wording import implausible_price
from gpu_advisor.model.common import Advice, Message, PriceRange
from gpu_advisor.model.cost_results import HorizonEnd, OptionResult, SpotJob
from gpu_advisor.model.project import OptionId
from gpu_advisor.model.serving import HOURS_A_DAY

FloatArray = npt.NDArray[np.float64]

_EPS = 1e-9
SPOT_JOB_GPUS_KEY = "spot_job_gpus"
"""Resolved input: cards of the synchronous job spot instances run. [1]"""
RENT_OPTIONS = (
    OptionId.ON_DEMAND,
    OptionId.MONTHLY,
    OptionId.YEARLY,
    OptionId.SPOT,
    OptionId.MIX,
)
OWNED_OPTIONS = (OptionId.COLOCATION, OptionId.SELF_BUILD)


# --- scalar formulas (documented, doctested; the array code below mirrors them) ---


def energy_kwh(power_w: float, hours: float) -> float:
    """Energy drawn at a constant power.

    Parameters
    ----------
    power_w : float
        Power. [W]
    hours : float
        Duration. [h]

    Returns
    -------
    float
        Energy. [kWh]

    References
    ----------
    idctop.com article 002: a 500 W card running 24 h uses about 12 kWh (度) a day.

    Examples
    --------
    >>> energy_kwh(500.0, 24.0)
    12.0
    """
    if power_w < 0 or hours < 0:
        raise ValueError("need power_w >= 0 and hours >= 0")
    return power_w * hours / 1000.0


def electricity_cny(
    tdp_w: float,
    load_factor: float,
    overhead_w: float,
    pue: float,
    hours: float,
    tariff_cny_per_kwh: float,
) -> float:
    """Electricity bill of one busy GPU and its share of the server.

    Parameters
    ----------
    tdp_w : float
        Board power. [W]
    load_factor : float
        Average fraction of TDP drawn while training. [1]
    overhead_w : float
        CPU, RAM, NIC, fans and PSU losses per GPU. [W]
    pue : float
        Facility power / IT power. [1]
    hours : float
        Running time. [h]
    tariff_cny_per_kwh : float
        Price of electricity. [CNY/kWh]

    Returns
    -------
    float
        Cost. [CNY]

    Notes
    -----
    ``(tdp_w × load + overhead_w) × pue × hours / 1000 × tariff``.

    References
    ----------
    The Green Grid, *PUE: a comprehensive examination of the metric*, WP 49 (2012).

    Examples
    --------
    A 500 W card at full load for a year, no overhead, PUE 1.3, 1 CNY/kWh:

    >>> round(electricity_cny(500.0, 1.0, 0.0, 1.3, 8760.0, 1.0))
    5694
    """
    if min(tdp_w, load_factor, overhead_w, hours, tariff_cny_per_kwh) < 0 or pue < 1:
        raise ValueError("need non-negative inputs and pue >= 1")
    return (
        energy_kwh(tdp_w * load_factor + overhead_w, hours) * pue * tariff_cny_per_kwh
    )


def depreciation_cny_per_month(
    capex_cny: float, life_years: float, residual_fraction: float = 0.0
) -> float:
    """Straight-line depreciation per month.

    Parameters
    ----------
    capex_cny : float
        Purchase price. [CNY]
    life_years : float
        Useful life. [years]
    residual_fraction : float
        Value left at the end of the life, as a fraction of the price. [1]

    Returns
    -------
    float
        Depreciation. [CNY/month]

    References
    ----------
    idctop.com article 003: a 400,000 CNY 4-card server over three years is about 11,000 CNY
    a month, about 5,500 CNY for two weeks (half a month).

    Examples
    --------
    >>> round(depreciation_cny_per_month(400_000, 3.0), 1)
    11111.1
    >>> round(depreciation_cny_per_month(400_000, 3.0) / 2)
    5556
    """
    if capex_cny < 0 or life_years <= 0 or not 0 <= residual_fraction <= 1:
        raise ValueError(
            "need capex_cny >= 0, life_years > 0, 0 <= residual_fraction <= 1"
        )
    return capex_cny * (1.0 - residual_fraction) / (12.0 * life_years)


def resale_value_cny(
    capex_cny: float,
    months_owned: float,
    life_years: float,
    residual_fraction: float,
    haircut: float,
) -> float:
    """What owned hardware can be sold for after ``months_owned``.

    Parameters
    ----------
    capex_cny : float
        Purchase price. [CNY]
    months_owned : float
        Age at sale. [months]
    life_years : float
        Useful life. [years]
    residual_fraction : float
        End-of-life value as a fraction of the price. [1]
    haircut : float
        Second-hand discount on the above-residual book value. [1]

    Returns
    -------
    float
        Resale value. [CNY]

    Notes
    -----
    ``book = capex − capex (1 − r) min(t, 12 L) / (12 L)``;
    ``resale = capex r + (book − capex r)(1 − haircut)``.

    Examples
    --------
    >>> resale_value_cny(100.0, 36, 3.0, 0.1, 0.3)
    10.0
    >>> round(resale_value_cny(100.0, 18, 3.0, 0.1, 0.3), 2)
    41.5
    """
    if capex_cny < 0 or months_owned < 0 or life_years <= 0:
        raise ValueError("need capex_cny >= 0, months_owned >= 0, life_years > 0")
    life_months = 12.0 * life_years
    book = (
        capex_cny
        - capex_cny
        * (1 - residual_fraction)
        * min(months_owned, life_months)
        / life_months
    )
    floor = capex_cny * residual_fraction
    return floor + (book - floor) * (1 - haircut)


def resale_fraction(
    age_months: float, curve: Sequence[tuple[float, float]], scale: float = 1.0
) -> float:
    """Share of the purchase price a fleet fetches second-hand at its age.

    Parameters
    ----------
    age_months : float
        Months since the fleet was bought. [months]
    curve : sequence of (float, float)
        The generation's resale curve: (age [months], share [1]) points,
        ages increasing; straight lines between them, the last share held
        beyond the last age.
    scale : float
        Factor on every share (the risk analysis moves it). [1]

    Returns
    -------
    float
        The share, held within 0–1. [1]

    References
    ----------
    GPU Lease Rate Index, *How fast do H100 GPUs depreciate?* (2026-01-08):
    H100 60–65 % after a year, 40–45 % after two, 25–35 % after three.

    Examples
    --------
    >>> curve = ((0.0, 1.0), (12.0, 0.62), (24.0, 0.42), (36.0, 0.30))
    >>> resale_fraction(36.0, curve), resale_fraction(18.0, curve)
    (0.3, 0.52)
    >>> resale_fraction(60.0, curve), resale_fraction(36.0, curve, 1.2)
    (0.3, 0.36)
    """
    if age_months < 0 or scale < 0:
        raise ValueError("need age_months >= 0 and scale >= 0")
    ages = [a for a, _ in curve]
    shares = [f for _, f in curve]
    return round(
        min(max(float(np.interp(age_months, ages, shares)) * scale, 0.0), 1.0), 9
    )


def book_value_fraction(
    age_months: float, tax_life_years: float, tax_residual: float
) -> float:
    """Book (tax) value left at an age, straight line over the tax life.

    ``1 − (1 − residual) × min(age, life) / life``: the PRC Enterprise Income
    Tax Law's straight-line method (implementing regulations art. 59) over
    at least 3 years for electronic equipment (art. 60). [1]

    >>> book_value_fraction(18.0, 3.0, 0.05), book_value_fraction(48.0, 3.0, 0.05)
    (0.525, 0.05)
    """
    if age_months < 0 or tax_life_years <= 0 or not 0 <= tax_residual <= 1:
        raise ValueError(
            "need age_months >= 0, tax_life_years > 0, 0 <= tax_residual <= 1"
        )
    life_months = 12.0 * tax_life_years
    return round(
        1.0 - (1.0 - tax_residual) * min(age_months, life_months) / life_months, 9
    )


def billable_hours(gpu_hours: float, granularity_hours: float) -> float:
    """Hours billed for a month's work when each card's time is rounded up.

    Parameters
    ----------
    gpu_hours : float
        Work in the month. [GPU-hours]
    granularity_hours : float
        Billing unit (1/3600 for per-second billing). [h]

    Returns
    -------
    float
        Billed GPU-hours. [GPU-hours]

    Examples
    --------
    >>> billable_hours(100.5, 1.0)
    101.0
    >>> billable_hours(1000.0, 744.0)  # per-month billing: two whole cards
    1488.0
    """
    return float(_billable(np.array([[gpu_hours]]), granularity_hours)[0, 0])


def job_instances(job_gpus: int, gpus_per_server: int) -> int:
    """Instances (servers or VMs) a job's cards run on.

    Parameters
    ----------
    job_gpus : int
        Cards of the synchronous job. [1]
    gpus_per_server : int
        Cards in one server of the GPU model. [1]

    Returns
    -------
    int
        ``ceil(job_gpus / gpus_per_server)``: a job smaller than a server is
        one instance of its own cards. [1]

    Examples
    --------
    >>> job_instances(64, 8), job_instances(8, 8), job_instances(4, 8)
    (8, 1, 1)
    """
    if job_gpus < 1 or gpus_per_server < 1:
        raise ValueError("need job_gpus >= 1 and gpus_per_server >= 1")
    return math.ceil(job_gpus / gpus_per_server)


def spot_overhead_fraction(
    interruptions_per_100_hours: float,
    checkpoint_interval_hours: float,
    restart_hours: float,
    instances: int = 1,
) -> float:
    """Extra hours paid on spot for work lost to interruptions.

    Parameters
    ----------
    interruptions_per_100_hours : float
        Reclaims of one instance per 100 hours it runs. [1/100 h]
    checkpoint_interval_hours : float
        Time between checkpoints. [h]
    restart_hours : float
        Time to get going again after a reclaim. [h]
    instances : int
        Instances the synchronous job runs on (:func:`job_instances`); a
        reclaim of any of them stops the whole job. [1]

    Returns
    -------
    float
        Overhead as a fraction of the useful hours. [1]

    Notes
    -----
    The job is interrupted ``rate × instances`` times per hour of its run. An
    interruption lands on average half-way between checkpoints, so it loses
    ``interval / 2 + restart`` hours on every card of the job: overhead =
    rate × instances × that. The cards cancel out: ``G`` cards run
    ``U / G`` hours, lose ``(U / G) × rate × instances × lost × G`` card-hours.

    References
    ----------
    Young, J. W. (1974), "A first order approximation to the optimum checkpoint
    interval", Commun. ACM 17(9): 530-531 (expected loss of half an interval).
    AWS, *EC2 User Guide: Spot Instance interruptions* (2025): Amazon EC2
    reclaims individual instances.

    Examples
    --------
    One card (one instance) versus 64 cards on eight 8-card servers:

    >>> spot_overhead_fraction(2.0, 1.0, 0.25)
    0.015
    >>> round(spot_overhead_fraction(2.0, 1.0, 0.25, instances=8), 3)
    0.12
    """
    if (
        min(interruptions_per_100_hours, checkpoint_interval_hours, restart_hours) < 0
        or instances < 1
    ):
        raise ValueError("need non-negative inputs and instances >= 1")
    return (
        interruptions_per_100_hours
        / 100.0
        * instances
        * (checkpoint_interval_hours / 2 + restart_hours)
    )


def implied_card_hour_price_cny(total_cny: float, gpus: int, hours: float) -> float:
    """Card-hour price implied by a quote for ``gpus`` cards over ``hours``.

    Examples
    --------
    idctop.com article 003: four A100 for two weeks (336 h) "under 6,000 CNY":

    >>> round(implied_card_hour_price_cny(6000.0, 4, 336.0), 2)
    4.46
    """
    if gpus < 1 or hours <= 0 or total_cny < 0:
        raise ValueError("need gpus >= 1, hours > 0, total_cny >= 0")
    return total_cny / (gpus * hours)


def plausible_card_hour_range(catalog_range: PriceRange) -> tuple[float, float]:
    """Half the catalog's low to twice its high: prices outside are questioned.

    >>> from gpu_advisor.model.common import Provenance
    >>> import datetime as dt
    >>> plausible_card_hour_range(PriceRange(low=10, typical=20, high=40,
    ...     provenance=Provenance(source="s", as_of=dt.date(2026, 1, 1))))
    (5.0, 80.0)
    """
    return catalog_range.low / 2, catalog_range.high * 2


def check_card_hour_price(
    price_cny_per_gpu_hour: float,
    catalog_range: PriceRange,
    *,
    what: Message | str,
    inputs: list[str],
) -> Advice | None:
    """Warn when a price lies outside ``[low / 2, high × 2]`` of the catalog.

    ``what`` names the price: a message such as
    ``recommend_part.implausible_price.own.monthly``, or a name that is not
    translated, e.g. a vendor's (see
    :func:`gpu_advisor.engine.cost.checks.quote_findings` for the project's
    prices and vendor quotes, named in each language).

    Examples
    --------
    >>> from gpu_advisor.model.common import Provenance
    >>> import datetime as dt
    >>> rng = PriceRange(low=10, typical=20, high=40,
    ...     provenance=Provenance(source="s", as_of=dt.date(2026, 1, 1)))
    >>> quote = Message(code="recommend_part.implausible_price.own.monthly")
    >>> check_card_hour_price(4.46, rng, what=quote, inputs=[]).code
    'cost.implausible_price'
    >>> check_card_hour_price(12.0, rng, what=quote, inputs=[]) is None
    True
    """
    low, high = plausible_card_hour_range(catalog_range)
    if low <= price_cny_per_gpu_hour <= high:
        return None
    return Advice(
        code=ImplausiblePrice.code,
        severity=ImplausiblePrice.severity,
        params=implausible_price(what, price_cny_per_gpu_hour, low, high),
        inputs=inputs,
    )


# --- the array engine ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Params:
    """Inputs of the cost formulas; every array has shape ``(S, 1)``."""

    od: FloatArray
    monthly: FloatArray
    yearly_factor: FloatArray
    spot_factor: FloatArray
    spot_rate_per_hour: FloatArray
    restart_hours: FloatArray  # hours lost per reclaim: restart + wait for capacity [h]
    gpu_price: FloatArray
    server_price: FloatArray
    network_frac: FloatArray
    storage_capex: FloatArray
    life_years: FloatArray
    residual: FloatArray
    haircut: FloatArray
    resale_share: FloatArray  # share of the price at the reference age [1]
    tdp_w: FloatArray
    load: FloatArray
    overhead_w: FloatArray
    pue: FloatArray
    pue_self: FloatArray
    tariff: FloatArray
    rack_price: FloatArray
    rack_power_kw: FloatArray
    idc_bw_monthly: FloatArray
    self_bw_monthly: FloatArray
    ops_salary: FloatArray
    ops_fte_per_100: FloatArray
    cloud_fte_per_100: FloatArray
    maint_frac: FloatArray
    deposit_months: FloatArray
    financing_rate: FloatArray
    discount_rate: FloatArray
    retrofit_per_kw: FloatArray
    addon_storage_monthly: FloatArray
    addon_egress_monthly: FloatArray
    addon_bandwidth_monthly: FloatArray
    granularity_hours: float = 1.0
    checkpoint_hours: float = 1.0
    checkpointing: bool = True
    gpus_per_server: int = 8
    ops_fte: float | None = None
    retrofit_cny: float | None = None
    job_gpus: int = 1
    """Cards of the synchronous job that runs on spot (the plan's cluster). [1]"""
    job_months: tuple[bool, ...] = ()
    """Per month, True when the job runs in it (:attr:`Resolved.job_months`):
    reserved contracts hold at least its cards then (:func:`reserved_cards`)."""
    serving: ServingDays | None = None
    """The months that serve with their day's cards hour by hour
    (:attr:`Resolved.serving_day`, made once in :func:`make_params`;
    :func:`reserved_cards`, :func:`hours_above`). None: work spread evenly."""
    rentals: tuple[OptionId, ...] = ()
    """Rentals that may serve the months after an owned fleet's last renewal,
    and the yearly option's last partial year, when cheaper than renewing
    (:attr:`Resolved.rentals`); empty: always renewed."""
    loan: bool = True
    """Owned purchases are paid by a loan at ``financing_rate``
    (:func:`loan_flows`); False: paid from cash, no interest."""
    yearly_billing_months: int = 12
    """Months each bill of a yearly commitment pays for, in advance
    (:func:`paid_a_year_ahead`). [month]"""
    resale_curve: tuple[tuple[float, float], ...] = ()
    """The resale curve of the GPU's generation, (age [months], share [1])
    points at the typical values (:attr:`Resolved.resale_curve`); empty: the
    typed residual and the haircut price the resale."""
    resale_ref_share: float = 1.0
    """The curve's share at the reference age: ``resale_share`` scales the
    curve by ``resale_share / resale_ref_share``. [1]"""
    tax_life_years: float = 3.0
    """Life of the book (tax) depreciation. [years]"""
    tax_residual: float = 0.05
    """Residual of the book depreciation, a share of the price. [1]"""

    @property
    def scenarios(self) -> int:
        """Number of scenarios ``S``."""
        return int(self.od.shape[0])

    @property
    def job_instances(self) -> int:
        """Instances the spot job runs on (:func:`job_instances`). [1]"""
        return job_instances(self.job_gpus, self.gpus_per_server)


_PARAM_KEYS: dict[str, str] = {
    "od": "on_demand_cny_per_gpu_hour",
    "monthly": "monthly_cny_per_gpu_month",
    "yearly_factor": "yearly_price_factor",
    "spot_factor": "spot_price_factor",
    "restart_hours": "spot_lost_hours",
    "gpu_price": "gpu_price_cny",
    "server_price": "server_cny_per_server",
    "network_frac": "network_fraction_of_hardware",
    "life_years": "hardware_life_years",
    "residual": "residual_fraction",
    "haircut": "resale_haircut",
    "resale_share": "resale_share",
    "tdp_w": "tdp_w",
    "load": "gpu_load_factor",
    "overhead_w": "server_overhead_w_per_gpu",
    "pue": "pue",
    "pue_self": "pue_self_build",
    "tariff": "electricity_cny_per_kwh",
    "rack_price": "rack_cny_per_month",
    "rack_power_kw": "rack_power_kw",
    "idc_bw_monthly": "idc_bandwidth_cny_per_month",
    "ops_salary": "ops_salary_cny_per_year",
    "ops_fte_per_100": "ops_fte_per_100_gpus",
    "cloud_fte_per_100": "cloud_ops_fte_per_100_gpus",
    "maint_frac": "maintenance_fraction_per_year",
    "deposit_months": "deposit_months",
    "financing_rate": "financing_rate_per_year",
    "discount_rate": "discount_rate_per_year",
    "retrofit_per_kw": "retrofit_cny_per_kw",
}


def make_params(
    resolved: Resolved,
    scenarios: int = 1,
    overrides: dict[str, FloatArray] | None = None,
    *,
    checkpointing: bool = True,
) -> Params:
    """Build :class:`Params` from resolved inputs, optionally varying some.

    ``overrides`` maps a :class:`Params` field name to an array of shape
    ``(S,)`` or ``(S, 1)`` that replaces the resolved value. The spot job's
    size is ``resolved.values[SPOT_JOB_GPUS_KEY]`` (set by
    :func:`gpu_advisor.engine.cost.resolve.with_spot_job`; one card without it).
    """
    v = resolved.values
    shape = (scenarios, 1)
    full = partial(np.full, shape)
    col: dict[str, FloatArray] = {}
    for name, key in _PARAM_KEYS.items():
        col[name] = full(v[key])
    col["spot_rate_per_hour"] = full(v["spot_interruptions_per_100_hours"] / 100)
    col["storage_capex"] = full(v["storage_tb"] * v["storage_cny_per_tb"])
    col["self_bw_monthly"] = full(
        v["public_bandwidth_mbps"] * v["public_bandwidth_cny_per_mbps_month"],
    )
    col["addon_storage_monthly"] = full(
        v["shared_storage_tb"] * v["shared_storage_cny_per_tb_month"]
    )
    col["addon_egress_monthly"] = full(
        v["egress_tb_per_month"] * v["egress_cny_per_tb"]
    )
    col["addon_bandwidth_monthly"] = full(
        v["public_bandwidth_mbps"] * v["public_bandwidth_cny_per_mbps_month"],
    )
    for name, arr in (overrides or {}).items():
        col[name] = np.asarray(arr, dtype=np.float64).reshape(scenarios, 1)
    return Params(
        **col,
        granularity_hours=v["billing_granularity_hours"],
        checkpoint_hours=v["checkpoint_interval_hours"],
        checkpointing=checkpointing,
        gpus_per_server=max(1, int(v["gpus_per_server"])),
        ops_fte=v.get("ops_fte"),
        retrofit_cny=v.get("retrofit_cny"),
        job_gpus=max(1, int(v.get(SPOT_JOB_GPUS_KEY, 1.0))),
        job_months=resolved.job_months,
        serving=ServingDays.of(resolved.serving_day),
        rentals=resolved.rentals,
        loan=True,
        yearly_billing_months=resolved.yearly_billing_months,
        resale_curve=resolved.resale_curve,
        resale_ref_share=resolved.resale_ref_share,
        tax_life_years=v.get("tax_life_years", 3.0),
        tax_residual=v.get("tax_residual_fraction", 0.05),
    )


@dataclass(slots=True)
class OptionArrays:
    """One option priced over ``S`` scenarios."""

    id: OptionId
    cash: FloatArray  # (S, H) cash flow per month
    lines: dict[str, FloatArray]  # (S,) cost lines summing to the total
    useful: FloatArray  # (S,) GPU-hours used
    billed: FloatArray  # (S,) GPU-hours paid for
    gpus: FloatArray  # (S,) cards owned or reserved at the peak
    capex: FloatArray = field(default_factory=lambda: np.zeros(1))
    residual: FloatArray = field(default_factory=lambda: np.zeros(1))
    deposit: FloatArray = field(default_factory=lambda: np.zeros(1))
    loan: FloatArray = field(default_factory=lambda: np.zeros(1))
    """Loan drawn in month 1 to pay the purchases (:func:`loan_flows`). [CNY]"""
    book_value: FloatArray = field(default_factory=lambda: np.zeros(1))
    """Book (tax) value of the fleet in service at the horizon's end
    (:func:`book_value_fraction`); zero for rentals and a fleet sold. [CNY]"""
    idle: FloatArray = field(default_factory=lambda: np.zeros(1))
    utilization: FloatArray = field(default_factory=lambda: np.ones(1))
    feasible: bool = True
    reason: Message | None = None
    """Why the option cannot be chosen (``cost.reason.*``); None when feasible."""
    detail: object = None
    infeasible_code: str = ""
    """Why the option is not feasible (:mod:`gpu_advisor.engine.cost.feasibility`)."""
    same_as: OptionId | None = None
    """Another option with the same plan and cash flow (see ``feasibility``)."""

    @property
    def total(self) -> FloatArray:
        """Cost over the horizon per scenario. [CNY]"""
        return np.asarray(self.cash.sum(axis=1), dtype=np.float64)


MIN_GPU_HOURS = 1e-6
"""Demand below this (a few milliseconds of one card) counts as none, so that
every formula rounds the same way. [GPU-hours]"""


def clean_demand(demand: FloatArray) -> FloatArray:
    """Demand with negatives and sub-:data:`MIN_GPU_HOURS` values set to zero."""
    return np.where(demand < MIN_GPU_HOURS, 0.0, demand)


def _ceil(x: FloatArray) -> FloatArray:
    return np.ceil(x - _EPS)


def job_floor(p: Params) -> float:
    """Cards the plan's synchronous job needs at once, in whole servers when it
    spans several (a 60-card job on 8-card servers: 64). [1]

    >>> from gpu_advisor.engine.cost.resolve import resolve, with_spot_job
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> job_floor(make_params(with_spot_job(resolve(Project(), load_catalog()), 60)))
    64.0
    """
    per_server = max(1, p.gpus_per_server)
    if p.job_gpus > per_server:
        return float(math.ceil(p.job_gpus / per_server) * per_server)
    return float(p.job_gpus)


def job_mask(p: Params, months: int) -> npt.NDArray[np.bool_] | None:
    """``(1, months)`` booleans, True in the months the job runs; None when it
    runs in none (or is one card: no floor)."""
    flags = p.job_months[:months]
    if p.job_gpus <= 1 or not any(flags):
        return None
    mask = np.zeros((1, months), dtype=bool)
    mask[0, : len(flags)] = flags
    return mask


def running_job_cards(p: Params, months: int) -> int:
    """The job's cards (:func:`job_floor`) when it runs in one of ``months``, else 0."""
    return int(job_floor(p)) if job_mask(p, months) is not None else 0


def reserved_cards(p: Params, demand: FloatArray) -> FloatArray:
    """Cards a reserved contract (包月, 包年) or an owned fleet holds each month.

    ``ceil(hours / 730)``; in the months the plan's synchronous job runs
    (``p.job_months``), at least the job's cards (:func:`job_floor`), in whole
    servers when the job spans several: a 64-card job on 8-card servers
    reserves 8 servers even when its GPU-hours that month would fill 61 cards,
    because it cannot start on fewer. Serving replicas follow the day's curve,
    so their hours fill fewer cards than the busiest hour runs: a month that
    serves holds at least the busiest hour's cards (``p.serving``) on top.

    Examples
    --------
    >>> import numpy as np
    >>> from gpu_advisor.engine.cost.resolve import resolve, with_spot_job
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> r = with_spot_job(resolve(Project(), load_catalog()), 64, (True, True, False))
    >>> reserved_cards(make_params(r), np.array([[61 * 730.0, 100.0, 100.0]])).tolist()
    [[64.0, 64.0, 1.0]]
    """
    cards = _ceil(np.maximum(demand, 0) / HOURS_PER_MONTH)
    if p.serving is not None:
        cards = _serving_floor(p, demand, cards)
    mask = job_mask(p, cards.shape[-1])
    if mask is None:
        return cards
    per_server = max(1, p.gpus_per_server)
    held = np.maximum(cards, job_floor(p))
    if p.job_gpus > per_server:
        held = np.ceil(held / per_server) * per_server
    return np.where(mask & (cards > 0), held, cards)


def _serving_floor(p: Params, demand: FloatArray, cards: FloatArray) -> FloatArray:
    """``cards`` raised, in a month that serves, to the busiest hour of the
    demand's slice of the month's curve (:attr:`Params.serving`). [1]

    >>> import numpy as np
    >>> from gpu_advisor.engine.cost.resolve import resolve
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> from dataclasses import replace
    >>> day = (72.0,) * 12 + (76.0,) * 12  # 64 training cards + 8-12 serving cards
    >>> r = replace(resolve(Project(), load_catalog()), serving_day=((), day))
    >>> demand = np.array([[730.0 * 64, 730.0 * 64 + 7300.0]])
    >>> _serving_floor(make_params(r), demand, np.ceil(demand / 730)).tolist()
    [[64.0, 76.0]]
    """
    out = np.array(cards, dtype=np.float64)
    days = p.serving
    if days is None:
        return out
    months = days.within(out.shape[-1])
    if not months.size:
        return out
    peaks = days.peaks[: months.size]
    level = days.level(_at(demand, months))
    out[..., months] = np.maximum(out[..., months], _ceil(peaks - level))
    return out


class ServingDays:
    """The serving months' days: each month's cards hour by hour, and the
    card-hours of that day above each level, on one shared grid.

    A month's day is a step curve (24 hours of cards, sorted): above ``x``
    cards it holds ``Σ max(cardsₕ − x, 0) × 730 / 24`` card-hours, linear
    between the hourly levels. Every month's table sits on its own stretch
    of one axis (month ``m`` on ``[2m, 2m + 1]``, its levels and hours as
    shares of its own peak and total, so a month of a few cards keeps its
    precision beside one of 10²⁰), so a question about all the months at
    once (the level that holds each month's demand, the hours above each
    month's cards) is one interpolation instead of one per month.

    >>> days = ServingDays.of(((), (4.0,) * 12 + (12.0,) * 12))
    >>> days.months.tolist(), days.peaks.tolist(), days.totals.tolist()
    ([1], [12.0], [5840.0])
    >>> days.above(np.array([8.0])).round(1).tolist()  # the evening's 4 cards
    [1460.0]
    >>> days.level(np.array([[1460.0], [5840.0], [9999.0]])).tolist()
    [[8.0], [0.0], [0.0]]

    A month of 10²⁰ cards beside it leaves its figures as they were (on one
    axis in cards, the months ran into each other at that size):

    >>> huge = ServingDays.of(((1e20,) * 24, (4.0,) * 12 + (12.0,) * 12))
    >>> huge.above(np.array([1e20, 8.0])).round(1).tolist()
    [0.0, 1460.0]
    >>> huge.level(np.array([0.0, 1460.0])).round(1).tolist()
    [1e+20, 8.0]
    """

    __slots__ = ("_level_grid", "_volume_grid", "months", "peaks", "totals")

    def __init__(self, months: list[int], hourly: list[tuple[float, ...]]) -> None:
        self.months = np.asarray(months, dtype=np.intp)
        cards = np.sort(np.asarray(hourly, dtype=np.float64), axis=1)  # (M, 24)
        levels = np.concatenate((np.zeros((len(months), 1)), cards), axis=1)
        days = HOURS_PER_MONTH / HOURS_A_DAY
        volumes = np.maximum(cards[:, None, :] - levels[:, :, None], 0.0).sum(2) * days
        self.peaks = levels[:, -1].copy()
        self.totals = volumes[:, 0].copy()
        # each month on its own stretch [2m, 2m + 1], as shares of its own
        # peak and total (a month without cards: all zero)
        starts = 2.0 * np.arange(len(months), dtype=np.float64)
        level_share = levels / np.where(self.peaks > 0, self.peaks, 1.0)[:, None]
        volume_share = volumes / np.where(self.totals > 0, self.totals, 1.0)[:, None]
        # hours above a level: levels rising, volumes falling
        self._level_grid = (
            starts,
            (level_share + starts[:, None]).ravel(),
            volume_share.ravel(),
        )
        # the level holding some hours: volumes rising, levels falling
        self._volume_grid = (
            starts,
            (volume_share[:, ::-1] + starts[:, None]).ravel(),
            level_share[:, ::-1].ravel(),
        )

    @classmethod
    def of(cls, serving_day: Sequence[tuple[float, ...]]) -> ServingDays | None:
        """The days of the months that serve (``serving_day``: per month its
        hourly cards, empty when it does not serve); None when none serves."""
        months = [m for m, day in enumerate(serving_day) if day]
        if not months:
            return None
        return cls(months, [tuple(serving_day[m]) for m in months])

    def within(self, horizon: int) -> npt.NDArray[np.intp]:
        """The serving months among the first ``horizon``, as indices."""
        return self.months[: int(np.searchsorted(self.months, horizon))]

    def above(self, level: FloatArray) -> FloatArray:
        """Card-hours of each month's day above ``level`` cards (months last:
        the first ``level.shape[-1]`` serving months). [GPU-h]"""
        return self._read(self._level_grid, level, self.peaks, self.totals)

    def level(self, hours: FloatArray) -> FloatArray:
        """The level above which each month's day holds ``hours`` card-hours
        (0 for all of it or more; months last, as :meth:`above`). [1]"""
        return self._read(self._volume_grid, hours, self.totals, self.peaks)

    @staticmethod
    def _read(
        grid: tuple[FloatArray, FloatArray, FloatArray],
        x: FloatArray,
        tops: FloatArray,
        scale: FloatArray,
    ) -> FloatArray:
        """``x`` (up to each month's ``tops``) read on the months' stretches,
        the answer in units of each month's ``scale``."""
        starts, xp, fp = grid
        k = x.shape[-1]
        # month by month in memory (months first): neighbouring questions
        # fall on the same stretch, which the interpolation's search uses
        column = (k,) + (1,) * (x.ndim - 1)
        top = tops[:k].reshape(column)
        shifted = np.clip(np.moveaxis(x, -1, 0), 0.0, top)
        shifted /= np.where(top > 0, top, 1.0)
        shifted += starts[:k].reshape(column)
        read = np.interp(shifted, xp, fp)
        read *= scale[:k].reshape(column)
        return np.moveaxis(read, 0, -1)


def _at(a: FloatArray, months: npt.NDArray[np.intp]) -> FloatArray:
    """The ``months`` of ``a`` (months last; a single column stands for all)."""
    if a.shape[-1] == 1:
        return np.broadcast_to(a, (*a.shape[:-1], months.size))
    return a[..., months]


def hours_above(p: Params, demand: FloatArray, cards: FloatArray) -> FloatArray:
    """GPU-hours a month that ``cards`` held all month cannot serve.

    ``demand − cards × 730`` (not below 0) when the month's work is spread
    evenly. A month that serves follows its day (:attr:`Params.serving`): a
    demand is the top slice of that curve holding its hours (the whole plan's
    demand is all of it; the part above owned cards is the slice above them),
    and the hours above ``cards`` are counted hour by hour, so a contract
    sized between the night and the evening peak leaves the peak hours to
    bursts. ``demand`` and ``cards`` broadcast (months last). [GPU-h]

    >>> import numpy as np
    >>> from dataclasses import replace
    >>> from gpu_advisor.engine.cost.resolve import resolve
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> day = (4.0,) * 12 + (12.0,) * 12  # 5,840 card-hours a month
    >>> p = make_params(replace(resolve(Project(), load_catalog()), serving_day=(day,)))
    >>> hours_above(p, np.array([[5840.0]]), np.array([[8.0]])).round(1).tolist()
    [[1460.0]]
    >>> hours_above(p, np.array([[2920.0]]), np.array([[0.0], [4.0]])).round(1).tolist()
    [[2920.0], [1460.0]]
    """
    demand = np.asarray(demand, dtype=np.float64)
    cards = np.asarray(cards, dtype=np.float64)
    out = np.maximum(demand - cards * HOURS_PER_MONTH, 0.0)
    days = p.serving
    if days is None:
        return out
    months = days.within(out.shape[-1])
    if months.size:
        # each demand's level once, then every count of cards above it
        level = days.level(_at(demand, months))
        out[..., months] = days.above(level + _at(cards, months))
    return out


def owned_split(
    p: Params, demand: FloatArray, gpus: float | FloatArray
) -> tuple[FloatArray, FloatArray]:
    """The demand ``gpus`` owned cards serve, and the rest (rented).

    Up to ``gpus × 730`` GPU-hours a month; but in a month the synchronous job
    runs, fewer owned cards than the job needs (:func:`job_floor`) cannot run
    it, so that month is rented whole and the owned cards stand idle.
    ``gpus``: a count, or counts ``(K,)`` for rows ``(K, H)``. [GPU-hours]

    Examples
    --------
    >>> import numpy as np
    >>> from gpu_advisor.engine.cost.resolve import resolve, with_spot_job
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> r = with_spot_job(resolve(Project(), load_catalog()), 64, (True, False))
    >>> base, rest = owned_split(make_params(r), np.array([[64 * 730.0, 8 * 730.0]]), 8)
    >>> (base / 730).tolist(), (rest / 730).tolist()
    ([[0.0, 8.0]], [[64.0, 0.0]])
    """
    counts = np.asarray(gpus, dtype=np.float64).reshape(-1, 1)
    base = demand - hours_above(p, demand, counts)
    mask = job_mask(p, demand.shape[-1])
    if mask is not None:
        base = np.where(mask & (counts < job_floor(p)), 0.0, base)
    return base, np.maximum(demand - base, 0.0)


def _billable(hours: FloatArray, granularity: float) -> FloatArray:
    """Array version of :func:`billable_hours` (zero hours bill zero)."""
    h = np.maximum(hours, 0.0)
    # in place from here: the same operations without a new (S, H) array each
    # (the Monte Carlo bills 10,000 scenarios at a time)
    cards = h * (1.0 / HOURS_PER_MONTH)
    cards -= _EPS
    np.ceil(cards, out=cards)
    np.maximum(cards, 1.0, out=cards)
    units = np.divide(h, cards)
    units *= 1.0 / granularity
    units -= _EPS
    np.ceil(units, out=units)
    units *= cards
    units *= granularity
    return units


def _addons(p: Params, demand: FloatArray) -> dict[str, FloatArray]:
    """Add-on lines, charged in the months with demand only, and the staff
    that manages the rented cards (:func:`_rental_staff`)."""
    active = (demand > 0).sum(axis=1)
    return {
        "add_ons_storage": p.addon_storage_monthly[:, 0] * active,
        "add_ons_egress": p.addon_egress_monthly[:, 0] * active,
        "add_ons_bandwidth": p.addon_bandwidth_monthly[:, 0] * active,
        "staff": _rental_staff(p, demand).sum(axis=1),
    }


def _rental_staff(p: Params, demand: FloatArray) -> FloatArray:
    """Operations staff for rented cards per month (S, H): ``cloud FTE per 100
    cards × cards in use / 100 × salary / 12``, the cards ``ceil(hours /
    730)``. [CNY]"""
    per_card = p.cloud_fte_per_100 * p.ops_salary / 1200.0  # (S, 1)
    return np.asarray(per_card * _ceil(demand / HOURS_PER_MONTH), dtype=np.float64)


def _addon_monthly(p: Params, demand: FloatArray) -> FloatArray:
    """Add-ons per month (S, H): storage, traffic, bandwidth while work runs,
    and the rented cards' operations staff."""
    per_month = (
        p.addon_storage_monthly + p.addon_egress_monthly + p.addon_bandwidth_monthly
    )
    return np.asarray(
        per_month * (demand > 0) + _rental_staff(p, demand), dtype=np.float64
    )


def _with_deposit(cash: FloatArray, deposit: FloatArray) -> FloatArray:
    return _add_deposit(cash.copy(), deposit)


def _add_deposit(cash: FloatArray, deposit: FloatArray) -> FloatArray:
    """:func:`_with_deposit` in place, for a ``cash`` array the caller has
    just made (no copy needed): paid in the first month, back in the last."""
    cash[:, 0] += deposit
    cash[:, -1] -= deposit
    return cash


def spot_lost_hours(p: Params, hours: FloatArray) -> FloatArray:
    """Hours lost per interruption of the job (half an interval plus the restart).

    Without checkpointing an interruption loses half of the job's run in the
    month: ``hours`` GPU-hours on ``job_gpus`` cards run ``hours / job_gpus``
    hours (at most the month). [h]
    """
    if p.checkpointing:
        return np.asarray(p.checkpoint_hours / 2 + p.restart_hours, dtype=np.float64)
    run = np.minimum(np.maximum(hours, 0.0) / p.job_gpus, HOURS_PER_MONTH)
    return np.asarray(run / 2 + p.restart_hours, dtype=np.float64)


def spot_overhead(p: Params, hours: FloatArray) -> FloatArray:
    """Share of extra hours paid on spot, per scenario and month.

    ``rate × instances × lost``: the job stops whenever any of its instances
    is reclaimed and loses :func:`spot_lost_hours` on all its cards (see
    :func:`spot_overhead_fraction`). [1]
    """
    return np.asarray(
        p.spot_rate_per_hour * p.job_instances * spot_lost_hours(p, hours),
        dtype=np.float64,
    )


class _Rent:
    """What the pure rentals of one demand share, each made once when first
    asked for (:func:`price_pure_options` prices four rentals of the same
    demand). Arrays an option keeps are handed out as copies."""

    __slots__ = ("_addon", "_addons", "_cards", "_peak", "_plain", "demand", "p")

    def __init__(self, p: Params, demand: FloatArray) -> None:
        self.p = p
        self.demand = clean_demand(demand)
        self._addon: FloatArray | None = None
        self._addons: dict[str, FloatArray] | None = None
        self._plain: FloatArray | None = None
        self._cards: FloatArray | None = None
        self._peak: FloatArray | None = None

    def useful(self) -> FloatArray:
        """GPU-hours of the demand, per scenario. [GPU-h]"""
        return np.asarray(self.demand.sum(axis=1), dtype=np.float64)

    def addon(self) -> FloatArray:
        """:func:`_addon_monthly` (not kept by the options). [CNY]"""
        if self._addon is None:
            self._addon = _addon_monthly(self.p, self.demand)
        return self._addon

    def addons(self) -> dict[str, FloatArray]:
        """:func:`_addons`, copied. [CNY]"""
        if self._addons is None:
            self._addons = _addons(self.p, self.demand)
        return {k: v.copy() for k, v in self._addons.items()}

    def plain(self) -> FloatArray:
        """Billed hours without spot re-runs (not kept). [GPU-h]"""
        if self._plain is None:
            self._plain = _billable(self.demand, self.p.granularity_hours)
        return self._plain

    def cards(self) -> FloatArray:
        """Cards a reserved contract holds a month, :func:`reserved_cards` (not kept). [1]"""
        if self._cards is None:
            self._cards = reserved_cards(self.p, self.demand)
        return self._cards

    def peak(self) -> FloatArray:
        """Cards at the busiest month, copied. [1]"""
        if self._peak is None:
            self._peak = _ceil(self.demand.max(axis=1) / HOURS_PER_MONTH)
        return self._peak.copy()


def price_on_demand(p: Params, demand: FloatArray) -> OptionArrays:
    """按量付费: every GPU-hour at the on-demand price, rounded up per card."""
    return _on_demand(_Rent(p, demand))


def _on_demand(r: _Rent) -> OptionArrays:
    """:func:`price_on_demand` of ``r``'s demand."""
    p = r.p
    billed = r.plain()
    compute = p.od * billed
    cash = compute + r.addon()
    useful = r.useful()
    billed_total = billed.sum(axis=1)
    lines = {"compute": compute.sum(axis=1), **r.addons()}
    util = np.where(billed_total > 0, useful / np.maximum(billed_total, _EPS), 1.0)
    idle = lines["compute"] * (1 - util)
    peak = r.peak()
    return OptionArrays(
        OptionId.ON_DEMAND,
        cash,
        lines,
        useful,
        billed_total,
        peak,
        idle=idle,
        utilization=util,
    )


def _monthly_cash(
    p: Params, cards: FloatArray, addon: FloatArray
) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    """包月 of ``cards`` a month: compute, peak, deposit and cash flow. [CNY]"""
    compute = p.monthly * cards
    peak = cards.max(axis=1)
    deposit = p.deposit_months[:, 0] * p.monthly[:, 0] * peak
    cash = _add_deposit(compute + addon, deposit)  # a new array: no copy
    return compute, peak, deposit, cash


def price_monthly(p: Params, demand: FloatArray) -> OptionArrays:
    """包月: pay for ``ceil(hours / 730)`` cards each month, used or not."""
    return _monthly(_Rent(p, demand))


def _monthly(r: _Rent) -> OptionArrays:
    """:func:`price_monthly` of ``r``'s demand."""
    p, cards = r.p, r.cards()
    compute, peak, deposit, cash = _monthly_cash(p, cards, r.addon())
    useful = r.useful()
    billed = cards.sum(axis=1) * HOURS_PER_MONTH
    util = np.where(billed > 0, useful / np.maximum(billed, _EPS), 1.0)
    lines = {"compute": compute.sum(axis=1), **r.addons()}
    return OptionArrays(
        OptionId.MONTHLY,
        cash,
        lines,
        useful,
        billed,
        peak,
        deposit=deposit,
        idle=lines["compute"] * (1 - util),
        utilization=util,
    )


def _yearly_blocks(cards: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Reserved cards per month (block peak) and committed months beyond horizon."""
    s, months = cards.shape
    reserved = np.empty_like(cards)
    for start in range(0, months, 12):
        block = cards[:, start : start + 12]
        reserved[:, start : start + 12] = block.max(axis=1, keepdims=True)
    tail = months % 12
    beyond = np.zeros((s,)) if tail == 0 else reserved[:, -1] * (12 - tail)
    return reserved, beyond


def paid_a_year_ahead(
    compute: FloatArray,
    beyond: FloatArray,
    monthly_rows: npt.NDArray[np.bool_] | None = None,
    period: int = 12,
) -> FloatArray:
    """包年's bills as they are paid: each bill's months at the bill's start.

    Chinese clouds bill a yearly subscription (包年) in advance for the whole
    year (``period`` 12, the default); a contract may bill it quarterly or
    monthly instead (``budget.yearly_billing_months``), each bill paid in
    advance for its months. The part committed past the horizon
    (``beyond``) is owed with the last bill. The rows of ``monthly_rows``
    rent their last partial year by the month (包月, :func:`_year_tail`) and
    pay those months as they come.

    Parameters
    ----------
    compute : ndarray
        The commitment's price per month, shape (S, H). [CNY]
    beyond : ndarray
        The last block's months past the horizon, shape (S,). [CNY]
    monthly_rows : ndarray of bool, optional
        Shape (S,): True where the last partial year is rented monthly.
    period : int
        Months each bill pays for, a divisor of 12. [month]

    Returns
    -------
    ndarray
        Cash per month, shape (S, H); its sum is ``compute.sum + beyond``. [CNY]

    References
    ----------
    Alibaba Cloud, *包年包月* (ECS billing, help centre, 2025): a subscription
    is paid in full when it is bought or renewed; Tencent Cloud, *包年包月计费*
    (CVM billing, 2025): prepaid for the period bought.

    Examples
    --------
    >>> import numpy as np
    >>> paid_a_year_ahead(np.full((1, 14), 10.0), np.array([100.0])).tolist()
    [[120.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 120.0, 0.0]]
    >>> paid_a_year_ahead(np.full((1, 14), 10.0), np.array([0.0]),
    ...                   np.array([True])).tolist()[0][12:]
    [10.0, 10.0]
    >>> paid_a_year_ahead(np.full((1, 6), 10.0), np.array([60.0]), period=3).tolist()
    [[30.0, 0.0, 0.0, 90.0, 0.0, 0.0]]
    """
    months = compute.shape[1]
    cash = np.zeros(np.broadcast_shapes(compute.shape, (beyond.shape[0], months)))
    for start in range(0, months, period):
        cash[:, start] += compute[:, start : start + period].sum(axis=1)
    cash[:, (months - 1) // period * period] += beyond  # owed with the last bill
    last_year = (months - 1) // 12 * 12
    if months % 12 and monthly_rows is not None and monthly_rows.any():
        # the last partial year rented by the month: paid as it comes
        rows = monthly_rows[:, None]
        cash[:, last_year:] = np.where(
            rows, compute[:, last_year:], cash[:, last_year:]
        )
    return cash


class _YearTail(NamedTuple):
    """The yearly commitment's last partial year: a further whole year, or
    包月 of the same cards for those months, whichever costs less."""

    months: int  # months of the last partial year [1]
    rented: npt.NDArray[np.bool_]  # (S,) True: rented monthly
    rent: FloatArray  # (S,) those months on 包月 [CNY]
    year: FloatArray  # (S,) a whole further year, the part beyond the horizon too [CNY]


def _year_tail(
    p: Params, reserved: FloatArray, compute: FloatArray, beyond: FloatArray
) -> _YearTail | None:
    """:class:`_YearTail` of a horizon longer than a year that ends inside a
    year, when monthly rental is among ``p.rentals``; else None (the last
    year is committed whole, as a buyer who allowed no monthly rental must).

    A buyer signs a yearly contract for whole years; after the last whole
    year the block's cards (``reserved``, its peak) are rented monthly for
    the remaining months when that is cheaper than a further year (decided
    then, at that scenario's prices), as the mix's yearly baseline holds one
    count per block.
    """
    months = reserved.shape[1]
    tail = months % 12
    if months <= 12 or not tail or OptionId.MONTHLY not in p.rentals:
        return None
    year = compute[:, -tail:].sum(axis=1) + beyond
    rent = (p.monthly * reserved[:, -tail:]).sum(axis=1)
    return _YearTail(tail, rent < year - _EPS, rent, year)


class _YearlyCash(NamedTuple):
    """包年's reserved cards, commitment past the horizon and cash flow."""

    reserved: FloatArray  # (S, H) cards reserved per month [1]
    beyond_cards: FloatArray  # (S,) card-months committed past the horizon [1]
    compute: FloatArray  # (S, H) [CNY]
    beyond: FloatArray  # (S,) [CNY]
    peak: FloatArray  # (S,) [1]
    deposit: FloatArray  # (S,) [CNY]
    cash: FloatArray  # (S, H) [CNY]
    tail: _YearTail | None  # the last partial year, when it may be rented


def _yearly_cash(p: Params, cards: FloatArray, addon: FloatArray) -> _YearlyCash:
    """包年 of ``cards`` a month: each 12-month block reserves its peak, paid
    at the block's start (:func:`paid_a_year_ahead`); the last partial block
    of a horizon past a year is rented monthly instead when that costs less
    (:func:`_year_tail`)."""
    reserved, beyond_cards = _yearly_blocks(cards)
    price = p.monthly * p.yearly_factor
    compute = price * reserved
    beyond = price[:, 0] * beyond_cards
    tail = _year_tail(p, reserved, compute, beyond)
    if tail is not None and tail.rented.any():
        t, rented = tail.months, tail.rented[:, None]
        compute[:, -t:] = np.where(
            rented, p.monthly * reserved[:, -t:], compute[:, -t:]
        )
        beyond = np.where(tail.rented, 0.0, beyond)
        beyond_cards = np.where(tail.rented, 0.0, beyond_cards)
    monthly_rows = None if tail is None else tail.rented
    cash = paid_a_year_ahead(compute, beyond, monthly_rows, p.yearly_billing_months)
    cash = cash + addon
    peak = reserved.max(axis=1)
    deposit = p.deposit_months[:, 0] * price[:, 0] * peak
    cash = _add_deposit(cash, deposit)  # ``compute + addon``: no copy needed
    return _YearlyCash(
        reserved, beyond_cards, compute, beyond, peak, deposit, cash, tail
    )


def price_yearly(p: Params, demand: FloatArray) -> OptionArrays:
    """包年: each 12-month block reserves its peak cards at the yearly price."""
    return _yearly(_Rent(p, demand))


def _yearly(r: _Rent) -> OptionArrays:
    """:func:`price_yearly` of ``r``'s demand."""
    y = _yearly_cash(r.p, r.cards(), r.addon())
    reserved, beyond_cards, compute, beyond = (
        y.reserved,
        y.beyond_cards,
        y.compute,
        y.beyond,
    )
    peak, deposit, cash = y.peak, y.deposit, y.cash
    useful = r.useful()
    billed = (reserved.sum(axis=1) + beyond_cards) * HOURS_PER_MONTH
    util = np.where(billed > 0, useful / np.maximum(billed, _EPS), 1.0)
    lines = {
        "compute": compute.sum(axis=1),
        "commitment_beyond_horizon": beyond,
        **r.addons(),
    }
    idle = (lines["compute"] + beyond) * (1 - util)
    return OptionArrays(
        OptionId.YEARLY,
        cash,
        lines,
        useful,
        billed,
        peak,
        deposit=deposit,
        idle=idle,
        utilization=util,
        detail=None if y.tail is None else _year_end(y.tail, cash.shape[1]),
    )


def _year_end(tail: _YearTail, months: int) -> HorizonEnd:
    """The yearly option's :class:`HorizonEnd` (scenario 0)."""
    return HorizonEnd(
        first_month=months - tail.months + 1,
        months=tail.months,
        rented=bool(tail.rented[0]),
        rental=OptionId.MONTHLY,
        rent_cny=round(max(float(tail.rent[0]), 0.0), 2),
        renew_cny=round(max(float(tail.year[0]), 0.0), 2),
    )


def spot_job(p: Params) -> SpotJob:
    """How reclaims hit the plan's job on spot (scenario 0).

    Examples
    --------
    >>> import numpy as np
    >>> from gpu_advisor.engine.cost.resolve import resolve, with_spot_job
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> r = with_spot_job(resolve(Project(), load_catalog()), 64)
    >>> job = spot_job(make_params(r))
    >>> job.instances, job.job_stops_per_hour, job.overhead_fraction
    (8, 0.16, 0.376)

    (0.16 stops an hour × (0.5 h of work since the checkpoint + 0.25 h restart
    + 0.4 × 4 h waiting for capacity) = 0.376.)
    """
    rate = float(p.spot_rate_per_hour[0, 0])
    inst = p.job_instances
    lost = (
        float(p.checkpoint_hours / 2 + p.restart_hours[0, 0])
        if p.checkpointing
        else None
    )
    return SpotJob(
        job_gpus=p.job_gpus,
        gpus_per_instance=min(p.gpus_per_server, p.job_gpus),
        instances=inst,
        reclaims_per_instance_hour=round(rate, 6),
        job_stops_per_hour=round(rate * inst, 6),
        lost_hours_per_reclaim=None if lost is None else round(lost, 6),
        overhead_fraction=None if lost is None else round(rate * inst * lost, 6),
    )


def spot_billed(p: Params, hours: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Billed hours on spot without and with the interruption overhead."""
    overhead = spot_overhead(p, hours)
    plain = _billable(hours, p.granularity_hours)
    with_overhead = _billable(hours * (1 + overhead), p.granularity_hours)
    return plain, with_overhead


def _spot_cash(
    p: Params, plain: FloatArray, billed: FloatArray, addon: FloatArray
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """竞价实例 billed ``plain`` hours (``billed`` with the re-runs): compute,
    interruption overhead and cash flow. [CNY]"""
    price = p.od * p.spot_factor
    compute = price * plain
    overhead = price * (billed - plain)
    return compute, overhead, compute + overhead + addon


def price_spot(p: Params, demand: FloatArray) -> OptionArrays:
    """竞价实例: discounted card-hours plus the work lost to interruptions."""
    return _spot(_Rent(p, demand))


def _spot(r: _Rent) -> OptionArrays:
    """:func:`price_spot` of ``r``'s demand (:func:`spot_billed` with the
    plain hours shared)."""
    p, demand, plain = r.p, r.demand, r.plain()
    billed = _billable(demand * (1 + spot_overhead(p, demand)), p.granularity_hours)
    compute, overhead, cash = _spot_cash(p, plain, billed, r.addon())
    useful = r.useful()
    billed_total = billed.sum(axis=1)
    util = np.where(billed_total > 0, useful / np.maximum(billed_total, _EPS), 1.0)
    lines = {
        "compute": compute.sum(axis=1),
        "interruption_overhead": overhead.sum(axis=1),
        **r.addons(),
    }
    peak = r.peak()
    feasible = p.checkpointing or bool(np.all(p.spot_rate_per_hour == 0))
    return OptionArrays(
        OptionId.SPOT,
        cash,
        lines,
        useful,
        billed_total,
        peak,
        idle=(lines["compute"] + lines["interruption_overhead"]) * (1 - util),
        utilization=util,
        feasible=feasible,
        infeasible_code="" if feasible else "spot.no_checkpointing",
        reason=None if feasible else Message(code="cost.reason.spot_no_checkpointing"),
    )


def rental_totals(
    p: Params, demand: FloatArray, ids: list[OptionId]
) -> dict[OptionId, FloatArray]:
    """Totals of the pure rentals among ``ids`` (on demand, monthly, yearly,
    spot), per scenario: the cash flows of their pricers, summed, without
    the lines and hours (the break-even grid reads totals only). [CNY]

    Examples
    --------
    >>> from gpu_advisor.engine.cost.resolve import resolve
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> p = make_params(resolve(Project(), load_catalog()))
    >>> d = np.array([[900.0, 0.0, 3000.0]])
    >>> totals = rental_totals(p, d, [OptionId.YEARLY, OptionId.SPOT])
    >>> bool(totals[OptionId.SPOT][0] == price_spot(p, d).total[0])
    True
    >>> bool(totals[OptionId.YEARLY][0] == price_yearly(p, d).total[0])
    True
    """
    demand = clean_demand(demand)
    addon = _addon_monthly(p, demand)
    cash: dict[OptionId, FloatArray] = {}
    if OptionId.ON_DEMAND in ids or OptionId.SPOT in ids:
        plain = _billable(demand, p.granularity_hours)
        if OptionId.ON_DEMAND in ids:
            cash[OptionId.ON_DEMAND] = p.od * plain + addon
        if OptionId.SPOT in ids:
            billed = _billable(
                demand * (1 + spot_overhead(p, demand)), p.granularity_hours
            )
            cash[OptionId.SPOT] = _spot_cash(p, plain, billed, addon)[2]
    if OptionId.MONTHLY in ids or OptionId.YEARLY in ids:
        cards = reserved_cards(p, demand)
        if OptionId.MONTHLY in ids:
            cash[OptionId.MONTHLY] = _monthly_cash(p, cards, addon)[3]
        if OptionId.YEARLY in ids:
            cash[OptionId.YEARLY] = _yearly_cash(p, cards, addon).cash
    return {
        o: np.asarray(cash[o].sum(axis=1), dtype=np.float64) for o in ids if o in cash
    }


def owned_gpus_for(
    demand: FloatArray, requested: float | None, p: Params | None = None
) -> int:
    """Cards to buy: the project's figure, else the busiest month's cards
    (with ``p``: :func:`reserved_cards`, so never fewer than the job needs)."""
    if requested is not None:
        return max(1, int(requested))
    if not demand.size:
        return 1
    cards = (
        reserved_cards(p, demand)
        if p is not None
        else _ceil(np.maximum(demand, 0) / HOURS_PER_MONTH)
    )
    return max(1, int(float(cards.max())))


def _month_row(n: int) -> FloatArray:
    """``np.arange(n)`` as a ``(1, n)`` float row: the month indices."""
    return np.arange(n, dtype=np.float64)[None, :]


def _replacements(
    life_months: FloatArray, months: int, demand: FloatArray | None = None
) -> tuple[FloatArray, FloatArray]:
    """When an owned fleet is bought again, and its age, over the horizon.

    A fleet reaches the end of its life after ``ceil(life)`` months; when the
    demand continues past that month it is then sold at its residual value
    and the same fleet is bought at the same price (a newer generation
    usually costs no less at launch). When no demand is left from that month
    on (a horizon padded with idle months), the worn-out fleet is kept and
    nothing is bought. Returns the replacement mask per month ``(S, H)`` (1.0
    in the month of purchase) and the age of the fleet in service at the
    start of each month and at the end of the horizon ``(S, H + 1)``.
    [months]

    Examples
    --------
    >>> import numpy as np
    >>> renew, age = _replacements(np.array([[36.0]]), 40)
    >>> int(renew.sum()), int(np.argmax(renew[0])) + 1, float(age[0, -1])
    (1, 37, 4.0)
    >>> renew, age = _replacements(np.array([[36.0]]), 36)
    >>> int(renew.sum()), float(age[0, -1])
    (0, 36.0)

    Thirty-six months of work in a 60-month horizon buy no second fleet:

    >>> work = np.array([[1.0] * 36 + [0.0] * 24])
    >>> renew, age = _replacements(np.array([[36.0]]), 60, work)
    >>> int(renew.sum()), float(age[0, -1])
    (0, 60.0)
    """
    renew, age, rows = _renewals(life_months, months, demand)
    if renew is None:
        return np.zeros((rows, months)), np.broadcast_to(age, (rows, months + 1))
    return renew, age


def _renewals(
    life_months: FloatArray, months: int, demand: FloatArray | None
) -> tuple[FloatArray | None, FloatArray, int]:
    """:func:`_replacements`, with ``None`` and the elapsed row ``(1, H + 1)``
    when no fleet wears out inside the horizon (nothing to make), and the
    number of rows."""
    span = np.maximum(np.ceil(life_months - _EPS), 1.0)  # (S, 1)
    rows = span.shape[0] if demand is None else max(span.shape[0], demand.shape[0])
    if float(span.min()) >= months:  # no fleet wears out inside the horizon
        return None, _month_row(months + 1), rows
    m = _month_row(months)  # (1, H)
    fleet = np.floor(m / span)  # which fleet serves month m
    renew = np.where((m > 0) & (m - fleet * span == 0), 1.0, 0.0)
    if demand is not None:
        # buy again only while demand remains at or after the month of purchase
        busy = demand > 0
        last = np.where(
            busy.any(axis=1), months - 1 - np.argmax(busy[:, ::-1], axis=1), -1
        )
        renew = renew * (m <= last[:, None])
    if renew.shape[0] < rows:
        renew = np.broadcast_to(renew, (rows, months))
    # age: months since the fleet in service was bought
    bought = np.maximum.accumulate(np.where(renew > 0, m, 0.0), axis=1)
    age = np.concatenate([m - bought, months - bought[:, -1:]], axis=1)
    return np.asarray(renew, dtype=np.float64), age, rows


@dataclass(frozen=True, slots=True)
class _Fleet:
    """What an owned option buys: cards, servers, network, storage and the room."""

    cards: FloatArray  # (1,) or (S,) cards bought
    hardware: FloatArray  # (S,) cards and servers [CNY]
    network: FloatArray  # (S,) [CNY]
    storage: FloatArray  # (S,) [CNY]
    capex_dep: FloatArray  # (S,) depreciated purchase: hardware, network, storage [CNY]
    it_kw: FloatArray  # (S,) IT load [kW]
    retrofit: FloatArray  # (S,) room retrofit, self-build only [CNY]


def _fleet(p: Params, gpus: int | FloatArray, self_build: bool, s: int) -> _Fleet:
    """The purchase: cards in whole servers, the network share, storage and,
    for a self-built room, its retrofit (per kW of IT load unless given)."""
    if isinstance(gpus, np.ndarray):
        cards = gpus.astype(np.float64)
        servers: float | FloatArray = np.ceil(cards / p.gpus_per_server - _EPS)
    else:
        cards = np.array([float(gpus)])
        servers = math.ceil(gpus / p.gpus_per_server)
    gpu_capex = gpus * p.gpu_price[:, 0]
    server_capex = servers * p.server_price[:, 0]
    hardware = gpu_capex + server_capex
    network = p.network_frac[:, 0] * hardware
    storage = p.storage_capex[:, 0]
    it_kw = gpus * (p.tdp_w[:, 0] + p.overhead_w[:, 0]) / 1000.0
    retrofit = _retrofit(p, it_kw, self_build, s)
    return _Fleet(
        cards, hardware, network, storage, hardware + network + storage, it_kw, retrofit
    )


def _retrofit(p: Params, it_kw: FloatArray, self_build: bool, s: int) -> FloatArray:
    """Room retrofit: self-build only, per kW of IT load unless given. [CNY]"""
    if not self_build:
        return np.zeros((s,))
    if p.retrofit_cny is not None:
        return np.full((s,), p.retrofit_cny)
    return np.asarray(p.retrofit_per_kw[:, 0] * it_kw, dtype=np.float64)


@dataclass(frozen=True, slots=True)
class _Wear:
    """The fleet's value over the horizon: bought, replaced, sold at the end."""

    floor: FloatArray  # (S, 1) residual value [CNY]
    replaced: FloatArray  # (S,) fleets bought again [1]
    renew: FloatArray | None  # (S, H) 1.0 in the months a fleet is bought again [1]
    resale: FloatArray  # (S,) sale at the horizon's end [CNY]
    renew_cash: FloatArray | None  # (S, H) net cost of replacement fleets [CNY]
    renew_total: FloatArray  # (S,) ``renew_cash`` summed (0 without) [CNY]
    renews: bool  # any fleet bought again (``replaced.any()``)
    frac_left: FloatArray  # (S, H+1) share of the room's value left [1]
    age_end: FloatArray  # (S or 1, 1) age of the fleet in service at the end [months]


def _curve_share(p: Params, age: FloatArray) -> FloatArray:
    """:func:`resale_fraction` of ``p``'s curve at ``age`` [months], scaled
    row by row by ``resale_share / resale_ref_share``. [1]"""
    ages = [a for a, _ in p.resale_curve]
    shares = [f for _, f in p.resale_curve]
    scale = p.resale_share / max(p.resale_ref_share, _EPS)  # (S, 1)
    return np.asarray(
        np.clip(np.interp(age, ages, shares) * scale, 0.0, 1.0), dtype=np.float64
    )


def _wear(p: Params, fleet: _Fleet, demand: FloatArray, months: int) -> _Wear:
    """The fleet's value: replacements of a worn-out fleet (sold at its value at
    the end of its life, bought again) and the resale at the end, on the
    generation's resale curve at the fleet's age (:func:`resale_fraction`);
    with a typed residual, the straight-line book value down to it with the
    above-residual part cut by the second-hand haircut."""
    capex_dep = fleet.capex_dep
    life_months = 12.0 * p.life_years  # (S, 1)
    elapsed = _month_row(months + 1)  # (1, H+1)
    frac_left = 1.0 - np.minimum(elapsed, life_months) / life_months  # (S, H+1)
    if p.resale_curve:  # worth the curve's share at the end of its life
        floor = capex_dep[:, None] * _curve_share(p, life_months)
    else:
        floor = capex_dep[:, None] * p.residual
    floor0 = floor[:, 0]
    worn = capex_dep - floor0  # a worn-out fleet's loss down to its residual
    renew, age, rows = _renewals(life_months, months, demand)
    if renew is None:  # no fleet wears out: its age is the elapsed time
        replaced = np.zeros((rows,))
        renews, renew_cash, age_left = False, None, frac_left
        # what summing the zero (S, H) replacement cash gave: +0.0 (and NaN
        # for a NaN price), without making it
        renew_total = replaced + 0.0 * worn
    else:
        replaced = renew.sum(axis=1)  # (S,)
        renews = bool(replaced.any())
        age_left = (
            1.0 - np.minimum(age, life_months) / life_months if renews else frac_left
        )  # (S, H+1)
        # a worn-out fleet is sold at its residual value and bought again
        renew_cash = renew * worn[:, None]  # (S, H)
        renew_total = renew_cash.sum(axis=1)
    age_end = np.asarray(age[:, -1:] if renews else elapsed[:, -1:], dtype=np.float64)
    if p.resale_curve:
        resale = np.asarray(
            capex_dep * _curve_share(p, age_end)[:, 0], dtype=np.float64
        )
    else:
        book = floor + (capex_dep[:, None] - floor) * age_left
        resale = floor0 + (book[:, -1] - floor0) * (1 - p.haircut[:, 0])
    return _Wear(
        floor,
        replaced,
        renew if renews else None,
        resale,
        renew_cash,
        renew_total,
        renews,
        frac_left,
        age_end,
    )


class _Loan(NamedTuple):
    """The loan that pays an owned option's purchases (:func:`loan_flows`)."""

    drawn: FloatArray  # (S,) drawn in month 1: the fleet and the room [CNY]
    interest: FloatArray  # (S,) interest over the horizon [CNY]
    flow: FloatArray | None  # (S, H) the loan's cash flow; None: totals only [CNY]


def _loan(p: Params, fleet: _Fleet, wear: _Wear, months: int, monthly: bool) -> _Loan:
    """The loan that pays the fleets bought (month 1 and each renewal) and the
    room's retrofit in month 1; none when the purchases are paid from cash
    (``p.loan`` false). A loan drawn in month 1 only is one unit loan's flows
    scaled by each row's draw (no ``(S, H)`` arrays of its own for the
    hybrid's card counts)."""
    first = fleet.capex_dep + fleet.retrofit
    if not p.loan:
        zero = np.zeros_like(first)
        return _Loan(
            zero, zero, np.zeros((first.shape[0], months)) if monthly else None
        )
    if wear.renew is None:
        rows = max(p.life_years.shape[0], p.financing_rate.shape[0])
        unit = np.zeros((rows, months))
        unit[:, 0] = 1.0
        interest_unit, flow_unit = loan_flows(p, unit)
        flow = first[:, None] * flow_unit if monthly else None
        return _Loan(first, first * interest_unit.sum(axis=1), flow)
    draws = wear.renew * fleet.capex_dep[:, None]
    draws[:, 0] += first
    interest, flow_all = loan_flows(p, draws)
    return _Loan(first, interest.sum(axis=1), flow_all if monthly else None)


def loan_flows(p: Params, draws: FloatArray) -> tuple[FloatArray, FloatArray]:
    """An equipment loan's interest and its cash flow, per scenario and month.

    Each draw pays a purchase in its month (cash in, offsetting the purchase)
    and is repaid in equal monthly principal instalments (等额本金) over the
    hardware's life, from the month after, with interest on the balance at
    the start of each month; a balance left when the horizon ends is repaid
    in its last month (from the sale of the hardware).

    Parameters
    ----------
    p : Params
        ``financing_rate`` (effective per year, as the discount rate) and
        ``life_years`` (the loan's term, whole months). [1/year], [years]
    draws : ndarray
        Amount drawn per month, shape (S, H). [CNY]

    Returns
    -------
    interest : ndarray
        Interest paid per month, shape (S, H). [CNY]
    flow : ndarray
        The loan's cash flow per month: ``−draw + principal + interest`` (and
        the balance left in the last month), shape (S, H). [CNY]

    Notes
    -----
    Monthly rate ``i = (1 + rate)^(1/12) − 1``, the rate the NPV discounts a
    month by (:func:`npv`): at a financing rate equal to the discount rate the
    loan's flows are worth exactly nothing, so financing changes the NPV only
    by the difference of the two rates, while the undiscounted total carries
    the interest. A bank's nominal annual rate ``j`` paid monthly is the
    effective rate ``(1 + j/12)^12 − 1``.

    References
    ----------
    Brealey, Myers & Allen, *Principles of Corporate Finance*, 13th ed. (2020),
    ch. 19 and 25: financing is valued as its own cash flows (adjusted
    present value); a loan at the opportunity cost of capital has zero NPV.

    Examples
    --------
    1,200 CNY over a 1-year life at 0 %: 100 a month from month 2; the
    balance left at month 6 comes back then.

    >>> import numpy as np
    >>> from gpu_advisor.engine.cost.resolve import resolve
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> p = make_params(resolve(Project(), load_catalog()))
    >>> p = replace(p, financing_rate=np.array([[0.0]]), life_years=np.array([[1.0]]))
    >>> interest, flow = loan_flows(p, np.array([[1200.0, 0, 0, 0, 0, 0]]))
    >>> flow.tolist(), float(interest.sum())
    ([[-1200.0, 100.0, 100.0, 100.0, 100.0, 800.0]], 0.0)
    """
    rows, months = draws.shape
    span = np.maximum(np.ceil(12.0 * p.life_years - _EPS), 1.0)  # (S, 1)
    drawn = np.concatenate((np.zeros((rows, 1)), np.cumsum(draws, axis=1)), axis=1)
    m = np.arange(months)[None, :]
    start = np.maximum(m - span, 0.0).astype(np.intp)
    start = np.broadcast_to(start, (rows, months))
    # draws of the months [m − span, m − 1] repay a ``span``-th each in month m
    principal = (drawn[:, :-1] - np.take_along_axis(drawn, start, axis=1)) / span
    balance = drawn[:, 1:] - np.cumsum(principal, axis=1)  # after month m
    rate = (1.0 + p.financing_rate) ** (1.0 / 12.0) - 1.0  # (S, 1)
    interest = np.zeros((rows, months))
    interest[:, 1:] = rate * balance[:, :-1]
    flow = principal + interest - draws
    flow[:, -1] += balance[:, -1]
    return interest, flow


@dataclass(frozen=True, slots=True)
class _Use:
    """How the owned cards are used, and what the rest costs on demand."""

    capacity: FloatArray  # (S or 1, 1) card-hours a month [GPU-h]
    used: FloatArray  # (S, H) [GPU-h]
    used_hours: FloatArray  # (S, 1) [GPU-h]
    busy_extra_w: FloatArray  # (S, 1) busy draw above the idle draw [W]
    pue: FloatArray  # (S, 1) [1]
    energy_kwh_total: FloatArray  # (S, 1) over the horizon [kWh]
    electricity_total: FloatArray  # (S,) [CNY]
    overflow_cost: FloatArray | None  # (S, H) on-demand overflow, None without [CNY]
    overflow_total: FloatArray  # (S,) [CNY]
    overflow_hours: FloatArray  # (S,) billed overflow [GPU-h]


def _use(
    p: Params, fleet: _Fleet, demand: FloatArray, self_build: bool, s: int
) -> _Use:
    """Card-hours used up to the owned capacity, their electricity, and the
    hours above it rented on demand."""
    months = demand.shape[1]
    pue = p.pue_self if self_build else p.pue
    capacity = fleet.cards[:, None] * HOURS_PER_MONTH  # (S or 1, 1)
    # the demand is clean (:func:`clean_demand`): no negatives to clip; a
    # fleet smaller than the job rents the job's months whole (:func:`owned_split`)
    used, overflow = owned_split(p, demand, fleet.cards)
    busy_extra_w = p.tdp_w * p.load  # busy draw above the idle (overhead) draw
    used_hours = used.sum(axis=1, keepdims=True)  # (S, 1)
    # energy = used × (tdp × load + overhead) + idle × overhead, summed over months
    energy_kwh_total = (
        used_hours * busy_extra_w + capacity * months * p.overhead_w
    ) / 1000.0
    electricity_total = (energy_kwh_total * pue * p.tariff)[:, 0]
    if bool((overflow > _EPS).any()):
        overflow_billed = _billable(overflow, p.granularity_hours)
        billed_cost = p.od * overflow_billed
        overflow_cost: FloatArray | None = billed_cost
        overflow_total = billed_cost.sum(axis=1)
        overflow_hours = overflow_billed.sum(axis=1)
    else:
        overflow_cost = None
        overflow_total = np.zeros((s,))
        overflow_hours = np.zeros((s,))
    return _Use(
        capacity,
        used,
        used_hours,
        busy_extra_w,
        pue,
        energy_kwh_total,
        electricity_total,
        overflow_cost,
        overflow_total,
        overflow_hours,
    )


def _running_monthly(
    p: Params, fleet: _Fleet, gpus: int | FloatArray, self_build: bool, s: int
) -> dict[str, FloatArray]:
    """Monthly rack, bandwidth, staff and maintenance, each (S,). [CNY/month]"""
    if self_build:
        rack_m = np.zeros((s,))
        bandwidth_m = p.self_bw_monthly[:, 0]
    else:
        racks = np.ceil(fleet.it_kw / p.rack_power_kw[:, 0] - _EPS)
        rack_m = racks * p.rack_price[:, 0]
        bandwidth_m = p.idc_bw_monthly[:, 0]
    fte = p.ops_fte if p.ops_fte is not None else p.ops_fte_per_100[:, 0] * gpus / 100.0
    staff_m = fte * p.ops_salary[:, 0] / 12.0
    maintenance_m = p.maint_frac[:, 0] * (fleet.hardware + fleet.network) / 12.0
    return {
        "rack": rack_m,
        "bandwidth": bandwidth_m,
        "staff": staff_m,
        "maintenance": maintenance_m,
    }


def price_owned(
    p: Params,
    demand: FloatArray,
    gpus: int | FloatArray,
    option: OptionId,
    *,
    monthly: bool = True,
) -> OptionArrays:
    """托管 (colocation) or 自建 (self-build) of ``gpus`` bought cards.

    ``gpus`` may be one count or one per scenario row, shape ``(S,)`` (the
    hybrid prices all its candidate counts in one call). ``monthly=False``
    skips the monthly cash flow: ``cash`` is then one column holding each
    scenario's total (the Monte Carlo and the tornado read totals only).
    """
    return _price_owned(p, clean_demand(demand), gpus, option, monthly)[0]


def _price_owned(
    p: Params,
    demand: FloatArray,
    gpus: int | FloatArray,
    option: OptionId,
    monthly: bool,
) -> tuple[OptionArrays, _Parts]:
    """:func:`price_owned` of the clean ``demand``, and the parts of its fleet
    renewed to the end (:func:`_price_renewed`, :func:`_horizon_end`)."""
    renewed, parts = _price_renewed(p, demand, gpus, option, monthly)
    return _horizon_end(p, demand, gpus, option, monthly, renewed), parts


def _price_renewed(
    p: Params,
    demand: FloatArray,
    gpus: int | FloatArray,
    option: OptionId,
    monthly: bool,
    like: _Parts | None = None,
    like_arrays: OptionArrays | None = None,
) -> tuple[OptionArrays, _Parts]:
    """The owned option of the clean ``demand`` with its fleet bought again
    whenever it wears out while work remains, and its parts (``like``: see
    :func:`_owned_parts`; ``like_arrays``: the option priced from ``like``,
    see :func:`_owned_arrays`)."""
    parts = _owned_parts(p, demand, gpus, option, like)
    fleet, wear, use, running, flat_m = parts
    deposit = p.deposit_months[:, 0] * running["rack"]
    months = demand.shape[1]
    loan = _loan(p, fleet, wear, months, monthly)
    if monthly:
        assert loan.flow is not None
        electricity_m = (
            (use.used * use.busy_extra_w + use.capacity * p.overhead_w)
            / 1000.0
            * use.pue
            * p.tariff
        )
        cash = electricity_m + loan.flow
        cash += flat_m[:, None]
        if wear.renew_cash is not None and wear.renews:
            cash += wear.renew_cash
        if use.overflow_cost is not None:
            cash += use.overflow_cost
        cash[:, 0] += fleet.capex_dep + fleet.retrofit + deposit
        cash[:, -1] -= wear.resale + deposit
        financing_total = loan.interest
    else:
        financing_total, cash = _owned_total_column(p, fleet, wear, use, flat_m)
    arrays = _owned_arrays(
        p,
        option,
        cash,
        fleet,
        wear,
        use,
        running,
        financing_total,
        deposit,
        demand.sum(axis=1),
        like_arrays if like is not None else None,
    )
    arrays.loan = np.array(loan.drawn, dtype=np.float64)
    return arrays, parts


def _owned_parts(
    p: Params,
    demand: FloatArray,
    gpus: int | FloatArray,
    option: OptionId,
    like: _Parts | None = None,
) -> _Parts:
    """The owned option's fleet, wear, use, monthly running costs and their
    sum per month (``demand`` clean, see :func:`price_owned`). ``like``:
    colocation's parts for the same inputs, demand and count, whose fleet,
    wear and use self-build shares but for the room and the PUE."""
    s, months = demand.shape
    self_build = option is OptionId.SELF_BUILD
    if like is None:
        fleet = _fleet(p, gpus, self_build, s)
        wear = _wear(p, fleet, demand, months)
        use = _use(p, fleet, demand, self_build, s)
    else:
        fleet, wear, use = _like(p, like, self_build, s)
    running = _running_monthly(p, fleet, gpus, self_build, s)
    flat_m = (
        running["rack"]
        + running["bandwidth"]
        + running["staff"]
        + running["maintenance"]
    )  # (S,)
    return _Parts(fleet, wear, use, running, flat_m)


class _Parts(NamedTuple):
    """What :func:`_owned_parts` returns."""

    fleet: _Fleet
    wear: _Wear
    use: _Use
    running: dict[str, FloatArray]
    flat_m: FloatArray  # (S,) running costs a month [CNY/month]


def _like(
    p: Params, like: _Parts, self_build: bool, s: int
) -> tuple[_Fleet, _Wear, _Use]:
    """Fleet, wear and use of an owned kind from colocation's ``like`` (no
    room): the same purchase, book value and card-hours; the room's retrofit
    (and the loan that pays it), and the PUE, are the kind's own (the same formulas as
    :func:`_fleet`, :func:`_wear` and :func:`_use`)."""
    f, w, u = like.fleet, like.wear, like.use
    retrofit = _retrofit(p, f.it_kw, self_build, s)
    fleet = _Fleet(
        f.cards, f.hardware, f.network, f.storage, f.capex_dep, f.it_kw, retrofit
    )
    wear = w  # the same purchases; the room's retrofit is the fleet's own
    pue = p.pue_self if self_build else p.pue
    use = _Use(
        u.capacity,
        u.used,
        u.used_hours,
        u.busy_extra_w,
        pue,
        u.energy_kwh_total,
        (u.energy_kwh_total * pue * p.tariff)[:, 0],
        u.overflow_cost,
        u.overflow_total.copy(),  # a cost line: each option its own array
        u.overflow_hours,
    )
    return fleet, wear, use


def _owned_total_column(
    p: Params, fleet: _Fleet, wear: _Wear, use: _Use, flat_m: FloatArray
) -> tuple[FloatArray, FloatArray]:
    """The loan's interest and the whole cost as one column ``(S, 1)`` (no
    monthly cash flow; the deposit returns and the loan is repaid within the
    horizon). [CNY]"""
    months = use.used.shape[1]
    financing_total = _loan(p, fleet, wear, months, False).interest
    total_only = (
        use.electricity_total
        + financing_total
        + flat_m * months
        + wear.renew_total
        + use.overflow_total
        + fleet.capex_dep
        + fleet.retrofit
        - wear.resale
    )
    return financing_total, np.asarray(total_only, dtype=np.float64).reshape(-1, 1)


def owned_total(
    p: Params, demand: FloatArray, gpus: int | FloatArray, option: OptionId
) -> FloatArray:
    """``price_owned(p, demand, gpus, option, monthly=False).total`` without
    the cost lines (the hybrid's candidates and the break-even grid). [CNY]

    Examples
    --------
    >>> from gpu_advisor.engine.cost.resolve import resolve
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> p = make_params(resolve(Project(), load_catalog()))
    >>> d = np.array([[900.0, 0.0, 3000.0]])
    >>> full = price_owned(p, d, 4, OptionId.SELF_BUILD, monthly=False).total
    >>> bool(owned_total(p, d, 4, OptionId.SELF_BUILD)[0] == full[0])
    True
    """
    return owned_totals(p, demand, gpus, [option])[option]


def owned_totals(
    p: Params, demand: FloatArray, gpus: int | FloatArray, options: list[OptionId]
) -> dict[OptionId, FloatArray]:
    """:func:`owned_total` of each owned kind among ``options``: self-build
    reuses colocation's fleet, wear and card-hours (the same numbers, priced
    once). [CNY]

    Examples
    --------
    >>> from gpu_advisor.engine.cost.resolve import resolve
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> p = make_params(resolve(Project(), load_catalog()))
    >>> d = np.array([[900.0, 0.0, 3000.0]])
    >>> both = owned_totals(p, d, 4, list(OWNED_OPTIONS))
    >>> bool(both[OptionId.SELF_BUILD][0] == owned_total(p, d, 4, OptionId.SELF_BUILD)[0])
    True
    """
    demand = clean_demand(demand)
    renewed = _renewed_totals(p, demand, gpus, options)
    return _end_totals(p, demand, gpus, renewed)


def _renewed_totals(
    p: Params, demand: FloatArray, gpus: int | FloatArray, options: list[OptionId]
) -> dict[OptionId, FloatArray]:
    """:func:`owned_totals` with every fleet renewed while work remains (the
    clean ``demand``). [CNY]"""
    out: dict[OptionId, FloatArray] = {}
    like: _Parts | None = None
    for option in OWNED_OPTIONS:
        if option not in options:
            continue
        parts = _owned_parts(p, demand, gpus, option, like)
        if option is OptionId.COLOCATION:
            like = parts
        cash = _owned_total_column(p, parts.fleet, parts.wear, parts.use, parts.flat_m)[
            1
        ]
        out[option] = np.asarray(cash.sum(axis=1), dtype=np.float64)
    return out


class _EndGroup(NamedTuple):
    """Rows whose fleet would be bought for the last time in the same month."""

    start: int  # that month, 0-based [months]
    span: int  # the fleet's life [months]
    rows: npt.NDArray[
        np.intp
    ]  # the rows (scenarios or card counts) with work from then


def _end_groups(p: Params, demand: FloatArray) -> list[_EndGroup]:
    """Where the rows of ``demand`` could stop buying fleets: each month a
    worn-out fleet would be bought again while work remains, with the rows
    concerned, when ``p.rentals`` may serve the months from it instead; the
    latest month first. Each row reads its own life, so a row's figures
    never depend on the other rows.

    >>> from gpu_advisor.engine.cost.resolve import resolve
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Project
    >>> p = make_params(resolve(Project(), load_catalog()))
    >>> [(g.start, g.span) for g in _end_groups(p, np.ones((1, 61)))]
    [(60, 60)]
    >>> [g.start for g in _end_groups(p, np.ones((1, 130)))]
    [120, 60]
    >>> _end_groups(p, np.ones((1, 60))), _end_groups(p, np.eye(1, 61))
    ([], [])
    """
    if not p.rentals:
        return []
    rows_n, months = demand.shape
    life = np.broadcast_to(12.0 * p.life_years[:, 0], (rows_n,))
    with np.errstate(invalid="ignore"):
        span = np.maximum(np.ceil(life - _EPS), 1.0)
        wears = np.isfinite(span) & (span < months)
    if not wears.any():
        return []
    groups: list[_EndGroup] = []
    for value in np.unique(span[wears]).tolist():
        n = int(value)
        for start in range((months - 1) // n * n, 0, -n):
            busy = (demand[:, start:] > 0).any(axis=1)
            rows = np.nonzero(wears & (span == value) & busy)[0]
            if rows.size:
                groups.append(_EndGroup(start, n, rows))
    return sorted(groups, key=lambda g: -g.start)


def _param_rows(p: Params, rows: npt.NDArray[np.intp]) -> Params:
    """``p`` for the scenarios ``rows`` (``p`` itself when it has one)."""
    if p.scenarios == 1:
        return p
    arrays = {
        f.name: getattr(p, f.name)[rows]
        for f in fields(p)
        if isinstance(getattr(p, f.name), np.ndarray)
    }
    return replace(p, **arrays)


def _gpu_rows(gpus: int | FloatArray, rows: npt.NDArray[np.intp]) -> int | FloatArray:
    """The card counts of ``rows`` (one count: itself)."""
    if isinstance(gpus, np.ndarray) and gpus.size > 1:
        return np.asarray(gpus[rows], dtype=np.float64)
    return gpus


def _rent_months(p: Params, demand: FloatArray) -> tuple[OptionArrays, list[int]]:
    """The cheapest of ``p.rentals`` for ``demand``, row by row, priced by the
    pure rentals' own functions; and which of ``p.rentals`` each row took."""
    r = _Rent(p, demand)
    pricers: dict[OptionId, Callable[[_Rent], OptionArrays]] = {
        OptionId.ON_DEMAND: _on_demand,
        OptionId.MONTHLY: _monthly,
        OptionId.YEARLY: _yearly,
    }
    best = pricers[p.rentals[0]](r)
    pick = np.zeros(demand.shape[0], dtype=np.int64)
    for i, kind in enumerate(p.rentals[1:], start=1):
        arr = pricers[kind](r)
        cheaper = arr.total < best.total - _EPS
        if cheaper.any():
            best = _rows_where(cheaper, arr, best)
            pick = np.where(cheaper, i, pick)
    return best, [int(x) for x in pick.tolist()]


_ROW_FIELDS = (
    "useful",
    "billed",
    "gpus",
    "capex",
    "residual",
    "deposit",
    "loan",
    "book_value",
    "idle",
    "utilization",
)
""":class:`OptionArrays`' per-row arrays besides the cash and the lines."""


def _rows_where(
    mask: npt.NDArray[np.bool_], a: OptionArrays, b: OptionArrays
) -> OptionArrays:
    """Row by row, ``a`` where ``mask`` holds, else ``b`` (``b``'s id, detail
    and feasibility; a line one of them lacks counts as 0)."""

    def pick(x: FloatArray, y: FloatArray) -> FloatArray:
        m = mask.reshape(-1, *([1] * (max(x.ndim, y.ndim, 1) - 1)))
        return np.asarray(np.where(m, x, y), dtype=np.float64)

    zero = np.zeros(mask.shape)
    keys = [*b.lines, *(k for k in a.lines if k not in b.lines)]
    return _with_rows(
        b,
        pick(a.cash, b.cash),
        {k: pick(a.lines.get(k, zero), b.lines.get(k, zero)) for k in keys},
        lambda name: pick(getattr(a, name), getattr(b, name)),
    )


def _with_rows(
    a: OptionArrays,
    cash: FloatArray,
    lines: dict[str, FloatArray],
    row: Callable[[str], FloatArray],
) -> OptionArrays:
    """``a`` with ``cash``, ``lines`` and each of :data:`_ROW_FIELDS` as ``row``
    makes it."""
    return replace(
        a,
        cash=cash,
        lines=lines,
        useful=row("useful"),
        billed=row("billed"),
        gpus=row("gpus"),
        capex=row("capex"),
        residual=row("residual"),
        deposit=row("deposit"),
        loan=row("loan"),
        book_value=row("book_value"),
        idle=row("idle"),
        utilization=row("utilization"),
    )


def _spread(a: OptionArrays, rows_n: int) -> OptionArrays:
    """``a`` with every per-row array its own copy over ``rows_n`` rows, and a
    zero ``horizon_rental`` line (the rows :func:`_put_rows` fills)."""

    def full(x: FloatArray) -> FloatArray:
        return np.array(np.broadcast_to(x, (rows_n, *x.shape[1:])), dtype=np.float64)

    lines = {k: full(v) for k, v in a.lines.items()}
    lines["horizon_rental"] = np.zeros(rows_n)
    return _with_rows(a, full(a.cash), lines, lambda name: full(getattr(a, name)))


def _put_rows(
    out: OptionArrays, rows: npt.NDArray[np.intp], plan: OptionArrays
) -> None:
    """Write ``plan``'s rows over ``out``'s ``rows`` (in place)."""
    n = rows.shape[0]
    out.cash[rows] = plan.cash
    for key, line in plan.lines.items():
        out.lines[key][rows] = np.broadcast_to(line, (n,))
    for name in _ROW_FIELDS:
        getattr(out, name)[rows] = np.broadcast_to(getattr(plan, name), (n,))


def _horizon_end(
    p: Params,
    demand: FloatArray,
    gpus: int | FloatArray,
    option: OptionId,
    monthly: bool,
    renewed: OptionArrays,
) -> OptionArrays:
    """The owned option of the clean ``demand``: ``renewed`` (the fleet bought
    again for the months after its life), or, row by row where it costs
    less, the fleet kept to the end of its life and sold at its residual
    value, and the months after rented by the cheapest of ``p.rentals``
    (:func:`_rent_months`, line ``horizon_rental``). Decided when the fleet
    wears out, at that row's prices. ``detail``: row 0's :class:`HorizonEnd`."""
    groups = _end_groups(p, demand)
    if not groups:
        return renewed
    out = _spread(renewed, demand.shape[0])
    row0: list[tuple[bool, HorizonEnd]] = []
    for g in groups:
        pg, dg, gpus_g = _param_rows(p, g.rows), demand[g.rows], _gpu_rows(gpus, g.rows)
        kept = _price_renewed(pg, dg[:, : g.start], gpus_g, option, monthly)[0]
        rent, pick = _rent_months(pg, dg[:, g.start :])
        renew_cny = renewed.total[g.rows] - kept.total  # owning from ``start``
        best = out.total[g.rows]
        rented = rent.total < best - kept.total - _EPS
        if int(g.rows[0]) == 0:
            row0.append(
                (
                    bool(rented[0]),
                    HorizonEnd(
                        first_month=g.start + 1,
                        months=demand.shape[1] - g.start,
                        life_months=g.span,
                        rented=True,
                        rental=p.rentals[pick[0]],
                        rent_cny=round(max(float(rent.total[0]), 0.0), 2),
                        renew_cny=round(max(float(renew_cny[0]), 0.0), 2),
                    ),
                )
            )
        if rented.any():
            _put_rows(
                out, g.rows[rented], _kept_then_rented(kept, rent, rented, out, g)
            )
    if row0:
        chosen = [end for won, end in row0 if won]
        # row 0's last winning start, else its latest renewal, renewed
        out.detail = (
            chosen[-1] if chosen else row0[0][1].model_copy(update={"rented": False})
        )
    return out


def _kept_then_rented(
    kept: OptionArrays,
    rent: OptionArrays,
    rented: npt.NDArray[np.bool_],
    out: OptionArrays,
    g: _EndGroup,
) -> OptionArrays:
    """The ``rented`` rows of group ``g``: the fleet ``kept`` to ``g.start``,
    then the months after ``rent``ed (``out``: the rows' useful hours and
    cards)."""
    if kept.cash.shape[1] + rent.cash.shape[1] == out.cash.shape[1]:
        cash = np.concatenate((kept.cash, rent.cash), axis=1)
    else:  # totals only: one column
        cash = kept.cash + rent.total[:, None]

    def rows(x: FloatArray) -> FloatArray:
        return np.asarray(np.broadcast_to(x, rented.shape)[rented], dtype=np.float64)

    return OptionArrays(
        out.id,
        cash[rented],
        {k: rows(v) for k, v in kept.lines.items()}
        | {"horizon_rental": rent.total[rented]},
        out.useful[g.rows][rented],
        rows(kept.billed + rent.billed),
        out.gpus[g.rows][rented],
        capex=rows(kept.capex),
        residual=rows(kept.residual),
        deposit=rows(kept.deposit),
        loan=rows(kept.loan),
        book_value=rows(0.0 * kept.book_value),  # the fleet is sold
        idle=rows(kept.idle + rent.idle),
        utilization=rows(kept.utilization),
    )


def _end_totals(
    p: Params,
    demand: FloatArray,
    gpus: int | FloatArray,
    renewed: dict[OptionId, FloatArray],
) -> dict[OptionId, FloatArray]:
    """:func:`_horizon_end` of totals only: each owned kind's ``renewed``
    total, or the fleet kept to the end of its life and the months after
    rented where that costs less (the clean ``demand``). [CNY]"""
    groups = _end_groups(p, demand)
    if not groups or not renewed:
        return renewed
    rows_n = demand.shape[0]
    out = {
        o: np.array(np.broadcast_to(t, (rows_n,)), dtype=np.float64)
        for o, t in renewed.items()
    }
    for g in groups:
        pg, dg, gpus_g = _param_rows(p, g.rows), demand[g.rows], _gpu_rows(gpus, g.rows)
        kept = _renewed_totals(pg, dg[:, : g.start], gpus_g, list(renewed))
        rent = _rent_months(pg, dg[:, g.start :])[0].total
        for option, total in out.items():
            best = total[g.rows]
            rented = rent < best - kept[option] - _EPS
            total[g.rows] = np.where(rented, kept[option] + rent, best)
    return out


class _Purchase(NamedTuple):
    """What an owned option's purchase, book value and card-hours decide."""

    depreciation: tuple[FloatArray, FloatArray, FloatArray]
    """Hardware, network and storage depreciation. [CNY]"""
    replacement: FloatArray  # net cost of the replacement fleets [CNY]
    utilization: FloatArray  # [1]
    billed: FloatArray  # card-hours owned plus overflow rented [GPU-hours]
    gpus: FloatArray  # cards [1]
    residual: FloatArray  # resale value at the end [CNY]


def _purchase(fleet: _Fleet, wear: _Wear, use: _Use, s: int) -> _Purchase:
    """:class:`_Purchase` worked out for ``s`` scenarios."""
    months = use.used.shape[1]
    capex_dep, floor, resale = fleet.capex_dep, wear.floor, wear.resale
    # the first fleet loses down to its residual when it is replaced, else to
    # its resale value; the replacement fleets' net cost is a line of its own
    if wear.renews or wear.replaced.shape != resale.shape:
        loss = capex_dep - np.where(wear.replaced > 0, floor[:, 0], resale)
        replacement = wear.renew_total + np.where(
            wear.replaced > 0, floor[:, 0] - resale, 0.0
        )
    else:  # the values (and shapes) of the ``np.where`` above: nothing replaced
        loss = capex_dep - resale
        replacement = wear.renew_total + 0.0
    share = np.where(capex_dep > 0, loss / np.maximum(capex_dep, _EPS), 0.0)
    capacity = use.capacity
    return _Purchase(
        (fleet.hardware * share, fleet.network * share, fleet.storage * share),
        replacement,
        use.used_hours[:, 0] / (capacity[:, 0] * months),
        capacity[:, 0] * months + use.overflow_hours,
        # one count for one scenario needs no broadcast (a slow call)
        fleet.cards.copy()
        if fleet.cards.shape == (s,)
        else np.broadcast_to(fleet.cards, (s,)).copy(),
        resale,
    )


def _purchase_of(like: OptionArrays) -> _Purchase:
    """:class:`_Purchase` copied from ``like`` (each option its own arrays)."""
    lines = like.lines
    return _Purchase(
        (
            lines["depreciation_hardware"].copy(),
            lines["depreciation_network"].copy(),
            lines["depreciation_storage"].copy(),
        ),
        lines["replacement"].copy(),
        like.utilization.copy(),
        like.billed.copy(),
        like.gpus.copy(),
        like.residual.copy(),
    )


def _owned_arrays(
    p: Params,
    option: OptionId,
    cash: FloatArray,
    fleet: _Fleet,
    wear: _Wear,
    use: _Use,
    running: dict[str, FloatArray],
    financing_total: FloatArray,
    deposit: FloatArray,
    useful: FloatArray,
    like: OptionArrays | None = None,
) -> OptionArrays:
    """The owned option's cost lines, hours, utilisation and idle share
    (``useful``: the demand's GPU-hours, the overflow included). ``like``:
    colocation priced from the same purchase, book value and card-hours
    (:func:`_like`), whose depreciation, replacement, hours and utilisation
    are this option's too (copied, each option its own arrays)."""
    months = use.used.shape[1]
    bought = (
        _purchase(fleet, wear, use, cash.shape[0])
        if like is None
        else _purchase_of(like)
    )
    hardware, network, storage = bought.depreciation
    lines = {
        "depreciation_hardware": hardware,
        "depreciation_network": network,
        "depreciation_storage": storage,
        "retrofit": fleet.retrofit,
        "electricity": use.electricity_total,
        "rack": running["rack"] * months,
        "bandwidth": running["bandwidth"] * months,
        "staff": running["staff"] * months,
        "maintenance": running["maintenance"] * months,
        "financing": financing_total,
        "overflow_rental": use.overflow_total,
        "replacement": bought.replacement,
    }
    util = bought.utilization
    total = cash.sum(axis=1)
    idle = np.maximum(total - use.overflow_total, 0) * (1 - util)
    return OptionArrays(
        option,
        cash,
        lines,
        useful,
        bought.billed,
        bought.gpus,
        capex=fleet.capex_dep + fleet.retrofit,
        residual=bought.residual,
        deposit=deposit,
        book_value=_book_value(p, fleet, wear, cash.shape[0]),
        idle=idle,
        utilization=util,
    )


def _book_value(p: Params, fleet: _Fleet, wear: _Wear, s: int) -> FloatArray:
    """Book (tax) value of the fleet in service at the end: its cards, servers,
    network and storage (not the room) at :func:`book_value_fraction` of its
    age. [CNY]"""
    life = 12.0 * p.tax_life_years
    left = 1.0 - (1.0 - p.tax_residual) * np.minimum(wear.age_end[:, 0], life) / life
    return np.asarray(
        np.broadcast_to(fleet.capex_dep * left, (s,)), dtype=np.float64
    ).copy()


def npv(cash: FloatArray, discount_rate: FloatArray) -> FloatArray:
    """Present value of monthly cash flows; month 1 is not discounted.

    Parameters
    ----------
    cash : ndarray
        Cash flow per month, shape (S, H). [CNY]
    discount_rate : ndarray
        Annual discount rate, shape (S, 1). [1/year]

    Returns
    -------
    ndarray
        NPV per scenario, shape (S,). [CNY]

    Examples
    --------
    >>> import numpy as np
    >>> float(npv(np.array([[100.0] * 13]), np.array([[0.0]]))[0])
    1300.0
    >>> round(float(npv(np.array([[0.0] * 12 + [110.0]]), np.array([[0.1]]))[0]), 6)
    100.0
    """
    factors = _discount_factors(discount_rate, cash.shape[1])
    return np.asarray((cash * factors).sum(axis=1), dtype=np.float64)


def _discount_factors(discount_rate: FloatArray, months: int) -> FloatArray:
    """``(1 + rate) ** (-month / 12)`` for each month, shape (S, ``months``)."""
    exponents = -_month_row(months) / 12.0
    return np.asarray((1.0 + discount_rate) ** exponents, dtype=np.float64)


def _one(values: FloatArray, index: int) -> float:
    """Scenario ``index`` of a per-scenario array, or its one value (0 when unset)."""
    if values.size > 1:
        return float(values[index])
    return float(values[0]) if values.size and values[0] else 0.0


def to_result(
    arr: OptionArrays,
    discount_rate: FloatArray,
    index: int = 0,
    scope: Callable[[OptionResult], Message] | None = None,
) -> OptionResult:
    """Scenario ``index`` of an option as a frozen :class:`OptionResult`.

    Amounts are rounded to the cent; the cost per useful GPU-hour to 4
    decimals, the useful and billed GPU-hours to 3 and the utilisation to 6.

    Parameters
    ----------
    arr : OptionArrays
        The priced option.
    discount_rate : ndarray
        Annual discount rate, shape (S, 1). [1/year]
    index : int
        The scenario.
    scope : callable, optional
        The message saying what the option's total includes, read from its
        finished figures (:func:`gpu_advisor.engine.cost.includes.includes`);
        without it ``includes`` is left None.
    """
    cash = arr.cash[index]
    months = cash.size
    total = max(float(cash.sum()), 0.0)
    present = float(
        npv(arr.cash[index : index + 1], discount_rate[index : index + 1])[0]
    )
    useful = float(arr.useful[index])
    capex = _one(arr.capex, index)
    residual = _one(arr.residual, index)
    deposit = _one(arr.deposit, index)
    loan = _one(arr.loan, index)
    idle = _one(arr.idle, index)
    opex = max(0.0, total - (capex - residual))
    utilization = min(max(_one(arr.utilization, index), 0.0), 1.0)
    # cash out at the start: in a one-month plan the resale value and the
    # returned deposit fall in the same month, and are not part of it; the
    # loan is drawn and repaid in that month too: none is drawn
    upfront = float(cash[0]) if months else 0.0
    if months == 1:
        upfront += max(residual, 0.0) + max(deposit, 0.0)
        loan = 0.0
    fields = {
        "id": arr.id,
        "total_cny": round(total, 2),
        "monthly_cny": [round(x, 2) for x in cash.tolist()],
        "cumulative_cny": [round(x, 2) for x in np.cumsum(cash).tolist()],
        "capex_cny": round(capex, 2),
        "opex_cny": round(opex, 2),
        "residual_value_cny": round(max(residual, 0.0), 2),
        "deposit_cny": round(max(deposit, 0.0), 2),
        "loan_cny": round(max(loan, 0.0), 2),
        "npv_cny": round(present, 2),
        "upfront_cny": round(upfront, 2) if arr.feasible and months else None,
        "cost_per_useful_gpu_hour_cny": round(total / useful, 4)
        if useful > 0
        else None,
        "useful_gpu_hours": round(useful, 3),
        "billed_gpu_hours": round(float(arr.billed[index]), 3),
        "utilization": round(utilization, 6),
        "idle_cost_cny": round(max(idle, 0.0), 2),
        "gpus": int(arr.gpus[index]),
        "breakdown": {
            key: max(0.0, round(float(line[index]), 2))
            for key, line in arr.lines.items()
        },
        "feasible": arr.feasible,
        "same_as": arr.same_as,
        "infeasible_code": arr.infeasible_code,
        "horizon_end": arr.detail if isinstance(arr.detail, HorizonEnd) else None,
        "book_value_cny": round(max(_one(arr.book_value, index), 0.0), 2)
        if arr.id in OWNED_OPTIONS
        else None,
        "reason": arr.reason,
    }
    result = OptionResult(**fields)
    if scope is None:
        return result
    return OptionResult(**fields, includes=scope(result))


def to_results(
    arrays: Sequence[OptionArrays],
    discount_rate: FloatArray,
    index: int = 0,
    scope: Callable[[OptionResult], Message] | None = None,
) -> list[OptionResult]:
    """Scenario ``index`` of every option (:func:`to_result` of each), in order."""
    return [to_result(arr, discount_rate, index, scope) for arr in arrays]


def price_pure_options(
    p: Params,
    demand: FloatArray,
    owned_gpus: int,
    options: list[OptionId] | None = None,
    *,
    monthly: bool = True,
) -> dict[OptionId, OptionArrays]:
    """Every option except the mix and the hybrid, over all scenarios.

    ``monthly=False``: the owned options carry totals only (see
    :func:`price_owned`).
    """
    wanted = set(options) if options is not None else set(OptionId)
    out: dict[OptionId, OptionArrays] = {}
    r = _Rent(p, demand)  # the clean demand, add-ons and hours, made once
    if OptionId.ON_DEMAND in wanted:
        out[OptionId.ON_DEMAND] = _on_demand(r)
    if OptionId.MONTHLY in wanted:
        out[OptionId.MONTHLY] = _monthly(r)
    if OptionId.YEARLY in wanted:
        out[OptionId.YEARLY] = _yearly(r)
    if OptionId.SPOT in wanted:
        out[OptionId.SPOT] = _spot(r)
    owned = [o for o in OWNED_OPTIONS if o in wanted]
    out.update(_owned_options(p, r.demand, owned_gpus, owned, monthly)[0])
    return out


def _owned_options(
    p: Params,
    clean: FloatArray,
    gpus: int | FloatArray,
    options: list[OptionId],
    monthly: bool,
) -> tuple[dict[OptionId, OptionArrays], dict[OptionId, _Parts]]:
    """The owned ``options`` (in :data:`OWNED_OPTIONS` order) of the clean
    demand, and their parts; self-build shares colocation's parts."""
    out: dict[OptionId, OptionArrays] = {}
    parts_of: dict[OptionId, _Parts] = {}
    like: _Parts | None = None
    like_arrays: OptionArrays | None = None
    for option in options:
        renewed, parts_of[option] = _price_renewed(
            p, clean, gpus, option, monthly, like, like_arrays
        )
        out[option] = _horizon_end(p, clean, gpus, option, monthly, renewed)
        if option is OptionId.COLOCATION:
            like, like_arrays = parts_of[option], renewed
    return out, parts_of


def price_owned_with_counts(
    p: Params,
    demand: FloatArray,
    owned_gpus: int,
    options: list[OptionId],
    counts: list[int],
) -> tuple[dict[OptionId, OptionArrays], dict[OptionId, dict[int, float]]]:
    """The owned ``options`` as :func:`price_pure_options` prices them, and
    the total of owning each count ``> 0`` of ``counts`` of each of them, the
    demand up to its capacity (the hybrid's owned parts, as
    :func:`owned_totals` works them out), in one pass. [CNY]

    One scenario only (``p.scenarios == 1``): the counts' capped demands are
    priced as extra rows below the fleet's own row, so the fleet, its wear,
    its use and the running costs are worked out once for all of them. Each
    row's numbers are those of its own call: the formulas work row by row
    (a row's sums over the months too), and the two choices made across the
    rows (whether any fleet is bought again, whether any demand overflows)
    only decide whether arrays of zeros are made.
    """
    clean = clean_demand(demand)[:1]
    owned_n = [n for n in counts if n > 0]
    if not owned_n or not options:
        priced = _owned_options(p, clean, owned_gpus, options, True)[0]
        return priced, {o: {} for o in options}
    n = np.asarray(owned_n, dtype=np.float64)
    rows = np.concatenate((clean, owned_split(p, clean, n)[0]))
    gpus = np.concatenate(([float(owned_gpus)], n))
    priced, parts_of = _owned_options(p, rows, gpus, options, True)
    renewed: dict[OptionId, FloatArray] = {}
    for option, parts in parts_of.items():
        column = _owned_total_column(
            p, parts.fleet, parts.wear, parts.use, parts.flat_m
        )[1]
        # summed as :func:`owned_totals` sums its one-column cash flow
        renewed[option] = np.asarray(column.sum(axis=1), dtype=np.float64)
    ended = _end_totals(p, rows, gpus, renewed)
    totals = {
        option: dict(zip(owned_n, ended[option][1:].tolist(), strict=True))
        for option in parts_of
    }
    return {o: _first_row(a) for o, a in priced.items()}, totals


def _first_row(a: OptionArrays) -> OptionArrays:
    """``a`` with each per-row array cut to its first row (views)."""
    return replace(
        a,
        cash=a.cash[:1],
        lines={k: v[:1] for k, v in a.lines.items()},
        useful=a.useful[:1],
        billed=a.billed[:1],
        gpus=a.gpus[:1],
        capex=a.capex[:1],
        residual=a.residual[:1],
        deposit=a.deposit[:1],
        loan=a.loan[:1],
        book_value=a.book_value[:1],
        idle=a.idle[:1],
        utilization=a.utilization[:1],
    )
