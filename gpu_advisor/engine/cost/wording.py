"""The recommendation's sentences, in English and Chinese, from its findings.

:func:`advice` turns one :mod:`~gpu_advisor.engine.cost.findings` object
into an :class:`~gpu_advisor.model.common.Advice`; one function per finding
holds its two sentences. The figures come from the finding (decided in
:mod:`gpu_advisor.engine.cost.choice`); nothing here decides or computes
beyond a difference of two totals shown in a sentence. Also the hybrid's
"why this many cards" and the implausible-price sentences.
"""

from __future__ import annotations

from functools import singledispatch

from gpu_advisor.engine.cost import findings as f
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH
from gpu_advisor.engine.names import option_in_sentence
from gpu_advisor.model.common import Advice
from gpu_advisor.model.project import OptionId

_CONDITION_WORDS: dict[str, tuple[str, str]] = {
    "budget.has_ops_staff": ("operations staff", "运维人员"),
    "budget.has_spare_cash": ("spare cash", "富余现金"),
    "budget.has_machine_room": ("a machine room", "机房"),
}
"""(English, Chinese) words for the conditions of buying (the budget step's check boxes)."""

_ARTICLE_002_EN = (
    "“A GPU cluster in Shenzhen: renting suits most teams better than building” "
    "(idctop.com)"
)
_ARTICLE_002_ZH = "idctop.com 文章《在深圳搭建 GPU 集群：租用比自建更适合多数团队》"
"""The article's citation in each language (the same titles as the plan's
glossary, ``report.glossary.ARTICLE_TITLES``)."""


def option_name(option: OptionId, zh: bool = False) -> str:
    """Display name of an option.

    Examples
    --------
    >>> option_name(OptionId.MONTHLY), option_name(OptionId.MONTHLY, zh=True)
    ('monthly rental', '包月')
    """
    return option_in_sentence(option, zh)


def _months_en(count: int) -> str:
    """``1 month``, ``2 months``.

    >>> _months_en(1), _months_en(3)
    ('1 month', '3 months')
    """
    return f"{count} month" if count == 1 else f"{count} months"


def _cny(x: float) -> str:
    return f"{x:,.0f}"


def advice(finding: f.Finding) -> Advice:
    """The finding in both languages, with its code, severity and inputs."""
    en, zh = sentences(finding)
    return Advice(
        code=finding.code,
        severity=finding.severity,
        message_en=en,
        message_zh=zh,
        inputs=list(finding.inputs),
    )


@singledispatch
def sentences(finding: f.Finding) -> tuple[str, str]:
    """(English, Chinese) sentences of one finding."""
    raise TypeError(f"no wording for {type(finding).__name__}")


# --- reasons: the choice ---------------------------------------------------------


@sentences.register
def _own_for_residency(x: f.OwnForResidency) -> tuple[str, str]:
    name_en, name_zh = option_name(x.option), option_name(x.option, True)
    if x.hybrid_kind is not None:
        name_en += (
            f" ({option_name(x.hybrid_kind)} for the {x.hybrid_gpus} cards the busiest "
            "month needs, nothing rented)"
        )
        name_zh += (
            f"（{option_name(x.hybrid_kind, True)}，按需求最高月份所需的 {x.hybrid_gpus} 张卡购买，"
            "不租用）"
        )
    head_en = (
        f"{name_en.capitalize()} is recommended because the data must stay on "
        f"hardware the company owns, not for its cost: {_cny(x.total_cny)} CNY "
        f"over {_months_en(x.months)} for {x.gpus} owned cards"
    )
    head_zh = (
        f"推荐{name_zh}是因为数据必须存放在公司自有的硬件上，而不是因为成本："
        f"{x.months} 个月共 {_cny(x.total_cny)} 元，自有 {x.gpus} 张卡"
    )
    if x.rent is None:
        tail_en, tail_zh = (
            "; no rental was priced to compare.",
            "；未计算可比较的租用方式。",
        )
    elif x.total_cny >= x.rent_total_cny:
        gap = x.total_cny - x.rent_total_cny
        tail_en = (
            f". The rule costs {_cny(gap)} CNY over {option_name(x.rent)}, the "
            "cheapest rental that would otherwise be feasible."
        )
        tail_zh = (
            f"。这一要求的代价是比本可选用的最便宜租用方式（{option_name(x.rent, True)}）"
            f"多花 {_cny(gap)} 元。"
        )
    else:
        gap = x.rent_total_cny - x.total_cny
        tail_en = (
            f"; it also costs {_cny(gap)} CNY less than {option_name(x.rent)}, the "
            "cheapest rental."
        )
        tail_zh = f"；它也比最便宜的租用方式（{option_name(x.rent, True)}）少 {_cny(gap)} 元。"
    return head_en + tail_en, head_zh + tail_zh


@sentences.register
def _residency_needs_room(x: f.ResidencyNeedsRoom) -> tuple[str, str]:
    return (
        f"{option_name(x.option).capitalize()} would cost "
        f"{_cny(x.saving_cny)} CNY less, but it needs a "
        "machine room the budget step says the team does not have.",
        f"{option_name(x.option, True)}可再省 {_cny(x.saving_cny)} "
        "元，但需要机房，而预算步骤中填写的是没有机房。",
    )


@sentences.register
def _own_blocked(x: f.OwnBlocked) -> tuple[str, str]:
    blockers_en: list[str] = []
    blockers_zh: list[str] = []
    if x.short:
        blockers_en.append(f"the work spans only {_months_en(x.span_months)}")
        blockers_zh.append(f"工作只持续 {x.span_months} 个月")
    if not x.stable:
        blockers_en.append(
            f"the load is not stable and full (utilisation "
            f"{x.utilization:.0%}, peak/mean {x.peak_to_mean:.2f})"
        )
        blockers_zh.append(
            f"负载不稳定或不满（利用率 {x.utilization:.0%}，峰均比 {x.peak_to_mean:.2f}）"
        )
    if x.missing:
        blockers_en.append(
            "missing: " + ", ".join(_CONDITION_WORDS[m][0] for m in x.missing)
        )
        blockers_zh.append(
            "缺少：" + "、".join(_CONDITION_WORDS[m][1] for m in x.missing)
        )
    return (
        f"{option_name(x.option).capitalize()} would cost {_cny(x.saving_cny)} CNY less "
        f"over the horizon than {option_name(x.cheapest_rent)}, the cheapest "
        "feasible rental, but the conditions for buying that the idctop.com articles set are not met: "
        + "; ".join(blockers_en)
        + ".",
        f"{option_name(x.option, True)}在规划期内比最便宜的可行租用方式"
        f"（{option_name(x.cheapest_rent, True)}）省 {_cny(x.saving_cny)} 元，但不满足购买条件："
        + "；".join(blockers_zh)
        + "。",
    )


@sentences.register
def _own(x: f.Own) -> tuple[str, str]:
    rent_en = (
        f"{option_name(x.cheapest_rent)}, the cheapest feasible rental"
        if x.cheapest_rent
        else "renting"
    )
    rent_zh = (
        f"最便宜的可行租用方式（{option_name(x.cheapest_rent, True)}）"
        if x.cheapest_rent
        else "租用"
    )
    return (
        f"{option_name(x.option).capitalize()} costs {_cny(x.total_cny)} CNY over "
        f"{x.months} months, {_cny(x.saving_cny)} CNY less than "
        f"{rent_en}, at {x.utilization:.0%} utilisation of "
        f"{x.gpus} {'owned ' if x.hybrid else ''}cards.",
        f"{option_name(x.option, True)}在 {x.months} 个月内共 {_cny(x.total_cny)} 元，"
        f"比{rent_zh}少 {_cny(x.saving_cny)} 元，"
        f"{'自有 ' if x.hybrid else ''}{x.gpus} 张卡利用率 "
        f"{x.utilization:.0%}。",
    )


@sentences.register
def _own_conditions(x: f.OwnConditions) -> tuple[str, str]:
    return (
        "Stable full load, operations staff and spare cash are all in place"
        + (" and so is a machine room." if x.self_build else "."),
        "负载长期稳定满载，且有运维人员和富余现金"
        + ("，并具备机房条件。" if x.self_build else "。"),
    )


@sentences.register
def _short_work(x: f.ShortWork) -> tuple[str, str]:
    return (
        f"The work spans {_months_en(x.span_months)}, under the six-month line of the idctop.com articles: renting "
        "avoids buying hardware that would then stand idle.",
        f"工作只持续 {x.span_months} 个月，不到 idctop.com 文章所说的半年，租用可避免买来的硬件闲置。",
    )


@sentences.register
def _rent(x: f.Rent) -> tuple[str, str]:
    per = x.per_useful_gpu_hour_cny
    return (
        f"{option_name(x.option).capitalize()} is the cheapest way to rent: "
        f"{_cny(x.total_cny)} CNY over {_months_en(x.months)}, "
        + (
            f"{per:,.2f} CNY per useful GPU-hour."
            if per is not None
            else "with no demand."
        ),
        f"{option_name(x.option, True)}是最便宜的租用方式：{x.months} 个月共 "
        f"{_cny(x.total_cny)} 元"
        + (f"，每有效卡时 {per:,.2f} 元。" if per is not None else "，当前无需求。"),
    )


@sentences.register
def _mix(x: f.Mix) -> tuple[str, str]:
    return (
        (
            f"Demand is uneven (peak/mean {x.peak_to_mean:.2f}): reserve"
            if x.peaky
            else "Reserve"
        )
        + f" up to {x.baseline_gpus} cards "
        f"on {option_name(x.baseline_kind)} and run the rest on "
        f"{option_name(x.burst_kind)}; this saves "
        f"{_cny(x.saving_cny)} "
        "CNY against the best single way of renting.",
        (f"需求起伏明显（峰均比 {x.peak_to_mean:.2f}）：" if x.peaky else "")
        + f"以{option_name(x.baseline_kind, True)}"
        f"预留最多 {x.baseline_gpus} 张卡，其余用{option_name(x.burst_kind, True)}，比最便宜的单一租用方式省 "
        f"{_cny(x.saving_cny)} 元。",
    )


@sentences.register
def _peaky(x: f.Peaky) -> tuple[str, str]:
    return (
        f"Demand is uneven (peak/mean {x.peak_to_mean:.2f}); owning for the peak would "
        "leave cards idle most of the time.",
        f"需求起伏明显（峰均比 {x.peak_to_mean:.2f}），按峰值购买会让卡大部分时间闲置。",
    )


@sentences.register
def _own_dearer(x: f.OwnDearer) -> tuple[str, str]:
    be = x.break_even_utilization
    return (
        f"{option_name(x.option).capitalize()} would cost {_cny(x.total_cny)} CNY, "
        f"{_cny(x.extra_cny)} CNY more than {option_name(x.compared_with)}, at {x.utilization:.0%} "
        f"utilisation of {x.gpus} bought cards"
        + (
            f"; owning breaks even only above {be:.0%} "
            "utilisation of the owned cards, against "
            f"{option_name(x.break_even_rent)}"
            ", the cheapest feasible rental of the same flat demand."
            if be is not None
            else "; owning does not break even at any utilisation."
        ),
        f"{option_name(x.option, True)}需 {_cny(x.total_cny)} 元，多出 "
        f"{_cny(x.extra_cny)} 元（相对{option_name(x.compared_with, True)}），所购 {x.gpus} 张卡利用率仅 "
        f"{x.utilization:.0%}"
        + (
            f"；相对同等平稳需求下最便宜的可行租用方式（"
            f"{option_name(x.break_even_rent, True)}"
            f"），利用率需高于 {be:.0%} 才能回本。"
            if be is not None
            else "；在任何利用率下都无法回本。"
        ),
    )


@sentences.register
def _six_month_rule(x: f.SixMonthRuleCheck) -> tuple[str, str]:
    rule = x.rule
    straight = rule.straight_line_depreciation_plus_electricity_cny
    return (
        f"The rule of thumb in “AI training in Shanghai: renting GPUs or buying cards” (idctop.com): the rent ({_cny(rule.monthly_rent_cny)} CNY/month) "
        f"{'exceeds' if rule.rent_exceeds else 'does not exceed'} depreciation plus "
        f"electricity ({_cny(rule.depreciation_plus_electricity_cny)} CNY/month) and the "
        f"plan has {rule.plan_months} months of work (needs {rule.required_months}): the "
        f"rule {'says buy' if rule.holds else 'says keep renting'}. It leaves out staff, "
        "rack, network and financing, which the totals above include."
        + (
            " With straight-line depreciation over the hardware life instead of "
            "the loss on resale, depreciation plus electricity is "
            f"{_cny(straight)} CNY/month."
            if straight is not None
            else ""
        ),
        f"idctop.com 文章《上海 AI 训练：租用 GPU 还是自购显卡》的经验法则：月租金 {_cny(rule.monthly_rent_cny)} 元"
        f"{'高于' if rule.rent_exceeds else '不高于'}折旧加电费 "
        f"{_cny(rule.depreciation_plus_electricity_cny)} 元/月，计划工作 {rule.plan_months} 个月"
        f"（要求 {rule.required_months} 个月）：{'建议采购' if rule.holds else '建议继续租用'}。"
        "该法则未计人员、机柜、网络和资金成本，上面的总成本已包含。"
        + (
            "若按硬件寿命直线折旧（而非转售损失），折旧加电费为 "
            f"{_cny(straight)} 元/月。"
            if straight is not None
            else ""
        ),
    )


@sentences.register
def _hybrid_cheaper(x: f.HybridCheaper) -> tuple[str, str]:
    return (
        f"Owning {x.owned_gpus} cards ({option_name(x.owned_option)}) "
        f"and renting the rest would cost {_cny(x.total_cny)} CNY, "
        f"{_cny(x.saving_cny)} CNY less than "
        f"{option_name(x.chosen)}; it needs the same conditions as owning "
        "(operations staff, spare cash, a machine room for self-build).",
        f"自有 {x.owned_gpus} 张卡（{option_name(x.owned_option, True)}）"
        f"其余租用，共 {_cny(x.total_cny)} 元，比{option_name(x.chosen, True)}少 "
        f"{_cny(x.saving_cny)} 元；但与自购一样需要运维人员、"
        "富余现金（自建还需机房）。",
    )


@sentences.register
def _commitment_basis(x: f.CommitmentBasis) -> tuple[str, str]:
    yf, monthly = x.yearly_factor, x.monthly_cny_per_gpu_month
    od, of_od = x.on_demand_cny_per_gpu_hour, x.share_of_on_demand
    return (
        f"Yearly rental is priced at {yf:.0%} of the monthly list price "
        f"({_cny(monthly)} CNY per card-month), that is {_cny(yf * monthly)} "
        f"CNY per card-month or {of_od:.0%} of on-demand ({od:,.2f} CNY per "
        f"card-hour × {HOURS_PER_MONTH:g} h).",
        f"包年价格按包月标价（每卡每月 {_cny(monthly)} 元）的 {yf:.0%} 计，即每卡每月 "
        f"{_cny(yf * monthly)} 元，相当于按量价格（每卡时 {od:,.2f} 元 × "
        f"{HOURS_PER_MONTH:g} 小时）的 {of_od:.0%}。",
    )


@sentences.register
def _hybrid_cards(x: f.HybridCards) -> tuple[str, str]:
    return (
        f"{option_name(OptionId.HYBRID).capitalize()}: {x.hybrid.reason_en}",
        f"{option_name(OptionId.HYBRID, True)}：{x.hybrid.reason_zh}",
    )


@sentences.register
def _owned_cards(x: f.OwnedCards) -> tuple[str, str]:
    if x.entered:
        why_en = "the card count entered on the budget step"
        why_zh = "预算步骤中填写的卡数"
    else:
        why_en = (
            f"the peak month's demand ({x.peak_gpu_hours:,.0f} GPU-hours in month "
            f"{x.peak_month}, {HOURS_PER_MONTH:g} hours a card)"
        )
        why_zh = f"需求峰值月（第 {x.peak_month} 个月 {x.peak_gpu_hours:,.0f} 卡时，每卡每月 {HOURS_PER_MONTH:g} 小时）"
    return (
        f"The owned options buy {x.cards} cards: {why_en}.",
        f"自购方案购买 {x.cards} 张卡：依据{why_zh}。",
    )


# --- warnings ---------------------------------------------------------------------


@sentences.register
def _residency_no_owned_option(x: f.ResidencyNoOwnedOption) -> tuple[str, str]:
    return (
        "The data must stay on hardware the company owns, but neither "
        "colocation nor a self-built room is among the options priced: add one "
        "on the budget step.",
        "数据只能存放在公司自有的硬件上，但所比较的方案中没有托管或自建机房，"
        "请在预算步骤中加入。",
    )


@sentences.register
def _residency_owning_needs(x: f.ResidencyOwningNeeds) -> tuple[str, str]:
    return (
        "Owning also needs what the budget step says is missing: "
        + ", ".join(_CONDITION_WORDS[m][0] for m in x.missing)
        + ". Plan for it before buying; renting is not an alternative here.",
        "自购还需要预算步骤中标明缺少的条件："
        + "、".join(_CONDITION_WORDS[m][1] for m in x.missing)
        + "。采购前请先安排好；此处不能改为租用。",
    )


@sentences.register
def _validate_first(x: f.ValidateFirst) -> tuple[str, str]:
    return (
        "Before buying, rent for a few months to confirm that the load really is "
        "stable (“AI training in Shanghai: renting GPUs or buying cards” (idctop.com) suggests half a year).",
        "采购前建议先租用几个月（idctop.com 文章《上海 AI 训练：租用 GPU 还是自购显卡》建议半年以上），确认负载确实稳定。",
    )


@sentences.register
def _spot_multi_node(x: f.SpotMultiNode) -> tuple[str, str]:
    n, inst, months = x.job_gpus, x.instances, x.months
    stops_en = (
        f" (about every {x.every_hours:,.0f} hours at the assumed reclaim rate)"
        if x.every_hours is not None
        else ""
    )
    stops_zh = (
        f"（按假设的回收频率约每 {x.every_hours:,.0f} 小时一次）"
        if x.every_hours is not None
        else ""
    )
    return (
        f"The recommended option ({option_name(x.option)}) puts the {n}-card training job, which "
        f"spans {inst} servers, on spot instances in {_months_en(months)}: a "
        f"reclaimed node stops the whole job{stops_en}, and spot capacity for "
        "RDMA-connected servers is not guaranteed, so the job may wait for "
        "replacements. The re-run hours are in the total; the waiting is not. "
        "Reserve the training nodes (monthly or yearly) or get the capacity in "
        "writing before relying on spot.",
        f"所推荐的{option_name(x.option, True)}在 {months} 个月内把跨 {inst} 台服务器的 {n} 卡"
        f"训练作业放在竞价实例上：任一节点被回收整个作业即中断{stops_zh}，而且高速网络"
        "互联服务器的竞价资源没有保障，作业可能要等待补回节点。重跑的卡时已计入总成本，"
        "等待时间未计入。依赖竞价实例之前，请以包月或包年预留训练节点，或取得书面的资源承诺。",
    )


@sentences.register
def _spot_no_checkpoint(x: f.SpotNoCheckpoint) -> tuple[str, str]:
    return (
        "Spot instances are reclaimed without notice; with checkpointing off every "
        "reclaim restarts the run from zero. Turn checkpointing on before using spot.",
        "竞价实例随时可能被回收；未开启 checkpoint 时每次回收都要从头重跑，使用竞价实例前务必开启。",
    )


@sentences.register
def _residency_city(x: f.ResidencyCity) -> tuple[str, str]:
    return (
        f"Data must stay in {x.region_en}: choose data centres and vendors located "
        "there, get the storage location and data-handling terms into the contract, and "
        "keep the data next to the compute (no cross-district pulls).",
        f"数据须留在{x.region_zh}：选择本地数据中心和服务商，把存储地点和数据处理条款写进合同，"
        "并让数据与算力同处一地，避免跨区拉取。",
    )


@sentences.register
def _residency_own_hardware(x: f.ResidencyOwnHardware) -> tuple[str, str]:
    return (
        "Data must stay on hardware the company owns: every rental is excluded, "
        "and so is renting the peaks. Keep storage and backups on the owned "
        f"cluster in {x.region_en}; with colocation, put in the contract that "
        "the IDC has no access to the servers' disks.",
        f"数据只能存放在公司自有的硬件上：所有租用方式（包括租用峰值）都被排除。"
        f"存储和备份都放在{x.region_zh}的自有集群上；如采用托管，请在合同中写明机房"
        "无权接触服务器硬盘。",
    )


@sentences.register
def _residency_country(x: f.ResidencyCountry) -> tuple[str, str]:
    return (
        "Data must stay in mainland China: use domestic regions only and check the "
        "cross-border rules (PIPL, Data Security Law, CAC cross-border data provisions) "
        "before any foreign or Hong Kong vendor touches it.",
        "数据不得出境：只使用境内地域，并在任何境外或香港服务商接触数据前核对跨境规则"
        "（个人信息保护法、数据安全法、网信办数据出境规定）。",
    )


def implausible_price_sentences(
    what_en: str, what_zh: str, price_cny_per_gpu_hour: float, low: float, high: float
) -> tuple[str, str]:
    """A price outside ``[low, high]`` per card-hour, named ``what`` in each language."""
    side_en = "below" if price_cny_per_gpu_hour < low else "above"
    side_zh = "低于" if price_cny_per_gpu_hour < low else "高于"
    return (
        f"{what_en} implies {price_cny_per_gpu_hour:,.2f} CNY per card-hour, "
        f"{side_en} the plausible range {low:,.2f}-{high:,.2f} (half the catalog's "
        "low to twice its high). Check whether the quote is per card or per server, "
        "per hour or per month, and what it leaves out.",
        f"{what_zh}折合每卡时 {price_cny_per_gpu_hour:,.2f} 元，{side_zh}合理区间 "
        f"{low:,.2f}-{high:,.2f} 元（目录低值的一半至高值的两倍）。请确认报价是按卡还是按整机、"
        "按小时还是按月，以及漏掉了哪些费用。",
    )


@sentences.register
def _implausible_price(x: f.ImplausiblePrice) -> tuple[str, str]:
    if x.vendor is None:
        what_en = "The monthly price" if x.monthly else "The on-demand price"
        what_zh = "包月价格" if x.monthly else "按量价格"
    else:
        what_en = f"{x.vendor}'s {'monthly' if x.monthly else 'on-demand'} quote"
        what_zh = f"{x.vendor} 的{'包月' if x.monthly else '按量'}报价"
    return implausible_price_sentences(
        what_en,
        what_zh,
        x.price_cny_per_gpu_hour,
        x.low_cny_per_gpu_hour,
        x.high_cny_per_gpu_hour,
    )


@sentences.register
def _network_budget_low(x: f.NetworkBudgetLow) -> tuple[str, str]:
    frac = x.fraction
    return (
        f"The network budget is {frac:.0%} of the hardware, under the 15 % the "
        "articles recommend for a training cluster (RDMA switches, optics, cabling); "
        "owned options may be under-priced.",
        f"网络预算只占硬件的 {frac:.0%}，低于文章建议的 15%（RDMA 交换机、光模块、布线），"
        "自购方案可能被低估。",
    )


@sentences.register
def _electricity_article_claim(x: f.ElectricityArticleClaim) -> tuple[str, str]:
    watts, pue, tariff = x.watts_per_card, x.pue, x.tariff_cny_per_kwh
    per_card, need = x.per_card_cny_per_year, x.needed_tariff_cny_per_kwh
    return (
        f"The article {_ARTICLE_002_EN} puts electricity at 10,000–20,000 CNY per card "
        f"per year; at {watts:,.0f} W a card, PUE {pue:.2f} and "
        f"{tariff:.2f} CNY/kWh the arithmetic gives {per_card:,.0f} CNY. The claim "
        f"would need {need:.2f} CNY/kWh or more; this plan uses the arithmetic.",
        f"{_ARTICLE_002_ZH}称单卡一年电费一两万元；按每卡 "
        f"{watts:,.0f} W、PUE {pue:.2f}、{tariff:.2f} 元/度计算只有 "
        f"{per_card:,.0f} 元，要达到该说法电价需至少 {need:.2f} 元/度；本方案按计算值。",
    )


@sentences.register
def _tariff_implausible(x: f.TariffImplausible) -> tuple[str, str]:
    tariff, lo_t, hi_t = x.tariff_cny_per_kwh, x.low_cny_per_kwh, x.high_cny_per_kwh
    return (
        f"An electricity tariff of {tariff:.2f} CNY/kWh is outside the "
        f"{lo_t:.1f}–{hi_t:.1f} CNY/kWh of Chinese industrial and commercial "
        "tariffs; check the figure (a yearly bill typed as a tariff?).",
        f"电价 {tariff:.2f} 元/度超出国内工商业电价 {lo_t:.1f}–{hi_t:.1f} 元/度的范围，"
        "请核对（是否把年电费填成了电价？）。",
    )


@sentences.register
def _addons_exceed(x: f.AddonsExceed) -> tuple[str, str]:
    return (
        f"Storage, traffic and bandwidth ({_cny(x.addons_cny)} CNY) cost more than the compute "
        f"({_cny(x.compute_cny)} CNY): negotiate them or move data closer.",
        f"存储、流量和带宽费用（{_cny(x.addons_cny)} 元）超过了算力本身（{_cny(x.compute_cny)} 元），"
        "请单独议价或把数据放近。",
    )


@sentences.register
def _horizon_beyond_life(x: f.HorizonBeyondLife) -> tuple[str, str]:
    months, life = x.months, x.life_years
    if x.replacement_cny > 0:
        return (
            f"The horizon ({months} months) is longer than the hardware life "
            f"({life:g} years): the owned options buy the cards again when "
            f"they wear out and sell the old ones at their residual value (up to "
            f"{_cny(x.replacement_cny)} CNY net, included in their totals).",
            f"规划期（{months} 个月）长于硬件寿命（{life:g} 年）：自购方案在硬件到寿时"
            f"按残值出售旧卡并重新采购（净额最多 {_cny(x.replacement_cny)} 元，已计入总成本）。",
        )
    return (
        f"The horizon ({months} months) is longer than the hardware life "
        f"({life:g} years), but the demand ends in month {x.last_month}: no "
        "replacement cards are bought for the idle months; the worn-out cards "
        "are kept and sold at their residual value at the end.",
        f"规划期（{months} 个月）长于硬件寿命（{life:g} 年），但需求在第 "
        f"{x.last_month} 个月结束：不为之后的空闲月份重新采购；到寿的卡继续保留，期末按残值出售。",
    )


@sentences.register
def _overflow(x: f.Overflow) -> tuple[str, str]:
    return (
        f"Demand exceeds the {x.gpus} owned cards in some months; "
        f"{option_name(x.option)} includes {_cny(x.overflow_cny)} CNY "
        "of on-demand rental for the excess.",
        f"部分月份需求超过自有的 {x.gpus} 张卡，{option_name(x.option, True)}已计入 "
        f"{_cny(x.overflow_cny)} 元按量租用费用。",
    )


@sentences.register
def _no_demand(x: f.NoDemand) -> tuple[str, str]:
    return (
        "There is no demand to price; every option only shows its fixed costs.",
        "没有需求可计价，各方案只显示固定成本。",
    )


def hybrid_reason(
    *,
    owned_gpus: int,
    owned_option: OptionId,
    owned_utilization: float,
    rented_gpu_hours: float,
    rented_peak_gpus: int,
    total_cny: float,
    candidates_tried: list[int],
) -> tuple[str, str]:
    """Why the hybrid owns ``owned_gpus`` cards (English, Chinese)."""
    n, rest, rented_peak = owned_gpus, rented_gpu_hours, rented_peak_gpus
    tried_txt = ", ".join(str(t) for t in candidates_tried)
    rest_en, rest_zh = option_name(OptionId.MIX), option_name(OptionId.MIX, True)
    if n == 0:
        return (
            f"Renting everything ({rest_en}) costs less than owning any of the card "
            f"counts tried ({tried_txt}): {_cny(total_cny)} CNY.",
            f"全部租用（{rest_zh}）比所试任何自有卡数（{tried_txt}）都便宜：{_cny(total_cny)} 元。",
        )
    return (
        f"Buying {n} cards ({option_name(owned_option)}, "
        f"{owned_utilization:.0%} used) "
        + (
            f"and renting the {rest:,.0f} GPU-hours above them ({rest_en}, at "
            f"most {rented_peak} cards in the busiest month)"
            if rest > 0
            else "to cover every month"
        )
        + f" costs {_cny(total_cny)} CNY, the least of the owned card counts tried "
        f"({tried_txt}).",
        f"购买 {n} 张卡（{option_name(owned_option, True)}，"
        f"利用率 {owned_utilization:.0%}），"
        + (
            f"其上的 {rest:,.0f} 卡时以{rest_zh}租用（需求最高月最多租 {rented_peak} 张卡），"
            if rest > 0
            else "覆盖每个月的需求，"
        )
        + f"共 {_cny(total_cny)} 元，是所试自有卡数（{tried_txt}）中最便宜的。",
    )
