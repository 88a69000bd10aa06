"""Step 5 of the wizard: watch the GPUs, and be told when something goes wrong.

The left column edits ``project.monitoring`` (alert thresholds, scrape
interval, exporter namespace, image and port) with the bound widgets of
:mod:`gpu_advisor.ui.widgets.bound`; the right column shows the monitoring files of the evaluation's rollout
(``session.evaluation.rollout``, the files ``gpu-advisor-cli rollout``
writes, for the plan's nodes): the DCGM exporter deployment, the Prometheus
scrape config, the alert rules and the Grafana hint, each in a
:class:`~gpu_advisor.ui.widgets.config_viewer.ConfigViewer` with *Copy* and
*Save…*.
"""

from __future__ import annotations

import functools
from typing import Final

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QLabel,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.engine.api import (
    GRAFANA_DCGM_DASHBOARD_ID,
    MONITORING_CONFIGS,
    GeneratedConfig,
    Rollout,
)
from gpu_advisor.model.project import Project
from gpu_advisor.ui.accessibility import follow_labels
from gpu_advisor.ui.i18n import current_language
from gpu_advisor.ui.pages._base import GroupedForm
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import NOTE_STYLE
from gpu_advisor.ui.widgets.bound import (
    BoundCheck,
    BoundDoubleSpin,
    BoundField,
    BoundLineEdit,
    BoundSpin,
)
from gpu_advisor.ui.widgets.config_viewer import ConfigViewer
from gpu_advisor.ui.widgets.refresh import RefreshWhenShown

MONITORING_FILES: Final = MONITORING_CONFIGS
"""Names (``GeneratedConfig.name``) of the files this page shows, in tab order."""

_FORM_WIDTH_PX: Final = 440


class MonitoringPage(QWizardPage):
    """DCGM exporter, Prometheus and Grafana: thresholds and generated files."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        follow_labels(self)  # screen readers name fields after their labels
        self._session = session
        # Fill the wizard's page area (QWizard adds a stretch below other pages).
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.outputs = RefreshWhenShown(self, self.refresh_outputs)
        self._build_alert_fields()
        self._build_exporter_fields()
        self._bound: list[BoundField] = [
            self.gpu_temp_field,
            self.memory_temp_field,
            self.util_low_field,
            self.util_window_field,
            self.nccl_hang_field,
            self.ecc_field,
            self.throttle_field,
            self.scrape_field,
            self.namespace_field,
            self.image_field,
            self.port_field,
        ]

        self.intro_label = QLabel(wordWrap=True)
        form = self._build_form()
        self.viewers: dict[str, ConfigViewer] = {
            name: ConfigViewer() for name in MONITORING_FILES
        }
        self.tabs = QTabWidget()
        for name in MONITORING_FILES:
            self.tabs.addTab(self.viewers[name], name)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(form)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.intro_label)
        layout.addWidget(splitter, 1)

        for field in self._bound:
            field.error_changed.connect(self._on_error_changed)
        session.project_changed.connect(self._on_project_changed)
        self.retranslate_ui()

    # --- building -----------------------------------------------------------------

    def _build_alert_fields(self) -> None:
        """Temperature, utilisation, NCCL hang, ECC and throttling alerts."""

        self.gpu_temp_field = BoundDoubleSpin(
            self._session,
            "monitoring.gpu_temp_c",
            decimals=0,
            suffix=lambda: " °C",
            label=lambda: self.tr("GPU temperature alert"),
        )
        self.memory_temp_field = BoundDoubleSpin(
            self._session,
            "monitoring.memory_temp_c",
            decimals=0,
            suffix=lambda: " °C",
            label=lambda: self.tr("memory temperature alert"),
        )
        self.util_low_field = BoundDoubleSpin(
            self._session,
            "monitoring.util_low_pct",
            decimals=0,
            suffix=lambda: " %",
            label=lambda: self.tr("low utilisation threshold"),
        )
        self.util_window_field = BoundSpin(
            self._session,
            "monitoring.util_window_minutes",
            suffix=lambda: self.tr(" min"),
            label=lambda: self.tr("low utilisation window"),
        )
        self.nccl_hang_field = BoundSpin(
            self._session,
            "monitoring.nccl_hang_minutes",
            suffix=lambda: self.tr(" min"),
            label=lambda: self.tr("NCCL hang time"),
        )
        self.ecc_field = BoundSpin(
            self._session,
            "monitoring.ecc_dbe_threshold",
            label=lambda: self.tr("ECC error threshold"),
        )
        self.throttle_field = BoundCheck(
            self._session,
            "monitoring.power_throttle_alert",
            lambda: self.tr("Alert on power or thermal throttling"),
        )
        self.util_note_label = QLabel(wordWrap=True)
        self.util_note_label.setStyleSheet(NOTE_STYLE)

    def _build_exporter_fields(self) -> None:
        """Scrape interval, namespace, image and port of the DCGM exporter."""
        self.scrape_field = BoundSpin(
            self._session,
            "monitoring.scrape_interval_s",
            suffix=lambda: self.tr(" s"),
            label=lambda: self.tr("scrape interval"),
        )
        self.namespace_field = BoundLineEdit(
            self._session,
            "monitoring.namespace",
            max_length=63,
            label=lambda: self.tr("monitoring namespace"),
        )
        self.image_field = BoundLineEdit(
            self._session,
            "monitoring.dcgm_exporter_image",
            max_length=300,
            label=lambda: self.tr("exporter image"),
        )
        self.port_field = BoundSpin(
            self._session,
            "monitoring.exporter_port",
            label=lambda: self.tr("exporter port"),
        )
        self.port_field.editor.setGroupSeparatorShown(False)

    def _build_form(self) -> QScrollArea:
        """The alert and exporter groups, in one column that scrolls."""
        grouped = GroupedForm()
        self._labels = grouped.labels
        self._groups = grouped.groups
        form_box, form_layout, group = grouped.widget, grouped.layout, grouped.add_group

        alerts = group(
            "alerts",
            [
                ("gpu_temp", self.gpu_temp_field),
                ("memory_temp", self.memory_temp_field),
                ("util_low", self.util_low_field),
                ("util_window", self.util_window_field),
            ],
        )
        alerts.addRow(self.util_note_label)
        for name, widget in (
            ("nccl_hang", self.nccl_hang_field),
            ("ecc", self.ecc_field),
        ):
            label = QLabel()
            label.setBuddy(widget)
            self._labels[name] = label
            alerts.addRow(label, widget)
        alerts.addRow(self.throttle_field)
        group(
            "exporter",
            [
                ("scrape", self.scrape_field),
                ("namespace", self.namespace_field),
                ("image", self.image_field),
                ("port", self.port_field),
            ],
        )
        form_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(form_box)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setMinimumWidth(_FORM_WIDTH_PX)
        return scroll

    # --- translation --------------------------------------------------------------

    def retranslate_ui(self) -> None:
        self.setTitle(self.tr("Monitoring"))
        self.setSubTitle(
            self.tr("Alert thresholds, and the files that set up the monitoring.")
        )
        self.intro_label.setText(
            self.tr(
                "The DCGM exporter reads every GPU's temperature, utilisation, "
                "errors and throttling, and Prometheus collects these figures "
                "and raises the alerts below. Grafana draws them as dashboards "
                "(import dashboard %1)."
            ).replace("%1", str(GRAFANA_DCGM_DASHBOARD_ID))
        )
        names = {
            "gpu_temp": self.tr("&GPU temperature above:"),
            "memory_temp": self.tr("&Memory temperature above:"),
            "util_low": self.tr("&Utilisation below:"),
            "util_window": self.tr("… for &at least:"),
            "nccl_hang": self.tr("NCCL hang af&ter:"),
            "ecc": self.tr("ECC &double-bit errors:"),
            "scrape": self.tr("Scrape interva&l:"),
            "namespace": self.tr("Names&pace:"),
            "image": self.tr("Exporter &image:"),
            "port": self.tr("Exporter p&ort:"),
        }
        for key, text in names.items():
            self._labels[key].setText(text)
        self._groups["alerts"].setTitle(self.tr("Alert thresholds"))
        self._groups["exporter"].setTitle(self.tr("Collection"))
        self.util_note_label.setText(
            self.tr(
                "Below ~60 % utilisation: look at data loading first (loader "
                "workers, storage, preprocessing) before adding cards."
            )
        )
        self.nccl_hang_field.setToolTip(
            self.tr(
                "A GPU that looks busy while its tensor cores do nothing for this "
                "long is probably stuck in an NCCL collective."
            )
        )
        self.ecc_field.setToolTip(
            self.tr("Alert when this many uncorrectable ECC errors have occurred.")
        )
        tab_names = {
            "dcgm-exporter": self.tr("DCGM exporter"),
            "prometheus-config": self.tr("Prometheus scrape config"),
            "prometheus-alerts": self.tr("Alert rules"),
            "grafana-dashboard": self.tr("Grafana dashboard"),
        }
        for index, name in enumerate(MONITORING_FILES):
            self.tabs.setTabText(index, tab_names[name])
        self.outputs.invalidate()

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    # --- wizard -------------------------------------------------------------------------

    @override
    def initializePage(self) -> None:
        self.outputs.ensure_current()

    @override
    def isComplete(self) -> bool:
        return not any(field.has_error for field in self._bound)

    def _on_error_changed(self, _text: str) -> None:
        self.completeChanged.emit()

    # --- model -> widget ----------------------------------------------------------------

    def _on_project_changed(self, _project: Project) -> None:
        self.outputs.invalidate()

    def refresh_outputs(self) -> None:
        """Point each tab at its file; only the visible tab's file is generated now.

        A file is generated again only when the monitoring settings, the
        rollout's plan (nodes, network) or the language changed; the other
        tabs generate theirs when opened.
        """
        rollout = self._session.rollout
        self.outputs.stale = False
        language = current_language()  # the UI's, never the project's hidden field
        key = (rollout.project.monitoring, rollout.plan, language)
        for name in MONITORING_FILES:
            self.viewers[name].set_source(
                key, functools.partial(self._generate, name, rollout)
            )

    def _generate(self, name: str, rollout: Rollout) -> GeneratedConfig:
        config = rollout.monitoring_file(name, words.wording(current_language()))
        self.tabs.setTabToolTip(MONITORING_FILES.index(name), config.title)
        return config
