"""Fuzz ``cost`` and ``report`` with hostile project files, not a timed test.

Makes ``--count`` files in a temporary folder — byte flips, truncations,
random JSON values put at random places of a valid project, duplicate keys,
huge numbers, deep nesting, and projects drawn from the schema strategy —
and runs ``gpu-advisor-cli cost FILE`` and ``report FILE -o OUT.pdf`` on each,
in this process. It checks that

* no command raises or prints a traceback (exit status 0, or 2 with one line);
* no input file changes (SHA-256 before and after) and no file appears
  beside it other than the requested PDF.

Usage::

    python benchmarks/fuzz_projects.py --count 1000 [--seed 0] [--report-every 1]

Prints the counts per outcome and the run time.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from gpu_advisor.cli import main
from gpu_advisor.io.project_file import dumps_project
from gpu_advisor.model.project import Measurement, Project, Vendor

_WEIRD: list[Any] = [
    None,
    True,
    -1,
    0,
    5e-324,
    1e308,
    -1e308,
    10**30,
    "",
    "x" * 5000,
    "\x1b[2J\u202e",
    [],
    {},
    [1, 2, 3],
    {"a": 1},
    "atlantis",
    "H999",
]


def _seed_projects() -> list[str]:
    nccl = [
        Measurement(
            tool="nccl-tests",
            metric="all_reduce.out_of_place.busbw",
            value=v,
            unit="GB/s",
            size_bytes=2**k,
        )
        for k, v in ((20, 6.5), (28, 160.0))
    ]
    return [
        dumps_project(Project()),
        dumps_project(
            Project(
                vendors=[
                    Vendor(name="A", on_demand_cny_per_gpu_hour=9.5, measurements=nccl),
                    Vendor(name="B", monthly_cny_per_gpu_month=5200),
                ]
            )
        ),
    ]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += _paths(child, (*prefix, index))
    return found


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


def make_file(rng: random.Random, seeds: list[str], strategy_texts: list[str]) -> bytes:
    kind = rng.randrange(8)
    base = rng.choice(seeds + strategy_texts)
    raw = base.encode("utf-8")
    if kind == 0:  # byte flips
        data = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            at = rng.randrange(len(data))
            data[at] ^= 1 << rng.randrange(8)
        return bytes(data)
    if kind == 1:  # truncation
        return raw[: rng.randrange(len(raw))]
    if kind in (2, 3, 4):  # a weird value somewhere
        data = json.loads(base)
        for _ in range(rng.randint(1, 3)):
            path = rng.choice(_paths(data)[1:])
            data = _set(data, path, rng.choice(_WEIRD))
        return json.dumps(data).encode("utf-8")
    if kind == 5:  # duplicate keys / schema_version games
        return base.replace(
            '"schema_version": 1,', '"schema_version": 1, "schema_version": 99,'
        ).encode("utf-8")
    if kind == 6:  # nesting and huge numbers
        depth = rng.choice([10, 100, 10_000])
        return (
            ('{"schema_version": 1, "meta": ' + "[" * depth + "]" * depth + "}").encode(
                "utf-8"
            )
            if rng.random() < 0.5
            else raw.replace(
                b'"horizon_months": 12', b'"horizon_months": 1' + b"0" * 5000
            )
        )
    return raw  # a valid project (from the seeds or the schema strategy)


def _strategy_texts(count: int, seed: int) -> list[str]:
    try:
        from hypothesis import HealthCheck, given, settings

        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        from tests.schema_strategies import projects
    except ImportError:
        return []
    texts: list[str] = []

    @settings(
        max_examples=count,
        database=None,
        derandomize=True,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(projects())
    def collect(project: Project) -> None:
        texts.append(dumps_project(project))

    collect()
    return texts


def run(count: int, seed: int, report_every: int) -> Counter[str]:
    rng = random.Random(seed)
    seeds = _seed_projects()
    strategy_texts = _strategy_texts(min(200, count // 4), seed)
    outcomes: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for index in range(count):
            path = folder / f"case{index:05d}.gpuplan"
            path.write_bytes(make_file(rng, seeds, strategy_texts))
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            before = {p.name for p in folder.iterdir()}
            commands = [["cost", str(path)]]
            out_pdf = folder / f"case{index:05d}.pdf"
            if index % report_every == 0:
                commands.append(["report", str(path), "-o", str(out_pdf)])
            for argv in commands:
                err = io.StringIO()
                with (
                    contextlib.redirect_stdout(io.StringIO()),
                    contextlib.redirect_stderr(err),
                ):
                    try:
                        status = main(argv)
                    except SystemExit as exc:
                        status = int(exc.code or 0)
                    except BaseException as exc:  # the fuzz target must never raise
                        status = -1
                        err.write(f"RAISED {type(exc).__name__}: {exc}")
                text = err.getvalue()
                key = f"{argv[0]}:exit{status}"
                if "Traceback" in text or status not in (0, 2):
                    key += ":BAD"
                    print(f"{path.name} {argv[0]}: {text[:300]}", file=sys.stderr)
                outcomes[key] += 1
            if hashlib.sha256(path.read_bytes()).hexdigest() != digest:
                outcomes["INPUT_CHANGED"] += 1
            extra = {p.name for p in folder.iterdir()} - before - {out_pdf.name}
            if extra:
                outcomes["STRAY_FILES"] += 1
            with contextlib.suppress(FileNotFoundError):
                out_pdf.unlink()
            path.unlink()
    return outcomes


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--report-every", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    outcomes = run(args.count, args.seed, args.report_every)
    elapsed = time.perf_counter() - start
    for key, value in sorted(outcomes.items()):
        print(f"{key:28} {value}")
    bad = sum(v for k, v in outcomes.items() if "BAD" in k or k.isupper())
    print(f"{args.count} files in {elapsed:.0f} s; problems: {bad}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    cli()
