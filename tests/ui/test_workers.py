"""Background jobs on superqt's workers: steps, progress, cancel, failures and outdated results."""

from __future__ import annotations

import threading
from collections.abc import Callable, Generator, Iterator
from typing import Any

import pytest

from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.cost_results import MonteCarloResult
from gpu_advisor.model.project import Project
from gpu_advisor.ui.workers import (
    LatestWorker,
    MonteCarloRunner,
    Progress,
    describe,
    monte_carlo_steps,
    run_steps,
)


@pytest.fixture
def runner(qapp: Any) -> Iterator[MonteCarloRunner]:
    run = MonteCarloRunner()
    yield run
    run.invalidate()
    assert run.wait_idle(10_000)


def _none(_parts: list[object]) -> object:
    return None


def _blocking(gate: threading.Event, result: object) -> Callable[[], object]:
    def step() -> object:
        assert gate.wait(10), "test gate never opened"
        return result

    return step


def test_run_steps_yields_progress_and_returns_the_finish() -> None:
    steps = run_steps([lambda: 1, lambda: 2, lambda: 4], lambda parts: parts)
    progress = [next(steps), next(steps), next(steps)]
    with pytest.raises(StopIteration) as end:
        next(steps)
    assert progress == [Progress(1, 3), Progress(2, 3), Progress(3, 3)]
    assert end.value.value == [1, 2, 4]


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
    assert got == []
    assert runner.discarded == 1


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


# --- LatestWorker: superqt's create_worker, the latest job counts --------------------


class _Calls:
    """Records what a :class:`LatestWorker` hands back, in order, with the thread."""

    def __init__(self) -> None:
        self.events: list[tuple[str, object]] = []
        self.threads: set[int] = set()
        self.runners: list[LatestWorker] = []

    def runner(self) -> LatestWorker:
        runner = LatestWorker()
        self.runners.append(runner)
        runner.progress.connect(lambda d, t: self._add("progress", (d, t)))
        runner.returned.connect(lambda r: self._add("returned", r))
        runner.errored.connect(lambda e: self._add("errored", describe(e)))
        runner.cancelled.connect(lambda: self._add("cancelled", None))
        runner.discarded.connect(lambda i: self._add("discarded", i))
        return runner

    def _add(self, kind: str, value: object) -> None:
        self.threads.add(threading.get_ident())
        self.events.append((kind, value))

    def kinds(self) -> list[str]:
        return [kind for kind, _value in self.events]


@pytest.fixture
def calls(qapp: Any) -> Iterator[_Calls]:
    made = _Calls()
    yield made
    for runner in made.runners:  # no job outlives its test
        runner.invalidate()
        assert runner.wait_idle(10_000)


def _counting(n: int) -> Generator[Progress, None, int]:
    for i in range(n):
        yield Progress(i + 1, n)
    return n * 10


def test_latest_worker_hands_progress_and_the_result_in_the_gui_thread(
    qtbot: Any, calls: _Calls
) -> None:
    runner = calls.runner()
    job_id = runner.start(_counting, 3)
    assert job_id == runner.generation == 1
    assert runner.is_running
    qtbot.waitUntil(lambda: "returned" in calls.kinds(), timeout=10_000)
    assert calls.events == [
        ("progress", (1, 3)),
        ("progress", (2, 3)),
        ("progress", (3, 3)),
        ("returned", 30),
    ]
    assert calls.threads == {threading.get_ident()}
    assert not runner.is_running
    assert runner.wait_idle(10_000)


def test_latest_worker_runs_a_plain_function(qtbot: Any, calls: _Calls) -> None:
    runner = calls.runner()
    runner.start(sum, [1, 2, 3])
    qtbot.waitUntil(lambda: bool(calls.events), timeout=10_000)
    assert calls.events == [("returned", 6)]


@pytest.mark.parametrize("generator", [False, True])
def test_latest_worker_hands_the_exception_as_one_line(
    qtbot: Any, calls: _Calls, generator: bool
) -> None:
    def broken() -> object:
        raise ValueError("need draws >= 1")

    runner = calls.runner()
    if generator:
        runner.start(run_steps, [broken])
    else:
        runner.start(broken)
    qtbot.waitUntil(lambda: bool(calls.events), timeout=10_000)
    assert calls.events == [("errored", "ValueError: need draws >= 1")]
    assert not runner.is_running


def test_latest_worker_reports_a_runtime_error_of_a_generator_task(
    qtbot: Any, calls: _Calls
) -> None:
    """superqt drops a generator's RuntimeError without a word; it must still end."""

    def broken() -> object:
        raise RuntimeError("no memory")

    runner = calls.runner()
    runner.start(run_steps, [broken])
    qtbot.waitUntil(lambda: bool(calls.events), timeout=10_000)
    assert calls.events == [("errored", "RuntimeError: no memory")]
    assert not runner.is_running


def test_latest_worker_cancel_stops_before_the_next_step(
    qtbot: Any, calls: _Calls
) -> None:
    started, release = threading.Event(), threading.Event()
    ran: list[int] = []

    def first() -> int:
        started.set()
        assert release.wait(10)
        ran.append(1)
        return 1

    def second() -> int:
        ran.append(2)
        return 2

    runner = calls.runner()
    runner.start(run_steps, [first, second])
    assert started.wait(10)
    runner.cancel()
    assert runner.is_running  # the job is asked, not dropped: its end still counts
    release.set()
    qtbot.waitUntil(lambda: "cancelled" in calls.kinds(), timeout=10_000)
    assert ran == [1]
    assert calls.kinds() == ["progress", "cancelled"]
    assert not runner.is_running


def test_latest_worker_sends_an_outdated_jobs_end_to_discarded(
    qtbot: Any, calls: _Calls
) -> None:
    gate = threading.Event()
    runner = calls.runner()
    first = runner.start(run_steps, [_blocking(gate, "old")])
    second = runner.start(run_steps, [lambda: "new"])
    qtbot.waitUntil(lambda: ("returned", "new") in calls.events, timeout=10_000)
    gate.set()
    qtbot.waitUntil(lambda: ("discarded", first) in calls.events, timeout=10_000)
    assert second == first + 1
    assert ("returned", "old") not in calls.events
    assert runner.wait_idle(10_000)


def test_latest_worker_drops_a_result_that_ended_after_invalidate(
    qtbot: Any, calls: _Calls
) -> None:
    """The job ended in its thread, but the plan changed before its end was handled."""
    done = threading.Event()

    def quick() -> str:
        done.set()
        return "stale"

    runner = calls.runner()
    job = runner.start(quick)
    assert done.wait(10)
    runner.invalidate()  # the project changed before the result was delivered
    assert runner.wait_idle(10_000)
    assert calls.events == [("discarded", job)]
