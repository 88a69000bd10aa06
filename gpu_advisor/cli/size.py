"""``gpu-advisor-cli size``: memory, compute and cluster size of a workload."""

from __future__ import annotations

import argparse
from typing import Any

from pydantic import ValidationError

from gpu_advisor import words
from gpu_advisor.cli._common import (
    CliError,
    add_language_option,
    new_plan_language,
    parse_number,
    positive_int,
    print_json,
)
from gpu_advisor.engine.api import size_what_if
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import (
    Framework,
    ModelShape,
    Optimizer,
    TaskKind,
    Workload,
)
from gpu_advisor.model.sizing_results import SizingResult
from gpu_advisor.report.formulas import formula_text
from gpu_advisor.report.numbers import plain_number

_TASKS = ("pretrain", "full-finetune", "lora", "qlora", "inference")


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add the ``size`` sub-command."""
    p = subparsers.add_parser(
        "size",
        help="size a training or serving workload",
        description="Memory per GPU, GPU-hours, minimum cards and days for a workload.",
    )
    p.add_argument("--params", type=parse_number, help="parameters, e.g. 7B or 7e9")
    p.add_argument("--active-params", type=parse_number, help="active parameters (MoE)")
    p.add_argument("--tokens", type=parse_number, help="training tokens, e.g. 2T")
    p.add_argument("--gpu", help="GPU id (see `catalog gpus`)")
    p.add_argument("--task", choices=_TASKS, default=None)
    p.add_argument("--model", help="model preset id (see `catalog models`)")
    for flag in ("layers", "hidden", "heads", "kv-heads", "ffn", "vocab"):
        p.add_argument(f"--{flag}", type=positive_int)
    p.add_argument(
        "--mlp",
        choices=("gated", "plain"),
        help="MLP kind of a shape: gated (SwiGLU/GeGLU, 3 matrices: Llama, Qwen, "
        "Mistral, DeepSeek, Gemma) or plain (GeLU, 2: GPT-2, BLOOM, Falcon); "
        "default: plain when --ffn is 4 × --hidden, else gated",
    )
    p.add_argument(
        "--tied-embeddings",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="the output head of a shape shares the input embedding's matrix "
        "(Llama 3.2 1B/3B, Gemma, Qwen2.5 up to 3B: config.json's "
        "tie_word_embeddings): V·h parameters once, not twice (default: untied)",
    )
    _add_moe_flags(p)
    _add_attention_flags(p)
    p.add_argument("--seq-len", type=positive_int)
    p.add_argument("--micro-batch", type=positive_int)
    p.add_argument("--global-batch", type=positive_int, help="sequences per step")
    p.add_argument("--precision", choices=("bf16", "fp16", "fp8"))
    p.add_argument("--optimizer", choices=("adamw", "adamw-8bit", "sgd"))
    _add_layout_flags(p)
    p.add_argument("--lora-rank", type=positive_int)
    p.add_argument(
        "--lora-targets",
        metavar="LAYERS",
        help="comma-separated linear layers LoRA/QLoRA adapts among "
        "q,k,v,o,gate,up,down (e.g. q,v as in the LoRA paper); default: all seven",
    )
    p.add_argument(
        "--qlora-bits",
        type=parse_number,
        help="storage of the frozen QLoRA base [bit/param]; default 4.127 "
        "(NF4 with double quantisation)",
    )
    p.add_argument("--context-len", type=positive_int, help="inference context length")
    p.add_argument(
        "--concurrency", type=positive_int, help="inference concurrent sequences"
    )
    p.add_argument("--mfu", type=parse_number)
    p.add_argument("--gpus", type=positive_int, help="total cards")
    p.add_argument("--deadline-days", type=parse_number)
    p.add_argument("--network", help="inter-node network id (see `catalog networks`)")
    p.add_argument("--candidates", help="comma-separated candidate GPU ids")
    add_language_option(
        p,
        default=new_plan_language(),
        help_text="default: a new plan's language, as report's is the plan's "
        f"({new_plan_language()})",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def _add_layout_flags(p: argparse.ArgumentParser) -> None:
    """How the training is laid out: sharding, parallelism, recompute."""
    p.add_argument("--zero", type=int, choices=(0, 1, 2, 3))
    p.add_argument(
        "--framework",
        choices=("fsdp", "megatron", "deepspeed", "ddp"),
        help="memory accounting to follow (default fsdp)",
    )
    p.add_argument("--dp", type=positive_int)
    p.add_argument("--tp", type=positive_int)
    p.add_argument("--pp", type=positive_int)
    p.add_argument(
        "--virtual-stages",
        type=positive_int,
        metavar="V",
        help="model chunks per pipeline stage of the interleaved schedule "
        "(Megatron-LM --num-virtual-stages-per-pipeline-rank, at least 2): the "
        "bubble shrinks V-fold, the first stage holds 1 + (pp - 1)/(pp * V) "
        "times the activations (default: plain 1F1B)",
    )
    p.add_argument(
        "--context-parallel",
        type=positive_int,
        metavar="C",
        help="context-parallel ranks (Megatron-LM --context-parallel-size): each "
        "sequence is split over C cards, activations per card are 1/C, a replica "
        "spans tp * pp * C cards and the optimizer shards over dp * C; the "
        "sequence length must be a multiple of 2 * C (training; default 1: none)",
    )
    p.add_argument(
        "--expert-parallel",
        type=positive_int,
        metavar="N",
        help="expert-parallel degree of an MoE model: the routed experts are "
        "split over N data-parallel ranks (default: as far as the experts and "
        "the data-parallel degree both divide)",
    )
    p.add_argument(
        "--expert-tensor-parallel",
        type=positive_int,
        metavar="N",
        help="tensor-parallel ranks of an MoE model's routed experts (Megatron-LM "
        "--expert-tensor-parallel-size): each card holds E/(pp * N * ep) of them "
        "(default: the same as --tp; no effect on a dense model)",
    )
    p.add_argument(
        "--sequence-parallel", action=argparse.BooleanOptionalAction, default=None
    )
    p.add_argument(
        "--offload-optimizer",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="ZeRO-Offload: gradients, fp32 master weights and optimizer states "
        "in CPU memory (--framework deepspeed or fsdp)",
    )
    p.add_argument(
        "--paged-optimizer",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="bitsandbytes paged AdamW (or 8-bit AdamW): the optimizer states may "
        "be evicted to CPU memory when the card runs short, so the fit does not "
        "count them; steps that page are slower (LoRA/QLoRA, or full training "
        "with --framework fsdp or ddp)",
    )
    p.add_argument(
        "--recompute",
        choices=("none", "selective", "lean", "full"),
        help="activation recompute: selective drops the attention scores; lean "
        "also recomputes the norms and the MoE experts' activation (DeepSeek-V3; "
        "Megatron-LM --recompute-modules core_attn layernorm moe_act); full "
        "keeps only each layer's input",
    )
    p.add_argument(
        "--flash-attention", action=argparse.BooleanOptionalAction, default=None
    )


def _add_moe_flags(p: argparse.ArgumentParser) -> None:
    """A mixture-of-experts shape beside the dense shape flags (as config.json states it)."""
    p.add_argument(
        "--experts",
        type=positive_int,
        metavar="N",
        help="routed experts per MoE layer (config.json: num_local_experts, "
        "num_experts, n_routed_experts)",
    )
    p.add_argument(
        "--active-experts",
        type=positive_int,
        metavar="K",
        help="routed experts each token uses (num_experts_per_tok)",
    )
    p.add_argument(
        "--shared-experts",
        type=int,
        metavar="S",
        help="always-on shared experts of the --expert-ffn width (n_shared_experts; "
        "Qwen's shared_expert_intermediate_size ÷ moe_intermediate_size)",
    )
    p.add_argument(
        "--expert-ffn",
        type=positive_int,
        metavar="F",
        help="width of one expert's MLP (moe_intermediate_size; Mixtral: "
        "intermediate_size)",
    )
    p.add_argument(
        "--head-dim",
        type=positive_int,
        help="width of one attention head (config.json head_dim) when it is "
        "not --hidden ÷ --heads (Qwen3, Gemma)",
    )
    p.add_argument(
        "--dense-layers",
        type=int,
        metavar="D",
        help="leading layers with a dense MLP of --ffn width (first_k_dense_replace)",
    )


def _add_attention_flags(p: argparse.ArgumentParser) -> None:
    """Sliding-window attention and multi-token prediction of a shape."""
    p.add_argument(
        "--sliding-window",
        type=positive_int,
        metavar="W",
        help="keys a query attends to at most (config.json sliding_window; "
        "Mistral 7B v0.1 and Gemma 2: 4096, Gemma 3: 1024); default: full attention",
    )
    p.add_argument(
        "--sliding-window-layers",
        type=int,
        metavar="N",
        help="how many layers use the window (Gemma 2 9B: 21 of 42, every other; "
        "Gemma 3 27B: 52 of 62, five in six); default: all layers",
    )
    p.add_argument(
        "--mtp-layers",
        type=int,
        metavar="D",
        help="multi-token prediction modules trained with the shape (DeepSeek-V3: "
        "1; config.json num_nextn_predict_layers, Megatron-LM --mtp-num-layers): "
        "each one block and a 2h×h projection, sharing the embedding and output "
        "head; counted for pretraining and full fine-tuning (default: none)",
    )


def _moe_fields(args: argparse.Namespace) -> dict[str, Any]:
    """The MoE part of a shape from its flags; {} for a dense shape.

    ``--experts`` and ``--active-experts`` go together; the others need them.
    Without ``--ffn`` the dense MLP width is the expert width, so the width
    rule of an unstated ``--mlp`` reads the experts' MLP.
    """
    given = {
        "experts": args.experts,
        "active_experts": args.active_experts,
        "shared_experts": args.shared_experts,
        "moe_ffn_hidden": args.expert_ffn,
        "dense_layers": args.dense_layers,
    }
    given = {k: v for k, v in given.items() if v is not None}
    if not given:
        return {}
    if args.experts is None or args.active_experts is None:
        raise CliError(
            "an MoE shape needs --experts N and --active-experts K "
            "(--shared-experts, --expert-ffn and --dense-layers describe it further)"
        )
    if args.ffn is None:
        given["ffn_hidden"] = args.expert_ffn or (
            4 * args.hidden if args.hidden else None
        )
        if given["ffn_hidden"] is None:
            del given["ffn_hidden"]
    return given


def _field_of(exc: ValidationError) -> str:
    err = exc.errors()[0]
    loc = ".".join(str(x) for x in err["loc"]) or "workload"
    return f"invalid value for {loc}: {err['msg']}"


def _model_fields(args: argparse.Namespace, catalog: Catalog) -> dict[str, Any]:
    """The model: a catalog preset, or a shape from ``--params`` and shape flags."""
    data: dict[str, Any] = {}
    shape_flags = {
        "layers": args.layers,
        "hidden": args.hidden,
        "heads": args.heads,
        "kv_heads": args.kv_heads,
        "ffn_hidden": args.ffn,
        "vocab": args.vocab,
        "gated_mlp": None if args.mlp is None else args.mlp == "gated",
        "tied_embeddings": args.tied_embeddings,
        "head_dim": args.head_dim,
        "sliding_window": args.sliding_window,
        "sliding_window_layers": args.sliding_window_layers,
        "mtp_layers": args.mtp_layers,
    }
    given_shape = {k: v for k, v in shape_flags.items() if v is not None}
    if args.sliding_window_layers is not None and args.sliding_window is None:
        raise CliError("--sliding-window-layers needs --sliding-window W")
    given_shape.update(_moe_fields(args))
    if args.model is not None:
        if args.model not in {m.id for m in catalog.models}:
            raise CliError(
                f"unknown model {args.model!r}; see `gpu-advisor-cli catalog models`"
            )
        data["model_preset"] = args.model
        if args.params is not None or given_shape:
            raise CliError("give either --model or --params/shape flags, not both")
        return data
    if args.params is None and not given_shape:
        raise CliError("need --model PRESET or --params N (e.g. --params 7B)")
    if "heads" in given_shape and "kv_heads" not in given_shape:
        given_shape["kv_heads"] = given_shape["heads"]
    if "hidden" in given_shape and "ffn_hidden" not in given_shape:
        given_shape["ffn_hidden"] = 4 * given_shape["hidden"]
    shape: dict[str, Any] = dict(given_shape)
    if args.params is not None:
        shape["params_billion"] = args.params / 1e9
    if args.active_params is not None:
        shape["active_params_billion"] = args.active_params / 1e9
    try:
        data["shape"] = ModelShape(**shape)
    except ValidationError as exc:
        raise CliError(_field_of(exc).replace("for ", "for shape.", 1)) from None
    data["model_preset"] = None
    return data


def _hardware_fields(args: argparse.Namespace, catalog: Catalog) -> dict[str, Any]:
    """The GPU and candidate GPUs, after checking them and the network in the catalog."""
    data: dict[str, Any] = {}
    if args.gpu is not None:
        if args.gpu not in {g.id for g in catalog.gpus}:
            raise CliError(
                f"unknown GPU {args.gpu!r}; see `gpu-advisor-cli catalog gpus`"
            )
        data["gpu_id"] = args.gpu
    if args.network is not None and args.network not in {
        n.id for n in catalog.networks
    }:
        raise CliError(
            f"unknown network {args.network!r}; see `gpu-advisor-cli catalog networks`"
        )
    if args.candidates is not None:
        cands = [c.strip() for c in args.candidates.split(",") if c.strip()]
        unknown = [c for c in cands if c not in {g.id for g in catalog.gpus}]
        if unknown:
            raise CliError(f"unknown candidate GPU {unknown[0]!r}")
        data["gpu_candidates"] = cands
    return data


def _simple_fields(args: argparse.Namespace) -> dict[str, Any]:
    """The flags copied to one workload field each (only those given)."""
    simple = {
        "tokens_billion": None if args.tokens is None else args.tokens / 1e9,
        "seq_len": args.seq_len,
        "micro_batch": args.micro_batch,
        "global_batch": args.global_batch,
        "precision": args.precision,
        "optimizer": args.optimizer,
        "zero_stage": args.zero,
        "framework": args.framework,
        "dp": args.dp,
        "tp": args.tp,
        "pp": args.pp,
        "virtual_pipeline": args.virtual_stages,
        # 1 is Megatron-LM's default, no context parallelism: kept unset
        "context_parallel": None
        if args.context_parallel == 1
        else args.context_parallel,
        "expert_parallel": args.expert_parallel,
        "expert_tensor_parallel": args.expert_tensor_parallel,
        "sequence_parallel": args.sequence_parallel,
        "offload_optimizer": args.offload_optimizer,
        "paged_optimizer": args.paged_optimizer,
        "recompute": args.recompute,
        "flash_attention": args.flash_attention,
        "lora_rank": args.lora_rank,
        "lora_targets": None
        if args.lora_targets is None
        else [t.strip() for t in args.lora_targets.split(",") if t.strip()],
        "qlora_base_bits": args.qlora_bits,
        "inference_context_len": args.context_len,
        "inference_concurrency": args.concurrency,
        "mfu": args.mfu,
        "gpus": args.gpus,
        "deadline_days": args.deadline_days,
        "network_id": args.network,
    }
    return {k: v for k, v in simple.items() if v is not None}


def build_workload(args: argparse.Namespace) -> Workload:
    """Turn the parsed flags into a validated ``Workload`` (``CliError`` if bad)."""
    catalog = load_catalog()
    data: dict[str, Any] = {}
    if args.task:
        data["task"] = args.task
    elif args.model is None and args.params is not None:
        data["task"] = "pretrain"
    data.update(_model_fields(args, catalog))
    data.update(_hardware_fields(args, catalog))
    data.update(_simple_fields(args))
    if args.tp is not None and args.tp > 1 and args.sequence_parallel is None:
        data["sequence_parallel"] = True
    try:
        workload = Workload(**data)
    except ValidationError as exc:
        raise CliError(_field_of(exc)) from None
    offloads = (Framework.DEEPSPEED, Framework.FSDP)  # the engine's accounting
    if workload.offload_optimizer and workload.framework not in offloads:
        raise CliError(
            "--offload-optimizer follows DeepSpeed's ZeRO-Offload: "
            "use --framework deepspeed or fsdp"
        )
    _check_context_parallel(workload)
    if workload.paged_optimizer and not _pages(workload):
        raise CliError(
            "--paged-optimizer is bitsandbytes' paged AdamW: use --optimizer adamw "
            "or adamw-8bit with --task lora/qlora, or full training with "
            "--framework fsdp or ddp"
        )
    return workload


def _pages(workload: Workload) -> bool:
    """Whether a bitsandbytes paged optimizer fits the plan (the engine's rule):
    AdamW or 8-bit AdamW, LoRA/QLoRA or full training under FSDP or DDP."""
    if workload.optimizer not in (Optimizer.ADAMW, Optimizer.ADAMW_8BIT):
        return False
    if workload.task in (TaskKind.LORA, TaskKind.QLORA):
        return True
    return workload.task is not TaskKind.INFERENCE and workload.framework in (
        Framework.FSDP,
        Framework.DDP,
    )


def _check_context_parallel(workload: Workload) -> None:
    """Megatron-LM's own checks on --context-parallel-size (``CliError``).

    "seq-length should be a multiple of 2 * context-parallel-size"
    (``megatron/training/arguments.py``, commit d98e8a64): each rank takes two
    chunks, one early and one late, to balance the causal mask.
    """
    cp = workload.context_parallel or 1
    if cp <= 1:
        return
    if workload.task is TaskKind.INFERENCE:
        raise CliError(
            "--context-parallel splits training sequences: not for --task inference"
        )
    if workload.seq_len % (2 * cp):
        raise CliError(
            f"--context-parallel {cp} needs --seq-len a multiple of {2 * cp} "
            f"(2 × C, as Megatron-LM requires); {workload.seq_len} is not"
        )


def result_json(result: SizingResult, lang: str = "en") -> dict[str, Any]:
    """The JSON object printed by ``size --json``: every advice with its code,
    its values and its ``text`` in ``lang``; every explanation with its
    ``formula`` (the engine's notation) and its ``formula_text``, the formula in
    the words of ``lang``'s catalog with the values filled in."""
    out: dict[str, Any] = words.worded(result.model_dump(mode="json"), lang)
    for shown, explanation in zip(
        out["explanations"], result.explanations, strict=True
    ):
        shown["formula_text"] = formula_text(explanation, lang, plain_number)
    return out


class _Labels:
    """The table's labels in one language (catalog entries ``cli.size.*``)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        return words.say(f"cli.size.{key}", self.lang)

    def part(self, key: str) -> str:
        """A label indented under the one before it."""
        return "  " + self[key]


def _memory_rows(result: SizingResult, t: _Labels) -> list[tuple[str, str]]:
    """Memory per GPU by part, whether it fits, and the rule of thumb."""
    gib = 2**30
    m = result.memory.per_gpu
    rows: list[tuple[str, str]] = [
        (t["mem"], ""),
        (t.part("weights"), f"{m.weights_bytes / gib:,.1f} GiB"),
        (t.part("grads"), f"{m.gradients_bytes / gib:,.1f} GiB"),
        (t.part("opt"), f"{m.optimizer_bytes / gib:,.1f} GiB"),
        (t.part("act"), f"{m.activations_bytes / gib:,.1f} GiB"),
    ]
    if m.kv_cache_bytes:
        rows.append((t.part("kv"), f"{m.kv_cache_bytes / gib:,.1f} GiB"))
    return [
        *rows,
        (t.part("over"), f"{m.overhead_bytes / gib:,.1f} GiB"),
        (t.part("total"), f"{m.total_bytes / gib:,.1f} GiB"),
        (t.part("cap"), f"{result.memory.usable_bytes / gib:,.1f} GiB"),
        (t.part("fits"), t["yes"] if result.memory.fits else t["no"]),
        (t["rule"], f"{result.memory.rule_of_thumb_bytes / 1e9:,.0f} GB"),
    ]


def _compute_rows(result: SizingResult, t: _Labels) -> list[tuple[str, str]]:
    """FLOPs, GPU-hours with their P10–P90 ranges, and the MFU."""
    rows: list[tuple[str, str]] = [
        (t["flops"], f"{result.compute.train_flops:.3e}"),
        (t["hours"], f"{result.compute.gpu_hours:,.0f}"),
        (t["hours15"], f"{result.compute.gpu_hours_with_redundancy:,.0f}"),
    ]
    low, high = result.compute.gpu_hours_p10, result.compute.gpu_hours_p90
    if low is not None and high is not None and high > low:
        rows.append((t["range"], f"{low:,.0f} – {high:,.0f}"))
    low, high = (
        result.compute.gpu_hours_with_redundancy_p10,
        result.compute.gpu_hours_with_redundancy_p90,
    )
    if low is not None and high is not None and high > low:
        rows.append((t["range15"], f"{low:,.0f} – {high:,.0f}"))
    rows.append((t["mfu"], f"{result.compute.mfu:.2f} ({result.compute.mfu_source})"))
    return rows


def _cluster_rows(result: SizingResult, t: _Labels) -> list[tuple[str, str]]:
    """Cards, parallelism, days, scaling, network and cards for the deadline."""
    cluster = result.cluster
    rows: list[tuple[str, str]] = [
        (t["min"], str(cluster.min_gpus) if cluster.min_gpus else t["none"]),
        (
            t["gpus"],
            f"{cluster.gpus} (dp={cluster.dp}, tp={cluster.tp}, pp={cluster.pp}"
            + (
                f", cp={cluster.context_parallel}"
                if cluster.context_parallel > 1
                else ""
            )
            + (f", ep={cluster.expert_parallel}" if cluster.expert_parallel > 1 else "")
            + (
                f", etp={cluster.expert_tensor_parallel}"
                if cluster.expert_tensor_parallel != cluster.tp
                and cluster.expert_parallel > 1
                else ""
            )
            + ")",
        ),
        (t["days"], f"{cluster.days:,.1f}"),
        (t["eff"], f"{cluster.scaling_efficiency:.0%}"),
        (t["net"], cluster.network_id),
    ]
    if cluster.gpus_for_deadline is not None:
        rows.append((t["deadline"], str(cluster.gpus_for_deadline)))
    return rows


def _notes_lines(
    result: SizingResult, lang: str, *, inference: bool = False
) -> list[str]:
    """The candidate GPUs and the warnings, under the table (serving: cards only)."""
    t = _Labels(lang)
    lines: list[str] = []
    if result.candidates:
        lines.append(words.say("cli.size.heading", lang, label=t["cands"]))
        for c in result.candidates:
            line = f"  {c.gpu_id:<16} min={c.min_gpus if c.min_gpus else '-':<6}"
            if not inference:
                line += f" {t['hours']}={c.gpu_hours:,.0f}  {t['days']}={c.days:,.1f}"
            lines.append(line.rstrip())
    if result.warnings:
        lines.append(words.say("cli.size.heading", lang, label=t["warnings"]))
        language = Language(lang)
        for w in result.warnings:
            lines.append(f"  [{w.severity.value}] {words.text(w, language)}")
    return lines


def _inference_rows(result: SizingResult, t: _Labels) -> list[tuple[str, str]]:
    """Serving a model: memory (no gradients, optimizer or training rows), cards, decode."""
    gib = 2**30
    m = result.memory.per_gpu
    rows: list[tuple[str, str]] = [
        (t["mem"], ""),
        (t.part("weights"), f"{m.weights_bytes / gib:,.1f} GiB"),
        (t.part("act"), f"{m.activations_bytes / gib:,.1f} GiB"),
        (t.part("kv"), f"{m.kv_cache_bytes / gib:,.1f} GiB"),
        (t.part("over"), f"{m.overhead_bytes / gib:,.1f} GiB"),
        (t.part("total"), f"{m.total_bytes / gib:,.1f} GiB"),
        (t.part("cap"), f"{result.memory.usable_bytes / gib:,.1f} GiB"),
        (t.part("fits"), t["yes"] if result.memory.fits else t["no"]),
        (
            t["min"],
            str(result.cluster.min_gpus) if result.cluster.min_gpus else t["none"],
        ),
    ]
    if result.compute.decode_tokens_per_s_per_gpu is not None:
        rows.append((t["decode"], f"{result.compute.decode_tokens_per_s_per_gpu:,.0f}"))
    return rows


def render_table(result: SizingResult, lang: str, *, inference: bool = False) -> str:
    """A readable plain-text table in ``lang`` (serving: no training rows)."""
    t = _Labels(lang)
    if inference:
        serving_rows: list[tuple[str, str]] = [
            (
                t["model"],
                f"{result.shape.name} {result.shape.params_total / 1e9:,.2f}B",
            ),
            (t["gpu"], result.gpu_id),
            *_inference_rows(result, t),
        ]
        width = max(len(k) for k, _ in serving_rows) + 2
        lines = [f"{k:<{width}}{v}".rstrip() for k, v in serving_rows]
        lines.append(words.say("serving.cli.size_hint", lang))
        lines += _notes_lines(result, lang, inference=True)
        return "\n".join(lines) + "\n"
    rows: list[tuple[str, str]] = [
        (
            t["model"],
            f"{result.shape.name} {result.shape.params_total / 1e9:,.2f}B"
            + (f" {t['derived']}" if result.shape_derived else ""),
        ),
        (t["gpu"], result.gpu_id),
        *_memory_rows(result, t),
        *_compute_rows(result, t),
        *_cluster_rows(result, t),
    ]
    if result.compute.decode_tokens_per_s_per_gpu is not None:
        rows.append((t["decode"], f"{result.compute.decode_tokens_per_s_per_gpu:,.0f}"))
    rows += [
        (t["ckpt"], f"{result.storage.checkpoint_bytes / 1e9:,.0f} GB"),
        (t["ckpt_bw"], f"{result.storage.checkpoint_write_gb_per_s:,.2f} GB/s"),
    ]
    width = max(len(k) for k, _ in rows) + 2
    lines = [f"{k:<{width}}{v}" for k, v in rows]
    lines += _notes_lines(result, lang)
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    """Size the workload given on the command line."""
    workload = build_workload(args)
    result = size_what_if(workload, load_catalog())
    if args.json:
        print_json(result_json(result, args.lang))
    else:
        import sys

        sys.stdout.write(
            render_table(result, args.lang, inference=workload.task == "inference")
        )
    return 0
