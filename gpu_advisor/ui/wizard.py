"""The wizard frame: page ids, :class:`AdvisorWizard` and the side list of steps.

The pages themselves live in ``gpu_advisor/ui/pages/``; until a page exists,
:class:`PlaceholderPage` holds its place so that navigation, the step list
and the page ids are already final.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QStyle,
    QWidget,
    QWizard,
    QWizardPage,
)
from typing_extensions import override

from gpu_advisor.ui.pages.project_page import ProjectPage
from gpu_advisor.ui.session import ProjectSession


class PageId(IntEnum):
    """The wizard's steps, in order (DESIGN.md, "The flow")."""

    PROJECT = 0
    WORKLOAD = 1
    BUDGET = 2
    VENDORS = 3
    ENVIRONMENT = 4
    MONITORING = 5
    CHECKLIST = 6
    REVIEW = 7


def step_title(page_id: PageId) -> str:
    """The translated short title of a step (wizard page title and side list)."""
    translate = QCoreApplication.translate
    titles = {
        PageId.PROJECT: translate("AdvisorWizard", "Project"),
        PageId.WORKLOAD: translate("AdvisorWizard", "Size the workload"),
        PageId.BUDGET: translate("AdvisorWizard", "Budget"),
        PageId.VENDORS: translate("AdvisorWizard", "Vendor tests"),
        PageId.ENVIRONMENT: translate("AdvisorWizard", "Environment"),
        PageId.MONITORING: translate("AdvisorWizard", "Monitoring"),
        PageId.CHECKLIST: translate("AdvisorWizard", "Site and contract checklist"),
        PageId.REVIEW: translate("AdvisorWizard", "Review and sign-off"),
    }
    return titles[page_id]


class PlaceholderPage(QWizardPage):
    """A step whose page is not written yet: title and a short note."""

    def __init__(self, page_id: PageId, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.page_id = page_id
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.setTitle(step_title(self.page_id))
        # A subtitle, as on the real pages, keeps the header the same on every step.
        self.setSubTitle(
            self.tr("This step arrives in a later version of GPU Advisor.")
        )

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


def _page_factories() -> dict[PageId, Callable[[ProjectSession], QWizardPage]]:
    """The page class of each step after the first.

    Imported here rather than at module level: the pages pull in pyqtgraph,
    which the window only needs once the wizard is built.
    """
    from gpu_advisor.ui.pages.budget_page import BudgetPage
    from gpu_advisor.ui.pages.checklist_page import ChecklistPage
    from gpu_advisor.ui.pages.environment_page import EnvironmentPage
    from gpu_advisor.ui.pages.monitoring_page import MonitoringPage
    from gpu_advisor.ui.pages.review_page import ReviewPage
    from gpu_advisor.ui.pages.vendors_page import VendorsPage
    from gpu_advisor.ui.pages.workload_page import WorkloadPage

    return {
        PageId.WORKLOAD: WorkloadPage,
        PageId.BUDGET: BudgetPage,
        PageId.VENDORS: VendorsPage,
        PageId.ENVIRONMENT: EnvironmentPage,
        PageId.MONITORING: MonitoringPage,
        PageId.CHECKLIST: ChecklistPage,
        PageId.REVIEW: ReviewPage,
    }


class AdvisorWizard(QWizard):
    """The eight steps of a plan, embedded in the main window.

    The wizard never closes itself: Finish and Escape are ignored, since the
    main window owns the project's life cycle.
    """

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoCancelButton, True)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QWizard.WizardOption.HaveFinishButtonOnEarlyPages, False)
        # No Finish button: the plan is never "finished" inside the window; the
        # review step ends with Export PDF, and the window owns the project.
        button = QWizard.WizardButton
        self.setButtonLayout([button.Stretch, button.BackButton, button.NextButton])
        self.project_page = ProjectPage(session)
        self.setPage(PageId.PROJECT, self.project_page)
        for page_id, factory in _page_factories().items():
            self.setPage(page_id, factory(session))
        for page_id in PageId:
            if self.page(page_id) is None:
                self.setPage(page_id, PlaceholderPage(page_id))
        self.setStartId(PageId.PROJECT)

    def page_for(self, page_id: PageId) -> QWizardPage:
        """The page of a step (typed access for the window and the tests)."""
        page = self.page(page_id)
        assert page is not None
        return page

    def current_page_id(self) -> PageId:
        return PageId(self.currentId())

    def go_to(self, page_id: PageId) -> None:
        """Jump to any step, going forward or back through the pages between."""
        if self.currentId() == -1:
            self.restart()
        guard = len(PageId) * 2
        while self.currentId() != page_id and guard > 0:
            guard -= 1
            if page_id in self.visitedIds() and page_id != self.currentId():
                self.back()
            else:
                before = self.currentId()
                self.next()
                if self.currentId() == before:  # validatePage() refused to leave
                    break

    @override
    def done(self, result: int) -> None:
        # Finish/Escape would hide the embedded wizard; the window decides instead.
        pass


class StepList(QListWidget):
    """The side list of steps; clicking a step jumps to it."""

    step_selected = Signal(object)  # PageId

    def __init__(self, wizard: AdvisorWizard, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._wizard = wizard
        self.setObjectName("stepList")
        self.setSpacing(2)
        for page_id in PageId:
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, int(page_id))
            self.addItem(item)
        self.retranslate_ui()
        self.itemClicked.connect(self._on_item_clicked)
        self.itemActivated.connect(self._on_item_clicked)
        wizard.currentIdChanged.connect(self._on_current_id_changed)
        for page_id in PageId:
            page = wizard.page(page_id)
            if page is not None:
                page.completeChanged.connect(self.refresh_states)
        self._on_current_id_changed(wizard.currentId())

    def retranslate_ui(self) -> None:
        for row, page_id in enumerate(PageId):
            item = self.item(row)
            item.setText(f"{row + 1}. {step_title(page_id)}")
        self.refresh_states()
        self.setMinimumWidth(self.sizeHintForColumn(0) + 24)

    def step_state(self, page_id: PageId) -> str:
        """``"problem"`` (the step cannot go on), ``"done"`` (visited) or ``"todo"``."""
        page = self._wizard.page(page_id)
        if page is not None and not page.isComplete():
            return "problem"
        return "done" if page_id in self._wizard.visitedIds() else "todo"

    def refresh_states(self) -> None:
        """Mark each step: a warning where it has a problem, a tick once seen."""
        style = self.style()
        icons = {
            "problem": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning),
            "done": style.standardIcon(QStyle.StandardPixmap.SP_DialogApplyButton),
            "todo": QIcon(),
        }
        tips = {
            "problem": self.tr("This step has a problem to fix before going on."),
            "done": self.tr("Seen; no problem found."),
            "todo": self.tr("Not visited yet."),
        }
        for row, page_id in enumerate(PageId):
            state = self.step_state(page_id)
            item = self.item(row)
            item.setIcon(icons[state])
            item.setToolTip(tips[state])

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _on_item_clicked(self, item: QListWidgetItem) -> None:
        page_id = PageId(int(item.data(Qt.ItemDataRole.UserRole)))
        self._wizard.go_to(page_id)
        self.step_selected.emit(page_id)

    def _on_current_id_changed(self, page_id: int) -> None:
        if page_id >= 0:
            self.setCurrentRow(int(page_id))
        self.refresh_states()
