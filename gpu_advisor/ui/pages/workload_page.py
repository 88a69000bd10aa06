"""Step 1 of the wizard: size the workload.

Left, the inputs of ``project.workload`` (model, task, run, parallelism,
hardware), each a bound widget from :mod:`gpu_advisor.ui.widgets.bound`, so
every edit is one undoable ``session.apply``. Right, the engine's results for
the current project, refreshed on every change: the key numbers, each with a
"why?" button, the sizing warnings in the UI language, memory per GPU as a
stacked bar per candidate card, the days-versus-cards curve, and the monthly
demand profile that feeds the budget step.

The page computes nothing itself: every number shown is read from
``session.evaluation`` (one evaluation, docs/architecture.md).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from functools import partial
from typing import Any, Final, TypeVar

from pydantic import ValidationError
from PySide6.QtCore import QEvent, QSignalBlocker, Qt
from PySide6.QtGui import QFont, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTableWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.engine.api import parse_hf_config
from gpu_advisor.model.common import InputRef, Language, Severity
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import (
    Framework,
    LoraTarget,
    ModelShape,
    Optimizer,
    Precision,
    Project,
    Recompute,
    TaskKind,
)
from gpu_advisor.ui.accessibility import follow_labels
from gpu_advisor.ui.candidate_costs import OPTION_COLUMN, CandidateCostTable
from gpu_advisor.ui.i18n import current_language, current_locale, fill
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import (
    ERROR_STYLE,
    SECONDARY_STYLE,
    SIZING_WARNING_COLOURS,
)
from gpu_advisor.ui.widgets.bound import (
    BoundCheck,
    BoundCombo,
    BoundDoubleSpin,
    BoundField,
    BoundSpin,
    OptionalNumberField,
    validation_message,
)
from gpu_advisor.ui.widgets.demand_editor import DemandEditor
from gpu_advisor.ui.widgets.key_numbers import KeyNumbers
from gpu_advisor.ui.widgets.layout import WidthFollowsContent
from gpu_advisor.ui.widgets.refresh import RefreshWhenShown, same_objects
from gpu_advisor.ui.widgets.serving_form import ServingForm
from gpu_advisor.ui.widgets.serving_view import ServingView
from gpu_advisor.ui.widgets.sizing_charts import DaysChart, MemoryChart, SizingChartsRow
from gpu_advisor.ui.widgets.wheel_guard import wheel_scrolls_past
from gpu_advisor.words.terms import FRAMEWORK_NAMES

CUSTOM_MODEL: Final = "\0custom"
"""Item data of the model picker's "custom shape" entry."""

_FORM_WIDTH_PX = 430
_INFERENCE_ONLY = {TaskKind.INFERENCE}

_TRAINING = {
    TaskKind.PRETRAIN,
    TaskKind.FULL_FINETUNE,
    TaskKind.LORA,
    TaskKind.QLORA,
}


_F = TypeVar("_F", bound=BoundField)


def _language() -> Language:
    return current_language()


class ConfigPasteDialog(QDialog):
    """Paste a Hugging Face ``config.json``; errors stay in the dialog."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.shape: ModelShape | None = None
        self.intro_label = QLabel(wordWrap=True)
        self.text_edit = QPlainTextEdit()
        self.text_edit.setTabChangesFocus(True)
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.text_edit.setFont(mono)
        self.error_label = QLabel(wordWrap=True)
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.setVisible(False)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro_label)
        layout.addWidget(self.text_edit, 1)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        self.resize(620, 460)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Paste config.json"))
        self.intro_label.setText(
            self.tr(
                "Paste the model's Hugging Face config.json (Llama, Qwen, Mistral/"
                "Mixtral, DeepSeek, GLM). The shape replaces the preset."
            )
        )
        self.text_edit.setPlaceholderText('{"num_hidden_layers": 32, "hidden_size": …}')

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    @override
    def accept(self) -> None:
        try:
            self.shape = parse_hf_config(self.text_edit.toPlainText())
        except ValueError as exc:
            self.error_label.setText(
                self.tr("Cannot read this config: %1").replace("%1", str(exc))
            )
            self.error_label.setVisible(True)
            return
        except ValidationError as exc:  # e.g. heads not a multiple of kv_heads
            self.error_label.setText(
                self.tr("Cannot read this config: %1").replace(
                    "%1", validation_message(exc)
                )
            )
            self.error_label.setVisible(True)
            return
        super().accept()


class WorkloadPage(QWizardPage):
    """Model, task, run and parallelism; memory, GPU-hours, days and demand."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        follow_labels(self)  # screen readers name fields after their labels
        self._session = session
        self._shown_project: Project | None = None
        self._shown_results: tuple[object, ...] | None = None
        self._was_complete = True
        self.outputs = RefreshWhenShown(
            self, lambda: self._update_results(self._session.project)
        )
        self._bound: list[BoundField] = []
        self._labels: dict[str, tuple[QLabel, Callable[[], str]]] = {}
        self._build_model_fields()
        self._build_task_fields()
        self._build_run_fields()
        self._build_parallel_fields()
        self._build_context_parallel_field()
        self._build_hardware_fields()
        self._build_model_box()
        self._build_task_box()
        self._build_parallel_box()
        self._build_hardware_box()
        self.serving_form = ServingForm(session)
        self.serving_form.error_changed.connect(self._on_field_error_changed)
        self._build_inputs_scroll()
        self._build_results()
        self._build_splitter()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        # QWizard gives a page only its size hint unless it asks to grow.
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

        self.retranslate_ui()
        self.model_combo.currentIndexChanged.connect(self._on_model_combo_changed)
        self.paste_button.clicked.connect(self.open_paste_dialog)
        self.candidates_list.itemChanged.connect(self._on_candidates_list_changed)
        session.project_changed.connect(self._on_project_changed)
        self._on_project_changed(session.project)

    # --- building: fields ----------------------------------------------------------------

    def _build_model_fields(self) -> None:
        """The model picker, its paste button and the custom shape's spin boxes."""
        self.model_combo = QComboBox()
        wheel_scrolls_past(self.model_combo)
        self.model_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.model_combo.setMinimumContentsLength(18)
        self.paste_button = QPushButton()
        self.model_info = QLabel(wordWrap=True)
        self.model_info.setStyleSheet(SECONDARY_STYLE)
        self.shape_fields: dict[str, BoundSpin] = {}
        shape_fields = (
            "layers",
            "hidden",
            "heads",
            "kv_heads",
            "ffn_hidden",
            "vocab",
            "experts",
            "active_experts",
        )
        for name in shape_fields:  # each in its model range (model_bounds)
            self.shape_fields[name] = self._bind(
                BoundSpin(self._session, f"workload.shape.{name}")
            )
        self.mlp_combo = self._bind(
            BoundCombo(
                self._session,
                "workload.shape.gated_mlp",
                [
                    (True, lambda: self.tr("Gated (SwiGLU, GeGLU): 3 matrices")),
                    (False, lambda: self.tr("Plain (GeLU): 2 matrices")),
                    (None, lambda: self.tr("From the FFN width")),
                ],
                label=lambda: self.tr("MLP kind"),
            )
        )
        self.tied_embeddings = self._bind(
            BoundCheck(
                self._session,
                "workload.shape.tied_embeddings",
                lambda: self.tr("Output head shares the input embedding (tied)"),
            )
        )
        self.sliding_window = self._bind(
            OptionalNumberField(
                self._session,
                "workload.shape.sliding_window",
                integer=True,
                decimals=0,
                none_text=lambda: self.tr("full attention"),
                toggle_text=lambda: self.tr("Sliding window"),
                suffix=lambda: self.tr(" tokens"),
            )
        )
        self.sliding_window_layers = self._bind(
            OptionalNumberField(
                self._session,
                "workload.shape.sliding_window_layers",
                integer=True,
                decimals=0,
                none_text=lambda: self.tr("all layers"),
                toggle_text=lambda: self.tr("Only some layers"),
                suffix=lambda: self.tr(" layers"),
            )
        )
        self.mtp_layers = self._bind(
            OptionalNumberField(
                self._session,
                "workload.shape.mtp_layers",
                integer=True,
                decimals=0,
                none_text=lambda: self.tr("none"),
                toggle_text=lambda: self.tr("Trained with MTP"),
                suffix=lambda: self.tr(" modules"),
            )
        )

    def _build_task_fields(self) -> None:
        """The task and the fields only some tasks show (LoRA, QLoRA, inference)."""
        self.task_combo = self._bind(
            BoundCombo(
                self._session,
                "workload.task",
                [
                    (TaskKind.PRETRAIN, lambda: self.tr("Pretraining")),
                    (TaskKind.FULL_FINETUNE, lambda: self.tr("Full fine-tune")),
                    (TaskKind.LORA, lambda: self.tr("LoRA fine-tune")),
                    (TaskKind.QLORA, lambda: self.tr("QLoRA fine-tune")),
                    (TaskKind.INFERENCE, lambda: self.tr("Inference serving")),
                ],
                label=lambda: self.tr("task"),
            )
        )
        self.lora_rank = self._bind(BoundSpin(self._session, "workload.lora_rank"))
        self.lora_targets = QWidget()
        targets_row = QHBoxLayout(self.lora_targets)
        targets_row.setContentsMargins(0, 0, 0, 0)
        self.lora_target_checks: dict[LoraTarget, QCheckBox] = {}
        for target in LoraTarget:  # the layers' own names, as PEFT spells them
            check = QCheckBox(target.value)
            check.toggled.connect(self._on_lora_targets_changed)
            targets_row.addWidget(check)
            self.lora_target_checks[target] = check
        targets_row.addStretch(1)
        self.qlora_bits = self._bind(
            BoundDoubleSpin(
                self._session,
                "workload.qlora_base_bits",
                decimals=1,
                step=0.5,
                suffix=lambda: self.tr(" bits/param"),
            )
        )
        self.inference_context = self._bind(
            BoundSpin(
                self._session,
                "workload.inference_context_len",
                suffix=lambda: self.tr(" tokens"),
            )
        )
        self.inference_concurrency = self._bind(
            BoundSpin(
                self._session,
                "workload.inference_concurrency",
            )
        )

    def _build_run_fields(self) -> None:
        """Tokens, sequence, batches, precision, optimizer and MFU."""
        self.tokens = self._bind(
            BoundDoubleSpin(
                self._session,
                "workload.tokens_billion",
                decimals=3,
                step=1.0,
                suffix=lambda: self.tr(" B tokens"),
                label=lambda: self.tr("tokens"),
                # Chinese counts in 亿 (10⁸): 300 B tokens read "3,000 亿 token"
                display_factor=lambda: 10.0 if _language() is Language.ZH else 1.0,
            )
        )
        self.chinchilla_label = QLabel(wordWrap=True)
        self.chinchilla_label.setStyleSheet(SECONDARY_STYLE)
        self.seq_len = self._bind(
            BoundSpin(
                self._session,
                "workload.seq_len",
                suffix=lambda: self.tr(" tokens"),
            )
        )
        self.micro_batch = self._bind(BoundSpin(self._session, "workload.micro_batch"))
        self.global_batch = self._bind(
            OptionalNumberField(
                self._session,
                "workload.global_batch",
                integer=True,
                none_text=lambda: self.tr("auto"),
            )
        )
        self.precision = self._bind(
            BoundCombo(
                self._session,
                "workload.precision",
                [
                    (Precision.BF16, lambda: "BF16"),
                    (Precision.FP16, lambda: "FP16"),
                    (Precision.FP8, lambda: "FP8"),
                ],
            )
        )
        self.optimizer = self._bind(
            BoundCombo(
                self._session,
                "workload.optimizer",
                [
                    (Optimizer.ADAMW, lambda: "AdamW"),
                    (Optimizer.ADAMW_8BIT, lambda: self.tr("AdamW 8-bit")),
                    (Optimizer.SGD, lambda: self.tr("SGD with momentum")),
                ],
            )
        )
        self.mfu = self._bind(
            OptionalNumberField(
                self._session,
                "workload.mfu",
                decimals=3,
                step=0.01,
                default=self._mfu_default,
            )
        )

    def _build_context_parallel_field(self) -> None:
        """Context parallelism: each sequence split over cards (Megatron-LM)."""
        self.context_parallel = self._bind(
            OptionalNumberField(
                self._session,
                "workload.context_parallel",
                integer=True,
                decimals=0,
                none_text=lambda: self.tr("none"),
                toggle_text=lambda: self.tr("Split"),
                suffix=lambda: self.tr(" cards a sequence"),
            )
        )
        self.paged_optimizer = self._bind(
            BoundCheck(
                self._session,
                "workload.paged_optimizer",
                lambda: self.tr("bitsandbytes, to CPU"),
            )
        )
        self.expert_tensor_parallel = self._bind(
            OptionalNumberField(
                self._session,
                "workload.expert_tensor_parallel",
                integer=True,
                decimals=0,
                none_text=lambda: self.tr("as tensor parallel"),
                toggle_text=lambda: self.tr("Own size"),
            )
        )

    def _build_parallel_fields(self) -> None:
        """Framework, ZeRO stage, tensor and pipeline parallel, memory savers."""
        self.zero_stage = self._bind(
            BoundCombo(
                self._session,
                "workload.zero_stage",
                [
                    (0, lambda: self.tr("0 — no sharding")),
                    (1, lambda: self.tr("1 — optimizer states")),
                    (2, lambda: self.tr("2 — + gradients")),
                    (3, lambda: self.tr("3 — + weights (FSDP)")),
                ],
            )
        )
        self.framework = self._bind(
            BoundCombo(
                self._session,
                "workload.framework",
                [
                    (f, partial(FRAMEWORK_NAMES.__getitem__, f))
                    for f in (
                        Framework.FSDP,
                        Framework.MEGATRON,
                        Framework.DEEPSPEED,
                        Framework.DDP,
                    )
                ],
            )
        )
        self.tp = self._bind(BoundSpin(self._session, "workload.tp"))
        self.pp = self._bind(BoundSpin(self._session, "workload.pp"))
        self.virtual_pipeline = self._bind(
            OptionalNumberField(
                self._session,
                "workload.virtual_pipeline",
                integer=True,
                decimals=0,
                none_text=lambda: self.tr("plain 1F1B"),
                toggle_text=lambda: self.tr("Interleaved"),
                suffix=lambda: self.tr(" chunks per stage"),
            )
        )
        self.sequence_parallel = self._bind(
            BoundCheck(
                self._session,
                "workload.sequence_parallel",
                lambda: self.tr("Sequence parallelism"),
            )
        )
        self.offload_optimizer = self._bind(
            BoundCheck(
                self._session,
                "workload.offload_optimizer",
                lambda: self.tr("in CPU memory (ZeRO-Offload)"),
            )
        )
        self.recompute = self._bind(
            BoundCombo(
                self._session,
                "workload.recompute",
                [
                    (Recompute.NONE, lambda: self.tr("None")),
                    (Recompute.SELECTIVE, lambda: self.tr("Selective")),
                    (
                        Recompute.LEAN,
                        lambda: self.tr("Selective + norms, MoE activation"),
                    ),
                    (Recompute.FULL, lambda: self.tr("Full")),
                ],
            )
        )
        self.flash_attention = self._bind(
            BoundCheck(
                self._session, "workload.flash_attention", lambda: "FlashAttention"
            )
        )

    def _build_hardware_fields(self) -> None:
        """The GPU, the cards to compare with, the card count and the deadline."""
        self.gpu_combo = self._bind(
            BoundCombo(
                self._session,
                "workload.gpu_id",
                [
                    (g.id, functools.partial(str, g.name))
                    for g in self._session.catalog.gpus
                ],
            )
        )
        self.candidates_list = QListWidget()
        self.candidates_list.setMaximumHeight(150)
        for gpu in self._session.catalog.gpus:
            item = QListWidgetItem(gpu.name)
            item.setData(Qt.ItemDataRole.UserRole, gpu.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.candidates_list.addItem(item)
        self.candidates_error = QLabel(wordWrap=True)
        self.candidates_error.setStyleSheet(ERROR_STYLE)
        self.candidates_error.setVisible(False)
        self.gpus = self._bind(
            OptionalNumberField(
                self._session,
                "workload.gpus",
                integer=True,
                default=self._gpus_default,
                suffix=lambda: self.tr(" cards"),
            )
        )
        self.deadline = self._bind(
            OptionalNumberField(
                self._session,
                "workload.deadline_days",
                decimals=1,
                toggle_text=lambda: self.tr("Set a deadline"),
                none_text=lambda: self.tr("none"),
                suffix=lambda: self.tr(" days"),
            )
        )

    # --- building: layout ----------------------------------------------------------------

    def _build_model_box(self) -> None:
        """The model group: picker row, model info and shape rows."""
        self.model_box = QGroupBox()
        model_form = QFormLayout(self.model_box)
        self._model_form = model_form
        model_row = QHBoxLayout()
        model_row.addWidget(self.model_combo, 1)
        model_row.addWidget(self.paste_button)
        self._add_row(
            model_form, "model", lambda: self.tr("&Model:"), model_row, self.model_combo
        )
        model_form.addRow(self.model_info)
        shape_captions: dict[str, Callable[[], str]] = {
            "layers": lambda: self.tr("Layers:"),
            "hidden": lambda: self.tr("Hidden size:"),
            "heads": lambda: self.tr("Attention heads:"),
            "kv_heads": lambda: self.tr("KV heads:"),
            "ffn_hidden": lambda: self.tr("FFN width:"),
            "vocab": lambda: self.tr("Vocabulary:"),
            "experts": lambda: self.tr("Experts (MoE):"),
            "active_experts": lambda: self.tr("Active experts:"),
        }
        for name, caption in shape_captions.items():
            self._add_row(model_form, f"shape.{name}", caption, self.shape_fields[name])
        self._add_row(
            model_form, "shape.gated_mlp", lambda: self.tr("MLP:"), self.mlp_combo
        )
        self._add_row(
            model_form,
            "shape.tied_embeddings",
            lambda: self.tr("Embeddings:"),
            self.tied_embeddings,
        )
        self._add_row(
            model_form,
            "shape.sliding_window",
            lambda: self.tr("Attention window:"),
            self.sliding_window,
        )
        self._add_row(
            model_form,
            "shape.sliding_window_layers",
            lambda: self.tr("Windowed layers:"),
            self.sliding_window_layers,
        )
        self._add_row(
            model_form,
            "shape.mtp_layers",
            lambda: self.tr("Multi-token prediction:"),
            self.mtp_layers,
        )

    def _build_task_box(self) -> None:
        """The "Task and run" group."""
        self.task_box = QGroupBox()
        task_form = QFormLayout(self.task_box)
        self._task_form = task_form
        self._add_row(task_form, "task", lambda: self.tr("&Task:"), self.task_combo)
        self._add_row(
            task_form, "lora_rank", lambda: self.tr("LoRA ran&k:"), self.lora_rank
        )
        self._add_row(
            task_form,
            "lora_targets",
            lambda: self.tr("LoRA adapts:"),
            self.lora_targets,
            next(iter(self.lora_target_checks.values())),
        )
        self._add_row(
            task_form,
            "qlora_bits",
            lambda: self.tr("QLoRA base bits:"),
            self.qlora_bits,
        )
        self._add_row(
            task_form,
            "inference_context",
            lambda: self.tr("Conte&xt length:"),
            self.inference_context,
        )
        self._add_row(
            task_form,
            "inference_concurrency",
            lambda: self.tr("Concurrent re&quests:"),
            self.inference_concurrency,
        )
        self._add_row(task_form, "tokens", lambda: self.tr("T&okens:"), self.tokens)
        task_form.addRow(self.chinchilla_label)
        self._add_row(
            task_form, "seq_len", lambda: self.tr("&Sequence length:"), self.seq_len
        )
        self._add_row(
            task_form, "micro_batch", lambda: self.tr("M&icro-batch:"), self.micro_batch
        )
        self._add_row(
            task_form,
            "global_batch",
            lambda: self.tr("Global batch:"),
            self.global_batch,
        )
        self._add_row(
            task_form, "precision", lambda: self.tr("&Precision:"), self.precision
        )
        self._add_row(
            task_form, "optimizer", lambda: self.tr("Optimi&zer:"), self.optimizer
        )
        self._add_row(task_form, "mfu", lambda: self.tr("MF&U:"), self.mfu)

    def _build_parallel_box(self) -> None:
        """The parallelism and memory savers group."""
        self.parallel_box = QGroupBox()
        parallel_form = QFormLayout(self.parallel_box)
        self._parallel_form = parallel_form
        self._add_row(
            parallel_form,
            "framework",
            lambda: self.tr("Training framework:"),
            self.framework,
        )
        self._add_row(
            parallel_form,
            "zero",
            lambda: self.tr("ZeRO / FSDP stage:"),
            self.zero_stage,
        )
        self._add_row(parallel_form, "tp", lambda: self.tr("Tensor parallel:"), self.tp)
        self._add_row(
            parallel_form, "pp", lambda: self.tr("Pipeline p&arallel:"), self.pp
        )
        self._add_row(
            parallel_form,
            "virtual_pipeline",
            lambda: self.tr("Virtual pipeline stages:"),
            self.virtual_pipeline,
        )
        self._add_row(
            parallel_form,
            "context_parallel",
            lambda: self.tr("Context parallel:"),
            self.context_parallel,
        )
        self._add_row(
            parallel_form,
            "paged_optimizer",
            lambda: self.tr("Paged optimizer:"),
            self.paged_optimizer,
        )
        self._add_row(
            parallel_form,
            "expert_tensor_parallel",
            lambda: self.tr("Expert tensor parallel:"),
            self.expert_tensor_parallel,
        )
        parallel_form.addRow("", self.sequence_parallel)
        self._add_row(
            parallel_form,
            "offload_optimizer",
            lambda: self.tr("Optimizer states:"),
            self.offload_optimizer,
        )
        self._add_row(
            parallel_form, "recompute", lambda: self.tr("&Recompute:"), self.recompute
        )
        parallel_form.addRow("", self.flash_attention)

    def _build_hardware_box(self) -> None:
        """The hardware and deadline group."""
        self.hardware_box = QGroupBox()
        hardware_form = QFormLayout(self.hardware_box)
        self._hardware_form = hardware_form
        self._add_row(hardware_form, "gpu", lambda: self.tr("&GPU:"), self.gpu_combo)
        self._add_row(
            hardware_form,
            "candidates",
            lambda: self.tr("Compare &with:"),
            self.candidates_list,
        )
        hardware_form.addRow(self.candidates_error)
        self._add_row(
            hardware_form, "gpus", lambda: self.tr("Total &cards:"), self.gpus
        )
        self._add_row(
            hardware_form, "deadline", lambda: self.tr("&Deadline:"), self.deadline
        )

    def _build_inputs_scroll(self) -> None:
        """The four groups in one column that scrolls vertically."""
        for form in (
            self._model_form,
            self._task_form,
            self._parallel_form,
            self._hardware_form,
        ):
            form.setFieldGrowthPolicy(
                QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow
            )
        inputs = QWidget()
        inputs_layout = QVBoxLayout(inputs)
        for box in (
            self.model_box,
            self.task_box,
            self.parallel_box,
            self.hardware_box,
            self.serving_form,
        ):
            inputs_layout.addWidget(box)
        inputs_layout.addStretch(1)
        self.inputs_scroll = QScrollArea()
        self.inputs_scroll.setWidget(inputs)
        self.inputs_scroll.setWidgetResizable(True)
        self.inputs_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.inputs_scroll.setMinimumWidth(_FORM_WIDTH_PX)
        self.inputs_scroll.setHorizontalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        )

    def _build_results(self) -> None:
        """The results column: title, key numbers, warnings, charts, candidates."""
        self.key_numbers = KeyNumbers(self._session)
        self.results_title = QLabel(wordWrap=True)
        self.warnings_label = QLabel(wordWrap=True)
        self.warnings_label.setTextFormat(Qt.TextFormat.RichText)
        self.warnings_label.setFrameShape(QFrame.Shape.StyledPanel)
        self.warnings_label.setContentsMargins(6, 6, 6, 6)
        self.memory_chart = MemoryChart()
        self.days_chart = DaysChart()

        # One column that scrolls as a whole: the key numbers and warnings
        # first, whole (they are the answer), then the two charts at a height
        # they can be read at, then every candidate GPU's row. A splitter
        # between them squeezed all three on a 720 px screen (five numbers,
        # the memory legend over the GPU names, a candidate table that scrolled).
        charts = SizingChartsRow(self.memory_chart, self.days_chart)
        self.candidate_costs = CandidateCostTable(self._session)
        _show_every_row(self.candidate_costs)
        numbers = QWidget()
        numbers_layout = QVBoxLayout(numbers)
        numbers_layout.setContentsMargins(4, 4, 4, 4)
        numbers_layout.addWidget(self.results_title)
        numbers_layout.addWidget(self.key_numbers)
        numbers_layout.addWidget(self.warnings_label)
        numbers_layout.addWidget(charts, 1)
        numbers_layout.addWidget(self.candidate_costs)
        self.results_scroll = QScrollArea()
        self.results_scroll.setWidget(numbers)
        self.results_scroll.setWidgetResizable(True)
        self.results_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._results_width = WidthFollowsContent(self.results_scroll)

    def _build_splitter(self) -> None:
        """Inputs left; results and monthly demand as tabs right."""
        self.demand_editor = DemandEditor(self._session)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.results_scroll, "")
        self.tabs.addTab(self.demand_editor, "")
        self.serving_view = ServingView(self._session)
        serving_scroll = QScrollArea()
        serving_scroll.setWidget(self.serving_view)
        serving_scroll.setWidgetResizable(True)
        serving_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.tabs.addTab(serving_scroll, "")

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.inputs_scroll)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        self.splitter = splitter

    # --- building helpers ---------------------------------------------------------------

    def _bind(self, widget: _F) -> _F:
        self._bound.append(widget)
        widget.error_changed.connect(self._on_field_error_changed)
        return widget

    def _add_row(
        self,
        form: QFormLayout,
        key: str,
        caption: Callable[[], str],
        field: QWidget | QHBoxLayout,
        buddy: QWidget | None = None,
    ) -> None:
        label = QLabel()
        target = buddy if buddy is not None else field
        if isinstance(target, BoundField):
            label.setBuddy(target.editor if hasattr(target, "editor") else target)
        elif isinstance(target, QWidget):
            label.setBuddy(target)
        self._labels[key] = (label, caption)
        form.addRow(label, field)

    def _set_row_visible(self, form: QFormLayout, key: str, visible: bool) -> None:
        label = self._labels[key][0]
        form.setRowVisible(label, visible)

    # --- translation --------------------------------------------------------------------

    def _name_for_screen_readers(self) -> None:
        """Accessible names of the views no label names, in the UI language."""
        self.candidate_costs.setAccessibleName(
            self.tr("Candidate cards priced as this plan")
        )
        self.demand_editor.table.setAccessibleName(self.tr("Monthly demand"))

    def retranslate_ui(self) -> None:
        self._name_for_screen_readers()
        self.setTitle(self.tr("Size the workload"))
        self.setSubTitle(
            self.tr(
                "Describe the model and the run; memory per card, GPU-hours, days and "
                "the monthly demand follow at once."
            )
        )
        for label, caption in self._labels.values():
            label.setText(caption())
        self.model_box.setTitle(self.tr("Model"))
        self.task_box.setTitle(self.tr("Task and run"))
        self.parallel_box.setTitle(self.tr("Parallelism and memory savers"))
        self.hardware_box.setTitle(self.tr("Hardware and deadline"))
        self.paste_button.setText(self.tr("Paste config.&json…"))
        self.paste_button.setToolTip(
            self.tr("Read the model shape from a Hugging Face config.json.")
        )
        self.candidates_list.setToolTip(
            self.tr("Cards to compare in the memory chart.")
        )
        self.tabs.setTabText(0, self.tr("Results"))
        self.tabs.setTabText(1, self.tr("Monthly demand"))
        self.tabs.setTabText(2, self.tr("Serving"))
        self._fill_models()
        self.outputs.invalidate()

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _fill_models(self) -> None:
        """Presets grouped by family (family rows are headers), then custom."""
        combo = self.model_combo
        with QSignalBlocker(combo):
            combo.clear()
            model = combo.model()
            assert isinstance(model, QStandardItemModel)
            family: str | None = None
            header_font = QFont(combo.font())
            header_font.setBold(True)
            for preset in self._session.catalog.models:
                if preset.family != family:
                    family = preset.family
                    combo.addItem(family)
                    header = model.item(combo.count() - 1)
                    header.setEnabled(False)
                    header.setFont(header_font)
                combo.addItem("    " + preset.name, preset.id)
            combo.insertSeparator(combo.count())
            combo.addItem(self.tr("Custom shape"), CUSTOM_MODEL)
        self._show_model(self._session.project)

    # --- wizard ------------------------------------------------------------------------

    @override
    def initializePage(self) -> None:
        # The page follows project_changed even while hidden: re-render only if
        # it somehow missed the current snapshot.
        if self._shown_project is not self._session.project:
            self._on_project_changed(self._session.project)

    @override
    def isComplete(self) -> bool:
        fields = [*self._bound, *self.serving_form.fields]
        return not any(field.has_error for field in fields) and not (
            self.candidates_error.text()
        )

    def _on_field_error_changed(self, _text: str) -> None:
        self._emit_complete_if_changed()

    # --- widget -> model ---------------------------------------------------------------

    def _apply_workload(self, label: str, **changes: Any) -> None:
        """Change several workload fields as one undo step."""
        workload = self._session.project.workload.model_dump()
        workload.update(changes)
        self._session.apply("workload", workload, label)

    def _on_model_combo_changed(self, index: int) -> None:
        data = self.model_combo.itemData(index)
        if data is None:
            return
        project = self._session.project
        if data == CUSTOM_MODEL:
            if project.workload.model_preset is None:
                return
            shape = project.workload.shape
            if shape is None:
                shape = self._shape_of_current()
            self._apply_workload(
                self.tr("Use a custom model shape"),
                model_preset=None,
                shape=shape.model_dump(),
            )
        else:
            self._session.apply(
                "workload.model_preset",
                str(data),
                self.tr("Change %1").replace("%1", self.tr("model")),
            )

    def _shape_of_current(self) -> ModelShape:
        """The shape the engine resolved, as a custom shape to start editing from."""
        s = self._session.evaluation.sizing.shape
        plain_cache = 2 * s.kv_heads * s.head_dim
        compressed = s.kv_cache_values_per_token_per_layer
        return ModelShape(
            layers=s.layers,
            hidden=max(64, s.hidden),
            heads=s.heads,
            kv_heads=s.kv_heads,
            ffn_hidden=s.ffn_hidden,
            vocab=s.vocab,
            experts=s.experts,
            active_experts=s.active_experts,
            shared_experts=s.shared_experts,
            moe_ffn_hidden=s.moe_ffn_hidden,
            dense_layers=s.dense_layers,
            head_dim=s.head_dim,
            tied_embeddings=s.tied_embeddings,
            gated_mlp=s.gated_mlp,
            kv_cache_values_per_token=(
                compressed if compressed and compressed != plain_cache else None
            ),
        )

    def open_paste_dialog(self) -> ConfigPasteDialog:
        """Open the config.json dialog (window-modal; applied when accepted)."""
        dialog = ConfigPasteDialog(self)
        dialog.accepted.connect(lambda: self._apply_pasted_shape(dialog))
        dialog.finished.connect(dialog.deleteLater)
        self.paste_dialog = dialog
        dialog.open()
        return dialog

    def _apply_pasted_shape(self, dialog: ConfigPasteDialog) -> None:
        if dialog.shape is not None:
            self._apply_workload(
                self.tr("Paste config.json"),
                model_preset=None,
                shape=dialog.shape.model_dump(),
            )

    def _on_candidates_list_changed(self, _item: QListWidgetItem) -> None:
        chosen = [
            str(self.candidates_list.item(row).data(Qt.ItemDataRole.UserRole))
            for row in range(self.candidates_list.count())
            if self.candidates_list.item(row).checkState() == Qt.CheckState.Checked
        ]
        try:
            self._session.apply(
                "workload.gpu_candidates",
                chosen,
                self.tr("Change %1").replace("%1", self.tr("GPU candidates")),
            )
        except ValidationError as exc:
            self.candidates_error.setText(validation_message(exc))
        else:
            self.candidates_error.setText("")
        self.candidates_error.setVisible(bool(self.candidates_error.text()))
        self._emit_complete_if_changed()

    def _show_lora_targets(self, project: Project) -> None:
        """Tick the adapted layers; a plan that names none adapts all seven."""
        chosen = project.workload.lora_targets
        for target, check in self.lora_target_checks.items():
            with QSignalBlocker(check):
                check.setChecked(chosen is None or target in chosen)

    def _on_lora_targets_changed(self, _checked: bool) -> None:
        chosen = [t for t, c in self.lora_target_checks.items() if c.isChecked()]
        if not chosen:  # LoRA adapts at least one layer: keep the plan's
            self._show_lora_targets(self._session.project)
            return
        self._session.apply(
            "workload.lora_targets",
            None if len(chosen) == len(LoraTarget) else chosen,
            self.tr("Change %1").replace("%1", self.tr("LoRA layers")),
        )

    # --- defaults shown while a field is None ------------------------------------------

    def _mfu_default(self, session: ProjectSession) -> InputRef | None:
        # the engine's rule: the measured vendor MFU when there is one, else
        # the modelled MFU the sizing uses while the field is empty
        from gpu_advisor.engine.evaluate import mfu_default  # deferred: cold start

        return mfu_default(session.project, session.catalog, session.evaluation.sizing)

    def _gpus_default(self, session: ProjectSession) -> InputRef | None:
        cluster = session.evaluation.sizing.cluster
        return InputRef(
            name="cluster.gpus",
            value=cluster.gpus,
            unit="cards",
            source=self.tr("sized by the engine (memory, deadline, one server)"),
        )

    # --- model -> widget ---------------------------------------------------------------

    def _on_project_changed(self, project: Project) -> None:
        self._shown_project = project
        self._show_model(project)
        self._show_task_fields(project)
        self._show_candidates(project)
        if self.candidates_error.text():
            self.candidates_error.setText("")
            self.candidates_error.setVisible(False)
        # Numbers and charts: at once while shown, else when next shown.
        self.outputs.invalidate()
        self._emit_complete_if_changed()

    def _emit_complete_if_changed(self) -> None:
        """``completeChanged`` only on a real change: QWizard repaints on each one."""
        complete = self.isComplete()
        if complete != self._was_complete:
            self._was_complete = complete
            self.completeChanged.emit()

    def _show_model(self, project: Project) -> None:
        preset = project.workload.model_preset
        data = CUSTOM_MODEL if preset is None else preset
        with QSignalBlocker(self.model_combo):
            index = self.model_combo.findData(data)
            if index < 0 and preset is not None:  # a preset this catalog lacks
                self.model_combo.addItem(preset, preset)
                index = self.model_combo.count() - 1
            self.model_combo.setCurrentIndex(index)
        custom = preset is None
        for name in [*self.shape_fields, "gated_mlp", "tied_embeddings"]:
            self._set_row_visible(self._model_form, f"shape.{name}", custom)
        self._set_row_visible(self._model_form, "shape.sliding_window", custom)
        self._set_row_visible(self._model_form, "shape.mtp_layers", custom)
        shape = project.workload.shape
        windowed = custom and shape is not None and shape.sliding_window is not None
        self._set_row_visible(self._model_form, "shape.sliding_window_layers", windowed)

    def _show_task_fields(self, project: Project) -> None:
        task = project.workload.task
        training = task in _TRAINING
        form = self._task_form
        self._set_row_visible(
            form, "lora_rank", task in {TaskKind.LORA, TaskKind.QLORA}
        )
        self._set_row_visible(form, "qlora_bits", task is TaskKind.QLORA)
        self._set_row_visible(
            form, "lora_targets", task in {TaskKind.LORA, TaskKind.QLORA}
        )
        self._show_lora_targets(project)
        for key in ("inference_context", "inference_concurrency"):
            self._set_row_visible(form, key, task in _INFERENCE_ONLY)
        for key in ("seq_len", "micro_batch", "global_batch", "optimizer"):
            self._set_row_visible(form, key, training)
        self._set_row_visible(self._parallel_form, "zero", training)
        self._set_row_visible(self._parallel_form, "framework", training)
        self._set_row_visible(self._parallel_form, "recompute", training)
        self._set_row_visible(
            self._parallel_form,
            "offload_optimizer",
            task in {TaskKind.PRETRAIN, TaskKind.FULL_FINETUNE}
            and project.workload.framework in {Framework.DEEPSPEED, Framework.FSDP},
        )
        self._set_row_visible(
            self._parallel_form,
            "virtual_pipeline",
            training and project.workload.pp > 1,
        )
        self._set_row_visible(self._parallel_form, "context_parallel", training)
        self._set_row_visible(self._parallel_form, "paged_optimizer", _pages(project))
        if task not in {TaskKind.PRETRAIN, TaskKind.FULL_FINETUNE}:
            # shown again for an MoE model once its shape is resolved
            self._set_row_visible(self._parallel_form, "expert_tensor_parallel", False)
        self.chinchilla_label.setVisible(task is TaskKind.PRETRAIN)

    def _show_candidates(self, project: Project) -> None:
        chosen = set(project.workload.gpu_candidates)
        with QSignalBlocker(self.candidates_list):
            for row in range(self.candidates_list.count()):
                item = self.candidates_list.item(row)
                checked = item.data(Qt.ItemDataRole.UserRole) in chosen
                item.setCheckState(
                    Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
                )

    # --- results -----------------------------------------------------------------------

    def _num(self, value: float, decimals: int = 0) -> str:
        return current_locale().toString(float(value), "f", decimals)

    def _gpu_name(self, gpu_id: str) -> str:
        for gpu in self._session.catalog.gpus:
            if gpu.id == gpu_id:
                return gpu.name
        return gpu_id

    def _update_results(self, project: Project) -> None:
        evaluation = self._session.evaluation
        # what the numbers and charts read: an edit elsewhere (the budget, the
        # author) keeps all three, and what is on screen stays as it is
        shown = (evaluation.sizing, project.workload, _language())
        if same_objects(self._shown_results, shown):
            return
        self._shown_results = None  # until all of it is shown
        self._update_model_info(evaluation)
        self.key_numbers.set_result(evaluation, project.workload.deadline_days)
        self._update_warnings(evaluation)
        self.memory_chart.set_result(evaluation)
        self.days_chart.set_result(evaluation, project.workload.deadline_days)
        self.serving_view.set_result(evaluation, project)
        self._shown_results = shown

    def _update_model_info(self, evaluation: Evaluation) -> None:
        sizing = evaluation.sizing
        compute, shape = sizing.compute, sizing.shape
        self._set_row_visible(
            self._parallel_form,
            "expert_tensor_parallel",
            shape.is_moe
            and self._session.project.workload.task
            in {TaskKind.PRETRAIN, TaskKind.FULL_FINETUNE},
        )
        params = (
            self.tr("%1 B parameters").replace(
                "%1", self._num(shape.params_total / 1e9, 1)
            )
            if not shape.is_moe
            else fill(
                self.tr("%1 B parameters, %2 B active per token"),
                self._num(shape.params_total / 1e9, 1),
                self._num(shape.params_active / 1e9, 1),
            )
        )
        derived = (
            self.tr(" (shape guessed from the parameter count)")
            if shape.derived
            else ""
        )
        self.model_info.setText(
            fill(
                self.tr("%1 layers, hidden %2, %3 heads (%4 KV): %5%6"),
                self._num(shape.layers),
                self._num(shape.hidden),
                self._num(shape.heads),
                self._num(shape.kv_heads),
                params,
                derived,
            )
        )
        self.chinchilla_label.setText(
            self.tr(
                "Chinchilla-optimal for this model: about %1 B tokens (≈20 per parameter)."
            ).replace(
                "%1",
                # in the token field's unit: billions, or 亿 (10⁸) in Chinese
                self._num(
                    compute.chinchilla_tokens
                    / (1e8 if _language() is Language.ZH else 1e9),
                    0,
                ),
            )
        )
        self.results_title.setText(
            self.tr("<b>Results on %1</b>").replace("%1", self._gpu_name(sizing.gpu_id))
        )

    def _update_warnings(self, evaluation: Evaluation) -> None:
        language = _language()
        colours = SIZING_WARNING_COLOURS
        marks = {Severity.ERROR: "✖", Severity.WARNING: "⚠", Severity.INFO: "ℹ"}
        rows = [
            f'<p style="margin:2px 0; color:{colours[w.severity]}">{marks[w.severity]} '
            f"{_escape(words.text(w, language))}</p>"
            for w in evaluation.sizing.warnings
        ]
        self.warnings_label.setText("".join(rows))
        self.warnings_label.setVisible(bool(rows))


def _show_every_row(table: QTableWidget) -> None:
    """Let ``table`` be as tall as all its rows and wrap its long option names,
    so it needs no scroll bar of its own in the results column."""
    table.setSizeAdjustPolicy(QAbstractScrollArea.SizeAdjustPolicy.AdjustToContents)
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    table.setWordWrap(True)
    header = table.horizontalHeader()
    header.setSectionResizeMode(OPTION_COLUMN, QHeaderView.ResizeMode.Stretch)
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _pages(project: Project) -> bool:
    """Whether the plan can take a bitsandbytes paged optimizer: AdamW or 8-bit
    AdamW, for LoRA/QLoRA or full training under FSDP or DDP."""
    w = project.workload
    if w.optimizer not in (Optimizer.ADAMW, Optimizer.ADAMW_8BIT):
        return False
    if w.task in (TaskKind.LORA, TaskKind.QLORA):
        return True
    return w.task in (TaskKind.PRETRAIN, TaskKind.FULL_FINETUNE) and w.framework in (
        Framework.FSDP,
        Framework.DDP,
    )
