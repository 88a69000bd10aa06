"""evaluate(): the whole pipeline from a Project."""

from __future__ import annotations

import datetime as dt

import pytest

from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.model.project import (
    Budget,
    Currency,
    DemandMonth,
    DemandProfile,
    OptionId,
    Project,
    ProjectMeta,
    TaskKind,
    Workload,
)
from gpu_advisor.words import wording
from gpu_advisor.words.terms import text_or_empty
from tests.engine._cost_helpers import CATALOG

EN, ZH = wording("en"), wording("zh")


def test_default_project_derives_demand_from_workload():
    ev = evaluate(Project(), CATALOG)
    assert ev.cost.demand_source == "workload"
    # demand is kept to three decimals of a GPU-hour; the cards are held for
    # the GPU-hours divided by the scaling efficiency (as the days say)
    assert sum(ev.cost.demand_gpu_hours) == pytest.approx(
        ev.sizing.compute.gpu_hours_with_redundancy
        / ev.sizing.cluster.scaling_efficiency,
        rel=1e-6,
        abs=1e-3,
    )
    # the hosted model API is offered only to a plan that serves
    assert {o.id for o in ev.cost.options} == set(OptionId) - {OptionId.HOSTED_API}
    assert ev.monte_carlo is None


def test_a_slow_network_bills_the_hours_the_cards_are_held():
    """Cost agrees with the days: cards x days x 24 h, redundancy included."""
    workload = Workload(gpus=64, network_id="eth-25g", zero_stage=3)
    ev = evaluate(Project(workload=workload), CATALOG)
    cluster = ev.sizing.cluster
    assert cluster.scaling_efficiency < 0.9
    billed = sum(ev.cost.demand_gpu_hours)
    held = cluster.gpus * cluster.days * 24 * 1.5  # the x1.5 redundancy rule
    assert billed == pytest.approx(held, rel=1e-3)


def test_cumulative_ends_at_total_and_breakdown_sums():
    ev = evaluate(Project(meta=ProjectMeta(horizon_months=24)), CATALOG)
    for o in ev.cost.options:
        assert o.cumulative_cny[-1] == pytest.approx(o.total_cny, abs=0.1)
        assert sum(o.breakdown.values()) == pytest.approx(
            o.total_cny, rel=1e-6, abs=1.0
        )
        assert len(o.monthly_cny) == 24


def test_inference_demand_is_steady():
    project = Project(
        workload=Workload(task=TaskKind.INFERENCE, model_preset="llama2-13b"),
        meta=ProjectMeta(horizon_months=6),
    )
    ev = evaluate(project, CATALOG)
    hours = ev.cost.demand_gpu_hours
    assert len(set(hours)) == 1
    assert hours[0] > 0


def test_options_filter_and_explanations():
    project = Project(budget=Budget(options=[OptionId.ON_DEMAND, OptionId.COLOCATION]))
    ev = evaluate(project, CATALOG)
    assert [o.id for o in ev.cost.options] == [OptionId.ON_DEMAND, OptionId.COLOCATION]
    keys = {e.key for e in ev.cost.explanations}
    assert "cost.options.colocation.total_cny" in keys
    coloc = next(
        e for e in ev.cost.explanations if e.key.endswith("colocation.total_cny")
    )
    assert "book value" in coloc.formula
    assert any(i.source == "project" for i in coloc.inputs) or coloc.inputs


def test_project_prices_win_and_are_marked_project():
    project = Project(budget=Budget(gpu_price_cny=123456.0))
    ev = evaluate(project, CATALOG)
    coloc = next(
        e for e in ev.cost.explanations if e.key.endswith("colocation.total_cny")
    )
    ref = next(i for i in coloc.inputs if i.name == "budget.gpu_price_cny")
    # a general taxpayer (the default) compares it net of 13 % input VAT
    assert ref.value == pytest.approx(123456.0 / 1.13, abs=1e-6)
    assert ref.source == "project (net of 13% recoverable VAT)"


def test_vat_added_to_net_project_prices():
    gross = evaluate(Project(budget=Budget(monthly_cny_per_gpu_month=9000.0)), CATALOG)
    net = evaluate(
        Project(
            meta=ProjectMeta(prices_include_vat=False),
            budget=Budget(monthly_cny_per_gpu_month=9000.0),
        ),
        CATALOG,
    )
    g = gross.cost.option(OptionId.MONTHLY).breakdown["compute"]
    n = net.cost.option(OptionId.MONTHLY).breakdown["compute"]
    assert n == pytest.approx(g * 1.06)
    assert "VAT" in text_or_empty(net.cost.currency.vat_note, "en")


def test_currency_with_dated_rate():
    project = Project(
        meta=ProjectMeta(
            currency=Currency.USD,
            exchange_rate_cny_per_unit=7.2,
            exchange_rate_as_of=dt.date(2026, 10, 1),
        )
    )
    cur = evaluate(project, CATALOG).cost.currency
    assert (cur.code, cur.cny_per_unit, cur.as_of, cur.source) == (
        "USD",
        7.2,
        "2026-10-01",
        "project",
    )
    default = evaluate(
        Project(meta=ProjectMeta(currency=Currency.EUR)), CATALOG
    ).cost.currency
    assert default.cny_per_unit == CATALOG.cost_defaults.eur_cny.typical


def test_monte_carlo_through_evaluate():
    project = Project(
        demand=DemandProfile(months=[DemandMonth(gpu_hours=8 * 730)] * 12)
    )
    ev = evaluate(project, CATALOG, monte_carlo_draws=500, seed=3)
    assert ev.monte_carlo is not None
    assert ev.monte_carlo.draws == 500
    assert ev == evaluate(project, CATALOG, monte_carlo_draws=500, seed=3)


# --- evaluate_plan: one evaluation of the whole plan ---------------------------------


def _measured_project() -> Project:
    """The default plan with two vendors that measured MFU on its GPU."""
    from tests.evidence_samples import vendor_a, vendor_b

    gpu = Project().workload.gpu_id
    return Project(
        vendors=[
            vendor_a().model_copy(update={"gpu_id": gpu, "measured_mfu": 0.21}),
            vendor_b().model_copy(update={"gpu_id": gpu, "measured_mfu": 0.33}),
        ]
    )


def test_plan_vendors_are_judged_on_the_plans_own_sizing():
    from gpu_advisor.engine.evaluate import evaluate_plan
    from gpu_advisor.engine.evidence.vendors import score_project
    from gpu_advisor.engine.sizing.size import size_workload

    project = _measured_project()
    ev = evaluate_plan(project, CATALOG, monte_carlo=False)
    assert ev.sizing.compute.mfu == 0.21
    assert ev.sizing.compute.mfu_source == "measured"
    catalog_sizing = size_workload(project.workload, CATALOG)
    assert catalog_sizing.compute.mfu != 0.21  # the case the issue describes
    on_plan, judged = score_project(project, CATALOG, sizing=ev.sizing)
    assert ev.vendors.scoring == on_plan
    assert ev.vendors.judgements == judged
    # the default of score_project sizes as the plan does, not without the MFU
    assert score_project(project, CATALOG)[0] == on_plan
    assert ev.vendors.scoring is not None
    assert ev.vendors.scoring.sensitivity


def test_plan_uses_the_plans_draws_and_seed():
    from gpu_advisor.engine.evaluate import evaluate_plan
    from gpu_advisor.engine.plan_defaults import (
        PLAN_MONTE_CARLO_DRAWS,
        PLAN_MONTE_CARLO_SEED,
    )

    ev = evaluate_plan(Project(), CATALOG)
    assert ev.monte_carlo is not None
    assert ev.monte_carlo.draws == PLAN_MONTE_CARLO_DRAWS
    assert ev.monte_carlo.seed == PLAN_MONTE_CARLO_SEED
    full = evaluate(
        Project(), CATALOG, monte_carlo_draws=PLAN_MONTE_CARLO_DRAWS, seed=0
    )
    assert ev.monte_carlo == full.monte_carlo


def test_memo_reuses_unchanged_parts_and_equals_a_fresh_evaluation():
    from gpu_advisor.engine.evaluate import (
        EvaluationMemo,
        PlanEvaluation,
        evaluate_plan,
    )

    def fresh(p: Project) -> PlanEvaluation:
        return evaluate_plan(p, CATALOG, monte_carlo=False)

    project = _measured_project()
    memo = EvaluationMemo(CATALOG)
    first = memo.evaluate(project)
    assert first == fresh(project)
    # a budget edit: sizing and judgements reused, the cost redone
    budget = project.budget.model_copy(update={"owned_gpus": 3})
    edited = project.model_copy(update={"budget": budget})
    second = memo.evaluate(edited)
    assert second.sizing is first.sizing
    assert second == fresh(edited)
    assert second.vendors is first.vendors  # nothing scored changed
    # a weight edit: same judgement objects, scores redone
    scoring = project.scoring.model_copy(update={"price": 90.0})
    weighted = edited.model_copy(update={"scoring": scoring})
    third = memo.evaluate(weighted)
    assert third.cost is second.cost
    assert third.vendors.judgements["A"] is first.vendors.judgements["A"]
    assert third == fresh(weighted)
    # a measured MFU edit changes the sizing: everything judged again
    vendors = [
        project.vendors[0].model_copy(update={"measured_mfu": 0.15}),
        project.vendors[1],
    ]
    measured = weighted.model_copy(update={"vendors": vendors})
    fourth = memo.evaluate(measured)
    assert fourth.sizing.compute.mfu == 0.15
    assert fourth == fresh(measured)
    # the same snapshot: the same object
    assert memo.evaluate(measured) is fourth
    # an edit no price reads (the author): the same cost result, the rest redone
    meta = measured.meta.model_copy(update={"author": "someone else"})
    renamed = measured.model_copy(update={"meta": meta})
    fifth = memo.evaluate(renamed)
    assert fifth.cost is fourth.cost
    assert fifth.project is renamed
    assert fifth == fresh(renamed)
    assert fifth.review == fresh(renamed).review
    # an edit the cost reads (the horizon) is priced again
    meta = renamed.meta.model_copy(update={"horizon_months": 7})
    shorter = memo.evaluate(renamed.model_copy(update={"meta": meta}))
    assert shorter.cost is not fifth.cost
    assert shorter.cost.horizon_months == 7


def test_mfu_default_is_the_engines_resolved_input():
    from gpu_advisor.engine.evaluate import mfu_default

    project = _measured_project()
    ref = mfu_default(project, CATALOG)
    assert ref is not None
    assert ref.value == evaluate(project, CATALOG).sizing.compute.mfu == 0.21
    assert "A" in ref.source
    assert "measured" in ref.source
    plain = mfu_default(Project(), CATALOG)
    assert plain is not None
    assert plain.value == evaluate(Project(), CATALOG).sizing.compute.mfu


def test_plan_review_and_rollout_are_lazy_and_complete():
    from gpu_advisor.engine.evaluate import evaluate_plan

    ev = evaluate_plan(Project(), CATALOG, monte_carlo=False)
    assert "review" not in ev.__dict__  # computed on first read only
    assert "rollout" not in ev.__dict__
    assert ev.review.tally.total == len(CATALOG.checklist)
    assert not ev.review.approvable
    assert ev.rollout is ev.rollout
    files = ev.rollout.files(EN)
    assert [f.name for f in files][1:] == [
        "dcgm-exporter",
        "prometheus-config",
        "prometheus-alerts",
        "grafana-dashboard",
    ]
    assert ev.rollout.launch_file(EN) is files[0]  # generated once, then kept


def _deadline_project() -> Project:
    """A 13B fine-tune due in 3 days; a vendor measured MFU 0.12 on its GPU.

    Sized without the measured MFU it needs 2 nodes, with it 4 (issue #13).
    """
    from gpu_advisor.model.project import Vendor

    workload = Workload(
        task=TaskKind.FULL_FINETUNE,
        model_preset="llama2-13b",
        tokens_billion=3.0,
        gpu_id="A100-80GB-SXM",
        deadline_days=3.0,
    )
    vendor = Vendor(name="A", gpu_id=workload.gpu_id, measured_mfu=0.12)
    return Project(workload=workload, vendors=[vendor])


def test_rollout_runs_the_evaluations_sizing():
    from gpu_advisor.engine.evaluate import evaluate_plan
    from gpu_advisor.engine.sizing.size import size_workload
    from gpu_advisor.model.project import Scheduler

    project = _deadline_project()
    ev = evaluate_plan(project, CATALOG, monte_carlo=False)
    cluster = ev.sizing.cluster
    assert ev.sizing.compute.mfu == 0.12
    unmeasured = size_workload(project.workload, CATALOG).cluster
    assert unmeasured.nodes < cluster.nodes  # the case the audit reproduced
    plan = ev.rollout.plan
    assert (plan.sized_nodes, plan.environment.nodes) == (cluster.nodes,) * 2
    assert plan.environment.gpus_per_node == cluster.gpus // cluster.nodes
    assert plan.network_kind == CATALOG.network(cluster.network_id).kind
    slurm = ev.rollout.for_scheduler(Scheduler.SLURM)
    assert f"#SBATCH --nodes={cluster.nodes}\n" in slurm.launch_file(EN).text
    kit = slurm.testkit(project.vendors[0], EN)
    assert f"#SBATCH --nodes={cluster.nodes}\n" in kit["slurm/testkit.sbatch"]
    # the kit built without the rollout plans the same nodes
    from gpu_advisor.engine.rollout.testkit.kit import build_testkit

    assert build_testkit(
        project, project.vendors[0], CATALOG, wording(project.meta.language)
    ) == ev.rollout.testkit(project.vendors[0], wording(project.meta.language))


def test_plan_sizing_is_the_evaluations():
    from gpu_advisor.engine.evaluate import (
        as_plan_evaluation,
        evaluate_plan,
        size_what_if,
    )
    from gpu_advisor.engine.evidence.vendors import plan_sizing

    project = _deadline_project()
    ev = evaluate_plan(project, CATALOG, monte_carlo=False)
    assert plan_sizing(project, CATALOG) == ev.sizing
    assert (
        size_what_if(project.workload, CATALOG)
        == evaluate_plan(
            Project(workload=project.workload), CATALOG, monte_carlo=False
        ).sizing
    )
    plain = evaluate(project, CATALOG)
    wrapped = as_plan_evaluation(plain, project, CATALOG)
    assert wrapped.sizing is plain.sizing
    assert wrapped.rollout.plan == ev.rollout.plan
    assert wrapped.vendors == ev.vendors
    assert as_plan_evaluation(ev, project, CATALOG) is ev


def test_a_drawn_monte_carlo_stays_while_the_cost_inputs_do():
    from gpu_advisor.engine.evaluate import EvaluationMemo, evaluate_plan
    from gpu_advisor.model.project import PlanStatus

    project = _measured_project()
    drawn = evaluate_plan(project, CATALOG)
    mc = drawn.monte_carlo
    assert mc is not None
    memo = EvaluationMemo(CATALOG)
    bare = memo.evaluate(project)
    assert bare.monte_carlo is None
    kept = memo.add_monte_carlo(project, mc)
    assert kept is not None
    assert kept.monte_carlo is mc
    assert kept.project is project
    assert kept == drawn
    # only the last snapshot's, with the memo's draws and seed
    assert memo.add_monte_carlo(Project(), mc) is None
    other = mc.model_copy(update={"draws": 5})
    assert memo.add_monte_carlo(project, other) is None
    # words of the plan: the prices and demand are the same, so is the draw
    meta = project.meta.model_copy(
        update={"status": PlanStatus.APPROVED, "title": "Renamed"}
    )
    renamed = project.model_copy(update={"meta": meta})
    assert memo.evaluate(renamed).monte_carlo is mc
    # the horizon is read by the cost: drawn again (here: not drawn)
    meta = project.meta.model_copy(update={"horizon_months": 24})
    longer = project.model_copy(update={"meta": meta})
    assert memo.evaluate(longer).monte_carlo is None


def test_every_section_the_cost_may_read_counts_as_a_cost_input():
    from gpu_advisor.engine.evaluate import NOT_PRICED, same_cost_inputs
    from gpu_advisor.model.project import Project

    project = Project()
    for name in Project.model_fields:
        if name in NOT_PRICED or name in {"meta", "schema_version"}:
            continue
        value = getattr(project, name)
        copied = value.model_copy() if hasattr(value, "model_copy") else list(value)
        changed = project.model_copy(update={name: copied})
        assert not same_cost_inputs(project, changed), name
    for name in NOT_PRICED:
        value = getattr(project, name)
        copied = value.model_copy() if hasattr(value, "model_copy") else list(value)
        assert same_cost_inputs(project, project.model_copy(update={name: copied}))


def test_imported_prices_are_priced_again_not_reused():
    from gpu_advisor.engine.evaluate import EvaluationMemo, evaluate_plan
    from gpu_advisor.model.project import PriceOverride, Project

    project = Project()
    memo = EvaluationMemo(CATALOG)
    first = memo.evaluate(project)
    row = PriceOverride(
        gpu_id=project.workload.gpu_id,
        item="on_demand_cny_per_gpu_hour",
        typical=3.0,
        as_of="2026-11-20",
        source_file="quote.xlsx",
        location="sheet 'prices', row 2",
    )
    imported = project.model_copy(update={"price_overrides": [row]})
    second = memo.evaluate(imported)
    assert second.cost is not first.cost
    assert second.cost == evaluate_plan(imported, CATALOG, monte_carlo=False).cost
