"""Geomorphic hex tiles: small hex grids placed on the table with a rotation (DESIGN §5).

The hex counterpart of :mod:`app.geometry.tiles`: a :class:`HexTile` is described in its own axial
coordinates; :func:`assemble_hexes` turns each placed tile clockwise by sixth turns, shifts it to its axial
origin and merges everything into one :class:`~app.geometry.hexgrid.HexGrid` plus the marks printed on the
tiles. Neighbouring tiles join along their seam: two hexes on either side of it are adjacent like any other
pair, and a hexside feature printed at a tile's rim lies on the shared hexside.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from app.geometry.hexgrid import AXIAL_DIRECTIONS, Hex, HexGrid
from app.geometry.tiles import Mark
from app.geometry.topology import EdgeFeature, GeometryError, merge_features

Hexside = frozenset[Hex]


def turn_hex(h: Hex, sixth_turns: int) -> Hex:
    """Return axial hex ``h`` turned clockwise on screen (y down) about ``(0, 0)`` by ``sixth_turns`` × 60°."""
    q, r = h
    for _ in range(sixth_turns % 6):
        q, r = -r, q + r
    return (q, r)


def turn_direction(index: str, sixth_turns: int) -> str:
    """Return a hex direction index ("0".."5", counter-clockwise from E/SE) turned clockwise by sixth turns."""
    if not index.isdigit() or not 0 <= int(index) < len(AXIAL_DIRECTIONS):
        return index
    return str((int(index) - sixth_turns) % len(AXIAL_DIRECTIONS))


def _turn_mark(mark: Mark, sixth_turns: int) -> Mark:
    return Mark(mark.kind, tuple(turn_direction(d, sixth_turns) for d in mark.directions), mark.props)


@dataclass(frozen=True)
class HexTile:
    """One side of a geomorphic hex tile in its own axial coordinates.

    Attributes:
        orientation: ``"flat"`` or ``"pointy"`` hexes (every tile of a board shares one orientation).
        terrain: Terrain id of every hex of the tile (the keys are the tile's hexes).
        hexsides: Features by hexside ``frozenset({a, b})``; one of the two hexes may lie outside the tile
            (a river along the tile's rim).
        marks: Marks printed on hexes; their directions are hex direction indices as strings ("0".."5").
    """

    orientation: Literal["flat", "pointy"]
    terrain: Mapping[Hex, str]
    hexsides: Mapping[Hexside, tuple[EdgeFeature, ...]] = field(default_factory=dict)
    marks: Mapping[Hex, tuple[Mark, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        stray = [h for h in self.marks if h not in self.terrain]
        if stray:
            raise GeometryError(f"marks on hexes {sorted(stray)} that are not on the tile")

    def rotated(self, sixth_turns: int) -> HexTile:
        """Return the tile turned clockwise about its hex ``(0, 0)`` by ``sixth_turns`` × 60° (taken modulo 6)."""
        k = sixth_turns % 6
        if k == 0:
            return self
        return HexTile(
            self.orientation,
            {turn_hex(h, k): kind for h, kind in self.terrain.items()},
            {frozenset(turn_hex(h, k) for h in side): f for side, f in self.hexsides.items()},
            {turn_hex(h, k): tuple(_turn_mark(m, k) for m in ms) for h, ms in self.marks.items()},
        )

    def shifted(self, origin: Hex) -> HexTile:
        """Return the tile moved so that its hex ``(0, 0)`` lies on axial hex ``origin``."""
        dq, dr = origin

        def move(h: Hex) -> Hex:
            return (h[0] + dq, h[1] + dr)

        return HexTile(
            self.orientation,
            {move(h): kind for h, kind in self.terrain.items()},
            {frozenset(move(h) for h in side): f for side, f in self.hexsides.items()},
            {move(h): ms for h, ms in self.marks.items()},
        )


@dataclass(frozen=True)
class HexPlacement:
    """A hex tile laid on the table.

    Attributes:
        tile: The tile side used.
        origin: Axial board hex where the tile's own hex ``(0, 0)`` lies after turning.
        rotation: Clockwise rotation in degrees, a multiple of 60.
        source: Tile id/side for messages, e.g. ``"tile 3B"``.
    """

    tile: HexTile
    origin: Hex
    rotation: int = 0
    source: str = ""

    def name(self, index: int) -> str:
        """Return how messages name this placement."""
        return self.source or f"placement #{index + 1}"

    def placed(self) -> HexTile:
        """The tile turned and moved to where it lies on the board.

        Raises:
            GeometryError: The rotation is not a multiple of 60.
        """
        if self.rotation % 60 != 0:
            raise GeometryError(f"{self.name(0)}: rotation {self.rotation} is not a multiple of 60")
        return self.tile.rotated(self.rotation // 60).shifted(self.origin)


def assemble_hexes(placements: Sequence[HexPlacement]) -> tuple[HexGrid, dict[Hex, tuple[Mark, ...]]]:
    """Build one hex board from placed hex tiles.

    Args:
        placements: The tiles laid on the table (at least one; all of one orientation).

    Returns:
        The hex grid (only the tiles' hexes are present) and the marks by board hex.

    Raises:
        GeometryError: No tiles, tiles of different orientations, two tiles overlapping (both named), or a
            rotation that is not a multiple of 60.
    """
    if not placements:
        raise GeometryError("a tiled hex board needs at least one tile")
    orientation = placements[0].tile.orientation
    terrain: dict[Hex, str] = {}
    owner: dict[Hex, int] = {}
    sides: dict[Hexside, tuple[EdgeFeature, ...]] = {}
    marks: dict[Hex, tuple[Mark, ...]] = {}
    for index, placement in enumerate(placements):
        if placement.tile.orientation != orientation:
            raise GeometryError(f"{placement.name(index)} has {placement.tile.orientation} hexes, not {orientation}")
        tile = placement.placed()
        for h, kind in tile.terrain.items():
            if h in owner:
                other = placements[owner[h]].name(owner[h])
                raise GeometryError(f"{placement.name(index)} overlaps {other} at hex {h}")
            owner[h], terrain[h] = index, kind
        for side, features in tile.hexsides.items():
            sides[side] = merge_features(sides.get(side, ()), features)
        marks.update(tile.marks)
    return _grid(orientation, terrain, sides), marks


def _grid(
    orientation: Literal["flat", "pointy"], terrain: dict[Hex, str], sides: dict[Hexside, tuple[EdgeFeature, ...]]
) -> HexGrid:
    """A hex grid of exactly the tiles' hexes, its printed columns and rows spanning them."""
    probe = HexGrid(orientation, "odd", 0, 0, present=())
    offsets = [probe.to_offset(h) for h in terrain]
    columns = max(c for c, _ in offsets) + 1
    rows = max(r for _, r in offsets) + 1
    return HexGrid(orientation, "odd", columns, rows, terrain, terrain.keys(), sides)
