"""One replica under load: continuous batching at a rate, a concurrency or flat out.

At ``B`` sequences decoding, each step also prefills the prompts of the
requests that replace the finished ones (``B·P/O`` prompt tokens a step, the
chunked prefill of vLLM, SGLang and TensorRT-LLM): the time per output token
(TPOT) is that step's time. A request's first token waits for the step in
flight, its own prefill inside a decoding step, and a queue of other prompts
(M/D/1). Little's law ties the rate to the batch: ``B = λ·O·TPOT(B)``.
"""

from __future__ import annotations

import math
from typing import Final, NamedTuple

from gpu_advisor.engine.serving.memory import ReplicaMemory
from gpu_advisor.engine.serving.timing import Replica, step_time

P95_QUEUE_FACTOR: Final = 3.0
"""p95 of the queueing wait over its mean (an exponential tail: ln 20 ≈ 3.0). [1]"""

SEARCH_ITERATIONS: Final = 24
"""Bisection steps for a batch or a rate: 2⁻²⁴ of the range, below 10⁻⁷, far finer
than the calibration's error (results agree with 48 steps to seven digits). [1]"""


class Lengths(NamedTuple):
    """Token counts of a request, as the load model uses them."""

    prompt: float
    """Mean prompt length. [tokens]"""
    prompt_p95: float
    prefill: float
    """Mean prompt tokens actually prefilled (after prefix-cache hits). [tokens]"""
    prefill_p95: float
    output: float
    """Mean output length. [tokens]"""


class Load(NamedTuple):
    """What one replica does at one load (times in seconds)."""

    batch: float
    """Sequences decoding at once. [1]"""
    tpot_s: float
    ttft_s: float
    """Mean time to the first token. [s]"""
    ttft_p95_s: float
    requests_per_s: float
    output_tokens_per_s: float
    compute_bound: bool
    feasible: bool
    """False when the KV cache or the batch cap cannot hold the load."""


class Model(NamedTuple):
    """A replica, its memory, the request lengths and the engine's scheduling."""

    replica: Replica
    memory: ReplicaMemory
    lengths: Lengths
    max_batch: int
    """The engine's batch cap. [1]"""
    steps_per_schedule: int = 1


def max_sequences(model: Model) -> int:
    """Sequences the KV cache holds at the mean lengths, at most the engine's cap.

    Each sequence is held at its full length ``P + O`` (TensorRT-LLM's
    guaranteed-no-evict scheduler reserves it; vLLM and SGLang reach it as
    the answer grows).
    """
    per_seq = model.lengths.prompt + model.lengths.output
    held = math.floor(model.memory.kv_tokens / per_seq) if per_seq > 0 else 0
    return max(min(held, model.max_batch), 0)


def _context(lengths: Lengths) -> float:
    return lengths.prompt + lengths.output / 2.0


def tpot_at(model: Model, batch: float) -> tuple[float, bool]:
    """Time per output token at ``batch`` sequences, prefill interleaved. [s]"""
    lengths = model.lengths
    prefill = batch * lengths.prefill / max(lengths.output, 1.0)
    step = step_time(
        model.replica,
        batch,
        _context(lengths),
        prefill,
        lengths.prompt,
        model.steps_per_schedule,
    )
    return step.seconds, step.compute_bound


def _ttft(model: Model, batch: float, tpot: float, rate: float, p95: bool) -> float:
    """Time to the first token at a load (``math.inf`` when prefill saturates). [s]"""
    lengths = model.lengths
    prompt = lengths.prefill_p95 if p95 else lengths.prefill
    alone = step_time(model.replica, 0.0, 0.0, lengths.prefill, lengths.prompt).seconds
    rho = rate * alone
    if rho >= 1.0:
        return math.inf
    wait = rho * alone / (2.0 * (1.0 - rho)) * (P95_QUEUE_FACTOR if p95 else 1.0)
    own = step_time(
        model.replica,
        batch,
        _context(lengths),
        prompt,
        lengths.prompt_p95 if p95 else lengths.prompt,
    ).seconds
    joins = model.steps_per_schedule * tpot / 2.0
    return joins + own + wait


def load_at_batch(model: Model, batch: float, rate: float | None = None) -> Load:
    """The replica at ``batch`` decoding sequences (rate from Little's law unless given)."""
    tpot, bound = tpot_at(model, batch)
    output = max(model.lengths.output, 1.0)
    rps = batch / (output * tpot) if rate is None else rate
    cap = max_sequences(model)
    return Load(
        batch=batch,
        tpot_s=tpot,
        ttft_s=_ttft(model, batch, tpot, rps, False),
        ttft_p95_s=_ttft(model, batch, tpot, rps, True),
        requests_per_s=rps,
        output_tokens_per_s=rps * output,
        compute_bound=bound,
        feasible=cap >= 1 and batch <= cap + 1e-9,
    )


def offline(model: Model) -> Load:
    """Flat out: as many sequences as memory and the engine allow (the most tokens/s).

    The first token is the prefill of a prompt inside a full step, with no queue.
    """
    batch = float(max(max_sequences(model), 1))
    tpot, bound = tpot_at(model, batch)
    output = max(model.lengths.output, 1.0)
    rps = batch / (output * tpot)
    own = (
        tpot_at(model, batch)[0]
        + step_time(
            model.replica, 0.0, 0.0, model.lengths.prefill_p95, model.lengths.prompt_p95
        ).seconds
    )
    return Load(
        batch=batch,
        tpot_s=tpot,
        ttft_s=own,
        ttft_p95_s=own,
        requests_per_s=rps,
        output_tokens_per_s=rps * output,
        compute_bound=bound,
        feasible=max_sequences(model) >= 1,
    )


def at_rate(model: Model, rate: float) -> Load:
    """The replica receiving ``rate`` requests per second (Poisson).

    Solves ``B = λ·O·TPOT(B)`` by bisection on ``[0, cap]``; ``feasible`` is
    False when even the full cache cannot keep up.
    """
    output = max(model.lengths.output, 1.0)
    cap = float(max(max_sequences(model), 1))
    if cap - rate * output * tpot_at(model, cap)[0] < 0:
        return load_at_batch(model, cap, rate)._replace(feasible=False)
    low, high = 0.0, cap
    for _ in range(SEARCH_ITERATIONS):
        mid = (low + high) / 2.0
        if mid - rate * output * tpot_at(model, mid)[0] < 0:
            low = mid
        else:
            high = mid
    return load_at_batch(model, high, rate)


def at_concurrency(model: Model, clients: int) -> Load:
    """``clients`` requests in flight, each sent when the last one ends (closed loop).

    The arrival rate ``λ = N / (TTFT(λ) + (O − 1)·TPOT)`` is found by
    bisection: each prompt queues behind the others' prefills (M/D/1).
    """
    batch = float(min(clients, max(max_sequences(model), 1)))
    tpot, bound = tpot_at(model, batch)
    output = max(model.lengths.output, 1.0)
    decode = (output - 1.0) * tpot

    def excess(rate: float) -> float:
        ttft = _ttft(model, batch, tpot, rate, False)
        return rate - batch / (ttft + decode) if math.isfinite(ttft) else 1.0

    low, high = 0.0, batch / (_ttft(model, batch, tpot, 0.0, False) + decode)
    for _ in range(SEARCH_ITERATIONS):
        mid = (low + high) / 2.0
        low, high = (mid, high) if excess(mid) < 0 else (low, mid)
    rps = low
    return Load(
        batch=batch,
        tpot_s=tpot,
        ttft_s=_ttft(model, batch, tpot, rps, False),
        ttft_p95_s=_ttft(model, batch, tpot, rps, True),
        requests_per_s=rps,
        output_tokens_per_s=rps * output,
        compute_bound=bound,
        feasible=max_sequences(model) >= clients,
    )


def meets(load: Load, ttft_s: float | None, tpot_s: float | None) -> bool:
    """Whether a load meets p95 targets (None: no target)."""
    if not load.feasible:
        return False
    if ttft_s is not None and load.ttft_p95_s > ttft_s:
        return False
    return tpot_s is None or load.tpot_s <= tpot_s


def best_rate(model: Model, ttft_s: float | None, tpot_s: float | None) -> Load | None:
    """The highest rate whose p95 TTFT and TPOT meet the targets; None if none does.

    Both grow with the rate, so the rate is found by bisection between zero
    and the offline rate.
    """
    floor = load_at_batch(model, 1.0, 1e-9)
    if max_sequences(model) < 1 or not meets(floor, ttft_s, tpot_s):
        return None
    low, high = 0.0, offline(model).requests_per_s
    best = floor
    for _ in range(SEARCH_ITERATIONS):
        mid = (low + high) / 2.0
        load = at_rate(model, mid)
        if meets(load, ttft_s, tpot_s):
            low, best = mid, load
        else:
            high = mid
    return best
