"""Layout helpers shared by the steps: what keeps a step whole in a small window.

The layout test (``tests/ui/test_layout_steps.py``) walks every step at
1280×720 and 1920×1080 and fails where something is cut off in a way the user
cannot resolve; these helpers are the fixes the steps share.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QScrollArea, QStyle, QTableWidget
from typing_extensions import override


class WidthFollowsContent(QObject):
    """Keeps a vertical-only scroll area at least as wide as its content needs.

    A scroll area without a horizontal scroll bar squeezes a wider content
    below its minimum, and the right end of a row (a check box, a combo box)
    is cut off with no way to reach it. This filter watches the content's
    layout and raises the area's minimum width to the content's minimum
    width plus the vertical scroll bar, whatever the language.

    Parameters
    ----------
    area : QScrollArea
        A scroll area with its widget set; becomes the filter's parent.
    floor_px : int
        The area's minimum width however narrow the content. [px]
    """

    def __init__(self, area: QScrollArea, floor_px: int = 0) -> None:
        super().__init__(area)
        self._area = area
        self._floor_px = floor_px
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        content = area.widget()
        assert content is not None, "set the scroll area's widget first"
        content.installEventFilter(self)
        self.fit()

    def fit(self) -> None:
        """Set the area's minimum width from its content now."""
        content = self._area.widget()
        if content is None:
            return
        scroll_bar = self._area.style().pixelMetric(
            QStyle.PixelMetric.PM_ScrollBarExtent, None, self._area
        )
        needed = (
            content.minimumSizeHint().width() + scroll_bar + 2 * self._area.frameWidth()
        )
        width = max(self._floor_px, needed)
        if width != self._area.minimumWidth():
            self._area.setMinimumWidth(width)

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.LayoutRequest, QEvent.Type.Show):
            self.fit()
        return False


def fit_table_to_contents(table: QTableWidget) -> None:
    """Make ``table`` exactly as large as its header, rows and columns: it
    never shows a scroll bar of its own, and the page (or the scroll area
    around it) gives it the room."""
    frame = 2 * table.frameWidth()
    height = table.horizontalHeader().sizeHint().height()
    height += sum(table.rowHeight(row) for row in range(table.rowCount()))
    width = sum(table.columnWidth(c) for c in range(table.columnCount()))
    table.setFixedSize(width + frame, height + frame)
