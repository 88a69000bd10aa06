"""One name per option, per input and per unit: the words the UI, the PDF and "why?" share.

Every option id of :class:`gpu_advisor.model.project.OptionId` has exactly
one (zh, en) name here; a new option id needs one entry and nothing else.
Colocation is 托管 (owned hardware in a rented rack), as the market says.
"""

from __future__ import annotations

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
