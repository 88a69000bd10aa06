"""Scenarios: the base plan and named variants, each evaluated as a plan of its own.

A :class:`~gpu_advisor.model.project.Scenario` replaces a few fields of the
base plan (:data:`~gpu_advisor.model.project.SCENARIO_TARGETS`).
:func:`apply_scenario` builds that overridden plan; :func:`evaluate_scenarios`
evaluates it with :func:`~gpu_advisor.engine.evaluate.evaluate` and the
plan's Monte Carlo settings (the sizing, cost and Monte Carlo that
:func:`~gpu_advisor.engine.evaluate.evaluate_plan` gives), so a scenario's
figures are exactly those of the overridden plan saved and opened on its own,
and the one table is what the app, the PDF and the CLI show.
:func:`make_base` swaps a scenario with the base without changing what any
scenario means.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from pydantic import BaseModel

from gpu_advisor.engine.cost.finance import upfront_cash_cny
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.engine.evidence.measured import measured_mfu_for
from gpu_advisor.engine.plan_defaults import (
    PLAN_MONTE_CARLO_DRAWS,
    PLAN_MONTE_CARLO_SEED,
)
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import SCENARIO_TARGETS, Project, Scenario
from gpu_advisor.model.scenario_results import ScenarioComparison, ScenarioFigures

SCENARIO_MONTE_CARLO_DRAWS: Final = PLAN_MONTE_CARLO_DRAWS
"""Draws behind each scenario's P(owning beats renting), in every output. [1]

The plan's own (with its seed): the base column's probability is the one
the cost step and the PDF's risk section show, and a scenario saved as a
plan of its own shows the same figure there.
"""


def find_scenario(project: Project, name: str) -> int:
    """Index of the scenario called ``name`` (spaces and case ignored).

    Raises
    ------
    KeyError
        When no scenario has that name.
    """
    key = " ".join(name.split()).casefold()
    for index, scenario in enumerate(project.scenarios):
        if " ".join(scenario.name.split()).casefold() == key:
            return index
    raise KeyError(name)


def apply_scenario(
    project: Project, scenario: Scenario, reuse: Project | None = None
) -> Project:
    """The base plan with the scenario's overrides, as a plan without scenarios.

    Sections the scenario does not touch are the base plan's own objects, so
    :func:`evaluate_scenarios` reuses their results; a touched section equal to the
    same section of ``reuse`` (an earlier result of this call) is taken from it.

    Examples
    --------
    >>> s = Scenario(name="H100, 2 years", gpu_id="H100-80GB-SXM", horizon_months=24)
    >>> p = apply_scenario(Project(scenarios=[s]), s)
    >>> p.workload.gpu_id, p.meta.horizon_months, p.scenarios
    ('H100-80GB-SXM', 24, [])
    """
    updates: dict[str, dict[str, Any]] = {}
    for name, value in scenario.overrides().items():
        section, target = SCENARIO_TARGETS[name]
        updates.setdefault(section, {})[target] = (
            list(value) if isinstance(value, list) else value
        )
    sections: dict[str, Any] = {"scenarios": []}
    for section, values in updates.items():
        current: BaseModel = getattr(project, section)
        new = type(current).model_validate({**current.model_dump(), **values})
        if reuse is not None and getattr(reuse, section) == new:
            new = getattr(reuse, section)
        sections[section] = new
    return project.model_copy(update=sections)


def base_plan(project: Project) -> Project:
    """The base plan on its own (no scenarios), as :func:`apply_scenario` gives it."""
    return project.model_copy(update={"scenarios": []})


def make_base(project: Project, index: int, old_base_name: str) -> Project:
    """Make scenario ``index`` the base; the old base becomes a scenario.

    Every scenario keeps evaluating to the same plan: the others gain the old
    base's values of the fields the new base overrode (unless they override
    them themselves), and the old base, named ``old_base_name``, overrides
    exactly those fields back.

    Examples
    --------
    >>> a = Scenario(name="H100", gpu_id="H100-80GB-SXM")
    >>> b = Scenario(name="2 years", horizon_months=24)
    >>> p = make_base(Project(scenarios=[a, b]), 0, "A100")
    >>> p.workload.gpu_id, [(s.name, s.overrides()) for s in p.scenarios]  # doctest: +NORMALIZE_WHITESPACE
    ('H100-80GB-SXM', [('2 years', {'gpu_id': 'A100-80GB-SXM', 'horizon_months': 24}), ('A100', {'gpu_id': 'A100-80GB-SXM'})])
    """
    chosen = project.scenarios[index]
    new_base = apply_scenario(project, chosen)
    reverted = {name: _value_in(project, name) for name in chosen.overrides()}
    others = [
        _with_values(scenario, reverted, keep_own=True)
        for position, scenario in enumerate(project.scenarios)
        if position != index
    ]
    old_base = _with_values(Scenario(name=old_base_name), reverted, keep_own=False)
    return new_base.model_copy(update={"scenarios": [*others, old_base]})


def _with_values(
    scenario: Scenario, values: dict[str, Any], *, keep_own: bool
) -> Scenario:
    """``scenario`` also overriding ``values`` (``None``: the catalog's value)."""
    own = scenario.overrides()
    data = scenario.model_dump()
    for name, value in values.items():
        if keep_own and name in own:
            continue
        if value is None:
            data["use_catalog"] = [*data["use_catalog"], name]
        else:
            data[name] = value
    return Scenario.model_validate(data)


def _value_in(project: Project, name: str) -> Any:
    section, target = SCENARIO_TARGETS[name]
    return getattr(getattr(project, section), target)


@dataclass
class ScenarioRun:
    """One evaluated column: the overridden plan and its evaluation."""

    scenario: Scenario | None
    plan: Project
    column: Evaluation
    """What the comparison reads: the overridden plan's sizing, cost and
    Monte Carlo (the cost without the tornado and the explanations, which
    the comparison does not show)."""


@dataclass
class ScenarioRuns:
    """Every column of the comparison, with the plans and evaluations behind it."""

    runs: list[ScenarioRun] = field(default_factory=list)
    comparison: ScenarioComparison | None = None
    source: Project | None = None
    """The project these columns were evaluated for (callers' cache key)."""


def evaluate_scenarios(
    project: Project,
    catalog: Catalog,
    previous: ScenarioRuns | None = None,
    *,
    monte_carlo: bool = True,
    draws: int = SCENARIO_MONTE_CARLO_DRAWS,
) -> ScenarioRuns:
    """The plan's scenario table: the base plan and every scenario, each as a plan of its own.

    The one function behind the scenario comparison of the app, the PDF and
    ``gpu-advisor-cli scenarios``. Each column's P(owning beats renting)
    comes from the plan's own Monte Carlo settings
    (:data:`~gpu_advisor.engine.plan_defaults.PLAN_MONTE_CARLO_DRAWS` draws,
    seed :data:`~gpu_advisor.engine.plan_defaults.PLAN_MONTE_CARLO_SEED`), so
    the base column shows exactly the probability the cost step and the PDF's
    risk section show for the plan.

    Parameters
    ----------
    project : Project
        The plan with its scenarios.
    catalog : Catalog
        Shipped defaults.
    previous : ScenarioRuns, optional
        An earlier result for a snapshot of the same plan (the app's last
        table): a column whose overridden plan is unchanged is taken from it,
        others reuse its sizing when their workload is the same. The result
        equals the one without ``previous``.
    monte_carlo : bool
        False leaves P(owning beats renting) out (``gpu-advisor-cli
        scenarios --monte-carlo 0``).
    draws : int
        Override the plan's draws (``gpu-advisor-cli scenarios --monte-carlo
        N``); the app, the PDF and the CLI by default use the plan's. [1]

    Returns
    -------
    ScenarioRuns
        ``runs[0]`` is the base plan; then the scenarios in file order.
    """
    seed = PLAN_MONTE_CARLO_SEED

    def evaluate_column(plan: Project, hint: ScenarioRun | None) -> Evaluation:
        sizing = None
        if (
            hint is not None
            and hint.plan.workload is plan.workload
            and measured_mfu_for(hint.plan) == measured_mfu_for(plan)
        ):
            sizing = hint.column.sizing
        return evaluate(
            plan,
            catalog,
            monte_carlo_draws=draws if monte_carlo else 0,
            seed=seed,
            sizing=sizing,
            full=False,  # the comparison shows no tornado and no explanations
        )

    runs = _scenario_runs(project, previous, monte_carlo, draws, evaluate_column)
    assert runs is not None  # every column is evaluated when it is not at hand
    return runs


def reuse_scenarios(
    project: Project,
    previous: ScenarioRuns | None,
    *,
    monte_carlo: bool = True,
    draws: int = SCENARIO_MONTE_CARLO_DRAWS,
) -> ScenarioRuns | None:
    """The comparison when every column is one of ``previous``'s; else None.

    No plan is evaluated: this is :func:`evaluate_scenarios` for the edits
    that only rearrange what was evaluated before (making a scenario the
    base, renaming one, ticking it for the PDF, removing one), which a
    caller can then show at once and leave the rest to a background job.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> a = Scenario(name="H100", gpu_id="H100-80GB-SXM")
    >>> plan = Project(scenarios=[a])
    >>> runs = evaluate_scenarios(plan, load_catalog(), monte_carlo=False)
    >>> swapped = reuse_scenarios(make_base(plan, 0, "A100"), runs, monte_carlo=False)
    >>> [c.gpu_id for c in swapped.comparison.columns]
    ['H100-80GB-SXM', 'A100-80GB-SXM']
    >>> reuse_scenarios(Project(scenarios=[a], meta={"horizon_months": 24}), runs) is None
    True
    """
    if previous is None:
        return None
    return _scenario_runs(project, previous, monte_carlo, draws, None)


def _scenario_runs(
    project: Project,
    previous: ScenarioRuns | None,
    monte_carlo: bool,
    draws: int,
    evaluate_column: Callable[[Project, ScenarioRun | None], Evaluation] | None,
) -> ScenarioRuns | None:
    """Every column, reused from ``previous`` or evaluated (None: not at hand)."""
    old = {} if previous is None else _by_name(previous)
    done = [] if previous is None else previous.runs
    runs: list[ScenarioRun] = []
    columns: list[ScenarioFigures] = []
    entries: list[Scenario | None] = [None, *project.scenarios]
    for index, scenario in enumerate(entries):
        before = old.get("" if scenario is None else scenario.name)
        reuse = None if before is None else before.plan
        plan = (
            base_plan(project)
            if scenario is None
            else apply_scenario(project, scenario, reuse)
        )
        same = next(
            (
                run
                for run in done
                if _settled(run.column, monte_carlo, draws)
                and _same_plan(run.plan, plan)
            ),
            None,
        )
        if same is not None:
            plan, ev = same.plan, same.column
        elif evaluate_column is None:
            return None
        else:
            # the same-named column, else the base's: a scenario that leaves
            # the workload alone shares the base's sizing
            hint = before if before is not None else (runs[0] if runs else None)
            ev = evaluate_column(plan, hint)
        runs.append(ScenarioRun(scenario=scenario, plan=plan, column=ev))
        columns.append(figures(ev, scenario, None if index == 0 else index - 1))
    currency = runs[0].column.cost.currency
    comparison = ScenarioComparison(
        columns=columns,
        currency_code=currency.code,
        cny_per_unit=currency.cny_per_unit,
    )
    return ScenarioRuns(runs=runs, comparison=comparison, source=project)


def _by_name(previous: ScenarioRuns) -> dict[str, ScenarioRun]:
    return {
        "" if run.scenario is None else run.scenario.name: run for run in previous.runs
    }


def _settled(ev: Evaluation, monte_carlo: bool, draws: int) -> bool:
    """``ev`` was evaluated with the table's Monte Carlo settings."""
    mc = ev.monte_carlo
    if not monte_carlo:
        return mc is None
    return mc is not None and (mc.draws, mc.seed) == (draws, PLAN_MONTE_CARLO_SEED)


def _same_plan(a: Project, b: Project) -> bool:
    """Equal plans; sections compared by identity first (the cheap, usual case).

    The signing records are no input: signing the plan re-evaluates nothing.
    """
    return all(
        getattr(a, name) is getattr(b, name) or getattr(a, name) == getattr(b, name)
        for name in Project.model_fields
        if name != "signing_records"
    )


def figures(
    ev: Evaluation, scenario: Scenario | None, index: int | None
) -> ScenarioFigures:
    """The comparison's figures of one evaluated plan (the recommended option's)."""
    cost = ev.cost
    chosen = cost.recommendation.option
    found = [o for o in cost.options if o.id is chosen]
    option = found[0] if found else None
    cluster = ev.sizing.cluster
    mc = ev.monte_carlo
    return ScenarioFigures(
        name="" if scenario is None else scenario.name,
        is_base=scenario is None,
        index=index,
        in_report=True if scenario is None else scenario.in_report,
        overrides={}
        if scenario is None
        else {k: json.dumps(v, ensure_ascii=False) for k, v in _json(scenario).items()},
        gpu_id=cost.gpu_id,
        gpus=cluster.gpus_for_deadline or cluster.gpus,
        horizon_months=cost.horizon_months,
        recommendation=chosen,
        total_cny=None if option is None else option.total_cny,
        npv_cny=None if option is None else option.npv_cny,
        upfront_cny=None if option is None else upfront_cash_cny(option),
        cost_per_useful_gpu_hour_cny=None
        if option is None
        else option.cost_per_useful_gpu_hour_cny,
        days=cluster.days,
        p_own_beats_rent=None if mc is None else mc.p_own_beats_rent,
        monte_carlo_draws=0 if mc is None else mc.draws,
    )


def _json(scenario: Scenario) -> dict[str, Any]:
    dumped = scenario.model_dump(mode="json")
    return {name: dumped[name] for name in scenario.overrides()}
