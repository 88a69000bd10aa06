"""Where a figure comes from, in the reader's words: sources and references.

The engine keeps an input's provenance as a string written for engineers:
``"catalog prices.json yearly_price_factor: “…” (idctop.com): … (as of
2026-12-02)"``, ``"project (+6% VAT added)"``, ``"engine"``, a paper such as
``"Rajbhandari et al. 2020, ZeRO, arXiv:1910.02054"``. :func:`source_text`
turns it into what a manager reads, in Chinese or English: "your input", "GPU
Advisor 价格库（来源：idctop.com 文章《…》；阿里云帮助中心《…》）", with the
date in its own column. :func:`reference_text` does the same for a result's
references. No file name of the catalog, no field key, no Python module name
reaches the reader; the catalog's dated citations are named by title,
publisher and date.

Rules, both languages alike:

* A catalog figure is cited as the GPU Advisor library it lives in (price
  book, GPU specifications, …) and the public sources behind it (the
  catalog's :class:`~gpu_advisor.model.common.Citation` list when it has one,
  else its source text read segment by segment).
* A segment is cut at its first ``": "``: what follows is the observation
  (the figures the source states), kept in the catalog, not in the citation.
* A title written "中文 (English)" or "English (中文)" is given in the
  reader's language; other English titles have a Chinese name in
  :data:`TITLES_ZH` (or stay in 《》 as the title of a foreign work).
* Papers are cited author, year, title: ``Rajbhandari 等（2020）《ZeRO》，
  arXiv:1910.02054`` in Chinese.
* Free-text segments that no rule reads have a Chinese wording in
  :data:`SEGMENTS_ZH`; a new one that has none stays in English, and the
  tests of the rendered plan say so.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Final

from pydantic import BaseModel

from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Citation, Provenance
from gpu_advisor.report.glossary import cite_articles, input_name
from gpu_advisor.words import DEFAULT_LANGUAGE, catalog, say

_HAN: Final = re.compile(r"[\u3400-\u9fff]")
_SEED: Final = re.compile(r"\b[Ss]eeds?\b|种子")

_CATALOG_FIELDS: Final[dict[str, str]] = {
    "gpus": "gpus.json",
    "models": "models.json",
    "networks": "networks.json",
    "regions": "regions.json",
    "gpu_prices": "prices.json",
    "cost_defaults": "prices.json",
    "reference_runs": "reference_runs.json",
}
"""The catalog file each part of :class:`Catalog` is read from."""

TITLES_ZH: Final[dict[str, str]] = {
    "AI energy futures 2026 (data set)": "2026 年 AI 能源期货（数据集）",
    "Billing modes (計費方式): a one-year subscription is billed as 10 months": (
        "计费方式：包年按 10 个月计费"
    ),
    "DeepSeek-V3 Technical Report, Table 1": "DeepSeek-V3 技术报告，表 1",
    "GPU cloud prices (data set)": "GPU 云价格（数据集）",
    "GPU price index (data set)": "GPU 价格指数（数据集）",
    "GPU rental platform listings compared (晨涧云, 共绩 and others)": (
        "GPU 租赁平台报价对比（晨涧云、共绩等）"
    ),
    "H100/A100 8-GPU server bill of materials": "H100/A100 八卡服务器物料清单",
    "Training cost trends (TCO inputs)": "训练成本趋势（总拥有成本输入）",
}
"""Chinese names of the catalog's cited works that have only an English title."""

PUBLISHERS_ZH: Final[dict[str, str]] = {
    "Alibaba Cloud (阿里云) help centre": "阿里云帮助中心",
    "Amazon Web Services": "亚马逊云科技",
    "Tencent Cloud (腾讯云)": "腾讯云",
    "Volcano Engine (火山引擎)": "火山引擎",
}
"""Chinese names of publishers that have one."""

SEGMENTS_ZH: Final[dict[str, str]] = {
    "engineering estimate (no public primary source found)": (
        "工程估计（未找到公开的一手来源）"
    ),
    "adjust to your quote": "请按实际报价调整",
    "engineering estimate for a ~10 kW high-power rack": "工程估计：约 10 kW 的高功率机柜",
    "engineering estimate from the provincial grid companies' published "
    "agency-purchase tariffs for industrial and commercial users (国网/南网 "
    "代理购电价格, 1-10 kV, time-of-use average), 2025": (
        "工程估计：依据各省电网公司公布的工商业代理购电价格（国网/南网，1–10 kV，"
        "分时平均），2025 年"
    ),
    "check the IDC contract or the utility bill": "请以机房合同或电费单为准",
    "western hubs have the lowest industrial tariffs": "西部枢纽的工业电价最低",
    "Beijing limits new data centres to low PUE": "北京对新建数据中心的 PUE 限制严格",
    "Guangdong climate": "广东气候湿热",
    "NDRC/CAC/MIIT/NEA notice on the Yangtze River Delta hub (reported by "
    "zslijia.com/article/54057.html)": (
        "国家发展改革委、中央网信办、工业和信息化部、国家能源局关于长三角枢纽节点的通知"
        "（zslijia.com 报道）"
    ),
    "东数西算 hub cluster figures (reported by chengdu.cdxwcx.cn/article/sissei.html, "
    "2024)": "东数西算枢纽集群数据（chengdu.cdxwcx.cn 报道，2024 年）",
    "older urban sites run 1.4-1.5": "老城区机房约 1.4–1.5",
    "PBoC one-year Loan Prime Rate about 3.0 % (2025)": (
        "中国人民银行一年期贷款市场报价利率约 3.0%（2025 年）"
    ),
    "SME bank loans 3.5-6 %": "中小企业银行贷款 3.5%–6%",
    "PBoC central parity range 2025-2026": "中国人民银行人民币中间价区间（2025–2026 年）",
    "set meta.exchange_rate_cny_per_unit for a dated rate": "可在方案中填写带日期的汇率",
    "IEEE 802.3 100GbE": "IEEE 802.3 100GbE 以太网标准",
    "IEEE 802.3 200GbE": "IEEE 802.3 200GbE 以太网标准",
    "IEEE 802.3 100GbE shared by 8 GPUs": "IEEE 802.3 100GbE 以太网标准（8 张卡共用）",
    "IEEE 802.3ae 10GbE shared by 8 GPUs": "IEEE 802.3ae 10GbE 以太网标准（8 张卡共用）",
    "IEEE 802.3by 25GbE shared by 8 GPUs": "IEEE 802.3by 25GbE 以太网标准（8 张卡共用）",
    "RoCE v2 (InfiniBand Trade Association, Annex A17)": (
        "RoCE v2（InfiniBand 行业协会规范，附录 A17）"
    ),
    "H800 datasheet (China market) as reported by third parties": (
        "第三方转述的 H800 数据手册（中国市场版）"
    ),
    "DeepSeek-V3 report section 3.1": "DeepSeek-V3 技术报告第 3.1 节",
    "Reported figures only": "仅有公开报道的数据",
    "No official public Huawei datasheet for 910B": "华为未公开 910B 的官方数据手册",
    "cloud-vendor and press figures conflict": "云厂商与媒体的数据不一致",
    "No public NVIDIA datasheet (China-market part)": (
        "NVIDIA 未公开数据手册（中国市场型号）"
    ),
    "No public NVIDIA datasheet": "NVIDIA 未公开数据手册",
    "shape as Code Llama 34B config.json": "结构同 Code Llama 34B 的 config.json",
    "PyTorch docs, CUDA semantics": "PyTorch 文档《CUDA semantics》",
    "published pre-training runs (Llama 2 Table 2, Llama 3 model card, "
    "DeepSeek-V3 Table 1, BLOOM, LLaMA Table 15)": (
        "已发表的预训练记录（Llama 2 论文表 2、Llama 3 模型卡、DeepSeek-V3 技术报告表 1、"
        "BLOOM 论文、LLaMA 论文表 15）"
    ),
    "AWS EC2 User Guide, Spot Instance interruptions, and Spot Instance Advisor "
    "(reclaims per instance; interruption-frequency bands per month)": (
        "亚马逊云科技 EC2 用户指南《Spot Instance interruptions》与《Spot Instance "
        "Advisor》（回收按实例计；每月中断频率分档）"
    ),
    "Alibaba Cloud ECS help on preemptible instances (抢占式实例)": (
        "阿里云 ECS 帮助中心《抢占式实例》"
    ),
}
"""Chinese wording of free-text source segments that no rule below reads."""

NOTES_ZH: Final[dict[str, str]] = {
    "ring all-reduce": "环形全归约",
    "checkpoint stalls": "检查点造成的训练停顿",
    "backward ≈ 2× forward": "反向计算约为前向的 2 倍",
    "present value of monthly cash flows": "按月现金流的现值",
    "PaLM": "PaLM",
    "blog": "博客",
    "China market": "中国市场版",
    "pipeline bubble": "流水线气泡",
    "half a checkpoint interval lost per interruption": "每次中断平均损失半个检查点间隔",
}
"""Chinese wording of the short notes in parentheses after a cited work."""

_MODULE_REF: Final = re.compile(r"gpu_advisor(?:\.[a-z_]+)+\s*[;,]?\s*")
_CATALOG_FILE: Final = re.compile(r"^(?:resources/catalog/)?([a-z_]+\.json)$")
_AS_OF: Final = re.compile(r"\s*\(as of (\d{4}-\d\d-\d\d)\)\s*$")
_CATALOG_SOURCE: Final = re.compile(
    r"^catalog (?P<file>[a-z_]+\.json)(?: (?P<what>(?:[^:()]|\([^()]*\))*))?"
    r"(?:: (?P<rest>.*))?$",
    re.S,
)
_PROJECT: Final = re.compile(
    r"^project(?: \(\+(?P<vat>\d+%) VAT added\))?(?:: (?P<what>.+))?$"
)
_IMPORTED: Final = re.compile(
    r"^imported (?P<file>\S+)(?: \((?P<where>[^()]*)\))?(?:, (?P<vendor>.*?))?, "
    r"dated (?P<date>\d{4}-\d\d-\d\d)(?: \(\+(?P<vat>\d+%) VAT added\))?$"
)
_VAT_NET: Final = re.compile(r"\s*\(net of (?P<vat>\d+%) recoverable VAT\)$")
"""The note the engine appends to a price brought net of recoverable input VAT."""
_PAPER: Final = re.compile(
    r"^(?P<authors>(?:[A-Z][\w'’-]+(?:, | & | and ))*[A-Z][\w'’-]+(?: et al\.)?"
    r"|(?:BigScience Workshop|DeepSeek-AI|Team GLM|Llama Team|Qwen Team|MosaicML))"
    r" \(?(?P<year>(?:19|20)\d\d)\)?(?: \((?P<note>[^()]*)\))?(?:, (?P<rest>.+))?$",
    re.S,
)
_DOCUMENT_WORDS: Final = (
    (re.compile(r"\s+Architecture whitepaper$"), " 架构白皮书"),
    (re.compile(r"\s+whitepaper$"), " 白皮书"),
    (re.compile(r"\s+accelerator datasheet$"), " 加速卡数据手册"),
    (re.compile(r"\s+datasheet$"), " 数据手册"),
    (re.compile(r"\s+product specifications$"), " 产品规格"),
    (re.compile(r"\s+product page$"), " 产品页"),
    (re.compile(r"\s+Product Brief (\S+)$"), r" 产品简介 \1"),
    (re.compile(r"\s+model card$"), " 模型卡"),
    (re.compile(r"\s+config\.json$"), " 的 config.json"),
    (re.compile(r"\s+Technical Report(,| )"), r" 技术报告\1"),
    (re.compile(r"\s+Technical Report$"), " 技术报告"),
    (re.compile(r"\s+[Ss]ection (\S+)$"), r" 第 \1 节"),
    (re.compile(r", GeForce (.+) column$"), r"（GeForce \1 一栏）"),
)
"""Document kinds named in words, for a Chinese reader ("… datasheet" → "… 数据手册")."""


def _zh(language: str) -> bool:
    return str(language).startswith("zh")


def _library_name(file: str, language: str) -> str:
    """The GPU Advisor library a catalog file is (``report.library``)."""
    code = f"report.library.{file}"
    if code not in catalog(DEFAULT_LANGUAGE):
        code = "report.source.builtin_data"
    return say(code, language)


# --- splitting the engineer's text ------------------------------------------------


def _split_top(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside brackets and quotes.

    >>> _split_top("a (b; c); d “e; f”; g", "; ")
    ['a (b; c)', 'd “e; f”', 'g']
    """
    parts: list[str] = []
    depth, start, i = 0, 0, 0
    while i < len(text):
        char = text[i]
        if char in "(（“《":
            depth += 1
        elif char in ")）”》" and depth:
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i])
            i += len(sep)
            start = i
            continue
        i += 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def _name_only(segment: str) -> str:
    """The cited work without its observation (cut at the first ``": "``)."""
    head = _split_top(segment, ": ")
    return head[0] if head else segment


def _drop_han_parentheses(text: str) -> str:
    """English text without the Chinese glosses in brackets (for an English reader)."""
    text = re.sub(r"\s*\([^()]*[\u3400-\u9fff][^()]*\)", "", text)
    return re.sub(r"\s*（[^（）]*）", "", text)


# --- one cited work -----------------------------------------------------------------


def _title(title: str, language: str) -> str:
    """A work's title in the reader's language (without quotes).

    >>> _title("上海 AI 训练：租用 GPU 还是自购显卡 (AI training in Shanghai: renting GPUs or buying cards)", "en")
    'AI training in Shanghai: renting GPUs or buying cards'
    >>> _title("NVIDIA A100 80GB price (A100 80GB 价格)", "zh")
    'A100 80GB 价格'
    >>> _title("GPU price index (data set)", "zh")
    'GPU 价格指数（数据集）'
    """
    if _zh(language) and title in TITLES_ZH:
        return TITLES_ZH[title]
    found = re.fullmatch(r"(.+?) \(([^()]+)\)", title)
    if found:
        first, second = found.groups()
        first_han, second_han = bool(_HAN.search(first)), bool(_HAN.search(second))
        if first_han != second_han:
            if _zh(language):
                return first if first_han else second
            return second if first_han else first
    if _zh(language):
        return TITLES_ZH.get(title, title)
    return _drop_han_parentheses(title)


def _publisher(publisher: str, language: str) -> str:
    """A publisher as the reader names it.

    >>> _publisher("brian8808 on Hugging Face", "zh")
    'Hugging Face 用户「brian8808」'
    >>> _publisher("Alibaba Cloud (阿里云) help centre", "en")
    'Alibaba Cloud help centre'
    """
    if _zh(language):
        if publisher in PUBLISHERS_ZH:
            return PUBLISHERS_ZH[publisher]
        found = re.fullmatch(r"(\S+) on (Hugging Face|GitHub)", publisher)
        if found:
            return f"{found.group(2)} 用户「{found.group(1)}」"
        found = re.fullmatch(r"(.+?) \(([^()]+)\)", publisher)
        if found and not _HAN.search(found.group(1)) and "/" in found.group(2):
            return f"「{found.group(1)}」（{found.group(2)}）"
        return publisher
    return _drop_han_parentheses(publisher)


def citation_text(citation: Citation, language: str) -> str:
    """One dated public source: title, publisher and date.

    >>> import datetime as dt
    >>> c = Citation(title="GPU price index (data set)", publisher="brian8808 on Hugging Face",
    ...     published=dt.date(2026, 12, 1))
    >>> citation_text(c, "zh")
    'Hugging Face 用户「brian8808」《GPU 价格指数（数据集）》，2026-12-01'
    >>> citation_text(c, "en")
    '“GPU price index (data set)” (brian8808 on Hugging Face, 2026-12-01)'
    """
    date = citation.published.isoformat() if citation.published else ""
    title = _title(citation.title, language)
    publisher = _publisher(citation.publisher, language)
    if _zh(language):
        if publisher == "idctop.com":
            publisher = "idctop.com 文章"
        return f"{publisher}《{title}》" + (f"，{date}" if date else "")
    return f"“{title}” ({publisher}" + (f", {date})" if date else ")")


def _paper(found: re.Match[str], language: str) -> str:
    """A paper or report: authors, year, title, identifiers."""
    authors, year = found.group("authors"), found.group("year")
    note, rest = found.group("note"), found.group("rest") or ""
    if not _zh(language):
        return found.group(0)
    names = authors.removesuffix(" et al.")
    names = re.sub(r" (?:&|and) ", " 与 ", names).replace(", ", "、")
    if authors.endswith(" et al."):
        names += " 等"
    head = f"{names}（{year}"
    head += f"，{NOTES_ZH.get(note, note)}）" if note else "）"
    parts: list[str] = []
    for part in _split_top(rest, ", "):
        parts.append(_paper_part(part, not parts))
    title = ""
    if parts and parts[0].startswith("\0"):
        title = parts.pop(0)[1:]
    tail = "，".join(parts)
    return head + (f"《{title}》" if title else "") + (f"，{tail}" if tail else "")


def _paper_part(part: str, first: bool) -> str:
    """One comma-separated part after a paper's year, for a Chinese reader.

    The title comes back marked with a leading NUL (only the first part can be one).
    """
    note = ""
    found = re.fullmatch(r"(.+?) \(([^()]+)\)", part)
    if found:
        part, note = found.groups()
        note = f"（{NOTES_ZH.get(note, note)}）"
    for pattern, words in (
        (r"arXiv:\S+", None),
        (r"Table (\w+)", r"表 \1"),
        (r"[Ss]ection (\S+)", r"第 \1 节"),
        (r"eq\. (\w+)", r"式 \1"),
        (r"App\. (\w+)", r"附录 \1"),
        (r"Appendix", "附录"),
        (r"ch\. (\d+)", r"第 \1 章"),
        (r"(\d+)(?:st|nd|rd|th) ed\.", r"第 \1 版"),
        (r"USENIX FAST '\d\d", None),
    ):
        if re.fullmatch(pattern, part):
            return (part if words is None else re.sub(pattern, words, part)) + note
    if first:
        return "\0" + part + note
    return part + note


def _segment(segment: str, language: str) -> str:
    """One ``;``-separated part of a source text, as the reader reads it."""
    segment = _name_only(segment.strip())
    zh = _zh(language)
    if "idctop.com)" in segment or "idctop.com/" in segment or _SEED.search(segment):
        return cite_articles(segment, language)
    if zh and segment in SEGMENTS_ZH:
        return SEGMENTS_ZH[segment]
    found = re.fullmatch(
        r"“(?P<title>[^”]+)” \((?P<publisher>[^,()]+(?:\([^()]*\)[^,()]*)?)"
        r"(?:, (?P<date>\d{4}-\d\d-\d\d))?\)",
        segment,
    )
    if found:
        return citation_text(
            Citation(
                title=found.group("title"),
                publisher=found.group("publisher"),
                published=dt.date.fromisoformat(found.group("date"))
                if found.group("date")
                else None,
            ),
            language,
        )
    paper = _PAPER.fullmatch(segment)
    if paper:
        return _paper(paper, language)
    if not zh:
        return _drop_han_parentheses(segment)
    found = re.fullmatch(r"(.+?) \(([^()]+)\)", segment)
    note = ""
    if found and found.group(2) in NOTES_ZH:
        segment, note = found.group(1), f"（{NOTES_ZH[found.group(2)]}）"
    segment = re.sub(
        r"\s*\((?:[\w.-]+\.(?:pdf|html?)|[\w.-]+\.com/[^()]*)\)", "", segment
    )
    works = []
    for work in re.split(r" and (?=NVIDIA |AMD )| / ", segment):
        for part_pattern, words in _DOCUMENT_WORDS:
            work = part_pattern.sub(words, work)
        works.append(work)
    return "与 ".join(works) + note


def source_segments(text: str, language: str) -> list[str]:
    """The cited works of an engineer's source text, each in the reader's words.

    >>> source_segments("NVIDIA ConnectX-7 datasheet: 400 Gb/s NDR", "zh")
    ['NVIDIA ConnectX-7 数据手册']
    >>> source_segments("meta-llama/Llama-2-7b-hf config.json; Touvron et al. 2023, Llama 2, arXiv:2307.09288", "zh")
    ['meta-llama/Llama-2-7b-hf 的 config.json', 'Touvron 等（2023）《Llama 2》，arXiv:2307.09288']
    >>> source_segments("engineering estimate (no public primary source found); adjust to your quote: cost of capital", "en")
    ['engineering estimate (no public primary source found)', 'adjust to your quote']
    """
    text = text.split(" | store evidence:")[0]
    text = _AS_OF.sub("", text)
    out: list[str] = []
    for segment in _split_top(text, "; "):
        rendered = _segment(segment, language)
        if rendered and rendered not in out:
            out.append(rendered)
    return out


# --- the catalog's provenances ------------------------------------------------------


@dataclass(frozen=True)
class SourceIndex:
    """Every provenance of a catalog by its source text, with the file it is in."""

    by_source: dict[str, tuple[str, Provenance]]
    as_of: str

    @classmethod
    def of(cls, catalog: Catalog | None) -> SourceIndex:
        """Index ``catalog`` (an empty index for None)."""
        found: dict[str, tuple[str, Provenance]] = {}
        if catalog is None:
            return cls(found, "")

        def walk(value: object, file: str) -> None:
            if isinstance(value, Provenance):
                found.setdefault(value.source, (file, value))
            elif isinstance(value, BaseModel):
                for name in type(value).model_fields:
                    walk(getattr(value, name), file)
            elif isinstance(value, list | tuple):
                for item in value:
                    walk(item, file)
            elif isinstance(value, dict):
                for item in value.values():
                    walk(item, file)

        for field, file in _CATALOG_FIELDS.items():
            walk(getattr(catalog, field, None), file)
        return cls(found, catalog.as_of.isoformat())


def _provenance_sources(prov: Provenance, language: str) -> list[str]:
    if prov.citations:
        out: list[str] = []
        for citation in prov.citations:
            text = citation_text(citation, language)
            if text not in out:
                out.append(text)
        return out
    return source_segments(prov.source, language)


def _library(file: str, sources: list[str], language: str) -> str:
    library = _library_name(file, language)
    if not sources:
        return library
    joined = say("report.source.separator", language).join(sources)
    return say(
        "report.source.library_sources", language, library=library, sources=joined
    )


@dataclass(frozen=True)
class SourceText:
    """A source as the reader reads it, and the date of the figure ("" when typed)."""

    text: str
    date: str
    kind: str
    """"typed", "computed", "default", "measured", "catalog", "imported" or "cited"."""


def source_text(
    source: str, language: str, index: SourceIndex | None = None
) -> SourceText:
    """Where an input comes from, in words.

    Parameters
    ----------
    source : str
        ``InputRef.source`` as the engine wrote it.
    language : str
        ``"zh…"`` or ``"en…"``.
    index : SourceIndex, optional
        The catalog's provenances (titles, publishers, dates of its sources).

    Examples
    --------
    >>> source_text("project (+6% VAT added)", "zh").text
    '您填写的值（已加 6% 增值税）'
    >>> source_text("project (net of 13% recoverable VAT)", "en").text
    'your input, net of 13% recoverable input VAT'
    >>> source_text("engine: class needed", "en").text
    'computed from your plan'
    >>> st = source_text("catalog prices.json restart_hours: engineering estimate "
    ...     "(no public primary source found); adjust to your quote: reload (as of 2026-11-01)", "zh")
    >>> st.text, st.date
    ('GPU Advisor 价格库（来源：工程估计（未找到公开的一手来源）；请按实际报价调整）', '2026-11-01')
    """
    index = index or SourceIndex({}, "")
    source = source.strip()
    net = _VAT_NET.search(source)
    if net:  # a price net of the input VAT a general taxpayer recovers
        inner = source_text(source[: net.start()], language, index)
        vat = say("report.source.vat_net", language, vat=net.group("vat"))
        return SourceText(inner.text + vat, inner.date, inner.kind)
    project = _PROJECT.fullmatch(source)
    if project:
        return _typed_source(project, language)
    if source == "engine default":
        return SourceText(say("report.source.default", language), "", "default")
    if source == "engine" or source.startswith("engine:"):
        return SourceText(say("report.source.computed", language), "", "computed")
    if source.startswith("measured: lowest vendor MFU on this GPU"):
        names = re.search(r"\(([^()]*)\)\s*$", source)
        text = say(
            "report.source.measured", language, names=names.group(1) if names else ""
        )
        return SourceText(text, "", "measured")
    imported = _IMPORTED.fullmatch(source)
    if imported:
        return _imported_source(imported, language)
    parts = _split_top(source, "; ")
    if (
        len(parts) > 1
        and parts[0].startswith("MFU model fitted to published runs")
        and source.count("; catalog ") == 1
    ):
        rest = source.split("; catalog ", 1)[1]
        inner = source_text("catalog " + rest, language, index)
        model = say("report.source.mfu_model", language)
        sep = say("report.source.separator", language)
        return SourceText(f"{model}{sep}{inner.text}", inner.date, "catalog")
    catalog_source = _CATALOG_SOURCE.fullmatch(source)
    if catalog_source:
        return _catalog_source(catalog_source, language, index)
    return _cited_source(source, language, index)


def _typed_source(project: re.Match[str], language: str) -> SourceText:
    """A value the user typed (with the VAT added, or named after what it is)."""
    if project.group("vat"):
        text = say("report.source.your_input_vat", language, vat=project.group("vat"))
    elif project.group("what"):
        what = input_name(project.group("what"), language)
        text = say("report.source.your_input_of", language, what=what)
    else:
        text = say("report.source.your_input", language)
    return SourceText(text, "", "typed")


def _imported_source(imported: re.Match[str], language: str) -> SourceText:
    """A price imported from a file: which file, where in it, which vendor, VAT."""
    where = imported.group("where")
    vendor = imported.group("vendor")
    text = say(
        "report.source.imported",
        language,
        file=imported.group("file"),
        where=say("report.source.imported_where", language, where=where)
        if where
        else "",
        vendor=say("report.source.imported_vendor", language, vendor=vendor)
        if vendor
        else "",
    )
    if imported.group("vat"):
        text += say("report.source.vat_added", language, vat=imported.group("vat"))
    return SourceText(text, imported.group("date"), "imported")


def _catalog_source(
    catalog_source: re.Match[str], language: str, index: SourceIndex
) -> SourceText:
    """A catalog file's value: the library, its sources and the figure's date."""
    rest = catalog_source.group("rest") or ""
    as_of = _AS_OF.search(rest)
    date = as_of.group(1) if as_of else ""
    rest = _AS_OF.sub("", rest)
    found = index.by_source.get(rest)
    if found is not None:
        _file, prov = found
        sources = _provenance_sources(prov, language)
        date = date or prov.as_of.isoformat()
    else:
        sources = source_segments(rest, language) if rest else []
    text = _library(catalog_source.group("file"), sources, language)
    return SourceText(text, date or index.as_of, "catalog")


def _cited_source(source: str, language: str, index: SourceIndex) -> SourceText:
    """Any other source: a catalog provenance found by its text, or the works it cites."""
    as_of = _AS_OF.search(source)
    bare = _AS_OF.sub("", source)
    found = index.by_source.get(bare)
    if found is not None:
        file, prov = found
        text = _library(file, _provenance_sources(prov, language), language)
        return SourceText(
            text, as_of.group(1) if as_of else prov.as_of.isoformat(), "catalog"
        )
    sep = say("report.source.separator", language)
    return SourceText(
        sep.join(source_segments(source, language)) or "—",
        as_of.group(1) if as_of else "",
        "cited",
    )


def reference_text(reference: str, language: str) -> str:
    """A result's references as the reader sees them: works by author, year and title.

    No module names, no file paths; the catalog's table of published runs is
    named as GPU Advisor's library.

    >>> reference_text("gpu_advisor.engine.cost.breakeven; seed 003", "en")
    '“AI training in Shanghai: renting GPUs or buying cards” (idctop.com)'
    >>> reference_text("Rajbhandari et al. 2020, ZeRO, arXiv:1910.02054, section 3", "zh")
    'Rajbhandari 等（2020）《ZeRO》，arXiv:1910.02054，第 3 节'
    >>> reference_text("Narayanan et al. 2021, arXiv:2104.04473; resources/catalog/reference_runs.json", "en")
    'Narayanan et al. 2021, arXiv:2104.04473; GPU Advisor table of published training runs'
    """
    text = _MODULE_REF.sub("", reference).strip(" ;,")
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    text = re.sub(r"\bseeds 000-003\b", "seed articles", text)
    out: list[str] = []
    for part in _split_top(text, "; "):
        file = _CATALOG_FILE.fullmatch(part)
        if file:
            rendered = _library_name(file.group(1), language)
        elif "idctop.com)" in part or _SEED.search(part):
            if _zh(language):
                part = _name_only(part)
            rendered = cite_articles(part, language)
            if not _zh(language):
                rendered = _drop_han_parentheses(rendered)
        else:
            segments = source_segments(part, language)
            rendered = segments[0] if segments else ""
        if rendered and rendered not in out:
            out.append(rendered)
    return say("report.source.separator", language).join(out) or "—"
