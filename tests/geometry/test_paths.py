"""Shortest paths with rules-supplied move costs."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.geometry.paths import all_shortest_paths, costs_from, search, shortest_path
from app.geometry.square import SquareGrid
from app.geometry.topology import Loc


def grid(n: int = 6, rough: frozenset[tuple[int, int]] = frozenset()) -> SquareGrid:
    return SquareGrid(n, n, {(x, y): ("rough" if (x, y) in rough else "open") for x in range(n) for y in range(n)})


def orthogonal_cost(board: SquareGrid):  # type: ignore[no-untyped-def]
    def cost(a: Loc, b: Loc) -> float | None:
        (ax, ay), (bx, by) = a, b  # type: ignore[misc]
        if ax != bx and ay != by:
            return None
        return 2.0 if board.terrain(b) == "rough" else 1.0

    return cost


def test_straight_path() -> None:
    board = grid()
    path = shortest_path(board, (0, 0), (3, 0), orthogonal_cost(board))
    assert path == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert shortest_path(board, (1, 1), (1, 1), orthogonal_cost(board)) == [(1, 1)]


def test_all_tied_paths() -> None:
    board = grid()
    paths = all_shortest_paths(board, (0, 0), (2, 2), orthogonal_cost(board))
    assert len(paths) == 6  # C(4, 2) ways to order two rights and two downs
    assert len({tuple(p) for p in paths}) == 6
    assert all(p[0] == (0, 0) and p[-1] == (2, 2) and len(p) == 5 for p in paths)
    assert all_shortest_paths(board, (0, 0), (2, 2), orthogonal_cost(board), limit=2) == paths[:2]
    assert shortest_path(board, (0, 0), (2, 2), orthogonal_cost(board)) == paths[0]


def test_unreachable_and_max_cost() -> None:
    board = grid()

    def walls(a: Loc, b: Loc) -> float | None:
        return None if b[0] == 3 else 1.0  # type: ignore[index]

    assert shortest_path(board, (0, 0), (5, 5), walls) is None
    assert all_shortest_paths(board, (0, 0), (5, 5), walls) == []
    near = costs_from(board, (0, 0), orthogonal_cost(board), max_cost=2)
    assert set(near) == {(0, 0), (1, 0), (2, 0), (0, 1), (0, 2), (1, 1)}


rough_sets = st.frozensets(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=12)
cells = st.tuples(st.integers(0, 5), st.integers(0, 5))


def path_cost(path: list[Loc], cost) -> float:  # type: ignore[no-untyped-def]
    return sum(cost(a, b) for a, b in itertools.pairwise(path))


@settings(max_examples=120, deadline=None)
@given(rough_sets, cells, cells)
def test_path_cost_matches_dijkstra(
    rough: frozenset[tuple[int, int]], start: tuple[int, int], goal: tuple[int, int]
) -> None:
    board = grid(rough=rough)
    cost = orthogonal_cost(board)
    best = costs_from(board, start, cost)
    path = shortest_path(board, start, goal, cost)
    assert path is not None
    assert path[0] == start and path[-1] == goal
    assert path_cost(path, cost) == best[goal]
    tied = all_shortest_paths(board, start, goal, cost, limit=16)
    assert tied and all(path_cost(p, cost) == best[goal] for p in tied)
    assert len({tuple(p) for p in tied}) == len(tied)
    for a, b in itertools.pairwise(path):
        assert b in board.neighbours(a)


# --- the one search over any weighted graph (poses, nodes with flags, locations) ---------------------------------

ROADS: dict[str, list[tuple[str, int, str]]] = {
    "a": [("b", 1, "a-b"), ("c", 4, "a-c")],
    "b": [("c", 1, "b-c"), ("d", 5, "b-d")],
    "c": [("d", 1, "c-d")],
    "d": [],
}


def test_search_labels_costs_and_discovery_order() -> None:
    """Integer costs stay integers; each node's way is labelled step by step; nodes come in the order reached."""
    found = search("a", lambda n: iter(ROADS[n]))
    assert found.cost == {"a": 0, "b": 1, "c": 2, "d": 3}
    assert list(found.cost) == ["a", "b", "c", "d"]
    assert all(isinstance(v, int) for v in found.cost.values())
    assert found.labels_to("d") == ("a-b", "b-c", "c-d")
    assert found.nodes_to("d") == ["a", "b", "c", "d"]
    assert found.found is None


def test_search_limit_goal_and_negative_costs() -> None:
    """``max_cost`` leaves out dearer nodes; ``goal`` stops at the first goal taken off the queue."""
    assert set(search("a", lambda n: iter(ROADS[n]), max_cost=1).cost) == {"a", "b"}
    found = search("a", lambda n: iter(ROADS[n]), goal=lambda n: n in ("c", "d"))
    assert found.found == "c"
    assert "d" not in found.cost or found.cost["d"] >= found.cost["c"]
    with pytest.raises(ValueError, match="negative step cost"):
        search("a", lambda n: iter([("b", -1, "")]) if n == "a" else iter([]))


def test_search_ties_and_first_way_on_a_tie() -> None:
    """With ``all_ties`` every predecessor on a tied cheapest way is kept; ``back`` keeps the first way found."""
    diamond = {"s": [("l", 1, "L"), ("r", 1, "R")], "l": [("t", 1, "l")], "r": [("t", 1, "r")], "t": []}
    found = search("s", lambda n: iter(diamond[n]), all_ties=True)
    assert found.ties["t"] == ["l", "r"]
    assert found.labels_to("t") == ("L", "l")
    assert found.lowered["l"] < found.lowered["r"]
