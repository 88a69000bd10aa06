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
  script the reader's catalog reads (``citing.script``); other English titles
  have the reader's name in ``source_title.*`` (or stay as the title of a
  foreign work).
* Papers are cited author, year, title: ``Rajbhandari 等（2020）《ZeRO》，
  arXiv:1910.02054`` for a Han reader (``citing.paper.*``, ``source_part.*``).
* Free-text segments that no rule reads are worded by ``source_segment.*``;
  a new one that has none stays in English, and the tests of the rendered
  plan say so.

Every word is the catalog's (``resources/words/<language>/sources.toml``):
publishers ``source_publisher.*``, notes ``source_note.*``, document kinds
``source_document.*``, the citation's form ``citing.*``. The patterns here
read the engineer's English source text, in every language.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Final

from pydantic import BaseModel

from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Citation, Provenance
from gpu_advisor.model.project import IMPORTED_ROW
from gpu_advisor.report.glossary import cite_articles, input_name
from gpu_advisor.words import DEFAULT_LANGUAGE, catalog, say

_HAN: Final = re.compile(r"[\u3400-\u9fff]")
_SEED: Final = re.compile(r"\b[Ss]eeds?\b|种子")
_OPENING: Final = "(（“《"
_CLOSING: Final = ")）”》"
"""Brackets and quotes a source text may hold (Latin and Chinese typography)."""
_HAN_GLOSS: Final = re.compile(r"\s*（[^（）]*）")
"""A gloss in full-width brackets (dropped for a Latin reader)."""

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
_QUOTE: Final = re.compile(
    r"^quote (?P<vendor>.+), vendors step(?: \(\+(?P<vat>\d+%) VAT added\))?$", re.S
)
"""A vendor's quote the vendors step puts in the budget (engine ``quote_source``)."""
_VAT_NET: Final = re.compile(r"\s*\(net of (?P<vat>\d+%) recoverable VAT\)$")
"""The note the engine appends to a price brought net of recoverable input VAT."""
_PAPER: Final = re.compile(
    r"^(?P<authors>(?:[A-Z][\w'’-]+(?:, | & | and ))*[A-Z][\w'’-]+(?: et al\.)?"
    r"|(?:BigScience Workshop|DeepSeek-AI|Team GLM|GLM-4.5 Team|Kimi Team|Llama Team|Qwen Team|MosaicML))"
    r" \(?(?P<year>(?:19|20)\d\d)\)?(?: \((?P<note>[^()]*)\))?(?:, (?P<rest>.+))?$",
    re.S,
)
_DOCUMENT_WORDS: Final = (
    (re.compile(r"\s+Architecture whitepaper$"), "architecture_whitepaper"),
    (re.compile(r"\s+whitepaper$"), "whitepaper"),
    (re.compile(r"\s+accelerator datasheet$"), "accelerator_datasheet"),
    (re.compile(r"\s+datasheet$"), "datasheet"),
    (re.compile(r"\s+product specifications$"), "product_specifications"),
    (re.compile(r"\s+product page$"), "product_page"),
    (re.compile(r"\s+Product Brief (\S+)$"), "product_brief"),
    (re.compile(r"\s+model card$"), "model_card"),
    (re.compile(r"\s+config\.json$"), "config_json"),
    (re.compile(r"\s+Technical Report(,| )"), "technical_report_then"),
    (re.compile(r"\s+Technical Report$"), "technical_report"),
    (re.compile(r"\s+[Ss]ection (\S+)$"), "section"),
    (re.compile(r", GeForce (.+) column$"), "geforce_column"),
)
"""Document kinds at the end of a cited work (English source text), and the
``source_document.*`` entry that names each for a Han reader ("… datasheet" →
"… 数据手册")."""
_PAPER_PARTS: Final = (
    (re.compile(r"arXiv:\S+"), None),
    (re.compile(r"Table (\w+)"), "table"),
    (re.compile(r"[Ss]ection (\S+)"), "section"),
    (re.compile(r"eq\. (\w+)"), "equation"),
    (re.compile(r"App\. (\w+)"), "appendix_of"),
    (re.compile(r"Appendix"), "appendix"),
    (re.compile(r"ch\. (\d+)"), "chapter"),
    (re.compile(r"(\d+)(?:st|nd|rd|th) ed\."), "edition"),
    (re.compile(r"USENIX FAST '\d\d"), None),
)
"""Parts of a paper's citation after its year (English source text), and the
``source_part.*`` entry that words each for a Han reader (None: kept as written)."""


def _han(language: str) -> bool:
    """Whether the reader cites in Han script (``citing.script``): titles in it,
    citations in Chinese style; else glosses in Han are dropped."""
    return say("citing.script", language) == "han"


def _reader_words(table: str, text: str, language: str) -> str | None:
    """The catalog's words for ``text`` in ``table`` (``source_title``,
    ``source_publisher``, ``source_segment``, ``source_note``), or None."""
    code = f"{table}.{text}"
    return say(code, language) if code in catalog(DEFAULT_LANGUAGE) else None


def _note(note: str, language: str) -> str:
    return _reader_words("source_note", note, language) or note


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
        if char in _OPENING:
            depth += 1
        elif char in _CLOSING and depth:
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
    return _HAN_GLOSS.sub("", text)


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
    known = _reader_words("source_title", title, language)
    if known is not None:
        return known
    found = re.fullmatch(r"(.+?) \(([^()]+)\)", title)
    if found:
        first, second = found.groups()
        first_han, second_han = bool(_HAN.search(first)), bool(_HAN.search(second))
        if first_han != second_han:
            return first if first_han == _han(language) else second
    return title if _han(language) else _drop_han_parentheses(title)


def _publisher(publisher: str, language: str) -> str:
    """A publisher as the reader names it.

    >>> _publisher("brian8808 on Hugging Face", "zh")
    'Hugging Face 用户「brian8808」'
    >>> _publisher("Alibaba Cloud (阿里云) help centre", "en")
    'Alibaba Cloud help centre'
    >>> _publisher("idctop.com", "zh")
    'idctop.com 文章'
    """
    known = _reader_words("source_publisher", publisher, language)
    if known is not None:
        return known
    if not _han(language):
        return _drop_han_parentheses(publisher)
    found = re.fullmatch(r"(\S+) on (Hugging Face|GitHub)", publisher)
    if found:
        return say(
            "citing.platform_user",
            language,
            user=found.group(1),
            platform=found.group(2),
        )
    found = re.fullmatch(r"(.+?) \(([^()]+)\)", publisher)
    if found and not _HAN.search(found.group(1)) and "/" in found.group(2):
        return say(
            "citing.named_site", language, name=found.group(1), site=found.group(2)
        )
    return publisher


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
    return say(
        "citing.work_dated" if citation.published else "citing.work",
        language,
        title=_title(citation.title, language),
        publisher=_publisher(citation.publisher, language),
        date=citation.published.isoformat() if citation.published else "",
    )


def _paper(found: re.Match[str], language: str) -> str:
    """A paper or report: authors, year, title, identifiers (as written, for a
    Latin reader).

    >>> _paper(_PAPER.fullmatch("Smith and Li 2020 (blog), Scaling, Table 2"), "zh")
    'Smith 与 Li（2020，博客）《Scaling》，表 2'
    """
    if not _han(language):
        return found.group(0)
    authors, year = found.group("authors"), found.group("year")
    note, rest = found.group("note"), found.group("rest") or ""
    names = re.sub(
        r" (?:&|and) ",
        say("citing.paper.and", language),
        authors.removesuffix(" et al."),
    ).replace(", ", say("citing.paper.author_separator", language))
    if authors.endswith(" et al."):
        names = say("citing.paper.et_al", language, names=names)
    head = say(
        "citing.paper.year_note" if note else "citing.paper.year",
        language,
        names=names,
        year=year,
        note=_note(note, language) if note else "",
    )
    parts: list[str] = []
    for part in _split_top(rest, ", "):
        parts.append(_paper_part(part, not parts, language))
    if parts and parts[0].startswith("\0"):
        head += say("citing.paper.title", language, title=parts.pop(0)[1:])
    sep = say("citing.paper.part_separator", language)
    return sep.join([head, *parts])


def _paper_part(part: str, first: bool, language: str) -> str:
    """One comma-separated part after a paper's year, for a Han reader.

    The title comes back marked with a leading NUL (only the first part can be one).
    """
    note = ""
    found = re.fullmatch(r"(.+?) \(([^()]+)\)", part)
    if found:
        part, note = found.groups()
        note = say("words.aside", language, x=_note(note, language))
    for pattern, code in _PAPER_PARTS:
        matched = pattern.fullmatch(part)
        if matched:
            if code is not None:
                number = matched.group(1) if pattern.groups else ""
                part = say(f"source_part.{code}", language, x=number)
            return part + note
    if first:
        return "\0" + part + note
    return part + note


def _segment(segment: str, language: str) -> str:
    """One ``;``-separated part of a source text, as the reader reads it."""
    segment = _name_only(segment.strip())
    if "idctop.com)" in segment or "idctop.com/" in segment or _SEED.search(segment):
        return cite_articles(segment, language)
    known = _reader_words("source_segment", segment, language)
    if known is not None:
        return known
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
    if not _han(language):
        return _drop_han_parentheses(segment)
    return _document(segment, language)


def _document(segment: str, language: str) -> str:
    """A named document (datasheet, whitepaper, …) for a Han reader: its kind in
    words (``source_document.*``), a known note after it, links dropped."""
    found = re.fullmatch(r"(.+?) \(([^()]+)\)", segment)
    note = ""
    if found and _reader_words("source_note", found.group(2), language):
        segment = found.group(1)
        note = say("words.aside", language, x=_note(found.group(2), language))
    segment = re.sub(
        r"\s*\((?:[\w.-]+\.(?:pdf|html?)|[\w.-]+\.com/[^()]*)\)", "", segment
    )
    works = []
    for work in re.split(r" and (?=NVIDIA |AMD )| / ", segment):
        for pattern, code in _DOCUMENT_WORDS:
            work = pattern.sub(
                lambda m, code=code: say(
                    f"source_document.{code}",
                    language,
                    x=m.group(1) if m.re.groups else "",
                ),
                work,
            )
        works.append(work)
    return say("citing.works_separator", language).join(works) + note


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
    >>> source_text("quote 供应商甲, vendors step (net of 6% recoverable VAT)", "zh").text
    '供应商甲的报价（“供应商测试”步骤）（已扣除可抵扣的 6% 进项税）'
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
    quote = _QUOTE.fullmatch(source)
    if quote:
        text = say("report.source.quote", language, vendor=quote.group("vendor"))
        if quote.group("vat"):
            text += say("report.source.vat_added", language, vat=quote.group("vat"))
        return SourceText(text, "", "imported")
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
    row = IMPORTED_ROW.fullmatch(where or "")
    if row:  # the importer's "sheet, row 2", in the reader's words
        where = say(
            "report.source.imported_row", language, sheet=row["sheet"], row=row["row"]
        )
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
            if _han(language):
                part = _name_only(part)
            rendered = cite_articles(part, language)
            if not _han(language):
                rendered = _drop_han_parentheses(rendered)
        else:
            segments = source_segments(part, language)
            rendered = segments[0] if segments else ""
        if rendered and rendered not in out:
            out.append(rendered)
    return say("report.source.separator", language).join(out) or "—"
