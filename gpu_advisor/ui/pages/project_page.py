"""Step 0 of the wizard: what the plan is called, for whom, its date, where and in
what currency.

This page is the model for every other page: widgets hold no
data; each edit goes through :meth:`ProjectSession.apply` as one undoable
step, and :meth:`ProjectPage._on_project_changed` refreshes the widgets
inside :class:`QSignalBlocker` whenever the project changes (edit, undo,
open).
"""

from __future__ import annotations

import datetime as dt

from pydantic import ValidationError
from PySide6.QtCore import QDate, QEvent, QSignalBlocker
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.model.project import Currency, Project
from gpu_advisor.ui.accessibility import follow_labels
from gpu_advisor.ui.i18n import current_language
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import ERROR_STYLE
from gpu_advisor.ui.widgets.bound import commit_when_finished, model_bounds
from gpu_advisor.ui.widgets.wheel_guard import wheel_scrolls_past

_TEXT_MAX_CHARS = 200  # ProjectMeta's max_length for title, organisation, author
_FORM_MAX_WIDTH_PX = 760


class ProjectPage(QWizardPage):
    """Title, organisation, author, plan date, region preset, currency,
    horizon and whether the company recovers input VAT."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        follow_labels(self)  # screen readers name fields after their labels
        self._session = session
        self.title_edit = QLineEdit(maxLength=_TEXT_MAX_CHARS)
        self.organisation_edit = QLineEdit(maxLength=_TEXT_MAX_CHARS)
        self.author_edit = QLineEdit(maxLength=_TEXT_MAX_CHARS)
        # ISO dates, as the PDF prints them, in both languages
        self.date_edit = QDateEdit()
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("yyyy-MM-dd")
        commit_when_finished(self.date_edit)  # a typed date: when it is finished
        self.region_combo = QComboBox()
        wheel_scrolls_past(self.region_combo)
        self.currency_combo = QComboBox()
        wheel_scrolls_past(self.currency_combo)
        low, high = model_bounds("meta.horizon_months")
        self.horizon_spin = QSpinBox(minimum=int(low), maximum=int(high))
        commit_when_finished(self.horizon_spin)
        self.vat_check = QCheckBox()
        self.error_label = QLabel(wordWrap=True)
        self.error_label.setStyleSheet(ERROR_STYLE)
        self._region_note = QLabel(wordWrap=True)
        self._errors: dict[str, str] = {}

        self._labels: dict[str, QLabel] = {}
        form = QFormLayout()
        for key, widget in (
            ("title", self.title_edit),
            ("organisation", self.organisation_edit),
            ("author", self.author_edit),
            ("plan_date", self.date_edit),
            ("region", self.region_combo),
            ("currency", self.currency_combo),
            ("horizon", self.horizon_spin),
        ):
            label = QLabel()
            label.setBuddy(widget)
            self._labels[key] = label
            form.addRow(label, widget)
        form.addRow("", self._region_note)
        form.addRow("", self.vat_check)
        # Fields as wide as the window are hard to read on a large screen.
        form_box = QWidget(maximumWidth=_FORM_MAX_WIDTH_PX)
        form_box.setLayout(form)
        layout = QVBoxLayout(self)
        layout.addWidget(form_box)
        layout.addWidget(self.error_label)
        layout.addStretch(1)

        for currency in Currency:
            self.currency_combo.addItem("", str(currency))
        self._fill_regions()
        self.retranslate_ui()

        self.title_edit.textChanged.connect(self._on_title_changed)
        self.organisation_edit.textChanged.connect(self._on_organisation_changed)
        self.author_edit.textChanged.connect(self._on_author_changed)
        self.date_edit.dateChanged.connect(self._on_date_changed)
        self.region_combo.currentIndexChanged.connect(self._on_region_changed)
        self.currency_combo.currentIndexChanged.connect(self._on_currency_changed)
        self.horizon_spin.valueChanged.connect(self._on_horizon_changed)
        self.vat_check.toggled.connect(self._on_vat_toggled)
        session.project_changed.connect(self._on_project_changed)
        self._on_project_changed(session.project)

    # --- translation --------------------------------------------------------------

    def retranslate_ui(self) -> None:
        self.setTitle(self.tr("Project"))
        self.setSubTitle(
            self.tr(
                "Name the plan, say who it is for, and pick the region and currency."
            )
        )
        self._labels["title"].setText(self.tr("Plan &title:"))
        self._labels["organisation"].setText(self.tr("&Organisation:"))
        self._labels["author"].setText(self.tr("&Author:"))
        self._labels["plan_date"].setText(self.tr("Plan &date:"))
        self.date_edit.setAccessibleName(self.tr("Plan date"))
        self.date_edit.setToolTip(
            self.tr(
                "The date printed on the plan; the next steps on its first page "
                "fall due counting from it, and imported prices dated on or "
                "before it are used."
            )
        )
        self._labels["region"].setText(self.tr("&Region preset:"))
        self._labels["currency"].setText(self.tr("&Currency:"))
        self._labels["horizon"].setText(self.tr("Planning hori&zon:"))
        self.horizon_spin.setSuffix(self.tr(" months"))
        self.vat_check.setText(self.tr("General VAT taxpayer: recovers &input VAT"))
        self.vat_check.setAccessibleName(self.tr("Recovers input VAT"))
        self.vat_check.setToolTip(
            self.tr(
                "Checked: every option is compared net of the input VAT the "
                "company recovers (6 % on services, 13 % on goods and "
                "electricity). Unchecked: amounts include VAT."
            )
        )
        self.title_edit.setPlaceholderText(
            self.tr("e.g. 13B fine-tuning capacity, 2026")
        )
        self.organisation_edit.setPlaceholderText(self.tr("Company or team"))
        currency_names = {
            Currency.CNY: self.tr("CNY — Chinese yuan"),
            Currency.USD: self.tr("USD — US dollar"),
            Currency.EUR: self.tr("EUR — euro"),
            Currency.HKD: self.tr("HKD — Hong Kong dollar"),
        }
        for row in range(self.currency_combo.count()):
            currency = Currency(self.currency_combo.itemData(row))
            self.currency_combo.setItemText(row, currency_names[currency])
        self._fill_regions()
        self._show_errors()

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _fill_regions(self) -> None:
        language = current_language()
        current = self._session.project.meta.region_id
        with QSignalBlocker(self.region_combo):
            self.region_combo.clear()
            for region in self._session.catalog.regions:
                name = words.say(f"region.{region.id}", language)
                self.region_combo.addItem(name, region.id)
            if self.region_combo.findData(current) < 0:
                # A file may name a region this catalog lacks: show it, don't drop it.
                self.region_combo.addItem(current, current)
            self.region_combo.setCurrentIndex(self.region_combo.findData(current))
        self._update_region_note(current)

    def _update_region_note(self, region_id: str) -> None:
        for region in self._session.catalog.regions:
            if region.id == region_id:
                note = words.say(f"region_notes.{region.id}", current_language())
                self._region_note.setText(note)
                self._region_note.setVisible(bool(note))
                return
        self._region_note.setText(self.tr("This region is not in the catalog."))
        self._region_note.setVisible(True)

    # --- wizard -------------------------------------------------------------------------

    @override
    def initializePage(self) -> None:
        self._on_project_changed(self._session.project)

    @override
    def isComplete(self) -> bool:
        return not self._errors

    # --- widget -> model ------------------------------------------------------------------

    def _apply(self, path: str, value: object, label: str) -> None:
        try:
            self._session.apply(path, value, self.tr("Change %1").replace("%1", label))
        except ValidationError as exc:
            self._errors[path] = f"{label}: {exc.errors()[0]['msg']}"
        else:
            self._errors.pop(path, None)
        self._show_errors()
        self.completeChanged.emit()

    def _show_errors(self) -> None:
        self.error_label.setText("\n".join(self._errors.values()))
        self.error_label.setVisible(bool(self._errors))

    def _on_title_changed(self, text: str) -> None:
        self._apply("meta.title", text, self.tr("plan title"))

    def _on_organisation_changed(self, text: str) -> None:
        self._apply("meta.organisation", text, self.tr("organisation"))

    def _on_author_changed(self, text: str) -> None:
        self._apply("meta.author", text, self.tr("author"))

    def _on_date_changed(self, date: QDate) -> None:
        if date.isValid():
            day = dt.date(date.year(), date.month(), date.day())
            self._apply("meta.plan_date", day, self.tr("plan date"))

    def _on_region_changed(self, index: int) -> None:
        if index >= 0:
            region_id = str(self.region_combo.itemData(index))
            self._apply("meta.region_id", region_id, self.tr("region"))
            self._update_region_note(region_id)

    def _on_currency_changed(self, index: int) -> None:
        if index >= 0:
            currency = str(self.currency_combo.itemData(index))
            self._apply("meta.currency", currency, self.tr("currency"))

    def _on_horizon_changed(self, value: int) -> None:
        self._apply("meta.horizon_months", value, self.tr("planning horizon"))

    def _on_vat_toggled(self, checked: bool) -> None:
        self._apply("meta.vat_recoverable", checked, self.tr("input VAT recovery"))

    # --- model -> widget ----------------------------------------------------------------

    def _on_project_changed(self, project: Project) -> None:
        meta = project.meta
        for edit, text in (
            (self.title_edit, meta.title),
            (self.organisation_edit, meta.organisation),
            (self.author_edit, meta.author),
        ):
            if edit.text() != text:  # keeps the cursor where the user is typing
                with QSignalBlocker(edit):
                    edit.setText(text)
        with QSignalBlocker(self.date_edit):
            day = meta.plan_date
            self.date_edit.setDate(QDate(day.year, day.month, day.day))
        if self.region_combo.currentData() != meta.region_id:
            self._fill_regions()
        with QSignalBlocker(self.currency_combo):
            self.currency_combo.setCurrentIndex(
                self.currency_combo.findData(str(meta.currency))
            )
        with QSignalBlocker(self.horizon_spin):
            self.horizon_spin.setValue(meta.horizon_months)
        with QSignalBlocker(self.vat_check):
            self.vat_check.setChecked(meta.vat_recoverable is not False)
        # The widgets now show valid model values, so earlier field errors are void.
        if self._errors:
            self._errors.clear()
            self._show_errors()
            self.completeChanged.emit()
