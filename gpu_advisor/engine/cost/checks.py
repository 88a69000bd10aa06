"""The recommendation's warnings about the plan's inputs, as data.

Checks that do not decide the option but come with it: prices and quotes
outside the plausible card-hour range, the owned options' price book
(network budget, electricity against the Shenzhen article, the tariff), a
multi-node job on spot, where the data may be, add-ons above the compute,
hardware outliving its life and demand overflowing the owned cards. Each
returns :mod:`gpu_advisor.engine.cost.findings`;
:mod:`gpu_advisor.engine.cost.wording` gives them codes and values and
:func:`gpu_advisor.engine.cost.choice.choose_option` orders them.

References
----------
idctop.com articles 000 and 002 (2026). PRC Personal Information Protection
Law (2021) ch. III and Data Security Law (2021) art. 31 on outbound data; CAC
Provisions on Promoting and Regulating Cross-Border Data Flows (2024).
"""

from __future__ import annotations

from collections.abc import Mapping

from gpu_advisor.engine.cost import findings as f
from gpu_advisor.engine.cost.price import plausible_card_hour_range
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import PriceRange
from gpu_advisor.model.cost_results import OptionResult, SpotJob
from gpu_advisor.model.project import (
    Budget,
    DataResidency,
    OptionId,
    PriceItem,
    Project,
)

NETWORK_MIN_FRACTION = 0.15
"""Smallest network budget, as a share of the hardware, the articles accept
(article 000: network at least 15 % of the cluster budget). [1]"""
ARTICLE_ELECTRICITY_CNY_PER_CARD_YEAR = (10_000.0, 20_000.0)
"""Article 002's claim: 单卡一年电费通常要一两万元. [CNY/card/year]"""
PLAUSIBLE_TARIFF_CNY_PER_KWH = (0.3, 1.6)
"""Range of Chinese industrial and commercial tariffs (peak to valley, 2024-2026),
outside which a user's figure is questioned. [CNY/kWh]"""


def _imported_findings(
    project: Project, gpu_id: str, od_rng: PriceRange, mon_rng: PriceRange
) -> list[f.Finding]:
    """Imported price rows of the plan's GPU checked as typed prices are: a
    rental price outside the plausible card-hour range, a row dated after the
    plan. Each names its file, sheet and row."""
    out: list[f.Finding] = []
    for i, row in enumerate(project.price_overrides):
        if row.gpu_id != gpu_id:
            continue
        field = f"price_overrides.{i}.typical"
        if row.as_of > project.meta.plan_date:
            out.append(
                f.ImportedFuture(
                    source_file=row.source_file,
                    location=row.location,
                    as_of=row.as_of.isoformat(),
                    plan_date=project.meta.plan_date.isoformat(),
                    inputs=(f"price_overrides.{i}.as_of", "meta.plan_date"),
                )
            )
        rental = {
            PriceItem.ON_DEMAND: (row.typical, od_rng, False),
            PriceItem.MONTHLY: (row.typical / HOURS_PER_MONTH, mon_rng, True),
        }.get(row.item)
        if rental is None:
            continue
        value, rng, monthly = rental
        low, high = plausible_card_hour_range(rng)
        if not low <= value <= high:
            out.append(
                f.ImplausibleImport(
                    price_cny_per_gpu_hour=value,
                    low_cny_per_gpu_hour=low,
                    high_cny_per_gpu_hour=high,
                    monthly=monthly,
                    source_file=row.source_file,
                    location=row.location,
                    inputs=(field,),
                )
            )
    return out


def quote_findings(project: Project, catalog: Catalog, gpu_id: str) -> list[f.Finding]:
    """Project prices, vendor quotes and imported price rows outside the
    plausible card-hour range, and imported rows dated after the plan."""
    try:
        price = catalog.price(gpu_id)
    except KeyError:
        return []
    od_rng = price.on_demand_cny_per_gpu_hour
    mon_rng = price.monthly_cny_per_gpu_month
    # the catalog's validated range over a positive constant: still valid
    per_hour_mon = PriceRange(
        low=mon_rng.low / HOURS_PER_MONTH,
        typical=mon_rng.typical / HOURS_PER_MONTH,
        high=mon_rng.high / HOURS_PER_MONTH,
        provenance=mon_rng.provenance,
    )
    b = project.budget
    # (price per card-hour, catalog range, vendor or None, monthly?, field)
    checks: list[tuple[float | None, PriceRange, str | None, bool, str]] = [
        (
            b.on_demand_cny_per_gpu_hour,
            od_rng,
            None,
            False,
            "budget.on_demand_cny_per_gpu_hour",
        ),
        (
            None
            if b.monthly_cny_per_gpu_month is None
            else b.monthly_cny_per_gpu_month / HOURS_PER_MONTH,
            per_hour_mon,
            None,
            True,
            "budget.monthly_cny_per_gpu_month",
        ),
    ]
    for i, v in enumerate(project.vendors):
        if v.gpu_id != gpu_id:
            continue
        checks.append(
            (
                v.on_demand_cny_per_gpu_hour,
                od_rng,
                v.name,
                False,
                f"vendors.{i}.on_demand_cny_per_gpu_hour",
            )
        )
        if v.monthly_cny_per_gpu_month is not None:
            checks.append(
                (
                    v.monthly_cny_per_gpu_month / HOURS_PER_MONTH,
                    per_hour_mon,
                    v.name,
                    True,
                    f"vendors.{i}.monthly_cny_per_gpu_month",
                )
            )
    out: list[f.Finding] = []
    out += _imported_findings(project, gpu_id, od_rng, per_hour_mon)
    for value, rng, vendor, monthly, field in checks:
        if value is None:
            continue
        low, high = plausible_card_hour_range(rng)
        if low <= value <= high:
            continue
        out.append(
            f.ImplausiblePrice(
                price_cny_per_gpu_hour=value,
                low_cny_per_gpu_hour=low,
                high_cny_per_gpu_hour=high,
                vendor=vendor,
                monthly=monthly,
                inputs=(field,),
            )
        )
    return out


def price_book_findings(
    values: Mapping[str, float], budget_network_set: bool
) -> list[f.Finding]:
    """The owned options' price book: network budget, electricity, tariff.

    Parameters
    ----------
    values : mapping
        Resolved inputs (:attr:`gpu_advisor.engine.cost.resolve.Resolved.values`).
    budget_network_set : bool
        Whether the network share was typed into the project.
    """
    out: list[f.Finding] = []
    frac = values.get("network_fraction_of_hardware")
    if frac is not None and frac < NETWORK_MIN_FRACTION:
        out.append(
            f.NetworkBudgetLow(
                fraction=frac,
                inputs=("budget.network_fraction_of_hardware",)
                if budget_network_set
                else ("budget.network_fraction_of_hardware", "catalog"),
            )
        )
    tariff = values.get("electricity_cny_per_kwh")
    tdp = values.get("tdp_w")
    if tariff is None or tdp is None:
        return out
    load = values.get("gpu_load_factor", 1.0)
    overhead = values.get("server_overhead_w_per_gpu", 0.0)
    pue = values.get("pue", 1.0)
    kwh_year = (tdp * load + overhead) * 8760.0 / 1000.0 * pue
    per_card = kwh_year * tariff
    lo_claim = ARTICLE_ELECTRICITY_CNY_PER_CARD_YEAR[0]
    if kwh_year > 0 and per_card < lo_claim:
        out.append(
            f.ElectricityArticleClaim(
                watts_per_card=tdp * load + overhead,
                pue=pue,
                tariff_cny_per_kwh=tariff,
                per_card_cny_per_year=per_card,
                needed_tariff_cny_per_kwh=lo_claim / kwh_year,
                inputs=(
                    "budget.electricity_cny_per_kwh",
                    "budget.pue",
                    "budget.gpu_load_factor",
                ),
            )
        )
    lo_t, hi_t = PLAUSIBLE_TARIFF_CNY_PER_KWH
    if not lo_t <= tariff <= hi_t:
        out.append(
            f.TariffImplausible(
                tariff_cny_per_kwh=tariff,
                low_cny_per_kwh=lo_t,
                high_cny_per_kwh=hi_t,
                inputs=("budget.electricity_cny_per_kwh",),
            )
        )
    return out


def spot_job_finding(
    spot: SpotJob, option: OptionId, months: int
) -> f.SpotMultiNode | None:
    """A multi-node training job planned on spot instances (None: one instance).

    A synchronous job stops whenever any of its instances is reclaimed, and
    the spare capacity spot sells is rarely a set of RDMA-connected servers
    that comes back as one: a reclaimed node may leave the job waiting. The
    re-run overhead is in the totals; the waiting is not.
    """
    if spot.instances <= 1:
        return None
    return f.SpotMultiNode(
        option=option,
        job_gpus=spot.job_gpus,
        instances=spot.instances,
        months=months,
        every_hours=1.0 / spot.job_stops_per_hour
        if spot.job_stops_per_hour > 0
        else None,
        inputs=(
            "budget.spot_interruptions_per_100_hours",
            "budget.options",
            "workload.gpus",
        ),
    )


def checkpoint_warnings(budget: Budget) -> list[f.Finding]:
    """Spot priced while checkpointing is off: every reclaim restarts the run."""
    if not budget.checkpointing and OptionId.SPOT in budget.options:
        return [f.SpotNoCheckpoint(inputs=("budget.checkpointing", "budget.options"))]
    return []


def residency_warnings(project: Project, catalog: Catalog) -> list[f.Finding]:
    """Where the data may be: the city, owned hardware, or the country."""
    residency = project.budget.data_residency
    region = catalog.region(project.meta.region_id)
    inputs = ("budget.data_residency", "meta.region_id")
    if residency is DataResidency.CITY:
        return [f.ResidencyCity(region=region.id, inputs=inputs)]
    if residency is DataResidency.OWN_HARDWARE:
        return [f.ResidencyOwnHardware(region=region.id, inputs=inputs)]
    if residency is DataResidency.COUNTRY:
        return [f.ResidencyCountry(inputs=("budget.data_residency", "vendors"))]
    return []


def cost_warnings(
    chosen: OptionResult,
    owned: list[OptionResult],
    owned_pure: list[OptionResult],
    demand: list[float],
    life_years: float,
) -> list[f.Finding]:
    """Add-ons above the chosen option's compute, owned hardware outliving its
    life inside the horizon, owned cards overflowing (``owned``: every
    owning-type option; ``owned_pure``: colocation and self-build, cheapest
    first)."""
    out: list[f.Finding] = []
    addons = sum(v for k, v in chosen.breakdown.items() if k.startswith("add_ons"))
    compute = sum(
        chosen.breakdown.get(k, 0.0) for k in ("compute", "reserved", "burst")
    )
    if addons > 0 and compute > 0 and addons > compute:
        out.append(
            f.AddonsExceed(
                addons_cny=addons,
                compute_cny=compute,
                inputs=(
                    "budget.shared_storage_tb",
                    "budget.egress_tb_per_month",
                    "budget.public_bandwidth_mbps",
                ),
            )
        )
    if owned and len(demand) > 12 * life_years:
        rented = [
            o.horizon_end for o in owned if o.horizon_end and o.horizon_end.rented
        ]
        out.append(
            f.HorizonBeyondLife(
                months=len(demand),
                life_years=life_years,
                replacement_cny=max(o.breakdown.get("replacement", 0.0) for o in owned),
                last_month=max(
                    (i + 1 for i, h in enumerate(demand) if h > 0), default=0
                ),
                rented_cny=max((e.rent_cny for e in rented), default=0.0),
                rented_from=min((e.first_month for e in rented), default=0),
                inputs=(
                    "meta.horizon_months",
                    "budget.hardware_life_years",
                    "demand.months",
                ),
            )
        )
    for own in owned_pure:
        if own.breakdown.get("overflow_rental", 0.0) > 0:
            out.append(
                f.Overflow(
                    option=own.id,
                    gpus=own.gpus,
                    overflow_cny=own.breakdown["overflow_rental"],
                    inputs=("budget.owned_gpus", "demand.months"),
                )
            )
            break
    return out
