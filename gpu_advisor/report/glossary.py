"""One name per option, per input and per unit: the words the UI, the PDF and "why?" share.

Every option id of :class:`gpu_advisor.model.project.OptionId` has exactly
one (zh, en) name here; a new option id needs one entry and nothing else.
Colocation is 托管 (owned hardware in a rented rack), as the market says.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from gpu_advisor.engine.names import ARTICLE_PUBLISHER
from gpu_advisor.engine.names import ARTICLE_TITLES as ENGINE_ARTICLE_TITLES
from gpu_advisor.words.terms import option_names

ENGINE_OPTION_NAMES = option_names()  # the catalogs' option.<id>, (en, zh)

OPTION_NAMES: Final[dict[str, tuple[str, str]]] = {
    option.value: (zh, en) for option, (en, zh) in ENGINE_OPTION_NAMES.items()
}
"""(zh, en) name of each option id."""


def option_name(option_id: str, language: str) -> str:
    """The one name of an option in ``language`` ("zh…" or "en…").

    >>> option_name("colocation", "zh"), option_name("colocation", "en")
    ('托管', 'Colocation')
    >>> option_name("hybrid", "zh")
    '自有基线＋租用峰值'
    >>> option_name("lease", "en")
    'lease'
    """
    names = OPTION_NAMES.get(str(option_id))
    if names is None:
        return str(option_id)
    return names[0] if str(language).startswith("zh") else names[1]


ARTICLE_TITLES: Final[dict[str, tuple[str, str]]] = {
    number: (zh, en) for number, (en, zh) in ENGINE_ARTICLE_TITLES.items()
}
"""(zh, en) titles of the idctop.com articles, keyed by their number in the engine's notes."""

_CITED_EN: Final = re.compile(
    "“(" + "|".join(re.escape(en) for _zh, en in ARTICLE_TITLES.values()) + ")”"
    r" \(idctop\.com\)((?: \([^()]*\))*)"
)
"""An engine citation (:func:`gpu_advisor.engine.names.article`) and its notes."""
_HAN: Final = re.compile(r"[\u4e00-\u9fff]")

_NUMBERED_ZH: Final = re.compile(r"种子文章\s*(00\d)")
_RULE_EN: Final = re.compile(r"\b[Ss]eed\s+(00\d)'s (rule(?: of thumb)?)")
_NUMBERED_EN: Final = re.compile(r"\b[Ss]eeds?\s+(00\d)(?:'s)?")
_GENERIC: Final = (
    (re.compile(r"种子文章"), "idctop.com 的文章", "idctop.com articles"),
    (re.compile(r"\b[Tt]he seeds'"), "idctop.com 文章的", "the idctop.com articles'"),
    (re.compile(r"\b[Tt]he seeds\b"), "idctop.com 的文章", "the idctop.com articles"),
    (re.compile(r"\b[Ss]eed articles?\b"), "idctop.com 的文章", "idctop.com articles"),
)


def cite_articles(text: str, language: str) -> str:
    """Replace the engine's internal article numbers with title and publisher.

    >>> cite_articles("Seed 003's rule: rent", "en")
    'The rule in “AI training in Shanghai: renting GPUs or buying cards” (idctop.com): rent'
    >>> cite_articles("种子文章 003 的经验法则", "zh")
    'idctop.com 文章《上海 AI 训练：租用 GPU 还是自购显卡》的经验法则'
    >>> cite_articles("the seeds' six-month line", "en")
    "the idctop.com articles' six-month line"
    >>> from gpu_advisor.engine.names import article
    >>> cite_articles(article("003", "payback period", "回本周期"), "zh")
    'idctop.com 文章《上海 AI 训练：租用 GPU 还是自购显卡》（回本周期）'
    """
    zh = str(language).startswith("zh")
    if "idctop.com)" in text:
        text = _CITED_EN.sub(lambda m: _cited(m, zh), text)
    if "eed" not in text and "种子" not in text:
        return text

    def numbered(match: re.Match[str]) -> str:
        names = ARTICLE_TITLES.get(match.group(1))
        if names is None:
            return match.group(0)
        if zh:
            return f"{ARTICLE_PUBLISHER} 文章《{names[0]}》"
        return f"“{names[1]}” ({ARTICLE_PUBLISHER})"

    def rule(match: re.Match[str]) -> str:
        the = "The" if match.start() == 0 else "the"
        return f"{the} {match.group(2)} in {numbered(match)}"

    text = _NUMBERED_ZH.sub(numbered, text)
    if not zh:
        text = _RULE_EN.sub(rule, text)
    text = _NUMBERED_EN.sub(numbered, text)
    for pattern, zh_text, en_text in _GENERIC:
        text = pattern.sub(zh_text if zh else en_text, text)
    return text.replace("》 的", "》的")


def _cited(match: re.Match[str], zh: bool) -> str:
    """An engine citation in the reader's language, with the notes in it."""
    en_title = match.group(1)
    title = next(z for z, e in ARTICLE_TITLES.values() if e == en_title)
    notes = re.findall(r" \(([^()]*)\)", match.group(2))
    mine = [n for n in notes if bool(_HAN.search(n)) == zh]
    if zh:
        return f"{ARTICLE_PUBLISHER} 文章《{title}》" + "".join(
            f"（{n}）" for n in mine
        )
    return f"“{en_title}” ({ARTICLE_PUBLISHER})" + "".join(f" ({n})" for n in mine)


RESULT_TITLES: Final[dict[str, tuple[str, str]]] = {
    "cluster.days": ("训练所需天数", "Days of training"),
    "cluster.gpus_for_deadline": (
        "按期完成所需卡数",
        "Cards needed to meet the deadline",
    ),
    "cluster.min_gpus": ("放得下模型的最少卡数", "Fewest cards that hold the model"),
    "cluster.network_needed_id": ("所需的节点间网络", "Network needed between nodes"),
    "cluster.scaling_efficiency": ("多机扩展效率", "Scaling efficiency across nodes"),
    "compute.chinchilla_tokens": (
        "算力最优的训练数据量",
        "Compute-optimal training data",
    ),
    "compute.gpu_hours": ("所需卡时", "GPU-hours needed"),
    "compute.gpu_hours_with_redundancy": ("含冗余的卡时", "GPU-hours with redundancy"),
    "compute.train_flops": ("训练总计算量", "Total training compute"),
    "compute.decode_tokens_per_s_per_gpu": (
        "单卡推理吞吐",
        "Serving throughput per card",
    ),
    "cost.break_even.month": ("回本月份", "Payback month"),
    "cost.break_even.rule_six_months": (
        "买卡还是租卡的半年规则",
        "Six-month rule: buy or rent",
    ),
    "cost.break_even.utilization": (
        "自有设备的盈亏平衡利用率",
        "Break-even utilisation of owned hardware",
    ),
    "cost.recommendation.mix_detail": (
        "预留基线与弹性补充的划分",
        "Reserved baseline and bursts",
    ),
    "cost.commitment.yearly_share_of_on_demand": (
        "包年价格相对按量付费的折扣",
        "Yearly commitment against the on-demand price",
    ),
    "memory.per_gpu.activations_bytes": (
        "单卡激活值显存",
        "Activation memory per card",
    ),
    "memory.per_gpu.gradients_bytes": ("单卡梯度显存", "Gradient memory per card"),
    "memory.per_gpu.kv_cache_bytes": ("单卡 KV 缓存显存", "KV cache memory per card"),
    "memory.per_gpu.optimizer_bytes": (
        "单卡优化器状态显存",
        "Optimizer memory per card",
    ),
    "memory.per_gpu.overhead_bytes": (
        "单卡运行时开销显存",
        "Runtime overhead memory per card",
    ),
    "memory.per_gpu.total_bytes": ("单卡显存需求", "Memory needed per card"),
    "memory.per_gpu.weights_bytes": ("单卡权重显存", "Weight memory per card"),
    "storage.checkpoint_bytes": ("检查点大小", "Checkpoint size"),
    "storage.checkpoint_write_gb_per_s": (
        "检查点写入带宽",
        "Checkpoint write bandwidth",
    ),
}
"""(zh, en) title of each explained result."""

_OPTION_FIELD_TITLES: Final[dict[str, tuple[str, str]]] = {
    "total_cny": ("{option}：规划期总成本", "{option}: total over the horizon"),
    "npv_cny": ("{option}：净现值", "{option}: present value"),
    "cost_per_useful_gpu_hour_cny": (
        "{option}：每个有效卡时的成本",
        "{option}: cost per GPU-hour actually used",
    ),
    "utilization": ("{option}：利用率", "{option}: utilisation"),
    "billed_gpu_hours": ("{option}：计费卡时", "{option}: GPU-hours paid for"),
    "useful_gpu_hours": ("{option}：有效卡时", "{option}: GPU-hours used"),
    "gpus": ("{option}：卡数", "{option}: cards"),
}

INPUT_NAMES: Final[dict[str, tuple[str, str]]] = {
    "compute.recompute_mfu_factor": (
        "重计算对 MFU 的折减",
        "MFU factor for activation recomputation",
    ),
    "workload.framework": ("训练框架", "Training framework"),
    "demand.months": ("每月需求计划", "Monthly demand plan"),
    "cost.commitment.yearly_cny_per_gpu_month": (
        "包年单价",
        "Yearly price per card and month",
    ),
    "cost.commitment.yearly_share_of_on_demand": (
        "包年价相当于按量付费价的比例",
        "Yearly price as a share of on-demand",
    ),
    "workload.gpu_id": ("GPU 型号", "GPU model"),
    "workload.gpus": ("总卡数", "Total cards"),
    "meta.region_id": ("地区", "Region"),
    "budget.options": ("比较的方案", "Options compared"),
    "budget.owned_gpus": ("自有卡数", "Cards owned"),
    "workload.mfu": ("算力利用率（MFU）", "Model FLOPs utilisation (MFU)"),
    "breakeven.SIX_MONTHS": (
        "规则要求的稳定月数",
        "Months of steady demand the rule asks for",
    ),
    "budget.billing_granularity_hours": ("计费粒度", "Billing granularity"),
    "budget.deposit_months": ("押金月数", "Deposit (months of rent)"),
    "budget.discount_rate_per_year": ("年折现率", "Discount rate per year"),
    "budget.electricity_cny_per_kwh": ("电价", "Electricity price"),
    "budget.financing_rate_per_year": ("年融资利率", "Financing rate per year"),
    "budget.gpu_load_factor": ("显卡平均负载", "Average card load"),
    "budget.gpu_price_cny": ("整卡价格", "Card price"),
    "budget.hardware_life_years": ("设备使用年限", "Hardware life"),
    "budget.idc_bandwidth_cny_per_month": (
        "机房带宽月费",
        "Data-centre bandwidth per month",
    ),
    "budget.maintenance_fraction_per_year": (
        "年维保费率",
        "Maintenance per year (share of price)",
    ),
    "budget.monthly_cny_per_gpu_month": ("包月单价", "Monthly rent per card"),
    "budget.network_fraction_of_hardware": (
        "网络占硬件投资比例",
        "Network share of hardware cost",
    ),
    "budget.on_demand_cny_per_gpu_hour": ("按量单价", "On-demand price per GPU-hour"),
    "budget.ops_fte_per_100_gpus": ("每百卡运维人数", "Operations staff per 100 cards"),
    "budget.ops_salary_cny_per_year": ("运维人员年薪", "Operations salary per year"),
    "budget.public_bandwidth_cny_per_mbps_month": (
        "公网带宽单价",
        "Public bandwidth price",
    ),
    "budget.pue": ("机房能效比（PUE）", "Power usage effectiveness (PUE)"),
    "budget.rack_cny_per_month": ("机柜月租", "Rack rent per month"),
    "budget.resale_haircut": ("二手折价", "Resale discount"),
    "budget.residual_fraction": ("期末残值比例", "Residual value at the end"),
    "budget.restart_hours": ("中断后重跑时长", "Rerun time after an interruption"),
    "budget.retrofit_cny_per_kw": ("机房改造单价", "Room retrofit per kW"),
    "budget.server_cny_per_server": (
        "服务器整机（不含卡）价格",
        "Server price without cards",
    ),
    "budget.server_overhead_w_per_gpu": (
        "服务器其他部件功耗",
        "Server power besides the cards",
    ),
    "budget.spot_interruptions_per_100_hours": (
        "竞价实例回收频率（每实例每 100 小时）",
        "Spot reclaims per instance per 100 hours",
    ),
    "cost.spot_job.instances": ("作业占用的实例数", "Instances the job runs on"),
    "cost.spot_job.overhead_fraction": (
        "竞价重跑增加的卡时比例",
        "Extra card-hours re-run on spot",
    ),
    "budget.spot_price_factor": ("竞价折扣", "Spot price as a share of on-demand"),
    "budget.storage_cny_per_tb": ("存储单价", "Storage price per TB"),
    "budget.yearly_price_factor": ("包年折扣", "Yearly price as a share of list"),
    "cluster.dp": ("数据并行度", "Data-parallel groups"),
    "cluster.gpus": ("集群卡数", "Cards in the cluster"),
    "cluster.network_id": ("节点间网络", "Network between nodes"),
    "cluster.scaling_efficiency": ("多机扩展效率", "Scaling efficiency"),
    "compute.CHINCHILLA_TOKENS_PER_PARAM": (
        "每个参数的最优训练数据量",
        "Compute-optimal tokens per parameter",
    ),
    "compute.mfu": ("算力利用率（MFU）", "Model FLOPs utilisation (MFU)"),
    "meta.horizon_months": ("规划期", "Planning horizon"),
    "network.TARGET_SCALING_EFFICIENCY": ("目标扩展效率", "Target scaling efficiency"),
    "redundancy_factor": ("冗余系数", "Redundancy factor"),
    "shape.heads": ("注意力头数", "Attention heads"),
    "shape.hidden": ("隐藏层宽度", "Hidden size"),
    "shape.kv_heads": ("KV 头数", "KV heads"),
    "shape.layers": ("层数", "Layers"),
    "shape.params_active": ("激活参数量", "Active parameters"),
    "shape.params_total": ("总参数量", "Total parameters"),
    "sizing.CHECKPOINT_WRITE_TARGET_S": (
        "检查点写入目标时长",
        "Target time to write a checkpoint",
    ),
    "storage.checkpoint_bytes": ("检查点大小", "Checkpoint size"),
    "workload.checkpoint_interval_hours": ("检查点间隔", "Checkpoint interval"),
    "workload.deadline_days": ("工期", "Deadline"),
    "workload.flash_attention": ("FlashAttention", "FlashAttention"),
    "workload.framework_overhead_gib": ("框架显存开销", "Framework memory overhead"),
    "workload.inference_concurrency": ("推理并发数", "Concurrent requests"),
    "workload.expert_parallel": ("专家并行度", "Expert parallelism"),
    "workload.inference_context_len": ("推理上下文长度", "Serving context length"),
    "workload.micro_batch": ("微批大小", "Micro-batch size"),
    "workload.optimizer": ("优化器", "Optimizer"),
    "workload.pp": ("流水线并行度", "Pipeline parallelism"),
    "workload.precision": ("训练精度", "Precision"),
    "workload.recompute": ("激活重计算", "Activation recomputation"),
    "workload.seq_len": ("序列长度", "Sequence length"),
    "workload.task": ("任务类型", "Task"),
    "workload.tokens_billion": ("训练数据量", "Training data"),
    "workload.tp": ("张量并行度", "Tensor parallelism"),
    "workload.zero_stage": ("ZeRO 阶段", "ZeRO stage"),
    "recommendation.mix_detail.baseline_kind": (
        "基线的计费方式",
        "How the baseline is billed",
    ),
    "recommendation.mix_detail.burst_gpu_hours": ("弹性补充卡时", "Burst GPU-hours"),
    "recommendation.mix_detail.burst_kind": (
        "弹性补充的计费方式",
        "How bursts are billed",
    ),
    "recommendation.mix_detail.reserved_gpu_hours": ("基线卡时", "Baseline GPU-hours"),
    "max(recommendation.mix_detail.baseline_gpus)": (
        "基线最多卡数",
        "Most baseline cards",
    ),
    "months with planned demand": ("有计划用量的月数", "Months with planned demand"),
    "monthly rent": ("月租金", "Monthly rent"),
    "depreciation + electricity": (
        "月折旧加电费",
        "Depreciation plus electricity per month",
    ),
    "micro-batches per step per rank": (
        "每步每卡的微批数",
        "Micro-batches per step per card",
    ),
    "gradient bytes per rank (bf16 / (tp·pp))": (
        "每卡梯度数据量",
        "Gradient data per card",
    ),
}
"""(zh, en) human name of each input the engine explains."""

_CATALOG_FIELDS: Final[dict[str, tuple[str, str]]] = {
    "gpus_per_server": ("每台服务器卡数", "cards per server"),
    "memory_gb": ("显存", "memory"),
    "peak_tflops": ("峰值算力", "peak compute"),
    "tdp_w": ("功耗", "power"),
    "bandwidth_gbit_per_s_per_gpu": ("每卡带宽", "bandwidth per card"),
    "efficiency": ("实际效率", "efficiency"),
    "rack_power_kw": ("机柜供电", "rack power"),
}
_REGIONS: Final[dict[str, tuple[str, str]]] = {
    "beijing": ("北京", "Beijing"),
    "shanghai": ("上海", "Shanghai"),
    "shenzhen": ("深圳", "Shenzhen"),
}
_OPTION_IN_KEY: Final = re.compile(r"^cost\.options\.([a-z_]+)\.([a-z_]+)$")
_CATALOG_KEY: Final = re.compile(
    r"^catalog\.(gpus|networks|regions)\.([^.]+)\.([a-z_]+)$"
)
_FREE_OPTION: Final = re.compile(
    r"\b(on_demand|monthly|yearly|spot|mix|colocation|self_build)\b"
)


_FREE_NAMES: Final = (
    (re.compile(r"^owned option: ([a-z_]+)$"), "自有方案：{0}", "Owned option: {0}"),
    (re.compile(r"^renting option: ([a-z_]+)$"), "租用方案：{0}", "Rented option: {0}"),
    (re.compile(r"^([a-z_]+) cash in month 1$"), "{0}首月现金", "{0}: cash in month 1"),
    (
        re.compile(r"^scaling efficiency with (\S+) at (\d+) cards$"),
        "{0} 在 {1} 卡时的扩展效率",
        "Scaling efficiency with {0} at {1} cards",
    ),
)


def _pick(names: tuple[str, str], language: str) -> str:
    return names[0] if str(language).startswith("zh") else names[1]


def result_title(key: str, language: str) -> str:
    """The explained result in words.

    >>> result_title("cost.options.colocation.total_cny", "zh")
    '托管：规划期总成本'
    >>> result_title("compute.gpu_hours", "en")
    'GPU-hours needed'
    """
    if key in RESULT_TITLES:
        return _pick(RESULT_TITLES[key], language)
    match = _OPTION_IN_KEY.match(key)
    if match and match.group(2) in _OPTION_FIELD_TITLES:
        template = _pick(_OPTION_FIELD_TITLES[match.group(2)], language)
        return template.format(option=option_name(match.group(1), language))
    return key


def input_name(name: str, language: str, names: Mapping[str, str] | None = None) -> str:
    """An input's human name (catalog entries name the GPU or network model).

    ``names`` gives the display names of catalog ids (GPU and network
    models, see :func:`gpu_advisor.report.formulas.catalog_names`).

    >>> input_name("budget.gpu_price_cny", "zh")
    '整卡价格'
    >>> input_name("catalog.gpus.A100-80GB-SXM.memory_gb", "en")
    'A100-80GB-SXM memory'
    >>> input_name("owned option: self_build", "zh")
    '自有方案：自建机房'
    >>> input_name("scaling efficiency with roce-100 at 64 cards", "zh",
    ...            {"roce-100": "RoCE v2 100 Gb/s"})
    'RoCE v2 100 Gb/s 在 64 卡时的扩展效率'
    """
    names = names or {}
    if name in INPUT_NAMES:
        return _pick(INPUT_NAMES[name], language)
    match = _OPTION_IN_KEY.match(name)
    if match:
        return result_title(name, language)
    match = _CATALOG_KEY.match(name)
    if match and match.group(3) in _CATALOG_FIELDS:
        _kind, ident, field = match.groups()
        label = (
            _pick(_REGIONS[ident], language)
            if ident in _REGIONS
            else names.get(ident, ident)
        )
        field_name = _pick(_CATALOG_FIELDS[field], language)
        if str(language).startswith("zh") and re.search(r"[\u4e00-\u9fff]$", label):
            return f"{label}{field_name}"  # 北京机柜供电, no space between Han
        return f"{label} {field_name}"
    for pattern, zh, en in _FREE_NAMES:
        found = pattern.match(name)
        if found:
            parts = [
                option_name(g, language) if g in OPTION_NAMES else names.get(g, g)
                for g in found.groups()
            ]
            return (zh if str(language).startswith("zh") else en).format(*parts)
    return _FREE_OPTION.sub(lambda m: option_name(m.group(1), language), name)


def path_label(path: str, language: str) -> str:
    """An input path in words (the glossary's name), the path in brackets.

    >>> path_label("meta.horizon_months", "en")
    'Planning horizon (meta.horizon_months)'
    >>> path_label("vendors.0.terms", "zh")
    'vendors.0.terms'
    """
    name = input_name(path, language)
    return path if name == path else f"{name} ({path})"


VALUE_WORDS: Final[dict[str, tuple[str, str]]] = {
    "none": ("无", "none"),
    "nvlink": ("NVLink", "NVLink"),
    "true": ("是", "yes"),
    "false": ("否", "no"),
    "selective": ("选择性", "selective"),
    "full": ("全部", "full"),
    "pretrain": ("预训练", "pre-training"),
    "full_finetune": ("全参数微调", "full fine-tuning"),
    "full-finetune": ("全参数微调", "full fine-tuning"),
    "bf16": ("BF16", "BF16"),
    "fp16": ("FP16", "FP16"),
    "fp8": ("FP8", "FP8"),
    "adamw": ("AdamW", "AdamW"),
    "adamw-8bit": ("8 位 AdamW", "8-bit AdamW"),
    "sgd": ("SGD", "SGD"),
    "fsdp": ("PyTorch FSDP", "PyTorch FSDP"),
    "megatron": ("Megatron-LM", "Megatron-LM"),
    "deepspeed": ("DeepSpeed", "DeepSpeed"),
    "ddp": ("PyTorch DDP", "PyTorch DDP"),
    "lora": ("LoRA", "LoRA"),
    "qlora": ("QLoRA", "QLoRA"),
    "inference": ("推理服务", "inference"),
}
"""(zh, en) words for the text values of inputs (flags, task kinds, link kinds)."""


def value_text(value: str, language: str) -> str:
    """A text input value in the reader's words (option ids by their one name).

    >>> value_text("none", "zh"), value_text("colocation", "zh"), value_text("bf16", "zh")
    ('无', '托管', 'BF16')
    """
    if value in OPTION_NAMES:
        return option_name(value, language)
    names = VALUE_WORDS.get(value.lower())
    return _pick(names, language) if names is not None else value
