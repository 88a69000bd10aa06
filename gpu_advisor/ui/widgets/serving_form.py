"""The workload step's serving inputs: traffic, lengths, latency targets, engine.

One checkable group, "Serve the model to users": ticked, the plan serves its
model (``workload.serving``) alone or after training, and the group shows the
fields of :class:`gpu_advisor.model.serving.Serving`, each a bound widget (one
undoable edit each, its range from the schema); unticked, the plan does not
serve and the fields are hidden. The group decides nothing: what the engine
makes of the inputs is shown on the "Serving" tab (``serving_view.py``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QCoreApplication, QEvent, QSignalBlocker, QSize, Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from gpu_advisor.engine.api import day_shares
from gpu_advisor.model.project import OptionId, Project
from gpu_advisor.model.serving import (
    HOURS_A_DAY,
    DailyCurve,
    KvPrecision,
    PrecisionSearch,
    Serving,
    ServingEngine,
    Traffic,
    WeightPrecision,
)
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import ERROR_STYLE
from gpu_advisor.ui.widgets.bound import (
    BoundCheck,
    BoundCombo,
    BoundDoubleSpin,
    BoundField,
    BoundSpin,
    OptionalNumberField,
)

_F = TypeVar("_F", bound=BoundField)
_P = "workload.serving."


class ServingForm(QGroupBox):
    """The serving inputs of the workload step, in one checkable group.

    Signals
    -------
    error_changed(str)
        A field's error appeared, changed or was cleared.
    """

    error_changed = Signal(str)

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.fields: list[BoundField] = []
        self._labels: list[tuple[QLabel, Callable[[], str]]] = []
        self.setCheckable(True)
        self.body = QWidget()
        self.form = QFormLayout(self.body)
        self.form.setFieldGrowthPolicy(
            QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow
        )
        # a narrow column puts a long label above its field rather than cut it
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        layout = QVBoxLayout(self)
        layout.addWidget(self.body)
        self._build_model_rows()
        self._build_request_rows()
        self._build_traffic_rows()
        self._build_availability_rows()
        self.toggled.connect(self._on_toggled)
        self.spot.editor.setToolTip(
            self.tr(
                "Serving on reclaimable instances: when one is reclaimed, its users' requests fail."
            )
        )
        self.sites.editor.setToolTip(
            self.tr("Two sites: each can carry the busiest hour alone.")
        )
        self.offline.editor.setToolTip(
            self.tr(
                "An offline batch has no latency target: replicas are loaded for the most tokens per second."
            )
        )
        session.project_changed.connect(self._show)
        self.retranslate_ui()
        self._show(session.project)

    # --- building ---------------------------------------------------------------------

    def _bind(self, widget: _F) -> _F:
        self.fields.append(widget)
        widget.error_changed.connect(self.error_changed)
        return widget

    def _row(self, caption: Callable[[], str], field: BoundField) -> None:
        label = QLabel()
        label.setBuddy(getattr(field, "editor", field))
        self._labels.append((label, caption))
        self.form.addRow(label, field)

    def _build_model_rows(self) -> None:
        """Serving engine, precisions, card and tensor-parallel degree."""
        s = self._session
        self.engine = self._bind(
            BoundCombo(
                s,
                _P + "engine",
                [
                    (ServingEngine.VLLM, lambda: "vLLM"),
                    (ServingEngine.SGLANG, lambda: "SGLang"),
                    (ServingEngine.TRTLLM, lambda: "TensorRT-LLM"),
                    (ServingEngine.LMDEPLOY, lambda: "LMDeploy"),
                ],
                label=lambda: self.tr("serving engine"),
            )
        )
        self.weights = self._bind(
            BoundCombo(
                s,
                _P + "weight_precision",
                [
                    (WeightPrecision.BF16, lambda: "BF16"),
                    (WeightPrecision.FP8, lambda: "FP8"),
                    (WeightPrecision.INT8, lambda: "INT8"),
                    (WeightPrecision.INT4_AWQ, lambda: "INT4 (AWQ)"),
                    (WeightPrecision.INT4_GPTQ, lambda: "INT4 (GPTQ)"),
                ],
                label=lambda: self.tr("weight precision"),
            )
        )
        self.search = self._bind(
            BoundCombo(
                s,
                _P + "precision_search",
                [
                    (None, lambda: self.tr("as set above")),
                    (
                        PrecisionSearch.BF16_FP8,
                        lambda: self.tr("cheapest of BF16/FP8"),
                    ),
                    (
                        PrecisionSearch.ANY,
                        lambda: self.tr("cheapest, INT8/INT4 too"),
                    ),
                ],
                label=lambda: self.tr("weight precision search"),
            )
        )
        self.kv = self._bind(
            BoundCombo(
                s,
                _P + "kv_precision",
                [
                    (KvPrecision.BF16, lambda: "BF16"),
                    (KvPrecision.FP8, lambda: "FP8"),
                    (KvPrecision.INT8, lambda: "INT8"),
                ],
                label=lambda: self.tr("KV-cache precision"),
            )
        )
        self.tp = self._bind(
            OptionalNumberField(
                s,
                _P + "tp",
                integer=True,
                none_text=lambda: self.tr("cheapest"),
                label=lambda: self.tr("tensor parallel"),
            )
        )
        self._row(lambda: self.tr("Serving engine:"), self.engine)
        self._row(lambda: self.tr("Weights:"), self.weights)
        self._row(lambda: self.tr("Try precisions:"), self.search)
        self._row(lambda: self.tr("KV cache:"), self.kv)
        self._row(lambda: self.tr("Cards per replica:"), self.tp)

    def _build_request_rows(self) -> None:
        """Prompt and answer lengths, prefix cache, latency targets."""
        s = self._session
        tokens = lambda: self.tr(" tokens")  # noqa: E731
        self.prompt = self._bind(BoundSpin(s, _P + "prompt_tokens", suffix=tokens))
        self.prompt_p95 = self._bind(
            OptionalNumberField(
                s, _P + "prompt_tokens_p95", integer=True, suffix=tokens,
                none_text=lambda: self.tr("not known"),
            )
        )  # fmt: skip
        self.output = self._bind(BoundSpin(s, _P + "output_tokens", suffix=tokens))
        self.output_p95 = self._bind(
            OptionalNumberField(
                s, _P + "output_tokens_p95", integer=True, suffix=tokens,
                none_text=lambda: self.tr("not known"),
            )
        )  # fmt: skip
        self.prefix = self._bind(
            BoundDoubleSpin(
                s, _P + "prefix_cache_hit", decimals=0, step=5, scale=100,
                suffix=lambda: " %", label=lambda: self.tr("prefix-cache hits"),
            )
        )  # fmt: skip
        ms = lambda: self.tr(" ms")  # noqa: E731
        self.ttft = self._bind(
            OptionalNumberField(
                s, _P + "targets.ttft_ms", decimals=0, step=100, suffix=ms,
                none_text=lambda: self.tr("no target"), label=lambda: self.tr("time to first token"),
            )
        )  # fmt: skip
        self.tpot = self._bind(
            OptionalNumberField(
                s, _P + "targets.tpot_ms", decimals=0, step=5, suffix=ms,
                none_text=lambda: self.tr("no target"), label=lambda: self.tr("time per output token"),
            )
        )  # fmt: skip
        self.offline = self._bind(
            BoundCheck(
                s,
                _P + "targets.offline",
                lambda: self.tr("Offline batch"),
            )
        )
        self._row(lambda: self.tr("Prompt, mean:"), self.prompt)
        self._row(lambda: self.tr("Prompt, p95:"), self.prompt_p95)
        self._row(lambda: self.tr("Answer, mean:"), self.output)
        self._row(lambda: self.tr("Answer, p95:"), self.output_p95)
        self._row(lambda: self.tr("Prefix-cache hits:"), self.prefix)
        self._row(lambda: self.tr("First token, p95:"), self.ttft)
        self._row(lambda: self.tr("Per token, p95:"), self.tpot)
        self.form.addRow("", self.offline)

    def _build_traffic_rows(self) -> None:
        """Peak rate or daily users, the day's curve, growth."""
        s = self._session
        self.peak = self._bind(
            OptionalNumberField(
                s, _P + "traffic.peak_rps", decimals=1, suffix=lambda: self.tr(" requests/s"),
                none_text=lambda: self.tr("from users"), label=lambda: self.tr("peak rate"),
            )
        )  # fmt: skip
        self.users = self._bind(
            OptionalNumberField(
                s, _P + "traffic.daily_active_users", integer=True,
                none_text=lambda: self.tr("not used"), label=lambda: self.tr("daily active users"),
            )
        )  # fmt: skip
        self.per_user = self._bind(
            BoundDoubleSpin(
                s, _P + "traffic.requests_per_user_per_day", decimals=1,
                label=lambda: self.tr("requests per user a day"),
            )
        )  # fmt: skip
        self.curve = self._bind(
            CurveCombo(
                s,
                _P + "traffic.curve",
                [
                    (DailyCurve.OFFICE, lambda: self.tr("Office hours")),
                    (DailyCurve.EVENING, lambda: self.tr("Evening consumer peak")),
                    (DailyCurve.FLAT, lambda: self.tr("Flat (an API for machines)")),
                    (DailyCurve.TYPED, lambda: self.tr("Typed, hour by hour")),
                ],
                label=lambda: self.tr("shape of the day"),
            )
        )
        self.shares = self._bind(HourlySharesField(s))
        self.growth = self._bind(
            BoundDoubleSpin(
                s, _P + "traffic.monthly_growth", decimals=1, step=1, scale=100,
                suffix=lambda: self.tr(" %/month"), label=lambda: self.tr("monthly growth"),
            )
        )  # fmt: skip
        self._row(lambda: self.tr("Busiest hour:"), self.peak)
        self._row(lambda: self.tr("Daily active users:"), self.users)
        self._row(lambda: self.tr("Requests per user a day:"), self.per_user)
        self._row(lambda: self.tr("Shape of the day:"), self.curve)
        self._row(lambda: self.tr("Share of each hour, 00–23:"), self.shares)
        self._row(lambda: self.tr("Traffic growth:"), self.growth)

    def _build_availability_rows(self) -> None:
        """Spares, sites, start month, spot."""
        s = self._session
        self.spares = self._bind(
            BoundSpin(s, _P + "spare_replicas", label=lambda: self.tr("spare replicas"))
        )
        self.sites = self._bind(
            BoundCombo(
                s,
                _P + "sites",
                [
                    (1, lambda: self.tr("One site")),
                    (2, lambda: self.tr("Two sites")),
                ],
                label=lambda: self.tr("sites"),
            )
        )
        self.start = self._bind(
            OptionalNumberField(
                s, _P + "start_month", integer=True,
                none_text=lambda: self.tr("after training"), label=lambda: self.tr("first month"),
            )
        )  # fmt: skip
        self.spot = self._bind(
            BoundCheck(
                s, _P + "allow_spot", lambda: self.tr("Allow spot instances")
            )
        )  # fmt: skip
        self._row(lambda: self.tr("Spare replicas:"), self.spares)
        self._row(lambda: self.tr("Sites:"), self.sites)
        self._row(lambda: self.tr("Serving starts in month:"), self.start)
        self.form.addRow("", self.spot)

    @override
    def sizeHint(self) -> QSize:
        """No wider than the form needs at least: the step's input column keeps
        its own width, and the spin boxes' hints (sized for numbers up to a
        million) would otherwise widen it and squeeze the results beside it."""
        hint = super().sizeHint()
        return QSize(self.minimumSizeHint().width(), hint.height())

    # --- model <-> widgets ------------------------------------------------------------

    def _on_toggled(self, checked: bool) -> None:
        project = self._session.project
        if checked == (project.workload.serving is not None):
            return
        if not checked:
            self._session.apply(
                "workload.serving", None, self.tr("Stop serving the model")
            )
            return
        # serving brings the hosted model API into the comparison, in one step
        options = project.budget.options
        if OptionId.HOSTED_API not in options:
            options = [o for o in OptionId if o in options or o is OptionId.HOSTED_API]
        served = Project.model_validate(
            {
                **dict(project),
                "workload": {**dict(project.workload), "serving": Serving()},
                "budget": {**dict(project.budget), "options": options},
            }
        )
        self._session.replace_project(served, self.tr("Serve the model"))

    def _show(self, project: Project) -> None:
        serving = project.workload.serving
        with QSignalBlocker(self):
            self.setChecked(serving is not None)
        self.body.setVisible(serving is not None)
        typed = serving is not None and serving.traffic.curve is DailyCurve.TYPED
        self.form.setRowVisible(self.shares, typed)

    def retranslate_ui(self) -> None:
        self.setTitle(self.tr("Serve the model to users"))
        self.setToolTip(
            self.tr(
                "Tick to plan serving: alone, or after training in the same plan. The "
                "serving months' card-hours then follow from the traffic."
            )
        )
        for label, caption in self._labels:
            label.setText(caption())

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


class CurveCombo(BoundCombo):
    """The shape of the day; choosing "typed" starts the 24 hourly shares from
    the shape shown until then (one undoable edit), so the plan never holds a
    typed day without its hours."""

    @override
    def _commit(self, value: object) -> None:
        serving = self._session.project.workload.serving
        if value is not DailyCurve.TYPED or serving is None:
            super()._commit(value)
            return
        traffic = serving.traffic
        shares = traffic.hourly_shares or [
            round(share * 100, 1) for share in day_shares(traffic)
        ]
        typed = Traffic.model_validate(
            {**dict(traffic), "curve": DailyCurve.TYPED, "hourly_shares": shares}
        )
        self._session.apply(_P + "traffic", typed, self.tr("Type the day hour by hour"))


class HourlySharesField(BoundField):
    """The typed day: 24 numbers, one per hour from 00:00, as shares of the
    day's requests (any scale: percentages, counts; the engine normalises).
    Typed or pasted (a spreadsheet row's tabs, commas and spaces all
    separate), kept when editing finishes; a list that is not 24 numbers,
    or has a negative one, is refused with its reason beside the field."""

    def __init__(self, session: ProjectSession, parent: QWidget | None = None) -> None:
        super().__init__(
            session,
            _P + "traffic.hourly_shares",
            parent,
            label=lambda: self.tr("share of each hour"),
        )
        self.editor = QLineEdit()
        self._finish_layout(self.editor)
        self._problem = QLabel(wordWrap=True)
        self._problem.setStyleSheet(ERROR_STYLE)
        self._problem.setVisible(False)
        self._layout.addWidget(self._problem, 1)
        self.editor.editingFinished.connect(self._on_finished)
        self.retranslate_ui()
        self.refresh()

    def _on_finished(self) -> None:
        numbers, problem = parse_shares(self.editor.text())
        self._show_problem(problem)
        if numbers is not None and numbers != self.value():
            self._commit(numbers)

    def _show_problem(self, problem: str) -> None:
        self._problem.setText(problem)
        self._problem.setVisible(bool(problem))

    @override
    def _show_value(self, value: Any) -> None:
        text = "  ".join(_share_text(v) for v in (value or []))
        if self.editor.text() != text:
            with QSignalBlocker(self.editor):
                self.editor.setText(text)
                self.editor.setCursorPosition(0)
        self._show_problem("")

    @override
    def retranslate_ui(self) -> None:
        self.editor.setPlaceholderText(
            self.tr("24 numbers, e.g. pasted from a spreadsheet row")
        )
        tip = self.tr(
            "Requests in each hour from 00:00 to 23:00, in any unit (percent, counts): "
            "only their proportions count. Paste a row of 24 cells or type them "
            "separated by spaces or commas."
        )
        self.editor.setToolTip(tip)
        self.editor.setAccessibleName(self.tr("Share of each hour, 00–23"))
        self.editor.setAccessibleDescription(tip)
        super().retranslate_ui()


_SEPARATORS = re.compile(r"[\s,，、;；]+")


def parse_shares(text: str) -> tuple[list[float] | None, str]:
    """The 24 hourly shares in ``text`` and "" — or None and why not (translated).

    >>> parse_shares("1 2\t3," + " 1" * 21)[0][:3]
    [1.0, 2.0, 3.0]
    >>> parse_shares("5% " * 24)[0][0]
    5.0
    >>> parse_shares("1 2 3")[0] is None
    True
    """
    parts = [p for p in _SEPARATORS.split(text.strip()) if p]
    try:
        numbers = [float(p.rstrip("%％")) for p in parts]
    except ValueError:
        return None, QCoreApplication.translate(
            "HourlySharesField", "Only numbers, one per hour."
        )
    if len(numbers) != HOURS_A_DAY:
        return None, QCoreApplication.translate(
            "HourlySharesField", "24 numbers are needed, one per hour; this has %1."
        ).replace("%1", str(len(numbers)))
    if any(n < 0 or not math.isfinite(n) for n in numbers):
        return None, QCoreApplication.translate(
            "HourlySharesField", "An hour cannot have a negative share."
        )
    if sum(numbers) <= 0:
        return None, QCoreApplication.translate(
            "HourlySharesField", "At least one hour needs requests."
        )
    return numbers, ""


def _share_text(value: float) -> str:
    """A share as typed: no trailing ".0".

    >>> _share_text(5.0), _share_text(2.5)
    ('5', '2.5')
    """
    return f"{value:g}"
