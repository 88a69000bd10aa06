"""Sizing advice at the schema's edges (found by the deep tier's schema fuzz)."""

from __future__ import annotations

from gpu_advisor.engine.sizing.advice import _chinchilla_advice
from gpu_advisor.model.project import TaskKind, Workload
from gpu_advisor.model.sizing_results import ResolvedShape


def _shape(params: float) -> ResolvedShape:
    return ResolvedShape(
        params_total=params,
        params_active=params,
        layers=1,
        hidden=64,
        heads=1,
        kv_heads=1,
        head_dim=64,
        ffn_hidden=256,
        vocab=32,
    )


def test_a_vanishing_parameter_count_gives_no_chinchilla_ratio() -> None:
    """1e-310 parameters divided 1e10 tokens to infinity, which no message
    may carry (the Advice model refuses it); the advice is left out."""
    workload = Workload(task=TaskKind.PRETRAIN, tokens_billion=10.0)
    assert _chinchilla_advice(workload, _shape(1e-310)) == []
    (advice,) = _chinchilla_advice(workload, _shape(7e9 * 100))
    assert advice.code == "compute.chinchilla"
