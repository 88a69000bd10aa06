"""How fast this machine is, so figures from different machines can be compared.

Every timing in these benchmarks depends on the machine and on what else runs
on it. Each benchmark therefore prints, beside the load
average, the time of a fixed reference workload shaped like the app's own
work: Python object handling (a loop building and reading small dicts) and
numpy on the small arrays the cost engine uses (one row of 36 months). A
figure divided by the reference is comparable across machines; the reference
itself says whether a machine was slow that day.

``python benchmarks/host.py`` prints it alone.
"""

from __future__ import annotations

import os
import statistics
import time

import numpy as np

_ROUNDS = 15


def _python_part() -> float:
    rows = [{"total": i * 1.5, "share": i / 2000} for i in range(2000)]
    names = [f"option {i}" for i in range(2000)]
    return sum(r["total"] * r["share"] for r in rows) + len("".join(names))


def _numpy_part() -> float:
    row = np.linspace(1.0, 2.0, 36)[None, :]
    out = 0.0
    for _ in range(300):
        x = np.maximum(row * 1.1 - 0.5, 0.0)
        out += float(np.ceil(x).sum())
    return out


def reference_ms() -> float:
    """Median time of the reference workload on this machine now. [ms]"""
    _python_part()
    _numpy_part()
    times = []
    for _ in range(_ROUNDS):
        started = time.perf_counter()
        _python_part()
        _numpy_part()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def describe() -> str:
    """One line: the reference time, the load average and the core count."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"host reference {reference_ms():.2f} ms (benchmarks/host.py), "
        f"load average {load:.2f} on {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    print(describe())
