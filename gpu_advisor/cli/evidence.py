"""``gpu-advisor-cli parse-results``, ``testkit`` and ``score``: vendor evidence.

* ``parse-results FILE_OR_FOLDER_OR_ARCHIVE... [--json] [--strict]
  [--collective NAME] [--nodes N]``: read test-kit results; print a table or a
  JSON list of measurements (with their ``labels``: GPU uuid, bus id, serial,
  hostname, ``stated_by_user``), and on stderr each refused file with its
  reason and what to do about it, and each nccl-tests file whose output does
  not state its collective or node count with the option that gives it.
  ``--collective``/``--nodes`` apply to the files that do not state them and
  never override what a file states. Exit 0 when at least one file was
  imported (with ``--strict``: only when none was refused), else 2.
* ``testkit PROJECT.gpuplan --vendor NAME -o FOLDER [--tar]``: write the test
  kit for one vendor (and ``FOLDER.tar.gz`` with ``--tar``).
* ``score PROJECT.gpuplan [--results NAME=FOLDER ...] [--json]
  [--collective NAME] [--nodes N]``: the vendors judged and ranked with the
  project's weights, from the plan's one evaluation (the figures of the
  vendors step and the PDF). ``--collective``/``--nodes`` apply to the
  ``--results`` files that do not state them, as for ``parse-results``; the
  JSON names per check the facts the user stated (``stated_by_user``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from gpu_advisor import words
from gpu_advisor.cli._common import CliError, print_json
from gpu_advisor.cli.terminal import visible, visible_lines
from gpu_advisor.engine.api import (
    ScoringResult,
    VendorJudgement,
    evaluate_plan,
    with_measured_mfu,
)
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import ProjectFileError, load_project
from gpu_advisor.io.results_import import (
    REFUSAL_HINTS,
    ImportReport,
    RefusedFile,
    ResultsImportError,
    import_results,
    parse_results,
    refusal_kind,
)
from gpu_advisor.io.results_nccl import (
    NOT_STATED_COLLECTIVE,
    NOT_STATED_NODES,
    not_stated,
)
from gpu_advisor.io.results_stated import (
    MAX_STATED_NODES,
    NCCL_COLLECTIVES,
    STATED_LABEL,
    StatedFacts,
    apply_stated,
)
from gpu_advisor.io.safe_write import OutputRefusedError
from gpu_advisor.io.testkit import write_testkit, write_testkit_archive
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.project import Measurement, Project, Vendor

_LANG = words.DEFAULT_LANGUAGE
"""The language of ``parse-results``, ``testkit`` and ``score --json`` (no ``--lang``)."""


def _say(code: str, **values: Any) -> str:
    """One of this module's sentences (``cli.results.*``) in :data:`_LANG`."""
    return words.say(f"cli.results.{code}", _LANG, **values)


def _load(path: Path) -> Project:
    try:
        return load_project(path)
    except ProjectFileError as exc:
        raise CliError(str(exc)) from None


def _measurement_json(m: Measurement) -> dict[str, Any]:
    data: dict[str, Any] = {
        "tool": m.tool,
        "metric": m.metric,
        "value": m.value,
        "unit": m.unit,
        "file": m.file,
    }
    for key in ("node", "gpu", "size_bytes", "sample"):
        value = getattr(m, key)
        if value is not None:
            data[key] = value
    if m.labels:
        data["labels"] = dict(m.labels)  # uuid, pci.bus_id, serial, hostname, ...
    return data


def _table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(
            cell.ljust(w) for cell, w in zip(header, widths, strict=True)
        ).rstrip()
    ]
    lines.append("  ".join("-" * w for w in widths))
    lines.extend(
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )
    return "\n".join(lines) + "\n"


def _parse(paths: list[Path]) -> list[Measurement]:
    try:
        return parse_results(paths)
    except ResultsImportError as exc:
        raise CliError(str(exc)) from None


def _with_hint(refused: RefusedFile) -> str:
    """``file:line: reason (what to do)``, the hint the app's import dialog shows."""
    return f"{refused.message()} ({REFUSAL_HINTS[refusal_kind(refused.reason)]})"


def refused_lines(report: ImportReport) -> list[str]:
    """One line per refused file, control characters escaped.

    ``refused: file:line: reason (what to do)``, the hint being the one the
    app's import dialog shows (:data:`REFUSAL_HINTS`).
    """
    return [_say("refused", line=_with_hint(r)) for r in report.refused]


def skipped_lines(report: ImportReport) -> list[str]:
    """One line per file left out on purpose (no tool's output), control
    characters escaped: ``left out: file: reason``."""
    return [_say("left_out", line=r.message()) for r in report.skipped]


def _state(
    measurements: list[Measurement], collective: str | None, nodes: int | None
) -> tuple[list[Measurement], list[str]]:
    """``--collective``/``--nodes`` written into the files that do not state
    them; one stderr line per fact given and per fact still not stated."""
    facts = StatedFacts(collective, nodes)
    files = not_stated(measurements)
    measurements = apply_stated(measurements, dict.fromkeys(files, facts))
    lines: list[str] = []
    for file, missing in files.items():
        if NOT_STATED_COLLECTIVE in missing:
            if collective is None:
                names = ", ".join(NCCL_COLLECTIVES)
                lines.append(_say("ask.collective", file=file, names=names))
            else:
                lines.append(_say("ask.stated_collective", file=file, name=collective))
        if NOT_STATED_NODES in missing:
            if nodes is None:
                lines.append(_say("ask.nodes", file=file))
            else:
                lines.append(_say("ask.stated_nodes", file=file, nodes=nodes))
    return measurements, lines


def _cmd_parse_results(args: argparse.Namespace) -> int:
    try:
        report = import_results(args.paths)
    except ResultsImportError as exc:
        raise CliError(str(exc)) from None
    measurements = report.measurements
    if not report.imported and len(report.refused) == 1:
        # one file, one line: its reason and what to do, as in a folder's list
        raise CliError(_with_hint(report.refused[0]))
    measurements, asked = _state(measurements, args.collective, args.nodes)
    for line in [*refused_lines(report), *skipped_lines(report), *asked]:
        sys.stderr.write(visible_lines(line) + "\n")
    if not report.imported and report.refused:
        raise CliError(_say("none_imported", refused=len(report.refused)))
    if report.refused:
        counts = {"imported": len(report.imported), "refused": len(report.refused)}
        sys.stderr.write(_say("imported_and_refused", **counts) + "\n")
    if args.strict and report.refused:
        raise CliError(_say("strict", refused=len(report.refused)))
    if args.json:
        print_json([_measurement_json(m) for m in measurements])
        return 0
    rows = [
        [
            visible(m.file),
            visible(m.node or ""),
            "" if m.gpu is None else str(m.gpu),
            visible(m.tool),
            visible(m.metric)
            + (_say("ask.mark") if STATED_LABEL in (m.labels or {}) else ""),
            f"{m.value:.6g}",
            visible(m.unit),
            "" if m.size_bytes is None else str(m.size_bytes),
        ]
        for m in measurements
    ]
    header = ["file", "node", "gpu", "tool", "metric", "value", "unit", "size_bytes"]
    sys.stdout.write(_table(rows, header))
    sys.stdout.write(_say("measurements", count=len(measurements)) + "\n")
    return 0


def _vendor(project: Project, name: str) -> Vendor:
    for vendor in project.vendors:
        if vendor.name == name:
            return vendor
    known = ", ".join(v.name for v in project.vendors) or _say("no_vendors")
    raise CliError(_say("no_vendor", name=repr(name), known=known))


def _cmd_testkit(args: argparse.Namespace) -> int:
    project = _load(args.project)
    vendor = _vendor(project, args.vendor)
    try:
        rollout = evaluate_plan(project, load_catalog()).rollout
        files = rollout.testkit(
            vendor, words.wording(rollout.language), dcgm_level=args.dcgm_level
        )
    except KeyError as exc:
        raise CliError(str(exc.args[0]) if exc.args else "unknown catalog id") from None
    try:
        write_testkit(files, args.output)
        written = [str(args.output)]
        if args.tar:
            archive = args.output.with_name(args.output.name + ".tar.gz")
            write_testkit_archive(files, archive)
            written.append(str(archive))
    except OutputRefusedError as exc:
        raise CliError(_say("kit_not_written", reason=str(exc))) from None
    except OSError as exc:
        raise CliError(
            _say("kit_not_written", reason=exc.strerror or str(exc))
        ) from None
    sys.stdout.write(visible_lines("\n".join(written)) + "\n")
    return 0


def _with_results(
    project: Project,
    specs: list[str],
    catalog: Catalog,
    stated: StatedFacts | None = None,
) -> Project:
    """Replace the measurements of the named vendors by freshly parsed results.

    ``stated`` (``--collective``/``--nodes``) is written into the parsed
    nccl-tests files that do not state it, as ``parse-results`` and the app's
    import dialog do (never over what a file states); stderr names each fact
    given and each still not stated. Each replaced vendor's ``measured_mfu``
    follows its new training log (or is cleared without one), as the app's
    import sets it (:func:`~gpu_advisor.engine.evidence.scoring.merge_measurements`).
    """
    stated = stated or StatedFacts()
    replaced: dict[str, list[Measurement]] = {}
    for spec in specs:
        name, sep, folder = spec.partition("=")
        if not sep or not name or not folder:
            raise CliError(_say("results_flag", spec=repr(spec)))
        _vendor(project, name)
        parsed, asked = _state(_parse([Path(folder)]), stated.collective, stated.nodes)
        for line in asked:
            sys.stderr.write(visible_lines(line) + "\n")
        replaced[name] = replaced.get(name, []) + parsed
    if not replaced:
        return project
    vendors = [
        with_measured_mfu(
            project,
            v.model_copy(
                update={"measurements": replaced[v.name], "measured_mfu": None}
            ),
            catalog,
        )
        if v.name in replaced
        else v
        for v in project.vendors
    ]
    return project.model_copy(update={"vendors": vendors})


def _score_json(
    result: ScoringResult, judgements: dict[str, VendorJudgement]
) -> dict[str, Any]:
    return {
        "winner": result.winner,
        "weights": {c.value: w for c, w in result.weights.items()},
        "ranking": [
            {
                "vendor": v.vendor,
                "rank": v.rank,
                "total": v.total,
                "scores": {
                    s.criterion.value: {
                        "score": s.score,
                        "input": words.text(s.input, _LANG),
                        "rule": words.text(s.rule, _LANG),
                    }
                    for s in v.scores
                },
                "acceptance": v.acceptance.value,
                "verdict": judgements[v.vendor].verdict().value,
                "held_back": None
                if v.held_back is None
                else words.text(v.held_back, _LANG),
                "measured_mfu": judgements[v.vendor].measured_mfu,
                "checks": [
                    {
                        "test": c.test,
                        "node": c.node,
                        "gpu": c.gpu,
                        "verdict": c.verdict.value,
                        "measured": c.measured,
                        "expected": c.expected,
                        "unit": c.unit,
                        "threshold": ""
                        if c.threshold is None
                        else words.text(c.threshold, _LANG),
                        "message": words.text(c.message, _LANG),
                        "stated_by_user": list(c.stated),
                    }
                    for c in judgements[v.vendor].checks
                ],
            }
            for v in result.vendors
        ],
        "sensitivity": [
            {
                "criterion": s.criterion.value,
                "weight": s.weight,
                "increase_points": s.increase_points,
                "winner_if_increased": s.winner_if_increased,
                "decrease_points": s.decrease_points,
                "winner_if_decreased": s.winner_if_decreased,
            }
            for s in result.sensitivity
        ],
    }


def _with_reasons(table: str, result: ScoringResult, lang: str) -> str:
    """The ranking table with each held-back vendor's reason (the engine's
    ``held_back``) as the first line of its row.

    A held-back vendor's row is two lines: its rank and why it is not
    accepted, then its figures under the same rank.
    """
    header, rule, *lines = table.rstrip("\n").split("\n")
    width = len(rule.split(" ", 1)[0]) + 2  # the rank column and its gap
    out = [header, rule]
    for v, line in zip(result.vendors, lines, strict=True):
        if v.held_back is None:
            out.append(line)
            continue
        reason = words.text(v.held_back, lang)
        said = words.say("cli.score.held_back", lang, vendor=v.vendor, reason=reason)
        out += [line[:width] + said, " " * width + line[width:]]
    return "\n".join(out) + "\n"


def _score_text(
    result: ScoringResult, judgements: dict[str, VendorJudgement], lang: str
) -> str:
    """The ranking table, why a vendor is held back, the winner and how far
    each weight must move to change it, in ``lang``."""
    criteria = list(result.weights)
    header = ["#", words.say("cli.score.vendor", lang)]
    header += [words.say("cli.score.total", lang)]
    header += [
        f"{words.say(f'report.crit.{c.value}', lang)} ({result.weights[c]:g})"
        for c in criteria
    ]
    header += [words.say("cli.score.tests", lang)]
    rows = [
        [str(v.rank), v.vendor, f"{v.total:.1f}"]
        + [f"{v.score(c):.0f}" for c in criteria]
        + [words.say(f"report.verdict.{judgements[v.vendor].verdict().value}", lang)]
        for v in result.vendors
    ]
    out = _with_reasons(_table(rows, header), result, lang)
    if result.winner is None:
        return out
    out += "\n" + words.say("cli.score.winner", lang, vendor=result.winner) + "\n"
    lines: list[str] = []
    for s in result.sensitivity:
        parts: list[str] = []
        if s.increase_points is not None:
            parts.append(f"+{s.increase_points:.1f} → {s.winner_if_increased}")
        if s.decrease_points is not None:
            parts.append(f"-{s.decrease_points:.1f} → {s.winner_if_decreased}")
        if parts:
            name = words.say(f"report.crit.{s.criterion.value}", lang)
            lines.append(f"  {name} ({s.weight:g}): " + ", ".join(parts))
    if not lines:
        lines.append("  " + words.say("cli.score.no_weight_change", lang))
    title = words.say("cli.score.weight_change", lang)
    return out + title + "\n" + "\n".join(lines) + "\n"


def _cmd_score(args: argparse.Namespace) -> int:
    """Print the vendors as the plan's one evaluation judges and scores them.

    The numbers are :func:`~gpu_advisor.engine.evaluate.evaluate_plan`'s
    ``vendors``: the ones the vendors step and the PDF show for this project.
    """
    catalog = load_catalog()
    project = _load(args.project)
    if (args.collective or args.nodes) and not args.results:
        raise CliError(_say("stated_needs_results"))
    try:
        project = _with_results(
            project, args.results, catalog, StatedFacts(args.collective, args.nodes)
        )
    except (KeyError, ValueError) as exc:
        raise CliError(str(exc.args[0]) if exc.args else str(exc)) from None
    if not project.vendors:
        raise CliError(_say("nothing_to_score"))
    try:
        vendors = evaluate_plan(project, catalog, monte_carlo=False).vendors
    except (KeyError, ValueError) as exc:
        raise CliError(str(exc.args[0]) if exc.args else str(exc)) from None
    if vendors.scoring is None:
        raise CliError(vendors.problem or _say("not_scored"))
    if args.json:
        print_json(_score_json(vendors.scoring, vendors.judgements))
    else:
        text = _score_text(vendors.scoring, vendors.judgements, project.meta.language)
        sys.stdout.write(visible_lines(text))  # vendor names are the plan's text
    return 0


def _node_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_STATED_NODES:
        raise argparse.ArgumentTypeError(
            _say("ask.bad_nodes", value=text, limit=MAX_STATED_NODES)
        )
    return value


def _stated_options(parser: argparse.ArgumentParser, which: str = "") -> None:
    """``--collective`` and ``--nodes``: facts of the nccl-tests outputs (of the
    ``which`` files) that do not state them."""
    parser.add_argument(
        "--collective",
        choices=NCCL_COLLECTIVES,
        metavar="NAME",
        help=f"the collective of {which}nccl-tests outputs that name none "
        f"({', '.join(NCCL_COLLECTIVES)}); never overrides what a file states",
    )
    parser.add_argument(
        "--nodes",
        type=_node_count,
        metavar="N",
        help=f"the node count of {which}nccl-tests outputs that state none; "
        "never overrides what a file states",
    )


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add ``parse-results``, ``testkit`` and ``score``."""
    parse = subparsers.add_parser(
        "parse-results",
        help="read vendor test-kit results (nccl-tests, iperf3, fio, nvidia-smi, dcgmi, training log)",
    )
    parse.add_argument(
        "paths", nargs="+", type=Path, metavar="FILE_OR_FOLDER_OR_ARCHIVE"
    )
    parse.add_argument(
        "--json", action="store_true", help="print a JSON list of measurements"
    )
    parse.add_argument(
        "--strict",
        action="store_true",
        help="fail (exit 2) when any file is refused, not only when none is imported",
    )
    _stated_options(parse)
    parse.set_defaults(func=_cmd_parse_results)

    kit = subparsers.add_parser("testkit", help="write the test kit for one vendor")
    kit.add_argument("project", type=Path, metavar="PROJECT.gpuplan")
    kit.add_argument("--vendor", required=True, metavar="NAME")
    kit.add_argument("-o", "--output", required=True, type=Path, metavar="FOLDER")
    kit.add_argument("--tar", action="store_true", help="also write FOLDER.tar.gz")
    kit.add_argument("--dcgm-level", type=int, choices=(1, 2, 3, 4), default=2)
    kit.set_defaults(func=_cmd_testkit)

    score = subparsers.add_parser("score", help="judge and rank the project's vendors")
    score.add_argument("project", type=Path, metavar="PROJECT.gpuplan")
    score.add_argument(
        "--results",
        action="append",
        default=[],
        metavar="NAME=FOLDER",
        help="use these results for vendor NAME instead of its stored measurements",
    )
    score.add_argument("--json", action="store_true")
    _stated_options(score, "--results ")
    score.set_defaults(func=_cmd_score)
