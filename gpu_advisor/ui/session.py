"""The open project: its snapshot, file path, undo history and evaluation.

:class:`ProjectSession` is the only source of truth the widgets read and
write. Widgets call :meth:`ProjectSession.apply` with a dotted field path;
the session validates the change and pushes one undo command. Everything
that shows the project listens to :attr:`ProjectSession.project_changed`.
"""

from __future__ import annotations

import functools
import operator
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QUndoStack

from gpu_advisor.model.project import Project
from gpu_advisor.ui.commands import ReplaceProject

if TYPE_CHECKING:
    from gpu_advisor.model.catalog import Catalog
    from gpu_advisor.model.evaluation import Evaluation


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
    """

    project_changed = Signal(object)
    path_changed = Signal(object)
    dirty_changed = Signal(bool)

    def __init__(
        self,
        project: Project | None = None,
        path: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._project = project if project is not None else Project()
        self._path = path
        self._evaluation: Evaluation | None = None
        self.session_id = uuid.uuid4().hex
        """Identifies this run's autosaves (see ``gpu_advisor.io.autosave``)."""
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)

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
    def evaluation(self) -> Evaluation:
        """The engine's results for the current project (cached until it changes)."""
        if self._evaluation is None:
            from gpu_advisor.engine.evaluate import evaluate  # deferred: cold start

            self._evaluation = evaluate(self._project, self.catalog)
        return self._evaluation

    # --- editing -----------------------------------------------------------------------

    def apply(self, path: str, value: object, label: str | None = None) -> None:
        """Set the dotted field ``path`` to ``value`` as one undoable step.

        Consecutive edits of the same path merge into one step.

        Raises
        ------
        pydantic.ValidationError
            When the new value is invalid; the project is left unchanged.
        KeyError
            When ``path`` names no field.
        """
        data: dict[str, Any] = self._project.model_dump()
        *parents, leaf = path.split(".")
        container = functools.reduce(operator.getitem, parents, data)
        if leaf not in container:
            raise KeyError(path)
        container[leaf] = value
        new = Project.model_validate(data)
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
        self._evaluation = None
        self.project_changed.emit(project)

    def _set_path(self, path: Path | None) -> None:
        if path != self._path:
            self._path = path
            self.path_changed.emit(path)

    def _on_clean_changed(self, clean: bool) -> None:
        self.dirty_changed.emit(not clean)
