"""Step 3 of the wizard: candidate vendors, their tests, and how they compare.

The left pane lists the candidate vendors (add, duplicate, remove: each one
undoable step through :meth:`ProjectSession.apply`). The right pane works on
the selected vendor and on all of them together, in four tabs:

* *Quote and terms*: every field of :class:`~gpu_advisor.model.project.Vendor`
  bound to ``vendors.<i>.<field>``, with a warning when the quote implies an
  implausible card-hour price (the cost engine's
  :func:`gpu_advisor.engine.cost.recommend.quote_warnings` decides, not the page);
* *Test results*: the engine's judgement
  (:func:`gpu_advisor.engine.evidence.judge.judge_vendor`), one row per test and node,
  measured against expected with the threshold, coloured pass / warn / fail;
* *Compare*: :class:`~gpu_advisor.ui.widgets.vendor_charts.VendorCharts`, one
  series per vendor;
* *Scoring*: the weighted matrix of :func:`gpu_advisor.engine.evidence.scoring.score_project`
  with the editable weights and how far each must move to change the winner.

The test kit is written by :mod:`gpu_advisor.io.testkit` from
:func:`gpu_advisor.engine.rollout.testkit.build_testkit`; results are read by
:class:`~gpu_advisor.ui.import_dialog.ImportDialog` in a pool thread: it lists
the good and the refused files, and only the good ones are stored, on confirm.

The page holds no data: the selected row is the only state it keeps. The
judgement, scores and charts are recomputed when the project changes while
the page is shown, and on the next show otherwise, so that typing on another
page does not pay for them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from pydantic import ValidationError
from PySide6.QtCore import QEvent, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.engine.api import (
    Criterion,
    ScoringResult,
    VendorJudgement,
    VendorScore,
    as_plan_evaluation,
    merge_measurements,
    same_cost_inputs,
)
from gpu_advisor.io.testkit import TOP_FOLDER, write_testkit, write_testkit_archive
from gpu_advisor.model.project import (
    Measurement,
    Project,
    Vendor,
)
from gpu_advisor.ui.accessibility import follow_labels
from gpu_advisor.ui.file_names import file_stem
from gpu_advisor.ui.i18n import current_language, current_locale, fill
from gpu_advisor.ui.import_dialog import ImportDialog
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.settings import AppSettings
from gpu_advisor.ui.style import (
    BOLD_STYLE,
    ERROR_STYLE,
    OK_STYLE,
    OTHER_VENDOR_COLOUR,
    PRINCIPLE_STYLE,
    SECONDARY_STYLE,
    VENDOR_COLOURS,
)
from gpu_advisor.ui.widgets.bound import commit_when_finished, validation_message
from gpu_advisor.ui.widgets.judgement_table import JudgementView
from gpu_advisor.ui.widgets.layout import fit_table_to_contents
from gpu_advisor.ui.widgets.quote_form import QuoteForm
from gpu_advisor.ui.widgets.refresh import RefreshWhenShown, same_objects
from gpu_advisor.ui.widgets.vendor_charts import VendorCharts

MAX_VENDORS: Final = 100
"""``Project.vendors`` holds at most this many."""
_CRITERIA_ROW: Final = 1
"""The scoring table's first criterion row; row 0 is each vendor's acceptance."""
# (field, maximum, decimals, step); 0 stands for "not stated" (None) in these
# fields: a zero price, SLA, link speed or yearly factor is never a real quote.


class VendorsPage(QWizardPage):
    """Candidate vendors: quotes and terms, test kit, results, charts and scores.

    Signals
    -------
    import_finished(bool)
        An import ended: True when measurements were stored.
    kit_written(object)
        The test kit was written: the folder or archive ``Path``.
    analysis_updated()
        The judgement, charts and scoring now show the current project.
    """

    import_finished = Signal(bool)
    kit_written = Signal(object)
    analysis_updated = Signal()

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        follow_labels(self)  # screen readers name fields after their labels
        self._session = session
        self._errors: dict[str, str] = {}
        self.analysis = RefreshWhenShown(self, self.refresh_analysis)
        self._import_dialog: ImportDialog | None = None
        self._scoring_problem = ""
        self._shown_vendors = 0
        self._analysed: Project | None = None
        self._shown_judgement: object = None
        self._shown_analysis: tuple[object, ...] | None = None
        self._form_project: Project | None = None
        """The snapshot the list, the quote form and the weights show."""
        self.judgements: dict[str, VendorJudgement] = {}
        self.scoring: ScoringResult | None = None

        # --- header -------------------------------------------------------------------
        self.principle_label = QLabel(wordWrap=True)
        self.principle_label.setStyleSheet(PRINCIPLE_STYLE)

        left = self._build_vendor_list()
        actions = self._build_actions()
        self._build_tabs()

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(actions)
        right_layout.addWidget(self.status_label)
        right_layout.addWidget(self.tabs, 1)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([200, 900])
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.principle_label)
        layout.addWidget(self.splitter, 1)

        self.retranslate_ui()

        self.vendor_list.currentRowChanged.connect(self._on_vendor_selected)
        self.add_button.clicked.connect(self.add_vendor)
        self.duplicate_button.clicked.connect(self.duplicate_vendor)
        self.remove_button.clicked.connect(self.remove_vendor)
        self.kit_folder_action.triggered.connect(self._on_kit_folder_clicked)
        self.kit_archive_action.triggered.connect(self._on_kit_archive_clicked)
        self.import_files_action.triggered.connect(self._on_import_files_clicked)
        self.import_folder_action.triggered.connect(self._on_import_folder_clicked)
        self.clear_results_action.triggered.connect(self.clear_results)
        self.quote.edited.connect(self._on_field_edited)
        session.project_changed.connect(self._on_project_changed)
        self._on_project_changed(session.project)

    # ====================================================================================
    # building
    # ====================================================================================

    def _build_vendor_list(self) -> QWidget:
        """The vendor list, its label and the add, duplicate and remove buttons."""
        self.vendor_list = QListWidget()
        self.vendor_list.setSelectionMode(
            QAbstractItemView.SelectionMode.SingleSelection
        )
        self.add_button = QPushButton()
        self.duplicate_button = QPushButton()
        self.remove_button = QPushButton()
        self._list_label = QLabel()
        self._list_label.setBuddy(self.vendor_list)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self._list_label)
        left_layout.addWidget(self.vendor_list, 1)
        # two rows: three buttons side by side did not fit the list's width
        buttons = QGridLayout()
        buttons.addWidget(self.add_button, 0, 0)
        buttons.addWidget(self.duplicate_button, 0, 1)
        buttons.addWidget(self.remove_button, 1, 0)
        left_layout.addLayout(buttons)
        left.setMinimumWidth(170)
        return left

    def _build_tabs(self) -> None:
        """Quote, judgement, charts and scoring, one tab each."""
        self.tabs = QTabWidget()
        self.quote = QuoteForm(self._session.catalog)
        self.tabs.addTab(self.quote, "")
        self.judgement_view = JudgementView()
        self.tabs.addTab(self.judgement_view, "")
        self.charts = VendorCharts()
        self.tabs.addTab(self.charts, "")
        self.tabs.addTab(self._build_scoring_tab(), "")

    def _build_actions(self) -> QHBoxLayout:
        """Test kit and import buttons for the selected vendor, with the status line."""
        self.kit_button = QPushButton()
        self.kit_menu = QMenu(self)
        self.kit_folder_action = self.kit_menu.addAction("")
        self.kit_archive_action = self.kit_menu.addAction("")
        self.kit_button.setMenu(self.kit_menu)
        self.import_button = QPushButton()
        self.import_menu = QMenu(self)
        self.import_files_action = self.import_menu.addAction("")
        self.import_folder_action = self.import_menu.addAction("")
        self.import_menu.addSeparator()
        self.clear_results_action = self.import_menu.addAction("")
        self.import_button.setMenu(self.import_menu)
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setMaximumWidth(140)
        self.busy_bar.setVisible(False)
        self.status_label = QLabel(wordWrap=True)
        self.status_label.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.status_label.setVisible(False)
        actions = QHBoxLayout()
        actions.addWidget(self.kit_button)
        actions.addWidget(self.import_button)
        actions.addWidget(self.busy_bar)
        actions.addStretch(1)
        return actions

    def _build_scoring_tab(self) -> QWidget:
        self.winner_label = QLabel(wordWrap=True)
        self.winner_label.setStyleSheet(BOLD_STYLE)
        self.scoring_error = QLabel(wordWrap=True)
        self.scoring_error.setStyleSheet(ERROR_STYLE)
        self.scoring_error.setVisible(False)
        self.weights_hint = QLabel(wordWrap=True)
        self.weights_hint.setStyleSheet(SECONDARY_STYLE)
        # Criteria as rows and vendors as columns: nine criteria stay readable
        # side by side with the weights, whatever the number of vendors.
        # row 0: each vendor's acceptance (why it is held back, first in its
        # column); then the criteria, the weighted total and the rank
        rows = _CRITERIA_ROW + len(Criterion) + 2
        self.score_table = QTableWidget(rows, 3)
        self.score_table.setTabKeyNavigation(False)  # arrows move, Tab leaves
        self.score_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.score_table.verticalHeader().setVisible(False)
        self.score_table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        header = self.score_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.weight_spins: dict[Criterion, QDoubleSpinBox] = {}
        self._weight_errors: dict[Criterion, str] = {}
        for row, criterion in enumerate(Criterion):
            spin = QDoubleSpinBox(
                minimum=0.0, maximum=100.0, decimals=1, singleStep=1.0
            )
            spin.setFrame(False)
            commit_when_finished(spin)
            self.weight_spins[criterion] = spin
            self.score_table.setCellWidget(_CRITERIA_ROW + row, 1, spin)
            spin.valueChanged.connect(self._weight_slot(criterion))
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self.winner_label)
        layout.addWidget(self.scoring_error)
        layout.addWidget(self.score_table)
        layout.addWidget(self.weights_hint)
        layout.addStretch(1)
        # the table is as large as its rows and columns (never a scroll bar of
        # its own, never a hidden rank); the tab scrolls when the window is small
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(body)
        return scroll

    def _fit_score_table(self) -> None:
        """Size the scoring table to its rows and columns."""
        self.score_table.resizeColumnsToContents()
        fit_table_to_contents(self.score_table)

    def _weight_slot(self, criterion: Criterion) -> Callable[[float], None]:
        return lambda value: self._on_weight_changed(criterion, value)

    # ====================================================================================
    # translation
    # ====================================================================================

    def _name_for_screen_readers(self) -> None:
        """Accessible names of the views no label names, in the UI language."""
        for criterion, spin in self.weight_spins.items():
            spin.setAccessibleName(
                fill(self.tr("Weight of %1"), self.criterion_name(criterion))
            )

    def retranslate_ui(self) -> None:
        self._name_for_screen_readers()
        self.setTitle(self.tr("Vendor tests"))
        self.setSubTitle(
            self.tr(
                "Enter each candidate's quote and terms, send them the test kit, "
                "import what they measured, and compare."
            )
        )
        self.principle_label.setText(
            self.tr(
                "Measured numbers beat brochure numbers: the verdicts, charts and "
                "scores below use what the test kit measured on the vendor's machines."
            )
        )
        self._list_label.setText(self.tr("Candidate ven&dors:"))
        self.add_button.setText(self.tr("&Add"))
        self.duplicate_button.setText(self.tr("D&uplicate"))
        self.remove_button.setText(self.tr("&Remove"))
        self.add_button.setToolTip(self.tr("Add a candidate vendor"))
        self.duplicate_button.setToolTip(
            self.tr("Copy the selected vendor's quote and terms")
        )
        self.remove_button.setToolTip(self.tr("Remove the selected vendor (undoable)"))
        self.kit_button.setText(self.tr("Generate &test kit…"))
        self.kit_folder_action.setText(self.tr("Into a folder…"))
        self.kit_archive_action.setText(self.tr("As a .tar.gz archive…"))
        self.import_button.setText(self.tr("&Import results…"))
        self.import_files_action.setText(self.tr("Result files…"))
        self.import_folder_action.setText(self.tr("Results folder…"))
        self.clear_results_action.setText(self.tr("Clear this vendor's results"))
        self.tabs.setTabText(0, self.tr("Quote and terms"))
        self.tabs.setTabText(1, self.tr("Test results"))
        self.tabs.setTabText(2, self.tr("Compare"))
        self.tabs.setTabText(3, self.tr("Scoring"))

        self.weights_hint.setText(
            self.tr(
                "Each score runs from 0 to 100 by a fixed rule (hover over a score to "
                "see it); the total is the weighted mean. The last column says how far a "
                "weight must move before another vendor comes first."
            )
        )
        self.charts.retranslate_ui()
        self._refresh_list(self._session.project)
        self._refresh_form(self._session.project)
        self.quote.show_errors(self._errors)
        if self.scoring is not None or self.judgements:
            self._shown_judgement = None
            self._show_analysis(self._session.project)

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def criterion_name(self, criterion: Criterion) -> str:
        names = {
            Criterion.PRICE: self.tr("Price"),
            Criterion.PERFORMANCE: self.tr("Measured performance"),
            Criterion.NETWORK: self.tr("Network"),
            Criterion.SLA: self.tr("SLA"),
            Criterion.REPLACEMENT: self.tr("Card replacement"),
            Criterion.POWER: self.tr("Power redundancy"),
            Criterion.SPARES: self.tr("Spares on site"),
            Criterion.COMPLIANCE: self.tr("Compliance"),
            Criterion.CONTRACT: self.tr("Contract terms"),
        }
        return names[criterion]

    # ====================================================================================
    # wizard
    # ====================================================================================

    @override
    def initializePage(self) -> None:
        self._on_project_changed(self._session.project)
        self.refresh_analysis()

    @override
    def isComplete(self) -> bool:
        return not self._errors

    # ====================================================================================
    # selection and list editing
    # ====================================================================================

    def selected_index(self) -> int | None:
        """Position of the selected vendor in ``project.vendors``, or None."""
        row = self.vendor_list.currentRow()
        count = len(self._session.project.vendors)
        return row if 0 <= row < count else None

    def select_vendor(self, index: int) -> None:
        self.vendor_list.setCurrentRow(index)

    def _selected_vendor(self) -> Vendor | None:
        index = self.selected_index()
        return None if index is None else self._session.project.vendors[index]

    def _unique_name(self, base: str) -> str:
        names = {v.name for v in self._session.project.vendors}
        if base not in names:
            return base
        n = 2
        while f"{base} {n}" in names:
            n += 1
        return f"{base} {n}"

    def _set_vendors(
        self, vendors: list[Vendor], label: str, select: int | None
    ) -> None:
        """Replace the vendor list as one undo step that never merges."""
        if len(vendors) > MAX_VENDORS:
            return
        project = self._session.project
        self._session.replace_project(
            project.model_copy(update={"vendors": vendors}), label
        )
        if select is not None and vendors:
            self.select_vendor(max(0, min(select, len(vendors) - 1)))

    def add_vendor(self) -> None:
        """Append a new vendor (one undo step) and select it."""
        vendors = list(self._session.project.vendors)
        count = len(vendors) + 1
        name = self._unique_name(self.tr("Vendor %1").replace("%1", str(count)))
        vendors.append(Vendor(name=name, gpu_id=self._session.project.workload.gpu_id))
        self._set_vendors(vendors, self.tr("Add vendor"), len(vendors) - 1)

    def duplicate_vendor(self) -> None:
        """Copy the selected vendor's quote and terms (not its results)."""
        index = self.selected_index()
        if index is None:
            return
        vendors = list(self._session.project.vendors)
        source = vendors[index]
        name = self._unique_name(self.tr("%1 (copy)").replace("%1", source.name)[:200])
        copy = source.model_copy(
            update={
                "name": name,
                "measurements": [],
                "measured_mfu": None,
                "quote_in_budget": False,  # one vendor's quote prices the budget
            }
        )
        vendors.insert(index + 1, copy)
        self._set_vendors(vendors, self.tr("Duplicate vendor"), index + 1)

    def remove_vendor(self) -> None:
        """Remove the selected vendor (one undo step)."""
        index = self.selected_index()
        if index is None:
            return
        vendors = list(self._session.project.vendors)
        removed = vendors.pop(index)
        self._set_vendors(
            vendors, self.tr("Remove vendor %1").replace("%1", removed.name), index
        )

    def _on_vendor_selected(self, _row: int) -> None:
        project = self._session.project
        self._clear_field_errors()
        self._refresh_form(project)
        if not self.analysis.stale:
            self._show_judgement(project)

    # ====================================================================================
    # widget -> model
    # ====================================================================================

    def _apply_field(self, key: str, value: object) -> None:
        index = self.selected_index()
        if index is None:
            return
        name = self.quote.plain_label(key)
        label = self.tr("Change %1").replace("%1", name)
        was_complete = not self._errors
        try:
            self._replace_vendor_field(index, key, value, label)
        except ValidationError as exc:
            self._errors[key] = validation_message(exc)
        else:
            self._errors.pop(key, None)
        self.quote.show_errors(self._errors)
        if was_complete != (not self._errors):
            self.completeChanged.emit()

    def _replace_vendor_field(
        self, index: int, key: str, value: object, label: str
    ) -> None:
        """Set ``vendors.<index>.<key>`` as one undo step; edits of one field merge.

        One vendor's quote prices the budget at a time: choosing it
        (``quote_in_budget``) clears the others in the same step.
        """
        vendors = self._session.project.vendors
        if key == "quote_in_budget" and value is True:
            chosen = [
                v.model_copy(update={"quote_in_budget": i == index})
                if v.quote_in_budget or i == index
                else v
                for i, v in enumerate(vendors)
            ]
            self._set_vendors(chosen, label, None)
            return
        self._session.apply(f"vendors.{index}.{key}", value, label)

    def _on_field_edited(self, key: str, value: object) -> None:
        if key == "name":
            self._on_name_changed(str(value))
        else:
            self._apply_field(key, value)

    def _on_name_changed(self, text: str) -> None:
        index = self.selected_index()
        if index is None:
            return
        others = {
            v.name for i, v in enumerate(self._session.project.vendors) if i != index
        }
        if text.strip() in others:
            self._errors["name"] = self.tr("Another vendor already has this name.")
            self.quote.show_errors(self._errors)
            self.completeChanged.emit()
            return
        self._apply_field("name", text)

    def _on_weight_changed(self, criterion: Criterion, value: float) -> None:
        label = self.tr("Change weight of %1").replace(
            "%1", self.criterion_name(criterion)
        )
        try:
            self._replace_weight(criterion, float(value), label)
        except ValidationError as exc:
            self._weight_errors[criterion] = validation_message(exc)
        else:
            self._weight_errors.pop(criterion, None)
        self._show_weight_errors()

    def _replace_weight(self, criterion: Criterion, value: float, label: str) -> None:
        """Set ``scoring.<criterion>`` as one undo step; edits of one weight merge."""
        self._session.apply(f"scoring.{criterion.value}", value, label)

    def _show_weight_errors(self) -> None:
        for criterion, spin in self.weight_spins.items():
            message = self._weight_errors.get(criterion, "")
            spin.setToolTip(message)
            spin.setStyleSheet(ERROR_STYLE if message else "")
        text = "\n".join(self._weight_errors.values())
        self.scoring_error.setText(text or self._scoring_problem)
        self.scoring_error.setVisible(bool(text or self._scoring_problem))

    def _clear_field_errors(self) -> None:
        if self._errors:
            self._errors.clear()
            self.quote.show_errors(self._errors)
            self.completeChanged.emit()

    # ====================================================================================
    # model -> widget
    # ====================================================================================

    def _on_project_changed(self, project: Project) -> None:
        before, self._form_project = self._form_project, project
        if (
            before is not None
            and not self._errors
            and not self._weight_errors
            and project.vendors is before.vendors
            and project.scoring is before.scoring
            and same_cost_inputs(before, project)
        ):
            # e.g. the author's name: the list, the quote form, its price
            # warnings and the weights would show just what they show
            self.analysis.invalidate()
            return
        self._refresh_list(project)
        # The widgets now show valid model values: earlier field errors are void.
        self._clear_field_errors()
        self._refresh_form(project)
        self._refresh_weights(project)
        self.analysis.invalidate()

    def _refresh_list(self, project: Project) -> None:
        vendors = project.vendors
        row = self.vendor_list.currentRow()
        scores: dict[str, VendorScore] = {}
        if self.scoring is not None and not self.analysis.stale:
            scores = {v.vendor: v for v in self.scoring.vendors}
        language = current_language()
        with QSignalBlocker(self.vendor_list):
            while self.vendor_list.count() > len(vendors):
                self.vendor_list.takeItem(self.vendor_list.count() - 1)
            while self.vendor_list.count() < len(vendors):
                self.vendor_list.addItem(QListWidgetItem())
            for i, vendor in enumerate(vendors):
                item = self.vendor_list.item(i)
                score = scores.get(vendor.name)
                # the list keeps the project's order; the rank is said in words
                # ("2. Vendor A" above "1. Vendor B" read as a misnumbered list)
                text = (
                    vendor.name
                    if score is None
                    else fill(self.tr("%1 (rank %2)"), vendor.name, str(score.rank))
                )
                tips = [
                    self.tr("%1 measurements imported").replace(
                        "%1", str(len(vendor.measurements))
                    )
                    if vendor.measurements
                    else self.tr("No test results yet")
                ]
                if score is not None and score.held_back is not None:
                    # why it is behind every vendor that passed, first
                    text += words.say("words.colon", language) + words.say(
                        "evidence.acceptance.not_accepted", language
                    )
                    tips.insert(0, words.text(score.held_back, language))
                item.setText(text)
                item.setForeground(
                    QBrush(QColor(VENDOR_COLOURS[i % len(VENDOR_COLOURS)]))
                )
                item.setToolTip("\n".join(tips))
            if vendors:
                self.vendor_list.setCurrentRow(max(0, min(row, len(vendors) - 1)))
        has = bool(vendors)
        for widget in (
            self.duplicate_button,
            self.remove_button,
            self.kit_button,
            self.import_button,
        ):
            widget.setEnabled(has and self._import_dialog is None)
        self.add_button.setEnabled(len(vendors) < MAX_VENDORS)

    def _refresh_form(self, project: Project) -> None:
        index = self.selected_index()
        vendor = None if index is None else project.vendors[index]
        self.quote.show_vendor(vendor)
        if vendor is not None:
            self._show_price_warning(project, index)

    def _show_price_warning(self, project: Project, index: int | None) -> None:
        if index is None:
            self.quote.show_price_warnings([])
            return
        evaluation = as_plan_evaluation(
            self._session.evaluation, project, self._session.catalog
        )
        advice = evaluation.vendor_price_warnings(index)
        texts = [words.text(a, current_language()) for a in advice]
        self.quote.show_price_warnings(texts)

    def _refresh_weights(self, project: Project) -> None:
        for criterion, spin in self.weight_spins.items():
            with QSignalBlocker(spin):
                spin.setValue(float(getattr(project.scoring, criterion.value)))
        if self._weight_errors:
            self._weight_errors.clear()
            self._show_weight_errors()

    # ====================================================================================
    # analysis: judgement, charts, scoring
    # ====================================================================================

    def refresh_analysis(self) -> None:
        """Judge, score and chart the current project (engine calls, a few ms)."""
        project = self._session.project
        # judged and scored on the plan's own sizing, reusing the judgements
        # of vendors that did not change (engine.scoring.evaluate_vendors)
        result = self._session.evaluation.vendors
        self.scoring = result.scoring
        self.judgements = dict(result.judgements)
        self._scoring_problem = result.problem
        self._analysed = project
        self.analysis.stale = False
        # what the charts and tables read: an edit elsewhere (the budget, the
        # author) keeps all of it, and what is on screen stays
        shown = (result, project.vendors, project.environment, current_language())
        if not same_objects(self._shown_analysis, shown):
            self._shown_analysis = None  # until all of it is shown
            self._show_analysis(project)
            self._shown_analysis = shown
        self._refresh_list(project)
        self.analysis_updated.emit()

    def _show_analysis(self, project: Project) -> None:
        self.charts.set_vendors(
            list(project.vendors),
            project.environment.gpus_per_node,
            self._session.evaluation.vendors.measured,
        )
        self._show_judgement(project)
        self._show_scoring(project)
        self._fit_score_table()

    def _show_judgement(self, project: Project) -> None:
        vendor = self._selected_vendor()
        judgement = None if vendor is None else self.judgements.get(vendor.name)
        key = (vendor, id(judgement), current_language())
        if judgement is not None and key == self._shown_judgement:
            return  # a weight edit: the same verdicts are on screen already
        self._shown_judgement = key
        self.judgement_view.show_judgement(vendor, judgement, self._scoring_problem)

    def sensitivity_text(self, criterion: Criterion) -> str:
        """What the table says about moving ``criterion``'s weight."""
        item = self.score_table.item(
            _CRITERIA_ROW + list(Criterion).index(criterion), 2 + self._shown_vendors
        )
        return item.text() if item is not None else ""

    def _winner_text(self, result: ScoringResult) -> str:
        """The vendor ranked first, then why each held-back vendor is behind."""
        ranked = result.vendors
        lines = [
            fill(
                self.tr("Ranked first: %1 (%2 of 100)."),
                str(result.winner),
                current_locale().toString(ranked[0].total, "f", 1),
            )
        ]
        sep = words.say("words.colon", current_language())
        lines += [
            f"{vs.vendor}{sep}{words.text(vs.held_back, current_language())}"
            for vs in ranked
            if vs.held_back is not None
        ]
        return "\n".join(lines)

    def _show_scoring(self, project: Project) -> None:
        self._show_weight_errors()
        result = self.scoring
        table = self.score_table
        criteria = list(Criterion)
        ranked = result.vendors if result is not None else []
        self._shown_vendors = len(ranked)
        table.setColumnCount(3 + len(ranked))
        headers = (
            [self.tr("Criterion"), self.tr("Weight")]
            + [f"{vs.rank}. {vs.vendor}" for vs in ranked]
            + [self.tr("Weight change that hands the lead to another vendor")]
        )
        table.setHorizontalHeaderLabels(headers)
        language = current_language()
        locale = current_locale()
        bold = QFont(table.font())
        bold.setBold(True)
        total_row = _CRITERIA_ROW + len(criteria)

        def put(
            row: int, column: int, text: str, tip: str = "", *, right: bool = False
        ) -> None:
            item = QTableWidgetItem(text)
            item.setToolTip(tip)
            if right:
                item.setTextAlignment(
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                )
            if row >= total_row or (ranked and column == 2):
                item.setFont(bold)
            table.setItem(row, column, item)

        self._show_acceptance(put, ranked, language)
        for row, criterion in enumerate(criteria, start=_CRITERIA_ROW):
            rule = ""
            if ranked:
                rule = words.text(ranked[0].scores[row - _CRITERIA_ROW].rule, language)
            put(row, 0, self.criterion_name(criterion), rule)
        put(total_row, 0, self.tr("Weighted total (0–100)"))
        put(total_row + 1, 0, self.tr("Rank"))
        for column, vs in enumerate(ranked, start=2):
            colour = QColor(self._vendor_colour(project, vs.vendor))
            header = table.horizontalHeaderItem(column)
            if header is not None:
                header.setForeground(QBrush(colour))
            for row, score in enumerate(vs.scores, start=_CRITERIA_ROW):
                tip = fill(
                    self.tr("Input: %1\nRule: %2"),
                    words.text(score.input, language),
                    words.text(score.rule, language),
                )
                put(row, column, locale.toString(score.score, "f", 0), tip, right=True)
            put(total_row, column, locale.toString(vs.total, "f", 1), right=True)
            held = "" if vs.held_back is None else words.text(vs.held_back, language)
            put(total_row + 1, column, str(vs.rank), held, right=True)
        last = 2 + len(ranked)
        for row in (0, total_row, total_row + 1):
            put(row, 1, "")
            put(row, last, "")
        if result is None or not ranked:
            self.winner_label.setText(
                self.tr("Add vendors and import their results to rank them.")
            )
            for row in range(_CRITERIA_ROW, total_row):
                put(row, last, "")
            return
        if result.winner is not None and len(ranked) > 1:
            self.winner_label.setText(self._winner_text(result))
        else:
            self.winner_label.setText(
                self.tr("Only one vendor: add another to compare.")
            )
        texts = self._sensitivity_texts(result, len(ranked))
        for row, text in enumerate(texts, start=_CRITERIA_ROW):
            put(row, last, text)

    def _show_acceptance(
        self,
        put: Callable[..., None],
        ranked: Sequence[VendorScore],
        language: str,
    ) -> None:
        """Row 0: each vendor's acceptance, the engine's reason when it is
        held back (``VendorScore.held_back``), else passed or not tested."""
        put(0, 0, words.say("evidence.acceptance.label", language))
        for column, vs in enumerate(ranked, start=2):
            # the verdict in the cell, the engine's reason in its tooltip (and
            # in full above the table): a sentence would widen the column
            verdict = words.say(f"evidence.acceptance.{vs.acceptance.value}", language)
            reason = "" if vs.held_back is None else words.text(vs.held_back, language)
            put(0, column, verdict, reason or verdict)

    def _sensitivity_texts(self, result: ScoringResult, vendors: int) -> list[str]:
        """Per criterion, how far its weight must move to change the winner."""
        by_criterion = {s.criterion: s for s in result.sensitivity}
        locale = current_locale()
        texts: list[str] = []
        for criterion in Criterion:
            s = by_criterion.get(criterion)
            parts: list[str] = []
            if s is not None and s.increase_points is not None:
                parts.append(
                    fill(
                        self.tr("+%1 points: %2 wins"),
                        locale.toString(s.increase_points, "f", 1),
                        s.winner_if_increased or "",
                    )
                )
            if s is not None and s.decrease_points is not None:
                parts.append(
                    fill(
                        self.tr("−%1 points: %2 wins"),
                        locale.toString(s.decrease_points, "f", 1),
                        s.winner_if_decreased or "",
                    )
                )
            if vendors < 2:
                text = ""
            elif parts:
                text = " / ".join(parts)
            else:
                text = self.tr("No change within 0–100 alters the winner.")
            texts.append(text)
        return texts

    @staticmethod
    def _vendor_colour(project: Project, name: str) -> str:
        for i, vendor in enumerate(project.vendors):
            if vendor.name == name:
                return VENDOR_COLOURS[i % len(VENDOR_COLOURS)]
        return OTHER_VENDOR_COLOUR

    # ====================================================================================
    # test kit
    # ====================================================================================

    def _on_kit_folder_clicked(self) -> None:
        settings = AppSettings()
        folder = QFileDialog.getExistingDirectory(
            self, self.tr("Folder for the test kit"), str(settings.last_folder())
        )
        if folder:
            settings.set_last_folder(Path(folder))
            self.generate_testkit(Path(folder))

    def _on_kit_archive_clicked(self) -> None:
        vendor = self._selected_vendor()
        settings = AppSettings()
        stem = file_stem(vendor.name if vendor else "", fallback="vendor")
        suggested = settings.last_folder() / f"testkit-{stem}.tar.gz"
        path, _filter = QFileDialog.getSaveFileName(
            self,
            self.tr("Save the test kit as"),
            str(suggested),
            self.tr("Archives (*.tar.gz)"),
        )
        if path:
            if not path.endswith(".tar.gz"):
                path += ".tar.gz"
            settings.set_last_folder(Path(path).resolve().parent)
            self.generate_testkit(Path(path))

    def generate_testkit(self, target: Path) -> Path | None:
        """Write the selected vendor's kit to ``target`` (a folder, or a ``.tar.gz``).

        The README is in the project's language. Returns ``target``, or None
        when nothing was written (the reason is shown on the page).
        """
        vendor = self._selected_vendor()
        if vendor is None:
            return None
        try:
            # the evaluation's rollout: the nodes and network every step shows
            rollout = self._session.evaluation.rollout
            files = rollout.testkit(vendor, words.wording(rollout.language))
        except (KeyError, ValueError) as exc:
            self._show_status(
                self.tr("Cannot build the test kit: %1").replace("%1", str(exc)),
                ERROR_STYLE,
            )
            return None
        archive = target.name.endswith(".tar.gz")
        try:
            if archive:
                write_testkit_archive(files, target)
            else:
                write_testkit(files, target)
        except OSError as exc:
            self._show_status(
                self.tr("Cannot write the test kit: %1").replace(
                    "%1", str(exc.strerror or exc)
                ),
                ERROR_STYLE,
            )
            return None
        first = (
            f"tar xzf {target.name} && cd {TOP_FOLDER} && ./run_all.sh"
            if archive
            else "./run_all.sh"
        )
        self._show_status(
            fill(
                self.tr(
                    "Test kit for %1 written to %2. Run first, on one node: %3 "
                    "(README.md explains the multi-node steps and what to send back)."
                ),
                vendor.name,
                str(target),
                first,
            ),
            OK_STYLE,
        )
        self.kit_written.emit(target)
        return target

    # ====================================================================================
    # result import
    # ====================================================================================

    def _on_import_files_clicked(self) -> None:
        settings = AppSettings()
        paths, _filter = QFileDialog.getOpenFileNames(
            self,
            self.tr("Result files to import"),
            str(settings.last_folder()),
            self.tr("Test kit results (*.txt *.csv *.json *.xml);;All files (*)"),
        )
        if paths:
            settings.set_last_folder(Path(paths[0]).resolve().parent)
            self.import_results([Path(p) for p in paths])

    def _on_import_folder_clicked(self) -> None:
        settings = AppSettings()
        folder = QFileDialog.getExistingDirectory(
            self, self.tr("Results folder to import"), str(settings.last_folder())
        )
        if folder:
            settings.set_last_folder(Path(folder).resolve().parent)
            self.import_results([Path(folder)])

    @property
    def import_running(self) -> bool:
        return self._import_dialog is not None

    @property
    def import_dialog(self) -> ImportDialog | None:
        """The open import dialog (reading, or listing the files to confirm)."""
        return self._import_dialog

    def import_results(self, paths: Sequence[Path]) -> bool:
        """Open the import dialog on ``paths`` for the selected vendor.

        The dialog reads the files in a worker and lists the good and the
        refused ones; on confirm the good files' measurements are stored as one
        undo step. Returns False when nothing started.
        """
        vendor = self._selected_vendor()
        if vendor is None or self._import_dialog is not None or not paths:
            return False
        dialog = ImportDialog(paths, vendor.name, self)
        name = vendor.name
        dialog.confirmed.connect(
            lambda report: self.store_measurements(name, list(report.measurements))
        )
        dialog.finished.connect(self._on_import_dialog_closed)
        self._import_dialog = dialog
        self._set_busy(True)
        dialog.open()
        dialog.start()
        return True

    def wait_idle(self, msecs: int = 10_000) -> bool:
        """Block until the import dialog's worker has returned (tests, shutdown)."""
        dialog = self._import_dialog
        return dialog is None or dialog.wait_idle(msecs)

    def _set_busy(self, busy: bool) -> None:
        self.busy_bar.setVisible(busy)
        has = bool(self._session.project.vendors)
        for widget in (self.import_button, self.kit_button, self.remove_button):
            widget.setEnabled(has and not busy)

    def _on_import_dialog_closed(self, result: int) -> None:
        dialog, self._import_dialog = self._import_dialog, None
        self._set_busy(False)
        if dialog is not None:
            dialog.deleteLater()
        if result != QDialog.DialogCode.Accepted:
            self._show_status(self.tr("Nothing was imported."), ERROR_STYLE)
            self.import_finished.emit(False)

    def store_measurements(
        self, vendor_name: str, measurements: list[Measurement]
    ) -> bool:
        """Put imported ``measurements`` on the vendor named ``vendor_name``.

        Results from a file imported before are replaced by the new ones from
        that file; results from other files are kept, so each node's folder can
        be imported in turn. ``measured_mfu`` follows the training log
        (:func:`gpu_advisor.engine.evidence.judge.with_measured_mfu`). One undo step.
        """
        project = self._session.project
        index = next(
            (i for i, v in enumerate(project.vendors) if v.name == vendor_name), None
        )
        if index is None:
            self._show_status(
                self.tr("The vendor %1 is gone; nothing was imported.").replace(
                    "%1", vendor_name
                ),
                ERROR_STYLE,
            )
            self.import_finished.emit(False)
            return False
        if not measurements:
            self._show_status(
                self.tr("No result files found there; nothing was imported."),
                ERROR_STYLE,
            )
            self.import_finished.emit(False)
            return False
        vendor = project.vendors[index]
        files = {m.file for m in measurements}
        try:
            updated = merge_measurements(
                project, vendor, measurements, self._session.catalog
            )
        except ValidationError as exc:
            self._show_status(
                self.tr("Nothing was imported: %1").replace(
                    "%1", validation_message(exc)
                ),
                ERROR_STYLE,
            )
            self.import_finished.emit(False)
            return False
        vendors = list(project.vendors)
        vendors[index] = updated
        self._set_vendors(
            vendors, self.tr("Import results for %1").replace("%1", vendor_name), None
        )
        self._show_status(
            fill(
                self.tr("Imported %1 measurements from %2 files for %3."),
                str(len(measurements)),
                str(len(files)),
                vendor_name,
            ),
            OK_STYLE,
        )
        self.import_finished.emit(True)
        return True

    def clear_results(self) -> None:
        """Forget the selected vendor's measurements (one undo step)."""
        index = self.selected_index()
        if index is None:
            return
        vendors = list(self._session.project.vendors)
        vendor = vendors[index]
        if not vendor.measurements:
            return
        vendors[index] = vendor.model_copy(
            update={"measurements": [], "measured_mfu": None}
        )
        self._set_vendors(
            vendors, self.tr("Clear results of %1").replace("%1", vendor.name), index
        )

    def _show_status(self, text: str, style: str) -> None:
        self.status_label.setStyleSheet(style)
        self.status_label.setText(text)
        self.status_label.setVisible(bool(text))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
