"""The idctop.com articles the engine cites, by number, and how it cites them.

The engine never writes an article's title: it cites an article by a
language-neutral token, ``idctop.com/<number>`` (``#<note>`` adds a note code),
and the renderers word it from the catalogs (``article.<number>`` and
``article_note.<note>`` in ``resources/words/<language>/terms.toml``, see
:func:`gpu_advisor.report.glossary.cite_articles`).

Option names are catalog terms (``option.<id>`` and ``option_in_sentence.<id>``
in ``resources/words/<language>/cost.toml``); the engine keeps only the ids.
"""

from __future__ import annotations

import re
from typing import Final

ARTICLE_PUBLISHER: Final = "idctop.com"
"""Publisher of the four articles on renting and building GPU clusters the plan cites."""

ARTICLES: Final = ("000", "001", "002", "003")
"""The numbers of the four idctop.com articles (their titles are catalog terms)."""

CITATION: Final = re.compile(r"idctop\.com/(\d{3})(?:#([a-z_]+))?")
"""An engine citation (:func:`article`): the article's number and its note code."""


def article(number: str, note: str = "") -> str:
    """A citation of one idctop.com article, with a note code after ``#``.

    >>> article("003")
    'idctop.com/003'
    >>> article("002", "slow_networks")
    'idctop.com/002#slow_networks'
    >>> article("004")
    Traceback (most recent call last):
    ...
    ValueError: no idctop.com article 004 (the articles are 000, 001, 002, 003)
    """
    if number not in ARTICLES:
        raise ValueError(
            f"no idctop.com article {number} (the articles are {', '.join(ARTICLES)})"
        )
    return f"{ARTICLE_PUBLISHER}/{number}" + (f"#{note}" if note else "")


ALL_ARTICLES: Final = "; ".join(article(n) for n in ARTICLES)
"""All four articles, cited."""
