"""The open project: its snapshot, file path, undo history and evaluation.

:class:`ProjectSession` is the only source of truth the widgets read and
write. Widgets call :meth:`ProjectSession.apply` with a dotted field path;
the session validates the change and pushes one undo command. Everything
that shows the project listens to :attr:`ProjectSession.project_changed`.
"""

from __future__ import annotations

import uuid
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel
from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QUndoStack

from gpu_advisor.io.project_file import FingerprintMemo
from gpu_advisor.model.project import Project
from gpu_advisor.ui.commands import ReplaceProject
from gpu_advisor.words.money import show_amounts_in

if TYPE_CHECKING:
    from gpu_advisor.engine.api import Rollout
    from gpu_advisor.engine.evaluate import EvaluationMemo, PlanEvaluation
    from gpu_advisor.model.catalog import Catalog
    from gpu_advisor.model.cost_results import MonteCarloResult


class ProjectSession(QObject):
    """One open project with its undo stack.

    Signals
    -------
    project_changed(Project)
        After every change of the snapshot (edit, undo, redo, new, open).
    path_changed(object)
        The file path changed (a ``Path`` or ``None``).
    dirty_changed(bool)
        The project gained or lost unsaved changes.
    monte_carlo_changed()
        The evaluation gained the plan's Monte Carlo (:meth:`set_monte_carlo`).
    """

    project_changed = Signal(object)
    path_changed = Signal(object)
    dirty_changed = Signal(bool)
    monte_carlo_changed = Signal()

    def __init__(
        self,
        project: Project | None = None,
        path: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._project = project if project is not None else Project()
        self._path = path
        self._memo: EvaluationMemo | None = None
        self.fingerprints = FingerprintMemo()
        """The plan's fingerprint per snapshot, reusing the unchanged parts."""
        self.session_id = uuid.uuid4().hex
        """Identifies this run's autosaves (see ``gpu_advisor.io.autosave``)."""
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)
        # When Python's cycle collector frees a session it may first release
        # the undo commands' wrappers and so delete commands the stack still
        # lists; Qt then crashes deleting them again. Weak-reference callbacks
        # run before the collector breaks anything: empty the stack there.
        weakref.finalize(self, _drop_history, self.undo_stack).atexit = False

    # --- state -------------------------------------------------------------------------

    @property
    def project(self) -> Project:
        """The current snapshot (immutable)."""
        return self._project

    @property
    def path(self) -> Path | None:
        """The file the project was opened from or last saved to."""
        return self._path

    @property
    def is_dirty(self) -> bool:
        """True when the project has changes not yet saved."""
        return not self.undo_stack.isClean()

    @property
    def catalog(self) -> Catalog:
        """The shipped catalog (loaded on first use, then cached)."""
        from gpu_advisor.io.catalog import load_catalog  # deferred: cold start

        return load_catalog()

    @property
    def evaluation(self) -> PlanEvaluation:
        """The engine's results for the current project (cached until it changes).

        What :func:`~gpu_advisor.engine.evaluate.evaluate_plan` gives without
        the Monte Carlo (the budget step draws it in the background with the
        plan's draws and seed, :meth:`set_monte_carlo`). The session's
        :class:`~gpu_advisor.engine.evaluate.EvaluationMemo` reuses what an
        edit left unchanged, as the very objects, so that pages skip redrawing
        what they show already.
        """
        evaluation = self.memo.evaluate(self._project)
        currency = evaluation.cost.currency  # the window words this plan's amounts
        show_amounts_in(currency.code, currency.cny_per_unit)
        return evaluation

    @property
    def memo(self) -> EvaluationMemo:
        """The successive evaluations of this session's plan (made on first use)."""
        if self._memo is None:
            from gpu_advisor.engine.evaluate import EvaluationMemo  # deferred

            self._memo = EvaluationMemo(self.catalog)
        return self._memo

    @property
    def rollout(self) -> Rollout:
        """The rollout of the evaluation (launch, monitoring and test-kit files).

        When the plan cannot be sized (an unknown GPU or model), the files keep
        the environment as entered.
        """
        try:
            return self.evaluation.rollout
        except (KeyError, ValueError):
            from gpu_advisor.engine.api import Rollout  # deferred: cold start

            return Rollout.of(self._project, self.catalog, None)

    def set_monte_carlo(self, project: Project, result: MonteCarloResult) -> bool:
        """Keep the plan's Monte Carlo, drawn in the background for ``project``.

        Only a result for the current snapshot with the plan's draws and seed
        (:mod:`gpu_advisor.engine.plan_defaults`) joins the evaluation, so
        every step shows the figure the PDF prints; it stays while the
        sections the cost reads are unchanged. Returns True when kept.
        """
        if project is not self._project:
            return False
        self.memo.evaluate(project)  # the memo's last snapshot is this one
        if self.memo.add_monte_carlo(project, result) is None:
            return False
        self.monte_carlo_changed.emit()
        return True

    # --- editing -----------------------------------------------------------------------

    def apply(self, path: str, value: object, label: str | None = None) -> None:
        """Set the dotted field ``path`` to ``value`` as one undoable step.

        Consecutive edits of the same path merge into one step. List items
        are addressed by their index, e.g. ``"vendors.0.name"``.

        Only the model that owns the field is validated again (with its own
        validators); the models around it are copied with the new child. A
        keystroke thus costs the same with thousands of imported
        measurements as without.

        Raises
        ------
        pydantic.ValidationError
            When the new value is invalid; the project is left unchanged.
        KeyError
            When ``path`` names no field.
        """
        new = _with_value(self._project, path.split("."), value, path)
        if new != self._project:
            text = label or QCoreApplication.translate("ProjectSession", "Edit")
            self.undo_stack.push(ReplaceProject(self, self._project, new, path, text))

    def replace_project(self, project: Project, label: str) -> None:
        """Replace the whole project as one undoable step that never merges."""
        if project != self._project:
            self.undo_stack.push(
                ReplaceProject(self, self._project, project, None, label)
            )

    def reset(
        self, project: Project, path: Path | None = None, *, dirty: bool = False
    ) -> None:
        """Start over with ``project`` (New, Open, recovery): the undo history is cleared.

        ``dirty=True`` marks the result as unsaved, as for a recovered autosave.
        """
        self.undo_stack.clear()
        self._set_path(path)
        self._set_project(project)
        if dirty:
            self.undo_stack.resetClean()
        else:
            self.undo_stack.setClean()
        self.dirty_changed.emit(self.is_dirty)

    def mark_saved(self, path: Path) -> None:
        """Record that the project was written to ``path``."""
        self._set_path(path)
        self.undo_stack.setClean()

    # --- internals -----------------------------------------------------------------------

    def _set_project(self, project: Project) -> None:
        """Swap the snapshot; only undo commands and :meth:`reset` call this."""
        self._project = project
        self.project_changed.emit(project)

    def _set_path(self, path: Path | None) -> None:
        if path != self._path:
            self._path = path
            self.path_changed.emit(path)

    def _on_clean_changed(self, clean: bool) -> None:
        self.dirty_changed.emit(not clean)


def _with_value(obj: Any, parts: list[str], value: object, path: str) -> Any:
    """``obj`` with the field at ``parts`` set to ``value``, validated; KeyError if none."""
    head, *rest = parts
    if isinstance(obj, BaseModel):
        if head not in type(obj).model_fields:
            raise KeyError(path)
        if not rest:
            # Sibling fields are passed as the validated objects they are;
            # pydantic does not validate model instances again.
            data = dict(obj)
            data[head] = value
            return type(obj).model_validate(data)
        child = _with_value(getattr(obj, head), rest, value, path)
        return obj.model_copy(update={head: child})
    if isinstance(obj, list) and rest:
        items = list(obj)
        index = _index(items, head, path)
        items[index] = _with_value(items[index], rest, value, path)
        return items
    raise KeyError(path)


def _index(items: list[Any], part: str, path: str) -> int:
    """The list index named by ``part`` of a dotted path; KeyError if none."""
    if not part.isdigit() or int(part) >= len(items):
        raise KeyError(path)
    return int(part)


def _drop_history(stack: QUndoStack) -> None:
    """Delete a dying session's undo commands through Qt, silently."""
    try:
        stack.blockSignals(True)
        stack.clear()
    except RuntimeError:  # the stack itself is already gone
        pass
