"""What the files of the test kit share: the training log's header, the DCGM
levels' run times and ``_plain`` for names in comments and the README."""

from __future__ import annotations

import re
from typing import Final

TRAIN_LOG_HEADER: Final = "step,tokens_per_s,loss,gpus"
"""Header of the CSV the training job writes (``gpus`` is optional)."""

DCGM_LEVEL_MINUTES: Final = {1: "1", 2: "2-5", 3: "30", 4: "60-120"}
"""Typical run time of ``dcgmi diag -r LEVEL`` (DCGM User Guide, "Run levels")."""

_SPACES = re.compile(r"\s+")


def _plain(text: str, limit: int = 120) -> str:
    """One line of printable characters, for comments and the README.

    Every character that is not printable becomes a space: C0 and C1
    controls, bidirectional overrides, and the line breaks YAML and other
    readers honour besides ``\\n`` (U+0085, U+2028, U+2029), so a name can
    never start a line of its own in a generated file (issue #33).

    >>> _plain("Acme\u2028kind: Secret\x85x\u202e\x1b[2J")
    'Acme kind: Secret x [2J'
    """
    printable = "".join(ch if ch.isprintable() else " " for ch in text)
    return _SPACES.sub(" ", printable).strip()[:limit]
