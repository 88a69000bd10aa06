"""What the reader may see: one set of rules for the PDF plan and the "why?" dialogs.

Issue #15: every word the reader sees is in the reader's language. A Chinese
text has no English word of three or more letters outside the names of
products, standards, units and file types; neither language shows an
internal key (``budget.gpu_price_cny``), scientific notation (``8.81e22``) or
a Python module name; an English text has no Chinese outside quoted names.

Names are not words of a language: titles of works in 《》 or “”, names in
「」, what people typed (the plan's title, vendors, owners), authors cited
before their year ("Rajbhandari 等（2020）"), domains, file names, URLs and
repository ids ("meta-llama/Llama-2-7b-hf").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

ZH_WHITELIST: Final = frozenset(
    # units
    {
        "GPU",
        "MFU",
        "FLOP",
        "FLOPs",
        "TFLOP",
        "GiB",
        "MiB",
        "KiB",
        "Gbit",
        "Mbps",
        "kWh",
        "MHz",
    }
    | {"token", "Token", "TCP"}
    # products, standards, publishers and file types
    | {"NVIDIA", "Tensor", "Core", "Ampere", "ConnectX", "SXM", "PCIe", "NVLink"}
    | {"InfiniBand", "NDR", "HDR", "RoCE", "IEEE", "GbE", "DGX", "NCCL", "DCGM"}
    | {"CUDA", "XID", "ECC", "HBM", "NPU", "Llama", "Qwen", "LoRA", "QLoRA"}
    # "adamw": the optimizer's identifier as the sizing warnings quote it
    | {
        "ZeRO",
        "Offload",  # DeepSpeed's ZeRO-Offload, a product name
        "bitsandbytes",  # the library of paged optimizers, a product name
        "AdamW",
        "adamw",
        "SGD",
        "FSDP",
        "DDP",
        "DeepSpeed",
        "Megatron",
        "PyTorch",
    }
    | {"FlashAttention", "Kubernetes", "Prometheus", "Grafana", "Slurm", "SLURM"}
    | {"iperf", "fio", "dcgmi", "exporter", "PUE", "UPS", "IDC", "VPC", "SLA"}
    # commands the reader is told to run: nvidia-smi nvlink -e, dcgmi diag -r 2
    | {"nvidia", "smi", "nvlink", "diag", "topo", "lscpu", "ibstat", "dmon"}
    | {"CTO", "SHA", "JSON", "PDF", "VAT", "GPU Advisor", "Advisor", "idctop"}
    | {"Hugging", "Face", "GitHub", "arXiv", "USENIX", "FAST", "PaLM", "DeepSeek"}
    | {"BLOOM", "LLaMA", "PPIO", "ECS", "EC2"}
    # the test environment's parts as Kubernetes, Slurm and vendors name them; a card's rated power; quantisation methods
    | {"CPU", "MPI", "RDMA", "ConfigMap", "TDP", "AWQ", "GPTQ", "PMI", "PMIx"}
    | {"mpirun", "PVC"}
    # terms of the trade without a settled Chinese name
    | {"micro", "batch", "API"}
    # serving engines and model-serving products
    | {"vLLM", "SGLang", "TensorRT", "LLM", "LMDeploy", "Qwen", "Instruct", "Llama"}
    # models and GPUs the catalog lists by their makers' names
    | {"Mistral", "Mixtral", "GLM", "MoE", "MTP", "Chinchilla", "Gemma", "Kimi", "Air"}
    # papers' authors named as a team ("Kimi Team", "GLM-4.5 Team")
    | {"Team"}
    | {"AMD", "Instinct", "Huawei", "Ascend", "GeForce", "RTX"}
    # NVIDIA's GPU architectures (as Ampere above); peak-rate units; PCIe's standards body
    | {"Ada", "Lovelace", "Blackwell", "TFLOPS", "TOPS", "PCI", "SIG"}
    # currencies by their ISO 4217 codes; standards (UTF-8, PKCS#12, SSH)
    | {"CNY", "USD", "EUR", "HKD", "UTF", "PKCS", "SSH"}
    # ANSI paper sizes beside their Chinese names; a key on the keyboard
    | {"Letter", "Tabloid", "Ctrl"}
    # commands the environment step runs, as mpirun above; a Kubernetes kind
    | {"torchrun", "docker", "DaemonSet"}
    # Help ▸ About: the libraries, their licences and the platform
    | {"Python", "NumPy", "ReportLab", "pydantic", "pyqtgraph", "linux"}
    | {"MIT", "BSD", "GNU", "LGPL", "PSF"}
    # the CLI's subcommand the review step tells the reader to run
    | {"verify"}
)
"""ASCII words a Chinese reader sees: units, products, standards, file types."""

CLOSING: Final = "，。：；、）」》"
OPENING: Final = "（「《"
CJK: Final = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
SCIENTIFIC: Final = re.compile(r"\d[eE][+-]?\d")
INTERNAL_KEY: Final = re.compile(r"\b[a-z_]+\.[a-z_]+\b")
CATALOG_FILES: Final = re.compile(
    r"\b(?:prices|gpus|regions|networks|models|reference_runs|checklist)\.json\b"
)
"""The catalog's own files: internal, unlike a cited file such as a model's config.json."""
PLURAL_AFTER_ONE: Final = re.compile(
    r"(?<![\d.,])\b1 (?:cards|servers|months|nodes|GPUs|years|items|vendors"
    r"|checks|sequences|weeks)\b"
)
"""English that counts one thing in the plural ("1 servers")."""
_NAMES: Final = (
    re.compile(r"《[^《》]*》"),
    re.compile(r"「[^「」]*」"),
    re.compile(r"“[^“”]*”"),
    # authors before the year of the work they wrote
    re.compile(
        r"(?:[A-Z][\w'’-]*\s+)?"  # a group's two-word name: "Team GLM", "BigScience Workshop"
        r"[A-Z][\w'’-]*(?:(?:、|\s+与\s+|\s*&\s*|,\s*)[A-Z][\w'’-]*)*"
        r"(?:\s*等|\s+et al\.|\s*（(?:19|20)\d\d)"
    ),
    # URLs, repository ids, domains and file names
    re.compile(r"https?://\S+"),
    re.compile(r"\b(?!CNY/|GPU/)[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9_./-]+"),
    re.compile(
        r"\b[A-Za-z0-9_.-]+\.(?:com|cn|net|top|org|io|ai|dev|json|pdf|csv|gpuplan|txt|html?"
        r"|xlsx|xml|ya?ml|sh|sbatch|py|bak)\b"
    ),
    re.compile(r"(?<![\w.])\.(?:xlsx|csv|pdf|gpuplan|json|ya?ml|sh|bak)\b"),
    # programs and host names: gpu-advisor-cli, dcgm-exporter, gpu-node-01
    re.compile(
        r"\b(?:gpu-advisor(?:-cli)?|dcgm-exporter|nccl-tests|gpu-probe|train-log)\b"
    ),
    re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d+\b"),
    # languages by their own names, in a list of languages
    re.compile(r"简体中文|中文|\bEnglish\b"),
)
_ABBREVIATIONS: Final = re.compile(r"\b(?:e\.g|i\.e)\.")
"""English abbreviations, not keys ("e.g. 0.85")."""


def strip_names(text: str, typed: Iterable[str] = ()) -> str:
    """``text`` without the names it quotes (see the module docstring)."""
    for name in sorted((n for n in typed if n), key=len, reverse=True):
        text = text.replace(name, " ")
    for pattern in _NAMES:
        text = pattern.sub(" ", text)
    return _ABBREVIATIONS.sub(" ", text)


def problems(text: str, language: str, typed: Iterable[str] = ()) -> list[str]:
    """Everything in ``text`` a reader of ``language`` should not see.

    >>> problems("按量单价 10 元/卡时，来源：catalog prices.json", "zh")
    ['internal key: prices.json', 'English words: catalog']
    >>> problems("8.81e22 FLOP", "en")
    ['scientific notation: 8.81e22']
    >>> problems("Rajbhandari 等（2020）《ZeRO》，arXiv:1910.02054", "zh")
    []
    >>> problems("1 servers with 8 GPU(s) each", "en")
    ['plural: 1 servers']
    >>> problems("Save as .xlsx (e.g. plan.xlsx); run gpu-advisor-cli on gpu-node-01", "en")
    []
    >>> problems("导出为 .xlsx 的 plan 文件", "zh")
    ['English words: plan']
    """
    found: list[str] = []
    sci = re.search(r"\S*" + SCIENTIFIC.pattern + r"\S*", text)
    if sci:
        found.append(f"scientific notation: {sci.group(0)}")
    typed = list(typed)
    names_only = strip_names(text, typed)
    if "gpu_advisor" in text:
        found.append("module name: gpu_advisor")
    keys = INTERNAL_KEY.findall(names_only) + CATALOG_FILES.findall(text)
    if keys:
        found.append("internal key: " + ", ".join(sorted(set(keys))))
    if str(language).startswith("zh"):
        typed_words = set(re.findall(r"[A-Za-z]{3,}", " ".join(typed)))
        words = set(re.findall(r"\b[A-Za-z]{3,}\b", names_only))
        words -= ZH_WHITELIST | typed_words
        words = {w for w in words if not re.fullmatch(r"[0-9a-f]+", w)}
        if words:
            found.append("English words: " + ", ".join(sorted(words)))
    else:
        chinese = CJK.findall(names_only)
        if chinese:
            found.append("Chinese characters: " + "".join(chinese[:40]))
        plural = PLURAL_AFTER_ONE.search(names_only) or re.search(
            r"\w\(s\)", names_only
        )
        if plural:
            found.append(f"plural: {plural.group(0)}")
    return found


def kinsoku_problems(text: str) -> list[str]:
    """Lines that start with closing or end with opening Chinese punctuation."""
    found: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        if stripped[0] in CLOSING:
            found.append(f"line starts with {stripped[:20]!r}")
        if stripped[-1] in OPENING:
            found.append(f"line ends with {stripped[-20:]!r}")
    return found


MARKET_TERMS: Final = {
    "按需付费": "按量付费",
    "按需计费": "按量付费",
    "按需实例": "按量付费实例",
    "按需价格": "按量价格",
    "抢占式实例": "竞价实例",
    "GPU 小时": "卡时",
    "GPU小时": "卡时",
    "主机托管": "托管",
    "一般纳税者": "一般纳税人",
}
"""Words of the Chinese GPU market's billing, and what the market says instead:
按量付费, 包月, 包年, 竞价实例, 托管, 卡时, 一般纳税人 (titles of works quoted
in 《》 keep their own words)."""
_ASCII_BESIDE_HAN: Final = re.compile(
    r"[\u4e00-\u9fff\u3001-\u303f\uff01-\uff60][,;:?!]"
    r"|[,;:?!][\u4e00-\u9fff]"
    r"|[\u4e00-\u9fff]\((?![A-Z]\))|\)[\u4e00-\u9fff]"
)
"""ASCII punctuation next to a Han character (a Qt mnemonic "(&S)" aside)."""
_SPACE_BESIDE_FULL_WIDTH: Final = re.compile(
    r"[，。：；、（「《] +(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff]) +[，。：；、）」》]"
)
"""A space between full-width punctuation and a Han character (a wrapped line
of Markdown, "依据的输入： 数据"). After a closing bracket it is allowed: a
name ending in one ("NVLink 3（A100 SXM，双向 600 GB/s）") fills a sentence
spaced for names ending in Latin letters."""


def typography_problems(text: str, typed: Iterable[str] = ()) -> list[str]:
    """Chinese text with ASCII punctuation or words the market does not use.

    >>> typography_problems("按需付费单价:")
    ['ASCII punctuation: 价:', 'market term: 按需付费 (按量付费)']
    >>> typography_problems("签署(S)，见《按需付费的 GPU 云服务》")
    []
    >>> typography_problems("依据的输入： 数据驻留要求")
    ["space beside full-width punctuation: '： '"]
    """
    found: list[str] = []
    space = _SPACE_BESIDE_FULL_WIDTH.search(text)  # names stripped leave spaces
    if space:
        found.append(f"space beside full-width punctuation: {space.group(0)!r}")
    text = strip_names(text, typed)
    punctuation = _ASCII_BESIDE_HAN.search(text)
    if punctuation:
        found.append(f"ASCII punctuation: {punctuation.group(0)}")
    found += [
        f"market term: {word} ({market})"
        for word, market in MARKET_TERMS.items()
        if word in text
    ]
    return found
