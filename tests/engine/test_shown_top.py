"""Page 1's top warning is the most severe, the decision's own first (issue [feasible])."""

from __future__ import annotations

from gpu_advisor.engine.shown import ShownWarnings, WarningSource
from gpu_advisor.model.common import Advice, Severity


def _w(code: str, severity: Severity = Severity.WARNING) -> Advice:
    return Advice(code=code, severity=severity)


def test_the_decisions_warning_leads_among_equals_and_an_error_leads_all() -> None:
    sizing, cost = WarningSource.SIZING, WarningSource.COST
    shown = ShownWarnings(((sizing, _w("memory")), (cost, _w("validate_first"))))
    assert shown.top is not None
    assert shown.top.code == "validate_first"
    worse = ShownWarnings(
        ((cost, _w("validate_first")), (sizing, _w("oom", Severity.ERROR)))
    )
    assert worse.top is not None
    assert worse.top.code == "oom"
    assert ShownWarnings(()).top is None
