"""The engine builds its results plainly and keeps no cache between calls.

Every result model is made by its own constructor, with validation on (the
models refuse NaN, infinities and values out of their bounds); nothing is set
through pydantic's internals, and no model is changed after it was made.
The engine's functions are pure: apart from the registries listed in
:data:`REGISTRIES`, no module-level container is changed by a function, so
no call can depend on what an earlier call left behind.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import gpu_advisor.engine

ENGINE = Path(gpu_advisor.engine.__file__).parent
SOURCES = sorted(ENGINE.rglob("*.py"))

FORBIDDEN = {
    "object.__new__": re.compile(r"object\.__new__"),
    "a slot descriptor's __set__": re.compile(r"__set__\b"),
    "model_construct": re.compile(r"\bmodel_construct\b"),
    "a hand-made construct or made": re.compile(
        r"\bdef\s+_?(construct|made)\b|\bimport\b.*\b_?(construct|made)\b"
    ),
}
"""What the engine must not contain: ways of making a model around its
constructor (text anywhere in a file, comments and docstrings included)."""

REGISTRIES: dict[tuple[str, str], str] = {}
"""Module-level containers a function may fill, ``(file, name): reason``:
registries filled once while the module is imported, not caches. There is
none today: the wording of each finding type is registered with
``functools.singledispatch`` (``cost/wording.py``, ``sentences.register``),
whose registry lives in the function, not in a module-level container."""

PENDING: dict[str, str] = {}
"""Files outside this check for now, with the reason. An entry is stale (and
:func:`test_pending_files_still_need_their_exception` fails) once its file
is clean."""

_MUTATING = frozenset(
    {
        "append",
        "extend",
        "insert",
        "add",
        "update",
        "setdefault",
        "pop",
        "popitem",
        "remove",
        "discard",
        "clear",
        "__setitem__",
        "__delitem__",
    }
)
_CONTAINER_CALLS = frozenset(
    {"dict", "list", "set", "defaultdict", "OrderedDict", "Counter", "deque"}
)


def _is_container(node: ast.expr | None) -> bool:
    """A dict, list or set literal, comprehension or constructor call."""
    if isinstance(
        node, ast.Dict | ast.List | ast.Set | ast.DictComp | ast.ListComp | ast.SetComp
    ):
        return True
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        return name in _CONTAINER_CALLS
    return False


def _module_containers(tree: ast.Module) -> set[str]:
    """Names bound at module level to a mutable container."""
    names: set[str] = set()
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and _is_container(stmt.value):
            names |= {t.id for t in stmt.targets if isinstance(t, ast.Name)}
        elif (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and _is_container(stmt.value)
        ):
            names.add(stmt.target.id)
    return names


def _mutated_in_functions(tree: ast.Module, names: set[str]) -> set[str]:
    """Those of ``names`` a function changes: item assigned or deleted, or a
    mutating method called."""
    found: set[str] = set()
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        for node in ast.walk(func):
            if (
                isinstance(node, ast.Subscript)
                and isinstance(node.ctx, ast.Store | ast.Del)
                and isinstance(node.value, ast.Name)
                and node.value.id in names
            ):
                found.add(node.value.id)
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in _MUTATING
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id in names
            ):
                found.add(node.func.value.id)
    return found


def _relative(path: Path) -> str:
    return path.relative_to(ENGINE).as_posix()


def forbidden_constructions(sources: list[Path] | None = None) -> list[str]:
    """``file:line: what`` for every forbidden way of making a model in
    ``sources`` (default: the engine's, less :data:`PENDING`)."""
    if sources is None:
        sources = [p for p in SOURCES if _relative(p) not in PENDING]
    out = []
    for path in sources:
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            for what, pattern in FORBIDDEN.items():
                if pattern.search(line):
                    out.append(f"{_relative(path)}:{number}: {what}: {line.strip()}")
    return out


def module_caches() -> list[str]:
    """``file: name`` for every module-level container a function changes
    that is not an allowed registry."""
    out = []
    for path in SOURCES:
        tree = ast.parse(path.read_text("utf-8"), str(path))
        rel = _relative(path)
        for name in sorted(_mutated_in_functions(tree, _module_containers(tree))):
            if (rel, name) not in REGISTRIES:
                out.append(f"{rel}: {name}")
    return out


def test_the_engine_makes_models_only_through_their_constructors() -> None:
    assert forbidden_constructions() == []


def test_the_engine_keeps_no_module_level_cache() -> None:
    assert module_caches() == []


def test_pending_files_still_need_their_exception() -> None:
    for rel in PENDING:
        assert forbidden_constructions([ENGINE / rel]), f"{rel} is clean now"


def test_the_allowed_registries_exist() -> None:
    """An allow-list entry whose container is gone or no longer filled by a
    function is stale."""
    for rel, name in REGISTRIES:
        tree = ast.parse((ENGINE / rel).read_text("utf-8"))
        assert name in _mutated_in_functions(tree, _module_containers(tree)), rel


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("_C = {}\ndef f(k):\n    _C[k] = 1\n", ["_C"]),
        ("_C: dict[int, int] = dict()\ndef f(k):\n    _C.setdefault(k, 1)\n", ["_C"]),
        ("_C = []\nclass A:\n    def f(self):\n        _C.append(1)\n", ["_C"]),
        ("_C = {1: 2}\ndef f(k):\n    return _C[k]\n", []),
        ("_C = {}\n_C[1] = 2\n", []),  # filled at module level: a table
        ("def f():\n    c = {}\n    c[1] = 2\n", []),
    ],
)
def test_the_cache_check_sees_containers_functions_change(
    source: str, found: list[str]
) -> None:
    tree = ast.parse(source)
    assert sorted(_mutated_in_functions(tree, _module_containers(tree))) == found
