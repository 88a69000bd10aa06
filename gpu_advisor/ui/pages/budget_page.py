"""Step 2 of the wizard: the budget form — CAPEX versus OPEX, options compared.

The left half is the form: every input of
:class:`~gpu_advisor.model.project.Budget`, grouped in collapsible sections
(options to compare, situation, renting, owning, add-ons). Fields whose
``None`` means "the catalog's figure" are
:class:`~gpu_advisor.ui.widgets.bound.OptionalNumberField`: they show the
resolved default greyed out, with its source and date on hover, until the
user ticks "Own value". Every edit is one undoable step through
:meth:`ProjectSession.apply` (STYLE.md §5).

The right half shows the engine's results for the current project: the
cumulative cost, the monthly cash flow, the tornado and the Monte Carlo
(which runs in a pool thread, :mod:`gpu_advisor.ui.workers`), and the
:class:`RecommendationPanel` with the options table, break-even and the
seeds' six-month rule. The page computes no figure itself.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable
from pathlib import Path
from typing import Final

from pydantic import ValidationError
from PySide6.QtCore import QEvent, QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)
from typing_extensions import override

from gpu_advisor.engine import explain_keys as keys
from gpu_advisor.engine.cost.resolve import to_display
from gpu_advisor.engine.plan_defaults import PLAN_MONTE_CARLO_DRAWS
from gpu_advisor.io.option_table import write_option_table
from gpu_advisor.io.price_import import PriceImportError, import_prices
from gpu_advisor.model.common import Advice, Explanation, InputRef, Language
from gpu_advisor.model.cost_results import CostResult, MonteCarloResult
from gpu_advisor.model.project import (
    Budget,
    DataResidency,
    OptionId,
    Project,
)
from gpu_advisor.ui.i18n import current_language, current_locale, fill
from gpu_advisor.ui.scenarios import ScenariosPanel
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import (
    ERROR_STYLE,
    FEASIBLE_TEXT,
    INFEASIBLE_TEXT,
    SECONDARY_COLOUR,
    SECONDARY_STYLE,
    WARNING_COLOUR,
    WARNING_STYLE,
)
from gpu_advisor.ui.widgets.bound import (
    BoundCheck,
    BoundCombo,
    BoundDoubleSpin,
    BoundField,
    OptionalNumberField,
    budget_default,
    commit_when_finished,
)
from gpu_advisor.ui.widgets.cost_charts import (
    CashFlowChart,
    CumulativeCostChart,
    MonteCarloChart,
    TornadoChart,
    format_money,
    option_label,
)
from gpu_advisor.ui.widgets.layout import WidthFollowsContent
from gpu_advisor.ui.widgets.refresh import RefreshWhenShown
from gpu_advisor.ui.widgets.why import WhyButton
from gpu_advisor.ui.workers import MONTE_CARLO_SEED, MonteCarloRunner

_FORM_MIN_WIDTH_PX: Final = 440
_DETAILS_MIN_WIDTH_PX: Final = 120
"""The reasons beside the options table: at least a few words a line."""
_DETAILS_MIN_HEIGHT_PX: Final = 60
_MC_DEBOUNCE_MS: Final = 500
_CHARTS_MIN_HEIGHT_PX: Final = 200
"""The chart tabs keep at least this much of a short window (1280×720)."""
_MC_DEFAULT_DRAWS: Final = PLAN_MONTE_CARLO_DRAWS


def _bounds(key: str) -> tuple[float, float]:
    """Spin range of ``Budget.<key>`` from its schema (gt bounds become the
    bound itself, so that pydantic's message appears beside the field)."""
    low, high = 0.0, 1e9
    for item in Budget.model_fields[key].metadata:
        for attr in ("ge", "gt"):
            if hasattr(item, attr):
                low = float(getattr(item, attr))
        if hasattr(item, "le"):
            high = float(item.le)
    return low, high


class CollapsibleSection(QFrame):
    """A titled box whose body folds away with a click on the title."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.toggle = QToolButton()
        self.toggle.setCheckable(True)
        self.toggle.setChecked(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.DownArrow)
        self.toggle.setStyleSheet("QToolButton { border: none; font-weight: bold; }")
        self.toggle.setSizePolicy(
            QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed
        )
        self.body = QWidget()
        self.form = QFormLayout(self.body)
        self.form.setFieldGrowthPolicy(
            QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow
        )
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.form.setContentsMargins(8, 0, 4, 6)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(2)
        layout.addWidget(self.toggle)
        layout.addWidget(self.body)
        self.toggle.toggled.connect(self.set_expanded)

    def set_expanded(self, expanded: bool) -> None:
        with QSignalBlocker(self.toggle):
            self.toggle.setChecked(expanded)
        self.toggle.setArrowType(
            Qt.ArrowType.DownArrow if expanded else Qt.ArrowType.RightArrow
        )
        self.body.setVisible(expanded)

    @property
    def expanded(self) -> bool:
        return self.toggle.isChecked()


class CellWhyButton(WhyButton):
    """A "why?" button small enough for a table cell: a bare "?" (the
    translated words stay in the tooltip and the accessible name)."""

    @override
    def retranslate_ui(self) -> None:
        super().retranslate_ui()
        self.setText("?")


def _advice_language() -> Language:
    return Language.ZH if current_language().startswith("zh") else Language.EN


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
        self.headline = QLabel(wordWrap=True)
        font = QFont(self.headline.font())
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        self.headline.setFont(font)
        self.mix_label = QLabel(wordWrap=True)
        self.reasons_label = QLabel(wordWrap=True)
        self.reasons_label.setTextFormat(Qt.TextFormat.RichText)
        self.warnings_label = QLabel(wordWrap=True)
        self.warnings_label.setTextFormat(Qt.TextFormat.RichText)
        for label in (self.reasons_label, self.warnings_label):
            label.setOpenExternalLinks(False)
            label.linkActivated.connect(self._on_link)
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
        self.break_even_label = QLabel(wordWrap=True)
        self.break_even_why = WhyButton(
            keys.BREAK_EVEN_UTILIZATION, self._explanations, session=session
        )
        self.break_even_month_why = WhyButton(
            keys.BREAK_EVEN_MONTH, self._explanations, session=session
        )
        self.six_month_label = QLabel(wordWrap=True)
        self.six_month_why = WhyButton(
            keys.SIX_MONTH_RULE, self._explanations, session=session
        )
        self.mix_why = WhyButton(keys.MIX_BASELINE, self._explanations, session=session)
        self.vat_label = QLabel(wordWrap=True)
        self.vat_label.setStyleSheet(SECONDARY_STYLE)
        self.includes_label = QLabel(wordWrap=True)
        """What each option's figure includes: the engine's sentences."""
        self.includes_label.setTextFormat(Qt.TextFormat.RichText)
        self.includes_label.setStyleSheet(SECONDARY_STYLE)
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
        # Left: the answer and every option, the table always whole (never a
        # scroll bar of its own). Right: the reasons behind it, scrolling.
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        options = QWidget()
        options_layout = QVBoxLayout(options)
        options_layout.setContentsMargins(4, 4, 4, 4)
        options_layout.addWidget(self.headline)
        options_layout.addWidget(self.table)
        options_layout.addStretch(1)
        details = QWidget()
        details_layout = QVBoxLayout(details)
        details_layout.setContentsMargins(4, 4, 4, 4)
        details_layout.addLayout(mix_row)
        details_layout.addWidget(self.includes_label)
        details_layout.addLayout(be_row)
        details_layout.addLayout(rule_row)
        details_layout.addWidget(self.reasons_label)
        details_layout.addWidget(self.warnings_label)
        details_layout.addWidget(self.vat_label)
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
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(options)
        self.splitter.addWidget(self.details_scroll)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        self._cost: CostResult | None = None

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

        if self._cost is not None:
            self.set_result(self._cost)

    def _advice_html(self, items: list[Advice], style: str = "") -> str:
        language = _advice_language()
        rows = []
        for advice in items:
            links = ", ".join(
                f'<a href="input:{name}">{self._input_label(name)}</a>'
                for name in advice.inputs
            )
            based_on = self.tr("Based on:")
            inputs = (
                f'<br/><span style="color:{SECONDARY_COLOUR};">{based_on} {links}</span>'
                if links
                else ""
            )
            rows.append(f"<li{style}>{_escape(advice.message(language))}{inputs}</li>")
        return f"<ul style='margin-left:-20px;'>{''.join(rows)}</ul>" if rows else ""

    def set_result(self, cost: CostResult) -> None:
        """Show ``cost`` (the current evaluation's cost result)."""
        self._cost = cost
        rec = cost.recommendation
        code, rate = cost.currency.code, cost.currency.cny_per_unit
        locale = current_locale()
        self.headline.setText(
            self.tr("Recommendation: %1").replace("%1", option_label(rec.option))
        )
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
        reasons = self._advice_html(rec.reasons)
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
        self._fill_table(cost, code, rate)
        self._show_break_even(cost)
        self.vat_label.setText(
            cost.currency.vat_note_zh
            if _advice_language() is Language.ZH
            else cost.currency.vat_note_en
        )

    def _fill_table(self, cost: CostResult, code: str, rate: float) -> None:
        locale = current_locale()
        table = self.table
        ids = [o.id for o in cost.options]
        if list(dict.fromkeys(o for o, _f in self.why_buttons)) != ids:
            for row in range(table.rowCount()):
                for column in self.EXPLAINED_COLUMNS:
                    table.removeCellWidget(row, column)
            self.why_buttons = {}
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
        for row, option in enumerate(cost.options):
            per_hour = (
                format_money(
                    to_display(option.cost_per_useful_gpu_hour_cny, rate), code, 2
                )
                if option.cost_per_useful_gpu_hour_cny is not None
                else "—"
            )
            cells = [
                option_label(option.id),
                format_money(to_display(option.total_cny, rate), code),
                format_money(to_display(option.npv_cny, rate), code),
                per_hour,
                f"{locale.toString(option.utilization * 100, 'f', 0)} %",
            ]
            recommended = option.id == cost.recommendation.option
            zh = _advice_language() is Language.ZH
            reason = option.reason_zh if zh else option.reason_en
            scope = option.includes_zh if zh else option.includes_en
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
                item.setForeground(
                    INFEASIBLE_TEXT if not option.feasible else FEASIBLE_TEXT
                )
                item.setToolTip(
                    reason
                    if not option.feasible and reason
                    else scope
                    if not column
                    else ""
                )
        self._show_includes(cost)
        table.resizeColumnsToContents()
        if cost.recommendation.option in ids:  # small windows: keep it in view
            row = ids.index(cost.recommendation.option)
            # after the layout gave the table its height (first show)
            QTimer.singleShot(0, table, lambda: _scroll_to_row(table, row))
        # ResizeToContents ignores the cell widgets: leave room for the button
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
        self._fit_table()

    def _fit_table(self) -> None:
        """Make the table exactly as large as its rows and columns: the page
        gives it room before the charts, so it never hides a row."""
        table = self.table
        frame = 2 * table.frameWidth()
        height = table.horizontalHeader().sizeHint().height()
        height += sum(table.rowHeight(row) for row in range(table.rowCount()))
        width = sum(table.columnWidth(c) for c in range(table.columnCount()))
        table.setFixedSize(width + frame, height + frame)

    def _show_includes(self, cost: CostResult) -> None:
        """One line per option: its name and the engine's sentence of what it includes."""
        zh = _advice_language() is Language.ZH
        lines = [
            f"<b>{html.escape(option_label(o.id))}</b>{'：' if zh else ': '}"
            f"{html.escape(o.includes_zh if zh else o.includes_en)}"
            for o in cost.options
            if (o.includes_zh if zh else o.includes_en)
        ]
        self.includes_label.setText("<br>".join(lines))
        self.includes_label.setVisible(bool(lines))

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


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class BudgetPage(QWizardPage):
    """Budget inputs, the options compared, and the recommendation."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.outputs = RefreshWhenShown(self, self._refresh_outputs)
        self._was_complete = True
        self.fields: dict[str, BoundField] = {}
        self._row_labels: dict[str, QLabel] = {}
        self._field_section: dict[str, CollapsibleSection] = {}
        self._shown_project: Project | None = None
        self._mc_project: Project | None = None
        self.monte_carlo: MonteCarloResult | None = None

        self.intro_label = QLabel(wordWrap=True)
        self.sections: dict[str, CollapsibleSection] = {
            name: CollapsibleSection()
            for name in ("options", "situation", "renting", "owning", "addons")
        }
        self.option_checks: dict[OptionId, QCheckBox] = {}
        self.options_error = QLabel(wordWrap=True)
        self.options_error.setStyleSheet(ERROR_STYLE)
        self.options_error.setVisible(False)
        self._build_form()

        form_box = QWidget()
        form_layout = QVBoxLayout(form_box)
        form_layout.setContentsMargins(0, 0, 0, 0)
        self.import_prices_button = QPushButton()
        self.export_table_button = QPushButton()
        self.import_prices_button.clicked.connect(self._on_import_prices)
        self.export_table_button.clicked.connect(self._on_export_table)
        price_row = QHBoxLayout()
        price_row.addWidget(self.import_prices_button)
        price_row.addWidget(self.export_table_button)
        price_row.addStretch(1)
        # The CAPEX/OPEX note scrolls with the form: the charts and the options
        # table keep the height of a short window.
        form_layout.addWidget(self.intro_label)
        form_layout.addLayout(price_row)
        for section in self.sections.values():
            form_layout.addWidget(section)
        form_layout.addStretch(1)
        self.form_scroll = QScrollArea()
        self.form_scroll.setWidgetResizable(True)
        self.form_scroll.setWidget(form_box)
        self._form_width = WidthFollowsContent(self.form_scroll, _FORM_MIN_WIDTH_PX)

        # charts
        self.cumulative_chart = CumulativeCostChart()
        self.cash_flow_chart = CashFlowChart()
        self.cash_flow_combo = QComboBox()
        self.tornado_chart = TornadoChart()
        self.monte_carlo_chart = MonteCarloChart()
        self.mc_run_button = QPushButton()
        self.mc_cancel_button = QPushButton()
        self.mc_cancel_button.setEnabled(False)
        self.mc_draws_spin = QSpinBox(minimum=1000, maximum=100_000, singleStep=1000)
        self.mc_draws_spin.setGroupSeparatorShown(True)
        commit_when_finished(self.mc_draws_spin)
        self.mc_draws_spin.setValue(_MC_DEFAULT_DRAWS)
        self.mc_auto_check = QCheckBox()
        self.mc_auto_check.setChecked(True)
        self.mc_progress = QProgressBar()
        self.mc_progress.setVisible(False)
        self.mc_progress.setMaximumWidth(160)
        self.mc_progress.setTextVisible(True)
        self.mc_progress.setFormat("%p %")
        self.mc_status = QLabel(wordWrap=True)
        self.mc_draws_label = QLabel()
        self.mc_draws_label.setBuddy(self.mc_draws_spin)
        self.cash_flow_option_label = QLabel()
        self.cash_flow_option_label.setBuddy(self.cash_flow_combo)

        self.tabs = QTabWidget()
        self.tabs.addTab(self.cumulative_chart, "")
        cash_tab = QWidget()
        cash_layout = QVBoxLayout(cash_tab)
        cash_layout.setContentsMargins(0, 4, 0, 0)
        cash_row = QHBoxLayout()
        cash_row.addWidget(self.cash_flow_option_label)
        cash_row.addWidget(self.cash_flow_combo)
        cash_row.addStretch(1)
        cash_layout.addLayout(cash_row)
        cash_layout.addWidget(self.cash_flow_chart, 1)
        self.tabs.addTab(cash_tab, "")
        self.tabs.addTab(self.tornado_chart, "")
        mc_tab = QWidget()
        mc_layout = QVBoxLayout(mc_tab)
        mc_layout.setContentsMargins(0, 4, 0, 0)
        mc_row = QHBoxLayout()
        mc_row.addWidget(self.mc_draws_label)
        mc_row.addWidget(self.mc_draws_spin)
        mc_row.addWidget(self.mc_run_button)
        mc_row.addWidget(self.mc_cancel_button)
        mc_row.addWidget(self.mc_progress)
        mc_row.addStretch(1)
        mc_layout.addLayout(mc_row)
        mc_layout.addWidget(self.mc_auto_check)
        mc_layout.addWidget(self.mc_status)
        mc_layout.addWidget(self.monte_carlo_chart, 1)
        self.tabs.addTab(mc_tab, "")
        self.scenarios_panel = ScenariosPanel(session)
        self.tabs.addTab(self.scenarios_panel, "")

        self.recommendation = RecommendationPanel(session, self.input_label)

        # Top: the form and the charts side by side; below them, across the
        # page, the recommendation with its whole options table (a table as
        # wide as the form and the charts together never needs a scroll bar).
        self.top_splitter = QSplitter(Qt.Orientation.Horizontal)
        self.top_splitter.addWidget(self.form_scroll)
        self.top_splitter.addWidget(self.tabs)
        self.top_splitter.setStretchFactor(0, 2)
        self.top_splitter.setStretchFactor(1, 3)
        self.top_splitter.setChildrenCollapsible(False)
        self.tabs.setMinimumHeight(_CHARTS_MIN_HEIGHT_PX)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(self.top_splitter)
        self.splitter.addWidget(self.recommendation)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter, 1)

        # Monte Carlo in a pool thread
        self.runner = MonteCarloRunner(parent=self)
        self._mc_timer = QTimer(self, singleShot=True, interval=_MC_DEBOUNCE_MS)
        self._mc_timer.timeout.connect(self.run_monte_carlo)
        self.runner.started.connect(self._on_mc_started)
        self.runner.progress.connect(self._on_mc_progress)
        self.runner.result_ready.connect(self._on_mc_result)
        self.runner.failed.connect(self._on_mc_failed)
        self.runner.cancelled.connect(self._on_mc_cancelled)
        self.mc_run_button.clicked.connect(self.run_monte_carlo)
        self.mc_cancel_button.clicked.connect(self.runner.cancel)
        self.mc_draws_spin.valueChanged.connect(self._on_mc_draws_changed)
        self.cash_flow_combo.currentIndexChanged.connect(self._on_cash_flow_option)
        self.recommendation.input_activated.connect(self.focus_input)

        self.retranslate_ui()
        session.project_changed.connect(self._on_project_changed)
        self._on_project_changed(session.project)
        self._mc_timer.stop()  # the first run waits for initializePage()

    # --- form ------------------------------------------------------------------------

    def _optional(
        self,
        section: str,
        key: str,
        *,
        decimals: int = 2,
        step: float = 1.0,
        integer: bool = False,
        default: Callable[[ProjectSession], InputRef | None] | None = None,
    ) -> None:
        low, high = _bounds(key)
        field = OptionalNumberField(
            self._session,
            f"budget.{key}",
            minimum=low,
            maximum=high,
            decimals=decimals,
            step=step,
            integer=integer,
            default=default or budget_default(key),
            suffix=functools.partial(self._suffix, key),
            label=functools.partial(self._label_text, key),
        )
        self._add_row(section, key, field)

    def _number(
        self, section: str, key: str, *, decimals: int = 1, step: float = 1.0
    ) -> None:
        low, high = _bounds(key)
        field = BoundDoubleSpin(
            self._session,
            f"budget.{key}",
            minimum=low,
            maximum=high,
            decimals=decimals,
            step=step,
            suffix=functools.partial(self._suffix, key),
            label=functools.partial(self._label_text, key),
        )
        self._add_row(section, key, field)

    def _check(self, section: str, key: str) -> None:
        field = BoundCheck(
            self._session,
            f"budget.{key}",
            text=functools.partial(self._label_text, key),
        )
        self._add_row(section, key, field, with_label=False)

    def _add_row(
        self, section: str, key: str, field: BoundField, *, with_label: bool = True
    ) -> None:
        self.fields[key] = field
        self._field_section[key] = self.sections[section]
        field.error_changed.connect(self._on_field_error)
        form = self.sections[section].form
        if with_label:
            label = QLabel(wordWrap=True)
            label.setBuddy(field)
            self._row_labels[key] = label
            form.addRow(label, field)
        else:
            form.addRow(field)

    def _owned_gpus_default(self, session: ProjectSession) -> InputRef | None:
        for option in session.evaluation.cost.options:
            if option.id in (OptionId.COLOCATION, OptionId.SELF_BUILD):
                return InputRef(
                    name="budget.owned_gpus",
                    value=option.gpus,
                    unit="",
                    source=self.tr(
                        "engine: peak monthly demand ÷ 730 hours, rounded up"
                    ),
                )
        return None

    def _rule_default(
        self, catalog_key: str, template: Callable[[], str]
    ) -> Callable[[ProjectSession], InputRef | None]:
        """A default that is a rule, not a number (shown as text, spin says auto)."""
        inner = budget_default(catalog_key)

        def provide(session: ProjectSession) -> InputRef | None:
            ref = inner(session)
            if ref is None or not isinstance(ref.value, int | float):
                return None
            shown = current_locale().toString(float(ref.value), "g", 6)
            return InputRef(
                name=ref.name,
                value=template().replace("%1", shown),
                unit="",
                source=ref.source,
                confirmed=ref.confirmed,
            )

        return provide

    def _build_form(self) -> None:
        # options to compare
        grid = QGridLayout()
        for index, option in enumerate(OptionId):
            check = QCheckBox()
            check.toggled.connect(self._on_options_changed)
            self.option_checks[option] = check
            grid.addWidget(check, index // 2, index % 2)
        options_box = QWidget()
        options_layout = QVBoxLayout(options_box)
        options_layout.setContentsMargins(0, 0, 0, 0)
        options_layout.addLayout(grid)
        options_layout.addWidget(self.options_error)
        self.sections["options"].form.addRow(options_box)
        # situation (the seeds' decision rules)
        self.fields["data_residency"] = BoundCombo(
            self._session,
            "budget.data_residency",
            [
                (DataResidency.NONE, lambda: self.tr("No restriction")),
                (DataResidency.CITY, lambda: self.tr("Must stay in the city")),
                (DataResidency.COUNTRY, lambda: self.tr("Must stay in the country")),
                (
                    DataResidency.OWN_HARDWARE,
                    lambda: self.tr("Must stay on hardware we own"),
                ),
            ],
            label=lambda: self._label_text("data_residency"),
        )
        self._field_section["data_residency"] = self.sections["situation"]
        label = QLabel(wordWrap=True)
        label.setBuddy(self.fields["data_residency"])
        self._row_labels["data_residency"] = label
        self.sections["situation"].form.addRow(label, self.fields["data_residency"])
        self.fields["data_residency"].error_changed.connect(self._on_field_error)
        for key in ("has_machine_room", "has_ops_staff", "has_spare_cash"):
            self._check("situation", key)
        # renting
        self._optional("renting", "on_demand_cny_per_gpu_hour", decimals=2, step=0.5)
        self._number("renting", "billing_granularity_hours", decimals=2, step=1.0)
        self._optional("renting", "monthly_cny_per_gpu_month", decimals=0, step=100)
        self._optional("renting", "yearly_price_factor", decimals=3, step=0.025)
        self._optional("renting", "spot_price_factor", decimals=2, step=0.05)
        self._optional(
            "renting", "spot_interruptions_per_100_hours", decimals=1, step=0.5
        )
        self._optional("renting", "restart_hours", decimals=2, step=0.25)
        self._check("renting", "checkpointing")
        # owning
        self._optional(
            "owning", "owned_gpus", integer=True, default=self._owned_gpus_default
        )
        self._optional("owning", "gpu_price_cny", decimals=0, step=1000)
        self._optional("owning", "server_cny_per_server", decimals=0, step=1000)
        self._optional("owning", "network_fraction_of_hardware", decimals=2, step=0.01)
        self._number("owning", "storage_tb", decimals=1, step=10)
        self._optional("owning", "storage_cny_per_tb", decimals=0, step=100)
        self._optional("owning", "hardware_life_years", decimals=1, step=0.5)
        self._optional("owning", "residual_fraction", decimals=2, step=0.05)
        self._optional("owning", "server_overhead_w_per_gpu", decimals=0, step=10)
        self._optional("owning", "gpu_load_factor", decimals=2, step=0.05)
        self._optional("owning", "electricity_cny_per_kwh", decimals=3, step=0.05)
        self._optional("owning", "pue", decimals=2, step=0.05)
        self._optional("owning", "rack_cny_per_month", decimals=0, step=500)
        self._optional(
            "owning",
            "ops_fte",
            decimals=2,
            step=0.25,
            default=self._rule_default(
                "ops_fte_per_100_gpus", lambda: self.tr("%1 FTE per 100 cards")
            ),
        )
        self._optional("owning", "ops_salary_cny_per_year", decimals=0, step=10_000)
        self._optional("owning", "maintenance_fraction_per_year", decimals=3, step=0.01)
        self._optional("owning", "deposit_months", decimals=1, step=0.5)
        self._optional("owning", "financing_rate_per_year", decimals=3, step=0.005)
        self._optional("owning", "discount_rate_per_year", decimals=3, step=0.005)
        self._optional(
            "owning",
            "retrofit_cny",
            decimals=0,
            step=10_000,
            default=self._rule_default(
                "retrofit_cny_per_kw", lambda: self.tr("%1 CNY per kW of IT load")
            ),
        )
        self._optional("owning", "idc_bandwidth_cny_per_month", decimals=0, step=500)
        # add-ons
        self.addons_note = QLabel(wordWrap=True)
        self.addons_note.setStyleSheet(WARNING_STYLE)
        self.sections["addons"].form.addRow(self.addons_note)
        self._number("addons", "shared_storage_tb", decimals=1, step=10)
        self._optional("addons", "shared_storage_cny_per_tb_month", decimals=0, step=50)
        self._number("addons", "egress_tb_per_month", decimals=1, step=1)
        self._optional("addons", "egress_cny_per_tb", decimals=0, step=50)
        self._number("addons", "public_bandwidth_mbps", decimals=0, step=10)
        self._optional(
            "addons", "public_bandwidth_cny_per_mbps_month", decimals=0, step=5
        )
        self.network_note = QLabel(wordWrap=True)
        self.network_note.setStyleSheet(SECONDARY_STYLE)
        self.sections["owning"].form.insertRow(
            self._form_row("owning", "network_fraction_of_hardware") + 1,
            "",
            self.network_note,
        )

    def _form_row(self, section: str, key: str) -> int:
        form = self.sections[section].form
        for row in range(form.rowCount()):
            item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            if item is not None and item.widget() is self.fields[key]:
                return row
        return form.rowCount() - 1

    # --- texts -----------------------------------------------------------------------

    def _label_text(self, key: str) -> str:
        texts = {
            "on_demand_cny_per_gpu_hour": self.tr("On-demand price"),
            "billing_granularity_hours": self.tr("Billing granularity"),
            "monthly_cny_per_gpu_month": self.tr("Monthly rental price"),
            "yearly_price_factor": self.tr("Yearly price (× monthly)"),
            "spot_price_factor": self.tr("Spot price (× on-demand)"),
            "spot_interruptions_per_100_hours": self.tr(
                "Spot reclaims per instance (server)"
            ),
            "restart_hours": self.tr("Restart time after an interruption"),
            "checkpointing": self.tr("Training writes checkpoints (needed for spot)"),
            "owned_gpus": self.tr("Cards to buy"),
            "gpu_price_cny": self.tr("Card price"),
            "server_cny_per_server": self.tr("Server chassis price"),
            "network_fraction_of_hardware": self.tr("Network (share of hardware)"),
            "storage_tb": self.tr("Own storage"),
            "storage_cny_per_tb": self.tr("Storage price"),
            "hardware_life_years": self.tr("Hardware life"),
            "residual_fraction": self.tr("Residual value (share)"),
            "server_overhead_w_per_gpu": self.tr("Server overhead power"),
            "gpu_load_factor": self.tr("Average GPU load (× TDP)"),
            "electricity_cny_per_kwh": self.tr("Electricity tariff"),
            "pue": self.tr("PUE"),
            "rack_cny_per_month": self.tr("Rack rent"),
            "ops_fte": self.tr("Operations staff"),
            "ops_salary_cny_per_year": self.tr("Staff cost per person"),
            "maintenance_fraction_per_year": self.tr(
                "Maintenance and spares (share/yr)"
            ),
            "deposit_months": self.tr("Deposit"),
            "financing_rate_per_year": self.tr("Financing rate"),
            "discount_rate_per_year": self.tr("Discount rate (for NPV)"),
            "retrofit_cny": self.tr("Room retrofit (self-build)"),
            "idc_bandwidth_cny_per_month": self.tr("IDC bandwidth"),
            "shared_storage_tb": self.tr("Shared storage"),
            "shared_storage_cny_per_tb_month": self.tr("Shared storage price"),
            "egress_tb_per_month": self.tr("Outbound traffic"),
            "egress_cny_per_tb": self.tr("Traffic price"),
            "public_bandwidth_mbps": self.tr("Public bandwidth"),
            "public_bandwidth_cny_per_mbps_month": self.tr("Bandwidth price"),
            "data_residency": self.tr("Data residency"),
            "has_machine_room": self.tr("We have a machine room (power, cooling)"),
            "has_ops_staff": self.tr("We have staff to run GPU servers"),
            "has_spare_cash": self.tr("We have spare cash to pay up front"),
        }
        return texts.get(key, key)

    def _suffix(self, key: str) -> str:
        suffixes = {
            "on_demand_cny_per_gpu_hour": self.tr(" CNY/card-hour"),
            "billing_granularity_hours": self.tr(" h"),
            "monthly_cny_per_gpu_month": self.tr(" CNY/card-month"),
            "yearly_price_factor": self.tr(" ×"),
            "spot_price_factor": self.tr(" ×"),
            "spot_interruptions_per_100_hours": self.tr(" per 100 h"),
            "restart_hours": self.tr(" h"),
            "owned_gpus": self.tr(" cards"),
            "gpu_price_cny": self.tr(" CNY/card"),
            "server_cny_per_server": self.tr(" CNY/server"),
            "network_fraction_of_hardware": self.tr(" ×"),
            "storage_tb": " TB",
            "storage_cny_per_tb": self.tr(" CNY/TB"),
            "hardware_life_years": self.tr(" years"),
            "residual_fraction": self.tr(" ×"),
            "server_overhead_w_per_gpu": self.tr(" W/card"),
            "gpu_load_factor": self.tr(" ×"),
            "electricity_cny_per_kwh": self.tr(" CNY/kWh"),
            "pue": "",
            "rack_cny_per_month": self.tr(" CNY/rack-month"),
            "ops_fte": self.tr(" FTE"),
            "ops_salary_cny_per_year": self.tr(" CNY/year"),
            "maintenance_fraction_per_year": self.tr(" ×/year"),
            "deposit_months": self.tr(" months"),
            "financing_rate_per_year": self.tr(" ×/year"),
            "discount_rate_per_year": self.tr(" ×/year"),
            "retrofit_cny": self.tr(" CNY"),
            "idc_bandwidth_cny_per_month": self.tr(" CNY/month"),
            "shared_storage_tb": " TB",
            "shared_storage_cny_per_tb_month": self.tr(" CNY/TB-month"),
            "egress_tb_per_month": self.tr(" TB/month"),
            "egress_cny_per_tb": self.tr(" CNY/TB"),
            "public_bandwidth_mbps": " Mbps",
            "public_bandwidth_cny_per_mbps_month": self.tr(" CNY/Mbps-month"),
        }
        return suffixes.get(key, "")

    def input_label(self, name: str) -> str:
        """A readable label for a dotted input name (an ``Advice.inputs`` entry)."""
        key = name.removeprefix("budget.")
        if name.startswith("budget.") and key in Budget.model_fields:
            return self._label_text(key)
        others = {
            "demand.months": self.tr("Monthly demand profile"),
            "demand.utilization": self.tr("Utilisation"),
            "meta.horizon_months": self.tr("Planning horizon"),
            "meta.region_id": self.tr("Region"),
            "workload.gpu_id": self.tr("GPU model"),
            "workload.mfu": self.tr("MFU"),
            "workload.checkpoint_interval_hours": self.tr("Checkpoint interval"),
            "vendors": self.tr("Vendors"),
        }
        return others.get(name, name)

    def retranslate_ui(self) -> None:
        self.setTitle(self.tr("Budget"))
        self.setSubTitle(
            self.tr(
                "Compare renting with buying over the planning horizon. Fields left "
                "on their default use the region's and the catalog's figures."
            )
        )
        self.intro_label.setText(
            self.tr(
                "Buying hardware is CAPEX: a large payment up front that is written "
                "off over the hardware's life; renting is OPEX: you pay month by "
                "month for what you use, and stop paying when you stop."
            )
        )
        section_titles = {
            "options": self.tr("Options to compare"),
            "situation": self.tr("Your situation"),
            "renting": self.tr("Renting (cloud and rental platforms)"),
            "owning": self.tr("Owning (colocation or own room)"),
            "addons": self.tr("Add-ons: storage, traffic, bandwidth"),
        }
        for name, section in self.sections.items():
            section.toggle.setText(section_titles[name])
        for option, check in self.option_checks.items():
            check.setText(option_label(option))
        for key, label in self._row_labels.items():
            label.setText(self._label_text(key) + ":")
        self.network_note.setText(
            self.tr(
                "Rule of the Shenzhen article (idctop.com): keep at least 15 % of the "
                "hardware price (0.15) for the network (InfiniBand/RoCE)."
            )
        )
        self.addons_note.setText(
            self.tr(
                "Storage, traffic and bandwidth are billed on top of the cards; "
                "the idctop.com articles warn they can cost more than the compute itself."
            )
        )
        self.tabs.setTabText(0, self.tr("Cumulative cost"))
        self.tabs.setTabText(1, self.tr("Cash flow"))
        self.tabs.setTabText(2, self.tr("Sensitivity"))
        self.tabs.setTabText(3, self.tr("Monte Carlo"))
        self.tabs.setTabText(4, self.scenarios_panel.title())
        # every tab's title in view (no scroll arrows hiding the last ones)
        self.tabs.setMinimumWidth(self.tabs.tabBar().sizeHint().width() + 4)
        self.cash_flow_option_label.setText(self.tr("&Option:"))
        self.mc_draws_label.setText(self.tr("&Draws:"))
        self.mc_run_button.setText(self.tr("&Run"))
        self.mc_cancel_button.setText(self.tr("&Cancel"))
        self.mc_auto_check.setText(self.tr("Re-run after each change"))
        self.import_prices_button.setText(self.tr("Import prices…"))
        self.import_prices_button.setToolTip(
            self.tr(
                "Add the dated prices of a price list or vendor quote (.xlsx or .csv: "
                "columns gpu, item, price, date); they override the catalog."
            )
        )
        self.export_table_button.setText(self.tr("Export option table…"))
        self.export_table_button.setToolTip(
            self.tr("Save the options, their inputs and sources as an .xlsx workbook.")
        )
        for chart in (
            self.cumulative_chart,
            self.cash_flow_chart,
            self.tornado_chart,
            self.monte_carlo_chart,
        ):
            chart.retranslate_ui()
        self.recommendation.retranslate_ui()
        self._fill_cash_flow_combo()
        self._show_mc_status()

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    # --- wizard ----------------------------------------------------------------------

    @override
    def initializePage(self) -> None:
        # QWizard calls this on every arrival; the page follows project_changed
        # already, so only a missed snapshot needs the full refresh.
        if self._shown_project is not self._session.project:
            self._on_project_changed(self._session.project)
        if self.monte_carlo is None and not self.runner.is_running:
            self._schedule_mc(entering=True)

    @override
    def isComplete(self) -> bool:
        return not self.errors()

    def errors(self) -> dict[str, str]:
        """Field errors shown beside the fields, by budget key."""
        return {key: f.error_text for key, f in self.fields.items() if f.has_error}

    def focus_input(self, name: str) -> None:
        """Unfold the section holding ``name`` and put the cursor in its field."""
        key = name.removeprefix("budget.")
        field = self.fields.get(key)
        if field is None:
            return
        section = self._field_section[key]
        section.set_expanded(True)
        self.form_scroll.ensureWidgetVisible(field)
        field.setFocus(Qt.FocusReason.OtherFocusReason)

    def import_prices_from(self, path: Path) -> str | None:
        """Import a price file as one undoable step; the error text, or None."""
        try:
            project = import_prices(self._session.project, path, self._session.catalog)
        except (PriceImportError, ValueError) as exc:
            return str(exc)
        self._session.replace_project(project, self.tr("Import prices"))
        return None

    def export_table_to(self, path: Path) -> str | None:
        """Write the option table workbook; the error text, or None."""
        zh = current_language() is Language.ZH
        try:
            write_option_table(self._session.evaluation.cost, path, zh=zh)
        except OSError as exc:
            return f"{path}: {exc.strerror or exc}"
        return None

    def _on_import_prices(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Import prices"),
            "",
            self.tr("Price lists (*.xlsx *.csv)"),
        )
        if not name:
            return
        error = self.import_prices_from(Path(name))
        if error is not None:
            QMessageBox.warning(self, self.tr("Import prices"), error)

    def _on_export_table(self) -> None:
        name, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export option table"),
            "options.xlsx",
            self.tr("Excel workbooks (*.xlsx)"),
        )
        if not name:
            return
        error = self.export_table_to(Path(name))
        if error is not None:
            QMessageBox.warning(self, self.tr("Export option table"), error)

    def _on_field_error(self, _message: str) -> None:
        self._emit_complete_if_changed()

    def _emit_complete_if_changed(self) -> None:
        """``completeChanged`` only on a real change: QWizard repaints on each one."""
        complete = self.isComplete()
        if complete != self._was_complete:
            self._was_complete = complete
            self.completeChanged.emit()

    # --- widget -> model ---------------------------------------------------------------

    def _on_options_changed(self, _checked: bool) -> None:
        chosen = [o for o in OptionId if self.option_checks[o].isChecked()]
        if not chosen:
            # Refuse to empty the list: the last option stays ticked.
            for option, check in self.option_checks.items():
                with QSignalBlocker(check):
                    check.setChecked(option in self._session.project.budget.options)
            self.options_error.setText(self.tr("Pick at least one option to compare."))
            self.options_error.setVisible(True)
            return
        try:
            self._session.apply(
                "budget.options",
                [str(o) for o in chosen],
                self.tr("Change %1").replace("%1", self.tr("options to compare")),
            )
        except ValidationError as exc:
            self.options_error.setText(str(exc.errors()[0]["msg"]))
            self.options_error.setVisible(True)
        else:
            self.options_error.clear()
            self.options_error.setVisible(False)
        self._emit_complete_if_changed()

    def _on_cash_flow_option(self, index: int) -> None:
        if index < 0 or self._shown_project is None:
            return
        option = OptionId(self.cash_flow_combo.itemData(index))
        self.cash_flow_chart.set_result(self._session.evaluation.cost, option)

    def _on_mc_draws_changed(self, _value: int) -> None:
        self._mark_mc_outdated()

    # --- model -> widget ---------------------------------------------------------------

    def _on_project_changed(self, project: Project) -> None:
        for option, check in self.option_checks.items():
            with QSignalBlocker(check):
                check.setChecked(option in project.budget.options)
        self.options_error.clear()
        self.options_error.setVisible(False)
        self._shown_project = project
        # Charts and the recommendation: at once while shown, else when next shown.
        self.outputs.invalidate()
        if project is not self._mc_project:
            self._mark_mc_outdated()

    def _refresh_outputs(self) -> None:
        cost = self._session.evaluation.cost
        self.cumulative_chart.set_result(cost)
        self._fill_cash_flow_combo()
        self.cash_flow_chart.set_result(cost, self.cash_flow_chart.option)
        self.tornado_chart.set_result(cost)
        self.recommendation.set_result(cost)

    def _fill_cash_flow_combo(self) -> None:
        if self._shown_project is None:
            return
        cost = self._session.evaluation.cost
        current = self.cash_flow_chart.option
        with QSignalBlocker(self.cash_flow_combo):
            self.cash_flow_combo.clear()
            for option in cost.options:
                self.cash_flow_combo.addItem(option_label(option.id), str(option.id))
            index = self.cash_flow_combo.findData(
                str(current) if current is not None else str(cost.recommendation.option)
            )
            self.cash_flow_combo.setCurrentIndex(max(index, 0))

    # --- Monte Carlo -------------------------------------------------------------------

    def run_monte_carlo(self) -> int:
        """Start the Monte Carlo for the current project; returns its generation."""
        self._mc_timer.stop()
        project = self._session.project
        self._mc_project = project
        return self.runner.start(
            project,
            self._session.catalog,
            self.mc_draws_spin.value(),
            MONTE_CARLO_SEED,
        )

    def _mark_mc_outdated(self) -> None:
        """The inputs changed: drop the shown distribution and any running job."""
        self.runner.invalidate()
        self._mc_project = None
        self.monte_carlo = None
        self.monte_carlo_chart.clear_result()
        self._set_mc_running(False)
        self._show_mc_status()
        self._schedule_mc()

    def _schedule_mc(self, *, entering: bool = False) -> None:
        """Re-run the Monte Carlo soon, if asked to and this step is on screen
        (or being entered: the wizard sets its current page after
        ``initializePage``)."""
        wizard = self.wizard()
        current = entering or wizard is None or wizard.currentPage() is self
        if self.mc_auto_check.isChecked() and current:
            self._mc_timer.start()

    def _set_mc_running(self, running: bool) -> None:
        self.mc_run_button.setEnabled(not running)
        self.mc_cancel_button.setEnabled(running)
        self.mc_progress.setVisible(running)

    def _show_mc_status(self, message: str | None = None) -> None:
        if message is None:
            if self.runner.is_running:
                message = self.tr("Drawing prices…")
            elif (
                self.monte_carlo is not None
                and self.monte_carlo.own_minus_rent is not None
            ):
                # never "seed" in what a reader sees: say what it means
                message = fill(
                    self.tr(
                        "%1 draws, the same at every run and in the PDF plan. Each "
                        "bar counts the draws by how much more owning costs than "
                        "renting; green: owning is cheaper. Dashed lines: P10, P50, P90."
                    ),
                    current_locale().toString(self.monte_carlo.draws),
                )
            elif self.monte_carlo is not None:
                message = fill(
                    self.tr(
                        "%1 draws, the same at every run and in the PDF plan. Bars: "
                        "P10 to P90 of each option's total; thick mark: P50."
                    ),
                    current_locale().toString(self.monte_carlo.draws),
                )
            else:
                message = self.tr(
                    "The Monte Carlo draws card, rental and power prices, utilisation "
                    "and MFU from the catalog's ranges."
                )
        self.mc_status.setText(message)

    def _on_mc_started(self, _generation: int) -> None:
        self._set_mc_running(True)
        self.mc_progress.setRange(0, 0)
        self._show_mc_status()

    def _on_mc_progress(self, done: int, total: int) -> None:
        """Chunks done out of ``total``, shown as a percentage (0: busy)."""
        if total > 1:
            self.mc_progress.setRange(0, total)
            self.mc_progress.setValue(done)
        else:
            self.mc_progress.setRange(0, 0)

    def _on_mc_result(self, result: object) -> None:
        self._set_mc_running(False)
        if not isinstance(result, MonteCarloResult):
            self.monte_carlo = None
            self.monte_carlo_chart.clear_result(
                self.tr("Nothing to draw for these options.")
            )
            self._show_mc_status()
            return
        self.monte_carlo = result
        if self._mc_project is not None:  # the review step shows it too
            self._session.set_monte_carlo(self._mc_project, result)
        self.monte_carlo_chart.set_result(result, self._session.evaluation.cost)
        self._show_mc_status()

    def _on_mc_failed(self, message: str) -> None:
        self._set_mc_running(False)
        self.monte_carlo = None
        self.monte_carlo_chart.clear_result(self.tr("The Monte Carlo failed."))
        self._show_mc_status(
            self.tr("The Monte Carlo failed: %1").replace("%1", message)
        )

    def _on_mc_cancelled(self) -> None:
        self._set_mc_running(False)
        self._mc_timer.stop()
        self.monte_carlo = None
        self.monte_carlo_chart.clear_result(self.tr("Monte Carlo cancelled."))
        self._show_mc_status(self.tr("Cancelled. Press Run to start again."))

    @override
    def cleanupPage(self) -> None:
        self._mc_timer.stop()
        super().cleanupPage()


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
