"""The sizing's key numbers, one row each: caption, value and a "why?" button.

:class:`KeyNumbers` shows memory per GPU, the minimum cards, GPU-hours (with
the rerun allowance), training time, the cards a deadline needs, the scaling
efficiency, the decode throughput of a serving plan, the network needed and
the checkpoint size and write speed — each read from the evaluation's
:class:`~gpu_advisor.model.results.SizingResult`, in the UI language. The
"why?" button opens the engine's explanation of that figure.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget
from typing_extensions import override

from gpu_advisor import words
from gpu_advisor.engine import explain_keys as keys
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.ui.i18n import (
    current_language,
    current_locale,
    fill,
    plural_count,
    with_count,
)
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import ERROR_STYLE
from gpu_advisor.ui.widgets.sizing_charts import GIB
from gpu_advisor.ui.widgets.why import WhyButton, session_explanations

KEY_NUMBER_ROWS: Final[dict[str, str]] = {
    "memory": keys.MEMORY_TOTAL,
    "min_gpus": keys.MIN_GPUS,
    "gpu_hours": keys.GPU_HOURS,
    "gpu_hours_x15": keys.GPU_HOURS_WITH_REDUNDANCY,
    "days": keys.DAYS,
    "scaling": keys.SCALING_EFFICIENCY,
    "deadline_gpus": keys.GPUS_FOR_DEADLINE,
    "decode": keys.DECODE_TOKENS,
    "network": keys.NETWORK_NEEDED,
    "checkpoint": keys.CHECKPOINT_BYTES,
    "checkpoint_write": keys.CHECKPOINT_WRITE,
}
"""The rows, in order: row name -> the explained key its "why?" button opens."""


class KeyNumber:
    """One row of the results: caption, value and a "why?" button."""

    def __init__(self, key: str, provider: Callable[[], Any], session: ProjectSession):
        self.caption = QLabel(wordWrap=True)
        self.value = QLabel(wordWrap=True)
        self.value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        bold = QFont(self.value.font())
        bold.setBold(True)
        self.value.setFont(bold)
        self.why = WhyButton(key, provider, session=session)


class KeyNumbers(QWidget):
    """The key numbers of the sizing, as a grid of caption, value, "why?"."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session

        def explain() -> list[Any]:
            return session_explanations(session)

        self.rows = {
            name: KeyNumber(key, explain, session)
            for name, key in KEY_NUMBER_ROWS.items()
        }
        grid = QGridLayout(self)
        grid.setColumnStretch(1, 1)
        grid.setContentsMargins(0, 0, 0, 0)
        for row, number in enumerate(self.rows.values()):
            grid.addWidget(number.caption, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(number.value, row, 1, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(number.why, row, 2, Qt.AlignmentFlag.AlignTop)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        captions = {
            "memory": self.tr("Memory per GPU:"),
            "min_gpus": self.tr("Minimum cards:"),
            "gpu_hours": self.tr("GPU-hours:"),
            "gpu_hours_x15": self.tr(
                "GPU-hours × 1.5 (rerun allowance of the Shenzhen article):"
            ),
            "days": self.tr("Training time:"),
            "deadline_gpus": self.tr("Cards for the deadline:"),
            "scaling": self.tr("Scaling efficiency:"),
            "decode": self.tr("Decode throughput:"),
            "network": self.tr("Network needed:"),
            "checkpoint": self.tr("Checkpoint:"),
            "checkpoint_write": self.tr("Checkpoint write speed:"),
        }
        for name, text in captions.items():
            self.rows[name].caption.setText(text)

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def set_result(self, evaluation: Evaluation, deadline_days: float | None) -> None:
        """Show the sizing of ``evaluation``; ``deadline_days`` is the plan's [days]."""
        sizing = evaluation.sizing
        self._show_memory(evaluation)
        self._show_gpu_hours(evaluation)
        self._show_time(evaluation, deadline_days)
        cluster, storage = sizing.cluster, sizing.storage
        n = self.rows
        if cluster.network_needed_id is None:
            n["network"].value.setText(
                self.tr("inside one server: %1").replace(
                    "%1", self.network_name(cluster.network_id)
                )
            )
        else:
            n["network"].value.setText(self.network_name(cluster.network_needed_id))
        n["checkpoint"].value.setText(
            self.tr("%1 GB per full checkpoint").replace(
                "%1", _num(storage.checkpoint_bytes / 1e9, 0)
            )
        )
        n["checkpoint_write"].value.setText(
            fill(
                self.tr("%1 GB/s to save a checkpoint in %2 s"),
                _num(storage.checkpoint_write_gb_per_s, 2),
                _num(storage.checkpoint_write_target_s, 0),
            )
        )
        n["scaling"].value.setText(
            fill(
                self.tr("%1 % on %2 cards over %3"),
                _num(cluster.scaling_efficiency * 100, 0),
                _num(cluster.gpus),
                self.network_name(cluster.network_id),
            )
        )
        self._show_decode(evaluation)

    def network_name(self, network_id: str | None) -> str:
        """The catalog's name of a network class in the UI language."""
        for network in self._session.catalog.networks:
            if network.id == network_id:
                return words.say(
                    f"sizing.network_name.{network.id}", current_language()
                )
        return network_id or "—"

    def _show_memory(self, evaluation: Evaluation) -> None:
        memory, cluster = evaluation.sizing.memory, evaluation.sizing.cluster
        n = self.rows
        n["memory"].value.setText(
            fill(
                self.tr("%1 GiB of %2 GiB usable (card: %3 GiB)"),
                _num(memory.per_gpu.total_bytes / GIB, 1),
                _num(memory.usable_bytes / GIB, 1),
                _num(memory.capacity_bytes / GIB, 0),
            )
        )
        n["memory"].value.setStyleSheet("" if memory.fits else ERROR_STYLE)
        if cluster.min_gpus is None:
            n["min_gpus"].value.setText(self.tr("does not fit on any card count"))
            n["min_gpus"].value.setStyleSheet(ERROR_STYLE)
        else:
            n["min_gpus"].value.setText(
                self.tr("%1 cards").replace("%1", _num(cluster.min_gpus))
            )
            n["min_gpus"].value.setStyleSheet("")

    def _show_gpu_hours(self, evaluation: Evaluation) -> None:
        compute = evaluation.sizing.compute
        n = self.rows
        n["gpu_hours"].value.setText(
            self.tr("%1 GPU-hours").replace("%1", _num(compute.gpu_hours))
        )
        low, high = compute.gpu_hours_p10, compute.gpu_hours_p90
        if low is not None and high is not None and high > low:
            n["gpu_hours"].value.setText(
                fill(
                    self.tr("%1 GPU-hours (P10–P90: %2 – %3, published runs)"),
                    _num(compute.gpu_hours),
                    _num(low),
                    _num(high),
                )
            )
        n["gpu_hours_x15"].value.setText(
            fill(
                self.tr("%1 GPU-hours (×%2 for failed and repeated runs)"),
                _num(compute.gpu_hours_with_redundancy),
                current_locale().toString(compute.redundancy_factor, "g", 3),
            )
        )
        low, high = (
            compute.gpu_hours_with_redundancy_p10,
            compute.gpu_hours_with_redundancy_p90,
        )
        if low is not None and high is not None and high > low:
            n["gpu_hours_x15"].value.setText(
                fill(
                    self.tr(
                        "%1 GPU-hours (×%2 for failed and repeated runs; "
                        "P10–P90: %3 – %4)"
                    ),
                    _num(compute.gpu_hours_with_redundancy),
                    current_locale().toString(compute.redundancy_factor, "g", 3),
                    _num(low),
                    _num(high),
                )
            )

    def _show_time(self, evaluation: Evaluation, deadline: float | None) -> None:
        cluster = evaluation.sizing.cluster
        n = self.rows
        n["days"].value.setText(
            fill(
                with_count(
                    self.tr(
                        "%1 days on %2 cards (%n node(s), scaling efficiency %3 %)",
                        "",
                        plural_count(cluster.nodes),
                    ),
                    cluster.nodes,
                ),
                _num(cluster.days, 1),
                _num(cluster.gpus),
                _num(cluster.scaling_efficiency * 100, 0),
            )
        )
        if deadline is None:
            n["deadline_gpus"].value.setText(self.tr("no deadline set"))
            n["deadline_gpus"].value.setStyleSheet("")
        elif cluster.gpus_for_deadline is None:
            n["deadline_gpus"].value.setText(
                self.tr("no card count meets %1 days").replace("%1", _num(deadline, 1))
            )
            n["deadline_gpus"].value.setStyleSheet(ERROR_STYLE)
        else:
            n["deadline_gpus"].value.setText(
                fill(
                    self.tr("%1 cards to finish in %2 days"),
                    _num(cluster.gpus_for_deadline),
                    _num(deadline, 1),
                )
            )
            n["deadline_gpus"].value.setStyleSheet("")

    def _show_decode(self, evaluation: Evaluation) -> None:
        decode = evaluation.sizing.compute.decode_tokens_per_s_per_gpu
        row = self.rows["decode"]
        for widget in (row.caption, row.value, row.why):
            widget.setVisible(decode is not None)
        if decode is not None:
            row.value.setText(
                self.tr("%1 tokens/s per card").replace("%1", _num(decode, 0))
            )


def _num(value: float, decimals: int = 0) -> str:
    return current_locale().toString(float(value), "f", decimals)
