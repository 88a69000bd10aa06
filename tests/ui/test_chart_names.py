"""Every chart of every step tells assistive technology what it shows.

Each pyqtgraph chart on each step has an accessible name (its visible title)
and a description (its axes) in the UI language, in zh_CN and in en.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pyqtgraph as pg
import pytest

from gpu_advisor.io.project_file import load_project
from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.wizard import PageId

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

EXAMPLE = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)[0]
_CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_chart_has_a_name_in_the_ui_language(
    qtbot: Any, window: MainWindow, language: str
) -> None:
    i18n.install_translators(language)
    qtbot.wait(1)
    window.session.reset(load_project(EXAMPLE), None)
    window.wizard.restart()
    seen = 0
    unnamed: list[str] = []
    for page_id in PageId:
        window.wizard.go_to(page_id)
        qtbot.wait(5)
        page = window.wizard.currentPage()
        assert page is not None
        for index, plot in enumerate(page.findChildren(pg.PlotWidget)):
            seen += 1
            name = plot.accessibleName()
            where = f"{page_id.name} chart {index} ({name!r})"
            if not name or not plot.accessibleDescription():
                unnamed.append(where)
            elif (_CJK.search(name) is not None) != (language == "zh_CN"):
                unnamed.append(f"{where}: not in {language}")
            elif "<" in name:
                unnamed.append(f"{where}: markup in the name")
    assert seen >= 8, "the charts of workload, vendors and budget were not found"
    assert not unnamed, unnamed
