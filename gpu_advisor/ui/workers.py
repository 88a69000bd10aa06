"""Run one engine function off the GUI thread and report back by signal.

STYLE.md §2: work that may take more than ~100 ms (the Monte Carlo) runs in a
:class:`~PySide6.QtCore.QThreadPool` worker. The worker calls engine code
only, never touches a widget, and hands its result back through a Qt signal,
which Qt delivers in the GUI thread (queued connection).

:class:`EngineJob`
    A :class:`~PySide6.QtCore.QRunnable` that runs a list of *steps* (plain
    callables) one after another, checking a cancel flag between steps and
    reporting progress after each, then calls ``finish`` on the partial
    results. One step is the common case (the progress is then a busy
    indicator); several steps give a real progress bar when the engine
    function can be split into chunks.
:class:`MonteCarloRunner`
    Owns the generation counter: every :meth:`MonteCarloRunner.start` or
    :meth:`MonteCarloRunner.invalidate` bumps it, and a result that comes
    back for an older generation (an outdated project) is dropped.

Examples
--------
The job is plain Python and can be run synchronously:

>>> job = EngineJob(7, [lambda: 2, lambda: 3], finish=sum)
>>> got = []
>>> _ = job.signals.finished.connect(lambda gen, result: got.append((gen, result)))
>>> job.run()
>>> got
[(7, 5)]
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Sequence
from typing import Any, Final

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from typing_extensions import override

from gpu_advisor.engine.plan_defaults import PLAN_MONTE_CARLO_SEED
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.cost_results import MonteCarloResult
from gpu_advisor.model.project import Project

MONTE_CARLO_SEED: Final = PLAN_MONTE_CARLO_SEED
"""The plan's seed: the budget step shows the distribution the PDF and the CLI print."""

# Jobs still running; keeps their Python objects alive even when the widget
# that started them is gone (the pool does not own Python-side references).
_LIVE_JOBS: set[EngineJob] = set()
_LIVE_LOCK = threading.Lock()


class JobSignals(QObject):
    """Signals of one :class:`EngineJob` (a QRunnable is not a QObject).

    Signals
    -------
    progress(int, int, int)
        generation, steps done, steps in all.
    finished(int, object)
        generation, the result of ``finish``.
    failed(int, str)
        generation, the exception's message.
    cancelled(int)
        generation; sent instead of ``finished`` after :meth:`EngineJob.cancel`.
    """

    progress = Signal(int, int, int)
    finished = Signal(int, object)
    failed = Signal(int, str)
    cancelled = Signal(int)


def _last(parts: list[object]) -> object:
    return parts[-1] if parts else None


class EngineJob(QRunnable):
    """Run ``steps`` in a pool thread, then ``finish(partial results)``.

    Parameters
    ----------
    generation : int
        Tag echoed in every signal, so the receiver can drop stale results.
    steps : sequence of callables
        Engine calls, run in order; the cancel flag is checked between them.
    finish : callable, optional
        Combines the partial results (an engine function); default: the last.
    """

    def __init__(
        self,
        generation: int,
        steps: Sequence[Callable[[], object]],
        finish: Callable[[list[object]], object] | None = None,
    ) -> None:
        super().__init__()
        self.setAutoDelete(False)
        self.generation = generation
        self._steps = list(steps)
        self._finish = finish or _last
        self._cancel = threading.Event()
        self.done = threading.Event()
        self.signals = JobSignals()

    def cancel(self) -> None:
        """Ask the job to stop at the next step boundary (thread-safe)."""
        self._cancel.set()

    @property
    def is_cancelled(self) -> bool:
        return self._cancel.is_set()

    @override
    def run(self) -> None:
        try:
            parts: list[object] = []
            total = len(self._steps)
            for index, step in enumerate(self._steps):
                if self._cancel.is_set():
                    _emit(self.signals.cancelled, self.generation)
                    return
                parts.append(step())
                _emit(self.signals.progress, self.generation, index + 1, total)
            result = self._finish(parts)
            if self._cancel.is_set():
                _emit(self.signals.cancelled, self.generation)
                return
            _emit(self.signals.finished, self.generation, result)
        except Exception as exc:  # reported to the GUI, never lost in a thread
            _emit(self.signals.failed, self.generation, f"{type(exc).__name__}: {exc}")
        finally:
            self.done.set()
            with _LIVE_LOCK:
                _LIVE_JOBS.discard(self)


def start_job(job: EngineJob, pool: QThreadPool | None = None) -> None:
    """Run ``job`` in ``pool`` (default: the global pool), kept alive until it returns.

    Like the Monte Carlo's jobs, it is then waited for by
    :meth:`MonteCarloRunner.wait_idle` (when the app quits, for instance).
    """
    with _LIVE_LOCK:
        _LIVE_JOBS.add(job)
    (pool or QThreadPool.globalInstance()).start(job)


def _emit(signal: Any, *args: object) -> None:
    """Emit, unless the receiving side is already gone.

    When the window closes (or a test ends) while a job runs, Qt may delete
    the signal's QObject first; there is then nobody left to tell, and the
    result is dropped like any outdated one.
    """
    with contextlib.suppress(RuntimeError):
        signal.emit(*args)


def monte_carlo_steps(
    project: Project,
    catalog: Catalog,
    draws: int,
    seed: int,
    chunks: int | None = None,
) -> tuple[list[Callable[[], object]], Callable[[list[object]], object]]:
    """The engine calls for a Monte Carlo of ``project``, in chunks.

    :func:`gpu_advisor.engine.evaluate.monte_carlo_chunks` splits the draws
    into ``chunks`` calls (default :data:`~gpu_advisor.engine.cost.risk.MONTE_CARLO_CHUNKS`,
    a step every 5 %); :func:`gpu_advisor.engine.cost.risk.combine` joins their
    results into exactly the result of one run with the same seed. Building
    the steps is cheap: the first step sizes and prices the project and draws
    the random factors, in the worker thread.
    """
    from gpu_advisor.engine.cost.risk import (
        MONTE_CARLO_CHUNKS,
        MonteCarloPartial,
        combine,
    )
    from gpu_advisor.engine.evaluate import monte_carlo_chunks  # deferred: cold start

    calls = monte_carlo_chunks(
        project, catalog, draws, seed, chunks or MONTE_CARLO_CHUNKS
    )

    def finish(parts: list[object]) -> object:
        return combine([p for p in parts if isinstance(p, MonteCarloPartial)])

    return list(calls), finish


class MonteCarloRunner(QObject):
    """Start, cancel and supersede Monte Carlo jobs; drop outdated results.

    Signals
    -------
    started(int)
        A job started: its generation.
    progress(int, int)
        Steps done and steps in all (0 in all: busy, no percentage); the
        Monte Carlo runs in 20 steps, so this is a real percentage.
    result_ready(object)
        The :class:`~gpu_advisor.model.cost_results.MonteCarloResult` of the
        current generation (``None`` when the project has no draws to make).
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
        self._pool = pool or QThreadPool.globalInstance()
        self._generation = 0
        self._job: EngineJob | None = None
        self.discarded = 0
        """Jobs of an outdated generation whose outcome was dropped (for tests)."""

    @property
    def generation(self) -> int:
        return self._generation

    @property
    def is_running(self) -> bool:
        return self._job is not None

    def start(
        self,
        project: Project,
        catalog: Catalog,
        draws: int,
        seed: int = MONTE_CARLO_SEED,
        steps: tuple[list[Callable[[], object]], Callable[[list[object]], object]]
        | None = None,
    ) -> int:
        """Run a Monte Carlo of ``project``; returns the job's generation.

        A job still running is cancelled and its result will be discarded.
        ``steps`` replaces the engine call (tests use it to control timing).
        """
        self.invalidate()
        calls, finish = steps or monte_carlo_steps(project, catalog, draws, seed)
        job = EngineJob(self._generation, calls, finish)
        job.signals.progress.connect(self._on_progress)
        job.signals.finished.connect(self._on_finished)
        job.signals.failed.connect(self._on_failed)
        job.signals.cancelled.connect(self._on_cancelled)
        self._job = job
        with _LIVE_LOCK:
            _LIVE_JOBS.add(job)
        self.started.emit(self._generation)
        self.progress.emit(0, len(calls) if len(calls) > 1 else 0)
        self._pool.start(job)
        return self._generation

    def invalidate(self) -> None:
        """The project changed: whatever is running now is outdated."""
        self._generation += 1
        if self._job is not None:
            self._job.cancel()
            self._job = None

    def cancel(self) -> None:
        """Stop the current job (its result, if it still comes, is dropped)."""
        was_running = self._job is not None
        self.invalidate()
        if was_running:
            self.cancelled.emit()

    def wait_idle(self, msecs: int = 10_000) -> bool:
        """Block until every job this process started has returned."""
        with _LIVE_LOCK:
            jobs = list(_LIVE_JOBS)
        return all(job.done.wait(msecs / 1000) for job in jobs)

    def _current(self, generation: int) -> bool:
        return self._job is not None and generation == self._generation

    def _on_progress(self, generation: int, done: int, total: int) -> None:
        if self._current(generation) and total > 1:
            self.progress.emit(done, total)

    def _on_finished(self, generation: int, result: object) -> None:
        if not self._current(generation):
            self.discarded += 1
            return
        self._job = None
        if result is None or isinstance(result, MonteCarloResult):
            self.result_ready.emit(result)
        else:
            self.failed.emit(f"unexpected result {type(result).__name__}")

    def _on_failed(self, generation: int, message: str) -> None:
        if self._current(generation):
            self._job = None
            self.failed.emit(message)

    def _on_cancelled(self, generation: int) -> None:
        # cancel() already told the page; a superseded job stays silent.
        if self._current(generation):
            self._job = None
            self.cancelled.emit()
        else:
            self.discarded += 1
