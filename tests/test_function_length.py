"""No function in gpu_advisor/ longer than about 80 lines (issue #13).

A function is measured in code lines: from its ``def`` line to its last line,
without its docstring. The only exceptions are listed below, each with why;
an entry whose function is gone or now short enough fails too, so the lists
cannot outlive the code they excuse.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Final, NamedTuple

import gpu_advisor

MAX_CODE_LINES: Final = 80
"""Longest function allowed, without its docstring. [lines]"""

PACKAGE_DIR: Final = Path(gpu_advisor.__file__).resolve().parent

SKIPPED_FILES: Final = frozenset({"ui/_resources_rc.py"})
"""Generated files (relative to the package): nobody edits them by hand."""

Key = tuple[str, str]
"""(module path, qualified name), e.g. ("gpu_advisor.app", "main")."""

ALLOWLIST: Final[dict[Key, str]] = {}
"""Long functions that are tables or templates of text, not logic to follow."""

_EXCEPTIONS: Final = ALLOWLIST


class Measured(NamedTuple):
    """One function and its length."""

    module: str
    qualname: str
    file: str
    line: int
    code_lines: int

    def where(self) -> str:
        """``file:line qualname (N code lines)`` for a failure message."""
        return f"{self.file}:{self.line} {self.qualname} ({self.code_lines} code lines)"


def code_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Lines from ``def`` to the end of ``node``, without its docstring."""
    assert node.end_lineno is not None
    total = node.end_lineno - node.lineno + 1
    first = node.body[0]
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        assert first.end_lineno is not None
        total -= first.end_lineno - first.lineno + 1
    return total


def _functions(
    node: ast.AST, prefix: str
) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Every function under ``node``, however nested, with its ``__qualname__``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            qualname = prefix + child.name
            yield qualname, child
            yield from _functions(child, f"{qualname}.<locals>.")
        elif isinstance(child, ast.ClassDef):
            yield from _functions(child, f"{prefix}{child.name}.")
        else:  # under if/try/with blocks: the same scope
            yield from _functions(child, prefix)


def measure_source(source: str, module: str, file: str) -> list[Measured]:
    """The length of every function in one module's source."""
    tree = ast.parse(source)
    return [
        Measured(module, qualname, file, node.lineno, code_lines(node))
        for qualname, node in _functions(tree, "")
    ]


def measure_package() -> list[Measured]:
    """The length of every function in gpu_advisor/."""
    found: list[Measured] = []
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        relative = path.relative_to(PACKAGE_DIR)
        if relative.as_posix() in SKIPPED_FILES:
            continue
        parts = ("gpu_advisor", *relative.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        file = f"gpu_advisor/{relative.as_posix()}"
        found += measure_source(path.read_text(encoding="utf-8"), ".".join(parts), file)
    return found


def test_no_function_is_longer_than_the_limit() -> None:
    too_long = [
        m.where()
        for m in measure_package()
        if m.code_lines > MAX_CODE_LINES and (m.module, m.qualname) not in _EXCEPTIONS
    ]
    assert not too_long, (
        f"functions over {MAX_CODE_LINES} code lines (split them along their "
        "steps, or list a table of text in ALLOWLIST with why):\n" + "\n".join(too_long)
    )


def test_every_exception_is_still_needed() -> None:
    lengths = {(m.module, m.qualname): m for m in measure_package()}
    stale = []
    for key in _EXCEPTIONS:
        measured = lengths.get(key)
        if measured is None:
            stale.append(f"{key[0]} {key[1]}: no such function")
        elif measured.code_lines <= MAX_CODE_LINES:
            stale.append(f"{measured.where()}: within the limit now")
    assert not stale, "remove these from the exceptions:\n" + "\n".join(stale)


def test_the_measure_skips_docstrings_and_names_nested_functions() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_CODE_LINES))
    source = (
        "class Outer:\n"
        "    def method(self):\n"
        '        """Docstring,\n\n        three lines."""\n'
        "        def inner():\n"
        "            return 1\n"
        "        return inner\n"
        "if True:\n"
        "    def long():\n" + body.replace("    ", "        ") + "\n"
    )
    measured = {m.qualname: m for m in measure_source(source, "m", "m.py")}
    assert measured["Outer.method"].code_lines == 4
    assert measured["Outer.method.<locals>.inner"].code_lines == 2
    assert measured["long"].code_lines == MAX_CODE_LINES + 1
    assert measured["long"].where() == f"m.py:10 long ({MAX_CODE_LINES + 1} code lines)"
