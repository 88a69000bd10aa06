"""The start page: what the window shows before a plan is chosen.

Three ways in, in the UI language: a new plan, a plan opened from a file
(the recent ones listed), or one of the example plans (listed by their
translated titles, :mod:`gpu_advisor.ui.examples`). The page decides
nothing: it emits what was chosen and the main window does it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from gpu_advisor.model.project import Project
from gpu_advisor.ui.examples import example_files, example_summary, example_title
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.wizard import AdvisorWizard, PageId

_PATH_ROLE = Qt.ItemDataRole.UserRole


class StartPage(QWidget):
    """New plan, open a plan or a recent one, or start from an example.

    Signals
    -------
    new_requested()
        "New plan" was chosen.
    open_requested()
        "Open a plan…" was chosen (the window asks for the file).
    example_chosen(Path)
        An example, to open as a new unsaved plan.
    recent_chosen(Path)
        A recently used plan file.
    """

    new_requested = Signal()
    open_requested = Signal()
    example_chosen = Signal(object)
    recent_chosen = Signal(object)

    def __init__(self, recent: list[Path], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startPage")
        self._recent = list(recent)
        self.heading = QLabel()
        font = QFont(self.heading.font())
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.heading.setFont(font)
        self.intro = QLabel(wordWrap=True)
        self.new_button = QPushButton()
        self.open_button = QPushButton()
        self.new_button.clicked.connect(self.new_requested)
        self.open_button.clicked.connect(self.open_requested)
        self.examples_label = QLabel()
        self.examples_list = QListWidget()
        self.examples_list.setObjectName("startExamples")
        self.examples_list.setWordWrap(True)
        self.examples_list.setSpacing(6)
        self.example_button = QPushButton()
        self.recent_label = QLabel()
        self.recent_list = QListWidget()
        self.recent_list.setObjectName("startRecent")
        self.recent_button = QPushButton()
        self.examples_label.setBuddy(self.examples_list)
        self.recent_label.setBuddy(self.recent_list)
        for path in example_files():
            item = QListWidgetItem()
            item.setData(_PATH_ROLE, str(path))
            self.examples_list.addItem(item)
        self.set_recent(recent)
        self.examples_list.itemActivated.connect(self._on_example_activated)
        self.recent_list.itemActivated.connect(self._on_recent_activated)
        self.example_button.clicked.connect(self._open_current_example)
        self.recent_button.clicked.connect(self._open_current_recent)
        self._lay_out()
        self.retranslate_ui()

    def _lay_out(self) -> None:
        buttons = QHBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.open_button)
        buttons.addStretch(1)
        lists = QGridLayout()
        lists.addWidget(self.examples_label, 0, 0)
        lists.addWidget(self.recent_label, 0, 1)
        lists.addWidget(self.examples_list, 1, 0)
        lists.addWidget(self.recent_list, 1, 1)
        lists.addWidget(self.example_button, 2, 0, Qt.AlignmentFlag.AlignLeft)
        lists.addWidget(self.recent_button, 2, 1, Qt.AlignmentFlag.AlignLeft)
        lists.setColumnStretch(0, 3)
        lists.setColumnStretch(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(32, 24, 32, 24)
        layout.addWidget(self.heading)
        layout.addWidget(self.intro)
        layout.addSpacing(8)
        layout.addLayout(buttons)
        layout.addSpacing(16)
        layout.addLayout(lists, 1)

    def set_recent(self, recent: list[Path]) -> None:
        """Show these recently used plan files (newest first)."""
        self._recent = list(recent)
        self.recent_list.clear()
        for path in self._recent:
            item = QListWidgetItem(path.name)
            item.setToolTip(str(path))
            item.setData(_PATH_ROLE, str(path))
            self.recent_list.addItem(item)
        if self._recent:
            self.recent_list.setCurrentRow(0)
        self.recent_button.setEnabled(bool(self._recent))
        self.recent_list.setEnabled(bool(self._recent))

    def retranslate_ui(self) -> None:
        self.heading.setText(self.tr("Plan GPU capacity"))
        self.intro.setText(
            self.tr(
                "Start a new plan, open one you saved, or look at an example first: "
                "each example is a complete plan, from the workload to the sign-off."
            )
        )
        self.new_button.setText(self.tr("New &plan"))
        self.open_button.setText(self.tr("&Open a plan…"))
        self.examples_label.setText(self.tr("Exa&mples"))
        self.example_button.setText(self.tr("Start from this e&xample"))
        self.recent_label.setText(self.tr("Re&cent plans"))
        self.recent_button.setText(self.tr("Open the &recent plan"))
        for row in range(self.examples_list.count()):
            item = self.examples_list.item(row)
            path = Path(str(item.data(_PATH_ROLE)))
            summary = example_summary(path)
            title = example_title(path)
            item.setText(f"{title}\n{summary}" if summary else title)
            item.setToolTip(summary or title)
        if self.examples_list.currentRow() < 0 and self.examples_list.count():
            self.examples_list.setCurrentRow(0)
        if not self._recent:
            self.recent_list.clear()
            self.recent_list.addItem(self.tr("No plan opened yet"))
        self.examples_list.setAccessibleName(self.tr("Example plans"))
        self.recent_list.setAccessibleName(self.tr("Recently used plans"))

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _on_example_activated(self, item: QListWidgetItem) -> None:
        self.example_chosen.emit(Path(str(item.data(_PATH_ROLE))))

    def _on_recent_activated(self, item: QListWidgetItem) -> None:
        if item.data(_PATH_ROLE):
            self.recent_chosen.emit(Path(str(item.data(_PATH_ROLE))))

    def _open_current_example(self) -> None:
        item = self.examples_list.currentItem()
        if item is not None:
            self._on_example_activated(item)

    def _open_current_recent(self) -> None:
        item = self.recent_list.currentItem()
        if item is not None:
            self._on_recent_activated(item)


class RecommendationGate(QObject):
    """Whether the window may show a recommendation for the plan yet.

    A new, untitled plan holds default inputs that nobody entered: a
    recommendation for them would be advice about nothing. The gate opens
    once the workload or the demand was edited, or the user went on from the
    workload step with Next (confirming what it shows). A plan opened from a
    file, an example or a recovered autosave opens it at once.

    Signals
    -------
    opened()
        The gate just opened.
    """

    opened = Signal()

    def __init__(
        self,
        session: ProjectSession,
        wizard: AdvisorWizard,
        *,
        untitled: bool,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent or session)
        self._session = session
        self._wizard = wizard
        self._step = wizard.currentId()
        self.open = not untitled
        self._inputs = self._inputs_of(session.project)
        session.project_changed.connect(self._on_project_changed)
        wizard.currentIdChanged.connect(self._on_step)

    @staticmethod
    def _inputs_of(project: Project) -> tuple[object, object]:
        return (project.workload, project.demand)

    def reset(self, *, untitled: bool) -> None:
        """Another plan: closed for an untitled one, open for any other."""
        self._inputs = self._inputs_of(self._session.project)
        was_open, self.open = self.open, not untitled
        if self.open and not was_open:
            self.opened.emit()

    def _open(self) -> None:
        if not self.open:
            self.open = True
            self.opened.emit()

    def _on_project_changed(self, project: Project) -> None:
        if not self.open and self._inputs_of(project) != self._inputs:
            self._open()

    def _on_step(self, page_id: int) -> None:
        previous, self._step = self._step, page_id
        if (
            not self._wizard.jumping
            and previous == PageId.WORKLOAD
            and page_id > PageId.WORKLOAD
        ):
            self._open()


__all__ = ["RecommendationGate", "StartPage"]
