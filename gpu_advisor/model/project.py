"""The project file's schema: what a user enters, section by section.

A ``.gpuplan`` file is ``Project.model_dump_json()``. Every figure the user may
leave to the catalog is ``None`` here; the engine resolves it and says where
the number came from. Bounds on every number keep hostile files (1e300, NaN,
negative counts) out before any arithmetic happens.
"""

from __future__ import annotations

import datetime as dt
import re
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Final, Literal

from pydantic import (
    AwareDatetime,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)

from gpu_advisor.model.common import Frozen, Language
from gpu_advisor.model.limits import (
    MAX_MEASUREMENTS_PER_VENDOR,
    MAX_MEASUREMENTS_TOTAL,
    MAX_NODES,
    MAX_VENDORS,
    MIN_BILLING_GRANULARITY_HOURS,
    MIN_HARDWARE_LIFE_YEARS,
    MIN_MFU,
)
from gpu_advisor.model.serving import Serving

if TYPE_CHECKING:
    from gpu_advisor.model.catalog import Catalog

SCHEMA_VERSION: Final = 4
"""Version written by this release; older files are migrated on load.

Version 2 added :attr:`Project.scenarios` (none in a migrated version-1 file).
Version 3 added :attr:`Project.signing_records` (none in a migrated
version-2 file). Version 4 made a QLoRA base 4.127 bit/param by default
(:data:`QLORA_NF4_BITS`; a version-3 file that leaves the field out keeps
4.5)."""

DEFAULT_PLAN_DATE: Final = dt.date(2026, 1, 1)
"""The plan date of a file that has none, and of ``ProjectMeta()``: fixed, so
that loading a file (and signing, verifying, fingerprinting it) never depends
on the day it is done. A new plan gets today's date where it is made
(File ▸ New in the app)."""

_TEXT: Final = 2000
_LONG_TEXT: Final = 20000


class PlanStatus(StrEnum):
    DRAFT = "draft"
    APPROVED = "approved"


class Currency(StrEnum):
    CNY = "CNY"
    USD = "USD"
    EUR = "EUR"
    HKD = "HKD"


class TaskKind(StrEnum):
    PRETRAIN = "pretrain"
    FULL_FINETUNE = "full-finetune"
    LORA = "lora"
    QLORA = "qlora"
    INFERENCE = "inference"


class Precision(StrEnum):
    BF16 = "bf16"
    FP16 = "fp16"
    FP8 = "fp8"


class Optimizer(StrEnum):
    ADAMW = "adamw"
    ADAMW_8BIT = "adamw-8bit"
    SGD = "sgd"


class LoraTarget(StrEnum):
    """A linear layer of a transformer block that LoRA adapts (PEFT's
    ``target_modules`` of a Llama block: q_proj … down_proj)."""

    Q = "q"
    K = "k"
    V = "v"
    O = "o"  # noqa: E741 - the attention output projection's usual name
    GATE = "gate"
    UP = "up"
    DOWN = "down"


class Recompute(StrEnum):
    NONE = "none"
    SELECTIVE = "selective"
    LEAN = "lean"
    """Selective, plus the norms and the MoE experts' activation recomputed
    (DeepSeek-V3's recipe; Megatron-LM ``--recompute-modules core_attn
    layernorm moe_act``)."""
    FULL = "full"


class Framework(StrEnum):
    """Training framework whose memory accounting the sizing follows."""

    FSDP = "fsdp"
    """PyTorch FSDP; the ZeRO paper's 2 + 2 + 12 bytes per parameter (the default)."""
    MEGATRON = "megatron"
    """Megatron-LM: fp32 main gradients, distributed optimizer for ZeRO ≥ 1."""
    DEEPSPEED = "deepspeed"
    """DeepSpeed ZeRO: fp32 gradient partition, ZeRO-3 gather buffers."""
    DDP = "ddp"
    """Plain PyTorch DDP with AMP: fp32 weights, gradient buckets, no sharding."""


class OptionId(StrEnum):
    """Ways of getting the capacity (the CLI and the JSON use these ids)."""

    ON_DEMAND = "on_demand"
    MONTHLY = "monthly"
    YEARLY = "yearly"
    SPOT = "spot"
    MIX = "mix"
    COLOCATION = "colocation"
    SELF_BUILD = "self_build"
    HYBRID = "hybrid"
    """Own a baseline of cards (colocated or self-built), rent the rest."""
    HOSTED_API = "hosted_api"
    """Pay a hosted model API per token instead of serving on one's own cards:
    offered only to a plan that serves traffic (``workload.serving``)."""


def on_card_options() -> list[OptionId]:
    """Every way of getting cards: all options but the hosted model API.

    >>> OptionId.HOSTED_API in on_card_options(), len(on_card_options())
    (False, 8)
    """
    return [o for o in OptionId if o != OptionId.HOSTED_API]


class DataResidency(StrEnum):
    """Where the training data may be (the budget step's "Data residency").

    ``OWN_HARDWARE``: the data may only sit on hardware the company owns
    (colocated or in its own room), which also keeps it in the country. It
    is a reason to own that is not about cost: every rental is infeasible
    for it, and the plan states what owning costs over the cheapest rental.
    """

    NONE = "none"
    CITY = "city"
    COUNTRY = "country"
    OWN_HARDWARE = "own_hardware"


class PhaseKind(StrEnum):
    PRETRAIN = "pretrain"
    FINETUNE = "finetune"
    INFERENCE = "inference"
    EXPERIMENTS = "experiments"
    IDLE = "idle"


class VendorKind(StrEnum):
    CLOUD = "cloud"
    RENTAL = "rental"
    IDC = "idc"


class PowerRedundancy(StrEnum):
    UNKNOWN = "unknown"
    SINGLE_UPS = "single_ups"
    DUAL_FEED = "dual_feed"
    DUAL_FEED_GENERATOR = "dual_feed_generator"


class Scheduler(StrEnum):
    KUBERNETES = "kubernetes"
    SLURM = "slurm"
    BARE = "bare"


class CheckStatus(StrEnum):
    OPEN = "open"
    PASS = "pass"
    FAIL = "fail"
    NOT_APPLICABLE = "n/a"


class Decision(StrEnum):
    PENDING = "pending"
    APPROVE = "approve"
    APPROVE_WITH_CONDITIONS = "approve_with_conditions"
    REJECT = "reject"


# --- 0. Project ----------------------------------------------------------------


class ProjectMeta(Frozen):
    title: str = Field("Untitled plan", min_length=1, max_length=200)
    organisation: str = Field("", max_length=200)
    author: str = Field("", max_length=200)
    plan_date: dt.date = Field(
        DEFAULT_PLAN_DATE,
        description="Date printed on the plan and used as PDF date; next steps "
        "fall due and imported prices are chosen counting from it. A new plan "
        "made in the app carries the day it was made; a file without the field "
        "reads as DEFAULT_PLAN_DATE (loading never reads the clock).",
    )
    plan_version: str = Field("1.0", max_length=40)
    status: PlanStatus = PlanStatus.DRAFT
    language: Language = Field(
        Language.ZH,
        description="Language of the plan's PDF, rollout files and CLI output: the "
        "code of a catalog in resources/words (en, zh, …).",
    )
    region_id: str = Field("shanghai", max_length=64)
    currency: Currency = Currency.CNY
    exchange_rate_cny_per_unit: float | None = Field(
        None,
        ge=1e-4,
        le=1000,
        description="CNY per unit of the display currency (1e-4 is below the "
        "weakest traded currency, about 0.0003 CNY per VND).",
    )
    exchange_rate_as_of: dt.date | None = None
    prices_include_vat: bool = True
    vat_recoverable: bool | None = Field(
        None,
        description="Whether the company recovers input VAT (a general "
        "taxpayer, 一般纳税人): totals and NPVs are then compared net of the "
        "VAT it recovers. None: yes, the default (left out of a signed plan's "
        "fingerprint while unset); False: a small-scale taxpayer (小规模纳税人) "
        "or a buyer that cannot recover it compares gross amounts.",
    )
    horizon_months: int = Field(12, ge=1, le=120)
    notes: str = Field("", max_length=_LONG_TEXT)


# --- 1. Workload ----------------------------------------------------------------


class ModelShape(Frozen):
    """A custom transformer shape (when no preset fits)."""

    params_billion: float | None = Field(None, gt=0, le=100000)
    active_params_billion: float | None = Field(None, gt=0, le=100000)
    layers: int = Field(32, ge=1, le=1000)
    hidden: int = Field(4096, ge=64, le=131072)
    heads: int = Field(32, ge=1, le=1024)
    kv_heads: int = Field(32, ge=1, le=1024)
    ffn_hidden: int = Field(11008, ge=1, le=1048576)
    vocab: int = Field(32000, ge=1, le=4000000)
    experts: int = Field(0, ge=0, le=4096)
    active_experts: int = Field(0, ge=0, le=4096)
    shared_experts: int = Field(0, ge=0, le=64)
    moe_ffn_hidden: int = Field(0, ge=0, le=1048576)
    dense_layers: int = Field(0, ge=0, le=1000)
    head_dim: int | None = Field(None, ge=1, le=4096)
    tied_embeddings: bool = False
    gated_mlp: bool | None = Field(
        None,
        description="The MLP is gated (SwiGLU/GeGLU: three matrices, as Llama, Qwen, "
        "Mistral, DeepSeek, Gemma) or not (GeLU: two, as GPT-2, BLOOM, Falcon); "
        "empty: read from the width (4 × hidden: not gated), as plans before it did.",
    )
    kv_cache_values_per_token: int | None = Field(
        None,
        ge=1,
        le=1_000_000,
        description="KV-cache values per token and layer when the attention "
        "compresses its cache (multi-head latent attention: kv_lora_rank + "
        "qk_rope_head_dim); empty: 2 · kv_heads · head_dim.",
    )
    q_lora_rank: int = Field(
        0, ge=0, le=65536, description="MLA query compression rank; 0: none."
    )
    kv_lora_rank: int = Field(
        0, ge=0, le=65536, description="MLA key/value compression rank; 0: not MLA."
    )
    qk_rope_head_dim: int = Field(
        0, ge=0, le=4096, description="MLA decoupled RoPE dimension per head."
    )
    v_head_dim: int = Field(
        0, ge=0, le=4096, description="MLA value dimension per head; 0: head_dim."
    )
    sliding_window: int | None = Field(
        None,
        ge=1,
        le=10_000_000,
        description="Sliding-window attention: a query attends to at most this "
        "many keys (Mistral 7B v0.1 and Gemma 2: 4096, Gemma 3: 1024; config.json "
        "sliding_window); empty: full attention, as plans before it. [tokens]",
    )
    sliding_window_layers: int | None = Field(
        None,
        ge=0,
        le=1000,
        description="Layers that attend within the window (Gemma 2: every other "
        "layer, 21 of 42; Gemma 3: five in six, 52 of 62); empty: all layers. "
        "No effect without a window. [1]",
    )
    mtp_layers: int | None = Field(
        None,
        ge=0,
        le=16,
        description="Multi-token prediction depth: modules of one transformer "
        "block and a 2h×h projection each, sharing the embedding and the output "
        "head, trained to predict the tokens after the next (DeepSeek-V3: 1; "
        "config.json num_nextn_predict_layers, Megatron-LM --mtp-num-layers); "
        "counted for pretraining and full fine-tuning. Empty or 0: none, as "
        "plans before it. [1]",
    )

    @model_validator(mode="after")
    def _consistent(self) -> ModelShape:
        if self.heads % self.kv_heads:
            raise ValueError("heads must be a multiple of kv_heads")
        if self.active_experts > self.experts:
            raise ValueError("active_experts must not exceed experts")
        if (self.sliding_window_layers or 0) > self.layers:
            raise ValueError("sliding_window_layers must not exceed layers")
        return self


QLORA_NF4_BITS: Final = 4.127
"""Bits a QLoRA base stores per parameter: 4-bit NormalFloat plus the
double-quantised block constants, 8/64 + 32/(64·256) = 0.127 bit (Dettmers et
al. 2023, "QLoRA", arXiv:2305.14314, section 3, Double Quantization). A plan
of schema version 3 that leaves the field out keeps the 4.5 it meant (the
loader's migration). [bit/param]"""


class Workload(Frozen):
    task: TaskKind = TaskKind.FULL_FINETUNE
    model_preset: str | None = Field("llama2-13b", max_length=64)
    shape: ModelShape | None = Field(
        None, description="Custom shape; used when model_preset is None."
    )
    tokens_billion: float = Field(
        1.0, ge=0, le=1e6, description="Training tokens (all epochs). [1e9]"
    )
    seq_len: int = Field(4096, ge=1, le=10_000_000)
    micro_batch: int = Field(1, ge=1, le=65536)
    global_batch: int | None = Field(None, ge=1, le=10_000_000)
    precision: Precision = Precision.BF16
    optimizer: Optimizer = Optimizer.ADAMW
    zero_stage: int = Field(
        3,
        ge=0,
        le=3,
        description="ZeRO stage; 3 = FSDP full sharding (the common choice for fine-tuning).",
    )
    tp: int = Field(1, ge=1, le=1024)
    pp: int = Field(1, ge=1, le=1024)
    virtual_pipeline: int | None = Field(
        None,
        ge=2,
        le=128,
        description="Model chunks per pipeline stage of Megatron-LM's interleaved "
        "schedule (--num-virtual-stages-per-pipeline-rank): the bubble shrinks "
        "v-fold, activations of the first stage grow by 1 + (p − 1)/(p·v), "
        "point-to-point traffic grows v-fold; empty: plain 1F1B, as plans "
        "before it. No effect without a pipeline (pp = 1). [1]",
    )
    dp: int | None = Field(None, ge=1, le=1_000_000)
    context_parallel: int | None = Field(
        None,
        ge=1,
        le=1024,
        description="Context-parallel ranks (Megatron-LM --context-parallel-size): "
        "each sequence is split over c ranks, so the activations per card are "
        "1/c, a replica spans tp·pp·c cards and the distributed optimizer or "
        "ZeRO shards over dp·c ranks; the sequence length must be a multiple "
        "of 2·c. Empty or 1: none, as plans before it. Training only. [1]",
    )
    expert_tensor_parallel: int | None = Field(
        None,
        ge=1,
        le=1024,
        description="Tensor-parallel ranks of an MoE model's routed experts "
        "(Megatron-LM --expert-tensor-parallel-size): each rank holds "
        "E/(pp·etp·ep) of them and their activations split etp ways; empty: "
        "the same as tp, as Megatron-LM and plans before it. [1]",
    )
    paged_optimizer: bool | None = Field(
        None,
        description="A bitsandbytes paged optimizer (paged AdamW or paged 8-bit "
        "AdamW): its states may be evicted to CPU memory when the GPU runs "
        "short, so the fit does not count them (QLoRA, arXiv:2305.14314, "
        "section 3); the step slows when it pages. LoRA/QLoRA, or full "
        "training under FSDP or DDP; empty or false: resident, as plans "
        "before it.",
    )
    offload_optimizer: bool | None = Field(
        None,
        description="ZeRO-Offload: gradients, fp32 master weights and optimizer "
        "states in CPU memory, the 16-bit weights on the GPU (DeepSpeed and FSDP "
        "plans; Megatron-LM and DDP plans keep them on the GPU); empty or false: "
        "on the GPU, as plans before it.",
    )
    sequence_parallel: bool = False
    recompute: Recompute = Recompute.SELECTIVE
    flash_attention: bool = True
    lora_rank: int = Field(16, ge=1, le=4096)
    lora_targets: list[LoraTarget] | None = Field(
        None,
        min_length=1,
        max_length=7,
        description="Linear layers LoRA/QLoRA adapts (q, k, v, o, gate, up, down; "
        "a plain GeLU MLP has no gate); empty: all seven, as plans before it.",
    )
    qlora_base_bits: float = Field(
        QLORA_NF4_BITS,
        ge=2,
        le=16,
        description="Storage of the frozen QLoRA base (embeddings and output head "
        "stay BF16). [bit/param]",
    )
    inference_context_len: int = Field(4096, ge=1, le=10_000_000)
    inference_concurrency: int = Field(16, ge=1, le=1_000_000)
    gpu_id: str = Field("A100-80GB-SXM", max_length=64)
    gpu_candidates: list[str] = Field(
        default_factory=lambda: ["A100-80GB-SXM", "H100-80GB-SXM", "L40S"],
        max_length=32,
    )
    gpus: int | None = Field(None, ge=1, le=1_000_000, description="Total cards.")
    deadline_days: float | None = Field(None, gt=0, le=3650)
    mfu: float | None = Field(None, ge=MIN_MFU, le=1)
    network_id: str | None = Field(None, max_length=64)
    checkpoint_interval_hours: float = Field(1.0, gt=0, le=1000)
    framework_overhead_gib: float | None = Field(None, ge=0, le=1000)
    framework: Framework = Field(
        Framework.FSDP,
        description="Framework whose memory accounting applies (fsdp keeps the "
        "ZeRO paper's figures).",
    )
    expert_parallel: int | None = Field(
        None,
        ge=1,
        le=4096,
        description="Expert-parallel degree of an MoE model: ranks of the "
        "data-parallel group its routed experts are split over. Unset: the "
        "experts spread over the data-parallel ranks as far as both divide, "
        "gcd(experts, dp), for the memory and the network alike. [1]",
    )
    serving: Serving | None = Field(
        None,
        description="Serving the model to users: alone (task inference) or in a "
        "serving phase after training; empty: the plan does not serve.",
    )


# --- demand profile ----------------------------------------------------------------


class DemandMonth(Frozen):
    gpu_hours: float = Field(..., ge=0, le=1e10)
    phase: PhaseKind = PhaseKind.EXPERIMENTS
    spot_allowed: bool | None = Field(
        None,
        description="Whether this month's work may run on reclaimable spot "
        "instances (with checkpointing); empty: by the phase (serving never, "
        "other phases yes). Serving months never run on spot, whatever this says.",
    )


class DemandProfile(Frozen):
    """GPU-hours needed per month over the horizon (month 1 first)."""

    months: list[DemandMonth] = Field(default_factory=list, max_length=120)
    derive_from_workload: bool = Field(
        True, description="Fill an empty profile from the sized workload."
    )


# --- 2. Budget ----------------------------------------------------------------------


class Budget(Frozen):
    """Cost inputs. ``None`` means: take the catalog's typical value."""

    options: list[OptionId] = Field(
        default_factory=lambda: on_card_options(),
        min_length=1,
        description="The ways of getting capacity compared. By default every way "
        "on cards: the hosted model API joins when the plan starts to serve (the "
        "workload step adds it), so a file saved before it existed means what it "
        "meant and keeps its fingerprint.",
    )
    # renting
    on_demand_cny_per_gpu_hour: float | None = Field(None, ge=0, le=1e5)
    billing_granularity_hours: float = Field(
        1.0, ge=MIN_BILLING_GRANULARITY_HOURS, le=744
    )
    monthly_cny_per_gpu_month: float | None = Field(None, ge=0, le=1e7)
    yearly_price_factor: float | None = Field(None, gt=0, le=1.5)
    spot_price_factor: float | None = Field(None, gt=0, le=1.5)
    spot_interruptions_per_100_hours: float | None = Field(
        None,
        ge=0,
        le=100,
        description="Reclaims of one spot instance (a server, or the job's cards "
        "when fewer) per 100 hours it runs; a job on N instances stops N times as "
        "often.",
    )
    restart_hours: float | None = Field(None, ge=0, le=100)
    spot_capacity_share: float | None = Field(
        None,
        ge=0,
        le=1,
        description="Chance that the synchronous job's connected servers are free on "
        "spot again when it restarts after a reclaim (the clouds guarantee no "
        "multi-server spot capacity).",
    )
    spot_wait_hours: float | None = Field(
        None,
        ge=0,
        le=720,
        description="Hours the job waits for replacement spot capacity when it is "
        "not free at once; its cards are billed meanwhile.",
    )
    checkpointing: bool = True
    yearly_billing_months: Literal[1, 3, 6, 12] | None = Field(
        None,
        description="How often a yearly commitment (包年) is billed, each bill "
        "paid in advance for its months: 12 = the whole year up front (Chinese "
        "clouds' default; None means this), 6 = half-yearly, 3 = quarterly, "
        "1 = monthly (by contract).",
    )

    @field_validator("yearly_billing_months")
    @classmethod
    def _year_up_front_is_the_default(cls, months: int | None) -> int | None:
        """12 (the whole year up front) is the default, stored as unset.

        >>> Budget(yearly_billing_months=12).yearly_billing_months is None
        True
        """
        return None if months == 12 else months

    # owning
    owned_gpus: int | None = Field(None, ge=1, le=1_000_000)
    gpu_price_cny: float | None = Field(None, ge=0, le=1e8)
    server_cny_per_server: float | None = Field(None, ge=0, le=1e9)
    network_fraction_of_hardware: float | None = Field(None, ge=0, le=2)
    storage_tb: float = Field(100.0, ge=0, le=1e6)
    storage_cny_per_tb: float | None = Field(None, ge=0, le=1e6)
    hardware_life_years: float | None = Field(None, ge=MIN_HARDWARE_LIFE_YEARS, le=15)
    residual_fraction: float | None = Field(None, ge=0, le=1)
    server_overhead_w_per_gpu: float | None = Field(None, ge=0, le=5000)
    gpu_load_factor: float | None = Field(None, ge=0, le=1)
    electricity_cny_per_kwh: float | None = Field(None, ge=0, le=100)
    pue: float | None = Field(None, ge=1, le=5)
    rack_cny_per_month: float | None = Field(None, ge=0, le=1e7)
    ops_fte: float | None = Field(None, ge=0, le=1000)
    ops_salary_cny_per_year: float | None = Field(None, ge=0, le=1e8)
    maintenance_fraction_per_year: float | None = Field(None, ge=0, le=1)
    deposit_months: float | None = Field(None, ge=0, le=60)
    financing_rate_per_year: float | None = Field(None, ge=0, le=1)
    discount_rate_per_year: float | None = Field(None, ge=0, le=1)
    retrofit_cny: float | None = Field(None, ge=0, le=1e10)
    idc_bandwidth_cny_per_month: float | None = Field(None, ge=0, le=1e8)
    # add-ons that the seeds warn can exceed the compute bill
    shared_storage_tb: float = Field(20.0, ge=0, le=1e6)
    shared_storage_cny_per_tb_month: float | None = Field(None, ge=0, le=1e6)
    egress_tb_per_month: float = Field(1.0, ge=0, le=1e6)
    egress_cny_per_tb: float | None = Field(None, ge=0, le=1e6)
    public_bandwidth_mbps: float = Field(100.0, ge=0, le=1e6)
    public_bandwidth_cny_per_mbps_month: float | None = Field(None, ge=0, le=1e5)
    # situation: the seeds' decision rules
    data_residency: DataResidency = DataResidency.NONE
    has_machine_room: bool = False
    has_ops_staff: bool = False
    has_spare_cash: bool = False
    # what the plan may cost at most
    cap_cny: float | None = Field(
        None,
        ge=0,
        le=1e12,
        description="The most the plan may cost over its horizon (None: no cap); "
        "the recommended option's total is held against it. [CNY]",
    )


# --- 3. Vendors ---------------------------------------------------------------------


MAX_MEASUREMENT_LABELS: Final = 16
"""Most identifier labels one measurement carries."""

_LabelKey = Annotated[str, StringConstraints(min_length=1, max_length=64)]
_LabelValue = Annotated[str, StringConstraints(max_length=200)]


def _no_labels(labels: dict[str, str] | None) -> bool:
    return not labels


def _no_status(status: str | None) -> bool:
    return status is None


def _not_chosen(chosen: bool) -> bool:
    return not chosen


MeasurementStatus = Literal["pass", "warn", "fail", "skip", "incomplete"]
"""What a tool itself said of a check (``dcgmi diag`` Pass/Warn/Fail/Skip,
nccl-tests ``OK``/``FAILED``); ``skip`` is "not tested", never a pass;
``incomplete`` marks a run that left out tests it lists."""


class Measurement(Frozen):
    """One measured figure from a vendor test (nccl-tests, iperf3, fio, ...)."""

    tool: str = Field(..., max_length=64)
    metric: str = Field(..., max_length=128)
    value: float = Field(..., ge=0, le=1e15)
    unit: str = Field(..., max_length=32)
    file: str = Field("", max_length=1000)
    node: str | None = Field(None, max_length=200)
    gpu: int | None = Field(None, ge=0, le=1024)
    size_bytes: int | None = Field(None, ge=0, le=2**50)
    sample: int | None = Field(
        None,
        ge=0,
        le=10**12,
        description="Row, step or sample index within the file (training step, "
        "repeated nvidia-smi sample); groups figures read from one row.",
    )
    labels: dict[_LabelKey, _LabelValue] | None = Field(
        None,
        max_length=MAX_MEASUREMENT_LABELS,
        exclude_if=_no_labels,
        description="Identifiers of what was measured, as the file prints them "
        "(GPU uuid, pci.bus_id, serial, name, hostname): labels, never values. "
        "Left out of the file when empty, so measurements without labels are "
        "saved, fingerprinted and signed exactly as before.",
    )
    status: MeasurementStatus | None = Field(
        None,
        exclude_if=_no_status,
        description="The tool's own verdict on this figure, as printed (dcgmi diag "
        "Pass/Warn/Fail/Skip, nccl-tests OK/FAILED): 'skip' is not tested, never "
        "a pass. Left out of the file when None, so older measurements are "
        "saved, fingerprinted and signed exactly as before.",
    )

    @field_validator("labels", mode="before")
    @classmethod
    def _empty_labels_are_none(cls, value: object) -> object:
        # An empty mapping is left out of the file and reads back as None:
        # one value for "no labels" so what saves, loads equal.
        return None if isinstance(value, dict) and not value else value


class Vendor(Frozen):
    name: str = Field(..., min_length=1, max_length=200)
    kind: VendorKind = VendorKind.RENTAL
    gpu_id: str = Field("A100-80GB-SXM", max_length=64)
    on_demand_cny_per_gpu_hour: float | None = Field(None, ge=0, le=1e5)
    monthly_cny_per_gpu_month: float | None = Field(None, ge=0, le=1e7)
    yearly_price_factor: float | None = Field(None, gt=0, le=1.5)
    quote_includes_vat: bool = True
    sla_availability_pct: float | None = Field(None, ge=0, le=100)
    card_replacement_hours: float | None = Field(None, ge=0, le=10000)
    power_redundancy: PowerRedundancy = PowerRedundancy.UNKNOWN
    spares_on_site: bool | None = None
    intranet_gbit_per_s: float | None = Field(None, ge=0, le=100000)
    network_id: str | None = Field(
        None,
        max_length=64,
        description="Inter-node network class the vendor quotes (catalog id).",
    )
    rdma: bool | None = None
    exclusive_network: bool | None = None
    exclusive_resources_clause: bool | None = None
    failure_compensation_clause: bool | None = None
    deposit_refund_clause: bool | None = None
    acceptance_test_clause: bool | None = None
    vpc: bool | None = None
    access_logs: bool | None = None
    encryption: bool | None = None
    audit_report: bool | None = None
    terms: str = Field("", max_length=_LONG_TEXT)
    measurements: list[Measurement] = Field(
        default_factory=list, max_length=MAX_MEASUREMENTS_PER_VENDOR
    )
    measured_mfu: float | None = Field(None, ge=MIN_MFU, le=1)
    quote_in_budget: bool = Field(
        False,
        exclude_if=_not_chosen,
        description="The budget prices the plan's rentals with this vendor's quote "
        "(on-demand, 包月 and the yearly factor) when the plan's GPU is the one it "
        "quotes; the first vendor so marked counts. A figure typed in the budget "
        "step still wins. Left out of the file when False, so older plans are "
        "saved, fingerprinted and signed exactly as before.",
    )


class ScoringWeights(Frozen):
    price: float = Field(30, ge=0, le=100)
    performance: float = Field(20, ge=0, le=100)
    network: float = Field(10, ge=0, le=100)
    sla: float = Field(10, ge=0, le=100)
    replacement: float = Field(5, ge=0, le=100)
    power: float = Field(5, ge=0, le=100)
    spares: float = Field(5, ge=0, le=100)
    compliance: float = Field(10, ge=0, le=100)
    contract: float = Field(5, ge=0, le=100)


# --- 4. Environment / 5. Monitoring -----------------------------------------------


_ENV_NAME_FIRST: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_"
_ENV_NAME_CHARS: Final = _ENV_NAME_FIRST + "0123456789"
_HOST_CHARS: Final = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-"
_RESOURCE_CHARS: Final = _HOST_CHARS + "_/"


def _is_env_name(name: str) -> bool:
    """POSIX shell variable name: a letter or ``_``, then letters, digits, ``_``."""
    return (
        bool(name)
        and name[0] in _ENV_NAME_FIRST
        and all(c in _ENV_NAME_CHARS for c in name)
    )


def _is_hostname(name: str) -> bool:
    """RFC 1123 host name or IPv4 address: no quoting is ever needed for it."""
    return (
        0 < len(name) <= 253
        and all(c in _HOST_CHARS for c in name)
        and name[0] not in ".-"
        and name[-1] not in ".-"
    )


class Environment(Frozen):
    scheduler: Scheduler = Scheduler.KUBERNETES
    cuda_version: str = Field("12.4", max_length=20)
    pytorch_image: str = Field("nvcr.io/nvidia/pytorch:24.05-py3", max_length=300)
    nodes: int = Field(1, ge=1, le=MAX_NODES)
    gpus_per_node: int = Field(8, ge=1, le=16)
    namespace: str = Field("training", max_length=63)
    job_name: str = Field("llm-train", max_length=63)
    partition: str = Field("gpu", max_length=63)
    train_script: str = Field("train.py", max_length=500)
    data_path: str = Field("/data", max_length=500)
    # Added for the generated configs (engine/rollout/configs.py); defaults keep old files valid.
    cpus_per_gpu: int = Field(
        8, ge=1, le=256, description="CPU cores per GPU for data loading. [1]"
    )
    memory_gib_per_gpu: int = Field(
        64, ge=1, le=4096, description="Host memory per GPU, without /dev/shm. [GiB]"
    )
    shm_gib: int = Field(
        32, ge=1, le=4096, description="Shared memory (/dev/shm) per node. [GiB]"
    )
    master_port: int = Field(
        29500, ge=1024, le=65535, description="torchrun rendezvous TCP port."
    )
    time_limit_hours: int = Field(
        72, ge=1, le=8760, description="Wall-clock limit of one job. [h]"
    )
    image_pull_secret: str = Field(
        "", max_length=253, description="Kubernetes Secret for a private registry."
    )
    rdma_resource: str = Field(
        "",
        max_length=253,
        description="Kubernetes extended resource of an RDMA device plugin, "
        "e.g. 'rdma/rdma_shared_device_a'; empty: none requested.",
    )
    data_pvc: str = Field(
        "",
        max_length=253,
        description="Kubernetes PersistentVolumeClaim mounted at data_path; empty: none.",
    )
    hostnames: list[str] = Field(
        default_factory=list,
        max_length=4096,
        description="Bare/SLURM node host names (first = rendezvous master).",
    )
    bare_use_container: bool = Field(
        True, description="Bare nodes: run torchrun inside pytorch_image via docker."
    )
    nccl_env: dict[str, str] = Field(
        default_factory=dict,
        max_length=64,
        description="Extra NCCL/torch environment variables, e.g. NCCL_SOCKET_IFNAME.",
    )
    # Added for the rollout files (engine/rollout/configs.py, engine/rollout/testkit.py); defaults keep
    # old files valid.
    nodes_override: bool = Field(
        False,
        description="True: the launch files use nodes and gpus_per_node as set here; "
        "False: they follow the sizing result (nodes x GPUs per server).",
    )
    mpi_launcher: Literal["pmix", "pmi2", "mpirun"] = Field(
        "pmix",
        description="How multi-node collectives start their ranks: srun --mpi=pmix, "
        "srun --mpi=pmi2 (inside SLURM) or Open MPI's mpirun.",
    )
    script_source: Literal["", "configmap", "pvc", "image"] = Field(
        "",
        description="Kubernetes: where train_script comes from: a ConfigMap "
        "(script_configmap), the data PVC (data_pvc, path relative to data_path) or "
        "the image's working directory; empty: not set (the rollout refuses).",
    )
    script_configmap: str = Field(
        "",
        max_length=253,
        description="Kubernetes ConfigMap holding train_script, mounted at /workspace.",
    )

    @model_validator(mode="after")
    def _safe_names(self) -> Environment:
        bad_hosts = [h for h in self.hostnames if not _is_hostname(h)]
        if bad_hosts:
            raise ValueError(f"hostnames must be RFC 1123 host names: {bad_hosts[:3]}")
        bad_keys = [k for k in self.nccl_env if not _is_env_name(k) or len(k) > 128]
        if bad_keys:
            raise ValueError(
                f"nccl_env keys must be shell variable names [A-Za-z_][A-Za-z0-9_]*: "
                f"{bad_keys[:3]}"
            )
        if any(len(v) > 1000 for v in self.nccl_env.values()):
            raise ValueError("nccl_env values must be at most 1000 characters")
        if self.rdma_resource and not (
            all(c in _RESOURCE_CHARS for c in self.rdma_resource)
            and self.rdma_resource.count("/") <= 1
        ):
            raise ValueError("rdma_resource must look like 'vendor.example/resource'")
        return self


class Monitoring(Frozen):
    gpu_temp_c: float = Field(85, ge=30, le=120)
    memory_temp_c: float = Field(95, ge=30, le=130)
    util_low_pct: float = Field(60, ge=0, le=100)
    util_window_minutes: int = Field(15, ge=1, le=1440)
    nccl_hang_minutes: int = Field(10, ge=1, le=1440)
    ecc_dbe_threshold: int = Field(1, ge=1, le=1000)
    power_throttle_alert: bool = True
    scrape_interval_s: int = Field(15, ge=1, le=3600)
    # Added for the generated configs (engine/rollout/configs.py); defaults keep old files valid.
    namespace: str = Field(
        "gpu-monitoring", max_length=63, description="Namespace of the exporter."
    )
    dcgm_exporter_image: str = Field(
        "nvcr.io/nvidia/k8s/dcgm-exporter:4.2.3-4.1.3-ubuntu22.04", max_length=300
    )
    exporter_port: int = Field(9400, ge=1, le=65535)


# --- 6. Checklist / 7. Sign-off ---------------------------------------------------


class ChecklistItem(Frozen):
    id: str = Field(..., max_length=64)
    status: CheckStatus = CheckStatus.OPEN
    owner: str = Field("", max_length=200)
    note: str = Field("", max_length=_TEXT)
    evidence_file: str = Field("", max_length=1000)


class SignOffRow(Frozen):
    role: str = Field(..., max_length=200)
    name: str = Field("", max_length=200)
    decision: Decision = Decision.PENDING
    date: dt.date | None = None
    comment: str = Field("", max_length=_TEXT)


# --- scenarios ------------------------------------------------------------------------

MAX_SCENARIOS: Final = 12
"""Named variants one plan may hold besides its base."""

SCENARIO_TARGETS: Final[dict[str, tuple[str, str]]] = {
    "gpu_id": ("workload", "gpu_id"),
    "gpus": ("workload", "gpus"),
    "framework": ("workload", "framework"),
    "deadline_days": ("workload", "deadline_days"),
    "tokens_billion": ("workload", "tokens_billion"),
    "horizon_months": ("meta", "horizon_months"),
    "region_id": ("meta", "region_id"),
    "options": ("budget", "options"),
    "on_demand_cny_per_gpu_hour": ("budget", "on_demand_cny_per_gpu_hour"),
    "monthly_cny_per_gpu_month": ("budget", "monthly_cny_per_gpu_month"),
    "gpu_price_cny": ("budget", "gpu_price_cny"),
    "owned_gpus": ("budget", "owned_gpus"),
    "electricity_cny_per_kwh": ("budget", "electricity_cny_per_kwh"),
}
"""Each override field of :class:`Scenario` and the (section, field) it replaces.

Typed fields rather than free dotted paths: every override carries the bounds
of the field it replaces, so a scenario is validated by the schema like the
base plan, and the fuzzing strategy draws it like any other section. ``None``
means "as in the base plan"; a field the base sets may be put back to the
catalog's value by listing it in :attr:`Scenario.use_catalog`."""


class ScenarioDefault(StrEnum):
    """Override fields whose target may be empty (the catalog's value)."""

    GPUS = "gpus"
    DEADLINE_DAYS = "deadline_days"
    ON_DEMAND = "on_demand_cny_per_gpu_hour"
    MONTHLY = "monthly_cny_per_gpu_month"
    GPU_PRICE = "gpu_price_cny"
    OWNED_GPUS = "owned_gpus"
    ELECTRICITY = "electricity_cny_per_kwh"


class Scenario(Frozen):
    """A named variant of the plan: the base plan with a few fields replaced.

    Every override is optional; ``None`` keeps the base plan's value. The
    bounds are those of the replaced field (:data:`SCENARIO_TARGETS`).
    """

    name: str = Field(..., min_length=1, max_length=80)
    note: str = Field("", max_length=_TEXT)
    in_report: bool = Field(
        True, description="Show in the PDF plan's scenario comparison."
    )
    gpu_id: str | None = Field(None, max_length=64)
    gpus: int | None = Field(None, ge=1, le=1_000_000, description="Total cards.")
    framework: Framework | None = None
    deadline_days: float | None = Field(None, gt=0, le=3650)
    tokens_billion: float | None = Field(None, ge=0, le=1e6)
    horizon_months: int | None = Field(None, ge=1, le=120)
    region_id: str | None = Field(None, max_length=64)
    options: list[OptionId] | None = Field(None, min_length=1, max_length=7)
    on_demand_cny_per_gpu_hour: float | None = Field(None, ge=0, le=1e5)
    monthly_cny_per_gpu_month: float | None = Field(None, ge=0, le=1e7)
    gpu_price_cny: float | None = Field(None, ge=0, le=1e8)
    owned_gpus: int | None = Field(None, ge=1, le=1_000_000)
    electricity_cny_per_kwh: float | None = Field(None, ge=0, le=100)
    use_catalog: list[ScenarioDefault] = Field(
        default_factory=list,
        max_length=len(ScenarioDefault),
        description="Fields left empty in this scenario (the catalog's value), "
        "whatever the base plan sets.",
    )

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        if self.options is not None and len(set(self.options)) != len(self.options):
            raise ValueError("options must not repeat an option")
        if len(set(self.use_catalog)) != len(self.use_catalog):
            raise ValueError("use_catalog must not repeat a field")
        both = [d.value for d in self.use_catalog if getattr(self, d.value) is not None]
        if both:
            raise ValueError(f"use_catalog and a value both set: {both}")
        return self

    def overrides(self) -> dict[str, object]:
        """The fields this scenario sets (override name → value; ``None``: catalog)."""
        reset = {d.value for d in self.use_catalog}
        return {
            name: getattr(self, name)
            for name in SCENARIO_TARGETS
            if getattr(self, name) is not None or name in reset
        }


def _default_signoff() -> list[SignOffRow]:
    return [
        SignOffRow(role="Engineering lead"),
        SignOffRow(role="Finance"),
        SignOffRow(role="Management"),
    ]


class PriceItem(StrEnum):
    """The catalog prices an imported price list may override."""

    ON_DEMAND = "on_demand_cny_per_gpu_hour"
    MONTHLY = "monthly_cny_per_gpu_month"
    PURCHASE = "gpu_price_cny"
    SERVER = "server_cny_per_server"


MAX_PRICE_OVERRIDES = 500


IMPORTED_ROW: Final = re.compile(r"(?P<sheet>.*), row (?P<row>\d+)")
"""Where in an imported file a price is, as ``io.price_import`` writes
:attr:`PriceOverride.location` ("Quote, row 4")."""


class PriceOverride(Frozen):
    """One dated price from an imported price list or vendor quote.

    It replaces the catalog's figure for ``gpu_id`` (a figure typed in the
    budget step still wins). ``low``/``high`` default to the catalog's
    relative spread around ``typical``. Amounts in CNY, VAT as ``includes_vat``.
    """

    gpu_id: str = Field(..., min_length=1, max_length=100)
    item: PriceItem
    typical: float = Field(..., gt=0, le=1e9)
    low: float | None = Field(None, gt=0, le=1e9)
    high: float | None = Field(None, gt=0, le=1e9)
    as_of: dt.date
    vendor: str = Field("", max_length=200)
    includes_vat: bool = True
    source_file: str = Field(..., min_length=1, max_length=300)
    location: str = Field(
        "", max_length=200, description="Sheet and row, e.g. 'Quote, row 4'."
    )

    @model_validator(mode="after")
    def _ordered(self) -> PriceOverride:
        low = self.typical if self.low is None else self.low
        high = self.typical if self.high is None else self.high
        if not low <= self.typical <= high:
            raise ValueError("need low <= typical <= high")
        return self


MAX_SIGNING_RECORDS: Final = 50
"""Most signing records one plan keeps (each holds a copy of the plan's inputs)."""

_FINGERPRINT_PATTERN: Final = r"^[0-9a-f]{64}$"


class SigningRecord(Frozen):
    """One signing of the plan in the app: who, when, which PDF, which inputs.

    File ▸ Sign Plan… appends one record each time it writes a signed PDF,
    so a plan signed twice keeps both fingerprints. ``inputs`` is the plan as
    it was signed, without its own signing records, so that the app can say
    whether the open plan changed since and show the differences
    (:func:`gpu_advisor.engine.diff.changed_since_signed`).

    ``inputs`` is a whole :class:`Project` at the current schema version: a
    migration step that changes the project's format must change the
    snapshots in ``signing_records`` the same way.
    """

    signed_at: AwareDatetime = Field(
        ..., description="When the plan was signed (with its UTC offset)."
    )
    signer_name: str = Field(..., min_length=1, max_length=200)
    signer_role: str = Field("", max_length=200)
    pdf_file: str = Field(
        ...,
        min_length=1,
        max_length=255,
        description="File name of the signed PDF (the name only, never its folder).",
    )
    fingerprint: str = Field(
        ...,
        min_length=64,
        max_length=64,
        pattern=_FINGERPRINT_PATTERN,
        description="The plan fingerprint printed in the signed PDF: SHA-256 "
        "of the inputs and the app version (gpu_advisor.io.project_file.fingerprint).",
    )
    app_version: str = Field(
        ...,
        min_length=1,
        max_length=40,
        description="Version of the app that signed; part of the fingerprint.",
    )
    inputs: Project = Field(
        ..., description="The plan's inputs as signed, without signing records."
    )

    @field_validator("pdf_file")
    @classmethod
    def _file_name_only(cls, value: str) -> str:
        if any(sep in value for sep in "/\\") or value in {".", ".."}:
            raise ValueError("pdf_file must be a file name, without a folder")
        if not value.isprintable():
            raise ValueError("pdf_file must not hold control characters")
        return value

    @model_validator(mode="after")
    def _snapshot_without_records(self) -> SigningRecord:
        if self.inputs.signing_records:
            raise ValueError(
                "inputs.signing_records: a signed snapshot holds no signing records"
            )
        return self


class Project(Frozen):
    """A whole plan: what the ``.gpuplan`` file holds."""

    schema_version: int = Field(SCHEMA_VERSION, ge=1)
    meta: ProjectMeta = Field(default_factory=ProjectMeta)
    workload: Workload = Field(default_factory=Workload)
    demand: DemandProfile = Field(default_factory=DemandProfile)
    budget: Budget = Field(default_factory=Budget)
    vendors: list[Vendor] = Field(default_factory=list, max_length=MAX_VENDORS)
    scoring: ScoringWeights = Field(default_factory=ScoringWeights)
    environment: Environment = Field(default_factory=Environment)
    monitoring: Monitoring = Field(default_factory=Monitoring)
    checklist: list[ChecklistItem] = Field(default_factory=list, max_length=500)
    signoff: list[SignOffRow] = Field(default_factory=_default_signoff, max_length=50)
    scenarios: list[Scenario] = Field(
        default_factory=list,
        max_length=MAX_SCENARIOS,
        description="Named variants compared with the base plan (schema 2).",
    )
    price_overrides: list[PriceOverride] = Field(
        default_factory=list,
        max_length=MAX_PRICE_OVERRIDES,
        description="Dated prices imported from a price list or vendor quote; "
        "they override the catalog.",
    )
    signing_records: list[SigningRecord] = Field(
        default_factory=list,
        max_length=MAX_SIGNING_RECORDS,
        description="Each signing of the plan in the app, oldest first "
        "(schema 3). A record of what happened, not an input: the fingerprint "
        "and the differences between plans leave it out.",
    )

    @model_validator(mode="after")
    def _current_version(self) -> Project:
        if self.schema_version != SCHEMA_VERSION:
            raise ValueError(
                f"schema_version {self.schema_version} must be migrated to "
                f"{SCHEMA_VERSION} before validation"
            )
        return self

    @model_validator(mode="after")
    def _scenario_names_distinct(self) -> Project:
        seen: dict[str, int] = {}
        for index, scenario in enumerate(self.scenarios):
            key = " ".join(scenario.name.split()).casefold()
            if key in seen:
                raise ValueError(
                    f"scenarios.{index}.name: scenario name {scenario.name!r} is "
                    f"used twice (also scenarios.{seen[key]}); names must differ"
                )
            seen[key] = index
        return self

    @model_validator(mode="after")
    def _vendors_distinct_and_bounded(self) -> Project:
        seen: dict[str, int] = {}
        for index, vendor in enumerate(self.vendors):
            key = " ".join(vendor.name.split()).casefold()
            if key in seen:
                raise ValueError(
                    f"vendors.{index}.name: vendor name {vendor.name!r} is used "
                    f"twice (also vendors.{seen[key]}); vendor names must differ"
                )
            seen[key] = index
        total = sum(len(vendor.measurements) for vendor in self.vendors)
        if total > MAX_MEASUREMENTS_TOTAL:
            raise ValueError(
                f"{total} measurements in all; at most {MAX_MEASUREMENTS_TOTAL} "
                "fit in one project"
            )
        return self


SigningRecord.model_rebuild()


def plan_inputs(project: Project) -> Project:
    """``project`` without its signing records: the inputs a signature covers.

    Examples
    --------
    >>> plan_inputs(Project()) == Project()
    True
    """
    if not project.signing_records:
        return project
    return project.model_copy(update={"signing_records": []})


def catalog_problems(project: Project, catalog: Catalog) -> list[tuple[str, str]]:
    """Ids in ``project`` that the catalog does not know, as (field, problem).

    The schema cannot check ids (it does not know the catalog); the loader
    and the CLI call this so that an unknown region, GPU, network or model
    is refused with the field named, instead of being priced as something
    else or crashing the report.

    Parameters
    ----------
    project : Project
        A schema-valid project.
    catalog : Catalog
        The catalog the app runs with.

    Returns
    -------
    list of (str, str)
        Dotted field path and one-line problem; empty when every id is known.
    """
    gpus = {g.id for g in catalog.gpus}
    networks = {n.id for n in catalog.networks}
    regions = {r.id for r in catalog.regions}
    models = {m.id for m in catalog.models}
    problems: list[tuple[str, str]] = []

    def check(field: str, value: str | None, known: set[str], what: str) -> None:
        if value is not None and value not in known:
            shown = ", ".join(sorted(known)[:12])
            problems.append((field, f"unknown {what} {value!r} (known: {shown}, …)"))

    check("meta.region_id", project.meta.region_id, regions, "region")
    check("workload.gpu_id", project.workload.gpu_id, gpus, "GPU")
    for index, gpu_id in enumerate(project.workload.gpu_candidates):
        check(f"workload.gpu_candidates.{index}", gpu_id, gpus, "GPU")
    check("workload.network_id", project.workload.network_id, networks, "network")
    check("workload.model_preset", project.workload.model_preset, models, "model")
    for index, scenario in enumerate(project.scenarios):
        check(f"scenarios.{index}.gpu_id", scenario.gpu_id, gpus, "GPU")
        check(f"scenarios.{index}.region_id", scenario.region_id, regions, "region")
    for index, vendor in enumerate(project.vendors):
        check(f"vendors.{index}.gpu_id", vendor.gpu_id, gpus, "GPU")
        check(f"vendors.{index}.network_id", vendor.network_id, networks, "network")
    for index, price in enumerate(project.price_overrides):
        check(f"price_overrides.{index}.gpu_id", price.gpu_id, gpus, "GPU")
    return problems
