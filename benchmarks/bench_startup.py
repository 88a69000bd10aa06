"""Cold start of the desktop app to a shown, usable window.

Runs ``python -m gpu_advisor --benchmark-startup`` in a fresh process (offscreen
platform, empty settings and autosave folders) several times and prints the
wall-clock time from process launch until the window has been shown and the
event loop has processed its first events. Budget: ≤ 1 s.

Usage: ``python benchmarks/bench_startup.py [--runs 5]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def one_run(env: dict[str, str]) -> tuple[float, float]:
    """Seconds from launch to 'ready' (parent clock), and as the app measured it."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "gpu_advisor", "--benchmark-startup", "--no-recovery"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # the offscreen platform's size-hint notices
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("ready"):
            elapsed = time.perf_counter() - started
            inside = float(line.split()[1])
            break
    else:
        raise RuntimeError("the app exited without reporting 'ready'")
    proc.wait(timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(f"the app exited with status {proc.returncode}")
    return elapsed, inside


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
            "HOME": home,
            "XDG_CONFIG_HOME": os.path.join(home, "config"),
            "XDG_DATA_HOME": os.path.join(home, "data"),
        }
        one_run(env)  # warm the OS file cache once, as a second launch would be
        results = [one_run(env) for _ in range(args.runs)]
    totals = [total for total, _inside in results]
    insides = [inside for _total, inside in results]
    print("runs:", " ".join(f"{t:.3f}" for t in totals))
    print(
        f"median launch-to-usable-window: {statistics.median(totals):.3f} s (budget 1 s)"
    )
    print(f"median inside main(): {statistics.median(insides):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
