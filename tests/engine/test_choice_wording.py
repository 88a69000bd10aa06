"""The recommendation's choice (data) and its catalog entries stay in step."""

from __future__ import annotations

from gpu_advisor import words
from gpu_advisor.engine.cost import findings
from gpu_advisor.engine.cost.wording import values


def _finding_classes() -> list[type[findings.Finding]]:
    """Every finding with a code of its own, as the module defines it."""
    return [
        cls
        for cls in vars(findings).values()
        if isinstance(cls, type)
        and issubclass(cls, findings.Finding)
        and "code" in vars(cls)
    ]


def test_every_finding_has_its_own_values() -> None:
    classes = _finding_classes()
    assert len(classes) > 20
    fallback = values.dispatch(findings.Finding)
    missing = [c.__name__ for c in classes if values.dispatch(c) is fallback]
    assert missing == []


def test_every_finding_code_is_in_every_catalog() -> None:
    for language in words.languages():
        catalog = words.catalog(language)
        missing = [c.code for c in _finding_classes() if c.code not in catalog]
        assert missing == [], language


def test_finding_codes_are_unique() -> None:
    codes = [c.code for c in _finding_classes()]
    assert len(codes) == len(set(codes))
