"""The sizing's "why?" explanations: formula, inputs and source of each key number.

One :class:`~gpu_advisor.model.common.Explanation` per figure the user can
ask about (memory parts, FLOPs, GPU-hours, cards, days, the network class,
the scaling efficiency, checkpoints, the compute-optimal token count, decode
throughput), with the inputs it used and whether a datasheet confirms each
catalog figure.
"""

from __future__ import annotations

from typing import Final, Protocol

from gpu_advisor.engine.explain_keys import valued_name
from gpu_advisor.engine.names import article
from gpu_advisor.engine.sizing import compute as cmp
from gpu_advisor.engine.sizing import memory as mem
from gpu_advisor.engine.sizing import network as net
from gpu_advisor.engine.sizing.core import (
    MEMORY_HEADROOM,
    _Core,
    _expert_parallel,
    context_parallel,
    expert_tensor_parallel,
    paged_optimizer,
)
from gpu_advisor.engine.sizing.network_choice import _NetworkChoice
from gpu_advisor.engine.sizing.scaling import _micro_batches
from gpu_advisor.model.catalog import Catalog, GpuSpec, NetworkClass
from gpu_advisor.model.common import Explanation, InputRef
from gpu_advisor.model.project import Framework, Precision, TaskKind, Workload
from gpu_advisor.model.sizing_results import (
    ClusterResult,
    ComputeResult,
    ResolvedShape,
    StorageResult,
)


class _RefMaker(Protocol):
    def __call__(
        self,
        name: str,
        value: float | str,
        unit: str,
        source: str = "project",
        confirmed: bool | None = None,
    ) -> InputRef: ...


def _ref_maker(gpu: GpuSpec, precision: Precision) -> _RefMaker:
    """``ref(name, value, unit, source, confirmed)`` for the explanations.

    ``confirmed`` defaults to what the catalog says of a ``catalog.gpus.*``
    figure (see :func:`_gpu_figure_confirmed`).
    """

    def ref(
        name: str,
        value: float | str,
        unit: str,
        source: str = "project",
        confirmed: bool | None = None,
    ) -> InputRef:
        v = value if isinstance(value, str) else float(value)
        if confirmed is None:
            confirmed = _gpu_figure_confirmed(name, gpu, precision)
        return InputRef(
            name=name, value=v, unit=unit, source=source, confirmed=confirmed
        )

    return ref


def _explanation(
    key: str, formula: str, inputs: list[InputRef], reference: str
) -> Explanation:
    return Explanation(key=key, formula=formula, inputs=inputs, reference=reference)


def _gpu_figure_confirmed(name: str, gpu: GpuSpec, precision: Precision) -> bool:
    """False for a ``catalog.gpus.<id>.<field>`` input no datasheet confirms.

    Inputs with other names (project fields, engine results) count as confirmed.
    """
    prefix = f"catalog.gpus.{gpu.id}."
    if not name.startswith(prefix):
        return True
    field = name.removeprefix(prefix)
    if field == "peak_tflops":
        field = cmp.peak_field(gpu, precision)
    return gpu.confirms(field)


_ZERO_SRC: Final = "Rajbhandari et al. 2020, ZeRO, arXiv:1910.02054"
_KORTHIKANTI_SRC: Final = "Korthikanti et al. 2022, arXiv:2205.05198, Table 2"
_NARAYANAN_SRC: Final = "Narayanan et al. 2021, arXiv:2104.04473, eq. 3; Chowdhery et al. 2022 (PaLM), App. B"
_MEGATRON_SRC: Final = (
    "Megatron-LM megatron/training/theoretical_memory_usage.py "
    "(commit d98e8a64ddf34856e74b24714e3bedb2f5a39553)"
)
_DEEPSPEED_SRC: Final = (
    "DeepSpeed deepspeed/runtime/zero/stage_1_and_2.py, stage3.py "
    "estimate_zero2/3_model_states_mem_needs "
    "(commit 38327e07f6cd39b63418f60cedd1651b0be3e7c3)"
)
_DDP_SRC: Final = "PyTorch docs, DistributedDataParallel gradient_as_bucket_view; AMP"
_RING_SRC: Final = (
    "Patarasuk & Yuan 2009 (ring all-reduce); Li et al. 2020, arXiv:2006.15704"
)


def _explanations(
    workload: Workload,
    catalog: Catalog,
    shape: ResolvedShape,
    core: _Core,
    cluster: ClusterResult,
) -> list[Explanation]:
    """Memory per GPU, FLOPs, GPU-hours, minimum cards, days, cards for the deadline."""
    model_src = _model_source(catalog, shape)
    return [
        *_model_state_explanations(workload, shape, core, cluster, model_src),
        *_activation_explanations(workload, shape, core, model_src),
        *_overhead_explanations(workload, core),
        *_compute_explanations(workload, shape, core, model_src),
        *_cluster_explanations(workload, core, cluster),
    ]


def _model_source(catalog: Catalog, shape: ResolvedShape) -> str:
    """Source of the model's shape: its catalog preset's, else the project."""
    model_src = "project"
    if shape.model_id is not None:
        for p in catalog.models:
            if p.id == shape.model_id:
                model_src = p.provenance.source
                break
    return model_src


def _framework_source(fw: Framework) -> str:
    """Source of the memory accounting of framework ``fw``."""
    return {
        Framework.MEGATRON: _MEGATRON_SRC,
        Framework.DEEPSPEED: _DEEPSPEED_SRC,
        Framework.DDP: _DDP_SRC,
    }.get(fw, _ZERO_SRC)


def _state_texts(
    workload: Workload, shape: ResolvedShape, dp: int, ref: _RefMaker
) -> tuple[str, str, list[InputRef], str]:
    """Weights and gradients formulas for the framework, the expert-parallel
    inputs and the source: (weights, gradients, inputs, source)."""
    fw = workload.framework
    fw_src = _framework_source(fw)
    stage = (
        "P = most-loaded pipeline stage, (N_layers/pp + V·h)/tp"
        if fw in (Framework.MEGATRON, Framework.DEEPSPEED) and workload.pp > 1
        else "P = N/(tp·pp)"
    )
    weights_text = {
        Framework.MEGATRON: f"P·w ({stage}; w = 2 B bf16)",
        Framework.DEEPSPEED: f"P·w, ÷dp with ZeRO-3 ({stage}; w = 2 B bf16)",
        Framework.DDP: f"P·4 (fp32 weights under AMP; {stage})",
    }.get(
        fw,
        "N·w/(tp·pp), ÷dp with ZeRO-3 (w = 2 B bf16; LoRA: frozen base; QLoRA: "
        f"{workload.qlora_base_bits:g} bit)",
    )
    grads_text = {
        Framework.MEGATRON: f"P·4: fp32 main gradients ({stage})",
        Framework.DEEPSPEED: "P·(2 ÷dp with ZeRO-2 + 4 fp32 partition ÷dp with "
        f"ZeRO ≥ 1); ZeRO-3: P·4/dp ({stage})",
        Framework.DDP: f"P·4 fp32 gradients ({stage}); bucket copy in overhead",
    }.get(fw, "N_trainable·2/(tp·pp), ÷dp with ZeRO ≥ 2")
    ep_refs, ep_src = [], fw_src
    ep_planned = _expert_parallel(workload, shape, dp)
    if ep_planned > 1:
        ep_note = (
            "; routed experts E/(tp·pp·ep) per GPU, their sharded parts over "
            "dp/ep (expert data parallelism)"
        )
        weights_text += ep_note
        grads_text += ep_note
        ep_refs = [
            ref(
                "workload.expert_parallel",
                ep_planned,
                "",
                "project" if workload.expert_parallel is not None else "engine",
            )
        ]
        ep_src = f"{fw_src}; {_MEGATRON_SRC}, expert-sharded parameters"
        etp = expert_tensor_parallel(workload, shape)
        if etp is not None and etp != workload.tp:
            weights_text += f"; etp = {etp} in place of tp for the routed experts"
            ep_refs.append(ref("workload.expert_tensor_parallel", etp, ""))
    return weights_text, grads_text, ep_refs, ep_src


def _model_state_explanations(
    workload: Workload,
    shape: ResolvedShape,
    core: _Core,
    cluster: ClusterResult,
    model_src: str,
) -> list[Explanation]:
    """Weights, gradients and optimizer states per GPU."""
    ref = _ref_maker(core.gpu, workload.precision)
    ex = _explanation
    params = ref("shape.params_total", shape.params_total, "params", model_src)
    z = ref("workload.zero_stage", workload.zero_stage, "")
    dp = ref("cluster.dp", cluster.dp, "")
    tp = ref("workload.tp", workload.tp, "")
    pp = ref("workload.pp", workload.pp, "")
    fwr = ref("workload.framework", workload.framework.value, "")
    weights_text, grads_text, ep_refs, ep_src = _state_texts(
        workload, shape, cluster.dp, ref
    )
    cp_refs = _cp_refs(workload, ref)
    paged = paged_optimizer(workload)  # paged out: only the fp32 master counts
    paged_refs = [ref("workload.paged_optimizer", "true", "")] if paged else []
    if cp_refs:
        ep_refs = [*ep_refs, *cp_refs]
        ep_src += _CP_SRC
    return [
        ex(
            "memory.per_gpu.weights_bytes",
            weights_text,
            [params, tp, pp, z, dp, fwr, *ep_refs],
            ep_src,
        ),
        ex(
            "memory.per_gpu.gradients_bytes",
            grads_text,
            [params, tp, pp, z, dp, fwr, *ep_refs],
            ep_src,
        ),
        ex(
            "memory.per_gpu.optimizer_bytes",
            "N_trainable·o/(tp·pp), ÷dp with ZeRO ≥ 1 (AdamW o = 12, 8-bit AdamW 6, "
            "SGD 8); with context parallelism the shards are over dp·cp ranks"
            + ("; paged (bitsandbytes): the 4 B fp32 master only" if paged else ""),
            [
                params,
                ref("workload.optimizer", workload.optimizer.value, ""),
                tp,
                pp,
                z,
                dp,
                *cp_refs,
                *paged_refs,
            ],
            _ZERO_SRC
            + "; Dettmers et al. 2022, arXiv:2110.02861"
            + (_CP_SRC if context_parallel(workload) > 1 else "")
            + (
                "; Dettmers et al. 2023, QLoRA, arXiv:2305.14314, section 3 "
                "(paged optimizers)"
                if paged
                else ""
            ),
        ),
    ]


def _cp_refs(workload: Workload, ref: _RefMaker) -> list[InputRef]:
    """The context-parallel ranks as an input, when the plan splits sequences."""
    cp = context_parallel(workload)
    return [ref("workload.context_parallel", cp, "")] if cp > 1 else []


_CP_SRC: Final = (
    "; Megatron-LM docs/user-guide/features/context_parallel.md and "
    "megatron/core/distributed/distributed_data_parallel.py, commit d98e8a64 "
    "(context parallelism)"
)


def _virtual_refs(workload: Workload, ref: _RefMaker) -> list[InputRef]:
    """The virtual pipeline stages as an input, when the plan interleaves."""
    if workload.virtual_pipeline is None or workload.pp <= 1:
        return []
    return [ref("workload.virtual_pipeline", workload.virtual_pipeline, "")]


def _activation_explanations(
    workload: Workload, shape: ResolvedShape, core: _Core, model_src: str
) -> list[Explanation]:
    """Activations and KV cache per GPU."""
    ref = _ref_maker(core.gpu, workload.precision)
    ex = _explanation
    tp = ref("workload.tp", workload.tp, "")
    seq = ref("workload.seq_len", workload.seq_len, "tokens")
    return [
        ex(
            "memory.per_gpu.activations_bytes",
            "L·s·b·h·(34/t + 5·a·s/(h·t)) with SP, (10 + 24/t + 5as/(ht)) without; "
            "score term dropped by selective recompute/FlashAttention; lean recompute "
            "also drops the norm outputs and the MoE activation output; FP8 caches "
            "the linear inputs in 1 byte; 2·s·b·h with full recompute; GQA/SwiGLU/MoE "
            "adjusted; 1F1B keeps L layers' worth, × (1 + (pp − 1)/(pp·v)) "
            "with v interleaved (virtual) stages; ÷ cp with cp context-parallel "
            "ranks (each holds s/cp of the sequence)",
            [
                ref("shape.layers", shape.layers, "", model_src),
                ref("shape.hidden", shape.hidden, "", model_src),
                ref("shape.heads", shape.heads, "", model_src),
                seq,
                ref("workload.micro_batch", workload.micro_batch, "sequences"),
                tp,
                ref("workload.recompute", workload.recompute.value, ""),
                ref("workload.flash_attention", str(workload.flash_attention), ""),
                ref("workload.precision", workload.precision.value, ""),
                *_virtual_refs(workload, ref),
                *_cp_refs(workload, ref),
            ],
            _KORTHIKANTI_SRC
            + (
                "; Narayanan et al. 2021, arXiv:2104.04473, section 2.2.2 "
                "(interleaved schedule)"
                if workload.virtual_pipeline
                else ""
            )
            + (_CP_SRC if context_parallel(workload) > 1 else ""),
        ),
        ex(
            "memory.per_gpu.kv_cache_bytes",
            "2·L·kv_heads·head_dim·bytes·context·concurrency/(tp·pp)",
            [
                ref("shape.kv_heads", shape.kv_heads, "", model_src),
                ref(
                    "workload.inference_context_len",
                    workload.inference_context_len,
                    "tokens",
                ),
                ref(
                    "workload.inference_concurrency", workload.inference_concurrency, ""
                ),
            ],
            "Pope et al. 2022, arXiv:2211.05102",
        ),
    ]


def _overhead_explanations(workload: Workload, core: _Core) -> list[Explanation]:
    """Framework overhead and the total per GPU against the card's memory."""
    gpu = core.gpu
    gsrc = gpu.provenance.source
    ref = _ref_maker(gpu, workload.precision)
    ex = _explanation
    fw = workload.framework
    return [
        ex(
            "memory.per_gpu.overhead_bytes",
            "CUDA context + workspaces + NCCL buffers"
            + {
                Framework.DEEPSPEED: " + one 16-bit bucket of 5e8 elements (ZeRO ≥ 1) "
                "+ 4 B × largest layer gathered (ZeRO-3)",
                Framework.DDP: " + gradient buckets 4 B/param",
            }.get(fw, ""),
            [
                ref(
                    "workload.framework_overhead_gib",
                    workload.framework_overhead_gib
                    if workload.framework_overhead_gib is not None
                    else mem.DEFAULT_OVERHEAD_BYTES / mem.GIB,
                    "GiB",
                    "project"
                    if workload.framework_overhead_gib is not None
                    else "engine default",
                )
            ],
            "PyTorch docs, CUDA semantics"
            + ("" if fw is Framework.FSDP else "; " + _framework_source(fw)),
        ),
        ex(
            "memory.per_gpu.total_bytes",
            "weights + gradients + optimizer + activations + KV cache + overhead; "
            f"fits if ≤ {MEMORY_HEADROOM:.0%} of the card",
            [ref(f"catalog.gpus.{gpu.id}.memory_gb", gpu.memory_gb, "GiB", gsrc)],
            _ZERO_SRC + "; " + _KORTHIKANTI_SRC,
        ),
    ]


def _compute_explanations(
    workload: Workload, shape: ResolvedShape, core: _Core, model_src: str
) -> list[Explanation]:
    """Model FLOPs, GPU-hours and the redundancy margin."""
    gpu = core.gpu
    gsrc = gpu.provenance.source
    ref = _ref_maker(gpu, workload.precision)
    ex = _explanation
    active = ref("shape.params_active", shape.params_active, "params", model_src)
    mfu_src = gsrc if core.mfu_source == "catalog" else core.mfu_source
    mfu = ref("compute.mfu", core.mfu, "", mfu_src)
    peak = ref(f"catalog.gpus.{gpu.id}.peak_tflops", core.peak_tflops, "TFLOP/s", gsrc)
    tokens = ref("workload.tokens_billion", workload.tokens_billion, "1e9 tokens")
    seq = ref("workload.seq_len", workload.seq_len, "tokens")
    return [
        ex(
            "compute.train_flops",
            "model FLOPs (6·N_active + 6·L·s·w)·D as Megatron-LM counts them: "
            "causal attention, N without the input embedding, no recompute "
            "(LoRA 4N; inference 2N + 4Lsw; MLA w = a·(d_qk + d_v)/2)",
            [active, tokens, seq, ref("shape.layers", shape.layers, "", model_src)],
            _NARAYANAN_SRC + "; Kaplan et al. 2020; Hoffmann et al. 2022, App. F",
        ),
        ex(
            "compute.gpu_hours",
            "train_flops / (peak·1e12·MFU·3600); default MFU = default_mfu(GPU)·"
            f"exp({cmp.MFU_MODEL_SIZE_COEF:g}·ln(N_active/70e9)·ln(peak/312) − "
            f"{cmp.MFU_MODEL_SEQ_COEF:g}·ln(seq/4096)), peak no less than 312, "
            f"seq within {cmp.MFU_MODEL_SEQ_RANGE[0]:,}–{cmp.MFU_MODEL_SEQ_RANGE[1]:,}, "
            "× 0.75 with full "
            f"recompute, fitted to {cmp.CALIBRATION_RUNS} published runs; "
            f"P10–P90 = ×exp(∓{cmp.Z_P90:g}·{cmp.MFU_MODEL_LOG_SIGMA:g}), "
            "the spread left out of the fit",
            [
                peak,
                mfu,
                ref("workload.precision", workload.precision.value, ""),
                ref("workload.recompute", workload.recompute.value, ""),
                ref(
                    "compute.recompute_mfu_factor",
                    core.recompute_mfu_factor,
                    "",
                    "engine: model/hardware FLOPs",
                ),
            ],
            _NARAYANAN_SRC + "; Dao 2023, FlashAttention-2, arXiv:2307.08691; "
            "published pre-training runs (Llama 2 Table 2, Llama 3 model card, "
            "DeepSeek-V3 Table 1, Granite 3.0 Table 7, BLOOM, LLaMA Table 15, "
            "JetMoE, TinyLlama)",
        ),
        ex(
            "compute.gpu_hours_with_redundancy",
            "gpu_hours × 1.5",
            [
                ref(
                    "redundancy_factor",
                    cmp.REDUNDANCY_FACTOR,
                    "",
                    article("002", "redundancy"),
                )
            ],
            article("002"),
        ),
    ]


def _cluster_explanations(
    workload: Workload, core: _Core, cluster: ClusterResult
) -> list[Explanation]:
    """Minimum cards, days and the cards the deadline needs."""
    gpu = core.gpu
    gsrc = gpu.provenance.source
    ref = _ref_maker(gpu, workload.precision)
    ex = _explanation
    z = ref("workload.zero_stage", workload.zero_stage, "")
    tp = ref("workload.tp", workload.tp, "")
    pp = ref("workload.pp", workload.pp, "")
    return [
        ex(
            "cluster.min_gpus",
            "smallest dp·tp·pp with A + B/dp ≤ 0.9·capacity (B = ZeRO-sharded states)",
            [
                ref(f"catalog.gpus.{gpu.id}.memory_gb", gpu.memory_gb, "GiB", gsrc),
                z,
                tp,
                pp,
            ],
            _ZERO_SRC,
        ),
        ex(
            "cluster.days",
            "gpu_hours / (gpus·24·efficiency); efficiency = t_c/(t_c + max(0, "
            "t_allreduce − 0.5·t_backward)), t_allreduce = 2(n−1)/n·grad_bytes/bandwidth",
            [
                ref("cluster.gpus", cluster.gpus, "cards"),
                ref("cluster.scaling_efficiency", cluster.scaling_efficiency, ""),
                ref(
                    "cluster.network_id",
                    cluster.network_id,
                    "",
                    "project" if workload.network_id else "engine: class needed",
                ),
            ],
            "Patarasuk & Yuan 2009 (ring all-reduce); Li et al. 2020, arXiv:2006.15704",
        ),
        ex(
            "cluster.gpus_for_deadline",
            "smallest card count with days ≤ deadline",
            [
                ref(
                    "workload.deadline_days",
                    workload.deadline_days
                    if workload.deadline_days is not None
                    else "none",
                    "days",
                )
            ],
            "Patarasuk & Yuan 2009",
        ),
    ]


def _more_explanations(
    workload: Workload,
    shape: ResolvedShape,
    core: _Core,
    compute: ComputeResult,
    cluster: ClusterResult,
    storage: StorageResult,
    choice: _NetworkChoice,
) -> list[Explanation]:
    """Network choice, scaling, checkpoints, Chinchilla and decode throughput."""
    out = [
        _network_choice_explanation(workload, core, cluster, choice),
        _scaling_explanation(workload, core, cluster),
        *_storage_explanations(workload, shape, core, storage),
        _chinchilla_explanation(workload, shape, core),
    ]
    if compute.decode_tokens_per_s_per_gpu is not None:
        out.append(_decode_explanation(workload, shape, core))
    return out


def _net_refs(
    ref: _RefMaker, n: NetworkClass, efficiency: float | None, gpus: int
) -> list[InputRef]:
    """Bandwidth and efficiency of class ``n``, and its scaling efficiency."""
    src, ok = n.provenance.source, n.provenance.confirmed
    out = [
        ref(
            f"catalog.networks.{n.id}.bandwidth_gbit_per_s_per_gpu",
            n.bandwidth_gbit_per_s_per_gpu,
            "Gbit/s",
            src,
            ok,
        ),
        ref(f"catalog.networks.{n.id}.efficiency", n.efficiency, "", src, ok),
    ]
    if efficiency is not None:
        out.append(
            ref(
                valued_name("scaling_efficiency_at", network=n.id, cards=gpus),
                round(efficiency, 4),
                "",
                "engine",
            )
        )
    return out


def _network_choice_explanation(
    workload: Workload, core: _Core, cluster: ClusterResult, choice: _NetworkChoice
) -> Explanation:
    """Why the plan needs this inter-node class (or none)."""
    gpu = core.gpu
    gsrc = gpu.provenance.source
    ref = _ref_maker(gpu, workload.precision)

    def net_refs(n: NetworkClass, efficiency: float | None) -> list[InputRef]:
        return _net_refs(ref, n, efficiency, cluster.gpus)

    gpus = ref("cluster.gpus", cluster.gpus, "cards")
    target = ref(
        "network.TARGET_SCALING_EFFICIENCY",
        net.TARGET_SCALING_EFFICIENCY,
        "",
        article("002", "slow_networks"),
    )
    if choice.needed is None:
        network_formula = (
            f"{cluster.gpus} cards fit in one server ({gpu.gpus_per_server} per "
            "server) or the task is serving: no inter-node class is needed; the "
            f"server's own link ({cluster.network_id}) carries the traffic"
        )
        network_inputs = [
            gpus,
            ref(
                f"catalog.gpus.{gpu.id}.gpus_per_server",
                gpu.gpus_per_server,
                "cards",
                gsrc,
            ),
        ]
    else:
        verdict = (
            f"the next slower class {choice.slower.id} keeps only "
            f"{choice.slower_efficiency:.0%}"
            if choice.slower is not None and choice.slower_efficiency is not None
            else "it is the slowest inter-node class in the catalog"
        )
        if choice.needed_efficiency < net.TARGET_SCALING_EFFICIENCY:
            verdict = "no class reaches the target: the fastest one is taken"
        network_formula = (
            "slowest inter-node class (catalog, slowest first by Gbit/s × "
            "efficiency) whose scaling efficiency at the planned card count is ≥ "
            f"{net.TARGET_SCALING_EFFICIENCY:.0%}: {choice.needed.id} keeps "
            f"{choice.needed_efficiency:.1%} at {cluster.gpus} cards; {verdict}. "
            "efficiency = t_c / (t_c + max(0, t_allreduce − 0.5·t_backward))"
        )
        network_inputs = [
            gpus,
            target,
            *net_refs(choice.needed, choice.needed_efficiency),
        ]
        if choice.slower is not None:
            network_inputs += net_refs(choice.slower, choice.slower_efficiency)
    return _explanation(
        "cluster.network_needed_id", network_formula, network_inputs, _RING_SRC
    )


def _scaling_explanation(
    workload: Workload, core: _Core, cluster: ClusterResult
) -> Explanation:
    """The scaling efficiency on the planned cards and network."""
    gsrc = core.gpu.provenance.source
    ref = _ref_maker(core.gpu, workload.precision)
    gpus = ref("cluster.gpus", cluster.gpus, "cards")
    dp = ref("cluster.dp", cluster.dp, "")
    grad = ref(
        "gradient bytes per rank (bf16 / (tp·pp))",
        core.state.trainable_params
        * 2.0
        * context_parallel(workload)
        / max(core.unit, 1),
        "B",
        "engine",
    )
    link_name = cluster.network_id
    return _explanation(
        "cluster.scaling_efficiency",
        "e(link) / max(e(reference), 0.8), at most 1: the default MFU already "
        "holds the traffic of a ZeRO-1 job on 200 Gb/s; e = t_c / (t_c + "
        "exposed); t_c = flops_per_token·batch_tokens / "
        "(gpus·peak·MFU); A = 2(dp−1)/dp·grad_bytes / bandwidth; m micro-batches "
        "per step, t_mb = t_c/m; exposed = max(0, A − 0.5·(2/3)·t_mb) for ZeRO "
        "0–1 (one reduction per step), m·max(0, A/2 − 0.5·(2/3)·t_mb) + A/2 for "
        "ZeRO-2, m·max(0, 1.5·A − 0.5·t_mb) for ZeRO-3 (weights gathered every "
        "micro-batch); ÷ (1 + (pp − 1)/m), the 1F1B pipeline bubble, "
        "(pp − 1)/(v·m) with v interleaved stages; 1 for serving",
        [
            gpus,
            dp,
            ref(
                "micro-batches per step per rank",
                _micro_batches(workload, cluster.dp),
                "count",
                "engine",
            ),
            grad,
            ref("workload.pp", workload.pp, ""),
            *_virtual_refs(workload, ref),
            ref("cluster.network_id", link_name, "", "engine: class used"),
            ref("workload.zero_stage", workload.zero_stage, ""),
            ref(
                "compute.mfu",
                core.mfu,
                "",
                gsrc if core.mfu_source == "catalog" else core.mfu_source,
            ),
        ],
        _RING_SRC + "; Kaplan et al. 2020, arXiv:2001.08361 (backward ≈ 2× forward); "
        "Wang et al. 2023, ZeRO++, arXiv:2306.10209; Narayanan et al. 2021, "
        "arXiv:2104.04473, section 2.2.1 (pipeline bubble), section 2.2.2 "
        "(interleaved schedule)",
    )


def _storage_explanations(
    workload: Workload, shape: ResolvedShape, core: _Core, storage: StorageResult
) -> list[Explanation]:
    """Checkpoint size and the write speed that saves it in time."""
    ref = _ref_maker(core.gpu, workload.precision)
    ex = _explanation
    ckpt_inputs = [
        ref("shape.params_total", shape.params_total, "params"),
        ref("workload.optimizer", workload.optimizer.value, ""),
        ref("workload.task", workload.task.value, ""),
    ]
    if workload.task is TaskKind.INFERENCE:
        ckpt_formula = "params_total × bytes per weight (2 bf16/fp16, 1 fp8)"
        ckpt_inputs.append(ref("workload.precision", workload.precision.value, ""))
    else:
        ckpt_formula = (
            "trainable params × (bf16 weights 2 B + optimizer states incl. fp32 "
            "master: AdamW 12 B, 8-bit AdamW 6 B, SGD 8 B); LoRA/QLoRA: the "
            "adapters only. Written in ≤ 300 s: bytes / 1e9 / 300 GB/s"
        )
    return [
        ex(
            "storage.checkpoint_bytes",
            ckpt_formula,
            ckpt_inputs,
            "Rajbhandari et al. 2020, ZeRO, arXiv:1910.02054, section 3",
        ),
        ex(
            "storage.checkpoint_write_gb_per_s",
            "checkpoint_bytes / 1e9 / target seconds (so hourly checkpoints cost "
            "< 10 % of the run without asynchronous saving)",
            [
                ref(
                    "storage.checkpoint_bytes", storage.checkpoint_bytes, "B", "engine"
                ),
                ref(
                    "sizing.CHECKPOINT_WRITE_TARGET_S",
                    storage.checkpoint_write_target_s,
                    "s",
                    "engine default",
                ),
            ],
            "Mohan et al. 2021, CheckFreq, USENIX FAST '21 (checkpoint stalls)",
        ),
    ]


def _chinchilla_explanation(
    workload: Workload, shape: ResolvedShape, core: _Core
) -> Explanation:
    """The compute-optimal token count."""
    ref = _ref_maker(core.gpu, workload.precision)
    return _explanation(
        "compute.chinchilla_tokens",
        "20 × active parameters",
        [
            ref("shape.params_active", shape.params_active, "params"),
            ref(
                "compute.CHINCHILLA_TOKENS_PER_PARAM",
                cmp.CHINCHILLA_TOKENS_PER_PARAM,
                "tokens/param",
                "Hoffmann et al. 2022",
            ),
        ],
        "Hoffmann et al. 2022, Training Compute-Optimal LLMs, arXiv:2203.15556",
    )


def _decode_explanation(
    workload: Workload, shape: ResolvedShape, core: _Core
) -> Explanation:
    """Decode throughput per GPU of a serving replica."""
    gpu = core.gpu
    gsrc = gpu.provenance.source
    ref = _ref_maker(gpu, workload.precision)
    return _explanation(
        "compute.decode_tokens_per_s_per_gpu",
        "concurrency / step / n: step = max((2·N_active + 4·L·s·d) · "
        "concurrency / (n · peak · η_c), (weights read + KV cache) / "
        "(n · bandwidth · η_b)) + tensor-parallel all-reduces + per-step "
        "overhead; η_c, η_b and the overhead fitted to published vLLM runs "
        "on this GPU generation (serving_factors.json); n = cards per replica",
        [
            ref(
                f"catalog.gpus.{gpu.id}.memory_bandwidth_tb_per_s",
                gpu.memory_bandwidth_tb_per_s,
                "TB/s",
                gsrc,
            ),
            ref(
                f"catalog.gpus.{gpu.id}.peak_tflops",
                core.peak_tflops,
                "TFLOP/s",
                gsrc,
            ),
            ref("shape.params_active", shape.params_active, "params"),
            ref(
                "workload.inference_context_len",
                workload.inference_context_len,
                "tokens",
            ),
            ref(
                "workload.inference_concurrency",
                workload.inference_concurrency,
                "",
            ),
            ref("workload.precision", workload.precision.value, ""),
            ref("cards per replica", core.unit, "cards", "engine"),
        ],
        "Pope et al. 2022, arXiv:2211.05102, sections 2-3; Kwon et al. "
        "2023, vLLM, arXiv:2309.06180",
    )
