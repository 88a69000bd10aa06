"""Run the frozen app's ``--self-test`` offscreen and check what it reports.

Usage::

    python packaging/smoke_test.py [EXECUTABLE] [--require-bundled-font]

``EXECUTABLE`` defaults to ``dist/gpu-advisor/gpu-advisor`` (``.exe`` on
Windows). The app runs with ``QT_QPA_PLATFORM=offscreen``, an empty home, config
and data folder (so no settings or autosaves of the build machine leak in),
and ``GPU_ADVISOR_SELF_TEST_LOG`` pointing at a file, because a windowed
Windows executable has no standard output.

Passes (exit 0) when the app exits 0 within the time limit and its report
contains every step: window, resources, font, catalog, and for every example
shipped in ``resources/examples`` the load, evaluate, open and one PDF per
language. With ``--require-bundled-font`` the PDF font must come from the
bundle, not from the build machine's font folders.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
EXAMPLES: Final = ROOT / "resources" / "examples"
PDF_LANGUAGES: Final = ("zh", "en")
TIMEOUT_S: Final = 180.0


def default_executable() -> Path:
    name = "gpu-advisor.exe" if os.name == "nt" else "gpu-advisor"
    return ROOT / "dist" / "gpu-advisor" / name


def expected_steps(examples: list[str]) -> list[str]:
    """The ``self-test: ok <step>`` prefixes a passing run must print."""
    steps = ["window", "resources", "font", "catalog", "examples"]
    for name in examples:
        steps += [f"load {name}", f"evaluate {name}", f"open {name}"]
        steps += [f"pdf {name} {language}" for language in PDF_LANGUAGES]
    return [*steps, "passed"]


def check_report(
    lines: list[str], examples: list[str], *, bundled_font: bool
) -> list[str]:
    """Problems found in the self-test's report (empty when it passed)."""
    problems = []
    ok = [
        line.removeprefix("self-test: ok ")
        for line in lines
        if line.startswith("self-test: ok ")
    ]
    for step in expected_steps(examples):
        if not any(line == step or line.startswith(step + " ") for line in ok):
            problems.append(f"step missing from the report: {step}")
    problems += [line for line in lines if line.startswith("self-test: FAILED")]
    if bundled_font:
        font = next((line for line in ok if line.startswith("font ")), "")
        if "origin=bundled" not in font:
            problems.append(f"the PDF font does not come from the bundle: {font!r}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "executable", nargs="?", type=Path, default=default_executable()
    )
    parser.add_argument("--require-bundled-font", action="store_true")
    args = parser.parse_args(argv)

    exe: Path = args.executable
    if not exe.is_file():
        print(
            f"smoke test: {exe} does not exist; run packaging/build.py", file=sys.stderr
        )
        return 1
    examples = sorted(p.name for p in EXAMPLES.glob("*.gpuplan"))
    with tempfile.TemporaryDirectory(prefix="gpu-advisor-smoke-") as tmp:
        home = Path(tmp)
        log = home / "self-test.log"
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": "offscreen",
            "HOME": str(home),
            "USERPROFILE": str(home),
            "APPDATA": str(home / "appdata"),
            "LOCALAPPDATA": str(home / "localappdata"),
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CACHE_HOME": str(home / "cache"),
            "GPU_ADVISOR_SELF_TEST_LOG": str(log),
        }
        env.pop("GPU_ADVISOR_CJK_FONT", None)  # the font must be found, not given
        started = time.perf_counter()
        try:
            result = subprocess.run(
                [str(exe), "--self-test", "--no-recovery"],
                env=env,
                capture_output=True,
                text=True,
                timeout=TIMEOUT_S,
                check=False,
            )
        except subprocess.TimeoutExpired:
            print(f"smoke test: no answer within {TIMEOUT_S:.0f} s", file=sys.stderr)
            return 1
        elapsed = time.perf_counter() - started
        lines = log.read_text(encoding="utf-8").splitlines() if log.is_file() else []
    for line in lines:
        print(f"  {line}")
    problems = check_report(lines, examples, bundled_font=args.require_bundled_font)
    if result.returncode != 0:
        problems.insert(0, f"exit status {result.returncode}")
    if problems:
        stderr = "\n".join(
            line
            for line in result.stderr.splitlines()
            if "propagateSizeHints" not in line
        )
        print("smoke test: FAILED\n  " + "\n  ".join(problems), file=sys.stderr)
        if stderr:
            print(f"stderr of the app:\n{stderr}", file=sys.stderr)
        return 1
    print(f"smoke test: passed ({len(examples)} examples, {elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
