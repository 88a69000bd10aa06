"""The vendor-test table in the reader's words: test names, measured values, thresholds.

The engine judges each vendor's results (:class:`gpu_advisor.engine.evidence.judge.Check`)
and gives each threshold as a message (``evidence.threshold.*``) that the
catalogs word for the app's tables, with three significant digits
(``"pass >= 1.53e+03 GB/s …"``) and the tools' own words (``"fail on any
Fail"``). The plan is read by people who sign it: here the same verdicts get
numbers in the locale's format (grouped, never in scientific notation),
shares as percentages, units in the reader's language and thresholds in
plain words, computed from the threshold's values (the expected value and the
pass and warn shares).
"""

from __future__ import annotations

import math
import re
from typing import Final

from gpu_advisor import words
from gpu_advisor.engine.api import Check
from gpu_advisor.report.numbers import plain_number
from gpu_advisor.report.text import unit_text
from gpu_advisor.words import DEFAULT_LANGUAGE, catalog, say

SHARE_TESTS: Final = frozenset({"training.mfu", "dmon.tensor_active", "dmon.sm_active"})
"""Tests whose measured value is a share: shown as a percentage."""

_SCIENTIFIC: Final = re.compile(r"\d+(?:\.\d+)?[eE][-+]?\d+")


def check_name(test: str, language: str) -> str:
    """A vendor test by its name (the id itself if unknown).

    The names are ``report.vendor_test.<test>`` in
    ``resources/words/<language>/vendor_checks.toml``.

    >>> check_name("nccl.inter_node", "zh"), check_name("iperf3", "en")
    ('NCCL 跨节点', 'Node-to-node TCP (iperf3)')
    >>> check_name("no.such_test", "zh")
    'no.such_test'
    """
    code = f"report.vendor_test.{test}"
    return say(code, language) if code in catalog(DEFAULT_LANGUAGE) else test


def _amount(value: float, unit: str, language: str, share: bool) -> str:
    """A measured or threshold value with its unit, in the locale's format."""
    if share:
        return f"{plain_number(value * 100)}%"
    if unit == "C":
        return f"{plain_number(value)} °C"
    shown = unit_text(unit, language, value)
    return f"{plain_number(value)} {shown}".strip()


def measured_text(check: Check, language: str) -> str:
    """The measured value as the table shows it.

    >>> from gpu_advisor.engine.api import Verdict
    >>> from gpu_advisor.model.common import Message
    >>> found = Message(code="evidence.check.mfu_above_one")
    >>> c = Check(test="dcgm", measured=0.5, expected=1.0, verdict=Verdict.WARN,
    ...           message=found)
    >>> measured_text(c, "zh")
    '有警告'
    >>> c = Check(test="fio.checkpoint_write", measured=12345.6, unit="GB/s",
    ...           verdict=Verdict.PASS, message=found)
    >>> measured_text(c, "en")
    '12,346 GB/s'
    """
    value = check.measured
    if value is None or not math.isfinite(value):
        return "—"
    if check.test == "dcgm":
        key = "pass" if value >= 1 else "warn" if value > 0 else "fail"
        return say(f"report.vendor_dcgm.{key}", language)
    return _amount(value, check.unit, language, check.test in SHARE_TESTS)


def _number(value: object) -> float:
    """A threshold's number (the catalogs' params are typed loosely)."""
    return float(value) if isinstance(value, int | float) else math.nan


def threshold_text(check: Check, language: str) -> str:
    """What passes, warns and fails, in words and the locale's numbers.

    >>> from gpu_advisor.engine.api import Verdict
    >>> from gpu_advisor.model.common import Message
    >>> c = Check(test="nccl.inter_node", measured=65.4, expected=1800.0, unit="GB/s",
    ...     verdict=Verdict.FAIL, message=Message(code="evidence.check.mfu_above_one"),
    ...     threshold=Message(code="evidence.threshold.ratio", params={
    ...         "pass_at": 1530.0, "warn_at": 1080.0, "expected": 1800.0,
    ...         "pass_ratio": 0.85, "warn_ratio": 0.6, "unit": "GB/s"}))
    >>> threshold_text(c, "zh")
    '≥ 1,530 GB/s 通过，≥ 1,080 GB/s 警告，更低不通过（预期 1,800 GB/s 的 85% 与 60%）'
    >>> threshold_text(c, "en")
    'pass ≥ 1,530 GB/s, warn ≥ 1,080 GB/s, fail below (85% and 60% of the expected 1,800 GB/s)'
    """
    share = check.test in SHARE_TESTS
    if check.test in ("dcgm", "nccl.correctness"):
        return say(f"report.vendor_threshold.{check.test}", language)
    if check.threshold is None:
        return "—"
    code, values = check.threshold.code, check.threshold.params
    if code == "evidence.threshold.ratio" and check.expected is not None:
        pass_pct = round(100 * _number(values["pass_ratio"]))
        warn_pct = round(100 * _number(values["warn_ratio"]))
        return say(
            "report.vendor_threshold.ratio",
            language,
            pass_at=_amount(
                check.expected * pass_pct / 100, check.unit, language, share
            ),
            warn_at=_amount(
                check.expected * warn_pct / 100, check.unit, language, share
            ),
            expected=_amount(check.expected, check.unit, language, share),
            pass_pct=pass_pct,
            warn_pct=warn_pct,
        )
    if code == "evidence.threshold.pass_warn":
        return say(
            "report.vendor_threshold.pass_warn",
            language,
            pass_at=_amount(_number(values["pass_at"]), check.unit, language, share),
            warn_at=_amount(_number(values["warn_at"]), check.unit, language, share),
        )
    if code == "evidence.threshold.temperature":
        return say(
            "report.vendor_threshold.hot",
            language,
            fail_at=_amount(_number(values["fail_at"]), "C", language, False),
            warn_at=_amount(_number(values["warn_at"]), "C", language, False),
        )
    text = words.text(check.threshold, language)
    text = _SCIENTIFIC.sub(lambda m: plain_number(float(m.group(0))), text)
    return text.replace(">=", "≥").replace("<=", "≤")
