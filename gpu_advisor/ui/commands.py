"""Undo commands: every change to the project is one :class:`ReplaceProject`.

Projects are frozen pydantic models, so a command only swaps two snapshots.
Consecutive edits of the same field path merge into one command, so typing a
word into a line edit is a single undo step (the pattern of Orange's
``UndoCommand`` and Qt's own QUndoCommand merging).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from PySide6.QtGui import QUndoCommand
from typing_extensions import override

if TYPE_CHECKING:
    from gpu_advisor.model.project import Project
    from gpu_advisor.ui.session import ProjectSession

EDIT_FIELD_ID: Final = 0x6770  # any non-negative constant; -1 means "never merge"


class ReplaceProject(QUndoCommand):
    """Swap the session's project for another snapshot.

    Parameters
    ----------
    session : ProjectSession
        The session whose project changes.
    old, new : Project
        The snapshots before and after.
    path : str or None
        Dotted field path that was edited; ``None`` for whole-project
        replacements, which never merge.
    label : str
        Translated text shown in the Edit menu ("Undo <label>").
    """

    def __init__(
        self,
        session: ProjectSession,
        old: Project,
        new: Project,
        path: str | None,
        label: str,
    ) -> None:
        super().__init__(label)
        self._session = session
        self._old = old
        self._new = new
        self.path = path

    @property
    def new_project(self) -> Project:
        return self._new

    @override
    def id(self) -> int:
        return EDIT_FIELD_ID if self.path is not None else -1

    @override
    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, ReplaceProject) or other.path != self.path:
            return False
        self._new = other._new
        # Typing a field back to its old value leaves nothing to undo.
        self.setObsolete(self._new == self._old)
        return True

    @override
    def redo(self) -> None:
        self._session._set_project(self._new)

    @override
    def undo(self) -> None:
        self._session._set_project(self._old)
