"""The option workbook's formulas: each option's monthly cash as live formulas.

An analyst opens the exported ``.xlsx`` in Excel or WPS, changes an input on
the Inputs sheet (a price, the tariff, the discount rate) or a month's
GPU-hours on the Demand sheet, and every option's cash flow, total and NPV
follow. The formulas mirror the engine's, line item by line item; each
builder below names the engine function it mirrors (``engine/cost/price.py``
and ``engine/cost/mix.py``), so a change there is followed here in one place.

A month that serves follows its day: the Demand sheet holds the serving
replicas' cards hour by hour (the serving plan's, values), and the formulas
count the hours above a number of cards hour by hour (:func:`above`) and hold
a reserved contract at the busiest hour's cards.

What the engine decided by search or by a rule over the whole plan is
written as a value and labelled so on the sheet: the mix's reserved cards per
month and its kinds, the owned card count, whether the yearly commitment's
last partial year is rented by the month, the months a worn-out fleet is
bought again. An option whose pricing the workbook does not mirror (a hybrid
that owns part of its cards, an owned fleet kept to its life and the months
after rented) keeps the engine's cash per month as values, labelled too.

Amounts are in the plan's currency: prices stay as quoted (CNY) on the Inputs
sheet and every amount on the cash-flow sheets is divided by the exchange
rate input (``CNY_per_unit``) when the plan's currency is not CNY.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from gpu_advisor.model.cost_results import OptionResult

HOURS: Final = "730"
"""Hours of a month (``engine.cost.resolve.HOURS_PER_MONTH``)."""
EPS: Final = "1E-9"
"""The engine's rounding tolerance (``engine.cost.price._EPS``)."""

INPUT_NAMES: Final[dict[str, str]] = {
    "on_demand_cny_per_gpu_hour": "OD_Price",
    "monthly_cny_per_gpu_month": "Monthly_Price",
    "yearly_price_factor": "Yearly_Factor",
    "spot_price_factor": "Spot_Factor",
    "spot_interruptions_per_100_hours": "Spot_Reclaims_per_100h",
    "restart_hours": "Restart_Hours",
    "spot_capacity_share": "Spot_Capacity_Share",
    "spot_wait_hours": "Spot_Wait_Hours",
    "checkpoint_interval_hours": "Checkpoint_Hours",
    "billing_granularity_hours": "Billing_Granularity",
    "gpu_price_cny": "GPU_Price",
    "server_cny_per_server": "Server_Price",
    "gpus_per_server": "GPUs_per_Server",
    "network_fraction_of_hardware": "Network_Share",
    "storage_tb": "Storage_TB",
    "storage_cny_per_tb": "Storage_Price_per_TB",
    "hardware_life_years": "Life_Years",
    "residual_fraction": "Residual_Share",
    "resale_haircut": "Resale_Haircut",
    "resale_share": "Resale_Share",
    "tax_life_years": "Tax_Life_Years",
    "tax_residual_fraction": "Tax_Residual",
    "tdp_w": "GPU_TDP_W",
    "gpu_load_factor": "GPU_Load",
    "server_overhead_w_per_gpu": "Server_Overhead_W",
    "pue": "PUE_Colocation",
    "pue_self_build": "PUE_Self_Build",
    "electricity_cny_per_kwh": "Tariff",
    "rack_cny_per_month": "Rack_Price",
    "rack_power_kw": "Rack_Power_kW",
    "idc_bandwidth_cny_per_month": "IDC_Bandwidth",
    "public_bandwidth_mbps": "Public_Bandwidth_Mbps",
    "public_bandwidth_cny_per_mbps_month": "Public_Bandwidth_Price",
    "shared_storage_tb": "Shared_Storage_TB",
    "shared_storage_cny_per_tb_month": "Shared_Storage_Price",
    "egress_tb_per_month": "Egress_TB",
    "egress_cny_per_tb": "Egress_Price",
    "ops_salary_cny_per_year": "Ops_Salary",
    "ops_fte_per_100_gpus": "Ops_FTE_per_100",
    "cloud_ops_fte_per_100_gpus": "Cloud_FTE_per_100",
    "ops_fte": "Ops_FTE",
    "maintenance_fraction_per_year": "Maintenance_Share",
    "deposit_months": "Deposit_Months",
    "financing_rate_per_year": "Financing_Rate",
    "discount_rate_per_year": "Discount_Rate",
    "retrofit_cny_per_kw": "Retrofit_per_kW",
    "retrofit_cny": "Retrofit_Given",
    "spot_job_gpus": "Job_GPUs",
}
"""The defined name of each resolved input (``Resolved.values`` key) the
formulas read."""

DERIVED: Final[tuple[tuple[str, str], ...]] = (
    # (defined name, formula): worked out from the inputs, on the Inputs sheet
    ("Spot_Lost_Hours", "=Restart_Hours+(1-Spot_Capacity_Share)*Spot_Wait_Hours"),
    ("Job_Instances", "=ROUNDUP(Job_GPUs/GPUs_per_Server,0)"),
    (
        "Job_Floor",
        "=IF(Job_GPUs>GPUs_per_Server,"
        "ROUNDUP(Job_GPUs/GPUs_per_Server,0)*GPUs_per_Server,Job_GPUs)",
    ),
    ("Yearly_Price", "=Monthly_Price*Yearly_Factor"),
    ("Spot_Price", "=OD_Price*Spot_Factor"),
)
"""Figures worked out from the inputs (``make_params``, ``job_floor``,
``job_instances``, the spot and yearly prices)."""


def cards(h: str) -> str:
    """Cards a month's ``h`` GPU-hours fill: ``ceil(h / 730)``
    (``price.reserved_cards`` without the job's floor)."""
    return f"IF({h}<=0,0,ROUNDUP({h}/{HOURS}-{EPS},0))"


def billable(h: str) -> str:
    """``price._billable``: each card's hours rounded up to the granularity."""
    c = f"MAX(1,ROUNDUP({h}/{HOURS}-{EPS},0))"
    return f"IF({h}<=0,0,ROUNDUP({h}/{c}/Billing_Granularity-{EPS},0)*{c}*Billing_Granularity)"


def spot_overhead(h: str, checkpointing: bool) -> str:
    """``price.spot_overhead``: the share of hours re-run after reclaims."""
    lost = (
        "Checkpoint_Hours/2" if checkpointing else f"MIN(MAX({h},0)/Job_GPUs,{HOURS})/2"
    )
    return f"Spot_Reclaims_per_100h/100*Job_Instances*({lost}+Spot_Lost_Hours)"


@dataclass
class Column:
    """One column of an option's cash-flow table."""

    key: str
    """Its header's words key (``workbook.line.<key>``)."""
    cell: Callable[[int], str | float]
    """The formula (or engine value) of month ``m`` (0-based)."""
    money: bool = True
    """An amount summed into the month's cash (in the plan's currency)."""
    decided: bool = False
    """A value the engine decided (labelled on the sheet)."""
    converted: bool = False
    """Its formula reads amounts already in the plan's currency (the loan's
    columns, the bills of the reserved cost): not divided by the exchange
    rate again."""
    summed: bool | None = None
    """Part of the month's cash; None: when it is an amount (``money``)."""

    @property
    def in_cash(self) -> bool:
        """Summed into the month's cash."""
        return self.money if self.summed is None else self.summed


@dataclass
class Scalar:
    """One figure of an option above its table (the fleet, its resale)."""

    key: str
    formula: str | float
    money: bool = False
    decided: bool = False


@dataclass
class Block:
    """An option's cash-flow sheet: scalars, columns and its summary."""

    option: OptionResult
    months: int
    columns: list[Column] = field(default_factory=list)
    scalars: list[Scalar] = field(default_factory=list)
    capex: str = "0"
    residual: str = "0"
    note: str = "decided"
    """``decided``: some figures are the engine's decisions; ``values``: the
    cash is the engine's, not mirrored as formulas."""
    serving: frozenset[int] = frozenset()
    """The months (0-based) whose work follows a serving day (:func:`above`)."""

    first_row: int = 0
    """Row of month 1 (set by the writer)."""
    letters: dict[str, str] = field(default_factory=dict)
    """Column letter of each column key (set by :meth:`place`)."""
    scalar_cells: dict[str, str] = field(default_factory=dict)

    def place(self, first_col: int, first_row: int, scalar_col: str) -> None:
        """Assign the columns' letters from ``first_col`` and the scalars'
        cells (``scalar_col``, one row each from row 4)."""
        from openpyxl.utils import get_column_letter

        self.first_row = first_row
        for i, col in enumerate(self.columns):
            self.letters[col.key] = get_column_letter(first_col + i)
        for i, sc in enumerate(self.scalars):
            self.scalar_cells[sc.key] = f"${scalar_col}${4 + i}"

    def at(self, key: str, m: int) -> str:
        """The cell of column ``key`` in month ``m`` (0-based)."""
        return f"{self.letters[key]}{self.first_row + m}"

    def span(self, key: str, start: int = 0, stop: int | None = None) -> str:
        """Column ``key`` from month ``start`` to ``stop`` (exclusive)."""
        stop = self.months if stop is None else stop
        col = self.letters[key]
        return f"${col}${self.first_row + start}:${col}${self.first_row + stop - 1}"

    def s(self, key: str) -> str:
        """The cell of scalar ``key``."""
        return self.scalar_cells[key]


def demand(m: int) -> str:
    """Month ``m``'s GPU-hours on the Demand sheet."""
    return f"Demand!$B${m + 2}"


def job(m: int) -> str:
    """1 when the synchronous job runs in month ``m`` (Demand sheet)."""
    return f"Demand!$C${m + 2}"


def no_spot(m: int) -> str:
    """1 when month ``m`` tolerates no spot (Demand sheet, the mix's bursts)."""
    return f"Demand!$D${m + 2}"


def serving_hours(m: int) -> str:
    """The serving replicas' GPU-hours in month ``m`` (Demand sheet; 0 when
    the month does not serve)."""
    return f"Demand!$E${m + 2}"


DAY_COLUMNS: Final = ("F", "AC")
"""The Demand sheet's columns holding a serving month's replicas hour by
hour (24 of them)."""


def _day_over(m: int, n: str) -> str:
    """Month ``m``'s cards hour by hour less ``n``, as an array: the replicas
    plus the month's other work spread evenly (``ServingCalendar.month_curves``)."""
    first, last = DAY_COLUMNS
    hours = f"Demand!${first}${m + 2}:${last}${m + 2}"
    other = f"MAX({demand(m)}-{serving_hours(m)},0)/{HOURS}"
    return f"({hours}+{other}-{n})"


def above(m: int, n: str, serving: frozenset[int] = frozenset()) -> str:
    """``price.hours_above``: month ``m``'s GPU-hours above ``n`` cards held
    all month. A month in ``serving`` follows its day: the hours above ``n``
    are counted hour by hour (``Σ max(cardsₕ − n, 0) × 730 / 24``), so cards
    sized between the night and the evening peak leave the peak hours over.

    >>> above(0, "8")
    'MAX(Demand!$B$2-8*730,0)'
    >>> above(0, "8", frozenset({0}))[:44]
    'SUMPRODUCT(((Demand!$F$2:$AC$2+MAX(Demand!$B'
    """
    if m not in serving:
        return f"MAX({demand(m)}-{n}*{HOURS},0)"
    x = _day_over(m, n)
    return f"SUMPRODUCT(({x}>0)*{x})*{HOURS}/24"


def _edge(months: int, m: int, amount: str) -> str:
    """Paid in month 1, back in the last month (``price._add_deposit``)."""
    if months == 1:
        return "0"
    if m == 0:
        return amount
    return f"-({amount})" if m == months - 1 else "0"


def addon_columns() -> list[Column]:
    """``price._addons``: storage, traffic and bandwidth while work runs, and
    the rented cards' operations staff (``price._rental_staff``)."""
    parts = (
        ("add_ons_storage", "Shared_Storage_TB*Shared_Storage_Price"),
        ("add_ons_egress", "Egress_TB*Egress_Price"),
        ("add_ons_bandwidth", "Public_Bandwidth_Mbps*Public_Bandwidth_Price"),
    )
    return [
        *(Column(key, _while_busy(e)) for key, e in parts),
        Column("staff", rental_staff),
    ]


def rental_staff(m: int) -> str:
    """``price._rental_staff``: staff per 100 rented cards × the month's cards
    / 100 × the salary / 12."""
    return f"Cloud_FTE_per_100*Ops_Salary/1200*{cards(demand(m))}"


CURVE_AGES: Final = "Resale_Curve_Ages"
"""Defined name of the resale curve's ages on the Inputs sheet. [months]"""
CURVE_SHARES: Final = "Resale_Curve_Shares"
"""Defined name of the curve's shares at those ages. [1]"""


def curve_share(age: str) -> str:
    """``price._curve_share``: the resale curve's share at ``age`` (straight
    lines between its points, the end points held beyond them), scaled by
    ``Resale_Share / Resale_Curve_Ref`` and held within 0–1."""
    a, s = CURVE_AGES, CURVE_SHARES
    i = f"MATCH({age},{a},1)"
    inside = (
        f"INDEX({s},{i})+({age}-INDEX({a},{i}))*(INDEX({s},{i}+1)-INDEX({s},{i}))"
        f"/(INDEX({a},{i}+1)-INDEX({a},{i}))"
    )
    raw = (
        f"IF({age}<=INDEX({a},1),INDEX({s},1),"
        f"IF({age}>=INDEX({a},COUNT({a})),INDEX({s},COUNT({s})),{inside}))"
    )
    return f"MIN(MAX({raw}*Resale_Share/Resale_Curve_Ref,0),1)"


def _while_busy(amount: str) -> Callable[[int], str]:
    """``amount`` in the months with demand, else 0."""

    def cell(m: int) -> str:
        return f"IF({demand(m)}>0,{amount},0)"

    return cell


def reserved_cards(m: int, serving: frozenset[int] = frozenset()) -> str:
    """``price.reserved_cards``: ``ceil(h / 730)``, in a month that serves at
    least its busiest hour's cards (``price._serving_floor``), and at least
    the job's cards (in whole servers) in the months it runs."""
    c = cards(demand(m))
    if m in serving:
        peak = f"MAX({_day_over(m, '0')})"
        c = f"MAX({c},ROUNDUP({peak}-{EPS},0))"
    held = (
        f"IF(Job_GPUs>GPUs_per_Server,"
        f"ROUNDUP(MAX({c},Job_Floor)/GPUs_per_Server,0)*GPUs_per_Server,"
        f"MAX({c},Job_Floor))"
    )
    return f"IF(AND({job(m)}=1,{c}>0),{held},{c})"


def on_demand(o: OptionResult, months: int) -> Block:
    """``price._on_demand``: billed hours at the on-demand price."""
    b = Block(o, months)
    b.columns = [
        Column("billed_hours", lambda m: billable(demand(m)), money=False),
        Column("compute", lambda m: f"OD_Price*{b.at('billed_hours', m)}"),
        *addon_columns(),
    ]
    return b


def monthly(
    o: OptionResult, months: int, serving: frozenset[int] = frozenset()
) -> Block:
    """``price._monthly`` / ``_monthly_cash``: the month's cards at the
    monthly price, a deposit of the peak's months back at the end."""
    b = Block(o, months, serving=serving)
    b.columns = [
        Column("cards", lambda m: reserved_cards(m, serving), money=False),
        Column("compute", lambda m: f"Monthly_Price*{b.at('cards', m)}"),
        *addon_columns(),
        Column(
            "deposit",
            lambda m: _edge(
                months, m, f"Deposit_Months*Monthly_Price*MAX({b.span('cards')})"
            ),
        ),
    ]
    return b


def spot(o: OptionResult, months: int, checkpointing: bool) -> Block:
    """``price._spot`` / ``_spot_cash``: plain hours at the spot price plus
    the hours re-run after reclaims."""
    b = Block(o, months)

    def rerun(m: int) -> str:
        h = demand(m)
        return billable(f"{h}*(1+{spot_overhead(h, checkpointing)})")

    b.columns = [
        Column("billed_hours", lambda m: billable(demand(m)), money=False),
        Column("rerun_hours", rerun, money=False),
        Column("compute", lambda m: f"Spot_Price*{b.at('billed_hours', m)}"),
        Column(
            "interruption_overhead",
            lambda m: (
                f"Spot_Price*({b.at('rerun_hours', m)}-{b.at('billed_hours', m)})"
            ),
        ),
        *addon_columns(),
    ]
    return b


def year_bills(
    b: Block, accrual: str, beyond: str, period: int, tail_rented: bool
) -> Callable[[int], str]:
    """``price.paid_a_year_ahead``: each bill's months at the bill's start,
    the commitment past the horizon with the last bill, a last partial year
    rented by the month paid as it comes."""
    months = b.months
    last_year = (months - 1) // 12 * 12
    last_bill = (months - 1) // period * period

    def cell(m: int) -> str:
        if tail_rented and months % 12 and m >= last_year:
            return b.at(accrual, m)
        parts = []
        if m % period == 0:
            parts.append(f"SUM({b.span(accrual, m, min(m + period, months))})")
        if m == last_bill:  # the commitment past the horizon, owed now
            parts.append(b.at(beyond, months - 1))
        return "+".join(parts) or "0"

    return cell


def yearly(
    o: OptionResult, months: int, period: int, serving: frozenset[int] = frozenset()
) -> Block:
    """``price._yearly`` / ``_yearly_cash``: each 12-month block reserves its
    peak at the yearly price, billed ``period`` months ahead."""
    b = Block(o, months, serving=serving)
    tail = months % 12
    end = o.horizon_end
    rented = end is not None and end.rented and months > 12 and bool(tail)

    def block_peak(m: int) -> str:
        start = m // 12 * 12
        return f"MAX({b.span('cards', start, min(start + 12, months))})"

    def accrual(m: int) -> str:
        price = "Monthly_Price" if rented and m >= months - tail else "Yearly_Price"
        return f"{price}*{b.at('reserved_cards', m)}"

    def beyond(m: int) -> str:
        if m != months - 1 or not tail or rented:
            return "0"
        return f"Yearly_Price*{b.at('reserved_cards', m)}*{12 - tail}"

    b.columns = [
        Column("cards", lambda m: reserved_cards(m, serving), money=False),
        Column("reserved_cards", block_peak, money=False),
        Column("accrued", accrual, summed=False),
        Column("beyond", beyond, summed=False),
        Column(
            "bills", year_bills(b, "accrued", "beyond", period, rented), converted=True
        ),
        *addon_columns(),
        Column(
            "deposit",
            lambda m: _edge(
                months,
                m,
                f"Deposit_Months*Yearly_Price*MAX({b.span('reserved_cards')})",
            ),
        ),
    ]
    if rented:
        b.scalars.append(Scalar("tail_rented", 1, decided=True))
    return b


def engine_values(o: OptionResult, months: int, fx: float) -> Block:
    """An option the workbook does not mirror: the engine's cash per month."""
    b = Block(o, months, note="values")
    b.columns = [
        Column(
            "engine_cash",
            lambda m: round(o.monthly_cny[m] / fx, 2) if m < len(o.monthly_cny) else 0,
            decided=True,
        )
    ]
    return b


def hosted(
    o: OptionResult,
    months: int,
    tokens: tuple[Sequence[float], Sequence[float]],
    prices: tuple[float, float],
) -> Block:
    """``hosted_option.hosted_option`` (``hosted.hosted_monthly_cost``): each
    month's millions of input and output tokens (the serving plan's, values)
    at the API's prices per million on the plan's VAT basis and exchange rate,
    prompt-cache hits blended in (``ServingCost``'s hosted row, values).
    ``tokens``: input and output tokens per month; ``prices``: CNY per 10⁶
    input and output tokens."""
    b = Block(o, months)
    b.scalars = [
        Scalar("hosted_price_input", round(prices[0], 6), money=True, decided=True),
        Scalar("hosted_price_output", round(prices[1], 6), money=True, decided=True),
    ]

    def mtok(series: Sequence[float]) -> Callable[[int], float]:
        return lambda m: round(series[m] / 1e6, 6) if m < len(series) else 0.0

    b.columns = [
        Column("input_mtok", mtok(tokens[0]), money=False, decided=True),
        Column("output_mtok", mtok(tokens[1]), money=False, decided=True),
        Column(
            "hosted_input", lambda m: f"{{hosted_price_input}}*{b.at('input_mtok', m)}"
        ),
        Column(
            "hosted_output",
            lambda m: f"{{hosted_price_output}}*{b.at('output_mtok', m)}",
        ),
    ]
    return b


def sum_cells(cells: Sequence[str]) -> str:
    """``a+b+c`` (``0`` for none)."""
    return "+".join(cells) or "0"


@dataclass(frozen=True)
class MixPlan:
    """The mix's plan as the engine decided it (``mix.MixPolicy``)."""

    yearly: bool
    """The baseline is 包年 (else 包月)."""
    baseline: tuple[int, ...]
    """Reserved cards per month."""
    spot_bursts: bool
    """Bursts run on spot (else on demand)."""
    monthly_allowed: bool
    """Monthly rental may serve a yearly baseline's last partial year."""


def mix(
    o: OptionResult,
    months: int,
    plan: MixPlan,
    chk: bool,
    period: int,
    serving: frozenset[int] = frozenset(),
) -> Block:
    """``mix._price_mix``: the reserved baseline (``_baseline_cash``,
    ``_monthly_tail``) plus the bursts above it (``above_reserved``,
    ``_mix_burst_cost``), add-ons and the deposit on the baseline's peak."""
    b = Block(o, months, serving=serving)
    b.columns = mix_columns(b, plan, chk, period)
    return b


@dataclass(frozen=True)
class _Part:
    """Where a mix's columns read their demand and how they are keyed."""

    hours: Callable[[int], str] = demand
    """The month's GPU-hours the mix serves (the hybrid: those above its cards)."""
    addons: bool = True
    """Storage, traffic and bandwidth are the mix's (the hybrid: the owned part's)."""
    prefix: str = ""
    """Prefix of the column keys (the hybrid's rented part: ``rent_``)."""
    below: Callable[[int], str] | None = None
    """Cards held below these hours in a month (the hybrid's owned cards
    that serve it; None: none): a serving month's bursts are its day's hours
    above these and the baseline."""


def _reserved_bills(
    b: Block, plan: MixPlan, period: int, rented: str, k: Callable[[str], str]
) -> Callable[[int], str]:
    """The baseline's bills: ``paid_a_year_ahead`` for 包年 (the last partial
    year month by month when rented so), else each month's cost."""
    months = b.months
    if not plan.yearly:
        return lambda m: f"{b.at(k('accrued'), m)}+{b.at(k('beyond'), m)}"
    plain = year_bills(b, k("accrued"), k("beyond"), period, False)
    if rented == "FALSE":
        return plain
    last_year = (months - 1) // 12 * 12

    def bills(m: int) -> str:
        if m < last_year:
            return plain(m)
        return f"IF({rented},{b.at(k('accrued'), m)},{plain(m)})"

    return bills


def mix_columns(
    b: Block, plan: MixPlan, chk: bool, period: int, part: _Part | None = None
) -> list[Column]:
    """The mix's columns on ``b`` (``mix._price_mix``), over ``part``'s hours."""
    part = part or _Part()
    months, tail, hours = b.months, b.months % 12, part.hours

    def k(key: str) -> str:
        return part.prefix + key

    rate = "Yearly_Price" if plan.yearly else "Monthly_Price"
    tail_on = plan.yearly and bool(tail) and months > 12 and plan.monthly_allowed
    rented = f"(Monthly_Price*{tail}<Yearly_Price*12)" if tail_on else "FALSE"

    def accrual(m: int) -> str:
        n = b.at(k("baseline"), m)
        if tail_on and m >= months - tail:
            return f"IF({rented},Monthly_Price,{rate})*{n}"
        return f"{rate}*{n}"

    def beyond(m: int) -> str:
        if not plan.yearly or not tail or m != months - 1:
            return "0"
        return f"IF({rented},0,{rate}*{b.at(k('baseline'), m)}*{12 - tail})"

    def burst(m: int) -> str:
        h, n = hours(m), b.at(k("baseline"), m)
        if m not in b.serving:
            rest = f"MAX({h}-{n}*{HOURS},0)"
        else:  # the day's hours above the cards held below and the baseline
            rest = above(
                m, n if part.below is None else f"({part.below(m)}+{n})", b.serving
            )
        return f"IF(AND({job(m)}=1,{n}<Job_Floor,{h}>0),{h},{rest})"

    def spot_hours(m: int) -> str:
        h = b.at(k("burst_hours"), m)
        if not plan.spot_bursts:
            return b.at(k("burst_billed"), m)
        return billable(f"{h}*(1+{spot_overhead(h, chk)})")

    def burst_cost(m: int) -> str:
        plain = b.at(k("burst_billed"), m)
        if not plan.spot_bursts:
            return f"OD_Price*{plain}"
        return f"IF({no_spot(m)}=1,OD_Price*{plain},Spot_Price*{plain})"

    def interruption(m: int) -> str:
        if not plan.spot_bursts:
            return "0"
        plain, rerun = b.at(k("burst_billed"), m), b.at(k("burst_rerun"), m)
        return f"IF({no_spot(m)}=1,0,Spot_Price*({rerun}-{plain}))"

    def deposit(m: int) -> str:
        peak = f"MAX({b.span(k('baseline'))})"
        return _edge(months, m, f"Deposit_Months*{rate}*{peak}")

    return [
        Column(k("baseline"), lambda m: plan.baseline[m], money=False, decided=True),
        Column(k("accrued"), accrual, summed=False),
        Column(k("beyond"), beyond, summed=False),
        Column(k("burst_hours"), burst, money=False),
        Column(
            k("burst_billed"),
            lambda m: billable(b.at(k("burst_hours"), m)),
            money=False,
        ),
        Column(k("burst_rerun"), spot_hours, money=False),
        Column(
            k("reserved"), _reserved_bills(b, plan, period, rented, k), converted=True
        ),
        Column(k("burst"), burst_cost),
        Column(k("interruption_overhead"), interruption),
        *(addon_columns() if part.addons else []),
        Column(k("deposit"), deposit),
    ]


def hybrid(
    o: OptionResult,
    months: int,
    f: Fleet,
    plan: MixPlan | None,
    chk: bool,
    period: int,
    serving: frozenset[int] = frozenset(),
) -> Block:
    """``mix.price_hybrid``: the owned cards (``owned`` of the demand they
    serve, without an on-demand overflow) plus the rest rented by the
    hybrid's own mix plan without add-ons (the owned part has them)."""
    b = owned(o, months, f, overflow=False, serving=serving)
    if plan is not None:

        def below(m: int) -> str:  # none while the job leaves the cards idle
            return f"IF({b.at('used_hours', m)}>0,{f.cards},0)"

        part = _Part(lambda m: b.at("overflow_hours", m), False, "rent_", below)
        b.columns += mix_columns(b, plan, chk, period, part)
    return b


@dataclass(frozen=True)
class Fleet:
    """An owned option's decisions (``price._fleet``, ``price._renewals``)."""

    self_build: bool
    cards: int
    """Cards bought (``price.owned_gpus_for``)."""
    renew: tuple[int, ...]
    """1 in the months a worn-out fleet is bought again."""
    age_end: int
    """Months since the last purchase at the horizon's end."""
    ops_fte: bool
    """The plan gives the staff in FTE (else per 100 cards)."""
    retrofit_given: bool
    """The plan gives the room's retrofit (else per kW)."""
    curve: bool = True
    """The resale follows the generation's curve (else the typed residual, the
    straight line and the haircut)."""


def fleet_scalars(f: Fleet) -> list[Scalar]:
    """``price._fleet``, ``_retrofit``, ``_running_monthly`` and ``_wear``:
    the purchase, the running costs a month and the resale at the end. Each
    line is one formula, so a change of the engine's convention (staff,
    residual) is one line here."""
    n = str(f.cards)
    if not f.self_build:
        retrofit = "0"
    else:
        retrofit = "Retrofit_Given" if f.retrofit_given else "Retrofit_per_kW*{it_kw}"
    fte = "Ops_FTE" if f.ops_fte else f"Ops_FTE_per_100*{n}/100"
    rows: list[tuple[str, str | float, bool, bool]] = [
        ("owned_cards", f.cards, False, True),
        ("servers", f"=ROUNDUP({n}/GPUs_per_Server,0)", False, False),
        ("hardware", f"={n}*GPU_Price+{{servers}}*Server_Price", True, False),
        ("network", "=Network_Share*{hardware}", True, False),
        ("storage", "=Storage_TB*Storage_Price_per_TB", True, False),
        ("purchase", "={hardware}+{network}+{storage}", True, False),
        ("it_kw", f"={n}*(GPU_TDP_W+Server_Overhead_W)/1000", False, False),
        ("retrofit", f"={retrofit}", True, False),
        (
            "rack_m",
            "=0"
            if f.self_build
            else f"=ROUNDUP({{it_kw}}/Rack_Power_kW-{EPS},0)*Rack_Price",
            True,
            False,
        ),
        (
            "bandwidth_m",
            "=Public_Bandwidth_Mbps*Public_Bandwidth_Price"
            if f.self_build
            else "=IDC_Bandwidth",
            True,
            False,
        ),
        ("staff_m", f"={fte}*Ops_Salary/12", True, False),
        ("maintenance_m", "=Maintenance_Share*({hardware}+{network})/12", True, False),
        ("life_months", "=12*Life_Years", False, False),
        ("loan_term", f"=MAX(ROUNDUP({{life_months}}-{EPS},0),1)", False, False),
        ("loan_rate_m", "=(1+Financing_Rate)^(1/12)-1", False, False),
        ("age_end", f.age_end, False, True),
        *_resale_rows(f),
        (
            "tax_book",
            "={purchase}*(1-(1-Tax_Residual)*"
            "MIN({age_end},12*Tax_Life_Years)/(12*Tax_Life_Years))",
            True,
            False,
        ),
        ("deposit", "=Deposit_Months*{rack_m}", True, False),
    ]
    return [Scalar(k, v, money, decided) for k, v, money, decided in rows]


def _resale_rows(f: Fleet) -> list[tuple[str, str | float, bool, bool]]:
    """``price._wear``: the value a worn-out fleet is sold at (``floor``) and
    the resale at the end, on the generation's curve at the fleet's age, or
    with a typed residual the straight-line value down to it with the part
    above cut by the haircut."""
    if f.curve:
        return [
            ("floor", f"={{purchase}}*{curve_share('{life_months}')}", True, False),
            ("resale", f"={{purchase}}*{curve_share('{age_end}')}", True, False),
        ]
    return [
        ("floor", "={purchase}*Residual_Share", True, False),
        (
            "book_end",
            "={floor}+({purchase}-{floor})*"
            "(1-MIN({age_end},{life_months})/{life_months})",
            True,
            False,
        ),
        ("resale", "={floor}+({book_end}-{floor})*(1-Resale_Haircut)", True, False),
    ]


def loan_columns(b: Block, f: Fleet) -> list[Column]:
    """``price._loan`` and ``loan_flows``: each purchase paid by a loan drawn
    in its month, repaid in equal principal instalments over the hardware's
    life from the month after, interest on the balance at the start of each
    month, the balance left repaid in the last month."""
    last = b.months - 1

    def draw(m: int) -> str:
        if m == 0:
            return "-({purchase}+{retrofit})"
        return "-{purchase}" if f.renew[m] else "0"

    def principal(m: int) -> str:
        prev = b.at("drawn", m - 1) if m else "0"
        k = m + 1  # the month, 1-based
        back = (
            f"IF({k}-1-{{loan_term}}>=1,INDEX({b.span('drawn')},{k}-1-{{loan_term}}),0)"
        )
        return f"({prev}-{back})/{{loan_term}}"

    return [
        Column("loan_draw", draw),
        Column(
            "drawn",
            lambda m: (
                (f"{b.at('drawn', m - 1)}" if m else "0") + f"-{b.at('loan_draw', m)}"
            ),
            summed=False,
            converted=True,
        ),
        Column("principal", principal, converted=True),
        Column(
            "balance",
            lambda m: f"{b.at('drawn', m)}-SUM({b.span('principal', 0, m + 1)})",
            summed=False,
            converted=True,
        ),
        Column(
            "financing",
            lambda m: f"{{loan_rate_m}}*{b.at('balance', m - 1)}" if m else "0",
            converted=True,
        ),
        Column(
            "loan_end",
            lambda m: b.at("balance", m) if m == last else "0",
            converted=True,
        ),
    ]


def owned(
    o: OptionResult,
    months: int,
    f: Fleet,
    *,
    overflow: bool = True,
    serving: frozenset[int] = frozenset(),
) -> Block:
    """``price._price_renewed``: purchases paid by a loan (``loan_flows``),
    electricity of the used and idle cards (``_use``), running costs, the
    on-demand overflow, renewals, the deposit and the resale at the end.
    The cards serve a month's hours up to ``n × 730``, a serving month's its
    day's hours below ``n`` cards (``price.owned_split``)."""
    b = Block(o, months, serving=serving)
    b.scalars = fleet_scalars(f)
    b.capex = "{purchase}+{retrofit}"
    b.residual = "{resale}"
    n = str(f.cards)
    pue = "PUE_Self_Build" if f.self_build else "PUE_Colocation"
    last = months - 1

    def used(m: int) -> str:
        h = demand(m)
        held = (
            f"{h}-{above(m, n, serving)}" if m in serving else f"MIN({h},{n}*{HOURS})"
        )
        return f"IF(AND({job(m)}=1,{n}<Job_Floor),0,{held})"

    def purchases(m: int) -> str:
        return "{purchase}+{retrofit}" if m == 0 else "0"

    def renewal(m: int) -> str:
        return "({purchase}-{floor})" if f.renew[m] else "0"

    b.columns = [
        Column("used_hours", used, money=False),
        Column(
            "overflow_hours",
            lambda m: f"MAX({demand(m)}-{b.at('used_hours', m)},0)",
            money=False,
        ),
        Column("renew_flag", lambda m: f.renew[m], money=False, decided=True),
        Column("purchases", purchases),
        Column("replacement", renewal),
        *loan_columns(b, f),
        Column(
            "electricity",
            lambda m: (
                f"({b.at('used_hours', m)}*GPU_TDP_W*GPU_Load+"
                f"{n}*{HOURS}*Server_Overhead_W)/1000*{pue}*Tariff"
            ),
        ),
        Column("rack", lambda m: "{rack_m}"),
        Column("bandwidth", lambda m: "{bandwidth_m}"),
        Column("staff", lambda m: "{staff_m}"),
        Column("maintenance", lambda m: "{maintenance_m}"),
        Column(
            "overflow_rental",
            lambda m: f"OD_Price*{billable(b.at('overflow_hours', m))}",
        ),
        Column("deposit", lambda m: _edge(months, m, "{deposit}")),
        Column("resale", lambda m: "-{resale}" if m == last else "0"),
    ]
    if not overflow:  # the hybrid rents the hours above its cards by its mix
        b.columns = [c for c in b.columns if c.key != "overflow_rental"]
    return b
