"""Geomorphic hex tiles: turning, laying out, and two tiles joined into one board (DESIGN §5).

The board assembly is generic over the grid: the same ``kind: "tiled"`` board spec lays out hex tiles from a
library that hands out :class:`~app.geometry.hextiles.HexTile` values (here a small library of the test's own).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.geometry.hexgrid import AXIAL_DIRECTIONS, HexGrid, hex_distance
from app.geometry.hextiles import HexPlacement, HexTile, assemble_hexes, turn_direction, turn_hex
from app.geometry.tiles import Mark
from app.geometry.topology import EdgeFeature, GeometryError
from app.scenario.boards import BoardError, TiledBoardSpec, build_board

RIVER = (EdgeFeature("river"),)


def _patch(orientation: str = "flat") -> HexTile:
    """A seven-hex tile: a centre hex and its ring; a wood to the E, a river on its E rim, a town mark."""
    terrain = dict.fromkeys([(0, 0), *AXIAL_DIRECTIONS], "clear")
    terrain[(1, 0)] = "woods"
    return HexTile(
        orientation,  # type: ignore[arg-type]
        terrain,
        {frozenset({(1, 0), (2, 0)}): RIVER},  # the rim hexside towards E: half outside the tile
        {(1, 0): (Mark("town", ("0",), (("name_en", "Mill"),)),)},
    )


class _Library:
    """A tile library of hex tiles (TileSource): two geomorphic tiles, each printed on side A."""

    id = "hex_test"

    def __init__(self) -> None:
        self.tiles = {"north": _patch(), "south": _patch()}

    def tile_kind(self, tile_id: str) -> str:
        self.tiles[tile_id]  # KeyError for an unknown tile
        return "map"

    def tile_sides(self, tile_id: str) -> tuple[str, ...]:
        return ("A",)

    def tile_grid(self, tile_id: str, side: str) -> HexTile:
        return self.tiles[tile_id]


def test_a_sixth_turn_is_clockwise_on_screen_and_six_make_a_full_turn() -> None:
    east, south_east = AXIAL_DIRECTIONS[0], AXIAL_DIRECTIONS[5]
    assert turn_hex(east, 1) == south_east  # y grows down: E turns to SE
    for h in [(2, -1), (0, 3), (-1, -1)]:
        assert turn_hex(h, 6) == h
        assert hex_distance(turn_hex(h, 1), (0, 0)) == hex_distance(h, (0, 0))
    assert turn_direction("0", 1) == "5" and turn_direction("5", 2) == "3" and turn_direction("N", 1) == "N"


def test_a_turned_tile_keeps_its_terrain_hexsides_and_marks_together() -> None:
    tile = _patch().rotated(2)  # 120° clockwise: the E hex goes to SW
    south_west = turn_hex((1, 0), 2)
    assert south_west == AXIAL_DIRECTIONS[4]
    assert tile.terrain[south_west] == "woods"
    assert tile.hexsides == {frozenset({south_west, turn_hex((2, 0), 2)}): RIVER}
    assert tile.marks[south_west][0].directions == ("4",)  # the mark's arrow turned with the tile


def test_two_turned_hex_tiles_make_one_board_adjacent_across_the_seam() -> None:
    """A geomorphic hex board of two tiles, the second turned 180°: hexes meet across the seam."""
    library = _Library()
    spec = TiledBoardSpec.model_validate(
        {
            "kind": "tiled",
            "library": "hex_test.json",
            "tiles": [
                {"tile": "north", "side": "A", "at": [2, 2]},
                {"tile": "south", "side": "A", "at": [5, 1], "rotation": 180},
            ],
        }
    )
    board = build_board(spec, Path, lambda _path: library)
    grid = board.topology
    assert isinstance(grid, HexGrid) and len(grid.locations()) == 14
    north_wood, south_wood = (3, 2), (4, 1)  # the second tile's E hex is turned to the W, next to the first's
    assert grid.terrain(north_wood) == "woods" and grid.terrain(south_wood) == "woods"
    assert south_wood in grid.neighbours(north_wood)  # adjacency across the seam between the tiles
    assert grid.edge_features(north_wood, (4, 2)) == RIVER  # the first tile's rim river lies on the seam
    assert grid.edge_features(south_wood, (3, 1)) == RIVER  # the turned tile's river, on the same seam
    assert board.marks[south_wood][0].directions == ("3",)  # the turned town's arrow points W
    assert [name for name, _ in board.tile_outlines] == ["north/A", "south/A"]
    assert all(len(corners) == 18 for _, corners in board.tile_outlines)  # the rim of seven hexes


def test_overlapping_hex_tiles_and_bad_turns_are_refused_with_both_tiles_named() -> None:
    tile = _patch()
    with pytest.raises(GeometryError, match=r"B overlaps A at hex \(1, 0\)"):
        assemble_hexes([HexPlacement(tile, (0, 0), 0, "A"), HexPlacement(tile, (1, 0), 0, "B")])
    with pytest.raises(GeometryError, match="not a multiple of 60"):
        assemble_hexes([HexPlacement(tile, (0, 0), 90, "A")])
    with pytest.raises(GeometryError, match="pointy hexes"):
        assemble_hexes([HexPlacement(tile, (0, 0), 0, "A"), HexPlacement(_patch("pointy"), (5, 5), 0, "B")])
    spec = TiledBoardSpec.model_validate(
        {"kind": "tiled", "library": "x", "tiles": [{"tile": "north", "side": "A", "at": [0, 0], "rotation": 90}]}
    )
    with pytest.raises(BoardError, match="not a multiple of 60"):
        build_board(spec, Path, lambda _path: _Library())
    with pytest.raises(BoardError, match="tile-library reader"):
        build_board(spec, Path)
