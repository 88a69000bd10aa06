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
