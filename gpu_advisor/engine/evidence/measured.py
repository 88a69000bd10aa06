"""The plan's sizing with the MFU its vendors measured.

Below every other evidence module and :mod:`gpu_advisor.engine.evaluate`:
the expectations, the judgements and the evaluation all size the workload
with :func:`plan_sizing`, so each of them shows the one sizing of the plan.
"""

from __future__ import annotations

from gpu_advisor.engine.evidence.serving_checks import measured_serving
from gpu_advisor.engine.serving.plan import Candidates
from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Advice
from gpu_advisor.model.project import Project
from gpu_advisor.model.serving_plan import MeasuredRun, ServingPlan
from gpu_advisor.model.sizing_results import SizingResult


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


def plan_sizing(
    project: Project,
    catalog: Catalog,
    serving: tuple[ServingPlan | None, list[Advice]] | None = None,
    serving_candidates: Candidates | None = None,
) -> SizingResult:
    """The workload sized as the plan sizes it: with the vendors' measured MFU
    (and their serving runs); ``serving``: the serving plan and its advice when
    the caller already has them for these inputs (:func:`same_serving_inputs`);
    ``serving_candidates``: the replica sizes tried, when only the traffic and
    the calendar changed (:func:`same_replica_inputs`).

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> c = load_catalog()
    >>> plan_sizing(Project(), c) == size_workload(Project().workload, c)
    True
    """
    return size_workload(
        project.workload,
        catalog,
        measured_mfu=measured_mfu_for(project),
        measured_serving=measured_serving_run(project),
        serving=serving,
        serving_candidates=serving_candidates,
    )


def same_serving_inputs(before: Project, after: Project) -> bool:
    """Whether the serving plan of ``before`` is also ``after``'s: the same model,
    card, serving inputs and vendors' serving runs (an edit of the training run,
    the budget or the author's name cannot change it).

    >>> from gpu_advisor.model.project import Workload
    >>> same_serving_inputs(Project(), Project(workload=Workload(tokens_billion=2.0)))
    True
    """
    b, a = before.workload, after.workload
    return (b.serving, b.model_preset, b.shape, b.gpu_id) == (
        a.serving,
        a.model_preset,
        a.shape,
        a.gpu_id,
    ) and (
        before.vendors is after.vendors
        or measured_serving_run(before) == measured_serving_run(after)
    )


PLAN_ONLY_SERVING_FIELDS = frozenset(
    {"traffic", "spare_replicas", "sites", "start_month", "allow_spot"}
)
"""Serving inputs that decide how many replicas run and when, not how fast one is."""


def same_replica_inputs(before: Project, after: Project) -> bool:
    """Whether the replica sizes tried for ``before`` hold for ``after``: the
    same model, card, engine, precisions, lengths and targets (only the
    traffic, spares, sites or calendar may differ).

    >>> from gpu_advisor.model.serving import Serving, Traffic
    >>> a = Project().model_copy(update={"workload": Project().workload.model_copy(
    ...     update={"serving": Serving()})})
    >>> busier = a.workload.model_copy(update={"serving": Serving(
    ...     traffic=Traffic(peak_rps=50.0))})
    >>> same_replica_inputs(a, a.model_copy(update={"workload": busier}))
    True
    """
    b, a = before.workload, after.workload
    if b.serving is None or a.serving is None:
        return False
    kept = [
        f for f in type(a.serving).model_fields if f not in PLAN_ONLY_SERVING_FIELDS
    ]
    return (b.model_preset, b.shape, b.gpu_id) == (
        a.model_preset,
        a.shape,
        a.gpu_id,
    ) and all(getattr(b.serving, f) == getattr(a.serving, f) for f in kept)


def measured_serving_run(project: Project) -> MeasuredRun | None:
    """The vendors' best serving benchmark on the serving card that met the
    plan's targets and states its replica's cards, as the sizing takes it;
    None when the plan does not serve or no such run exists.

    >>> measured_serving_run(Project()) is None
    True
    """
    serving = project.workload.serving
    if serving is None:
        return None
    gpu_id = project.workload.gpu_id  # the plan serves on the card it prices
    best = measured_serving(project, gpu_id)
    if best is None or not best.judged or best.gpus is None or best.requests_per_s <= 0:
        return None
    return MeasuredRun(
        vendor=best.vendor,
        file=best.file,
        gpus=best.gpus,
        requests_per_s=best.requests_per_s,
        output_tokens_per_s=best.output_tokens_per_s,
        ttft_ms=best.ttft_ms,
        tpot_ms=best.tpot_ms,
    )
