"""Edit ▸ Preferences…: language, defaults for new plans, autosave interval, trusted signers.

Preferences never change a computed result (those live in the project file);
they only shape the UI, the starting values of *new* projects, and whom
File ▸ Verify Plan… trusts (the certificate files listed under
:data:`gpu_advisor.report.verify.TRUSTED_SIGNERS_SETTINGS_KEY`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.project import Currency
from gpu_advisor.report.verify import (
    CertificateDetails,
    VerifyInputError,
    certificate_details,
    load_trusted_certificates,
)
from gpu_advisor.ui import i18n
from gpu_advisor.ui.accessibility import follow_labels
from gpu_advisor.ui.i18n import current_language
from gpu_advisor.ui.settings import MAX_AUTOSAVE_MINUTES, AppSettings, LanguageChoice


@dataclass(frozen=True)
class TrustedSigner:
    """One file of the trusted-signers list and what it holds (or why not)."""

    path: Path
    certificates: tuple[CertificateDetails, ...] = ()
    problem: str = ""


def read_trusted_signer(path: Path) -> TrustedSigner:
    """The certificates in ``path``, or the reason it cannot be read."""
    try:
        certs = load_trusted_certificates([path])
    except VerifyInputError as exc:
        return TrustedSigner(path, problem=str(exc))
    return TrustedSigner(path, tuple(certificate_details(c) for c in certs))


class TrustedSignersBox(QGroupBox):
    """The trusted-signers list: add a certificate file, see what it holds, remove it."""

    def __init__(self, paths: list[Path], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.signers = [read_trusted_signer(p) for p in paths]
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setSpacing(4)
        self.list.setAlternatingRowColors(True)
        # a SHA-256 fingerprint (95 characters) fits on one line
        self.list.setMinimumWidth(self.list.fontMetrics().averageCharWidth() * 110)
        self.list.setSelectionMode(QListWidget.SelectionMode.SingleSelection)
        self.add_button = QPushButton()
        self.remove_button = QPushButton()
        self.system_check = QCheckBox()
        self._note = QLabel(wordWrap=True)
        self.add_button.clicked.connect(self.add_certificate)
        self.remove_button.clicked.connect(self.remove_selected)
        self.list.currentRowChanged.connect(self._update_buttons)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self._note)
        layout.addWidget(self.list)
        layout.addLayout(buttons)
        layout.addWidget(self.system_check)

    def paths(self) -> list[Path]:
        """The certificate files in the list, in order."""
        return [signer.path for signer in self.signers]

    def retranslate_ui(self) -> None:
        self.setTitle(self.tr("Trusted signers"))
        self._note.setText(
            self.tr(
                "File ▸ Verify Plan… trusts a signature only when its certificate, "
                "or the authority that issued it, is in this list."
            )
        )
        self.add_button.setText(self.tr("A&dd Certificate…"))
        self.remove_button.setText(self.tr("Re&move"))
        self.system_check.setText(
            self.tr("Also trust the &system's certificate authorities")
        )
        self.system_check.setToolTip(
            self.tr(
                "They vouch for web servers: any certificate they issued for "
                "signing would then pass, whoever it names."
            )
        )
        self._fill()

    def _fill(self) -> None:
        row = self.list.currentRow()
        self.list.clear()
        for signer in self.signers:
            item = QListWidgetItem(self._describe(signer))
            item.setData(Qt.ItemDataRole.UserRole, str(signer.path))
            item.setToolTip(str(signer.path))
            self.list.addItem(item)
        self.list.setCurrentRow(min(row, self.list.count() - 1))
        self._update_buttons()

    def _describe(self, signer: TrustedSigner) -> str:
        if signer.problem:
            return i18n.fill(self.tr("Cannot be read: %1"), signer.problem)
        now = dt.datetime.now(dt.UTC)
        blocks = []
        for cert in signer.certificates:
            validity = i18n.fill(
                self.tr("Valid: %1 to %2"),
                f"{cert.not_before:%Y-%m-%d}",
                f"{cert.not_after:%Y-%m-%d}",
            )
            if not cert.valid_at(now):
                validity += " " + self.tr("(not valid now)")
            blocks.append(
                "\n".join(
                    (
                        cert.subject,
                        i18n.fill(self.tr("Issued by: %1"), cert.issuer),
                        validity,
                        i18n.fill(self.tr("SHA-256: %1"), cert.sha256),
                    )
                )
            )
        return "\n\n".join(blocks)

    def _update_buttons(self) -> None:
        self.remove_button.setEnabled(self.list.currentRow() >= 0)

    def add_certificate(self) -> None:
        """Ask for a PEM or DER certificate file and add it to the list."""
        name, _filter = QFileDialog.getOpenFileName(
            self,
            self.tr("Add Trusted Signer"),
            "",
            self.tr("Certificates (*.pem *.crt *.cer *.der);;All files (*)"),
        )
        if not name:
            return
        path = Path(name)
        if path in self.paths():
            return
        signer = read_trusted_signer(path)
        if signer.problem:
            QMessageBox.warning(
                self,
                self.tr("Add Trusted Signer"),
                i18n.fill(self.tr("This file was not added:\n\n%1"), signer.problem),
            )
            return
        self.signers.append(signer)
        self._fill()
        self.list.setCurrentRow(self.list.count() - 1)

    def remove_selected(self) -> None:
        """Remove the selected certificate file from the list (not from disk)."""
        row = self.list.currentRow()
        if 0 <= row < len(self.signers):
            del self.signers[row]
            self._fill()


class PreferencesDialog(QDialog):
    """The preferences dialog; :meth:`accept` writes the choices to the settings."""

    def __init__(
        self, settings: AppSettings, catalog: Catalog, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        follow_labels(self)  # screen readers name fields after their labels
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
        self.trusted_box = TrustedSignersBox(settings.trusted_signer_paths())
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self._note)
        layout.addWidget(self.trusted_box)
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
        self.trusted_box.system_check.setChecked(self._settings.use_system_trust())

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
        self.trusted_box.retranslate_ui()
        language = current_language()
        selected = self.region_combo.currentData()
        self.region_combo.clear()
        for region in self._catalog.regions:
            self.region_combo.addItem(
                words.say(f"region.{region.id}", language), region.id
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
        self._settings.set_trusted_signer_paths(self.trusted_box.paths())
        self._settings.set_use_system_trust(self.trusted_box.system_check.isChecked())
        super().accept()
