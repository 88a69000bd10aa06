#!/usr/bin/env python3
"""Developer entry point: one command to run the app, one to run the tests.

    python3 dev.py app [PROJECT.gpuplan]   # set up (first time only), then start the app
    python3 dev.py test [PYTEST ARGS...]   # set up, then lint, type-check and test
    python3 dev.py test --deep [--seed N]  # the same with the long property runs,
                                           # all window benchmarks and the real samples
    python3 dev.py bench                   # set up, then print the benchmark figures
    python3 dev.py setup                   # only set up

Setting up means: the Debian packages Qt and the tests need (installed with
apt-get as root or through sudo on Debian/Ubuntu, otherwise the command is shown),
a virtual environment in ``.venv`` with the pinned versions from
``requirements/constraints.txt``, and the compiled translations and Qt
resources. ``app`` installs only what the app needs at run time (Qt's
libraries, a CJK font and the Python packages); ``test``, ``bench`` and
``setup`` add the test, lint and packaging tools (Debian and Python). The
tools' output goes to logs in ``.venv`` (``apt-install.log``,
``pip-install.log``, ``qt-assets.log``); the console shows one line per step.
``bench`` exits non-zero when any benchmark fails. Only the standard library is
used here, so a fresh machine with Python 3.11+ can run it.

``test`` runs the CI tier: what ``.ci/run`` runs, sized to keep CI within
about ten minutes on two cores (the tests in three pytest-xdist workers).
``test --deep`` runs the deep tier: the property tests at their full sizes with
a new hypothesis seed each run, printed first (``--seed N`` runs that seed
again), the tests marked ``deep``, then every window benchmark
(``benchmarks/bench_ui_*.py``) at its full number of rounds. Each step prints
its wall and CPU time.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
CONSTRAINTS = ROOT / "requirements" / "constraints.txt"
STAMP = VENV / ".gpu-advisor-setup"

APP_DEBIAN_PACKAGES = [
    # Qt's xcb/EGL platform plugins and the libraries they load at run time
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
    # a CJK font with TrueType outlines: the Chinese UI, and embedded in the PDF
    "fonts-wqy-microhei",
]
"""What ``dev.py app`` installs: what the app loads when it runs."""

DEV_DEBIAN_PACKAGES = [
    # tests: PDF to text/PNG, shell script checks
    "poppler-utils",
    "shellcheck",
    # tests: promtool checks and unit-tests the generated Prometheus alert rules
    "prometheus",
    # tests: the vendor test kit runs its fio and iperf3 steps for real (loopback)
    "fio",
    "iperf3",
    # tests and screenshots: a virtual screen
    "xvfb",
    "xauth",
    # packaging: PyInstaller needs objdump/objcopy; validators for the desktop files
    "binutils",
    "desktop-file-utils",
    "appstream",
    "shared-mime-info",
]
"""What ``dev.py test``/``bench``/``setup`` add: test and packaging tools."""

APT_LOG = VENV / "apt-install.log"
"""apt-get's output (the console shows one summary line)."""


def _bin(name: str) -> Path:
    sub = "Scripts" if os.name == "nt" else "bin"
    suffix = ".exe" if os.name == "nt" else ""
    return VENV / sub / f"{name}{suffix}"


def _run(cmd: list[str | Path], **kwargs: object) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kwargs)  # type: ignore[call-overload]


def debian_packages(extras: str) -> list[str]:
    """The Debian packages a setup with ``extras`` needs (the app's only for "")."""
    return APP_DEBIAN_PACKAGES + (DEV_DEBIAN_PACKAGES if extras else [])


def _missing_debian_packages(packages: list[str]) -> list[str]:
    if not sys.platform.startswith("linux") or shutil.which("dpkg-query") is None:
        return []
    missing = []
    for pkg in packages:
        probe = subprocess.run(
            ["dpkg-query", "-W", "-f=${Status}", pkg],
            capture_output=True,
            text=True,
            check=False,
        )
        if "install ok installed" not in probe.stdout:
            missing.append(pkg)
    return missing


def _apt_quietly(cmds: list[list[str]], what: str) -> None:
    """Run apt-get with its output in :data:`APT_LOG`; print one summary line."""
    APT_LOG.parent.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    status = 0
    with APT_LOG.open("a", encoding="utf-8") as log:
        for cmd in cmds:
            log.write("+ " + " ".join(cmd) + "\n")
            log.flush()
            status = subprocess.call(
                cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env
            )
            if status != 0:
                break
    text = APT_LOG.read_text(encoding="utf-8", errors="replace")
    if status != 0:
        tail = "\n".join(text.splitlines()[-25:])
        print(f"{tail}\nFAILED: installing {what} (full log: {APT_LOG})", flush=True)
        raise SystemExit(status)
    counts = [
        line.split()[line.split().index("newly") - 1]
        for line in text.splitlines()
        if " newly installed" in line and line.split()[0].isdigit()
    ]
    count = counts[-1] if counts else "0"
    print(f"  {what}: {count} package(s) installed", flush=True)


def ensure_system_packages(extras: str = "") -> None:
    """Install the missing Debian packages of a setup with ``extras``, quietly."""
    missing = _missing_debian_packages(debian_packages(extras))
    if not missing:
        return
    what = (
        "system packages (Qt libraries, CJK font, test and packaging tools)"
        if extras
        else "system packages (Qt libraries, CJK font)"
    )
    install = ["apt-get", "install", "-y", "-q", "--no-install-recommends", *missing]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        _apt_quietly([["apt-get", "update", "-q"], install], what)
    elif shutil.which("sudo"):
        # sudo asks for the password on the terminal, not on the redirected output
        print(f"  installing {what} with sudo", flush=True)
        _apt_quietly([["sudo", "apt-get", "update", "-q"], ["sudo", *install]], what)
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
ASSETS_LOG = VENV / "qt-assets.log"


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


def _venv_ready(extras: str) -> bool:
    wanted = f"{_setup_fingerprint()} [{extras}]"
    have = STAMP.read_text() if STAMP.exists() else ""
    done = have == wanted or (extras == APP_EXTRAS and have.startswith(wanted[:-2]))
    return done and _bin("python").exists()


def ensure_venv(extras: str = DEV_EXTRAS) -> None:
    if _venv_ready(extras):
        return
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
    STAMP.write_text(f"{_setup_fingerprint()} [{extras}]")


def build_qt_assets(*, say: bool = False) -> None:
    """Compile the translations and Qt resources; their tools' output goes to
    :data:`ASSETS_LOG` (shown only when the build fails)."""
    cmd = [str(_bin("python")), str(ROOT / "packaging" / "build_qt_assets.py")]
    with ASSETS_LOG.open("w", encoding="utf-8") as log:
        status = subprocess.call(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    if status != 0:
        print(ASSETS_LOG.read_text(encoding="utf-8", errors="replace"), flush=True)
        print(f"FAILED: building the translations and Qt resources ({ASSETS_LOG})")
        raise SystemExit(status)
    if say:
        print("  translations and Qt resources: built", flush=True)


def setup(extras: str = DEV_EXTRAS) -> None:
    """Debian packages, the virtual environment and the Qt assets for ``extras``;
    one line per step on the console, the tools' output in logs under ``.venv``."""
    first = not _venv_ready(extras) or bool(
        _missing_debian_packages(debian_packages(extras))
    )
    if first:
        print(
            "first run: setting up, about two minutes "
            f"(logs in {VENV.relative_to(ROOT)}{os.sep})",
            flush=True,
        )
    ensure_system_packages(extras)
    ensure_venv(extras)
    build_qt_assets(say=first)


def cmd_app(args: list[str]) -> int:
    setup(APP_EXTRAS)
    return subprocess.call([str(_bin("gpu-advisor")), *args], cwd=ROOT)


DEEP_VARIABLE = "GPU_ADVISOR_DEEP"
"""Tells the tests to run the deep tier (read by ``tests/property_runs.py``)."""
CI_PYTEST_ARGS = ["-n", "3", "--durations=20"]
"""pytest's options in both tiers: three workers (pytest-xdist) on the two
cores, so that one runs while another waits on a subprocess, a kill or a
timer (two left a fifth of the cores idle), the slowest tests listed."""


def test_options(args: list[str]) -> tuple[bool, int | None, list[str]]:
    """``--deep`` and ``--seed N`` taken out of ``test``'s arguments; the rest
    go to pytest.

    >>> test_options(["--deep", "--seed", "7", "-k", "walk"])
    (True, 7, ['-k', 'walk'])
    >>> test_options(["tests/test_readme.py"])
    (False, None, ['tests/test_readme.py'])
    """
    deep, seed, rest = False, None, []
    items = iter(args)
    for arg in items:
        if arg == "--deep":
            deep = True
        elif arg == "--seed" or arg.startswith("--seed="):
            value = arg.partition("=")[2] or next(items, "")
            if not value.isdigit():
                raise SystemExit(f"--seed needs a whole number, not {value!r}")
            seed = int(value)
        else:
            rest.append(arg)
    if seed is not None and not deep:
        raise SystemExit("--seed goes with --deep (the CI tier's seed is fixed)")
    return deep, seed, rest


def _timed_call(
    step: list[str | Path], env: dict[str, str]
) -> tuple[int, float, float]:
    """Run one step; its exit status, wall time and CPU time (its processes')."""
    before, start = os.times(), time.monotonic()
    status = subprocess.call([str(c) for c in step], cwd=ROOT, env=env)
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return status, time.monotonic() - start, cpu


def _took(wall: float, cpu: float) -> str:
    # Windows counts no child CPU time
    return f"{wall:.0f} s wall, {cpu:.0f} s CPU" if cpu else f"{wall:.0f} s"


def cmd_test(args: list[str]) -> int:
    deep, seed, pytest_args = test_options(args)
    setup()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", DEEP_VARIABLE: "0"}
    pytest: list[str | Path] = [_bin("python"), "-m", "pytest", *CI_PYTEST_ARGS]
    if deep:
        seed = secrets.randbelow(2**32) if seed is None else seed
        env[DEEP_VARIABLE] = "1"
        pytest.append(f"--hypothesis-seed={seed}")
        print(
            f"deep tier, hypothesis seed {seed} "
            f"(again: python3 dev.py test --deep --seed {seed})",
            flush=True,
        )
    steps: list[tuple[str, list[str | Path]]] = [
        ("ruff", [_bin("ruff"), "check", "."]),
        ("ruff format", [_bin("ruff"), "format", "--check", "."]),
        ("mypy", [_bin("mypy")]),
        ("lint-imports", [_bin("lint-imports")]),
        ("pytest", [*pytest, *pytest_args]),
    ]
    if deep:  # every window benchmark at its full number of rounds (figures printed)
        steps += [
            (script.name, [_bin("python"), script])
            for script in sorted((ROOT / "benchmarks").glob("bench_ui_*.py"))
        ]
    total_wall = total_cpu = 0.0
    for name, step in steps:
        print("+", " ".join(str(c) for c in step), flush=True)
        status, wall, cpu = _timed_call(step, env)
        total_wall, total_cpu = total_wall + wall, total_cpu + cpu
        print(f"  {name}: {_took(wall, cpu)}", flush=True)
        if status != 0:
            print(f"FAILED: {name} exited with {status}", flush=True)
            if deep:
                print(f"  (hypothesis seed {seed}: --deep --seed {seed})", flush=True)
            return status
    tier = "deep" if deep else "CI"
    print(f"{tier} tier passed: {_took(total_wall, total_cpu)}", flush=True)
    return 0


def cmd_bench(args: list[str]) -> int:
    setup()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    failed: list[str] = []
    # first how fast this machine is today (see benchmarks/host.py)
    subprocess.call(
        [str(_bin("python")), str(ROOT / "benchmarks" / "host.py")], cwd=ROOT
    )
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
