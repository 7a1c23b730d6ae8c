"""Board tiles: rotation and assembly into one square grid."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.geometry.tiles import Mark, Placement, TileGrid, assemble, edge_cells, normalise_edge
from app.geometry.topology import EdgeFeature, GeometryError

WALL = EdgeFeature("high_wall")
HEDGE = EdgeFeature("hedge")
SENTRY = Mark("sentry", ("N", "E"), (("colour", "black"), ("solid", "NW")))


def tile_2x3() -> TileGrid:
    terrain = {(x, y): f"t{x}{y}" for x in range(2) for y in range(3)}
    return TileGrid(2, 3, terrain, {(0, 0, "E"): (WALL,), (1, 2, "S"): (HEDGE,)}, {(0, 0): (SENTRY,)})


def test_edges_are_normalised() -> None:
    tile = TileGrid(2, 1, {(0, 0): "a", (1, 0): "b"}, {(0, 0, "E"): (WALL,), (1, 0, "W"): (HEDGE,)}, {})
    assert tile.edges == {(1, 0, "W"): (WALL, HEDGE)}
    assert normalise_edge((2, 3, "S")) == (2, 4, "N")
    assert edge_cells((2, 4, "N")) == ((2, 3), (2, 4))
    with pytest.raises(GeometryError):
        normalise_edge((0, 0, "NE"))


def test_quarter_turn() -> None:
    turned = tile_2x3().rotated(1)
    assert (turned.width, turned.height) == (3, 2)
    assert turned.terrain[(2, 0)] == "t00"  # top-left goes to top-right
    assert turned.terrain[(0, 1)] == "t12"  # bottom-right goes to bottom-left
    assert turned.marks[(2, 0)] == (Mark("sentry", ("E", "S"), (("colour", "black"), ("solid", "NE"))),)
    # The wall east of (0, 0) becomes the wall south of the turned (2, 0).
    assert turned.edges[(2, 1, "N")] == (WALL,)


@settings(max_examples=100, deadline=None)
@given(st.integers(-8, 8))
def test_four_turns_are_identity(turns: int) -> None:
    tile = tile_2x3()
    assert tile.rotated(turns).rotated(4 - turns % 4) == tile
    assert tile.rotated(4) == tile
    once = tile
    for _ in range(4):
        once = once.rotated(1)
    assert once == tile


def test_assemble_joins_tiles_and_merges_border_edges() -> None:
    left = TileGrid(2, 2, {(x, y): "floor" for x in range(2) for y in range(2)}, {(1, 0, "E"): (WALL,)}, {})
    right = TileGrid(2, 2, {(x, y): "grass" for x in range(2) for y in range(2)}, {(0, 0, "W"): (HEDGE,)}, {})
    grid, marks = assemble([Placement(left, (0, 0), source="1A"), Placement(right, (2, 0), source="2B")])
    assert grid.width == 4 and grid.height == 2
    assert grid.terrain((3, 1)) == "grass"
    assert grid.edge_between((1, 0), (2, 0)) == (WALL, HEDGE)
    assert marks == {}


def test_assemble_rotates_marks() -> None:
    grid, marks = assemble([Placement(tile_2x3(), (1, 1), rotation=180, source="3A")])
    assert grid.contains((2, 3)) and not grid.contains((0, 0))
    assert marks[(2, 3)][0].directions == ("S", "W")
    assert dict(marks[(2, 3)][0].props)["solid"] == "SE"


def test_assemble_rejects_overlap_naming_both() -> None:
    tile = tile_2x3()
    with pytest.raises(GeometryError, match=r"2B.*1A"):
        assemble([Placement(tile, (0, 0), source="1A"), Placement(tile, (1, 1), 90, source="2B")])
    with pytest.raises(GeometryError, match="placement #2"):
        assemble([Placement(tile, (0, 0)), Placement(tile, (0, 0))])
    with pytest.raises(GeometryError):
        assemble([Placement(tile, (0, 0), rotation=45)])


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6), st.integers(0, 6), st.sampled_from([0, 90, 180, 270]))
def test_assemble_overlap_iff_cells_shared(x1: int, y1: int, x2: int, y2: int, rot: int) -> None:
    tile = tile_2x3()
    first, second = Placement(tile, (x1, y1)), Placement(tile, (x2, y2), rot)
    cells1 = {(x + x1, y + y1) for x, y in tile.terrain}
    cells2 = {(x + x2, y + y2) for x, y in tile.rotated(rot // 90).terrain}
    if cells1 & cells2:
        with pytest.raises(GeometryError):
            assemble([first, second])
    else:
        grid, _ = assemble([first, second])
        assert set(grid.locations()) == cells1 | cells2
