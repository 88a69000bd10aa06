"""The wizard frame: page ids, :class:`AdvisorWizard` and the side list of steps.

The pages themselves live in ``gpu_advisor/ui/pages/``. Only the first step's
page is built with the wizard: every other step starts as a light
:class:`PlaceholderPage` and gets its real page when it is first needed (the
step is about to be entered, :meth:`AdvisorWizard.page_for` asks for it, or
:meth:`AdvisorWizard.build_pages_later` builds it while the event loop is
idle). The pages pull in pyqtgraph and build charts, which would otherwise
double the cold start of the window.

Qt's ``QWizard`` repaints itself completely whenever *any* page emits
``completeChanged`` (it turns its updates off and on again to refresh the
buttons), so a hidden page re-checking its fields made the charts of the
shown page repaint on every edit. :class:`AdvisorWizard` therefore forwards
``completeChanged`` to the buttons only from the current page and only when
its state really changed; the step list hears every page.
"""

from __future__ import annotations

import importlib
import logging
import traceback
from collections.abc import Callable
from enum import IntEnum, StrEnum
from typing import Final

import shiboken6
from PySide6.QtCore import (
    SIGNAL,
    SLOT,
    QCoreApplication,
    QEvent,
    QMetaObject,
    QObject,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)
from superqt.utils import QSignalDebouncer
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.model.common import Advice
from gpu_advisor.model.project import Project
from gpu_advisor.ui.i18n import current_language, current_locale, fill
from gpu_advisor.ui.pages.project_page import ProjectPage
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.widgets.bound import flush_pending

log = logging.getLogger(__name__)


class PageId(IntEnum):
    """The wizard's steps, in order (docs/architecture.md)."""

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


class PageErrorPage(PlaceholderPage):
    """A step whose page failed to build: the error panel, never a half-built page.

    It is a placeholder, so the wizard tries to build the real page again the
    next time the step is entered (after the user corrected the value).
    """

    def __init__(
        self, page_id: PageId, exc: BaseException, parent: QWidget | None = None
    ) -> None:
        from gpu_advisor.ui.widgets.refresh import PageErrorPanel

        super().__init__(page_id, parent)
        self.panel = PageErrorPanel(exc, self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.panel)

    @override
    def retranslate_ui(self) -> None:
        self.setTitle(step_title(self.page_id))
        self.setSubTitle(self.tr("This step could not be built for this project."))

    @override
    def isComplete(self) -> bool:
        return False


PAGE_CLASSES: Final[dict[PageId, tuple[str, str]]] = {
    PageId.WORKLOAD: ("gpu_advisor.ui.pages.workload_page", "WorkloadPage"),
    PageId.BUDGET: ("gpu_advisor.ui.pages.budget_page", "BudgetPage"),
    PageId.VENDORS: ("gpu_advisor.ui.pages.vendors_page", "VendorsPage"),
    PageId.ENVIRONMENT: ("gpu_advisor.ui.pages.environment_page", "EnvironmentPage"),
    PageId.MONITORING: ("gpu_advisor.ui.pages.monitoring_page", "MonitoringPage"),
    PageId.CHECKLIST: ("gpu_advisor.ui.pages.checklist_page", "ChecklistPage"),
    PageId.REVIEW: ("gpu_advisor.ui.pages.review_page", "ReviewPage"),
}
"""(module, class) of each step's page after the first, imported when first built.

Not imported at module level: the pages pull in pyqtgraph, numpy and the
engine, which the window does not need to appear.
"""

_UPDATE_BUTTONS: Final = "_q_updateButtonStates"
"""QWizard's (private, but registered) slot that recomputes Back/Next."""


def _page_factory(
    page_id: PageId,
) -> Callable[[ProjectSession, QWidget], QWizardPage]:
    module_name, class_name = PAGE_CLASSES[page_id]
    factory: Callable[[ProjectSession, QWidget], QWizardPage] = getattr(
        importlib.import_module(module_name), class_name
    )
    return factory


class AdvisorWizard(QWizard):
    """The eight steps of a plan, embedded in the main window.

    The wizard never closes itself: Finish and Escape are ignored, since the
    main window owns the project's life cycle.

    Signals
    -------
    page_built(int)
        The real page of a step (a :class:`PageId`) replaced its placeholder.
    page_complete_changed(int)
        A page (its id) emitted ``completeChanged``.
    building_page()
        A queued page is about to be built, in an event-loop pass of its own
        that can last most of a second: what must not wait that long (the
        autosave of the last edit) is done now.
    """

    page_built = Signal(int)
    building_page = Signal()
    page_complete_changed = Signal(int)
    restarted = Signal()
    """The wizard went back to its first step for another (or a reset) plan."""
    jumped = Signal(int, int)
    """:meth:`go_to` went from a step to another (the steps between were passed)."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.session = session
        """The plan the steps edit (the side list reads its evaluation)."""
        self._buttons_complete: bool | None = None
        self.jumping = False
        """True while :meth:`go_to` passes through the steps between two."""
        self._build_queue: list[PageId] = []
        # a queue pump (a first delay, then one page per turn of the event
        # loop): a debouncer has one fixed timeout, so a plain timer it is
        self._build_timer = QTimer(self, singleShot=True)
        self._build_timer.timeout.connect(self._build_next_queued)
        self.pageAdded.connect(self._on_page_added)
        self.currentIdChanged.connect(self._on_current_id_changed)
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
        for page_id in PageId:
            if self.page(page_id) is None:
                self.setPage(page_id, PlaceholderPage(page_id))
        self.setStartId(PageId.PROJECT)
        self.retranslate_buttons()

    # --- live language switch -------------------------------------------------------

    def retranslate_buttons(self) -> None:
        """Give the wizard's buttons the current language's texts.

        QWizard sets them once, when it is built, and never again: after a live
        switch the buttons kept the first language ("下一步(N) >" in English).
        The texts come from Qt's own catalog (qtbase), context ``QWizard``.
        """
        button = QWizard.WizardButton
        qt = QCoreApplication.translate  # Qt's own strings, from the qtbase catalog
        for which, text in (
            (button.BackButton, qt("QWizard", "< &Back")),
            (button.NextButton, qt("QWizard", "&Next >")),
            (button.CommitButton, qt("QWizard", "Commit")),
            (button.FinishButton, qt("QWizard", "&Finish")),
            (button.CancelButton, qt("QWizard", "Cancel")),
            (button.HelpButton, qt("QWizard", "&Help")),
        ):
            self.setButtonText(which, text)

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_buttons()
        super().changeEvent(event)

    # --- pages, built on demand ------------------------------------------------------

    def page_for(self, page_id: PageId) -> QWizardPage:
        """The real page of a step, built now if it was not yet (typed access for
        the window and the tests)."""
        self.ensure_page(page_id)
        page = self.page(page_id)
        assert page is not None
        return page

    def built_page(self, page_id: PageId) -> QWizardPage | None:
        """The page of a step if it is built, else None (builds nothing)."""
        page = self.page(page_id)
        return None if page is None or isinstance(page, PlaceholderPage) else page

    def ensure_page(self, page_id: int) -> None:
        """Replace the placeholder of ``page_id`` (if any) by the step's real page.

        Never called for the current step: a placeholder is replaced before the
        wizard enters its step (see :meth:`validateCurrentPage`).
        """
        placeholder = self.page(page_id)
        if not isinstance(placeholder, PlaceholderPage) or page_id not in PAGE_CLASSES:
            return
        # The page is built inside a holder widget, so that Qt owns it from its
        # first line: a page whose constructor raises half-way is then deleted
        # with the holder, now, children first. Built without a parent, it was
        # left to Python's garbage collector (the traceback keeps it alive in a
        # reference cycle), which later tore its pyqtgraph items down in any
        # order, while other wizards were being built: SIGSEGV.
        holder = QWidget()
        try:
            page: QWizardPage = _page_factory(PageId(page_id))(self._session, holder)
        except Exception as exc:  # a project the page cannot show: say so, keep nothing
            page = PageErrorPage(PageId(page_id), exc)
            traceback.clear_frames(exc.__traceback__)
            shiboken6.delete(holder)
        # removePage() moves the focus out of the field the user is typing in
        # (pages are built in the background): give it back.
        focused = QApplication.focusWidget()
        self.removePage(page_id)
        placeholder.deleteLater()
        self.setPage(page_id, page)  # the real page leaves the holder for the wizard
        if shiboken6.isValid(holder):
            shiboken6.delete(holder)
        if (
            focused is not None
            and focused is not QApplication.focusWidget()
            and focused.isVisible()
        ):
            focused.setFocus(Qt.FocusReason.OtherFocusReason)
        if not isinstance(page, PageErrorPage):
            self.page_built.emit(page_id)

    def build_pages_later(self, delay_ms: int = 0) -> None:
        """Build the remaining steps' pages one per event-loop pass, in step order,
        starting ``delay_ms`` from now (input is handled between two pages)."""
        self._build_queue = [p for p in PageId if self.built_page(p) is None]
        if self._build_queue:
            self._build_timer.start(delay_ms)

    def _build_next_queued(self) -> None:
        self.building_page.emit()
        while self._build_queue:
            page_id = self._build_queue.pop(0)
            if self.built_page(page_id) is None:
                self.ensure_page(page_id)
                break
        if self._build_queue:
            self._build_timer.start(0)

    @override
    def validateCurrentPage(self) -> bool:
        # next() asks this first, then enters nextId(): build that page now.
        page = self.currentPage()
        if page is not None:
            flush_pending(page)  # Alt+N while a number is being typed
        valid = super().validateCurrentPage()
        if valid:
            following = self.nextId()
            if following != -1:
                self.ensure_page(following)
        return valid

    # --- completeChanged: buttons for the current page, the step list for all --------

    def _on_page_added(self, page_id: int) -> None:
        page = self.page(page_id)
        if page is None:
            return
        # QWizard connects every page's completeChanged to a slot that repaints the
        # whole wizard; a hidden page's signal would repaint the shown page's charts.
        QObject.disconnect(
            page, SIGNAL("completeChanged()"), self, SLOT(f"{_UPDATE_BUTTONS}()")
        )
        page.completeChanged.connect(
            lambda page_id=page_id: self._on_page_complete_changed(page_id)
        )

    def _on_page_complete_changed(self, page_id: int) -> None:
        if page_id == self.currentId():
            page = self.currentPage()
            complete = page is not None and page.isComplete()
            if complete != self._buttons_complete:
                self._buttons_complete = complete
                QMetaObject.invokeMethod(
                    self, _UPDATE_BUTTONS, Qt.ConnectionType.DirectConnection
                )
        self.page_complete_changed.emit(page_id)

    def _on_current_id_changed(self, _page_id: int) -> None:
        # QWizard refreshed the buttons itself when it entered the page.
        page = self.currentPage()
        self._buttons_complete = page is not None and page.isComplete()

    def current_page_id(self) -> PageId:
        return PageId(self.currentId())

    def go_to(self, page_id: PageId) -> None:
        """Jump to any step, going forward or back through the pages between."""
        if self.currentId() == -1:
            self.restart()
        start = self.currentId()
        guard = len(PageId) * 2
        self.jumping = True
        try:
            while self.currentId() != page_id and guard > 0:
                guard -= 1
                if page_id in self.visitedIds() and page_id != self.currentId():
                    self.back()
                else:
                    before = self.currentId()
                    self.next()
                    if self.currentId() == before:  # validatePage() refused to leave
                        break
        finally:
            self.jumping = False
        if self.currentId() != start:
            self.jumped.emit(start, self.currentId())

    @override
    def restart(self) -> None:
        """Back to the first step, every step unvisited again (a new or reset plan)."""
        self.restarted.emit()
        super().restart()

    @override
    def done(self, result: int) -> None:
        # Finish/Escape would hide the embedded wizard; the window decides instead.
        pass


class StepState(StrEnum):
    """What a row of the side list says about its step."""

    TODO = "todo"
    """Not visited yet."""
    SEEN = "seen"
    """Opened, not yet left with Next, nothing wrong found."""
    PROBLEM = "problem"
    """Something to fix or decide: a field to correct (the page is incomplete),
    or, once visited, an error, warning or open item of the plan's evaluation
    for this step (:func:`gpu_advisor.engine.rollout.step_issues.step_issues`)."""
    DONE = "done"
    """Left with Next (or jumped past from it) with nothing wrong found."""


STEP_ICON_PX: Final = 16
"""Every row carries an icon of this size (a blank one when "not visited"), so a
row keeps its height when its state changes."""

ISSUES_DELAY_MS: Final = 300
"""The side list re-reads the evaluation this long after the last edit."""

_PLAN_PARTS: Final[dict[PageId, str]] = {
    PageId.PROJECT: "project",
    PageId.WORKLOAD: "workload",
    PageId.BUDGET: "budget",
    PageId.VENDORS: "vendors",
    PageId.ENVIRONMENT: "environment",
    PageId.MONITORING: "monitoring",
    PageId.CHECKLIST: "checklist",
    PageId.REVIEW: "review",
}
"""Each step's part of the plan (:class:`gpu_advisor.engine.rollout.step_issues.PlanPart`)."""


class StepList(QListWidget):
    """The side list of steps; clicking a step jumps to it.

    Each row shows a :class:`StepState` as an icon, a tooltip and its
    accessible text. A step is *seen* once it was the current step (the steps
    :meth:`AdvisorWizard.go_to` only passes through do not count) and *done*
    once the user went on from it with nothing wrong found. A step whose page
    is incomplete has a problem whatever else is true; a visited step has one
    while the evaluation finds something there (an error or warning, an open
    checklist item, a vendor without results, an unnamed sign-off).
    """

    step_selected = Signal(object)  # PageId

    def __init__(self, wizard: AdvisorWizard, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._wizard = wizard
        self._session = wizard.session
        self._states: dict[PageId, tuple[StepState, str]] = {}  # what each row shows
        self._seen: set[PageId] = set()
        self._done: set[PageId] = set()
        self._previous = -1
        self._issues: dict[str, list[Advice]] = {}
        self._issues_project: Project | None = None
        self.setObjectName("stepList")
        self.setSpacing(2)
        self.setUniformItemSizes(True)
        self.setIconSize(QSize(STEP_ICON_PX, STEP_ICON_PX))
        blank = QPixmap(STEP_ICON_PX, STEP_ICON_PX)
        blank.fill(Qt.GlobalColor.transparent)
        self._blank_icon = QIcon(blank)
        self._icons: dict[StepState, QIcon] = {}
        for page_id in PageId:
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, int(page_id))
            self.addItem(item)
        self._issues_later = QSignalDebouncer(parent=self)
        self._issues_later.setTimeout(ISSUES_DELAY_MS)
        self._issues_later.triggered.connect(self._on_issues_due)
        self.retranslate_ui()
        self.itemClicked.connect(self._on_item_clicked)
        self.itemActivated.connect(self._on_item_clicked)
        wizard.currentIdChanged.connect(self._on_current_id_changed)
        wizard.page_complete_changed.connect(self._on_page_complete_changed)
        wizard.page_built.connect(self._on_page_complete_changed)
        wizard.restarted.connect(self._on_restarted)
        wizard.jumped.connect(self._on_jumped)
        self._session.project_changed.connect(self._issues_later.throttle)
        self._on_current_id_changed(wizard.currentId())

    def retranslate_ui(self) -> None:
        for row, page_id in enumerate(PageId):
            item = self.item(row)
            item.setText(f"{row + 1}. {step_title(page_id)}")
        self.refresh_states()
        self.setMinimumWidth(self.sizeHintForColumn(0) + 24)

    # --- states -----------------------------------------------------------------------

    def _step_issues(self, page_id: PageId, *, now: bool) -> list[Advice]:
        """The evaluation's problems of a step.

        After an edit they are read again ``ISSUES_DELAY_MS`` later (the rows
        keep the last ones until then), or at once when ``now``.
        """
        if self._session.project is not self._issues_project:
            if now:
                self._read_issues()
            else:
                self._issues_later.throttle()
        return self._issues.get(_PLAN_PARTS[page_id], [])

    def _read_issues(self) -> None:
        project = self._session.project
        try:
            self._issues = dict(self._session.evaluation.step_issues)
        except Exception:  # the step itself shows what went wrong
            log.exception("step issues could not be computed")
            self._issues = {}
        self._issues_project = project

    def _state_and_reason(
        self, page_id: PageId, *, now: bool = False
    ) -> tuple[StepState, str]:
        page = self._wizard.page(page_id)
        if page is not None and not page.isComplete():
            return StepState.PROBLEM, self.tr(
                "A field needs correcting before going on."
            )
        if page_id not in self._seen and page_id not in self._done:
            return StepState.TODO, ""
        issues = self._step_issues(page_id, now=now)
        if issues:
            reason = words.text(issues[0], current_language())
            if len(issues) > 1:
                more = current_locale().toString(len(issues) - 1)
                reason += " " + fill(self.tr("(%1 more)"), more)
            return StepState.PROBLEM, reason
        return (StepState.DONE if page_id in self._done else StepState.SEEN), ""

    def step_state(self, page_id: PageId) -> StepState:
        """The state of a step (see :class:`StepState`), from the evaluation of
        the current project (its row shows it at most ``ISSUES_DELAY_MS`` later)."""
        return self._state_and_reason(page_id, now=True)[0]

    def state_name(self, state: StepState) -> str:
        """The translated word for a state (the row's accessible text ends with it)."""
        names = {
            StepState.TODO: self.tr("not visited"),
            StepState.SEEN: self.tr("seen"),
            StepState.PROBLEM: self.tr("has a problem"),
            StepState.DONE: self.tr("done"),
        }
        return names[state]

    def refresh_states(self) -> None:
        """Mark each step with its state's icon, tooltip and accessible text."""
        self._states.clear()  # e.g. after a language change: set every text
        for page_id in PageId:
            self._refresh_state(page_id)

    def _on_issues_due(self) -> None:
        self._read_issues()
        self.refresh_states()

    def _refresh_state(self, page_id: PageId) -> None:
        state, reason = self._state_and_reason(page_id)
        if self._states.get(page_id) == (state, reason):
            return
        self._states[page_id] = (state, reason)
        tips = {
            StepState.PROBLEM: fill(self.tr("Has a problem: %1"), reason),
            StepState.DONE: self.tr(
                "Done: you went on from this step; nothing wrong found."
            ),
            StepState.SEEN: self.tr(
                "Seen, not finished yet: go on with Next when it is right."
            ),
            StepState.TODO: self.tr("Not visited yet."),
        }
        item = self.item(int(page_id))
        item.setIcon(self._icon(state))
        item.setToolTip(tips[state])
        item.setData(
            Qt.ItemDataRole.AccessibleTextRole,
            f"{item.text()} — {self.state_name(state)}",
        )
        item.setData(Qt.ItemDataRole.AccessibleDescriptionRole, tips[state])

    def _icon(self, state: StepState) -> QIcon:
        """The icon of a state, made once per style: the style reads each
        standard icon from its theme files again on every call."""
        if not self._icons:
            style = self.style()
            pixmap = QStyle.StandardPixmap
            self._icons = {
                StepState.PROBLEM: style.standardIcon(pixmap.SP_MessageBoxWarning),
                StepState.DONE: style.standardIcon(pixmap.SP_DialogApplyButton),
                StepState.SEEN: style.standardIcon(pixmap.SP_ArrowRight),
                StepState.TODO: self._blank_icon,
            }
        return self._icons[state]

    def _on_page_complete_changed(self, page_id: int) -> None:
        self._refresh_state(PageId(page_id))

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.StyleChange:
            self._icons.clear()
            self._states.clear()  # set each row's icon again
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _on_item_clicked(self, item: QListWidgetItem) -> None:
        page_id = PageId(int(item.data(Qt.ItemDataRole.UserRole)))
        self._wizard.go_to(page_id)
        self.step_selected.emit(page_id)

    def _on_restarted(self) -> None:
        self._seen.clear()
        self._done.clear()
        self._previous = -1

    def _on_jumped(self, start: int, end: int) -> None:
        if start >= 0 and end > start and start in self._seen:
            self._done.add(PageId(start))  # went on from it, past the steps between
        self._enter(end)

    def _on_current_id_changed(self, page_id: int) -> None:
        if self._wizard.jumping:
            return  # passing through: neither seen nor done
        previous, self._previous = self._previous, page_id
        if previous >= 0 and page_id > previous and previous in self._seen:
            self._done.add(PageId(previous))
        self._enter(page_id)

    def _enter(self, page_id: int) -> None:
        self._previous = page_id
        if page_id >= 0:
            self._seen.add(PageId(page_id))
            self.setCurrentRow(int(page_id))
        for step in PageId:
            self._refresh_state(step)
