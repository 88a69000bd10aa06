"""Judge a vendor's measured results against what its hardware should deliver.

Pure functions. :func:`judge_measurements` compares the imported
:class:`~gpu_advisor.model.project.Measurement` objects with the expected
values (:func:`~gpu_advisor.engine.evidence.expectations.expectations_for`)
and returns one :class:`~gpu_advisor.engine.evidence.checks.Check` per test
and node (pass / warn / fail, threshold shown), plus the performance and
network sub-scores used by :mod:`gpu_advisor.engine.evidence.scoring`;
:func:`judge_vendor` does so for one vendor of a project.

The checks come from :mod:`.network_checks` (NCCL, iperf3),
:mod:`.node_checks` (fio, GPU health, DCGM, dmon, probe) and :mod:`.mfu`
(the training job's measured MFU, which replaces the catalog's guess for this
vendor) and :mod:`.serving_checks` (serving benchmarks against the plan's
latency targets); this module runs them all and weighs them into the two sub-scores.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Final

from pydantic import Field

from gpu_advisor.engine.evidence.checks import Check, Verdict, stated_by_file, worst
from gpu_advisor.engine.evidence.expectations import Expectations, expectations_for
from gpu_advisor.engine.evidence.mfu import _mfu_check
from gpu_advisor.engine.evidence.network_checks import _iperf_checks, _nccl_checks
from gpu_advisor.engine.evidence.node_checks import (
    _dcgm_checks,
    _dmon_checks,
    _fio_checks,
    _gpu_health_checks,
    _probe_checks,
)
from gpu_advisor.engine.evidence.serving_checks import _serving_checks
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Frozen, Message
from gpu_advisor.model.project import Measurement, Project, Vendor
from gpu_advisor.model.sizing_results import SizingResult

PERFORMANCE_PARTS: Final = {"mfu": 0.4, "nccl_intra": 0.3, "matmul": 0.2, "copy": 0.1}
"""Weights of the measured-performance sub-score; the real job counts most."""

HEALTH_PENALTY_POINTS: Final = {"fail": 15.0, "warn": 5.0}
"""Points taken off the performance sub-score per failing / warning health check."""


class VendorJudgement(Frozen):
    """All checks for one vendor, with the sub-scores the scoring matrix uses."""

    vendor: str
    expectations: Expectations
    checks: list[Check] = Field(default_factory=list)
    performance_score: float | None = Field(None, ge=0, le=100)
    network_score: float | None = Field(None, ge=0, le=100)
    measured_mfu: float | None = Field(None, gt=0, le=1)
    score_notes: list[Message] = Field(
        default_factory=list,
        description="How the performance and network sub-scores were made.",
    )

    def verdict(self) -> Verdict:
        """The worst verdict of all checks (INFO when there is none)."""
        return worst(c.verdict for c in self.checks)

    def node_verdicts(self) -> dict[str, Verdict]:
        """The worst verdict per node (checks without a node under ``""``)."""
        grouped: dict[str, list[Verdict]] = defaultdict(list)
        for check in self.checks:
            grouped[check.node or ""].append(check.verdict)
        return {node: worst(verdicts) for node, verdicts in sorted(grouped.items())}


def _capped_mean(values: Iterable[float]) -> float | None:
    kept = [min(1.0, max(0.0, v)) for v in values]
    return sum(kept) / len(kept) if kept else None


def _performance_score(
    checks: Sequence[Check], mfu: float | None, exp: Expectations
) -> tuple[float | None, Message]:
    """Weighted, capped ratios (:data:`PERFORMANCE_PARTS`) minus health penalties."""
    parts: dict[str, float] = {}
    if mfu is not None:
        parts["mfu"] = min(1.0, mfu / exp.default_mfu)
    # Synchronous training runs at the pace of the slowest GPU: take the minimum.
    for test, name in (
        ("gpu.matmul", "matmul"),
        ("gpu.memory_copy", "copy"),
        ("nccl.intra_node", "nccl_intra"),
    ):
        ratios = [c.ratio for c in checks if c.test == test and c.ratio is not None]
        if ratios:
            parts[name] = min(1.0, min(ratios))
    if not parts:
        return None, Message(code="evidence.score_note.performance_none")
    total_weight = sum(PERFORMANCE_PARTS[k] for k in parts)
    score = (
        100.0 * sum(PERFORMANCE_PARTS[k] * v for k, v in parts.items()) / total_weight
    )
    health = [
        c
        for c in checks
        if c.test.startswith(
            (
                "gpu.temperature",
                "gpu.clocks",
                "gpu.throttle",
                "gpu.ecc",
                "dcgm",
                "nccl.correctness",
            )
        )
    ]
    penalty = sum(HEALTH_PENALTY_POINTS.get(c.verdict.value, 0.0) for c in health)
    score = max(0.0, score - penalty)
    used = ", ".join(f"{k} {100 * v:.0f}%" for k, v in parts.items())
    return score, Message(
        code="evidence.score_note.performance",
        params={"parts": used, "penalty": penalty},
    )


def _network_score(
    checks: Sequence[Check], measurements: Sequence[Measurement], exp: Expectations
) -> tuple[float | None, Message]:
    """Mean capped ratio of inter-node busbw (against the class the workload needs) and
    iperf3, each the worst complete run's."""
    ratios: list[float] = []
    inter = [
        c for c in checks if c.test == "nccl.inter_node" and c.measured is not None
    ]
    need = exp.required_inter_busbw_gb_per_s or exp.inter_busbw_gb_per_s
    if inter and need:
        ratios.append(min(c.measured or 0.0 for c in inter) / need)
    # every iperf3 run is judged; the worst one counts (engine.evidence.runs)
    iperf = [c.ratio for c in checks if c.test == "iperf3" and c.ratio is not None]
    if iperf:
        ratios.append(min(iperf))
    mean = _capped_mean(ratios)
    if mean is None:
        return None, Message(code="evidence.score_note.network_none")
    return 100.0 * mean, Message(
        code="evidence.score_note.network",
        params={"network": exp.required_network_id or exp.inter_network_id},
    )


def judge_measurements(
    vendor_name: str, measurements: Sequence[Measurement], exp: Expectations
) -> VendorJudgement:
    """Every check for one vendor's measurements, with its sub-scores.

    Parameters
    ----------
    vendor_name : str
        Shown in the result.
    measurements : sequence of Measurement
        The vendor's imported measurements.
    exp : Expectations
        From :func:`expectations_for`.

    Returns
    -------
    VendorJudgement
        Checks sorted by test, node and GPU; performance and network
        sub-scores in [0, 100] (None when nothing was measured); measured MFU.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> exp = expectations_for(Project(), Vendor(name="A"), load_catalog())
    >>> judge_measurements("A", [], exp).performance_score is None
    True
    """
    checks: list[Check] = []
    checks += _nccl_checks(measurements, exp)
    checks += _iperf_checks(measurements, exp)
    checks += _fio_checks(measurements, exp)
    checks += _gpu_health_checks(measurements, exp)
    checks += _dcgm_checks(measurements)
    checks += _dmon_checks(measurements, exp)
    checks += _probe_checks(measurements, exp)
    mfu_checks, mfu = _mfu_check(measurements, exp)
    checks += mfu_checks
    checks += _serving_checks(measurements, exp.serving_targets)
    stated = stated_by_file(measurements)
    checks = [
        c.model_copy(update={"stated": stated[c.file]}) if c.file in stated else c
        for c in checks
    ]
    checks.sort(
        key=lambda c: (c.test, c.node or "", -1 if c.gpu is None else c.gpu, c.file)
    )
    perf, perf_note = _performance_score(checks, mfu, exp)
    network, net_note = _network_score(checks, measurements, exp)
    return VendorJudgement(
        vendor=vendor_name,
        expectations=exp,
        checks=checks,
        performance_score=perf,
        network_score=network,
        measured_mfu=mfu,
        score_notes=[perf_note, net_note],
    )


def judge_vendor(
    project: Project,
    vendor: Vendor,
    catalog: Catalog,
    *,
    measurements: Sequence[Measurement] | None = None,
    sizing: SizingResult | None = None,
    checkpoint_write_gb_per_s: float | None = None,
) -> VendorJudgement:
    """Judge one vendor of a project (the vendor page and the CLI call this).

    Parameters
    ----------
    project, vendor, catalog
        As for :func:`expectations_for`.
    measurements : sequence of Measurement, optional
        Defaults to ``vendor.measurements``.
    sizing : SizingResult, optional
        The sized workload, to avoid sizing it again.
    checkpoint_write_gb_per_s : float, optional
        Overrides the sizing engine's checkpoint bandwidth. [GB/s]

    Returns
    -------
    VendorJudgement
    """
    exp = expectations_for(
        project,
        vendor,
        catalog,
        sizing=sizing,
        checkpoint_write_gb_per_s=checkpoint_write_gb_per_s,
    )
    return judge_measurements(
        vendor.name, vendor.measurements if measurements is None else measurements, exp
    )
