"""Step 7 of the wizard: review the plan, sign it off, export the PDF.

The left column summarises what the engine concluded (the recommendation
with its reasons and the key numbers), every warning of the sizing and cost
engines, and what is still open (checklist items open or failed, inputs
missing). The right column holds the sign-off table (``project.signoff``:
role, name, decision, date, comment; rows can be added and removed), the
plan status (``meta.status``), the plan's fingerprint and the export button.

The plan may be marked APPROVED only when every sign-off row approves it
(with or without conditions); an edit that withdraws an approval puts an
approved plan back to DRAFT in the same undo step.
"""

from __future__ import annotations

import datetime as dt
from html import escape
from typing import TYPE_CHECKING, Final, TypeAlias

from pydantic import ValidationError
from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QDate,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSignalBlocker,
    Qt,
    QUrl,
)
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)
from typing_extensions import override

from gpu_advisor import __version__, words
from gpu_advisor.engine import explain_keys as keys
from gpu_advisor.engine.api import (
    OpenKind,
    PlanEvaluation,
    all_rows_approve,
    review,
    share_decisive,
    shown_warnings,
)
from gpu_advisor.model.common import Advice
from gpu_advisor.model.project import (
    CheckStatus,
    Decision,
    PlanStatus,
    Project,
    SignOffRow,
)
from gpu_advisor.report.plan.decision import decisive_rows
from gpu_advisor.report.text import role_text
from gpu_advisor.ui.accessibility import follow_labels
from gpu_advisor.ui.i18n import current_language, current_locale, fill
from gpu_advisor.ui.pages._base import ChoiceDelegate
from gpu_advisor.ui.pages.checklist_page import status_text
from gpu_advisor.ui.scenarios_compare import ScenarioCompareView
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import (
    ERROR_STYLE,
    OK_STYLE,
    SEVERITY_COLOURS,
)
from gpu_advisor.ui.widgets.bound import validation_message
from gpu_advisor.ui.widgets.cost_charts import option_label
from gpu_advisor.ui.widgets.refresh import RefreshWhenShown
from gpu_advisor.ui.widgets.wheel_guard import wheel_scrolls_past
from gpu_advisor.ui.widgets.why import (
    ExplanationDialog,
    find_explanation,
    session_explanations,
)
from gpu_advisor.ui.workers import LatestWorker
from gpu_advisor.words.money import amount

if TYPE_CHECKING:
    from gpu_advisor.ui.export import PdfExportController

VERIFY_COMMAND: Final = "gpu-advisor-cli verify plan.pdf project.gpuplan"
"""How anyone checks a printed fingerprint against a project file."""

"""Decisions that count as approval of the plan."""

COL_ROLE, COL_NAME, COL_DECISION, COL_DATE, COL_COMMENT = range(5)
_DATA_ROLE: Final = Qt.ItemDataRole.UserRole
_SIGNOFF_WIDTHS_PX: Final = {
    COL_ROLE: 130,
    COL_NAME: 100,
    COL_DECISION: 150,
    COL_DATE: 96,
}
"""Starting widths of the sign-off columns before the comment (which stretches)."""
_COMMENT_MIN_WIDTH_PX: Final = 120


def decision_text(decision: Decision) -> str:
    """The translated name of a sign-off decision."""
    translate = QCoreApplication.translate
    names = {
        Decision.PENDING: translate("ReviewPage", "Pending"),
        Decision.APPROVE: translate("ReviewPage", "Approve"),
        Decision.APPROVE_WITH_CONDITIONS: translate(
            "ReviewPage", "Approve with conditions"
        ),
        Decision.REJECT: translate("ReviewPage", "Reject"),
    }
    return names[decision]


def decision_delegate(parent: QObject) -> ChoiceDelegate:
    """A combo box of the sign-off decisions."""
    return ChoiceDelegate(
        lambda: [(str(decision), decision_text(decision)) for decision in Decision],
        _DATA_ROLE,
        parent,
    )


class DateDelegate(QStyledItemDelegate):
    """A date editor with a calendar; an empty date starts at today."""

    @override
    def createEditor(
        self,
        parent: QWidget,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> QWidget:
        editor = QDateEdit(parent)
        editor.setCalendarPopup(True)
        editor.setDisplayFormat("yyyy-MM-dd")
        return editor

    @override
    def setEditorData(
        self, editor: QWidget, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        assert isinstance(editor, QDateEdit)
        value = index.data(_DATA_ROLE)
        date = dt.date.fromisoformat(value) if value else dt.date.today()
        editor.setDate(QDate(date.year, date.month, date.day))

    @override
    def setModelData(
        self,
        editor: QWidget,
        model: QAbstractItemModel,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        assert isinstance(editor, QDateEdit)
        date = editor.date()
        iso = dt.date(date.year(), date.month(), date.day()).isoformat()
        model.setData(index, iso, _DATA_ROLE)


_WHY_SCHEME: Final = "why"
"""Link scheme of the summary's "why?" links: ``why:<result key>``."""

_KeyNumber: TypeAlias = tuple[str, str, str | None]
"""A key number of the summary: name, value, and the explained key whose "why?"
link opens the same explanation as the why? buttons of the earlier steps (or None)."""


def _number(value: float, decimals: int = 0) -> str:
    """``value`` written in the current language's number format."""
    return current_locale().toString(float(value), "f", decimals)


class ReviewPage(QWizardPage):
    """Summary, warnings, open items, sign-off, status, fingerprint, export."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        follow_labels(self)  # screen readers name fields after their labels
        self._session = session
        # Fill the wizard's page area (QWizard adds a stretch below other pages).
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.outputs = RefreshWhenShown(self, self.refresh)
        session.monte_carlo_changed.connect(self.outputs.invalidate)
        self._export: PdfExportController | None = None
        # the decisive inputs re-price the plan some 40 times: off the GUI thread
        self.decisive_runner = LatestWorker(self)
        self.decisive_runner.returned.connect(self._on_decisive_ready)
        self._decisive_for: object = None
        """The cost result whose decisive inputs are being worked out: an
        edit that keeps it (a name, a sign-off) waits for that job."""

        self.summary_view = QTextBrowser()
        self._summary_shown = ""  # the HTML last set, not set again unchanged
        self.summary_view.setOpenLinks(False)
        self.summary_view.anchorClicked.connect(self._on_summary_link)
        self.why_dialog: ExplanationDialog | None = None

        self._build_signoff_box()
        self._build_fingerprint_box()
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self._build_left_column())
        splitter.addWidget(self._build_right_column())
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

        self.signoff_table.itemChanged.connect(self._on_signoff_item_changed)
        self.signoff_table.itemSelectionChanged.connect(self._update_buttons)
        self.add_row_button.clicked.connect(self.add_signoff_row)
        self.remove_row_button.clicked.connect(self.remove_selected_row)
        self.status_combo.activated.connect(self._on_status_activated)
        self.export_button.clicked.connect(self.export_pdf)
        session.project_changed.connect(self._on_project_changed)
        self.retranslate_ui()

    # --- building -----------------------------------------------------------------

    def _build_signoff_table(self) -> None:
        """The sign-off table: whole rows selected, every column in view."""
        self.signoff_table = QTableWidget(0, 5)
        self.signoff_table.setTabKeyNavigation(False)  # arrows move, Tab leaves
        self.signoff_table.setSelectionBehavior(
            QAbstractItemView.SelectionBehavior.SelectRows
        )
        self.signoff_table.setSelectionMode(
            QAbstractItemView.SelectionMode.SingleSelection
        )
        self.signoff_table.verticalHeader().setVisible(False)
        self._decision_delegate = decision_delegate(self.signoff_table)
        self._date_delegate = DateDelegate(self.signoff_table)
        self.signoff_table.setItemDelegateForColumn(
            COL_DECISION, self._decision_delegate
        )
        self.signoff_table.setItemDelegateForColumn(COL_DATE, self._date_delegate)
        header = self.signoff_table.horizontalHeader()
        header.setSectionResizeMode(COL_COMMENT, QHeaderView.ResizeMode.Stretch)
        for column, width in _SIGNOFF_WIDTHS_PX.items():
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            self.signoff_table.setColumnWidth(column, width)
        # every column in view, the comment at least a few words wide
        self.signoff_table.setMinimumWidth(
            sum(_SIGNOFF_WIDTHS_PX.values())
            + _COMMENT_MIN_WIDTH_PX
            + 2 * self.signoff_table.frameWidth()
        )

    def _build_signoff_box(self) -> None:
        """The sign-off group: table, row buttons, error, plan status."""
        self._build_signoff_table()
        self.add_row_button = QPushButton()
        self.remove_row_button = QPushButton()
        self.signoff_error_label = QLabel(wordWrap=True)
        self.signoff_error_label.setStyleSheet(ERROR_STYLE)
        self.signoff_error_label.setVisible(False)

        self.status_combo = QComboBox()

        wheel_scrolls_past(self.status_combo)
        for status in PlanStatus:
            self.status_combo.addItem("", str(status))
        self.status_label = QLabel()
        self.status_label.setBuddy(self.status_combo)
        self.status_message = QLabel(wordWrap=True)
        self.status_message.setVisible(False)
        self._signoff_box = QGroupBox()
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_row_button)
        buttons.addWidget(self.remove_row_button)
        buttons.addStretch(1)
        status_row = QHBoxLayout()
        status_row.addWidget(self.status_label)
        status_row.addWidget(self.status_combo)
        status_row.addStretch(1)
        signoff_layout = QVBoxLayout(self._signoff_box)
        signoff_layout.addWidget(self.signoff_table, 1)
        signoff_layout.addLayout(buttons)
        signoff_layout.addWidget(self.signoff_error_label)
        signoff_layout.addLayout(status_row)
        signoff_layout.addWidget(self.status_message)

    def _build_fingerprint_box(self) -> None:
        """The fingerprint group: the plan's fingerprint and what it means."""
        self.fingerprint_edit = QLineEdit(readOnly=True)
        self.fingerprint_edit.setFont(
            QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        )
        self.fingerprint_note = QLabel(wordWrap=True)
        self.fingerprint_note.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self._fingerprint_box = QGroupBox()
        fingerprint_layout = QVBoxLayout(self._fingerprint_box)
        fingerprint_layout.addWidget(self.fingerprint_edit)
        fingerprint_layout.addWidget(self.fingerprint_note)

    def _build_left_column(self) -> QSplitter:
        """The summary above the scenarios compared."""
        self.scenario_view = ScenarioCompareView(self._session)
        # The summary takes the height; the scenarios below it only what they
        # show (one line when there are none: it left a large empty gap).
        self.left_splitter = QSplitter(Qt.Orientation.Vertical)
        left = self.left_splitter
        left.addWidget(self.summary_view)
        left.addWidget(self.scenario_view)
        left.setStretchFactor(0, 1)
        left.setStretchFactor(1, 0)
        left.setChildrenCollapsible(False)
        return left

    def _build_right_column(self) -> QWidget:
        """Sign-off and fingerprint, the export button below them."""
        self.export_button = QPushButton()
        self.export_button.setDefault(False)
        self.export_button.setAutoDefault(False)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(6, 0, 0, 0)
        right_layout.addWidget(self._signoff_box, 1)
        right_layout.addWidget(self._fingerprint_box)
        export_row = QHBoxLayout()
        export_row.addStretch(1)
        export_row.addWidget(self.export_button)
        right_layout.addLayout(export_row)
        return right

    # --- translation --------------------------------------------------------------

    def _name_for_screen_readers(self) -> None:
        """Accessible names of the views no label names, in the UI language."""
        self.summary_view.setAccessibleName(self.tr("Plan summary"))

    def retranslate_ui(self) -> None:
        self._name_for_screen_readers()
        self.setTitle(self.tr("Review and sign-off"))
        self.setSubTitle(
            self.tr(
                "Read the conclusions, close the open items, collect the "
                "sign-offs, then export the PDF plan."
            )
        )
        self._signoff_box.setTitle(self.tr("Sign-off"))
        self.signoff_table.setHorizontalHeaderLabels(
            [
                self.tr("Role"),
                self.tr("Name"),
                self.tr("Decision"),
                self.tr("Date"),
                self.tr("Comment"),
            ]
        )
        self.add_row_button.setText(self.tr("&Add row"))
        self.remove_row_button.setText(self.tr("&Remove row"))
        self.status_label.setText(self.tr("Plan &status:"))
        self.status_combo.setItemText(
            self.status_combo.findData(str(PlanStatus.DRAFT)), self.tr("DRAFT")
        )
        self.status_combo.setItemText(
            self.status_combo.findData(str(PlanStatus.APPROVED)), self.tr("APPROVED")
        )
        self._fingerprint_box.setTitle(self.tr("Plan fingerprint (SHA-256)"))
        self.fingerprint_note.setText(
            fill(
                self.tr(
                    "Computed from every input of the plan and the app version %1; "
                    "the PDF prints it. To check a signed PDF against this plan, "
                    "use File ▸ Verify Plan…, or run: %2"
                ),
                __version__,
                VERIFY_COMMAND,
            )
        )
        self.export_button.setText(self.tr("E&xport PDF…"))
        self.export_button.setToolTip(
            self.tr("Write the plan as a PDF in the project's language.")
        )
        self.outputs.invalidate()

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    # --- wizard -------------------------------------------------------------------------

    @override
    def initializePage(self) -> None:
        self.refresh()

    # --- export ---------------------------------------------------------------------------

    def set_export_controller(self, controller: PdfExportController) -> None:
        """Share the main window's controller (one export at a time)."""
        self._export = controller

    def export_controller(self) -> PdfExportController:
        if self._export is None:
            from gpu_advisor.ui.export import PdfExportController

            self._export = PdfExportController(self._session, parent=self)
        return self._export

    def export_pdf(self) -> bool:
        return self.export_controller().export()

    # --- sign-off: widget -> model ----------------------------------------------------

    def _replace_signoff(self, rows: list[SignOffRow], label: str) -> None:
        project = self._session.project
        update: dict[str, object] = {"signoff": rows}
        note = ""
        if project.meta.status is PlanStatus.APPROVED and not all_rows_approve(rows):
            update["meta"] = project.meta.model_copy(
                update={"status": PlanStatus.DRAFT}
            )
            note = self.tr(
                "The plan is a draft again: not every sign-off row approves it."
            )
        self._session.replace_project(project.model_copy(update=update), label)
        if note:
            self._show_status_message(note, ERROR_STYLE)

    def _on_signoff_item_changed(self, item: QTableWidgetItem) -> None:
        row, column = item.row(), item.column()
        rows = list(self._session.project.signoff)
        if not 0 <= row < len(rows):
            return
        if column == COL_ROLE and item.text() == self.role_text(rows[row].role):
            return  # the translated name of a built-in role: nothing changed
        fields = {
            COL_ROLE: ("role", item.text(), self.tr("Change sign-off role")),
            COL_NAME: ("name", item.text(), self.tr("Change sign-off name")),
            COL_DECISION: (
                "decision",
                item.data(_DATA_ROLE),
                self.tr("Change sign-off decision"),
            ),
            COL_DATE: (
                "date",
                item.data(_DATA_ROLE) or None,
                self.tr("Change sign-off date"),
            ),
            COL_COMMENT: ("comment", item.text(), self.tr("Change sign-off comment")),
        }
        field, value, label = fields[column]
        try:
            rows[row] = SignOffRow.model_validate(
                {**rows[row].model_dump(), field: value}
            )
        except ValidationError as exc:
            self._show_signoff_error(validation_message(exc))
            self._fill_signoff(self._session.project)
            return
        self._show_signoff_error("")
        if rows != self._session.project.signoff:
            self._replace_signoff(rows, label)

    def add_signoff_row(self) -> None:
        rows = [*self._session.project.signoff, SignOffRow(role=self.tr("New role"))]
        if len(rows) > 50:  # Project.signoff max_length
            self._show_signoff_error(self.tr("At most 50 sign-off rows."))
            return
        self._replace_signoff(rows, self.tr("Add sign-off row"))
        self.signoff_table.setCurrentCell(len(rows) - 1, COL_ROLE)

    def remove_selected_row(self) -> None:
        row = self.signoff_table.currentRow()
        rows = list(self._session.project.signoff)
        if not 0 <= row < len(rows):
            return
        del rows[row]
        self._replace_signoff(rows, self.tr("Remove sign-off row"))

    # --- plan status -------------------------------------------------------------------

    def set_status(self, status: PlanStatus) -> bool:
        """Set ``meta.status``; APPROVED is refused (with a message) unless all approve."""
        project = self._session.project
        state = self._session.evaluation.review
        if status is PlanStatus.APPROVED and not state.approvable:
            waiting = [role or self.tr("(no role)") for role in state.waiting_roles]
            if project.signoff:
                text = self.tr(
                    "The plan can be approved only when every sign-off row "
                    "approves it. Still waiting for: %1."
                ).replace("%1", ", ".join(waiting))
            else:
                text = self.tr("Add at least one sign-off row before approving.")
            self._show_status_message(text, ERROR_STYLE)
            self._fill_status(project)
            return False
        self._session.apply(
            "meta.status",
            str(status),
            self.tr("Approve the plan")
            if status is PlanStatus.APPROVED
            else self.tr("Mark the plan as draft"),
        )
        self._show_status_message(
            self.tr("Approved by every sign-off row.")
            if status is PlanStatus.APPROVED
            else "",
            OK_STYLE,
        )
        return True

    def _on_status_activated(self, index: int) -> None:
        self.set_status(PlanStatus(self.status_combo.itemData(index)))

    def _show_status_message(self, text: str, style: str) -> None:
        self.status_message.setText(text)
        self.status_message.setStyleSheet(style)
        self.status_message.setVisible(bool(text))

    def _show_signoff_error(self, text: str) -> None:
        self.signoff_error_label.setText(text)
        self.signoff_error_label.setVisible(bool(text))

    # --- model -> widget ----------------------------------------------------------------

    def _on_project_changed(self, project: Project) -> None:
        # The table and status are cheap and always current (undo from anywhere);
        # the summary needs the evaluation, so it waits until the page is shown.
        self._fill_signoff(project)
        self._fill_status(project)
        self.outputs.invalidate()

    def refresh(self) -> None:
        """Fill every part of the page from the current project and evaluation."""
        project = self._session.project
        self.outputs.stale = False
        self._fill_signoff(project)
        self._fill_status(project)
        self.fingerprint_edit.setText(
            self._session.fingerprints.fingerprint(project, __version__)
        )
        self.fingerprint_edit.setCursorPosition(0)
        html = self.summary_html(project)
        if html != self._summary_shown:  # a sign-off edit leaves it as it is
            self._summary_shown = html
            self.summary_view.setHtml(html)

    def _fill_status(self, project: Project) -> None:
        with QSignalBlocker(self.status_combo):
            self.status_combo.setCurrentIndex(
                self.status_combo.findData(str(project.meta.status))
            )

    def role_text(self, role: str) -> str:
        """A role as shown: the default roles (stored in English) in the UI language."""
        return role_text(role, current_language())

    def show_explanation(self, key: str) -> ExplanationDialog:
        """Open the explanation of a key number (the summary's "why?" links)."""
        if self.why_dialog is None or self.why_dialog.key != key:
            if self.why_dialog is not None:
                self.why_dialog.close()
            self.why_dialog = ExplanationDialog(key, self.window())
        self.why_dialog.set_explanation(
            find_explanation(session_explanations(self._session), key)
        )
        if self.why_dialog.isVisible():  # open behind the window: bring it up
            self.why_dialog.raise_()
        else:
            self.why_dialog.show()
        return self.why_dialog

    def _on_summary_link(self, url: QUrl) -> None:
        if url.scheme() == _WHY_SCHEME:
            self.show_explanation(url.path())

    def _fill_signoff(self, project: Project) -> None:
        table = self.signoff_table
        with QSignalBlocker(table):
            if table.rowCount() != len(project.signoff):
                table.setRowCount(len(project.signoff))
            for row, entry in enumerate(project.signoff):
                values = {
                    COL_ROLE: (self.role_text(entry.role), entry.role),
                    COL_NAME: (entry.name, None),
                    COL_DECISION: (decision_text(entry.decision), str(entry.decision)),
                    COL_DATE: (
                        entry.date.isoformat() if entry.date else "",
                        entry.date.isoformat() if entry.date else "",
                    ),
                    COL_COMMENT: (entry.comment, None),
                }
                for column, (text, data) in values.items():
                    item = table.item(row, column)
                    if item is None:
                        item = QTableWidgetItem()
                        table.setItem(row, column, item)
                    item.setText(text)
                    item.setData(_DATA_ROLE, data)
                    if column == COL_COMMENT:
                        item.setToolTip(text)
        self._update_buttons()

    def _update_buttons(self) -> None:
        row = self.signoff_table.currentRow()
        self.remove_row_button.setEnabled(0 <= row < len(self._session.project.signoff))

    # --- summary ----------------------------------------------------------------------

    def open_items(self, project: Project) -> list[str]:
        """Checklist items still failed or open, then inputs still missing.

        The items and their order come from :func:`gpu_advisor.engine.rollout.review.review`;
        this only words them.
        """
        language = current_language()
        titles = {
            e.id: words.say(f"checklist_entry.{e.id}.title", language)
            for e in self._session.catalog.checklist
        }
        item_review = (
            self._session.evaluation.review
            if self._session.project is project
            else review(project, self._session.catalog)
        )
        out: list[str] = []
        for item in item_review.open_items:
            kind = item.kind
            if kind in (OpenKind.CHECK_FAILED, OpenKind.CHECK_OPEN):
                status = (
                    CheckStatus.FAIL
                    if kind is OpenKind.CHECK_FAILED
                    else CheckStatus.OPEN
                )
                out.append(
                    fill(
                        self.tr("Checklist: %1 (%2)"),
                        titles.get(item.subject, item.subject),
                        status_text(status),
                    )
                )
            elif kind is OpenKind.NO_AUTHOR:
                out.append(self.tr("No author named (step Project)."))
            elif kind is OpenKind.NO_ORGANISATION:
                out.append(self.tr("No organisation named (step Project)."))
            elif kind is OpenKind.NO_VENDORS:
                out.append(self.tr("No candidate vendors yet (step Vendor tests)."))
            elif kind is OpenKind.NO_RESULTS:
                out.append(
                    self.tr("No test results imported for %1.").replace(
                        "%1", item.subject
                    )
                )
            elif kind is OpenKind.NO_SIGNOFF:
                out.append(self.tr("No sign-off rows."))
            else:
                out.append(
                    self.tr("Sign-off “%1” has no name yet.").replace(
                        "%1", item.subject or self.tr("(no role)")
                    )
                )
        return out

    def _network_text(self) -> str:
        """The network the plan needs, as the workload step names it."""
        cluster = self._session.evaluation.sizing.cluster
        names = {
            n.id: words.say(f"sizing.network_name.{n.id}", current_language())
            for n in self._session.catalog.networks
        }
        if cluster.network_needed_id is None:
            inside = names.get(cluster.network_id or "", cluster.network_id or "—")
            return fill(self.tr("inside one server: %1"), inside)
        return names.get(cluster.network_needed_id, cluster.network_needed_id)

    def _mfu_text(self, percent: str, source: str) -> str:
        """The sizing's MFU and where it comes from, in words."""
        if source == "measured":
            return fill(self.tr("%1 % (measured by vendors)"), percent)
        if source == "project":
            return fill(self.tr("%1 % (your input)"), percent)
        return fill(self.tr("%1 % (modelled)"), percent)

    def warnings(self) -> list[Advice]:
        """The plan's one warning list (:func:`~gpu_advisor.engine.api.shown_warnings`),
        as the PDF plan shows it."""
        return shown_warnings(self._session.evaluation).advice

    def summary_html(self, project: Project) -> str:
        """The left column: recommendation, key numbers, warnings, open items."""
        parts = self._recommendation_html()
        parts += self._decisive_html()
        parts += self._key_numbers_html(
            [
                *self._sizing_rows(),
                *self._cost_rows(),
                *self._monte_carlo_rows(),
                *self._vendor_rows(),
            ]
        )
        parts += self._warnings_html()
        parts += self._open_items_html(project)
        return "".join(parts)

    def _recommendation_html(self) -> list[str]:
        """The recommended option and the reasons for it."""
        recommendation = self._session.evaluation.cost.recommendation
        option = recommendation.option
        if option is None:  # nothing feasible: the reasons say what to relax
            headline = escape(self.tr("No feasible option"))
        elif recommendation.complete:
            headline = escape(option_label(option))
        else:
            headline = escape(
                self.tr("Incomplete plan. Cheapest for the priced part only: %1")
            ).replace("%1", escape(option_label(option)))
        parts: list[str] = [
            "<h3>" + escape(self.tr("Recommendation")) + "</h3>",
            f"<p><b>{headline}</b></p>",
            *(
                f"<p style='color:{SEVERITY_COLOURS[limit.severity]};'>"
                f"{escape(words.text(limit, current_language()))}</p>"
                for limit in recommendation.limits
            ),
        ]
        if recommendation.reasons:
            parts.append("<ul>")
            parts += [
                f"<li>{escape(words.text(reason, current_language()))}</li>"
                for reason in recommendation.reasons
            ]
            parts.append("</ul>")
        return parts

    def _decisive_html(self) -> list[str]:
        """Page 1's decisive inputs (``evaluation.decisive``), worked out in the
        background on first sight of an evaluation."""
        evaluation = self._session.evaluation
        lang = current_language()
        if evaluation.cost.recommendation.option is None:
            return []
        head = "<h3>" + escape(words.say("report.page1.sensitive", lang)) + "</h3>"
        if "decisive" not in evaluation.__dict__:  # not worked out yet
            if self._decisive_for is not evaluation.cost:
                self._decisive_for = evaluation.cost
                self.decisive_runner.start(_decisive_of, evaluation)
            return [
                head,
                f"<p><i>{escape(words.say('report.page1.working', lang))}</i></p>",
            ]
        rows = decisive_rows(evaluation.decisive, lang)
        if not rows:
            return [
                head,
                f"<p>{escape(words.say('report.page1.none_decisive', lang))}</p>",
            ]
        header = "".join(
            f"<th align='left'>{escape(words.say(f'report.{key}', lang))}</th>"
            for key in (
                "page1.col_input",
                "page1.col_planned",
                "page1.col_range",
                "page1.col_flip",
            )
        )
        body = "".join(
            "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>"
            for row in rows
        )
        return [head, f"<table cellpadding='2'><tr>{header}</tr>{body}</table>"]

    def _on_decisive_ready(self, evaluation: object) -> None:
        """The decisive inputs of ``evaluation`` are known: show them if the
        plan's evaluation still has its cost (edits since that kept it)."""
        current = self._session.evaluation
        if (
            isinstance(evaluation, PlanEvaluation)
            and share_decisive(evaluation, current)
            and self.isVisible()
        ):
            self.refresh()

    def _sizing_rows(self) -> list[_KeyNumber]:
        """Key numbers of the sizing: GPU-hours, cards, nodes, network, MFU, days."""
        sizing = self._session.evaluation.sizing
        return [
            (self.tr("GPU-hours"), _number(sizing.compute.gpu_hours), keys.GPU_HOURS),
            (
                self.tr("GPU-hours with the ×1.5 margin"),
                _number(sizing.compute.gpu_hours_with_redundancy),
                keys.GPU_HOURS_WITH_REDUNDANCY,
            ),
            (self.tr("Cards"), _number(sizing.cluster.gpus), None),
            (self.tr("Nodes"), _number(sizing.cluster.nodes), None),
            (self.tr("Network"), self._network_text(), keys.NETWORK_NEEDED),
            (
                self.tr("MFU"),
                self._mfu_text(
                    _number(sizing.compute.mfu * 100), sizing.compute.mfu_source
                ),
                None,
            ),
            (self.tr("Training days"), _number(sizing.cluster.days, 1), keys.DAYS),
        ]

    def _cost_rows(self) -> list[_KeyNumber]:
        """The recommended option's total and hourly cost, and the break-even."""
        cost = self._session.evaluation.cost
        recommendation = cost.recommendation
        option = next((o for o in cost.options if o.id == recommendation.option), None)
        rows: list[_KeyNumber] = []
        if option is not None:
            rows.append(
                (
                    self.tr("Total cost over %1 months (recommended option)").replace(
                        "%1", str(cost.horizon_months)
                    ),
                    amount(option.total_cny, current_language()),
                    keys.option_key(str(option.id), keys.OPTION_TOTAL),
                )
            )
            if option.cost_per_useful_gpu_hour_cny is not None:
                rows.append(
                    (
                        self.tr("Cost per useful GPU-hour"),
                        amount(
                            option.cost_per_useful_gpu_hour_cny,
                            current_language(),
                            ",.2f",
                        ),
                        keys.option_key(str(option.id), keys.OPTION_PER_USEFUL_HOUR),
                    )
                )
        if cost.break_even.utilization is not None:
            rows.append(
                (
                    self.tr("Break-even utilisation (own vs rent)"),
                    f"{_number(cost.break_even.utilization * 100, 0)} %",
                    keys.BREAK_EVEN_UTILIZATION,
                )
            )
        return rows

    def _monte_carlo_rows(self) -> list[_KeyNumber]:
        """P(owning beats renting), or where to run the Monte Carlo."""
        mc = self._session.evaluation.monte_carlo
        if mc is None:
            return [
                (
                    self.tr("P(owning beats renting)"),
                    self.tr("run the Monte Carlo on the Budget step"),
                    None,
                )
            ]
        if mc.p_own_beats_rent is not None:
            return [
                (
                    self.tr("P(owning beats renting)"),
                    f"{_number(mc.p_own_beats_rent * 100)} %",
                    None,
                )
            ]
        return []

    def _vendor_rows(self) -> list[_KeyNumber]:
        """Each scored vendor's total score."""
        scoring = self._session.evaluation.vendors.scoring
        if scoring is None:
            return []
        return [
            (
                fill(self.tr("Vendor score: %1"), vendor.vendor),
                _number(vendor.total, 1),
                None,
            )
            for vendor in scoring.vendors
        ]

    def _key_numbers_html(self, rows: list[_KeyNumber]) -> list[str]:
        """The key numbers as a table, each explained one with a "why?" link."""
        parts = [
            "<h3>" + escape(self.tr("Key numbers")) + "</h3><table cellpadding='2'>"
        ]
        why = escape(self.tr("why?"))
        parts += [
            f"<tr><td>{escape(name)}</td><td align='right'><b>{escape(value)}</b></td>"
            + (
                f"<td><a href='{_WHY_SCHEME}:{key}'>{why}</a></td>"
                if key
                else "<td></td>"
            )
            + "</tr>"
            for name, value, key in rows
        ]
        parts.append("</table>")
        return parts

    def _warnings_html(self) -> list[str]:
        """Sizing and cost warnings in their severity's colour, or "None."."""
        warnings = self.warnings()
        parts = ["<h3>" + escape(self.tr("Warnings")) + "</h3>"]
        if warnings:
            parts.append("<ul>")
            parts += [
                f"<li><span style='color:{SEVERITY_COLOURS[w.severity]}'>"
                f"{escape(words.text(w, current_language()))}</span></li>"
                for w in warnings
            ]
            parts.append("</ul>")
        else:
            parts.append("<p>" + escape(self.tr("None.")) + "</p>")
        return parts

    def _open_items_html(self, project: Project) -> list[str]:
        """What still has to be done before the plan can be approved."""
        items = self.open_items(project)
        parts = ["<h3>" + escape(self.tr("Open items")) + "</h3>"]
        if items:
            parts.append("<ul>")
            parts += [f"<li>{escape(text)}</li>" for text in items]
            parts.append("</ul>")
        else:
            parts.append("<p>" + escape(self.tr("Nothing open.")) + "</p>")
        return parts


def _decisive_of(evaluation: PlanEvaluation) -> PlanEvaluation:
    """Work out ``evaluation.decisive`` (kept on the evaluation); the task of
    :attr:`ReviewPage.decisive_runner`."""
    _ = evaluation.decisive
    return evaluation
