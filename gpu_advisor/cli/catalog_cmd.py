"""``gpu-advisor-cli catalog ...`` and ``gpu-advisor-cli schema``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from gpu_advisor.cli._common import print_json
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.catalog import HostedApiPrice
from gpu_advisor.model.project import Project


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``catalog gpus|models|networks|hosted`` and ``schema``."""
    cat = subparsers.add_parser("catalog", help="list the shipped catalog")
    sub = cat.add_subparsers(dest="what", required=True)
    for what, helptext in (
        ("gpus", "GPU models with datasheet figures"),
        ("models", "model presets and their shapes"),
        ("networks", "network classes"),
        (
            "hosted",
            "hosted model APIs' list prices per million tokens, dated and sourced",
        ),
    ):
        p = sub.add_parser(what, help=helptext)
        p.add_argument("--json", action="store_true", help="print a JSON list")
        p.set_defaults(func=_run_catalog, what=what)
    schema = subparsers.add_parser(
        "schema", help="print the project file's JSON Schema"
    )
    schema.set_defaults(func=_run_schema)


def _run_catalog(args: argparse.Namespace) -> int:
    catalog = load_catalog()
    groups: dict[str, Sequence[BaseModel]] = {
        "gpus": catalog.gpus,
        "models": catalog.models,
        "networks": catalog.networks,
        "hosted": catalog.hosted_apis,
    }
    data = [item.model_dump(mode="json") for item in groups[args.what]]
    if args.json:
        print_json(data)
        return 0
    lines: list[str] = []
    if args.what == "gpus":
        lines.append(
            f"{'id':<18}{'memory_gb':>10}{'bf16_tflops':>13}{'fp8_tflops':>12}{'tdp_w':>8}  name"
        )
        for g in catalog.gpus:
            fp8 = f"{g.fp8_dense_tflops:g}" if g.fp8_dense_tflops else "-"
            lines.append(
                f"{g.id:<18}{g.memory_gb:>10g}{g.bf16_dense_tflops:>13g}{fp8:>12}{g.tdp_w:>8g}  {g.name}"
            )
    elif args.what == "models":
        lines.append(
            f"{'id':<16}{'params_b':>10}{'active_b':>10}{'layers':>8}{'hidden':>8}{'heads':>7}{'kv':>5}  name"
        )
        for m in catalog.models:
            lines.append(
                f"{m.id:<16}{m.params_billion:>10g}{m.active_params_billion:>10g}"
                f"{m.layers:>8}{m.hidden:>8}{m.heads:>7}{m.kv_heads:>5}  {m.name}"
            )
    elif args.what == "hosted":
        lines.extend(_hosted_lines(catalog.hosted_apis))
    else:
        lines.append(f"{'id':<18}{'scope':<12}{'gbit_per_gpu':>13}  name")
        for n in catalog.networks:
            lines.append(
                f"{n.id:<18}{n.scope:<12}{n.bandwidth_gbit_per_s_per_gpu:>13g}  {n.name}"
            )
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def _price(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def _hosted_lines(apis: Sequence[HostedApiPrice]) -> list[str]:
    """One row per hosted API (prices per 10⁶ tokens in the listed currency),
    then its pricing page and where each number was read, with the date."""
    lines = [
        f"{'id':<40}{'region':<7}{'cur':<4}{'input':>7}{'cached':>8}{'output':>8}"
        f"  {'vat':<5}{'confirmed':<10}{'read':<11}model"
    ]
    for api in apis:
        vat = "incl" if api.includes_vat else "excl"
        confirmed = "yes" if api.provenance.confirmed else "no"
        lines.append(
            f"{api.id:<40}{api.region.value:<7}{api.currency.value:<4}"
            f"{_price(api.input_per_million):>7}{_price(api.cached_input_per_million):>8}"
            f"{_price(api.output_per_million):>8}  {vat:<5}{confirmed:<10}"
            f"{api.provenance.as_of.isoformat():<11}{api.name} ({api.family})"
        )
        lines.append(f"    pricing page: {api.pricing_url}")
        for cite in api.provenance.citations:
            read = cite.accessed.isoformat() if cite.accessed else "undated"
            lines.append(f"    source: {cite.publisher}, {cite.url} (read {read})")
    return lines


def project_schema() -> dict[str, Any]:
    """The project file's JSON Schema, the project's fields at its top level.

    A signing record holds a whole project (schema 3), so pydantic makes the
    root a ``$ref`` to ``#/$defs/Project``; the root is inlined here (the
    definition stays for the snapshots' references).
    """
    schema = Project.model_json_schema()
    ref = schema.get("$ref")
    defs = schema.get("$defs", {})
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        root = defs[ref.removeprefix("#/$defs/")]
        return {**root, "$defs": defs}
    return schema


def _run_schema(args: argparse.Namespace) -> int:
    sys.stdout.write(json.dumps(project_schema(), ensure_ascii=False, indent=2) + "\n")
    return 0
