"""Peak memory of the largest plan the schema allows, not a timed test.

The largest plan: :data:`~gpu_advisor.model.limits.MAX_VENDORS` vendors
sharing :data:`~gpu_advisor.model.limits.MAX_MEASUREMENTS_TOTAL`
measurements (training-log style rows with a file and node name). Each phase
runs in a fresh child process and reports that process's peak resident set
size (``ru_maxrss``), so the phases do not hide each other:

* ``save``: build the project, ``save_project`` (which proves the bytes load back);
* ``load``: ``load_project`` of that file;
* ``report``: ``gpu-advisor-cli report`` (load, evaluate with 10,000 draws, PDF).

Usage::

    python benchmarks/bench_memory_largest_plan.py [--measurements N] [--vendors N]

POSIX only (``resource``).
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import sys
import tempfile
import time
from pathlib import Path

from gpu_advisor.model.limits import MAX_MEASUREMENTS_TOTAL, MAX_VENDORS


def _peak_mib() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1024 if sys.platform != "darwin" else peak / 2**20


def _build(vendors: int, measurements: int) -> object:
    from gpu_advisor.model.project import Measurement, Project, Vendor

    per_vendor = measurements // vendors
    return Project(
        vendors=[
            Vendor(
                name=f"Vendor {v:03d} (华东二区 GPU 集群)",
                on_demand_cny_per_gpu_hour=8.0 + v / 10,
                measurements=[
                    Measurement(
                        tool="train-log",
                        metric="tokens_per_s" if i % 2 else "loss",
                        value=3000.0 + i if i % 2 else 2.0 + 1 / (i + 1),
                        unit="1/s" if i % 2 else "1",
                        file=f"vendor{v:03d}_train_log_2026-03-01.jsonl",
                        node=f"node{i % 16:02d}",
                        gpu=i % 8,
                        sample=i,
                    )
                    for i in range(per_vendor)
                ],
            )
            for v in range(vendors)
        ]
    )


def _phase(name: str, path: str, vendors: int, measurements: int, out: object) -> None:
    from gpu_advisor.io.project_file import load_project, save_project

    start = time.perf_counter()
    if name == "save":
        save_project(_build(vendors, measurements), Path(path))  # type: ignore[arg-type]
    elif name == "load":
        load_project(Path(path))
    else:
        from gpu_advisor.cli import main

        status = main(["report", path, "-o", str(Path(path).with_suffix(".pdf"))])
        assert status == 0, status
    out.put((name, _peak_mib(), time.perf_counter() - start))  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--vendors", type=int, default=MAX_VENDORS)
    parser.add_argument("--measurements", type=int, default=MAX_MEASUREMENTS_TOTAL)
    args = parser.parse_args()
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "largest.gpuplan")
        print(f"{args.vendors} vendors, {args.measurements} measurements")
        for name in ("save", "load", "report"):
            queue = context.Queue()
            child = context.Process(
                target=_phase,
                args=(name, path, args.vendors, args.measurements, queue),
            )
            child.start()
            child.join()
            if child.exitcode != 0:
                print(f"{name}: failed (exit {child.exitcode})")
                continue
            _, peak, seconds = queue.get()
            extra = ""
            if name == "save":
                extra = f", file {Path(path).stat().st_size / 2**20:.1f} MiB"
            print(f"{name:7} peak RSS {peak:7.0f} MiB, {seconds:6.1f} s{extra}")


if __name__ == "__main__":
    main()
