"""Accessible names for controls that a label names through a wrapper.

A screen reader asks Qt for a control's name: its ``accessibleName()``, a
button's text, or else the text of a ``QLabel`` whose ``buddy()`` it is, but
only a label among the control's siblings. The wizard's form rows label a
:class:`~gpu_advisor.ui.widgets.bound.BoundField` (a wrapper holding the spin
box or line edit and its error label), so Qt found no name for the spin box
inside and a screen reader announced "spin box" alone.

:func:`follow_labels` keeps such controls named after their label's text, in
the UI language: from the page's first showing and after each language switch.
"""

from __future__ import annotations

import re
from typing import Final

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)
from typing_extensions import override

CONTROLS: Final = (
    QAbstractButton,
    QLineEdit,
    QAbstractSpinBox,
    QComboBox,
    QAbstractItemView,
    QPlainTextEdit,
    QTextEdit,
    QAbstractSlider,
)
"""The widgets a user operates (and a screen reader must name)."""

_FROM_LABEL: Final = "gpu_advisor_name_from_label"
_TAG: Final = re.compile(r"<[^>]+>")
_MNEMONIC_IN_BRACKETS: Final = re.compile(r"[(（]&[^&\s][)）]")


def label_name(text: str) -> str:
    """A label's text as a spoken name: no mnemonic ``&``, tags or trailing colon.

    >>> label_name("&Daily users:")
    'Daily users'
    >>> label_name("<b>每日用户</b>：")
    '每日用户'
    >>> label_name("R&&D budget")
    'R&D budget'
    >>> label_name("方案名称(&T)：")  # a Chinese mnemonic is not read out
    '方案名称'
    """
    plain = _MNEMONIC_IN_BRACKETS.sub("", _TAG.sub("", text))
    plain = plain.replace("&&", "\0").replace("&", "").replace("\0", "&")
    return plain.strip().rstrip(":：").strip()


def _inner_controls(buddy: QWidget) -> list[QWidget]:
    """The controls a label's buddy stands for when Qt cannot name them itself."""
    if isinstance(buddy, CONTROLS):
        # Qt would name it after a sibling label, but read "(T)" of a Chinese
        # mnemonic and the colon out; a name without them
        return [buddy]
    found: list[QWidget] = []
    proxy = buddy.focusProxy()
    while proxy is not None and proxy not in found:
        if isinstance(proxy, CONTROLS):
            found.append(proxy)
        proxy = proxy.focusProxy()
    for child in buddy.findChildren(QWidget):
        if isinstance(child, CONTROLS) and child not in found:
            named = isinstance(child, QAbstractButton) and child.text()
            if not named and not isinstance(child.parentWidget(), QAbstractSpinBox):
                found.append(child)
    return found


def _set_name(control: QWidget, name: str) -> bool:
    """Name ``control`` unless other code named it; True when named here."""
    if control.accessibleName() and not control.property(_FROM_LABEL):
        return False
    control.setAccessibleName(name)
    control.setProperty(_FROM_LABEL, True)
    return True


def _form_rows_as_buddies(root: QWidget) -> None:
    """A form row's label becomes its field's buddy (Qt sets that only for
    ``addRow(str, field)``): its mnemonic focuses the field and names it."""
    for form in root.findChildren(QFormLayout):
        for row in range(form.rowCount()):
            label_item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
            field_item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            label = label_item.widget() if label_item is not None else None
            field = field_item.widget() if field_item is not None else None
            if (
                isinstance(label, QLabel)
                and field is not None
                and label.buddy() is None
            ):
                label.setBuddy(field)


def _views_after_tabs(root: QWidget) -> int:
    """The one table or text view of a tab is named after the tab."""
    named = 0
    for tabs in root.findChildren(QTabWidget):
        for index in range(tabs.count()):
            page = tabs.widget(index)
            if page is None:
                continue
            views = [
                v
                for v in page.findChildren(QWidget)
                if isinstance(v, QAbstractItemView | QPlainTextEdit | QTextEdit)
                and not isinstance(v.parentWidget(), QAbstractItemView)
            ]
            if len(views) == 1:
                named += _set_name(views[0], label_name(tabs.tabText(index)))
    return named


def name_after_labels(root: QWidget) -> int:
    """Name every control under ``root`` that a label names through a wrapper,
    and the one table or text view of each tab after the tab.

    A name set here follows the label (a later call updates it); a name a
    control was given by other code is kept. Returns how many were named.

    >>> from PySide6.QtWidgets import QApplication, QHBoxLayout, QSpinBox
    >>> app = QApplication.instance() or QApplication([])
    >>> root, wrapper = QWidget(), QWidget()
    >>> spin = QSpinBox(wrapper)
    >>> wrapper.setFocusProxy(spin)
    >>> label = QLabel("&Replicas:", root)
    >>> wrapper.setParent(root)
    >>> label.setBuddy(wrapper)
    >>> name_after_labels(root), spin.accessibleName()
    (1, 'Replicas')
    """
    _form_rows_as_buddies(root)
    named = _views_after_tabs(root)
    for label in root.findChildren(QLabel):
        buddy = label.buddy()
        if buddy is None:
            continue
        name = label_name(label.text())
        for control in _inner_controls(buddy):
            named += _set_name(control, name)
    return named


class _LabelFollower(QObject):
    """Names the page's controls when it is first shown and after each
    language switch (not on every showing: a pass over a large step takes
    about 3 ms, and the step switch has a budget)."""

    def __init__(self, page: QWidget) -> None:
        super().__init__(page)
        self._named = False

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        first_show = kind == QEvent.Type.Show and not self._named
        if isinstance(watched, QWidget) and (
            first_show or kind == QEvent.Type.LanguageChange
        ):
            self._named = True
            # After the children have their new texts: Qt sends a language
            # change to a parent before its children.
            QTimer.singleShot(0, watched, lambda: name_after_labels(watched))
        return False


def follow_labels(page: QWidget) -> None:
    """Keep the controls of ``page`` named after their labels (see module doc)."""
    page.installEventFilter(_LabelFollower(page))
