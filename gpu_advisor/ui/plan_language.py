"""The plan's language, one visible choice in the export, print, preview and sign dialogs.

A PDF plan is written in a primary language and, optionally, a second one
beside it (:class:`~gpu_advisor.model.common.PlanLanguage`). Both lists offer
every language with a catalog (:func:`gpu_advisor.words.languages`), each
named in itself (``plan_language.self_name`` of its own catalog), so a
language added as a catalog folder shows up here without a code change.

:class:`PlanLanguagePicker` is the pair of lists; :class:`PlanOutputDialog`
asks for the language and the paper before File ▸ Export PDF…, Print… and
Print Preview…; the sign dialog holds a picker of its own. Each remembers
the choice per plan (:meth:`gpu_advisor.ui.settings.AppSettings.plan_language`),
and the first choice for a plan is the UI's language alone.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSignalBlocker
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.model.common import Language, PlanLanguage

__all__ = ["PlanLanguagePicker", "PlanOutputDialog", "language_name"]


def language_name(code: str) -> str:
    """A language's name in itself (``"English"``, ``"中文"``), from its own catalog."""
    return words.say("plan_language.self_name", code)


class PlanLanguagePicker(QWidget):
    """The plan's primary language and an optional second one, side by side.

    ``primary_combo`` lists every catalog language; ``second_combo`` lists
    "none" and every other one. :meth:`add_rows` puts both, with their
    labels, into a dialog's form.
    """

    def __init__(self, choice: PlanLanguage, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.primary_combo = QComboBox(self)
        self.second_combo = QComboBox(self)
        for code in words.languages():
            self.primary_combo.addItem(language_name(code), code)
        self.primary_label = QLabel(self)
        self.second_label = QLabel(self)
        self.primary_label.setBuddy(self.primary_combo)
        self.second_label.setBuddy(self.second_combo)
        self.primary_combo.currentIndexChanged.connect(self._fill_second)
        self.set_choice(choice)
        self.retranslate_ui()

    def add_rows(self, form: QFormLayout) -> None:
        """The two lists as rows of ``form``, each with its label."""
        form.addRow(self.primary_label, self.primary_combo)
        form.addRow(self.second_label, self.second_combo)

    def retranslate_ui(self) -> None:
        self.primary_label.setText(self.tr("Plan &language:"))
        self.second_label.setText(self.tr("&Second language, side by side:"))
        self.primary_combo.setAccessibleName(self.tr("Plan language"))
        self.second_combo.setAccessibleName(self.tr("Second language, side by side"))
        self.second_combo.setToolTip(
            self.tr(
                "The second language's pages beside the first's, on sheets twice "
                "as wide (A4 pages on A3, Letter on Tabloid)"
            )
        )
        if self.second_combo.count():
            self.second_combo.setItemText(0, self.tr("None"))

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _fill_second(self) -> None:
        """The second list: none, then every language but the primary one."""
        kept = self.second_combo.currentData()
        primary = self.primary_combo.currentData()
        with QSignalBlocker(self.second_combo):
            self.second_combo.clear()
            self.second_combo.addItem(self.tr("None"), "")
            for code in words.languages():
                if code != primary:
                    self.second_combo.addItem(language_name(code), code)
            index = self.second_combo.findData(kept) if kept else 0
            self.second_combo.setCurrentIndex(max(index, 0))

    def set_choice(self, choice: PlanLanguage) -> None:
        """Show ``choice`` (a language without a catalog leaves the list as it is)."""
        index = self.primary_combo.findData(choice.primary.value)
        if index >= 0:
            self.primary_combo.setCurrentIndex(index)
        self._fill_second()
        second = "" if choice.second is None else choice.second.value
        index = self.second_combo.findData(second)
        self.second_combo.setCurrentIndex(max(index, 0))

    def choice(self) -> PlanLanguage:
        """The language chosen, with the second one when there is one."""
        second = self.second_combo.currentData()
        return PlanLanguage(
            Language(str(self.primary_combo.currentData())),
            Language(str(second)) if second else None,
        )


class PlanOutputDialog(QDialog):
    """Which language (and paper) to write the plan in: before export, print, preview."""

    def __init__(
        self,
        title: str,
        choice: PlanLanguage,
        paper: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.picker = PlanLanguagePicker(choice, self)
        self.picker.hide()  # its lists and labels live in the form below
        self.paper_combo = QComboBox(self)
        self.paper_combo.addItem("", "a4")
        self.paper_combo.addItem("", "letter")
        self.paper_combo.setCurrentIndex(max(self.paper_combo.findData(paper), 0))
        self.paper_label = QLabel(self)
        self.paper_label.setBuddy(self.paper_combo)
        form = QFormLayout()
        self.picker.add_rows(form)
        form.addRow(self.paper_label, self.paper_combo)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel,
            self,
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.paper_label.setText(self.tr("&Paper:"))
        self.paper_combo.setItemText(0, self.tr("A4 paper"))
        self.paper_combo.setItemText(1, self.tr("US Letter paper"))
        self.paper_combo.setAccessibleName(self.tr("Paper"))

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def choice(self) -> PlanLanguage:
        """The plan language chosen."""
        return self.picker.choice()

    def paper(self) -> str:
        """``"a4"`` or ``"letter"``."""
        return str(self.paper_combo.currentData())

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        title: str,
        choice: PlanLanguage,
        paper: str,
    ) -> tuple[PlanLanguage, str] | None:
        """The language and paper the user chose, or None when cancelled."""
        dialog = cls(title, choice, paper, parent)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return None
            return dialog.choice(), dialog.paper()
        finally:
            dialog.deleteLater()
