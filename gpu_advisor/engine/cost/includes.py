"""One sentence per option saying what its total includes (English and Chinese).

The budget step and the PDF print these sentences as they are, so a finance
reader sees the same scope for every figure wherever it is shown. Optional
clauses (on-demand overflow, replacement cards, add-ons) appear only when
the option's breakdown has that line.
"""

from __future__ import annotations

from gpu_advisor.engine.names import option_in_sentence
from gpu_advisor.model.cost_results import HybridResult, OptionResult, SpotJob
from gpu_advisor.model.project import OptionId

_ADDONS_EN = "shared storage, egress and public bandwidth in the months with work"
_ADDONS_ZH = "有工作月份的共享存储、流量和公网带宽"


def _has(option: OptionResult, key: str) -> bool:
    return option.breakdown.get(key, 0.0) >= 0.5


def _addons(option: OptionResult) -> tuple[str, str]:
    if any(
        cny >= 0.5 and key.startswith("add_ons")
        for key, cny in option.breakdown.items()
    ):
        return f", plus {_ADDONS_EN}", f"，另加{_ADDONS_ZH}"
    return "", ""


def _owned(option: OptionResult, kind: OptionId) -> tuple[str, str]:
    """What an owned fleet's figure includes (colocation or self-build)."""
    cards = option.gpus
    if kind is OptionId.SELF_BUILD:
        site_en, site_zh = "room retrofit, public bandwidth", "机房改造、公网带宽"
    else:
        site_en, site_zh = "rack rent, IDC bandwidth", "机柜租金、机房带宽"
    en = (
        f"{cards} bought cards with their servers, network and storage less their "
        f"resale value at the end, electricity, {site_en}, staff, maintenance and "
        "financing"
    )
    zh = (
        f"购买 {cards} 张卡及服务器、网络和存储（扣除期末转售价值）、电费、{site_zh}、"
        "运维人员、维保和资金成本"
    )
    if _has(option, "replacement"):
        en += ", replacement cards bought when the hardware reaches the end of its life"
        zh += "，以及硬件到寿后的换代采购"
    if _has(option, "overflow_rental"):
        en += ", and on-demand rental of the hours above the owned cards"
        zh += "，以及超出自有卡的按量租用"
    return en, zh


def _cny(x: float) -> str:
    return f"{x:,.0f}"


def _upfront(option: OptionResult) -> tuple[str, str]:
    """Second sentence: what the up-front cash (month 1) is made of.

    >>> o = OptionResult(id=OptionId.MONTHLY, total_cny=96_384.0, monthly_cny=[],
    ...     cumulative_cny=[], npv_cny=96_384.0, upfront_cny=97_248.0,
    ...     deposit_cny=42_924.0)
    >>> _upfront(o)[0]
    ' Up-front cash (month 1): 97,248 CNY = deposit 42,924 (returned in the last month) + month 1’s bill 54,324; it exceeds the total because the deposit comes back.'
    """
    up = option.upfront_cny
    if up is None:
        return "", ""
    capex, deposit = option.capex_cny, option.deposit_cny
    running = up - capex - deposit
    en: list[str] = []
    zh: list[str] = []
    if capex >= 0.5:
        capex_s = _cny(capex)
        en.append(f"purchases {capex_s}")
        zh.append(f"购置 {capex_s} 元")
    if deposit >= 0.5:
        deposit_s = _cny(deposit)
        en.append(f"deposit {deposit_s} (returned in the last month)")
        zh.append(f"押金 {deposit_s} 元（最后一个月退回）")
    what_en = "running cost" if capex >= 0.5 else "bill"
    what_zh = "运行费用" if capex >= 0.5 else "账单"
    running_s, up_s = _cny(running), _cny(up)
    en.append(f"month 1’s {what_en} {running_s}")
    zh.append(f"首月{what_zh} {running_s} 元")
    if len(en) == 1:  # nothing but the first month's bill
        text_en = f" Up-front cash (month 1): {up_s} CNY, the first month’s {what_en}"
        text_zh = f"首月现金支出 {up_s} 元，即首月{what_zh}"
    else:
        text_en = f" Up-front cash (month 1): {up_s} CNY = " + " + ".join(en)
        text_zh = f"首月现金支出 {up_s} 元 = " + " + ".join(zh)
    if up > option.total_cny + 0.5:
        why_en: list[str] = []
        why_zh: list[str] = []
        if capex >= 0.5:
            why_en.append(
                "the total counts the purchases less their resale value at the end "
                f"({_cny(option.residual_value_cny)} CNY)"
            )
            why_zh.append(
                f"总成本只计购置价减去期末转售价值（{_cny(option.residual_value_cny)} 元）"
            )
        if deposit >= 0.5:
            why_en.append("the deposit comes back")
            why_zh.append("押金会退回")
        text_en += "; it exceeds the total because " + " and ".join(why_en)
        text_zh += "；高于总成本，因为" + "，且".join(why_zh)
    return text_en + ".", text_zh + "。"


def _spot_job(spot: SpotJob | None) -> tuple[str, str]:
    """The reclaim convention in words: per instance, the whole job stops.

    >>> job = SpotJob(job_gpus=64, gpus_per_instance=8, instances=8,
    ...     reclaims_per_instance_hour=0.02, job_stops_per_hour=0.16,
    ...     lost_hours_per_reclaim=0.75, overhead_fraction=0.12)
    >>> _spot_job(job)[0]
    ' (reclaims are per instance: the 64-card job runs on 8 servers of 8 cards and stops whenever any of them is reclaimed, 0.16 times an hour; each stop loses half a checkpoint interval plus the restart, 0.75 h, on all 64 cards: 12 % more card-hours)'
    """
    if spot is None:
        return (
            " (half a checkpoint interval and the restart)",
            "（半个检查点间隔加重启）",
        )
    n, g, inst = spot.job_gpus, spot.gpus_per_instance, spot.instances
    if inst > 1:
        where_en = (
            f"the {n}-card job runs on {inst} servers of {g} cards and stops "
            f"whenever any of them is reclaimed, {spot.job_stops_per_hour:.3g} "
            "times an hour"
        )
        where_zh = (
            f"{n} 卡的作业分布在 {inst} 台 {g} 卡服务器上，任一台被回收整个作业即中断，"
            f"每小时 {spot.job_stops_per_hour:.3g} 次"
        )
    else:
        where_en = (
            f"the {n}-card job runs on one instance, reclaimed "
            f"{spot.job_stops_per_hour:.3g} times an hour"
        )
        where_zh = f"{n} 卡的作业在一个实例上运行，每小时被回收 {spot.job_stops_per_hour:.3g} 次"
    if spot.lost_hours_per_reclaim is None or spot.overhead_fraction is None:
        return (
            f" (reclaims are per instance: {where_en}; without checkpointing each stop "
            "loses half of the month's run)",
            f"（按实例回收：{where_zh}；未启用检查点，每次中断损失当月一半的运行）",
        )
    lost, share = spot.lost_hours_per_reclaim, spot.overhead_fraction
    cards_en = "its card" if n == 1 else f"all {n} cards"
    return (
        f" (reclaims are per instance: {where_en}; each stop loses half a checkpoint "
        f"interval plus the restart, {lost:.3g} h, on {cards_en}: {share * 100:.3g} % more card-hours)",
        f"（按实例回收：{where_zh}；每次中断在全部 {n} 张卡上损失半个检查点间隔加重启时间"
        f" {lost:.3g} 小时：卡时增加 {share * 100:.3g}%）",
    )


def includes(
    option: OptionResult,
    hybrid: HybridResult | None = None,
    spot: SpotJob | None = None,
) -> tuple[str, str]:
    """``(English, Chinese)`` sentence: what ``option``'s total includes.

    ``spot`` (:func:`gpu_advisor.engine.cost.price.spot_job`) states the reclaim
    convention in the spot option's and the mix's sentences.

    Examples
    --------
    >>> o = OptionResult(id=OptionId.MONTHLY, total_cny=0.0, monthly_cny=[],
    ...     cumulative_cny=[], npv_cny=0.0, gpus=4)
    >>> includes(o)[0]
    'Whole cards rented by the month (each month’s GPU-hours ÷ 730, rounded up); the deposit is paid in month 1 and returned at the end.'
    """
    en, zh = _scope(option, hybrid, spot)
    if not option.feasible:
        why_en = option.reason_en.rstrip(".")
        why_en = why_en[:1].lower() + why_en[1:]
        why_zh = option.reason_zh.rstrip("。")
        en = f"Not feasible here ({why_en}); priced for reference only: {en}"
        zh = f"此处不可行（{why_zh}），金额仅供参考：{zh}"
        return en, zh
    up_en, up_zh = _upfront(option)
    return en + up_en, zh + up_zh


def _scope(
    option: OptionResult, hybrid: HybridResult | None, spot: SpotJob | None
) -> tuple[str, str]:
    """The first sentence: what the option's figure is made of."""
    oid = option.id
    if oid is OptionId.MIX:
        return _mix_scope(option, spot)
    if oid is OptionId.HYBRID:
        return _hybrid_scope(option, hybrid)
    if oid in (OptionId.COLOCATION, OptionId.SELF_BUILD):
        own_en, own_zh = _owned(option, oid)
        return f"{own_en[:1].upper()}{own_en[1:]}.", f"{own_zh}。"
    return _rental_scope(option, spot)


def _rental_scope(option: OptionResult, spot: SpotJob | None) -> tuple[str, str]:
    """On-demand, monthly, yearly or spot: how the rented hours are billed."""
    add_en, add_zh = _addons(option)
    oid = option.id
    if oid is OptionId.ON_DEMAND:
        en = (
            "Every GPU-hour at the on-demand price, rounded up to the billing "
            f"granularity{add_en}."
        )
        zh = f"每个卡时按按量付费价格计，按计费粒度向上取整{add_zh}。"
    elif oid is OptionId.MONTHLY:
        en = (
            "Whole cards rented by the month (each month’s GPU-hours ÷ 730, rounded "
            f"up){add_en}; the deposit is paid in month 1 and returned at the end."
        )
        zh = f"按月整卡租用（每月卡时 ÷ 730 向上取整）{add_zh}；押金首月付、期末退。"
    elif oid is OptionId.YEARLY:
        en = (
            "Each 12-month block’s peak card count at the yearly price, paid for the "
            f"whole block even past the horizon{add_en}."
        )
        zh = f"每 12 个月按该期峰值卡数以包年价格计，超出规划期的部分也照付{add_zh}。"
    else:
        job_en, job_zh = _spot_job(spot)
        en = (
            "Spot card-hours at the spot price plus the work re-run after each "
            f"reclaim{job_en}{add_en}."
        )
        zh = f"竞价实例卡时按竞价价格计，含每次回收后重跑的工作{job_zh}{add_zh}。"
    return en, zh


def _mix_scope(option: OptionResult, spot: SpotJob | None) -> tuple[str, str]:
    """The mix: a reserved baseline plus bursts (and what spot bursts re-run)."""
    add_en, add_zh = _addons(option)
    en = (
        "A reserved baseline (monthly or yearly) plus bursts on demand or on spot, "
        "never spot in months whose phase forbids it"
    )
    zh = "预留基线（包月或包年）加按量或竞价实例弹性，阶段不允许竞价的月份不用竞价"
    if _has(option, "interruption_overhead"):
        job_en, job_zh = _spot_job(spot)
        en += f"; spot bursts belong to the same job and re-run its lost work{job_en}"
        zh += f"；竞价弹性与基线属同一作业，需重跑被回收时损失的工作{job_zh}"
    en += f"{add_en}."
    zh += f"{add_zh}。"
    if option.same_as is not None:
        en = (
            f"Same as {option_in_sentence(option.same_as)} here (the same plan "
            f"and cash flow; not a separate choice). {en}"
        )
        zh = (
            f"此处与{option_in_sentence(option.same_as, True)}相同（方案与现金流一致，"
            f"不是另一种选择）。{zh}"
        )
    return en, zh


def _hybrid_scope(option: OptionResult, hybrid: HybridResult | None) -> tuple[str, str]:
    """The owned cards and the rented demand above them; owning none, the mix."""
    kind = hybrid.owned_option if hybrid is not None and hybrid.owned_gpus > 0 else None
    if kind is None or hybrid is None:
        add_en, add_zh = _addons(option)
        return (
            f"Same as {option_in_sentence(OptionId.MIX)}, not a separate choice: no "
            f"card is worth owning here, so this is that plan and figure{add_en}.",
            f"与{option_in_sentence(OptionId.MIX, True)}相同，不是另一种选择：此处无卡值得"
            f"自购，方案与金额即为后者{add_zh}。",
        )
    own_en, own_zh = _owned(option, kind)
    if hybrid.rented_gpu_hours <= 0:
        return (
            f"{own_en[:1].upper()}{own_en[1:]}; the owned cards cover every month.",
            f"{own_zh}；自有卡覆盖每个月的需求。",
        )
    kind_en = option_in_sentence(kind)
    kind_zh = option_in_sentence(kind, True)
    return (
        f"{own_en[:1].upper()}{own_en[1:]} ({kind_en}), for the demand up to "
        f"{hybrid.owned_gpus} × 730 GPU-hours a month, plus the "
        f"{hybrid.rented_gpu_hours:,.0f} GPU-hours above them rented as "
        f"{option_in_sentence(OptionId.MIX)} (at most "
        f"{hybrid.rented_peak_gpus} cards), whose data stays on the owned "
        "storage.",
        f"{own_zh}（{kind_zh}），承担每月至多 {hybrid.owned_gpus} × 730 卡时的需求；"
        f"其上的 {hybrid.rented_gpu_hours:,.0f} 卡时以"
        f"{option_in_sentence(OptionId.MIX, True)}租用（最多 "
        f"{hybrid.rented_peak_gpus} 张卡），数据存放在自有存储上。",
    )
