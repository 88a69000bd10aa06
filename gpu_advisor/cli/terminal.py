"""Text is data: plan strings reach a terminal visibly, never as commands.

One rule for every CLI printer: a character that is not printable (C0 and C1
controls such as ESC, BEL, NUL and CSI; bidirectional overrides and other
format characters such as U+202E; line and paragraph separators U+2028,
U+2029 and U+0085) is shown as its Python escape (``\\x1b``, ``\\u202e``),
so it can neither clear the screen, hide text, reorder a line nor start a
new one. A backslash in the text itself stays a backslash, and every
printable character (Chinese included) is shown as it is.

:func:`visible` applies the rule to one string (a plan's value: its own line
breaks are shown as ``\\n``); :func:`visible_lines` to the printer's own
lines; :func:`visible_json` to the JSON the ``--json`` options print (the
escapes are JSON's ``\\uXXXX``, so the output is still the same JSON).
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["visible", "visible_json", "visible_lines"]


def _escape(ch: str) -> str:
    return ch if ch.isprintable() else repr(ch)[1:-1]


def visible(text: str) -> str:
    """``text`` with every non-printable character shown as its escape.

    Examples
    --------
    >>> visible("plan\\x1b[2J\\x07\\u202eA\\x00")
    'plan\\\\x1b[2J\\\\x07\\\\u202eA\\\\x00'
    >>> visible("a\\u2028b\\nc"), visible("包年 ✓")
    ('a\\\\u2028b\\\\nc', '包年 ✓')
    """
    return "".join(map(_escape, text))


def visible_lines(text: str) -> str:
    """The printer's own lines kept, everything else in them made visible.

    >>> visible_lines("title: \\x1b[8mhidden\\nnext")
    'title: \\\\x1b[8mhidden\\nnext'
    """
    return "\n".join(visible(line) for line in text.split("\n"))


def visible_json(data: Any, *, indent: int | None = 2) -> str:
    """JSON of ``data`` (UTF-8, stable key order) with non-printables as ``\\uXXXX``.

    >>> visible_json({"name": "a\\u202eb\\x85"}, indent=None)
    '{"name": "a\\\\u202eb\\\\u0085"}'
    """
    dumped = json.dumps(data, ensure_ascii=False, indent=indent)
    return "".join(
        ch if ch == "\n" or ch.isprintable() else json.dumps(ch)[1:-1] for ch in dumped
    )
