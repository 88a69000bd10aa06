"""GPU memory per card: model states, activations, KV cache, overhead.

All results are bytes per GPU. Model states follow the ZeRO paper; activations
follow Korthikanti et al. 2022 with documented adjustments for gated MLPs
(SwiGLU), grouped-query attention and mixture-of-experts layers.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

from gpu_advisor.engine.sizing.shape import cached_layers
from gpu_advisor.model.project import (
    QLORA_NF4_BITS,
    Framework,
    Optimizer,
    Precision,
    Recompute,
    TaskKind,
)
from gpu_advisor.model.sizing_results import ResolvedShape

GIB: Final = 2**30
"""Bytes per GiB. [B]"""

DEFAULT_OVERHEAD_BYTES: Final = 2.0 * GIB
"""Framework overhead per GPU when the project does not set one: CUDA context
and kernels (≈0.5–1 GiB), cuBLAS/cuDNN workspaces and NCCL buffers (≈0.5–1 GiB).
Allocator fragmentation is covered by ``MEMORY_HEADROOM`` in the cluster sizing.
(PyTorch docs, "CUDA semantics: memory management"; NCCL docs, NCCL_BUFFSIZE
default 4 MiB per channel and peer.) [B]"""

ADAMW_BYTES_PER_PARAM: Final = (2.0, 2.0, 12.0)
"""Mixed-precision AdamW: bf16/fp16 weights, bf16/fp16 gradients, fp32 master
copy + momentum + variance (Rajbhandari et al. 2020, ZeRO, section 3.1). [B]"""

ADAMW_8BIT_BYTES_PER_PARAM: Final = (2.0, 2.0, 6.0)
"""8-bit AdamW: momentum and variance at 1 byte each (block-wise quantisation;
the per-block scales add <1 %) plus the fp32 master copy of 4 bytes
(Dettmers et al. 2022, 8-bit Optimizers via Block-wise Quantization,
arXiv:2110.02861). [B]"""

SGD_BYTES_PER_PARAM: Final = (2.0, 2.0, 8.0)
"""SGD with momentum in mixed precision: fp32 master 4 + fp32 momentum 4. [B]"""

FP8_EXTRA_WEIGHT_BYTES: Final = 1.0
"""FP8 training keeps bf16 weights and caches an fp8 copy (1 byte/param) for the
GEMMs; gradients and the fp32 optimizer state are unchanged, so FP8 saves
compute, not model-state memory (NVIDIA Transformer Engine docs; DeepSeek-AI
2024, arXiv:2412.19437, section 3.3). [B]"""

LORA_MATRICES_DENSE_GATED: Final = 7
"""Linear layers per block that LoRA adapts by default (q, k, v, o, gate, up,
down) (Hu et al. 2021, arXiv:2106.09685; QLoRA applies LoRA to all linear
layers, Dettmers et al. 2023, arXiv:2305.14314, section 4). [1]"""


@dataclass(frozen=True, slots=True)
class ModelState:
    """Model-state bytes per GPU (plain dataclass: built in hot loops)."""

    weights_bytes: float
    gradients_bytes: float
    optimizer_bytes: float
    bytes_per_param: float
    unsharded_bytes: float
    trainable_params: float
    buffer_bytes: float = 0.0
    """Framework buffers that scale with the model: ZeRO-3 gather/prefetch
    buffers, communication buckets (see :func:`framework_model_state`). [B]"""

    @property
    def total_bytes(self) -> float:
        """Sum of weights, gradients, optimizer states and framework buffers. [B]"""
        return (
            self.weights_bytes
            + self.gradients_bytes
            + self.optimizer_bytes
            + self.buffer_bytes
        )


def optimizer_bytes_per_param(
    optimizer: Optimizer, precision: Precision = Precision.BF16
) -> tuple[float, float, float]:
    """Bytes per trainable parameter for (weights, gradients, optimizer states).

    Parameters
    ----------
    optimizer : Optimizer
        AdamW, 8-bit AdamW or SGD with momentum.
    precision : Precision
        Training precision; FP8 adds an fp8 weight copy.

    Returns
    -------
    tuple of float
        (weights, gradients, optimizer incl. fp32 master). [B/param]

    Notes
    -----
    AdamW 2 + 2 + 12 = 16; 8-bit AdamW 2 + 2 + (4 + 1 + 1) = 10; SGD with
    momentum 2 + 2 + (4 + 4) = 12; FP8 adds 1 byte to the weights.

    References
    ----------
    Rajbhandari et al. 2020, ZeRO, arXiv:1910.02054, section 3.1.
    Dettmers et al. 2022, arXiv:2110.02861.

    Examples
    --------
    >>> sum(optimizer_bytes_per_param(Optimizer.ADAMW))
    16.0
    >>> sum(optimizer_bytes_per_param(Optimizer.ADAMW_8BIT))
    10.0
    """
    if optimizer is Optimizer.ADAMW_8BIT:
        w, g, o = ADAMW_8BIT_BYTES_PER_PARAM
    elif optimizer is Optimizer.SGD:
        w, g, o = SGD_BYTES_PER_PARAM
    else:
        w, g, o = ADAMW_BYTES_PER_PARAM
    if precision is Precision.FP8:
        w += FP8_EXTRA_WEIGHT_BYTES
    return w, g, o


def model_state_bytes(
    params: float,
    zero_stage: int,
    dp: int,
    tp: int = 1,
    pp: int = 1,
    bytes_per_param: tuple[float, float, float] = ADAMW_BYTES_PER_PARAM,
) -> tuple[float, float, float]:
    """Weights, gradients and optimizer bytes per GPU under ZeRO/FSDP.

    Parameters
    ----------
    params : float
        Trainable parameters. [1]
    zero_stage : int
        0 (plain data parallel), 1 (shard optimizer), 2 (+ gradients),
        3 (+ weights; FSDP full shard). [1]
    dp, tp, pp : int
        Data-, tensor- and pipeline-parallel degrees. [1]
    bytes_per_param : tuple of float
        (weights, gradients, optimizer) bytes per parameter. [B]

    Returns
    -------
    tuple of float
        (weights, gradients, optimizer) per GPU. [B]

    Notes
    -----
    ``M = Ψ/(t·p) · (w/d₃ + g/d₂ + o/d₁)`` where ``dₖ = dp`` if the ZeRO stage
    is ≥ k, else 1.

    References
    ----------
    Rajbhandari et al. 2020, ZeRO: Memory Optimizations Toward Training Trillion
    Parameter Models, arXiv:1910.02054, section 5.1 and Figure 1.

    Examples
    --------
    ZeRO Figure 1, Ψ = 7.5B, N_d = 64 (GB = 1e9 B):

    >>> [round(sum(model_state_bytes(7.5e9, z, 64)) / 1e9, 1) for z in range(4)]
    [120.0, 31.4, 16.6, 1.9]
    """
    if params < 0 or dp < 1 or tp < 1 or pp < 1 or not 0 <= zero_stage <= 3:
        raise ValueError("need params >= 0, dp/tp/pp >= 1 and zero_stage in 0..3")
    w, g, o = bytes_per_param
    per = params / (tp * pp)
    return (
        per * w / (dp if zero_stage >= 3 else 1),
        per * g / (dp if zero_stage >= 2 else 1),
        per * o / (dp if zero_stage >= 1 else 1),
    )


LORA_TARGETS: Final = ("q", "k", "v", "o", "gate", "up", "down")
"""The linear layers of a transformer block LoRA can adapt."""


def lora_adapter_params(
    shape: ResolvedShape, rank: int, targets: Collection[str] | None = None
) -> float:
    """Trainable LoRA parameters with adapters on the targeted linear layers.

    Parameters
    ----------
    shape : ResolvedShape
        Model shape.
    rank : int
        LoRA rank r. [1]
    targets : collection of str, optional
        The adapted layers among ``q k v o gate up down``; None: all seven.
        A plain (GeLU) MLP has no gate. [-]

    Returns
    -------
    float
        ``Σ r·(d_in + d_out)`` over the adapted matrices. [1]

    Notes
    -----
    Attention: q ``r(h + a·d)``, k and v ``r(h + k·d)``, o ``r(a·d + h)``.
    MLP: gated ``3·r(h + f)``, classic ``2·r(h + f)``. MoE layers adapt every
    routed and shared expert. Only the targeted layers count.

    References
    ----------
    Hu et al. 2021, LoRA, arXiv:2106.09685, section 4.1; section 7.1 and
    Table 5 (GPT-3 175B, r = 4 on W_q and W_v: 18M trainable parameters).

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> s = shape_from_preset(load_catalog().model("llama2-7b"))
    >>> round(lora_adapter_params(s, 16) / 1e6, 1)  # Llama 2 7B, r = 16
    40.0
    >>> round(lora_adapter_params(s, 16, {"q", "v"}) / 1e6, 1)
    8.4
    """
    chosen = set(LORA_TARGETS if targets is None else targets)
    h, d = shape.hidden, shape.head_dim
    q_dim, kv_dim = shape.heads * d, shape.kv_heads * d
    sizes = {"q": h + q_dim, "k": h + kv_dim, "v": h + kv_dim, "o": q_dim + h}
    attn = rank * sum(n for name, n in sizes.items() if name in chosen)
    mlp = ("gate", "up", "down") if shape.gated_mlp else ("up", "down")
    mats = sum(1 for name in mlp if name in chosen)
    dense_mlp = mats * rank * (h + shape.ffn_hidden)
    if not shape.is_moe:
        return float(shape.layers * (attn + dense_mlp))
    expert = mats * rank * (h + (shape.moe_ffn_hidden or shape.ffn_hidden))
    moe_layers = max(shape.layers - shape.dense_layers, 0)
    n_exp = shape.experts + shape.shared_experts
    return float(
        shape.layers * attn
        + shape.dense_layers * dense_mlp
        + moe_layers * n_exp * expert
    )


def embedding_params(shape: ResolvedShape) -> float:
    """Input embedding plus (untied) output head parameters: ``V·h·(1 or 2)``. [1]

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> embedding_params(shape_from_preset(load_catalog().model("llama2-7b")))
    262144000.0
    """
    return float(shape.vocab * shape.hidden * (1 if shape.tied_embeddings else 2))


def training_model_state(
    shape: ResolvedShape,
    task: TaskKind,
    optimizer: Optimizer,
    precision: Precision,
    zero_stage: int,
    dp: int,
    tp: int,
    pp: int,
    lora_rank: int = 16,
    qlora_base_bits: float = QLORA_NF4_BITS,
    lora_targets: Collection[str] | None = None,
) -> ModelState:
    """Model-state bytes per GPU for pretraining, full fine-tuning, LoRA or QLoRA.

    Parameters
    ----------
    shape : ResolvedShape
        Model shape; ``params_total`` is used (MoE: all experts live in memory).
    task : TaskKind
        Pretraining and full fine-tuning train every parameter; LoRA/QLoRA
        freeze the base and train adapters. Inference has no model state
        beyond the weights (see :func:`inference_weights_bytes`).
    optimizer, precision : Optimizer, Precision
        Optimizer and training precision.
    zero_stage, dp, tp, pp : int
        Sharding as in :func:`model_state_bytes`. [1]
    lora_rank : int
        LoRA rank. [1]
    qlora_base_bits : float
        Storage of the frozen QLoRA base. [bit/param]
    lora_targets : collection of str, optional
        Adapted linear layers (:func:`lora_adapter_params`); None: all seven.

    Returns
    -------
    ModelState
        Per-GPU bytes and the unsharded total.

    Notes
    -----
    LoRA: frozen base in bf16 (2 B/param), adapters with full mixed-precision
    optimizer state (16 B/param with AdamW). QLoRA: base at
    ``qlora_base_bits`` (:data:`~gpu_advisor.model.project.QLORA_NF4_BITS`:
    NF4 4 bits + double-quantised constants 0.127 bit) while embeddings and the
    output head stay bf16 (the norms kept in higher precision are ~0.01 % of
    the parameters). ZeRO-3 shards the frozen base as it shards weights.

    References
    ----------
    Rajbhandari et al. 2020, arXiv:1910.02054; Hu et al. 2021, arXiv:2106.09685;
    Dettmers et al. 2023, QLoRA, arXiv:2305.14314, sections 2–3.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> s = shape_from_preset(load_catalog().model("llama2-7b"))
    >>> m = training_model_state(s, TaskKind.QLORA, Optimizer.ADAMW,
    ...                          Precision.BF16, 0, 1, 1, 1)
    >>> round(m.weights_bytes / 1e9, 2)  # NF4+DQ base + bf16 embeddings + adapters
    3.95
    """
    bpp = optimizer_bytes_per_param(optimizer, precision)
    n = shape.params_total
    if task in (TaskKind.LORA, TaskKind.QLORA):
        adapters = lora_adapter_params(shape, lora_rank, lora_targets)
        if task is TaskKind.QLORA:
            embed = min(embedding_params(shape), n)
            base_bytes = (n - embed) * qlora_base_bits / 8.0 + embed * 2.0
        else:
            base_bytes = n * 2.0
        aw, ag, ao = model_state_bytes(adapters, zero_stage, dp, tp, pp, bpp)
        base = base_bytes / (tp * pp) / (dp if zero_stage >= 3 else 1)
        return ModelState(
            weights_bytes=base + aw,
            gradients_bytes=ag,
            optimizer_bytes=ao,
            bytes_per_param=(base_bytes + adapters * sum(bpp)) / n if n else 0.0,
            unsharded_bytes=base_bytes + adapters * sum(bpp),
            trainable_params=adapters,
        )
    w, g, o = model_state_bytes(n, zero_stage, dp, tp, pp, bpp)
    return ModelState(
        weights_bytes=w,
        gradients_bytes=g,
        optimizer_bytes=o,
        bytes_per_param=sum(bpp),
        unsharded_bytes=n * sum(bpp),
        trainable_params=n,
    )


def activation_bytes_per_layer(
    seq_len: int,
    micro_batch: int,
    hidden: int,
    heads: int,
    *,
    tp: int = 1,
    sequence_parallel: bool = False,
    recompute: Recompute = Recompute.NONE,
    flash_attention: bool = False,
    kv_ratio: float = 1.0,
    ffn_ratio: float = 4.0,
    gated: bool = False,
    ffn_copies: float = 1.0,
    routed_copies: float = 0.0,
    fp8_inputs: bool = False,
    expert_tp: int | None = None,
) -> float:
    """Activation memory of one transformer layer (16-bit activations).

    ``expert_tp``: the tensor-parallel ranks the routed experts' MLP is split
    over (Megatron-LM's ``--expert-tensor-parallel-size``); ``None``: ``tp``.
    Their share of the tensor-parallel terms, ``routed/ffn_copies`` of the
    MLP's, is divided by it instead of ``tp``.

    Parameters
    ----------
    seq_len, micro_batch, hidden, heads : int
        s, b, h, a. [1]
    tp : int
        Tensor-parallel degree t. [1]
    sequence_parallel : bool
        Megatron sequence parallelism (shards the non-tensor-parallel parts).
    recompute : Recompute
        none, selective (drop the attention-score term), lean (selective, and
        the norm outputs and the MoE experts' activation output recomputed
        too) or full (keep only the layer input).
    flash_attention : bool
        FlashAttention never stores the s×s scores: the ``5as/h`` term vanishes.
    kv_ratio : float
        KV heads / heads (GQA), 1 for multi-head attention. [1]
    ffn_ratio : float
        FFN width / hidden (f/h). [1]
    gated : bool
        Gated MLP (SwiGLU) without dropout, as in Llama/Qwen/Mistral.
    ffn_copies : float
        FFNs each token passes through (MoE: routed active + shared experts). [1]
    routed_copies : float
        Routed experts each token is copied to (MoE top-k; 0 for a dense
        layer). Shared experts read the layer's MLP input and add no copy. [1]
    fp8_inputs : bool
        FP8 training: the inputs the linear layers keep for their backward
        pass are cached in FP8, 1 byte instead of 2 (attention output
        projection, routed token copies, the MLP's down-projection input).

    Returns
    -------
    float
        Bytes per layer per GPU. [B]

    Notes
    -----
    Classic GPT block (Korthikanti et al. 2022, Table 2):

    - no parallelism: ``s·b·h·(34 + 5·a·s/h)``
    - tensor parallel, no SP: ``s·b·h·(10 + 24/t + 5·a·s/(h·t))``
    - tensor + sequence parallel: ``s·b·h·(34/t + 5·a·s/(h·t))``
    - selective recompute (or FlashAttention): drop ``5·a·s/h``
    - full recompute: ``2·s·b·h`` (the layer input; ``/t`` with SP).

    The 34 splits as attention 11 (QKV input 2, Q 2, K 2, V 2, projection
    input 2, dropout mask 1), MLP 19 (input 2, GeLU input 8, GeLU output 8,
    dropout mask 1) and two LayerNorm inputs 4. Of these 10 are outside the
    tensor-parallel regions (norm inputs 4, dropout masks 2, QKV and MLP
    inputs 4). Adjustments for modern blocks (``gated=True``, no dropout):
    K and V scale with ``kv_ratio`` (GQA), the MLP keeps its input 2, plus
    gate, up and product outputs ``3·2·f/h`` (SiLU recomputed in the fused
    kernel), each MoE token stores that for every expert it visits
    (``ffn_copies``) plus its input copy for each routed expert
    (``routed_copies``). The classic formula is returned exactly for
    ``kv_ratio=1, ffn_ratio=4, gated=False``.

    Lean recompute is DeepSeek-V3's recipe (DeepSeek-AI 2024,
    arXiv:2412.19437, section 3.2.3: "recompute all RMSNorm operations ...
    during back-propagation"; section 3.3.3: "we cache the inputs of the
    SwiGLU operator and recompute its output in the backward pass") and
    Megatron-LM's ``--recompute-granularity selective --recompute-modules
    core_attn layernorm moe_act``: the two norm outputs (QKV and MLP inputs,
    4) are dropped, and in an MoE layer each expert's activation output
    (``2·f/h`` per copy). FP8 storage of the linear inputs is section
    3.3.3's "we cache the activations in FP8 format for the backward pass of
    the Linear operator". The MLA up-projection recompute DeepSeek-V3 also
    ran is not modelled: Q, K and V are counted at width ``h`` as for any
    attention. A sliding window leaves these bytes as they are: the
    ``5·a·s/h`` score term is what an unfused softmax stores, the whole
    ``s × s`` masked matrix (transformers' eager attention masks it, it does
    not shrink it); only a windowed fused kernel (FlashAttention-2's
    ``window_size``) skips the keys outside, and it stores no scores at all.
    Megatron-LM's own estimator has no term for any of these (nor for routed
    experts: ``compute_activation_memory`` counts ``18 + 4·f/h`` per layer
    with the dense FFN width, ``megatron/training/theoretical_memory_usage.py``
    at NVIDIA/Megatron-LM commit 00caa53af30912914981c86f39db123961678bbd), so
    the report is the reference for them.

    References
    ----------
    Korthikanti et al. 2022, Reducing Activation Recomputation in Large
    Transformer Models, arXiv:2205.05198, sections 4.1–4.2 and Table 2.
    Dao et al. 2022, FlashAttention, arXiv:2205.14135.

    Examples
    --------
    GPT-3 175B shape, s = 2048, h = 12288, a = 96, b = 1:

    >>> round(activation_bytes_per_layer(2048, 1, 12288, 96) / 1e9, 3)
    2.869
    >>> round(activation_bytes_per_layer(2048, 1, 12288, 96, tp=8,
    ...       sequence_parallel=True) / 1e6, 1)
    358.6
    """
    s, b, h, a, t = float(seq_len), float(micro_batch), float(hidden), float(heads), tp
    sbh = s * b * h
    if recompute is Recompute.FULL:
        return 2.0 * sbh / (t if sequence_parallel else 1)
    outside, linear_tp = _layer_terms(
        recompute,
        kv_ratio,
        ffn_ratio,
        gated,
        ffn_copies,
        routed_copies,
        1.0 if fp8_inputs else 2.0,
    )
    score = 0.0
    if recompute is Recompute.NONE and not flash_attention:
        score = 5.0 * a * s / h
    if expert_tp is not None and expert_tp != t and routed_copies > 0:
        # the routed experts' share of the MLP terms, split over expert_tp
        mlp = (
            linear_tp
            - _layer_terms(
                recompute, kv_ratio, 0.0, gated, 0.0, 0.0, 1.0 if fp8_inputs else 2.0
            )[1]
        )
        routed = mlp * routed_copies / max(ffn_copies, routed_copies)
        linear_tp += routed * (t / expert_tp - 1.0)
    if sequence_parallel:
        return sbh * ((outside + linear_tp) / t + score / t)
    return sbh * (outside + linear_tp / t + score / t)


def _layer_terms(
    recompute: Recompute,
    kv_ratio: float,
    ffn_ratio: float,
    gated: bool,
    ffn_copies: float,
    routed_copies: float,
    linear_input: float,
) -> tuple[float, float]:
    """Bytes per ``s·b·h`` outside and inside the tensor-parallel regions. [1]

    ``linear_input`` is the bytes per value of the inputs kept for a linear
    layer's backward (2, or 1 in FP8); see :func:`activation_bytes_per_layer`.
    """
    lean = recompute is Recompute.LEAN
    moe = routed_copies > 0
    norm_outputs = 0.0 if lean else 2.0 * linear_input  # QKV input, MLP input
    attn_tp = 2.0 + 2.0 * kv_ratio * 2.0 + linear_input  # Q, K, V, projection input
    # the MLP's down-projection input: recomputed by lean recompute in MoE layers
    down_input = 0.0 if lean and moe else linear_input
    copies = linear_input * routed_copies  # routed experts' input copies
    if gated:  # gate and up outputs, then the product
        mlp_tp = ffn_copies * (2.0 + 2.0 + down_input) * ffn_ratio
        outside = 4.0 + norm_outputs + copies
    else:  # GeLU input, then its output; two dropout masks outside
        mlp_tp = ffn_copies * (2.0 + down_input) * ffn_ratio
        outside = 4.0 + 2.0 + norm_outputs + copies
    return outside, attn_tp + mlp_tp


def interleaved_memory_factor(pp: int, virtual_stages: int) -> float:
    """Activations of the interleaved schedule's first stage over plain 1F1B's. [1]

    Parameters
    ----------
    pp : int
        Pipeline stages p. [1]
    virtual_stages : int
        Model chunks per stage v; 1 or less: plain 1F1B (factor 1). [1]

    Returns
    -------
    float
        ``1 + (p − 1)/(p·v)``: the first stage warms up with more
        micro-batches in flight before its first backward pass. [1]

    References
    ----------
    Megatron-LM ``megatron/training/theoretical_memory_usage.py``,
    ``compute_activation_memory`` ("interleaved_schedule_memory_penalty"),
    commit d98e8a64ddf34856e74b24714e3bedb2f5a39553; Narayanan et al. 2021,
    arXiv:2104.04473, section 2.2.2.

    Examples
    --------
    >>> interleaved_memory_factor(8, 4), interleaved_memory_factor(8, 1)
    (1.21875, 1.0)
    >>> interleaved_memory_factor(1, 4)
    1.0
    """
    if virtual_stages <= 1 or pp <= 1:
        return 1.0
    return 1.0 + (pp - 1) / (pp * virtual_stages)


def activation_bytes_per_gpu(
    shape: ResolvedShape,
    seq_len: int,
    micro_batch: int,
    tp: int,
    pp: int,
    sequence_parallel: bool,
    recompute: Recompute,
    flash_attention: bool,
    *,
    fp8_inputs: bool = False,
    virtual_stages: int = 1,
    expert_tp: int | None = None,
) -> float:
    """Activation memory per GPU for a whole model under 1F1B pipelining.

    Parameters
    ----------
    shape : ResolvedShape
        Model shape.
    seq_len, micro_batch, tp, pp : int
        s, b, t, p. [1]
    sequence_parallel, recompute, flash_attention, fp8_inputs
        As in :func:`activation_bytes_per_layer`.
    virtual_stages : int
        Model chunks per stage of the interleaved schedule; 1: plain 1F1B. [1]
    expert_tp : int or None
        Expert tensor-parallel ranks of the routed experts; None: ``tp``. [1]

    Returns
    -------
    float
        Bytes per GPU. [B]

    Notes
    -----
    With 1F1B the first stage holds ``L/p`` layers for ``p`` micro-batches in
    flight, i.e. ``L`` layers' worth; the last stage holds ``L/p`` layers plus
    the output layer (logits in fp32, ``4·s·b·V/t``, and its input
    ``4·s·b·h/t``). The peak is the larger of the two. Dense layers of an MoE
    model are counted with their own FFN width. The interleaved schedule
    holds :func:`interleaved_memory_factor` times as much on the first stage.
    Each multi-token prediction module adds to the last stage one block of the
    last layer's kind, the 16-bit input of its ``2h → h`` projection
    (``4·s·b·h``) and its own logits and their input, as the output layer
    (DeepSeek-AI 2024, arXiv:2412.19437, section 2.2: the module's
    projection, transformer block and the shared output head; Megatron-LM's
    activation estimator has no MTP term).

    References
    ----------
    Korthikanti et al. 2022, arXiv:2205.05198, sections 4.2.3 and 4.3.
    Narayanan et al. 2021, arXiv:2104.04473, section 2.2 (1F1B schedule).

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> s = shape_from_preset(load_catalog().model("llama2-7b"))
    >>> round(activation_bytes_per_gpu(s, 4096, 1, 1, 1, False,
    ...       Recompute.SELECTIVE, True) / 2**30, 1)
    16.6
    """
    h = shape.hidden
    gated = shape.gated_mlp
    kv_ratio = shape.kv_heads / shape.heads

    def layer(ffn_ratio: float, ffn_copies: float, routed: float) -> float:
        return activation_bytes_per_layer(
            seq_len,
            micro_batch,
            h,
            shape.heads,
            tp=tp,
            sequence_parallel=sequence_parallel,
            recompute=recompute,
            flash_attention=flash_attention,
            kv_ratio=kv_ratio,
            ffn_ratio=ffn_ratio,
            gated=gated,
            ffn_copies=ffn_copies,
            routed_copies=routed,
            fp8_inputs=fp8_inputs,
            expert_tp=expert_tp,
        )

    dense = last = layer(shape.ffn_hidden / h, 1.0, 0.0)
    if shape.is_moe:
        moe_layers = max(shape.layers - shape.dense_layers, 0)
        copies = float(max(shape.active_experts + shape.shared_experts, 1))
        routed = float(shape.active_experts)
        moe = layer((shape.moe_ffn_hidden or shape.ffn_hidden) / h, copies, routed)
        all_layers = shape.dense_layers * dense + moe_layers * moe
        last = moe if moe_layers else dense
    else:
        all_layers = shape.layers * dense
    sb = float(seq_len) * micro_batch
    output_layer = (4.0 * sb * shape.vocab + 4.0 * sb * h) / tp
    # each MTP module: a block like the last, its 2h-wide projection input, logits
    mtp = shape.mtp_layers * (last + 4.0 * sb * h + output_layer)
    first_stage = all_layers * interleaved_memory_factor(pp, virtual_stages)
    last_stage = all_layers / pp + output_layer + mtp
    return max(first_stage, last_stage)


def kv_cache_bytes(
    shape: ResolvedShape,
    tokens: float,
    bytes_per_value: float = 2.0,
    *,
    context_len: int | None = None,
) -> float:
    """KV cache for ``tokens`` tokens in flight (context × concurrency).

    Parameters
    ----------
    shape : ResolvedShape
        Model shape; GQA-aware through ``kv_heads`` (MLA through the
        compressed-cache size).
    tokens : float
        Cached tokens: context length × concurrent sequences. [tokens]
    bytes_per_value : float
        2 for bf16/fp16, 1 for an fp8 cache. [B]
    context_len : int, optional
        Tokens per sequence; given, a layer with a sliding window shorter than
        it keeps only ``W`` of them (``tokens · W / context_len``). [tokens]

    Returns
    -------
    float
        ``2 · L · kv_heads · head_dim · bytes · tokens``. [B]

    Notes
    -----
    A windowed layer keeps ``W`` tokens a sequence
    (:func:`~gpu_advisor.engine.sizing.shape.cached_layers`).

    References
    ----------
    Pope et al. 2022, Efficiently Scaling Transformer Inference,
    arXiv:2211.05102, section 3.1; Ainslie et al. 2023, GQA, arXiv:2305.13245.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> s = shape_from_preset(load_catalog().model("llama2-70b"))
    >>> kv_cache_bytes(s, 4096) / 2**30  # 80 · 2 · 8 · 128 · 2 B · 4096
    1.25
    >>> m = shape_from_preset(load_catalog().model("mistral-7b"))
    >>> kv_cache_bytes(m, 16 * 32768, context_len=32768) / 2**30  # 16 × 4096 kept
    8.0
    """
    values = (
        shape.kv_cache_values_per_token_per_layer or 2 * shape.kv_heads * shape.head_dim
    )
    layers = cached_layers(shape, context_len)
    return float(layers * values * bytes_per_value * tokens)


def inference_weights_bytes(shape: ResolvedShape, precision: Precision) -> float:
    """Serving weights: 2 B/param in bf16/fp16, 1 B/param in fp8 (all experts). [B]

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> s = shape_from_preset(load_catalog().model("llama2-70b"))
    >>> inference_weights_bytes(s, Precision.BF16) / 1e9
    138.0
    """
    return shape.params_total * (1.0 if precision is Precision.FP8 else 2.0)


# --- per-framework accounting ------------------------------------------------------

MEGATRON_MAIN_GRAD_BYTES: Final = 4.0
"""Megatron-LM keeps fp32 "main" gradients for bf16 training (18 B/param
without, ``6 + 12/dp`` with the distributed optimizer):
``megatron/training/theoretical_memory_usage.py``, function
``compute_weight_and_optimizer_memory`` (NVIDIA/Megatron-LM commit
d98e8a64ddf34856e74b24714e3bedb2f5a39553). [B/param]"""

MEGATRON_ACTIVATION_TEMPORARIES: Final = 1.05
"""Megatron-LM's estimator adds 5 % for optimizer and other temporaries to the
activations when it cannot use the sequence-parallel/selective formula
(``compute_activation_memory_without_sp``, same file and commit). [1]"""

DEEPSPEED_FP32_GRAD_BYTES: Final = 4.0
"""DeepSpeed ZeRO-1/2 keeps an fp32 gradient partition next to the 16-bit
gradients: 2 + 18/N bytes per parameter at ZeRO-2 ("2 = params_16bit, 18 =
2_grads_16bit + 4_grads_32bit + 4_params_32bit + 8_optimizer_states_32bit"),
``estimate_zero2_model_states_mem_needs`` in
``deepspeed/runtime/zero/stage_1_and_2.py``; 18/N plus 4 × the largest layer
at ZeRO-3, ``estimate_zero3_model_states_mem_needs`` in
``deepspeed/runtime/zero/stage3.py`` (microsoft/DeepSpeed commit
38327e07f6cd39b63418f60cedd1651b0be3e7c3). [B/param]"""

DEEPSPEED_GATHER_BYTES_PER_PARAM: Final = 4.0
"""ZeRO-3 holds the largest layer gathered in 16-bit with its 16-bit gradient:
``largest_layer_memory = 4 · largest_layer_params`` (same function). [B/param]"""

DEEPSPEED_BUCKET_BYTES: Final = 5e8 * 2.0
"""One communication bucket of DeepSpeed's default 5e8 elements in 16 bit
(``allgather_bucket_size`` for ZeRO-1/2, ``reduce_bucket_size`` for ZeRO-3;
DeepSpeed config docs; counted the same way by the EleutherAI cookbook,
``calc/calc_transformer_mem.py``, commit
827ee3b293a63f14403f1467d08c91fda213f4e6, "COMMUNICATION MEMORY"). [B]"""

DDP_FP32_WEIGHT_BYTES: Final = 4.0
"""Plain DDP with automatic mixed precision keeps the weights in fp32 (they
are the optimizer's master copy) and casts per operation (PyTorch docs,
"Automatic Mixed Precision"). [B/param]"""

DDP_BUCKET_BYTES_PER_PARAM: Final = 4.0
"""DDP copies the fp32 gradients into all-reduce buckets unless
``gradient_as_bucket_view=True`` ("the saved memory size will be equal to the
total gradients size", PyTorch docs, ``DistributedDataParallel``). [B/param]"""


def largest_layer_params(shape: ResolvedShape) -> float:
    """Parameters of the largest single module (what ZeRO-3 gathers at once).

    DeepSpeed's ``model_to_params`` (``deepspeed/runtime/zero/stage3.py``)
    takes the largest module's own parameters; in a decoder that is the token
    embedding ``V·h`` unless a projection is wider.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> largest_layer_params(shape_from_preset(load_catalog().model("llama2-70b")))
    262144000.0
    """
    h = shape.hidden
    qkv = h * (shape.heads + 2 * shape.kv_heads) * shape.head_dim
    ffn = h * max(shape.ffn_hidden, shape.moe_ffn_hidden)
    return float(max(shape.vocab * h, qkv, ffn))


def stage_params(shape: ResolvedShape, tp: int, pp: int, framework: Framework) -> float:
    """Parameters on the most-loaded GPU of one model replica. [1]

    Notes
    -----
    Megatron-LM and DeepSpeed's pipeline engine put the input embedding on the
    first stage and the output head on the last, so the most-loaded stage
    holds ``(N_layers/p + V·h)/t``; with ``p = 1`` all of ``N/t``
    (``theoretical_memory_usage.py``, "Most loaded model shard has 1/pp_size
    transformer layers, 1 mtp block, and 1 embedding layer", Megatron-LM commit
    d98e8a64): multi-token prediction modules stay whole on the last stage.
    FSDP and DDP plans split evenly, ``N/(t·p)``, as before.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> s = shape_from_preset(load_catalog().model("llama3-8b"))
    >>> even = stage_params(s, 1, 4, Framework.FSDP)
    >>> round(stage_params(s, 1, 4, Framework.MEGATRON) / even - 1, 3)
    0.131
    """
    n = shape.params_total
    if pp <= 1 or framework in (Framework.FSDP, Framework.DDP):
        return n / (tp * pp)
    embed = float(shape.vocab * shape.hidden)
    layers = max(n - embedding_params(shape) - shape.mtp_params, 0.0)
    return (layers / pp + shape.mtp_params + embed) / tp


def routed_expert_params(shape: ResolvedShape) -> float:
    """Parameters of the routed experts: what expert parallelism splits. [1]

    ``(L − L_dense) · E · m · h · f_moe`` with ``m = 3`` gated (SwiGLU), 2
    otherwise; shared experts, attention and the router stay replicated.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> s = shape_from_preset(load_catalog().model("mixtral-8x7b"))
    >>> round(routed_expert_params(s) / 1e9, 2)  # 32 · 8 · 3 · 4096 · 14336
    45.1
    """
    if not shape.is_moe:
        return 0.0
    mats = 3 if shape.gated_mlp else 2
    expert = mats * shape.hidden * (shape.moe_ffn_hidden or shape.ffn_hidden)
    return float(_moe_layers_with_mtp(shape) * shape.experts * expert)


def _moe_layers_with_mtp(shape: ResolvedShape) -> int:
    """MoE layers, with the multi-token prediction blocks when the last layer
    is an MoE layer (Megatron-LM: ``mtp_layer_is_moe = moe_layer_pattern[-1]``)."""
    moe_layers = max(shape.layers - shape.dense_layers, 0)
    return moe_layers + (shape.mtp_layers if moe_layers else 0)


def stage_expert_params(
    shape: ResolvedShape, tp: int, pp: int, framework: Framework
) -> float:
    """Routed-expert parameters on the most-loaded stage, before ``ep``. [1]

    ``E/(t·p)``; Megatron-LM and DeepSpeed's pipeline put the multi-token
    prediction blocks on the last stage, whose experts stay whole there:
    ``(E_main/p + E_mtp)/t`` ("1/pp_size transformer layers, 1 mtp block",
    ``theoretical_memory_usage.py`` at Megatron-LM commit d98e8a64).

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> v3 = load_catalog().model("deepseek-v3").model_copy(update={"mtp_layers": 1})
    >>> s = shape_from_preset(v3, mtp=True)
    >>> a = stage_expert_params(s, 1, 16, Framework.MEGATRON)
    >>> b = stage_expert_params(s, 1, 16, Framework.FSDP)
    >>> round((a - b) / 1e9, 2)  # 15/16 of the MTP block's 11.27B of experts
    10.57
    """
    experts = routed_expert_params(shape)
    moe_layers = _moe_layers_with_mtp(shape)
    if pp <= 1 or framework in (Framework.FSDP, Framework.DDP) or not moe_layers:
        return experts / (tp * pp)
    mtp = experts * shape.mtp_layers / moe_layers if shape.mtp_layers else 0.0
    return ((experts - mtp) / pp + mtp) / tp


PAGED_OPTIMIZERS: Final = frozenset({Optimizer.ADAMW, Optimizer.ADAMW_8BIT})
"""Optimizers bitsandbytes has a paged version of (``PagedAdamW``,
``PagedAdamW8bit``); the plan's SGD has none."""

PAGED_FRAMEWORKS: Final = frozenset({Framework.FSDP, Framework.DDP})
"""Full-training plans whose optimizer can be a bitsandbytes one (PyTorch and
Hugging Face training loops); Megatron-LM's distributed optimizer and
DeepSpeed's ZeRO optimizers bring their own."""

FP32_MASTER_BYTES: Final = 4.0
"""The fp32 master copy inside the plan's optimizer bytes per parameter
(:func:`optimizer_bytes_per_param`): held by the training loop, not by the
optimizer's paged state. [B/param]"""


def paged_optimizer_state(
    state: ModelState, optimizer: Optimizer, precision: Precision
) -> tuple[ModelState, float]:
    """The model state with a paged optimizer, and the bytes it may page out.

    bitsandbytes' paged optimizers allocate their states in CUDA unified
    memory, "automatically evicted to CPU RAM when the GPU runs out-of-memory
    and paged back into GPU memory when the memory is needed in the optimizer
    update step" (Dettmers et al. 2023, QLoRA, arXiv:2305.14314, section 3,
    Paged Optimizers). So the fit need not hold them: the moments (8 of
    AdamW's 12 bytes per parameter, 2 of 8-bit AdamW's 6) leave the per-GPU
    figure; the fp32 master copy stays. Other optimizers: unchanged, 0.

    Examples
    --------
    >>> s = ModelState(2.0, 2.0, 12.0, 16.0, 16.0, 1.0)
    >>> paged, out = paged_optimizer_state(s, Optimizer.ADAMW, Precision.BF16)
    >>> paged.optimizer_bytes, out
    (4.0, 8.0)
    """
    if optimizer not in PAGED_OPTIMIZERS:
        return state, 0.0
    o = optimizer_bytes_per_param(optimizer, precision)[2]
    out = state.optimizer_bytes * max(o - FP32_MASTER_BYTES, 0.0) / o
    kept = ModelState(
        weights_bytes=state.weights_bytes,
        gradients_bytes=state.gradients_bytes,
        optimizer_bytes=state.optimizer_bytes - out,
        bytes_per_param=state.bytes_per_param,
        unsharded_bytes=state.unsharded_bytes,
        trainable_params=state.trainable_params,
        buffer_bytes=state.buffer_bytes,
    )
    return kept, out


OFFLOAD_FRAMEWORKS: Final = frozenset({Framework.DEEPSPEED, Framework.FSDP})
"""Frameworks whose accounting moves the optimizer to CPU memory when the plan
offloads it (DeepSpeed's ZeRO-Offload; the FSDP plan keeps the ZeRO papers'
figures)."""


def _per_param_bytes(
    framework: Framework, z: int, d: float, w: float, o: float, fp8: float
) -> tuple[float, float, float, float]:
    """(weights, gradients, optimizer, buffers) bytes per stage parameter.

    ``d`` is the data-parallel degree that shards these parameters (the
    expert-data-parallel degree ``dp/ep`` for routed experts).
    """

    def shard(stage: int) -> float:
        return d if z >= stage else 1.0

    if framework is Framework.MEGATRON:
        # Megatron-LM's accounting keeps no FP8 weight copy (18 or 6 + 12/dp B)
        return w - fp8, MEGATRON_MAIN_GRAD_BYTES, o / shard(1), 0.0
    if framework is Framework.DEEPSPEED:
        # ZeRO-3 reduces the 16-bit gradients through the bucket straight into
        # the fp32 partition (18/N in total), ZeRO-1/2 keep both.
        grads16 = 0.0 if z >= 3 else 2.0 / shard(2)
        return (
            w / shard(3),
            grads16 + DEEPSPEED_FP32_GRAD_BYTES / shard(1),
            o / shard(1),
            0.0,
        )
    if framework is Framework.DDP:
        return (
            DDP_FP32_WEIGHT_BYTES + fp8,
            4.0,
            max(o - DDP_FP32_WEIGHT_BYTES, 0.0),
            DDP_BUCKET_BYTES_PER_PARAM,
        )
    return w / shard(3), 2.0 / shard(2), o / shard(1), 0.0


def framework_model_state(
    shape: ResolvedShape,
    optimizer: Optimizer,
    precision: Precision,
    framework: Framework,
    zero_stage: int,
    dp: int,
    tp: int,
    pp: int,
    ep: int = 1,
    *,
    offload_optimizer: bool = False,
    expert_tp: int | None = None,
) -> ModelState:
    """Model-state bytes per GPU for full training under one framework.

    Parameters
    ----------
    shape : ResolvedShape
        Model shape (``params_total``).
    optimizer, precision : Optimizer, Precision
        ``o`` = optimizer bytes per parameter incl. the fp32 master (12 for
        AdamW), ``w`` = weight bytes (2, +1 for FP8).
    framework : Framework
        Accounting to follow.
    zero_stage, dp, tp, pp : int
        Sharding. [1]
    ep : int
        Expert-parallel degree: the routed experts of an MoE model are split
        over ``ep`` ranks of the data-parallel group (1: every rank holds
        every expert). [1]
    offload_optimizer : bool
        ZeRO-Offload: the optimizer states, fp32 master weights and gradients
        live in CPU memory (DeepSpeed and FSDP/ZeRO accounting only;
        Megatron-LM and DDP plans keep them on the GPU).
    expert_tp : int or None
        Expert tensor-parallel ranks (Megatron-LM's
        ``--expert-tensor-parallel-size``): the routed experts are split over
        ``expert_tp·ep`` ranks instead of ``tp·ep``; None: ``tp``. [1]

    Returns
    -------
    ModelState
        Per-GPU bytes on the most-loaded stage (:func:`stage_params`).

    Notes
    -----
    With ``P`` the most-loaded stage's parameters and ``d_k = dp`` when the
    stage is ≥ k, else 1:

    - FSDP (default): ``P·(w/d₃ + 2/d₂ + o/d₁)`` — the ZeRO paper's figures.
    - Megatron-LM: ``P·(w + 4 + o/d₁)``: fp32 main gradients, the
      distributed optimizer shards only the optimizer (ZeRO-2/3 requests are
      counted as the distributed optimizer). 18 B/param; ``6 + 12/dp``.
    - DeepSpeed: ``P·(w + 2/d₂ + 4/d₁ + o/d₁)`` at ZeRO ≤ 2 (2 + 18/N at
      ZeRO-2), ``P·(w + 4 + o)/N`` plus 4 B × the largest layer at ZeRO-3
      (18/N), and one 16-bit bucket of 5e8 elements at ZeRO ≥ 1.
    - DDP: ``P·(4 + 4 + (o − 4))`` plus a bucket copy of the gradients
      ``4·P``; DDP shards nothing, so the ZeRO stage is ignored. 20 B/param.

    Optimizer offload (ZeRO-Offload, DeepSpeed and FSDP): the GPU keeps the
    16-bit weights (sharded at ZeRO-3) and the buffers; gradients, fp32 master
    weights and optimizer states are on the CPU. DeepSpeed's estimators with
    ``cpu_offload``: ``2Ψ`` at ZeRO-2 (``estimate_zero2_model_states_mem_needs``),
    ``4·largest_layer + 2Ψ/N`` at ZeRO-3 with the parameters on the GPU
    (``estimate_zero3_model_states_mem_needs``, ``cpu_offload_params=False``);
    Ren et al. 2021, ZeRO-Offload, arXiv:2101.06840, section 4. The slower
    CPU optimizer step is not charged to the time.

    Expert parallelism (MoE): the routed experts ``E``
    (:func:`routed_expert_params`) are taken out of ``P``; each rank holds
    ``E/(t·p·ep)`` of them, and what ZeRO or the distributed optimizer
    shards is sharded over the expert-data-parallel group ``dp/ep`` instead
    of ``dp``. Sharded parts therefore cost ``E/(t·p·dp)`` as before, the
    unsharded ones (16-bit weights below ZeRO-3, gradients below ZeRO-2)
    fall from ``E/(t·p)`` to ``E/(t·p·ep)``. This is Megatron-LM's
    ``compute_weight_and_optimizer_memory``: "expert_sharded_params ... /
    (expert_tensor_parallel_size * expert_model_parallel_size)" at
    ``num_bytes_per_parameter(expert_data_parallel_size)``
    (``megatron/training/theoretical_memory_usage.py``, commit
    d98e8a64ddf34856e74b24714e3bedb2f5a39553), with the expert
    tensor-parallel size equal to ``t`` unless ``expert_tp`` sets it: then each
    rank holds ``E/(p·etp·ep)`` and their sharded parts go over the
    expert-data-parallel group ``dp·t/(etp·ep)`` (Megatron-LM's
    ``expert_data_parallel_size = world_size // (etp · ep · pp)``, same file
    and commit); DeepSpeed-MoE shards experts the same way (Rajbhandari et
    al. 2022, arXiv:2201.05596, section 5).

    References
    ----------
    Megatron-LM ``megatron/training/theoretical_memory_usage.py`` (commit
    d98e8a64ddf34856e74b24714e3bedb2f5a39553); DeepSpeed
    ``deepspeed/runtime/zero/stage_1_and_2.py`` and ``stage3.py`` (commit
    38327e07f6cd39b63418f60cedd1651b0be3e7c3); Rajbhandari et al. 2020,
    arXiv:1910.02054; PyTorch ``DistributedDataParallel`` docs.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.shape import shape_from_preset
    >>> s = shape_from_preset(load_catalog().model("llama2-7b"))
    >>> m = framework_model_state(s, Optimizer.ADAMW, Precision.BF16,
    ...                           Framework.MEGATRON, 0, 8, 1, 1)
    >>> m.total_bytes / s.params_total
    18.0
    """
    if ep < 1:
        raise ValueError("need ep >= 1")
    w, _, o = optimizer_bytes_per_param(optimizer, precision)
    fp8 = w - optimizer_bytes_per_param(optimizer, Precision.BF16)[0]
    n = shape.params_total
    p = stage_params(shape, tp, pp, framework)
    etp = tp if expert_tp is None else expert_tp
    split = ep > 1 or etp != tp  # the routed experts shard their own way
    experts = stage_expert_params(shape, tp, pp, framework) if split else 0.0
    z, d = zero_stage, float(dp)
    parts = [(p - experts) * b for b in _per_param_bytes(framework, z, d, w, o, fp8)]
    if experts > 0:
        expert_d = d * tp / (etp * ep)  # the expert-data-parallel degree
        expert_bytes = _per_param_bytes(framework, z, expert_d, w, o, fp8)
        own = experts * tp / (etp * ep)  # E/(p·etp·ep) on this rank
        parts = [a + own * b for a, b in zip(parts, expert_bytes, strict=True)]
    weights, grads, opt, buffers = parts
    if offload_optimizer and framework in OFFLOAD_FRAMEWORKS:
        grads, opt = 0.0, 0.0  # in CPU memory
    if framework is Framework.DEEPSPEED:
        buffers += DEEPSPEED_BUCKET_BYTES if z >= 1 else 0.0
        if z >= 3:
            buffers += DEEPSPEED_GATHER_BYTES_PER_PARAM * largest_layer_params(shape)
    per_param = {
        Framework.MEGATRON: w - fp8 + MEGATRON_MAIN_GRAD_BYTES + o,
        Framework.DEEPSPEED: w + 2.0 + DEEPSPEED_FP32_GRAD_BYTES + o,
        Framework.DDP: sum(_per_param_bytes(Framework.DDP, z, d, w, o, fp8)),
    }.get(framework, w + 2.0 + o)
    return ModelState(
        weights_bytes=weights,
        gradients_bytes=grads,
        optimizer_bytes=opt,
        bytes_per_param=per_param,
        unsharded_bytes=n * per_param,
        trainable_params=n,
        buffer_bytes=buffers,
    )


def framework_activation_bytes(
    shape: ResolvedShape,
    framework: Framework,
    seq_len: int,
    micro_batch: int,
    tp: int,
    pp: int,
    sequence_parallel: bool,
    recompute: Recompute,
    flash_attention: bool,
    *,
    fp8_inputs: bool = False,
    virtual_stages: int = 1,
    context_parallel: int = 1,
    expert_tp: int | None = None,
) -> float:
    """Activation bytes per GPU with the framework's own additions. [B]

    Notes
    -----
    The base is :func:`activation_bytes_per_gpu` (Korthikanti et al. 2022,
    Table 2 — the figure all four frameworks agree with for a classic GPT
    block). Added per framework:

    - Megatron-LM and DeepSpeed, full recompute: the working layer. Full
      recompute keeps each layer's input, then re-runs one layer at a time in
      the backward pass, so one layer's full activations are live on top
      (Korthikanti et al. 2022, arXiv:2205.05198, section 4.1; Chen et al.
      2016, arXiv:1604.06174).
    - Megatron-LM: the embedding input (8 bytes per token) and its dropout
      mask for ``p`` micro-batches in flight, and, outside the
      sequence-parallel/selective case, its 5 % for temporaries
      (``compute_activation_memory``/``_without_sp``,
      ``theoretical_memory_usage.py``, commit d98e8a64); with the interleaved
      schedule the embedding terms grow by its factor as the layers' do.

    FSDP and DDP keep the base figure (the app's figure before frameworks).

    Context parallelism (``context_parallel`` = c ranks): "CP partitions the
    network inputs and all activations along the sequence dimension ... The
    activation memory footprint per GPU is also smaller by the CP degree";
    each rank keeps only its own chunk's K and V and gathers the others again
    in the backward pass (Megatron-LM
    ``docs/user-guide/features/context_parallel.md``, commit d98e8a64). So
    the whole figure is divided by ``c``: every term is linear in the tokens a
    rank holds, and the attention scores of a chunk, ``(s/c)·s``, are the
    full ``s²`` over ``c``. Megatron-LM's estimator
    (``theoretical_memory_usage.py``, same commit) does not model context
    parallelism; its ring exchange of K and V is not charged to the time.
    """
    per_rank = _framework_activation_bytes(
        shape,
        framework,
        seq_len,
        micro_batch,
        tp,
        pp,
        sequence_parallel,
        recompute,
        flash_attention,
        fp8_inputs=fp8_inputs,
        virtual_stages=virtual_stages,
        expert_tp=expert_tp,
    )
    return per_rank / max(1, context_parallel)


def _framework_activation_bytes(
    shape: ResolvedShape,
    framework: Framework,
    seq_len: int,
    micro_batch: int,
    tp: int,
    pp: int,
    sequence_parallel: bool,
    recompute: Recompute,
    flash_attention: bool,
    *,
    fp8_inputs: bool,
    virtual_stages: int,
    expert_tp: int | None,
) -> float:
    """:func:`framework_activation_bytes` without context parallelism. [B]"""
    base = activation_bytes_per_gpu(
        shape,
        seq_len,
        micro_batch,
        tp,
        pp,
        sequence_parallel,
        recompute,
        flash_attention,
        fp8_inputs=fp8_inputs,
        virtual_stages=virtual_stages,
        expert_tp=expert_tp,
    )
    if framework in (Framework.FSDP, Framework.DDP):
        return base
    if recompute is Recompute.FULL:
        moe = shape.is_moe and shape.layers > shape.dense_layers
        ffn = (shape.moe_ffn_hidden or shape.ffn_hidden) if moe else shape.ffn_hidden
        base += activation_bytes_per_layer(  # one layer's full activations
            seq_len,
            micro_batch,
            shape.hidden,
            shape.heads,
            tp=tp,
            sequence_parallel=sequence_parallel,
            recompute=Recompute.NONE,
            flash_attention=flash_attention,
            kv_ratio=shape.kv_heads / shape.heads,
            ffn_ratio=ffn / shape.hidden,
            gated=shape.gated_mlp,
            ffn_copies=float(max(shape.active_experts + shape.shared_experts, 1))
            if moe
            else 1.0,
            routed_copies=float(shape.active_experts) if moe else 0.0,
            fp8_inputs=fp8_inputs,
            expert_tp=expert_tp,
        )
    if framework is Framework.MEGATRON:
        sb = float(seq_len) * micro_batch
        embedding = (8.0 * sb * pp + sb * shape.hidden * pp) / tp
        base += embedding * interleaved_memory_factor(pp, virtual_stages)
        if not (sequence_parallel and recompute is Recompute.SELECTIVE):
            base *= MEGATRON_ACTIVATION_TEMPORARIES
    return base
