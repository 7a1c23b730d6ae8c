"""Consistency checks for one side of an SAS map tile (SAS-BRD, SAS-TER).

The checks work on plain data (rows of legend characters, edge and mark specs already reduced to
tuples) so that :mod:`app.systems.sas.tiles.library` can call them from a pydantic validator and report
every problem with the JSON path of the offending field.

Coordinates inside a tile are ``(x, y)`` with ``x`` to the right and ``y`` downwards, both 0-based;
square names are a column letter and a 1-based row ("A1" is the top-left square).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from app.geometry.square import ORTHOGONAL, VECTORS
from app.scenario.board_problems import Loc, Problem

Square = tuple[int, int]

LEGEND: dict[str, str] = {
    ".": "regular",
    ":": "road",
    "#": "rail",
    "~": "water",
    "T": "forest",
    "R": "rock",
    "B": "building",
    "C": "crate",
    "D": "supply_dump",
    "=": "bridge",
}
"""Tile row characters and the terrain name each one stands for (see docs/boards.md)."""

IMPASSABLE = frozenset({"water", "rock", "crate", "supply_dump"})
"""Terrain a patrolman cannot walk on (SAS-TER-2, SAS-TER-4, SAS-TER-9, SAS-TER-14)."""

ROOM_EDGES = frozenset({"building_wall", "door", "window"})
"""Edge kinds that may enclose a building (SAS-TER-10, SAS-TER-11, SAS-TER-12)."""

PATROL_BLOCKING_EDGES = frozenset({"building_wall", "high_wall", "hedge", "window"})
"""Edge kinds a patrol line may not step across."""

SIDE_STEP: dict[str, Square] = {side: VECTORS[side] for side in ORTHOGONAL}
DIRECTION_STEP: dict[str, Square] = dict(VECTORS)

_SQUARE_RE = re.compile(r"^([A-Z])([1-9][0-9]?)$")


def parse_square(name: str) -> Square:
    """Turn a square name such as ``"C3"`` into 0-based ``(x, y)``.

    Args:
        name: Column letter (A = left) followed by the 1-based row number (1 = top).

    Returns:
        The square's ``(x, y)`` coordinates inside its tile.

    Raises:
        ValueError: If the name is not a letter followed by a row number.
    """
    match = _SQUARE_RE.match(name)
    if match is None:
        raise ValueError(f"square name {name!r} is not a column letter and a row number (e.g. 'C3')")
    return ord(match.group(1)) - ord("A"), int(match.group(2)) - 1


def square_name(square: Square) -> str:
    """Return the tile-local name of ``square`` (inverse of :func:`parse_square`)."""
    return f"{chr(ord('A') + square[0])}{square[1] + 1}"


def direction_between(a: Square, b: Square) -> str | None:
    """Return the compass direction of the step from ``a`` to the neighbouring square ``b``."""
    step = (b[0] - a[0], b[1] - a[1])
    for name, delta in DIRECTION_STEP.items():
        if delta == step:
            return name
    return None


def canonical_edge(square: Square, side: str) -> tuple[int, int, str]:
    """Name an edge by the square west or north of it, so both spellings of an edge compare equal."""
    if side == "W":
        return square[0] - 1, square[1], "E"
    if side == "N":
        return square[0], square[1] - 1, "S"
    return square[0], square[1], side


@dataclass(frozen=True)
class SideData:
    """One tile side reduced to plain values for checking.

    Attributes:
        width: Tile width in squares.
        height: Tile height in squares.
        rows: One string per row of legend characters.
        edges: Canonical edge (see :func:`canonical_edge`) → (edge kind, index of the edge spec).
        marks: ``(index, kind, squares, props)`` per mark spec; ``squares`` is the mark's path.
    """

    width: int
    height: int
    rows: Sequence[str]
    edges: Mapping[tuple[int, int, str], tuple[str, int]]
    marks: Sequence[tuple[int, str, tuple[Square, ...], Mapping[str, object]]]

    def inside(self, square: Square) -> bool:
        """Return whether ``square`` lies on the tile."""
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height

    def terrain(self, square: Square) -> str:
        """Return the terrain name of an on-tile square."""
        return LEGEND[self.rows[square[1]][square[0]]]

    def edge_kind(self, square: Square, side: str) -> str | None:
        """Return the kind of the edge feature on ``side`` of ``square``, if any."""
        found = self.edges.get(canonical_edge(square, side))
        return None if found is None else found[0]


def check_rows(rows: Sequence[str], width: int, height: int) -> list[Problem]:
    """Check that the rows match the tile size and use only legend characters."""
    problems: list[Problem] = []
    if len(rows) != height:
        problems.append((("rows",), f"expected {height} rows for a tile {height} squares high, got {len(rows)}"))
    for index, row in enumerate(rows):
        if len(row) != width:
            problems.append((("rows", index), f"row {index + 1} has {len(row)} squares, expected {width}"))
        unknown = sorted(set(row) - set(LEGEND))
        if unknown:
            problems.append((("rows", index), f"unknown legend characters {unknown}; known: {sorted(LEGEND)}"))
    return problems


def check_buildings(data: SideData) -> list[Problem]:
    """Check that building squares are enclosed by walls, doors or windows (SAS-TER-10).

    Every side of a building square that faces a non-building square or the tile border must carry a
    building wall, door or window; and every such edge must touch at least one building square.
    """
    problems: list[Problem] = []
    for y in range(data.height):
        for x in range(data.width):
            if data.terrain((x, y)) != "building":
                continue
            for side, (dx, dy) in SIDE_STEP.items():
                other = (x + dx, y + dy)
                open_side = not data.inside(other) or data.terrain(other) != "building"
                if open_side and data.edge_kind((x, y), side) not in ROOM_EDGES:
                    where = square_name((x, y))
                    problems.append((("edges",), f"building square {where} is open on its {side} side"))
    problems.extend(_stray_room_edges(data))
    return problems


def _stray_room_edges(data: SideData) -> list[Problem]:
    problems: list[Problem] = []
    for (x, y, side), (kind, index) in data.edges.items():
        if kind not in ROOM_EDGES:
            continue
        dx, dy = SIDE_STEP[side]
        squares = [(x, y), (x + dx, y + dy)]
        if not any(data.inside(s) and data.terrain(s) == "building" for s in squares):
            problems.append((("edges", index, "kind"), f"{kind} must border a building square ('B')"))
    return problems


def check_patrol_lines(data: SideData) -> list[Problem]:
    """Check patrol lines (SAS-BRD-5): connected, walkable, two start points at the two ends."""
    problems: list[Problem] = []
    starts: dict[str, list[tuple[int, Square]]] = {}
    for index, kind, squares, props in data.marks:
        if kind == "patrol_start":
            starts.setdefault(str(props["line"]), []).append((index, squares[0]))
    for index, kind, squares, props in data.marks:
        if kind != "patrol_line":
            continue
        line = str(props["line"])
        problems.extend(_check_path(data, index, squares))
        found = starts.pop(line, [])
        ends = {squares[0], squares[-1]}
        if len(found) != 2 or {square for _, square in found} != ends:
            names = [square_name(s) for s in (squares[0], squares[-1])]
            problems.append((("marks", index, "path"), f"patrol line {line!r} needs start points at {names}"))
    for line, found in starts.items():
        problems.append((("marks", found[0][0], "line"), f"patrol start on unknown patrol line {line!r}"))
    return problems


def _check_path(data: SideData, index: int, squares: Sequence[Square]) -> list[Problem]:
    problems: list[Problem] = []
    if len(set(squares)) != len(squares):
        problems.append((("marks", index, "path"), "a patrol line may not visit a square twice"))
    for step, square in enumerate(squares):
        if data.inside(square) and data.terrain(square) in IMPASSABLE:
            problems.append((("marks", index, "path", step), f"{square_name(square)} is not walkable"))
    for step, (a, b) in enumerate(itertools.pairwise(squares)):
        direction = direction_between(a, b)
        if direction is None:
            problems.append(
                (("marks", index, "path", step + 1), f"{square_name(b)} is not next to the previous square")
            )
        elif direction in SIDE_STEP and data.edge_kind(a, direction) in PATROL_BLOCKING_EDGES:
            problems.append((("marks", index, "path", step + 1), f"the line crosses a {data.edge_kind(a, direction)}"))
    return problems


def check_marks_on_tile(data: SideData) -> list[Problem]:
    """Check that every mark lies on the tile, and units do not stand on impassable squares."""
    problems: list[Problem] = []
    for index, kind, squares, _props in data.marks:
        for step, square in enumerate(squares):
            field: Loc = ("marks", index, "path", step) if kind == "patrol_line" else ("marks", index, "at")
            if not data.inside(square):
                problems.append((field, f"{square_name(square)} is off the {data.width}x{data.height} tile"))
            elif kind != "room" and data.terrain(square) in IMPASSABLE:
                problems.append((field, f"a {kind} mark cannot stand on {data.terrain(square)}"))
    return problems


def edges_inside(edges: Iterable[tuple[int, tuple[Square, ...], str, str]], width: int, height: int) -> list[Problem]:
    """Check that edge specs (index, squares, side, kind) name squares on the tile."""
    problems: list[Problem] = []
    for index, squares, _side, _kind in edges:
        for square in squares:
            if not (0 <= square[0] < width and 0 <= square[1] < height):
                problems.append((("edges", index), f"{square_name(square)} is off the tile"))
    return problems
