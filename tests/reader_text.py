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
    {"GPU", "MFU", "FLOP", "FLOPs", "TFLOP", "GiB", "MiB", "KiB", "Gbit", "Mbps", "kWh"}
    | {"token", "TCP"}
    # products, standards, publishers and file types
    | {"NVIDIA", "Tensor", "Core", "Ampere", "ConnectX", "SXM", "PCIe", "NVLink"}
    | {"InfiniBand", "NDR", "HDR", "RoCE", "IEEE", "GbE", "DGX", "NCCL", "DCGM"}
    | {"CUDA", "XID", "ECC", "HBM", "NPU", "Llama", "Qwen", "LoRA", "QLoRA"}
    # "adamw": the optimizer's identifier as the sizing warnings quote it
    | {
        "ZeRO",
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
    | {"nvidia", "smi", "nvlink", "diag"}
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
        r"[A-Z][\w'’-]*(?:(?:、|\s+与\s+|\s*&\s*|,\s*)[A-Z][\w'’-]*)*"
        r"(?:\s*等|\s+et al\.|\s*（(?:19|20)\d\d)"
    ),
    # URLs, repository ids, domains and file names
    re.compile(r"https?://\S+"),
    re.compile(r"\b(?!CNY/|GPU/)[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9_./-]+"),
    re.compile(
        r"\b[A-Za-z0-9_.-]+\.(?:com|cn|net|top|org|io|json|pdf|csv|gpuplan|txt|html?)\b"
    ),
)


def strip_names(text: str, typed: Iterable[str] = ()) -> str:
    """``text`` without the names it quotes (see the module docstring)."""
    for name in sorted((n for n in typed if n), key=len, reverse=True):
        text = text.replace(name, " ")
    for pattern in _NAMES:
        text = pattern.sub(" ", text)
    return text


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
