"""EvaluationMemo: reuse across edits equals a fresh evaluation, for any edit sequence."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.evaluate import (
    EvaluationMemo,
    PlanEvaluation,
    evaluate,
    evaluate_plan,
)
from gpu_advisor.model.project import Project
from gpu_advisor.model.serving import Serving
from tests.engine._cost_helpers import CATALOG
from tests.evidence_samples import vendor_a, vendor_b

DRAWS = 40
"""A small Monte Carlo: the memo's reuse does not depend on the draw count."""
SEED = 11


def _start() -> Project:
    gpu = Project().workload.gpu_id
    return Project(
        vendors=[
            vendor_a().model_copy(update={"gpu_id": gpu, "measured_mfu": 0.21}),
            vendor_b().model_copy(update={"gpu_id": gpu, "measured_mfu": 0.33}),
        ]
    )


def _section(p: Project, name: str, **values: object) -> Project:
    return p.model_copy(update={name: getattr(p, name).model_copy(update=values)})


def _vendor(p: Project, index: int, **values: object) -> Project:
    vendors = list(p.vendors)
    vendors[index] = vendors[index].model_copy(update=values)
    return p.model_copy(update={"vendors": vendors})


def _serving(p: Project, **values: object) -> Project:
    serving = p.workload.serving or Serving()
    if "traffic" in values:
        values["traffic"] = serving.traffic.model_copy(update=values["traffic"])  # type: ignore[arg-type]
    return _section(p, "workload", serving=serving.model_copy(update=values))


Edit = Callable[[Project, int], Project]

EDITS: dict[str, Edit] = {
    # the words of the plan: no price reads them
    "author": lambda p, n: _section(p, "meta", author=f"author {n}"),
    # read by the cost only
    "horizon": lambda p, n: _section(p, "meta", horizon_months=12 + n % 3 * 12),
    "owned": lambda p, n: _section(p, "budget", owned_gpus=n % 4),
    # read by the sizing (and so by everything)
    "tokens": lambda p, n: _section(p, "workload", tokens_billion=100.0 + n % 3),
    # serving: how fast a replica is (lengths), or only how many run (traffic)
    "answer": lambda p, n: _serving(p, output_tokens=200 + 100 * (n % 3)),
    "traffic": lambda p, n: _serving(p, traffic={"peak_rps": 5.0 + n % 4 * 10}),
    "spares": lambda p, n: _serving(p, spare_replicas=n % 2),
    # read by the vendors' scores only
    "weights": lambda p, n: _section(p, "scoring", price=10.0 + n % 5),
    # a vendor's quote, or its measured MFU (the plan's sizing)
    "quote": lambda p, n: _vendor(p, n % 2, on_demand_cny_per_gpu_hour=9.0 + n % 3),
    "mfu": lambda p, n: _vendor(p, n % 2, measured_mfu=0.15 + n % 3 / 20),
    # read by the judgements, not by the cost
    "environment": lambda p, n: _section(p, "environment", nodes=1 + n % 3),
}

steps = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(sorted(EDITS)), st.integers(0, 5)),
        st.tuples(st.just("undo"), st.integers(0, 5)),
        st.tuples(st.just("monte_carlo"), st.just(0)),
    ),
    min_size=1,
    max_size=7,
)


def _fresh(project: Project, with_mc: bool) -> PlanEvaluation:
    return evaluate_plan(project, CATALOG, monte_carlo=with_mc, draws=DRAWS, seed=SEED)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(steps)
def test_memoised_evaluations_equal_fresh_ones(
    sequence: list[tuple[str, int]],
) -> None:
    memo = EvaluationMemo(CATALOG, draws=DRAWS, seed=SEED)
    history = [_start()]
    project = history[0]
    ev = memo.evaluate(project)
    assert ev == _fresh(project, with_mc=False)
    for kind, n in sequence:
        if kind == "undo":  # back to an earlier snapshot (the very object)
            project = history[n % len(history)]
        elif kind == "monte_carlo":  # the budget step's background draw
            drawn = evaluate(project, CATALOG, monte_carlo_draws=DRAWS, seed=SEED)
            assert drawn.monte_carlo is not None
            assert memo.add_monte_carlo(project, drawn.monte_carlo) is not None
        else:
            project = EDITS[kind](project, n)
            history.append(project)
        ev = memo.evaluate(project)
        assert ev.project is project
        assert ev == _fresh(project, with_mc=ev.monte_carlo is not None)
        # what is read besides the fields is derived from them alone
        fresh = _fresh(project, with_mc=ev.monte_carlo is not None)
        assert ev.review == fresh.review
        assert ev.step_issues == fresh.step_issues


def test_a_monte_carlo_is_kept_only_while_the_cost_reads_the_same() -> None:
    memo = EvaluationMemo(CATALOG, draws=DRAWS, seed=SEED)
    project = _start()
    memo.evaluate(project)
    drawn = evaluate(project, CATALOG, monte_carlo_draws=DRAWS, seed=SEED)
    assert drawn.monte_carlo is not None
    kept = memo.add_monte_carlo(project, drawn.monte_carlo)
    assert kept is not None
    assert kept.monte_carlo is drawn.monte_carlo
    renamed = EDITS["author"](project, 1)
    assert memo.evaluate(renamed).monte_carlo is drawn.monte_carlo
    weighted = EDITS["weights"](renamed, 2)
    assert memo.evaluate(weighted).monte_carlo is drawn.monte_carlo
    longer = EDITS["horizon"](weighted, 1)
    assert memo.evaluate(longer).monte_carlo is None


def test_two_memos_share_nothing() -> None:
    """The memo is an object a session holds, not module state."""
    first, second = EvaluationMemo(CATALOG), EvaluationMemo(CATALOG)
    project = _start()
    a = first.evaluate(project)
    assert second.last is None
    b = second.evaluate(project)
    assert a == b
    assert a is not b


def test_a_traffic_edit_reuses_the_replica_sizes_tried() -> None:
    """Only the replicas' count changes: the sizes tried are the last plan's
    (none is tried again), and the plan equals a fresh one."""
    memo = EvaluationMemo(CATALOG, draws=DRAWS, seed=SEED)
    serving = EDITS["traffic"](_start(), 0)
    before = memo.evaluate(serving).sizing.serving
    assert before is not None
    assert before.considered
    busier = EDITS["traffic"](serving, 3)
    after = memo.evaluate(busier).sizing.serving
    assert after is not None
    assert after.considered[0] is before.considered[0]
    assert after.peak_gpus > before.peak_gpus
    assert memo.evaluate(busier) == _fresh(busier, with_mc=False)
    longer = EDITS["answer"](busier, 2)  # 400 tokens (300 is the default)
    changed = memo.evaluate(longer).sizing.serving
    assert changed is not None
    assert changed.considered[0] is not before.considered[0]


def test_a_training_edit_keeps_the_precision_search_advice() -> None:
    """An edit of the training run alone reuses the serving plan and its
    advice: the precision search's "which precision and why" stays (the memo
    once kept only ``sizing.serving.*`` codes and dropped ``serving.precision.*``;
    found by the one-warning-list property run)."""
    from gpu_advisor.model.serving import PrecisionSearch

    memo = EvaluationMemo(CATALOG, draws=DRAWS, seed=SEED)
    plan = _serving(_start(), precision_search=PrecisionSearch.BF16_FP8)
    first = memo.evaluate(plan)
    codes = [a.code for a in first.sizing.warnings]
    assert "serving.precision.chosen" in codes
    longer = EDITS["tokens"](plan, 1)  # the training run alone
    again = memo.evaluate(longer)
    assert again.sizing.serving is first.sizing.serving  # the serving plan reused
    assert again == _fresh(longer, with_mc=False)
