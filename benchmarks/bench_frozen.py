"""Cold start of the frozen app (PyInstaller bundle) and the bundle's size.

Runs ``dist/gpu-advisor/gpu-advisor --benchmark-startup --no-recovery`` in a
fresh process (offscreen platform, empty settings and autosave folders) once to
warm the OS file cache, then ``--runs`` times, and prints the median wall-clock
time from launch until the window is shown and the event loop has run (budget:
≤ 1 s), and the size of ``dist/gpu-advisor/`` in MB.

Build the bundle first: ``python packaging/build.py``.

Usage: ``python benchmarks/bench_frozen.py [--runs 5] [--executable PATH]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET_S = 1.0


def default_executable() -> Path:
    name = "gpu-advisor.exe" if os.name == "nt" else "gpu-advisor"
    return ROOT / "dist" / "gpu-advisor" / name


def one_run(exe: Path, env: dict[str, str]) -> tuple[float, float]:
    """Seconds from launch to 'ready' (parent clock), and as the app measured it."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        [str(exe), "--benchmark-startup", "--no-recovery"],
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
        proc.wait(timeout=60)
        raise RuntimeError(f"the app exited ({proc.returncode}) without 'ready'")
    proc.wait(timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(f"the app exited with status {proc.returncode}")
    return elapsed, inside


def folder_size_mb(folder: Path) -> float:
    """Size of the files in ``folder`` [MB] (10⁶ bytes; symlinks not followed)."""
    total = sum(
        p.stat().st_size
        for p in folder.rglob("*")
        if p.is_file() and not p.is_symlink()
    )
    return total / 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--executable", type=Path, default=default_executable())
    args = parser.parse_args()
    exe: Path = args.executable
    if not exe.is_file():
        print(f"{exe} not found: build it with python packaging/build.py")
        return 0  # nothing to measure is not a failure of `dev.py bench`
    with tempfile.TemporaryDirectory() as home:
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
            "HOME": home,
            "XDG_CONFIG_HOME": os.path.join(home, "config"),
            "XDG_DATA_HOME": os.path.join(home, "data"),
        }
        one_run(exe, env)  # warm the OS file cache once, as a second launch would be
        results = [one_run(exe, env) for _ in range(args.runs)]
    totals = [total for total, _inside in results]
    insides = [inside for _total, inside in results]
    print("runs:", " ".join(f"{t:.3f}" for t in totals))
    print(
        f"median frozen launch-to-usable-window: {statistics.median(totals):.3f} s "
        f"(budget {BUDGET_S} s)"
    )
    print(f"median inside main(): {statistics.median(insides):.3f} s")
    print(f"bundle {exe.parent.name}/: {folder_size_mb(exe.parent):.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
