"""Building every option's result in one pass gives the objects one at a time gave.

:func:`~gpu_advisor.engine.cost.price.to_results` sums, discounts and rounds
the options together; :func:`~gpu_advisor.engine.cost.rounding.round_list`
rounds as Python's ``round`` does. These tests hold both to the one-by-one
definitions, bit for bit and down to the fields set.
"""

from __future__ import annotations

import importlib
import math
import pkgutil
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

import gpu_advisor.model
from gpu_advisor.engine.cost.includes import includes
from gpu_advisor.engine.cost.price import OptionArrays, to_result, to_results
from gpu_advisor.engine.cost.result import option_results
from gpu_advisor.engine.cost.rounding import round_list
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.engine.sizing.construct import made
from gpu_advisor.model.cost_results import OptionResult
from gpu_advisor.model.project import OptionId
from tests.engine._cost_helpers import CATALOG
from tests.engine.test_examples import _load

_LINES = ("compute", "add_ons_storage", "replacement", "overflow_rental", "reserved")


def _state(model: OptionResult) -> tuple[Any, ...]:
    """Every field (floats by their bits), the fields set, extra and private."""

    def bits(value: Any) -> Any:
        if isinstance(value, float):
            return value.hex()
        if isinstance(value, list):
            return [bits(v) for v in value]
        if isinstance(value, dict):
            return [(k, bits(v)) for k, v in value.items()]
        return (type(value).__name__, repr(value))

    return (
        [(k, bits(v)) for k, v in model.__dict__.items()],
        sorted(model.__pydantic_fields_set__),
        model.__pydantic_extra__,
        model.__pydantic_private__,
    )


def _amounts(rng: np.random.Generator, size: int) -> np.ndarray:
    """Amounts of every kind: zeros of both signs, cents and halves, tiny, huge."""
    kind = int(rng.integers(0, 7))
    if kind == 0:
        return np.zeros(size)
    if kind == 1:
        return -np.zeros(size)
    if kind == 2:  # a whole cent and a half: on the rounding boundary
        return np.round(rng.normal(0, 1e5, size), 2) + 0.005
    if kind == 3:
        return np.full(size, 0.125 * int(rng.integers(-100, 100)))
    return rng.normal(0, 1, size) * 10.0 ** int(rng.integers(-3, 12))


def _option(rng: np.random.Generator, months: int, scenarios: int) -> OptionArrays:
    def per_scenario() -> np.ndarray:
        return _amounts(rng, scenarios if rng.random() < 0.5 else 1)

    lines = rng.choice(len(_LINES), int(rng.integers(0, 4)), replace=False)
    return OptionArrays(
        id=list(OptionId)[int(rng.integers(0, len(OptionId)))],
        cash=np.stack([_amounts(rng, months) for _ in range(scenarios)]),
        lines={_LINES[i]: _amounts(rng, scenarios) for i in lines},
        useful=_amounts(rng, scenarios),
        billed=_amounts(rng, scenarios),
        gpus=np.floor(np.abs(_amounts(rng, scenarios))),
        capex=per_scenario(),
        residual=per_scenario(),
        deposit=per_scenario(),
        idle=per_scenario(),
        utilization=per_scenario(),
        feasible=bool(rng.random() < 0.8),
        reason_en="Too far away.",
        reason_zh="太远。",
        same_as=OptionId.MIX if rng.random() < 0.2 else None,
    )


@pytest.mark.parametrize("seed", range(40))
def test_to_results_builds_what_to_result_builds_one_by_one(seed):
    rng = np.random.default_rng(seed)
    months = int(rng.choice([0, 1, 2, 9, 15, 16, 17, 60, 130]))
    scenarios = int(rng.choice([1, 3]))
    arrays = [_option(rng, months, scenarios) for _ in range(int(rng.integers(1, 9)))]
    rate = rng.random((scenarios, 1)) * 0.2
    index = int(rng.integers(0, scenarios))
    one_by_one = [to_result(a, rate, index) for a in arrays]
    together = to_results(arrays, rate, index)
    assert [_state(r) for r in together] == [_state(r) for r in one_by_one]


def test_to_results_takes_options_of_different_lengths():
    rng = np.random.default_rng(7)
    arrays = [_option(rng, 15, 1), _option(rng, 16, 1)]
    rate = np.full((1, 1), 0.08)
    together = to_results(arrays, rate)
    assert [len(r.monthly_cny) for r in together] == [15, 16]
    assert [_state(r) for r in together] == [_state(to_result(a, rate)) for a in arrays]


@pytest.mark.parametrize(
    "name",
    ["shenzhen_7b_pretrain_then_serve.gpuplan", "lab_64_gpus_three_years.gpuplan"],
)
def test_option_results_are_the_copies_with_their_sentences(name):
    """Each option made once with its sentence, as ``model_copy(update=...)`` made it."""
    ev = evaluate(_load(name), CATALOG)
    cost = ev.cost
    for option in cost.options:
        copy = option.model_copy(update={"includes_en": "", "includes_zh": ""})
        en, zh = includes(copy, cost.hybrid, cost.spot_job)
        assert (en, zh) == (option.includes_en, option.includes_zh)
        assert option.model_fields_set == set(OptionResult.model_fields)


def test_option_results_sentences_match_a_separate_copy():
    rng = np.random.default_rng(3)
    arrays = [_option(rng, 15, 1) for _ in range(8)]
    rate = np.full((1, 1), 0.05)
    built = option_results(arrays, rate, None)
    for arrays_one, result in zip(arrays, built, strict=True):
        plain = to_result(arrays_one, rate)
        if plain.id is OptionId.HYBRID:
            continue  # its sentence reads the hybrid, not given here
        en, zh = includes(plain, None, None)
        copy = made(
            OptionResult,
            {**plain.__dict__, "includes_en": en, "includes_zh": zh},
            plain.__pydantic_fields_set__ | {"includes_en", "includes_zh"},
        )
        assert _state(result) == _state(copy)


# below 1e290, so that scaling by 10**6 cannot overflow (as amounts in CNY)
finite = st.floats(min_value=-1e290, max_value=1e290, width=64)


@given(
    st.lists(
        st.tuples(
            finite | st.sampled_from([math.nan, math.inf, -0.0]), st.integers(0, 6)
        ),
        max_size=40,
    )
)
def test_round_list_is_round_for_every_value_and_precision(pairs):
    values = np.array([v for v, _ in pairs], dtype=np.float64)
    digits = np.array([d for _, d in pairs], dtype=np.int_)
    expected = [round(v, d) for v, d in pairs]
    got = round_list(values, digits)
    assert [math.copysign(1, x) for x in got] == [math.copysign(1, x) for x in expected]
    assert [x.hex() for x in got] == [x.hex() for x in expected]


@given(st.lists(st.integers(-(10**12), 10**12), max_size=40), st.integers(0, 6))
def test_round_list_on_halves_and_cents(cents, ndigits):
    """Values on and near the rounding boundary (k/1000 and k/200)."""
    values = np.array([c / 1000 for c in cents] + [c / 200 for c in cents])
    expected = [round(float(v), ndigits) for v in values]
    assert [x.hex() for x in round_list(values, ndigits)] == [x.hex() for x in expected]


def test_no_model_has_a_new_of_its_own():
    """``made`` calls ``object.__new__``: what ``cls.__new__`` is for every model."""
    for module in pkgutil.iter_modules(gpu_advisor.model.__path__):
        importlib.import_module(f"gpu_advisor.model.{module.name}")
    pending, seen = [BaseModel], set()
    while pending:
        cls = pending.pop()
        seen.add(cls)
        pending += [c for c in cls.__subclasses__() if c not in seen]
        if cls.__module__.startswith("gpu_advisor."):
            assert cls.__new__ is object.__new__, cls
    assert OptionResult in seen
