"""Square grid (SAS boards): adjacency, distance, labels, edges."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.geometry.square import DIRECTIONS, SquareGrid, column_letters, direction_between, step
from app.geometry.topology import EdgeFeature, GeometryError, Topology

WALL = EdgeFeature("low_wall")


def open_grid(width: int = 10, height: int = 8) -> SquareGrid:
    return SquareGrid(width, height, {(x, y): "open" for x in range(width) for y in range(height)})


cells = st.tuples(st.integers(0, 9), st.integers(0, 7))


def test_is_a_topology() -> None:
    grid = open_grid()
    assert isinstance(grid, Topology)
    assert grid.kind == "square"


def test_step_and_direction() -> None:
    assert step((3, 3), "N") == (3, 2)
    assert step((3, 3), "SE") == (4, 4)
    assert direction_between((3, 3), (2, 2)) == "NW"
    assert direction_between((3, 3), (5, 3)) is None
    for d in DIRECTIONS:
        assert direction_between((0, 0), step((0, 0), d)) == d


def test_labels() -> None:
    grid = SquareGrid(30, 6, {(0, 0): "a", (26, 4): "b", (1, 1): "c"}, labels={(1, 1): "Gate"})
    assert grid.label((0, 0)) == "A1"
    assert grid.label((26, 4)) == "AA5"
    assert grid.label((1, 1)) == "Gate"
    assert column_letters(25) == "Z"
    assert column_letters(52) == "BA"


def test_holes_and_neighbours() -> None:
    terrain = {(x, y): "open" for x in range(3) for y in range(3) if (x, y) != (1, 1)}
    grid = SquareGrid(3, 3, terrain)
    assert not grid.contains((1, 1))
    assert grid.neighbours((0, 0)) == ((1, 0), (0, 1))
    assert len(grid.locations()) == 8
    assert grid.locations()[0] == (0, 0)
    assert grid.locate(1.5, 1.5) is None
    assert grid.locate(2.2, 0.9) == (2, 0)


def test_outside_board_rejected() -> None:
    with pytest.raises(GeometryError):
        SquareGrid(2, 2, {(2, 0): "open"})


def test_edges() -> None:
    grid = SquareGrid(
        3, 3, {(x, y): "o" for x in range(3) for y in range(3)}, edges={frozenset({(0, 0), (1, 0)}): (WALL,)}
    )
    assert grid.edge_between((1, 0), (0, 0)) == (WALL,)
    assert grid.edge_features((0, 0), (1, 1)) == ()
    assert grid.edge_segment((0, 0), (1, 0)) == ((1.0, 0.0), (1.0, 1.0))
    assert grid.edge_segment((1, 1), (1, 0)) == ((1.0, 1.0), (2.0, 1.0))
    assert grid.edge_segment((0, 0), (1, 1)) == ((1.0, 1.0), (1.0, 1.0))
    with pytest.raises(GeometryError):
        grid.edge_segment((0, 0), (2, 0))
    with pytest.raises(GeometryError):
        SquareGrid(3, 3, {}, edges={frozenset({(0, 0), (1, 1)}): (WALL,)})


def test_step_edges() -> None:
    grid = open_grid()
    assert grid.step_edges((1, 1), (1, 0)) == (((1, 1), (1, 0)),)
    assert grid.step_edges((1, 1), (2, 0)) == (
        ((1, 1), (2, 1)),
        ((1, 1), (1, 0)),
        ((2, 1), (2, 0)),
        ((1, 0), (2, 0)),
    )
    with pytest.raises(GeometryError):
        grid.step_edges((1, 1), (3, 1))


def test_shapes_and_bounds() -> None:
    grid = open_grid()
    assert grid.shape((2, 3)) is grid.shape((2, 3))
    assert grid.shape((2, 3)).area == pytest.approx(1.0)
    assert grid.centre((2, 3)) == (2.5, 3.5)
    assert grid.polygon((0, 0)) == [(0, 0), (1, 0), (1, 1), (0, 1)]
    assert grid.bounds() == (0, 0, 10, 8)
    assert grid.terrain((0, 0)) == "open"


@settings(max_examples=150, deadline=None)
@given(cells, cells, cells)
def test_distance_is_a_metric(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> None:
    grid = open_grid()
    assert grid.distance(a, b) == grid.distance(b, a)
    assert grid.distance(a, c) <= grid.distance(a, b) + grid.distance(b, c)
    assert (grid.distance(a, b) == 0) == (a == b)


@settings(max_examples=100, deadline=None)
@given(cells)
def test_neighbours_symmetric_at_distance_one(a: tuple[int, int]) -> None:
    grid = open_grid()
    for n in grid.neighbours(a):
        assert grid.distance(a, n) == 1
        assert a in grid.neighbours(n)
    assert len(grid.neighbours(a)) == sum(1 for c in grid.locations() if grid.distance(a, c) == 1)
