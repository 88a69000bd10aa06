"""dev.py: the app installs only what it needs; bench fails when a benchmark does;
``test`` runs the CI tier and ``test --deep`` the deep one with a printed seed."""

from __future__ import annotations

import doctest
import importlib.util
import os
import re
import shlex
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _dev() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dev_script", ROOT / "dev.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["dev_script"] = module
    spec.loader.exec_module(module)
    return module


def test_app_sets_up_without_the_test_and_packaging_tools(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dev = _dev()
    asked: list[str] = []
    monkeypatch.setattr(
        dev, "setup", lambda extras=dev.DEV_EXTRAS: asked.append(extras)
    )
    monkeypatch.setattr(dev.subprocess, "call", lambda *_a, **_k: 0)
    assert dev.cmd_app([]) == 0
    assert asked == [""]
    monkeypatch.setattr(dev.subprocess, "call", lambda *_a, **_k: 0)
    assert dev.cmd_test([]) == 0
    assert asked == ["", "dev,build"]


def test_bench_fails_when_one_benchmark_fails(
    monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    dev = _dev()
    monkeypatch.setattr(dev, "setup", lambda extras=dev.DEV_EXTRAS: None)
    codes = iter([0, 1] + [0] * 50)
    monkeypatch.setattr(dev.subprocess, "call", lambda *_a, **_k: next(codes))
    assert dev.cmd_bench([]) == 1
    assert "FAILED benchmarks:" in capsys.readouterr().out


def test_app_installs_only_the_run_time_debian_packages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dev = _dev()
    app = set(dev.debian_packages(dev.APP_EXTRAS))
    full = set(dev.debian_packages(dev.DEV_EXTRAS))
    # Qt's xcb/EGL libraries and the CJK font: what the window needs to open
    assert {"libegl1", "libxcb-cursor0", "libxkbcommon-x11-0"} <= app
    assert "fonts-wqy-microhei" in app
    tools = {
        "poppler-utils",
        "shellcheck",
        "prometheus",
        "fio",
        "iperf3",
        "xvfb",
        "binutils",
        "desktop-file-utils",
        "appstream",
        "shared-mime-info",
    }
    assert not tools & app
    assert tools | app <= full
    asked: list[list[str]] = []

    def missing(packages: list[str]) -> list[str]:
        asked.append(packages)
        return []

    monkeypatch.setattr(dev, "_missing_debian_packages", missing)
    monkeypatch.setattr(dev, "_venv_ready", lambda extras: True)
    monkeypatch.setattr(dev, "build_qt_assets", lambda say=False: None)
    dev.setup(dev.APP_EXTRAS)
    assert all(set(packages) == app for packages in asked)
    asked.clear()
    dev.setup(dev.DEV_EXTRAS)
    assert all(set(packages) == full for packages in asked)


APT_OUTPUT = """Reading package lists...
Building dependency tree...
The following NEW packages will be installed:
  fonts-wqy-microhei libegl1
0 upgraded, 2 newly installed, 0 to remove and 7 not upgraded.
Setting up libegl1 (1.6.0-1) ...
"""


def test_apt_output_goes_to_its_log_and_one_line_to_the_console(
    monkeypatch: pytest.MonkeyPatch, capsys: Any, tmp_path: Path
) -> None:
    dev = _dev()
    monkeypatch.setattr(dev, "APT_LOG", tmp_path / ".venv" / "apt-install.log")
    monkeypatch.setattr(
        dev, "_missing_debian_packages", lambda _p: ["fonts-wqy-microhei", "libegl1"]
    )
    monkeypatch.setattr(dev.os, "geteuid", lambda: 0)
    commands: list[list[str]] = []

    def fake_call(cmd: list[str], **kwargs: Any) -> int:
        commands.append(cmd)
        kwargs["stdout"].write(APT_OUTPUT if "install" in cmd else "Hit:1 deb\n")
        return 0

    monkeypatch.setattr(dev.subprocess, "call", fake_call)
    dev.ensure_system_packages(dev.APP_EXTRAS)
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "  system packages (Qt libraries, CJK font): 2 package(s) installed"
    ]
    log = dev.APT_LOG.read_text(encoding="utf-8")
    assert "Setting up libegl1" in log
    assert "+ apt-get update -q" in log
    assert commands[1][-2:] == ["fonts-wqy-microhei", "libegl1"]


def test_failed_apt_shows_the_end_of_its_log(
    monkeypatch: pytest.MonkeyPatch, capsys: Any, tmp_path: Path
) -> None:
    dev = _dev()
    monkeypatch.setattr(dev, "APT_LOG", tmp_path / "apt-install.log")
    monkeypatch.setattr(dev, "_missing_debian_packages", lambda _p: ["libegl1"])
    monkeypatch.setattr(dev.os, "geteuid", lambda: 0)

    def fake_call(cmd: list[str], **kwargs: Any) -> int:
        kwargs["stdout"].write("E: Unable to locate package libegl1\n")
        return 100

    monkeypatch.setattr(dev.subprocess, "call", fake_call)
    with pytest.raises(SystemExit):
        dev.ensure_system_packages(dev.APP_EXTRAS)
    out = capsys.readouterr().out
    assert "E: Unable to locate package libegl1" in out
    assert "FAILED: installing system packages" in out


def test_first_run_says_so_and_later_runs_are_silent(
    monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    dev = _dev()
    monkeypatch.setattr(dev, "_missing_debian_packages", lambda _p: [])
    monkeypatch.setattr(dev, "ensure_venv", lambda extras: None)
    monkeypatch.setattr(dev.subprocess, "call", lambda *_a, **_k: 0)
    monkeypatch.setattr(dev, "ASSETS_LOG", Path(os.devnull))
    monkeypatch.setattr(dev, "_venv_ready", lambda extras: False)
    dev.setup(dev.APP_EXTRAS)
    first = capsys.readouterr().out
    assert first.startswith("first run: setting up, about two minutes")
    monkeypatch.setattr(dev, "_venv_ready", lambda extras: True)
    dev.setup(dev.APP_EXTRAS)
    assert capsys.readouterr().out == ""


def _record_steps(
    dev: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[list[str], dict[str, str]]]:
    monkeypatch.setattr(dev, "setup", lambda extras=dev.DEV_EXTRAS: None)
    steps: list[tuple[list[str], dict[str, str]]] = []

    def fake_call(cmd: list[str], **kwargs: Any) -> int:
        steps.append((cmd, kwargs["env"]))
        return 0

    monkeypatch.setattr(dev.subprocess, "call", fake_call)
    return steps


def test_test_runs_the_ci_tier(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    dev = _dev()
    monkeypatch.setenv(dev.DEEP_VARIABLE, "1")  # left over in the shell: not deep
    steps = _record_steps(dev, monkeypatch)
    assert dev.cmd_test(["-k", "walk"]) == 0
    assert [Path(cmd[0]).name for cmd, _ in steps[:4]] == [
        "ruff",
        "ruff",
        "mypy",
        "lint-imports",
    ]
    pytest_cmd, env = steps[-1]
    assert pytest_cmd[1:5] == ["-m", "pytest", "-n", "3"]
    assert pytest_cmd[-2:] == ["-k", "walk"]
    assert not any(arg.startswith("--hypothesis-seed") for arg in pytest_cmd)
    assert env[dev.DEEP_VARIABLE] == "0"
    out = capsys.readouterr().out
    assert "  pytest: " in out
    assert "CI tier passed: " in out


def test_deep_runs_with_a_printed_seed_that_can_be_given_again(
    monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    dev = _dev()
    steps = _record_steps(dev, monkeypatch)
    assert dev.cmd_test(["--deep"]) == 0
    [(pytest_cmd, env)] = [(cmd, env) for cmd, env in steps if "pytest" in cmd]
    assert env[dev.DEEP_VARIABLE] == "1"
    [seed_arg] = [a for a in pytest_cmd if a.startswith("--hypothesis-seed=")]
    seed = seed_arg.partition("=")[2]
    # then every window benchmark at its full rounds
    benchmarks = {Path(cmd[-1]).name for cmd, _ in steps[5:]}
    assert benchmarks == {p.name for p in (ROOT / "benchmarks").glob("bench_ui_*.py")}
    out = capsys.readouterr().out
    assert f"python3 dev.py test --deep --seed {seed}" in out
    assert "deep tier passed: " in out
    steps.clear()
    assert dev.cmd_test(["--deep", "--seed", seed, "tests/io"]) == 0
    assert f"--hypothesis-seed={seed}" in steps[4][0]
    assert steps[4][0][-1] == "tests/io"


def test_a_failing_step_stops_the_run_and_says_which(
    monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    dev = _dev()
    monkeypatch.setattr(dev, "setup", lambda extras=dev.DEV_EXTRAS: None)
    codes = iter([0, 0, 1])
    monkeypatch.setattr(dev.subprocess, "call", lambda *_a, **_k: next(codes))
    assert dev.cmd_test([]) == 1
    assert "FAILED: mypy exited with 1" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args", [["--seed", "3"], ["--deep", "--seed"], ["--deep", "--seed=x"]]
)
def test_a_seed_needs_deep_and_a_number(args: list[str]) -> None:
    with pytest.raises(SystemExit):
        _dev().test_options(args)


def test_the_test_options_examples_hold() -> None:
    dev = _dev()
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(dev.test_options, "test_options"):
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_every_dev_command_in_the_readme_is_one_dev_accepts() -> None:
    """The README's ``python3 dev.py ...`` lines name commands and options that
    exist (the quick start's two, the deep tier, the benchmarks)."""
    dev = _dev()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = re.findall(r"python3 dev\.py [^`\n#]*", readme)
    assert "python3 dev.py test --deep" in {line.strip() for line in lines}
    for line in lines:
        command, *args = shlex.split(line)[2:]
        assert command in {"app", "test", "bench", "setup"}, line
        if command == "test":
            rest = dev.test_options(args)[2]  # raises on a bad --seed
            # what goes on to pytest: its options, or test files that exist
            assert all(a.startswith("-") or (ROOT / a).exists() for a in rest), line
