"""Results of the sizing engine: memory, compute, cluster, storage.

Produced by :func:`gpu_advisor.engine.sizing.size.size_workload`; read by the UI,
the CLI, the cost engine and the PDF plan. All byte figures are bytes
(not GiB); all counts are per GPU unless the name says otherwise.
"""

from __future__ import annotations

from pydantic import Field

from gpu_advisor.model.common import Advice, Explanation, Frozen
from gpu_advisor.model.serving_plan import ServingPlan


class ResolvedShape(Frozen):
    """The transformer shape the engine used (from a preset, custom or derived)."""

    model_id: str | None = Field(None, description="Preset id, None for custom shapes.")
    name: str = ""
    params_total: float = Field(..., ge=0, description="All parameters. [1]")
    params_active: float = Field(
        ..., ge=0, description="Parameters used per token. [1]"
    )
    layers: int = Field(..., ge=1)
    hidden: int = Field(..., ge=1)
    heads: int = Field(..., ge=1)
    kv_heads: int = Field(..., ge=1)
    head_dim: int = Field(..., ge=1)
    ffn_hidden: int = Field(..., ge=1)
    vocab: int = Field(..., ge=1)
    experts: int = 0
    active_experts: int = 0
    shared_experts: int = 0
    moe_ffn_hidden: int = 0
    dense_layers: int = 0
    tied_embeddings: bool = False
    gated_mlp: bool = Field(
        True,
        description="Gated MLP (three matrices) or GeLU MLP (two), as stated or read.",
    )
    is_moe: bool = False
    derived: bool = Field(
        False, description="True when layers/hidden/... were guessed from params only."
    )
    kv_cache_values_per_token_per_layer: int = Field(
        0,
        ge=0,
        description="K and V values cached per token per layer (2·kv·d, MLA less).",
    )
    attention_width: int = Field(
        0,
        ge=0,
        description="Per-token width of QKᵀ and softmax·V for the FLOPs, "
        "a·(d_qk + d_v)/2 (MLA); 0: heads · head_dim.",
    )
    sliding_window: int = Field(
        0, ge=0, description="Keys a query attends to at most; 0: full. [tokens]"
    )
    sliding_window_layers: int = Field(
        0, ge=0, description="Layers that attend within the window. [1]"
    )
    mtp_layers: int = Field(
        0,
        ge=0,
        description="Multi-token prediction modules trained with this plan; "
        "their parameters are in params_total and params_active. [1]",
    )
    mtp_params: float = Field(
        0.0, ge=0, description="Parameters of those modules (all depths). [1]"
    )


class MemoryBreakdown(Frozen):
    """Memory held by one GPU, split by what uses it. [bytes]"""

    weights_bytes: float = Field(..., ge=0)
    gradients_bytes: float = Field(..., ge=0)
    optimizer_bytes: float = Field(
        ..., ge=0, description="Optimizer states incl. the fp32 master copy."
    )
    activations_bytes: float = Field(..., ge=0)
    kv_cache_bytes: float = Field(0.0, ge=0)
    overhead_bytes: float = Field(
        ..., ge=0, description="CUDA context, NCCL buffers, allocator fragmentation."
    )
    total_bytes: float = Field(..., ge=0)


class MemoryResult(Frozen):
    """Per-GPU memory and whether it fits the card."""

    per_gpu: MemoryBreakdown
    capacity_bytes: float = Field(..., ge=0, description="Card memory. [bytes]")
    usable_bytes: float = Field(
        0.0, ge=0, description="Capacity times the planning headroom. [bytes]"
    )
    fits: bool
    rule_of_thumb_bytes: float = Field(
        ...,
        ge=0,
        description="The idctop.com articles' rule: weights x2 bytes, grads+optimizer 2-3x weights "
        "(upper end), unsharded. [bytes]",
    )
    unsharded_model_state_bytes: float = Field(
        ..., ge=0, description="Weights + grads + optimizer on one GPU. [bytes]"
    )
    bytes_per_param_model_state: float = Field(
        0.0, ge=0, description="Model-state bytes per parameter before sharding."
    )


class ComputeResult(Frozen):
    """Training (or serving) compute."""

    train_flops: float = Field(..., ge=0, description="[FLOP]")
    gpu_hours: float = Field(..., ge=0, description="[GPU-hours]")
    gpu_hours_with_redundancy: float = Field(..., ge=0, description="[GPU-hours]")
    redundancy_factor: float = 1.5
    mfu: float = Field(..., gt=0, le=1)
    mfu_source: str = Field(..., description="'project', 'catalog' or 'measured'.")
    peak_tflops: float = Field(
        0.0, ge=0, description="Peak used for GPU-hours. [TFLOP/s]"
    )
    params_total: float = Field(..., ge=0)
    params_active: float = Field(..., ge=0)
    tokens: float = Field(..., ge=0)
    chinchilla_tokens: float = Field(..., ge=0, description="~20 tokens per parameter.")
    flops_per_token: float = Field(0.0, ge=0, description="[FLOP/token]")
    decode_tokens_per_s_per_gpu: float | None = Field(None, ge=0)
    gpu_hours_p10: float | None = Field(
        None,
        ge=0,
        description="10th percentile of the GPU-hours from the MFU model's "
        "spread over published runs (equals gpu_hours when the MFU is set or "
        "measured). [GPU-hours]",
    )
    gpu_hours_p90: float | None = Field(
        None, ge=0, description="90th percentile, as gpu_hours_p10. [GPU-hours]"
    )
    gpu_hours_with_redundancy_p10: float | None = Field(
        None,
        ge=0,
        description="gpu_hours_p10 times the redundancy factor. [GPU-hours]",
    )
    gpu_hours_with_redundancy_p90: float | None = Field(
        None,
        ge=0,
        description="gpu_hours_p90 times the redundancy factor. [GPU-hours]",
    )
    recompute_mfu_factor: float = Field(
        1.0,
        gt=0,
        le=1,
        description="Share of the calibrated MFU left under the recompute "
        "setting (model/hardware FLOPs; 0.75 for full recompute). [1]",
    )


class DaysPoint(Frozen):
    """One point of the days-versus-cards curve."""

    gpus: int = Field(..., ge=1)
    days: float = Field(..., ge=0)
    scaling_efficiency: float = Field(..., ge=0, le=1)


class ClusterResult(Frozen):
    """How many cards, how long, on which network."""

    min_gpus: int | None = Field(..., description="None: fits on no card count.")
    gpus: int = Field(..., ge=1, description="Card count used for `days`.")
    dp: int = Field(..., ge=1)
    tp: int = Field(..., ge=1)
    pp: int = Field(..., ge=1)
    expert_parallel: int = Field(
        1,
        ge=1,
        description="Expert-parallel degree the memory and the network use "
        "(MoE training; 1 otherwise): the workload's, or gcd(experts, dp).",
    )
    context_parallel: int = Field(
        1, ge=1, description="Cards each sequence is split over (1: none)."
    )
    expert_tensor_parallel: int = Field(
        1,
        ge=1,
        description="Tensor-parallel size of the routed experts (MoE training; "
        "the workload's, else tp; 1 otherwise).",
    )
    gpus_for_deadline: int | None = None
    days: float = Field(..., ge=0)
    scaling_efficiency: float = Field(..., ge=0, le=1)
    network_id: str = Field(..., description="Inter-node class needed (or used).")
    network_needed_id: str | None = Field(
        None, description="Slowest inter-node class keeping efficiency >= 0.9."
    )
    nodes: int = Field(..., ge=1)
    days_curve: list[DaysPoint] = Field(default_factory=list)


class StorageResult(Frozen):
    """Checkpoints and the network share of the hardware budget."""

    checkpoint_bytes: float = Field(..., ge=0)
    checkpoint_write_gb_per_s: float = Field(..., ge=0, description="[GB/s]")
    checkpoint_write_target_s: float = Field(300.0, gt=0, description="[s]")
    network_budget_fraction: float = Field(0.15, ge=0)


class CandidateSizing(Frozen):
    """The same workload on one candidate GPU."""

    gpu_id: str
    memory: MemoryResult
    min_gpus: int | None
    gpu_hours: float = Field(..., ge=0)
    days: float = Field(..., ge=0)
    gpus: int = Field(1, ge=1)
    gpu_hours_p10: float | None = Field(
        None, ge=0, description="As ComputeResult.gpu_hours_p10. [GPU-hours]"
    )
    gpu_hours_p90: float | None = Field(
        None, ge=0, description="As ComputeResult.gpu_hours_p90. [GPU-hours]"
    )


class SizingResult(Frozen):
    """Everything the sizing engine computes for one workload."""

    gpu_id: str = ""
    memory: MemoryResult
    compute: ComputeResult
    cluster: ClusterResult
    storage: StorageResult
    candidates: list[CandidateSizing] = Field(default_factory=list)
    warnings: list[Advice] = Field(default_factory=list)
    explanations: list[Explanation] = Field(default_factory=list)
    shape_derived: bool = False
    shape: ResolvedShape
    serving: ServingPlan | None = Field(
        None,
        description="The serving configuration and the cards the traffic needs, "
        "month by month from the first month of serving (``Workload.serving``).",
    )
