"""The vendors step of a plan: every vendor judged on the plan's sizing, then scored.

:func:`score_project` judges each vendor on its stored measurements
(:func:`~gpu_advisor.engine.evidence.judge.judge_vendor`) and scores them
(:func:`~gpu_advisor.engine.evidence.scoring.score_vendors`);
:func:`evaluate_vendors` does the same for the evaluation, reusing the
judgements an edit left unchanged; :func:`merge_measurements` is the rule
for importing results into a vendor; :func:`plan_sizing` sizes the workload
as the plan does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import Field

from gpu_advisor.engine.evidence.judge import VendorJudgement, judge_vendor
from gpu_advisor.engine.evidence.mfu import with_measured_mfu
from gpu_advisor.engine.evidence.scoring import ScoringResult, score_vendors
from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Frozen
from gpu_advisor.model.project import Measurement, Project, Vendor
from gpu_advisor.model.sizing_results import SizingResult


def score_project(
    project: Project,
    catalog: Catalog,
    *,
    prices_cny_per_gpu_hour: Mapping[str, float] | None = None,
    checkpoint_write_gb_per_s: float | None = None,
    sizing: SizingResult | None = None,
) -> tuple[ScoringResult, dict[str, VendorJudgement]]:
    """Judge every vendor of the project on its stored measurements, then score.

    Parameters
    ----------
    project : Project
        Vendors, weights, workload.
    catalog : Catalog
        Datasheets and network classes.
    prices_cny_per_gpu_hour : mapping, optional
        Prices from the cost engine, by vendor name. [CNY/GPU-h]
    checkpoint_write_gb_per_s : float, optional
        Overrides the sizing engine's checkpoint bandwidth. [GB/s]
    sizing : SizingResult, optional
        The plan's sizing (``Evaluation.sizing``); by default the workload is
        sized as :func:`gpu_advisor.engine.evaluate.evaluate` sizes it, with
        the vendors' measured MFU.

    Returns
    -------
    tuple
        The scoring result and the judgement of each vendor by name.
    """
    if sizing is None:
        sizing = plan_sizing(project, catalog)
    judgements = {
        v.name: judge_vendor(
            project,
            v,
            catalog,
            sizing=sizing,
            checkpoint_write_gb_per_s=checkpoint_write_gb_per_s,
        )
        for v in project.vendors
    }
    result = score_vendors(
        project.vendors,
        project.scoring,
        judgements=judgements,
        prices_cny_per_gpu_hour=prices_cny_per_gpu_hour,
        vat_rate=catalog.cost_defaults.vat_rate_services,
    )
    return result, judgements


def plan_sizing(project: Project, catalog: Catalog) -> SizingResult:
    """The workload sized as the plan sizes it: with the vendors' measured MFU.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> c = load_catalog()
    >>> plan_sizing(Project(), c) == size_workload(Project().workload, c)
    True
    """
    from gpu_advisor.engine.evaluate import measured_mfu_for  # evaluate imports us

    return size_workload(
        project.workload, catalog, measured_mfu=measured_mfu_for(project)
    )


class VendorsResult(Frozen):
    """The vendors step of one plan: judgements, scores and weight sensitivity.

    Every vendor is judged on the plan's own sizing (``sizing``), the one the
    workload and cost steps show. ``problem`` holds the message when scoring
    was refused (e.g. two vendors with the same name); ``scoring`` is then
    None.
    """

    scoring: ScoringResult | None = None
    judgements: dict[str, VendorJudgement] = Field(default_factory=dict)
    problem: str = ""


def _only_weights_differ(old: Project, new: Project) -> bool:
    """True when ``new`` shares every section but the weights with ``old``."""
    return old.scoring != new.scoring and all(
        getattr(old, name) is getattr(new, name)
        for name in Project.model_fields
        if name != "scoring"
    )


def _same_judging_inputs(old: Project, new: Project) -> bool:
    """True when the sections a judgement reads besides the vendor are the same
    objects in both snapshots (see :func:`gpu_advisor.engine.evidence.judge.judge_vendor`)."""
    return (
        old.workload is new.workload
        and old.environment is new.environment
        and old.monitoring is new.monitoring
    )


def evaluate_vendors(
    project: Project,
    catalog: Catalog,
    sizing: SizingResult,
    *,
    previous: tuple[Project, SizingResult, VendorsResult] | None = None,
) -> VendorsResult:
    """Judge and score every vendor on the plan's sizing, reusing what did not change.

    Parameters
    ----------
    project : Project
        Vendors, weights, workload, environment, monitoring.
    catalog : Catalog
        Datasheets and network classes.
    sizing : SizingResult
        The plan's sizing (with the measured MFU).
    previous : tuple, optional
        ``(project, sizing, result)`` of the last call. When only the weights
        changed the vendors are scored again on the same judgements; when the
        sizing and the sections a judgement reads are unchanged, only the
        vendors whose object changed are judged again. The result equals a
        full evaluation in every case.

    Returns
    -------
    VendorsResult

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> c = load_catalog()
    >>> p = Project(vendors=[Vendor(name="a", on_demand_cny_per_gpu_hour=10)])
    >>> r = evaluate_vendors(p, c, plan_sizing(p, c))
    >>> r.scoring.winner, sorted(r.judgements)
    ('a', ['a'])
    """
    if not project.vendors:
        return VendorsResult()
    vat = catalog.cost_defaults.vat_rate_services
    try:
        if previous is not None and previous[2].scoring is not None:
            old, old_sizing, old_result = previous
            same_sizing = old_sizing is sizing or old_sizing == sizing
            if (
                same_sizing
                and _same_judging_inputs(old, project)
                and old.vendors is project.vendors
                and old.scoring is project.scoring
            ):
                return old_result  # e.g. a budget edit: nothing scored changed
            if same_sizing and _only_weights_differ(old, project):
                judgements = old_result.judgements
                return VendorsResult(
                    scoring=score_vendors(
                        project.vendors,
                        project.scoring,
                        judgements=judgements,
                        vat_rate=vat,
                    ),
                    judgements=judgements,
                )
            if same_sizing and _same_judging_inputs(old, project):
                before = {v.name: v for v in old.vendors}
                judgements = {
                    v.name: (
                        old_result.judgements[v.name]
                        if before.get(v.name) is v and v.name in old_result.judgements
                        else judge_vendor(project, v, catalog, sizing=sizing)
                    )
                    for v in project.vendors
                }
                return VendorsResult(
                    scoring=score_vendors(
                        project.vendors,
                        project.scoring,
                        judgements=judgements,
                        vat_rate=vat,
                    ),
                    judgements=judgements,
                )
        scoring, judgements = score_project(project, catalog, sizing=sizing)
        return VendorsResult(scoring=scoring, judgements=judgements)
    except (KeyError, ValueError) as exc:
        return VendorsResult(problem=str(exc.args[0]) if exc.args else str(exc))


def merge_measurements(
    project: Project,
    vendor: Vendor,
    measurements: Sequence[Measurement],
    catalog: Catalog,
) -> Vendor:
    """``vendor`` with imported ``measurements`` merged in (the import rule).

    Results from a file imported before are replaced by the new ones from
    that file; results from other files are kept, so each node's folder can
    be imported in turn. ``measured_mfu`` follows the training log
    (:func:`gpu_advisor.engine.evidence.judge.with_measured_mfu`).

    Raises
    ------
    pydantic.ValidationError
        When the merged vendor is not valid.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> m = lambda f, v: Measurement(tool="fio", metric="write", value=v, unit="GB/s", file=f)
    >>> v = Vendor(name="a", measurements=[m("n1/fio.json", 1.0), m("n2/fio.json", 2.0)])
    >>> out = merge_measurements(Project(), v, [m("n1/fio.json", 3.0)], load_catalog())
    >>> [(x.file, x.value) for x in out.measurements]
    [('n2/fio.json', 2.0), ('n1/fio.json', 3.0)]
    """
    files = {m.file for m in measurements}
    kept = [m for m in vendor.measurements if m.file not in files]
    updated = Vendor.model_validate(
        {
            **vendor.model_dump(exclude={"measurements", "measured_mfu"}),
            "measurements": [*kept, *measurements],
        }
    )
    return with_measured_mfu(project, updated, catalog)
