"""One name per option, per input and per unit: the words the UI, the PDF and "why?" share.

Every option id of :class:`gpu_advisor.model.project.OptionId` has exactly
one (zh, en) name here; a new option id needs one entry and nothing else.
Colocation is 托管 (owned hardware in a rented rack), as the market says.
"""

from __future__ import annotations

import re
from typing import Final

OPTION_NAMES: Final[dict[str, tuple[str, str]]] = {
    "on_demand": ("按量付费", "On-demand"),
    "monthly": ("包月", "Monthly rental"),
    "yearly": ("包年", "Yearly commitment"),
    "spot": ("竞价实例", "Spot instances"),
    "mix": ("包年基线加弹性", "Reserved baseline plus bursts"),
    "colocation": ("托管", "Colocation"),
    "self_build": ("自建机房", "Self-built room"),
}
"""(zh, en) name of each option id."""


def option_name(option_id: str, language: str) -> str:
    """The one name of an option in ``language`` ("zh…" or "en…").

    >>> option_name("colocation", "zh"), option_name("colocation", "en")
    ('托管', 'Colocation')
    >>> option_name("hybrid", "en")
    'hybrid'
    """
    names = OPTION_NAMES.get(str(option_id))
    if names is None:
        return str(option_id)
    return names[0] if str(language).startswith("zh") else names[1]


ARTICLE_PUBLISHER: Final = "idctop.com"
"""Publisher of the four articles on renting and building GPU clusters the plan cites."""

ARTICLE_TITLES: Final[dict[str, tuple[str, str]]] = {
    "000": (
        "在上海搭建 GPU 训练集群：先租用成熟算力平台，再评估自建",
        "Building a GPU training cluster in Shanghai: rent first, then weigh building",
    ),
    "001": (
        "上海大模型训练的算力租用：按需付费的 GPU 云服务",
        "Renting compute for large-model training in Shanghai: pay-as-you-go GPU cloud",
    ),
    "002": (
        "在深圳搭建 GPU 集群：租用比自建更适合多数团队",
        "A GPU cluster in Shenzhen: renting suits most teams better than building",
    ),
    "003": (
        "上海 AI 训练：租用 GPU 还是自购显卡",
        "AI training in Shanghai: renting GPUs or buying cards",
    ),
}
"""(zh, en) titles of the articles, keyed by their number in the engine's notes.

The article files carry no title line; these name each by its opening claim.
"""

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
    """
    if "eed" not in text and "种子" not in text:
        return text
    zh = str(language).startswith("zh")

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
