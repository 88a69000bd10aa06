"""From traffic to cards: replicas every hour, GPU-hours and tokens every month.

A plan states its traffic at the busiest hour (or as daily active users, their
requests a day and the shape of the day), the months it grows and when serving
starts. What one replica serves at the latency targets comes from the
performance model (``ReplicaPerformance.requests_per_s``). This module does the
counting, nothing else:

* the day's curve: 24 shares of the day's requests (:data:`CURVES`, or the
  plan's own), the busiest hour carrying the peak rate;
* replicas in an hour: every site carries the whole rate alone, with
  ``ceil(rate / goodput)`` replicas, at least one (a service is never off), plus
  the spares (N+1: one);
* a month: its day repeated over 730 / 24 days, the rate grown by
  ``(1 + growth) ** (months since serving started)``; its GPU-hours are the
  replicas running each hour times the replica's cards (what a rental that
  follows the curve bills), its peak cards the busiest hour's (what a
  reserved contract or an owned fleet must hold).

The shapes of the day are stylised conventions, not measurements: published
traces of a large LLM service (BurstGPT, Wang et al., arXiv:2401.17644, Azure
OpenAI regional traces) show conversation traffic following the working day
and API traffic much flatter; a plan with its own logs types its 24 shares.
"""

from __future__ import annotations

import math

from gpu_advisor.model.serving import (
    HOURS_A_DAY,
    HOURS_PER_MONTH,
    DailyCurve,
    Serving,
    Traffic,
)
from gpu_advisor.model.serving_plan import ServingMonth

DAYS_PER_MONTH = HOURS_PER_MONTH / HOURS_A_DAY
"""30.4 days. [day]"""

_OFFICE = (
    1, 1, 1, 1, 1, 2, 3, 6, 9, 11, 12, 11, 8, 10, 12, 12, 11, 9, 6, 5, 4, 3, 2, 1,
)  # fmt: skip
_EVENING = (
    4, 2, 1, 1, 1, 1, 2, 3, 5, 6, 6, 6, 7, 6, 6, 6, 6, 7, 8, 10, 12, 12, 11, 7,
)  # fmt: skip

CURVES: dict[DailyCurve, tuple[float, ...]] = {
    DailyCurve.OFFICE: tuple(w / sum(_OFFICE) for w in _OFFICE),
    DailyCurve.EVENING: tuple(w / sum(_EVENING) for w in _EVENING),
    DailyCurve.FLAT: (1 / HOURS_A_DAY,) * HOURS_A_DAY,
}
"""Share of the day's requests in each local hour 00–23 (each sums to 1).
Office: working hours, peaks late morning and mid afternoon, a lunch dip,
quiet at night (busiest hour 10.6 % of the day, 2.5 × the mean hour); evening:
a consumer app busiest 20:00–22:00 (10.3 %, 2.5 ×); flat: machines calling an
API around the clock (4.2 %, 1 ×)."""


def day_shares(traffic: Traffic) -> tuple[float, ...]:
    """The 24 hourly shares of the day's requests, summing to 1.

    >>> shares = day_shares(Traffic(curve=DailyCurve.FLAT))
    >>> len(shares), round(sum(shares), 12)
    (24, 1.0)
    >>> typed = Traffic(curve=DailyCurve.TYPED, hourly_shares=[0.0] * 23 + [2.0])
    >>> day_shares(typed)[-1]
    1.0
    """
    if traffic.curve is DailyCurve.TYPED:
        total = sum(traffic.hourly_shares)
        return tuple(s / total for s in traffic.hourly_shares)
    return CURVES[traffic.curve]


def hourly_rates(traffic: Traffic) -> tuple[float, ...]:
    """Requests per second in each hour of the first serving month's day.

    The typed peak rate is the busiest hour's; from daily active users, the
    day's requests spread by the curve, each hour's evenly over its 3,600 s.

    >>> rates = hourly_rates(Traffic(peak_rps=200.0))
    >>> max(rates), round(min(rates), 1)
    (200.0, 16.7)
    >>> users = Traffic(peak_rps=None, daily_active_users=86_400, requests_per_user_per_day=1.0,
    ...                 curve=DailyCurve.FLAT)
    >>> hourly_rates(users)[0]
    1.0
    """
    shares = day_shares(traffic)
    if traffic.peak_rps is not None:
        top = max(shares)
        return tuple(traffic.peak_rps * s / top for s in shares)
    users = traffic.daily_active_users or 0
    per_day = users * traffic.requests_per_user_per_day
    return tuple(per_day * s / 3600.0 for s in shares)


def replicas_for(rate_rps: float, goodput_rps: float, serving: Serving) -> int:
    """Replicas running at ``rate_rps``: every site carries it alone, plus spares.

    >>> s = Serving()
    >>> replicas_for(0.0, 2.0, s), replicas_for(3.0, 2.0, s), replicas_for(4.0, 2.0, s)
    (2, 3, 3)
    >>> replicas_for(4.0, 2.0, Serving(sites=2, spare_replicas=0))
    4
    """
    if goodput_rps <= 0:
        raise ValueError("a replica that serves nothing cannot carry traffic")
    per_site = max(1, math.ceil(rate_rps / goodput_rps - 1e-9))
    return serving.sites * per_site + serving.spare_replicas


def serving_months(
    serving: Serving,
    goodput_rps: float,
    gpus_per_replica: int,
    start_month: int,
    horizon_months: int,
) -> list[ServingMonth]:
    """Every month of the horizon: card-hours, peak cards, requests and tokens.

    Months before ``start_month`` are zero; the traffic grows from the start.

    >>> months = serving_months(Serving(traffic=Traffic(curve=DailyCurve.FLAT)), 2.5, 2, 2, 3)
    >>> [(m.gpu_hours, m.peak_gpus) for m in months]
    [(0.0, 0), (7300.0, 10), (7300.0, 10)]
    >>> round(months[1].requests / 1e6, 2), round(months[1].output_tokens / 1e9, 2)
    (26.28, 7.88)
    """
    if gpus_per_replica < 1:
        raise ValueError("a replica has at least one card")
    day = hourly_rates(serving.traffic)
    out: list[ServingMonth] = []
    for month in range(1, horizon_months + 1):
        if month < start_month:
            out.append(
                ServingMonth(
                    month=month,
                    gpu_hours=0.0,
                    peak_gpus=0,
                    requests=0.0,
                    input_tokens=0.0,
                    output_tokens=0.0,
                )
            )
            continue
        grown = (1.0 + serving.traffic.monthly_growth) ** (month - start_month)
        rates = [r * grown for r in day]
        replicas = [replicas_for(r, goodput_rps, serving) for r in rates]
        requests = sum(rates) * 3600.0 * DAYS_PER_MONTH
        out.append(
            ServingMonth(
                month=month,
                gpu_hours=sum(replicas) * gpus_per_replica * DAYS_PER_MONTH,
                peak_gpus=max(replicas) * gpus_per_replica,
                hourly_gpus=[n * gpus_per_replica for n in replicas],
                requests=requests,
                input_tokens=requests * serving.prompt_tokens,
                output_tokens=requests * serving.output_tokens,
            )
        )
    return out
