"""The monthly demand profile: GPU-hours needed in each month of the horizon.

Where it comes from
-------------------
1. ``project.demand.months`` when the user filled it: truncated or padded with
   zeros to ``meta.horizon_months``.
2. Otherwise, when ``project.demand.derive_from_workload`` is true, from the
   sizing result:

   * training tasks (pretraining, full fine-tune, LoRA, QLoRA): the GPU-hours
     *with* the idctop.com articles' ×1.5 redundancy for failed and repeated runs are run on
     the sized card count (the deadline's count when one was given), filling
     whole months from month 1 until the work is done; later months are zero
     (the project file's own profile is the place for follow-on work such as
     serving the model);
   * serving stated by its traffic (``workload.serving``): the card-hours its
     replicas run as they follow the day's curve (``SizingResult.serving``),
     from the month after training ends (month 1 when the plan only serves, or
     the plan's ``serving.start_month``), added to the training months;
   * inference without stated traffic: the sized card count busy all month,
     every month.
3. Otherwise all zeros, with a warning.

References
----------
idctop.com article 002, six-point checklist step 2: estimate the card-hours from comparable
public runs, then multiply by 1.5 for reruns.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH
from gpu_advisor.model.common import Advice
from gpu_advisor.model.project import PhaseKind, Project, TaskKind
from gpu_advisor.model.serving_plan import ServingMonth
from gpu_advisor.model.sizing_results import SizingResult


def spread_training_hours(
    total_gpu_hours: float, gpus: int, horizon_months: int
) -> list[float]:
    """Fill months from the first with ``gpus`` cards busy until the work is done.

    Parameters
    ----------
    total_gpu_hours : float
        Work to do. [GPU-hours]
    gpus : int
        Cards running it. [1]
    horizon_months : int
        Months in the plan. [months]

    Returns
    -------
    list of float
        GPU-hours per month; work beyond the horizon is dropped. [GPU-hours]

    Examples
    --------
    >>> spread_training_hours(10_000, 8, 4)
    [5840.0, 4160.0, 0.0, 0.0]
    """
    if total_gpu_hours < 0 or gpus < 1 or horizon_months < 1:
        raise ValueError("need total_gpu_hours >= 0, gpus >= 1, horizon_months >= 1")
    capacity = gpus * HOURS_PER_MONTH
    months: list[float] = []
    remaining = float(total_gpu_hours)
    for _ in range(horizon_months):
        used = min(remaining, capacity)
        months.append(used)
        remaining -= used
    return months


def derive_demand(
    project: Project, sizing: SizingResult | None
) -> tuple[list[float], str, list[Advice]]:
    """The profile to price, where it came from, and warnings.

    A profile derived from the workload bills the card-hours the job holds its
    cards for: the sized GPU-hours with the ×1.5 redundancy, divided by the
    cluster's scaling efficiency (network and pipeline bubble), so the cost
    agrees with the days the sizing shows (cards × days × 24 h).

    Returns
    -------
    tuple
        ``(gpu_hours_per_month, source, warnings)`` with source ``'project'``,
        ``'workload'`` or ``'none'``.

    Examples
    --------
    >>> from gpu_advisor.model.project import DemandMonth, DemandProfile
    >>> p = Project(demand=DemandProfile(months=[DemandMonth(gpu_hours=100.0)]))
    >>> derive_demand(p, None)[0][:2], derive_demand(p, None)[1]
    ([100.0, 0.0], 'project')
    """
    horizon = project.meta.horizon_months
    if project.demand.months:
        return _from_profile(project, horizon)
    if project.demand.derive_from_workload and sizing is not None:
        return _from_workload(project, sizing, horizon)
    empty = Advice(
        code="demand.empty",
        inputs=["demand.months", "demand.derive_from_workload"],
    )
    return [0.0] * horizon, "none", [empty]


def _from_profile(
    project: Project, horizon: int
) -> tuple[list[float], str, list[Advice]]:
    """The user's monthly profile, truncated or padded with zeros to the horizon."""
    warnings: list[Advice] = []
    hours = [m.gpu_hours for m in project.demand.months]
    if len(hours) > horizon:
        warnings.append(
            Advice(
                code="demand.truncated",
                params={"months": len(hours), "horizon": horizon},
                inputs=["demand.months", "meta.horizon_months"],
            )
        )
    if len(hours) < horizon:
        warnings.append(
            Advice(
                code="demand.padded",
                params={
                    "months": len(hours),
                    "horizon": horizon,
                    "idle": horizon - len(hours),
                },
                inputs=["demand.months", "meta.horizon_months"],
            )
        )
    hours = (hours + [0.0] * horizon)[:horizon]
    return hours, "project", warnings


def _from_workload(
    project: Project, sizing: SizingResult, horizon: int
) -> tuple[list[float], str, list[Advice]]:
    """The sized job's card-hours from month 1 (serving: every month, all month).

    A job longer than the horizon is cut at its end; the plan says so through
    :func:`gpu_advisor.engine.cost.work.work_warnings`.
    """
    warnings: list[Advice] = []
    gpus = max(1, sizing.cluster.gpus_for_deadline or sizing.cluster.gpus)
    training = _training_hours(project, sizing, horizon)
    calendar = serving_calendar(project, sizing, horizon)
    if calendar is not None:
        hours = [
            t + m.gpu_hours for t, m in zip(training, calendar.months, strict=True)
        ]
        return hours, "workload", warnings
    if project.workload.task is TaskKind.INFERENCE:
        return [gpus * HOURS_PER_MONTH] * horizon, "workload", warnings
    return training, "workload", warnings


def _training_hours(
    project: Project, sizing: SizingResult, horizon: int
) -> list[float]:
    """The training job's card-hours by month (none when the plan only serves)."""
    if project.workload.task is TaskKind.INFERENCE:
        return [0.0] * horizon
    gpus = max(1, sizing.cluster.gpus_for_deadline or sizing.cluster.gpus)
    efficiency = min(1.0, max(sizing.cluster.scaling_efficiency, 1e-3))
    total = sizing.compute.gpu_hours_with_redundancy / efficiency
    return spread_training_hours(total, gpus, horizon)


_FIGURES = ("gpu_hours", "requests", "input_tokens", "output_tokens")


@dataclass(frozen=True, slots=True)
class ServingCalendar:
    """The serving months placed in the plan's calendar (zeros before the start)."""

    start_month: int
    """First month of serving; past the horizon when it never starts. [month]"""
    months: tuple[ServingMonth, ...]
    """One per month of the horizon, ``month`` = the plan's month."""

    @property
    def peak_gpus(self) -> tuple[int, ...]:
        """Cards each month's busiest hour needs (a reserved contract's floor). [1]"""
        return tuple(m.peak_gpus for m in self.months)

    def month_curves(self, demand: list[float]) -> tuple[tuple[float, ...], ...]:
        """Per month of ``demand``, the cards running each hour of its day: the
        replicas plus the month's other work spread evenly; empty for a month
        that does not serve. [1]

        >>> m = ServingMonth(month=1, gpu_hours=730.0, peak_gpus=2, requests=0.0,
        ...                  input_tokens=0.0, output_tokens=0.0, hourly_gpus=[0, 2] * 12)
        >>> ServingCalendar(1, (m,)).month_curves([730.0 + 730.0 * 8])[0][:2]
        (8.0, 10.0)
        """
        return tuple(
            tuple(
                n + max(d - m.gpu_hours, 0.0) / HOURS_PER_MONTH for n in m.hourly_gpus
            )
            if m.hourly_gpus
            else ()
            for m, d in zip(self.months, demand, strict=True)
        )


def serving_calendar(
    project: Project, sizing: SizingResult, horizon: int
) -> ServingCalendar | None:
    """Where the serving months fall: from the plan's start month, or the month
    after the training job's last, or month 1 when the plan only serves; None
    when the plan states no serving traffic or types its own profile.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.engine.sizing.size import size_workload
    >>> from gpu_advisor.model.project import Workload
    >>> p = Project(workload=Workload())
    >>> serving_calendar(p, size_workload(p.workload, load_catalog()), 12) is None
    True
    """
    serving = project.workload.serving
    plan = sizing.serving
    if serving is None or plan is None or project.demand.months:
        return None
    if serving.start_month is not None:
        start = serving.start_month
    elif project.workload.task is TaskKind.INFERENCE:
        start = 1
    else:
        training = _training_hours(project, sizing, horizon)
        start = 1 + max((i + 1 for i, h in enumerate(training) if h > 0), default=0)
    months = []
    for month in range(1, horizon + 1):
        k = month - start
        src = plan.months[k] if 0 <= k < len(plan.months) else None
        figures = (
            src.model_dump(exclude={"month"})
            if src is not None
            else dict.fromkeys(_FIGURES, 0.0) | {"peak_gpus": 0, "hourly_gpus": []}
        )
        months.append(ServingMonth(month=month, **figures))
    return ServingCalendar(start, tuple(months))


def phase_allows_spot(phase: PhaseKind, spot_allowed: bool | None = None) -> bool:
    """Whether a month of ``phase`` may run on spot instances.

    Serving (inference) never does: a reclaimed instance drops users'
    requests. Other phases follow the month's own ``spot_allowed`` and
    tolerate spot by default (a training run restarts from its last
    checkpoint; whether the project checkpoints is checked where the bursts
    are priced).

    >>> phase_allows_spot(PhaseKind.INFERENCE, True), phase_allows_spot(PhaseKind.PRETRAIN)
    (False, True)
    >>> phase_allows_spot(PhaseKind.FINETUNE, False)
    False
    """
    if phase is PhaseKind.INFERENCE:
        return False
    return True if spot_allowed is None else spot_allowed


def spot_forbidden_months(
    project: Project, horizon_months: int, serving: ServingCalendar | None = None
) -> tuple[bool, ...]:
    """Per month, True when the month's phase tolerates no spot instances.

    See :func:`phase_allows_spot`; months past the profile tolerate spot
    (they have no demand). With serving stated by its traffic (``serving``),
    the months it runs, unless the plan allows spot for serving.

    Examples
    --------
    >>> from gpu_advisor.model.project import DemandMonth, DemandProfile, PhaseKind
    >>> months = [DemandMonth(gpu_hours=1.0, phase=PhaseKind.PRETRAIN),
    ...           DemandMonth(gpu_hours=1.0, phase=PhaseKind.INFERENCE),
    ...           DemandMonth(gpu_hours=1.0, spot_allowed=False)]
    >>> spot_forbidden_months(Project(demand=DemandProfile(months=months)), 4)
    (False, True, True, False)
    """
    if project.demand.months:
        flags = [
            not phase_allows_spot(m.phase, m.spot_allowed)
            for m in project.demand.months
        ]
        return tuple((flags + [False] * horizon_months)[:horizon_months])
    if serving is not None:
        spot_ok = (
            project.workload.serving is not None and project.workload.serving.allow_spot
        )
        return tuple(m.gpu_hours > 0 and not spot_ok for m in serving.months)
    serves = project.workload.task is TaskKind.INFERENCE
    return (serves,) * horizon_months
