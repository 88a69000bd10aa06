"""One name per option, per input and per unit: the words the UI, the PDF and "why?" share.

The names are catalog entries (``resources/words/<language>/report.toml``):
``report.result_title``, ``report.option_result``, ``report.input_name``,
``report.catalog_field``, ``report.region``, ``report.free_name`` and
``report.value_word``; a plan file's fields (:func:`field_name`) by
``report.input_name`` keyed with ``*`` for list items (``vendors.*.name``),
the items by ``report.list_item`` (a vendor by its name) or
``report.list_item_n`` (a month by its number). Options are named by the engine's one name
(``option.<id>``, :data:`OPTION_IDS`). Colocation is 托管 (owned hardware in a rented rack), as the
market says.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from gpu_advisor.engine.explain_keys import name_values
from gpu_advisor.engine.names import CITATION
from gpu_advisor.model.project import OptionId
from gpu_advisor.words import DEFAULT_LANGUAGE, catalog, say

OPTION_IDS: Final = frozenset(option.value for option in OptionId)
"""The engine's option ids (each named by the catalogs' ``option.<id>``)."""


def option_name(option_id: str, language: str) -> str:
    """The one name of an option in ``language`` (an unknown id as it is).

    >>> option_name("colocation", "zh"), option_name("colocation", "en")
    ('托管', 'Colocation')
    >>> option_name("hybrid", "zh")
    '自有基线＋租用峰值'
    >>> option_name("lease", "en")
    'lease'
    """
    if str(option_id) not in OPTION_IDS:
        return str(option_id)
    return say(f"option.{option_id}", language)


_NUMBERED_ZH: Final = re.compile(r"种子文章\s*(00\d)")
_RULE_EN: Final = re.compile(r"\b[Ss]eed\s+(00\d)'s (rule(?: of thumb)?)")
_NUMBERED_EN: Final = re.compile(r"\b[Ss]eeds?\s+(00\d)(?:'s)?")
_GENERIC: Final = (
    (re.compile(r"种子文章"), "articles"),
    (re.compile(r"\b[Tt]he seeds'"), "articles_possessive"),
    (re.compile(r"\b[Tt]he seeds\b"), "the_articles"),
    (re.compile(r"\b[Ss]eed articles?\b"), "articles"),
)
"""How the catalog's source texts name the articles without a number (Chinese and
English data), and the ``cite.generic.*`` entry each becomes."""
_SEED_MARKS: Final = ("eed", "种子")
"""Text that may name an article by its internal number (a quick test)."""
_TIGHT: Final = ("》 的", "》的")
"""No space between a Chinese title mark and the particle after it."""


def article_citation(number: str, language: str, note: str = "") -> str:
    """One idctop.com article cited by title and publisher, with a note.

    The words are ``cite.article``, ``article.<number>``, ``cite.note`` and
    ``article_note.<note>`` in ``resources/words/<language>/terms.toml``.

    >>> article_citation("003", "zh", "payback_period")
    'idctop.com 文章《上海 AI 训练：租用 GPU 还是自购显卡》（回本周期）'
    >>> article_citation("002", "en")
    '“A GPU cluster in Shenzhen: renting suits most teams better than building” (idctop.com)'
    """
    text = say("cite.article", language, number=number)
    if note:
        noted = say(f"article_note.{note}", language)
        text = say("cite.note", language, citation=text, note=noted)
    return text


def cite_articles(text: str, language: str) -> str:
    """Replace the engine's article citations (``idctop.com/003#note``) and the
    catalog's internal article numbers with title and publisher.

    >>> cite_articles("Seed 003's rule: rent", "en")
    'The rule in “AI training in Shanghai: renting GPUs or buying cards” (idctop.com): rent'
    >>> cite_articles("种子文章 003 的经验法则", "zh")
    'idctop.com 文章《上海 AI 训练：租用 GPU 还是自购显卡》的经验法则'
    >>> cite_articles("the seeds' six-month line", "en")
    "the idctop.com articles' six-month line"
    >>> from gpu_advisor.engine.names import article
    >>> cite_articles(article("003", "payback_period"), "zh")
    'idctop.com 文章《上海 AI 训练：租用 GPU 还是自购显卡》（回本周期）'
    """
    text = CITATION.sub(
        lambda m: article_citation(m.group(1), language, m.group(2) or ""), text
    )
    if not any(mark in text for mark in _SEED_MARKS):
        return text

    def numbered(match: re.Match[str]) -> str:
        if f"article.{match.group(1)}" not in catalog(DEFAULT_LANGUAGE):
            return match.group(0)
        return article_citation(match.group(1), language)

    def rule(match: re.Match[str]) -> str:
        the = "The" if match.start() == 0 else "the"
        return f"{the} {match.group(2)} in {numbered(match)}"

    text = _NUMBERED_ZH.sub(numbered, text)
    if say("citing.script", language) == "latin":
        text = _RULE_EN.sub(rule, text)  # English source text, read in Latin script
    text = _NUMBERED_EN.sub(numbered, text)
    for pattern, code in _GENERIC:
        text = pattern.sub(say(f"cite.generic.{code}", language), text)
    return text.replace(*_TIGHT)


_OPTION_IN_KEY: Final = re.compile(r"^cost\.options\.([a-z_]+)\.([a-z_]+)$")
_CATALOG_KEY: Final = re.compile(
    r"^catalog\.(gpus|networks|regions)\.([^.]+)\.([a-z_]+)$"
)
_FREE_OPTION: Final = re.compile(
    r"\b(on_demand|monthly|yearly|spot|mix|colocation|self_build)\b"
)


def _word(code: str, language: str, **values: object) -> str | None:
    """The entry ``code`` worded, or None when the catalogs have no such entry."""
    if code not in catalog(DEFAULT_LANGUAGE):
        return None
    return say(code, language, values)


def result_title(key: str, language: str) -> str:
    """The explained result in words (``report.result_title``, ``report.option_result``).

    >>> result_title("cost.options.colocation.total_cny", "zh")
    '托管：规划期总成本'
    >>> result_title("compute.gpu_hours", "en")
    'GPU-hours needed'
    """
    title = _word(f"report.result_title.{key}", language)
    if title is not None:
        return title
    match = _OPTION_IN_KEY.match(key)
    if match:
        option = option_name(match.group(1), language)
        title = _word(f"report.option_result.{match.group(2)}", language, option=option)
    return key if title is None else title


def input_name(name: str, language: str, names: Mapping[str, str] | None = None) -> str:
    """An input's human name (catalog entries name the GPU or network model).

    ``names`` gives the display names of catalog ids (GPU and network
    models, see :func:`gpu_advisor.report.formulas.catalog_names`).

    >>> input_name("budget.gpu_price_cny", "zh")
    '整卡价格'
    >>> input_name("catalog.gpus.A100-80GB-SXM.memory_gb", "en")
    'A100-80GB-SXM memory'
    >>> input_name("owned_option?option=self_build", "zh")
    '自有方案：自建机房'
    >>> input_name("scaling_efficiency_at?network=roce-100&cards=64", "zh",
    ...            {"roce-100": "RoCE v2 100 Gb/s"})
    'RoCE v2 100 Gb/s 在 64 卡时的扩展效率'
    """
    names = names or {}
    known = _word(f"report.input_name.{name}", language)
    if known is not None:
        return known
    if _OPTION_IN_KEY.match(name):
        return result_title(name, language)
    match = _CATALOG_KEY.match(name)
    field_name = None
    if match:
        field_name = _word(f"report.catalog_field.{match.group(3)}", language)
    if match and field_name is not None:
        ident = match.group(2)
        label = _word(f"report.region.{ident}", language) or names.get(ident, ident)
        if re.search(r"[\u4e00-\u9fff]$", label):
            return f"{label}{field_name}"  # 北京机柜供电, no space after Han
        return f"{label} {field_name}"
    code, values = name_values(name)
    if values and f"report.free_name.{code}" in catalog(DEFAULT_LANGUAGE):
        parts = {
            key: option_name(v, language) if v in OPTION_IDS else names.get(v, v)
            for key, v in values.items()
        }
        return say(f"report.free_name.{code}", language, parts)
    return _FREE_OPTION.sub(lambda m: option_name(m.group(1), language), name)


_INDEX: Final = re.compile(r"^\d+$")
_ITEM_NAMES: Final = ("name",)
"""The field of a list item that names it (a vendor's, a scenario's name)."""


def field_key(path: str) -> str:
    """The schema key of a plan file path: list indices as ``*``.

    >>> field_key("vendors.0.measurements.12.value")
    'vendors.*.measurements.*.value'
    """
    return ".".join("*" if _INDEX.match(part) else part for part in path.split("."))


def _item_label(key: str, index: int, item: object, language: str) -> str:
    """List item ``index`` of the list ``key``: by its own name, else by number."""
    name = ""
    if isinstance(item, Mapping):
        name = next((str(item[f]) for f in _ITEM_NAMES if item.get(f)), "")
    named = _word(f"report.list_item.{key}", language, name=name) if name else None
    numbered = _word(f"report.list_item_n.{key}", language, n=index + 1)
    return named or numbered or str(index + 1)


def _walk(path: str, data: object, language: str) -> tuple[str, list[str], str]:
    """The schema key, the list items passed on the way, and the part below the
    schema (a free map's key, a plain list's item number)."""
    key: list[str] = []
    items: list[str] = []
    parts = path.split(".")
    for at, part in enumerate(parts):
        if _INDEX.match(part) and key:
            node = (
                data[int(part)]
                if isinstance(data, list) and int(part) < len(data)
                else None
            )
            if f"report.list_item_n.{'.'.join(key)}" not in catalog(DEFAULT_LANGUAGE):
                return ".".join(key), items, str(int(part) + 1)
            items.append(_item_label(".".join(key), int(part), node, language))
            key.append("*")
            data = node
            continue
        known = f"report.input_name.{'.'.join([*key, part])}"
        if key and known not in catalog(DEFAULT_LANGUAGE) and _is_leaf_above(key):
            return ".".join(key), items, ".".join(parts[at:])
        key.append(part)
        data = data.get(part) if isinstance(data, Mapping) else None
    return ".".join(key), items, ""


def _is_leaf_above(key: list[str]) -> bool:
    """True when ``key`` itself is a named field (what follows is inside its value)."""
    return f"report.input_name.{'.'.join(key)}" in catalog(DEFAULT_LANGUAGE)


def field_name(
    path: str,
    language: str,
    data: object = None,
    names: Mapping[str, str] | None = None,
) -> str:
    """A plan file's field in words, list items by their own name.

    ``path`` is a dotted path into the plan file (``Project.model_dump(mode=
    "json")``), list items by index; ``data`` is that dump, for the names of
    list items (a vendor's name); without it items are numbered. ``names``
    as for :func:`input_name` (an input the plan file does not hold).

    >>> field_name("budget.on_demand_cny_per_gpu_hour", "zh")
    '按量单价'
    >>> field_name("vendors.0.name", "en", {"vendors": [{"name": "A"}]})
    'Vendor «A»: name'
    >>> field_name("vendors.1.measurements.0.value", "zh")
    '第 2 家供应商第 1 项测量：数值'
    >>> field_name("environment.nccl_env.NCCL_IB_HCA", "en")
    'NCCL environment variables: NCCL_IB_HCA'
    >>> field_name("no.such.field", "en")
    'no.such.field'
    """
    key, items, below = _walk(path, data, language)
    name = _word(f"report.input_name.{key}", language)
    if name is None:
        return input_name(path, language, names)
    if below:
        name = say("report.list_item.entry", language, field=name, key=below)
    if not items:
        return name
    item = items[0]
    for inner in items[1:]:
        item = say("report.list_item.nested", language, outer=item, inner=inner)
    return say("report.list_item.joined", language, item=item, field=name)


def path_label(path: str, language: str, data: object = None) -> str:
    """A plan file path in words (:func:`field_name`), the path in brackets.

    >>> path_label("meta.horizon_months", "en")
    'Planning horizon (meta.horizon_months)'
    >>> path_label("vendors.0.terms", "zh")
    '第 1 家供应商：合同条款 (vendors.0.terms)'
    """
    name = field_name(path, language, data)
    return path if name == path else f"{name} ({path})"


def value_text(value: str, language: str) -> str:
    """A text input value in the reader's words (option ids by their one name).

    >>> value_text("none", "zh"), value_text("colocation", "zh"), value_text("bf16", "zh")
    ('无', '托管', 'BF16')
    """
    if value in OPTION_IDS:
        return option_name(value, language)
    word = _word(f"report.value_word.{value.lower()}", language)
    return value if word is None else word
