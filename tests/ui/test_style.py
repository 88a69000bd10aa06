"""Colours live in ``ui/style.py`` only (style in one place).

A widget takes its colours and style sheets from :mod:`gpu_advisor.ui.style`
by role; the theme swaps them for the dark scheme from style's tables. Any
hex colour written in another UI module is a colour the theme does not know
and a second place to change it.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[2] / "gpu_advisor" / "ui"
ALLOWED = {UI / "style.py", UI / "_resources_rc.py"}
HEX_COLOUR = re.compile(
    r"(?<![&\w])#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{4}|[0-9a-fA-F]{3})(?![0-9a-zA-Z_])"
)


def hex_colours(source: str) -> list[tuple[int, str]]:
    """(line, literal) of every hex colour inside a string of ``source``.

    >>> hex_colours('x = "color: #b00020;"  # not #123 in a comment')
    [(1, '#b00020')]
    >>> hex_colours('y = "&#8203; #p %"')
    []
    """
    found: list[tuple[int, str]] = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING or token.type == getattr(
            tokenize, "FSTRING_MIDDLE", -1
        ):
            found += [(token.start[0], m) for m in HEX_COLOUR.findall(token.string)]
    return found


def ui_modules() -> list[Path]:
    return sorted(p for p in UI.rglob("*.py") if p not in ALLOWED)


def test_the_ui_has_modules_to_check() -> None:
    names = {p.name for p in ui_modules()}
    assert {"theme.py", "budget_page.py", "cost_charts.py"} <= names


@pytest.mark.parametrize("path", ui_modules(), ids=lambda p: p.name)
def test_no_hex_colour_outside_style(path: Path) -> None:
    found = hex_colours(path.read_text(encoding="utf-8"))
    where = [f"{path.relative_to(UI)}:{line}: {colour}" for line, colour in found]
    assert not where, "colours belong in gpu_advisor/ui/style.py: " + ", ".join(where)
