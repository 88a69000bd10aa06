"""Step 2 of the wizard: the budget form — CAPEX versus OPEX, options compared.

The left half is the form: every input of
:class:`~gpu_advisor.model.project.Budget`, grouped in collapsible sections
(options to compare, situation, renting, owning, add-ons). Fields whose
``None`` means "the catalog's figure" are
:class:`~gpu_advisor.ui.widgets.bound.OptionalNumberField`: they show the
resolved default greyed out, with its source and date on hover, until the
user ticks "Own value". Every edit is one undoable step through
:meth:`ProjectSession.apply` (as every page does).

The right half shows the engine's results for the current project: the
cumulative cost, the monthly cash flow, the tornado and the Monte Carlo
(which runs in a pool thread, :mod:`gpu_advisor.ui.workers`), and the
:class:`~gpu_advisor.ui.widgets.recommendation.RecommendationPanel` with the
options table, break-even and the idctop.com article's six-month rule. The
page computes no figure itself.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Final

from pydantic import ValidationError
from PySide6.QtCore import QEvent, QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)
from superqt.utils import QSignalDebouncer
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.engine.api import same_cost_inputs
from gpu_advisor.engine.plan_defaults import PLAN_MONTE_CARLO_DRAWS
from gpu_advisor.io.option_table import write_option_table
from gpu_advisor.io.price_import import PriceImportError, import_prices
from gpu_advisor.model.common import InputRef, Language
from gpu_advisor.model.cost_results import BudgetCap, MonteCarloResult
from gpu_advisor.model.project import (
    Budget,
    DataResidency,
    OptionId,
    Project,
)
from gpu_advisor.report.glossary import input_name
from gpu_advisor.report.sources import source_text
from gpu_advisor.report.text import unit_text
from gpu_advisor.ui.accessibility import follow_labels
from gpu_advisor.ui.i18n import current_language, current_locale, fill, significant
from gpu_advisor.ui.scenarios import ScenariosPanel
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import (
    ERROR_STYLE,
    SECONDARY_STYLE,
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
from gpu_advisor.ui.widgets.collapsible import CollapsibleForm
from gpu_advisor.ui.widgets.cost_charts import (
    CashFlowChart,
    CumulativeCostChart,
    MonteCarloChart,
    TornadoChart,
    option_label,
)
from gpu_advisor.ui.widgets.layout import WidthFollowsContent
from gpu_advisor.ui.widgets.recommendation import RecommendationPanel
from gpu_advisor.ui.widgets.refresh import RefreshWhenShown, same_objects
from gpu_advisor.ui.widgets.wheel_guard import wheel_scrolls_past
from gpu_advisor.ui.workers import MONTE_CARLO_SEED, MonteCarloRunner
from gpu_advisor.words.money import amounts_in, currency_unit

_FORM_MIN_WIDTH_PX: Final = 440
_MC_DEBOUNCE_MS: Final = 500
_CHARTS_MIN_HEIGHT_PX: Final = 200
"""The chart tabs keep at least this much of a short window (1280×720)."""
_MC_DEFAULT_DRAWS: Final = PLAN_MONTE_CARLO_DRAWS
MINUTES_PER_HOUR: Final = 60.0
"""The billing granularity is kept in hours and edited in minutes."""


class BudgetPage(QWizardPage):
    """Budget inputs, the options compared, and the recommendation."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        follow_labels(self)  # screen readers name fields after their labels
        self._session = session
        self.outputs = RefreshWhenShown(self, self._refresh_outputs)
        self._was_complete = True
        self.fields: dict[str, BoundField] = {}
        self._row_labels: dict[str, QLabel] = {}
        self._field_section: dict[str, CollapsibleForm] = {}
        self._shown_project: Project | None = None
        self._mc_project: Project | None = None
        self._labels: tuple[Language | None, dict[str, str]] = (None, {})
        """Input labels (:meth:`_label_texts`) and the language they are in."""
        self._charts_shown: set[int] = set()
        """Chart tabs that show the current result."""
        self._shown_cost: tuple[object, ...] | None = None
        """The result and language on screen (compared by identity)."""
        self.monte_carlo: MonteCarloResult | None = None

        self.intro_label = QLabel(wordWrap=True)
        self.sections: dict[str, CollapsibleForm] = {
            name: CollapsibleForm()
            for name in ("options", "situation", "renting", "owning", "addons")
        }
        self.option_checks: dict[OptionId, QCheckBox] = {}
        self.options_error = QLabel(wordWrap=True)
        self.options_error.setStyleSheet(ERROR_STYLE)
        self.options_error.setVisible(False)
        self._build_form()
        self._build_form_scroll()
        self._build_charts()
        self._build_chart_tabs()
        self.recommendation = RecommendationPanel(session, self.input_label)
        self._build_splitters()
        self._build_monte_carlo_runner()
        self.cash_flow_combo.currentIndexChanged.connect(self._on_cash_flow_option)
        self.tabs.currentChanged.connect(self.show_chart_tab)
        self.recommendation.input_activated.connect(self.focus_input)

        self.retranslate_ui()
        session.project_changed.connect(self._on_project_changed)
        self._on_project_changed(session.project)
        self._mc_later.cancel()  # the first run waits for initializePage()

    # --- building ------------------------------------------------------------------

    def _build_form_scroll(self) -> None:
        """The intro, the price buttons and the form sections, scrolling."""
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

    def _build_charts(self) -> None:
        """The charts and the Monte Carlo controls."""
        self.cumulative_chart = CumulativeCostChart()
        self.cash_flow_chart = CashFlowChart()
        self.cash_flow_combo = QComboBox()
        wheel_scrolls_past(self.cash_flow_combo)
        self.tornado_chart = TornadoChart()
        self.monte_carlo_chart = MonteCarloChart()
        # A result that arrives while the chart is hidden (another step, another
        # tab) is drawn when the chart is shown: it took a fifth of a step switch.
        self.mc_chart_outputs = RefreshWhenShown(
            self.monte_carlo_chart, self._draw_monte_carlo
        )
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

    def _build_chart_tabs(self) -> None:
        """One tab per chart (with its controls), then the scenarios."""
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
        self.scenarios_panel = ScenariosPanel(self._session)
        self.tabs.addTab(self.scenarios_panel, "")

    def _build_splitters(self) -> None:
        """Form and charts side by side, the recommendation below them."""
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

    def _build_monte_carlo_runner(self) -> None:
        """The background runner, its debouncer and the Monte Carlo buttons."""
        self.runner = MonteCarloRunner(parent=self)
        self._mc_later = QSignalDebouncer(parent=self)
        self._mc_later.setTimeout(_MC_DEBOUNCE_MS)
        self._mc_later.triggered.connect(self.run_monte_carlo)
        self.runner.started.connect(self._on_mc_started)
        self.runner.progress.connect(self._on_mc_progress)
        self.runner.result_ready.connect(self._on_mc_result)
        self.runner.failed.connect(self._on_mc_failed)
        self.runner.cancelled.connect(self._on_mc_cancelled)
        self.mc_run_button.clicked.connect(self.run_monte_carlo)
        self.mc_cancel_button.clicked.connect(self.runner.cancel)
        self.mc_draws_spin.valueChanged.connect(self._on_mc_draws_changed)

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
        field = OptionalNumberField(  # in the model's range (model_bounds)
            self._session,
            f"budget.{key}",
            decimals=decimals,
            step=step,
            integer=integer,
            default=default or budget_default(key),
            suffix=functools.partial(self._suffix, key),
            label=functools.partial(self._label_text, key),
        )
        self._add_row(section, key, field)

    def _number(
        self,
        section: str,
        key: str,
        *,
        decimals: int = 1,
        step: float = 1.0,
        scale: float = 1.0,
    ) -> None:
        field = BoundDoubleSpin(  # in the model's range (model_bounds), scaled
            self._session,
            f"budget.{key}",
            decimals=decimals,
            step=step,
            scale=scale,
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
            shown = significant(float(ref.value), 6)
            return InputRef(
                name=ref.name,
                value=template().replace("%1", shown),
                unit="",
                source=ref.source,
                confirmed=ref.confirmed,
            )

        return provide

    def _build_form(self) -> None:
        """Fill the form sections: options, situation, renting, owning, add-ons."""
        self._build_options_section()
        self._build_situation_section()
        self._build_renting_section()
        self._build_owning_section()
        self._build_addons_section()

    def _build_options_section(self) -> None:
        """One check box per option to compare, two per row."""
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

    def _build_situation_section(self) -> None:
        """The situation that decides between the options (data residency, means)."""
        self._combo(
            "situation",
            "data_residency",
            [
                (DataResidency.NONE, lambda: self.tr("No restriction")),
                (DataResidency.CITY, lambda: self.tr("Must stay in the city")),
                (DataResidency.COUNTRY, lambda: self.tr("Must stay in the country")),
                (
                    DataResidency.OWN_HARDWARE,
                    lambda: self.tr("Must stay on hardware we own"),
                ),
            ],
        )
        for key in ("has_machine_room", "has_ops_staff", "has_spare_cash"):
            self._check("situation", key)
        self._build_cap()

    def _build_cap(self) -> None:
        """The budget cap, typed in the plan's currency and kept in CNY, and
        the engine's sentence on the recommendation against it."""
        field = OptionalNumberField(
            self._session,
            "budget.cap_cny",
            decimals=0,
            step=100_000,
            suffix=lambda: (
                " "
                + currency_unit(  # USD, 美元: as the sentence says
                    current_language(), self._session.evaluation.cost.currency.code
                )
            ),
            toggle_text=lambda: self.tr("Cap"),
            none_text=lambda: self.tr("no cap"),
            label=functools.partial(self._label_text, "cap_cny"),
            scale=lambda: 1.0 / self._session.evaluation.cost.currency.cny_per_unit,
        )
        self._add_row("situation", "cap_cny", field)
        self.cap_label = QLabel(wordWrap=True)
        self.cap_label.setVisible(False)
        self.sections["situation"].form.addRow(self.cap_label)

    def _build_renting_section(self) -> None:
        """Rental prices, spot interruptions and checkpointing."""
        self._optional("renting", "on_demand_cny_per_gpu_hour", decimals=2, step=0.5)
        # kept in hours, edited in minutes: 1 minute is saved as exactly 1/60 h
        # (in hours with 2 decimals it showed and re-saved as 0.02 h)
        self._number(
            "renting",
            "billing_granularity_hours",
            decimals=2,
            step=1.0,
            scale=MINUTES_PER_HOUR,
        )
        self._optional("renting", "monthly_cny_per_gpu_month", decimals=0, step=100)
        self._optional("renting", "yearly_price_factor", decimals=3, step=0.025)
        # how often 包年 is billed, each bill paid in advance
        self._combo(
            "renting",
            "yearly_billing_months",
            [
                (None, lambda: self.tr("The whole year up front")),
                (6, lambda: self.tr("Every six months in advance")),
                (3, lambda: self.tr("Quarterly in advance")),
                (1, lambda: self.tr("Monthly in advance")),
            ],
        )
        self._optional("renting", "spot_price_factor", decimals=2, step=0.05)
        self._optional(
            "renting", "spot_interruptions_per_100_hours", decimals=1, step=0.5
        )
        self._optional("renting", "restart_hours", decimals=2, step=0.25)
        self._optional("renting", "spot_capacity_share", decimals=2, step=0.05)
        self._optional("renting", "spot_wait_hours", decimals=1, step=1.0)
        self._check("renting", "checkpointing")

    def _combo(
        self, section: str, key: str, items: list[tuple[object, Callable[[], str]]]
    ) -> None:
        """A choice field of ``budget.<key>`` with its label in ``section``."""
        self.fields[key] = BoundCombo(
            self._session,
            f"budget.{key}",
            items,
            label=lambda: self._label_text(key),
        )
        self._field_section[key] = self.sections[section]
        label = QLabel(wordWrap=True)
        label.setBuddy(self.fields[key])
        self._row_labels[key] = label
        self.sections[section].form.addRow(label, self.fields[key])
        self.fields[key].error_changed.connect(self._on_field_error)

    def _build_owning_section(self) -> None:
        """Buying and running cards (hardware, power, room, staff, money)."""
        self._optional(
            "owning", "owned_gpus", integer=True, default=self._owned_gpus_default
        )
        self._optional("owning", "gpu_price_cny", decimals=0, step=1000)
        self._optional("owning", "server_cny_per_server", decimals=0, step=1000)
        self._optional("owning", "network_fraction_of_hardware", decimals=2, step=0.01)
        self._number("owning", "storage_tb", decimals=1, step=10)
        self._optional("owning", "storage_cny_per_tb", decimals=0, step=100)
        self._optional("owning", "hardware_life_years", decimals=2, step=0.5)
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
        self.network_note = QLabel(wordWrap=True)
        self.network_note.setStyleSheet(SECONDARY_STYLE)
        self.sections["owning"].form.insertRow(
            self._form_row("owning", "network_fraction_of_hardware") + 1,
            "",
            self.network_note,
        )

    def _build_addons_section(self) -> None:
        """Shared storage, egress and public bandwidth (with their note)."""
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

    def _form_row(self, section: str, key: str) -> int:
        form = self.sections[section].form
        for row in range(form.rowCount()):
            item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            if item is not None and item.widget() is self.fields[key]:
                return row
        return form.rowCount() - 1

    # --- texts -----------------------------------------------------------------------

    def _label_text(self, key: str) -> str:
        """The label of a ``Budget`` field, or of a dotted input outside this
        step (``meta.horizon_months``); translated once per language."""
        language = current_language()
        if self._labels[0] is not language:
            self._labels = (language, self._label_texts())
        return self._labels[1].get(key, key)

    def _label_texts(self) -> dict[str, str]:
        """Each budget field's label (by ``Budget`` field name), then the
        inputs of other steps a reason may name (by dotted name)."""
        return {
            "on_demand_cny_per_gpu_hour": self.tr("On-demand price"),
            "cap_cny": self.tr("Budget cap (whole horizon)"),
            "billing_granularity_hours": self.tr("Billing granularity"),
            "monthly_cny_per_gpu_month": self.tr("Monthly rental price"),
            "yearly_price_factor": self.tr("Yearly price (× monthly)"),
            "yearly_billing_months": self.tr("Yearly commitment billed"),
            "spot_price_factor": self.tr("Spot price (× on-demand)"),
            "spot_interruptions_per_100_hours": self.tr(
                "Spot reclaims per instance (server)"
            ),
            "restart_hours": self.tr("Restart time after an interruption"),
            "spot_capacity_share": self.tr("Chance spot capacity is free again"),
            "spot_wait_hours": self.tr("Wait for spot capacity"),
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
            "demand.months": self.tr("Monthly demand profile"),
            "demand.utilization": self.tr("Utilisation"),
            "meta.horizon_months": self.tr("Planning horizon"),
            "meta.region_id": self.tr("Region"),
            "workload.gpu_id": self.tr("GPU model"),
            "workload.mfu": self.tr("MFU"),
            "workload.checkpoint_interval_hours": self.tr("Checkpoint interval"),
            "vendors": self.tr("Vendors"),
        }

    def _suffix(self, key: str) -> str:
        suffixes = {
            "on_demand_cny_per_gpu_hour": self.tr(" CNY/card-hour"),
            "billing_granularity_hours": self.tr(" min"),
            "monthly_cny_per_gpu_month": self.tr(" CNY/card-month"),
            "yearly_price_factor": self.tr(" ×"),
            "spot_price_factor": self.tr(" ×"),
            "spot_interruptions_per_100_hours": self.tr(" per 100 h"),
            "restart_hours": self.tr(" h"),
            "spot_capacity_share": self.tr(" ×"),
            "spot_wait_hours": self.tr(" h"),
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
        return self._label_text(name)

    def _name_for_screen_readers(self) -> None:
        """Accessible names of the views no label names, in the UI language."""
        self.recommendation.table.setAccessibleName(
            self.tr("Ways to get the capacity, compared")
        )
        self.scenarios_panel.editor.table.setAccessibleName(self.tr("Scenarios"))

    def retranslate_ui(self) -> None:
        self._name_for_screen_readers()
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
            section.setText(section_titles[name])
        for option, check in self.option_checks.items():
            check.setText(option_label(option))
        colon = words.say("words.colon", current_language())  # "：" in Chinese
        for key, label in self._row_labels.items():
            label.setText(self._label_text(key) + colon.strip())
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
        except PriceImportError as exc:
            return exc.message(current_language())
        except ValueError as exc:
            return str(exc)
        self._session.replace_project(project, self.tr("Import prices"))
        return None

    def export_table_to(self, path: Path) -> str | None:
        """Write the option table workbook; the error text, or None."""
        lang = current_language()
        try:
            write_option_table(
                self._session.evaluation,
                path,
                language=lang.value,
                source_words=lambda s: source_text(s, lang),
                name_words=lambda n: input_name(n, lang),
                unit_words=lambda u: unit_text(u, lang),
            )
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
        # a hosted model API prices served tokens: offered when the plan serves
        self.option_checks[OptionId.HOSTED_API].setVisible(
            project.workload.serving is not None
        )
        self.options_error.clear()
        self.options_error.setVisible(False)
        self._shown_project = project
        # Charts and the recommendation: at once while shown, else when next shown.
        self.outputs.invalidate()
        if project is self._mc_project:
            return
        if self._mc_project is not None and same_cost_inputs(self._mc_project, project):
            # e.g. the author's name: the same draws, drawn or still running
            self._mc_project = project
        else:
            self._mark_mc_outdated()

    def _refresh_outputs(self) -> None:
        cost = self._session.evaluation.cost
        shown = (cost, current_language())
        if same_objects(self._shown_cost, shown):
            return  # an edit no price reads: this very result is on screen
        self._shown_cost = None  # until all of it is shown
        self._charts_shown.clear()
        self.show_chart_tab()
        charts = (self.cumulative_chart, self.cash_flow_chart, self.tornado_chart)
        for index, chart in enumerate(charts):  # the first three tabs
            if not chart.has_result:  # drawn once: its title names it
                self.show_chart_tab(index)
        self.recommendation.set_result(cost)
        self._show_cap(cost.budget_cap)
        self._shown_cost = shown

    def _show_cap(self, cap: BudgetCap | None) -> None:
        """The engine's sentence on the cap: headroom, or the overrun in warning style."""
        self.cap_label.setVisible(cap is not None)
        if cap is not None:
            currency = self._session.evaluation.cost.currency
            with amounts_in(currency.code, currency.cny_per_unit):
                self.cap_label.setText(words.text(cap.message, current_language()))
            self.cap_label.setStyleSheet(WARNING_STYLE if cap.over else "")

    def show_chart_tab(self, index: int | None = None) -> None:
        """Draw the cost chart of the chart tab on screen (``index``: the
        current one) if it does not show the current result yet. A chart in
        a tab behind is drawn when its tab is chosen: an edit redraws the one
        chart the reader sees (all three took a fifth of a budget edit)."""
        index = self.tabs.currentIndex() if index is None else index
        if index < 0 or index in self._charts_shown or self._shown_project is None:
            return
        cost = self._session.evaluation.cost
        tab = self.tabs.widget(index)
        if tab is self.cumulative_chart:
            self.cumulative_chart.set_result(cost)
        elif tab is self.cash_flow_chart.parentWidget():
            self._fill_cash_flow_combo()
            self.cash_flow_chart.set_result(cost, self.cash_flow_chart.option)
        elif tab is self.tornado_chart:
            self.tornado_chart.set_result(cost)
        else:
            return  # the Monte Carlo and the scenarios draw themselves
        self._charts_shown.add(index)

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
        self._mc_later.cancel()
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
            self._mc_later.throttle()

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
        self.mc_chart_outputs.invalidate()  # drawn now if on screen, else when shown
        self._show_mc_status()

    def _draw_monte_carlo(self) -> None:
        """Draw the kept distribution (a cleared chart keeps its message)."""
        if self.monte_carlo is not None:
            self.monte_carlo_chart.set_result(
                self.monte_carlo, self._session.evaluation.cost
            )

    def _on_mc_failed(self, message: str) -> None:
        self._set_mc_running(False)
        self.monte_carlo = None
        self.monte_carlo_chart.clear_result(self.tr("The Monte Carlo failed."))
        self._show_mc_status(
            self.tr("The Monte Carlo failed: %1").replace("%1", message)
        )

    def _on_mc_cancelled(self) -> None:
        self._set_mc_running(False)
        self._mc_later.cancel()
        self.monte_carlo = None
        self.monte_carlo_chart.clear_result(self.tr("Monte Carlo cancelled."))
        self._show_mc_status(self.tr("Cancelled. Press Run to start again."))

    @override
    def cleanupPage(self) -> None:
        self._mc_later.cancel()
        super().cleanupPage()
