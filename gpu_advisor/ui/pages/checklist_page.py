"""Step 6 of the wizard: the site and contract checklist.

The items come from the catalog (``session.catalog.checklist``: the six
points, the three colocation questions, the contract clauses and the
pitfalls, each with a Chinese and an English title and detail); their state
lives in ``project.checklist``, a list of :class:`ChecklistItem` keyed by
id. An item the user has not touched yet has no entry: the first edit
creates it. Entries whose id the catalog does not know (a newer catalog
wrote the file) are kept, and listed under "Other items".

Each edit (status, owner, note or evidence file of one item) is one undo
step, made with :meth:`ProjectSession.replace_project` so that edits of
different items never merge into one step.

Two items show numbers the engine already has: "card-hours × 1.5" shows
``sizing.compute.gpu_hours_with_redundancy``; the two intranet items show the
iperf3 throughput measured at the candidate vendors, when there is any.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from pydantic import ValidationError
from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSignalBlocker,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.engine.api import IPERF3_RECEIVED, figure_for, review
from gpu_advisor.model.catalog import ChecklistEntry
from gpu_advisor.model.project import ChecklistItem, CheckStatus, Project
from gpu_advisor.ui.accessibility import follow_labels
from gpu_advisor.ui.i18n import current_language, current_locale, fill
from gpu_advisor.ui.pages._base import ChoiceDelegate
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.settings import AppSettings
from gpu_advisor.ui.style import (
    CHECK_STATUS_BACKGROUNDS,
    CHECK_STATUS_TEXT,
    ERROR_STYLE,
    FAIL_STYLE,
)
from gpu_advisor.ui.widgets.bound import validation_message
from gpu_advisor.ui.widgets.refresh import RefreshWhenShown
from gpu_advisor.ui.widgets.why import WhyButton

GROUPS: Final = ("six_points", "colocation", "contract", "pitfalls")
"""Catalog groups, in the order the page lists them."""

OTHER_GROUP: Final = "other"
CARD_HOURS_ID: Final = "card_hours"
INTRANET_IDS: Final = frozenset({"intranet_iperf3", "intranet_bandwidth"})
IPERF3_METRIC: Final = IPERF3_RECEIVED
"""The iperf3 figure shown: throughput that arrived at the receiver [Gbit/s]."""

COL_ITEM, COL_STATUS, COL_OWNER, COL_NOTE, COL_EVIDENCE = range(5)
_FIELDS: Final = {
    COL_STATUS: "status",
    COL_OWNER: "owner",
    COL_NOTE: "note",
    COL_EVIDENCE: "evidence_file",
}
_ID_ROLE: Final = Qt.ItemDataRole.UserRole
_STATUS_ROLE: Final = Qt.ItemDataRole.UserRole + 1


def status_text(status: CheckStatus) -> str:
    """The translated name of a status."""
    translate = QCoreApplication.translate
    names = {
        CheckStatus.OPEN: translate("ChecklistPage", "Open"),
        CheckStatus.PASS: translate("ChecklistPage", "Pass"),
        CheckStatus.FAIL: translate("ChecklistPage", "Fail"),
        CheckStatus.NOT_APPLICABLE: translate("ChecklistPage", "Not applicable"),
    }
    return names[status]


def items_by_id(project: Project) -> dict[str, ChecklistItem]:
    """The project's checklist entries by id (the last one wins on duplicates)."""
    return {item.id: item for item in project.checklist}


def with_item_field(
    project: Project, item_id: str, field: str, value: object
) -> Project:
    """``project`` with one field of checklist item ``item_id`` set.

    The item is created on first edit; every other entry, known to the
    catalog or not, is kept as it was.

    Raises
    ------
    pydantic.ValidationError
        When ``value`` is not valid for ``field``.

    Examples
    --------
    >>> p = with_item_field(Project(), "site_visit", "owner", "Li Wei")
    >>> [(i.id, i.owner, str(i.status)) for i in p.checklist]
    [('site_visit', 'Li Wei', 'open')]
    >>> p = with_item_field(p, "site_visit", "status", "pass")
    >>> [(i.id, str(i.status)) for i in p.checklist]
    [('site_visit', 'pass')]
    """
    items = list(project.checklist)
    for index, item in enumerate(items):
        if item.id == item_id:
            items[index] = ChecklistItem.model_validate(
                {**item.model_dump(), field: value}
            )
            break
    else:
        items.append(ChecklistItem.model_validate({"id": item_id, field: value}))
    return project.model_copy(update={"checklist": items})


class _ReadOnlyDelegate(QStyledItemDelegate):
    """Keeps a column from being edited (QTreeWidget flags apply to all columns)."""

    @override
    def createEditor(
        self,
        parent: QWidget,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> QWidget:
        return None  # type: ignore[return-value]  # Qt: no editor


def status_delegate(parent: QObject) -> ChoiceDelegate:
    """A combo box of the four statuses on item rows (group rows: no editor)."""
    return ChoiceDelegate(
        lambda: [(str(status), status_text(status)) for status in CheckStatus],
        _STATUS_ROLE,
        parent,
        editable=lambda index: bool(index.data(_ID_ROLE)),
    )


class ChecklistPage(QWizardPage):
    """The checklist as a tree: group, item, status, owner, note, evidence."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        follow_labels(self)  # screen readers name fields after their labels
        self._session = session
        # Fill the wizard's page area (QWizard adds a stretch below other pages).
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self._entries: dict[str, ChecklistEntry] = {
            entry.id: entry for entry in session.catalog.checklist
        }
        self._groups: dict[str, QTreeWidgetItem] = {}
        self._rows: dict[str, QTreeWidgetItem] = {}
        self.outputs = RefreshWhenShown(
            self, lambda: self._refresh(self._session.project)
        )

        self.summary_label = QLabel(wordWrap=True)
        self._build_tree()
        self._build_rows()
        self._build_detail_box()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.error_label)
        layout.addWidget(self.detail_box)

        self.tree.itemChanged.connect(self._on_item_changed)
        self.tree.currentItemChanged.connect(self._on_current_changed)
        session.project_changed.connect(self._on_project_changed)
        self.retranslate_ui()
        if self._rows:
            self.tree.setCurrentItem(next(iter(self._rows.values())))

    # --- building -------------------------------------------------------------------

    def _build_tree(self) -> None:
        """The tree's columns, editors and widths (rows: :meth:`_build_rows`)."""
        self.tree = QTreeWidget()
        self.tree.setColumnCount(5)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.SelectedClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        self._read_only = _ReadOnlyDelegate(self.tree)
        self.status_delegate = status_delegate(self.tree)
        self.tree.setItemDelegateForColumn(COL_ITEM, self._read_only)
        self.tree.setItemDelegateForColumn(COL_STATUS, self.status_delegate)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(COL_ITEM, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_NOTE, QHeaderView.ResizeMode.Stretch)
        for column, width in ((COL_STATUS, 110), (COL_OWNER, 110), (COL_EVIDENCE, 150)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            self.tree.setColumnWidth(column, width)

    def _build_detail_box(self) -> None:
        """The selected item: title, text, figure with its "why?", evidence buttons."""
        self.detail_title = QLabel(wordWrap=True)
        bold = QFont(self.detail_title.font())
        bold.setBold(True)
        self.detail_title.setFont(bold)
        self.detail_label = QLabel(wordWrap=True)
        self.figure_label = QLabel(wordWrap=True)
        self.figure_label.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.why_button = WhyButton(
            "compute.gpu_hours_with_redundancy",
            lambda: self._session.evaluation.sizing.explanations,
            session=self._session,
        )
        self.evidence_button = QPushButton()
        self.evidence_button.clicked.connect(self.choose_evidence)
        self.clear_evidence_button = QPushButton()
        self.clear_evidence_button.clicked.connect(self.clear_evidence)
        self.error_label = QLabel(wordWrap=True)
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.setVisible(False)

        figure_row = QHBoxLayout()
        figure_row.addWidget(self.figure_label, 1)
        figure_row.addWidget(self.why_button)
        button_row = QHBoxLayout()
        button_row.addWidget(self.evidence_button)
        button_row.addWidget(self.clear_evidence_button)
        button_row.addStretch(1)
        self.detail_box = QWidget()
        detail = QVBoxLayout(self.detail_box)
        detail.setContentsMargins(4, 4, 4, 0)
        detail.addWidget(self.detail_title)
        detail.addWidget(self.detail_label)
        detail.addLayout(figure_row)
        detail.addLayout(button_row)

    # --- structure --------------------------------------------------------------------

    def _ids_by_group(self, project: Project) -> dict[str, list[str]]:
        groups: dict[str, list[str]] = {g: [] for g in (*GROUPS, OTHER_GROUP)}
        for entry in self._entries.values():
            groups.setdefault(entry.group, []).append(entry.id)
        for item in project.checklist:
            if item.id not in self._entries and item.id not in groups[OTHER_GROUP]:
                groups[OTHER_GROUP].append(item.id)
        return {g: ids for g, ids in groups.items() if ids}

    def _build_rows(self) -> None:
        """(Re)create the tree rows: catalog groups, then unknown ids."""
        self._layout_key = self._ids_by_group(self._session.project)
        with QSignalBlocker(self.tree):
            self.tree.clear()
            self._groups.clear()
            self._rows.clear()
            for group, ids in self._layout_key.items():
                parent = QTreeWidgetItem(self.tree)
                parent.setFlags(Qt.ItemFlag.ItemIsEnabled)
                parent.setFirstColumnSpanned(True)
                font = QFont(parent.font(COL_ITEM))
                font.setBold(True)
                parent.setFont(COL_ITEM, font)
                self._groups[group] = parent
                for item_id in ids:
                    row = QTreeWidgetItem(parent)
                    row.setData(COL_ITEM, _ID_ROLE, item_id)
                    for column in _FIELDS:
                        row.setData(column, _ID_ROLE, item_id)
                    row.setFlags(
                        Qt.ItemFlag.ItemIsEnabled
                        | Qt.ItemFlag.ItemIsSelectable
                        | Qt.ItemFlag.ItemIsEditable
                    )
                    self._rows[item_id] = row
                parent.setExpanded(True)

    # --- translation --------------------------------------------------------------

    def _name_for_screen_readers(self) -> None:
        """Accessible names of the views no label names, in the UI language."""
        self.tree.setAccessibleName(self.tr("Checklist items"))

    def retranslate_ui(self) -> None:
        self._name_for_screen_readers()
        self.setTitle(self.tr("Site and contract checklist"))
        self.setSubTitle(
            self.tr(
                "Check the site, the network and the contract before you sign. "
                "Double-click a cell to edit it."
            )
        )
        self.tree.setHeaderLabels(
            [
                self.tr("Item"),
                self.tr("Status"),
                self.tr("Owner"),
                self.tr("Note"),
                self.tr("Evidence file"),
            ]
        )
        self.evidence_button.setText(self.tr("Evidence f&ile…"))
        self.evidence_button.setToolTip(
            self.tr("Pick a file (photo, test log, contract page) for this item.")
        )
        self.clear_evidence_button.setText(self.tr("C&lear evidence"))
        self._refresh(self._session.project)

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _group_title(self, group: str) -> str:
        titles = {
            "six_points": self.tr("Six points before renting or colocating"),
            "colocation": self.tr("Three colocation questions"),
            "contract": self.tr("Contract clauses"),
            "pitfalls": self.tr("Pitfalls"),
            OTHER_GROUP: self.tr("Other items"),
        }
        return titles.get(group, group)

    def item_title(self, item_id: str) -> str:
        entry = self._entries.get(item_id)
        if entry is None:
            return item_id
        return words.say(f"checklist_entry.{entry.id}.title", current_language())

    def item_detail(self, item_id: str) -> str:
        entry = self._entries.get(item_id)
        if entry is None:
            return self.tr("This item is not in the catalog of this version.")
        return words.say(f"checklist_entry.{entry.id}.detail", current_language())

    # --- wizard -------------------------------------------------------------------------

    @override
    def initializePage(self) -> None:
        self._refresh(self._session.project)

    # --- numbers linked to items ----------------------------------------------------------

    def linked_figure(self, item_id: str) -> str:
        """The engine's (or the measured) number that belongs to an item, or ""."""
        locale = current_locale()
        if item_id == CARD_HOURS_ID:
            compute = self._session.evaluation.sizing.compute
            return fill(
                self.tr("This plan: %1 GPU-hours, %2 with the ×1.5 margin."),
                locale.toString(compute.gpu_hours, "f", 0),
                locale.toString(compute.gpu_hours_with_redundancy, "f", 0),
            )
        if item_id in INTRANET_IDS:
            # each vendor's figure by the engine's one rule: the worst complete
            # run counts, every run listed (engine.evidence.runs)
            measured = self._session.evaluation.vendors.measured
            parts = []
            for vendor in self._session.project.vendors:
                figure = figure_for(
                    measured.get(vendor.name, ()), "iperf3", IPERF3_METRIC
                )
                if figure is None:
                    continue
                text = f"{vendor.name}: {locale.toString(figure.value, 'f', 1)} Gbit/s"
                if len(figure.runs) > 1:
                    runs = ", ".join(
                        locale.toString(run.value, "f", 1) for run in figure.runs
                    )
                    text += f" = min({runs})"
                parts.append(text)
            if not parts:
                return self.tr("iperf3: not measured yet.")
            return self.tr("Measured with iperf3: %1").replace("%1", "; ".join(parts))
        return ""

    # --- widget -> model ------------------------------------------------------------------

    def set_item_field(self, item_id: str, field: str, value: object) -> bool:
        """One undoable edit of one item's field; False (and a message) if invalid."""
        project = self._session.project
        try:
            new = with_item_field(project, item_id, field, value)
        except ValidationError as exc:
            self._show_error(f"{self.item_title(item_id)}: {validation_message(exc)}")
            self._refresh(project)  # show the model's value again
            return False
        self._show_error("")
        if new != project:
            labels = {
                "status": self.tr("Set checklist status"),
                "owner": self.tr("Change checklist owner"),
                "note": self.tr("Change checklist note"),
                "evidence_file": self.tr("Change evidence file"),
            }
            self._session.replace_project(new, labels[field])
        return True

    def _on_item_changed(self, row: QTreeWidgetItem, column: int) -> None:
        item_id = row.data(COL_ITEM, _ID_ROLE)
        field = _FIELDS.get(column)
        if not item_id or field is None:
            return
        if column == COL_STATUS:
            value: object = row.data(COL_STATUS, _STATUS_ROLE)
        elif column == COL_EVIDENCE:
            value = row.data(COL_EVIDENCE, Qt.ItemDataRole.EditRole) or ""
            # The cell shows the file name only; an unchanged name keeps the path.
            current = items_by_id(self._session.project).get(str(item_id))
            if current is not None and value == Path(current.evidence_file).name:
                return
        else:
            value = row.text(column)
        self.set_item_field(str(item_id), field, value)

    def current_item_id(self) -> str | None:
        row = self.tree.currentItem()
        value = row.data(COL_ITEM, _ID_ROLE) if row is not None else None
        return str(value) if value else None

    def choose_evidence(self) -> None:
        """Pick the evidence file of the selected item (the path is stored as text)."""
        item_id = self.current_item_id()
        if item_id is None:
            return
        settings = AppSettings()
        current = items_by_id(self._session.project).get(item_id)
        start = (
            current.evidence_file
            if current is not None and current.evidence_file
            else str(settings.last_folder())
        )
        file_name, _filter = QFileDialog.getOpenFileName(
            self,
            self.tr("Evidence for “%1”").replace("%1", self.item_title(item_id)),
            start,
            self.tr("All files (*)"),
        )
        if file_name:
            settings.set_last_folder(Path(file_name).resolve().parent)
            self.set_item_field(item_id, "evidence_file", file_name)

    def clear_evidence(self) -> None:
        item_id = self.current_item_id()
        if item_id is not None:
            self.set_item_field(item_id, "evidence_file", "")

    def _show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    # --- model -> widget ----------------------------------------------------------------

    def _on_project_changed(self, _project: Project) -> None:
        # Refreshed when shown: keeps edits on other pages cheap.
        self.outputs.invalidate()

    def progress(self, project: Project | None = None) -> tuple[int, int, int]:
        """(done, all, failed) over the catalog's items and the unknown ones kept.

        Done means pass or not applicable.
        """
        project = project or self._session.project
        counts = (
            self._session.evaluation.review.tally
            if project is self._session.project
            else review(project, self._session.catalog).tally
        )
        return counts.done, counts.total, counts.failed

    def _refresh(self, project: Project) -> None:
        self.outputs.stale = False
        if self._ids_by_group(project) != self._layout_key:
            current = self.current_item_id()
            self._build_rows()
            if current in self._rows:
                self.tree.setCurrentItem(self._rows[current])
        states = items_by_id(project)
        with QSignalBlocker(self.tree):
            for group, parent in self._groups.items():
                ids = self._layout_key[group]
                parent.setText(COL_ITEM, self._group_title(group))
                parent.setData(COL_ITEM, Qt.ItemDataRole.UserRole + 2, len(ids))
            for item_id, row in self._rows.items():
                state = states.get(item_id, ChecklistItem(id=item_id))
                row.setText(COL_ITEM, self.item_title(item_id))
                row.setToolTip(COL_ITEM, self.item_detail(item_id))
                row.setText(COL_STATUS, status_text(state.status))
                row.setData(COL_STATUS, _STATUS_ROLE, str(state.status))
                row.setBackground(
                    COL_STATUS, QBrush(QColor(CHECK_STATUS_BACKGROUNDS[state.status]))
                )
                row.setForeground(COL_STATUS, QBrush(QColor(CHECK_STATUS_TEXT)))
                row.setText(COL_OWNER, state.owner)
                row.setText(COL_NOTE, state.note)
                row.setToolTip(COL_NOTE, state.note)
                row.setText(
                    COL_EVIDENCE,
                    Path(state.evidence_file).name if state.evidence_file else "",
                )
                row.setToolTip(COL_EVIDENCE, state.evidence_file)
        done, total, failed = self.progress(project)
        text = fill(
            self.tr("%1 of %2 items done (passed or not applicable)."),
            str(done),
            str(total),
        )
        if failed:
            text += " " + self.tr("%1 failed: resolve them before signing.").replace(
                "%1", str(failed)
            )
        self.summary_label.setText(text)
        self.summary_label.setStyleSheet(FAIL_STYLE if failed else "")
        self._show_detail()

    def _on_current_changed(
        self, _current: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None
    ) -> None:
        self._show_detail()

    def _show_detail(self) -> None:
        item_id = self.current_item_id()
        has_item = item_id is not None
        self.evidence_button.setEnabled(has_item)
        states = items_by_id(self._session.project)
        self.clear_evidence_button.setEnabled(
            has_item
            and bool(states.get(item_id or "", ChecklistItem(id="x")).evidence_file)
        )
        if item_id is None:
            self.detail_title.setText(self.tr("Select an item to see what to check."))
            self.detail_label.clear()
            self.figure_label.clear()
            self.figure_label.setVisible(False)
            self.why_button.setVisible(False)
            return
        self.detail_title.setText(self.item_title(item_id))
        self.detail_label.setText(self.item_detail(item_id))
        figure = self.linked_figure(item_id)
        self.figure_label.setText(figure)
        self.figure_label.setVisible(bool(figure))
        self.why_button.setVisible(item_id == CARD_HOURS_ID)
