"""``gpu-advisor-cli serve``: what one replica serves and how many a rate needs."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
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
from gpu_advisor.engine.api import (
    choose_replica,
    replica_at_targets,
    replica_under,
    serving_shape,
)
from gpu_advisor.engine.serving.precision import precision_advice, precisions_to_try
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.limits import InputFileError
from gpu_advisor.io.safe_read import read_file
from gpu_advisor.model.catalog import Catalog, GpuSpec
from gpu_advisor.model.common import Language
from gpu_advisor.model.serving import (
    LatencyTargets,
    PrecisionSearch,
    ReplicaPerformance,
    Serving,
    ServingChoice,
    WeightPrecision,
)
from gpu_advisor.model.sizing_results import ResolvedShape

_PRECISIONS = {
    "bf16": "bf16",
    "fp8": "fp8",
    "int8": "int8",
    "int4": "int4-awq",
    "int4-awq": "int4-awq",
    "int4-gptq": "int4-gptq",
}


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add the ``serve`` sub-command."""
    p = subparsers.add_parser(
        "serve",
        help="serve a model: goodput per replica, replicas for a rate",
        description="Output tokens/s, requests/s, TTFT and TPOT of one replica, "
        "and the replicas and cards a request rate needs.",
    )
    p.add_argument("--model", required=True, help="preset id or a config.json path")
    p.add_argument("--gpu", required=True, help="GPU id (see `catalog gpus`)")
    p.add_argument(
        "--tp", type=positive_int, help="cards per replica (default: cheapest)"
    )
    p.add_argument(
        "--precision",
        choices=sorted(_PRECISIONS),
        help="weight precision (default: the cheapest of BF16 and, on cards with "
        "FP8, FP8 that meets the targets; see --allow-quantised)",
    )
    p.add_argument(
        "--allow-quantised",
        action="store_true",
        help="without --precision, also try INT8 and INT4 (AWQ, GPTQ) weights: "
        "a quality trade-off",
    )
    p.add_argument("--kv-precision", choices=("bf16", "fp8", "int8"))
    p.add_argument(
        "--engine", choices=("vllm", "sglang", "trtllm", "lmdeploy"), default="vllm"
    )
    p.add_argument("--prompt-tokens", type=positive_int, required=True)
    p.add_argument("--output-tokens", type=positive_int, required=True)
    load = p.add_mutually_exclusive_group(required=True)
    load.add_argument(
        "--rate", help="requests per second, or inf: the most one replica serves"
    )
    load.add_argument("--concurrency", type=positive_int, help="requests in flight")
    p.add_argument(
        "--ttft-ms", type=parse_number, help="p95 time to first token target"
    )
    p.add_argument(
        "--tpot-ms", type=parse_number, help="p95 time per output token target"
    )
    add_language_option(
        p,
        default=new_plan_language(),
        help_text="default: a new plan's language, as report's is the plan's "
        f"({new_plan_language()})",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def _rate(text: str | None) -> float | None:
    """``inf`` → None (flat out); else a rate > 0 (``CliError`` naming --rate)."""
    if text is None or text.strip().lower() in {"inf", "infinity"}:
        return None
    try:
        value = parse_number(text)
    except argparse.ArgumentTypeError:
        raise CliError(f"--rate: not a number or inf: {text!r}") from None
    if value <= 0 or not math.isfinite(value):
        raise CliError(f"--rate: need a rate > 0 requests/s or inf, got {text!r}")
    return value


def _shape(args: argparse.Namespace, catalog: Catalog) -> ResolvedShape:
    """The model from a preset id or a config.json file."""
    if args.model in {m.id for m in catalog.models}:
        return serving_shape(catalog, preset_id=args.model)
    path = Path(args.model)
    if not path.is_file():
        raise CliError(
            f"--model: unknown model {args.model!r} and no such config.json; "
            "see `gpu-advisor-cli catalog models`"
        )
    try:
        # the one reader: a regular file, links resolved, at most 4 MiB
        text = read_file(path, 4 * 2**20).decode("utf-8")
        return serving_shape(catalog, config_json=text)
    except InputFileError as exc:
        raise CliError(f"--model {exc}") from None
    except (OSError, UnicodeDecodeError, ValueError, ValidationError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise CliError(f"--model {path.name}: {first}") from None


def _serving(args: argparse.Namespace) -> Serving:
    """The serving inputs from the flags (``CliError`` naming the field if bad)."""
    search: PrecisionSearch | None = None
    if args.precision is None:
        search = (
            PrecisionSearch.ANY if args.allow_quantised else PrecisionSearch.BF16_FP8
        )
    elif args.allow_quantised:
        raise CliError(
            "--allow-quantised: only without --precision (it widens the search)"
        )
    precision = _PRECISIONS[args.precision or "bf16"]
    kv = args.kv_precision
    if kv is None:
        kv = "fp8" if args.engine == "trtllm" and precision == "fp8" else "bf16"
    given = args.ttft_ms is not None or args.tpot_ms is not None
    try:
        targets = (
            LatencyTargets(ttft_ms=args.ttft_ms, tpot_ms=args.tpot_ms)
            if given
            else LatencyTargets(offline=True)
        )
        return Serving(
            engine=args.engine,
            weight_precision=precision,
            precision_search=search,
            kv_precision=kv,
            tp=args.tp,
            prompt_tokens=args.prompt_tokens,
            output_tokens=args.output_tokens,
            targets=targets,
        )
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = str(err["loc"][-1]) if err["loc"] else "serving"
        flag = "--" + loc.replace("_", "-")
        raise CliError(f"invalid value for {flag}: {err['msg']}") from None


def _choose(
    shape: ResolvedShape, gpu: GpuSpec, serving: Serving, args: argparse.Namespace
) -> ServingChoice:
    """The replica for the load the flags ask for."""
    catalog = load_catalog()
    factors = catalog.serving_factors.factors
    rate = _rate(args.rate)
    if args.concurrency is not None:
        tp, precision = args.tp, serving.weight_precision
        if tp is None or serving.precision_search is not None:
            tp, precision = _cheapest(shape, gpu, serving, factors, args.tp)
        fixed = serving.model_copy(
            update={"weight_precision": precision, "precision_search": None}
        )
        perf = replica_under(
            shape, gpu, fixed, tp, concurrency=args.concurrency, factors=factors
        )
        return ServingChoice(
            gpu_id=gpu.id, tp=tp, performance=perf, replicas=1, gpus=tp
        )
    if args.tp is not None and rate is None and serving.precision_search is None:
        perf = replica_at_targets(shape, gpu, serving, args.tp, factors=factors)
        if perf.meets_targets:
            return ServingChoice(
                gpu_id=gpu.id, tp=args.tp, performance=perf, replicas=1, gpus=args.tp
            )
    return choose_replica(shape, [gpu], serving, rate, factors=factors)


def _cheapest(
    shape: ResolvedShape,
    gpu: GpuSpec,
    serving: Serving,
    factors: Any,
    tp: int | None,
) -> tuple[int, WeightPrecision]:
    """The degree (``tp`` when given) and precision with the most goodput per card."""
    choice = choose_replica(shape, [gpu], serving, None, factors=factors)
    perf = choice.performance
    if choice.gpu_id is None or perf is None:
        return tp or max(gpu.gpus_per_server, 1), serving.weight_precision
    return tp or choice.tp, perf.weight_precision or serving.weight_precision


def _precision_notes(
    choice: ServingChoice, serving: Serving, gpu: GpuSpec, lang: str
) -> list[dict[str, str]]:
    """Which precision the search chose and why, and a quantised one's warning."""
    perf: ReplicaPerformance | None = choice.performance
    if perf is None:
        return []
    tried = precisions_to_try(serving, gpu)
    language = Language(lang)
    return [
        {"code": a.code, "severity": a.severity.value, "text": words.text(a, language)}
        for a in precision_advice(serving, perf, tried)
    ]


def result_json(
    choice: ServingChoice,
    rate: float | None,
    lang: str,
    serving: Serving | None = None,
    gpu: GpuSpec | None = None,
) -> dict[str, Any]:
    """The JSON object ``serve --json`` prints (``precision`` and its notes
    when the serving and card are given)."""
    perf = choice.performance
    out: dict[str, Any] = {"gpu": choice.gpu_id, "tp": choice.tp}
    if perf is not None and serving is not None and gpu is not None:
        chosen = perf.weight_precision or serving.weight_precision
        out["weight_precision"] = chosen.value
        out["precision_notes"] = _precision_notes(choice, serving, gpu, lang)
    if perf is not None:
        out["per_replica"] = {
            "output_tokens_per_s": round(perf.output_tokens_per_s, 1),
            "requests_per_s": round(perf.requests_per_s, 3),
            "ttft_ms": round(perf.ttft_ms, 1),
            "tpot_ms": round(perf.tpot_ms, 2),
            "ttft_mean_ms": round(perf.ttft_mean_ms, 1),
            "tpot_mean_ms": round(perf.tpot_mean_ms, 2),
            "concurrency": perf.concurrency,
        }
        out["max_concurrency"] = perf.max_concurrency
        out["kv_cache_tokens"] = perf.kv_cache_tokens
        out["weights_gib_per_gpu"] = round(perf.weights_gib_per_gpu, 2)
        out["bound"] = perf.bound
        out["meets_targets"] = perf.meets_targets
    if rate is not None:
        out["replicas"] = choice.replicas
        out["gpus"] = choice.gpus
    language = Language(lang)
    out["rejected"] = [
        {
            "gpu": r.gpu_id,
            "tp": r.tp,
            "code": r.reason.code,
            "text": words.text(r.reason, language),
        }
        for r in choice.rejected
    ]
    return out


def render(
    choice: ServingChoice,
    serving: Serving,
    shape: ResolvedShape,
    rate: float | None,
    lang: str,
    gpu: GpuSpec | None = None,
) -> str:
    """The plain-text table in ``lang`` (with the precision search's notes
    when the card is given)."""

    def t(key: str) -> str:
        return words.say(f"serving.cli.{key}", lang)

    targets = serving.targets
    rows: list[tuple[str, str]] = [
        (t("model"), f"{shape.name} {shape.params_total / 1e9:,.1f}B"),
        (t("gpu"), str(choice.gpu_id or "-")),
        (t("tp"), str(choice.tp or "-")),
        (t("engine"), serving.engine.value),
        (t("precision"), f"{_weights(choice, serving)} / {serving.kv_precision.value}"),
        (t("lengths"), f"{serving.prompt_tokens} / {serving.output_tokens}"),
        (
            t("targets"),
            f"TTFT {targets.ttft_ms} ms, TPOT {targets.tpot_ms} ms"
            if targets.applies
            else t("no_targets"),
        ),
    ]
    perf = choice.performance
    if perf is not None:
        rows += [
            (t("per_replica"), ""),
            ("  " + t("output_tps"), f"{perf.output_tokens_per_s:,.0f}"),
            ("  " + t("rps"), f"{perf.requests_per_s:,.2f}"),
            ("  " + t("ttft"), f"{perf.ttft_ms:,.0f} ms"),
            ("  " + t("tpot"), f"{perf.tpot_ms:,.1f} ms"),
            ("  " + t("ttft_mean"), f"{perf.ttft_mean_ms:,.0f} ms"),
            ("  " + t("tpot_mean"), f"{perf.tpot_mean_ms:,.1f} ms"),
            ("  " + t("concurrency"), str(perf.concurrency)),
            ("  " + t("max_concurrency"), str(perf.max_concurrency)),
            ("  " + t("kv_tokens"), f"{perf.kv_cache_tokens:,}"),
            ("  " + t("weights"), f"{perf.weights_gib_per_gpu:,.1f} GiB"),
            ("  " + t("bound"), t(f"bound_{perf.bound}") if perf.bound else "-"),
            ("  " + t("meets"), t("yes") if perf.meets_targets else t("no")),
        ]
    if rate is not None and perf is not None:
        rows += [(t("replicas"), str(choice.replicas)), (t("gpus"), str(choice.gpus))]
    width = max(len(k) for k, _ in rows) + 2
    lines = [f"{k:<{width}}{v}".rstrip() for k, v in rows]
    if gpu is not None:
        lines += [n["text"] for n in _precision_notes(choice, serving, gpu, lang)]
    if choice.rejected:
        lines.append(t("rejected"))
        language = Language(lang)
        lines += [f"  {words.text(r.reason, language)}" for r in choice.rejected]
    return "\n".join(lines) + "\n"


def _weights(choice: ServingChoice, serving: Serving) -> str:
    """The weight precision the replica runs."""
    perf = choice.performance
    chosen = perf.weight_precision if perf is not None else None
    return (chosen or serving.weight_precision).value


def run(args: argparse.Namespace) -> int:
    """Serve the model given on the command line; 1 when nothing can."""
    catalog = load_catalog()
    if args.gpu not in {g.id for g in catalog.gpus}:
        raise CliError(
            f"--gpu: unknown GPU {args.gpu!r}; see `gpu-advisor-cli catalog gpus`"
        )
    gpu = catalog.gpu(args.gpu)
    shape = _shape(args, catalog)
    serving = _serving(args)
    rate = _rate(args.rate)
    choice = _choose(shape, gpu, serving, args)
    if args.json:
        print_json(result_json(choice, rate, args.lang, serving, gpu))
    else:
        sys.stdout.write(render(choice, serving, shape, rate, args.lang, gpu))
        if choice.performance is None:
            sys.stdout.write(
                words.say("serving.cli.none_fits", args.lang, gpu=gpu.id) + "\n"
            )
    return 0 if choice.performance is not None else 1
