"""Every sentence of the PDF plan, in Simplified Chinese and English, and number formats.

The plan is read by managers and finance, so the words are plain and every
number carries its unit or currency: ``¥1,234,567`` / ``CNY 1,234,567``,
``74.3 GiB``, ``12,345 卡时`` / ``12,345 GPU-hours``. Keys are grouped by the
section that uses them. :func:`tr` formats a sentence with keyword arguments;
both languages of a key take the same placeholders (a test checks this).
"""

from __future__ import annotations

import math
from typing import Final

from gpu_advisor.model.common import Language
from gpu_advisor.report.glossary import OPTION_NAMES

GIB: Final = 2**30
"""Bytes per GiB."""

# (zh, en) for each key.
TEXTS: Final[dict[str, tuple[str, str]]] = {
    # --- document frame --------------------------------------------------
    # --- page 1: the decision ---------------------------------------------
    "dec1.kicker": ("决策摘要", "Decision summary"),
    "dec1.recommend": (
        "建议采用「{option}」：规划期 {months} 个月总成本 {total}。",
        "Recommended: {option}, {total} in total over the {months}-month horizon.",
    ),
    "dec1.none": (
        "没有可行的方案，请检查输入。",
        "No option is feasible; please check the inputs.",
    ),
    "dec1.figures": ("关键数字", "Key figures"),
    "dec1.total": ("推荐方案总成本", "Recommended total"),
    "dec1.upfront": ("首月需支付的现金", "Cash up front (month 1)"),
    "dec1.runner_up": ("次优方案", "Runner-up"),
    "dec1.gap": ("与次优方案的差额", "Gap to the runner-up"),
    "dec1.no_runner_up": ("无其他可行方案", "no other feasible option"),
    "dec1.per_year": ("每年支出（推荐方案）", "Spend per year (recommended option)"),
    "dec1.year_n": ("第 {year} 年", "Year {year}"),
    "dec1.year_note": (
        "含首月购置与押金；最后一年已扣除设备残值与退还的押金。",
        "Year 1 includes purchases and deposits; the last year is net of resale "
        "value and returned deposits.",
    ),
    "dec1.sensitive": (
        "决策最敏感的三项假设",
        "The three assumptions the decision is most sensitive to",
    ),
    "dec1.col_assumption": ("假设", "Assumption"),
    "dec1.col_range": ("测试范围", "Range tested"),
    "dec1.col_flip": ("结论翻转点", "Decision flips at"),
    "dec1.no_flip": ("范围内不翻转", "does not flip in this range"),
    "dec1.no_tornado": (
        "本方案未做自有与租用的比较，无敏感性分析。",
        "The plan compares no owned option with a rented one, so there is no "
        "sensitivity analysis.",
    ),
    "dec1.risks": ("经营风险", "Business risks"),
    "dec1.risk_price": (
        "价格：租用与按量价格随市场变动，上表列出结论翻转的价格。",
        "Price: rental and on-demand prices move with the market; the table above "
        "shows the price at which the decision flips.",
    ),
    "dec1.risk_util_be": (
        "利用率：自有设备只有在利用率高于 {share} 时才比租用便宜。",
        "Utilisation: owned hardware is cheaper than renting only above {share} "
        "utilisation.",
    ),
    "dec1.risk_util": (
        "利用率：实际用量低于计划时，包月、包年与自有设备的闲置成本上升。",
        "Utilisation: if less capacity is used than planned, idle cost of monthly, "
        "yearly and owned capacity rises.",
    ),
    "dec1.risk_vendor": (
        "供应商：签约前须用验收测试确认算力、网络与存储达到要求。",
        "Vendor: before signing, the acceptance tests must show that compute, "
        "network and storage meet the requirements.",
    ),
    "dec1.risk_delivery": (
        "交付：服务器与网络设备的交货可能需要数月，须计入进度。",
        "Delivery: servers and network equipment can take months to arrive; the "
        "schedule must allow for it.",
    ),
    "dec1.risk_residency": (
        "数据驻留：训练数据与模型须留在{region}；异地算力须先经合规确认。",
        "Data residency: training data and models stay in {region}; capacity "
        "elsewhere needs compliance approval first.",
    ),
    "dec1.next": ("下一步", "Next steps"),
    "dec1.col_step": ("事项", "Step"),
    "dec1.col_owner": ("负责人", "Owner"),
    "dec1.col_due": ("完成日期", "Due"),
    "dec1.step_review": ("审核本方案并签字", "Review and sign this plan"),
    "dec1.step_quotes": (
        "取得至少两家供应商的报价并完成验收测试",
        "Get quotes from at least two vendors and run the acceptance tests",
    ),
    "dec1.step_approve": ("批准预算并签约", "Approve the budget and sign the contract"),
    "dec1.signoff": ("签批状态", "Sign-off status"),
    "dec1.status": ("方案状态：{status}。", "Plan status: {status}."),
    "dec1.signed_by": (
        "已由 {name}（{role}）于 {date} 电子签名。",
        "Signed electronically by {name} ({role}) on {date}.",
    ),
    "dec1.not_signed": ("尚未电子签名。", "Not signed electronically yet."),
    "dec1.signed_comment": ("已电子签名", "signed electronically"),
    # --- page 2: the finance view ------------------------------------------
    "fin.title": ("财务视图", "Finance view"),
    "fin.per_year": (
        "推荐方案每年的资本支出与运营支出",
        "CAPEX and OPEX per year of the recommended option",
    ),
    "fin.col_year": ("年份", "Year"),
    "fin.col_capex": ("资本支出", "CAPEX"),
    "fin.col_opex": ("运营支出及其他", "OPEX and other"),
    "fin.col_total": ("合计", "Total"),
    "fin.depreciation": ("折旧（规划期内）", "Depreciation (within the horizon)"),
    "fin.no_depreciation": (
        "推荐方案不购置设备，无折旧。",
        "The recommended option buys no hardware, so there is no depreciation.",
    ),
    "fin.vat": ("增值税", "VAT"),
    "fin.options": ("全部方案", "All options"),
    "fin.col_opex_only": ("运营支出", "OPEX"),
    "fin.col_upfront": ("首月现金", "Up front"),
    "fin.col_npv": ("净现值", "Present value"),
    "fin.infeasible": ("不可行", "not feasible"),
    "fin.divider": (
        "以下为详细方案与附录（配置文件、计算依据）。",
        "The detailed plan and the appendices (configuration files, workings) follow.",
    ),
    "doc.subject": ("GPU 算力获取方案", "GPU capacity plan"),
    "doc.page_of": ("第 {page} 页，共 {pages} 页", "page {page} of {pages}"),
    "doc.toc": ("目录", "Contents"),
    "doc.annex": ("附录", "Appendices"),
    "doc.annex_intro": (
        "以下各节供技术人员使用：部署配置、监控规则、默认值与计算依据。"
        "签批所需的内容均在前文。",
        "The sections that follow are for the engineers: deployment configuration, "
        "monitoring rules, defaults and workings. Everything needed to sign is above.",
    ),
    "cover.kicker": ("GPU 算力获取方案", "GPU capacity plan"),
    "cover.organisation": ("单位", "Organisation"),
    "cover.author": ("编制人", "Author"),
    "cover.date": ("日期", "Date"),
    "cover.version": ("版本", "Version"),
    "cover.status": ("状态", "Status"),
    "cover.region": ("地区", "Region"),
    "cover.horizon": ("规划期", "Planning horizon"),
    "cover.fingerprint": ("方案指纹（SHA-256）", "Plan fingerprint (SHA-256)"),
    "cover.app": ("生成工具", "Produced by"),
    "cover.not_set": ("（未填写）", "(not given)"),
    "status.draft": ("草稿", "DRAFT"),
    "status.approved": ("已批准", "APPROVED"),
    "cover.draft_note": (
        "本方案仍为草稿，尚未完成全部审批，请勿据此下单或签约。",
        "This plan is a draft and not yet approved by everyone: do not order or sign contracts on it.",
    ),
    # --- section titles --------------------------------------------------
    "sec.summary": ("执行摘要", "Executive summary"),
    "sec.sizing": ("工作负载测算", "Workload sizing"),
    "sec.cost": ("成本比较", "Cost comparison"),
    "sec.vendors": ("供应商比较", "Vendor comparison"),
    "sec.scenarios": ("情景比较", "Scenario comparison"),
    "sec.environment": ("环境部署方案", "Environment plan"),
    "sec.monitoring": ("监控方案", "Monitoring plan"),
    "sec.checklist": ("现场与合同检查清单", "Site and contract checklist"),
    "sec.assumptions": ("假设与数据来源", "Assumptions and sources"),
    "sec.signoff": ("审批签字", "Sign-off"),
    # --- scenario comparison ------------------------------------------------
    "scen.intro": (
        "每个情景是在基准方案上改动少数输入后的完整方案，按与基准相同的规则单独测算；"
        "下表数字均为各情景推荐方案的数字。自购优于租用的概率基于 {draws} 次蒙特卡洛抽样。",
        "Each scenario is the base plan with a few inputs changed, evaluated on its own "
        "by the same rules; the figures are those of each scenario's recommended "
        "option. P(owning beats renting) rests on {draws} Monte Carlo draws.",
    ),
    "scen.base": ("基准方案", "Base plan"),
    "scen.measure": ("指标", "Measure"),
    "scen.cards": ("GPU 与卡数", "GPU and cards"),
    "scen.horizon": ("规划期", "Horizon"),
    "scen.months": ("{months}", "{months}"),
    "scen.changes": ("相对基准的改动", "Changes from the base"),
    "scen.recommendation": ("推荐方案", "Recommended option"),
    "scen.chart_total": ("各情景规划期总成本", "Total over the horizon, per scenario"),
    # --- summary ---------------------------------------------------------
    "sum.recommendation": ("建议", "Recommendation"),
    "sum.recommend_sentence": (
        "建议采用「{option}」方式获取算力：规划期 {months} 个月内总成本约 {total}，"
        "折合每有效卡时 {per_hour}。",
        'We recommend getting the capacity as "{option}": about {total} over the '
        "{months}-month horizon, or {per_hour} per useful GPU-hour.",
    ),
    "sum.no_recommendation": (
        "成本引擎尚未给出建议，请先补全预算输入。",
        "The cost engine has not made a recommendation yet; complete the budget inputs first.",
    ),
    "sum.reasons": ("理由", "Why"),
    "sum.key_numbers": ("关键数字", "Key numbers"),
    "sum.top_risks": ("主要风险", "Top risks"),
    "sum.no_risks": ("未发现需要特别提示的风险。", "No particular risks were found."),
    "sum.open_items": (
        "检查清单中仍有 {count} 项未完成（见第 {section} 节）。",
        "Checklist items still open: {count} (see section {section}).",
    ),
    "kn.item": ("项目", "Item"),
    "kn.value": ("数值", "Value"),
    "kn.model": ("模型", "Model"),
    "kn.task": ("任务", "Task"),
    "kn.gpu": ("GPU 型号", "GPU model"),
    "kn.memory_per_gpu": ("每卡显存需求", "Memory per GPU"),
    "kn.min_gpus": ("最少卡数", "Minimum cards"),
    "kn.gpus": ("规划卡数", "Planned cards"),
    "kn.gpu_hours": ("训练卡时", "Training GPU-hours"),
    "kn.gpu_hours_red": (
        "含 ×{factor} 冗余的卡时",
        "GPU-hours with ×{factor} redundancy",
    ),
    "kn.days": ("预计训练时长", "Expected training time"),
    "kn.best_total": ("建议方案总成本", "Total cost of the recommendation"),
    "kn.break_even": ("自购回本所需利用率", "Utilization at which owning breaks even"),
    "kn.break_even_month": ("自购回本月份", "Month in which owning breaks even"),
    "kn.p_build": (
        "自购/自建比租用更省的概率",
        "Probability that owning beats renting",
    ),
    "kn.never": ("规划期内不回本", "not within the horizon"),
    "kn.month_n": ("第 {month} 个月", "month {month}"),
    "kn.no_fit": ("任何卡数都放不下", "does not fit on any card count"),
    # --- sizing ----------------------------------------------------------
    "siz.inputs": ("输入", "Inputs"),
    "siz.memory": ("每卡显存构成", "Memory per GPU"),
    "siz.memory_intro": (
        "下图按用途拆分每张卡需要的显存，虚线为该卡的显存容量。超过虚线表示放不下，"
        "需要更多卡分摊（ZeRO/张量并行）或换更大显存的卡。",
        "The chart splits the memory each card needs by what uses it; the dashed "
        "line is the card's capacity. A bar above the line does not fit: spread it "
        "over more cards (ZeRO, tensor parallelism) or pick a card with more memory.",
    ),
    "siz.rule_of_thumb": (
        "常见经验法则（权重 ×2–3）估计约 {rule}；按混合精度 AdamW 每参数 {bpp} 字节计算，"
        "未切分的模型状态实为 {exact}。本方案采用后者。",
        "The common rule of thumb (weights ×2–3) gives about {rule}; counting {bpp} "
        "bytes per parameter for mixed-precision AdamW, the unsharded model state is "
        "really {exact}. This plan uses the latter.",
    ),
    "siz.compute": ("算力与集群规模", "Compute and cluster size"),
    "siz.compute_text": (
        "训练总计算量 {flops}，按 MFU {mfu} 计需要 {hours}。实际项目常有调参、重跑和故障，"
        "按经验再乘以 {factor}，即 {hours_red}，预算和排期请按后者准备。",
        "Training takes {flops}; at an MFU of {mfu} that is {hours}. Real projects "
        "add tuning, reruns and failures, so by experience multiply by {factor}: "
        "{hours_red}. Budget and schedule on the latter.",
    ),
    "siz.hours_range": (
        "按公开预训练任务拟合的 MFU 模型，卡时 P10–P90 区间为 {low} – {high}，"
        "含 {factor} 冗余为 {low_red} – {high_red}"
        "（{runs} 个公开任务中 {inside} 个落在各自的区间内）。",
        "From the MFU model fitted to published pre-training runs, the P10–P90 "
        "GPU-hour range is {low} – {high}, with the {factor} redundancy "
        "{low_red} – {high_red} ({inside} of {runs} published runs fall inside "
        "their range).",
    ),
    "kn.hours_band": ("{hours}（P10–P90：{band}）", "{hours} (P10–P90: {band})"),
    "col.hours_band": ("卡时 P10–P90", "GPU-hours P10–P90"),
    "cost.mc_hours_band": (
        "每次抽样的卡时取自规划卡时的 P10–P90 区间（对数正态分布，中位数为点估计，"
        "P10–P90 为 {low} – {high}），不再另抽 MFU 区间。",
        "Each draw takes its GPU-hours from the plan's P10–P90 band (log-normal, "
        "median at the point estimate, P10–P90 {low} – {high}) instead of the "
        "MFU range.",
    ),
    "siz.cluster_text": (
        "至少需要 {min_gpus}才能放下模型；按 {gpus}（{nodes}）计算，"
        "约需 {days}，多卡扩展效率 {eff}。",
        "The model needs at least {min_gpus}; with {gpus} ({nodes}) the run takes "
        "about {days} at a scaling efficiency of {eff}.",
    ),
    "siz.deadline_text": (
        "要在截止日期前完成，需要 {gpus}。",
        "Meeting the deadline takes {gpus}.",
    ),
    "siz.deadline_impossible": (
        "任何卡数都无法在截止日期前完成，请放宽截止日期或缩小训练量。",
        "No card count meets the deadline: move the deadline or train on less data.",
    ),
    "siz.days_curve": ("卡数与训练天数", "Training days versus cards"),
    "siz.network": ("网络与存储", "Network and storage"),
    "siz.network_text": (
        "节点间网络建议：{network}。检查点每个约 {ckpt}，要在 {target} 秒内写完，"
        "存储写入带宽需约 {write}。网络设备预算按硬件的 {fraction} 预留。",
        "Network between servers: {network}. Each checkpoint is about {ckpt}; "
        "writing it within {target} s needs about {write} of storage bandwidth. "
        "Reserve {fraction} of the hardware budget for networking.",
    ),
    "siz.warnings": ("测算提示", "Sizing warnings"),
    "siz.no_warnings": ("无。", "None."),
    "siz.candidates": ("候选 GPU 对比", "Candidate GPUs"),
    "col.gpu": ("GPU", "GPU"),
    "col.memory": ("每卡显存", "Memory per GPU"),
    "col.capacity": ("显存容量", "Capacity"),
    "col.fits": ("放得下", "Fits"),
    "col.min_gpus": ("最少卡数", "Min. cards"),
    "col.gpu_hours": ("卡时", "GPU-hours"),
    "col.days": ("天数", "Days"),
    "yes": ("是", "yes"),
    "no": ("否", "no"),
    "in.task": ("任务类型", "Task"),
    "in.model": ("模型", "Model"),
    "in.params": ("参数量（总/激活）", "Parameters (total / active)"),
    "in.tokens": ("训练 token 数", "Training tokens"),
    "in.seq_len": ("序列长度", "Sequence length"),
    "in.batch": ("微批大小 / 全局批大小", "Micro / global batch"),
    "in.precision": ("精度 / 优化器", "Precision / optimizer"),
    "in.parallel": ("并行方式", "Parallelism"),
    "in.recompute": ("激活重计算", "Activation recompute"),
    "in.gpu": ("GPU 型号", "GPU model"),
    "in.deadline": ("截止时间", "Deadline"),
    "in.auto": ("自动", "automatic"),
    "task.pretrain": ("预训练", "pretraining"),
    "task.full-finetune": ("全参微调", "full fine-tune"),
    "task.lora": ("LoRA 微调", "LoRA fine-tune"),
    "task.qlora": ("QLoRA 微调", "QLoRA fine-tune"),
    "task.inference": ("推理服务", "inference serving"),
    "recompute.none": ("不重计算", "none"),
    "recompute.selective": ("选择性重计算", "selective"),
    "recompute.full": ("全部重计算", "full"),
    "mem.weights": ("权重", "Weights"),
    "mem.gradients": ("梯度", "Gradients"),
    "mem.optimizer": ("优化器状态", "Optimizer states"),
    "mem.activations": ("激活", "Activations"),
    "mem.kv_cache": ("KV 缓存", "KV cache"),
    "mem.overhead": ("框架开销", "Framework overhead"),
    "mem.capacity": ("显存容量", "Card memory"),
    # --- cost ------------------------------------------------------------
    "cost.options": ("方案对比", "Options compared"),
    "cost.options_intro": (
        "下表为规划期 {months} 个月内各种获取方式的总成本（人民币，{vat}）。"
        "每有效卡时成本已扣除空闲、中断和故障损失。",
        "The table gives each way of getting the capacity over the {months}-month "
        "horizon (CNY, {vat}). The cost per useful GPU-hour leaves out hours lost "
        "to idling, interruptions and failures.",
    ),
    "cost.vat_in": ("含增值税", "VAT included"),
    "cost.vat_ex": ("不含增值税", "VAT excluded"),
    "col.option": ("方式", "Option"),
    "col.total": ("总成本", "Total cost"),
    "col.npv": ("净现值", "Net present value"),
    "col.per_hour": ("每有效卡时", "Per useful GPU-hour"),
    "col.first_month": ("首月支出", "First month"),
    "col.rank": ("排名", "Rank"),
    "cost.cumulative": ("累计成本", "Cumulative cost"),
    "cost.cumulative_intro": (
        "各方式逐月累计的支出。自购/自建在第一个月集中付款，之后曲线较平；"
        "租用则随用量逐月上升，两条线相交处即回本点。",
        "Money spent per option, added up month by month. Owning pays a lump sum "
        "in the first month and then rises slowly; renting rises with use. Where "
        "the lines cross, owning has paid for itself.",
    ),
    "cost.cash_flow": ("月度现金流", "Monthly cash flow"),
    "cost.cash_flow_intro": (
        "建议方案与其他两种主要方式每月的付款额。",
        "What the recommendation and two other main options pay each month.",
    ),
    "cost.break_even": ("回本分析", "Break-even"),
    "cost.break_even_text": (
        "当 GPU 利用率高于 {util} 时，自购比租用更省；按当前需求，自购在{month}回本。",
        "Owning beats renting when the cards are busy more than {util} of the time; "
        "with the demand entered, owning pays for itself in {month}.",
    ),
    "cost.break_even_never": (
        "按当前需求，自购在规划期内无法回本（回本所需利用率：{util}）。",
        "With the demand entered, owning does not pay for itself within the horizon "
        "(break-even utilization: {util}).",
    ),
    "cost.tornado": ("敏感性分析", "Sensitivity"),
    "cost.tornado_intro": (
        "每个输入单独在低值与高值之间变化时，“自购总成本减去租用总成本”的变化。"
        "竖线为按典型值计算的差额；数值小于零表示自购更省。条越长，这个输入越值得核实。",
        'How "owning minus renting" (total cost) moves when one input goes from its '
        "low to its high value while the others stay typical. The vertical line is the "
        "difference at typical values; below zero, owning is cheaper. The longer the "
        "bar, the more the input is worth checking.",
    ),
    "cost.infeasible": ("不可行", "not feasible"),
    "cost.includes": (
        "各方案总成本包含的内容：",
        "What each option's total includes:",
    ),
    "dec1.includes": ("推荐方案总成本包含", "The recommended total includes"),
    "cost.breakdown": (
        "「{option}」的成本构成：",
        'What "{option}" costs, line by line:',
    ),
    "cost.break_even_pair": (
        "比较对象：「{own}」与「{rent}」。",
        'Compared: "{own}" against "{rent}".',
    ),
    "cost.six_month_rule": (
        "经验法则：当每月租金（{rent}）超过自购设备每月折旧加电费（{own}），且训练计划至少稳定"
        "六个月（当前 {months} 个月）时，可考虑采购。结论：{verdict}",
        "Rule of thumb: consider buying when the monthly rent ({rent}) exceeds the "
        "monthly depreciation plus electricity of owned hardware ({own}) and the "
        "training plan holds for six months or more (now {months}). Verdict: {verdict}",
    ),
    "cost.rule_holds": ("满足，可考虑采购。", "met: buying is worth considering."),
    "cost.rule_fails": ("不满足，继续租用更稳妥。", "not met: keep renting."),
    "cost.mix_detail": (
        "混合方案：以{baseline}作为基线（高峰 {peak}，共 {reserved}），超出部分用{burst}补足"
        "（{burst_hours}）。",
        "The mix reserves a baseline as {baseline} (up to {peak}, {reserved}) "
        "and covers the peaks with {burst} ({burst_hours}).",
    ),
    "col.item_line": ("费用项目", "Cost line"),
    "col.amount": ("金额", "Amount"),
    "col.range": ("低值 – 高值", "Low – high"),
    "cost.monte_carlo": ("价格不确定性（蒙特卡洛）", "Price uncertainty (Monte Carlo)"),
    "cost.monte_carlo_intro": (
        "在价格区间内随机抽样 {draws} 次（结果可复现），各方式总成本的 P10 / P50 / P90："
        "十次里有一次低于 P10，一半低于 P50，九次低于 P90。",
        "{draws} random draws over the price ranges (repeatable) give each option's "
        "total cost at P10 / P50 / P90: one time in ten it is below P10, half the "
        "time below P50, nine times in ten below P90.",
    ),
    "cost.p_build_text": (
        "自购/自建比最便宜的租用方式更省的概率为 {prob}。",
        "Owning is cheaper than the cheapest way of renting with probability {prob}.",
    ),
    "cost.mc_histogram": (
        "下图按每次抽样统计“最便宜的自购方式总成本减去最便宜的租用方式总成本”：落在零线左侧"
        "（绿色）的抽样中自购更省。P10 为 {p10}，P50 为 {p50}，P90 为 {p90}。",
        "The chart counts, for each draw, the cheapest owned option's total minus the "
        "cheapest renting option's total: draws left of the zero line (green) are "
        "those where owning costs less. P10 is {p10}, P50 {p50}, P90 {p90}.",
    ),
    "cost.mc_own_cheaper": ("自购更省", "Owning cheaper"),
    "cost.mc_rent_cheaper": ("租用更省", "Renting cheaper"),
    "cost.mc_missing": (
        "未运行蒙特卡洛模拟。",
        "The Monte Carlo simulation was not run.",
    ),
    "cost.recommendation": ("建议与理由", "Recommendation and reasons"),
    "cost.warnings": ("成本提示", "Cost warnings"),
    "col.p10": ("P10", "P10"),
    "col.p50": ("P50", "P50"),
    "col.p90": ("P90", "P90"),
    "col.input": ("输入", "Input"),
    "col.low": ("低值时", "At low"),
    "col.high": ("高值时", "At high"),
    "col.swing": ("变化幅度", "Swing"),
    **{f"opt.{key}": names for key, names in OPTION_NAMES.items()},
    "axis.month": ("月份", "Month"),
    "axis.gpus": ("卡数", "Cards"),
    "axis.days": ("天", "Days"),
    "axis.size": ("消息大小", "Message size"),
    "axis.busbw": ("总线带宽（GB/s）", "bus bandwidth (GB/s)"),
    # --- cost breakdown lines (keys of OptionResult.breakdown) ----------
    "bd.add_ons_bandwidth": ("公网带宽", "Public bandwidth"),
    "bd.add_ons_egress": ("出网流量", "Data egress"),
    "bd.add_ons_storage": ("共享存储", "Shared storage"),
    "bd.bandwidth": ("IDC 带宽", "IDC bandwidth"),
    "bd.burst": ("弹性补充（按量/竞价）", "Bursts (on-demand/spot)"),
    "bd.commitment_beyond_horizon": (
        "超出规划期的承诺费用",
        "Commitment beyond the horizon",
    ),
    "bd.compute": ("算力租金", "Compute rental"),
    "bd.depreciation_hardware": ("服务器与 GPU 折旧", "Server and GPU depreciation"),
    "bd.depreciation_network": ("网络设备折旧", "Network depreciation"),
    "bd.depreciation_storage": ("存储设备折旧", "Storage depreciation"),
    "bd.electricity": ("电费", "Electricity"),
    "bd.financing": ("资金成本", "Financing"),
    "bd.interruption_overhead": ("中断重跑损失", "Interruption reruns"),
    "bd.maintenance": ("维保", "Maintenance"),
    "bd.overflow_rental": ("超出自有容量的租用", "Rental beyond owned capacity"),
    "bd.replacement": (
        "硬件到寿后的换代采购（扣除旧卡残值）",
        "Replacement hardware after its life (less the old fleet’s residual)",
    ),
    "bd.rack": ("机柜租金", "Rack rent"),
    "bd.reserved": ("预留基线", "Reserved baseline"),
    "bd.retrofit": ("机房改造", "Room retrofit"),
    "bd.staff": ("运维人员", "Operations staff"),
    # --- vendors ---------------------------------------------------------
    "ven.none": (
        "尚未录入候选供应商。建议至少对比两到三家，并在每家上运行同一套测试。",
        "No candidate vendors have been entered. Compare at least two or three, and "
        "run the same test kit on each.",
    ),
    "ven.quotes": ("报价与条款", "Quotes and terms"),
    "ven.measured": ("实测结果", "Measured results"),
    "ven.no_measured": (
        "尚未导入实测结果；在实测之前，宣传参数仅供参考。",
        "No measured results have been imported yet; until then brochure figures are only indicative.",
    ),
    "ven.busbw": ("NCCL 全归约总线带宽", "NCCL all-reduce bus bandwidth"),
    "ven.scoring": ("加权评分", "Weighted scoring"),
    "ven.no_vendors_to_score": (
        "尚未录入候选供应商，无法评分。",
        "No candidate vendors have been entered, so there is nothing to score.",
    ),
    "ven.winner": (
        "按当前权重并先看验收结果，排名第一的是 {vendor}。",
        "With the current weights, and acceptance results first, {vendor} ranks first.",
    ),
    "ven.sensitivity": (
        "“{criterion}”权重{direction} {points} 分时，第一名会变成 {vendor}。",
        "If the {criterion} weight goes {direction} by {points} points, {vendor} wins instead.",
    ),
    "ven.up": ("提高", "up"),
    "ven.down": ("降低", "down"),
    "ven.robust": (
        "在 0–100 范围内单独调整任何一项权重，第一名都不会改变。",
        "No single weight, moved anywhere between 0 and 100, changes the winner.",
    ),
    "col.weight": ("权重", "Weight"),
    "col.criterion": ("评分项", "Criterion"),
    "col.test": ("测试项", "Test"),
    "col.where": ("节点 / GPU", "Node / GPU"),
    "ven.run": ("{vendor} · {nodes}、{cards}", "{vendor} · {nodes}, {cards}"),
    "ven.n_checks": (
        "{n} 项均通过（列出最弱一项）",
        "{n} checks passed (weakest shown)",
    ),
    "col.threshold": ("判定标准", "Threshold"),
    "col.verdict": ("结论", "Verdict"),
    "verdict.pass": ("通过", "pass"),
    "verdict.warn": ("警告", "warn"),
    "verdict.fail": ("不通过", "fail"),
    "verdict.info": ("参考", "info"),
    "crit.price": ("价格", "Price"),
    "crit.performance": ("实测性能", "Measured performance"),
    "crit.network": ("网络", "Network"),
    "crit.sla": ("SLA", "SLA"),
    "crit.replacement": ("换卡时效", "Card replacement"),
    "crit.power": ("电力冗余", "Power redundancy"),
    "crit.spares": ("现场备件", "Spares on site"),
    "crit.compliance": ("合规", "Compliance"),
    "crit.contract": ("合同条款", "Contract terms"),
    "col.vendor": ("供应商", "Vendor"),
    "col.kind": ("类型", "Type"),
    "col.hourly": ("按量单价", "Hourly"),
    "col.monthly": ("包月单价", "Monthly"),
    "col.sla": ("可用性 SLA", "Availability SLA"),
    "col.replace": ("换卡时间", "Card replacement"),
    "col.intranet": ("内网带宽", "Intranet"),
    "col.measured": ("实测值", "Measured"),
    "col.score": ("得分", "Score"),
    "kind.cloud": ("公有云", "Public cloud"),
    "kind.rental": ("租赁平台", "Rental platform"),
    "kind.idc": ("IDC 托管", "IDC colocation"),
    "unit.per_gpu_hour": ("{value}/卡时", "{value}/GPU-hour"),
    "unit.per_gpu_month": ("{value}/卡/月", "{value}/GPU-month"),
    "unit.hours": ("{value} 小时", "{value} h"),
    "unit.gbit": ("{value} Gbit/s", "{value} Gbit/s"),
    # --- environment / monitoring ---------------------------------------
    "env.intro": (
        "调度方式：{scheduler}；镜像 {image}（CUDA {cuda}）；{nodes}，每台 {per_node}。"
        "建议先在单台服务器上跑通，再扩展到多台。",
        "Scheduler: {scheduler}; image {image} (CUDA {cuda}); {nodes} with "
        "{per_node} each. Get one server working first, then go multi-node.",
    ),
    "env.kubernetes": ("Kubernetes 任务", "Kubernetes Job"),
    "env.slurm": ("SLURM 批处理脚本", "SLURM batch script"),
    "env.bare": ("裸机启动命令", "Bare-metal launch"),
    "sched.kubernetes": ("Kubernetes", "Kubernetes"),
    "sched.slurm": ("SLURM", "SLURM"),
    "sched.bare": ("裸机", "bare nodes"),
    "mon.intro": (
        "用 DCGM exporter 采集 GPU 指标，Prometheus 每 {scrape} 秒抓取一次，Grafana 展示。"
        "告警阈值：GPU 温度 {temp} °C，显存温度 {mem_temp} °C，利用率低于 {util}% 持续 "
        "{window} 分钟（先查数据加载），NCCL 无进展 {hang} 分钟，出现 ECC 双比特错误或 XID 错误。",
        "DCGM exporter collects GPU metrics, Prometheus scrapes them every {scrape} s "
        "and Grafana shows them. Alerts: GPU temperature {temp} °C, memory temperature "
        "{mem_temp} °C, utilization below {util}% for {window} minutes (look at data "
        "loading first), no NCCL progress for {hang} minutes, any ECC double-bit or XID error.",
    ),
    "mon.rules": ("Prometheus 告警规则", "Prometheus alert rules"),
    # --- checklist -------------------------------------------------------
    "chk.intro": (
        "共 {total} 项：通过 {passed}，未通过 {failed}，待确认 {open}，不适用 {na}。",
        "{total} items: {passed} passed, {failed} failed, {open} open, {na} not applicable.",
    ),
    "chk.open_items": ("待办事项", "Open items"),
    "chk.none_open": ("没有待办事项。", "Nothing is open."),
    "chk.empty": (
        "检查清单的条目尚未加载。",
        "The checklist definitions are not loaded.",
    ),
    "grp.six_points": ("选址六要点", "Six site points"),
    "grp.colocation": ("托管三问", "Three colocation questions"),
    "grp.contract": ("合同条款", "Contract clauses"),
    "grp.pitfalls": ("常见陷阱", "Common pitfalls"),
    "col.check": ("检查项", "Check"),
    "col.status": ("状态", "Status"),
    "col.owner": ("负责人", "Owner"),
    "col.note": ("备注 / 证据", "Note / evidence"),
    "chk.open": ("待确认", "open"),
    "chk.pass": ("通过", "pass"),
    "chk.fail": ("未通过", "fail"),
    "chk.n/a": ("不适用", "n/a"),
    # --- assumptions -----------------------------------------------------
    "asm.intro": (
        "第一张表列出编制人没有填写、取自 GPU Advisor 内置数据的数值，注明出处与日期"
        "（内置数据版本日期 {as_of}）；第二张表列出每个结果的计算公式（代入本方案的数值）"
        "与参考文献。",
        "The first table lists the figures the author did not enter, taken from "
        "GPU Advisor's built-in data, with their sources and dates (built-in data "
        "dated {as_of}); the second gives each result's formula, with this plan's "
        "values filled in, and its references.",
    ),
    "asm.defaults": ("采用的内置默认值", "Built-in defaults used"),
    "asm.unconfirmed": (
        "带 * 的数值没有数据手册或一手来源可以印证，只是估计值。签约前请向供应商"
        "索取书面报价或规格，并在项目中填入实际数值。",
        "Figures marked * have no datasheet or primary source behind them; they "
        "are estimates. Before signing, get a written quote or specification from "
        "the vendor and enter the real figure in the project.",
    ),
    "asm.formulas": ("公式与参考文献", "Formulas and references"),
    "col.name": ("名称", "Name"),
    "col.source": ("来源", "Source"),
    "col.result": ("结果", "Result"),
    "col.formula": ("公式", "Formula"),
    "col.reference": ("参考", "Reference"),
    "col.unit": ("单位", "Unit"),
    # --- sign-off --------------------------------------------------------
    "so.intro": (
        "以下人员审阅本方案并记录意见。签字即表示同意按本方案执行（有条件批准的，以备注为准）。",
        "The people below reviewed this plan. Signing means agreeing to act on it "
        "(for approval with conditions, the comment says which).",
    ),
    "col.role": ("角色", "Role"),
    "col.person": ("姓名", "Name"),
    "col.decision": ("意见", "Decision"),
    "col.date": ("日期", "Date"),
    "col.comment": ("备注", "Comment"),
    "so.signature": ("签字", "Signature"),
    "so.date_line": ("日期", "Date"),
    "dec.pending": ("待定", "pending"),
    "dec.approve": ("批准", "approve"),
    "dec.approve_with_conditions": ("有条件批准", "approve with conditions"),
    "dec.reject": ("不批准", "reject"),
    "so.fingerprint": ("方案指纹", "Plan fingerprint"),
    "so.fingerprint_text": (
        "本方案由 GPU Advisor {version} 根据项目文件生成。项目文件规范化 JSON 与程序版本的 "
        "SHA-256 指纹为：",
        "This plan was produced by GPU Advisor {version} from the project file. The "
        "SHA-256 fingerprint of the canonical project JSON and the app version is:",
    ),
    "so.verify": (
        "核验方法：在 GPU Advisor 中打开项目文件，选择“文件 → 验证方案…”，再选中本 PDF。"
        "程序会显示签名人与签名时间、签名后文件是否被改动、是否与打开的项目一致，以及证书"
        "是否可信。没有安装程序时，也可以把 PDF 与项目文件放在同一目录，运行下面的命令；"
        "返回 0 表示签名完好且项目文件与本方案一致。",
        "To verify: open the project file in GPU Advisor, choose File → Verify Plan… "
        "and pick this PDF. The app shows who signed and when, whether the document "
        "changed since, whether it matches the open project and whether the "
        "certificate is trusted. Without the app, put the PDF next to the project "
        "file and run the command below; exit status 0 means the signature is intact "
        "and the project file matches this plan.",
    ),
    "so.app_version": ("程序版本", "App version"),
}


def tr(key: str, language: Language, /, **kwargs: object) -> str:
    """The sentence ``key`` in ``language``, formatted with ``kwargs``.

    Examples
    --------
    >>> tr("doc.page_of", Language.EN, page=2, pages=9)
    'page 2 of 9'
    >>> tr("doc.page_of", Language.ZH, page=2, pages=9)
    '第 2 页，共 9 页'
    """
    zh, en = TEXTS[key]
    template = zh if language is Language.ZH else en
    return template.format(**kwargs) if kwargs else template


# --- number formats --------------------------------------------------------


def _grouped(value: float, decimals: int = 0) -> str:
    if not math.isfinite(value):
        return "—"
    return f"{value:,.{decimals}f}"


_ROLES_ZH: Final = {
    "engineering lead": "技术负责人",
    "finance": "财务",
    "management": "管理层",
    "procurement": "采购",
    "cto": "CTO",
}


def role_text(role: str, language: Language | str) -> str:
    """A sign-off role as shown: the default roles (stored in English) translated.

    >>> role_text("Finance", "zh"), role_text("Finance", "en"), role_text("法务", "zh")
    ('财务', 'Finance', '法务')
    """
    if str(language).startswith("zh"):
        return _ROLES_ZH.get(role.strip().lower(), role)
    return role


_UNITS_ZH: Final = {
    "CNY": "元",
    "CNY/GPU": "元/卡",
    "CNY/GPU-hour": "元/卡时",
    "CNY/GPU-month": "元/卡·月",
    "CNY/kWh": "元/度",
    "CNY/kW": "元/kW",
    "CNY/month": "元/月",
    "CNY/year": "元/年",
    "CNY/server": "元/台",
    "CNY/rack-month": "元/机柜·月",
    "CNY/TB": "元/TB",
    "CNY/TB-month": "元/TB·月",
    "CNY/Mbps-month": "元/Mbps·月",
    "years": "年",
    "months": "个月",
    "days": "天",
    "h": "小时",
    "s": "秒",
    "GPU-hours": "卡时",
    "GPU-h": "卡时",
    "W/GPU": "W/卡",
    "cards": "张卡",
    "count": "个",
    "params": "个参数",
    "sequences": "条序列",
    "tokens": "token",
    "1e9 tokens": "十亿 token",
    "tokens/param": "token/参数",
    "tokens/s": "token/秒",
}
NEUTRAL_UNITS: Final = frozenset(
    {"", "B", "GiB", "GB/s", "TB", "TB/month", "Mbps", "W", "kW", "MHz", "C"}
    | {"Gbit/s", "TFLOP/s", "TB/s", "×", "%"}
)
"""Units written the same way in Chinese and English."""


_UNITS_EN: Final = {"1e9 tokens": "billion tokens", "1e9": "billion", "count": ""}
"""Engine units an English reader would not write so."""

_SINGULAR_EN: Final = {
    "sequences": "sequence",
    "months": "month",
    "years": "year",
    "days": "day",
    "cards": "card",
    "GPU-hours": "GPU-hour",
}


def unit_text(unit: str, language: Language | str, value: object = None) -> str:
    """An engine unit (always English) as the reader's language writes it.

    Give ``value`` to have English say "1 month" rather than "1 months".

    >>> unit_text("CNY/GPU-hour", "zh"), unit_text("CNY/GPU-hour", "en")
    ('元/卡时', 'CNY/GPU-hour')
    >>> unit_text("months", "en", 1), unit_text("months", "en", 2)
    ('month', 'months')
    """
    if str(language).startswith("zh"):
        return _UNITS_ZH.get(unit, unit)
    unit = _UNITS_EN.get(unit, unit)
    if value == 1:
        return _SINGULAR_EN.get(unit, unit)
    return unit


def money(value_cny: float, language: Language, decimals: int = 0) -> str:
    """A CNY amount with its currency.

    Examples
    --------
    >>> money(1234567.4, Language.ZH), money(1234567.4, Language.EN)
    ('¥1,234,567', 'CNY 1,234,567')
    >>> money(-2500, Language.EN)
    '-CNY 2,500'
    """
    sign = "-" if value_cny < 0 else ""
    body = _grouped(abs(value_cny), decimals)
    return f"{sign}¥{body}" if language is Language.ZH else f"{sign}CNY {body}"


def money_short(value_cny: float, language: Language) -> str:
    """A compact CNY amount for chart axes: ``¥120万`` / ``CNY 1.2M``.

    Examples
    --------
    >>> money_short(1_200_000, Language.ZH), money_short(1_200_000, Language.EN)
    ('¥120万', 'CNY 1.2M')
    >>> money_short(0, Language.EN)
    '0'
    """
    if value_cny == 0:
        return "0"
    sign = "-" if value_cny < 0 else ""
    v = abs(value_cny)
    if language is Language.ZH:
        if v >= 1e8:
            return f"{sign}¥{_trim(v / 1e8)}亿"
        if v >= 1e4:
            return f"{sign}¥{_trim(v / 1e4)}万"
        return f"{sign}¥{_trim(v)}"
    for div, suffix in ((1e9, "B"), (1e6, "M"), (1e3, "k")):
        if v >= div:
            return f"{sign}CNY {_trim(v / div)}{suffix}"
    return f"{sign}CNY {_trim(v)}"


def _trim(value: float) -> str:
    text = f"{value:,.1f}" if value < 100 else f"{value:,.0f}"
    return text.removesuffix(".0")


def gib(value_bytes: float) -> str:
    """Bytes as GiB with one decimal.

    Examples
    --------
    >>> gib(80 * 2**30)
    '80.0 GiB'
    """
    return f"{_grouped(value_bytes / GIB, 1)} GiB"


def gpu_hours_band(low: float, high: float, language: Language) -> str:
    """A P10–P90 GPU-hour range.

    Examples
    --------
    >>> gpu_hours_band(727.4, 1375.6, Language.ZH)
    '727 – 1,376 卡时'
    """
    unit = "卡时" if language is Language.ZH else "GPU-hours"
    return f"{_grouped(low)} – {_grouped(high)} {unit}"


def gpu_hours(value: float, language: Language) -> str:
    """GPU-hours, called 卡时 in Chinese.

    Examples
    --------
    >>> gpu_hours(12345.6, Language.ZH), gpu_hours(12345.6, Language.EN)
    ('12,346 卡时', '12,346 GPU-hours')
    """
    unit = "卡时" if language is Language.ZH else "GPU-hours"
    return f"{_grouped(value)} {unit}"


def days(value: float, language: Language) -> str:
    """A duration in days.

    Examples
    --------
    >>> days(12.34, Language.ZH), days(1.0, Language.EN)
    ('12.3 天', '1.0 days')
    """
    unit = "天" if language is Language.ZH else "days"
    return f"{_grouped(value, 1)} {unit}"


def percent(fraction: float, decimals: int = 0) -> str:
    """A fraction as a percentage.

    Examples
    --------
    >>> percent(0.456), percent(0.456, 1)
    ('46%', '45.6%')
    """
    return f"{_grouped(fraction * 100, decimals)}%"


_COUNTED: Final[dict[str, tuple[str, str, str]]] = {
    "card": ("张卡", "card", "cards"),
    "server": ("台服务器", "server", "servers"),
    "month": ("个月", "month", "months"),
    "node": ("个节点", "node", "nodes"),
}
"""(Chinese measure word and noun, English singular, English plural) of counted things."""


def counted(value: int, noun: str, language: Language | str) -> str:
    """A count with its noun: "1 card", "8 cards", "8 张卡".

    >>> counted(1, "server", "en"), counted(8, "server", "en"), counted(8, "server", "zh")
    ('1 server', '8 servers', '8 台服务器')
    """
    zh, one, many = _COUNTED[noun]
    if str(language).startswith("zh"):
        return f"{_grouped(value)} {zh}"
    return f"{_grouped(value)} {one if value == 1 else many}"


def count(value: float) -> str:
    """A whole number with thousands separators.

    >>> count(1234)
    '1,234'
    """
    return _grouped(value)


def flops(value: float) -> str:
    """Floating-point operations as a power of ten, for a paragraph (reportlab markup).

    Never "1.23e21": the exponent is set as a superscript.

    Examples
    --------
    >>> flops(1.234e21)
    '1.23 × 10<super>21</super> FLOP'
    >>> flops(0)
    '0 FLOP'
    """
    if value <= 0:
        return "0 FLOP"
    exponent = math.floor(math.log10(value))
    mantissa = value / 10**exponent
    if round(mantissa, 2) >= 10:  # 9.996e21 rounds up to the next power
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{mantissa:.2f} × 10<super>{exponent}</super> FLOP"


def tokens(value: float, language: Language) -> str:
    """A token count in billions (十亿 → 亿 in Chinese).

    Examples
    --------
    >>> tokens(2e12, Language.EN), tokens(2e12, Language.ZH)
    ('2,000 B tokens', '20,000 亿 token')
    """
    if language is Language.ZH:
        return f"{_trim(value / 1e8)} 亿 token"
    return f"{_trim(value / 1e9)} B tokens"


def params(value: float, language: Language) -> str:
    """A parameter count in billions.

    Examples
    --------
    >>> params(7e9, Language.EN), params(7e9, Language.ZH)
    ('7 B', '70 亿')
    """
    if language is Language.ZH:
        return f"{_trim(value / 1e8)} 亿"
    return f"{_trim(value / 1e9)} B"
