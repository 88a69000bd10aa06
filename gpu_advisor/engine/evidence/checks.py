"""Verdicts and checks: one test on one node against what it should deliver.

A :class:`Check` holds a verdict (pass / warn / fail, or info when there is
nothing to compare with), the measured and the expected value, and what it
found and its threshold as messages (codes ``evidence.check.*`` and
``evidence.threshold.*``, worded by the catalogs). ``_ratio_check`` makes one from the ratio of
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

from gpu_advisor.model.common import Frozen, Message
from gpu_advisor.model.project import Measurement


class Verdict(StrEnum):
    PASS = "pass"
    WARN = "warn"
    FAIL = "fail"
    INFO = "info"


_RANK: Final = {Verdict.INFO: 0, Verdict.PASS: 1, Verdict.WARN: 2, Verdict.FAIL: 3}

INCOMPLETE_TEST: Final = "dcgm.incomplete"
"""The check of a ``dcgmi diag`` run that lists tests it never ran."""

SKIPPED_TEST: Final = "dcgm.skipped"
"""The check of a required ``dcgmi diag`` test the run skipped (``Skip``, on
one GPU or all): not tested, so the vendor has not shown it passes."""

NOT_ACCEPTED_TESTS: Final = frozenset({INCOMPLETE_TEST, SKIPPED_TEST})
"""Checks that keep a vendor behind every vendor that passed whatever their
verdict: a required test that was not run. A check whose verdict is FAIL does
so too (:func:`not_accepted`)."""

OPTIONAL_DCGM_TESTS: Final = frozenset({"eud", "eud_test", "cpu_eud", "cpu_eud_test"})
"""``dcgmi diag`` tests a run may skip without being incomplete (the last part
of the metric, ``stress.eud_test`` → ``eud_test``): the Extended Utility
Diagnostics are a separately installed plugin "intended for
administrator-led isolation after ordinary readiness, memory, interconnect,
or stress tests indicate a possible hardware problem" (NVIDIA, DCGM
reference, "Extended Utility Diagnostics (EUD) Plugin",
https://docs.nvidia.com/datacenter/dcgm/latest/reference/diagnostics/plugins/eud.html),
so a run without the plugin shows them as Skip."""

STATED_LABEL: Final = "stated_by_user"
"""The measurement label naming the facts of a run the person stated at import
(``gpu_advisor.io.results_stated.STATED_LABEL``; space-separated: ``collective``,
``nodes``)."""

STATED_FACTS: Final = ("collective", "nodes")
"""The facts a person may state, in the order they are named."""


def stated_by_file(measurements: Sequence[Measurement]) -> dict[str, tuple[str, ...]]:
    """Per file, the facts of its run the person stated (files with none left out).

    Examples
    --------
    >>> m = Measurement(tool="nccl-tests", metric="all_reduce.nodes", value=2,
    ...                 unit="count", file="run2.txt", labels={STATED_LABEL: "nodes"})
    >>> stated_by_file([m])
    {'run2.txt': ('nodes',)}
    """
    given: dict[str, set[str]] = {}
    for m in measurements:
        facts = (m.labels or {}).get(STATED_LABEL, "").split()
        if facts:
            given.setdefault(m.file, set()).update(facts)
    return {
        file: tuple(f for f in STATED_FACTS if f in facts)
        for file, facts in sorted(given.items())
    }


ACCEPTANCE_TESTS: Final = frozenset({"dcgm", "gpu.ecc", "nccl.correctness"})
"""The checks of the hardware itself: the DCGM diagnostics, uncorrectable
memory errors, and collectives that return wrong values. A vendor failing any
check, or with a required diagnostic not run (:data:`NOT_ACCEPTED_TESTS`), is
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
    threshold: Message | None = Field(
        None, description="What passes, warns and fails; None when nothing is compared."
    )
    message: Message = Field(..., description="What the check found.")
    source: str = ""
    stated: tuple[str, ...] = Field(
        (),
        description="Facts of the run the person stated when importing it, not "
        "read from its output (``collective``, ``nodes``; "
        ":data:`STATED_LABEL`).",
    )

    @property
    def ratio(self) -> float | None:
        """Measured / expected, when both are known and expected > 0."""
        if self.measured is None or not self.expected:
            return None
        return self.measured / self.expected


def not_accepted(check: Check) -> bool:
    """Whether this check keeps its vendor behind every vendor that passed:
    a failed check, or a required test that was not run.

    Examples
    --------
    >>> m = Message(code="evidence.check.dcgm_skipped", params={"test": "t"})
    >>> not_accepted(Check(test=SKIPPED_TEST, verdict=Verdict.WARN, message=m))
    True
    >>> not_accepted(Check(test="dcgm", verdict=Verdict.WARN, message=m))
    False
    """
    return check.verdict is Verdict.FAIL or check.test in NOT_ACCEPTED_TESTS


def reason_order(check: Check) -> int:
    """Which reason is named first: the hardware's own failures
    (:data:`ACCEPTANCE_TESTS`), then required tests not run, then other
    failures (a figure below the fail line of its threshold).

    Examples
    --------
    >>> m = Message(code="x")
    >>> [reason_order(Check(test=t, verdict=Verdict.FAIL, message=m))
    ...  for t in ("gpu.ecc", INCOMPLETE_TEST, "iperf3")]
    [0, 1, 2]
    """
    if check.test in NOT_ACCEPTED_TESTS:
        return 1
    return 0 if check.test in ACCEPTANCE_TESTS else 2


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
    what: Message,
    node: str | None = None,
    gpu: int | None = None,
    file: str = "",
    source: str = "",
) -> Check:
    """Pass at ≥ pass_ratio × expected, warn at ≥ warn_ratio ×, else fail.

    ``what`` names what was measured against what (``evidence.what.*``);
    ``unit`` is a key of ``evidence.unit`` in the catalogs.
    """
    ratio = measured / expected if expected > 0 else 0.0
    if ratio >= pass_ratio:
        verdict = Verdict.PASS
    elif ratio >= warn_ratio:
        verdict = Verdict.WARN
    else:
        verdict = Verdict.FAIL
    return Check(
        test=test,
        node=node,
        gpu=gpu,
        file=file,
        measured=measured,
        expected=expected,
        unit=unit,
        verdict=verdict,
        threshold=Message(
            code="evidence.threshold.ratio",
            params={
                "pass_at": pass_ratio * expected,
                "warn_at": warn_ratio * expected,
                "expected": expected,
                "pass_ratio": pass_ratio,
                "warn_ratio": warn_ratio,
                "unit": unit,
            },
        ),
        message=Message(
            code="evidence.check.ratio",
            params={
                "what": what,
                "measured": measured,
                "expected": expected,
                "ratio": ratio,
                "unit": unit,
            },
        ),
        source=source,
    )


def _info(
    test: str, message: Message, *, node: str | None = None, file: str = ""
) -> Check:
    return Check(test=test, node=node, file=file, verdict=Verdict.INFO, message=message)


def _by_file(
    measurements: Sequence[Measurement], tool: str
) -> dict[str, list[Measurement]]:
    grouped: dict[str, list[Measurement]] = defaultdict(list)
    for m in measurements:
        if m.tool == tool:
            grouped[m.file].append(m)
    return dict(grouped)
