"""Every step whole at 1280×720 and 1920×1080, at scales 1 and 1.5, in both languages.

The window is resized through each step (first at its default size, where the
pages are built, then at each screen size) and :mod:`tests.ui.layout_check`
lists what a user could not resolve: a window grown past the screen (Back/Next
and the status bar off it), a table showing fewer rows or columns than it has,
text cut off in a label, a button, a check box or a combo box, a scroll area
cutting its content where it cannot scroll, a tab bar hiding tabs.

Scale 1.5 (150 %: 1920×1080 and 2880×1620 screens give the same logical sizes)
runs in a child process with ``QT_SCALE_FACTOR``, which Qt reads once at
start-up; the deep tier checks scale 2 as well.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gpu_advisor.io.project_file import load_project
from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import MainWindow
from tests.property_runs import DEEP
from tests.ui.layout_check import (
    DEFAULT_SIZE,
    EXAMPLE,
    SIZES,
    build_pages_hidden,
    walk_steps,
)

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "zh_CN")


def _report(found: dict[str, dict[str, list[str]]]) -> str:
    return "\n".join(
        f"{size} {step}: {problem}"
        for size, steps in found.items()
        for step, problems in steps.items()
        for problem in problems
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_step_is_whole_at_scale_1(
    qtbot: Any, window: MainWindow, language: str
) -> None:
    i18n.install_translators(language)
    example = ROOT / "resources" / "examples" / f"{EXAMPLE}.gpuplan"
    window.session.reset(load_project(example), None)
    build_pages_hidden(window)
    found = {
        f"{w}x{h}": problems
        for w, h in (DEFAULT_SIZE, *SIZES)
        if (problems := walk_steps(window, (w, h)))
    }
    assert not found, _report(found)


SCALES: tuple[str, ...] = ("1.5", "2") if DEEP else ("1.5",)
"""Display scales checked in a child process: 150 % (a common laptop setting,
fractional: the hardest for layouts) in every run, 200 % too in the deep tier."""


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_step_is_whole_at_a_larger_scale(language: str, scale: str) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "QT_SCALE_FACTOR": scale,
        "PYTHONPATH": os.pathsep.join(
            [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
        ),
    }
    run = subprocess.run(
        [sys.executable, "-m", "tests.ui.layout_check", language],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    found = {
        size: steps
        for size, steps in json.loads(run.stdout.splitlines()[-1]).items()
        if steps
    }
    assert not found, _report(found)


@pytest.mark.parametrize(
    ("screen_px", "expected_px"),
    [((1280, 720), (1280, 680)), ((1920, 1080), (1280, 760))],
)
def test_the_first_window_fits_the_screen(
    monkeypatch: pytest.MonkeyPatch,
    screen_px: tuple[int, int],
    expected_px: tuple[int, int],
) -> None:
    """A 1280×720 screen (its title bar and panel aside) holds the whole window."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QApplication

    from gpu_advisor.ui import main_window

    class Screen:
        def availableGeometry(self) -> QRect:
            return QRect(0, 0, *screen_px)

    monkeypatch.setattr(QApplication, "primaryScreen", staticmethod(Screen))
    assert main_window.default_window_size().toTuple() == expected_px
