"""``gpu-advisor-cli``: headless sub-commands over the same engine as the app.

Each sub-command lives in its own module with a ``register(subparsers)``
function. Errors in the user's input print one line and exit with status 2;
the CLI never imports Qt.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from typing_extensions import override

from gpu_advisor import __version__
from gpu_advisor.cli._common import CliError

_COMMAND_MODULES = (
    "catalog_cmd",
    "size",
    "serve",
    "cost",
    "prices",
    "report",
    "evidence",
    "rollout",
    "diff",
    "scenarios",
)


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad arguments in one line, exit status 2."""

    @override
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser with every sub-command registered."""
    parser = _Parser(
        prog="gpu-advisor-cli",
        description="Size GPU workloads, compare ways to get the capacity, write the plan.",
    )
    parser.add_argument("--version", action="version", version=__version__)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in _COMMAND_MODULES:
        module = importlib.import_module(f"gpu_advisor.cli.{name}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; return the process exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except CliError as exc:
        print(f"gpu-advisor-cli: error: {_escaped(str(exc))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # never a traceback: one line, exit status 1
        print(
            f"gpu-advisor-cli: internal error: {type(exc).__name__}: "
            f"{_escaped(str(exc))} (please report this with the input file)",
            file=sys.stderr,
        )
        return 1
    return status


def _escaped(text: str) -> str:
    """Control characters in a message (file names!) escaped, never sent raw."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)[:2000]


if __name__ == "__main__":
    sys.exit(main())
