"""Each "why?" formula in words a manager reads, in Chinese and English, values filled in.

The engine's :class:`~gpu_advisor.model.common.Explanation` keeps its
formula in the engineer's notation (``train_flops / (peak·1e12·MFU·3600)``).
:func:`formula_text` gives the reader the same formula in words, with the
input values and units substituted: ``{input.name}`` in a template becomes
"the value and unit" of that input; ``{option}`` the option's one name. An
input the template does not mention is listed after it ("where …"), so every
value behind the number is shown. Shared by the "why?" dialog and the PDF.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Explanation, InputRef
from gpu_advisor.report.glossary import (
    input_name,
    option_name,
    result_title,
    value_text,
)
from gpu_advisor.report.sources import SourceIndex, reference_text, source_text
from gpu_advisor.report.text import unit_text

_OPTION_KEY: Final = re.compile(r"^cost\.options\.([a-z_]+)\.")

FORMULA_TEXTS: Final[dict[str, tuple[str, str]]] = {
    "memory.per_gpu.weights_bytes": (
        "每卡权重显存 = 参数量 {shape.params_total} × 每参数字节数 ÷ (张量并行 "
        "{workload.tp} × 流水线并行 {workload.pp})；ZeRO 阶段为 3 时再除以数据并行 "
        "{cluster.dp}（本方案 ZeRO 阶段 {workload.zero_stage}）",
        "Weights per card = parameters {shape.params_total} × bytes per parameter "
        "÷ (tensor parallel {workload.tp} × pipeline parallel {workload.pp}); "
        "at ZeRO stage 3 also ÷ data parallel {cluster.dp} (this plan: ZeRO "
        "stage {workload.zero_stage})",
    ),
    "memory.per_gpu.gradients_bytes": (
        "每卡梯度显存 = 可训练参数量 × 2 字节 ÷ (张量并行 {workload.tp} × 流水线并行 "
        "{workload.pp})；ZeRO 阶段不低于 2 时再除以数据并行 {cluster.dp}"
        "（本方案 ZeRO 阶段 {workload.zero_stage}）",
        "Gradients per card = trainable parameters × 2 bytes ÷ (tensor parallel "
        "{workload.tp} × pipeline parallel {workload.pp}); at ZeRO stage 2 or more "
        "also ÷ data parallel {cluster.dp} (this plan: ZeRO stage "
        "{workload.zero_stage})",
    ),
    "memory.per_gpu.optimizer_bytes": (
        "每卡优化器状态 = 可训练参数量 × 每参数状态字节数（{workload.optimizer}）÷ "
        "(张量并行 {workload.tp} × 流水线并行 {workload.pp})；ZeRO 阶段不低于 1 "
        "时再除以数据并行 {cluster.dp}（本方案 ZeRO 阶段 {workload.zero_stage}）",
        "Optimizer states per card = trainable parameters × state bytes per "
        "parameter ({workload.optimizer}) ÷ (tensor parallel {workload.tp} × "
        "pipeline parallel {workload.pp}); at ZeRO stage 1 or more also ÷ data "
        "parallel {cluster.dp} (this plan: ZeRO stage {workload.zero_stage})",
    ),
    "memory.per_gpu.activations_bytes": (
        "每卡激活显存 ≈ 层数 {shape.layers} × 序列长度 {workload.seq_len} × 微批大小 "
        "{workload.micro_batch} × 隐藏维度 {shape.hidden} × 每元素字节数（随张量并行 "
        "{workload.tp}、重计算 {workload.recompute} 与 FlashAttention "
        "{workload.flash_attention} 减少）",
        "Activations per card ≈ layers {shape.layers} × sequence length "
        "{workload.seq_len} × micro-batch {workload.micro_batch} × hidden size "
        "{shape.hidden} × bytes per element (less with tensor parallel "
        "{workload.tp}, recomputation {workload.recompute} and FlashAttention "
        "{workload.flash_attention})",
    ),
    "memory.per_gpu.kv_cache_bytes": (
        "每卡 KV 缓存 = 2 × 层数 × KV 头数 {shape.kv_heads} × 头维度 × 字节数 × "
        "上下文长度 {workload.inference_context_len} × 并发数 "
        "{workload.inference_concurrency} ÷ 并行切分数",
        "KV cache per card = 2 × layers × KV heads {shape.kv_heads} × head size × "
        "bytes × context {workload.inference_context_len} × concurrent requests "
        "{workload.inference_concurrency} ÷ the cards it is split over",
    ),
    "memory.per_gpu.overhead_bytes": (
        "每卡固定开销 = 运行时、工作区与通信缓冲 {workload.framework_overhead_gib}",
        "Fixed overhead per card = runtime, workspaces and communication buffers "
        "{workload.framework_overhead_gib}",
    ),
    "memory.per_gpu.total_bytes": (
        "每卡显存合计 = 权重 + 梯度 + 优化器状态 + 激活 + KV 缓存 + 固定开销；"
        "不超过单卡显存的 90% 即放得下",
        "Memory per card = weights + gradients + optimizer states + activations + "
        "KV cache + overhead; it fits when at most 90% of the card's memory",
    ),
    "compute.train_flops": (
        "训练计算量 = (6 × 激活参数量 {shape.params_active} + 注意力项) × 训练数据量 "
        "{workload.tokens_billion}（序列长度 {workload.seq_len}，层数 {shape.layers}）",
        "Training compute = (6 × active parameters {shape.params_active} + "
        "attention term) × training data {workload.tokens_billion} (sequence "
        "length {workload.seq_len}, layers {shape.layers})",
    ),
    "compute.gpu_hours": (
        "所需卡时 = 训练计算量 ÷ (单卡峰值算力 × 算力利用率 {compute.mfu} × 3,600 秒)",
        "GPU-hours = training compute ÷ (peak compute per card × utilisation "
        "{compute.mfu} × 3,600 seconds)",
    ),
    "compute.gpu_hours_with_redundancy": (
        "含冗余卡时 = 所需卡时 × 冗余系数 {redundancy_factor}（失败与重跑）",
        "GPU-hours with redundancy = GPU-hours × redundancy factor "
        "{redundancy_factor} (failed and repeated runs)",
    ),
    "cluster.min_gpus": (
        "最少卡数 = 使每卡显存合计不超过单卡显存 90% 的最小并行规模",
        "Fewest cards = the smallest parallel layout whose memory per card stays "
        "within 90% of the card's memory",
    ),
    "cluster.days": (
        "训练天数 = 含冗余卡时 ÷ (卡数 {cluster.gpus} × 24 小时 × 扩展效率 "
        "{cluster.scaling_efficiency})",
        "Days = GPU-hours with redundancy ÷ (cards {cluster.gpus} × 24 hours × "
        "scaling efficiency {cluster.scaling_efficiency})",
    ),
    "cluster.gpus_for_deadline": (
        "按期卡数 = 使训练天数不超过期限 {workload.deadline_days} 的最少卡数",
        "Cards for the deadline = the fewest cards that finish within "
        "{workload.deadline_days}",
    ),
    "cluster.network_needed_id": (
        "所需网络 = 在 {cluster.gpus} 时扩展效率仍不低于目标 "
        "{network.TARGET_SCALING_EFFICIENCY} 的最慢一档节点间网络",
        "Network needed = the slowest class between nodes that still keeps the "
        "target scaling efficiency {network.TARGET_SCALING_EFFICIENCY} at "
        "{cluster.gpus}",
    ),
    "cluster.scaling_efficiency": (
        "扩展效率 = 计算时间 ÷ (计算时间 + 未被计算掩盖的梯度同步时间)，"
        "卡数 {cluster.gpus}，网络 {cluster.network_id}",
        "Scaling efficiency = compute time ÷ (compute time + gradient exchange "
        "not hidden behind compute), with {cluster.gpus} on {cluster.network_id}",
    ),
    "storage.checkpoint_bytes": (
        "检查点大小 = 可训练参数量 × (2 字节权重 + 优化器状态字节数，"
        "{workload.optimizer})；LoRA 只存适配器",
        "Checkpoint size = trainable parameters × (2-byte weights + optimizer "
        "state bytes, {workload.optimizer}); LoRA saves the adapters only",
    ),
    "storage.checkpoint_write_gb_per_s": (
        "检查点写入带宽 = 检查点大小 {storage.checkpoint_bytes} ÷ 目标写入时间 "
        "{sizing.CHECKPOINT_WRITE_TARGET_S}",
        "Checkpoint write bandwidth = checkpoint size {storage.checkpoint_bytes} ÷ "
        "target write time {sizing.CHECKPOINT_WRITE_TARGET_S}",
    ),
    "compute.chinchilla_tokens": (
        "算力最优数据量 = 每参数数据量 {compute.CHINCHILLA_TOKENS_PER_PARAM} × "
        "激活参数量 {shape.params_active}",
        "Compute-optimal data = tokens per parameter "
        "{compute.CHINCHILLA_TOKENS_PER_PARAM} × active parameters "
        "{shape.params_active}",
    ),
    "cost.options.*.total_cny": (
        "{option}规划期总成本 = 各月 (单价 × 按计费粒度取整的卡时 × 卡数) 之和 + 附加费用",
        "{option}, total = the sum over the months of (price × card-hours rounded "
        "up to the billing unit × cards) + add-ons",
    ),
    "cost.options.spot.total_cny": (
        "{option}规划期总成本 = 按量价格 {budget.on_demand_cny_per_gpu_hour} × 竞价系数 "
        "{budget.spot_price_factor} × 卡时 × (1 + 每实例回收频率 "
        "{budget.spot_interruptions_per_100_hours} ÷ 100 × 作业占用的实例数 "
        "{cost.spot_job.instances} × (检查点间隔 {workload.checkpoint_interval_hours} "
        "÷ 2 + 重启时间 {budget.restart_hours})) + 附加费用；实例数 = 作业卡数 "
        "{cluster.gpus} ÷ 每台服务器卡数，向上取整：任一实例被回收，整个同步训练作业即中断，"
        "全部卡上的工作都要重跑",
        "{option}, total = on-demand price {budget.on_demand_cny_per_gpu_hour} × "
        "spot factor {budget.spot_price_factor} × GPU-hours × (1 + reclaims per "
        "instance {budget.spot_interruptions_per_100_hours} ÷ 100 × instances the "
        "job runs on {cost.spot_job.instances} × (checkpoint interval "
        "{workload.checkpoint_interval_hours} ÷ 2 + restart {budget.restart_hours})) "
        "+ add-ons; instances = job cards {cluster.gpus} ÷ cards per server, rounded "
        "up: a reclaim of any instance stops the whole synchronous job and its "
        "work is re-run on all its cards",
    ),
    "cost.options.owned.total_cny": (
        "{option}规划期总成本 = 购卡、服务器、网络与存储的价格 − 期末可变现价值 + 电费、"
        "机房、带宽、运维与维保 + 融资成本",
        "{option}, total = price of the cards, servers, network and storage − "
        "their resale value at the end + electricity, room or rack, bandwidth, "
        "staff and maintenance + financing",
    ),
    "cost.options.*.npv_cny": (
        "{option}现值 = 各月现金流按年折现率 {budget.discount_rate_per_year} 折现后之和"
        "（规划期 {meta.horizon_months}，首月不折现）",
        "{option}, present value = the monthly cash flows discounted at "
        "{budget.discount_rate_per_year} a year, summed over {meta.horizon_months} "
        "(month 1 not discounted)",
    ),
    "cost.options.*.cost_per_useful_gpu_hour_cny": (
        "{option}每有效卡时成本 = 规划期总成本 ÷ 实际使用的卡时",
        "{option}, cost per useful GPU-hour = total over the horizon ÷ GPU-hours "
        "actually used",
    ),
    "cost.options.*.utilization": (
        "{option}利用率 = 实际使用的卡时 ÷ 付费的卡时（按计费粒度取整）",
        "{option}, utilisation = GPU-hours used ÷ GPU-hours paid for (rounded up "
        "to the billing unit)",
    ),
    "cost.break_even.utilization": (
        "盈亏平衡利用率 = (自有固定成本 − 租用附加费) ÷ ((租用单价 − 自有每卡时成本) × "
        "卡数 × 730 小时 × 月数)",
        "Break-even utilisation = (fixed cost of owning − renting add-ons) ÷ "
        "((rental price − owned cost per used GPU-hour) × cards × 730 hours × months)",
    ),
    "cost.break_even.month": (
        "回本月份 = 自有方案累计现金支出首次不高于租用方案累计支出的月份"
        "（规划期 {meta.horizon_months}）",
        "Payback month = the first month in which the owned option's cumulative "
        "cash is no more than renting's (horizon {meta.horizon_months})",
    ),
    "cost.break_even.rule_six_months": (
        "月租金 {monthly rent} 高于月折旧加电费 {depreciation + electricity}，"
        "且需求持续至少 {breakeven.SIX_MONTHS}（本方案 {months with planned demand}）"
        "时才值得自购",
        "Buy only when the monthly rent {monthly rent} exceeds the monthly "
        "depreciation plus electricity {depreciation + electricity} and demand "
        "lasts at least {breakeven.SIX_MONTHS} (this plan: "
        "{months with planned demand})",
    ),
    "cost.commitment.yearly_share_of_on_demand": (
        "包年单价 {cost.commitment.yearly_cny_per_gpu_month} = 包年折扣 "
        "{budget.yearly_price_factor} × 包月标价 {budget.monthly_cny_per_gpu_month}；"
        "相当于按量付费标价 {budget.on_demand_cny_per_gpu_hour} × 730 小时的 "
        "{cost.commitment.yearly_share_of_on_demand}；竞价实例单价 = 竞价折扣 "
        "{budget.spot_price_factor} × 按量付费标价",
        "Yearly price {cost.commitment.yearly_cny_per_gpu_month} = yearly factor "
        "{budget.yearly_price_factor} × the monthly list price "
        "{budget.monthly_cny_per_gpu_month}; that is "
        "{cost.commitment.yearly_share_of_on_demand} of the on-demand list price "
        "{budget.on_demand_cny_per_gpu_hour} × 730 hours; spot price = spot factor "
        "{budget.spot_price_factor} × the on-demand list price",
    ),
    "cost.recommendation.mix_detail": (
        "预留基线 {max(recommendation.mix_detail.baseline_gpus)}"
        "（{recommendation.mix_detail.baseline_kind}）使预留成本加弹性成本最低；"
        "超出部分 {recommendation.mix_detail.burst_gpu_hours} 用"
        "{recommendation.mix_detail.burst_kind}",
        "A reserved baseline of {max(recommendation.mix_detail.baseline_gpus)} "
        "({recommendation.mix_detail.baseline_kind}) keeps reserved plus burst "
        "cost lowest; the hours above it, "
        "{recommendation.mix_detail.burst_gpu_hours}, run on "
        "{recommendation.mix_detail.burst_kind}",
    ),
}
"""(zh, en) formula in words per result key (``*`` stands for the option id)."""

_OWNED_TOTALS: Final = frozenset(
    f"cost.options.{option}.total_cny" for option in ("colocation", "self_build")
)
"""Owned options: bought hardware, not rented hours."""

_PLACEHOLDER: Final = re.compile(r"\{([^{}]+)\}")

ValueFormatter = Callable[[float], str]
"""Formats a number in the reader's locale (grouped digits, never ``1e+21``)."""


def catalog_names(catalog: Catalog) -> dict[str, str]:
    """Display names of the catalog ids an input value can be (networks, GPUs).

    The network's model without the English gloss: "InfiniBand NDR 400 Gb/s".
    """
    names = {n.id: n.name.split(" (")[0].split(",")[0] for n in catalog.networks}
    return names | {g.id: g.name for g in catalog.gpus}


def template_key(key: str) -> str:
    """The :data:`FORMULA_TEXTS` key of a result key.

    >>> template_key("cost.options.spot.npv_cny")
    'cost.options.*.npv_cny'
    """
    return _OPTION_KEY.sub("cost.options.*.", key)


PERCENT_INPUTS: Final = frozenset(
    {
        "compute.mfu",
        "workload.mfu",
        "compute.recompute_mfu_factor",
        "cluster.scaling_efficiency",
        "network.TARGET_SCALING_EFFICIENCY",
        "budget.spot_price_factor",
        "budget.yearly_price_factor",
        "budget.residual_fraction",
        "budget.resale_haircut",
        "budget.network_fraction_of_hardware",
        "budget.maintenance_fraction_per_year",
        "budget.discount_rate_per_year",
        "budget.financing_rate_per_year",
        "budget.gpu_load_factor",
        "cost.commitment.yearly_share_of_on_demand",
    }
)
"""Inputs that are shares or rates: shown as a percentage ("38.2%", not 0.382367)."""

_PERCENT_NAME: Final = re.compile(
    r"^(?:catalog\.networks\.[^.]+\.efficiency|scaling efficiency with .+"
    r"|cost\.options\.[a-z_]+\.utilization)$"
)


def _percent(value: float) -> str:
    """A share as a percentage with at most one decimal.

    >>> _percent(0.382367), _percent(0.5), _percent(0.875)
    ('38.2%', '50%', '87.5%')
    """
    text = f"{value * 100:,.1f}".rstrip("0").rstrip(".")
    return f"{text}%"


def display_value(
    ref: InputRef, language: str, number: ValueFormatter, names: dict[str, str]
) -> tuple[str, str]:
    """An input's value and unit as the reader reads them.

    Shares are percentages, bytes GiB, parameter and token counts in the
    reader's large units (亿 in Chinese, billion in English); catalog ids by
    their model name, flags and kinds in words.

    >>> ref = InputRef(name="compute.mfu", value=0.382367, source="engine")
    >>> display_value(ref, "zh", str, {})
    ('38.2%', '')
    >>> ref = InputRef(name="shape.params_total", value=13e9, unit="params", source="project")
    >>> display_value(ref, "zh", "{:,.0f}".format, {}), display_value(ref, "en", "{:,.0f}".format, {})
    (('130', '亿个参数'), ('13', 'billion parameters'))
    """
    value = ref.value
    if isinstance(value, str):
        return names.get(value) or value_text(value, language), ""
    zh = str(language).startswith("zh")
    unit = ref.unit
    if unit in ("", "1", "fraction") and (
        ref.name in PERCENT_INPUTS or _PERCENT_NAME.match(ref.name)
    ):
        return _percent(value), ""
    if unit == "B":
        return f"{value / 2**30:,.1f}", "GiB"
    if unit == "params":
        return (
            (number(value / 1e8), "亿个参数")
            if zh
            else (
                number(value / 1e9),
                "billion parameters",
            )
        )
    if unit == "1e9 tokens":
        return (
            (number(value * 10), "亿 token")
            if zh
            else (
                number(value),
                "billion tokens",
            )
        )
    return number(value), unit_text(unit, language, value)


def input_value(
    ref: InputRef, language: str, number: ValueFormatter, names: dict[str, str]
) -> str:
    """An input's value and unit as the reader reads it ("312 TFLOP/s", "包月")."""
    value, unit = display_value(ref, language, number, names)
    if unit == "%":
        return f"{value}%"
    return f"{value} {unit}".strip()


@dataclass(frozen=True)
class InputRow:
    """One input behind a number, in the reader's words."""

    name: str
    value: str
    unit: str
    source: str
    date: str
    """Date of the figure (``""`` for what the user typed or the plan computed)."""
    kind: str
    """Kind of source: see :class:`gpu_advisor.report.sources.SourceText`."""
    confirmed: bool


def input_rows(
    explanation: Explanation,
    language: str,
    number: ValueFormatter,
    names: dict[str, str],
    index: SourceIndex,
) -> list[InputRow]:
    """Every input of ``explanation``: human name, value, unit, source and date."""
    rows: list[InputRow] = []
    for ref in explanation.inputs:
        value, unit = display_value(ref, language, number, names)
        source = source_text(ref.source, language, index)
        rows.append(
            InputRow(
                name=input_name(ref.name, language, names),
                value=value,
                unit=unit,
                source=source.text,
                date=source.date,
                kind=source.kind,
                confirmed=ref.confirmed,
            )
        )
    return rows


@dataclass(frozen=True)
class ReaderExplanation:
    """A "why?" for a manager: title, formula in words, inputs and reference."""

    title: str
    formula: str
    inputs: list[InputRow]
    reference: str


def explain(
    explanation: Explanation,
    language: str,
    number: ValueFormatter,
    catalog: Catalog | None = None,
    index: SourceIndex | None = None,
) -> ReaderExplanation:
    """The explanation as the "why?" dialog and the plan's annex show it.

    Parameters
    ----------
    explanation : Explanation
        The engine's explanation of one result.
    language : str
        ``"zh…"`` or ``"en…"``.
    number : callable
        Formats a number in the reader's locale.
    catalog : Catalog, optional
        Names GPU and network models and dates and titles the sources.
    index : SourceIndex, optional
        ``SourceIndex.of(catalog)``, when the caller keeps one.
    """
    names = catalog_names(catalog) if catalog is not None else {}
    index = index or SourceIndex.of(catalog)
    return ReaderExplanation(
        title=result_title(explanation.key, language),
        formula=formula_text(explanation, language, number, names),
        inputs=input_rows(explanation, language, number, names, index),
        reference=reference_text(explanation.reference, language)
        if explanation.reference
        else "",
    )


def formula_text(
    explanation: Explanation,
    language: str,
    number: ValueFormatter,
    names: dict[str, str] | None = None,
) -> str:
    """The formula of ``explanation`` in words, with its inputs' values substituted.

    Falls back to the engine's notation for a result without a text here.
    """
    zh = str(language).startswith("zh")
    names = names or {}
    texts = FORMULA_TEXTS.get(explanation.key) or FORMULA_TEXTS.get(
        template_key(explanation.key)
    )
    if explanation.key in _OWNED_TOTALS:
        texts = FORMULA_TEXTS["cost.options.owned.total_cny"]
    refs = {ref.name: ref for ref in explanation.inputs}
    used: set[str] = set()
    match = _OPTION_KEY.match(explanation.key)
    option = option_name(match.group(1), language) if match else ""

    def fill(found: re.Match[str]) -> str:
        name = found.group(1)
        if name == "option":
            return option
        ref = refs.get(name)
        if ref is None:
            return "—"
        used.add(name)
        return input_value(ref, language, number, names)

    text = (
        explanation.formula
        if texts is None
        else _PLACEHOLDER.sub(fill, texts[0 if zh else 1])
    )
    rest = [
        f"{input_name(ref.name, language, names)} "
        f"{input_value(ref, language, number, names)}"
        for ref in explanation.inputs
        if ref.name not in used
    ]
    if rest and texts is not None:
        text += ("；其中 " if zh else "; where ") + ("，" if zh else ", ").join(rest)
    return text + ("。" if zh else ".") if texts is not None else text
