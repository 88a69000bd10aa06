"""The UI tests' ``qtbot`` keeps a widget until pytest-qt closed it and Qt deleted it.

The crash this guards against: pytest-qt keeps only a weak reference to a
widget given to ``addWidget``. A shown BudgetPage held by nothing but its own
reference cycles was freed by a garbage collection pass that ran while
pytest-qt's teardown painted it, and the window's backing store went with it
in the middle of the paint: SIGSEGV in pyqtgraph's ``ScatterPlotItem.paint``
(see :class:`tests.ui.conftest.KeepingQtBot`).
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest
import shiboken6
from PySide6.QtWidgets import QWidget


class _HeldByACycle(QWidget):
    """A window that, like a page, refers to itself through Python."""

    def __init__(self) -> None:
        super().__init__()
        self.me = self


@pytest.fixture
def deleted_after_qtbot() -> Iterator[list[weakref.ref[QWidget]]]:
    """Widgets that must be deleted once ``qtbot`` is torn down.

    Requested before ``qtbot``, so set up before it and torn down after it.
    """
    watched: list[weakref.ref[QWidget]] = []
    yield watched
    for ref in watched:
        widget = ref()
        assert widget is None or not shiboken6.isValid(widget)


def test_a_shown_widget_held_by_a_cycle_survives_until_closed_and_deleted(
    deleted_after_qtbot: list[weakref.ref[QWidget]], qtbot: Any
) -> None:
    widget: QWidget = _HeldByACycle()
    closed: list[QWidget] = []
    qtbot.addWidget(widget, before_close_func=closed.append)
    widget.show()
    qtbot.waitExposed(widget)
    ref = weakref.ref(widget)
    deleted_after_qtbot.append(ref)
    del widget
    gc.collect()  # what may happen during any paint once the test has returned
    alive = ref()
    assert alive is not None
    assert shiboken6.isValid(alive)
    assert alive.isVisible()
    assert closed == []  # pytest-qt closes it in the teardown
