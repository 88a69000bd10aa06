"""Project → Evaluation: sizing, cost, risk, vendors, review and rollout.

The cost itself is prepared and assembled in :mod:`gpu_advisor.engine.cost`
(:mod:`~gpu_advisor.engine.cost.prepare`, :mod:`~gpu_advisor.engine.cost.result`);
this module holds the entry points that put sizing, cost and the rest together.
:func:`evaluate_plan` is the one entry point of the steps, the PDF plan, the
CLI and the self-test: it returns a :class:`PlanEvaluation`, a plain value
whose vendors are judged and scored on the evaluation's own sizing (with the
measured MFU), whose Monte Carlo uses the plan's draws and seed
(:mod:`gpu_advisor.engine.plan_defaults`), and whose review and rollout are
derived from its fields on first read.

Reuse across edits is not the result's business: :class:`EvaluationMemo`,
which the app's session holds, gives the evaluation of each new snapshot
reusing what the edit left unchanged, equal to a fresh :func:`evaluate_plan`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import TYPE_CHECKING, Final

from pydantic import Field

from gpu_advisor.engine.cost.decisive import decisive_inputs
from gpu_advisor.engine.cost.feasibility import candidate_reason
from gpu_advisor.engine.cost.finance import Finance, finance
from gpu_advisor.engine.cost.hosted_option import hosted_risk_total
from gpu_advisor.engine.cost.prepare import band_log_sigma, prepare
from gpu_advisor.engine.cost.recommend import quote_warnings
from gpu_advisor.engine.cost.resolve import resolve
from gpu_advisor.engine.cost.result import cost_result
from gpu_advisor.engine.cost.risk import (
    MONTE_CARLO_CHUNKS,
    MonteCarloPartial,
    monte_carlo,
)
from gpu_advisor.engine.cost.risk import monte_carlo_chunks as risk_chunks
from gpu_advisor.engine.evidence.measured import (
    measured_mfu_for,
    measured_serving_run,
    plan_sizing,
    same_replica_inputs,
    same_serving_inputs,
)
from gpu_advisor.engine.evidence.vendors import VendorsResult, evaluate_vendors
from gpu_advisor.engine.plan_defaults import (
    PLAN_MONTE_CARLO_DRAWS,
    PLAN_MONTE_CARLO_SEED,
)
from gpu_advisor.engine.rollout.review import Review, review
from gpu_advisor.engine.shown import ranking
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Advice, InputRef, Language, Message
from gpu_advisor.model.cost_results import MonteCarloResult
from gpu_advisor.model.decisive_results import Decisive
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import (
    Budget,
    Environment,
    OptionId,
    Project,
    Scheduler,
    Vendor,
    Workload,
)
from gpu_advisor.model.scenario_results import CandidateCost
from gpu_advisor.model.sizing_results import SizingResult

if TYPE_CHECKING:  # the generators load on first use of a rollout (cold start)
    from gpu_advisor.engine.rollout.configs.common import GeneratedConfig, Wording
    from gpu_advisor.engine.rollout.configs.environment import RolloutPlan


def size_what_if(workload: Workload, catalog: Catalog) -> SizingResult:
    """Size a workload that is not (yet) a plan: ``gpu-advisor-cli size``.

    The sizing :func:`evaluate_plan` makes for a plan with this workload and
    no vendor results (``plan_sizing``: the workload with the vendors'
    measured MFU, the one sizing every output of a plan shows).

    Parameters
    ----------
    workload : Workload
        The job to size.
    catalog : Catalog
        GPUs, networks and models.

    Returns
    -------
    SizingResult

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> c = load_catalog()
    >>> size_what_if(Workload(gpus=16), c) == plan_sizing(
    ...     Project(workload=Workload(gpus=16)), c)
    True
    """
    return plan_sizing(Project(workload=workload), catalog)


def mfu_default(
    project: Project, catalog: Catalog, sizing: SizingResult | None = None
) -> InputRef | None:
    """The MFU the sizing uses when ``workload.mfu`` is empty, with its source.

    The lowest MFU measured by a vendor on the plan's GPU
    (:func:`measured_mfu_for`), otherwise the catalog's default for the GPU
    (PaLM, Chowdhery et al. 2022, App. B). The workload step shows it greyed
    out in the empty MFU field.

    Returns
    -------
    InputRef or None
        None when the catalog does not know the GPU.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Vendor
    >>> c = load_catalog()
    >>> p = Project()
    >>> mfu_default(p, c).value == evaluate(p, c).sizing.compute.mfu
    True
    >>> v = Vendor(name="a", gpu_id=p.workload.gpu_id, measured_mfu=0.21)
    >>> ref = mfu_default(Project(vendors=[v]), c)
    >>> ref.value, ref.source
    (0.21, 'measured: lowest vendor MFU on this GPU (a)')
    """
    gpu_id = project.workload.gpu_id
    measured = measured_mfu_for(project)
    if sizing is None and measured is None and project.workload.mfu is None:
        sizing = plan_sizing(project, catalog)
    if measured is not None:
        names = ", ".join(
            v.name
            for v in project.vendors
            if v.gpu_id == gpu_id and v.measured_mfu == measured
        )
        return InputRef(
            name="workload.mfu",
            value=measured,
            source=f"measured: lowest vendor MFU on this GPU ({names})",
        )
    gpu = next((g for g in catalog.gpus if g.id == gpu_id), None)
    if gpu is None:
        return None
    prov = gpu.provenance
    if sizing is not None and sizing.compute.mfu_source == "catalog":
        # the modelled MFU for this model size and sequence length
        return InputRef(
            name="workload.mfu",
            value=sizing.compute.mfu,
            source="MFU model fitted to published runs (reference_runs.json); "
            f"catalog gpus.json {gpu.id}: {prov.source} "
            f"(as of {prov.as_of.isoformat()})",
        )
    return InputRef(
        name="workload.mfu",
        value=gpu.default_mfu,
        source=f"catalog gpus.json {gpu.id}: {prov.source} "
        f"(as of {prov.as_of.isoformat()})",
    )


def monte_carlo_chunks(
    project: Project,
    catalog: Catalog,
    draws: int,
    seed: int,
    chunks: int = MONTE_CARLO_CHUNKS,
) -> list[Callable[[], MonteCarloPartial]]:
    """The project's Monte Carlo as ``chunks`` calls, for a progress bar.

    The first call to run sizes and prices the project and draws every
    random factor (shared by the other calls through a closure); each call
    then prices its slice of the draws. ``risk.combine`` of their results
    equals ``evaluate(project, catalog, monte_carlo_draws=draws,
    seed=seed).monte_carlo`` exactly.

    Parameters
    ----------
    project : Project
        The plan.
    catalog : Catalog
        Shipped defaults.
    draws : int
        Random scenarios in all. [1]
    seed : int
        Seed of the random generator.
    chunks : int
        Number of calls. [1]

    Returns
    -------
    list of callables
        Each returns a :class:`~gpu_advisor.engine.cost.risk.MonteCarloPartial`.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.cost.risk import combine
    >>> c = load_catalog()
    >>> parts = monte_carlo_chunks(Project(), c, 500, 3, chunks=5)
    >>> whole = evaluate(Project(), c, monte_carlo_draws=500, seed=3).monte_carlo
    >>> combine([run() for run in parts]) == whole
    True
    """
    if draws < 1 or chunks < 1:
        raise ValueError("need draws >= 1 and chunks >= 1")
    count = min(chunks, draws)
    plan: list[Callable[[], MonteCarloPartial]] = []

    def chunk_list() -> list[Callable[[], MonteCarloPartial]]:
        if not plan:  # prepared by whichever call runs first
            prep = prepare(project, catalog, plan_sizing(project, catalog))
            plan.extend(
                risk_chunks(
                    prep.resolved,
                    prep.d,
                    prep.owned_gpus,
                    prep.compared,
                    prep.policy,
                    draws=draws,
                    seed=seed,
                    chunks=count,
                    checkpointing=project.budget.checkpointing,
                    gpu_hours_log_sigma=band_log_sigma(prep),
                    hybrid=prep.hybrid_plan,
                    hosted_total=hosted_risk_total(
                        project, catalog, prep.serving, prep.demand
                    ),
                )
            )
        return plan

    def run(index: int) -> MonteCarloPartial:
        return chunk_list()[index]()

    return [partial(run, i) for i in range(count)]


def evaluate(
    project: Project,
    catalog: Catalog,
    *,
    monte_carlo_draws: int = 0,
    seed: int = PLAN_MONTE_CARLO_SEED,
    sizing: SizingResult | None = None,
    full: bool = True,
) -> Evaluation:
    """Size the workload, price every option, and recommend one.

    Parameters
    ----------
    project : Project
        The plan.
    catalog : Catalog
        Shipped defaults.
    monte_carlo_draws : int
        Draws for the Monte Carlo; 0 skips it. [1]
    seed : int
        Seed of the Monte Carlo's random generator.
    sizing : SizingResult, optional
        The project's sizing when already known (it must be what
        ``size_workload`` returns with :func:`measured_mfu_for`).
    full : bool
        False leaves out the cost's tornado and explanations (see
        :func:`~gpu_advisor.engine.cost.result.cost_result`).

    Returns
    -------
    Evaluation
        Sizing, cost (options, break-even, tornado, recommendation) and the
        Monte Carlo when asked for.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import OptionId
    >>> ev = evaluate(Project(), load_catalog())
    >>> ev.cost.recommendation.option in set(OptionId)
    True
    """
    if sizing is None:
        sizing = plan_sizing(project, catalog)
    prep = prepare(project, catalog, sizing)
    cost = cost_result(project, catalog, prep, full=full)
    mc = None
    if monte_carlo_draws > 0:
        mc = monte_carlo(
            prep.resolved,
            prep.d,
            prep.owned_gpus,
            prep.compared,
            prep.policy,
            draws=monte_carlo_draws,
            seed=seed,
            checkpointing=project.budget.checkpointing,
            gpu_hours_log_sigma=band_log_sigma(prep),
            hybrid=prep.hybrid_plan,
            hosted_total=hosted_risk_total(project, catalog, prep.serving, prep.demand),
        )
    return Evaluation(sizing=sizing, cost=cost, monte_carlo=mc)


@dataclass(frozen=True, eq=False)
class Rollout:
    """The rollout of a plan: its environment, advice and generated files.

    Every rollout output takes its numbers from here: the environment and
    monitoring steps, the vendors' test kit, ``gpu-advisor-cli rollout`` and
    the PDF's rollout annex. ``plan`` is
    :func:`~gpu_advisor.engine.rollout.configs.plan_environment` on the evaluation's
    own sizing (with the vendors' measured MFU), so the files run the nodes,
    GPUs per node and network settings the workload and cost steps show.
    Each file is generated on first request and then kept.

    Build it with :meth:`of` (``evaluate_plan(...).rollout`` does).
    """

    project: Project
    catalog: Catalog
    plan: RolloutPlan
    _files: dict[tuple[str, Wording], GeneratedConfig] = field(
        default_factory=dict, init=False, repr=False
    )
    _schedulers: dict[Scheduler, Rollout] = field(
        default_factory=dict, init=False, repr=False
    )

    @classmethod
    def of(
        cls, project: Project, catalog: Catalog, sizing: SizingResult | None
    ) -> Rollout:
        """The rollout for ``sizing`` (None: the plan cannot be sized, the
        files keep the environment as entered)."""
        from gpu_advisor.engine.rollout.configs.environment import plan_environment

        return cls(project, catalog, plan_environment(project, catalog, sizing))

    @property
    def environment(self) -> Environment:
        """The environment the files run: the sizing's nodes unless overridden."""
        return self.plan.environment

    @property
    def language(self) -> Language:
        """The plan's language (the default of every file's comments)."""
        return self.project.meta.language

    @property
    def advice(self) -> list[Advice]:
        """What the environment step and the files warn about.

        The environment's checks on the environment the files run, then the
        plan's notes (node count, NVIDIA-only), then a Kubernetes Job that
        cannot find its script.
        """
        from gpu_advisor.engine.rollout.configs.environment import environment_advice

        out = environment_advice(self.plan.environment, self.project.workload)
        out += self.plan.advice
        problem = self.plan.script_problem()
        if problem is not None:
            out.append(problem)
        return out

    def for_scheduler(self, scheduler: Scheduler) -> Rollout:
        """The same rollout for another scheduler (the sizing does not change)."""
        if scheduler is self.plan.environment.scheduler:
            return self
        if scheduler not in self._schedulers:
            env = self.project.environment.model_copy(update={"scheduler": scheduler})
            self._schedulers[scheduler] = Rollout(
                self.project.model_copy(update={"environment": env}),
                self.catalog,
                self.plan.with_scheduler(scheduler),
            )
        return self._schedulers[scheduler]

    def launch_file(self, say: Wording) -> GeneratedConfig:
        """The launch file of the scheduler, its comments worded by ``say``
        (``gpu_advisor.words.wording(language)``)."""
        key = ("launch", say)
        if key not in self._files:
            self._files[key] = self.plan.launch_file(self.project.workload, say)
        return self._files[key]

    def monitoring_file(self, name: str, say: Wording) -> GeneratedConfig:
        """One monitoring file (a name of ``configs.MONITORING_CONFIGS``)."""
        key = (name, say)
        if key not in self._files:
            self._files[key] = self.plan.monitoring_file(
                name, self.project.monitoring, say
            )
        return self._files[key]

    def files(self, say: Wording) -> list[GeneratedConfig]:
        """The launch file, then the monitoring files."""
        from gpu_advisor.engine.rollout.configs.files import MONITORING_CONFIGS

        return [
            self.launch_file(say),
            *(self.monitoring_file(name, say) for name in MONITORING_CONFIGS),
        ]

    def testkit(
        self, vendor: Vendor, say: Wording, *, dcgm_level: int = 2
    ) -> dict[str, str]:
        """The vendor's test kit for the plan's nodes and network (relative
        path → text, the README worded by ``say``; see
        :func:`gpu_advisor.engine.rollout.testkit.build_testkit`)."""
        from gpu_advisor.engine.rollout.testkit.kit import build_testkit

        return build_testkit(
            self.project,
            vendor,
            self.catalog,
            say,
            plan=self.plan,
            dcgm_level=dcgm_level,
        )


class PlanEvaluation(Evaluation):
    """The whole plan: sizing, cost, Monte Carlo, vendors, review and rollout.

    A plain value: :func:`evaluate_plan` builds it with its constructor from
    the project, the catalog and the results, and it holds nothing about
    other evaluations. Equal fields mean equal evaluations. What is read from
    it besides its fields (the review, the finance, the rollout, the
    candidate GPUs at cost, the budget defaults, each step's issues) is
    derived from those fields alone, on first read, and then kept on this
    object (``functools.cached_property``).

    Reuse across edits belongs to whoever holds successive evaluations of
    one plan: :class:`EvaluationMemo` (the app's session).
    """

    project: Project = Field(repr=False)
    """The project this evaluation describes."""
    catalog: Catalog = Field(repr=False)
    """The catalog it was evaluated with."""
    vendors: VendorsResult
    """Every vendor judged and scored on this evaluation's sizing."""

    @cached_property
    def review(self) -> Review:
        """Checklist states, open items and whether the plan can be approved."""
        return review(self.project, self.catalog)

    @cached_property
    def finance(self) -> Finance:
        """Runner-up, cash per year and top sensitivities (:mod:`engine.cost.finance`)."""
        return finance(self.cost)

    @cached_property
    def decisive(self) -> Decisive | None:
        """The inputs that move the decision most and where it flips
        (:func:`~gpu_advisor.engine.cost.decisive.decisive_inputs`; the plan
        re-priced some 40 times, so it is worked out on first read)."""
        return decisive_inputs(self.project, self.catalog, self.sizing, self.cost)

    @cached_property
    def candidate_costs(self) -> list[CandidateCost]:
        """Each candidate GPU at cost (:func:`candidate_costs`)."""
        return candidate_costs(self.project, self.catalog, self)

    @cached_property
    def budget_defaults(self) -> dict[str, InputRef]:
        """What each budget input is when left empty, with its source.

        The inputs :func:`~gpu_advisor.engine.cost.resolve.resolve` gives the
        project with every budget field left to the catalog (the project's
        region and GPU applied): the figures the budget step shows greyed out.
        Keyed by the ``Budget`` field name; empty when the project names a GPU
        or region the catalog does not know (there is no default to show).
        """
        # shown as the user types prices (gross when ``prices_include_vat``),
        # whatever VAT basis the plan compares on (issue #29)
        meta = self.project.meta
        typed = meta.model_copy(update={"vat_recoverable": not meta.prices_include_vat})
        blank = self.project.model_copy(update={"budget": Budget(), "meta": typed})
        try:
            return dict(resolve(blank, self.catalog).refs)
        except (KeyError, ValueError):
            return {}

    def vendor_price_warnings(self, index: int) -> list[Advice]:
        """Warnings about the prices vendor ``index`` quotes (outside the
        catalog's plausible range for the vendor's GPU); see
        :func:`~gpu_advisor.engine.cost.recommend.quote_warnings`."""
        vendor = self.project.vendors[index]
        prefix = f"vendors.{index}."
        return [
            advice
            for advice in quote_warnings(self.project, self.catalog, vendor.gpu_id)
            if any(name.startswith(prefix) for name in advice.inputs)
        ]

    @cached_property
    def step_issues(self) -> dict[str, list[Advice]]:
        """What is left to fix in each part of the plan, by part name
        (:class:`~gpu_advisor.engine.rollout.step_issues.PlanPart`)."""
        # deferred: step_issues reads this very evaluation
        from gpu_advisor.engine.rollout.step_issues import step_issues

        return {str(part): a for part, a in step_issues(self).items()}

    @cached_property
    def rollout(self) -> Rollout:
        """The rollout on this evaluation's sizing: environment, advice, files."""
        return Rollout.of(self.project, self.catalog, self.sizing)


def evaluate_plan(
    project: Project,
    catalog: Catalog,
    *,
    monte_carlo: bool = True,
    draws: int = PLAN_MONTE_CARLO_DRAWS,
    seed: int = PLAN_MONTE_CARLO_SEED,
) -> PlanEvaluation:
    """Evaluate the whole plan; the one call behind every step, the PDF and the CLI.

    Parameters
    ----------
    project : Project
        The plan.
    catalog : Catalog
        Shipped defaults.
    monte_carlo : bool
        Run the plan's Monte Carlo (:data:`PLAN_MONTE_CARLO_DRAWS` draws,
        seed :data:`PLAN_MONTE_CARLO_SEED`); False draws nothing (the live
        steps run it in the background with the same draws and seed, see
        :meth:`EvaluationMemo.add_monte_carlo`).
    draws, seed : int
        Override the plan's draws and seed (``gpu-advisor-cli cost
        --monte-carlo/--seed``); every output of the app uses the defaults.

    Returns
    -------
    PlanEvaluation

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> c = load_catalog()
    >>> ev = evaluate_plan(Project(), c, monte_carlo=False)
    >>> ev.monte_carlo is None, ev.vendors.scoring is None, ev.review.approvable
    (True, True, False)
    """
    sizing = plan_sizing(project, catalog)
    base = evaluate(
        project,
        catalog,
        monte_carlo_draws=draws if monte_carlo else 0,
        seed=seed,
        sizing=sizing,
    )
    return PlanEvaluation(
        project=project,
        catalog=catalog,
        sizing=sizing,
        cost=base.cost,
        monte_carlo=base.monte_carlo,
        vendors=evaluate_vendors(project, catalog, sizing),
    )


NOT_PRICED: Final = frozenset(
    {
        "scoring",
        "environment",
        "monitoring",
        "checklist",
        "signoff",
        "signing_records",
        "scenarios",
    }
)
"""Project sections neither the sizing, the cost nor its Monte Carlo reads
(the vendors' weights, the rollout, the checklist, the sign-off, the other
scenarios). Every other section is an input, so a section added to
``Project`` counts as one until it is listed here; ``meta`` is compared
without its words (:data:`_META_WORDS`)."""

_META_WORDS: Final[set[str]] = {
    "title",
    "organisation",
    "author",
    "plan_date",
    "plan_version",
    "status",
    "language",
    "notes",
}
"""``meta`` fields no price or demand depends on (a status change on the review
step keeps the Monte Carlo)."""


def same_cost_inputs(old: Project, new: Project) -> bool:
    """True when the cost and its Monte Carlo read the same inputs in both
    snapshots (an edit of the plan's words, such as its author, changes none).

    >>> p = Project()
    >>> renamed = p.model_copy(update={"meta": p.meta.model_copy(update={"author": "A"})})
    >>> same_cost_inputs(p, renamed)
    True
    >>> longer = p.model_copy(update={"meta": p.meta.model_copy(update={"horizon_months": 9})})
    >>> same_cost_inputs(p, longer)
    False
    >>> imported = p.model_copy(update={"price_overrides": [*p.price_overrides]})
    >>> same_cost_inputs(p, imported)  # another list: compared as changed
    False
    """
    for name in Project.model_fields:
        if name in NOT_PRICED or name == "meta":
            continue
        before, after = getattr(old, name), getattr(new, name)
        if before is not after and not (name == "schema_version" and before == after):
            return False
    return old.meta is new.meta or old.meta.model_dump(
        exclude=_META_WORDS
    ) == new.meta.model_dump(exclude=_META_WORDS)


_SERVING = ("sizing.serving.", "serving.precision.")
"""Code prefixes of the sizing's serving advice (``engine/serving/plan.py``,
``engine/serving/precision.py``): kept with the serving plan they belong to."""


class EvaluationMemo:
    """Successive evaluations of one plan being edited, reusing what an edit kept.

    The app's session holds one (:class:`gpu_advisor.ui.session.ProjectSession`)
    and asks it for the evaluation of every snapshot. Compared with the last
    snapshot it evaluated, it reuses

    * the sizing when the workload, the vendors' measured MFU and their
      measured serving goodput are the same; the serving plan inside it when
      only the training run changed (:func:`same_serving_inputs`), and the
      replica sizes it tried when only the traffic or the calendar changed
      (:func:`same_replica_inputs`);
    * the cost result when, besides, none of the inputs the cost reads
      changed (:func:`same_cost_inputs`; e.g. the author's name);
    * the plan's Monte Carlo (added with :meth:`add_monte_carlo`) while the
      inputs the cost reads are unchanged;
    * each vendor's judgement when its measurements are the same and what it
      is judged against (its expectations) is equal, and the whole vendors
      result when, besides, neither the vendors nor the weights changed
      (:func:`~gpu_advisor.engine.evidence.vendors.evaluate_vendors`).

    Reused results are the very objects of the last evaluation, so the pages
    can skip redrawing what they already show by identity
    (:func:`gpu_advisor.ui.widgets.refresh.same_objects`). Every evaluation
    it returns equals ``evaluate_plan(project, catalog, monte_carlo=has_mc,
    draws=draws, seed=seed)`` with ``has_mc`` whether it carries the Monte
    Carlo.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> c = load_catalog()
    >>> memo = EvaluationMemo(c)
    >>> p = Project()
    >>> ev = memo.evaluate(p)
    >>> budget = p.budget.model_copy(update={"owned_gpus": 4})
    >>> again = memo.evaluate(p.model_copy(update={"budget": budget}))
    >>> again.sizing is ev.sizing, again == evaluate_plan(again.project, c, monte_carlo=False)
    (True, True)
    """

    def __init__(
        self,
        catalog: Catalog,
        *,
        draws: int = PLAN_MONTE_CARLO_DRAWS,
        seed: int = PLAN_MONTE_CARLO_SEED,
    ) -> None:
        self.catalog = catalog
        self.draws = draws
        """Draws of the Monte Carlo :meth:`add_monte_carlo` accepts. [1]"""
        self.seed = seed
        """Seed of the Monte Carlo :meth:`add_monte_carlo` accepts."""
        self._last: PlanEvaluation | None = None

    @property
    def last(self) -> PlanEvaluation | None:
        """The last evaluation returned (None before the first)."""
        return self._last

    def evaluate(self, project: Project) -> PlanEvaluation:
        """The evaluation of ``project``, reusing what the last one still holds.

        No Monte Carlo is drawn; the last one is kept while the inputs the
        cost reads are unchanged.
        """
        last = self._last
        if last is not None and last.project is project:
            return last
        sizing = None
        cost = None
        mc = None
        vendors_before = None
        if last is not None:
            old = last.project
            vendors_before = (old, last.vendors)
            same_cost = same_cost_inputs(old, project)
            if same_cost:
                mc = last.monte_carlo
            if (
                old.workload is project.workload
                and measured_mfu_for(old) == measured_mfu_for(project)
                and (
                    old.vendors is project.vendors
                    or measured_serving_run(old) == measured_serving_run(project)
                )
            ):
                sizing = last.sizing
                if same_cost:
                    cost = last.cost  # e.g. the author's name: the same prices
        if sizing is None:
            serving = None
            candidates = None
            if last is not None and same_serving_inputs(last.project, project):
                plan = last.sizing.serving
                advice = [
                    a for a in last.sizing.warnings if a.code.startswith(_SERVING)
                ]
                serving = (plan, advice)
            elif last is not None and same_replica_inputs(last.project, project):
                plan = last.sizing.serving
                if plan is not None:
                    candidates = (plan.considered, plan.rejected)
            sizing = plan_sizing(project, self.catalog, serving, candidates)
        if cost is None:
            cost = evaluate(project, self.catalog, sizing=sizing).cost
        out = PlanEvaluation(
            project=project,
            catalog=self.catalog,
            sizing=sizing,
            cost=cost,
            monte_carlo=mc,
            vendors=evaluate_vendors(
                project, self.catalog, sizing, previous=vendors_before
            ),
        )
        if last is not None and cost is last.cost:
            share_decisive(last, out)
        self._last = out
        return out

    def add_monte_carlo(
        self, project: Project, result: MonteCarloResult
    ) -> PlanEvaluation | None:
        """The evaluation of ``project`` with the Monte Carlo drawn elsewhere.

        The budget step draws it in the background in chunks
        (:func:`monte_carlo_chunks`, which combine to exactly what
        :func:`evaluate_plan` draws). Only a result drawn with this memo's
        draws and seed for the last snapshot evaluated joins; None otherwise.
        """
        last = self._last
        if last is None or last.project is not project:
            return None
        if (result.draws, result.seed) != (self.draws, self.seed):
            return None
        out = PlanEvaluation(
            project=project,
            catalog=last.catalog,
            sizing=last.sizing,
            cost=last.cost,
            monte_carlo=result,
            vendors=last.vendors,
        )
        share_decisive(last, out)
        self._last = out
        return out


def share_decisive(old: PlanEvaluation, new: PlanEvaluation) -> bool:
    """Hand ``old``'s decisive inputs, when already worked out, to ``new`` if
    both carry the very same cost result (the decisive inputs depend on
    nothing else: an edit of the author's name keeps them). True when
    ``new`` has them now.

    The review step works them out in the background; an edit that keeps the
    cost while that runs takes the result instead of starting again.
    """
    if "decisive" in new.__dict__:
        return True
    if old.cost is not new.cost or "decisive" not in old.__dict__:
        return False
    new.__dict__["decisive"] = old.__dict__["decisive"]
    return True


def as_plan_evaluation(
    evaluation: Evaluation, project: Project, catalog: Catalog
) -> PlanEvaluation:
    """``evaluation`` of ``project`` as a :class:`PlanEvaluation`, without a
    second sizing.

    The PDF plan accepts any :class:`Evaluation` of the project (the CLI and
    the app pass :func:`evaluate_plan`'s); its vendors, review and rollout
    then come from the evaluation's own sizing. A plan evaluation of this
    very project is returned as it is.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> c, p = load_catalog(), Project()
    >>> plain = evaluate(p, c)
    >>> as_plan_evaluation(plain, p, c).rollout.plan == evaluate_plan(
    ...     p, c, monte_carlo=False).rollout.plan
    True
    """
    if isinstance(evaluation, PlanEvaluation) and evaluation.project is project:
        return evaluation
    return PlanEvaluation(
        project=project,
        catalog=catalog,
        sizing=evaluation.sizing,
        cost=evaluation.cost,
        monte_carlo=evaluation.monte_carlo,
        vendors=evaluate_vendors(project, catalog, evaluation.sizing),
    )


def candidate_costs(
    project: Project, catalog: Catalog, base: Evaluation | None = None
) -> list[CandidateCost]:
    """Each candidate GPU of the workload at cost: the option the plan recommends
    with it and its total.

    Every candidate is priced as the plan with ``workload.gpu_id`` set to it
    (what a GPU-only scenario gives, :func:`gpu_advisor.engine.scenarios.apply_scenario`,
    evaluated without the Monte Carlo), so "H100 for fewer days or A100 for
    longer" is answered in money by the same rules as the plan itself. The
    plan's own GPU reuses ``base`` when given.

    Each is first checked against the job
    (:func:`~gpu_advisor.engine.cost.feasibility.candidate_reason`): one that
    fits on no card count or on fewer cards than priced, has no feasible
    option, misses the deadline or leaves part of the job outside the horizon
    is marked with the reason. Of the others, the one with the lowest total
    is ``cheapest`` (the first in the candidates' order on a tie); a
    candidate that cannot run is never compared.
    """
    out: list[CandidateCost] = []
    for gpu_id in dict.fromkeys(project.workload.gpu_candidates):
        if base is not None and gpu_id == project.workload.gpu_id:
            ev = base
        else:
            workload = Workload.model_validate(
                {**project.workload.model_dump(), "gpu_id": gpu_id}
            )
            plan = project.model_copy(update={"workload": workload, "scenarios": []})
            # the options and the sizing only: no tornado, no explanations
            ev = evaluate(plan, catalog, full=False)
        serves = project.workload.serving is not None
        out.append(_candidate_cost(gpu_id, ev, project.workload.deadline_days, serves))
    totals = [
        (c.cheapest_total_cny, i)
        for i, c in enumerate(out)
        if c.feasible and c.cheapest_total_cny is not None
    ]
    if totals:
        best = min(totals)[1]
        out[best] = out[best].model_copy(update={"cheapest": True})
    return out


def _candidate_cost(
    gpu_id: str, ev: Evaluation, deadline_days: float | None, serves: bool = False
) -> CandidateCost:
    """One candidate's row: its sizing, the option the plan recommends with it
    and that option's total, whether it runs.

    The recommended option, not the lowest total among the feasible ones: the
    same rules as the plan's own (spot that would not stay cheapest at the
    price book's high reclaim values is never it, a simpler contract within
    the threshold is), so the plan's own card shows what page 1 says. A plan
    that ``serves``: the card's replica, busiest-hour cards and cost per
    million output tokens; a card on which no replica meets the targets
    cannot run it.
    """
    chosen = ev.cost.recommendation.option
    if chosen is OptionId.HOSTED_API:  # the same for every card: show the card's own
        chosen = next(
            (
                r.option.id
                for r in ranking(ev.cost)
                if r.option.id is not OptionId.HOSTED_API and r.option.feasible
            ),
            None,
        )
    cheapest = next((o for o in ev.cost.options if o.id is chosen), None)
    cluster = ev.sizing.cluster
    work = ev.cost.work
    reason = candidate_reason(
        cluster.min_gpus,
        cluster.gpus,
        cluster.days,
        deadline_days,
        cluster.gpus_for_deadline,
        1.0 if work is None else work.covered,
        any(o.feasible for o in ev.cost.options),
    )
    plan, serving = ev.sizing.serving, ev.cost.serving
    if reason is None and serves and plan is None:
        reason = Message(code="candidate.no_serving")
    per_million = None if serving is None or chosen is None else serving.option(chosen)
    return CandidateCost(
        gpu_id=gpu_id,
        min_gpus=cluster.min_gpus,
        gpus=cluster.gpus_for_deadline or cluster.gpus,
        days=cluster.days,
        gpu_hours=ev.sizing.compute.gpu_hours,
        cheapest_option=None if cheapest is None else cheapest.id,
        cheapest_total_cny=None if cheapest is None else cheapest.total_cny,
        feasible=reason is None,
        reason=reason,
        serving_replica_gpus=None if plan is None else plan.per_replica.gpus,
        serving_peak_gpus=None if serving is None else serving.peak_gpus,
        cny_per_million_output_tokens=None
        if per_million is None
        else per_million.cny_per_million_output_tokens,
    )
