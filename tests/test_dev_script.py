"""dev.py: the app installs only what it needs; bench fails when a benchmark does."""

from __future__ import annotations

import importlib.util
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
