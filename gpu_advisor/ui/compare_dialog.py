"""File ▸ Compare With: what differs between the open plan and a saved or signed one.

The differences are the engine's :class:`~gpu_advisor.model.diff_results.PlanDiff`
(:func:`gpu_advisor.engine.diff.diff_plans`, as ``gpu-advisor-cli diff``
prints it): every changed input with its old and new value and every result
that moved with the size of the move, in the reader's words and number format
(:mod:`gpu_advisor.report.change_text`: the glossary's names, units, the
reader's currency, "default (value, source)" for a field left empty). The
plan file path of a row is only its tooltip, for engineers.

The other plan is a saved file or a version signed in the app (the snapshot
a :class:`~gpu_advisor.model.project.SigningRecord` holds). When the open
plan's inputs differ from the version last signed, :class:`SignedChangesNotice`
in the status bar says so, with the comparison one click away
(:func:`gpu_advisor.engine.diff.changed_since_signed`); it disappears once
the plan is edited back to the signed inputs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.engine.diff import EqualParts, changed_since_signed, diff_plans
from gpu_advisor.io.project_file import ProjectFileError, load_project
from gpu_advisor.model.common import InputRef
from gpu_advisor.model.diff_results import InputChange, PlanDiff
from gpu_advisor.model.project import Project, SigningRecord
from gpu_advisor.report.change_text import (
    default_words,
    exact_words,
    result_words,
    value_words,
)
from gpu_advisor.report.formulas import catalog_names
from gpu_advisor.report.glossary import field_name
from gpu_advisor.report.text import role_text
from gpu_advisor.ui.accessibility import follow_labels
from gpu_advisor.ui.i18n import current_language, fill
from gpu_advisor.ui.session import ProjectSession

Other = Path | SigningRecord
"""What the open plan is compared with: a saved file or a signed version."""


def signed_date(record: SigningRecord) -> str:
    """The signing date in the computer's time zone (``YYYY-MM-DD``)."""
    return record.signed_at.astimezone().strftime("%Y-%m-%d")


def signed_time(record: SigningRecord) -> str:
    """The signing time in the computer's time zone (``YYYY-MM-DD HH:MM``)."""
    return record.signed_at.astimezone().strftime("%Y-%m-%d %H:%M")


def signer_text(record: SigningRecord) -> str:
    """The signer's name, with the role (translated) in brackets when there is one."""
    role = role_text(record.signer_role, current_language())
    if not role:
        return record.signer_name
    return record.signer_name + words.say("words.aside", current_language(), x=role)


@dataclass(frozen=True)
class Sides:
    """What the dialog words the changes with, for the plan before and after.

    The plan files' data name list items (a vendor by its name), the
    evaluations' budget defaults say what a field left empty stood for, and
    ``names`` gives catalog ids (GPUs, networks) their model names.
    """

    old_data: Mapping[str, Any] = field(default_factory=dict)
    new_data: Mapping[str, Any] = field(default_factory=dict)
    old_defaults: Mapping[str, InputRef] = field(default_factory=dict)
    new_defaults: Mapping[str, InputRef] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)


def _change_value(
    change: InputChange, before: bool, sides: Sides, language: str
) -> str:
    """One side of an input change in the reader's words."""
    missing = change.added if before else change.removed
    if missing:
        return "—"
    value = change.old if before else change.new
    if value is None:
        defaults = sides.old_defaults if before else sides.new_defaults
        return default_words(change.path, language, defaults, sides.names)
    return value_words(change.path, value, language, sides.names)


def input_rows(diff: PlanDiff, sides: Sides, language: str) -> list[Row]:
    """The changed inputs as rows: name, before, after (the path as a tooltip)."""
    rows: list[Row] = []
    for change in diff.inputs:
        data = sides.old_data if change.removed else sides.new_data
        before = _change_value(change, True, sides, language)
        after = _change_value(change, False, sides, language)
        if before == after and _numbers(change.old, change.new):
            # two figures that differ past the digits shown: every digit
            before, after = (
                exact_words(change.path, float(str(v)), language, sides.names)
                for v in (change.old, change.new)
            )
        rows.append(
            Row(
                cells=(field_name(change.path, language, data), before, after),
                tip=change.path,
            )
        )
    return rows


def _numbers(*values: object) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)


def result_rows(diff: PlanDiff, sides: Sides, language: str) -> list[Row]:
    """The results that moved as rows: name, before, after, the size of the move."""
    return [
        Row(
            cells=(
                words.text(r.label, language),
                *result_words(r, language, sides.names),
            ),
            tip=r.key,
        )
        for r in diff.results
    ]


@dataclass(frozen=True)
class Row:
    """One row of a table: its cells and the internal key, for engineers (tooltip)."""

    cells: tuple[str, ...]
    tip: str = ""


def _table(title: str, header: tuple[str, ...], rows: Sequence[Row]) -> str:
    cells = "".join(f"<th align='left'>{escape(h)}</th>" for h in header)
    body = "".join(
        f"<tr title='{escape(row.tip, quote=True)}'>"
        + "".join(f"<td>{escape(v)}</td>" for v in row.cells)
        + "</tr>"
        for row in rows
    )
    return (
        f"<h3>{escape(title)}</h3><table cellpadding='3'><tr>{cells}</tr>{body}</table>"
    )


class CompareDialog(QDialog):
    """The differences between two plans, inputs first, then the results.

    ``other`` is the saved file or the signing record the open plan was
    compared with (it names the window and the "before" column).
    """

    def __init__(
        self,
        diff: PlanDiff,
        other: Other,
        parent: QWidget | None = None,
        sides: Sides | None = None,
    ):
        super().__init__(parent)
        follow_labels(self)  # screen readers name fields after their labels
        self.diff = diff
        self.sides = sides or Sides()
        self._other = other
        self.view = QTextBrowser()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view)
        layout.addWidget(buttons)
        self.resize(820, 560)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        other = self._other
        if isinstance(other, SigningRecord):
            title = fill(
                self.tr("Compared with the version signed on %1 by %2"),
                signed_time(other),
                signer_text(other),
            )
        else:
            title = fill(self.tr("Compared with %1"), other.name)
        self.setWindowTitle(title)
        self.view.setAccessibleName(title)  # a screen reader names the list of changes
        self.view.setHtml(self.html())

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def html(self) -> str:
        """The diff as two tables (saved plan → open plan)."""
        diff = self.diff
        if diff.empty:
            return "<p>" + escape(self.tr("The two plans are the same.")) + "</p>"
        language = current_language()
        saved = (
            self.tr("Signed version")
            if isinstance(self._other, SigningRecord)
            else self.tr("Saved plan")
        )
        open_ = self.tr("Open plan")
        inputs_title = fill(self.tr("Inputs changed (%1)"), str(len(diff.inputs)))
        results_title = fill(self.tr("Results that moved (%1)"), str(len(diff.results)))
        language_code = language.value
        return _table(
            inputs_title,
            (self.tr("Input"), saved, open_),
            input_rows(diff, self.sides, language_code),
        ) + _table(
            results_title,
            (self.tr("Result"), saved, open_, self.tr("Change")),
            result_rows(diff, self.sides, language_code),
        )


def compare_plans(
    session: ProjectSession, other: Path | Project
) -> tuple[PlanDiff, Sides]:
    """The diff from ``other`` (a saved file or a plan) to the open plan (engine
    numbers), and what words it (:class:`Sides`).

    Raises
    ------
    ProjectFileError
        When ``other`` is a file that cannot be loaded.
    """
    from gpu_advisor.engine.evaluate import evaluate_plan  # deferred: cold start

    saved = load_project(other) if isinstance(other, Path) else other
    old_ev = evaluate_plan(saved, session.catalog, monte_carlo=False)
    new_ev = session.evaluation
    sides = Sides(
        old_data=saved.model_dump(mode="json"),
        new_data=session.project.model_dump(mode="json"),
        old_defaults=old_ev.budget_defaults,
        new_defaults=new_ev.budget_defaults,
        names=catalog_names(session.catalog),
    )
    return diff_plans(saved, session.project, old_ev, new_ev), sides


class SignedChangesNotice(QWidget):
    """The status bar's "Changed since signed on … by …" and its *Show Changes…* button.

    Hidden while the plan is unsigned or its inputs are those last signed.
    The texts are set by :class:`CompareController`.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("signedChangesNotice")
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.button = QPushButton()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.button)
        self.record: SigningRecord | None = None
        """The signing the plan changed since; None while the notice is hidden."""
        self.setVisible(False)


class CompareController(QObject):
    """Owns File ▸ Compare With (a saved plan, a signed version) and the notice.

    Attributes
    ----------
    menu : QMenu
        File ▸ Compare With: *Saved Plan…* (:attr:`action`), then every version
        signed in the app, newest first.
    notice : SignedChangesNotice
        For the main window's status bar.
    """

    def __init__(self, session: ProjectSession, window: QWidget) -> None:
        super().__init__(window)
        self._session = session
        self._window = window
        self.menu = QMenu(window)
        self.menu.aboutToShow.connect(self.fill_menu)
        self.action = QAction(window)
        self.action.triggered.connect(self.ask)
        self.signed_actions: list[QAction] = []
        self.dialog: CompareDialog | None = None
        self._equal_parts = EqualParts()
        self.notice = SignedChangesNotice()
        self.notice.button.clicked.connect(self.show_changes_since_signed)
        session.project_changed.connect(self.update_notice)
        window.installEventFilter(self)
        self.retranslate_ui()  # fills the menu and the notice

    def retranslate_ui(self) -> None:
        self.menu.setTitle(self.tr("Co&mpare With"))
        self.action.setText(self.tr("&Saved Plan…"))
        self.action.setStatusTip(
            self.tr("Show what differs between this plan and a saved one")
        )
        self.notice.button.setText(self.tr("Show C&hanges…"))
        self.notice.button.setToolTip(
            self.tr("Compare the plan with the version that was signed")
        )
        self.fill_menu()
        self.update_notice()

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        return False

    # --- the menu ------------------------------------------------------------

    def fill_menu(self) -> None:
        """*Saved Plan…*, then one entry per signed version (newest first)."""
        self.menu.clear()
        self.menu.addAction(self.action)
        self.menu.addSeparator()
        records = list(reversed(self._session.project.signing_records))
        self.signed_actions = []
        if not records:
            empty = self.menu.addAction(self.tr("No signed version yet"))
            empty.setEnabled(False)
            self.signed_actions.append(empty)
            return
        for index, record in enumerate(records):
            template = (
                self.tr("Version &Signed on %1 by %2")
                if index == 0
                else self.tr("Version signed on %1 by %2")
            )
            action = self.menu.addAction(
                fill(template, signed_time(record), signer_text(record))
            )
            action.setStatusTip(
                fill(
                    self.tr("Signed as %1; plan fingerprint %2"),
                    record.pdf_file,
                    record.fingerprint,
                )
            )
            action.setData(index)
            action.triggered.connect(
                lambda _checked=False, r=record: self.compare_with_signed(r)
            )
            self.signed_actions.append(action)

    # --- the notice ----------------------------------------------------------

    def update_notice(self, _project: object = None) -> None:
        """Show the notice when the inputs differ from the version last signed."""
        record = changed_since_signed(self._session.project, self._equal_parts)
        notice = self.notice
        notice.record = record
        if record is None:
            notice.setVisible(False)
            notice.label.clear()
            return
        notice.label.setText(
            fill(
                self.tr("Changed since signed on %1 by %2"),
                signed_date(record),
                record.signer_name,
            )
        )
        notice.label.setToolTip(
            fill(
                self.tr(
                    "The plan's inputs differ from the version %1 signed on %2 "
                    "(plan fingerprint %3). Sign again to record the new version."
                ),
                signer_text(record),
                signed_time(record),
                record.fingerprint[:16] + "…",
            )
        )
        notice.setVisible(True)

    def show_changes_since_signed(self) -> CompareDialog | None:
        """*Show Changes…*: the plan against the version last signed."""
        record = changed_since_signed(self._session.project, self._equal_parts)
        if record is None:
            return None
        return self.compare_with_signed(record)

    def compare_with_signed(self, record: SigningRecord) -> CompareDialog:
        """Show the differences between a signed version and the open plan."""
        diff, sides = compare_plans(self._session, record.inputs)
        return self._show(CompareDialog(diff, record, self._window, sides))

    def _show(self, dialog: CompareDialog) -> CompareDialog:
        self.dialog = dialog
        dialog.show()
        return dialog

    # --- a saved plan ----------------------------------------------------------

    def ask(self) -> None:
        """Pick a saved plan and show the differences."""
        name, _filter = QFileDialog.getOpenFileName(
            self._window,
            self.tr("Compare With Plan"),
            "",
            self.tr("GPU plans (*.gpuplan);;All files (*)"),
        )
        if name:
            self.compare_with(Path(name))

    def compare_with(self, path: Path) -> CompareDialog | None:
        """Show the differences between ``path`` and the open plan."""
        try:
            diff, sides = compare_plans(self._session, path)
        except ProjectFileError as exc:
            QMessageBox.critical(
                self._window,
                self.tr("Compare With Plan"),
                exc.message(current_language().value),
            )
            return None
        return self._show(CompareDialog(diff, path, self._window, sides))
