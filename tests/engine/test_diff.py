"""What changed between two plans: every changed input, every result that moved."""

from __future__ import annotations

from importlib import resources
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.diff import diff_inputs, diff_plans, diff_results
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import Project
from tests.engine._cost_helpers import CATALOG


def _example(name: str) -> Project:
    ref = resources.files("gpu_advisor.resources") / "examples" / name
    with resources.as_file(ref) as path:
        return load_project(path)


BASE = _example("shenzhen_7b_pretrain_then_serve.gpuplan")

# fields a user edits, each with values the schema accepts
EDITS: dict[str, st.SearchStrategy[Any]] = {
    "meta.horizon_months": st.integers(1, 120),
    "meta.title": st.text(min_size=1, max_size=30).filter(str.strip),
    "workload.tokens_billion": st.floats(0.1, 5000),
    "workload.seq_len": st.sampled_from([1024, 2048, 4096, 8192]),
    "workload.gpu_id": st.sampled_from(
        ["A100-80GB-SXM", "H100-80GB-SXM", "H800-80GB-SXM"]
    ),
    "budget.electricity_cny_per_kwh": st.floats(0.3, 2.0),
    "budget.pue": st.floats(1.05, 2.0),
    "budget.gpu_price_cny": st.floats(20_000, 300_000),
    "budget.checkpointing": st.booleans(),
    "budget.has_ops_staff": st.booleans(),
}


def _set(project: Project, changes: dict[str, Any]) -> Project:
    data = project.model_dump(mode="json")
    for path, value in changes.items():
        node = data
        *parents, leaf = path.split(".")
        for part in parents:
            node = node[part]
        node[leaf] = value
    return Project.model_validate(data)


def _current(project: Project, path: str) -> Any:
    node: Any = project.model_dump(mode="json")
    for part in path.split("."):
        node = node[part]
    return node


def test_a_plan_against_itself_is_empty():
    ev = evaluate(BASE, CATALOG)
    diff = diff_plans(BASE, BASE, ev, ev)
    assert diff.empty
    assert diff.inputs == []
    assert diff.results == []


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(sorted(EDITS)), st.none(), min_size=1, max_size=4
    ).flatmap(lambda keys: st.fixed_dictionaries({k: EDITS[k] for k in keys}))
)
def test_diff_names_every_changed_field_and_nothing_else(changes):
    changed = _set(BASE, changes)
    expected = {p for p, v in changes.items() if _current(BASE, p) != v}
    got = {c.path for c in diff_inputs(BASE, changed)}
    assert got == expected
    for c in diff_inputs(BASE, changed):
        assert c.old == _current(BASE, c.path)
        assert c.new == _current(changed, c.path)
    assert diff_inputs(changed, changed) == []


def test_lists_that_grow_or_shrink_show_added_and_removed_fields():
    fewer = BASE.model_copy(update={"signoff": BASE.signoff[:1]})
    removed = [c for c in diff_inputs(BASE, fewer) if c.removed]
    added = [c for c in diff_inputs(fewer, BASE) if c.added]
    assert removed
    assert added
    assert {c.path for c in removed} == {c.path for c in added}
    assert all(c.path.startswith("signoff.") for c in removed)


def test_results_that_moved_carry_the_size_of_the_move():
    dearer = _set(BASE, {"budget.gpu_price_cny": 250_000.0})
    old, new = evaluate(BASE, CATALOG), evaluate(dearer, CATALOG)
    moved = {r.key: r for r in diff_results(old, new)}
    total = moved["cost.options.self_build.total_cny"]
    own = next(o for o in old.cost.options if o.id.value == "self_build")
    assert total.old == own.total_cny
    assert total.delta is not None
    assert total.delta > 0
    for r in moved.values():
        if r.delta is not None:
            assert r.delta == pytest.approx(float(r.new) - float(r.old))  # type: ignore[arg-type]
            if r.old:
                assert r.relative == pytest.approx(r.delta / abs(float(r.old)))
    assert "sizing.gpus" not in moved  # a price does not change the sizing
    assert "cost.options.monthly.total_cny" not in moved


# --- changed since signed --------------------------------------------------------------


def _signed(project: Project) -> Project:
    import datetime as dt

    from gpu_advisor.model.project import SigningRecord

    record = SigningRecord(
        signed_at=dt.datetime(2026, 3, 2, 9, 30, tzinfo=dt.UTC),
        signer_name="Li Na",
        pdf_file="plan-signed.pdf",
        fingerprint="0" * 64,
        app_version="0.1.0",
        inputs=project,
    )
    return project.model_copy(update={"signing_records": [record]})


def test_signing_records_are_no_input_to_the_diff():
    signed = _signed(BASE)
    assert diff_inputs(BASE, signed) == []
    assert diff_inputs(signed, BASE) == []


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.sampled_from(sorted(EDITS)).flatmap(
            lambda k: st.tuples(st.just(k), EDITS[k])
        ),
        min_size=1,
        max_size=6,
    )
)
def test_changed_since_signed_with_a_memo_agrees_with_a_fresh_check(edits):
    """Edits one after another, some back to the signed value, one memo throughout."""
    from gpu_advisor.engine.diff import EqualParts, changed_since_signed, same_inputs

    # a copy through JSON: equal to the snapshot, but made of other objects
    signed = _signed(Project.model_validate(BASE.model_dump()))
    memo = EqualParts(limit=8)
    plan = signed
    assert changed_since_signed(plan, memo) is None
    for path, value in edits:
        plan = _set(plan, {path: value}) if value != _current(BASE, path) else plan
        if edits.index((path, value)) % 2:  # and every other time, back again
            plan = _set(plan, {path: _current(BASE, path)})
        fresh = changed_since_signed(plan)
        assert changed_since_signed(plan, memo) is fresh
        assert (fresh is None) == same_inputs(plan, BASE)
        assert (fresh is None) == (diff_inputs(BASE, plan) == [])
