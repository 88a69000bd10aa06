"""File ▸ Sign plan… and File ▸ Verify plan…: sign and check a plan without a terminal.

:class:`SignPlanDialog` asks for the PKCS#12 certificate, its password, the
signer's role and decision, the plan's language and where to save the signed
PDF. The signer's name is the certificate's: its subject's common name,
shown as soon as the certificate opens. The role offered first is the first
one of the plan's sign-off list still pending. Signing records the decision
in the plan first (that role's sign-off row gets the name, decision and
date; the plan is approved once every role has approved:
:func:`gpu_advisor.report.plan.signoff.with_approval`), renders and signs
that plan, and, once the PDF is written, puts the recorded plan and a signing
record (:mod:`gpu_advisor.io.signing_records`: who, when, the file name, the
fingerprint and the inputs as signed) into the project as one undoable step,
so the saved project regenerates the signed plan (``verify``) and can later
say what changed since.
:class:`VerifyPlanDialog` runs the CLI's verification
(:func:`gpu_advisor.report.verify.verify_plan` with the open project) and
shows every signer with their verdict, whether the document changed, whether
its pages are what the open project gives, and why a signer is not trusted. Both go through
:mod:`gpu_advisor.ui.plan_signing`.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from gpu_advisor import __version__, words
from gpu_advisor.io.signing_records import signing_record, with_signing_record
from gpu_advisor.model.project import Decision, Project, SigningRecord
from gpu_advisor.report.plan.signoff import pending_roles
from gpu_advisor.report.text import role_text
from gpu_advisor.ui.export import ExportSettings
from gpu_advisor.ui.i18n import current_language
from gpu_advisor.ui.plan_language import PlanLanguagePicker
from gpu_advisor.ui.plan_signing import (
    PlanSigningError,
    SignatureInfo,
    approved_plan,
    certificate_name,
    sign_plan,
    verify_signed_plan,
)
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.settings import AppSettings

_NAME_CHARS = 200
"""Longest signer name and role a signing record keeps."""


def _path_row(edit: QLineEdit, button: QPushButton) -> QWidget:
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(edit, 1)
    layout.addWidget(button)
    return row


class SignPlanDialog(QDialog):
    """Sign the open plan with a PKCS#12 certificate."""

    def __init__(
        self,
        session: ProjectSession,
        parent: QWidget | None = None,
        *,
        default_folder: Path | None = None,
        settings: AppSettings | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._settings = settings if settings is not None else AppSettings()
        self._plan_key = ExportSettings.plan_key(session.project, session.path)
        self.signed_path: Path | None = None
        self.record: SigningRecord | None = None
        """The signing record added to the project after a successful signing."""
        self.show_messages = True
        """False in tests: errors go to :attr:`error` only."""
        self.error = ""
        self.setWindowTitle(self.tr("Sign Plan"))
        project = session.project
        folder = default_folder or (
            session.path.parent if session.path is not None else Path.home()
        )

        form = self._build_form(project, folder)
        buttons = self._build_buttons()
        intro = QLabel(
            self.tr(
                "Your decision is recorded in your role's sign-off row, with the "
                "name your certificate gives and today's date; the plan is "
                "rendered with it and signed with the key in the certificate "
                "file. Once every role has approved, the plan is no longer a draft."
            )
        )
        intro.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def _build_form(self, project: Project, folder: Path) -> QFormLayout:
        """Certificate, password, signer, role, decision, language and where to save."""
        self.certificate_edit = QLineEdit()
        browse_cert = QPushButton(self.tr("&Browse…"))
        browse_cert.clicked.connect(self._choose_certificate)
        self.password_edit = QLineEdit()
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.name_edit = QLineEdit()
        self.name_edit.setReadOnly(True)  # the certificate's name, never typed
        self.name_edit.setPlaceholderText(self.tr("from the certificate"))
        self.certificate_edit.editingFinished.connect(self._read_name)
        self.password_edit.editingFinished.connect(self._read_name)
        self._build_role_combo(project)
        self._build_decision_combo()
        self.language_picker = PlanLanguagePicker(
            self._settings.plan_language(self._plan_key, current_language()), self
        )
        self.language_picker.hide()  # its lists sit in the form below
        stem = "".join(
            c if c.isalnum() or c in " -_" else "_" for c in project.meta.title
        ).strip()
        self.output_edit = QLineEdit(str(folder / f"{stem or 'plan'}-signed.pdf"))
        browse_out = QPushButton(self.tr("Br&owse…"))
        browse_out.clicked.connect(self._choose_output)

        form = QFormLayout()
        form.addRow(
            self.tr("&Certificate (PKCS#12):"),
            _path_row(self.certificate_edit, browse_cert),
        )
        form.addRow(self.tr("&Password:"), self.password_edit)
        form.addRow(self.tr("Signer's &name:"), self.name_edit)
        form.addRow(self.tr("&Role:"), self.role_combo)
        form.addRow(self.tr("&Decision:"), self.decision_combo)
        self.language_picker.add_rows(form)
        form.addRow(
            self.tr("Save signed plan &as:"), _path_row(self.output_edit, browse_out)
        )
        for label in self.findChildren(QLabel):
            label.setTextFormat(Qt.TextFormat.PlainText)
        return form

    def _build_role_combo(self, project: Project) -> None:
        """The plan's sign-off roles (editable), the first one still pending chosen."""
        self.role_combo = QComboBox()
        self.role_combo.setEditable(True)
        line = self.role_combo.lineEdit()
        if line is not None:
            line.setMaxLength(_NAME_CHARS)
        ui_lang = current_language()
        for row in project.signoff:
            self.role_combo.addItem(role_text(row.role, ui_lang), row.role)
        pending = pending_roles(project)
        first = self.role_combo.findData(pending[0]) if pending else 0
        self.role_combo.setCurrentIndex(max(first, 0))

    def _build_decision_combo(self) -> None:
        """Approve (chosen), approve with conditions, reject: the PDF's words."""
        self.decision_combo = QComboBox()
        ui_lang = current_language()
        for decision in (
            Decision.APPROVE,
            Decision.APPROVE_WITH_CONDITIONS,
            Decision.REJECT,
        ):
            text = words.say(f"report.dec.{decision.value}", ui_lang)
            self.decision_combo.addItem(text[:1].upper() + text[1:], decision)

    def decision(self) -> Decision:
        """The decision chosen."""
        return Decision(self.decision_combo.currentData())

    def _read_name(self) -> str | None:
        """The certificate's name, shown in the name field; None while it cannot
        be read (no file yet, or the password not typed)."""
        path = self.certificate_edit.text().strip()
        if not path:
            return None
        try:
            name = certificate_name(Path(path), self.password_edit.text())
        except PlanSigningError:
            self.name_edit.clear()
            return None
        self.name_edit.setText(name)
        return name

    def _build_buttons(self) -> QDialogButtonBox:
        """Sign and Cancel."""
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("&Sign"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        return buttons

    def role(self) -> str:
        """The role as stored (the default roles in English)."""
        text = self.role_combo.currentText().strip()
        index = self.role_combo.findText(text)
        data = self.role_combo.itemData(index) if index >= 0 else None
        return str(data) if data else text

    def _choose_certificate(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Choose a Certificate"),
            self.certificate_edit.text(),
            self.tr("PKCS#12 certificates (*.p12 *.pfx);;All files (*)"),
        )
        if name:
            self.certificate_edit.setText(name)
            self._read_name()

    def _choose_output(self) -> None:
        name, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Save Signed Plan"),
            self.output_edit.text(),
            self.tr("PDF (*.pdf)"),
        )
        if name:
            self.output_edit.setText(name)

    @override
    def accept(self) -> None:
        """Record the decision, sign, and record the signing; stay open with the
        reason when it fails."""
        output = Path(self.output_edit.text().strip())
        if output.suffix.lower() != ".pdf":
            output = output.with_name(output.name + ".pdf")
        p12 = Path(self.certificate_edit.text().strip())
        language = self.language_picker.choice()
        today = dt.date.today()
        try:
            name = certificate_name(p12, self.password_edit.text())
            self.name_edit.setText(name)
            project = approved_plan(
                self._session.project,
                signer_name=name,
                signer_role=self.role(),
                decision=self.decision(),
                today=today,
            )
            self.signed_path = sign_plan(
                project,
                self._session.catalog,
                p12_path=p12,
                password=self.password_edit.text(),
                signer_name=name,
                signer_role=self.role(),
                output=output,
                language=language,
                today=today,
            )
        except PlanSigningError as exc:
            self.error = str(exc)
            if self.show_messages:
                QMessageBox.warning(
                    self,
                    self.tr("Sign Plan"),
                    self.tr("The plan was not signed:\n\n%1").replace("%1", str(exc)),
                )
            return
        self.error = ""
        self._settings.set_plan_language(self._plan_key, language)
        # the record covers exactly the project rendered and signed above
        self.record = signing_record(
            project,
            signer_name=name,
            signer_role=self.role(),
            pdf=self.signed_path,
            app_version=__version__,
        )
        self._session.replace_project(
            with_signing_record(project, self.record), self.tr("Record Signing")
        )
        super().accept()


class VerifyPlanDialog(QDialog):
    """Every signer of a plan with their verdict, whether anything changed, whether
    it is the plan the open project gives: the CLI's ``verify``, in a window.

    :func:`~gpu_advisor.ui.plan_signing.verify_signed_plan` runs the same
    :func:`~gpu_advisor.report.verify.verify_plan` as ``gpu-advisor-cli
    verify PLAN.pdf PROJECT`` (the open project, saved or not), so a PDF
    whose pages show another plan fails here too, and each signer is listed
    with its trust verdict and cause (words in the app's language).
    """

    def __init__(
        self, session: ProjectSession, pdf_path: Path, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Verify Plan"))
        # a signer's line and its cause are long: room for them beside the captions
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 120)
        self.pdf_path = pdf_path
        self.info: SignatureInfo | None = None
        self.error = ""
        form = QFormLayout()
        self._form = form
        self.labels: dict[str, QLabel] = {}
        rows = (
            ("file", self.tr("Plan:")),
            ("verdict", self.tr("Result:")),
            ("signers", self.tr("Signed by:")),
            ("document", self.tr("Document changed since signing:")),
            ("project", self.tr("Matches the open project:")),
            ("trusted", self.tr("Certificate trusted:")),
            ("details", self.tr("Details:")),
        )
        for key, caption in rows:
            label = QLabel()
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            self.labels[key] = label
            form.addRow(caption, label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addStretch(1)
        layout.addWidget(buttons)
        self.labels["file"].setText(pdf_path.name)
        language = words.language_code(current_language())
        try:
            with _busy():
                self.info = verify_signed_plan(pdf_path, session.project, language)
        except PlanSigningError as exc:
            self.error = str(exc)
            self.labels["verdict"].setText(
                self.tr("Cannot check this file: %1").replace("%1", str(exc))
            )
            return
        self._show(self.info)

    @property
    def intact_and_matching(self) -> bool:
        """Signed, unchanged since, and made from the open project (trust aside)."""
        info = self.info
        return bool(
            info is not None and info.signed and info.intact and info.matches_project
        )

    @property
    def verified(self) -> bool:
        """Intact, made from the open project, and every signer trusted."""
        return self.intact_and_matching and bool(self.info and self.info.trusted)

    def _verdict(self, info: SignatureInfo) -> str:
        if self.verified:
            return self.tr(
                "Verified: signed by a trusted signer, unchanged, and made from "
                "this project."
            )
        if self.intact_and_matching:
            return self.tr(
                "Intact but not trusted: unchanged and made from this project, "
                "but the signer is not in your trusted signers (Edit ▸ Preferences)."
            )
        if not info.signed:
            return self.tr("Not verified: the plan is not signed.")
        if info.certificate_problem:
            return self.tr(
                "Not verified: a signer's certificate is expired, not yet valid "
                "or not meant for signing (see Signed by)."
            )
        if not info.intact:
            return self.tr(
                "Not verified: the document is not the plan as written and signed "
                "(see Details)."
            )
        if info.matches_project is False:
            return self.tr(
                "Not verified: the plan was not made from the project as it is now."
            )
        return self.tr("Not verified (see Details).")

    def _show(self, info: SignatureInfo) -> None:
        yes, no, unknown = self.tr("yes"), self.tr("no"), self.tr("unknown")
        self.labels["verdict"].setText(self._verdict(info))
        self.labels["signers"].setText(
            "\n".join(signer.line() for signer in info.signers) or "—"
        )
        self.labels["document"].setText(
            (no if info.intact or info.certificate_problem else yes)
            if info.signed
            else unknown
        )
        self.labels["project"].setText(
            unknown
            if info.matches_project is None
            else yes
            if info.matches_project
            else no
        )
        if info.trusted:
            self.labels["trusted"].setText(yes)
        else:
            self.labels["trusted"].setText(
                self.tr("no — %1").replace("%1", self._trust_reason(info))
            )
        self.labels["details"].setText(info.reason)
        # OK and "intact but not trusted" are said in full by the rows above
        self._form.setRowVisible(
            self.labels["details"], not (self.intact_and_matching or self.verified)
        )

    def _trust_reason(self, info: SignatureInfo) -> str:
        if not info.signed:
            return self.tr("the plan is not signed")
        if info.trust_reason == "empty":
            return self.tr(
                "no trusted signers yet: add the signer's certificate in "
                "Edit ▸ Preferences"
            )
        return info.trust_reason

    def text(self) -> str:
        """Everything the dialog shows, one line per row (tests, copy)."""
        return "\n".join(label.text() for label in self.labels.values())


@contextlib.contextmanager
def _busy() -> Iterator[None]:
    """A wait cursor while the plan is regenerated and compared (about a second)."""
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        yield
    finally:
        QApplication.restoreOverrideCursor()
