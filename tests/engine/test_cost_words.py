"""The cost engine's terms are in every catalog; its messages word in every language."""

from __future__ import annotations

import json

import pytest

from gpu_advisor import words
from gpu_advisor.cli.cost import to_json
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.model.common import Language, Message
from gpu_advisor.model.project import OptionId
from gpu_advisor.words.terms import option_in_sentence, option_name
from tests.engine._cost_helpers import CATALOG
from tests.engine.test_examples import _load


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_option_and_region_is_named(language: str) -> None:
    catalog = words.catalog(language)
    for option in OptionId:
        assert catalog[f"option.{option.value}"]
        assert catalog[f"option_in_sentence.{option.value}"]
    for region in CATALOG.regions:  # the catalog keeps ids; the words name them
        assert catalog[f"region.{region.id}"]
        assert f"region_notes.{region.id}" in catalog
    for entry in CATALOG.checklist:
        assert catalog[f"checklist_entry.{entry.id}.title"]
        assert catalog[f"checklist_entry.{entry.id}.detail"]


def test_an_english_name_in_a_sentence_is_the_label_in_lower_case() -> None:
    for option in OptionId:
        label = option_name(option, "en")
        assert option_in_sentence(option, "en") == label[:1].lower() + label[1:]
        assert option_in_sentence(option, "zh") == option_name(option, "zh")


def test_a_message_nested_in_json_is_worded_too() -> None:
    inner = Message(code="option.spot")
    outer = Message(
        code="recommend.hybrid_cards", params={"option": "hybrid", "why": inner}
    )
    data = json.loads(outer.model_dump_json())
    assert (
        words.worded(data, "en")["text"]
        == "Owned baseline plus rented peaks: Spot instances"
    )
    assert words.worded(data, "zh")["params"]["why"]["text"] == "竞价实例"


@pytest.mark.parametrize(
    "name",
    ["lab_64_gpus_three_years.gpuplan", "shenzhen_7b_pretrain_then_serve.gpuplan"],
)
def test_every_cost_message_words_in_both_languages(name: str) -> None:
    ev = evaluate(_load(name), CATALOG)
    cost = ev.cost
    messages: list[words.Worded] = [*cost.warnings, *cost.recommendation.reasons]
    messages += [m for o in cost.options for m in (o.includes, o.reason) if m]
    messages += [b.label for b in cost.tornado]
    if cost.currency.vat_note is not None:
        messages.append(cost.currency.vat_note)
    if cost.hybrid is not None and cost.hybrid.reason is not None:
        messages.append(cost.hybrid.reason)
    for message in messages:
        en, zh = words.text(message, "en"), words.text(message, "zh")
        assert en, message.code
        assert zh, message.code
        assert "{" not in en + zh, message.code
        assert "None" not in en + zh, message.code
    doc = to_json(ev, Language.ZH)
    assert cost.currency.vat_note is not None
    assert doc["currency"]["vat_note"]["text"] == words.text(
        cost.currency.vat_note, "zh"
    )


def test_one_code_with_two_sets_of_values_is_shown_twice() -> None:
    from gpu_advisor.engine.shown import WarningSource, ordered_advice
    from gpu_advisor.model.common import Advice

    def price(vendor: str) -> Advice:
        return Advice(code="cost.implausible_price", params={"vendor": vendor})

    shown = ordered_advice([(WarningSource.COST, price(v)) for v in ("A", "B", "A")])
    assert [a.params["vendor"] for a in shown.advice] == ["A", "B"]
