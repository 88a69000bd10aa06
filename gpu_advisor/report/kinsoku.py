"""Chinese line breaking (kinsoku): closing punctuation never starts a line.

reportlab's CJK wrapping (``wordWrap="CJK"``) hangs a character that may not
start a line at the end of the previous one, but its table
(:data:`reportlab.lib.textsplit.ALL_CANNOT_START`) is Japanese: it lacks the
full-width comma, colon, semicolon, exclamation and question marks that
Chinese uses. :func:`install` adds them; the plan calls it before rendering.

References
----------
W3C, "Requirements for Chinese Text Layout" (clreq), §3.1.7 "Prohibition
rules for line start and line end", https://www.w3.org/TR/clreq/
"""

from __future__ import annotations

from typing import Any, Final

CLOSING: Final = "，。：；、）」』》〉】！？"
"""Punctuation that must not start a line of Chinese text."""
OPENING: Final = "（「『《〈【"
"""Punctuation that must not end a line of Chinese text."""


_installed = False


def move_opening_down(lines: list[list[Any]]) -> list[list[Any]]:
    """Move opening punctuation that ends a line to the start of the next one,
    and hang closing punctuation that starts a line at the end of the one before.

    ``lines`` are ``[extra_space, text]`` pairs as
    :func:`reportlab.lib.textsplit.wordSplit` returns them.

    >>> move_opening_down([[0.0, "见《"], [5.0, "标题》"]])
    [[0.0, '见'], [5.0, '《标题》']]
    >>> move_opening_down([[0.0, "区间内）"], [5.0, "。下一句"]])
    [[0.0, '区间内）。'], [5.0, '下一句']]
    """
    out = [list(line) for line in lines]
    for index in range(len(out) - 1):
        text = str(out[index][1])
        while text and text[-1] in OPENING and len(text) > 1:
            out[index + 1][1] = text[-1] + str(out[index + 1][1])
            text = text[:-1]
        # closing marks that still start the next line (reportlab hangs only
        # one, so "）。" can leave the "。" behind) hang at this line's end
        following = str(out[index + 1][1])
        while following and following[0] in CLOSING:
            text, following = text + following[0], following[1:]
        out[index][1], out[index + 1][1] = text, following
    return [line for line in out if str(line[1]) or line is out[-1]]


def install() -> None:
    """Teach reportlab's CJK wrapping the Chinese rules (idempotent).

    Closing punctuation is added to the table of characters that may not
    start a line, in ``textsplit`` (single-style paragraphs) and in
    ``paragraph`` (which imported its own reference); the single-style
    splitter also moves a line-final opening mark to the next line.
    """
    global _installed
    if _installed:
        return
    from reportlab.lib import textsplit
    from reportlab.platypus import paragraph

    for module in (textsplit, paragraph):
        table = str(module.ALL_CANNOT_START)
        missing = "".join(c for c in CLOSING if c not in table)
        module.ALL_CANNOT_START = table + missing
    split = textsplit.wordSplit

    def word_split(*args: Any, **kwargs: Any) -> list[list[Any]]:
        return move_opening_down(split(*args, **kwargs))

    textsplit.wordSplit = word_split
    paragraph.wordSplit = word_split
    _installed = True
