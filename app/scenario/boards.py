"""Board files: tiled boards, hex maps and area maps, and building them into geometry (DESIGN §5, §6).

A board is data. ``BoardSpec`` is a discriminated union on ``kind``:

* ``"tiled"`` — :class:`~app.scenario.boards_tiled.TiledBoardSpec`, boards laid out from a tile library whose
  format a game system publishes (SAS's geomorphic tiles; square or hex tiles);
* ``"hex"`` — :class:`~app.scenario.boards_hex.HexMapSpec` (Typhoon, C&C: Ancients, LnLT);
* ``"area"`` — :class:`~app.scenario.boards_area.AreaMapSpec` (Third Reich).

:func:`build_board` turns a spec into a :class:`Board`: a ``Topology`` plus the marks printed on it,
road and railway paths, command sections and (for tiled boards) the outline of every placed tile. A tiled
board needs the reader of its library's format (``load_tiles``), which the game system supplies.
See docs/boards.md for the conventions and the legend.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from app.core.datafile import DataFileError, read_json_file
from app.core.i18n import Text
from app.geometry.tiles import Mark
from app.geometry.topology import GeometryError, Loc, Point, Topology
from app.scenario.board_problems import BoardError, first_problems
from app.scenario.boards_area import AreaLinkSpec, AreaMapSpec, AreaSpec, build_area_parts
from app.scenario.boards_hex import HexMapSpec, HexMarkSpec, HexsideSpec, SectionLines, build_hex_parts
from app.scenario.boards_tiled import (
    TiledBoardSpec,
    TileError,
    TileLoader,
    TilePlacementSpec,
    TileSource,
    build_tiled,
)
from app.scenario.loading import MAX_NUMBER

__all__ = [
    "AreaLinkSpec",
    "AreaMapSpec",
    "AreaSpec",
    "Board",
    "BoardError",
    "BoardFile",
    "BoardSpec",
    "HexMapSpec",
    "HexMarkSpec",
    "HexsideSpec",
    "SectionLines",
    "TileLoader",
    "TilePlacementSpec",
    "TileSource",
    "TiledBoardSpec",
    "build_board",
    "load_board_file",
]

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
        tile_names: For tiled boards whose library names its tiles, each outline's ``"tile_id/side"`` with the
            printed name and side in both languages (``Text``), for the window to paint in its language.
    """

    topology: Topology
    marks: dict[Loc, tuple[Mark, ...]]
    roads: list[list[Loc]]
    sections: dict[str, frozenset[Loc]]
    tile_outlines: list[tuple[str, list[Point]]]
    spec: BoardSpec
    railways: list[list[Loc]] = field(default_factory=list)
    tile_names: dict[str, Text] = field(default_factory=dict)


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
        raise BoardError(f"invalid board file {path}: {first_problems(exc)}") from exc


def build_board(spec: BoardSpec, resolve: Callable[[str], Path], load_tiles: TileLoader | None = None) -> Board:
    """Build the geometry and marks of a board.

    Args:
        spec: A validated board spec.
        resolve: Maps a resource reference (the tile library of a tiled board) to a file path; callers
            pass ``app.scenario.resources.resolve_ref`` bound to the scenario folder.
        load_tiles: Reads the tile library of a tiled board (the game system's
            :meth:`~app.core.capabilities.HasTiles.load_tile_library`); not needed for other boards.

    Returns:
        The built board.

    Raises:
        BoardError: A referenced library or tile is missing, or the pieces do not fit together.
    """
    try:
        if isinstance(spec, TiledBoardSpec):
            if load_tiles is None:
                raise BoardError("a tiled board needs the tile-library reader of its game system")
            parts = build_tiled(spec, load_tiles(resolve(spec.library)))
            return Board(parts.topology, parts.marks, [], {}, parts.outlines, spec, tile_names=parts.names)
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
    except (GeometryError, TileError) as exc:
        raise BoardError(str(exc)) from exc
