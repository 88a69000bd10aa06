"""The app asks Qt to paint on the GUI thread alone (see gpu_advisor.app)."""

from __future__ import annotations

import pytest

from gpu_advisor.app import paint_on_the_gui_thread


def test_qt_paints_on_the_gui_thread_unless_the_user_said_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import os

    monkeypatch.delenv("QT_NO_GUI_THREADPOOL", raising=False)
    paint_on_the_gui_thread()
    assert os.environ["QT_NO_GUI_THREADPOOL"] == "1"
    monkeypatch.setenv("QT_NO_GUI_THREADPOOL", "0")
    paint_on_the_gui_thread()
    assert os.environ["QT_NO_GUI_THREADPOOL"] == "0"  # the user's value is kept
