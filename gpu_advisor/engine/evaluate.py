"""Project → Evaluation: sizing, cost, risk, vendors, review and rollout.

The cost itself is prepared and assembled in :mod:`gpu_advisor.engine.cost`
(:mod:`~gpu_advisor.engine.cost.prepare`, :mod:`~gpu_advisor.engine.cost.result`);
this module holds the entry points that put sizing, cost and the rest together.
:func:`evaluate_plan` is the one entry point of the steps, the PDF plan, the
CLI and the self-test: it returns a :class:`PlanEvaluation` whose vendors are
judged and scored on the evaluation's own sizing (with the measured MFU),
whose Monte Carlo uses the plan's draws and seed
(:mod:`gpu_advisor.engine.plan_defaults`), and whose review and rollout are
computed on first use.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Final

from pydantic import PrivateAttr

from gpu_advisor.engine.cost.finance import Finance, finance
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
from gpu_advisor.engine.evidence.vendors import (
    VendorsResult,
    evaluate_vendors,
    plan_sizing,
)
from gpu_advisor.engine.plan_defaults import (
    PLAN_MONTE_CARLO_DRAWS,
    PLAN_MONTE_CARLO_SEED,
)
from gpu_advisor.engine.rollout.review import Review, review
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Advice, InputRef, Language
from gpu_advisor.model.cost_results import MonteCarloResult
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import (
    Budget,
    Environment,
    Project,
    Scheduler,
    Vendor,
    Workload,
)
from gpu_advisor.model.scenario_results import CandidateCost
from gpu_advisor.model.sizing_results import SizingResult

if TYPE_CHECKING:  # the generators load on first use of a rollout (cold start)
    from gpu_advisor.engine.rollout.configs.common import GeneratedConfig
    from gpu_advisor.engine.rollout.configs.environment import RolloutPlan


def measured_mfu_for(project: Project) -> float | None:
    """The MFU measured by vendor tests on the plan's GPU, if any.

    When several vendors measured it, the lowest figure is used: a plan sized
    on the slowest measured run does not run out of GPU-hours. ``workload.mfu``
    set by the user still wins (see ``size_workload``).

    Parameters
    ----------
    project : Project
        Its vendors' ``measured_mfu`` and ``gpu_id``, and ``workload.gpu_id``.

    Returns
    -------
    float or None
        Model FLOPs utilisation [1], or None when no vendor measured the GPU.

    Examples
    --------
    >>> from gpu_advisor.model.project import Vendor
    >>> gpu = Project().workload.gpu_id
    >>> vendors = [Vendor(name="a", gpu_id=gpu, measured_mfu=0.42),
    ...            Vendor(name="b", gpu_id=gpu, measured_mfu=0.31)]
    >>> measured_mfu_for(Project(vendors=vendors))
    0.31
    >>> measured_mfu_for(Project()) is None
    True
    """
    measured = [
        v.measured_mfu
        for v in project.vendors
        if v.measured_mfu is not None and v.gpu_id == project.workload.gpu_id
    ]
    return min(measured) if measured else None


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
                    prep.risk_options,
                    prep.policy,
                    draws=draws,
                    seed=seed,
                    chunks=count,
                    checkpointing=project.budget.checkpointing,
                    gpu_hours_log_sigma=band_log_sigma(prep),
                    hybrid=prep.hybrid_plan,
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
            prep.risk_options,
            prep.policy,
            draws=monte_carlo_draws,
            seed=seed,
            checkpointing=project.budget.checkpointing,
            gpu_hours_log_sigma=band_log_sigma(prep),
            hybrid=prep.hybrid_plan,
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
    _files: dict[tuple[str, Language], GeneratedConfig] = field(
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

    def launch_file(self, language: Language | None = None) -> GeneratedConfig:
        """The launch file of the scheduler, its comments in ``language``."""
        lang = language or self.language
        key = ("launch", lang)
        if key not in self._files:
            self._files[key] = self.plan.launch_file(self.project.workload, lang)
        return self._files[key]

    def monitoring_file(
        self, name: str, language: Language | None = None
    ) -> GeneratedConfig:
        """One monitoring file (a name of ``configs.MONITORING_CONFIGS``)."""
        lang = language or self.language
        key = (name, lang)
        if key not in self._files:
            self._files[key] = self.plan.monitoring_file(
                name, self.project.monitoring, lang
            )
        return self._files[key]

    def files(self, language: Language | None = None) -> list[GeneratedConfig]:
        """The launch file, then the monitoring files."""
        from gpu_advisor.engine.rollout.configs.files import MONITORING_CONFIGS

        return [
            self.launch_file(language),
            *(self.monitoring_file(name, language) for name in MONITORING_CONFIGS),
        ]

    def testkit(
        self,
        vendor: Vendor,
        language: Language | None = None,
        *,
        dcgm_level: int = 2,
    ) -> dict[str, str]:
        """The vendor's test kit for the plan's nodes and network (relative
        path → text; see :func:`gpu_advisor.engine.rollout.testkit.build_testkit`)."""
        from gpu_advisor.engine.rollout.testkit.kit import build_testkit

        project = self.project
        if language is not None and language is not project.meta.language:
            meta = project.meta.model_copy(update={"language": language})
            project = project.model_copy(update={"meta": meta})
        return build_testkit(
            project, vendor, self.catalog, plan=self.plan, dcgm_level=dcgm_level
        )


class PlanEvaluation(Evaluation):
    """The whole plan: sizing, cost, Monte Carlo, vendors, review and rollout.

    ``vendors``, ``review`` and ``rollout`` are computed on first use (and
    then kept), so that a workload edit does not judge every vendor again.
    Build it with :func:`evaluate_plan`.
    """

    _project: Project = PrivateAttr()
    _catalog: Catalog = PrivateAttr()
    _before: tuple[Project, SizingResult, VendorsResult] | None = PrivateAttr(None)
    _vendors: VendorsResult | None = PrivateAttr(None)
    _review: Review | None = PrivateAttr(None)
    _rollout: Rollout | None = PrivateAttr(None)
    _candidates: list[CandidateCost] | None = PrivateAttr(None)
    _finance: Finance | None = PrivateAttr(None)
    _budget_defaults: dict[str, InputRef] | None = PrivateAttr(None)
    _step_issues: dict[str, list[Advice]] | None = PrivateAttr(None)
    _full: bool = PrivateAttr(True)
    _completed: PlanEvaluation | None = PrivateAttr(None)

    @property
    def project(self) -> Project:
        """The project this evaluation describes."""
        return self._project

    @property
    def vendors(self) -> VendorsResult:
        """Every vendor judged and scored on this evaluation's sizing."""
        if self._vendors is None:
            self._vendors = evaluate_vendors(
                self._project, self._catalog, self.sizing, previous=self._before
            )
            self._before = None
        return self._vendors

    @property
    def review(self) -> Review:
        """Checklist states, open items and whether the plan can be approved."""
        if self._review is None:
            self._review = review(self._project, self._catalog)
        return self._review

    @property
    def finance(self) -> Finance:
        """Runner-up, cash per year and top sensitivities (:mod:`engine.cost.finance`)."""
        if self._finance is None:
            self._finance = finance(self.cost)
        return self._finance

    @property
    def candidate_costs(self) -> list[CandidateCost]:
        """Each candidate GPU at cost (:func:`engine.scenarios.candidate_costs`)."""
        if self._candidates is None:
            from gpu_advisor.engine.scenarios import candidate_costs

            self._candidates = candidate_costs(self._project, self._catalog, self)
        return self._candidates

    @property
    def budget_defaults(self) -> dict[str, InputRef]:
        """What each budget input is when left empty, with its source.

        The inputs :func:`~gpu_advisor.engine.cost.resolve.resolve` gives the
        project with every budget field left to the catalog (the project's
        region and GPU applied): the figures the budget step shows greyed out.
        Keyed by the ``Budget`` field name; empty when the project names a GPU
        or region the catalog does not know (there is no default to show).
        """
        if self._budget_defaults is None:
            blank = self._project.model_copy(update={"budget": Budget()})
            try:
                self._budget_defaults = dict(resolve(blank, self._catalog).refs)
            except (KeyError, ValueError):
                self._budget_defaults = {}
        return self._budget_defaults

    def vendor_price_warnings(self, index: int) -> list[Advice]:
        """Warnings about the prices vendor ``index`` quotes (outside the
        catalog's plausible range for the vendor's GPU); see
        :func:`~gpu_advisor.engine.cost.recommend.quote_warnings`."""
        vendor = self._project.vendors[index]
        prefix = f"vendors.{index}."
        return [
            advice
            for advice in quote_warnings(self._project, self._catalog, vendor.gpu_id)
            if any(name.startswith(prefix) for name in advice.inputs)
        ]

    @property
    def step_issues(self) -> dict[str, list[Advice]]:
        """What is left to fix in each part of the plan, by part name
        (:class:`~gpu_advisor.engine.rollout.step_issues.PlanPart`)."""
        if self._step_issues is None:
            # deferred: step_issues reads this very evaluation
            from gpu_advisor.engine.rollout.step_issues import step_issues

            issues = step_issues(self)
            self._step_issues = {str(part): a for part, a in issues.items()}
        return self._step_issues

    @property
    def is_complete(self) -> bool:
        """False for a comparison column: its cost lacks the tornado and the
        explanations (``evaluate_plan(..., full=False)``)."""
        return self._full

    def complete(self) -> PlanEvaluation:
        """This evaluation with every part: itself when complete, else the
        plan evaluated in full once (the sizing and the Monte Carlo reused),
        then kept. A scenario made the base reads its column this way."""
        if self._full:
            return self
        if self._completed is None:
            mc = self.monte_carlo
            self._completed = evaluate_plan(
                self._project,
                self._catalog,
                self,
                monte_carlo=mc is not None,
                draws=PLAN_MONTE_CARLO_DRAWS if mc is None else mc.draws,
                seed=PLAN_MONTE_CARLO_SEED if mc is None else mc.seed,
            )
        return self._completed

    def with_monte_carlo(self, result: MonteCarloResult) -> PlanEvaluation:
        """This evaluation with the plan's Monte Carlo drawn elsewhere.

        The budget step draws it in the background in chunks
        (:func:`monte_carlo_chunks`, which combine to exactly what
        :func:`evaluate_plan` draws); the review step then shows it too.
        Vendors, review and rollout already computed are kept.
        """
        out = self.model_copy(update={"monte_carlo": result})
        out._project, out._catalog = self._project, self._catalog
        out._step_issues = None  # a part's issues may read the Monte Carlo
        out._completed = None  # completed with the other Monte Carlo
        return out

    @property
    def rollout(self) -> Rollout:
        """The rollout on this evaluation's sizing: environment, advice, files."""
        if self._rollout is None:
            self._rollout = Rollout.of(self._project, self._catalog, self.sizing)
        return self._rollout


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


def _same_draws(mc: MonteCarloResult | None, draws: int, seed: int) -> bool:
    """True when ``mc`` was drawn with ``draws`` and ``seed``."""
    return mc is not None and (mc.draws, mc.seed) == (draws, seed)


def _reusable(
    previous: PlanEvaluation, project: Project, same_mc: bool
) -> tuple[SizingResult | None, MonteCarloResult | None]:
    """The sizing and the Monte Carlo of ``previous`` that still hold for ``project``.

    The sizing when the workload and the measured MFU are the same; the
    Monte Carlo (``same_mc``: drawn with the draws and seed asked for) when
    none of the sections the cost reads changed.
    """
    old = previous.project
    sizing = None
    if old.workload is project.workload and measured_mfu_for(old) == measured_mfu_for(
        project
    ):
        sizing = previous.sizing
    mc = previous.monte_carlo if same_mc and same_cost_inputs(old, project) else None
    return sizing, mc


def evaluate_plan(
    project: Project,
    catalog: Catalog,
    previous: PlanEvaluation | None = None,
    *,
    monte_carlo: bool = True,
    draws: int = PLAN_MONTE_CARLO_DRAWS,
    seed: int = PLAN_MONTE_CARLO_SEED,
    full: bool = True,
) -> PlanEvaluation:
    """Evaluate the whole plan; the one call behind every step, the PDF and the CLI.

    Parameters
    ----------
    project : Project
        The plan.
    catalog : Catalog
        Shipped defaults.
    previous : PlanEvaluation, optional
        The evaluation of an earlier snapshot of the same plan. Unchanged
        parts are reused: the sizing when the workload and the measured MFU
        are the same, the Monte Carlo when none of the sections the cost
        reads changed, the vendors' judgements when neither the sizing nor
        the vendor changed. The result equals a fresh evaluation (with
        ``monte_carlo=False`` it keeps the previous Monte Carlo when that is
        still the plan's).
    monte_carlo : bool
        Run the plan's Monte Carlo (:data:`PLAN_MONTE_CARLO_DRAWS` draws,
        seed :data:`PLAN_MONTE_CARLO_SEED`); False draws nothing (the live
        steps run it in the background with the same draws and seed, see
        :meth:`PlanEvaluation.with_monte_carlo`).
    draws, seed : int
        Override the plan's draws and seed (``gpu-advisor-cli cost
        --monte-carlo/--seed``); every output of the app uses the defaults.
    full : bool
        False: a comparison column, whose cost lacks the tornado and the
        explanations (:meth:`PlanEvaluation.complete` adds them).

    Returns
    -------
    PlanEvaluation

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> c = load_catalog()
    >>> p = Project()
    >>> ev = evaluate_plan(p, c, monte_carlo=False)
    >>> ev.monte_carlo is None, ev.vendors.scoring is None, ev.review.approvable
    (True, True, False)
    >>> budget = p.budget.model_copy(update={"owned_gpus": 4})
    >>> again = evaluate_plan(p.model_copy(update={"budget": budget}), c, ev, monte_carlo=False)
    >>> again.sizing is ev.sizing
    True
    """
    sizing: SizingResult | None = None
    mc = None
    if previous is not None:
        same_mc = _same_draws(previous.monte_carlo, draws, seed)
        if (
            previous.project is project
            and (same_mc or not monte_carlo)
            and (previous._full or not full)
        ):
            return previous
        sizing, mc = _reusable(previous, project, same_mc)
        if _same_cost(previous, project, sizing, mc, monte_carlo, full):
            # e.g. the author's name: the same prices, the same cost result
            out = PlanEvaluation.model_construct(
                sizing=previous.sizing, cost=previous.cost, monte_carlo=mc
            )
            out._finance = previous._finance  # read from the cost alone
            out._candidates = previous._candidates  # the same plan per GPU
            # as complete as the previous one (the tornado, the explanations)
            return _with_project(out, previous, project, catalog, previous._full)
    base = evaluate(
        project,
        catalog,
        monte_carlo_draws=draws if monte_carlo and mc is None else 0,
        seed=seed,
        sizing=sizing,
        full=full,
    )
    out = PlanEvaluation.model_construct(
        sizing=base.sizing,
        cost=base.cost,
        monte_carlo=base.monte_carlo if mc is None else mc,
    )
    return _with_project(out, previous, project, catalog, full)


def _same_cost(
    previous: PlanEvaluation,
    project: Project,
    sizing: SizingResult | None,
    mc: MonteCarloResult | None,
    monte_carlo: bool,
    full: bool,
) -> bool:
    """True when ``previous``'s cost result holds for ``project`` as it is:
    the same sizing, none of the inputs the cost reads changed, the Monte
    Carlo kept (or not asked for) and the parts asked for computed."""
    return (
        sizing is not None
        and sizing is previous.sizing
        and (mc is not None or not monte_carlo)
        and (previous._full or not full)
        and same_cost_inputs(previous.project, project)
    )


def _with_project(
    out: PlanEvaluation,
    previous: PlanEvaluation | None,
    project: Project,
    catalog: Catalog,
    full: bool,
) -> PlanEvaluation:
    """``out`` bound to ``project``; the vendors of ``previous`` offered for reuse."""
    out._project = project
    out._catalog = catalog
    out._full = full
    if previous is not None and previous._vendors is not None:
        out._before = (previous.project, previous.sizing, previous._vendors)
    return out


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
    out = PlanEvaluation.model_construct(
        sizing=evaluation.sizing,
        cost=evaluation.cost,
        monte_carlo=evaluation.monte_carlo,
    )
    out._project = project
    out._catalog = catalog
    return out
