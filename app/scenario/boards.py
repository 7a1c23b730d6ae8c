"""Board files: tiled SAS boards, hex maps and area maps, and building them into geometry (DESIGN §5, §6).

A board is data. ``BoardSpec`` is a discriminated union on ``kind``:

* ``"tiled"`` — :class:`TiledBoardSpec`, SAS boards laid out from a tile library (SAS-BRD-1);
* ``"hex"`` — :class:`~app.scenario.boards_hex.HexMapSpec` (Typhoon, C&C: Ancients, LnLT);
* ``"area"`` — :class:`~app.scenario.boards_area.AreaMapSpec` (Third Reich).

:func:`build_board` turns a spec into a :class:`Board`: a ``Topology`` plus the marks printed on it,
road and railway paths, command sections and (for tiled boards) the outline of every placed tile.
See docs/boards.md for the conventions and the legend.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from app.core.datafile import DataFileError, clip, read_json_file
from app.geometry.square import SquareGrid
from app.geometry.tiles import Mark, Placement, assemble
from app.geometry.topology import GeometryError, Loc, Point, Topology
from app.scenario.boards_area import AreaLinkSpec, AreaMapSpec, AreaSpec, build_area_parts
from app.scenario.boards_hex import HexMapSpec, HexMarkSpec, HexsideSpec, SectionLines, build_hex_parts
from app.scenario.boards_tilecheck import Problem
from app.scenario.boards_tiles import LEGEND, EdgeSpec, MarkSpec, TileLibrary, TileSideSpec, TileSpec, raise_problems
from app.scenario.loading import MAX_NUMBER

__all__ = [
    "LEGEND",
    "AreaLinkSpec",
    "AreaMapSpec",
    "AreaSpec",
    "Board",
    "BoardError",
    "BoardFile",
    "BoardSpec",
    "EdgeSpec",
    "HexMapSpec",
    "HexMarkSpec",
    "HexsideSpec",
    "MarkSpec",
    "SectionLines",
    "TileLibrary",
    "TilePlacementSpec",
    "TileSideSpec",
    "TileSpec",
    "TiledBoardSpec",
    "build_board",
    "load_board_file",
    "load_tile_library",
]

Cell = tuple[int, int]


class BoardError(ValueError):
    """A board file refers to something that does not exist or cannot be built."""


class TilePlacementSpec(BaseModel):
    """One tile laid on the table."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    tile: str = Field(description="Tile id in the library.")
    side: Literal["A", "B"] = Field(description="Which printed side is up.")
    at: tuple[int, int] = Field(
        description="Board square [x, y] of the placed (rotated) tile's top-left square; x right, y down, >= 0."
    )
    rotation: Literal[0, 90, 180, 270] = Field(0, description="Clockwise rotation in degrees.")
    on_map: bool = Field(
        False, description="Extras only: lay the small tile on top of map squares (e.g. a supply dump)."
    )

    @model_validator(mode="after")
    def _not_negative(self) -> Self:
        if min(self.at) < 0:
            raise_problems("TilePlacementSpec", [(("at",), "board squares start at [0, 0]; leave room for edge tiles")])
        return self


class TiledBoardSpec(BaseModel):
    """An SAS board assembled from tiles (``kind: "tiled"``, SAS-BRD-1)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    kind: Literal["tiled"] = Field(description="Board kind.")
    name_en: str = Field("", description="English board name.")
    name_zh: str = Field("", description="Chinese board name.")
    library: str = Field(
        description="Tile library reference, e.g. 'resources:tiles/sas_core.json' or a path in the scenario folder."
    )
    tiles: list[TilePlacementSpec] = Field(min_length=1, description="Map tiles (they count for SAS-MSN-3).")
    extras: list[TilePlacementSpec] = Field(
        default_factory=list, description="Small tiles: spawn tiles, entry/exit tile, supply dumps (SAS-BRD-1)."
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
        raise_problems("TiledBoardSpec", problems)
        return self


BoardSpec = Annotated[TiledBoardSpec | HexMapSpec | AreaMapSpec, Field(discriminator="kind")]
"""Any board description, told apart by its ``kind``."""


class BoardFile(BaseModel):
    """A stand-alone board file (``format: adjutant-board``) in ``resources/boards``."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    format: Literal["adjutant-board"] = Field(description="File format marker.")
    schema_version: Literal[1] = Field(description="Schema version of this file.")
    id: str = Field(pattern=r"^[a-z0-9_]+$", description="Board id.")
    system: str = Field(description="Game system id, e.g. sas, cca, typhoon, third_reich.")
    notes: str = Field("", description="Free text for designers.")
    board: BoardSpec = Field(description="The board.")


@dataclass(frozen=True)
class Board:
    """A built board.

    Attributes:
        topology: The geometry (``SquareGrid``, ``HexGrid`` or ``AreaMap``).
        marks: Marks by location (sentries, spawn spots, town names, area names, …).
        roads: Road paths as location lists (hex maps).
        sections: Command sections by name (C&C boards); empty otherwise.
        tile_outlines: For tiled boards, ``("tile_id/side", corner points)`` of every placed tile.
        spec: The spec the board was built from.
        railways: Railway paths as location lists (hex maps).
    """

    topology: Topology
    marks: dict[Loc, tuple[Mark, ...]]
    roads: list[list[Loc]]
    sections: dict[str, frozenset[Loc]]
    tile_outlines: list[tuple[str, list[Point]]]
    spec: BoardSpec
    railways: list[list[Loc]] = field(default_factory=list)


_LIBRARIES: dict[Path, tuple[int, TileLibrary]] = {}


def _first_problems(exc: ValidationError, limit: int = 3) -> str:
    """The first few problems as "path: message" (a wrong file can have hundreds)."""
    errors = exc.errors(include_url=False)
    shown = "; ".join(
        f"{'.'.join(str(p) for p in e['loc']) or '(top level)'}: {clip(e['msg'], 200)}" for e in errors[:limit]
    )
    more = f" (and {len(errors) - limit} more)" if len(errors) > limit else ""
    return shown + more


def load_tile_library(path: Path) -> TileLibrary:
    """Load and validate a tile library, cached by path (reloaded when the file changes).

    Raises:
        BoardError: The file cannot be read or is not a valid tile library (the message names the file
            and every JSON path with a problem).
    """
    try:
        key = path.resolve()
        stamp = key.stat().st_mtime_ns
        cached = _LIBRARIES.get(key)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        library = TileLibrary.model_validate(read_json_file(key, max_number=MAX_NUMBER))
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symlink loop
        raise BoardError(f"cannot read tile library {path}: {clip(str(exc))}") from exc
    except DataFileError as exc:
        raise BoardError(f"cannot read tile library {exc}") from exc
    except ValidationError as exc:
        raise BoardError(f"{path.name} is not a valid tile library: {_first_problems(exc)}") from exc
    _LIBRARIES[key] = (stamp, library)
    return library


def load_board_file(path: Path) -> BoardFile:
    """Load and validate a board file.

    Raises:
        BoardError: The file cannot be read or is invalid (the message names the file and JSON paths).
    """
    try:
        return BoardFile.model_validate(read_json_file(path, max_number=MAX_NUMBER))
    except DataFileError as exc:
        raise BoardError(f"cannot read board file {exc}") from exc
    except ValidationError as exc:
        raise BoardError(f"invalid board file {path}: {_first_problems(exc)}") from exc


def build_board(spec: BoardSpec, resolve: Callable[[str], Path]) -> Board:
    """Build the geometry and marks of a board.

    Args:
        spec: A validated board spec.
        resolve: Maps a resource reference (the tile library of a tiled board) to a file path; callers
            pass ``app.scenario.resources.resolve_ref`` bound to the scenario folder.

    Returns:
        The built board.

    Raises:
        BoardError: A referenced library or tile is missing, or the pieces do not fit together.
    """
    try:
        if isinstance(spec, TiledBoardSpec):
            return _build_tiled(spec, resolve)
        if isinstance(spec, HexMapSpec):
            hexes = build_hex_parts(spec)
            marks: dict[Loc, tuple[Mark, ...]] = dict(hexes.marks.items())
            roads: list[list[Loc]] = [list(p) for p in hexes.roads]
            rails: list[list[Loc]] = [list(p) for p in hexes.railways]
            sections: dict[str, frozenset[Loc]] = dict(hexes.sections)
            return Board(hexes.grid, marks, roads, sections, [], spec, rails)
        areas = build_area_parts(spec)
        area_marks: dict[Loc, tuple[Mark, ...]] = dict(areas.marks.items())
        return Board(areas.topology, area_marks, [], {}, [], spec)
    except GeometryError as exc:
        raise BoardError(str(exc)) from exc


def _build_tiled(spec: TiledBoardSpec, resolve: Callable[[str], Path]) -> Board:
    library = load_tile_library(resolve(spec.library))
    base: list[Placement] = []
    overlays: list[Placement] = []
    outlines: list[tuple[str, list[Point]]] = []
    for group, placements in (("tiles", spec.tiles), ("extras", spec.extras)):
        for index, placed in enumerate(placements):
            placement = _placement(library, placed, f"{group}.{index}", group == "tiles")
            (overlays if placed.on_map else base).append(placement)
            outlines.append((f"{placed.tile}/{placed.side}", _outline(placement)))
    grid, marks = assemble(base)
    if overlays:
        grid, marks = _lay_on_top(grid, marks, overlays)
    board_marks: dict[Loc, tuple[Mark, ...]] = dict(marks.items())
    return Board(grid, board_marks, [], {}, outlines, spec)


def _placement(library: TileLibrary, placed: TilePlacementSpec, where: str, map_tile: bool) -> Placement:
    try:
        tile = library.tile(placed.tile)
    except KeyError:
        raise BoardError(f"{where}.tile: library {library.id!r} has no tile {placed.tile!r}") from None
    if (tile.kind == "map") != map_tile:
        wanted = "a map tile" if map_tile else "a small tile (spawn, entry/exit, supply dump)"
        raise BoardError(f"{where}.tile: {placed.tile!r} is a {tile.kind} tile; expected {wanted}")
    if placed.side not in tile.sides:
        raise BoardError(f"{where}.side: tile {placed.tile!r} has no side {placed.side}")
    grid = library.tile_grid(placed.tile, placed.side)
    return Placement(grid, placed.at, placed.rotation, f"{where} ({placed.tile}/{placed.side})")


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
            raise BoardError(f"a tile laid on the map ({overlays[0].source}...) reaches off the map at {cell}")
        terrain[cell] = top.terrain(cell)
        merged.pop(cell, None)
    merged.update(top_marks)
    return SquareGrid(grid.width, grid.height, terrain, edges), merged
