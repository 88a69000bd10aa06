"""Scenario editor: named variants of the plan, edited through the session.

Each row is one :class:`~gpu_advisor.model.project.Scenario`; an empty cell
means "as in the base plan". Every edit is one undoable
:meth:`ProjectSession.apply` step (``scenarios.<row>.<field>``); adding,
removing and making a scenario the base replace the scenario list or the
plan as one step. The comparison (:mod:`gpu_advisor.ui.scenarios_compare`)
sits below the table.
"""

from __future__ import annotations

from typing import Any, Final

from pydantic import ValidationError
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.engine.api import make_base
from gpu_advisor.model.project import Framework, OptionId, Scenario
from gpu_advisor.ui.i18n import current_language, current_locale, fill
from gpu_advisor.ui.scenarios_compare import ScenarioCompareView
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import ERROR_STYLE
from gpu_advisor.ui.widgets.wheel_guard import wheel_scrolls_past
from gpu_advisor.words.terms import FRAMEWORK_NAMES

TEXT_FIELDS: Final = (
    "name",
    "gpus",
    "horizon_months",
    "deadline_days",
    "tokens_billion",
    "on_demand_cny_per_gpu_hour",
    "monthly_cny_per_gpu_month",
    "gpu_price_cny",
    "owned_gpus",
    "electricity_cny_per_kwh",
    "options",
)
"""Columns edited as text (numbers, the name, option ids)."""
COMBO_FIELDS: Final = ("gpu_id", "region_id", "framework")
COLUMNS: Final = ("name", "in_report", *COMBO_FIELDS, *TEXT_FIELDS[1:])
_INTS: Final = frozenset({"gpus", "horizon_months", "owned_gpus"})


def parse_cell(field: str, text: str) -> Any:
    """A cell's text as the scenario field's value; '' is "as in the base".

    Raises
    ------
    ValueError
        When the text is not a number (or not option ids) for that field.

    Examples
    --------
    >>> parse_cell("gpus", " 32 "), parse_cell("gpu_price_cny", "1,200.5")
    (32, 1200.5)
    >>> parse_cell("options", "on_demand, colocation")
    ['on_demand', 'colocation']
    >>> parse_cell("owned_gpus", "") is None
    True
    """
    text = text.strip()
    if field == "name":
        return text
    if not text:
        return None
    if field == "options":
        ids = [
            part.strip() for part in text.replace("，", ",").split(",") if part.strip()
        ]
        known = {o.value for o in OptionId}
        if any(i not in known for i in ids):
            raise ValueError(", ".join(sorted(known)))
        return ids
    number = float(text.replace(",", "").replace("，", ""))
    if field in _INTS:
        if number != int(number):
            raise ValueError(text)
        return int(number)
    return number


def cell_text(field: str, value: Any) -> str:
    """The text a cell shows for a scenario value (None: empty)."""
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(str(getattr(v, "value", v)) for v in value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


class ScenarioEditor(QWidget):
    """The scenarios of the plan as an editable table, with add/remove/make base."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._filling = False
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.add_button = QPushButton()
        self.remove_button = QPushButton()
        self.make_base_button = QPushButton()
        self.error_label = QLabel(wordWrap=True)
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.setVisible(False)
        self.hint_label = QLabel(wordWrap=True)
        buttons = QHBoxLayout()
        for button in (self.add_button, self.remove_button, self.make_base_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.hint_label)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.error_label)
        self.table.itemChanged.connect(self._on_item_changed)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.add_button.clicked.connect(self.add_scenario)
        self.remove_button.clicked.connect(self.remove_selected)
        self.make_base_button.clicked.connect(self.make_selected_base)
        session.project_changed.connect(lambda _p: self.fill())
        self.retranslate_ui()
        self.fill()

    # --- translation ---------------------------------------------------------

    def header_labels(self) -> list[str]:
        return [
            self.tr("Name"),
            self.tr("In PDF"),
            self.tr("GPU model"),
            self.tr("Region"),
            self.tr("Framework"),
            self.tr("Cards"),
            self.tr("Horizon [months]"),
            self.tr("Deadline [days]"),
            self.tr("Training tokens [10⁹]"),
            self.tr("On-demand [CNY/GPU-h]"),
            self.tr("Monthly [CNY/card]"),
            self.tr("Card price [CNY]"),
            self.tr("Cards owned"),
            self.tr("Electricity [CNY/kWh]"),
            self.tr("Options (ids)"),
        ]

    def retranslate_ui(self) -> None:
        self.table.setHorizontalHeaderLabels(self.header_labels())
        self.add_button.setText(self.tr("Add scenario"))
        self.remove_button.setText(self.tr("Remove scenario"))
        self.make_base_button.setText(self.tr("Make it the base plan"))
        self.hint_label.setText(
            self.tr(
                "Each scenario is the base plan with the inputs you fill in here "
                "changed; an empty cell keeps the base plan's value."
            )
        )
        self.fill()

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    # --- filling -------------------------------------------------------------

    def fill(self) -> None:
        """Show the session's scenarios (keeps the selected row)."""
        scenarios = self._session.project.scenarios
        row = self.table.currentRow()
        self._filling = True
        try:
            self.table.setRowCount(len(scenarios))
            for r, scenario in enumerate(scenarios):
                self._fill_row(r, scenario)
        finally:
            self._filling = False
        if 0 <= row < len(scenarios):
            self.table.selectRow(row)
        self._update_buttons()

    def _fill_row(self, row: int, scenario: Scenario) -> None:
        for column, field in enumerate(COLUMNS):
            if field in COMBO_FIELDS:
                combo = self._combo(row, field, scenario)
                if self.table.cellWidget(row, column) is not combo:
                    self.table.setCellWidget(row, column, combo)
                continue
            item = QTableWidgetItem()
            if field == "in_report":
                item.setFlags(
                    Qt.ItemFlag.ItemIsUserCheckable
                    | Qt.ItemFlag.ItemIsEnabled
                    | Qt.ItemFlag.ItemIsSelectable
                )
                item.setCheckState(
                    Qt.CheckState.Checked
                    if scenario.in_report
                    else Qt.CheckState.Unchecked
                )
            else:
                item.setText(cell_text(field, getattr(scenario, field)))
            self.table.setItem(row, column, item)

    def _choices(self, field: str) -> dict[str, str]:
        """The ids a combo of ``field`` offers, with the names it shows: a GPU
        by its model, a region in the reader's language, a framework by its
        product name."""
        catalog = self._session.catalog
        language = current_language()
        if field == "gpu_id":
            return {gpu.id: gpu.name for gpu in catalog.gpus}
        if field == "region_id":
            return {
                r.id: words.say(f"region.{r.id}", language) for r in catalog.regions
            }
        return {f.value: FRAMEWORK_NAMES[f] for f in Framework}

    def _combo(self, row: int, field: str, scenario: Scenario) -> QComboBox:
        """The row's combo for ``field``, made once, then only set to the value."""
        column = COLUMNS.index(field)
        combo = self.table.cellWidget(row, column)
        if not isinstance(combo, QComboBox):
            combo = QComboBox()
            wheel_scrolls_past(combo)
            combo.addItem("", None)
            for ident in self._choices(field):
                combo.addItem(ident, ident)
            combo.activated.connect(
                lambda _i, f=field, c=combo: self._apply(
                    self._row_of(c), f, c.currentData()
                )
            )
        combo.setItemText(0, self.tr("(as base)"))
        for index, name in enumerate(self._choices(field).values(), start=1):
            combo.setItemText(index, name)  # names in the reader's language
        value = getattr(scenario, field)
        combo.blockSignals(True)
        combo.setCurrentIndex(max(combo.findData(getattr(value, "value", value)), 0))
        combo.blockSignals(False)
        return combo

    def _row_of(self, widget: QWidget) -> int:
        for row in range(self.table.rowCount()):
            for column in range(self.table.columnCount()):
                if self.table.cellWidget(row, column) is widget:
                    return row
        return -1

    # --- editing -------------------------------------------------------------

    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        field = COLUMNS[item.column()]
        if field == "in_report":
            self._apply(item.row(), field, item.checkState() == Qt.CheckState.Checked)
            return
        try:
            value = parse_cell(field, item.text())
        except ValueError:
            self._show_error(fill(self.tr("Not a valid value: %1"), item.text()))
            return
        self._apply(item.row(), field, value)

    def _apply(self, row: int, field: str, value: Any) -> None:
        if row < 0:
            return
        try:
            self._session.apply(
                f"scenarios.{row}.{field}", value, self.tr("Edit scenario")
            )
        except ValidationError as exc:
            self._show_error(exc.errors()[0]["msg"])
            self.fill()
            return
        self._show_error(None)

    def _show_error(self, message: str | None) -> None:
        self.error_label.setVisible(message is not None)
        self.error_label.setText(message or "")

    def _update_buttons(self) -> None:
        selected = 0 <= self.table.currentRow() < self.table.rowCount()
        self.remove_button.setEnabled(selected)
        self.make_base_button.setEnabled(selected)

    def add_scenario(self) -> None:
        """Append a scenario that changes nothing yet, named 'Scenario N'."""
        scenarios = list(self._session.project.scenarios)
        names = {" ".join(s.name.split()).casefold() for s in scenarios}
        number = len(scenarios) + 1
        while fill(self.tr("Scenario %1"), str(number)).casefold() in names:
            number += 1
        scenarios.append(Scenario(name=fill(self.tr("Scenario %1"), str(number))))
        try:
            self._session.apply("scenarios", scenarios, self.tr("Add scenario"))
        except ValidationError as exc:
            self._show_error(exc.errors()[0]["msg"])
            return
        self.table.selectRow(len(scenarios) - 1)

    def remove_selected(self) -> None:
        row = self.table.currentRow()
        scenarios = list(self._session.project.scenarios)
        if 0 <= row < len(scenarios):
            del scenarios[row]
            self._session.apply("scenarios", scenarios, self.tr("Remove scenario"))

    def make_selected_base(self) -> None:
        """The selected scenario becomes the base; the old base a scenario."""
        row = self.table.currentRow()
        project = self._session.project
        if not 0 <= row < len(project.scenarios):
            return
        names = {" ".join(s.name.split()).casefold() for s in project.scenarios}
        name = self.tr("Previous base")
        number = 2
        while name.casefold() in names:
            name = fill(self.tr("Previous base %1"), current_locale().toString(number))
            number += 1
        self._session.replace_project(
            make_base(project, row, name), self.tr("Make scenario the base plan")
        )


class ScenariosPanel(QWidget):
    """The budget step's scenario tab: the editor above, the comparison below."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = ScenarioEditor(session)
        self.comparison = ScenarioCompareView(session)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.editor)
        splitter.addWidget(self.comparison)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(splitter)

    def title(self) -> str:
        """The tab title, in this panel's translation context."""
        return self.tr("Scenarios")
