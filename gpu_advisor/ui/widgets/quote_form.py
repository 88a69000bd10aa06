"""One vendor's quote and terms as a form: prices, service, network, compliance, contract.

:class:`QuoteForm` shows every field of :class:`~gpu_advisor.model.project.Vendor`
in titled groups (two columns where they fit whole, else one) and says what
the user changed through :attr:`QuoteForm.edited` as ``(field, value)`` in
the model's terms: 0 in a number field and "Not stated" in a choice mean
``None``. The vendors step applies the edit to the project; the form keeps
no data of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QEvent, QObject, QSignalBlocker, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QWidget,
)
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.project import PowerRedundancy, Vendor, VendorKind
from gpu_advisor.ui.i18n import current_language, current_locale
from gpu_advisor.ui.style import ERROR_STYLE, OK_STYLE, WARNING_STYLE
from gpu_advisor.ui.widgets.bound import commit_when_finished, model_bounds
from gpu_advisor.ui.widgets.wheel_guard import wheel_scrolls_past

_FORM_MAX_WIDTH_PX: Final = 1200
_NO_VALUE: Final = "\0none"
OPTIONAL_FLAGS: Final = (
    "spares_on_site",
    "rdma",
    "exclusive_network",
    "exclusive_resources_clause",
    "vpc",
    "access_logs",
    "encryption",
    "audit_report",
    "failure_compensation_clause",
    "deposit_refund_clause",
    "acceptance_test_clause",
)
"""Yes/no terms a quote may leave unstated (``None``)."""
# (field, maximum, decimals, step); 0 stands for "not stated" (None) in these
# fields: a zero price, SLA, link speed or yearly factor is never a real quote.
_OPTIONAL_NUMBERS: Final = (
    ("on_demand_cny_per_gpu_hour", 2, 0.5),
    ("monthly_cny_per_gpu_month", 0, 100.0),
    ("yearly_price_factor", 2, 0.05),
    ("sla_availability_pct", 2, 0.1),
    ("card_replacement_hours", 1, 1.0),
    ("intranet_gbit_per_s", 0, 25.0),
)
"""Each optional number of a quote: its ``Vendor`` field, decimals and step
(its maximum is the model's, :func:`~gpu_advisor.ui.widgets.bound.model_bounds`;
its minimum, 0, reads "not stated")."""


class QuoteForm(QScrollArea):
    """A vendor's quote and terms, every field labelled, with its error beside it.

    Signals
    -------
    edited(str, object)
        The user changed a field: its name in
        :class:`~gpu_advisor.model.project.Vendor` and the new value.
    """

    edited = Signal(str, object)

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._catalog = catalog
        self.labels: dict[str, QLabel] = {}
        self.error_labels: dict[str, QLabel] = {}
        self._groups: dict[str, QGroupBox] = {}
        self._build_fields()
        self._layout()
        self._connect()
        self.retranslate_ui()

    # --- building ----------------------------------------------------------------------

    def _build_fields(self) -> None:
        self.name_edit = QLineEdit(maxLength=200)
        self.kind_combo = QComboBox()
        wheel_scrolls_past(self.kind_combo)
        for kind in VendorKind:
            self.kind_combo.addItem("", str(kind))
        self.gpu_combo = QComboBox()
        wheel_scrolls_past(self.gpu_combo)
        for gpu in self._catalog.gpus:
            self.gpu_combo.addItem(gpu.name, gpu.id)
        self.number_spins: dict[str, QDoubleSpinBox] = {}
        for key, decimals, step in _OPTIONAL_NUMBERS:
            # the model's maximum; the minimum, 0, is "not stated" (None),
            # below every value the model keeps (each is ge=0 or gt=0)
            _low, high = model_bounds(f"vendors.{key}", decimals=decimals)
            spin = QDoubleSpinBox(
                minimum=0.0, maximum=high, decimals=decimals, singleStep=step
            )
            spin.setGroupSeparatorShown(True)
            spin.setMinimumWidth(130)
            commit_when_finished(spin)
            self.number_spins[key] = spin
        # As wide as their longest name: a cut network class read "one NIC".
        self.gpu_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.vat_combo = QComboBox()
        wheel_scrolls_past(self.vat_combo)
        self.vat_combo.addItem("", True)
        self.vat_combo.addItem("", False)
        self.power_combo = QComboBox()
        wheel_scrolls_past(self.power_combo)
        for power in PowerRedundancy:
            self.power_combo.addItem("", str(power))
        self.network_combo = QComboBox()
        wheel_scrolls_past(self.network_combo)
        self.network_combo.addItem("", _NO_VALUE)
        for net in self._catalog.networks:
            if net.scope == "inter_node":
                self.network_combo.addItem(net.name, net.id)
        self.network_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToContents
        )
        self.flag_combos: dict[str, QComboBox] = {}
        for key in OPTIONAL_FLAGS:
            combo = QComboBox()
            wheel_scrolls_past(combo)
            for value in (_NO_VALUE, "yes", "no"):
                combo.addItem("", value)
            self.flag_combos[key] = combo
        # the plan's one price book: this quote prices the budget's rentals
        self.budget_check = QCheckBox()
        self.terms_edit = QPlainTextEdit()
        self.terms_edit.setTabChangesFocus(True)
        self.terms_edit.setMinimumHeight(70)
        self.terms_edit.setMaximumHeight(120)
        self.price_warning = QLabel(wordWrap=True)
        self.price_warning.setStyleSheet(WARNING_STYLE)
        self.price_warning.setVisible(False)
        self.mfu_label = QLabel(wordWrap=True)
        self.mfu_label.setStyleSheet(OK_STYLE)
        self.mfu_label.setVisible(False)

    def _field_row(self, form: QFormLayout, key: str, widget: QWidget) -> None:
        label = QLabel()
        label.setBuddy(widget)
        error = QLabel(wordWrap=True)
        error.setStyleSheet(ERROR_STYLE)
        error.setVisible(False)
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(widget)
        row.addWidget(error, 1)
        box.setFocusProxy(widget)
        self.labels[key] = label
        self.error_labels[key] = error
        form.addRow(label, box)

    def _group(self, key: str, rows: list[tuple[str, QWidget]]) -> QGroupBox:
        box = QGroupBox()
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        for field, widget in rows:
            self._field_row(form, field, widget)
        self._groups[key] = box
        return box

    def _layout(self) -> None:
        """The groups of fields in a scrollable grid."""
        spins = self.number_spins
        flags = self.flag_combos
        quote = self._group(
            "quote",
            [
                ("name", self.name_edit),
                ("kind", self.kind_combo),
                ("gpu_id", self.gpu_combo),
                ("on_demand_cny_per_gpu_hour", spins["on_demand_cny_per_gpu_hour"]),
                ("monthly_cny_per_gpu_month", spins["monthly_cny_per_gpu_month"]),
                ("yearly_price_factor", spins["yearly_price_factor"]),
                ("quote_includes_vat", self.vat_combo),
                ("quote_in_budget", self.budget_check),
            ],
        )
        service = self._group(
            "service",
            [
                ("sla_availability_pct", spins["sla_availability_pct"]),
                ("card_replacement_hours", spins["card_replacement_hours"]),
                ("power_redundancy", self.power_combo),
                ("spares_on_site", flags["spares_on_site"]),
            ],
        )
        network = self._group(
            "network",
            [
                ("intranet_gbit_per_s", spins["intranet_gbit_per_s"]),
                ("network_id", self.network_combo),
                ("rdma", flags["rdma"]),
                ("exclusive_network", flags["exclusive_network"]),
            ],
        )
        compliance = self._group(
            "compliance",
            [
                (key, flags[key])
                for key in ("vpc", "access_logs", "encryption", "audit_report")
            ],
        )
        contract = self._group(
            "contract",
            [
                (key, flags[key])
                for key in (
                    "exclusive_resources_clause",
                    "failure_compensation_clause",
                    "deposit_refund_clause",
                    "acceptance_test_clause",
                )
            ],
        )
        terms = self._group("terms", [("terms", self.terms_edit)])

        body = QWidget()
        self._grid = QGridLayout(body)
        self._quote_groups = (quote, service, network, compliance, contract, terms)
        self._columns = 0
        # Fields as wide as a large screen are hard to read.
        body.setMaximumWidth(_FORM_MAX_WIDTH_PX)
        self.body = body
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setWidget(body)
        self._arrange(2)
        # two columns of groups where they fit whole, else one under the other
        self.viewport().installEventFilter(self)

    def _columns_fitting(self) -> int:
        """2 when the groups fit side by side in the form's width, else 1."""
        quote, service, network, compliance, contract, _terms = self._quote_groups
        left = max(
            quote.minimumSizeHint().width(), compliance.minimumSizeHint().width()
        )
        right = max(g.minimumSizeHint().width() for g in (service, network, contract))
        margins = self._grid.contentsMargins()
        needed = (
            left
            + right
            + self._grid.horizontalSpacing()
            + margins.left()
            + margins.right()
        )
        return 2 if self.viewport().width() >= needed else 1

    def _arrange(self, columns: int) -> None:
        """Put the groups in ``columns`` columns (1 or 2)."""
        if columns == self._columns:
            return
        self._columns = columns
        grid = self._grid
        quote, service, network, compliance, contract, terms = self._quote_groups
        for widget in (self.price_warning, self.mfu_label, *self._quote_groups):
            grid.removeWidget(widget)
        for row in range(grid.rowCount()):
            grid.setRowStretch(row, 0)
        grid.addWidget(self.price_warning, 0, 0, 1, columns)
        grid.addWidget(self.mfu_label, 1, 0, 1, columns)
        if columns == 2:
            grid.addWidget(quote, 2, 0, 2, 1)
            grid.addWidget(service, 2, 1)
            grid.addWidget(network, 3, 1)
            grid.addWidget(compliance, 4, 0)
            grid.addWidget(contract, 4, 1)
            grid.addWidget(terms, 5, 0, 1, 2)
            grid.setColumnStretch(1, 1)
            grid.setRowStretch(6, 1)
        else:
            for row, group in enumerate(self._quote_groups, start=2):
                grid.addWidget(group, row, 0)
            grid.setColumnStretch(1, 0)
            grid.setRowStretch(2 + len(self._quote_groups), 1)
        grid.setColumnStretch(0, 1)

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.viewport():
            self._arrange(self._columns_fitting())
        return super().eventFilter(watched, event)

    def _connect(self) -> None:
        """Each field says what changed, in the model's terms."""
        self.name_edit.textChanged.connect(lambda text: self.edited.emit("name", text))
        self.kind_combo.currentIndexChanged.connect(
            lambda _i: self._on_combo_changed("kind", self.kind_combo)
        )
        self.gpu_combo.currentIndexChanged.connect(
            lambda _i: self._on_combo_changed("gpu_id", self.gpu_combo)
        )
        self.power_combo.currentIndexChanged.connect(
            lambda _i: self._on_combo_changed("power_redundancy", self.power_combo)
        )
        self.network_combo.currentIndexChanged.connect(
            lambda _i: self._on_combo_changed("network_id", self.network_combo)
        )
        self.vat_combo.currentIndexChanged.connect(
            lambda _i: self._on_combo_changed("quote_includes_vat", self.vat_combo)
        )
        for key, spin in self.number_spins.items():
            spin.valueChanged.connect(self._number_slot(key))
        for key, combo in self.flag_combos.items():
            combo.currentIndexChanged.connect(self._flag_slot(key, combo))
        self.terms_edit.textChanged.connect(
            lambda: self.edited.emit("terms", self.terms_edit.toPlainText())
        )
        self.budget_check.toggled.connect(
            lambda checked: self.edited.emit("quote_in_budget", bool(checked))
        )

    def _number_slot(self, key: str) -> Callable[[float], None]:
        return lambda value: self._on_number_changed(key, value)

    def _flag_slot(self, key: str, combo: QComboBox) -> Callable[[int], None]:
        return lambda _index: self._on_combo_changed(key, combo)

    def _on_combo_changed(self, key: str, combo: QComboBox) -> None:
        data = combo.currentData()
        value: object = None if data == _NO_VALUE else data
        if key in OPTIONAL_FLAGS:
            value = None if data == _NO_VALUE else data == "yes"
        self.edited.emit(key, value)

    def _on_number_changed(self, key: str, value: float) -> None:
        self.edited.emit(key, None if value <= 0 else float(value))

    # --- translation -------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        language = current_language()
        for index in range(1, self.network_combo.count()):
            net = self._catalog.network(str(self.network_combo.itemData(index)))
            self.network_combo.setItemText(
                index, words.say(f"sizing.network_name.{net.id}", language)
            )
        group_titles = {
            "quote": self.tr("Quote"),
            "service": self.tr("Service and site"),
            "network": self.tr("Network"),
            "compliance": self.tr("Data compliance"),
            "contract": self.tr("Contract clauses"),
            "terms": self.tr("Other terms"),
        }
        for key, box in self._groups.items():
            box.setTitle(group_titles[key])
        labels = self.label_texts()
        for key, label in self.labels.items():
            label.setText(labels[key])
        self._retranslate_choices()
        self._retranslate_numbers()
        self.budget_check.setText(self.tr("Price the plan's rentals with this quote"))
        self.budget_check.setToolTip(
            self.tr(
                "The budget step then prices on-demand, monthly and yearly rentals of "
                "this GPU with this vendor's quote, named as their source. A price "
                "typed in the budget step still wins; one vendor's quote at a time."
            )
        )
        self.terms_edit.setPlaceholderText(
            self.tr(
                "Anything else the quote says: minimum term, add-ons, notice period…"
            )
        )

    def label_texts(self) -> dict[str, str]:
        """The field labels, with their mnemonics, by field name."""
        return {
            "name": self.tr("Name:"),
            "kind": self.tr("&Kind:"),
            "gpu_id": self.tr("&GPU:"),
            "on_demand_cny_per_gpu_hour": self.tr("&On-demand price:"),
            "monthly_cny_per_gpu_month": self.tr("&Monthly price:"),
            "yearly_price_factor": self.tr("&Yearly factor:"),
            "quote_includes_vat": self.tr("VAT:"),
            "quote_in_budget": self.tr("&Quote in budget:"),
            "sla_availability_pct": self.tr("&SLA availability:"),
            "card_replacement_hours": self.tr("&Card replacement:"),
            "power_redundancy": self.tr("&Power redundancy:"),
            "spares_on_site": self.tr("Spare cards on site:"),
            "intranet_gbit_per_s": self.tr("Intranet band&width:"),
            "network_id": self.tr("Network c&lass:"),
            "rdma": self.tr("RDMA:"),
            "exclusive_network": self.tr("E&xclusive network:"),
            "vpc": self.tr("VPC isolation:"),
            "access_logs": self.tr("Access logs:"),
            "encryption": self.tr("Encryption:"),
            "audit_report": self.tr("Audit report:"),
            "exclusive_resources_clause": self.tr("Exclusive resources:"),
            "failure_compensation_clause": self.tr("Failure compensation:"),
            "deposit_refund_clause": self.tr("Deposit refund:"),
            "acceptance_test_clause": self.tr("Acceptance test:"),
            "terms": self.tr("Free-text terms:"),
        }

    def _retranslate_choices(self) -> None:
        kinds = {
            VendorKind.CLOUD: self.tr("Public cloud"),
            VendorKind.RENTAL: self.tr("GPU rental platform"),
            VendorKind.IDC: self.tr("IDC (colocation)"),
        }
        for row in range(self.kind_combo.count()):
            self.kind_combo.setItemText(
                row, kinds[VendorKind(self.kind_combo.itemData(row))]
            )
        powers = {
            PowerRedundancy.UNKNOWN: self.tr("Not stated"),
            PowerRedundancy.SINGLE_UPS: self.tr("Single feed with UPS"),
            PowerRedundancy.DUAL_FEED: self.tr("Dual feed"),
            PowerRedundancy.DUAL_FEED_GENERATOR: self.tr("Dual feed and generator"),
        }
        for row in range(self.power_combo.count()):
            self.power_combo.setItemText(
                row, powers[PowerRedundancy(self.power_combo.itemData(row))]
            )
        self.vat_combo.setItemText(0, self.tr("Prices include VAT"))
        self.vat_combo.setItemText(1, self.tr("Prices exclude VAT"))
        self.network_combo.setItemText(0, self.tr("Not stated"))
        for combo in self.flag_combos.values():
            combo.setItemText(0, self.tr("Not stated"))
            combo.setItemText(1, self.tr("Yes"))
            combo.setItemText(2, self.tr("No"))

    def _retranslate_numbers(self) -> None:
        not_stated = self.tr("not stated")
        suffixes = {
            "on_demand_cny_per_gpu_hour": self.tr(" CNY per card-hour"),
            "monthly_cny_per_gpu_month": self.tr(" CNY per card-month"),
            "yearly_price_factor": self.tr(" × monthly"),
            "sla_availability_pct": " %",
            "card_replacement_hours": self.tr(" hours"),
            "intranet_gbit_per_s": " Gbit/s",
        }
        for key, spin in self.number_spins.items():
            spin.setSpecialValueText(not_stated)
            spin.setSuffix(suffixes[key])
        self.number_spins["yearly_price_factor"].setToolTip(
            self.tr(
                "Yearly price as a share of the monthly price, e.g. 0.85 for 15% off. "
                "0 means not quoted."
            )
        )
        self.number_spins["card_replacement_hours"].setToolTip(
            self.tr(
                "Hours from a card failure to a working replacement. 0 means not stated."
            )
        )
        self.number_spins["intranet_gbit_per_s"].setToolTip(
            self.tr(
                "NIC speed the vendor quotes between nodes; iperf3 is judged against it."
            )
        )

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    # --- model -> widget ---------------------------------------------------------------

    def plain_label(self, key: str) -> str:
        """The label of field ``key`` without mnemonic and colon (for undo texts)."""
        return plain_label(self.labels[key].text())

    def show_vendor(self, vendor: Vendor | None) -> None:
        """Show ``vendor``'s quote and terms (an empty, disabled form for None)."""
        self.body.setEnabled(vendor is not None)
        if vendor is None:
            with QSignalBlocker(self.name_edit):
                self.name_edit.clear()
            self.price_warning.setVisible(False)
            self.mfu_label.setVisible(False)
            return
        if (
            self.name_edit.text() != vendor.name
        ):  # keeps the cursor where the user types
            with QSignalBlocker(self.name_edit):
                self.name_edit.setText(vendor.name)
        _select(self.kind_combo, str(vendor.kind))
        _select(self.gpu_combo, vendor.gpu_id)
        _select(self.power_combo, str(vendor.power_redundancy))
        _select(
            self.network_combo,
            _NO_VALUE if vendor.network_id is None else vendor.network_id,
        )
        _select(self.vat_combo, vendor.quote_includes_vat)
        for key, spin in self.number_spins.items():
            value = getattr(vendor, key)
            with QSignalBlocker(spin):
                spin.setValue(0.0 if value is None else float(value))
        for key, combo in self.flag_combos.items():
            value = getattr(vendor, key)
            _select(combo, _NO_VALUE if value is None else ("yes" if value else "no"))
        with QSignalBlocker(self.budget_check):
            self.budget_check.setChecked(vendor.quote_in_budget)
        if self.terms_edit.toPlainText() != vendor.terms:
            with QSignalBlocker(self.terms_edit):
                self.terms_edit.setPlainText(vendor.terms)
        self._show_mfu(vendor)

    def show_price_warnings(self, texts: list[str]) -> None:
        """The engine's warnings about this quote's prices (none: hidden)."""
        self.price_warning.setText("\n".join(texts))
        self.price_warning.setVisible(bool(texts))

    def _show_mfu(self, vendor: Vendor) -> None:
        if vendor.measured_mfu is None:
            self.mfu_label.setVisible(False)
            return
        shown = current_locale().toString(vendor.measured_mfu * 100, "f", 1)
        self.mfu_label.setText(
            self.tr(
                "Measured MFU %1% (from this vendor's training job): sizing and cost use "
                "it instead of the catalog's estimate, marked as measured."
            ).replace("%1", shown)
        )
        self.mfu_label.setVisible(True)

    def show_errors(self, errors: dict[str, str]) -> None:
        """Each field's error beside it (fields not in ``errors`` have none)."""
        for key, label in self.error_labels.items():
            text = errors.get(key, "")
            label.setText(text)
            label.setVisible(bool(text))


def _select(combo: QComboBox, data: object) -> None:
    with QSignalBlocker(combo):
        row = combo.findData(data)
        if row < 0:  # an id this catalog lacks: show it rather than drop it
            combo.addItem(str(data), data)
            row = combo.count() - 1
        combo.setCurrentIndex(row)


def plain_label(text: str) -> str:
    """A form label without its mnemonic and colon, for undo texts.

    >>> plain_label("&Monthly price:"), plain_label("月价格(&M)：")
    ('Monthly price', '月价格')
    """
    return re.sub(r"\(&.\)|&", "", text).rstrip(":：").strip()
