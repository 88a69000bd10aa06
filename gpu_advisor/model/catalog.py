"""Schemas of the shipped catalog: GPUs, model presets, networks, regions, prices,
hosted model APIs.

Every figure carries a :class:`~gpu_advisor.model.common.Provenance`. The JSON
files live in ``resources/catalog/`` and are read by :mod:`gpu_advisor.io.catalog`.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum

from pydantic import Field, model_validator

from gpu_advisor.model.common import Frozen, PriceRange, Provenance
from gpu_advisor.model.project import Currency, ModelShape, Precision, Recompute
from gpu_advisor.model.serving import ServingFactors, ServingRuns


class NetworkKind(StrEnum):
    """Families of interconnect."""

    NVLINK = "nvlink"
    PCIE = "pcie"
    INFINIBAND = "infiniband"
    ROCE = "roce"
    ETHERNET = "ethernet"


class GpuThermal(Frozen):
    """Temperature limits the GPU's driver reports (``nvidia-smi -q``, "Temperature")."""

    max_operating_temp_c: float = Field(
        ...,
        gt=0,
        le=150,
        description="GPU Max Operating Temp: above it the driver slows the clocks "
        "(NVML: SW thermal slowdown). [°C]",
    )
    memory_max_operating_temp_c: float | None = Field(
        None, gt=0, le=150, description="Memory Max Operating Temp. [°C]"
    )
    slowdown_temp_c: float | None = Field(
        None, gt=0, le=150, description="GPU Slowdown Temp (hardware slowdown). [°C]"
    )
    shutdown_temp_c: float | None = Field(
        None, gt=0, le=150, description="GPU Shutdown Temp. [°C]"
    )
    provenance: Provenance


class GpuSpec(Frozen):
    """Datasheet figures for one accelerator."""

    id: str = Field(..., pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
    name: str
    vendor: str
    arch: str
    form_factor: str = Field(..., description="SXM, PCIe, OAM or card.")
    memory_gb: float = Field(
        ...,
        gt=0,
        description="Memory as marketed; the engine treats it as GiB "
        "(an 80 GB A100 reports 81,920 MiB in nvidia-smi).",
    )
    memory_type: str
    memory_bandwidth_tb_per_s: float = Field(..., gt=0)
    bf16_dense_tflops: float = Field(..., gt=0)
    fp8_dense_tflops: float | None = Field(None, gt=0)
    tdp_w: float = Field(..., gt=0)
    interconnect: str
    intra_node_bandwidth_gb_per_s: float = Field(
        ..., ge=0, description="GPU-to-GPU bandwidth inside a server (NVLink or PCIe)."
    )
    intra_node_network_id: str = Field(
        ..., description="Network class of the links inside one server."
    )
    gpus_per_server: int = Field(8, ge=1, le=16)
    default_mfu: float = Field(..., gt=0, le=1)
    unconfirmed_fields: list[str] = Field(
        default_factory=list,
        description="Fields that no datasheet or primary source confirms.",
    )
    provenance: Provenance
    thermal: GpuThermal | None = Field(
        None,
        description="Temperature limits from a published nvidia-smi -q output of "
        "this GPU; None where none was found (the alerts keep the plan's values).",
    )

    def confirms(self, field: str) -> bool:
        """True when a datasheet or primary source confirms ``field``.

        ``unconfirmed_fields`` names the doubtful figures when it is given;
        otherwise the entry's provenance speaks for all of them.
        """
        if self.unconfirmed_fields:
            return field not in self.unconfirmed_fields
        return self.provenance.confirmed


class ModelPreset(Frozen):
    """Shape of a published transformer (dense or MoE)."""

    id: str = Field(..., pattern=r"^[a-z0-9][a-z0-9_.\-]*$")
    name: str
    family: str
    params_billion: float = Field(..., gt=0, description="Total parameters. [1e9]")
    active_params_billion: float = Field(
        ..., gt=0, description="Parameters used per token (MoE). [1e9]"
    )
    layers: int = Field(..., ge=1)
    hidden: int = Field(..., ge=1)
    heads: int = Field(..., ge=1)
    kv_heads: int = Field(..., ge=1)
    ffn_hidden: int = Field(..., ge=1, description="Dense FFN width.")
    vocab: int = Field(..., ge=1)
    experts: int = Field(0, ge=0, description="Routed experts; 0 for a dense model.")
    active_experts: int = Field(0, ge=0)
    shared_experts: int = Field(0, ge=0)
    moe_ffn_hidden: int = Field(0, ge=0, description="Width of one expert's FFN.")
    dense_layers: int = Field(
        0, ge=0, description="Leading layers with a dense FFN in an MoE model."
    )
    head_dim: int | None = Field(None, ge=1)
    max_seq_len: int = Field(4096, ge=1)
    tied_embeddings: bool = False
    gated_mlp: bool | None = Field(
        None,
        description="Gated MLP (SwiGLU/GeGLU, three matrices); empty: read from "
        "the width (4 × hidden: a GeLU MLP of two).",
    )
    q_lora_rank: int = Field(0, ge=0, description="MLA query rank; 0: none.")
    kv_lora_rank: int = Field(0, ge=0, description="MLA KV rank; 0: not MLA.")
    qk_rope_head_dim: int = Field(0, ge=0, description="MLA RoPE dim per head.")
    v_head_dim: int = Field(0, ge=0, description="MLA value dim per head.")
    sliding_window: int | None = Field(
        None, ge=1, description="Sliding-window attention span; empty: full. [tokens]"
    )
    sliding_window_layers: int | None = Field(
        None, ge=0, description="Layers using the window; empty: all."
    )
    mtp_layers: int = Field(
        0,
        ge=0,
        description="Multi-token prediction modules trained with the model; "
        "their parameters are not in params_billion.",
    )
    provenance: Provenance

    @model_validator(mode="after")
    def _consistent(self) -> ModelPreset:
        if self.active_params_billion > self.params_billion:
            raise ValueError("active_params_billion must not exceed params_billion")
        if self.heads % self.kv_heads:
            raise ValueError("heads must be a multiple of kv_heads")
        if self.active_experts > self.experts:
            raise ValueError("active_experts must not exceed experts")
        return self


class NetworkClass(Frozen):
    """A class of interconnect, with its per-GPU bandwidth.

    Readers see it by the catalogs' ``sizing.network_name.<id>``; ``name`` is
    the catalog's own English label (the ``catalog`` listing).
    """

    id: str
    name: str
    kind: NetworkKind
    scope: str = Field(..., pattern="^(intra_node|inter_node)$")
    bandwidth_gbit_per_s_per_gpu: float = Field(
        ...,
        gt=0,
        description="Unidirectional bandwidth available to one GPU. [Gbit/s]",
    )
    latency_us: float = Field(..., ge=0)
    efficiency: float = Field(
        ..., gt=0, le=1, description="Achievable fraction of the line rate in NCCL."
    )
    suitable_for_multi_node_training: bool
    provenance: Provenance


class RegionPreset(Frozen):
    """Electricity, PUE, rack rent and power for a city or area.

    Its name and market notes are worded by the catalogs
    (``region.<id>``, ``region_notes.<id>`` in ``resources/words/<language>/``).
    """

    id: str
    electricity_cny_per_kwh: PriceRange
    pue: PriceRange
    rack_cny_per_month: PriceRange
    rack_power_kw: float = Field(..., gt=0)
    rental_price_factor: float = Field(
        1.0, gt=0, description="Multiplier on the national rental price defaults."
    )


class GpuPrice(Frozen):
    """Market prices for one GPU model (CNY, VAT included unless stated)."""

    gpu_id: str
    on_demand_cny_per_gpu_hour: PriceRange
    monthly_cny_per_gpu_month: PriceRange
    purchase_cny_per_gpu: PriceRange
    server_cny_per_server: PriceRange = Field(
        ..., description="Chassis, CPUs, RAM, NVMe, NICs: the server without its GPUs."
    )
    available_in_china: bool | None = Field(
        True,
        description="Whether new cards can be bought through official channels in "
        "mainland China: false under US export controls, None when sales need a "
        "case-by-case licence (see export_control).",
    )
    export_control: str = Field(
        "", description="What is known about export controls on the card, with sources."
    )


class ResaleCurve(Frozen):
    """Share of the purchase price an owned server fetches second-hand, by age.

    One curve per GPU generation (architecture); straight lines between the
    points, the last point held beyond the last age.
    """

    name: str = Field(..., min_length=1)
    archs: list[str] = Field(
        ...,
        description="Architectures (gpus.json ``arch``, matched at its start) the "
        "curve prices; the catalog's last curve also prices any other.",
    )
    ages_months: list[float] = Field(..., min_length=2)
    low: list[float]
    typical: list[float]
    high: list[float]
    provenance: Provenance

    @model_validator(mode="after")
    def _shaped(self) -> ResaleCurve:
        n = len(self.ages_months)
        if not len(self.low) == len(self.typical) == len(self.high) == n:
            raise ValueError("need one low, typical and high share per age")
        if any(
            b <= a for a, b in zip(self.ages_months, self.ages_months[1:], strict=False)
        ):
            raise ValueError("need ages_months increasing")
        for lo, ty, hi in zip(self.low, self.typical, self.high, strict=True):
            if not 0 <= lo <= ty <= hi <= 1:
                raise ValueError("need 0 <= low <= typical <= high <= 1")
        return self


class CostDefaults(Frozen):
    """Cost rules of thumb that do not depend on the GPU model."""

    yearly_price_factor: PriceRange = Field(
        ..., description="Yearly or committed price as a fraction of the monthly price."
    )
    spot_price_factor: PriceRange = Field(
        ..., description="Spot price as a fraction of the on-demand price."
    )
    spot_interruptions_per_100_hours: PriceRange
    restart_hours: PriceRange
    spot_capacity_share: PriceRange = Field(
        ...,
        description="Chance that the job's connected servers are free on spot again "
        "when it restarts after a reclaim. [1]",
    )
    spot_wait_hours: PriceRange = Field(
        ..., description="Wait for replacement spot capacity when it is not free. [h]"
    )
    network_fraction_of_hardware: PriceRange
    storage_cny_per_tb: PriceRange
    hardware_life_years: PriceRange
    residual_fraction: PriceRange
    server_overhead_w_per_gpu: PriceRange
    gpu_load_factor: PriceRange
    ops_salary_cny_per_year: PriceRange
    ops_fte_per_100_gpus: PriceRange
    cloud_ops_fte_per_100_gpus: PriceRange | None = Field(
        None,
        description="Operations staff a rental still needs, per 100 cards rented "
        "(None: none charged). [FTE]",
    )
    maintenance_fraction_per_year: PriceRange
    deposit_months: PriceRange
    financing_rate_per_year: PriceRange
    discount_rate_per_year: PriceRange
    retrofit_cny_per_kw: PriceRange
    shared_storage_cny_per_tb_month: PriceRange
    egress_cny_per_tb: PriceRange
    public_bandwidth_cny_per_mbps_month: PriceRange
    idc_bandwidth_cny_per_month: PriceRange
    mfu_range_factor: PriceRange = Field(
        ..., description="Spread of achieved MFU around the default, as a factor."
    )
    resale_haircut: PriceRange = Field(
        ...,
        description="Fraction knocked off the above-residual book value when "
        "hardware is sold second-hand before the end of its life.",
    )
    demand_range_factor: PriceRange = Field(
        ...,
        description="Spread of the GPU-hours actually used around the plan, as a "
        "factor (utilisation risk).",
    )
    resale_curves: list[ResaleCurve] = Field(
        default_factory=list,
        description="Resale value by GPU generation and age; empty: the residual "
        "fraction and haircut price every resale.",
    )
    tax_life_years: PriceRange | None = Field(
        None, description="Life of the straight-line book (tax) depreciation. [years]"
    )
    tax_residual_fraction: PriceRange | None = Field(
        None, description="Residual value of the book depreciation. [1]"
    )
    usd_cny: PriceRange
    eur_cny: PriceRange
    hkd_cny: PriceRange
    vat_rate_services: float = Field(0.06, ge=0, le=1)
    vat_rate_goods: float = Field(0.13, ge=0, le=1)
    vat_rate_construction: float = Field(
        0.09, ge=0, le=1, description="VAT on construction (a room's retrofit)."
    )


class ReferenceRun(Frozen):
    """A published training run used to calibrate the default MFU.

    The model is a catalog preset (``model_id``) or, for runs whose model the
    catalog does not ship, an inline ``shape``.
    """

    id: str
    name: str
    model_id: str | None = None
    shape: ModelShape | None = None
    gpu_id: str
    tokens_billion: float = Field(..., gt=0)
    gpu_hours: float = Field(..., gt=0)
    seq_len: int = Field(..., ge=1)
    recompute: Recompute = Field(
        Recompute.SELECTIVE,
        description="Activation recompute the run used, when its source states "
        "it (full recompute lowers the achieved MFU); selective otherwise.",
    )
    precision: Precision = Field(
        Precision.BF16,
        description="Precision of the run's matrix multiplies as its source "
        "states it: FP8 runs are sized with the published FP8 speed-up.",
    )
    provenance: Provenance

    @model_validator(mode="after")
    def _one_model(self) -> ReferenceRun:
        if (self.model_id is None) == (self.shape is None):
            raise ValueError("set exactly one of model_id and shape")
        return self


class ChecklistEntry(Frozen):
    """Definition of one site or contract check (its state lives in the project).

    Its title and detail are worded by the catalogs
    (``checklist_entry.<id>.title`` and ``.detail``).
    """

    id: str
    group: str = Field(..., pattern="^(six_points|colocation|contract|pitfalls)$")


class HostedRegion(StrEnum):
    """Where a hosted model API runs and keeps the data it is sent."""

    CN = "cn"
    """Operated in mainland China: the data stays in the country."""
    INTL = "intl"
    """Operated outside mainland China."""


PROPRIETARY: str = "proprietary"
"""The :attr:`HostedApiPrice.family` of a model whose weights are not published."""


class HostedApiPrice(Frozen):
    """A hosted model API's public list price per million tokens (``hosted_apis.json``).

    Prices are in the currency the provider lists (``currency``), per 10⁶
    tokens; the cache-miss input price is ``input_per_million``. The engine
    converts them to CNY on the plan's VAT basis
    (:mod:`gpu_advisor.engine.cost.hosted`).
    """

    id: str = Field(..., pattern=r"^[a-z0-9][a-z0-9_.\-]*/[a-z0-9][a-z0-9_.\-]*$")
    provider: str = Field(
        ...,
        min_length=1,
        description="The provider's name as it writes it; sentences name it by "
        "``provider_key`` (``hosted.provider.<key>`` in the words catalogs).",
    )
    model_id: str = Field(..., min_length=1, description="The API's model name.")
    name: str = Field(..., min_length=1, description="Display name of the model.")
    family: str = Field(
        ...,
        min_length=1,
        description="Open-weights family it serves (DeepSeek-V3, Qwen2.5, Llama 3.1, "
        "GLM-4…) or 'proprietary'.",
    )
    model_presets: list[str] = Field(
        default_factory=list,
        description="Model presets (models.json ids) whose weights it serves: the same "
        "open-weights family and size. Empty: none in the catalog.",
    )
    context_tokens: int | None = Field(
        None,
        ge=1,
        description="Context length; None where the source states none. [tokens]",
    )
    region: HostedRegion
    currency: Currency
    input_per_million: float = Field(
        ..., ge=0, description="Input tokens, cache miss. [currency per 10⁶ tokens]"
    )
    cached_input_per_million: float | None = Field(
        None,
        ge=0,
        description="Input tokens read from the provider's cache; None: not listed "
        "(every input token is priced as a miss). [currency per 10⁶ tokens]",
    )
    output_per_million: float = Field(
        ..., ge=0, description="Output tokens. [currency per 10⁶ tokens]"
    )
    off_peak_factor: float | None = Field(
        None,
        gt=0,
        le=1,
        description="Price outside the provider's peak hours as a fraction of the listed "
        "(peak) price; None: one price all day. [1]",
    )
    includes_vat: bool = Field(
        ..., description="Whether the listed price includes VAT (as ``vat_note`` says)."
    )
    vat_note: str = Field(
        ...,
        min_length=1,
        description="What the source says about VAT, or why it is taken so.",
    )
    pricing_url: str = Field(
        ..., pattern=r"^https://", description="The provider's pricing page."
    )
    provenance: Provenance

    @property
    def provider_key(self) -> str:
        """The provider part of ``id`` ("deepseek" in "deepseek/deepseek-flash"),
        the key of its name in the words catalogs (``hosted.provider``)."""
        return self.id.split("/", 1)[0]

    @model_validator(mode="after")
    def _consistent(self) -> HostedApiPrice:
        if (
            self.cached_input_per_million is not None
            and self.cached_input_per_million > self.input_per_million
        ):
            raise ValueError(
                "cached_input_per_million must not exceed input_per_million"
            )
        if self.family == PROPRIETARY and self.model_presets:
            raise ValueError("a proprietary model serves no model preset")
        if not self.provenance.citations:
            raise ValueError("need at least one citation")
        return self


class Catalog(Frozen):
    """Everything the app ships as defaults."""

    as_of: dt.date
    gpus: list[GpuSpec]
    models: list[ModelPreset]
    networks: list[NetworkClass]
    regions: list[RegionPreset]
    gpu_prices: list[GpuPrice]
    cost_defaults: CostDefaults
    reference_runs: list[ReferenceRun] = Field(default_factory=list)
    checklist: list[ChecklistEntry] = Field(default_factory=list)
    serving_runs: ServingRuns = Field(
        default_factory=ServingRuns,
        description="Published serving benchmarks the serving engine is calibrated on.",
    )
    serving_factors: ServingFactors = Field(
        default_factory=ServingFactors,
        description="Efficiency per serving engine and GPU generation, fitted to them.",
    )
    hosted_apis: list[HostedApiPrice] = Field(
        default_factory=list,
        description="Hosted model APIs' list prices (``hosted_apis.json``).",
    )

    def gpu(self, gpu_id: str) -> GpuSpec:
        """Return the GPU with this id; ``KeyError`` naming the valid ids."""
        for gpu in self.gpus:
            if gpu.id == gpu_id:
                return gpu
        raise KeyError(f"unknown GPU {gpu_id!r}; known: {[g.id for g in self.gpus]}")

    def model(self, model_id: str) -> ModelPreset:
        """Return the model preset with this id."""
        for preset in self.models:
            if preset.id == model_id:
                return preset
        raise KeyError(
            f"unknown model {model_id!r}; known: {[m.id for m in self.models]}"
        )

    def network(self, network_id: str) -> NetworkClass:
        """Return the network class with this id."""
        for net in self.networks:
            if net.id == network_id:
                return net
        raise KeyError(
            f"unknown network {network_id!r}; known: {[n.id for n in self.networks]}"
        )

    def region(self, region_id: str) -> RegionPreset:
        """Return the region preset with this id."""
        for region in self.regions:
            if region.id == region_id:
                return region
        raise KeyError(
            f"unknown region {region_id!r}; known: {[r.id for r in self.regions]}"
        )

    def price(self, gpu_id: str) -> GpuPrice:
        """Return the market prices of this GPU."""
        for price in self.gpu_prices:
            if price.gpu_id == gpu_id:
                return price
        raise KeyError(f"no prices for GPU {gpu_id!r}")

    @model_validator(mode="after")
    def _references_resolve(self) -> Catalog:
        gpu_ids = {g.id for g in self.gpus}
        net_ids = {n.id for n in self.networks}
        for gpu in self.gpus:
            if gpu.intra_node_network_id not in net_ids:
                raise ValueError(
                    f"GPU {gpu.id}: unknown network {gpu.intra_node_network_id}"
                )
        for price in self.gpu_prices:
            if price.gpu_id not in gpu_ids:
                raise ValueError(f"price for unknown GPU {price.gpu_id}")
        model_ids = {m.id for m in self.models}
        for run in self.reference_runs:
            if run.gpu_id not in gpu_ids or (
                run.model_id is not None and run.model_id not in model_ids
            ):
                raise ValueError(f"reference run {run.id}: unknown GPU or model")
        seen: set[str] = set()
        for api in self.hosted_apis:
            if api.id in seen:
                raise ValueError(f"hosted API {api.id}: id used twice")
            seen.add(api.id)
            unknown = [m for m in api.model_presets if m not in model_ids]
            if unknown:
                raise ValueError(f"hosted API {api.id}: unknown model preset {unknown}")
        return self
