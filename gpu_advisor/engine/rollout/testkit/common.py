"""What the files of the test kit share: the training log's header, the DCGM
levels' run times and ``_plain`` for names in comments and the README."""

from __future__ import annotations

import re
from typing import Final

TRAIN_LOG_HEADER: Final = "step,tokens_per_s,loss,gpus"
"""Header of the CSV the training job writes (``gpus`` is optional)."""

DCGM_LEVEL_MINUTES: Final = {1: "1", 2: "2-5", 3: "30", 4: "60-120"}
"""Typical run time of ``dcgmi diag -r LEVEL`` (DCGM User Guide, "Run levels")."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")


def _plain(text: str, limit: int = 120) -> str:
    """One line without control characters, for comments and the README."""
    return _CONTROL.sub(" ", text).strip()[:limit]
