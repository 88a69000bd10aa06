"""Time of one serving step: prefill and decode on a tensor-parallel replica.

A step is the sum of its kernels: the linear layers' GEMM over every token
it processes plus the read of the weights it streams (only the experts the
batch routes to for an MoE model), and the decodes' attention, bound by its
compute or by the KV cache it reads; compute and bandwidth each at an
effective fraction of the datasheet peak fitted per engine and GPU generation
(:mod:`gpu_advisor.engine.serving.calibration`); tensor parallelism adds two
all-reduces per layer over the server's links, and the engine a fixed
overhead per step.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final, NamedTuple

from gpu_advisor.engine.serving.memory import (
    WEIGHT_BYTES,
    kv_bytes_per_token,
    weight_bytes,
)
from gpu_advisor.engine.sizing.shape import attended_keys, cached_layers
from gpu_advisor.model.catalog import GpuSpec
from gpu_advisor.model.project import TaskKind
from gpu_advisor.model.serving import (
    KvPrecision,
    ServingEngine,
    ServingFactor,
    WeightPrecision,
)
from gpu_advisor.model.sizing_results import ResolvedShape

ALLREDUCE_LATENCY_S: Final = 20e-6
"""Fixed cost of one small all-reduce (a decode step's activations, tens of KB)
inside an NVLink server, kernel launch and synchronisation included: NCCL's
ring/tree latency on 8 GPUs is of the order of 10–30 µs at such sizes
(all_reduce_perf's first rows). Not fitted: the middle of that range. [s]"""

INTER_NODE_GB_PER_S: Final = 50.0
"""Per-card bandwidth when a replica spans two servers (one 400 Gb/s NIC per
card). [GB/s]"""

DEFAULT_FACTOR: Final = ServingFactor(
    engine=ServingEngine.VLLM,
    arch="*",
    compute_efficiency=0.5,
    bandwidth_efficiency=0.7,
    step_overhead_ms=2.0,
    cases=0,
    fitted=False,
)
"""Used only when the catalog has no factor for the engine at all. [1]"""


class Replica(NamedTuple):
    """What a step's time depends on, resolved once per configuration."""

    shape: ResolvedShape
    tp: int
    peak_flops: float
    """Dense peak of the replica at the compute precision. [FLOP/s]"""
    bandwidth: float
    """HBM bandwidth of the replica. [B/s]"""
    link_bytes_per_s: float
    weights_dense: float
    """Bytes read every step whatever the batch (all but the routed experts). [B]"""
    weights_experts: float
    """Bytes of the routed experts, read as the batch routes to them. [B]"""
    kv_per_token: float
    """KV-cache bytes of one token on the whole replica. [B]"""
    factor: ServingFactor


def generation(gpu: GpuSpec) -> str:
    """The GPU generation factors are fitted per: the first word of its architecture.

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> generation(load_catalog().gpu("L40S"))
    'Ada'
    """
    return gpu.arch.split()[0] if gpu.arch.split() else gpu.arch


def factor_for(
    engine: ServingEngine, gpu: GpuSpec, factors: Sequence[ServingFactor]
) -> ServingFactor:
    """The fitted factor of an engine on the GPU's generation, else the engine's ``*``.

    An engine without any factor borrows the median-efficiency factor of the
    others' ``*`` entries (marked ``fitted=False``); no factors at all:
    ``DEFAULT_FACTOR``.
    """
    arch = generation(gpu)
    for f in factors:
        if f.engine is engine and f.arch == arch:
            return f
    for f in factors:
        if f.engine is engine and f.arch == "*":
            return f
    fallbacks = sorted(
        (f for f in factors if f.arch == "*"), key=lambda f: f.compute_efficiency
    )
    if fallbacks:
        mid = fallbacks[len(fallbacks) // 2]
        return mid.model_copy(update={"engine": engine, "fitted": False})
    return DEFAULT_FACTOR.model_copy(update={"engine": engine})


def compute_peak_tflops(gpu: GpuSpec, weights: WeightPrecision) -> float:
    """Dense peak a step runs at: FP8 tensor cores for FP8/INT8 weights where the
    card has them, else BF16 (INT4 weight-only kernels dequantise to BF16).

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> c = load_catalog()
    >>> compute_peak_tflops(c.gpu("H100-80GB-SXM"), WeightPrecision.FP8)
    1979.0
    >>> compute_peak_tflops(c.gpu("A100-80GB-SXM"), WeightPrecision.FP8)
    312.0
    """
    low = weights in (WeightPrecision.FP8, WeightPrecision.INT8)
    if low and gpu.fp8_dense_tflops:
        return float(gpu.fp8_dense_tflops)
    return float(gpu.bf16_dense_tflops)


def routed_expert_params(shape: ResolvedShape) -> float:
    """Parameters of the routed experts (gated FFNs), at most all but the active ones.

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> s = shape_from_preset(load_catalog().model("mixtral-8x7b"))
    >>> round(routed_expert_params(s) / 1e9, 1)  # 32 layers × 8 × 3·4096·14336
    45.1
    """
    if not shape.experts:
        return 0.0
    width = shape.moe_ffn_hidden or shape.ffn_hidden
    layers = max(shape.layers - shape.dense_layers, 0)
    routed = float(layers * shape.experts * 3 * shape.hidden * width)
    return min(routed, shape.params_total)


def make_replica(
    shape: ResolvedShape,
    gpu: GpuSpec,
    tp: int,
    weights: WeightPrecision,
    kv: KvPrecision,
    factor: ServingFactor,
) -> Replica:
    """Resolve what the step time needs for one configuration."""
    total = weight_bytes(shape, weights)
    experts = routed_expert_params(shape) * WEIGHT_BYTES[weights]
    experts = min(experts, total)
    per_server = max(gpu.gpus_per_server, 1)
    link = (
        gpu.intra_node_bandwidth_gb_per_s if tp <= per_server else INTER_NODE_GB_PER_S
    )
    return Replica(
        shape=shape,
        tp=tp,
        peak_flops=tp * compute_peak_tflops(gpu, weights) * 1e12,
        bandwidth=tp * gpu.memory_bandwidth_tb_per_s * 1e12,
        link_bytes_per_s=max(link, 1.0) * 1e9,
        weights_dense=total - experts,
        weights_experts=experts,
        kv_per_token=kv_bytes_per_token(shape, kv, tp) * tp,
        factor=factor,
    )


def experts_read_share(shape: ResolvedShape, tokens: float) -> float:
    """Expected share of an MoE layer's routed experts a step's tokens touch.

    ``1 − (1 − k/E)^T`` for ``T`` tokens each routed to ``k`` of ``E`` experts.

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> s = shape_from_preset(load_catalog().model("mixtral-8x7b"))
    >>> experts_read_share(s, 1), round(experts_read_share(s, 16), 3)
    (0.25, 0.99)
    """
    if not shape.experts or tokens <= 0:
        return 0.0
    k = min(max(shape.active_experts, 1), shape.experts)
    untouched: float = (1.0 - k / shape.experts) ** tokens
    return 1.0 - untouched


def allreduce_s(replica: Replica, tokens: float) -> float:
    """Two all-reduces per layer of the step's activations (ring, BF16). [s]

    ``2·L·(α + 2(t−1)/t · tokens·h·2 B / link)``; zero at tp = 1.
    """
    t = replica.tp
    if t <= 1 or tokens <= 0:
        return 0.0
    size = tokens * replica.shape.hidden * 2.0
    one = ALLREDUCE_LATENCY_S + 2.0 * (t - 1) / t * size / replica.link_bytes_per_s
    return 2.0 * replica.shape.layers * one


def decode_keys(shape: ResolvedShape, context: float) -> float:
    """Keys a generated token attends to, summed over the layers: every layer
    reads the ``context`` tokens, a layer with a sliding window at most ``W``
    of them (:func:`~gpu_advisor.engine.sizing.shape.cached_layers`). [tokens]

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> m = shape_from_preset(load_catalog().model("mistral-7b"))
    >>> decode_keys(m, 2048), decode_keys(m, 32768)  # 32 × 2048; 32 × 4096
    (65536.0, 131072.0)
    """
    return cached_layers(shape, context) * context


def prompt_keys(shape: ResolvedShape, prompt: float) -> float:
    """Keys a prompt token attends to under the causal mask, on average and
    summed over the layers: ``P/2`` a layer, ``W − W²/(2P)`` a windowed one
    (:func:`~gpu_advisor.engine.sizing.compute.attended_keys`). [tokens]

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> m = shape_from_preset(load_catalog().model("mistral-7b"))
    >>> prompt_keys(m, 2048), prompt_keys(m, 16384)  # 32 × 1024; 32 × 3584
    (32768.0, 114688.0)
    """
    length = max(math.ceil(prompt), 1)
    windowed = min(shape.sliding_window_layers, shape.layers)
    keys = (shape.layers - windowed) * prompt / 2.0
    if windowed:
        keys += windowed * min(
            attended_keys(length, shape.sliding_window, TaskKind.PRETRAIN),
            prompt / 2.0,
        )
    return keys


class Step(NamedTuple):
    """One step's time and what bounds it."""

    seconds: float
    compute_bound: bool


def step_time(
    replica: Replica,
    decode_batch: float,
    context: float,
    prefill_tokens: float,
    prompt: float,
    steps_per_schedule: int = 1,
) -> Step:
    """Time of one continuous-batching step.

    Parameters
    ----------
    replica : Replica
        The configuration (:func:`make_replica`).
    decode_batch : float
        Sequences emitting one token in this step. [1]
    context : float
        Mean tokens each of them attends to. [tokens]
    prefill_tokens : float
        Prompt tokens prefilled in the same step (chunked prefill). [tokens]
    prompt : float
        Length of the prompts being prefilled (their attention is ``P²/2``). [tokens]
    steps_per_schedule : int
        Decode steps per scheduling round (vLLM 0.6 ``--num-scheduler-steps``):
        the engine's overhead is paid once per round. [1]

    Returns
    -------
    Step
        ``(F_lin / (peak·η_c) + W / (BW·η_b)) + max(F_att / (peak·η_c),
        KV / (BW·η_b)) + F_pa / (peak·η_c) + all-reduces + overhead``;
        ``compute_bound`` when the GEMMs' compute exceeds the weights' read.

    Notes
    -----
    Per kernel, not one roofline for the whole step. The linear layers are
    one GEMM over every token of the step, ``F_lin = 2·N_active·(B + T_p)``,
    that streams the weights ``W`` (the dense ones and the routed experts'
    touched share); their read is added to the compute, not hidden under it.
    The decodes' attention is a kernel of its own: ``F_att = 4·L·w·c·B``
    (``w`` the attention width) against the KV cache it reads, ``B·c``
    tokens; the prompts' causal attention ``F_pa = 2·L·w·P·T_p`` is compute.
    A layer with a sliding window reads at most ``W`` keys
    (:func:`decode_keys`, :func:`prompt_keys`).

    Why the weights' read is added: a step bound only by ``max(compute,
    read)`` grows in proportion to the batch once compute-bound, so the
    tokens/s of a replica no longer depends on how many sequences it runs
    and Little's law under a Poisson load leaves the batch undetermined (the
    engine ran MLPerf's H200 Server case at 170 sequences and 53 ms per
    token where NVIDIA's log implies about 450 sequences at 123 ms). With
    the read added, fitted to the same calibration runs (median |error|
    15 % → 9 % on throughput, 17 % → 10 % TTFT, 8 % → 6 % TPOT), a step has
    the intercept of the weights' read, as the published pair of MLPerf
    Offline (806 sequences, 206 ms a token) and Server (≈450, 123 ms) on one
    H200 implies (≈18 ms ≈ 69 GB at 0.8 of 4.8 TB/s).

    References
    ----------
    Pope et al. 2022, Efficiently Scaling Transformer Inference,
    arXiv:2211.05102, sections 2–3; Agrawal et al. 2024, Sarathi-Serve,
    arXiv:2403.02310 (chunked prefill in decode batches); Yuan et al. 2024,
    LLM Inference Unveiled: Survey and Roofline Model Insights,
    arXiv:2402.16363 (a roofline per operator, summed over the layer).
    """
    s = replica.shape
    f = replica.factor
    width = s.attention_width or s.heads * s.head_dim
    tokens = decode_batch + prefill_tokens
    rate = replica.peak_flops * f.compute_efficiency
    bandwidth = replica.bandwidth * f.bandwidth_efficiency
    # the linear layers: one GEMM over every token of the step (decodes and
    # the prefill chunk), its compute plus the read of the weights it streams
    linear = 2.0 * s.params_active * tokens / rate
    moved = replica.weights_dense + replica.weights_experts * experts_read_share(
        s, tokens
    )
    weights = moved / bandwidth
    # the decodes' attention: its own kernel, compute against the KV cache it reads
    keys = decode_keys(s, context)
    attend = 4.0 * width * keys * decode_batch / rate
    cache = replica.kv_per_token / s.layers * keys * decode_batch / bandwidth
    prompt_attention = 4.0 * width * prompt_keys(s, prompt) * prefill_tokens / rate
    seconds = (
        linear
        + weights
        + max(attend, cache)
        + prompt_attention
        + allreduce_s(replica, tokens)
    )
    overhead = f.step_overhead_ms / 1000.0 / max(steps_per_schedule, 1)
    return Step(seconds + overhead, linear >= weights)


def prefill_compute_s(replica: Replica, prefill_tokens: float, prompt: float) -> float:
    """Compute one prompt's prefill adds to the steps it joins (linear layers
    and causal attention at the fitted compute efficiency). [s]

    The weights are read once a step whatever joins it, so a prompt adds its
    FLOPs and nothing else: the time the prompt queue serves it in.
    """
    s = replica.shape
    width = s.attention_width or s.heads * s.head_dim
    rate = replica.peak_flops * replica.factor.compute_efficiency
    flops = (2.0 * s.params_active + 4.0 * width * prompt_keys(s, prompt)) * (
        prefill_tokens
    )
    return flops / rate
