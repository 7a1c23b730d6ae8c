"""Hex grids: offset/axial conversion, printed IDs, adjacency and hexsides."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.geometry.hexgrid import AXIAL_DIRECTIONS, HexGrid
from app.geometry.topology import EdgeFeature, GeometryError, Topology

RIVER = EdgeFeature("river")


def typhoon() -> HexGrid:
    return HexGrid("flat", "odd", 12, 10, terrain={(4, 5): "woods"}, hexsides={frozenset({(0, 0), (1, 0)}): (RIVER,)})


def commands_and_colors() -> HexGrid:
    board = HexGrid("pointy", "odd", 13, 9)
    present = [board.from_offset(c, r) for r in range(9) for c in range(13 if r % 2 == 0 else 12)]
    return HexGrid("pointy", "odd", 13, 9, present=present, id_format="{col},{row}")


LAYOUTS = [("flat", "odd"), ("flat", "even"), ("pointy", "odd"), ("pointy", "even")]


@pytest.mark.parametrize(("orientation", "offset"), LAYOUTS)
def test_offset_round_trip_and_neighbours_touch(orientation: str, offset: str) -> None:
    grid = HexGrid(orientation, offset, 6, 5)  # type: ignore[arg-type]
    assert isinstance(grid, Topology) and grid.kind == "hex"
    for col in range(6):
        for row in range(5):
            assert grid.to_offset(grid.from_offset(col, row)) == (col, row)
    for h in grid.locations():
        for n in grid.neighbours(h):
            (ax, ay), (bx, by) = grid.centre(h), grid.centre(n)
            assert math.hypot(ax - bx, ay - by) == pytest.approx(math.sqrt(3))
            assert grid.shape(h).buffer(1e-9).intersection(grid.shape(n).boundary).length == pytest.approx(1.0)
            p, q = grid.edge_segment(h, n)
            assert grid.shape(h).boundary.distance(grid.shape(n).boundary) == 0
            assert math.dist(p, q) == pytest.approx(1.0)
            for point in (p, q):
                assert min(math.dist(point, c) for c in grid.polygon(h)) < 1e-9


def test_typhoon_labels_are_odd_q() -> None:
    grid = typhoon()
    h = grid.from_label("0508")
    assert grid.to_offset(h) == (4, 7)
    assert grid.label(h) == "0508"
    # Odd-q: column 05 (0-based 4, even) and 06 (0-based 5, odd, shoved down) neighbours.
    assert grid.from_label("0608") in grid.neighbours(h)
    assert grid.from_label("0607") in grid.neighbours(h)
    assert grid.from_label("0609") not in grid.neighbours(h)
    with pytest.raises(GeometryError):
        grid.from_label("9999")


def test_typhoon_terrain_and_hexsides() -> None:
    grid = typhoon()
    assert grid.terrain((4, 5)) == "woods"
    assert grid.terrain((0, 0)) == "clear"
    assert grid.edge_features((1, 0), (0, 0)) == (RIVER,)
    assert grid.edge_features((0, 0), (0, 1)) == ()
    assert grid.direction_index((0, 0), (1, 0)) == 0
    assert grid.direction_index((0, 0), (2, 0)) is None
    with pytest.raises(GeometryError):
        grid.edge_segment((0, 0), (2, 0))


def test_commands_and_colors_board() -> None:
    grid = commands_and_colors()
    assert len(grid.locations()) == 13 * 5 + 12 * 4
    assert grid.label(grid.from_offset(0, 0)) == "1,1"
    corner = grid.from_offset(12, 0)
    assert len(grid.neighbours(corner)) == 2
    assert not grid.contains(grid.from_offset(12, 1))


@pytest.mark.parametrize(("orientation", "offset"), LAYOUTS)
def test_locate_finds_centres_and_bounds_cover(orientation: str, offset: str) -> None:
    grid = HexGrid(orientation, offset, 5, 4)  # type: ignore[arg-type]
    minx, miny, maxx, maxy = grid.bounds()
    for h in grid.locations():
        x, y = grid.centre(h)
        assert grid.locate(x, y) == h
        assert grid.locate(x + 0.4, y - 0.3) == h
        bx0, by0, bx1, by1 = grid.shape(h).bounds
        assert minx - 1e-9 <= bx0 and bx1 <= maxx + 1e-9 and miny - 1e-9 <= by0 and by1 <= maxy + 1e-9
    assert grid.locate(-50, -50) is None


hexes = st.tuples(st.integers(0, 9), st.integers(0, 9))


@settings(max_examples=150, deadline=None)
@given(hexes, hexes, hexes, st.sampled_from(LAYOUTS))
def test_distance_is_a_metric(
    a: tuple[int, int], b: tuple[int, int], c: tuple[int, int], layout: tuple[str, str]
) -> None:
    grid = HexGrid(layout[0], layout[1], 10, 10)  # type: ignore[arg-type]
    a, b, c = grid.from_offset(*a), grid.from_offset(*b), grid.from_offset(*c)
    assert grid.distance(a, b) == grid.distance(b, a)
    assert grid.distance(a, c) <= grid.distance(a, b) + grid.distance(b, c)
    for n in grid.neighbours(a):
        assert grid.distance(a, n) == 1
        assert a in grid.neighbours(n)
        assert grid.direction_index(n, a) == (grid.direction_index(a, n) + 3) % 6  # type: ignore[operator]
    # Euclidean centre distance grows with hex distance: at least 1.5 per step beyond the first.
    (ax, ay), (bx, by) = grid.centre(a), grid.centre(b)
    assert math.hypot(ax - bx, ay - by) <= math.sqrt(3) * grid.distance(a, b) + 1e-9


def test_axial_directions_are_six_unit_steps() -> None:
    assert len(set(AXIAL_DIRECTIONS)) == 6
