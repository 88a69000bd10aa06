"""The one job runner: steps, progress, partial results, cancel, failures and outdated results."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QThreadPool

from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.cost_results import MonteCarloResult
from gpu_advisor.model.project import Project
from gpu_advisor.ui.workers import (
    Job,
    JobCancelledError,
    JobRunner,
    MonteCarloRunner,
    TaskState,
    describe,
    monte_carlo_steps,
    run_steps,
)


@pytest.fixture
def runner(qapp: Any) -> Iterator[MonteCarloRunner]:
    pool = QThreadPool()
    run = MonteCarloRunner(pool)
    yield run
    run.invalidate()
    assert run.wait_idle(10_000)
    pool.waitForDone(10_000)


def _none(_parts: list[object]) -> object:
    return None


def _blocking(gate: threading.Event, result: object) -> Callable[[], object]:
    def step() -> object:
        assert gate.wait(10), "test gate never opened"
        return result

    return step


def test_job_runs_steps_in_order_and_reports_progress() -> None:
    job = Job(3, run_steps, [lambda: 1, lambda: 2, lambda: 4], lambda parts: parts)
    progress: list[tuple[int, int, int]] = []
    finished: list[tuple[int, object]] = []
    job.signals.progress.connect(lambda g, d, t: progress.append((g, d, t)))
    job.signals.finished.connect(lambda g, r: finished.append((g, r)))
    job.run()
    assert progress == [(3, 1, 3), (3, 2, 3), (3, 3, 3)]
    assert finished == [(3, [1, 2, 4])]
    assert job.done.is_set()


def test_job_cancel_between_steps_stops_before_the_next_step() -> None:
    calls: list[int] = []
    job: Job

    def first() -> int:
        calls.append(1)
        job.cancel()
        return 1

    def second() -> int:
        calls.append(2)
        return 2

    job = Job(1, run_steps, [first, second])
    cancelled: list[int] = []
    finished: list[object] = []
    job.signals.cancelled.connect(cancelled.append)
    job.signals.finished.connect(lambda g, r: finished.append(r))
    job.run()
    assert calls == [1]
    assert cancelled == [1]
    assert finished == []


def test_job_reports_an_engine_exception() -> None:
    def broken() -> object:
        raise ValueError("need draws >= 1")

    job = Job(5, run_steps, [broken])
    failed: list[tuple[int, str]] = []
    job.signals.failed.connect(lambda g, exc: failed.append((g, describe(exc))))
    job.run()
    assert failed == [(5, "ValueError: need draws >= 1")]


def test_monte_carlo_steps_match_the_engine() -> None:
    catalog = load_catalog()
    steps, finish = monte_carlo_steps(Project(), catalog, 500, 7)
    result = finish([step() for step in steps])
    expected = evaluate(Project(), catalog, monte_carlo_draws=500, seed=7).monte_carlo
    assert isinstance(result, MonteCarloResult)
    assert result == expected
    assert result.draws == 500


def test_runner_delivers_the_engine_result(
    qtbot: Any, runner: MonteCarloRunner
) -> None:
    catalog = load_catalog()
    with qtbot.waitSignal(runner.result_ready, timeout=20_000) as blocker:
        runner.start(Project(), catalog, 1000, seed=3)
    result = blocker.args[0]
    assert isinstance(result, MonteCarloResult)
    assert (
        result
        == evaluate(Project(), catalog, monte_carlo_draws=1000, seed=3).monte_carlo
    )
    assert not runner.is_running


def test_runner_discards_the_result_of_an_outdated_job(
    qtbot: Any, runner: MonteCarloRunner
) -> None:
    gate_old, gate_new = threading.Event(), threading.Event()
    catalog = load_catalog()
    got: list[object] = []
    runner.result_ready.connect(got.append)
    old = runner.start(
        Project(), catalog, 10, steps=([_blocking(gate_old, None)], lambda p: "old")
    )
    new = runner.start(
        Project(), catalog, 10, steps=([_blocking(gate_new, None)], lambda p: None)
    )
    assert new == old + 1
    gate_old.set()
    qtbot.waitUntil(lambda: runner.discarded == 1, timeout=10_000)
    assert got == []
    with qtbot.waitSignal(runner.result_ready, timeout=10_000):
        gate_new.set()
    assert got == [None]


def test_runner_cancel_drops_the_running_job(
    qtbot: Any, runner: MonteCarloRunner
) -> None:
    gate = threading.Event()
    got: list[object] = []
    runner.result_ready.connect(got.append)
    runner.start(
        Project(), load_catalog(), 10, steps=([_blocking(gate, None)], lambda p: None)
    )
    assert runner.is_running
    with qtbot.waitSignal(runner.cancelled, timeout=1000):
        runner.cancel()
    assert not runner.is_running
    gate.set()
    assert runner.wait_idle(10_000)
    qtbot.wait(20)  # let a late (queued) result arrive, if one were sent
    assert got == []


def test_runner_progress_for_chunked_steps(
    qtbot: Any, runner: MonteCarloRunner
) -> None:
    progress: list[tuple[int, int]] = []
    runner.progress.connect(lambda d, t: progress.append((d, t)))
    calls: list[Callable[[], object]] = [lambda: 1, lambda: 2, lambda: 3, lambda: 4]
    steps = (calls, _none)
    with qtbot.waitSignal(runner.result_ready, timeout=10_000):
        runner.start(Project(), load_catalog(), 10, steps=steps)
    assert progress[0] == (0, 4)
    assert progress[-1] == (4, 4)
    assert [d for d, _t in progress] == sorted(d for d, _t in progress)


def test_runner_discards_a_result_queued_before_the_project_changed(
    qtbot: Any, runner: MonteCarloRunner
) -> None:
    got: list[object] = []
    runner.result_ready.connect(got.append)
    runner.start(Project(), load_catalog(), 10, steps=([lambda: None], lambda p: None))
    # The job finishes in its thread; its result waits in the GUI event queue.
    assert runner.wait_idle(10_000)
    runner.invalidate()  # the project changed before the result was delivered
    qtbot.waitUntil(lambda: runner.discarded == 1, timeout=10_000)
    assert got == []


def test_monte_carlo_steps_are_chunks_that_combine_exactly() -> None:
    from gpu_advisor.engine.cost.risk import MONTE_CARLO_CHUNKS

    catalog = load_catalog()
    steps, finish = monte_carlo_steps(Project(), catalog, 1000, 3)
    assert len(steps) == MONTE_CARLO_CHUNKS
    few, finish_few = monte_carlo_steps(Project(), catalog, 1000, 3, chunks=3)
    assert len(few) == 3
    a = finish([step() for step in steps])
    b = finish_few([step() for step in few])
    assert isinstance(a, MonteCarloResult)
    assert a == b
    assert a.own_minus_rent is not None
    assert sum(a.own_minus_rent.counts) == 1000


# --- the one runner: Orange's start(task, *args) and on_* callbacks ------------------


class _Calls:
    """Records what a :class:`JobRunner` hands back, in order."""

    def __init__(self) -> None:
        self.events: list[tuple[str, object]] = []

    def runner(self, pool: QThreadPool) -> JobRunner:
        return JobRunner(
            pool=pool,
            on_done=lambda r: self.events.append(("done", r)),
            on_exception=lambda e: self.events.append(("exception", describe(e))),
            on_partial_result=lambda v: self.events.append(("partial", v)),
            on_progress=lambda d, t: self.events.append(("progress", (d, t))),
            on_cancelled=lambda: self.events.append(("cancelled", None)),
            on_discarded=lambda i: self.events.append(("discarded", i)),
        )

    def kinds(self) -> list[str]:
        return [kind for kind, _value in self.events]


@pytest.fixture
def pool(qapp: Any) -> Iterator[QThreadPool]:
    own = QThreadPool()
    yield own
    own.waitForDone(10_000)


def _counting(state: TaskState, n: int) -> int:
    for i in range(n):
        state.set_partial_result(i)
        state.set_progress(i + 1, n)
    return n * 10


def test_runner_hands_partial_results_progress_and_the_result_in_order(
    qtbot: Any, pool: QThreadPool
) -> None:
    calls = _Calls()
    runner = calls.runner(pool)
    job_id = runner.start(_counting, 3)
    assert job_id == runner.generation == 1
    qtbot.waitUntil(lambda: "done" in calls.kinds(), timeout=10_000)
    assert calls.events == [
        ("partial", 0),
        ("progress", (1, 3)),
        ("partial", 1),
        ("progress", (2, 3)),
        ("partial", 2),
        ("progress", (3, 3)),
        ("done", 30),
    ]
    assert not runner.is_running


def test_runner_hands_the_exception_to_on_exception(
    qtbot: Any, pool: QThreadPool
) -> None:
    def broken(_state: TaskState) -> object:
        raise ValueError("need draws >= 1")

    calls = _Calls()
    runner = calls.runner(pool)
    runner.start(broken)
    qtbot.waitUntil(lambda: bool(calls.events), timeout=10_000)
    assert calls.events == [("exception", "ValueError: need draws >= 1")]


def test_runner_cancel_lets_the_task_stop_and_says_so(
    qtbot: Any, pool: QThreadPool
) -> None:
    started, release = threading.Event(), threading.Event()

    def waiting(state: TaskState) -> object:
        started.set()
        assert release.wait(10)
        if state.is_interruption_requested():
            raise JobCancelledError
        return "never"

    calls = _Calls()
    runner = calls.runner(pool)
    runner.start(waiting)
    assert started.wait(10)
    runner.cancel()
    assert runner.is_running  # the job is asked, not dropped: its end still counts
    release.set()
    qtbot.waitUntil(lambda: bool(calls.events), timeout=10_000)
    assert calls.events == [("cancelled", None)]
    assert not runner.is_running


def test_runner_sends_an_outdated_jobs_end_to_on_discarded(
    qtbot: Any, pool: QThreadPool
) -> None:
    gate = threading.Event()
    calls = _Calls()
    runner = calls.runner(pool)
    first = runner.start(run_steps, [_blocking(gate, "old")])
    second = runner.start(run_steps, [lambda: "new"])
    qtbot.waitUntil(lambda: ("done", "new") in calls.events, timeout=10_000)
    gate.set()
    qtbot.waitUntil(lambda: ("discarded", first) in calls.events, timeout=10_000)
    assert second == first + 1
    assert ("done", "old") not in calls.events
    assert runner.wait_idle(10_000)
