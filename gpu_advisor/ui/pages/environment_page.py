"""Step 4 of the wizard: where the job runs, and the files that launch it.

The left column edits ``project.environment`` (scheduler, CUDA and PyTorch
image, nodes and GPUs per node, names and paths, resources, host names and
NCCL variables) through the bound widgets of
:mod:`gpu_advisor.ui.widgets.bound`. The right column shows what
:mod:`gpu_advisor.engine.rollout.configs` generates from it: the Kubernetes Job, the
sbatch script and the bare-node launch script, each in a read-only
monospace :class:`~gpu_advisor.ui.widgets.config_viewer.ConfigViewer` with
*Copy* and *Save…* buttons. The page
computes nothing itself: it renders the evaluation's rollout
(``session.evaluation.rollout``): the card count it suggests is the sizing
result's, the files run the plan's nodes, and the warnings are the rollout's
advice.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final

from pydantic import ValidationError
from PySide6.QtCore import QEvent, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
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
from gpu_advisor.engine.api import GeneratedConfig, Rollout
from gpu_advisor.model.common import Language, Severity
from gpu_advisor.model.project import Project, Scheduler
from gpu_advisor.ui.accessibility import follow_labels
from gpu_advisor.ui.i18n import (
    current_language,
    current_locale,
    fill,
    plural_count,
    with_count,
)
from gpu_advisor.ui.pages._base import GroupedForm
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import (
    ERROR_STYLE,
    SEVERITY_STYLES,
)
from gpu_advisor.ui.widgets.bound import (
    BoundCheck,
    BoundCombo,
    BoundField,
    BoundLineEdit,
    BoundSpin,
    validation_message,
)
from gpu_advisor.ui.widgets.config_viewer import ConfigViewer
from gpu_advisor.ui.widgets.refresh import RefreshWhenShown

_FORM_WIDTH_PX: Final = 470
_VIEWER_MIN_WIDTH_PX: Final = 380


def launch_configs(
    rollout: Rollout, language: Language
) -> dict[Scheduler, GeneratedConfig]:
    """The launch file for each scheduler (Kubernetes Job, sbatch, bare-node script).

    The rollout writes the file of the project's scheduler only; the page
    shows all three, for the plan's nodes, with comments in ``language``.
    """
    return {
        scheduler: rollout.for_scheduler(scheduler).launch_file(words.wording(language))
        for scheduler in Scheduler
    }


def _launch_config(
    rollout: Rollout, scheduler: Scheduler, language: Language
) -> GeneratedConfig:
    return rollout.for_scheduler(scheduler).launch_file(words.wording(language))


class _ListField(QWidget):
    """A ``list[str]`` field edited as words separated by spaces or commas."""

    error_changed = Signal(str)

    def __init__(
        self, session: ProjectSession, path: str, label: Callable[[], str]
    ) -> None:
        super().__init__()
        self._session = session
        self.path = path
        self._label = label
        self.editor = QLineEdit(maxLength=20000)
        self.error_label = QLabel(wordWrap=True)
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.setVisible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.editor)
        layout.addWidget(self.error_label)
        self.setFocusProxy(self.editor)
        self.editor.textChanged.connect(self._on_text_changed)
        session.project_changed.connect(self.refresh)

    @property
    def has_error(self) -> bool:
        return bool(self.error_label.text())

    def _words(self, text: str) -> list[str]:
        return [w for w in text.replace(",", " ").split() if w]

    def _on_text_changed(self, text: str) -> None:
        try:
            self._session.apply(
                self.path,
                self._words(text),
                self.tr("Change %1").replace("%1", self._label()),
            )
        except ValidationError as exc:
            self._set_error(validation_message(exc))
        else:
            self._set_error("")

    def _set_error(self, text: str) -> None:
        if text != self.error_label.text():
            self.error_label.setText(text)
            self.error_label.setVisible(bool(text))
            self.error_changed.emit(text)

    def refresh(self, project: Project | None = None) -> None:
        project = project or self._session.project
        section, leaf = self.path.split(".")
        value: list[str] = getattr(getattr(project, section), leaf)
        if self._words(self.editor.text()) != value:
            with QSignalBlocker(self.editor):
                self.editor.setText(" ".join(value))
            self._set_error("")


class _EnvVarsField(QWidget):
    """``environment.nccl_env`` edited as ``NAME=value`` lines."""

    error_changed = Signal(str)

    def __init__(self, session: ProjectSession) -> None:
        super().__init__()
        self._session = session
        self.editor = QPlainTextEdit()
        self.editor.setTabChangesFocus(True)
        self.editor.setFont(
            QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        )
        self.editor.setFixedHeight(72)
        self.error_label = QLabel(wordWrap=True)
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.setVisible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.editor)
        layout.addWidget(self.error_label)
        self.setFocusProxy(self.editor)
        self.editor.textChanged.connect(self._on_text_changed)
        session.project_changed.connect(self.refresh)

    @property
    def has_error(self) -> bool:
        return bool(self.error_label.text())

    @staticmethod
    def parse(text: str) -> dict[str, str] | None:
        """``NAME=value`` per line (blank lines ignored); None when a line has no ``=``.

        >>> _EnvVarsField.parse("NCCL_DEBUG=INFO\\n\\nNCCL_IB_HCA = mlx5")
        {'NCCL_DEBUG': 'INFO', 'NCCL_IB_HCA': 'mlx5'}
        >>> _EnvVarsField.parse("oops") is None
        True
        """
        out: dict[str, str] = {}
        for line in text.splitlines():
            if not line.strip():
                continue
            name, sep, value = line.partition("=")
            if not sep:
                return None
            out[name.strip()] = value.strip()
        return out

    def _on_text_changed(self) -> None:
        values = self.parse(self.editor.toPlainText())
        if values is None:
            self._set_error(self.tr("Write one NAME=value per line."))
            return
        try:
            self._session.apply(
                "environment.nccl_env",
                values,
                self.tr("Change NCCL environment variables"),
            )
        except ValidationError as exc:
            self._set_error(validation_message(exc))
        else:
            self._set_error("")

    def _set_error(self, text: str) -> None:
        if text != self.error_label.text():
            self.error_label.setText(text)
            self.error_label.setVisible(bool(text))
            self.error_changed.emit(text)

    def refresh(self, project: Project | None = None) -> None:
        project = project or self._session.project
        values = project.environment.nccl_env
        if self.parse(self.editor.toPlainText()) != values:
            with QSignalBlocker(self.editor):
                self.editor.setPlainText(
                    "\n".join(f"{k}={v}" for k, v in values.items())
                )
            self._set_error("")

    def retranslate_ui(self) -> None:
        self.editor.setPlaceholderText(
            self.tr("e.g. NCCL_SOCKET_IFNAME=eth0 (one per line)")
        )


class EnvironmentPage(QWizardPage):
    """Scheduler, software image, cluster shape and the generated launch files."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        follow_labels(self)  # screen readers name fields after their labels
        self._session = session
        self.outputs = RefreshWhenShown(self, self.refresh_outputs)
        # Fill the wizard's page area (QWizard adds a stretch below other pages).
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self._shown_scheduler: Scheduler | None = None
        self._tab_names: dict[Scheduler, str] = {}

        self._build_cluster_fields()
        self._build_software_fields()
        self._build_job_fields()
        self._build_resource_fields()
        self._build_nodes_fields()
        self._bound: list[BoundField] = [
            self.scheduler_field, self.nodes_field, self.gpus_per_node_field,
            self.cuda_field, self.image_field, self.pull_secret_field,
            self.job_name_field, self.namespace_field, self.partition_field,
            self.train_script_field, self.data_path_field, self.data_pvc_field,
            self.time_limit_field, self.cpus_field, self.memory_field,
            self.shm_field, self.port_field, self.rdma_field, self.container_field,
            self.override_field, self.script_source_field, self.script_configmap_field,
        ]  # fmt: skip

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self._build_form())
        splitter.addWidget(self._build_files_panel())
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

        for field in self._bound:
            field.error_changed.connect(self._on_error_changed)
        self.hostnames_field.error_changed.connect(self._on_error_changed)
        self.nccl_env_field.error_changed.connect(self._on_error_changed)
        session.project_changed.connect(self._on_project_changed)
        self.retranslate_ui()
        self._on_project_changed(session.project)

    # --- building -----------------------------------------------------------------

    def _spin(
        self,
        path: str,
        label: Callable[[], str],
        suffix: Callable[[], str] | None = None,
    ) -> BoundSpin:
        """A bound spin box for an integer field, in the model's range."""
        return BoundSpin(self._session, path, label=label, suffix=suffix)

    def _line(
        self,
        path: str,
        max_length: int,
        label: Callable[[], str],
        placeholder: Callable[[], str] | None = None,
    ) -> BoundLineEdit:
        """A bound line edit for a text field."""
        return BoundLineEdit(
            self._session,
            path,
            max_length=max_length,
            label=label,
            placeholder=placeholder,
        )

    def _build_cluster_fields(self) -> None:
        """Scheduler, nodes, GPUs per node, the plan's hint and the override."""
        self.scheduler_field = BoundCombo(
            self._session,
            "environment.scheduler",
            [
                (Scheduler.KUBERNETES, lambda: self.tr("Kubernetes cluster")),
                (Scheduler.SLURM, lambda: self.tr("SLURM cluster")),
                (Scheduler.BARE, lambda: self.tr("Bare nodes (SSH + torchrun)")),
            ],
            label=lambda: self.tr("scheduler"),
        )
        self.nodes_field = self._spin("environment.nodes", lambda: self.tr("nodes"))
        self.gpus_per_node_field = self._spin(
            "environment.gpus_per_node", lambda: self.tr("GPUs per node")
        )
        self.override_field = BoundCheck(
            self._session,
            "environment.nodes_override",
            lambda: self.tr(
                "Override the plan: generate the files for these nodes and GPUs per node"
            ),
        )
        self.plan_hint_label = QLabel(wordWrap=True)
        self.apply_plan_button = QPushButton()
        self.apply_plan_button.clicked.connect(self.apply_planned_cluster)
        self.single_node_label = QLabel(wordWrap=True)
        self.single_node_label.setStyleSheet(SEVERITY_STYLES[Severity.INFO])

    def _build_software_fields(self) -> None:
        """CUDA version, PyTorch image and its pull secret."""
        self.cuda_field = self._line(
            "environment.cuda_version", 20, lambda: self.tr("CUDA version")
        )
        self.image_field = self._line(
            "environment.pytorch_image", 300, lambda: self.tr("PyTorch image")
        )
        self.pull_secret_field = self._line(
            "environment.image_pull_secret",
            253,
            lambda: self.tr("image pull secret"),
            placeholder=lambda: self.tr("none (public registry)"),
        )

    def _build_job_fields(self) -> None:
        """Job name, where it runs, its script and data, and its time limit."""
        self.job_name_field = self._line(
            "environment.job_name", 63, lambda: self.tr("job name")
        )
        self.namespace_field = self._line(
            "environment.namespace", 63, lambda: self.tr("namespace")
        )
        self.partition_field = self._line(
            "environment.partition", 63, lambda: self.tr("partition")
        )
        self.train_script_field = self._line(
            "environment.train_script", 500, lambda: self.tr("training script")
        )
        self.data_path_field = self._line(
            "environment.data_path", 500, lambda: self.tr("data path")
        )
        self.data_pvc_field = self._line(
            "environment.data_pvc",
            253,
            lambda: self.tr("data volume claim"),
            placeholder=lambda: self.tr("none (host path)"),
        )
        self.time_limit_field = self._spin(
            "environment.time_limit_hours",
            lambda: self.tr("time limit"),
            suffix=lambda: self.tr(" h"),
        )
        self.script_source_field = BoundCombo(
            self._session,
            "environment.script_source",
            [
                ("", lambda: self.tr("not set")),
                ("configmap", lambda: self.tr("a ConfigMap")),
                ("pvc", lambda: self.tr("the data volume claim")),
                ("image", lambda: self.tr("the image")),
            ],
            label=lambda: self.tr("script source"),
        )
        self.script_configmap_field = self._line(
            "environment.script_configmap", 253, lambda: self.tr("script ConfigMap")
        )

    def _build_resource_fields(self) -> None:
        """CPUs, memory and shared memory per GPU, port and RDMA."""
        self.cpus_field = self._spin(
            "environment.cpus_per_gpu", lambda: self.tr("CPUs per GPU")
        )
        self.memory_field = self._spin(
            "environment.memory_gib_per_gpu",
            lambda: self.tr("memory per GPU"),
            suffix=lambda: " GiB",
        )
        self.shm_field = self._spin(
            "environment.shm_gib",
            lambda: self.tr("shared memory"),
            suffix=lambda: " GiB",
        )
        self.port_field = self._spin(
            "environment.master_port", lambda: self.tr("rendezvous port")
        )
        self.rdma_field = self._line(
            "environment.rdma_resource",
            253,
            lambda: self.tr("RDMA resource"),
            placeholder=lambda: self.tr("e.g. rdma/rdma_shared_device_a"),
        )
        self.port_field.editor.setGroupSeparatorShown(False)

    def _build_nodes_fields(self) -> None:
        """Host names, NCCL variables and the container switch (bare nodes)."""
        self.hostnames_field = _ListField(
            self._session, "environment.hostnames", lambda: self.tr("host names")
        )
        self.container_field = BoundCheck(
            self._session,
            "environment.bare_use_container",
            lambda: self.tr("Run torchrun inside the PyTorch image (docker)"),
        )
        self.nccl_env_field = _EnvVarsField(self._session)

    def _build_form(self) -> QScrollArea:
        """The fields in titled groups, in one column that scrolls."""
        grouped = GroupedForm()
        self._labels = grouped.labels
        self._groups = grouped.groups
        form_box, form_layout, group = grouped.widget, grouped.layout, grouped.add_group

        cluster = group(
            "cluster",
            [
                ("scheduler", self.scheduler_field),
                ("nodes", self.nodes_field),
                ("gpus_per_node", self.gpus_per_node_field),
            ],
        )
        hint_row = QHBoxLayout()
        hint_row.addWidget(self.plan_hint_label, 1)
        hint_row.addWidget(self.apply_plan_button)
        cluster.addRow(hint_row)
        cluster.addRow(self.override_field)
        cluster.addRow(self.single_node_label)
        group(
            "software",
            [
                ("cuda", self.cuda_field),
                ("image", self.image_field),
                ("pull_secret", self.pull_secret_field),
            ],
        )
        group(
            "job",
            [
                ("job_name", self.job_name_field),
                ("namespace", self.namespace_field),
                ("partition", self.partition_field),
                ("train_script", self.train_script_field),
                ("data_path", self.data_path_field),
                ("data_pvc", self.data_pvc_field),
                ("script_source", self.script_source_field),
                ("script_configmap", self.script_configmap_field),
                ("time_limit", self.time_limit_field),
            ],
        )
        group(
            "resources",
            [
                ("cpus", self.cpus_field),
                ("memory", self.memory_field),
                ("shm", self.shm_field),
                ("port", self.port_field),
                ("rdma", self.rdma_field),
            ],
        )
        nodes = group(
            "nodes_nccl",
            [
                ("hostnames", self.hostnames_field),
                ("nccl_env", self.nccl_env_field),
            ],
        )
        nodes.addRow(self.container_field)
        form_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(form_box)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setMinimumWidth(_FORM_WIDTH_PX)
        return scroll

    def _build_files_panel(self) -> QWidget:
        """The advice above one tab of generated files per scheduler."""
        self.advice_label = QLabel(wordWrap=True)
        self.advice_label.setTextFormat(Qt.TextFormat.RichText)
        self.viewers: dict[Scheduler, ConfigViewer] = {
            s: ConfigViewer() for s in Scheduler
        }
        self.tabs = QTabWidget()
        for scheduler in Scheduler:
            self.tabs.addTab(self.viewers[scheduler], "")
        right = QWidget()
        right.setMinimumWidth(_VIEWER_MIN_WIDTH_PX)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(6, 0, 0, 0)
        right_layout.addWidget(self.advice_label)
        right_layout.addWidget(self.tabs, 1)
        return right

    # --- translation --------------------------------------------------------------

    def retranslate_ui(self) -> None:
        self.setTitle(self.tr("Environment"))
        self.setSubTitle(
            self.tr(
                "Where the training job runs, and the files that launch it: copy "
                "them or save them next to your code."
            )
        )
        names = {
            "scheduler": self.tr("Scheduler:"),
            "nodes": self.tr("N&odes:"),
            "gpus_per_node": self.tr("&GPUs per node:"),
            "cuda": self.tr("CUD&A version:"),
            "image": self.tr("PyTorch &image:"),
            "pull_secret": self.tr("Image pull secret:"),
            "job_name": self.tr("&Job name:"),
            "namespace": self.tr("Names&pace:"),
            "partition": self.tr("Pa&rtition:"),
            "train_script": self.tr("&Training script:"),
            "data_path": self.tr("&Data path:"),
            "data_pvc": self.tr("Data volume claim:"),
            "script_source": self.tr("Script from:"),
            "script_configmap": self.tr("Script ConfigMap:"),
            "time_limit": self.tr("Time &limit:"),
            "cpus": self.tr("CPUs per GPU:"),
            "memory": self.tr("Memory per GPU:"),
            "shm": self.tr("Shared memory (/dev/shm):"),
            "port": self.tr("Rendezvous port:"),
            "rdma": self.tr("RDMA resource:"),
            "hostnames": self.tr("Host na&mes:"),
            "nccl_env": self.tr("NCCL variables:"),
        }
        for key, text in names.items():
            self._labels[key].setText(text)
        self._groups["cluster"].setTitle(self.tr("Cluster"))
        self._groups["software"].setTitle(self.tr("Software"))
        self._groups["job"].setTitle(self.tr("Job"))
        self._groups["resources"].setTitle(self.tr("Resources per node"))
        self._groups["nodes_nccl"].setTitle(self.tr("Nodes and NCCL"))
        self.namespace_field.setToolTip(self.tr("Kubernetes only."))
        self.partition_field.setToolTip(self.tr("SLURM only."))
        self.data_pvc_field.setToolTip(
            self.tr("Kubernetes PersistentVolumeClaim mounted at the data path.")
        )
        self.hostnames_field.editor.setPlaceholderText(
            self.tr("gpu-node-01 gpu-node-02 … (first one = rendezvous master)")
        )
        self.nccl_env_field.retranslate_ui()
        self.apply_plan_button.setText(self.tr("&Use the plan's cards"))
        self.apply_plan_button.setToolTip(
            self.tr("Set nodes and GPUs per node from the sizing result.")
        )
        self.single_node_label.setText(
            self.tr(
                "Start on a single node: once the job runs stably there, scale out "
                "to several nodes. Problems are much quicker to find that way."
            )
        )
        tab_names = {
            Scheduler.KUBERNETES: self.tr("Kubernetes Job"),
            Scheduler.SLURM: self.tr("SLURM sbatch"),
            Scheduler.BARE: self.tr("Bare-node script"),
        }
        self._tab_names = tab_names
        self.outputs.invalidate()

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    # --- wizard -------------------------------------------------------------------------

    @override
    def initializePage(self) -> None:
        self._on_project_changed(self._session.project)
        self.outputs.ensure_current()

    @override
    def isComplete(self) -> bool:
        return not self.has_errors()

    def has_errors(self) -> bool:
        return (
            any(field.has_error for field in self._bound)
            or self.hostnames_field.has_error
            or self.nccl_env_field.has_error
        )

    def _on_error_changed(self, _text: str) -> None:
        self.completeChanged.emit()

    # --- actions ------------------------------------------------------------------------

    def planned_cluster(self) -> tuple[int, int, int] | None:
        """(cards, nodes, GPUs per node) the sizing plans, or None without a result.

        The rollout's plan: GPUs per node is the card's server size, or the
        card count itself when everything fits in one server.
        """
        try:
            evaluation = self._session.evaluation
            cards = evaluation.sizing.cluster.gpus
            plan = evaluation.rollout.plan
        except (KeyError, ValueError):
            return None
        if plan.sized_nodes is None or plan.sized_gpus_per_node is None:
            return None
        return cards, plan.sized_nodes, plan.sized_gpus_per_node

    def apply_planned_cluster(self) -> None:
        """Copy the sizing result's nodes and GPUs per node into the environment."""
        planned = self.planned_cluster()
        if planned is None:
            return
        _cards, nodes, per_node = planned
        data = self._session.project.model_dump()
        data["environment"].update(nodes=nodes, gpus_per_node=per_node)
        try:
            project = Project.model_validate(data)
        except ValidationError:  # e.g. a catalog server size the schema refuses
            return
        # One undo step for both fields (apply() would make two).
        self._session.replace_project(project, self.tr("Use the plan's card count"))

    # --- model -> widget ----------------------------------------------------------------

    def _on_project_changed(self, project: Project) -> None:
        self.hostnames_field.refresh(project)
        self.nccl_env_field.refresh(project)
        env = project.environment
        self.namespace_field.setEnabled(env.scheduler is Scheduler.KUBERNETES)
        self.data_pvc_field.setEnabled(env.scheduler is Scheduler.KUBERNETES)
        self.script_source_field.setEnabled(env.scheduler is Scheduler.KUBERNETES)
        self.script_configmap_field.setEnabled(env.scheduler is Scheduler.KUBERNETES)
        self.pull_secret_field.setEnabled(env.scheduler is Scheduler.KUBERNETES)
        self.rdma_field.setEnabled(env.scheduler is Scheduler.KUBERNETES)
        self.partition_field.setEnabled(env.scheduler is Scheduler.SLURM)
        self.container_field.setEnabled(env.scheduler is Scheduler.BARE)
        self.outputs.invalidate()

    def refresh_outputs(self) -> None:
        """Show the current hint and advice; the three launch files follow lazily.

        Only the launch file on the visible tab is generated now; the others
        when their tab is opened (or their text is read).
        """
        project = self._session.project
        self.outputs.stale = False
        self._update_plan_hint(project)
        language = current_language()
        rollout = self._session.rollout
        # the environment's checks, the node-count and NVIDIA-only notes the
        # files carry too, and a Kubernetes Job without its script
        lines = [
            f'<span style="{SEVERITY_STYLES[a.severity]}">• {_escape(words.text(a, language))}</span>'
            for a in rollout.advice
            if a.code != "environment.single_node_first"
        ]
        self.advice_label.setText("<br>".join(lines))
        self.advice_label.setVisible(bool(lines))
        self.single_node_label.setStyleSheet(
            SEVERITY_STYLES[
                Severity.WARNING if rollout.environment.nodes > 1 else Severity.INFO
            ]
        )
        # Other sections' edits leave the files alone (same key: nothing to do).
        key = (rollout.plan, project.workload, language)
        for scheduler in Scheduler:
            self.viewers[scheduler].set_source(
                key,
                functools.partial(_launch_config, rollout, scheduler, language),
            )
        for index, scheduler in enumerate(Scheduler):
            name = self._tab_names[scheduler]
            if scheduler is project.environment.scheduler:
                name = fill(self.tr("%1 (selected)"), name)
            self.tabs.setTabText(index, name)
        current = list(Scheduler).index(project.environment.scheduler)
        if self._shown_scheduler != project.environment.scheduler:
            self.tabs.setCurrentIndex(current)
            self._shown_scheduler = project.environment.scheduler

    def _update_plan_hint(self, project: Project) -> None:
        planned = self.planned_cluster()
        if planned is None:
            self.plan_hint_label.setText(self.tr("No sizing result yet."))
            self.apply_plan_button.setEnabled(False)
            return
        cards, nodes, per_node = planned
        locale = current_locale()
        self.plan_hint_label.setText(
            fill(
                # %n: Qt's plural forms ("1 node", "8 nodes"; one form in Chinese)
                with_count(
                    self.tr(
                        "The plan needs %1 cards: %n node(s) × %2 GPUs.",
                        "",
                        plural_count(nodes),
                    ),
                    nodes,
                ),
                locale.toString(cards),
                locale.toString(per_node),
            )
        )
        env = project.environment
        self.apply_plan_button.setEnabled(
            (env.nodes, env.gpus_per_node) != (nodes, per_node)
        )


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
