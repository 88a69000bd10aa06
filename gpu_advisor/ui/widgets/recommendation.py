"""The budget step's answer: the option to take, why, and every option compared.

:class:`RecommendationPanel` shows the engine's recommendation with its
reasons and warnings, the options table (total, NPV, cost per useful
GPU-hour, utilisation, each with a "why?" button), the break-even and the
six-month rule of the idctop.com article — all read from the evaluation's
:class:`~gpu_advisor.model.cost_results.CostResult`; it computes nothing.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from superqt.utils import QSignalDebouncer
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.engine import explain_keys as keys
from gpu_advisor.engine.api import ranking, to_display
from gpu_advisor.model.common import Advice, Explanation, Language
from gpu_advisor.model.cost_results import CostResult, DemandExtension, OptionResult
from gpu_advisor.model.project import OptionId, Project
from gpu_advisor.report.formulas import catalog_names
from gpu_advisor.report.glossary import field_name
from gpu_advisor.ui.i18n import current_language, current_locale, fill
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import (
    SECONDARY_COLOUR,
    SECONDARY_STYLE,
    WARNING_COLOUR,
)
from gpu_advisor.ui.theme import row_text
from gpu_advisor.ui.widgets.cost_charts import format_money, option_label
from gpu_advisor.ui.widgets.layout import fit_table_to_contents
from gpu_advisor.ui.widgets.long_label import LongTextLabel
from gpu_advisor.ui.widgets.table_fill import one_change
from gpu_advisor.ui.widgets.why import WhyButton
from gpu_advisor.words.terms import rank_mark, text_or_empty

_DETAILS_MIN_WIDTH_PX: Final = 120
"""The reasons beside the options table: at least a few words a line."""


_DETAILS_MIN_HEIGHT_PX: Final = 60


class CellWhyButton(WhyButton):
    """A "why?" button small enough for a table cell: a bare "?" (the
    translated words stay in the tooltip and the accessible name)."""

    @override
    def retranslate_ui(self) -> None:
        super().retranslate_ui()
        self.setText("?")


PROSE_DELAY_MS: Final = 150
"""The reasons and warnings follow an edit once the typing pauses this long:
the figures, the table and the charts show at once, and the prose (several
thousand characters of rich text, laid out again on every change) does not
hold up each keystroke. [ms]"""

_LIST_ITEM: Final = re.compile(r"\.\d+(?:\.|$)")
"""An input inside a list item (``vendors.0.name``): named by the item's own name."""


def _advice_language() -> Language:
    return current_language()


class RecommendationPanel(QWidget):
    """The option to take, its reasons and warnings, the options table,
    break-even and the six-month rule — all read from the evaluation.

    Signals
    -------
    input_activated(str)
        A dotted input name in a reason or warning was clicked.
    """

    input_activated = Signal(str)

    COLUMNS: Final = 5
    EXPLAINED_COLUMNS: Final = {
        1: keys.OPTION_TOTAL,
        2: keys.OPTION_NPV,
        3: keys.OPTION_PER_USEFUL_HOUR,
        4: keys.OPTION_UTILIZATION,
    }
    """Table column -> the option field its "why?" buttons explain."""

    def __init__(
        self,
        session: ProjectSession,
        input_label: Callable[[str], str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._input_label = input_label
        self._build_labels()
        self._build_table()
        self._build_notes()
        # Left: the answer and every option, the table always whole (never a
        # scroll bar of its own). Right: the reasons behind it, scrolling.
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self._build_options_column())
        self.splitter.addWidget(self._build_details_scroll())
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        self._cost: CostResult | None = None
        self._prose_later = QSignalDebouncer(parent=self)
        self._prose_later.setTimeout(PROSE_DELAY_MS)
        self._prose_later.triggered.connect(self.show_prose)
        self._prose_of: CostResult | None = None
        """The result whose reasons and warnings are shown."""
        self._scrolled_to: tuple[OptionId, list[OptionId]] | None = None
        self._rows_shown: dict[int, tuple[object, ...]] = {}
        """What each table row shows (its cells are set only when it changes)."""
        """The recommendation and rows last brought into view."""

    def _build_labels(self) -> None:
        """The headline, the mix, and the reasons and warnings (with input links)."""
        self.headline = QLabel(wordWrap=True)
        self.headline.setTextFormat(Qt.TextFormat.RichText)
        font = QFont(self.headline.font())
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        self.headline.setFont(font)
        self.extend_button = QPushButton(
            self.tr("Extend the demand to cover the whole job…")
        )
        self.extend_button.setAccessibleName(
            self.tr("Extend the demand to cover the whole job")
        )
        self.extend_button.clicked.connect(self._extend_demand)
        self.extend_button.setVisible(False)
        self.mix_label = QLabel(wordWrap=True)
        self.reasons_label = LongTextLabel()
        self.reasons_label.setTextFormat(Qt.TextFormat.RichText)
        self.warnings_label = LongTextLabel()
        self.warnings_label.setTextFormat(Qt.TextFormat.RichText)
        for label in (self.reasons_label, self.warnings_label):
            label.setOpenExternalLinks(False)
            label.linkActivated.connect(self._on_link)

    def _build_table(self) -> None:
        """The options table: rows as low as their "?" buttons, read-only."""
        self.table = QTableWidget(0, self.COLUMNS)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # Tab leaves the table through its "why?" buttons, not cell by cell.
        self.table.setTabKeyNavigation(False)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.verticalHeader().setVisible(False)
        # Rows as low as their "?" buttons: the whole table and the charts
        # above it both fit a 720 px screen (Qt's default rows are 30 px).
        self.table.verticalHeader().setDefaultSectionSize(
            max(
                CellWhyButton("", list).sizeHint().height(),
                self.table.fontMetrics().height() + 6,
            )
        )
        header = self.table.horizontalHeader()
        for column in range(self.COLUMNS):
            header.setSectionResizeMode(
                column,
                QHeaderView.ResizeMode.Fixed
                if column in self.EXPLAINED_COLUMNS
                else QHeaderView.ResizeMode.ResizeToContents,
            )
        self.table.setSizeAdjustPolicy(
            QAbstractItemView.SizeAdjustPolicy.AdjustToContents
        )
        self.why_buttons: dict[tuple[OptionId, str], WhyButton] = {}
        """The table's "why?" buttons by (option, explained field)."""

    def _build_notes(self) -> None:
        """Break-even, six-month rule and mix (each with its "why?"), VAT, scope."""
        self.break_even_label = QLabel(wordWrap=True)
        self.break_even_why = WhyButton(
            keys.BREAK_EVEN_UTILIZATION, self._explanations, session=self._session
        )
        self.break_even_month_why = WhyButton(
            keys.BREAK_EVEN_MONTH, self._explanations, session=self._session
        )
        self.six_month_label = QLabel(wordWrap=True)
        self.six_month_why = WhyButton(
            keys.SIX_MONTH_RULE, self._explanations, session=self._session
        )
        self.mix_why = WhyButton(
            keys.MIX_BASELINE, self._explanations, session=self._session
        )
        self.vat_label = QLabel(wordWrap=True)
        self.vat_label.setStyleSheet(SECONDARY_STYLE)
        self.includes_label = LongTextLabel()
        """What each option's figure includes: the engine's sentences (folded
        away until asked for; each row's tooltip says the same)."""
        self.includes_label.setTextFormat(Qt.TextFormat.RichText)
        self.includes_label.setStyleSheet(SECONDARY_STYLE)
        self.includes_label.setVisible(False)
        self.includes_toggle = QToolButton()
        self.includes_toggle.setCheckable(True)
        self.includes_toggle.setToolButtonStyle(
            Qt.ToolButtonStyle.ToolButtonTextBesideIcon
        )
        self.includes_toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.includes_toggle.setAutoRaise(True)
        self.includes_toggle.toggled.connect(self._on_includes_toggled)

    def _build_options_column(self) -> QWidget:
        """The headline above the options table, always whole (no scroll bar)."""
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        options = QWidget()
        options_layout = QVBoxLayout(options)
        options_layout.setContentsMargins(4, 4, 4, 4)
        options_layout.addWidget(self.headline)
        options_layout.addWidget(self.extend_button, 0, Qt.AlignmentFlag.AlignLeft)
        options_layout.addWidget(self.table)
        options_layout.addStretch(1)
        return options

    def _build_details_scroll(self) -> QScrollArea:
        """The reasons behind the answer, in one column that scrolls."""
        mix_row = QHBoxLayout()
        mix_row.addWidget(self.mix_label, 1)
        mix_row.addWidget(self.mix_why, 0, Qt.AlignmentFlag.AlignTop)
        be_row = QHBoxLayout()
        be_row.addWidget(self.break_even_label, 1)
        be_row.addWidget(self.break_even_why, 0, Qt.AlignmentFlag.AlignTop)
        be_row.addWidget(self.break_even_month_why, 0, Qt.AlignmentFlag.AlignTop)
        rule_row = QHBoxLayout()
        rule_row.addWidget(self.six_month_label, 1)
        rule_row.addWidget(self.six_month_why, 0, Qt.AlignmentFlag.AlignTop)
        details = _Details()
        details_layout = QVBoxLayout(details)
        details_layout.setContentsMargins(4, 4, 4, 4)
        details_layout.addLayout(mix_row)
        details_layout.addLayout(be_row)
        details_layout.addLayout(rule_row)
        details_layout.addWidget(self.reasons_label)
        details_layout.addWidget(self.warnings_label)
        details_layout.addWidget(self.vat_label)
        details_layout.addWidget(self.includes_toggle, 0, Qt.AlignmentFlag.AlignLeft)
        details_layout.addWidget(self.includes_label)
        details_layout.addStretch(1)
        self.details_scroll = QScrollArea()
        self.details_scroll.setWidgetResizable(True)
        self.details_scroll.setWidget(details)
        self.details_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.details_scroll.setHorizontalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        )
        self.details_scroll.setMinimumWidth(_DETAILS_MIN_WIDTH_PX)
        self.details_scroll.setMinimumHeight(_DETAILS_MIN_HEIGHT_PX)
        return self.details_scroll

    def _explanations(self) -> list[Explanation]:
        return self._session.evaluation.cost.explanations

    def all_why_buttons(self) -> list[WhyButton]:
        """Every "why?" button of the panel (table, break-even, rule, mix)."""
        return [
            *self.why_buttons.values(),
            self.break_even_why,
            self.break_even_month_why,
            self.six_month_why,
            self.mix_why,
        ]

    def _on_link(self, link: str) -> None:
        self.input_activated.emit(link.removeprefix("input:"))

    def retranslate_ui(self) -> None:
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Option"),
                self.tr("Total"),
                self.tr("NPV"),
                self.tr("Per useful GPU-hour"),
                self.tr("Utilisation"),
            ]
        )
        self.includes_toggle.setText(self.tr("What each total includes"))
        self.includes_toggle.setAccessibleName(self.tr("What each total includes"))
        self.includes_toggle.setToolTip(
            self.tr("Show or hide what each option's total includes")
        )

        if self._cost is not None:
            self.set_result(self._cost)
            self.show_prose()  # a new language: all of it at once

    def _link_text(self, name: str, language: Language) -> str:
        """An input a reason is based on, by its name in the reader's words: the
        step's own label for it, else the glossary's (never the dotted name)."""
        label = self._input_label(name)
        if label not in (name, name.removeprefix("budget.")):
            return label
        project = self._session.project
        data = project.model_dump(mode="json") if _LIST_ITEM.search(name) else None
        names = catalog_names(self._session.catalog)
        return field_name(name, language.value, data, names)

    def _advice_html(self, items: list[Advice], style: str = "") -> str:
        language = _advice_language()
        rows = []
        for advice in items:
            links = words.say("report.change.list_separator", language).join(
                f'<a href="input:{html.escape(name, quote=True)}">'
                f"{html.escape(self._link_text(name, language))}</a>"
                for name in advice.inputs
            )
            # "依据的输入：…" in Chinese: no space after the full-width colon
            based_on = fill(self.tr("Based on: %1"), links)
            inputs = (
                f'<br/><span style="color:{SECONDARY_COLOUR};">{based_on}</span>'
                if links
                else ""
            )
            rows.append(
                f"<li{style}>{_escape(words.text(advice, language))}{inputs}</li>"
            )
        return f"<ul style='margin-left:-20px;'>{''.join(rows)}</ul>" if rows else ""

    def set_result(self, cost: CostResult) -> None:
        """Show ``cost`` (the current evaluation's cost result)."""
        self._cost = cost
        rec = cost.recommendation
        code, rate = cost.currency.code, cost.currency.cny_per_unit
        locale = current_locale()
        if rec.option is None:  # nothing feasible: the reasons say what to relax
            self.headline.setText(_escape(self.tr("No feasible option")))
        elif rec.complete:
            self.headline.setText(
                _escape(self.tr("Recommendation: %1")).replace(
                    "%1", _escape(option_label(rec.option))
                )
            )
        else:  # the totals pay for part of the job: say so before any option
            limits = "".join(
                f"<br/><span style='color:{WARNING_COLOUR};font-weight:normal;'>"
                f"{_escape(words.text(a, _advice_language()))}</span>"
                for a in rec.limits
            )
            self.headline.setText(
                _escape(
                    self.tr("Incomplete plan. Cheapest for the priced part only: %1")
                ).replace("%1", _escape(option_label(rec.option)))
                + limits
            )
        extension = None if cost.work is None else cost.work.extension
        self.extend_button.setVisible(extension is not None)
        if extension is not None:
            self.extend_button.setToolTip(self._extension_text(extension))
        if rec.mix_detail is not None:
            mix = rec.mix_detail
            peak = max(mix.baseline_gpus, default=0)
            self.mix_label.setText(
                fill(
                    self.tr(
                        "Reserve up to %1 cards on %2 as the baseline; run %3 GPU-hours "
                        "of bursts on %4."
                    ),
                    locale.toString(peak),
                    option_label(mix.baseline_kind),
                    locale.toString(mix.burst_gpu_hours, "f", 0),
                    option_label(mix.burst_kind),
                )
            )
            self.mix_label.setVisible(True)
            self.mix_why.setVisible(True)
        else:
            self.mix_label.setVisible(False)
            self.mix_why.setVisible(False)
        if self._prose_of is None:
            self.show_prose()  # the first result: everything at once
        else:
            self._prose_later.throttle()
        self._fill_table(cost, code, rate)
        self._show_break_even(cost)
        self.vat_label.setText(
            text_or_empty(cost.currency.vat_note, _advice_language())
        )

    def show_prose(self) -> None:
        """The current result's reasons and warnings (an edit shows them after
        :data:`PROSE_DELAY_MS`; call this to show them now)."""
        self._prose_later.cancel()
        cost = self._cost
        if cost is None:
            return
        self._prose_of = cost
        reasons = self._advice_html(cost.recommendation.reasons)
        reasons_title = self.tr("Reasons")
        self.reasons_label.setText(
            f"<b>{reasons_title}</b>{reasons}" if reasons else ""
        )
        self.reasons_label.setVisible(bool(reasons))
        warnings = self._advice_html(cost.warnings)
        warnings_title = self.tr("Warnings")
        self.warnings_label.setText(
            f"<b style='color:{WARNING_COLOUR};'>{warnings_title}</b>{warnings}"
            if warnings
            else ""
        )
        self.warnings_label.setVisible(bool(warnings))

    def _extension_text(self, extension: DemandExtension) -> str:
        """What extending the demand changes, in the reader's words."""
        locale = current_locale()
        horizon = self._session.project.meta.horizon_months
        return fill(
            self.tr(
                "Add %1 GPU-hours to the demand so that it holds the whole job "
                "(training months run on the job's cards all month; %2 new months) "
                "and set the horizon from %3 to %4 months."
            ),
            locale.toString(extension.added_gpu_hours, "f", 0),
            locale.toString(extension.added_months),
            locale.toString(horizon),
            locale.toString(extension.horizon_months),
        )

    def _extend_demand(self) -> None:
        """Ask, then apply the engine's extended demand as one undoable step."""
        cost = self._cost
        extension = None if cost is None or cost.work is None else cost.work.extension
        if extension is None:
            return
        answer = QMessageBox.question(
            self,
            self.tr("Extend the demand"),
            self._extension_text(extension)
            + "\n\n"
            + self.tr("You can undo this with Ctrl+Z."),
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        project = self._session.project
        demand = project.demand
        if extension.months:
            demand = demand.model_copy(update={"months": extension.months})
        meta = project.meta.model_copy(
            update={"horizon_months": extension.horizon_months}
        )
        self._session.replace_project(
            # validated again: the edit is the user's, like a typed one
            Project.model_validate(
                project.model_copy(update={"demand": demand, "meta": meta}).model_dump()
            ),
            self.tr("Extend the demand to cover the job"),
        )

    def _fill_table(self, cost: CostResult, code: str, rate: float) -> None:
        """One row per option in the engine's order (``ranking``: the PDF's
        ranking), the recommended one in bold and kept in view."""
        table = self.table
        ranked = ranking(cost)
        ids = [r.option.id for r in ranked]
        if len(self.why_buttons) != len(ids) * len(self.EXPLAINED_COLUMNS):
            self._make_why_buttons(ids)
        elif list(dict.fromkeys(o for o, _f in self.why_buttons)) != ids:
            self._rekey_why_buttons(ids)
        with one_change(table):  # the table measured once, not per cell
            for row, ranked_row in enumerate(ranked):
                recommended = ranked_row.option.id == cost.recommendation.option
                self._fill_row(row, ranked_row.option, recommended, code, rate)
        self._show_includes(cost)
        table.resizeColumnsToContents()
        chosen = cost.recommendation.option
        if chosen is not None and chosen in ids and (chosen, ids) != self._scrolled_to:
            # small windows: bring a new recommendation into view (not on every
            # edit: the reader may have scrolled on), after the layout gave the
            # table its height (first show)
            self._scrolled_to = (chosen, ids)
            row = ids.index(chosen)
            QTimer.singleShot(0, table, lambda: _scroll_to_row(table, row))
        self._widen_explained_columns()
        self._fit_table()

    def _make_why_buttons(self, ids: list[OptionId]) -> None:
        """New rows for ``ids``, each explained cell with its "why?" button."""
        table = self.table
        for row in range(table.rowCount()):
            for column in self.EXPLAINED_COLUMNS:
                table.removeCellWidget(row, column)
        self.why_buttons = {}
        self._rows_shown.clear()
        table.setRowCount(len(ids))
        for row, option_id in enumerate(ids):
            for column, field in self.EXPLAINED_COLUMNS.items():
                button = CellWhyButton(
                    keys.option_key(option_id.value, field),
                    self._explanations,
                    session=self._session,
                )
                self.why_buttons[option_id, field] = button
                # the button sits at the left of the cell; the number is
                # right-aligned in the item below it
                holder = QWidget()
                holder_layout = QHBoxLayout(holder)
                holder_layout.setContentsMargins(1, 0, 0, 0)
                holder_layout.addWidget(button)
                holder_layout.addStretch(1)
                table.setCellWidget(row, column, holder)

    def _rekey_why_buttons(self, ids: list[OptionId]) -> None:
        """The same rows in a new order: each row's buttons (row by row, as
        made) explain its new option; moving a key is cheaper than new widgets."""
        buttons = iter(list(self.why_buttons.values()))
        self.why_buttons = {}
        for option_id in ids:
            for field in self.EXPLAINED_COLUMNS.values():
                button = next(buttons)
                button.set_key(keys.option_key(option_id.value, field))
                self.why_buttons[option_id, field] = button

    def _fill_row(
        self,
        row: int,
        option: OptionResult,
        recommended: bool,
        code: str,
        rate: float,
    ) -> None:
        """One option's cells: name, total, NPV, per useful GPU-hour, use."""
        locale = current_locale()
        table = self.table
        per_hour = (
            format_money(to_display(option.cost_per_useful_gpu_hour_cny, rate), code, 2)
            if option.cost_per_useful_gpu_hour_cny is not None
            else "—"
        )
        lang = _advice_language()
        # not feasible, the same as another option, or spot at risk: a sign
        # before the name, the words in its tooltip and for a screen reader
        mark = rank_mark(option, lang, detail=True)
        label = _RANK_SIGNS.get(_rank_kind(option), "") + option_label(option.id)
        cells = [
            label,
            format_money(to_display(option.total_cny, rate), code),
            format_money(to_display(option.npv_cny, rate), code),
            per_hour,
            "—"  # the hosted API bills tokens: no card-hours to use
            if option.utilization is None
            else f"{locale.toString(option.utilization * 100, 'f', 0)} %",
        ]
        # the messages, not their words, tell whether the row changed: the
        # words are made only for a row that did
        shown = (
            cells, recommended, option.feasible, option.reason, option.includes, mark, lang
        )  # fmt: skip
        if table.item(row, 0) is not None and self._rows_shown.get(row) == shown:
            return  # the same cells: each set call below costs a model update
        self._rows_shown[row] = shown
        reason = text_or_empty(option.reason, lang)
        scope = text_or_empty(option.includes, lang)
        for column, text in enumerate(cells):
            item = table.item(row, column)
            if item is None:
                item = QTableWidgetItem()
                table.setItem(row, column, item)
            item.setText(text)
            font = item.font()
            font.setBold(recommended)
            item.setFont(font)
            if column:
                item.setTextAlignment(
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                )
            row_text(item, feasible=option.feasible)
            tip = (
                reason
                if not option.feasible and reason
                else scope
                if not column
                else ""
            )
            if mark and not column:
                tip = f"{mark}\n{tip}" if tip and tip != mark else mark
                item.setData(
                    Qt.ItemDataRole.AccessibleTextRole,
                    f"{option_label(option.id)}, {mark}",
                )
            item.setToolTip(tip)

    def _widen_explained_columns(self) -> None:
        """ResizeToContents ignores the cell widgets: leave room for the button."""
        table = self.table
        room = (
            next(iter(self.why_buttons.values())).sizeHint().width() + 8
            if self.why_buttons
            else 0
        )
        for column in self.EXPLAINED_COLUMNS:
            width = max(
                table.sizeHintForColumn(column),
                table.horizontalHeader().sectionSizeHint(column),
            )
            table.setColumnWidth(column, width + room)

    def _fit_table(self) -> None:
        """Make the table exactly as large as its rows and columns: the page
        gives it room before the charts, so it never hides a row."""
        fit_table_to_contents(self.table)

    def _show_includes(self, cost: CostResult) -> None:
        """One line per option: its name and the engine's sentence of what it
        includes, written only while unfolded (about 5,000 characters, whose
        layout cost a quarter of an edit)."""
        self.includes_toggle.setVisible(any(o.includes for o in cost.options))
        if not self.includes_toggle.isChecked():
            return
        lang = _advice_language()
        colon = words.say("words.colon", lang)
        lines = [
            f"<b>{html.escape(option_label(o.id))}</b>{colon}"
            f"{html.escape(text_or_empty(o.includes, lang))}"
            for o in cost.options
            if o.includes is not None
        ]
        self.includes_label.setText("<br>".join(lines))

    def _on_includes_toggled(self, shown: bool) -> None:
        self.includes_toggle.setArrowType(
            Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow
        )
        self.includes_label.setVisible(shown)
        if shown and self._cost is not None:
            self._show_includes(self._cost)

    def _show_break_even(self, cost: CostResult) -> None:
        locale = current_locale()
        be = cost.break_even
        if be.owned_option is None or be.rent_option is None:
            text = self.tr(
                "Break-even: choose at least one owned and one rented option to compare."
            )
        else:
            if be.utilization is None:
                util = self.tr("owning never breaks even on utilisation alone")
            else:
                util = self.tr("owning pays from %1 % utilisation").replace(
                    "%1", locale.toString(be.utilization * 100, "f", 0)
                )
            month = (
                self.tr("its cumulative cost drops below renting in month %1").replace(
                    "%1", str(be.month)
                )
                if be.month is not None
                else self.tr(
                    "its cumulative cost stays above renting for the whole horizon"
                )
            )
            text = fill(
                self.tr("Break-even of %1 against %2: %3; %4."),
                option_label(be.owned_option),
                option_label(be.rent_option),
                util,
                month,
            )
        self.break_even_label.setText(text)
        compared = be.owned_option is not None and be.rent_option is not None
        self.break_even_why.setVisible(compared)
        self.break_even_month_why.setVisible(compared)
        rule = be.rule_six_months
        self.six_month_why.setVisible(rule is not None)
        if rule is None:
            self.six_month_label.setText(
                self.tr("Six-month rule: not evaluated (no owned option compared).")
            )
            return
        code, rate = cost.currency.code, cost.currency.cny_per_unit
        verdict = (
            self.tr("the rule says buying can pay")
            if rule.holds
            else self.tr("the rule says keep renting")
        )
        self.six_month_label.setText(
            fill(
                self.tr(
                    "Six-month rule (idctop.com): monthly rent %1 vs depreciation + "
                    "electricity %2 per month (%3); %4 months of planned work, the rule needs "
                    "%5 — %6."
                ),
                format_money(to_display(rule.monthly_rent_cny, rate), code),
                format_money(
                    to_display(rule.depreciation_plus_electricity_cny, rate), code
                ),
                self.tr("rent is higher")
                if rule.rent_exceeds
                else self.tr("rent is lower"),
                str(rule.plan_months),
                str(rule.required_months),
                verdict,
            )
        )

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


class _Details(QWidget):
    """The reasons column, whose preferred size does not lay its text out at
    a width it does not have.

    A scroll area works out its widget's smallest size from the widget's
    size hint whenever the layout changes, and a widget with a layout
    answers with the height of its text at its preferred width: the long
    labels were laid out a second time, at that width, after every edit on
    the budget step (about 3 ms of an edit), for a figure the scroll area
    then drops (the smallest size of a widget that may shrink is its
    minimum size hint). The hint here is the layout's own: each label's
    height at the width it has (kept by :class:`LongTextLabel`).
    """

    @override
    def sizeHint(self) -> QSize:
        layout = self.layout()
        return layout.sizeHint() if layout is not None else super().sizeHint()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


_RANK_SIGNS: Final = {"same_as": "= ", "at_risk": "⚠ ", "infeasible": "✗ "}
"""The sign before an option's name in the options table when it holds no
rank (its words are the tooltip and the screen reader's text)."""


def _rank_kind(option: OptionResult) -> str:
    """Why an option holds no rank ("" when it holds one)."""
    if not option.feasible:
        return "infeasible"
    if option.same_as is not None:
        return "same_as"
    return "at_risk" if option.at_risk_cny is not None else ""


def _scroll_to_row(table: QTableWidget, row: int) -> None:
    """Scroll ``table`` so that ``row`` is in view (the recommended option)."""
    item = table.item(row, 0)
    if item is None:
        return
    table.scrollToItem(item, QAbstractItemView.ScrollHint.EnsureVisible)
    rect = table.visualItemRect(item)
    parent = table.parentWidget()
    while parent is not None:  # the results panel scrolls as a whole
        content = parent.widget() if isinstance(parent, QScrollArea) else None
        if isinstance(parent, QScrollArea) and content is not None:
            centre = table.viewport().mapTo(content, rect.center())
            parent.ensureVisible(centre.x(), centre.y(), 10, rect.height())
            break
        parent = parent.parentWidget()
