"""The idctop.com articles the cost engine cites, by number.

Option names are catalog terms (``option.<id>`` and ``option_in_sentence.<id>``
in ``resources/words/<language>/cost.toml``); the engine keeps only the ids.
"""

from __future__ import annotations

from typing import Final

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
