"""Helpers shared by the sub-commands: number parsing, errors, output."""

from __future__ import annotations

import argparse
import math
import re
import sys
import unicodedata
from typing import Any

from gpu_advisor import words

_SUFFIXES = {"k": 1e3, "m": 1e6, "b": 1e9, "g": 1e9, "t": 1e12}
_NUMBER = re.compile(r"^\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*([kKmMbBgGtT]?)\s*$")


class CliError(Exception):
    """A problem with the user's input: printed as one line, exit status 2."""


def parse_number(text: str) -> float:
    """Parse ``7e9``, ``7B``, ``2T``, ``1.5k`` into a float.

    >>> parse_number("7B"), parse_number("2T"), parse_number("7e9")
    (7000000000.0, 2000000000000.0, 7000000000.0)
    """
    match = _NUMBER.match(text)
    if not match:
        raise argparse.ArgumentTypeError(
            f"not a number: {text!r} (examples: 7e9, 7B, 2T, 1.5k)"
        )
    value = float(match.group(1)) * _SUFFIXES.get(match.group(2).lower(), 1.0)
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"not a finite number: {text!r}")
    return value


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1 (suffixes allowed)."""
    value = parse_number(text)
    if value < 1 or value != int(value):
        raise argparse.ArgumentTypeError(f"need a whole number >= 1, got {text!r}")
    return int(value)


def new_plan_language() -> str:
    """The language of a new plan (``ProjectMeta.language``'s default).

    What ``--lang`` defaults to where there is no project (``size``, ``serve``),
    the same rule as ``report``: the plan's language, here the plan not yet made.

    >>> new_plan_language() in words.languages()
    True
    """
    from gpu_advisor.model.project import ProjectMeta

    return str(ProjectMeta.model_fields["language"].default)


def add_language_option(
    parser: argparse.ArgumentParser,
    *,
    default: str | None = None,
    extra: tuple[str, ...] = (),
    help_text: str = "default: the project's",
) -> None:
    """``--lang``, with one choice per catalog (``resources/words/<code>/``) and ``extra``.

    A language added as a catalog is a choice of every sub-command at once.
    """
    parser.add_argument(
        "--lang", choices=(*words.languages(), *extra), default=default, help=help_text
    )


def print_json(data: Any) -> None:
    """Print JSON to stdout, UTF-8, stable key order; no control or
    bidirectional character raw (:func:`gpu_advisor.cli.terminal.visible_json`)."""
    from gpu_advisor.cli.terminal import visible_json

    sys.stdout.write(visible_json(data) + "\n")


def pad(label: str, width: int) -> str:
    """``label`` padded to ``width`` terminal columns (CJK characters take two).

    >>> pad("包月", 6) + "|", pad("monthly", 6) + "|"
    ('包月  |', 'monthly |')
    """
    used = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in label)
    return label + " " * max(width - used, 1)
