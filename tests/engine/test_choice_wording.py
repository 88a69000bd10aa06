"""The recommendation's choice (data) and its wording stay in step."""

from __future__ import annotations

from gpu_advisor.engine.cost import findings
from gpu_advisor.engine.cost.wording import sentences


def _finding_classes() -> list[type[findings.Finding]]:
    """Every finding with a code of its own, as the module defines it."""
    return [
        cls
        for cls in vars(findings).values()
        if isinstance(cls, type)
        and issubclass(cls, findings.Finding)
        and "code" in vars(cls)
    ]


def test_every_finding_has_its_own_wording() -> None:
    classes = _finding_classes()
    assert len(classes) > 20
    fallback = sentences.dispatch(findings.Finding)
    missing = [c.__name__ for c in classes if sentences.dispatch(c) is fallback]
    assert missing == []


def test_finding_codes_are_unique() -> None:
    codes = [c.code for c in _finding_classes()]
    assert len(codes) == len(set(codes))
