"""Recommend an option, with reasons that name their inputs, and warnings.

Decision rules (from the seeds, applied in this order)
-----------------------------------------------------
1. Own (colocation or self-build) only when *all* hold: owning is cheaper over
   the horizon; the work lasts at least six months; the load is stable and
   high (owned utilisation ≥ 70 % and peak / mean ≤ 1.3); and the team has
   operations staff and spare cash, plus a machine room for self-build
   (seed 003's three conditions; seed 000: rent first, buy once utilisation
   stays high).
2. Otherwise rent: the cheapest feasible renting option. The mix is chosen
   only when it saves at least 5 % over the best pure renting option
   (simpler contracts win ties); seed 001 recommends it for peaky demand.

The hybrid (own a baseline of N cards, rent the rest) owns cards, so it is
an owning-type option: rule 1 applies to it (its owned cards must be at
least 70 % used; peaks are rented, so peak / mean does not block it), it is
never counted as a rental that owning must beat, and the 5 % threshold does
not apply to it. Owning no card it is the mix under another name and is not
a choice of its own.

Warnings: spot without checkpointing; data that must stay in the city or the
country (choose local data centres and vendors; check the cross-border
rules); prices that imply an implausible card-hour price; add-ons larger than
the compute bill (seed 000); owned hardware outliving its life inside the
horizon; demand overflowing the owned cards.

References
----------
Seeds 000-003 (idctop.com, 2026). PRC Personal Information Protection Law
(2021) ch. III and Data Security Law (2021) art. 31 on outbound data; CAC
Provisions on Promoting and Regulating Cross-Border Data Flows (2024).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from gpu_advisor.engine.cost.feasibility import RESIDENCY_OWN_HARDWARE
from gpu_advisor.engine.cost.mix import HybridPlan, MixPolicy
from gpu_advisor.engine.cost.price import (
    RENT_OPTIONS,
    FloatArray,
    check_card_hour_price,
)
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH
from gpu_advisor.engine.names import option_in_sentence
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Advice, PriceRange, Severity
from gpu_advisor.model.cost_results import (
    BreakEven,
    HybridResult,
    MixDetail,
    OptionResult,
    Recommendation,
    SpotJob,
)
from gpu_advisor.model.project import DataResidency, OptionId, Project

SHORT_WORK_MONTHS = 6
"""Seed 003: when a job lasts less than about six months, renting wins."""
STABLE_UTILIZATION = 0.7
"""Owned utilisation regarded as 'stable full load' (seed 003: 长期满载)."""
STABLE_PEAK_TO_MEAN = 1.3
"""Largest peak / mean of the monthly demand still regarded as stable."""
PEAKY_PEAK_TO_MEAN = 1.5
"""Peak / mean above which demand is called peaky (seed 001: 波峰波谷)."""
MIX_MIN_SAVING = 0.05
"""The mix must save at least 5 % over the best pure renting option: a second
contract (reserved plus burst) is only worth managing for a clear saving."""


def _months_en(count: int) -> str:
    """``1 month``, ``2 months``.

    >>> _months_en(1), _months_en(3)
    ('1 month', '3 months')
    """
    return f"{count} month" if count == 1 else f"{count} months"


def option_name(option: OptionId, zh: bool = False) -> str:
    """Display name of an option.

    Examples
    --------
    >>> option_name(OptionId.MONTHLY), option_name(OptionId.MONTHLY, zh=True)
    ('monthly rental', '包月')
    """
    return option_in_sentence(option, zh)


def _cny(x: float) -> str:
    return f"{x:,.0f}"


def _reason(code: str, en: str, zh: str, inputs: list[str]) -> Advice:
    return Advice(
        code=code, severity=Severity.INFO, message_en=en, message_zh=zh, inputs=inputs
    )


def _warn(code: str, en: str, zh: str, inputs: list[str]) -> Advice:
    return Advice(
        code=code,
        severity=Severity.WARNING,
        message_en=en,
        message_zh=zh,
        inputs=inputs,
    )


def demand_shape(demand: list[float]) -> tuple[int, float]:
    """Months from the first to the last month with demand, and peak / mean.

    Examples
    --------
    >>> demand_shape([0, 100, 300, 0, 200, 0])
    (4, 1.5)
    """
    active = [i for i, h in enumerate(demand) if h > 0]
    if not active:
        return 0, 0.0
    span = active[-1] - active[0] + 1
    busy = [demand[i] for i in active]
    mean = sum(busy) / len(busy)
    return span, max(busy) / mean if mean > 0 else 0.0


def _price_inputs(option: OptionId) -> list[str]:
    if option in (OptionId.COLOCATION, OptionId.SELF_BUILD, OptionId.HYBRID):
        return [
            "budget.gpu_price_cny",
            "budget.server_cny_per_server",
            "budget.hardware_life_years",
            "budget.electricity_cny_per_kwh",
            "budget.pue",
        ]
    if option is OptionId.ON_DEMAND:
        return ["budget.on_demand_cny_per_gpu_hour", "budget.billing_granularity_hours"]
    if option is OptionId.SPOT:
        return [
            "budget.on_demand_cny_per_gpu_hour",
            "budget.spot_price_factor",
            "budget.spot_interruptions_per_100_hours",
        ]
    if option is OptionId.YEARLY:
        return ["budget.monthly_cny_per_gpu_month", "budget.yearly_price_factor"]
    if option is OptionId.MONTHLY:
        return ["budget.monthly_cny_per_gpu_month"]
    return [
        "budget.monthly_cny_per_gpu_month",
        "budget.yearly_price_factor",
        "budget.on_demand_cny_per_gpu_hour",
    ]


def mix_detail(policy: MixPolicy | None, mix: OptionResult | None) -> MixDetail | None:
    """Describe a mix plan for the result."""
    if policy is None or mix is None:
        return None
    reserved_hours = sum(policy.baseline_gpus) * HOURS_PER_MONTH
    return MixDetail(
        baseline_kind=policy.baseline_kind,
        baseline_gpus=list(policy.baseline_gpus),
        burst_kind=policy.burst_kind,
        burst_gpu_hours=round(
            max(mix.useful_gpu_hours - min(reserved_hours, mix.useful_gpu_hours), 0.0),
            3,
        ),
        reserved_gpu_hours=round(reserved_hours, 3),
    )


def quote_warnings(project: Project, catalog: Catalog, gpu_id: str) -> list[Advice]:
    """Warnings for project or vendor prices outside the plausible range."""
    out: list[Advice] = []
    try:
        price = catalog.price(gpu_id)
    except KeyError:
        return out
    od_rng = price.on_demand_cny_per_gpu_hour
    mon_rng = price.monthly_cny_per_gpu_month
    per_hour_mon = PriceRange(
        low=mon_rng.low / HOURS_PER_MONTH,
        typical=mon_rng.typical / HOURS_PER_MONTH,
        high=mon_rng.high / HOURS_PER_MONTH,
        provenance=mon_rng.provenance,
    )
    b = project.budget
    checks: list[tuple[float | None, PriceRange, str, str, str]] = [
        (
            b.on_demand_cny_per_gpu_hour,
            od_rng,
            "The on-demand price",
            "按量价格",
            "budget.on_demand_cny_per_gpu_hour",
        ),
        (
            None
            if b.monthly_cny_per_gpu_month is None
            else b.monthly_cny_per_gpu_month / HOURS_PER_MONTH,
            per_hour_mon,
            "The monthly price",
            "包月价格",
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
                f"{v.name}'s on-demand quote",
                f"{v.name} 的按量报价",
                f"vendors.{i}.on_demand_cny_per_gpu_hour",
            )
        )
        if v.monthly_cny_per_gpu_month is not None:
            checks.append(
                (
                    v.monthly_cny_per_gpu_month / HOURS_PER_MONTH,
                    per_hour_mon,
                    f"{v.name}'s monthly quote",
                    f"{v.name} 的包月报价",
                    f"vendors.{i}.monthly_cny_per_gpu_month",
                )
            )
    for value, rng, what_en, what_zh, field in checks:
        if value is None:
            continue
        adv = check_card_hour_price(value, rng, what=what_en, inputs=[field])
        if adv is not None:
            zh = check_card_hour_price(value, rng, what=what_zh, inputs=[field])
            assert zh is not None
            out.append(adv.model_copy(update={"message_zh": zh.message_zh}))
    return out


NETWORK_MIN_FRACTION = 0.15
"""Smallest network budget, as a share of the hardware, the articles accept
(seed 000: network at least 15 % of the cluster budget). [1]"""
ARTICLE_ELECTRICITY_CNY_PER_CARD_YEAR = (10_000.0, 20_000.0)
"""Seed 002's claim: 单卡一年电费通常要一两万元. [CNY/card/year]"""
PLAUSIBLE_TARIFF_CNY_PER_KWH = (0.3, 1.6)
"""Range of Chinese industrial and commercial tariffs (peak to valley, 2024-2026),
outside which a user's figure is questioned. [CNY/kWh]"""
_ARTICLE_002_EN = (
    "“A GPU cluster in Shenzhen: renting suits most teams better than building” "
    "(idctop.com)"
)
_ARTICLE_002_ZH = "idctop.com 文章《在深圳搭建 GPU 集群：租用比自建更适合多数团队》"
"""The article's citation in each language (the same titles as the plan's
glossary, ``report.glossary.ARTICLE_TITLES``)."""


def price_book_warnings(
    values: Mapping[str, float], budget_network_set: bool
) -> list[Advice]:
    """Warnings on the owned options' price book: network budget, electricity.

    Parameters
    ----------
    values : mapping
        Resolved inputs (:attr:`gpu_advisor.engine.cost.resolve.Resolved.values`).
    budget_network_set : bool
        Whether the network share was typed into the project.

    Examples
    --------
    >>> v = {"network_fraction_of_hardware": 0.1, "tdp_w": 400.0,
    ...      "gpu_load_factor": 0.8, "server_overhead_w_per_gpu": 150.0,
    ...      "pue": 1.4, "electricity_cny_per_kwh": 0.8}
    >>> [w.code for w in price_book_warnings(v, True)]
    ['recommend.network_budget_low', 'recommend.electricity_article_claim']
    """
    out: list[Advice] = []
    frac = values.get("network_fraction_of_hardware")
    if frac is not None and frac < NETWORK_MIN_FRACTION:
        out.append(
            _warn(
                "recommend.network_budget_low",
                f"The network budget is {frac:.0%} of the hardware, under the 15 % the "
                "articles recommend for a training cluster (RDMA switches, optics, cabling); "
                "owned options may be under-priced.",
                f"网络预算只占硬件的 {frac:.0%}，低于文章建议的 15%（RDMA 交换机、光模块、布线），"
                "自购方案可能被低估。",
                ["budget.network_fraction_of_hardware"]
                if budget_network_set
                else ["budget.network_fraction_of_hardware", "catalog"],
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
        need = lo_claim / kwh_year
        out.append(
            _warn(
                "recommend.electricity_article_claim",
                f"The article {_ARTICLE_002_EN} puts electricity at 10,000–20,000 CNY per card "
                f"per year; at {tdp * load + overhead:,.0f} W a card, PUE {pue:.2f} and "
                f"{tariff:.2f} CNY/kWh the arithmetic gives {per_card:,.0f} CNY. The claim "
                f"would need {need:.2f} CNY/kWh or more; this plan uses the arithmetic.",
                f"{_ARTICLE_002_ZH}称单卡一年电费一两万元；按每卡 "
                f"{tdp * load + overhead:,.0f} W、PUE {pue:.2f}、{tariff:.2f} 元/度计算只有 "
                f"{per_card:,.0f} 元，要达到该说法电价需至少 {need:.2f} 元/度；本方案按计算值。",
                [
                    "budget.electricity_cny_per_kwh",
                    "budget.pue",
                    "budget.gpu_load_factor",
                ],
            )
        )
    lo_t, hi_t = PLAUSIBLE_TARIFF_CNY_PER_KWH
    if not lo_t <= tariff <= hi_t:
        out.append(
            _warn(
                "recommend.tariff_implausible",
                f"An electricity tariff of {tariff:.2f} CNY/kWh is outside the "
                f"{lo_t:.1f}–{hi_t:.1f} CNY/kWh of Chinese industrial and commercial "
                "tariffs; check the figure (a yearly bill typed as a tariff?).",
                f"电价 {tariff:.2f} 元/度超出国内工商业电价 {lo_t:.1f}–{hi_t:.1f} 元/度的范围，"
                "请核对（是否把年电费填成了电价？）。",
                ["budget.electricity_cny_per_kwh"],
            )
        )
    return out


def hybrid_result(
    demand: FloatArray,
    plan: HybridPlan,
    total: float,
    owned: float,
    rented: float,
) -> HybridResult | None:
    """The best 'own the baseline, rent the rest' plan, with its card count and why.

    ``plan`` and the three totals [CNY] are :func:`best_hybrid`'s. None when
    there is no demand.
    """
    if float(np.sum(demand)) <= 0:
        return None
    n, tried = plan.owned_gpus, list(plan.candidates)
    option = plan.owned_option if n > 0 else None  # owning nothing: the mix
    d = np.maximum(np.asarray(demand, dtype=np.float64)[0], 0.0)
    cap = n * HOURS_PER_MONTH
    rest_m = np.maximum(d - cap, 0.0)
    rest = float(rest_m.sum())
    rented_peak = int(np.ceil(float(rest_m.max(initial=0.0)) / HOURS_PER_MONTH - 1e-9))
    used = float(np.minimum(d, cap).sum())
    owned_util = used / (cap * d.shape[0]) if n > 0 and d.shape[0] else 0.0
    tried_txt = ", ".join(str(t) for t in tried)
    rest_en, rest_zh = option_name(OptionId.MIX), option_name(OptionId.MIX, True)
    return HybridResult(
        owned_option=option,
        owned_gpus=n,
        total_cny=round(total, 2),
        owned_cny=round(owned, 2),
        rented_cny=round(rented, 2),
        rented_gpu_hours=round(rest, 3),
        rented_peak_gpus=rented_peak,
        owned_utilization=round(min(max(owned_util, 0.0), 1.0), 6),
        candidates_tried=tried,
        reason_en=(
            f"Renting everything ({rest_en}) costs less than owning any of the card "
            f"counts tried ({tried_txt}): {_cny(total)} CNY."
            if n == 0
            else f"Buying {n} cards ({option_name(option or plan.owned_option)}, "
            f"{owned_util:.0%} used) "
            + (
                f"and renting the {rest:,.0f} GPU-hours above them ({rest_en}, at "
                f"most {rented_peak} cards in the busiest month)"
                if rest > 0
                else "to cover every month"
            )
            + f" costs {_cny(total)} CNY, the least of the owned card counts tried "
            f"({tried_txt})."
        ),
        reason_zh=(
            f"全部租用（{rest_zh}）比所试任何自有卡数（{tried_txt}）都便宜：{_cny(total)} 元。"
            if n == 0
            else f"购买 {n} 张卡（{option_name(option or plan.owned_option, True)}，"
            f"利用率 {owned_util:.0%}），"
            + (
                f"其上的 {rest:,.0f} 卡时以{rest_zh}租用（需求最高月最多租 {rented_peak} 张卡），"
                if rest > 0
                else "覆盖每个月的需求，"
            )
            + f"共 {_cny(total)} 元，是所试自有卡数（{tried_txt}）中最便宜的。"
        ),
    )


def spot_job_warning(spot: SpotJob, option: OptionId, months: int) -> Advice | None:
    """Warn when a multi-node training job is planned on spot instances.

    A synchronous job stops whenever any of its instances is reclaimed, and
    the spare capacity spot sells is rarely a set of RDMA-connected servers
    that comes back as one: a reclaimed node may leave the job waiting. The
    re-run overhead is in the totals; the waiting is not. None for a job on
    one instance.

    Examples
    --------
    >>> job = SpotJob(job_gpus=64, gpus_per_instance=8, instances=8,
    ...     reclaims_per_instance_hour=0.02, job_stops_per_hour=0.16,
    ...     lost_hours_per_reclaim=0.75, overhead_fraction=0.12)
    >>> spot_job_warning(job, OptionId.SPOT, 36).code
    'recommend.spot_multi_node'
    """
    if spot.instances <= 1:
        return None
    n, inst = spot.job_gpus, spot.instances
    every_h = 1.0 / spot.job_stops_per_hour if spot.job_stops_per_hour > 0 else None
    stops_en = (
        f" (about every {every_h:,.0f} hours at the assumed reclaim rate)"
        if every_h is not None
        else ""
    )
    stops_zh = (
        f"（按假设的回收频率约每 {every_h:,.0f} 小时一次）"
        if every_h is not None
        else ""
    )
    return _warn(
        "recommend.spot_multi_node",
        f"The recommended option ({option_name(option)}) puts the {n}-card training job, which "
        f"spans {inst} servers, on spot instances in {_months_en(months)}: a "
        f"reclaimed node stops the whole job{stops_en}, and spot capacity for "
        "RDMA-connected servers is not guaranteed, so the job may wait for "
        "replacements. The re-run hours are in the total; the waiting is not. "
        "Reserve the training nodes (monthly or yearly) or get the capacity in "
        "writing before relying on spot.",
        f"所推荐的{option_name(option, True)}在 {months} 个月内把跨 {inst} 台服务器的 {n} 卡"
        f"训练作业放在竞价实例上：任一节点被回收整个作业即中断{stops_zh}，而且高速网络"
        "互联服务器的竞价资源没有保障，作业可能要等待补回节点。重跑的卡时已计入总成本，"
        "等待时间未计入。依赖竞价实例之前，请以包月或包年预留训练节点，或取得书面的资源承诺。",
        [
            "budget.spot_interruptions_per_100_hours",
            "budget.options",
            "workload.gpus",
        ],
    )


_CONDITION_WORDS: dict[str, tuple[str, str]] = {
    "budget.has_ops_staff": ("operations staff", "运维人员"),
    "budget.has_spare_cash": ("spare cash", "富余现金"),
    "budget.has_machine_room": ("a machine room", "机房"),
}
"""(English, Chinese) words for the conditions of buying (the budget step's check boxes)."""


def _owned_kind(option: OptionResult, hybrid: HybridResult | None) -> OptionId:
    """Colocation or self-build: how an owning-type option holds its cards."""
    if option.id is OptionId.HYBRID and hybrid is not None and hybrid.owned_option:
        return hybrid.owned_option
    return option.id


def _owned_utilization(option: OptionResult, hybrid: HybridResult | None) -> float:
    """Utilisation of the cards an owning-type option buys."""
    if option.id is OptionId.HYBRID and hybrid is not None:
        return hybrid.owned_utilization
    return option.utilization


def _own_for_residency(
    project: Project,
    options: list[OptionResult],
    owned: list[OptionResult],
    hybrid: HybridResult | None,
    months: int,
    reasons: list[Advice],
    warnings: list[Advice],
) -> OptionResult | None:
    """The cheapest owned option when the data must stay on the company's hardware.

    Chosen for data residency, not cost: the first reason says so and what it
    costs over the cheapest rental excluded only by that rule
    (:func:`gpu_advisor.engine.cost.feasibility.comparable_rental`). Self-building
    needs a machine room; missing staff or cash are named as work to do, not
    as a reason to rent (renting is not allowed).
    """
    b = project.budget
    feasible = [o for o in owned if o.feasible]
    buildable = [
        o
        for o in feasible
        if b.has_machine_room or _owned_kind(o, hybrid) is not OptionId.SELF_BUILD
    ]
    pool = buildable or feasible or owned
    if not pool:
        warnings.append(
            _warn(
                "recommend.residency_no_owned_option",
                "The data must stay on hardware the company owns, but neither "
                "colocation nor a self-built room is among the options priced: add one "
                "on the budget step.",
                "数据只能存放在公司自有的硬件上，但所比较的方案中没有托管或自建机房，"
                "请在预算步骤中加入。",
                ["budget.data_residency", "budget.options"],
            )
        )
        return None
    chosen = min(pool, key=lambda o: o.total_cny)
    rentals = [
        o
        for o in options
        if o.id in RENT_OPTIONS
        and (o.feasible or o.infeasible_code == RESIDENCY_OWN_HARDWARE)
    ]
    rent = min(rentals, key=lambda o: o.total_cny) if rentals else None
    name_en, name_zh = option_name(chosen.id), option_name(chosen.id, True)
    if chosen.id is OptionId.HYBRID and hybrid is not None and hybrid.owned_gpus > 0:
        kind = _owned_kind(chosen, hybrid)
        name_en += (
            f" ({option_name(kind)} for the {hybrid.owned_gpus} cards the busiest "
            "month needs, nothing rented)"
        )
        name_zh += (
            f"（{option_name(kind, True)}，按需求最高月份所需的 {hybrid.owned_gpus} 张卡购买，"
            "不租用）"
        )
    head_en = (
        f"{name_en.capitalize()} is recommended because the data must stay on "
        f"hardware the company owns, not for its cost: {_cny(chosen.total_cny)} CNY "
        f"over {_months_en(months)} for {chosen.gpus} owned cards"
    )
    head_zh = (
        f"推荐{name_zh}是因为数据必须存放在公司自有的硬件上，而不是因为成本："
        f"{months} 个月共 {_cny(chosen.total_cny)} 元，自有 {chosen.gpus} 张卡"
    )
    if rent is None:
        tail_en, tail_zh = (
            "; no rental was priced to compare.",
            "；未计算可比较的租用方式。",
        )
    elif chosen.total_cny >= rent.total_cny:
        gap = chosen.total_cny - rent.total_cny
        tail_en = (
            f". The rule costs {_cny(gap)} CNY over {option_name(rent.id)}, the "
            "cheapest rental that would otherwise be feasible."
        )
        tail_zh = (
            f"。这一要求的代价是比本可选用的最便宜租用方式（{option_name(rent.id, True)}）"
            f"多花 {_cny(gap)} 元。"
        )
    else:
        gap = rent.total_cny - chosen.total_cny
        tail_en = (
            f"; it also costs {_cny(gap)} CNY less than {option_name(rent.id)}, the "
            "cheapest rental."
        )
        tail_zh = f"；它也比最便宜的租用方式（{option_name(rent.id, True)}）少 {_cny(gap)} 元。"
    reasons.insert(
        0,
        _reason(
            "recommend.own_for_residency",
            head_en + tail_en,
            head_zh + tail_zh,
            ["budget.data_residency", "demand.months", *_price_inputs(chosen.id)],
        ),
    )
    cheaper_room = [o for o in feasible if o not in buildable]
    if cheaper_room and min(o.total_cny for o in cheaper_room) < chosen.total_cny:
        room = min(cheaper_room, key=lambda o: o.total_cny)
        reasons.append(
            _reason(
                "recommend.residency_needs_room",
                f"{option_name(room.id).capitalize()} would cost "
                f"{_cny(chosen.total_cny - room.total_cny)} CNY less, but it needs a "
                "machine room the budget step says the team does not have.",
                f"{option_name(room.id, True)}可再省 {_cny(chosen.total_cny - room.total_cny)} "
                "元，但需要机房，而预算步骤中填写的是没有机房。",
                ["budget.has_machine_room", *_price_inputs(room.id)],
            )
        )
    missing = [
        name
        for name, ok in (
            ("budget.has_ops_staff", b.has_ops_staff),
            ("budget.has_spare_cash", b.has_spare_cash),
        )
        if not ok
    ]
    if missing:
        warnings.append(
            _warn(
                "recommend.residency_owning_needs",
                "Owning also needs what the budget step says is missing: "
                + ", ".join(_CONDITION_WORDS[m][0] for m in missing)
                + ". Plan for it before buying; renting is not an alternative here.",
                "自购还需要预算步骤中标明缺少的条件："
                + "、".join(_CONDITION_WORDS[m][1] for m in missing)
                + "。采购前请先安排好；此处不能改为租用。",
                [*missing, "budget.data_residency"],
            )
        )
    return chosen


def recommend(
    project: Project,
    catalog: Catalog,
    options: list[OptionResult],
    demand: list[float],
    break_even: BreakEven,
    policy: MixPolicy | None,
    gpu_id: str,
    life_years: float,
    values: Mapping[str, float] | None = None,
    hybrid: HybridResult | None = None,
    *,
    spot: SpotJob | None = None,
    spot_months: Mapping[OptionId, int] | None = None,
) -> Recommendation:
    """Pick an option and explain why (see the module docstring for the rules).

    ``values`` (the resolved inputs) adds the price-book warnings of
    :func:`price_book_warnings` when owned options are priced. ``spot`` and
    ``spot_months`` (months each option runs hours on spot) add the warning
    of :func:`spot_job_warning` when the chosen option puts a multi-node job
    on spot.
    """
    b = project.budget
    by_id = {o.id: o for o in options}
    span, peak_to_mean = demand_shape(demand)
    reasons: list[Advice] = []
    warnings: list[Advice] = []
    renting = [o for o in options if o.id in RENT_OPTIONS and o.feasible]
    owned_pure = sorted(
        (o for o in options if o.id in (OptionId.COLOCATION, OptionId.SELF_BUILD)),
        key=lambda o: o.total_cny,
    )
    # the hybrid owns cards: it is an owning-type option (never a rental to
    # beat, and recommended only on owning's conditions); owning no card, it
    # is the mix under another name and is not a choice of its own
    hybrid_opt = by_id.get(OptionId.HYBRID)
    owned = sorted(
        [
            *owned_pure,
            *(
                [hybrid_opt]
                if hybrid_opt and hybrid_opt.gpus > 0 and hybrid_opt.same_as is None
                else []
            ),
        ],
        key=lambda o: o.total_cny,
    )
    pure = [o for o in renting if o.id is not OptionId.MIX]
    best_pure = min(pure, key=lambda o: o.total_cny) if pure else None
    rent_choice: OptionResult | None = None
    mix = by_id.get(OptionId.MIX)
    if best_pure is not None:
        rent_choice = best_pure
        if (
            mix is not None
            and mix.feasible
            and mix.total_cny < best_pure.total_cny * (1 - MIX_MIN_SAVING)
        ):
            rent_choice = mix
    elif mix is not None and mix.feasible:
        rent_choice = mix
    # owning is compared with the cheapest feasible rental for the same demand;
    # the 5 % threshold only decides between ways of renting
    cheapest_rent = min(renting, key=lambda o: o.total_cny) if renting else None
    if (
        owned
        and cheapest_rent is not None
        and rent_choice is not None
        and owned[0].total_cny < rent_choice.total_cny
    ):
        # a simpler rental may not be recommended when owning would undercut it
        rent_choice = cheapest_rent
    short = span < SHORT_WORK_MONTHS
    demand_inputs = ["demand.months", "meta.horizon_months"]

    chosen: OptionResult | None = None
    residency_own = b.data_residency is DataResidency.OWN_HARDWARE
    if residency_own:
        chosen = _own_for_residency(
            project, options, owned, hybrid, len(demand), reasons, warnings
        )
    for own in [] if residency_own else owned:
        cheaper = cheapest_rent is None or own.total_cny < cheapest_rent.total_cny
        kind = _owned_kind(own, hybrid)
        util = _owned_utilization(own, hybrid)
        # the hybrid rents the peaks: only its owned cards need a full load
        stable = util >= STABLE_UTILIZATION and (
            own.id is OptionId.HYBRID or peak_to_mean <= STABLE_PEAK_TO_MEAN
        )
        missing = [
            name
            for name, ok in (
                ("budget.has_ops_staff", b.has_ops_staff),
                ("budget.has_spare_cash", b.has_spare_cash),
                (
                    "budget.has_machine_room",
                    b.has_machine_room or kind is OptionId.COLOCATION,
                ),
            )
            if not ok
        ]
        if cheaper and stable and not short and not missing:
            chosen = own
            break
        if cheaper and cheapest_rent is not None:
            saving = cheapest_rent.total_cny - own.total_cny
            blockers_en: list[str] = []
            blockers_zh: list[str] = []
            if short:
                blockers_en.append(f"the work spans only {_months_en(span)}")
                blockers_zh.append(f"工作只持续 {span} 个月")
            if not stable:
                blockers_en.append(
                    f"the load is not stable and full (utilisation "
                    f"{util:.0%}, peak/mean {peak_to_mean:.2f})"
                )
                blockers_zh.append(
                    f"负载不稳定或不满（利用率 {util:.0%}，峰均比 {peak_to_mean:.2f}）"
                )
            if missing:
                blockers_en.append(
                    "missing: " + ", ".join(_CONDITION_WORDS[m][0] for m in missing)
                )
                blockers_zh.append(
                    "缺少：" + "、".join(_CONDITION_WORDS[m][1] for m in missing)
                )
            reasons.append(
                _reason(
                    "recommend.own_blocked",
                    f"{option_name(own.id).capitalize()} would cost {_cny(saving)} CNY less "
                    f"over the horizon than {option_name(cheapest_rent.id)}, the cheapest "
                    "feasible rental, but the conditions for buying that the idctop.com articles set are not met: "
                    + "; ".join(blockers_en)
                    + ".",
                    f"{option_name(own.id, True)}在规划期内比最便宜的可行租用方式"
                    f"（{option_name(cheapest_rent.id, True)}）省 {_cny(saving)} 元，但不满足购买条件："
                    + "；".join(blockers_zh)
                    + "。",
                    [*demand_inputs, *missing, *_price_inputs(own.id)],
                )
            )
            break

    if chosen is not None and not residency_own:
        rent_total = cheapest_rent.total_cny if cheapest_rent else 0.0
        rent_en = (
            f"{option_name(cheapest_rent.id)}, the cheapest feasible rental"
            if cheapest_rent
            else "renting"
        )
        rent_zh = (
            f"最便宜的可行租用方式（{option_name(cheapest_rent.id, True)}）"
            if cheapest_rent
            else "租用"
        )
        reasons.insert(
            0,
            _reason(
                "recommend.own",
                f"{option_name(chosen.id).capitalize()} costs {_cny(chosen.total_cny)} CNY over "
                f"{len(demand)} months, {_cny(rent_total - chosen.total_cny)} CNY less than "
                f"{rent_en}, at {_owned_utilization(chosen, hybrid):.0%} utilisation of "
                f"{chosen.gpus} {'owned ' if chosen.id is OptionId.HYBRID else ''}cards.",
                f"{option_name(chosen.id, True)}在 {len(demand)} 个月内共 {_cny(chosen.total_cny)} 元，"
                f"比{rent_zh}少 {_cny(rent_total - chosen.total_cny)} 元，"
                f"{'自有 ' if chosen.id is OptionId.HYBRID else ''}{chosen.gpus} 张卡利用率 "
                f"{_owned_utilization(chosen, hybrid):.0%}。",
                [*demand_inputs, *_price_inputs(chosen.id)],
            ),
        )
        reasons.append(
            _reason(
                "recommend.own_conditions",
                "Stable full load, operations staff and spare cash are all in place"
                + (
                    " and so is a machine room."
                    if _owned_kind(chosen, hybrid) is OptionId.SELF_BUILD
                    else "."
                ),
                "负载长期稳定满载，且有运维人员和富余现金"
                + (
                    "，并具备机房条件。"
                    if _owned_kind(chosen, hybrid) is OptionId.SELF_BUILD
                    else "。"
                ),
                [
                    "budget.has_ops_staff",
                    "budget.has_spare_cash",
                    "budget.has_machine_room",
                    "demand.months",
                ],
            )
        )
        warnings.append(
            _warn(
                "recommend.validate_first",
                "Before buying, rent for a few months to confirm that the load really is "
                "stable (“AI training in Shanghai: renting GPUs or buying cards” (idctop.com) suggests half a year).",
                "采购前建议先租用几个月（idctop.com 文章《上海 AI 训练：租用 GPU 还是自购显卡》建议半年以上），确认负载确实稳定。",
                ["demand.months"],
            )
        )
    elif rent_choice is not None and not residency_own:
        chosen = rent_choice
        if short:
            reasons.insert(
                0,
                _reason(
                    "recommend.short_work",
                    f"The work spans {_months_en(span)}, under the six-month line of the idctop.com articles: renting "
                    "avoids buying hardware that would then stand idle.",
                    f"工作只持续 {span} 个月，不到 idctop.com 文章所说的半年，租用可避免买来的硬件闲置。",
                    demand_inputs,
                ),
            )
        reasons.insert(
            0,
            _reason(
                "recommend.rent",
                f"{option_name(chosen.id).capitalize()} is the cheapest way to rent: "
                f"{_cny(chosen.total_cny)} CNY over {_months_en(len(demand))}, "
                + (
                    f"{chosen.cost_per_useful_gpu_hour_cny:,.2f} CNY per useful GPU-hour."
                    if chosen.cost_per_useful_gpu_hour_cny is not None
                    else "with no demand."
                ),
                f"{option_name(chosen.id, True)}是最便宜的租用方式：{len(demand)} 个月共 "
                f"{_cny(chosen.total_cny)} 元"
                + (
                    f"，每有效卡时 {chosen.cost_per_useful_gpu_hour_cny:,.2f} 元。"
                    if chosen.cost_per_useful_gpu_hour_cny is not None
                    else "，当前无需求。"
                ),
                [*demand_inputs, *_price_inputs(chosen.id)],
            ),
        )
        if chosen.id is OptionId.MIX and policy is not None:
            base = max(policy.baseline_gpus, default=0)
            reasons.append(
                _reason(
                    "recommend.mix",
                    (
                        f"Demand is uneven (peak/mean {peak_to_mean:.2f}): reserve"
                        if peak_to_mean >= PEAKY_PEAK_TO_MEAN
                        else "Reserve"
                    )
                    + f" up to {base} cards "
                    f"on {option_name(policy.baseline_kind)} and run the rest on "
                    f"{option_name(policy.burst_kind)}; this saves "
                    f"{_cny((best_pure.total_cny if best_pure else chosen.total_cny) - chosen.total_cny)} "
                    "CNY against the best single way of renting.",
                    (
                        f"需求起伏明显（峰均比 {peak_to_mean:.2f}）："
                        if peak_to_mean >= PEAKY_PEAK_TO_MEAN
                        else ""
                    )
                    + f"以{option_name(policy.baseline_kind, True)}"
                    f"预留最多 {base} 张卡，其余用{option_name(policy.burst_kind, True)}，比最便宜的单一租用方式省 "
                    f"{_cny((best_pure.total_cny if best_pure else chosen.total_cny) - chosen.total_cny)} 元。",
                    [
                        "demand.months",
                        "budget.monthly_cny_per_gpu_month",
                        "budget.yearly_price_factor",
                        "budget.on_demand_cny_per_gpu_hour",
                    ],
                )
            )
        elif peak_to_mean >= PEAKY_PEAK_TO_MEAN:
            reasons.append(
                _reason(
                    "recommend.peaky",
                    f"Demand is uneven (peak/mean {peak_to_mean:.2f}); owning for the peak would "
                    "leave cards idle most of the time.",
                    f"需求起伏明显（峰均比 {peak_to_mean:.2f}），按峰值购买会让卡大部分时间闲置。",
                    ["demand.months"],
                )
            )
        if owned_pure and not any(r.code == "recommend.own_blocked" for r in reasons):
            own = owned_pure[0]
            ref = cheapest_rent or chosen
            reasons.append(
                _reason(
                    "recommend.own_dearer",
                    f"{option_name(own.id).capitalize()} would cost {_cny(own.total_cny)} CNY, "
                    f"{_cny(own.total_cny - ref.total_cny)} CNY more than {option_name(ref.id)}, at {own.utilization:.0%} "
                    f"utilisation of {own.gpus} bought cards"
                    + (
                        f"; owning breaks even only above {break_even.utilization:.0%} "
                        "utilisation of the owned cards, against "
                        f"{option_name(break_even.rent_option_at_break_even or OptionId.ON_DEMAND)}"
                        ", the cheapest feasible rental of the same flat demand."
                        if break_even.utilization is not None
                        else "; owning does not break even at any utilisation."
                    ),
                    f"{option_name(own.id, True)}需 {_cny(own.total_cny)} 元，多出 "
                    f"{_cny(own.total_cny - ref.total_cny)} 元（相对{option_name(ref.id, True)}），所购 {own.gpus} 张卡利用率仅 "
                    f"{own.utilization:.0%}"
                    + (
                        f"；相对同等平稳需求下最便宜的可行租用方式（"
                        f"{option_name(break_even.rent_option_at_break_even or OptionId.ON_DEMAND, True)}"
                        f"），利用率需高于 {break_even.utilization:.0%} 才能回本。"
                        if break_even.utilization is not None
                        else "；在任何利用率下都无法回本。"
                    ),
                    [*demand_inputs, *_price_inputs(own.id)],
                )
            )
    elif not residency_own:
        chosen = owned[0] if owned else None
    if chosen is None:
        chosen = options[0]
    rule = break_even.rule_six_months
    if rule is not None:
        reasons.append(
            _reason(
                "recommend.six_month_rule",
                f"The rule of thumb in “AI training in Shanghai: renting GPUs or buying cards” (idctop.com): the rent ({_cny(rule.monthly_rent_cny)} CNY/month) "
                f"{'exceeds' if rule.rent_exceeds else 'does not exceed'} depreciation plus "
                f"electricity ({_cny(rule.depreciation_plus_electricity_cny)} CNY/month) and the "
                f"plan has {rule.plan_months} months of work (needs {rule.required_months}): the "
                f"rule {'says buy' if rule.holds else 'says keep renting'}. It leaves out staff, "
                "rack, network and financing, which the totals above include."
                + (
                    " With straight-line depreciation over the hardware life instead of "
                    "the loss on resale, depreciation plus electricity is "
                    f"{_cny(rule.straight_line_depreciation_plus_electricity_cny)} CNY/month."
                    if rule.straight_line_depreciation_plus_electricity_cny is not None
                    else ""
                ),
                f"idctop.com 文章《上海 AI 训练：租用 GPU 还是自购显卡》的经验法则：月租金 {_cny(rule.monthly_rent_cny)} 元"
                f"{'高于' if rule.rent_exceeds else '不高于'}折旧加电费 "
                f"{_cny(rule.depreciation_plus_electricity_cny)} 元/月，计划工作 {rule.plan_months} 个月"
                f"（要求 {rule.required_months} 个月）：{'建议采购' if rule.holds else '建议继续租用'}。"
                "该法则未计人员、机柜、网络和资金成本，上面的总成本已包含。"
                + (
                    "若按硬件寿命直线折旧（而非转售损失），折旧加电费为 "
                    f"{_cny(rule.straight_line_depreciation_plus_electricity_cny)} 元/月。"
                    if rule.straight_line_depreciation_plus_electricity_cny is not None
                    else ""
                ),
                [
                    "demand.months",
                    "budget.monthly_cny_per_gpu_month",
                    "budget.gpu_price_cny",
                    "budget.hardware_life_years",
                    "budget.electricity_cny_per_kwh",
                ],
            )
        )

    if (
        hybrid is not None
        and hybrid.owned_option is not None
        and not residency_own  # renting the rest is not allowed
        and chosen.id is not OptionId.HYBRID
        and hybrid.owned_gpus > 0
        and hybrid.total_cny < chosen.total_cny - 0.5
    ):
        reasons.append(
            _reason(
                "recommend.hybrid",
                f"Owning {hybrid.owned_gpus} cards ({option_name(hybrid.owned_option)}) "
                f"and renting the rest would cost {_cny(hybrid.total_cny)} CNY, "
                f"{_cny(chosen.total_cny - hybrid.total_cny)} CNY less than "
                f"{option_name(chosen.id)}; it needs the same conditions as owning "
                "(operations staff, spare cash, a machine room for self-build).",
                f"自有 {hybrid.owned_gpus} 张卡（{option_name(hybrid.owned_option, True)}）"
                f"其余租用，共 {_cny(hybrid.total_cny)} 元，比{option_name(chosen.id, True)}少 "
                f"{_cny(chosen.total_cny - hybrid.total_cny)} 元；但与自购一样需要运维人员、"
                "富余现金（自建还需机房）。",
                [
                    *demand_inputs,
                    "budget.owned_gpus",
                    *_price_inputs(hybrid.owned_option),
                ],
            )
        )

    if values is not None and (OptionId.YEARLY in by_id or OptionId.MIX in by_id):
        yf = values.get("yearly_price_factor")
        monthly = values.get("monthly_cny_per_gpu_month")
        od = values.get("on_demand_cny_per_gpu_hour")
        if yf is not None and monthly and od:
            of_od = yf * monthly / (od * HOURS_PER_MONTH)
            reasons.append(
                _reason(
                    "recommend.commitment_basis",
                    f"Yearly rental is priced at {yf:.0%} of the monthly list price "
                    f"({_cny(monthly)} CNY per card-month), that is {_cny(yf * monthly)} "
                    f"CNY per card-month or {of_od:.0%} of on-demand ({od:,.2f} CNY per "
                    f"card-hour × {HOURS_PER_MONTH:g} h).",
                    f"包年价格按包月标价（每卡每月 {_cny(monthly)} 元）的 {yf:.0%} 计，即每卡每月 "
                    f"{_cny(yf * monthly)} 元，相当于按量价格（每卡时 {od:,.2f} 元 × "
                    f"{HOURS_PER_MONTH:g} 小时）的 {of_od:.0%}。",
                    [
                        "budget.yearly_price_factor",
                        "budget.monthly_cny_per_gpu_month",
                        "budget.on_demand_cny_per_gpu_hour",
                    ],
                )
            )
    if hybrid is not None and OptionId.HYBRID in by_id:
        reasons.append(
            _reason(
                "recommend.hybrid_cards",
                f"{option_name(OptionId.HYBRID).capitalize()}: {hybrid.reason_en}",
                f"{option_name(OptionId.HYBRID, True)}：{hybrid.reason_zh}",
                ["demand.months", *_price_inputs(hybrid.owned_option or OptionId.MIX)],
            )
        )
    if owned_pure:
        cards = owned_pure[0].gpus
        if b.owned_gpus is not None:
            why_en = "the card count entered on the budget step"
            why_zh = "预算步骤中填写的卡数"
        else:
            peak_i = max(range(len(demand)), key=lambda i: demand[i]) if demand else 0
            peak_h = demand[peak_i] if demand else 0.0
            why_en = (
                f"the peak month's demand ({peak_h:,.0f} GPU-hours in month "
                f"{peak_i + 1}, {HOURS_PER_MONTH:g} hours a card)"
            )
            why_zh = f"需求峰值月（第 {peak_i + 1} 个月 {peak_h:,.0f} 卡时，每卡每月 {HOURS_PER_MONTH:g} 小时）"
        reasons.append(
            _reason(
                "recommend.owned_cards",
                f"The owned options buy {cards} cards: {why_en}.",
                f"自购方案购买 {cards} 张卡：依据{why_zh}。",
                ["budget.owned_gpus", "demand.months"],
            )
        )

    # --- warnings ---
    if not b.checkpointing and OptionId.SPOT in b.options:
        warnings.append(
            _warn(
                "recommend.spot_no_checkpoint",
                "Spot instances are reclaimed without notice; with checkpointing off every "
                "reclaim restarts the run from zero. Turn checkpointing on before using spot.",
                "竞价实例随时可能被回收；未开启 checkpoint 时每次回收都要从头重跑，使用竞价实例前务必开启。",
                ["budget.checkpointing", "budget.options"],
            )
        )
    region = catalog.region(project.meta.region_id)
    if b.data_residency is DataResidency.CITY:
        warnings.append(
            _warn(
                "recommend.residency_city",
                f"Data must stay in {region.name_en}: choose data centres and vendors located "
                "there, get the storage location and data-handling terms into the contract, and "
                "keep the data next to the compute (no cross-district pulls).",
                f"数据须留在{region.name_zh}：选择本地数据中心和服务商，把存储地点和数据处理条款写进合同，"
                "并让数据与算力同处一地，避免跨区拉取。",
                ["budget.data_residency", "meta.region_id"],
            )
        )
    elif b.data_residency is DataResidency.OWN_HARDWARE:
        warnings.append(
            _warn(
                "recommend.residency_own_hardware",
                "Data must stay on hardware the company owns: every rental is excluded, "
                "and so is renting the peaks. Keep storage and backups on the owned "
                f"cluster in {region.name_en}; with colocation, put in the contract that "
                "the IDC has no access to the servers' disks.",
                f"数据只能存放在公司自有的硬件上：所有租用方式（包括租用峰值）都被排除。"
                f"存储和备份都放在{region.name_zh}的自有集群上；如采用托管，请在合同中写明机房"
                "无权接触服务器硬盘。",
                ["budget.data_residency", "meta.region_id"],
            )
        )
    elif b.data_residency is DataResidency.COUNTRY:
        warnings.append(
            _warn(
                "recommend.residency_country",
                "Data must stay in mainland China: use domestic regions only and check the "
                "cross-border rules (PIPL, Data Security Law, CAC cross-border data provisions) "
                "before any foreign or Hong Kong vendor touches it.",
                "数据不得出境：只使用境内地域，并在任何境外或香港服务商接触数据前核对跨境规则"
                "（个人信息保护法、数据安全法、网信办数据出境规定）。",
                ["budget.data_residency", "vendors"],
            )
        )
    warnings.extend(quote_warnings(project, catalog, gpu_id))
    if owned and values is not None:
        warnings.extend(
            price_book_warnings(values, b.network_fraction_of_hardware is not None)
        )
    addons = sum(v for k, v in chosen.breakdown.items() if k.startswith("add_ons"))
    compute = sum(
        chosen.breakdown.get(k, 0.0) for k in ("compute", "reserved", "burst")
    )
    if addons > 0 and compute > 0 and addons > compute:
        warnings.append(
            _warn(
                "recommend.addons_exceed",
                f"Storage, traffic and bandwidth ({_cny(addons)} CNY) cost more than the compute "
                f"({_cny(compute)} CNY): negotiate them or move data closer.",
                f"存储、流量和带宽费用（{_cny(addons)} 元）超过了算力本身（{_cny(compute)} 元），"
                "请单独议价或把数据放近。",
                [
                    "budget.shared_storage_tb",
                    "budget.egress_tb_per_month",
                    "budget.public_bandwidth_mbps",
                ],
            )
        )
    if owned and len(demand) > 12 * life_years:
        replacement = max(o.breakdown.get("replacement", 0.0) for o in owned)
        last = max((i + 1 for i, h in enumerate(demand) if h > 0), default=0)
        if replacement > 0:
            en = (
                f"The horizon ({len(demand)} months) is longer than the hardware life "
                f"({life_years:g} years): the owned options buy the cards again when "
                f"they wear out and sell the old ones at their residual value (up to "
                f"{_cny(replacement)} CNY net, included in their totals)."
            )
            zh = (
                f"规划期（{len(demand)} 个月）长于硬件寿命（{life_years:g} 年）：自购方案在硬件到寿时"
                f"按残值出售旧卡并重新采购（净额最多 {_cny(replacement)} 元，已计入总成本）。"
            )
        else:
            en = (
                f"The horizon ({len(demand)} months) is longer than the hardware life "
                f"({life_years:g} years), but the demand ends in month {last}: no "
                "replacement cards are bought for the idle months; the worn-out cards "
                "are kept and sold at their residual value at the end."
            )
            zh = (
                f"规划期（{len(demand)} 个月）长于硬件寿命（{life_years:g} 年），但需求在第 "
                f"{last} 个月结束：不为之后的空闲月份重新采购；到寿的卡继续保留，期末按残值出售。"
            )
        warnings.append(
            _warn(
                "recommend.horizon_beyond_life",
                en,
                zh,
                ["meta.horizon_months", "budget.hardware_life_years", "demand.months"],
            )
        )
    for own in owned_pure:
        if own.breakdown.get("overflow_rental", 0.0) > 0:
            warnings.append(
                _warn(
                    "recommend.overflow",
                    f"Demand exceeds the {own.gpus} owned cards in some months; "
                    f"{option_name(own.id)} includes {_cny(own.breakdown['overflow_rental'])} CNY "
                    "of on-demand rental for the excess.",
                    f"部分月份需求超过自有的 {own.gpus} 张卡，{option_name(own.id, True)}已计入 "
                    f"{_cny(own.breakdown['overflow_rental'])} 元按量租用费用。",
                    ["budget.owned_gpus", "demand.months"],
                )
            )
            break
    months_on_spot = (spot_months or {}).get(chosen.id, 0)
    if spot is not None and months_on_spot > 0:
        job_warning = spot_job_warning(spot, chosen.id, months_on_spot)
        if job_warning is not None:
            warnings.insert(0, job_warning)
    if not any(h > 0 for h in demand):
        warnings.append(
            _warn(
                "recommend.no_demand",
                "There is no demand to price; every option only shows its fixed costs.",
                "没有需求可计价，各方案只显示固定成本。",
                ["demand.months", "demand.derive_from_workload"],
            )
        )
    detail = (
        mix_detail(policy, by_id.get(OptionId.MIX))
        if chosen.id is OptionId.MIX
        else None
    )
    return Recommendation(
        option=chosen.id, mix_detail=detail, reasons=reasons, warnings=warnings
    )
