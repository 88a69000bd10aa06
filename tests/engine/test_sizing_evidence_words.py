"""Every message of the sizing and of the vendor evidence is worded in every language.

The engine gives codes and values (:mod:`gpu_advisor.engine.sizing.advice`,
:mod:`gpu_advisor.engine.evidence`); ``resources/words/<language>/sizing.toml``
and ``evidence.toml`` word them. ``tests/engine/test_no_sentences.py`` keeps
sentences out of those modules.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gpu_advisor import words
from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Message
from gpu_advisor.model.project import Precision, TaskKind, Workload

ROOT = Path(__file__).resolve().parents[2]


def _worded(message: Message | None) -> list[str]:
    if message is None:
        return []
    return [words.text(message, language) for language in words.languages()]


def _plain(sentence: str) -> bool:
    return bool(sentence.strip()) and "{" not in sentence and "None" not in sentence


EXAMPLES = sorted((ROOT / "resources" / "examples").glob("*.gpuplan"))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_vendor_message_is_worded_in_every_language(example: Path) -> None:
    vendors = evaluate_plan(load_project(example), load_catalog()).vendors
    assert vendors.scoring is not None
    sentences: list[str] = []
    for judgement in vendors.judgements.values():
        for check in judgement.checks:
            sentences += _worded(check.message) + _worded(check.threshold)
        for note in judgement.score_notes:
            sentences += _worded(note)
    for score in vendors.scoring.vendors:
        sentences += _worded(score.held_back)
        for criterion in score.scores:
            sentences += _worded(criterion.rule)
    assert sentences
    assert all(_plain(s) for s in sentences), [s for s in sentences if not _plain(s)]


SIZING_CASES = [
    Workload(task=TaskKind.PRETRAIN, model_preset="llama3-70b", gpus=4, zero_stage=0),
    Workload(
        task=TaskKind.PRETRAIN,
        model_preset="llama2-7b",
        gpus=64,
        network_id="eth-10g",
        tokens_billion=2000,
        deadline_days=1,
        precision=Precision.FP8,
    ),
    Workload(
        task=TaskKind.PRETRAIN,
        model_preset="llama3-70b",
        gpus=64,
        zero_stage=3,
        network_id="ib-ndr-400",
        pp=8,
        tp=16,
        dp=4,
    ),
    Workload(network_id="no-such-network", gpu_id="no-such-gpu"),
]


@pytest.mark.parametrize("workload", SIZING_CASES)
def test_every_sizing_advice_is_worded_in_every_language(workload: Workload) -> None:
    result = size_workload(workload, load_catalog())
    assert result.warnings
    for advice in result.warnings:
        assert set(type(advice).model_fields) == {
            "code",
            "severity",
            "params",
            "inputs",
        }
        for sentence in _worded(Message(code=advice.code, params=advice.params)):
            assert _plain(sentence), (advice.code, sentence)


def test_every_network_class_is_named_in_every_language() -> None:
    """The sizing names a network class by its id (``sizing.network_name``): the
    catalogs name every class of ``resources/catalog/networks.json``, as it does."""
    for network in load_catalog().networks:
        code = f"sizing.network_name.{network.id}"
        assert words.say(code, "en") == network.name
        for language in words.languages():
            assert words.say(code, language)
