"""Weighted scoring matrix over the candidate vendors, and how robust its winner is.

Nine criteria, each scored 0–100 by a stated rule (:data:`RULES`), weighted
by the project's editable :class:`~gpu_advisor.model.project.ScoringWeights`:

========== ==================================================================
price      lowest CNY per GPU-hour = 100, others 100 × lowest / theirs
performance measured: :func:`gpu_advisor.engine.evidence.judge.judge_measurements`
network    measured: inter-node busbw against the need, iperf3 against the quote
sla        99.0 % → 0 … 99.99 % → 100, linear
replacement ≤ 4 h → 100 … ≥ 72 h → 0, linear
power      unknown 0, single UPS 40, dual feed 80, dual feed + generator 100
spares     spare cards on site 100, otherwise 0
compliance 25 each: VPC, access logs, encryption, audit report
contract   20 each: exclusive resources, exclusive network, failure
           compensation, deposit refund, acceptance test
========== ==================================================================

An unknown answer scores 0: a vendor that will not say gets no credit, as
the seeds advise (measured numbers beat brochure numbers; put it in the
contract). The total is Σ wᵢ·sᵢ / Σ wᵢ. For each weight,
:func:`weight_sensitivity` finds how many weight points it must move, up or
down within 0–100, before another vendor wins.

References
----------
Triantaphyllou, "Multi-Criteria Decision Making Methods: A Comparative
Study", Springer, 2000, ch. 2 (weighted sum model) and ch. 9 (sensitivity of
the weighted sum model to changes in one weight).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Final

from pydantic import Field

from gpu_advisor.engine.evidence.checks import not_accepted, reason_order
from gpu_advisor.engine.evidence.judge import VendorJudgement
from gpu_advisor.model.common import Frozen, Message
from gpu_advisor.model.project import PowerRedundancy, ScoringWeights, Vendor

HOURS_PER_MONTH: Final = 730.0
"""Average hours in a month (8,760 / 12), to turn a monthly card price into CNY per card-hour."""

SLA_ZERO_PCT: Final = 99.0
SLA_FULL_PCT: Final = 99.99
REPLACEMENT_FULL_HOURS: Final = 4.0
REPLACEMENT_ZERO_HOURS: Final = 72.0
POWER_POINTS: Final = {
    PowerRedundancy.UNKNOWN: 0.0,
    PowerRedundancy.SINGLE_UPS: 40.0,
    PowerRedundancy.DUAL_FEED: 80.0,
    PowerRedundancy.DUAL_FEED_GENERATOR: 100.0,
}
COMPLIANCE_FIELDS: Final = ("vpc", "access_logs", "encryption", "audit_report")
CONTRACT_FIELDS: Final = (
    "exclusive_resources_clause",
    "exclusive_network",
    "failure_compensation_clause",
    "deposit_refund_clause",
    "acceptance_test_clause",
)


class Criterion(StrEnum):
    """The scoring criteria; the values are the ``ScoringWeights`` field names."""

    PRICE = "price"
    PERFORMANCE = "performance"
    NETWORK = "network"
    SLA = "sla"
    REPLACEMENT = "replacement"
    POWER = "power"
    SPARES = "spares"
    COMPLIANCE = "compliance"
    CONTRACT = "contract"


RULES: Final[dict[Criterion, Message]] = {
    c: Message(code=f"evidence.rule.{c.value}") for c in Criterion
} | {
    Criterion.SLA: Message(
        code="evidence.rule.sla",
        params={"zero_pct": SLA_ZERO_PCT, "full_pct": SLA_FULL_PCT},
    ),
    Criterion.REPLACEMENT: Message(
        code="evidence.rule.replacement",
        params={
            "full_hours": REPLACEMENT_FULL_HOURS,
            "zero_hours": REPLACEMENT_ZERO_HOURS,
        },
    ),
}
"""The rule behind each criterion's 0–100 score (catalog ``evidence.rule.*``)."""


class Acceptance(StrEnum):
    """A vendor on the acceptance tests: every imported test passed, a
    required test failed or not run (held back), or no results yet."""

    PASSED = "passed"
    NOT_ACCEPTED = "not_accepted"
    NOT_TESTED = "not_tested"


class CriterionScore(Frozen):
    criterion: Criterion
    score: float = Field(..., ge=0, le=100)
    input: Message = Field(
        ...,
        description="The input the score came from (catalog ``evidence.input.*``), "
        "e.g. a price worded '8.22 CNY/GPU-h'.",
    )
    rule: Message = Field(..., description="How the score is given.")


class VendorScore(Frozen):
    vendor: str
    rank: int = Field(..., ge=1)
    total: float = Field(..., ge=0, le=100)
    scores: list[CriterionScore]
    held_back: Message | None = Field(
        None,
        description="Why the vendor is ranked behind every vendor whose hardware "
        "passed (a failed or incomplete acceptance test, :func:`held_back`); None "
        "when not.",
    )
    acceptance: Acceptance = Field(
        Acceptance.NOT_TESTED,
        description="Passed, not accepted (``held_back`` says why) or not tested "
        "(no results imported): the first line of the vendor's row.",
    )

    def score(self, criterion: Criterion) -> float:
        """This vendor's score on one criterion."""
        return next(s.score for s in self.scores if s.criterion is criterion)


class WeightSensitivity(Frozen):
    """How far one weight must move before the winner changes (None: not within 0–100)."""

    criterion: Criterion
    weight: float
    increase_points: float | None = Field(None, ge=0)
    winner_if_increased: str | None = None
    decrease_points: float | None = Field(None, ge=0)
    winner_if_decreased: str | None = None


class ScoringResult(Frozen):
    weights: dict[Criterion, float]
    vendors: list[VendorScore] = Field(..., description="Ranked, best first.")
    winner: str | None
    sensitivity: list[WeightSensitivity]


def quoted_price_cny_per_gpu_hour(
    vendor: Vendor, vat_rate: float = 0.06
) -> float | None:
    """The cheapest way to pay this vendor's quote, per GPU-hour, VAT included.

    Parameters
    ----------
    vendor : Vendor
        Quote: hourly, monthly and yearly factor (on the monthly price).
    vat_rate : float
        VAT added to quotes that exclude it (6 % on services in China). [1]

    Returns
    -------
    float or None
        min(hourly, monthly / 730, monthly × yearly factor / 730) [CNY/GPU-h];
        None without a quote.

    References
    ----------
    730 h per month = 8,760 h / 12. VAT on modern services: 6 %
    (catalog ``cost_defaults.vat_rate_services``).

    Examples
    --------
    >>> quoted_price_cny_per_gpu_hour(Vendor(name="b", monthly_cny_per_gpu_month=6000,
    ...     yearly_price_factor=0.85))
    6.986301369863014
    """
    prices: list[float] = []
    if vendor.on_demand_cny_per_gpu_hour:
        prices.append(vendor.on_demand_cny_per_gpu_hour)
    if vendor.monthly_cny_per_gpu_month:
        monthly = vendor.monthly_cny_per_gpu_month / HOURS_PER_MONTH
        prices.append(monthly)
        if vendor.yearly_price_factor:
            prices.append(monthly * vendor.yearly_price_factor)
    if not prices:
        return None
    price = min(prices)
    return price if vendor.quote_includes_vat else price * (1.0 + vat_rate)


def _linear(value: float, zero_at: float, full_at: float) -> float:
    """0 at ``zero_at``, 100 at ``full_at``, clamped; works for either direction."""
    fraction = (value - zero_at) / (full_at - zero_at)
    return 100.0 * min(1.0, max(0.0, fraction))


def _input(code: str, **params: str | float | bool | list[str]) -> Message:
    """The input a score came from, as a catalog message ``evidence.input.<code>``."""
    return Message(code=f"evidence.input.{code}", params=params)


_UNKNOWN: Final = _input("unknown")
_NOT_MEASURED: Final = _input("not_measured")


def _flags(
    vendor: Vendor, fields: Sequence[str], points: float
) -> tuple[float, Message]:
    """Points for each yes; the input names the fields answered yes."""
    yes = [name for name in fields if getattr(vendor, name) is True]
    return points * len(yes), _input("clauses", names=yes) if yes else _input("none")


def criterion_scores(
    vendor: Vendor,
    *,
    price_cny_per_gpu_hour: float | None,
    lowest_price_cny_per_gpu_hour: float | None,
    judgement: VendorJudgement | None = None,
) -> list[CriterionScore]:
    """The nine 0–100 scores of one vendor, each with its rule and input.

    Parameters
    ----------
    vendor : Vendor
        Terms and quote.
    price_cny_per_gpu_hour : float or None
        This vendor's price. [CNY/GPU-h]
    lowest_price_cny_per_gpu_hour : float or None
        The lowest price among the vendors compared. [CNY/GPU-h]
    judgement : VendorJudgement, optional
        Measured sub-scores; without it performance and network score 0.

    Examples
    --------
    >>> s = criterion_scores(Vendor(name="x", sla_availability_pct=99.9,
    ...     card_replacement_hours=24), price_cny_per_gpu_hour=10.0,
    ...     lowest_price_cny_per_gpu_hour=8.0)
    >>> [(c.criterion.value, round(c.score, 1)) for c in s][:5]
    [('price', 80.0), ('performance', 0.0), ('network', 0.0), ('sla', 90.9), ('replacement', 70.6)]
    """
    out = {
        **_quote_and_measured_scores(
            price_cny_per_gpu_hour, lowest_price_cny_per_gpu_hour, judgement
        ),
        **_terms_scores(vendor),
    }
    return [
        CriterionScore(
            criterion=c,
            score=min(100.0, max(0.0, out[c][0])),
            input=out[c][1],
            rule=RULES[c],
        )
        for c in Criterion
    ]


def _quote_and_measured_scores(
    price_cny_per_gpu_hour: float | None,
    lowest_price_cny_per_gpu_hour: float | None,
    judgement: VendorJudgement | None,
) -> dict[Criterion, tuple[float, Message]]:
    """Price, performance and network: (score before clamping, its input)."""
    out: dict[Criterion, tuple[float, Message]] = {}
    if price_cny_per_gpu_hour and lowest_price_cny_per_gpu_hour:
        out[Criterion.PRICE] = (
            100.0 * (lowest_price_cny_per_gpu_hour / price_cny_per_gpu_hour),
            _input("price", cny_per_gpu_hour=price_cny_per_gpu_hour),
        )
    else:
        out[Criterion.PRICE] = (0.0, _input("no_quote"))
    perf = judgement.performance_score if judgement else None
    net = judgement.network_score if judgement else None
    out[Criterion.PERFORMANCE] = (
        perf or 0.0,
        _NOT_MEASURED if perf is None else _input("measured", score=perf),
    )
    out[Criterion.NETWORK] = (
        net or 0.0,
        _NOT_MEASURED if net is None else _input("measured", score=net),
    )
    return out


def _terms_scores(vendor: Vendor) -> dict[Criterion, tuple[float, Message]]:
    """SLA, replacement, power, spares, compliance and contract from the vendor's
    answers: (score before clamping, its input); an unknown answer scores 0."""
    out: dict[Criterion, tuple[float, Message]] = {}
    sla = vendor.sla_availability_pct
    out[Criterion.SLA] = (
        (0.0, _UNKNOWN)
        if sla is None
        else (_linear(sla, SLA_ZERO_PCT, SLA_FULL_PCT), _input("sla", pct=sla))
    )
    hours = vendor.card_replacement_hours
    out[Criterion.REPLACEMENT] = (
        (0.0, _UNKNOWN)
        if hours is None
        else (
            _linear(hours, REPLACEMENT_ZERO_HOURS, REPLACEMENT_FULL_HOURS),
            _input("replacement", hours=hours),
        )
    )
    out[Criterion.POWER] = (
        POWER_POINTS[vendor.power_redundancy],
        _input("power", level=vendor.power_redundancy.value),
    )
    spares = vendor.spares_on_site
    out[Criterion.SPARES] = (
        100.0 if spares else 0.0,
        _UNKNOWN if spares is None else _input("spares" if spares else "no_spares"),
    )
    out[Criterion.COMPLIANCE] = _flags(
        vendor, COMPLIANCE_FIELDS, 100.0 / len(COMPLIANCE_FIELDS)
    )
    out[Criterion.CONTRACT] = _flags(
        vendor, CONTRACT_FIELDS, 100.0 / len(CONTRACT_FIELDS)
    )
    return out


def _weights(weights: ScoringWeights) -> dict[Criterion, float]:
    return {c: float(getattr(weights, c.value)) for c in Criterion}


def _total(
    scores: Mapping[Criterion, float], weights: Mapping[Criterion, float]
) -> float:
    weight_sum = sum(weights.values())
    if weight_sum <= 0:
        return 0.0
    return sum(weights[c] * scores[c] for c in Criterion) / weight_sum


def _ranked(
    matrix: Mapping[str, Mapping[Criterion, float]],
    weights: Mapping[Criterion, float],
    held: frozenset[str] = frozenset(),
) -> list[tuple[str, float]]:
    """Vendors by total, best first, those in ``held`` after all others; ties
    keep the input order."""
    order = {name: i for i, name in enumerate(matrix)}
    return sorted(
        ((name, _total(scores, weights)) for name, scores in matrix.items()),
        key=lambda item: (item[0] in held, -round(item[1], 9), order[item[0]]),
    )


def held_back(judgement: VendorJudgement | None) -> Message | None:
    """Why a vendor cannot be ranked ahead of one that passed, or None.

    The one rule of the vendors' ranking, which the vendors step, ``score``
    and the PDF's vendor page render (``VendorScore.held_back``, first in the
    vendor's row): a vendor with a required test failed or not run comes
    after every vendor that passed, whatever the price and the scores.

    * **Failed**: any check whose verdict is FAIL: a diagnostic (one GPU's
      Fail in ``dcgmi diag`` is enough), memory errors, wrong values from a
      collective (nccl-tests ``#wrong`` or ``Out of bounds values`` > 0, or
      its own ``FAILED``), or a figure below the fail line of its threshold,
      such as an intranet at less than half the quoted speed.
    * **Not run**: a required ``dcgmi diag`` test skipped on a GPU
      (:data:`~gpu_advisor.engine.evidence.checks.SKIPPED_TEST`), or a run
      that lists tests it never ran
      (:data:`~gpu_advisor.engine.evidence.checks.INCOMPLETE_TEST`). A
      skipped test is not tested: never a pass.

    Such a vendor did not show that what it sells works as sold; no price or
    score makes up for that. Among the vendors held back, and among those
    that passed, the order is the scores' (:func:`_ranked`). The reason is
    the first such check's message, the hardware's own failures
    (:data:`~gpu_advisor.engine.evidence.checks.ACCEPTANCE_TESTS`) first
    (:func:`~gpu_advisor.engine.evidence.checks.reason_order`).

    Examples
    --------
    >>> held_back(None) is None
    True
    """
    if judgement is None:
        return None
    failed = sorted((c for c in judgement.checks if not_accepted(c)), key=reason_order)
    if not failed:
        return None
    return Message(code="evidence.held_back", params={"reason": failed[0].message})


def acceptance(judgement: VendorJudgement | None) -> Acceptance:
    """Where a vendor stands on the acceptance tests (the first line of its row).

    Examples
    --------
    >>> acceptance(None).value
    'not_tested'
    """
    if judgement is None or not judgement.checks:
        return Acceptance.NOT_TESTED
    if held_back(judgement) is not None:
        return Acceptance.NOT_ACCEPTED
    return Acceptance.PASSED


def weight_sensitivity(
    matrix: Mapping[str, Mapping[Criterion, float]], weights: Mapping[Criterion, float]
) -> list[WeightSensitivity]:
    """For each weight, the smallest move (within 0–100) that changes the winner.

    Parameters
    ----------
    matrix : mapping
        vendor → criterion → score [0–100], in display order (ties go to the
        earlier vendor).
    weights : mapping
        criterion → weight [points, 0–100].

    Returns
    -------
    list of WeightSensitivity
        One per criterion. ``increase_points`` / ``decrease_points`` is the
        move at which another vendor ties the winner (any move beyond it
        hands over the lead); None when no move within 0–100 does.

    Notes
    -----
    With all other weights fixed, vendor u overtakes the winner w when
    Σⱼ wⱼ (s_wj − s_uj) < δ (s_ui − s_wi): both totals share the denominator
    Σ w, so only the numerators matter. Hence δ* = D_u / (s_ui − s_wi), for
    the sign of δ that makes it positive.

    References
    ----------
    Triantaphyllou & Sánchez, "A sensitivity analysis approach for some
    deterministic multi-criteria decision-making methods", Decision Sciences
    28(1), 1997.

    Examples
    --------
    >>> m = {"a": {c: 80.0 for c in Criterion}, "b": {c: 60.0 for c in Criterion}}
    >>> m["b"][Criterion.PRICE] = 100.0
    >>> w = {c: 10.0 for c in Criterion}
    >>> s = weight_sensitivity(m, w)[0]
    >>> s.criterion.value, s.increase_points, s.winner_if_increased, s.decrease_points
    ('price', 70.0, 'b', None)
    """
    ranked = _ranked(matrix, weights)
    out: list[WeightSensitivity] = []
    if len(ranked) < 2:
        return [WeightSensitivity(criterion=c, weight=weights[c]) for c in Criterion]
    winner = ranked[0][0]
    best = matrix[winner]
    for criterion in Criterion:
        up: tuple[float, str] | None = None
        down: tuple[float, str] | None = None
        for name, scores in matrix.items():
            if name == winner:
                continue
            lead = sum(weights[c] * (best[c] - scores[c]) for c in Criterion)
            gap = scores[criterion] - best[criterion]
            if gap > 0:
                delta = max(0.0, lead) / gap
                if weights[criterion] + delta <= 100.0 and (
                    up is None or delta < up[0]
                ):
                    up = (delta, name)
            elif gap < 0:
                delta = max(0.0, lead) / -gap
                if weights[criterion] - delta >= 0.0 and (
                    down is None or delta < down[0]
                ):
                    down = (delta, name)
        out.append(
            WeightSensitivity(
                criterion=criterion,
                weight=weights[criterion],
                increase_points=None if up is None else up[0],
                winner_if_increased=None if up is None else up[1],
                decrease_points=None if down is None else down[0],
                winner_if_decreased=None if down is None else down[1],
            )
        )
    return out


def score_vendors(
    vendors: Sequence[Vendor],
    weights: ScoringWeights,
    *,
    judgements: Mapping[str, VendorJudgement] | None = None,
    prices_cny_per_gpu_hour: Mapping[str, float] | None = None,
    vat_rate: float = 0.06,
) -> ScoringResult:
    """Score and rank the vendors.

    Parameters
    ----------
    vendors : sequence of Vendor
        The candidates (names must be unique).
    weights : ScoringWeights
        Editable weights [points].
    judgements : mapping, optional
        vendor name → :class:`~gpu_advisor.engine.evidence.judge.VendorJudgement`
        (measured performance and network).
    prices_cny_per_gpu_hour : mapping, optional
        vendor name → price from the cost engine [CNY/GPU-h]; replaces
        :func:`quoted_price_cny_per_gpu_hour` for the vendors it names.
    vat_rate : float
        VAT added to quotes that exclude it. [1]

    Returns
    -------
    ScoringResult
        Ranked vendors with per-criterion scores and rules, the winner, and
        the weight sensitivity.

    Examples
    --------
    >>> r = score_vendors([Vendor(name="a", on_demand_cny_per_gpu_hour=10),
    ...                    Vendor(name="b", on_demand_cny_per_gpu_hour=8)], ScoringWeights())
    >>> r.winner, [round(v.total, 1) for v in r.vendors]
    ('b', [30.0, 24.0])
    """
    names = [v.name for v in vendors]
    if len(set(names)) != len(names):
        raise ValueError("vendor names must be unique")
    judgements = judgements or {}
    overrides = prices_cny_per_gpu_hour or {}
    prices = {
        v.name: overrides.get(v.name) or quoted_price_cny_per_gpu_hour(v, vat_rate)
        for v in vendors
    }
    known = [p for p in prices.values() if p]
    lowest = min(known) if known else None
    per_vendor = {
        v.name: criterion_scores(
            v,
            price_cny_per_gpu_hour=prices[v.name],
            lowest_price_cny_per_gpu_hour=lowest,
            judgement=judgements.get(v.name),
        )
        for v in vendors
    }
    matrix = {
        name: {s.criterion: s.score for s in scores}
        for name, scores in per_vendor.items()
    }
    w = _weights(weights)
    reasons = {
        v.name: why for v in vendors if (why := held_back(judgements.get(v.name)))
    }
    held = frozenset(reasons)
    ranked = _ranked(matrix, w, held)
    # the weights can only hand the lead to a vendor of the winner's tier
    contenders = {n: s for n, s in matrix.items() if n not in held} or matrix
    return ScoringResult(
        weights=w,
        vendors=[
            VendorScore(
                vendor=name,
                rank=i,
                total=total,
                scores=per_vendor[name],
                held_back=reasons.get(name),
                acceptance=acceptance(judgements.get(name)),
            )
            for i, (name, total) in enumerate(ranked, start=1)
        ],
        winner=ranked[0][0] if ranked else None,
        sensitivity=weight_sensitivity(contenders, w),
    )
