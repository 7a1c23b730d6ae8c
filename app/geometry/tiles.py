"""Board tiles: small square grids placed on the table with a rotation (geomorphic square tiles, e.g. SAS's).

A tile is described in its own coordinates; ``assemble`` rotates each placed tile clockwise, shifts it to
its origin and merges everything into one ``SquareGrid`` plus the marks printed on the tiles. Hex tiles are
the same idea on a hex grid: :mod:`app.geometry.hextiles`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.geometry.square import DIRECTIONS, ORTHOGONAL, SquareGrid
from app.geometry.topology import EdgeFeature, GeometryError, merge_features

Cell = tuple[int, int]
EdgeKey = tuple[int, int, str]

ROTATING_PROPS = ("solid", "facing", "start_facing")


def rotate_direction(direction: str, quarter_turns: int) -> str:
    """Return ``direction`` turned clockwise by ``quarter_turns`` (N -> E -> S -> W, diagonals too)."""
    return DIRECTIONS[(DIRECTIONS.index(direction) + 2 * quarter_turns) % 8]


@dataclass(frozen=True)
class Mark:
    """Something printed on a tile square (a sentry, a door, an entry point).

    Attributes:
        kind: Mark kind, e.g. ``"sentry"``.
        directions: Directions the mark points to; they rotate with the tile.
        props: Extra data; values of keys in ``ROTATING_PROPS`` that are directions rotate with the tile.
    """

    kind: str
    directions: tuple[str, ...] = ()
    props: tuple[tuple[str, object], ...] = ()

    def rotated(self, quarter_turns: int) -> Mark:
        """Return this mark turned clockwise by ``quarter_turns``."""
        props = tuple(
            (key, rotate_direction(value, quarter_turns))
            if key in ROTATING_PROPS and isinstance(value, str) and value in DIRECTIONS
            else (key, value)
            for key, value in self.props
        )
        dirs = tuple(rotate_direction(d, quarter_turns) for d in self.directions)
        return Mark(self.kind, dirs, props)


def normalise_edge(key: EdgeKey) -> EdgeKey:
    """Return the canonical name of a square edge: ``(x, y, "E") -> (x + 1, y, "W")``, S -> N likewise."""
    x, y, side = key
    if side == "E":
        return (x + 1, y, "W")
    if side == "S":
        return (x, y + 1, "N")
    if side not in ORTHOGONAL:
        raise GeometryError(f"edge side {side!r} is not one of {ORTHOGONAL}")
    return key


def edge_cells(key: EdgeKey) -> tuple[Cell, Cell]:
    """Return the two squares separated by a canonical edge ``(x, y, "N" | "W")``."""
    x, y, side = normalise_edge(key)
    return ((x, y - 1), (x, y)) if side == "N" else ((x - 1, y), (x, y))


@dataclass(frozen=True)
class TileGrid:
    """One side of a board tile in its own coordinates.

    Attributes:
        width: Width in squares.
        height: Height in squares.
        terrain: Terrain id of every square of the tile.
        edges: Features by ``(x, y, side)``; ``(x, y, "E")`` and ``(x + 1, y, "W")`` name the same edge and
            are merged on construction (stored as ``N``/``W`` sides).
        marks: Marks printed on squares.
    """

    width: int
    height: int
    terrain: Mapping[Cell, str]
    edges: Mapping[EdgeKey, tuple[EdgeFeature, ...]]
    marks: Mapping[Cell, tuple[Mark, ...]]

    def __post_init__(self) -> None:
        for x, y in [*self.terrain, *self.marks]:
            if not (0 <= x < self.width and 0 <= y < self.height):
                raise GeometryError(f"square {(x, y)} lies outside the {self.width}x{self.height} tile")
        merged: dict[EdgeKey, tuple[EdgeFeature, ...]] = {}
        for key, features in self.edges.items():
            canon = normalise_edge(key)
            merged[canon] = merge_features(merged.get(canon, ()), tuple(features))
        object.__setattr__(self, "edges", merged)

    def _turn_cell(self, cell: Cell) -> Cell:
        x, y = cell
        return (self.height - 1 - y, x)

    def _turn_edge(self, key: EdgeKey) -> EdgeKey:
        x, y, side = key
        if side == "N":  # the top of (x, y) becomes the right side of the turned square
            return normalise_edge((*self._turn_cell((x, y)), "E"))
        return (*self._turn_cell((x, y)), "N")

    def _quarter_turn(self) -> TileGrid:
        return TileGrid(
            width=self.height,
            height=self.width,
            terrain={self._turn_cell(c): t for c, t in self.terrain.items()},
            edges={self._turn_edge(k): f for k, f in self.edges.items()},
            marks={self._turn_cell(c): tuple(m.rotated(1) for m in ms) for c, ms in self.marks.items()},
        )

    def rotated(self, quarter_turns: int) -> TileGrid:
        """Return the tile turned clockwise by ``quarter_turns`` (width and height swap for odd turns).

        Args:
            quarter_turns: Number of clockwise quarter turns (any int; taken modulo 4).

        Returns:
            The rotated tile (``self`` for a multiple of 4).
        """
        tile = self
        for _ in range(quarter_turns % 4):
            tile = tile._quarter_turn()
        return tile


@dataclass(frozen=True)
class Placement:
    """A tile laid on the table.

    Attributes:
        tile: The tile side used.
        origin: Board square of the rotated tile's top-left square.
        rotation: Clockwise rotation in degrees: 0, 90, 180 or 270.
        source: Tile id/side for messages, e.g. ``"tile 3B"``.
    """

    tile: TileGrid
    origin: Cell
    rotation: int = 0
    source: str = ""

    def name(self, index: int) -> str:
        """Return how messages name this placement."""
        return self.source or f"placement #{index + 1}"


def _placed(placement: Placement) -> TileGrid:
    if placement.rotation % 90 != 0:
        raise GeometryError(f"{placement.name(0)}: rotation {placement.rotation} is not a multiple of 90")
    return placement.tile.rotated(placement.rotation // 90)


def assemble(placements: Sequence[Placement]) -> tuple[SquareGrid, dict[Cell, tuple[Mark, ...]]]:
    """Build one board from placed tiles.

    Args:
        placements: The tiles laid on the table.

    Returns:
        The square grid and the marks by board square.

    Raises:
        GeometryError: Two tiles overlap (both placements are named), a rotation is not a multiple of 90,
            or a tile lies at negative coordinates.
    """
    terrain: dict[Cell, str] = {}
    owner: dict[Cell, int] = {}
    edges: dict[frozenset[Cell], tuple[EdgeFeature, ...]] = {}
    marks: dict[Cell, tuple[Mark, ...]] = {}
    for index, placement in enumerate(placements):
        tile, (ox, oy) = _placed(placement), placement.origin
        for (x, y), kind in tile.terrain.items():
            cell = (x + ox, y + oy)
            if cell in owner:
                other = placements[owner[cell]].name(owner[cell])
                raise GeometryError(f"{placement.name(index)} overlaps {other} at square {cell}")
            if cell[0] < 0 or cell[1] < 0:
                raise GeometryError(f"{placement.name(index)} lies at negative square {cell}")
            owner[cell], terrain[cell] = index, kind
        for key, features in tile.edges.items():
            (ax, ay), (bx, by) = edge_cells(key)
            pair = frozenset(((ax + ox, ay + oy), (bx + ox, by + oy)))
            edges[pair] = merge_features(edges.get(pair, ()), features)
        for (x, y), cell_marks in tile.marks.items():
            marks[(x + ox, y + oy)] = cell_marks
    width = max((x + 1 for x, _ in terrain), default=0)
    height = max((y + 1 for _, y in terrain), default=0)
    return SquareGrid(width, height, terrain, edges), marks
