"""The budget cap: the recommendation's total held against ``budget.cap_cny``, once.

Issue #29: a plan had no budget cap to hold it against. The engine decides
within or over, the headroom and the warning; every renderer shows that.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from gpu_advisor import words
from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.engine.shown import shown_warnings
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import Project
from gpu_advisor.words.money import amounts_in

LAB: Final = (
    Path(__file__).resolve().parents[2]
    / "resources"
    / "examples"
    / "lab_64_gpus_three_years.gpuplan"
)


def _with_cap(project: Project, cap: float | None) -> Project:
    budget = project.budget.model_copy(update={"cap_cny": cap})
    return project.model_copy(update={"budget": budget})


@pytest.fixture(scope="module")
def lab() -> Project:
    return load_project(LAB)


def test_no_cap_no_comparison(lab: Project) -> None:
    cost = evaluate_plan(lab, load_catalog()).cost
    assert cost.budget_cap is None
    assert all(not a.code.startswith("budget_cap") for a in cost.warnings)


def test_within_the_cap_states_the_headroom(lab: Project) -> None:
    ev = evaluate_plan(_with_cap(lab, 14_000_000), load_catalog())
    cap = ev.cost.budget_cap
    best = ev.cost.option(ev.cost.recommendation.option)  # type: ignore[arg-type]
    assert cap is not None
    assert cap.total_cny == best.total_cny
    assert cap.headroom_cny == pytest.approx(14_000_000 - best.total_cny)
    assert not cap.over
    assert all(a.code != "budget_cap.over_warning" for a in ev.cost.warnings)
    assert words.text(cap.message, "en") == (
        f"Within the budget of 14,000,000 CNY: {14_000_000 - best.total_cny:,.0f} CNY"
        " headroom."
    )


def test_over_the_cap_warns_once(lab: Project) -> None:
    # below the lab's recommended total (10.35 M CNY on the net VAT basis with
    # issue #29's owned-hardware conventions; 11.84 M before)
    ev = evaluate_plan(_with_cap(lab, 9_750_000), load_catalog())
    cap = ev.cost.budget_cap
    assert cap is not None
    assert cap.over
    assert cap.headroom_cny < 0
    over = [a for a in shown_warnings(ev).advice if a.code == "budget_cap.over_warning"]
    assert len(over) == 1
    assert over[0].inputs == ["budget.cap_cny"]
    zh = words.text(cap.message, "zh")
    assert zh.startswith("超出预算 9,750,000 元，超支 ")
    with amounts_in("USD", 6.5):  # the same sentence in the plan's currency
        assert words.text(cap.message, "en").startswith(
            "Over the budget of 1,500,000 USD by "
        )


def test_a_cap_equal_to_the_total_is_within(lab: Project) -> None:
    ev = evaluate_plan(lab, load_catalog())
    best = ev.cost.option(ev.cost.recommendation.option)  # type: ignore[arg-type]
    capped = evaluate_plan(_with_cap(lab, best.total_cny), load_catalog()).cost
    assert capped.budget_cap is not None
    assert not capped.budget_cap.over
    assert capped.budget_cap.headroom_cny == 0
