"""Verdicts and checks: one test on one node against what it should deliver.

A :class:`Check` holds a verdict (pass / warn / fail, or info when there is
nothing to compare with), the measured and the expected value and the
threshold in both languages. ``_ratio_check`` makes one from the ratio of
measured to expected, ``_info`` one that only informs, and ``_by_file``
groups a tool's measurements by the file they came from; the check modules
(:mod:`.network_checks`, :mod:`.node_checks`, :mod:`.mfu`) build on them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Final

from pydantic import Field

from gpu_advisor.model.common import Frozen
from gpu_advisor.model.project import Measurement


class Verdict(StrEnum):
    PASS = "pass"
    WARN = "warn"
    FAIL = "fail"
    INFO = "info"


_RANK: Final = {Verdict.INFO: 0, Verdict.PASS: 1, Verdict.WARN: 2, Verdict.FAIL: 3}

INCOMPLETE_TEST: Final = "dcgm.incomplete"
"""The check of a ``dcgmi diag`` run that lists tests it never ran."""

ACCEPTANCE_TESTS: Final = frozenset({"dcgm", "gpu.ecc", "nccl.correctness"})
"""The checks of the hardware itself: the DCGM diagnostics, uncorrectable
memory errors, and collectives that return wrong values. A vendor failing any
check, or with an incomplete diagnostic run (:data:`INCOMPLETE_TEST`), is
ranked behind every vendor that passed; these are named first as the reason."""


class Check(Frozen):
    """One verdict: a test on one node (and GPU), with the threshold shown."""

    test: str = Field(
        ..., description="e.g. 'nccl.intra_node', 'iperf3', 'gpu.temperature'."
    )
    node: str | None = None
    gpu: int | None = None
    file: str = ""
    measured: float | None = None
    expected: float | None = None
    unit: str = ""
    verdict: Verdict
    threshold_en: str = ""
    threshold_zh: str = ""
    message_en: str
    message_zh: str
    source: str = ""

    @property
    def ratio(self) -> float | None:
        """Measured / expected, when both are known and expected > 0."""
        if self.measured is None or not self.expected:
            return None
        return self.measured / self.expected


def worst(verdicts: Iterable[Verdict]) -> Verdict:
    """The most severe verdict.

    Examples
    --------
    >>> worst([Verdict.PASS, Verdict.WARN, Verdict.INFO]).value
    'warn'
    >>> worst([]).value
    'info'
    """
    result = Verdict.INFO
    for verdict in verdicts:
        if _RANK[verdict] > _RANK[result]:
            result = verdict
    return result


def _ratio_check(
    *,
    test: str,
    measured: float,
    expected: float,
    pass_ratio: float,
    warn_ratio: float,
    unit: str,
    what_en: str,
    what_zh: str,
    node: str | None = None,
    gpu: int | None = None,
    file: str = "",
    source: str = "",
) -> Check:
    """Pass at ≥ pass_ratio × expected, warn at ≥ warn_ratio ×, else fail."""
    ratio = measured / expected if expected > 0 else 0.0
    if ratio >= pass_ratio:
        verdict = Verdict.PASS
    elif ratio >= warn_ratio:
        verdict = Verdict.WARN
    else:
        verdict = Verdict.FAIL
    pass_at, warn_at = pass_ratio * expected, warn_ratio * expected
    pct = f"{100 * ratio:.0f}"
    sep = " " if unit else ""
    return Check(
        test=test,
        node=node,
        gpu=gpu,
        file=file,
        measured=measured,
        expected=expected,
        unit=unit,
        verdict=verdict,
        threshold_en=(
            f"pass >= {pass_at:.3g}{sep}{unit} ({100 * pass_ratio:.0f}% of expected "
            f"{expected:.3g}), warn >= {warn_at:.3g}{sep}{unit} ({100 * warn_ratio:.0f}%), "
            "fail below"
        ),
        threshold_zh=(
            f"≥ {pass_at:.3g}{sep}{unit} 为通过（预期 {expected:.3g} 的 {100 * pass_ratio:.0f}%），"
            f"≥ {warn_at:.3g}{sep}{unit} 为警告（{100 * warn_ratio:.0f}%），低于则不通过"
        ),
        message_en=f"{what_en}: measured {measured:.3g}{sep}{unit}, {pct}% of the expected {expected:.3g}{sep}{unit}.",
        message_zh=f"{what_zh}：实测 {measured:.3g}{sep}{unit}，为预期 {expected:.3g}{sep}{unit} 的 {pct}%。",
        source=source,
    )


def _info(
    test: str, en: str, zh: str, *, node: str | None = None, file: str = ""
) -> Check:
    return Check(
        test=test,
        node=node,
        file=file,
        verdict=Verdict.INFO,
        message_en=en,
        message_zh=zh,
    )


def _by_file(
    measurements: Sequence[Measurement], tool: str
) -> dict[str, list[Measurement]]:
    grouped: dict[str, list[Measurement]] = defaultdict(list)
    for m in measurements:
        if m.tool == tool:
            grouped[m.file].append(m)
    return dict(grouped)
