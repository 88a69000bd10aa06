"""Product terms the renderers name often, worded from the catalogs.

The engine returns option ids; the app, the PDF, the CLI and the workbook name
them here, so an option is called the same everywhere (``option.<id>`` as a
label or at the start of a sentence, ``option_in_sentence.<id>`` inside one;
``resources/words/<language>/cost.toml``).

Examples
--------
>>> option_name("colocation", "zh"), option_in_sentence("self_build", "en")
('托管', 'self-built room')
"""

from __future__ import annotations

from gpu_advisor.model.cost_results import OptionResult
from gpu_advisor.model.project import Framework, OptionId
from gpu_advisor.words import Worded, say, text

FRAMEWORK_NAMES: dict[Framework, str] = {
    Framework.FSDP: "PyTorch FSDP",
    Framework.MEGATRON: "Megatron-LM",
    Framework.DEEPSPEED: "DeepSpeed",
    Framework.DDP: "PyTorch DDP",
}
"""Training frameworks by their product names (the same in every language)."""


def option_name(option: OptionId | str, language: object) -> str:
    """The option's name as a label or at the start of a sentence.

    >>> option_name(OptionId.MIX, "en")
    'Reserved baseline plus bursts'
    """
    return say(f"option.{OptionId(option).value}", language)


def option_in_sentence(option: OptionId | str, language: object) -> str:
    """The option's name inside a sentence (English: lower-case first letter).

    >>> option_in_sentence(OptionId.SPOT, "en"), option_in_sentence("spot", "zh")
    ('spot instances', '竞价实例')
    """
    return say(f"option_in_sentence.{OptionId(option).value}", language)


def text_or_empty(message: Worded | None, language: object) -> str:
    """``message`` worded in ``language``, or ``""`` when there is none.

    >>> text_or_empty(None, "en")
    ''
    """
    return "" if message is None else text(message, language)


def rank_mark(option: OptionResult, language: object, *, detail: bool = False) -> str:
    """What a ranking row says beside an option that holds no rank: not
    feasible, the same as another option, or spot priced with its risk
    (``""`` for a ranked option); ``detail``: with the total at the price
    book's high spot values.

    >>> o = OptionResult(id="mix", total_cny=1.0, monthly_cny=[1.0],
    ...     cumulative_cny=[1.0], npv_cny=1.0, same_as="yearly")
    >>> rank_mark(o, "en"), rank_mark(o, "zh")
    ('same as yearly commitment', '同包年')
    """
    if not option.feasible:
        return say("ranking.infeasible", language)
    if option.same_as is not None:
        return say("ranking.same_as", language, option=option.same_as.value)
    if option.at_risk_cny is not None:
        code = "ranking.at_risk_detail" if detail else "ranking.at_risk"
        return say(code, language, high=option.at_risk_cny)
    return ""
