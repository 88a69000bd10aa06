"""No import circle among the engine's modules (issue "[simplify]").

The evidence modules once imported ``measured_mfu_for`` back from
``engine.evaluate`` ("evaluate imports us"), an 11-module circle through the
scenarios, the step issues and the test kit. What evidence needs now sits
below it (:mod:`gpu_advisor.engine.evidence.measured`); ``evaluate`` is above
every rule module. Imports under ``if TYPE_CHECKING:`` never run and are left
out.
"""

from __future__ import annotations

from functools import cache

import grimp

ENGINE = "gpu_advisor.engine"


@cache
def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("gpu_advisor", exclude_type_checking_imports=True)


def _cycles(graph: grimp.ImportGraph) -> list[frozenset[str]]:
    """The engine's strongly connected groups of more than one module (Tarjan)."""
    modules = sorted(m for m in graph.modules if m.startswith(ENGINE))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(start: str) -> None:
        # iterative Tarjan: (module, its engine imports, next position)
        work = [(start, sorted(_engine_imports(graph, start)), 0)]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            module, targets, at = work[-1]
            if at < len(targets):
                work[-1] = (module, targets, at + 1)
                target = targets[at]
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, sorted(_engine_imports(graph, target)), 0))
                elif target in on_stack:
                    low[module] = min(low[module], index[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == module:
                        break
                if len(group) > 1:
                    found.append(frozenset(group))

    for module in modules:
        if module not in index:
            visit(module)
    return found


def _engine_imports(graph: grimp.ImportGraph, module: str) -> set[str]:
    return {
        m
        for m in graph.find_modules_directly_imported_by(module)
        if m.startswith(ENGINE)
    }


def test_no_import_cycle_among_the_engine_modules() -> None:
    cycles = _cycles(_graph())
    assert cycles == [], [sorted(c) for c in cycles]


def test_evidence_never_imports_evaluate() -> None:
    graph = _graph()
    chain = graph.find_shortest_chain(
        importer=f"{ENGINE}.evidence", imported=f"{ENGINE}.evaluate", as_packages=True
    )
    assert chain is None, chain


def test_the_finder_finds_a_circle() -> None:
    """The test above could fail: a circle added to a copy of the graph is found."""
    graph = grimp.build_graph("gpu_advisor", exclude_type_checking_imports=True)
    graph.add_import(
        importer=f"{ENGINE}.evidence.measured", imported=f"{ENGINE}.evaluate"
    )
    assert any(
        {f"{ENGINE}.evaluate", f"{ENGINE}.evidence.measured"} <= c
        for c in _cycles(graph)
    )
