"""No import cycle anywhere in app/ (DESIGN §3a, issue 13 item 5).

The import graph comes from grimp (the library behind import-linter). It holds every import statement of every
module — module level, inside functions and under ``TYPE_CHECKING`` alike — so a cycle cannot be hidden by moving an
import into a function. A cycle is a strongly connected component of more than one module.
"""

from __future__ import annotations

import textwrap
from collections import deque
from pathlib import Path

import grimp
import pytest


def _strongly_connected(graph: grimp.ImportGraph, modules: set[str]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root in sorted(modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root) & modules)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(component)
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child) & modules))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def _one_cycle(graph: grimp.ImportGraph, component: set[str]) -> list[str]:
    """A shortest cycle through the first module of ``component`` (breadth-first inside the component)."""
    start = min(component)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for child in sorted(graph.find_modules_directly_imported_by(node) & component):
            if child == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [start, *reversed(path[:-1]), start]
            if child not in came_from:
                came_from[child] = node
                queue.append(child)
    return sorted(component)


def import_cycles(package: str) -> list[list[str]]:
    """One cycle (``a -> b -> ... -> a``) for every tangle of modules that import each other in ``package``."""
    graph = grimp.build_graph(package, cache_dir=None)
    modules = set(graph.modules)
    return [_one_cycle(graph, c) for c in _strongly_connected(graph, modules)]


def test_no_import_cycle_in_app() -> None:
    """Every module of app/ can be ordered so that each imports only modules before it (DESIGN §3a)."""
    cycles = import_cycles("app")
    assert not cycles, "import cycles in app/:\n" + "\n".join(" -> ".join(c) for c in cycles)


SAS = "app.systems.sas"
SAS_FOUNDATION = {
    f"{SAS}.{m}"
    for m in (
        "tables",
        "messages",
        "mission",
        "position",  # the mission file's position section: data, like the mission
        "state",
        "names",
        "context",
        "board.facing",
        "vehicles.shape",
    )
} | {f"{SAS}.tiles.{m}" for m in ("board", "library", "checks")}  # the tile-library format the mission's board uses
SAS_BOARD = {
    f"{SAS}.{m}"
    for m in ("board.rooms", "board.movement", "board.reasons", "board.vision", "board.windows", "operators.scuba")
}


def _sas_imports_beyond(graph: grimp.ImportGraph, modules: set[str], allowed: set[str]) -> list[str]:
    """Imports from ``modules`` of SAS modules outside ``allowed``."""
    found = []
    for module in sorted(modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if imported.startswith(SAS + ".") and imported not in allowed:
                found.append(f"{module} -> {imported}")
    return found


def test_sas_rules_build_on_the_foundation_and_the_board() -> None:
    """The SAS rules follow the rulebook upward: the data, the state and the mission (with the squares a facing or a
    vehicle token covers) know no rules; the board (rooms, movement, sight, water) knows only them. Acyclic imports
    (above) then order everything else: combat, the actors, the phases, the system."""
    graph = grimp.build_graph("app", cache_dir=None)
    assert set(graph.modules) >= SAS_FOUNDATION | SAS_BOARD
    wrong = _sas_imports_beyond(graph, SAS_FOUNDATION, SAS_FOUNDATION)
    wrong += _sas_imports_beyond(graph, SAS_BOARD, SAS_FOUNDATION | SAS_BOARD)
    assert not wrong, "SAS imports against the rulebook's direction:\n" + "\n".join(wrong)


def test_a_function_level_cycle_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check sees imports inside functions and under TYPE_CHECKING, and tells acyclic imports apart."""
    package = tmp_path / "tangle"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "low.py").write_text("def f():\n    from tangle import high\n    return high\n")
    (package / "high.py").write_text("from tangle import low\n")
    (package / "typed.py").write_text(
        textwrap.dedent(
            """
            from typing import TYPE_CHECKING
            if TYPE_CHECKING:
                from tangle.user import User
            """
        )
    )
    (package / "user.py").write_text("from tangle import typed, low\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    cycles = import_cycles("tangle")
    assert sorted(sorted(c[:-1]) for c in cycles) == [["tangle.high", "tangle.low"], ["tangle.typed", "tangle.user"]]
