"""The one name of each procurement option, in English and Chinese.

Every step, the command line and the PDF take option names from here, so an
option is called the same everywhere (Chinese uses the market's terms:
按量付费, 包月, 包年, 竞价实例, 托管).
"""

from __future__ import annotations

from typing import Final

from gpu_advisor.model.project import OptionId

OPTION_NAMES: Final[dict[OptionId, tuple[str, str]]] = {
    OptionId.ON_DEMAND: ("On-demand", "按量付费"),
    OptionId.MONTHLY: ("Monthly rental", "包月"),
    OptionId.YEARLY: ("Yearly commitment", "包年"),
    OptionId.SPOT: ("Spot instances", "竞价实例"),
    OptionId.MIX: ("Reserved baseline plus bursts", "预留基线加弹性"),
    OptionId.COLOCATION: ("Colocation", "托管"),
    OptionId.SELF_BUILD: ("Self-built room", "自建机房"),
    OptionId.HYBRID: ("Owned baseline plus rented peaks", "自有基线＋租用峰值"),
}
"""(English, Chinese) name of each option, English in sentence case."""


def option_title(option: OptionId, zh: bool = False) -> str:
    """The option's name as a label or at the start of a sentence.

    >>> option_title(OptionId.MIX), option_title(OptionId.COLOCATION, zh=True)
    ('Reserved baseline plus bursts', '托管')
    """
    en, cn = OPTION_NAMES[option]
    return cn if zh else en


def option_in_sentence(option: OptionId, zh: bool = False) -> str:
    """The option's name inside an English sentence (lower-case first letter).

    >>> option_in_sentence(OptionId.SELF_BUILD), option_in_sentence(OptionId.SPOT, True)
    ('self-built room', '竞价实例')
    """
    name = option_title(option, zh)
    return name if zh else name[:1].lower() + name[1:]


ARTICLE_PUBLISHER: Final = "idctop.com"
"""Publisher of the four articles on renting and building GPU clusters the plan cites."""

ARTICLE_TITLES: Final[dict[str, tuple[str, str]]] = {
    "000": (
        "Building a GPU training cluster in Shanghai: rent first, then weigh building",
        "在上海搭建 GPU 训练集群：先租用成熟算力平台，再评估自建",
    ),
    "001": (
        "Renting compute for large-model training in Shanghai: pay-as-you-go GPU cloud",
        "上海大模型训练的算力租用：按需付费的 GPU 云服务",
    ),
    "002": (
        "A GPU cluster in Shenzhen: renting suits most teams better than building",
        "在深圳搭建 GPU 集群：租用比自建更适合多数团队",
    ),
    "003": (
        "AI training in Shanghai: renting GPUs or buying cards",
        "上海 AI 训练：租用 GPU 还是自购显卡",
    ),
}
"""(English, Chinese) titles of the four idctop.com articles, by their number.

The article files carry no title line; these name each by its opening claim.
"""


def article(number: str, *notes: str) -> str:
    """An English citation of one idctop.com article, notes in brackets after it.

    The UI and the PDF translate the title for Chinese readers and keep only
    the notes in the reader's language (give one note per language).

    >>> article("003")
    '“AI training in Shanghai: renting GPUs or buying cards” (idctop.com)'
    >>> article("002", "slow networks", "网络慢")[-23:]
    ') (slow networks) (网络慢)'
    """
    text = f"“{ARTICLE_TITLES[number][0]}” ({ARTICLE_PUBLISHER})"
    return text + "".join(f" ({note})" for note in notes)


ALL_ARTICLES: Final = "; ".join(article(n) for n in sorted(ARTICLE_TITLES))
"""All four articles, cited by title and publisher."""
