"""A titled form whose fields fold away: superqt's :class:`~superqt.QCollapsible`.

The budget step groups its inputs in sections (options to compare, the
team's situation, renting, owning, add-ons) that the user folds away with a
click on the title or Space on it. :class:`CollapsibleForm` is superqt's
collapsible frame (napari's widget library) with a form as its body, set up
the way the app needs it:

* it folds at once (no animation), so that "show this field" can put the
  cursor in it right away;
* a folded body is hidden, not squeezed to zero height, so that Tab skips
  its fields;
* an unfolded body takes the height its form needs at the width it has
  (QCollapsible caps it at the body's size hint, which is too little for a
  form whose labels wrap);
* the title keeps Qt's focus frame, so a keyboard user sees where Tab is.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QFormLayout, QFrame, QWidget
from superqt import QCollapsible
from typing_extensions import override

from gpu_advisor.ui.style import SECTION_TITLE_STYLE

_EXPANDED_ICON: Final = "▼"
_COLLAPSED_ICON: Final = "▶"
_NO_MAXIMUM_PX: Final = 16_777_215
"""Qt's QWIDGETSIZE_MAX: no cap on a widget's height."""


class CollapsibleForm(QCollapsible):
    """A framed, titled form that folds away with a click on its title."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("", parent, _EXPANDED_ICON, _COLLAPSED_ICON)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setDuration(0)  # fold at once, as a keyboard user expects
        self.toggleButton().setStyleSheet(SECTION_TITLE_STYLE)
        self.body = QWidget()
        self.form = QFormLayout(self.body)
        self.form.setFieldGrowthPolicy(
            QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow
        )
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.form.setContentsMargins(8, 0, 4, 6)
        layout = self.layout()
        assert layout is not None  # QCollapsible made it
        placeholder = self.content()  # QCollapsible's own empty body
        layout.removeWidget(placeholder)
        placeholder.deleteLater()
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(2)
        self.setContent(self.body)
        self.toggled.connect(self._show_body)
        self.set_expanded(True)

    @property
    def expanded(self) -> bool:
        return self.isExpanded()

    def set_expanded(self, expanded: bool) -> None:
        """Unfold (True) or fold (False) the section, at once."""
        if expanded:
            self.expand(animate=False)
        else:
            self.collapse(animate=False)
        self._show_body(expanded)

    def _show_body(self, expanded: bool) -> None:
        self.body.setVisible(expanded)
        if expanded:
            self.body.setMaximumHeight(_NO_MAXIMUM_PX)

    @override
    def changeEvent(self, event: QEvent) -> None:
        # the arrows are drawn in the text colour: redraw them for a new scheme
        if event.type() == QEvent.Type.PaletteChange:
            self.setExpandedIcon(_EXPANDED_ICON)
            self.setCollapsedIcon(_COLLAPSED_ICON)
        super().changeEvent(event)
