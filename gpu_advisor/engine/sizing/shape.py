"""Resolve the transformer shape a workload uses.

Three ways in: a catalog preset (``workload.model_preset``), a custom
:class:`~gpu_advisor.model.project.ModelShape`, or only a parameter count, in
which case a plausible Llama-like shape is derived (and the result says so).
A pasted Hugging Face ``config.json`` becomes a ``ModelShape`` through
:func:`parse_hf_config`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any, Final

from gpu_advisor.model.catalog import ModelPreset
from gpu_advisor.model.project import ModelShape, TaskKind
from gpu_advisor.model.sizing_results import ResolvedShape

HEAD_DIM_DEFAULT: Final = 128
"""Head size used when deriving a shape from parameters only (Llama 2/3, Qwen2.5). [1]"""

HIDDEN_PER_LAYER_DERIVED: Final = 128
"""Hidden size per layer when deriving a shape: Llama 2 7B/13B and Llama 3.1 405B
have h/L = 128 (4096/32, 5120/40, 16384/126). [1]"""

DERIVED_VOCAB: Final = 32000
"""Vocabulary assumed for a derived shape (Llama 2). [tokens]"""

SHAPE_MISMATCH_TOLERANCE: Final = 0.3
"""A custom shape whose own parameter count differs from ``params_billion`` by more
than this fraction is treated as unspecified and derived from the count. [1]"""

MLA_CACHE_VALUES: Final = {"DeepSeek-V3": 512 + 64}
"""KV-cache values per token per layer of multi-head latent attention:
kv_lora_rank + qk_rope_head_dim (DeepSeek-AI 2024, DeepSeek-V2, arXiv:2405.04434,
section 2.1.2; DeepSeek-V3 config.json). Keyed by preset family. [1]"""

_SHAPE_FIELDS: Final = frozenset(ModelShape.model_fields) - {
    "params_billion",
    "active_params_billion",
    "gated_mlp",  # a kind, not a size: parameters alone still derive the shape
    "sliding_window",  # attention spans, kept on a derived shape
    "sliding_window_layers",
    "mtp_layers",  # a training objective's modules, kept on a derived shape
}


HIDDEN_LADDER: Final = (
    1024,
    1536,
    2048,
    2560,
    3072,
    4096,
    5120,
    6144,
    7168,
    8192,
    12288,
    16384,
    20480,
    25600,
)
"""Hidden sizes of published models, used when deriving a shape. [1]"""


def _llama_ffn(hidden: int) -> int:
    """SwiGLU width: 8/3·h rounded up to a multiple of 256 (Llama's rule)."""
    return math.ceil(8.0 * hidden / 3.0 / 256.0) * 256


def mlp_is_gated(gated: bool | None, hidden: int, ffn_hidden: int) -> bool:
    """Whether the MLP is gated: as stated, else read from the width as plans
    before the field did (exactly 4 × hidden: the classic GeLU MLP; Llama 3.2 1B
    is a SwiGLU model of that width, which is why a shape states it).

    >>> mlp_is_gated(None, 2048, 8192), mlp_is_gated(True, 2048, 8192)
    (False, True)
    >>> mlp_is_gated(None, 4096, 11008)
    True
    """
    return gated if gated is not None else ffn_hidden != 4 * hidden


def window_layers(
    window: int | None, layers_with_window: int | None, layers: int
) -> int:
    """Layers that attend within a sliding window: none without a window,
    all of them when the count is not stated.

    >>> window_layers(None, None, 32), window_layers(4096, None, 32)
    (0, 32)
    >>> window_layers(4096, 21, 42)
    21
    """
    if not window:
        return 0
    return layers if layers_with_window is None else min(layers_with_window, layers)


def attended_keys(seq_len: int, window: int, task: TaskKind) -> float:
    """Keys one query attends to, on average over a sequence. [tokens]

    Training under a causal mask: token ``i`` attends to ``min(i, W)`` keys.
    Without a window (``W = 0``) or one at least ``s`` long that is ``s/2``;
    with a window shorter than the sequence ``∫₀ˢ min(x, W) dx / s = W −
    W²/(2s)``. A generated token attends the whole cache, up to ``W``:
    ``min(s, W)``.

    References
    ----------
    Jiang et al. 2023, Mistral 7B, arXiv:2310.06825, section 2 (sliding window
    attention: each position attends to at most ``W`` positions of the layer
    below); Beltagy et al. 2020, Longformer, arXiv:2004.05150, section 3.1.

    Examples
    --------
    >>> attended_keys(4096, 0, TaskKind.PRETRAIN), attended_keys(4096, 4096, TaskKind.PRETRAIN)
    (2048.0, 2048.0)
    >>> attended_keys(16384, 4096, TaskKind.PRETRAIN)  # 4096 − 4096²/32768
    3584.0
    >>> attended_keys(16384, 4096, TaskKind.INFERENCE)
    4096.0
    """
    s = float(seq_len)
    if task is TaskKind.INFERENCE:
        return min(s, float(window)) if window > 0 else s
    if window <= 0 or window >= s:
        return s / 2.0
    return window - window * window / (2.0 * s)


def cached_layers(shape: ResolvedShape, context: float | None) -> float:
    """Layers' worth of KV cache a sequence of ``context`` tokens keeps, per
    token: every layer, less what a layer with a sliding window shorter than
    the sequence drops (it keeps ``W`` tokens, ``W/context`` of them). [1]

    A windowed layer never reads a key more than ``W`` positions back, so its
    cache holds ``W`` tokens a sequence (Jiang et al. 2023, Mistral 7B,
    arXiv:2310.06825, section 2, "Rolling Buffer Cache"; transformers'
    ``HybridCache`` of Gemma 2).

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> m = shape_from_preset(load_catalog().model("mistral-7b"))
    >>> cached_layers(m, 32768), cached_layers(m, 4096), cached_layers(m, None)
    (4.0, 32.0, 32.0)
    """
    layers = float(shape.layers)
    window = shape.sliding_window
    if context and window and window < context:
        windowed = min(shape.sliding_window_layers, shape.layers)
        layers -= windowed * (1.0 - window / context)
    return layers


def mtp_module_params(
    count: Callable[[int], tuple[float, float]], layers: int, hidden: int, depth: int
) -> tuple[float, float]:
    """(total, active) parameters of ``depth`` multi-token prediction modules.

    Parameters
    ----------
    count : callable
        ``count(n)``: (total, active) parameters of the model with ``n``
        layers (:func:`count_params` of its shape). [1]
    layers, hidden, depth : int
        L, h and the MTP depth D. [1]

    Returns
    -------
    tuple of float
        ``D · (block + 2h²)``: each module is one transformer block of the
        kind of the model's last layer (an MoE block after MoE layers) and the
        projection ``M_k ∈ R^{d×2d}`` of the normed hidden state and the next
        token's embedding; the embedding and output head are shared, the
        norms ignored as elsewhere. [1]

    References
    ----------
    DeepSeek-AI 2024, DeepSeek-V3 Technical Report, arXiv:2412.19437, section
    2.2, eq. (21)–(23); Megatron-LM ``compute_weight_and_optimizer_memory``
    (``num_parameters_in_mtp_block``: one layer of the last layer's kind per
    depth, no projection) and ``num_floating_point_operations`` ("MTP eh proj"
    ``2h²``), ``megatron/training/theoretical_memory_usage.py`` and
    ``training.py`` at NVIDIA/Megatron-LM commit
    d98e8a64ddf34856e74b24714e3bedb2f5a39553.

    Examples
    --------
    >>> def llama2_7b(n):
    ...     return count_params(n, 4096, 32, 32, 128, 11008, 32000)
    >>> total, _ = mtp_module_params(llama2_7b, 32, 4096, 1)
    >>> round(total / 1e6, 1)  # 202.4M a layer + 2 · 4096²
    235.9
    """
    if depth <= 0:
        return 0.0, 0.0
    more, more_active = count(layers + 1)
    base, base_active = count(layers)
    projection = 2.0 * hidden * hidden
    return (
        depth * (more - base + projection),
        depth * (more_active - base_active + projection),
    )


def count_params(
    layers: int,
    hidden: int,
    heads: int,
    kv_heads: int,
    head_dim: int,
    ffn_hidden: int,
    vocab: int,
    *,
    experts: int = 0,
    active_experts: int = 0,
    shared_experts: int = 0,
    moe_ffn_hidden: int = 0,
    dense_layers: int = 0,
    tied_embeddings: bool = False,
    mla: tuple[int, int, int, int] | None = None,
    gated: bool | None = None,
) -> tuple[float, float]:
    """Total and active parameter counts of a decoder-only transformer.

    Parameters
    ----------
    layers, hidden, heads, kv_heads, head_dim, ffn_hidden, vocab : int
        Shape as in a Hugging Face config. [1]
    experts, active_experts, shared_experts, moe_ffn_hidden, dense_layers : int
        MoE routed experts, experts used per token, always-on shared experts,
        width of one expert, leading dense layers. [1]
    tied_embeddings : bool
        Input embedding and output head share one matrix.
    mla : tuple of int, optional
        Multi-head latent attention ``(q_lora_rank, kv_lora_rank,
        qk_rope_head_dim, v_head_dim)``; ``head_dim`` is then the per-head
        non-RoPE query/key dimension. See :func:`mla_attention_params`.

    Returns
    -------
    tuple of float
        (total, active) parameters. [1]

    Notes
    -----
    Attention: ``h·(a + 2k)·d + a·d·h`` (Q, K, V, O with GQA, biases and norms
    ignored). FFN: gated (SwiGLU, 3 matrices) or GeLU (2), as ``gated`` states;
    unstated, :func:`mlp_is_gated` reads it from the width. Embeddings ``V·h`` and
    an untied head ``V·h``. Each MoE layer holds ``experts + shared`` FFNs of
    width ``moe_ffn_hidden`` plus a router ``h·experts``; only
    ``active + shared`` of them count as active.

    References
    ----------
    Shazeer 2020, GLU Variants Improve Transformer, arXiv:2002.05202.
    Narayanan et al. 2021, arXiv:2104.04473, section 5.1 (dense count).

    Examples
    --------
    >>> total, _ = count_params(32, 4096, 32, 32, 128, 11008, 32000)
    >>> round(total / 1e9, 2)  # Llama 2 7B: 6.74B
    6.74
    """
    attn = hidden * (heads + 2 * kv_heads) * head_dim + heads * head_dim * hidden
    if mla is not None:
        attn = mla_attention_params(hidden, heads, head_dim, *mla)
    mats = 3 if mlp_is_gated(gated, hidden, ffn_hidden) else 2
    dense_ffn = mats * hidden * ffn_hidden
    embed = vocab * hidden * (1 if tied_embeddings else 2)
    if experts <= 0:
        total = layers * (attn + dense_ffn) + embed
        return float(total), float(total)
    moe_layers = max(layers - dense_layers, 0)
    expert = mats * hidden * (moe_ffn_hidden or ffn_hidden)
    moe_total = (experts + shared_experts) * expert + hidden * experts
    moe_active = (active_experts + shared_experts) * expert + hidden * experts
    base = layers * attn + dense_layers * dense_ffn + embed
    return float(base + moe_layers * moe_total), float(base + moe_layers * moe_active)


def mla_attention_params(
    hidden: int,
    heads: int,
    qk_nope_head_dim: int,
    q_lora_rank: int,
    kv_lora_rank: int,
    qk_rope_head_dim: int,
    v_head_dim: int,
) -> int:
    """Parameters of one multi-head latent attention block (norms ignored).

    Parameters
    ----------
    hidden, heads : int
        h, a. [1]
    qk_nope_head_dim, q_lora_rank, kv_lora_rank, qk_rope_head_dim, v_head_dim : int
        d, d'_c, d_c, d_R, d_v of DeepSeek-V2's notation; ``q_lora_rank = 0``
        projects the queries directly. [1]

    Returns
    -------
    int
        Query ``h·d'_c + d'_c·a·(d + d_R)`` (or ``h·a·(d + d_R)``), key/value
        down-projection with the shared RoPE key ``h·(d_c + d_R)``, up-projection
        ``d_c·a·(d + d_v)``, output ``a·d_v·h``. [1]

    References
    ----------
    DeepSeek-AI 2024, DeepSeek-V2, arXiv:2405.04434, section 2.1.2–2.1.3
    (W^DQ, W^UQ, W^QR, W^DKV, W^UK, W^UV, W^KR, W^O); the same terms as
    Megatron-LM's ``compute_weight_and_optimizer_memory`` for
    ``multi_latent_attention`` (NVIDIA/Megatron-LM commit d98e8a64).

    Examples
    --------
    DeepSeek-V3 (h 7168, 128 heads, d 128, d'_c 1536, d_c 512, d_R 64, d_v 128):

    >>> round(mla_attention_params(7168, 128, 128, 1536, 512, 64, 128) / 1e6, 1)
    187.1
    """
    d_qk = qk_nope_head_dim + qk_rope_head_dim
    if q_lora_rank > 0:
        q = hidden * q_lora_rank + q_lora_rank * heads * d_qk
    else:
        q = hidden * heads * d_qk
    kv = hidden * (kv_lora_rank + qk_rope_head_dim)
    kv += kv_lora_rank * heads * (qk_nope_head_dim + v_head_dim)
    return q + kv + heads * v_head_dim * hidden


def attention_width(
    heads: int, head_dim: int, qk_rope_head_dim: int = 0, v_head_dim: int = 0
) -> int:
    """Per-token width of ``QKᵀ`` and ``softmax·V`` for the attention FLOPs. [1]

    ``a·(d_qk + d_v)/2``: forward attention costs ``2·s·a·d_qk + 2·s·a·d_v``
    per token and layer, which is ``4·s·width``. Standard attention gives
    ``a·d``; DeepSeek-V3's MLA ``128·(192 + 128)/2 = 20480`` instead of the
    ``16384`` of 128 heads of 128.

    Examples
    --------
    >>> attention_width(128, 128, 64, 128)
    20480
    >>> attention_width(32, 128)
    4096
    """
    d_v = v_head_dim or head_dim
    return heads * (head_dim + qk_rope_head_dim + d_v) // 2


def derive_shape_from_params(params: float) -> ModelShape:
    """A plausible Llama-like dense shape for a parameter count.

    Parameters
    ----------
    params : float
        Total parameters. [1]

    Returns
    -------
    ModelShape
        Layers, hidden, heads (``hidden/128``), KV heads (8 from 30B up,
        as in Llama 2 70B / Qwen2.5), SwiGLU FFN ``≈ 8/3·h`` rounded to 256,
        vocabulary 32000, with ``params_billion = params / 1e9``.

    Notes
    -----
    A Llama block holds ``4·h² + 3·h·f`` parameters with ``f = 8/3·h``
    rounded up to 256 (Llama's SwiGLU width). From a ladder of hidden sizes
    used by published models, pick the ``h`` whose layer count
    ``L = (P − 2·V·h) / (4h² + 3hf)`` gives the aspect ratio ``h/L`` closest
    to 128 (Llama 2 7B/13B, Llama 3.1 405B); round ``L``.

    References
    ----------
    Touvron et al. 2023, Llama 2, arXiv:2307.09288, Table 1 and configs.

    Examples
    --------
    >>> s = derive_shape_from_params(7e9)
    >>> s.layers, s.hidden, s.heads
    (33, 4096, 32)
    """
    params = max(float(params), 1e6)

    def layers_for(hidden: int) -> float:
        ffn = _llama_ffn(hidden)
        per_layer = 4 * hidden * hidden + 3 * hidden * ffn
        return max(params - 2 * DERIVED_VOCAB * hidden, per_layer) / per_layer

    hidden = min(
        HIDDEN_LADDER,
        key=lambda h: abs(math.log(h / layers_for(h) / HIDDEN_PER_LAYER_DERIVED)),
    )
    heads = hidden // HEAD_DIM_DEFAULT
    kv_heads = 8 if params >= 30e9 else heads
    ffn = _llama_ffn(hidden)
    layers = max(1, round(layers_for(hidden)))
    return ModelShape(
        params_billion=params / 1e9,
        layers=min(layers, 1000),
        hidden=hidden,
        heads=heads,
        kv_heads=kv_heads,
        ffn_hidden=ffn,
        vocab=DERIVED_VOCAB,
    )


def shape_from_preset(preset: ModelPreset, *, mtp: bool = False) -> ResolvedShape:
    """Resolve a catalog preset (its published parameter counts win).

    With ``mtp`` its multi-token prediction modules (DeepSeek-V3: one) are
    trained too: their parameters (:func:`mtp_module_params`, from the shape)
    are added to the published counts. Serving discards them (DeepSeek-V3
    report, section 2.2: "we can directly discard the MTP modules").

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> s = shape_from_preset(load_catalog().model("llama2-70b"))
    >>> s.kv_heads, s.head_dim, s.params_total
    (8, 128, 69000000000.0)
    """
    head_dim = preset.head_dim or max(1, preset.hidden // preset.heads)
    depth = preset.mtp_layers if mtp else 0

    def count(layers: int) -> tuple[float, float]:
        return count_params(
            layers,
            preset.hidden,
            preset.heads,
            preset.kv_heads,
            head_dim,
            preset.ffn_hidden,
            preset.vocab,
            experts=preset.experts,
            active_experts=preset.active_experts,
            shared_experts=preset.shared_experts,
            moe_ffn_hidden=preset.moe_ffn_hidden,
            dense_layers=preset.dense_layers,
            gated=preset.gated_mlp,
            mla=(
                preset.q_lora_rank,
                preset.kv_lora_rank,
                preset.qk_rope_head_dim,
                preset.v_head_dim or head_dim,
            )
            if preset.kv_lora_rank
            else None,
        )

    mtp_total, mtp_active = mtp_module_params(
        count, preset.layers, preset.hidden, depth
    )
    kv_values = MLA_CACHE_VALUES.get(preset.family, 2 * preset.kv_heads * head_dim)
    if preset.kv_lora_rank:
        kv_values = preset.kv_lora_rank + preset.qk_rope_head_dim
    return ResolvedShape(
        model_id=preset.id,
        name=preset.name,
        params_total=preset.params_billion * 1e9 + mtp_total,
        params_active=preset.active_params_billion * 1e9 + mtp_active,
        layers=preset.layers,
        hidden=preset.hidden,
        heads=preset.heads,
        kv_heads=preset.kv_heads,
        head_dim=head_dim,
        ffn_hidden=preset.ffn_hidden,
        vocab=preset.vocab,
        experts=preset.experts,
        active_experts=preset.active_experts,
        shared_experts=preset.shared_experts,
        moe_ffn_hidden=preset.moe_ffn_hidden,
        dense_layers=preset.dense_layers,
        tied_embeddings=preset.tied_embeddings,
        gated_mlp=mlp_is_gated(preset.gated_mlp, preset.hidden, preset.ffn_hidden),
        is_moe=preset.experts > 0,
        derived=False,
        kv_cache_values_per_token_per_layer=kv_values,
        attention_width=attention_width(
            preset.heads, head_dim, preset.qk_rope_head_dim, preset.v_head_dim
        )
        if preset.kv_lora_rank
        else preset.heads * head_dim,
        sliding_window=preset.sliding_window or 0,
        sliding_window_layers=window_layers(
            preset.sliding_window, preset.sliding_window_layers, preset.layers
        ),
        mtp_layers=depth,
        mtp_params=mtp_total,
    )


def shape_from_custom(shape: ModelShape, *, mtp: bool = False) -> ResolvedShape:
    """Resolve a custom shape; derive one when only parameters are known.

    The shape is *derived* (``ResolvedShape.derived``) when no shape field was
    set explicitly, or when ``params_billion`` disagrees with the shape's own
    count by more than ``SHAPE_MISMATCH_TOLERANCE``. With ``mtp`` its
    multi-token prediction modules are trained too (see
    :func:`shape_from_preset`).

    Examples
    --------
    >>> s = shape_from_custom(ModelShape(params_billion=70))
    >>> s.derived, s.layers, s.hidden, s.kv_heads
    (True, 86, 8192, 8)
    """
    derived = False
    if shape.params_billion is not None:
        unset = not (_SHAPE_FIELDS & shape.model_fields_set)
        own_total, _ = _count(shape)
        target = shape.params_billion * 1e9
        mismatch = abs(own_total - target) / target > SHAPE_MISMATCH_TOLERANCE
        if unset or mismatch:
            derived = True
            kept = {
                name: getattr(shape, name)
                for name in ("active_params_billion", "sliding_window", "mtp_layers")
                if getattr(shape, name) is not None
            }
            if shape.sliding_window_layers is not None:
                derived_layers = derive_shape_from_params(target).layers
                kept["sliding_window_layers"] = min(
                    shape.sliding_window_layers, derived_layers
                )
            shape = derive_shape_from_params(target).model_copy(update=kept)
    head_dim = shape.head_dim or max(1, shape.hidden // shape.heads)
    own_total, own_active = _count(shape)
    total = shape.params_billion * 1e9 if shape.params_billion else own_total
    if shape.active_params_billion:
        active_p = shape.active_params_billion * 1e9
    elif shape.params_billion and own_total > 0:
        active_p = total * own_active / own_total
    else:
        active_p = own_active
    depth = (shape.mtp_layers or 0) if mtp else 0
    mtp_total, mtp_active = mtp_module_params(
        lambda n: _count(shape.model_copy(update={"layers": n})),
        shape.layers,
        shape.hidden,
        depth,
    )
    return ResolvedShape(
        model_id=None,
        name="custom",
        params_total=total + mtp_total,
        params_active=min(active_p, total) + mtp_active,
        layers=shape.layers,
        hidden=shape.hidden,
        heads=shape.heads,
        kv_heads=shape.kv_heads,
        head_dim=head_dim,
        ffn_hidden=shape.ffn_hidden,
        vocab=shape.vocab,
        experts=shape.experts,
        active_experts=shape.active_experts,
        shared_experts=shape.shared_experts,
        moe_ffn_hidden=shape.moe_ffn_hidden,
        dense_layers=shape.dense_layers,
        tied_embeddings=shape.tied_embeddings,
        gated_mlp=mlp_is_gated(shape.gated_mlp, shape.hidden, shape.ffn_hidden),
        is_moe=shape.experts > 0,
        derived=derived,
        kv_cache_values_per_token_per_layer=(
            shape.kv_cache_values_per_token
            or (
                shape.kv_lora_rank + shape.qk_rope_head_dim
                if shape.kv_lora_rank
                else 2 * shape.kv_heads * head_dim
            )
        ),
        attention_width=attention_width(
            shape.heads, head_dim, shape.qk_rope_head_dim, shape.v_head_dim
        )
        if shape.kv_lora_rank
        else shape.heads * head_dim,
        sliding_window=shape.sliding_window or 0,
        sliding_window_layers=window_layers(
            shape.sliding_window, shape.sliding_window_layers, shape.layers
        ),
        mtp_layers=depth,
        mtp_params=mtp_total,
    )


def _count(shape: ModelShape) -> tuple[float, float]:
    head_dim = shape.head_dim or max(1, shape.hidden // shape.heads)
    return count_params(
        shape.layers,
        shape.hidden,
        shape.heads,
        shape.kv_heads,
        head_dim,
        shape.ffn_hidden,
        shape.vocab,
        experts=shape.experts,
        active_experts=shape.active_experts,
        shared_experts=shape.shared_experts,
        moe_ffn_hidden=shape.moe_ffn_hidden,
        dense_layers=shape.dense_layers,
        tied_embeddings=shape.tied_embeddings,
        gated=shape.gated_mlp,
        mla=(
            shape.q_lora_rank,
            shape.kv_lora_rank,
            shape.qk_rope_head_dim,
            shape.v_head_dim or head_dim,
        )
        if shape.kv_lora_rank
        else None,
    )


def _first(cfg: dict[str, Any], *keys: str) -> Any:
    for key in keys:
        if key in cfg and cfg[key] is not None:
            return cfg[key]
    return None


def parse_hf_config(config: str | dict[str, Any]) -> ModelShape:
    """Turn a pasted Hugging Face ``config.json`` into a ``ModelShape``.

    Parameters
    ----------
    config : str or dict
        The JSON text or the parsed dict. Llama, Qwen2/Qwen2-MoE/Qwen3-MoE,
        Mistral/Mixtral, DeepSeek-V2/V3 and GLM-4 (both the ChatGLM keys and the
        ``-hf`` Llama-style keys) are understood; a ``text_config`` of a
        multimodal model is used when present.

    Returns
    -------
    ModelShape
        With ``params_billion`` left empty: the engine counts parameters from
        the shape.

    Raises
    ------
    ValueError
        Not JSON, not an object, or a required key (layers, hidden size,
        attention heads) is missing; the message names the key.

    Notes
    -----
    Multi-head latent attention (DeepSeek) keeps its projection shapes
    (``q_lora_rank``, ``kv_lora_rank``, ``qk_rope_head_dim``, ``v_head_dim``;
    ``head_dim = qk_nope_head_dim``): parameters follow
    :func:`mla_attention_params` (DeepSeek-V3: 0.187B per layer), the
    attention FLOPs :func:`attention_width`, and the KV cache is the
    compressed one, ``kv_lora_rank + qk_rope_head_dim`` values per token and
    layer (DeepSeek-AI 2024, DeepSeek-V2, arXiv:2405.04434, section 2.1.2).
    Activations still treat it as ``heads × head_dim`` attention. A sliding
    window and the layers that use it are read by :func:`config_sliding_window`,
    a multi-token prediction depth from ``num_nextn_predict_layers``.

    References
    ----------
    Hugging Face transformers configuration classes: LlamaConfig, Qwen2Config,
    Qwen2MoeConfig, MixtralConfig, DeepseekV3Config, ChatGLMConfig/Glm4Config.

    Examples
    --------
    >>> s = parse_hf_config('{"num_hidden_layers": 32, "hidden_size": 4096, '
    ...     '"num_attention_heads": 32, "num_key_value_heads": 8, '
    ...     '"intermediate_size": 14336, "vocab_size": 128256}')
    >>> s.layers, s.kv_heads, s.vocab
    (32, 8, 128256)
    """
    if isinstance(config, str):
        try:
            data = json.loads(config)
        except json.JSONDecodeError as exc:
            raise ValueError(f"config.json is not valid JSON: {exc.msg}") from exc
    else:
        data = config
    if not isinstance(data, dict):
        raise ValueError("config.json must be a JSON object")
    cfg: dict[str, Any] = dict(data)
    if isinstance(cfg.get("text_config"), dict):
        cfg = {**cfg, **cfg["text_config"]}
    layers = _first(cfg, "num_hidden_layers", "num_layers", "n_layer", "n_layers")
    hidden = _first(cfg, "hidden_size", "d_model", "n_embd")
    heads = _first(cfg, "num_attention_heads", "n_head", "n_heads")
    for key, value in (
        ("num_hidden_layers", layers),
        ("hidden_size", hidden),
        ("num_attention_heads", heads),
    ):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"config.json: {key} missing or not a positive integer")
    kv = _first(cfg, "num_key_value_heads", "multi_query_group_num", "n_kv_heads")
    if cfg.get("multi_query_attention") is False and "num_key_value_heads" not in cfg:
        kv = None
    kv_heads = int(kv) if kv else heads
    head_dim = _first(cfg, "head_dim", "qk_nope_head_dim", "v_head_dim", "kv_channels")
    ffn = _first(cfg, "intermediate_size", "ffn_hidden_size", "n_inner")
    vocab = _first(cfg, "vocab_size", "padded_vocab_size")
    experts = _first(cfg, "n_routed_experts", "num_local_experts", "num_experts")
    active = _first(cfg, "num_experts_per_tok", "moe_topk", "num_selected_experts")
    shared = _first(cfg, "n_shared_experts")
    moe_ffn = _first(cfg, "moe_intermediate_size")
    dense_layers = _first(cfg, "first_k_dense_replace") or 0
    if experts and not moe_ffn:
        moe_ffn = ffn  # Mixtral: every expert has the dense width
    if shared is None and cfg.get("shared_expert_intermediate_size") and moe_ffn:
        # Qwen2-MoE: one shared expert, expressed as a multiple of the expert width
        shared = max(
            1, round(int(cfg["shared_expert_intermediate_size"]) / int(moe_ffn))
        )
    mlp_only = cfg.get("mlp_only_layers") or []
    if (
        experts
        and cfg.get("decoder_sparse_step", 1) == 1
        and isinstance(mlp_only, list)
    ):
        dense_layers = max(int(dense_layers), len(mlp_only))
    return ModelShape(
        layers=layers,
        hidden=hidden,
        heads=heads,
        kv_heads=kv_heads,
        ffn_hidden=int(ffn) if ffn else 4 * hidden,
        vocab=int(vocab) if vocab else DERIVED_VOCAB,
        experts=int(experts or 0),
        active_experts=int(active or 0) if experts else 0,
        shared_experts=int(shared or 0) if experts else 0,
        moe_ffn_hidden=int(moe_ffn or 0) if experts else 0,
        dense_layers=int(dense_layers) if experts else 0,
        head_dim=int(head_dim) if head_dim else None,
        tied_embeddings=bool(cfg.get("tie_word_embeddings", False)),
        gated_mlp=config_gated_mlp(cfg),
        kv_cache_values_per_token=_mla_cache_values(cfg),
        **_mla_fields(cfg),
        **config_sliding_window(cfg, layers),
        mtp_layers=_mtp_depth(cfg),
    )


_GATED_ACTIVATIONS: Final = frozenset({"silu", "swish", "swiglu", "geglu"})
"""Activations of gated MLPs in ``config.json`` (``hidden_act``): SwiGLU models."""
_PLAIN_ACTIVATIONS: Final = frozenset(
    {"gelu", "gelu_new", "gelu_fast", "gelu_pytorch_tanh", "relu", "quick_gelu"}
)
"""Activations of two-matrix MLPs (GPT-2, BLOOM, Falcon, Phi-2, StarCoder2)."""


def config_gated_mlp(cfg: dict[str, Any]) -> bool | None:
    """Whether a ``config.json`` describes a gated MLP, from its activation
    (Gemma's GeGLU names a GeLU, so its ``model_type`` decides); None when it
    does not say.

    >>> config_gated_mlp({"hidden_act": "silu"}), config_gated_mlp({"activation_function": "gelu_new"})
    (True, False)
    >>> config_gated_mlp({"model_type": "gemma2", "hidden_activation": "gelu_pytorch_tanh"})
    True
    >>> config_gated_mlp({}) is None
    True
    """
    if str(cfg.get("model_type", "")).startswith("gemma"):
        return True
    act = _first(cfg, "hidden_act", "hidden_activation", "activation_function")
    if not isinstance(act, str):
        return None
    if act.lower() in _GATED_ACTIVATIONS:
        return True
    return False if act.lower() in _PLAIN_ACTIVATIONS else None


def config_sliding_window(cfg: dict[str, Any], layers: int) -> dict[str, int]:
    """The sliding window of a ``config.json`` and how many layers use it
    (empty when every layer attends the whole sequence).

    ``layer_types`` (newer configs) lists each layer's kind. Otherwise the
    transformers configuration classes decide: Qwen2/Qwen2-MoE/Qwen3 only with
    ``use_sliding_window``, then the layers from ``max_window_layers`` on
    (Qwen2Config, huggingface/transformers commit
    caa3177646255d2cf73626315c8582722af4749c: "The first `max_window_layers`
    layers will use full attention"); Gemma 2 every other layer, the first one
    windowed (Gemma2Config at 19f5346140749359823ef26c4183bd8f1aed3db7: "every
    other layer uses sliding window attention"; Gemma Team 2024, Gemma 2,
    arXiv:2408.00118, section 2); Gemma 3 all but every
    ``sliding_window_pattern``-th layer (default 6, Gemma3TextConfig at
    d98ac17cc00f337eeee9a1e2380072dc8cafabd4: "5:1 attention pattern");
    any other config with a ``sliding_window`` (Mistral 7B v0.1, Phi-3) on
    every layer.

    >>> config_sliding_window({"sliding_window": 4096}, 32)
    {'sliding_window': 4096, 'sliding_window_layers': 32}
    >>> config_sliding_window({"model_type": "gemma2", "sliding_window": 4096}, 42)
    {'sliding_window': 4096, 'sliding_window_layers': 21}
    >>> config_sliding_window({"model_type": "gemma3_text", "sliding_window": 1024}, 62)
    {'sliding_window': 1024, 'sliding_window_layers': 52}
    >>> config_sliding_window({"model_type": "qwen2", "sliding_window": 131072,
    ...                        "use_sliding_window": False}, 28)
    {}
    >>> config_sliding_window({"sliding_window": 4096, "layer_types":
    ...     ["sliding_attention", "full_attention"] * 3}, 6)["sliding_window_layers"]
    3
    """
    window = cfg.get("sliding_window")
    if not isinstance(window, int) or isinstance(window, bool) or window < 1:
        return {}
    kind = str(cfg.get("model_type", ""))
    types = cfg.get("layer_types")
    if isinstance(types, list) and types:
        count = sum(1 for t in types if t == "sliding_attention")
    elif "use_sliding_window" in cfg or kind.startswith("qwen"):
        if not cfg.get("use_sliding_window"):
            return {}
        full = cfg.get("max_window_layers")
        count = layers - (full if isinstance(full, int) else 0)
    elif kind == "gemma2":
        count = (layers + 1) // 2
    elif kind.startswith("gemma3"):
        pattern = cfg.get("sliding_window_pattern")
        pattern = pattern if isinstance(pattern, int) and pattern > 0 else 6
        count = layers - layers // pattern
    else:
        count = layers
    count = max(0, min(count, layers))
    if count == 0:
        return {}
    return {"sliding_window": window, "sliding_window_layers": count}


def _mtp_depth(cfg: dict[str, Any]) -> int | None:
    """Multi-token prediction depth of a config (DeepSeek-V3's
    ``num_nextn_predict_layers``, ``mtp_num_layers`` of Megatron-style and
    Qwen3-Next configs); None when it has none.

    >>> _mtp_depth({"num_nextn_predict_layers": 1}), _mtp_depth({}) is None
    (1, True)
    """
    depth = _first(
        cfg, "num_nextn_predict_layers", "mtp_num_layers", "mtp_num_hidden_layers"
    )
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 1:
        return None
    return min(depth, 16)


def _mla_fields(cfg: dict[str, Any]) -> dict[str, int]:
    """MLA projection shapes of a DeepSeek-V2/V3 config (empty for other attention).

    ``head_dim`` is set to ``qk_nope_head_dim`` by the caller's key lookup.

    >>> _mla_fields({"kv_lora_rank": 512, "q_lora_rank": 1536,
    ...              "qk_rope_head_dim": 64, "v_head_dim": 128})["q_lora_rank"]
    1536
    >>> _mla_fields({"num_key_value_heads": 8})
    {}
    """
    rank = cfg.get("kv_lora_rank")
    if not rank:
        return {}
    return {
        "q_lora_rank": int(cfg.get("q_lora_rank") or 0),
        "kv_lora_rank": int(rank),
        "qk_rope_head_dim": int(cfg.get("qk_rope_head_dim") or 0),
        "v_head_dim": int(cfg.get("v_head_dim") or 0),
    }


def _mla_cache_values(cfg: dict[str, Any]) -> int | None:
    """``kv_lora_rank + qk_rope_head_dim`` for multi-head latent attention, else None.

    >>> _mla_cache_values({"kv_lora_rank": 512, "qk_rope_head_dim": 64})
    576
    >>> _mla_cache_values({"num_key_value_heads": 8}) is None
    True
    """
    rank = cfg.get("kv_lora_rank")
    if not isinstance(rank, int) or isinstance(rank, bool) or rank < 1:
        return None
    rope = cfg.get("qk_rope_head_dim")
    return rank + (rope if isinstance(rope, int) and rope > 0 else 0)


def tokens_per_param(tokens: float, params: float) -> float:
    """Training tokens per parameter (Chinchilla's optimum is ≈20).

    References
    ----------
    Hoffmann et al. 2022, Training Compute-Optimal Large Language Models,
    arXiv:2203.15556, Table 3.

    Examples
    --------
    >>> tokens_per_param(140e9, 7e9)
    20.0
    """
    return tokens / params if params > 0 else math.inf


CHINCHILLA_LOW_RATIO: Final = 0.5
"""Pretraining below half the Chinchilla ratio (≈10 tokens/param) earns an info note. [1]"""

CHINCHILLA_HIGH_RATIO: Final = 20.0
"""Pretraining beyond 20× the Chinchilla ratio (≈400 tokens/param) earns an info note. [1]"""
