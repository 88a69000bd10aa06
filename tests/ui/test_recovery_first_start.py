"""Recovery is offered at the first start after a crash, with a readable entry."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gpu_advisor.io.autosave import AutosaveStore
from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import (
    AUTOSAVE_DELAY_MS,
    MainWindow,
    RecoveryDialog,
)

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)


def _dead_pid() -> int:
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(child.stdout)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_crash_soon_after_the_first_edit_is_recovered(
    qtbot: Any, window: MainWindow, autosave_dir: Path, language: str
) -> None:
    if language != "en" and not i18n.catalog_available(language):
        pytest.skip("compiled .qm missing")
    i18n.install_translators(language)
    qtbot.wait(1)
    assert AUTOSAVE_DELAY_MS <= 1_000  # every edit, well before the interval
    assert window.autosave_timer.interval() >= 60_000
    window._autosave_soon.setTimeout(20)  # the same path, without the wait
    window.session.apply("meta.title", "Plan typed a minute ago")
    qtbot.waitUntil(lambda: any(autosave_dir.glob("*.autosave")), timeout=5000)
    # The process dies now (kill -9): its marker names a pid that is gone.
    (marker,) = autosave_dir.glob("*.session")
    data = json.loads(marker.read_text())
    marker.write_text(json.dumps({**data, "pid": _dead_pid()}))
    (entry,) = AutosaveStore(autosave_dir).list_recoverable()
    dialog = RecoveryDialog([entry], window)
    qtbot.addWidget(dialog)
    text = dialog.list_widget.item(0).text()
    title, details = text.split("\n")[:2]
    assert title == "Plan typed a minute ago"
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", details)
    assert re.search(r"\d+\.\d kB", details)
    assert bool(re.search(r"[\u4e00-\u9fff]", details)) == (language == "zh_CN")
    # Nothing cut off: the list is wide enough and wraps what is longer.
    assert dialog.list_widget.wordWrap()
    assert dialog.list_widget.minimumWidth() >= 560
    window.session.undo_stack.setClean()


def test_every_edit_is_in_the_autosave_within_a_second(
    qtbot: Any, window: MainWindow, autosave_dir: Path
) -> None:
    """Not only the first: after the first autosave, each later edit is written
    within a second too (a kill -9 lost the last two edits before)."""

    for n in range(3):
        window.session.apply("meta.title", f"edit {n}")
        qtbot.waitUntil(
            lambda n=n: any(
                f"edit {n}" in p.read_text(encoding="utf-8")
                for p in autosave_dir.glob("*.autosave")
            ),
            timeout=AUTOSAVE_DELAY_MS + 1500,
        )
    window.session.undo_stack.setClean()
