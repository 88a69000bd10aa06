"""Resolve every cost input: the project's value if set, else the catalog's.

Each figure comes back with an :class:`~gpu_advisor.model.common.InputRef`
saying where it came from ('project' for the user's own figure, else the
catalog citation), so every number in the cost results can be explained.

Rules
-----
* A ``None`` budget field takes the catalog's *typical* value: GPU prices from
  ``prices.json`` for the project's GPU, electricity / PUE / rack rent from the
  project's region in ``regions.json``, everything else from
  ``cost_defaults``.
* Catalog rental prices are multiplied by the region's ``rental_price_factor``.
* VAT: catalog prices include it. A company that recovers input VAT (a
  general taxpayer, 一般纳税人; ``meta.vat_recoverable``, the default)
  compares every price net of the VAT it recovers; one that cannot compares
  gross amounts. Each price is brought to that basis with its own rate
  (:data:`VAT_KIND`): services 6 % (GPU rentals, cloud storage, traffic and
  bandwidth, the IDC's rack and bandwidth), goods 13 % (cards, servers,
  storage, electricity; maintenance, a share of the hardware, follows it as
  repair services are 13 % too), construction 9 % (the room's retrofit).
  Wages (staff), deposits and loan interest carry no recoverable VAT. The
  project's own prices are gross when ``meta.prices_include_vat`` (else net),
  an imported row's as it says.
* ``ranges`` gives low / typical / high for the inputs the risk analysis moves;
  a project override keeps the catalog's relative spread around the user's value.
* Imported prices (``project.price_overrides``, from a price list or vendor
  quote) replace the catalog's GPU prices: the newest-dated row for the GPU
  and item wins; its low / high when given, else the catalog's relative
  spread. A figure typed in the budget step still wins over an import. The
  region's rental factor is not applied to a quote (it is the vendor's price).
* A vendor's quote from the vendors step (``Vendor.quote_in_budget``, the
  first vendor so marked) prices the rentals of the GPU it quotes: its
  on-demand, 包月 price and yearly factor replace the catalog's and an
  imported row's (:func:`quoted_price`), brought to the plan's VAT basis as
  the vendor quotes it (``quote_includes_vat``), with the catalog's relative
  spread; a figure typed in the budget step still wins. Its source names the
  vendor (``quote <vendor>, vendors step``).

References
----------
VAT rates: PRC Value-Added Tax Law (2024), art. 10: 13 % on goods (electricity
is a good), processing, repair and the leasing of movable property; 9 % on
construction and basic telecom; 6 % on other services, which include
information technology services (cloud computing) and value-added telecom
(IDC). State Taxation Administration,
*增值税税率表* (tax rates, chinatax.gov.cn, 2025). Input VAT is credited
against output VAT by a general taxpayer (VAT Law art. 16, 22); interest on
loans is not creditable (财税〔2016〕36号, annex 1, art. 27).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np

from gpu_advisor.model.catalog import (
    Catalog,
    CostDefaults,
    GpuPrice,
    RegionPreset,
    ResaleCurve,
)
from gpu_advisor.model.common import InputRef, PriceRange
from gpu_advisor.model.project import (
    Currency,
    OptionId,
    PriceOverride,
    Project,
    Vendor,
)
from gpu_advisor.model.serving import HOURS_PER_MONTH as HOURS_PER_MONTH

VAT_KIND: dict[str, str] = {
    "on_demand_cny_per_gpu_hour": "services",
    "monthly_cny_per_gpu_month": "services",
    "shared_storage_cny_per_tb_month": "services",
    "egress_cny_per_tb": "services",
    "public_bandwidth_cny_per_mbps_month": "services",
    "rack_cny_per_month": "services",
    "idc_bandwidth_cny_per_month": "services",
    "gpu_price_cny": "goods",
    "server_cny_per_server": "goods",
    "storage_cny_per_tb": "goods",
    "electricity_cny_per_kwh": "goods",
    "retrofit_cny_per_kw": "construction",
    "retrofit_cny": "construction",
}
"""The VAT each price carries, by input key (see the module's VAT rule):
``services`` (``cost_defaults.vat_rate_services``), ``goods``
(``vat_rate_goods``) or ``construction`` (``vat_rate_construction``). A key
not listed carries none. Public bandwidth is taken as the cloud's or the
IDC's (value-added telecom, 6 %) for renting and self-build alike."""

# budget field -> CostDefaults attribute (same name unless stated)
_DEFAULT_KEYS = (
    "yearly_price_factor",
    "spot_price_factor",
    "spot_interruptions_per_100_hours",
    "restart_hours",
    "spot_capacity_share",
    "spot_wait_hours",
    "network_fraction_of_hardware",
    "storage_cny_per_tb",
    "hardware_life_years",
    "residual_fraction",
    "server_overhead_w_per_gpu",
    "gpu_load_factor",
    "ops_salary_cny_per_year",
    "maintenance_fraction_per_year",
    "deposit_months",
    "financing_rate_per_year",
    "discount_rate_per_year",
    "shared_storage_cny_per_tb_month",
    "egress_cny_per_tb",
    "public_bandwidth_cny_per_mbps_month",
    "idc_bandwidth_cny_per_month",
)
_DEFAULT_WHATS = tuple((key, f"prices.json {key}") for key in _DEFAULT_KEYS)
"""Each default key with the name its catalog citation gives it."""
_UNITS = {
    "on_demand_cny_per_gpu_hour": "CNY/GPU-hour",
    "monthly_cny_per_gpu_month": "CNY/GPU-month",
    "gpu_price_cny": "CNY/GPU",
    "server_cny_per_server": "CNY/server",
    "electricity_cny_per_kwh": "CNY/kWh",
    "rack_cny_per_month": "CNY/rack-month",
    "hardware_life_years": "years",
    "server_overhead_w_per_gpu": "W/GPU",
    "tdp_w": "W",
    "ops_salary_cny_per_year": "CNY/year",
    "tax_life_years": "years",
    "storage_cny_per_tb": "CNY/TB",
    "restart_hours": "h",
    "spot_wait_hours": "h",
    "deposit_months": "months",
    "retrofit_cny_per_kw": "CNY/kW",
    "idc_bandwidth_cny_per_month": "CNY/month",
    "shared_storage_cny_per_tb_month": "CNY/TB-month",
    "egress_cny_per_tb": "CNY/TB",
    "public_bandwidth_cny_per_mbps_month": "CNY/Mbps-month",
}


@dataclass(frozen=True, slots=True)
class Resolved:
    """Every cost input as a plain number, with provenance and risk ranges."""

    gpu_id: str
    values: dict[str, float]
    refs: dict[str, InputRef]
    ranges: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    currency_code: str = "CNY"
    cny_per_unit: float = 1.0
    currency_as_of: str = ""
    currency_source: str = "CNY"
    job_months: tuple[bool, ...] = ()
    """Per month, True when the plan's synchronous training job runs in it
    (:func:`with_spot_job`): a reserved contract then holds at least the job's
    cards. Empty: no month has such a floor."""
    serving_day: tuple[tuple[float, ...], ...] = ()
    """Per month, the cards the serving replicas run each hour of the day
    (``ServingCalendar.day_cards``): a reserved contract or an owned fleet holds
    at least the busiest hour's on top of other work's, and the hours above a
    reserved count are counted hour by hour. Empty: no serving traffic stated."""
    rentals: tuple[OptionId, ...] = ()
    """Rentals the months after an owned fleet's life (or the yearly option's
    last partial year) may be rented with instead of renewing
    (:func:`horizon_rentals`); empty: always renewed."""
    yearly_billing_months: int = 12
    """Months each bill of the yearly commitment pays for in advance
    (``budget.yearly_billing_months``)."""
    resale_curve: tuple[tuple[float, float], ...] = ()
    """The resale curve of the GPU's generation at its typical shares, (age
    [months], share [1]) points (:func:`_resale`); empty when the plan types
    its own residual value (the straight line and the haircut then)."""
    resale_curve_name: str = ""
    """The resale curve's name (``resale_curves``); empty without one."""
    resale_ref_share: float = 1.0
    """The curve's typical share at the reference age
    (``values["resale_share"]`` before the plan's own figure). [1]"""

    def ref(self, key: str) -> InputRef:
        """The provenance of one input (``KeyError`` for unknown keys)."""
        return self.refs[key]


def _cite(rng: PriceRange, what: str) -> str:
    """The catalog citation of ``rng``, named ``what``."""
    prov = rng.provenance
    return f"catalog {what}: {prov.source} (as of {prov.as_of.isoformat()})"


def _spread(
    value: float, rng: PriceRange, scale: float = 1.0
) -> tuple[float, float, float]:
    """Low/typical/high around ``value`` with the catalog's relative spread."""
    typical = rng.typical * scale
    if typical <= 0:
        return (rng.low * scale, value, max(value, rng.high * scale))
    return (value * rng.low / rng.typical, value, value * rng.high / rng.typical)


def imported_price(project: Project, gpu_id: str, key: str) -> PriceOverride | None:
    """The imported price for ``gpu_id`` and budget field ``key``, if any.

    The newest ``as_of`` on or before the plan's date wins (of equal dates,
    the later row); a row dated after the plan wins only when no other row is
    there, and the plan warns about it (``cost.imported_future``).

    >>> imported_price(Project(), "A100-80GB-SXM", "gpu_price_cny") is None
    True
    """
    rows = [
        r for r in project.price_overrides if r.gpu_id == gpu_id and r.item.value == key
    ]
    dated = [r for r in rows if r.as_of <= project.meta.plan_date] or rows
    found: PriceOverride | None = None
    for row in dated:
        if found is None or row.as_of >= found.as_of:
            found = row
    return found


QUOTED_KEYS: tuple[str, ...] = (
    "on_demand_cny_per_gpu_hour",
    "monthly_cny_per_gpu_month",
    "yearly_price_factor",
)
"""The budget inputs a vendor's quote prices (same names on ``Vendor``)."""


def quoted_price(
    project: Project, gpu_id: str, key: str
) -> tuple[float, Vendor] | None:
    """The chosen vendor's quote for budget field ``key`` and its vendor, if any.

    The first vendor with ``quote_in_budget`` counts, for the GPU it quotes
    only; a price it leaves blank (None or 0) is not quoted.

    >>> v = Vendor(name="A", gpu_id="H800-80GB-SXM", on_demand_cny_per_gpu_hour=9.5,
    ...            quote_in_budget=True)
    >>> quoted_price(Project(vendors=[v]), "H800-80GB-SXM", "on_demand_cny_per_gpu_hour")[0]
    9.5
    >>> quoted_price(Project(vendors=[v]), "A100-80GB-SXM", "on_demand_cny_per_gpu_hour")
    """
    if key not in QUOTED_KEYS:
        return None
    vendor = next((v for v in project.vendors if v.quote_in_budget), None)
    if vendor is None or vendor.gpu_id != gpu_id:
        return None
    value = getattr(vendor, key)
    return (float(value), vendor) if value else None


def quote_source(vendor: Vendor) -> str:
    """How a vendor's quote is cited in the inputs, the tooltips and the PDF.

    >>> quote_source(Vendor(name="供应商甲"))
    'quote 供应商甲, vendors step'
    """
    return f"quote {vendor.name}, vendors step"


def imported_source(row: PriceOverride) -> str:
    """How an imported price is cited in the inputs, the tooltips and the PDF.

    >>> import datetime as dt
    >>> from gpu_advisor.model.project import PriceItem
    >>> imported_source(PriceOverride(gpu_id="H800-80GB-SXM", item=PriceItem.ON_DEMAND,
    ...     typical=14.0, as_of=dt.date(2026, 11, 20), vendor="Vendor A",
    ...     source_file="quote.xlsx", location="Quote, row 4"))
    'imported quote.xlsx (Quote, row 4), Vendor A, dated 2026-11-20'
    """
    where = f" ({row.location})" if row.location else ""
    vendor = f", {row.vendor}" if row.vendor else ""
    return f"imported {row.source_file}{where}{vendor}, dated {row.as_of.isoformat()}"


@dataclass(slots=True)
class _Book:
    """The cost inputs being resolved: values, provenance and risk ranges by key.

    Keys are added in the order :func:`resolve` names them (the risk analysis
    and the "why?" dialogs list them in that order).
    """

    project: Project
    gpu_id: str
    defaults: CostDefaults
    values: dict[str, float] = field(default_factory=dict)
    refs: dict[str, InputRef] = field(default_factory=dict)
    ranges: dict[str, tuple[float, float, float]] = field(default_factory=dict)

    @property
    def recoverable(self) -> bool:
        """Whether prices are compared net of recoverable input VAT."""
        return self.project.meta.vat_recoverable is not False

    def vat_rate(self, key: str) -> float:
        """The VAT rate ``key``'s price carries (:data:`VAT_KIND`). [1]"""
        kind = VAT_KIND.get(key)
        return (
            0.0 if kind is None else float(getattr(self.defaults, f"vat_rate_{kind}"))
        )

    def to_basis(self, key: str, includes_vat: bool) -> tuple[float, str]:
        """The factor that brings a price of ``key`` (gross when
        ``includes_vat``) to the plan's VAT basis, and what it did in words."""
        rate = self.vat_rate(key)
        if not rate:
            return 1.0, ""
        if self.recoverable:
            if includes_vat:
                return 1.0 / (1.0 + rate), f" (net of {rate:.0%} recoverable VAT)"
            return 1.0, ""
        if includes_vat:
            return 1.0, ""
        return 1.0 + rate, f" (+{rate:.0%} VAT added)"

    def put(
        self,
        key: str,
        own: float | None,
        rng: PriceRange,
        what: str,
        scale: float = 1.0,
    ) -> None:
        """The project's figure (VAT added when it is net), else an imported
        price, else the catalog's typical value × ``scale``."""
        if own is None and self.project.vendors:
            quote = quoted_price(self.project, self.gpu_id, key)
            if quote is not None:
                self.put_quoted(key, *quote, rng)
                return
        if own is None and self.project.price_overrides:
            row = imported_price(self.project, self.gpu_id, key)
            if row is not None:
                self.put_imported(key, row, rng)
                return
        if own is None:
            self._put_default(key, rng, what, scale)
            return
        factor, note = self.to_basis(key, self.project.meta.prices_include_vat)
        value = float(own) * factor
        self._store(
            key, value, _spread(value, rng, scale), "project" + note, confirmed=True
        )

    def _put_default(
        self, key: str, rng: PriceRange, what: str, scale: float = 1.0
    ) -> None:
        """The catalog's typical value × ``scale``, its spread and its citation
        (catalog prices include VAT)."""
        factor, note = self.to_basis(key, True)
        value = rng.typical * scale * factor
        self._store(
            key,
            value,
            _spread(value, rng, scale * factor),
            _cite(rng, what) + note,
            confirmed=rng.provenance.confirmed,
        )

    def _store(
        self,
        key: str,
        value: float,
        spread: tuple[float, float, float],
        source: str,
        *,
        confirmed: bool,
    ) -> None:
        """One resolved price: its value, its (low, typical, high) and its reference."""
        self.values[key] = value
        self.ranges[key] = spread
        self.refs[key] = InputRef(
            name=f"budget.{key}",
            value=round(value, 6),
            unit=_UNITS.get(key, ""),
            source=source,
            confirmed=confirmed,
        )

    def put_quoted(
        self, key: str, value: float, vendor: Vendor, rng: PriceRange
    ) -> None:
        """A vendor's quote, on the plan's VAT basis, with the catalog's spread."""
        factor, note = self.to_basis(key, vendor.quote_includes_vat)
        value *= factor
        self._store(
            key,
            value,
            _spread(value, rng),
            quote_source(vendor) + note,
            confirmed=True,
        )

    def put_imported(self, key: str, row: PriceOverride, rng: PriceRange) -> None:
        """An imported price row, with its own low / high or the catalog's spread."""
        # brought to the plan's VAT basis as the row says it is quoted
        factor, note = self.to_basis(key, row.includes_vat)
        value = row.typical * factor
        spread = _spread(value, rng)
        low = spread[0] if row.low is None else row.low * factor
        high = spread[2] if row.high is None else row.high * factor
        self._store(
            key, value, (low, value, high), imported_source(row) + note, confirmed=True
        )


def resolve(project: Project, catalog: Catalog, gpu_id: str | None = None) -> Resolved:
    """Resolve the project's cost inputs against the catalog.

    Parameters
    ----------
    project : Project
        The plan; ``None`` budget fields are filled from the catalog.
    catalog : Catalog
        Shipped defaults (prices, regions, cost rules of thumb).
    gpu_id : str, optional
        GPU to price; defaults to ``project.workload.gpu_id``.

    Returns
    -------
    Resolved
        Values keyed by budget field name, each with an ``InputRef``.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> r = resolve(Project(), load_catalog())
    >>> r.refs["electricity_cny_per_kwh"].source.startswith("catalog")
    True
    >>> r.values["hardware_life_years"]
    5.0
    """
    gpu_id = gpu_id or project.workload.gpu_id
    region: RegionPreset = catalog.region(project.meta.region_id)
    book = _Book(project, gpu_id, catalog.cost_defaults)
    _prices(book, catalog.price(gpu_id), region)
    _rules_of_thumb(book)
    curve, ref_share = _resale(book, catalog)
    curve_name = (
        ""
        if not curve
        else getattr(
            resale_curve_for(book.defaults, catalog.gpu(gpu_id).arch), "name", ""
        )
    )
    _self_build_pue(book, region)
    _project_figures(book)
    _gpu_and_rack(book, catalog, region)
    _spot_lost_hours(book)
    code, rate, as_of, source = currency_rate(project, catalog)
    return Resolved(
        gpu_id=gpu_id,
        values=book.values,
        refs=book.refs,
        ranges=book.ranges,
        currency_code=code,
        cny_per_unit=rate,
        currency_as_of=as_of,
        currency_source=source,
        rentals=horizon_rentals(project.budget.options),
        yearly_billing_months=project.budget.yearly_billing_months or 12,
        resale_curve=curve,
        resale_curve_name=curve_name,
        resale_ref_share=ref_share,
    )


HORIZON_RENTALS = (OptionId.ON_DEMAND, OptionId.MONTHLY, OptionId.YEARLY)
"""Contracts that may serve the months at the horizon's end instead of a new
fleet or a further year: spot is left out, as it is for the owned options'
overflow (a reclaimed server stops the synchronous job)."""


def horizon_rentals(options: list[OptionId]) -> tuple[OptionId, ...]:
    """The :data:`HORIZON_RENTALS` the user selected; all of them when no
    contract kind was selected (as the mix reads a selection).

    >>> horizon_rentals([OptionId.MONTHLY, OptionId.SELF_BUILD])
    (<OptionId.MONTHLY: 'monthly'>,)
    >>> len(horizon_rentals([OptionId.SELF_BUILD])), horizon_rentals([OptionId.SPOT])
    (3, ())
    """
    chosen = tuple(o for o in HORIZON_RENTALS if o in options)
    if chosen or OptionId.SPOT in options:
        return chosen
    return HORIZON_RENTALS


SPOT_LOST_HOURS_KEY = "spot_lost_hours"
"""Hours a synchronous job loses to each spot reclaim besides the work since the
last checkpoint: the restart, plus the wait for replacement capacity when it is
not free at once (``restart + (1 − capacity share) × wait``)."""


def lost_hours(restart: float, share: float, wait: float) -> float:
    """``restart + (1 − share) × wait``, the share held within 0–1. [h]

    >>> lost_hours(0.25, 0.6, 4.0)
    1.85
    """
    return restart + (1.0 - min(max(share, 0.0), 1.0)) * wait


def _spot_lost_hours(book: _Book) -> None:
    """The derived hours lost per reclaim, its value and its range (the worst
    case: the longest restart, the least capacity, the longest wait)."""
    v, r = book.values, book.ranges
    keys = ("restart_hours", "spot_capacity_share", "spot_wait_hours")
    restart, share, wait = (r[k] for k in keys)
    v[SPOT_LOST_HOURS_KEY] = round(lost_hours(*(v[k] for k in keys)), 9)
    r[SPOT_LOST_HOURS_KEY] = (
        lost_hours(restart[0], share[2], wait[0]),
        v[SPOT_LOST_HOURS_KEY],
        lost_hours(restart[2], share[0], wait[2]),
    )


def _prices(book: _Book, price: GpuPrice, region: RegionPreset) -> None:
    """Rental and hardware prices of the GPU, then the region's running costs."""
    budget, gpu_id = book.project.budget, book.gpu_id
    factor = region.rental_price_factor
    book.put(
        "on_demand_cny_per_gpu_hour",
        budget.on_demand_cny_per_gpu_hour,
        price.on_demand_cny_per_gpu_hour,
        f"prices.json {gpu_id} on-demand",
        factor,
    )
    book.put(
        "monthly_cny_per_gpu_month",
        budget.monthly_cny_per_gpu_month,
        price.monthly_cny_per_gpu_month,
        f"prices.json {gpu_id} monthly",
        factor,
    )
    book.put(
        "gpu_price_cny",
        budget.gpu_price_cny,
        price.purchase_cny_per_gpu,
        f"prices.json {gpu_id} purchase",
    )
    book.put(
        "server_cny_per_server",
        budget.server_cny_per_server,
        price.server_cny_per_server,
        f"prices.json {gpu_id} server chassis",
    )
    book.put(
        "electricity_cny_per_kwh",
        budget.electricity_cny_per_kwh,
        region.electricity_cny_per_kwh,
        f"regions.json {region.id} tariff",
    )
    book.put("pue", budget.pue, region.pue, f"regions.json {region.id} PUE")
    book.put(
        "rack_cny_per_month",
        budget.rack_cny_per_month,
        region.rack_cny_per_month,
        f"regions.json {region.id} rack",
    )


def _rules_of_thumb(book: _Book) -> None:
    """The catalog's cost defaults, and the ranges only the risk analysis moves."""
    budget, defaults = book.project.budget, book.defaults
    for key, what in _DEFAULT_WHATS:
        book.put(key, getattr(budget, key), getattr(defaults, key), what)
    book.put(
        "resale_haircut", None, defaults.resale_haircut, "prices.json resale_haircut"
    )
    book.put(
        "ops_fte_per_100_gpus",
        None,
        defaults.ops_fte_per_100_gpus,
        "prices.json ops_fte_per_100_gpus",
    )
    book.put(
        "retrofit_cny_per_kw",
        None,
        defaults.retrofit_cny_per_kw,
        "prices.json retrofit_cny_per_kw",
    )
    optional = {
        "cloud_ops_fte_per_100_gpus": defaults.cloud_ops_fte_per_100_gpus,
        "tax_life_years": defaults.tax_life_years,
        "tax_residual_fraction": defaults.tax_residual_fraction,
    }
    fallback = {"tax_life_years": 3.0, "tax_residual_fraction": 0.05}
    for key, rng in optional.items():
        if rng is None:  # a catalog without the figure
            value = fallback.get(key, 0.0)
            book.values[key] = value
            book.ranges[key] = (value, value, value)
            continue
        book.put(key, None, rng, f"prices.json {key}")
    book.put(
        "mfu_factor", None, defaults.mfu_range_factor, "prices.json mfu_range_factor"
    )
    book.put(
        "demand_factor",
        None,
        defaults.demand_range_factor,
        "prices.json demand_range_factor",
    )


RESALE_SHARE_KEY = "resale_share"
"""Resolved input: share of the purchase price the owned fleet fetches
second-hand at the reference age (:func:`reference_age_months`), on its
generation's resale curve; with a typed residual value, that value. [1]"""


def resale_curve_for(defaults: CostDefaults, arch: str) -> ResaleCurve | None:
    """The resale curve of a GPU architecture: the first whose ``archs`` one
    starts ``arch``, else the catalog's last; None without curves.

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> d = load_catalog().cost_defaults
    >>> [resale_curve_for(d, a).name for a in ("Hopper", "Blackwell (GB202)", "Da Vinci", "X")]
    ['hopper', 'blackwell', 'other', 'other']
    """
    curves = defaults.resale_curves
    for curve in curves:
        if any(arch.startswith(a) for a in curve.archs):
            return curve
    return curves[-1] if curves else None


def reference_age_months(horizon_months: int, life_years: float) -> float:
    """The age the resale share is quoted at: the horizon, or the fleet's
    life when shorter (a fleet is sold at the end of its life). [months]

    >>> reference_age_months(36, 5.0), reference_age_months(72, 5.0)
    (36.0, 60.0)
    """
    return float(min(horizon_months, math.ceil(12.0 * life_years - 1e-9)))


def _resale(
    book: _Book, catalog: Catalog
) -> tuple[tuple[tuple[float, float], ...], float]:
    """The resale share at the reference age, its range and its citation, and
    the curve's typical points with that share (empty, 1.0 with a typed
    residual value: the share is then the residual's own)."""
    budget, defaults = book.project.budget, book.defaults
    curve = resale_curve_for(defaults, catalog.gpu(book.gpu_id).arch)
    if budget.residual_fraction is not None or curve is None:
        key = "residual_fraction"
        book.values[RESALE_SHARE_KEY] = book.values[key]
        book.ranges[RESALE_SHARE_KEY] = book.ranges[key]
        book.refs[RESALE_SHARE_KEY] = book.refs[key]
        return (), 1.0
    age = reference_age_months(
        book.project.meta.horizon_months, book.values["hardware_life_years"]
    )

    def at(shares: list[float]) -> float:
        return round(float(np.interp(age, curve.ages_months, shares)), 6)

    typical = at(curve.typical)
    book._store(
        RESALE_SHARE_KEY,
        typical,
        (at(curve.low), typical, at(curve.high)),
        f"catalog prices.json resale_curves {curve.name} at {age:.0f} months: "
        f"{curve.provenance.source} (as of {curve.provenance.as_of.isoformat()})",
        confirmed=curve.provenance.confirmed,
    )
    points = tuple(zip(curve.ages_months, curve.typical, strict=True))
    return points, typical


def _self_build_pue(book: _Book, region: RegionPreset) -> None:
    """Self-built rooms rarely reach IDC efficiency: the region's high PUE."""
    budget = book.project.budget
    if budget.pue is not None:
        book.put(
            "pue_self_build", budget.pue, region.pue, f"regions.json {region.id} PUE"
        )
        return
    book.values["pue_self_build"] = region.pue.high
    book.ranges["pue_self_build"] = (
        region.pue.typical,
        region.pue.high,
        region.pue.high * 1.15,
    )
    book.refs["pue_self_build"] = InputRef(
        name="budget.pue",
        value=region.pue.high,
        unit="",
        source=_cite(
            region.pue, f"regions.json {region.id} PUE (high end: small room)"
        ),
        confirmed=region.pue.provenance.confirmed,
    )


def _project_figures(book: _Book) -> None:
    """Figures only the project gives (no catalog default, no risk range)."""
    project = book.project
    budget = project.budget
    plain = {
        "ops_fte": budget.ops_fte,
        "retrofit_cny": budget.retrofit_cny,
        "owned_gpus": None if budget.owned_gpus is None else float(budget.owned_gpus),
    }
    for key, own in plain.items():
        if own is not None:
            factor, note = book.to_basis(key, project.meta.prices_include_vat)
            book.values[key] = float(own) * factor
            book.refs[key] = InputRef(
                name=f"budget.{key}",
                value=round(float(own) * factor, 6),
                source="project" + note,
            )
    fixed = {
        "billing_granularity_hours": (budget.billing_granularity_hours, "h", "budget"),
        "storage_tb": (budget.storage_tb, "TB", "budget"),
        "shared_storage_tb": (budget.shared_storage_tb, "TB", "budget"),
        "egress_tb_per_month": (budget.egress_tb_per_month, "TB/month", "budget"),
        "public_bandwidth_mbps": (budget.public_bandwidth_mbps, "Mbps", "budget"),
        "checkpoint_interval_hours": (
            project.workload.checkpoint_interval_hours,
            "h",
            "workload",
        ),
    }
    for key, (value, unit, section) in fixed.items():
        book.values[key] = float(value)
        book.refs[key] = InputRef(
            name=f"{section}.{key}",
            value=float(value),
            unit=unit,
            source="project",
        )


def _gpu_and_rack(book: _Book, catalog: Catalog, region: RegionPreset) -> None:
    """The GPU's power and server size, and the region's rack power."""
    gpu_id = book.gpu_id
    spec = catalog.gpu(gpu_id)
    book.values["tdp_w"] = spec.tdp_w
    book.refs["tdp_w"] = InputRef(
        name=f"catalog.gpus.{gpu_id}.tdp_w",
        value=spec.tdp_w,
        unit="W",
        source=f"catalog gpus.json: {spec.provenance.source}",
        confirmed=spec.confirms("tdp_w"),
    )
    book.values["gpus_per_server"] = float(spec.gpus_per_server)
    book.values["rack_power_kw"] = region.rack_power_kw
    book.refs["rack_power_kw"] = InputRef(
        name=f"catalog.regions.{region.id}.rack_power_kw",
        value=region.rack_power_kw,
        unit="kW",
        source="catalog regions.json",
    )


def currency_rate(project: Project, catalog: Catalog) -> tuple[str, float, str, str]:
    """The display currency, its rate in CNY per unit, the rate's date and source.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> currency_rate(Project(), load_catalog())[:2]
    ('CNY', 1.0)
    """
    meta = project.meta
    if meta.currency is Currency.CNY:
        return ("CNY", 1.0, "", "CNY")
    if meta.exchange_rate_cny_per_unit is not None:
        as_of = meta.exchange_rate_as_of.isoformat() if meta.exchange_rate_as_of else ""
        return (meta.currency.value, meta.exchange_rate_cny_per_unit, as_of, "project")
    rng = {
        Currency.USD: catalog.cost_defaults.usd_cny,
        Currency.EUR: catalog.cost_defaults.eur_cny,
        Currency.HKD: catalog.cost_defaults.hkd_cny,
    }[meta.currency]
    return (
        meta.currency.value,
        rng.typical,
        rng.provenance.as_of.isoformat(),
        rng.provenance.source,
    )


def to_display(amount_cny: float, cny_per_unit: float) -> float:
    """Convert a CNY amount into the display currency.

    Parameters
    ----------
    amount_cny : float
        Amount. [CNY]
    cny_per_unit : float
        Exchange rate. [CNY per unit of the display currency]

    Returns
    -------
    float
        Amount in the display currency. [unit]

    Examples
    --------
    >>> to_display(710.0, 7.1)
    100.0
    """
    if cny_per_unit <= 0:
        raise ValueError("need cny_per_unit > 0")
    return amount_cny / cny_per_unit


SPOT_JOB_SOURCE = "engine: the sizing's cluster (the plan's card count)"
"""Where the spot job's card count comes from."""


def with_spot_job(
    resolved: Resolved, job_gpus: int, job_months: tuple[bool, ...] = ()
) -> Resolved:
    """``resolved`` with the size of the job that runs on spot instances.

    Spot instances are reclaimed one instance at a time, and a synchronous
    training job stops when any of its instances goes, so the interruption
    overhead grows with the job's instances
    (:func:`gpu_advisor.engine.cost.price.spot_overhead_fraction`). The job is the
    plan's card count, the sizing's cluster, in every month it runs.

    Parameters
    ----------
    resolved : Resolved
        Resolved inputs.
    job_gpus : int
        Cards of the job. [1]
    job_months : tuple of bool
        Per month, whether the job runs in it (reserved contracts hold its
        cards then); empty: no month.

    Returns
    -------
    Resolved
        With ``values["spot_job_gpus"]`` and its reference (named
        ``cluster.gpus``, as the sizing step shows it).

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> r = with_spot_job(resolve(Project(), load_catalog()), 64)
    >>> r.values["spot_job_gpus"], r.refs["spot_job_gpus"].name
    (64.0, 'cluster.gpus')
    """
    if job_gpus < 1:
        raise ValueError("need job_gpus >= 1")
    values = dict(resolved.values)
    refs = dict(resolved.refs)
    values["spot_job_gpus"] = float(job_gpus)
    refs["spot_job_gpus"] = InputRef(
        name="cluster.gpus",
        value=float(job_gpus),
        unit="cards",
        source=SPOT_JOB_SOURCE,
        confirmed=True,
    )
    return replace(resolved, values=values, refs=refs, job_months=job_months)
