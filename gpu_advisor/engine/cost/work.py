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

from typing import Final

from gpu_advisor.model.common import Advice, Severity
from gpu_advisor.model.cost_results import Work
from gpu_advisor.model.project import PhaseKind, Project, TaskKind
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
    project: Project, sizing: SizingResult | None, demand: list[float], source: str
) -> Work | None:
    """The sized job against the priced demand; None without a sizing or demand."""
    if sizing is None or source == "none":
        return None
    if project.workload.task is TaskKind.INFERENCE:
        served = float(sum(demand))
        return Work(
            sized_gpu_hours=served, priced_gpu_hours=served, covered=1.0, complete=True
        )
    sized = job_gpu_hours(sizing)
    priced = priced_job_hours(project, demand, source)
    covered = 1.0 if sized <= 0 else min(1.0, priced / sized)
    deadline = project.workload.deadline_days
    late = deadline is not None and sizing.cluster.days > deadline * (1 + 1e-9)
    return Work(
        sized_gpu_hours=sized,
        priced_gpu_hours=priced,
        covered=covered,
        days=sizing.cluster.days,
        deadline_days=deadline,
        complete=covered >= COVERED_SHARE and not late,
    )


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
