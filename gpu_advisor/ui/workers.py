"""Background work on superqt's workers: the Monte Carlo, scenarios, import, export, print.

Work that may take more than ~100 ms runs on a worker from superqt's
:func:`~superqt.utils.create_worker` (a :class:`~PySide6.QtCore.QRunnable` in
the global :class:`~PySide6.QtCore.QThreadPool`, kept alive by superqt until
it ends). The task calls engine or io code only, never touches a widget, and
reports back through the worker's signals, which Qt delivers in the GUI
thread. A task that is a generator function reports its progress by yielding
:class:`Progress` and is stopped at its next ``yield`` when asked to
(superqt's :class:`~superqt.utils.GeneratorWorker`); a plain function runs to
its end and its result is dropped.

:class:`LatestWorker`
    What the app's background jobs share: ``start(task, *args)`` runs the
    task on a superqt worker and only the latest job counts. Starting another
    (or :meth:`LatestWorker.invalidate`) makes the running one outdated:
    whatever it still sends is dropped and its end is announced by
    ``discarded(job_id)`` (the export removes its temporary file there).
    :meth:`LatestWorker.cancel` asks the current job to stop and lets its end
    reach ``cancelled``.
:class:`MonteCarloRunner`
    The budget step's Monte Carlo on a :class:`LatestWorker`: the draws in
    chunks (:func:`run_steps`), a real percentage, outdated results dropped.

References
----------
superqt, *Threading tools* (``create_worker``, ``GeneratorWorker``),
https://pyapp-kit.github.io/superqt/utilities/threading/

Examples
--------
A task is plain Python and can be run without a thread:

>>> steps = run_steps([lambda: 2, lambda: 3], sum)
>>> next(steps), next(steps)
(Progress(done=1, total=2), Progress(done=2, total=2))
>>> next(steps)
Traceback (most recent call last):
StopIteration: 5
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Generator, Sequence
from typing import Any, Final, NamedTuple

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, Signal
from superqt.utils import GeneratorWorker, WorkerBase, create_worker

from gpu_advisor.engine.plan_defaults import PLAN_MONTE_CARLO_SEED
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.cost_results import MonteCarloResult
from gpu_advisor.model.project import Project

MONTE_CARLO_SEED: Final = PLAN_MONTE_CARLO_SEED
"""The plan's seed: the budget step shows the distribution the PDF and the CLI print."""


class Progress(NamedTuple):
    """What a generator task yields: ``done`` steps of ``total`` (0 in all: busy)."""

    done: int
    total: int


class TaskError(Exception):
    """A task's :class:`RuntimeError`, passed on under another name.

    superqt's generator worker takes a :class:`RuntimeError` raised in the
    task for a deleted worker and ends without a word (no ``errored``, no
    ``finished``), which would leave the app waiting for ever.
    """


def describe(exc: object) -> str:
    """An exception as one line for the user: its kind and its message.

    >>> describe(ValueError("need draws >= 1"))
    'ValueError: need draws >= 1'
    >>> describe(TaskError(RuntimeError("no memory")))
    'RuntimeError: no memory'
    """
    if isinstance(exc, TaskError) and exc.args and isinstance(exc.args[0], Exception):
        return describe(exc.args[0])
    return f"{type(exc).__name__}: {exc}"


def run_steps(
    steps: Sequence[Callable[[], object]],
    finish: Callable[[list[object]], object] | None = None,
) -> Generator[Progress, None, object]:
    """A task: call ``steps`` in order, then ``finish`` on their results.

    It yields its :class:`Progress` after each step, so a long engine call
    split into chunks gets a real progress bar, and a cancelled job stops
    before the next chunk. ``finish`` defaults to the last step's result.
    """
    parts: list[object] = []
    for index, step in enumerate(steps):
        parts.append(step())
        yield Progress(index + 1, len(steps))
    if finish is not None:
        return finish(parts)
    return parts[-1] if parts else None


def _guarded(
    task: Callable[..., Generator[object, None, object]], *args: Any, **kwargs: Any
) -> Generator[object, None, object]:
    """``task(*args, **kwargs)``, with a :class:`RuntimeError` raised as :class:`TaskError`."""
    try:
        return (yield from task(*args, **kwargs))
    except RuntimeError as exc:
        raise TaskError(exc) from exc


class LatestWorker(QObject):
    """Runs its owner's background jobs on superqt workers; only the latest counts.

    Signals (in the GUI thread, for the current job only)
    -------
    progress(int, int)
        The task yielded :class:`Progress`: steps done, steps in all.
    returned(object)
        The task's result.
    errored(object)
        The exception the task raised (:func:`describe` words it).
    cancelled()
        The job ended after :meth:`cancel` (a task that raises because it
        was asked to stop ends here too).
    discarded(int)
        An outdated job ended: its id. Nothing it sent was passed on.
    """

    progress = Signal(int, int)
    returned = Signal(object)
    errored = Signal(object)
    cancelled = Signal()
    discarded = Signal(int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._last_id = 0
        self._current: int | None = None
        self._cancel_asked = False
        self._workers: dict[int, WorkerBase[Any]] = {}
        """Jobs started whose end was not handled yet."""
        self._outcomes: dict[int, tuple[str, object]] = {}

    @property
    def generation(self) -> int:
        """The id of the last job started (0 before the first)."""
        return self._last_id

    @property
    def is_running(self) -> bool:
        """A current job has not ended yet."""
        return self._current is not None

    def start(self, task: Callable[..., object], *args: Any, **kwargs: Any) -> int:
        """Run ``task(*args, **kwargs)`` on a superqt worker; returns the job's id.

        A job still running is made outdated (and asked to stop).
        """
        self.invalidate()
        self._last_id += 1
        worker: WorkerBase[Any]
        if inspect.isgeneratorfunction(task):
            worker = create_worker(
                _guarded,
                task,
                *args,
                _start_thread=False,
                _ignore_errors=True,
                **kwargs,
            )
            assert isinstance(worker, GeneratorWorker)
            worker.yielded.connect(self._on_yielded)
        else:
            worker = create_worker(
                task, *args, _start_thread=False, _ignore_errors=True, **kwargs
            )
        worker.returned.connect(self._on_returned)
        worker.errored.connect(self._on_errored)
        worker.signals.finished.connect(self._on_finished)  # superqt types it (None)
        self._workers[self._last_id] = worker
        self._current = self._last_id
        self._cancel_asked = False
        worker.start()
        return self._last_id

    def invalidate(self) -> None:
        """Whatever runs now is outdated: ask it to stop, drop what it sends."""
        if self._current is not None:
            self._workers[self._current].quit()
            self._current = None

    def cancel(self) -> None:
        """Ask the current job to stop; its end reaches ``cancelled``."""
        if self._current is not None:
            self._cancel_asked = True
            self._workers[self._current].quit()

    def wait_idle(self, msecs: int = 10_000) -> bool:
        """Handle events until every job this runner started has ended (tests, quitting).

        The jobs' ends are handled as they come, so their results are
        delivered first. False when some job is still running after ``msecs``.
        """
        deadline = time.monotonic() + msecs / 1000
        while self._workers and time.monotonic() < deadline:
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
            time.sleep(0.002)  # the workers' threads need the GIL to finish
        return not self._workers

    # --- from the workers, in the GUI thread --------------------------------------------

    def _sender_job(self) -> int | None:
        sender = self.sender()
        return next(
            (job for job, w in self._workers.items() if w.signals is sender), None
        )

    def _on_yielded(self, value: object) -> None:
        job = self._sender_job()
        if job is not None and job == self._current and isinstance(value, Progress):
            self.progress.emit(value.done, value.total)

    def _on_returned(self, result: object) -> None:
        if (job := self._sender_job()) is not None:
            self._outcomes[job] = ("returned", result)

    def _on_errored(self, exc: object) -> None:
        if (job := self._sender_job()) is not None:
            self._outcomes[job] = ("errored", exc)

    def _on_finished(self) -> None:
        job = self._sender_job()
        if job is None:
            return
        del self._workers[job]
        kind, value = self._outcomes.pop(job, ("stopped", None))
        if job != self._current:
            self.discarded.emit(job)
            return
        self._current = None
        if self._cancel_asked or kind == "stopped":
            self.cancelled.emit()
        elif kind == "returned":
            self.returned.emit(value)
        else:
            self.errored.emit(value)


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

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._jobs = LatestWorker(self)
        self._jobs.progress.connect(self._on_progress)
        self._jobs.returned.connect(self._on_done)
        self._jobs.errored.connect(lambda exc: self.failed.emit(describe(exc)))
        self._jobs.cancelled.connect(self.cancelled.emit)
        self._jobs.discarded.connect(self._on_discarded)
        self.discarded = 0
        """Jobs of an outdated generation whose outcome was dropped (for tests)."""

    @property
    def generation(self) -> int:
        return self._jobs.generation

    @property
    def is_running(self) -> bool:
        return self._jobs.is_running

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
        job_id = self._jobs.start(run_steps, calls, finish)
        self.started.emit(job_id)
        self.progress.emit(0, len(calls) if len(calls) > 1 else 0)
        return job_id

    def invalidate(self) -> None:
        """The project changed: whatever is running now is outdated."""
        self._jobs.invalidate()

    def cancel(self) -> None:
        """Stop the current job (its result, if it still comes, is dropped)."""
        was_running = self._jobs.is_running
        self._jobs.invalidate()
        if was_running:
            self.cancelled.emit()

    def wait_idle(self, msecs: int = 10_000) -> bool:
        """Handle events until every job of this runner has ended."""
        return self._jobs.wait_idle(msecs)

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
