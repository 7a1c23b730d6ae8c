"""Tiled boards: boards laid out from a library of double-sided tiles, square or hex (DESIGN §5, §6).

What a tile looks like (its terrain legend, edge features and printed marks) belongs to the game system
that publishes the tile-library format; this module only lays tiles out. A system declares the format it
reads with the ``app.core.capabilities.HasTiles`` capability, and a library read in that format is a
:class:`TileSource`: for a tile id and a side it gives a geometry tile, a square
:class:`~app.geometry.tiles.TileGrid` or a :class:`~app.geometry.hextiles.HexTile`. :func:`build_tiled`
turns the placements of a :class:`TiledBoardSpec` into one board topology, its marks and the outline of every
placed tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.core.defaults import new_list
from app.core.i18n import Text
from app.geometry.hexgrid import HexGrid
from app.geometry.hextiles import HexPlacement, HexTile, assemble_hexes
from app.geometry.square import SquareGrid
from app.geometry.tiles import Mark, Placement, TileGrid, assemble
from app.geometry.topology import GeometryError, Loc, Point, Topology
from app.scenario.board_problems import BoardError, Problem, raise_problems
from app.scenario.tile_source import GeometryTile, TileLoader, TileSource

__all__ = [
    "GeometryTile",
    "TileError",
    "TileLoader",
    "TilePlacementSpec",
    "TileSource",
    "TiledBoardSpec",
    "TiledParts",
    "build_tiled",
]

Cell = tuple[int, int]


class TileError(BoardError):
    """A tile library cannot be read, or its tiles cannot be laid out as asked."""


class TilePlacementSpec(BaseModel):
    """One tile laid on the table."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    tile: str = Field(description="Tile id in the library.")
    side: Literal["A", "B"] = Field(description="Which printed side is up.")
    at: tuple[int, int] = Field(
        description="Square tiles: board square [x, y] of the placed (rotated) tile's top-left square; x right, y "
        "down, >= 0. Hex tiles: axial board hex [q, r] where the tile's own hex [0, 0] lies."
    )
    rotation: Literal[0, 60, 90, 120, 180, 240, 270, 300] = Field(
        0, description="Clockwise rotation in degrees (square tiles: 0, 90, 180, 270; hex tiles: multiples of 60)."
    )
    on_map: bool = Field(
        False, description="Extras only: lay the small tile on top of map squares (e.g. a supply dump)."
    )


class TiledBoardSpec(BaseModel):
    """A board assembled from the tiles of a library (``kind: "tiled"``)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    kind: Literal["tiled"] = Field(description="Board kind.")
    name_en: str = Field("", description="English board name.")
    name_zh: str = Field("", description="Chinese board name.")
    library: str = Field(
        description="Tile library reference, e.g. 'resources:tiles/sas_core.json' or a path in the scenario folder."
    )
    tiles: list[TilePlacementSpec] = Field(min_length=1, description="Map tiles (they make up the map).")
    extras: list[TilePlacementSpec] = Field(
        default_factory=new_list, description="Small tiles beside or on the map: spawn tiles, entry/exit, supply dumps."
    )

    @model_validator(mode="after")
    def _tiles_once(self) -> Self:
        problems: list[Problem] = []
        seen: set[str] = set()
        for index, placed in enumerate(self.tiles):
            if placed.tile in seen:
                problems.append((("tiles", index, "tile"), f"tile {placed.tile!r} is already on the board"))
            seen.add(placed.tile)
        problems += [
            (("tiles", i, "on_map"), "only extras can lie on the map") for i, t in enumerate(self.tiles) if t.on_map
        ]
        problems += [
            ((group, i, "at"), "board squares start at [0, 0]; leave room for edge tiles")
            for group, placements in (("tiles", self.tiles), ("extras", self.extras))
            for i, t in enumerate(placements)
            if min(t.at) < 0
        ]
        raise_problems("TiledBoardSpec", problems)
        return self


@dataclass(frozen=True)
class TiledParts:
    """A tiled board's geometry: the topology, marks by location, each placed tile's outline and, when the library
    names its tiles, each outline's printed name in both languages."""

    topology: Topology
    marks: dict[Loc, tuple[Mark, ...]]
    outlines: list[tuple[str, list[Point]]]
    names: dict[str, Text] = field(default_factory=dict)


def build_tiled(spec: TiledBoardSpec, library: TileSource) -> TiledParts:
    """Lay out the tiles of ``spec`` from ``library`` (square tiles, or hex tiles: not both).

    Raises:
        TileError: A tile or side is missing, a map tile is used as an extra or the other way round, or the
            tiles mix square and hex grids.
        GeometryError: The tiles overlap or a rotation does not suit the grid.
    """
    laid: list[tuple[TilePlacementSpec, GeometryTile, str]] = []
    for group, placements in (("tiles", spec.tiles), ("extras", spec.extras)):
        for index, placed in enumerate(placements):
            where = f"{group}.{index}"
            tile = _tile(library, placed, where, group == "tiles")
            laid.append((placed, tile, f"{where} ({placed.tile}/{placed.side})"))
    if all(isinstance(tile, HexTile) for _, tile, _ in laid):
        return replace(_build_hexes(laid), names=_names(spec, library))
    if any(isinstance(tile, HexTile) for _, tile, _ in laid):
        raise TileError(f"library {library.id!r} mixes square and hex tiles on one board")
    return replace(_build_squares(laid), names=_names(spec, library))


def _names(spec: TiledBoardSpec, library: TileSource) -> dict[str, Text]:
    """Each placed tile's ``"tile_id/side"`` with its printed name, when the library has a ``tile_title(tile_id,
    side)`` giving one in both languages (optional in :class:`TileSource`)."""
    title = getattr(library, "tile_title", None)
    if title is None:
        return {}
    return {f"{p.tile}/{p.side}": title(p.tile, p.side) for p in (*spec.tiles, *spec.extras)}


def _tile(library: TileSource, placed: TilePlacementSpec, where: str, map_tile: bool) -> GeometryTile:
    try:
        kind = library.tile_kind(placed.tile)
    except KeyError:
        raise TileError(f"{where}.tile: library {library.id!r} has no tile {placed.tile!r}") from None
    if (kind == "map") != map_tile:
        wanted = "a map tile" if map_tile else "a small tile (spawn, entry/exit, supply dump)"
        raise TileError(f"{where}.tile: {placed.tile!r} is a {kind} tile; expected {wanted}")
    if placed.side not in library.tile_sides(placed.tile):
        raise TileError(f"{where}.side: tile {placed.tile!r} has no side {placed.side}")
    return library.tile_grid(placed.tile, placed.side)


def _build_hexes(laid: list[tuple[TilePlacementSpec, GeometryTile, str]]) -> TiledParts:
    placements: list[HexPlacement] = []
    outlines: list[tuple[str, HexPlacement]] = []
    for spec, tile, name in laid:
        if isinstance(tile, HexTile):
            placements.append(HexPlacement(tile, spec.at, spec.rotation, name))
            outlines.append((f"{spec.tile}/{spec.side}", placements[-1]))
    grid, marks = assemble_hexes(placements)
    return TiledParts(grid, dict(marks.items()), [(name, _hex_outline(grid, p)) for name, p in outlines])


def _hex_outline(grid: HexGrid, placement: HexPlacement) -> list[Point]:
    """The outline of a placed hex tile, in order: the hexsides of its hexes that no other hex of it shares."""
    rims: dict[frozenset[Point], tuple[Point, Point]] = {}
    for h in placement.placed().terrain:
        corners = grid.polygon(h)
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            key = frozenset((a, b))
            if rims.pop(key, None) is None:
                rims[key] = (a, b)
    following = dict(rims.values())  # corners run clockwise, so each rim corner has one successor
    start = min(following)
    ring, at = [start], following[start]
    while at != start and len(ring) <= len(following):
        ring.append(at)
        at = following[at]
    return ring


def _build_squares(laid: list[tuple[TilePlacementSpec, GeometryTile, str]]) -> TiledParts:
    base: list[Placement] = []
    overlays: list[Placement] = []
    outlines: list[tuple[str, list[Point]]] = []
    for spec, tile, name in laid:
        if not isinstance(tile, TileGrid):
            continue
        if spec.rotation % 90:
            raise GeometryError(f"{name}: rotation {spec.rotation} is not a multiple of 90")
        placement = Placement(tile, spec.at, spec.rotation, name)
        (overlays if spec.on_map else base).append(placement)
        outlines.append((f"{spec.tile}/{spec.side}", _outline(placement)))
    grid, marks = assemble(base)
    if overlays:
        grid, marks = _lay_on_top(grid, marks, overlays)
    return TiledParts(grid, dict(marks.items()), outlines)


def _outline(placement: Placement) -> list[Point]:
    x, y = placement.origin
    w, h = placement.tile.width, placement.tile.height
    if placement.rotation in (90, 270):
        w, h = h, w
    return [(float(x), float(y)), (float(x + w), float(y)), (float(x + w), float(y + h)), (float(x), float(y + h))]


def _lay_on_top(
    grid: SquareGrid, marks: dict[Cell, tuple[Mark, ...]], overlays: Sequence[Placement]
) -> tuple[SquareGrid, dict[Cell, tuple[Mark, ...]]]:
    """Lay small tiles on top of map squares: their terrain, edges and marks replace what is below."""
    top, top_marks = assemble(overlays)
    terrain = {cell: grid.terrain(cell) for cell in grid.locations()}
    edges = {}
    for source in (grid, top):
        for cell in source.locations():
            for other in ((cell[0] + 1, cell[1]), (cell[0], cell[1] + 1)):
                features = source.edge_between(cell, other)
                if features:
                    edges[frozenset((cell, other))] = features
    merged = dict(marks)
    for cell in top.locations():
        if cell not in terrain:
            raise TileError(f"a tile laid on the map ({overlays[0].source}...) reaches off the map at {cell}")
        terrain[cell] = top.terrain(cell)
        merged.pop(cell, None)
    merged.update(top_marks)
    return SquareGrid(grid.width, grid.height, terrain, edges), merged
