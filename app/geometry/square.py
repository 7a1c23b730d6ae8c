"""Square grids (SAS boards): 8-neighbour adjacency, Chebyshev distance, features on square edges.

Square ``(x, y)``: x grows right, y grows down; the square occupies ``[x, x+1] x [y, y+1]`` and its centre
is ``(x + .5, y + .5)``. Walls, hedges, windows and doors lie on the edges between orthogonal neighbours.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from app.geometry.topology import EdgeFeature, GeometryError, Loc, Point, Segment

if TYPE_CHECKING:  # shapely costs ~130 ms to import (numpy): imported by the functions that need shapes
    import shapely

Cell = tuple[int, int]

DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
ORTHOGONAL = ("N", "E", "S", "W")
VECTORS: dict[str, Cell] = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}
_BY_VECTOR = {vector: name for name, vector in VECTORS.items()}


def step(loc: Loc, direction: str) -> Cell:
    """Return the square one step from ``loc`` in ``direction``.

    Args:
        loc: A square ``(x, y)``.
        direction: One of ``DIRECTIONS``.

    Returns:
        The neighbouring square (it may lie off the board).
    """
    x, y = cast(Cell, loc)
    dx, dy = VECTORS[direction]
    return (x + dx, y + dy)


def direction_between(a: Loc, b: Loc) -> str | None:
    """Return the direction from ``a`` to the adjacent square ``b``, or ``None`` if not adjacent."""
    ax, ay = cast(Cell, a)
    bx, by = cast(Cell, b)
    return _BY_VECTOR.get((bx - ax, by - ay))


def column_letters(x: int) -> str:
    """Return spreadsheet-style column letters: 0 -> ``"A"``, 25 -> ``"Z"``, 26 -> ``"AA"``."""
    letters = ""
    n = x + 1
    while n > 0:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


class SquareGrid:
    """A square-grid board (implements ``Topology``, ``kind == "square"``).

    Args:
        width: Board width in squares.
        height: Board height in squares.
        terrain: Terrain id of every square that exists (boards may have holes).
        edges: Features on edges between orthogonal neighbours, keyed by ``frozenset({a, b})``.
        labels: Printed names overriding the default ``"A1"`` style.

    Raises:
        GeometryError: A square lies outside ``width x height`` or an edge key is not an orthogonal pair.
    """

    kind: str = "square"

    def __init__(
        self,
        width: int,
        height: int,
        terrain: Mapping[Cell, str],
        edges: Mapping[frozenset[Cell], tuple[EdgeFeature, ...]] | None = None,
        labels: Mapping[Cell, str] | None = None,
    ) -> None:
        self.width = width
        self.height = height
        for x, y in terrain:
            if not (0 <= x < width and 0 <= y < height):
                raise GeometryError(f"square {(x, y)} lies outside the {width}x{height} board")
        self._terrain: dict[Cell, str] = dict(terrain)
        self._cells: tuple[Cell, ...] = tuple(sorted(self._terrain, key=lambda c: (c[1], c[0])))
        self._edges: dict[frozenset[Cell], tuple[EdgeFeature, ...]] = {}
        for key, features in (edges or {}).items():
            self._check_edge_key(key)
            self._edges[frozenset(key)] = tuple(features)
        self._labels: dict[Cell, str] = dict(labels or {})
        self._shapes: dict[Cell, shapely.Polygon] = {}
        self._neighbours: dict[Cell, tuple[Cell, ...]] = {}

    @staticmethod
    def _check_edge_key(key: frozenset[Cell]) -> None:
        pair = sorted(key)
        if len(pair) != 2 or direction_between(pair[0], pair[1]) not in ORTHOGONAL:
            raise GeometryError(f"edge {pair} is not between orthogonal neighbours")

    def locations(self) -> tuple[Cell, ...]:
        """Return every square, row by row (y, then x)."""
        return self._cells

    def contains(self, loc: Loc) -> bool:
        """Return whether square ``loc`` exists on this board."""
        return loc in self._terrain

    def neighbours(self, loc: Loc) -> tuple[Cell, ...]:
        """Return the existing squares among the 8 around ``loc``, in ``DIRECTIONS`` order."""
        cell = cast(Cell, loc)
        found = self._neighbours.get(cell)
        if found is None:
            x, y = cell
            near = ((x + dx, y + dy) for dx, dy in (VECTORS[d] for d in DIRECTIONS))
            found = tuple(n for n in near if n in self._terrain)
            self._neighbours[cell] = found
        return found

    def distance(self, a: Loc, b: Loc) -> int:
        """Return the Chebyshev distance (diagonal steps count 1)."""
        ax, ay = cast(Cell, a)
        bx, by = cast(Cell, b)
        return max(abs(ax - bx), abs(ay - by))

    def centre(self, loc: Loc) -> Point:
        """Return the centre ``(x + .5, y + .5)`` of square ``loc``."""
        x, y = cast(Cell, loc)
        return (x + 0.5, y + 0.5)

    def polygon(self, loc: Loc) -> list[Point]:
        """Return the 4 corners of square ``loc`` clockwise from the top-left."""
        x, y = cast(Cell, loc)
        return [(float(x), float(y)), (x + 1.0, float(y)), (x + 1.0, y + 1.0), (float(x), y + 1.0)]

    def shape(self, loc: Loc) -> shapely.Polygon:
        """Return the cached shapely polygon of square ``loc``."""
        cell = cast(Cell, loc)
        poly = self._shapes.get(cell)
        if poly is None:
            import shapely

            poly = shapely.Polygon(self.polygon(cell))
            self._shapes[cell] = poly
        return poly

    def terrain(self, loc: Loc) -> str:
        """Return the terrain id of square ``loc`` (``KeyError`` if it does not exist)."""
        return self._terrain[cast(Cell, loc)]

    def edge_between(self, a: Loc, b: Loc) -> tuple[EdgeFeature, ...]:
        """Return the features on the edge between orthogonal neighbours ``a`` and ``b``."""
        return self._edges.get(frozenset((cast(Cell, a), cast(Cell, b))), ())

    def edge_features(self, a: Loc, b: Loc) -> tuple[EdgeFeature, ...]:
        """Return edge features between ``a`` and ``b``; ``()`` for diagonal or distant squares."""
        return self.edge_between(a, b)

    def step_edges(self, a: Loc, b: Loc) -> tuple[tuple[Cell, Cell], ...]:
        """Return the edges a step from ``a`` to the adjacent ``b`` passes or grazes.

        An orthogonal step crosses one edge ``((a, b),)``. A diagonal step passes the shared corner: the
        four orthogonal edges meeting there are returned as ``(a, side_x), (a, side_y), (side_x, b),
        (side_y, b)`` so rules can decide whether the step slips past a wall corner.

        Raises:
            GeometryError: ``a`` and ``b`` are not adjacent.
        """
        ax, ay = cell_a = cast(Cell, a)
        bx, by = cell_b = cast(Cell, b)
        direction = direction_between(cell_a, cell_b)
        if direction is None:
            raise GeometryError(f"{cell_a} and {cell_b} are not adjacent")
        if direction in ORTHOGONAL:
            return ((cell_a, cell_b),)
        side_x, side_y = (bx, ay), (ax, by)
        return ((cell_a, side_x), (cell_a, side_y), (side_x, cell_b), (side_y, cell_b))

    def edge_segment(self, a: Loc, b: Loc) -> Segment:
        """Return the shared side of orthogonal neighbours (a degenerate corner segment for diagonals).

        Raises:
            GeometryError: ``a`` and ``b`` are not adjacent.
        """
        ax, ay = cast(Cell, a)
        bx, by = cast(Cell, b)
        if direction_between((ax, ay), (bx, by)) is None:
            raise GeometryError(f"{a} and {b} are not adjacent")
        x0, y0 = max(ax, bx), max(ay, by)
        if ax == bx:
            return ((float(ax), float(y0)), (ax + 1.0, float(y0)))
        if ay == by:
            return ((float(x0), float(ay)), (float(x0), ay + 1.0))
        return ((float(x0), float(y0)), (float(x0), float(y0)))

    def label(self, loc: Loc) -> str:
        """Return the printed name of ``loc``: column letters and 1-based row, e.g. ``(0, 0) -> "A1"``."""
        x, y = cell = cast(Cell, loc)
        return self._labels.get(cell) or f"{column_letters(x)}{y + 1}"

    def locate(self, x: float, y: float) -> Cell | None:
        """Return the square containing point ``(x, y)``, or ``None`` off the board."""
        cell = (math.floor(x), math.floor(y))
        return cell if cell in self._terrain else None

    def bounds(self) -> tuple[float, float, float, float]:
        """Return ``(0, 0, width, height)``."""
        return (0.0, 0.0, float(self.width), float(self.height))
