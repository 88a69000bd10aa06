"""One runner for background work: the Monte Carlo, scenarios, import, export, print.

Work that may take more than ~100 ms runs in a
:class:`~PySide6.QtCore.QThreadPool` worker. The worker calls engine or io
code only, never touches a widget, and reports back through Qt signals,
which Qt delivers in the GUI thread (queued connection). Every background
job of the app goes through the one contract below, shaped like Orange's
``ConcurrentWidgetMixin`` (orange-widget-base, ``concurrent.py``):

:class:`JobRunner`
    ``start(task, *args)`` runs ``task(state, *args)`` in the pool and hands
    what comes back to its owner's callbacks, in the GUI thread:
    ``on_progress(done, total)``, ``on_partial_result(value)``,
    ``on_done(result)``, ``on_exception(exc)`` and ``on_cancelled()``. It
    keeps one job current: starting another (or :meth:`JobRunner.invalidate`)
    makes the running one outdated, and whatever an outdated job still sends
    goes to ``on_discarded(job_id)`` instead (the export removes its
    temporary file there). :meth:`JobRunner.cancel` asks the current job to
    stop and lets its end reach ``on_cancelled``.
:class:`TaskState`
    What the task sees: :meth:`~TaskState.set_progress`,
    :meth:`~TaskState.set_partial_result` and
    :meth:`~TaskState.is_interruption_requested` (all thread-safe). A task
    that stops because it was asked to raises :class:`JobCancelledError`.
:class:`Job`
    The :class:`~PySide6.QtCore.QRunnable` behind it, kept alive (and waited
    for on quit, :func:`wait_for_jobs`) even when its owner is gone.
:class:`MonteCarloRunner`
    The budget step's Monte Carlo on a :class:`JobRunner`: the draws in
    chunks (:func:`run_steps`), a real percentage, outdated results dropped.

References
----------
Biolab, *orange-widget-base*, ``orangewidget/utils/concurrent.py``
(``ConcurrentMixin``, ``TaskState``), https://github.com/biolab/orange-widget-base

Examples
--------
A job is plain Python and can be run synchronously:

>>> job = Job(7, run_steps, [lambda: 2, lambda: 3], sum)
>>> got = []
>>> _ = job.signals.finished.connect(lambda tag, result: got.append((tag, result)))
>>> job.run()
>>> got
[(7, 5)]
"""

from __future__ import annotations

import contextlib
import threading
import weakref
from collections.abc import Callable, Sequence
from typing import Any, Concatenate, Final, ParamSpec

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from typing_extensions import override

from gpu_advisor.engine.plan_defaults import PLAN_MONTE_CARLO_SEED
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.cost_results import MonteCarloResult
from gpu_advisor.model.project import Project

MONTE_CARLO_SEED: Final = PLAN_MONTE_CARLO_SEED
"""The plan's seed: the budget step shows the distribution the PDF and the CLI print."""

_P = ParamSpec("_P")

# Jobs still running; keeps their Python objects alive even when the widget
# that started them is gone (the pool does not own Python-side references).
_LIVE_JOBS: set[Job] = set()
_LIVE_LOCK = threading.Lock()


class JobCancelledError(Exception):
    """Raised by a task that stops because its owner asked it to."""


class JobSignals(QObject):
    """Signals of one :class:`Job` (a QRunnable is not a QObject).

    Signals
    -------
    progress(int, int, int)
        job id, steps done, steps in all.
    partial_result(int, object)
        job id, a part of the result (:meth:`TaskState.set_partial_result`).
    finished(int, object)
        job id, the task's result.
    failed(int, object)
        job id, the exception the task raised.
    cancelled(int)
        job id; sent instead of ``finished`` once the job was asked to stop.
    """

    progress = Signal(int, int, int)
    partial_result = Signal(int, object)
    finished = Signal(int, object)
    failed = Signal(int, object)
    cancelled = Signal(int)


def _emit(signal: Any, *args: object) -> None:
    """Emit, unless the receiving side is already gone.

    When the window closes (or a test ends) while a job runs, Qt may delete
    the signal's QObject first; there is then nobody left to tell, and the
    result is dropped like any outdated one.
    """
    with contextlib.suppress(RuntimeError):
        signal.emit(*args)


class TaskState:
    """What a running task may report and ask; every method is thread-safe."""

    def __init__(self, job_id: int, signals: JobSignals) -> None:
        self._job_id = job_id
        self._signals = signals
        self._interrupt = threading.Event()

    def set_progress(self, done: int, total: int) -> None:
        """``done`` steps of ``total`` are done (0 in all: no percentage)."""
        _emit(self._signals.progress, self._job_id, done, total)

    def set_partial_result(self, value: object) -> None:
        """Hand a part of the result to the owner before the task ends."""
        _emit(self._signals.partial_result, self._job_id, value)

    def is_interruption_requested(self) -> bool:
        """True once the owner asked the job to stop."""
        return self._interrupt.is_set()

    def request_interruption(self) -> None:
        self._interrupt.set()


class Job(QRunnable):
    """Run ``task(state, *args)`` in a pool thread and report how it ended.

    Parameters
    ----------
    job_id : int
        Tag echoed in every signal, so the receiver can drop stale results.
    task : callable
        Engine or io code; its first argument is the :class:`TaskState`.
    *args
        The task's other arguments.
    """

    def __init__(
        self,
        job_id: int,
        task: Callable[Concatenate[TaskState, _P], object],
        *args: _P.args,
        **kwargs: _P.kwargs,
    ) -> None:
        super().__init__()
        self.setAutoDelete(False)
        self.job_id = job_id
        self.signals = JobSignals()
        self.state = TaskState(job_id, self.signals)
        self._call: Callable[[], object] = lambda: task(self.state, *args, **kwargs)
        self.done = threading.Event()

    def cancel(self) -> None:
        """Ask the task to stop (thread-safe); it ends as cancelled."""
        self.state.request_interruption()

    @property
    def is_cancelled(self) -> bool:
        return self.state.is_interruption_requested()

    @override
    def run(self) -> None:
        signals = self.signals
        try:
            result = self._call()
        except JobCancelledError:
            _emit(signals.cancelled, self.job_id)
        except Exception as exc:  # reported to the GUI, never lost in a thread
            _emit(signals.failed, self.job_id, exc)
        else:
            if self.is_cancelled:
                _emit(signals.cancelled, self.job_id)
            else:
                _emit(signals.finished, self.job_id, result)
        finally:
            self.done.set()
            with _LIVE_LOCK:
                _LIVE_JOBS.discard(self)


def start_job(job: Job, pool: QThreadPool | None = None) -> None:
    """Run ``job`` in ``pool`` (default: the global pool), kept alive until it returns.

    It is then waited for by :func:`wait_for_jobs` (when the app quits, for
    instance).
    """
    with _LIVE_LOCK:
        _LIVE_JOBS.add(job)
    (pool or QThreadPool.globalInstance()).start(job)


def wait_for_jobs(msecs: int = 10_000) -> bool:
    """Block until every job this process started has returned (tests, quitting)."""
    with _LIVE_LOCK:
        jobs = list(_LIVE_JOBS)
    return all(job.done.wait(msecs / 1000) for job in jobs)


def describe(exc: BaseException) -> str:
    """An exception as one line for the user: its kind and its message.

    >>> describe(ValueError("need draws >= 1"))
    'ValueError: need draws >= 1'
    """
    return f"{type(exc).__name__}: {exc}"


def run_steps(
    state: TaskState,
    steps: Sequence[Callable[[], object]],
    finish: Callable[[list[object]], object] | None = None,
) -> object:
    """A task: call ``steps`` in order, then ``finish`` on their results.

    The interruption request is checked between steps and the progress is
    reported after each, so a long engine call split into chunks gets a real
    progress bar and stops at the next chunk. ``finish`` defaults to the last
    step's result.
    """
    parts: list[object] = []
    total = len(steps)
    for index, step in enumerate(steps):
        if state.is_interruption_requested():
            raise JobCancelledError
        parts.append(step())
        state.set_progress(index + 1, total)
    if finish is not None:
        return finish(parts)
    return parts[-1] if parts else None


class JobRunner(QObject):
    """Runs one background job at a time for its owner and calls the owner back.

    The callbacks run in the GUI thread, and only for the current job:
    ``on_progress(done, total)``, ``on_partial_result(value)``,
    ``on_done(result)``, ``on_exception(exc)``, ``on_cancelled()``. An
    outdated job's end goes to ``on_discarded(job_id)``.
    """

    def __init__(
        self,
        parent: QObject | None = None,
        *,
        pool: QThreadPool | None = None,
        on_done: Callable[[object], None] | None = None,
        on_exception: Callable[[Exception], None] | None = None,
        on_partial_result: Callable[[object], None] | None = None,
        on_progress: Callable[[int, int], None] | None = None,
        on_cancelled: Callable[[], None] | None = None,
        on_discarded: Callable[[int], None] | None = None,
    ) -> None:
        super().__init__(parent)
        self._pool = pool
        self._generation = 0
        self._job: Job | None = None
        self._jobs: weakref.WeakSet[Job] = weakref.WeakSet()
        self._on_done = on_done
        self._on_exception = on_exception
        self._on_partial_result = on_partial_result
        self._on_progress = on_progress
        self._on_cancelled = on_cancelled
        self._on_discarded = on_discarded

    @property
    def generation(self) -> int:
        """The id of the last job started (0 before the first)."""
        return self._generation

    @property
    def is_running(self) -> bool:
        """A current job has not ended yet."""
        return self._job is not None

    def start(
        self,
        task: Callable[Concatenate[TaskState, _P], object],
        *args: _P.args,
        **kwargs: _P.kwargs,
    ) -> int:
        """Run ``task(state, *args)`` in the pool; returns the new job's id.

        A job still running is made outdated (and asked to stop).
        """
        self.invalidate()
        job = Job(self._generation, task, *args, **kwargs)
        signals = job.signals
        signals.progress.connect(self._progress)
        signals.partial_result.connect(self._partial_result)
        signals.finished.connect(self._finished)
        signals.failed.connect(self._failed)
        signals.cancelled.connect(self._cancelled)
        self._job = job
        self._jobs.add(job)
        start_job(job, self._pool)
        return job.job_id

    def invalidate(self) -> None:
        """Whatever runs now is outdated: ask it to stop, drop what it sends."""
        self._generation += 1
        if self._job is not None:
            self._job.cancel()
            self._job = None

    def cancel(self) -> None:
        """Ask the current job to stop; its end reaches ``on_cancelled``."""
        if self._job is not None:
            self._job.cancel()

    def wait_idle(self, msecs: int = 10_000) -> bool:
        """Block until every job this runner started has returned."""
        return all(job.done.wait(msecs / 1000) for job in list(self._jobs))

    # --- from the worker, in the GUI thread ------------------------------------------

    def _current(self, job_id: int) -> bool:
        return self._job is not None and job_id == self._generation

    def _progress(self, job_id: int, done: int, total: int) -> None:
        if self._current(job_id) and self._on_progress is not None:
            self._on_progress(done, total)

    def _partial_result(self, job_id: int, value: object) -> None:
        if self._current(job_id) and self._on_partial_result is not None:
            self._on_partial_result(value)

    def _ended(self, job_id: int) -> bool:
        """True for the current job's end (it is no longer current then)."""
        if not self._current(job_id):
            if self._on_discarded is not None:
                self._on_discarded(job_id)
            return False
        self._job = None
        return True

    def _finished(self, job_id: int, result: object) -> None:
        if self._ended(job_id) and self._on_done is not None:
            self._on_done(result)

    def _failed(self, job_id: int, exc: object) -> None:
        if self._ended(job_id) and self._on_exception is not None:
            self._on_exception(
                exc if isinstance(exc, Exception) else RuntimeError(str(exc))
            )

    def _cancelled(self, job_id: int) -> None:
        if self._ended(job_id) and self._on_cancelled is not None:
            self._on_cancelled()


def monte_carlo_steps(
    project: Project,
    catalog: Catalog,
    draws: int,
    seed: int,
    chunks: int | None = None,
) -> tuple[list[Callable[[], object]], Callable[[list[object]], object]]:
    """The engine calls for a Monte Carlo of ``project``, in chunks.

    :func:`gpu_advisor.engine.evaluate.monte_carlo_chunks` splits the draws
    into ``chunks`` calls (default :data:`~gpu_advisor.engine.api.MONTE_CARLO_CHUNKS`,
    a step every 5 %); :func:`gpu_advisor.engine.api.combine_monte_carlo` joins their
    results into exactly the result of one run with the same seed. Building
    the steps is cheap: the first step sizes and prices the project and draws
    the random factors, in the worker thread.
    """
    from gpu_advisor.engine.api import (  # deferred: cold start
        MONTE_CARLO_CHUNKS,
        MonteCarloPartial,
        combine_monte_carlo,
        monte_carlo_chunks,
    )

    calls = monte_carlo_chunks(
        project, catalog, draws, seed, chunks or MONTE_CARLO_CHUNKS
    )

    def finish(parts: list[object]) -> object:
        return combine_monte_carlo(
            [p for p in parts if isinstance(p, MonteCarloPartial)]
        )

    return list(calls), finish


class MonteCarloRunner(QObject):
    """Start, cancel and supersede Monte Carlo jobs; drop outdated results.

    Signals
    -------
    started(int)
        A job started: its id.
    progress(int, int)
        Steps done and steps in all (0 in all: busy, no percentage); the
        Monte Carlo runs in 20 steps, so this is a real percentage.
    result_ready(object)
        The :class:`~gpu_advisor.model.cost_results.MonteCarloResult` of the
        current job (``None`` when the project has no draws to make).
    failed(str)
        The engine raised; the message.
    cancelled()
        The current job was cancelled.
    """

    started = Signal(int)
    progress = Signal(int, int)
    result_ready = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(
        self, pool: QThreadPool | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._runner = JobRunner(
            self,
            pool=pool,
            on_done=self._on_done,
            on_exception=lambda exc: self.failed.emit(describe(exc)),
            on_progress=self._on_progress,
            on_cancelled=self.cancelled.emit,
            on_discarded=self._on_discarded,
        )
        self.discarded = 0
        """Jobs of an outdated generation whose outcome was dropped (for tests)."""

    @property
    def generation(self) -> int:
        return self._runner.generation

    @property
    def is_running(self) -> bool:
        return self._runner.is_running

    def start(
        self,
        project: Project,
        catalog: Catalog,
        draws: int,
        seed: int = MONTE_CARLO_SEED,
        steps: tuple[list[Callable[[], object]], Callable[[list[object]], object]]
        | None = None,
    ) -> int:
        """Run a Monte Carlo of ``project``; returns the job's id.

        A job still running is cancelled and its result will be discarded.
        ``steps`` replaces the engine call (tests use it to control timing).
        """
        calls, finish = steps or monte_carlo_steps(project, catalog, draws, seed)
        job_id = self._runner.start(run_steps, calls, finish)
        self.started.emit(job_id)
        self.progress.emit(0, len(calls) if len(calls) > 1 else 0)
        return job_id

    def invalidate(self) -> None:
        """The project changed: whatever is running now is outdated."""
        self._runner.invalidate()

    def cancel(self) -> None:
        """Stop the current job (its result, if it still comes, is dropped)."""
        was_running = self._runner.is_running
        self._runner.invalidate()
        if was_running:
            self.cancelled.emit()

    def wait_idle(self, msecs: int = 10_000) -> bool:
        """Block until every job this process started has returned."""
        return wait_for_jobs(msecs)

    def _on_progress(self, done: int, total: int) -> None:
        if total > 1:
            self.progress.emit(done, total)

    def _on_done(self, result: object) -> None:
        if result is None or isinstance(result, MonteCarloResult):
            self.result_ready.emit(result)
        else:
            self.failed.emit(f"unexpected result {type(result).__name__}")

    def _on_discarded(self, _job_id: int) -> None:
        self.discarded += 1
