"""One replica under load: continuous batching at a rate, a concurrency or flat out.

At ``B`` sequences decoding, each step also prefills the prompts of the
requests that replace the finished ones (``B·P/O`` prompt tokens a step, the
chunked prefill of vLLM, SGLang and TensorRT-LLM): the mean time per output
token (TPOT) is that step's time. A request's first token waits for the step
in flight, its own prefill inside a decoding step, and a queue of other
prompts (M/D/1). Little's law ties the rate to the batch: ``B = λ·O·TPOT(B)``.

The tails (the p95 the targets are set at) are not the mean:

* **TPOT.** A request's TPOT is its decode time over its ``O − 1`` tokens
  after the first. Every prompt admitted while it decodes runs its prefill in
  the steps the request waits for: in chunked slices beside the decodes
  (vLLM V1 always, SGLang's ``--chunked-prefill-size``, TensorRT-LLM's
  chunked context) or whole in one in-flight batch (TensorRT-LLM without
  chunked context, which its docs leave off by default). Either way the
  request pays the whole prefill of every prompt admitted in its window;
  chunking spreads it over more steps (smoother gaps between tokens), it does
  not remove it. The prompts admitted in the window are a Poisson count of
  mean ``m = λ·(O − 1)·TPOT`` (a closed loop of clients: nearly fixed), so
  the request's TPOT at quantile ``q`` is the mean plus
  ``(N_q − m)·w / (O − 1)``, ``w`` the time one prompt's prefill adds to a
  step and ``N_q`` the count's quantile (Cornish–Fisher,
  :func:`admitted_quantile`). The same arrivals make the batch itself
  spread (a Poisson count, M/G/∞): the request also pays the decode steps
  of the sequences beyond the mean it runs beside (:func:`tpot_tail`).
* **TTFT.** The queue of prompts waiting to be prefilled has an exponential
  tail: ``P(wait > t) ≈ ρ·exp(−ρt/W)`` for mean wait ``W`` at utilisation
  ``ρ`` (the M/G/1 approximation), so its quantile grows faster than the mean
  at moderate loads (:func:`queue_quantile`); the step in flight a prompt
  waits for is uniform over one step. Fed at random, a prompt may also find
  every sequence slot of the replica taken and wait for one to free
  (:func:`slot_wait`): a Poisson load cannot fill the KV cache.

The quantile is the model's (0.95 for the plan's targets; MLPerf's Server
scenario sets 0.99).

References
----------
vLLM docs, Optimization and Tuning (V1: chunked prefill always on, decodes
scheduled first, ``max_num_batched_tokens`` the per-step budget);
TensorRT-LLM docs, Paged Attention, IFB and Request Scheduling (context and
generation phases in one batch) and Long Sequences (chunked context,
``enable_chunked_prefill``); SGLang server arguments
(``--chunked-prefill-size``). Agrawal et al. 2024, Sarathi-Serve,
arXiv:2403.02310 (prefill–decode interference and its tail). Tijms 2003,
*A First Course in Stochastic Models*, Wiley, §2.5 (the exponential
approximation of the M/G/1 waiting-time tail).
"""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import Final, NamedTuple

from gpu_advisor.engine.serving.memory import ReplicaMemory
from gpu_advisor.engine.serving.timing import Replica, prefill_compute_s, step_time

TAIL_QUANTILE: Final = 0.95
"""The quantile the latency targets are set at (the plan's p95). [1]"""

SEARCH_ITERATIONS: Final = 24
"""Bisection steps for a batch or a rate: 2⁻²⁴ of the range, below 10⁻⁷, far finer
than the calibration's error (results agree with 48 steps to seven digits). [1]"""


SLOTS_FREE_BETA: Final = 8.0
"""Above this many standard deviations of free slots an arrival never waits for
one (Halfin–Whitt probability below 10⁻¹⁴). [1]"""


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
    """Mean time per output token after the first. [s]"""
    ttft_s: float
    """Mean time to the first token. [s]"""
    ttft_p95_s: float
    """Time to the first token at the model's quantile (p95 unless set). [s]"""
    requests_per_s: float
    output_tokens_per_s: float
    compute_bound: bool
    feasible: bool
    """False when the KV cache or the batch cap cannot hold the load."""
    tpot_p95_s: float = 0.0
    """Time per output token at the model's quantile: the prefills admitted
    while a request decodes (module docstring). [s]"""


class Model(NamedTuple):
    """A replica, its memory, the request lengths and the engine's scheduling."""

    replica: Replica
    memory: ReplicaMemory
    lengths: Lengths
    max_batch: int
    """The engine's batch cap. [1]"""
    steps_per_schedule: int = 1
    quantile: float = TAIL_QUANTILE
    """The tail the ``*_p95_s`` figures are at. [1]"""


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


def queue_quantile(mean_wait: float, rho: float, quantile: float) -> float:
    """Quantile of the wait in a single-server queue from its mean and utilisation. [s]

    ``P(wait > t) ≈ ρ·exp(−ρt/W)``: no wait with probability ``1 − ρ``, an
    exponential tail otherwise (Tijms 2003, §2.5). Zero when fewer than
    ``1 − q`` of the arrivals wait at all.

    >>> queue_quantile(0.1, 0.5, 0.95) > 3 * 0.1  # the old fixed factor: too low
    True
    >>> queue_quantile(0.1, 0.04, 0.95)
    0.0
    """
    if mean_wait <= 0 or rho <= 1.0 - quantile:
        return 0.0
    return mean_wait / rho * math.log(rho / (1.0 - quantile))


def admitted_quantile(
    mean: float, quantile: float, variance_share: float = 1.0, cv2: float = 0.0
) -> float:
    """Quantile of the prompts admitted while one request decodes.

    A Poisson count of mean ``m`` (its prompts' prefill times with squared
    coefficient of variation ``cv2``), by Cornish–Fisher:
    ``m + z·√(s·m·(1 + cv²)) + s·(z² − 1)/6``; ``s`` the share of the
    Poisson variance left (1 for Poisson arrivals; a closed loop of clients
    sends nearly a fixed number).

    >>> round(admitted_quantile(100.0, 0.95), 1)  # 100 + 1.645·10 + 0.28
    116.7
    >>> admitted_quantile(100.0, 0.95, variance_share=0.0)
    100.0
    >>> admitted_quantile(0.001, 0.6)  # never below the mean in a tail
    0.001
    """
    if mean <= 0:
        return 0.0
    z = NormalDist().inv_cdf(quantile)
    share = min(max(variance_share, 0.0), 1.0)
    spread = z * math.sqrt(share * mean * (1.0 + max(cv2, 0.0)))
    tail = mean + spread + share * (z * z - 1.0) / 6.0
    # the expansion's skew term dips below the mean at a fraction of a prompt
    # (0.001 prompts at p60: −0.15); a tail quantile is taken as at least the mean
    return max(tail, mean) if z >= 0 else tail


def prefill_work_s(model: Model) -> float:
    """Time one prompt's prefill adds to the steps it joins (mean prompt). [s]"""
    lengths = model.lengths
    return prefill_compute_s(model.replica, lengths.prefill, lengths.prompt)


def _prefill_cv2(lengths: Lengths) -> float:
    """Squared spread of the prompts' prefill, from the mean and the p95 length."""
    if lengths.prefill <= 0 or lengths.prefill_p95 <= lengths.prefill:
        return 0.0
    cv = (lengths.prefill_p95 / lengths.prefill - 1.0) / NormalDist().inv_cdf(0.95)
    return cv * cv


def tpot_tail(
    model: Model, tpot: float, rate: float, variance_share: float = 1.0
) -> float:
    """A request's TPOT at the model's quantile: the mean plus the prefills of
    the prompts admitted beyond the mean while it decodes, plus the decode
    steps of the sequences beyond the mean batch it decodes beside. [s]

    ``tpot + (N_q − m)·w/(O − 1) + spread`` with ``m = λ·(O − 1)·tpot``
    (:func:`admitted_quantile`, :func:`prefill_work_s`, ``_batch_spread_s``).
    """
    window = max(model.lengths.output - 1.0, 0.0)
    if window < 1.0 or rate <= 0:
        return tpot
    mean = rate * window * tpot
    cv2 = _prefill_cv2(model.lengths)
    extra = admitted_quantile(mean, model.quantile, variance_share, cv2) - mean
    prefills = max(extra, 0.0) * prefill_work_s(model) / window
    return tpot + prefills + _batch_spread_s(model, tpot, rate, variance_share)


def _batch_spread_s(
    model: Model, tpot: float, rate: float, variance_share: float
) -> float:
    """What the batch's own spread adds to a request's TPOT at the quantile. [s]

    Under Poisson arrivals the sequences decoding at once are a Poisson count
    of mean ``B = λ·O·TPOT`` (M/G/∞, Tijms 2003); averaged over one request's
    life ``S`` (deterministic), the count's variance is ``2B/3``
    (``(2B/S²)·∫₀^S (S−τ)(1−τ/S) dτ``). A request decoding beside
    ``z·√(2B/3)`` more sequences than the mean pays each step's decode cost
    of them (their prompts are the admitted prefills already counted); a
    closed loop of clients keeps its batch nearly fixed (``variance_share``).
    The same arrivals drive the admitted prefills, so the two terms are
    added, not combined as independent.
    """
    batch = rate * max(model.lengths.output, 1.0) * tpot
    share = min(max(variance_share, 0.0), 1.0)
    if batch <= 0 or share <= 0:
        return 0.0
    z = NormalDist().inv_cdf(model.quantile)
    more = z * math.sqrt(share * 2.0 * batch / 3.0)
    if more <= 0:
        return 0.0
    cap = float(max(max_sequences(model), 1))
    high = min(batch + more, max(cap, batch))
    lengths = model.lengths
    prefill = batch * lengths.prefill / max(lengths.output, 1.0)

    def step(decodes: float) -> float:
        # the prompts' prefill stays the mean batch's: their spread is the
        # admitted-prompts term of :func:`tpot_tail`
        return step_time(
            model.replica,
            decodes,
            _context(lengths),
            prefill,
            lengths.prompt,
            model.steps_per_schedule,
        ).seconds

    return max(step(high) - step(batch), 0.0)


def _ttft(model: Model, batch: float, tpot: float, rate: float, p95: bool) -> float:
    """Time to the first token at a load (``math.inf`` when prefill saturates). [s]

    Mean, or at the model's quantile (``p95``): the p95 prompt and the queue's
    tail (:func:`queue_quantile`).
    """
    lengths = model.lengths
    prompt = lengths.prefill_p95 if p95 else lengths.prefill
    # prompts queue for the prefill work of those ahead of them; in a
    # continuous batch that work shares each step's weight read, so a
    # prompt's service time is its marginal prefill time, not a step alone
    work = prefill_work_s(model)
    rho = rate * work
    if rho >= 1.0:
        return math.inf
    wait = rho * work / (2.0 * (1.0 - rho))
    if p95:
        wait = queue_quantile(wait, rho, model.quantile)
    own = step_time(
        model.replica,
        batch,
        _context(lengths),
        prompt,
        lengths.prompt_p95 if p95 else lengths.prompt,
    ).seconds
    joins = model.steps_per_schedule * tpot / 2.0
    return joins + own + wait


def slot_wait(model: Model, held: float, tpot: float, p95: bool) -> float:
    """Wait for a free sequence slot under Poisson arrivals (mean, or at the
    model's quantile). [s]

    The replica holds at most ``c`` sequences (:func:`max_sequences`: its KV
    cache or the engine's cap); each holds its slot for its answer,
    ``S = O·TPOT``. With ``a = held`` slots taken on average (``λ·S``), an arrival
    finds every slot taken with the Halfin–Whitt probability
    ``P = 1/(1 + β·Φ(β)/φ(β))``, ``β = (c − a)/√a`` (M/M/c with many slots),
    and then waits an exponential time of mean ``S/(c − a)``. So a replica
    fed at random cannot run its cache full: the rate that fills it leaves
    arrivals waiting without bound, and a first-token target keeps ``a`` about
    ``β·√c`` below ``c`` (square-root staffing). ``math.inf`` at ``a ≥ c``.

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.serving.replica import build_model
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> from gpu_advisor.model.serving import Serving
    >>> c = load_catalog()
    >>> m = build_model(shape_from_preset(c.model("llama3.1-8b")),
    ...     c.gpu("H100-80GB-SXM"), Serving(), 1, c.serving_factors.factors)
    >>> cap = max_sequences(m)
    >>> slot_wait(m, cap / 2, 0.02, True), slot_wait(m, cap, 0.02, False)
    (0.0, inf)
    >>> slot_wait(m, cap - 2, 0.02, True) > slot_wait(m, cap - 2, 0.02, False) > 0
    True

    References
    ----------
    Halfin and Whitt 1981, Heavy-traffic limits for queues with many
    exponential servers, Operations Research 29(3), 567–588.
    """
    slots = float(max_sequences(model))
    if held <= 0 or slots <= 0:
        return 0.0
    if held >= slots:
        return math.inf
    beta = (slots - held) / math.sqrt(held)
    if beta > SLOTS_FREE_BETA:
        return 0.0
    normal = NormalDist()
    busy = 1.0 / (1.0 + beta * normal.cdf(beta) / normal.pdf(beta))
    mean_wait = max(model.lengths.output, 1.0) * tpot / (slots - held)
    if not p95:
        return busy * mean_wait
    tail = 1.0 - model.quantile
    return mean_wait * math.log(busy / tail) if busy > tail else 0.0


def load_at_batch(model: Model, batch: float, rate: float | None = None) -> Load:
    """The replica at ``batch`` decoding sequences (rate from Little's law unless
    given), fed at random: first tokens also wait for a free slot
    (:func:`slot_wait`)."""
    tpot, bound = tpot_at(model, batch)
    output = max(model.lengths.output, 1.0)
    rps = batch / (output * tpot) if rate is None else rate
    cap = max_sequences(model)
    held = rps * output * tpot  # slots the arrivals occupy (Little)
    return Load(
        batch=batch,
        tpot_s=tpot,
        ttft_s=_ttft(model, batch, tpot, rps, False)
        + slot_wait(model, held, tpot, False),
        ttft_p95_s=_ttft(model, batch, tpot, rps, True)
        + slot_wait(model, held, tpot, True),
        requests_per_s=rps,
        output_tokens_per_s=rps * output,
        compute_bound=bound,
        feasible=cap >= 1 and batch <= cap + 1e-9,
        tpot_p95_s=tpot_tail(model, tpot, rps),
    )


def _closed_share(ttft: float, tpot: float, output: float) -> float:
    """Share of the Poisson variance a closed loop keeps: each client sends
    again when its answer ends, so the prompts admitted in a request's window
    vary only with the others' first-token waits."""
    decode = max(output - 1.0, 0.0) * tpot
    cycle = ttft + decode
    return ttft / cycle if cycle > 0 and math.isfinite(ttft) else 1.0


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
        tpot_p95_s=tpot_tail(model, tpot, rps, _closed_share(own, tpot, output)),
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
    ttft = _ttft(model, batch, tpot, rps, False)
    return Load(
        batch=batch,
        tpot_s=tpot,
        ttft_s=ttft,
        ttft_p95_s=_ttft(model, batch, tpot, rps, True),
        requests_per_s=rps,
        output_tokens_per_s=rps * output,
        compute_bound=bound,
        feasible=max_sequences(model) >= clients,
        tpot_p95_s=tpot_tail(model, tpot, rps, _closed_share(ttft, tpot, output)),
    )


def meets(load: Load, ttft_s: float | None, tpot_s: float | None) -> bool:
    """Whether a load meets p95 targets (None: no target): the tails, not the means."""
    if not load.feasible:
        return False
    if ttft_s is not None and load.ttft_p95_s > ttft_s:
        return False
    return tpot_s is None or load.tpot_p95_s <= tpot_s


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
