"""SAS map-tile libraries: the JSON models and their conversion to geometry tiles (SAS-BRD, SAS-TER).

A tile library (``format: "adjutant-tiles"``) lists double-sided tiles. Each side is drawn as rows of
legend characters (:data:`LEGEND`), edge features on square boundaries (low walls, hedges, building
walls, doors, windows, high walls — the edge model of the rules digest's OQ-7) and printed marks
(sentry points, patrol lines, guard and officer positions, spawn spots, …).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from app.core.datafile import DataFileError, clip, read_json_file
from app.core.defaults import new_list
from app.core.i18n import Text, localized
from app.geometry.tiles import Mark, TileGrid
from app.geometry.topology import EdgeFeature
from app.scenario.board_problems import Problem, first_problems, raise_problems
from app.scenario.boards_tiled import TileError
from app.scenario.loading import MAX_NUMBER
from app.systems.sas.tiles import checks as check
from app.systems.sas.tiles.checks import LEGEND, Square, parse_square

__all__ = [
    "LEGEND",
    "EdgeSpec",
    "MarkSpec",
    "TileLibrary",
    "TileSideSpec",
    "TileSpec",
    "load_tile_library",
    "mark_fields",
    "side_grid",
]

Side = Literal["N", "E", "S", "W"]
EdgeKind = Literal["low_wall", "hedge", "window", "door", "high_wall", "building_wall"]
MarkKind = Literal[
    "sentry",
    "patrol_start",
    "patrol_line",
    "guard",
    "officer",
    "spawn",
    "entry_exit",
    "vehicle_spot",
    "room",
    "objective",
    "fuel_barrel",
]
Colour = Literal["black", "white", "mixed"]

_SQUARE_PATTERN = r"^[A-Z][1-9][0-9]?$"
_SquareName = Field(pattern=_SQUARE_PATTERN, description="Square name: column letter + 1-based row ('A1' = top-left).")

# Per mark kind: (required fields, optional fields). Fields not listed must be left out.
_MARK_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "sentry": (frozenset({"at", "colour", "arrows", "solid"}), frozenset()),
    "patrol_start": (frozenset({"at", "colour", "arrows", "line"}), frozenset()),
    "patrol_line": (frozenset({"path", "colour", "line"}), frozenset()),
    "guard": (frozenset({"at", "facing"}), frozenset()),
    "officer": (frozenset({"at", "facing"}), frozenset()),
    "spawn": (frozenset({"at", "colour", "row"}), frozenset()),
    "entry_exit": (frozenset({"at"}), frozenset()),
    "vehicle_spot": (frozenset({"at", "facing"}), frozenset()),
    "room": (frozenset({"at", "label"}), frozenset({"label_zh"})),
    "objective": (frozenset({"at"}), frozenset({"label", "label_zh"})),
    "fuel_barrel": (frozenset({"at"}), frozenset()),
}
_MARK_OPTIONAL = ("at", "path", "colour", "arrows", "solid", "facing", "line", "row", "label", "label_zh")


def mark_fields(kind: str) -> frozenset[str]:
    """The fields a mark of ``kind`` takes besides ``kind`` (required and optional)."""
    required, optional = _MARK_FIELDS[kind]
    return required | optional


class EdgeSpec(BaseModel):
    """A feature on one side of a square, or a straight run of them (``from``/``to``)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True)

    at: str | None = Field(None, pattern=_SQUARE_PATTERN, description="Square whose side carries the feature.")
    from_: str | None = Field(
        None, alias="from", pattern=_SQUARE_PATTERN, description="First square of a straight run (instead of 'at')."
    )
    to: str | None = Field(None, pattern=_SQUARE_PATTERN, description="Last square of a straight run.")
    side: Side = Field(description="Side of the square(s): N, E, S or W.")
    kind: EdgeKind = Field(description="Edge feature: low_wall, hedge, window, door, high_wall or building_wall.")
    grapple: bool = Field(False, description="High walls only: a grapple symbol lets hooks climb here (SAS-TER-13).")

    @model_validator(mode="after")
    def _one_form(self) -> Self:
        if (self.at is None) == (self.from_ is None) or (self.from_ is None) != (self.to is None):
            raise ValueError("give either 'at', or both 'from' and 'to'")
        if self.grapple and self.kind != "high_wall":
            raise ValueError("'grapple' is only meaningful on a high_wall")
        if self.from_ is not None and self.to is not None:
            (x0, y0), (x1, y1) = parse_square(self.from_), parse_square(self.to)
            along_column = self.side in ("E", "W")
            if (along_column and x0 != x1) or (not along_column and y0 != y1):
                line = "column" if along_column else "row"
                raise ValueError(f"a run on the {self.side} side must stay in one {line}")
        return self

    def squares(self) -> tuple[Square, ...]:
        """Return the squares whose ``side`` carries this feature."""
        if self.at is not None:
            return (parse_square(self.at),)
        (x0, y0), (x1, y1) = parse_square(self.from_ or ""), parse_square(self.to or "")
        xs = range(min(x0, x1), max(x0, x1) + 1)
        ys = range(min(y0, y1), max(y0, y1) + 1)
        return tuple((x, y) for y in ys for x in xs)

    def feature(self) -> EdgeFeature:
        """Return the geometry edge feature (with ``grapple`` as a property when set)."""
        return EdgeFeature(self.kind, (("grapple", True),) if self.grapple else ())


class MarkSpec(BaseModel):
    """A printed mark: sentry point, patrol line or start, guard, officer, spawn spot, room name, …"""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    kind: MarkKind = Field(description="What is printed here.")
    at: str | None = Field(None, pattern=_SQUARE_PATTERN, description="Square of the mark (all kinds but patrol_line).")
    path: list[str] | None = Field(
        None, description="patrol_line only: the squares of the line in order, each next to the previous."
    )
    colour: Colour | None = Field(
        None, description="black or white (sentries, patrols, spawn spots); 'mixed' for mixed spawn tiles."
    )
    arrows: list[Side] | None = Field(None, description="Facing arrows of a sentry point or patrol start point.")
    solid: Side | None = Field(None, description="Sentry only: the solid arrow, the facing at setup (SAS-BRD-4).")
    facing: Side | None = Field(None, description="Guard, officer or vehicle spot: the printed facing.")
    line: str | None = Field(None, description="Patrol line id (unique within the tile side).")
    row: Literal["front", "back"] | None = Field(None, description="Spawn spot row (SAS-ADVB-2).")
    label: str | None = Field(None, description="Room name or objective label.")
    label_zh: str | None = Field(None, description="The label in Simplified Chinese (shown in the Chinese window).")

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> Self:
        required, optional = _MARK_FIELDS[self.kind]
        given = {name for name in _MARK_OPTIONAL if getattr(self, name) is not None}
        if missing := sorted(required - given):
            raise ValueError(f"a {self.kind} mark needs {missing}")
        if extra := sorted(given - required - optional):
            raise ValueError(f"a {self.kind} mark does not take {extra}")
        if self.colour == "mixed" and self.kind != "spawn":
            raise ValueError("only spawn spots can be 'mixed'")
        self._check_arrows()
        return self

    def _check_arrows(self) -> None:
        arrows = self.arrows or []
        if len(set(arrows)) != len(arrows):
            raise ValueError("arrows must not repeat")
        if self.kind == "sentry" and (not arrows or self.solid not in arrows):
            raise ValueError("a sentry point needs at least one arrow, and 'solid' must be one of them")
        if self.kind == "patrol_start" and len(arrows) != 1:
            raise ValueError("a patrol start point has exactly one arrow")
        if self.path is not None:
            if len(self.path) < 2:
                raise ValueError("a patrol line needs at least two squares")
            for name in self.path:
                parse_square(name)

    def squares(self) -> tuple[Square, ...]:
        """Return the mark's square, or the squares of a patrol line in order."""
        return tuple(parse_square(n) for n in self.path) if self.path else (parse_square(self.at or ""),)

    def props(self) -> dict[str, object]:
        """Return the properties carried onto geometry marks."""
        keys = ("colour", "solid", "line", "row", "label", "label_zh")
        found: dict[str, object] = {k: getattr(self, k) for k in keys if getattr(self, k) is not None}
        if self.facing is not None:
            found["facing"] = self.facing
        if self.kind == "patrol_start" and self.arrows:
            found["start_facing"] = self.arrows[0]
        return found


class TileSideSpec(BaseModel):
    """One printed side of a tile."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    rows: list[str] = Field(
        description="One string per row (top first), one legend character per square: "
        + ", ".join(f"'{c}' {t}" for c, t in LEGEND.items())
    )
    edges: list[EdgeSpec] = Field(default_factory=new_list, description="Features on square sides.")
    marks: list[MarkSpec] = Field(default_factory=new_list, description="Printed marks (sentries, patrols, …).")

    def problems(self, width: int, height: int) -> list[Problem]:
        """Return every inconsistency of this side for a tile of ``width`` × ``height`` squares."""
        found = check.check_rows(self.rows, width, height)
        indexed = [(i, e.squares(), e.side, e.kind) for i, e in enumerate(self.edges)]
        found += check.edges_inside(indexed, width, height)
        if found:
            return found
        edges, clashes = _edge_table(self.edges)
        marks = [(i, m.kind, m.squares(), m.props()) for i, m in enumerate(self.marks)]
        data = check.SideData(width, height, self.rows, edges, marks)
        found = clashes + check.check_marks_on_tile(data)
        if not found:
            found = check.check_buildings(data) + check.check_patrol_lines(data)
        return found


def _edge_table(
    edges: list[EdgeSpec],
) -> tuple[dict[tuple[int, int, str], tuple[str, int]], list[Problem]]:
    """Index edge specs by canonical edge (see :func:`_may_replace` for allowed overlaps)."""
    table: dict[tuple[int, int, str], tuple[str, int]] = {}
    clashes: list[Problem] = []
    for index, spec in enumerate(edges):
        for square in spec.squares():
            key = check.canonical_edge(square, spec.side)
            old = table.get(key)
            if old is not None and not _may_replace(old[0], spec):
                where = f"{check.square_name(square)} {spec.side}"
                clashes.append((("edges", index), f"edge {where} already has a {old[0]} (edges.{old[1]})"))
            table[key] = (spec.kind, index)
    return table, clashes


def _may_replace(old_kind: str, spec: EdgeSpec) -> bool:
    """Doors and windows may be cut into a building wall run, grapple points into a high wall run."""
    if old_kind == "building_wall":
        return spec.kind in ("door", "window")
    return old_kind == "high_wall" and spec.kind == "high_wall" and spec.grapple


class TileSpec(BaseModel):
    """A double-sided tile (map tile or small tile such as a spawn tile)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    id: str = Field(pattern=r"^[a-z0-9_]+$", description="Tile id, unique in the library.")
    name_en: str = Field(description="English name.")
    name_zh: str = Field(description="Chinese name.")
    size: tuple[int, int] = Field(description="[width, height] in squares.")
    kind: Literal["map", "spawn", "entry_exit", "supply_dump"] = Field(
        "map", description="map tiles count towards the mission size (SAS-MSN-3); the rest are small tiles."
    )
    sides: dict[Literal["A", "B"], TileSideSpec] = Field(description="The printed sides, keyed 'A' and 'B'.")

    @model_validator(mode="after")
    def _sides_fit(self) -> Self:
        width, height = self.size
        if not (1 <= width <= 26 and 1 <= height <= 99):
            raise_problems("TileSpec", [(("size",), "width must be 1..26 and height 1..99")])
        problems: list[Problem] = []
        for name, side in self.sides.items():
            problems += [(("sides", name, *loc), text) for loc, text in side.problems(width, height)]
        raise_problems("TileSpec", problems)
        return self


class TileLibrary(BaseModel):
    """A library of tiles (``format: adjutant-tiles``)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    format: Literal["adjutant-tiles"] = Field(description="File format marker.")
    schema_version: Literal[1] = Field(description="Schema version of this file.")
    id: str = Field(description="Library id.")
    name: str = Field(description="Human-readable library name.")
    tiles: list[TileSpec] = Field(description="The tiles.")

    @model_validator(mode="after")
    def _unique_ids(self) -> Self:
        seen: set[str] = set()
        for index, tile in enumerate(self.tiles):
            if tile.id in seen:
                raise_problems("TileLibrary", [(("tiles", index, "id"), f"duplicate tile id {tile.id!r}")])
            seen.add(tile.id)
        return self

    def tile(self, tile_id: str) -> TileSpec:
        """Return the tile with ``tile_id``.

        Raises:
            KeyError: If the library has no such tile.
        """
        for tile in self.tiles:
            if tile.id == tile_id:
                return tile
        raise KeyError(f"tile library {self.id!r} has no tile {tile_id!r}")

    def tile_kind(self, tile_id: str) -> str:
        """The kind of a tile: ``"map"`` (counts for SAS-MSN-3) or a small tile's kind (TileSource).

        Raises:
            KeyError: If the library has no such tile.
        """
        return self.tile(tile_id).kind

    def tile_sides(self, tile_id: str) -> tuple[str, ...]:
        """The printed sides of a tile (TileSource)."""
        return tuple(self.tile(tile_id).sides)

    def tile_title(self, tile_id: str, side: str) -> Text:
        """The tile's printed name and side in both languages ("Depot/A", "补给站/A"), painted on the board."""
        tile = self.tile(tile_id)
        return localized(f"{tile.name_en}/{side}", f"{tile.name_zh}/{side}")

    def tile_grid(self, tile_id: str, side: str) -> TileGrid:
        """Build the unrotated geometry tile for one side of a tile.

        Patrol line ids are qualified with the tile id (``"farm/b1"``) so they stay unique on a board.

        Raises:
            KeyError: If the tile or side does not exist.
        """
        tile = self.tile(tile_id)
        return side_grid(tile_id, tile.size, tile.sides[side])  # type: ignore[index]  # KeyError for a bad side


def side_grid(tile_id: str, size: tuple[int, int], spec: TileSideSpec) -> TileGrid:
    """The geometry of one tile side of ``size`` squares (unknown row characters read as regular ground).

    The tile editor also draws unfinished sides with it: ``spec`` may be built with ``model_construct`` from
    the edges and marks that are valid on their own.
    """
    width, height = size
    rows = spec.rows
    terrain = {
        (x, y): LEGEND.get(rows[y][x] if y < len(rows) and x < len(rows[y]) else ".", "regular")
        for y in range(height)
        for x in range(width)
    }
    placed: dict[tuple[int, int, str], tuple[tuple[int, int, str], EdgeFeature]] = {}
    for edge in spec.edges:
        for x, y in edge.squares():
            placed[check.canonical_edge((x, y), edge.side)] = ((x, y, edge.side), edge.feature())
    edges = {key: (feature,) for key, feature in placed.values()}
    return TileGrid(width, height, terrain, edges, _marks(tile_id, spec.marks))


def _marks(tile_id: str, specs: list[MarkSpec]) -> dict[tuple[int, int], tuple[Mark, ...]]:
    marks: dict[tuple[int, int], tuple[Mark, ...]] = {}
    for spec in specs:
        props: dict[str, Any] = spec.props()
        if "line" in props:
            props["line"] = f"{tile_id}/{props['line']}"
        squares = spec.squares()
        for index, square in enumerate(squares):
            directions: tuple[str, ...] = tuple(spec.arrows or ())
            extra: dict[str, object] = {}
            if spec.kind == "patrol_line":
                nxt = squares[index + 1] if index + 1 < len(squares) else None
                directions = () if nxt is None else (check.direction_between(square, nxt) or "",)
                extra["index"] = index
            elif spec.facing is not None:
                directions = (spec.facing,)
            mark = Mark(spec.kind, directions, tuple(sorted({**props, **extra}.items())))
            marks[square] = (*marks.get(square, ()), mark)
    return marks


_LIBRARIES: dict[Path, tuple[int, TileLibrary]] = {}


def load_tile_library(path: Path) -> TileLibrary:
    """Load and validate a tile library, cached by path (reloaded when the file changes).

    Raises:
        TileError: The file cannot be read or is not a valid tile library (the message names the file
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
        raise TileError(f"cannot read tile library {path}: {clip(str(exc))}") from exc
    except DataFileError as exc:
        raise TileError(f"cannot read tile library {exc}") from exc
    except ValidationError as exc:
        raise TileError(f"{path.name} is not a valid tile library: {first_problems(exc)}") from exc
    _LIBRARIES[key] = (stamp, library)
    return library
