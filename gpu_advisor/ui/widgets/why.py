"""The "why?" button: show how a number was computed and where its inputs came from.

Every number a manager sees can be explained (issue #5). The engine attaches
an :class:`~gpu_advisor.model.common.Explanation` to each result it computes
(``Evaluation.sizing.explanations``, ``Evaluation.cost.explanations``), keyed
by the result's dotted name. A :class:`WhyButton` sits beside the number; a
click (or Space/Enter when it has the focus) opens an
:class:`ExplanationDialog` with the formula, a table of the inputs (name,
value, unit, source: "your input" or the catalog citation) and the reference.

The button reads the explanation when it is pressed, so it always explains
the current number; an open dialog follows the project when the button was
given the session.

Example
-------
::

    why = WhyButton(
        "compute.gpu_hours",
        lambda: session.evaluation.sizing.explanations,
        session=session,
    )
    row.addWidget(value_label)
    row.addWidget(why)

The provider may also return a single ``Explanation`` (or ``None``);
:func:`session_explanations` gives every sizing and cost explanation of a
session in one list.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Explanation
from gpu_advisor.report.formulas import explain
from gpu_advisor.report.glossary import result_title
from gpu_advisor.report.sources import SourceIndex
from gpu_advisor.ui.i18n import current_language, current_locale
from gpu_advisor.ui.style import FORMULA_STYLE

if TYPE_CHECKING:
    from gpu_advisor.ui.session import ProjectSession

ExplanationSource = Callable[[], "Explanation | Iterable[Explanation] | None"]
"""What a :class:`WhyButton` calls to get the current explanation(s)."""


def find_explanation(
    found: Explanation | Iterable[Explanation] | None, key: str
) -> Explanation | None:
    """The explanation whose ``key`` is ``key`` (a single one is checked too).

    >>> e = Explanation(key="compute.gpu_hours", formula="F / (peak · MFU)")
    >>> find_explanation([e], "compute.gpu_hours").formula
    'F / (peak · MFU)'
    >>> find_explanation(e, "cluster.days") is None
    True
    """
    if found is None:
        return None
    if isinstance(found, Explanation):
        return found if found.key == key else None
    for explanation in found:
        if explanation.key == key:
            return explanation
    return None


def session_explanations(session: ProjectSession) -> list[Explanation]:
    """Every explanation of the session's current evaluation (sizing, then cost)."""
    evaluation = session.evaluation
    return [*evaluation.sizing.explanations, *evaluation.cost.explanations]


def format_input_value(value: float | str) -> str:
    """An input's value for display, grouped digits in the UI's locale.

    Whole numbers keep every digit; other numbers keep six significant digits.

    >>> format_input_value(40960000000.0)
    '40,960,000,000'
    >>> format_input_value(0.35)
    '0.35'
    >>> format_input_value("adamw")
    'adamw'
    """
    if isinstance(value, str):
        return value
    if not math.isfinite(value):
        return str(value)
    locale = current_locale()
    if value == int(value) and abs(value) < 1e15:
        return locale.toString(int(value))
    magnitude = abs(value)
    decimals = 6 if magnitude == 0 else max(0, 5 - math.floor(math.log10(magnitude)))
    text = locale.toString(value, "f", min(decimals, 9))
    decimal_point = locale.decimalPoint()
    if decimal_point in text:
        text = text.rstrip("0").rstrip(decimal_point)
    return text


class ExplanationDialog(QDialog):
    """Formula, inputs table and reference of one explanation."""

    COLUMNS = 5
    SOURCE_COLUMN = 3
    MAX_TABLE_HEIGHT = 300
    """The table grows to show every input up to this height [px], then scrolls
    (so that formula, table and reference fit a 1280×720 screen)."""

    def __init__(
        self,
        key: str,
        parent: QWidget | None = None,
        *,
        catalog: Catalog | None = None,
    ) -> None:
        super().__init__(parent)
        self.key = key
        self.catalog = catalog
        """Names GPU and network models and titles and dates the sources."""
        self._index = SourceIndex.of(catalog)
        self._explanation: Explanation | None = None
        self.setObjectName("explanationDialog")
        self.formula_caption = QLabel()
        self.formula_label = QLabel(wordWrap=True)
        self.formula_label.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.formula_label.setStyleSheet(FORMULA_STYLE)
        self.inputs_caption = QLabel()
        self.inputs_table = QTableWidget(0, self.COLUMNS)
        self.inputs_table.setTabKeyNavigation(False)  # arrows move, Tab leaves
        self.inputs_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.inputs_table.setWordWrap(True)
        self.inputs_table.verticalHeader().setVisible(False)
        header = self.inputs_table.horizontalHeader()
        # name, value, unit and date as wide as they need; the source (long
        # citations) takes the rest and wraps, so the date stays in view
        for column in range(self.COLUMNS):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(self.SOURCE_COLUMN, QHeaderView.ResizeMode.Stretch)
        self.reference_caption = QLabel()
        self.reference_label = QLabel(wordWrap=True)
        self.reference_label.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.missing_label = QLabel(wordWrap=True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (
            self.missing_label,
            self.formula_caption,
            self.formula_label,
            self.inputs_caption,
            self.inputs_table,
            self.reference_caption,
            self.reference_label,
        ):
            layout.addWidget(widget)
        layout.addWidget(buttons)
        self.resize(720, 420)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        title = result_title(self.key, current_language())
        self.setWindowTitle(self.tr("Why this number? — %1").replace("%1", title))
        self.formula_caption.setText(self.tr("<b>Formula</b>"))
        self.inputs_caption.setText(self.tr("<b>Inputs</b>"))
        self.reference_caption.setText(self.tr("<b>Reference</b>"))
        self.missing_label.setText(
            self.tr("The engine gives no explanation for this number yet.")
        )
        self.inputs_table.setHorizontalHeaderLabels(
            [
                self.tr("Input"),
                self.tr("Value"),
                self.tr("Unit"),
                self.tr("Source"),
                self.tr("Date"),
            ]
        )
        self.set_explanation(self._explanation)

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    @property
    def explanation(self) -> Explanation | None:
        return self._explanation

    def set_explanation(self, explanation: Explanation | None) -> None:
        """Show ``explanation`` (``None``: say that there is none)."""
        self._explanation = explanation
        present = explanation is not None
        self.missing_label.setVisible(not present)
        for widget in (
            self.formula_caption,
            self.formula_label,
            self.inputs_caption,
            self.inputs_table,
        ):
            widget.setVisible(present)
        if explanation is None:
            self.reference_caption.setVisible(False)
            self.reference_label.setVisible(False)
            self.inputs_table.setRowCount(0)
            return
        lang = current_language()
        shown = explain(
            explanation, lang, format_input_value, self.catalog, self._index
        )
        # in words, in the reader's language, with the values filled in; the
        # engine's notation stays one hover away for the engineer
        self.formula_label.setText(shown.formula)
        self.reference_label.setText(shown.reference)
        self.reference_caption.setVisible(bool(shown.reference))
        self.reference_label.setVisible(bool(shown.reference))
        table = self.inputs_table
        table.setRowCount(len(shown.inputs))
        for row, item_row in enumerate(shown.inputs):
            source = item_row.source
            if not item_row.confirmed:
                source = self.tr("* not confirmed: %1").replace("%1", source)
            cells = (
                item_row.name,
                item_row.value,
                item_row.unit,
                source,
                item_row.date,
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                if column == 1:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                table.setItem(row, column, item)
        table.resizeRowsToContents()
        rows_height = sum(table.rowHeight(r) for r in range(table.rowCount()))
        wanted = table.horizontalHeader().height() + rows_height + 4
        table.setMinimumHeight(min(wanted, self.MAX_TABLE_HEIGHT))
        self._fit_height()

    def _fit_height(self) -> None:
        """Tall enough for the formula (wrapped at the dialog's width), the
        table and the reference, within the screen: the layout would
        otherwise draw them over each other."""
        layout = self.layout()
        assert layout is not None
        width = self.width()
        needed = (
            layout.totalHeightForWidth(width)
            if layout.hasHeightForWidth()
            else layout.totalSizeHint().height()
        )
        screen = self.screen()
        room = screen.availableGeometry().height() if screen is not None else needed
        height = min(max(self.height(), needed), room)
        if height != self.height():
            self.resize(width, height)


class WhyButton(QToolButton):
    """A small "?" button that explains the result ``key``.

    Parameters
    ----------
    key : str
        Dotted result key, e.g. ``'compute.gpu_hours'`` (``Explanation.key``).
    provider : callable
        Returns the current explanation, a list of explanations to search by
        ``key``, or ``None``.
    session : ProjectSession, optional
        When given, an open dialog is refreshed after every project change.
    parent : QWidget, optional
    """

    def __init__(
        self,
        key: str,
        provider: ExplanationSource,
        parent: QWidget | None = None,
        *,
        session: ProjectSession | None = None,
    ) -> None:
        super().__init__(parent)
        self.key = key
        self._provider = provider
        self._session = session
        self.dialog: ExplanationDialog | None = None
        self.setObjectName(f"why:{key}")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAutoRaise(True)
        self.setCursor(Qt.CursorShape.WhatsThisCursor)
        self.clicked.connect(self.show_explanation)
        if session is not None:
            session.project_changed.connect(self._on_project_changed)
        self.retranslate_ui()

    def set_key(self, key: str) -> None:
        """Explain ``key`` from now on (an open dialog follows)."""
        if key == self.key:
            return
        self.key = key
        self.setObjectName(f"why:{key}")
        self.retranslate_ui()
        if self.dialog is not None:
            self.dialog.close()
            self.dialog = None

    def retranslate_ui(self) -> None:
        self.setText(self.tr("?"))
        tip = self.tr("Why this number? Show the formula and its inputs.")
        self.setToolTip(tip)
        self.setAccessibleDescription(tip)
        self.setAccessibleName(
            self.tr("Why? %1").replace("%1", result_title(self.key, current_language()))
        )

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def current_explanation(self) -> Explanation | None:
        """The explanation of ``key`` in the current results, or None."""
        return find_explanation(self._provider(), self.key)

    def show_explanation(self) -> ExplanationDialog:
        """Open (or raise) the dialog with the current explanation."""
        if self.dialog is None:
            catalog = self._session.catalog if self._session is not None else None
            self.dialog = ExplanationDialog(self.key, self.window(), catalog=catalog)
        self.dialog.set_explanation(self.current_explanation())
        if self.dialog.isVisible():  # already open behind the window: bring it up
            self.dialog.raise_()
            self.dialog.activateWindow()
        else:
            self.dialog.show()
        return self.dialog

    def _on_project_changed(self, _project: object) -> None:
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.set_explanation(self.current_explanation())
