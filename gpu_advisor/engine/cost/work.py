"""Whether the priced demand pays for the sized job.

The options are priced on the demand profile (typed by the user or filled
from the workload); the job is sized by :mod:`gpu_advisor.engine.sizing`. When
the two disagree, a total is the cost of part of the job, not of the plan:
the recommendation then says so instead of naming a total "in total".

The job's card-hours are the ones :func:`~gpu_advisor.engine.cost.demand.derive_demand`
bills when it fills the profile itself — the sized GPU-hours with the ×1.5
redundancy over the cluster's scaling efficiency — so a filled profile always
covers the job unless the horizon cuts it. A typed profile covers the job with
its training and experiment months; serving months cannot run a training job.
A serving workload has no end, so its priced hours are its work.
"""

from __future__ import annotations

import math
from typing import Final

from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH
from gpu_advisor.model.common import Advice, Message, Severity
from gpu_advisor.model.cost_results import DemandExtension, Work
from gpu_advisor.model.project import DemandMonth, PhaseKind, Project, TaskKind
from gpu_advisor.model.sizing_results import SizingResult

COVERED_SHARE: Final = 0.98
"""Share of the job the priced demand must hold for the totals to count as
the job's cost (2 % allows for rounding a profile to whole cards and months)."""

TRAINING_PHASES: Final = frozenset(
    {PhaseKind.PRETRAIN, PhaseKind.FINETUNE, PhaseKind.EXPERIMENTS}
)
"""Phases of a typed profile a training job can run in."""


def job_gpu_hours(sizing: SizingResult) -> float:
    """Card-hours the sized training job holds its cards for. [GPU-hours]

    >>> from types import SimpleNamespace as N
    >>> s = N(compute=N(gpu_hours_with_redundancy=900.0), cluster=N(scaling_efficiency=0.9))
    >>> job_gpu_hours(s)
    1000.0
    """
    efficiency = min(1.0, max(sizing.cluster.scaling_efficiency, 1e-3))
    return sizing.compute.gpu_hours_with_redundancy / efficiency


def priced_job_hours(project: Project, demand: list[float], source: str) -> float:
    """Priced card-hours the job can run in. [GPU-hours]

    >>> from gpu_advisor.model.project import DemandMonth, DemandProfile
    >>> months = [DemandMonth(gpu_hours=10.0, phase=PhaseKind.PRETRAIN),
    ...           DemandMonth(gpu_hours=5.0, phase=PhaseKind.INFERENCE)]
    >>> p = Project(demand=DemandProfile(months=months))
    >>> priced_job_hours(p, [10.0, 5.0], "project"), priced_job_hours(p, [10.0, 5.0], "workload")
    (10.0, 15.0)
    """
    if source != "project":
        return float(sum(demand))
    phases = [m.phase for m in project.demand.months]
    return float(
        sum(
            hours
            for hours, phase in zip(demand, phases, strict=False)
            if phase in TRAINING_PHASES
        )
    )


def work_coverage(
    project: Project,
    sizing: SizingResult | None,
    demand: list[float],
    source: str,
    serving_hours: float = 0.0,
) -> Work | None:
    """The sized job against the priced demand; None without a sizing or demand.

    ``serving_hours``: the card-hours of serving stated by its traffic inside a
    profile filled from the workload; they serve users, not the job.
    """
    if sizing is None or source == "none":
        return None
    if project.workload.task is TaskKind.INFERENCE:
        served = float(sum(demand))
        return Work(
            sized_gpu_hours=served, priced_gpu_hours=served, covered=1.0, complete=True
        )
    sized = job_gpu_hours(sizing)
    priced = max(0.0, priced_job_hours(project, demand, source) - serving_hours)
    # to nine places: a profile filled from the job minus its serving months
    # is the job's hours again up to rounding
    covered = 1.0 if sized <= 0 else min(1.0, round(priced / sized, 9))
    deadline = project.workload.deadline_days
    late = deadline is not None and sizing.cluster.days > deadline * (1 + 1e-9)
    cards = max(1, sizing.cluster.gpus_for_deadline or sizing.cluster.gpus)
    return Work(
        sized_gpu_hours=sized,
        priced_gpu_hours=priced,
        covered=covered,
        days=sizing.cluster.days,
        deadline_days=deadline,
        complete=covered >= COVERED_SHARE and not late,
        extension=None
        if covered >= COVERED_SHARE
        else extend_demand(project, sized - priced, cards, source),
    )


MAX_HORIZON_MONTHS: Final = 120
"""Longest horizon a plan may have (``ProjectMeta.horizon_months``). [months]"""

MAX_MONTH_GPU_HOURS: Final = 1e10
"""Most GPU-hours one month of a profile may hold (``DemandMonth.gpu_hours``)."""


def extend_demand(
    project: Project, missing: float, cards: int, source: str
) -> DemandExtension | None:
    """The demand that pays for ``missing`` more card-hours of the job.

    The job runs on its ``cards`` all month (``cards × 730`` GPU-hours): the
    profile's training months are first raised to that, month 1 first; what
    is still missing goes into new months of the same phase, inserted after
    the last training month (a pre-training run before its serving months),
    and the horizon grows by as many months. A profile filled from the
    workload only needs the longer horizon. None when the horizon would pass
    :data:`MAX_HORIZON_MONTHS`.

    Examples
    --------
    >>> from gpu_advisor.model.project import DemandProfile, ProjectMeta
    >>> typed = [DemandMonth(gpu_hours=730.0, phase=PhaseKind.PRETRAIN),
    ...          DemandMonth(gpu_hours=100.0, phase=PhaseKind.INFERENCE)]
    >>> p = Project(meta=ProjectMeta(horizon_months=2), demand=DemandProfile(months=typed))
    >>> e = extend_demand(p, 3 * 730.0, 2, "project")
    >>> [m.gpu_hours for m in e.months], e.horizon_months, e.added_months
    ([1460.0, 1460.0, 100.0], 3, 1)
    >>> extend_demand(p, 3 * 730.0, 2, "workload").horizon_months
    4
    """
    capacity = cards * HOURS_PER_MONTH
    horizon = project.meta.horizon_months
    if not (0 < missing < MAX_MONTH_GPU_HOURS * MAX_HORIZON_MONTHS) or capacity <= 0:
        return None
    if capacity > MAX_MONTH_GPU_HOURS:
        return None  # no month of the profile can hold the job's cards
    if source != "project":
        months = horizon + math.ceil(missing / capacity - 1e-9)
        if months > MAX_HORIZON_MONTHS:
            return None
        return DemandExtension(
            months=[],
            horizon_months=months,
            added_gpu_hours=missing,
            added_months=months - horizon,
        )
    typed = list(project.demand.months[:horizon])
    typed += [DemandMonth(gpu_hours=0.0)] * (horizon - len(typed))
    left, out = missing, []
    for month in typed:
        room = capacity - month.gpu_hours if month.phase in TRAINING_PHASES else 0.0
        more = min(max(room, 0.0), left)
        left -= more
        out.append(month.model_copy(update={"gpu_hours": month.gpu_hours + more}))
    training = [i for i, m in enumerate(typed) if m.phase in TRAINING_PHASES]
    phase = typed[training[-1]].phase if training else _job_phase(project)
    at = training[-1] + 1 if training else 0
    count = math.ceil(left / capacity - 1e-9)
    if horizon + count > MAX_HORIZON_MONTHS:
        return None  # checked before any month is made
    added = [
        DemandMonth(gpu_hours=min(capacity, left - k * capacity), phase=phase)
        for k in range(count)
    ]
    return DemandExtension(
        months=out[:at] + added + out[at:],
        horizon_months=horizon + len(added),
        added_gpu_hours=missing,
        added_months=len(added),
    )


def _extend_message(work: Work) -> Message:
    """What extending the demand would add (``work.extend``), or that it
    cannot within the longest horizon (``work.no_extension``)."""
    ext = work.extension
    if ext is None:
        return Message(code="work.no_extension", params={"max": MAX_HORIZON_MONTHS})
    return Message(
        code="work.extend",
        params={
            "added": ext.added_gpu_hours,
            "months": ext.added_months,
            "horizon": ext.horizon_months,
        },
    )


def _job_phase(project: Project) -> PhaseKind:
    """The phase the plan's training job runs in (fine-tuning or pre-training)."""
    if project.workload.task in (TaskKind.LORA, TaskKind.QLORA, TaskKind.FULL_FINETUNE):
        return PhaseKind.FINETUNE
    return PhaseKind.PRETRAIN


def work_warnings(work: Work | None, gpus: int, needed: int | None) -> list[Advice]:
    """What the plan must say when its totals are not the job's cost.

    ``needed`` is the sizing's card count that meets the deadline (None: none does).
    """
    if work is None or work.complete:
        return []
    found: list[Advice] = []
    if work.covered < COVERED_SHARE:
        found.append(
            Advice(
                code="work.incomplete",
                severity=Severity.ERROR,
                params={
                    "share": work.covered,
                    "priced": work.priced_gpu_hours,
                    "sized": work.sized_gpu_hours,
                    "extend": _extend_message(work),
                },
                inputs=[
                    "demand.months",
                    "meta.horizon_months",
                    "workload.tokens_billion",
                ],
            )
        )
    deadline, days = work.deadline_days, work.days
    if deadline is not None and days is not None and days > deadline * (1 + 1e-9):
        found.append(
            Advice(
                code="work.late" if needed is not None else "work.late_no_count",
                severity=Severity.ERROR,
                params={
                    "days": work.days,
                    "gpus": gpus,
                    "deadline": work.deadline_days,
                    "needed": needed or 0,
                },
                inputs=["workload.deadline_days", "workload.gpus"],
            )
        )
    return found
