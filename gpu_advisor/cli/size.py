"""``gpu-advisor-cli`` sub-commands of this module (placeholder until implemented)."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add this module's sub-commands (none yet)."""
