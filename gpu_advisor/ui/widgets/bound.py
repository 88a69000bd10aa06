"""Widgets bound to one dotted field of the project (a page's bindings, in a box).

Each widget here edits exactly one field of ``session.project``:

* widget → model: an edit calls ``session.apply(path, value, label)`` (one undo
  step; consecutive edits of one field merge). A ``ValidationError`` leaves
  the project unchanged and its message, translated, appears in the red
  label beside the field (:attr:`BoundField.error_label`);
* model → widget: on ``session.project_changed`` (edit, undo, redo, open) the
  widget shows the model's value again inside a :class:`QSignalBlocker`, and
  an earlier error is cleared, since the widget now shows a valid value;
* its own texts (checkbox text, combo items, tooltips, error message) follow a
  live language switch.

:class:`OptionalNumberField` is for the many ``float | None`` fields whose
``None`` means "take the catalog's figure": a spin box plus an "Own value"
checkbox. Unchecked, the field is ``None`` and the spin box shows the
resolved default greyed out, with the default's source and date on hover;
checked, the spin box edits the user's own value. :func:`budget_default`
builds the default provider for a ``budget.*`` field from
:func:`gpu_advisor.engine.cost.resolve.resolve`.

A number field's range is its project field's, read from the pydantic
constraints by :func:`model_bounds` (a field shown in another unit converts
them: ``BoundDoubleSpin(scale=60)`` edits hours in minutes); a page passes
``minimum``/``maximum`` only to narrow it.

Example
-------
::

    # the range is the model's (Workload.micro_batch: ge=1, le=65536)
    batch = BoundSpin(session, "workload.micro_batch",
                      label=lambda: self.tr("micro-batch"))
    precision = BoundCombo(session, "workload.precision", [
        ("bf16", lambda: "BF16"), ("fp8", lambda: "FP8")])
    price = OptionalNumberField(
        session, "budget.on_demand_cny_per_gpu_hour", decimals=2,
        default=budget_default("on_demand_cny_per_gpu_hour"))
    form.addRow(self.tr("&Micro-batch:"), batch)   # a QLabel buddy gets batch.editor
    page_complete = not any(w.has_error for w in (batch, precision, price))

Each widget emits ``error_changed(str)`` when its message appears or goes, so a
page can emit ``completeChanged``.
"""

from __future__ import annotations

import math
import typing
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

import shiboken6
from pydantic import BaseModel, ValidationError
from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QObject,
    QSignalBlocker,
    Qt,
    Signal,
)
from PySide6.QtGui import QKeyEvent, QValidator
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSpinBox,
    QWidget,
)
from superqt.utils import QSignalDebouncer
from typing_extensions import override

from gpu_advisor.model.common import InputRef
from gpu_advisor.model.project import Project
from gpu_advisor.report.sources import SourceIndex, source_text
from gpu_advisor.report.text import unit_text
from gpu_advisor.ui.i18n import current_language, current_locale, fill, significant
from gpu_advisor.ui.style import ERROR_STYLE
from gpu_advisor.ui.widgets.focus_filter import FocusFollowingFilter
from gpu_advisor.ui.widgets.wheel_guard import wheel_scrolls_past

if TYPE_CHECKING:
    from gpu_advisor.model.catalog import Catalog
    from gpu_advisor.ui.session import ProjectSession

TextFn = Callable[[], str]
"""A function returning a (translated) text; called again after a language switch."""

DefaultProvider = Callable[["ProjectSession"], "InputRef | None"]
"""Returns the value a ``None`` field resolves to, with its source, or None."""


def field_value(project: Project, path: str) -> Any:
    """The value at dotted ``path`` (list items by index).

    >>> field_value(Project(), "workload.micro_batch")
    1
    >>> field_value(Project(), "signoff.0.role")
    'Engineering lead'
    >>> field_value(Project(), "workload.shape.layers") is None
    True
    """
    value: Any = project
    for part in path.split("."):
        if value is None:  # an optional section not filled in (workload.shape)
            return None
        if isinstance(value, BaseModel):
            value = getattr(value, part)
        elif isinstance(value, list | tuple):
            value = value[int(part)]
        else:
            value = value[part]
    return value


_INT_MAX: Final = 2**31 - 1
"""The largest value a :class:`QSpinBox` holds."""

UNBOUNDED: Final = (0.0, 1e9)
"""The spin range of a number field whose model field has no bound of its own."""


def _field_model(annotation: Any) -> type[BaseModel] | None:
    """The model a field holds (itself, optional, or in a list), if any."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _field_model(arg)
        if found is not None:
            return found
    return None


def model_bounds(
    path: str, *, scale: float = 1.0, decimals: int | None = None
) -> tuple[float, float]:
    """The spin range of the project field at dotted ``path``, from its schema.

    The field's ``ge``/``gt`` and ``le``/``lt`` constraints in
    :mod:`gpu_advisor.model.project`, times ``scale`` (the shown number per
    model unit: 60 for hours shown in minutes). A ``gt``/``lt`` bound is not
    a value the model takes: given the field's ``decimals``, the range ends
    one shown step inside it (``gt=0`` with one decimal: 0.1, the smallest
    value the field can show and the model keeps, so ticking "Set a
    deadline" starts from a valid value); without, at the bound itself.
    List items may be given by index or left out
    (``vendors.0.yearly_price_factor`` or ``vendors.yearly_price_factor``).
    An end the model leaves open is :data:`UNBOUNDED`'s.

    >>> model_bounds("workload.mfu")
    (0.001, 1.0)
    >>> model_bounds("budget.billing_granularity_hours", scale=60)
    (1.0, 44640.0)
    >>> model_bounds("workload.deadline_days", decimals=1)
    (0.1, 3650.0)
    >>> model_bounds("vendors.0.yearly_price_factor")
    (0.0, 1.5)
    """
    model: type[BaseModel] | None = Project
    info = None
    for part in path.split("."):
        if part.isdigit():
            continue
        if model is None or part not in model.model_fields:
            raise KeyError(path)
        info = model.model_fields[part]
        model = _field_model(info.annotation)
    if info is None:
        raise KeyError(path)
    low, high = UNBOUNDED
    step = 0.0 if decimals is None else 10.0**-decimals

    def inside(value: float) -> float:
        return value if decimals is None else round(value, decimals)

    for item in info.metadata:
        if getattr(item, "ge", None) is not None:
            low = float(item.ge) * scale
        if getattr(item, "gt", None) is not None:
            low = inside(float(item.gt) * scale + step)
        if getattr(item, "le", None) is not None:
            high = float(item.le) * scale
        if getattr(item, "lt", None) is not None:
            high = inside(float(item.lt) * scale - step)
    return low, high


def validation_message(exc: ValidationError) -> str:
    """The first error of ``exc`` as a translated sentence.

    Bounds and lengths are phrased in the UI language; custom model checks
    (``ValueError`` raised by a validator) keep the engine's own text.
    """
    errors = exc.errors()
    if not errors:
        return QCoreApplication.translate("BoundField", "Invalid value.")
    error = errors[0]
    kind = str(error.get("type", ""))
    ctx: dict[str, Any] = dict(error.get("ctx") or {})
    templates = {
        "greater_than_equal": (
            "ge",
            QCoreApplication.translate("BoundField", "Must be at least %1."),
        ),
        "greater_than": (
            "gt",
            QCoreApplication.translate("BoundField", "Must be greater than %1."),
        ),
        "less_than_equal": (
            "le",
            QCoreApplication.translate("BoundField", "Must be at most %1."),
        ),
        "less_than": (
            "lt",
            QCoreApplication.translate("BoundField", "Must be less than %1."),
        ),
        "string_too_short": (
            "min_length",
            QCoreApplication.translate("BoundField", "Needs at least %1 character(s)."),
        ),
        "string_too_long": (
            "max_length",
            QCoreApplication.translate("BoundField", "At most %1 characters."),
        ),
        "too_long": (
            "max_length",
            QCoreApplication.translate("BoundField", "At most %1 items."),
        ),
    }
    if kind in templates:
        key, template = templates[kind]
        bound = ctx.get(key)
        text = (
            current_locale().toString(float(bound), "g", 12)
            if isinstance(bound, int | float)
            else str(bound)
        )
        return template.replace("%1", text)
    if kind == "missing":
        return QCoreApplication.translate("BoundField", "A value is required.")
    if kind in {"float_parsing", "int_parsing", "float_type", "int_type"}:
        return QCoreApplication.translate("BoundField", "Enter a number.")
    message = str(error.get("msg", ""))
    return message.removeprefix("Value error, ") or QCoreApplication.translate(
        "BoundField", "Invalid value."
    )


def budget_default(key: str) -> DefaultProvider:
    """A default provider for ``budget.<key>``: the catalog's figure and citation.

    The catalog figure is the one the evaluation uses when the field is
    ``None`` (region and GPU of the project applied), from
    :attr:`~gpu_advisor.engine.evaluate.PlanEvaluation.budget_defaults`.
    """

    def provide(session: ProjectSession) -> InputRef | None:
        try:
            return session.evaluation.budget_defaults.get(key)
        except (KeyError, ValueError):  # a plan the engine refuses: no default
            return None

    return provide


PAUSE_COMMIT_MS: Final = 900
"""Typing pause after which a number being typed is committed (its text kept)."""


class _PauseCommit(QObject):
    """Commits a spin box's typed number on editing-finished or after a pause.

    With keyboard tracking off, Qt emits ``valueChanged`` only on Enter, focus
    out and arrow/wheel steps, never per keystroke, so "19" is not committed
    (and reformatted to "19.00") before the user has typed ".5". After
    :data:`PAUSE_COMMIT_MS` without typing, an acceptable text is committed
    too, and the text as typed (and the cursor) is put back, so a live update
    never rewrites what is being typed. Editing-finished then shows the
    model's value in the spin box's own format. Return ends the edit there
    and goes no further (:class:`_ReturnStaysInField`); the wheel changes the
    number only while the field has the focus (:func:`wheel_scrolls_past`).
    """

    def __init__(self, spin: QAbstractSpinBox) -> None:
        super().__init__(spin)
        self._spin = spin
        spin.setKeyboardTracking(False)
        self._pause = QSignalDebouncer(parent=self)
        self._pause.setTimeout(PAUSE_COMMIT_MS)
        self._pause.triggered.connect(self.commit_now)
        edit = spin.lineEdit()
        if edit is not None:
            edit.textEdited.connect(self._typed)
        spin.editingFinished.connect(self._finished)
        _ReturnStaysInField.follow(spin)
        wheel_scrolls_past(spin)

    def _typed(self, _text: str) -> None:
        self._pause.throttle()
        _TYPING.add(self)

    def _finished(self) -> None:
        self._pause.cancel()
        _TYPING.discard(self)

    @property
    def pending(self) -> bool:
        """True while typed text waits for the pause or editing-finished."""
        return self in _TYPING

    def commit_now(self) -> None:
        """Commit the typed text now if it is an acceptable number."""
        self._finished()
        spin = self._spin
        edit = spin.lineEdit()
        if edit is None:
            return
        text, cursor = edit.text(), edit.cursorPosition()
        state = spin.validate(text, cursor)
        accepted = state[0] if isinstance(state, tuple | list) else state
        if accepted != QValidator.State.Acceptable:
            return
        spin.interpretText()  # emits valueChanged if the number changed
        if edit.text() != text and spin.hasFocus():
            with QSignalBlocker(edit):
                edit.setText(text)
                edit.setCursorPosition(cursor)


def _presses_default_button(event: QKeyEvent) -> bool:
    """True for the keys with which a dialog presses its default button:
    Return or Enter without modifiers, or Enter on the keypad (QDialog's rule).
    """
    key, modifiers = event.key(), event.modifiers()
    if key not in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
        return False
    return modifiers == Qt.KeyboardModifier.NoModifier or (
        key == Qt.Key.Key_Enter and modifiers == Qt.KeyboardModifier.KeypadModifier
    )


class _ReturnStaysInField(FocusFollowingFilter):
    """Keeps Return in the focused number field instead of pressing Next.

    A spin box handles Return (commits the typed number, emits
    editing-finished) and then ignores the key, which goes on to the window:
    in the wizard QDialog pressed its default button, Next, so Return after
    typing a number also left the step. While a field of
    :func:`commit_when_finished` has the focus, this filter lets the field
    handle the key as usual and stops it there; the user moves on with Next
    or Alt+N. Other modified Returns (Ctrl+Return) go their usual way.

    One per application. It follows the focus, as the plan's undo keys do
    (:class:`~gpu_advisor.ui.widgets.focus_filter.FocusFollowingFilter`), so
    unfocused fields and other events cost nothing.
    """

    _instance: _ReturnStaysInField | None = None

    @classmethod
    def follow(cls, spin: QAbstractSpinBox) -> None:
        """Make sure the application's filter exists (``spin`` may have the focus)."""
        keeper = cls._instance
        if keeper is None or not shiboken6.isValid(keeper):
            app = QApplication.instance()
            if not isinstance(app, QApplication):
                return
            keeper = cls._instance = cls(app)
        if spin.hasFocus():
            spin.installEventFilter(keeper)

    @override
    def wants(self, widget: QWidget) -> bool:
        return isinstance(widget, QAbstractSpinBox) and isinstance(
            widget.findChild(_PauseCommit), _PauseCommit
        )

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and isinstance(watched, QAbstractSpinBox)
            and _presses_default_button(event)
        ):
            watched.event(event)  # the field's own Return: commit, editing finished
            # Stopped here: Qt passes a key event on to the parent widgets
            # while it is not accepted, even when a filter returns True.
            event.accept()
            return True
        return False


def commit_when_finished(spin: QAbstractSpinBox) -> _PauseCommit:
    """Make ``spin`` commit on editing-finished or a typing pause, never per key.

    Use it for every number field, bound or not (vendor quotes, weights):
    typing "19.5" in any locale then gives 19.5, not 19.00. Return commits
    the number and stays in the field (it does not press the wizard's Next).
    """
    existing = spin.findChild(_PauseCommit)
    return existing if isinstance(existing, _PauseCommit) else _PauseCommit(spin)


def has_pending_text(widget: QWidget) -> bool:
    """True when a number field inside ``widget`` has typed, uncommitted text."""
    if isinstance(widget, QAbstractSpinBox):
        helper = widget.findChild(_PauseCommit)
        return isinstance(helper, _PauseCommit) and helper.pending
    return False


_TYPING: Final[set[_PauseCommit]] = set()
"""The number fields with typed text waiting for the pause or editing-finished."""


def flush_pending(root: QWidget) -> None:
    """Commit every number still being typed under ``root`` (before save, Next).

    Looks at the fields being typed in (rarely more than one) rather than at
    every object under ``root``: a step holds about a thousand, and finding
    them took a tenth of leaving the budget step.
    """
    for helper in list(_TYPING):
        if not shiboken6.isValid(helper):  # its field was deleted meanwhile
            _TYPING.discard(helper)
            continue
        spin = helper.parent()
        if isinstance(spin, QWidget) and (spin is root or root.isAncestorOf(spin)):
            if helper.pending:
                helper.commit_now()
            else:
                _TYPING.discard(helper)


_NOT_SHOWN: Final = object()
"""Marks a field that has not shown any value yet."""


class BoundField(QWidget):
    """Base: an editor, an error label beside it, and the binding plumbing.

    Subclasses set :attr:`editor`, connect its change signal to
    :meth:`_commit`, and implement :meth:`_show_value`.

    Signals
    -------
    error_changed(str)
        The error message appeared, changed or was cleared ("").
    """

    error_changed = Signal(str)

    def __init__(
        self,
        session: ProjectSession,
        path: str,
        parent: QWidget | None = None,
        *,
        label: TextFn | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self.path = path
        self._shown: object = _NOT_SHOWN
        self._label = label
        self._error: ValidationError | None = None
        self.error_label = QLabel(wordWrap=True)
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.setVisible(False)
        self.error_label.setSizePolicy(
            QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred
        )
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        session.project_changed.connect(self._on_project_changed)

    def _finish_layout(self, *widgets: QWidget) -> None:
        for widget in widgets:
            self._layout.addWidget(widget)
        self._layout.addWidget(self.error_label, 1)
        if widgets:
            self.setFocusProxy(widgets[0])

    # --- state ---------------------------------------------------------------------

    @property
    def has_error(self) -> bool:
        return self._error is not None

    @property
    def error_text(self) -> str:
        return self.error_label.text() if self._error is not None else ""

    def value(self) -> Any:
        """The model's current value of the field."""
        return field_value(self._session.project, self.path)

    # --- binding ---------------------------------------------------------------------

    def _commit(self, value: object) -> None:
        name = self._label() if self._label is not None else self.path
        label = self.tr("Change %1").replace("%1", name)
        try:
            self._session.apply(self.path, value, label)
        except ValidationError as exc:
            # The editor now shows what the model refused: redraw on next refresh.
            self._shown = _NOT_SHOWN
            self._set_error(exc)
        else:
            self._set_error(None)

    def _set_error(self, error: ValidationError | None) -> None:
        had = self.error_text
        self._error = error
        self._render_error()
        if self.error_text != had:
            self.error_changed.emit(self.error_text)

    def _render_error(self) -> None:
        text = validation_message(self._error) if self._error is not None else ""
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    def _on_project_changed(self, project: Project) -> None:
        self.refresh(project)
        if self._error is not None:
            self._set_error(None)

    def refresh(self, project: Project | None = None, *, force: bool = False) -> None:
        """Show the model's value (signals blocked).

        Skipped when neither the value nor what is shown beside it (the
        default and its source) changed since the last time: each edit
        reaches every bound field of every page, and redrawing a hundred
        spin boxes and their tooltips cost most of the 50 ms budget.
        """
        project = project if project is not None else self._session.project
        value = field_value(project, self.path)
        shown = (value, self._shown_with())
        if not force and shown == self._shown:
            return
        self._shown = shown
        self._show_value(value)

    def _shown_with(self) -> object:
        """What besides the value decides what the field shows (subclasses)."""
        return None

    def _reformat(self) -> None:
        """Editing finished: show the model's value in the editor's format."""
        self.refresh(force=True)

    def _show_value(self, value: Any) -> None:
        raise NotImplementedError

    # --- translation ---------------------------------------------------------------

    def retranslate_ui(self) -> None:
        self._render_error()

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


class BoundSpin(BoundField):
    """An integer field in a :class:`QSpinBox`, its range the model's
    (:func:`model_bounds`) unless ``minimum``/``maximum`` narrow it."""

    def __init__(
        self,
        session: ProjectSession,
        path: str,
        parent: QWidget | None = None,
        *,
        minimum: int | None = None,
        maximum: int | None = None,
        suffix: TextFn | None = None,
        label: TextFn | None = None,
    ) -> None:
        super().__init__(session, path, parent, label=label)
        self._suffix = suffix
        low, high = model_bounds(path, decimals=0)
        self.editor = QSpinBox(
            minimum=math.ceil(low) if minimum is None else minimum,
            maximum=min(int(high), _INT_MAX) if maximum is None else maximum,
        )
        self.editor.setGroupSeparatorShown(True)
        commit_when_finished(self.editor)
        self.editor.editingFinished.connect(self._reformat)
        self._finish_layout(self.editor)
        self.editor.valueChanged.connect(self._commit)
        self.retranslate_ui()
        self.refresh()

    @override
    def _show_value(self, value: Any) -> None:
        if value is None:  # the section is unset; the page hides this field
            return
        with QSignalBlocker(self.editor):
            self.editor.setValue(int(value))

    @override
    def retranslate_ui(self) -> None:
        if self._suffix is not None:
            self.editor.setSuffix(self._suffix())
        super().retranslate_ui()


class ReadableDoubleSpinBox(QDoubleSpinBox):
    """A double spin box that shows its value the way a reader writes it.

    The value keeps the model's unit; the text may show it scaled (a token
    count kept in billions reads as 亿 in Chinese: 300 B = 3,000 亿) and
    without trailing zeros ("300", not "300.000"), in the UI locale.

    Parameters
    ----------
    factor : callable returning float
        Shown number per unit of the value (10 for billions shown as 亿). [-]
    trim_zeros : bool
        Drop trailing zeros after the decimal point (and a bare point). [-]
    """

    def __init__(
        self,
        *,
        factor: Callable[[], float] | None = None,
        trim_zeros: bool = True,
        **kwargs: Any,
    ) -> None:
        # set before Qt's constructor, which already asks for the text
        self._factor = factor or (lambda: 1.0)
        self._trim_zeros = trim_zeros
        super().__init__(**kwargs)

    def _shown_decimals(self, factor: float) -> int:
        # a factor of 10 moves one decimal in front of the point
        digits = 0
        while factor >= 10 and digits < self.decimals():
            factor /= 10
            digits += 1
        return self.decimals() - digits

    @override
    def textFromValue(self, v: float) -> str:
        factor = self._factor()
        locale = self.locale()
        text = locale.toString(v * factor, "f", self._shown_decimals(factor))
        point = locale.decimalPoint()
        if self._trim_zeros and point in text:
            text = text.rstrip("0").removesuffix(point)
        return text

    def _number(self, text: str) -> tuple[bool, float]:
        core = text.removeprefix(self.prefix()).removesuffix(self.suffix()).strip()
        core = core.replace(self.locale().groupSeparator(), "")
        value, ok = self.locale().toDouble(core)
        return ok, value

    @override
    def valueFromText(self, text: str) -> float:
        ok, number = self._number(text)
        return number / self._factor() if ok else self.value()

    @override
    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        core = text.removeprefix(self.prefix()).removesuffix(self.suffix()).strip()
        if core in {"", self.locale().decimalPoint(), "-", "+"}:
            return QValidator.State.Intermediate, text, pos
        ok, number = self._number(text)
        if not ok:
            return QValidator.State.Invalid, text, pos
        value = number / self._factor()
        if value > self.maximum():
            return QValidator.State.Invalid, text, pos
        if value < self.minimum():
            return QValidator.State.Intermediate, text, pos
        return QValidator.State.Acceptable, text, pos


class BoundDoubleSpin(BoundField):
    """A float field in a :class:`QDoubleSpinBox`, its range the model's
    (:func:`model_bounds`, converted by ``scale``) unless ``minimum``/``maximum``
    narrow it.

    ``scale`` is the shown number per model unit (60: a field kept in hours
    edited in minutes); the editor holds the shown number, the model gets it
    divided back, so 1 minute is saved as exactly 1/60 h.
    """

    def __init__(
        self,
        session: ProjectSession,
        path: str,
        parent: QWidget | None = None,
        *,
        minimum: float | None = None,
        maximum: float | None = None,
        decimals: int = 2,
        step: float = 1.0,
        suffix: TextFn | None = None,
        label: TextFn | None = None,
        display_factor: Callable[[], float] | None = None,
        scale: float = 1.0,
    ) -> None:
        super().__init__(session, path, parent, label=label)
        self._suffix = suffix
        self._scale = scale
        low, high = model_bounds(path, scale=scale, decimals=decimals)
        minimum = low if minimum is None else minimum
        maximum = high if maximum is None else maximum
        self.editor: QDoubleSpinBox
        if display_factor is None:
            self.editor = QDoubleSpinBox(
                minimum=minimum, maximum=maximum, decimals=decimals, singleStep=step
            )
        else:  # scaled in the reader's unit, no trailing zeros
            self.editor = ReadableDoubleSpinBox(
                factor=display_factor,
                minimum=minimum,
                maximum=maximum,
                decimals=decimals,
                singleStep=step,
            )
        self.editor.setGroupSeparatorShown(True)
        commit_when_finished(self.editor)
        self.editor.editingFinished.connect(self._reformat)
        self._finish_layout(self.editor)
        self.editor.valueChanged.connect(self._commit_shown)
        self.retranslate_ui()
        self.refresh()

    def _commit_shown(self, shown: float) -> None:
        self._commit(shown if self._scale == 1.0 else shown / self._scale)

    @override
    def _show_value(self, value: Any) -> None:
        if value is None:  # the section is unset; the page hides this field
            return
        with QSignalBlocker(self.editor):
            self.editor.setValue(float(value) * self._scale)

    @override
    def retranslate_ui(self) -> None:
        if isinstance(self.editor, ReadableDoubleSpinBox):
            # the shown unit follows the language; setSuffix redraws the text
            self.editor.setLocale(current_locale())
        if self._suffix is not None:
            self.editor.setSuffix(self._suffix())
        super().retranslate_ui()


class BoundCheck(BoundField):
    """A bool field in a :class:`QCheckBox` (the checkbox carries the text)."""

    def __init__(
        self,
        session: ProjectSession,
        path: str,
        text: TextFn,
        parent: QWidget | None = None,
        *,
        label: TextFn | None = None,
    ) -> None:
        super().__init__(session, path, parent, label=label or text)
        self._text = text
        self.editor = QCheckBox()
        self._finish_layout(self.editor)
        self.editor.toggled.connect(self._commit)
        self.retranslate_ui()
        self.refresh()

    @override
    def _show_value(self, value: Any) -> None:
        with QSignalBlocker(self.editor):
            self.editor.setChecked(bool(value))

    @override
    def retranslate_ui(self) -> None:
        self.editor.setText(self._text())
        super().retranslate_ui()


class BoundLineEdit(BoundField):
    """A text field in a :class:`QLineEdit` (``empty_is_none`` for ``str | None``)."""

    def __init__(
        self,
        session: ProjectSession,
        path: str,
        parent: QWidget | None = None,
        *,
        max_length: int = 200,
        placeholder: TextFn | None = None,
        empty_is_none: bool = False,
        label: TextFn | None = None,
    ) -> None:
        super().__init__(session, path, parent, label=label)
        self._placeholder = placeholder
        self._empty_is_none = empty_is_none
        self.editor = QLineEdit(maxLength=max_length)
        self._finish_layout(self.editor)
        self.editor.textChanged.connect(self._on_text_changed)
        self.retranslate_ui()
        self.refresh()

    def _on_text_changed(self, text: str) -> None:
        self._commit(None if self._empty_is_none and not text else text)

    @override
    def _show_value(self, value: Any) -> None:
        text = "" if value is None else str(value)
        if self.editor.text() != text:  # keeps the cursor where the user types
            with QSignalBlocker(self.editor):
                self.editor.setText(text)
                if not self.editor.hasFocus():  # a long value shows its start
                    self.editor.setCursorPosition(0)

    @override
    def retranslate_ui(self) -> None:
        if self._placeholder is not None:
            self.editor.setPlaceholderText(self._placeholder())
        super().retranslate_ui()


class BoundCombo(BoundField):
    """A choice field in a :class:`QComboBox`.

    ``items`` pairs each model value (stored as item data) with a function
    returning its translated text. A model value not among the items (a file
    from a newer catalog) is shown as its raw text rather than dropped.
    """

    def __init__(
        self,
        session: ProjectSession,
        path: str,
        items: Sequence[tuple[object, TextFn]],
        parent: QWidget | None = None,
        *,
        label: TextFn | None = None,
    ) -> None:
        super().__init__(session, path, parent, label=label)
        self._items = list(items)
        self.editor = QComboBox()
        wheel_scrolls_past(self.editor)
        self.editor.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self._finish_layout(self.editor)
        self.editor.currentIndexChanged.connect(self._on_index_changed)
        self.set_items(self._items)

    def set_items(self, items: Sequence[tuple[object, TextFn]]) -> None:
        """Replace the choices (e.g. after the catalog or the task changed)."""
        self._items = list(items)
        with QSignalBlocker(self.editor):
            self.editor.clear()
            for value, text in self._items:
                self.editor.addItem(text(), _key(value))
        self.refresh()

    def _on_index_changed(self, index: int) -> None:
        if index < 0:
            return
        data = self.editor.itemData(index)
        for value, _text in self._items:
            if _key(value) == data:
                self._commit(value)
                return
        self._commit(data)

    @override
    def _show_value(self, value: Any) -> None:
        with QSignalBlocker(self.editor):
            index = self.editor.findData(_key(value))
            if index < 0:
                self.editor.addItem(str(value), _key(value))
                index = self.editor.count() - 1
            self.editor.setCurrentIndex(index)

    @override
    def retranslate_ui(self) -> None:
        for row, (_value, text) in enumerate(self._items):
            if row < self.editor.count():
                self.editor.setItemText(row, text())
        super().retranslate_ui()


def _key(value: object) -> str:
    """Item data for a combo: enums and numbers compare by their text."""
    return "\0none" if value is None else str(value)


def _default_number(value: float) -> str:
    """A default as the tooltip shows it: whole and grouped from 1,000, else
    four significant digits (an MFU of 0.41976818 reads 0.4198, a PUE 1.35)."""
    if abs(value) >= 1000:
        return current_locale().toString(value, "f", 0)
    return significant(value)  # "g" writes 0.00001 as 1e-05


_INDEXES: dict[int, tuple[Catalog, SourceIndex]] = {}
"""The catalog's sources by text, for the tooltips (one catalog: the shipped one)."""


def _source_index(catalog: Catalog) -> SourceIndex:
    """The sources of ``catalog`` indexed once, so a default's tooltip cites
    its works in the reader's words as the "why?" dialog does."""
    known = _INDEXES.get(id(catalog))
    if known is None or known[0] is not catalog:
        _INDEXES.clear()
        known = _INDEXES[id(catalog)] = (catalog, SourceIndex.of(catalog))
    return known[1]


class OptionalNumberField(BoundField):
    """A ``float | None`` (or ``int | None``) field: own value or the default.

    Parameters
    ----------
    session, path, parent
        As for every bound field.
    minimum, maximum, decimals, step
        Spin box range (the model's, :func:`model_bounds`, unless given);
        ``decimals=0`` with ``integer=True`` applies ``int``.
    default : callable, optional
        ``default(session)`` gives the value used while the field is ``None``
        (an :class:`InputRef`, whose ``source`` names the catalog citation and
        date), or ``None`` when there is none to show.
    toggle_text : callable, optional
        Text of the checkbox; "Own value" by default.
    none_text : callable, optional
        Shown in the greyed spin box when there is no default ("auto").
    scale : callable, optional
        ``scale()`` is the shown number per model unit, read at each redraw
        (an amount kept in CNY and typed in the plan's currency); the suffix
        is redrawn with it.
    """

    def __init__(
        self,
        session: ProjectSession,
        path: str,
        parent: QWidget | None = None,
        *,
        minimum: float | None = None,
        maximum: float | None = None,
        decimals: int = 2,
        step: float = 1.0,
        integer: bool = False,
        default: DefaultProvider | None = None,
        suffix: TextFn | None = None,
        toggle_text: TextFn | None = None,
        none_text: TextFn | None = None,
        label: TextFn | None = None,
        scale: Callable[[], float] | None = None,
    ) -> None:
        super().__init__(session, path, parent, label=label)
        self._default = default
        self._scale = scale
        self._integer = integer
        self._suffix = suffix
        self._toggle_text = toggle_text
        self._none_text = none_text
        self.own_check = QCheckBox()
        low, high = model_bounds(path, decimals=0 if integer else decimals)
        self.editor = QDoubleSpinBox(
            minimum=low if minimum is None else minimum,
            maximum=high if maximum is None else maximum,
            decimals=0 if integer else decimals,
            singleStep=step,
        )
        self.editor.setGroupSeparatorShown(True)
        self.editor.setMinimumWidth(110)
        commit_when_finished(self.editor)
        self.editor.editingFinished.connect(self._reformat)
        self._finish_layout(self.editor, self.own_check)
        self.editor.valueChanged.connect(self._on_spin_changed)
        self.own_check.toggled.connect(self._on_own_toggled)
        self.retranslate_ui()
        self.refresh()

    @property
    def is_own_value(self) -> bool:
        return self.own_check.isChecked()

    def default_ref(self) -> InputRef | None:
        """The value and source used while the field is ``None``."""
        return self._default(self._session) if self._default is not None else None

    @override
    def _shown_with(self) -> object:
        return (self.default_ref(), self._scale() if self._scale else None)

    def _number(self, value: float) -> float | int:
        if self._scale is not None:
            value /= self._scale()
        return round(value) if self._integer else float(value)

    def _on_spin_changed(self, value: float) -> None:
        if self.own_check.isChecked():
            self._commit(self._number(value))

    def _on_own_toggled(self, checked: bool) -> None:
        self.editor.setEnabled(checked)
        if checked:
            self._commit(self._number(self.editor.value()))
        else:
            self._commit(None)
        if self.has_error:  # the model did not change: show what it holds
            self.refresh(force=True)

    @override
    def _show_value(self, value: Any) -> None:
        own = value is not None
        with QSignalBlocker(self.own_check):
            self.own_check.setChecked(own)
        self.editor.setEnabled(own)
        with QSignalBlocker(self.editor):
            if self._scale is not None and self._suffix is not None:
                self.editor.setSuffix(self._suffix())
            if own:
                self.editor.setSpecialValueText("")
                self.editor.setValue(
                    float(value) * (self._scale() if self._scale else 1.0)
                )
            else:
                ref = self.default_ref()
                if ref is not None and isinstance(ref.value, int | float):
                    self.editor.setSpecialValueText("")
                    self.editor.setValue(float(ref.value))
                else:
                    self.editor.setSpecialValueText(
                        self._none_text() if self._none_text else self.tr("auto")
                    )
                    self.editor.setValue(self.editor.minimum())
        self._update_tooltip(own)

    def _update_tooltip(self, own: bool) -> None:
        ref = self.default_ref()
        if ref is None:
            default_text = self.tr("No catalog default for this field.")
        else:
            value = ref.value
            language = current_language()
            shown = (
                _default_number(float(value))
                if isinstance(value, int | float)
                else str(value)
            )
            words_unit = unit_text(ref.unit, language, value) if ref.unit else ""
            unit = f" {words_unit}" if words_unit else ""
            # the source in the reader's words, as the "why?" dialog and the PDF
            said = source_text(
                ref.source, language.value, _source_index(self._session.catalog)
            )
            source = (
                fill(self.tr("%1, as of %2"), said.text, said.date)
                if said.date
                else said.text
            )
            default_text = fill(
                self.tr("Default: %1%2\nSource: %3"), shown, unit, source
            )
            if not ref.confirmed:
                default_text += "\n" + self.tr(
                    "Not confirmed by a datasheet or a primary price source: "
                    "ask the vendor for a written figure."
                )
        state = (
            self.tr("Your own value; untick to use the default.")
            if own
            else self.tr("Using the default; tick to enter your own value.")
        )
        tip = f"{state}\n{default_text}"
        for widget in (self.editor, self.own_check):
            widget.setToolTip(tip)

    @override
    def retranslate_ui(self) -> None:
        self.own_check.setText(
            self._toggle_text() if self._toggle_text else self.tr("Own value")
        )
        if self._suffix is not None:
            self.editor.setSuffix(self._suffix())
        self.refresh(force=True)  # the tooltip and "auto" text are translated
        super().retranslate_ui()
