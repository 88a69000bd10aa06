"""Form helpers the wizard pages share: titled groups of fields, a choice delegate.

The refresh helper (:class:`~gpu_advisor.ui.widgets.refresh.RefreshWhenShown`)
and the error panel live in :mod:`gpu_advisor.ui.widgets.refresh`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
)
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override


class GroupedForm:
    """A column of titled groups of labelled fields, as the rollout pages use.

    The labels and group boxes are created empty and kept by key, so that the
    page's ``retranslate_ui`` can set their (translated) texts.

    Examples
    --------
    >>> from PySide6.QtWidgets import QApplication, QLineEdit
    >>> app = QApplication.instance() or QApplication([])
    >>> form = GroupedForm()
    >>> edit = QLineEdit()
    >>> _ = form.add_group("job", [("name", edit)])
    >>> form.labels["name"].buddy() is edit, sorted(form.groups)
    (True, ['job'])
    """

    def __init__(self) -> None:
        self.widget = QWidget()
        self.layout = QVBoxLayout(self.widget)
        self.layout.setContentsMargins(0, 0, 6, 0)
        self.labels: dict[str, QLabel] = {}
        self.groups: dict[str, QGroupBox] = {}

    def add_group(self, key: str, rows: list[tuple[str, QWidget]]) -> QFormLayout:
        """Append a group box ``key`` with one labelled row per ``(name, widget)``."""
        box = QGroupBox()
        self.groups[key] = box
        form = QFormLayout(box)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        for name, widget in rows:
            label = QLabel()
            label.setBuddy(widget)
            self.labels[name] = label
            form.addRow(label, widget)
        self.layout.addWidget(box)
        return form


class ChoiceDelegate(QStyledItemDelegate):
    """A combo box editor over fixed choices; the choice is committed at once.

    Parameters
    ----------
    choices : Callable[[], list[tuple[str, str]]]
        ``(stored value, translated text)`` pairs, asked for each time an
        editor opens (so the texts follow the UI language).
    role : int
        Item data role that holds the stored value.
    parent : QObject, optional
        Usually the view.
    editable : Callable[[QModelIndex], bool], optional
        False for rows that have no editor (group headers).
    """

    def __init__(
        self,
        choices: Callable[[], list[tuple[str, str]]],
        role: int,
        parent: QObject | None = None,
        *,
        editable: Callable[[QModelIndex | QPersistentModelIndex], bool] | None = None,
    ) -> None:
        super().__init__(parent)
        self._choices = choices
        self._role = role
        self._editable = editable

    @override
    def createEditor(
        self,
        parent: QWidget,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> QWidget:
        if self._editable is not None and not self._editable(index):
            return None  # type: ignore[return-value]  # Qt: no editor here
        combo = QComboBox(parent)
        for value, text in self._choices():
            combo.addItem(text, value)
        combo.activated.connect(lambda _i, c=combo: self._commit(c))
        return combo

    def _commit(self, combo: QComboBox) -> None:
        self.commitData.emit(combo)
        self.closeEditor.emit(combo)

    @override
    def setEditorData(
        self, editor: QWidget, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        assert isinstance(editor, QComboBox)
        editor.setCurrentIndex(max(0, editor.findData(index.data(self._role))))

    @override
    def setModelData(
        self,
        editor: QWidget,
        model: QAbstractItemModel,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentData(), self._role)
