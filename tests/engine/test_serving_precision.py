"""The precision search (issue #31): without a fixed precision the replica
search tries the weight precisions the card allows and takes the cheapest
configuration that meets the targets, saying which and why.

Before: ``serve`` always ran BF16 unless ``--precision`` said otherwise. The
manager's question (Llama 3.1 70B, 200 requests/s at peak, 1,500 / 300
tokens, 1 s TTFT and 50 ms TPOT at p95) came out at 34 replicas of 8 H100,
272 cards; searching BF16 and FP8 it takes FP8 at 4 cards a replica, 144
cards, and warns that FP8 weights are a quality trade-off.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.cli import main
from gpu_advisor.engine.evidence.measured import plan_sizing
from gpu_advisor.engine.serving.precision import precisions_to_try
from gpu_advisor.engine.serving.replica import choose_replica
from gpu_advisor.engine.sizing.shape import shape_from_preset
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import canonical_json
from gpu_advisor.model.project import Project, TaskKind, Workload
from gpu_advisor.model.serving import (
    PrecisionSearch,
    Serving,
    Traffic,
    WeightPrecision,
)
from tests.property_runs import examples

CATALOG = load_catalog()
FACTORS = CATALOG.serving_factors.factors
MANAGER = [
    "serve", "--model", "llama3.1-70b", "--gpu", "H100-80GB-SXM",
    "--prompt-tokens", "1500", "--output-tokens", "300", "--rate", "200",
    "--ttft-ms", "1000", "--tpot-ms", "50", "--json", "--lang", "en",
]  # fmt: skip


def _serve(capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, object]:
    assert main([*MANAGER, *extra]) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_serve_without_precision_takes_the_cheapest_and_warns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    fixed = _serve(capsys, "--precision", "bf16")
    searched = _serve(capsys)
    assert fixed["weight_precision"] == "bf16"
    assert fixed["precision_notes"] == []
    assert searched["weight_precision"] == "fp8"
    assert isinstance(searched["gpus"], int)
    assert isinstance(fixed["gpus"], int)
    assert searched["gpus"] < fixed["gpus"]
    notes = searched["precision_notes"]
    assert isinstance(notes, list)
    assert [n["code"] for n in notes] == [
        "serving.precision.chosen",
        "serving.precision.quantised",
    ]
    assert "FP8" in notes[0]["text"]
    assert "BF16" in notes[0]["text"]
    assert notes[1]["severity"] == "warning"


def test_a_card_without_fp8_stays_on_bf16_without_a_warning(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = [a if a != "H100-80GB-SXM" else "A100-80GB-SXM" for a in MANAGER]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["weight_precision"] == "bf16"
    assert [n["code"] for n in out["precision_notes"]] == ["serving.precision.chosen"]


def test_integer_formats_only_when_allowed(capsys: pytest.CaptureFixture[str]) -> None:
    gpu = CATALOG.gpu("A100-80GB-SXM")
    default = Serving(precision_search=PrecisionSearch.BF16_FP8)
    allowed = Serving(precision_search=PrecisionSearch.ANY)
    assert WeightPrecision.INT8 not in precisions_to_try(default, gpu)
    assert WeightPrecision.INT4_AWQ in precisions_to_try(allowed, gpu)
    argv = [a if a != "H100-80GB-SXM" else "A100-80GB-SXM" for a in MANAGER]
    assert main([*argv, "--allow-quantised"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["weight_precision"] != "bf16"  # an A100 fleet at INT8/INT4 is cheaper
    assert out["precision_notes"][-1]["code"] == "serving.precision.quantised"
    assert main([*MANAGER, "--precision", "fp8", "--allow-quantised"]) == 2
    assert "--allow-quantised" in capsys.readouterr().err


def test_at_the_same_cards_the_published_weights_win() -> None:
    shape = shape_from_preset(CATALOG.model("llama3.1-8b"))
    serving = Serving(precision_search=PrecisionSearch.ANY)
    choice = choose_replica(
        shape, [CATALOG.gpu("H100-80GB-SXM")], serving, 0.5, factors=FACTORS
    )
    assert choice.gpus == 1
    assert choice.performance is not None
    assert choice.performance.weight_precision is WeightPrecision.BF16


@settings(max_examples=examples(ci=8, deep=100), deadline=None)
@given(
    rate=st.floats(0.5, 300.0), model=st.sampled_from(["llama3.1-8b", "qwen2.5-32b"])
)
def test_searching_never_needs_more_cards_than_bf16(rate: float, model: str) -> None:
    shape = shape_from_preset(CATALOG.model(model))
    cards = [CATALOG.gpu("H100-80GB-SXM")]
    bf16 = choose_replica(shape, cards, Serving(), rate, factors=FACTORS)
    search = Serving(precision_search=PrecisionSearch.ANY)
    best = choose_replica(shape, cards, search, rate, factors=FACTORS)
    if bf16.gpu_id is not None:
        assert best.gpu_id is not None
        assert best.gpus <= bf16.gpus


def _plan(search: PrecisionSearch | None) -> Project:
    serving = Serving(
        precision_search=search,
        prompt_tokens=1500,
        output_tokens=300,
        traffic=Traffic(peak_rps=40.0),
    )
    return Project(
        workload=Workload(
            task=TaskKind.INFERENCE,
            model_preset="llama3.1-70b",
            gpu_id="H100-80GB-SXM",
            serving=serving,
        )
    )


def test_a_plan_that_searches_says_what_it_chose() -> None:
    sizing = plan_sizing(_plan(PrecisionSearch.BF16_FP8), CATALOG)
    assert sizing.serving is not None
    assert sizing.serving.per_replica.weight_precision is WeightPrecision.FP8
    codes = [a.code for a in sizing.warnings]
    assert "serving.precision.chosen" in codes
    assert "serving.precision.quantised" in codes
    fixed = plan_sizing(_plan(None), CATALOG)
    assert fixed.serving is not None
    assert fixed.serving.per_replica.weight_precision is WeightPrecision.BF16
    assert not any(a.code.startswith("serving.precision") for a in fixed.warnings)
    assert fixed.serving.peak_gpus > sizing.serving.peak_gpus


def test_a_plan_allowing_every_precision_keeps_every_size_it_tried() -> None:
    """19 sizes meet the targets on H100 across the five precisions: the plan
    keeps them all (it refused more than 16 before)."""
    sizing = plan_sizing(_plan(PrecisionSearch.ANY), CATALOG)
    assert sizing.serving is not None
    tried = {p.weight_precision for p in sizing.serving.considered}
    assert len(tried) == 5
    assert len(sizing.serving.considered) > 16


def test_an_old_plan_keeps_its_canonical_bytes() -> None:
    """The new input is left out of the signed bytes while unset."""
    assert b"precision_search" not in canonical_json(_plan(None))
    assert b"precision_search" in canonical_json(_plan(PrecisionSearch.ANY))
