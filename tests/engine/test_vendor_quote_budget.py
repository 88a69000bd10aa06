"""A vendor's quote from the vendors step prices the plan's rentals
(``Vendor.quote_in_budget``; engine/cost/resolve.py ``quoted_price``).

Before: a quote typed on the vendors step scored the vendor but the budget
kept the catalog's prices. Now the chosen vendor's on-demand, 包月 price and
yearly factor are the plan's prices for the GPU it quotes, named as its source.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gpu_advisor.engine.api import evaluate_plan
from gpu_advisor.engine.cost.resolve import resolve
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project, save_project
from gpu_advisor.model.project import Budget, OptionId, Project, Vendor
from gpu_advisor.report.sources import source_text

CATALOG = load_catalog()
GPU = "A100-80GB-SXM"


def _project(
    *, chosen: bool, gpu_id: str = GPU, budget: Budget | None = None
) -> Project:
    vendor = Vendor(
        name="供应商甲",
        gpu_id=gpu_id,
        on_demand_cny_per_gpu_hour=7.42,
        monthly_cny_per_gpu_month=4100.0,
        yearly_price_factor=0.8,
        quote_includes_vat=True,
        quote_in_budget=chosen,
    )
    other = Vendor(name="供应商乙", gpu_id=GPU, on_demand_cny_per_gpu_hour=30.0)
    return Project(vendors=[other, vendor], budget=budget or Budget())


def _total(project: Project, option: OptionId) -> float:
    cost = evaluate_plan(project, CATALOG, monte_carlo=False).cost
    return next(o.total_cny for o in cost.options if o.id is option)


def test_a_quote_not_chosen_leaves_the_budget_on_the_catalog() -> None:
    plain = resolve(Project(), CATALOG)
    quoted = resolve(_project(chosen=False), CATALOG)
    for key in ("on_demand_cny_per_gpu_hour", "monthly_cny_per_gpu_month"):
        assert quoted.values[key] == plain.values[key]
        assert quoted.refs[key].source.startswith("catalog")


def test_the_chosen_vendors_quote_is_the_plans_price_with_the_vendor_as_source() -> (
    None
):
    resolved = resolve(_project(chosen=True), CATALOG)
    # quoted with VAT; a general taxpayer compares net of the 6 % it recovers
    assert resolved.values["on_demand_cny_per_gpu_hour"] == pytest.approx(7.42 / 1.06)
    assert resolved.values["monthly_cny_per_gpu_month"] == pytest.approx(4100 / 1.06)
    assert resolved.values["yearly_price_factor"] == 0.8
    ref = resolved.refs["on_demand_cny_per_gpu_hour"]
    assert ref.source == "quote 供应商甲, vendors step (net of 6% recoverable VAT)"
    assert source_text(ref.source, "en").text == (
        "quote of 供应商甲 (Vendor tests step), net of 6% recoverable input VAT"
    )
    assert source_text(ref.source, "zh").text.startswith("供应商甲的报价")
    low, typical, high = resolved.ranges["on_demand_cny_per_gpu_hour"]
    assert typical == pytest.approx(7.42 / 1.06)
    assert low < typical < high


@pytest.mark.parametrize(
    "option", [OptionId.ON_DEMAND, OptionId.MONTHLY, OptionId.YEARLY]
)
def test_the_quote_prices_the_rentals_as_the_same_figures_typed(
    option: OptionId,
) -> None:
    """The chosen quote and the same prices typed in the budget step give one total."""
    typed = Budget(
        on_demand_cny_per_gpu_hour=7.42,
        monthly_cny_per_gpu_month=4100.0,
        yearly_price_factor=0.8,
    )
    before = _total(_project(chosen=False), option)
    after = _total(_project(chosen=True), option)
    assert after != before
    assert after == pytest.approx(_total(_project(chosen=False, budget=typed), option))


def test_a_typed_budget_figure_still_wins() -> None:
    project = _project(chosen=True, budget=Budget(on_demand_cny_per_gpu_hour=11.0))
    resolved = resolve(project, CATALOG)
    assert resolved.refs["on_demand_cny_per_gpu_hour"].source.startswith("project")
    assert resolved.refs["monthly_cny_per_gpu_month"].source.startswith(
        "quote 供应商甲"
    )


def test_a_quote_for_another_gpu_prices_nothing() -> None:
    resolved = resolve(_project(chosen=True, gpu_id="H800-80GB-SXM"), CATALOG)
    assert resolved.refs["on_demand_cny_per_gpu_hour"].source.startswith("catalog")


def test_the_choice_is_saved_and_a_plan_without_it_saves_as_before(
    tmp_path: Path,
) -> None:
    path = tmp_path / "plan.gpuplan"
    save_project(_project(chosen=True), path)
    assert load_project(path).vendors[1].quote_in_budget is True
    save_project(_project(chosen=False), path)
    assert "quote_in_budget" not in path.read_text(encoding="utf-8")
