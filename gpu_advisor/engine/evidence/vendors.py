"""The vendors step of a plan: every vendor judged on the plan's sizing, then scored.

:func:`score_project` judges each vendor on its stored measurements
(:func:`~gpu_advisor.engine.evidence.judge.judge_vendor`) and scores them
(:func:`~gpu_advisor.engine.evidence.scoring.score_vendors`);
:func:`evaluate_vendors` does the same for the evaluation, reusing the
judgements an edit left unchanged; :func:`merge_measurements` is the rule
for importing results into a vendor; :func:`plan_sizing` (from
:mod:`~gpu_advisor.engine.evidence.measured`) sizes the workload as the plan
does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import Field

from gpu_advisor.engine.evidence.expectations import expectations_for
from gpu_advisor.engine.evidence.judge import (
    VendorJudgement,
    judge_measurements,
    judge_vendor,
)
from gpu_advisor.engine.evidence.measured import plan_sizing as plan_sizing
from gpu_advisor.engine.evidence.mfu import with_measured_mfu
from gpu_advisor.engine.evidence.runs import MeasuredFigure, measured_figures
from gpu_advisor.engine.evidence.scoring import ScoringResult, score_vendors
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


class VendorsResult(Frozen):
    """The vendors step of one plan: judgements, scores and weight sensitivity.

    Every vendor is judged on the plan's own sizing (``sizing``), the one the
    workload and cost steps show. ``problem`` holds the message when scoring
    was refused (e.g. two vendors with the same name); ``scoring`` is then
    None. ``measured`` holds each vendor's test figures by the one rule for
    repeated runs (:mod:`gpu_advisor.engine.evidence.runs`: the worst
    complete run counts, every run listed), the figures the charts, the
    checklist and the PDF show.
    """

    scoring: ScoringResult | None = None
    judgements: dict[str, VendorJudgement] = Field(default_factory=dict)
    problem: str = ""
    measured: dict[str, list[MeasuredFigure]] = Field(default_factory=dict)


def _same_items(a: Sequence[Measurement], b: Sequence[Measurement]) -> bool:
    """The same measurement objects in the same order (a validated copy of a
    vendor keeps its measurement objects in a new list)."""
    return a is b or (
        len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))
    )


def _measured(
    vendors: Sequence[Vendor], before: Mapping[str, Vendor], old: VendorsResult | None
) -> dict[str, list[MeasuredFigure]]:
    """Each vendor's figures; a vendor whose measurements are the same objects
    as before keeps its figure objects."""
    out: dict[str, list[MeasuredFigure]] = {}
    for v in vendors:
        prior = before.get(v.name)
        if (
            old is not None
            and prior is not None
            and _same_items(prior.measurements, v.measurements)
            and v.name in old.measured
        ):
            out[v.name] = old.measured[v.name]
        else:
            out[v.name] = measured_figures(v.measurements)
    return out


def evaluate_vendors(
    project: Project,
    catalog: Catalog,
    sizing: SizingResult,
    *,
    previous: tuple[Project, VendorsResult] | None = None,
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
        ``(project, result)`` of an earlier call for the same plan. A
        judgement is a function of the vendor's name, its measurements and
        its expectations (:func:`~gpu_advisor.engine.evidence.judge.judge_vendor`):
        a vendor whose measurements are the same objects and whose
        expectations are equal keeps its judgement; when every judgement,
        the vendors and the weights are kept, so is the whole result. The
        result equals one without ``previous`` in every case.

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
    >>> evaluate_vendors(p, c, plan_sizing(p, c), previous=(p, r)) is r
    True
    """
    if not project.vendors:
        return VendorsResult()
    old_project, old = previous if previous is not None else (None, None)
    before = {} if old_project is None else {v.name: v for v in old_project.vendors}
    measured = _measured(project.vendors, before, old)
    try:
        judgements: dict[str, VendorJudgement] = {}
        kept = old is not None and old.scoring is not None
        for v in project.vendors:
            exp = expectations_for(project, v, catalog, sizing=sizing)
            prior = before.get(v.name)
            judged = None if old is None else old.judgements.get(v.name)
            if (
                judged is not None
                and prior is not None
                and _same_items(prior.measurements, v.measurements)
                and judged.expectations == exp
            ):
                judgements[v.name] = judged
            else:
                judgements[v.name] = judge_measurements(v.name, v.measurements, exp)
                kept = False
        if (
            kept
            and old is not None
            and old_project is not None
            and old_project.vendors is project.vendors
            and old_project.scoring is project.scoring
            and len(judgements) == len(old.judgements)
        ):
            return old  # e.g. a budget edit: nothing scored changed
        scoring = score_vendors(
            project.vendors,
            project.scoring,
            judgements=judgements,
            vat_rate=catalog.cost_defaults.vat_rate_services,
        )
        return VendorsResult(scoring=scoring, judgements=judgements, measured=measured)
    except (KeyError, ValueError) as exc:
        return VendorsResult(
            problem=str(exc.args[0]) if exc.args else str(exc), measured=measured
        )


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
