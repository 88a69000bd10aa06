#!/usr/bin/env python3
"""Developer entry point: one command to run the app, one to run the tests.

    python3 dev.py app [PROJECT.gpuplan]   # set up (first time only), then start the app
    python3 dev.py test [PYTEST ARGS...]   # set up, then lint, type-check and test
    python3 dev.py bench                   # set up, then print the benchmark figures
    python3 dev.py setup                   # only set up

Setting up means: the Debian packages Qt and the PDF tests need (installed with
apt-get when running as root on Debian/Ubuntu, otherwise the command is shown),
a virtual environment in ``.venv`` with the pinned versions from
``requirements/constraints.txt``, and the compiled translations and Qt
resources. ``app`` installs only what the app needs; ``test``, ``bench`` and
``setup`` add the test, lint and packaging tools. pip's output goes to
``.venv/pip-install.log``; the console shows one line per step. ``bench``
exits non-zero when any benchmark fails. Only the standard library is used here, so a fresh machine with
Python 3.11+ can run it.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
CONSTRAINTS = ROOT / "requirements" / "constraints.txt"
STAMP = VENV / ".gpu-advisor-setup"

DEBIAN_PACKAGES = [
    # Qt's xcb/offscreen platform plugins and their libraries
    "libegl1",
    "libgl1",
    "libxkbcommon-x11-0",
    "libxcb-cursor0",
    "libxcb-icccm4",
    "libxcb-keysyms1",
    "libxcb-shape0",
    "libxcb-randr0",
    "libxcb-render-util0",
    "libxcb-image0",
    "libxcb-xinerama0",
    "libxcb-xkb1",
    "libdbus-1-3",
    "libglib2.0-0",
    "fontconfig",
    # a CJK font with TrueType outlines that reportlab can embed in the PDF
    "fonts-wqy-microhei",
    # tests: PDF to text/PNG, shell script checks, a virtual screen
    "poppler-utils",
    "shellcheck",
    # tests: promtool checks and unit-tests the generated Prometheus alert rules
    "prometheus",
    # tests: the vendor test kit runs its fio and iperf3 steps for real (loopback)
    "fio",
    "iperf3",
    "xvfb",
    "xauth",
    # packaging: PyInstaller needs objdump/objcopy; validators for the desktop files
    "binutils",
    "desktop-file-utils",
    "appstream",
    "shared-mime-info",
]


def _bin(name: str) -> Path:
    sub = "Scripts" if os.name == "nt" else "bin"
    suffix = ".exe" if os.name == "nt" else ""
    return VENV / sub / f"{name}{suffix}"


def _run(cmd: list[str | Path], **kwargs: object) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kwargs)  # type: ignore[call-overload]


def _missing_debian_packages() -> list[str]:
    if not sys.platform.startswith("linux") or shutil.which("dpkg-query") is None:
        return []
    missing = []
    for pkg in DEBIAN_PACKAGES:
        probe = subprocess.run(
            ["dpkg-query", "-W", "-f=${Status}", pkg],
            capture_output=True,
            text=True,
            check=False,
        )
        if "install ok installed" not in probe.stdout:
            missing.append(pkg)
    return missing


def ensure_system_packages() -> None:
    missing = _missing_debian_packages()
    if not missing:
        return
    install = ["apt-get", "install", "-y", "--no-install-recommends", *missing]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        _run(["apt-get", "update"])
        _run(install, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    elif shutil.which("sudo"):
        _run(["sudo", "apt-get", "update"])
        _run(["sudo", *install])
    else:
        print("Missing Debian packages; install them with:\n  " + " ".join(install))


def _setup_fingerprint() -> str:
    digest = hashlib.sha256()
    for path in (ROOT / "pyproject.toml", CONSTRAINTS):
        digest.update(path.read_bytes())
    return digest.hexdigest()


APP_EXTRAS = ""
"""What ``dev.py app`` installs: the app's own dependencies only."""
DEV_EXTRAS = "dev,build"
"""What ``dev.py test``/``bench``/``setup`` add: test, lint and packaging tools."""
PIP_LOG = VENV / "pip-install.log"


def _pip_quietly(cmd: list[str | Path], what: str) -> None:
    """Run pip with its output in :data:`PIP_LOG`; print one summary line."""
    with PIP_LOG.open("a", encoding="utf-8") as log:
        log.write("+ " + " ".join(str(c) for c in cmd) + "\n")
        log.flush()
        status = subprocess.call(
            [str(c) for c in cmd], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT
        )
    text = PIP_LOG.read_text(encoding="utf-8", errors="replace")
    if status != 0:
        tail = "\n".join(text.splitlines()[-25:])
        print(f"{tail}\nFAILED: installing {what} (full log: {PIP_LOG})", flush=True)
        raise SystemExit(status)
    installed = [
        line for line in text.splitlines() if line.startswith("Successfully installed")
    ]
    count = len(installed[-1].split()) - 2 if installed else 0
    print(f"  {what}: {count} package(s) installed", flush=True)


def ensure_venv(extras: str = DEV_EXTRAS) -> None:
    wanted = f"{_setup_fingerprint()} [{extras}]"
    have = STAMP.read_text() if STAMP.exists() else ""
    done = have == wanted or (extras == APP_EXTRAS and have.startswith(wanted[:-2]))
    if done and _bin("python").exists():
        return
    print(
        "first run: setting up, about two minutes "
        f"(full log in {PIP_LOG.relative_to(ROOT)})",
        flush=True,
    )
    if not _bin("python").exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    PIP_LOG.write_text("", encoding="utf-8")
    pip: list[str | Path] = [
        _bin("python"),
        "-m",
        "pip",
        "install",
        "--disable-pip-version-check",
    ]
    _pip_quietly([*pip, "-c", CONSTRAINTS, "setuptools", "wheel"], "build tools")
    target = f".[{extras}]" if extras else "."
    _pip_quietly(
        [*pip, "-c", CONSTRAINTS, "--no-build-isolation", "-e", target],
        "GPU Advisor and its dependencies"
        + (" with the test and packaging tools" if extras else ""),
    )
    STAMP.write_text(wanted)


def build_qt_assets() -> None:
    _run([_bin("python"), ROOT / "packaging" / "build_qt_assets.py"])


def setup(extras: str = DEV_EXTRAS) -> None:
    ensure_system_packages()
    ensure_venv(extras)
    build_qt_assets()


def cmd_app(args: list[str]) -> int:
    setup(APP_EXTRAS)
    return subprocess.call([str(_bin("gpu-advisor")), *args], cwd=ROOT)


def cmd_test(args: list[str]) -> int:
    setup()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    steps: list[list[str | Path]] = [
        [_bin("ruff"), "check", "."],
        [_bin("ruff"), "format", "--check", "."],
        [_bin("mypy")],
        [_bin("lint-imports")],
        [_bin("python"), "-m", "pytest", *args],
    ]
    for step in steps:
        print("+", " ".join(str(c) for c in step), flush=True)
        status = subprocess.call([str(c) for c in step], cwd=ROOT, env=env)
        if status != 0:
            print(f"FAILED: {Path(step[0]).name} exited with {status}", flush=True)
            return status
    return 0


def cmd_bench(args: list[str]) -> int:
    setup()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    failed: list[str] = []
    for script in sorted((ROOT / "benchmarks").glob("bench_*.py")):
        print(f"== {script.name}", flush=True)
        code = subprocess.call(
            [str(_bin("python")), str(script), *args], cwd=ROOT, env=env
        )
        if code != 0:
            failed.append(script.name)
    if failed:
        print(f"FAILED benchmarks: {', '.join(failed)}", flush=True)
        return 1
    return 0


def main(argv: list[str]) -> int:
    commands = {"app": cmd_app, "test": cmd_test, "bench": cmd_bench}
    if not argv or argv[0] not in {*commands, "setup"}:
        print(__doc__)
        return 2
    if argv[0] == "setup":
        setup()
        return 0
    return commands[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
