"""Edit ▸ Preferences…: language, defaults for new plans, autosave interval.

Preferences never change a computed result (those live in the project file);
they only shape the UI and the starting values of *new* projects.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.project import Currency
from gpu_advisor.ui.i18n import current_language
from gpu_advisor.ui.settings import MAX_AUTOSAVE_MINUTES, AppSettings, LanguageChoice


class PreferencesDialog(QDialog):
    """The preferences dialog; :meth:`accept` writes the choices to the settings."""

    def __init__(
        self, settings: AppSettings, catalog: Catalog, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._catalog = catalog
        self.language_combo = QComboBox()
        for choice in LanguageChoice:
            self.language_combo.addItem("", str(choice))
        self.region_combo = QComboBox()
        self.currency_combo = QComboBox()
        for currency in Currency:
            self.currency_combo.addItem(str(currency), str(currency))
        self.autosave_spin = QSpinBox(minimum=0, maximum=MAX_AUTOSAVE_MINUTES)
        self._labels = [QLabel() for _ in range(4)]
        form = QFormLayout()
        for label, widget in zip(
            self._labels,
            (
                self.language_combo,
                self.region_combo,
                self.currency_combo,
                self.autosave_spin,
            ),
            strict=True,
        ):
            label.setBuddy(widget)
            form.addRow(label, widget)
        self._note = QLabel(wordWrap=True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self._note)
        layout.addWidget(buttons)
        self.retranslate_ui()
        self._load()

    def _load(self) -> None:
        self.language_combo.setCurrentIndex(
            self.language_combo.findData(str(self._settings.language()))
        )
        self.region_combo.setCurrentIndex(
            max(self.region_combo.findData(self._settings.default_region()), 0)
        )
        self.currency_combo.setCurrentIndex(
            self.currency_combo.findData(str(self._settings.default_currency()))
        )
        self.autosave_spin.setValue(self._settings.autosave_interval_minutes())

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Preferences"))
        self._labels[0].setText(self.tr("&Language:"))
        self._labels[1].setText(self.tr("Default &region:"))
        self._labels[2].setText(self.tr("Default &currency:"))
        self._labels[3].setText(self.tr("&Autosave every:"))
        self.language_combo.setItemText(0, self.tr("Follow the system"))
        # Each language is named in itself, so it can be found in any UI language.
        self.language_combo.setItemText(1, "简体中文")
        self.language_combo.setItemText(2, "English")
        self.autosave_spin.setSuffix(self.tr(" min"))
        self.autosave_spin.setSpecialValueText(self.tr("Off"))
        self._note.setText(
            self.tr(
                "Region and currency apply to new plans; open plans keep their own."
            )
        )
        chinese = current_language().startswith("zh")
        selected = self.region_combo.currentData()
        self.region_combo.clear()
        for region in self._catalog.regions:
            self.region_combo.addItem(
                region.name_zh if chinese else region.name_en, region.id
            )
        if selected is not None:
            self.region_combo.setCurrentIndex(
                max(self.region_combo.findData(selected), 0)
            )

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    @override
    def accept(self) -> None:
        self._settings.set_language(LanguageChoice(self.language_combo.currentData()))
        region = self.region_combo.currentData()
        if isinstance(region, str):
            self._settings.set_default_region(region)
        self._settings.set_default_currency(Currency(self.currency_combo.currentData()))
        self._settings.set_autosave_interval_minutes(self.autosave_spin.value())
        super().accept()
