"""Memory of one serving replica: weights, the engine's share, the KV cache it leaves.

Each engine reserves memory its own way (the defaults below, each with its
documentation); what is left after the weights, the activations of one
scheduling step and the CUDA graphs holds the KV cache, which sets how many
sequences the replica can run at once.
"""

from __future__ import annotations

import math
from typing import Final, NamedTuple

from gpu_advisor.engine.sizing.shape import cached_layers
from gpu_advisor.model.catalog import GpuSpec
from gpu_advisor.model.serving import KvPrecision, ServingEngine, WeightPrecision
from gpu_advisor.model.sizing_results import ResolvedShape

GIB: Final = 2**30
"""Bytes in a GiB; card memory is read as GiB (see ``GpuSpec.memory_gb``). [B]"""

INT4_GROUP_SIZE: Final = 128
"""Weights sharing one scale and zero point in AWQ/GPTQ INT4 (both default to
groups of 128: Lin et al. 2023, arXiv:2306.00978; Frantar et al. 2022,
arXiv:2210.17323; the AutoAWQ and AutoGPTQ defaults). [1]"""

INT4_SCALE_BYTES: Final = 4.0
"""An FP16 scale and an FP16 zero point per group of INT4 weights. [B]"""

WEIGHT_BYTES: Final = {
    WeightPrecision.BF16: 2.0,
    WeightPrecision.FP8: 1.0,
    WeightPrecision.INT8: 1.0,
    WeightPrecision.INT4_AWQ: 0.5 + INT4_SCALE_BYTES / INT4_GROUP_SIZE,
    WeightPrecision.INT4_GPTQ: 0.5 + INT4_SCALE_BYTES / INT4_GROUP_SIZE,
}
"""Bytes per quantised (linear-layer) weight; embeddings stay BF16. [B]"""

KV_BYTES: Final = {KvPrecision.BF16: 2.0, KvPrecision.FP8: 1.0, KvPrecision.INT8: 1.0}
"""Bytes per cached K or V value. [B]"""

ENGINE_MEMORY_FRACTION: Final = {
    ServingEngine.VLLM: 0.90,
    ServingEngine.SGLANG: 0.88,
    ServingEngine.TRTLLM: 0.90,
    ServingEngine.LMDEPLOY: 0.80,
}
"""Each engine's default memory share. vLLM ``gpu_memory_utilization`` 0.9 of the
card for weights, activations and KV cache (docs.vllm.ai, engine arguments);
SGLang ``mem_fraction_static`` 0.88 of the card for weights and KV cache at
tp ≤ 2, 0.85 from tp 4 (sgl-project/sglang benchmark/benchmark_vllm_060 README,
server_args.py); TensorRT-LLM ``kv_cache_free_gpu_mem_fraction`` 0.9 of the
memory left after the weights (TensorRT-LLM docs, perf-overview and
KvCacheConfig); LMDeploy TurboMind ``cache_max_entry_count`` 0.8 of the free
memory (LMDeploy docs, TurbomindEngineConfig). [1]"""

SGLANG_FRACTION_TP4: Final = 0.85
"""SGLang's ``mem_fraction_static`` from tp 4 up (see above). [1]"""

FRACTION_OF_FREE: Final = frozenset({ServingEngine.TRTLLM, ServingEngine.LMDEPLOY})
"""Engines whose fraction applies to the memory left after the weights."""

ENGINE_MAX_BATCH: Final = {
    ServingEngine.VLLM: 256,
    ServingEngine.SGLANG: 1024,
    ServingEngine.TRTLLM: 2048,
    ServingEngine.LMDEPLOY: 256,
}
"""Sequences an engine runs at once by default: vLLM ``max_num_seqs`` 256;
SGLang's ``max_running_requests`` follows the memory (1024 as a ceiling);
TensorRT-LLM ``max_batch_size`` 2048 (PyTorch backend); LMDeploy
``max_batch_size`` 256. [1]"""

STEP_TOKENS: Final = 8192
"""Tokens one scheduling step may process (vLLM ``max_num_batched_tokens`` and
TensorRT-LLM ``max_num_tokens`` 8192): sizes the activation workspace. [tokens]"""

RUNTIME_OVERHEAD_GIB: Final = 1.5
"""CUDA context, NCCL buffers and CUDA graphs per card, outside the engine's
accounting (≈1 GiB context + ≈0.5 GiB graphs, vLLM's startup log). [GiB]"""


class ReplicaMemory(NamedTuple):
    """Where one replica's memory goes (per card unless named)."""

    weights_bytes_per_gpu: float
    kv_bytes_per_gpu: float
    kv_bytes_per_token: float
    """KV cache one token takes on one card (heads split over the cards). [B]"""
    kv_tokens: int
    """Tokens the replica's KV cache holds. [tokens]"""
    fits: bool


def weight_bytes(shape: ResolvedShape, precision: WeightPrecision) -> float:
    """Bytes of all the weights at a precision (embeddings and head stay BF16).

    Parameters
    ----------
    shape : ResolvedShape
        The model; ``params_total`` counts every expert. [1]
    precision : WeightPrecision
        How the linear layers are stored.

    Returns
    -------
    float
        [B]

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> s = shape_from_preset(load_catalog().model("llama3-70b"))
    >>> round(weight_bytes(s, WeightPrecision.BF16) / 1e9, 1)
    141.2
    >>> round(weight_bytes(s, WeightPrecision.INT4_AWQ) / 1e9, 1)
    40.6
    """
    tables = 1 if shape.tied_embeddings else 2
    embed = min(float(shape.vocab * shape.hidden * tables), shape.params_total)
    linear = shape.params_total - embed
    return linear * WEIGHT_BYTES[precision] + embed * 2.0


def kv_bytes_per_token(
    shape: ResolvedShape,
    precision: KvPrecision,
    tp: int,
    context: float | None = None,
) -> float:
    """KV cache one token takes on each card of a tensor-parallel group.

    Parameters
    ----------
    shape : ResolvedShape
        Layers and cached values per token per layer (2·kv_heads·head_dim;
        MLA's compressed latent). [1]
    precision : KvPrecision
        Bytes per value.
    tp : int
        Cards the KV heads are split over; a head is never split, so a card
        holds at least one (kv_heads < tp copies heads), and MLA's latent is
        held whole by every card. [1]
    context : float, optional
        Tokens a sequence holds; given, a layer with a sliding window shorter
        than that keeps ``W`` of them, so the figure is per token of such a
        sequence (:func:`~gpu_advisor.engine.sizing.shape.cached_layers`).
        [tokens]

    Returns
    -------
    float
        [B/token]

    Examples
    --------
    Llama 3 70B in BF16: 80 layers × 8 KV heads × 128 × 2 (K, V) × 2 B:

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> s = shape_from_preset(load_catalog().model("llama3-70b"))
    >>> kv_bytes_per_token(s, KvPrecision.BF16, 1)
    327680.0
    >>> kv_bytes_per_token(s, KvPrecision.FP8, 4)
    40960.0

    Mistral 7B v0.1 windows every layer at 4,096 tokens: at 32,768 a sequence
    keeps an eighth of them (32 layers × 8 × 128 × 2 × 2 B ÷ 8):

    >>> m = shape_from_preset(load_catalog().model("mistral-7b"))
    >>> kv_bytes_per_token(m, KvPrecision.BF16, 1, context=32768)
    16384.0
    """
    values = shape.kv_cache_values_per_token_per_layer or (
        2 * shape.kv_heads * shape.head_dim
    )
    per_token = cached_layers(shape, context) * values * KV_BYTES[precision]
    mla = values != 2 * shape.kv_heads * shape.head_dim
    split = 1 if mla else min(tp, shape.kv_heads)
    return per_token / split


def _activation_bytes(shape: ResolvedShape, tp: int) -> float:
    """Workspace of one step of ``STEP_TOKENS`` tokens on one card. [B]"""
    ffn = shape.moe_ffn_hidden * max(shape.active_experts, 1) if shape.experts else 0
    width = 4 * shape.hidden + 2 * max(shape.ffn_hidden, ffn) / tp
    return STEP_TOKENS * width * 2.0


def memory_fraction(engine: ServingEngine, tp: int) -> float:
    """The engine's default memory share at a tensor-parallel degree.

    >>> memory_fraction(ServingEngine.SGLANG, 1), memory_fraction(ServingEngine.SGLANG, 4)
    (0.88, 0.85)
    """
    if engine is ServingEngine.SGLANG and tp >= 4:
        return SGLANG_FRACTION_TP4
    return ENGINE_MEMORY_FRACTION[engine]


def replica_memory(
    shape: ResolvedShape,
    gpu: GpuSpec,
    tp: int,
    weights: WeightPrecision,
    kv: KvPrecision,
    engine: ServingEngine,
    context: float | None = None,
) -> ReplicaMemory:
    """Memory per card of a replica and the KV-cache tokens it leaves.

    Parameters
    ----------
    shape, gpu : ResolvedShape, GpuSpec
        The model and the card (``memory_gb`` read as GiB).
    tp : int
        Cards in the replica (tensor-parallel degree). [1]
    weights, kv : WeightPrecision, KvPrecision
        Storage of the weights and of the KV cache.
    engine : ServingEngine
        Whose default memory share applies (``ENGINE_MEMORY_FRACTION``).
    context : float, optional
        Tokens a sequence holds (prompt and output): a model with sliding-window
        layers keeps fewer per token (:func:`kv_bytes_per_token`). [tokens]

    Returns
    -------
    ReplicaMemory
        ``kv_tokens = kv_bytes_per_gpu / kv_bytes_per_token`` (every card
        holds its share of each token); ``fits`` is False when nothing is left
        for the KV cache.

    Notes
    -----
    vLLM and SGLang: ``KV = f·M − W/t − workspace``; TensorRT-LLM and
    LMDeploy: ``KV = f·(M − W/t − workspace)``; the runtime's own
    ``RUNTIME_OVERHEAD_GIB`` comes off the card first.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> c = load_catalog()
    >>> s = shape_from_preset(c.model("llama3-70b"))
    >>> m = replica_memory(s, c.gpu("H100-80GB-SXM"), 1, WeightPrecision.BF16,
    ...                    KvPrecision.BF16, ServingEngine.VLLM)
    >>> m.fits
    False
    >>> m = replica_memory(s, c.gpu("H100-80GB-SXM"), 4, WeightPrecision.BF16,
    ...                    KvPrecision.BF16, ServingEngine.VLLM)
    >>> m.fits, m.kv_tokens > 400_000
    (True, True)
    """
    if tp < 1:
        raise ValueError("need tp >= 1")
    card = gpu.memory_gb * GIB - RUNTIME_OVERHEAD_GIB * GIB
    w = weight_bytes(shape, weights) / tp
    work = _activation_bytes(shape, tp)
    share = memory_fraction(engine, tp)
    if engine in FRACTION_OF_FREE:
        kv_bytes = share * (card - w - work)
    else:
        kv_bytes = share * gpu.memory_gb * GIB - w - work - RUNTIME_OVERHEAD_GIB * GIB
    per_token = kv_bytes_per_token(shape, kv, tp, context)
    kv_bytes = max(kv_bytes, 0.0)
    tokens = math.floor(kv_bytes / per_token) if per_token > 0 else 0
    return ReplicaMemory(
        weights_bytes_per_gpu=w,
        kv_bytes_per_gpu=kv_bytes,
        kv_bytes_per_token=per_token,
        kv_tokens=tokens,
        fits=tokens > 0,
    )
