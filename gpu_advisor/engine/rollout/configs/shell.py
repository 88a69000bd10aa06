"""Quoting for the generated bash scripts.

Every value that lands in a shell script is quoted with :func:`shlex.quote`
(``_q``, ``_q_value``, ``_q_path``); ``_literal_directive`` adds the
shellcheck directive when quoted values only look like mistakes.
"""

from __future__ import annotations

import re
import shlex
from typing import Final

from gpu_advisor.model.project import Environment


def _q(value: str | int) -> str:
    """Quote one word for bash (NUL cannot occur in an argument, so it is dropped)."""
    return shlex.quote(str(value).replace("\x00", ""))


def _shellcheck_literals(env: Environment) -> str:
    """The shellcheck directive for the environment's quoted values."""
    return _literal_directive(
        [env.train_script, env.data_path, env.pytorch_image, *env.nccl_env.values()]
    )


def _literal_directive(values: list[str]) -> str:
    """A shellcheck directive when quoted ``values`` only look like mistakes.

    Values are single-quoted on purpose (``'$HOME'`` must stay literal), so
    shellcheck's hints SC2016 ("expressions don't expand in single quotes")
    and SC1003 ("want to escape a single quote?") for ``$``, a backtick or
    ``\\``, and SC2088 ("tilde does not expand in quotes") for a value that
    starts with ``~`` (paths get ``$HOME`` from :func:`_q_path`) are noise.

    >>> _literal_directive(["/data", "nccl"])
    ''
    >>> _literal_directive(["$X", "~/a"])
    '# shellcheck disable=SC2016,SC1003,SC2088  # quoted values are literal\\n'
    """
    codes = []
    if any(c in v for v in values for c in "$`\\"):
        codes += ["SC2016", "SC1003"]
    if any(v.startswith("~") for v in values):
        codes.append("SC2088")
    if codes:
        return f"# shellcheck disable={','.join(codes)}  # quoted values are literal\n"
    return ""


def _q_value(value: str) -> str:
    """Quote the right-hand side of ``NAME=value`` for bash.

    Like :func:`_q`, but two kinds of bare value are quoted too: one with
    ``=`` (``X==`` is valid bash yet reads like a typo, shellcheck SC1097) and
    a lower-case word, which may be a command name (``MASTER_ADDR=cd`` reads
    like a forgotten ``$(cd)``, SC2209).

    >>> _q_value("/data"), _q_value("a=b"), _q_value("cd"), _q_value("WARN")
    ('/data', "'a=b'", "'cd'", 'WARN')
    """
    quoted = _q(value)
    if quoted.startswith("'"):
        return quoted
    if "=" in quoted or _COMMAND_LIKE.fullmatch(quoted):
        return f"'{quoted}'"
    return quoted


_COMMAND_LIKE: Final = re.compile(r"[a-z][a-z0-9_.+-]*")
"""A bare value that could be read as a command name (see :func:`_q_value`)."""


def _q_path(value: str) -> str:
    """Quote a path for bash, keeping a leading ``~`` as the home folder.

    A quoted tilde stays literal (shellcheck SC2088), so ``~/data`` would name
    a folder called ``~`` in the working directory. A leading ``~`` or ``~/``
    becomes ``"$HOME"``; every other character stays literal.

    >>> _q_path("~/data"), _q_path("~"), _q_path("/data"), _q_path("~x/a b")
    ('"$HOME"/data', '"$HOME"', '/data', "'~x/a b'")
    """
    if value == "~":
        return '"$HOME"'
    if value.startswith("~/"):
        rest = value[2:]
        return '"$HOME"/' + (_q(rest) if rest else "")
    return _q_value(value)
