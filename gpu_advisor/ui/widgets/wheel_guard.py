"""The mouse wheel scrolls the form; it changes a field only after a click.

A spin box or combo box takes the wheel whenever the pointer is over it, so
scrolling the budget form with the pointer passing over a price changed the
price (and passing over the data-residency choice changed it, and with it
the recommendation), without a click and often unseen.
:func:`wheel_scrolls_past` makes a field hand a wheel turn to the widgets
around it (the scroll area scrolls) unless the field has the keyboard focus:
a field the user has clicked or tabbed into still steps with the wheel.

Each field gets the filter of its own (:func:`wheel_scrolls_past`, called for
every number field by
:func:`~gpu_advisor.ui.widgets.bound.commit_when_finished` and for each
combo box where it is made): one filter on the whole application would see
every event of every widget, and made switching steps 3–6 ms slower (one per
field: 0.3–1.2 ms on the busiest steps, ``benchmarks/bench_ui_wizard.py``).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QWidget
from typing_extensions import override


class _WheelScrollsPast(QObject):
    """Event filter: a wheel turn over a field without the focus goes on to
    the field's parents (Qt passes an ignored wheel event on)."""

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.Wheel
            and isinstance(watched, QWidget)
            and not _has_focus(watched)
        ):
            event.ignore()  # on to the parents: the scroll area scrolls
            return True
        return False


def wheel_scrolls_past(field: QAbstractSpinBox | QComboBox) -> None:
    """Let the wheel change ``field`` only while it has the keyboard focus.

    The wheel no longer gives it the focus either (strong focus: a click or
    Tab), so turning the wheel over a form never lands in a field.
    """
    field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    field.installEventFilter(_shared_filter(field))


def _shared_filter(field: QWidget) -> _WheelScrollsPast:
    """One filter for every field, owned by the application (by ``field``
    when there is no application object, as in some doctests)."""
    app = QApplication.instance()
    owner: QObject = app if app is not None else field
    existing = owner.findChild(
        _WheelScrollsPast, options=Qt.FindChildOption.FindDirectChildrenOnly
    )
    return (
        existing
        if isinstance(existing, _WheelScrollsPast)
        else _WheelScrollsPast(owner)
    )


def _has_focus(field: QWidget) -> bool:
    """True when ``field`` or a widget inside it (a spin box's line edit) has
    the keyboard focus."""
    focused = QApplication.focusWidget()
    return focused is not None and (focused is field or field.isAncestorOf(focused))
