"""Invariants of the serving engine (issue 31's done-when)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.serving.load import max_sequences, tpot_at
from gpu_advisor.engine.serving.memory import replica_memory
from gpu_advisor.engine.serving.replica import (
    build_model,
    choose_replica,
    replica_at_targets,
)
from gpu_advisor.engine.sizing.shape import shape_from_preset
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.serving import (
    KvPrecision,
    LatencyTargets,
    Serving,
    ServingEngine,
    WeightPrecision,
)
from tests.property_runs import examples

CATALOG = load_catalog()
FACTORS = CATALOG.serving_factors.factors
MODELS = st.sampled_from(["llama3.1-8b", "qwen2.5-14b", "mixtral-8x7b", "llama3.1-70b"])
GPUS = st.sampled_from(["H100-80GB-SXM", "A100-80GB-SXM", "L40S", "H200-141GB-SXM"])
ENGINES = st.sampled_from(list(ServingEngine))
PROMPTS = st.integers(min_value=16, max_value=8000)
OUTPUTS = st.integers(min_value=8, max_value=2000)


@settings(max_examples=examples(ci=15, deep=200), deadline=None)
@given(
    MODELS, GPUS, ENGINES, PROMPTS, OUTPUTS, st.floats(0.1, 500), st.floats(1.0, 4.0)
)
def test_more_traffic_never_needs_fewer_gpus(
    model: str,
    gpu: str,
    engine: ServingEngine,
    prompt: int,
    output: int,
    rate: float,
    more: float,
) -> None:
    shape = shape_from_preset(CATALOG.model(model))
    serving = Serving(engine=engine, prompt_tokens=prompt, output_tokens=output)
    cards = [CATALOG.gpu(gpu)]
    low = choose_replica(shape, cards, serving, rate, factors=FACTORS)
    high = choose_replica(shape, cards, serving, rate * more, factors=FACTORS)
    if low.gpu_id is None:
        assert high.gpu_id is None
        return
    assert high.gpus >= low.gpus


@settings(max_examples=examples(ci=15, deep=200), deadline=None)
@given(
    MODELS,
    GPUS,
    ENGINES,
    PROMPTS,
    OUTPUTS,
    st.floats(50, 20_000),
    st.floats(5, 500),
    st.floats(0.2, 1.0),
    st.sampled_from([1, 2, 4, 8]),
)
def test_tighter_target_never_raises_goodput(
    model: str,
    gpu: str,
    engine: ServingEngine,
    prompt: int,
    output: int,
    ttft: float,
    tpot: float,
    tighter: float,
    tp: int,
) -> None:
    shape = shape_from_preset(CATALOG.model(model))
    card = CATALOG.gpu(gpu)

    def goodput(ttft_ms: float, tpot_ms: float) -> float:
        serving = Serving(
            engine=engine,
            prompt_tokens=prompt,
            output_tokens=output,
            targets=LatencyTargets(ttft_ms=ttft_ms, tpot_ms=tpot_ms),
        )
        perf = replica_at_targets(shape, card, serving, tp, factors=FACTORS)
        return perf.requests_per_s if perf.meets_targets else 0.0

    loose = goodput(ttft, tpot)
    assert goodput(ttft * tighter, tpot) <= loose * (1 + 1e-6)
    assert goodput(ttft, tpot * tighter) <= loose * (1 + 1e-6)


@settings(max_examples=examples(ci=20, deep=300), deadline=None)
@given(MODELS, GPUS, ENGINES, PROMPTS, OUTPUTS, st.sampled_from([1, 2, 4, 8]))
def test_bigger_kv_precision_never_raises_concurrency(
    model: str, gpu: str, engine: ServingEngine, prompt: int, output: int, tp: int
) -> None:
    shape = shape_from_preset(CATALOG.model(model))
    card = CATALOG.gpu(gpu)
    held = []
    for kv in (KvPrecision.FP8, KvPrecision.BF16):
        serving = Serving(
            engine=engine,
            prompt_tokens=prompt,
            output_tokens=output,
            kv_precision=kv,
            targets=LatencyTargets(offline=True),
        )
        perf = replica_at_targets(shape, card, serving, tp, factors=FACTORS)
        held.append((perf.max_concurrency, perf.kv_cache_tokens))
    assert held[1][0] <= held[0][0]
    assert held[1][1] <= held[0][1]


@settings(max_examples=examples(ci=20, deep=300), deadline=None)
@given(st.floats(0.05, 1.0), st.sampled_from([1, 2, 4, 8]), st.integers(1, 64))
def test_moe_decode_on_active_memory_on_total(
    active_share: float, tp: int, batch: int
) -> None:
    """Same total parameters, fewer active: same memory, never a slower decode step."""
    mixtral = shape_from_preset(CATALOG.model("mixtral-8x7b"))
    sparse = mixtral.model_copy(
        update={"params_active": mixtral.params_active * active_share}
    )
    card = CATALOG.gpu("H100-80GB-SXM")
    serving = Serving(
        weight_precision=WeightPrecision.FP8, kv_precision=KvPrecision.FP8
    )
    full_mem = replica_memory(
        mixtral,
        card,
        tp,
        serving.weight_precision,
        serving.kv_precision,
        serving.engine,
    )
    sparse_mem = replica_memory(
        sparse, card, tp, serving.weight_precision, serving.kv_precision, serving.engine
    )
    assert sparse_mem == full_mem
    full = build_model(mixtral, card, serving, tp, FACTORS)
    fewer = build_model(sparse, card, serving, tp, FACTORS)
    assert max_sequences(full) == max_sequences(fewer)
    assert tpot_at(fewer, batch)[0] <= tpot_at(full, batch)[0]


def test_moe_compute_scales_with_active_not_total() -> None:
    """A compute-bound step costs the active parameters' FLOPs (2·N_active per token)."""
    mixtral = shape_from_preset(CATALOG.model("mixtral-8x7b"))
    half = mixtral.model_copy(update={"params_active": mixtral.params_active / 2})
    card = CATALOG.gpu("A100-80GB-SXM")
    serving = Serving(prompt_tokens=4000, output_tokens=4)
    full = build_model(mixtral, card, serving, 8, FACTORS)
    fewer = build_model(half, card, serving, 8, FACTORS)
    big_batch = 256.0
    assert tpot_at(fewer, big_batch)[0] < 0.75 * tpot_at(full, big_batch)[0]
